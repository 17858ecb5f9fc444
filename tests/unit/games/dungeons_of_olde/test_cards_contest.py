"""Dungeons of Olde opposed and assisted cards (games/dungeons_of_olde/cards_contest.py):
groups per side, tones from either side, the assisted attempt's words."""

from .helpers import OPPOSED_DICE, assert_people_text, facts, odds, roll


def test_wording_assisted_adjustment_without_doubled_brackets():
    r = roll("assisted", instigator={"stat": 8}, assistant={"stat": 10}, cr=12,
             dice=[5, 5, 3, 4])
    assert "The instigator rolls against CR 12 (Hard), with the assist +2 as an " \
           "adjustment." in r["steps"]
    r = roll("assisted", instigator={"stat": 8, "adjustment": -1}, assistant={"stat": 10},
             cr=12, dice=[5, 5, 3, 4])
    assert "The instigator rolls against CR 12 (Hard), with adjustment -1 + assist +2." \
        in r["steps"]


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
