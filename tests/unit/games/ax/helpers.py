"""What the [ax] tests share: requests, the card's parts, and independent
brute force: full enumeration of the d10 faces for small pools, and
enumeration of face multisets (with multinomial weights) for the GM table
up to 8 dice."""

import itertools
from collections import Counter
from fractions import Fraction
from math import factorial

from tablecheck import api

SYS = "ax"


FACES = range(1, 11)


def req(check, dice=None, **params):
    out = {"system": "ax", "check": check}
    out.update(params)
    if dice is not None:
        out["dice"] = dice
    return out


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


def resolve(check, dice=None, **params):
    return api.resolve(req(check, dice, **params))


def card(result):
    return result["card"]


def facts(c):
    return {f["key"]: f["value"] for f in c["facts"]}


def assert_people_text(result):
    """Every text of the card is for people: no raw ids, no underscores."""
    c = result["card"]
    texts = [c["title"], c["subject"] or "", c["headline"]["label"], result["line"]]
    texts += [f["label"] + f["value"] for f in c["facts"]]
    texts += [g["title"] + g["summary"] for g in c["groups"]] + c["notes"]
    texts += [d["label"] + " ".join(d["notes"]) for d in c["dice"]]
    for t in texts:
        assert "_" not in t, t
