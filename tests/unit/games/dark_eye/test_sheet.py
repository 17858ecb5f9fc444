"""The Dark Eye's character sheet and fill (games/dark_eye/sheet.py), with the
catalog's form hints and vocabulary; what a character's sheet fills (as
static/js/characters.js fillOptions did)."""

import json

from tablecheck import api
from tablecheck.games.dark_eye import SHEET_HINT

from dark_eye_card_help import resolve


# -- catalog: form hints, vocabulary, sheet ----------------------------------------------------------
def _param(params, name):
    return next(p for p in params if p["name"] == name)


def test_catalog_names_pair_with_attributes_and_items_start_at_12():
    checks = api.catalog()["systems"]["dark_eye"]["checks"]
    skill = checks["skill"]["params"]
    assert _param(skill, "names")["pairs"] == "attributes"
    assert _param(skill, "attributes")["item"]["initial"] == 12
    member = _param(checks["group"]["params"], "members")["item"]["fields"]
    assert _param(member, "names")["pairs"] == "attributes"
    for side in ("a", "b"):
        assert _param(_param(checks["competitive"]["params"], side)["fields"], "names")["pairs"] \
            == "attributes"


def test_catalog_vocabulary_and_tones():
    cat = api.catalog()["systems"]["dark_eye"]
    assert cat["vocabulary"]["attributes"][0] == {"id": "COU", "name": "Courage"}
    assert [v["id"] for v in cat["vocabulary"]["combat_values"]] == ["AT", "PA", "DO", "RC"]
    assert cat["checks"]["competitive"]["outcome_tones"] == {
        "a_wins": "neutral", "b_wins": "neutral", "unresolved": "neutral"}
    assert cat["checks"]["cumulative"]["outcome_tones"]["partial_success"] == "partial"


def test_catalog_sheet_is_characters_js_sheets_dark_eye():
    sheet = api.catalog()["systems"]["dark_eye"]["sheet"]
    assert sheet["numbers_label"] == "Attributes"
    assert [(n["key"], n["label"], n["default"], n.get("referable", True)) for n in sheet["numbers"]] == [
        ("COU", "Courage (COU)", 12, True), ("SGC", "Sagacity (SGC)", 12, True),
        ("INT", "Intuition (INT)", 12, True), ("CHA", "Charisma (CHA)", 12, True),
        ("DEX", "Dexterity (DEX)", 12, True), ("AGI", "Agility (AGI)", 12, True),
        ("CON", "Constitution (CON)", 12, True), ("STR", "Strength (STR)", 12, True),
        ("AT", "Attack (AT)", 12, False), ("PA", "Parry (PA)", 7, False),
        ("DO", "Dodge (DO)", 6, False), ("RC", "Ranged combat (RC)", 10, False),
        ("FtP", "Fate points (FtP)", 3, False)]
    assert all((n["min"], n["max"]) == (0, 40) for n in sheet["numbers"][:-1])
    # fate points: a counter the page counts down; older records without it read 3
    assert sheet["numbers"][-1] == {"key": "FtP", "label": "Fate points (FtP)", "min": 0, "max": 20,
                                    "default": 3, "referable": False, "counter": True, "optional": True}
    (skills,) = sheet["tables"]
    assert (skills["key"], skills["label"], skills["noun"]) == ("skills", "Skills", "skill")
    assert skills["columns"] == [
        # the name offers the core skill list (issue 27; tests/unit/test_suggest_hints.py)
        {"key": "name", "type": "text", "label": "Skill", "suggest": SHEET_HINT},
        {"key": "a1", "type": "ref", "label": "1st attribute", "ref": "numbers"},
        {"key": "a2", "type": "ref", "label": "2nd attribute", "ref": "numbers"},
        {"key": "a3", "type": "ref", "label": "3rd attribute", "ref": "numbers"},
        {"key": "rating", "type": "int", "label": "Skill rating", "min": 0, "max": 40, "default": 4},
        {"key": "aptitude", "type": "bool", "label": "Aptitude", "default": False}]
    assert skills["defaults"] == [
        {"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 4},
        {"name": "Perception", "a1": "SGC", "a2": "INT", "a3": "INT", "rating": 6}]


# -- fill: what characters.js fillOptions gave ---------------------------------------------------------
ALRIK = {"name": "Alrik", "sheet": {
    "numbers": {"COU": 14, "SGC": 12, "INT": 13, "CHA": 11, "DEX": 12, "AGI": 13, "CON": 12,
                "STR": 15, "AT": 12, "PA": 7, "DO": 6, "RC": 10},
    "tables": {"skills": [{"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 4},
                          {"name": "Perception", "a1": "SGC", "a2": "INT", "a3": "INT", "rating": 6}]}}}


def fill(params, character=ALRIK):
    return api.fill({"system": "dark_eye", "character": character, "params": params})["options"]


SKILL_OPTIONS = [
    {"label": "Climbing (COU/AGI/STR, SR 4)",
     "values": {"attributes": [14, 13, 15], "rating": 4, "names": ["COU", "AGI", "STR"]},
     "what": "Climbing"},
    {"label": "Perception (SGC/INT/INT, SR 6)",
     "values": {"attributes": [12, 13, 13], "rating": 6, "names": ["SGC", "INT", "INT"]},
     "what": "Perception"},
]


def test_fill_a_skill_check_with_the_skills():
    assert fill(["attributes", "names", "rating", "modifier", "attempt"]) == SKILL_OPTIONS


def test_fill_a_group_member_adds_the_heros_name():
    options = fill(["name", "attributes", "names", "rating", "modifier", "attempt"])
    assert [o["values"]["name"] for o in options] == ["Alrik", "Alrik"]
    assert [o["label"] for o in options] == [o["label"] for o in SKILL_OPTIONS]


def test_fill_an_attribute_check_with_attributes_and_combat_values():
    options = fill(["value", "modifier", "name"])
    assert [o["label"] for o in options] == [
        "Courage (COU) 14", "Sagacity (SGC) 12", "Intuition (INT) 13", "Charisma (CHA) 11",
        "Dexterity (DEX) 12", "Agility (AGI) 13", "Constitution (CON) 12", "Strength (STR) 15",
        "Attack (AT) 12", "Parry (PA) 7", "Dodge (DO) 6", "Ranged combat (RC) 10"]
    assert options[0] == {"label": "Courage (COU) 14", "values": {"value": 14, "name": "COU"},
                          "what": "Courage (COU)"}
    assert options[-1]["values"] == {"value": 10, "name": "RC"}


def test_fill_options_resolve_as_they_are():
    (climbing, _) = fill(["attributes", "names", "rating"])
    r = resolve("skill", **climbing["values"], dice=[3, 4, 5],
                labels={"": climbing["what"]}, characters={"": "Alrik"})
    assert r["line"] == "Alrik, Climbing: success, QL 2"
    for option in fill(["value", "modifier", "name"]):
        assert resolve("attribute", **option["values"], dice=[5])["card"]["title"] == \
            f"Attribute check: {option['what']}"


def test_fill_skips_rows_with_bad_data():
    bad = json.loads(json.dumps(ALRIK))
    bad["sheet"]["tables"]["skills"] += [
        {"name": "Swimming", "a1": "AGI", "a2": "AT", "a3": "STR", "rating": 4},  # a combat value
        {"name": "Singing", "a1": "INT", "a2": "CHA", "a3": "CON", "rating": "5"},
        {"name": "", "a1": "INT", "a2": "CHA", "a3": "CON", "rating": 5},
        "not a row",
    ]
    bad["sheet"]["numbers"]["PA"] = 7.5
    assert fill(["attributes", "names", "rating"]) == fill(["attributes", "names", "rating"], bad)
    assert "Parry (PA) 7.5" not in [o["label"] for o in fill(["value"], bad)]
    assert len(fill(["value"], bad)) == 11


def test_fill_an_unrelated_group_offers_nothing():
    assert fill(["passive"]) == []


def test_fill_labels_are_in_the_requests_language():
    """A fill option's label in German (api.md "Languages"): the skill's
    German name, MU/GE/KK and FW; the values it fills and `what` (the name
    the page matches) do not change with the language."""
    from tablecheck import api
    hero = {"name": "Alrik", "sheet": {
        "numbers": {"COU": 12, "SGC": 11, "INT": 13, "CHA": 10, "DEX": 12, "AGI": 14, "CON": 12, "STR": 13},
        "tables": {"skills": [{"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 7}]}}}
    request = {"system": "dark_eye", "character": hero, "params": ["attributes", "rating", "names", "skill"]}
    [en] = api.fill(request)["options"]
    [de] = api.fill({**request, "locale": "de"})["options"]
    assert en["label"] == "Climbing (COU/AGI/STR, SR 7)"
    assert de["label"] == "Klettern (MU/GE/KK, FW 7)"
    assert de["values"] == en["values"] and de["what"] == en["what"] == "Climbing"
    values = {"system": "dark_eye", "character": hero, "params": ["value", "name"]}
    assert api.fill(values)["options"][0]["label"] == "Courage (COU) 12"
    assert api.fill({**values, "locale": "de"})["options"][0]["label"] == "Mut (MU) 12"
