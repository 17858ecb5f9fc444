from tablecheck.dice import notation

from .roll_with import roll_with


def test_min_and_max_clamp_every_die_as_it_is_rolled():
    result, dice = roll_with("3d6min2max5", [1, 4, 6])
    assert result["total"] == 2 + 4 + 5
    assert [d.to_dict().get("rolled") for d in dice] == [1, None, 6]
    assert (result["min"], result["max"]) == (6, 15)


def test_min_and_max_are_written_back_and_refused_twice():
    assert notation.parse("4d6 max5 min2").text == "4d6min2max5"
    import pytest
    from tablecheck.errors import InvalidRequest
    with pytest.raises(InvalidRequest, match="a second min at position 8"):
        notation.parse("4d6min2min3")


def test_min_the_function_is_not_the_modifier():
    assert notation.parse("min(1d6, 3)").text == "min(1d6, 3)"


def test_its_odds_part_is_each_face_clamped():
    from .enumerate import plan
    assert plan("2d6min3max5").faces == {3: 3, 4: 1, 5: 2}
    assert plan("2d6").faces == {v: 1 for v in range(1, 7)}
    assert plan("2dF").faces == {-1: 1, 0: 1, 1: 1}


def test_min_max_odds_are_the_enumeration():
    from .enumerate import assert_exact
    for text in ("2d4min2", "3d4max3kh2", "2d4min2max3", "2d4min-1", "2d4max2!"):
        assert_exact(text)
