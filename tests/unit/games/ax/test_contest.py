"""[ax] contest (games/ax/contest.py; seed 003, readings in rules.md):
the higher total wins, ties reroll everything, the round cap, sides without
dice; odds against brute force over faces and over sequences of rounds."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest
from tablecheck.games.ax import contest as ax_contest

from .helpers import FACES, req, top_two


# -- contest ------------------------------------------------------------------------------------
def contest(dice=None, *sides):
    return api.resolve(req("contest", dice, sides=[{"attribute": a, "bonus": b} for a, b in sides]))


def test_rule_contest_higher_total_wins():
    result = contest([3, 4, 9, 1], (2, 0), (2, 0))
    assert result["outcome"] == "side_2" and result["winner"] == 2
    assert result["success"] is False  # side 1 is the roller
    assert result["rounds"] == [{"round": 1, "totals": [7, 10], "tied": False, "leaders": [2],
                                 "dice_text": ["2d10: 3, 4 = 7", "2d10: 9, 1 = 10"]}]
    assert result["summary"] == "Side 2 wins with 10 against 7."


def test_rule_contest_bonus_counts():
    result = contest([3, 4, 9, 1], (2, 4), (2, 0))
    assert result["outcome"] == "side_1" and result["totals"] == [11, 10]


def test_rule_contest_tie_rerolls_all_dice_each_round_kept():
    result = contest([5, 5, 6, 4, 2, 8, 7, 1], (2, 0), (2, 0))
    assert result["outcome"] == "side_1"
    assert [r["totals"] for r in result["rounds"]] == [[10, 10], [10, 8]]
    assert result["rounds"][0]["tied"] is True
    rolls = result["rolls"]
    assert [d.get("rerolled", False) for d in rolls] == [True] * 4 + [False] * 4
    assert rolls[4]["label"] == "side 1 die 1 (round 2)"
    assert [d["round"] for d in rolls] == [1] * 4 + [2] * 4
    assert "after 1 tied round" in result["summary"]


def test_rule_contest_three_sides_tie_for_top_rerolls_everyone():
    # sides 1 and 2 tie at 9; side 3 is lower but rolls again too
    result = contest([9, 9, 3, 2, 1, 10], (1, 0), (1, 0), (1, 0))
    assert result["outcome"] == "side_3"
    assert [r["totals"] for r in result["rounds"]] == [[9, 9, 3], [2, 1, 10]]
    assert [d.get("rerolled", False) for d in result["rolls"]] == [True] * 3 + [False] * 3


def test_rule_contest_tie_with_three_or_more_dice_keeps_top_two():
    result = contest([1, 9, 9, 10, 8, 2, 5] + [1, 2, 3, 4, 4, 4, 4], (3, 0), (4, 0))
    assert [r["totals"] for r in result["rounds"]] == [[18, 18], [5, 8]]
    assert result["outcome"] == "side_2"
    assert [d["kept"] for d in result["rolls"][:7]] == [False, True, True, True, True, False, False]


def test_contest_entered_dice_ask_for_the_next_round_after_a_tie():
    with pytest.raises(InvalidRequest) as err:
        contest([5, 5, 6, 4], (2, 0), (2, 0))
    assert err.value.field == "dice"
    assert err.value.extra["needed"] == [
        {"sides": 10, "label": "side 1 die 1 (round 2)"},
        {"sides": 10, "label": "side 1 die 2 (round 2)"},
        {"sides": 10, "label": "side 2 die 1 (round 2)"},
        {"sides": 10, "label": "side 2 die 2 (round 2)"}]


def test_contest_entered_dice_running_out_into_a_filler_tie_asks_only_for_that_die():
    with pytest.raises(InvalidRequest) as err:
        contest([2], (1, 0), (1, 0))
    assert err.value.extra["needed"] == [{"sides": 10, "label": "side 2 die"}]
    assert "1 more die needed" in err.value.message


def test_contest_entered_dice_too_few_and_too_many():
    with pytest.raises(InvalidRequest) as err:
        contest([5, 5, 6], (2, 0), (2, 0))
    assert err.value.extra["needed"] == [{"sides": 10, "label": "side 2 die 2"}]
    with pytest.raises(InvalidRequest, match="too many"):
        contest([5, 5, 6, 1, 2], (2, 0), (2, 0))


def test_contest_round_cap_marks_every_superseded_die_rerolled():
    result = contest([5] * (2 * ax_contest.MAX_ROUNDS), (1, 0), (1, 0))
    assert result["outcome"] == "unresolved" and result["success"] is False
    assert len(result["rounds"]) == ax_contest.MAX_ROUNDS
    assert all(d["rerolled"] for d in result["rolls"])


def brute_contest(sides):
    """P(side i wins) with ties rerolled until decided: enumerate one round and
    condition on a unique highest total."""
    wins = [0] * len(sides)
    for faces in itertools.product(FACES, repeat=sum(a for a, _ in sides)):
        totals, pos = [], 0
        for a, b in sides:
            totals.append(top_two(faces[pos:pos + a]) + b)
            pos += a
        best = max(totals)
        if totals.count(best) == 1:
            wins[totals.index(best)] += 1
    decided = sum(wins)
    return [Fraction(w, decided) for w in wins], 1 - Fraction(decided, 10 ** sum(a for a, _ in sides))


@pytest.mark.parametrize("sides", [
    [(1, 0), (1, 0)],
    [(2, 0), (3, -1)],
    [(1, 3), (2, 0), (1, 0)],
    [(2, 0), (2, 0), (1, 5)],
], ids=["1v1", "2v3_bonus", "three_sides", "three_sides_bonus"])
def test_contest_odds_equal_brute_force_with_ties_rerolled(sides):
    # the decided rounds split as brute_contest says; within the round cap
    # each side keeps that share of 1 - tie**cap, the rest is "unresolved"
    want, tie = brute_contest(sides)
    got = ax_contest.odds_contest({"sides": [{"attribute": a, "bonus": b} for a, b in sides]})
    settled = 1 - tie ** ax_contest.MAX_ROUNDS
    assert [got["outcomes"][f"side_{i + 1}"] for i in range(len(sides))] == [
        w * settled for w in want]
    assert got["round_tie_chance"] == tie
    assert got["outcomes"]["unresolved"] == tie ** ax_contest.MAX_ROUNDS > 0
    assert sum(got["outcomes"].values()) == 1
    out = api.odds(req("contest", sides=[{"attribute": a, "bonus": b} for a, b in sides]))
    assert set(out["outcomes"]) == {f"side_{i}" for i in range(1, 9)} | {"unresolved"}
    assert Fraction(out["exact"]["unresolved"]) == tie ** ax_contest.MAX_ROUNDS


def rule_contest_rounds(sides, faces):
    """The rule read independently: each round every side with dice rolls its
    attribute in d10 (faces consumed in order), top two + bonus; a unique
    highest total wins, a tie rolls everything again; after the cap:
    unresolved. Returns the label, or None when the faces run out."""
    faces = list(faces)
    rolling = [i for i, (a, _) in enumerate(sides) if a > 0]
    while faces:
        totals = {}
        for i in rolling:
            a, b = sides[i]
            totals[i], faces = top_two(faces[:a]) + b, faces[a:]
        best = max(totals.values())
        leaders = [i for i, t in totals.items() if t == best]
        if len(leaders) == 1:
            return f"side_{leaders[0] + 1}"
    return "unresolved"


@pytest.mark.parametrize("sides, cap", [
    pytest.param([(1, 0), (1, 0)], 1, id="1v1_cap_1"),
    pytest.param([(1, 0), (1, 0)], 2, id="1v1_cap_2"),
    pytest.param([(1, 2), (1, 0)], 2, id="1v1_bonus_cap_2"),
    pytest.param([(1, 0), (0, 4), (1, 1)], 2, id="zero_dice_side_cap_2"),
])
def test_rule_contest_round_cap_unresolved_odds_equal_every_dice_sequence(monkeypatch, sides, cap):
    # brute force over every sequence of faces for `cap` rounds, with the
    # module's cap lowered so that reaching it can be enumerated
    monkeypatch.setattr(ax_contest, "MAX_ROUNDS", cap)
    per_round = sum(a for a, _ in sides)
    counts = Counter(rule_contest_rounds(sides, faces)
                     for faces in itertools.product(FACES, repeat=per_round * cap))
    den = 10 ** (per_round * cap)
    got = ax_contest.odds_contest({"sides": [{"attribute": a, "bonus": b} for a, b in sides]})["outcomes"]
    assert {k: v for k, v in got.items() if v} == {k: Fraction(c, den) for k, c in counts.items()}
    assert got["unresolved"] > 0
    assert sum(got.values()) == 1


@pytest.mark.parametrize("sides", [
    pytest.param([(2, 0), (1, 0)], id="2v1"),
    pytest.param([(1, 0), (1, 0), (1, 0)], id="three_sides"),
    pytest.param([(2, 1), (0, 0), (2, 0)], id="zero_dice_side"),
])
@pytest.mark.parametrize("cap", [1, 3, 5])
def test_rule_contest_round_cap_unresolved_odds_by_sequences_of_rounds(monkeypatch, sides, cap):
    # rounds are independent: enumerate one round's faces, then every
    # sequence of `cap` round results (stop at the first decided round)
    monkeypatch.setattr(ax_contest, "MAX_ROUNDS", cap)
    per_round = sum(a for a, _ in sides)
    one = Counter(rule_contest_rounds(sides, faces)
                  for faces in itertools.product(FACES, repeat=per_round))
    p = {k: Fraction(c, 10 ** per_round) for k, c in one.items()}
    tie = p.pop("unresolved")
    p["tie"] = tie
    want = Counter()
    for seq in itertools.product(list(p), repeat=cap):
        chance = Fraction(1)
        for r in seq:
            chance *= p[r]
        decided = [r for r in seq if r != "tie"]
        want[decided[0] if decided else "unresolved"] += chance
    got = ax_contest.odds_contest({"sides": [{"attribute": a, "bonus": b} for a, b in sides]})
    assert {k: v for k, v in got["outcomes"].items() if v} == dict(want)
    assert got["outcomes"]["unresolved"] == tie ** cap
    assert got["expected_rounds"] == sum(tie ** k for k in range(cap))


def test_rule_contest_round_cap_reached_is_a_real_chance_for_big_equal_pools():
    # eight sides of 20 d10 almost always all show 10 + 10: after 100 tied
    # rounds about half of these contests are still unresolved
    sides = [{"attribute": 20, "bonus": 0}] * 8
    chances, unresolved, tie = ax_contest.contest_odds(sides)
    assert unresolved == tie ** ax_contest.MAX_ROUNDS
    assert Fraction(2, 5) < unresolved < Fraction(3, 5)
    assert sum(chances) + unresolved == 1
    out = api.odds(req("contest", sides=sides))
    assert out["outcomes"]["unresolved"] == pytest.approx(float(unresolved))
    assert sum(out["outcomes"].values()) == pytest.approx(1)
    # too many digits to write as text: floats, and the labels are listed
    assert "unresolved" in out["exact_omitted"] and "unresolved" not in out.get("exact", {})


def test_rule_contest_round_cap_stops_resolving_as_unresolved(monkeypatch):
    monkeypatch.setattr(ax_contest, "MAX_ROUNDS", 2)
    result = contest([5, 5, 7, 7], (1, 0), (1, 0))
    assert result["outcome"] == "unresolved" and result["winner"] is None
    assert result["summary"] == "Unresolved: still tied after 2 rounds."


# -- reading "zero dice: automatic failure" in a contest --------------------------
def test_reading_zero_dice_contest_side_rolls_nothing_and_cannot_win():
    result = contest([4, 4, 2, 9], (0, 5), (1, 0), (1, 0))
    assert result["outcome"] == "side_3"
    assert [d["label"] for d in result["rolls"]] == [
        "side 2 die", "side 3 die", "side 2 die (round 2)", "side 3 die (round 2)"]
    assert result["rounds"][0]["totals"] == [None, 4, 4]
    assert result["steps"][0] == "Side 1: attribute 0, no dice - it rolls nothing and cannot win."


def test_reading_zero_dice_contest_lone_side_with_dice_wins_without_a_roll():
    result = contest([], (3, 0), (0, 9))
    assert result["outcome"] == "side_1" and result["success"] is True
    assert result["rolls"] == [] and result["rounds"] == []
    assert "only side with dice" in result["summary"]
    out = api.odds(req("contest", sides=[{"attribute": 3}, {"attribute": 0, "bonus": 9}]))
    assert out["exact"]["side_1"] == "1/1" and out["exact"]["side_2"] == "0/1"
    assert out["exact"]["unresolved"] == "0/1"


def test_reading_zero_dice_contest_odds_equal_brute_force():
    # the side with no dice never wins; the others split as without it
    sides = [(2, 0), (0, 7), (1, 3)]
    want, tie = brute_contest([(2, 0), (1, 3)])
    got = ax_contest.odds_contest({"sides": [{"attribute": a, "bonus": b} for a, b in sides]})
    settled = 1 - tie ** ax_contest.MAX_ROUNDS
    assert got["outcomes"]["side_1"] == want[0] * settled
    assert got["outcomes"]["side_2"] == 0
    assert got["outcomes"]["side_3"] == want[1] * settled
    assert got["round_tie_chance"] == tie


def test_reading_zero_dice_contest_where_no_side_has_a_die_is_refused():
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call(req("contest", sides=[{"attribute": 0}, {"attribute": 0, "bonus": 3}]))
        assert err.value.field == "sides"
        assert "no side has any dice" in err.value.message


def test_contest_symmetric_sides_are_even():
    got = ax_contest.odds_contest({"sides": [{"attribute": 6, "bonus": 0}] * 3})
    settled = 1 - got["outcomes"]["unresolved"]
    assert [got["outcomes"][f"side_{i}"] for i in (1, 2, 3)] == [settled / 3] * 3


@pytest.mark.parametrize("sides, field", [
    pytest.param([{"attribute": 3}], "sides", id="one_sided_contest"),
    pytest.param([{"attribute": 3}, {"attribute": -2}], "sides[1].attribute",
                 id="negative_attribute"),
    pytest.param([{"attribute": 3}, {"attribute": 3, "luck": 1}], "sides[1].luck",
                 id="unknown_field"),
    pytest.param([{"attribute": 3}] * 9, "sides", id="too_many_sides"),
])
def test_contest_bad_input_names_the_field(sides, field):
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call(req("contest", sides=sides))
        assert err.value.field == field
