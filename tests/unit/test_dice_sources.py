"""tablecheck.dice.sources: where the dice come from (issue 3, "Dice
sources"; api.md `dice` and `seed`), and the fairness of the seeded source."""

import os
import random

import pytest

from tablecheck.dice import (EnteredSource, NeedMoreDice, SecureSource, SeededSource,
                             Tray, source_from_request)
from tablecheck.dice import sources
from tablecheck.dice.sources import MAX_MISSING
from tablecheck.errors import InvalidRequest


# -- the default and the choice of source --------------------------------------------
def test_secure_source_is_the_default():
    source = source_from_request({"system": "dice", "check": "roll"})
    assert isinstance(source, SecureSource)
    assert source.kind == "secure"
    assert isinstance(source._rng, random.SystemRandom)
    assert all(1 <= source.roll(6) <= 6 for _ in range(200))


def test_secure_source_rejects_the_partial_range_so_faces_are_equally_likely(monkeypatch):
    # 16-bit draws from os.urandom: for a d6 the values 65532..65535 (the
    # partial range above 6 x 10922) are thrown away; the rest read v % 6 + 1
    monkeypatch.setattr(sources, "_draws", iter([65533, 7, 65531]))
    source = SecureSource()
    assert source.roll(6) == 7 % 6 + 1
    assert source.roll(6) == 65531 % 6 + 1
    assert 1 <= source.roll(1000) <= 1000  # fresh draws are read when these are used up
    assert {source.roll(2) for _ in range(200)} == {1, 2}


def test_secure_source_rolls_several_dice_with_the_same_rejection(monkeypatch):
    # roll_many (the roller asks for a term's dice at once): the accepted
    # draws in order, a rejected one replaced by the next draw
    monkeypatch.setattr(sources, "_draws", iter([5, 65533, 7, 11, 0, 65535, 65534]))
    source = SecureSource()
    assert source.roll_many(6, 2) == [5 % 6 + 1, 7 % 6 + 1]  # 65533 thrown away
    assert source.roll_many(6, 1) == [11 % 6 + 1]
    assert source.roll_many(6, 2)[0] == 1  # 0, then 65535 and 65534 thrown away: fresh draws
    many = source.roll_many(20, 500)  # more than one buffer of draws
    assert len(many) == 500 and set(many) == set(range(1, 21))


def test_secure_draws_are_each_used_once_and_forgotten_by_a_forked_child():
    sources._forget_draws()
    first = sources._take(3)
    assert sources._take(3) != first and len(sources._take(200)) == 200
    if hasattr(os, "fork"):
        sources._take(1)  # draws buffered in the parent
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: its next draws are not the parent's
            os.write(w, repr(sources._take(8)).encode())
            os._exit(0)
        os.waitpid(pid, 0)
        child = eval(os.read(r, 1000).decode())
        assert child != sources._take(8)


def test_seed_and_dice_choose_their_sources():
    assert isinstance(source_from_request({"seed": 7}), SeededSource)
    assert isinstance(source_from_request({"dice": [1, 2]}), EnteredSource)


@pytest.mark.parametrize("request_, field", [
    ({"seed": 3, "dice": [1]}, "dice"),
    ({"seed": "3"}, "seed"),
    ({"seed": True}, "seed"),
    ({"seed": 1.5}, "seed"),
    ({"dice": "4 5"}, "dice"),
])
def test_bad_source_requests_name_the_field(request_, field):
    with pytest.raises(InvalidRequest) as err:
        source_from_request(request_)
    assert err.value.field == field


# -- seeded --------------------------------------------------------------------------
def test_seeded_source_same_seed_same_dice():
    a, b = SeededSource(2024), SeededSource(2024)
    rolls = [(s, a.roll(s)) for s in (4, 6, 8, 10, 12, 20, 100) * 20]
    assert rolls == [(s, b.roll(s)) for s, _ in rolls]
    c = SeededSource(2025)
    assert [c.roll(s) for s, _ in rolls] != [v for _, v in rolls]


def test_seeded_source_is_pinned_to_random_randint():
    # same numbers in the browser: Pyodide's random is CPython's Mersenne
    # Twister, so randint on the same seed is the contract
    rng = random.Random(99)
    source = SeededSource(99)
    assert [source.roll(20) for _ in range(50)] == [rng.randint(1, 20) for _ in range(50)]


# -- entered dice --------------------------------------------------------------------
def test_entered_dice_are_consumed_in_rolling_order():
    tray = Tray(EnteredSource([3, 6, 2, 5]))
    chain = tray.explode(6, "d6")
    assert [d.value for d in chain] == [3]
    chain = tray.explode(6, "d6 2")  # 6 explodes into the 2
    assert [d.value for d in chain] == [6, 2]
    assert chain[0].exploded and chain[1].label == "explosion of d6 2"
    assert tray.roll(8).value == 5
    tray.source.finish()


def test_entered_dice_too_few_say_how_many_more_of_which_size():
    source = EnteredSource([4])
    tray = Tray(source)
    tray.pool(3, 6, "d6")
    tray.roll(20, "confirmation")
    with pytest.raises(InvalidRequest) as err:
        source.finish()
    assert err.value.field == "dice"
    assert err.value.message.startswith("3 more dice needed: d6 (d6 2), d6 (d6 3), d20 (confirmation)")
    assert err.value.extra["needed"] == [
        {"sides": 6, "label": "d6 2"}, {"sides": 6, "label": "d6 3"},
        {"sides": 20, "label": "confirmation"}]


def test_entered_dice_missing_die_is_a_harmless_filler():
    # the filler neither explodes nor counts as a natural 1
    source = EnteredSource([])
    assert source.roll(6) == 2 and source.roll(20) == 2 and source.roll(2) == 1
    chain = Tray(EnteredSource([8])).explode(8, "d8")
    assert [d.value for d in chain] == [8, 2]


def test_entered_dice_too_many_names_them():
    source = EnteredSource([4, 5, 6])
    source.roll(6)
    with pytest.raises(InvalidRequest) as err:
        source.finish()
    assert err.value.field == "dice"
    assert "2 dice too many: 5, 6 were not used (this check needed 1)" == err.value.message


@pytest.mark.parametrize("face, sides", [(7, 6), (0, 6), (-1, 20), (21, 20), (101, 100), (11, 10)])
def test_entered_face_the_die_does_not_have_is_refused(face, sides):
    source = EnteredSource([1, face])
    source.roll(sides)
    with pytest.raises(InvalidRequest) as err:
        source.roll(sides, "die 2")
    assert err.value.field == "dice[1]"
    assert f"d{sides} (die 2) shows {face}; a d{sides} has faces 1-{sides}" == err.value.message


@pytest.mark.parametrize("face", [2.5, "4", True, None])
def test_entered_face_must_be_a_whole_number(face):
    with pytest.raises(InvalidRequest) as err:
        EnteredSource([face]).roll(6)
    assert err.value.field == "dice[0]"


@pytest.mark.parametrize("sides", [10, 100])
def test_rules_d10_face_0_is_read_as_10(sides):
    # rules.md (Shadows of the Unknown): a d10 face showing 0 is read as 10; a
    # percentile die shows 00 for 100
    source = EnteredSource([0, 4.0])
    assert source.roll(sides) == sides
    assert source.roll(sides) == 4
    source.finish()


def test_entered_dice_stop_after_too_many_missing():
    source = EnteredSource([])
    with pytest.raises(NeedMoreDice):
        for _ in range(MAX_MISSING + 1):
            source.roll(6)
    with pytest.raises(InvalidRequest, match=f"at least {MAX_MISSING} more dice needed"):
        source.finish()


def test_entered_dice_too_few_counts_every_missing_die_of_a_big_pool():
    # api.md: too few entered dice says how many more are needed (all 198, not a cap)
    from tablecheck import api
    with pytest.raises(InvalidRequest, match="198 more dice needed") as err:
        api.resolve({"system": "dice", "check": "roll", "expression": "200d6", "dice": [1, 2]})
    assert len(err.value.extra["needed"]) == 198


@pytest.mark.parametrize("source", [SecureSource(), SeededSource(1), EnteredSource([1])])
@pytest.mark.parametrize("sides", [0, 1001, 2.0])
def test_sources_refuse_impossible_dice(source, sides):
    with pytest.raises(ValueError):
        source.roll(sides)


# -- fairness: chi-square per die size on the seeded source -------------------------
# upper 0.1% points of chi-square with df = sides - 1 (published tables)
CRITICAL_999 = {3: 16.266, 5: 20.515, 7: 24.322, 9: 27.877, 11: 31.264, 19: 43.820,
                99: 148.230}


def chi_square_critical(df):
    return CRITICAL_999[df]


def chi_square(faces, sides):
    counts = [0] * (sides + 1)
    for f in faces:
        counts[f] += 1
    assert counts[0] == 0 and sum(counts) == len(faces)
    expected = len(faces) / sides
    return sum((c - expected) ** 2 / expected for c in counts[1:])


SIZES = [4, 6, 8, 10, 12, 20, 100]
ROLLS_PER_FACE = 300  # an off-by-one face (a face missing) adds 300 to the statistic


@pytest.mark.parametrize("sides", SIZES, ids=[f"fairness d{s}" for s in SIZES])
def test_fairness_seeded_source_chi_square(sides):
    source = SeededSource(20261129 + sides)
    faces = [source.roll(sides) for _ in range(ROLLS_PER_FACE * sides)]
    assert min(faces) == 1 and max(faces) == sides
    assert chi_square(faces, sides) < chi_square_critical(sides - 1)


class OffByOne(SeededSource):
    """A broken die: never shows its top face (randint(1, sides - 1))."""

    def roll(self, sides, label=""):
        return self._rng.randint(1, sides - 1)


class Loaded(SeededSource):
    """A broken die: the top face shows as 1 instead one time in two."""

    def roll(self, sides, label=""):
        face = self._rng.randint(1, sides)
        return 1 if face == sides and self._rng.random() < 0.5 else face


@pytest.mark.parametrize("broken", [OffByOne, Loaded])
@pytest.mark.parametrize("sides", SIZES, ids=[f"fairness catches d{s}" for s in SIZES])
def test_fairness_test_catches_a_broken_die(broken, sides):
    source = broken(20261129 + sides)
    faces = [source.roll(sides) for _ in range(ROLLS_PER_FACE * sides)]
    assert chi_square(faces, sides) > chi_square_critical(sides - 1)


def test_roll_many_gives_the_dice_of_as_many_rolls():
    # the roller draws a term's dice in one call where no die changes what the
    # next is for: the same faces and `given` as a roll() each
    one, many = SeededSource(9), SeededSource(9)
    assert many.roll_many(20, 5) == [one.roll(20) for _ in range(5)]
    assert many.given == one.given
    entered = EnteredSource([3, 4])
    assert entered.roll_many(6, 3, ["d6 1", "d6 2", "d6 3"]) == [3, 4, 2]  # the last: a filler
    assert entered.drawn() == [{"sides": 6, "label": "d6 1"}, {"sides": 6, "label": "d6 2"}]
    assert entered.needed() == [{"sides": 6, "label": "d6 3"}]


def test_tray_roll_many_records_each_die_with_its_label():
    tray = Tray(SeededSource(2))
    dice = tray.roll_many(8, ["d8 1", "d8 2"])
    assert tray.dice == dice and [d.label for d in dice] == ["d8 1", "d8 2"]
    again = Tray(SeededSource(2))
    assert [d.to_dict() for d in dice] == [again.roll(8, "d8 1").to_dict(), again.roll(8, "d8 2").to_dict()]
