"""The dice notation's tree and parser (grammar: tablecheck.dice.notation).

Every node keeps `pos` (1-based position of its first character) and `end`
(just past its last one) in the text as typed, so that every error, at parse
time, roll time or odds time, names where it is.
"""

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from fractions import Fraction

from ..errors import InvalidRequest
from .modifiers import (GROUP_MODIFIERS, GROWS, MODIFIERS, WRITTEN, AnyOf, Compare, Explode, Keep,
                        KeepChain, Reroll, error)
from .modifiers.count import OPERATORS
from .modifiers.keep_drop import check_group_keep
from .modifiers.explode import explode_cp
from .modifiers.reroll import reroll_cp
from .notation_math import apply_function, apply_operator

FIELD = "expression"
MAX_LENGTH = 200
MAX_DICE = 1000
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000
FUNCTIONS = {"abs": 1, "floor": 1, "ceil": 1, "round": 1, "min": 2, "max": 2}


# -- the tree --------------------------------------------------------------
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
        return "".join([m.text(self) for m in WRITTEN])


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
    def steps(self):
        """The modifiers whose roll step runs over this term's pool, in the
        fixed order (tablecheck.dice.modifiers.MODIFIERS)."""
        return tuple([m for m in MODIFIERS if m.applies(self)])

    @cached_property
    def classic(self):
        """Whether each modifier keeps the term in the classic shapes of the
        odds (notation_work.is_classic), once per term: the work estimate and
        the exact odds both ask."""
        return self.kind != "fate" and all([m.classic(self) for m in MODIFIERS])

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
        if not self.grows and k.kept(self.count) == self.count:
            return None
        return k

    @cached_property
    def grows(self):
        """Whether rolling can add dice to the pool (separate explosions)."""
        for m in GROWS:
            if m.grows(self):
                return True
        return False

    @cached_property
    def top(self):
        return max(self.values())

    @cached_property
    def explode_point(self):
        """What explodes (modifiers.explode.explode_cp), once per term."""
        return explode_cp(self)

    @cached_property
    def reroll_point(self):
        """What 'r' rerolls (modifiers.reroll.reroll_cp), once per term."""
        return reroll_cp(self)

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
    def dice(self):
        """The terms' own dice (before explosions and rerolls)."""
        return sum(t.count for t in self.dice_terms)

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
            check_group_keep(group, self.keep_at)
        return group

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
        order written) and rerolls (joined): notation.md. Each modifier
        class (tablecheck.dice.modifiers) reads its own syntax."""
        found = {}
        context = {"term": term, "items": items}
        candidates = GROUP_MODIFIERS if group else MODIFIERS
        while True:
            self.skip()
            at = self.i
            for modifier in candidates:
                parsed = modifier.parse(self, at, found)
                if parsed is not None:
                    break
            else:
                break
            name, value = parsed
            modifier.add(self, found, name, value, at, context)
        if term is not None:
            for modifier in MODIFIERS:
                modifier.finish(found, term, context)
        mods = Mods(**found)
        if term is not None:
            self.check_term(term, mods)
        return mods

    def eat_letter(self, letter):
        if self.low.startswith(letter, self.i):
            self.i += 1
            return True
        return False

    def check_term(self, term, mods):
        """Refuse what would never end: explosions or rerolls on every face,
        a pool that cannot be all different (each modifier's check)."""
        shaped = Dice(term.count, term.sides, term.kind, term.fate, mods)
        for modifier in MODIFIERS:
            modifier.check(term, shaped, mods)


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
