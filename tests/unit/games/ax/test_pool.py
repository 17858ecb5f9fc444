"""[ax] dice (games/ax/pool.py): the skip-check threshold against the
text's table, and the brute force the other tests lean on."""

from fractions import Fraction

import pytest

from tablecheck import api
from tablecheck.games.ax import pool

from .helpers import brute_totals, multiset_totals, req


# -- skip-check table of the text -----------------------------------------------------
@pytest.mark.parametrize("dice, below", [(3, 5), (4, 7), (5, 9), (6, 10), (7, 11)])
def test_rule_skip_check_table_of_the_text(dice, below):
    # "if the chance of failure is less than 1%": the text's table is right
    dist = multiset_totals(dice)
    fail = lambda d: sum(p for t, p in dist.items() if t < d)  # noqa: E731
    assert fail(below - 1) < Fraction(1, 100) <= fail(below)
    assert pool.skip_threshold(dice) == below
    assert api.odds(req("flat", attribute=dice, difficulty=below - 1))["skip_advised"] is True
    assert api.odds(req("flat", attribute=dice, difficulty=below))["skip_advised"] is False


# -- the GM table ------------------------------------------------------------------------
def test_multiset_method_agrees_with_full_enumeration():
    for n in range(1, 5):
        assert multiset_totals(n) == {t: Fraction(c, 10 ** n) for t, c in brute_totals(n).items()}
