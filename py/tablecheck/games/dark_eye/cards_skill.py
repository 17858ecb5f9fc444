"""The skill check's card (with its reroll and +1 QL follow-ups) and odds
view."""

from ...display.common import chart, fig, headline, line, outcome_rows
from ...display.model import Card, OddsView
from ...display.words import and_list, cap, number, pct_text, signed
from .cards import (SHORT, _attribute_names, _eav_list, _eav_text, _modded, _skill_dice, _skill_notes,
                    _sp, _verdict, skill_what, throw_steps, with_skill_names, with_verdict)
from .cards_fate_points import (APTITUDE_GROUP, FATE_GROUP, _advice_table, _dice_words,
                                _first_throw_facts, _rank_key, _reroll_die_notes, _reroll_note,
                                _skill_follow_ups)


def skill_card(ctx, values, result, advice):
    """The card; `advice`: {rule: advice} of the rerolls the rules allow
    (fate_points.skill_follow_ups), handed in by the wiring."""
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
    actions, tables, advice_notes = _skill_follow_ups(ctx, values, result, advice)
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


# -- the sentences of a result (Check.words) ----------------------------------------
def _reroll_steps(values, result):
    """A reroll's sentences: what it rerolls, and each die's new value (a
    new die set aside by aptitude leaves the old one standing)."""
    reroll, first = result["reroll"], result["first"]
    names = _attribute_names(values["names"])
    which = and_list([f"the {names[p - 1]} die" for p in reroll["dice"]])
    if reroll["rule"] == "fate_point":
        steps = [f"A fate point (FtP) rerolls {which}; the new values stand."]
    else:
        steps = [f"Aptitude rerolls {which}; the better (lower) value stands."]
    new_dice = result["rolls"][len(first["dice"]):]
    for p, new in zip(reroll["dice"], new_dice):
        old, name = first["dice"][p - 1], cap(names[p - 1])
        if new["kept"] is False:
            steps.append(f"{name} die {old} rerolled: {new['value']}; the {old} stands.")
        else:
            steps.append(f"{name} die {old} rerolled: {new['value']}.")
    return steps


def skill_words(values, result, read):
    """Check.words: the summary and steps of a skill check's record
    (`read`: cards.RulesRead)."""
    attempt, rating, names = result["attempt"], values["rating"], values["names"]
    steps = []
    if attempt > 1:
        on_top = f" on top of the modifier {signed(values['modifier'])}" if values["modifier"] else ""
        steps.append(f"Attempt {attempt}: a retry penalty of -{attempt - 1}{on_top}.")
    steps.append(_eav_text(values["attributes"], [values["modifier"], -(attempt - 1)], names))
    steps.append(f"SR {rating}: {_sp(rating)} to spend.")
    reroll = result.get("reroll")
    if reroll:
        steps += throw_steps(result["first"], names, read)
        steps += _reroll_steps(values, result)
    if result.get("fate_point_ql"):  # the throw as it fell, before the fate point
        steps += throw_steps(dict(result, quality_level=result["quality_level_before"]), names, read)
    else:
        steps += throw_steps(result, names, read)
    if result.get("fate_point_ql"):
        steps.append(f"A fate point (FtP) raises the QL by 1: QL {result['quality_level_before']} -> "
                     f"{result['quality_level']}.")
    if result.get("automatic"):
        summary = "Failure: an EAV is below 1, so the check fails automatically"
        summary += " and no further attempt is possible." if attempt > 1 else "."
    elif result["success"]:
        summary = f"{cap(with_verdict(result))} ({_sp(result['points_left'])} left)."
    else:
        summary = f"{cap(with_verdict(result))}."
    if result.get("fate_point_ql"):
        summary = summary[:-1] + f"; QL {result['quality_level_before']} + 1 from a fate point."
    if reroll:
        summary = f"After {'a fate point' if reroll['rule'] == 'fate_point' else 'aptitude'}: {summary}"
    return {"summary": summary, "steps": steps}
