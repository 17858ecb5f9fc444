"""[ax] group flat check (games/ax/group.py; seed 003, readings in
rules.md): who takes part, the adjusted difficulty, 2/3 must succeed, odds
against brute force."""

import itertools
from fractions import Fraction

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest
from tablecheck.games.ax import group as ax_group

from .helpers import FACES, req, top_two


# -- group flat check ---------------------------------------------------------------------
def group(dice=None, **params):
    return api.resolve(req("group", dice, **params))


def test_rule_group_capstan_example():
    # "4 people at a Difficulty of 12. 7 people are available, but there are
    # 6 spokes ... reducing the Difficulty to 8."
    result = group(members=[3] * 7, difficulty=12, required=4, maximum=6, seed=5)
    assert result["adjusted_difficulty"] == 8
    assert result["participants"] == 6
    assert result["needed"] == 4
    assert len(result["rolls"]) == 18  # six people roll, the seventh stands aside
    assert "member 7 stands aside" in result["steps"][0]
    odds = api.odds(req("group", members=[3] * 7, difficulty=12, required=4, maximum=6))
    assert odds["adjusted_difficulty"] == 8


@pytest.mark.parametrize("present, required, maximum, adjusted", [
    pytest.param(2, 4, None, 16, id="rule_group_plus_2_per_missing"),
    pytest.param(4, 4, None, 12, id="rule_group_as_required"),
    pytest.param(6, 4, None, 8, id="rule_group_minus_2_per_extra"),
    pytest.param(9, 4, 5, 10, id="rule_group_extra_only_up_to_maximum"),
])
def test_rule_group_adjusted_difficulty(present, required, maximum, adjusted):
    params = {"members": [1] * present, "difficulty": 12, "required": required}
    if maximum is not None:
        params["maximum"] = maximum
    assert api.odds(req("group", **params))["adjusted_difficulty"] == adjusted


@pytest.mark.parametrize("n, needed", [(1, 1), (2, 2), (3, 2), (4, 3), (5, 4), (6, 4),
                                       (7, 5), (9, 6)])
def test_rule_group_two_thirds_must_succeed(n, needed):
    result = group(members=[1] * n, difficulty=10, required=n, dice=[5] * n)
    assert result["needed"] == needed
    assert f"{needed} were needed" in result["summary"]


@pytest.mark.parametrize("dice, outcome, successes", [
    pytest.param([6, 4, 1, 1, 9, 9], "success", 2, id="rule_group_2_of_3_succeed"),
    pytest.param([6, 3, 1, 1, 9, 9], "failure", 1, id="rule_group_1_of_3_fails"),
    pytest.param([5, 5, 9, 1, 0, 0], "success", 3, id="rule_group_all_succeed_d10_0_is_10"),
])
def test_rule_group_forced_dice(dice, outcome, successes):
    result = group(dice, members=[2, 2, 2], difficulty=10, required=3)
    assert result["outcome"] == outcome and result["successes"] == successes
    assert [m["total"] for m in result["members"]] == [
        sum(v or 10 for v in dice[i:i + 2]) for i in (0, 2, 4)]
    assert [d["label"] for d in result["rolls"][:2]] == ["member 1 die 1", "member 1 die 2"]
    assert [d["member"] for d in result["rolls"]] == [1, 1, 2, 2, 3, 3]


def test_rule_group_member_without_dice_fails():
    result = group([10], members=[0, 1], difficulty=6, required=2)
    assert [m["success"] for m in result["members"]] == [False, True]
    assert result["outcome"] == "failure"  # 1 of 2, 2 needed


def test_group_entered_dice_too_few():
    with pytest.raises(InvalidRequest) as err:
        group([5, 5], members=[2, 1], difficulty=10, required=2)
    assert err.value.field == "dice"
    assert err.value.extra["needed"] == [{"sides": 10, "label": "member 2 die"}]


@pytest.mark.parametrize("members, difficulty, required, maximum", [
    ([1, 2, 1], 10, 3, None),
    ([2, 2], 14, 1, None),
    ([0, 3, 1], 8, 4, None),
    ([1, 1, 1, 1], 9, 2, 3),
])
def test_group_odds_equal_brute_force(members, difficulty, required, maximum):
    taking = members if maximum is None else members[:maximum]
    n = len(taking)
    adjusted = difficulty + 2 * (required - n)
    needed = -(-2 * n // 3)
    total = 10 ** sum(taking)
    wins = 0
    for faces in itertools.product(FACES, repeat=sum(taking)):
        ok, pos = 0, 0
        for a in taking:
            if a and top_two(faces[pos:pos + a]) >= adjusted:
                ok += 1
            pos += a
        wins += ok >= needed
    params = {"members": members, "difficulty": difficulty, "required": required,
              "maximum": maximum}
    got = ax_group.odds_group(params)
    assert got["outcomes"]["success"] == Fraction(wins, total)
    assert got["failure_chance"] == 1 - Fraction(wins, total)
    assert sum(got["successes"].values()) == 1


@pytest.mark.parametrize("params, field", [
    pytest.param({"members": [2, -1], "difficulty": 10, "required": 2}, "members[1]",
                 id="negative_attribute"),
    pytest.param({"members": [], "difficulty": 10, "required": 2}, "members", id="no_members"),
    pytest.param({"members": [2, 2], "difficulty": 10, "required": 4, "maximum": 3}, "maximum",
                 id="maximum_below_required"),
    pytest.param({"members": [2, 2], "difficulty": 0, "required": 2}, "difficulty",
                 id="difficulty_out_of_range"),
])
def test_group_bad_input_names_the_field(params, field):
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call(req("group", **params))
        assert err.value.field == field
