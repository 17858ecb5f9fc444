"""Freedom Fantasies skill and opposed cards (games/freedom_fantasies/cards_skill.py):
cards, history lines and odds views through the API with forced dice."""

import pytest

from tablecheck import api

from .card_helpers import SYS, assert_readable, facts, figures, odds, resolve, rows_match_odds


def test_skill_card_seed_example_9_plus_3_vs_dc_10_is_a_partial_success_with_a_detriment():
    r = resolve("skill", bonus=3, dc=10, dice=[9], characters={"": "Alrik"},
                labels={"": "FLAIR"})
    c = r["card"]
    assert c["title"] == "Skill Check: FLAIR"
    assert c["subject"] == "Alrik"
    assert c["headline"] == {"label": "Partial success", "tone": "partial"}
    assert c["key"] == {"label": "Result", "value": "12", "key": "result"}
    assert c["facts"] == [{"label": "DC", "value": "10 (Challenging)", "key": "dc"},
                          {"label": "Margin", "value": "+2", "key": "margin"}]
    assert c["groups"] == [] and c["notes"] == []
    (choice,) = c["choices"]
    assert choice["label"] == "Pick a Detriment" and choice["id"] == "detriment"
    assert [o["id"] for o in choice["options"]] == ["stress", "tension", "complication"]
    assert c["dice"] == [{"label": "d20", "notes": []}]
    assert r["line"] == "Alrik, FLAIR: partial success, result 12 vs DC 10"
    assert_readable(r)


def test_skill_card_fantastic_success_offers_a_benefit():
    r = resolve("skill", bonus=3, dc=10, dice=[17])
    c = r["card"]
    assert c["headline"] == {"label": "Fantastic success", "tone": "good"}
    (choice,) = c["choices"]
    assert choice["label"] == "Pick a Benefit" and choice["id"] == "benefit"
    assert [o["id"] for o in choice["options"]] == ["lose_stress", "momentum", "boon"]
    assert r["line"] == "Skill Check: fantastic success, result 20 vs DC 10"
    assert_readable(r)


def test_skill_card_reading_a_fail_offers_a_detriment_if_nothing_happens():
    r = resolve("skill", bonus=0, dc=10, dice=[4])
    c = r["card"]
    assert c["headline"] == {"label": "Fail", "tone": "bad"}
    assert c["key"]["value"] == "4"
    assert facts(c)["margin"] == ("Margin", "-6")
    (choice,) = c["choices"]
    assert choice["id"] == "detriment_if_nothing_happens"
    assert choice["label"] == "Pick a Detriment if nothing happens"
    assert "Partial Success" in choice["text"]
    assert_readable(r)


def test_skill_card_rule_natural_20_is_critical_kept_die_noted_and_momentum():
    # net +2: roll 3 d20, keep the highest
    r = resolve("skill", bonus=2, advantages=2, dice=[3, 20, 5])
    c = r["card"]
    assert c["headline"] == {"label": "Critical success", "tone": "great"}
    assert c["key"]["value"] == "22"
    assert c["dice"] == [
        {"label": "d20 1 of 3 (keep highest)", "notes": ["dropped"]},
        {"label": "d20 2 of 3 (keep highest)", "notes": ["kept", "natural 20"]},
        {"label": "d20 3 of 3 (keep highest)", "notes": ["dropped"]},
    ]
    assert facts(c)["kept"] == ("Kept die", "20")
    assert facts(c)["net_advantage"] == ("Net advantage", "+2")
    assert c["notes"] == ["Natural 20: the Player gains 1 Momentum Point."]
    assert c["choices"][0]["id"] == "benefit"
    assert_readable(r)


def test_skill_card_rule_disadvantage_keeps_the_lowest_and_signs_the_net():
    r = resolve("skill", bonus=0, dc=10, disadvantages=1, dice=[15, 6])
    c = r["card"]
    assert [d["notes"] for d in c["dice"]] == [["dropped"], ["kept"]]
    assert facts(c)["net_advantage"] == ("Net advantage", "-1")
    assert c["key"]["value"] == "6"


def test_skill_card_reading_gm_natural_20_is_a_success_with_tension_and_no_choice():
    r = resolve("skill", bonus=0, dc=30, gm=True, dice=[20])
    c = r["card"]
    assert c["headline"] == {"label": "Success", "tone": "good"}
    assert c["notes"] == ["Natural 20: the GM gains 1 Tension Point."]
    assert c["choices"] == []
    assert facts(c)["dc"] == ("DC", "30 (Almost Impossible)")  # reading: open-topped table
    assert_readable(r)


def test_skill_card_dc_off_the_table_is_the_bare_number():
    r = resolve("skill", bonus=0, dc=12, dice=[14])
    assert facts(r["card"])["dc"] == ("DC", "12")
    assert "net_advantage" not in facts(r["card"])  # no advantage: nothing to say
    assert "kept" not in facts(r["card"])  # one d20: it is the result's die


def test_opposed_card_has_a_group_per_side_with_its_dice():
    r = resolve("opposed", active={"bonus": 2, "advantages": 1}, target={"bonus": 1},
                dice=[5, 12, 11], characters={"active": "Alrik"},
                labels={"active": "Stealth", "target": "Perception"})
    c = r["card"]
    assert c["title"] == "Opposed Check: Stealth vs Perception"
    assert c["subject"] == "Alrik vs Target"
    assert c["headline"] == {"label": "Partial success", "tone": "partial"}
    assert c["key"] == {"label": "Margin", "value": "+2", "key": "margin"}
    assert c["groups"] == [
        {"title": "Alrik", "summary": "result 14 (kept d20 12)", "dice": [0, 1]},
        {"title": "Target", "summary": "result 12 (kept d20 11), the DC", "dice": [2]},
    ]
    assert [r["rolls"][i]["value"] for i in c["groups"][0]["dice"]] == r["d20s"]
    assert [r["rolls"][i]["value"] for i in c["groups"][1]["dice"]] == r["target_d20s"]
    assert c["dice"] == [{"label": "d20 1 of 2 (keep highest)", "notes": ["dropped"]},
                         {"label": "d20 2 of 2 (keep highest)", "notes": ["kept"]},
                         {"label": "d20", "notes": []}]
    assert c["choices"][0]["id"] == "detriment"
    assert r["line"] == ("Alrik vs Target, Stealth vs Perception: partial success, "
                         "result 14 vs 12, margin +2")
    assert_readable(r)


def test_opposed_card_rule_a_tie_goes_to_the_active_side():
    r = resolve("opposed", active={"bonus": 1}, target={"bonus": 2}, dice=[9, 8])
    c = r["card"]
    assert c["headline"]["label"] == "Partial success"
    assert c["key"]["value"] == "0"
    assert "A tie goes to the active side." in c["notes"]
    assert c["subject"] is None


@pytest.mark.parametrize("side", [None, "active", "target"])
def test_opposed_card_is_read_from_the_active_side_whatever_side_the_page_is_on(side):
    # not a contest with a winner: the outcome is the active character's
    req = {"active": {"bonus": 2}, "target": {"bonus": 1}, "dice": [20, 11],
           "characters": {"active": "Alrik", "target": "the guard"}}
    if side:
        req["side"] = side
    c = resolve("opposed", **req)["card"]
    assert c["headline"] == {"label": "Critical success", "tone": "great"}
    assert c["subject"] == "Alrik vs the guard"
    assert [g["title"] for g in c["groups"]] == ["Alrik", "the guard"]


def test_skill_odds_rows_figures_and_charts():
    view = rows_match_odds(odds("skill", bonus=2, dc=10, advantages=1))
    assert [r["id"] for r in view["outcomes"]] == ["critical_success", "fantastic_success",
                                                   "partial_success", "fail"]
    assert [r["tone"] for r in view["outcomes"]] == ["great", "good", "partial", "bad"]
    assert figures(view) == {"DC": "10", "Chance of success": "87.8%",
                             "Net advantage": "+1 (2 d20)"}
    assert [c["label"] for c in view["charts"]] == ["Kept d20", "Result"]
    assert view["charts"][1]["bars"][0] == [3, pytest.approx(1 / 400)]  # 1 + 2, both dice 1


def test_a_side_named_in_the_request_reaches_card_and_line():
    r = api.resolve({"system": SYS, "check": "opposed", "characters": {"active": "Alrik", "target": "Bo"},
                     "active": {"bonus": 2}, "target": {"bonus": 1}, "dice": [10, 10]})
    assert r["card"]["subject"] == "Alrik vs Bo"
    assert r["line"].startswith("Alrik vs Bo")
    assert [g["title"] for g in r["card"]["groups"]] == ["Alrik", "Bo"]
