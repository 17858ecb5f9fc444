"""! explode, !! compound, !p penetrate (and !!p), with an optional compare
point (none: the die's highest value). Each die's explosions are rolled
right after it (Roller.exploding: they decide how many dice there are, so
they are part of rolling the pool rather than a step over it)."""

from dataclasses import dataclass
from fractions import Fraction

from .base import MAX_EXTRA, Compare, DieWork, Modifier, Unit, error


@dataclass(frozen=True)
class Explode:
    compound: bool = False  # !!: the new values add to the die that exploded
    penetrate: bool = False  # !p: each added die counts 1 less
    cp: Compare = None  # None: the die's maximum
    pos: int = 0

    @property
    def text(self):
        return "!" + ("!" if self.compound else "") + ("p" if self.penetrate else "") + \
            (self.cp.short if self.cp else "")


class Exploding(Modifier):
    order = 2
    written = 3  # after counting: '8d10>=8!' ('!>=8' would be the explosion's point)
    words = {"explode": "explosion ('!')"}
    said = 2

    def parse(self, parser, at, found):
        """! !! !p !!p and an optional compare point: the longest reading
        wins (notation.md: '!!=4' is '!!' then '=4'; '!=3' is '!' then '=3')."""
        if not parser.low.startswith("!", at):
            return None
        parser.i += 1
        compound = parser.low.startswith("!", parser.i)
        if compound:
            parser.i += 1
        penetrate = parser.eat_letter("p")
        return "explode", Explode(compound, penetrate, parser.compare("a compare point"), at + 1)

    def check(self, term, shaped, mods):
        e = mods.explode
        if e:
            cp = e.cp or Compare("=", shaped.top)
            if all(cp(v) for v in shaped.values()):
                error(f"an explosion on every face of a {shaped.die_text} (it would never stop)",
                      e.pos - 1, "a compare point some face misses, such as !=6 or !>=5")

    def text(self, mods):
        return mods.explode.text if mods.explode else ""

    def grows(self, term):
        return term.mods.explode is not None and not term.mods.explode.compound

    def tails(self, term):
        return term.mods.explode is not None

    def pool(self, roller, term, labels):
        """The roll step: a term's dice, each die's explosions right after
        it (they decide how many dice there are): (units, the label of each
        unit)."""
        m = term.mods
        units, out = [], []
        chained = m.explode.compound or (term.keep is None and not m.counting)
        for label in labels:
            d = roller.die(term, label)
            unit = Unit([d], d.value)
            units.append(unit)
            out.append(label)
            added = self.chain(roller, term, unit, label, chained)
            if added:
                units.extend(added)
                out.extend([label] * len(added))
        return units, out

    def chain(self, roller, term, unit, label, chained):
        """Roll `unit`'s explosions: added to it (!!) or returned as dice of
        their own; at most MAX_EXTRA, and none once the roll's dice run out."""
        e = term.mods.explode
        cp = term.explode_point
        if chained:
            chain = roller.chains
            roller.chains += 1
            unit.dice[0].chain = chain
        added = []
        last, face, extra = unit.dice[0], unit.dice[0].value, 0
        while cp(face):
            if extra == MAX_EXTRA:
                roller.note(f"{label}: the explosions stopped after {MAX_EXTRA} extra rolls")
                break
            if roller.out_of_dice() or roller.capped():
                break
            last.exploded = True
            d = roller.die(term, label, "explosion")
            face = d.value
            if e.penetrate:
                d.value -= 1
                d.penetrated = True
            if chained:
                d.chain = chain
            if e.compound:
                unit.dice[0].compounded = d.compounded = True
                unit.dice.append(d)
                unit.value += d.value
            else:
                added.append(Unit([d], d.value))
            last, extra = d, extra + 1
        return added

    def classic(self, term):
        """Only a default '!' or '!!' (a separate '!' under keep/drop is counted
        as it runs)."""
        e = term.mods.explode
        return e is None or not (e.cp is not None or e.penetrate or (term.keep and not e.compound))

    def shown(self, term, units):
        """Separate explosions joined to the die they came from, as one
        chain each ('8 -> 8 -> 3 = 19')."""
        e = term.mods.explode
        if e and any([u.dice[0].chain is not None for u in units]):
            return chains_of(units)
        return units

    def unit_words(self, unit):
        d = unit.dice[0]
        # a die in a chain shows its explosions ('6 -> 2 = 8')
        if d.exploded and d.chain is None and len(unit.dice) == 1:
            return " (exploded)"
        return ""

    def describe(self, result, tr, units, out):
        term = tr.node
        e = term.mods.explode
        if e and not e.compound and (term.keep or term.mods.counting):
            out["separate_explosions"] = True

    def die_work(self, term, die, eps):
        """A default '!' or '!!' die: every chain of up to `depth` rolls
        (Dist.exploding), its sums by repeated squaring."""
        if term.mods.explode is None:
            return die
        s = die.faces
        depth = explosion_depth(max(s, 2), eps)
        return DieWork(depth * (s - 1), depth * s, depth * s.bit_length(), False)

    def odds(self, node, plan):
        """The die's chain (Chain): what explodes, penetration, and whether
        its rolls are units of their own."""
        e = node.mods.explode
        if e:
            plan.chain = Chain(node.explode_point, e.penetrate, not e.compound)

    def values(self, term, values):
        e = term.mods.explode
        if e and e.compound:
            return None
        if e and e.penetrate:
            values |= {v - 1 for v in values}
        return values


def chains_of(units):
    """Units of separate exploding dice joined by chain (for the steps only;
    new units, each chain's dice appended in place: linear in the dice)."""
    out = []
    for u in units:
        c = u.dice[0].chain
        if out and c is not None and out[-1].dice[0].chain == c:
            last = out[-1]
            last.dice.extend(u.dice)
            last.value += u.value
            last.kept = last.kept and u.kept
        else:
            out.append(Unit(list(u.dice), u.value, u.kept, list(u.rerolled_from)))
    return out


def explosion_depth(sides, eps):
    """Rolls represented per exploding die: the smallest depth with
    sides^-depth < eps (what Dist.exploding uses)."""
    depth = 1
    bound = 1
    while True:
        bound *= sides
        if bound * eps > 1:
            return depth
        depth += 1


def explode_cp(term):
    """What explodes: the compare point of '!', else the die's highest value."""
    return term.mods.explode.cp or Compare("=", term.top)


# -- its exact distribution (notation_odds.chain_series) --
@dataclass(slots=True)
class Chain:
    """An explosion as the exact odds see it: the faces that roll again
    (`goes_on`), an added die counting 1 less (`penetrate`), and whether
    each roll is a unit of its own (`separate`: '!', whose dice the rerolls,
    uniqueness, keeps and counts see one by one) or adds to the first ('!!')."""
    goes_on: Compare
    penetrate: bool
    separate: bool

    def transitions(self, plan, added):
        """[(face goes on, {value: weight})] for one die of a chain (the
        first or an `added` one), all with the same total; returns (list,
        total). A separate die's value is replaced as a unit of its own
        (plan.unit_map: rerolls)."""
        faces = plan.faces
        replace = plan.unit_map if self.separate else None
        new = replace.fresh if replace else None
        rcp = replace.matches if replace else None
        scale = new.total if new else 1
        penetrates = added and self.penetrate
        goes_on = self.goes_on
        out = []
        for f, w in faces.items():
            v = f - 1 if penetrates else f
            if rcp is not None and rcp(v):
                vals = {x: w * wx for x, wx in new.weights.items()}
            else:
                vals = {v: w * scale}
            out.append((bool(goes_on(f)), vals))
        return out, sum(faces.values()) * scale

    @staticmethod
    def cap(first, later, total, eps):
        """Extra rolls represented per chain: the first depth at which the
        chance that the chain is still going drops below `eps` (MAX_EXTRA at
        most: there the roller stops the chain)."""
        p_first = Fraction(sum(sum(vals.values()) for ex, vals in first if ex), total)
        p_later = Fraction(sum(sum(vals.values()) for ex, vals in later if ex), total)
        going, extra = p_first, 0
        while going >= eps and extra < MAX_EXTRA:
            going *= p_later
            extra += 1
        return extra
