"""The Dungeons of Olde's tables (games/dungeons_of_olde/tables.py): the margin's
ranks and category, challenge ranks, character points."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablecheck import api
from tablecheck.games.dungeons_of_olde.tables import ranks_of

from .helpers import CATEGORY_CASES, RANKS, SYS, TABLE, roll


@pytest.mark.parametrize("margin", range(-10, 13), ids=lambda m: f"rank_table_margin{m:+d}")
def test_rank_table_every_boundary_by_entered_dice(margin):
    # d20 (stat 20) against CR 21: two unexploded faces give totals 2..38
    total = 21 + margin
    a = min(19, total - 1)
    r = roll("check", stat=20, cr=21, dice=[a, total - a])
    assert r["total"] == total and r["margin"] == margin
    assert r["outcome"] == TABLE[margin]
    assert r["ranks"] == RANKS[margin]
    assert r["success"] is (margin >= 0)
    assert ranks_of(margin) == (margin >= 0, RANKS[margin])


def test_rule_success_equal_or_above_cr_failure_below():
    assert roll("check", stat=8, cr=12, dice=[6, 6])["success"] is True
    assert roll("check", stat=8, cr=12, dice=[6, 5])["success"] is False


def test_rule_each_three_points_add_a_rank_on_either_side():
    # "For every three points by which the check roll exceeds ... an additional rank"
    for m in range(0, 30):
        assert ranks_of(m) == (True, 1 + m // 3)
        assert ranks_of(-m - 1) == (False, 1 + (m + 1) // 3)


@pytest.mark.parametrize("outcome, points", [
    ("legendary_success", 2), ("critical_success", 1), ("solid_success", 0),
    ("success", 0), ("failure", 0), ("decisive_failure", 0), ("critical_failure", 1),
    ("catastrophic_failure", 2)], ids=lambda v: f"character_points_{v}")
def test_rule_character_points_only_when_critical_outcomes_applied(outcome, points):
    stat, cr, adj, dice, total, _ = next(c for c in CATEGORY_CASES if c[5] == outcome)
    on = roll("check", stat=stat, cr=cr, adjustment=adj, dice=dice, critical_outcomes=True)
    off = roll("check", stat=stat, cr=cr, adjustment=adj, dice=dice)
    assert on["outcome"] == off["outcome"] == outcome
    assert on["character_points"] == points
    assert off["character_points"] == 0


@pytest.mark.parametrize("name, rating", [
    ("trivial", 3), ("easy", 6), ("moderate", 9), ("hard", 12), ("heroic", 15),
    ("superhuman", 18), ("godly", 21)], ids=lambda v: f"cr_rank_{v}")
def test_rule_challenge_rank_names_and_ratings(name, rating):
    r = roll("check", stat=8, cr=name.capitalize(), roll_trivial=True, dice=[1, 1])
    assert r["cr"] == rating and r["cr_rank"] == name.capitalize()
    ranks = api.catalog()["systems"][SYS]["cr_ranks"]
    assert {"value": name, "name": name.capitalize(), "rating": rating} in ranks
    # a number names the same rank
    assert roll("check", stat=8, cr=rating, roll_trivial=True, dice=[1, 1])["cr_rank"] == \
        name.capitalize()


def test_reading_trivial_numeric_cr_3_or_less_is_trivial():
    assert roll("check", stat=8, cr=3)["outcome"] == "automatic_success"
    assert roll("check", stat=8, cr=1)["outcome"] == "automatic_success"
    assert roll("check", stat=8, cr=4, dice=[1, 2])["outcome"] == "failure"


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(2, 20), st.integers(1, 40), st.integers(-5, 5), st.data())
def test_property_outcome_matches_table_for_any_unexploded_roll(stat, cr, adj, data):
    a = data.draw(st.integers(1, stat - 1)) if stat > 2 else 1
    b = data.draw(st.integers(1, stat - 1)) if stat > 2 else 1
    r = roll("check", stat=stat, cr=cr, adjustment=adj, roll_trivial=True, dice=[a, b])
    m = a + b + adj - cr
    assert r["margin"] == m
    assert r["outcome"] == TABLE.get(m, "legendary_success" if m > 0
                                     else "catastrophic_failure")
