"""Assisted attempts: an assistant rolls against the instigator's check
stat; the assist bonus adjusts the instigator's check roll against the CR."""

from fractions import Fraction

from .attempt import automatic, judge, roll_attempt
from .odds import attempt_totals, automatic_odds, eps, margin_outcomes, odds_result, stat_sum
from .tables import challenge, die_rank, is_trivial, trivial_auto


def assist_bonus(assistant_roll, instigator_stat):
    """Assisted attempt: 0 below the instigator's check stat; +1 on equal,
    +1 more for every two points above it."""
    if assistant_roll < instigator_stat:
        return 0
    return 1 + (assistant_roll - instigator_stat) // 2


def resolve_assisted(values, tray):
    rating, name = challenge(values["cr"])
    if trivial_auto(rating, values):
        return dict(automatic(rating, name), assist_bonus=0)
    ins, ast = values["instigator"], values["assistant"]
    stat = ins["stat"]
    a = roll_attempt(tray, ast["stat"], ast["modification"], ast["adjustment"], "assistant")
    bonus = assist_bonus(a["total"], stat)
    i = roll_attempt(tray, stat, ins["modification"], ins["adjustment"] + bonus, "instigator")
    out = dict(i)
    out.update(judge(i["total"], rating, values["critical_outcomes"]))
    out.update({
        "cr": rating, "cr_rank": name, "assist_bonus": bonus, "trivial": is_trivial(rating),
        "assistant_total": a["total"], "instigator": dict(i), "assistant": a,
    })
    return out


def odds_assisted(values):
    rating, _ = challenge(values["cr"])
    if trivial_auto(rating, values):
        return dict(automatic_odds(), assist_bonuses={0: Fraction(1)})
    ins, ast = values["instigator"], values["assistant"]
    stat = ins["stat"]
    legendary = rating + 9
    # any cut-off assistant roll must give a bonus that makes even the lowest
    # instigator roll (2 + adjustment) legendary: bonus >= need
    need = legendary - 2 - ins["adjustment"]
    a_floor = stat + 2 * (need - 1) if need > 0 else stat
    a_sides = die_rank(ast["stat"], ast["modification"])
    assistant = stat_sum(a_sides, 2, eps(4), a_floor - ast["adjustment"]) + ast["adjustment"]
    bonuses = assistant.map(lambda total: assist_bonus(total, stat))
    own = attempt_totals(stat, ins["modification"], ins["adjustment"], legendary, 4)
    roll = own + bonuses
    out = odds_result(margin_outcomes(roll, rating), roll.tail(), "legendary_success")
    out["assist_bonuses"] = {k: Fraction(w, bonuses.total)
                             for k, w in sorted(bonuses.weights.items())}
    return out
