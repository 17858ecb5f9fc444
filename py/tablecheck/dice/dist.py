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
    def _of(cls, weights, total):
        """A Dist over `weights` as they are (all positive: not copied)."""
        d = object.__new__(cls)
        d.weights = weights
        d.total = total
        return d

    @classmethod
    def constant(cls, value):
        return cls._of({value: 1}, 1)

    @classmethod
    def uniform(cls, sides):
        """One fair die d`sides` (faces 1..sides)."""
        return cls._of(dict.fromkeys(range(1, sides + 1), 1), sides)

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
        return cls._of({n + j: c for j, c in enumerate(counts)}, sides ** n)

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
    def keep(self, n, k, highest=True, skip=0):
        """Sum of the k highest (or lowest) of n independent copies, after
        the `skip` best are left out (a window of the sorted pool: several
        keeps and drops on one term), without enumerating all outcomes: a
        dynamic programme over faces from best to worst. A state is (dice
        placed on better faces, the kept part of their sum) while fewer
        than skip + k are placed; once the last kept die lands on face f,
        the dice still unplaced all show f or worse, which has a closed
        form (so the work does not grow with n beyond big-integer sizes).

        Mass the distribution does not represent (the tail of an exploding
        die) counts as better than every face for `highest` (any such die
        would be kept or skipped: the outcome goes to the tail) and as worse
        than every face for lowest (such a die is dropped when skip + k dice
        lie below it)."""
        if not (0 <= k and 0 <= skip and skip + k <= n):
            raise ValueError("keep count must be within the pool")
        total_n = self.total ** n
        if k == 0:
            return Dist({0: total_n}, total_n)
        if k == 1 and skip == 0:
            return self._extreme(n, highest)
        target = skip + k  # dice placed once the window is complete
        faces = sorted(self.weights, reverse=highest)
        represented = sum(self.weights.values())
        # weight of "this face or worse" when reaching each face
        rest = represented if highest else self.total
        states = {(0, 0): 1}  # (placed, kept sum) with placed < target
        weights = {}
        for face in faces:
            wf = self.weights[face]
            worse = rest - wf  # weight of faces strictly worse (tail for lowest)
            pow_f = [1]
            for _ in range(target):
                pow_f.append(pow_f[-1] * wf)
            by_placed = {}  # placed -> (ways to put c dice here for c < need, done)
            nxt = {}
            for (placed, kept_sum), w in states.items():
                if placed not in by_placed:
                    left = n - placed
                    here = [comb(left, c) * pow_f[c] for c in range(target - placed)]
                    below = sum(h * worse ** (left - c) for c, h in enumerate(here))
                    # c >= need dice on this face complete the window; the
                    # others show this face or worse: all rest^left
                    # arrangements except those with fewer than need here
                    by_placed[placed] = (here, rest ** left - below)
                here, done = by_placed[placed]
                # c < need dice on this face: still fewer than target placed;
                # the state counts arrangements of the placed dice only
                for c, h in enumerate(here):
                    kept_here = max(0, placed + c - max(placed, skip))
                    key = (placed + c, kept_sum + kept_here * face)
                    nxt[key] = nxt.get(key, 0) + w * h
                if done:
                    key = kept_sum + (target - max(placed, skip)) * face
                    weights[key] = weights.get(key, 0) + w * done
            # states carried on: their remaining dice avoid this face
            states = {}
            for (placed, kept_sum), w in nxt.items():
                if placed < target:
                    states[(placed, kept_sum)] = states.get((placed, kept_sum), 0) + w
            rest = worse
        return Dist(weights, total_n)

    def _extreme(self, n, highest):
        """The highest (or lowest) of n copies in closed form: P(max <= v) =
        P(one <= v)^n, so the weight of v is C(v)^n - C(below v)^n with C
        the cumulative weight (for the lowest, the weight of 'v or more',
        the tail included, which counts as worse than every face)."""
        faces = sorted(self.weights)
        weights = {}
        if highest:
            acc, prev = 0, 0
            for face in faces:
                acc += self.weights[face]
                now = acc ** n
                weights[face] = now - prev
                prev = now
        else:
            acc = self.total
            prev = acc ** n
            for face in faces:
                acc -= self.weights[face]
                now = acc ** n
                weights[face] = prev - now
                prev = now
        return Dist._of({f: w for f, w in weights.items() if w}, self.total ** n)

    def max_of(self, n):
        return self.keep(n, 1, highest=True)

    def min_of(self, n):
        return self.keep(n, 1, highest=False)


def keep_mixed(groups, k, highest=True, spend=None):
    """Sum of the k highest (or lowest) dice of a pool of several kinds of
    dice: `groups` [(Dist, count)], all independent. Dist.keep's programme
    over faces from best to worst, with the dice placed counted per kind
    (a state: placed per kind, their sum, while fewer than k are placed);
    once the k-th kept die lands on a face, every die left shows that face
    or worse: a closed form per kind. Tail mass as in Dist.keep. `spend(n)`,
    if given, is told the steps of each face as they are taken (each move of
    a state, more for long big integers)."""
    n_all = sum(n for _, n in groups)
    if not 0 < k <= n_all:
        raise ValueError("keep count must be within the pool")
    total = 1
    for d, n in groups:
        total *= d.total ** n
    faces = sorted(set().union(*(d.weights for d, _ in groups)), reverse=highest)
    rest = [sum(d.weights.values()) if highest else d.total for d, _ in groups]
    counts = [n for _, n in groups]
    kinds = range(len(groups))
    # a state's kept sums as one big integer: a slot of `bits` per sum (above
    # k * lowest face), so that moving a state is one shift and one product
    low = min(faces)
    bits = 8 * ((total.bit_length() + 8) // 8 + 1)
    # placed per kind as one mixed-radix number (a state's key)
    radix, r = [], 1
    for n in counts:
        radix.append(r)
        r *= n + 1
    decode = {}

    def placed_of(key):
        if key not in decode:
            decode[key] = [key // radix[t] % (counts[t] + 1) for t in kinds]
        return decode[key]

    states = {0: 1}  # placed (mixed radix) -> packed {kept sum: weight}
    done_all = 0
    for face in faces:
        wf = [d.weights.get(face, 0) for d, _ in groups]
        worse = [r - w for r, w in zip(rest, wf)]
        step = bits * (face - low)
        tables = {}  # (kind, dice left) -> ([ways of c here], [... and the others worse], size)
        nxt = {}

        def table_of(t, left):
            """([ways to put c of the kind's `left` dice on this face],
            [... with the others on worse faces], size, rest ** left)"""
            table = tables.get((t, left))
            if table is None:
                top = min(left, k - 1) if wf[t] else 0
                ways = [comb(left, c) * wf[t] ** c for c in range(top + 1)]
                table = tables[(t, left)] = (ways, [w * worse[t] ** (left - c)
                                                    for c, w in enumerate(ways)], len(ways),
                                             rest[t] ** left)
            return table

        if len(counts) == 2:  # two kinds ({4d6 + 2d8}kh3): the same, in plain loops
            (n0, n1), unit = counts, radix[1]
            for key, packed in states.items():
                p0, p1 = placed_of(key)
                need = k - p0 - p1
                ways0, tails0, size0, every0 = table_of(0, n0 - p0)
                ways1, tails1, size1, every1 = table_of(1, n1 - p1)
                if spend is not None:
                    spend(size0 * size1 * (6 + packed.bit_length() // 700))
                below = 0
                for c0 in range(min(size0, need)):
                    a, b, base = packed * ways0[c0], tails0[c0], key + c0
                    for c1 in range(min(size1, need - c0)):
                        below += b * tails1[c1]
                        target = base + c1 * unit
                        moved = a * ways1[c1]
                        here = c0 + c1
                        nxt[target] = nxt.get(target, 0) + (moved << (step * here) if here else moved)
                every = every0 * every1
                if every != below:
                    done_all += (packed * (every - below)) << (step * need)
            states = nxt
            rest = worse
            continue
        for key, packed in states.items():
            placed = placed_of(key)
            need = k - sum(placed)
            # the ways to put c_t dice of each kind on this face, fewer than `need` in all
            combos = [(key, 0, 1, 1)]
            every = 1
            for t in kinds:
                ways, tails, size, every_t = table_of(t, counts[t] - placed[t])
                every *= every_t
                if size == 1:  # no die of this kind shows this face
                    if tails[0] != 1:
                        combos = [(tgt, here, w, x * tails[0]) for tgt, here, w, x in combos]
                else:
                    unit = radix[t]
                    combos = [(tgt + c * unit, here + c, w * ways[c], x * tails[c])
                              for tgt, here, w, x in combos
                              for c in range(min(size, need - here))]
            if spend is not None:  # a step: about 0.3 us
                spend(len(combos) * (6 + packed.bit_length() // 700))
            below = 0
            for target, here, ways, tail in combos:
                below += tail
                moved = packed * ways if ways != 1 else packed
                nxt[target] = nxt.get(target, 0) + (moved << (step * here) if here else moved)
            if every != below:
                done_all += (packed * (every - below)) << (step * need)
        states = nxt
        rest = worse
    size = bits // 8
    raw = done_all.to_bytes((done_all.bit_length() + 7) // 8 + size, "little")
    weights = {}
    for j in range(len(raw) // size):
        w = int.from_bytes(raw[j * size:(j + 1) * size], "little")
        if w:
            weights[j + k * low] = w
    return Dist._of(weights, total)

def extreme_of(dists, highest=True):
    """The highest (or lowest) of independent Dists, in closed form:
    P(max <= v) = product of P(X_i <= v). Mass a Dist does not represent
    (an exploding die's tail) leaves the outcome in the tail, as merging
    the dists pairwise would."""
    faces = sorted(set().union(*(d.weights for d in dists)))
    total = 1
    for d in dists:
        total *= d.total
    # highest: cumulative weight of "v or less"; lowest: of "v or more" (represented)
    acc = [0 if highest else sum(d.weights.values()) for d in dists]
    prev = 0 if highest else _product(acc)
    weights = {}
    for v in faces:
        for i, d in enumerate(dists):
            w = d.weights.get(v, 0)
            acc[i] += w if highest else -w
        now = _product(acc)
        w = now - prev if highest else prev - now
        if w:
            weights[v] = w
        prev = now
    return Dist._of(weights, total)


def _product(values):
    out = 1
    for v in values:
        out *= v
    return out


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
