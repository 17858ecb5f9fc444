"""The dice notation's tree and parser (grammar: tablecheck.dice.notation).

Every node keeps `pos` (1-based position of its first character) and `end`
(just past its last one) in the text as typed, so that every error, at parse
time, roll time or odds time, names where it is.
"""

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from fractions import Fraction

from ..errors import InvalidRequest
from .notation_math import apply_function, apply_operator

FIELD = "expression"
MAX_LENGTH = 200
MAX_DICE = 1000
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000
FUNCTIONS = {"abs": 1, "floor": 1, "ceil": 1, "round": 1, "min": 2, "max": 2}
OPERATORS = ("<>", "!=", "<=", ">=", "=", "<", ">")


def error(what, index, expected, code="syntax", **extra):
    """InvalidRequest('expression', '<what> at position N: expected ...'),
    `index` 0-based."""
    raise InvalidRequest(FIELD, f"{what} at position {index + 1}: expected {expected}",
                         code=code, position=index + 1, **extra)


# -- the tree --------------------------------------------------------------
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


@dataclass(frozen=True)
class Keep:
    kind: str  # kh kl dh dl
    n: int
    pos: int = 0

    @property
    def text(self):
        return f"{self.kind}{self.n}"

    def kept(self, pool):
        """Dice kept of a pool of `pool` (all of them when it has fewer
        than n: notation.md, 'N larger than the dice actually rolled keeps
        all / drops all')."""
        return min(self.n, pool) if self.kind[0] == "k" else max(pool - self.n, 0)

    @property
    def highest(self):
        """True when the highest are kept (kh, dl)."""
        return self.kind in ("kh", "dl")

    def narrow(self, lo, hi):
        """The window [lo, hi) of a pool sorted lowest first that this keep
        leaves of the window [lo, hi) the keeps before it left."""
        k, kind = self.n, self.kind
        if kind == "kh":
            return max(lo, hi - k), hi
        if kind == "kl":
            return lo, min(hi, lo + k)
        if kind == "dh":
            return lo, max(lo, hi - k)
        return min(hi, lo + k), hi

    def window(self, pool):
        """The window [lo, hi) of the pool sorted lowest first that is kept."""
        return self.narrow(0, pool)

    def flags(self, values):
        """Kept flags of a pool of `values` (rolling order): the earlier of
        equal dice wins (a stable sort keeps it first, reversed or not)."""
        n = len(values)
        flags = [False] * n
        for i in sorted(range(n), key=values.__getitem__, reverse=self.highest)[:self.kept(n)]:
            flags[i] = True
        return flags


@dataclass(frozen=True)
class KeepChain:
    """Several keeps and drops on one term, applied in the order written,
    each to the dice the one before left (notation.md: `4d10dh1dl2` with 1,
    5, 7, 10 keeps 7). What they leave of a pool sorted lowest first is a
    window [lo, hi) that depends on the pool's size only."""
    steps: tuple  # of Keep, as written
    pos: int = 0

    @property
    def text(self):
        return "".join(k.text for k in self.steps)

    @property
    def n(self):
        """The sum of the counts: past twice that, the window's ends are
        each a constant or the pool's size less a constant."""
        return sum(k.n for k in self.steps)

    def window(self, pool):
        lo, hi = 0, pool
        for k in self.steps:
            lo, hi = k.narrow(lo, hi)
        return lo, hi

    def kept(self, pool):
        lo, hi = self.window(pool)
        return hi - lo

    def flags(self, values):
        """Each keep or drop on the dice still kept, in the order written."""
        kept = list(range(len(values)))
        for k in self.steps:
            chosen = k.flags([values[i] for i in kept])
            kept = [i for i, c in zip(kept, chosen) if c]
        flags = [False] * len(values)
        for i in kept:
            flags[i] = True
        return flags


@dataclass(frozen=True)
class Mods:
    """A dice term's modifiers (applied in this order whatever the written
    order): min/max, explode, reroll, unique, keep, counting, criticals,
    sort."""
    min: int = None
    max: int = None
    explode: Explode = None
    reroll: Reroll = None
    unique: Reroll = None
    keep: Keep = None
    success: Compare = None
    failure: Compare = None
    crit_success: Compare = None
    crit_failure: Compare = None
    sort: str = None  # "a" | "d"
    has_cs: bool = False  # cs written (cp may be the default)
    has_cf: bool = False

    @property
    def counting(self):
        return self.success is not None

    def text(self):
        out = ""
        if self.min is not None:
            out += f"min{self.min}"
        if self.max is not None:
            out += f"max{self.max}"
        # counting before the rest: '8d10>=8!' (a compare point after '!',
        # 'r' or 'u' would belong to them)
        if self.success:
            out += self.success.text
        if self.failure:
            out += "f" + self.failure.short
        if self.explode:
            out += self.explode.text
        if self.reroll:
            out += self.reroll.text_for("r")
        if self.unique:
            out += self.unique.text_for("u")
        if self.keep:
            out += self.keep.text
        if self.has_cs:
            out += "cs" + (self.crit_success.short if self.crit_success else "")
        if self.has_cf:
            out += "cf" + (self.crit_failure.short if self.crit_failure else "")
        if self.sort:
            out += "s" + self.sort
        return out


@dataclass(frozen=True)
class Num:
    value: object  # int or Fraction
    pos: int = 1
    end: int = 1
    label: str = None

    @property
    def text(self):
        v = self.value
        if isinstance(v, Fraction):
            return str(float(v)) if v.denominator != 1 else str(v.numerator)
        return str(v)

    def sexpr(self):
        return self.text


@dataclass(frozen=True)
class Dice:
    """`count` dice of `sides` (kind "std", "percent" d%, "fate" dF with
    `fate` 2 or 1) and their modifiers."""
    count: int
    sides: int
    kind: str = "std"
    fate: int = 2
    mods: Mods = field(default_factory=Mods)
    pos: int = 1
    end: int = 1
    label: str = None

    @cached_property
    def die_text(self):
        if self.kind == "percent":
            return "d%"
        if self.kind == "fate":
            return "dF" if self.fate == 2 else "dF.1"
        return f"d{self.sides}"

    @cached_property
    def text(self):
        return f"{self.count}{self.die_text}{self.mods.text()}"

    def sexpr(self):
        return self.text + (f"[{self.label}]" if self.label else "")

    def faces(self):
        """{face value: weight} of one die before min/max."""
        if self.kind == "fate":
            return {-1: 1, 0: 1, 1: 1} if self.fate == 2 else {-1: 1, 0: 4, 1: 1}
        return {f: 1 for f in range(1, self.sides + 1)}

    def roll_sides(self):
        """The die the source rolls: a d3 (dF) or d6 (dF.1) for Fate dice."""
        if self.kind == "fate":
            return 3 if self.fate == 2 else 6
        return self.sides

    def side_values(self):
        """A Fate die's value on each of its sides (dF: a d3, dF.1: a d6)."""
        return (-1, 0, 1) if self.fate == 2 else (-1, 0, 0, 0, 0, 1)

    def face_of(self, rolled):
        """A rolled face 1..roll_sides() as the die's value."""
        if self.kind != "fate":
            return rolled
        if self.fate == 2:
            return rolled - 2
        return -1 if rolled == 1 else (1 if rolled == 6 else 0)

    @cached_property
    def plain(self):
        """True when its dice are single dice that at most min/max and
        keep/drop change (no explosion, reroll or counting)."""
        m = self.mods
        return not (m.explode or m.reroll or m.unique or m.counting)

    @cached_property
    def simple(self):
        """True for plain dice with at most keep/drop: no min/max, Fate
        faces, marks or sorting either (the roller's shortest path)."""
        m = self.mods
        return (self.plain and not self.clamps and self.kind != "fate" and not m.has_cs
                and not m.has_cf and not m.sort)

    @cached_property
    def clamps(self):
        """True when min or max can change a die."""
        return self.mods.min is not None or self.mods.max is not None

    def clamp(self, v):
        m = self.mods
        if m.min is not None and v < m.min:
            v = m.min
        if m.max is not None and v > m.max:
            v = m.max
        return v

    def values(self):
        """{value after min/max: weight} of one freshly rolled die (computed
        once per term: callers must not change it)."""
        return self._values

    @cached_property
    def _values(self):
        out = {}
        for f, w in self.faces().items():
            v = self.clamp(f)
            out[v] = out.get(v, 0) + w
        return out

    @cached_property
    def keep(self):
        """The keep/drop that changes anything: None for dl0/dh0, and for
        keeping the whole of a pool that explosions cannot grow."""
        k = self.mods.keep
        if k is None or all(s.kind[0] == "d" and s.n == 0 for s in getattr(k, "steps", (k,))):
            return None
        separate = self.mods.explode is not None and not self.mods.explode.compound
        if not separate and k.kept(self.count) == self.count:
            return None
        return k

    @cached_property
    def top(self):
        return max(self.values())

    @cached_property
    def explode_point(self):
        """What explodes: the compare point of '!', else the highest value."""
        return self.mods.explode.cp or Compare("=", self.top)

    @cached_property
    def reroll_point(self):
        """What 'r' rerolls: its compare point, else the lowest value."""
        return self.mods.reroll.cp or Compare("=", self.bottom)

    @cached_property
    def bottom(self):
        return min(self.values())


@dataclass(frozen=True)
class Group:
    """{e1, e2, ...}: keep/drop and counting on the sub-totals. A group of
    one expression with keep/drop keeps the dice themselves, across its dice
    terms (`per_die`, as rpg-dice-roller: {4d6 + 2d8}kh3)."""
    items: tuple
    mods: Mods = field(default_factory=Mods)
    pos: int = 1
    end: int = 1
    label: str = None

    @cached_property
    def per_die(self):
        k = self.mods.keep
        return len(self.items) == 1 and k is not None and not (k.kind[0] == "d" and k.n == 0)

    @cached_property
    def pool(self):
        """The dice terms whose dice a per-die keep ranks, in rolling order
        (not those inside a nested group)."""
        return tuple(pool_terms(self.items[0])) if self.per_die else ()

    @property
    def text(self):
        return "{" + ", ".join(text_of(i) for i in self.items) + "}" + self.mods.text()

    def sexpr(self):
        return "{" + ", ".join(i.sexpr() for i in self.items) + "}" + self.mods.text() + \
            (f"[{self.label}]" if self.label else "")


@dataclass(frozen=True)
class BinOp:
    op: str  # + - * / % ^
    left: object
    right: object
    pos: int = 1  # the operator's position
    label: str = None

    def sexpr(self):
        return f"({self.op} {self.left.sexpr()} {self.right.sexpr()})"


@dataclass(frozen=True)
class Neg:
    operand: object
    pos: int = 1
    label: str = None

    def sexpr(self):
        return f"(neg {self.operand.sexpr()})"


@dataclass(frozen=True)
class Func:
    name: str
    args: tuple
    pos: int = 1
    label: str = None

    def sexpr(self):
        return f"({self.name} {' '.join(a.sexpr() for a in self.args)})"


@dataclass(frozen=True)
class Paren:
    inner: object
    pos: int = 1
    label: str = None

    def sexpr(self):
        return self.inner.sexpr()


PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "%": 2, "^": 3}


def text_of(node):
    """Canonical text: '4d6kh3 + 2', '(2d6 + 3) * 2'."""
    if isinstance(node, (Num, Dice, Group)):
        out = node.text
    elif isinstance(node, Paren):
        out = f"({text_of(node.inner)})"
    elif isinstance(node, Neg):
        out = f"-{text_of(node.operand)}"
    elif isinstance(node, Func):
        out = f"{node.name}({', '.join(text_of(a) for a in node.args)})"
    else:
        op = node.op
        out = f"{text_of(node.left)} {op} {text_of(node.right)}" if op in "+-" else \
            f"{text_of(node.left)}{op}{text_of(node.right)}" if op == "^" else \
            f"{text_of(node.left)} {op} {text_of(node.right)}"
    if getattr(node, "label", None) and not isinstance(node, (BinOp,)):
        out += f" [{node.label}]"
    return out


def children(node):
    """The sub-trees of a node, left to right (none for numbers and dice)."""
    if isinstance(node, BinOp):
        return (node.left, node.right)
    if isinstance(node, Neg):
        return (node.operand,)
    if isinstance(node, Paren):
        return (node.inner,)
    if isinstance(node, Func):
        return tuple(node.args)
    if isinstance(node, Group):
        return tuple(node.items)
    return ()


def walk(node):
    """Every node of the tree, depth first, left to right."""
    yield node
    for child in children(node):
        yield from walk(child)


def pool_terms(node):
    """The Dice nodes of a tree outside nested groups, left to right."""
    if isinstance(node, Dice):
        yield node
    elif not isinstance(node, Group):
        for child in children(node):
            yield from pool_terms(child)


def evaluate(node, values):
    """The value of a tree whose dice terms and groups have the values
    `values` {id(node): value} (exact arithmetic, as the roller)."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, (Dice, Group)):
        return values[id(node)]
    if isinstance(node, Paren):
        return evaluate(node.inner, values)
    if isinstance(node, Neg):
        return -evaluate(node.operand, values)
    if isinstance(node, Func):
        return apply_function(node.name, [evaluate(a, values) for a in node.args])
    return apply_operator(node.op, evaluate(node.left, values), evaluate(node.right, values),
                          node.pos)


@dataclass(frozen=True)
class Expression:
    source: str
    root: object
    comment: str = None  # after # or //

    # computed once per tree (trees are immutable and parse() caches them)
    @cached_property
    def dice_terms(self):
        return [n for n in walk(self.root) if isinstance(n, Dice)]

    @cached_property
    def text(self):
        return text_of(self.root)

    @cached_property
    def labels(self):
        """Inline labels in reading order: [(label, term text)]."""
        return [(n.label, text_of_unlabelled(n)) for n in walk(self.root)
                if getattr(n, "label", None)]

    def sexpr(self):
        return self.root.sexpr()


def text_of_unlabelled(node):
    if isinstance(node, (Dice, Group, Num)):
        return node.text
    return text_of(node).rsplit(" [", 1)[0]


# -- the parser ------------------------------------------------------------
class Parser:
    def __init__(self, text):
        self.text = text
        self.low = text.lower()
        self.i = 0
        self.n = len(text)

    # -- characters --
    def skip(self):
        while self.i < self.n and self.text[self.i].isspace():
            self.i += 1

    def peek(self, k=1):
        self.skip()
        return self.low[self.i:self.i + k]

    def eat(self, word):
        if self.peek(len(word)) == word:
            self.i += len(word)
            return True
        return False

    def unexpected(self, expected):
        self.skip()
        c = self.text[self.i] if self.i < self.n else ""
        found = "end of the expression" if not c else f"{c!r}"
        error(f"unexpected {found}", self.i, expected)

    def last_end(self):
        """1-based position just past the last non-space character read."""
        return len(self.text[:self.i].rstrip()) + 1

    def integer(self, expected, signed=False):
        self.skip()
        start = self.i
        if signed and self.i < self.n and self.text[self.i] in "+-":
            self.i += 1
        if not (self.i < self.n and is_digit(self.text[self.i])):
            self.i = start
            self.unexpected(expected)
        while self.i < self.n and is_digit(self.text[self.i]):
            self.i += 1
        value = int(self.text[start:self.i])
        if abs(value) > MAX_CONSTANT:
            error("number too large", start, f"at most {MAX_CONSTANT}, not {value}", code="range")
        return value, start

    # -- expression --
    def expression(self):
        root = self.sum()
        self.skip()
        comment = None
        if self.peek() == "#" or self.peek(2) == "//":
            self.i += 1 if self.peek() == "#" else 2
            comment = self.text[self.i:].strip() or None
            self.i = self.n
        if self.i < self.n:
            self.unexpected("an operator (+ - * / % ^), a modifier, a comment (# ...) or the end")
        # an expression without dice is one too (notation.md: 4+8 is 12)
        return Expression(self.text, root, comment)

    def sum(self):
        left = self.product()
        while True:
            c = self.peek()
            if c in ("+", "-") and c:
                at = self.i
                self.i += 1
                left = BinOp(c, left, self.product(), at + 1)
            else:
                return left

    def product(self):
        left = self.unary()
        while True:
            c = self.peek()
            if c == "*" and self.peek(2) != "**":
                op = "*"
            elif c == "/" and self.peek(2) != "//":
                op = "/"
            elif c == "%":
                op = "%"
            else:
                return left
            at = self.i
            self.i += 1
            left = BinOp(op, left, self.unary(), at + 1)

    def unary(self):
        if self.peek() == "-":
            at = self.i
            self.i += 1
            return Neg(self.unary(), at + 1)
        if self.peek() == "+":
            self.i += 1
            return self.unary()
        return self.power()

    def power(self):
        base = self.labelled(self.atom())
        if self.peek() == "^" or self.peek(2) == "**":
            at = self.i
            self.i += 1 if self.peek() == "^" else 2
            return BinOp("^", base, self.unary(), at + 1)
        return base

    def labelled(self, node):
        """An inline label [text] or /* text */ after a term names it."""
        label = None
        while True:
            if self.peek() == "[":
                start = self.i
                close = self.text.find("]", self.i)
                if close < 0:
                    error("unclosed label", start, "']' after the label")
                label = self.text[start + 1:close].strip()
                self.i = close + 1
            elif self.peek(2) == "/*":
                start = self.i
                close = self.text.find("*/", self.i + 2)
                if close < 0:
                    error("unclosed comment", start, "'*/' after the comment")
                label = self.text[start + 2:close].strip()
                self.i = close + 2
            else:
                break
        if label:
            node = _with_label(node, label)
        return node

    def atom(self):
        self.skip()
        start = self.i
        c = self.peek()
        if c == "(":
            self.i += 1
            inner = self.sum()
            if not self.eat(")"):
                self.unexpected("')' or an operator")
            if self.peek() == "d":
                return self.dice(self.constant(inner, "count", start), start)
            return Paren(inner, start + 1)
        if c == "{":
            return self.group()
        for name, arity in FUNCTIONS.items():
            if self.low.startswith(name, self.i) and self.low[self.i + len(name):].lstrip()[:1] == "(":
                return self.function(name, arity)
        if is_digit(c):
            value, at = self.number()
            if self.peek() == "d":
                if isinstance(value, Fraction):
                    error("a fraction of a die", at, "a whole number of dice")
                return self.dice((value, at), start)
            return Num(value, start + 1, self.last_end())
        if c == "d":
            return self.dice((1, start), start)
        self.unexpected("a number, a die such as d6, 2d6, d% or 4dF, '(' or '{'")

    def number(self):
        value, at = self.integer("a number")
        if self.i + 1 < self.n and self.text[self.i] == "." and is_digit(self.text[self.i + 1]):
            self.i += 1
            j = self.i
            while self.i < self.n and is_digit(self.text[self.i]):
                self.i += 1
            value = Fraction(f"{value}.{self.text[j:self.i]}")
        return value, at

    def constant(self, node, what, at):
        """(value, index) of a parenthesised constant count or sides."""
        if any(isinstance(n, (Dice, Group)) for n in walk(node)):
            error(f"dice in the {what}", at, f"a constant {what} such as (2*3)")
        value = constant_value(node)
        if value.denominator != 1:
            error(f"a {what} of {float(value)}", at, f"a whole {what}")
        return int(value), at

    def function(self, name, arity):
        at = self.i
        self.i += len(name)
        self.eat("(")
        args = [self.sum()]
        while len(args) < arity:
            if not self.eat(","):
                self.unexpected(f"',' and a second argument of {name}(a, b)")
            args.append(self.sum())
        if not self.eat(")"):
            self.unexpected(f"')' closing {name}(")
        return Func(name, tuple(args), at + 1)

    def group(self):
        start = self.i
        self.i += 1
        items = [self.sum()]
        while self.eat(","):
            items.append(self.sum())
        if not self.eat("}"):
            self.unexpected("',' and another expression, or '}' closing the group")
        mods = self.modifiers(None, group=True, start=start, items=len(items))
        group = Group(tuple(items), mods, start + 1, self.last_end())
        if group.per_die:
            self.check_group_keep(group)
        return group

    def check_group_keep(self, group):
        """{4d6 + 2d8}kh3 keeps dice: the group needs dice, each kept or
        dropped once (by the group), and a count within the pool."""
        keep = group.mods.keep
        at = keep.pos - 1
        if not group.pool:
            error("no dice to keep in the group", at,
                  "dice in the group, such as {4d6 + 2d8}kh3 (or two expressions: {4d6, 3d8}kh1)")
        for term in group.pool:
            m = term.mods
            if m.keep is not None:
                error("keep or drop on dice that the group keeps or drops", m.keep.pos - 1,
                      "one keep or drop: on the group ({4d6 + 2d8}kh3) or on the dice (4d6kh3)")
            if m.counting:
                error("counting dice that the group keeps or drops", m.success.pos - 1,
                      "a count on the group ({4d6 + 2d8}kh3>=10) or dice without keep")
        # a count past the group's dice keeps all / drops all (notation.md), as on a term
        if keep.kind[0] == "k" and keep.n == 0:
            error("nothing left to roll", self.keep_at, "to keep 1 or more dice, not 0",
                  code="range")

    def dice(self, count_at, start):
        count, count_index = count_at
        self.skip()
        self.i += 1  # the d
        c = self.peek()
        kind, fate, sides = "std", 2, None
        if c == "%":
            kind, sides = "percent", 100
            self.i += 1
        elif c == "f":
            kind = "fate"
            self.i += 1
            if self.low.startswith(".", self.i):
                self.i += 1
                v = self.peek()
                if v not in ("1", "2"):
                    self.unexpected("1 or 2 after dF. (dF.1 or dF.2)")
                fate = int(v)
                self.i += 1
            sides = 3
        elif c == "(":
            paren = self.i
            self.i += 1
            inner = self.sum()
            if not self.eat(")"):
                self.unexpected("')' or an operator")
            sides, sides_index = self.constant(inner, "number of sides", paren)
        else:
            sides, sides_index = self.integer("the number of sides (such as 6), % or F")
        if kind == "std":
            if sides < 1:
                error("a die with 0 sides" if sides == 0 else "a die with negative sides", sides_index,
                      f"1 to {MAX_SIDES} sides", code="range")
            if sides > MAX_SIDES:
                error("too many sides", sides_index, f"at most {MAX_SIDES} sides, not {sides}", code="range")
        if count < 1:
            error("no dice", count_index, f"1 to {MAX_DICE} dice, not {count}", code="range")
        if count > MAX_DICE:
            error("too many dice", count_index, f"at most {MAX_DICE} dice in one term, not {count}",
                  code="range")
        term = Dice(count, sides, kind, fate, Mods(), start + 1, start + 1)
        mods = self.modifiers(term, group=False, start=start)
        return Dice(count, sides, kind, fate, mods, start + 1, self.last_end())

    # -- modifiers --
    def compare(self, expected, optional=True):
        """A compare point (an operator and a number; a bare number means
        '='), or None when `optional` and none is written."""
        self.skip()
        at = self.i
        for op in OPERATORS:
            if self.low.startswith(op, self.i):
                self.i += len(op)
                value, _ = self.integer(f"a number after '{op}'", signed=True)
                return Compare("<>" if op == "!=" else op, value, at + 1)
        if self.i < self.n and (is_digit(self.text[self.i]) or
                                (self.text[self.i] == "-" and self.i + 1 < self.n and is_digit(self.text[self.i + 1]))):
            if not optional or self.text[self.i] != "-":
                value, _ = self.integer(expected, signed=True)
                return Compare("=", value, at + 1)
        if not optional:
            self.unexpected(expected)
        return None

    def modifiers(self, term, group, start, items=0):
        """The modifiers after a dice term (or a group of `items`
        expressions: keep/drop, counting and sort only), in any written
        order: each at most once, but for keep/drop (several apply in the
        order written) and rerolls (joined): notation.md."""
        m = {}
        rerolls = []
        while True:
            self.skip()
            at = self.i
            found = self.modifier(at, group, m)
            if found is None:
                break
            name, value = found
            if name == "keep":
                self.check_keep(value, term, self.keep_at)
                if "keep" in m:
                    if items == 1:  # {4d6 + 2d8}kh3 ranks dice: one keep or drop
                        error("a second keep or drop on a group of one expression", at,
                              "one keep or drop on a group that keeps dice, such as "
                              "{4d6 + 2d8}kh3 (or several on a dice term: 4d10dh1dl2)")
                    first = m["keep"]
                    value = KeepChain(getattr(first, "steps", (first,)) + (value,), first.pos)
                m["keep"] = value
                continue
            if name == "reroll":
                rerolls.append(value)
                m["reroll"] = rerolls[0]
                continue
            if name in m:
                error(f"a second {_MOD_WORDS[name]}", at, f"one {_MOD_WORDS[name]} per term")
            m[name] = value
            if name.startswith("crit_"):
                m["has_c" + name[5]] = True  # cs / cf written (the compare point may be the default)
        if len(rerolls) > 1:
            # the default compare point of a bare r is the die's lowest value after min/max
            shaped = Dice(term.count, term.sides, term.kind, term.fate, Mods(**m))
            joined = rerolls[0]
            for r in rerolls[1:]:
                joined = joined.join(r, Compare("=", shaped.bottom))
            m["reroll"] = joined
        mods = Mods(**m)
        if term is not None:
            self.check_term(term, mods)
        return mods

    def modifier(self, at, group, m):
        """(name, value) of the modifier at `at`, or None."""
        low = self.low
        if not group:
            for word in ("min", "max"):
                if low.startswith(word, at) and not low.startswith(word + "(", at):
                    self.i += 3
                    return word, self.integer(f"a number after {word}", signed=True)[0]
            if low.startswith("!", at):
                return "explode", self.explode_mod(at)
            if low.startswith("r", at) or low.startswith("u", at):
                self.i += 1
                once = self.eat_letter("o")
                return ("reroll" if low[at] == "r" else "unique"), \
                    Reroll(once, self.compare("a compare point"), at + 1)
            if low.startswith("cs", at) or low.startswith("cf", at):
                self.i += 2
                return ("crit_" + ("success" if low[at + 1] == "s" else "failure"),
                        self.compare("a compare point"))
        if low.startswith("k", at) or (low.startswith("d", at) and not low.startswith("d%", at)):
            return "keep", self.keep_mod(at)
        if low.startswith("s", at):
            self.i += 1
            d = self.low[self.i:self.i + 1]
            if d in ("a", "d"):
                self.i += 1
            return "sort", d if d in ("a", "d") else "a"
        if low.startswith("f", at):
            if "success" not in m:
                error("failures without successes", at,
                      "a compare point for successes before f, such as 6d10>=8f1")
            self.i += 1
            return "failure", self.compare("a compare point after f, such as f1 or f<2", optional=False)
        if any(low.startswith(op, at) for op in OPERATORS):
            return "success", self.compare("a compare point")
        return None

    def explode_mod(self, at):
        """! !! !p !!p and an optional compare point: the longest reading
        wins (notation.md: '!!=4' is '!!' then '=4'; '!=3' is '!' then '=3')."""
        self.i += 1
        compound = self.low.startswith("!", self.i)
        if compound:
            self.i += 1
        penetrate = self.eat_letter("p")
        return Explode(compound, penetrate, self.compare("a compare point"), at + 1)

    def keep_mod(self, at):
        """k kh kl d dl dh and a count (1 when none is written)."""
        letter = self.low[at]
        self.i += 1
        side = self.low[self.i:self.i + 1]
        if side in ("h", "l"):
            self.i += 1
        else:
            side = "h" if letter == "k" else "l"
        self.keep_at = self.i
        self.skip()
        n = 1
        if self.i < self.n and is_digit(self.text[self.i]):
            n, self.keep_at = self.integer("a number")
        return Keep(letter + side, n, at + 1)

    def eat_letter(self, letter):
        if self.low.startswith(letter, self.i):
            self.i += 1
            return True
        return False

    def check_keep(self, keep, term, n_at):
        """kh0 / kl0 keep nothing: refused. A count larger than the pool
        keeps all / drops all (notation.md; explosions may add dice)."""
        if term is None:
            return
        if keep.kind[0] == "k" and keep.n == 0:
            error("nothing left to roll", n_at, f"to keep 1 or more dice, not 0", code="range")

    def check_term(self, term, mods):
        """Refuse what would never end: explosions or rerolls on every face,
        a pool that cannot be all different."""
        shaped = Dice(term.count, term.sides, term.kind, term.fate, mods)
        values = shaped.values()
        e = mods.explode
        if e:
            cp = e.cp or Compare("=", shaped.top)
            if all(cp(v) for v in values):
                error(f"an explosion on every face of a {shaped.die_text} (it would never stop)",
                      e.pos - 1, "a compare point some face misses, such as !=6 or !>=5")
        r = mods.reroll
        if r and not r.once:
            cp = r.cp or Compare("=", shaped.bottom)
            if all(cp(v) for v in values):
                error(f"a reroll on every face of a {shaped.die_text} (it would never stop)",
                      r.pos - 1, "a compare point some face misses, such as r1 or r<3")
        u = mods.unique
        if u and not u.once:
            matching = [v for v in values if u.cp is None or u.cp(v)]
            if u.cp is None or len(matching) == len(values):
                # more dice than values from the start: never unique (rpg-dice-roller
                # rerolls 1000 times); a pool that explosions grow may or may not be:
                # rolled, the rerolls stop after 1000 and say so
                if term.count > len(values):
                    error(f"{term.count} different values on a {shaped.die_text}", u.pos - 1,
                          f"at most {len(values)} dice for u, or uo (once)")


_MOD_WORDS = {"min": "min", "max": "max", "explode": "explosion ('!')", "reroll": "reroll (r)",
              "unique": "unique (u)", "keep": "keep or drop", "success": "success compare point",
              "failure": "failure compare point (f)", "crit_success": "critical success (cs)",
              "crit_failure": "critical failure (cf)", "sort": "sort (s)"}


def constant_value(node):
    """The exact value (a Fraction) of a tree without dice."""
    if isinstance(node, Num):
        return Fraction(node.value)
    if isinstance(node, Paren):
        return constant_value(node.inner)
    if isinstance(node, Neg):
        return -constant_value(node.operand)
    if isinstance(node, Func):
        return apply_function(node.name, [constant_value(a) for a in node.args])
    return apply_operator(node.op, constant_value(node.left), constant_value(node.right), node.pos)


def _with_label(node, label):
    from dataclasses import replace
    return replace(node, label=label)


def is_digit(c):
    return c != "" and "0" <= c <= "9"


def parse(text):
    """The tree of `text`, or InvalidRequest('expression', '... at position N: expected ...').
    Trees are immutable: the last PARSE_CACHE texts read are kept (as d20
    does), so rolling the same expression again skips the parser."""
    if not isinstance(text, str):
        raise InvalidRequest(FIELD, "must be text such as 3d6+2", code="type")
    if len(text) > MAX_LENGTH:
        error("too long", MAX_LENGTH, f"at most {MAX_LENGTH} characters, not {len(text)}", code="range")
    return _parse_cached(text)


PARSE_CACHE = 256


@lru_cache(maxsize=PARSE_CACHE)
def _parse_cached(text):
    return Parser(text).expression()
