"""Shadows of the Unknown dice expressions (2D6-2, 3D6+2, 1D10): the
generic roller's `roll` check, found in the registry when it is called (an
entered d10 face 0 reads as 10 there), as this game's `dice` check."""

from fractions import Fraction

from ... import games
from .terms import ROLLER


def roller():
    """The generic roller's check, looked up at call time."""
    system, check = ROLLER
    return games.find(system).check(check)


def resolve_dice(values, tray):
    result = dict(roller().resolve(values, tray))
    result["outcome"] = "rolled"
    result["success"] = True
    return result


def odds_dice(values):
    result = dict(roller().odds(values))
    result["outcomes"] = {"rolled": Fraction(1)}
    return result
