"""Shadows of the Unknown task checks (games/shadows_of_the_unknown/task.py;
seed 002, readings in shared/spec/rules.md).

Every rule test names the rule or reading it checks. Odds are compared with
an independent brute force over the d20 faces written here."""

import itertools
import json
from fractions import Fraction

import pytest

from tablecheck.errors import InvalidRequest
from tablecheck.games.shadows_of_the_unknown import task as rules

from .helpers import task, task_odds


LEVELS = ["simplistic", "routine", "standard", "formidable", "near_impossible"]


# -- independent reading of the rules, for the brute force -----------------
def expected_target(base, level):
    # simplistic x4, routine x2, standard x1, formidable 1/2, near impossible 1/4,
    # fractions rounded down (ratings are never negative)
    return {"simplistic": base * 4, "routine": base * 2, "standard": base,
            "formidable": base // 2, "near_impossible": base // 4}[level]


def expected_outcome(roll, tn):
    if roll == 20:
        return "failure"
    succeeded = roll <= tn or roll == 1
    if not succeeded:
        return "failure"
    return "outstanding_success" if tn - roll >= 10 else "success"


# -- target number --------------------------------------------------------
@pytest.mark.parametrize("level, tn", [
    ("simplistic", 28), ("routine", 14), ("standard", 7), ("formidable", 3),
    ("near_impossible", 1),
], ids=lambda v: str(v))
def test_rule_target_number_factor_and_rounding_down_stealth_7(level, tn):
    # the text's example: Stealth 7 at one-quarter is 1.75, rounded down to 1
    result = task(dice=[19], rating=7, difficulty=level)
    assert result["target"] == tn


def test_rule_base_is_skill_plus_controlling_attribute():
    result = task(dice=[6], rating=5, controlling_attribute=8, difficulty="formidable")
    assert result["base"] == 13
    assert result["target"] == 6  # 13 x 1/2 = 6.5 rounded down
    steps = " ".join(result["steps"])
    assert "Skill 5 + controlling attribute 8 = 13" in steps
    assert "6.5, rounded down to 6" in steps


def test_rule_target_shown_with_its_derivation_for_a_single_rating():
    result = task(dice=[3], rating=9, difficulty="routine")
    assert result["target"] == 18
    assert result["steps"][0] == "Rating 9"
    assert "9 x2 = 18" in result["steps"][1]
    assert "target number 18" in result["summary"]


# -- forced dice: every label ---------------------------------------------
@pytest.mark.parametrize("rating, level, roll, outcome", [
    pytest.param(7, "standard", 7, "success", id="reading_less_than_or_equal_succeeds_at_tn"),
    pytest.param(7, "standard", 8, "failure", id="rule_roll_above_tn_fails"),
    pytest.param(10, "routine", 10, "outstanding_success", id="rule_outstanding_at_10_under_tn"),
    pytest.param(10, "routine", 11, "success", id="rule_outstanding_needs_10_under_not_9"),
    pytest.param(3, "near_impossible", 1, "success", id="reading_natural_1_succeeds_even_at_tn_0"),
    pytest.param(0, "standard", 1, "success", id="reading_natural_1_succeeds_rating_0"),
    pytest.param(3, "near_impossible", 2, "failure", id="rule_tn_0_fails_on_2"),
    pytest.param(10, "simplistic", 20, "failure", id="rule_natural_20_fails_even_at_tn_40"),
    pytest.param(10, "simplistic", 19, "outstanding_success", id="rule_19_under_tn_40_outstanding"),
    pytest.param(6, "routine", 1, "outstanding_success", id="rule_natural_1_at_tn_12_is_outstanding"),
    pytest.param(5, "routine", 1, "success", id="rule_natural_1_at_tn_10_not_outstanding"),
])
def test_forced_dice_outcomes(rating, level, roll, outcome):
    result = task(dice=[roll], rating=rating, difficulty=level)
    assert result["outcome"] == outcome
    assert result["success"] == (outcome != "failure")
    assert result["roll"] == roll
    assert result["rolls"] == [{"sides": 20, "value": roll, "label": "d20 task roll",
                                "kept": True, "target": result["target"]}]


def test_rule_outstanding_step_says_what_it_needs_or_that_it_is_out_of_reach():
    assert "outstanding success needs 4 or less" in " ".join(
        task(dice=[9], rating=7, difficulty="routine")["steps"])  # TN 14
    assert "out of reach" in " ".join(task(dice=[7], rating=7, difficulty="standard")["steps"])


def test_rule_natural_20_step_says_it_always_fails():
    result = task(dice=[20], rating=10, difficulty="simplistic")
    assert any("natural 20" in s for s in result["steps"])


def test_rule_automatic_success_needs_no_roll():
    result = task(dice=[], rating=1, controlling_attribute=6, difficulty="automatic")
    assert result["outcome"] == "automatic_success" and result["success"]
    assert result["rolls"] == []
    assert result["target"] is None
    with pytest.raises(InvalidRequest, match="too many") as err:
        task(dice=[5], rating=1, difficulty="automatic")
    assert err.value.field == "dice"


def test_reading_automatic_success_needs_skill_of_at_least_1():
    with pytest.raises(InvalidRequest) as err:
        task(rating=0, controlling_attribute=9, difficulty="automatic")
    assert err.value.field == "difficulty"
    assert "skill rating of at least 1" in err.value.message
    with pytest.raises(InvalidRequest) as err:
        task_odds(rating=0, controlling_attribute=9, difficulty="automatic")
    assert err.value.field == "difficulty"


# -- the text's words for the levels (params Choice aliases) ---------------------
@pytest.mark.parametrize("word, level", [
    pytest.param("Routine", "routine", id="reading_level_words_any_case_Routine"),
    pytest.param("NEAR impossible", "near_impossible", id="reading_level_words_any_spacing"),
    pytest.param("difficult", "standard", id="reading_Difficult_means_standard"),
    pytest.param("Impossible", "near_impossible", id="reading_Impossible_one_quarter_means_near_impossible"),
    pytest.param("Average", "routine", id="rule_Average_task_is_the_Routine_level"),
])
def test_difficulty_words_of_the_text(word, level):
    result = task(dice=[19], rating=7, difficulty=word)
    assert result["difficulty"] == level
    assert result["target"] == expected_target(7, level)
    assert task_odds(rating=7, difficulty=word)["target"] == expected_target(7, level)


# -- margin against the natural 1 and 20 -------------------------------------
@pytest.mark.parametrize("rating, level, roll, outcome, margin", [
    pytest.param(30, "standard", 20, "failure", None, id="rule_natural_20_fails_no_margin_at_tn_30"),
    pytest.param(20, "standard", 20, "failure", None, id="rule_natural_20_fails_no_margin_at_tn_20"),
    pytest.param(0, "standard", 1, "success", None, id="reading_natural_1_succeeds_no_margin_at_tn_0"),
    pytest.param(15, "standard", 20, "failure", -5, id="rule_natural_20_over_tn_keeps_margin"),
    pytest.param(5, "routine", 1, "success", 9, id="rule_natural_1_under_tn_keeps_margin"),
    pytest.param(7, "standard", 7, "success", 0, id="rule_margin_is_tn_minus_roll"),
    pytest.param(7, "standard", 9, "failure", -2, id="rule_margin_negative_on_failure"),
])
def test_margin_never_reads_as_the_opposite_outcome(rating, level, roll, outcome, margin):
    result = task(dice=[roll], rating=rating, difficulty=level)
    assert result["outcome"] == outcome
    assert result["margin"] == margin
    if margin is not None:  # a margin, when given, agrees with the outcome
        assert (margin >= 0) == (outcome != "failure")
    else:
        assert result["natural"] == roll
        assert any(f"natural {roll} decided by itself" in s for s in result["steps"])


# -- odds ------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_exact_odds_equal_brute_force_over_d20(level):
    for rating, attr in itertools.product(range(0, 26), (None, 0, 4)):
        params = {"rating": rating, "difficulty": level}
        if attr is not None:
            params["controlling_attribute"] = attr
        tn = expected_target(rating + (attr or 0), level)
        counts = {"automatic_success": 0, "outstanding_success": 0, "success": 0, "failure": 0}
        for roll in range(1, 21):
            counts[expected_outcome(roll, tn)] += 1
        want = {k: Fraction(v, 20) for k, v in counts.items()}
        got = rules.odds_task(dict(params, controlling_attribute=attr))
        assert got["outcomes"] == {k: want[k] for k in got["outcomes"]}, params
        assert sum(got["outcomes"].values()) == 1
        out = task_odds(**params)
        assert out["exact"] == {k: f"{v.numerator}/{v.denominator}" for k, v in want.items()}
        assert out["target"] == tn


def test_odds_automatic_is_certain():
    out = task_odds(rating=2, difficulty="automatic")
    assert out["outcomes"] == {"automatic_success": 1.0, "outstanding_success": 0.0,
                               "success": 0.0, "failure": 0.0}


def test_forced_dice_agree_with_odds_for_every_face():
    # resolve and odds share no code path for the classification of a face
    for rating, level in itertools.product((0, 3, 7, 12), LEVELS):
        odds = rules.odds_task({"rating": rating, "difficulty": level,
                               "controlling_attribute": None})["outcomes"]
        counted = {k: 0 for k in odds}
        for roll in range(1, 21):
            counted[task(dice=[roll], rating=rating, difficulty=level)["outcome"]] += 1
        assert {k: Fraction(v, 20) for k, v in counted.items()} == odds


# -- entered dice and bad input ---------------------------------------------
def test_entered_dice_too_few_names_the_d20():
    with pytest.raises(InvalidRequest) as err:
        task(dice=[], rating=7, difficulty="standard")
    assert err.value.field == "dice"
    assert err.value.extra["needed"] == [{"sides": 20, "label": "d20 task roll"}]
    assert "1 more die needed" in err.value.message


def test_entered_dice_too_many_and_off_the_die():
    with pytest.raises(InvalidRequest, match="too many") as err:
        task(dice=[4, 5], rating=7, difficulty="standard")
    assert err.value.field == "dice"
    with pytest.raises(InvalidRequest) as err:
        task(dice=[21], rating=7, difficulty="standard")
    assert err.value.field == "dice[0]"


@pytest.mark.parametrize("params, field", [
    ({"rating": -1, "difficulty": "standard"}, "rating"),
    ({"rating": 5, "difficulty": "heroic"}, "difficulty"),
    ({"rating": 5, "difficulty": "standard", "controlling_attribute": -2}, "controlling_attribute"),
    ({"rating": 5.5, "difficulty": "standard"}, "rating"),
    ({"rating": 5, "difficulty": "standard", "skill": 3}, "skill"),
], ids=["negative_rating", "unknown_difficulty", "negative_attribute", "fraction", "unknown_param"])
def test_bad_input_names_the_field(params, field):
    with pytest.raises(InvalidRequest) as err:
        task(**params)
    assert err.value.field == field
    with pytest.raises(InvalidRequest) as err:
        task_odds(**params)
    assert err.value.field == field


def test_seeded_task_repeats():
    first = task(rating=8, difficulty="routine", seed=99)
    assert task(rating=8, difficulty="routine", seed=99) == first
    assert first["source"] == "seeded"
    json.dumps(first)


@pytest.mark.parametrize("tn", range(0, 41))
def test_rule_outstanding_what_it_takes_agrees_with_task_outcome(tn):
    # seed: "at least 10 points below a task's target number"; the cards say
    # what `outstanding` says, so it must agree with the outcome of every roll
    out = rules.outstanding(tn)
    assert out.margin == rules.OUTSTANDING_MARGIN == 10 and out.min_target == 11
    best = [r for r in range(1, 21) if rules.task_outcome(r, tn) == "outstanding_success"]
    # every roll up to `needs` but a natural 20 (always a failure)
    assert best == [r for r in range(1, 20) if out.needs is not None and r <= out.needs]
    assert (out.needs is None) == (tn < out.min_target)
