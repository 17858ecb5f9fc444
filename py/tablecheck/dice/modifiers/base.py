"""What every modifier shares: the compare point, the error every parse
step raises, and the Modifier base class (tablecheck.dice.modifiers)."""

from dataclasses import dataclass

from ...errors import InvalidRequest

FIELD = "expression"
MAX_EXTRA = 1000  # extra rolls of one die's explosion or reroll chain


def error(what, index, expected, code="syntax", **extra):
    """InvalidRequest('expression', '<what> at position N: expected ...'),
    `index` 0-based."""
    raise InvalidRequest(FIELD, f"{what} at position {index + 1}: expected {expected}",
                         code=code, position=index + 1, **extra)


@dataclass(frozen=True)
class Compare:
    """A compare point: `op` one of = <> < > <= >=, `value` an int."""
    op: str
    value: int
    pos: int = 0

    def __call__(self, v):
        op, x = self.op, self.value
        if op == "=":
            return v == x
        if op == "<>":
            return v != x
        if op == "<":
            return v < x
        if op == ">":
            return v > x
        if op == "<=":
            return v <= x
        return v >= x

    @property
    def text(self):
        return f"{self.op}{self.value}"

    @property
    def short(self):
        """After a modifier letter '=' goes unwritten: r1, f1, !10."""
        return str(self.value) if self.op == "=" and self.value >= 0 else self.text


@dataclass(frozen=True)
class AnyOf:
    """The compare points of several rerolls on one term, joined
    (notation.md: `2d8r1r3` rerolls 1s and 3s): a value matches when it
    matches any of them."""
    points: tuple  # of Compare

    def __call__(self, v):
        return any(cp(v) for cp in self.points)


@dataclass(slots=True)
class Unit:
    """One die of a pool as it counts: its Die records (a compounded die has
    several) and its value."""
    dice: list
    value: int
    kept: bool = True
    # the values it showed before its rerolls: () until its first reroll
    # (Roller.reroll makes the list; most units are never rerolled)
    rerolled_from: list = ()


@dataclass(frozen=True)
class DieWork:
    """One die of a classic term as the odds work estimate sees it
    (notation_work.term_work): its outcomes, the span of its values, the
    bits of its weights, and whether a pool of it sums by a sliding window
    (plain faces) rather than by repeated squaring."""
    faces: int
    top: int
    bits: int
    window: bool = True


class Modifier:
    """One modifier of the notation. Subclasses declare:

    - `order`: its place in the fixed order of application (notation.md),
      whatever order it is written in; MODIFIERS is sorted by it;
    - `written`: its place when a term is written back (counting comes
      before '!', 'r' and 'u', whose compare point would swallow it);
    - `words`: {Mods field it fills: how an error names it};
    - `on_groups`: whether a group {...} takes it.

    and implement what applies to them (the defaults do nothing):

    - parse(parser, at, found): (field, value) when the text at `at` is
      this modifier (the parser's position moved past it), else None;
    - add(parser, found, field, value, at, context): record it in `found`;
    - finish(found, term, context): after the last modifier of a term;
    - check(term, shaped, mods): refuse what would never end;
    - text(mods): the modifier written back ('' when absent);
    - applies(term): whether the roll step runs for this dice term;
    - roll(roller, term, units, labels): the roll step over the pool;
    - values(term, values): the set of values one die can count as, for
      the bounds, from the set the modifiers before it leave (None:
      unbounded);
    - die_range(term, values): (lowest, highest) one kept die adds to the
      term's value when this modifier decides it (counting), else None;
    - classic(term): False when it takes the term off the classic shapes
      whose odds have fast paths and a measured work estimate
      (notation_work.term_work; other shapes count their work as they run);
    - grows(term): True when its roll step can add dice to the pool
      (separate explosions), so keep/drop and the bounds cannot count it
      as `count` dice;
    - tails(term): True when its odds are cut where a tail is left out
      (explosions: chains without end); the expression's tail is shared
      among the dice of such terms (notation_work.term_eps);
    - die_work(term, die, eps): of a classic term, the DieWork one die is
      after this modifier (explosions: several rolls deep), from `die`;
    - work(term, die): of a classic term, (estimated work, outcomes, bits)
      of its exact odds when this modifier decides how its dice combine
      (keep/drop: the keep programme), else None (the dice are summed);
    - odds(node, plan): its part of the exact odds of a dice term (or of a
      group, for `on_groups`), filled into the TermOdds `plan`
      (tablecheck.dice.modifiers.odds) after the modifiers before it;

    and, when `said` is set (its place among the words of a roll's steps,
    SAYING), the words of its step (RollResult asks them in that order):

    - shown(term, units): a dice term's units as the steps show them
      (explosion chains joined, sorted);
    - unit_words(unit): what one unit's text adds (' (dropped)');
    - summary(node, units, value): the end of a term's step ('2 successes')
      instead of the sum of the kept dice, else None;
    - describe(result, tr, units, out): its fields of the term's record
      (RollResult.term_dict) added to `out`.
    """
    order = 0
    written = 0
    words = {}
    on_groups = False
    said = None

    def parse(self, parser, at, found):
        return None

    def add(self, parser, found, name, value, at, context):
        if name in found:
            word = self.words[name]
            error(f"a second {word}", at, f"one {word} per term")
        found[name] = value

    def finish(self, found, term, context):
        pass

    def check(self, term, shaped, mods):
        pass

    def text(self, mods):
        return ""

    def applies(self, term):
        return False

    def roll(self, roller, term, units, labels):
        pass

    def values(self, term, values):
        return values

    def die_range(self, term, values):
        return None

    def grows(self, term):
        return False

    def tails(self, term):
        return False

    def classic(self, term):
        return True

    def die_work(self, term, die, eps):
        return die

    def work(self, term, die):
        return None

    def odds(self, node, plan):
        pass

    def shown(self, term, units):
        return units

    def unit_words(self, unit):
        return ""

    def summary(self, node, units, value):
        return None

    def describe(self, result, tr, units, out):
        pass
