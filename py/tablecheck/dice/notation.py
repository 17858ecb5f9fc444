"""The generic roller's dice notation: parser, roller and exact odds.

Grammar (case-insensitive, spaces allowed between any two tokens)::

    expression := [sign] term (sign term)*
    sign       := "+" | "-"
    term       := number                        a modifier such as 2
                | [number] "d" (number | "%") selector*
    selector   := ("kh" | "kl" | "dh" | "dl") number  keep/drop, at most one
                | "!"                                  exploding, at most one

``d%`` is a d100; ``kh3`` keeps the highest 3, ``kl1`` the lowest 1, ``dh1``
drops the highest 1, ``dl1`` the lowest 1; ``!`` makes each die roll again
and add while it shows its maximum (no cap).

Every error is an ``InvalidRequest("expression", "... at position N:
expected ...")`` with N the 1-based character position in the text as
typed (spaces count).

Limits: at most 200 characters, 1000 dice and 1000 sides per term, keep
counts within the pool, something left to roll, modifiers at most
1,000,000. Exact odds are refused (same error form, position of the term
that is too big) when their estimated work exceeds ``MAX_ODDS_WORK``; the
roller itself takes any valid expression.

The odds bound (the page computes odds live, in Pyodide, several times
slower than CPython): `odds_work` estimates the work of `distribution`
from the shape of each term, in units of about 0.25 microseconds of
CPython, fitted per algorithm to measured times: sliding-window sums
(n x outcomes), the keep programme (faces x states x counts, plus its
big-integer powers), Kronecker products for exploding sums and for adding
terms, and the exact Fractions of the answer. Measured on CPython 3.11
(process time of the whole ``api.odds``), a unit costs 0.15-0.45 us, so
``MAX_ODDS_WORK`` = 2.2 million units accepts what computes in under about
half a second and refuses anything that would take more than about one
second (a few seconds in Pyodide). Examples (ms in CPython): 5d100! 46,
1000d1000kh1 190, 600d6 410, 12d100! 485 pass; 700d6 (580), 35d6! (700),
1000d6 (1300), 60d6! (3400), 100d100+100d100 (5600), 1000d1000 are
refused (rolling them is fine).
Exploding dice are cut so that the whole expression's tail is below 1e-12
(each of m exploding dice gets 1e-12 / m).
"""

from dataclasses import dataclass, field

from ..errors import InvalidRequest
from .dist import TAIL_EPS, Dist
from .tray import chain_text

FIELD = "expression"
MAX_LENGTH = 200
MAX_DICE = 1000
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000
# Bound on the estimated work of exact odds, in units of about 0.25 us of
# CPython (measured: 0.15-0.45 us per unit, see the module docstring): about
# half a second at the limit, at most about one second.
MAX_ODDS_WORK = 2_200_000
BIGINT_BITS = 6000  # weights of this many bits cost about twice a small one
KRONECKER_UNITS = 260_000  # work of one product of two million-bit integers
FRACTION_UNITS = 140  # work of one Fraction of BIGINT_BITS-bit weights
KEEP_STATE_UNITS = 0.4  # keep DP: one state x count on a face, small weights
KEEP_BITS = 21_000  # ... plus one unit per this many bits of the weights
KEEP_POWER_UNITS = 45  # keep DP: powers per face and kept die, 1000-bit weights


# -- the tree --------------------------------------------------------------
@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice of ``sides``; ``keep`` of them count (None: all), the
    highest or the lowest; ``explode``: each die rolls again on its maximum.
    ``pos``/``end``: 1-based positions of the first character and just past
    the last one (sign not included); ``sign`` is +1 or -1."""
    sign: int
    count: int
    sides: int
    keep: int = None
    highest: bool = True
    explode: bool = False
    selector: str = ""  # as normalised: "kh3", "dl1", "" (none)
    percent: bool = False  # written d%
    pos: int = 1
    end: int = 1

    @property
    def text(self):
        sides = "%" if self.percent else str(self.sides)
        return f"{self.count}d{sides}{self.selector}{'!' if self.explode else ''}"

    @property
    def kept(self):
        return self.count if self.keep is None else self.keep

    def bounds(self):
        """(lowest, highest) signed contribution; None where explosions make
        it unbounded."""
        low, high = self.kept, None if self.explode else self.kept * self.sides
        if self.sign > 0:
            return low, high
        return (None if high is None else -high), -low


@dataclass(frozen=True)
class ConstTerm:
    sign: int
    value: int
    pos: int = 1
    end: int = 1

    @property
    def text(self):
        return str(self.value)


@dataclass(frozen=True)
class Expression:
    source: str
    terms: tuple

    @property
    def dice_terms(self):
        return [t for t in self.terms if isinstance(t, DiceTerm)]

    @property
    def constant(self):
        return sum(t.sign * t.value for t in self.terms if isinstance(t, ConstTerm))

    @property
    def text(self):
        """Canonical form: '4d6kh3 + 2', '1d10 + 1d4 - 1'."""
        out = []
        for i, t in enumerate(self.terms):
            if i == 0:
                out.append(("-" if t.sign < 0 else "") + t.text)
            else:
                out.append(("- " if t.sign < 0 else "+ ") + t.text)
        return " ".join(out)

    def minimum(self):
        """The lowest possible total, or None when explosions make it unbounded."""
        lows = [t.bounds()[0] for t in self.dice_terms]
        return None if None in lows else self.constant + sum(lows)

    def maximum(self):
        """The highest possible total, or None when explosions make it unbounded."""
        highs = [t.bounds()[1] for t in self.dice_terms]
        return None if None in highs else self.constant + sum(highs)


# -- the parser ------------------------------------------------------------
def _error(what, index, expected, code="syntax", **extra):
    raise InvalidRequest(FIELD, f"{what} at position {index + 1}: expected {expected}",
                         code=code, position=index + 1, **extra)


class _Parser:
    def __init__(self, text):
        self.text = text
        self.i = 0

    def peek(self):
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1
        return self.text[self.i] if self.i < len(self.text) else ""

    def unexpected(self, expected):
        c = self.peek()
        found = "end of the expression" if not c else f"{c!r}"
        _error(f"unexpected {found}", self.i, expected)

    def number(self, expected):
        if not _is_digit(self.peek()):
            self.unexpected(expected)
        start = self.i
        while self.i < len(self.text) and _is_digit(self.text[self.i]):
            self.i += 1
        return int(self.text[start:self.i]), start

    def expression(self):
        terms = []
        sign = 1
        c = self.peek()
        if c in ("+", "-"):
            sign = -1 if c == "-" else 1
            self.i += 1
        while True:
            term = self.term(sign)
            terms.append(term)
            c = self.peek()
            if c in ("+", "-"):
                sign = -1 if c == "-" else 1
                self.i += 1
                continue
            if not c:
                break
            if isinstance(term, ConstTerm):
                self.unexpected("'d', '+', '-' or the end")
            self.unexpected("kh, kl, dh, dl, '!', '+', '-' or the end")
        if not any(isinstance(t, DiceTerm) for t in terms):
            _error("nothing to roll", terms[0].pos - 1,
                   "at least one dice term such as 2d6, d20 or d%")
        return Expression(self.text, tuple(terms))

    def term(self, sign):
        c = self.peek()
        start = self.i
        if _is_digit(c):
            count, count_at = self.number("a number")
            number_end = self.i
            if self.peek().lower() != "d":
                if count > MAX_CONSTANT:
                    _error("modifier too large", count_at,
                           f"at most {MAX_CONSTANT}, not {count}", code="range")
                return ConstTerm(sign, count, start + 1, number_end + 1)
            if count < 1:
                _error("no dice", count_at, f"1 to {MAX_DICE} dice, not {count}", code="range")
            if count > MAX_DICE:
                _error("too many dice", count_at, f"at most {MAX_DICE} dice in one term, not {count}", code="range")
        elif c.lower() == "d":
            count = 1
        else:
            self.unexpected("a number or a die such as d6, 2d6 or d%")
        self.i += 1  # the d
        percent = self.peek() == "%"
        if percent:
            sides = 100
            self.i += 1
        else:
            sides, sides_at = self.number("the number of sides (such as 6) or %")
            if sides < 1:
                _error("a die with 0 sides", sides_at, f"1 to {MAX_SIDES} sides", code="range")
            if sides > MAX_SIDES:
                _error("too many sides", sides_at, f"at most {MAX_SIDES} sides, not {sides}", code="range")
        keep, highest, selector, explode = None, True, "", False
        while True:
            c = self.peek().lower()
            at = self.i
            if c == "!":
                if explode:
                    _error("a second '!'", at, "one '!' per dice term (compounding !! is not supported)")
                if sides < 2:
                    _error(f"a d{sides} cannot explode (it would never stop)", at,
                           "a die with at least 2 sides before '!'")
                explode = True
                self.i += 1
            elif c in ("k", "d"):
                self.i += 1
                side = self.peek().lower()
                if side not in ("h", "l"):
                    if c == "k":
                        self.unexpected("h or l after k (kh3 keeps the highest 3, kl1 the lowest 1)")
                    self.unexpected("h or l after d (dl1 drops the lowest 1, dh1 the highest 1)")
                if selector:
                    _error("a second keep/drop", at, "one of kh, kl, dh, dl per dice term")
                self.i += 1
                n, n_at = self.number(f"how many dice to {'keep' if c == 'k' else 'drop'}")
                keep, highest = _selection(c + side, n, count, n_at)
                selector = f"{c}{side}{n}"
            else:
                break
        end = len(self.text[:self.i].rstrip())  # index just past the term's last character
        return DiceTerm(sign, count, sides, keep, highest, explode, selector, percent,
                        start + 1, end + 1)


def _selection(kind, n, count, at):
    """(dice kept, highest?) for kh/kl/dh/dl n on a pool of `count`."""
    if kind in ("kh", "kl"):
        if n > count:
            _error("keep count larger than the pool", at,
                   f"at most {count} (the pool has {count} {'die' if count == 1 else 'dice'}), not {n}", code="range")
        if n == 0:
            _error("nothing left to roll", at, f"to keep 1 to {count}, not 0", code="range")
        kept = n
    else:
        if n >= count:
            _error("nothing left to roll", at,
                   f"to drop at most {count - 1} of {count} {'die' if count == 1 else 'dice'}, not {n}", code="range")
        kept = count - n
    highest = kind in ("kh", "dl")
    return (None if kept == count else kept), highest


def _is_digit(c):
    return "0" <= c <= "9" and c != ""


def parse(text):
    """The tree of `text`, or InvalidRequest('expression', '... at position N: expected ...')."""
    if not isinstance(text, str):
        raise InvalidRequest(FIELD, "must be text such as 3d6+2", code="type")
    if len(text) > MAX_LENGTH:
        _error("too long", MAX_LENGTH, f"at most {MAX_LENGTH} characters, not {len(text)}", code="range")
    return _Parser(text).expression()


# -- the roller ----------------------------------------------------------------
@dataclass
class TermRoll:
    term: object
    chains: list = field(default_factory=list)  # per die: its chain of Die records
    total: int = 0  # signed

    @property
    def values(self):
        return [sum(d.value for d in chain) for chain in self.chains]

    def kept_values(self):
        return [v for v, chain in zip(self.values, self.chains) if chain[0].kept]

    def step(self, alone=False):
        """The term's line: plain dice as a sum ('3d6: 1 + 4 + 6 = 11');
        else the dice (explosion chains as '6 -> 6 -> 1 = 13', dropped ones
        marked), then after '; ' the sum of the kept ones ('13 + 4 = 17', or
        'kept 5' when one of several counts). `alone` (no total line
        follows): a subtracted term adds '; negated: -5'."""
        t = self.term
        if isinstance(t, ConstTerm):
            return None
        if len(self.chains) > 1 and all(len(c) == 1 and c[0].kept for c in self.chains):
            line = f"{t.text}: {' + '.join(str(v) for v in self.values)} = {sum(self.values)}"
            return line + (f"; negated: {self.total}" if alone and t.sign < 0 else "")
        parts = []
        for chain in self.chains:
            text = chain_text(chain)
            parts.append(text if chain[0].kept else f"{text} (dropped)")
        line = f"{t.text}: {', '.join(parts)}"
        if len(self.chains) > 1:
            kept = self.kept_values()
            line += f"; kept {sum(kept)}" if len(kept) < 2 else \
                f"; {' + '.join(str(v) for v in kept)} = {sum(kept)}"
        if alone and t.sign < 0:
            line += f"; negated: {self.total}"
        return line


@dataclass
class RollResult:
    expression: Expression
    terms: list
    total: int

    def to_dict(self):
        expr = self.expression
        alone = len(self.terms) == 1
        steps = [s for s in (tr.step(alone) for tr in self.terms) if s]
        if not alone:
            # each term with its own sign, even a zero ("10 - 0 = 10")
            parts = []
            for i, tr in enumerate(self.terms):
                value = abs(tr.total)
                sign = "-" if tr.term.sign < 0 else "+"
                parts.append(("-" if sign == "-" else "") + str(value) if i == 0
                             else f"{sign} {value}")
            steps.append(f"Total: {' '.join(parts)} = {self.total}")
        return {
            "outcome": "rolled",
            "success": True,
            "total": self.total,
            "expression": expr.text,
            "min": expr.minimum(),
            "max": expr.maximum(),
            "terms": [
                {"term": tr.term.text, "sign": "-" if tr.term.sign < 0 else "+",
                 "values": tr.values if isinstance(tr.term, DiceTerm) else [tr.term.value],
                 "kept": [c[0].kept for c in tr.chains] if isinstance(tr.term, DiceTerm) else [True],
                 "total": tr.total}
                for tr in self.terms
            ],
            "summary": f"{expr.text} = {self.total}",
            "steps": steps,
        }


def roll(expression, tray):
    """Roll a parsed `Expression` (or its text) through `tray`: term by term,
    die by die, each explosion right after its die."""
    expr = parse(expression) if isinstance(expression, str) else expression
    several = len(expr.dice_terms) > 1
    rolled = []
    for index, term in enumerate(expr.terms):
        if isinstance(term, ConstTerm):
            rolled.append(TermRoll(term, [], term.sign * term.value))
            continue
        chains = []
        for j in range(term.count):
            label = f"d{term.sides}" + (f" {j + 1}" if term.count > 1 else "")
            if several:
                label += f" of {term.text}"
            if term.explode:
                chains.append(tray.explode(term.sides, label))
            else:
                chains.append([tray.roll(term.sides, label)])
        tr = TermRoll(term, chains)
        if term.keep is not None:
            keep_chains(chains, term.keep, term.highest)
        tr.total = term.sign * sum(tr.kept_values())
        rolled.append(tr)
    return RollResult(expr, rolled, sum(tr.total for tr in rolled))


def keep_chains(chains, k, highest=True):
    """Mark the k highest (or lowest) chains kept (every die of a chain
    alike), the rest dropped; earlier dice win ties."""
    totals = [sum(d.value for d in chain) for chain in chains]
    order = sorted(range(len(chains)), key=lambda i: (-totals[i] if highest else totals[i], i))
    chosen = set(order[:k])
    for i, chain in enumerate(chains):
        for d in chain:
            d.kept = i in chosen


# -- exact odds ------------------------------------------------------------------
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


def _term_eps(expr, eps):
    n = sum(t.count for t in expr.dice_terms if t.explode)
    return eps / n if n else eps


def conv_work(size_a, bits_a, size_b, bits_b):
    """Estimated work of Dist + Dist for supports of the given sizes and
    weights of the given bit lengths: a plain double loop when small, else
    one Kronecker big-integer product (Karatsuba: bits^1.585)."""
    if size_a * size_b <= 400:
        return size_a * size_b
    slot = bits_a + bits_b + min(size_a, size_b).bit_length()
    small, large = sorted((size_a * slot / 1e6, size_b * slot / 1e6))
    # an unbalanced product costs (large / small) balanced products of `small`
    return int(KRONECKER_UNITS * large * small ** 0.585) + 3 * (size_a + size_b)


def _sum_work(n, size, top, bits):
    """Work of Dist.sum_of(n) (repeated squaring) on a base with `size`
    outcomes spanning `top` and weights of `bits` bits."""
    work = 0
    r_size, r_span, r_bits = 1, 0, 1
    b_size, b_span, b_bits = size, top, bits
    while n:
        if n & 1:
            work += conv_work(r_size, r_bits, b_size, b_bits)
            r_span += b_span
            r_size, r_bits = min(r_size * b_size, r_span + 1), r_bits + b_bits
        n >>= 1
        if n:
            work += conv_work(b_size, b_bits, b_size, b_bits)
            b_span *= 2
            b_size, b_bits = min(b_size * b_size, b_span + 1), 2 * b_bits
    return work


def term_work(term, eps):
    """(estimated work, number of outcomes, bits of the weights) of one
    term's exact distribution."""
    n, s = term.count, term.sides
    depth = explosion_depth(s, eps) if term.explode else 1
    faces, top = (depth * (s - 1), depth * s) if term.explode else (s, s)
    k = term.kept
    # weights are big integers of up to n dice: cost grows with their size
    die_bits = depth * s.bit_length()
    bits = n * die_bits
    if k == n:
        if term.explode:
            return _sum_work(n, faces, top, die_bits), n * top, bits
        # sliding window: n passes over up to `size` sums (measured: the
        # cost per sum hardly grows with the weights' size)
        size = n * (s - 1) + 1
        return n * size, size, bits
    # keep DP, per face: every state (placed < k dice, their sum: about
    # k(k-1)/2 x top + k of them) tries up to k + 1 counts on the face, with
    # products of weights of up to `bits` bits; and per face and kept die a
    # few big-integer powers (rest ** dice left) of up to `bits` bits.
    states = k * (k - 1) // 2 * top + k
    dp = faces * states * (k + 1) * (KEEP_STATE_UNITS + bits / KEEP_BITS)
    powers = faces * k * KEEP_POWER_UNITS * (bits / 1000) ** 1.3
    return int(dp + powers), k * top, bits


def odds_work(expr, eps=TAIL_EPS):
    """Estimated work of `distribution(expr)` (1 unit: about 0.25
    microseconds of CPython); raises InvalidRequest at the first term that
    takes the total past MAX_ODDS_WORK."""
    teps = _term_eps(expr, eps)
    work, size, bits = 0, 0, 0
    for term in expr.dice_terms:
        w, outcomes, term_bits = term_work(term, teps)
        work += w + (conv_work(size, bits, outcomes, term_bits) if size else outcomes)
        size += outcomes
        bits += term_bits
        # the exact Fractions of the answer: a gcd per outcome, quadratic in bits
        output = int(FRACTION_UNITS * size * (bits / BIGINT_BITS) ** 2)
        if work + output > MAX_ODDS_WORK:
            # odds_only: the page still lets the player roll this expression
            _error("too many outcomes for exact odds", term.pos - 1,
                   "fewer dice, sides or kept dice (rolling it is fine)", code="odds_too_big",
                   odds_only=True)
    return work + output


def term_distribution(term, eps=TAIL_EPS):
    """Exact Dist of one dice term (unsigned)."""
    n, s = term.count, term.sides
    if term.explode:
        base = Dist.exploding(s, eps)
        if term.keep is None:
            return base.sum_of(n)
        return base.keep(n, term.keep, term.highest)
    if term.keep is None:
        return Dist.uniform_sum(n, s)
    return Dist.uniform(s).keep(n, term.keep, term.highest)


def distribution(expression, eps=TAIL_EPS):
    """Exact Dist of the total. Exploding dice are cut so that the whole
    expression's tail (mass not represented) stays below `eps`."""
    expr = parse(expression) if isinstance(expression, str) else expression
    odds_work(expr, eps)
    teps = _term_eps(expr, eps)
    total = None
    for term in expr.dice_terms:
        d = term_distribution(term, teps)
        d = d if term.sign > 0 else -d
        total = d if total is None else total + d
    return (total + expr.constant).reduced()
