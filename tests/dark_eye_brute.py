"""Independent brute force for The Dark Eye's tests (tests/unit/games/dark_eye/):
the rules written out again here, independently of the package, and the
requests the tests share."""

import itertools
from fractions import Fraction

from tablecheck import api


def resolve(check, **params):
    return api.resolve({"system": "dark_eye", "check": check, **params})


def odds(check, **params):
    return api.odds({"system": "dark_eye", "check": check, **params})


def exact(result):
    """The odds' exact outcome Fractions."""
    return {k: Fraction(v) for k, v in result["exact"].items()}


# -- independent brute force -----------------------------------------------------
def bf_ql(left):
    """Quality Levels chart, written out."""
    table = {range(0, 4): 1, range(4, 7): 2, range(7, 10): 3, range(10, 13): 4, range(13, 16): 5}
    for r, ql in table.items():
        if left in r:
            return ql
    return 6


def bf_skill_roll(eavs, rating, faces):
    """(outcome, QL) of one skill check by the readings, for given dice."""
    if any(e < 1 for e in eavs):
        return "failure", 0
    ones = sum(1 for f in faces if f == 1)
    twenties = sum(1 for f in faces if f == 20)
    need = 0
    for f, e in zip(faces, eavs):
        if f > e:
            need += f - e
    if twenties == 3:
        return "spectacular_botch", 0
    if twenties == 2:
        return "botch", 0
    left = rating - need
    if ones == 3:
        return "spectacular_success", bf_ql(left)
    if ones == 2:
        return "critical_success", bf_ql(left) if left >= 0 else 1
    if left >= 0:
        return "success", bf_ql(left)
    return "failure", 0


def bf_skill(eavs, rating):
    """{(outcome, QL): Fraction} over all 8000 throws."""
    out = {}
    if any(e < 1 for e in eavs):
        return {("failure", 0): Fraction(1)}
    for faces in itertools.product(range(1, 21), repeat=3):
        key = bf_skill_roll(eavs, rating, faces)
        out[key] = out.get(key, 0) + 1
    return {k: Fraction(v, 8000) for k, v in out.items()}


_BF_CACHE = {}


def bf_skill_cached(eavs, rating):
    key = (tuple(eavs), rating)
    if key not in _BF_CACHE:
        _BF_CACHE[key] = bf_skill(list(eavs), rating)
    return _BF_CACHE[key]


def bf_kind(outcome):
    if outcome in ("spectacular_success", "critical_success"):
        return "crit"
    if outcome in ("botch", "spectacular_botch"):
        return "botch"
    return outcome  # success / failure


def bf_attribute(eav):
    out = {"critical_success": 0, "success": 0, "failure": 0, "botch": 0}
    if eav < 1:
        out["failure"] = Fraction(1)
        return out
    for a, b in itertools.product(range(1, 21), repeat=2):
        # each first face is weighted 20 times; b only matters after a 1 or 20
        if a == 1:
            key = "critical_success" if (b <= eav and b != 20) else "success"
        elif a == 20:
            key = "failure" if (b <= eav and b != 20) else "botch"
        else:
            key = "success" if a <= eav else "failure"
        out[key] += Fraction(1, 400)
    return out

def bf_contest(ka, qa, kb, qb, passive):
    """The competitive readings, written independently: (outcome, QL)."""
    if ka == "crit" and kb == "crit":
        return "unresolved", 0
    good = ("crit", "success")
    va, vb = (qa if ka in good else 0), (qb if kb in good else 0)
    if ka == "crit":
        return "a_wins", max(1, va - vb)
    if kb == "crit":
        return "b_wins", max(1, vb - va)
    if ka == "botch" and kb == "botch":
        return "unresolved", 0
    # a botch is an automatic failure (reading): it counts as failing below
    if va > vb:
        return "a_wins", va - vb
    if vb > va:
        return "b_wins", vb - va
    if passive is None:
        return "unresolved", 0
    return passive + "_wins", 1


def bf_competitive(dist_a, dist_b, passive, with_ql=False):
    outcomes = {"a_wins": 0, "b_wins": 0, "unresolved": 0}
    qls = {"a_wins": {}, "b_wins": {}}
    for (ka, qa), pa in dist_a.items():
        for (kb, qb), pb in dist_b.items():
            outcome, ql = bf_contest(ka, qa, kb, qb, passive)
            outcomes[outcome] += pa * pb
            if outcome != "unresolved":
                qls[outcome][str(ql)] = qls[outcome].get(str(ql), 0) + pa * pb
    return (outcomes, qls) if with_ql else outcomes


def bf_side(attrs, rating, modifier=0):
    out = {}
    for (outcome, ql), p in bf_skill_cached([a + modifier for a in attrs], rating).items():
        key = (bf_kind(outcome), ql)
        out[key] = out.get(key, 0) + p
    return out


def cum(dice, **params):
    base = {"attributes": [12, 12, 12], "rating": 12, "max_checks": 5}
    base.update(params)
    return resolve("cumulative", dice=dice, **base)


def hero(rating, attributes=(12, 12, 12), **more):
    return {"attributes": list(attributes), "rating": rating, **more}


def skill(target, rating=4, attributes=(12, 12, 12), **more):
    return {"attributes": list(attributes), "rating": rating, "target": target, **more}
