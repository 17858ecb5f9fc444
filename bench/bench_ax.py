"""Benchmark: api.odds for the heavy standard requests of [ax] and Shadows of
the Unknown (median of several runs, milliseconds). Standard library only.

    python3 bench/bench_ax.py [runs]
"""

import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from tablecheck import api  # noqa: E402
from tablecheck.games.ax import pool  # noqa: E402

REQUESTS = [
    ("ax flat 3d10 vs 14 (typical)",
     {"system": "ax", "check": "flat", "attribute": 3, "difficulty": 14}),
    ("ax flat 20d10 +5, assisted",
     {"system": "ax", "check": "flat", "attribute": 20, "difficulty": 24, "bonus": 5,
      "assistant": 20}),
    ("ax group capstan 7 x 3d10, max 6",
     {"system": "ax", "check": "group", "members": [3] * 7, "difficulty": 12,
      "required": 4, "maximum": 6}),
    ("ax group 20 members x 20d10",
     {"system": "ax", "check": "group", "members": [20] * 20, "difficulty": 20,
      "required": 10}),
    ("ax contest 2 sides 4d10 vs 4d10",
     {"system": "ax", "check": "contest", "sides": [{"attribute": 4}, {"attribute": 4}]}),
    ("ax contest 8 sides x 20d10",
     {"system": "ax", "check": "contest",
      "sides": [{"attribute": 20, "bonus": i - 4} for i in range(8)]}),
    ("ax GM table 1-8 dice, 4-24",
     {"system": "ax", "check": "table"}),
    ("ax GM table 1-20 dice, 1-40",
     {"system": "ax", "check": "table", "max_dice": 20, "min_difficulty": 1,
      "max_difficulty": 40}),
    ("shadows task 25 near impossible",
     {"system": "shadows_of_the_unknown", "check": "task", "rating": 25,
      "difficulty": "near_impossible"}),
    ("shadows dice 3D6+2",
     {"system": "shadows_of_the_unknown", "check": "dice", "expression": "3D6+2"}),
]


def median_ms(request, runs, cold):
    times = []
    for _ in range(runs):
        if cold:
            pool.roll_dist.cache_clear()
        start = time.perf_counter()
        api.odds(request)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    api.catalog()  # import every system once, outside the timings
    print(f"api.odds, median of {runs} runs (ms); cold = the keep-two cache cleared each run")
    print(f"{'request':40s} {'warm':>9s} {'cold':>9s}")
    for name, request in REQUESTS:
        warm = median_ms(request, runs, cold=False)
        cold = median_ms(request, runs, cold=True)
        print(f"{name:40s} {warm:9.2f} {cold:9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
