"""tablecheck.api: the contract every caller relies on (shared spec api.md)."""

import json

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest


def test_invalid_request_is_a_value_error():
    assert issubclass(api.InvalidRequest, ValueError)
    assert api.InvalidRequest is InvalidRequest


def test_catalog_is_json_safe_and_lists_checks_with_outcomes():
    cat = api.catalog()
    json.dumps(cat)
    assert "dice" in cat["systems"]
    for system in cat["systems"].values():
        assert system["checks"], system["id"]
        for check in system["checks"].values():
            assert check["outcomes"], check["id"]
            assert set(check["outcome_labels"]) == set(check["outcomes"])
            for p in check["params"]:
                assert {"name", "type", "label"} <= set(p)


@pytest.mark.parametrize("request_, field", [
    ({"system": "nope", "check": "roll"}, "system"),
    ({"system": "dice", "check": "nope"}, "check"),
    ({"system": "dice", "check": "roll"}, "expression"),
    ({"system": "dice", "check": "roll", "expression": "1d6", "colour": 1}, "colour"),
    ({"system": "dice", "check": "roll", "expression": 5}, "expression"),
    ({"system": "dice", "check": "roll", "expression": "1d6", "seed": "x"}, "seed"),
    ({"system": "dice", "check": "roll", "expression": "1d6", "dice": 3}, "dice"),
    ("not a dict", "request"),
])
def test_bad_requests_name_the_field(request_, field):
    with pytest.raises(InvalidRequest) as err:
        api.resolve(request_)
    assert err.value.field == field
    assert err.value.to_dict()["field"] == field


def test_entered_dice_too_few_says_how_many_more_and_which():
    with pytest.raises(InvalidRequest) as err:
        api.resolve({"system": "dice", "check": "roll", "expression": "3d6", "dice": [4]})
    assert err.value.field == "dice"
    assert "2 more dice needed" in err.value.message
    assert err.value.extra["needed"] == [{"sides": 6, "label": "d6 2"}, {"sides": 6, "label": "d6 3"}]


def test_entered_dice_too_many_and_bad_face():
    with pytest.raises(InvalidRequest, match="too many"):
        api.resolve({"system": "dice", "check": "roll", "expression": "1d6", "dice": [4, 5]})
    with pytest.raises(InvalidRequest, match="has faces 1-6") as err:
        api.resolve({"system": "dice", "check": "roll", "expression": "1d6", "dice": [7]})
    assert err.value.field == "dice[0]"


def test_seeded_results_repeat_and_results_are_json_safe():
    req = {"system": "dice", "check": "roll", "expression": "3d6", "seed": 42}
    first = api.resolve(req)
    assert api.resolve(dict(req)) == first
    json.dumps(first)
    for key in ("system", "check", "outcome", "success", "rolls", "summary", "steps"):
        assert key in first


@pytest.mark.parametrize("value, clean", [
    ("Near impossible", "near_impossible"),
    ("near-impossible", "near_impossible"),
    ("ROUTINE", "routine"),
    ("difficult", "standard"),
])
def test_choice_words_match_any_case_and_the_rules_aliases(value, clean):
    from tablecheck.params import Choice, validate
    p = Choice("difficulty", [("routine", "Routine"), ("standard", "Standard"),
                              ("near_impossible", "Near impossible")],
               aliases={"difficult": "standard"})
    assert validate([p], {"difficulty": value}, reserved=()) == {"difficulty": clean}
    with pytest.raises(InvalidRequest) as err:
        validate([p], {"difficulty": "heroic"}, reserved=())
    assert err.value.field == "difficulty"
