"""The dice, in one place every system shares: sources (secure, seeded,
entered), the tray that records each die, exact distributions, and the
notation of the generic roller."""

from .dist import TAIL_EPS, Dist
from .sources import (DiceSource, EnteredSource, NeedMoreDice, SecureSource,
                      SeededSource, source_from_request)
from .tray import Die, Tray, chain_text, keep

__all__ = [
    "TAIL_EPS", "Dist", "DiceSource", "EnteredSource", "NeedMoreDice",
    "SecureSource", "SeededSource", "source_from_request", "Die", "Tray",
    "chain_text", "keep",
]
