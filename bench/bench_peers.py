#!/usr/bin/env python3
"""Peers in CPython (issue 9, item 5).

    .venv/bin/python bench/bench_peers.py [--repeat 15] [--number 500]

1. The generic roller (tablecheck.dice.notation.roll: parse, then roll every
   die through a tray; what the `dice` system does) against the `d20`
   library's `d20.roll` (parse, with its own parse cache, roll and its result
   text) on the same expressions: median over `repeat` runs of the mean time
   of `number` calls. tablecheck is timed with a seeded source and with the
   secure source the app uses by default (SystemRandom); d20 uses `random`.
2. Exact distributions (tablecheck.dice.notation.distribution: what the
   `dice` system's odds compute) against `icepool` on the same keep-highest
   and exploding problems. Exploding dice are cut at the same depth: ours
   keeps every chain of up to n rolls a die (mass below 1e-12 left out),
   icepool's `explode(depth=n - 1)`; "max diff" (in the last column) compares the two
   distributions outcome by outcome. "first" is the first computation of the
   problem in a fresh interpreter, after a small problem of the same kind
   (3d4 ...) so that imports and first-use costs stay out; "again" the median
   of `repeat` more in that interpreter (icepool caches what it has computed,
   tablecheck computes it again). The ratio that compares the work is "first".

Ratios are tablecheck / peer (below 1: tablecheck is faster). d20 and
icepool are benchmark-only dependencies pinned in bench/requirements.txt
(`make bench` installs them into .venv).
"""

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(HERE))

from tablecheck.dice import SecureSource, SeededSource, Tray, notation  # noqa: E402

# (ours, d20's spelling of the same roll)
ROLLS = [
    ("3d6+2", "3d6+2"),
    ("4d6kh3", "4d6kh3"),
    ("2d20kl1", "2d20kl1"),
    ("10d10kh2", "10d10kh2"),
    ("1d10+1d4-1", "1d10+1d4-1"),
    ("d%", "1d100"),
    ("2d8!", "2d8e8"),
]

# (ours, what it is) -> icepool built in `icepool_problem`
PROBLEMS = [
    ("4d6kh3", "keep highest"),
    ("10d10kh2", "keep highest"),
    ("20d6kh3", "keep highest"),
    ("8d20kh1", "keep highest"),
    ("2d20kl1", "keep lowest"),
    ("2d8!", "exploding"),
    ("2d20!", "exploding"),
    ("3d6!", "exploding"),
    ("4d10!kh2", "exploding, keep highest"),
]


def median_seconds(fn, repeat, number=1):
    gc.collect()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


# -- exact distributions ----------------------------------------------------------

def depth_of(text):
    """Rolls represented per exploding die in our distribution of `text`."""
    expr = notation.parse(text)
    term = expr.dice_terms[0]
    n = sum(t.count for t in expr.dice_terms if t.explode)
    return notation.explosion_depth(term.sides, notation.TAIL_EPS / n), term


def icepool_problem(text):
    """icepool's computation of the same problem (a function returning a Die)."""
    import icepool
    expr = notation.parse(text)
    term = expr.dice_terms[0]
    die = icepool.d(term.sides)
    if term.explode:
        rolls, _ = depth_of(text)
        die = die.explode(depth=rolls - 1)
    if term.keep is None:
        return lambda: term.count @ die
    if term.highest:
        return lambda: die.highest(term.count, term.keep)
    return lambda: die.lowest(term.count, term.keep)


def ours_problem(text):
    expr = notation.parse(text)
    return lambda: notation.distribution(expr)


def warm_up_text(text):
    """A small problem of the same kind (3d4...), to run first so that one-off
    costs (imports, first use of a code path) stay out of the timing."""
    term = notation.parse(text).dice_terms[0]
    out = "3d4" + ("!" if term.explode else "")
    if term.keep is not None:
        out += ("kh" if term.highest else "kl") + str(min(term.keep, 2))
    return out


def child(lib, text, repeat):
    """Run in a fresh interpreter: [first seconds, median seconds again, {outcome: p}]."""
    make = icepool_problem if lib == "icepool" else ours_problem
    make(warm_up_text(text))()
    fn = make(text)
    start = time.perf_counter()
    result = fn()
    first = time.perf_counter() - start
    again = median_seconds(fn, repeat)
    if lib == "icepool":
        probs = {int(k): str(Fraction(q, result.denominator())) for k, q in result.items()}
    else:
        probs = {int(k): str(v) for k, v in result.probs().items()}
    return [first, again, probs]


def run_child(lib, text, repeat):
    out = subprocess.run([sys.executable, __file__, "--child", lib, text, "--repeat", str(repeat)],
                         capture_output=True, text=True, timeout=300)
    if out.returncode:
        raise RuntimeError(f"{lib} {text}: {out.stderr.strip()[-500:]}")
    first, again, probs = json.loads(out.stdout)
    return first, again, {int(k): Fraction(v) for k, v in probs.items()}


def max_diff(a, b):
    return max(abs(a.get(k, 0) - b.get(k, 0)) for k in set(a) | set(b))


def version(name):
    from importlib.metadata import PackageNotFoundError, version as v
    try:
        return v(name)
    except PackageNotFoundError:
        return "(not installed)"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--number", type=int, default=500)
    ap.add_argument("--child", nargs=2, metavar=("LIB", "EXPR"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child[0], args.child[1], args.repeat),
                         default=lambda v: str(v)))
        return 0

    import _browser as B
    try:
        import d20
    except ImportError:
        d20 = None
    try:
        import icepool
    except ImportError:
        icepool = None
    missing = [name for name, mod in (("d20", d20), ("icepool", icepool)) if mod is None]

    rows = []
    seeded, secure = Tray(SeededSource(1)), Tray(SecureSource())
    for ours, theirs in ROLLS:
        t_seeded = median_seconds(lambda: notation.roll(ours, seeded), args.repeat, args.number)
        t_secure = median_seconds(lambda: notation.roll(ours, secure), args.repeat, args.number)
        t_d20 = median_seconds(lambda: d20.roll(theirs), args.repeat, args.number) if d20 else float("nan")
        rows.append((f"parse + roll {ours} vs d20" + (f" {theirs}" if theirs != ours else ""),
                     f"{t_secure * 1e6:,.1f}", f"{t_d20 * 1e6:,.1f}" if d20 else "n/a", B.ratio(t_secure, t_d20),
                     f"seeded source {t_seeded * 1e6:,.1f} us (ratio {B.ratio(t_seeded, t_d20)})"))
    for text, kind in PROBLEMS:
        o_first, o_again, o_probs = run_child("tablecheck", text, args.repeat)
        if icepool is not None:
            i_first, i_again, i_probs = run_child("icepool", text, args.repeat)
            also = (f"again {o_again * 1e6:,.0f} vs {i_again * 1e6:,.0f} us (icepool's caches warm; ratio "
                    f"{B.ratio(o_again, i_again)}); max diff {float(max_diff(o_probs, i_probs)):.0e}")
        else:
            i_first = i_again = float("nan")
            also = ""
        depth = depth_of(text)[0] if "!" in text else None
        rows.append((f"exact {text} vs icepool ({kind}{f', {depth} rolls a die' if depth else ''})",
                     f"{o_first * 1e6:,.0f}", f"{i_first * 1e6:,.0f}" if icepool else "n/a",
                     B.ratio(o_first, i_first), also))
    notes = [f"parse + roll: median of {args.repeat} runs of {args.number} rolls; tablecheck with the secure "
             "source the app uses (SystemRandom), d20 with `random`.",
             f"exact: the first computation of the problem in a fresh interpreter (after a 3d4 warm-up of "
             f"the same kind); again: median of {args.repeat} more; max diff: largest difference in any "
             "outcome's probability between the two distributions."]
    if missing:
        notes.append(f"not installed: {', '.join(missing)} (pip install -r bench/requirements.txt)")
    B.print_table(
        f"Peers in CPython: tablecheck vs d20 {version('d20')} and icepool {version('icepool')}, microseconds "
        f"({B.environment()})",
        ["comparison", "tablecheck (us)", "peer (us)", "tablecheck / peer", "also"], rows, notes=notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
