"""What a person sees of Freedom Fantasies (system `freedom_fantasies`):
cards, history lines and odds views built by
tablecheck.display.freedom_fantasies, through the API with forced dice; the
catalog's sheet and form hints; and what a character's sheet fills (as
static/js/characters.js fillOptions did)."""

import json
import re
from fractions import Fraction

import pytest

from tablecheck import api

from card_texts import card_texts as texts
from tablecheck.errors import InvalidRequest

SYS = "freedom_fantasies"
TARGET = {"finesse": 1, "flair": 1, "defense": 2}  # Evasion DC 7


def resolve(check, **params):
    return api.resolve({"system": SYS, "check": check, **params})


def odds(check, **params):
    return api.odds({"system": SYS, "check": check, **params})



def assert_readable(result):
    """No underscores in any text, one caption per die, the key number in
    the history line."""
    card = result["card"]
    for t in texts(card) + [result["line"]]:
        assert "_" not in t, t
    assert len(card["dice"]) == len(result["rolls"])
    key = card["key"]
    assert key is None or re.search(rf"(?<!\d){re.escape(key['value'])}(?!\d)", result["line"]), \
        (key, result["line"])


def facts(card):
    return {f["key"]: (f["label"], f["value"]) for f in card["facts"]}


# -- skill check -----------------------------------------------------------------------
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


# -- attack check ----------------------------------------------------------------------
def test_attack_card_miss_has_the_result_as_key_and_the_counter_note():
    r = resolve("attack", bonus=2, damage_rating=3, target=TARGET, dice=[1])
    c = r["card"]
    assert c["headline"] == {"label": "Miss", "tone": "bad"}
    assert c["key"] == {"label": "Result", "value": "3", "key": "result"}
    assert c["facts"] == [{"label": "Evasion DC", "value": "7", "key": "evasion_dc"}]
    assert c["notes"] == ["Miss: the target may Counter if its weapon can reach the attacker "
                          "(and a Counter can be Countered)."]
    assert r["line"] == "Attack Check: miss, result 3 vs Evasion DC 7"
    assert_readable(r)


def test_attack_card_rule_glancing_hit_is_dr_minus_defense_with_the_rest_blocked():
    r = resolve("attack", bonus=2, damage_rating=3, target=TARGET, dice=[8],
                characters={"": "Mira"}, labels={"": "FIGHT"})
    c = r["card"]
    assert c["title"] == "Attack Check: FIGHT"
    assert c["headline"] == {"label": "Glancing hit", "tone": "partial"}
    assert c["key"] == {"label": "Damage", "value": "1", "key": "damage_dealt"}
    assert facts(c) == {"result": ("Result", "10"), "evasion_dc": ("Evasion DC", "7"),
                        "blocked": ("Blocked by Defense", "2"),
                        "damage_total": ("Damage taken (total)", "1")}
    assert any("Hit points unknown" in n for n in c["notes"])
    assert r["line"] == "Mira, FIGHT: glancing hit, damage 1"
    assert_readable(r)


def test_attack_card_rule_damage_beyond_hit_points_becomes_stress():
    target = dict(TARGET, hit_points=4, damage=3)
    r = resolve("attack", bonus=2, damage_rating=3, target=target, dice=[18])
    c = r["card"]
    assert c["headline"] == {"label": "Direct hit", "tone": "good"}
    assert c["key"]["value"] == "6"  # 2 x DR, ignoring Defense
    f = facts(c)
    assert f["damage_total"] == ("Damage taken (total)", "9")
    assert f["hit_points_left"] == ("Hit points left", "0")
    assert f["stress"] == ("Stress", "5")
    assert "blocked" not in f
    assert r["line"] == "Attack Check: direct hit, damage 6, 5 Stress"
    assert_readable(r)


@pytest.mark.parametrize("gm, who", [(False, "the Player gains 1 Momentum Point"),
                                     (True, "the GM gains 1 Tension Point")],
                         ids=["rule: critical hit gives Momentum or an Extra Attack",
                              "reading: a GM attacker's critical hit gives Tension"])
def test_attack_card_critical_hit_notes_the_extra_attack_option(gm, who):
    r = resolve("attack", bonus=2, damage_rating=3, disadvantages=1, gm=gm, target=TARGET,
                dice=[20, 20])
    c = r["card"]
    assert c["headline"] == {"label": "Critical hit", "tone": "great"}
    assert c["key"]["value"] == "6"
    assert f"Natural 20: {who}, or gives it up for an Extra Attack." in c["notes"]
    # ties keep the first die
    assert [d["notes"] for d in c["dice"]] == [["kept", "natural 20"], ["dropped"]]
    assert_readable(r)


# -- effect check ----------------------------------------------------------------------
def test_effect_card_table_dc_names_its_row():
    r = resolve("effect", bonus=1, dc="challenging", dice=[12])
    c = r["card"]
    assert c["headline"] == {"label": "Fail", "tone": "bad"}
    assert c["key"]["value"] == "13"
    assert facts(c) == {"dc": ("DC", "15 (Challenging)")}
    assert r["line"] == "Effect Check: fail, result 13 vs DC 15"
    assert_readable(r)


@pytest.mark.parametrize("params, text", [
    ({"source_ability": 2}, "12 (10 + the source's Ability)"),
    ({"spell_flair": 3, "spell_focus": 1}, "13 (Spell DC: 10 + the caster's FLAIR or FOCUS)"),
], ids=["rule: ability DC is 10 + the source's ability",
        "rule: spell DC is 10 + the higher of FLAIR and FOCUS"])
def test_effect_card_says_where_the_dc_comes_from(params, text):
    r = resolve("effect", bonus=1, dice=[9], **params)
    assert facts(r["card"])["dc"] == ("DC", text)


def test_effect_card_rule_natural_20_is_a_lucky_escape():
    r = resolve("effect", bonus=0, dc=30, dice=[20])
    c = r["card"]
    assert c["headline"] == {"label": "Lucky escape", "tone": "great"}
    assert c["notes"] == ["Natural 20: a lucky escape, all the ill effects are avoided."]
    assert c["dice"] == [{"label": "d20", "notes": ["natural 20"]}]


# -- luck check ------------------------------------------------------------------------
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


# -- opposed check ---------------------------------------------------------------------
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


# -- odds --------------------------------------------------------------------------------
def rows_match_odds(o):
    view = o["display"]
    listed = {row["id"]: row["p"] for row in view["outcomes"]}
    assert listed == {k: p for k, p in o["outcomes"].items() if p > 0}
    for chart in view["charts"]:
        xs = [x for x, _ in chart["bars"]]
        assert xs == sorted(xs), chart["label"]
    return view


def figures(view):
    return {f["label"]: f["value"] for f in view["figures"]}


def test_skill_odds_rows_figures_and_charts():
    view = rows_match_odds(odds("skill", bonus=2, dc=10, advantages=1))
    assert [r["id"] for r in view["outcomes"]] == ["critical_success", "fantastic_success",
                                                   "partial_success", "fail"]
    assert [r["tone"] for r in view["outcomes"]] == ["great", "good", "partial", "bad"]
    assert figures(view) == {"DC": "10", "Chance of success": "87.8%",
                             "Net advantage": "+1 (2 d20)"}
    assert [c["label"] for c in view["charts"]] == ["Kept d20", "Result"]
    assert view["charts"][1]["bars"][0] == [3, pytest.approx(1 / 400)]  # 1 + 2, both dice 1


def test_odds_figures_never_say_dc_in_lower_case():
    for check, params in [("skill", {"bonus": 1}), ("effect", {"bonus": 1, "dc": 10}),
                          ("luck", {"dc": 5}), ("attack", {"bonus": 1, "target": TARGET})]:
        for f in odds(check, **params)["display"]["figures"]:
            assert "Dc" not in f["label"], f


def test_attack_odds_show_evasion_dc_mean_damage_and_the_damage_charts():
    view = rows_match_odds(odds("attack", bonus=2, damage_rating=3,
                                target=dict(TARGET, hit_points=5)))
    assert figures(view)["Evasion DC"] == "7"
    assert figures(view)["Defense"] == "2"
    # glancing 1 (50%), direct and critical 6 (30%): mean 0.5 + 1.8 = 2.3
    assert figures(view)["Mean damage"] == "2.30"
    assert [c["label"] for c in view["charts"]] == ["Kept d20", "Result", "Damage", "Stress"]
    damage = dict((x, p) for x, p in view["charts"][2]["bars"])
    assert damage == {0: pytest.approx(0.2), 1: pytest.approx(0.5), 6: pytest.approx(0.3)}


def test_attack_odds_leave_out_a_stress_chart_that_is_always_zero():
    view = odds("attack", bonus=2, damage_rating=1, target=dict(TARGET, hit_points=30))["display"]
    assert "Stress" not in [c["label"] for c in view["charts"]]


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


def test_effect_and_opposed_odds():
    view = rows_match_odds(odds("effect", bonus=1, dc="normal"))
    assert figures(view) == {"DC": "10", "Chance of success": "60.0%"}
    view = rows_match_odds(odds("opposed", active={"bonus": 2}, target={"bonus": 1}))
    assert [c["label"] for c in view["charts"]] == ["Result", "Target's result (the DC)"]
    assert view["notes"] == ["A tie goes to the active side."]


# -- the catalog ----------------------------------------------------------------------
def catalog():
    return api.catalog()["systems"][SYS]


def test_catalog_sheet_is_what_characters_js_declared():
    sheet = catalog()["sheet"]
    assert sheet["numbers_label"] == "Abilities and combat"
    assert sheet["tables"] == []
    assert sheet["numbers"] == (
        [{"key": k, "label": k, "min": -10, "max": 20, "default": 1}
         for k in ("FIGHT", "FINESSE", "FLAIR", "FOCUS", "FLIGHT")]
        + [{"key": "defense", "label": "Defense", "min": 0, "max": 30, "default": 1},
           {"key": "damage", "label": "Damage rating (DR)", "min": 0, "max": 30, "default": 2}])


def test_catalog_tones_and_form_hints():
    checks = catalog()["checks"]
    assert checks["skill"]["outcome_tones"] == {
        "critical_success": "great", "fantastic_success": "good", "partial_success": "partial",
        "success": "good", "fail": "bad"}
    assert checks["attack"]["outcome_tones"] == {
        "critical_hit": "great", "direct_hit": "good", "glancing_hit": "partial", "miss": "bad"}
    target = next(p for p in checks["attack"]["params"] if p["name"] == "target")
    initial = {f["name"]: f.get("initial") for f in target["fields"]}
    assert initial["finesse"] == 1 and initial["flair"] == 1
    dc = next(p for p in checks["effect"]["params"] if p["name"] == "dc")
    assert dc["initial"] == "normal" and dc["default"] is None


@pytest.mark.parametrize("check, params, field, code", [
    ("effect", {"bonus": 0}, "dc", "required"),
    ("effect", {"bonus": 0, "spell_focus": 2}, "spell_flair", "required"),
    ("effect", {"bonus": 0, "dc": 10, "source_ability": 1}, "source_ability", "range"),
    ("attack", {"bonus": 0, "weapon": "heavy", "ability": "finesse", "target": TARGET},
     "ability", "choice"),
    ("attack", {"bonus": 0, "weapon": "unarmed", "damage_rating": 3, "target": TARGET},
     "damage_rating", "range"),
], ids=["no way to set the effect DC", "a spell DC needs both abilities",
        "two ways to set the DC", "rule: a heavy weapon uses FIGHT",
        "rule: unarmed attacks have DR 1"])
def test_refusals_have_codes(check, params, field, code):
    with pytest.raises(InvalidRequest) as err:
        resolve(check, dice=[10], **params)
    assert (err.value.field, err.value.code) == (field, code)


# -- what a character fills ------------------------------------------------------------
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
