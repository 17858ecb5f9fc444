"""Dungeons of Olde opposed attempts (games/dungeons_of_olde/opposed.py): the target
rolls first, ties, exact odds in closed form against brute force and enumeration."""

from fractions import Fraction

import pytest

from tablecheck.dice import TAIL_EPS, Dist
from tablecheck.games.dungeons_of_olde.opposed import _lattice_at_least

from .helpers import LABELS, OPPOSED_ODDS, TABLE, exact_odds, roll, two_dice


def test_rule_opposed_target_rolls_first_and_sets_the_cr():
    r = roll("opposed", instigator={"stat": 8}, target={"stat": 6, "adjustment": 1},
             dice=[6, 2, 3, 5, 7])
    labels = [d["label"] for d in r["rolls"]]
    assert labels == ["target's stat die 1", "explosion of target's stat die 1",
                      "target's stat die 2", "instigator's stat die 1",
                      "instigator's stat die 2"]
    assert [d["sides"] for d in r["rolls"]] == [6, 6, 6, 8, 8]
    assert r["target_total"] == r["cr"] == 6 + 2 + 3 + 1
    assert r["instigator_total"] == r["total"] == 12
    assert r["outcome"] == "success" and r["margin"] == 0


def test_rule_opposed_tie_goes_to_instigator():
    r = roll("opposed", instigator={"stat": 6}, target={"stat": 6}, dice=[3, 4, 5, 2])
    assert r["margin"] == 0 and r["success"] is True
    assert any("tie goes to the instigator" in s for s in r["steps"])
    r = roll("opposed", instigator={"stat": 6}, target={"stat": 6}, dice=[3, 4, 5, 1])
    assert r["success"] is False and r["outcome"] == "failure"


def test_rule_opposed_target_not_subject_to_critical_outcomes():
    r = roll("opposed", instigator={"stat": 4}, target={"stat": 12}, critical_outcomes=True,
             dice=[11, 11, 1, 1])
    # target 22 is not judged; the instigator's 2 vs 22 is catastrophic
    assert "outcome" not in r["target"] and "character_points" not in r["target"]
    assert r["outcome"] == "catastrophic_failure" and r["character_points"] == 2
    assert any("bonus or penalty for the target" in s for s in r["steps"])


def test_opposed_modifications_and_adjustments_per_side():
    r = roll("opposed", instigator={"stat": 10, "modification": -2, "adjustment": 3},
             target={"stat": 4, "modification": 2, "adjustment": -1}, dice=[5, 5, 8, 1, 1])
    assert r["target"]["die"] == "d6" and r["instigator"]["die"] == "d8"
    assert r["cr"] == 9 and r["total"] == 9 + 1 + 3 and r["outcome"] == "solid_success"


@pytest.mark.parametrize("si, ai, st_, at", OPPOSED_ODDS,
                         ids=[f"opposed_odds_brute_{c}" for c in OPPOSED_ODDS])
def test_opposed_odds_equal_brute_force_within_the_tails(si, ai, st_, at):
    depth = {2: 42, 3: 27, 4: 21}
    inst, ti = two_dice(si, depth[si])
    targ, tt = two_dice(st_, depth[st_])
    brute = {label: Fraction(0) for label in LABELS}
    for t, pt in targ.items():
        for i, pi in inst.items():
            brute[TABLE.get((i + ai) - (t + at), "legendary_success" if i + ai > t + at
                            else "catastrophic_failure")] += pt * pi
    brute_tail = 1 - (1 - ti) * (1 - tt)
    o = exact_odds("opposed", instigator={"stat": si, "adjustment": ai},
                   target={"stat": st_, "adjustment": at})
    assert o["tail"] == 0  # closed form: nothing cut off
    assert sum(o["outcomes"].values()) == 1
    for label in LABELS:
        assert abs(o["outcomes"].get(label, 0) - brute[label]) <= brute_tail, label
    assert o["outcomes"].get("automatic_success", 0) == 0


def test_opposed_exact_d2_vs_d2_is_16_over_27():
    # by hand: both sides are 2 + 2 N with N ~ NegBin(2, 1/2); P(tie) =
    # sum (n+1)^2 4^-n / 16 = 5/27, so P(instigator >= target) = 1/2 + 5/54
    o = exact_odds("opposed", instigator={"stat": 2}, target={"stat": 2})
    assert o["success_chance"] == Fraction(16, 27)


@pytest.mark.parametrize("si, ai, st_, at", [(8, 0, 6, 1), (20, 0, 20, 0), (2, 0, 20, 3),
                                             (12, -2, 3, 0)],
                         ids=lambda v: f"opposed_closed_form_vs_series_{v}")
def test_opposed_closed_form_equals_the_shared_series_within_its_tail(si, ai, st_, at):
    o = exact_odds("opposed", instigator={"stat": si, "adjustment": ai},
                   target={"stat": st_, "adjustment": at})
    target = Dist.exploding(st_, TAIL_EPS / 2).sum_of(2) + at
    inst = Dist.exploding(si, TAIL_EPS / 2).sum_of(2) + ai
    series = {label: Fraction(0) for label in LABELS}
    for t, pt in target.probs().items():
        for i, pi in inst.probs().items():
            series[TABLE[i - t]] += pt * pi
    tail = 1 - (1 - target.tail()) * (1 - inst.tail())
    for label in LABELS:
        diff = o["outcomes"].get(label, 0) - series[label]
        assert 0 <= diff <= tail, label  # the series only lacks its cut-off mass


@pytest.mark.parametrize("stat", [2, 3, 6], ids=lambda s: f"opposed_tie_to_instigator_d{s}")
def test_rule_opposed_tie_goes_to_instigator_in_the_odds(stat):
    # equal sides: P(success) = 1/2 + P(tie) / 2, because ties go to the instigator
    totals, brute_tail = two_dice(stat, {2: 42, 3: 27, 6: 17}[stat])
    tie = sum(p * p for p in totals.values())
    o = exact_odds("opposed", instigator={"stat": stat}, target={"stat": stat})
    assert abs(o["success_chance"] - (Fraction(1, 2) + tie / 2)) <= o["tail"] + 2 * brute_tail
    assert tie > Fraction(1, 100)


@pytest.mark.parametrize("p, q, t", [(2, 2, 0), (3, 5, -7), (8, 6, 9), (20, 3, -40),
                                     (4, 20, 33), (2, 20, -1)],
                         ids=lambda v: f"opposed_lattice_closed_form_{v}")
def test_opposed_closed_form_lattice_sum_against_enumeration(p, q, t):
    # enumerate explosion counts n, l of two dice each: P(n) = (n+1) p^-n (1-1/p)^2
    depth = 70
    pn = [(n + 1) * Fraction(1, p) ** n * (1 - Fraction(1, p)) ** 2 for n in range(depth)]
    ql = [(l + 1) * Fraction(1, q) ** l * (1 - Fraction(1, q)) ** 2 for l in range(depth)]
    brute = sum(pn[n] * ql[l] for n in range(depth) for l in range(depth) if p * n - q * l >= t)
    missing = 1 - sum(pn) * sum(ql)
    exact = _lattice_at_least(p, q, t)
    assert brute <= exact <= brute + missing
    assert missing < Fraction(1, 10**15)
