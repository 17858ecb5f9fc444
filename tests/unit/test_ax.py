"""[ax] (seed 003; readings in shared/spec/rules.md).

Every rule test names the rule or reading it checks. Odds are compared with
independent brute force written here: full enumeration of the d10 faces for
small pools, and enumeration of face multisets (with multinomial weights)
for the GM table up to 8 dice."""

import itertools
import json
from collections import Counter
from fractions import Fraction
from math import factorial

import pytest
from hypothesis import given, settings, strategies as st

from tablecheck import api
from tablecheck.errors import InvalidRequest
from tablecheck.systems import ax

FACES = range(1, 11)


def req(check, dice=None, **params):
    out = {"system": "ax", "check": check}
    out.update(params)
    if dice is not None:
        out["dice"] = dice
    return out


def flat(dice=None, **params):
    return api.resolve(req("flat", dice, **params))


# -- independent brute force ------------------------------------------------
def top_two(faces):
    return sum(sorted(faces, reverse=True)[:2])


def brute_totals(n):
    """{top-two total: count} over all 10^n rolls (n <= 4)."""
    return Counter(top_two(f) for f in itertools.product(FACES, repeat=n))


def multiset_totals(n):
    """{top-two total: Fraction} by enumerating face multisets, each weighted
    by its number of orderings n!/prod(c!): a second independent method."""
    out = {}
    for combo in itertools.combinations_with_replacement(FACES, n):
        ways = factorial(n)
        for c in Counter(combo).values():
            ways //= factorial(c)
        t = top_two(combo)
        out[t] = out.get(t, 0) + Fraction(ways, 10 ** n)
    return out


def brute_success(n, difficulty, bonus=0):
    if n == 0:
        return Fraction(0)
    counts = brute_totals(n)
    return Fraction(sum(c for t, c in counts.items() if t + bonus >= difficulty), 10 ** n)


# -- flat check: forced dice ---------------------------------------------------
def test_rule_top_two_kept_and_added_every_die_shown():
    result = flat([7, 2, 9], attribute=3, difficulty=16)
    assert result["total"] == 16 and result["outcome"] == "success"
    assert [(d["value"], d["kept"]) for d in result["rolls"]] == [(7, True), (2, False), (9, True)]
    assert [d["label"] for d in result["rolls"]] == [
        "attribute die 1", "attribute die 2", "attribute die 3"]
    assert "top two kept: 9 + 7 = 16" in result["steps"][0]


def test_rule_top_two_ties_keep_exactly_two():
    result = flat([8, 8, 8, 3], attribute=4, difficulty=16)
    assert result["total"] == 16
    assert sum(d["kept"] for d in result["rolls"]) == 2


def test_reading_one_die_counts_its_value():
    result = flat([0], attribute=1, difficulty=10)  # a d10 face 0 reads 10
    assert result["total"] == 10 and result["outcome"] == "success"
    assert flat([9], attribute=1, difficulty=10)["outcome"] == "failure"


def test_reading_zero_dice_is_an_automatic_failure():
    result = flat([], attribute=0, difficulty=1, bonus=20, assistant=5)
    assert result["outcome"] == "failure" and result["success"] is False
    assert result["rolls"] == [] and result["total"] is None
    assert "automatic" in result["summary"]
    with pytest.raises(InvalidRequest, match="too many"):
        flat([5], attribute=0, difficulty=1)


@pytest.mark.parametrize("dice, difficulty, bonus, outcome", [
    pytest.param([6, 6], 12, 0, "success", id="rule_flat_success_at_difficulty"),
    pytest.param([6, 5], 12, 0, "failure", id="rule_flat_failure_one_below"),
    pytest.param([6, 5], 12, 1, "success", id="rule_flat_bonus_added"),
    pytest.param([6, 6], 12, -1, "failure", id="rule_flat_penalty_subtracted"),
])
def test_rule_flat_success_at_or_above_difficulty(dice, difficulty, bonus, outcome):
    result = flat(dice, attribute=2, difficulty=difficulty, bonus=bonus)
    assert result["outcome"] == outcome
    assert result["success"] == (outcome == "success")
    assert result["total"] == sum(dice) + bonus


@pytest.mark.parametrize("attribute, assistant, plus", [
    pytest.param(3, 2, 1, id="rule_assistance_plus_1_when_assistant_lower"),
    pytest.param(3, 3, 2, id="rule_assistance_plus_2_when_equal"),
    pytest.param(3, 5, 2, id="rule_assistance_plus_2_when_higher"),
    pytest.param(3, None, 0, id="rule_no_assistant_no_bonus"),
])
def test_rule_assistance(attribute, assistant, plus):
    params = {"attribute": attribute, "difficulty": 14}
    if assistant is not None:
        params["assistant"] = assistant
    result = flat([6, 6, 1], **params)
    assert result["assistance"] == plus
    assert result["total"] == 12 + plus
    assert result["outcome"] == ("success" if 12 + plus >= 14 else "failure")


def test_rule_skip_check_said_in_the_result():
    # 5 dice: the text says skip below 9
    skipped = flat([1, 1, 1, 1, 1], attribute=5, difficulty=8)
    assert skipped["skip_advised"] is True
    assert "could have been skipped" in skipped["summary"]
    assert skipped["outcome"] == "failure"  # the dice still decide what happened
    rolled = flat([1, 1, 1, 1, 1], attribute=5, difficulty=9)
    assert rolled["skip_advised"] is False
    assert "skipped" not in rolled["summary"]


# -- flat check: entered dice ---------------------------------------------------
def test_entered_dice_too_few_lists_what_is_needed():
    with pytest.raises(InvalidRequest) as err:
        flat([5], attribute=3, difficulty=12)
    assert err.value.field == "dice"
    assert "2 more dice needed" in err.value.message
    assert err.value.extra["needed"] == [{"sides": 10, "label": "attribute die 2"},
                                         {"sides": 10, "label": "attribute die 3"}]


def test_entered_dice_too_many_or_off_the_die():
    with pytest.raises(InvalidRequest, match="too many") as err:
        flat([5, 5, 5], attribute=2, difficulty=12)
    assert err.value.field == "dice"
    with pytest.raises(InvalidRequest) as err:
        flat([5, 11], attribute=2, difficulty=12)
    assert err.value.field == "dice[1]"


# -- flat check: odds -------------------------------------------------------------
@pytest.mark.parametrize("attribute", [0, 1, 2, 3, 4])
def test_flat_odds_equal_brute_force(attribute):
    for difficulty, bonus, assistant in itertools.product(
            (1, 4, 9, 12, 15, 20, 22), (-2, 0, 3), (None, 0, attribute, 7)):
        plus = 0 if assistant is None else (1 if assistant < attribute else 2)
        want = brute_success(attribute, difficulty, bonus + plus)
        params = {"attribute": attribute, "difficulty": difficulty, "bonus": bonus,
                  "assistant": assistant}
        got = ax.odds_flat(params)
        assert got["outcomes"] == {"success": want, "failure": 1 - want}, params
        assert got["failure_chance"] == 1 - want
        assert got["skip_advised"] == (attribute > 0 and 1 - want < Fraction(1, 100))
        out = api.odds(req("flat", **params))
        assert out["exact"]["success"] == f"{want.numerator}/{want.denominator}"
        assert sum(out["outcomes"].values()) == pytest.approx(1, abs=1e-12)


def test_flat_odds_distribution_equals_brute_force():
    got = ax.odds_flat({"attribute": 3, "difficulty": 12, "bonus": 1, "assistant": 1})
    counts = brute_totals(3)
    assert got["distribution"] == {t + 2: Fraction(c, 1000) for t, c in counts.items()}


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.lists(st.integers(1, 10), min_size=0, max_size=6), st.integers(1, 25),
       st.integers(-3, 3))
def test_rule_flat_property_any_entered_dice(dice, difficulty, bonus):
    result = flat(dice, attribute=len(dice), difficulty=difficulty, bonus=bonus)
    if not dice:
        assert result["outcome"] == "failure"
        return
    total = top_two(dice) + bonus
    assert result["total"] == total
    assert result["success"] == (total >= difficulty)
    assert sorted(d["value"] for d in result["rolls"] if d["kept"])[-2:] == sorted(dice)[-2:]


# -- skip-check table of the text -----------------------------------------------------
@pytest.mark.parametrize("dice, below", [(3, 5), (4, 7), (5, 9), (6, 10), (7, 11)])
def test_rule_skip_check_table_of_the_text(dice, below):
    # "if the chance of failure is less than 1%": the text's table is right
    dist = multiset_totals(dice)
    fail = lambda d: sum(p for t, p in dist.items() if t < d)  # noqa: E731
    assert fail(below - 1) < Fraction(1, 100) <= fail(below)
    assert ax.skip_threshold(dice) == below
    assert api.odds(req("flat", attribute=dice, difficulty=below - 1))["skip_advised"] is True
    assert api.odds(req("flat", attribute=dice, difficulty=below))["skip_advised"] is False


# -- the GM table ------------------------------------------------------------------------
def test_multiset_method_agrees_with_full_enumeration():
    for n in range(1, 5):
        assert multiset_totals(n) == {t: Fraction(c, 10 ** n) for t, c in brute_totals(n).items()}


def half_up_tenths(p):
    """percent to one decimal, halves up, by Fraction arithmetic"""
    q = p * 1000
    whole = q.numerator // q.denominator
    if q - whole >= Fraction(1, 2):
        whole += 1
    return f"{whole // 10}.{whole % 10}"


def test_rule_gm_table_regenerated_equals_enumeration():
    table = api.odds(req("table"))
    assert table["outcomes"] == {"table": 1.0}
    assert table["dice"] == list(range(1, 9))
    assert table["difficulties"] == list(range(24, 3, -1))
    dists = {n: multiset_totals(n) for n in range(1, 9)}
    for row in table["rows"]:
        d = row["difficulty"]
        for cell in row["cells"]:
            n = cell["dice"]
            chance = sum(p for t, p in dists[n].items() if t >= d)
            assert cell["percent"] == half_up_tenths(chance), (n, d)
            assert cell["chance"] == pytest.approx(float(chance), abs=1e-15)


def test_rule_gm_table_mode_and_mean_marked():
    table = ax.gm_table()
    for col in table["columns"]:
        dist = multiset_totals(col["dice"])
        mean = sum(t * p for t, p in dist.items())
        top = max(dist.values())
        assert col["mean"] == mean
        assert col["modes"] == sorted(t for t, p in dist.items() if p == top)
        assert abs(col["mean_row"] - mean) <= Fraction(1, 2)
    marks = {(c["dice"], c["difficulty"]): c["mark"]
             for row in table["rows"] for c in row["cells"] if c["mark"]}
    # 2d10: mean = mode = 11; 3d10: mode 14, mean 13.475; 4d10: mode 16, mean 14.97
    assert marks[(2, 11)] == "***"
    assert marks[(3, 14)] == "*" and marks[(3, 13)] == "**"
    assert marks[(4, 16)] == "*" and marks[(4, 15)] == "**"
    # the book's marks sit exactly there
    for (n, d), mark in ax.BOOK_MARKS.items():
        assert marks[(n, d)] == mark


def test_reading_book_table_wrong_cells_flagged():
    # rules.md: wrong cells at 2d10 10-13, 3d10 10-18, 4d10 rounding (11-17)
    expected = ({(2, d) for d in range(10, 14)} | {(3, d) for d in range(10, 19)}
                | {(4, d) for d in range(11, 18)})
    table = ax.gm_table()
    flagged = {(c["dice"], c["difficulty"])
               for row in table["rows"] for c in row["cells"] if c["differs"]}
    assert flagged == expected
    assert {(d["dice"], d["difficulty"]) for d in table["differences"]} == expected
    cell = next(c for row in table["rows"] for c in row["cells"]
                if (c["dice"], c["difficulty"]) == (4, 16))
    assert cell["book"] == "48.5" and cell["percent"] == "48.6"
    assert cell["note"] == "the book prints 48.5%; exactly 48.6%"
    # every printed cell is compared, and the untouched ones agree with enumeration
    for n, column in ax.BOOK_TABLE.items():
        dist = multiset_totals(n)
        for d, printed in column.items():
            exact = half_up_tenths(sum(p for t, p in dist.items() if t >= d))
            assert (float(printed) != float(exact)) == ((n, d) in expected)


def test_gm_table_check_resolves_without_dice_and_lists_skip_advice():
    result = api.resolve(req("table", dice=[]))
    assert result["outcome"] == "table" and result["rolls"] == []
    assert "20 printed cells differ" in result["summary"]  # 4 + 9 + 7
    advice = {a["dice"]: a["below"] for a in result["skip_advice"]}
    assert {n: advice[n] for n in ax.BOOK_SKIP} == ax.BOOK_SKIP
    with pytest.raises(InvalidRequest, match="too many"):
        api.resolve(req("table", dice=[3]))


def test_gm_table_bad_range_names_the_field():
    with pytest.raises(InvalidRequest) as err:
        api.odds(req("table", min_difficulty=15, max_difficulty=10))
    assert err.value.field == "max_difficulty"
    with pytest.raises(InvalidRequest) as err:
        api.odds(req("table", max_dice=0))
    assert err.value.field == "max_dice"


# -- group flat check ---------------------------------------------------------------------
def group(dice=None, **params):
    return api.resolve(req("group", dice, **params))


def test_rule_group_capstan_example():
    # "4 people at a Difficulty of 12. 7 people are available, but there are
    # 6 spokes ... reducing the Difficulty to 8."
    result = group(members=[3] * 7, difficulty=12, required=4, maximum=6, seed=5)
    assert result["adjusted_difficulty"] == 8
    assert result["participants"] == 6
    assert result["needed"] == 4
    assert len(result["rolls"]) == 18  # six people roll, the seventh stands aside
    assert "member 7 stands aside" in result["steps"][0]
    odds = api.odds(req("group", members=[3] * 7, difficulty=12, required=4, maximum=6))
    assert odds["adjusted_difficulty"] == 8


@pytest.mark.parametrize("present, required, maximum, adjusted", [
    pytest.param(2, 4, None, 16, id="rule_group_plus_2_per_missing"),
    pytest.param(4, 4, None, 12, id="rule_group_as_required"),
    pytest.param(6, 4, None, 8, id="rule_group_minus_2_per_extra"),
    pytest.param(9, 4, 5, 10, id="rule_group_extra_only_up_to_maximum"),
])
def test_rule_group_adjusted_difficulty(present, required, maximum, adjusted):
    params = {"members": [1] * present, "difficulty": 12, "required": required}
    if maximum is not None:
        params["maximum"] = maximum
    assert api.odds(req("group", **params))["adjusted_difficulty"] == adjusted


@pytest.mark.parametrize("n, needed", [(1, 1), (2, 2), (3, 2), (4, 3), (5, 4), (6, 4),
                                       (7, 5), (9, 6)])
def test_rule_group_two_thirds_must_succeed(n, needed):
    result = group(members=[1] * n, difficulty=10, required=n, dice=[5] * n)
    assert result["needed"] == needed
    assert f"{needed} were needed" in result["summary"]


@pytest.mark.parametrize("dice, outcome, successes", [
    pytest.param([6, 4, 1, 1, 9, 9], "success", 2, id="rule_group_2_of_3_succeed"),
    pytest.param([6, 3, 1, 1, 9, 9], "failure", 1, id="rule_group_1_of_3_fails"),
    pytest.param([5, 5, 9, 1, 0, 0], "success", 3, id="rule_group_all_succeed_d10_0_is_10"),
])
def test_rule_group_forced_dice(dice, outcome, successes):
    result = group(dice, members=[2, 2, 2], difficulty=10, required=3)
    assert result["outcome"] == outcome and result["successes"] == successes
    assert [m["total"] for m in result["members"]] == [
        sum(v or 10 for v in dice[i:i + 2]) for i in (0, 2, 4)]
    assert [d["label"] for d in result["rolls"][:2]] == ["member 1 die 1", "member 1 die 2"]
    assert [d["member"] for d in result["rolls"]] == [1, 1, 2, 2, 3, 3]


def test_rule_group_member_without_dice_fails():
    result = group([10], members=[0, 1], difficulty=6, required=2)
    assert [m["success"] for m in result["members"]] == [False, True]
    assert result["outcome"] == "failure"  # 1 of 2, 2 needed


def test_group_entered_dice_too_few():
    with pytest.raises(InvalidRequest) as err:
        group([5, 5], members=[2, 1], difficulty=10, required=2)
    assert err.value.field == "dice"
    assert err.value.extra["needed"] == [{"sides": 10, "label": "member 2 die"}]


@pytest.mark.parametrize("members, difficulty, required, maximum", [
    ([1, 2, 1], 10, 3, None),
    ([2, 2], 14, 1, None),
    ([0, 3, 1], 8, 4, None),
    ([1, 1, 1, 1], 9, 2, 3),
])
def test_group_odds_equal_brute_force(members, difficulty, required, maximum):
    taking = members if maximum is None else members[:maximum]
    n = len(taking)
    adjusted = difficulty + 2 * (required - n)
    needed = -(-2 * n // 3)
    total = 10 ** sum(taking)
    wins = 0
    for faces in itertools.product(FACES, repeat=sum(taking)):
        ok, pos = 0, 0
        for a in taking:
            if a and top_two(faces[pos:pos + a]) >= adjusted:
                ok += 1
            pos += a
        wins += ok >= needed
    params = {"members": members, "difficulty": difficulty, "required": required,
              "maximum": maximum}
    got = ax.odds_group(params)
    assert got["outcomes"]["success"] == Fraction(wins, total)
    assert got["failure_chance"] == 1 - Fraction(wins, total)
    assert sum(got["successes"].values()) == 1


@pytest.mark.parametrize("params, field", [
    pytest.param({"members": [2, -1], "difficulty": 10, "required": 2}, "members[1]",
                 id="negative_attribute"),
    pytest.param({"members": [], "difficulty": 10, "required": 2}, "members", id="no_members"),
    pytest.param({"members": [2, 2], "difficulty": 10, "required": 4, "maximum": 3}, "maximum",
                 id="maximum_below_required"),
    pytest.param({"members": [2, 2], "difficulty": 0, "required": 2}, "difficulty",
                 id="difficulty_out_of_range"),
])
def test_group_bad_input_names_the_field(params, field):
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call(req("group", **params))
        assert err.value.field == field


# -- contest ------------------------------------------------------------------------------------
def contest(dice=None, *sides):
    return api.resolve(req("contest", dice, sides=[{"attribute": a, "bonus": b} for a, b in sides]))


def test_rule_contest_higher_total_wins():
    result = contest([3, 4, 9, 1], (2, 0), (2, 0))
    assert result["outcome"] == "side_2" and result["winner"] == 2
    assert result["success"] is False  # side 1 is the roller
    assert result["rounds"] == [{"round": 1, "totals": [7, 10], "tied": False, "leaders": [2],
                                 "dice_text": ["2d10: 3, 4 = 7", "2d10: 9, 1 = 10"]}]
    assert result["summary"] == "Side 2 wins with 10 against 7."


def test_rule_contest_bonus_counts():
    result = contest([3, 4, 9, 1], (2, 4), (2, 0))
    assert result["outcome"] == "side_1" and result["totals"] == [11, 10]


def test_rule_contest_tie_rerolls_all_dice_each_round_kept():
    result = contest([5, 5, 6, 4, 2, 8, 7, 1], (2, 0), (2, 0))
    assert result["outcome"] == "side_1"
    assert [r["totals"] for r in result["rounds"]] == [[10, 10], [10, 8]]
    assert result["rounds"][0]["tied"] is True
    rolls = result["rolls"]
    assert [d.get("rerolled", False) for d in rolls] == [True] * 4 + [False] * 4
    assert rolls[4]["label"] == "side 1 die 1 (round 2)"
    assert [d["round"] for d in rolls] == [1] * 4 + [2] * 4
    assert "after 1 tied round" in result["summary"]


def test_rule_contest_three_sides_tie_for_top_rerolls_everyone():
    # sides 1 and 2 tie at 9; side 3 is lower but rolls again too
    result = contest([9, 9, 3, 2, 1, 10], (1, 0), (1, 0), (1, 0))
    assert result["outcome"] == "side_3"
    assert [r["totals"] for r in result["rounds"]] == [[9, 9, 3], [2, 1, 10]]
    assert [d.get("rerolled", False) for d in result["rolls"]] == [True] * 3 + [False] * 3


def test_rule_contest_tie_with_three_or_more_dice_keeps_top_two():
    result = contest([1, 9, 9, 10, 8, 2, 5] + [1, 2, 3, 4, 4, 4, 4], (3, 0), (4, 0))
    assert [r["totals"] for r in result["rounds"]] == [[18, 18], [5, 8]]
    assert result["outcome"] == "side_2"
    assert [d["kept"] for d in result["rolls"][:7]] == [False, True, True, True, True, False, False]


def test_contest_entered_dice_ask_for_the_next_round_after_a_tie():
    with pytest.raises(InvalidRequest) as err:
        contest([5, 5, 6, 4], (2, 0), (2, 0))
    assert err.value.field == "dice"
    assert err.value.extra["needed"] == [
        {"sides": 10, "label": "side 1 die 1 (round 2)"},
        {"sides": 10, "label": "side 1 die 2 (round 2)"},
        {"sides": 10, "label": "side 2 die 1 (round 2)"},
        {"sides": 10, "label": "side 2 die 2 (round 2)"}]


def test_contest_entered_dice_running_out_into_a_filler_tie_asks_only_for_that_die():
    with pytest.raises(InvalidRequest) as err:
        contest([2], (1, 0), (1, 0))
    assert err.value.extra["needed"] == [{"sides": 10, "label": "side 2 die"}]
    assert "1 more die needed" in err.value.message


def test_contest_entered_dice_too_few_and_too_many():
    with pytest.raises(InvalidRequest) as err:
        contest([5, 5, 6], (2, 0), (2, 0))
    assert err.value.extra["needed"] == [{"sides": 10, "label": "side 2 die 2"}]
    with pytest.raises(InvalidRequest, match="too many"):
        contest([5, 5, 6, 1, 2], (2, 0), (2, 0))


def test_contest_round_cap_marks_every_superseded_die_rerolled():
    result = contest([5] * (2 * ax.MAX_ROUNDS), (1, 0), (1, 0))
    assert result["outcome"] == "unresolved" and result["success"] is False
    assert len(result["rounds"]) == ax.MAX_ROUNDS
    assert all(d["rerolled"] for d in result["rolls"])


def brute_contest(sides):
    """P(side i wins) with ties rerolled until decided: enumerate one round and
    condition on a unique highest total."""
    wins = [0] * len(sides)
    for faces in itertools.product(FACES, repeat=sum(a for a, _ in sides)):
        totals, pos = [], 0
        for a, b in sides:
            totals.append(top_two(faces[pos:pos + a]) + b)
            pos += a
        best = max(totals)
        if totals.count(best) == 1:
            wins[totals.index(best)] += 1
    decided = sum(wins)
    return [Fraction(w, decided) for w in wins], 1 - Fraction(decided, 10 ** sum(a for a, _ in sides))


@pytest.mark.parametrize("sides", [
    [(1, 0), (1, 0)],
    [(2, 0), (3, -1)],
    [(1, 3), (2, 0), (1, 0)],
    [(2, 0), (2, 0), (1, 5)],
], ids=["1v1", "2v3_bonus", "three_sides", "three_sides_bonus"])
def test_contest_odds_equal_brute_force_with_ties_rerolled(sides):
    # the decided rounds split as brute_contest says; within the round cap
    # each side keeps that share of 1 - tie**cap, the rest is "unresolved"
    want, tie = brute_contest(sides)
    got = ax.odds_contest({"sides": [{"attribute": a, "bonus": b} for a, b in sides]})
    settled = 1 - tie ** ax.MAX_ROUNDS
    assert [got["outcomes"][f"side_{i + 1}"] for i in range(len(sides))] == [
        w * settled for w in want]
    assert got["round_tie_chance"] == tie
    assert got["outcomes"]["unresolved"] == tie ** ax.MAX_ROUNDS > 0
    assert sum(got["outcomes"].values()) == 1
    out = api.odds(req("contest", sides=[{"attribute": a, "bonus": b} for a, b in sides]))
    assert set(out["outcomes"]) == {f"side_{i}" for i in range(1, 9)} | {"unresolved"}
    assert Fraction(out["exact"]["unresolved"]) == tie ** ax.MAX_ROUNDS


def rule_contest_rounds(sides, faces):
    """The rule read independently: each round every side with dice rolls its
    attribute in d10 (faces consumed in order), top two + bonus; a unique
    highest total wins, a tie rolls everything again; after the cap:
    unresolved. Returns the label, or None when the faces run out."""
    faces = list(faces)
    rolling = [i for i, (a, _) in enumerate(sides) if a > 0]
    while faces:
        totals = {}
        for i in rolling:
            a, b = sides[i]
            totals[i], faces = top_two(faces[:a]) + b, faces[a:]
        best = max(totals.values())
        leaders = [i for i, t in totals.items() if t == best]
        if len(leaders) == 1:
            return f"side_{leaders[0] + 1}"
    return "unresolved"


@pytest.mark.parametrize("sides, cap", [
    pytest.param([(1, 0), (1, 0)], 1, id="1v1_cap_1"),
    pytest.param([(1, 0), (1, 0)], 2, id="1v1_cap_2"),
    pytest.param([(1, 2), (1, 0)], 2, id="1v1_bonus_cap_2"),
    pytest.param([(1, 0), (0, 4), (1, 1)], 2, id="zero_dice_side_cap_2"),
])
def test_rule_contest_round_cap_unresolved_odds_equal_every_dice_sequence(monkeypatch, sides, cap):
    # brute force over every sequence of faces for `cap` rounds, with the
    # module's cap lowered so that reaching it can be enumerated
    monkeypatch.setattr(ax, "MAX_ROUNDS", cap)
    per_round = sum(a for a, _ in sides)
    counts = Counter(rule_contest_rounds(sides, faces)
                     for faces in itertools.product(FACES, repeat=per_round * cap))
    den = 10 ** (per_round * cap)
    got = ax.odds_contest({"sides": [{"attribute": a, "bonus": b} for a, b in sides]})["outcomes"]
    assert {k: v for k, v in got.items() if v} == {k: Fraction(c, den) for k, c in counts.items()}
    assert got["unresolved"] > 0
    assert sum(got.values()) == 1


@pytest.mark.parametrize("sides", [
    pytest.param([(2, 0), (1, 0)], id="2v1"),
    pytest.param([(1, 0), (1, 0), (1, 0)], id="three_sides"),
    pytest.param([(2, 1), (0, 0), (2, 0)], id="zero_dice_side"),
])
@pytest.mark.parametrize("cap", [1, 3, 5])
def test_rule_contest_round_cap_unresolved_odds_by_sequences_of_rounds(monkeypatch, sides, cap):
    # rounds are independent: enumerate one round's faces, then every
    # sequence of `cap` round results (stop at the first decided round)
    monkeypatch.setattr(ax, "MAX_ROUNDS", cap)
    per_round = sum(a for a, _ in sides)
    one = Counter(rule_contest_rounds(sides, faces)
                  for faces in itertools.product(FACES, repeat=per_round))
    p = {k: Fraction(c, 10 ** per_round) for k, c in one.items()}
    tie = p.pop("unresolved")
    p["tie"] = tie
    want = Counter()
    for seq in itertools.product(list(p), repeat=cap):
        chance = Fraction(1)
        for r in seq:
            chance *= p[r]
        decided = [r for r in seq if r != "tie"]
        want[decided[0] if decided else "unresolved"] += chance
    got = ax.odds_contest({"sides": [{"attribute": a, "bonus": b} for a, b in sides]})
    assert {k: v for k, v in got["outcomes"].items() if v} == dict(want)
    assert got["outcomes"]["unresolved"] == tie ** cap
    assert got["expected_rounds"] == sum(tie ** k for k in range(cap))


def test_rule_contest_round_cap_reached_is_a_real_chance_for_big_equal_pools():
    # eight sides of 20 d10 almost always all show 10 + 10: after 100 tied
    # rounds about half of these contests are still unresolved
    sides = [{"attribute": 20, "bonus": 0}] * 8
    chances, unresolved, tie = ax.contest_odds(sides)
    assert unresolved == tie ** ax.MAX_ROUNDS
    assert Fraction(2, 5) < unresolved < Fraction(3, 5)
    assert sum(chances) + unresolved == 1
    out = api.odds(req("contest", sides=sides))
    assert out["outcomes"]["unresolved"] == pytest.approx(float(unresolved))
    assert sum(out["outcomes"].values()) == pytest.approx(1)
    # too many digits to write as text: floats, and the labels are listed
    assert "unresolved" in out["exact_omitted"] and "unresolved" not in out.get("exact", {})


def test_rule_contest_round_cap_stops_resolving_as_unresolved(monkeypatch):
    monkeypatch.setattr(ax, "MAX_ROUNDS", 2)
    result = contest([5, 5, 7, 7], (1, 0), (1, 0))
    assert result["outcome"] == "unresolved" and result["winner"] is None
    assert result["summary"] == "Unresolved: still tied after 2 rounds."


# -- reading "zero dice: automatic failure" in a contest --------------------------
def test_reading_zero_dice_contest_side_rolls_nothing_and_cannot_win():
    result = contest([4, 4, 2, 9], (0, 5), (1, 0), (1, 0))
    assert result["outcome"] == "side_3"
    assert [d["label"] for d in result["rolls"]] == [
        "side 2 die", "side 3 die", "side 2 die (round 2)", "side 3 die (round 2)"]
    assert result["rounds"][0]["totals"] == [None, 4, 4]
    assert result["steps"][0] == "Side 1: attribute 0, no dice - it rolls nothing and cannot win."


def test_reading_zero_dice_contest_lone_side_with_dice_wins_without_a_roll():
    result = contest([], (3, 0), (0, 9))
    assert result["outcome"] == "side_1" and result["success"] is True
    assert result["rolls"] == [] and result["rounds"] == []
    assert "only side with dice" in result["summary"]
    out = api.odds(req("contest", sides=[{"attribute": 3}, {"attribute": 0, "bonus": 9}]))
    assert out["exact"]["side_1"] == "1/1" and out["exact"]["side_2"] == "0/1"
    assert out["exact"]["unresolved"] == "0/1"


def test_reading_zero_dice_contest_odds_equal_brute_force():
    # the side with no dice never wins; the others split as without it
    sides = [(2, 0), (0, 7), (1, 3)]
    want, tie = brute_contest([(2, 0), (1, 3)])
    got = ax.odds_contest({"sides": [{"attribute": a, "bonus": b} for a, b in sides]})
    settled = 1 - tie ** ax.MAX_ROUNDS
    assert got["outcomes"]["side_1"] == want[0] * settled
    assert got["outcomes"]["side_2"] == 0
    assert got["outcomes"]["side_3"] == want[1] * settled
    assert got["round_tie_chance"] == tie


def test_reading_zero_dice_contest_where_no_side_has_a_die_is_refused():
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call(req("contest", sides=[{"attribute": 0}, {"attribute": 0, "bonus": 3}]))
        assert err.value.field == "sides"
        assert "no side has any dice" in err.value.message


def test_contest_symmetric_sides_are_even():
    got = ax.odds_contest({"sides": [{"attribute": 6, "bonus": 0}] * 3})
    settled = 1 - got["outcomes"]["unresolved"]
    assert [got["outcomes"][f"side_{i}"] for i in (1, 2, 3)] == [settled / 3] * 3


@pytest.mark.parametrize("sides, field", [
    pytest.param([{"attribute": 3}], "sides", id="one_sided_contest"),
    pytest.param([{"attribute": 3}, {"attribute": -2}], "sides[1].attribute",
                 id="negative_attribute"),
    pytest.param([{"attribute": 3}, {"attribute": 3, "luck": 1}], "sides[1].luck",
                 id="unknown_field"),
    pytest.param([{"attribute": 3}] * 9, "sides", id="too_many_sides"),
])
def test_contest_bad_input_names_the_field(sides, field):
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call(req("contest", sides=sides))
        assert err.value.field == field


# -- bad input, seeds, catalog ---------------------------------------------------------------------
@pytest.mark.parametrize("params, field", [
    pytest.param({"attribute": -1, "difficulty": 12}, "attribute", id="negative_attribute"),
    pytest.param({"attribute": 3, "difficulty": "hard"}, "difficulty", id="unknown_difficulty"),
    pytest.param({"attribute": 3, "difficulty": 99}, "difficulty", id="difficulty_too_high"),
    pytest.param({"attribute": 3, "difficulty": 12, "assistant": -1}, "assistant",
                 id="negative_assistant"),
    pytest.param({"attribute": 3, "difficulty": 12, "bonus": 1.5}, "bonus", id="fractional_bonus"),
])
def test_flat_bad_input_names_the_field(params, field):
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call(req("flat", **params))
        assert err.value.field == field


@pytest.mark.parametrize("check, params", [
    ("flat", {"attribute": 4, "difficulty": 14}),
    ("group", {"members": [2, 3, 4], "difficulty": 12, "required": 3}),
    ("contest", {"sides": [{"attribute": 2}, {"attribute": 2}]}),
])
def test_seeded_results_repeat_and_are_json_safe(check, params):
    first = api.resolve(req(check, seed=7, **params))
    assert api.resolve(req(check, seed=7, **params)) == first
    json.dumps(first)
    json.dumps(api.odds(req(check, **params)))
    # replaying the seeded dice as entered dice gives the same result
    replay = api.resolve(req(check, [d["value"] for d in first["rolls"]], **params))
    assert replay["outcome"] == first["outcome"]
    assert replay["rolls"] == first["rolls"]


def test_catalog_declares_the_checks_with_labels_and_ranges():
    cat = api.catalog()["systems"]["ax"]
    assert list(cat["checks"]) == ["flat", "group", "contest", "table"]
    flat_params = {p["name"]: p for p in cat["checks"]["flat"]["params"]}
    assert flat_params["attribute"]["min"] == 0
    assert flat_params["assistant"]["nullable"] is True
    assert cat["checks"]["contest"]["outcomes"][:2] == ["side_1", "side_2"]
    assert all(c["description"] for c in cat["checks"].values())
    json.dumps(cat)
