"""The API's own messages (tablecheck/messages.py): one table per language,
the same keys and template fields; a keyed refusal is worded in English
when raised and in another language on request."""

from string import Formatter

import pytest

from tablecheck.errors import InvalidRequest
from tablecheck.jsonvalues import VALUE_WORDS, kind, shown
from tablecheck.messages import MESSAGES, Count, Dice, Dies, Faces, Kind, More, Named, NamedIds, Shown, has, word


def _fields(text):
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def test_every_language_has_every_message_with_the_same_fields():
    assert set(MESSAGES) == {"en", "de"} == set(VALUE_WORDS)
    assert set(MESSAGES["de"]) == set(MESSAGES["en"])
    for key, text in MESSAGES["en"].items():
        assert _fields(MESSAGES["de"][key]) == _fields(text), key
    for key, text in VALUE_WORDS["en"].items():
        assert _fields(VALUE_WORDS["de"][key]) == _fields(text), key


def test_the_params_tables_are_these():
    from tablecheck import params
    assert params.MESSAGES is MESSAGES


@pytest.mark.parametrize("value,en,de", [
    ([1], "a list", "eine Liste"), ({}, "an object", "ein Objekt"), (2.5, "2.5", "2.5"),
    (10 ** 20, "a number of 21 digits", "eine Zahl mit 21 Ziffern"),
    (10 ** 5000, "a number of 5,001 digits", "eine Zahl mit 5.001 Ziffern"),
    ("x" * 1234, "'" + "x" * 40 + "'... (1,234 characters)", "'" + "x" * 40 + "'... (1.234 Zeichen)"),
    (None, "null", "null"), (True, "true", "true"),
], ids=["list", "object", "float", "big", "huge", "long-text", "null", "true"])
def test_a_value_is_shown_in_the_messages_language(value, en, de):
    assert shown(value) == shown(value, "en") == en
    assert shown(value, "de") == de


def test_kind_in_both_languages():
    assert [kind(v) for v in (1, "a", [], {}, True)] == ["a number", "text", "a list", "an object", "true/false"]
    assert [kind(v, "de") for v in (1, "a", [], {}, True)] == ["eine Zahl", "Text", "eine Liste", "ein Objekt",
                                                               "true/false"]


def test_the_wrappers_write_their_values_in_each_language():
    fields = {"die": Dies([(20, "COU die", None), (6, "", None), (3, "dF 2", (-1, 0, 1))]), "more": More(3),
              "n": Count(12345), "value": Shown([1]), "kind": Kind({}), "dice": Dice(1), "faces": Faces([5] * 14)}
    table = {"t": "{die}|{more}|{n}|{value}|{kind}|{dice}|{faces}"}
    assert word("t", fields, "en", table) == ("d20 (COU die), d6, dF 2|, and 3 more|12,345|a list|an object|"
                                              "1 die|5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, and 2 more")
    assert word("t", fields, "de", table) == ("W20 (COU die), W6, dF 2| und 3 weitere|12.345|eine Liste|"
                                              "ein Objekt|1 Würfel|5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 und 2 weitere")
    assert word("t", dict(fields, more=More(0), dice=Dice(3)), "en", table).split("|")[1::4] == ["", "3 dice"]


def test_named_ids_take_the_tables_names_and_keep_the_rest():
    table = {"t": "{one} / {many}", "names": {"abbr": {"COU": "MU"}}}
    fields = {"one": Named("abbr", "COU"), "many": NamedIds("abbr", [("ATTR_1", "COU"), ("ATTR_9", "XYZ")])}
    assert word("t", fields, "de", table) == "MU / ATTR_1 (MU), ATTR_9 (XYZ)"
    assert word("t", fields, "en", {"t": "{one} / {many}"}) == "COU / ATTR_1 (COU), ATTR_9 (XYZ)"


def test_a_keyed_refusal_is_worded_in_english_when_raised_and_reworded_on_request():
    e = InvalidRequest("dice", code="type", refusal=("dice_list", {}))
    assert (e.message, str(e), e.to_dict()) == ("must be a list of die faces", "dice: must be a list of die faces",
                                                {"field": "dice", "message": "must be a list of die faces",
                                                 "code": "type"})
    e.word_in("de")
    assert (e.field, e.code, e.message) == ("dice", "type", "muss eine Liste von Würfelergebnissen sein")
    assert str(e) == "dice: muss eine Liste von Würfelergebnissen sein"


def test_a_games_refusal_is_worded_from_its_table():
    e = InvalidRequest("x", refusal=("own", {"n": 2}))
    assert not has("own") and e.message == "own"  # no sentence in the rules: the API words it
    assert e.word_in("de", {"own": "{n} eigene"}).message == "2 eigene"
    assert InvalidRequest("x", "as it was").word_in("de").message == "as it was"
