"""The dice of one resolved check, recorded in rolling order.

A resolver rolls through a `Tray`; every die becomes a `Die` record that the
page can draw (`sides`, `value`, `kept`, `exploded`, `confirmation`, ...).
"""

from dataclasses import dataclass, field


@dataclass(slots=True)  # a roll makes up to 100,000
class Die:
    sides: int
    value: int
    label: str = ""
    kept: bool = True
    exploded: bool = False  # this die showed its maximum and rolled again
    confirmation: bool = False
    rerolled: bool = False  # superseded by a reroll
    chain: int = None  # index of the explosion chain / pool die it belongs to
    info: dict = field(default_factory=dict)  # rule extras: eav, cost, side...
    # the dice notation's flags (tablecheck.dice.notation_roll)
    compounded: bool = False  # its value adds to the die that exploded (!!)
    penetrated: bool = False  # an added die counting 1 less (!p)
    success: bool = False  # counted as a success
    failure: bool = False  # counted as a failure (subtracted)
    critical: str = None  # "success" | "failure" (cs / cf: shown only)

    def to_dict(self):
        out = {"sides": self.sides, "value": self.value, "label": self.label,
               "kept": self.kept}
        # each flag when set, in this order (a test per flag: a third of a loop's time)
        if self.exploded:
            out["exploded"] = True
        if self.confirmation:
            out["confirmation"] = True
        if self.rerolled:
            out["rerolled"] = True
        if self.compounded:
            out["compounded"] = True
        if self.penetrated:
            out["penetrated"] = True
        if self.success:
            out["success"] = True
        if self.failure:
            out["failure"] = True
        if self.critical:
            out["critical"] = self.critical
        if self.chain is not None:
            out["chain"] = self.chain
        if self.info:
            out.update(self.info)
        return out


class Tray:
    __slots__ = ("source", "dice", "_chains")

    def __init__(self, source):
        self.source = source
        self.dice = []
        self._chains = 0

    def roll(self, sides, label="", **flags):
        if flags:
            info = flags.pop("info", None) or {}
            die = Die(sides, self.source.roll(sides, label), label, info=dict(info), **flags)
        else:  # most dice: no flags, no info
            die = Die(sides, self.source.roll(sides, label), label)
        self.dice.append(die)
        return die

    def roll_many(self, sides, labels):
        """One die of `sides` for each label, asked of the source at once:
        the same dice as a roll() for each."""
        faces = self.source.roll_many(sides, len(labels), labels)
        dice = []
        for face, label in zip(faces, labels):  # a loop: most terms roll a die or three
            dice.append(Die(sides, face, label))
        self.dice += dice
        return dice

    def place(self, sides, value, label="", **flags):
        """Record a die whose face is already known (a throw made earlier,
        e.g. the one a reroll follows up on); the source is not asked."""
        info = flags.pop("info", None) or {}
        die = Die(sides, value, label, info=dict(info), **flags)
        self.dice.append(die)
        self.source.place(value)
        return die

    def roll_faces(self, faces, label="", **flags):
        """A die whose sides show `faces` (a Fate die: -1, 0, +1); `sides`
        is the number of its sides."""
        info = flags.pop("info", None) or {}
        die = Die(len(faces), self.source.roll_faces(faces, label), label, info=dict(info), **flags)
        self.dice.append(die)
        return die

    def pool(self, n, sides, label="die"):
        """n dice of `sides`; labels numbered when n > 1 ("die 1", ...)."""
        return [self.roll(sides, f"{label} {i + 1}" if n > 1 else label)
                for i in range(n)]

    def explode(self, sides, label="die"):
        """One exploding die: while it shows its maximum, roll again and add
        (no cap). Returns the chain; its total is ``sum(d.value ...)``."""
        if sides < 2:
            raise ValueError("a die with fewer than 2 sides cannot explode")
        chain_id = self._chains
        self._chains += 1
        chain = [self.roll(sides, label, chain=chain_id)]
        while chain[-1].value == sides:
            chain[-1].exploded = True
            chain.append(self.roll(sides, f"explosion of {label}", chain=chain_id))
        return chain

    def to_list(self):
        return list(map(Die.to_dict, self.dice))


def keep(dice, k, highest=True):
    """Mark the k highest (or lowest) of `dice` kept, the rest not; earlier
    dice win ties. Returns the kept dice in rolling order."""
    order = sorted(range(len(dice)), key=lambda i: (-dice[i].value if highest else dice[i].value, i))
    chosen = set(order[:k])
    for i, d in enumerate(dice):
        d.kept = i in chosen
    return [d for i, d in enumerate(dice) if i in chosen]


def chain_text(chain):
    """An explosion chain as the page and steps write it: '8 -> 8 -> 3 = 19'."""
    values = [d.value for d in chain]
    if len(values) == 1:
        return str(values[0])
    return " -> ".join(str(v) for v in values) + f" = {sum(values)}"
