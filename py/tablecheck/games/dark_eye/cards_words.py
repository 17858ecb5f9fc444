"""The Dark Eye's words in each language it has (api.md "Languages"):
`words(locale)` is the table of cards_words_en.py or cards_words_de.py
(the same keys); the cards read every text from it and keep their logic
once. A third language is one more table (docs/languages.md)."""

from .cards_words_de import WORDS as DE
from .cards_words_en import WORDS as EN

TABLES = {"en": EN, "de": DE}


def words(locale):
    """The table of `locale`, English for a language the game has not."""
    return TABLES.get(locale, EN)
