"""The cards' follow-ups of fate points and aptitude: the reroll advice
table, the buttons it offers, +1 QL."""

from ...display.common import fig
from ...display.model import Action, Cell, Table
from ...display.words import and_list, number, pct_text
from .cards import _attribute_names, _skill_die_notes, _spend, _verdict, shown_names
from .cards_words import EN, words

FATE_GROUP = EN["fate_group"]
APTITUDE_GROUP = EN["aptitude_group"]


def groups(w):
    """(the fate point's group of buttons, aptitude's) in the words `w`."""
    return w["fate_group"], w["aptitude_group"]


def _dice_words(positions, names, faces, w=EN):
    """'COU 15 + STR 16' (or 'die 1 (15) + die 3 (16)' when the attributes
    are not named): the dice a choice rerolls, with what they show."""
    if names is None:
        return " + ".join(w["die_n"].format(n=p, face=faces[p - 1]) for p in positions)
    names = shown_names(names, w)
    return " + ".join(f"{names[p - 1]} {faces[p - 1]}" for p in positions)


def _advice_text(c, best, w=EN):
    lang = w["lang"]
    text = w["advice_success"].format(pct=pct_text(c['success_chance'], lang))
    if "expected_quality_level" in c:
        text += w["advice_mean"].format(mean=number(c['expected_quality_level'], lang=lang))
    return w["advice_best"].format(text=text) if best else text


def _advice_table(advice, names, faces, title, w=EN):
    """The exact odds of every choice, best first, and of keeping the throw."""
    lang = w["lang"]
    qls = [str(q) for q in range(1, 7)]
    rows = []
    keep_best = _rank_key(advice["keep"]) >= _rank_key(advice["choices"][0])
    advised = [] if keep_best else advice["best"]  # [] is the keep row's dice
    for c in [advice["keep"]] + advice["choices"]:
        head = (w["keep_throw"] if not c["dice"]
                else w["reroll_dice"].format(dice=_dice_words(c["dice"], names, faces, w)))
        cells = [Cell(pct_text(c["success_chance"], lang), c["success_chance"],
                      strong=c["dice"] == advised),
                 Cell(number(c["expected_quality_level"], lang=lang))]
        cells += [Cell(pct_text(c["quality_levels"][q], lang), c["quality_levels"][q]) for q in qls]
        rows.append((head, cells))
    return Table(title=w["advice_title"].format(title=title), key=f"advice_{advice['rule']}",
                 columns=w["advice_columns"] + [w["ql"].format(ql=q) for q in qls], rows=rows,
                 notes=[w["advice_note"]])


def _rank_key(c):
    return (c["success_chance"], c["expected_quality_level"])


def _reroll_actions(ctx, advice, names, faces, group, w):
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
            label=w["reroll_dice"].format(dice=_dice_words(c['dice'], names, faces, w)),
            request=ctx.follow_up(reroll={"rule": rule, "dice": list(c["dice"])}, first_throw=list(faces)),
            group=group, detail=_advice_text(c, best, w), best=best,
            spend=_spend(ctx) if rule == "fate_point" else None))
    return out


def _skill_follow_ups(ctx, values, result, advice):
    """(actions, tables) a skill check's card offers: the rerolls with their
    advice, and +1 QL on a success."""
    w = words(ctx.locale)
    names = values.get("names")
    faces = result.get("dice") or []
    actions, tables = [], []
    notes = []
    for rule, group in zip(("fate_point", "aptitude"), groups(w)):
        if rule in advice:
            offered = _reroll_actions(ctx, advice[rule], names, faces, group, w)
            actions += offered
            tables.append(_advice_table(advice[rule], names, faces, group, w))
            if not offered and not result["success"]:
                word = w["s_a_fate_point"] if rule == "fate_point" else w["s_aptitude"]
                notes.append(w["no_reroll_beats"].format(
                    rule=word, text=_advice_text(advice[rule]['keep'], False, w)))
    if "fate_point" in advice and result["success"] and result["quality_level"] < 6:
        actions.append(Action(
            label=w["fate_ql"].format(ql=result['quality_level'] + 1),
            request=ctx.follow_up(fate_point_ql=True, first_throw=list(faces), reroll=None),
            spend=_spend(ctx)))
    return actions, tables, notes


def _first_throw_facts(values, result, w=EN):
    """'First throw': the dice and verdict before a reroll; 'QL before'."""
    facts = []
    first = result.get("first")
    if first:
        facts.append(fig(w["first_throw"], f"{', '.join(str(f) for f in first['dice'])}: "
                                           f"{_verdict(first, w)}", "first"))
    if result.get("fate_point_ql"):
        facts.append(fig(w["ql_before"], result["quality_level_before"], "quality_level_before"))
    return facts


def _reroll_note(values, result, w=EN):
    reroll = result.get("reroll")
    if not reroll:
        return []
    names = _attribute_names(values.get("names"), w)
    which = and_list([w["the_die"].format(name=names[p - 1]) for p in reroll["dice"]], w["and"])
    if reroll["rule"] == "fate_point":
        return [w["note_fate_rerolled"].format(which=which)]
    return [w["note_aptitude_rerolled"].format(which=which)]


def _reroll_die_notes(roll, w=EN):
    """A die a reroll replaced says so (its SP no longer count); a new die
    aptitude set aside says the better value stood."""
    if roll.get("rerolled") and roll.get("kept") is False:
        return [w["eav_n"].format(eav=roll["eav"])] if "eav" in roll else []
    if roll.get("kept") is False:
        return [w["set_aside_better"]]
    return _skill_die_notes(roll, w)


def _attribute_follow_ups(ctx, values, result, advice):
    advice = advice.get("fate_point")
    if not advice:
        return []
    w = words(ctx.locale)
    c = advice["choices"][0]
    faces = [result["roll"]] + ([result["confirmation"]["value"]] if result.get("confirmation") else [])
    return [Action(label=w["fate_reroll_die"],
                   request=ctx.follow_up(reroll={"rule": "fate_point", "dice": [1]}, first_throw=faces),
                   group=w["fate_group"], detail=_advice_text(c, False, w), spend=_spend(ctx))]
