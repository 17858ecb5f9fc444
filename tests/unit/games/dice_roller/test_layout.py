"""The dice roller in the shape of a game (issue 26, item 1): its rules
(roll.py) hold no words and its cards (cards.py) import no rules."""

from game_layout import problems


def test_the_dice_roller_has_the_shape_of_a_game():
    assert problems("dice_roller") == []
