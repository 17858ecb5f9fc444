"""The page shell and the JS bridge (issue 2: ready signal, status pill,
disabled-until-ready, engine failure + retry, rejected requests, origin log,
sub-path). The UI's own checks live in the UI engineer's tests."""

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import READY_TIMEOUT_MS, RequestLog, bundle_with, fulfilled, resolve_roll, wait_controlled, wait_ready

ENTERED = {"system": "dice", "check": "roll", "expression": "3d6+2", "dice": [2, 5, 1]}


def same_origin(url, origin):
    parts = urlsplit(url)
    if parts.scheme == "blob":  # blob:http://host:port/uuid
        return same_origin(url[len("blob:"):], origin)
    if parts.scheme == "data":
        return True  # inline, never leaves the page
    return f"{parts.scheme}://{parts.netloc}" == origin


def test_page_reaches_ready_and_status_pill_says_ready(ready_page):
    page = ready_page
    info = page.evaluate("window.tablecheck.ready")
    assert info["python"].startswith("3.14"), info  # Pyodide 314.x runs Python 3.14
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"
    pill = page.locator("#engine-status")
    assert pill.get_attribute("data-stage") == "ready"
    assert pill.inner_text().startswith("Ready")
    assert pill.get_attribute("role") == "status"
    assert page.locator("#engine-retry").is_hidden()
    assert page.locator("#update-banner").is_hidden()


def test_status_events_name_each_stage_in_order(page, site):
    page.add_init_script("""
        window.__stages = [];
        window.addEventListener('tablecheck:status', (e) => window.__stages.push(e.detail.stage));
    """)
    page.goto(site.url)
    assert wait_ready(page) == "ready"
    stages = page.evaluate("window.__stages")
    assert stages[0] == "downloading" and stages[-1] == "ready", stages
    assert "starting" in stages, stages  # reported by py/engine.py from the worker
    assert stages.index("downloading") < stages.index("starting") < stages.index("ready")


def test_shell_paints_and_roll_is_disabled_until_the_engine_is_ready(browser, private_site):
    # the server holds the interpreter's wasm: the engine cannot get ready meanwhile
    hold = private_site.hold("/static/vendor/pyodide/pyodide.asm.wasm")
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        page.goto(private_site.url)
        assert hold.reached.wait(timeout=READY_TIMEOUT_MS / 1000)
        page.wait_for_function("() => document.querySelector('#roll') !== null")
        assert page.locator("h1").inner_text() == "tablecheck"
        assert page.evaluate("document.documentElement.dataset.engine") == "loading"
        pill = page.locator("#engine-status")
        assert pill.is_visible()
        assert pill.get_attribute("data-stage") == "downloading"
        assert "Downloading dice engine" in pill.inner_text()
        assert page.locator("#roll").is_disabled()
        hold.release()
        assert wait_ready(page) == "ready"
        page.wait_for_function("() => !document.querySelector('#roll').disabled", timeout=READY_TIMEOUT_MS)
    finally:
        hold.release()
        context.close()


def test_a_slow_start_says_so_then_recovers_without_retry(browser, private_site):
    hold = private_site.hold("/static/vendor/pyodide/pyodide.asm.wasm")
    context = browser.new_context(service_workers="block")
    context.add_init_script("window.TABLECHECK_START_TIMEOUT_MS = 1500")
    page = context.new_page()
    try:
        page.goto(private_site.url)
        assert hold.reached.wait(timeout=READY_TIMEOUT_MS / 1000)
        assert wait_ready(page) == "error"  # the time limit passed while the wasm was held
        assert "took longer than 2 s" in page.locator("#engine-status").inner_text()
        assert page.locator("#engine-retry").is_visible()
        hold.release()
        page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'",
                               timeout=READY_TIMEOUT_MS)
        assert page.locator("#engine-retry").is_hidden()
        assert page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)["total"] == 10
    finally:
        hold.release()
        context.close()


BROKEN_MODULE = "raise RuntimeError('boom at import')\n"


@pytest.mark.parametrize("broken, shown", [
    # caught by the bridge's pre-flight check (Pyodide itself would hang)
    ([("static/vendor/pyodide/pyodide.asm.wasm", 404, "not found")], "pyodide.asm.wasm is missing (HTTP 404)"),
    ([("static/vendor/pyodide/pyodide.mjs", 404, "not found")], "pyodide.mjs"),
    # reported by PyScript from the worker: without the bundle (py/files.json),
    # PyScript fetches each file of the package itself, and api.py is missing
    ([("py/files.json", 404, "not found"), ("py/tablecheck/api.py", 404, "not found")], "api.py"),
    # an exception while the rules load, from the bundle's api.py: reported by py/engine.py
    ([("py/files.json", 200, lambda site_dir: bundle_with(site_dir, "py/tablecheck/api.py", BROKEN_MODULE))],
     "RuntimeError: boom at import"),
], ids=["wasm-missing", "pyodide-mjs-missing", "package-file-missing", "exception-at-import"])
def test_engine_failure_says_so_and_retry_recovers(browser, site, built_site, broken, shown):
    context = browser.new_context(service_workers="block")
    patterns = []
    for path, status, body in broken:
        body = body(built_site["dir"]) if callable(body) else body
        patterns.append(f"**/{path}")
        context.route(patterns[-1], fulfilled(status, body))
    page = context.new_page()
    try:
        page.goto(site.url)
        assert wait_ready(page) == "error"
        pill = page.locator("#engine-status")
        assert pill.get_attribute("data-stage") == "error"
        text = pill.inner_text()
        assert "failed to load" in text and shown in text, text
        assert page.locator("#engine-retry").is_visible()
        assert page.locator("#roll").is_disabled()
        # a missing file the pre-flight names, or the rules failing to load, fail the same way
        # again: no restart; a worker error (PyScript's, a file it fetches) is tried again first
        restarted = page.evaluate("window.tablecheck.status.restarted") or None
        assert (restarted is not None) == (shown == "api.py"), restarted
        # a call while the engine is down answers with an error, it does not hang
        answer = page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)
        assert answer["error"]["field"] is None and "unavailable" in answer["error"]["message"]
        for pattern in patterns:
            context.unroute(pattern)
        page.click("#engine-retry")
        assert wait_ready(page) == "ready"
        assert page.locator("#engine-retry").is_hidden()
        assert page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)["total"] == 10
    finally:
        context.close()


def test_the_pre_flight_asks_only_for_files_a_start_needs(browser, site):
    """pyscript.json is written for readers of the build; no start fetches it
    (its content is the engine tag's inline config): missing, it is not named
    as the reason of a slow start (static/js/engine.js REQUIRED_FILES)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script("window.TABLECHECK_PREFLIGHT_DELAY_MS = 1")  # ask at once, while still loading
    context.route("**/pyscript.json", fulfilled(404, "not found"))
    heads = []

    def log_heads(route):  # routed first (the last added), then on to the 404 above or the server
        if route.request.method == "HEAD":
            heads.append(urlsplit(route.request.url).path)
        route.fallback()
    context.route("**/*", log_heads)
    page = context.new_page()
    try:
        page.goto(site.url)
        assert wait_ready(page) == "ready"
        page.wait_for_function("() => performance.getEntriesByType('resource')"  # the pre-flight's last HEAD
                               ".some((e) => e.name.endsWith('pyodide-lock.json'))", timeout=READY_TIMEOUT_MS)
        assert "/static/vendor/pyodide/pyodide.asm.wasm" in heads  # the pre-flight ran
        assert "/pyscript.json" not in heads
        assert page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)["total"] == 10
    finally:
        context.close()


STAGES = """
    window.__stages = [];
    window.addEventListener('tablecheck:status', (e) => window.__stages.push(e.detail.stage));
"""


def first_request_only(context, pattern, first):
    """`first(route)` answers the first GET of `pattern`; the rest (the
    bridge's pre-flight HEADs too) go to the server."""
    seen = []

    def handle(route):
        if route.request.method != "GET":
            return route.continue_()
        seen.append(route.request.url)
        if len(seen) == 1:
            first(route)
        else:
            route.continue_()
    context.route(pattern, handle)
    return seen


def test_a_start_that_fails_in_the_worker_is_started_again_without_a_tap(browser, site):
    """The engine bridge's restart (static/js/engine.js, RESTARTS): the first
    worker's boot module throws (as Firefox's spurious "too much recursion"
    does); a fresh worker starts, and the page never says it failed."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(STAGES)
    seen = first_request_only(context, "**/static/js/boot/pyodide.mjs", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body="throw new Error('the first start breaks');"))
    page = context.new_page()
    try:
        page.goto(site.url)
        assert wait_ready(page) == "ready"
        stages = page.evaluate("window.__stages")
        assert "error" not in stages and "restarting" in stages, stages
        assert stages.index("restarting") < stages.index("ready")
        assert page.evaluate("window.tablecheck.info.restarted"), page.evaluate("window.tablecheck.info")
        assert len(seen) == 2  # the boot module twice: one per worker
        assert page.locator("#engine-retry").is_hidden()
        assert page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)["total"] == 10
    finally:
        context.close()


def test_a_worker_that_gives_no_sign_of_life_is_started_again(browser, site):
    """Seen in Firefox: a worker whose requests never go out. Here the first
    worker's first request (snapshot.json) is never answered: past STALL_MS
    a fresh worker starts, and the early odds asked meanwhile are answered."""
    pending = []
    context = browser.new_context(service_workers="block")
    context.add_init_script("window.TABLECHECK_STALL_MS = 2000;" + STAGES)
    first_request_only(context, "**/static/vendor/snapshot/snapshot.json", pending.append)
    page = context.new_page()
    try:
        page.goto(site.url)
        early = page.evaluate_handle(
            "window.tablecheck.early('odds', {system: 'dice', check: 'roll', expression: '2d6'})")
        assert wait_ready(page) == "ready"
        assert pending, "the first snapshot.json was answered"
        assert "no sign of life for 2 s" in page.evaluate("window.tablecheck.info.restarted")
        assert "error" not in page.evaluate("window.__stages")
        odds = page.evaluate("(p) => p", early)
        assert odds["distribution"]["7"] == pytest.approx(6 / 36), odds
    finally:
        for route in pending:
            route.abort()
        context.close()


def test_a_start_that_fails_every_time_says_so_after_its_restarts(browser, site):
    """A worker error on every start: RESTARTS fresh workers, then the error and Retry."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(STAGES)
    seen = []

    def broken(route):
        if route.request.method != "GET":  # the pre-flight's HEAD: the file is there
            return route.continue_()
        seen.append(route.request.url)
        route.fulfill(status=200, content_type="text/javascript", body="throw new Error('every start breaks');")
    context.route("**/static/js/boot/pyodide.mjs", broken)
    page = context.new_page()
    try:
        page.goto(site.url)
        assert wait_ready(page) == "error"
        assert len(seen) == 3  # the first start and RESTARTS (2) more
        assert page.evaluate("window.__stages").count("restarting") == 2
        assert page.locator("#engine-retry").is_visible()
    finally:
        context.close()


@pytest.fixture(scope="module")
def bridge(browser, site):
    """One ready page shared by the bridge tests of this module."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(site.url)
    assert wait_ready(page) == "ready"
    yield page
    context.close()


def cpython_answers(package_dir, calls):
    """The same calls under CPython, on the very package the site serves
    (the built copy: the source tree may change while the tests run)."""
    script = (
        "import json, sys\n"
        "from tablecheck import api\n"
        "calls = json.loads(sys.argv[1])\n"
        "print(json.dumps([getattr(api, n)(*a) for n, a in calls]))\n")
    done = subprocess.run([sys.executable, "-c", script, json.dumps(calls)], cwd=package_dir,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_bridge_answers_equal_the_python_api(bridge, built_site):
    page = bridge
    odds_request = {"system": "dice", "check": "roll", "expression": "2d6"}
    want_resolve, want_odds, want_catalog = cpython_answers(
        built_site["dir"] / "py", [["resolve", [ENTERED]], ["odds", [odds_request]], ["catalog", []]])
    got = page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)
    assert got == want_resolve
    assert got["total"] == 10 and got["outcome"] == "rolled"
    got_odds = page.evaluate("(r) => window.tablecheck.odds(r)", odds_request)
    assert got_odds == want_odds
    assert got_odds["distribution"]["7"] == pytest.approx(6 / 36)
    assert page.evaluate("window.tablecheck.catalog()") == want_catalog


@pytest.mark.parametrize("request_, field", [
    ({"system": "nope", "check": "roll"}, "system"),
    ({"system": "dice", "check": "nope"}, "check"),
    ({"system": "dice", "check": "roll", "expression": "3d"}, "expression"),
    ({"system": "dice", "check": "roll", "expression": "3d6", "dice": [1, 2]}, "dice"),
    (42, "request"),
])
def test_rejected_request_resolves_to_an_error_naming_the_field(bridge, request_, field):
    for call in ("resolve", "odds"):
        if call == "odds" and field == "dice":
            continue
        answer = bridge.evaluate(f"(r) => window.tablecheck.{call}(r)", request_)
        assert set(answer) == {"error"}, answer
        assert answer["error"]["field"] == field
        assert answer["error"]["message"]


def test_missing_entered_dice_error_carries_the_dice_needed(bridge):
    answer = bridge.evaluate("(r) => window.tablecheck.resolve(r)",
                                 {"system": "dice", "check": "roll", "expression": "3d6", "dice": [4]})
    assert answer["error"]["field"] == "dice"
    assert [d["sides"] for d in answer["error"]["needed"]] == [6, 6]


def test_every_request_stays_on_the_test_servers_origin(browser, private_site):
    site = private_site
    context = browser.new_context()
    log = RequestLog().attach(context)
    page = context.new_page()
    try:
        page.goto(site.url)
        assert wait_ready(page) == "ready"
        wait_controlled(page)
        assert resolve_roll(page)["outcome"] == "rolled"
        page.evaluate("window.tablecheck.odds({system: 'dice', check: 'roll', expression: '4d6kh3'})")
        page.reload()
        assert wait_ready(page) == "ready"
    finally:
        context.close()
    urls = log.urls
    # the log is real: it saw the page, the worker's interpreter and the package
    paths = {urlsplit(u).path for u in urls}
    assert {"/", "/static/vendor/pyodide/pyodide.asm.wasm", "/py/tablecheck/api.py", "/sw.js"} <= paths
    foreign = [u for u in urls if not same_origin(u, site.origin)]
    assert foreign == [], foreign
    # and everything the page asked its own server for exists
    assert [(path, status) for path, status, _ in site.sent if status != 200] == []


def test_served_under_a_sub_path_it_works_too(browser, subpath_site):
    context = browser.new_context()
    log = RequestLog().attach(context)
    page = context.new_page()
    try:
        page.goto(subpath_site.url)
        assert wait_ready(page) == "ready", page.locator("#engine-status").inner_text()
        wait_controlled(page)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert scope == subpath_site.url
        got = page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)
        assert got["total"] == 10
    finally:
        context.close()
    outside = [(m, p) for m, p in subpath_site.requests if not p.startswith("/tablecheck/")]
    assert outside == []
    assert all(same_origin(u, subpath_site.origin) for u in log.urls)
