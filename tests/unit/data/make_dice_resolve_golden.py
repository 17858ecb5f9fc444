#!/usr/bin/env python3
"""Writes dice_resolve_golden.json: `api.resolve` answers of the generic
roller (seeded, entered dice, names, errors), from the reference path (the
Roller, RollResult.to_dict, roll_card). tests/unit/test_dice_quick.py
compares today's answers, quick path included, with them.

    .venv/bin/python tests/unit/data/make_dice_resolve_golden.py

The file was first written by the code before the quick path (issue 14,
performance: commit 23fe730), then again with only two changes: the steps
of a group's sub-totals ('{4d6 + 2, 3d8}kh1: 17, 5 (dropped)') and sorted
terms' `sort`, `dice` and card groups. Run it only to change answers on
purpose, and check the differences (git diff) before keeping them.
"""

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "py"))

from tablecheck import api  # noqa: E402

# bench/bench_peers.py's expressions, and ones from the notation's tests
EXPRESSIONS = [
    "3d6+2", "4d6kh3", "2d20kl1", "10d10kh2", "1d10+1d4-1", "d%", "2d8!", "4d6r1kh3",
    "2d6ro<2", "4d6min2", "(2d6+3)*2", "1d10!>=9", "4d6!kh3", "{1d8!, 1d6!}kh1",
    "2D6-2", "1d20", "2d20kh1", "4d6k3", "4d6d1", "4d6dh1", "3d6!!", "2d6!!kl1", "2d6!kl1",
    "1d6!p", "3d6!p", "2d6!!p", "4d10!!kh2", "4d6r1", "2d6r<2", "1d6ro1", "8d10>=7",
    "8d10>=8", "8d10>=8!", "6d10>=8f1", "10d6>=5", "4dF+2", "4dF.1", "dF", "4d6max4",
    "2d6min2max5", "floor(3d6/2)", "ceil(1d6/4)", "round(1d10/4)", "abs(1d6-4)",
    "max(1d20, 1d20)", "min(1d20, 1d20)+5", "1d4/3", "2d6%4", "2^1d4", "-1d6", "-(1d6+2)",
    "2d6+3 # fire damage", "2d6[fire]+1d6[cold]", "1d20 // attack", "{4d6+2, 3d8}k1",
    "{1d20, 1d20}kl1", "{2d6, 2d6, 2d6}>=7", "4d6sd", "4d6kh3s", "4d6sa", "1d20cs>=19cf1",
    "3d6cs", "4d6u", "4d6uo", "8d10!10>=8", "4d6!=3", "(2*3)d6", "d100", "1d10+1d10+1d10",
    "3d6 + 1d4[bless] - 2", "4d6!r1kh3>=4", "1.5*1d4", "2d6*2d6", "100d6", "1d6!>=5",
]
NAMES = [{}, {"labels": {"": "Fireball"}}, {"characters": {"": "Alrik"}},
         {"labels": {"": "Attack"}, "characters": {"": "Alrik"}, "side": ""}]


def answer(request):
    try:
        return {"result": api.resolve(request, quick=False)}
    except api.InvalidRequest as e:
        return {"error": e.to_dict()}


def faces_of(result):
    """The faces a player enters for the same throw: the dice as rolled
    (Fate dice as -1/0/+1, min/max before clamping, penetrated dice before
    the -1). api.resolve's `replay` gives them too (tests/unit/test_paths.py
    checks the two agree)."""
    out = []
    for r in result["rolls"]:
        v = r.get("rolled", r["value"])
        if r.get("penetrated") and "rolled" not in r:
            v += 1
        out.append(v)
    return out


def cases():
    rnd = random.Random(14)
    out = []
    for text in EXPRESSIONS:
        base = {"system": "dice", "check": "roll", "expression": text}
        for seed in (1, 2, 3, 20261201):
            names = NAMES[seed % len(NAMES)]
            out.append(dict(base, seed=seed, **names))
        first = api.resolve(dict(base, seed=7), quick=False)
        faces = faces_of(first)
        out.append(dict(base, dice=faces))
        if faces:
            out.append(dict(base, dice=faces[:-1]))  # one missing
        out.append(dict(base, dice=faces + [1]))  # one too many
        top = max(r["sides"] for r in first["rolls"]) if first["rolls"] else 6
        out.append(dict(base, dice=[rnd.choice((1, top)) for _ in faces]))  # chains, rerolls
    return out


def main():
    data = [{"request": req, **answer(req)} for req in cases()]
    path = HERE / "dice_resolve_golden.json"
    path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"{path}: {len(data)} cases, {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
