"""Shadows of the Unknown: task checks (1d20 roll-under) and dice expressions.

Rules: seed 002 ("Skill Checks", "Task Difficulty"); readings in
shared/spec/rules.md:
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
  the target or a natural 1 succeeds over it (the die decided by itself);
- dice expressions (2D6-2, 3D6+2, 1D10) go through the generic roller; an
  entered d10 face 0 reads as 10.
"""

from fractions import Fraction

from ..checks import Check, System
from ..dice import Dist, notation
from ..display import shadows_of_the_unknown as display
from ..errors import InvalidRequest
from ..params import Choice, Int, Param
from ..sheets import Column, Sheet, Table

# (id, words, factor) in the text's order, easiest first
DIFFICULTIES = [
    ("automatic", "Automatic", None),
    ("simplistic", "Simplistic", Fraction(4)),
    ("routine", "Routine", Fraction(2)),
    ("standard", "Standard", Fraction(1)),
    ("formidable", "Formidable", Fraction(1, 2)),
    ("near_impossible", "Near Impossible", Fraction(1, 4)),
]
# the text's other words for the levels: "If the referee considers the check
# to be Difficult, the check would be rolled at Standard Task Difficulty";
# "an Impossible test (one-quarter)"; a Routine task is "an Average task"
DIFFICULTY_ALIASES = {"difficult": "standard", "impossible": "near_impossible",
                      "average": "routine"}
FACTORS = {d: f for d, _, f in DIFFICULTIES}
DIFFICULTY_WORDS = {d: w for d, w, _ in DIFFICULTIES}
FACTOR_TEXT = {
    Fraction(4): "x4", Fraction(2): "x2", Fraction(1): "x1",
    Fraction(1, 2): "x1/2", Fraction(1, 4): "x1/4",
}

MAX_RATING = 99
OUTSTANDING_MARGIN = 10  # "at least 10 points below a task's target number"

TASK_OUTCOMES = [
    ("automatic_success", "Automatic success"),
    ("outstanding_success", "Outstanding success"),
    ("success", "Success"),
    ("failure", "Failure"),
]


# -- the rules as pure functions ------------------------------------------
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


def _check_automatic(values):
    """Automatic success is for characters with a skill of at least 1."""
    if values["difficulty"] == "automatic" and values["rating"] < 1:
        what = "skill rating" if values.get("controlling_attribute") is not None else "rating"
        raise InvalidRequest(
            "difficulty",
            f"Automatic success needs a {what} of at least 1 (it is {values['rating']}); "
            "choose Simplistic to roll instead",
            code="range",
        )


def _base_text(values):
    rating = values["rating"]
    attr = values.get("controlling_attribute")
    base = base_rating(rating, attr)
    if attr is None:
        return base, f"Rating {rating}"
    return base, f"Skill {rating} + controlling attribute {attr} = {base}"


def _target_text(base, difficulty):
    factor = FACTORS[difficulty]
    tn = target_number(base, difficulty)
    words = DIFFICULTY_WORDS[difficulty]
    exact = base * factor
    text = f"{words} task: {base} {FACTOR_TEXT[factor]}"
    if exact.denominator != 1:
        text += f" = {float(exact):g}, rounded down to {tn}"
    else:
        text += f" = {tn}"
    return tn, text + f": target number {tn}"


# -- task check ------------------------------------------------------------
def resolve_task(values, tray):
    difficulty = values["difficulty"]
    base, base_step = _base_text(values)
    if difficulty == "automatic":
        return {
            "outcome": "automatic_success", "success": True, "target": None,
            "base": base, "difficulty": difficulty, "roll": None,
            "summary": "Automatic success: an everyday task, no roll needed.",
            "steps": [base_step,
                      "Automatic task: no roll, success for any level of expertise (skill 1+)."],
        }
    tn, target_step = _target_text(base, difficulty)
    die = tray.roll(20, "d20 task roll", info={"target": tn})
    roll = die.value
    outcome = task_outcome(roll, tn)
    success = outcome != "failure"
    steps = [base_step, target_step]
    if roll == 20:
        steps.append(f"Rolled a natural 20: it always fails (target {tn}).")
    elif roll == 1 and tn < 1:
        steps.append(f"Rolled a natural 1: it always succeeds, even against target {tn}.")
    elif success:
        steps.append(f"Rolled {roll} <= {tn}: success.")
    else:
        steps.append(f"Rolled {roll} > {tn}: failure.")
    if outcome == "outstanding_success":
        steps.append(f"{roll} is at least {OUTSTANDING_MARGIN} under {tn} "
                     f"({tn} - {roll} = {tn - roll}): outstanding success.")
    elif success and tn - OUTSTANDING_MARGIN >= 1:
        steps.append(f"An outstanding success needs {tn - OUTSTANDING_MARGIN} or less.")
    elif success:
        steps.append(f"An outstanding success is out of reach (it needs a target of "
                     f"{OUTSTANDING_MARGIN + 1} or more).")
    # margin = TN - roll, except where the natural 1 or 20 decided against
    # the arithmetic (a 20 under the target, a 1 over it): a margin there
    # would read as the opposite outcome, so it is left out (None)
    overruled = (roll == 20 and roll <= tn) or (roll == 1 and roll > tn)
    margin = None if overruled else tn - roll
    if overruled:
        steps.append(f"No margin: the natural {roll} decided by itself "
                     f"({'failure' if roll == 20 else 'success'} whatever the target).")
    words = dict(TASK_OUTCOMES)[outcome]
    summary = (f"{words}: rolled {roll} on the d20 against target number {tn} "
               f"({DIFFICULTY_WORDS[difficulty]}).")
    return {
        "outcome": outcome, "success": success, "target": tn, "base": base,
        "difficulty": difficulty, "roll": roll, "margin": margin,
        "natural": roll if roll in (1, 20) else None,
        "summary": summary, "steps": steps,
    }


def odds_task(values):
    difficulty = values["difficulty"]
    base, _ = _base_text(values)
    if difficulty == "automatic":
        return {"outcomes": {"automatic_success": Fraction(1)}, "target": None, "base": base}
    tn = target_number(base, difficulty)
    dist = Dist.uniform(20).map(lambda roll: task_outcome(roll, tn))
    outcomes = {label: dist.prob(label) for label, _ in TASK_OUTCOMES}
    return {"outcomes": outcomes, "target": tn, "base": base}


# -- dice expressions: the generic roller -----------------------------------
def resolve_dice(values, tray):
    from ..games import dice_roller  # at call time: whatever notation is there
    result = dict(dice_roller.resolve(values, tray))
    result["outcome"] = "rolled"
    result["success"] = True
    return result


def odds_dice(values):
    from ..games import dice_roller
    result = dict(dice_roller.odds(values))
    result["outcomes"] = {"rolled": Fraction(1)}
    return result


DICE_EXAMPLES = ["1D10", "2D6-2", "3D6+2", "1D6", "2D10"]

# the character sheet (as static/js/characters.js declared it): attributes,
# and skills each with its controlling attribute
SHEET = Sheet(tables=[
    Table("attributes", "Attributes", "attribute", [
        Column("name", "text", "Attribute"),
        Column("value", "int", "Value", min=0, max=40, default=10),
    ], defaults=[{"name": "Strength", "value": 10}, {"name": "Agility", "value": 10},
                 {"name": "Intelligence", "value": 10}, {"name": "Willpower", "value": 10}]),
    Table("skills", "Skills", "skill", [
        Column("name", "text", "Skill"),
        Column("attribute", "ref", "Controlling attribute", ref="attributes"),
        Column("rating", "int", "Skill rating", min=0, max=40, default=1),
    ], defaults=[{"name": "Stealth", "attribute": "Agility", "rating": 3}]),
])

SYSTEM = System(
    id="shadows_of_the_unknown",
    name="Shadows of the Unknown",
    short_name="Shadows",
    description="Tasks: 1d20 at or under a target number from attribute or skill + "
                "controlling attribute, scaled by the difficulty level.",
    extra={
        "difficulty_levels": [
            {"value": d, "label": w,
             "factor": None if f is None else FACTOR_TEXT[f],
             "roll": "none" if f is None else f"1D20 <= {FACTOR_TEXT[f]} rating"}
            for d, w, f in DIFFICULTIES
        ],
        "outstanding_margin": OUTSTANDING_MARGIN,
        "dice_examples": DICE_EXAMPLES,
    },
    sheet=SHEET,
    fill=display.fill,
    checks=[
        Check(
            id="task",
            label="Task",
            description="Roll 1D20 at or under the target number; 1 always succeeds, "
                        "20 always fails, 10+ under is outstanding.",
            params=[
                Int("rating", "Attribute, or skill rating", default=5, min=0, max=MAX_RATING,
                    help="For an attribute check the attribute; for a skill check the skill "
                         "rating (add its controlling attribute below)"),
                Param("controlling_attribute", "int", "Controlling attribute (skill checks)",
                      default=None, min=0, max=MAX_RATING, nullable=True,
                      help="Leave empty for an attribute check"),
                Choice("difficulty", [(d, w) for d, w, _ in DIFFICULTIES], "Task difficulty",
                       default="routine", aliases=DIFFICULTY_ALIASES,
                       help="Simplistic x4, Routine (Average) x2, Standard (Difficult) x1, "
                            "Formidable 1/2, Near Impossible (Impossible) 1/4 (rounded down)"),
            ],
            outcomes=TASK_OUTCOMES,
            success_outcomes=("automatic_success", "outstanding_success", "success"),
            rules=_check_automatic,
            resolve=resolve_task,
            odds=odds_task,
            tones=display.TASK_TONES,
            explain=display.task_card,
            odds_view=display.task_odds,
        ),
        Check(
            id="dice",
            label="Dice",
            description="Roll a dice expression of the rules, such as 2D6-2, 3D6+2 or 1D10 "
                        "(a D10 showing 0 counts 10).",
            params=[
                # the length limit is the parser's, so that its error gives
                # the position like every other (as in the generic roller)
                Param("expression", "string", "Dice (e.g. 2D6-2, 3D6+2, 1D10)",
                      default="1D10",
                      help="NDX+M: roll N X-sided dice, add them, then add or subtract M "
                           f"(at most {notation.MAX_LENGTH} characters)",
                      examples=DICE_EXAMPLES),
            ],
            outcomes=[("rolled", "Rolled")],
            success_outcomes=("rolled",),
            resolve=resolve_dice,
            odds=odds_dice,
            tones=display.DICE_TONES,
            explain=display.dice_card,
            odds_view=display.dice_odds,
        ),
    ],
)
