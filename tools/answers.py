"""Every answer of the API, as JSON lines, to show that a change of
structure changes no behaviour (issue 26): run it before and after and diff.

    .venv/bin/python tools/answers.py > before.jsonl   # on main
    .venv/bin/python tools/answers.py > after.jsonl    # on the branch
    diff before.jsonl after.jsonl

It writes the catalog; for each request of tests/every_check.py and the
roller expressions of tests/unit/test_paths.py, `api.odds` and `api.resolve`
with 25 seeds, each follow-up its card offers (seeded); and the bad requests
of tests/unit/test_junk.py's kind (a wrong field per check)."""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from every_check import REQUESTS  # noqa: E402
from tablecheck import api  # noqa: E402

EXPRESSIONS = [
    "4dF+2", "4dF.1-1", "3dF!kh2", "2d6!", "1d10!!", "2d6!!p + 1d6!p", "4d6min2max5",
    "{1d8!, 1d6!}kh1 # wild", "2d6[fire]+1d6[cold] // mixed", "4d6r1kh3", "6d10>=8f1",
    "d%+1d10", "3d6u", "2d20kl1+5", "1d4/3 + floor(3d6/2)", "8d6!>5", "3d6cs>5cf<2",
    "4d6dl1", "10d10sa", "2d6ro<2", "1d6!!>4", "(2d6+3)*2",
]
FOLLOW_UP_CHECKS = [
    {"system": "dark_eye", "check": "attribute", "value": 12, "modifier": 0},
    {"system": "dark_eye", "check": "skill", "attributes": [12, 13, 11], "rating": 6,
     "aptitude": True, "skill": "Climbing"},
]
SEEDS = range(1, 26)
BAD_VALUES = [-1000, "x", None, 1.5, [], {}]


def out(kind, request, call):
    try:
        answer = call(json.loads(json.dumps(request)))
    except api.InvalidRequest as e:
        answer = {"error": e.to_dict()}
    print(json.dumps({"kind": kind, "request": request, "answer": answer}, sort_keys=True))
    return answer


def bad_requests(request):
    for key, value in request.items():
        if key in ("system", "check"):
            continue
        for bad in BAD_VALUES:
            yield dict(request, **{key: bad})


def main():
    out("catalog", None, lambda _: api.catalog())
    cases = REQUESTS + FOLLOW_UP_CHECKS + [
        {"system": "dice", "check": "roll", "expression": e} for e in EXPRESSIONS]
    for request in cases:
        out("odds", request, api.odds)
        for seed in SEEDS:
            first = out("resolve", dict(request, seed=seed), api.resolve)
            for action in (first.get("card") or {}).get("actions", []):
                follow = dict(action["request"], seed=seed)
                out("follow_up", follow, api.resolve)
        for bad in bad_requests(request):
            out("bad_resolve", dict(bad, seed=1), api.resolve)
            out("bad_odds", bad, api.odds)


if __name__ == "__main__":
    main()
