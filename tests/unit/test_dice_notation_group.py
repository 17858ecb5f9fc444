"""A group of one expression with keep/drop keeps dice (issue 14; notation.md
is silent, rpg-dice-roller's reading: docs guide/notation/group-rolls.md
"Single sub-roll", KeepModifier.run): `{4d6 + 2d8}kh3` keeps the three
highest of all six dice; constants stay in the total; counting on such a
group counts its total (1 or 0). Exact odds against a brute force written
here (every way the dice fall, the rule applied plainly), rolls with
entered dice against the rule, the bounds, the card's dice flags."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from tablecheck.dice import Tray, notation
from tablecheck.errors import InvalidRequest
from tablecheck.games.dice_roller import roll as dice_roller
from games.dice_roller.test_roll import roll  # (result, tray) of entered dice, as the API resolves them


# -- the brute force: a pool of (value, term) dice, the keep applied plainly ---------
def die_faces(sides, lo=None, reroll_once=None):
    """{value: probability} of one die (min, or a reroll once on a value)."""
    out = Counter()
    for f in range(1, sides + 1):
        v = max(f, lo) if lo is not None else f
        if reroll_once is not None and v == reroll_once:
            for g in range(1, sides + 1):
                out[g] += Fraction(1, sides * sides)
        else:
            out[v] += Fraction(1, sides)
    return out


FATE = Counter({-1: Fraction(1, 3), 0: Fraction(1, 3), 1: Fraction(1, 3)})


def brute(terms, keep, value):
    """terms: [(count, faces)]; keep: (kind, n); value(sums) -> total.
    Every outcome of every die; the dice ranked by value, earlier dice (in
    rolling order) winning ties; each term sums its kept dice."""
    dice = [(i, faces) for i, (count, faces) in enumerate(terms) for _ in range(count)]
    kind, n = keep
    out = Counter()
    for outcome in product(*[list(f.items()) for _, f in dice]):
        p = Fraction(1)
        for _, q in outcome:
            p *= q
        values = [v for v, _ in outcome]
        order = list(range(len(values)))
        high = kind in ("kh", "dl")
        order.sort(key=lambda j: (-values[j] if high else values[j], j))
        # notation.md: "N larger than the dice actually rolled keeps all / drops all"
        kept = min(n, len(values)) if kind[0] == "k" else max(len(values) - n, 0)
        chosen = set(order[:kept])
        sums = [0] * len(terms)
        for j in chosen:
            sums[dice[j][0]] += values[j]
        out[value(sums)] += p
    return dict(out)


def d(sides):
    return die_faces(sides)


CASES = [
    ("rpg-dice-roller {2d4+1d6}kh2", "{2d4+1d6}kh2", [(2, d(4)), (1, d(6))], ("kh", 2), sum),
    ("keep lowest {2d4+1d6}kl2", "{2d4+1d6}kl2", [(2, d(4)), (1, d(6))], ("kl", 2), sum),
    ("drop lowest {2d4+1d6}dl1", "{2d4+1d6}dl1", [(2, d(4)), (1, d(6))], ("dl", 1), sum),
    ("drop highest {2d4+1d6}dh1", "{2d4+1d6}dh1", [(2, d(4)), (1, d(6))], ("dh", 1), sum),
    ("subtracted term ranked by its face {2d4-1d6}kh2", "{2d4-1d6}kh2", [(2, d(4)), (1, d(6))],
     ("kh", 2), lambda s: s[0] - s[1]),
    ("ties go to the earlier term {1d4-1d4}kh1", "{1d4-1d4}kh1", [(1, d(4)), (1, d(4))], ("kh", 1),
     lambda s: s[0] - s[1]),
    ("ties go to the earlier term, lowest {1d4-1d4}kl1", "{1d4-1d4}kl1", [(1, d(4)), (1, d(4))],
     ("kl", 1), lambda s: s[0] - s[1]),
    ("a constant stays in the total {2d6+3}kh1", "{2d6+3}kh1", [(2, d(6))], ("kh", 1),
     lambda s: s[0] + 3),
    ("one term is the term's keep {4d4}kh3", "{4d4}kh3", [(4, d(4))], ("kh", 3), sum),
    ("a product {1d4*(1+2d4)}kh2", "{1d4*(1+2d4)}kh2", [(1, d(4)), (2, d(4))], ("kh", 2),
     lambda s: s[0] * (1 + s[1])),
    ("min on a term {2d4min2+1d6}kh2", "{2d4min2+1d6}kh2", [(2, die_faces(4, lo=2)), (1, d(6))],
     ("kh", 2), sum),
    ("reroll once on a term {2d4ro1+1d4}dl1", "{2d4ro1+1d4}dl1",
     [(2, die_faces(4, reroll_once=1)), (1, d(4))], ("dl", 1), sum),
    ("fate dice in the pool {2dF+1d4}kl2", "{2dF+1d4}kl2", [(2, FATE), (1, d(4))], ("kl", 2), sum),
    ("three terms {1d4+1d6+1d8}kh2", "{1d4+1d6+1d8}kh2", [(1, d(4)), (1, d(6)), (1, d(8))],
     ("kh", 2), sum),
    ("a function {floor(2d6/2)+1d4}kh2", "{floor(2d6/2)+1d4}kh2", [(2, d(6)), (1, d(4))],
     ("kh", 2), lambda s: s[0] // 2 + s[1]),
    # issue 25, notation.md: "N larger than the dice actually rolled keeps all / drops all"
    ("keep past the group's dice {2d4+1d6}kh5", "{2d4+1d6}kh5", [(2, d(4)), (1, d(6))],
     ("kh", 5), sum),
    ("drop all of the group's dice {2d4+1d6+2}dl3", "{2d4+1d6+2}dl3", [(2, d(4)), (1, d(6))],
     ("dl", 3), lambda s: sum(s) + 2),
    ("drop past the group's dice {2d4-1d6}dh4", "{2d4-1d6}dh4", [(2, d(4)), (1, d(6))],
     ("dh", 4), lambda s: s[0] - s[1]),
    ("keep lowest past the group's dice {1d4*1d6}kl3", "{1d4*1d6}kl3", [(1, d(4)), (1, d(6))],
     ("kl", 3), lambda s: s[0] * s[1]),
]


@pytest.mark.parametrize("text, terms, keep, value", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_group_of_one_keeps_dice_with_odds_equal_to_brute_force(text, terms, keep, value):
    dist = notation.distribution(text)
    assert dist.tail() == 0
    assert dist.probs() == brute(terms, keep, value)


def test_counting_a_group_of_one_counts_its_total_as_rpg_dice_roller():
    # rpg-dice-roller: "Single sub-rolls, will only ever return a result of 1 or 0"
    total = brute([(2, d(4)), (1, d(6))], ("kh", 2), sum)
    p = sum(q for t, q in total.items() if t >= 7)
    assert notation.distribution("{2d4+1d6}kh2>=7").probs() == {1: p, 0: 1 - p}
    plain = Counter()
    for a, b in product(range(1, 7), repeat=2):
        plain[1 if a + b + 5 > 9 else 0] += Fraction(1, 36)
    assert notation.distribution("{2d6+5}>9").probs() == dict(plain)


def test_unique_term_in_a_group_of_one():
    # {2d4u+1d4}kh2: the 2d4u pair is never a double; then the keep ranks all three
    pair = {(a, b): Fraction(1, 16) for a in range(1, 5) for b in range(1, 5) if a != b}
    for a in range(1, 5):  # a double: the second die is rerolled until it differs
        for b in range(1, 5):
            if b != a:
                pair[(a, b)] += Fraction(1, 16) * Fraction(1, 3)
    out = Counter()
    for (a, b), p in pair.items():
        for c in range(1, 5):
            out[sum(sorted([a, b, c], reverse=True)[:2])] += p / 4
    assert notation.distribution("{2d4u+1d4}kh2").probs() == dict(out)


def test_nested_group_inside_is_not_ranked():
    # {{1d4, 1d4}kh1 + 2d4}kh1: the nested group's value adds; only 2d4's dice are ranked
    out = Counter()
    for a, b, c, e in product(range(1, 5), repeat=4):
        out[max(a, b) + max(c, e)] += Fraction(1, 256)
    assert notation.distribution("{{1d4, 1d4}kh1 + 2d4}kh1").probs() == dict(out)


def test_exploding_dice_in_a_group_of_one_are_separate_dice():
    # {1d4!+1d4}kh1: every die an explosion adds is ranked on its own (max of all dice)
    dist = notation.distribution("{1d4!+1d4}kh1")
    exact = Counter()
    depth = 8  # chains of the first die up to 8 rolls; the rest is cut
    cut = Fraction(1, 4 ** depth)
    for k in range(depth):  # k fours, then a face r < 4
        for r in range(1, 4):
            chain = [4] * k + [r]
            for other in range(1, 5):
                exact[max(chain + [other])] += Fraction(1, 4 ** (k + 1)) / 4
    probs = dist.probs()
    assert 0 < dist.tail() < Fraction(1, 10**12)
    for t in set(probs) | set(exact):
        assert exact.get(t, 0) <= probs.get(t, 0) <= exact.get(t, 0) + cut


# -- rolling: entered dice against the rule ----------------------------------------------
@pytest.mark.parametrize("expression, dice, total, kept", [
    pytest.param("{4d6+2d8}kh3", [2, 5, 1, 6, 7, 3], 18, [False, True, False, True, True, False],
                 id="rpg-dice-roller keeps the three highest of all dice"),
    pytest.param("{4d6+2d8}kh3", [6, 6, 6, 6, 6, 6], 18, [True, True, True, False, False, False],
                 id="ties go to the earlier dice"),
    pytest.param("{2d6-1d6}kh2", [1, 4, 6], -2, [False, True, True],
                 id="the subtracted die is ranked by its face"),
    pytest.param("{4d6+3}dl1", [3, 1, 4, 2], 12, [True, False, True, True],
                 id="the constant stays in the total"),
    pytest.param("{2d10*1d4}k1", [7, 2, 3], 7 * 0, [True, False, False],
                 id="rpg-dice-roller a term with no kept die counts 0"),
    pytest.param("{2d4!+1d6}kh2", [4, 4, 1, 2, 5], 9, [True, False, False, False, True],
                 id="explosion dice are ranked on their own"),
    pytest.param("{3d6+2}kh2>=10", [5, 4, 1], 1, [True, True, False],
                 id="rpg-dice-roller counting counts the group's total"),
    # issue 25, notation.md: "N larger than the dice actually rolled keeps all / drops all"
    pytest.param("{2d6}dl2+3", [4, 5], 3, [False, False], id="notation drops all of the group's dice"),
    pytest.param("{2d6+1d4}kh7", [4, 5, 2], 11, [True, True, True],
                 id="notation keeps all of the group's dice"),
])
def test_entered_dice_give_the_group_of_one_rule(expression, dice, total, kept):
    result, tray = roll(expression, dice)
    assert result["total"] == total
    assert [d.kept for d in tray.dice] == kept
    assert result["min"] <= total <= (result["max"] if result["max"] is not None else total)


def test_group_of_one_steps_and_terms_show_the_dropped_dice():
    result, tray = roll("{4d6+2d8}kh3", [2, 5, 1, 6, 7, 3])
    assert result["expression"] == "{4d6 + 2d8}kh3"
    assert result["steps"][:3] == ["4d6: 2 (dropped), 5, 1 (dropped), 6; 5 + 6 = 11",
                                   "2d8: 7, 3 (dropped); kept 7",
                                   "{4d6 + 2d8}kh3: 18"]
    terms = {t["term"]: t for t in result["terms"]}
    assert terms["4d6"]["total"] == 11 and terms["2d8"]["total"] == 7
    assert terms["4d6"]["kept"] == [False, True, False, True]


def test_group_of_one_bounds():
    # min and max of the kept dice (every die at its lowest / highest)
    for text, low, high in [("{4d6+2d8}kh3", 3, 22), ("{4d6+3}dl1", 6, 21), ("{2d4+1d6}kl2", 2, 8),
                            ("{4d6}kh3", 3, 18)]:
        expr = notation.parse(text)
        assert notation.bounds(expr.root) == (low, high), text
        dist = notation.distribution(text)
        assert (min(dist.weights), max(dist.weights)) == (low, high), text
    # subtraction: each term between its fewest and most kept dice (a range that holds)
    low, high = notation.bounds(notation.parse("{2d4-1d6}kh2").root)
    support = notation.distribution("{2d4-1d6}kh2").weights
    assert low <= min(support) and max(support) <= high


def test_group_of_one_too_big_for_odds_still_rolls():
    text = "{50d6+50d8}dl3"
    with pytest.raises(InvalidRequest) as err:
        notation.distribution(text)
    assert err.value.code == "odds_too_big" and err.value.to_dict()["odds_only"] is True
    from tablecheck.dice import SeededSource
    result = dice_roller.resolve({"expression": text}, Tray(SeededSource(3)))
    assert result["min"] <= result["total"] <= result["max"]


def test_card_draws_the_dropped_dice_of_a_group_of_one():
    from tablecheck import api
    out = api.resolve({"system": "dice", "check": "roll", "expression": "{2d6+1d8}kh2",
                       "dice": [1, 5, 8]})
    assert out["total"] == 13
    assert [r["kept"] for r in out["rolls"]] == [False, True, True]
    assert [d.get("marks", []) for d in out["card"]["dice"]] == [["dropped"], [], []]
    facts = {f["label"]: f["value"] for f in out["card"]["facts"]}
    assert facts["2d6"] == "5" and facts["1d8"] == "8" and facts["Max"] == "14"
