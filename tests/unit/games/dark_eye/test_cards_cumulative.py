"""The cumulative, several-skills and group cards (games/dark_eye/cards_cumulative.py)."""

from dark_eye_card_help import resolve, odds, hero, assert_readable, key_in_line


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
