"""What a person sees of an [ax] contest (games/ax/cards_contest.py): the
card with its groups per side and round, names and tones, the odds view."""

import pytest

from tablecheck import api

from .helpers import assert_people_text, card, facts, req, resolve


# -- contest --------------------------------------------------------------------------
def contest(dice=None, *sides, **extra):
    return resolve("contest", dice, sides=[{"attribute": a, "bonus": b} for a, b in sides],
                   **extra)


def test_contest_headline_names_the_winner_neutral_without_a_side():
    r = contest([3, 4, 9, 1], (2, 0), (2, 0))
    c = card(r)
    assert c["headline"] == {"label": "Side 2 wins", "tone": "neutral"}
    assert c["key"] == {"label": "Total", "value": "10", "key": "totals"}
    assert facts(c) == {"totals[0]": "7"}
    assert c["subject"] is None
    assert r["line"] == "Contest: Side 2 wins, total 10 vs 7"
    assert_people_text(r)


@pytest.mark.parametrize("side, tone", [("sides[1]", "good"), ("sides[0]", "bad")])
def test_contest_tone_follows_the_side_the_page_is_on(side, tone):
    c = card(contest([3, 4, 9, 1], (2, 0), (2, 0), side=side))
    assert c["headline"] == {"label": "Side 2 wins", "tone": tone}


def test_contest_names_and_subject_from_characters():
    r = contest([3, 4, 9, 1], (2, 0), (2, 0), characters={"sides[0]": "Alrik",
                                                           "sides[1]": "the guard"})
    c = card(r)
    assert c["subject"] == "Alrik vs the guard"
    assert c["headline"]["label"] == "the guard wins"
    assert [g["title"] for g in c["groups"]] == ["Alrik", "the guard"]
    assert r["line"] == "Alrik vs the guard, Contest: the guard wins, total 10 vs 7"


def test_rule_contest_tie_rerolls_groups_per_side_per_round():
    r = contest([5, 5, 4, 5, 3, 3, 2, 2], (2, 0), (2, 1))
    c = card(r)
    assert c["headline"]["label"] == "Side 1 wins"
    assert [g["title"] for g in c["groups"]] == [
        "Round 1: Side 1", "Round 1: Side 2", "Round 2: Side 1", "Round 2: Side 2"]
    for g, (side, rnd) in zip(c["groups"], [(1, 1), (2, 1), (1, 2), (2, 2)]):
        assert [(r["rolls"][i]["side"], r["rolls"][i]["round"]) for i in g["dice"]] == [
            (side, rnd)] * 2
    assert c["groups"][1]["summary"] == "2d10: 4, 5 = 9, bonus +1 = 10; tied for the highest total"
    assert c["groups"][2]["summary"] == "2d10: 3, 3 = 6; the highest total"
    assert facts(c) == {"totals[1]": "5", "rounds": "2", "sides[1].bonus": "+1"}
    assert c["notes"] == ["1 tied round: a tie rolls all the dice again."]
    assert [d["notes"] for d in c["dice"][:4]] == [["rerolled"]] * 4


def test_rule_contest_side_without_dice_cannot_win_card():
    r = contest(None, (0, 0), (2, 1), seed=3)
    c = card(r)
    assert c["headline"] == {"label": "Side 2 wins", "tone": "neutral"}
    assert c["key"] is None and c["groups"] == []
    assert c["notes"] == ["Side 1: attribute 0, no dice: it rolls nothing and cannot win.",
                          "Side 2 is the only side with dice: it wins without a roll."]


def test_contest_odds_one_increasing_chart_per_side():
    # the symptom of issue 12: a side's columns listed 3..21 then 2
    odds = api.odds(req("contest", sides=[{"attribute": 3, "bonus": 0},
                                          {"attribute": 2, "bonus": 1}]))
    view = odds["display"]
    assert [c["label"] for c in view["charts"]] == ["Side 1 total", "Side 2 total"]
    assert [[x for x, _ in c["bars"]] for c in view["charts"]] == [list(range(2, 21)),
                                                                  list(range(3, 22))]
    assert [(o["id"], o["p"]) for o in view["outcomes"]] == [
        (k, v) for k, v in odds["outcomes"].items() if v]
    assert {o["tone"] for o in view["outcomes"]} == {"neutral"}
    figs = {f["key"]: f["value"] for f in view["figures"]}
    assert set(figs) == {"round_tie_chance", "expected_rounds"}


def test_contest_odds_rows_take_names_and_the_page_side():
    view = api.odds(req("contest", sides=[{"attribute": 3, "bonus": 0},
                                          {"attribute": 2, "bonus": 1}],
                        characters={"sides[0]": "Alrik"}, side="sides[0]"))["display"]
    rows = {o["id"]: (o["label"], o["tone"]) for o in view["outcomes"]}
    assert rows["side_1"] == ("Alrik wins", "good")
    assert rows["side_2"] == ("Side 2 wins", "bad")
    assert view["charts"][0]["label"] == "Alrik total"
