"""[ax] in the shape of a game (tests/game_layout.py): cards never import
the rules, the rules hold no words, no other game imported."""

from game_layout import problems


def test_ax_has_the_shape_of_a_game():
    assert problems("ax") == []
