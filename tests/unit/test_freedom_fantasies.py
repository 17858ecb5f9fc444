"""Freedom Fantasies (systems/freedom_fantasies.py): every rule sentence and
reading of shared spec rules.md, forced dice for every label, and exact odds
against an independent brute force over all the d20s rolled.

The brute-force helpers below re-state the rules from the seed text on their
own (they do not call the module's rule functions)."""

import functools
import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablecheck import api
from tablecheck.dice import Dist
from tablecheck.errors import InvalidRequest
from tablecheck.params import validate
from tablecheck.systems import freedom_fantasies as ff

SYS = "freedom_fantasies"


def resolve(check, **params):
    return api.resolve({"system": SYS, "check": check, **params})


def odds(check, **params):
    return api.odds({"system": SYS, "check": check, **params})


def exact(check, **params):
    """The exact odds as Fractions (from the API's "n/d" strings)."""
    return {k: Fraction(v) for k, v in odds(check, **params)["exact"].items()}


def bad(check, field, **params):
    with pytest.raises(InvalidRequest) as err:
        api.resolve({"system": SYS, "check": check, **params})
    assert err.value.field == field, err.value
    return err.value


# -- independent brute force ---------------------------------------------------
def all_rolls(n):
    """Every ordered outcome of n d20 (20^n of them)."""
    return itertools.product(range(1, 21), repeat=n)


def kept_face(faces, adv, dis):
    net = adv - dis
    return max(faces) if net > 0 else min(faces) if net < 0 else faces[0]


@functools.lru_cache(maxsize=None)
def kept_counts(adv, dis):
    """How many of the 20^n ordered rolls of n = 1 + |adv - dis| d20 keep
    each face (counted by enumerating every roll, once per (adv, dis))."""
    n = 1 + abs(adv - dis)
    counts = [0] * 21
    for faces in all_rolls(n):
        counts[kept_face(faces, adv, dis)] += 1
    return tuple(counts), 20 ** n


def brute(adv, dis, label_of):
    """{label: Fraction} over every roll of 1 + |adv - dis| d20."""
    counts, total = kept_counts(adv, dis)
    out = {}
    for face in range(1, 21):
        label = label_of(face)
        out[label] = out.get(label, 0) + Fraction(counts[face], total)
    return {k: v for k, v in out.items() if v}


def brute_skill_label(face, result, dc, gm=False):
    # seed: natural 20 -> fantastic whatever the result (critical);
    # < DC fail; DC..DC+9 partial; >= DC+10 fantastic; GM checks binary
    if gm:
        return "success" if face == 20 or result >= dc else "fail"
    if face == 20:
        return "critical_success"
    if result < dc:
        return "fail"
    if result < dc + 10:
        return "partial_success"
    return "fantastic_success"


def full(probs, labels):
    return {label: probs.get(label, Fraction(0)) for label in labels}


SKILL_LABELS = ["critical_success", "fantastic_success", "partial_success", "success", "fail"]
ATTACK_LABELS = ["critical_hit", "direct_hit", "glancing_hit", "miss"]
EFFECT_LABELS = ["lucky_escape", "success", "fail"]
LUCK_LABELS = ["lucky_break", "success", "fail"]


# -- the seed's worked example ------------------------------------------------------
def test_seed_example_9_plus_3_against_dc_10_is_partial_success():
    r = resolve("skill", bonus=3, dc=10, dice=[9])
    assert r["result"] == 12
    assert r["outcome"] == "partial_success"
    assert r["success"] is True
    assert r["choices"]["pick"] == "detriment"


def test_seed_example_17_plus_3_is_fantastic_success():
    r = resolve("skill", bonus=3, dc=10, dice=[17])
    assert r["result"] == 20
    assert r["outcome"] == "fantastic_success"
    assert r["choices"]["pick"] == "benefit"


def test_seed_example_16_plus_3_is_still_partial():
    # "If the Player had rolled a 17 or higher, it would have resulted in a Fantastic Success"
    assert resolve("skill", bonus=3, dc=10, dice=[16])["outcome"] == "partial_success"


# -- advantage and disadvantage ---------------------------------------------------
@pytest.mark.parametrize("params, n, highest", [
    pytest.param({}, 1, None, id="rule: no advantage rolls one d20"),
    pytest.param({"advantages": 1}, 2, True, id="rule: one advantage adds a d20, keep highest"),
    pytest.param({"disadvantages": 1}, 2, False, id="rule: one disadvantage adds a d20, keep lowest"),
    pytest.param({"advantages": 2, "disadvantages": 1}, 2, True,
                 id="rule: cancellation 2 adv + 1 dis = 2 dice keep highest"),
    pytest.param({"advantages": 1, "disadvantages": 3}, 3, False,
                 id="rule: cancellation 1 adv + 3 dis = 3 dice keep lowest"),
    pytest.param({"advantages": 2, "disadvantages": 2}, 1, None,
                 id="rule: cancellation 2 adv + 2 dis = 1 die"),
    pytest.param({"advantages": 9}, 10, True, id="rule: no limit to advantages"),
    pytest.param({"talent": True}, 2, True, id="rule: a Talent gives advantage"),
    pytest.param({"talent": True, "specialism": True}, 3, True,
                 id="rule: a Talent and a Specialism each give one advantage"),
    pytest.param({"unfamiliar": True}, 2, False, id="rule: an unfamiliar tool gives disadvantage"),
    pytest.param({"talent": True, "unfamiliar": True}, 1, None,
                 id="rule: experience negates the tool disadvantage / toggles cancel"),
    pytest.param({"advantages": 1, "talent": True, "disadvantages": 1}, 2, True,
                 id="reading: counts and toggles add up before cancelling"),
])
def test_advantage_dice_count_and_kept_die(params, n, highest):
    faces = [7, 15, 3, 11, 19, 2, 8, 13, 5, 17][:n]
    r = resolve("skill", bonus=0, dc=10, dice=faces, **params)
    assert r["d20s"] == faces
    assert len(r["rolls"]) == n
    expected = max(faces) if highest else min(faces) if highest is False else faces[0]
    assert r["kept"] == expected
    kept = [d for d in r["rolls"] if d["kept"]]
    assert len(kept) == 1 and kept[0]["value"] == expected
    assert all(d["sides"] == 20 for d in r["rolls"])


def test_advantage_dice_carry_keep_info_for_the_page():
    r = resolve("skill", bonus=0, dc=10, disadvantages=1, dice=[12, 4])
    assert [d["keep"] for d in r["rolls"]] == ["lowest", "lowest"]
    assert "keep" not in resolve("skill", bonus=0, dc=10, dice=[12])["rolls"][0]


def test_kept_die_ties_mark_only_the_first():
    r = resolve("skill", bonus=0, dc=10, advantages=2, dice=[12, 12, 4])
    assert [d["kept"] for d in r["rolls"]] == [True, False, False]


def test_advantage_labels_say_what_the_die_is_for():
    with pytest.raises(InvalidRequest) as err:
        resolve("skill", bonus=0, dc=10, advantages=2, disadvantages=1, dice=[3])
    assert err.value.field == "dice"
    assert "1 more die needed" in err.value.message
    assert err.value.extra["needed"] == [{"sides": 20, "label": "d20 2 of 2 (keep highest)"}]


def test_cancellation_step_names_the_arithmetic():
    r = resolve("skill", bonus=0, dc=10, advantages=2, disadvantages=1, talent=True, dice=[4, 9, 1])
    text = " ".join(r["steps"])
    assert "Advantages 2 + Talent = 3" in text
    assert "net +2" in text and "keep the highest" in text
    assert r["advantages"] == 3 and r["disadvantages"] == 1 and r["net_advantage"] == 2


# -- skill check: forced dice for every label -------------------------------------
@pytest.mark.parametrize("face, bonus, other, dc, gm, label", [
    pytest.param(5, 4, 0, 10, False, "fail", id="rule: result below DC is a fail"),
    pytest.param(6, 4, 0, 10, False, "partial_success", id="rule: meets DC is partial success"),
    pytest.param(15, 4, 0, 10, False, "partial_success", id="rule: DC+9 is still partial"),
    pytest.param(16, 4, 0, 10, False, "fantastic_success", id="rule: meets DC+10 is fantastic"),
    pytest.param(20, 0, 0, 25, False, "critical_success",
                 id="rule: natural 20 is fantastic whatever the result (critical)"),
    pytest.param(20, 4, 0, 10, False, "critical_success", id="rule: natural 20 critical success"),
    pytest.param(1, 19, 0, 10, False, "fantastic_success", id="reading: natural 1 has no special effect"),
    pytest.param(8, 1, 1, 10, False, "partial_success", id="rule: other bonuses are added"),
    pytest.param(8, 3, -2, 10, False, "fail", id="rule: other penalties are subtracted"),
    pytest.param(9, 0, 0, 10, True, "fail", id="rule: GM check below DC fails"),
    pytest.param(19, 3, 0, 10, True, "success", id="rule: GM check is binary, no fantastic"),
    pytest.param(10, 0, 0, 10, True, "success", id="rule: GM check meeting DC succeeds"),
    pytest.param(20, 0, 0, 30, True, "success", id="reading: GM natural 20 succeeds whatever the result"),
])
def test_skill_forced_dice(face, bonus, other, dc, gm, label):
    r = resolve("skill", bonus=bonus, other_bonus=other, dc=dc, gm=gm, dice=[face])
    assert r["outcome"] == label
    assert r["success"] is (label != "fail")
    assert r["result"] == face + bonus + other
    assert r["margin"] == r["result"] - dc


def test_skill_critical_grants_momentum_and_benefits():
    r = resolve("skill", bonus=1, dc=25, dice=[20])
    assert r["critical"] is True and r["point"] == "momentum"
    assert [o["id"] for o in r["choices"]["options"]] == ["lose_stress", "momentum", "boon"]
    assert "Momentum" in r["summary"]


def test_skill_partial_lists_the_three_detriments():
    r = resolve("skill", bonus=1, dc=10, dice=[12])
    assert r["choices"]["pick"] == "detriment"
    assert [o["id"] for o in r["choices"]["options"]] == ["stress", "tension", "complication"]
    assert r["point"] is None and r["critical"] is False


def test_skill_fail_offers_a_detriment_when_nothing_would_happen():
    # "there should never be a nothing happens Outcome"
    r = resolve("skill", bonus=0, dc=10, dice=[3])
    assert r["choices"]["pick"] == "detriment_if_nothing_happens"
    assert any("as though" in s for s in r["steps"])


def test_gm_check_has_no_benefits_or_detriments_and_natural_20_gives_tension():
    r = resolve("skill", bonus=0, dc=10, gm=True, dice=[15])
    assert r["choices"] is None and r["point"] is None
    r = resolve("skill", bonus=0, dc=10, gm=True, dice=[20])
    assert r["outcome"] == "success" and r["point"] == "tension" and r["choices"] is None


@pytest.mark.parametrize("preset, dc", [
    ("normal", 5), ("challenging", 10), ("very_challenging", 15),
    ("extremely_challenging", 20), ("almost_impossible", 25), ("Very Challenging", 15),
])
def test_skill_dc_table_presets(preset, dc):
    r = resolve("skill", bonus=dc - 10, dc=preset, dice=[10])
    assert r["dc"] == dc and r["outcome"] == "partial_success"
    r = resolve("skill", bonus=dc - 10, dc=preset, dice=[9])
    assert r["outcome"] == "fail"


def test_skill_steps_show_the_arithmetic():
    r = resolve("skill", ability="fight", bonus=3, other_bonus=2, dc=10, dice=[9])
    assert "Result = d20 9 + FIGHT 3 + other bonuses 2 = 14." in r["steps"]
    assert r["summary"].startswith("Result 14 against DC 10 (Challenging): partial success")
    assert r["rolls"][0]["label"] == "d20" and r["rolls"][0]["result"] == 14


# -- attack check ----------------------------------------------------------------
TARGET = {"finesse": 2, "flair": 1, "fight": 3, "focus": 1, "flight": 2}


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


def test_luck_rule_lucky_cannot_influence_other_checks():
    bad("skill", "lucky", bonus=0, dc=10, lucky=True)
    bad("effect", "lucky", bonus=0, dc=10, lucky=True)
    bad("attack", "lucky_reroll", bonus=0, target=TARGET, lucky_reroll=True)


# -- effect check ------------------------------------------------------------------
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


# -- luck check ----------------------------------------------------------------
@pytest.mark.parametrize("face, fav", [
    pytest.param(1, "very_unfavourable", id="rule: luck DC 0 met, very unfavourable"),
    pytest.param(4, "very_unfavourable", id="rule: luck 4 very unfavourable"),
    pytest.param(5, "unfavourable", id="rule: luck DC 5 met, unfavourable"),
    pytest.param(9, "unfavourable", id="rule: luck 9 unfavourable"),
    pytest.param(10, "neutral", id="rule: luck DC 10 met, neutral"),
    pytest.param(14, "neutral", id="rule: luck 14 neutral"),
    pytest.param(15, "favourable", id="rule: luck DC 15 met, favourable"),
    pytest.param(19, "favourable", id="rule: luck 19 favourable"),
    pytest.param(20, "highly_favourable", id="rule: lucky break is as favourable as possible"),
])
def test_luck_favourability_from_highest_dc_met(face, fav):
    r = resolve("luck", dice=[face])
    assert r["favourability"] == fav
    assert r["outcome"] == ("lucky_break" if face == 20 else "success")


@pytest.mark.parametrize("dc, face, label", [
    pytest.param("even_odds", 9, "fail", id="rule: luck below DC fails"),
    pytest.param("even_odds", 10, "success", id="rule: luck meeting DC succeeds"),
    pytest.param("guaranteed", 1, "success", id="rule: luck DC 0 is guaranteed"),
    pytest.param("very_unlikely", 19, "fail", id="rule: luck DC 20 needs a 20"),
    pytest.param(25, 20, "lucky_break", id="rule: lucky break whatever the DC"),
    pytest.param("likely", 5, "success", id="rule: luck DC table likely 5"),
    pytest.param("unlikely", 14, "fail", id="rule: luck DC table unlikely 15"),
])
def test_luck_forced_dice(dc, face, label):
    r = resolve("luck", dc=dc, dice=[face])
    assert r["outcome"] == label


def test_luck_lucky_break_gives_a_point():
    r = resolve("luck", dc=10, dice=[20])
    assert r["point"] == "momentum" and "Momentum" in r["summary"]
    r = resolve("luck", dc=10, gm=True, dice=[20])
    assert r["point"] == "tension" and "Tension" in r["summary"]
    assert resolve("luck", dc=10, dice=[19])["point"] is None


def test_luck_is_a_bare_d20_no_bonus_parameter():
    bad("luck", "bonus", dc=10, bonus=3)
    bad("luck", "disadvantages", dc=10, disadvantages=1)


def test_luck_lucky_aspect_gives_advantage():
    r = resolve("luck", dc=10, lucky=True, dice=[3, 16])
    assert r["kept"] == 16 and r["outcome"] == "success" and len(r["rolls"]) == 2


def test_luck_lucky_reroll_rerolls_a_fail_and_marks_it():
    r = resolve("luck", dc=10, lucky_reroll=True, dice=[4, 12])
    assert r["outcome"] == "success" and r["rerolled"] is True and r["kept"] == 12
    assert r["rolls"][0]["rerolled"] is True and r["rolls"][0]["kept"] is False
    assert r["rolls"][1]["kept"] is True and r["rolls"][1]["label"] == "reroll d20"


def test_luck_lucky_reroll_not_used_on_a_success():
    r = resolve("luck", dc=10, lucky_reroll=True, dice=[12])
    assert r["rerolled"] is False and len(r["rolls"]) == 1
    with pytest.raises(InvalidRequest, match="too many"):
        resolve("luck", dc=10, lucky_reroll=True, dice=[12, 5])


def test_luck_reroll_entered_dice_asks_for_the_reroll():
    with pytest.raises(InvalidRequest) as err:
        resolve("luck", dc=10, lucky=True, lucky_reroll=True, dice=[3, 4])
    assert err.value.field == "dice"
    assert err.value.extra["needed"] == [
        {"sides": 20, "label": "reroll d20 1 of 2 (keep highest)"},
        {"sides": 20, "label": "reroll d20 2 of 2 (keep highest)"},
    ]


@pytest.mark.parametrize("dice, kept, fav", [
    pytest.param([15, 4], 4, "very_unfavourable",
                 id="rule: Lucky reroll without a DC rerolls once and keeps the new roll"),
    pytest.param([3, 16], 16, "favourable",
                 id="rule: Lucky reroll without a DC keeps the new roll (better)"),
    pytest.param([20, 3], 3, "very_unfavourable",
                 id="reading: Lucky reroll without a DC is always taken, even on a 20"),
])
def test_luck_lucky_reroll_without_a_dc_rerolls_once_and_keeps_the_new_roll(dice, kept, fav):
    # "a Player can expend a Momentum or Tension point ... to reroll the Result
    # of a Luck Check": not limited to failures, so allowed with no DC too
    r = resolve("luck", lucky_reroll=True, dice=dice)
    assert r["rerolled"] is True and r["kept"] == kept and r["favourability"] == fav
    assert r["dc"] is None and r["favourability_only"] is True
    assert r["rolls"][0]["rerolled"] is True and r["rolls"][0]["kept"] is False
    assert r["rolls"][1]["kept"] is True and r["rolls"][1]["label"] == "reroll d20"
    assert r["point"] is None  # the discarded 20 gives nothing
    assert any("first roll " + str(dice[0]) + " is set aside and the new roll kept" in s
               for s in r["steps"])
    with pytest.raises(InvalidRequest) as err:  # entered dice: the reroll is asked for
        resolve("luck", lucky_reroll=True, dice=dice[:1])
    assert err.value.extra["needed"] == [{"sides": 20, "label": "reroll d20"}]


def test_luck_lucky_reroll_without_a_dc_keeps_advantage_on_the_reroll():
    r = resolve("luck", lucky=True, lucky_reroll=True, dice=[3, 16, 5, 9])
    assert r["kept"] == 9 and r["rerolled"] is True and len(r["rolls"]) == 4


# -- opposed check ---------------------------------------------------------------
@pytest.mark.parametrize("a_face, b_face, label", [
    pytest.param(8, 10, "fail", id="rule: opposed below the target's result fails"),
    pytest.param(9, 10, "partial_success", id="rule: opposed tie goes to the active side"),
    pytest.param(17, 9, "partial_success", id="rule: opposed target result is the DC (+9)"),
    pytest.param(19, 9, "fantastic_success", id="rule: opposed target result + 10 is fantastic"),
    pytest.param(20, 19, "critical_success", id="rule: opposed natural 20 is critical"),
    pytest.param(19, 20, "partial_success",
                 id="reading: the target's natural 20 only counts as 20 (no benefits)"),
])
def test_opposed_forced_dice(a_face, b_face, label):
    # active bonus 3, target bonus 2
    r = resolve("opposed", active={"bonus": 3}, target={"bonus": 2}, dice=[a_face, b_face])
    assert r["target_result"] == b_face + 2 == r["dc"]
    assert r["result"] == a_face + 3
    assert r["outcome"] == label


def test_opposed_gm_is_binary_and_both_sides_use_advantage():
    r = resolve("opposed", gm=True, active={"bonus": 0, "advantages": 1},
                target={"bonus": 0, "disadvantages": 1}, dice=[3, 18, 9, 2])
    assert r["kept"] == 18 and r["target_kept"] == 2 and r["outcome"] == "success"
    assert [d["label"] for d in r["rolls"]] == [
        "active d20 1 of 2 (keep highest)", "active d20 2 of 2 (keep highest)",
        "target d20 1 of 2 (keep lowest)", "target d20 2 of 2 (keep lowest)"]


def test_opposed_bad_input_names_nested_field():
    bad("opposed", "target.bonus", active={"bonus": 1}, target={"bonus": "x"})
    bad("opposed", "active.advantages", active={"bonus": 1, "advantages": -1}, target={"bonus": 1})
    bad("opposed", "target", active={"bonus": 1})


# -- exact odds against brute force ---------------------------------------------------
COUNTS = [(a, d) for a in range(4) for d in range(4) if abs(a - d) <= 3]


@pytest.mark.parametrize("adv, dis", COUNTS)
def test_kept_die_distribution_equals_brute_force_and_shared_dist(adv, dis):
    net = adv - dis
    probs = brute(adv, dis, lambda f: f)
    assert ff.kept_dist(net).probs() == probs
    d20 = Dist.uniform(20)
    shared = d20.max_of(1 + net) if net >= 0 else d20.min_of(1 - net)
    assert ff.kept_dist(net) == shared


@pytest.mark.parametrize("adv, dis", COUNTS)
@pytest.mark.parametrize("bonus, dc, gm", [(3, 10, False), (-2, 15, False), (5, 10, True)])
def test_skill_odds_equal_brute_force(adv, dis, bonus, dc, gm):
    got = exact("skill", bonus=bonus, dc=dc, advantages=adv, disadvantages=dis, gm=gm)
    want = brute(adv, dis, lambda f: brute_skill_label(f, f + bonus, dc, gm))
    assert got == full(want, SKILL_LABELS)
    assert sum(got.values()) == 1


def test_skill_odds_toggles_count_like_advantages():
    a = exact("skill", bonus=2, dc=12, talent=True, specialism=True, unfamiliar=True)
    b = exact("skill", bonus=2, dc=12, advantages=2, disadvantages=1)
    assert a == b == full(brute(2, 1, lambda f: brute_skill_label(f, f + 2, 12)), SKILL_LABELS)


def test_skill_odds_many_advantages_closed_form():
    # 100 advantages: P(kept <= f) = (f/20)^101
    got = exact("skill", bonus=0, dc=20, advantages=100)
    p_fail = Fraction(19, 20) ** 101  # kept 1..19 all fail at DC 20 with bonus 0
    assert got["fail"] == p_fail
    assert got["critical_success"] == 1 - p_fail
    got = exact("skill", bonus=0, dc=2, disadvantages=100)
    assert got["fail"] == 1 - Fraction(19, 20) ** 101  # kept 1 fails


def brute_attack(adv, dis, bonus, edc, dr, defense):
    def label(f):
        r = f + bonus
        if f == 20:
            return "critical_hit"
        if r < edc:
            return "miss"
        return "glancing_hit" if r < edc + 10 else "direct_hit"

    def dmg(f):
        lab = label(f)
        return 0 if lab == "miss" else max(dr - defense, 0) if lab == "glancing_hit" else 2 * dr
    return brute(adv, dis, label), brute(adv, dis, dmg)


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
    exact_damage = ff.attack_odds(validate(ff.ATTACK_PARAMS, request))["damage"]
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


@pytest.mark.parametrize("adv, dis", COUNTS)
@pytest.mark.parametrize("bonus, dc", [(2, 14), (0, 25), (6, 5)])
def test_effect_odds_equal_brute_force(adv, dis, bonus, dc):
    got = exact("effect", bonus=bonus, dc=dc, advantages=adv, disadvantages=dis)

    def label(f):
        return "lucky_escape" if f == 20 else "success" if f + bonus >= dc else "fail"
    assert got == full(brute(adv, dis, label), EFFECT_LABELS)


def brute_luck(adv, dc, reroll):
    """(labels, favourability) over every roll (and, with the Lucky reroll,
    every pair of first roll and reroll: the reroll counts when the first
    result failed)."""
    n = 1 + adv
    names = ["very_unfavourable", "unfavourable", "neutral", "favourable", "highly_favourable"]

    def label(f):
        if dc is None:  # no DC: nothing is tested; success unless a lucky break
            return "lucky_break" if f == 20 else "success"
        return "lucky_break" if f == 20 else "success" if f >= dc else "fail"

    def rerolled(f):  # with a DC only a failure; with no DC always, once
        return reroll and (dc is None or label(f) == "fail")
    firsts = [max(faces) for faces in all_rolls(n)]
    seconds = firsts if reroll else [None]
    final = [0] * 21
    for f in firsts:
        for g in seconds:
            final[g if rerolled(f) else f] += 1
    total = len(firsts) * len(seconds)
    labels, favs = {}, {}
    for f in range(1, 21):
        p = Fraction(final[f], total)
        labels[label(f)] = labels.get(label(f), 0) + p
        fav = names[min(f // 5, 4)]
        favs[fav] = favs.get(fav, 0) + p
    return labels, favs


@pytest.mark.parametrize("adv, reroll", [(0, False), (1, False), (3, False), (0, True), (1, True)])
@pytest.mark.parametrize("dc", [0, 10, 15, 20])
def test_luck_odds_equal_brute_force(adv, dc, reroll):
    out = odds("luck", dc=dc, advantages=adv, lucky_reroll=reroll)
    labels, favs = brute_luck(adv, dc, reroll)
    assert {k: Fraction(v) for k, v in out["exact"].items()} == full(labels, LUCK_LABELS)
    assert out["favourability"] == pytest.approx({k: float(v) for k, v in favs.items()}, abs=1e-15)


@pytest.mark.parametrize("adv, reroll", [(0, False), (0, True), (1, True), (2, True)],
                         ids=lambda v: f"rule_luck_no_dc_reroll_odds_{v}")
def test_luck_odds_without_a_dc_follow_the_reroll_policy_exactly(adv, reroll):
    out = odds("luck", advantages=adv, lucky_reroll=reroll)
    labels, favs = brute_luck(adv, None, reroll)
    assert {k: Fraction(v) for k, v in out["exact"].items()} == full(labels, LUCK_LABELS)
    assert out["favourability"] == pytest.approx({k: float(v) for k, v in favs.items()},
                                                 abs=1e-15)
    assert out["dc"] is None and out["favourability_only"] is True
    assert out["reroll_chance"] == (1.0 if reroll else 0.0)
    # exactly, from the module: the kept die after the policy
    request = {"advantages": adv, "lucky_reroll": reroll}
    exact_out = ff.luck_odds(validate(ff.LUCK_PARAMS, request))
    counts, total = kept_counts(adv, 0)
    assert exact_out["kept_die"] == {f: Fraction(counts[f], total) for f in range(1, 21)}


def test_luck_odds_reroll_chance_with_a_dc_is_the_chance_to_fail():
    out = ff.luck_odds(validate(ff.LUCK_PARAMS, {"dc": 10, "lucky_reroll": True}))
    assert out["reroll_chance"] == Fraction(9, 20)
    out = ff.luck_odds(validate(ff.LUCK_PARAMS, {"dc": 10, "lucky_reroll": True,
                                                 "advantages": 1}))
    assert out["reroll_chance"] == Fraction(81, 400)


def test_luck_lucky_toggle_odds_equal_one_advantage():
    assert exact("luck", dc=10, lucky=True) == exact("luck", dc=10, advantages=1)


@pytest.mark.parametrize("a, b", [
    ({"bonus": 3}, {"bonus": 2}),
    ({"bonus": 1, "advantages": 1}, {"bonus": 4}),
    ({"bonus": 2, "disadvantages": 1}, {"bonus": 0, "advantages": 1}),
    ({"bonus": 0, "talent": True}, {"bonus": 1, "unfamiliar": True}),
])
@pytest.mark.parametrize("gm", [False, True])
def test_opposed_odds_equal_brute_force(a, b, gm):
    def count(side):
        return (side.get("advantages", 0) + side.get("talent", False),
                side.get("disadvantages", 0) + side.get("unfamiliar", False))
    aa, ad = count(a)
    ba, bd = count(b)
    na, nb = 1 + abs(aa - ad), 1 + abs(ba - bd)
    counts = {}
    for faces in all_rolls(na + nb):
        fa = kept_face(faces[:na], aa, ad)
        fb = kept_face(faces[na:], ba, bd)
        label = brute_skill_label(fa, fa + a["bonus"], fb + b["bonus"], gm)
        counts[label] = counts.get(label, 0) + 1
    want = {k: Fraction(c, 20 ** (na + nb)) for k, c in counts.items()}
    assert exact("opposed", active=a, target=b, gm=gm) == full(want, SKILL_LABELS)


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


# -- entered dice, seeds, bad input --------------------------------------------------
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


# -- catalog --------------------------------------------------------------------
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


# -- properties -----------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(bonus=st.integers(-5, 12), dc=st.integers(0, 35), adv=st.integers(0, 4),
       dis=st.integers(0, 4), gm=st.booleans(), seed=st.integers(0, 10**6))
def test_property_resolved_outcome_has_positive_odds(bonus, dc, adv, dis, gm, seed):
    params = dict(bonus=bonus, dc=dc, advantages=adv, disadvantages=dis, gm=gm)
    r = resolve("skill", seed=seed, **params)
    assert Fraction(odds("skill", **params)["exact"][r["outcome"]]) > 0
    assert len(r["rolls"]) == 1 + abs(adv - dis)
    assert r["outcome"] == brute_skill_label(r["kept"], r["kept"] + bonus, dc, gm)


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


# -- review fixes: GM attacker, open-topped DC tables, floors, favourability only --------
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
    out = ff.attack_odds(validate(ff.ATTACK_PARAMS, {"bonus": 0, "damage_rating": 2,
                                                     "target": target}))
    assert out["stress"] == out["damage"]


@pytest.mark.parametrize("face, outcome, fav", [
    pytest.param(12, "success", "Neutral", id="reading: luck without a DC reads favourability"),
    pytest.param(1, "success", "Very Unfavourable",
                 id="reading: luck without a DC has no fail, only favourability"),
])
def test_reading_luck_without_a_dc_says_no_dc_was_set(face, outcome, fav):
    r = resolve("luck", dice=[face])
    assert r["outcome"] == outcome  # the contract's label; nothing was tested
    assert r["dc"] is None and r["favourability_only"] is True
    assert r["summary"] == (f"Luck Check {face} with no DC set (favourability only): the "
                            f"situation is {fav}.")
    assert "against" not in r["summary"]
    assert r["steps"][0] == ("No Luck DC set: the roll reads favourability only (nothing "
                             "is tested against a DC).")
    assert not any("meets" in s or "below" in s for s in r["steps"])
    with_dc = resolve("luck", dc=10, dice=[face])
    assert with_dc["favourability_only"] is False and with_dc["dc"] == 10
    assert "No Luck DC set" not in " ".join(with_dc["steps"])


def test_reading_luck_without_a_dc_natural_20_is_a_lucky_break():
    r = resolve("luck", dice=[20])
    assert r["outcome"] == "lucky_break" and r["point"] == "momentum"
    assert r["summary"] == ("Natural 20 with no DC set (favourability only): lucky break, as "
                            "favourable as possible (Highly Favourable), and 1 Momentum Point.")
    assert not any("whatever the DC" in s for s in r["steps"])


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
