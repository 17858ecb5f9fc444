#!/usr/bin/env python3
"""Start-up of the page in headless Chromium (issue 2, "Measure and report").

    make build && .venv/bin/python bench/bench_startup.py [--runs 5]

Serves dist/ (or a fresh build with --build) from a local HTTP server and prints:
- cold time to ready: a fresh browser context (empty HTTP cache, no service
  worker), from navigation start to html[data-engine=ready];
- warm time to ready: the same profile again once the service worker has
  cached the build (a reload; the files come from Cache Storage);
- bytes a first visit transfers: response bodies the server sent for the
  whole first visit, including the service worker's precache (which
  revalidates, 304, what the page already has), and the same files'
  gzip size (what GitHub Pages, which gzips, would send);
- longest main-thread task during start-up (PerformanceObserver 'longtask',
  buffered; tasks under 50 ms are not reported by Chromium, so "< 50" means none).
Needs playwright (the .venv of `make test`) and a Chromium ($CHROMIUM or /usr/bin/chromium).
"""

import argparse
import gzip
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from serve import Server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]

PROBE = """
window.__bench = {longtasks: [], readyAt: null};
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
window.addEventListener('tablecheck:status', (e) => {
  if (e.detail.stage === 'ready' && window.__bench.readyAt === null) window.__bench.readyAt = performance.now();
});
"""


def chromium():
    for path in (os.environ.get("CHROMIUM"), "/usr/bin/chromium"):
        if path and Path(path).is_file():
            return path
    return None


def visit(context, url):
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__bench && window.__bench.readyAt !== null", timeout=120000)
    ready = page.evaluate("window.__bench.readyAt")
    tasks = page.evaluate("window.__bench.longtasks")
    longest = max((d for start, d in tasks if start <= ready), default=0.0)
    return page, ready, longest


def gzip_size(path):
    return len(gzip.compress(path.read_bytes(), 6, mtime=0))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument("--build", action="store_true", help="build a fresh site into a temporary directory")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = tempfile.mkdtemp(prefix="tablecheck-bench-")
    dist = Path(args.dist)
    if args.build or not (dist / "index.html").is_file():
        import build
        dist = Path(tmp) / "dist"
        build.build(ROOT, dist)
    launch = {"headless": True, "args": ARGS}
    if chromium():
        launch["executable_path"] = chromium()

    cold, warm, longest_cold, longest_warm, first_visit = [], [], [], [], []
    with sync_playwright() as p:
        for run in range(args.runs):
            server = Server(dist).start()
            profile = Path(tmp) / f"profile{run}"
            context = p.chromium.launch_persistent_context(str(profile), **launch)
            context.add_init_script(PROBE)
            try:
                page, ready, longest = visit(context, server.url)
                cold.append(ready)
                longest_cold.append(longest)
                page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=120000)
                # the service worker's precache has finished when it controls the page
                page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
                first_visit.append(sum(n for _, status, n in server.sent if status == 200))
                page, ready, longest = visit(context, server.url)  # warm: from Cache Storage
                warm.append(ready)
                longest_warm.append(longest)
            finally:
                context.close()
                server.stop()
    shutil.rmtree(tmp, ignore_errors=True)

    files = [f for f in dist.rglob("*") if f.is_file()]
    raw = sum(f.stat().st_size for f in files)
    gz = sum(gzip_size(f) for f in files)
    med = statistics.median
    print(f"tablecheck start-up, headless Chromium, {args.runs} runs, {os.cpu_count()} cores, loopback server")
    print(f"{'measure':46} {'median':>10} {'min':>10} {'max':>10}")
    for name, values, unit in [
        ("cold time to ready (empty cache)", cold, "ms"),
        ("warm time to ready (service worker cache)", warm, "ms"),
        ("longest main-thread task, cold start-up", longest_cold, "ms"),
        ("longest main-thread task, warm start-up", longest_warm, "ms"),
    ]:
        print(f"{name:46} {med(values):>8.0f}{unit} {min(values):>8.0f}{unit} {max(values):>8.0f}{unit}")
    print(f"{'bytes sent by the server on a first visit':46} {med(first_visit) / 1e6:>8.2f}MB "
          f"{min(first_visit) / 1e6:>8.2f}MB {max(first_visit) / 1e6:>8.2f}MB")
    print(f"build: {len(files)} files, {raw / 1e6:.2f} MB raw, {gz / 1e6:.2f} MB gzip "
          f"(a gzip-serving host such as GitHub Pages sends about the latter)")
    print("longest task 0 ms = Chromium reported no task over 50 ms")


if __name__ == "__main__":
    main()
