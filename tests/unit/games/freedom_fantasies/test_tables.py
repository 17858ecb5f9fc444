"""Freedom Fantasies' DC tables (games/freedom_fantasies/tables.py): presets
and the open-topped rows."""

import pytest

from tablecheck import api

from .helpers import SYS, resolve


@pytest.mark.parametrize("preset, dc", [
    ("normal", 5), ("challenging", 10), ("very_challenging", 15),
    ("extremely_challenging", 20), ("almost_impossible", 25), ("Very Challenging", 15),
])
def test_skill_dc_table_presets(preset, dc):
    r = resolve("skill", bonus=dc - 10, dc=preset, dice=[10])
    assert r["dc"] == dc and r["outcome"] == "partial_success"
    r = resolve("skill", bonus=dc - 10, dc=preset, dice=[9])
    assert r["outcome"] == "fail"


@pytest.mark.parametrize("dc, label", [
    pytest.param(25, "Almost Impossible", id="rule: skill DC table 25+ Almost Impossible at 25"),
    pytest.param(30, "Almost Impossible", id="rule: skill DC table 25+ names DC 30"),
    pytest.param(100, "Almost Impossible", id="rule: skill DC table 25+ names DC 100"),
    pytest.param(20, "Extremely Challenging", id="rule: skill DC table 20 exact"),
    pytest.param(12, None, id="reading: skill DC between rows has no name"),
])
def test_rule_skill_dc_above_the_last_row_takes_its_name(dc, label):
    r = resolve("skill", bonus=0, dc=dc, dice=[7])
    assert r["dc_label"] == label
    words = f"DC {dc} ({label})" if label else f"DC {dc}:"
    assert f"against {words}" in r["summary"]


@pytest.mark.parametrize("dc, label", [
    pytest.param(30, "Almost Impossible", id="rule: effect DC table 30+ Almost Impossible at 30"),
    pytest.param(35, "Almost Impossible", id="rule: effect DC table 30+ names DC 35"),
    pytest.param(25, "Extremely Challenging", id="rule: effect DC table 25 exact"),
    pytest.param(27, None, id="reading: effect DC between rows has no name"),
])
def test_rule_effect_dc_above_the_last_row_takes_its_name(dc, label):
    r = resolve("effect", bonus=0, dc=dc, dice=[7])
    assert r["dc_label"] == label
    words = f"DC {dc} ({label})" if label else f"DC {dc}:"
    assert f"against {words}" in r["summary"]
    assert resolve("effect", bonus=0, source_ability=25, dice=[7])["dc_label"] is None


def test_rule_luck_dc_table_is_not_open_topped():
    # the Luck DC table stops at 20 ("Very Unlikely"), without a "+"
    r = resolve("luck", dc=25, dice=[19])
    assert r["outcome"] == "fail" and r["dc_label"] is None
    assert resolve("luck", dc=20, dice=[19])["dc_label"] == "Very Unlikely"
    cat = api.catalog()["systems"][SYS]["checks"]
    choices = {c: {p["name"]: p for p in cat[c]["params"]}["dc"]["choices"]
               for c in ("skill", "effect", "luck")}
    assert choices["skill"][-1]["label"] == "Almost Impossible (25+)"
    assert choices["effect"][-1]["label"] == "Almost Impossible (30+)"
    assert choices["luck"][-1]["label"] == "Very Unlikely (20)"
