"""The cumulative check with several skills (games/dark_eye/cumulative_skills.py)."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablecheck.errors import InvalidRequest

from dark_eye_brute import bf_kind, bf_skill_cached, bf_skill_roll, exact, odds, resolve, skill


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
