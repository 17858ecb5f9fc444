"""The skill check: 3d20 against three EAVs, the skill rating's SP cover
failed dice, the SP left give the QL; retries add -1 each."""

from ...errors import InvalidRequest
from .fate_points import (_advice_throw, _odds_read_no_throw, _positions, _raise_ql, _reroll_skill,
                          _throw_rules, reroll_rules, skill_advice)
from .tables import SIDES
from .terms import KIND
from .throw import Throw, _names, _skill_odds_from_dist, classify_skill, roll_skill, skill_dist


def _retry_modifier(values):
    return values["modifier"] - (values.get("attempt", 1) - 1)


def resolve_skill(values, tray):
    attrs, rating, attempt = values["attributes"], values["rating"], values["attempt"]
    modifier = _retry_modifier(values)
    reroll = values.get("reroll")
    eavs = [a + modifier for a in attrs]
    names = _names(values["names"])
    throw = Throw(tray, values.get("first_throw"))
    r = roll_skill(tray, eavs, rating, values["names"], throw=throw)
    if not r.automatic:
        throw.done()
    first = positions = None
    if reroll:
        first, positions = r, _positions(reroll)
        r = _reroll_skill(tray, r, reroll["rule"], positions, eavs, rating, names)
    before = r.quality_level
    if values.get("fate_point_ql"):
        _raise_ql(tray, r)
    out = r.to_dict()
    out.update(modifier=modifier, attempt=attempt)
    if first is not None:
        out["first"] = first.to_dict()
        out["reroll"] = {"rule": reroll["rule"], "dice": positions}
    if values.get("fate_point_ql"):
        out["fate_point_ql"] = True
        out["quality_level_before"] = before
    return out


def odds_skill(values, dice=None):
    attrs, rating = values["attributes"], values["rating"]
    modifier = _retry_modifier(values)
    eavs = tuple(a + modifier for a in attrs)
    _odds_read_no_throw(values)
    outcomes, qls = _skill_odds_from_dist(skill_dist(eavs, rating))
    success = sum(p for o, p in outcomes.items() if KIND[o] in ("critical", "success"))
    expected = sum(int(q) * p for q, p in qls.items())
    out = {"outcomes": outcomes, "quality_levels": qls, "eav": list(eavs),
           "modifier": modifier, "success_chance": success,
           "expected_quality_level": expected}
    if values.get("reroll") is not None:
        out.update(_skill_reroll_odds(values, dice, eavs, rating))
    return out


def _skill_reroll_odds(values, dice, eavs, rating):
    """"Which dice should I reroll?" (api.md): `choices` best first, `keep`,
    `best`; `outcomes` and `quality_levels` are those of the named dice, or
    of the best choice when none are named."""
    reroll = values["reroll"]
    faces, where = _advice_throw(values, dice, _skill_dice)
    ones, twenties = faces.count(1), faces.count(SIDES)
    cost = sum(max(0, f - e) for f, e in zip(faces, eavs))
    if KIND[classify_skill(ones, twenties, cost, rating)[0]] == "botch":
        raise InvalidRequest(where, refusal=("reroll_botch", {}))
    advice = skill_advice(eavs, rating, faces, reroll["rule"])
    pick = advice["choices"][0]
    if reroll.get("dice"):
        chosen = _positions(reroll)
        pick = next(c for c in advice["choices"] if c["dice"] == chosen)
    out = {k: pick[k] for k in ("outcomes", "quality_levels", "success_chance",
                                 "expected_quality_level")}
    out.update(choices=advice["choices"], keep=advice["keep"], best=advice["best"],
               rule=reroll["rule"], rerolled=pick["dice"])
    return out


def _skill_dice(faces):
    return 3


def skill_rules(values):
    rolled = min(values["attributes"]) + _retry_modifier(values) >= 1
    reroll_rules(values, 3, rolled)
    _throw_rules(values, rolled, _skill_dice)
