"""A Dungeons of Olde character (games/dungeons_of_olde/sheet.py): the sheet as
static/js/characters.js declared it and what it fills."""

from tablecheck import api

from .helpers import CHARACTER, OPPOSED_DICE, SYS, roll


def test_sheet_is_the_one_characters_js_declared():
    sheet = api.catalog()["systems"][SYS]["sheet"]
    assert sheet["numbers"] == []
    assert sheet["tables"] == [
        {"key": "stats", "label": "Stats", "noun": "stat",
         "columns": [{"key": "name", "type": "text", "label": "Stat"},
                     {"key": "value", "type": "int", "label": "Die (d2-d20)", "min": 2, "max": 20,
                      "default": 6}],
         "defaults": [{"name": "Brawn", "value": 8}, {"name": "Nerve", "value": 6},
                      {"name": "Savvy", "value": 6}]},
        {"key": "skills", "label": "Skills", "noun": "skill",
         "columns": [{"key": "name", "type": "text", "label": "Skill"},
                     {"key": "stat", "type": "ref", "label": "Check stat", "ref": "stats"}],
         "defaults": [{"name": "Forage", "stat": "Savvy"}]},
    ]


def test_fill_as_characters_js():
    options = api.fill({"system": SYS, "character": CHARACTER,
                        "params": ["stat", "modification", "adjustment"]})["options"]
    assert options == [
        {"label": "Brawn d8", "values": {"stat": 8}, "what": "Brawn"},
        {"label": "Savvy d6", "values": {"stat": 6}, "what": "Savvy"},
        {"label": "Forage (Savvy d6)", "values": {"stat": 6}, "what": "Forage"},
    ]
    assert api.fill({"system": SYS, "character": CHARACTER, "params": ["cr"]})["options"] == []


def test_instigator_filled_from_a_skill_titles_the_card():
    r = roll("opposed", OPPOSED_DICE, instigator={"stat": 6}, target={"stat": 8},
             labels={"instigator": "Forage"})
    assert r["card"]["title"] == "Opposed attempt: Forage"
    assert r["line"].startswith("Forage: Critical Success")
