"""The Dark Eye's names (no logic): attributes, combat values, outcome
words, the reroll rules; the rules and the cards both read them."""

ATTRIBUTES = [
    ("COU", "Courage"), ("SGC", "Sagacity"), ("INT", "Intuition"), ("CHA", "Charisma"),
    ("DEX", "Dexterity"), ("AGI", "Agility"), ("CON", "Constitution"), ("STR", "Strength"),
]
# attack and defence use the attribute-check rules on these values
COMBAT_VALUES = [("AT", "Attack"), ("PA", "Parry"), ("DO", "Dodge"), ("RC", "Ranged combat")]


ATTRIBUTE_OUTCOMES = [("critical_success", "Critical success"), ("success", "Success"),
                      ("failure", "Failure"), ("botch", "Botch")]
SKILL_OUTCOMES = [
    ("spectacular_success", "Spectacular success (triple 1)"),
    ("critical_success", "Critical success (double 1)"),
    ("success", "Success"),
    ("failure", "Failure"),
    ("botch", "Botch (double 20)"),
    ("spectacular_botch", "Spectacular botch (triple 20)"),
]
# what a skill-check outcome counts as in competitive, cumulative and group checks
KIND = {
    "spectacular_success": "critical", "critical_success": "critical",
    "success": "success", "failure": "failure",
    "botch": "botch", "spectacular_botch": "botch",
}
CUMULATIVE_OUTCOMES = [
    ("success", "Success (target QL reached)"),
    ("partial_success", "Partial success"),
    ("failure", "Failure"),
    ("botch", "Botch (all QL lost)"),
]
CONTEST_OUTCOMES = [("a_wins", "A wins"), ("b_wins", "B wins"), ("unresolved", "Unresolved")]


REROLL_RULES = [("fate_point", "Fate point (FtP)"), ("aptitude", "Aptitude")]
