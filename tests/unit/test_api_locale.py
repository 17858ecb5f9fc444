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
