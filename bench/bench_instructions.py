#!/usr/bin/env python3
"""Instructions per call of api.resolve and of d20.roll (issue 26, item 3).

    .venv/bin/python bench/bench_instructions.py [--number 50] [--warm 20]
        [--only 'd%,2d8!'] [--keep DIR]

bench_peers.py's ROLLS expressions, each through the whole `api.resolve`
(the dice roller's request, secure source) and through `d20.roll`, counted
by valgrind's callgrind: machine instructions, not time, so the figure is
the same on a busy machine and in every run. One interpreter runs every
expression: `warm` calls first, then `number` calls between two dumps of
the counters (callgrind's --dump-before on PyNumber_ToBase, which `oct()`
calls and nothing measured does); the figure is that dump's total over
`number` (the collector runs as usual, but what was made before the block
is frozen out of its passes: gc.freeze). The dice are the same in every run: the secure source's
os.urandom bytes come from random.Random(1) here (one call per 128 dice),
d20's `random` is seeded, PYTHONHASHSEED is 0. `--keep DIR` keeps the dumps
(callgrind_annotate DIR/callgrind.out.N; the table says which N is which).
Needs valgrind; d20 from bench/requirements.txt.
"""

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "py"))
sys.path.insert(0, str(HERE))


def child(number, warm, only):
    """Under callgrind: the calls, with a dump (oct) around each block of
    `number`; prints each kept dump's name, one a line."""
    import gc
    import random
    import types
    import d20
    from bench_peers import ROLLS
    from tablecheck import api
    from tablecheck.dice import sources
    sources.os = types.SimpleNamespace(urandom=random.Random(1).randbytes)  # the same dice every run
    random.seed(1)
    names = []
    for ours, theirs in ROLLS:
        if only and ours not in only:
            continue
        request = {"system": "dice", "check": "roll", "expression": ours}
        for name, call in ((f"api {ours}", lambda: api.resolve(request)), (f"d20 {theirs}", lambda: d20.roll(theirs))):
            for _ in range(warm):
                call()
            # the heap so far left out of the collector's passes: a full
            # collection in the block costs what the block made, not what
            # the imports did (which would land on whichever call it falls in)
            gc.collect()
            gc.freeze()
            oct(0)  # dump: the warm-up (left out)
            for _ in range(number):
                call()
            oct(1)  # dump: `number` calls
            names.append(name)
    print("\n".join(names))


def totals(out_dir):
    """{dump number: instructions} of callgrind's dumps in out_dir."""
    out = {}
    for path in out_dir.glob("callgrind.out.*"):
        m = re.search(r"\.(\d+)$", path.name)
        if not m:
            continue
        text = path.read_text(errors="replace")
        t = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.M)
        out[int(m.group(1))] = int(t.group(1)) if t else 0
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--number", type=int, default=200, help="calls counted per expression and library")
    ap.add_argument("--warm", type=int, default=20, help="calls before the counted ones")
    ap.add_argument("--only", default="", help="comma-separated expressions (ours) to count")
    ap.add_argument("--keep", help="keep callgrind's dumps in this folder")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    only = [s for s in args.only.split(",") if s]
    if args.child:
        child(args.number, args.warm, only)
        return 0
    missing = [name for name, there in (("valgrind", shutil.which("valgrind")),
                                        ("d20", importlib.util.find_spec("d20"))) if there is None]
    if missing:  # as bench_peers without its peers: a note, not a failure of `make bench`
        print(f"not run: {', '.join(missing)} not installed (apt install valgrind; "
              "pip install -r bench/requirements.txt)")
        return 0
    out_dir = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="callgrind-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("callgrind.out*"):
        old.unlink()
    cmd = ["valgrind", "--tool=callgrind", "--dump-before=PyNumber_ToBase",
           f"--callgrind-out-file={out_dir / 'callgrind.out'}",
           sys.executable, __file__, "--child", "--number", str(args.number), "--warm", str(args.warm),
           "--only", args.only]
    run = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    if run.returncode:
        print(run.stderr[-2000:], file=sys.stderr)
        return 1
    names = run.stdout.split("\n")[:-1]
    counts = totals(out_dir)
    # dumps 1, 2: the warm-up and the counted block of the first name, ...
    if len(counts) < 2 * len(names):
        print(f"expected {2 * len(names)} dumps, found {len(counts)}", file=sys.stderr)
        return 1
    per_call = {name: counts[2 * i + 2] / args.number for i, name in enumerate(names)}
    print(f"Instructions per call (callgrind; {args.number} calls after {args.warm}; "
          f"Python {sys.version.split()[0]})\n")
    print(f"| expression | api.resolve | d20.roll | ratio |{' dump |' if args.keep else ''}")
    print(f"|---|---:|---:|---:|{'---:|' if args.keep else ''}")
    for i in range(0, len(names), 2):
        ours, theirs = names[i][4:], names[i + 1][4:]
        a, d = per_call[names[i]], per_call[names[i + 1]]
        dump = f" {2 * i + 2} |" if args.keep else ""
        spelled = f" ({theirs})" if theirs != ours else ""
        print(f"| {ours}{spelled} | {a:,.0f} | {d:,.0f} | {a / d:.2f} |{dump}")
    if not args.keep:
        shutil.rmtree(out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
