"""A group of one expression with keep/drop (`{4d6 + 2d8}kh3`): the keep or
drop ranks the individual dice of every dice term in the group (as
rpg-dice-roller: the dice of nested groups are not ranked, constants stay in
the total), then the expression is worked out with each term counting only
its kept dice. Used by the roller (notation_roll) for rolling and bounds;
the exact odds are in notation_odds (`per_die_distribution`).
"""

from .modifiers.keep_drop import keep_units
from .notation_parse import BinOp, Dice, Neg, Num, Paren, evaluate, pool_terms


def keep_group_dice(roller, node, first):
    """After the group's one expression was rolled (its terms recorded from
    roller.terms[first]), drop the dice the keep/drop leaves out (earlier
    dice win ties, as in a term), set each term's value to its kept dice and
    return the expression's value."""
    records = roller.terms[first:]
    pool = {id(t) for t in node.pool}
    terms = [tr for tr in records if id(tr.node) in pool]
    units = [u for tr in terms for u in tr.units if u.kept]
    keep = node.mods.keep
    keep_units(units, keep.kept(len(units)), keep.highest)
    for tr in terms:
        tr.value = sum(u.value for u in tr.units if u.kept)
    values = {id(tr.node): tr.value for tr in records}
    return evaluate(node.items[0], values)


def group_dice_bounds(node, bounds, unit_values):
    """(lowest, highest) of a per-die group: exact when the expression only
    adds dice terms and constants and the pool cannot grow (a sum of kept
    dice is lowest with every die at its lowest), else interval arithmetic
    with each term between its fewest and most kept dice."""
    keep = node.mods.keep
    terms = node.pool
    total = sum(t.count for t in terms)
    kept = keep.kept(total)
    values = [unit_values(t) for t in terms]
    grows = any(t.grows for t in terms)
    if not grows and None not in values and plain_sum(node.items[0]):
        low = [min(v) for v, t in zip(values, terms) for _ in range(t.count)]
        high = [max(v) for v, t in zip(values, terms) for _ in range(t.count)]
        rest = constant_sum(node.items[0])
        return _pick(low, kept, keep.highest) + rest, _pick(high, kept, keep.highest) + rest
    ranges = {}
    for t, v in zip(terms, values):
        lo, hi = (min(t.values()), INF) if v is None else (min(v), max(v))
        if grows:
            c_lo, c_hi = 0, (keep.n if keep.kind[0] == "k" else INF)
        else:
            c_lo, c_hi = max(0, kept - (total - t.count)), min(t.count, kept)
        ranges[id(t)] = (min(_mul(c_lo, lo), _mul(c_hi, lo)), max(_mul(c_lo, hi), _mul(c_hi, hi)))
    return _interval(node.items[0], ranges, bounds)


INF = float("inf")


def _pick(values, k, highest):
    return sum(sorted(values, reverse=highest)[:k])


def _mul(x, y):
    return 0 if x == 0 or y == 0 else x * y


def _interval(node, ranges, bounds):
    """Bounds of a tree with the pool terms' ranges given; (-inf, inf) for
    / % ^ and functions over pool dice."""
    if isinstance(node, Dice):
        return ranges[id(node)]
    if not any(isinstance(n, Dice) and id(n) in ranges for n in pool_terms(node)):
        return bounds(node)  # constants and nested groups
    if isinstance(node, Paren):
        return _interval(node.inner, ranges, bounds)
    if isinstance(node, Neg):
        lo, hi = _interval(node.operand, ranges, bounds)
        return -hi, -lo
    if isinstance(node, BinOp) and node.op in "+-*":
        (a, b), (c, d) = _interval(node.left, ranges, bounds), _interval(node.right, ranges, bounds)
        if node.op == "+":
            return a + c, b + d
        if node.op == "-":
            return a - d, b - c
        products = [_mul(x, y) for x in (a, b) for y in (c, d)]
        return min(products), max(products)
    return -INF, INF
def plain_sum(node):
    """True for a sum (+ only) of dice terms and numbers."""
    if isinstance(node, BinOp):
        return node.op == "+" and plain_sum(node.left) and plain_sum(node.right)
    if isinstance(node, Paren):
        return plain_sum(node.inner)
    return isinstance(node, (Dice, Num))


def constant_sum(node):
    if isinstance(node, BinOp):
        return constant_sum(node.left) + constant_sum(node.right)
    if isinstance(node, Paren):
        return constant_sum(node.inner)
    return node.value if isinstance(node, Num) else 0
