"""[ax] as wired (games/ax/__init__.py): the catalog, seeds, the rules
across fields refused alike by resolve and odds."""

import json

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest

from .helpers import SYS, req


@pytest.mark.parametrize("check, params", [
    ("flat", {"attribute": 4, "difficulty": 14}),
    ("group", {"members": [2, 3, 4], "difficulty": 12, "required": 3}),
    ("contest", {"sides": [{"attribute": 2}, {"attribute": 2}]}),
])
def test_seeded_results_repeat_and_are_json_safe(check, params):
    first = api.resolve(req(check, seed=7, **params))
    assert api.resolve(req(check, seed=7, **params)) == first
    json.dumps(first)
    json.dumps(api.odds(req(check, **params)))
    # replaying the seeded dice as entered dice gives the same result
    replay = api.resolve(req(check, [d["value"] for d in first["rolls"]], **params))
    assert replay["outcome"] == first["outcome"]
    assert replay["rolls"] == first["rolls"]


def test_catalog_declares_the_checks_with_labels_and_ranges():
    cat = api.catalog()["systems"]["ax"]
    assert list(cat["checks"]) == ["flat", "group", "contest", "table"]
    flat_params = {p["name"]: p for p in cat["checks"]["flat"]["params"]}
    assert flat_params["attribute"]["min"] == 0
    assert flat_params["assistant"]["nullable"] is True
    assert cat["checks"]["contest"]["outcomes"][:2] == ["side_1", "side_2"]
    assert all(c["description"] for c in cat["checks"].values())
    json.dumps(cat)


# -- errors ---------------------------------------------------------------------------------
@pytest.mark.parametrize("request_, field", [
    (req("group", members=[2, 2], difficulty=10, required=4, maximum=3), "maximum"),
    (req("contest", sides=[{"attribute": 0, "bonus": 0}, {"attribute": 0, "bonus": 0}]), "sides"),
    (req("table", min_difficulty=10, max_difficulty=5), "max_difficulty"),
])
def test_errors_carry_the_range_code(request_, field):
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call(request_)
        assert err.value.field == field and err.value.to_dict()["code"] == "range"


# -- catalog: form hints and the character sheet ------------------------------------------
def test_catalog_initial_values_from_the_old_ui_defaults():
    checks = api.catalog()["systems"][SYS]["checks"]
    flat = {p["name"]: p for p in checks["flat"]["params"]}
    group = {p["name"]: p for p in checks["group"]["params"]}
    assert flat["attribute"]["initial"] == 3 and flat["difficulty"]["initial"] == 12
    assert group["members"]["item"]["initial"] == 3
    assert group["required"]["initial"] == 3 and group["maximum"]["initial"] == 6


# -- the GM table -------------------------------------------------------------------------
def test_table_is_odds_only_in_the_catalog():
    checks = api.catalog()["systems"][SYS]["checks"]
    assert checks["table"]["rolls_dice"] is False
    assert all(checks[c]["rolls_dice"] for c in ("flat", "group", "contest"))


def test_contest_catalog_tones_are_neutral():
    tones = api.catalog()["systems"][SYS]["checks"]["contest"]["outcome_tones"]
    assert set(tones.values()) == {"neutral"}
