import pytest

from tablecheck.dice import notation
from tablecheck.errors import InvalidRequest

from .enumerate import assert_exact, plan
from .roll_with import roll_with


def test_successes_less_failures_and_the_dice_flagged():
    result, dice = roll_with("4d10>=8f1", [9, 1, 8, 4])
    assert result["total"] == 2 - 1
    assert [(d.success, d.failure) for d in dice] == [(True, False), (False, True),
                                                       (True, False), (False, False)]
    assert (result["min"], result["max"]) == (-4, 4)


def test_a_bare_number_after_f_and_failures_need_successes():
    assert notation.parse("6d10>=8f<2").text == "6d10>=8f<2"
    with pytest.raises(InvalidRequest, match="failures without successes"):
        notation.parse("6d10f1")


def test_groups_count_their_subtotals():
    assert roll_with("{2d6, 1d6}>6", [4, 5, 6])[0]["total"] == 1


def test_each_die_adds_one_zero_or_minus_one_to_the_bounds():
    from tablecheck.dice.modifiers import Counting
    term = notation.parse("3d6>=5f1").dice_terms[0]
    assert Counting().die_range(term, {1, 2, 5, 6}) == (-1, 1)
    assert Counting().die_range(term, {2, 3}) == (0, 0)
    # compounding: any value, each of the 3 dice
    assert notation.bounds(notation.parse("3d6>=5f1!!").root) == (-3, 3)
    assert notation.bounds(notation.parse("3d6>=5!!").root) == (0, 3)


def test_the_exact_step_counts_values_as_one_minus_one_or_zero():
    from tablecheck.dice.notation_odds import plan_of
    c = plan("6d10>=8f1").contribution
    assert [c(v) for v in (1, 2, 7, 8, 10)] == [-1, 0, 0, 1, 1]
    assert plan("6d10").contribution is None  # a die adds its value
    c = plan_of(notation.parse("{2d6, 1d6}>6").root).contribution
    assert [c(v) for v in (6, 7)] == [0, 1]


@pytest.mark.parametrize("text", ["3d4>=3f1", "3d4!>=4", "3d4!!>3", "3d4kh2>=3", "3d4r1=2",
                                  "{2d4, 1d6}>=4", "{2d4, 1d6}kh1>=4f1", "{2d4+1d3}kh2>=6"])
def test_counting_odds_are_the_enumeration(text):
    assert_exact(text)


def test_counting_words_each_die_and_the_sum():
    result, _ = roll_with("6d10>=8f1", [8, 1, 9, 3, 10, 1])
    assert result["steps"][0] == ("6d10>=8f1: 8 (success), 1 (failure), 9 (success), 3, "
                                  "10 (success), 1 (failure); 3 successes - 2 failures = 1")
    assert result["terms"][0]["counting"] is True
    # a dropped die does not count: it says only that it is dropped
    result, _ = roll_with("3d10kh2>=5", [9, 2, 6])
    assert result["steps"][0] == "3d10>=5kh2: 9 (success), 2 (dropped), 6 (success); 2 successes"
    # a group counts its sub-totals
    result, _ = roll_with("{2d6, 1d6}>=7", [3, 5, 2])
    assert result["steps"][2] == "{2d6, 1d6}>=7: 3 -> 5 = 8 (success), 2; 1 success"
