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
from itertools import islice

from ..errors import InvalidRequest
from ..jsonvalues import whole_number
from ..messages import Dies, Faces, More, Shown

MAX_SIDES = 1000
# Entered dice: stop collecting missing dice after this many (a contest of
# filler ties would otherwise reroll for ever); above any pool the notation
# allows in one expression (200 characters of 1000-dice terms).
MAX_MISSING = 20000


class DiceSource:
    """Interface: `roll(sides, label)` -> face 1..sides; `roll_faces(faces,
    label)` -> one of `faces`, for a die whose sides show other values (a
    Fate die: -1, 0, +1); `finish()` after the check is resolved (entered
    dice: raises on missing or unused dice). A source subclass gives
    `face(sides)` (and `faces(sides, n)` when it can draw several at once).

    Every source keeps `given`: each face it answered, in order, as a player
    enters it (a Fate die's -1/0/+1), with the faces a resolver placed
    (`place`: a throw made earlier that a follow-up keeps). Sent back as
    entered `dice`, they replay the result (api.resolve's `replay`)."""

    kind = None
    __slots__ = ("given",)  # one source per request: no instance dict to make
    # the dice still needed (EnteredSource's own list); none for the others:
    # a class attribute, so that `getattr(source, "missing", None)` finds it
    # without raising (about 1,000 instructions a test on a slotted source)
    missing = ()

    def __init__(self):
        self.given = []

    def face(self, sides, label=""):
        raise NotImplementedError

    def faces(self, sides, n):
        return [self.face(sides) for _ in range(n)]

    def roll(self, sides, label=""):
        face = self.face(sides, label)
        self.given.append(face)
        return face

    def roll_faces(self, faces, label=""):
        """One side of a die whose sides show `faces` (one value a side,
        repeats allowed: dF.1 is (-1, 0, 0, 0, 0, 1)), every side equally
        likely: the same draw as `roll(len(faces))`."""
        face = faces[self.face(len(faces), label) - 1]
        self.given.append(face)
        return face

    def roll_many(self, sides, n, labels=None):
        """n faces of a die of `sides` (the roller asks for a term's dice at
        once when none of them can change what the next one is for): the
        same faces as n calls of `roll` (with `labels`, each die's)."""
        out = self.faces(sides, n)
        self.given += out
        return out

    def place(self, face):
        """Record a face the resolver already knows (Tray.place)."""
        self.given.append(face)

    def finish(self):
        pass


def _check_sides(sides):
    if not isinstance(sides, int) or sides < 1 or sides > MAX_SIDES:
        raise ValueError(f"a die needs 1..{MAX_SIDES} sides, not {sides!r}")


# The secure source's 16-bit draws from os.urandom, read BUFFER at a time and
# shared by every SecureSource: each draw is used once, by whichever request
# takes it (next() on a list iterator is atomic under the GIL, so threads
# never share one), and a forked child process reads fresh ones.
BUFFER = 128  # draws per os.urandom call (one system call per ~128 dice)
_draws = iter(())


def _fresh_draws():
    global _draws
    _draws = iter(memoryview(os.urandom(2 * BUFFER)).cast("H").tolist())


def _forget_draws():
    global _draws
    _draws = iter(())


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_draws)


def _take(n):
    """The next n draws."""
    out = list(islice(_draws, n))
    while len(out) < n:
        _fresh_draws()
        out += islice(_draws, n - len(out))
    return out


class SecureSource(DiceSource):
    kind = "secure"
    __slots__ = ()

    _rng = _shared = random.SystemRandom()  # holds no state: one for every request

    def face(self, sides, label=""):
        """A face 1..sides from the operating system's secure random bytes:
        16-bit draws, those in the last partial range of `sides` rejected,
        so every face is exactly as likely (sides <= 1000 < 2^16)."""
        if type(sides) is not int or not 0 < sides <= MAX_SIDES:
            _check_sides(sides)
        limit = 65536 - 65536 % sides
        while True:
            v = next(_draws, None)
            if v is None:
                v = _take(1)[0]
            if v < limit:
                return v % sides + 1

    def faces(self, sides, n):
        """n faces as n calls of `face` give them: the accepted draws in
        order (a rejected draw, under 1.6% for any die, is replaced by the
        next one)."""
        if type(sides) is not int or not 0 < sides <= MAX_SIDES:
            _check_sides(sides)
        limit = 65536 - 65536 % sides
        if n == 1:
            v = next(_draws, None)
            return [v % sides + 1] if v is not None and v < limit else [self.face(sides)]
        if n <= 8:  # a few dice: one draw each (cheaper than slicing the buffer)
            out = []
            for _ in range(n):
                v = next(_draws, None)
                out.append(v % sides + 1 if v is not None and v < limit else self.face(sides))
            return out
        draws = _take(n)
        if draws and max(draws) >= limit:
            draws = [v for v in draws if v < limit]
            while len(draws) < n:
                draws += [v for v in _take(n - len(draws)) if v < limit]
        return [v % sides + 1 for v in draws]


class SeededSource(DiceSource):
    kind = "seeded"
    __slots__ = ("seed", "_rng")

    def __init__(self, seed):
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)

    def face(self, sides, label=""):
        _check_sides(sides)
        return self._rng.randint(1, sides)

    def faces(self, sides, n):
        _check_sides(sides)
        randint = self._rng.randint
        return [randint(1, sides) for _ in range(n)]


def filler_face(sides):
    """A face that triggers nothing: not the maximum (explosions, natural
    20s) and not 1 (natural 1s) where the die allows."""
    return 2 if sides >= 3 else 1


class NeedMoreDice(Exception):
    """Raised inside a resolver when the entered dice have run out and too
    many are missing to keep going (turned into InvalidRequest by finish)."""


class EnteredSource(DiceSource):
    kind = "entered"
    __slots__ = ("field", "values", "used", "asked", "missing")

    def __init__(self, values, field="dice"):
        super().__init__()
        self.field = field
        self.values = list(values)
        self.used = 0
        self.asked = []  # [(sides, label, faces or None)] of every die asked for, in order
        self.missing = []  # the part of `asked` after the values ran out

    def roll(self, sides, label=""):
        _check_sides(sides)
        return self._take(sides, label, None)

    def roll_faces(self, faces, label=""):
        return self._take(len(faces), label, tuple(faces))

    def roll_many(self, sides, n, labels=None):
        """n dice, each asked for by its label (the page names the die it needs)."""
        _check_sides(sides)
        return [self._take(sides, label, None) for label in (labels or [""] * n)]

    def _take(self, sides, label, faces):
        asked = (sides, label, faces)
        self.asked.append(asked)
        if self.used < len(self.values):
            index = self.used
            self.used += 1
            field = f"{self.field}[{index}]"
            value = self.values[index]
            face = normalise_face(value, sides, label, field) if faces is None else \
                side_value(value, faces, label, field)
            self.given.append(face)
            return face
        self.missing.append(asked)
        if len(self.missing) >= MAX_MISSING:
            raise NeedMoreDice()
        filler = filler_face(sides)
        return filler if faces is None else faces[filler - 1]

    def needed(self):
        return [die_spec(*m) for m in self.missing]

    def drawn(self):
        """The dice this request took from the entered values, as `needed`
        names them (the page labels its fields with them)."""
        return [die_spec(*a) for a in self.asked[:self.used]]

    def finish(self):
        if self.missing:
            raise InvalidRequest(
                self.field, code="dice_missing", refusal=missing_refusal(self.missing),
                needed=self.needed()
            )
        extra = self.values[self.used:]
        if extra:
            raise InvalidRequest(
                self.field, code="dice_extra",
                refusal=("dice_extra_one" if len(extra) == 1 else "dice_extra",
                         {"n": len(extra), "faces": Faces(extra), "used": self.used}))


def die_spec(sides, label, faces=None):
    """One die as the page asks for it: {sides, label} plus, for a die whose
    sides show other values (Fate), `faces` [{value, text}] in side order,
    each value once."""
    out = {"sides": sides, "label": label}
    if faces is not None:
        out["faces"] = [{"value": v, "text": FACE_TEXTS.get(v, signed(v))}
                        for v in dict.fromkeys(faces)]
    return out


# How a side of a Fate die is written (the page's buttons and typed text)
FACE_TEXTS = {-1: "\u2212", 0: "0", 1: "+"}


def signed(v):
    return f"+{v}" if v > 0 else str(v).replace("-", "\u2212")


def side_value(value, faces, label, field):
    """Check one entered side of a die that shows `faces` (-1/0/+1)."""
    whole = whole_number(value)
    if whole is None:
        raise InvalidRequest(field, code="dice_face", refusal=(
            "not_a_face" if label else "not_a_face_die", {"die": label, "value": Shown(value)}))
    if whole not in faces:
        sides_text = ", ".join(signed(v) if v else "0" for v in dict.fromkeys(faces))
        raise InvalidRequest(field, code="dice_face", refusal=(
            "shows_not_a_side" if label else "shows_not_a_side_die",
            {"die": label, "value": Shown(whole), "sides": sides_text}))
    return whole


def normalise_face(face, sides, label, field):
    """Check one entered face; a d10 (and d100) accepts 0 for its top face."""
    what = Dies([(sides, label, None)])
    whole = whole_number(face)
    if whole is None:  # NaN, Infinity, 2.5, text, a list...: 3.0 is a 3
        raise InvalidRequest(field, code="dice_face", refusal=("not_a_face", {"die": what, "value": Shown(face)}))
    if whole == 0 and sides in (10, 100):
        return sides
    if whole < 1 or whole > sides:
        raise InvalidRequest(field, code="dice_face", refusal=(
            "shows_not_a_face", {"die": what, "value": Shown(whole), "sides": sides}))
    return whole


def missing_refusal(missing):
    """The refusal of dice still missing: (key, fields); the first 12 named."""
    n = len(missing)
    key = "dice_missing_at_least" if n >= MAX_MISSING else "dice_missing_one" if n == 1 else "dice_missing"
    return key, {"n": n, "dice": Dies(missing[:12]), "more": More(n - 12)}


def source_from_request(request):
    """The source a request asks for: entered `dice`, a `seed`, or secure."""
    dice = request.get("dice")
    seed = request.get("seed")
    if dice is not None and seed is not None:
        raise InvalidRequest("dice", refusal=("dice_or_seed", {}))
    if dice is not None:
        if not isinstance(dice, (list, tuple)):
            raise InvalidRequest("dice", code="type", refusal=("dice_list", {}))
        return EnteredSource(dice)
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidRequest("seed", code="type", refusal=("seed_whole", {}))
        return SeededSource(seed)
    return SecureSource()  # its draws are shared; `given` is this request's own
