"""Benchmark: api.odds timings for the heavy standard Freedom Fantasies requests.

Usage: python3 bench/bench_freedom_fantasies.py [runs]
Prints the median of `runs` (default 7) timings per request, cold (the kept-d20
cache cleared before each run) and warm (cached). Standard library only.
"""

import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from tablecheck import api  # noqa: E402
from tablecheck.games.freedom_fantasies.d20 import kept_dist  # noqa: E402

S = "freedom_fantasies"
TARGET = {"finesse": 3, "flair": 2, "fight": 4, "focus": 1, "flight": 2, "damage": 5}
REQUESTS = [
    ("skill, plain", {"check": "skill", "bonus": 3, "dc": 10}),
    ("skill, 3 adv + toggles", {"check": "skill", "bonus": 3, "dc": 15, "advantages": 3,
                                "talent": True, "specialism": True}),
    ("skill, 100 advantages", {"check": "skill", "bonus": 3, "dc": 25, "advantages": 100}),
    ("skill, 100 disadvantages GM", {"check": "skill", "bonus": 3, "dc": 5,
                                     "disadvantages": 100, "gm": True}),
    ("attack, damage + stress", {"check": "attack", "bonus": 4, "damage_rating": 6,
                                 "target": TARGET}),
    ("attack, 100 adv, dodging", {"check": "attack", "bonus": 4, "damage_rating": 6,
                                  "advantages": 100, "target": {**TARGET, "dodging": True}}),
    ("effect, spell DC, 50 dis", {"check": "effect", "bonus": 2, "spell_flair": 4,
                                  "spell_focus": 3, "disadvantages": 50}),
    ("luck, lucky + reroll", {"check": "luck", "dc": 15, "lucky": True, "lucky_reroll": True}),
    ("luck, 100 adv + reroll", {"check": "luck", "dc": 20, "advantages": 100,
                                "lucky_reroll": True}),
    ("opposed, 1 vs 1", {"check": "opposed", "active": {"bonus": 3}, "target": {"bonus": 2}}),
    ("opposed, 100 adv vs 100 dis", {"check": "opposed",
                                     "active": {"bonus": 3, "advantages": 100},
                                     "target": {"bonus": 2, "disadvantages": 100}}),
]


def time_once(request, cold):
    if cold:
        kept_dist.cache_clear()
    start = time.perf_counter()
    api.odds(request)
    return time.perf_counter() - start


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    print(f"api.odds, median of {runs} runs (Python {sys.version.split()[0]})")
    print(f"{'request':32} {'cold ms':>9} {'warm ms':>9}")
    worst = 0.0
    for name, params in REQUESTS:
        request = {"system": S, **params}
        cold = statistics.median(time_once(request, True) for _ in range(runs))
        warm = statistics.median(time_once(request, False) for _ in range(runs))
        worst = max(worst, cold)
        print(f"{name:32} {cold * 1000:9.3f} {warm * 1000:9.3f}")
    print(f"slowest cold request: {worst * 1000:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
