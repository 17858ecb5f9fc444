"""The skill check (games/dark_eye/skill.py, throw.py): every rule sentence,
forced dice, exact odds against enumeration of all 8000 throws."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablecheck.errors import InvalidRequest
from tablecheck.games.dark_eye.skill import odds_skill

from dark_eye_brute import bf_skill, bf_skill_roll, exact, odds, resolve


def test_rule_spend_two_sp_to_reduce_14_to_12_on_the_second_eav():
    # "if the second EAV is 12 and the player rolls a 14, the player can spend two SP"
    r = resolve("skill", attributes=[10, 12, 10], rating=4, names=["COU", "SGC", "INT"],
                dice=[3, 14, 5])
    assert r["outcome"] == "success" and r["points_left"] == 2 and r["quality_level"] == 1
    assert [d["cost"] for d in r["rolls"]] == [0, 2, 0]
    assert [d["eav"] for d in r["rolls"]] == [10, 12, 10]
    assert [d["label"] for d in r["rolls"]] == ["COU die", "SGC die", "INT die"]
    assert any("2 SP spent, 2 SP left" in s for s in r["steps"])


def test_rule_sr10_spending_6_leaves_4_for_the_other_two_rolls():
    # "A hero with SR 10 starts with 10 SP. If 6 SP are spent to pass the first roll,
    #  only 4 points are left to adjust the remaining two rolls."
    ok = resolve("skill", attributes=[8, 12, 12], rating=10, dice=[14, 12, 16])
    assert ok["outcome"] == "success" and ok["points_left"] == 0 and ok["quality_level"] == 1
    short = resolve("skill", attributes=[8, 12, 12], rating=10, dice=[14, 12, 17])
    assert short["outcome"] == "failure" and short["quality_level"] == 0
    assert short["points_short"] == 1
    assert any("not covered" in s for s in short["steps"])


@pytest.mark.parametrize("rating, dice, outcome, ql, left", [
    pytest.param(6, [14, 8, 15], "success", 1, 1, id="rule: leftover SP determine QL"),
    pytest.param(0, [12, 12, 12], "success", 1, 0, id="rule: success with 0 SP left is QL 1"),
    pytest.param(0, [13, 1, 1], "critical_success", 1, 0,
                 id="rule double-1 overrides a failure of the remaining roll (0 SP left, QL 1)"),
    pytest.param(3, [1, 20, 1], "critical_success", 1, 0,
                 id="reading: critical with uncovered third die keeps SP left 0"),
    pytest.param(14, [1, 1, 20], "critical_success", 2, 6,
                 id="reading: critical with covered third die counts SP left"),
    pytest.param(10, [1, 1, 1], "spectacular_success", 4, 10, id="rule: triple-1 spectacular"),
    pytest.param(20, [20, 20, 5], "botch", 0, 0,
                 id="rule double-20 botch is automatic failure even if SP cover it"),
    pytest.param(30, [20, 20, 20], "spectacular_botch", 0, 0, id="rule: triple-20"),
    pytest.param(20, [20, 1, 20], "botch", 0, 0, id="reading: double 20 with a 1 is a botch"),
    pytest.param(8, [20, 5, 5], "success", 1, 0, id="reading: single 20 is an ordinary value"),
    pytest.param(8, [1, 5, 20], "success", 1, 0, id="reading: single 1 is an ordinary value"),
    pytest.param(7, [20, 5, 5], "failure", 0, 0, id="rule: run out of SP = failure"),
    pytest.param(5, [20, 14, 18], "failure", 0, 0, id="rule: several uncovered rolls fail"),
])
def test_skill_check_forced_dice(rating, dice, outcome, ql, left):
    r = resolve("skill", attributes=[12, 12, 12], rating=rating, dice=dice)
    assert (r["outcome"], r["quality_level"], r["points_left"]) == (outcome, ql, left)
    assert r["success"] == (outcome in ("spectacular_success", "critical_success", "success"))
    assert bf_skill_roll([12, 12, 12], rating, dice) == (outcome, ql)
    assert r["dice"] == dice and len(r["rolls"]) == 3
    assert not any(d.get("confirmation") for d in r["rolls"])  # no confirmation in skill checks


def test_skill_single_20_at_eav_20_or_more_costs_nothing():
    # reading: single 20s are ordinary values: at EAV 20 a 20 passes untouched
    r = resolve("skill", attributes=[20, 12, 12], rating=4, dice=[20, 5, 5])
    assert r["outcome"] == "success" and r["points_left"] == 4


@pytest.mark.parametrize("modifier, dice, outcome, eav", [
    pytest.param(2, [14, 14, 14], "success", [14, 15, 16], id="rule bonus raises all three EAVs"),
    pytest.param(-2, [12, 12, 12], "failure", [10, 11, 12], id="rule penalty lowers all three EAVs"),
])
def test_skill_modifier_applies_to_all_three_eavs(modifier, dice, outcome, eav):
    r = resolve("skill", attributes=[12, 13, 14], rating=1, modifier=modifier, dice=dice)
    assert r["eav"] == eav and r["outcome"] == outcome
    assert [d["eav"] for d in r["rolls"]] == eav


@pytest.mark.parametrize("attributes, modifier", [
    pytest.param([12, 0, 12], 0, id="rule any EAV below 1: success impossible"),
    pytest.param([12, 3, 14], -3, id="rule penalty drops a linked attribute below 1: fails"),
])
def test_skill_eav_below_1_fails_automatically_without_dice(attributes, modifier):
    r = resolve("skill", attributes=attributes, rating=20, modifier=modifier, dice=[])
    assert r["outcome"] == "failure" and r["rolls"] == [] and r["quality_level"] == 0
    assert r["automatic"] is True
    with pytest.raises(InvalidRequest, match="too many"):
        resolve("skill", attributes=attributes, rating=20, modifier=modifier, dice=[1, 1, 1])
    assert exact(odds("skill", attributes=attributes, rating=20, modifier=modifier))["failure"] == 1


def test_retry_each_attempt_suffers_a_cumulative_minus_1():
    # rule "Retry": attempt k has modifier -(k-1)
    first = resolve("skill", attributes=[12, 12, 12], rating=0, attempt=1, dice=[12, 12, 12])
    third = resolve("skill", attributes=[12, 12, 12], rating=0, attempt=3, dice=[12, 12, 12])
    assert first["outcome"] == "success" and third["outcome"] == "failure"
    assert third["eav"] == [10, 10, 10] and third["modifier"] == -2
    o3 = exact(odds("skill", attributes=[12, 12, 12], rating=0, attempt=3))
    o1 = exact(odds("skill", attributes=[10, 10, 10], rating=0))
    assert o3 == o1


def test_retry_dropping_an_eav_below_1_ends_the_attempts():
    # rule "Retry": if a linked attribute drops below 1 the action fails, no more chances
    r = resolve("skill", attributes=[2, 12, 12], rating=5, attempt=3, dice=[])
    assert r["outcome"] == "failure" and r["automatic"] and r["rolls"] == []
    assert "no further attempt" in r["summary"]


def test_skill_entered_dice_too_few_names_each_missing_die():
    with pytest.raises(InvalidRequest) as err:
        resolve("skill", attributes=[12, 12, 12], rating=4, names=["COU", "SGC", "INT"], dice=[5])
    assert err.value.field == "dice"
    assert "2 more dice needed" in err.value.message
    assert err.value.extra["needed"] == [{"sides": 20, "label": "SGC die"},
                                         {"sides": 20, "label": "INT die"}]
    with pytest.raises(InvalidRequest, match="too many"):
        resolve("skill", attributes=[12, 12, 12], rating=4, dice=[5, 5, 5, 5])


@pytest.mark.parametrize("eavs, rating", [
    ([12, 13, 14], 6), ([8, 9, 10], 0), ([14, 15, 16], 12), ([1, 1, 1], 3),
    ([20, 22, 19], 2), ([5, 17, 11], 30), ([1, 20, 10], 40),
])
def test_skill_odds_equal_enumeration_of_all_8000_throws(eavs, rating):
    o = odds("skill", attributes=eavs, rating=rating)
    bf = bf_skill(eavs, rating)
    outcomes = {}
    qls = {str(q): Fraction(0) for q in range(1, 7)}
    for (outcome, ql), p in bf.items():
        outcomes[outcome] = outcomes.get(outcome, 0) + p
        if ql:
            qls[str(ql)] += p
    got = exact(o)
    assert got == {label: outcomes.get(label, 0) for label in got}
    assert sum(got.values()) == 1
    # quality_levels: unconditional, criticals included, summing to P(success)
    assert o["quality_levels"] == {k: float(v) for k, v in qls.items()}
    success = sum(v for k, v in got.items() if k.endswith("success"))
    assert sum(qls.values()) == success
    assert o["success_chance"] == float(success)


def test_skill_odds_quality_levels_exact_for_a_bonus():
    values = {"attributes": [12, 13, 14], "rating": 7, "modifier": 1, "attempt": 1}
    o = odds_skill(values)
    bf = bf_skill([13, 14, 15], 7)
    for q in range(1, 7):
        assert o["quality_levels"][str(q)] == sum(p for (_, ql), p in bf.items() if ql == q)


@settings(max_examples=300, deadline=None)
@given(eavs=st.lists(st.integers(1, 22), min_size=3, max_size=3), rating=st.integers(0, 20),
       dice=st.lists(st.integers(1, 20), min_size=3, max_size=3))
def test_skill_resolve_matches_the_readings_for_any_dice(eavs, rating, dice):
    r = resolve("skill", attributes=eavs, rating=rating, dice=dice)
    assert (r["outcome"], r["quality_level"]) == bf_skill_roll(eavs, rating, dice)
