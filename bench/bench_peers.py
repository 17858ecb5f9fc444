#!/usr/bin/env python3
"""Peers in CPython (issue 9, item 5).

    .venv/bin/python bench/bench_peers.py [--repeat 15] [--number 500]

1. The generic roller (tablecheck.dice.notation.roll: parse, then roll every
   die through a tray; what the `dice` system does) against the `d20`
   library's `d20.roll` (parse, with its own parse cache, roll and its result
   text) on the same expressions: median over `repeat` runs of the mean time
   of `number` calls. tablecheck is timed with a seeded source and with the
   secure source the app uses by default (SystemRandom); d20 uses `random`.
   The same expressions through the whole `api.resolve` (validation,
   roll, steps, card, history line; secure source) have rows of their own
   after these, timed in turns with d20.roll (`paired_median_seconds`).
2. Exact distributions (tablecheck.dice.notation.distribution: what the
   `dice` system's odds compute) against `icepool` on the same keep-highest
   and exploding problems, and (issue 14) rerolls, counting, Fate dice,
   min, compare-point, penetrating and separate explosions, groups (also a
   group of one expression, which keeps dice) and arithmetic (`extra_icepool` builds icepool's side). Exploding dice are cut at the same depth: ours
   keeps every chain of up to n rolls a die (mass below 1e-12 left out),
   icepool's `explode(depth=n - 1)`; "max diff" (in the last column) compares the two
   distributions outcome by outcome. "first" is the first computation of the
   problem in a fresh interpreter, after a small problem of the same kind
   (3d4 ...) so that imports and first-use costs stay out (tablecheck's odds
   caches emptied after it: its "first" always computes); "again" the median
   of `repeat` more in that interpreter (icepool caches what it has computed;
   tablecheck too: the last expressions' odds by canonical text, bounded, as
   the page asks the same odds again). The ratio that compares the work is
   "first".

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
    # issue 14
    ("4d6r1kh3", "4d6rr1kh3"),
    ("2d6ro<2", "2d6ro<2"),
    ("4d6min2", "4d6mi2"),
    ("(2d6+3)*2", "(2d6+3)*2"),
    ("1d10!>=9", "1d10e>8"),
    ("4d6!kh3", "4d6e6kh3"),
    ("{1d8!, 1d6!}kh1", "(1d8e8, 1d6e6)kh1"),
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
    ("4d10!!kh2", "compounding, keep highest"),
    # issue 14: (ours, what it is) -> icepool in EXTRA_ICEPOOL
    ("4d6r1kh3", "reroll 1s, keep highest"),
    ("2d6ro<2", "reroll once"),
    ("8d10>=8", "successes"),
    ("6d10>=8f1", "successes minus failures"),
    ("4dF+2", "Fate dice"),
    ("4d6min2", "min"),
    ("1d10!>=9", "explode on 9+"),
    ("3d6!p", "penetrating"),
    ("{1d8!, 1d6!}kh1", "group of exploding dice, keep highest"),
    ("4d6!kh3", "separate exploding dice, keep highest"),
    ("floor(3d6/2)", "arithmetic"),
    ("{4d6+2d8}kh3", "group of one expression, keep highest dice of mixed terms"),
]


def explode_rolls(sides, matching, eps):
    """Rolls represented per exploding die when `matching` of `sides` faces
    explode: the smallest depth with (matching/sides)^depth < eps."""
    depth, mass = 1, Fraction(matching, sides)
    while mass >= eps:
        depth += 1
        mass *= Fraction(matching, sides)
    return depth


def extra_icepool(text):
    """icepool's computation of the issue-14 problems (a function returning a Die)."""
    import icepool
    eps = notation.TAIL_EPS
    d6, d8, d10 = icepool.d6, icepool.d8, icepool.d10
    table = {
        "4d6r1kh3": lambda: d6.reroll([1], depth="inf").highest(4, 3),
        "2d6ro<2": lambda: 2 @ d6.reroll([1], depth=1),
        "8d10>=8": lambda: 8 @ d10.map(lambda x: 1 if x >= 8 else 0),
        "6d10>=8f1": lambda: 6 @ d10.map(lambda x: 1 if x >= 8 else (-1 if x == 1 else 0)),
        "4dF+2": lambda: 4 @ icepool.Die([-1, 0, 1]) + 2,
        "4d6min2": lambda: 4 @ d6.map(lambda x: max(x, 2)),
        "1d10!>=9": lambda: d10.explode([9, 10], depth=explode_rolls(10, 2, eps) - 1),
        "3d6!p": lambda: 3 @ _penetrating(icepool, explode_rolls(6, 1, eps / 3)),
        "{1d8!, 1d6!}kh1": lambda: icepool.highest(d8.explode(depth=explode_rolls(8, 1, eps / 2) - 1),
                                                   d6.explode(depth=explode_rolls(6, 1, eps / 2) - 1)),
        "4d6!kh3": lambda: d6.explode_to_pool(4, depth=explode_rolls(6, 1, eps / 4) - 1).highest(3).sum(),
        "floor(3d6/2)": lambda: (3 @ d6) // 2,
        "{4d6+2d8}kh3": lambda: icepool.Pool([d6] * 4 + [d8] * 2).highest(3).sum(),
        "{2d4+1d6}kh2": lambda: icepool.Pool([icepool.d4] * 2 + [d6]).highest(2).sum(),
    }
    return table[text]


def _penetrating(icepool, rolls):
    """One penetrating d6 (each added die counts 1 less) to `rolls` rolls."""
    # P(k sixes then r < 6) = 6^-(k+1); the value 6 + 5 (k - 1) + r - 1 (k > 0) or r
    weights = {}
    for k in range(rolls):
        for r in range(1, 6):
            value = 6 + 5 * (k - 1) + r - 1 if k else r
            weights[value] = weights.get(value, 0) + 6 ** (rolls - k - 1)
    return icepool.Die(weights)


def paired_median_seconds(fn, peer, repeat, number=1):
    """median_seconds of `fn` and of `peer`, their runs taking turns (a
    machine whose load changes during the run weighs on both alike)."""
    gc.collect()
    times, peer_times = [], []
    for _ in range(repeat):
        for f, out in ((fn, times), (peer, peer_times)):
            start = time.perf_counter()
            for _ in range(number):
                f()
            out.append((time.perf_counter() - start) / number)
    return statistics.median(times), statistics.median(peer_times)


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
    n = sum(t.count for t in expr.dice_terms if t.mods.explode)
    return notation.explosion_depth(term.sides, notation.TAIL_EPS / n), term


CLASSIC = {text for text, _ in PROBLEMS[:9]}


def icepool_problem(text):
    """icepool's computation of the same problem (a function returning a Die)."""
    import icepool
    if text not in CLASSIC and not text.startswith("3d4"):
        return extra_icepool(text)
    expr = notation.parse(text)
    term = expr.dice_terms[0]
    die = icepool.d(term.sides)
    if term.mods.explode:
        rolls, _ = depth_of(text)
        die = die.explode(depth=rolls - 1)
    keep = term.keep
    if keep is None:
        return lambda: term.count @ die
    kept = keep.kept(term.count)
    if keep.highest:
        return lambda: die.highest(term.count, kept)
    return lambda: die.lowest(term.count, kept)


def ours_problem(text):
    expr = notation.parse(text)
    return lambda: notation.distribution(expr)


# a smaller problem of the same kind, where warming up on the problem itself
# would time icepool's cache (its pools cache what they evaluated)
WARM_UPS = {"{4d6+2d8}kh3": "{2d4+1d6}kh2"}


def warm_up_text(text):
    """A small problem of the same kind (3d4...), to run first so that one-off
    costs (imports, first use of a code path) stay out of the timing."""
    if text in WARM_UPS:
        return WARM_UPS[text]
    if text not in CLASSIC:
        return text  # issue-14 problems: icepool's builders are all small; warm up on itself
    term = notation.parse(text).dice_terms[0]
    out = "3d4" + ("!!" if term.mods.explode else "")
    keep = term.keep
    if keep is not None:
        out += ("kh" if keep.highest else "kl") + str(min(keep.kept(term.count), 2))
    return out


def child(lib, text, repeat):
    """Run in a fresh interpreter: [first seconds, median seconds again, {outcome: p}]."""
    make = icepool_problem if lib == "icepool" else ours_problem
    make(warm_up_text(text))()
    if lib != "icepool":
        # "first" computes: the odds caches (per expression and per term) start empty
        from tablecheck.dice import notation_odds
        notation_odds.clear_caches()
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


def run_children(lib, text, args):
    """run_child in `args.children` fresh interpreters: the medians of their
    first and again, and the distribution (the same in each)."""
    runs = [run_child(lib, text, args.repeat) for _ in range(max(1, args.children))]
    return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), runs[0][2])


def max_diff(a, b):
    return max(abs(a.get(k, 0) - b.get(k, 0)) for k in set(a) | set(b))


def api_row(api, d20, ours, theirs, args):
    """The whole api.resolve of `ours` (secure source), its runs taking
    turns with d20.roll's."""
    import _browser as B
    request = {"system": "dice", "check": "roll", "expression": ours}
    if d20:
        t_api, t_peer = paired_median_seconds(lambda: api.resolve(request), lambda: d20.roll(theirs),
                                              args.repeat, args.number)
    else:
        t_api, t_peer = median_seconds(lambda: api.resolve(request), args.repeat, args.number), float("nan")
    spelled = f" {theirs}" if theirs != ours else ""
    return (f"api.resolve {ours} vs d20{spelled}", f"{t_api * 1e6:,.1f}",
            f"{t_peer * 1e6:,.1f}" if d20 else "n/a", B.ratio(t_api, t_peer),
            "the whole request, secure source; runs taking turns with d20's")


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
    ap.add_argument("--children", type=int, default=5,
                    help="fresh interpreters per library and problem (a 'first' is one call: noisy)")
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

    from tablecheck import api
    # api.resolve first: the trays below keep every die they rolled (and the
    # collector walks them), which would weigh on its many small dicts
    api_rows = [api_row(api, d20, ours, theirs, args) for ours, theirs in ROLLS]
    rows = []
    seeded, secure = Tray(SeededSource(1)), Tray(SecureSource())
    for ours, theirs in ROLLS:
        t_seeded = median_seconds(lambda: notation.roll(ours, seeded), args.repeat, args.number)
        t_secure = median_seconds(lambda: notation.roll(ours, secure), args.repeat, args.number)
        t_d20 = median_seconds(lambda: d20.roll(theirs), args.repeat, args.number) if d20 else float("nan")
        peer = f"{t_d20 * 1e6:,.1f}" if d20 else "n/a"
        spelled = f" {theirs}" if theirs != ours else ""
        rows.append((f"parse + roll {ours} vs d20{spelled}", f"{t_secure * 1e6:,.1f}", peer,
                     B.ratio(t_secure, t_d20),
                     f"seeded source {t_seeded * 1e6:,.1f} us (ratio {B.ratio(t_seeded, t_d20)})"))
    rows += api_rows
    for text, kind in PROBLEMS:
        o_first, o_again, o_probs = run_children("tablecheck", text, args)
        if icepool is not None:
            i_first, i_again, i_probs = run_children("icepool", text, args)
            also = (f"again {o_again * 1e6:,.0f} vs {i_again * 1e6:,.0f} us (icepool's caches warm; ratio "
                    f"{B.ratio(o_again, i_again)}); max diff {float(max_diff(o_probs, i_probs)):.0e}")
        else:
            i_first = i_again = float("nan")
            also = ""
        depth = depth_of(text)[0] if "!" in text else None
        rows.append((f"exact {text} vs icepool ({kind}{f', {depth} rolls a die' if depth else ''})",
                     f"{o_first * 1e6:,.0f}", f"{i_first * 1e6:,.0f}" if icepool else "n/a",
                     B.ratio(o_first, i_first), also))
    notes = [f"parse + roll: median of {args.repeat} runs of {args.number} rolls; tablecheck "
             "(tablecheck.dice.notation.roll) with the secure source the app uses (os.urandom), d20 with "
             "`random`; api.resolve: the whole request (validation, roll, steps, card, history line) "
             "with the secure source (one roller for every source: dice/notation_roll.py), its runs "
             "taking turns with d20.roll's (median of each).",
             f"exact: the first computation of the problem in a fresh interpreter (median of "
             f"{args.children} interpreters a library; after a 3d4 warm-up of "
             f"the same kind; the issue-14 problems after one run of the same problem, which warms "
             f"icepool's caches: in its favour; {{4d6+2d8}}kh3 after {{2d4+1d6}}kh2; tablecheck's odds "
             f"caches are emptied before its first); "
             f"again: median of {args.repeat} more (both libraries' caches warm); max diff: largest "
             "difference in any outcome's probability between the two distributions."]
    if missing:
        notes.append(f"not installed: {', '.join(missing)} (pip install -r bench/requirements.txt)")
    B.print_table(
        f"Peers in CPython: tablecheck vs d20 {version('d20')} and icepool {version('icepool')}, microseconds "
        f"({B.environment()})",
        ["comparison", "tablecheck (us)", "peer (us)", "tablecheck / peer", "also"], rows, notes=notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
