"""Shared by the Freedom Fantasies rules tests: API shortcuts and an
independent brute force over all the d20s rolled. The brute-force helpers
re-state the rules from the seed text on their own (they do not call the
game's rule functions)."""

import functools
import itertools
from fractions import Fraction

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest

SYS = "freedom_fantasies"


def resolve(check, **params):
    return api.resolve({"system": SYS, "check": check, **params})


def odds(check, **params):
    return api.odds({"system": SYS, "check": check, **params})


def exact(check, **params):
    """The exact odds as Fractions (from the API's "n/d" strings)."""
    return {k: Fraction(v) for k, v in odds(check, **params)["exact"].items()}


def bad(check, field, **params):
    with pytest.raises(InvalidRequest) as err:
        api.resolve({"system": SYS, "check": check, **params})
    assert err.value.field == field, err.value
    return err.value


def all_rolls(n):
    """Every ordered outcome of n d20 (20^n of them)."""
    return itertools.product(range(1, 21), repeat=n)


def kept_face(faces, adv, dis):
    net = adv - dis
    return max(faces) if net > 0 else min(faces) if net < 0 else faces[0]


@functools.lru_cache(maxsize=None)
def kept_counts(adv, dis):
    """How many of the 20^n ordered rolls of n = 1 + |adv - dis| d20 keep
    each face (counted by enumerating every roll, once per (adv, dis))."""
    n = 1 + abs(adv - dis)
    counts = [0] * 21
    for faces in all_rolls(n):
        counts[kept_face(faces, adv, dis)] += 1
    return tuple(counts), 20 ** n


def brute(adv, dis, label_of):
    """{label: Fraction} over every roll of 1 + |adv - dis| d20."""
    counts, total = kept_counts(adv, dis)
    out = {}
    for face in range(1, 21):
        label = label_of(face)
        out[label] = out.get(label, 0) + Fraction(counts[face], total)
    return {k: v for k, v in out.items() if v}


def brute_skill_label(face, result, dc, gm=False):
    # seed: natural 20 -> fantastic whatever the result (critical);
    # < DC fail; DC..DC+9 partial; >= DC+10 fantastic; GM checks binary
    if gm:
        return "success" if face == 20 or result >= dc else "fail"
    if face == 20:
        return "critical_success"
    if result < dc:
        return "fail"
    if result < dc + 10:
        return "partial_success"
    return "fantastic_success"


def full(probs, labels):
    return {label: probs.get(label, Fraction(0)) for label in labels}


SKILL_LABELS = ["critical_success", "fantastic_success", "partial_success", "success", "fail"]


ATTACK_LABELS = ["critical_hit", "direct_hit", "glancing_hit", "miss"]


EFFECT_LABELS = ["lucky_escape", "success", "fail"]


LUCK_LABELS = ["lucky_break", "success", "fail"]


TARGET = {"finesse": 2, "flair": 1, "fight": 3, "focus": 1, "flight": 2}


COUNTS = [(a, d) for a in range(4) for d in range(4) if abs(a - d) <= 3]


def brute_attack(adv, dis, bonus, edc, dr, defense):
    def label(f):
        r = f + bonus
        if f == 20:
            return "critical_hit"
        if r < edc:
            return "miss"
        return "glancing_hit" if r < edc + 10 else "direct_hit"

    def dmg(f):
        lab = label(f)
        return 0 if lab == "miss" else max(dr - defense, 0) if lab == "glancing_hit" else 2 * dr
    return brute(adv, dis, label), brute(adv, dis, dmg)


def brute_luck(adv, dc, reroll):
    """(labels, favourability) over every roll (and, with the Lucky reroll,
    every pair of first roll and reroll: the reroll counts when the first
    result failed)."""
    n = 1 + adv
    names = ["very_unfavourable", "unfavourable", "neutral", "favourable", "highly_favourable"]

    def label(f):
        if dc is None:  # no DC: nothing is tested; success unless a lucky break
            return "lucky_break" if f == 20 else "success"
        return "lucky_break" if f == 20 else "success" if f >= dc else "fail"

    def rerolled(f):  # with a DC only a failure; with no DC always, once
        return reroll and (dc is None or label(f) == "fail")
    firsts = [max(faces) for faces in all_rolls(n)]
    seconds = firsts if reroll else [None]
    final = [0] * 21
    for f in firsts:
        for g in seconds:
            final[g if rerolled(f) else f] += 1
    total = len(firsts) * len(seconds)
    labels, favs = {}, {}
    for f in range(1, 21):
        p = Fraction(final[f], total)
        labels[label(f)] = labels.get(label(f), 0) + p
        fav = names[min(f // 5, 4)]
        favs[fav] = favs.get(fav, 0) + p
    return labels, favs
