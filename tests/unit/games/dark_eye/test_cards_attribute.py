"""The attribute check's card and odds view (games/dark_eye/cards_attribute.py),
through the API with forced dice."""

import pytest

from dark_eye_card_help import resolve, assert_readable, key_in_line


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
