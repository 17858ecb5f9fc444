"""The skill check's card (games/dark_eye/cards_skill.py), through the API
with forced dice."""

import pytest

from dark_eye_card_help import resolve, assert_readable


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
