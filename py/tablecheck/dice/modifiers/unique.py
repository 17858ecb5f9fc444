"""u / uo and a compare point (none: any duplicate): each die after the
first is rolled again while an earlier die shows its value (once with uo)."""

from math import lcm

from .base import MAX_EXTRA, Modifier, error
from .reroll import parse_reroll


class Unique(Modifier):
    order = 4
    written = 5
    words = {"unique": "unique (u)"}

    def parse(self, parser, at, found):
        u = parse_reroll(parser, at, "u")
        return None if u is None else ("unique", u)

    def check(self, term, shaped, mods):
        u = mods.unique
        if u and not u.once:
            values = shaped.values()
            matching = [v for v in values if u.cp is None or u.cp(v)]
            if u.cp is None or len(matching) == len(values):
                # more dice than values from the start: never unique (rpg-dice-roller
                # rerolls 1000 times); a pool that explosions grow may or may not be:
                # rolled, the rerolls stop after 1000 and say so
                if term.count > len(values):
                    error(f"{term.count} different values on a {shaped.die_text}", u.pos - 1,
                          f"at most {len(values)} dice for u, or uo (once)")

    def text(self, mods):
        return mods.unique.text_for("u") if mods.unique else ""

    def applies(self, term):
        return term.mods.unique is not None

    def roll(self, roller, term, units, labels):
        """Each unit after the first rerolled while an earlier one shows its
        value (and it matches u's compare point); the values seen so far in
        a set (a pool of 100,000 dice is not quadratic)."""
        u = term.mods.unique
        values = set(term.values())
        # every value a fresh die can show is a duplicate u rerolls (3d6!u with
        # 7 dice): no unique reroll can end, the die stays as it is
        could_all_be_taken = u.cp is None or all(u.cp(v) for v in values)
        seen, free = set(), set(values)
        for i, unit in enumerate(units):
            if i and not u.once and could_all_be_taken and not free:
                if unit.value in seen:
                    roller.note(f"{labels[i]}: every value of a {term.die_text} is taken, it "
                                "stays a duplicate (no unique reroll can help)")
            elif i:
                roller.reroll(term, unit, labels[i],
                              lambda v: (u.cp is None or u.cp(v)) and v in seen, u.once,
                              "unique reroll")
            seen.add(unit.value)
            free.discard(unit.value)

    def classic(self, term):
        return term.mods.unique is None  # its odds: notation_odds.unique_states

    def odds(self, node, plan):
        """Units made unlike the ones before them (Distinct), drawn from
        the die's faces after min/max."""
        u = node.mods.unique
        if u:
            plan.distinct = Distinct(u, plan.faces)

    def values(self, term, values):
        if term.mods.unique:
            values |= set(term.values())
        return values


# -- its exact distribution (notation_odds.unique_states) --
class Distinct:
    """Unique rerolls as the exact odds see them: the values seen so far are
    the bits of a mask (only which values were seen decides a reroll); a
    unit whose value is among them (and matches u's compare point) is
    replaced by a fresh die's value not among them (uo: any fresh value,
    once). A redraw's weights are over `lcm`, the lcm of every total a
    unique reroll can be drawn from, so that weights stay integers."""

    def __init__(self, u, faces):
        self.once, self.cp = u.once, u.cp
        self.faces = faces  # a unique reroll rolls a fresh die (min/max only)
        self.total = sum(faces.values())
        self.lcm = lcm(*range(2, self.total + 1))
        self.bits = {}
        self.draws = {}  # seen mask -> {value: weight over lcm} of a redraw, or None

    def bit(self, v):
        bits = self.bits
        if v not in bits:
            bits[v] = 1 << len(bits)
        return bits[v]

    def matches(self, v):
        return self.cp is None or self.cp(v)

    def redraw(self, mask, eps, refuse):
        """{value: weight over lcm} of a unique reroll when the values of
        `mask` were seen, or None when every value is taken (the die stays
        a duplicate, as the roller). `refuse()` when the conditional law
        leaves out a chance that MAX_EXTRA rerolls all miss that is not
        negligible against `eps`."""
        draws = self.draws
        if mask not in draws:
            faces, total = self.faces, self.total
            ok = faces if self.once else \
                {x: w for x, w in faces.items() if not (self.matches(x) and self.bit(x) & mask)}
            if not ok:
                draws[mask] = None
                return None
            left = sum(ok.values())
            if left < total and not self.once and (1 - left / total) ** MAX_EXTRA > float(eps):
                refuse()
            draws[mask] = {x: w * (self.lcm // left) for x, w in ok.items()}
        return draws[mask]
