"""r / ro and a compare point (none: the die's lowest value): each die is
rolled again while it matches (once with ro). Several rerolls on one term
join their compare points (notation.md: `2d8r1r3` rerolls 1s and 3s)."""

from dataclasses import dataclass

from ..dist import Dist
from .base import AnyOf, Compare, Modifier, error


@dataclass(frozen=True)
class Reroll:
    once: bool = False
    cp: Compare = None  # None: r: the die's minimum; u: any duplicate
    pos: int = 0

    def text_for(self, letter):
        once = "o" if self.once else ""
        if isinstance(self.cp, AnyOf):  # r1r3: each compare point after its own r
            return "".join(letter + once + cp.short for cp in self.cp.points)
        return letter + once + (self.cp.short if self.cp else "")

    def join(self, other, default):
        """This reroll and a second one on the same term as one (notation.md:
        their compare points joined; rerolled until it misses them all
        unless both are once). `default`: the compare point of a bare r."""
        points = []
        for r in (self, other):
            cp = r.cp or default
            points.extend(cp.points if isinstance(cp, AnyOf) else (cp,))
        return Reroll(self.once and other.once, AnyOf(tuple(points)), self.pos)


def parse_reroll(parser, at, letter):
    """`letter` ('r' or 'u'), an optional 'o' and an optional compare point."""
    if not parser.low.startswith(letter, at):
        return None
    parser.i += 1
    once = parser.eat_letter("o")
    return Reroll(once, parser.compare("a compare point"), at + 1)


class Rerolling(Modifier):
    order = 3
    written = 4
    words = {"reroll": "reroll (r)"}
    said = 1

    def parse(self, parser, at, found):
        r = parse_reroll(parser, at, "r")
        return None if r is None else ("reroll", r)

    def add(self, parser, found, name, value, at, context):
        rerolls = context.setdefault("rerolls", [])
        rerolls.append(value)
        found["reroll"] = rerolls[0]

    def finish(self, found, term, context):
        rerolls = context.get("rerolls", ())
        if len(rerolls) > 1:
            # the default compare point of a bare r is the die's lowest value after min/max
            bottom = min(clamped(f, found) for f in term.faces())
            joined = rerolls[0]
            for r in rerolls[1:]:
                joined = joined.join(r, Compare("=", bottom))
            found["reroll"] = joined

    def check(self, term, shaped, mods):
        r = mods.reroll
        if r and not r.once:
            cp = r.cp or Compare("=", shaped.bottom)
            if all(cp(v) for v in shaped.values()):
                error(f"a reroll on every face of a {shaped.die_text} (it would never stop)",
                      r.pos - 1, "a compare point some face misses, such as r1 or r<3")

    def text(self, mods):
        return mods.reroll.text_for("r") if mods.reroll else ""

    def applies(self, term):
        return term.mods.reroll is not None

    def roll(self, roller, term, units, labels):
        cp = term.reroll_point
        once = term.mods.reroll.once
        for unit, label in zip(units, labels):
            if cp(unit.value):
                roller.reroll(term, unit, label, cp, once)

    def classic(self, term):
        return term.mods.reroll is None

    def unit_words(self, unit):
        """' (rerolled 1, 2)': the values a die showed before its rerolls
        (unique rerolls too: Roller.reroll records both)."""
        if unit.rerolled_from:
            return f" (rerolled {', '.join([str(v) for v in unit.rerolled_from])})"
        return ""

    def odds(self, node, plan):
        """What replaces a matching unit (Replace), unit by unit."""
        if node.mods.reroll:
            plan.unit_map = Replace(node.reroll_point, fresh(node))

    def values(self, term, values):
        r = term.mods.reroll
        if r:
            cp = r.cp or Compare("=", term.bottom)
            fresh = set(term.values())
            keep = {v for v in values if not cp(v)}
            values = keep | (fresh if r.once else {v for v in fresh if not cp(v)})
        return values


# -- its exact distribution (notation_odds) --
def reroll_cp(term):
    """What 'r' rerolls: its compare point, else the die's lowest value."""
    return term.mods.reroll.cp or Compare("=", term.bottom)


def fresh(term):
    """The Dist a rerolled die takes: a fresh die, rerolled again while it
    matches for `r`, once for `ro`."""
    m = term.mods
    base = term.values()
    if m.reroll and not m.reroll.once:
        cp = reroll_cp(term)
        base = {v: w for v, w in base.items() if not cp(v)}
    return Dist(base, sum(base.values()))


@dataclass(slots=True)
class Replace:
    """A reroll as the exact odds see it: a unit whose value `matches` is
    replaced by the Dist `fresh` (a fresh die, rerolled while it matches
    for r, once for ro)."""
    matches: object
    fresh: Dist

    def map(self, unit):
        """A unit's Dist after the reroll."""
        cp, new = self.matches, self.fresh
        weights = {}
        for v, w in unit.weights.items():
            if cp(v):
                for x, wx in new.weights.items():
                    weights[x] = weights.get(x, 0) + w * wx
            else:
                weights[v] = weights.get(v, 0) + w * new.total
        return Dist(weights, unit.total * new.total)


def clamped(v, found):
    """A face after the min and max found so far (Dice.clamp)."""
    if found.get("min") is not None and v < found["min"]:
        v = found["min"]
    if found.get("max") is not None and v > found["max"]:
        v = found["max"]
    return v
