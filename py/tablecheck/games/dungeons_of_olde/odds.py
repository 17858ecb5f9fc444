"""Exact odds of check rolls: the exploding dice come from the shared
`Dist.exploding` series, cut where the remaining mass is below 1e-12. For a
check, an assisted attempt and a scaling challenge the series is cut deep
enough that every cut-off event is a Legendary Success, so that mass is
added there and the outcome odds are exact and sum to exactly 1 (the
figure is still reported as `tail`)."""

from bisect import bisect_left
from fractions import Fraction

from ...dice import TAIL_EPS, Dist
from .tables import MARGIN_FLOORS, die_rank
from .terms import CATEGORIES, SUCCESS_OUTCOMES


def stat_sum(sides, count, eps, floor=None):
    """Sum of `count` exploding d`sides` as a Dist. Each die's series is cut
    below `eps` and, when `floor` is given, deep enough that every cut-off
    event (some die showing its maximum on every represented roll) sums to
    at least `floor`."""
    depth = 1
    if floor is not None:
        # a cut-off die is >= depth * sides + 1, the others >= 1 each
        while depth * sides + count < floor:
            depth += 1
    die = Dist.exploding(sides, min(eps, Fraction(1, sides ** depth)))
    cut_floor = max(die.weights) + 1 + count  # max kept face + 2, others 1
    if floor is not None and cut_floor < floor:  # pragma: no cover - guard
        raise AssertionError("explosion series cut too shallow")
    return die.sum_of(count)


def _survival(dist):
    """(sorted outcomes, suffix weights) so that S(x) = weight of outcomes >= x."""
    keys = sorted(dist.weights)
    suffix = [0] * (len(keys) + 1)
    for i in range(len(keys) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + dist.weights[keys[i]]
    return keys, suffix


def margin_outcomes(roll, cr):
    """{label: Fraction} for check roll totals `roll` (Dist) against a CR that
    is an int or itself a Dist (opposed), from the represented mass only."""
    cr = Dist.constant(cr) if isinstance(cr, int) else cr
    keys, suffix = _survival(roll)
    weights = {c[0]: 0 for c in CATEGORIES}
    for c_value, wc in cr.weights.items():
        above = 0  # weight of totals at or above the previous (better) floor
        for (label, *_), floor in zip(CATEGORIES, MARGIN_FLOORS):
            at_least = suffix[0] if floor is None else suffix[
                bisect_left(keys, c_value + floor)]
            weights[label] += wc * (at_least - above)
            above = at_least
    total = roll.total * cr.total
    return {label: Fraction(w, total) for label, w in weights.items()}


def eps(n_dice):
    # per-die cut so that the whole check's cut-off mass stays below 1e-12
    return TAIL_EPS / n_dice


def odds_result(outcomes, tail, assigned):
    """The odds record: outcomes (the cut-off mass added to `assigned`, if
    any), the chance of success, the tail and where it went (the cards
    write the note that says so)."""
    outcomes = dict(outcomes)
    if assigned:
        outcomes[assigned] = outcomes.get(assigned, 0) + tail
    success = sum((p for k, p in outcomes.items() if k in SUCCESS_OUTCOMES), Fraction(0))
    return {"outcomes": outcomes, "success_chance": success, "tail": tail,
            "tail_outcome": assigned}


def attempt_totals(stat, modification, adjustment, floor, n_dice):
    sides = die_rank(stat, modification)
    dist = stat_sum(sides, 2, eps(n_dice), floor - adjustment)
    return dist + adjustment


def automatic_odds():
    """A Trivial challenge with no roll: certain success, no dice."""
    return odds_result({"automatic_success": Fraction(1)}, Fraction(0), None)
