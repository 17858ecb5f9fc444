"""[ax] flat check (games/ax/flat.py; seed 003, readings in rules.md):
forced dice against the rule, entered dice, odds against brute force."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from tablecheck import api
from tablecheck.errors import InvalidRequest
from tablecheck.games.ax import flat as ax_flat

from .helpers import brute_success, brute_totals, req, top_two


def flat(dice=None, **params):
    return api.resolve(req("flat", dice, **params))


# -- flat check: forced dice ---------------------------------------------------
def test_rule_top_two_kept_and_added_every_die_shown():
    result = flat([7, 2, 9], attribute=3, difficulty=16)
    assert result["total"] == 16 and result["outcome"] == "success"
    assert [(d["value"], d["kept"]) for d in result["rolls"]] == [(7, True), (2, False), (9, True)]
    assert [d["label"] for d in result["rolls"]] == [
        "attribute die 1", "attribute die 2", "attribute die 3"]
    assert "top two kept: 9 + 7 = 16" in result["steps"][0]


def test_rule_top_two_ties_keep_exactly_two():
    result = flat([8, 8, 8, 3], attribute=4, difficulty=16)
    assert result["total"] == 16
    assert sum(d["kept"] for d in result["rolls"]) == 2


def test_reading_one_die_counts_its_value():
    result = flat([0], attribute=1, difficulty=10)  # a d10 face 0 reads 10
    assert result["total"] == 10 and result["outcome"] == "success"
    assert flat([9], attribute=1, difficulty=10)["outcome"] == "failure"


def test_reading_zero_dice_is_an_automatic_failure():
    result = flat([], attribute=0, difficulty=1, bonus=20, assistant=5)
    assert result["outcome"] == "failure" and result["success"] is False
    assert result["rolls"] == [] and result["total"] is None
    assert "automatic" in result["summary"]
    with pytest.raises(InvalidRequest, match="too many"):
        flat([5], attribute=0, difficulty=1)


@pytest.mark.parametrize("dice, difficulty, bonus, outcome", [
    pytest.param([6, 6], 12, 0, "success", id="rule_flat_success_at_difficulty"),
    pytest.param([6, 5], 12, 0, "failure", id="rule_flat_failure_one_below"),
    pytest.param([6, 5], 12, 1, "success", id="rule_flat_bonus_added"),
    pytest.param([6, 6], 12, -1, "failure", id="rule_flat_penalty_subtracted"),
])
def test_rule_flat_success_at_or_above_difficulty(dice, difficulty, bonus, outcome):
    result = flat(dice, attribute=2, difficulty=difficulty, bonus=bonus)
    assert result["outcome"] == outcome
    assert result["success"] == (outcome == "success")
    assert result["total"] == sum(dice) + bonus


@pytest.mark.parametrize("attribute, assistant, plus", [
    pytest.param(3, 2, 1, id="rule_assistance_plus_1_when_assistant_lower"),
    pytest.param(3, 3, 2, id="rule_assistance_plus_2_when_equal"),
    pytest.param(3, 5, 2, id="rule_assistance_plus_2_when_higher"),
    pytest.param(3, None, 0, id="rule_no_assistant_no_bonus"),
])
def test_rule_assistance(attribute, assistant, plus):
    params = {"attribute": attribute, "difficulty": 14}
    if assistant is not None:
        params["assistant"] = assistant
    result = flat([6, 6, 1], **params)
    assert result["assistance"] == plus
    assert result["total"] == 12 + plus
    assert result["outcome"] == ("success" if 12 + plus >= 14 else "failure")


def test_rule_skip_check_said_in_the_result():
    # 5 dice: the text says skip below 9
    skipped = flat([1, 1, 1, 1, 1], attribute=5, difficulty=8)
    assert skipped["skip_advised"] is True
    assert "could have been skipped" in skipped["summary"]
    assert skipped["outcome"] == "failure"  # the dice still decide what happened
    rolled = flat([1, 1, 1, 1, 1], attribute=5, difficulty=9)
    assert rolled["skip_advised"] is False
    assert "skipped" not in rolled["summary"]


# -- flat check: entered dice ---------------------------------------------------
def test_entered_dice_too_few_lists_what_is_needed():
    with pytest.raises(InvalidRequest) as err:
        flat([5], attribute=3, difficulty=12)
    assert err.value.field == "dice"
    assert "2 more dice needed" in err.value.message
    assert err.value.extra["needed"] == [{"sides": 10, "label": "attribute die 2"},
                                         {"sides": 10, "label": "attribute die 3"}]


def test_entered_dice_too_many_or_off_the_die():
    with pytest.raises(InvalidRequest, match="too many") as err:
        flat([5, 5, 5], attribute=2, difficulty=12)
    assert err.value.field == "dice"
    with pytest.raises(InvalidRequest) as err:
        flat([5, 11], attribute=2, difficulty=12)
    assert err.value.field == "dice[1]"


# -- flat check: odds -------------------------------------------------------------
@pytest.mark.parametrize("attribute", [0, 1, 2, 3, 4])
def test_flat_odds_equal_brute_force(attribute):
    for difficulty, bonus, assistant in itertools.product(
            (1, 4, 9, 12, 15, 20, 22), (-2, 0, 3), (None, 0, attribute, 7)):
        plus = 0 if assistant is None else (1 if assistant < attribute else 2)
        want = brute_success(attribute, difficulty, bonus + plus)
        params = {"attribute": attribute, "difficulty": difficulty, "bonus": bonus,
                  "assistant": assistant}
        got = ax_flat.odds_flat(params)
        assert got["outcomes"] == {"success": want, "failure": 1 - want}, params
        assert got["failure_chance"] == 1 - want
        assert got["skip_advised"] == (attribute > 0 and 1 - want < Fraction(1, 100))
        out = api.odds(req("flat", **params))
        assert out["exact"]["success"] == f"{want.numerator}/{want.denominator}"
        assert sum(out["outcomes"].values()) == pytest.approx(1, abs=1e-12)


def test_flat_odds_distribution_equals_brute_force():
    got = ax_flat.odds_flat({"attribute": 3, "difficulty": 12, "bonus": 1, "assistant": 1})
    counts = brute_totals(3)
    assert got["distribution"] == {t + 2: Fraction(c, 1000) for t, c in counts.items()}


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.lists(st.integers(1, 10), min_size=0, max_size=6), st.integers(1, 25),
       st.integers(-3, 3))
def test_rule_flat_property_any_entered_dice(dice, difficulty, bonus):
    result = flat(dice, attribute=len(dice), difficulty=difficulty, bonus=bonus)
    if not dice:
        assert result["outcome"] == "failure"
        return
    total = top_two(dice) + bonus
    assert result["total"] == total
    assert result["success"] == (total >= difficulty)
    assert sorted(d["value"] for d in result["rolls"] if d["kept"])[-2:] == sorted(dice)[-2:]


# -- bad input, seeds, catalog ---------------------------------------------------------------------
@pytest.mark.parametrize("params, field", [
    pytest.param({"attribute": -1, "difficulty": 12}, "attribute", id="negative_attribute"),
    pytest.param({"attribute": 3, "difficulty": "hard"}, "difficulty", id="unknown_difficulty"),
    pytest.param({"attribute": 3, "difficulty": 99}, "difficulty", id="difficulty_too_high"),
    pytest.param({"attribute": 3, "difficulty": 12, "assistant": -1}, "assistant",
                 id="negative_assistant"),
    pytest.param({"attribute": 3, "difficulty": 12, "bonus": 1.5}, "bonus", id="fractional_bonus"),
])
def test_flat_bad_input_names_the_field(params, field):
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call(req("flat", **params))
        assert err.value.field == field
