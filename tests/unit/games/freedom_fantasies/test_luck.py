"""Freedom Fantasies luck checks (games/freedom_fantasies/luck.py):
favourability, Lucky and its reroll policy, forced dice and exact odds
against brute force."""

from fractions import Fraction

import pytest

from tablecheck.errors import InvalidRequest
from tablecheck.params import validate
import tablecheck.games.freedom_fantasies as ff
from tablecheck.games.freedom_fantasies.luck import luck_odds

from .helpers import LUCK_LABELS, TARGET, bad, brute_luck, exact, full, kept_counts, odds, resolve


def test_luck_rule_lucky_cannot_influence_other_checks():
    bad("skill", "lucky", bonus=0, dc=10, lucky=True)
    bad("effect", "lucky", bonus=0, dc=10, lucky=True)
    bad("attack", "lucky_reroll", bonus=0, target=TARGET, lucky_reroll=True)


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
    exact_out = luck_odds(validate(ff.LUCK_PARAMS, request))
    counts, total = kept_counts(adv, 0)
    assert exact_out["kept_die"] == {f: Fraction(counts[f], total) for f in range(1, 21)}


def test_luck_odds_reroll_chance_with_a_dc_is_the_chance_to_fail():
    out = luck_odds(validate(ff.LUCK_PARAMS, {"dc": 10, "lucky_reroll": True}))
    assert out["reroll_chance"] == Fraction(9, 20)
    out = luck_odds(validate(ff.LUCK_PARAMS, {"dc": 10, "lucky_reroll": True,
                                                 "advantages": 1}))
    assert out["reroll_chance"] == Fraction(81, 400)


def test_luck_lucky_toggle_odds_equal_one_advantage():
    assert exact("luck", dc=10, lucky=True) == exact("luck", dc=10, advantages=1)


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
