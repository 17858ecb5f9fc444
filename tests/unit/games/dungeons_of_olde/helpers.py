"""Shared by the Dungeons of Olde tests: API shortcuts, what a readable card
is, and an independent brute force (explosion chains enumerated face by
face, never through Dist)."""

from fractions import Fraction

import pytest

import tablecheck.games.dungeons_of_olde as doo
from tablecheck import api
from tablecheck.errors import InvalidRequest
from tablecheck.params import validate

SYS = "dungeons_of_olde"


LABELS = ["automatic_success", "legendary_success", "critical_success", "solid_success",
          "success", "failure", "decisive_failure", "critical_failure",
          "catastrophic_failure"]


def roll(check, dice=None, **params):
    request = dict(system=SYS, check=check, **params)
    if dice is not None:
        request["dice"] = dice
    return api.resolve(request)


def exact_odds(check, **req):
    """The module's odds with Fractions (api.odds turns them into floats)."""
    c = doo.SYSTEM.check(check)
    return c.odds(validate(c.params, dict(system=SYS, check=check, **req)))


def bad(check, field, **req):
    with pytest.raises(InvalidRequest) as err:
        roll(check, **req)
    assert err.value.field == field, err.value
    with pytest.raises(InvalidRequest) as err2:
        api.odds(dict(system=SYS, check=check, **{k: v for k, v in req.items()
                                                   if k != "dice"}))
    if field != "dice":
        assert err2.value.field == field
    return err.value


def chains(sides, depth):
    """Every explosion chain of one exploding d`sides` with at most `depth`
    rolls, face by face: ([(total, probability)], probability cut off)."""
    out, tail = [], Fraction(0)
    stack = [(0, 0, Fraction(1))]
    while stack:
        total, rolls, p = stack.pop()
        for face in range(1, sides + 1):
            q = p / sides
            if face == sides:
                if rolls + 1 < depth:
                    stack.append((total + face, rolls + 1, q))
                else:
                    tail += q
            else:
                out.append((total + face, q))
    return out, tail


def two_dice(sides, depth):
    """Brute-force distribution of two exploding dice: ({total: p}, tail)."""
    one, t = chains(sides, depth)
    dist = {}
    for a, pa in one:
        for b, pb in one:
            dist[a + b] = dist.get(a + b, 0) + pa * pb
    return dist, 1 - (1 - t) ** 2


# The Critical Outcomes table, written out margin by margin (not computed).
TABLE = {}
for m in range(9, 2000):
    TABLE[m] = "legendary_success"
for m in (6, 7, 8):
    TABLE[m] = "critical_success"
for m in (3, 4, 5):
    TABLE[m] = "solid_success"
for m in (0, 1, 2):
    TABLE[m] = "success"
for m in (-1, -2):
    TABLE[m] = "failure"
for m in (-3, -4, -5):
    TABLE[m] = "decisive_failure"
for m in (-6, -7, -8):
    TABLE[m] = "critical_failure"
for m in range(-2000, -8):
    TABLE[m] = "catastrophic_failure"


RANKS = {-10: 4, -9: 4, -8: 3, -7: 3, -6: 3, -5: 2, -4: 2, -3: 2, -2: 1, -1: 1,
         0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3, 9: 4, 10: 4, 11: 4,
         12: 5}


def brute_categories(totals, cr):
    out = {label: Fraction(0) for label in LABELS}
    for total, p in totals.items():
        out[TABLE[total - cr]] += p
    return out


CATEGORY_CASES = [
    # stat, cr, adjustment, dice, total, outcome
    (8, 12, 0, [8, 6, 7], 21, "legendary_success"),
    (8, 12, 0, [8, 8, 8, 8, 1, 1], 34, "legendary_success"),
    (8, 12, 0, [8, 3, 7], 18, "critical_success"),
    (8, 12, 0, [7, 8, 4], 19, "critical_success"),
    (8, 11, 0, [7, 7], 14, "solid_success"),
    (8, 12, 1, [7, 7], 15, "solid_success"),
    (8, 12, 0, [5, 7], 12, "success"),
    (8, 12, 0, [6, 4], 10, "failure"),
    (8, 12, 0, [5, 4], 9, "decisive_failure"),
    (8, 12, 0, [2, 4], 6, "critical_failure"),
    (8, 12, 2, [1, 1], 4, "critical_failure"),
    (8, 12, 0, [1, 2], 3, "catastrophic_failure"),
    (4, 21, -3, [4, 4, 1, 2], 8, "catastrophic_failure"),
    (6, 15, 0, [6, 6, 6, 2, 1], 21, "critical_success"),
]


ENTERED = [
    ("check", dict(stat=8, cr=12), [8], ["explosion of stat die 1", "stat die 2"]),
    ("check", dict(stat=8, cr=12), [], ["stat die 1", "stat die 2"]),
    ("opposed", dict(instigator={"stat": 6}, target={"stat": 4}), [3, 4],
     ["explosion of target's stat die 2", "instigator's stat die 1",
      "instigator's stat die 2"]),
    ("assisted", dict(instigator={"stat": 6}, assistant={"stat": 4}, cr=9), [3, 2, 6],
     ["explosion of instigator's stat die 1", "instigator's stat die 2"]),
    ("scaling", dict(stat=4, cr=6, per_rank=3), [4, 4, 4], ["explosion of stat die 1",
                                                           "stat die 2"]),
    ("effect", dict(stat=6, count=3), [6, 2], ["effect die 2", "effect die 3"]),
]


CHECK_ODDS = [(2, 0, 0, 6), (2, 0, 0, 12), (3, 0, 1, 9), (4, 0, 0, 12), (4, -1, 2, 5),
              (6, 0, -2, 9), (3, 1, 0, 21), (5, 0, 0, 4)]


OPPOSED_ODDS = [(3, 0, 3, 0), (4, 1, 2, -1), (2, 0, 4, 2), (3, -2, 3, 0)]


ASSISTED_ODDS = [(3, 0, 2, 0, 9), (4, 1, 3, -1, 12), (2, 0, 4, 2, 6), (4, 0, 4, 0, 3)]


def _nested_or_doubled_brackets(text):
    depth = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if depth > 1:
            return True
    return ") (" in text


def odds(check, **params):
    return api.odds(dict(system=SYS, check=check, **params))


def facts(result):
    return {f["key"]: f["value"] for f in result["card"]["facts"]}


def assert_people_text(result):
    c = result["card"]
    texts = [c["title"], c["subject"] or "", c["headline"]["label"], result["line"]]
    texts += [f["label"] + f["value"] for f in c["facts"]] + c["notes"]
    texts += [g["title"] + g["summary"] for g in c["groups"]]
    texts += [d["label"] + " ".join(d["notes"]) for d in c["dice"]]
    texts += [ch["label"] + ch["text"] for ch in c["choices"]]
    for t in texts:
        assert "_" not in t, t


OPPOSED_DICE = [8, 1, 2, 6, 6, 2, 3]  # target 8 -> 1 = 9, 2: 11; instigator 14 + 3 = 17


def rows_match(answer):
    view = answer["display"]
    assert [(o["id"], o["p"]) for o in view["outcomes"]] == [
        (k, v) for k, v in answer["outcomes"].items() if v]
    for chart in view["charts"]:
        xs = [x for x, _ in chart["bars"]]
        assert xs == sorted(xs)
    return view


CHARACTER = {"name": "Ann", "sheet": {"numbers": {}, "tables": {
    "stats": [{"name": "Brawn", "value": 8}, {"name": "Savvy", "value": 6},
              {"name": "Broken", "value": 40}],
    "skills": [{"name": "Forage", "stat": "Savvy"}, {"name": "Lost", "stat": "Nowhere"}]}}}
