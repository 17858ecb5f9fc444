"""Dungeons of Olde assisted attempts (games/dungeons_of_olde/assisted.py): the
assist bonus, exact odds against brute force."""

from fractions import Fraction

import pytest

from tablecheck.games.dungeons_of_olde.assisted import assist_bonus

from .helpers import ASSISTED_ODDS, LABELS, TABLE, exact_odds, roll, two_dice


@pytest.mark.parametrize("assistant_total, bonus", [
    (5, 0), (7, 0), (8, 1), (9, 1), (10, 2), (11, 2), (12, 3), (18, 6)],
    ids=lambda v: f"assist_bonus_{v}")
def test_rule_assist_bonus_from_assistant_roll_vs_instigator_stat(assistant_total, bonus):
    a1 = min(9, assistant_total - 1)
    r = roll("assisted", instigator={"stat": 8}, assistant={"stat": 10}, cr=12,
             dice=[a1, assistant_total - a1, 3, 4])
    assert r["assistant_total"] == assistant_total and r["assist_bonus"] == bonus
    assert r["total"] == 3 + 4 + bonus  # added as an adjustment
    assert r["outcome"] == TABLE[7 + bonus - 12]
    assert assist_bonus(assistant_total, 8) == bonus


def test_rule_assisted_assistant_rolls_first_with_own_adjustment_and_explosions():
    r = roll("assisted", instigator={"stat": 6, "adjustment": 1},
             assistant={"stat": 4, "adjustment": 2}, cr="moderate",
             dice=[4, 1, 3, 6, 2, 5])
    assert [d["label"] for d in r["rolls"]][:3] == [
        "assistant's stat die 1", "explosion of assistant's stat die 1",
        "assistant's stat die 2"]
    assert r["assistant_total"] == 4 + 1 + 3 + 2 and r["assist_bonus"] == 1 + (10 - 6) // 2
    assert r["total"] == 6 + 2 + 5 + 1 + 3 and r["outcome"] == "critical_success"


def test_reading_assist_cr_is_the_instigators_stat_not_the_modified_rank():
    r = roll("assisted", instigator={"stat": 8, "modification": -4},
             assistant={"stat": 10}, cr=9, dice=[4, 4, 1, 1])
    assert r["assist_bonus"] == 1 and r["instigator"]["die"] == "d4"


def test_assisted_trivial_is_automatic_unless_rolled():
    r = roll("assisted", instigator={"stat": 8}, assistant={"stat": 8}, cr="trivial")
    assert r["outcome"] == "automatic_success" and r["assist_bonus"] == 0 and not r["rolls"]


@pytest.mark.parametrize("si, ai, sa, aa, cr", ASSISTED_ODDS,
                         ids=[f"assisted_odds_brute_{c}" for c in ASSISTED_ODDS])
def test_assisted_odds_equal_brute_force(si, ai, sa, aa, cr):
    depth = {2: 50, 3: 32, 4: 26}
    inst, ti = two_dice(si, depth[si])
    asst, ta = two_dice(sa, depth[sa])
    # every cut-off chain is far beyond CR + 9 at these depths:
    assert depth[si] * si + 2 + ai >= cr + 9
    assert 2 + ai + (1 + (depth[sa] * sa + 2 + aa - si) // 2) >= cr + 9
    brute = {label: Fraction(0) for label in LABELS}
    bonuses = {}
    for a, pa in asst.items():
        b = 0 if a + aa < si else 1 + (a + aa - si) // 2
        bonuses[b] = bonuses.get(b, 0) + pa
    for i, pi in inst.items():
        for b, pb in bonuses.items():
            m = i + ai + b - cr
            brute[TABLE.get(m, "legendary_success" if m > 0 else "catastrophic_failure")] \
                += pi * pb
    brute["legendary_success"] += 1 - (1 - ti) * (1 - ta)
    o = exact_odds("assisted", instigator={"stat": si, "adjustment": ai},
                   assistant={"stat": sa, "adjustment": aa}, cr=cr, roll_trivial=True)
    for label in LABELS:
        assert o["outcomes"].get(label, 0) == brute[label], label
    assert sum(o["outcomes"].values()) == 1
    for b in range(0, 4):
        assert o["assist_bonuses"].get(b, 0) == bonuses.get(b, 0)
