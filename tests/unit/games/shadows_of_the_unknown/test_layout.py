"""Shadows of the Unknown in the shape of a game (tests/game_layout.py): its
dice check reaches the generic roller through the registry, never by
importing that game."""

from game_layout import problems


def test_shadows_of_the_unknown_has_the_shape_of_a_game():
    assert problems("shadows_of_the_unknown") == []
