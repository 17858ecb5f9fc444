#!/usr/bin/env python3
"""Start-up against the floor (issue 9, item 1).

    .venv/bin/python bench/bench_floor.py [--runs 5] [--visits 3]

Times navigation -> ready for the app (<html data-engine="ready">: the engine
answers) and for a bare page that loads the same vendored PyScript + Pyodide
from the same build, runs one line of Python in a worker and sets the same
signal once it answers (bench/_browser.py writes it, with the project's own
service worker template precaching it). Both on loopback servers of their
own (separate origins), one at a time, in headless Chromium:

- cold: the first visit on a brand-new profile (empty HTTP cache, code cache,
  no service worker);
- warm: later visits on that profile, the service worker controlling the page;
- offline: the same, with the browser offline (Playwright's switch) and the
  server dropping every request unanswered (the switch does not cover the
  service worker's own update check of sw.js); the table counts the
  requests the browser still tried.

Each run makes a fresh profile per page (app and bare alternate which goes
first) and does 1 cold, `visits` warm and `visits` offline visits; the table
gives medians over all runs and the ratio app / bare (goal: <= 1.10). On a
loaded machine fewer runs are made (at least 2) so as to stay within
`--budget` seconds; the title says how many.
Bytes are the bodies the server sent during the first visit: until ready,
and in all (with the service worker's precache of the whole build); "gzip"
estimates them as a host that compresses (GitHub Pages) would send them.
Times are from performance.now() in the page when the signal flips
(navigation start = 0).
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _browser as B  # noqa: E402


def series(p, server, visits):
    """One fresh profile: a cold visit, then warm and offline ones."""
    out = {"cold": None, "ui": None, "warm": [], "offline": [], "import": {"cold": [], "warm": [], "offline": []}}

    def python_part(mode):
        """Python running (engine.py's 'starting') -> ready: the package import and the ping."""
        started = page.evaluate("window.__bench.started")
        if started is not None:
            out["import"][mode].append(B.ready_ms(page) - started)

    with B.fresh_profile(p, viewport={"width": 1280, "height": 800}) as context:
        B.instrument(context)
        server.counter.reset()
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(server.url, wait_until="commit")
        state = B.wait_ready(page)
        if state != "ready":
            raise RuntimeError(f"{server.url}: engine state {state}")
        out["cold"] = B.ready_ms(page)
        python_part("cold")
        out["ready_bytes"] = server.counter.totals(until=B.ready_epoch(page))
        B.wait_controlled(page)
        if page.evaluate("document.documentElement.dataset.ui !== undefined"):
            page.wait_for_selector("html[data-ui=ready]", timeout=B.READY_TIMEOUT_MS)
            out["ui"] = page.evaluate("window.__bench.uiReady")
        out["total_bytes"] = server.counter.totals()
        warm_bytes, warm_requests = [], []
        for _ in range(visits):
            server.counter.reset()
            page.goto(server.url, wait_until="commit")
            B.wait_ready(page)
            out["warm"].append(B.ready_ms(page))
            python_part("warm")
            totals = server.counter.totals()
            warm_bytes.append(totals["bytes"])
            warm_requests.append(totals["all_requests"])
        out["warm_bytes"] = B.median(warm_bytes)
        out["warm_requests"] = B.median(warm_requests)
        # offline: the browser's own switch, and a server that answers nothing
        # (the switch does not cover the service worker's update check of sw.js)
        context.set_offline(True)
        server.counter.reset()
        server.counter.offline = True
        try:
            for _ in range(visits):
                page.goto(server.url, wait_until="commit")
                if B.wait_ready(page) != "ready":
                    raise RuntimeError(f"{server.url}: offline visit did not get ready")
                out["offline"].append(B.ready_ms(page))
                python_part("offline")
            out["offline_answered"] = len(server.counter.log)
            out["offline_refused"] = len(server.counter.refused)
        finally:
            server.counter.offline = False
            context.set_offline(False)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="fresh profiles per page (default 5)")
    ap.add_argument("--visits", type=int, default=3, help="warm and offline visits per profile (default 3)")
    ap.add_argument("--budget", type=float, default=420,
                    help="seconds: start no new run (after the second) that would end past this (default 420)")
    args = ap.parse_args(argv)
    began = time.monotonic()
    results = {"app": [], "bare": []}
    with B.Site() as site, B.Server(site.dir) as app, B.Server(site.bare_dir) as bare, \
            B.sync_playwright() as p:
        servers = {"app": app, "bare": bare}
        for run in range(args.runs):
            elapsed = time.monotonic() - began
            if run >= 2 and elapsed * (run + 1) / run > args.budget:
                break  # a loaded machine: fewer runs rather than past the time limit
            order = ["app", "bare"] if run % 2 == 0 else ["bare", "app"]
            for name in order:
                results[name].append(series(p, servers[name], args.visits))
        runs = len(results["app"])
        note = site.note

    def col(name, key):
        values = []
        for r in results[name]:
            v = r[key]
            values.extend(v if isinstance(v, list) else [v])
        return [v for v in values if v is not None]

    rows = []
    for key, label in (("cold", "cold: fresh profile"), ("warm", "warm: service worker"),
                       ("offline", "offline: service worker")):
        a, b = B.median(col("app", key)), B.median(col("bare", key))
        goal = "yes" if a <= 1.10 * b else "no"
        rows.append((f"{label}, ready (ms, median)", B.fmt_ms(a), B.fmt_ms(b), B.ratio(a, b), goal))
        rows.append((f"{label}, ready (ms, min-max)",
                     f"{B.fmt_ms(min(col('app', key)))}-{B.fmt_ms(max(col('app', key)))}",
                     f"{B.fmt_ms(min(col('bare', key)))}-{B.fmt_ms(max(col('bare', key)))}", "", ""))
        imports = [v for r in results["app"] for v in r["import"][key]]
        rows.append((f"{key}: of which engine.py running -> ready (ms, median)", B.fmt_ms(B.median(imports)),
                     "n/a", "", ""))
    ui = col("app", "ui")
    rows.append(("cold: app UI ready, catalog drawn (ms)", B.fmt_ms(B.median(ui)), "n/a", "", ""))
    def bytes_row(label, when, key, show=B.fmt_bytes):
        a = B.median([r[when][key] for r in results["app"]])
        b = B.median([r[when][key] for r in results["bare"]])
        rows.append((label, show(a), show(b), B.ratio(a, b), ""))

    count = lambda n: f"{n:.0f}"  # noqa: E731
    bytes_row("first visit until ready: bytes sent", "ready_bytes", "bytes")
    bytes_row("first visit until ready: requests (all, HEAD and 304 too)", "ready_bytes", "all_requests", count)
    bytes_row("first visit incl. offline precache: bytes sent", "total_bytes", "bytes")
    bytes_row("first visit incl. offline precache: requests (all)", "total_bytes", "all_requests", count)
    bytes_row("first visit: distinct files", "total_bytes", "files", count)
    bytes_row("first visit: distinct files, bytes", "total_bytes", "distinct")
    bytes_row("first visit: distinct files, gzip estimate", "total_bytes", "distinct_gzip")
    rows.append(("warm visit: bytes sent (median)", B.fmt_bytes(B.median([r["warm_bytes"] for r in results["app"]])),
                 B.fmt_bytes(B.median([r["warm_bytes"] for r in results["bare"]])), "", ""))
    rows.append(("warm visit: requests reaching the server (median)",
                 f"{B.median([r['warm_requests'] for r in results['app']]):.0f}",
                 f"{B.median([r['warm_requests'] for r in results['bare']]):.0f}", "", ""))
    rows.append(("offline visits: requests answered by the server (all runs)",
                 str(sum(r["offline_answered"] for r in results["app"])),
                 str(sum(r["offline_answered"] for r in results["bare"])), "", ""))
    rows.append(("offline visits: requests tried and dropped (all runs)",
                 str(sum(r["offline_refused"] for r in results["app"])),
                 str(sum(r["offline_refused"] for r in results["bare"])), "", ""))
    B.print_table(
        f"Start-up against the floor: {runs} fresh profiles per page, 1 cold + {args.visits} warm "
        f"+ {args.visits} offline visits each ({B.environment()})",
        ["measure", "app", "bare page", "app / bare", "within 10%"], rows,
        notes=[f"site: {note}",
               "bare page: the same vendored PyScript + Pyodide files, one line of Python in a worker, "
               "same ready signal and service worker template.",
               "engine.py running -> ready: from the engine's 'starting' status (its Python entry runs) to "
               "ready: importing the tablecheck package and answering the ping (what the bare page does not do).",
               "bytes (medians over runs): response bodies counted by the server, uncompressed; the service "
               "worker's precache (after ready) revalidates what the page already has (304, no body), so a "
               "file's body is normally sent once; distinct files counts each file once; gzip: estimated at "
               "level 6."])
    return 0


if __name__ == "__main__":
    sys.exit(main())
