"""[ax]'s character sheet (games/ax/sheet.py): the sheet as
static/js/characters.js declared it, and what a character fills."""

import json

from tablecheck import api

from .helpers import SYS, card, resolve


def test_sheet_is_the_one_characters_js_declared():
    sheet = api.catalog()["systems"][SYS]["sheet"]
    assert sheet["numbers"] == []
    attributes, skills = sheet["tables"]
    assert attributes == {
        "key": "attributes", "label": "Attributes", "noun": "attribute",
        "columns": [{"key": "name", "type": "text", "label": "Attribute"},
                    {"key": "value", "type": "int", "label": "Dice (d10)", "min": 0, "max": 20,
                     "default": 2}],
        "defaults": [{"name": "Physique", "value": 3}, {"name": "Size", "value": 2},
                     {"name": "Passion", "value": 2}, {"name": "Genius", "value": 2}]}
    assert skills == {
        "key": "skills", "label": "Skills", "noun": "skill",
        "columns": [{"key": "name", "type": "text", "label": "Skill"},
                    {"key": "attribute", "type": "ref", "label": "Attribute", "ref": "attributes"},
                    {"key": "bonus", "type": "int", "label": "Bonus", "min": -20, "max": 20,
                     "default": 1}],
        "defaults": [{"name": "Persuade", "attribute": "Passion", "bonus": 1}]}


CHARACTER = {"name": "Ann", "sheet": {"numbers": {}, "tables": {
    "attributes": [{"name": "Physique", "value": 3}, {"name": "Passion", "value": 2},
                   {"name": "Broken", "value": "x"}],
    "skills": [{"name": "Persuade", "attribute": "Passion", "bonus": 1},
               {"name": "Lift", "attribute": "Physique", "bonus": -2},
               {"name": "Orphan", "attribute": "Nowhere", "bonus": 0}]}}}


def test_fill_with_bonus_as_characters_js():
    options = api.fill({"system": SYS, "character": CHARACTER,
                        "params": ["attribute", "difficulty", "bonus", "assistant"]})["options"]
    assert options == [
        {"label": "Physique 3d10", "values": {"attribute": 3, "bonus": 0}, "what": "Physique"},
        {"label": "Passion 2d10", "values": {"attribute": 2, "bonus": 0}, "what": "Passion"},
        {"label": "Persuade (Passion 2d10, +1)", "values": {"attribute": 2, "bonus": 1},
         "what": "Persuade"},
        {"label": "Lift (Physique 3d10, -2)", "values": {"attribute": 3, "bonus": -2},
         "what": "Lift"},
    ]
    json.dumps(options)


def test_fill_without_bonus_and_for_other_groups():
    options = api.fill({"system": SYS, "character": CHARACTER, "params": ["attribute"]})["options"]
    assert [o["label"] for o in options] == ["Physique 3d10", "Passion 2d10",
                                             "Persuade (Passion 2d10)", "Lift (Physique 3d10)"]
    assert all(set(o["values"]) == {"attribute"} for o in options)
    assert api.fill({"system": SYS, "character": CHARACTER, "params": ["members"]})["options"] == []


def test_filled_form_rolls_with_the_skill_on_the_card():
    (option,) = [o for o in api.fill({"system": SYS, "character": CHARACTER,
                                      "params": ["attribute", "bonus"]})["options"]
                 if o["what"] == "Persuade"]
    r = resolve("flat", [4, 8], difficulty=10, characters={"": "Ann"},
                labels={"": option["what"]}, **option["values"])
    assert card(r)["title"] == "Flat check: Persuade"
    assert r["line"] == "Ann, Persuade, bonus +1: success, total 13 vs difficulty 10"
