"""The Dark Eye has the shape of a game package (tests/game_layout.py): the
cards never import the rules, the rules hold no sentences."""

from game_layout import problems


def test_the_dark_eye_has_the_shape_of_a_game():
    assert problems("dark_eye") == []
