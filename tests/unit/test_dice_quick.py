"""The generic roller's quick path (issue 14, performance): `api.resolve`
of a dice expression gives the same answer as before it (a golden file
written by the code before the quick path) and as the reference path (the
Roller, RollResult.to_dict and roll_card, kept), and its caches carry
nothing from one request to the next."""

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablecheck import api
from test_dice_roller import expression as any_expression

GOLDEN = Path(__file__).parent / "data" / "dice_resolve_golden.json"


def _generator():
    """tests/unit/data/make_dice_resolve_golden.py: its expressions and faces_of."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_dice_resolve_golden",
                                                  GOLDEN.parent / "make_dice_resolve_golden.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GENERATOR = _generator()


NEWER = ("replay", "drawn")  # keys added since the golden file (tests/unit/test_paths.py)


def answer(request, **kw):
    try:
        result = api.resolve(request, **kw)
        for key in NEWER:
            result.pop(key, None)
        return {"result": result}
    except api.InvalidRequest as e:
        return {"error": e.to_dict()}


def golden_cases():
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("case", golden_cases(),
                         ids=lambda c: f"{c['request']['expression']} "
                                       f"{'seed' if 'seed' in c['request'] else 'dice'}")
def test_resolve_answers_as_before_the_quick_path(case):
    expected = {k: v for k, v in case.items() if k != "request"}
    assert answer(case["request"]) == expected


# -- the quick path against the reference path ----------------------------------
# Every expression of the golden file, and more shapes: each modifier, several
# terms, labels, groups, arithmetic, the 1000-roll cap.
MORE = [
    "1d6+1d6+1d6+1d6", "2d6-1d4+3-1", "-2d6+10", "3-1d6", "1d6*1d6-2", "(1d6)", "((2d6))+1",
    "4d6!!kh3", "3d6!p kh2", "5d10!>=9kl2", "4d6!>5", "2d10!!>=9", "6d6r<3kh4", "4d6ro>=5",
    "6d10>=8f<2", "5d6>4", "10d10>=7!", "3d6!>=6r1", "4d6min3max5kh3", "2dF.1+1d6",
    "4dF>=1", "4d6cs>=5cf<2kh3", "3d20cs20", "6d6sd>=4", "5d6!sa", "4d6!!sd", "3d6r1sa",
    "{1d20+5, 1d20+5}kl1", "{2d6!, 1d8, 1d10}kh2", "{3d6, 3d6, 3d6}dl1", "{1d6, 1d6}>=4f1",
    "{4d6kh3, 4d6kh3}s", "1d6 + {1d4, 1d4}kh1", "2 * {1d6, 1d8}kh1", "{1d6/2, 1d4}kh1",
    "{1d6, 3}kh1", "floor(1d20/3) + ceil(1d6/2)", "round(3d6/4)", "max(2d6, 1d12) - min(1d4, 1d4)",
    "abs(1d6 - 1d6)", "1d10 % 3", "2 ^ 1d4 + 1", "1d4 ^ 2", "(2d6+3)*2 # doubled",
    "1d20[attack] + 5[bonus]", "2d6[fire] + 1d6[cold] // mixed", "4d6u + 1", "1d2!", "d%+d%",
    "2d6r<3", "1d6r", "10-2d6r<2", "-1d4ro", "(2d6r<2)*2", "5d2r1", "1d1000r<1000",
    "20d6", "1000d6", "7d10!>=8kh3", "2d6!kh2", "3dF!kh3", "2d6!dl0",
    # issue 25 (notation.md as it now reads): !!=4, keep/drop past the pool,
    # several keeps, joined rerolls, rounding, no dice, the 100,000-dice cap
    "2d6!!=4", "3d6!!!=4", "3d6!kh4", "2d6!d2", "4d6kh5", "2d6dl2+1", "4d10dh1dl2",
    "3d6kh2dl1", "6d6!kh4dl1dh1", "5d6kl4kh2", "4d6>=4kh3dl1", "{1d6, 1d8, 1d10}kh2dl1",
    "{2d6}dl2+3", "{4d6+2d8}kh7", "2d8r1r3", "4d6ro1r<3", "2d6rr6", "3d6ro1ro6kh2",
    "2d6!r1r2", "4d6r1r2sd", "round(1d6/2-4)", "round(3d6/-4)", "4+8", "floor(7/2)",
    "round(-5/2)", "{3, 4}kh1", "2d6!>1+1", "1d100r<99r100",
]


def expressions():
    return list(dict.fromkeys(GENERATOR.EXPRESSIONS + MORE))


def resolve_both(request):
    quick, reference = answer(request), answer(request, quick=False)
    return quick, reference


NAMES = [{}, {"labels": {"": "Fireball"}}, {"characters": {"": "Alrik"}, "labels": {"": "Attack"}}]


@pytest.mark.parametrize("text", expressions())
def test_quick_path_answers_as_the_reference_path_with_seeds(text):
    for seed in range(1, 9):
        request = {"system": "dice", "check": "roll", "expression": text, "seed": seed,
                   **NAMES[seed % len(NAMES)]}
        quick, reference = resolve_both(request)
        assert quick == reference, (
            f"{request}: the quick path (dice/notation_quick.py, display/dice_roller.card_dict) "
            f"no longer answers as the reference (notation_roll.py, roll_card)")


faces_of = GENERATOR.faces_of


@pytest.mark.parametrize("text", expressions())
def test_secure_dice_answer_as_the_same_dice_entered(text):
    # the secure source's dice (quick path) entered as dice (reference path):
    # the same answer but for where the dice came from
    request = {"system": "dice", "check": "roll", "expression": text}
    for _ in range(4):
        try:
            secure = api.resolve(request)
        except api.InvalidRequest as e:  # division by zero after a roll of 0...
            assert e.code in ("range", "odds_too_big")
            continue
        assert secure["replay"]["dice"] == faces_of(secure)
        entered = api.resolve(dict(request, dice=faces_of(secure)))
        assert secure["source"] == "secure" and entered["source"] == "entered"
        del secure["source"], entered["source"], entered["drawn"]
        assert secure == entered


def _containers(value, out):
    if isinstance(value, (dict, list)):
        out.add(id(value))
        for v in (value.values() if isinstance(value, dict) else value):
            _containers(v, out)
    return out


def test_answers_share_nothing_a_caller_could_change():
    request = {"system": "dice", "check": "roll", "expression": "4d6kh3 + 1d8! - 2 # hit",
               "seed": 3, "labels": {"": "Sword"}, "characters": {"": "Alrik"}}
    first = api.resolve(request)
    second = api.resolve(request)
    assert first == second
    assert not _containers(first, set()) & _containers(second, set())
    # a caller that changes an answer changes nothing of the next one
    first["card"]["notes"].append("changed")
    first["rolls"][0]["label"] = "changed"
    first["terms"][0]["values"].append(99)
    first["card"]["headline"]["label"] = "changed"
    first["steps"].clear()
    assert api.resolve(request) == second


def test_names_and_dice_of_one_request_do_not_reach_the_next():
    text = "2d6+3 # fire damage"
    named = api.resolve({"system": "dice", "check": "roll", "expression": text, "seed": 1,
                         "labels": {"": "Fireball"}, "characters": {"": "Alrik"}})
    assert named["card"]["title"] == "Fireball: 2d6 + 3" and named["card"]["subject"] == "Alrik"
    plain = api.resolve({"system": "dice", "check": "roll", "expression": text, "seed": 1})
    assert plain["card"]["title"] == "fire damage: 2d6 + 3" and plain["card"]["subject"] is None
    assert plain["line"] == "fire damage: 2d6 + 3 = " + plain["card"]["key"]["value"]
    entered = api.resolve({"system": "dice", "check": "roll", "expression": text, "dice": [6, 6]})
    assert entered["total"] == 15 and entered["source"] == "entered"
    again = api.resolve({"system": "dice", "check": "roll", "expression": text, "seed": 1})
    assert again == plain  # the entered dice left nothing behind
    assert [r["value"] for r in api.resolve({"system": "dice", "check": "roll",
                                             "expression": text, "dice": [1, 2]})["rolls"]] == [1, 2]


@pytest.mark.parametrize("text", ["2d20!>1", "1d20!>1 + 3d6", "4d20r<20", "3d20!!>1kh2",
                                  "2d20!>1>=4sd", "{1d20!>1, 1d20!>1}kh1", "4d6ro<6 + 2d20!>1",
                                  "3d20r<19r20", "2d20!p>1dl1dh1"])
def test_quick_path_stops_at_the_cap_of_dice_as_the_reference(text, monkeypatch):
    # notation.md: "a whole roll [stops] after 100,000 dice rolled in all; the
    # result says so": the cap lowered to 30 (both paths read it), the same answer
    from tablecheck.dice import notation_quick, notation_roll
    monkeypatch.setattr(notation_roll, "MAX_ROLLED", 30)
    notation_quick._PLANS.clear()  # a plan holds the allowance of its tree
    capped = 0
    try:
        for seed in range(1, 9):
            request = {"system": "dice", "check": "roll", "expression": text, "seed": seed}
            quick, reference = resolve_both(request)
            assert quick == reference
            result = quick["result"]
            assert len(result["rolls"]) <= 30
            if notation_roll.CAP_NOTE in result.get("notes", ()):
                assert len(result["rolls"]) == 30
                capped += 1
    finally:
        notation_quick._PLANS.clear()
    assert capped  # some roll of these seeds reached the cap


def test_plans_are_bounded_and_recent_ones_kept():
    from tablecheck.dice import notation, notation_quick
    for i in range(notation_quick.PLAN_CACHE + 50):
        notation_quick.plan_of(notation.parse(f"1d6+{i}"))
    assert len(notation_quick._PLANS) == notation_quick.PLAN_CACHE
    assert f"1d6+{notation_quick.PLAN_CACHE + 49}" in notation_quick._PLANS
    assert "1d6+0" not in notation_quick._PLANS


def test_what_the_quick_path_leaves_to_the_reference():
    from tablecheck.dice import notation, notation_quick
    assert notation_quick.plan_of(notation.parse("4d6u")) is None  # unique rerolls
    assert notation_quick.plan_of(notation.parse("3d6+2")) is not None


# any well-formed text (tests/unit/test_dice_roller.py's strategy): both paths alike
# (QUICK_EXAMPLES=3000 for a longer search)
@settings(max_examples=int(os.environ.get("QUICK_EXAMPLES", 300)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(any_expression(), st.integers(0, 2**32))
def test_property_quick_path_answers_as_the_reference_path(text, seed):
    request = {"system": "dice", "check": "roll", "expression": text, "seed": seed}
    quick, reference = resolve_both(request)
    assert quick == reference
