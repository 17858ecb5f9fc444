"""Freedom Fantasies' tables: the GM's DC tables, the Luck DC table, the
weapons and the limits of the numbers a form takes."""

from ...errors import InvalidRequest
from ...jsonvalues import shown
from .terms import FAVOURABILITY_KEYS

# (DC, key, words): the GM's tables; the top rows are "25+" / "30+"
SKILL_DCS = [
    (5, "normal", "Normal"),
    (10, "challenging", "Challenging"),
    (15, "very_challenging", "Very Challenging"),
    (20, "extremely_challenging", "Extremely Challenging"),
    (25, "almost_impossible", "Almost Impossible"),
]
EFFECT_DCS = [
    (5, "easy", "Easy"),
    (10, "normal", "Normal"),
    (15, "challenging", "Challenging"),
    (20, "very_challenging", "Very Challenging"),
    (25, "extremely_challenging", "Extremely Challenging"),
    (30, "almost_impossible", "Almost Impossible"),
]
# tables whose top row is open ("25+", "30+"): a higher DC takes its name
OPEN_TOPPED = ("skill", "effect")
# (DC, key, chance, favourability)
LUCK_DCS = [
    (0, "guaranteed", "Guaranteed", "Very Unfavourable"),
    (5, "likely", "Likely", "Unfavourable"),
    (10, "even_odds", "Even Odds", "Neutral"),
    (15, "unlikely", "Unlikely", "Favourable"),
    (20, "very_unlikely", "Very Unlikely", "Highly Favourable"),
]

# weapon: (words, abilities it may use)
WEAPONS = {
    "unarmed": ("Unarmed", ("fight", "finesse")),
    "light": ("Light melee weapon", ("finesse",)),
    "medium": ("Medium melee weapon", ("fight", "finesse")),
    "heavy": ("Heavy melee weapon", ("fight",)),
    "ranged": ("Ranged weapon", ("focus",)),
    "spell_focus": ("Spell focus", ("focus",)),
}
UNARMED_DR = 1

MAX_COUNT = 100  # advantages / disadvantages each ("no limit": a generous cap)
BONUS_MIN, BONUS_MAX = -20, 50
DC_MAX = 100


def dc_value(value, table, field_name, open_top=False):
    """An int_or_choice DC: (number, words or None). In an open-topped table
    (the top row reads "25+" or "30+") a DC above the top row takes its name."""
    if isinstance(value, str):
        for row in table:
            if row[1] == value:
                return row[0], row[2]
        raise InvalidRequest(field_name, f"unknown DC {shown(value)}", code="choice")
    for row in table:
        if row[0] == value:
            return value, row[2]
    if open_top and value > table[-1][0]:
        return value, table[-1][2]
    return value, None


def favourability(face):
    """Highest luck DC met names the favourability; a natural 20 is the most
    favourable (it meets DC 20 anyway)."""
    best = LUCK_DCS[0]
    for row in LUCK_DCS:
        if face >= row[0]:
            best = row
    return FAVOURABILITY_KEYS[LUCK_DCS.index(best)]
