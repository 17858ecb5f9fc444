#!/usr/bin/env python3
""""Which dice should I reroll?" (issue 15): The Dark Eye's fate-point and
aptitude advice through `api.odds`, in CPython and in the browser (Pyodide
through the bridge), with bench_odds.py's harness.

    .venv/bin/python bench/bench_fate_points.py [--repeat 15]

Goals (issue 15): the advice for a skill check (all seven choices) under
20 ms in CPython and under 100 ms in the browser.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _browser as B  # noqa: E402
import bench_odds  # noqa: E402

SKILL = {"system": "dark_eye", "check": "skill", "attributes": [12, 13, 11],
         "names": ["COU", "AGI", "STR"]}
CASES = [
    B.LIGHT,
    ("TDE skill FtP advice, near miss (7 choices)",
     dict(SKILL, rating=4, reroll={"rule": "fate_point"}, dice=[15, 3, 16])),
    ("TDE skill FtP advice, SR 18, a 1 in reach (7 choices)",
     dict(SKILL, rating=18, reroll={"rule": "fate_point"}, dice=[1, 19, 14])),
    ("TDE skill aptitude advice (3 choices)",
     dict(SKILL, rating=7, aptitude=True, reroll={"rule": "aptitude"}, dice=[17, 5, 18])),
    ("TDE attribute FtP advice",
     {"system": "dark_eye", "check": "attribute", "value": 11, "reroll": {"rule": "fate_point"},
      "dice": [16]}),
]


if __name__ == "__main__":
    sys.exit(bench_odds.main(sys.argv[1:], cases=CASES))
