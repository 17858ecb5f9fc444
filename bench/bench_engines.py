#!/usr/bin/env python3
"""Start-up in every engine a tablet runs (issue 25, item 13): Chromium
(Playwright), Firefox ESR and WebKitGTK (tools/engines.py), on one build.

    .venv/bin/python bench/bench_engines.py [--runs 3] [--engines chromium,firefox,webkit] [--dir dist]

Each run serves the build from a new local server (a new origin: nothing in
the HTTP cache, no service worker) and times, from navigation start, when
html[data-engine] turns "ready":
- cold: the first visit;
- warm: a reload once the service worker controls the page and the build is
  cached (data-offline=ready): the files come from Cache Storage.
and, for both, the first odds after ready: until the odds panel is drawn
(`tablecheck:odds-drawn`, static/js/odds.js) with the form's first odds.
The time to ready is read in the page (a MutationObserver set up once the
navigation returns, after the load event; a visit that is ready before it is
counted as "not timed"). Prints medians with min-max; compare engines as
ratios within one run (the machine's load moves every figure).
"""

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build as site_build  # noqa: E402
import engines as drivers  # noqa: E402
from chromium_flags import CHROMIUM_ARGS  # noqa: E402
from serve import Server  # noqa: E402

READY_AT = """() => new Promise((resolve) => {
  const root = document.documentElement;
  const done = () => root.dataset.engine !== 'loading';
  if (done()) return resolve(null); // ready before this ran: not timed
  new MutationObserver((_, observer) => {
    if (!done()) return;
    observer.disconnect();
    resolve({ state: root.dataset.engine, at: performance.now() });
  }).observe(root, { attributes: true, attributeFilter: ['data-engine'] });
})"""
ODDS_DRAWN = """() => { const m = performance.getEntriesByName('tablecheck:odds-drawn')[0];
  return m ? m.startTime + m.duration : null; }"""


class Chromium(drivers.Engine):
    """Playwright's Chromium behind the same calls as tools/engines.py's."""

    name = "chromium"

    def __init__(self):
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        path = next((p for p in ("/usr/bin/chromium",) if Path(p).is_file()), None)
        self.browser = self.playwright.chromium.launch(headless=True, args=CHROMIUM_ARGS,
                                                       **({"executable_path": path} if path else {}))
        self.version = self.browser.version
        self.context = self.page = None

    def fresh(self):
        if self.context:
            self.context.close()
        self.context = self.browser.new_context(viewport={"width": 1280, "height": 800})
        self.page = self.context.new_page()

    def call(self, declaration, args_json):
        return self.page.evaluate(f"(a) => ({declaration})(a)", args_json)

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        self.page.reload()

    def close(self):
        self.browser.close()
        self.playwright.stop()


def visit(engine, navigate):
    navigate()
    ready = engine.js(READY_AT)
    if ready is not None and ready["state"] != "ready":
        raise RuntimeError(f"{engine.name}: engine {ready['state']}: {engine.state()}")
    engine.wait("() => performance.getEntriesByName('tablecheck:odds-drawn').length > 0", what="the first odds")
    if ready is None:
        return None, None
    return ready["at"], engine.js(ODDS_DRAWN) - ready["at"]


def run(engine, site_dir):
    """One cold and one warm visit on a new origin: {mode: (ready ms, first odds after ready ms)}."""
    if hasattr(engine, "fresh"):
        engine.fresh()
    with Server(site_dir) as server:
        out = {"cold": visit(engine, lambda: engine.goto(server.url))}
        engine.wait("() => !!navigator.serviceWorker.controller && document.documentElement.dataset.offline === 'ready'",
                    what="the build cached")
        out["warm"] = visit(engine, engine.reload)
        out["snapshot"] = engine.js("() => window.tablecheck.info.boot.snapshot")
    return out


def summary(values):
    timed = [v for v in values if v is not None]
    if not timed:
        return "not timed"
    text = f"{statistics.median(timed):6.0f} ({min(timed):.0f}-{max(timed):.0f})"
    return text + (f", {len(values) - len(timed)} not timed" if len(timed) < len(values) else "")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--dir", help="a built site (default: build one into a temporary directory)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        site_dir = Path(args.dir) if args.dir else Path(site_build.build(ROOT, Path(tmp) / "dist")["out"])
        rows = []
        for name in args.engines.split(","):
            if name != "chromium" and drivers.unavailable(name):
                print(f"{name}: {drivers.unavailable(name)}", file=sys.stderr)
                continue
            engine = Chromium() if name == "chromium" else drivers.ENGINES[name]()
            try:
                runs = [run(engine, site_dir) for _ in range(args.runs)]
            finally:
                engine.close()
            snapshots = sorted({r["snapshot"] for r in runs})
            for mode in ("cold", "warm"):
                rows.append((f"{name} {engine.version}", mode, summary([r[mode][0] for r in runs]),
                             summary([r[mode][1] for r in runs]), ",".join(snapshots)))
    print(f"{'engine':<22} {'visit':<5} {'ready ms, median (min-max)':<30} {'first odds after ready ms':<30} snapshot")
    for row in rows:
        print(f"{row[0]:<22} {row[1]:<5} {row[2]:<30} {row[3]:<30} {row[4]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
