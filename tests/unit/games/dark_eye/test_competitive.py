"""Competitive and group competitive checks (games/dark_eye/competitive.py)."""

import itertools
from fractions import Fraction

import pytest

from tablecheck.errors import InvalidRequest
from tablecheck.games.dark_eye.competitive import contest

from dark_eye_brute import bf_competitive, bf_contest, bf_kind, bf_side, exact, hero, odds, resolve


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


@pytest.mark.parametrize("a, b, passive, decided", [
    (("critical", 2), ("critical", 3), "a", ("unresolved", 0, "both_critical")),
    (("critical", 1), ("success", 4), None, ("a_wins", 1, "critical")),
    (("failure", 0), ("critical", 3), None, ("b_wins", 3, "critical")),
    (("botch", 0), ("botch", 0), "b", ("unresolved", 0, "both_botch")),
    (("success", 2), ("success", 5), None, ("b_wins", 3, "higher_ql")),
    (("success", 2), ("success", 2), "b", ("b_wins", 1, "tie")),
    (("success", 2), ("success", 2), None, ("unresolved", 0, "tie")),
    (("success", 2), ("botch", 0), None, ("a_wins", 2, "one_succeeds")),
    (("botch", 0), ("failure", 0), "a", ("a_wins", 1, "both_fail")),
    (("failure", 0), ("failure", 0), None, ("unresolved", 0, "both_fail")),
])
def test_contest_names_the_rule_that_decided_it(a, b, passive, decided):
    # the card's sentences say why from this reason (cards_contest.contest_why)
    assert contest(a, b, passive) == decided
    def bf(kind):  # the brute force's word for a critical
        return "crit" if kind == "critical" else kind

    assert bf_contest(bf(a[0]), a[1], bf(b[0]), b[1], passive) == decided[:2]
