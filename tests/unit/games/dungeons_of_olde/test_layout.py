"""The Dungeons of Olde is in the shape of a game package (tests/game_layout.py):
cards never import the rules, the rules hold no sentences, no other game
is imported."""

from game_layout import problems


def test_dungeons_of_olde_is_in_the_shape_of_a_game():
    assert problems("dungeons_of_olde") == []
