"""Shadows of the Unknown's character sheet (games/shadows_of_the_unknown/
sheet.py): the sheet as static/js/characters.js declared it, and what a
character's sheet fills (as characters.js fillOptions did)."""

import json

from tablecheck import api

from .helpers import SYS, task


def test_catalog_sheet_is_what_characters_js_declared():
    sheet = api.catalog()["systems"][SYS]["sheet"]
    assert sheet["numbers"] == []
    assert sheet["tables"] == [
        {"key": "attributes", "label": "Attributes", "noun": "attribute",
         "columns": [{"key": "name", "type": "text", "label": "Attribute"},
                     {"key": "value", "type": "int", "label": "Value", "min": 0, "max": 40,
                      "default": 10}],
         "defaults": [{"name": "Strength", "value": 10}, {"name": "Agility", "value": 10},
                      {"name": "Intelligence", "value": 10}, {"name": "Willpower", "value": 10}]},
        {"key": "skills", "label": "Skills", "noun": "skill",
         "columns": [{"key": "name", "type": "text", "label": "Skill"},
                     {"key": "attribute", "type": "ref", "label": "Controlling attribute",
                      "ref": "attributes"},
                     {"key": "rating", "type": "int", "label": "Skill rating", "min": 0,
                      "max": 40, "default": 1}],
         "defaults": [{"name": "Stealth", "attribute": "Agility", "rating": 3}]},
    ]


# -- what a character fills ------------------------------------------------------------
SIL = {"name": "Sil", "sheet": {"tables": {
    "attributes": [{"name": "Agility", "value": 12}, {"name": "Willpower", "value": 9}],
    "skills": [{"name": "Stealth", "attribute": "Agility", "rating": 3},
               {"name": "Odd", "attribute": "Nope", "rating": 2}]}}}


def fill(params, character=SIL):
    return api.fill({"system": SYS, "character": character, "params": params})["options"]


def test_fill_a_task_with_attributes_and_skills_with_their_controlling_attribute():
    # what characters.js fillOptions gave for Sil (run under node at 3d54da5),
    # an unknown controlling attribute counting 0
    assert fill(["rating", "controlling_attribute", "difficulty"]) == [
        {"label": "Agility 12", "values": {"rating": 12, "controlling_attribute": None},
         "what": "Agility"},
        {"label": "Willpower 9", "values": {"rating": 9, "controlling_attribute": None},
         "what": "Willpower"},
        {"label": "Stealth 3 + Agility 12", "values": {"rating": 3, "controlling_attribute": 12},
         "what": "Stealth"},
        {"label": "Odd 2 + Nope 0", "values": {"rating": 2, "controlling_attribute": 0},
         "what": "Odd"},
    ]


def test_fill_without_a_controlling_attribute_field_adds_it_to_the_rating():
    assert [o["values"] for o in fill(["rating", "difficulty"])] == [
        {"rating": 12}, {"rating": 9}, {"rating": 15}, {"rating": 2}]
    assert fill(["expression"]) == []


def test_fill_skips_rows_with_bad_data():
    bad = json.loads(json.dumps(SIL))
    bad["sheet"]["tables"]["attributes"].append({"name": "Luck", "value": "high"})
    bad["sheet"]["tables"]["skills"].append({"name": "Sneak", "attribute": "Agility"})
    bad["sheet"]["tables"]["skills"].append("not a row")
    assert [o["label"] for o in fill(["rating", "controlling_attribute"], bad)] == [
        "Agility 12", "Willpower 9", "Stealth 3 + Agility 12", "Odd 2 + Nope 0"]


def test_fill_options_resolve_as_they_are():
    stealth = fill(["rating", "controlling_attribute", "difficulty"])[2]
    r = task(dice=[12], difficulty="near_impossible", **stealth["values"],
             labels={"": stealth["what"]}, characters={"": "Sil"})
    assert r["line"] == "Sil, Stealth: failure, rolled 12 vs TN 3 (Near Impossible)"
