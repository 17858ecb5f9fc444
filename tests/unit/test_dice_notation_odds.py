"""Exact odds of the dice notation (issue 14; notation.md) against brute
force: every modifier's distribution equals an enumeration of every way the
dice can fall, written here independently of the engine (a small simulation
of the notation's rules fed by a branching die source, explosions and
rerolls enumerated to a bounded depth with the mass left out accounted)."""

from collections import Counter
from fractions import Fraction
from math import floor, ceil

import pytest

from tablecheck.dice import notation
from tablecheck.errors import InvalidRequest


# -- the brute force -----------------------------------------------------------------
class Branch(Exception):
    def __init__(self, sides):
        self.sides = sides


def enumerate_dice(simulate, max_rolls=12):
    """{result: probability} over every sequence of dice `simulate(draw)`
    asks for, and the mass of sequences longer than `max_rolls` (cut)."""
    results, cut = Counter(), Fraction(0)
    stack = [((), Fraction(1))]
    while stack:
        prefix, p = stack.pop()
        used = [0]

        def draw(sides):
            if used[0] < len(prefix):
                used[0] += 1
                return prefix[used[0] - 1]
            raise Branch(sides)

        try:
            out = simulate(draw)
        except Branch as b:
            if len(prefix) >= max_rolls:
                cut += p
            else:
                stack.extend((prefix + (f,), p / b.sides) for f in range(1, b.sides + 1))
            continue
        results[out] += p
    return dict(results), cut


def cmp(op, x):
    return {"=": lambda v: v == x, "<>": lambda v: v != x, "<": lambda v: v < x,
            ">": lambda v: v > x, "<=": lambda v: v <= x, ">=": lambda v: v >= x}[op]


def pool_sim(n, sides, fate=None, lo=None, hi=None, explode=None, compound=False,
             penetrate=False, reroll=None, once=False, unique=None, keep=None,
             success=None, failure=None):
    """The notation's rules for one term, plainly: returns simulate(draw)."""
    def one(draw):
        if fate == 2:
            v = draw(3) - 2
        elif fate == 1:
            f = draw(6)
            v = -1 if f == 1 else (1 if f == 6 else 0)
        else:
            v = draw(sides)
        if lo is not None:
            v = max(v, lo)
        if hi is not None:
            v = min(v, hi)
        return v

    def simulate(draw):
        units = []
        for _ in range(n):
            v = one(draw)
            chain = [v]
            face = v
            while explode and explode(face):
                face = one(draw)
                chain.append(face - 1 if penetrate else face)
            if compound:
                units.append(sum(chain))
            else:
                units.extend(chain)
        if reroll:
            for i, v in enumerate(units):
                while reroll(v):
                    v = one(draw)
                    if once:
                        break
                units[i] = v
        if unique:
            for i in range(1, len(units)):
                while units[i] in units[:i] and (unique is True or unique(units[i])):
                    units[i] = one(draw)
                    if unique_once[0]:
                        break
        kept = units
        if keep:
            kept = keep_in_order(units, [keep] if type(keep) is tuple else keep)
        if success:
            return sum(1 if success(v) else (-1 if failure and failure(v) else 0) for v in kept)
        return sum(kept)
    unique_once = [False]
    simulate.unique_once = unique_once
    return simulate


def round_away(x):
    """notation.md: "round takes halves away from zero" (round(-2.5) = -3)."""
    whole, part = divmod(abs(x), 1)
    return (1 if x >= 0 else -1) * (whole + (1 if part >= Fraction(1, 2) else 0))


def keep_in_order(units, steps):
    """notation.md: several keep/drop on one term apply in the order
    written, each to the dice the one before left; a count past the dice
    keeps all / drops all. steps: [(kind, n)]."""
    kept = list(units)
    for kind, k in steps:
        ordered = sorted(kept, reverse=kind in ("kh", "dl"))
        count = min(k, len(kept)) if kind[0] == "k" else max(len(kept) - k, 0)
        kept = ordered[:count]
    return kept


def engine(text):
    d = notation.distribution(text)
    return d.probs(), d.tail()


def assert_matches(text, simulate, max_rolls=12):
    """Exact equality without explosions; with them, every outcome within
    the brute force's cut mass, and the engine's tail below 1e-12."""
    brute, cut = enumerate_dice(simulate, max_rolls)
    probs, tail = engine(text)
    assert tail < Fraction(1, 10**12)
    if cut == 0:
        assert probs == brute, text
        assert tail == 0
        return
    for t in set(brute) | set(probs):
        b, e = brute.get(t, 0), probs.get(t, 0)
        assert b <= e <= b + cut, (text, t, b, e, cut)


# (expression, the brute force's rules, depth)
CASES = [
    ("plain 3d6", "3d6", pool_sim(3, 6)),
    ("kh 4d6kh3", "4d6kh3", pool_sim(4, 6, keep=("kh", 3))),
    ("k is kh 3d6k2", "3d6k2", pool_sim(3, 6, keep=("kh", 2))),
    ("kl 3d8kl1", "3d8kl1", pool_sim(3, 8, keep=("kl", 1))),
    ("d is dl 4d4d1", "4d4d1", pool_sim(4, 4, keep=("dl", 1))),
    ("dh 4d4dh2", "4d4dh2", pool_sim(4, 4, keep=("dh", 2))),
    ("min 3d6min3", "3d6min3", pool_sim(3, 6, lo=3)),
    ("max 3d6max4", "3d6max4", pool_sim(3, 6, hi=4)),
    ("fate 4dF", "4dF", pool_sim(4, 3, fate=2)),
    ("fate dF.1 3dF.1", "3dF.1", pool_sim(3, 6, fate=1)),
    ("GWF once 2d6ro<3", "2d6ro<3", pool_sim(2, 6, reroll=cmp("<", 3), once=True)),
    ("reroll once then keep 3d6ro1kh2", "3d6ro1kh2",
     pool_sim(3, 6, reroll=cmp("=", 1), once=True, keep=("kh", 2))),
    ("successes 5d10>=7", "5d10>=7", pool_sim(5, 10, success=cmp(">=", 7))),
    ("successes minus failures 5d10>=8f1", "5d10>=8f1",
     pool_sim(5, 10, success=cmp(">=", 8), failure=cmp("=", 1))),
    ("success wins over failure 4d6>3f<5", "4d6>3f<5",
     pool_sim(4, 6, success=cmp(">", 3), failure=cmp("<", 5))),
    ("counting kept dice 4d6kh2>=5", "4d6kh2>=5", pool_sim(4, 6, keep=("kh", 2), success=cmp(">=", 5))),
    ("counting with reroll once 3d6ro1=6", "3d6ro1=6",
     pool_sim(3, 6, reroll=cmp("=", 1), once=True, success=cmp("=", 6))),
    ("fate counting 4dF=1f=-1", "4dF=1f=-1",
     pool_sim(4, 3, fate=2, success=cmp("=", 1), failure=cmp("=", -1))),
]


@pytest.mark.parametrize("text, simulate", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_finite_modifiers_equal_brute_force(text, simulate):
    assert_matches(text, simulate)


# explosions and rerolls until a miss: enumerated to `depth` dice, the rest cut
EXPLODING = [
    ("explode 2d4!", "2d4!", pool_sim(2, 4, explode=cmp("=", 4)), 9),
    ("explode compare 1d6!>=5", "1d6!>=5", pool_sim(1, 6, explode=cmp(">=", 5)), 10),
    ("explode on 1 1d4!1", "1d4!1", pool_sim(1, 4, explode=cmp("=", 1)), 10),
    ("compound 2d4!!", "2d4!!", pool_sim(2, 4, explode=cmp("=", 4), compound=True), 9),
    ("compound compare 1d6!!>4", "1d6!!>4", pool_sim(1, 6, explode=cmp(">", 4), compound=True), 10),
    ("penetrate 1d6!p", "1d6!p", pool_sim(1, 6, explode=cmp("=", 6), penetrate=True), 9),
    ("penetrate 2d4!p", "2d4!p", pool_sim(2, 4, explode=cmp("=", 4), penetrate=True), 9),
    ("compound penetrate 1d4!!p", "1d4!!p",
     pool_sim(1, 4, explode=cmp("=", 4), compound=True, penetrate=True), 12),
    ("separate dice kept 3d4!kh2", "3d4!kh2", pool_sim(3, 4, explode=cmp("=", 4), keep=("kh", 2)), 8),
    ("separate dice kept lowest 2d4!kl1", "2d4!kl1",
     pool_sim(2, 4, explode=cmp("=", 4), keep=("kl", 1)), 9),
    ("separate dice dropped 2d4!d1", "2d4!d1", pool_sim(2, 4, explode=cmp("=", 4), keep=("dl", 1)), 9),
    ("separate dice dh 2d4!dh1", "2d4!dh1", pool_sim(2, 4, explode=cmp("=", 4), keep=("dh", 1)), 9),
    ("compound kept whole 3d4!!kh2", "3d4!!kh2",
     pool_sim(3, 4, explode=cmp("=", 4), compound=True, keep=("kh", 2)), 8),
    ("10-again successes 3d10>=8!", "3d10>=8!",
     pool_sim(3, 10, explode=cmp("=", 10), success=cmp(">=", 8)), 6),
    ("successes with explode compare 2d6!>=5>=5", "2d6!>=5>=5",
     pool_sim(2, 6, explode=cmp(">=", 5), success=cmp(">=", 5)), 8),
    ("failures with explosions 2d6>=4f1!", "2d6>=4f1!",
     pool_sim(2, 6, explode=cmp("=", 6), success=cmp(">=", 4), failure=cmp("=", 1)), 8),
    ("reroll r1 2d6r1", "2d6r1", pool_sim(2, 6, reroll=cmp("=", 1)), 5),
    ("reroll default r 2d4r", "2d4r", pool_sim(2, 4, reroll=cmp("=", 1)), 7),
    ("GWF 2d6r<2", "2d6r<2", pool_sim(2, 6, reroll=cmp("<", 2)), 5),
    ("reroll then keep 3d4r1kh2", "3d4r1kh2", pool_sim(3, 4, reroll=cmp("=", 1), keep=("kh", 2)), 6),
    ("reroll on min 2d4min2r2", "2d4min2r2", pool_sim(2, 4, lo=2, reroll=cmp("=", 2)), 7),
    ("counting with reroll 3d4r1=4", "3d4r1=4", pool_sim(3, 4, reroll=cmp("=", 1), success=cmp("=", 4)), 6),
    ("reroll after explosions 2d4!r1", "2d4!r1",
     pool_sim(2, 4, explode=cmp("=", 4), reroll=cmp("=", 1)), 9),
    ("reroll once after compound 1d4!!ro1", "1d4!!ro1",
     pool_sim(1, 4, explode=cmp("=", 4), compound=True, reroll=cmp("=", 1), once=True), 11),
    ("reroll compare on explosions 2d4!<2r>3", "2d4!<2r>3",
     pool_sim(2, 4, explode=cmp("<", 2), reroll=cmp(">", 3)), 9),
    ("fate explosion 2dF!", "2dF!", pool_sim(2, 3, fate=2, explode=cmp("=", 1)), 9),
    ("min on explosion dice 2d4min2!", "2d4min2!", pool_sim(2, 4, lo=2, explode=cmp("=", 4)), 9),
]


@pytest.mark.parametrize("text, simulate, depth", [c[1:] for c in EXPLODING],
                         ids=[c[0] for c in EXPLODING])
def test_explosions_and_rerolls_equal_bounded_brute_force_with_the_cut_accounted(text, simulate, depth):
    assert_matches(text, simulate, depth)


def test_unique_equals_brute_force():
    sim = pool_sim(3, 4, unique=True)
    assert_matches("3d4u", sim)
    once = pool_sim(3, 4, unique=True)
    once.unique_once[0] = True
    assert_matches("3d4uo", once)
    only_high = pool_sim(3, 4, unique=cmp(">", 2))
    assert_matches("3d4u>2", only_high)


def unique_explode_sim(n, sides, once=False, cp=None, penetrate=False, keep=None):
    """NdS!u by the rules, plainly: every die and its explosions (separate
    dice), then each die after the first rerolled while an earlier die shows
    its value (once for uo; only values matching `cp`); a die whose every
    value is already taken stays a duplicate (no reroll can help)."""
    def simulate(draw):
        units = []
        for _ in range(n):
            face = draw(sides)
            units.append(face)
            while face == sides:
                face = draw(sides)
                units.append(face - 1 if penetrate else face)
        for i in range(1, len(units)):
            seen = set(units[:i])

            def dup(v):
                return v in seen and (cp is None or cp(v))
            if not once and all(dup(v) for v in range(1, sides + 1)):
                continue
            while dup(units[i]):
                units[i] = draw(sides)
                if once:
                    break
        if keep:
            kind, k = keep
            return sum(sorted(units, reverse=kind == "kh")[:k])
        return sum(units)
    return simulate


UNIQUE_EXPLODING = [
    ("u with separate explosions 2d4!u", "2d4!u", unique_explode_sim(2, 4), 8),
    ("u pool past the faces 2d3!u", "2d3!u", unique_explode_sim(2, 3), 9),
    ("u pool past the faces 1d2!u", "1d2!u", unique_explode_sim(1, 2), 12),
    ("uo with separate explosions 2d3!uo", "2d3!uo", unique_explode_sim(2, 3, once=True), 9),
    ("u compare with explosions 2d4!u>2", "2d4!u>2", unique_explode_sim(2, 4, cp=cmp(">", 2)), 8),
    ("u penetrating 2d3!pu", "2d3!pu", unique_explode_sim(2, 3, penetrate=True), 9),
    ("u explosions then keep 3d3!ukh2", "3d3!ukh2", unique_explode_sim(3, 3, keep=("kh", 2)), 8),
]


@pytest.mark.parametrize("text, simulate, depth", [c[1:] for c in UNIQUE_EXPLODING],
                         ids=[c[0] for c in UNIQUE_EXPLODING])
def test_unique_with_separate_explosions_equals_bounded_brute_force(text, simulate, depth):
    assert_matches(text, simulate, depth)


# (the budget and the refusal of u beyond the faces: tests/unit/dice/modifiers/test_unique.py)


# -- groups and arithmetic ---------------------------------------------------------------
def sim_sum(*sims):
    def simulate(draw):
        return tuple(s(draw) for s in sims)
    return simulate


def brute_map(sims, f, depth=12):
    joint, cut = enumerate_dice(sim_sum(*sims), depth)
    out = Counter()
    for values, p in joint.items():
        out[f(values)] += p
    return dict(out), cut


GROUPS = [
    ("group keep highest {1d8, 1d6}kh1", "{1d8, 1d6}kh1", [pool_sim(1, 8), pool_sim(1, 6)], max),
    ("group keep lowest {2d4, 1d6+1}kl1", "{2d4, 1d6+1}kl1",
     [pool_sim(2, 4), lambda d: pool_sim(1, 6)(d) + 1], min),
    ("group drop {1d4, 1d4, 1d6}d1", "{1d4, 1d4, 1d6}d1",
     [pool_sim(1, 4), pool_sim(1, 4), pool_sim(1, 6)], lambda v: sum(v) - min(v)),
    ("group counting {1d6, 1d6, 2d4}>=5", "{1d6, 1d6, 2d4}>=5",
     [pool_sim(1, 6), pool_sim(1, 6), pool_sim(2, 4)], lambda v: sum(x >= 5 for x in v)),
    ("group counting failures {1d6, 2d4}>4f<3", "{1d6, 2d4}>4f<3",
     [pool_sim(1, 6), pool_sim(2, 4)], lambda v: sum(1 if x > 4 else (-1 if x < 3 else 0) for x in v)),
    ("group keep then count {1d6, 1d6, 1d6}kh2>3", "{1d6, 1d6, 1d6}kh2>3",
     [pool_sim(1, 6)] * 3, lambda v: sum(x > 3 for x in sorted(v)[1:])),
    ("group sum {1d4, 1d6}", "{1d4, 1d6}", [pool_sim(1, 4), pool_sim(1, 6)], sum),
]


@pytest.mark.parametrize("text, sims, f", [c[1:] for c in GROUPS], ids=[c[0] for c in GROUPS])
def test_groups_equal_brute_force(text, sims, f):
    brute, cut = brute_map(sims, f)
    assert cut == 0
    assert engine(text) == (brute, 0)


def test_savage_worlds_wild_die_equals_bounded_brute_force():
    # {1d8!, 1d6!}kh1: the better of an exploding trait die and an exploding wild die
    brute, cut = brute_map([pool_sim(1, 8, explode=cmp("=", 8)), pool_sim(1, 6, explode=cmp("=", 6))],
                           max, depth=7)
    probs, tail = engine("{1d8!, 1d6!}kh1")
    assert 0 < tail < Fraction(1, 10**12)
    for t in set(brute) | set(probs):
        assert brute.get(t, 0) <= probs.get(t, 0) <= brute.get(t, 0) + cut


ARITHMETIC = [
    ("multiply (2d6+3)*2", "(2d6+3)*2", [pool_sim(2, 6)], lambda v: (v[0] + 3) * 2),
    ("divide exact 1d6/4", "1d6/4", [pool_sim(1, 6)], lambda v: Fraction(v[0], 4)),
    ("floor of a half floor(3d6/2)", "floor(3d6/2)", [pool_sim(3, 6)], lambda v: floor(Fraction(v[0], 2))),
    ("ceil ceil(1d6/4)", "ceil(1d6/4)", [pool_sim(1, 6)], lambda v: ceil(Fraction(v[0], 4))),
    ("round halves away from zero round(1d4/2)", "round(1d4/2)", [pool_sim(1, 4)],
     lambda v: round_away(Fraction(v[0], 2))),
    ("round negative halves away from zero round(1d4/2-3)", "round(1d4/2-3)", [pool_sim(1, 4)],
     lambda v: round_away(Fraction(v[0], 2) - 3)),
    ("round of an exact fraction round(1d6/-4)", "round(1d6/-4)", [pool_sim(1, 6)],
     lambda v: round_away(Fraction(v[0], -4))),
    ("remainder 2d6%3", "2d6%3", [pool_sim(2, 6)], lambda v: v[0] % 3),
    ("power 1d4^2", "1d4^2", [pool_sim(1, 4)], lambda v: v[0] ** 2),
    ("precedence 1d4+1d4*2", "1d4+1d4*2", [pool_sim(1, 4), pool_sim(1, 4)], lambda v: v[0] + v[1] * 2),
    ("unary minus -1d4+1d6", "-1d4+1d6", [pool_sim(1, 4), pool_sim(1, 6)], lambda v: -v[0] + v[1]),
    ("abs abs(1d4-1d6)", "abs(1d4-1d6)", [pool_sim(1, 4), pool_sim(1, 6)], lambda v: abs(v[0] - v[1])),
    ("max of two max(1d20, 1d20)", "max(1d20, 1d20)", [pool_sim(1, 20)] * 2, max),
    ("min of two min(1d6, 1d4+1)", "min(1d6, 1d4+1)", [pool_sim(1, 6), pool_sim(1, 4)],
     lambda v: min(v[0], v[1] + 1)),
    ("labels do not change odds 2d6[fire]+1d4[cold]", "2d6[fire]+1d4[cold] # hit",
     [pool_sim(2, 6), pool_sim(1, 4)], sum),
    ("constant count (1+1)d6", "(1+1)d6", [pool_sim(2, 6)], sum),
    ("constant sides 1d(2*3)", "1d(2*3)", [pool_sim(1, 6)], sum),
]


@pytest.mark.parametrize("text, sims, f", [c[1:] for c in ARITHMETIC], ids=[c[0] for c in ARITHMETIC])
def test_arithmetic_equals_brute_force(text, sims, f):
    brute, cut = brute_map(sims, f)
    assert cut == 0
    assert engine(text) == (brute, 0)


def test_division_by_a_possible_zero_refuses_the_odds_only():
    with pytest.raises(InvalidRequest) as err:
        notation.distribution("1d6/(1d2-1)")
    assert err.value.to_dict()["odds_only"] is True and err.value.extra["position"] == 4


def test_never_ending_reroll_and_explosion_are_refused_with_position():
    for text, pos in [("1d6r<7", 4), ("2d6!>=1", 4), ("d1!", 3), ("3d6min6!", 8), ("1dF!>-2", 4),
                      ("4d6r>0", 4)]:
        with pytest.raises(InvalidRequest) as err:
            notation.parse(text)
        assert err.value.extra["position"] == pos, text
    # once always ends
    assert notation.parse("1d6ro<7")


def test_unique_and_separate_explosions_beyond_the_budget_say_odds_too_big():
    with pytest.raises(InvalidRequest) as err:
        notation.distribution("12d20u")
    assert err.value.code == "odds_too_big" and err.value.to_dict()["odds_only"] is True


# -- caches: the same odds, bounded ------------------------------------------------------
def test_odds_caches_return_what_a_fresh_computation_gives():
    from tablecheck.dice import notation_odds
    texts = ["4d6kh3", "2d8!", "{1d8!, 1d6!}kh1", "{4d6+2d8}kh3", "3d6!u", "floor(3d6/2)",
             "ceil(2d6/4)", "round(1d6/4)", "8d20kh1 + 8d20kl1"]
    first = {t: notation.distribution(t) for t in texts}
    again = {t: notation.distribution(t) for t in texts}
    notation_odds.clear_caches()
    fresh = {t: notation.distribution(t) for t in texts}
    for t in texts:
        assert again[t] is first[t]  # cached
        assert fresh[t] == first[t] and fresh[t].total == first[t].total, t
    # one cache entry per canonical text: another spelling shares it
    assert notation.distribution("4d6k3") is fresh["4d6kh3"]


def test_odds_caches_are_bounded_in_entries_and_size():
    from tablecheck.dice import notation_odds
    from tablecheck.dice.dist import Dist
    lru = notation_odds.Lru(3, 100)
    for i in range(10):
        lru.put(i, Dist.uniform(2), 10)
    assert list(lru.data) == [7, 8, 9] and lru.used == 30  # at most 3 entries
    lru.get(7)  # used: the least recently used is now 8
    lru.put(10, Dist.uniform(2), 25)
    assert list(lru.data) == [9, 7, 10] and lru.used == 45
    sized = notation_odds.Lru(10, 100)
    for i in range(5):
        sized.put(i, Dist.uniform(2), 25)
    assert list(sized.data) == [1, 2, 3, 4] and sized.used == 100  # at most 100 words
    sized.put(5, Dist.uniform(2), 26)  # larger than a quarter: not kept
    assert 5 not in sized.data
    assert notation_odds.EXPRESSIONS.entries <= 128 and notation_odds.TERMS.entries <= 128


def test_a_cached_refusal_is_raised_again_as_a_fresh_error():
    for _ in range(2):
        with pytest.raises(InvalidRequest) as err:
            notation.distribution("1d6/(1d2-1)")
        assert err.value.to_dict()["odds_only"] is True and err.value.extra["position"] == 4


def test_whole_division_in_functions_equals_fractions():
    # floor/ceil/round(x / y) by integer division: the same as exact Fractions
    for text, f in [("floor(2d6/3)", lambda v: floor(Fraction(v, 3))),
                    ("ceil(2d6/-4)", lambda v: ceil(Fraction(v, -4))),
                    # notation.md: round takes halves away from zero (round(-2.5) = -3)
                    ("round((2d6-7)/2)", lambda v: round_away(Fraction(v - 7, 2))),
                    ("round((7-2d6)/-4)", lambda v: round_away(Fraction(7 - v, -4)))]:
        brute = Counter()
        for a in range(1, 7):
            for b in range(1, 7):
                brute[f(a + b)] += Fraction(1, 36)
        assert notation.distribution(text).probs() == dict(brute), text
    with pytest.raises(InvalidRequest) as err:
        notation.distribution("floor(1d6/(1d2-1))")
    assert err.value.to_dict()["odds_only"] is True


# -- issue 25 (item 12): the pieces notation.md now settles ------------------------------
# Each against the brute force above; the passage of notation.md named in each case.
ISSUE_25_FINITE = [
    # "N larger than the dice actually rolled keeps all / drops all"
    ("keeps all past the pool 3d4kh5", "3d4kh5", pool_sim(3, 4, keep=("kh", 5))),
    ("keeps all lowest past the pool 2d6kl3", "2d6kl3", pool_sim(2, 6, keep=("kl", 3))),
    ("drops all 3d4dl3", "3d4dl3", pool_sim(3, 4, keep=("dl", 3))),
    ("drops all past the pool 2d4dh5", "2d4dh5", pool_sim(2, 4, keep=("dh", 5))),
    # "Several on one term apply in the order written ... 4d10dh1dl2"
    ("several keeps 4d6dh1dl2", "4d6dh1dl2", pool_sim(4, 6, keep=[("dh", 1), ("dl", 2)])),
    ("several keeps kh then kl 4d4kh3kl1", "4d4kh3kl1", pool_sim(4, 4, keep=[("kh", 3), ("kl", 1)])),
    ("several keeps, three 5d4kl4kh3dl1", "5d4kl4kh3dl1",
     pool_sim(5, 4, keep=[("kl", 4), ("kh", 3), ("dl", 1)])),
    ("several keeps past the pool 3d4kh2dl5", "3d4kh2dl5", pool_sim(3, 4, keep=[("kh", 2), ("dl", 5)])),
    ("several keeps, the same kind twice 4d4kh3kh2", "4d4kh3kh2",
     pool_sim(4, 4, keep=[("kh", 3), ("kh", 2)])),
    ("several keeps after min and a reroll once 4d4min2ro2dh1dl1", "4d4min2ro2dh1dl1",
     pool_sim(4, 4, lo=2, reroll=cmp("=", 2), once=True, keep=[("dh", 1), ("dl", 1)])),
    ("several keeps then counting 4d6kh3dl1>=4", "4d6kh3dl1>=4",
     pool_sim(4, 6, keep=[("kh", 3), ("dl", 1)], success=cmp(">=", 4))),
    ("several keeps of Fate dice 4dFkh3kl2", "4dFkh3kl2",
     pool_sim(4, 3, fate=2, keep=[("kh", 3), ("kl", 2)])),
    # "Several rerolls on one term join their compare points": ro and ro stay once
    ("joined rerolls once 2d6ro1ro6", "2d6ro1ro6",
     pool_sim(2, 6, reroll=lambda v: v in (1, 6), once=True)),
    ("joined rerolls once then keep 3d4ro1ro4kh2", "3d4ro1ro4kh2",
     pool_sim(3, 4, reroll=lambda v: v in (1, 4), once=True, keep=("kh", 2))),
]


@pytest.mark.parametrize("text, simulate", [c[1:] for c in ISSUE_25_FINITE],
                         ids=[c[0] for c in ISSUE_25_FINITE])
def test_issue_25_finite_pieces_equal_brute_force(text, simulate):
    assert_matches(text, simulate)


ISSUE_25_EXPLODING = [
    # "!!=4 is compounding on 4 (the longest reading wins)"
    ("compound on 4 2d6!!=4", "2d6!!=4", pool_sim(2, 6, explode=cmp("=", 4), compound=True), 7),
    ("compound on not 3 1d3!!!=3", "1d3!!!=3",
     pool_sim(1, 3, explode=cmp("<>", 3), compound=True), 12),
    # "3d6!kh4 keeps the four highest of all dice rolled (all of them when fewer
    # than four were rolled)"
    ("keep more than the pool 2d4!kh3", "2d4!kh3", pool_sim(2, 4, explode=cmp("=", 4), keep=("kh", 3)), 9),
    ("drop the pool 2d4!d2", "2d4!d2", pool_sim(2, 4, explode=cmp("=", 4), keep=("dl", 2)), 9),
    ("drop past the pool 2d4!dh3", "2d4!dh3", pool_sim(2, 4, explode=cmp("=", 4), keep=("dh", 3)), 9),
    ("keep lowest past the pool 2d3!kl3", "2d3!kl3", pool_sim(2, 3, explode=cmp("=", 3), keep=("kl", 3)), 10),
    ("counting kept dice past the pool 2d4!kh3>=3", "2d4!kh3>=3",
     pool_sim(2, 4, explode=cmp("=", 4), keep=("kh", 3), success=cmp(">=", 3)), 9),
    # several keeps on a pool explosions grow: the window of the sorted pool
    ("several keeps on separate explosions 2d4!kh2dl1", "2d4!kh2dl1",
     pool_sim(2, 4, explode=cmp("=", 4), keep=[("kh", 2), ("dl", 1)]), 9),
    ("several keeps, the middle of a growing pool 2d4!dl1dh1", "2d4!dl1dh1",
     pool_sim(2, 4, explode=cmp("=", 4), keep=[("dl", 1), ("dh", 1)]), 9),
    ("several keeps from the low end 2d3!kl2kh1", "2d3!kl2kh1",
     pool_sim(2, 3, explode=cmp("=", 3), keep=[("kl", 2), ("kh", 1)]), 10),
    ("several keeps then counting 2d4>=3!kh2dl1", "2d4>=3!kh2dl1",
     pool_sim(2, 4, explode=cmp("=", 4), keep=[("kh", 2), ("dl", 1)], success=cmp(">=", 3)), 9),
    ("several keeps of penetrating dice 2d4!pkh3dh1", "2d4!pkh3dh1",
     pool_sim(2, 4, explode=cmp("=", 4), penetrate=True, keep=[("kh", 3), ("dh", 1)]), 9),
    ("several keeps of compounded dice 3d4!!dh1dl1", "3d4!!dh1dl1",
     pool_sim(3, 4, explode=cmp("=", 4), compound=True, keep=[("dh", 1), ("dl", 1)]), 8),
    # "Roll20: 2d8r1r3 rerolls 1s and 3s; ro1r<3: each die is rerolled while
    # it matches either"
    ("joined rerolls 2d8r1r3", "2d8r1r3", pool_sim(2, 8, reroll=lambda v: v in (1, 3)), 6),
    ("joined once and not once 2d6ro1r>5", "2d6ro1r>5",
     pool_sim(2, 6, reroll=lambda v: v == 1 or v > 5), 6),
    ("a bare r joined takes the lowest face 2d4rr3", "2d4rr3",
     pool_sim(2, 4, reroll=lambda v: v in (1, 3)), 8),
    ("a bare r joined after min 2d4min2rr4", "2d4min2rr4",
     pool_sim(2, 4, lo=2, reroll=lambda v: v in (2, 4)), 8),
    ("joined rerolls after explosions 2d4!r1r2", "2d4!r1r2",
     pool_sim(2, 4, explode=cmp("=", 4), reroll=lambda v: v in (1, 2)), 8),
    ("joined rerolls then counting 3d4r1r4>=3", "3d4r1r4>=3",
     pool_sim(3, 4, reroll=lambda v: v in (1, 4), success=cmp(">=", 3)), 7),
]


@pytest.mark.parametrize("text, simulate, depth", [c[1:] for c in ISSUE_25_EXPLODING],
                         ids=[c[0] for c in ISSUE_25_EXPLODING])
def test_issue_25_exploding_and_rerolling_pieces_equal_bounded_brute_force(text, simulate, depth):
    assert_matches(text, simulate, depth)


def test_several_keeps_on_a_group_of_subtotals_equal_brute_force():
    # notation.md: keep/drop on a group applies to the sub-totals; several in the order written
    sims = [pool_sim(1, 4), pool_sim(1, 6), pool_sim(2, 4)]
    brute, cut = brute_map(sims, lambda v: sum(keep_in_order(v, [("kh", 2), ("dl", 1)])))
    assert cut == 0
    assert engine("{1d4, 1d6, 2d4}kh2dl1") == (brute, 0)
    brute, _ = brute_map(sims, lambda v: sum(keep_in_order(v, [("dl", 1), ("dh", 1)])))
    assert engine("{1d4, 1d6, 2d4}dl1dh1") == (brute, 0)


@pytest.mark.parametrize("text, total", [
    # notation.md: "An expression without dice is a valid expression ... 4+8 is 12
    # with odds {12: 1}, floor(7/2) is 3"; "round(-2.5) = -3, round(2.5) = 3"
    ("4+8", 12), ("floor(7/2)", 3), ("round(-5/2)", -3), ("round(5/2)", 3), ("round(-7/2)", -4),
    ("ceil(-7/2)", -3), ("2^10 - 1", 1023), ("min(3, 4) * max(1, 2)", 6), ("-(3)", -3),
    ("7/4", Fraction(7, 4)), ("7 % -3", -2), ("{3, 4}kh1", 4),
])
def test_expressions_without_dice_have_the_odds_of_their_value(text, total):
    assert engine(text) == ({total: 1}, 0)


def test_a_division_by_zero_without_dice_is_refused_with_its_position():
    for text, position in [("4/0", 2), ("round(1/(2-2))", 8)]:
        with pytest.raises(InvalidRequest) as err:
            notation.distribution(text)
        assert err.value.extra["position"] == position, text


# -- the work bound: counted work, never wall-clock time (notation.md "Limits") ----------
def counted_merges(monkeypatch):
    """Every merge of two summaries the odds make, counted (1000d2!kh999:
    about 200,000 merges of 999-value tuples, 3-4 s, before it was refused)."""
    from tablecheck.dice import notation_odds
    calls = [0]
    for cls in (notation_odds.Summary, notation_odds.WindowSummary):
        original = cls.merge

        def merge(self, a, b, original=original):
            calls[0] += 1
            return original(self, a, b)
        monkeypatch.setattr(cls, "merge", merge)
    notation_odds.clear_caches()
    return calls


def counted_product_bits(monkeypatch):
    """Every pair of outcomes two Dists combine, weighted by the bits of
    their weights (1000d6!kh3: 4.7e8 before, exact after 1.7 s)."""
    from tablecheck.dice import notation_odds
    from tablecheck.dice.dist import Dist
    work = [0]
    original = Dist.combine

    def combine(self, other, f):
        bits = max(self.weights.values()).bit_length() + max(other.weights.values()).bit_length()
        work[0] += len(self.weights) * len(other.weights) * bits
        return original(self, other, f)
    monkeypatch.setattr(Dist, "combine", combine)
    notation_odds.clear_caches()
    return work


@pytest.mark.parametrize("text, counter, limit", [
    ("1000d2!kh999", counted_merges, 20_000),  # the kept tuples' size is counted
    ("1000d2!kh500dl10", counted_merges, 20_000),
    ("1000d6!kh3", counted_product_bits, 2 * 10**8),  # the weights' size is counted
])
def test_odds_too_big_is_answered_before_the_work_it_would_take(text, counter, limit, monkeypatch):
    # notation.md: exact odds "estimate their work first and answer odds_too_big
    # at once when it is too large": the step budget counts what each merge
    # costs (kept tuples of up to 999 values, weights of thousands of bits)
    work = counter(monkeypatch)
    with pytest.raises(InvalidRequest) as err:
        notation.distribution(text)
    assert err.value.code == "odds_too_big"
    assert work[0] < limit, work[0]


def test_a_budget_left_for_the_general_paths_after_the_estimated_ones():
    # an expression of both kinds of terms stays within about the time of one:
    # 12d100! alone and 9d6!kh3dl1 alone are exact, together too big
    assert notation.distribution("12d100!") and notation.distribution("9d6!kh3dl1")
    with pytest.raises(InvalidRequest) as err:
        notation.distribution("12d100! + 9d6!kh3dl1")
    assert err.value.code == "odds_too_big" and err.value.extra["position"] == 11
