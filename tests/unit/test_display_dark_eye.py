"""What a person sees of The Dark Eye (system `dark_eye`): cards, history
lines and odds views built by tablecheck.display.dark_eye, through the API
with forced dice; the catalog's sheet, vocabulary and form hints; and what
a character's sheet fills (as static/js/characters.js fillOptions did)."""

import json
import re

import pytest

from tablecheck import api
from tablecheck.systems import dark_eye_skills

from card_texts import card_texts as texts


def resolve(check, **params):
    return api.resolve({"system": "dark_eye", "check": check, **params})


def odds(check, **params):
    return api.odds({"system": "dark_eye", "check": check, **params})


def hero(rating=6, attrs=(12, 12, 12), **extra):
    return {"attributes": list(attrs), "rating": rating, **extra}



def assert_readable(result):
    """No raw ids or underscores in any text; one caption per die; groups'
    dice inside `rolls`, each die in one group at most."""
    card = result["card"]
    for t in texts(card) + [result["line"]]:
        assert "_" not in t, t
    assert len(card["dice"]) == len(result["rolls"])
    seen = [i for g in card["groups"] for i in g["dice"]]
    assert len(seen) == len(set(seen))
    assert all(0 <= i < len(result["rolls"]) for i in seen)


def key_in_line(result):
    key = result["card"]["key"]
    assert key is None or re.search(rf"\b{re.escape(key['value'])}\b", result["line"]), result["line"]


# -- attribute check ------------------------------------------------------------------
def test_attribute_card_names_the_value_the_roll_and_the_eav():
    r = resolve("attribute", value=12, name="COU", dice=[7], characters={"": "Alrik"})
    c = r["card"]
    assert c["title"] == "Attribute check: Courage (COU)"
    assert c["subject"] == "Alrik"
    assert c["headline"] == {"label": "Success", "tone": "good"}
    assert c["key"] == {"label": "Roll", "value": "7", "key": "roll"}
    assert c["facts"] == [{"label": "EAV", "value": "12", "key": "eav"}]
    assert c["dice"] == [{"label": "COU die", "notes": ["EAV 12"]}]
    assert r["line"] == "Alrik, Courage (COU): success, rolled 7 vs EAV 12"
    assert_readable(r)


def test_attribute_card_title_and_line_follow_the_filled_label():
    r = resolve("attribute", value=14, name="AT", dice=[3], labels={"": "Attack (AT)"})
    assert r["card"]["title"] == "Attribute check: Attack (AT)"
    assert r["line"].startswith("Attack (AT): success")


@pytest.mark.parametrize("dice, outcome, label, tone, note", [
    ([1, 4], "critical_success", "Critical success", "great", "confirmed"),
    ([1, 15], "success", "Success", "good", "not confirmed"),
    ([20, 15], "botch", "Botch", "awful", "confirmed"),
    ([20, 5], "failure", "Failure", "bad", "not confirmed"),
], ids=["rule attribute: a 1 confirmed is a critical success",
        "rule attribute: a 1 not confirmed is an ordinary success",
        "rule attribute: a 20 confirmed is a botch",
        "rule attribute: a 20 not confirmed is an ordinary failure"])
def test_attribute_confirmation_roll_is_captioned_as_such(dice, outcome, label, tone, note):
    r = resolve("attribute", value=12, dice=dice)
    assert r["outcome"] == outcome
    assert r["card"]["headline"] == {"label": label, "tone": tone}
    assert r["card"]["dice"] == [{"label": "d20", "notes": ["EAV 12"]},
                                 {"label": "confirmation roll", "notes": ["EAV 12", note]}]
    key_in_line(r)


def test_attribute_card_rule_eav_below_1_rolls_no_die_and_has_no_key():
    r = resolve("attribute", value=3, modifier=-4)
    c = r["card"]
    assert r["rolls"] == [] and c["dice"] == [] and c["key"] is None
    assert c["facts"] == [{"label": "EAV", "value": "-1", "key": "eav"},
                          {"label": "Modifier", "value": "-4", "key": "modifier"}]
    assert c["notes"] == ["EAV -1 is below 1: the check fails automatically; no die is rolled."]
    assert r["line"] == "Attribute check -4: failure, EAV -1 below 1"


def test_attribute_card_rule_a_20_fails_even_at_eav_20():
    r = resolve("attribute", value=22, dice=[20, 5])
    assert r["outcome"] == "failure"
    assert r["card"]["notes"] == ["A 20 always fails, even at EAV 20 or more."]


# -- skill check --------------------------------------------------------------------------
def test_skill_card_key_is_the_ql_and_dice_show_eav_and_sp():
    r = resolve("skill", attributes=[12, 13, 11], names=["COU", "AGI", "STR"], rating=6,
                dice=[3, 15, 12], characters={"": "Alrik"}, labels={"": "Climbing"})
    c = r["card"]
    assert c["title"] == "Skill check: Climbing"
    assert c["subject"] == "Alrik"
    assert c["headline"] == {"label": "Success", "tone": "good"}
    assert c["key"] == {"label": "QL", "value": "1", "key": "quality_level"}
    # every die shows its EAV under it: no EAVs fact
    assert c["facts"] == [{"label": "SP left", "value": "3", "key": "points_left"}]
    assert c["dice"] == [{"label": "COU die", "notes": ["EAV 12"]},
                         {"label": "AGI die", "notes": ["EAV 13", "-2 SP"]},
                         {"label": "STR die", "notes": ["EAV 11", "-1 SP"]}]
    assert c["groups"] == []
    assert r["line"] == "Alrik, Climbing: success, QL 1"
    assert_readable(r)


def test_skill_card_without_names_labels_dice_by_position_and_marks_the_uncovered():
    r = resolve("skill", attributes=[12, 13, 11], rating=2, dice=[3, 18, 12])
    c = r["card"]
    assert c["headline"] == {"label": "Failure", "tone": "bad"} and c["key"] is None
    assert c["facts"] == [{"label": "SP short", "value": "4", "key": "points_short"}]
    assert [d["label"] for d in c["dice"]] == ["attribute 1 die", "attribute 2 die", "attribute 3 die"]
    assert c["dice"][1]["notes"] == ["EAV 13", "not covered"]
    assert r["line"] == "Skill check: failure, 4 SP short"


def test_skill_card_rule_double_1_overrides_an_uncovered_die():
    r = resolve("skill", attributes=[12, 13, 11], rating=2, dice=[1, 1, 19])
    c = r["card"]
    assert c["headline"] == {"label": "Critical success (double 1)", "tone": "great"}
    assert c["key"]["value"] == "1"
    assert c["notes"] == ["Two or more 1s: a critical success even though a die is not covered "
                          "(0 SP left, QL 1)."]
    assert r["line"] == "Skill check: critical success, QL 1"


@pytest.mark.parametrize("dice, outcome, label", [
    ([20, 20, 1], "botch", "Botch (double 20)"),
    ([20, 20, 20], "spectacular_botch", "Spectacular botch (triple 20)"),
], ids=["rule skill: two 20s botch whatever the SP", "rule skill: three 20s, a spectacular botch"])
def test_skill_card_botch_is_awful_without_a_key(dice, outcome, label):
    r = resolve("skill", attributes=[12, 12, 12], rating=20, dice=dice)
    assert r["outcome"] == outcome
    assert r["card"]["headline"] == {"label": label, "tone": "awful"}
    assert r["card"]["key"] is None
    assert r["card"]["notes"] == ["Two or more 20s: a botch, an automatic failure whatever the SP."]


def test_skill_card_rule_eav_below_1_shows_the_eavs_and_the_retry():
    r = resolve("skill", attributes=[12, 13, 1], names=["COU", "AGI", "STR"], rating=2, attempt=2)
    c = r["card"]
    assert r["rolls"] == [] and c["dice"] == []
    assert c["facts"] == [{"label": "EAVs", "value": "COU 11, AGI 12, STR 0", "key": "eav"},
                          {"label": "Attempt", "value": "2 (-1 on every EAV)", "key": "attempt"}]
    assert r["line"] == "Skill check: automatic failure (an EAV below 1)"
    assert_readable(r)


# -- competitive ---------------------------------------------------------------------------
COMPETITIVE = dict(a=hero(6, names=["COU", "AGI", "STR"]), b=hero(4), dice=[3, 5, 14, 12, 13, 4])


def test_competitive_card_names_the_winner_with_the_final_ql_and_a_group_per_side():
    r = resolve("competitive", **COMPETITIVE, characters={"a": "Alrik"})
    c = r["card"]
    assert r["outcome"] == "a_wins"
    assert c["subject"] == "Alrik vs Side B"
    assert c["headline"] == {"label": "Alrik wins", "tone": "neutral"}
    assert c["key"] == {"label": "Final QL", "value": "1", "key": "quality_level"}
    assert c["groups"] == [{"title": "Alrik", "summary": "Success, QL 2", "dice": [0, 1, 2]},
                           {"title": "Side B", "summary": "Success, QL 1", "dice": [3, 4, 5]}]
    assert [r["rolls"][i]["value"] for i in c["groups"][1]["dice"]] == r["b"]["dice"]
    assert [d["label"] for d in c["dice"]] == ["COU die", "AGI die", "STR die", "attribute 1 die",
                                               "attribute 2 die", "attribute 3 die"]
    assert c["notes"] == ["QL 2 against QL 1: the final QL is the difference."]
    assert r["line"] == "Alrik vs Side B, Competitive check: Alrik wins, final QL 1"
    assert_readable(r)


@pytest.mark.parametrize("side, tone", [(None, "neutral"), ("a", "good"), ("b", "bad")])
def test_competitive_tone_is_neutral_unless_the_page_is_on_a_side(side, tone):
    r = resolve("competitive", **COMPETITIVE, side=side)
    assert r["card"]["headline"] == {"label": "Side A wins", "tone": tone}


def test_competitive_without_names_has_no_subject_and_takes_the_sides_labels():
    r = resolve("competitive", **COMPETITIVE, labels={"a": "Stealth", "b": "Perception"})
    assert r["card"]["subject"] is None
    assert r["card"]["title"] == "Competitive check: Stealth vs Perception"
    assert r["line"] == "Stealth vs Perception: Side A wins, final QL 1"


@pytest.mark.parametrize("params, outcome, head, notes", [
    (dict(a=hero(6), b=hero(6), dice=[3, 4, 5, 3, 4, 5], passive="b"), "b_wins", "Guard wins",
     ["A tie at QL 2: the passive side, Guard, wins with QL 1."]),
    (dict(a=hero(6), b=hero(6), dice=[3, 4, 5, 3, 4, 5]), "unresolved", "Unresolved",
     ["A tie at QL 2 and no passive side: neither wins."]),
    (dict(a=hero(0, (0, 12, 12)), b=hero(4), dice=[20, 20, 4]), "unresolved", "Unresolved",
     ["Guard's botch counts as an automatic failure.",
      "Both sides fail and there is no passive side: neither wins."]),
    (dict(a=hero(6), b=hero(20), dice=[1, 1, 9, 2, 3, 4]), "a_wins", "Alrik wins",
     ["Alrik's critical success wins automatically."]),
], ids=["rule competitive: a tie goes to the passive side",
        "rule competitive: a tie without a passive side is unresolved",
        "reading competitive: a botch is an automatic failure; both fail, no passive side",
        "rule competitive: a critical beats a higher QL"])
def test_competitive_notes_say_why(params, outcome, head, notes):
    r = resolve("competitive", **params, characters={"a": "Alrik", "b": "Guard"})
    assert r["outcome"] == outcome
    c = r["card"]
    assert c["headline"]["label"] == head and c["headline"]["tone"] == "neutral"
    assert c["notes"] == notes
    assert (c["key"] is None) == (outcome == "unresolved")
    key_in_line(r)
    assert_readable(r)


def test_competitive_groups_skip_a_side_that_rolled_no_dice():
    # side A has an EAV below 1: its check rolls no dice, B's three dice come first
    r = resolve("competitive", a=hero(4, (0, 12, 12)), b=hero(4), dice=[3, 4, 5])
    groups = r["card"]["groups"]
    assert groups[0] == {"title": "Side A", "summary": "Automatic failure (an EAV below 1)", "dice": []}
    assert groups[1]["dice"] == [0, 1, 2]
    assert r["card"]["headline"]["label"] == "Side B wins"


# -- group competitive ------------------------------------------------------------------------
def test_group_competitive_groups_per_side_per_member_with_their_dice():
    r = resolve("group_competitive", a=[hero(5, name="Alrik"), hero(3)], b=[hero(8)],
                dice=[3, 5, 4, 6, 7, 8, 9, 10, 11], passive="a",
                characters={"b[0]": "Gerda"})
    c = r["card"]
    assert [g["title"] for g in c["groups"]] == ["Side A · Alrik", "Side A · hero 2",
                                                 "Side B · Gerda"]
    assert [g["dice"] for g in c["groups"]] == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    for g, member in zip(c["groups"], r["a"] + r["b"]):
        assert [r["rolls"][i]["value"] for i in g["dice"]] == member["dice"]
    assert c["subject"] == "Side A vs Gerda"
    assert c["facts"] == [{"label": "Side A QL", "value": "3", "key": "side_quality.a"},
                          {"label": "Side B QL", "value": "3", "key": "side_quality.b"},
                          {"label": "Passive side", "value": "Side A", "key": "passive"}]
    assert c["headline"] == {"label": "Side A wins", "tone": "neutral"}
    assert c["notes"] == ["A tie at QL 3: the passive side, Side A, wins with QL 1."]
    key_in_line(r)
    assert_readable(r)


def test_group_competitive_rule_a_botch_discards_the_sides_ql():
    r = resolve("group_competitive", a=[hero(6), hero(6)], b=[hero(6)],
                dice=[3, 4, 5, 20, 20, 5, 7, 8, 9], side="b")
    c = r["card"]
    assert r["outcome"] == "b_wins"
    assert c["facts"][0] == {"label": "Side A QL", "value": "botch (QL discarded)",
                             "key": "side_quality.a"}
    assert c["headline"] == {"label": "Side B wins", "tone": "good"}
    assert c["notes"] == ["Side A's botch counts as an automatic failure."]


def test_group_competitive_reading_a_members_critical_wins_and_is_named():
    # Alrik's double 1 (QL 1; with Gerda's QL 1 the side has 2) beats side B's QL 6
    r = resolve("group_competitive", a=[hero(4, name="Alrik"), hero(0, name="Gerda")],
                b=[hero(20)], dice=[1, 1, 20, 5, 5, 5, 3, 3, 3])
    c = r["card"]
    assert r["outcome"] == "a_wins" and r["quality_level"] == 1
    assert c["headline"]["label"] == "Side A wins"
    assert c["notes"] == ["Alrik's critical success wins automatically for Side A, as in a "
                          "competitive check."]
    assert [g["summary"] for g in c["groups"]][0] == "Critical success, QL 1"
    assert_readable(r)
    key_in_line(r)


def test_group_competitive_reading_a_botch_undoes_the_sides_critical():
    r = resolve("group_competitive", a=[hero(4, name="Alrik"), hero(4, name="Gerda")],
                b=[hero(4)], passive="b", dice=[1, 1, 5, 20, 20, 5, 5, 5, 5])
    c = r["card"]
    assert r["outcome"] == "b_wins"
    assert c["facts"][0]["value"] == "botch (QL discarded)"
    assert c["notes"] == ["Side A's botch counts as an automatic failure.",
                          "Alrik's critical success does not count: Gerda's botch discards "
                          "Side A's QL."]


def test_group_competitive_one_hero_a_side_notes_as_the_competitive_check():
    # the example: 1,1,20 against 5,5,5
    g = resolve("group_competitive", a=[hero(4)], b=[hero(4)], dice=[1, 1, 20, 5, 5, 5])
    c = resolve("competitive", a=hero(4), b=hero(4), dice=[1, 1, 20, 5, 5, 5])
    assert g["card"]["notes"] == c["card"]["notes"] == ["Side A's critical success wins "
                                                        "automatically."]
    assert g["card"]["headline"] == c["card"]["headline"]


def test_cumulative_card_shows_each_checks_own_modifier():
    r = resolve("cumulative", attributes=[12, 12, 12], rating=4, max_checks=3,
                modifiers=[0, 2, -1], dice=[18, 18, 5, 5, 5, 5, 5, 5, 5])
    assert [g["title"] for g in r["card"]["groups"]] == [
        "Check 1", "Check 2 (+2 this check, -1 penalty)", "Check 3 (-1 this check, -1 penalty)"]
    assert r["card"]["dice"][3]["notes"] == ["EAV 13"]
    view = odds("cumulative", attributes=[12, 12, 12], rating=4, max_checks=3,
                modifiers=[0, 2, -1])["display"]
    assert view["figures"][-1] == {"label": "Modifier per check", "value": "0, +2, -1",
                                   "key": "modifiers"}


# -- cumulative check with several skills -------------------------------------------------
def spear(**params):
    wood = {"skill": "Woodworking", "attributes": [12, 12, 12], "names": ["DEX", "SGC", "STR"],
            "rating": 4, "target": 4}
    metal = {"skill": "Metalworking", "attributes": [13, 13, 13], "rating": 4, "target": 3}
    return resolve("cumulative_skills", skills=[wood, metal], **params)


def test_cumulative_skills_card_one_group_per_check_naming_the_skill():
    # wood misses 4: QL 2 (5,5,5); then 2 vs 3 missing: metal fails (-1); metal again at
    # EAV 12 + 2 (this check) = 14: a critical, QL 2 doubled to 4; wood at 12: QL 2
    r = spear(max_checks=5, modifiers=[0, 0, 2], dice=[5, 5, 5, 19, 19, 5, 1, 1, 5, 5, 5, 5])
    c = r["card"]
    assert c["title"] == "Cumulative check (several skills): Woodworking and Metalworking"
    assert c["headline"] == {"label": "Success (target QL reached)", "tone": "good"}
    assert c["key"] == {"label": "Total QL", "value": "7", "key": "total_quality"}
    assert c["groups"] == [
        {"title": "Check 1: Woodworking", "summary": "Success, QL 2, Woodworking 2 of 4",
         "dice": [0, 1, 2], "tone": "good"},
        {"title": "Check 2: Metalworking", "summary": "Failure, 8 SP short, Metalworking 0 of 3",
         "dice": [3, 4, 5], "tone": "bad"},
        {"title": "Check 3: Metalworking (+2 this check, -1 penalty)",
         "summary": "Critical success, QL 2 doubled to 4, Metalworking 4 of 3",
         "dice": [6, 7, 8], "tone": "great"},
        {"title": "Check 4: Woodworking", "summary": "Success, QL 2, Woodworking 4 of 4",
         "dice": [9, 10, 11], "tone": "good"},
    ]
    assert c["facts"] == [
        {"label": "Woodworking", "value": "4 of 4 (reached)", "key": "skills[0].quality"},
        {"label": "Metalworking", "value": "4 of 3 (reached)", "key": "skills[1].quality"},
        {"label": "QL needed", "value": "7", "key": "target"},
        {"label": "Checks made", "value": "4 of 5", "key": "rounds"},
        {"label": "Modifier per check", "value": "0, 0, +2", "key": "modifiers"}]
    assert c["notes"] == [
        "Each check uses the skill with the most QL still missing (the first listed on a tie).",
        "A critical success doubles its QL and clears the accumulated penalty.",
        "Each failed check adds -1 to the later checks, whatever their skill.",
        "QL above a skill's target do not count toward the total."]
    # the dice are labelled by each check's own skill's attributes, with the EAV of the check
    assert [d["label"] for d in c["dice"][:6]] == ["DEX die", "SGC die", "STR die",
                                                   "attribute 1 die", "attribute 2 die",
                                                   "attribute 3 die"]
    assert c["dice"][6]["notes"][0] == "EAV 14"
    assert r["line"] == "Woodworking and Metalworking: success, total QL 7"
    assert_readable(r)
    key_in_line(r)


def test_cumulative_skills_card_botch_partial_and_filled_names():
    r = spear(max_checks=3, dice=[5, 5, 5, 20, 20, 5])
    c = r["card"]
    assert c["headline"] == {"label": "Botch (all QL lost)", "tone": "awful"}
    assert c["key"] is None and c["facts"][0]["value"] == "all lost"
    assert c["groups"][1]["summary"] == "Botch: all QL lost"
    assert r["line"] == "Woodworking and Metalworking: botch, all QL lost in check 2"
    # names from what a character filled; partial success; the order's note
    skills = [{"attributes": [12, 12, 12], "rating": 4, "target": 4},
              {"attributes": [13, 13, 13], "rating": 4, "target": 3}]
    r = resolve("cumulative_skills", skills=skills, max_checks=2, partial=3, order=[2, 2],
                dice=[5, 5, 5, 13, 13, 13], labels={"skills[0]": "Woodworking",
                                                    "skills[1]": "Metalworking"},
                characters={"skills[0]": "Alrik", "skills[1]": "Alrik"})
    c = r["card"]
    assert r["outcome"] == "partial_success"
    assert [g["title"] for g in c["groups"]] == ["Check 1: Metalworking", "Check 2: Metalworking"]
    assert c["subject"] == "Alrik"
    assert c["facts"][2] == {"label": "QL needed", "value": "7 (partial success: 3)",
                             "key": "target"}
    assert c["notes"][0].startswith("Each check uses the skill the order names")
    assert r["line"] == "Alrik, Woodworking and Metalworking: partial success, total QL 3"
    assert_readable(r)


def test_cumulative_skills_card_without_names_numbers_the_skills():
    r = resolve("cumulative_skills", skills=[hero(4, target=2), hero(4, target=2)],
                max_checks=2, dice=[5, 5, 5, 5, 5, 5])
    c = r["card"]
    assert c["title"] == "Cumulative check (several skills)"
    assert [g["title"] for g in c["groups"]] == ["Check 1: skill 1", "Check 2: skill 2"]
    assert r["line"] == "Cumulative check (several skills): success, total QL 4"


def test_cumulative_skills_odds_view():
    wood = {"skill": "Woodworking", "attributes": [12, 12, 12], "names": ["DEX", "SGC", "STR"],
            "rating": 4, "target": 4}
    o = odds("cumulative_skills", skills=[wood, hero(4, (13, 13, 13), target=3)], max_checks=5,
             modifiers=[0, 0, 2], partial=4)
    view = o["display"]
    assert [f["label"] for f in view["figures"]] == [
        "Chance of success", "Chance of at least a partial success", "Woodworking: EAV",
        "skill 2: EAV", "Modifier per check"]
    assert view["figures"][2]["value"] == "DEX 12, SGC 12, STR 12; 4 QL needed"
    assert view["figures"][4]["value"] == "0, 0, +2"
    assert [c["label"] for c in view["charts"]] == ["Checks needed",
                                                    "QL collected when the checks run out"]
    assert [x for x, _ in view["charts"][0]["bars"]] == [1, 2, 3, 4, 5]
    assert view["notes"][-1] == ("The odds assume each check uses the skill with the most QL "
                                 "still missing (the first listed on a tie).")


# -- cumulative ---------------------------------------------------------------------------------
CUMULATIVE = dict(attributes=[12, 12, 12], rating=4, max_checks=5,
                  dice=[3, 5, 14, 15, 15, 15, 1, 1, 5, 2, 3, 4, 5, 5, 5])


def test_cumulative_card_one_group_per_check_with_penalty_and_running_total():
    r = resolve("cumulative", **CUMULATIVE, labels={"": "Woodworking"}, characters={"": "Alrik"})
    c = r["card"]
    assert c["title"] == "Cumulative check: Woodworking"
    assert c["headline"] == {"label": "Partial success", "tone": "partial"}
    assert c["key"] == {"label": "Total QL", "value": "9", "key": "total_quality"}
    assert c["groups"] == [
        {"title": "Check 1", "summary": "Success, QL 1, total 1 QL", "dice": [0, 1, 2],
         "tone": "good"},
        {"title": "Check 2", "summary": "Failure, 5 SP short, total 1 QL", "dice": [3, 4, 5],
         "tone": "bad"},
        {"title": "Check 3 (-1)", "summary": "Critical success, QL 2 doubled to 4, total 5 QL",
         "dice": [6, 7, 8], "tone": "great"},
        {"title": "Check 4", "summary": "Success, QL 2, total 7 QL", "dice": [9, 10, 11],
         "tone": "good"},
        {"title": "Check 5", "summary": "Success, QL 2, total 9 QL", "dice": [12, 13, 14],
         "tone": "good"},
    ]
    # the penalised check's dice show the lowered EAV (rule: a failure adds -1)
    assert c["dice"][6]["notes"] == ["EAV 11"]
    assert c["facts"] == [{"label": "QL needed", "value": "10 (partial success: 6)", "key": "target"},
                          {"label": "Checks made", "value": "5 of 5", "key": "rounds"}]
    assert c["notes"] == ["A critical success doubles its QL and clears the accumulated penalty.",
                          "Each failed check adds -1 to the later checks."]
    assert r["line"] == "Alrik, Woodworking: partial success, total QL 9"
    assert_readable(r)


def test_cumulative_rule_a_botch_loses_all_ql():
    r = resolve("cumulative", attributes=[12, 12, 12], rating=4, max_checks=5,
                dice=[3, 5, 4, 20, 20, 3])
    c = r["card"]
    assert c["headline"] == {"label": "Botch (all QL lost)", "tone": "awful"}
    assert c["key"] is None
    assert c["groups"][1] == {"title": "Check 2", "summary": "Botch: all QL lost",
                              "dice": [3, 4, 5], "tone": "awful"}
    assert r["line"] == "Cumulative check: botch, all QL lost in check 2"


def test_cumulative_stops_when_the_penalty_drops_an_eav_below_1():
    # EAV 1: the first failure makes it 0; check 2 cannot be rolled
    r = resolve("cumulative", attributes=[1, 12, 12], rating=0, max_checks=4, dice=[5, 5, 5])
    c = r["card"]
    assert [g["dice"] for g in c["groups"]] == [[0, 1, 2]]
    assert c["facts"][1]["value"] == "1 of 4"
    assert c["notes"][0] == ("Stopped after check 1: an EAV is below 1, so no further check "
                             "can succeed.")
    assert c["key"] == {"label": "Total QL", "value": "0", "key": "total_quality"}
    key_in_line(r)


# -- group (cumulative) ---------------------------------------------------------------------------
def test_group_card_one_group_per_hero_per_round():
    r = resolve("group", members=[hero(5, name="Alrik"), hero(3)], max_rounds=2, target=10,
                dice=[3, 5, 4, 20, 5, 6, 1, 1, 4, 3, 3, 3], characters={"members[1]": "Gerda"})
    c = r["card"]
    assert [g["title"] for g in c["groups"]] == ["Round 1 · Alrik", "Round 1 · Gerda",
                                                 "Round 2 · Alrik", "Round 2 · Gerda (-1)"]
    assert [g["dice"] for g in c["groups"]] == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]]
    for g, e in zip(c["groups"], r["checks"]):
        assert [r["rolls"][i]["value"] for i in g["dice"]] == e["dice"]
    assert c["groups"][1]["summary"] == "Failure, 5 SP short; round 1 ends with 2 QL"
    assert c["groups"][2]["summary"] == "Critical success, QL 2 doubled to 4"
    assert c["subject"] == "Alrik and Gerda"
    assert c["key"]["value"] == str(r["total_quality"])
    assert c["facts"][1] == {"label": "Rounds made", "value": "2 of 2", "key": "rounds"}
    key_in_line(r)
    assert_readable(r)


def test_group_card_heroes_without_dice_keep_the_indices_of_the_others():
    # hero 1 cannot roll (EAV below 1): hero 2's dice are rolls 0..2, then 3..5
    r = resolve("group", members=[hero(4, (0, 12, 12)), hero(4)], max_rounds=2,
                dice=[3, 4, 5, 6, 7, 8])
    assert [(g["title"], g["dice"]) for g in r["card"]["groups"]] == [
        ("Round 1 · hero 1", []), ("Round 1 · hero 2", [0, 1, 2]),
        ("Round 2 · hero 1 (-1)", []), ("Round 2 · hero 2", [3, 4, 5])]
    assert r["card"]["subject"] is None


def test_group_card_title_from_the_heroes_common_skill():
    r = resolve("group", members=[hero(6), hero(6)], max_rounds=1, dice=[3, 4, 5] * 2,
                labels={"members[0]": "Climbing", "members[1]": "Climbing"})
    assert r["card"]["title"] == "Group check (cumulative): Climbing"


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


# -- catalog: form hints, vocabulary, sheet ----------------------------------------------------------
def _param(params, name):
    return next(p for p in params if p["name"] == name)


def test_catalog_names_pair_with_attributes_and_items_start_at_12():
    checks = api.catalog()["systems"]["dark_eye"]["checks"]
    skill = checks["skill"]["params"]
    assert _param(skill, "names")["pairs"] == "attributes"
    assert _param(skill, "attributes")["item"]["initial"] == 12
    member = _param(checks["group"]["params"], "members")["item"]["fields"]
    assert _param(member, "names")["pairs"] == "attributes"
    for side in ("a", "b"):
        assert _param(_param(checks["competitive"]["params"], side)["fields"], "names")["pairs"] \
            == "attributes"


def test_catalog_vocabulary_and_tones():
    cat = api.catalog()["systems"]["dark_eye"]
    assert cat["vocabulary"]["attributes"][0] == {"id": "COU", "name": "Courage"}
    assert [v["id"] for v in cat["vocabulary"]["combat_values"]] == ["AT", "PA", "DO", "RC"]
    assert cat["checks"]["competitive"]["outcome_tones"] == {
        "a_wins": "neutral", "b_wins": "neutral", "unresolved": "neutral"}
    assert cat["checks"]["cumulative"]["outcome_tones"]["partial_success"] == "partial"


def test_catalog_sheet_is_characters_js_sheets_dark_eye():
    sheet = api.catalog()["systems"]["dark_eye"]["sheet"]
    assert sheet["numbers_label"] == "Attributes"
    assert [(n["key"], n["label"], n["default"], n.get("referable", True)) for n in sheet["numbers"]] == [
        ("COU", "Courage (COU)", 12, True), ("SGC", "Sagacity (SGC)", 12, True),
        ("INT", "Intuition (INT)", 12, True), ("CHA", "Charisma (CHA)", 12, True),
        ("DEX", "Dexterity (DEX)", 12, True), ("AGI", "Agility (AGI)", 12, True),
        ("CON", "Constitution (CON)", 12, True), ("STR", "Strength (STR)", 12, True),
        ("AT", "Attack (AT)", 12, False), ("PA", "Parry (PA)", 7, False),
        ("DO", "Dodge (DO)", 6, False), ("RC", "Ranged combat (RC)", 10, False),
        ("FtP", "Fate points (FtP)", 3, False)]
    assert all((n["min"], n["max"]) == (0, 40) for n in sheet["numbers"][:-1])
    # fate points: a counter the page counts down; older records without it read 3
    assert sheet["numbers"][-1] == {"key": "FtP", "label": "Fate points (FtP)", "min": 0, "max": 20,
                                    "default": 3, "referable": False, "counter": True, "optional": True}
    (skills,) = sheet["tables"]
    assert (skills["key"], skills["label"], skills["noun"]) == ("skills", "Skills", "skill")
    assert skills["columns"] == [
        # the name offers the core skill list (issue 27; tests/unit/test_suggest_hints.py)
        {"key": "name", "type": "text", "label": "Skill", "suggest": dark_eye_skills.SHEET_HINT},
        {"key": "a1", "type": "ref", "label": "1st attribute", "ref": "numbers"},
        {"key": "a2", "type": "ref", "label": "2nd attribute", "ref": "numbers"},
        {"key": "a3", "type": "ref", "label": "3rd attribute", "ref": "numbers"},
        {"key": "rating", "type": "int", "label": "Skill rating", "min": 0, "max": 40, "default": 4},
        {"key": "aptitude", "type": "bool", "label": "Aptitude", "default": False}]
    assert skills["defaults"] == [
        {"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 4},
        {"name": "Perception", "a1": "SGC", "a2": "INT", "a3": "INT", "rating": 6}]


# -- fill: what characters.js fillOptions gave ---------------------------------------------------------
ALRIK = {"name": "Alrik", "sheet": {
    "numbers": {"COU": 14, "SGC": 12, "INT": 13, "CHA": 11, "DEX": 12, "AGI": 13, "CON": 12,
                "STR": 15, "AT": 12, "PA": 7, "DO": 6, "RC": 10},
    "tables": {"skills": [{"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 4},
                          {"name": "Perception", "a1": "SGC", "a2": "INT", "a3": "INT", "rating": 6}]}}}


def fill(params, character=ALRIK):
    return api.fill({"system": "dark_eye", "character": character, "params": params})["options"]


SKILL_OPTIONS = [
    {"label": "Climbing (COU/AGI/STR, SR 4)",
     "values": {"attributes": [14, 13, 15], "rating": 4, "names": ["COU", "AGI", "STR"]},
     "what": "Climbing"},
    {"label": "Perception (SGC/INT/INT, SR 6)",
     "values": {"attributes": [12, 13, 13], "rating": 6, "names": ["SGC", "INT", "INT"]},
     "what": "Perception"},
]


def test_fill_a_skill_check_with_the_skills():
    assert fill(["attributes", "names", "rating", "modifier", "attempt"]) == SKILL_OPTIONS


def test_fill_a_group_member_adds_the_heros_name():
    options = fill(["name", "attributes", "names", "rating", "modifier", "attempt"])
    assert [o["values"]["name"] for o in options] == ["Alrik", "Alrik"]
    assert [o["label"] for o in options] == [o["label"] for o in SKILL_OPTIONS]


def test_fill_an_attribute_check_with_attributes_and_combat_values():
    options = fill(["value", "modifier", "name"])
    assert [o["label"] for o in options] == [
        "Courage (COU) 14", "Sagacity (SGC) 12", "Intuition (INT) 13", "Charisma (CHA) 11",
        "Dexterity (DEX) 12", "Agility (AGI) 13", "Constitution (CON) 12", "Strength (STR) 15",
        "Attack (AT) 12", "Parry (PA) 7", "Dodge (DO) 6", "Ranged combat (RC) 10"]
    assert options[0] == {"label": "Courage (COU) 14", "values": {"value": 14, "name": "COU"},
                          "what": "Courage (COU)"}
    assert options[-1]["values"] == {"value": 10, "name": "RC"}


def test_fill_options_resolve_as_they_are():
    (climbing, _) = fill(["attributes", "names", "rating"])
    r = resolve("skill", **climbing["values"], dice=[3, 4, 5],
                labels={"": climbing["what"]}, characters={"": "Alrik"})
    assert r["line"] == "Alrik, Climbing: success, QL 2"
    for option in fill(["value", "modifier", "name"]):
        assert resolve("attribute", **option["values"], dice=[5])["card"]["title"] == \
            f"Attribute check: {option['what']}"


def test_fill_skips_rows_with_bad_data():
    bad = json.loads(json.dumps(ALRIK))
    bad["sheet"]["tables"]["skills"] += [
        {"name": "Swimming", "a1": "AGI", "a2": "AT", "a3": "STR", "rating": 4},  # a combat value
        {"name": "Singing", "a1": "INT", "a2": "CHA", "a3": "CON", "rating": "5"},
        {"name": "", "a1": "INT", "a2": "CHA", "a3": "CON", "rating": 5},
        "not a row",
    ]
    bad["sheet"]["numbers"]["PA"] = 7.5
    assert fill(["attributes", "names", "rating"]) == fill(["attributes", "names", "rating"], bad)
    assert "Parry (PA) 7.5" not in [o["label"] for o in fill(["value"], bad)]
    assert len(fill(["value"], bad)) == 11


def test_fill_an_unrelated_group_offers_nothing():
    assert fill(["passive"]) == []
