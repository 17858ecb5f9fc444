"""Shadows of the Unknown task checks (1d20 roll-under). Seed 002 ("Skill
Checks", "Task Difficulty"); readings in shared/spec/rules.md:
- base = attribute, or skill rating + controlling attribute;
- target number TN = floor(base x factor): simplistic x4, routine x2,
  standard x1, formidable x1/2, near impossible x1/4 (fractions rounded down);
- 1d20, success if roll <= TN (the prose's "less than or equal" wins over the
  table's "<"); a natural 1 always succeeds (even at TN 0), a natural 20
  always fails; outstanding success: a success with roll <= TN - 10;
- automatic: no roll, success, for a skill of at least 1;
- the text's other words for levels are accepted: Difficult = standard,
  Impossible = near impossible, Average = routine (any case or spacing);
- `margin` = TN - roll, left out (None) when a natural 20 fails at or under
  the target or a natural 1 succeeds over it (the die decided by itself).
"""

from dataclasses import dataclass
from fractions import Fraction

from ...dice import Dist
from ...errors import InvalidRequest
from .terms import FACTORS, TASK_OUTCOMES

MAX_RATING = 99
OUTSTANDING_MARGIN = 10  # "at least 10 points below a task's target number"
# the text's other words for the levels: "If the referee considers the check
# to be Difficult, the check would be rolled at Standard Task Difficulty";
# "an Impossible test (one-quarter)"; a Routine task is "an Average task"
DIFFICULTY_ALIASES = {"difficult": "standard", "impossible": "near_impossible",
                      "average": "routine"}


def base_rating(rating, controlling_attribute):
    """Attribute alone, or skill rating + controlling attribute."""
    return rating + (controlling_attribute or 0)


def target_number(base, difficulty):
    """TN = floor(base x factor) (the text: fractions rounded down)."""
    factor = FACTORS[difficulty]
    return (base * factor.numerator) // factor.denominator


def task_outcome(roll, target):
    """One d20 against the target number."""
    if roll == 20:
        return "failure"  # a natural 20 always fails
    if roll == 1 or roll <= target:  # a natural 1 always succeeds
        if roll <= target - OUTSTANDING_MARGIN:
            return "outstanding_success"
        return "success"
    return "failure"


@dataclass
class Outstanding:
    """What an outstanding success takes at a target number."""
    margin: int  # how far under the TN the roll must be (OUTSTANDING_MARGIN)
    needs: object  # the highest roll that is one (TN - margin), None when below 1
    min_target: int  # the lowest TN at which a roll of 1 is one


def outstanding(tn):
    best = tn - OUTSTANDING_MARGIN
    return Outstanding(OUTSTANDING_MARGIN, best if best >= 1 else None, OUTSTANDING_MARGIN + 1)


def check_automatic(values):
    """Automatic success is for characters with a skill of at least 1."""
    if values["difficulty"] == "automatic" and values["rating"] < 1:
        what = "skill rating" if values.get("controlling_attribute") is not None else "rating"
        raise InvalidRequest(
            "difficulty",
            f"Automatic success needs a {what} of at least 1 (it is {values['rating']}); "
            "choose Simplistic to roll instead",
            code="range",
        )


def _base(values):
    return base_rating(values["rating"], values.get("controlling_attribute"))


def resolve_task(values, tray):
    difficulty = values["difficulty"]
    base = _base(values)
    if difficulty == "automatic":
        return {"outcome": "automatic_success", "success": True, "target": None,
                "base": base, "difficulty": difficulty, "roll": None}
    tn = target_number(base, difficulty)
    roll = tray.roll(20, "d20 task roll", info={"target": tn}).value
    outcome = task_outcome(roll, tn)
    # margin = TN - roll, except where the natural 1 or 20 decided against
    # the arithmetic (a 20 under the target, a 1 over it): a margin there
    # would read as the opposite outcome, so it is left out (None)
    overruled = (roll == 20 and roll <= tn) or (roll == 1 and roll > tn)
    return {
        "outcome": outcome, "success": outcome != "failure", "target": tn, "base": base,
        "difficulty": difficulty, "roll": roll, "margin": None if overruled else tn - roll,
        "natural": roll if roll in (1, 20) else None,
    }


def odds_task(values):
    difficulty = values["difficulty"]
    base = _base(values)
    if difficulty == "automatic":
        return {"outcomes": {"automatic_success": Fraction(1)}, "target": None, "base": base}
    tn = target_number(base, difficulty)
    dist = Dist.uniform(20).map(lambda roll: task_outcome(roll, tn))
    outcomes = {label: dist.prob(label) for label, _ in TASK_OUTCOMES}
    return {"outcomes": outcomes, "target": tn, "base": base}
