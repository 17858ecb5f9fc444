import pytest

from tablecheck.dice import notation
from tablecheck.errors import InvalidRequest

from .enumerate import assert_exact, plan
from .roll_with import roll_with


def test_reroll_rolls_again_while_it_matches_and_once_only_once():
    result, dice = roll_with("1d6r<3", [1, 2, 5])
    assert result["total"] == 5 and [d.rerolled for d in dice] == [True, True, False]
    assert roll_with("1d6ro<3", [1, 2])[0]["total"] == 2


def test_several_rerolls_join_their_compare_points():
    term = notation.parse("2d8r r3").dice_terms[0]
    assert term.text == "2d8r1r3"  # a bare r: the lowest value after min/max
    assert notation.parse("2d8min2 r r3").text == "2d8min2r2r3"
    assert roll_with("1d8rr3", [1, 3, 4])[0]["total"] == 4


def test_bounds_leave_out_what_is_always_rerolled():
    assert notation.bounds(notation.parse("2d6r1").root) == (4, 12)
    assert notation.bounds(notation.parse("2d6ro1").root) == (2, 12)


def test_a_reroll_on_every_face_is_refused():
    with pytest.raises(InvalidRequest) as err:
        notation.parse("1d6r<7")
    assert err.value.extra["position"] == 4
    assert notation.parse("1d6ro<7")


def test_the_exact_step_replaces_a_matching_value_by_a_fresh_die():
    from fractions import Fraction
    from tablecheck.dice import Dist
    replace = plan("1d6ro1").unit_map
    dist = replace.map(Dist.uniform(6))
    # a 1 stays only when the reroll shows 1 again: 1/36; every other face 1/6 + 1/36
    assert {v: Fraction(w, dist.total) for v, w in dist.weights.items() if w} == \
        {1: Fraction(1, 36), **{v: Fraction(7, 36) for v in range(2, 7)}}
    assert sorted(plan("1d6r1").unit_map.fresh.weights) == [2, 3, 4, 5, 6]
    assert plan("1d6").unit_map is None


def test_its_odds_part_rerolls_what_min_and_max_left():
    # min3: the lowest value is 3 (three faces), what a bare r rerolls
    replace = plan("1d6min3r").unit_map
    assert [replace.matches(v) for v in (3, 4)] == [True, False]
    assert replace.fresh.weights == {4: 1, 5: 1, 6: 1}
    assert plan("2d8r1r3").unit_map.fresh.weights == {v: 1 for v in (2, 4, 5, 6, 7, 8)}


@pytest.mark.parametrize("text", ["3d4r1", "2d4ro<3", "2d4r1r3", "3d4min2r2", "2d4r>3kh1",
                                  "3d4ro1>=3"])
def test_reroll_odds_are_the_enumeration(text):
    assert_exact(text)


def test_reroll_says_what_each_die_showed_before():
    result, _ = roll_with("4d6r1", [1, 1, 5, 2, 3])
    assert result["steps"][0] == "4d6r1: 3 (rerolled 1), 2 (rerolled 1), 5, 2; 3 + 2 + 5 + 2 = 12"
    # a die rerolled twice, and unique rerolls in the same words
    assert roll_with("1d6r<3", [1, 2, 4])[0]["steps"][0] == "1d6r<3: 4 (rerolled 1, 2)"
    assert roll_with("2d6u", [3, 3, 5])[0]["steps"][0] == "2d6u: 3, 5 (rerolled 3); 3 + 5 = 8"
