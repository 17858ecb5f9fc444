"""Freedom Fantasies luck cards (games/freedom_fantasies/cards_luck.py):
cards, history lines and odds views through the API with forced dice."""

import pytest

from .card_helpers import assert_readable, facts, figures, odds, resolve, rows_match_odds


@pytest.mark.parametrize("face, label, tone", [
    (1, "Very Unfavourable", "awful"), (4, "Very Unfavourable", "awful"),
    (5, "Unfavourable", "bad"), (10, "Neutral", "neutral"), (15, "Favourable", "good"),
    (19, "Favourable", "good"), (20, "Highly Favourable", "great"),
], ids=lambda v: str(v))
def test_luck_card_rule_no_dc_headlines_the_favourability_band(face, label, tone):
    # rule: the highest Luck DC met names the favourability
    r = resolve("luck", dice=[face])
    c = r["card"]
    assert c["headline"] == {"label": label, "tone": tone}
    assert c["key"] == {"label": "Result", "value": str(face), "key": "result"}
    assert c["notes"][0] == "No Luck DC set: favourability only"
    assert r["line"] == f"Luck Check: {label}, result {face}"
    assert_readable(r)


def test_luck_card_rule_natural_20_is_a_lucky_break_with_the_gms_tension():
    c = resolve("luck", gm=True, dice=[20])["card"]
    assert c["notes"][-1] == ("Natural 20: a lucky break, as favourable as possible, and the "
                              "GM gains 1 Tension Point.")


def test_luck_card_with_a_dc_headlines_the_outcome_and_names_the_band():
    r = resolve("luck", dc=10, dice=[12])
    c = r["card"]
    assert c["headline"] == {"label": "Success", "tone": "good"}
    assert facts(c) == {"dc": ("Luck DC", "10 (Even Odds)"),
                        "favourability": ("Favourability", "Neutral")}
    assert r["line"] == "Luck Check: success, result 12 vs Luck DC 10"
    assert_readable(r)


def test_luck_card_reading_lucky_reroll_marks_the_first_die_and_keeps_the_new_one():
    r = resolve("luck", dc=10, lucky_reroll=True, dice=[4, 15])
    c = r["card"]
    assert c["key"]["value"] == "15"
    assert c["dice"] == [{"label": "d20", "notes": ["rerolled"]},
                         {"label": "Reroll d20", "notes": []}]
    assert "Lucky: a point spent to reroll; the new roll stands." in c["notes"]
    assert_readable(r)


def test_luck_odds_reading_no_dc_shows_the_favourability_bands():
    o = odds("luck")
    view = o["display"]
    assert view["title"] == "Chance of each favourability"
    assert view["status"] == "No Luck DC set: the roll reads how favourable things are."
    assert [(r["id"], r["label"], r["tone"]) for r in view["outcomes"]] == [
        ("very_unfavourable", "Very Unfavourable", "awful"),
        ("unfavourable", "Unfavourable", "bad"),
        ("neutral", "Neutral", "neutral"),
        ("favourable", "Favourable", "good"),
        ("highly_favourable", "Highly Favourable", "great"),
    ]
    assert {r["id"]: r["p"] for r in view["outcomes"]} == o["favourability"]
    assert [r["exact"] for r in view["outcomes"]] == ["1/5", "1/4", "1/4", "1/4", "1/20"]
    assert view["figures"] == [{"label": "Lucky break (natural 20)", "value": "5.0%",
                                "key": "lucky_break"}]


def test_luck_odds_with_advantage_and_reroll_follow_the_api():
    o = odds("luck", advantages=1, lucky_reroll=True)
    view = o["display"]
    assert sum(r["p"] for r in view["outcomes"]) == pytest.approx(1)
    assert {r["id"]: r["p"] for r in view["outcomes"]} == o["favourability"]
    assert figures(view)["Chance of a reroll"] == "100%"  # reading: no DC always rerolls
    assert view["charts"][0]["label"] == "Kept d20 (after any reroll)"


def test_luck_odds_with_a_dc_show_the_outcomes():
    view = rows_match_odds(odds("luck", dc=10))
    assert view["title"] == "Chance of each outcome" and view["status"] is None
    assert figures(view) == {"Luck DC": "10"}
