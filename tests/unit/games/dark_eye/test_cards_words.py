"""The Dark Eye's words tables (cards_words_en / cards_words_de): the same
keys, the same template fields, names for every id."""

from string import Formatter

import pytest

from tablecheck.games.dark_eye import cards_words
from tablecheck.games.dark_eye.cards_words_de import WORDS as DE
from tablecheck.games.dark_eye.cards_words_en import WORDS as EN
from tablecheck.games.dark_eye.terms import ATTRIBUTES, COMBAT_VALUES


def _fields(text):
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def _walk(value, path=()):
    """(path, leaf) of every text in a table (dicts by key, lists by index)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, path + (i,))
    else:
        yield path, value


def test_both_tables_have_the_same_keys_at_every_depth():
    en, de = dict(_walk(EN)), dict(_walk(DE))
    assert sorted(en, key=str) == sorted(de, key=str)
    assert set(en) - set(de) == set() and set(de) - set(en) == set()


@pytest.mark.parametrize("path", sorted(dict(_walk(EN)), key=str))
def test_a_template_takes_the_same_fields_in_both_languages(path):
    en, de = dict(_walk(EN))[path], dict(_walk(DE))[path]
    assert type(en) is type(de)
    if isinstance(en, str):
        assert _fields(en) == _fields(de), path


def test_every_attribute_and_combat_value_has_a_name_and_an_abbreviation():
    ids = [abbr for abbr, _ in ATTRIBUTES + COMBAT_VALUES]
    for table in (EN, DE):
        assert sorted(table["abbr"]) == sorted(ids)
        assert sorted(table["value_names"]) == sorted(ids)
    # German abbreviations of the core rules (Optolith de-DE, Foundry dsa5 de.json)
    assert [DE["abbr"][a] for a, _ in ATTRIBUTES] == ["MU", "KL", "IN", "CH", "FF", "GE", "KO", "KK"]
    assert [EN["abbr"][a] for a, _ in ATTRIBUTES] == [a for a, _ in ATTRIBUTES]


def test_the_english_names_are_the_terms():
    assert EN["value_names"] == dict(ATTRIBUTES + COMBAT_VALUES)


def test_words_chooses_by_locale_and_falls_back_to_english():
    assert cards_words.words("de") is DE
    assert cards_words.words("en") is EN
    assert cards_words.words("fr") is EN
    assert DE["lang"] == "de" and EN["lang"] == "en"
