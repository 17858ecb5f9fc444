"""The Dungeons of Olde's names (no logic): the challenge ranks, the
outcome categories of the Critical Outcomes table, the outcome labels that count as success."""

# Challenge ranks and their ratings (the text's "Challenges" table).
CR_RANKS = [
    ("trivial", "Trivial", 3),
    ("easy", "Easy", 6),
    ("moderate", "Moderate", 9),
    ("hard", "Hard", 12),
    ("heroic", "Heroic", 15),
    ("superhuman", "Superhuman", 18),
    ("godly", "Godly", 21),
]
TRIVIAL_CR = 3

# label, words, success?, ranks (4 = "4 or more"), margin words, outcome,
# character points when critical outcomes are applied  (Critical Outcomes table)
CATEGORIES = [
    ("legendary_success", "Legendary Success", True, 4, "+9 or more", "Major bonus", 2),
    ("critical_success", "Critical Success", True, 3, "+6 to +8", "Two minor bonuses", 1),
    ("solid_success", "Solid Success", True, 2, "+3 to +5", "Minor bonus", 0),
    ("success", "Success", True, 1, "0 to +2", "Simple success", 0),
    ("failure", "Failure", False, 1, "-1 to -2", "Simple failure", 0),
    ("decisive_failure", "Decisive Failure", False, 2, "-3 to -5", "Minor penalty", 0),
    ("critical_failure", "Critical Failure", False, 3, "-6 to -8", "Two minor penalties", 1),
    ("catastrophic_failure", "Catastrophic Failure", False, 4, "-9 or worse",
     "Major penalty", 2),
]
CATEGORY = {c[0]: c for c in CATEGORIES}
SUCCESS_OUTCOMES = ("automatic_success",) + tuple(c[0] for c in CATEGORIES if c[2])
