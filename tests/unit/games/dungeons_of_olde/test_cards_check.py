"""Dungeons of Olde check roll, scaling and effect cards (games/dungeons_of_olde/cards_check.py):
cards and history lines from forced dice, odds views, the effect roll's words (what every
odds view shares: test_cards_odds.py)."""

import pytest

from .helpers import assert_people_text, facts, roll


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


def test_check_card_key_facts_choice_and_line():
    r = roll("check", [7, 6], stat=8, cr="hard", characters={"": "Ann"},
             labels={"": "Forage"})
    c = r["card"]
    assert c["title"] == "Check roll: Forage" and c["subject"] == "Ann"
    assert c["headline"] == {"label": "Success (1 rank)", "tone": "good"}
    assert c["key"] == {"label": "Total", "value": "13", "key": "total"}
    assert facts(r) == {"margin": "+1", "ranks": "1 of success", "cr": "12 (Hard)"}
    assert c["choices"] == [{"label": "The rules suggest",
                             "text": "Task succeeds, and any consumable materials are spent."}]
    assert c["notes"] == [] and c["groups"] == []
    assert r["line"] == "Ann, Forage: Success (1 rank), total 13 vs CR 12"
    assert_people_text(r)


def test_rule_margin_zero_is_written_without_a_sign():
    r = roll("check", [6, 6], stat=8, cr=12)
    assert facts(r)["margin"] == "0"
    assert r["card"]["headline"]["label"] == "Success (1 rank)"


@pytest.mark.parametrize("dice, label, simple", [
    pytest.param([4, 4], "Decisive Failure (2 ranks)", "failure", id="rule_crit_off_decisive"),
    pytest.param([1, 2], "Catastrophic Failure (4 ranks)", "failure",
                 id="rule_crit_off_catastrophic"),
    pytest.param([8, 8, 2, 2], "Critical Success (3 ranks)", "success",
                 id="rule_crit_off_critical_success"),
])
def test_rule_critical_outcomes_off_one_headline_and_a_note(dice, label, simple):
    # rules.md: the headline still names the category and its ranks; a note
    # says only the simple success or failure applies; never two headlines
    r = roll("check", dice, stat=8, cr="hard")
    c = r["card"]
    assert c["headline"] == {"label": label, "tone": "good" if simple == "success" else "bad"}
    assert c["notes"] == [f"Critical outcomes are not applied: this counts as a simple {simple}."]
    assert "character_points" not in facts(r)
    assert c["choices"][0]["text"].startswith("Task succeeds" if simple == "success"
                                              else "Task fails")
    assert r["line"].startswith(f"Check roll: {label}, total ")


@pytest.mark.parametrize("dice, label, tone, points", [
    pytest.param([1, 2], "Catastrophic Failure (4 ranks)", "awful", "2",
                 id="rule_crit_on_catastrophic_awful"),
    pytest.param([8, 8, 2, 2], "Critical Success (3 ranks)", "great", "1",
                 id="rule_crit_on_critical_great"),
    pytest.param([4, 4], "Decisive Failure (2 ranks)", "bad", "0",
                 id="rule_crit_on_decisive_bad"),
])
def test_rule_critical_outcomes_on_tones_and_character_points(dice, label, tone, points):
    r = roll("check", dice, stat=8, cr="hard", critical_outcomes=True)
    assert r["card"]["headline"] == {"label": label, "tone": tone}
    assert facts(r)["character_points"] == points
    assert not any("not applied" in n for n in r["card"]["notes"])


def test_rule_explosion_chain_captions():
    r = roll("check", [8, 8, 2, 2], stat=8, cr="hard")
    assert r["card"]["key"]["value"] == "20"  # 8 -> 8 -> 2 = 18, + 2
    dice = r["card"]["dice"]
    assert [d["label"] for d in dice] == ["stat die 1", "stat die 1, explosion 1",
                                          "stat die 1, explosion 2", "stat die 2"]
    assert [d["notes"] for d in dice] == [["explodes"], ["explodes"], [], []]
    assert [x.get("exploded", False) for x in r["rolls"]] == [True, True, False, False]


def test_rule_trivial_automatic_success_card():
    r = roll("check", stat=8, cr="trivial")
    c = r["card"]
    assert c["headline"] == {"label": "Automatic Success (Trivial, no roll)", "tone": "good"}
    assert c["key"] is None and c["dice"] == [] and r["rolls"] == []
    assert facts(r) == {"cr": "3 (Trivial)"}
    assert r["line"] == "Check roll: automatic success, CR 3 (Trivial)"


def test_rule_trivial_rolled_anyway_and_rank_clamped_notes():
    r = roll("check", [1, 1], stat=4, modification=-3, cr=3, roll_trivial=True)
    assert facts(r)["die"] == "d2"
    assert r["card"]["notes"] == [
        "The modification would take the die below d2; rolling d2.",
        "A Trivial challenge, rolled anyway: the GM asked for a roll."]


@pytest.mark.parametrize("dice, per_rank, key", [
    pytest.param([4, 5], 3, "6 arrows", id="rule_scaling_2_ranks_x_3"),
    pytest.param([8, 4, 5], 3, "12 arrows", id="rule_scaling_4_ranks_x_3"),
    pytest.param([4, 4], 1, "1 arrow", id="rule_scaling_singular_for_1"),
    pytest.param([1, 1], 3, "0 arrows", id="rule_scaling_nothing_on_failure"),
])
def test_rule_scaling_yield_is_the_key(dice, per_rank, key):
    r = roll("scaling", dice, stat=8, cr=6, per_rank=per_rank, unit="arrows")
    c = r["card"]
    assert c["key"] == {"label": "Yield", "value": key, "key": "yield"}
    assert r["line"].endswith(f"yield {key}")
    assert facts(r)["total"] == str(sum(dice))
    assert ("Nothing is yielded on a failure." in c["notes"]) == (key == "0 arrows")


def test_effect_card():
    r = roll("effect", [6, 2, 3, 4], stat=6, count=3)
    c = r["card"]
    assert c["headline"] == {"label": "Rolled", "tone": "neutral"}
    assert c["key"]["value"] == "15" and facts(r) == {"die": "3d6!"}
    assert [d["notes"] for d in c["dice"]] == [["explodes"], [], [], []]
    assert r["line"] == "Effect roll: 3d6! = 15"
