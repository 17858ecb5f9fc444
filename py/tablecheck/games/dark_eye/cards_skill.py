"""The skill check's card (with its reroll and +1 QL follow-ups) and odds
view."""

from ...display.common import chart, fig, headline, line, outcome_rows
from ...display.model import Card, OddsView
from ...display.words import number, pct_text, signed
from .cards import (SHORT, _eav_list, _modded, _skill_dice, _skill_notes, _verdict, skill_what,
                    with_skill_names)
from .cards_fate_points import (APTITUDE_GROUP, FATE_GROUP, _advice_table, _dice_words,
                                _first_throw_facts, _rank_key, _reroll_die_notes, _reroll_note,
                                _skill_follow_ups)


def skill_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    outcome = result["outcome"]
    subject = ctx.name("")
    what = skill_what(ctx, values)
    rolls = result.get("rolls", [])
    facts = []
    key = None
    if result["success"]:
        key = fig("QL", result["quality_level"], "quality_level")
        facts.append(fig("SP left", result["points_left"], "points_left"))
    elif outcome == "failure" and not result.get("automatic"):
        facts.append(fig("SP short", result.get("points_short", 0), "points_short"))
    if not result.get("dice"):  # no die shows its EAV under it
        facts.append(fig("EAVs", _eav_list(result["eav"], values.get("names")), "eav"))
    facts += _first_throw_facts(values, result)
    standing = [d for d in rolls if d.get("kept") is not False]
    notes = _skill_notes(result, standing) + _reroll_note(values, result)
    if result.get("attempt", 1) > 1:
        penalty = signed(-(result["attempt"] - 1))
        facts.append(fig("Attempt", f"{result['attempt']} ({penalty} on every EAV)", "attempt"))
    actions, tables, advice_notes = _skill_follow_ups(ctx, values, result)
    notes += advice_notes
    outcome_text, key_text = _skill_line(result)
    if result.get("reroll"):
        after = " after " + ("a fate point" if result["reroll"]["rule"] == "fate_point" else "aptitude")
        if result["success"]:
            outcome_text += after
        else:  # 'failure after aptitude, 4 SP short'
            head, _, tail = outcome_text.partition(", ")
            outcome_text, key_text = head + after, tail or key_text
    if result.get("fate_point_ql"):
        key_text += " (+1 from a fate point)"
    dice = _skill_dice(rolls, [(range(min(3, len(rolls))), values.get("names"))])
    for view, roll in zip(dice, rolls):
        if result.get("reroll"):
            view.notes = [n for n in _reroll_die_notes(roll) + _generic_flags(roll) if n]
    modded, mod_facts = _modded(what or ctx.check_label, values)
    return Card(
        title=ctx.title_for(what),
        subject=subject,
        headline=headline(ctx, outcome),
        key=key,
        facts=facts + mod_facts,
        notes=notes,
        line=line(subject, modded, outcome_text, key_text),
        dice=dice,
        actions=actions,
        tables=tables,
    )


def _generic_flags(roll):
    if roll.get("rerolled"):
        return ["rerolled"]
    return []


def _skill_line(r):
    """(outcome text, key text) of a skill check's history line."""
    if r["success"]:
        return SHORT[r["outcome"]], f"QL {r['quality_level']}"
    return _verdict(r), None


def skill_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    notes = []
    if min(odds["eav"]) < 1:
        notes.append("An EAV is below 1: the check always fails.")
    what = skill_what(ctx, values)
    figures = [
        fig("Chance of success", pct_text(odds["success_chance"]), "success_chance"),
        fig("Expected QL", number(odds["expected_quality_level"]), "expected_quality_level"),
        fig("EAV", _eav_list(odds["eav"], values.get("names")), "eav"),
    ]
    tables = []
    if "choices" in odds:  # "which dice should I reroll?" for the throw on the table
        names = values.get("names")
        faces = values.get("first_throw") or [int(f) for f in (ctx.request.get("dice") or [])]
        group = FATE_GROUP if odds["rule"] == "fate_point" else APTITUDE_GROUP
        tables.append(_advice_table(odds, names, faces, group))
        best = odds["choices"][0]
        keep_best = _rank_key(odds["keep"]) >= _rank_key(best)
        figures.insert(0, fig("Best choice", "Keep the throw" if keep_best
                              else "Reroll " + _dice_words(odds["best"], names, faces), "best"))
        notes.append(f"The outcomes are those after rerolling {_dice_words(odds['rerolled'], names, faces)}.")
    return OddsView(
        title=f"{what}: chance of each outcome" if what else "Chance of each outcome",
        outcomes=outcome_rows(ctx, odds),
        figures=figures,
        charts=[chart("Quality level (QL)", odds["quality_levels"], "quality_levels")],
        tables=tables,
        notes=notes + ["Expected QL counts a failed check as 0."],
    )
