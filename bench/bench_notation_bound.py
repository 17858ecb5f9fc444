"""The 2 s bound of the dice notation (issue 25, notation.md "Limits"):
every call, roll or odds, answers within 2 s on the 2-core machine. Prints
the process time of the whole `api.resolve` (seeded dice; the same dice
entered) and of a cold `api.odds` (caches
emptied first) for the worst expressions built within the limits (200
characters, 1000 dice and 1000 sides a term, 1000 extra rolls a chain,
100,000 dice a roll). Asserts nothing: speed is measured here, not in
timed tests (tests/unit assert the work counts: dice rolled, steps).

    .venv/bin/python bench/bench_notation_bound.py [--only TEXT]

A row over the bound is marked '!!'.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from tablecheck import api  # noqa: E402
from tablecheck.dice import notation_odds  # noqa: E402

BOUND = 2.0  # seconds

# (why, expression): each near a limit or a worst case of one path
ROLLS = [
    ("issue 25: 12 s before the cap", "999d1000!>2"),
    ("100,000 dice: explosions", "1000d1000!>1"),
    ("100,000 dice: rerolls", "1000d1000r<1000"),
    ("100,000 dice: compounding", "1000d1000!!>1"),
    ("100,000 dice: penetrating, kept", "1000d1000!p>1kh999"),
    ("100,000 dice: unique with explosions", "1000d1000!>1u"),
    ("100,000 dice: counting, sorted, marked", "1000d1000!>1>=500f<10cs>999cf1sd"),
    ("100,000 dice: several keeps", "1000d1000!>1kh900dl100dh5"),
    ("100,000 dice: a group of one keeping dice", "{1000d1000!>1 + 1000d1000!>1}kh500"),
    ("100,000 dice: a group of sub-totals", "{1000d1000!>1, 1000d1000!>1}kh1"),
    ("100,000 dice: many terms", "+".join(["1000d1000!>1"] * 15)),
    ("unique, no explosions", "1000d1000u"),
    ("joined rerolls", "1000d1000r<999r1000"),
    ("the most plain dice in 200 characters", "+".join(["1000d1000"] * 20)),
]
ODDS = [
    # the largest of each shape that is still exact (found by doubling, then bisecting)
    ("largest exact: explosions on a compare point", "19d10!>=9"),
    ("largest exact: penetrating", "33d6!p"),
    ("largest exact: 10-again", "85d10>=8!"),
    ("largest exact: keep of separate explosions", "274d6!kh3"),
    ("largest exact: several keeps of explosions", "9d6!kh3dl1"),
    ("largest exact: joined rerolls", "84d100r1r100"),
    ("largest exact: rerolls of a d1000", "21d1000r1"),
    ("largest exact: compounding keep", "353d12!!kh3"),
    ("largest exact: reroll once", "180d20ro<3"),
    ("largest exact: both kinds of terms", "5d100! + 9d6!kh3dl1"),
    ("classic: at the estimate's limit", "12d100!"),
    ("classic: at the estimate's limit", "600d6"),
    ("classic: keep one of the largest pool", "1000d1000kh1"),
    ("issue 25: 3-4 s to refuse", "1000d2!kh999"),
    ("issue 25", "999d1000!>2"),
    ("keep with explosions", "1000d6!kh500"),
    ("several keeps with explosions", "20d6!kh10dl5"),
    ("several keeps", "1000d1000dh100dl100"),
    ("several keeps, small", "100d100kh50dl10"),
    ("counting", "1000d1000>=500"),
    ("counting with explosions", "1000d10>=8!"),
    ("rerolls", "1000d1000r1"),
    ("joined rerolls", "1000d1000r1r1000"),
    ("unique", "12d20u"),
    ("unique with explosions", "6d8!u"),
    ("groups", "{" + ", ".join(["1d1000!"] * 10) + "}kh5"),
    ("a group of one", "{1000d6 + 1000d8}kh500"),
    ("arithmetic", "1d1000*1d1000*1d1000"),
    ("functions", "round(1000d1000/7) + floor(1000d1000/3)"),
    ("many classic terms", "+".join(["100d100"] * 16)),
    ("many keep terms", "+".join(["1000d1000kh1"] * 14)),
    ("penetrating keep", "500d100!pkh250"),
    ("compounding keep", "1000d1000!!kh999"),
    ("fate", "1000dF.1>=1f<=-1"),
]


def seconds(fn):
    start = time.process_time()
    try:
        fn()
        err = ""
    except api.InvalidRequest as e:
        err = e.code
    return time.process_time() - start, err


def faces_of(result):
    """The faces a player enters for the same throw (the dice as rolled)."""
    out = []
    for r in result["rolls"]:
        v = r.get("rolled", r["value"])
        if r.get("penetrated") and "rolled" not in r:
            v += 1
        if r.get("fate"):
            v = {"dF": {-1: 1, 0: 2, 1: 3}, "dF.1": {-1: 1, 0: 2, 1: 6}}[r["fate"]][v]
        out.append(v)
    return out


def mark(t):
    return "!!" if t > BOUND else "  "


def roll_row(why, text):
    request = {"system": "dice", "check": "roll", "expression": text, "seed": 25}
    seeded, _ = seconds(lambda: api.resolve(request))
    result = api.resolve(request)
    entered_request = {"system": "dice", "check": "roll", "expression": text,
                       "dice": faces_of(result)}
    entered, _ = seconds(lambda: api.resolve(entered_request))
    worst = max(seeded, entered)
    notes = "; ".join(result.get("notes", []))[:60]
    print(f"{mark(worst)} {seeded:6.2f} {entered:6.2f} {len(result['rolls']):7d}  "
          f"{text[:40]:40s} {why} {notes}")
    return worst


def odds_row(why, text):
    notation_odds.clear_caches()
    t, err = seconds(lambda: api.odds({"system": "dice", "check": "roll", "expression": text}))
    print(f"{mark(t)} {t:6.2f} {err or 'exact':13s} {text[:48]:48s} {why}")
    return t


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", help="one expression (rolled and weighed)")
    args = parser.parse_args()
    rolls, odds = ROLLS, ODDS
    if args.only:
        rolls = odds = [("given", args.only)]
    print("Rolls (process seconds): seeded dice, the same dice entered, dice rolled")
    worst_roll = max(roll_row(w, t) for w, t in rolls)
    print("\nOdds (process seconds, caches emptied):")
    worst_odds = max(odds_row(w, t) for w, t in odds)
    print(f"\nworst roll {worst_roll:.2f} s, worst odds {worst_odds:.2f} s (bound {BOUND} s)")


if __name__ == "__main__":
    main()
