"""What a person sees of [ax] (games/ax/cards.py; issue 12, api.md "What a
person sees"): the flat and group cards and history lines from forced dice
through api.resolve, their odds views against api.odds."""

import itertools

import pytest

from tablecheck import api

from .helpers import assert_people_text, card, facts, req, resolve


# -- flat check -------------------------------------------------------------------
def test_flat_card_headline_key_facts_and_line():
    r = resolve("flat", [3, 9, 2, 7], attribute=4, difficulty=12, bonus=1, assistant=5,
                characters={"": "Alrik"}, labels={"": "Persuade"})
    c = card(r)
    assert c["title"] == "Flat check: Persuade"
    assert c["subject"] == "Alrik"
    assert c["headline"] == {"label": "Success", "tone": "good"}
    assert c["key"] == {"label": "Total", "value": "19", "key": "total"}  # 9 + 7 + 1 + 2
    assert facts(c) == {"difficulty": "12", "bonus": "+1",
                        "assistance": "+2 (assistant's attribute 5, equal to or higher than yours)",
                        "failure_chance": "4.0%"}
    assert r["line"] == "Alrik, Persuade, bonus +1: success, total 19 vs difficulty 12"
    assert_people_text(r)


def test_rule_keep_top_two_dice_captions():
    c = card(resolve("flat", [3, 9, 2, 7], attribute=4, difficulty=12))
    assert [d["notes"] for d in c["dice"]] == [["dropped"], ["kept"], ["dropped"], ["kept"]]
    # two dice: both count, no caption needed
    c = card(resolve("flat", [3, 9], attribute=2, difficulty=12))
    assert [d["notes"] for d in c["dice"]] == [[], []]


def test_flat_failure_is_bad_without_a_subject():
    r = resolve("flat", [1, 2], attribute=2, difficulty=12)
    assert card(r)["headline"] == {"label": "Failure", "tone": "bad"}
    assert card(r)["subject"] is None
    assert r["line"] == "Flat check: failure, total 3 vs difficulty 12"


def test_rule_zero_dice_automatic_failure_card():
    r = resolve("flat", [], attribute=0, difficulty=5)
    c = card(r)
    assert c["key"] is None and c["dice"] == []
    assert c["notes"] == ["Attribute 0: no dice to roll, an automatic failure."]
    assert "failure_chance" not in facts(c)
    assert r["line"] == "Flat check: failure, no dice vs difficulty 5"


def test_rule_skip_advice_is_a_fact():
    c = card(resolve("flat", [5, 5, 5, 5, 5], attribute=5, difficulty=6))
    assert facts(c)["skip_advised"] == "yes: the chance of failure is under 1%"
    c = card(resolve("flat", [5, 5], attribute=2, difficulty=6))
    assert "skip_advised" not in facts(c)


def test_flat_odds_view():
    odds = api.odds(req("flat", attribute=3, difficulty=12, assistant=1))
    view = odds["display"]
    assert [(o["id"], o["p"]) for o in view["outcomes"]] == [
        (k, v) for k, v in odds["outcomes"].items() if v]
    assert [o["tone"] for o in view["outcomes"]] == ["good", "bad"]
    figs = {f["key"]: f["value"] for f in view["figures"]}
    # brute force: 3d10, top two, +1 assistance (the assistant's 1 is lower than 3)
    wins = sum(sum(sorted(f)[-2:]) + 1 >= 12 for f in itertools.product(range(1, 11), repeat=3))
    assert wins == 785
    assert figs["success"] == "78.5%" and figs["failure_chance"] == "21.5%"
    assert figs["assistance"] == "+1" and figs["skip_below"] == "6"  # book: 3d10 below 5, +1
    assert figs["skip_advised"] == "no"
    (total,) = view["charts"]
    assert total["label"] == "Total"
    xs = [x for x, _ in total["bars"]]
    assert xs == list(range(3, 22))  # 2..20 plus the assistant's +1
    assert total["mean"] == pytest.approx(odds["mean"])


def test_flat_odds_zero_dice():
    view = api.odds(req("flat", attribute=0, difficulty=4))["display"]
    assert [o["id"] for o in view["outcomes"]] == ["failure"]
    assert view["charts"] == []
    assert view["notes"] == ["Attribute 0: no dice to roll, the check fails automatically."]


# -- group flat check -------------------------------------------------------------
def test_group_card_one_group_per_member_with_its_dice():
    r = resolve("group", [6, 4, 1, 1, 9, 9], members=[2, 2, 2], difficulty=10, required=3,
                characters={"members[1]": "Bea"})
    c = card(r)
    assert c["headline"] == {"label": "Success", "tone": "good"}
    assert c["key"] == {"label": "Successes", "value": "2 (2 needed)", "key": "successes"}
    assert [g["title"] for g in c["groups"]] == ["Member 1", "Bea", "Member 3"]
    assert [g["tone"] for g in c["groups"]] == ["good", "bad", "good"]
    for n, g in enumerate(c["groups"], start=1):
        assert [r["rolls"][i]["member"] for i in g["dice"]] == [n, n]
    assert c["groups"][0]["summary"] == "2d10: 6, 4 = 10; 10 >= 10: success"
    assert c["groups"][1]["summary"] == "2d10: 1, 1 = 2; 2 < 10: failure"
    assert facts(c) == {"adjusted_difficulty": "10", "participants": "3 (3 required)",
                        "needed": "2 (at least 2/3)"}
    assert r["line"] == "Group flat check: success, 2 successes of 3 (2 needed)"
    assert_people_text(r)


def test_rule_group_weakest_stand_aside_and_the_card_names_them():
    # rules.md: beyond the task's maximum the weakest (lowest attribute) stand aside
    r = resolve("group", [5] * 9, members=[3, 1, 4, 2], difficulty=12, required=2, maximum=3,
                characters={"members[1]": "Bea"})
    assert r["standing_aside"] == [2]
    assert [m["member"] for m in r["members"]] == [1, 3, 4]
    assert [d["member"] for d in r["rolls"]] == [1, 1, 1, 3, 3, 3, 3, 4, 4]
    c = card(r)
    assert c["notes"] == ["At most 3 can take part: Bea stands aside "
                          "(the lowest attributes stand aside)."]
    assert [g["title"] for g in c["groups"]] == ["Member 1", "Member 3", "Member 4"]
    assert facts(c)["adjusted_difficulty"] == "10 (12, -2 for the group's size)"


def test_rule_group_equal_attributes_the_later_members_stand_aside():
    r = resolve("group", members=[3] * 7, difficulty=12, required=4, maximum=6, seed=5)
    assert r["standing_aside"] == [7]
    assert card(r)["notes"] == ["At most 6 can take part: Member 7 stands aside "
                                "(the lowest attributes stand aside)."]


def test_rule_group_odds_follow_who_takes_part():
    odds = api.odds(req("group", members=[1, 3, 3, 3], difficulty=12, required=3, maximum=3))
    assert odds["taking_part"] == [2, 3, 4] and odds["standing_aside"] == [1]
    view = odds["display"]
    figs = {f["key"]: (f["label"], f["value"]) for f in view["figures"]}
    assert figs["member_chances[0]"][0] == "Member 2: chance of success"
    assert figs["needed"] == ("Successes needed", "2")
    (successes,) = view["charts"]
    assert [x for x, _ in successes["bars"]] == [0, 1, 2, 3]
    assert sum(p for _, p in successes["bars"]) == pytest.approx(1)
    assert view["notes"][0].startswith("At most 3 can take part: Member 1 stands aside")


def test_skip_step_says_the_exact_chance_of_failure_though_the_record_holds_a_float():
    # the words read the JSON record, whose failure chance is a float; where
    # the check could be skipped (failure under 1%) its percent is the exact
    # chance's, for every number of dice and difficulty (a bonus only shifts it)
    from fractions import Fraction

    from tablecheck.display.words import pct_text
    from tablecheck.games.ax.pool import success_chance
    seen = 0
    for attribute in range(1, 21):
        for difficulty in range(1, 41):
            failure = 1 - success_chance(attribute, difficulty)
            if not 0 < failure < Fraction(1, 100):
                continue
            r = resolve("flat", attribute=attribute, difficulty=difficulty, seed=1)
            assert r["steps"][-1] == (f"The chance of failure was {pct_text(failure)} (under "
                                      "1%): this check could have been skipped.")
            seen += 1
    assert seen > 100
