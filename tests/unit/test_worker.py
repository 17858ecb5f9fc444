"""tablecheck/worker.py, the engine worker's side of the bridge, under
CPython: every answer is JSON, a rejected request names its field, nothing is
thrown across the boundary."""

import json

import pytest

from tablecheck import api, worker

ENTERED = {"system": "dice", "check": "roll", "expression": "3d6+2", "dice": [2, 5, 1]}


def test_catalog_is_the_api_catalog_as_json():
    assert json.loads(worker.catalog()) == json.loads(json.dumps(api.catalog()))


def test_catalog_in_the_pages_language():
    # static/js/engine.js asks the catalog in the page's language
    assert worker.catalog("en") == worker.catalog()
    german = json.loads(worker.catalog("de"))
    assert german == json.loads(json.dumps(api.catalog(locale="de")))
    assert german["systems"]["dark_eye"]["checks"]["skill"]["label"] == "Fertigkeitsprobe"
    refused = json.loads(worker.catalog("fr"))["error"]
    assert refused["field"] == "locale" and refused["code"] == "choice"


def test_resolve_takes_and_gives_json_text():
    got = json.loads(worker.resolve(json.dumps(ENTERED)))
    assert got == api.resolve(dict(ENTERED))
    assert got["total"] == 10


def test_odds_takes_and_gives_json_text():
    request = {"system": "dice", "check": "roll", "expression": "2d6"}
    got = json.loads(worker.odds(json.dumps(request)))
    assert got["distribution"]["7"] == pytest.approx(6 / 36)


@pytest.mark.parametrize("request_, field", [
    ({"system": "nope", "check": "roll"}, "system"),
    ({"system": "dice", "check": "roll", "expression": "3d"}, "expression"),
    ({"system": "dice", "check": "roll", "expression": "3d6", "dice": [1]}, "dice"),
    (42, "request"),
    (None, "request"),
])
def test_rejected_request_answers_an_error_naming_the_field(request_, field):
    for fn in (worker.resolve, worker.odds):
        if fn is worker.odds and field == "dice":
            continue
        answer = json.loads(fn(json.dumps(request_)))
        assert list(answer) == ["error"]
        assert answer["error"]["field"] == field
        assert answer["error"]["message"]


def test_missing_dice_error_keeps_the_extra_data():
    answer = json.loads(worker.resolve(json.dumps({**ENTERED, "dice": [4]})))
    assert [d["sides"] for d in answer["error"]["needed"]] == [6, 6]


def test_text_that_is_not_json_names_the_request():
    answer = json.loads(worker.resolve("{not json"))
    assert answer["error"]["field"] == "request"
    assert "not valid JSON" in answer["error"]["message"]


def test_an_internal_error_is_reported_not_raised(monkeypatch):
    def broken(request):
        raise ZeroDivisionError("oops")
    monkeypatch.setattr(api, "resolve", broken)
    answer = json.loads(worker.resolve(json.dumps(ENTERED)))
    assert answer["error"]["field"] is None
    assert answer["error"]["message"] == "internal error: ZeroDivisionError: oops"


def test_a_result_that_is_not_json_safe_is_reported(monkeypatch):
    monkeypatch.setattr(api, "odds", lambda request: {"outcomes": {"x": float("nan")}})
    answer = json.loads(worker.odds(json.dumps({"system": "dice"})))
    assert answer["error"]["field"] is None
    assert answer["error"]["message"].startswith("internal error: result is not JSON-safe")


def test_unknown_call_and_ping():
    assert worker.call("explode")["error"]["message"] == "unknown call 'explode'"
    pong = json.loads(worker.ping())
    assert pong["version"] == json.loads(worker.catalog())["version"]


def test_import_character_takes_and_gives_json_text():
    hero = {"clientVersion": "1.5.2", "name": "Alrike", "talents": {"TAL_3": 9},
            "attr": {"values": [{"id": f"ATTR_{i}", "value": 10 + i} for i in range(1, 9)]}}
    request = {"system": "dark_eye", "format": "optolith", "data": hero}
    got = json.loads(worker.import_character(json.dumps(request)))
    assert got == api.import_character(request)
    assert got["character"]["sheet"]["numbers"]["AGI"] == 16


def test_json_nested_too_deeply_names_the_request():
    """json.loads raises RecursionError (not ValueError) on arrays nested
    thousands deep: it was an "internal error" with a traceback."""
    deep = '{"system": "dark_eye", "format": "optolith", "data": ' + "[" * 100_000 + "]" * 100_000 + "}"
    for fn in (worker.import_character, worker.resolve):
        answer = json.loads(fn(deep))
        assert answer["error"]["field"] == "data[0]"  # the place where it goes too deep
        assert answer["error"]["message"].startswith("is nested more than 100 deep")


@pytest.mark.parametrize("text,field,code,words", [
    ('{"system": "dark_eye", "locale": "de", x', "request", "syntax", "ist kein gültiges JSON: "),
    ('{"locale": "de", "a": ' + "[" * 200, "a[0]", "type", "ist mehr als 100 Ebenen tief verschachtelt"),
    ('{"locale": "de", "a": 1' + "0" * 5000 + "}", "a", "range", "ist eine ganze Zahl mit 5.001 Ziffern"),
])
def test_json_text_the_rules_cannot_read_is_refused_in_the_language_it_names(text, field, code, words):
    de = json.loads(worker.resolve(text))["error"]
    en = json.loads(worker.resolve(text.replace('"locale": "de"', '"locale": "en"')))["error"]
    assert (de["field"], de["code"]) == (en["field"], en["code"]) == (field, code)
    assert de["message"].startswith(words) and not en["message"].startswith(words)
    assert {k: v for k, v in de.items() if k != "message"} == {k: v for k, v in en.items() if k != "message"}
    fr = json.loads(worker.resolve(text.replace('"locale": "de"', '"locale": "fr"')))["error"]
    assert fr == en  # a language the API does not have: English
