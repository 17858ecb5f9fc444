"""The Freedom Fantasies system as wired (games/freedom_fantasies/__init__.py):
the catalog, entered dice, seeds, bad input, every check's odds, the
sentences of summary and steps, and the decisions the docstring lists."""

import json
from fractions import Fraction

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest
import tablecheck.games.freedom_fantasies as ff

from .card_helpers import TARGET_DC7, catalog
from .helpers import SYS, TARGET, bad, odds, resolve


@pytest.mark.parametrize("check, params", [
    ("skill", {"bonus": 3, "dc": 10}),
    ("attack", {"bonus": 3, "target": TARGET}),
    ("effect", {"bonus": 1, "dc": 12}),
    ("luck", {"dc": 10}),
    ("opposed", {"active": {"bonus": 1}, "target": {"bonus": 1}}),
])
def test_odds_have_every_label_and_sum_to_one(check, params):
    out = odds(check, **params)
    labels = api.catalog()["systems"][SYS]["checks"][check]["outcomes"]
    assert set(out["outcomes"]) == set(labels)
    assert sum(Fraction(v) for v in out["exact"].values()) == 1
    json.dumps(out)


@pytest.mark.parametrize("check, params, n", [
    ("skill", {"bonus": 1, "dc": 10, "advantages": 2}, 3),
    ("attack", {"bonus": 1, "target": TARGET, "disadvantages": 1}, 2),
    ("effect", {"bonus": 1, "dc": 10, "advantages": 1}, 2),
    ("luck", {"dc": 10, "advantages": 3}, 4),
    ("opposed", {"active": {"bonus": 1, "advantages": 1}, "target": {"bonus": 1}}, 3),
])
def test_entered_dice_too_few_and_too_many(check, params, n):
    with pytest.raises(InvalidRequest) as err:
        resolve(check, dice=[10] * (n - 1), **params)
    assert err.value.field == "dice"
    assert "1 more die needed" in err.value.message
    assert len(err.value.extra["needed"]) == 1 and err.value.extra["needed"][0]["sides"] == 20
    with pytest.raises(InvalidRequest) as err:
        resolve(check, dice=[10] * (n + 1), **params)
    assert err.value.field == "dice" and "too many" in err.value.message
    assert len(resolve(check, dice=[10] * n, **params)["rolls"]) == n
    bad(check, "dice[0]", dice=[21] + [10] * (n - 1), **params)


@pytest.mark.parametrize("check, params", [
    ("skill", {"bonus": 3, "dc": 10, "advantages": 2, "disadvantages": 1}),
    ("attack", {"bonus": 3, "target": TARGET}),
    ("effect", {"bonus": 1, "dc": 12}),
    ("luck", {"dc": 15, "lucky_reroll": True}),
    ("luck", {"lucky_reroll": True}),
    ("opposed", {"active": {"bonus": 1}, "target": {"bonus": 1}}),
])
def test_seeded_results_repeat_and_are_json_safe(check, params):
    first = resolve(check, seed=7, **params)
    assert resolve(check, seed=7, **params) == first
    json.dumps(first)
    assert first["source"] == "seeded"
    # replaying the rolled dice as entered dice gives the same outcome
    again = resolve(check, dice=[d["value"] for d in first["rolls"]], **params)
    assert again["outcome"] == first["outcome"] and again["summary"] == first["summary"]


@pytest.mark.parametrize("check, params, field", [
    ("skill", {"bonus": 100, "dc": 10}, "bonus"),
    ("skill", {"bonus": 1, "dc": 101}, "dc"),
    ("skill", {"bonus": 1, "dc": "hard"}, "dc"),
    ("skill", {"bonus": 1, "dc": 10, "advantages": -1}, "advantages"),
    ("skill", {"bonus": 1, "dc": 10, "advantages": 101}, "advantages"),
    pytest.param("skill", {"bonus": 1, "dc": 10, "talent": 2}, "talent",
                 id="rule: at most one Talent (a toggle, not a count)"),
    pytest.param("skill", {"bonus": 1, "dc": 10, "specialism": 2}, "specialism",
                 id="rule: at most one Specialism (a toggle, not a count)"),
    ("skill", {"bonus": 1.5, "dc": 10}, "bonus"),
    ("skill", {"bonus": 1, "dc": 10, "ability": "might"}, "ability"),
    ("skill", {"bonus": 1, "dc": 10, "threatened_ranged": True}, "threatened_ranged"),
    ("attack", {"bonus": 1}, "target"),
    ("attack", {"bonus": 1, "target": {"flair": 1}}, "target.finesse"),
    ("attack", {"bonus": 1, "target": {**TARGET, "defense": -1}}, "target.defense"),
    ("attack", {"bonus": 1, "target": {**TARGET, "hit_points": "many"}}, "target.hit_points"),
    ("attack", {"bonus": 1, "target": {**TARGET, "damage": -2}}, "target.damage"),
    ("attack", {"bonus": 1, "target": TARGET, "damage_rating": -1}, "damage_rating"),
    ("attack", {"bonus": 1, "target": TARGET, "weapon": "trebuchet"}, "weapon"),
    ("attack", {"bonus": 1, "target": TARGET, "talent": True}, "talent"),
    ("luck", {"dc": "certain"}, "dc"),
])
def test_bad_input_names_the_field(check, params, field):
    bad(check, field, **params)


def test_catalog_declares_checks_labels_and_dc_tables():
    cat = api.catalog()["systems"][SYS]
    assert set(cat["checks"]) == {"skill", "attack", "effect", "luck", "opposed"}
    assert [r["dc"] for r in cat["skill_dc_table"]] == [5, 10, 15, 20, 25]
    assert [r["dc"] for r in cat["effect_dc_table"]] == [5, 10, 15, 20, 25, 30]
    assert [r["favourability"] for r in cat["luck_dc_table"]] == [
        "Very Unfavourable", "Unfavourable", "Neutral", "Favourable", "Highly Favourable"]
    assert [a["name"] for a in cat["abilities"]] == ["FIGHT", "FINESSE", "FLAIR", "FOCUS", "FLIGHT"]
    for check in cat["checks"].values():
        assert check["description"]
        for p in check["params"]:
            assert p["label"] != p["name"] or p["name"] in ("gm",)
    skill = {p["name"]: p for p in cat["checks"]["skill"]["params"]}
    assert skill["dc"]["choices"][0] == {"value": "normal", "label": "Normal (5)"}
    assert skill["advantages"]["min"] == 0 and skill["talent"]["type"] == "bool"


@pytest.mark.parametrize("check, params", [
    ("skill", {"bonus": 3, "dc": 10, "talent": True}),
    ("skill", {"bonus": 3, "dc": 10, "gm": True}),
    ("attack", {"bonus": 3, "target": TARGET, "damage_rating": 3}),
    ("effect", {"bonus": 1, "source_ability": 2, "disadvantages": 1}),
    ("luck", {"lucky": True}),
    ("luck", {"dc": 15, "lucky_reroll": True}),
    ("luck", {"lucky_reroll": True}),
    ("attack", {"bonus": 3, "target": TARGET, "damage_rating": 3, "gm": True}),
    ("opposed", {"active": {"bonus": 1}, "target": {"bonus": 1}, "gm": True}),
])
@pytest.mark.parametrize("seed", range(12))
def test_summary_is_one_sentence_and_steps_are_sentences(check, params, seed):
    r = resolve(check, seed=seed, **params)
    assert r["summary"].endswith(".") and "\n" not in r["summary"]
    assert r["summary"].count(". ") == 0
    assert r["steps"] and all(s.endswith(".") for s in r["steps"])
    assert all(d["label"] for d in r["rolls"])


@pytest.mark.parametrize("phrase", [
    pytest.param("the target's FIGHT floored at 0", id="docstring: Defense defaults to FIGHT"),
    pytest.param("or else 0", id="docstring: Defense 0 without FIGHT"),
    pytest.param("Stress counts only what this hit adds", id="docstring: stress per hit"),
    pytest.param("natural 20 (skill, opposed) is a success plus\n  1 Tension Point",
                 id="docstring: GM natural 20 is success plus Tension"),
    pytest.param("critical hit (`gm` on attack)", id="docstring: GM critical hit gives Tension"),
    pytest.param("the target's natural 20 has no effect", id="docstring: opposed target 20"),
    pytest.param("with no DC it rerolls once and keeps the new roll",
                 id="docstring: Lucky reroll policy"),
    pytest.param("reads favourability only", id="docstring: favourability-only luck check"),
    pytest.param('"if nothing happens"', id="docstring: failed skill check Detriments"),
    pytest.param("Unarmed attacks must have DR 1", id="docstring: unarmed DR 1"),
    pytest.param("a weapon given with an ability must match it",
                 id="docstring: weapon matches ability"),
    pytest.param("sum floored\n  at 0", id="docstring: hit points floored at 0"),
    pytest.param("takes that row's name", id="docstring: open-topped DC tables"),
])
def test_module_docstring_lists_the_decisions_where_the_rules_are_silent(phrase):
    assert "Decisions where the rules are silent" in ff.__doc__
    assert phrase in ff.__doc__


def test_catalog_tones_and_form_hints():
    checks = catalog()["checks"]
    assert checks["skill"]["outcome_tones"] == {
        "critical_success": "great", "fantastic_success": "good", "partial_success": "partial",
        "success": "good", "fail": "bad"}
    assert checks["attack"]["outcome_tones"] == {
        "critical_hit": "great", "direct_hit": "good", "glancing_hit": "partial", "miss": "bad"}
    target = next(p for p in checks["attack"]["params"] if p["name"] == "target")
    initial = {f["name"]: f.get("initial") for f in target["fields"]}
    assert initial["finesse"] == 1 and initial["flair"] == 1
    dc = next(p for p in checks["effect"]["params"] if p["name"] == "dc")
    assert dc["initial"] == "normal" and dc["default"] is None


@pytest.mark.parametrize("check, params, field, code", [
    ("effect", {"bonus": 0}, "dc", "required"),
    ("effect", {"bonus": 0, "spell_focus": 2}, "spell_flair", "required"),
    ("effect", {"bonus": 0, "dc": 10, "source_ability": 1}, "source_ability", "range"),
    ("attack", {"bonus": 0, "weapon": "heavy", "ability": "finesse", "target": TARGET_DC7},
     "ability", "choice"),
    ("attack", {"bonus": 0, "weapon": "unarmed", "damage_rating": 3, "target": TARGET_DC7},
     "damage_rating", "range"),
], ids=["no way to set the effect DC", "a spell DC needs both abilities",
        "two ways to set the DC", "rule: a heavy weapon uses FIGHT",
        "rule: unarmed attacks have DR 1"])
def test_refusals_have_codes(check, params, field, code):
    with pytest.raises(InvalidRequest) as err:
        resolve(check, dice=[10], **params)
    assert (err.value.field, err.value.code) == (field, code)
