"""Exact odds of a parsed dice expression (tablecheck.dice.notation_parse).

A dice term's modifiers (and a group's) each fill in their part of its
plan, in the fixed order in which the roller runs their steps (`plan_of`:
`Modifier.odds` on a TermOdds, tablecheck.dice.modifiers.odds): the die's
faces after min/max, the chain of an explosion, the map that replaces a
unit's value (rerolls), distinct units (unique), the keep window, what a
kept unit contributes (counting). This module only combines plans, naming
no modifier: chains as exact series cut where the mass left is below the
term's share of 1e-12 (reported as the Dist's tail; a chain that reaches
1000 extra rolls ends there, as when rolling); the unit map on what the
chains left; distinct units by enumeration of the values seen; the window
and the contributions over the pool. Chains whose rolls are units of
their own (a separate `!` with keep/drop or counting) are handled per
chain as a "summary" (the k dice kept so far, or the running sum and the
m dice dropped so far), merged over the pool by repeated squaring.
Arithmetic combines independent terms exactly (`/` gives Fractions). A
group of one expression with keep/drop ranks the dice of all its terms
(`PoolSummary`, then the expression on each joint outcome). Distinct
units (with separate chains too) enumerate the set of values seen with
the summary.

The last expressions' odds and the last terms' are cached by canonical
text (`Lru`, bounded in entries and in the size of their weights).

The work is bounded twice: `odds_work` estimates the classic shapes before
anything is computed (see tablecheck.dice.notation), and a `Budget` counts
the inner loops of the general paths as they run: both refuse with
``odds_too_big`` (the roll still works).
"""

from collections import OrderedDict
from fractions import Fraction

from ..errors import InvalidRequest
from .dist import TAIL_EPS, Dist, extreme_of, keep_mixed
from .modifiers import GROUP_ODDS, ODDS, TermOdds
from .modifiers.base import MAX_EXTRA
from .notation_math import apply_function, apply_operator, round_division
from .notation_parse import (BinOp, Dice, Func, Group, Keep, KeepChain, Neg, Num, Paren,
                             children, error, evaluate, parse, walk)
from .notation_group import constant_sum, plain_sum
from .notation_work import conv_work, is_classic, odds_work, term_eps

# Inner-loop steps of the general paths (about 0.3 us each in CPython):
# about the same time as MAX_ODDS_WORK of the estimated shapes.
MAX_STEPS = 1_500_000
MERGE_STEPS = 5  # a step that sorts a tuple of kept dice costs about five
UNIQUE_STEPS = 4  # a step of the unique enumeration (big-integer weights) about four


class Budget:
    def __init__(self, steps=MAX_STEPS):
        self.left = steps

    def spend(self, steps, node):
        self.left -= steps
        if self.left < 0:
            too_big(node)


def too_big(node):
    error("too many outcomes for exact odds", node.pos - 1,
          "fewer dice, sides or kept dice (rolling it is fine)", code="odds_too_big",
          odds_only=True)


# -- the plan, and the pieces of one die ---------------------------------------
def plan_of(node):
    """The TermOdds of a dice term or a group: each modifier's part, asked
    in the fixed order (MODIFIERS), as the roller runs their steps."""
    plan = TermOdds()
    for modifier in (ODDS if isinstance(node, Dice) else GROUP_ODDS):
        modifier.odds(node, plan)
    return plan


def face_dist(plan):
    faces = plan.faces
    return Dist(faces, sum(faces.values()))


def unit_dist(plan, eps, budget, term):
    """Dist of one unit of a term whose units are whole dice (its chain
    compounded into one value, if it has one), after the unit map."""
    unit = chain_series(plan, SUM, eps, budget, term) if plan.chain else face_dist(plan)
    return plan.unit_map.map(unit) if plan.unit_map else unit


def classic_dist(term, plan, eps):
    n, s = term.count, term.sides
    keep = plan.window
    kept = keep.kept(n) if keep else n
    if plan.chain:
        base = Dist.exploding(s, eps)
        return base.sum_of(n) if kept == n else base.keep(n, kept, keep.highest)
    if kept == n:
        return Dist.uniform_sum(n, s)
    return Dist.uniform(s).keep(n, kept, keep.highest)


# -- summaries: what a chain or a pool needs to remember -----------------------
class Summary:
    """How dice values fold into what the term's value needs: `add(s, v)`,
    `merge(a, b)`, `value(s)`. Kinds: the sum (of values or of counts), the k
    kept dice, or the running sum and the m dropped dice."""

    def __init__(self, keep, contribution):
        self.c = contribution
        self.keep = keep
        self.kind = "sum" if keep is None else ("keep" if keep.kind[0] == "k" else "drop")
        self.cost = 1  # steps of one add or merge, against a sum's
        if keep:
            self.k = keep.n
            # the tuple holds the extreme values: kept ones (keep) or dropped ones (drop)
            self.high = keep.kind in ("kh", "dh")
            self.cost = tuple_cost(self.k)

    def start(self):
        return 0 if self.kind == "sum" else (() if self.kind == "keep" else (0, ()))

    def _top(self, t):
        return tuple(sorted(t, reverse=self.high)[:self.k])

    def add(self, s, v):
        if self.kind == "sum":
            return s + self.c(v)
        if self.kind == "keep":
            return self._top(s + (v,))
        return (s[0] + self.c(v), self._top(s[1] + (v,)))

    def merge(self, a, b):
        if self.kind == "sum":
            return a + b
        if self.kind == "keep":
            return self._top(a + b)
        return (a[0] + b[0], self._top(a[1] + b[1]))

    def value(self, s):
        if self.kind == "sum":
            return s
        if self.kind == "keep":
            return sum(self.c(v) for v in s)
        return s[0] - sum(self.c(v) for v in s[1])


class WindowSummary:
    """Summary of several keeps and drops on one pool (KeepChain): what they
    leave of the pool sorted lowest first is the window [lo, hi) of its size
    P. A state is (P, up to L = 2K; the running sum of contributions, when
    the window needs it; the K highest values; the K lowest), K the sum of
    the counts: up to L dice they are every die of the pool; past L the
    window's ends are each a constant or P less a constant (KeepChain.n),
    so its dice are some of the K highest, some of the K lowest, or all but
    some of either (the running sum less them)."""

    kind = "window"

    def __init__(self, keep, contribution):
        self.c = contribution
        self.keep = keep
        self.k = keep.n
        self.limit = 2 * self.k
        self.cost = tuple_cost(2 * self.k)
        (lo1, hi1), (lo2, hi2) = keep.window(self.limit + 1), keep.window(self.limit + 2)
        p1 = self.limit + 1
        if lo1 == lo2 and hi1 == hi2:  # the lowest dice, positions lo..hi
            self.far = ("low", lo1, hi1)
        elif lo1 == lo2:  # all but the lo lowest and the P - hi highest
            self.far = ("middle", lo1, p1 - hi1)
        else:  # the highest dice, positions P - hi .. P - lo from the top
            self.far = ("high", p1 - hi1, p1 - lo1)
        self.needs_sum = self.far[0] == "middle"

    def start(self):
        return (0, 0, (), ())

    def _fold(self, size, total, high, low):
        k = self.k
        return (min(size, self.limit + 1), total if self.needs_sum else 0,
                tuple(sorted(high, reverse=True)[:k]), tuple(sorted(low)[:k]))

    def add(self, s, v):
        return self._fold(s[0] + 1, s[1] + self.c(v), s[2] + (v,), s[3] + (v,))

    def merge(self, a, b):
        return self._fold(a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])

    def value(self, s):
        size, total, high, low = s
        c = self.c
        if size <= self.limit:  # every die is in `high` or `low`: the whole pool
            pool = tuple(reversed(high)) if size <= self.k else low[:size - self.k] + \
                tuple(reversed(high))
            lo, hi = self.keep.window(size)
            return sum(c(v) for v in pool[lo:hi])
        kind, a, b = self.far
        if kind == "low":
            return sum(c(v) for v in low[a:b])
        if kind == "high":
            return sum(c(v) for v in high[a:b])
        return total - sum(c(v) for v in low[:a]) - sum(c(v) for v in high[:b])


def summary_of(plan):
    """The Summary of a plan's window (none, one keep, or several) and
    contribution."""
    keep, contribution = plan.window, plan.contribution or _identity
    if isinstance(keep, KeepChain):
        return WindowSummary(keep, contribution)
    return Summary(keep, contribution)


def tuple_cost(k):
    """Steps of one add or merge of summaries holding k values (a sort of
    up to 2k values: about one step per 16 of them, past the first)."""
    return 1 + k // 16


def chain_series(plan, summary, eps, budget, term):
    """Dist over summaries of one die and its chain (plan.chain): exact
    series, cut where the continuing mass drops below `eps` (tail), ended
    at MAX_EXTRA extra rolls as the roller does."""
    first, total = plan.chain.transitions(plan, False)
    later, _ = plan.chain.transitions(plan, True)
    cont = {summary.start(): 1}
    done = []  # (depth, {summary: weight}) of chains that ended at that depth
    depth = 0
    while cont:
        depth += 1
        trans = first if depth == 1 else later
        nxt, ended = {}, {}
        budget.spend(MERGE_STEPS * summary.cost * len(cont) * sum(len(v) for _, v in trans),
                     term)
        last = depth > MAX_EXTRA
        for s, w in cont.items():
            for matches, vals in trans:
                target = nxt if matches and not last else ended
                for v, wv in vals.items():
                    key = summary.add(s, v)
                    target[key] = target.get(key, 0) + w * wv
        done.append((depth, ended))
        cont = nxt
        mass = sum(cont.values())
        if mass * eps.denominator < total ** depth * eps.numerator:
            break
    weights = {}
    for d, ended in done:
        scale = total ** (depth - d)
        for key, w in ended.items():
            weights[key] = weights.get(key, 0) + w * scale
    return Dist(weights, total ** depth)


def power(dist, n, merge, budget, node, cost=1):
    """The n-fold merge of independent copies, by repeated squaring (`cost`:
    steps of one merge, Summary.cost)."""
    result = None
    base = dist
    while n:
        if n & 1:
            result = base if result is None else combine(result, base, merge, budget, node, cost)
        n >>= 1
        if n:
            base = combine(base, base, merge, budget, node, cost)
    return result


def combine(a, b, f, budget, node, cost=1):
    if f is _add:
        budget.spend(conv_steps(a, b), node)
        return a + b
    pair = MERGE_STEPS * cost + mul_steps(weight_bits(a), weight_bits(b))
    budget.spend(pair * len(a.weights) * len(b.weights), node)
    return a.combine(b, f)


def weight_bits(dist):
    return max(dist.weights.values(), default=1).bit_length()


def mul_steps(bits_a, bits_b):
    """Steps of one product of weights of these sizes (CPython's Karatsuba,
    measured: about 10 steps at 1000 bits each, 2000 at 26,000 bits; an
    unbalanced product costs large / small balanced ones of the small)."""
    small, large = sorted((bits_a, bits_b))
    if large < 1000:
        return 0
    return int(2e-4 * max(small, 64) ** 1.585 * (large / max(small, 64)))


def conv_steps(a, b):
    """Steps of Dist + Dist (a double loop when small, else one big-integer
    product: see notation_work.conv_work)."""
    bits_a = max(a.weights.values(), default=1).bit_length()
    bits_b = max(b.weights.values(), default=1).bit_length()
    return conv_work(len(a.weights), bits_a, len(b.weights), bits_b)


def _add(x, y):
    return x + y


def _identity(v):
    return v


class _Sum:
    """The Summary of a unit's own value (a compounded chain's sum)."""
    kind = "sum"
    cost = 1

    @staticmethod
    def start():
        return 0

    @staticmethod
    def add(s, v):
        return s + v


SUM = _Sum()


# -- caches ----------------------------------------------------------------------
class Lru:
    """A bounded least-recently-used cache: at most `entries` entries and
    about `units` 64-bit words of Dist weights in all (an entry larger than
    a quarter of that is not kept). Values are immutable by convention: a
    cached Dist is shared, its callers only read it."""

    def __init__(self, entries, units):
        self.entries, self.units = entries, units
        self.data = OrderedDict()  # key -> (value, cost)
        self.used = 0

    def get(self, key):
        hit = self.data.get(key)
        if hit is None:
            return None
        self.data.move_to_end(key)
        return hit[0]

    def put(self, key, value, cost):
        if cost > self.units // 4 or key in self.data:
            return
        self.data[key] = (value, cost)
        self.used += cost
        while len(self.data) > self.entries or self.used > self.units:
            _, (_, c) = self.data.popitem(last=False)
            self.used -= c

    def clear(self):
        self.data.clear()
        self.used = 0


def dist_cost(dist):
    """Words of memory a Dist holds, about: its outcomes and their weights."""
    return len(dist.weights) * (dist.total.bit_length() // 64 + 4) + 4


# the exact odds of the last expressions (by canonical text) and of the last
# dice terms: the page asks the same expression's odds again and again (as
# icepool, which caches what it computed)
EXPRESSIONS = Lru(128, 1_000_000)
TERMS = Lru(128, 1_000_000)


def _eps_key(eps):
    """eps as a cache key (a Fraction's hash is slow: a modular inverse)."""
    return (eps.numerator, eps.denominator) if type(eps) is Fraction else eps


def clear_caches():
    EXPRESSIONS.clear()
    TERMS.clear()


# -- a dice term ---------------------------------------------------------------
def term_distribution(term, eps=TAIL_EPS, budget=None):
    """Exact Dist of one dice term's value (cached by the term's text)."""
    key = (term.text, _eps_key(eps))
    dist = TERMS.get(key)
    if dist is None:
        dist = _term_distribution(term, eps, budget or Budget())
        TERMS.put(key, dist, dist_cost(dist))
    return dist


def _term_distribution(term, eps, budget):
    plan = plan_of(term)
    if is_classic(term):
        return classic_dist(term, plan, eps)
    summary = summary_of(plan)
    if plan.distinct:
        states = unique_states(term, plan, summary, eps, budget)
        return states if summary.kind == "sum" else states.map(summary.value)
    merge = _add if summary.kind == "sum" else summary.merge
    if plan.units_per_chain:
        chain = chain_series(plan, summary, eps, budget, term)
        pool = power(chain, term.count, merge, budget, term, summary.cost)
    else:
        unit = unit_dist(plan, eps, budget, term)
        if summary.kind != "sum" and plan.contribution is None:
            return plan.kept_sum(unit, term, budget)
        # reduced: a count's {0: 500, 1: 500} of 1000 is {0: 1, 1: 1} of 2, and
        # its thousandth power a tenth of the bits
        pool = power(unit.map(lambda v: summary.add(summary.start(), v)).reduced(), term.count,
                     merge, budget, term, summary.cost)
    return pool if summary.kind == "sum" else pool.map(summary.value)


def unique_states(term, plan, summary, eps, budget):
    """Dist over `summary` states of a term with distinct units
    (plan.distinct: u / uo), enumerated in pool order as the roller goes:
    every unit (a die, a compounded die, or with separate explosions each
    die a chain adds, after the unit map) is made unique against the units
    before it. A state is the set of values seen (a bit mask: only which
    values were seen decides a reroll) and the summary so far. Separate
    explosion chains are cut at the depth where the chance that a chain
    goes on is below `eps` (that mass is the tail), and end at MAX_EXTRA
    extra rolls as when rolling.

    Exact integer weights: every placement multiplies the common
    denominator by T (a unit's weights) times L (Distinct.lcm), a redraw
    drawing x from the faces left with weight w_x * L / (their total)."""
    distinct = plan.distinct
    if plan.units_per_chain:
        first, total = plan.chain.transitions(plan, False)
        later, _ = plan.chain.transitions(plan, True)
        cap = plan.chain.cap(first, later, total, eps)
    else:
        unit = unit_dist(plan, eps, budget, term)
        first, later, total, cap = [(False, unit.weights)], [], unit.total, 0
    lcm_all = distinct.lcm
    step = total * lcm_all  # the denominator's factor per placement
    bit, matches, draws = distinct.bit, distinct.matches, distinct.draws

    def refuse():
        too_big(term)

    def place(into, mask, s, weight, v):
        draw = None
        if matches(v) and bit(v) & mask:
            draw = draws[mask] if mask in draws else distinct.redraw(mask, eps, refuse)
        if draw is not None:
            for x, wx in draw.items():
                key = (mask | bit(x), summary.add(s, x))
                into[key] = into.get(key, 0) + weight * wx
        else:
            key = (mask | bit(v), summary.add(s, v))
            into[key] = into.get(key, 0) + weight * lcm_all

    # a chain that would go past `cap` extra rolls: cut (tail), or at
    # MAX_EXTRA ended as the roller ends it
    at_cap = cap >= MAX_EXTRA
    ready, den = {(0, summary.start()): 1}, 1
    steps = sum(len(v) for _, v in first) * (1 + len(distinct.faces) // 2)
    for _ in range(term.count):
        pending = {}
        ended = [{}]  # the units placed at each depth, denominator den * step^(depth + 1)
        budget.spend(UNIQUE_STEPS * len(ready) * steps, term)
        for (mask, s), w in ready.items():
            for ex, vals in first:
                into = ended[0] if not ex else pending if cap else (ended[0] if at_cap else None)
                if into is not None:
                    for v, wv in vals.items():
                        place(into, mask, s, w * wv, v)
        extra = 1
        while pending:
            budget.spend(UNIQUE_STEPS * len(pending) * steps, term)
            go_on, here = {}, {}
            for (mask, s), w in pending.items():
                for ex, vals in later:
                    into = here if not ex else go_on if extra < cap else (here if at_cap else None)
                    if into is not None:
                        for v, wv in vals.items():
                            place(into, mask, s, w * wv, v)
            ended.append(here)
            extra += 1
            pending = go_on
        depth = len(ended)
        ready = {}
        for d, here in enumerate(ended):
            scale = step ** (depth - 1 - d)
            for key, w in here.items():
                ready[key] = ready.get(key, 0) + w * scale
        den *= step ** depth
    out = {}
    for (_, s), w in ready.items():
        out[s] = out.get(s, 0) + w
    # the cut chains (and a compounded die's cut mass) stay out: the tail
    return Dist(out, den)


# -- a group of one expression that keeps dice ({4d6 + 2d8}kh3) -------------------
class PoolSummary:
    """The dice of several terms under one keep/drop: items (value, term
    index); for keep the k best items so far, for drop the terms' running
    sums and the m worst items so far. Earlier terms win ties, as when
    rolling (dice of one term with one value are alike)."""

    def __init__(self, keep, n_terms, plain=False):
        self.keeping = keep.kind[0] == "k"
        self.k = keep.n
        self.high = keep.highest
        # plain: the expression only adds its terms (their dice are alike
        # but for their values): items are bare values, one running sum
        self.plain = plain
        self.n_terms = 1 if plain else n_terms

    def _key(self, item):
        return (-item[0], item[1]) if self.high else item

    def _pick(self, items):
        if self.plain:  # keep: the k best; drop: the k worst
            ordered = sorted(items, reverse=self.high == self.keeping)
            return tuple(ordered[:self.k])
        ordered = sorted(items, key=self._key)
        return tuple(ordered[:self.k]) if self.keeping else tuple(ordered[-self.k:])

    def start(self):
        return () if self.keeping else ((0,) * self.n_terms, ())

    def add_item(self, s, item):
        if self.plain:
            item = item[0]
            if self.keeping:
                return self._pick(s + (item,))
            return ((s[0][0] + item,), self._pick(s[1] + (item,)))
        if self.keeping:
            return self._pick(s + (item,))
        sums = list(s[0])
        sums[item[1]] += item[0]
        return (tuple(sums), self._pick(s[1] + (item,)))

    def merge(self, a, b):
        if self.keeping:
            return self._pick(a + b)
        return (tuple(x + y for x, y in zip(a[0], b[0])), self._pick(a[1] + b[1]))

    def sums(self, s):
        """Each term's kept dice summed (plain: all terms' together)."""
        if self.plain:
            return (sum(s),) if self.keeping else (s[0][0] - sum(s[1]),)
        if self.keeping:
            out = [0] * self.n_terms
            for v, i in s:
                out[i] += v
            return tuple(out)
        out = list(s[0])
        for v, i in s[1]:
            out[i] -= v
        return tuple(out)


class _Tagged:
    """A Summary-like view of one term of a pool: values become (value, i)."""

    def __init__(self, pool, i):
        self.pool, self.i = pool, i
        self.cost = tuple_cost(pool.k)

    def start(self):
        return self.pool.start()

    def add(self, s, v):
        return self.pool.add_item(s, (v, self.i))


def pool_term(term, plan, tag, eps, budget):
    """Dist over pool states of one term's units (its plan: min/max,
    explosions, rerolls and unique rerolls)."""
    merge = tag.pool.merge
    if plan.distinct:
        return unique_states(term, plan, tag, eps, budget)
    if plan.units_per_chain:
        chain = chain_series(plan, tag, eps, budget, term)
        return power(chain, term.count, merge, budget, term)
    unit = unit_dist(plan, eps, budget, term)
    start = tag.start()
    return power(unit.map(lambda v: tag.add(start, v)), term.count, merge, budget, term)


def outside_groups(node):
    """The nested groups of a tree (not inside each other), left to right."""
    if isinstance(node, Group):
        yield node
    else:
        for child in children(node):
            yield from outside_groups(child)


def per_die_distribution(node, plan, eps, budget):
    """Dist of the one expression of a group that keeps or drops dice (by
    its `plan`'s window): the pool's kept dice per term (jointly, each term
    by its own plan), any nested group's value beside them, then the
    expression worked out on each outcome."""
    terms = node.pool
    plans = [plan_of(t) for t in terms]
    item = node.items[0]
    plain = plain_sum(item)  # {4d6 + 2d8 + 3}kh3: which term a die is of does not matter
    keep = plan.window
    if plain and not any(p.distinct or p.units_per_chain for p in plans):
        # a fixed pool of independent dice of a few kinds: the keep programme
        groups = [(unit_dist(p, eps, budget, t), t.count) for t, p in zip(terms, plans)]
        kept = keep.kept(sum(t.count for t in terms))
        if kept == 0:  # every die dropped (a drop count past the group's dice)
            return Dist.constant(constant_sum(item))
        dist = keep_mixed(groups, kept, keep.highest, lambda n: budget.spend(n, node))
        return dist + constant_sum(item)
    pool = PoolSummary(keep, len(terms), plain)
    states = None
    for i, (term, plan) in enumerate(zip(terms, plans)):
        d = pool_term(term, plan, _Tagged(pool, i), eps, budget)
        states = d if states is None else combine(states, d, pool.merge, budget, node)
    budget.spend(len(states.weights), node)
    if plain:
        constant = constant_sum(item)
        return states.map(lambda s: pool.sums(s)[0] + constant)
    joint = states.map(pool.sums)
    nested = list(outside_groups(node.items[0]))
    for g in nested:
        joint = combine(joint, node_distribution(g, eps, budget), lambda a, v: a + (v,), budget,
                        node)
    ids = [id(t) for t in terms] + [id(g) for g in nested]

    def value(sums):
        try:
            return evaluate(item, dict(zip(ids, sums)))
        except InvalidRequest:
            error("a division by zero is possible", _first_op(item) - 1,
                  "a divisor that cannot be 0 for exact odds (rolling it is fine until it is 0)",
                  code="range", odds_only=True)

    budget.spend(UNIQUE_STEPS * len(joint.weights), node)
    return joint.map(value)


def _first_op(node):
    return node.pos if isinstance(node, BinOp) else getattr(node, "pos", 1)


# -- groups and arithmetic --------------------------------------------------------
def group_distribution(node, eps, budget):
    plan = plan_of(node)
    count = plan.contribution
    if node.per_die:  # {4d6 + 2d8}kh3: the keep picks dice; counting counts the total
        total = per_die_distribution(node, plan, eps, budget)
        return total.map(count) if count else total
    items = [node_distribution(i, eps, budget) for i in node.items]
    keep = plan.window
    if isinstance(keep, Keep) and keep.kept(len(items)) == 1 and len(items) > 1 \
            and all(type(k) is not tuple for d in items for k in d.weights):
        # the best (or worst) one sub-total: closed form ({1d8!, 1d6!}kh1)
        budget.spend(sum(len(d.weights) for d in items) * len(items), node)
        best = extreme_of(items, keep.highest)
        return best.map(count) if count else best
    summary = summary_of(plan)
    merge = _add if summary.kind == "sum" else summary.merge
    result = None
    for d in items:
        d = d.map(lambda v: summary.add(summary.start(), v))
        result = d if result is None else combine(result, d, merge, budget, node, summary.cost)
    return result if summary.kind == "sum" else result.map(summary.value)


def node_distribution(node, eps, budget):
    if isinstance(node, Num):
        return Dist.constant(node.value)
    if isinstance(node, Dice):
        return term_distribution(node, eps, budget)
    if isinstance(node, Group):
        return group_distribution(node, eps, budget)
    if isinstance(node, Paren):
        return node_distribution(node.inner, eps, budget)
    if isinstance(node, Neg):
        return -node_distribution(node.operand, eps, budget)
    if isinstance(node, Func):
        whole = whole_division(node, eps, budget)
        if whole is not None:
            return whole
        args = [node_distribution(a, eps, budget) for a in node.args]
        if len(args) == 1:
            budget.spend(len(args[0].weights), node)
            return args[0].map(lambda v: apply_function(node.name, [v]))
        budget.spend(len(args[0].weights) * len(args[1].weights), node)
        return args[0].combine(args[1], lambda a, b: apply_function(node.name, [a, b]))
    a = node_distribution(node.left, eps, budget)
    b = node_distribution(node.right, eps, budget)
    if node.op == "+":
        budget.spend(conv_steps(a, b), node)
        return a + b
    if node.op == "-":
        budget.spend(conv_steps(a, b), node)
        return a + (-b)
    if node.op in "/%" and b.prob(0):
        error("a division by zero is possible", node.pos - 1,
              "a divisor that cannot be 0 for exact odds (rolling it is fine until it is 0)",
              code="range", odds_only=True)
    budget.spend(len(a.weights) * len(b.weights), node)
    return operate(a, b, lambda x, y: apply_operator(node.op, x, y, node.pos))


def operate(a, b, f):
    """Dist of f(x, y): a map when one side is a constant."""
    if len(b.weights) == 1 and b.tail() == 0:
        (y,) = b.weights
        return a.map(lambda x: f(x, y))
    if len(a.weights) == 1 and a.tail() == 0:
        (x,) = a.weights
        return b.map(lambda y: f(x, y))
    return a.combine(b, f)


ROUNDING = {"floor": lambda p, q: p // q, "ceil": lambda p, q: -(-p // q),
            "round": round_division}  # halves away from zero, as round_half_away


def whole_division(node, eps, budget):
    """floor/ceil/round(x / y) of whole x and y by integer division (no
    Fractions on the way), or None for any other shape."""
    if node.name not in ROUNDING:
        return None
    inner = node.args[0]
    while isinstance(inner, Paren):
        inner = inner.inner
    if not (isinstance(inner, BinOp) and inner.op == "/"):
        return None
    a = node_distribution(inner.left, eps, budget)
    b = node_distribution(inner.right, eps, budget)
    if any(type(k) is not int for k in a.weights) or any(type(k) is not int for k in b.weights):
        return None
    if b.prob(0):
        error("a division by zero is possible", inner.pos - 1,
              "a divisor that cannot be 0 for exact odds (rolling it is fine until it is 0)",
              code="range", odds_only=True)
    budget.spend(len(a.weights) * len(b.weights), node)
    return operate(a, b, ROUNDING[node.name])


def distribution(expression, eps=TAIL_EPS):
    """Exact Dist of the total. Exploding dice are cut so that the whole
    expression's tail (mass not represented) stays below `eps`. The last
    expressions' odds (and refusals) are cached by their canonical text:
    the Dist returned is shared, callers must not change it."""
    expr = parse(expression) if isinstance(expression, str) else expression
    key = (expr.text, _eps_key(eps))
    hit = EXPRESSIONS.get(key)
    if hit is None:
        try:
            hit = _distribution(expr, eps)
            cost = dist_cost(hit)
        except InvalidRequest as refused:  # odds_too_big, odds_only: as costly to find again
            hit, cost = (refused.field, refused.message, refused.code, refused.extra), 8
        EXPRESSIONS.put(key, hit, cost)
    if type(hit) is tuple:
        field, message, code, extra = hit
        raise InvalidRequest(field, message, code=code, **extra)
    return hit


def _distribution(expr, eps):
    work = odds_work(expr, eps)
    # the general paths get what the estimated shapes left of both bounds
    # (half of the estimate: the units are smaller, and a classic term at
    # the estimate's limit takes about a second), so that an expression of
    # both kinds stays within about the time of one (notation.md: 2 s)
    dist = node_distribution(expr.root, term_eps(expr, eps), Budget(MAX_STEPS - work // 2))
    return dist.reduced()


def has_dice(node):
    return any(isinstance(n, Dice) for n in walk(node))


__all__ = ["distribution", "term_distribution", "Budget", "MAX_STEPS", "BinOp"]
