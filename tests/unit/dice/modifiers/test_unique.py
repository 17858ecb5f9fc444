import pytest

from tablecheck.dice import SeededSource, Tray, notation
from tablecheck.errors import InvalidRequest

from .roll_with import roll_with


def test_unique_rerolls_a_die_that_shows_an_earlier_value():
    # the pool is rolled first (2, 2, 4), then the second die again: 2, then 5
    result, _ = roll_with("3d6u", [2, 2, 4, 2, 5])
    assert result["terms"][0]["values"] == [2, 5, 4]
    assert roll_with("2d6uo", [3, 3, 3])[0]["terms"][0]["values"] == [3, 3]


def test_unique_with_a_compare_point_rerolls_only_matching_duplicates():
    assert roll_with("2d6u>4", [2, 2])[0]["terms"][0]["values"] == [2, 2]
    assert roll_with("2d6u>4", [5, 5, 1])[0]["terms"][0]["values"] == [5, 1]


# moved from test_dice_notation_odds.py
def test_unique_with_separate_explosions_beyond_the_budget_is_odds_too_big_and_rolls():
    with pytest.raises(InvalidRequest) as err:
        notation.distribution("6d8!u")
    assert err.value.code == "odds_too_big" and err.value.to_dict()["odds_only"] is True
    result = notation.roll("6d8!u", Tray(SeededSource(1)))
    assert result.total >= 6


def test_unique_pool_larger_than_the_faces_is_refused():
    with pytest.raises(InvalidRequest, match="at position 4"):
        notation.parse("5d4u")
    assert notation.parse("5d4uo")  # once ends
