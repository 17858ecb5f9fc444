"""Freedom Fantasies attack checks (games/freedom_fantasies/attack.py): Evasion
DC, damage, Defense, Hit Points and Stress; forced dice and exact odds
against brute force."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablecheck import api
from tablecheck.params import validate
import tablecheck.games.freedom_fantasies as ff
from tablecheck.games.freedom_fantasies.attack import attack_odds, stress_from

from .helpers import (ATTACK_LABELS, COUNTS, SYS, TARGET, bad, brute_attack, exact, full, odds,
                      resolve)


@pytest.mark.parametrize("target, dc", [
    pytest.param({"finesse": 2, "flair": 1}, 8, id="rule: Evasion DC = 5 + FINESSE + FLAIR"),
    pytest.param({"finesse": 2, "flair": 1, "dodging": True}, 10,
                 id="rule: Dodge adds FINESSE to Evasion DC"),
    pytest.param({"finesse": 2, "flair": 1, "evasion_penalty": 2}, 6,
                 id="rule: armour evasion penalty lowers Evasion DC"),
    pytest.param({"finesse": 3, "flair": 0, "dodging": True, "evasion_penalty": 1}, 10,
                 id="rule: Evasion DC dodge and armour together"),
])
def test_attack_evasion_dc(target, dc):
    r = resolve("attack", bonus=0, target=target, dice=[dc])
    assert r["evasion_dc"] == dc
    assert r["outcome"] == "glancing_hit"  # result == Evasion DC: meets it
    r = resolve("attack", bonus=0, target=target, dice=[dc - 1])
    assert r["outcome"] == "miss"


@pytest.mark.parametrize("face, label, dealt, blocked", [
    pytest.param(4, "miss", 0, 0, id="rule: below Evasion DC is a miss, no damage"),
    pytest.param(5, "glancing_hit", 2, 3, id="rule: glancing hit DR minus Defense, blocked shown"),
    pytest.param(14, "glancing_hit", 2, 3, id="rule: glancing hit up to Evasion DC + 9"),
    pytest.param(15, "direct_hit", 10, 0, id="rule: direct hit 2 x DR ignoring Defense"),
    pytest.param(20, "critical_hit", 10, 0, id="rule: critical hit is a direct hit"),
])
def test_attack_forced_dice(face, label, dealt, blocked):
    # Evasion DC 8, attack bonus 3: glancing at result 8..17 (face 5..14)
    r = resolve("attack", bonus=3, damage_rating=5, target={**TARGET, "defense": 3}, dice=[face])
    assert r["outcome"] == label
    assert r["damage_dealt"] == dealt and r["blocked"] == blocked
    assert r["success"] is (label != "miss")


def test_attack_natural_20_is_critical_hit_even_below_evasion():
    r = resolve("attack", bonus=-10, damage_rating=2,
                target={"finesse": 10, "flair": 10, "defense": 5}, dice=[20])
    assert r["outcome"] == "critical_hit" and r["damage_dealt"] == 4
    assert r["point"] == "momentum" and r["extra_attack_option"] is True
    assert "Extra Attack" in r["summary"]


def test_attack_miss_notes_counter():
    r = resolve("attack", bonus=0, target=TARGET, dice=[1])
    assert r["outcome"] == "miss" and r["counter"] is True
    assert "Counter" in r["summary"]
    r = resolve("attack", bonus=0, target=TARGET, dice=[12])
    assert r["counter"] is False


@pytest.mark.parametrize("dr, defense, dealt, blocked", [
    pytest.param(5, 3, 2, 3, id="rule: Defense reduces glancing damage"),
    pytest.param(3, 3, 0, 3, id="rule: damage reduced to zero is fully blocked"),
    pytest.param(2, 6, 0, 2, id="rule: Defense floors damage at zero"),
    pytest.param(4, 0, 4, 0, id="rule: no Defense, nothing blocked"),
])
def test_attack_glancing_damage_and_block_boundaries(dr, defense, dealt, blocked):
    r = resolve("attack", bonus=0, damage_rating=dr, target={**TARGET, "defense": defense},
                dice=[10])
    assert r["outcome"] == "glancing_hit"
    assert (r["damage_dealt"], r["blocked"]) == (dealt, blocked)


def test_attack_steps_show_damage_arithmetic():
    r = resolve("attack", ability="fight", weapon="heavy", bonus=3, damage_rating=5,
                target={**TARGET, "defense": 3, "hit_points": 6, "damage": 5}, dice=[6])
    assert "Evasion DC = 5 + FINESSE 2 + FLAIR 1 = 8." in r["steps"]
    assert "Result = d20 6 + FIGHT 3 = 9." in r["steps"]
    assert "Glancing hit: DR 5 - Defense 3 = 2 damage (3 blocked)." in r["steps"]
    assert "Damage accumulates: 5 + 2 = 7." in r["steps"]
    assert r["stress"] == 1 and r["summary"] == (
        "Result 9 against Evasion DC 8: glancing hit, 2 damage (3 blocked), 1 Stress.")


def test_attack_defense_defaults_to_fight():
    # "A Characters Defense is typically equal to their FIGHT"
    r = resolve("attack", bonus=0, damage_rating=5, target=TARGET, dice=[10])
    assert r["defense"] == 3 and r["damage_dealt"] == 2
    r = resolve("attack", bonus=0, damage_rating=5, target={"finesse": 2, "flair": 1}, dice=[10])
    assert r["defense"] == 0 and r["damage_dealt"] == 5


def test_attack_unarmed_damage_rating_is_1():
    r = resolve("attack", weapon="unarmed", bonus=0, target={"finesse": 0, "flair": 0}, dice=[19])
    assert r["damage_rating"] == 1 and r["outcome"] == "direct_hit" and r["damage_dealt"] == 2
    bad("attack", "damage_rating", weapon="unarmed", damage_rating=3, bonus=0,
        target={"finesse": 0, "flair": 0})


def test_attack_hit_points_are_the_sum_of_the_five_abilities():
    # seed: abilities 5, 4, 3, 2, 1 -> 15 Hit Points
    target = {"fight": 5, "finesse": 4, "flair": 3, "focus": 2, "flight": 1}
    r = resolve("attack", bonus=0, damage_rating=1, target=target, dice=[1])
    assert r["hit_points"] == 15
    r = resolve("attack", bonus=0, damage_rating=1, target={**target, "hit_points": 9}, dice=[1])
    assert r["hit_points"] == 9  # given hit points win
    r = resolve("attack", bonus=0, damage_rating=1, target={"finesse": 4, "flair": 3}, dice=[1])
    assert r["hit_points"] is None and r["stress"] is None


@pytest.mark.parametrize("prior, hp, face, dealt, total, stress", [
    pytest.param(0, 10, 19, 8, 8, 0, id="rule: damage within hit points, no stress"),
    pytest.param(2, 10, 19, 8, 10, 0, id="rule: damage reaching exactly hit points, no stress"),
    pytest.param(3, 10, 19, 8, 11, 1, id="rule: damage beyond hit points becomes stress"),
    pytest.param(10, 10, 19, 8, 18, 8, id="rule: at hit points all new damage is stress"),
    pytest.param(12, 10, 19, 8, 20, 8, id="reading: earlier excess already counted as stress"),
    pytest.param(5, 10, 1, 0, 5, 0, id="rule: a miss adds nothing"),
    pytest.param(9, 10, 10, 1, 10, 0, id="rule: damage accumulates (glancing 4 - 3)"),
])
def test_attack_damage_accumulates_and_stress(prior, hp, face, dealt, total, stress):
    # Evasion DC 8 (finesse 2, flair 1), DR 4, Defense 3
    target = {"finesse": 2, "flair": 1, "defense": 3, "hit_points": hp, "damage": prior}
    r = resolve("attack", bonus=0, damage_rating=4, target=target, dice=[face])
    assert r["damage_dealt"] == dealt
    assert r["damage_total"] == total
    assert r["stress"] == stress
    assert r["hit_points_left"] == max(0, hp - total)


@pytest.mark.parametrize("params, dice, kept", [
    pytest.param({"unfamiliar": True}, [15, 6], 6,
                 id="rule: lacking weapon experience gives disadvantage"),
    pytest.param({"weapon": "ranged", "threatened_ranged": True}, [15, 6], 6,
                 id="rule: threatened ranged attack has disadvantage"),
    pytest.param({"weapon": "ranged", "threatened_ranged": True, "unfamiliar": True}, [15, 6, 9],
                 6, id="rule: disadvantages add up on attacks"),
    pytest.param({"advantages": 1, "threatened_ranged": True}, [15], 15,
                 id="rule: advantage cancels the threatened disadvantage"),
])
def test_attack_disadvantages(params, dice, kept):
    r = resolve("attack", bonus=0, target=TARGET, dice=dice, **params)
    assert r["kept"] == kept


@pytest.mark.parametrize("weapon, ability, ok", [
    ("heavy", "fight", True), ("heavy", "finesse", False),
    ("light", "finesse", True), ("light", "fight", False),
    ("medium", "fight", True), ("medium", "finesse", True),
    ("unarmed", "finesse", True), ("ranged", "focus", True), ("ranged", "fight", False),
    ("spell_focus", "focus", True), ("spell_focus", "finesse", False),
])
def test_attack_weapon_ability_rule(weapon, ability, ok):
    params = dict(weapon=weapon, ability=ability, bonus=2, target=TARGET, dice=[10])
    if ok:
        assert resolve("attack", **params)["result"] == 12
    else:
        bad("attack", "ability", **params)


def test_attack_unarmed_cannot_be_threatened_ranged():
    bad("attack", "threatened_ranged", weapon="unarmed", threatened_ranged=True, bonus=0,
        target=TARGET)


def test_attack_rule_all_characters_are_experienced_with_unarmed_attacks():
    bad("attack", "unfamiliar", weapon="unarmed", unfamiliar=True, bonus=0, target=TARGET)
    r = resolve("attack", weapon="medium", unfamiliar=True, bonus=0, target=TARGET, dice=[15, 6])
    assert r["kept"] == 6


@pytest.mark.parametrize("adv, dis", COUNTS)
@pytest.mark.parametrize("bonus, target, dr", [
    (3, {"finesse": 2, "flair": 1, "defense": 2}, 4),
    (1, {"finesse": 3, "flair": 2, "dodging": True, "evasion_penalty": 1, "defense": 5}, 3),
])
def test_attack_odds_and_damage_distribution_equal_brute_force(adv, dis, bonus, target, dr):
    edc = 5 + target["finesse"] * (2 if target.get("dodging") else 1) + target["flair"] \
        - target.get("evasion_penalty", 0)
    out = odds("attack", bonus=bonus, damage_rating=dr, target=target,
               advantages=adv, disadvantages=dis)
    labels, damage = brute_attack(adv, dis, bonus, edc, dr, target["defense"])
    assert {k: Fraction(v) for k, v in out["exact"].items()} == full(labels, ATTACK_LABELS)
    assert out["evasion_dc"] == edc
    got_damage = {int(k): v for k, v in out["damage"].items()}
    assert got_damage == pytest.approx({k: float(v) for k, v in damage.items()}, abs=1e-15)
    # and exactly, from the module's Dist (the API turns Fractions into floats)
    request = {"bonus": bonus, "damage_rating": dr, "target": target,
               "advantages": adv, "disadvantages": dis}
    exact_damage = attack_odds(validate(ff.ATTACK_PARAMS, request))["damage"]
    assert exact_damage == damage


def test_attack_stress_distribution_equals_brute_force():
    target = {"finesse": 1, "flair": 1, "defense": 1, "hit_points": 6, "damage": 4}
    out = odds("attack", bonus=2, damage_rating=3, target=target, advantages=1)
    _, damage = brute_attack(1, 0, 2, 7, 3, 1)
    want = {}
    for d, p in damage.items():
        s = max(0, 4 + d - 6)  # prior 4 below hp 6
        want[s] = want.get(s, 0) + p
    assert {int(k): v for k, v in out["stress"].items()} == \
        pytest.approx({k: float(v) for k, v in want.items()}, abs=1e-15)


@settings(max_examples=60, deadline=None)
@given(dr=st.integers(0, 8), defense=st.integers(0, 8), hp=st.integers(0, 12),
       prior=st.integers(0, 20), face=st.integers(1, 20))
def test_property_attack_damage_arithmetic(dr, defense, hp, prior, face):
    target = {"finesse": 2, "flair": 1, "defense": defense, "hit_points": hp, "damage": prior}
    r = resolve("attack", bonus=0, damage_rating=dr, target=target, dice=[face])
    dealt = r["damage_dealt"]
    assert r["damage_total"] == prior + dealt
    assert dealt + r["blocked"] == (dr if r["outcome"] == "glancing_hit" else dealt)
    assert r["stress"] == max(0, prior + dealt - hp) - max(0, prior - hp)
    assert r["stress"] <= dealt


def test_rule_gm_attacker_critical_hit_gives_tension_not_momentum():
    # "critical hit: a direct hit plus 1 Momentum/Tension": Tension for the GM
    r = resolve("attack", gm=True, bonus=0, damage_rating=2, target=TARGET, dice=[20])
    assert r["outcome"] == "critical_hit" and r["damage_dealt"] == 4
    assert r["point"] == "tension" and r["extra_attack_option"] is True
    assert "1 Tension Point for the GM" in r["summary"] and "Momentum" not in r["summary"]
    assert any("the GM gains 1 Tension Point or makes an Extra Attack instead" in s
               for s in r["steps"])
    assert not any("Momentum" in s for s in r["steps"])
    # a Player's critical hit still gives Momentum; a GM's ordinary hit gives nothing
    assert resolve("attack", bonus=0, target=TARGET, dice=[20])["point"] == "momentum"
    r = resolve("attack", gm=True, bonus=0, target=TARGET, dice=[19])
    assert r["outcome"] == "direct_hit" and r["point"] is None
    # the bands and their odds do not change
    assert exact("attack", gm=True, bonus=2, target=TARGET, advantages=1) == \
        exact("attack", bonus=2, target=TARGET, advantages=1)


def test_rule_gm_attack_flag_is_declared_off_by_default():
    params = {p["name"]: p for p in
              api.catalog()["systems"][SYS]["checks"]["attack"]["params"]}
    assert params["gm"]["type"] == "bool" and params["gm"]["default"] is False
    bad("attack", "gm", gm="yes", bonus=0, target=TARGET)


@pytest.mark.parametrize("dr, defense, step", [
    pytest.param(1, 2, "Glancing hit: DR 1 - Defense 2 = -1, floored at 0: 0 damage (1 blocked).",
                 id="rule: glancing hit Defense above DR is floored at 0"),
    pytest.param(2, 7, "Glancing hit: DR 2 - Defense 7 = -5, floored at 0: 0 damage (2 blocked).",
                 id="rule: glancing hit Defense far above DR is floored at 0"),
    pytest.param(3, 3, "Glancing hit: DR 3 - Defense 3 = 0 damage (3 blocked).",
                 id="rule: glancing hit Defense equal to DR blocks it all, no floor needed"),
])
def test_rule_glancing_hit_step_says_the_floor(dr, defense, step):
    r = resolve("attack", bonus=0, damage_rating=dr, target={**TARGET, "defense": defense},
                dice=[10])
    assert r["outcome"] == "glancing_hit" and r["damage_dealt"] == 0 and r["blocked"] == dr
    assert step in r["steps"]
    assert r["summary"].endswith(f"glancing hit, 0 damage ({dr} blocked).")


def test_reading_defense_defaults_to_fight_floored_at_zero_and_says_so():
    target = {"finesse": 2, "flair": 1, "fight": -3}
    r = resolve("attack", bonus=0, damage_rating=2, target=target, dice=[10])
    assert r["defense"] == 0 and r["damage_dealt"] == 2 and r["blocked"] == 0
    assert "Glancing hit: DR 2 - Defense 0 (the target's FIGHT is -3, floored at 0) = " \
           "2 damage." in r["steps"]


def test_rule_hit_points_from_abilities_never_below_zero():
    # abilities summing to -5: 0 Hit Points, every point of damage is Stress
    target = {"fight": -3, "finesse": -2, "flair": -1, "focus": 0, "flight": 1}
    r = resolve("attack", bonus=0, damage_rating=2, target=target, dice=[15])  # Evasion DC 2
    assert r["hit_points"] == 0 and r["defense"] == 0  # FIGHT -3: Defense floored at 0
    assert r["outcome"] == "direct_hit" and r["damage_dealt"] == 4
    assert r["stress"] == 4 and r["hit_points_left"] == 0
    text = " ".join(r["steps"])
    assert "0 Hit Points (sum of its Ability bonuses (-3) + (-2) + (-1) + 0 + 1 = -5, " \
           "floored at 0)" in text
    # a sum of 0 or more is not floored and the step does not say so
    r = resolve("attack", bonus=0, damage_rating=2, target={**target, "flight": 6}, dice=[10])
    assert r["hit_points"] == 0
    assert "0 Hit Points (sum of its Ability bonuses (-3) + (-2) + (-1) + 0 + 6):" in \
        " ".join(r["steps"])
    r = resolve("attack", bonus=0, damage_rating=2, target={**target, "flight": 8}, dice=[10])
    assert r["hit_points"] == 2
    # the stress odds use the floored hit points too
    out = attack_odds(validate(ff.ATTACK_PARAMS, {"bonus": 0, "damage_rating": 2,
                                                     "target": target}))
    assert out["stress"] == out["damage"]


def test_stress_arithmetic_is_the_rule_functions():
    # the part beyond the hit points that was not beyond them before
    assert stress_from(3, 8, 6) == 5
    assert stress_from(11, 3, 6) == 3
    assert stress_from(0, 6, 6) == 0
