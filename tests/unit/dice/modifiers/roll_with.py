"""Rolling an expression with the dice entered (shared by the modifier tests)."""

from tablecheck.dice import EnteredSource, Tray
from tablecheck.dice import notation


def roll_with(text, faces):
    """(result dict, the tray's dice) of `text` rolled with `faces` entered."""
    tray = Tray(EnteredSource(faces))
    result = notation.roll(text, tray)
    return result.to_dict(), tray.dice
