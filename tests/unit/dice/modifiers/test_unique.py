import pytest

from tablecheck.dice import SeededSource, Tray, notation
from tablecheck.errors import InvalidRequest

from .enumerate import assert_exact, plan
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


def test_its_odds_part_redraws_from_the_values_not_seen():
    distinct = plan("3d4u").distinct
    assert distinct.lcm == 12 and plan("3d4").distinct is None
    seen = distinct.bit(1) | distinct.bit(2)
    # 1 and 2 seen: a 3 or a 4, each 6 of the 12
    assert distinct.redraw(seen, 1e-12, None) == {3: 6, 4: 6}
    every = seen | distinct.bit(3) | distinct.bit(4)
    assert distinct.redraw(every, 1e-12, None) is None  # the die stays a duplicate
    # uo: a fresh die, whatever was seen; u>2: only 3s and 4s are taken
    assert plan("3d4uo").distinct.redraw(1, 1e-12, None) == {v: 3 for v in (1, 2, 3, 4)}
    above = plan("3d4u>2").distinct
    assert above.redraw(above.bit(1) | above.bit(3), 1e-12, None) == {1: 4, 2: 4, 4: 4}


def test_a_redraw_whose_rerolls_could_all_miss_is_refused():
    # a d1000 with one value left: 1000 rerolls miss it more often than eps
    distinct = plan("2d1000u").distinct
    mask = 0
    for v in range(1, 1000):
        mask |= distinct.bit(v)
    refused = []
    assert distinct.redraw(mask, 1e-12, lambda: refused.append(True)) == {1000: distinct.lcm}
    assert refused == [True]


@pytest.mark.parametrize("text", ["3d4u", "3d4uo", "3d4u>2", "2d4!u", "2d4!!u", "3d4ukh2",
                                  "2d4min2u", "2d4r1u", "3d4>=3f1u", "{2d4u+1d3}kh2"])
def test_unique_odds_are_the_enumeration(text):
    assert_exact(text)
