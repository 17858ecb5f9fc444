"""The Dark Eye's odds views (games/dark_eye/cards_*.py), every check."""

import json

import pytest

from dark_eye_card_help import odds, hero


# -- odds views -------------------------------------------------------------------------------------
ODDS = [
    ("attribute", dict(value=12)),
    ("attribute", dict(value=0)),
    ("skill", dict(attributes=[12, 13, 11], names=["COU", "AGI", "STR"], rating=6)),
    ("competitive", dict(a=hero(6), b=hero(4), passive="b")),
    ("cumulative", dict(attributes=[12, 12, 12], rating=4, max_checks=5)),
    ("group", dict(members=[hero(5), hero(3)], max_rounds=3)),
    ("group_competitive", dict(a=[hero(5), hero(3)], b=[hero(8)])),
    ("cumulative", dict(attributes=[12, 12, 12], rating=4, max_checks=5, modifiers=[1, -2])),
    ("cumulative_skills", dict(skills=[hero(5, target=4), hero(3, target=3)], max_checks=5,
                               modifiers=[0, 2], order=[2], partial=3)),
]


@pytest.mark.parametrize("check, params", ODDS, ids=[f"{c}-{i}" for i, (c, _) in enumerate(ODDS)])
def test_odds_rows_are_the_possible_outcomes_and_charts_increase(check, params):
    o = odds(check, **params)
    view = o["display"]
    assert [(row["id"], row["p"]) for row in view["outcomes"]] == [
        (k, v) for k, v in o["outcomes"].items() if v > 0]
    assert all(row["exact"] == o["exact"][row["id"]] for row in view["outcomes"])
    for c in view["charts"]:
        xs = [x for x, _ in c["bars"]]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
    for t in [row["label"] for row in view["outcomes"]] + [f["label"] for f in view["figures"]] \
            + [f["value"] for f in view["figures"]] + [c["label"] for c in view["charts"]] \
            + view["notes"]:
        assert "_" not in t, t
    json.dumps(view)


def test_skill_odds_figures_and_ql_chart():
    o = odds("skill", attributes=[12, 13, 11], names=["COU", "AGI", "STR"], rating=6)
    view = o["display"]
    assert view["figures"] == [
        {"label": "Chance of success", "value": "60.9%", "key": "success_chance"},
        {"label": "Expected QL", "value": f"{o['expected_quality_level']:.2f}",
         "key": "expected_quality_level"},
        {"label": "EAV", "value": "COU 12, AGI 13, STR 11", "key": "eav"}]
    (c,) = view["charts"]
    assert c["label"] == "Quality level (QL)" and c["key"] == "quality_levels"
    assert [x for x, _ in c["bars"]] == [1, 2, 3, 4, 5, 6]
    assert [p for _, p in c["bars"]] == [o["quality_levels"][str(q)] for q in range(1, 7)]


def test_attribute_odds_figures():
    view = odds("attribute", value=12, modifier=-2)["display"]
    assert view["figures"] == [
        {"label": "Chance of success", "value": "50.0%", "key": "success_chance"},
        {"label": "EAV", "value": "10", "key": "eav"}]
    assert [row["tone"] for row in view["outcomes"]] == ["great", "good", "bad", "awful"]


@pytest.mark.parametrize("side, tones", [(None, ["neutral"] * 3), ("a", ["good", "bad", "neutral"]),
                                         ("b", ["bad", "good", "neutral"])])
def test_competitive_odds_name_the_sides_and_follow_the_page_side(side, tones):
    o = odds("competitive", a=hero(6), b=hero(4), characters={"a": "Alrik"}, side=side)
    view = o["display"]
    assert [row["label"] for row in view["outcomes"]] == ["Alrik wins", "Side B wins", "Unresolved"]
    assert [row["tone"] for row in view["outcomes"]] == tones
    assert [c["label"] for c in view["charts"]] == ["Alrik wins: final QL", "Side B wins: final QL"]
    a = view["charts"][0]
    assert dict((str(x), p) for x, p in a["bars"]) == o["quality_levels"]["a_wins"]


def test_cumulative_odds_charts_checks_needed_and_ql_left():
    o = odds("cumulative", attributes=[12, 12, 12], rating=4, max_checks=5)
    view = o["display"]
    assert [c["label"] for c in view["charts"]] == ["Checks needed",
                                                    "QL collected when the checks run out"]
    assert [x for x, _ in view["charts"][0]["bars"]] == [1, 2, 3, 4, 5]
    assert [f["label"] for f in view["figures"]] == [
        "Chance of success", "Chance of at least a partial success", "EAV"]
    assert view["figures"][2]["value"] == "12, 12, 12"


def test_group_odds_chart_rounds_needed():
    view = odds("group", members=[hero(5), hero(3)], max_rounds=3)["display"]
    assert [c["label"] for c in view["charts"]] == ["Rounds needed",
                                                    "QL collected when the rounds run out"]
