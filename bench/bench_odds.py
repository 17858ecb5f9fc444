#!/usr/bin/env python3
"""Odds in the browser (issue 9, item 4): Pyodide through the bridge next to
CPython, for the heaviest standard requests (bench/_browser.py HEAVY).

    .venv/bin/python bench/bench_odds.py [--repeat 15]

- CPython: each request in a fresh interpreter (this script's Python) after
  `api.catalog()` (every system imported): the first `api.odds` call (cold:
  the systems' distribution caches empty), then the median of `repeat` more.
- Pyodide: each request on a freshly loaded page (a new worker, so cold
  caches too) once the app is ready, its catalog drawn and its first odds
  shown (the app opens on the dice roller, so that its own first odds touch
  no heavy system): `await window.tablecheck.odds(request)` timed in the page
  (JSON both ways, the worker message and Python), first call, then the
  median of `repeat` more.

The first row is the lightest request, what a call through the bridge costs
by itself. The ratio is Pyodide / CPython.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _browser as B  # noqa: E402

CPYTHON = r"""
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from tablecheck import api
request, repeat = json.loads(sys.argv[2]), int(sys.argv[3])
api.catalog()
t = time.perf_counter(); answer = api.odds(request); first = time.perf_counter() - t
assert "outcomes" in answer, answer
times = []
for _ in range(repeat):
    t = time.perf_counter(); api.odds(request); times.append(time.perf_counter() - t)
print(json.dumps([first * 1000, statistics.median(times) * 1000]))
"""

BROWSER = """async ([request, repeat]) => {
  let t = performance.now();
  const answer = await window.tablecheck.odds(request);
  const first = performance.now() - t;
  if (!answer || answer.error) return { error: JSON.stringify(answer && answer.error) };
  const times = [];
  for (let i = 0; i < repeat; i++) {
    t = performance.now();
    await window.tablecheck.odds(request);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  const median = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  return { first, median, python: window.tablecheck.info && window.tablecheck.info.python };
}"""


def cpython(request, repeat):
    out = subprocess.run([sys.executable, "-c", CPYTHON, str(B.ROOT / "py"), json.dumps(request), str(repeat)],
                         capture_output=True, text=True, check=True, timeout=300)
    return json.loads(out.stdout)


def main(argv=None, cases=None):
    """cases: [(name, request)]; by default the lightest and the heaviest
    standard requests (other benchmarks pass their own)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args(argv)
    cases = cases or [B.LIGHT] + B.HEAVY
    native = {name: cpython(request, args.repeat) for name, request in cases}
    browser_times = {}
    python = "?"
    with B.Site() as site, B.Server(site.dir) as server, B.sync_playwright() as p:
        browser = B.launch(p)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        B.start_with(context, "dice")
        for name, request in cases:
            page = context.new_page()
            page.goto(server.url)
            if B.wait_ready(page) != "ready":
                raise RuntimeError("the engine did not get ready")
            B.wait_ui(page)
            B.odds_settled(page)
            answer = page.evaluate(BROWSER, [request, args.repeat])
            if "error" in answer:
                raise RuntimeError(f"{name}: {answer['error']}")
            browser_times[name] = (answer["first"], answer["median"])
            python = answer.get("python") or python
            page.close()
        context.close()
        browser.close()
        note = site.note
    rows = []
    for name, _ in cases:
        c_first, c_med = native[name]
        b_first, b_med = browser_times[name]
        rows.append((name, B.fmt_ms(c_first, 2), B.fmt_ms(c_med, 2), B.fmt_ms(b_first, 1), B.fmt_ms(b_med, 1),
                     B.ratio(b_first, c_first), B.ratio(b_med, c_med)))
    B.print_table(
        f"api.odds in Pyodide (Python {python}, via the bridge) and in CPython {sys.version.split()[0]}, "
        f"ms; median of {args.repeat} after the first call ({B.environment()})",
        ["request", "CPython first", "CPython median", "Pyodide first", "Pyodide median",
         "ratio first", "ratio median"], rows,
        notes=["first: the first call on a fresh interpreter / freshly loaded page (caches empty); Pyodide "
               "times include the bridge (JSON, worker message); performance.now() there is clamped to 0.1 ms.",
               f"site: {note}"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
