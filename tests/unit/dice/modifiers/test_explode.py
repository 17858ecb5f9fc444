import pytest

from tablecheck.dice import notation
from tablecheck.errors import InvalidRequest

from .enumerate import assert_exact, plan
from .roll_with import roll_with


@pytest.mark.parametrize("text, canonical", [
    ("2d6!", "2d6!"), ("2d6!!", "2d6!!"), ("2d6!p", "2d6!p"), ("2d6!!p", "2d6!!p"),
    ("2d6!>=5", "2d6!>=5"), ("2d6!=3", "2d6!3"), ("2d6!!=4", "2d6!!4"),
])
def test_explode_compound_and_penetrate_read_the_longest_suffix(text, canonical):
    assert notation.parse(text).text == canonical


def test_each_kind_of_explosion_rolls_again_on_the_maximum():
    assert roll_with("1d6!", [6, 6, 2])[0]["total"] == 14
    assert roll_with("1d6!!", [6, 6, 2])[0]["terms"][0]["values"] == [14]
    assert roll_with("1d6!p", [6, 6, 2])[0]["total"] == 6 + 5 + 1


def test_bounds_of_explosions():
    assert (notation.bounds(notation.parse("1d6!p").root)) == (0, float("inf"))
    assert notation.bounds(notation.parse("2d6!!").root) == (2, float("inf"))


# moved from test_dice_notation.py
def test_explosions_make_bounds_open():
    from tablecheck.dice.notation import bounds
    parse = notation.parse
    inf = float("inf")
    assert bounds(parse("2d8!").root) == (2, inf)
    assert bounds(parse("1d6-1d6!").root) == (-inf, 5)
    assert bounds(parse("3d6!kh2").root) == (2, 12)  # two dice kept, however many rolled
    assert bounds(parse("8d10>=8!").root) == (0, inf)


def test_an_explosion_on_every_face_is_refused_where_it_is_written():
    with pytest.raises(InvalidRequest) as err:
        notation.parse("3d6min6!")
    assert err.value.extra["position"] == 8


def test_the_exact_step_of_one_die_of_a_chain():
    chain = plan("1d4!p").chain
    first, total = chain.transitions(plan("1d4!p"), False)
    assert total == 4 and first == [(False, {1: 1}), (False, {2: 1}), (False, {3: 1}), (True, {4: 1})]
    added, _ = chain.transitions(plan("1d4!p"), True)
    assert added == [(False, {0: 1}), (False, {1: 1}), (False, {2: 1}), (True, {3: 1})]


def test_its_odds_part_is_the_chain_separate_or_compounded():
    assert plan("3d6").chain is None
    separate, compound = plan("3d6!>=5").chain, plan("3d6!!").chain
    assert separate.separate and not compound.separate and not compound.penetrate
    assert [separate.goes_on(v) for v in (4, 5, 6)] == [False, True, True]
    assert compound.goes_on(6) and not compound.goes_on(5)  # the die's highest value
    assert plan("1d6!!p").chain.penetrate


def test_a_separate_chain_rerolls_each_of_its_dice_a_compounded_one_its_sum():
    # 1d3!r1: each die of the chain a unit of its own, a 1 rerolled (1/3 -> 2 or 3)
    first, total = plan("1d3!r1").chain.transitions(plan("1d3!r1"), False)
    assert total == 3 * 2 and first == [(False, {2: 1, 3: 1}), (False, {2: 2}), (True, {3: 2})]
    # compounded: the unit is the chain's sum, its dice are not rerolled one by one
    first, total = plan("1d3!!r1").chain.transitions(plan("1d3!!r1"), False)
    assert total == 3 and first == [(False, {1: 1}), (False, {2: 1}), (True, {3: 1})]


@pytest.mark.parametrize("text", ["1d4!", "2d4!!", "1d4!p", "2d3!!p", "2d4!=1", "2d4!kh1",
                                  "2d3!r1", "1d4!!r1", "2d4!>=4kl1", "2d4min2!"])
def test_exploding_odds_are_the_enumeration(text):
    assert_exact(text)


def test_explosion_words_chains_and_separate_dice():
    result, _ = roll_with("3d6!", [6, 2, 3, 4])
    assert result["steps"][0] == "3d6!: 6 -> 2 = 8, 3, 4; 8 + 3 + 4 = 15"
    assert result["terms"][0]["values"] == [8, 3, 4] and "separate_explosions" not in result["terms"][0]
    # under keep/drop each explosion is a die of its own, the exploded one says so
    result, _ = roll_with("3d6!kh2", [6, 2, 3, 4])
    assert result["steps"][0] == "3d6!kh2: 6 (exploded), 2 (dropped), 3 (dropped), 4; 6 + 4 = 10"
    assert result["terms"][0]["separate_explosions"] is True
    assert result["terms"][0]["values"] == [6, 2, 3, 4]


def test_explosion_work_shape_is_a_die_several_rolls_deep():
    from tablecheck.dice.modifiers import EXPLODING, DieWork
    from tablecheck.dice.modifiers.explode import explosion_depth
    # the smallest depth whose chains leave less than eps out
    assert explosion_depth(6, 1e-12) == 16 and 6 ** -16 < 1e-12 < 6 ** -15
    die = DieWork(6, 6, 3)
    assert EXPLODING.die_work(notation.parse("3d6").dice_terms[0], die, 1e-12) is die
    # chains of up to 16 rolls: 16 x 5 outcomes over 96 values, summed by squaring
    assert EXPLODING.die_work(notation.parse("3d6!").dice_terms[0], die, 1e-12) == \
        DieWork(80, 96, 48, False)
    assert notation.term_work(notation.parse("3d6").dice_terms[0], 1e-12) == (48, 16, 9)


def test_chain_cap_is_the_depth_where_a_chain_goes_on_less_than_eps():
    from tablecheck.dice.modifiers.base import MAX_EXTRA
    from tablecheck.dice.modifiers.explode import Chain
    d6 = [(v == 6, {v: 1}) for v in range(1, 7)]
    # still going after e extra rolls: 6^-(e + 1); below 1e-12 from e = 15
    assert Chain.cap(d6, d6, 6, 1e-12) == 15
    always = [(True, {6: 1})]
    assert Chain.cap(always, always, 1, 1e-12) == MAX_EXTRA  # where the roller stops it


def _dice(text):
    return [t for t in notation.parse(text).dice_terms]


def test_separate_explosions_grow_the_pool_compounding_does_not():
    # notation.md: '!' adds each extra roll as a die of its own; '!!' adds it to the die
    assert [t.grows for t in _dice("2d6!+2d6!!+2d6!p+2d6")] == [True, False, True, False]
    # keep-all of a pool that can grow still keeps (the extra dice may be dropped)
    assert notation.parse("3d6!k3").dice_terms[0].keep is not None
    assert notation.parse("3d6!!k3").dice_terms[0].keep is None


def test_the_tail_left_out_is_shared_among_the_exploding_dice_only():
    from tablecheck.dice.notation_work import term_eps
    assert term_eps(notation.parse("2d6!+3d6"), 1e-12) == pytest.approx(5e-13)
    assert term_eps(notation.parse("2d6!!+1d4!p+1d8r1"), 3e-12) == pytest.approx(1e-12)
    assert term_eps(notation.parse("4d6kh3"), 1e-12) == 1e-12
