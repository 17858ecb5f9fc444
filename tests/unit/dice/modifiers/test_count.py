import pytest

from tablecheck.dice import notation
from tablecheck.errors import InvalidRequest

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
