"""Shadows of the Unknown: task checks (1d20 roll-under) and dice
expressions, wired.

Rules: seed 002 ("Skill Checks", "Task Difficulty"); readings in
shared/spec/rules.md. task.py is the task check, dice.py hands dice
expressions (2D6-2, 3D6+2, 1D10) to the generic roller's check (found by
tablecheck.games.find at call time), sheet.py is the character sheet,
terms.py the difficulty levels and outcome words; cards.py writes every word
(what an outstanding success takes at the TN, task.outstanding, passed in
here). The dice check shows the generic roller's card and odds view.
"""

from ...checks import Check, System
from ...dice import notation
from ...params import Choice, Int, Param
from . import cards
from .dice import odds_dice, resolve_dice, roller
from .sheet import SHEET, fill_options
from .task import (DIFFICULTY_ALIASES, MAX_RATING, OUTSTANDING_MARGIN, check_automatic, odds_task,
                   outstanding, resolve_task)
from .terms import DIFFICULTIES, FACTOR_TEXT, TASK_OUTCOMES

DICE_EXAMPLES = ["1D10", "2D6-2", "3D6+2", "1D6", "2D10"]


# -- what the cards need from the rules, passed in ------------------------------
def _outstanding(record):
    tn = record.get("target")
    return None if tn is None else outstanding(tn)


def task_words(values, result):
    return cards.task_words(values, result, _outstanding(result))


def task_card(ctx, values, result):
    return cards.task_card(ctx, values, result, _outstanding(result))


def task_odds(ctx, values, odds):
    return cards.task_odds(ctx, values, odds, _outstanding(odds))


def dice_card(ctx, values, result):
    """The generic roller's card (its check found at call time)."""
    return roller().explain(ctx, values, result)


def dice_odds(ctx, values, odds):
    return roller().odds_view(ctx, values, odds)


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
    fill=fill_options,
    fill_labels=cards.fill_labels,
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
            rules=check_automatic,
            resolve=resolve_task,
            odds=odds_task,
            words=task_words,
            tones=cards.TASK_TONES,
            explain=task_card,
            odds_view=task_odds,
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
            tones=cards.DICE_TONES,
            explain=dice_card,
            odds_view=dice_odds,
        ),
    ],
)
