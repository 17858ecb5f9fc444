"""The skill check's card (with its reroll and +1 QL follow-ups) and odds
view."""

from ...display.common import chart, fig, headline, line, outcome_rows
from ...display.model import Card, OddsView
from ...display.words import and_list, cap, number, pct_text, signed
from .cards import (_attribute_names, _eav_list, _eav_text, _modded, _skill_dice, _skill_notes,
                    _sp, _verdict, skill_what, throw_steps, with_skill_names, with_verdict)
from .cards_fate_points import (_advice_table, _dice_words, _first_throw_facts, _rank_key,
                                _reroll_die_notes, _reroll_note, _skill_follow_ups, groups)
from .cards_words import EN, words


def skill_card(ctx, values, result, advice):
    """The card; `advice`: {rule: advice} of the rerolls the rules allow
    (fate_points.skill_follow_ups), handed in by the wiring; None: the
    card without its follow-ups, their table and notes, `later` set (they
    come with the whole card, api.resolve's `card_first`)."""
    ctx = with_skill_names(ctx, values)
    w = words(ctx.locale)
    outcome = result["outcome"]
    subject = ctx.name("")
    what = skill_what(ctx, values)
    rolls = result.get("rolls", [])
    facts = []
    key = None
    if result["success"]:
        key = fig(w["s_ql"], result["quality_level"], "quality_level")
        facts.append(fig(w["s_sp_left"], result["points_left"], "points_left"))
    elif outcome == "failure" and not result.get("automatic"):
        facts.append(fig(w["s_sp_short"], result.get("points_short", 0), "points_short"))
    if not result.get("dice"):  # no die shows its EAV under it
        facts.append(fig(w["s_eavs"], _eav_list(result["eav"], values.get("names"), w), "eav"))
    facts += _first_throw_facts(values, result, w)
    standing = [d for d in rolls if d.get("kept") is not False]
    notes = _skill_notes(result, standing, w) + _reroll_note(values, result, w)
    if result.get("attempt", 1) > 1:
        penalty = signed(-(result["attempt"] - 1))
        facts.append(fig(w["s_attempt"], w["s_attempt_value"].format(n=result["attempt"], penalty=penalty),
                         "attempt"))
    actions, tables, advice_notes = _skill_follow_ups(ctx, values, result, advice) if advice is not None else ([], [], [])
    notes += advice_notes
    outcome_text, key_text = _skill_line(result, w)
    if result.get("reroll"):
        after = w["s_after"].format(rule=w["s_a_fate_point"] if result["reroll"]["rule"] == "fate_point"
                                    else w["s_aptitude"])
        if result["success"]:
            outcome_text += after
        else:  # 'failure after aptitude, 4 SP short'
            head, _, tail = outcome_text.partition(", ")
            outcome_text, key_text = head + after, tail or key_text
    if result.get("fate_point_ql"):
        key_text += w["s_plus_fate"]
    dice = _skill_dice(rolls, [(range(min(3, len(rolls))), values.get("names"))], w)
    if result.get("reroll"):  # the new dice, in the order of the positions rerolled
        shown = _attribute_names(values.get("names"), w)
        for view, p in zip(dice[len(result["first"]["dice"]):], result["reroll"]["dice"]):
            view.label = w["die_reroll"].format(name=shown[p - 1])
    for view, roll in zip(dice, rolls):
        if result.get("reroll"):
            view.notes = [n for n in _reroll_die_notes(roll, w) + _generic_flags(roll, w) if n]
    modded, mod_facts = _modded(what or ctx.check_label, values, w)
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
        later=advice is None,
    )


def _generic_flags(roll, w):
    if roll.get("rerolled"):
        return [w["rerolled"]]
    return []


def _skill_line(r, w):
    """(outcome text, key text) of a skill check's history line."""
    if r["success"]:
        return w["short"][r["outcome"]], w["ql"].format(ql=r["quality_level"])
    return _verdict(r, w), None


def skill_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    w = words(ctx.locale)
    lang = w["lang"]
    notes = []
    if min(odds["eav"]) < 1:
        notes.append(w["s_odds_below"])
    what = skill_what(ctx, values)
    figures = [
        fig(w["chance_of_success"], pct_text(odds["success_chance"], lang), "success_chance"),
        fig(w["s_expected_ql"], number(odds["expected_quality_level"], lang=lang), "expected_quality_level"),
        fig(w["a_eav"], _eav_list(odds["eav"], values.get("names"), w), "eav"),
    ]
    tables = []
    if "choices" in odds:  # "which dice should I reroll?" for the throw on the table
        names = values.get("names")
        faces = values.get("first_throw") or [int(f) for f in (ctx.request.get("dice") or [])]
        fate_group, aptitude_group = groups(w)
        group = fate_group if odds["rule"] == "fate_point" else aptitude_group
        tables.append(_advice_table(odds, names, faces, group, w))
        best = odds["choices"][0]
        keep_best = _rank_key(odds["keep"]) >= _rank_key(best)
        figures.insert(0, fig(w["s_best_choice"], w["keep_throw"] if keep_best
                              else w["reroll_dice"].format(dice=_dice_words(odds["best"], names, faces, w)),
                              "best"))
        notes.append(w["s_odds_after"].format(dice=_dice_words(odds['rerolled'], names, faces, w)))
    return OddsView(
        title=w["odds_title_of"].format(what=what) if what else w["odds_title"],
        outcomes=outcome_rows(ctx, odds),
        figures=figures,
        charts=[chart(w["s_ql_chart"], odds["quality_levels"], "quality_levels")],
        tables=tables,
        notes=notes + [w["s_odds_mean"]],
    )


# -- the sentences of a result (Check.words) ----------------------------------------
def _reroll_steps(values, result, w):
    """A reroll's sentences: what it rerolls, and each die's new value (a
    new die set aside by aptitude leaves the old one standing)."""
    reroll, first = result["reroll"], result["first"]
    names = _attribute_names(values["names"], w)
    which = and_list([w["the_die"].format(name=names[p - 1]) for p in reroll["dice"]], w["and"])
    if reroll["rule"] == "fate_point":
        steps = [w["s_step_fate"].format(which=which)]
    else:
        steps = [w["s_step_aptitude"].format(which=which)]
    new_dice = result["rolls"][len(first["dice"]):]
    for p, new in zip(reroll["dice"], new_dice):
        old, name = first["dice"][p - 1], cap(names[p - 1])
        if new["kept"] is False:
            steps.append(w["s_step_rerolled_stands"].format(name=name, old=old, new=new["value"]))
        else:
            steps.append(w["s_step_rerolled"].format(name=name, old=old, new=new["value"]))
    return steps


def skill_words(values, result, read, lang="en"):
    """Check.words: the summary and steps of a skill check's record
    (`read`: cards.RulesRead)."""
    w = words(lang) if lang != "en" else EN
    attempt, rating, names = result["attempt"], values["rating"], values["names"]
    steps = []
    if attempt > 1:
        on_top = w["s_on_top"].format(mod=signed(values["modifier"])) if values["modifier"] else ""
        steps.append(w["s_step_attempt"].format(n=attempt, penalty=attempt - 1, on_top=on_top))
    steps.append(_eav_text(values["attributes"], [values["modifier"], -(attempt - 1)], names, w))
    steps.append(w["s_step_sr"].format(rating=rating, sp=_sp(rating, w)))
    reroll = result.get("reroll")
    if reroll:
        steps += throw_steps(result["first"], names, read, w)
        steps += _reroll_steps(values, result, w)
    if result.get("fate_point_ql"):  # the throw as it fell, before the fate point
        steps += throw_steps(dict(result, quality_level=result["quality_level_before"]), names, read, w)
    else:
        steps += throw_steps(result, names, read, w)
    if result.get("fate_point_ql"):
        steps.append(w["s_step_fate_ql"].format(before=result["quality_level_before"],
                                                after=result["quality_level"]))
    if result.get("automatic"):
        summary = w["s_summary_automatic"]
        summary += w["s_summary_no_retry"] if attempt > 1 else "."
    elif result["success"]:
        summary = w["s_summary_success"].format(verdict=cap(with_verdict(result, w)),
                                                left=_sp(result["points_left"], w))
    else:
        summary = f"{cap(with_verdict(result, w))}."
    if result.get("fate_point_ql"):
        summary = summary[:-1] + w["s_summary_fate_ql"].format(before=result["quality_level_before"])
    if reroll:
        summary = w["s_summary_after"].format(
            rule=w["s_a_fate_point"] if reroll["rule"] == "fate_point" else w["s_aptitude"], summary=summary)
    return {"summary": summary, "steps": steps}
