"""Dungeons of Olde check rolls and scaling challenges (games/dungeons_of_olde/check.py):
Trivial challenges, yields, exact odds against an independent brute force."""

import json
from fractions import Fraction

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest
from tablecheck.games.dungeons_of_olde.cards import amount

from .helpers import CHECK_ODDS, LABELS, SYS, bad, brute_categories, exact_odds, roll, two_dice


def test_example_briven_arrows_cr_6_roll_11_two_ranks_six_arrows():
    r = roll("scaling", stat=8, cr="easy", per_rank=3, unit="arrows", dice=[5, 6])
    assert r["total"] == 11 and r["cr"] == 6 and r["margin"] == 5
    assert r["ranks"] == 2 and r["outcome"] == "solid_success"
    assert r["yield"] == 6 and r["extra_ranks"] == 1
    assert "6 arrows" in r["summary"]


def test_rule_trivial_is_automatic_success_without_dice():
    r = roll("check", stat=8, cr="trivial")
    assert r["outcome"] == "automatic_success" and r["success"] is True
    assert r["rolls"] == [] and r["total"] is None
    assert roll("check", stat=8, cr="trivial", dice=[])["outcome"] == "automatic_success"
    with pytest.raises(InvalidRequest, match="too many"):
        roll("check", stat=8, cr="trivial", dice=[3, 3])
    o = api.odds(dict(system=SYS, check="check", stat=8, cr="trivial"))
    assert o["outcomes"]["automatic_success"] == 1.0


def test_rule_trivial_rolled_when_asked_for_tense_and_dramatic():
    r = roll("check", stat=2, cr="trivial", roll_trivial=True, dice=[1, 1])
    assert r["outcome"] == "failure" and r["total"] == 2 and len(r["rolls"]) == 2


def test_rule_trivial_rolled_when_critical_outcomes_are_possible():
    r = roll("check", stat=8, cr="trivial", critical_outcomes=True, dice=[8, 4, 1])
    assert r["outcome"] == "legendary_success" and r["character_points"] == 2


def test_rule_trivial_scaling_challenge_is_always_rolled():
    r = roll("scaling", stat=6, cr="trivial", per_rank=1, dice=[4, 2])
    assert r["outcome"] == "solid_success" and r["yield"] == 2 and len(r["rolls"]) == 2
    o = exact_odds("scaling", stat=6, cr="trivial", per_rank=1)
    assert o["outcomes"].get("automatic_success", 0) == 0


@pytest.mark.parametrize("dice, ranks, amount", [
    ([2, 3], 0, 0), ([3, 3], 1, 3), ([4, 4], 1, 3), ([4, 5], 2, 6), ([7, 5], 3, 9),
    ([8, 8, 1, 7], 7, 21)], ids=lambda v: f"scaling_yield_{v}")
def test_rule_scaling_each_rank_of_success_yields_per_rank(dice, ranks, amount):
    r = roll("scaling", stat=8, cr=6, per_rank=3, dice=dice)
    assert r["yield"] == amount
    if amount:
        assert r["ranks"] == ranks and r["success"]
    else:
        assert not r["success"]


def test_known_value_2d8_exploding_at_least_12_is_81_over_256():
    o = exact_odds("check", stat=8, cr=12)
    assert o["success_chance"] == Fraction(81, 256)
    assert 0 < o["tail"] < Fraction(1, 10**12)


def test_known_value_2d6_exploding_at_least_9_is_41_over_108():
    o = exact_odds("check", stat=6, cr=9)
    assert o["success_chance"] == Fraction(41, 108)
    assert 0 < o["tail"] < Fraction(1, 10**12)
    assert o["outcomes"]["catastrophic_failure"] == 0  # 2 is the lowest roll, CR 9


@pytest.mark.parametrize("stat, mod, adj, cr", CHECK_ODDS,
                         ids=[f"check_odds_brute_{c}" for c in CHECK_ODDS])
def test_check_odds_equal_brute_force_over_truncated_explosions(stat, mod, adj, cr):
    sides = stat + mod
    # deep enough that every cut-off chain pair is a Legendary Success
    depth = 1
    while depth * sides + 2 + adj < cr + 9:
        depth += 1
    depth += 2
    totals, tail = two_dice(sides, depth)
    brute = brute_categories({t + adj: p for t, p in totals.items()}, cr)
    brute["legendary_success"] += tail  # every cut-off chain is legendary here
    o = exact_odds("check", stat=stat, modification=mod, adjustment=adj, cr=cr,
                   roll_trivial=True)
    assert set(o["outcomes"]) <= set(LABELS)
    for label in LABELS:
        assert o["outcomes"].get(label, 0) == brute[label], label
    assert sum(o["outcomes"].values()) == 1
    assert o["tail_outcome"] == "legendary_success" and o["tail"] < Fraction(1, 10**12)
    # and the api gives every label, floats summing to 1
    out = api.odds(dict(system=SYS, check="check", stat=stat, modification=mod,
                        adjustment=adj, cr=cr, roll_trivial=True))
    assert list(out["outcomes"]) == LABELS
    assert abs(sum(out["outcomes"].values()) - 1) < 1e-12
    json.dumps(out)


def test_scaling_odds_and_yields_equal_brute_force():
    totals, tail = two_dice(4, 30)
    o = exact_odds("scaling", stat=4, cr=6, per_rank=3)
    brute = brute_categories(totals, 6)
    brute["legendary_success"] += tail
    for label in LABELS:
        assert o["outcomes"].get(label, 0) == brute[label]
    yields = {}
    for t, p in totals.items():
        y = 3 * (1 + (t - 6) // 3) if t >= 6 else 0
        yields[y] = yields.get(y, 0) + p
    for y in range(0, 40, 3):  # small yields are exact
        assert o["yields"].get(y, 0) == yields.get(y, 0), y


@pytest.mark.parametrize("roll_trivial", [False, True],
                         ids=lambda v: f"contract_scaling_accepts_roll_trivial_{v}")
def test_contract_scaling_accepts_roll_trivial_and_always_rolls(roll_trivial):
    # api.md: scaling = "check parameters + per_rank"; a scaling challenge is
    # rolled even when Trivial, so roll_trivial changes nothing
    r = roll("scaling", stat=6, cr="trivial", per_rank=2, unit="arrows",
             roll_trivial=roll_trivial, dice=[4, 2])
    assert r["total"] == 6 and r["outcome"] == "solid_success" and r["yield"] == 4
    assert len(r["rolls"]) == 2
    assert exact_odds("scaling", stat=6, cr="trivial", per_rank=2,
                      roll_trivial=roll_trivial) == exact_odds("scaling", stat=6,
                                                               cr="trivial", per_rank=2)


def test_contract_scaling_roll_trivial_declared_with_help_and_validated():
    check = api.catalog()["systems"][SYS]["checks"]["scaling"]
    params = {p["name"]: p for p in check["params"]}
    assert params["roll_trivial"]["type"] == "bool"
    assert params["roll_trivial"]["default"] is False
    assert "always rolled" in params["roll_trivial"]["help"]
    # every parameter of `check` is a parameter of `scaling`
    check_params = api.catalog()["systems"][SYS]["checks"]["check"]["params"]
    assert {p["name"] for p in check_params} <= set(params)
    bad("scaling", "roll_trivial", stat=6, cr=9, per_rank=1, roll_trivial="yes")
