"""Exact discrete distributions.

A `Dist` holds integer weights over outcomes and one integer `total`
(the common denominator): P(x) = weights[x] / total, exactly. Integer
weights make convolution fast and exact; `prob` returns a Fraction.

Sums of integer-valued distributions use Kronecker substitution (each
distribution packed into one big integer, one exact big-integer product);
sums of n fair dice use a sliding window; keep-highest/lowest uses a
dynamic programme over faces (never the n^sides outcomes).

For infinite distributions (exploding dice) the weights cover only part of
the mass: ``tail() = 1 - sum(P)`` is the mass cut off, reported, never
silently dropped (kept below 1e-12).
"""

from fractions import Fraction
from math import comb, gcd

TAIL_EPS = Fraction(1, 10**12)


class Dist:
    __slots__ = ("weights", "total")

    def __init__(self, weights, total=None):
        self.weights = {k: w for k, w in weights.items() if w}
        self.total = sum(self.weights.values()) if total is None else total
        if self.total <= 0:
            raise ValueError("a distribution needs a positive total")

    # -- construction ------------------------------------------------------
    @classmethod
    def constant(cls, value):
        return cls({value: 1}, 1)

    @classmethod
    def uniform(cls, sides):
        """One fair die d`sides` (faces 1..sides)."""
        return cls({f: 1 for f in range(1, sides + 1)}, sides)

    @classmethod
    def uniform_sum(cls, n, sides):
        """Sum of n fair d`sides` (n >= 0): one die at a time with a sliding
        window over prefix sums (no n^sides enumeration)."""
        counts = [1]  # ways for sums n..: index = sum - (dice so far)
        for _ in range(n):
            prefix = [0]
            acc = 0
            for c in counts:
                acc += c
                prefix.append(acc)
            m = len(counts)
            counts = [prefix[min(j + 1, m)] - prefix[max(0, j - sides + 1)]
                      for j in range(m + sides - 1)]
        return cls({n + j: c for j, c in enumerate(counts)}, sides ** n)

    @classmethod
    def from_probs(cls, probs):
        """From {outcome: Fraction or int}: exact, common denominator."""
        probs = {k: Fraction(p) for k, p in probs.items() if p}
        den = 1
        for p in probs.values():
            den = den * p.denominator // gcd(den, p.denominator)
        return cls({k: p.numerator * (den // p.denominator) for k, p in probs.items()}, den)

    @classmethod
    def exploding(cls, sides, eps=TAIL_EPS):
        """One exploding die (max face rolls again and adds, no cap), as an
        exact series cut where the remaining mass drops below `eps`:
        P(k explosions then face r<sides) = sides^-(k+1)."""
        if sides < 2:
            raise ValueError("a d1 cannot explode")
        depth = 1
        while Fraction(1, sides ** depth) >= eps:
            depth += 1
        # depth = number of rolls represented; the tail is P(depth maxima in a row)
        total = sides ** depth
        weights = {}
        for k in range(depth):
            w = sides ** (depth - k - 1)
            for r in range(1, sides):
                weights[k * sides + r] = w
        return cls(weights, total)

    @classmethod
    def mix(cls, parts):
        """Mixture: [(probability, Dist), ...] with probabilities summing to
        at most 1 (what is missing counts as tail)."""
        parts = [(Fraction(p), d) for p, d in parts if p]
        den = 1
        for p, d in parts:
            t = p.denominator * d.total
            den = den * t // gcd(den, t)
        weights = {}
        for p, d in parts:
            scale = p.numerator * (den // (p.denominator * d.total))
            for k, w in d.weights.items():
                weights[k] = weights.get(k, 0) + w * scale
        return cls(weights, den)

    # -- reading -------------------------------------------------------------
    def prob(self, outcome):
        return Fraction(self.weights.get(outcome, 0), self.total)

    def probs(self):
        return {k: Fraction(w, self.total) for k, w in self.weights.items()}

    def p(self, predicate):
        """P(predicate(outcome)) exactly."""
        return Fraction(sum(w for k, w in self.weights.items() if predicate(k)), self.total)

    def tail(self):
        return Fraction(self.total - sum(self.weights.values()), self.total)

    def outcomes(self):
        return sorted(self.weights)

    def mean(self):
        return Fraction(sum(k * w for k, w in self.weights.items()), self.total)

    def floats(self):
        return {k: w / self.total for k, w in sorted(self.weights.items())}

    def __repr__(self):
        return f"Dist({self.floats()}, tail={float(self.tail()):.3g})"

    def __eq__(self, other):
        if not isinstance(other, Dist):
            return NotImplemented
        return self.probs() == other.probs() and self.tail() == other.tail()

    # -- combining -----------------------------------------------------------
    def map(self, f):
        """Distribution of f(outcome); equal images merge."""
        weights = {}
        for k, w in self.weights.items():
            key = f(k)
            weights[key] = weights.get(key, 0) + w
        return Dist(weights, self.total)

    def combine(self, other, f):
        """Distribution of f(x, y) for independent x ~ self, y ~ other."""
        weights = {}
        for a, wa in self.weights.items():
            for b, wb in other.weights.items():
                key = f(a, b)
                weights[key] = weights.get(key, 0) + wa * wb
        return Dist(weights, self.total * other.total)

    def __add__(self, other):
        if isinstance(other, int):
            return Dist({k + other: w for k, w in self.weights.items()}, self.total)
        if isinstance(other, Dist):
            fast = _convolve(self.weights, other.weights)
            if fast is not None:
                return Dist(fast, self.total * other.total)
        return self.combine(other, lambda a, b: a + b)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, int):
            return self + (-other)
        return self.combine(other, lambda a, b: a - b)

    def __neg__(self):
        return self.map(lambda k: -k)

    def sum_of(self, n):
        """Sum of n independent copies (n >= 0), by repeated squaring."""
        result = Dist.constant(0)
        base = self
        while n:
            if n & 1:
                result = result + base
            n >>= 1
            if n:
                base = base + base
        return result

    def reduced(self):
        """Same distribution with the smallest common denominator."""
        g = self.total
        for w in self.weights.values():
            g = gcd(g, w)
            if g == 1:
                return self
        return Dist({k: w // g for k, w in self.weights.items()}, self.total // g)

    # -- keep highest / lowest ---------------------------------------------
    def keep(self, n, k, highest=True):
        """Sum of the k highest (or lowest) of n independent copies, without
        enumerating all outcomes: a dynamic programme over faces from best
        to worst. A state is (dice placed on better faces, their sum) while
        fewer than k are placed; once the k-th kept die lands on face f, the
        dice still unplaced all show f or worse, which has a closed form
        (so the work does not grow with n beyond big-integer sizes).

        Mass the distribution does not represent (the tail of an exploding
        die) counts as better than every face for `highest` (any such die
        would be kept: the outcome goes to the tail) and as worse than every
        face for lowest (such a die is dropped when k dice lie below it)."""
        if not 0 <= k <= n:
            raise ValueError("keep count must be within the pool")
        total_n = self.total ** n
        if k == 0:
            return Dist({0: total_n}, total_n)
        faces = sorted(self.weights, reverse=highest)
        represented = sum(self.weights.values())
        # weight of "this face or worse" when reaching each face
        rest = represented if highest else self.total
        states = {(0, 0): 1}  # (placed, kept sum) with placed < k
        weights = {}
        for face in faces:
            wf = self.weights[face]
            worse = rest - wf  # weight of faces strictly worse (tail for lowest)
            pow_f = [1]
            for _ in range(k):
                pow_f.append(pow_f[-1] * wf)
            by_placed = {}  # placed -> (ways to put c dice here for c < need, done)
            nxt = {}
            for (placed, kept_sum), w in states.items():
                if placed not in by_placed:
                    left = n - placed
                    here = [comb(left, c) * pow_f[c] for c in range(k - placed)]
                    below = sum(h * worse ** (left - c) for c, h in enumerate(here))
                    # c >= need dice on this face complete the kept set; the
                    # others show this face or worse: all rest^left
                    # arrangements except those with fewer than need here
                    by_placed[placed] = (here, rest ** left - below)
                here, done = by_placed[placed]
                # c < need dice on this face: still fewer than k placed; the
                # state counts arrangements of the placed dice only
                for c, h in enumerate(here):
                    key = (placed + c, kept_sum + c * face)
                    nxt[key] = nxt.get(key, 0) + w * h
                if done:
                    key = kept_sum + (k - placed) * face
                    weights[key] = weights.get(key, 0) + w * done
            # states carried on: their remaining dice avoid this face
            states = {}
            for (placed, kept_sum), w in nxt.items():
                if placed < k:
                    states[(placed, kept_sum)] = states.get((placed, kept_sum), 0) + w
            rest = worse
        return Dist(weights, total_n)

    def max_of(self, n):
        return self.keep(n, 1, highest=True)

    def min_of(self, n):
        return self.keep(n, 1, highest=False)


def _dense_ints(weights):
    """(lowest key, span) when every key and weight is a plain int and the
    keys are not too sparse for a dense packing; else None."""
    if not weights or any(type(k) is not int for k in weights) \
            or any(type(w) is not int or w < 0 for w in weights.values()):
        return None
    low, high = min(weights), max(weights)
    span = high - low + 1
    return (low, span) if span <= 4 * len(weights) + 16 else None


def _pack(weights, low, span, size):
    return int.from_bytes(b"".join(weights.get(low + i, 0).to_bytes(size, "little")
                                   for i in range(span)), "little")


def _convolve(a, b):
    """Weights of x + y for independent integer-keyed weights a and b, by
    Kronecker substitution: each distribution packed into one big integer
    (one slot of `size` bytes per outcome), one big-integer product does the
    whole convolution, exactly. None when the keys do not suit (tuples,
    sparse) or the problem is too small to gain: the caller then loops."""
    if len(a) * len(b) <= 400:
        return None
    da, db = _dense_ints(a), _dense_ints(b)
    if da is None or db is None:
        return None
    (la, na), (lb, nb) = da, db
    # a product slot holds at most min(na, nb) products of two weights
    bits = (max(a.values()).bit_length() + max(b.values()).bit_length()
            + min(na, nb).bit_length())
    size = bits // 8 + 1
    product = _pack(a, la, na, size) * _pack(b, lb, nb, size)
    raw = product.to_bytes((na + nb - 1) * size, "little")
    out = {}
    for i in range(na + nb - 1):
        w = int.from_bytes(raw[i * size:(i + 1) * size], "little")
        if w:
            out[la + lb + i] = w
    return out
