"""A Freedom Fantasies character (games/freedom_fantasies/sheet.py): the
catalog's sheet, what a character's sheet fills (as static/js/characters.js
fillOptions did), and the tracked targets (issue 16): damage and Stress add
up across attacks until a reset. Forced dice; every number worked out by
hand from seed 001 ("add the Damage taken to the total they have already
accumulated", "Damage in excess of your Hit Points becomes Stress Points")."""

import json
from fractions import Fraction

from tablecheck import api

from .card_helpers import SYS, catalog, facts, resolve


MIRA = {"name": "Mira", "sheet": {"numbers": {"FIGHT": 2, "FINESSE": 3, "FLAIR": -1, "FOCUS": 0,
                                              "FLIGHT": -9, "defense": 2, "damage": 4}}}


def fill(params, character=MIRA):
    return api.fill({"system": SYS, "character": character, "params": params})["options"]


def params_of(check, group=None):
    ps = catalog()["checks"][check]["params"]
    if group:
        ps = next(p for p in ps if p["name"] == group)["fields"]
    return [p["name"] for p in ps]


# what characters.js fillOptions gave for Mira (run under node at 3d54da5)
SKILL_OPTIONS = [
    {"label": "FIGHT +2", "values": {"bonus": 2, "ability": "fight"}},
    {"label": "FINESSE +3", "values": {"bonus": 3, "ability": "finesse"}},
    {"label": "FLAIR -1", "values": {"bonus": -1, "ability": "flair"}},
    {"label": "FOCUS +0", "values": {"bonus": 0, "ability": "focus"}},
    {"label": "FLIGHT -9", "values": {"bonus": -9, "ability": "flight"}},
]


def without_what(options):
    return [{"label": o["label"], "values": o["values"]} for o in options]


# a goblin the GM names once: Evasion DC 8, Defense 1, 6 Hit Points
GOBLIN = {"evasion": 8, "finesse": 1, "flair": 1, "defense": 1, "hit_points": 6}


def attack(state, die, dr=4, name="Goblin", **target):
    request = {"system": SYS, "check": "attack", "damage_rating": dr,
               "characters": {"target": name},
               "target": {**GOBLIN, **target, **state}, "dice": [die]}
    return api.resolve(request)


def test_catalog_sheet_is_what_characters_js_declared():
    sheet = catalog()["sheet"]
    assert sheet["numbers_label"] == "Abilities and combat"
    assert sheet["tables"] == []
    assert sheet["numbers"] == (
        [{"key": k, "label": k, "min": -10, "max": 20, "default": 1}
         for k in ("FIGHT", "FINESSE", "FLAIR", "FOCUS", "FLIGHT")]
        + [{"key": "defense", "label": "Defense", "min": 0, "max": 30, "default": 1},
           {"key": "damage", "label": "Damage rating (DR)", "min": 0, "max": 30, "default": 2}])


def test_fill_a_skill_check_with_the_abilities():
    options = fill(params_of("skill"))
    assert without_what(options) == SKILL_OPTIONS
    assert [o["what"] for o in options] == ["FIGHT", "FINESSE", "FLAIR", "FOCUS", "FLIGHT"]
    assert without_what(fill(params_of("opposed", "active"))) == SKILL_OPTIONS


def test_fill_an_attack_adds_the_damage_rating():
    options = fill(params_of("attack"))
    assert options[0] == {"label": "FIGHT +2, DR 4",
                          "values": {"bonus": 2, "ability": "fight", "damage_rating": 4},
                          "what": "FIGHT"}
    assert len(options) == 5


def test_fill_reading_the_target_hit_points_are_the_sum_of_abilities_floored_at_0():
    # 2 + 3 - 1 + 0 - 9 = -5: no hit points
    assert fill(params_of("attack", "target")) == [{
        "label": "Mira as the target (FINESSE 3, FLAIR -1, Defense 2)",
        "values": {"finesse": 3, "flair": -1, "fight": 2, "focus": 0, "flight": -9,
                   "defense": 2, "hit_points": 0},
        "what": None}]
    well = json.loads(json.dumps(MIRA))
    well["sheet"]["numbers"]["FLIGHT"] = 4
    assert fill(params_of("attack", "target"), well)[0]["values"]["hit_points"] == 8


def test_fill_a_luck_check_has_nothing_to_fill():
    assert fill(params_of("luck")) == []


def test_fill_skips_numbers_with_bad_data():
    bad = json.loads(json.dumps(MIRA))
    bad["sheet"]["numbers"]["FLAIR"] = "lots"
    assert [o["label"] for o in fill(params_of("skill"), bad)] == [
        "FIGHT +2", "FINESSE +3", "FOCUS +0", "FLIGHT -9"]
    assert fill(params_of("attack", "target"), bad) == []  # it needs FLAIR
    assert fill(["bonus"], {"name": "Nobody"}) == []


def test_fill_options_resolve_as_they_are():
    option = fill(params_of("attack"))[1]
    (target,) = fill(params_of("attack", "target"))
    r = resolve("attack", **option["values"], target=target["values"], dice=[15],
                labels={"": option["what"]}, characters={"": "Mira"})
    # Evasion DC 5 + 3 - 1 = 7; result 18 is a direct hit: 2 x DR 4
    assert r["line"] == "Mira, FINESSE: direct hit, damage 8, 8 Stress"
    assert r["card"]["title"] == "Attack Check: FINESSE"
    assert Fraction(r["stress"]) == 8


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
