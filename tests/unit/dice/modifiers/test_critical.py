from tablecheck.dice import notation

from .roll_with import roll_with


def test_criticals_mark_dice_and_change_nothing_else():
    result, dice = roll_with("3d6cscf", [6, 1, 3])
    assert result["total"] == 10
    assert [d.critical for d in dice] == ["success", "failure", None]
    _, dice = roll_with("2d20cs>=19cf<3", [19, 2])
    assert [d.critical for d in dice] == ["success", "failure"]


def test_criticals_are_written_back_as_written():
    assert notation.parse("2d20cf cs>=19").text == "2d20cs>=19cf"


def test_criticals_leave_the_odds_alone():
    from .enumerate import assert_exact
    from tablecheck.dice.modifiers import ODDS, Critical
    assert not any(isinstance(m, Critical) for m in ODDS)  # no part of the odds
    assert notation.distribution("2d4cs>=3cf1") == notation.distribution("2d4")
    assert_exact("2d4cs>=3cf1")
