"""The one rounding of a probability to a percent at one decimal
(py/tablecheck/percent.py), shared by the cards and the rules."""

from fractions import Fraction

from tablecheck import percent
from tablecheck.display import words


def test_pct_rounds_half_up_exactly():
    assert percent.pct(Fraction(4855, 100000)) == "4.9"  # 4.855%: a half, up
    assert percent.pct(Fraction(48549, 100000)) == "48.5"
    assert percent.pct(Fraction(1, 3)) == "33.3"
    assert percent.pct(0) == "0.0" and percent.pct(1) == "100.0"
    assert percent.pct(Fraction(1, 2000)) == "0.1"  # 0.05%: a half, up


def test_the_cards_and_the_rules_round_with_one_function():
    from tablecheck.games.ax import gm_table
    assert words.pct is percent.pct is gm_table.pct
    assert words.pct_text(Fraction(4855, 100000)) == "4.9%"
