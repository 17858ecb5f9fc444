"""What a person sees of Shadows of the Unknown (system
`shadows_of_the_unknown`): the task card, history line and odds view built
by tablecheck.display.shadows_of_the_unknown, through the API with forced
dice; the dice check handed to the generic roller's views; the catalog's
sheet and form hints; and what a character's sheet fills (as
static/js/characters.js fillOptions did)."""

import json
import sys
import types

import pytest

from tablecheck import api
from tablecheck.display.model import Card, Headline, OddsView

SYS = "shadows_of_the_unknown"


def task(dice=None, **params):
    req = {"system": SYS, "check": "task", **params}
    if dice is not None:
        req["dice"] = dice
    return api.resolve(req)


def task_odds(**params):
    return api.odds({"system": SYS, "check": "task", **params})


def facts(card):
    return {f["key"]: (f["label"], f["value"]) for f in card["facts"]}


def assert_readable(result):
    card = result["card"]
    words = [card["title"], card["headline"]["label"], result["line"]] + card["notes"]
    words += [x for f in card["facts"] for x in (f["label"], f["value"])]
    words += [x for d in card["dice"] for x in [d["label"]] + d["notes"]]
    for t in words:
        assert "_" not in t, t
    assert len(card["dice"]) == len(result["rolls"])
    if card["key"]:
        assert card["key"]["value"] in result["line"]


# -- task check ------------------------------------------------------------------------
def test_task_card_stealth_near_impossible_failure():
    # Stealth 3 + Agility 13 = 16; near impossible x1/4: TN 4
    r = task(dice=[12], rating=3, controlling_attribute=13, difficulty="near_impossible",
             characters={"": "Sil"}, labels={"": "Stealth"})
    c = r["card"]
    assert c["title"] == "Task: Stealth"
    assert c["subject"] == "Sil"
    assert c["headline"] == {"label": "Failure", "tone": "bad"}
    assert c["key"] == {"label": "Roll", "value": "12", "key": "roll"}
    assert c["facts"] == [
        {"label": "Target number (TN)", "value": "4 (Near Impossible)", "key": "target"},
        {"label": "Base", "value": "16 (skill 3 + controlling attribute 13)", "key": "base"},
        {"label": "Margin (TN - roll)", "value": "-8", "key": "margin"},
    ]
    assert c["dice"] == [{"label": "Task roll", "notes": ["TN 4"]}]
    assert c["groups"] == [] and c["choices"] == []
    assert r["line"] == "Sil, Stealth: failure, rolled 12 vs TN 4 (Near Impossible)"
    assert_readable(r)


def test_task_card_without_names_has_no_subject_and_the_checks_title():
    r = task(dice=[7], rating=10, difficulty="standard")
    c = r["card"]
    assert c["title"] == "Task" and c["subject"] is None
    assert c["headline"] == {"label": "Success", "tone": "good"}
    assert facts(c)["base"] == ("Base", "10")  # an attribute: the rating alone
    assert facts(c)["margin"] == ("Margin (TN - roll)", "+3")
    assert c["notes"] == []  # reading: an outstanding success needs a TN of 11 or more
    assert r["line"] == "Task: success, rolled 7 vs TN 10 (Standard)"


def test_task_card_rule_outstanding_success_is_10_or_more_under_the_tn():
    r = task(dice=[4], rating=15, difficulty="routine")
    c = r["card"]
    assert c["headline"] == {"label": "Outstanding success", "tone": "great"}
    assert facts(c)["target"] == ("Target number (TN)", "30 (Routine)")
    assert facts(c)["margin"][1] == "+26"
    assert_readable(r)


def test_task_card_a_plain_success_says_what_an_outstanding_one_needs():
    c = task(dice=[16], rating=12, difficulty="routine")["card"]  # TN 24
    assert c["headline"]["label"] == "Success"
    assert c["notes"] == ["An outstanding success needs a roll of 14 or less."]
    c = task(dice=[12], rating=16, difficulty="standard")["card"]
    assert c["notes"] == ["An outstanding success needs a roll of 6 or less."]


def test_task_card_rule_natural_20_always_fails_even_under_the_tn():
    r = task(dice=[20], rating=12, difficulty="routine")  # TN 24
    c = r["card"]
    assert c["headline"] == {"label": "Failure", "tone": "bad"}
    assert c["key"]["value"] == "20"
    assert "margin" not in facts(c)  # reading: the die decided, no margin
    assert c["notes"] == ["Natural 20: always a failure, even under TN 24."]
    assert c["dice"] == [{"label": "Task roll", "notes": ["TN 24", "natural 20"]}]
    assert_readable(r)


def test_task_card_rule_natural_1_always_succeeds_even_at_tn_0():
    r = task(dice=[1], rating=0, difficulty="near_impossible")
    c = r["card"]
    assert c["headline"] == {"label": "Success", "tone": "good"}
    assert c["notes"] == ["Natural 1: always a success, even over TN 0."]
    assert facts(c)["target"] == ("Target number (TN)", "0 (Near Impossible)")
    assert "margin" not in facts(c)


def test_task_card_natural_20_over_the_tn_is_just_a_failure():
    c = task(dice=[20], rating=5, difficulty="standard")["card"]
    assert c["notes"] == []
    assert facts(c)["margin"][1] == "-15"


def test_task_card_rule_automatic_is_a_success_without_a_roll():
    r = task(rating=3, difficulty="automatic", labels={"": "Climbing"})
    c = r["card"]
    assert c["headline"] == {"label": "Automatic success", "tone": "good"}
    assert c["key"] is None and c["dice"] == [] and r["rolls"] == []
    assert facts(c)["difficulty"] == ("Task difficulty", "Automatic (no roll)")
    assert r["line"] == "Climbing: automatic success, no roll"
    assert_readable(r)


@pytest.mark.parametrize("word, shown", [("Difficult", "Standard"),
                                         ("Impossible", "Near Impossible"),
                                         ("average", "Routine")],
                         ids=["reading: difficult is standard",
                              "reading: impossible is near impossible",
                              "reading: average is routine"])
def test_task_card_names_the_level_in_the_tables_words(word, shown):
    c = task(dice=[19], rating=8, difficulty=word)["card"]
    assert facts(c)["target"][1].endswith(f"({shown})")


# -- task odds ---------------------------------------------------------------------------
def test_task_odds_rows_follow_the_api_and_name_the_tn():
    o = task_odds(rating=15, difficulty="routine")  # TN 30: 1..19 succeed, 1..19 <= 20
    view = o["display"]
    assert {r["id"]: r["p"] for r in view["outcomes"]} == \
        {k: p for k, p in o["outcomes"].items() if p > 0}
    assert [(r["id"], r["tone"]) for r in view["outcomes"]] == [
        ("outstanding_success", "great"), ("failure", "bad")]
    assert view["figures"] == [
        {"label": "Target number (TN)", "value": "30", "key": "target"},
        {"label": "Chance of success", "value": "95.0%", "key": "success_chance"}]
    assert view["notes"] == ["A natural 1 always succeeds and a natural 20 always fails."]


def test_task_odds_low_tn_says_an_outstanding_success_is_out_of_reach():
    view = task_odds(rating=5, difficulty="standard")["display"]
    assert [r["id"] for r in view["outcomes"]] == ["success", "failure"]
    assert view["notes"][-1] == ("An outstanding success (10 or more under the TN) needs a TN "
                                 "of 11 or more.")


def test_task_odds_automatic_has_one_row_and_a_status():
    view = task_odds(rating=2, difficulty="automatic")["display"]
    assert [(r["id"], r["p"]) for r in view["outcomes"]] == [("automatic_success", 1.0)]
    assert view["status"] == "Automatic: an everyday task succeeds without a roll."


# -- the dice check: the generic roller's views ---------------------------------------
def test_dice_check_uses_the_dice_rollers_card_and_odds(monkeypatch):
    calls = []
    fake = types.ModuleType("tablecheck.games.dice_roller.cards")

    def roll_card(ctx, values, result):
        calls.append(("card", values["expression"], result["total"]))
        return Card(title=result["expression"], headline=Headline("Total 5", "neutral"),
                    line=f"{result['expression']}: total {result['total']}")

    def roll_odds(ctx, values, odds):
        calls.append(("odds", values["expression"]))
        return OddsView(status="from the roller")

    fake.roll_card, fake.roll_odds = roll_card, roll_odds
    monkeypatch.setitem(sys.modules, "tablecheck.games.dice_roller.cards", fake)
    r = api.resolve({"system": SYS, "check": "dice", "expression": "2D6-2", "dice": [3, 4]})
    assert r["line"] == "2d6 - 2: total 5"
    o = api.odds({"system": SYS, "check": "dice", "expression": "2D6-2"})
    assert o["display"]["status"] == "from the roller"
    assert calls == [("card", "2D6-2", 5), ("odds", "2D6-2")]


def test_dice_check_falls_back_to_plain_views_without_the_roller_display(monkeypatch):
    monkeypatch.setitem(sys.modules, "tablecheck.games.dice_roller.cards", None)  # ImportError
    r = api.resolve({"system": SYS, "check": "dice", "expression": "2D6-2", "dice": [3, 4]})
    assert r["card"]["headline"] == {"label": "Rolled", "tone": "neutral"}
    view = api.odds({"system": SYS, "check": "dice", "expression": "1D10"})["display"]
    assert [r["id"] for r in view["outcomes"]] == ["rolled"]
    assert [x for x, _ in view["charts"][0]["bars"]] == list(range(1, 11))


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


def test_catalog_sheet_is_what_characters_js_declared():
    sheet = catalog()["sheet"]
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
