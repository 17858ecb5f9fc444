"""The dice roller's rules: roll an expression through the tray, and its
exact odds (records: the total, the dice, the distribution).

The notation, the roller and the exact odds are shared by every game
(`tablecheck/dice/`, docs/notation.md): this module calls them and gives
their results as the API's dicts. Shadows of the Unknown's dice check rolls
through `resolve` and `odds` too.
"""

import sys
from fractions import Fraction

from ...dice import notation
from ...dice.notation_roll import FEW_DICE, collector_paused
from ...errors import InvalidRequest
from ...jsonvalues import shown

INFINITY = float("inf")


def resolve(values, tray):
    """Roll `values["expression"]`: every die through the tray, explosions
    right after their die, then rerolls, keep/drop and counting marked on
    the dice."""
    expr = notation.parse(values["expression"])
    if expr.dice < FEW_DICE:
        return notation.roll(expr, tray).to_dict()
    with collector_paused():
        return notation.roll(expr, tray).to_dict()


def _key(total):
    """A total as a JSON-friendly key: an int, or a fraction as its float."""
    return total if type(total) is int else float(total)


def _totals_fit(support):
    """Odds give every total as a number the page reads (a double) and draws:
    totals beyond 1.8e308 (1d6^400) are refused; rolling still works."""
    big = max((abs(k) for k in support), default=0)
    if big > sys.float_info.max:
        raise InvalidRequest("expression", f"totals reach {shown(int(big))}: too large for "
                             "the odds to show; rolling still works", code="odds_too_big")


def odds(values):
    """Exact distribution of the total: {"distribution": {total: p}, "tail":
    mass cut off exploding dice (below 1e-12), "min", "max", "mean"}; a
    fractional total (from /) is keyed by its decimal value."""
    expr = notation.parse(values["expression"])
    dist = notation.distribution(expr)
    support = dist.weights
    _totals_fit(support)
    mean = Fraction(sum(k * w for k, w in support.items()), dist.total)
    low, high = notation.bounds(expr.root)
    return {
        "outcomes": {"rolled": Fraction(1)},
        "expression": expr.text,
        "distribution": {_key(k): Fraction(w, dist.total) for k, w in sorted(support.items())},
        "tail": dist.tail(),
        "min": _key(min(support)) if low != -INFINITY and support else None,
        "max": _key(max(support)) if high != INFINITY and support else None,
        # exact for finite expressions; with explosions, of the represented mass
        "mean": mean,
    }
