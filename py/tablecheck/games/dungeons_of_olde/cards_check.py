"""The cards, odds views and words of a Dungeons of Olde check roll, a
scaling challenge and an effect roll."""

from ...display.common import chart, fig, line
from ...display.model import Card, Headline, OddsView
from ...display.words import cap, number, plural, signed
from .cards import (amount, attempt_steps, automatic_words, card_line, category_words,
                    chain_faces, choices, cr_words, critical_note, dice, headline, judge_steps,
                    judged_facts, key_text, mod_facts, modded, named, notes, points_note,
                    rank_note, rank_notes, ranks_words, roll_facts, suggestion_for, times, title,
                    trivial_note, trivial_text, what)
from .cards_odds import CHART_MIN_P, chance, odds_notes, rows


# -- check roll ---------------------------------------------------------------------------
def check_words(values, result):
    """The summary, steps, suggestion and stat die's note of a check roll."""
    if result["outcome"] == "automatic_success":
        return automatic_words(result)
    result = named(result)
    rating, name = result["cr"], result["cr_rank"]
    steps = [f"Two exploding stat dice against {cr_words(rating, name)}."]
    if result["trivial"]:
        why = ("the GM asked for a roll" if values["roll_trivial"]
               else "critical outcomes are applied")
        steps.append(f"{trivial_text(rating, name)}, but rolled anyway: {why}.")
    steps += attempt_steps(values, result, result["rolls"]) + judge_steps(result)
    return {
        "summary": f"Check roll {result['total']} on 2{result['die']}! against "
                   f"{cr_words(rating, name)}: {result['category']}, {ranks_words(result)}.",
        "steps": steps,
        "suggestion": suggestion_for(result["outcome_words"]),
        "rank_note": rank_note(values["stat"], values["modification"], result["sides"]),
        **category_words(result),
    }


def check_card(ctx, values, result, paths=("",)):
    """A check roll; `paths`: the form parts whose names and labels count
    (an assisted attempt that is a Trivial automatic success: the instigator)."""
    subject = next((ctx.name(p) for p in paths if ctx.name(p)), None)
    total = result.get("total")
    return Card(
        title=title(ctx, *paths),
        subject=subject,
        headline=headline(ctx, result),
        key=fig("Total", total, "total") if total is not None else None,
        facts=judged_facts(result) + roll_facts(values, result),
        notes=notes(critical_note(result), points_note(result),
                    *rank_notes(result), trivial_note(values, result)),
        choices=choices(result),
        dice=dice(result.get("rolls", [])),
        line=card_line(subject, modded(what(ctx, *paths), values), result, key_text(result)),
    )


def check_odds(ctx, values, odds):
    return OddsView(outcomes=rows(ctx, values, odds), figures=[chance(odds)],
                    notes=odds_notes(values, odds))


# -- scaling challenge ----------------------------------------------------------------------
def scaling_words(values, result):
    """The summary, steps, yield, suggestion and stat die's note of a scaling challenge."""
    result = named(result)
    rating, name = result["cr"], result["cr_rank"]
    per_rank, unit, got = result["per_rank"], result["unit"], result["yield"]
    steps = [f"Scaling challenge at {cr_words(rating, name)}: each rank of success yields "
             f"{amount(per_rank, unit)}."]
    if result["trivial"]:
        steps.append(f"{trivial_text(rating, name)}, but a scaling challenge is always "
                     "rolled (its ranks set the yield).")
    steps += attempt_steps(values, result, result["rolls"]) + judge_steps(result)
    if result["success"]:
        steps.append(f"Yield: {plural(result['ranks'], 'rank')} x "
                     f"{per_rank} = {amount(got, unit)}.")
    else:
        steps.append(f"Yield: nothing on a failure ({amount(0, unit)}).")
    return {
        "summary": f"Check roll {result['total']} against {cr_words(rating, name)}: "
                   f"{result['category']}, {ranks_words(result)}, yielding {amount(got, unit)}.",
        "steps": steps,
        "yield_text": amount(got, unit), "per_rank_text": amount(per_rank, unit),
        "suggestion": suggestion_for(result["outcome_words"]),
        "rank_note": rank_note(values["stat"], values["modification"], result["sides"]),
        **category_words(result),
    }


def scaling_card(ctx, values, result):
    subject = ctx.name("")
    facts = ([fig("Total", result["total"], "total")] + judged_facts(result)
             + [fig("Yield per rank of success", result["per_rank_text"], "per_rank")]
             + roll_facts(values, result))
    return Card(
        title=title(ctx, ""),
        subject=subject,
        headline=headline(ctx, result),
        key=fig("Yield", result["yield_text"], "yield"),
        facts=facts,
        notes=notes(critical_note(result), points_note(result), *rank_notes(result),
                    trivial_note(values, result, scaling=True),
                    None if result["success"] else "Nothing is yielded on a failure."),
        choices=choices(result),
        dice=dice(result.get("rolls", [])),
        line=card_line(subject, modded(what(ctx, ""), values), result,
                       f"total {result['total']}, yield {result['yield_text']}"),
    )


def scaling_odds(ctx, values, odds):
    unit = values.get("unit", "").strip()
    label = f"Yield ({unit})" if unit else "Yield"
    return OddsView(outcomes=rows(ctx, values, odds), figures=[chance(odds)],
                    charts=[chart(label, odds["yields"], "yields", min_p=CHART_MIN_P)],
                    notes=odds_notes(values, odds))


# -- effect roll ------------------------------------------------------------------------------
def _effect_line(faces, total):
    """Each die's chain and the sum, once: "12", "6 -> 6 -> 2 = 14",
    "(6 -> 6 -> 2) + 3 + (6 -> 1) = 24"."""
    if len(faces) == 1:
        chain = " -> ".join(str(v) for v in faces[0])
        return chain if len(faces[0]) == 1 else f"{chain} = {total}"
    parts = [str(v[0]) if len(v) == 1 else "(" + " -> ".join(str(x) for x in v) + ")"
             for v in faces]
    return f"{' + '.join(parts)} = {total}"


def effect_words(values, result):
    """The summary, steps and stat die's note of an effect roll."""
    sides, count, exploding = result["sides"], values["count"], values["exploding"]
    note = rank_note(values["stat"], values["modification"], sides)
    steps = []
    if values["modification"]:
        steps.append(f"Stat {values['stat']} with modification "
                     f"{signed(values['modification'], zero='0')} rolls d{sides}.")
    if note:
        steps.append(f"Note: {note}.")
    faces = chain_faces(result["rolls"])
    bang = "!" if exploding else ""
    steps.append(f"Effect roll {count}d{sides}{bang}"
                 f"{'' if exploding else ' (not exploding)'}: "
                 f"{_effect_line(faces, result['total'])}.")
    exploded = [f"die {i + 1} {times(len(v) - 1)}" for i, v in enumerate(faces) if len(v) > 1]
    if exploded:
        steps.append(f"Exploded (a die showing its maximum rolls again and adds): "
                     f"{', '.join(exploded)}.")
    return {"summary": f"Effect roll {count}d{sides}{bang}: {result['total']}.",
            "steps": steps, "rank_note": note}


def effect_card(ctx, values, result):
    subject = ctx.name("")
    exploding = values["exploding"]
    rolled = f"{values['count']}{result['die']}{'!' if exploding else ''}"
    facts = [fig("Dice", rolled + ("" if exploding else " (not exploding)"), "die")]
    facts += mod_facts(values)
    return Card(
        title=title(ctx, ""),
        subject=subject,
        headline=Headline(ctx.words("rolled"), ctx.tone("rolled")),
        key=fig("Total", result["total"], "total"),
        facts=facts,
        notes=rank_notes(result),
        dice=dice(result.get("rolls", [])),
        line=line(subject, modded(what(ctx, ""), values), f"{rolled} = {result['total']}"),
    )


def effect_odds(ctx, values, odds):
    bars = chart("Total", odds["distribution"], "distribution", min_p=CHART_MIN_P)
    out_notes = [cap(odds["tail_note"]) + "."] if odds.get("tail") else []
    if len(bars.bars) < len(odds["distribution"]):
        out_notes.append("The chart leaves out totals less likely than 0.05%.")
    return OddsView(figures=[fig("Mean", number(odds["mean"]), "mean")],
                    charts=[bars], notes=out_notes)
