"""Issue 16: tracked targets (tablecheck.sheets.Tracked, Check.track) and the
party hint (tablecheck.params.party), with Freedom Fantasies' attack check
as the game that tracks: damage and Stress add up across attacks until a
reset. Forced dice; every number worked out by hand from seed 001 ("add the
Damage taken to the total they have already accumulated", "Damage in excess
of your Hit Points becomes Stress Points")."""

import pytest

from tablecheck import api
from tablecheck.params import Int, Obj, party
from tablecheck.systems import freedom_fantasies as ff

SYS = "freedom_fantasies"
# a goblin the GM names once: Evasion DC 8, Defense 1, 6 Hit Points
GOBLIN = {"evasion": 8, "finesse": 1, "flair": 1, "defense": 1, "hit_points": 6}


def attack(state, die, dr=4, name="Goblin", **target):
    request = {"system": SYS, "check": "attack", "damage_rating": dr,
               "characters": {"target": name},
               "target": {**GOBLIN, **target, **state}, "dice": [die]}
    return api.resolve(request)


def test_the_catalog_declares_the_tracked_kind_and_the_groups_it_fills():
    entry = api.catalog()["systems"][SYS]["tracked"]
    assert entry == [{
        "key": "targets", "label": "Tracked targets", "noun": "target",
        "numbers": [{"key": "evasion", "label": "Evasion DC", "min": 0, "max": 100, "default": 10},
                    {"key": "defense", "label": "Defense", "min": 0, "max": 1000, "default": 0},
                    {"key": "hit_points", "label": "Hit Points", "min": 0, "max": 10000, "default": 10}],
        "state": [{"key": "damage", "label": "Damage taken", "min": 0, "max": 100000, "default": 0},
                  {"key": "stress", "label": "Stress", "min": 0, "max": 100000, "default": 0}],
        "fills": [{"check": "attack", "path": "target"}],
    }]
    # every key names a field of the group it fills (the page sets them by name)
    check = api.catalog()["systems"][SYS]["checks"]["attack"]
    fields = {f["name"] for p in check["params"] if p["name"] == "target" for f in p["fields"]}
    keys = {n["key"] for n in entry[0]["numbers"] + entry[0]["state"]}
    assert keys <= fields


def test_two_attacks_and_a_third_accumulate_damage_and_stress_exactly():
    # 1: d20 12 vs Evasion DC 8, below 18: glancing, DR 4 - Defense 1 = 3 damage
    first = attack({"damage": 0, "stress": 0}, 12)
    assert first["outcome"] == "glancing_hit"
    assert (first["damage_dealt"], first["damage_total"], first["stress"]) == (3, 3, 0)
    assert first["track"] == {"target": {"damage": 3, "stress": 0}}
    # 2: d20 19 meets 18: direct hit, 2 x 4 = 8 ignoring Defense; 3 + 8 = 11,
    # 11 - 6 = 5 beyond the Hit Points, none of it beyond them before: 5 Stress
    second = attack(first["track"]["target"], 19)
    assert second["outcome"] == "direct_hit"
    assert (second["damage_dealt"], second["damage_total"], second["hit_points_left"]) == (8, 11, 0)
    assert (second["stress"], second["stress_total"]) == (5, 5)
    assert second["track"] == {"target": {"damage": 11, "stress": 5}}
    # 3: glancing again: 3 more, all of it beyond the Hit Points: 3 Stress, 8 in all
    third = attack(second["track"]["target"], 10)
    assert (third["damage_total"], third["stress"], third["stress_total"]) == (14, 3, 8)
    assert "Stress accumulates: 5 + 3 = 8." in third["steps"]
    assert third["track"] == {"target": {"damage": 14, "stress": 8}}


def test_a_miss_leaves_the_state_as_it_was():
    r = attack({"damage": 5, "stress": 0}, 2)  # 2 < 8
    assert r["outcome"] == "miss"
    assert r["track"] == {"target": {"damage": 5, "stress": 0}}


def test_the_card_says_what_the_hit_did_and_what_is_left():
    r = attack({"damage": 4, "stress": 1}, 12)  # 3 damage: 7 in all, 1 beyond 6 -> 1 Stress
    notes = r["card"]["notes"]
    assert notes[0] == "Goblin: 3 damage this hit, 7 in all; 0 of 6 Hit Points left; Stress 2 in all."
    facts = {f["key"]: f["value"] for f in r["card"]["facts"]}
    assert facts["damage_total"] == "7" and facts["stress"] == "1" and facts["stress_total"] == "2"
    assert r["line"] == "Attack Check on Goblin: glancing hit, damage 3, 1 Stress"


def test_given_evasion_stands_for_finesse_and_flair_and_dodging_still_adds():
    # FINESSE 3, FLAIR 3 would make 11; the given 8 is used; Dodging adds FINESSE 3
    r = attack({"damage": 0, "stress": 0}, 9, finesse=3, flair=3)
    assert r["evasion_dc"] == 8 and r["steps"][0] == "Evasion DC 8 (given)."
    r = attack({"damage": 0, "stress": 0}, 9, finesse=3, flair=3, dodging=True)
    assert r["evasion_dc"] == 11 and r["outcome"] == "miss"
    # left empty: 5 + FINESSE + FLAIR as before
    r = attack({"damage": 0, "stress": 0}, 9, finesse=3, flair=3, evasion=None)
    assert r["evasion_dc"] == 11


def test_odds_use_the_given_evasion():
    o = api.odds({"system": SYS, "check": "attack", "damage_rating": 4,
                  "target": {**GOBLIN, "damage": 0, "stress": 0}})
    assert o["evasion_dc"] == 8
    # d20 + 0 >= 8: faces 8..20 hit = 13/20
    assert o["exact"]["miss"] == "7/20"


def test_stress_needs_hit_points_and_is_none_without_them():
    r = attack({"damage": 0, "stress": 2}, 12, hit_points=None, fight=None)
    assert r["stress"] is None and r["stress_total"] == 2
    assert r["track"] == {"target": {"damage": 3, "stress": 2}}


# -- the party hint ---------------------------------------------------------------

def test_party_hint_reaches_the_catalog_for_every_side_and_member():
    cat = api.catalog()["systems"]
    found = {}
    for sid, system in cat.items():
        for cid, check in system["checks"].items():
            for p in check["params"]:
                if p.get("party"):
                    found[(sid, cid, p["name"])] = p["party"]
                item = p.get("item") or {}
                if item.get("party"):
                    found[(sid, cid, p["name"] + "[]")] = item["party"]
    for key in [("dark_eye", "competitive", "a"), ("dark_eye", "competitive", "b"),
                ("freedom_fantasies", "opposed", "active"), ("freedom_fantasies", "opposed", "target"),
                ("freedom_fantasies", "attack", "target"), ("ax", "contest", "sides[]"),
                ("dungeons_of_olde", "opposed", "instigator"), ("dungeons_of_olde", "assisted", "assistant")]:
        assert found.get(key) == "side", key
    for key in [("dark_eye", "group", "members[]"), ("dark_eye", "group_competitive", "a[]"),
                ("ax", "group", "members[]")]:
        assert found.get(key) == "member", key
    member = cat["dark_eye"]["checks"]["group"]["params"][0]["item"]
    assert member["party_name"] == "name"


def test_party_refuses_an_unknown_kind():
    with pytest.raises(ValueError):
        party(Obj("x", [Int("n", default=0)]), "crowd")


def test_a_side_named_in_the_request_reaches_card_and_line():
    r = api.resolve({"system": SYS, "check": "opposed", "characters": {"active": "Alrik", "target": "Bo"},
                     "active": {"bonus": 2}, "target": {"bonus": 1}, "dice": [10, 10]})
    assert r["card"]["subject"] == "Alrik vs Bo"
    assert r["line"].startswith("Alrik vs Bo")
    assert [g["title"] for g in r["card"]["groups"]] == ["Alrik", "Bo"]


def test_stress_arithmetic_is_the_rule_functions():
    # the part beyond the hit points that was not beyond them before
    assert ff.stress_from(3, 8, 6) == 5
    assert ff.stress_from(11, 3, 6) == 3
    assert ff.stress_from(0, 6, 6) == 0
