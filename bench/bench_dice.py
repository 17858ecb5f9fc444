"""Benchmark of the dice engine (issue 3, "Performance"). Prints figures; it
asserts nothing (speed is measured here, not in timed tests).

    python3 bench/bench_dice.py

1. Exact odds of the largest standard requests (10d10kh2, 2d20!, 3d6+2)
   through `dice_roller.odds`; the issue's bound is 50 ms each in CPython.
2. Median time to parse and roll 4d6kh3, next to the `d20` library's
   `d20.roll("4d6kh3")` in the same run (ratio ours / d20).
3. Exact keep-highest and exploding distributions next to `icepool`'s.

d20 and icepool are benchmark-only dependencies (bench/requirements.txt);
without them those rows say "not installed". For example:

    python3 -m venv /tmp/benchvenv
    /tmp/benchvenv/bin/pip install -r bench/requirements.txt
    /tmp/benchvenv/bin/python bench/bench_dice.py
"""

import gc
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from tablecheck.dice import Dist, SecureSource, SeededSource, Tray, notation  # noqa: E402
from tablecheck.games.dice_roller import roll as dice_roller  # noqa: E402

try:
    import d20
except ImportError:  # benchmark-only dependency
    d20 = None
try:
    import icepool
except ImportError:  # benchmark-only dependency
    icepool = None


def _version(name):
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:  # not installed
        return "?"


def median_seconds(fn, repeat=15, number=1):
    """Median over `repeat` runs of the mean time of `number` calls."""
    times = []
    gc.collect()
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def ms(seconds):
    return f"{seconds * 1000:9.3f} ms"


def us(seconds):
    return f"{seconds * 1e6:9.2f} us"


def bench_exact_odds():
    print("1. Exact odds through dice_roller.odds (parse + distribution + Fractions), median of 15")
    worst = 0
    for expr in ["10d10kh2", "2d20!", "3d6+2"]:
        t = median_seconds(lambda: dice_roller.odds({"expression": expr}))
        worst = max(worst, t)
        out = dice_roller.odds({"expression": expr})
        print(f"   {expr:10} {ms(t)}   outcomes {len(out['distribution']):4}   "
              f"tail {float(out['tail']):.2e}   under 50 ms: {'yes' if t < 0.05 else 'NO'}")
    print(f"   slowest {ms(worst)}")


def bench_parse_and_roll():
    print("2. Parse and roll 4d6kh3, median of 15 runs of 2000 rolls each")
    ours_seeded = SeededSource(1)
    rows = [
        ("tablecheck, seeded source", lambda: notation.roll("4d6kh3", Tray(ours_seeded))),
        ("tablecheck, secure source (default)", lambda: notation.roll("4d6kh3", Tray(SecureSource()))),
        ("tablecheck, + result dict", lambda: dice_roller.resolve(
            {"expression": "4d6kh3"}, Tray(ours_seeded))),
    ]
    if d20 is not None:
        rows.append((f"d20 {_version('d20')} d20.roll", lambda: d20.roll("4d6kh3")))
    times = {}
    for name, fn in rows:
        times[name] = median_seconds(fn, repeat=15, number=2000)
        print(f"   {name:38} {us(times[name])}")
    if d20 is None:
        print("   d20: not installed (pip install -r bench/requirements.txt)")
        return
    base = times[rows[-1][0]]
    for name, _ in rows[:-1]:
        print(f"   ratio {name} / d20: {times[name] / base:.3g}")


def bench_icepool():
    print(f"3. Exact distributions next to icepool {_version('icepool')} "
          "(ours: no cache; icepool: first call, then cached)")
    problems = [
        ("10d10kh2", lambda: Dist.uniform(10).keep(10, 2),
         lambda: icepool.d10.highest(10, 2)),
        ("20d6kh3", lambda: Dist.uniform(6).keep(20, 3),
         lambda: icepool.d6.highest(20, 3)),
        ("4d6kh3", lambda: Dist.uniform(6).keep(4, 3),
         lambda: icepool.d6.highest(4, 3)),
        ("2d20! (9 explosions)", lambda: Dist.exploding(20, notation.TAIL_EPS / 2).sum_of(2),
         lambda: 2 @ icepool.d20.explode(depth=9)),
        ("3d6! (16 explosions)", lambda: Dist.exploding(6, notation.TAIL_EPS / 3).sum_of(3),
         lambda: 3 @ icepool.d6.explode(depth=16)),
    ]
    if icepool is None:
        print("   icepool: not installed (pip install -r bench/requirements.txt)")
    for name, ours, theirs in problems:
        t_ours = median_seconds(ours)
        line = f"   {name:22} tablecheck {ms(t_ours)}"
        if icepool is not None:
            start = time.perf_counter()
            theirs()
            cold = time.perf_counter() - start
            warm = median_seconds(theirs)
            line += (f"   icepool first {ms(cold)} cached {ms(warm)}"
                     f"   ratio ours / icepool first {t_ours / cold:.3g}, / cached {t_ours / warm:.3g}")
        print(line)


def main():
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}")
    bench_exact_odds()
    bench_parse_and_roll()
    bench_icepool()


if __name__ == "__main__":
    main()
