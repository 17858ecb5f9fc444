"""Shadows of the Unknown dice expressions (games/shadows_of_the_unknown/
dice.py): the generic roller's check, found in the registry at call time."""

import itertools

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest

from .helpers import SYS


# -- dice expressions through the generic roller -------------------------------
def roll(expression=None, dice=None):
    req = {"system": SYS, "check": "dice"}
    if expression is not None:
        req["expression"] = expression
    if dice is not None:
        req["dice"] = dice
    return api.resolve(req)


def test_rule_3d6_minus_1_example_totals_9():
    # the text: "a 3D6-1 roll that resulted in rolls of 3, 5, and 2 would total 9"
    result = roll("3D6-1", [3, 5, 2])
    assert result["outcome"] == "rolled" and result["success"] is True
    assert result["total"] == 9
    assert [d["value"] for d in result["rolls"]] == [3, 5, 2]


@pytest.mark.parametrize("expression, dice, total", [
    pytest.param("2D6-2", [1, 1], 0, id="rule_2D6-2_subtracts_after_adding"),
    pytest.param("3D6+2", [6, 6, 6], 20, id="rule_3D6+2_adds"),
    pytest.param("1D10", [7], 7, id="rule_1D10"),
    pytest.param("1D10", [0], 10, id="rule_d10_face_0_reads_10"),
    pytest.param("2D10", [0, 3], 13, id="rule_2D10_face_0_reads_10"),
])
def test_rule_dice_expressions(expression, dice, total):
    assert roll(expression, dice)["total"] == total


def test_dice_default_expression_is_1D10_and_asks_for_the_die():
    with pytest.raises(InvalidRequest) as err:
        roll(dice=[])
    assert err.value.field == "dice"
    assert [n["sides"] for n in err.value.extra["needed"]] == [10]
    assert roll(dice=[0])["total"] == 10


def test_dice_entered_too_few_and_too_many():
    with pytest.raises(InvalidRequest) as err:
        roll("2D6-2", [4])
    assert err.value.field == "dice"
    assert [n["sides"] for n in err.value.extra["needed"]] == [6]
    with pytest.raises(InvalidRequest, match="too many"):
        roll("2D6-2", [4, 4, 4])


def test_dice_bad_expression_names_the_field():
    with pytest.raises(InvalidRequest) as err:
        roll("two dice")
    assert err.value.field == "expression"


def test_dice_201_characters_refused_by_the_parser_with_its_position():
    text = "1D6+" * 50 + "1"
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call({"system": SYS, "check": "dice", "expression": text})
        assert err.value.field == "expression"
        assert "at position 201: expected at most 200 characters, not 201" in err.value.message
    params = api.catalog()["systems"][SYS]["checks"]["dice"]["params"]
    assert "max_length" not in params[0] and "200 characters" in params[0]["help"]
    assert roll("1D6+" * 49 + "1D6 ", [1] * 50)["total"] == 50  # exactly 200 is fine


@pytest.mark.parametrize("expression, n, sides, mod", [
    ("2D6-2", 2, 6, -2), ("3D6+2", 3, 6, 2), ("1D10", 1, 10, 0),
])
def test_dice_odds_equal_brute_force(expression, n, sides, mod):
    counts = {}
    for faces in itertools.product(range(1, sides + 1), repeat=n):
        t = sum(faces) + mod
        counts[t] = counts.get(t, 0) + 1
    total = sides ** n
    out = api.odds({"system": SYS, "check": "dice", "expression": expression})
    assert out["outcomes"] == {"rolled": 1.0}
    got = {int(k): v for k, v in out["distribution"].items() if v}
    assert got.keys() == counts.keys()
    for t, c in counts.items():
        assert got[t] == pytest.approx(c / total, abs=1e-15)


def test_dice_check_calls_the_dice_rollers_rules_found_when_called(monkeypatch):
    from tablecheck import games
    roller = games.find("dice").check("roll")
    calls = []
    resolve, odds = roller.resolve, roller.odds

    def spy_resolve(values, tray):
        calls.append(("resolve", values["expression"]))
        return resolve(values, tray)

    def spy_odds(values):
        calls.append(("odds", values["expression"]))
        return odds(values)

    monkeypatch.setattr(roller, "resolve", spy_resolve)
    monkeypatch.setattr(roller, "odds", spy_odds)
    assert roll("3D6-1", [3, 5, 2])["total"] == 9
    api.odds({"system": SYS, "check": "dice", "expression": "1D10"})
    assert calls == [("resolve", "3D6-1"), ("odds", "1D10")]
