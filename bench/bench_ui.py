#!/usr/bin/env python3
"""Table-UI latency, measured in a real Chromium against the built site.

    python bench/bench_ui.py [--rolls 50] [--changes 30]

Prints, per check, the median and p95 of
- tap -> painted result: from the Roll click event's timestamp to the first
  frame after the result card is in the DOM (the page measures it:
  tablecheck:tap-to-card, static/js/timeline.js);
- live odds update: from the input event of a field change to the first
  frame after the new odds are in the DOM (tablecheck:change-to-odds;
  includes the page's 90 ms debounce, which is the point: it is what a
  player waits after the last keystroke);
- engine: window.tablecheck.resolve alone (worker round trip and Python),
  the floor under the first figure.
Needs Playwright (the project's .venv); Chromium from $CHROMIUM or
/usr/bin/chromium. The site is built into a temporary directory.
"""

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build as site_build  # noqa: E402
from serve import Server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _browser as B  # noqa: E402

CASES = [
    ("dark_eye", "skill", 'input[data-path="rating"]', [4, 7, 9, 5, 11, 6]),
    ("dungeons_of_olde", "check", 'input[data-path="stat"]', [6, 8, 10, 12, 4, 20]),
    ("ax", "flat", 'input[data-path="attribute"]', [2, 3, 4, 5, 6, 7]),
    ("dice", "roll", 'input[data-path="expression"]', ["3d6+2", "4d6kh3", "2d20kl1", "2d8!", "d%", "10d10"]),
]


def pct(values, q):
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(q * (len(values) - 1))))
    return values[k]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rolls", type=int, default=50)
    ap.add_argument("--changes", type=int, default=30)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "dist"
        site_build.build(ROOT, out)
        server = Server(out).start()
        chromium = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium if Path(chromium).exists() else None,
                args=["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"])
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(server.url)
            page.wait_for_selector("html[data-engine=ready][data-ui=ready]", timeout=120_000)
            print(f"{'check':28} {'roll median':>12} {'roll p95':>9} {'odds median':>12} {'odds p95':>9} {'engine median':>14}   (ms; {args.rolls} rolls, {args.changes} changes)")
            for system, check, field, values in CASES:
                page.check(f"#game-{system}")
                if page.locator(f"#check-{check}").count():
                    page.check(f"#check-{check}")
                page.wait_for_selector(f".check-form[data-system={system}][data-check={check}]")
                page.evaluate(B.CLEAR_PAGE_FIGURES)
                odds_seen = "() => performance.getEntriesByName('tablecheck:change-to-odds').length"
                rolls_seen = "() => performance.getEntriesByName('tablecheck:tap-to-card').length"
                # live odds: change a field, wait for that answer to be shown
                for i in range(args.changes):
                    v = str(values[i % len(values)])
                    if page.input_value(field) == v:
                        v = str(values[(i + 1) % len(values)])
                    n = page.evaluate(odds_seen)
                    page.fill(field, v)
                    page.wait_for_function(f"({odds_seen})() > {n}", timeout=60_000)
                # rolls: click, wait for the painted counter
                for _ in range(args.rolls):
                    n = page.evaluate(rolls_seen)
                    page.click("#roll")
                    page.wait_for_function(f"({rolls_seen})() > {n}", timeout=60_000)
                # the bridge alone (worker round trip + Python), for comparison
                engine = page.evaluate("""async ([n, req]) => {
                    const out = [];
                    for (let i = 0; i < n; i++) {
                        const t = performance.now();
                        await window.tablecheck.resolve(req);
                        out.push(performance.now() - t);
                    }
                    return out; }""", [args.rolls, page.evaluate(B.LAST_REQUEST)])
                m = page.evaluate(B.PAGE_FIGURES)
                r, o = m["roll"], m["odds"]
                print(f"{system + '/' + check:28} {statistics.median(r):12.1f} {pct(r, 0.95):9.1f} "
                      f"{statistics.median(o):12.1f} {pct(o, 0.95):9.1f} {statistics.median(engine):14.1f}")
            browser.close()
        server.stop()


if __name__ == "__main__":
    main()
