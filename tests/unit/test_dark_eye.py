"""The Dark Eye (system `dark_eye`): every rule sentence and reading of
shared/spec/rules.md, forced dice against rule outcomes, and exact odds
against brute-force enumeration written here, independently of the module."""

import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablecheck import api
from tablecheck.errors import InvalidRequest
from tablecheck.systems import dark_eye


def resolve(check, **params):
    return api.resolve({"system": "dark_eye", "check": check, **params})


def odds(check, **params):
    return api.odds({"system": "dark_eye", "check": check, **params})


def exact(result):
    """The odds' exact outcome Fractions."""
    return {k: Fraction(v) for k, v in result["exact"].items()}


# -- independent brute force -----------------------------------------------------
def bf_ql(left):
    """Quality Levels chart, written out."""
    table = {range(0, 4): 1, range(4, 7): 2, range(7, 10): 3, range(10, 13): 4, range(13, 16): 5}
    for r, ql in table.items():
        if left in r:
            return ql
    return 6


def bf_skill_roll(eavs, rating, faces):
    """(outcome, QL) of one skill check by the readings, for given dice."""
    if any(e < 1 for e in eavs):
        return "failure", 0
    ones = sum(1 for f in faces if f == 1)
    twenties = sum(1 for f in faces if f == 20)
    need = 0
    for f, e in zip(faces, eavs):
        if f > e:
            need += f - e
    if twenties == 3:
        return "spectacular_botch", 0
    if twenties == 2:
        return "botch", 0
    left = rating - need
    if ones == 3:
        return "spectacular_success", bf_ql(left)
    if ones == 2:
        return "critical_success", bf_ql(left) if left >= 0 else 1
    if left >= 0:
        return "success", bf_ql(left)
    return "failure", 0


def bf_skill(eavs, rating):
    """{(outcome, QL): Fraction} over all 8000 throws."""
    out = {}
    if any(e < 1 for e in eavs):
        return {("failure", 0): Fraction(1)}
    for faces in itertools.product(range(1, 21), repeat=3):
        key = bf_skill_roll(eavs, rating, faces)
        out[key] = out.get(key, 0) + 1
    return {k: Fraction(v, 8000) for k, v in out.items()}


_BF_CACHE = {}


def bf_skill_cached(eavs, rating):
    key = (tuple(eavs), rating)
    if key not in _BF_CACHE:
        _BF_CACHE[key] = bf_skill(list(eavs), rating)
    return _BF_CACHE[key]


def bf_kind(outcome):
    if outcome in ("spectacular_success", "critical_success"):
        return "crit"
    if outcome in ("botch", "spectacular_botch"):
        return "botch"
    return outcome  # success / failure


# -- catalog and vocabulary ------------------------------------------------------
def test_catalog_lists_every_dark_eye_check_with_description_and_attribute_abbreviations():
    cat = api.catalog()["systems"]["dark_eye"]
    json.dumps(cat)
    assert cat["attributes"] == ["COU", "SGC", "INT", "CHA", "DEX", "AGI", "CON", "STR"]
    assert cat["attribute_names"]["SGC"] == "Sagacity"
    assert set(cat["checks"]) == {"attribute", "skill", "competitive", "cumulative", "group",
                                  "group_competitive", "cumulative_skills"}
    for check in cat["checks"].values():
        assert check["description"]
        for p in check["params"]:
            assert p["label"] != p["name"] or p["name"] in ("a", "b")
    skill = {p["name"]: p for p in cat["checks"]["skill"]["params"]}
    assert skill["rating"]["min"] == 0 and skill["modifier"]["default"] == 0
    assert skill["attempt"]["default"] == 1
    assert cat["checks"]["skill"]["outcomes"] == [
        "spectacular_success", "critical_success", "success", "failure", "botch",
        "spectacular_botch"]


# -- attribute checks -------------------------------------------------------------
@pytest.mark.parametrize("value, modifier, dice, outcome", [
    pytest.param(12, 0, [12], "success", id="rule: result <= attribute succeeds"),
    pytest.param(12, 0, [13], "failure", id="rule: higher result fails"),
    pytest.param(12, 3, [15], "success", id="rule: Courage +3 raises the value by 3"),
    pytest.param(12, -5, [8], "failure", id="rule: Sagacity -5 lowers the value by 5"),
    pytest.param(12, 0, [1, 12], "critical_success", id="rule: 1 then confirmation passes = critical"),
    pytest.param(12, 0, [1, 13], "success", id="rule: 1 then confirmation fails = ordinary success"),
    pytest.param(12, -4, [1, 9], "success", id="rule: confirmation uses the same modifiers"),
    pytest.param(25, 0, [1, 20], "success", id="reading: confirmation 20 never passes"),
    pytest.param(12, 0, [20, 12], "failure", id="rule: 20 then confirmation passes = just failed"),
    pytest.param(12, 0, [20, 13], "botch", id="rule: 20 then confirmation fails = botch"),
    pytest.param(12, 0, [20, 20], "botch", id="rule: another 20 confirms the botch"),
    pytest.param(20, 0, [20, 19], "failure", id="rule EAV above 19: 20 still fails, no botch"),
    pytest.param(24, 0, [20, 20], "botch", id="rule EAV above 19: botch only on another 20"),
    pytest.param(20, 0, [19], "success", id="rule EAV above 19: 19 succeeds"),
    pytest.param(1, 0, [1, 1], "critical_success", id="reading: natural 1 succeeds at EAV 1"),
    pytest.param(1, 0, [2], "failure", id="rule: 2 against EAV 1 fails"),
])
def test_attribute_check_forced_dice(value, modifier, dice, outcome):
    r = resolve("attribute", value=value, modifier=modifier, dice=dice)
    assert r["outcome"] == outcome
    assert r["eav"] == value + modifier
    assert r["success"] == (outcome in ("critical_success", "success"))
    assert (r["confirmation"] is not None) == (len(dice) == 2)
    if len(dice) == 2:
        assert r["rolls"][1]["confirmation"] is True
        assert r["rolls"][1]["label"] == "confirmation"
    assert r["rolls"][0]["eav"] == value + modifier
    assert r["summary"] and r["steps"]


@pytest.mark.parametrize("value, modifier", [(0, 0), (5, -5), (3, -10)])
def test_attribute_eav_below_1_fails_automatically_without_dice(value, modifier):
    # rule "Attribute Values Below 1": you cannot attempt the check
    r = resolve("attribute", value=value, modifier=modifier, dice=[])
    assert r["outcome"] == "failure" and r["rolls"] == []
    with pytest.raises(InvalidRequest, match="too many"):
        resolve("attribute", value=value, modifier=modifier, dice=[1])
    o = odds("attribute", value=value, modifier=modifier)
    assert exact(o)["failure"] == 1


def test_attribute_check_is_also_attack_parry_dodge_ranged():
    # rule "Attack and Defense": checks against AT/PA/Dodge/RC roll like attribute checks
    r = resolve("attribute", value=14, name="AT", dice=[1, 3])
    assert r["outcome"] == "critical_success"
    assert r["rolls"][0]["label"] == "AT die"
    names = {c["value"] for p in api.catalog()["systems"]["dark_eye"]["checks"]["attribute"]["params"]
             if p["name"] == "name" for c in p["choices"]}
    assert {"AT", "PA", "DO", "RC", "COU", "STR"} <= names


def test_attribute_entered_dice_ask_for_the_confirmation_roll():
    with pytest.raises(InvalidRequest) as err:
        resolve("attribute", value=12, dice=[20])
    assert err.value.field == "dice"
    assert err.value.extra["needed"] == [{"sides": 20, "label": "confirmation"}]
    with pytest.raises(InvalidRequest) as err:
        resolve("attribute", value=12, name="COU", dice=[])
    assert err.value.extra["needed"] == [{"sides": 20, "label": "COU die"}]
    with pytest.raises(InvalidRequest, match="too many"):
        resolve("attribute", value=12, dice=[5, 5])


def bf_attribute(eav):
    out = {"critical_success": 0, "success": 0, "failure": 0, "botch": 0}
    if eav < 1:
        out["failure"] = Fraction(1)
        return out
    for a, b in itertools.product(range(1, 21), repeat=2):
        # each first face is weighted 20 times; b only matters after a 1 or 20
        if a == 1:
            key = "critical_success" if (b <= eav and b != 20) else "success"
        elif a == 20:
            key = "failure" if (b <= eav and b != 20) else "botch"
        else:
            key = "success" if a <= eav else "failure"
        out[key] += Fraction(1, 400)
    return out


@pytest.mark.parametrize("eav", list(range(-2, 26)))
def test_attribute_odds_equal_enumeration_of_all_400_die_pairs(eav):
    o = odds("attribute", value=max(eav, 0), modifier=eav - max(eav, 0))
    assert exact(o) == bf_attribute(eav)
    assert sum(exact(o).values()) == 1


# -- skill checks ----------------------------------------------------------------
@pytest.mark.parametrize("left, ql", [
    (0, 1), (3, 1), (4, 2), (6, 2), (7, 3), (9, 3), (10, 4), (12, 4), (13, 5), (15, 5),
    (16, 6), (20, 6), (30, 6),
], ids=lambda v: f"QL chart SP left {v}" if isinstance(v, int) else str(v))
def test_quality_level_chart_at_every_boundary(left, ql):
    # SP left = rating when every die passes untouched
    r = resolve("skill", attributes=[12, 12, 12], rating=left, dice=[5, 5, 5])
    assert r["outcome"] == "success"
    assert r["points_left"] == left and r["quality_level"] == ql
    # and with SP spent: two SP on the first die
    r = resolve("skill", attributes=[12, 12, 12], rating=left + 2, dice=[14, 5, 5])
    assert r["points_left"] == left and r["quality_level"] == ql
    assert dark_eye.quality_level(left) == bf_ql(left)


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
    o = dark_eye.odds_skill(values)
    bf = bf_skill([13, 14, 15], 7)
    for q in range(1, 7):
        assert o["quality_levels"][str(q)] == sum(p for (_, ql), p in bf.items() if ql == q)


@settings(max_examples=300, deadline=None)
@given(eavs=st.lists(st.integers(1, 22), min_size=3, max_size=3), rating=st.integers(0, 20),
       dice=st.lists(st.integers(1, 20), min_size=3, max_size=3))
def test_skill_resolve_matches_the_readings_for_any_dice(eavs, rating, dice):
    r = resolve("skill", attributes=eavs, rating=rating, dice=dice)
    assert (r["outcome"], r["quality_level"]) == bf_skill_roll(eavs, rating, dice)


# -- competitive checks -----------------------------------------------------------
SUCC4 = ({"attributes": [12, 12, 12], "rating": 12}, [5, 5, 5])   # success QL 4
SUCC2 = ({"attributes": [12, 12, 12], "rating": 6}, [5, 5, 5])    # success QL 2
CRIT1 = ({"attributes": [12, 12, 12], "rating": 0}, [1, 1, 15])   # critical QL 1
FAIL = ({"attributes": [12, 12, 12], "rating": 0}, [20, 5, 5])    # failure
BOTCH = ({"attributes": [12, 12, 12], "rating": 20}, [20, 20, 5])  # botch


@pytest.mark.parametrize("a, b, passive, outcome, ql", [
    pytest.param(CRIT1, SUCC4, None, "a_wins", 1, id="rule critical wins regardless of the other side"),
    pytest.param(SUCC4, CRIT1, "a", "b_wins", 1, id="rule critical beats even the passive side"),
    pytest.param(CRIT1, BOTCH, None, "a_wins", 1, id="reading critical beats a botch"),
    pytest.param(CRIT1, CRIT1, "b", "unresolved", 0, id="rule both critical: unresolved"),
    pytest.param(BOTCH, FAIL, "b", "b_wins", 1, id="rule botch is an automatic failure for the botching side"),
    pytest.param(BOTCH, FAIL, "a", "a_wins", 1, id="reading botch against failure is both failing: the passive side wins QL 1"),
    pytest.param(FAIL, BOTCH, None, "unresolved", 0, id="reading botch against failure without a passive side: unresolved"),
    pytest.param(SUCC2, BOTCH, None, "a_wins", 2, id="reading other side wins with its QL against a botch"),
    pytest.param(BOTCH, BOTCH, "a", "unresolved", 0, id="rule both botch: unresolved"),
    pytest.param(SUCC4, SUCC2, None, "a_wins", 2, id="rule higher QL wins, final QL is the difference"),
    pytest.param(SUCC2, SUCC4, "a", "b_wins", 2, id="rule higher QL wins over the passive side"),
    pytest.param(SUCC2, SUCC2, "b", "b_wins", 1, id="rule tie goes to the passive side"),
    pytest.param(SUCC2, SUCC2, None, "unresolved", 0, id="rule tie without passive side: unresolved"),
    pytest.param(FAIL, SUCC2, "a", "b_wins", 2, id="reading only one succeeds: it wins with its QL"),
    pytest.param(FAIL, FAIL, "a", "a_wins", 1, id="rule both fail: passive side wins barely with QL 1"),
    pytest.param(FAIL, FAIL, None, "unresolved", 0, id="reading both fail, no passive side: unresolved"),
])
def test_competitive_check_forced_dice(a, b, passive, outcome, ql):
    r = resolve("competitive", a=a[0], b=b[0], passive=passive, dice=a[1] + b[1])
    assert (r["outcome"], r["quality_level"]) == (outcome, ql)
    assert r["rolls"][0]["label"].startswith("A: ") and r["rolls"][3]["label"].startswith("B: ")
    assert r["a"]["dice"] == a[1] and r["b"]["dice"] == b[1]
    assert r["summary"].startswith(r["steps"][-1])


@pytest.mark.parametrize("a, b, passive, decision", [
    pytest.param(BOTCH, FAIL, "a",
                 "A botched, which counts as a failure; both sides failed, so the passive side A "
                 "still wins, barely (QL 1).",
                 id="reading botch = automatic failure; rule both fail: the botching passive side wins QL 1"),
    pytest.param(FAIL, BOTCH, "a",
                 "B botched, which counts as a failure; both sides failed, so the passive side A "
                 "still wins, barely (QL 1).",
                 id="rule both fail: passive side wins barely, the other side botched"),
    pytest.param(FAIL, BOTCH, None,
                 "Unresolved: B botched, which counts as a failure; both sides failed and there is "
                 "no passive side.",
                 id="reading both fail without a passive side: unresolved, botch named"),
    pytest.param(SUCC4, SUCC4, None, "Unresolved: both have QL 4 and there is no passive side.",
                 id="rule tie without passive side: unresolved, said once"),
])
def test_competitive_decision_is_said_plainly_in_steps_and_summary(a, b, passive, decision):
    r = resolve("competitive", a=a[0], b=b[0], passive=passive, dice=a[1] + b[1])
    assert r["steps"][-1] == decision
    assert r["summary"].startswith(decision)
    assert r["summary"].lower().count("unresolved") <= 1


def test_competitive_modifiers_differ_per_side_and_entered_dice_are_counted():
    r = resolve("competitive", a={"attributes": [12, 12, 12], "rating": 0, "modifier": -2},
                b={"attributes": [12, 12, 12], "rating": 0, "modifier": 2},
                dice=[12, 12, 12, 14, 14, 14])
    assert r["a"]["outcome"] == "failure" and r["b"]["outcome"] == "success"
    assert r["outcome"] == "b_wins"
    with pytest.raises(InvalidRequest) as err:
        resolve("competitive", a=SUCC2[0], b=SUCC2[0], dice=[5, 5, 5, 5])
    assert err.value.extra["needed"] == [{"sides": 20, "label": "B: attribute 2 die"},
                                         {"sides": 20, "label": "B: attribute 3 die"}]
    with pytest.raises(InvalidRequest, match="too many"):
        resolve("competitive", a=SUCC2[0], b=SUCC2[0], dice=[5] * 7)


def bf_contest(ka, qa, kb, qb, passive):
    """The competitive readings, written independently: (outcome, QL)."""
    if ka == "crit" and kb == "crit":
        return "unresolved", 0
    good = ("crit", "success")
    va, vb = (qa if ka in good else 0), (qb if kb in good else 0)
    if ka == "crit":
        return "a_wins", max(1, va - vb)
    if kb == "crit":
        return "b_wins", max(1, vb - va)
    if ka == "botch" and kb == "botch":
        return "unresolved", 0
    # a botch is an automatic failure (reading): it counts as failing below
    if va > vb:
        return "a_wins", va - vb
    if vb > va:
        return "b_wins", vb - va
    if passive is None:
        return "unresolved", 0
    return passive + "_wins", 1


def bf_competitive(dist_a, dist_b, passive, with_ql=False):
    outcomes = {"a_wins": 0, "b_wins": 0, "unresolved": 0}
    qls = {"a_wins": {}, "b_wins": {}}
    for (ka, qa), pa in dist_a.items():
        for (kb, qb), pb in dist_b.items():
            outcome, ql = bf_contest(ka, qa, kb, qb, passive)
            outcomes[outcome] += pa * pb
            if outcome != "unresolved":
                qls[outcome][str(ql)] = qls[outcome].get(str(ql), 0) + pa * pb
    return (outcomes, qls) if with_ql else outcomes


def bf_side(attrs, rating, modifier=0):
    out = {}
    for (outcome, ql), p in bf_skill_cached([a + modifier for a in attrs], rating).items():
        key = (bf_kind(outcome), ql)
        out[key] = out.get(key, 0) + p
    return out


@pytest.mark.parametrize("a, b, passive", [
    (([12, 13, 14], 3, 0), ([11, 12, 13], 2, 0), None),
    (([12, 13, 14], 3, 0), ([11, 12, 13], 2, 0), "b"),
    (([10, 10, 10], 0, 0), ([10, 10, 10], 0, 0), "a"),
    (([14, 14, 16], 7, -2), ([12, 13, 11], 5, 1), None),
    (([1, 12, 12], 2, -1), ([8, 9, 10], 1, 0), "a"),
])
def test_competitive_odds_equal_enumeration_over_all_pairs(a, b, passive):
    params = {"a": {"attributes": a[0], "rating": a[1], "modifier": a[2]},
              "b": {"attributes": b[0], "rating": b[1], "modifier": b[2]}, "passive": passive}
    o = odds("competitive", **params)
    got = exact(o)
    want, qls = bf_competitive(bf_side(*a), bf_side(*b), passive, with_ql=True)
    assert got == want and sum(got.values()) == 1
    # final QL of each winner, unconditional
    assert o["quality_levels"] == {w: {q: float(p) for q, p in d.items()} for w, d in qls.items()}


# -- cumulative checks -----------------------------------------------------------
def cum(dice, **params):
    base = {"attributes": [12, 12, 12], "rating": 12, "max_checks": 5}
    base.update(params)
    return resolve("cumulative", dice=dice, **base)


def test_cumulative_success_at_10_ql_stops_rolling():
    r = cum([5, 5, 5] * 3)  # QL 4 each: 4, 8, 12
    assert r["outcome"] == "success" and r["total_quality"] == 12
    assert [c["total"] for c in r["checks"]] == [4, 8, 12]
    assert [c["number"] for c in r["checks"]] == [1, 2, 3]
    with pytest.raises(InvalidRequest, match="too many"):
        cum([5, 5, 5] * 4)


def test_cumulative_target_is_configurable():
    r = cum([5, 5, 5] * 2, target=8)
    assert r["outcome"] == "success" and r["total_quality"] == 8


def test_cumulative_partial_success_at_6_when_the_checks_run_out():
    r = cum([5, 5, 5] * 2, rating=9, max_checks=2)  # QL 3 + 3
    assert r["outcome"] == "partial_success" and r["total_quality"] == 6
    r = cum([5, 5, 5] * 2, rating=6, max_checks=2)  # QL 2 + 2
    assert r["outcome"] == "failure" and r["total_quality"] == 4


@pytest.mark.parametrize("check, params", [
    pytest.param("cumulative", {"attributes": [12, 12, 12], "rating": 9, "max_checks": 2,
                                "target": 7, "partial": 7},
                 id="rule cumulative partial must be below target: equal"),
    pytest.param("cumulative", {"attributes": [12, 12, 12], "rating": 9, "max_checks": 2,
                                "target": 4}, id="rule cumulative partial must be below target: "
                                                 "default 6 above target 4"),
    pytest.param("group", {"members": [{"attributes": [12, 12, 12], "rating": 4}],
                           "max_rounds": 2, "target": 5, "partial": 9},
                 id="rule cumulative partial must be below target: group check"),
])
def test_cumulative_partial_not_below_target_is_refused(check, params):
    for call in (resolve, odds):
        with pytest.raises(InvalidRequest) as err:
            call(check, **params)
        assert (err.value.field, err.value.code) == ("partial", "range")
        assert "below" in err.value.message


def test_cumulative_empty_partial_means_no_partial_success():
    r = cum([5, 5, 5] * 2, rating=9, max_checks=2, target=7, partial=None)
    assert r["outcome"] == "failure" and r["total_quality"] == 6
    o = exact(odds("cumulative", attributes=[12, 12, 12], rating=9, max_checks=2, target=4,
                   partial=None))
    with_partial = exact(odds("cumulative", attributes=[12, 12, 12], rating=9, max_checks=2,
                              target=4, partial=1))
    assert o["partial_success"] == 0 and sum(o.values()) == 1
    assert o["failure"] == with_partial["failure"] + with_partial["partial_success"]
    assert o["success"] == with_partial["success"] and o["botch"] == with_partial["botch"]


def test_cumulative_failed_check_gives_minus_1_to_each_later_check_and_uses_a_check():
    r = cum([13, 5, 5, 12, 5, 5, 10, 10, 10], rating=0, max_checks=3)
    assert [c["outcome"] for c in r["checks"]] == ["failure", "failure", "success"]
    assert [c["penalty"] for c in r["checks"]] == [0, 1, 2]
    assert [c["eav"] for c in r["checks"]] == [[12] * 3, [11] * 3, [10] * 3]
    assert r["outcome"] == "failure" and r["total_quality"] == 1
    assert [d["eav"] for d in r["rolls"]][3:6] == [11, 11, 11]


def test_cumulative_critical_doubles_its_ql_and_clears_the_penalties():
    r = cum([13, 5, 5, 1, 1, 20, 12, 12, 12], rating=0, max_checks=3)
    first, crit, last = r["checks"]
    assert first["outcome"] == "failure"
    assert crit["outcome"] == "critical_success" and crit["penalty"] == 1
    assert crit["quality_level"] == 1 and crit["gained"] == 2
    assert last["penalty"] == 0 and last["eav"] == [12, 12, 12] and last["gained"] == 1
    assert r["total_quality"] == 3


def test_cumulative_botch_ends_it_with_all_ql_lost():
    r = cum([5, 5, 5, 20, 20, 5])
    assert r["outcome"] == "botch" and r["total_quality"] == 0 and len(r["checks"]) == 2
    assert r["checks"][0]["total"] == 4 and r["checks"][1]["total"] == 0
    with pytest.raises(InvalidRequest, match="too many"):
        cum([5, 5, 5, 20, 20, 5, 5])


def test_cumulative_ends_when_penalties_drop_an_eav_below_1():
    r = cum([20, 5, 5], attributes=[1, 12, 12], rating=5, max_checks=5)
    assert r["outcome"] == "failure" and len(r["checks"]) == 1
    assert any("no further check can succeed" in s for s in r["steps"])


def test_cumulative_entered_dice_labels_name_the_check():
    with pytest.raises(InvalidRequest) as err:
        cum([5, 5, 5, 5], names=["COU", "DEX", "STR"])
    assert err.value.extra["needed"][:2] == [{"sides": 20, "label": "check 2, DEX die"},
                                             {"sides": 20, "label": "check 2, STR die"}]


def bf_cumulative(base, rating, checks, target, partial, mods=()):
    """Enumerate every sequence of check results (no merging of states);
    check k + 1 adds mods[k] (missing: 0)."""
    out = {"success": Fraction(0), "partial_success": Fraction(0),
           "failure": Fraction(0), "botch": Fraction(0)}
    needed = {str(k): Fraction(0) for k in range(1, checks + 1)}
    short = {}

    def walk(k, total, penalty, p):
        mod = mods[k] if k < len(mods) else 0
        eavs = [e + mod - penalty for e in base]
        if k == checks:
            out["partial_success" if total >= partial else "failure"] += p
            short[str(total)] = short.get(str(total), 0) + p
            return
        for (outcome, ql), q in bf_skill_cached(eavs, rating).items():
            kind = bf_kind(outcome)
            if kind == "botch":
                out["botch"] += p * q
            elif kind == "crit":
                if total + 2 * ql >= target:
                    out["success"] += p * q
                    needed[str(k + 1)] += p * q
                else:
                    walk(k + 1, total + 2 * ql, 0, p * q)
            elif kind == "success":
                if total + ql >= target:
                    out["success"] += p * q
                    needed[str(k + 1)] += p * q
                else:
                    walk(k + 1, total + ql, penalty, p * q)
            else:
                walk(k + 1, total, penalty + 1, p * q)

    walk(0, 0, 0, Fraction(1))
    return out, needed, short


@pytest.mark.parametrize("attrs, rating, modifier, checks, target, partial", [
    ([12, 13, 14], 6, 0, 1, 2, 1),
    ([12, 13, 14], 6, 0, 3, 5, 3),
    ([10, 11, 12], 3, -1, 3, 4, 2),
    ([2, 12, 12], 4, 0, 4, 6, 3),
    ([14, 14, 14], 14, 0, 3, 10, 6),
    ([13, 12, 11], 1, 0, 4, 3, 1),
])
def test_cumulative_odds_equal_enumeration_of_short_sequences(attrs, rating, modifier, checks,
                                                              target, partial):
    o = odds("cumulative", attributes=attrs, rating=rating, modifier=modifier,
             max_checks=checks, target=target, partial=partial)
    want, needed, short = bf_cumulative([a + modifier for a in attrs], rating, checks, target,
                                        partial)
    assert exact(o) == want and sum(want.values()) == 1
    # when success comes (check by check), and the QL held when the checks run out
    assert o["checks_needed"] == {k: float(v) for k, v in needed.items()}
    assert o["quality_if_short"] == {k: float(v) for k, v in sorted(short.items(),
                                                                     key=lambda kv: int(kv[0]))}


def test_cumulative_odds_one_check_is_the_skill_check():
    o = exact(odds("cumulative", attributes=[12, 13, 14], rating=6, max_checks=1,
                   target=1, partial=None))
    s = exact(odds("skill", attributes=[12, 13, 14], rating=6))
    assert o["success"] == sum(v for k, v in s.items() if k.endswith("success"))
    assert o["botch"] == s["botch"] + s["spectacular_botch"]
    assert o["failure"] == s["failure"] and o["partial_success"] == 0


# -- cumulative checks: modifiers that change between checks ----------------------
@pytest.mark.parametrize("attrs, rating, modifier, checks, target, partial, mods", [
    pytest.param([12, 13, 14], 6, 0, 3, 5, 3, [2, -3, 1],
                 id="reading modifiers that change between checks: three checks"),
    pytest.param([10, 11, 12], 3, -1, 4, 4, 2, [0, 4],
                 id="reading modifiers that change between checks: shorter list, rest 0"),
    pytest.param([2, 12, 12], 4, 0, 4, 6, 3, [-2, 0, 3, 3],
                 id="reading modifiers that change between checks: an EAV below 1, then lifted"),
    pytest.param([14, 14, 14], 14, 0, 3, 10, None, [-30, 5, 0],
                 id="reading modifiers that change between checks: no partial success"),
])
def test_cumulative_odds_with_modifiers_equal_enumeration(attrs, rating, modifier, checks, target,
                                                         partial, mods):
    o = odds("cumulative", attributes=attrs, rating=rating, modifier=modifier,
             max_checks=checks, target=target, partial=partial, modifiers=mods)
    want, needed, short = bf_cumulative([a + modifier for a in attrs], rating, checks, target,
                                        partial if partial is not None else 10**6, mods)
    assert exact(o) == want and sum(want.values()) == 1
    assert o["checks_needed"] == {k: float(v) for k, v in needed.items()}
    assert o["quality_if_short"] == {k: float(v) for k, v in sorted(short.items(),
                                                                     key=lambda kv: int(kv[0]))}


def test_cumulative_modifiers_apply_to_their_own_check_on_top_of_the_penalty():
    # check 1: +2 (EAV 14); a failure; check 2: -3 and the penalty -1 (EAV 8); check 3: 0, -2
    r = cum([15, 5, 5, 13, 5, 5, 5, 5, 5], rating=0, max_checks=3, modifiers=[2, -3])
    assert [c["eav"] for c in r["checks"]] == [[14] * 3, [8] * 3, [10] * 3]
    assert [c["check_modifier"] for c in r["checks"]] == [2, -3, 0]
    assert [c["penalty"] for c in r["checks"]] == [0, 1, 2]
    assert "Check 2 (modifier for this check -3, penalty -1): EAVs 12 - 3 - 1 = 8, " \
           "12 - 3 - 1 = 8, 12 - 3 - 1 = 8. SR 0." in r["steps"]
    # without a list the checks carry no modifier of their own
    assert "check_modifier" not in cum([5, 5, 5] * 3)["checks"][0]


def test_cumulative_a_later_bonus_keeps_the_check_going_after_an_eav_below_1():
    # EAV 1: the first failure makes it 0, so check 2 fails without dice; check 3's +2 lifts it
    r = cum([5, 5, 5, 1, 5, 5], attributes=[1, 12, 12], rating=0, max_checks=3,
            modifiers=[0, 0, 2])
    assert [len(c["dice"]) for c in r["checks"]] == [3, 0, 3]
    assert r["checks"][1]["automatic"] and r["checks"][2]["eav"] == [1, 12, 12]
    # without the bonus it stops after check 1 (nothing can change any more)
    r = cum([5, 5, 5], attributes=[1, 12, 12], rating=0, max_checks=3, modifiers=[0, 0, 1])
    assert len(r["checks"]) == 1 and r["rounds"] == 1
    assert any("no later check's modifier lifts it to 1" in s for s in r["steps"])


@pytest.mark.parametrize("check, params, field", [
    pytest.param("cumulative", {"max_checks": 2, "modifiers": [1, 2, 3]}, "modifiers",
                 id="more modifiers than checks"),
    pytest.param("cumulative", {"max_checks": 3, "modifiers": [1, 31]}, "modifiers[1]",
                 id="a modifier above 30"),
    pytest.param("cumulative_skills", {"skills": [{"target": 2}], "max_checks": 2,
                                       "modifiers": [0, 0, 0]}, "modifiers",
                 id="several skills: more modifiers than checks"),
    pytest.param("cumulative_skills", {"skills": [{"target": 2}, {"target": 3}], "order": [1, 3]},
                 "order[1]", id="several skills: order names a skill not listed"),
    pytest.param("cumulative_skills", {"skills": [{"target": 2}], "max_checks": 1,
                                       "order": [1, 1]}, "order",
                 id="several skills: a longer order than checks"),
    pytest.param("cumulative_skills", {"skills": [{"target": 2}, {"target": 3}], "partial": 5},
                 "partial", id="rule cumulative partial must be below target: several skills"),
    pytest.param("cumulative_skills", {"skills": []}, "skills", id="several skills: none"),
    pytest.param("cumulative_skills", {"skills": [{"target": 0}]}, "skills[0].target",
                 id="several skills: target 0"),
    pytest.param("cumulative_skills", {"skills": [{"attempt": 2}]}, "skills[0].attempt",
                 id="several skills: no retries"),
])
def test_cumulative_modifiers_and_several_skills_bad_input_names_the_field(check, params, field):
    base = {"attributes": [12, 12, 12], "rating": 4} if check == "cumulative" else {}
    for call in (resolve, odds):
        with pytest.raises(InvalidRequest) as err:
            call(check, **base, **params)
        assert err.value.field == field and err.value.code == "range"


@pytest.mark.parametrize("params", [
    pytest.param({"skills": [{"target": 50}] * 4, "max_checks": 50}, id="refused before any work"),
    pytest.param({"skills": [{"attributes": [14, 14, 14], "rating": 10, "target": 10}] * 3,
                  "max_checks": 30}, id="refused when the moves pass the budget"),
])
def test_cumulative_skills_too_big_for_exact_odds_still_rolls(params):
    with pytest.raises(InvalidRequest) as err:
        odds("cumulative_skills", **params)
    assert (err.value.field, err.value.code) == ("skills", "odds_too_big")
    assert resolve("cumulative_skills", seed=3, **params)["outcome"] in (
        "success", "partial_success", "failure", "botch")


# -- cumulative check with several skills -------------------------------------------
def skill(target, rating=4, attributes=(12, 12, 12), **more):
    return {"attributes": list(attributes), "rating": rating, "target": target, **more}


def multi(dice, skills, **params):
    return resolve("cumulative_skills", skills=skills, dice=dice, **params)


# rating 4, EAVs 12: 5,5,5 -> QL 2; 12,12,12 -> QL 2; 13,13,12 -> QL 1; 18,18,5 -> failure;
# 1,1,5 -> critical QL 2 (doubled to 4); 20,20,5 -> botch
QL2, QL1, FAIL, CRIT, BOTCH = [5, 5, 5], [13, 13, 12], [18, 18, 5], [1, 1, 5], [20, 20, 5]


def test_cumulative_skills_default_choice_most_ql_missing_first_listed_on_a_tie():
    wood, metal = skill(2, skill="Woodworking"), skill(4, skill="Metalworking")
    # metal misses 4 (check 1); then 2 and 2: wood, listed first (check 2); then metal (check 3)
    r = multi(QL2 * 3, [wood, metal], max_checks=5)
    assert [c["skill"] for c in r["checks"]] == [1, 0, 1]
    assert [c["skill_name"] for c in r["checks"]] == ["Metalworking", "Woodworking", "Metalworking"]
    assert [c["chosen_by"] for c in r["checks"]] == ["default"] * 3
    assert r["outcome"] == "success" and r["total_quality"] == 6 and r["rounds"] == 3
    assert [(s["skill"], s["quality"], s["target"], s["reached"]) for s in r["skills"]] == [
        ("Woodworking", 2, 2, True), ("Metalworking", 4, 4, True)]
    assert r["steps"][0] == "Check 1: Metalworking, the skill with the most QL still missing (4)."
    assert [c["quality"] for c in r["checks"]] == [[0, 2], [2, 2], [2, 4]]


def test_cumulative_skills_order_chooses_and_a_skill_with_its_ql_gives_way():
    wood, metal = skill(2, skill="Woodworking"), skill(4, skill="Metalworking")
    # order: wood, wood, wood, metal; wood has its QL after check 1, so check 2 takes the default
    r = multi(QL2 * 3, [wood, metal], order=[1, 1, 1, 2], max_checks=4)
    assert [c["skill"] for c in r["checks"]] == [0, 1, 1]
    assert [c["chosen_by"] for c in r["checks"]] == ["order", "default", "default"]
    assert ("Check 2: Metalworking, the order names Woodworking, which has its QL; instead the "
            "skill with the most QL still missing (4).") in r["steps"]
    assert r["outcome"] == "success"


def test_cumulative_skills_penalties_are_shared_and_a_critical_clears_them():
    a, b = skill(4), skill(2, attributes=(14, 14, 14))
    # check 1 (skill 1) fails: -1; check 2 (skill 2, by the order) fails: -2; check 3 (skill 1)
    # a critical: QL 2 doubled, penalty cleared; check 4 (skill 2) at its own EAV 14 again
    r = multi(FAIL + FAIL + CRIT + QL2, [a, b], order=[1, 2, 1, 2], max_checks=4)
    assert [c["penalty"] for c in r["checks"]] == [0, 1, 2, 0]
    assert [c["eav"] for c in r["checks"]] == [[12] * 3, [13] * 3, [10] * 3, [14] * 3]
    assert [c["gained"] for c in r["checks"]] == [0, 0, 4, 2]
    assert r["outcome"] == "success" and r["total_quality"] == 6
    assert "Check 3: critical: QL 2 doubled to 4; penalty -2 cleared." in r["steps"]


def test_cumulative_skills_a_botch_ends_it_with_all_ql_lost():
    r = multi(QL2 + BOTCH, [skill(4), skill(4)], max_checks=5)
    assert r["outcome"] == "botch" and r["total_quality"] == 0 and r["rounds"] == 2
    assert [s["quality"] for s in r["skills"]] == [0, 0]
    assert r["checks"][0]["total"] == 2 and r["checks"][1]["total"] == 0
    assert r["summary"] == "Botch on check 2: the cumulative check fails and all QL are lost."
    with pytest.raises(InvalidRequest, match="too many"):
        multi(QL2 + BOTCH + QL2, [skill(4), skill(4)], max_checks=5)


def test_cumulative_skills_modifiers_change_between_checks_on_top_of_each_skills_modifier():
    a, b = skill(2, modifier=1), skill(4, modifier=-1)
    # check 1: skill 2 (4 missing) at 12 - 1 + 3 = 14; check 2: skill 2 again (2 vs 2 missing:
    # skill 1 first listed) ... skill 1 at 12 + 1 - 2 = 11; check 3: skill 2 at 12 - 1 + 0 = 11
    r = multi(QL2 + QL2 + QL2, [a, b], max_checks=3, modifiers=[3, -2])
    assert [c["skill"] for c in r["checks"]] == [1, 0, 1]
    assert [c["eav"] for c in r["checks"]] == [[14] * 3, [11] * 3, [11] * 3]
    assert [c["check_modifier"] for c in r["checks"]] == [3, -2, 0]
    assert r["outcome"] == "success"


def test_cumulative_skills_partial_success_counts_each_skill_up_to_its_target():
    # skill 1 (target 2) gets a critical: 4 QL, of which 2 count; skill 2 gets nothing
    r = multi(CRIT + FAIL, [skill(2), skill(3)], order=[1, 2], max_checks=2, partial=3)
    assert [s["quality"] for s in r["skills"]] == [4, 0]
    assert r["total_quality"] == 2 and r["outcome"] == "failure"
    r = multi(CRIT + QL1, [skill(2), skill(3)], order=[1, 2], max_checks=2, partial=3)
    assert r["total_quality"] == 3 and r["outcome"] == "partial_success"
    assert "QL above a skill's target do not count toward the total." in r["card"]["notes"]
    # no partial success without `partial`
    r = multi(CRIT + QL1, [skill(2), skill(3)], order=[1, 2], max_checks=2)
    assert r["outcome"] == "failure"


def test_cumulative_skills_stop_when_no_skill_can_succeed():
    low = skill(3, rating=0, attributes=(1, 12, 12))
    r = multi(FAIL, [low, low], max_checks=4)
    assert r["rounds"] == 1 and r["outcome"] == "failure"
    assert any("every skill still missing QL has an EAV below 1" in s for s in r["steps"])
    # a second skill that can still roll keeps it going (the order picks it)
    r = multi(FAIL + QL2, [low, skill(3)], order=[1, 2], max_checks=2)
    assert r["rounds"] == 2 and r["checks"][1]["eav"] == [11] * 3


def test_cumulative_skills_entered_dice_labels_name_the_check_and_skill():
    with pytest.raises(InvalidRequest) as err:
        multi([5, 5, 5, 5], [skill(4, skill="Woodworking", names=["DEX", "SGC", "STR"])])
    assert err.value.extra["needed"][:2] == [
        {"sides": 20, "label": "check 2, Woodworking, SGC die"},
        {"sides": 20, "label": "check 2, Woodworking, STR die"}]


@pytest.mark.parametrize("attrs, rating, modifier, checks, target, partial, mods", [
    ([12, 13, 14], 6, 0, 1, 2, 1, None),
    ([12, 13, 14], 6, 0, 3, 5, 3, None),
    ([10, 11, 12], 3, -1, 3, 4, 2, None),
    ([2, 12, 12], 4, 0, 4, 6, 3, None),
    ([14, 14, 14], 14, 0, 3, 10, 6, None),
    ([13, 12, 11], 1, 0, 4, 3, None, None),
    ([12, 12, 12], 7, 0, 10, 10, 6, None),
    ([15, 14, 16], 12, 2, 8, 20, 12, None),
    ([12, 13, 14], 6, 0, 5, 7, 4, [1, -2, 0, 3]),
    ([3, 12, 12], 4, 0, 6, 6, None, [-3, 0, 2, 2, -1, 0]),
], ids=[f"reading cumulative check with several skills: one skill is the cumulative check {i}"
        for i in range(10)])
def test_cumulative_skills_one_skill_equals_the_cumulative_check(attrs, rating, modifier, checks,
                                                                 target, partial, mods):
    single = odds("cumulative", attributes=attrs, rating=rating, modifier=modifier,
                  max_checks=checks, target=target, partial=partial, modifiers=mods)
    several = odds("cumulative_skills", max_checks=checks, partial=partial, modifiers=mods,
                   skills=[skill(target, rating, attrs, modifier=modifier)])
    assert exact(several) == exact(single)
    assert several["checks_needed"] == single["checks_needed"]
    assert several["quality_if_short"] == single["quality_if_short"]
    # and the same dice give the same outcome and QL
    for seed in range(10):
        c = resolve("cumulative", attributes=attrs, rating=rating, modifier=modifier,
                    max_checks=checks, target=target, partial=partial, modifiers=mods, seed=seed)
        faces = [d["value"] for d in c["rolls"]]
        m = resolve("cumulative_skills", max_checks=checks, partial=partial, modifiers=mods,
                    skills=[skill(target, rating, attrs, modifier=modifier)], dice=faces)
        assert (m["outcome"], m["rounds"]) == (c["outcome"], c["rounds"]), seed
        assert m["skills"][0]["quality"] == c["total_quality"]
        assert [e["eav"] for e in m["checks"]] == [e["eav"] for e in c["checks"]]


def bf_cumulative_skills(skills, checks, mods, order, partial):
    """Every sequence of check results, unmerged (skills: [(EAVs with the
    skill's modifier, SR, target)]; order: 1-based skill numbers): the
    readings written out, QL kept uncapped."""
    out = {"success": Fraction(0), "partial_success": Fraction(0),
           "failure": Fraction(0), "botch": Fraction(0)}
    needed = {str(k): Fraction(0) for k in range(1, checks + 1)}
    short = {}
    n = len(skills)

    def pick(k, qls):
        if k < len(order) and qls[order[k] - 1] < skills[order[k] - 1][2]:
            return order[k] - 1
        gaps = [max(0, skills[i][2] - qls[i]) for i in range(n)]
        return gaps.index(max(gaps))  # the first of the largest

    def walk(k, qls, penalty, p):
        if k == checks:
            counted = sum(min(q, t) for q, (_, _, t) in zip(qls, skills))
            good = partial is not None and counted >= partial
            out["partial_success" if good else "failure"] += p
            short[str(counted)] = short.get(str(counted), 0) + p
            return
        i = pick(k, qls)
        base, rating, _ = skills[i]
        mod = mods[k] if k < len(mods) else 0
        for (outcome, ql), q in bf_skill_cached([e + mod - penalty for e in base], rating).items():
            kind = bf_kind(outcome)
            if kind == "botch":
                out["botch"] += p * q
                continue
            gain = {"crit": 2 * ql, "success": ql}.get(kind, 0)
            nxt = list(qls)
            nxt[i] += gain
            pen = 0 if kind == "crit" else penalty + 1 if kind == "failure" else penalty
            if all(x >= t for x, (_, _, t) in zip(nxt, skills)):
                out["success"] += p * q
                needed[str(k + 1)] += p * q
            else:
                walk(k + 1, nxt, pen, p * q)

    walk(0, [0] * n, 0, Fraction(1))
    return out, needed, short


@pytest.mark.parametrize("skills, checks, mods, order, partial", [
    pytest.param([([12, 13, 14], 6, 2), ([11, 12, 12], 3, 3)], 3, [], [], None,
                 id="reading cumulative check with several skills: default choice, two skills"),
    pytest.param([([12, 12, 12], 4, 3), ([13, 14, 12], 7, 2)], 4, [1, -2, 0, 3], [], 2,
                 id="reading modifiers that change between checks: two skills"),
    pytest.param([([12, 13, 14], 6, 2), ([11, 12, 12], 3, 3)], 3, [], [2, 2, 1], 3,
                 id="reading cumulative check with several skills: the order chooses"),
    pytest.param([([10, 11, 12], 2, 1), ([12, 12, 12], 5, 2), ([14, 13, 12], 9, 2)], 3, [0, -1],
                 [3], 3, id="reading cumulative check with several skills: three skills"),
    pytest.param([([2, 10, 10], 4, 2), ([12, 12, 12], 0, 2)], 4, [-2, 0, 3], [1, 1], 1,
                 id="reading cumulative check with several skills: an EAV below 1, lifted"),
    pytest.param([([16, 16, 16], 16, 3), ([15, 15, 15], 14, 3)], 3, [], [], 4,
                 id="reading cumulative check with several skills: criticals overshooting"),
])
def test_cumulative_skills_odds_equal_enumeration_of_every_sequence(skills, checks, mods, order,
                                                                   partial):
    request = {"skills": [skill(t, r, a) for a, r, t in skills], "max_checks": checks,
               "modifiers": mods or None, "order": order or None, "partial": partial}
    o = odds("cumulative_skills", **request)
    want, needed, short = bf_cumulative_skills(skills, checks, mods, order, partial)
    assert exact(o) == want and sum(want.values()) == 1
    assert o["checks_needed"] == {k: float(v) for k, v in needed.items()}
    assert o["quality_if_short"] == {k: float(v) for k, v in sorted(short.items(),
                                                                     key=lambda kv: int(kv[0]))}


_skill_st = st.tuples(st.lists(st.integers(1, 16), min_size=3, max_size=3), st.integers(0, 12),
                      st.integers(1, 5))


def sim_cumulative_skills(skills, checks, mods, order, partial, faces):
    """Replay dice through the readings: (outcome, per-skill QL, dice used)."""
    it = iter(faces)
    used = 0
    qls = [0] * len(skills)
    penalty = 0
    for k in range(checks):
        gaps = [max(0, t - q) for q, (_, _, t) in zip(qls, skills)]
        alive = [i for i, g in enumerate(gaps) if g]
        if not any(min(skills[i][0]) + (mods[j] if j < len(mods) else 0) - penalty - (j - k) >= 1
                   for i in alive for j in range(k, checks)):
            break
        if k < len(order) and gaps[order[k] - 1]:
            i = order[k] - 1
        else:
            i = gaps.index(max(gaps))
        mod = mods[k] if k < len(mods) else 0
        eavs = [e + mod - penalty for e in skills[i][0]]
        if min(eavs) < 1:
            penalty += 1
            continue
        dice = [next(it) for _ in range(3)]
        used += 3
        outcome, ql = bf_skill_roll(eavs, skills[i][1], dice)
        kind = bf_kind(outcome)
        if kind == "botch":
            return "botch", [0] * len(skills), used
        if kind == "crit":
            qls[i] += 2 * ql
            penalty = 0
        elif kind == "success":
            qls[i] += ql
        else:
            penalty += 1
        if all(q >= t for q, (_, _, t) in zip(qls, skills)):
            return "success", qls, used
    counted = sum(min(q, t) for q, (_, _, t) in zip(qls, skills))
    return ("partial_success" if partial is not None and counted >= partial else "failure"), qls, used


@settings(max_examples=120, deadline=None)
@given(skills=st.lists(_skill_st, min_size=1, max_size=3), checks=st.integers(1, 8),
       mods=st.lists(st.integers(-6, 6), max_size=8), order=st.lists(st.integers(1, 3), max_size=8),
       partial=st.one_of(st.none(), st.integers(1, 14)), seed=st.integers(0, 10**6))
def test_cumulative_skills_resolve_follows_the_readings_for_random_dice(skills, checks, mods, order,
                                                                         partial, seed):
    mods, order = mods[:checks], [k for k in order if k <= len(skills)][:checks]
    if partial is not None and partial >= sum(t for _, _, t in skills):
        partial = None
    request = {"skills": [skill(t, r, a) for a, r, t in skills], "max_checks": checks,
               "modifiers": mods, "order": order, "partial": partial}
    r = resolve("cumulative_skills", seed=seed, **request)
    faces = [d["value"] for d in r["rolls"]]
    assert sim_cumulative_skills(skills, checks, mods, order, partial, faces) == (
        r["outcome"], [s["quality"] for s in r["skills"]], len(faces))
    entered = resolve("cumulative_skills", dice=faces, **request)
    assert entered["checks"] == r["checks"]


# -- group checks ------------------------------------------------------------------
def hero(rating, attributes=(12, 12, 12), **more):
    return {"attributes": list(attributes), "rating": rating, **more}


def test_group_reading_each_round_every_hero_rolls_once_target_checked_at_round_end():
    # round 2: hero 1 brings the sum to 4 = target, hero 2 still rolls (and fails)
    r = resolve("group", members=[hero(6), hero(0)], max_rounds=3, target=4, partial=None,
                dice=[5, 5, 5, 13, 5, 5, 5, 5, 5, 12, 12, 12])
    assert r["outcome"] == "success" and r["total_quality"] == 4
    assert [(c["round"], c["member"]) for c in r["checks"]] == [(1, 0), (1, 1), (2, 0), (2, 1)]
    assert [c["total"] for c in r["checks"]] == [2, 2, 4, 4]  # the sum at the end of the round
    assert r["rounds"] == 2
    assert r["summary"] == "Success: 4 QL collected in 2 rounds (4 needed)."
    with pytest.raises(InvalidRequest) as err:  # stopping mid-round would leave these unused
        resolve("group", members=[hero(6), hero(0)], max_rounds=3, target=4, partial=None,
                dice=[5, 5, 5, 13, 5, 5, 5, 5, 5])
    assert len(err.value.extra["needed"]) == 3


def test_group_reading_a_botch_later_in_the_round_beats_reaching_the_target():
    # hero 1 reaches the target, hero 2 botches in the same round: the round is a botch
    r = resolve("group", members=[hero(12, name="Alrik"), hero(20, name="Gerda")], max_rounds=2,
                target=4, partial=3, dice=[5, 5, 5, 20, 20, 5])
    assert r["outcome"] == "botch" and r["total_quality"] == 0
    assert r["summary"] == "Botch in round 1 (Gerda): the group check fails and all QL are lost."
    assert "Round 1, Gerda botches: the group check fails and all QL are lost." in r["steps"]


@pytest.mark.parametrize("order", [
    pytest.param([0, 1], id="reading group: listed order"),
    pytest.param([1, 0], id="reading group: the same dice with the heroes swapped"),
])
def test_group_listing_order_does_not_change_the_outcome(order):
    members = [hero(12, name="Alrik"), hero(20, name="Gerda")]
    dice = {"Alrik": [5, 5, 5], "Gerda": [20, 20, 5]}
    listed = [members[i] for i in order]
    r = resolve("group", members=listed, max_rounds=2, target=4, partial=None,
                dice=[f for m in listed for f in dice[m["name"]]])
    assert (r["outcome"], r["total_quality"]) == ("botch", 0)


def test_group_any_permutation_of_heroes_with_their_dice_gives_the_same_outcome():
    # reading group: every hero rolls once each round, so the order of listing is irrelevant
    members = [hero(4, (11, 12, 13), name="A"), hero(9, (13, 12, 10), name="B"),
               hero(0, (9, 10, 11), name="C")]
    for seed in range(40):
        r = resolve("group", members=members, max_rounds=4, target=9, partial=5, seed=seed)
        per = {(c["round"], c["who"]): c["dice"] for c in r["checks"]}
        for perm in itertools.permutations(range(3)):
            listed = [members[i] for i in perm]
            dice = [f for rnd in range(1, r["rounds"] + 1) for m in listed
                    for f in per[(rnd, m["name"])]]
            p = resolve("group", members=listed, max_rounds=4, target=9, partial=5, dice=dice)
            assert (p["outcome"], p["total_quality"], p["rounds"]) == (
                r["outcome"], r["total_quality"], r["rounds"]), (seed, perm)


def test_group_check_each_member_has_their_own_failure_penalty():
    r = resolve("group", members=[hero(0, name="Alrik"), hero(0, name="Gerda")], max_rounds=2,
                dice=[13, 5, 5, 5, 5, 5, 11, 11, 11, 12, 12, 12])
    a1, g1, a2, g2 = r["checks"]
    assert a1["outcome"] == "failure" and g1["outcome"] == "success"
    assert a2["eav"] == [11] * 3 and a2["penalty"] == 1
    assert g2["eav"] == [12] * 3 and g2["penalty"] == 0
    assert r["outcome"] == "failure" and r["total_quality"] == 3
    assert r["rolls"][6]["label"] == "round 2, Alrik, attribute 1 die"


def test_group_check_any_botch_discards_all_group_ql():
    # round 1: QL 2 + 2; round 2: QL 2, then hero 2 botches: all 4 (and the 2) are lost
    r = resolve("group", members=[hero(6), hero(6, name="Gerda")], max_rounds=3,
                dice=[5, 5, 5, 5, 5, 5, 5, 5, 5, 20, 5, 20])
    assert r["outcome"] == "botch" and r["total_quality"] == 0
    assert [c["total"] for c in r["checks"]] == [4, 4, 0, 0]
    assert r["summary"] == "Botch in round 2 (Gerda): the group check fails and all QL are lost."
    assert "Round 2, Gerda botches: the group check fails and all 4 QL collected are lost." in r["steps"]


def test_group_check_critical_doubles_that_members_ql():
    r = resolve("group", members=[hero(0), hero(0)], max_rounds=1, target=10, partial=2,
                dice=[1, 1, 5, 5, 5, 5])
    assert [c["gained"] for c in r["checks"]] == [2, 1]
    assert r["outcome"] == "partial_success"


def test_group_where_every_hero_has_an_eav_below_1_fails_without_dice():
    # rule "If any linked attribute drops below 1 ... the skill check fails automatically"
    members = [hero(5, (0, 12, 12)), hero(5, (12, 3, 12), modifier=-3)]
    r = resolve("group", members=members, max_rounds=3, dice=[])
    assert r["outcome"] == "failure" and r["checks"] == [] and r["rolls"] == []
    assert exact(odds("group", members=members, max_rounds=3))["failure"] == 1


def test_group_hero_below_1_fails_each_round_while_the_others_roll():
    members = [hero(5, (0, 12, 12)), hero(12)]
    r = resolve("group", members=members, max_rounds=2, dice=[5, 5, 5, 5, 5, 5])
    assert [(c["member"], c["outcome"], c.get("automatic", False)) for c in r["checks"]] == [
        (0, "failure", True), (1, "success", False), (0, "failure", True), (1, "success", False)]
    assert r["total_quality"] == 8 and r["outcome"] == "partial_success"


def bf_group(members, rounds, target, partial):
    """Enumerate every sequence of whole rounds: in each round every hero's
    result (product of their own check distributions, each with their own
    penalty); a botch anywhere in the round ends it as a botch, otherwise the
    round's QL are added and the target is checked after the round."""
    out = {"success": Fraction(0), "partial_success": Fraction(0),
           "failure": Fraction(0), "botch": Fraction(0)}
    needed = {str(r + 1): Fraction(0) for r in range(rounds)}
    short = {}

    def walk(rnd, total, penalties, p):
        if rnd == rounds:
            out["partial_success" if total >= partial else "failure"] += p
            short[str(total)] = short.get(str(total), 0) + p
            return
        per_hero = []
        for (base, rating), pen in zip(members, penalties):
            per_hero.append(list(bf_skill_cached([e - pen for e in base], rating).items()))
        for combo in itertools.product(*per_hero):
            q = Fraction(1)
            for _, w in combo:
                q *= w
            kinds = [bf_kind(outcome) for (outcome, _), _ in combo]
            if "botch" in kinds:
                out["botch"] += p * q
                continue
            gain = 0
            pen = list(penalties)
            for i, ((outcome, ql), _) in enumerate(combo):
                if kinds[i] == "crit":
                    gain += 2 * ql
                    pen[i] = 0
                elif kinds[i] == "success":
                    gain += ql
                else:
                    pen[i] += 1
            if total + gain >= target:
                out["success"] += p * q
                needed[str(rnd + 1)] += p * q
            else:
                walk(rnd + 1, total + gain, pen, p * q)

    walk(0, 0, [0] * len(members), Fraction(1))
    return out, needed, short


@pytest.mark.parametrize("members, rounds, target, partial", [
    ([([12, 13, 14], 3), ([11, 12, 10], 2)], 2, 4, 2),
    ([([12, 13, 14], 6), ([9, 10, 10], 0)], 2, 5, 3),
    ([([2, 12, 12], 2), ([13, 13, 13], 1), ([10, 10, 10], 0)], 1, 3, 2),
    ([([2, 12, 12], 2), ([13, 13, 13], 1), ([10, 10, 10], 0)], 2, 4, 2),
    ([([12, 12, 12], 1)], 3, 3, 2),
    ([([1, 12, 12], 4), ([11, 11, 11], 0)], 3, 3, 1),
])
def test_group_odds_equal_enumeration_of_whole_rounds(members, rounds, target, partial):
    # reading group: each round every hero rolls once; botch / target decided per round
    o = odds("group", members=[hero(r, a) for a, r in members], max_rounds=rounds,
             target=target, partial=partial)
    want, needed, short = bf_group(members, rounds, target, partial)
    assert exact(o) == want and sum(want.values()) == 1
    assert o["rounds_needed"] == {k: float(v) for k, v in needed.items()}
    assert o["quality_if_short"] == {k: float(v) for k, v in sorted(short.items(),
                                                                     key=lambda kv: int(kv[0]))}


def test_group_of_one_equals_the_cumulative_check():
    g = exact(odds("group", members=[hero(5, (11, 12, 13))], max_rounds=6))
    c = exact(odds("cumulative", attributes=[11, 12, 13], rating=5, max_checks=6))
    assert g == c


@pytest.mark.parametrize("a, b, passive, dice, outcome, ql", [
    pytest.param([hero(3), hero(6)], [hero(6)], None, [5] * 9, "a_wins", 1,
                 id="reading group competitive: summed QL 3 against 2"),
    pytest.param([hero(3), hero(20)], [hero(0)], "b", [1, 1, 5, 20, 20, 5, 20, 5, 5], "b_wins", 1,
                 id="rule group: any botch discards the group's QL (a critical too)"),
    pytest.param([hero(0)], [hero(0), hero(12)], "a", [5, 5, 5, 1, 1, 5, 5, 5, 5], "b_wins", 4,
                 id="reading group competitive check: a member's critical wins, final QL from "
                    "the summed QL"),
    pytest.param([hero(0)], [hero(6), hero(6)], None, [1, 1, 5, 5, 5, 5, 5, 5, 5], "a_wins", 1,
                 id="reading group competitive check: one hero's critical beats a higher summed QL"),
    pytest.param([hero(6), hero(6)], [hero(0)], "b", [5, 5, 5, 5, 5, 5, 1, 1, 20], "b_wins", 1,
                 id="reading group competitive check: a critical wins automatically, QL 1 at least"),
    pytest.param([hero(6), hero(0)], [hero(0), hero(6)], "a", [5, 5, 5, 1, 1, 20, 13, 5, 5,
                                                              1, 1, 1], "unresolved", 0,
                 id="reading group competitive check: both sides critical: unresolved"),
    pytest.param([hero(6), hero(0)], [hero(9), hero(9)], "b", [1, 1, 5, 5, 5, 5, 20, 20, 5,
                                                              5, 5, 5], "a_wins", 3,
                 id="reading group competitive check: a critical against a side with a botch"),
    pytest.param([hero(6), hero(6)], [hero(3)], None, [1, 1, 5, 20, 20, 20, 5, 5, 5], "b_wins", 1,
                 id="reading group competitive check: a botch undoes the same side's critical"),
    pytest.param([hero(20)], [hero(0)], None, [1, 1, 20, 5, 5, 5], "a_wins", 3,
                 id="reading group competitive check: one hero a side as competitive (1,1,20 vs 5,5,5)"),
    pytest.param([hero(0), hero(0)], [hero(20)], "a", [20, 5, 5, 20, 5, 5, 20, 20, 5], "a_wins", 1,
                 id="rule group botch is an automatic failure: both sides fail, passive A wins QL 1"),
    pytest.param([hero(0), hero(0)], [hero(0)], None, [20, 5, 5, 20, 5, 5, 20, 5, 5], "unresolved", 0,
                 id="rule group competitive both sides fail without a passive side: unresolved"),
    pytest.param([hero(0)], [hero(0)], "b", [5, 5, 5, 5, 5, 5], "b_wins", 1,
                 id="rule group competitive tie goes to the passive side"),
    pytest.param([hero(0)], [hero(0)], None, [5, 5, 5, 5, 5, 5], "unresolved", 0,
                 id="rule group competitive tie without passive side: unresolved"),
    pytest.param([hero(9), hero(0)], [hero(0), hero(9)], "a", [20, 20, 1, 5, 5, 5, 5, 5, 5,
                                                              20, 20, 20], "unresolved", 0,
                 id="rule group competitive: both groups botch: unresolved"),
])
def test_group_competitive_forced_dice(a, b, passive, dice, outcome, ql):
    r = resolve("group_competitive", a=a, b=b, passive=passive, dice=dice)
    assert (r["outcome"], r["quality_level"]) == (outcome, ql)
    assert len(r["a"]) == len(a) and len(r["b"]) == len(b)
    # the same decision by the independent readings
    sides = []
    for members, results in ((a, r["a"]), (b, r["b"])):
        kinds = [bf_kind(x["outcome"]) for x in results]
        sides.append(bf_group_side_of(kinds, [x["quality_level"] for x in results]))
    assert bf_contest(*sides[0], *sides[1], passive) == (outcome, ql)


def test_group_competitive_botch_names_the_hero_and_discards_the_side():
    r = resolve("group_competitive", a=[hero(6, name="Alrik"), hero(20, name="Gerda")],
                b=[hero(0)], passive="b", dice=[5, 5, 5, 20, 20, 5, 20, 5, 5])
    assert r["side_quality"]["a"] == 0
    assert "Side A: Gerda botches: the side's QL is discarded (a botch)." in r["steps"]
    assert r["outcome"] == "b_wins" and r["quality_level"] == 1
    assert r["steps"][-1] == ("A botched, which counts as a failure; both sides failed, so the "
                              "passive side B still wins, barely (QL 1).")


def bf_group_side_of(kinds, qls):
    """A group as one contestant (reading "Group competitive check"): any
    botch -> botch (QL discarded); else any critical -> 'crit' with the
    summed QL (it wins automatically in bf_contest); else summed QL > 0 ->
    success with it; else failure."""
    if "botch" in kinds:
        return "botch", 0
    total = sum(qls)
    if "crit" in kinds:
        return "crit", total
    return ("success", total) if total > 0 else ("failure", 0)


def bf_group_side(members):
    """{(kind, QL sum): p} of one group by enumerating members' outcomes."""
    dists = [bf_side(list(attrs), rating) for attrs, rating in members]
    out = {}
    for combo in itertools.product(*[list(d.items()) for d in dists]):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        key = bf_group_side_of([k for (k, _), _ in combo], [ql for (_, ql), _ in combo])
        out[key] = out.get(key, 0) + p
    return out


@pytest.mark.parametrize("a, b, passive", [
    ([([12, 13, 14], 3), ([11, 12, 10], 2)], [([12, 12, 12], 4)], None),
    ([([10, 10, 10], 0)], [([12, 11, 10], 1), ([9, 9, 9], 6)], "b"),
    ([([8, 8, 8], 0), ([9, 9, 9], 0)], [([14, 14, 14], 2)], "a"),
], ids=["reading group competitive: summed QL, no passive side",
        "reading group competitive: summed QL, passive side B",
        "reading group competitive: weak pair vs one hero, passive side A"])
def test_group_competitive_odds_equal_enumeration(a, b, passive):
    o = odds("group_competitive", a=[hero(r, x) for x, r in a], b=[hero(r, x) for x, r in b],
             passive=passive)
    want = bf_competitive(bf_group_side(a), bf_group_side(b), passive)
    assert exact(o) == want


# one hero a side: (attributes, rating, modifier) of A and of B, and the passive side
ONE_A_SIDE = [
    (([12, 12, 12], 4, 0), ([12, 12, 12], 4, 0), None),
    (([12, 13, 14], 7, 0), ([11, 12, 13], 2, 0), "b"),
    (([10, 10, 10], 0, 0), ([10, 10, 10], 0, 0), "a"),
    (([14, 14, 16], 7, -2), ([12, 13, 11], 5, 1), None),
    (([1, 12, 12], 2, -1), ([8, 9, 10], 1, 0), "a"),
    (([16, 15, 17], 18, 3), ([9, 8, 10], 0, -2), "b"),
    (([20, 20, 20], 40, 5), ([20, 20, 20], 40, 5), None),
    (([6, 7, 5], 3, 0), ([15, 14, 13], 12, 0), "a"),
    (([13, 12, 14], 10, -5), ([11, 11, 11], 6, 2), "b"),
    (([3, 3, 3], 1, 0), ([2, 2, 2], 0, 0), None),
    (([12, 12, 12], 4, -12), ([12, 12, 12], 4, 0), "b"),
    (([12, 12, 12], 4, -12), ([11, 11, 11], 4, -11), None),
]


def _one(attrs, rating, modifier):
    return {"attributes": attrs, "rating": rating, "modifier": modifier}


@pytest.mark.parametrize("a, b, passive", ONE_A_SIDE,
                         ids=[f"reading group competitive check: one a side equals competitive {i}"
                              for i in range(len(ONE_A_SIDE))])
def test_group_competitive_one_hero_a_side_equals_the_competitive_check(a, b, passive):
    group = odds("group_competitive", a=[_one(*a)], b=[_one(*b)], passive=passive)
    single = odds("competitive", a=_one(*a), b=_one(*b), passive=passive)
    assert exact(group) == exact(single) and sum(exact(group).values()) == 1
    assert group["quality_levels"] == single["quality_levels"]
    # and the same dice give the same outcome and final QL (forced dice from seeds)
    for seed in range(40):
        c = resolve("competitive", a=_one(*a), b=_one(*b), passive=passive, seed=seed)
        faces = [d["value"] for d in c["rolls"]]
        g = resolve("group_competitive", a=[_one(*a)], b=[_one(*b)], passive=passive, dice=faces)
        assert (g["outcome"], g["quality_level"], g["winner"]) == (
            c["outcome"], c["quality_level"], c["winner"]), seed


def test_group_competitive_issue_example_a_critical_one_a_side():
    # the issue's example: dice 1,1,20 against 5,5,5, one hero a side
    a, b = _one([12, 12, 12], 4, 0), _one([12, 12, 12], 4, 0)
    c = resolve("competitive", a=a, b=b, dice=[1, 1, 20, 5, 5, 5])
    g = resolve("group_competitive", a=[a], b=[b], dice=[1, 1, 20, 5, 5, 5])
    assert (g["outcome"], g["quality_level"]) == (c["outcome"], c["quality_level"]) == ("a_wins", 1)
    assert g["steps"][-1] == "A wins with final QL 1: A's critical success wins automatically."
    assert exact(odds("group_competitive", a=[a], b=[b])) == exact(odds("competitive", a=a, b=b))


def test_group_competitive_exact_odds_of_a_critical_member_by_hand():
    # A: hero 1 always succeeds with QL 6 (EAVs 20+ and SR 40: only 20s hurt), hero 2 the same;
    # B: one hero. P(A wins) = P(A has no botch and (a critical, or B has neither critical
    # nor QL above A's 12)), written out from the readings on the two distributions
    a = [_one([20, 20, 20], 40, 10), _one([20, 20, 20], 40, 10)]
    b = [_one([12, 12, 12], 4, 0)]
    sa = bf_side([30, 30, 30], 40)
    sb = bf_side([12, 12, 12], 4)
    pair = {}
    for (k1, q1), p1 in sa.items():
        for (k2, q2), p2 in sa.items():
            key = bf_group_side_of([k1, k2], [q1, q2])
            pair[key] = pair.get(key, 0) + p1 * p2
    assert ("crit", 12) in pair and ("botch", 0) in pair
    assert exact(odds("group_competitive", a=a, b=b, passive="b")) == bf_competitive(pair, sb, "b")


def sim_cumulative(members, rounds, target, partial, faces):
    """Replay dice through the cumulative/group readings, whole rounds at a
    time; (outcome, total, dice used)."""
    it = iter(faces)
    used = 0
    penalties = [0] * len(members)
    total = 0
    for _ in range(rounds):
        if all(min(base) - pen < 1 for (base, _), pen in zip(members, penalties)):
            break  # nothing can change any more: no dice
        botched = False
        gain = 0
        for i, (base, rating) in enumerate(members):
            eavs = [e - penalties[i] for e in base]
            if min(eavs) < 1:  # automatic failure, no dice
                penalties[i] += 1
                continue
            dice = [next(it) for _ in range(3)]
            used += 3
            outcome, ql = bf_skill_roll(eavs, rating, dice)
            kind = bf_kind(outcome)
            if kind == "botch":
                botched = True
            elif kind == "crit":
                gain += 2 * ql
                penalties[i] = 0
            elif kind == "success":
                gain += ql
            else:
                penalties[i] += 1
        if botched:
            return "botch", 0, used
        total += gain
        if total >= target:
            return "success", total, used
    return ("partial_success" if partial is not None and total >= partial else "failure"), total, used


_hero_st = st.tuples(st.lists(st.integers(1, 16), min_size=3, max_size=3), st.integers(0, 12))


@settings(max_examples=150, deadline=None)
@given(members=st.lists(_hero_st, min_size=1, max_size=3), rounds=st.integers(1, 6),
       target=st.integers(1, 14), partial=st.integers(1, 14), seed=st.integers(0, 10**6))
def test_group_and_cumulative_resolve_follow_the_readings_for_random_dice(members, rounds, target,
                                                                           partial, seed):
    partial = partial if partial < target else None  # rule: partial must be below the target
    r = resolve("group", members=[hero(rt, a) for a, rt in members], max_rounds=rounds,
                target=target, partial=partial, seed=seed)
    faces = [d["value"] for d in r["rolls"]]
    assert sim_cumulative(members, rounds, target, partial, faces) == (
        r["outcome"], r["total_quality"], len(faces))
    # the same dice entered by hand give the same result
    entered = resolve("group", members=[hero(rt, a) for a, rt in members], max_rounds=rounds,
                      target=target, partial=partial, dice=faces)
    assert entered["outcome"] == r["outcome"] and entered["checks"] == r["checks"]
    if len(members) == 1:
        (attrs, rating), = members
        c = resolve("cumulative", attributes=attrs, rating=rating, max_checks=rounds,
                    target=target, partial=partial, dice=faces)
        assert (c["outcome"], c["total_quality"]) == (r["outcome"], r["total_quality"])


# -- entered dice for the bigger checks ----------------------------------------
def test_group_entered_dice_too_few_and_too_many():
    with pytest.raises(InvalidRequest) as err:
        resolve("group", members=[hero(6, name="Alrik"), hero(6)], max_rounds=1, dice=[5, 5, 5])
    assert err.value.field == "dice"
    assert [n["label"] for n in err.value.extra["needed"]] == [
        "round 1, hero 2, attribute 1 die", "round 1, hero 2, attribute 2 die",
        "round 1, hero 2, attribute 3 die"]
    with pytest.raises(InvalidRequest, match="too many"):
        resolve("group", members=[hero(6), hero(6)], max_rounds=1, dice=[5] * 7)
    with pytest.raises(InvalidRequest) as err:
        resolve("group_competitive", a=[hero(6)], b=[hero(6)], dice=[5] * 5)
    assert len(err.value.extra["needed"]) == 1
    with pytest.raises(InvalidRequest, match="too many"):
        resolve("group_competitive", a=[hero(6)], b=[hero(6)], dice=[5] * 7)


def test_seeded_checks_repeat_and_odds_sum_to_one_for_every_check():
    requests = [
        ("attribute", {"value": 13, "modifier": -2}),
        ("skill", {"attributes": [12, 13, 14], "rating": 7, "attempt": 2}),
        ("competitive", {"a": hero(5), "b": hero(7), "passive": "b"}),
        ("cumulative", {"attributes": [12, 13, 14], "rating": 7, "max_checks": 7}),
        ("group", {"members": [hero(5), hero(7), hero(3)], "max_rounds": 4}),
        ("group_competitive", {"a": [hero(5), hero(3)], "b": [hero(7)], "passive": None}),
        ("cumulative", {"attributes": [12, 13, 14], "rating": 7, "max_checks": 7,
                        "modifiers": [1, -1, 2]}),
        ("cumulative_skills", {"skills": [skill(4, 7), skill(3, 5, (13, 12, 11))],
                               "max_checks": 6, "modifiers": [0, 2], "order": [2], "partial": 4}),
    ]
    for check, params in requests:
        for seed in range(30):
            first = resolve(check, seed=seed, **params)
            assert resolve(check, seed=seed, **params) == first
            json.dumps(first)
            for die in first["rolls"]:
                assert die["label"] and die["sides"] == 20
        o = odds(check, **params)
        assert sum(exact(o).values()) == 1
        json.dumps(o)


# -- bad input ---------------------------------------------------------------
@pytest.mark.parametrize("check, params, field", [
    pytest.param("skill", {"attributes": [12, 13], "rating": 4}, "attributes", id="two attributes"),
    pytest.param("skill", {"attributes": [12, 13, 14], "rating": -1}, "rating", id="negative rating"),
    pytest.param("skill", {"attributes": [12, 13, 14], "rating": 4.5}, "rating", id="non-integer"),
    pytest.param("skill", {"attributes": [12, "x", 14], "rating": 4}, "attributes[1]",
                 id="non-integer attribute"),
    pytest.param("skill", {"attributes": [12, 13, 14], "rating": 4, "attempt": 0}, "attempt",
                 id="attempt 0"),
    pytest.param("skill", {"attributes": [12, 13, 14], "names": ["COU", "XYZ", "INT"]},
                 "names[1]", id="unknown attribute name"),
    pytest.param("cumulative", {"attributes": [12, 13, 14], "rating": 4, "max_checks": 0},
                 "max_checks", id="max_checks 0"),
    pytest.param("group", {"members": [], "max_rounds": 3}, "members", id="empty group"),
    pytest.param("group", {"members": [hero(3), {"attributes": [1, 2], "rating": 3}]},
                 "members[1].attributes", id="member with two attributes"),
    pytest.param("group_competitive", {"a": [], "b": [hero(3)]}, "a", id="empty side"),
    pytest.param("competitive", {"a": hero(3), "b": hero(-2)}, "b.rating",
                 id="negative rating of side b"),
    pytest.param("competitive", {"a": hero(3), "b": hero(3), "passive": "c"}, "passive",
                 id="unknown passive side"),
    pytest.param("attribute", {"value": "high"}, "value", id="non-integer value"),
])
def test_bad_input_names_the_field(check, params, field):
    for call in (resolve, odds):
        with pytest.raises(InvalidRequest) as err:
            call(check, **params)
        assert err.value.field == field


# -- contract: `attempt` in every skill parameters, but retries only for simple checks --
ATTEMPT_CASES = [
    pytest.param("competitive", lambda n: {"a": hero(4, attempt=n), "b": hero(4)}, "a.attempt",
                 id="contract competitive a: skill parameters with attempt"),
    pytest.param("competitive", lambda n: {"a": hero(4), "b": hero(4, attempt=n)}, "b.attempt",
                 id="contract competitive b: skill parameters with attempt"),
    pytest.param("cumulative", lambda n: {"attributes": [12, 12, 12], "rating": 4, "attempt": n,
                                          "max_checks": 3}, "attempt",
                 id="contract cumulative: skill parameters with attempt"),
    pytest.param("group", lambda n: {"members": [hero(4), hero(4, attempt=n)], "max_rounds": 2},
                 "members[1].attempt", id="contract group members: skill parameters with attempt"),
    pytest.param("group_competitive", lambda n: {"a": [hero(4)], "b": [hero(4, attempt=n)]},
                 "b[0].attempt", id="contract group competitive: skill parameters with attempt"),
]


@pytest.mark.parametrize("check, params, field", ATTEMPT_CASES)
def test_attempt_1_is_accepted_and_a_retry_refused_outside_simple_checks(check, params, field):
    # rule: "Retry: not applicable" to competitive checks; cumulative and group checks
    # count their own checks instead
    first = resolve(check, seed=7, **params(1))
    assert first["outcome"] in api.catalog()["systems"]["dark_eye"]["checks"][check]["outcomes"]
    assert sum(exact(odds(check, **params(1))).values()) == 1
    for call in (resolve, odds):
        with pytest.raises(InvalidRequest) as err:
            call(check, **params(2))
        assert err.value.field == field
        assert "at most 1" in err.value.message


def _find(params, name):
    for p in params:
        if p["name"] == name:
            return p
        for sub in (p.get("fields") or []) + ([p["item"]] if p.get("item") else []):
            found = _find([sub], name) or _find(sub.get("fields") or [], name)
            if found:
                return found
    return None


@pytest.mark.parametrize("check", ["competitive", "cumulative", "group", "group_competitive",
                                   "cumulative_skills"])
def test_catalog_attempt_is_fixed_at_1_with_help_outside_simple_checks(check):
    params = api.catalog()["systems"]["dark_eye"]["checks"][check]["params"]
    attempt = _find(params, "attempt")
    assert attempt["min"] == attempt["max"] == attempt["default"] == 1
    assert attempt["help"] == "retries do not apply to competitive, cumulative or group checks"
    skill = _find(api.catalog()["systems"]["dark_eye"]["checks"]["skill"]["params"], "attempt")
    assert skill["max"] > 1


# -- wording -------------------------------------------------------------------
def test_wording_arithmetic_has_spaces_around_the_sign():
    assert resolve("attribute", value=3, modifier=-3)["steps"][0] == "EAV = 3 - 3 = 0."
    assert resolve("attribute", value=3, modifier=2, dice=[4])["steps"][0] == "EAV = 3 + 2 = 5."
    r = resolve("skill", attributes=[12, 13, 14], rating=4, modifier=-2, dice=[5, 5, 5])
    assert "EAVs 12 - 2 = 10, 13 - 2 = 11, 14 - 2 = 12." in r["steps"]
    r = resolve("skill", attributes=[12, 13, 14], rating=4, modifier=1, attempt=3,
                names=["COU", "SGC", "INT"], dice=[5, 5, 5])
    assert "EAVs COU 12 + 1 - 2 = 11, SGC 13 + 1 - 2 = 12, INT 14 + 1 - 2 = 13." in r["steps"]
    assert "Attempt 3: a retry penalty of -2 on top of the modifier +1." in r["steps"]
    r = resolve("skill", attributes=[12, 13, 14], rating=4, attempt=2, dice=[5, 5, 5])
    assert r["steps"][:2] == ["Attempt 2: a retry penalty of -1.", "EAVs 12 - 1 = 11, 13 - 1 = 12, 14 - 1 = 13."]


def test_wording_eav_below_1_names_the_attribute_with_a_colon():
    r = resolve("skill", attributes=[1, 12, 12], rating=4, modifier=-1, dice=[])
    assert ("EAV below 1 (attribute 1: 0): the check fails automatically; no dice are rolled."
            in r["steps"])


@pytest.mark.parametrize("dice, step", [
    pytest.param([20, 13], "Confirmation roll 13 > EAV 12: the botch is confirmed.",
                 id="rule botch confirmed by a failed confirmation roll"),
    pytest.param([20, 20], "Confirmation roll 20: another 20 confirms the botch.",
                 id="rule another 20 confirms the botch"),
    pytest.param([20, 12], "Confirmation roll 12 <= EAV 12: no botch, an ordinary failure.",
                 id="rule passed confirmation: just a failure"),
    pytest.param([1, 12], "Confirmation roll 12 <= EAV 12: confirmed, a critical success.",
                 id="rule confirmed critical"),
    pytest.param([1, 13], "Confirmation roll 13 > EAV 12: not confirmed, an ordinary success.",
                 id="rule unconfirmed critical"),
])
def test_wording_confirmation_rolls(dice, step):
    assert resolve("attribute", value=12, dice=dice)["steps"][-1] == step


def test_wording_cumulative_early_stop_says_why_and_how_many_checks_are_unused():
    r = cum([20, 5, 5], attributes=[1, 12, 12], rating=5, max_checks=5)
    assert ("With the penalty -1 an EAV is below 1 (attribute 1: 0): no further check can "
            "succeed; stopping with 4 checks unused.") in r["steps"]
    assert not any("used up" in s for s in r["steps"])
    assert r["summary"] == "Failure: 0 of 10 QL collected."


def test_wording_no_penalty_for_a_next_check_after_the_last_one():
    r = cum([13, 5, 5, 13, 5, 5], rating=0, max_checks=2)
    assert "Check 1: no QL; penalty for the next check now -1." in r["steps"]
    assert "Check 2: no QL." in r["steps"]
    assert not any("-2" in s for s in r["steps"])


def test_wording_cumulative_and_group_steps_show_the_modifier_and_penalty():
    r = cum([13, 13, 13, 5, 5, 5], attributes=[12, 13, 14], rating=0, modifier=-2, max_checks=2)
    assert "Check 1: EAVs 12 - 2 = 10, 13 - 2 = 11, 14 - 2 = 12. SR 0." in r["steps"]
    assert "Check 2 (penalty -1): EAVs 12 - 2 - 1 = 9, 13 - 2 - 1 = 10, 14 - 2 - 1 = 11. SR 0." \
        in r["steps"]
    g = resolve("group", members=[hero(0, (12, 13, 14), modifier=-2, name="Alrik")], max_rounds=1,
                dice=[5, 5, 5])
    assert "Round 1, Alrik: EAVs 12 - 2 = 10, 13 - 2 = 11, 14 - 2 = 12. SR 0." in g["steps"]


@pytest.mark.parametrize("dice, rating, summary", [
    pytest.param([5, 5, 5] * 2, 6, "Failure: 4 of 10 QL collected.", id="cumulative failure"),
    pytest.param([5, 5, 5] * 2, 9,
                 "Partial success: 6 of 10 QL collected (6 needed for a partial success).",
                 id="cumulative partial success"),
])
def test_wording_cumulative_summaries(dice, rating, summary):
    r = cum(dice, rating=rating, max_checks=2)
    assert r["summary"] == summary
    assert r["steps"][-1].startswith(f"All 2 checks made with {r['total_quality']} of 10 QL collected: ")
