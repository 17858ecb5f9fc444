"""The Dark Eye's wiring (games/dark_eye/__init__.py): the catalog, every check's
parameters and the fields bad input names."""

import json

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest

from dark_eye_brute import exact, hero, odds, resolve, skill


# -- catalog and vocabulary ------------------------------------------------------
def test_catalog_lists_every_dark_eye_check_with_description_and_attribute_abbreviations():
    cat = api.catalog()["systems"]["dark_eye"]
    json.dumps(cat)
    assert cat["attributes"] == ["COU", "SGC", "INT", "CHA", "DEX", "AGI", "CON", "STR"]
    assert cat["attribute_names"]["SGC"] == "Sagacity"
    assert set(cat["checks"]) == {"attribute", "skill", "competitive", "cumulative", "group",
                                  "group_competitive", "cumulative_skills"}
    for check in cat["checks"].values():
        assert check["description"]
        for p in check["params"]:
            assert p["label"] != p["name"] or p["name"] in ("a", "b")
    skill = {p["name"]: p for p in cat["checks"]["skill"]["params"]}
    assert skill["rating"]["min"] == 0 and skill["modifier"]["default"] == 0
    assert skill["attempt"]["default"] == 1
    assert cat["checks"]["skill"]["outcomes"] == [
        "spectacular_success", "critical_success", "success", "failure", "botch",
        "spectacular_botch"]


def test_seeded_checks_repeat_and_odds_sum_to_one_for_every_check():
    requests = [
        ("attribute", {"value": 13, "modifier": -2}),
        ("skill", {"attributes": [12, 13, 14], "rating": 7, "attempt": 2}),
        ("competitive", {"a": hero(5), "b": hero(7), "passive": "b"}),
        ("cumulative", {"attributes": [12, 13, 14], "rating": 7, "max_checks": 7}),
        ("group", {"members": [hero(5), hero(7), hero(3)], "max_rounds": 4}),
        ("group_competitive", {"a": [hero(5), hero(3)], "b": [hero(7)], "passive": None}),
        ("cumulative", {"attributes": [12, 13, 14], "rating": 7, "max_checks": 7,
                        "modifiers": [1, -1, 2]}),
        ("cumulative_skills", {"skills": [skill(4, 7), skill(3, 5, (13, 12, 11))],
                               "max_checks": 6, "modifiers": [0, 2], "order": [2], "partial": 4}),
    ]
    for check, params in requests:
        for seed in range(30):
            first = resolve(check, seed=seed, **params)
            assert resolve(check, seed=seed, **params) == first
            json.dumps(first)
            for die in first["rolls"]:
                assert die["label"] and die["sides"] == 20
        o = odds(check, **params)
        assert sum(exact(o).values()) == 1
        json.dumps(o)


# -- bad input ---------------------------------------------------------------
@pytest.mark.parametrize("check, params, field", [
    pytest.param("skill", {"attributes": [12, 13], "rating": 4}, "attributes", id="two attributes"),
    pytest.param("skill", {"attributes": [12, 13, 14], "rating": -1}, "rating", id="negative rating"),
    pytest.param("skill", {"attributes": [12, 13, 14], "rating": 4.5}, "rating", id="non-integer"),
    pytest.param("skill", {"attributes": [12, "x", 14], "rating": 4}, "attributes[1]",
                 id="non-integer attribute"),
    pytest.param("skill", {"attributes": [12, 13, 14], "rating": 4, "attempt": 0}, "attempt",
                 id="attempt 0"),
    pytest.param("skill", {"attributes": [12, 13, 14], "names": ["COU", "XYZ", "INT"]},
                 "names[1]", id="unknown attribute name"),
    pytest.param("cumulative", {"attributes": [12, 13, 14], "rating": 4, "max_checks": 0},
                 "max_checks", id="max_checks 0"),
    pytest.param("group", {"members": [], "max_rounds": 3}, "members", id="empty group"),
    pytest.param("group", {"members": [hero(3), {"attributes": [1, 2], "rating": 3}]},
                 "members[1].attributes", id="member with two attributes"),
    pytest.param("group_competitive", {"a": [], "b": [hero(3)]}, "a", id="empty side"),
    pytest.param("competitive", {"a": hero(3), "b": hero(-2)}, "b.rating",
                 id="negative rating of side b"),
    pytest.param("competitive", {"a": hero(3), "b": hero(3), "passive": "c"}, "passive",
                 id="unknown passive side"),
    pytest.param("attribute", {"value": "high"}, "value", id="non-integer value"),
])
def test_bad_input_names_the_field(check, params, field):
    for call in (resolve, odds):
        with pytest.raises(InvalidRequest) as err:
            call(check, **params)
        assert err.value.field == field


# -- contract: `attempt` in every skill parameters, but retries only for simple checks --
ATTEMPT_CASES = [
    pytest.param("competitive", lambda n: {"a": hero(4, attempt=n), "b": hero(4)}, "a.attempt",
                 id="contract competitive a: skill parameters with attempt"),
    pytest.param("competitive", lambda n: {"a": hero(4), "b": hero(4, attempt=n)}, "b.attempt",
                 id="contract competitive b: skill parameters with attempt"),
    pytest.param("cumulative", lambda n: {"attributes": [12, 12, 12], "rating": 4, "attempt": n,
                                          "max_checks": 3}, "attempt",
                 id="contract cumulative: skill parameters with attempt"),
    pytest.param("group", lambda n: {"members": [hero(4), hero(4, attempt=n)], "max_rounds": 2},
                 "members[1].attempt", id="contract group members: skill parameters with attempt"),
    pytest.param("group_competitive", lambda n: {"a": [hero(4)], "b": [hero(4, attempt=n)]},
                 "b[0].attempt", id="contract group competitive: skill parameters with attempt"),
]


@pytest.mark.parametrize("check, params, field", ATTEMPT_CASES)
def test_attempt_1_is_accepted_and_a_retry_refused_outside_simple_checks(check, params, field):
    # rule: "Retry: not applicable" to competitive checks; cumulative and group checks
    # count their own checks instead
    first = resolve(check, seed=7, **params(1))
    assert first["outcome"] in api.catalog()["systems"]["dark_eye"]["checks"][check]["outcomes"]
    assert sum(exact(odds(check, **params(1))).values()) == 1
    for call in (resolve, odds):
        with pytest.raises(InvalidRequest) as err:
            call(check, **params(2))
        assert err.value.field == field
        assert "at most 1" in err.value.message


def _find(params, name):
    for p in params:
        if p["name"] == name:
            return p
        for sub in (p.get("fields") or []) + ([p["item"]] if p.get("item") else []):
            found = _find([sub], name) or _find(sub.get("fields") or [], name)
            if found:
                return found
    return None


@pytest.mark.parametrize("check", ["competitive", "cumulative", "group", "group_competitive",
                                   "cumulative_skills"])
def test_catalog_attempt_is_fixed_at_1_with_help_outside_simple_checks(check):
    params = api.catalog()["systems"]["dark_eye"]["checks"][check]["params"]
    attempt = _find(params, "attempt")
    assert attempt["min"] == attempt["max"] == attempt["default"] == 1
    assert attempt["help"] == "retries do not apply to competitive, cumulative or group checks"
    skill = _find(api.catalog()["systems"]["dark_eye"]["checks"]["skill"]["params"], "attempt")
    assert skill["max"] > 1
