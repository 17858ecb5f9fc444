"""Dungeons of Olde effect rolls (games/dungeons_of_olde/effect.py): exploding or
plain dice summed, the distribution and its cut."""

from fractions import Fraction

import pytest

from tablecheck.dice import TAIL_EPS, Dist
from tablecheck.games.dungeons_of_olde.effect import effect_sum

from .helpers import chains, exact_odds, roll


def test_rule_effect_roll_any_number_of_exploding_stat_dice_summed():
    r = roll("effect", stat=6, count=3, dice=[6, 6, 2, 3, 6, 1])
    assert r["outcome"] == "rolled" and r["total"] == 14 + 3 + 7
    assert r["chains"] == ["6 -> 6 -> 2 = 14", "3", "6 -> 1 = 7"]
    assert [d["label"] for d in r["rolls"]][:2] == ["effect die 1", "explosion of effect die 1"]


def test_rule_effect_roll_exploding_unless_rules_say_otherwise():
    r = roll("effect", stat=6, count=2, exploding=False, dice=[6, 6])
    assert r["total"] == 12 and not any(d.get("exploded") for d in r["rolls"])


def test_effect_roll_modification_shifts_rank():
    r = roll("effect", stat=8, modification=2, count=1, dice=[10, 3])
    assert r["total"] == 13 and r["die"] == "d10"


@pytest.mark.parametrize("stat, count", [(4, 1), (4, 3), (3, 2), (6, 2)],
                         ids=lambda v: f"effect_odds_brute_{v}")
def test_effect_distribution_equals_brute_force(stat, count):
    depth = 12
    one, _ = chains(stat, depth)
    dist = {0: Fraction(1)}
    for _ in range(count):
        nxt = {}
        for t, p in dist.items():
            for v, q in one:
                nxt[t + v] = nxt.get(t + v, 0) + p * q
        dist = nxt
    o = exact_odds("effect", stat=stat, count=count)
    # totals below the first cut-off chain (depth * stat + count) are exact
    for total in range(count, depth * stat + count):
        assert o["distribution"].get(total, 0) == dist.get(total, 0), total
    assert o["tail"] < Fraction(1, 10**12)
    assert sum(o["distribution"].values()) + o["tail"] == 1
    # exact mean of an exploding die: s/2 + s/(s-1), per die
    deep, _ = chains(stat, 40)
    mean = sum(v * p for v, p in deep)
    assert abs(o["mean"] / count - mean) < Fraction(1, 10**9)


def test_effect_non_exploding_distribution():
    o = exact_odds("effect", stat=4, count=2, exploding=False)
    brute = {}
    for a in range(1, 5):
        for b in range(1, 5):
            brute[a + b] = brute.get(a + b, 0) + Fraction(1, 16)
    assert o["distribution"] == brute and o["tail"] == 0


@pytest.mark.parametrize("stat, count", [(6, 4), (2, 6), (20, 3)],
                         ids=lambda v: f"effect_sum_cut_only_at_top_{v}")
def test_effect_sum_cuts_only_the_highest_totals_and_under_1e12(stat, count):
    cut = effect_sum(stat, count)
    full = Dist.exploding(stat, TAIL_EPS / (2 * count)).sum_of(count)
    differ = [k for k in full.weights if cut.prob(k) != full.prob(k)]
    agree = [k for k in full.weights if cut.prob(k) == full.prob(k)]
    assert differ and min(differ) > max(agree)  # only a top segment is dropped
    assert all(cut.prob(k) < full.prob(k) for k in differ)  # mass only removed
    assert cut.tail() < Fraction(1, 10**12)
    assert sum(cut.probs().values()) + cut.tail() == 1
