#!/usr/bin/env python3
"""Start-up against the floor (issue 9, item 1; issue 13: the memory snapshot).

    .venv/bin/python bench/bench_floor.py [--runs 3] [--visits 3] [--budget 900] [--direct] [--stock]

Three pages, side by side in one run, each on a loopback server of its own
(separate origins), one at a time, in headless Chromium:

- app: the site as built, Python restored from its memory snapshot
  (static/js/boot/pyodide.mjs; every visit's `boot` record is checked);
- fallback: the same build with the snapshot taken out (snapshot.json says
  none), so the interpreter module starts Pyodide the normal way: the
  fallback path, forced (bench/_browser.py make_fallback_site), with the
  build's bytecode (stdlib-bytecode.*; `--stock` adds the same page without
  it, everything compiled at start);
- bare: a page that loads the same vendored PyScript + Pyodide (not our
  interpreter module), runs one line of Python in a worker and sets the same
  signal once it answers, with the project's service worker template.

Visits: cold (the first on a brand-new profile: empty HTTP cache, code cache,
no service worker), then `visits` warm ones (the service worker controlling
the page) and `visits` offline ones (Playwright's offline switch and a server
that drops every request unanswered; the switch does not cover the service
worker's update check of sw.js). Each run makes a fresh profile per page (the
order rotates) and the table gives medians over all runs.

Measured per visit, from performance.now() in the page (navigation start = 0):
ready (<html data-engine="ready">: the engine answers), the first result
(the app: its odds panel drawn with the first odds of the form; the bare
page: its answer, i.e. ready), the first paint and when the start's form was
drawn (the app), and the main thread's long tasks after first paint until
then, each attributed through the long animation frame around it to ours
(static/js/, py/), PyScript's and Pyodide's (static/vendor/) or unattributed
(no script and no step of ours in the frame: style, layout, GC). Bytes are the bodies
the server sent during the first visit, until ready and in all (with the
service worker's precache); "gzip" estimates what a host that compresses
(GitHub Pages) would send (the snapshot is gzipped already).

Goals (issue 13): app ready / bare ready <= 0.5 cold and warm; fallback
ready / bare ready <= 1.1; first odds after ready < 100 ms; no long task of
ours after first paint. On a loaded machine fewer runs are made (at least 2)
so as to stay within `--budget` seconds; the title says how many.
"""

import argparse
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _browser as B  # noqa: E402
import _tasks  # noqa: E402  (whose is a long task)

PAGES = ("app", "fallback", "bare")
MODES = ("cold", "warm", "offline")
LONG_MS = 50
# the engine worker's steps (static/js/boot/pyodide.mjs marks; python: py/engine.py running)
PHASES = ("worker", "load", "unpacked", "restored", "bytecode", "ready", "python")
FIRST_ODDS_GOAL_MS = 100
# when the start's form was drawn: the end of its drawing step (static/js/startup.js
# drawCatalog: from the stored catalog "form", else the shipped one), else of the
# engine's catalog's ("catalog-form")
FORM_DRAWN = """() => {
  for (const name of ['form', 'shipped-form', 'catalog-form']) {
    const m = performance.getEntriesByName('tablecheck:' + name)[0];
    if (m) return m.startTime + m.duration;
  }
  return null;
}"""


def make_stock_site(fallback_dir, out):
    """The forced fallback without the build's bytecode (stdlib-bytecode.*
    taken out): static/js/boot/pyodide.mjs then hands Pyodide the stock stdlib
    zip and everything is compiled at start, as before the bytecode."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(fallback_dir, out)
    snap = out / B.site_build.SNAPSHOT_OUT
    for name in (B.site_build.BYTECODE_FILE, B.site_build.BYTECODE_META):
        (snap / name).unlink(missing_ok=True)
    (out / "sw.js").unlink()
    rels = sorted(q.relative_to(out).as_posix() for q in out.rglob("*") if q.is_file())
    digest = B.site_build.build_hash(out, rels)
    template = (B.ROOT / "sw.js").read_text(encoding="utf-8")
    (out / "sw.js").write_text(B.site_build.render_sw(template, "tablecheck-stock-" + digest[:16],
                                                      ["./" + rel for rel in rels]), encoding="utf-8")
    return out



def series(p, name, server, visits):
    """One fresh profile: a cold visit, then warm and offline ones."""
    out = {mode: [] for mode in MODES}
    out.update(first={m: [] for m in MODES}, imports={m: [] for m in MODES}, calls={m: [] for m in MODES},
               phases={m: [] for m in MODES}, paint={m: [] for m in MODES}, form={m: [] for m in MODES},
               boots=[], bytecode=[], tasks=[])

    def visit(page, mode):
        if B.wait_ready(page) != "ready":
            raise RuntimeError(f"{name} {server.url}: engine state {page.evaluate('document.documentElement.dataset.engine')}")
        ready = B.ready_ms(page)
        out[mode].append(ready)
        if name == "bare":
            first = ready
        else:
            page.wait_for_function("() => window.__bench.firstOdds !== null", timeout=B.READY_TIMEOUT_MS)
            first = page.evaluate("window.__bench.firstOdds")
            call = page.evaluate("window.__bench.firstOddsCall || null")
            early = page.evaluate("(performance.getEntriesByName('tablecheck-early:odds')[0] || null)"
                                  " && performance.getEntriesByName('tablecheck-early:odds')[0].toJSON()")
            if early:  # asked before ready (static/js/engine.js early()): ready -> answered
                answered = early["startTime"] + early["duration"] - ready
                out["calls"][mode].append((early["startTime"] - ready, max(0.0, answered)))
            elif call:
                out["calls"][mode].append((call["start"] - ready, call["ms"]))
            boot = page.evaluate("window.__bench.boot") or {}
            out["boots"].append(boot.get("snapshot") or "none")
            out["bytecode"].append((boot.get("stdlib_pycs") or 0) > 0)
            if boot.get("origin"):  # the worker's steps on the page's clock (static/js/boot/pyodide.mjs)
                shift = boot["origin"] - page.evaluate("performance.timeOrigin")
                out["phases"][mode].append({"worker": shift, **{k: shift + v for k, v in boot["ms"].items()},
                                            "python": page.evaluate("window.__bench.started")})
            started = page.evaluate("window.__bench.started")
            if started is not None:
                out["imports"][mode].append(ready - started)
        out["first"][mode].append(first)
        paint = page.evaluate("window.__bench.firstPaint()")
        out["paint"][mode].append(paint)
        if name != "bare":
            out["form"][mode].append(page.evaluate(FORM_DRAWN))
        out["tasks"].extend((mode, *t) for t in _tasks.attribute(page, paint, first + 1))

    with B.fresh_profile(p, viewport={"width": 1280, "height": 800}) as context:
        B.instrument(context)
        _tasks.install(context)
        server.counter.reset()
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(server.url, wait_until="commit")
        visit(page, "cold")
        out["ready_bytes"] = server.counter.totals(until=B.ready_epoch(page))
        B.wait_controlled(page)
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
        out["total_bytes"] = server.counter.totals()
        warm_bytes = []
        for _ in range(visits):
            server.counter.reset()
            page.goto(server.url, wait_until="commit")
            visit(page, "warm")
            warm_bytes.append(server.counter.totals()["bytes"])
        out["warm_bytes"] = B.median(warm_bytes)
        context.set_offline(True)
        server.counter.reset()
        server.counter.offline = True
        try:
            for _ in range(visits):
                page.goto(server.url, wait_until="commit")
                visit(page, "offline")
            out["offline_answered"] = len(server.counter.log)
        finally:
            server.counter.offline = False
            context.set_offline(False)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="fresh profiles per page (default 3)")
    ap.add_argument("--visits", type=int, default=3, help="warm and offline visits per profile (default 3)")
    ap.add_argument("--direct", action="store_true",
                    help="add a fourth page: the app as before issue 13 (interpreter = the vendored "
                         "pyodide.mjs, no snapshot files), to compare the fallback with")
    ap.add_argument("--stock", action="store_true",
                    help="add a page: the forced fallback without the build's bytecode (the stock stdlib zip, "
                         "everything compiled at start), to compare the fallback with")
    ap.add_argument("--budget", type=float, default=900,
                    help="seconds: start no new run (after the second) that would end past this (default 900)")
    args = ap.parse_args(argv)
    began = time.monotonic()
    pages = PAGES + (("direct",) if args.direct else ()) + (("stock",) if args.stock else ())
    results = {name: [] for name in pages}
    with B.Site() as site, B.Server(site.dir) as app, B.Server(site.fallback_dir) as fallback, \
            B.Server(site.bare_dir) as bare, B.Server(site.direct_dir) as direct, \
            B.Server(make_stock_site(site.fallback_dir, Path(site.tmp.name) / "stock")) as stock, \
            B.sync_playwright() as p:
        servers = {"app": app, "fallback": fallback, "bare": bare, "direct": direct, "stock": stock}
        for run in range(args.runs):
            elapsed = time.monotonic() - began
            if run >= 2 and elapsed * (run + 1) / run > args.budget:
                break  # a loaded machine: fewer runs rather than past the time limit
            k = run % len(pages)
            order = pages[k:] + pages[:k]
            for name in order:
                results[name].append(series(p, name, servers[name], args.visits))
        runs = len(results["app"])
        note = site.note

    if args.direct:  # the fallback against the app as it started before issue 13
        for mode in MODES:
            f, d = B.median([v for r in results["fallback"] for v in r[mode]]), \
                B.median([v for r in results["direct"] for v in r[mode]])
            print(f"{mode}: ready median, fallback {B.fmt_ms(f)} ms, direct (before issue 13) {B.fmt_ms(d)} ms, "
                  f"fallback / direct {B.ratio(f, d)}")
        print()
    if args.stock:  # the fallback against itself without the build's bytecode
        for mode in MODES:
            f, s, b = (B.median([v for r in results[n] for v in r[mode]]) for n in ("fallback", "stock", "bare"))
            print(f"{mode}: ready median, fallback {B.fmt_ms(f)} ms, fallback without bytecode {B.fmt_ms(s)} ms, "
                  f"bare {B.fmt_ms(b)} ms; fallback / bare {B.ratio(f, b)}, without bytecode / bare {B.ratio(s, b)}")
        print()

    def values(name, key, mode=None):
        got = []
        for r in results[name]:
            v = r[key][mode] if mode else r[key]
            got.extend(v if isinstance(v, list) else [v])
        return [v for v in got if v is not None]

    med = lambda name, key, mode=None: B.median(values(name, key, mode))  # noqa: E731
    span = lambda name, key, mode=None: (f"{B.fmt_ms(min(values(name, key, mode)))}-"  # noqa: E731
                                         f"{B.fmt_ms(max(values(name, key, mode)))}")
    yes = lambda ok: "yes" if ok else "no"  # noqa: E731

    rows = []
    for mode, label in (("cold", "cold: fresh profile"), ("warm", "warm: service worker"),
                        ("offline", "offline: service worker")):
        a, f, b = (med(n, mode) for n in PAGES)
        goal = f"app<=0.5: {yes(a <= 0.5 * b)}; fallback<=1.1: {yes(f <= 1.1 * b)}" if mode != "offline" else \
            f"(app<=0.5: {yes(a <= 0.5 * b)}; fallback<=1.1: {yes(f <= 1.1 * b)})"
        rows.append((f"{label}, ready (ms, median)", B.fmt_ms(a), B.fmt_ms(f), B.fmt_ms(b),
                     B.ratio(a, b), B.ratio(f, b), goal))
        rows.append((f"{label}, ready (ms, min-max)", span("app", mode), span("fallback", mode),
                     span("bare", mode), "", "", ""))
        fa, ff, fb = (med(n, "first", mode) for n in PAGES)
        rows.append((f"{label}, first result (ms, median)", B.fmt_ms(fa), B.fmt_ms(ff), B.fmt_ms(fb),
                     B.ratio(fa, fb), B.ratio(ff, fb), ""))
        after = {n: [r["first"][mode][i] - r[mode][i] for r in results[n] for i in range(len(r[mode]))]
                 for n in ("app", "fallback")}
        rows.append((f"{label}, first paint / the start's form drawn (ms, median)",
                     *(f"{B.fmt_ms(med(n, 'paint', mode))} / {B.fmt_ms(med(n, 'form', mode))}" for n in ("app", "fallback")),
                     f"{B.fmt_ms(med('bare', 'paint', mode))} / n/a", "", "", ""))
        rows.append((f"{label}, first odds after ready (ms, median / max)",
                     f"{B.fmt_ms(B.median(after['app']))} / {B.fmt_ms(max(after['app']))}",
                     f"{B.fmt_ms(B.median(after['fallback']))} / {B.fmt_ms(max(after['fallback']))}",
                     "n/a", "", "", f"< {FIRST_ODDS_GOAL_MS}: {yes(max(after['app']) < FIRST_ODDS_GOAL_MS)}"))
        calls = {n: [c for r in results[n] for c in r["calls"][mode]] for n in ("app", "fallback")}
        cell = lambda n: (f"{B.fmt_ms(B.median([c[1] for c in calls[n]]))} / "  # noqa: E731
                          f"{B.fmt_ms(max(c[1] for c in calls[n]))} (asked at "
                          f"{B.fmt_ms(B.median([c[0] for c in calls[n]]))})") if calls[n] else "n/a"
        rows.append((f"{label}, first odds call via the bridge, request -> answer (ms, median / max)",
                     cell("app"), cell("fallback"), "n/a", "", "",
                     f"< {FIRST_ODDS_GOAL_MS}: {yes(bool(calls['app']) and max(c[1] for c in calls['app']) < FIRST_ODDS_GOAL_MS)}"))
        rows.append((f"{label}: engine.py running -> ready (ms, median)", B.fmt_ms(med("app", "imports", mode)),
                     B.fmt_ms(med("fallback", "imports", mode)), "n/a", "", "", ""))

        def timeline(name):
            got = [p for r in results[name] for p in r["phases"][mode]]
            steps = [k for k in PHASES if any(p.get(k) is not None for p in got)]
            return " / ".join(B.fmt_ms(B.median([p[k] for p in got if p.get(k) is not None])) for k in steps) \
                + f" ({', '.join(steps)})" if got else "n/a"
        rows.append((f"{label}: worker steps, ms after navigation (median)", timeline("app"), timeline("fallback"),
                     "n/a", "", "", ""))

    def bytes_row(label, when, key, show=B.fmt_bytes):
        a, f, b = (B.median([r[when][key] for r in results[n]]) for n in PAGES)
        rows.append((label, show(a), show(f), show(b), B.ratio(a, b), B.ratio(f, b), ""))

    count = lambda n: f"{n:.0f}"  # noqa: E731
    bytes_row("first visit until ready: bytes sent", "ready_bytes", "bytes")
    bytes_row("first visit incl. offline precache: bytes sent", "total_bytes", "bytes")
    bytes_row("first visit incl. offline precache: requests (all)", "total_bytes", "all_requests", count)
    bytes_row("first visit: distinct files", "total_bytes", "files", count)
    bytes_row("first visit: distinct files, bytes", "total_bytes", "distinct")
    bytes_row("first visit: distinct files, gzip estimate", "total_bytes", "distinct_gzip")
    rows.append(("warm visit: bytes sent (median)", *(B.fmt_bytes(B.median([r["warm_bytes"] for r in results[n]]))
                                                      for n in PAGES), "", "", ""))
    rows.append(("offline visits: requests answered by the server (all runs)",
                 *(str(sum(r["offline_answered"] for r in results[n])) for n in PAGES), "", "", "should be 0"))
    details = []
    for kind, label in (("ours", "ours (static/js, py)"), ("pyscript", "PyScript/Pyodide (static/vendor)"),
                        ("unattributed", "unattributed (style, layout, GC)")):
        per = {n: [d for r in results[n] for _, d, k, _ in r["tasks"] if k == kind] for n in PAGES}
        for n in PAGES:
            worst = max(((d, m, what) for r in results[n] for m, d, k, what in r["tasks"] if k == kind),
                        default=None)
            if worst:
                details.append(f"longest long task, {n}, {label}: {worst[0]:.0f} ms ({worst[1]} visit): {worst[2]}")
        cell = lambda n: (f"{max(per[n]):.0f} ({len(per[n])})" if per[n] else f"< {LONG_MS} (0)")  # noqa: E731
        goal = f"none: {yes(not per['app'] and not per['fallback'])}" if kind == "ours" else "(reported)"
        rows.append((f"long tasks after first paint, {label}: longest ms (count)",
                     cell("app"), cell("fallback"), cell("bare"), "", "", goal))
    boots = {n: values(n, "boots") for n in ("app", "fallback")}
    rows.append(("visits started from the snapshot / all visits",
                 f"{boots['app'].count('used')}/{len(boots['app'])}",
                 f"{boots['fallback'].count('used')}/{len(boots['fallback'])}", "n/a", "", "", ""))
    compiled = {n: values(n, "bytecode") for n in ("app", "fallback")}
    rows.append(("visits whose stdlib came with the build's bytecode / all visits",
                 *(f"{sum(1 for c in compiled[n] if c)}/{len(compiled[n])}" for n in ("app", "fallback")),
                 "n/a", "", "", ""))
    B.print_table(
        f"Start-up against the floor: {runs} fresh profiles per page, 1 cold + {args.visits} warm "
        f"+ {args.visits} offline visits each ({B.environment()})",
        ["measure", "app (snapshot)", "app (fallback forced)", "bare page", "app / bare", "fallback / bare",
         "goal"], rows,
        notes=[f"site: {note}",
               "fallback: the same build with the snapshot taken out (snapshot.json says none): "
               "static/js/boot/pyodide.mjs starts Pyodide the normal way.",
               "bare page: the same vendored PyScript + Pyodide files (not our interpreter module), one line "
               "of Python in a worker, same ready signal and service worker template.",
               "worker steps: the engine worker created, loadPyodide called by PyScript, the snapshot unpacked, "
               "the heap restored (or, a normal start: the stdlib zip with the build's bytecode checked and "
               "put together), loadPyodide returned to PyScript, py/engine.py running (its 'starting' "
               "status); then PyScript's own set-up and the config's files lie between ready and python.",
               "the start's form drawn: the end of the step that put the form on the page (startup.js "
               "drawCatalog, tablecheck:form or tablecheck:shipped-form), before its first frame is painted.",
               "first result: the app's odds panel drawn with the form's first odds; the bare page's answer "
               "(= ready). engine.py running -> ready: from the engine's 'starting' status to ready.",
               "long tasks: PerformanceObserver 'longtask' (only tasks over 50 ms are reported) from first "
               "paint to the first result, over all visits; attributed by bench/_tasks.py: the scripts of "
               "the long animation frame inside the task, by source, and the page's tablecheck:* measures "
               "(ours wherever they run, also inside PyScript's message handler).",
               *details,
               "first odds after ready: until the odds panel is drawn (the page's first odds are asked "
               "while the engine starts, static/js/engine.js early(), and drawn when it is ready; later ones "
               "after 90 ms of quiet, static/js/odds.js OddsPanel.request). The bridge row times that "
               "first call (asked at + ms after ready; a negative 'asked at': asked while the engine "
               "started, and the time is then ready -> answered).",
               "bytes (medians over runs): response bodies counted by the server, uncompressed; the service "
               "worker's precache (after ready) revalidates what the page already has (304, no body); "
               "distinct files counts each file once; gzip: estimated at level 6 (the snapshot is already "
               "gzipped and gains nothing)."])
    return 0


if __name__ == "__main__":
    sys.exit(main())
