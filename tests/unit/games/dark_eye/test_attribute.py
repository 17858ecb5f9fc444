"""The attribute check (games/dark_eye/attribute.py): forced dice against the
rules, exact odds against enumeration."""

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest

from dark_eye_brute import bf_attribute, exact, odds, resolve


# -- attribute checks -------------------------------------------------------------
@pytest.mark.parametrize("value, modifier, dice, outcome", [
    pytest.param(12, 0, [12], "success", id="rule: result <= attribute succeeds"),
    pytest.param(12, 0, [13], "failure", id="rule: higher result fails"),
    pytest.param(12, 3, [15], "success", id="rule: Courage +3 raises the value by 3"),
    pytest.param(12, -5, [8], "failure", id="rule: Sagacity -5 lowers the value by 5"),
    pytest.param(12, 0, [1, 12], "critical_success", id="rule: 1 then confirmation passes = critical"),
    pytest.param(12, 0, [1, 13], "success", id="rule: 1 then confirmation fails = ordinary success"),
    pytest.param(12, -4, [1, 9], "success", id="rule: confirmation uses the same modifiers"),
    pytest.param(25, 0, [1, 20], "success", id="reading: confirmation 20 never passes"),
    pytest.param(12, 0, [20, 12], "failure", id="rule: 20 then confirmation passes = just failed"),
    pytest.param(12, 0, [20, 13], "botch", id="rule: 20 then confirmation fails = botch"),
    pytest.param(12, 0, [20, 20], "botch", id="rule: another 20 confirms the botch"),
    pytest.param(20, 0, [20, 19], "failure", id="rule EAV above 19: 20 still fails, no botch"),
    pytest.param(24, 0, [20, 20], "botch", id="rule EAV above 19: botch only on another 20"),
    pytest.param(20, 0, [19], "success", id="rule EAV above 19: 19 succeeds"),
    pytest.param(1, 0, [1, 1], "critical_success", id="reading: natural 1 succeeds at EAV 1"),
    pytest.param(1, 0, [2], "failure", id="rule: 2 against EAV 1 fails"),
])
def test_attribute_check_forced_dice(value, modifier, dice, outcome):
    r = resolve("attribute", value=value, modifier=modifier, dice=dice)
    assert r["outcome"] == outcome
    assert r["eav"] == value + modifier
    assert r["success"] == (outcome in ("critical_success", "success"))
    assert (r["confirmation"] is not None) == (len(dice) == 2)
    if len(dice) == 2:
        assert r["rolls"][1]["confirmation"] is True
        assert r["rolls"][1]["label"] == "confirmation"
    assert r["rolls"][0]["eav"] == value + modifier
    assert r["summary"] and r["steps"]


@pytest.mark.parametrize("value, modifier", [(0, 0), (5, -5), (3, -10)])
def test_attribute_eav_below_1_fails_automatically_without_dice(value, modifier):
    # rule "Attribute Values Below 1": you cannot attempt the check
    r = resolve("attribute", value=value, modifier=modifier, dice=[])
    assert r["outcome"] == "failure" and r["rolls"] == []
    with pytest.raises(InvalidRequest, match="too many"):
        resolve("attribute", value=value, modifier=modifier, dice=[1])
    o = odds("attribute", value=value, modifier=modifier)
    assert exact(o)["failure"] == 1


def test_attribute_check_is_also_attack_parry_dodge_ranged():
    # rule "Attack and Defense": checks against AT/PA/Dodge/RC roll like attribute checks
    r = resolve("attribute", value=14, name="AT", dice=[1, 3])
    assert r["outcome"] == "critical_success"
    assert r["rolls"][0]["label"] == "AT die"
    names = {c["value"] for p in api.catalog()["systems"]["dark_eye"]["checks"]["attribute"]["params"]
             if p["name"] == "name" for c in p["choices"]}
    assert {"AT", "PA", "DO", "RC", "COU", "STR"} <= names


def test_attribute_entered_dice_ask_for_the_confirmation_roll():
    with pytest.raises(InvalidRequest) as err:
        resolve("attribute", value=12, dice=[20])
    assert err.value.field == "dice"
    assert err.value.extra["needed"] == [{"sides": 20, "label": "confirmation"}]
    with pytest.raises(InvalidRequest) as err:
        resolve("attribute", value=12, name="COU", dice=[])
    assert err.value.extra["needed"] == [{"sides": 20, "label": "COU die"}]
    with pytest.raises(InvalidRequest, match="too many"):
        resolve("attribute", value=12, dice=[5, 5])



@pytest.mark.parametrize("eav", list(range(-2, 26)))
def test_attribute_odds_equal_enumeration_of_all_400_die_pairs(eav):
    o = odds("attribute", value=max(eav, 0), modifier=eav - max(eav, 0))
    assert exact(o) == bf_attribute(eav)
    assert sum(exact(o).values()) == 1
