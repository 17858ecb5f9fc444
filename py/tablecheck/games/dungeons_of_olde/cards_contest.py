"""The cards, odds views and words of Dungeons of Olde opposed and assisted
attempts: a group per side, the target's roll as the CR, the assist bonus."""

from ...display.common import chart, fig
from ...display.model import Card, Group, OddsView
from ...display.words import signed
from .cards import (SIMPLE, attempt_steps, automatic_words, card_line, category_words, choices,
                    cr_words, critical_note, dice, dice_text, headline, judge_steps, judged_facts,
                    named, notes, of, parts_modded, points_note, rank_note, rank_notes,
                    ranks_words, roll_facts, side_facts, suggestion_for, title, tone, trivial_note,
                    what, with_rank_note)
from .cards_check import check_card
from .cards_odds import CHART_MIN_P, chance, odds_notes, rows


# -- opposed attempt ------------------------------------------------------------------------
def opposed_words(values, result):
    """The summary, steps, suggestion and stat dice's notes of an opposed attempt."""
    result = named(result)
    ins, tgt = values["instigator"], values["target"]
    rolls, t, i, cr = result["rolls"], result["target"], result["instigator"], result["cr"]
    steps = ["The target rolls first; its check roll is the challenge rating "
             "(no critical outcomes for the target)."]
    steps += (attempt_steps(tgt, t, rolls, "target") + [f"CR for the instigator: {cr}."]
              + attempt_steps(ins, i, rolls, "instigator") + judge_steps(result))
    if result["success"] and result["margin"] == 0:
        steps.append("A tie goes to the instigator.")
    if values["critical_outcomes"] and result["outcome"] not in ("success", "failure"):
        steps.append("The GM may instead turn the instigator's critical outcome into a "
                     "bonus or penalty for the target.")
    return {
        "summary": f"The instigator's {i['total']} against the target's {cr}: "
                   f"{result['category']}, {ranks_words(result)}"
                   f" ({'the attempt succeeds' if result['success'] else 'the target resists'}).",
        "steps": steps,
        "suggestion": suggestion_for(result["outcome_words"]),
        "rank_note": rank_note(ins["stat"], ins["modification"], i["sides"]),
        "target": with_rank_note(t, tgt), "instigator": with_rank_note(i, ins),
        **category_words(result),
    }


def opposed_card(ctx, values, result):
    subject = ctx.versus(["instigator", "target"], ["the instigator", "the target"])
    rolls = result.get("rolls", [])
    target, ins = result["target"], result["instigator"]
    who_t = ctx.name("target", "Target")
    who_i = ctx.name("instigator", "Instigator")
    groups = [
        Group(who_t, f"{dice_text(target)}, the instigator's CR", of(rolls, "target")),
        Group(who_i, f"{dice_text(ins)} against {target['total']}: {result['category']}",
              of(rolls, "instigator"), tone(ctx, result, side_tone=True)),
    ]
    gm = None
    if result.get("critical_outcomes") and result["outcome"] not in SIMPLE:
        gm = ("The GM may instead turn the instigator's critical outcome into a bonus or "
              "penalty for the target.")
    tie = "A tie goes to the instigator." if result["margin"] == 0 else None
    return Card(
        title=title(ctx, "instigator", ""),
        subject=subject,
        headline=headline(ctx, result, side_tone=True),
        key=fig("Total", result["total"], "total"),
        facts=judged_facts(result, "CR (the target's roll)")
        + roll_facts(values["instigator"], ins) + side_facts(who_t, values["target"]),
        groups=groups,
        notes=notes(critical_note(result), points_note(result), tie, gm,
                    *rank_notes(target, ins)),
        choices=choices(result),
        dice=dice(rolls),
        line=card_line(subject, parts_modded(what(ctx, "instigator", ""),
                                             [(who_i, values["instigator"]),
                                              (who_t, values["target"])]),
                       result, f"total {result['total']} vs {target['total']}"),
    )


def opposed_odds(ctx, values, odds):
    return OddsView(outcomes=rows(ctx, values, odds, side_tone=True),
                    figures=[chance(odds, "Instigator's chance of success")],
                    notes=odds_notes(values, odds, "The target rolls first; its check roll is "
                                                   "the CR, and a tie goes to the instigator."))


# -- assisted attempt -----------------------------------------------------------------------
def assisted_words(values, result):
    """The summary, steps, suggestion and stat dice's notes of an assisted attempt."""
    if result["outcome"] == "automatic_success":
        return automatic_words(result)
    result = named(result)
    ins, ast = values["instigator"], values["assistant"]
    rolls, a, i = result["rolls"], result["assistant"], result["instigator"]
    stat, bonus = ins["stat"], result["assist_bonus"]
    against = cr_words(result["cr"], result["cr_rank"])
    steps = [f"The assistant rolls against CR {stat} (the instigator's check stat)."]
    steps += attempt_steps(ast, a, rolls, "assistant")
    if bonus:
        steps.append(f"Assist bonus: {a['total']} vs {stat}: 1 + floor("
                     f"{a['total'] - stat} / 2) = +{bonus}, an adjustment to the "
                     "instigator's roll.")
    else:
        steps.append(f"Assist bonus: {a['total']} is below {stat}: no bonus.")
    extra = ""
    if bonus and ins["adjustment"]:
        extra = f", with adjustment {signed(ins['adjustment'], zero='0')} + assist +{bonus}"
    elif bonus:
        extra = f", with the assist +{bonus} as an adjustment"
    steps.append(f"The instigator rolls against {against}{extra}.")
    steps += attempt_steps(ins, i, rolls, "instigator") + judge_steps(result)
    return {
        "summary": f"{f'With +{bonus}' if bonus else 'With no bonus'} from the assistant "
                   f"({a['total']} vs {stat}), check roll "
                   f"{i['total']} against {against}: {result['category']}, "
                   f"{ranks_words(result)}.",
        "steps": steps,
        "suggestion": suggestion_for(result["outcome_words"]),
        "rank_note": rank_note(ins["stat"], ins["modification"], i["sides"]),
        "instigator": with_rank_note(i, ins), "assistant": with_rank_note(a, ast),
        **category_words(result),
    }


def assisted_card(ctx, values, result):
    if result["outcome"] == "automatic_success":
        return check_card(ctx, values, result, paths=("instigator", ""))
    subject = ctx.name("instigator") or ctx.name("")
    rolls = result.get("rolls", [])
    ast, ins = result["assistant"], result["instigator"]
    stat = values["instigator"]["stat"]
    bonus = result["assist_bonus"]
    groups = [
        Group(ctx.name("assistant", "Assistant"),
              f"{dice_text(ast)} against {stat} (the instigator's stat): "
              + (f"assist +{bonus}" if bonus else "no bonus"), of(rolls, "assistant")),
        Group(ctx.name("instigator", "Instigator"),
              f"{dice_text(ins)} against CR {result['cr']}: {result['category']}",
              of(rolls, "instigator"), tone(ctx, result)),
    ]
    facts = (judged_facts(result)
             + [fig("Assist bonus", signed(bonus), "assist_bonus"),
                fig("Assistant's check roll", result["assistant_total"], "assistant_total")]
             + roll_facts(values["instigator"], ins)
             + side_facts(ctx.name("assistant", "Assistant"), values["assistant"]))
    return Card(
        title=title(ctx, "instigator", ""),
        subject=subject,
        headline=headline(ctx, result),
        key=fig("Total", result["total"], "total"),
        facts=facts,
        groups=groups,
        notes=notes(critical_note(result), points_note(result), *rank_notes(ast, ins),
                    trivial_note(values, result)),
        choices=choices(result),
        dice=dice(rolls),
        line=card_line(subject, parts_modded(what(ctx, "instigator", ""),
                                             [(ctx.name("instigator", "Instigator"),
                                               values["instigator"]),
                                              (ctx.name("assistant", "Assistant"),
                                               values["assistant"])]),
                       result, f"total {result['total']} (assist {signed(bonus)}) vs CR "
                               f"{result['cr']}"),
    )


def assisted_odds(ctx, values, odds):
    charts = [chart("Assist bonus", odds["assist_bonuses"], "assist_bonuses",
                    min_p=CHART_MIN_P)]
    return OddsView(outcomes=rows(ctx, values, odds), figures=[chance(odds)], charts=charts,
                    notes=odds_notes(values, odds))
