#!/usr/bin/env python3
"""Start-up in every engine a tablet runs (issue 25, item 13): Chromium
(Playwright), Firefox ESR and WebKitGTK (tools/engines.py), on one build.

    .venv/bin/python bench/bench_engines.py [--runs 3] [--engines chromium,firefox,webkit]
        [--dir dist | --dir main=/tmp/main-dist --dir branch=dist]

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

Files fetched twice on the cold visit, up to the first odds (the service
worker's script held back until then, as tests/cold_start.py does: its
precache asks for every file again, by design, and it registers only once
the first odds are drawn): "server", the paths the server was asked for
(GET) more than once, by the page, its worker or anything else; "page", the
paths the page's resource timing lists more than once with a body (its own
requests, not the worker's), each with the bytes the engine says came over
the wire (transferSize; "?" when it says none), and how many requests it
lists without a body (the bridge's pre-flight HEADs, on a start slower than
3 s; at most, over the runs).

Several builds (`--dir LABEL=PATH`, repeated) are timed in one run, each
engine's visits interleaved (A, B, B, A, A, B ...: which goes first
alternates), so "before" and "after" meet the same load.
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

sys.path.insert(0, str(ROOT / "tests"))
from cold_start import PAGE_ENTRIES, SW, bodiless, fetched_twice, page_fetched_twice  # noqa: E402  (what "twice" means)

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
    """One cold and one warm visit on a new origin: {mode: (ready ms, first odds after ready ms)},
    and what the cold visit fetched twice (see the module's doc)."""
    if hasattr(engine, "fresh"):
        engine.fresh()
    with Server(site_dir) as server:
        held = server.hold(SW)
        try:
            out = {"cold": visit(engine, lambda: engine.goto(server.url))}
            out["twice"] = fetched_twice(server)
            entries = engine.js(PAGE_ENTRIES)
            out["page twice"], out["bodiless"] = page_fetched_twice(entries), bodiless(entries)
        finally:
            held.release()
        engine.wait("() => !!navigator.serviceWorker.controller && document.documentElement.dataset.offline === 'ready'",
                    what="the build cached")
        out["warm"] = visit(engine, engine.reload)
        out["snapshot"] = engine.js("() => window.tablecheck.info.boot.snapshot")
    return out


def twice_text(runs):
    """The paths the server saw fetched twice in any run, with their counts (the largest), or "none"."""
    most = {}
    for r in runs:
        for path, n in r["twice"].items():
            most[path] = max(most.get(path, 0), n)
    return ", ".join(f"{path} x{n}" for path, n in sorted(most.items())) or "none"


def summary(values):
    timed = [v for v in values if v is not None]
    if not timed:
        return "not timed"
    text = f"{statistics.median(timed):6.0f} ({min(timed):.0f}-{max(timed):.0f})"
    return text + (f", {len(values) - len(timed)} not timed" if len(timed) < len(values) else "")


def builds(args, tmp):
    """[(label, site dir)]: each --dir (LABEL=PATH or PATH), else a build of this tree."""
    if not args.dir:
        return [("", Path(site_build.build(ROOT, Path(tmp) / "dist")["out"]))]
    out = []
    for spec in args.dir:
        label, _, path = spec.rpartition("=")
        out.append((label or (Path(path).name if len(args.dir) > 1 else ""), Path(path)))
    return out


def page_twice_text(runs):
    """The paths the page's resource timing lists twice with a body, with their transfer sizes."""
    most = {}
    for r in runs:
        for path, sizes in r["page twice"].items():
            most[path] = max(most.get(path, []), sizes, key=len)
    text = ", ".join(f"{p} x{len(s)} ({'+'.join(str(t) if t else '?' for t, _ in s)} B)"
                     for p, s in sorted(most.items())) or "none"
    heads = max(r["bodiless"] for r in runs)
    return text + (f" ({heads} without a body)" if heads else "")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--dir", action="append",
                        help="a built site, or LABEL=PATH, repeated to compare builds in one run"
                             " (default: build this tree into a temporary directory)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        sites = builds(args, tmp)
        rows = []
        for name in args.engines.split(","):
            if name != "chromium" and drivers.unavailable(name):
                print(f"{name}: {drivers.unavailable(name)}", file=sys.stderr)
                continue
            engine = Chromium() if name == "chromium" else drivers.ENGINES[name]()
            runs = {label: [] for label, _ in sites}
            try:
                for i in range(args.runs):
                    # interleaved, which goes first alternating: A, B, B, A, A, B ...
                    for label, site_dir in (sites if i % 2 == 0 else sites[::-1]):
                        runs[label].append(run(engine, site_dir))
            finally:
                engine.close()
            for label, _ in sites:
                mine = runs[label]
                snapshots = ",".join(sorted({r["snapshot"] for r in mine}))
                who = f"{name} {engine.version}" + (f" [{label}]" if label else "")
                for mode in ("cold", "warm"):
                    rows.append((who, mode, summary([r[mode][0] for r in mine]),
                                 summary([r[mode][1] for r in mine]), snapshots,
                                 twice_text(mine) if mode == "cold" else "",
                                 page_twice_text(mine) if mode == "cold" else ""))
    print(f"{'engine':<32} {'visit':<5} {'ready ms, median (min-max)':<28} {'first odds after ready ms':<28}"
          f" {'snapshot':<9} fetched twice (server; page's resource timing)")
    for row in rows:
        twice = f"{row[5]}; page: {row[6]}" if row[1] == "cold" else ""
        print(f"{row[0]:<32} {row[1]:<5} {row[2]:<28} {row[3]:<28} {row[4]:<9} {twice}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
