"""Shadows of the Unknown's words and numbers, shared by the rules and the
cards (seed 002, "Task Difficulty"): the difficulty levels with their
factors, the outcomes' words, the generic roller's check."""

from fractions import Fraction

# (id, words, factor) in the text's order, easiest first
DIFFICULTIES = [
    ("automatic", "Automatic", None),
    ("simplistic", "Simplistic", Fraction(4)),
    ("routine", "Routine", Fraction(2)),
    ("standard", "Standard", Fraction(1)),
    ("formidable", "Formidable", Fraction(1, 2)),
    ("near_impossible", "Near Impossible", Fraction(1, 4)),
]
FACTORS = {d: f for d, _, f in DIFFICULTIES}
DIFFICULTY_WORDS = {d: w for d, w, _ in DIFFICULTIES}
FACTOR_TEXT = {
    Fraction(4): "x4", Fraction(2): "x2", Fraction(1): "x1",
    Fraction(1, 2): "x1/2", Fraction(1, 4): "x1/4",
}

TASK_OUTCOMES = [
    ("automatic_success", "Automatic success"),
    ("outstanding_success", "Outstanding success"),
    ("success", "Success"),
    ("failure", "Failure"),
]

# the generic roller's check that the dice check is: (system id, check id),
# found by tablecheck.games.find when called
ROLLER = ("dice", "roll")
