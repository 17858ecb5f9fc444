"""Freedom Fantasies skill checks (games/freedom_fantasies/skill.py): the
seed's worked example, forced dice for every label, exact odds against an
independent brute force."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import COUNTS, SKILL_LABELS, brute, brute_skill_label, exact, full, odds, resolve


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


def test_skill_steps_show_the_arithmetic():
    r = resolve("skill", ability="fight", bonus=3, other_bonus=2, dc=10, dice=[9])
    assert "Result = d20 9 + FIGHT 3 + other bonuses 2 = 14." in r["steps"]
    assert r["summary"].startswith("Result 14 against DC 10 (Challenging): partial success")
    assert r["rolls"][0]["label"] == "d20" and r["rolls"][0]["result"] == 14


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


@settings(max_examples=60, deadline=None)
@given(bonus=st.integers(-5, 12), dc=st.integers(0, 35), adv=st.integers(0, 4),
       dis=st.integers(0, 4), gm=st.booleans(), seed=st.integers(0, 10**6))
def test_property_resolved_outcome_has_positive_odds(bonus, dc, adv, dis, gm, seed):
    params = dict(bonus=bonus, dc=dc, advantages=adv, disadvantages=dis, gm=gm)
    r = resolve("skill", seed=seed, **params)
    assert Fraction(odds("skill", **params)["exact"][r["outcome"]]) > 0
    assert len(r["rolls"]) == 1 + abs(adv - dis)
    assert r["outcome"] == brute_skill_label(r["kept"], r["kept"] + bonus, dc, gm)
