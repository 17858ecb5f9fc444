#!/usr/bin/env python3
"""Tap to result (issue 9, item 3; issue 29, item 3: where the time goes, on a slow tablet too).

    .venv/bin/python bench/bench_tap.py [--rolls 100] [--changes 20] [--throttle 4]
        [--before DIR] [--block 10] [--trace 10]

In headless Chromium against the built site, for each game's main check
(bench/_browser.py MAIN_CHECKS; dice typed in off, so the engine rolls):

- roll: from the click on Roll (the click event's timeStamp) to the first
  frame after the result card is in the DOM (a requestAnimationFrame, then a
  task: the frame with the card has been produced), `rolls` times;
- odds: from the input event of a field change to the first frame after the
  new odds are drawn (the odds panel's data-seq moves), `changes` times.
  This includes the page's debounce (static/js/odds.js, read from the served
  file): what a player waits after the last keystroke.

--throttle N slows the page's main thread N times (CDP
Emulation.setCPUThrottlingRate: a slow tablet; it does not reach the
engine's worker). --before DIR serves a second built site (another
commit's dist/, e.g. main's) in the same browser, each check's rolls
interleaved in blocks of --block (A, B, A, B ...), so the two compare in one
run on the same noisy machine.

Where a roll's time goes: the script's own listeners (installed before the
page's scripts) split it into the page's script up to the card in the DOM
(the form read, the worker's round trip, the card built) and the frame after
it (style, layout, paint); the page's User Timing measures
(static/js/timeline.js: tap-to-send, roll-wait, card-build, card-frame,
card-later, tap-to-card) split it further where the page has them. --trace N
records N more rolls per check in a Chromium trace and sums the renderer main
thread's style (UpdateLayoutTree), layout (Layout) and paint (PrePaint,
Paint, Layerize, Commit) events between each tap and its card painted, and
the style and layout that run inside a script (forced: a script read layout
after writing).
"""

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _browser as B  # noqa: E402

TAP = r"""
(() => {
  const t = window.__tap = { roll: [], script: [], frame: [], odds: [], clickAt: null, inputAt: null };
  const afterPaint = (t0, into, then) => requestAnimationFrame(() => setTimeout(() => {
    into.push(performance.now() - t0); if (then) then();
  }, 0));
  document.addEventListener('click', (e) => {
    if (e.target && e.target.closest && e.target.closest('#roll')) t.clickAt = e.timeStamp;
  }, true);
  document.addEventListener('input', (e) => {
    if (e.target && e.target.matches && e.target.matches('input[data-path]')) t.inputAt = e.timeStamp;
  }, true);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList' && t.clickAt !== null && r.target.closest && r.target.closest('#result')) {
        for (const n of r.addedNodes) {
          if (n.nodeType === 1 && (n.matches('.result-card') || n.querySelector('.result-card'))) {
            // a microtask of the task that put the card in: the page's script is done
            const t0 = t.clickAt; const inDom = performance.now(); t.clickAt = null;
            t.script.push(inDom - t0);
            afterPaint(inDom, t.frame, () => afterPaint(t0, []));
            afterPaint(t0, t.roll);
            break;
          }
        }
      } else if (r.type === 'attributes' && r.target.id === 'odds' && t.inputAt !== null) {
        const t0 = t.inputAt; t.inputAt = null; afterPaint(t0, t.odds);
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-seq'] });
})();
"""

# the page's own measures of a roll (static/js/timeline.js)
MEASURES = ["tap-to-send", "roll-wait", "card-build", "card-frame", "card-later", "tap-to-card"]
PAGE_MEASURES = ("() => Object.fromEntries(" + json.dumps(MEASURES) +
                 ".map((n) => [n, performance.getEntriesByName('tablecheck:' + n).map((e) => e.duration)]))")
CLEAR_MEASURES = ("() => { for (const n of " + json.dumps(MEASURES) +
                  ") performance.clearMeasures('tablecheck:' + n); window.__tap.roll.length = 0;"
                  " window.__tap.script.length = 0; window.__tap.frame.length = 0; window.__tap.odds.length = 0; }")
STYLE = {"UpdateLayoutTree"}
LAYOUT = {"Layout"}
PAINT = {"PrePaint", "Paint", "Layerize", "Commit"}
# script on the main thread: a style or layout inside one was forced by reading layout
SCRIPT = {"FunctionCall", "RunMicrotasks", "EventDispatch", "TimerFire", "FireAnimationFrame", "EvaluateScript",
          "v8.callFunction", "FireIdleCallback"}


def count(page, what):
    return page.evaluate(f"window.__tap.{what}.length")


class Side:
    """One site in the browser: its page, its figures per check."""

    def __init__(self, name, browser, url, throttle):
        self.name = name
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.context.add_init_script(TAP)
        self.page = self.context.new_page()
        self.page.goto(url)
        if B.wait_ready(self.page) != "ready":
            raise RuntimeError(f"{name}: the engine did not get ready")
        B.wait_ui(self.page)
        self.cdp = self.context.new_cdp_session(self.page)
        self.throttle = throttle
        self.figures = {}

    def slow(self, on):
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.throttle if on else 1})

    def choose(self, system, check):
        self.slow(False)  # the form's set-up is not what is measured
        B.choose(self.page, system, check)
        B.odds_settled(self.page)
        self.page.evaluate(CLEAR_MEASURES)

    def changes(self, field, values, n):
        page, i = self.page, 0
        self.slow(True)
        while count(page, "odds") < n:
            before = count(page, "odds")
            value = values[i % len(values)]
            i += 1
            if B.change_and_wait_odds(page, field, value):
                page.wait_for_function(f"window.__tap.odds.length > {before}", timeout=B.READY_TIMEOUT_MS)
        self.slow(False)

    def rolls(self, n):
        page = self.page
        self.slow(True)
        for _ in range(n):
            before = count(page, "roll")
            # plain input at the button (page.click's hit-target checks read layout inside the page's events)
            box = page.locator("#roll").bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function(f"window.__tap.roll.length > {before}", timeout=B.READY_TIMEOUT_MS)
            # the card's later parts (and its history entry) in before the next tap
            page.wait_for_function("() => { const r = document.querySelector('#result');"
                                   " const c = r && r.querySelector('.result-card');"
                                   " return c && r.dataset.saved === c.dataset.entry; }", timeout=B.READY_TIMEOUT_MS)
        self.slow(False)

    def collect(self, key):
        mine = self.page.evaluate("window.__tap")
        theirs = self.page.evaluate(PAGE_MEASURES)
        self.figures[key] = {"roll": mine["roll"], "script": mine["script"], "frame": mine["frame"],
                             "odds": mine["odds"], **theirs}

    def close(self):
        self.context.close()


def trace_rolls(browser, side, n):
    """`n` rolls under a Chromium trace: per roll, ms of style, layout and
    paint on the page's main thread between the tap and its card painted,
    and of style and layout inside the card's building task (forced)."""
    browser.start_tracing(page=side.page, categories=["devtools.timeline", "blink.user_timing",
                                                      "disabled-by-default-devtools.timeline",
                                                      "disabled-by-default-devtools.timeline.stack"])
    side.rolls(n)
    side.page.wait_for_function(f"() => performance.getEntriesByName('tablecheck:tap-to-card').length >= {n}",
                                timeout=B.READY_TIMEOUT_MS)
    data = json.loads(browser.stop_tracing())
    events = data["traceEvents"] if isinstance(data, dict) else data
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}

    def windows(name):
        begins = sorted(e["ts"] for e in events if e.get("name") == name and e.get("ph") in ("b", "B"))
        ends = sorted(e["ts"] for e in events if e.get("name") == name and e.get("ph") in ("e", "E"))
        return list(zip(begins, ends))

    taps = windows("tablecheck:tap-to-card")
    work = [e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in main and "dur" in e]
    scripts = sorted(((e["pid"], e["tid"]), e["ts"], e["ts"] + e["dur"]) for e in work if e["name"] in SCRIPT)

    def in_script(e):
        key = (e["pid"], e["tid"])
        return any(k == key and lo <= e["ts"] and e["ts"] + e["dur"] <= hi for k, lo, hi in scripts)

    def by_page(e):  # the stack names one of the page's files (not the bench's own listeners)
        args = e.get("args", {})
        stack = (args.get("beginData") or {}).get("stackTrace") or (args.get("data") or {}).get("stackTrace") or []
        return any("/static/" in (f.get("url") or "") for f in stack)

    rows = []
    for a, b in taps:
        inside = [e for e in work if a <= e["ts"] < b]

        def total(names, only=inside):
            return sum(e["dur"] for e in only if e["name"] in names) / 1000
        forced = [e for e in inside if e["name"] in STYLE | LAYOUT and in_script(e) and by_page(e)]
        rows.append({"style": total(STYLE), "layout": total(LAYOUT), "paint": total(PAINT),
                     "forced": total(STYLE | LAYOUT, forced)})
    return rows


def fmt(values, q=None):
    if not values:
        return "n/a"
    return B.fmt_ms(B.median(values) if q is None else max(values) if q == 1 else B.pct(values, q))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rolls", type=int, default=100)
    ap.add_argument("--changes", type=int, default=20)
    ap.add_argument("--throttle", type=float, default=1, help="slow the page's main thread N times (CDP)")
    ap.add_argument("--before", type=Path, help="a second built site (dist/ of another commit) to compare")
    ap.add_argument("--block", type=int, default=10, help="rolls in a row on one site when comparing")
    ap.add_argument("--trace", type=int, default=0, help="rolls per check under a trace (style/layout/paint)")
    args = ap.parse_args(argv)
    with B.Site() as site, B.Server(site.dir) as server, B.sync_playwright() as p:
        sites = [("after", server.url)]
        other = None
        if args.before:
            other = B.Server(args.before.resolve())
            other.__enter__()
            sites = [("before", other.url), ("after", server.url)]
        try:
            browser = B.launch(p)
            sides = [Side(name, browser, url, args.throttle) for name, url in sites]
            traces = {}
            for system, check, field, values in B.MAIN_CHECKS:
                key = f"{system} / {check}"
                for s in sides:
                    s.choose(system, check)
                    if args.changes:
                        s.changes(field, values, args.changes)
                done = 0
                while done < args.rolls:
                    n = min(args.block, args.rolls - done)
                    for s in sides:
                        s.rolls(n)
                    done += n
                for s in sides:
                    s.collect(key)
                    if args.trace:
                        s.page.evaluate(CLEAR_MEASURES)
                        traces[s.name, key] = trace_rolls(browser, s, args.trace)
            for s in sides:
                s.close()
            browser.close()
        finally:
            if other:
                other.__exit__(None, None, None)
        note = site.note
        found = re.search(r"delay\s*=\s*(?:this\.shown\s*\?\s*)?(\d+)", (site.dir / "static/js/odds.js").read_text(encoding="utf-8"))
        debounce = found.group(1) if found else "?"
    report(args, sides, traces, debounce, note)
    return 0


def report(args, sides, traces, debounce, note):
    throttled = f", main thread throttled {args.throttle:g}x" if args.throttle != 1 else ""
    rows = []
    for key in sides[0].figures:
        for s in sides:
            f = s.figures[key]
            rows.append((key if s is sides[0] else "", s.name,
                         fmt(f["roll"]), fmt(f["roll"], 0.95), fmt(f["roll"], 1),
                         fmt(f["script"]), fmt(f["frame"]),
                         fmt(f["tap-to-send"]), fmt(f["roll-wait"]), fmt(f["card-build"]), fmt(f["card-frame"]),
                         fmt(f["card-later"]), fmt(f["odds"]) if args.changes else "-"))
    B.print_table(
        f"Tap to result: {args.rolls} rolls{f' and {args.changes} field changes' if args.changes else ''} "
        f"per game's main check{throttled}, ms, medians unless named ({B.environment()})",
        ["check", "site", "roll median", "roll p95", "roll max", "to card in DOM", "card in DOM to painted",
         "form read", "worker", "card built", "card's frame", "later parts", "odds update"], rows,
        notes=["roll: click on Roll -> first frame after the result card is drawn (the script's listeners); "
               "to card in DOM + card in DOM to painted = roll. form read (tap-to-send), worker (roll-wait: "
               "request sent -> answer parsed), card built (card-build), card's frame (card-frame), later parts "
               "(card-later: the card painted -> the parts it left for later painted) are the page's own "
               "measures (static/js/timeline.js); n/a where the site has none.",
               f"odds update: input event of a field change -> first frame after the new odds are drawn, "
               f"including the page's {debounce} ms debounce (static/js/odds.js).",
               "rolls interleaved in blocks of " + str(args.block) + " between the sites." if len(sides) > 1 else "",
               f"site: {note}"])
    if traces:
        rows = []
        for (name, key), per in traces.items():
            rows.append((key, name, *(fmt([r[k] for r in per]) for k in ("style", "layout", "paint", "forced")),
                         fmt([r["style"] + r["layout"] + r["paint"] for r in per], 1)))
        print()
        B.print_table(
            f"Where a roll's frame goes: {args.trace} traced rolls per check{throttled}, ms of the renderer's "
            "main thread between the tap and its card painted, medians",
            ["check", "site", "style", "layout", "paint", "style+layout inside a script (forced)",
             "style+layout+paint max"], rows,
            notes=["style: UpdateLayoutTree; layout: Layout; paint: PrePaint, Paint, Layerize, Commit "
                   "(Chromium trace events). forced: style and layout inside a script's event (FunctionCall, "
                   "RunMicrotasks, EventDispatch, TimerFire, FireAnimationFrame, ...): a script read layout."])


if __name__ == "__main__":
    sys.exit(main())
