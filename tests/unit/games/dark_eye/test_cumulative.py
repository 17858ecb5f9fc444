"""Cumulative and group (cumulative) checks (games/dark_eye/cumulative.py)."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablecheck.errors import InvalidRequest

from dark_eye_brute import bf_kind, bf_skill_cached, bf_skill_roll, cum, exact, hero, odds, resolve


# -- cumulative checks -----------------------------------------------------------


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


# -- group checks ------------------------------------------------------------------


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
