"""What a person sees of The Dungeons of Olde (issue 12; api.md "What a
person sees"; rules.md's one-headline reading): cards and history lines from
forced dice through api.resolve, odds views against api.odds, the character
sheet and its fill options as static/js/characters.js had them."""

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest

SYS = "dungeons_of_olde"


def roll(check, dice=None, **params):
    request = dict(system=SYS, check=check, **params)
    if dice is not None:
        request["dice"] = dice
    return api.resolve(request)


def odds(check, **params):
    return api.odds(dict(system=SYS, check=check, **params))


def facts(result):
    return {f["key"]: f["value"] for f in result["card"]["facts"]}


def assert_people_text(result):
    c = result["card"]
    texts = [c["title"], c["subject"] or "", c["headline"]["label"], result["line"]]
    texts += [f["label"] + f["value"] for f in c["facts"]] + c["notes"]
    texts += [g["title"] + g["summary"] for g in c["groups"]]
    texts += [d["label"] + " ".join(d["notes"]) for d in c["dice"]]
    texts += [ch["label"] + ch["text"] for ch in c["choices"]]
    for t in texts:
        assert "_" not in t, t


# -- check roll: one headline ----------------------------------------------------
def test_check_card_key_facts_choice_and_line():
    r = roll("check", [7, 6], stat=8, cr="hard", characters={"": "Ann"},
             labels={"": "Forage"})
    c = r["card"]
    assert c["title"] == "Check roll: Forage" and c["subject"] == "Ann"
    assert c["headline"] == {"label": "Success (1 rank)", "tone": "good"}
    assert c["key"] == {"label": "Total", "value": "13", "key": "total"}
    assert facts(r) == {"margin": "+1", "ranks": "1 of success", "cr": "12 (Hard)"}
    assert c["choices"] == [{"label": "The rules suggest",
                             "text": "Task succeeds, and any consumable materials are spent."}]
    assert c["notes"] == [] and c["groups"] == []
    assert r["line"] == "Ann, Forage: Success (1 rank), total 13 vs CR 12"
    assert_people_text(r)


def test_rule_margin_zero_is_written_without_a_sign():
    r = roll("check", [6, 6], stat=8, cr=12)
    assert facts(r)["margin"] == "0"
    assert r["card"]["headline"]["label"] == "Success (1 rank)"


@pytest.mark.parametrize("dice, label, simple", [
    pytest.param([4, 4], "Decisive Failure (2 ranks)", "failure", id="rule_crit_off_decisive"),
    pytest.param([1, 2], "Catastrophic Failure (4 ranks)", "failure",
                 id="rule_crit_off_catastrophic"),
    pytest.param([8, 8, 2, 2], "Critical Success (3 ranks)", "success",
                 id="rule_crit_off_critical_success"),
])
def test_rule_critical_outcomes_off_one_headline_and_a_note(dice, label, simple):
    # rules.md: the headline still names the category and its ranks; a note
    # says only the simple success or failure applies; never two headlines
    r = roll("check", dice, stat=8, cr="hard")
    c = r["card"]
    assert c["headline"] == {"label": label, "tone": "good" if simple == "success" else "bad"}
    assert c["notes"] == [f"Critical outcomes are not applied: this counts as a simple {simple}."]
    assert "character_points" not in facts(r)
    assert c["choices"][0]["text"].startswith("Task succeeds" if simple == "success"
                                              else "Task fails")
    assert r["line"].startswith(f"Check roll: {label}, total ")


@pytest.mark.parametrize("dice, label, tone, points", [
    pytest.param([1, 2], "Catastrophic Failure (4 ranks)", "awful", "2",
                 id="rule_crit_on_catastrophic_awful"),
    pytest.param([8, 8, 2, 2], "Critical Success (3 ranks)", "great", "1",
                 id="rule_crit_on_critical_great"),
    pytest.param([4, 4], "Decisive Failure (2 ranks)", "bad", "0",
                 id="rule_crit_on_decisive_bad"),
])
def test_rule_critical_outcomes_on_tones_and_character_points(dice, label, tone, points):
    r = roll("check", dice, stat=8, cr="hard", critical_outcomes=True)
    assert r["card"]["headline"] == {"label": label, "tone": tone}
    assert facts(r)["character_points"] == points
    assert not any("not applied" in n for n in r["card"]["notes"])


def test_rule_explosion_chain_captions():
    r = roll("check", [8, 8, 2, 2], stat=8, cr="hard")
    assert r["card"]["key"]["value"] == "20"  # 8 -> 8 -> 2 = 18, + 2
    dice = r["card"]["dice"]
    assert [d["label"] for d in dice] == ["stat die 1", "stat die 1, explosion 1",
                                          "stat die 1, explosion 2", "stat die 2"]
    assert [d["notes"] for d in dice] == [["explodes"], ["explodes"], [], []]
    assert [x.get("exploded", False) for x in r["rolls"]] == [True, True, False, False]


def test_rule_trivial_automatic_success_card():
    r = roll("check", stat=8, cr="trivial")
    c = r["card"]
    assert c["headline"] == {"label": "Automatic Success (Trivial, no roll)", "tone": "good"}
    assert c["key"] is None and c["dice"] == [] and r["rolls"] == []
    assert facts(r) == {"cr": "3 (Trivial)"}
    assert r["line"] == "Check roll: automatic success, CR 3 (Trivial)"


def test_rule_trivial_rolled_anyway_and_rank_clamped_notes():
    r = roll("check", [1, 1], stat=4, modification=-3, cr=3, roll_trivial=True)
    assert facts(r)["die"] == "d2"
    assert r["card"]["notes"] == [
        "The modification would take the die below d2; rolling d2.",
        "A Trivial challenge, rolled anyway: the GM asked for a roll."]


# -- opposed and assisted attempts ------------------------------------------------
OPPOSED_DICE = [8, 1, 2, 6, 6, 2, 3]  # target 8 -> 1 = 9, 2: 11; instigator 14 + 3 = 17


def test_opposed_card_groups_and_labels():
    r = roll("opposed", OPPOSED_DICE, instigator={"stat": 6}, target={"stat": 8},
             characters={"instigator": "Ann", "target": "the ogre"})
    c = r["card"]
    assert c["subject"] == "Ann vs the ogre"
    assert c["headline"] == {"label": "Critical Success (3 ranks)", "tone": "good"}
    assert c["key"]["value"] == "17"
    assert facts(r)["cr"] == "11" and facts(r)["margin"] == "+6"
    target, instigator = c["groups"]
    assert target["title"] == "the ogre" and instigator["title"] == "Ann"
    assert [r["rolls"][i]["who"] for i in target["dice"]] == ["target"] * 3
    assert [r["rolls"][i]["who"] for i in instigator["dice"]] == ["instigator"] * 4
    assert target["summary"] == "2d8!: 8 -> 1 = 9, 2: check roll 11, the instigator's CR"
    assert [d["label"] for d in c["dice"]][:3] == ["target's die 1",
                                                   "target's die 1, explosion 1",
                                                   "target's die 2"]
    assert c["dice"][6]["label"] == "instigator's die 2"
    assert r["line"] == ("Ann vs the ogre, Opposed attempt: Critical Success (3 ranks), "
                         "total 17 vs 11")
    assert_people_text(r)


def test_opposed_tone_from_the_targets_side():
    r = roll("opposed", OPPOSED_DICE, instigator={"stat": 6}, target={"stat": 8}, side="target")
    assert r["card"]["headline"]["tone"] == "bad"
    view = odds("opposed", instigator={"stat": 6}, target={"stat": 8}, side="target")["display"]
    tones = {o["id"]: o["tone"] for o in view["outcomes"]}
    assert tones["success"] == "bad" and tones["failure"] == "good"


def test_rule_opposed_tie_goes_to_the_instigator_note():
    r = roll("opposed", [3, 3, 4, 2], instigator={"stat": 6}, target={"stat": 6})
    assert r["card"]["headline"]["label"] == "Success (1 rank)"
    assert "A tie goes to the instigator." in r["card"]["notes"]


def test_assisted_card_bonus_groups_and_labels():
    # assistant 8 -> 1 = 9, 2: 11 vs the instigator's stat 6: bonus 1 + 5 // 2 = +3
    r = roll("assisted", OPPOSED_DICE, instigator={"stat": 6, "adjustment": 1},
             assistant={"stat": 8}, cr="hard", characters={"assistant": "Bea"})
    c = r["card"]
    assert c["key"]["value"] == "21"  # 14 + 3 + 1 + 3
    f = facts(r)
    assert f["assist_bonus"] == "+3" and f["assistant_total"] == "11"
    assert f["adjustment"] == "+1"  # the instigator's own, the assist apart
    assistant, instigator = c["groups"]
    assert assistant["title"] == "Bea" and instigator["title"] == "Instigator"
    assert assistant["summary"].endswith("against 6 (the instigator's stat): assist +3")
    assert [r["rolls"][i]["who"] for i in assistant["dice"]] == ["assistant"] * 3
    assert [d["label"] for d in c["dice"]][2] == "assistant's die 2"
    assert c["subject"] is None
    assert c["headline"]["label"] == "Legendary Success (4 ranks)"  # margin +9
    assert r["line"] == ("Assisted attempt (Instigator adjustment +1): Legendary Success (4 ranks), "
                         "total 21 (assist +3) "
                         "vs CR 12")


def test_rule_trivial_assisted_attempt_is_automatic_for_the_instigator():
    r = roll("assisted", instigator={"stat": 6}, assistant={"stat": 8}, cr="trivial",
             characters={"instigator": "Ann"}, labels={"instigator": "Forage"})
    c = r["card"]
    assert r["rolls"] == [] and c["key"] is None
    assert c["title"] == "Assisted attempt: Forage" and c["subject"] == "Ann"
    assert c["headline"]["label"] == "Automatic Success (Trivial, no roll)"
    assert r["line"] == "Ann, Forage: automatic success, CR 3 (Trivial)"


# -- scaling and effect ------------------------------------------------------------------
@pytest.mark.parametrize("dice, per_rank, key", [
    pytest.param([4, 5], 3, "6 arrows", id="rule_scaling_2_ranks_x_3"),
    pytest.param([8, 4, 5], 3, "12 arrows", id="rule_scaling_4_ranks_x_3"),
    pytest.param([4, 4], 1, "1 arrow", id="rule_scaling_singular_for_1"),
    pytest.param([1, 1], 3, "0 arrows", id="rule_scaling_nothing_on_failure"),
])
def test_rule_scaling_yield_is_the_key(dice, per_rank, key):
    r = roll("scaling", dice, stat=8, cr=6, per_rank=per_rank, unit="arrows")
    c = r["card"]
    assert c["key"] == {"label": "Yield", "value": key, "key": "yield"}
    assert r["line"].endswith(f"yield {key}")
    assert facts(r)["total"] == str(sum(dice))
    assert ("Nothing is yielded on a failure." in c["notes"]) == (key == "0 arrows")


def test_effect_card():
    r = roll("effect", [6, 2, 3, 4], stat=6, count=3)
    c = r["card"]
    assert c["headline"] == {"label": "Rolled", "tone": "neutral"}
    assert c["key"]["value"] == "15" and facts(r) == {"die": "3d6!"}
    assert [d["notes"] for d in c["dice"]] == [["explodes"], [], [], []]
    assert r["line"] == "Effect roll: 3d6! = 15"


# -- odds ----------------------------------------------------------------------------------
def rows_match(answer):
    view = answer["display"]
    assert [(o["id"], o["p"]) for o in view["outcomes"]] == [
        (k, v) for k, v in answer["outcomes"].items() if v]
    for chart in view["charts"]:
        xs = [x for x, _ in chart["bars"]]
        assert xs == sorted(xs)
    return view


def test_check_odds_rows_simple_tones_when_critical_outcomes_are_off():
    view = rows_match(odds("check", stat=8, cr="hard"))
    assert {o["tone"] for o in view["outcomes"]} == {"good", "bad"}
    assert view["figures"] == [{"label": "Chance of success", "value": "31.6%",
                                "key": "success_chance"}]
    assert view["notes"][0].startswith("Critical outcomes are not applied")
    assert view["notes"][1].startswith("Explosion series cut below 1e-12")
    on = rows_match(odds("check", stat=8, cr="hard", critical_outcomes=True))
    tones = {o["id"]: o["tone"] for o in on["outcomes"]}
    assert tones["legendary_success"] == "great" and tones["catastrophic_failure"] == "awful"


def test_assisted_scaling_and_effect_charts():
    view = rows_match(odds("assisted", instigator={"stat": 6}, assistant={"stat": 8}, cr="hard"))
    assert [c["label"] for c in view["charts"]] == ["Assist bonus"]
    view = rows_match(odds("scaling", stat=8, cr=6, per_rank=3, unit="arrows"))
    assert [c["label"] for c in view["charts"]] == ["Yield (arrows)"]
    assert view["charts"][0]["bars"][0][0] == 0
    # one outcome ("rolled"): no outcome rows, the chart says it all
    view = odds("effect", stat=6, count=3)["display"]
    assert view["outcomes"] == []
    xs = [x for x, _ in view["charts"][0]["bars"]]
    assert xs == sorted(xs) and xs[0] == 3
    assert [c["label"] for c in view["charts"]] == ["Total"]
    assert view["figures"] == [{"label": "Mean", "value": "12.60", "key": "mean"}]


def test_trivial_odds():
    view = rows_match(odds("check", stat=8, cr="trivial"))
    assert [o["id"] for o in view["outcomes"]] == ["automatic_success"]
    assert view["notes"] == ["A Trivial challenge is an automatic success: no dice."]


# -- catalog: form hints and the character sheet ---------------------------------------------
def test_catalog_initial_values_from_the_old_ui_defaults():
    checks = api.catalog()["systems"][SYS]["checks"]
    check = {p["name"]: p for p in checks["check"]["params"]}
    assert check["stat"]["initial"] == 8 and check["cr"]["initial"] == 9
    assert {p["name"]: p for p in checks["effect"]["params"]}["count"]["initial"] == 1
    assert {p["name"]: p for p in checks["scaling"]["params"]}["per_rank"]["initial"] == 1


def test_sheet_is_the_one_characters_js_declared():
    sheet = api.catalog()["systems"][SYS]["sheet"]
    assert sheet["numbers"] == []
    assert sheet["tables"] == [
        {"key": "stats", "label": "Stats", "noun": "stat",
         "columns": [{"key": "name", "type": "text", "label": "Stat"},
                     {"key": "value", "type": "int", "label": "Die (d2-d20)", "min": 2, "max": 20,
                      "default": 6}],
         "defaults": [{"name": "Brawn", "value": 8}, {"name": "Nerve", "value": 6},
                      {"name": "Savvy", "value": 6}]},
        {"key": "skills", "label": "Skills", "noun": "skill",
         "columns": [{"key": "name", "type": "text", "label": "Skill"},
                     {"key": "stat", "type": "ref", "label": "Check stat", "ref": "stats"}],
         "defaults": [{"name": "Forage", "stat": "Savvy"}]},
    ]


CHARACTER = {"name": "Ann", "sheet": {"numbers": {}, "tables": {
    "stats": [{"name": "Brawn", "value": 8}, {"name": "Savvy", "value": 6},
              {"name": "Broken", "value": 40}],
    "skills": [{"name": "Forage", "stat": "Savvy"}, {"name": "Lost", "stat": "Nowhere"}]}}}


def test_fill_as_characters_js():
    options = api.fill({"system": SYS, "character": CHARACTER,
                        "params": ["stat", "modification", "adjustment"]})["options"]
    assert options == [
        {"label": "Brawn d8", "values": {"stat": 8}, "what": "Brawn"},
        {"label": "Savvy d6", "values": {"stat": 6}, "what": "Savvy"},
        {"label": "Forage (Savvy d6)", "values": {"stat": 6}, "what": "Forage"},
    ]
    assert api.fill({"system": SYS, "character": CHARACTER, "params": ["cr"]})["options"] == []


def test_instigator_filled_from_a_skill_titles_the_card():
    r = roll("opposed", OPPOSED_DICE, instigator={"stat": 6}, target={"stat": 8},
             labels={"instigator": "Forage"})
    assert r["card"]["title"] == "Opposed attempt: Forage"
    assert r["line"].startswith("Forage: Critical Success")


def test_bad_cr_still_names_the_field():
    with pytest.raises(InvalidRequest) as err:
        roll("check", stat=8, cr="impossible")
    assert err.value.field == "cr" and err.value.code == "choice"
