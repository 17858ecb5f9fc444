"""`locale` on every API call (api.md "Languages"): "en" by default, "de"
for German words where the game has them; anything else is refused."""

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest
from every_check import REQUESTS


def _ids(catalog):
    """Every id of a catalog: systems, checks, parameters (nested), outcomes."""
    def params(ps):
        return [(p["name"], p["type"], params(p.get("fields", [])),
                 params([p["item"]]) if "item" in p else [],
                 [c["value"] for c in p.get("choices", [])]) for p in ps]
    return {sid: {cid: (params(c["params"]), c["outcomes"], sorted(c["outcome_labels"]),
                        c["success_outcomes"], c["outcome_tones"])
                  for cid, c in s["checks"].items()}
            for sid, s in catalog["systems"].items()}


def test_the_catalog_keeps_every_id_in_german():
    assert _ids(api.catalog(locale="de")) == _ids(api.catalog())


def test_the_catalog_is_german_for_the_dark_eye_and_english_for_the_others():
    de, en = api.catalog(locale="de")["systems"], api.catalog()["systems"]
    tde = de["dark_eye"]
    assert tde["name"] == "Das Schwarze Auge"
    labels = {cid: c["label"] for cid, c in tde["checks"].items()}
    assert labels["attribute"] == "Eigenschaftsprobe"
    assert labels["skill"] == "Fertigkeitsprobe"
    assert labels["competitive"] == "Vergleichsprobe"
    assert labels["cumulative"] == "Sammelprobe"
    assert labels["group"].startswith("Gruppenprobe")
    assert tde["checks"]["skill"]["outcome_labels"]["botch"].startswith("Patzer")
    assert tde["attribute_names"]["COU"] == "Mut"
    climbing = next(s for s in tde["skills"] if s["id"] == "TAL_3")
    assert climbing["name"] == "Klettern" and climbing["names"] == {"en": "Climbing"}
    assert tde["sheet"]["numbers_label"] == "Eigenschaften"
    for sid in en:
        if sid != "dark_eye":
            assert de[sid] == en[sid], sid
    assert api.catalog(locale="en") == api.catalog()


def _without_locale(value):
    """A JSON value without any `locale` key (the follow-ups and replay copy it)."""
    if isinstance(value, dict):
        return {k: _without_locale(v) for k, v in value.items() if k != "locale"}
    if isinstance(value, list):
        return [_without_locale(v) for v in value]
    return value


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: f"{r['system']}.{r['check']}")
def test_english_by_default_and_by_name_are_the_same_answer(request_):
    req = dict(request_, seed=11)
    assert _without_locale(api.resolve(dict(req, locale="en"))) == api.resolve(req)
    assert _without_locale(api.odds(dict(request_, locale="en"))) == api.odds(request_)


@pytest.mark.parametrize("request_", [r for r in REQUESTS if r["system"] != "dark_eye"],
                         ids=lambda r: f"{r['system']}.{r['check']}")
def test_a_game_without_german_answers_a_german_request_in_english(request_):
    req = dict(request_, seed=5)
    assert _without_locale(api.resolve(dict(req, locale="de"))) == api.resolve(req)
    assert _without_locale(api.odds(dict(request_, locale="de"))) == api.odds(request_)


@pytest.mark.parametrize("locale,code", [("fr", "choice"), (3, "type"), (["de"], "type"), ("DE", "choice"),
                                         ("", "choice")])
def test_a_locale_the_api_does_not_know_is_refused(locale, code):
    req = dict(REQUESTS[0], locale=locale)
    api.resolve(dict(REQUESTS[0], locale="en"))  # the check's entry is ready: still refused
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as e:
            call(req)
        assert e.value.field == "locale" and e.value.code == code
    with pytest.raises(InvalidRequest):
        api.catalog(locale=locale)
    with pytest.raises(InvalidRequest):
        api.fill({"system": "dark_eye", "locale": locale, "character": {"name": "A", "sheet": {}},
                  "params": []})


def test_fill_and_import_take_a_locale():
    sheet = {"numbers": {"COU": 14, "AGI": 13, "STR": 12}, "tables": {"skills": [
        {"name": "Klettern", "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 7}]}}
    params = ["skill", "attributes", "names", "rating"]
    en = api.fill({"system": "dark_eye", "character": {"name": "Alrik", "sheet": sheet}, "params": params})
    de = api.fill({"system": "dark_eye", "locale": "de", "character": {"name": "Alrik", "sheet": sheet},
                   "params": params})
    assert [o["values"] for o in de["options"]] == [o["values"] for o in en["options"]]
    with pytest.raises(InvalidRequest) as e:
        api.import_character({"system": "dark_eye", "locale": "de", "format": "optolith"})
    assert e.value.field == "data"


@pytest.mark.parametrize("change,field,words", [
    ({"rating": "viel"}, "rating", "muss eine ganze Zahl sein"),
    ({"rating": 99}, "rating", "darf höchstens 40 sein"),
    ({"attributes": [12, 12]}, "attributes", "braucht mindestens 3 Einträge"),
    ({"names": ["COU", "XYZ", "STR"]}, "names[1]", "unbekannter Wert 'XYZ'"),
    ({"aptitude": "ja"}, "aptitude", "muss wahr oder falsch sein"),
    ({"colour": 1}, "colour", "ist kein Parameter dieser Probe"),
])
def test_a_german_dark_eye_request_is_refused_in_german(change, field, words):
    req = dict({"system": "dark_eye", "check": "skill", "locale": "de"}, **change)
    with pytest.raises(InvalidRequest) as de:
        api.resolve(req)
    with pytest.raises(InvalidRequest) as en:
        api.resolve({k: v for k, v in req.items() if k != "locale"})
    assert de.value.field == en.value.field == field
    assert de.value.code == en.value.code
    assert words in de.value.message and de.value.message != en.value.message


def test_a_german_request_of_a_game_without_german_is_refused_in_english():
    req = {"system": "ax", "check": "flat", "attribute": "drei", "locale": "de"}
    with pytest.raises(InvalidRequest) as e:
        api.resolve(req)
    assert e.value.message == "must be a whole number, not 'drei'"


# -- the API's own refusals in the request's language (every game) ----------------
API_REFUSALS = [
    ({}, "system", "required", "fehlt; wähle aus: dark_eye"),
    ({"system": 3}, "system", "type", "muss die Kennung eines Systems sein (Text), nicht eine Zahl"),
    ({"system": "chess"}, "system", "unknown", "unbekanntes System 'chess'"),
    ({"system": "dark_eye"}, "check", "required", "fehlt; wähle aus: attribute, skill"),
    ({"system": "dark_eye", "check": ["x"]}, "check", "type", "muss die Kennung einer Probe sein (Text), nicht "
                                                              "eine Liste"),
    ({"system": "dark_eye", "check": "poker"}, "check", "unknown",
     "unbekannte Probe 'poker' für Das Schwarze Auge; wähle aus: attribute"),
    ({"system": "ax", "check": "poker"}, "check", "unknown", "unbekannte Probe 'poker' für [ax]"),
    (dict(REQUESTS[1], characters=[1]), "characters", "type", "muss ein Objekt aus {Teil des Formulars: Name}"),
    (dict(REQUESTS[1], characters={"": 3}), "characters.", "type", "muss ein Text sein, nicht eine Zahl"),
    (dict(REQUESTS[1], labels={"": "x" * 1200}), "labels.", "range", "ist 1.200 Zeichen lang; höchstens 60"),
    (dict(REQUESTS[1], side=3), "side", "type", "muss der Name einer Seite des Formulars sein"),
]


@pytest.mark.parametrize("request_,field,code,words", API_REFUSALS, ids=[r[1] + "-" + r[2] for r in API_REFUSALS])
def test_the_apis_own_refusals_are_german_for_a_german_request(request_, field, code, words):
    with pytest.raises(InvalidRequest) as en:
        api.resolve(request_)
    with pytest.raises(InvalidRequest) as de:
        api.resolve(dict(request_, locale="de"))
    assert (de.value.field, de.value.code) == (en.value.field, en.value.code) == (field, code)
    assert words in de.value.message and de.value.message != en.value.message


def test_fill_and_import_refuse_in_german():
    cases = [(api.fill, {"system": "ax", "character": 3}, "character", "muss ein Charakter-Objekt"),
             (api.fill, {"system": "ax", "character": {}, "params": 3}, "params", "muss eine Liste von "
                                                                                  "Parameternamen sein"),
             (api.import_character, {"system": "dark_eye"}, "format", "muss eines sein von: optolith"),
             (api.import_character, {"system": "ax", "format": "x"}, "format", "keinem: [ax] liest keine Dateien ein"),
             (api.import_character, {"system": "dark_eye", "format": "optolith"}, "data", "fehlt: der Inhalt")]
    for call, req, field, words in cases:
        with pytest.raises(InvalidRequest) as en:
            call(req)
        with pytest.raises(InvalidRequest) as de:
            call(dict(req, locale="de"))
        assert de.value.field == en.value.field == field and de.value.code == en.value.code
        assert words in de.value.message, de.value.message


@pytest.mark.parametrize("request_,field,code,en_words,de_words", [
    ({"system": "dice", "check": "roll", "expression": "1d6", "dice": [9]}, "dice[0]", "dice_face",
     "d6 (d6) shows 9; a d6 has faces 1-6", "W6 (d6) zeigt 9; ein W6 hat die Seiten 1-6"),
    ({"system": "dice", "check": "roll", "expression": "1d6", "dice": [2, 3, 4]}, "dice", "dice_extra",
     "were not used", "wurden nicht gebraucht"),
    ({"system": "dice", "check": "roll", "expression": "2d6", "dice": [3]}, "dice", "dice_missing",
     "1 more die needed: d6", "noch 1 Würfel nötig: W6"),
    ({"system": "dice", "check": "roll", "expression": "4dF", "dice": [2]}, "dice[0]", "dice_face",
     "shows 2; its sides show", "zeigt 2; seine Seiten zeigen"),
    ({"system": "dice", "check": "roll", "expression": "2d6", "dice": 3}, "dice", "type",
     "must be a list of die faces", "muss eine Liste von Würfelergebnissen sein"),
    ({"system": "dice", "check": "roll", "expression": "2d6", "dice": [3], "seed": 1}, "dice", "range",
     "give either dice or a seed", "gib entweder Würfel oder einen Seed an"),
    ({"system": "dice", "check": "roll", "expression": "2d6", "seed": "x"}, "seed", "type",
     "must be a whole number", "muss eine ganze Zahl sein"),
])
def test_entered_dice_are_refused_in_the_requests_language_for_every_game(request_, field, code, en_words,
                                                                          de_words):
    with pytest.raises(InvalidRequest) as en:
        api.resolve(request_)
    with pytest.raises(InvalidRequest) as de:
        api.resolve(dict(request_, locale="de"))
    assert (de.value.field, de.value.code) == (en.value.field, en.value.code) == (field, code)
    assert de.value.extra.keys() == en.value.extra.keys()
    if code == "dice_missing":  # the page's fields: the same dice, a game without German labels them alike
        assert de.value.extra["needed"] == en.value.extra["needed"]
    assert en_words in en.value.message and de_words in de.value.message


def test_odds_refuse_entered_dice_in_german():
    req = dict(REQUESTS[2], dice=[3])
    with pytest.raises(InvalidRequest) as de:
        api.odds(dict(req, locale="de"))
    assert (de.value.field, de.value.code) == ("dice", "dice_extra")
    assert de.value.message.startswith("die Chancen gelten für Würfel, die noch fallen")


def test_a_locale_that_cannot_be_read_refuses_in_english():
    with pytest.raises(InvalidRequest) as e:
        api.resolve({"system": "dark_eye", "check": "poker", "locale": "fr"})
    assert e.value.field == "locale" and e.value.message == "unknown language 'fr'; choose one of: en, de"
    with pytest.raises(InvalidRequest) as e:
        api.resolve({"system": "dark_eye", "check": "poker", "locale": 3})
    assert e.value.message == "must be a language (text), not a number; choose one of: en, de"
