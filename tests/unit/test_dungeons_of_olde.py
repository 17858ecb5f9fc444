"""The Dungeons of Olde (`dungeons_of_olde`): every rule sentence of seed
004 and every reading of shared spec rules.md, forced / entered dice against
rule outcomes, and exact odds against an independent brute force written
here (explosion chains enumerated face by face, never through Dist)."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablecheck import api
from tablecheck.errors import InvalidRequest
from tablecheck.params import validate
from tablecheck.systems import dungeons_of_olde as doo

SYS = "dungeons_of_olde"
LABELS = ["automatic_success", "legendary_success", "critical_success", "solid_success",
          "success", "failure", "decisive_failure", "critical_failure",
          "catastrophic_failure"]


def roll(check, **req):
    return api.resolve(dict(system=SYS, check=check, **req))


def exact_odds(check, **req):
    """The module's odds with Fractions (api.odds turns them into floats)."""
    c = doo.SYSTEM.check(check)
    return c.odds(validate(c.params, dict(system=SYS, check=check, **req)))


def bad(check, field, **req):
    with pytest.raises(InvalidRequest) as err:
        roll(check, **req)
    assert err.value.field == field, err.value
    with pytest.raises(InvalidRequest) as err2:
        api.odds(dict(system=SYS, check=check, **{k: v for k, v in req.items()
                                                   if k != "dice"}))
    if field != "dice":
        assert err2.value.field == field
    return err.value


# -- independent brute force ----------------------------------------------------------
def chains(sides, depth):
    """Every explosion chain of one exploding d`sides` with at most `depth`
    rolls, face by face: ([(total, probability)], probability cut off)."""
    out, tail = [], Fraction(0)
    stack = [(0, 0, Fraction(1))]
    while stack:
        total, rolls, p = stack.pop()
        for face in range(1, sides + 1):
            q = p / sides
            if face == sides:
                if rolls + 1 < depth:
                    stack.append((total + face, rolls + 1, q))
                else:
                    tail += q
            else:
                out.append((total + face, q))
    return out, tail


def two_dice(sides, depth):
    """Brute-force distribution of two exploding dice: ({total: p}, tail)."""
    one, t = chains(sides, depth)
    dist = {}
    for a, pa in one:
        for b, pb in one:
            dist[a + b] = dist.get(a + b, 0) + pa * pb
    return dist, 1 - (1 - t) ** 2


# The Critical Outcomes table, written out margin by margin (not computed).
TABLE = {}
for m in range(9, 2000):
    TABLE[m] = "legendary_success"
for m in (6, 7, 8):
    TABLE[m] = "critical_success"
for m in (3, 4, 5):
    TABLE[m] = "solid_success"
for m in (0, 1, 2):
    TABLE[m] = "success"
for m in (-1, -2):
    TABLE[m] = "failure"
for m in (-3, -4, -5):
    TABLE[m] = "decisive_failure"
for m in (-6, -7, -8):
    TABLE[m] = "critical_failure"
for m in range(-2000, -8):
    TABLE[m] = "catastrophic_failure"
RANKS = {-10: 4, -9: 4, -8: 3, -7: 3, -6: 3, -5: 2, -4: 2, -3: 2, -2: 1, -1: 1,
         0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3, 9: 4, 10: 4, 11: 4,
         12: 5}


def brute_categories(totals, cr):
    out = {label: Fraction(0) for label in LABELS}
    for total, p in totals.items():
        out[TABLE[total - cr]] += p
    return out


# -- the rank table at every boundary -----------------------------------------------
@pytest.mark.parametrize("margin", range(-10, 13), ids=lambda m: f"rank_table_margin{m:+d}")
def test_rank_table_every_boundary_by_entered_dice(margin):
    # d20 (stat 20) against CR 21: two unexploded faces give totals 2..38
    total = 21 + margin
    a = min(19, total - 1)
    r = roll("check", stat=20, cr=21, dice=[a, total - a])
    assert r["total"] == total and r["margin"] == margin
    assert r["outcome"] == TABLE[margin]
    assert r["ranks"] == RANKS[margin]
    assert r["success"] is (margin >= 0)
    assert doo.ranks_of(margin) == (margin >= 0, RANKS[margin])


def test_rule_success_equal_or_above_cr_failure_below():
    assert roll("check", stat=8, cr=12, dice=[6, 6])["success"] is True
    assert roll("check", stat=8, cr=12, dice=[6, 5])["success"] is False


def test_rule_each_three_points_add_a_rank_on_either_side():
    # "For every three points by which the check roll exceeds ... an additional rank"
    for m in range(0, 30):
        assert doo.ranks_of(m) == (True, 1 + m // 3)
        assert doo.ranks_of(-m - 1) == (False, 1 + (m + 1) // 3)


# -- the text's examples ------------------------------------------------------------
def test_example_brawn_8_portcullis_cr_12_rolls_2d8_exploding():
    r = roll("check", stat=8, cr="hard", dice=[7, 5])
    assert [d["sides"] for d in r["rolls"]] == [8, 8]
    assert r["die"] == "d8" and r["cr"] == 12 and r["cr_rank"] == "Hard"
    assert r["total"] == 12 and r["outcome"] == "success"
    assert "2d8!" in r["summary"]
    r = roll("check", stat=8, cr=12, dice=[8, 2, 1])  # 8 explodes: 10 + 1 = 11
    assert r["total"] == 11 and r["outcome"] == "failure"
    # "would need to roll a 12 or better on 2d8!": P = 81/256 exactly
    o = api.odds(dict(system=SYS, check="check", stat=8, cr=12))
    success = sum(Fraction(o["exact"][k]) for k in doo.SUCCESS_OUTCOMES if k in o["exact"])
    assert success == Fraction(81, 256)


def test_example_briven_arrows_cr_6_roll_11_two_ranks_six_arrows():
    r = roll("scaling", stat=8, cr="easy", per_rank=3, unit="arrows", dice=[5, 6])
    assert r["total"] == 11 and r["cr"] == 6 and r["margin"] == 5
    assert r["ranks"] == 2 and r["outcome"] == "solid_success"
    assert r["yield"] == 6 and r["extra_ranks"] == 1
    assert "6 arrows" in r["summary"]


def test_example_solid_success_rank_2_minor_bonus_when_applied():
    r = roll("check", stat=8, cr=12, critical_outcomes=True, dice=[7, 8, 1])  # 7 + 9 = 16
    assert r["outcome"] == "solid_success" and r["ranks"] == 2
    assert r["outcome_words"] == "Minor bonus" and "half the usual time" in r["suggestion"]
    assert r["character_points"] == 0


def test_example_decisive_failure_rank_2_minor_penalty_when_applied():
    r = roll("check", stat=8, cr=12, critical_outcomes=True, dice=[3, 5])  # 8: -4
    assert r["outcome"] == "decisive_failure" and r["ranks"] == 2
    assert r["outcome_words"] == "Minor penalty" and "twice the normal" in r["suggestion"]


# -- stat dice, modifications, adjustments, explosions ---------------------------------
def test_rule_stat_value_is_the_die_rank():
    for stat in (4, 6, 8, 10, 12, 20, 2, 7):
        r = roll("check", stat=stat, cr=9, dice=[1, 1])
        assert [d["sides"] for d in r["rolls"]] == [stat, stat]


def test_rule_modification_shifts_rank_before_rolling_brawn_8_minus_2_rolls_d6():
    r = roll("check", stat=8, modification=-2, cr=9, dice=[6, 1, 2])
    assert r["die"] == "d6" and [d["sides"] for d in r["rolls"]] == [6, 6, 6]
    assert r["rolls"][0]["exploded"] is True  # 6 is now the maximum
    assert r["total"] == 9


@pytest.mark.parametrize("stat, mod, sides", [(2, -3, 2), (4, -10, 2), (20, 5, 20),
                                              (12, 18, 20)],
                         ids=["clamp_d2_low", "clamp_d2_far", "clamp_d20", "clamp_d20_far"])
def test_reading_rank_clamped_to_d2_d20_with_a_note(stat, mod, sides):
    r = roll("check", stat=stat, modification=mod, cr=9, dice=[1, 1])
    assert r["sides"] == sides
    assert r["rank_note"] and f"rolling d{sides}" in r["rank_note"]
    assert any("Note:" in s for s in r["steps"])
    assert roll("check", stat=8, modification=2, cr=9, dice=[1, 1])["rank_note"] is None


def test_rule_adjustment_applied_once_after_explosions():
    r = roll("check", stat=6, adjustment=2, cr=9, dice=[6, 6, 1, 3])
    assert r["chains"] == ["6 -> 6 -> 1 = 13", "3"]
    assert r["dice_total"] == 16 and r["total"] == 18  # +2 once, not per die/explosion
    r = roll("check", stat=6, adjustment=-3, cr=9, dice=[6, 2, 4])
    assert r["total"] == 8 + 4 - 3


def test_rule_each_die_explodes_on_its_own():
    r = roll("check", stat=8, cr=12, dice=[8, 3, 2])
    assert r["chains"] == ["8 -> 3 = 11", "2"]
    assert [d["chain"] for d in r["rolls"]] == [0, 0, 1]
    assert [d.get("exploded", False) for d in r["rolls"]] == [True, False, False]
    assert [d["label"] for d in r["rolls"]] == [
        "stat die 1", "explosion of stat die 1", "stat die 2"]


def test_rule_explosions_have_no_cap_long_chain_entered_by_hand():
    dice = [4] * 12 + [1] + [4, 4, 4, 2]
    r = roll("check", stat=4, cr="godly", dice=dice)
    assert r["chains"][0] == " -> ".join(["4"] * 12) + " -> 1 = 49"
    assert r["chains"][1] == "4 -> 4 -> 4 -> 2 = 14"
    assert r["total"] == 63 and r["outcome"] == "legendary_success"
    assert r["ranks"] == 1 + (63 - 21) // 3
    assert sum(1 for d in r["rolls"] if d.get("exploded")) == 15
    assert "Stat die 1 (d4): " + r["chains"][0] + " (exploded 12 times)." in r["steps"]


def test_d2_chain_of_thirty_explosions():
    r = roll("check", stat=2, cr=9, dice=[2] * 30 + [1, 1])
    assert r["total"] == 61 + 1 and len(r["rolls"]) == 32


# -- forced dice for every category ---------------------------------------------------
CATEGORY_CASES = [
    # stat, cr, adjustment, dice, total, outcome
    (8, 12, 0, [8, 6, 7], 21, "legendary_success"),
    (8, 12, 0, [8, 8, 8, 8, 1, 1], 34, "legendary_success"),
    (8, 12, 0, [8, 3, 7], 18, "critical_success"),
    (8, 12, 0, [7, 8, 4], 19, "critical_success"),
    (8, 11, 0, [7, 7], 14, "solid_success"),
    (8, 12, 1, [7, 7], 15, "solid_success"),
    (8, 12, 0, [5, 7], 12, "success"),
    (8, 12, 0, [6, 4], 10, "failure"),
    (8, 12, 0, [5, 4], 9, "decisive_failure"),
    (8, 12, 0, [2, 4], 6, "critical_failure"),
    (8, 12, 2, [1, 1], 4, "critical_failure"),
    (8, 12, 0, [1, 2], 3, "catastrophic_failure"),
    (4, 21, -3, [4, 4, 1, 2], 8, "catastrophic_failure"),
    (6, 15, 0, [6, 6, 6, 2, 1], 21, "critical_success"),
]


@pytest.mark.parametrize("stat, cr, adj, dice, total, outcome", CATEGORY_CASES,
                         ids=[f"category_{c[5]}_{i}" for i, c in enumerate(CATEGORY_CASES)])
def test_forced_dice_every_category(stat, cr, adj, dice, total, outcome):
    r = roll("check", stat=stat, cr=cr, adjustment=adj, dice=dice)
    assert r["total"] == total
    assert r["outcome"] == outcome == TABLE[total - cr]
    assert r["success"] is (outcome in doo.SUCCESS_OUTCOMES)


@pytest.mark.parametrize("outcome, points", [
    ("legendary_success", 2), ("critical_success", 1), ("solid_success", 0),
    ("success", 0), ("failure", 0), ("decisive_failure", 0), ("critical_failure", 1),
    ("catastrophic_failure", 2)], ids=lambda v: f"character_points_{v}")
def test_rule_character_points_only_when_critical_outcomes_applied(outcome, points):
    stat, cr, adj, dice, total, _ = next(c for c in CATEGORY_CASES if c[5] == outcome)
    on = roll("check", stat=stat, cr=cr, adjustment=adj, dice=dice, critical_outcomes=True)
    off = roll("check", stat=stat, cr=cr, adjustment=adj, dice=dice)
    assert on["outcome"] == off["outcome"] == outcome
    assert on["character_points"] == points
    assert off["character_points"] == 0


@pytest.mark.parametrize("outcome, words, phrase", [
    ("legendary_success", "Major bonus", "not consumed"),
    ("critical_success", "Two minor bonuses", "half the usual time"),
    ("solid_success", "Minor bonus", "unusually beautiful"),
    ("success", "Simple success", "materials are spent"),
    ("failure", "Simple failure", "materials are lost"),
    ("decisive_failure", "Minor penalty", "-2 penalty"),
    ("critical_failure", "Two minor penalties", "twice the normal"),
    ("catastrophic_failure", "Major penalty", "destroys the object"),
], ids=lambda v: f"suggestion_{v}" if v in LABELS else None)
def test_rule_suggested_bonus_or_penalty_for_each_category(outcome, words, phrase):
    stat, cr, adj, dice, total, _ = next(c for c in CATEGORY_CASES if c[5] == outcome)
    r = roll("check", stat=stat, cr=cr, adjustment=adj, dice=dice, critical_outcomes=True)
    assert r["outcome_words"] == words and phrase in r["suggestion"]
    cat = next(c for c in api.catalog()["systems"][SYS]["categories"]
               if c["outcome"] == outcome)
    assert cat["result"] == words and phrase in cat["suggestion"]


def test_reading_critical_outcomes_not_applied_gives_simple_success_or_failure():
    r = roll("check", stat=8, cr=12, dice=[8, 6, 7])
    assert r["outcome"] == "legendary_success"  # the category is still reported
    assert r["outcome_words"] == "Simple success" and r["character_points"] == 0
    assert any("not applied" in s for s in r["steps"])
    r = roll("check", stat=8, cr=12, dice=[1, 2])
    assert r["outcome_words"] == "Simple failure"


# -- challenge ranks and Trivial challenges ------------------------------------------
@pytest.mark.parametrize("name, rating", [
    ("trivial", 3), ("easy", 6), ("moderate", 9), ("hard", 12), ("heroic", 15),
    ("superhuman", 18), ("godly", 21)], ids=lambda v: f"cr_rank_{v}")
def test_rule_challenge_rank_names_and_ratings(name, rating):
    r = roll("check", stat=8, cr=name.capitalize(), roll_trivial=True, dice=[1, 1])
    assert r["cr"] == rating and r["cr_rank"] == name.capitalize()
    ranks = api.catalog()["systems"][SYS]["cr_ranks"]
    assert {"value": name, "name": name.capitalize(), "rating": rating} in ranks
    # a number names the same rank
    assert roll("check", stat=8, cr=rating, roll_trivial=True, dice=[1, 1])["cr_rank"] == \
        name.capitalize()


def test_rule_trivial_is_automatic_success_without_dice():
    r = roll("check", stat=8, cr="trivial")
    assert r["outcome"] == "automatic_success" and r["success"] is True
    assert r["rolls"] == [] and r["total"] is None
    assert roll("check", stat=8, cr="trivial", dice=[])["outcome"] == "automatic_success"
    with pytest.raises(InvalidRequest, match="too many"):
        roll("check", stat=8, cr="trivial", dice=[3, 3])
    o = api.odds(dict(system=SYS, check="check", stat=8, cr="trivial"))
    assert o["outcomes"]["automatic_success"] == 1.0


def test_reading_trivial_numeric_cr_3_or_less_is_trivial():
    assert roll("check", stat=8, cr=3)["outcome"] == "automatic_success"
    assert roll("check", stat=8, cr=1)["outcome"] == "automatic_success"
    assert roll("check", stat=8, cr=4, dice=[1, 2])["outcome"] == "failure"


def test_rule_trivial_rolled_when_asked_for_tense_and_dramatic():
    r = roll("check", stat=2, cr="trivial", roll_trivial=True, dice=[1, 1])
    assert r["outcome"] == "failure" and r["total"] == 2 and len(r["rolls"]) == 2


def test_rule_trivial_rolled_when_critical_outcomes_are_possible():
    r = roll("check", stat=8, cr="trivial", critical_outcomes=True, dice=[8, 4, 1])
    assert r["outcome"] == "legendary_success" and r["character_points"] == 2


def test_rule_trivial_scaling_challenge_is_always_rolled():
    r = roll("scaling", stat=6, cr="trivial", per_rank=1, dice=[4, 2])
    assert r["outcome"] == "solid_success" and r["yield"] == 2 and len(r["rolls"]) == 2
    o = exact_odds("scaling", stat=6, cr="trivial", per_rank=1)
    assert o["outcomes"].get("automatic_success", 0) == 0


# -- opposed attempts -----------------------------------------------------------
def test_rule_opposed_target_rolls_first_and_sets_the_cr():
    r = roll("opposed", instigator={"stat": 8}, target={"stat": 6, "adjustment": 1},
             dice=[6, 2, 3, 5, 7])
    labels = [d["label"] for d in r["rolls"]]
    assert labels == ["target's stat die 1", "explosion of target's stat die 1",
                      "target's stat die 2", "instigator's stat die 1",
                      "instigator's stat die 2"]
    assert [d["sides"] for d in r["rolls"]] == [6, 6, 6, 8, 8]
    assert r["target_total"] == r["cr"] == 6 + 2 + 3 + 1
    assert r["instigator_total"] == r["total"] == 12
    assert r["outcome"] == "success" and r["margin"] == 0


def test_rule_opposed_tie_goes_to_instigator():
    r = roll("opposed", instigator={"stat": 6}, target={"stat": 6}, dice=[3, 4, 5, 2])
    assert r["margin"] == 0 and r["success"] is True
    assert any("tie goes to the instigator" in s for s in r["steps"])
    r = roll("opposed", instigator={"stat": 6}, target={"stat": 6}, dice=[3, 4, 5, 1])
    assert r["success"] is False and r["outcome"] == "failure"


def test_rule_opposed_target_not_subject_to_critical_outcomes():
    r = roll("opposed", instigator={"stat": 4}, target={"stat": 12}, critical_outcomes=True,
             dice=[11, 11, 1, 1])
    # target 22 is not judged; the instigator's 2 vs 22 is catastrophic
    assert "outcome" not in r["target"] and "character_points" not in r["target"]
    assert r["outcome"] == "catastrophic_failure" and r["character_points"] == 2
    assert any("bonus or penalty for the target" in s for s in r["steps"])


def test_opposed_modifications_and_adjustments_per_side():
    r = roll("opposed", instigator={"stat": 10, "modification": -2, "adjustment": 3},
             target={"stat": 4, "modification": 2, "adjustment": -1}, dice=[5, 5, 8, 1, 1])
    assert r["target"]["die"] == "d6" and r["instigator"]["die"] == "d8"
    assert r["cr"] == 9 and r["total"] == 9 + 1 + 3 and r["outcome"] == "solid_success"


# -- assisted attempts -----------------------------------------------------------
@pytest.mark.parametrize("assistant_total, bonus", [
    (5, 0), (7, 0), (8, 1), (9, 1), (10, 2), (11, 2), (12, 3), (18, 6)],
    ids=lambda v: f"assist_bonus_{v}")
def test_rule_assist_bonus_from_assistant_roll_vs_instigator_stat(assistant_total, bonus):
    a1 = min(9, assistant_total - 1)
    r = roll("assisted", instigator={"stat": 8}, assistant={"stat": 10}, cr=12,
             dice=[a1, assistant_total - a1, 3, 4])
    assert r["assistant_total"] == assistant_total and r["assist_bonus"] == bonus
    assert r["total"] == 3 + 4 + bonus  # added as an adjustment
    assert r["outcome"] == TABLE[7 + bonus - 12]
    assert doo.assist_bonus(assistant_total, 8) == bonus


def test_rule_assisted_assistant_rolls_first_with_own_adjustment_and_explosions():
    r = roll("assisted", instigator={"stat": 6, "adjustment": 1},
             assistant={"stat": 4, "adjustment": 2}, cr="moderate",
             dice=[4, 1, 3, 6, 2, 5])
    assert [d["label"] for d in r["rolls"]][:3] == [
        "assistant's stat die 1", "explosion of assistant's stat die 1",
        "assistant's stat die 2"]
    assert r["assistant_total"] == 4 + 1 + 3 + 2 and r["assist_bonus"] == 1 + (10 - 6) // 2
    assert r["total"] == 6 + 2 + 5 + 1 + 3 and r["outcome"] == "critical_success"


def test_reading_assist_cr_is_the_instigators_stat_not_the_modified_rank():
    r = roll("assisted", instigator={"stat": 8, "modification": -4},
             assistant={"stat": 10}, cr=9, dice=[4, 4, 1, 1])
    assert r["assist_bonus"] == 1 and r["instigator"]["die"] == "d4"


def test_assisted_trivial_is_automatic_unless_rolled():
    r = roll("assisted", instigator={"stat": 8}, assistant={"stat": 8}, cr="trivial")
    assert r["outcome"] == "automatic_success" and r["assist_bonus"] == 0 and not r["rolls"]


# -- scaling challenges -----------------------------------------------------------
@pytest.mark.parametrize("dice, ranks, amount", [
    ([2, 3], 0, 0), ([3, 3], 1, 3), ([4, 4], 1, 3), ([4, 5], 2, 6), ([7, 5], 3, 9),
    ([8, 8, 1, 7], 7, 21)], ids=lambda v: f"scaling_yield_{v}")
def test_rule_scaling_each_rank_of_success_yields_per_rank(dice, ranks, amount):
    r = roll("scaling", stat=8, cr=6, per_rank=3, dice=dice)
    assert r["yield"] == amount
    if amount:
        assert r["ranks"] == ranks and r["success"]
    else:
        assert not r["success"]


# -- effect rolls -------------------------------------------------------------------
def test_rule_effect_roll_any_number_of_exploding_stat_dice_summed():
    r = roll("effect", stat=6, count=3, dice=[6, 6, 2, 3, 6, 1])
    assert r["outcome"] == "rolled" and r["total"] == 14 + 3 + 7
    assert r["chains"] == ["6 -> 6 -> 2 = 14", "3", "6 -> 1 = 7"]
    assert [d["label"] for d in r["rolls"]][:2] == ["effect die 1", "explosion of effect die 1"]


def test_rule_effect_roll_exploding_unless_rules_say_otherwise():
    r = roll("effect", stat=6, count=2, exploding=False, dice=[6, 6])
    assert r["total"] == 12 and not any(d.get("exploded") for d in r["rolls"])


def test_effect_roll_modification_shifts_rank():
    r = roll("effect", stat=8, modification=2, count=1, dice=[10, 3])
    assert r["total"] == 13 and r["die"] == "d10"


# -- entered dice: too few, too many -----------------------------------------------------
ENTERED = [
    ("check", dict(stat=8, cr=12), [8], ["explosion of stat die 1", "stat die 2"]),
    ("check", dict(stat=8, cr=12), [], ["stat die 1", "stat die 2"]),
    ("opposed", dict(instigator={"stat": 6}, target={"stat": 4}), [3, 4],
     ["explosion of target's stat die 2", "instigator's stat die 1",
      "instigator's stat die 2"]),
    ("assisted", dict(instigator={"stat": 6}, assistant={"stat": 4}, cr=9), [3, 2, 6],
     ["explosion of instigator's stat die 1", "instigator's stat die 2"]),
    ("scaling", dict(stat=4, cr=6, per_rank=3), [4, 4, 4], ["explosion of stat die 1",
                                                           "stat die 2"]),
    ("effect", dict(stat=6, count=3), [6, 2], ["effect die 2", "effect die 3"]),
]


@pytest.mark.parametrize("check, req, dice, needed", ENTERED,
                         ids=[f"entered_too_few_{c[0]}_{i}" for i, c in enumerate(ENTERED)])
def test_entered_dice_too_few_name_the_missing_dice(check, req, dice, needed):
    with pytest.raises(InvalidRequest) as err:
        roll(check, dice=dice, **req)
    assert err.value.field == "dice"
    assert [n["label"] for n in err.value.extra["needed"]] == needed
    assert f"{len(needed)} more di" in err.value.message


@pytest.mark.parametrize("check, req, dice", [
    ("check", dict(stat=8, cr=12), [3, 4, 5]),
    ("opposed", dict(instigator={"stat": 6}, target={"stat": 4}), [1, 1, 1, 1, 1]),
    ("assisted", dict(instigator={"stat": 6}, assistant={"stat": 4}, cr=9), [1] * 5),
    ("scaling", dict(stat=4, cr=6, per_rank=3), [4, 1, 2, 3]),
    ("effect", dict(stat=6, count=1), [6, 1, 1]),
], ids=lambda v: f"entered_too_many_{v}" if isinstance(v, str) else None)
def test_entered_dice_too_many(check, req, dice):
    with pytest.raises(InvalidRequest, match="too many") as err:
        roll(check, dice=dice, **req)
    assert err.value.field == "dice"


def test_entered_face_outside_die():
    with pytest.raises(InvalidRequest, match="faces 1-6") as err:
        roll("check", stat=6, cr=9, dice=[7, 1])
    assert err.value.field == "dice[0]"


def test_seeded_rolls_repeat():
    a = roll("opposed", instigator={"stat": 6}, target={"stat": 6}, seed=7)
    b = roll("opposed", instigator={"stat": 6}, target={"stat": 6}, seed=7)
    assert a == b and a["source"] == "seeded"
    # replaying the rolled faces as entered dice gives the same result
    c = roll("opposed", instigator={"stat": 6}, target={"stat": 6},
             dice=[d["value"] for d in a["rolls"]])
    assert (c["outcome"], c["total"], c["cr"]) == (a["outcome"], a["total"], a["cr"])


# -- bad input --------------------------------------------------------------------
@pytest.mark.parametrize("check, field, req", [
    ("check", "stat", dict(stat=1, cr=9)),
    ("check", "stat", dict(stat=0, cr=9)),
    ("check", "stat", dict(stat=21, cr=9)),
    ("check", "cr", dict(stat=8, cr="impossible")),
    ("check", "cr", dict(stat=8, cr=0)),
    ("check", "modification", dict(stat=8, cr=9, modification=1.5)),
    ("check", "roll_trivial", dict(stat=8, cr=9, roll_trivial="yes")),
    ("opposed", "instigator.stat", dict(instigator={"stat": 0}, target={"stat": 6})),
    ("opposed", "target.stat", dict(instigator={"stat": 6}, target={"stat": 1})),
    ("opposed", "target", dict(instigator={"stat": 6})),
    ("assisted", "assistant.stat", dict(instigator={"stat": 6}, assistant={"stat": 1}, cr=9)),
    ("assisted", "cr", dict(instigator={"stat": 6}, assistant={"stat": 6}, cr="legendary")),
    ("scaling", "per_rank", dict(stat=6, cr=9, per_rank=-1)),
    ("effect", "count", dict(stat=6, count=-1)),
    ("effect", "count", dict(stat=6, count=0)),
    ("effect", "stat", dict(stat=1, count=2)),
    ("effect", "colour", dict(stat=6, count=2, colour="red")),
], ids=lambda v: f"bad_input_{v}" if isinstance(v, str) and "." not in v else None)
def test_bad_input_names_the_field(check, field, req):
    bad(check, field, **req)


# -- exact odds -------------------------------------------------------------------------
def test_known_value_2d8_exploding_at_least_12_is_81_over_256():
    o = exact_odds("check", stat=8, cr=12)
    assert o["success_chance"] == Fraction(81, 256)
    assert 0 < o["tail"] < Fraction(1, 10**12)


def test_known_value_2d6_exploding_at_least_9_is_41_over_108():
    o = exact_odds("check", stat=6, cr=9)
    assert o["success_chance"] == Fraction(41, 108)
    assert 0 < o["tail"] < Fraction(1, 10**12)
    assert o["outcomes"]["catastrophic_failure"] == 0  # 2 is the lowest roll, CR 9


CHECK_ODDS = [(2, 0, 0, 6), (2, 0, 0, 12), (3, 0, 1, 9), (4, 0, 0, 12), (4, -1, 2, 5),
              (6, 0, -2, 9), (3, 1, 0, 21), (5, 0, 0, 4)]


@pytest.mark.parametrize("stat, mod, adj, cr", CHECK_ODDS,
                         ids=[f"check_odds_brute_{c}" for c in CHECK_ODDS])
def test_check_odds_equal_brute_force_over_truncated_explosions(stat, mod, adj, cr):
    sides = stat + mod
    # deep enough that every cut-off chain pair is a Legendary Success
    depth = 1
    while depth * sides + 2 + adj < cr + 9:
        depth += 1
    depth += 2
    totals, tail = two_dice(sides, depth)
    brute = brute_categories({t + adj: p for t, p in totals.items()}, cr)
    brute["legendary_success"] += tail  # every cut-off chain is legendary here
    o = exact_odds("check", stat=stat, modification=mod, adjustment=adj, cr=cr,
                   roll_trivial=True)
    assert set(o["outcomes"]) <= set(LABELS)
    for label in LABELS:
        assert o["outcomes"].get(label, 0) == brute[label], label
    assert sum(o["outcomes"].values()) == 1
    assert o["tail_outcome"] == "legendary_success" and o["tail"] < Fraction(1, 10**12)
    # and the api gives every label, floats summing to 1
    out = api.odds(dict(system=SYS, check="check", stat=stat, modification=mod,
                        adjustment=adj, cr=cr, roll_trivial=True))
    assert list(out["outcomes"]) == LABELS
    assert abs(sum(out["outcomes"].values()) - 1) < 1e-12
    json.dumps(out)


OPPOSED_ODDS = [(3, 0, 3, 0), (4, 1, 2, -1), (2, 0, 4, 2), (3, -2, 3, 0)]


@pytest.mark.parametrize("si, ai, st_, at", OPPOSED_ODDS,
                         ids=[f"opposed_odds_brute_{c}" for c in OPPOSED_ODDS])
def test_opposed_odds_equal_brute_force_within_the_tails(si, ai, st_, at):
    depth = {2: 42, 3: 27, 4: 21}
    inst, ti = two_dice(si, depth[si])
    targ, tt = two_dice(st_, depth[st_])
    brute = {label: Fraction(0) for label in LABELS}
    for t, pt in targ.items():
        for i, pi in inst.items():
            brute[TABLE.get((i + ai) - (t + at), "legendary_success" if i + ai > t + at
                            else "catastrophic_failure")] += pt * pi
    brute_tail = 1 - (1 - ti) * (1 - tt)
    o = exact_odds("opposed", instigator={"stat": si, "adjustment": ai},
                   target={"stat": st_, "adjustment": at})
    assert o["tail"] == 0  # closed form: nothing cut off
    assert sum(o["outcomes"].values()) == 1
    for label in LABELS:
        assert abs(o["outcomes"].get(label, 0) - brute[label]) <= brute_tail, label
    assert o["outcomes"].get("automatic_success", 0) == 0


def test_opposed_exact_d2_vs_d2_is_16_over_27():
    # by hand: both sides are 2 + 2 N with N ~ NegBin(2, 1/2); P(tie) =
    # sum (n+1)^2 4^-n / 16 = 5/27, so P(instigator >= target) = 1/2 + 5/54
    o = exact_odds("opposed", instigator={"stat": 2}, target={"stat": 2})
    assert o["success_chance"] == Fraction(16, 27)


@pytest.mark.parametrize("si, ai, st_, at", [(8, 0, 6, 1), (20, 0, 20, 0), (2, 0, 20, 3),
                                             (12, -2, 3, 0)],
                         ids=lambda v: f"opposed_closed_form_vs_series_{v}")
def test_opposed_closed_form_equals_the_shared_series_within_its_tail(si, ai, st_, at):
    o = exact_odds("opposed", instigator={"stat": si, "adjustment": ai},
                   target={"stat": st_, "adjustment": at})
    target = doo.Dist.exploding(st_, doo.TAIL_EPS / 2).sum_of(2) + at
    inst = doo.Dist.exploding(si, doo.TAIL_EPS / 2).sum_of(2) + ai
    series = {label: Fraction(0) for label in LABELS}
    for t, pt in target.probs().items():
        for i, pi in inst.probs().items():
            series[TABLE[i - t]] += pt * pi
    tail = 1 - (1 - target.tail()) * (1 - inst.tail())
    for label in LABELS:
        diff = o["outcomes"].get(label, 0) - series[label]
        assert 0 <= diff <= tail, label  # the series only lacks its cut-off mass


@pytest.mark.parametrize("stat", [2, 3, 6], ids=lambda s: f"opposed_tie_to_instigator_d{s}")
def test_rule_opposed_tie_goes_to_instigator_in_the_odds(stat):
    # equal sides: P(success) = 1/2 + P(tie) / 2, because ties go to the instigator
    totals, brute_tail = two_dice(stat, {2: 42, 3: 27, 6: 17}[stat])
    tie = sum(p * p for p in totals.values())
    o = exact_odds("opposed", instigator={"stat": stat}, target={"stat": stat})
    assert abs(o["success_chance"] - (Fraction(1, 2) + tie / 2)) <= o["tail"] + 2 * brute_tail
    assert tie > Fraction(1, 100)


ASSISTED_ODDS = [(3, 0, 2, 0, 9), (4, 1, 3, -1, 12), (2, 0, 4, 2, 6), (4, 0, 4, 0, 3)]


@pytest.mark.parametrize("si, ai, sa, aa, cr", ASSISTED_ODDS,
                         ids=[f"assisted_odds_brute_{c}" for c in ASSISTED_ODDS])
def test_assisted_odds_equal_brute_force(si, ai, sa, aa, cr):
    depth = {2: 50, 3: 32, 4: 26}
    inst, ti = two_dice(si, depth[si])
    asst, ta = two_dice(sa, depth[sa])
    # every cut-off chain is far beyond CR + 9 at these depths:
    assert depth[si] * si + 2 + ai >= cr + 9
    assert 2 + ai + (1 + (depth[sa] * sa + 2 + aa - si) // 2) >= cr + 9
    brute = {label: Fraction(0) for label in LABELS}
    bonuses = {}
    for a, pa in asst.items():
        b = 0 if a + aa < si else 1 + (a + aa - si) // 2
        bonuses[b] = bonuses.get(b, 0) + pa
    for i, pi in inst.items():
        for b, pb in bonuses.items():
            m = i + ai + b - cr
            brute[TABLE.get(m, "legendary_success" if m > 0 else "catastrophic_failure")] \
                += pi * pb
    brute["legendary_success"] += 1 - (1 - ti) * (1 - ta)
    o = exact_odds("assisted", instigator={"stat": si, "adjustment": ai},
                   assistant={"stat": sa, "adjustment": aa}, cr=cr, roll_trivial=True)
    for label in LABELS:
        assert o["outcomes"].get(label, 0) == brute[label], label
    assert sum(o["outcomes"].values()) == 1
    for b in range(0, 4):
        assert o["assist_bonuses"].get(b, 0) == bonuses.get(b, 0)


def test_scaling_odds_and_yields_equal_brute_force():
    totals, tail = two_dice(4, 30)
    o = exact_odds("scaling", stat=4, cr=6, per_rank=3)
    brute = brute_categories(totals, 6)
    brute["legendary_success"] += tail
    for label in LABELS:
        assert o["outcomes"].get(label, 0) == brute[label]
    yields = {}
    for t, p in totals.items():
        y = 3 * (1 + (t - 6) // 3) if t >= 6 else 0
        yields[y] = yields.get(y, 0) + p
    for y in range(0, 40, 3):  # small yields are exact
        assert o["yields"].get(y, 0) == yields.get(y, 0), y


@pytest.mark.parametrize("stat, count", [(4, 1), (4, 3), (3, 2), (6, 2)],
                         ids=lambda v: f"effect_odds_brute_{v}")
def test_effect_distribution_equals_brute_force(stat, count):
    depth = 12
    one, _ = chains(stat, depth)
    dist = {0: Fraction(1)}
    for _ in range(count):
        nxt = {}
        for t, p in dist.items():
            for v, q in one:
                nxt[t + v] = nxt.get(t + v, 0) + p * q
        dist = nxt
    o = exact_odds("effect", stat=stat, count=count)
    # totals below the first cut-off chain (depth * stat + count) are exact
    for total in range(count, depth * stat + count):
        assert o["distribution"].get(total, 0) == dist.get(total, 0), total
    assert o["tail"] < Fraction(1, 10**12)
    assert sum(o["distribution"].values()) + o["tail"] == 1
    # exact mean of an exploding die: s/2 + s/(s-1), per die
    deep, _ = chains(stat, 40)
    mean = sum(v * p for v, p in deep)
    assert abs(o["mean"] / count - mean) < Fraction(1, 10**9)


def test_effect_non_exploding_distribution():
    o = exact_odds("effect", stat=4, count=2, exploding=False)
    brute = {}
    for a in range(1, 5):
        for b in range(1, 5):
            brute[a + b] = brute.get(a + b, 0) + Fraction(1, 16)
    assert o["distribution"] == brute and o["tail"] == 0


def test_odds_every_label_present_via_api():
    for check, req in [("check", dict(stat=8, cr="hard")),
                       ("opposed", dict(instigator={"stat": 8}, target={"stat": 8})),
                       ("assisted", dict(instigator={"stat": 8}, assistant={"stat": 6},
                                         cr="heroic")),
                       ("scaling", dict(stat=8, cr=6, per_rank=3))]:
        out = api.odds(dict(system=SYS, check=check, **req))
        assert list(out["outcomes"]) == LABELS
        assert abs(sum(out["outcomes"].values()) + out["tail"] * (
            out["tail_outcome"] is None) - 1) < 1e-15
        json.dumps(out)


def test_stat_sum_cut_is_deep_enough_for_the_floor():
    d = doo.stat_sum(4, 2, Fraction(1, 10**12), floor=200)
    # every represented total below the floor is exact: compare with brute force
    totals, _ = two_dice(4, 60)
    for t in range(2, 200):
        assert d.prob(t) == totals.get(t, 0)


# -- catalog and explanations ------------------------------------------------------
def test_catalog_declares_labels_defaults_ranges_and_vocabulary():
    cat = api.catalog()["systems"][SYS]
    json.dumps(cat)
    assert set(cat["checks"]) == {"check", "opposed", "assisted", "scaling", "effect"}
    for c in cat["checks"].values():
        assert c["description"]
    params = {p["name"]: p for p in cat["checks"]["check"]["params"]}
    assert params["stat"]["min"] == 2 and params["stat"]["max"] == 20
    assert params["cr"]["type"] == "int_or_choice" and len(params["cr"]["choices"]) == 7
    assert cat["checks"]["check"]["outcomes"] == LABELS
    assert [c["rating"] for c in cat["cr_ranks"]] == [3, 6, 9, 12, 15, 18, 21]
    assert [c["character_points"] for c in cat["categories"]] == [2, 1, 0, 0, 0, 0, 1, 2]


def test_explanations_draw_chains_and_the_margin_and_rank_arithmetic():
    r = roll("check", stat=8, cr=12, adjustment=2, dice=[8, 8, 3, 4])
    text = "\n".join(r["steps"])
    assert "8 -> 8 -> 3 = 19" in text
    assert "19 + 4 = 23; adjustment +2" in text and "gives 25" in text
    assert "Margin: 25 - 12 = +13" in text
    assert "1 + floor(13 / 3) = 5" in text
    assert r["summary"].endswith(".") and "25" in r["summary"]


# -- property: resolve agrees with the written table --------------------------------
@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(2, 20), st.integers(1, 40), st.integers(-5, 5), st.data())
def test_property_outcome_matches_table_for_any_unexploded_roll(stat, cr, adj, data):
    a = data.draw(st.integers(1, stat - 1)) if stat > 2 else 1
    b = data.draw(st.integers(1, stat - 1)) if stat > 2 else 1
    r = roll("check", stat=stat, cr=cr, adjustment=adj, roll_trivial=True, dice=[a, b])
    m = a + b + adj - cr
    assert r["margin"] == m
    assert r["outcome"] == TABLE.get(m, "legendary_success" if m > 0
                                     else "catastrophic_failure")


@pytest.mark.parametrize("stat, count", [(6, 4), (2, 6), (20, 3)],
                         ids=lambda v: f"effect_sum_cut_only_at_top_{v}")
def test_effect_sum_cuts_only_the_highest_totals_and_under_1e12(stat, count):
    cut = doo.effect_sum(stat, count)
    full = doo.Dist.exploding(stat, doo.TAIL_EPS / (2 * count)).sum_of(count)
    differ = [k for k in full.weights if cut.prob(k) != full.prob(k)]
    agree = [k for k in full.weights if cut.prob(k) == full.prob(k)]
    assert differ and min(differ) > max(agree)  # only a top segment is dropped
    assert all(cut.prob(k) < full.prob(k) for k in differ)  # mass only removed
    assert cut.tail() < Fraction(1, 10**12)
    assert sum(cut.probs().values()) + cut.tail() == 1


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(2, 20), st.integers(0, 6), st.integers(0, 6), st.integers(1, 60),
       st.integers(-5, 5), st.data())
def test_property_explosion_chains_entered_by_hand_sum_each_die_on_its_own(
        stat, k1, k2, cr, adj, data):
    r1 = data.draw(st.integers(1, stat - 1))
    r2 = data.draw(st.integers(1, stat - 1))
    dice = [stat] * k1 + [r1] + [stat] * k2 + [r2]
    r = roll("check", stat=stat, cr=cr, adjustment=adj, roll_trivial=True, dice=dice)
    die1, die2 = k1 * stat + r1, k2 * stat + r2
    assert r["total"] == die1 + die2 + adj
    assert [sum(d["value"] for d in r["rolls"] if d["chain"] == c) for c in (0, 1)] == \
        [die1, die2]
    assert sum(1 for d in r["rolls"] if d.get("exploded")) == k1 + k2
    m = die1 + die2 + adj - cr
    assert r["outcome"] == TABLE[m] and r["ranks"] == 1 + abs(m) // 3


@pytest.mark.parametrize("p, q, t", [(2, 2, 0), (3, 5, -7), (8, 6, 9), (20, 3, -40),
                                     (4, 20, 33), (2, 20, -1)],
                         ids=lambda v: f"opposed_lattice_closed_form_{v}")
def test_opposed_closed_form_lattice_sum_against_enumeration(p, q, t):
    # enumerate explosion counts n, l of two dice each: P(n) = (n+1) p^-n (1-1/p)^2
    depth = 70
    pn = [(n + 1) * Fraction(1, p) ** n * (1 - Fraction(1, p)) ** 2 for n in range(depth)]
    ql = [(l + 1) * Fraction(1, q) ** l * (1 - Fraction(1, q)) ** 2 for l in range(depth)]
    brute = sum(pn[n] * ql[l] for n in range(depth) for l in range(depth) if p * n - q * l >= t)
    missing = 1 - sum(pn) * sum(ql)
    exact = doo._lattice_at_least(p, q, t)
    assert brute <= exact <= brute + missing
    assert missing < Fraction(1, 10**15)


# -- contract: scaling takes the check's parameters, roll_trivial included ------------
@pytest.mark.parametrize("roll_trivial", [False, True],
                         ids=lambda v: f"contract_scaling_accepts_roll_trivial_{v}")
def test_contract_scaling_accepts_roll_trivial_and_always_rolls(roll_trivial):
    # api.md: scaling = "check parameters + per_rank"; a scaling challenge is
    # rolled even when Trivial, so roll_trivial changes nothing
    r = roll("scaling", stat=6, cr="trivial", per_rank=2, unit="arrows",
             roll_trivial=roll_trivial, dice=[4, 2])
    assert r["total"] == 6 and r["outcome"] == "solid_success" and r["yield"] == 4
    assert len(r["rolls"]) == 2
    assert exact_odds("scaling", stat=6, cr="trivial", per_rank=2,
                      roll_trivial=roll_trivial) == exact_odds("scaling", stat=6,
                                                               cr="trivial", per_rank=2)


def test_contract_scaling_roll_trivial_declared_with_help_and_validated():
    check = api.catalog()["systems"][SYS]["checks"]["scaling"]
    params = {p["name"]: p for p in check["params"]}
    assert params["roll_trivial"]["type"] == "bool"
    assert params["roll_trivial"]["default"] is False
    assert "always rolled" in params["roll_trivial"]["help"]
    # every parameter of `check` is a parameter of `scaling`
    check_params = api.catalog()["systems"][SYS]["checks"]["check"]["params"]
    assert {p["name"] for p in check_params} <= set(params)
    bad("scaling", "roll_trivial", stat=6, cr=9, per_rank=1, roll_trivial="yes")


# -- wording -------------------------------------------------------------------------
def _nested_or_doubled_brackets(text):
    depth = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if depth > 1:
            return True
    return ") (" in text


@pytest.mark.parametrize("cr, words", [
    ("trivial", "CR 3 is Trivial: an automatic success (no roll)."),
    (3, "CR 3 is Trivial: an automatic success (no roll)."),
    (2, "CR 2 is Trivial (3 or less): an automatic success (no roll)."),
], ids=["wording_trivial_automatic_success_by_name", "wording_trivial_automatic_success_cr3",
        "wording_trivial_automatic_success_cr2_below_the_rank"])
def test_wording_trivial_automatic_success_names_the_rank_once(cr, words):
    for check, req in [("check", dict(stat=8, cr=cr)),
                       ("assisted", dict(instigator={"stat": 8}, assistant={"stat": 8},
                                         cr=cr))]:
        r = roll(check, **req)
        assert r["outcome"] == "automatic_success"
        assert r["summary"] == words
        text = " ".join([r["summary"]] + r["steps"])
        assert "Trivial challenge" not in text and "(Trivial)" not in text
        assert not _nested_or_doubled_brackets(text)
        assert r["steps"][0].startswith(words.split(":")[0] + ": an automatic success")


def test_wording_trivial_rolled_anyway_says_why_once():
    r = roll("check", stat=8, cr="trivial", roll_trivial=True, dice=[1, 1])
    assert "CR 3 is Trivial, but rolled anyway: the GM asked for a roll." in r["steps"]
    r = roll("check", stat=8, cr="trivial", critical_outcomes=True, dice=[1, 1])
    assert "CR 3 is Trivial, but rolled anyway: critical outcomes are applied." in r["steps"]


@pytest.mark.parametrize("stat, mod, note", [
    (2, -3, "the modification would take the die below d2; rolling d2"),
    (4, -10, "the modification would take the die below d2; rolling d2"),
    (20, 5, "the modification would take the die above d20; rolling d20"),
    (12, 18, "the modification would take the die above d20; rolling d20"),
], ids=["wording_clamp_below_d2", "wording_clamp_far_below_d2", "wording_clamp_above_d20",
        "wording_clamp_far_above_d20"])
def test_wording_clamped_rank_note_says_below_d2_or_above_d20(stat, mod, note):
    r = roll("check", stat=stat, modification=mod, cr=9, dice=[1, 1])
    assert r["rank_note"] == note
    assert f"Note: {note}." in r["steps"]
    assert "d-" not in " ".join(r["steps"]) and "would be d" not in r["rank_note"]
    e = roll("effect", stat=stat, modification=mod, count=1, dice=[1])
    assert e["rank_note"] == note


def test_wording_scaling_mentions_trivial_only_when_the_cr_is_trivial():
    r = roll("scaling", stat=8, cr="easy", per_rank=3, unit="arrows", dice=[5, 6])
    text = " ".join([r["summary"]] + r["steps"])
    assert "Trivial" not in text
    assert r["steps"][0] == "Scaling challenge at CR 6 (Easy): each rank of success yields " \
                            "3 arrows."
    r = roll("scaling", stat=8, cr="trivial", per_rank=3, unit="arrows", dice=[5, 6])
    assert "CR 3 is Trivial, but a scaling challenge is always rolled (its ranks set the " \
           "yield)." in r["steps"]
    assert not any(_nested_or_doubled_brackets(s) for s in r["steps"] + [r["summary"]])


@pytest.mark.parametrize("req, dice, line", [
    (dict(stat=20, count=1), [12], "Effect roll 1d20!: 12."),
    (dict(stat=6, count=1), [6, 6, 2], "Effect roll 1d6!: 6 -> 6 -> 2 = 14."),
    (dict(stat=6, count=3), [6, 6, 2, 3, 6, 1],
     "Effect roll 3d6!: (6 -> 6 -> 2) + 3 + (6 -> 1) = 24."),
    (dict(stat=6, count=2, exploding=False), [6, 3], "Effect roll 2d6 (not exploding): 6 + 3 = 9."),
], ids=["wording_effect_roll_single_die", "wording_effect_roll_one_chain",
        "wording_effect_roll_chains_and_sum", "wording_effect_roll_not_exploding"])
def test_wording_effect_roll_shows_the_chains_and_the_sum_once(req, dice, line):
    r = roll("effect", dice=dice, **req)
    assert line in r["steps"]
    text = " ".join(r["steps"])
    assert f"{r['total']} = {r['total']}" not in text
    assert text.count(f"= {r['total']}") <= 1


def test_wording_effect_roll_says_which_dice_exploded():
    r = roll("effect", stat=6, count=3, dice=[6, 6, 2, 3, 6, 1])
    assert "Exploded (a die showing its maximum rolls again and adds): die 1 twice, " \
           "die 3 once." in r["steps"]
    assert not any("Exploded" in s for s in roll("effect", stat=6, count=2,
                                                 dice=[2, 3])["steps"])


def test_wording_margin_zero_is_written_without_a_sign():
    r = roll("check", stat=8, cr=12, dice=[5, 7])
    assert "Margin: 12 - 12 = 0 (equal to or above the CR: success)." in r["steps"]
    assert "+0" not in " ".join(r["steps"])
    r = roll("check", stat=8, cr=12, dice=[6, 7])
    assert any(s.startswith("Margin: 13 - 12 = +1 ") for s in r["steps"])
    r = roll("check", stat=8, cr=12, dice=[5, 6])
    assert any(s.startswith("Margin: 11 - 12 = -1 ") for s in r["steps"])


@pytest.mark.parametrize("dice, amount, words", [
    ([2, 3], 0, "0 arrows"), ([3, 3], 1, "1 arrow"), ([4, 5], 2, "2 arrows")],
    ids=["wording_units_0_plural", "wording_units_1_singular", "wording_units_2_plural"])
def test_wording_units_singular_only_for_exactly_one(dice, amount, words):
    r = roll("scaling", stat=8, cr=6, per_rank=1, unit="arrows", dice=dice)
    assert r["yield"] == amount
    assert r["summary"].endswith(f"yielding {words}.")
    assert "each rank of success yields 1 arrow." in r["steps"][0]
    assert any(s.startswith("Yield: ") and (s.endswith(f"= {words}.") or
                                           s.endswith(f"({words}).")) for s in r["steps"])


@pytest.mark.parametrize("unit, one", [
    ("arrows", "arrow"), ("berries", "berry"), ("torches", "torch"), ("boxes", "box"),
    ("gold pieces", "gold piece"), ("potions of healing", "potion of healing"),
    ("gold", "gold"), ("brass", "brass"), ("", "")], ids=lambda v: f"wording_unit_{v}")
def test_wording_unit_singular_form(unit, one):
    assert doo._singular(unit) == one
    assert doo._amount(1, unit) == (f"1 {one}" if unit else "1")
    assert doo._amount(2, unit) == (f"2 {unit}" if unit else "2")


def test_wording_failure_margins_say_or_worse():
    r = roll("check", stat=8, cr=12, dice=[1, 2])
    assert r["outcome"] == "catastrophic_failure"
    assert "(margin -9 or worse, 4 or more ranks)" in " ".join(r["steps"])
    assert "-9 or more" not in " ".join(r["steps"])
    cats = {c["outcome"]: c["margin"] for c in api.catalog()["systems"][SYS]["categories"]}
    assert cats["catastrophic_failure"] == "-9 or worse"
    assert cats["legendary_success"] == "+9 or more"


def test_wording_assisted_adjustment_without_doubled_brackets():
    r = roll("assisted", instigator={"stat": 8}, assistant={"stat": 10}, cr=12,
             dice=[5, 5, 3, 4])
    assert "The instigator rolls against CR 12 (Hard), with the assist +2 as an " \
           "adjustment." in r["steps"]
    r = roll("assisted", instigator={"stat": 8, "adjustment": -1}, assistant={"stat": 10},
             cr=12, dice=[5, 5, 3, 4])
    assert "The instigator rolls against CR 12 (Hard), with adjustment -1 + assist +2." \
        in r["steps"]


@pytest.mark.parametrize("check, req", [
    ("check", dict(stat=8, cr="trivial", critical_outcomes=True, modification=-8)),
    ("check", dict(stat=6, cr=14, adjustment=2, modification=16)),
    ("scaling", dict(stat=6, cr="trivial", per_rank=1, unit="arrows")),
    ("scaling", dict(stat=6, cr=10, per_rank=3)),
    ("opposed", dict(instigator={"stat": 6, "adjustment": -2}, target={"stat": 4},
                     critical_outcomes=True)),
    ("assisted", dict(instigator={"stat": 6, "adjustment": 1}, assistant={"stat": 12},
                      cr="hard")),
    ("effect", dict(stat=4, count=3)),
], ids=[f"wording_no_nested_brackets_or_plus_zero_{c}_{i}" for i, c in enumerate(
    ["check", "check", "scaling", "scaling", "opposed", "assisted", "effect"])])
@pytest.mark.parametrize("seed", range(15))
def test_wording_no_nested_brackets_and_no_plus_zero(check, req, seed):
    r = roll(check, seed=seed, **req)
    for text in [r["summary"]] + r["steps"]:
        assert not _nested_or_doubled_brackets(text), text
        assert "= +0" not in text and "+0 " not in text, text
