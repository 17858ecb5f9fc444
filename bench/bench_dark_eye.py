"""Benchmark: api.odds timings for The Dark Eye's heavy standard requests.

Usage: python3 bench/bench_dark_eye.py [runs]
Prints the median of several runs per request, cold (distribution caches
cleared before each run) and warm (caches kept). Standard library only.
"""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "py"))

from tablecheck import api  # noqa: E402
from tablecheck.games import dark_eye  # noqa: E402


def hero(attrs, rating, modifier=0):
    return {"attributes": list(attrs), "rating": rating, "modifier": modifier}


def skill(attrs, rating, target, modifier=0):
    """One skill of a cumulative check with several skills."""
    return {**hero(attrs, rating, modifier), "target": target}


REQUESTS = [
    ("attribute EAV 12", {"check": "attribute", "value": 12}),
    ("skill 12/13/14 SR 7", {"check": "skill", "attributes": [12, 13, 14], "rating": 7}),
    ("skill 16/15/17 SR 40, +5", {"check": "skill", "attributes": [16, 15, 17], "rating": 40,
                                   "modifier": 5}),
    ("competitive SR 7 vs SR 10", {"check": "competitive", "a": hero((12, 13, 14), 7),
                                   "b": hero((13, 13, 12), 10), "passive": "b"}),
    ("cumulative 10 checks, target 10", {"check": "cumulative", "attributes": [12, 13, 14],
                                         "rating": 7, "max_checks": 10}),
    ("cumulative 10 checks, -3, SR 4", {"check": "cumulative", "attributes": [11, 12, 12],
                                        "rating": 4, "modifier": -3, "max_checks": 10}),
    ("cumulative 10 checks, SR 40, target 50", {"check": "cumulative", "attributes": [15, 14, 16],
                                                "rating": 40, "max_checks": 10, "target": 50,
                                                "partial": 30}),
    ("cumulative 50 checks, target 50 (max)", {"check": "cumulative", "attributes": [14, 14, 14],
                                               "rating": 12, "max_checks": 50, "target": 50,
                                               "partial": 30}),
    ("group 3 heroes, 5 rounds", {"check": "group", "max_rounds": 5, "members": [
        hero((12, 13, 14), 7), hero((11, 12, 13), 4), hero((13, 14, 12), 10)]}),
    ("group 6 heroes, 10 rounds", {"check": "group", "max_rounds": 10, "members": [
        hero((12 + i % 3, 13, 14 - i % 2), 4 + i) for i in range(6)]}),
    ("group 6 heroes, 30 rounds, target 50 (max)", {"check": "group", "max_rounds": 30,
                                                    "target": 50, "partial": 30, "members": [
        hero((12 + i % 3, 13, 14 - i % 2), 4 + i) for i in range(6)]}),
    ("group competitive 6 vs 6", {"check": "group_competitive", "passive": "b",
                                  "a": [hero((12, 13, 14), 4 + i) for i in range(6)],
                                  "b": [hero((13, 12, 14), 3 + i) for i in range(6)]}),
    ("cumulative 20 checks, modifiers per check", {"check": "cumulative", "attributes": [12, 13, 14],
                                                   "rating": 7, "max_checks": 20,
                                                   "modifiers": [0, -2, -2, 1, 1, 3, 0, -1]}),
    ("skills: 2, targets 10+8, 15 checks, mods", {
        "check": "cumulative_skills", "max_checks": 15, "modifiers": [0, 0, -2, -2, 1, 1, 1],
        "skills": [skill((12, 13, 14), 7, 10), skill((13, 12, 12), 5, 8)]}),
    ("skills: 3, targets 6+8+10, 20 checks, mods", {
        "check": "cumulative_skills", "max_checks": 20, "modifiers": [0, 0, -2, -2, 1, 1, 1],
        "partial": 16, "skills": [skill((12, 13, 14), 7, 6), skill((13, 12, 12), 5, 8),
                                  skill((14, 12, 13), 6, 10)]}),
    ("skills: 3, targets 10 each, 20 checks, order", {
        "check": "cumulative_skills", "max_checks": 20, "modifiers": [2, 0, -1] * 4,
        "order": [3, 3, 1, 2], "skills": [skill((12, 13, 14), 7, 10), skill((13, 12, 12), 5, 10),
                                          skill((14, 12, 13), 6, 10)]}),
]


def median_ms(request, runs, cold):
    times = []
    for _ in range(runs):
        if cold:
            dark_eye.clear_caches()
        start = time.perf_counter()
        api.odds(request)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    print(f"The Dark Eye api.odds, median of {runs} runs, Python {sys.version.split()[0]}")
    print(f"{'request':45} {'cold ms':>10} {'warm ms':>10}")
    for name, params in REQUESTS:
        request = {"system": "dark_eye", **params}
        api.odds(request)  # warm-up (imports, validation paths)
        cold = median_ms(request, runs, cold=True)
        warm = median_ms(request, runs, cold=False)
        print(f"{name:45} {cold:10.2f} {warm:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
