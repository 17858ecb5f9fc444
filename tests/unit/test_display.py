"""Issue 12, across the catalog: every check's seeded result carries a card
and a history line for people, every odds answer a display, the catalog
the tones; junk in `system`/`check` is refused naming the field; every
refusal has a code. Per-game wording is tested in test_display_<game>.py."""

import json
import re

import pytest

from card_texts import card_texts
from every_check import REQUESTS
from tablecheck import api
from tablecheck.display.model import TONES
from tablecheck.errors import CODES, InvalidRequest

SEEDS = [1, 2, 3, 20261129, 77]
IDS = [f"{r['system']}-{r['check']}" for r in REQUESTS]



def raw_words():
    """Ids a person must never read: outcome ids with underscores, param names
    with underscores, and Python's spellings of nothing and truth."""
    words = {"None", "True", "False", "null", "undefined", "NaN"}
    for s in api.catalog()["systems"].values():
        for c in s["checks"].values():
            words.update(o for o in c["outcomes"] if "_" in o)
    return words


RAW = raw_words()


def assert_for_people(texts, where):
    for t in texts:
        assert isinstance(t, str), (where, t)
        assert "_" not in t, (where, t)
        for w in RAW:
            assert w not in t.split(), (where, t, w)


def test_every_check_of_the_catalog_is_walked():
    listed = {(r["system"], r["check"]) for r in REQUESTS}
    every = {(sid, cid) for sid, s in api.catalog()["systems"].items() for cid in s["checks"]}
    assert listed == every


@pytest.mark.parametrize("request_", REQUESTS, ids=IDS)
def test_seeded_results_have_a_card_for_people(request_):
    for seed in SEEDS:
        r = api.resolve(dict(request_, seed=seed))
        card, line = r["card"], r["line"]
        assert line.strip()
        assert card["headline"]["tone"] in TONES
        assert card["headline"]["label"].strip() and card["title"].strip()
        assert_for_people(card_texts(card, line), (request_["check"], seed))
        n = len(r["rolls"])
        assert len(card["dice"]) in (0, n)
        for g in card["groups"]:
            assert g["dice"] == sorted(set(g["dice"])), g
            assert all(isinstance(i, int) and 0 <= i < n for i in g["dice"]), g
        if card["key"]:  # the number that matters is in the history line
            number = re.findall(r"\d+", card["key"]["value"])
            assert not number or number[0] in line, (card["key"], line)
        json.dumps(r, allow_nan=False)


@pytest.mark.parametrize("request_", REQUESTS, ids=IDS)
def test_odds_have_a_display_with_increasing_charts(request_):
    o = api.odds(request_)
    view = o["display"]
    labels = api.catalog()["systems"][request_["system"]]["checks"][request_["check"]]
    for row in view["outcomes"]:
        assert row["tone"] in TONES
        if row["id"] in o["outcomes"]:
            assert row["p"] == pytest.approx(o["outcomes"][row["id"]], abs=1e-12)
    texts = [view["title"]] + ([view["status"]] if view["status"] else [])
    texts += [r["label"] for r in view["outcomes"]]
    texts += [x for f in view["figures"] for x in (f["label"], f["value"])]
    texts += [c["label"] for c in view["charts"]] + view["notes"]
    for t in view["tables"]:
        texts += [t["title"]] + t["columns"] + t["notes"]
    assert_for_people(texts, request_["check"])
    for chart in view["charts"]:
        xs = [x for x, _ in chart["bars"]]
        assert xs == sorted(xs) and len(xs) == len(set(xs)), chart["label"]
    # outcomes that can happen are all listed, in the check's order
    listed = [r["id"] for r in view["outcomes"]]
    if set(listed) <= set(labels["outcomes"]):
        assert listed == [x for x in labels["outcomes"] if x in listed]
        possible = [k for k, p in o["outcomes"].items() if p > 0]
        assert set(possible) <= set(listed) or len(labels["outcomes"]) == 1


def test_catalog_gives_a_tone_for_every_outcome():
    for s in api.catalog()["systems"].values():
        for c in s["checks"].values():
            assert set(c["outcome_tones"]) == set(c["outcomes"]), c["id"]
            assert set(c["outcome_tones"].values()) <= set(TONES)


JUNK = [["dark_eye"], {"id": "dark_eye"}, 3, 2.5, True, False]


@pytest.mark.parametrize("call", [api.resolve, api.odds], ids=["resolve", "odds"])
@pytest.mark.parametrize("junk", JUNK, ids=[type(j).__name__ + str(i) for i, j in enumerate(JUNK)])
def test_junk_in_system_or_check_is_refused_naming_the_field(call, junk):
    with pytest.raises(InvalidRequest) as err:
        call({"system": junk, "check": "skill"})
    assert err.value.field == "system" and err.value.code == "type"
    with pytest.raises(InvalidRequest) as err:
        call({"system": "dark_eye", "check": junk, "value": 10})
    assert err.value.field == "check" and err.value.code == "type"


BAD = [
    ({"system": "dark_eye"}, "check", "required"),
    ({"system": "nope", "check": "x"}, "system", "unknown"),
    ({"system": "dark_eye", "check": "nope"}, "check", "unknown"),
    ({"system": "dice", "check": "roll"}, "expression", "required"),
    ({"system": "dark_eye", "check": "attribute", "value": "x"}, "value", "type"),
    ({"system": "dark_eye", "check": "attribute", "value": 99}, "value", "range"),
    ({"system": "dark_eye", "check": "attribute", "value": 9, "bogus": 1}, "bogus", "unknown"),
    ({"system": "shadows_of_the_unknown", "check": "task", "rating": 5, "difficulty": "easyish"}, "difficulty", "choice"),
    ({"system": "dice", "check": "roll", "expression": "3d6+"}, "expression", "syntax"),
    ({"system": "dice", "check": "roll", "expression": "2d6", "dice": [3]}, "dice", "dice_missing"),
    ({"system": "dice", "check": "roll", "expression": "2d6", "dice": [3, 4, 5]}, "dice", "dice_extra"),
    ({"system": "dice", "check": "roll", "expression": "2d6", "dice": [3, 9]}, "dice[1]", "dice_face"),
    ({"system": "dark_eye", "check": "attribute", "value": 9, "characters": {"": 5}}, "characters.", "type"),
]


@pytest.mark.parametrize("request_,field,code", BAD, ids=[f"{f}-{c}" for _, f, c in BAD])
def test_every_refusal_has_a_code_the_page_can_act_on(request_, field, code):
    with pytest.raises(InvalidRequest) as err:
        api.resolve(request_)
    assert err.value.code == code and err.value.code in CODES
    assert err.value.field == field
    assert err.value.to_dict()["code"] == code


def test_a_notation_error_gives_its_position():
    with pytest.raises(InvalidRequest) as err:
        api.resolve({"system": "dice", "check": "roll", "expression": "3d6+"})
    assert err.value.to_dict()["position"] == 5


def test_odds_too_big_keeps_the_roll():
    with pytest.raises(InvalidRequest) as err:
        api.odds({"system": "dice", "check": "roll", "expression": "1000d6"})
    assert err.value.code == "odds_too_big"
    assert api.resolve({"system": "dice", "check": "roll", "expression": "1000d6", "seed": 1})["card"]
