"""Freedom Fantasies effect checks (games/freedom_fantasies/effect.py): the
ways to set the DC, forced dice and exact odds against brute force."""

import pytest

from tablecheck.errors import InvalidRequest

from .helpers import COUNTS, EFFECT_LABELS, bad, brute, exact, full, odds, resolve


@pytest.mark.parametrize("params, dc", [
    pytest.param({"source_ability": 3}, 13, id="rule: effect DC = 10 + the source's ability"),
    pytest.param({"source_ability": -1}, 9, id="rule: attack DC = 10 + the ability used"),
    pytest.param({"spell_flair": 4, "spell_focus": 2}, 14, id="rule: spell DC uses the higher FLAIR"),
    pytest.param({"spell_flair": 1, "spell_focus": 5}, 15, id="rule: spell DC uses the higher FOCUS"),
    pytest.param({"dc": "easy"}, 5, id="rule: effect DC table easy 5"),
    pytest.param({"dc": "normal"}, 10, id="rule: effect DC table normal 10"),
    pytest.param({"dc": "very_challenging"}, 20, id="rule: effect DC table very challenging 20"),
    pytest.param({"dc": "almost_impossible"}, 30, id="rule: effect DC table almost impossible 30"),
    pytest.param({"dc": 17}, 17, id="rule: effect DC given by the GM"),
])
def test_effect_dc_sources(params, dc):
    bonus = dc - 10
    r = resolve("effect", bonus=bonus, dice=[10], **params)
    assert r["dc"] == dc and r["outcome"] == "success"
    r = resolve("effect", bonus=bonus, dice=[9], **params)
    assert r["outcome"] == "fail"


def test_effect_is_binary_no_fantastic():
    r = resolve("effect", bonus=10, dc=5, dice=[19])
    assert r["outcome"] == "success"
    assert set(exact("effect", bonus=10, dc=5)) == set(EFFECT_LABELS)


def test_effect_natural_20_is_a_lucky_escape_whatever_the_result():
    r = resolve("effect", bonus=0, dc=30, dice=[20])
    assert r["outcome"] == "lucky_escape" and r["success"] is True
    r = resolve("effect", bonus=0, dc=30, disadvantages=1, dice=[20, 19])
    assert r["outcome"] == "fail"  # the kept (lowest) die is 19


@pytest.mark.parametrize("params, field", [
    ({}, "dc"),
    ({"dc": 10, "source_ability": 2}, "source_ability"),
    ({"dc": 10, "spell_flair": 2, "spell_focus": 1}, "spell_flair"),
    ({"spell_flair": 2}, "spell_focus"),
    ({"spell_focus": 2}, "spell_flair"),
    ({"dc": "impossible"}, "dc"),
    ({"dc": -1}, "dc"),
])
def test_effect_dc_bad_input_names_field(params, field):
    bad("effect", field, bonus=0, **params)
    with pytest.raises(InvalidRequest) as err:
        odds("effect", bonus=0, **params)
    assert err.value.field == field


@pytest.mark.parametrize("adv, dis", COUNTS)
@pytest.mark.parametrize("bonus, dc", [(2, 14), (0, 25), (6, 5)])
def test_effect_odds_equal_brute_force(adv, dis, bonus, dc):
    got = exact("effect", bonus=bonus, dc=dc, advantages=adv, disadvantages=dis)

    def label(f):
        return "lucky_escape" if f == 20 else "success" if f + bonus >= dc else "fail"
    assert got == full(brute(adv, dis, label), EFFECT_LABELS)
