"""The cards' follow-ups of fate points and aptitude: the reroll advice
table, the buttons it offers, +1 QL."""

from ...display.common import fig
from ...display.model import Action, Cell, Table
from ...display.words import and_list, number, pct_text
from .cards import _attribute_names, _skill_die_notes, _spend, _verdict


FATE_GROUP = "Spend a fate point: reroll"
APTITUDE_GROUP = "Aptitude: reroll one die"


def _dice_words(positions, names, faces):
    """'COU 15 + STR 16' (or 'die 1 (15) + die 3 (16)' when the attributes
    are not named): the dice a choice rerolls, with what they show."""
    if names is None:
        return " + ".join(f"die {p} ({faces[p - 1]})" for p in positions)
    return " + ".join(f"{names[p - 1]} {faces[p - 1]}" for p in positions)


def _advice_text(c, best):
    text = f"{pct_text(c['success_chance'])} success"
    if "expected_quality_level" in c:
        text += f", mean QL {number(c['expected_quality_level'])}"
    return f"Best: {text}" if best else text


def _advice_table(advice, names, faces, title):
    """The exact odds of every choice, best first, and of keeping the throw."""
    qls = [str(q) for q in range(1, 7)]
    rows = []
    keep_best = _rank_key(advice["keep"]) >= _rank_key(advice["choices"][0])
    advised = [] if keep_best else advice["best"]  # [] is the keep row's dice
    for c in [advice["keep"]] + advice["choices"]:
        head = "Keep the throw" if not c["dice"] else "Reroll " + _dice_words(c["dice"], names, faces)
        cells = [Cell(pct_text(c["success_chance"]), c["success_chance"],
                      strong=c["dice"] == advised),
                 Cell(number(c["expected_quality_level"]))]
        cells += [Cell(pct_text(c["quality_levels"][q]), c["quality_levels"][q]) for q in qls]
        rows.append((head, cells))
    return Table(title=f"{title}: the odds of each choice", key=f"advice_{advice['rule']}",
                 columns=["Choice", "Success", "Mean QL"] + [f"QL {q}" for q in qls], rows=rows,
                 notes=["Exact odds over the new dice, best first (ties: higher mean QL, then "
                        "fewer dice); mean QL counts a failure as 0."])


def _rank_key(c):
    return (c["success_chance"], c["expected_quality_level"])


def _reroll_actions(ctx, advice, names, faces, group):
    """A button for each reroll that beats keeping the throw (chance of
    success, then mean QL), the advised one first; the others stay in the
    table."""
    rule = advice["rule"]
    out = []
    keep = _rank_key(advice["keep"])
    for c in advice["choices"]:
        best = c["dice"] == advice["best"]
        if _rank_key(c) <= keep:
            continue
        out.append(Action(
            label=f"Reroll {_dice_words(c['dice'], names, faces)}",
            request=ctx.follow_up(reroll={"rule": rule, "dice": list(c["dice"])}, first_throw=list(faces)),
            group=group, detail=_advice_text(c, best), best=best,
            spend=_spend(ctx) if rule == "fate_point" else None))
    return out


def _skill_follow_ups(ctx, values, result, advice):
    """(actions, tables) a skill check's card offers: the rerolls with their
    advice, and +1 QL on a success."""
    names = values.get("names")
    faces = result.get("dice") or []
    actions, tables = [], []
    notes = []
    for rule, group in (("fate_point", FATE_GROUP), ("aptitude", APTITUDE_GROUP)):
        if rule in advice:
            offered = _reroll_actions(ctx, advice[rule], names, faces, group)
            actions += offered
            tables.append(_advice_table(advice[rule], names, faces, group))
            if not offered and not result["success"]:
                word = "a fate point" if rule == "fate_point" else "aptitude"
                notes.append(f"No reroll by {word} beats keeping the throw "
                             f"({_advice_text(advice[rule]['keep'], False)}).")
    if "fate_point" in advice and result["success"] and result["quality_level"] < 6:
        actions.append(Action(
            label=f"Spend a fate point: +1 QL (QL {result['quality_level'] + 1})",
            request=ctx.follow_up(fate_point_ql=True, first_throw=list(faces), reroll=None),
            spend=_spend(ctx)))
    return actions, tables, notes


def _first_throw_facts(values, result):
    """'First throw': the dice and verdict before a reroll; 'QL before'."""
    facts = []
    first = result.get("first")
    if first:
        facts.append(fig("First throw", f"{', '.join(str(f) for f in first['dice'])}: "
                                        f"{_verdict(first)}", "first"))
    if result.get("fate_point_ql"):
        facts.append(fig("QL before the fate point", result["quality_level_before"],
                         "quality_level_before"))
    return facts


def _reroll_note(values, result):
    reroll = result.get("reroll")
    if not reroll:
        return []
    names = _attribute_names(values.get("names"))
    which = and_list([f"the {names[p - 1]} die" for p in reroll["dice"]])
    if reroll["rule"] == "fate_point":
        return [f"A fate point rerolled {which}; the new values stand."]
    return [f"Aptitude rerolled {which}; the better (lower) value stands."]


def _reroll_die_notes(roll):
    """A die a reroll replaced says so (its SP no longer count); a new die
    aptitude set aside says the better value stood."""
    if roll.get("rerolled") and roll.get("kept") is False:
        return [f"EAV {roll['eav']}"] if "eav" in roll else []
    if roll.get("kept") is False:
        return ["set aside: the better value stands"]
    return _skill_die_notes(roll)


def _attribute_follow_ups(ctx, values, result, advice):
    advice = advice.get("fate_point")
    if not advice:
        return []
    c = advice["choices"][0]
    faces = [result["roll"]] + ([result["confirmation"]["value"]] if result.get("confirmation") else [])
    return [Action(label="Spend a fate point: reroll the die",
                   request=ctx.follow_up(reroll={"rule": "fate_point", "dice": [1]}, first_throw=faces),
                   group=FATE_GROUP, detail=_advice_text(c, False), spend=_spend(ctx))]
