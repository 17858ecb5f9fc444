"""Shadows of the Unknown as wired (games/shadows_of_the_unknown/__init__.py):
the catalog's checks, words, tones and dice examples."""

import json

from tablecheck import api

from .helpers import SYS


# -- catalog ------------------------------------------------------------------
def test_catalog_declares_task_and_dice_with_the_games_words():
    cat = api.catalog()["systems"][SYS]
    assert set(cat["checks"]) == {"task", "dice"}
    task_check = cat["checks"]["task"]
    assert task_check["outcomes"] == ["automatic_success", "outstanding_success",
                                      "success", "failure"]
    params = {p["name"]: p for p in task_check["params"]}
    assert [c["value"] for c in params["difficulty"]["choices"]] == [
        "automatic", "simplistic", "routine", "standard", "formidable", "near_impossible"]
    assert params["rating"]["min"] == 0
    assert params["controlling_attribute"]["nullable"] is True
    assert cat["checks"]["dice"]["params"][0]["default"] == "1D10"
    assert [lvl["factor"] for lvl in cat["difficulty_levels"]] == [
        None, "x4", "x2", "x1", "x1/2", "x1/4"]
    json.dumps(cat)


# -- the catalog ---------------------------------------------------------------------
def catalog():
    return api.catalog()["systems"][SYS]


def test_catalog_tones_and_dice_examples():
    checks = catalog()["checks"]
    assert checks["task"]["outcome_tones"] == {
        "automatic_success": "good", "outstanding_success": "great", "success": "good",
        "failure": "bad"}
    assert checks["dice"]["outcome_tones"] == {"rolled": "neutral"}
    (expression,) = checks["dice"]["params"]
    assert expression["examples"] == catalog()["dice_examples"] == \
        ["1D10", "2D6-2", "3D6+2", "1D6", "2D10"]
