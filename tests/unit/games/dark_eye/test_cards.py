"""The Dark Eye's sentences: the steps and summaries of the checks."""

import pytest

from dark_eye_brute import cum, hero, resolve


# -- wording -------------------------------------------------------------------
def test_wording_arithmetic_has_spaces_around_the_sign():
    assert resolve("attribute", value=3, modifier=-3)["steps"][0] == "EAV = 3 - 3 = 0."
    assert resolve("attribute", value=3, modifier=2, dice=[4])["steps"][0] == "EAV = 3 + 2 = 5."
    r = resolve("skill", attributes=[12, 13, 14], rating=4, modifier=-2, dice=[5, 5, 5])
    assert "EAVs 12 - 2 = 10, 13 - 2 = 11, 14 - 2 = 12." in r["steps"]
    r = resolve("skill", attributes=[12, 13, 14], rating=4, modifier=1, attempt=3,
                names=["COU", "SGC", "INT"], dice=[5, 5, 5])
    assert "EAVs COU 12 + 1 - 2 = 11, SGC 13 + 1 - 2 = 12, INT 14 + 1 - 2 = 13." in r["steps"]
    assert "Attempt 3: a retry penalty of -2 on top of the modifier +1." in r["steps"]
    r = resolve("skill", attributes=[12, 13, 14], rating=4, attempt=2, dice=[5, 5, 5])
    assert r["steps"][:2] == ["Attempt 2: a retry penalty of -1.", "EAVs 12 - 1 = 11, 13 - 1 = 12, 14 - 1 = 13."]


def test_wording_eav_below_1_names_the_attribute_with_a_colon():
    r = resolve("skill", attributes=[1, 12, 12], rating=4, modifier=-1, dice=[])
    assert ("EAV below 1 (attribute 1: 0): the check fails automatically; no dice are rolled."
            in r["steps"])


@pytest.mark.parametrize("dice, step", [
    pytest.param([20, 13], "Confirmation roll 13 > EAV 12: the botch is confirmed.",
                 id="rule botch confirmed by a failed confirmation roll"),
    pytest.param([20, 20], "Confirmation roll 20: another 20 confirms the botch.",
                 id="rule another 20 confirms the botch"),
    pytest.param([20, 12], "Confirmation roll 12 <= EAV 12: no botch, an ordinary failure.",
                 id="rule passed confirmation: just a failure"),
    pytest.param([1, 12], "Confirmation roll 12 <= EAV 12: confirmed, a critical success.",
                 id="rule confirmed critical"),
    pytest.param([1, 13], "Confirmation roll 13 > EAV 12: not confirmed, an ordinary success.",
                 id="rule unconfirmed critical"),
])
def test_wording_confirmation_rolls(dice, step):
    assert resolve("attribute", value=12, dice=dice)["steps"][-1] == step


def test_wording_cumulative_early_stop_says_why_and_how_many_checks_are_unused():
    r = cum([20, 5, 5], attributes=[1, 12, 12], rating=5, max_checks=5)
    assert ("With the penalty -1 an EAV is below 1 (attribute 1: 0): no further check can "
            "succeed; stopping with 4 checks unused.") in r["steps"]
    assert not any("used up" in s for s in r["steps"])
    assert r["summary"] == "Failure: 0 of 10 QL collected."


def test_wording_no_penalty_for_a_next_check_after_the_last_one():
    r = cum([13, 5, 5, 13, 5, 5], rating=0, max_checks=2)
    assert "Check 1: no QL; penalty for the next check now -1." in r["steps"]
    assert "Check 2: no QL." in r["steps"]
    assert not any("-2" in s for s in r["steps"])


def test_wording_cumulative_and_group_steps_show_the_modifier_and_penalty():
    r = cum([13, 13, 13, 5, 5, 5], attributes=[12, 13, 14], rating=0, modifier=-2, max_checks=2)
    assert "Check 1: EAVs 12 - 2 = 10, 13 - 2 = 11, 14 - 2 = 12. SR 0." in r["steps"]
    assert "Check 2 (penalty -1): EAVs 12 - 2 - 1 = 9, 13 - 2 - 1 = 10, 14 - 2 - 1 = 11. SR 0." \
        in r["steps"]
    g = resolve("group", members=[hero(0, (12, 13, 14), modifier=-2, name="Alrik")], max_rounds=1,
                dice=[5, 5, 5])
    assert "Round 1, Alrik: EAVs 12 - 2 = 10, 13 - 2 = 11, 14 - 2 = 12. SR 0." in g["steps"]


@pytest.mark.parametrize("dice, rating, summary", [
    pytest.param([5, 5, 5] * 2, 6, "Failure: 4 of 10 QL collected.", id="cumulative failure"),
    pytest.param([5, 5, 5] * 2, 9,
                 "Partial success: 6 of 10 QL collected (6 needed for a partial success).",
                 id="cumulative partial success"),
])
def test_wording_cumulative_summaries(dice, rating, summary):
    r = cum(dice, rating=rating, max_checks=2)
    assert r["summary"] == summary
    assert r["steps"][-1].startswith(f"All 2 checks made with {r['total_quality']} of 10 QL collected: ")


# -- the rules' names of the dice, in words (cards.die_label) ------------------------
def _labels():
    """Every label the rules give a die in every check and its follow-ups."""
    from tablecheck import api
    from every_check import REQUESTS
    found = set()
    for req in (r for r in REQUESTS if r["system"] == "dark_eye"):
        named = {"names": ["COU", "AGI", "STR"]} if req["check"] in ("skill", "cumulative") else {"name": "COU"}
        for extra in ({}, named if req["check"] in ("skill", "cumulative", "attribute") else {}):
            for seed in range(1, 9):
                out = api.resolve(dict(req, seed=seed, **extra))
                found |= {r["label"] for r in out["rolls"]}
                for action in out["card"]["actions"]:
                    found |= {r["label"] for r in api.resolve(dict(action["request"], seed=seed))["rolls"]}
    return found


def test_die_labels_stay_as_the_rules_write_them_in_english():
    from tablecheck.games.dark_eye.cards import die_label
    labels = _labels()
    assert {"confirmation", "COU die (reroll)", "d20 (fate point)", "round 2, hero 1, attribute 3 die",
            "check 1, Woodworking, attribute 1 die", "B, hero 1: attribute 2 die", "A: attribute 1 die"} <= labels
    assert [die_label(label) for label in sorted(labels)] == sorted(labels)


@pytest.mark.parametrize("label,german", [
    ("COU die", "MU-Würfel"), ("attribute 2 die (reroll)", "Eigenschaft 2-Würfel (neu gewürfelt)"),
    ("AGI die (fate point)", "GE-Würfel (Schicksalspunkt)"), ("d20 (fate point)", "d20 (Schicksalspunkt)"),
    ("confirmation", "Bestätigungswurf"), ("A: STR die", "A: KK-Würfel"),
    ("B, hero 2: attribute 1 die", "B, Held 2: Eigenschaft 1-Würfel"),
    ("B, Alrik: COU die", "B, Alrik: MU-Würfel"), ("check 3, COU die", "Probe 3, MU-Würfel"),
    ("check 2, Climbing, attribute 3 die", "Probe 2, Klettern, Eigenschaft 3-Würfel"),
    ("round 1, Alrik, DEX die", "Runde 1, Alrik, FF-Würfel"), ("round 4, hero 3, SGC die", "Runde 4, Held 3, KL-Würfel"),
    ("Mut die", "Mut-Würfel"), ("d20", "d20"),
])
def test_die_labels_in_german(label, german):
    from tablecheck.games.dark_eye.cards import die_label
    from tablecheck.games.dark_eye.cards_words import DE
    assert die_label(label, DE) == german
