"""Freedom Fantasies effect cards (games/freedom_fantasies/cards_effect.py):
cards and history lines through the API with forced dice."""

import pytest

from .card_helpers import assert_readable, facts, resolve


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
