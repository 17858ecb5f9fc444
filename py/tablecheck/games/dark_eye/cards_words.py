"""The Dark Eye's words in each language it has (api.md "Languages"):
`words(locale)` is the table of cards_words_en.py or cards_words_de.py
(the same keys); the cards read every text from it and keep their logic
once. A third language is one more table (docs/languages.md)."""

from .cards_words_de import WORDS as DE
from .cards_words_en import WORDS as EN

TABLES = {"en": EN, "de": DE}
# {locale: {a core skill's English name: its name in that language}}, handed
# in by the wiring (the skills are the rules' list: skills.py)
SKILL_NAMES = {}


def words(locale):
    """The table of `locale`, English for a language the game has not."""
    return TABLES.get(locale, EN)


def skill_name(name, w):
    """A core skill's name in the words `w` ("Klettern" for "Climbing");
    any other name as it was typed."""
    return SKILL_NAMES.get(w["lang"], {}).get(name, name)
