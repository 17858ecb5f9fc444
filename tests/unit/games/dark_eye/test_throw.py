"""One skill check's throw (games/dark_eye/throw.py): the SP walk die by die
(`sp_walk`), which both the rules (each die's cost) and the card's sentences
read, against the rule written out here."""

import itertools

import pytest

from tablecheck.games.dark_eye.throw import sp_walk


def walk_by_hand(faces, eavs, rating):
    """The rule: spend each die's need in order while the SP cover it;
    the first die they cannot cover stops the spending."""
    out, left, stopped = [], rating, False
    for face, eav in zip(faces, eavs):
        need = max(0, face - eav)
        if need and not stopped and need <= left:
            left -= need
            out.append((need, need, left, 0, False))
        elif need and not stopped:
            out.append((need, 0, left, need - left, False))
            stopped = True
        elif need:
            out.append((need, 0, left, need, True))
        else:
            out.append((0, 0, left, 0, stopped))
    return out


@pytest.mark.parametrize("eavs, rating", [((12, 12, 12), 4), ((10, 14, 8), 0), ((5, 18, 11), 9)])
def test_sp_walk_follows_the_rule_for_every_throw(eavs, rating):
    for faces in itertools.product(range(1, 21), repeat=3):
        got = [(s.need, s.cost, s.left, s.short, s.after_uncovered) for s in sp_walk(faces, eavs, rating)]
        assert got == walk_by_hand(faces, eavs, rating), faces


def test_sp_walk_rule_example_two_sp_on_the_second_eav():
    # "if the second EAV is 12 and the player rolls a 14, the player can spend two SP"
    walk = sp_walk([3, 14, 5], [10, 12, 10], 4)
    assert [(s.cost, s.left) for s in walk] == [(0, 4), (2, 2), (0, 2)]
