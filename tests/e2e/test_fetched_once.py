"""A cold start asks for each file once (issue 25, item 13), here in
Chromium; tests/engines/ asks the same of Firefox and WebKit. The service
worker's script is held back so that its precache (which asks for every
file again, by design) is not counted: what is counted is the page, the
engine's worker and the unpacking worker, up to the first odds drawn."""

from collections import Counter

from conftest import READY_TIMEOUT_MS, wait_ready

SETTLED = ("() => { const o = document.querySelector('#odds'); return document.documentElement.dataset.ui === 'ready'"
           " && o.dataset.seq && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null; }")


def fetched_twice(server):
    """{path: count} of every path the server was asked for (GET) more than once."""
    counts = Counter(path for method, path in list(server.requests) if method == "GET")
    return {path: n for path, n in counts.items() if n > 1}


def test_a_cold_start_from_the_snapshot_fetches_each_file_once(browser, private_site):
    held = private_site.hold("/sw.js")
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(private_site.url)
        assert wait_ready(page) == "ready"
        page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
        assert page.evaluate("window.tablecheck.info.boot.snapshot") == "used"
        assert page.evaluate("window.tablecheck.info.boot.prefetched") > 0  # the package asked for early
        assert fetched_twice(private_site) == {}
        gets = {path for method, path in private_site.requests if method == "GET"}
        assert {"/pyscript.json", "/py/engine.py", "/catalog.json", "/static/js/boot/unpack.mjs",
                "/py/tablecheck/api.py"} <= gets
    finally:
        held.release()
        context.close()
