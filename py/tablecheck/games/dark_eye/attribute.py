"""The attribute check: 1d20 against an attribute or combat value, a 1 or
a 20 confirmed; a fate point rerolls the die."""

from fractions import Fraction

from ...errors import InvalidRequest
from .fate_points import _advice_throw, _odds_read_no_throw, _positions, _throw_rules, reroll_rules
from .tables import ATTRIBUTE_OUTCOME_IDS, SIDES
from .throw import Throw, _refusal


def _passes(eav, face):
    """One d20 against an EAV: at or below it, and never a natural 20."""
    return face != SIDES and face <= eav


def attribute_outcome(eav, face, confirmation=None):
    """Outcome of an attribute check (EAV >= 1) from its die and, after a
    1 or a 20, the confirmation die."""
    if face == 1:
        return "critical_success" if _passes(eav, confirmation) else "success"
    if face == SIDES:
        return "failure" if _passes(eav, confirmation) else "botch"
    return "success" if face <= eav else "failure"


def _attribute_throw(throw, eav, label):
    """The die and, after a 1 or a 20, its confirmation roll."""
    die = throw.roll(label, info={"eav": eav})
    conf = None
    if die.value in (1, SIDES):
        conf = throw.roll("confirmation", confirmation=True, info={"eav": eav})
    return die, conf


def resolve_attribute(values, tray):
    value, modifier, name = values["value"], values["modifier"], values["name"]
    reroll = values.get("reroll")
    eav = value + modifier
    out = {"eav": eav, "modifier": modifier, "confirmation": None, "roll": None}
    if eav < 1:
        out.update(outcome="failure", success=False)
        return out
    label = f"{name} die" if name else "d20"
    throw = Throw(tray, values.get("first_throw"))
    die, conf = _attribute_throw(throw, eav, label)
    throw.done()
    outcome = attribute_outcome(eav, die.value, conf.value if conf else None)
    if reroll:
        _positions(reroll)
        if outcome == "botch":
            raise _refusal(tray, "reroll", "reroll_botch")
        out["first"] = {"outcome": outcome, "roll": die.value,
                        "confirmation": conf.value if conf else None}
        out["reroll"] = {"rule": "fate_point", "dice": [1]}
        die.rerolled, die.kept = True, False
        if conf:
            conf.kept = False
        die, conf = _attribute_throw(Throw(tray), eav, f"{label} (fate point)")
        outcome = attribute_outcome(eav, die.value, conf.value if conf else None)
    out["roll"] = die.value
    if conf:
        out["confirmation"] = conf.to_dict()
    out.update(outcome=outcome, success=outcome in ("critical_success", "success"))
    return out


def odds_attribute(values, dice=None):
    eav = values["value"] + values["modifier"]
    _odds_read_no_throw(values)
    if values.get("reroll") is not None:
        return _attribute_reroll_odds(values, dice, eav)
    return _attribute_odds(eav)


def _attribute_odds(eav):
    p = {"critical_success": Fraction(0), "success": Fraction(0),
         "failure": Fraction(0), "botch": Fraction(0)}
    if eav < 1:
        p["failure"] = Fraction(1)
    else:
        # P(confirmation passes) = P(face <= EAV and face != 20)
        conf = Fraction(min(eav, SIDES - 1), SIDES)
        die = Fraction(1, SIDES)
        middle = sum(1 for f in range(2, SIDES) if f <= eav)
        p["critical_success"] = die * conf
        p["success"] = die * (1 - conf) + Fraction(middle, SIDES)
        p["failure"] = Fraction(SIDES - 2 - middle, SIDES) + die * conf
        p["botch"] = die * (1 - conf)
    return {"outcomes": p, "eav": eav,
            "success_chance": p["critical_success"] + p["success"]}


def _attribute_reroll_odds(values, dice, eav):
    """A fate point on the throw on the table (api.md): the advice (its one
    choice, `keep`, `best`); `outcomes` are those after the reroll."""
    faces, where = _advice_throw(values, dice, _attribute_dice)
    conf = faces[1] if len(faces) > 1 else None
    if attribute_outcome(eav, faces[0], conf) == "botch":
        raise InvalidRequest(where, refusal=("reroll_botch", {}))
    advice = attribute_advice(eav, faces[0], conf)
    out = _attribute_odds(eav)
    out.update(choices=advice["choices"], keep=advice["keep"], best=advice["best"])
    return out


def _attribute_dice(faces):
    """The dice of an attribute throw: the die, and after a 1 or a 20 its
    confirmation roll."""
    return 2 if faces[0] in (1, SIDES) else 1


def attribute_rules(values):
    rolled = values["value"] + values["modifier"] >= 1
    reroll_rules(values, 1, rolled)
    _throw_rules(values, rolled, _attribute_dice)


def _attribute_entry(positions, outcomes):
    success = outcomes["critical_success"] + outcomes["success"]
    return {"dice": list(positions), "outcomes": outcomes, "success_chance": success}


def attribute_advice(eav, face, confirmation):
    """A fate point on an attribute check: its one choice (the die, rolled
    afresh with any confirmation it calls for) and the throw as it stands."""
    keep = {o: Fraction(0) for o in ATTRIBUTE_OUTCOME_IDS}
    keep[attribute_outcome(eav, face, confirmation)] = Fraction(1)
    choice = _attribute_entry((1,), _attribute_odds(eav)["outcomes"])
    return {"rule": "fate_point", "choices": [choice], "keep": _attribute_entry((), keep),
            "best": [1]}


def attribute_follow_ups(values, result):
    """{"fate_point": advice} for a failed attribute check (a success can
    only hope for a confirmed 1, a botch cannot be rerolled)."""
    if values.get("reroll") or result.get("roll") is None or result["outcome"] != "failure":
        return {}
    conf = result.get("confirmation")
    return {"fate_point": attribute_advice(result["eav"], result["roll"], conf["value"] if conf else None)}
