#!/usr/bin/env python3
"""The first visit on a real link and a slow device (issue 29, item 4).

    .venv/bin/python bench/bench_link.py [--runs 2] [--visits 2] [--mbit 20] [--rtt 40]
        [--cores 0.5] [--conditions link,loopback,loopback-cpu] [--files] [--against DIR] [--http2]

The app (the site as built, Python from its memory snapshot) and the bare
page (bench/_browser.py: the same vendored PyScript + Pyodide, one line of
Python) side by side, interleaved in every run (the order alternates), each
on a fresh profile: a cold visit, then `visits` warm ones (the service worker
controlling the page). Both are served the way GitHub Pages serves them
(tools/serve.py: the text types and the wasm gzip-encoded), under each of
the conditions:

- link: through bench/_link.py's proxy, one 20 Mbit/s link each way with
  40 ms round trip, shared by every connection of the browser (the page, its
  workers, the service worker);
- loopback: straight to the server;
- link-cpu / loopback-cpu: the same with the whole browser (every process,
  so the engine's worker too) in a cgroup limited to `cores` CPUs.

Measured per visit (performance.now() in the page, navigation start = 0):
ready (<html data-engine="ready">), the first result (the app: its odds
panel drawn with the first odds; the bare page: its answer, = ready), and,
cold, when the service worker controls the page with the whole build
stored (offline-ready). Bytes: the bodies the server sent, as sent (gzip
where Pages gzips), for the requests that arrived before ready (what the
start fetched) and in all during the cold visit (with the precache);
files whose body was sent twice in the cold visit are named. `--files`
prints the app's files fetched before ready (the byte table of
docs/benchmarks.md).

`--http2` serves the link conditions over HTTP/2 and TLS (bench/_h2.py, in
front of the same server, behind the same link), as GitHub Pages does: over
HTTP/1.1 Chromium opens 6 connections per host and the page's ~60 small
files queue for them.

`--against DIR` puts another build of the app (tools/build.py's output,
e.g. of main) in the bare page's place, measured as an app: a change's
effect side by side, interleaved in one run (its "goal" column is then
only this build's bytes and files fetched twice).

Goals (issue 29): link, cold: app ready <= 0.6 of bare, bytes before ready
<= 9 MB; loopback (also on the slow CPU): app / bare <= 0.5 cold and warm;
no file fetched twice.
"""

import argparse
import contextlib
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _browser as B  # noqa: E402
import _h2  # noqa: E402
import _link  # noqa: E402

PAGES = ("app", "bare")
CONDITIONS = ("link", "loopback", "link-cpu", "loopback-cpu")
OFFLINE_READY = "() => document.documentElement.dataset.offline === 'ready' || null"


@contextlib.contextmanager
def profile(p, executable, extra_args=()):
    """A persistent context on a brand-new profile, with `executable` (a CPU
    limited wrapper) if given; `extra_args`: more Chromium switches."""
    options = B.launch_options()
    options["args"] = options["args"] + list(extra_args)
    if executable:
        options["executable_path"] = executable
    with tempfile.TemporaryDirectory(prefix="tablecheck-profile-") as folder:
        context = p.chromium.launch_persistent_context(folder, **options, viewport={"width": 1280, "height": 800})
        try:
            yield context
        finally:
            context.close()


def visit(page, url, name):
    """One visit: (ready ms, first result ms). `name`: the kind of page ("app" or "bare")."""
    page.goto(url, wait_until="commit")
    if B.wait_ready(page) != "ready":
        raise RuntimeError(f"{name} {url}: engine state {page.evaluate('document.documentElement.dataset.engine')}")
    ready = B.ready_ms(page)
    if name == "bare":
        return ready, ready
    page.wait_for_function("() => window.__bench.firstOdds !== null", timeout=B.READY_TIMEOUT_MS)
    return ready, page.evaluate("window.__bench.firstOdds")


def series(p, name, server, url, visits, executable, extra_args=()):
    """One fresh profile: a cold visit, then `visits` warm ones. `name`: the kind of page."""
    out = {"cold": [], "warm": [], "first_cold": [], "first_warm": []}
    with profile(p, executable, extra_args) as context:
        B.instrument(context)
        server.counter.reset()
        page = context.pages[0] if context.pages else context.new_page()
        ready, first = visit(page, url, name)
        out["cold"].append(ready)
        out["first_cold"].append(first)
        before = server.counter.asked_before(B.ready_epoch(page))
        B.wait_controlled(page)
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
        if name == "app":  # the app says when the whole build is stored (sw-register.js)
            page.wait_for_function(OFFLINE_READY, timeout=B.READY_TIMEOUT_MS)
        out["stored"] = time.time() * 1000 - page.evaluate("performance.timeOrigin")
        everything = server.counter.asked_before(float("inf"))
        out["before"] = before
        out["ready_bytes"] = sum(n for _, n in before)
        out["total_bytes"] = sum(n for _, n in everything)
        seen = {}
        for path, n in everything:
            if n:
                seen[path] = seen.get(path, 0) + 1
        out["twice"] = sorted(path for path, k in seen.items() if k > 1)
        for _ in range(visits):
            ready, first = visit(page, url, name)
            out["warm"].append(ready)
            out["first_warm"].append(first)
    return out


def run_condition(p, condition, servers, args, executable):
    """Every run of one condition: {page: [series]}."""
    results = {name: [] for name in PAGES}
    with contextlib.ExitStack() as stack:
        urls, extra = {}, {name: [] for name in PAGES}
        for name in PAGES:
            if condition.startswith("link"):
                port, scheme, buffer = int(servers[name].url.rsplit(":", 1)[1].strip("/")), "http", None
                if args.http2:  # as Pages serves it: HTTP/2 over TLS, behind the link
                    front = stack.enter_context(_h2.H2Front(port, socket_buffer=_h2.LINK_BUFFER))
                    port, scheme, buffer, extra[name] = front.port, "https", _h2.LINK_BUFFER, front.chromium_args
                urls[name] = stack.enter_context(_link.Link(port, args.mbit, args.rtt, scheme, buffer)).url
            else:
                urls[name] = servers[name].url
        for run in range(args.runs):
            order = PAGES if run % 2 == 0 else PAGES[::-1]
            for name in order:
                kind = "app" if args.against else name  # --against: another build of the app in the bare page's place
                results[name].append(series(p, kind, servers[name], urls[name], args.visits, executable, extra[name]))
    return results


def rows_of(condition, results, cores, against=False):
    values = lambda name, key: [v for r in results[name] for v in r[key]]  # noqa: E731
    med = lambda name, key: B.median(values(name, key))  # noqa: E731
    span = lambda name, key: f"{B.fmt_ms(min(values(name, key)))}-{B.fmt_ms(max(values(name, key)))}"  # noqa: E731
    label = condition.replace("-cpu", f", CPU {cores} cores")
    rows = []
    limit = 0.6 if condition.startswith("link") else 0.5
    for mode in ("cold", "warm"):
        a, b = med("app", mode), med("bare", mode)
        goal = f"<= {limit}: {'yes' if a <= limit * b else 'no'}" if mode == "cold" or limit == 0.5 else ""
        if against:
            goal = ""  # the goals are against the bare page
        rows.append((f"{label}, {mode}: ready (ms, median)", B.fmt_ms(a), B.fmt_ms(b), B.ratio(a, b), goal))
        rows.append((f"{label}, {mode}: ready (ms, min-max)", span("app", mode), span("bare", mode), "", ""))
        fa, fb = med("app", "first_" + mode), med("bare", "first_" + mode)
        rows.append((f"{label}, {mode}: first result (ms, median)", B.fmt_ms(fa), B.fmt_ms(fb), B.ratio(fa, fb), ""))
    stored = [B.median([r["stored"] for r in results[n]]) for n in PAGES]
    rows.append((f"{label}, cold: whole build stored, offline-ready (ms, median)",
                 *(B.fmt_ms(v) for v in stored), B.ratio(*stored), ""))
    ready_bytes = [B.median([r["ready_bytes"] for r in results[n]]) for n in PAGES]
    rows.append((f"{label}, cold: bytes fetched before ready, over the wire", *(B.fmt_bytes(v) for v in ready_bytes),
                 B.ratio(*ready_bytes), f"<= 9 MB: {'yes' if ready_bytes[0] <= 9e6 else 'no'}"))
    total = [B.median([r["total_bytes"] for r in results[n]]) for n in PAGES]
    rows.append((f"{label}, cold: bytes in all (with the precache)", *(B.fmt_bytes(v) for v in total),
                 B.ratio(*total), ""))
    twice = [sorted({f for r in results[n] for f in r["twice"]}) for n in PAGES]
    rows.append((f"{label}, cold: files whose body came twice", *(", ".join(t) or "none" for t in twice), "",
                 f"none: {'yes' if not twice[0] else 'no'}"))
    return rows


def file_table(results):
    """The app's files fetched before ready (median bytes over its cold visits)."""
    per = {}
    for r in results["app"]:
        got = {}
        for path, n in r["before"]:
            got[path] = got.get(path, 0) + n
        for path, n in got.items():
            per.setdefault(path, []).append(n)
    runs = len(results["app"])
    rows = [(path, B.fmt_bytes(B.median(v)), f"{len(v)}/{runs}") for path, v in per.items()]
    rows.sort(key=lambda row: -B.median(per[row[0]]))
    B.print_table("The app's files fetched before ready (cold, over the wire)",
                  ["file", "bytes (median)", "in runs"], rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=2, help="fresh profiles per page and condition (default 2)")
    ap.add_argument("--visits", type=int, default=2, help="warm visits per profile (default 2)")
    ap.add_argument("--mbit", type=float, default=20.0, help="the link's rate, Mbit/s each way (default 20)")
    ap.add_argument("--rtt", type=float, default=40.0, help="the link's round trip, ms (default 40)")
    ap.add_argument("--cores", type=float, default=0.5, help="the slow CPU: CPUs for the whole browser (default 0.5)")
    ap.add_argument("--conditions", default="link,loopback,loopback-cpu",
                    help=f"comma-separated, of {', '.join(CONDITIONS)} (default link,loopback,loopback-cpu)")
    ap.add_argument("--files", action="store_true", help="print the app's files fetched before ready")
    ap.add_argument("--http2", action="store_true",
                    help="the link conditions over HTTP/2 and TLS, as GitHub Pages serves (bench/_h2.py); "
                         "loopback stays HTTP/1.1 (the Python front's own CPU would be measured there)")
    ap.add_argument("--against", metavar="DIR", type=Path,
                    help="a built site (tools/build.py's output, e.g. of main) measured as an app in the bare "
                         "page's place: this build against another, side by side, interleaved")
    args = ap.parse_args(argv)
    if args.against and not (args.against / "index.html").is_file():
        ap.error(f"--against: {args.against} has no index.html (a tools/build.py output)")
    conditions = [c for c in args.conditions.split(",") if c]
    unknown = [c for c in conditions if c not in CONDITIONS]
    if unknown:
        ap.error(f"--conditions: unknown {', '.join(unknown)} (one of {', '.join(CONDITIONS)})")
    if any(c.endswith("-cpu") for c in conditions) and _link.cpu_limit_problem():
        ap.error(f"--conditions: a slow CPU needs a cgroup: {_link.cpu_limit_problem()}")
    rows = []
    files_from = None
    with B.Site() as site, B.Server(site.dir, compress=True) as app, \
            B.Server(args.against or site.bare_dir, compress=True) as bare, B.sync_playwright() as p:
        servers = {"app": app, "bare": bare}
        for folder in (site.dir, args.against or site.bare_dir):
            B.site_serve.gzip_all(folder)
        chromium = B.chromium_path() or p.chromium.executable_path
        for condition in conditions:
            with contextlib.ExitStack() as stack:
                executable = stack.enter_context(_link.cpu_limited(chromium, args.cores)) \
                    if condition.endswith("-cpu") else None
                results = run_condition(p, condition, servers, args, executable)
            rows.extend(rows_of(condition, results, args.cores, against=bool(args.against)))
            if files_from is None and condition.startswith("link"):
                files_from = results
        note = site.note
    B.print_table(
        f"The first visit on a {args.mbit:g} Mbit/s, {args.rtt:g} ms link and a slow CPU: {args.runs} fresh "
        f"profiles per page and condition, 1 cold + {args.visits} warm visits each ({B.environment()})",
        ["measure", "app (snapshot)", "bare page", "app / bare", "goal"] if not args.against
        else ["measure", "this build", f"against {args.against}", "this / against", "goal (this build)"], rows,
        notes=[f"site: {note}",
               "served as GitHub Pages serves it (tools/serve.py GZIP_TYPES: text, JavaScript, JSON, SVG and "
               "the wasm gzip-encoded); bytes are the bodies as sent, counted by the server, for the requests "
               "that arrived before the page said ready.",
               f"link: bench/_link.py, one {args.mbit:g} Mbit/s link each way, {args.rtt:g} ms round trip, "
               "shared by every connection of the browser; its connections to the proxy cost no handshake "
               "(as one HTTP/2 connection to Pages, opened once)"
               + ("; over HTTP/2 and TLS (bench/_h2.py): one connection, every request at once, answers in "
                  "16 kB frames taking turns (no priorities)." if args.http2 else
                  "; over HTTP/1.1 (6 connections per host in Chromium; --http2: as Pages serves)."),
               f"CPU: the whole browser (page, workers, service worker) in a cgroup v1 cpu group with a "
               f"quota of {args.cores:g} CPUs.",
               "the app and the bare page alternate in every run, each on a fresh profile."])
    if args.files and files_from:
        print()
        file_table(files_from)
    return 0


if __name__ == "__main__":
    sys.exit(main())
