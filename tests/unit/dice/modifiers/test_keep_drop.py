import pytest

from tablecheck.dice import notation
from tablecheck.errors import InvalidRequest

from .enumerate import assert_exact, plan
from .roll_with import roll_with


@pytest.mark.parametrize("text, faces, kept", [
    ("4d6kh3", [2, 5, 1, 6], [True, True, False, True]),
    ("4d6k", [2, 5, 1, 6], [False, False, False, True]),
    ("2d20kl1", [15, 4], [False, True]),
    ("4d6d1", [2, 5, 1, 6], [True, True, False, True]),
    ("4d6dh1", [6, 2, 6, 3], [True, True, False, True]),  # the earlier of equal dice wins
    ("4d10dh1dl2", [1, 5, 7, 10], [False, False, True, False]),  # each on what the one before left
])
def test_keep_and_drop_mark_the_dice(text, faces, kept):
    _, dice = roll_with(text, faces)
    assert [d.kept for d in dice] == kept


def test_keep_nothing_is_refused_and_a_count_past_the_pool_keeps_all():
    with pytest.raises(InvalidRequest) as err:
        notation.parse("4d6kh0")
    assert err.value.code == "range"
    assert roll_with("2d6kh5", [3, 4])[0]["total"] == 7
    assert roll_with("2d6dl5", [3, 4])[0]["total"] == 0


def test_a_group_of_one_expression_takes_one_keep():
    with pytest.raises(InvalidRequest, match="a second keep or drop on a group"):
        notation.parse("{4d6 + 2d8}kh3kl1")
    assert notation.parse("{4d6, 2d8}kh1kl1").text == "{4d6, 2d8}kh1kl1"


@pytest.mark.parametrize("text, position, words", [
    ("{1 + 2}kh1", 8, "no dice to keep in the group"),
    ("{4d6kh3 + 2d8}kh3", 5, "keep or drop on dice that the group keeps or drops"),
    ("{4d6>=5 + 2d8}kh3", 5, "counting dice that the group keeps or drops"),
])
def test_a_group_that_keeps_dice_needs_dice_kept_once(text, position, words):
    with pytest.raises(InvalidRequest, match=words) as err:
        notation.parse(text)
    assert err.value.extra["position"] == position


def test_dropped_dice_say_so_and_the_kept_sum():
    result, _ = roll_with("4d6r1kh3", [1, 3, 2, 4, 5])
    assert result["steps"][0] == "4d6r1kh3: 5 (rerolled 1), 3, 2 (dropped), 4; 5 + 3 + 4 = 12"


def test_keep_work_is_the_keep_programme_only_when_dice_are_left_out():
    from tablecheck.dice.modifiers import DieWork, KeepDrop
    die = DieWork(6, 6, 3)
    for text in ("4d6", "4d6kh4", "3d6kh5"):  # every die kept: the dice are summed
        assert KeepDrop().work(notation.parse(text).dice_terms[0], die) is None
    # 4d6kh3: 3 x 6 + 3 = 21 states, each trying 4 counts on each of 6 faces
    assert KeepDrop().work(notation.parse("4d6kh3").dice_terms[0], die) == (204, 18, 12)
    kh1, kh3 = (KeepDrop().work(notation.parse(t).dice_terms[0], DieWork(1000, 1000, 10))[0]
                for t in ("1000d1000kh1", "1000d1000kh3"))
    assert kh3 > 5 * kh1


def test_keep_window_is_the_kept_sum_of_every_pool():
    from itertools import product
    from tablecheck.dice import Dist
    from tablecheck.dice.notation_odds import Budget
    for text in ("4d6kh3", "4d6dl1dh1", "3d6kl1"):
        term = notation.parse(text).dice_terms[0]
        weights = {}
        for faces in product(range(1, 7), repeat=term.count):
            kept = term.keep.flags(list(faces))
            v = sum(f for f, k in zip(faces, kept) if k)
            weights[v] = weights.get(v, 0) + 1
        got = plan(text).kept_sum(Dist.uniform(6), term, Budget())
        assert got == Dist(weights, 6 ** term.count), text


def test_its_odds_part_is_the_window_that_changes_anything():
    from tablecheck.dice.notation_odds import plan_of
    assert plan("4d6kh3").window == notation.parse("4d6kh3").dice_terms[0].keep
    assert plan("4d6dl1dh1").window.text == "dl1dh1"
    # keeping every die of a pool explosions cannot grow changes nothing
    assert plan("4d6kh4").window is None and plan("4d6dl0").window is None
    assert plan("4d6!kh4").window is not None  # explosions may add dice
    group = plan_of(notation.parse("{4d6 + 2d8}kh3").root)
    assert group.window.text == "kh3" and group.faces is None


@pytest.mark.parametrize("text", ["3d4kh2", "4d3dl1dh1", "3d4kl1", "3d4!kh2", "3d4r1kl1",
                                  "3d4kh2>=3", "{2d4+1d3}kh2", "{2d4+1d3!}dl1", "{2d4, 1d6}kh1",
                                  "{1d4, 1d3, 1d4}dh1kl1", "{2d3*1d3}kh2"])
def test_keep_odds_are_the_enumeration(text):
    assert_exact(text)
