"""Benchmark: api.odds timings for the heavy standard requests of The
Dungeons of Olde (stdlib only). Prints a table of median times over several
runs; exits 0.

    python3 bench/bench_dungeons_of_olde.py [runs]
"""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

from tablecheck import api  # noqa: E402

SYS = "dungeons_of_olde"

REQUESTS = [
    ("check d8 vs Hard (Brawn 8, portcullis)", dict(check="check", stat=8, cr="hard")),
    ("check d20 vs Godly", dict(check="check", stat=20, cr="godly")),
    ("check d2 vs CR 99 (deepest series)", dict(check="check", stat=2, cr=99)),
    ("check d20 adj -30 vs CR 99", dict(check="check", stat=20, adjustment=-30, cr=99)),
    ("scaling d12 vs Easy, 3 per rank", dict(check="scaling", stat=12, cr="easy",
                                             per_rank=3)),
    ("opposed d8 vs d8", dict(check="opposed", instigator={"stat": 8},
                              target={"stat": 8})),
    ("opposed d20 vs d20", dict(check="opposed", instigator={"stat": 20},
                                target={"stat": 20})),
    ("opposed d2 vs d20", dict(check="opposed", instigator={"stat": 2},
                               target={"stat": 20})),
    ("assisted d20 + d20 vs Godly", dict(check="assisted", instigator={"stat": 20},
                                         assistant={"stat": 20}, cr="godly")),
    ("assisted d2 + d2 vs CR 99", dict(check="assisted", instigator={"stat": 2},
                                       assistant={"stat": 2}, cr=99)),
    ("effect 2d8!", dict(check="effect", stat=8, count=2)),
    ("effect 10d20! (max dice)", dict(check="effect", stat=20, count=10)),
    ("effect 10d2! (max dice)", dict(check="effect", stat=2, count=10)),
]


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"The Dungeons of Olde: api.odds, median of {runs} runs "
          f"(Python {sys.version.split()[0]})")
    print(f"{'request':44} {'median ms':>10} {'min ms':>9} {'tail':>10}")
    for name, req in REQUESTS:
        times = []
        out = None
        for _ in range(runs):
            t0 = time.perf_counter()
            out = api.odds(dict(system=SYS, **req))
            times.append((time.perf_counter() - t0) * 1000)
        print(f"{name:44} {statistics.median(times):10.1f} {min(times):9.1f} "
              f"{out.get('tail', 0):10.2e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
