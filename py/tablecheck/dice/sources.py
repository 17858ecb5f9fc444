"""Dice sources: where a resolver's dice come from.

Every resolver takes one source and asks it for dice with
``source.roll(sides, label)``; the rules never call `random` themselves.

- SecureSource: `random.SystemRandom`, the default.
- SeededSource: `random.Random(seed)`: same request + seed = same dice on
  CPython and Pyodide alike.
- EnteredSource: the player's physical dice, consumed in rolling order.
  When they run out it keeps answering with a harmless filler value (a face
  that triggers no confirmation, explosion or reroll) and records what was
  missing, so `finish()` can say exactly which dice are still needed.
"""

import os
import random

from ..errors import InvalidRequest

MAX_SIDES = 1000
# Entered dice: stop collecting missing dice after this many (a contest of
# filler ties would otherwise reroll for ever); above any pool the notation
# allows in one expression (200 characters of 1000-dice terms).
MAX_MISSING = 20000


class DiceSource:
    """Interface: `roll(sides, label)` -> face 1..sides; `finish()` after
    the check is resolved (entered dice: raises on missing or unused dice)."""

    def roll(self, sides, label=""):
        raise NotImplementedError

    def finish(self):
        pass


def _check_sides(sides):
    if not isinstance(sides, int) or sides < 1 or sides > MAX_SIDES:
        raise ValueError(f"a die needs 1..{MAX_SIDES} sides, not {sides!r}")


class SecureSource(DiceSource):
    kind = "secure"

    _shared = random.SystemRandom()  # holds no state: one for every request
    BUFFER = 256  # bytes of os.urandom read at a time (one system call per ~128 dice)

    def __init__(self):
        self._rng = SecureSource._shared
        self._buf = b""
        self._pos = 0

    def roll(self, sides, label=""):
        """A face 1..sides from the operating system's secure random bytes:
        16-bit draws, those in the last partial range of `sides` rejected,
        so every face is exactly as likely (sides <= 1000 < 2^16)."""
        _check_sides(sides)
        limit = 65536 - 65536 % sides
        while True:
            if self._pos + 2 > len(self._buf):
                self._buf, self._pos = os.urandom(self.BUFFER), 0
            v = self._buf[self._pos] | (self._buf[self._pos + 1] << 8)
            self._pos += 2
            if v < limit:
                return v % sides + 1


class SeededSource(DiceSource):
    kind = "seeded"

    def __init__(self, seed):
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides, label=""):
        _check_sides(sides)
        return self._rng.randint(1, sides)


def filler_face(sides):
    """A face that triggers nothing: not the maximum (explosions, natural
    20s) and not 1 (natural 1s) where the die allows."""
    return 2 if sides >= 3 else 1


class NeedMoreDice(Exception):
    """Raised inside a resolver when the entered dice have run out and too
    many are missing to keep going (turned into InvalidRequest by finish)."""


class EnteredSource(DiceSource):
    kind = "entered"

    def __init__(self, values, field="dice"):
        self.field = field
        self.values = list(values)
        self.used = 0
        self.missing = []  # [(sides, label)] asked for after the values ran out

    def roll(self, sides, label=""):
        _check_sides(sides)
        if self.used < len(self.values):
            index = self.used
            face = self.values[index]
            self.used += 1
            return normalise_face(face, sides, label, f"{self.field}[{index}]")
        self.missing.append((sides, label))
        if len(self.missing) >= MAX_MISSING:
            raise NeedMoreDice()
        return filler_face(sides)

    def needed(self):
        return [{"sides": s, "label": l} for s, l in self.missing]

    def finish(self):
        if self.missing:
            raise InvalidRequest(
                self.field, describe_missing(self.missing), code="dice_missing",
                needed=self.needed()
            )
        extra = self.values[self.used:]
        if extra:
            shown = ", ".join(str(v) for v in extra)
            raise InvalidRequest(
                self.field,
                f"{len(extra)} {'die' if len(extra) == 1 else 'dice'} too many: "
                f"{shown} {'was' if len(extra) == 1 else 'were'} not used "
                f"(this check needed {self.used})",
                code="dice_extra",
            )


def normalise_face(face, sides, label, field):
    """Check one entered face; a d10 (and d100) accepts 0 for its top face."""
    what = f"d{sides}" + (f" ({label})" if label else "")
    if isinstance(face, bool) or not isinstance(face, (int, float)) or face != int(face):
        raise InvalidRequest(field, f"{what}: {face!r} is not a whole number", code="dice_face")
    face = int(face)
    if face == 0 and sides in (10, 100):
        return sides
    if face < 1 or face > sides:
        raise InvalidRequest(field, f"{what} shows {face}; a d{sides} has faces 1-{sides}",
                             code="dice_face")
    return face


def describe_missing(missing):
    n = len(missing)
    parts = []
    for sides, label in missing[:12]:
        parts.append(f"d{sides}" + (f" ({label})" if label else ""))
    more = "" if n <= 12 else f", and {n - 12} more"
    at_least = "at least " if n >= MAX_MISSING else ""
    return (
        f"{at_least}{n} more {'die' if n == 1 else 'dice'} needed: "
        + ", ".join(parts) + more
    )


def source_from_request(request):
    """The source a request asks for: entered `dice`, a `seed`, or secure."""
    dice = request.get("dice")
    seed = request.get("seed")
    if dice is not None and seed is not None:
        raise InvalidRequest("dice", "give either dice or a seed, not both")
    if dice is not None:
        if not isinstance(dice, (list, tuple)):
            raise InvalidRequest("dice", "must be a list of die faces", code="type")
        return EnteredSource(dice)
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidRequest("seed", "must be a whole number", code="type")
        return SeededSource(seed)
    return SecureSource()
