"""Exact odds of a parsed dice expression (tablecheck.dice.notation_parse).

Each dice term's distribution follows the roller's order (notation_roll):
the die's values after min/max; explosions as exact series cut where the
mass left is below the term's share of 1e-12 (reported as the Dist's tail;
a chain that reaches 1000 extra rolls ends there, as when rolling);
rerolls on what explosions left; unique rerolls by enumeration of the
values seen; keep/drop and counting over the pool. Separate exploding dice
(`!` with keep/drop or counting) are handled per chain as a "summary" (the
k dice kept so far, or the running sum and the m dice dropped so far),
merged over the pool by repeated squaring. Arithmetic combines independent
terms exactly (`/` gives Fractions).

The work is bounded twice: `odds_work` estimates the classic shapes before
anything is computed (see tablecheck.dice.notation), and a `Budget` counts
the inner loops of the general paths as they run: both refuse with
``odds_too_big`` (the roll still works).
"""

from fractions import Fraction

from .dist import TAIL_EPS, Dist
from .notation_math import apply_function, apply_operator
from .notation_parse import (BinOp, Compare, Dice, Func, Group, Neg, Num, Paren, error, parse,
                             walk)

MAX_EXTRA = 1000
# Inner-loop steps of the general paths (about 0.3 us each in CPython):
# about the same time as MAX_ODDS_WORK of the estimated shapes.
MAX_STEPS = 1_500_000
MERGE_STEPS = 5  # a step that sorts a tuple of kept dice costs about five
UNIQUE_STEPS = 10  # a step of the unique enumeration (Fractions) about ten


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


def exploding_dice(expr):
    return sum(t.count for t in expr.dice_terms if t.mods.explode)


def term_eps(expr, eps):
    n = exploding_dice(expr)
    return eps / n if n else eps


# -- the pieces of one die ---------------------------------------------------
def face_dist(term):
    values = term.values()
    return Dist(values, sum(values.values()))


def is_classic(term):
    """Plain dice with at most keep/drop and a default '!' without keep:
    the shapes of the first notation, with their fast paths and estimates."""
    m = term.mods
    if term.kind == "fate" or m.min is not None or m.max is not None or m.reroll or m.unique \
            or m.counting:
        return False
    if m.explode:
        e = m.explode
        if e.cp is not None or e.penetrate or (term.keep and not e.compound):
            return False
    return True


def classic_dist(term, eps):
    n, s, m = term.count, term.sides, term.mods
    keep = term.keep
    kept = keep.kept(n) if keep else n
    if m.explode:
        base = Dist.exploding(s, eps)
        return base.sum_of(n) if kept == n else base.keep(n, kept, keep.highest)
    if kept == n:
        return Dist.uniform_sum(n, s)
    return Dist.uniform(s).keep(n, kept, keep.highest)


def fresh(term):
    """The Dist a rerolled die takes: a fresh die, rerolled again while it
    matches for `r`, once for `ro`."""
    m = term.mods
    base = term.values()
    if m.reroll and not m.reroll.once:
        cp = reroll_cp(term)
        base = {v: w for v, w in base.items() if not cp(v)}
    return Dist(base, sum(base.values()))


def reroll_cp(term):
    return term.mods.reroll.cp or Compare("=", term.bottom)


def explode_cp(term):
    return term.mods.explode.cp or Compare("=", term.top)


def reroll_map(unit, term):
    """A unit's Dist after rerolls (a matching value is replaced by `fresh`)."""
    if not term.mods.reroll:
        return unit
    cp, new = reroll_cp(term), fresh(term)
    weights = {}
    for v, w in unit.weights.items():
        if cp(v):
            for x, wx in new.weights.items():
                weights[x] = weights.get(x, 0) + w * wx
        else:
            weights[v] = weights.get(v, 0) + w * new.total
    return Dist(weights, unit.total * new.total)


def die_transitions(term, added, per_die_reroll):
    """[(face matches the explosion, {value: weight})] for one die of a chain
    (first die or `added` one), all with the same total; returns (list,
    total)."""
    e = term.mods.explode
    cp = explode_cp(term) if e else None
    faces = term.values()
    new = fresh(term) if per_die_reroll and term.mods.reroll else None
    rcp = reroll_cp(term) if new else None
    scale = new.total if new else 1
    out = []
    for f, w in faces.items():
        v = f - 1 if (added and e and e.penetrate) else f
        if rcp is not None and rcp(v):
            vals = {x: w * wx for x, wx in new.weights.items()}
        else:
            vals = {v: w * scale}
        out.append((bool(cp and cp(f)), vals))
    return out, sum(faces.values()) * scale


# -- summaries: what a chain or a pool needs to remember -----------------------
class Summary:
    """How dice values fold into what the term's value needs: `add(s, v)`,
    `merge(a, b)`, `value(s)`. Kinds: the sum (of values or of counts), the k
    kept dice, or the running sum and the m dropped dice."""

    def __init__(self, term_or_group, contribution):
        m = term_or_group.mods
        self.c = contribution
        self.keep = term_or_group.keep if isinstance(term_or_group, Dice) else m.keep
        keep = self.keep
        self.kind = "sum" if keep is None else ("keep" if keep.kind[0] == "k" else "drop")
        if keep:
            self.k = keep.n
            # the tuple holds the extreme values: kept ones (keep) or dropped ones (drop)
            self.high = keep.kind in ("kh", "dh")

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


def contribution(mods):
    if not mods.counting:
        return lambda v: v
    s, f = mods.success, mods.failure
    return lambda v: 1 if s(v) else (-1 if f is not None and f(v) else 0)


def chain_series(term, summary, eps, budget, per_die_reroll):
    """Dist over summaries of one die and its explosion chain: exact series,
    cut where the continuing mass drops below `eps` (tail), ended at
    MAX_EXTRA extra rolls as the roller does."""
    first, total = die_transitions(term, False, per_die_reroll)
    later, _ = die_transitions(term, True, per_die_reroll)
    cont = {summary.start(): 1}
    done = []  # (depth, {summary: weight}) of chains that ended at that depth
    depth = 0
    while cont:
        depth += 1
        trans = first if depth == 1 else later
        nxt, ended = {}, {}
        budget.spend(MERGE_STEPS * len(cont) * sum(len(v) for _, v in trans), term)
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


def power(dist, n, merge, budget, node):
    """The n-fold merge of independent copies, by repeated squaring."""
    result = None
    base = dist
    while n:
        if n & 1:
            result = base if result is None else combine(result, base, merge, budget, node)
        n >>= 1
        if n:
            base = combine(base, base, merge, budget, node)
    return result


def combine(a, b, f, budget, node):
    if f is _add:
        budget.spend(conv_steps(a, b), node)
        return a + b
    budget.spend(MERGE_STEPS * len(a.weights) * len(b.weights), node)
    return a.combine(b, f)


def conv_steps(a, b):
    """Steps of Dist + Dist (a double loop when small, else one big-integer
    product: see notation_work.conv_work)."""
    from .notation_work import conv_work
    bits_a = max(a.weights.values(), default=1).bit_length()
    bits_b = max(b.weights.values(), default=1).bit_length()
    return conv_work(len(a.weights), bits_a, len(b.weights), bits_b)


def _add(x, y):
    return x + y


def _identity(v):
    return v


# -- a dice term ---------------------------------------------------------------
def term_distribution(term, eps=TAIL_EPS, budget=None):
    """Exact Dist of one dice term's value."""
    budget = budget or Budget()
    if is_classic(term):
        return classic_dist(term, eps)
    m = term.mods
    if m.unique:
        return unique_dist(term, budget)
    summary = Summary(term, contribution(m))
    merge = _add if summary.kind == "sum" else summary.merge
    separate = m.explode and not m.explode.compound
    if separate:
        chain = chain_series(term, summary, eps, budget, per_die_reroll=True)
        pool = power(chain, term.count, merge, budget, term)
    else:
        unit = chain_series(term, Summary(_plain, _identity), eps, budget, False) if m.explode \
            else face_dist(term)
        unit = reroll_map(unit, term)
        if summary.kind != "sum" and not m.counting:
            k = term.keep.kept(term.count)
            top = max(unit.weights) - min(unit.weights) + 1
            budget.spend(int(len(unit.weights) * (k * (k - 1) // 2 * top + k) * (k + 1) * 0.4), term)
            return unit.keep(term.count, k, term.keep.highest)
        pool = power(unit.map(lambda v: summary.add(summary.start(), v)), term.count, merge,
                     budget, term)
    return pool if summary.kind == "sum" else pool.map(summary.value)


class _PlainMods:
    keep = None
    counting = False


class _Plain:
    mods = _PlainMods()


_plain = _Plain()


def unique_dist(term, budget):
    """u / uo without separate explosions: enumerate the multiset of values
    seen so far (only which values were seen matters for the next die)."""
    m = term.mods
    unit = reroll_map(chain_series(term, Summary(_plain, _identity), TAIL_EPS, budget, False)
                      if m.explode else face_dist(term), term)
    unit_p = unit.probs()
    faces = face_dist(term).probs()
    u = m.unique
    states = {(): Fraction(1)}
    for i in range(term.count):
        # every multiset of values seen meets every value, and a duplicate
        # every fresh face: Fractions, about 10 steps each
        budget.spend(UNIQUE_STEPS * len(states) * len(unit_p) * (1 + len(faces) // 2), term)
        nxt = {}
        for seen, p in states.items():
            seen_set = set(seen)
            for v, pv in unit_p.items():
                if (u.cp is None or u.cp(v)) and v in seen_set:
                    for x, px in redraw(faces, seen_set, u).items():
                        key = tuple(sorted(seen + (x,)))
                        nxt[key] = nxt.get(key, 0) + p * pv * px
                else:
                    key = tuple(sorted(seen + (v,)))
                    nxt[key] = nxt.get(key, 0) + p * pv
        states = nxt
    summary = Summary(term, contribution(m))
    out = {}
    for seen, p in states.items():
        s = summary.start()
        for v in seen:
            s = summary.add(s, v)
        value = summary.value(s)
        out[value] = out.get(value, 0) + p
    # the explosions' cut mass (if any) stays out: the weights sum below 1
    return Dist.from_probs(out)


def redraw(faces, seen, u):
    """The value a unique reroll ends on: once (uo), or until it is not a
    matching duplicate (u)."""
    if u.once:
        return faces
    ok = {x: p for x, p in faces.items() if not ((u.cp is None or u.cp(x)) and x in seen)}
    total = sum(ok.values())
    return {x: p / total for x, p in ok.items()}


# -- groups and arithmetic --------------------------------------------------------
def group_distribution(node, eps, budget):
    items = [node_distribution(i, eps, budget) for i in node.items]
    m = node.mods
    summary = Summary(node, contribution(m))
    merge = _add if summary.kind == "sum" else summary.merge
    result = None
    for d in items:
        d = d.map(lambda v: summary.add(summary.start(), v))
        result = d if result is None else combine(result, d, merge, budget, node)
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
    return a.combine(b, lambda x, y: apply_operator(node.op, x, y, node.pos))


def distribution(expression, eps=TAIL_EPS):
    """Exact Dist of the total. Exploding dice are cut so that the whole
    expression's tail (mass not represented) stays below `eps`."""
    from .notation_work import odds_work
    expr = parse(expression) if isinstance(expression, str) else expression
    odds_work(expr, eps)
    dist = node_distribution(expr.root, term_eps(expr, eps), Budget())
    return dist.reduced()


def has_dice(node):
    return any(isinstance(n, Dice) for n in walk(node))


__all__ = ["distribution", "term_distribution", "Budget", "MAX_STEPS", "BinOp"]
