#!/usr/bin/env python3
"""Main-thread freedom (issue 9, item 2).

    .venv/bin/python bench/bench_mainthread.py [--runs 3] [--changes 4]

The longest main-thread task (PerformanceObserver 'longtask', observing
from before the page's first script) while the engine starts and while odds
compute; goal: none over 50 ms after first paint. Each run is a fresh
browser context (cold HTTP cache) on the app, then on the bare floor page
(bench/_browser.py) for reference. Phases of the app, one window each:

- start-up before first paint, and from first paint until the engine is
  ready, the catalog is drawn and the first odds are shown;
- odds through the bridge: the heaviest standard requests
  (window.tablecheck.odds, computed in the worker);
- the UI: each game's main check chosen (its form and first odds drawn),
  then `changes` field changes, each waited for until its odds are drawn
  (the bars are drawn on the main thread).

A long task is attributed to the phase in which it started.
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _browser as B  # noqa: E402

GOAL_MS = 50


def longtasks(page):
    """[(start, duration, kind, [blocking, script])]: long tasks ('task') and long animation
    frames ('frame', with their blocking time and longest script, to say what a long task was)."""
    return page.evaluate("[...window.__bench.longtasks.map(t => [t.start, t.duration, 'task', [0, '']]),"
                         " ...window.__bench.frames.map(t => [t.start, t.duration, 'frame', [t.blocking || 0, t.script]])]")


def now(page):
    return page.evaluate("performance.now()")


def run_app(browser, url, changes):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    B.instrument(context)
    page = context.new_page()
    marks = {"nav": 0.0}
    page.goto(url, wait_until="commit")
    if B.wait_ready(page) != "ready":
        raise RuntimeError("the engine did not get ready")
    B.wait_ui(page)
    B.odds_settled(page)
    marks["start_end"] = now(page)
    marks["first_paint"] = page.evaluate("window.__bench.firstPaint()")
    marks["ready"] = B.ready_ms(page)
    # odds through the bridge
    marks["bridge_start"] = now(page)
    for _, request in B.HEAVY:
        answer = page.evaluate("(r) => window.tablecheck.odds(r)", request)
        if "error" in answer:
            raise RuntimeError(f"odds failed: {answer['error']}")
    marks["bridge_end"] = now(page)
    # through the UI: choosing a game (its form and first odds drawn), then field changes
    marks["switch"], marks["change"] = [], []
    for system, check, field, values in B.MAIN_CHECKS:
        start = now(page)
        B.choose(page, system, check)
        B.odds_settled(page)
        marks["switch"].append((start, now(page)))
        start = now(page)
        done = 0
        for value in values * 2:
            if done >= changes:
                break
            done += B.change_and_wait_odds(page, field, value)
        marks["change"].append((start, now(page)))
    tasks = longtasks(page)
    context.close()
    return marks, tasks


def run_bare(browser, url):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    B.instrument(context)
    page = context.new_page()
    page.goto(url, wait_until="commit")
    if B.wait_ready(page) != "ready":
        raise RuntimeError("the bare page did not get ready")
    marks = {"first_paint": page.evaluate("window.__bench.firstPaint()"), "ready": B.ready_ms(page),
             "start_end": now(page)}
    tasks = longtasks(page)
    context.close()
    return marks, tasks


def within(tasks, start, end):
    return [(s, d, kind, detail) for s, d, kind, detail in tasks if start is not None and start <= s < end]


def within_all(tasks, windows):
    return [t for start, end in windows for t in within(tasks, start, end)]


def attribute(per_run):
    """What ran in the longest long task: the long animation frame around it."""
    best = None
    for run in per_run:
        frames = [(s, d, x) for s, d, kind, x in run if kind == "frame"]
        for s, d, kind, _ in run:
            if kind == "task" and (best is None or d > best[1]):
                around = [x for fs, fd, x in frames if fs <= s + 1 and s + d <= fs + fd + 1]
                best = (s, d, around[0] if around else None)
    if best is None or best[2] is None:
        return "no long animation frame around it"
    blocking, script = best[2]
    return f"its frame: longest script {script}, blocking {blocking:.0f} ms"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--changes", type=int, default=4, help="field changes per game (default 4)")
    args = ap.parse_args(argv)
    phases = {k: [] for k in ("before_fp", "after_fp", "bridge", "switch", "change", "bare_before_fp",
                              "bare_after_fp")}
    first_paints, readies, bare_fp = [], [], []
    with B.Site() as site, B.Server(site.dir) as app, B.Server(site.bare_dir) as bare, \
            B.sync_playwright() as p:
        browser = B.launch(p)
        for _ in range(args.runs):
            marks, tasks = run_app(browser, app.url, args.changes)
            fp = marks["first_paint"] or 0.0
            first_paints.append(fp)
            readies.append(marks["ready"])
            phases["before_fp"].append(within(tasks, 0.0, fp))
            phases["after_fp"].append(within(tasks, fp, marks["bridge_start"]))
            phases["bridge"].append(within(tasks, marks["bridge_start"], marks["bridge_end"]))
            phases["switch"].append(within_all(tasks, marks["switch"]))
            phases["change"].append(within_all(tasks, marks["change"]))
            marks, tasks = run_bare(browser, bare.url)
            fp = marks["first_paint"] or 0.0
            bare_fp.append(fp)
            phases["bare_before_fp"].append(within(tasks, 0.0, fp))
            phases["bare_after_fp"].append(within(tasks, fp, marks["start_end"] + 1))
        browser.close()
        note = site.note

    details = []

    def row(label, key, goal):
        per_run = phases[key]
        runs = max(1, len(per_run))
        tasks = [d for run in per_run for _, d, kind, _ in run if kind == "task"]
        longest = B.fmt_ms(max(tasks), 0) if tasks else f"< {GOAL_MS}"
        over = sum(d - GOAL_MS for d in tasks) / runs
        met = ("yes" if not tasks else "no") if goal else "(before first paint)"
        if tasks:
            details.append(f"{label}: longest task {max(tasks):.0f} ms; {attribute(per_run)}")
        return (label, longest, f"{len(tasks) / runs:.1f}", B.fmt_ms(over), met)

    heavy = "; ".join(name for name, _ in B.HEAVY)
    rows = [
        row("app start-up: navigation -> first paint", "before_fp", False),
        row("app start-up: first paint -> ready, catalog drawn, first odds", "after_fp", True),
        row("app odds via the bridge (heaviest requests)", "bridge", True),
        row("app UI: choose a game, its form and first odds drawn (6 games)", "switch", True),
        row(f"app UI: field change -> odds drawn (6 games x {args.changes})", "change", True),
        row("bare page start-up: navigation -> first paint", "bare_before_fp", False),
        row("bare page start-up: first paint -> ready", "bare_after_fp", True),
    ]
    B.print_table(
        f"Main-thread long tasks, {args.runs} cold runs ({B.environment()})",
        ["phase", "longest task (ms)", f"tasks > {GOAL_MS} ms / run",
         f"time over {GOAL_MS} ms / run (ms)", f"goal: none > {GOAL_MS} ms"], rows,
        notes=[f"first paint: app median {B.fmt_ms(B.median(first_paints))} ms, bare "
               f"{B.fmt_ms(B.median(bare_fp))} ms; app engine ready median {B.fmt_ms(B.median(readies))} ms "
               "after navigation start.",
               f"heaviest requests: {heavy}.",
               *details,
               "long tasks: PerformanceObserver 'longtask' (the browser reports only tasks over 50 ms, so "
               "'< 50' means none); a task belongs to the phase it started in; what ran in it comes from "
               "'long-animation-frame' entries.",
               f"site: {note}"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
