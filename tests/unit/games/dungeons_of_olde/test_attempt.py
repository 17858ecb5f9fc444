"""The Dungeons of Olde check roll (games/dungeons_of_olde/attempt.py): the stat die,
its rank, explosions and adjustments, every category by forced dice."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablecheck import api
from tablecheck.games.dungeons_of_olde.terms import SUCCESS_OUTCOMES

from .helpers import CATEGORY_CASES, LABELS, SYS, TABLE, roll


def test_example_brawn_8_portcullis_cr_12_rolls_2d8_exploding():
    r = roll("check", stat=8, cr="hard", dice=[7, 5])
    assert [d["sides"] for d in r["rolls"]] == [8, 8]
    assert r["die"] == "d8" and r["cr"] == 12 and r["cr_rank"] == "Hard"
    assert r["total"] == 12 and r["outcome"] == "success"
    assert "2d8!" in r["summary"]
    r = roll("check", stat=8, cr=12, dice=[8, 2, 1])  # 8 explodes: 10 + 1 = 11
    assert r["total"] == 11 and r["outcome"] == "failure"
    # "would need to roll a 12 or better on 2d8!": P = 81/256 exactly
    o = api.odds(dict(system=SYS, check="check", stat=8, cr=12))
    success = sum(Fraction(o["exact"][k]) for k in SUCCESS_OUTCOMES if k in o["exact"])
    assert success == Fraction(81, 256)


def test_example_solid_success_rank_2_minor_bonus_when_applied():
    r = roll("check", stat=8, cr=12, critical_outcomes=True, dice=[7, 8, 1])  # 7 + 9 = 16
    assert r["outcome"] == "solid_success" and r["ranks"] == 2
    assert r["outcome_words"] == "Minor bonus" and "half the usual time" in r["suggestion"]
    assert r["character_points"] == 0


def test_example_decisive_failure_rank_2_minor_penalty_when_applied():
    r = roll("check", stat=8, cr=12, critical_outcomes=True, dice=[3, 5])  # 8: -4
    assert r["outcome"] == "decisive_failure" and r["ranks"] == 2
    assert r["outcome_words"] == "Minor penalty" and "twice the normal" in r["suggestion"]


def test_rule_stat_value_is_the_die_rank():
    for stat in (4, 6, 8, 10, 12, 20, 2, 7):
        r = roll("check", stat=stat, cr=9, dice=[1, 1])
        assert [d["sides"] for d in r["rolls"]] == [stat, stat]


def test_rule_modification_shifts_rank_before_rolling_brawn_8_minus_2_rolls_d6():
    r = roll("check", stat=8, modification=-2, cr=9, dice=[6, 1, 2])
    assert r["die"] == "d6" and [d["sides"] for d in r["rolls"]] == [6, 6, 6]
    assert r["rolls"][0]["exploded"] is True  # 6 is now the maximum
    assert r["total"] == 9


@pytest.mark.parametrize("stat, mod, sides", [(2, -3, 2), (4, -10, 2), (20, 5, 20),
                                              (12, 18, 20)],
                         ids=["clamp_d2_low", "clamp_d2_far", "clamp_d20", "clamp_d20_far"])
def test_reading_rank_clamped_to_d2_d20_with_a_note(stat, mod, sides):
    r = roll("check", stat=stat, modification=mod, cr=9, dice=[1, 1])
    assert r["sides"] == sides
    assert r["rank_note"] and f"rolling d{sides}" in r["rank_note"]
    assert any("Note:" in s for s in r["steps"])
    assert roll("check", stat=8, modification=2, cr=9, dice=[1, 1])["rank_note"] is None


def test_rule_adjustment_applied_once_after_explosions():
    r = roll("check", stat=6, adjustment=2, cr=9, dice=[6, 6, 1, 3])
    assert r["chains"] == ["6 -> 6 -> 1 = 13", "3"]
    assert r["dice_total"] == 16 and r["total"] == 18  # +2 once, not per die/explosion
    r = roll("check", stat=6, adjustment=-3, cr=9, dice=[6, 2, 4])
    assert r["total"] == 8 + 4 - 3


def test_rule_each_die_explodes_on_its_own():
    r = roll("check", stat=8, cr=12, dice=[8, 3, 2])
    assert r["chains"] == ["8 -> 3 = 11", "2"]
    assert [d["chain"] for d in r["rolls"]] == [0, 0, 1]
    assert [d.get("exploded", False) for d in r["rolls"]] == [True, False, False]
    assert [d["label"] for d in r["rolls"]] == [
        "stat die 1", "explosion of stat die 1", "stat die 2"]


def test_rule_explosions_have_no_cap_long_chain_entered_by_hand():
    dice = [4] * 12 + [1] + [4, 4, 4, 2]
    r = roll("check", stat=4, cr="godly", dice=dice)
    assert r["chains"][0] == " -> ".join(["4"] * 12) + " -> 1 = 49"
    assert r["chains"][1] == "4 -> 4 -> 4 -> 2 = 14"
    assert r["total"] == 63 and r["outcome"] == "legendary_success"
    assert r["ranks"] == 1 + (63 - 21) // 3
    assert sum(1 for d in r["rolls"] if d.get("exploded")) == 15
    assert "Stat die 1 (d4): " + r["chains"][0] + " (exploded 12 times)." in r["steps"]


def test_d2_chain_of_thirty_explosions():
    r = roll("check", stat=2, cr=9, dice=[2] * 30 + [1, 1])
    assert r["total"] == 61 + 1 and len(r["rolls"]) == 32


@pytest.mark.parametrize("stat, cr, adj, dice, total, outcome", CATEGORY_CASES,
                         ids=[f"category_{c[5]}_{i}" for i, c in enumerate(CATEGORY_CASES)])
def test_forced_dice_every_category(stat, cr, adj, dice, total, outcome):
    r = roll("check", stat=stat, cr=cr, adjustment=adj, dice=dice)
    assert r["total"] == total
    assert r["outcome"] == outcome == TABLE[total - cr]
    assert r["success"] is (outcome in SUCCESS_OUTCOMES)


@pytest.mark.parametrize("outcome, words, phrase", [
    ("legendary_success", "Major bonus", "not consumed"),
    ("critical_success", "Two minor bonuses", "half the usual time"),
    ("solid_success", "Minor bonus", "unusually beautiful"),
    ("success", "Simple success", "materials are spent"),
    ("failure", "Simple failure", "materials are lost"),
    ("decisive_failure", "Minor penalty", "-2 penalty"),
    ("critical_failure", "Two minor penalties", "twice the normal"),
    ("catastrophic_failure", "Major penalty", "destroys the object"),
], ids=lambda v: f"suggestion_{v}" if v in LABELS else None)
def test_rule_suggested_bonus_or_penalty_for_each_category(outcome, words, phrase):
    stat, cr, adj, dice, total, _ = next(c for c in CATEGORY_CASES if c[5] == outcome)
    r = roll("check", stat=stat, cr=cr, adjustment=adj, dice=dice, critical_outcomes=True)
    assert r["outcome_words"] == words and phrase in r["suggestion"]
    cat = next(c for c in api.catalog()["systems"][SYS]["categories"]
               if c["outcome"] == outcome)
    assert cat["result"] == words and phrase in cat["suggestion"]


def test_reading_critical_outcomes_not_applied_gives_simple_success_or_failure():
    r = roll("check", stat=8, cr=12, dice=[8, 6, 7])
    assert r["outcome"] == "legendary_success"  # the category is still reported
    assert r["outcome_words"] == "Simple success" and r["character_points"] == 0
    assert any("not applied" in s for s in r["steps"])
    r = roll("check", stat=8, cr=12, dice=[1, 2])
    assert r["outcome_words"] == "Simple failure"


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(2, 20), st.integers(0, 6), st.integers(0, 6), st.integers(1, 60),
       st.integers(-5, 5), st.data())
def test_property_explosion_chains_entered_by_hand_sum_each_die_on_its_own(
        stat, k1, k2, cr, adj, data):
    r1 = data.draw(st.integers(1, stat - 1))
    r2 = data.draw(st.integers(1, stat - 1))
    dice = [stat] * k1 + [r1] + [stat] * k2 + [r2]
    r = roll("check", stat=stat, cr=cr, adjustment=adj, roll_trivial=True, dice=dice)
    die1, die2 = k1 * stat + r1, k2 * stat + r2
    assert r["total"] == die1 + die2 + adj
    assert [sum(d["value"] for d in r["rolls"] if d["chain"] == c) for c in (0, 1)] == \
        [die1, die2]
    assert sum(1 for d in r["rolls"] if d.get("exploded")) == k1 + k2
    m = die1 + die2 + adj - cr
    assert r["outcome"] == TABLE[m] and r["ranks"] == 1 + abs(m) // 3
