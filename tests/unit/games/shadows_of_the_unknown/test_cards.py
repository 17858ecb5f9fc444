"""What a person sees of Shadows of the Unknown (games/shadows_of_the_unknown/
cards.py): the task card, history line and odds view through the API with
forced dice; the dice check handed to the generic roller's views."""

import pytest

from tablecheck import api, games
from tablecheck.display.model import Card, Headline, OddsView

from .helpers import SYS, task, task_odds


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
def test_dice_check_uses_the_dice_rollers_card_and_odds_found_when_called(monkeypatch):
    calls = []

    def roll_card(ctx, values, result):
        calls.append(("card", values["expression"], result["total"]))
        return Card(title=result["expression"], headline=Headline("Total 5", "neutral"),
                    line=f"{result['expression']}: total {result['total']}")

    def roll_odds(ctx, values, odds):
        calls.append(("odds", values["expression"]))
        return OddsView(status="from the roller")

    roller = games.find("dice").check("roll")
    monkeypatch.setattr(roller, "explain", roll_card)
    monkeypatch.setattr(roller, "odds_view", roll_odds)
    r = api.resolve({"system": SYS, "check": "dice", "expression": "2D6-2", "dice": [3, 4]})
    assert r["line"] == "2d6 - 2: total 5"
    o = api.odds({"system": SYS, "check": "dice", "expression": "2D6-2"})
    assert o["display"]["status"] == "from the roller"
    assert calls == [("card", "2D6-2", 5), ("odds", "2D6-2")]


def test_dice_check_shows_what_the_dice_roller_shows():
    request = {"check": "dice", "expression": "2D6-2", "dice": [3, 4]}
    ours = api.resolve({"system": SYS, **request})
    theirs = api.resolve({"system": "dice", **request, "check": "roll"})
    assert ours["card"] == theirs["card"] and ours["line"] == theirs["line"]
    odds = {"expression": "2D6-2"}
    assert (api.odds({"system": SYS, "check": "dice", **odds})["display"]
            == api.odds({"system": "dice", "check": "roll", **odds})["display"])


def test_dice_check_without_the_dice_roller_fails_naming_it(monkeypatch):
    # the registry has no game "dice": the check says so instead of a plain card
    monkeypatch.setattr(games, "MODULES", [m for m in games.MODULES
                                           if not m.endswith(".dice_roller")])
    with pytest.raises(LookupError, match="no game has the id 'dice'"):
        api.resolve({"system": SYS, "check": "dice", "expression": "2D6-2", "dice": [3, 4]})
