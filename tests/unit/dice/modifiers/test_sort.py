from tablecheck.dice import notation

from .roll_with import roll_with


def test_sort_orders_what_is_shown_and_not_the_total():
    result, _ = roll_with("3d6sd", [2, 6, 4])
    term = result["terms"][0]
    assert result["total"] == 12 and term["values"] == [6, 4, 2] and term["sort"] == "d"
    assert roll_with("3d6s", [2, 6, 4])[0]["terms"][0]["values"] == [2, 4, 6]


def test_sort_is_written_back_with_its_direction():
    assert notation.parse("3d6s").text == "3d6sa"
    assert notation.parse("{3d6, 2d6}sd").text == "{3d6, 2d6}sd"


def test_sort_shows_chains_sorted_and_the_dice_in_that_order():
    result, _ = roll_with("4d6!>=5s", [5, 2, 6, 1, 3, 4])
    term = result["terms"][0]
    assert result["steps"][0] == "4d6!>=5sa: 3, 4, 5 -> 2 = 7, 6 -> 1 = 7; 3 + 4 + 7 + 7 = 21"
    # indices into the rolls: 3, 4, then the chains 5 -> 2 and 6 -> 1; no kept flags
    assert term["values"] == [3, 4, 7, 7] and term["dice"] == [4, 5, 0, 1, 2, 3]
    assert "kept" not in term and term["sort"] == "a"


def test_sort_leaves_the_odds_alone():
    from .enumerate import assert_exact
    from tablecheck.dice.modifiers import ODDS, Sort
    assert not any(isinstance(m, Sort) for m in ODDS)  # no part of the odds
    assert notation.distribution("3d4!sd") == notation.distribution("3d4!")
    assert_exact("3d4sd")
