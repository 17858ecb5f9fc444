"""Check rolls and scaling challenges: two exploding stat dice plus
adjustments against a CR. Trivial (CR 3 or less) is an automatic success
with no dice unless the GM asks for a roll (`roll_trivial`) or applies
critical outcomes. A scaling challenge takes the check's parameters
(`roll_trivial` included, per the API contract) but is always rolled: its
ranks set the yield."""

from fractions import Fraction

from .attempt import automatic, judge, roll_attempt
from .odds import attempt_totals, automatic_odds, margin_outcomes, odds_result
from .tables import challenge, is_trivial, ranks_of, trivial_auto


def resolve_check(values, tray):
    rating, name = challenge(values["cr"])
    if trivial_auto(rating, values):
        return automatic(rating, name)
    roll = roll_attempt(tray, values["stat"], values["modification"], values["adjustment"])
    out = dict(roll)
    out.update(judge(roll["total"], rating, values["critical_outcomes"]))
    out.update({"cr": rating, "cr_rank": name, "trivial": is_trivial(rating)})
    return out


def resolve_scaling(values, tray):
    rating, name = challenge(values["cr"])
    roll = roll_attempt(tray, values["stat"], values["modification"], values["adjustment"])
    j = judge(roll["total"], rating, values["critical_outcomes"])
    per_rank, unit = values["per_rank"], values["unit"].strip()
    amount = per_rank * j["ranks"] if j["success"] else 0
    out = dict(roll)
    out.update(j)
    out.update({
        "cr": rating, "cr_rank": name, "yield": amount, "per_rank": per_rank, "unit": unit,
        "trivial": is_trivial(rating),
        "extra_ranks": max(0, j["ranks"] - 1) if j["success"] else 0,
    })
    return out


def odds_check(values):
    rating, _ = challenge(values["cr"])
    if trivial_auto(rating, values):
        return automatic_odds()
    roll = attempt_totals(values["stat"], values["modification"], values["adjustment"],
                          rating + 9, 2)
    return odds_result(margin_outcomes(roll, rating), roll.tail(), "legendary_success")


def odds_scaling(values):
    rating, _ = challenge(values["cr"])
    roll = attempt_totals(values["stat"], values["modification"], values["adjustment"],
                          rating + 9, 2)
    out = odds_result(margin_outcomes(roll, rating), roll.tail(), "legendary_success")
    yields = {}
    for total, w in roll.weights.items():
        success, ranks = ranks_of(total - rating)
        amount = values["per_rank"] * ranks if success else 0
        yields[amount] = yields.get(amount, 0) + w
    out["yields"] = {k: Fraction(w, roll.total) for k, w in sorted(yields.items())}
    return out
