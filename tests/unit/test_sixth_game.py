"""The test-only sixth game (tests/sixth_game.py) through the real
API: a system module alone gives the catalog entry, card, line, odds view
and character fill the page draws (its browser test is
tests/e2e/test_sixth_game_page.py)."""

import itertools
from fractions import Fraction

import pytest

import sixth_game as omens
from tablecheck import api


@pytest.fixture
def registered(monkeypatch):
    systems = dict(api._systems())
    systems["omens"] = omens.SYSTEM
    monkeypatch.setattr(api, "_SYSTEMS", systems)


def test_the_sixth_game_is_in_the_catalog_with_tones_and_sheet(registered):
    entry = api.catalog()["systems"]["omens"]
    check = entry["checks"]["read"]
    assert check["outcome_tones"] == {"blessed": "great", "favoured": "good", "ill_omened": "bad"}
    assert entry["sheet"]["numbers"] == [{"key": "SIGHT", "label": "Sight", "min": 1, "max": 6, "default": 3}]
    assert [p["name"] for p in check["params"]] == ["bones", "needed"]
    assert check["params"][0]["initial"] == 3


def test_forced_bones_give_the_rule_outcome_card_and_line(registered):
    r = api.resolve({"system": "omens", "check": "read", "bones": 3, "needed": 2, "dice": [5, 2, 6],
                     "characters": {"": "Sibyl"}, "labels": {"": "Sight"}})
    assert r["outcome"] == "favoured"  # two good omens (5, 6) of the 2 needed, not all three
    card = r["card"]
    assert card["title"] == "Read the omens: Sight" and card["subject"] == "Sibyl"
    assert card["headline"] == {"label": "Favoured", "tone": "good"}
    assert card["key"]["value"] == "2"
    assert [d["notes"] for d in card["dice"]] == [["good omen"], [], ["good omen"]]
    assert r["line"] == "Sibyl, Sight: favoured, 2 good omens"


def test_odds_equal_enumeration_of_every_throw(registered):
    for bones, needed in [(1, 1), (3, 2), (4, 4), (5, 1)]:
        counts = {"blessed": 0, "favoured": 0, "ill_omened": 0}
        for throw in itertools.product(range(1, 7), repeat=bones):
            good = sum(v >= 5 for v in throw)
            counts[omens._outcome(good, bones, needed)] += 1
        o = api.odds({"system": "omens", "check": "read", "bones": bones, "needed": needed})
        for k, n in counts.items():
            assert Fraction(o["exact"].get(k, "0")) == Fraction(n, 6 ** bones)
            assert o["outcomes"][k] == pytest.approx(n / 6 ** bones, abs=1e-15)
        assert [x for x, _ in o["display"]["charts"][0]["bars"]] == list(range(bones + 1))


def test_fill_maps_the_sheet_onto_the_form(registered):
    c = {"name": "Sibyl", "sheet": {"numbers": {"SIGHT": 4}, "tables": {}}}
    assert api.fill({"system": "omens", "character": c, "params": ["bones", "needed"]})["options"] == [
        {"label": "Sight 4", "values": {"bones": 4}, "what": "Sight"}]
    bad = {"name": "Sibyl", "sheet": {"numbers": {"SIGHT": "four"}}}
    assert api.fill({"system": "omens", "character": bad, "params": ["bones"]})["options"] == []
