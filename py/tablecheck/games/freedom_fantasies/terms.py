"""Freedom Fantasies' names (no logic): the five Abilities, the outcome
words of each check, the favourability bands of a luck check."""

# (key, name): the five Ability bonuses
ABILITIES = [
    ("fight", "FIGHT"),
    ("finesse", "FINESSE"),
    ("flair", "FLAIR"),
    ("focus", "FOCUS"),
    ("flight", "FLIGHT"),
]
ABILITY_NAME = dict(ABILITIES)

# "If the Result meets or beats the Difficulty Class + 10, it is a Fantastic
# Success" (Checks, 4: Is it Fantastic?); an attack's direct hit the same over Evasion DC
FANTASTIC_OVER_DC = 10

SKILL_OUTCOMES = [
    ("critical_success", "Critical success"),
    ("fantastic_success", "Fantastic success"),
    ("partial_success", "Partial success"),
    ("success", "Success"),
    ("fail", "Fail"),
]
ATTACK_OUTCOMES = [
    ("critical_hit", "Critical hit"),
    ("direct_hit", "Direct hit"),
    ("glancing_hit", "Glancing hit"),
    ("miss", "Miss"),
]
EFFECT_OUTCOMES = [("lucky_escape", "Lucky escape"), ("success", "Success"), ("fail", "Fail")]
LUCK_OUTCOMES = [("lucky_break", "Lucky break"), ("success", "Success"), ("fail", "Fail")]

# the favourability bands, from the Luck DC table's rows (lowest first)
FAVOURABILITY_KEYS = [
    ("very_unfavourable", "Very Unfavourable"),
    ("unfavourable", "Unfavourable"),
    ("neutral", "Neutral"),
    ("favourable", "Favourable"),
    ("highly_favourable", "Highly Favourable"),
]

# the Detriments and Benefits a Player picks from (their words: cards.py)
DETRIMENTS = ("stress", "tension", "complication")
BENEFITS = ("lose_stress", "momentum", "boon")
