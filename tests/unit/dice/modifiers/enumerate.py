"""Brute-force odds of an expression (shared by the modifier tests): every
sequence of faces the roller can ask for, rolled through an entered tray,
each weighted by its chance; sequences longer than `depth` dice are left
out (their mass is returned)."""

from fractions import Fraction

from tablecheck.dice import EnteredSource, NeedMoreDice, Tray
from tablecheck.dice import notation
from tablecheck.dice.notation_odds import plan_of


def enumerated(text, depth=6):
    """({total: chance}, chance left out) of `text` rolled every way."""
    out, left = {}, Fraction(0)
    todo = [((), Fraction(1))]
    while todo:
        faces, chance = todo.pop()
        source = EnteredSource(faces)
        try:
            result = notation.roll(text, Tray(source))
        except NeedMoreDice:  # it asked for many more dice than entered
            result = None
        if result is not None and not source.missing:
            out[result.total] = out.get(result.total, 0) + chance
            continue
        if len(faces) == depth:
            left += chance
            continue
        sides = (source.missing or source.asked[len(faces):])[0][0]
        todo.extend((faces + (f,), chance / sides) for f in range(1, sides + 1))
    return out, left


def assert_exact(text, depth=6):
    """notation.distribution(text) is the enumeration: equal when nothing
    is left out; else each outcome within what either leaves out."""
    want, left = enumerated(text, depth)
    got = notation.distribution(text)
    probs = got.probs()
    if not left:
        assert got.tail() == 0 and probs == want, text
        return
    for v in set(want) | set(probs):
        assert want.get(v, 0) - got.tail() <= probs.get(v, 0) <= want.get(v, 0) + left, (text, v)


def plan(text):
    """The TermOdds of the first dice term of `text`."""
    return plan_of(notation.parse(text).dice_terms[0])
