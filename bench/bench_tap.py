#!/usr/bin/env python3
"""Tap to result (issue 9, item 3).

    .venv/bin/python bench/bench_tap.py [--rolls 100] [--changes 20]

In headless Chromium against the built site, for each game's main check
(bench/_browser.py MAIN_CHECKS; dice typed in off, so the engine rolls):

- roll: from the click on Roll (the click event's timeStamp) to the first
  frame after the result card is in the DOM (a requestAnimationFrame, then a
  task: the frame with the card has been produced), `rolls` times;
- odds: from the input event of a field change to the first frame after the
  new odds are drawn (the odds panel's data-seq moves), `changes` times.
  This includes the page's debounce (static/js/odds.js, read from the served
  file): what a player waits after the last keystroke.

The script measures with its own listeners (installed before the page's
scripts); the page's own figures (its User Timing measures tablecheck:tap-to-card
and tablecheck:change-to-odds, static/js/timeline.js) are shown next to them as a
cross-check.
"""

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _browser as B  # noqa: E402

TAP = r"""
(() => {
  const t = window.__tap = { roll: [], odds: [], clickAt: null, inputAt: null };
  const afterPaint = (t0, into) => requestAnimationFrame(() => setTimeout(() => into.push(performance.now() - t0), 0));
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
            const t0 = t.clickAt; t.clickAt = null; afterPaint(t0, t.roll); break;
          }
        }
      } else if (r.type === 'attributes' && r.target.id === 'odds' && t.inputAt !== null) {
        const t0 = t.inputAt; t.inputAt = null; afterPaint(t0, t.odds);
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-seq'] });
})();
"""


def count(page, what):
    return page.evaluate(f"window.__tap.{what}.length")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rolls", type=int, default=100)
    ap.add_argument("--changes", type=int, default=20)
    args = ap.parse_args(argv)
    rows = []
    with B.Site() as site, B.Server(site.dir) as server, B.sync_playwright() as p:
        browser = B.launch(p)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(TAP)
        page = context.new_page()
        page.goto(server.url)
        if B.wait_ready(page) != "ready":
            raise RuntimeError("the engine did not get ready")
        B.wait_ui(page)
        for system, check, field, values in B.MAIN_CHECKS:
            B.choose(page, system, check)
            B.odds_settled(page)
            page.evaluate("window.__tap.roll.length = 0; window.__tap.odds.length = 0;")
            page.evaluate(B.CLEAR_PAGE_FIGURES)
            i = 0
            while count(page, "odds") < args.changes:
                n = count(page, "odds")
                value = values[i % len(values)]
                i += 1
                if B.change_and_wait_odds(page, field, value):
                    page.wait_for_function(f"window.__tap.odds.length > {n}", timeout=B.READY_TIMEOUT_MS)
            for _ in range(args.rolls):
                n = count(page, "roll")
                page.click("#roll")
                page.wait_for_function(f"window.__tap.roll.length > {n}", timeout=B.READY_TIMEOUT_MS)
            page.wait_for_function(f"() => performance.getEntriesByName('tablecheck:tap-to-card').length >= {args.rolls}",
                                   timeout=B.READY_TIMEOUT_MS)
            mine = page.evaluate("window.__tap")
            theirs = page.evaluate(B.PAGE_FIGURES)
            roll, odds = mine["roll"], mine["odds"]
            rows.append((f"{system} / {check}",
                         B.fmt_ms(B.median(roll)), B.fmt_ms(B.pct(roll, 0.95)), B.fmt_ms(max(roll)),
                         B.fmt_ms(B.median(theirs["roll"])),
                         B.fmt_ms(B.median(odds)), B.fmt_ms(B.pct(odds, 0.95)),
                         B.fmt_ms(B.median(theirs["odds"]))))
        context.close()
        browser.close()
        note = site.note
        found = re.search(r"delay\s*=\s*(\d+)", (site.dir / "static/js/odds.js").read_text(encoding="utf-8"))
        debounce = found.group(1) if found else "?"
    B.print_table(
        f"Tap to result: {args.rolls} rolls and {args.changes} field changes per game's main check, "
        f"ms ({B.environment()})",
        ["check", "roll median", "roll p95", "roll max", "roll median (page's metric)",
         "odds update median", "odds update p95", "odds median (page's metric)"], rows,
        notes=["roll: click on Roll -> first frame after the result card is drawn; odds update: input event "
               "of a field change -> first frame after the new odds are drawn, including the page's "
               f"{debounce} ms debounce (static/js/odds.js).",
               "fields changed: " + "; ".join(f"{s} {f}" for s, _, f, _ in B.MAIN_CHECKS) + ".",
               f"site: {note}"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
