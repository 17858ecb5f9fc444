"""tablecheck.systems.dice_roller: the generic roller `dice`/`roll` (issue 3;
api.md `dice`/`roll`). Entered dice against the notation's rules, exact odds
against brute force, and hypothesis properties over arbitrary text."""

import json
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablecheck import api
from tablecheck.dice import EnteredSource, SeededSource, Tray
from tablecheck.dice import notation
from tablecheck.errors import InvalidRequest
from tablecheck.systems import dice_roller


def roll(expression, dice):
    """Resolve with entered dice the way the API does: returns (result, tray)."""
    source = EnteredSource(dice)
    tray = Tray(source)
    result = dice_roller.resolve({"expression": expression}, tray)
    source.finish()
    return result, tray


def kept(tray):
    return [d.kept for d in tray.dice]


# -- entered dice against the notation's rules ------------------------------------
@pytest.mark.parametrize("expression, dice, total, kept_flags", [
    pytest.param("3d6+2", [1, 4, 6], 13, [True] * 3, id="notation NdX+M adds"),
    pytest.param("2D6-2", [3, 5], 6, [True] * 2, id="notation NdX-M subtracts"),
    pytest.param("4d6kh3", [2, 5, 6, 1], 13, [True, True, True, False], id="notation kh keeps highest"),
    pytest.param("4d6kh3", [3, 3, 3, 3], 9, [True, True, True, False], id="keep ties go to the earlier die"),
    pytest.param("2d20kl1", [15, 4], 4, [False, True], id="notation kl keeps lowest"),
    pytest.param("4d6dl1", [2, 5, 6, 1], 13, [True, True, True, False], id="notation dl drops lowest"),
    pytest.param("4d6dh1", [6, 2, 6, 3], 11, [True, True, False, True], id="notation dh drops highest"),
    pytest.param("d%", [0], 100, [True], id="rules d10 face 0 reads 10 on d%"),
    pytest.param("1d10+1d4-1", [0, 3], 12, [True, True], id="notation several terms and d10 zero"),
    pytest.param("-1d4+5", [3], 2, [True], id="notation leading minus"),
    pytest.param("2d6-1d6", [6, 6, 5], 7, [True] * 3, id="notation subtracted dice"),
    pytest.param("1d1", [1], 1, [True], id="notation d1 unexploded"),
])
def test_entered_dice_give_the_rules_total(expression, dice, total, kept_flags):
    result, tray = roll(expression, dice)
    assert result["total"] == total
    assert kept(tray) == kept_flags
    assert result["outcome"] == "rolled" and result["success"] is True
    assert result["min"] <= total <= result["max"]


def test_exploding_die_rolls_again_on_its_maximum_and_adds():
    # Pools: a die showing its maximum rolls again and adds, each die on its own, no cap
    result, tray = roll("2d8!", [8, 8, 3, 5])
    assert result["total"] == 8 + 8 + 3 + 5
    assert [(d.value, d.exploded, d.chain) for d in tray.dice] == [
        (8, True, 0), (8, True, 0), (3, False, 0), (5, False, 1)]
    assert [d.label for d in tray.dice] == [
        "d8 1", "explosion of d8 1", "explosion of d8 1", "d8 2"]
    assert result["terms"][0]["values"] == [19, 5]
    assert "2d8!: 8 -> 8 -> 3 = 19, 5; 19 + 5 = 24" in result["steps"]


def test_keep_with_explosions_keeps_or_drops_whole_chains():
    result, tray = roll("4d6!kh3", [6, 6, 1, 2, 3, 4])
    assert result["total"] == 13 + 4 + 3
    assert kept(tray) == [True, True, True, False, True, True]
    assert result["terms"][0]["kept"] == [True, False, True, True]
    assert result["max"] is None


def test_explosion_of_a_kept_lowest_die():
    result, _ = roll("2d4!kl1", [4, 1, 3])
    assert result["total"] == 3  # 4 -> 1 = 5 against 3


def test_entered_dice_too_few_ask_for_the_explosion_and_the_next_die():
    with pytest.raises(InvalidRequest) as err:
        roll("2d8!", [8])
    assert err.value.field == "dice"
    assert err.value.extra["needed"] == [
        {"sides": 8, "label": "explosion of d8 1"}, {"sides": 8, "label": "d8 2"}]


def test_entered_dice_labels_name_the_term_when_several():
    with pytest.raises(InvalidRequest) as err:
        roll("1d10+2d4", [])
    assert [n["label"] for n in err.value.extra["needed"]] == [
        "d10 of 1d10", "d4 1 of 2d4", "d4 2 of 2d4"]


def test_entered_dice_too_many_and_bad_face():
    with pytest.raises(InvalidRequest, match="1 die too many"):
        roll("2d6", [1, 2, 3])
    with pytest.raises(InvalidRequest, match="a d4 has faces 1-4") as err:
        roll("1d6+1d4", [6, 5])
    assert err.value.field == "dice[1]"


def test_summary_and_steps_explain_the_arithmetic():
    result, _ = roll("4d6kh3 + 1d4 - 2", [2, 5, 6, 1, 3])
    assert result["summary"] == "4d6kh3 + 1d4 - 2 = 14"
    assert result["steps"] == [
        "4d6kh3: 2, 5, 6, 1 (dropped); 2 + 5 + 6 = 13",
        "1d4: 3",
        "Total: 13 + 3 - 2 = 14",
    ]
    assert result["terms"][1] == {"term": "1d4", "sign": "+", "values": [3], "kept": [True], "total": 3}


@pytest.mark.parametrize("expression, dice, steps", [
    pytest.param("3d6-0", [3, 3, 4], ["3d6: 3 + 3 + 4 = 10", "Total: 10 - 0 = 10"],
                 id="notation minus modifier keeps its sign even at 0"),
    pytest.param("-2d6kh1", [3, 5], ["2d6kh1: 3 (dropped), 5; kept 5; negated: -5"],
                 id="notation leading minus shows the negation"),
    pytest.param("-1d4", [3], ["1d4: 3; negated: -3"], id="notation leading minus one die"),
    pytest.param("2d6!", [6, 6, 6, 1, 6, 2], ["2d6!: 6 -> 6 -> 6 -> 1 = 19, 6 -> 2 = 8; 19 + 8 = 27"],
                 id="pools explosion chains apart from the sum"),
    pytest.param("2d6!kh1", [6, 2, 3], ["2d6kh1!: 6 -> 2 = 8, 3 (dropped); kept 8"],
                 id="notation kh1 of exploding dice"),
    pytest.param("3d6", [1, 4, 6], ["3d6: 1 + 4 + 6 = 11"], id="notation NdX plain sum"),
    pytest.param("-2d6+3", [1, 2], ["2d6: 1 + 2 = 3", "Total: -3 + 3 = 0"],
                 id="notation leading minus in the total"),
    pytest.param("2d6-1d6", [6, 6, 5], ["2d6: 6 + 6 = 12", "1d6: 5", "Total: 12 - 5 = 7"],
                 id="notation subtracted dice in the total"),
])
def test_steps_wording_keeps_signs_and_arrows_apart(expression, dice, steps):
    result, _ = roll(expression, dice)
    assert result["steps"] == steps


def test_bad_expression_is_refused_before_any_die():
    source = EnteredSource([])
    with pytest.raises(InvalidRequest) as err:
        dice_roller.resolve({"expression": "4d6kh5"}, Tray(source))
    assert "at position 6" in err.value.message
    assert source.missing == []


# -- exact odds ---------------------------------------------------------------------
def brute(expression_dice, constant=0, keep=None):
    """Brute-force distribution of sum(sign*face) (+ keep-highest k on one pool)."""
    counts = Counter()
    den = 1
    for _, s in expression_dice:
        den *= s
    for faces in product(*[range(1, s + 1) for _, s in expression_dice]):
        if keep:
            total = sum(sorted(faces, reverse=True)[:keep])
        else:
            total = sum(sign * f for (sign, _), f in zip(expression_dice, faces))
        counts[total + constant] += 1
    return {t: Fraction(c, den) for t, c in counts.items()}


def test_odds_return_the_whole_distribution():
    out = dice_roller.odds({"expression": "3d6+2"})
    assert out["outcomes"] == {"rolled": 1}
    assert out["distribution"] == brute([(1, 6)] * 3, 2)
    assert out["tail"] == 0
    assert (out["min"], out["max"], out["mean"]) == (5, 20, Fraction(25, 2))


def test_odds_of_keep_highest_equal_brute_force():
    out = dice_roller.odds({"expression": "4d6kh3"})
    assert out["distribution"] == brute([(1, 6)] * 4, keep=3)


def test_odds_of_exploding_report_the_tail():
    out = dice_roller.odds({"expression": "2d20!"})
    assert 0 < out["tail"] < Fraction(1, 10**12)
    assert sum(out["distribution"].values()) + out["tail"] == 1

    def one(t):  # one exploding d20: k twenties then r < 20, P = 20^-(k+1)
        k, r = divmod(t, 20)
        return Fraction(0) if r == 0 else Fraction(1, 20 ** (k + 1))

    for t in range(2, 80):
        assert out["distribution"].get(t, 0) == sum(one(a) * one(t - a) for a in range(1, t)), t
    assert out["distribution"][22] == Fraction(17, 400) + 2 * Fraction(1, 20) * Fraction(1, 400)
    assert out["max"] is None


def test_api_catalog_resolve_and_odds_for_dice_roll():
    cat = api.catalog()["systems"]["dice"]["checks"]["roll"]
    assert [p["name"] for p in cat["params"]] == ["expression"]
    assert cat["params"][0]["required"] is True
    res = api.resolve({"system": "dice", "check": "roll", "expression": "2d8!", "dice": [8, 3, 5]})
    assert res["total"] == 16 and res["source"] == "entered"
    assert [r["value"] for r in res["rolls"]] == [8, 3, 5]
    assert res["rolls"][0]["exploded"] is True
    odds = api.odds({"system": "dice", "check": "roll", "expression": "1d4+1d6-2"})
    json.dumps(odds)
    assert odds["outcomes"] == {"rolled": 1.0}
    expected = brute([(1, 4), (1, 6)], -2)
    assert odds["distribution"] == {str(k): float(v) for k, v in expected.items()}
    assert odds["tail"] == 0.0


def test_api_errors_name_expression_with_position():
    with pytest.raises(InvalidRequest) as err:
        api.resolve({"system": "dice", "check": "roll", "expression": "2d6 + d1!"})
    assert err.value.field == "expression"
    assert "at position 9: expected" in err.value.message
    with pytest.raises(InvalidRequest) as err:
        api.odds({"system": "dice", "check": "roll", "expression": "1d6+" * 60})
    assert "at position 201" in err.value.message


# -- properties ------------------------------------------------------------------
ALPHABET = "0123456789dD%+-khlKHL! x"

# well-formed expressions, mostly small, sometimes at the limits
count = st.one_of(st.integers(1, 6), st.integers(1, 1000))
sides = st.one_of(st.sampled_from([2, 4, 6, 8, 10, 12, 20, 100]), st.integers(1, 1000))


@st.composite
def dice_term(draw):
    n, s = draw(count), draw(sides)
    text = ("" if n == 1 and draw(st.booleans()) else str(n)) + "d" + str(s)
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
        text += kind + str(draw(st.integers(0, n + 1)))
    if s >= 2 and draw(st.integers(0, 3)) == 0:
        text += "!"
    return text


@st.composite
def expression(draw):
    terms = [draw(dice_term())]
    for _ in range(draw(st.integers(0, 3))):
        sign = draw(st.sampled_from(["+", "-", " + ", " - "]))
        terms.append(sign + (draw(dice_term()) if draw(st.booleans())
                             else str(draw(st.integers(0, 50)))))
    return "".join(terms)


any_text = st.one_of(st.text(max_size=40), st.text(ALPHABET, max_size=30), expression())

PROPERTY = settings(max_examples=300, deadline=5000, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(any_text, st.integers(0, 2**32))
def test_property_any_text_rolls_or_is_refused(text, seed):
    # issue 3: any string gives a result or InvalidRequest, never another
    # exception; results lie within the expression's min/max
    try:
        result = dice_roller.resolve({"expression": text}, Tray(SeededSource(seed)))
    except InvalidRequest as err:
        assert err.field == "expression"
        assert "at position " in err.message and ": expected " in err.message
        return
    low, high = result["min"], result["max"]
    assert low is None or low <= result["total"]
    assert high is None or result["total"] <= high
    json.dumps(result)


@settings(PROPERTY, max_examples=120)
@given(any_text)
def test_property_any_text_has_odds_or_is_refused_in_bounded_work(text):
    # bounded time: exact odds are refused when their estimated work is too big
    try:
        expr = notation.parse(text)
        notation.odds_work(expr)
    except InvalidRequest as err:
        assert err.field == "expression" and "at position " in err.message
        return
    out = dice_roller.odds({"expression": text})
    dist = out["distribution"]
    assert sum(dist.values()) + out["tail"] == 1
    assert out["tail"] < Fraction(1, 10**12)
    if out["min"] is not None:
        assert min(dist) == out["min"]
    if out["max"] is not None:
        assert max(dist) == out["max"]


@settings(max_examples=60, deadline=5000, derandomize=True)
@given(expression(), st.integers(0, 2**32))
def test_property_rolled_total_is_a_possible_outcome(text, seed):
    try:
        expr = notation.parse(text)
        notation.odds_work(expr)
    except InvalidRequest:
        return
    total = dice_roller.resolve({"expression": text}, Tray(SeededSource(seed)))["total"]
    dist = notation.distribution(expr)
    assert dist.prob(total) > 0 or dist.tail() > 0


@settings(max_examples=150, deadline=5000, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(expression(), st.text(ALPHABET, max_size=20)),
       st.lists(st.one_of(st.integers(-2, 1001), st.floats(allow_nan=True), st.text(max_size=2)),
                max_size=12))
def test_property_entered_dice_roll_or_say_what_is_wrong(text, dice):
    # entered dice: any list gives a result or InvalidRequest naming dice /
    # dice[i] / expression; a result used every die it was given
    request = {"system": "dice", "check": "roll", "expression": text, "dice": dice}
    try:
        result = api.resolve(request)
    except InvalidRequest as err:
        assert err.field in ("expression", "dice") or err.field.startswith("dice[")
        return
    assert len(result["rolls"]) == len(dice)
    assert [r["value"] for r in result["rolls"]] == [
        (r["sides"] if d == 0 else d) for r, d in zip(result["rolls"], dice)]
