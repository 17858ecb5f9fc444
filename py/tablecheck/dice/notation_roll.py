"""Rolling a parsed dice expression (tablecheck.dice.notation_parse) through
a Tray: every die in rolling order, with its flags, and the result the API
returns (total, steps, terms, labels, bounds).

A dice term rolls in the notation's fixed order: its dice (min/max applied
to every die as it is rolled), then each die's explosions right after it,
then rerolls, unique rerolls, keep/drop, counting and criticals over the
pool: each modifier's roll step (tablecheck.dice.modifiers), in the order
of MODIFIERS; this module holds what they share (a die, a reroll, the
caps) and the result. An explosion or reroll chain stops after MAX_EXTRA extra rolls (the
result says so). The result's words of each modifier ('(rerolled 1)',
'(dropped)', '3 successes', the sorted dice) are its class's (`shown`,
`unit_words`, `summary`, `describe`), asked in the order of SAYING.
"""

import gc
from dataclasses import dataclass
from fractions import Fraction

from .notation_math import apply_function, apply_operator, round_half_away, whole
from .notation_parse import (BinOp, Dice, Func, Group, Neg, Num, Paren,
                             parse, text_of, text_of_unlabelled)
from .modifiers import (DESCRIBE, EXPLODING, MODIFIERS, SHOWN, SUMMARY, UNIT_WORDS, Unit, count,
                        keep_pool)
from .modifiers.base import MAX_EXTRA
from .notation_group import group_dice_bounds, keep_group_dice
from .tray import chain_text

MAX_ROLLED = 100_000  # dice rolled in all by one roll (notation.md, Limits)
CAP_NOTE = (f"the roll stopped at {MAX_ROLLED:,} dice rolled in all: the explosions and "
            "rerolls left were not rolled")
INF = float("inf")


@dataclass(slots=True)
class TermRoll:
    node: object
    units: list
    value: object
    sign: int = 1
    counting: bool = False
    span: tuple = None  # (first, end) indices of its dice in the tray (dice terms)
    plain: bool = False  # single dice, kept or dropped and nothing else, unsorted
    shown: list = None  # its units as the result shows them (RollResult.shown_units)


class Shape:
    """What every roll of one tree shows that the dice do not change,
    worked out once per tree (shape_of): each die's label, the terms of a
    sum with their signs, the bounds."""

    def __init__(self, expr):
        self.expr = expr  # kept: the ids below are its nodes'
        several = len(expr.dice_terms) > 1
        self.labels = {id(t): die_labels(t, several) for t in expr.dice_terms}
        leaves = _additive_leaves(expr.root)
        # a sum of terms: [(sign, leaf)] ('13 + 3 - 2'); None: another shape ('(7 + 3) * 2')
        self.signed = tuple(_signed_leaves(expr.root)) if leaves is not None else None
        # RollResult.total_text of a sum: each constant's text, and (sign,
        # first, id) of each term whose value the roll gives
        self.sum_parts = None if self.signed is None else tuple(
            _sum_part(sign, leaf, i == 0) for i, (sign, leaf) in enumerate(self.signed))
        # and of another shape ('(7 + 3) * 2'): its texts, and the id of each
        # term whose value the roll gives, in order
        self.value_parts = None if self.signed is not None else _joined(_value_parts(expr.root, []))
        self.alone = leaves is not None and len(leaves) == 1 and isinstance(leaves[0], (Dice, Group))
        low, high = self.bounds = bounds(expr.root)
        self.min, self.max = _bound(low), _bound(high)  # as the result gives them
        self.dice = expr.dice  # the terms' own dice


_SHAPES = {}  # expression text -> Shape (of the tree parse() gives for it)


def shape_of(expr):
    shape = _SHAPES.get(expr.source)
    if shape is None or shape.expr is not expr:
        if len(_SHAPES) >= 256:
            _SHAPES.clear()
        shape = _SHAPES[expr.source] = Shape(expr)
    return shape


def die_labels(term, several):
    """Each die's label: 'd6 2 of 3d6 + 1d4 (fire)'."""
    die = term.die_text if term.kind != "fate" else "dF"
    suffix = (f" of {term.text}" if several else "") + (f" ({term.label})" if term.label else "")
    if term.count == 1:
        return [die + suffix]
    return [f"{die} {j + 1}{suffix}" for j in range(term.count)]


class Roller:
    __slots__ = ("expr", "tray", "shape", "terms", "notes", "chains", "group_counted", "extra_left")

    def __init__(self, expr, tray):
        self.expr = expr
        self.tray = tray
        self.shape = shape_of(expr)
        self.terms = []  # TermRoll of every dice term and group, in order
        self.notes = []
        self.chains = 0  # explosion chains numbered so far (modifiers.explode)
        self.group_counted = False  # a group has counted (marked its terms' dice)
        # extra rolls (explosions, rerolls) the roll may still make: every
        # term's own dice are always rolled, all dice together stay within MAX_ROLLED
        self.extra_left = MAX_ROLLED - self.shape.dice

    # -- arithmetic --
    def eval(self, node, sign=1):
        t = type(node)  # exact types: the tree's classes are never subclassed
        if t is Num:
            return node.value
        if t is Dice:
            return self.dice(node, sign)
        if t is BinOp:
            additive = node.op in "+-"
            left = self.eval(node.left, sign if additive else 0)
            right = self.eval(node.right, (sign if node.op == "+" else -sign) if additive else 0)
            return apply_operator(node.op, left, right, node.pos)
        if t is Group:
            return self.group(node, sign)
        if t is Paren:
            return self.eval(node.inner, sign)
        if t is Neg:
            return -self.eval(node.operand, -sign)
        return apply_function(node.name, [self.eval(a, 0) for a in node.args])

    # -- one die --
    def die(self, term, label, why=None):
        """Roll one die of `term` (min/max applied); returns the Die."""
        text = label if why is None else f"{why} of {label}"
        if term.kind == "fate":  # entered as the die shows: -1, 0, +1
            d = self.tray.roll_faces(term.side_values(), text)
            d.info["fate"] = term.die_text
        else:
            d = self.tray.roll(term.sides, text)
        if term.clamps:
            self.clamp(term, d)
        return d

    @staticmethod
    def clamp(term, d):
        v = term.clamp(d.value)
        if v != d.value:
            d.info["rolled"] = d.value
            d.value = v

    def labels(self, term):
        """Each die's label: 'd6 2 of 3d6 (fire)' (worked out once per tree)."""
        return self.shape.labels[id(term)]

    # -- a dice term --
    def dice(self, term, sign):
        first = len(self.tray.dice)
        labels = self.shape.labels[id(term)]
        if term.simple:  # NdX with at most keep/drop: its dice at once, nothing else to do
            dice = self.tray.roll_many(term.sides, labels)
            units, value = [], 0
            for d in dice:  # a loop: CPython 3.11 makes a function of each comprehension
                units.append(Unit([d], d.value))
                value += d.value
            if term.keep:
                keep_pool(units, term.keep)
                value = sum([u.value for u in units if u.kept])
            self.terms.append(TermRoll(term, units, value, sign, False, (first, len(self.tray.dice)), True))
            return value
        m = term.mods
        if m.explode:  # each die's explosions right after it (modifiers.explode)
            units, labels = EXPLODING.pool(self, term, labels)
        elif term.kind == "fate":
            units = [Unit([d], d.value) for d in (self.die(term, label) for label in labels)]
        else:  # no die changes what the next one is for: all at once
            dice = self.tray.roll_many(term.sides, labels)
            units = []
            for d in dice:
                if term.clamps:
                    self.clamp(term, d)
                units.append(Unit([d], d.value))
        value = None
        for step in term.steps:  # reroll, unique, keep/drop, counting, criticals
            counted = step.roll(self, term, units, labels)
            if counted is not None:
                value = counted
        if value is None:
            value = 0
            for u in units:
                if u.kept:
                    value += u.value
        self.terms.append(TermRoll(term, units, value, sign, m.counting, (first, len(self.tray.dice)),
                                   term.plain and not m.sort))
        return value

    def reroll(self, term, unit, label, matches, once, why="reroll"):
        n = 0
        while matches(unit.value):
            if n == MAX_EXTRA:
                self.note(f"{label}: the rerolls stopped after {MAX_EXTRA}")
                return
            if self.out_of_dice() or self.capped():
                return
            for d in unit.dice:
                d.rerolled = True
                d.kept = False
            d = self.die(term, label, why)
            d.info["was"] = unit.value
            if not unit.rerolled_from:
                unit.rerolled_from = []
            unit.rerolled_from.append(unit.value)
            unit.dice, unit.value = [d], d.value
            n += 1
            if once:
                return

    # -- a group --
    def group(self, node, sign):
        totals, spans = [], []
        first = len(self.terms)
        for item in node.items:
            start = len(self.tray.dice)
            totals.append(self.eval(item, 0))
            spans.append((start, len(self.tray.dice)))
        if node.per_die:  # {4d6 + 2d8}kh3: the keep/drop picks dice (notation_group)
            totals = [keep_group_dice(self, node, first)]
        units = [Unit(self.tray.dice[a:b], t) for t, (a, b) in zip(totals, spans)]
        m = node.mods
        if m.keep and not node.per_die:
            keep_pool(units, m.keep)
        if m.counting:
            self.group_counted = True  # its terms' dice are marked success / failure
            value = count(node, units)
        else:
            value = sum(u.value for u in units if u.kept)
        self.terms.append(TermRoll(node, units, value, sign, m.counting))
        return value

    def out_of_dice(self):
        """Entered dice have run out: the filler faces cannot decide a chain
        (the page asks for the next die and rolls again)."""
        return bool(getattr(self.tray.source, "missing", None))

    def capped(self):
        """True (and noted) when the roll has rolled MAX_ROLLED dice in all;
        else one more extra roll is counted."""
        if self.extra_left <= 0:
            self.note(CAP_NOTE)
            return True
        self.extra_left -= 1
        return False

    def note(self, text):
        if text not in self.notes:
            self.notes.append(text)


# -- the result ------------------------------------------------------------
def number_text(v):
    """7, -2, 3.5, 0.3333 (a fraction as a decimal)."""
    if type(v) is Fraction:
        return f"{float(v):.4g}" if abs(v) < 10**6 else f"{float(v):.6g}"
    return str(v)


def unit_text(unit):
    """One die (or chain) of a dice term: its value, then what each
    modifier says of it, in the order of SAYING: '1 (rerolled 1, 1)',
    '6 (exploded)', '2 (dropped)', '9 (success)'."""
    text = chain_text(unit.dice) if len(unit.dice) > 1 else str(unit.value)
    for modifier in UNIT_WORDS:
        text += modifier.unit_words(unit)
    return text


def group_unit_text(node, unit):
    """A group's sub-total: '6 -> 4 = 10' (its dice when they make it), '16',
    '14 (dropped)', '9 (success)'."""
    dice = unit.dice
    made = dice and len(dice) > 1 and sum(d.value for d in dice) == unit.value
    text = chain_text(dice) if made else number_text(unit.value)
    m = node.mods
    if not unit.kept:
        text += " (dropped)"
    elif m.counting and m.success(unit.value):
        text += " (success)"
    elif m.counting and m.failure is not None and m.failure(unit.value):
        text += " (failure)"
    return text


@dataclass(slots=True)
class RollResult:
    expression: object
    roller: Roller
    total: object

    def term_step(self, tr, alone):
        if tr.plain and not self.roller.group_counted:
            return self.plain_step(tr, alone)
        node = tr.node
        dice = type(node) is Dice
        head = node.text
        units = self.shown_units(tr) if dice else tr.units
        values = _single_values(units) if dice and len(units) > 1 and not tr.counting else None
        if node.label:
            head += f" [{node.label}]"
        if values is not None:  # single dice kept, nothing else to say: a sum
            line = f"{head}: {' + '.join(values)} = {tr.value}"
        else:
            texts = [unit_text(u) for u in units] if dice else [group_unit_text(node, u) for u in units]
            line = f"{head}: {', '.join(texts)}"
            summary = None
            for modifier in SUMMARY:  # counting: '3 successes'
                summary = summary or modifier.summary(node, units, tr.value)
            if summary is not None:
                line += "; " + summary
            elif len(units) > 1:
                kept = []
                for u in units:  # a loop, not a comprehension and a generator: a few units
                    if u.kept:
                        kept.append(u.value)
                line += f"; kept {number_text(sum(kept))}" if len(kept) < 2 else \
                    f"; {' + '.join(map(number_text, kept))} = {number_text(sum(kept))}"
        if alone and tr.sign < 0:
            line += f"; negated: {number_text(-tr.value)}"
        return line

    def shown_units(self, tr):
        """A dice term's units as its step and its record show them
        (explosion chains joined, sorted: each modifier's `shown`), worked
        out once per term."""
        units = tr.shown
        if units is None:
            units = tr.units
            for modifier in SHOWN:
                units = modifier.shown(tr.node, units)
            tr.shown = units
        return units

    def plain_step(self, tr, alone):
        """term_step of a plain term: '3d6: 2 + 5 + 5 = 12', '1d20: 14',
        '4d6kh3: 2, 5, 1 (dropped), 6; 2 + 5 + 6 = 13'."""
        node, units = tr.node, tr.units
        head = f"{node.text} [{node.label}]" if node.label else node.text
        if len(units) == 1:
            u = units[0]
            line = f"{head}: {u.value}" if u.kept else f"{head}: {u.value} (dropped)"
        elif all([u.kept for u in units]):  # (a group of one expression drops dice too)
            line = f"{head}: {' + '.join([str(u.value) for u in units])} = {tr.value}"
        else:
            line = f"{head}: " + ", ".join([str(u.value) if u.kept else f"{u.value} (dropped)"
                                            for u in units])
            kept = [u.value for u in units if u.kept]
            line += f"; kept {sum(kept)}" if len(kept) < 2 else \
                f"; {' + '.join(map(str, kept))} = {sum(kept)}"
        if alone and tr.sign < 0:
            line += f"; negated: {-tr.value}"
        return line

    def steps(self):
        terms = self.roller.terms
        alone = self.roller.shape.alone
        plain = not self.roller.group_counted
        steps = []
        for tr in terms:  # a loop, not a comprehension: most rolls have a term or two
            steps.append(self.plain_step(tr, alone) if plain and tr.plain else self.term_step(tr, alone))
        if not alone:
            total = self.total
            steps.append(f"Total: {self.total_text()} = {total if type(total) is int else number_text(total)}")
        return steps + self.roller.notes if self.roller.notes else steps

    def total_text(self):
        """'13 + 3 - 2' (each term with its own sign) or '(7 + 3) * 2'."""
        values = {}
        for tr in self.roller.terms:  # loops, not comprehensions: a term or two
            values[id(tr.node)] = tr.value
        sum_parts = self.roller.shape.sum_parts
        texts = []
        if sum_parts is None:  # texts and the ids of terms (an int)
            for p in self.roller.shape.value_parts:
                texts.append(p if type(p) is str else number_text(values.get(p, 0)))
            return "".join(texts)
        for p in sum_parts:
            texts.append(p if type(p) is str else _signed_text(p[0], values.get(p[2]), p[1]))
        return " ".join(texts)

    def to_dict(self):
        expr = self.expression
        shape = self.roller.shape
        total = self.total
        out = {
            "outcome": "rolled",
            "success": True,
            "total": float(total) if type(total) is Fraction else total,
            "expression": expr.text,
            "min": shape.min,
            "max": shape.max,
            "terms": list(map(self.term_dict, self.roller.terms)),
            "summary": f"{expr.text} = {total if type(total) is int else number_text(total)}",
            "steps": self.steps(),
        }
        if type(total) is Fraction:
            out["total_exact"] = f"{total.numerator}/{total.denominator}"
            out["total_text"] = number_text(total)
        if expr.comment:
            out["label"] = expr.comment
        if expr.labels:
            out["labels"] = [{"label": lab, "term": text} for lab, text in expr.labels]
        if self.roller.notes:
            out["notes"] = list(self.roller.notes)
        return out

    def term_dict(self, tr):
        node = tr.node
        value = tr.value
        signed = value * tr.sign if tr.sign else value
        units = tr.units
        if tr.plain:  # single dice, kept or dropped: no chains, counting, sorting
            values, kept = [], []
            for u in units:
                values.append(u.value)
                kept.append(u.kept)
            out = {"term": node.text, "sign": "-" if tr.sign < 0 else "+",
                   "values": values, "kept": kept, "total": signed}
            if node.label:
                out["label"] = node.label
            return out
        dice = type(node) is Dice
        if dice:  # a die's value is an int; a group's sub-total may be a fraction
            units = self.shown_units(tr)  # as the steps show them
            values = [u.value for u in units]
        else:
            values = [_json_number(u.value) for u in units]
        out = {"term": node.text, "sign": "-" if tr.sign < 0 else "+",
               "values": values, "kept": [u.kept for u in units],
               "total": float(signed) if type(signed) is Fraction else signed}
        if node.label:
            out["label"] = node.label
        if tr.counting:
            out["counting"] = True
        if dice:  # separate explosions, sorting (each modifier's `describe`)
            for modifier in DESCRIBE:
                modifier.describe(self, tr, units, out)
        return out


def _additive_leaves(node):
    """The leaves of a tree of + - and unary minus only, else None."""
    if isinstance(node, BinOp) and node.op in "+-":
        a, b = _additive_leaves(node.left), _additive_leaves(node.right)
        return None if a is None or b is None else a + b
    if isinstance(node, Neg):
        return _additive_leaves(node.operand)
    if isinstance(node, (Num, Dice, Group)):
        return [node]
    return None


def _signed_text(sign, value, first):
    """One leaf of a sum's total text: '-3' first, '+ 3' / '- 3' after
    ('?' for a value the roll did not give)."""
    if value is None:
        text, neg = "?", sign < 0
    else:
        neg = (sign < 0) != (value < 0)
        size = -value if value < 0 else value
        text = str(size) if type(size) is int else number_text(size)
    if first:
        return "-" + text if neg else text
    return ("- " if neg else "+ ") + text


def _sum_part(sign, leaf, first):
    if isinstance(leaf, (Dice, Group)):
        return (sign, first, id(leaf))
    return _signed_text(sign, leaf.value, first)


def _signed_leaves(node, sign=1):
    if isinstance(node, BinOp):
        yield from _signed_leaves(node.left, sign)
        yield from _signed_leaves(node.right, sign if node.op == "+" else -sign)
    elif isinstance(node, Neg):
        yield from _signed_leaves(node.operand, -sign)
    else:
        yield sign, node


def _single_values(units):
    """Each unit's value as text when every unit is a single die, kept,
    neither rerolled nor exploded ('2 + 5 + 5'), else None."""
    out = []
    for u in units:  # a loop: CPython 3.11 makes a function of each generator
        if len(u.dice) != 1 or not u.kept or u.rerolled_from or u.dice[0].exploded:
            return None
        out.append(str(u.value))
    return out


def _value_parts(node, out):
    """The total's text of a tree that is not a sum ('(7 + 3) * 2'), as the
    texts around its terms and each term's id (its value, number_text'ed,
    goes there): appended to `out`, returned."""
    if isinstance(node, (Dice, Group)):
        out.append(id(node))
    elif isinstance(node, Num):
        out.append(node.text)
    elif isinstance(node, Paren):
        out.append("(")
        _value_parts(node.inner, out)
        out.append(")")
    elif isinstance(node, Neg):
        out.append("-")
        _value_parts(node.operand, out)
    elif isinstance(node, Func):
        out.append(f"{node.name}(")
        for i, a in enumerate(node.args):
            if i:
                out.append(", ")
            _value_parts(a, out)
        out.append(")")
    else:
        sep = "" if node.op == "^" else " "
        _value_parts(node.left, out)
        out.append(f"{sep}{node.op}{sep}")
        _value_parts(node.right, out)
    return out


def _joined(parts):
    """`parts` with each run of texts joined into one."""
    out = []
    for p in parts:
        if type(p) is str and out and type(out[-1]) is str:
            out[-1] += p
        else:
            out.append(p)
    return tuple(out)


def _json_number(v):
    return float(v) if type(v) is Fraction else v


def _bound(v):
    if v is None or v in (INF, -INF):
        return None
    return float(v) if type(v) is Fraction else v


# -- bounds ----------------------------------------------------------------
def unit_values(term):
    """The values one die of `term` can count as (before keep and
    counting), for bounds; None when unbounded (compounding)."""
    values = set(term.values())
    for modifier in MODIFIERS:
        values = modifier.values(term, values)
        if values is None:
            return None
    return values


def kept_range(term):
    """(fewest, most) dice of `term` that count (after keep/drop): a pool
    that separate explosions grow has `count` dice or more (INF: no most)."""
    m = term.mods
    n, keep = term.count, term.keep
    if not (m.explode and not m.explode.compound):
        k = keep.kept(n) if keep else n
        return k, k
    if keep is None:
        return n, INF
    # past twice the counts the kept number is constant or grows with the pool
    far = max(n, 2 * keep.n + 1)
    kept = [keep.kept(p) for p in range(n, far + 2)]
    return min(kept), (INF if kept[-1] > kept[-2] else max(kept))


def dice_bounds(term):
    values = unit_values(term)
    fewest, most = kept_range(term)
    decided = None
    for modifier in MODIFIERS:  # counting: each die adds 1, 0 or -1
        decided = decided or modifier.die_range(term, values)
    if decided is not None:
        lo, hi = decided
    elif values is None:  # compounding: at least its first die, no upper bound
        lo = min(term.values())
        return (fewest * lo if lo >= 0 else -INF), INF
    else:
        lo, hi = min(values), max(values)
    low = _mul(fewest, lo) if lo >= 0 else _mul(most, lo)
    high = _mul(most, hi) if hi >= 0 else _mul(fewest, hi)
    return low, high


def bounds(node):
    """(lowest, highest) the node can take; +-inf where unbounded (loose
    for * / % ^ of ranges, exact for sums)."""
    if isinstance(node, Num):
        return node.value, node.value
    if isinstance(node, Dice):
        return dice_bounds(node)
    if isinstance(node, Paren):
        return bounds(node.inner)
    if isinstance(node, Neg):
        lo, hi = bounds(node.operand)
        return -hi, -lo
    if isinstance(node, Group):
        return group_bounds(node)
    if isinstance(node, Func):
        return func_bounds(node)
    (a, b), (c, d) = bounds(node.left), bounds(node.right)
    op = node.op
    if op == "+":
        return a + c, b + d
    if op == "-":
        return a - d, b - c
    if op == "*":
        products = [_mul(x, y) for x in (a, b) for y in (c, d)]
        return min(products), max(products)
    if op == "/":
        if c <= 0 <= d:
            return -INF, INF
        q = [_div(x, y) for x in (a, b) for y in (c, d)]
        return min(q), max(q)
    if op == "%":
        if c == d and c not in (INF, -INF) and c != 0:
            return (0, abs(c)) if c > 0 else (-abs(c), 0)
        return -INF, INF
    if c == d and a == b and INF not in (a, b, c, d) and -INF not in (a, b):
        try:
            v = apply_operator("^", a, c, node.pos)
        except Exception:
            return -INF, INF
        return v, v
    return -INF, INF


def _mul(x, y):
    if x == 0 or y == 0:
        return 0
    return x * y


def _div(x, y):
    if y in (INF, -INF):
        return 0
    if x in (INF, -INF):
        return x if y > 0 else -x
    return whole(Fraction(x) / y)


def group_bounds(node):
    parts = [bounds(i) for i in node.items]
    m = node.mods
    n = len(parts)
    if m.counting:
        return (-n if m.failure else 0), (n if m.success else 0)
    if node.per_die:
        return group_dice_bounds(node, bounds, unit_values)
    if m.keep:
        k = m.keep.kept(n)
        lows = sorted(p[0] for p in parts)
        highs = sorted(p[1] for p in parts)
        return sum(lows[:k]), sum(highs[-k:])
    return sum(p[0] for p in parts), sum(p[1] for p in parts)


def func_bounds(node):
    import math
    parts = [bounds(a) for a in node.args]
    name = node.name
    (a, b) = parts[0]
    if name == "abs":
        if a >= 0:
            return a, b
        if b <= 0:
            return -b, -a
        return 0, max(-a, b)
    if name in ("floor", "ceil", "round"):
        f = {"floor": math.floor, "ceil": math.ceil, "round": round_half_away}[name]
        return (a if a in (INF, -INF) else f(a)), (b if b in (INF, -INF) else f(b))
    (c, d) = parts[1]
    if name == "min":
        return min(a, c), min(b, d)
    return max(a, c), max(b, d)


# a roll of fewer dice (Expression.dice) makes a few hundred records: the
# collector is left running (pausing it costs more than what it could collect)
FEW_DICE = 64


class collector_paused:
    """`with collector_paused():` the cyclic garbage collector held off while
    a roll makes its records (as it was before, after): a roll of 100,000
    dice makes about a million containers, none of them cyclic garbage, and
    the collector's passes over them took more than half of the call
    (999d1000!>2 with entered dice: 1.7 s, 0.7 s without them;
    bench/bench_notation_bound.py). A class, not @contextmanager: a third
    of the time, and a roll enters it twice (the rules, the card)."""
    __slots__ = ("was",)

    def __enter__(self):
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc):
        if self.was:
            # what the roll made goes to the oldest generation as it is (a
            # splice, no pass over it): the next young collection would
            # otherwise scan all of it (0.26 s for 100,000 dice)
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def roll(expression, tray):
    """Roll a parsed expression (or its text) through `tray`."""
    expr = parse(expression) if isinstance(expression, str) else expression
    roller = Roller(expr, tray)
    total = roller.eval(expr.root)
    return RollResult(expr, roller, total)


__all__ = ["roll", "RollResult", "Roller", "bounds", "MAX_EXTRA", "MAX_ROLLED", "text_of",
           "text_of_unlabelled", "collector_paused", "FEW_DICE"]
