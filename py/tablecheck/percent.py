"""A probability as a percent at one decimal, rounded half up ('52.6'): the
one rounding the cards show (display/words.py) and the rules compare with
a printed table ([ax]'s GM table, at the book's precision) both use."""

from fractions import Fraction
from math import floor


def pct(p):
    """A probability as a percent rounded half up to one decimal ('52.6'),
    exactly (by Fraction arithmetic)."""
    tenths = floor(Fraction(p) * 1000 + Fraction(1, 2))
    return f"{tenths // 10}.{tenths % 10}"
