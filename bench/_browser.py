#!/usr/bin/env python3
"""Shared plumbing of the browser benchmarks (bench/bench_floor.py,
bench_mainthread.py, bench_tap.py, bench_odds.py): build check, a static
server that counts bytes, the bare floor page, Chromium, page
instrumentation and the table printer.

    python bench/_browser.py      # prints the environment the benchmarks use

Build check: dist/ (what `make build` wrote) must be complete (every file
tools/build.py would write, the vendored files matching
tools/vendor-files.json) and as new as the sources; if it is not, the site
is built afresh with tools/build.py into a temporary directory (dist/ is
never written here). Either way the benchmarks serve a private copy, so a
`make build` by someone else during a run cannot pull files away.

Chromium: $CHROMIUM, else /usr/bin/chromium, else Playwright's own; headless,
with the same flags as tests/e2e/conftest.py (Google hosts cut off).
Playwright comes from the project's .venv (tools/requirements-test.txt).
"""

import contextlib
import functools
import gzip
import http.server
import json
import math
import os
import platform
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))

import build as site_build  # noqa: E402  (tools/build.py)
import serve as site_serve  # noqa: E402  (tools/serve.py)
from chromium_flags import CHROMIUM_ARGS  # noqa: E402,F401  (tools/chromium_flags.py)

READY_TIMEOUT_MS = 120_000
# The page's own figures, from its User Timing timeline (static/js/timeline.js), in ms:
# roll: a tap of Roll to its card painted; odds: a change of the form to its odds painted.
PAGE_FIGURES = ("() => ({ roll: performance.getEntriesByName('tablecheck:tap-to-card').map((e) => e.duration),"
                " odds: performance.getEntriesByName('tablecheck:change-to-odds').map((e) => e.duration) })")
CLEAR_PAGE_FIGURES = ("() => { performance.clearMeasures('tablecheck:tap-to-card');"
                      " performance.clearMeasures('tablecheck:change-to-odds'); }")
# the request the page's last roll sent (its timeline's latest tablecheck:roll-sent mark)
LAST_REQUEST = "() => { const m = performance.getEntriesByName('tablecheck:roll-sent').pop(); return m ? m.detail : null; }"


# -- numbers and the table ------------------------------------------------------

def median(values):
    return statistics.median(values) if values else float("nan")


def pct(values, q):
    """Nearest-rank percentile (q in 0..1)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(1, math.ceil(q * len(ordered) - 1e-9))
    return ordered[min(len(ordered), k) - 1]


def ratio(a, b):
    if not b or a != a or b != b:
        return "n/a"
    return f"{a / b:.2f}"


def fmt_ms(value, digits=0):
    if value is None or value != value:
        return "n/a"
    return f"{value:,.{digits}f}"


def fmt_bytes(n):
    if n is None:
        return "n/a"
    return f"{n / 1e6:.2f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"


def _numeric(text):
    text = text.strip()
    return bool(text) and (text[0].isdigit() or text[0] in "-+.<>" or text in ("n/a", "-"))


def print_table(title, header, rows, notes=()):
    """One plain-text table (also valid Markdown): the first column and text
    left-aligned, figures right-aligned."""
    widths = [len(h) for h in header]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(str(cell)))

    right = [i > 0 and all(_numeric(str(row[i])) for row in rows if str(row[i]).strip())
             for i in range(len(header))]

    def line(cells):
        out = []
        for i, cell in enumerate(cells):
            text = str(cell)
            out.append(text.rjust(widths[i]) if right[i] else text.ljust(widths[i]))
        return "| " + " | ".join(out) + " |"

    print(title)
    print()
    print(line(header))
    print("|" + "|".join("-" * (w + 1) + ":" if right[i] else "-" * (w + 2) for i, w in enumerate(widths)) + "|")
    for row in rows:
        print(line(row))
    if notes:
        print()
        for note in notes:
            print(note)
    sys.stdout.flush()


def environment():
    """One line naming the machine and software the figures come from."""
    return (f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {os.cpu_count()} cores; "
            f"load {os.getloadavg()[0]:.1f}; Python {platform.python_version()}")


# -- the build ---------------------------------------------------------------

def _same(a, b):
    try:
        return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def dist_problems(dist=DIST, root=ROOT):
    """Why `dist` is not a complete, current build of `root` ([] if it is)."""
    problems = []
    if not (dist / "index.html").is_file():
        return [f"{dist} has no index.html (run `make build`)"]
    try:
        vendor = site_build.check_vendor(root, site_build.load_vendor_manifest(root))
    except site_build.BuildError as exc:
        return [f"vendored files: {exc}"]
    for src, rel in site_build.site_sources(root) + vendor:
        if not _same(src, dist / rel):
            problems.append(f"dist/{rel} differs from {src.relative_to(root)}")
    for rel in ("sw.js", "pyscript.json", "catalog.json"):
        if not (dist / rel).is_file():
            problems.append(f"dist/{rel} is missing")
    # the memory snapshot: present and made from exactly these package files
    meta_path = dist / site_build.SNAPSHOT_OUT / site_build.SNAPSHOT_META
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return problems + [f"dist/{site_build.SNAPSHOT_OUT}/{site_build.SNAPSHOT_META} is missing"]
    if not meta.get("file") or not (meta_path.parent / meta["file"]).is_file():
        problems.append(f"dist/ has no memory snapshot ({meta.get('reason')})")
    elif meta.get("inputs") != site_build.snapshot_key(dist, site_build.load_vendor_manifest(root)):
        problems.append("dist/'s memory snapshot was made from other files")
    return problems


class Site:
    """A private copy of the built site: `dir`, and `note` saying where it came from."""

    def __init__(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="tablecheck-bench-")
        self.dir = Path(self.tmp.name) / "site"
        problems = dist_problems()
        if problems:
            info = site_build.build(ROOT, self.dir)
            self.note = (f"dist/ not current ({problems[0]}{' ...' if len(problems) > 1 else ''}); "
                         f"built afresh with tools/build.py ({info['bytes'] / 1e6:.1f} MB)")
        else:
            shutil.copytree(DIST, self.dir)
            self.note = "dist/ checked: complete and current (served from a private copy)"
        self.bare_dir = Path(self.tmp.name) / "bare"
        make_bare_site(self.dir, self.bare_dir)
        self.fallback_dir = Path(self.tmp.name) / "fallback"
        make_fallback_site(self.dir, self.fallback_dir)
        self.direct_dir = Path(self.tmp.name) / "direct"
        make_fallback_site(self.dir, self.direct_dir, direct=True)

    def close(self):
        self.tmp.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# -- the floor: a bare page on the same vendored runtime --------------------------

BARE_PY = 'ping = lambda: "ok"; __export__ = ["ping"]\n'

BARE_HTML = """<!doctype html>
<html lang="en" data-engine="loading">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>bare PyScript + Pyodide</title>
  <link rel="stylesheet" href="./static/vendor/pyscript/core.css">
  <script type="module" src="./static/vendor/pyscript/core.js"></script>
  <script type="py" worker name="bare" id="bare" config="./pyscript.json" src="./main.py"></script>
  <script type="module">
    // the same ready signal as the app: <html data-engine="ready"> once Python answers
    const element = document.getElementById("bare");
    const xworker = await new Promise((resolve) => {
      const tick = () => (element.xworker ? resolve(element.xworker) : setTimeout(tick, 25));
      tick();
    });
    await xworker.ready;
    const answer = await xworker.sync.ping();
    document.documentElement.dataset.engine = answer === "ok" ? "ready" : "error";
    // like static/js/sw-register.js: the service worker once the engine has settled
    if ("serviceWorker" in navigator) navigator.serviceWorker.register("./sw.js", { scope: "./" });
  </script>
</head>
<body><p>bare page</p></body>
</html>
"""


def make_bare_site(site_dir, out):
    """The floor: a page that loads the same vendored PyScript + Pyodide (copied
    from the built site), runs one line of Python in a worker and answers one
    call, with the project's own service worker template precaching it
    (registered once Python answered, as the app does)."""
    if out.exists():
        shutil.rmtree(out)
    # the runtime only: not the app's memory snapshot (the bare page boots Pyodide)
    shutil.copytree(site_dir / "static" / "vendor", out / "static" / "vendor",
                    ignore=lambda folder, names: ["snapshot"] if Path(folder).name == "vendor" else [])
    (out / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (out / "main.py").write_text(BARE_PY, encoding="utf-8")
    # the vendored Pyodide itself, not the app's interpreter module (no snapshot)
    config = dict(json.loads((ROOT / "pyscript.json").read_text(encoding="utf-8")),
                  interpreter="./static/vendor/pyodide/pyodide.mjs")
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    rels = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = site_build.build_hash(out, rels)
    template = (ROOT / "sw.js").read_text(encoding="utf-8")
    (out / "sw.js").write_text(site_build.render_sw(template, "tablecheck-bare-" + digest[:16],
                                                    ["./" + rel for rel in rels]), encoding="utf-8")
    return out


def make_fallback_site(site_dir, out, direct=False):
    """The app with its memory snapshot taken out (issue 13: the fallback
    path, forced): snapshot.json says there is none, so
    static/js/boot/pyodide.mjs starts Pyodide the normal way; sw.js is
    rendered again for the files left (as tools/build.py does).
    `direct`: the app as before issue 13 instead: no snapshot files at all
    and pyscript.json's interpreter the vendored pyodide.mjs itself."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(site_dir, out)
    snap = out / site_build.SNAPSHOT_OUT
    meta = json.loads((snap / site_build.SNAPSHOT_META).read_text(encoding="utf-8"))
    if meta.get("file"):
        (snap / meta["file"]).unlink()
    meta = {k: meta[k] for k in ("format", "pyodide", "build_id") if k in meta}
    meta.update(file=None, reason="taken out by the benchmark (fallback forced)")
    (snap / site_build.SNAPSHOT_META).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    if direct:
        shutil.rmtree(snap)
        config = json.loads((out / "pyscript.json").read_text(encoding="utf-8"))
        config["interpreter"] = "./static/vendor/pyodide/pyodide.mjs"
        (out / "pyscript.json").write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (out / "sw.js").unlink()
    rels = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = site_build.build_hash(out, rels)
    template = (ROOT / "sw.js").read_text(encoding="utf-8")
    (out / "sw.js").write_text(site_build.render_sw(template, "tablecheck-fallback-" + digest[:16],
                                                    ["./" + rel for rel in rels]), encoding="utf-8")
    return out


# -- a static server that counts what it sends -------------------------------------

class CountingHandler(site_serve.Handler):
    counter = None  # a Counter

    def _refused(self, method):
        """With `counter.offline` set, answer nothing: the browser sees the
        connection dropped, as with no network (logged as refused)."""
        if not self.counter.offline:
            return False
        self.counter.refused.append((method, self.path))
        self.close_connection = True
        return True

    def do_GET(self):
        self._arrived = time.time()
        if not self._refused("GET"):
            super().do_GET()

    def do_HEAD(self):
        if not self._refused("HEAD"):
            super().do_HEAD()

    def copyfile(self, source, outputfile):
        sent = 0
        try:
            while True:
                block = source.read(1 << 16)
                if not block:
                    break
                outputfile.write(block)
                sent += len(block)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the page went away mid-file: count what was sent
        self.counter.add(self.path, sent, getattr(self, "_arrived", None))


class _Stamped(list):
    """A list whose appended tuples get the wall-clock time added."""

    def append(self, item):
        super().append((*item, time.time()))


class Counter:
    def __init__(self, directory):
        self.directory = Path(directory)
        self.lock = threading.Lock()
        self.items = _Stamped()  # (path, bytes, time): every body sent
        self.log = _Stamped()  # (method, path, time): every request, with or without a body (HEAD, 304)
        self.offline = False  # True: drop every request unanswered (see CountingHandler)
        self.refused = []  # (method, path) dropped while offline
        self._gz = {}
        self.asked = []  # (path, bytes, when the request arrived): every body sent

    def add(self, path, sent, arrived=None):
        with self.lock:
            self.items.append((path, sent))  # stamped
            self.asked.append((path, sent, time.time() if arrived is None else arrived))

    def asked_before(self, until):
        """[(path, bytes)] of the bodies whose requests arrived by `until`
        (seconds since the epoch): what was fetched before then, however
        long it then took to arrive (a slow link)."""
        with self.lock:
            return [(p, n) for p, n, t in self.asked if t <= until]

    def reset(self):
        with self.lock:
            del self.items[:]
            del self.log[:]  # the handler class holds this very list
            del self.asked[:]
            self.refused = []

    def snapshot(self):
        with self.lock:
            return list(self.items)

    def gzip_size(self, path, sent):
        """What the body would weigh gzip-compressed (as GitHub Pages serves
        text and .wasm); `sent` for partial bodies."""
        rel = path.split("?", 1)[0].lstrip("/") or "index.html"
        if rel.endswith("/"):
            rel += "index.html"
        file = self.directory / rel
        if not file.is_file() or file.stat().st_size != sent:
            return sent
        if rel not in self._gz:
            self._gz[rel] = len(gzip.compress(file.read_bytes(), 6))
        return self._gz[rel]

    def totals(self, until=None):
        """Bodies and requests so far, or up to the wall-clock time `until`
        (seconds since the epoch, e.g. when the page said it was ready)."""
        until = float("inf") if until is None else until
        items = [(p, n) for p, n, t in self.snapshot() if t <= until]
        requests = sum(1 for _, _, t in list(self.log) if t <= until)
        raw = sum(n for _, n in items)
        gz = sum(self.gzip_size(p, n) for p, n in items)
        distinct = {}
        for path, n in items:
            distinct[path] = max(n, distinct.get(path, 0))
        return {"requests": len(items), "all_requests": requests, "bytes": raw, "gzip": gz,
                "files": len(distinct),
                "distinct": sum(distinct.values()),
                "distinct_gzip": sum(self.gzip_size(p, n) for p, n in distinct.items())}


class Server:
    """Serves `directory` on an ephemeral 127.0.0.1 port in a thread; `url`
    ends with '/'; `counter` holds the bodies sent. `compress`: gzip what
    GitHub Pages gzips (tools/serve.py GZIP_TYPES); the counter then counts
    the bytes as sent, over the wire."""

    def __init__(self, directory, compress=False):
        self.counter = Counter(directory)
        handler = type("BenchHandler", (CountingHandler,), {"counter": self.counter, "quiet": True,
                                                            "log": self.counter.log, "compress": compress})
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


# -- Chromium ------------------------------------------------------------------------

def chromium_path():
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def launch_options():
    options = {"headless": True, "args": list(CHROMIUM_ARGS)}
    path = chromium_path()
    if path:
        options["executable_path"] = path
    return options


def sync_playwright():
    try:
        from playwright.sync_api import sync_playwright as sp
    except ImportError:
        sys.exit("Playwright is missing: run `make setup` (or pip install -r "
                 "tools/requirements-test.txt) and use .venv/bin/python")
    return sp()


def launch(p):
    return p.chromium.launch(**launch_options())


@contextlib.contextmanager
def fresh_profile(p, **context_options):
    """A persistent context on a brand-new profile directory (cold: empty HTTP
    cache, code cache and service workers); warm visits reuse it."""
    with tempfile.TemporaryDirectory(prefix="tablecheck-profile-") as profile:
        context = p.chromium.launch_persistent_context(profile, **launch_options(), **context_options)
        try:
            yield context
        finally:
            context.close()


# Installed before any script of the page (add_init_script): when the ready
# signal flips, the long tasks, the first paint.
INSTRUMENT = r"""
(() => {
  const b = window.__bench = { ready: null, uiReady: null, started: null, firstOdds: null, boot: null,
                               longtasks: [] };
  // the app's engine says 'starting' when its Python entry (py/engine.py) runs;
  // the ready event says how it started (issue 13: `boot`, snapshot or not)
  window.addEventListener('tablecheck:status', (e) => {
    if (b.started === null && e.detail && e.detail.stage === 'starting') b.started = performance.now();
    if (e.detail && e.detail.stage === 'ready' && e.detail.boot) b.boot = e.detail.boot;
    // the first odds call through the bridge: request -> answer (the page's own call)
    const t = window.tablecheck;
    if (e.detail && e.detail.stage === 'ready' && t && !t.__benchWrapped) {
      t.__benchWrapped = true;
      const odds = t.odds;
      t.odds = (...args) => {
        const began = performance.now();
        return odds(...args).then((answer) => {
          if (b.firstOddsCall === undefined) b.firstOddsCall = { start: began, ms: performance.now() - began };
          return answer;
        });
      };
    }
  });
  const seen = () => {
    const d = document.documentElement && document.documentElement.dataset;
    if (!d) return;
    if (b.ready === null && d.engine === 'ready') b.ready = performance.now();
    if (b.uiReady === null && d.ui === 'ready') b.uiReady = performance.now();
    if (b.firstOdds === null && b.ready !== null) {
      // the first result a person sees: the odds panel drawn with an answer
      const o = document.getElementById('odds');
      if (o && o.dataset.seq && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null)
        b.firstOdds = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { attributes: true, subtree: true,
    attributeFilter: ['data-engine', 'data-ui', 'data-seq', 'aria-busy', 'class'] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.longtasks.push({ start: e.startTime, duration: e.duration, name: e.name });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) { b.noLongtask = String(e); }
  b.frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const top = [...(e.scripts || [])].sort((x, y) => y.duration - x.duration)[0];
        const render = e.renderStart ? Math.round(e.startTime + e.duration - e.renderStart) : 0;
        b.frames.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
          source: top && top.sourceURL ? new URL(top.sourceURL).pathname : '',
          script: (top ? `${(top.invoker || top.invokerType).replace(location.origin, '')} (${(top.sourceURL || '').split('/').pop()}) ${Math.round(top.duration)} ms` : 'none attributed')
            + `; frame ${Math.round(e.duration)} ms, rendering ${render} ms` });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (e) { b.noFrames = String(e); }
  b.firstPaint = () => {
    const p = performance.getEntriesByType('paint');
    const fp = p.find((e) => e.name === 'first-paint') || p.find((e) => e.name === 'first-contentful-paint');
    return fp ? fp.startTime : null;
  };
})();
"""


def instrument(target):
    """Add the instrumentation to a context or page."""
    target.add_init_script(INSTRUMENT)


def wait_ready(page, timeout=READY_TIMEOUT_MS):
    """Wait on the explicit signal; return html[data-engine] ('ready' or 'error')."""
    page.wait_for_function(
        "() => document.documentElement.dataset.engine && document.documentElement.dataset.engine !== 'loading'",
        timeout=timeout)
    return page.evaluate("document.documentElement.dataset.engine")


def ready_ms(page):
    """Navigation start -> ready signal, in ms (performance.now() when it flipped)."""
    return page.evaluate("window.__bench.ready")


def ready_epoch(page):
    """When the ready signal flipped, in seconds since the epoch (to compare
    with the server's clock: same machine)."""
    return page.evaluate("(performance.timeOrigin + window.__bench.ready) / 1000")


def wait_controlled(page, timeout=READY_TIMEOUT_MS):
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=timeout)


def wait_ui(page, timeout=READY_TIMEOUT_MS):
    page.wait_for_selector("html[data-engine=ready][data-ui=ready]", timeout=timeout)


def start_with(context, system):
    """Make the app open on `system` (its saved preference) so that the odds the
    UI asks for at start are that system's, not the default's."""
    context.add_init_script(
        "try { if (!localStorage.getItem('tablecheck:v1:prefs')) localStorage.setItem("
        f"'tablecheck:v1:prefs', JSON.stringify({{system: {json.dumps(system)}}})); }} catch (e) {{}}")


def odds_settled(page, timeout=READY_TIMEOUT_MS):
    page.wait_for_function(
        "() => { const o = document.querySelector('#odds');"
        " return o && o.dataset.seq && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null; }",
        timeout=timeout)


# -- the table UI (static/js/app.js, forms.js, odds.js) --------------------------------

# Each game's main check, a numeric (or text) field of it, and valid values to
# cycle through when timing an odds update after a field change.
MAIN_CHECKS = [
    ("dark_eye", "skill", "rating", [4, 7, 9, 5, 11, 6]),
    ("freedom_fantasies", "skill", "bonus", [1, 3, 5, 2, 4, 0]),
    ("shadows_of_the_unknown", "task", "rating", [8, 10, 12, 6, 14, 9]),
    ("ax", "flat", "attribute", [2, 3, 4, 5, 6, 7]),
    ("dungeons_of_olde", "check", "stat", [6, 8, 10, 12, 4, 20]),
    ("dice", "roll", "expression", ["3d6+2", "4d6kh3", "2d20kl1", "2d8!", "d%", "10d10"]),
]

# Issue 9 item 4: the heaviest standard requests (name, request).
HEAVY = [
    ("The Dark Eye skill 12/13/14, SR 7",
     {"system": "dark_eye", "check": "skill", "attributes": [12, 13, 14], "rating": 7}),
    ("The Dark Eye cumulative, 10 checks",
     {"system": "dark_eye", "check": "cumulative", "attributes": [12, 13, 14], "rating": 7,
      "max_checks": 10}),
    ("[ax] contest 8d10 vs 8d10",
     {"system": "ax", "check": "contest", "sides": [{"attribute": 8}, {"attribute": 8}]}),
    ("[ax] contest 8 sides of 8d10",
     {"system": "ax", "check": "contest", "sides": [{"attribute": 8, "bonus": i - 4} for i in range(8)]}),
    ("Dungeons of Olde 2d20!, adjustment -5 vs Godly",
     {"system": "dungeons_of_olde", "check": "check", "stat": 20, "adjustment": -5, "cr": "godly"}),
    ("Freedom Fantasies skill, 3 advantages",
     {"system": "freedom_fantasies", "check": "skill", "bonus": 3, "dc": 15, "advantages": 3}),
]
# The lightest request: what a call through the bridge costs by itself.
LIGHT = ("dice 1d6 (bridge round trip)", {"system": "dice", "check": "roll", "expression": "1d6"})


def choose(page, system, check, timeout=READY_TIMEOUT_MS):
    """Pick a game and check in the UI and wait for its form (dice typed
    in off: the page rolls)."""
    page.check(f"#game-{system}")
    if page.locator(f"#check-{check}").count():
        page.check(f"#check-{check}")
    page.wait_for_selector(f".check-form[data-system={system}][data-check={check}]", timeout=timeout)
    toggle = page.locator("#entered-toggle")
    if toggle.count() and toggle.is_checked():
        toggle.click(force=True)


def odds_seq(page):
    return page.evaluate("document.querySelector('#odds').dataset.seq || ''")


def change_and_wait_odds(page, field, value, timeout=READY_TIMEOUT_MS):
    """Type `value` into the field named `field`; wait until the odds panel
    shows the answer to it."""
    selector = f'input[data-path="{field}"]'
    before = odds_seq(page)
    if page.input_value(selector) == str(value):
        return False
    page.fill(selector, str(value))
    page.wait_for_function(
        "(before) => { const o = document.querySelector('#odds');"
        " return o.dataset.seq !== before && !o.classList.contains('stale')"
        " && o.getAttribute('aria-busy') === null; }", arg=before, timeout=timeout)
    return True


def chromium_version():
    with sync_playwright() as p:
        browser = launch(p)
        try:
            return browser.version
        finally:
            browser.close()


def main():
    from importlib.metadata import PackageNotFoundError, version
    try:
        pw = version("playwright")
    except PackageNotFoundError:
        pw = "not installed"
    rows = [("python", sys.executable), ("playwright", pw), ("chromium", chromium_path() or "Playwright's own")]
    with Site() as site:
        rows.append(("site", site.note))
        files = [p for p in site.dir.rglob("*") if p.is_file()]
        rows.append(("site files", f"{len(files)} files, {sum(p.stat().st_size for p in files) / 1e6:.1f} MB"))
        bare = [p for p in site.bare_dir.rglob("*") if p.is_file()]
        rows.append(("bare page", f"{len(bare)} files, {sum(p.stat().st_size for p in bare) / 1e6:.1f} MB"))
        if pw != "not installed":
            rows.append(("chromium version", chromium_version()))
    print_table(f"Benchmark environment ({environment()})", ["item", "value"], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
