"""The Dark Eye: fate points, aptitude, "which dice should I reroll?" and
named skills (issue 15; games/dark_eye/fate_points.py, cards_fate_points.py).

Rules (shared/spec/rules.md, The Dark Eye): "Fate points (FtP)": 1 FtP
rerolls the die of an attribute check or up to three chosen dice of a skill
check, the new values stand; a botch cannot be rerolled; the confirmation
roll is never rerolled (a rerolled 1 or 20 calls for its own); or 1 FtP
raises a success's QL by 1 (QL 6 at most). "Aptitude": one die of the
check rerolled, the better (lower) value stands. Request shapes: api.md
"The Dark Eye: fate points and aptitude".

The advice is checked against a brute force written here from the rule
text (not the module's classifier): every new die of every choice
enumerated."""

import random
from fractions import Fraction
from itertools import product

import pytest

from tablecheck import api
from tablecheck.games.dark_eye import fate_points as tde

SKILL = {"system": "dark_eye", "check": "skill"}
ATTR = {"system": "dark_eye", "check": "attribute"}


# -- an independent skill check, from the rule text ----------------------------------

def rule_ql(left):
    """QL from the SP left: 0-3 -> 1, 4-6 -> 2, ... 16+ -> 6."""
    return 1 if left <= 3 else min(6, (left - 1) // 3 + 1)


def rule_skill(faces, eavs, rating):
    """(outcome, QL) of one skill check with all EAVs >= 1."""
    cost = sum(max(0, f - e) for f, e in zip(faces, eavs))
    if faces.count(20) >= 2:
        return ("spectacular_botch" if faces.count(20) == 3 else "botch"), 0
    if faces.count(1) >= 2:
        left = rating - cost if cost <= rating else 0
        return ("spectacular_success" if faces.count(1) == 3 else "critical_success"), rule_ql(left)
    if cost <= rating:
        return "success", rule_ql(rating - cost)
    return "failure", 0


def brute_choice(faces, eavs, rating, positions, rule):
    """({outcome: p}, {QL: p}) over every value of the new dice."""
    outcomes, qls = {}, {}
    n = 0
    for new in product(range(1, 21), repeat=len(positions)):
        final = list(faces)
        for p, v in zip(positions, new):
            final[p - 1] = min(final[p - 1], v) if rule == "aptitude" else v
        o, q = rule_skill(final, eavs, rating)
        outcomes[o] = outcomes.get(o, 0) + 1
        if q:
            qls[q] = qls.get(q, 0) + 1
        n += 1
    return ({o: Fraction(w, n) for o, w in outcomes.items()},
            {q: Fraction(w, n) for q, w in qls.items()})


# (EAVs, SR, throw): near misses, a critical in reach, one die far off, 20s that
# are ordinary values, an EAV of 20 or more
THROWS = [
    pytest.param((12, 13, 11), 4, (15, 3, 16), id="near-miss-two-dice-over"),
    pytest.param((12, 12, 12), 0, (13, 12, 12), id="near-miss-one-point-short-SR-0"),
    pytest.param((14, 10, 12), 7, (1, 15, 9), id="critical-in-reach-one-1-showing"),
    pytest.param((11, 11, 11), 6, (3, 4, 20), id="one-die-far-off-a-single-20"),
    pytest.param((10, 15, 13), 12, (1, 1, 19), id="critical-already-thrown"),
    pytest.param((22, 8, 9), 3, (20, 5, 9), id="single-20-at-EAV-22-is-covered"),
    pytest.param((5, 6, 4), 2, (18, 17, 19), id="every-die-far-off-low-EAVs"),
    pytest.param((16, 15, 14), 18, (2, 3, 4), id="already-QL-6"),
    pytest.param((12, 12, 12), 5, (20, 1, 7), id="a-20-and-a-1"),
]


def _random_throws(n, seed=15):
    """Seeded throws that are no botch, over EAVs 3-21 and SR 0-18."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        faces = tuple(rng.randint(1, 20) for _ in range(3))
        if faces.count(20) < 2:
            eavs = tuple(rng.randint(3, 21) for _ in range(3))
            out.append(pytest.param(eavs, rng.randint(0, 18), faces, id=f"seeded-{len(out)}"))
    return out


@pytest.mark.parametrize("eavs,rating,faces", THROWS + _random_throws(30))
@pytest.mark.parametrize("rule", ["fate_point", "aptitude"])
def test_rule_fate_point_and_aptitude_advice_equals_brute_force(eavs, rating, faces, rule):
    advice = tde.skill_advice(eavs, rating, faces, rule)
    expected_choices = 7 if rule == "fate_point" else 3
    assert len(advice["choices"]) == expected_choices
    for c in advice["choices"] + [advice["keep"]]:
        outcomes, qls = brute_choice(faces, eavs, rating, c["dice"], rule)
        assert {o: p for o, p in c["outcomes"].items() if p} == outcomes
        assert {int(q): p for q, p in c["quality_levels"].items() if p} == qls
        success = sum(p for o, p in outcomes.items() if o.endswith("success"))
        assert c["success_chance"] == success
        assert c["expected_quality_level"] == sum(q * p for q, p in qls.items())
    # best first: chance of success, then mean QL, then fewer dice
    keys = [(-c["success_chance"], -c["expected_quality_level"], len(c["dice"])) for c in advice["choices"]]
    assert keys == sorted(keys)
    assert advice["best"] == advice["choices"][0]["dice"]


def test_rule_fate_point_best_ties_go_to_fewer_dice():
    # EAVs 20 and SR 20: any throw without two 20s succeeds with QL 6 whatever is rerolled
    advice = tde.skill_advice((20, 20, 20), 20, (5, 5, 5), "fate_point")
    assert advice["keep"]["success_chance"] == 1
    assert len(advice["best"]) == 1 and advice["best"] == [1]


def test_api_odds_answers_which_dice_to_reroll_in_the_api_md_shape():
    req = dict(SKILL, attributes=[12, 13, 11], rating=4, reroll={"rule": "fate_point"}, dice=[15, 3, 16])
    out = api.odds(req)
    assert out["best"] == [3]
    assert [c["dice"] for c in out["choices"]][:2] == [[3], [1, 3]]
    assert set(out["choices"][0]) >= {"dice", "outcomes", "quality_levels"}
    assert set(out["keep"]["quality_levels"]) == {"1", "2", "3", "4", "5", "6"}
    # outcomes: those after the best reroll: COU 15 costs 3 of the 4 SP, so the new STR
    # die must show 12 or less (1 SP covers a 12 against EAV 11): 12 of 20
    assert out["outcomes"]["success"] == pytest.approx(12 / 20)
    assert sum(out["outcomes"].values()) == pytest.approx(1)
    named = api.odds(dict(req, reroll={"rule": "fate_point", "dice": [1, 3]}))
    second = tde.skill_advice((12, 13, 11), 4, (15, 3, 16), "fate_point")["choices"][1]
    assert second["dice"] == [1, 3]
    assert named["success_chance"] == pytest.approx(float(second["success_chance"]))
    assert named["outcomes"] == pytest.approx({o: float(p) for o, p in second["outcomes"].items()})
    shown = api.odds(dict(req, first_throw=[15, 3, 16], dice=None))
    assert shown["best"] == [3]
    assert shown["display"]["figures"][0]["value"] == "Reroll die 3 (16)"


@pytest.mark.parametrize("dice,field", [
    pytest.param([15, 3], "dice", id="too-few-dice"),
    pytest.param([15, 3, 16, 2], "dice", id="too-many-dice"),
    pytest.param([20, 20, 3], "dice", id="rule-a-botch-cannot-be-rerolled"),
    pytest.param([21, 3, 3], "dice[0]", id="not-a-d20-face"),
])
def test_api_odds_reroll_refuses_a_bad_throw_naming_the_field(dice, field):
    with pytest.raises(api.InvalidRequest) as e:
        api.odds(dict(SKILL, attributes=[12, 13, 11], rating=4, reroll={"rule": "fate_point"}, dice=dice))
    assert e.value.field == field


def test_rule_attribute_advice_one_choice_and_keep():
    out = api.odds(dict(ATTR, value=11, reroll={"rule": "fate_point"}, dice=[16]))
    assert out["best"] == [1] and len(out["choices"]) == 1
    assert out["keep"]["outcomes"]["failure"] == 1
    assert out["choices"][0]["outcomes"] == pytest.approx(api.odds(dict(ATTR, value=11))["outcomes"])
    with pytest.raises(api.InvalidRequest) as e:  # a 20 confirmed by a 20: a botch
        api.odds(dict(ATTR, value=11, reroll={"rule": "fate_point"}, dice=[20, 20]))
    assert "botch" in e.value.message
    with pytest.raises(api.InvalidRequest) as e:  # a 20 needs its confirmation roll
        api.odds(dict(ATTR, value=11, reroll={"rule": "fate_point"}, dice=[20]))
    assert e.value.code == "dice_missing"


# -- forced dice through a reroll -------------------------------------------------------

def test_rule_fate_point_skill_reroll_with_entered_dice_first_throw_then_new_dice():
    req = dict(SKILL, attributes=[12, 13, 11], names=["COU", "AGI", "STR"], rating=4,
               reroll={"rule": "fate_point", "dice": [1, 3]})
    r = api.resolve(dict(req, dice=[15, 3, 16, 2, 5]))
    assert (r["outcome"], r["quality_level"], r["points_left"]) == ("success", 2, 4)
    assert r["first"]["outcome"] == "failure" and r["first"]["dice"] == [15, 3, 16]
    assert r["dice"] == [2, 3, 5]
    flags = [(d["value"], bool(d.get("rerolled")), d["kept"]) for d in r["rolls"]]
    assert flags == [(15, True, False), (3, False, True), (16, True, False), (2, False, True), (5, False, True)]
    # the same with the throw kept by the follow-up: only the new dice are entered
    again = api.resolve(dict(req, first_throw=[15, 3, 16], dice=[2, 5]))
    assert again["rolls"] == r["rolls"] and again["summary"] == r["summary"]
    # missing dice are asked for by label
    with pytest.raises(api.InvalidRequest) as e:
        api.resolve(dict(req, first_throw=[15, 3, 16], dice=[2]))
    assert e.value.code == "dice_missing"
    assert [n["label"] for n in e.value.extra["needed"]] == ["STR die (reroll)"]


def test_rule_aptitude_the_better_value_stands():
    req = dict(SKILL, attributes=[12, 12, 12], rating=2, aptitude=True,
               reroll={"rule": "aptitude", "dice": [2]})
    worse = api.resolve(dict(req, dice=[5, 15, 6, 18]))  # 18 is worse: the 15 stands
    assert worse["dice"] == [5, 15, 6] and worse["outcome"] == "failure"
    assert [d["kept"] for d in worse["rolls"]] == [True, True, True, False]
    better = api.resolve(dict(req, dice=[5, 15, 6, 9]))
    assert better["dice"] == [5, 9, 6] and better["outcome"] == "success"
    with pytest.raises(api.InvalidRequest) as e:
        api.resolve(dict(req, reroll={"rule": "aptitude", "dice": [1, 2]}, dice=[5, 15, 6, 9, 9]))
    assert e.value.field == "reroll.dice"


@pytest.mark.parametrize("dice,outcome", [
    pytest.param([16, 1, 4], "critical_success", id="rule-a-rerolled-1-calls-for-its-own-confirmation"),
    pytest.param([16, 1, 19], "success", id="rule-rerolled-1-not-confirmed"),
    pytest.param([16, 20, 20], "botch", id="rule-a-rerolled-20-can-botch"),
    pytest.param([20, 5, 7], "success", id="rule-ordinary-failure-after-a-20-may-be-rerolled"),
    # a 1 not confirmed (15): the die is rerolled, never the confirmation; the new 20 gets
    # its own confirmation (8 <= 11: no botch, an ordinary failure)
    pytest.param([1, 15, 20, 8], "failure", id="rule-the-confirmation-roll-is-never-rerolled"),
])
def test_rule_fate_point_attribute_reroll_with_entered_dice(dice, outcome):
    r = api.resolve(dict(ATTR, value=11, reroll={"rule": "fate_point", "dice": [1]}, dice=dice))
    assert r["outcome"] == outcome
    assert r["rolls"][0]["rerolled"] and r["rolls"][0]["kept"] is False


def test_rule_fate_point_a_botch_cannot_be_rerolled():
    with pytest.raises(api.InvalidRequest) as e:
        api.resolve(dict(SKILL, attributes=[12, 12, 12], rating=4,
                         reroll={"rule": "fate_point", "dice": [1]}, dice=[20, 20, 3, 5]))
    assert (e.value.field, e.value.message) == ("reroll", "a botch cannot be rerolled")
    with pytest.raises(api.InvalidRequest) as e:
        api.resolve(dict(ATTR, value=11, reroll={"rule": "fate_point", "dice": [1]}, dice=[20, 18, 5]))
    assert e.value.field == "reroll"
    # missing dice are asked for first: the page cannot tell a botch before it has the dice
    with pytest.raises(api.InvalidRequest) as e:
        api.resolve(dict(SKILL, attributes=[12, 12, 12], rating=4,
                         reroll={"rule": "fate_point", "dice": [1]}, dice=[20]))
    assert e.value.code == "dice_missing"


def test_rule_fate_point_seeded_reroll_keeps_its_first_throw():
    base = dict(SKILL, attributes=[12, 13, 11], rating=4, seed=99)
    plain = api.resolve(base)
    rerolled = api.resolve(dict(base, reroll={"rule": "fate_point", "dice": [2]}))
    assert plain["outcome"] not in ("botch", "spectacular_botch")  # seed 99: rerollable
    assert rerolled["first"]["dice"] == plain["dice"]
    assert api.resolve(dict(base, reroll={"rule": "fate_point", "dice": [2]})) == rerolled


def test_rule_fate_point_raises_a_success_by_one_ql_at_most_6():
    req = dict(SKILL, attributes=[12, 12, 12], rating=7, fate_point_ql=True)
    r = api.resolve(dict(req, dice=[5, 14, 13]))  # QL 2 (4 SP left)
    assert (r["quality_level"], r["quality_level_before"]) == (3, 2)
    assert "QL 3 (+1 from a fate point)" in r["line"]
    with pytest.raises(api.InvalidRequest) as e:
        api.resolve(dict(req, dice=[19, 19, 19]))
    assert e.value.field == "fate_point_ql"
    with pytest.raises(api.InvalidRequest) as e:
        api.resolve(dict(req, rating=20, dice=[1, 2, 3]))  # QL 6 already
    assert e.value.field == "fate_point_ql"


def test_rule_skill_single_20_at_eav_20_is_covered_and_the_steps_say_why():
    r = api.resolve(dict(SKILL, attributes=[20, 12, 12], rating=0, dice=[20, 5, 5]))
    assert r["outcome"] == "success"
    assert any("a single 20 is an ordinary value" in s for s in r["steps"])


# -- the card: advice, follow-ups, named skills ----------------------------------------

def test_card_offers_fate_point_rerolls_best_first_and_each_follow_up_resolves():
    req = dict(SKILL, skill="Climbing", attributes=[12, 13, 11], names=["COU", "AGI", "STR"], rating=4,
               characters={"": "Alrik"}, dice=[15, 3, 16])
    r = api.resolve(req)
    card = r["card"]
    assert card["title"] == "Skill check: Climbing (COU/AGI/STR)"
    assert r["line"] == "Alrik, Climbing (COU/AGI/STR): failure, 4 SP short"
    rerolls = [a for a in card["actions"] if a.get("group") == "Spend a fate point: reroll"]
    assert rerolls[0]["label"] == "Reroll STR 16" and rerolls[0]["best"]
    assert rerolls[0]["spend"] == {"counter": "FtP", "character": "Alrik", "amount": 1}
    assert rerolls[0]["new_dice"] == [{"sides": 20, "label": "STR die (reroll)"}]
    # every offered follow-up is a complete request: entered new dice resolve it
    for a in rerolls:
        follow = api.resolve(dict(a["request"], dice=[1] * len(a["new_dice"])))
        assert follow["first"]["dice"] == [15, 3, 16]
        assert follow["card"]["actions"] == []  # one fate point a throw
    table = card["tables"][0]
    assert [row["head"] for row in table["rows"]][:2] == ["Keep the throw", "Reroll STR 16"]


def test_card_offers_plus_one_ql_on_a_success_and_no_reroll_that_does_not_beat_keeping():
    req = dict(SKILL, attributes=[12, 12, 12], rating=7, aptitude=True, dice=[5, 14, 13])
    card = api.resolve(req)["card"]
    plus = [a for a in card["actions"] if a["request"].get("fate_point_ql")]
    assert len(plus) == 1 and plus[0]["new_dice"] == []
    assert api.resolve(plus[0]["request"])["quality_level"] == 3
    # a success at 100%: no reroll beats keeping it (all in the table, no button)
    assert [a for a in card["actions"] if a.get("group")] == []
    assert len(card["tables"]) == 2


def test_card_offers_aptitude_when_marked_and_a_fate_point_after_it():
    req = dict(SKILL, attributes=[12, 12, 12], rating=3, aptitude=True, dice=[5, 14, 16])  # 3 SP short
    card = api.resolve(req)["card"]
    apt = [a for a in card["actions"] if a.get("group") == "Aptitude: reroll one die"]
    assert apt and all(len(a["request"]["reroll"]["dice"]) == 1 for a in apt)
    assert "spend" not in apt[0]
    after = api.resolve(dict(apt[0]["request"], dice=[1]))  # aptitude spent
    assert after["reroll"]["rule"] == "aptitude"
    groups = {a.get("group") for a in after["card"]["actions"]}
    assert groups <= {"Spend a fate point: reroll", None} and after["card"]["tables"]
    # without Aptitude the rule is refused
    with pytest.raises(api.InvalidRequest) as e:
        api.resolve(dict(apt[0]["request"], aptitude=False, dice=[1]))
    assert e.value.field == "reroll.rule"


def test_card_of_a_botch_or_an_automatic_failure_offers_nothing():
    botch = api.resolve(dict(SKILL, attributes=[12, 12, 12], rating=7, dice=[20, 20, 3]))
    assert botch["card"]["actions"] == [] and botch["card"]["tables"] == []
    auto = api.resolve(dict(SKILL, attributes=[0, 12, 12], rating=7))
    assert auto["card"]["actions"] == []


def test_odds_and_history_line_name_the_skill():
    odds = api.odds(dict(SKILL, skill="Climbing", attributes=[12, 13, 11], names=["COU", "AGI", "STR"], rating=4))
    assert odds["display"]["title"] == "Climbing (COU/AGI/STR): chance of each outcome"


def test_catalog_hides_follow_up_params_from_the_form_and_the_sheet_has_fate_points():
    entry = api.catalog()["systems"]["dark_eye"]
    params = {p["name"]: p for p in entry["checks"]["skill"]["params"]}
    assert params["reroll"]["form"] is False and params["first_throw"]["form"] is False
    assert params["first_throw"]["stored"] is False and "stored" not in params["reroll"]
    assert params["fate_point_ql"]["form"] is False and "form" not in params["aptitude"]
    ftp = next(n for n in entry["sheet"]["numbers"] if n["key"] == "FtP")
    assert ftp["counter"] and ftp["optional"]
    skills = entry["sheet"]["tables"][0]
    assert any(c["key"] == "aptitude" and c["type"] == "bool" for c in skills["columns"])


def test_fill_puts_the_skill_name_and_aptitude_into_the_form():
    character = {"name": "Alrik", "sheet": {"numbers": {"COU": 12, "AGI": 13, "STR": 11},
                 "tables": {"skills": [{"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR",
                                        "rating": 4, "aptitude": True}]}}}
    params = [p["name"] for p in api.catalog()["systems"]["dark_eye"]["checks"]["skill"]["params"]]
    options = api.fill({"system": "dark_eye", "character": character, "params": params})["options"]
    climbing = next(o for o in options if o["what"] == "Climbing")
    assert climbing["values"]["skill"] == "Climbing" and climbing["values"]["aptitude"] is True
