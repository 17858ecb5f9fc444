"""tablecheck.dice.dist: exact distributions (issue 3, "Exact distributions").

Every expected value here comes from an independent brute-force enumeration
written in the test (itertools.product over faces, or explicit explosion
chains), never from the code under test."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from tablecheck.dice import TAIL_EPS, Dist
from tablecheck.dice.notation import distribution


def brute_keep(n, sides, k, highest):
    counts = Counter()
    for faces in product(range(1, sides + 1), repeat=n):
        counts[sum(sorted(faces, reverse=highest)[:k])] += 1
    return {t: Fraction(c, sides ** n) for t, c in counts.items()}


def brute_sum(terms, constant=0):
    """terms: [(sign, sides)] one die each."""
    counts = Counter()
    sizes = [s for _, s in terms]
    for faces in product(*[range(1, s + 1) for s in sizes]):
        counts[constant + sum(sign * f for (sign, _), f in zip(terms, faces))] += 1
    den = 1
    for s in sizes:
        den *= s
    return {t: Fraction(c, den) for t, c in counts.items()}


def exploding_chains(sides, max_explosions):
    """(value, probability) of every chain of one exploding die with at most
    `max_explosions` maxima before its last roll: k maxima then r < sides."""
    for k in range(max_explosions + 1):
        for r in range(1, sides):
            yield k * sides + r, Fraction(1, sides ** (k + 1))


def exploding_point(sides, t):
    """Exact P(one exploding d`sides` totals t) of the infinite series."""
    k, r = divmod(t, sides)
    return Fraction(0) if r == 0 or t < 1 else Fraction(1, sides ** (k + 1))


@pytest.mark.parametrize("n, sides, k, highest", [
    pytest.param(4, 6, 3, True, id="issue3 brute force 4d6kh3"),
    pytest.param(3, 10, 2, True, id="issue3 brute force 3d10kh2"),
    pytest.param(5, 10, 2, True, id="issue3 brute force 5d10kh2"),
    pytest.param(2, 20, 1, False, id="issue3 brute force 2d20kl1"),
    pytest.param(5, 6, 2, False, id="keep lowest 5d6kl2"),
    pytest.param(4, 4, 4, True, id="keep all 4d4kh4"),
    pytest.param(1, 8, 1, True, id="keep one of one"),
])
def test_keep_equals_brute_force_and_sums_to_one(n, sides, k, highest):
    d = Dist.uniform(sides).keep(n, k, highest)
    assert d.probs() == brute_keep(n, sides, k, highest)
    assert sum(d.probs().values()) == 1
    assert d.tail() == 0


def test_max_and_min_of_are_keep_one():
    assert Dist.uniform(20).max_of(2).probs() == brute_keep(2, 20, 1, True)
    assert Dist.uniform(20).min_of(3).probs() == brute_keep(3, 20, 1, False)


@pytest.mark.parametrize("highest", [True, False], ids=["highest", "lowest"])
def test_keep_one_closed_form_equals_brute_force_with_uneven_weights_and_a_tail(highest):
    # P(max <= v) = P(one <= v)^n; the tail (mass not represented: weight 2 of 9)
    # is better than every face for the highest, worse for the lowest
    d = Dist({1: 2, 3: 1, 5: 4}, 9)
    brute, n = Counter(), 3
    outcomes = [(1, 2), (3, 1), (5, 4), (None, 2)]
    for trio in product(outcomes, repeat=n):
        values = [v for v, _ in trio]
        w = trio[0][1] * trio[1][1] * trio[2][1]
        shown = [v for v in values if v is not None]
        if highest and None in values or not shown:
            continue  # in the tail
        brute[max(shown) if highest else min(shown)] += Fraction(w, 9 ** n)
    kept = d.keep(n, 1, highest)
    assert kept.probs() == dict(brute) and kept.total == 9 ** n
    assert kept.tail() == 1 - sum(brute.values())


@pytest.mark.parametrize("highest", [True, False], ids=["highest", "lowest"])
def test_extreme_of_different_dists_equals_brute_force_with_tails(highest):
    # the best (worst) of a group's sub-totals: any sub-total in its tail
    # leaves the outcome in the tail
    from tablecheck.dice.dist import extreme_of
    dists = [Dist({1: 2, 3: 1, 5: 4}, 9), Dist({-1: 1, 3: 2}, 3), Dist({2: 1, 4: 1, 7: 1}, 4)]
    brute = Counter()
    for trio in product(*[list(d.weights.items()) for d in dists]):
        w = Fraction(1)
        for (_, x), d in zip(trio, dists):
            w *= Fraction(x, d.total)
        values = [v for v, _ in trio]
        brute[max(values) if highest else min(values)] += w
    best = extreme_of(dists, highest)
    assert best.probs() == dict(brute) and best.total == 9 * 3 * 4


@pytest.mark.parametrize("groups, k, highest", [
    pytest.param([(Dist.uniform(6), 4), (Dist.uniform(8), 2)], 3, True, id="4d6 and 2d8 keep 3 highest"),
    pytest.param([(Dist.uniform(4), 2), (Dist.uniform(6), 1)], 2, False, id="2d4 and 1d6 keep 2 lowest"),
    pytest.param([(Dist({-1: 1, 0: 1, 1: 1}, 3), 2), (Dist.uniform(4), 1), (Dist.uniform(2), 2)], 3, True,
                 id="three kinds with Fate dice"),
    pytest.param([(Dist({1: 2, 3: 1}, 5), 2), (Dist({2: 1, 3: 1, 9: 1}, 4), 2)], 2, True,
                 id="uneven weights and tails, highest"),
    pytest.param([(Dist({1: 2, 3: 1}, 5), 2), (Dist({2: 1, 3: 1, 9: 1}, 4), 2)], 3, False,
                 id="uneven weights and tails, lowest"),
])
def test_keep_of_a_mixed_pool_equals_brute_force(groups, k, highest):
    # every die of every kind, tail mass as an extra outcome: for the highest
    # a tail die is always kept (the outcome is in the tail); for the lowest
    # it is worse than every face (represented when k shown dice lie below it)
    from tablecheck.dice.dist import keep_mixed
    dice = [d for d, n in groups for _ in range(n)]
    brute, total = Counter(), 1
    for d in dice:
        total *= d.total
    options = [list(d.weights.items()) + [(None, d.total - sum(d.weights.values()))] for d in dice]
    for outcome in product(*options):
        w = 1
        for _, x in outcome:
            w *= x
        shown = [v for v, _ in outcome if v is not None]
        if not w or (highest and len(shown) < len(dice)) or len(shown) < k:
            continue
        brute[sum(sorted(shown, reverse=highest)[:k])] += Fraction(w, total)
    kept = keep_mixed(groups, k, highest)
    assert kept.probs() == dict(brute) and kept.total == total
    if len(groups) == 1:
        assert kept == groups[0][0].keep(groups[0][1], k, highest)


@pytest.mark.parametrize("n, sides, k, skip, highest", [
    pytest.param(4, 6, 1, 1, True, id="notation 4d6dh1dl2: the second highest"),
    pytest.param(5, 4, 2, 2, True, id="the third and fourth highest of 5d4"),
    pytest.param(5, 4, 3, 1, False, id="the second to fourth lowest of 5d4"),
    pytest.param(3, 6, 1, 2, False, id="the highest, from the low end"),
    pytest.param(4, 5, 0, 2, True, id="a window of no dice"),
])
def test_keep_of_a_window_equals_brute_force(n, sides, k, skip, highest):
    # several keeps on one term (notation.md) leave a window of the sorted pool:
    # k dice after the `skip` best
    brute = Counter()
    for faces in product(range(1, sides + 1), repeat=n):
        brute[sum(sorted(faces, reverse=highest)[skip:skip + k])] += Fraction(1, sides ** n)
    assert Dist.uniform(sides).keep(n, k, highest, skip).probs() == dict(brute)


@pytest.mark.parametrize("highest", [True, False], ids=["highest", "lowest"])
def test_keep_of_a_window_with_a_tail(highest):
    # the tail counts as better than every face for the highest (the outcome is
    # then unknown: in the tail), as worse for the lowest (a die past the window)
    d = Dist({1: 2, 3: 1, 5: 4}, 9)
    brute = Counter()
    outcomes = [(1, 2), (3, 1), (5, 4), (None, 2)]
    for trio in product(outcomes, repeat=3):
        w = trio[0][1] * trio[1][1] * trio[2][1]
        values = [v for v, _ in trio]
        if highest and None in values:
            continue
        ranked = sorted(values, key=lambda v: (v is None, v)) if not highest else \
            sorted(values, reverse=True)
        kept = ranked[1:2]  # skip one, keep one
        if None in kept:
            continue
        brute[sum(kept)] += Fraction(w, 9 ** 3)
    assert d.keep(3, 1, highest, 1).probs() == dict(brute)


def test_keep_zero_is_certain_zero():
    assert Dist.uniform(6).keep(3, 0).probs() == {0: 1}


def test_keep_count_outside_pool_is_refused():
    with pytest.raises(ValueError):
        Dist.uniform(6).keep(3, 4)


@pytest.mark.parametrize("n, sides", [(1, 6), (3, 6), (2, 10), (4, 4), (0, 6), (3, 1)])
def test_uniform_sum_equals_brute_force(n, sides):
    expected = brute_sum([(1, sides)] * n) if n else {0: Fraction(1)}
    assert Dist.uniform_sum(n, sides).probs() == expected
    assert Dist.uniform(sides).sum_of(n).probs() == expected


def test_issue3_brute_force_1d4_plus_1d6_minus_2():
    d = distribution("1d4+1d6-2")
    assert d.probs() == brute_sum([(1, 4), (1, 6)], -2)
    assert sum(d.probs().values()) == 1 and d.tail() == 0


def test_subtracted_dice_and_percent_equal_brute_force():
    assert distribution("2d6-1d4").probs() == brute_sum([(1, 6), (1, 6), (-1, 4)])
    assert distribution("d%").probs() == brute_sum([(1, 100)])


def test_expression_keep_terms_equal_brute_force():
    assert distribution("4d6kh3").probs() == brute_keep(4, 6, 3, True)
    assert distribution("4d6dl1").probs() == brute_keep(4, 6, 3, True)
    assert distribution("4d6dh1").probs() == brute_keep(4, 6, 3, False)
    assert distribution("3d10kh2+1").probs() == {
        t + 1: p for t, p in brute_keep(3, 10, 2, True).items()}


def test_exploding_die_is_the_exact_series_with_reported_tail():
    # Exploding dice: a maximum rolls again and adds, no cap (issue 3, Pools)
    d = Dist.exploding(6)
    depth = 0
    while Fraction(1, 6 ** depth) >= TAIL_EPS:
        depth += 1
    expected = dict(exploding_chains(6, depth - 1))
    assert d.probs() == expected
    assert d.tail() == Fraction(1, 6 ** depth)
    assert 0 < d.tail() < TAIL_EPS
    assert sum(d.probs().values()) + d.tail() == 1


def test_issue3_brute_force_2d6_exploding():
    d = distribution("2d6!")
    assert 0 < d.tail() < TAIL_EPS
    assert sum(d.probs().values()) + d.tail() == 1
    # enumerate pairs of chains: every total up to 60 gets contributions
    # only from chains of at most 9 explosions, all represented
    brute = Counter()
    for (a, pa), (b, pb) in product(list(exploding_chains(6, 9)), repeat=2):
        brute[a + b] += pa * pb
    for t in range(2, 61):
        assert d.prob(t) == brute[t], t
    # and against the infinite series directly
    for t in range(2, 40):
        series = sum(exploding_point(6, a) * exploding_point(6, t - a) for a in range(1, t))
        assert d.prob(t) == series, t


def test_exploding_keep_highest_equals_chain_enumeration():
    # 3d6!!kh2 (whole exploded dice kept: what 3d6!kh2 meant before issue 14):
    # a total t <= 24 needs no chain of 4+ explosions: with chains of at most
    # 3 explosions the enumeration is exact for those totals
    d = distribution("3d6!!kh2")
    brute = Counter()
    chains = list(exploding_chains(6, 3))
    for trio in product(chains, repeat=3):
        values = sorted((v for v, _ in trio), reverse=True)
        p = trio[0][1] * trio[1][1] * trio[2][1]
        brute[values[0] + values[1]] += p
    for t in range(2, 25):
        assert d.prob(t) == brute[t], t
    assert 0 < d.tail() < TAIL_EPS


def test_exploding_keep_lowest_is_exact_even_with_a_huge_die():
    # 2d6!!kl1: P(min = t) = P(X >= t)^2 - P(X >= t+1)^2 of the infinite series
    d = distribution("2d6!!kl1")

    def at_least(t):
        return 1 - sum(exploding_point(6, s) for s in range(1, t))

    for t in range(1, 40):
        assert d.prob(t) == at_least(t) ** 2 - at_least(t + 1) ** 2, t
    assert 0 < d.tail() < TAIL_EPS


def test_expression_tail_stays_below_1e12_with_many_exploding_dice():
    d = distribution("10d6!")
    assert 0 < d.tail() < TAIL_EPS
    assert sum(d.probs().values()) + d.tail() == 1


def test_exploding_d1_is_refused():
    with pytest.raises(ValueError):
        Dist.exploding(1)


def test_combine_map_mix_and_reduced():
    d6 = Dist.uniform(6)
    assert (d6 + d6).probs() == brute_sum([(1, 6), (1, 6)])
    assert (d6 - 1).probs() == {f - 1: Fraction(1, 6) for f in range(1, 7)}
    assert (-d6).probs() == {-f: Fraction(1, 6) for f in range(1, 7)}
    assert d6.map(lambda f: f % 2).probs() == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert d6.combine(d6, max).probs() == brute_keep(2, 6, 1, True)
    half = Dist.mix([(Fraction(1, 2), Dist.constant(1)), (Fraction(1, 4), Dist.constant(2))])
    assert half.probs() == {1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert half.tail() == Fraction(1, 4)
    r = Dist({1: 2, 2: 4}, 12).reduced()
    assert (r.weights, r.total) == ({1: 1, 2: 2}, 6)
    assert d6.p(lambda f: f >= 5) == Fraction(1, 3)
    assert d6.mean() == Fraction(7, 2)


# -- sums by Kronecker substitution against a plain double loop ---------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def naive_sum(a, b):
    out = Counter()
    for x, wx in a.weights.items():
        for y, wy in b.weights.items():
            out[x + y] += wx * wy
    return dict(out), a.total * b.total


weights = st.dictionaries(st.integers(-60, 60), st.integers(1, 10**40), min_size=1, max_size=70)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(weights, weights)
def test_dist_sum_equals_double_loop(a, b):
    da, db = Dist(a), Dist(b)
    s = da + db
    assert (s.weights, s.total) == naive_sum(da, db)


def test_dist_sum_of_large_and_sparse_supports_equals_double_loop():
    big = Dist.uniform_sum(30, 6)
    boom = Dist.exploding(6)
    sparse = Dist({0: 3, 10**6: 5, -(10**6): 1})
    flags = Dist({True: 1, False: 1})
    for a, b in [(big, boom), (boom, boom), (big, sparse), (sparse, big), (big, flags)]:
        s = a + b
        assert (s.weights, s.total) == naive_sum(a, b)
