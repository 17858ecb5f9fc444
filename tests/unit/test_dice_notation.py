"""tablecheck.dice.notation: the generic roller's dice notation (issue 3,
"Dice notation"; api.md `dice`/`roll`).

A table of valid expressions with the tree they parse to, and a table of
invalid ones with the 1-based position their error names."""

import pytest

from tablecheck.dice import notation
from tablecheck.dice.notation import ConstTerm, DiceTerm, parse
from tablecheck.errors import InvalidRequest


def D(sign, count, sides, keep=None, highest=True, explode=False, selector="",
      percent=False, pos=1, end=1):
    return DiceTerm(sign, count, sides, keep, highest, explode, selector, percent, pos, end)


def C(sign, value, pos, end):
    return ConstTerm(sign, value, pos, end)


# (expression, terms) -- positions: 1-based start, end just past the term
VALID = [
    ("notation NdX", "3d6", [D(1, 3, 6, pos=1, end=4)]),
    ("notation dX means 1dX", "d20", [D(1, 1, 20, pos=1, end=4)]),
    ("notation d% is a d100", "d%", [D(1, 1, 100, percent=True, pos=1, end=3)]),
    ("notation Nd% ", "2d%", [D(1, 2, 100, percent=True, pos=1, end=4)]),
    ("notation upper-case D", "2D6-2", [D(1, 2, 6, pos=1, end=4), C(-1, 2, 5, 6)]),
    ("notation +M modifier", "3d6+2", [D(1, 3, 6, pos=1, end=4), C(1, 2, 5, 6)]),
    ("notation several dice terms", "1d10+1d4-1",
     [D(1, 1, 10, pos=1, end=5), D(1, 1, 4, pos=6, end=9), C(-1, 1, 10, 11)]),
    ("notation kh keeps highest", "4d6kh3",
     [D(1, 4, 6, keep=3, highest=True, selector="kh3", pos=1, end=7)]),
    ("notation kl keeps lowest", "2d20kl1",
     [D(1, 2, 20, keep=1, highest=False, selector="kl1", pos=1, end=8)]),
    ("notation dh drops highest", "4d6dh1",
     [D(1, 4, 6, keep=3, highest=False, selector="dh1", pos=1, end=7)]),
    ("notation dl drops lowest", "4d6dl1",
     [D(1, 4, 6, keep=3, highest=True, selector="dl1", pos=1, end=7)]),
    ("notation keep all is no selection", "3d6kh3",
     [D(1, 3, 6, keep=None, highest=True, selector="kh3", pos=1, end=7)]),
    ("notation drop none is no selection", "3d6dl0",
     [D(1, 3, 6, keep=None, highest=True, selector="dl0", pos=1, end=7)]),
    ("notation exploding !", "2d8!", [D(1, 2, 8, explode=True, pos=1, end=5)]),
    ("notation ! then keep", "4d6!kh3",
     [D(1, 4, 6, keep=3, explode=True, selector="kh3", pos=1, end=8)]),
    ("notation keep then !", "4d6kh3!",
     [D(1, 4, 6, keep=3, explode=True, selector="kh3", pos=1, end=8)]),
    ("notation spaces allowed", " 3 d 6 + 2 ",
     [D(1, 3, 6, pos=2, end=7), C(1, 2, 10, 11)]),
    ("notation upper-case selectors", "4D6KH3", [D(1, 4, 6, keep=3, selector="kh3", pos=1, end=7)]),
    ("notation leading minus", "-1d4+5", [D(-1, 1, 4, pos=2, end=5), C(1, 5, 6, 7)]),
    ("notation subtract dice", "2d6-1d6", [D(1, 2, 6, pos=1, end=4), D(-1, 1, 6, pos=5, end=8)]),
    ("notation d1 is allowed unexploded", "1d1", [D(1, 1, 1, pos=1, end=4)]),
    ("notation limits 1000 dice 1000 sides", "1000d1000", [D(1, 1000, 1000, pos=1, end=10)]),
    ("notation leading zeros", "02d06", [D(1, 2, 6, pos=1, end=6)]),
]


@pytest.mark.parametrize("text, terms", [v[1:] for v in VALID], ids=[v[0] for v in VALID])
def test_valid_expressions_parse_to_their_terms(text, terms):
    expr = parse(text)
    assert list(expr.terms) == terms
    assert expr.source == text


# (expression, position, words in the message)
INVALID = [
    ("syntax empty", "", 1, "expected a number or a die"),
    ("syntax blank", "   ", 4, "expected a number or a die"),
    ("syntax letter", "x", 1, "unexpected 'x'"),
    ("syntax missing sides", "4d", 3, "expected the number of sides"),
    ("syntax bad sides", "4dx", 3, "expected the number of sides"),
    ("syntax after number", "4x6", 2, "expected 'd', '+', '-' or the end"),
    ("syntax after term", "2d6 x", 5, "expected kh, kl, dh, dl, '!', '+', '-' or the end"),
    ("syntax dangling plus", "2d6+", 5, "unexpected end of the expression"),
    ("syntax double operator", "2d6+-1", 5, "unexpected '-'"),
    ("syntax k without side", "4d6k3", 5, "expected h or l after k"),
    ("syntax d without side", "4d6d1", 5, "expected h or l after d"),
    ("syntax keep without count", "2d6kl", 6, "how many dice to keep"),
    ("syntax drop without count", "4d6dh", 6, "how many dice to drop"),
    ("syntax two numbers", "1 0d6", 3, "expected 'd', '+', '-' or the end"),
    ("syntax unicode digit", "2d\u00b2", 3, "expected the number of sides"),
    ("syntax two keeps", "3d6kh1dl1", 7, "a second keep/drop"),
    ("syntax compounding !!", "2d6!!", 5, "a second '!'"),
    ("limit zero dice", "0d6", 1, "1 to 1000 dice"),
    ("limit 1000 dice per term", "1001d6", 1, "at most 1000 dice"),
    ("limit d0 refused", "d0", 2, "1 to 1000 sides"),
    ("limit 1000 sides", "2d1001", 3, "at most 1000 sides"),
    ("limit d1! refused", "3d1!", 4, "a d1 cannot explode"),
    ("limit d0! refused", "d0!", 2, "1 to 1000 sides"),
    ("limit keep within pool", "4d6kh5", 6, "at most 4 (the pool has 4 dice)"),
    ("limit keep lowest within pool", "2d20kl3", 7, "at most 2"),
    ("limit nothing left kh0", "4d6kh0", 6, "nothing left to roll"),
    ("limit nothing left dl all", "2d6dl2", 6, "nothing left to roll"),
    ("limit nothing left dh more", "2d6dh9", 6, "nothing left to roll"),
    ("limit nothing to roll constant", "5", 1, "nothing to roll"),
    ("limit nothing to roll constants", "  2+3", 3, "nothing to roll"),
    ("limit 200 characters", "1d6+" * 50 + "1", 201, "at most 200 characters, not 201"),
    ("limit modifier size", "1d6+1000001", 5, "at most 1000000"),
    ("limit later term position", "1d6 + 2d6 + 1001d6", 13, "at most 1000 dice"),
]


@pytest.mark.parametrize("text, position, words", [v[1:] for v in INVALID],
                         ids=[v[0] for v in INVALID])
def test_invalid_expressions_name_the_position(text, position, words):
    with pytest.raises(InvalidRequest) as err:
        parse(text)
    assert err.value.field == "expression"
    assert f"at position {position}: expected" in err.value.message
    assert words in err.value.message


def test_exactly_200_characters_is_allowed_limit_200_characters():
    text = "1d6+" * 49 + "1d6 "
    assert len(text) == 200
    assert len(parse(text).dice_terms) == 50


def test_canonical_text_and_bounds():
    expr = parse(" 4D6 KH3 + d% - 2 ")
    assert expr.text == "4d6kh3 + 1d% - 2"
    assert (expr.minimum(), expr.maximum()) == (3 + 1 - 2, 18 + 100 - 2)
    assert parse("2d6-1d4").minimum() == 2 - 4
    assert parse("2d6-1d4").maximum() == 12 - 1
    assert parse("2d20kl1+3").minimum() == 4
    assert parse("2d20kl1+3").maximum() == 23


def test_explosions_make_bounds_open():
    assert parse("2d8!").minimum() == 2
    assert parse("2d8!").maximum() is None
    assert parse("1d6-1d6!").minimum() is None
    assert parse("1d6-1d6!").maximum() == 5


def test_non_text_is_refused():
    with pytest.raises(InvalidRequest) as err:
        parse(12)
    assert err.value.field == "expression"


def test_odds_too_big_is_refused_with_the_terms_position():
    with pytest.raises(InvalidRequest) as err:
        notation.distribution("3d6 + 1000d1000")
    assert "at position 7: expected" in err.value.message
    assert "too many outcomes for exact odds" in err.value.message
    # only the odds are refused: the page keeps Roll enabled for it
    assert err.value.to_dict()["odds_only"] is True


def test_odds_bound_does_not_stop_rolling_the_expression():
    from tablecheck import api
    r = api.resolve({"system": "dice", "check": "roll", "expression": "1000d6", "seed": 3})
    assert 1000 <= r["total"] <= 6000 and len(r["rolls"]) == 1000
    with pytest.raises(InvalidRequest) as err:
        api.odds({"system": "dice", "check": "roll", "expression": "1000d6"})
    assert err.value.extra == {"odds_only": True, "position": 1}
    assert err.value.code == "odds_too_big"


@pytest.mark.parametrize("text", [
    "10d10kh2", "2d20!", "3d6+2", "1000d6kh3", "4d6kh3+4d6kh3+4d6kh3", "20d6!", "50d100",
    "500d2!kh1", "d%+d%+d%+d%",
    # measured under half a second in CPython (module docstring): accepted
    "5d100!", "1000d1000kh1", "1000d1000kl1", "600d6", "100d100", "12d100!", "30d6!",
    "20d20!", "2d1000!+2d1000!", "20d100kh10",
])
def test_odds_bound_accepts_standard_and_large_requests(text):
    assert 0 < notation.odds_work(parse(text)) <= notation.MAX_ODDS_WORK


@pytest.mark.parametrize("text", [
    "1000d1000", "1000d6", "100d6!", "500d100kh250", "3d1000!+3d1000!",
    # measured well over half a second in CPython: refused
    "60d6!", "100d100+100d100", "1000d1000kh3", "100d100kh20", "700d6", "35d6!",
])
def test_odds_bound_refuses_work_beyond_it(text):
    with pytest.raises(InvalidRequest, match="too many outcomes for exact odds at position"):
        notation.odds_work(parse(text))


def test_odds_bound_keep_estimate_counts_the_states_of_the_keep_programme():
    # keep-1 has one state per face (nothing placed yet): far cheaper than
    # keep-3 of the same pool, and the estimate says so
    def work(text):
        return notation.term_work(parse(text).dice_terms[0], notation.TAIL_EPS)[0]

    assert work("1000d1000kh1") <= notation.MAX_ODDS_WORK < work("1000d1000kh3")
    assert work("1000d1000kh3") > 5 * work("1000d1000kh1")
