"""A cold start asks for each file once (issue 25, item 13), here in
Chromium; tests/engines/ asks the same of Firefox and WebKit (see
tests/cold_start.py for what is counted)."""

from conftest import READY_TIMEOUT_MS, wait_ready

from cold_start import MUST, PAGE_ENTRIES, SETTLED, SW, fetched, fetched_twice, page_fetched_twice


def test_a_cold_start_from_the_snapshot_fetches_each_file_once(browser, private_site):
    held = private_site.hold(SW)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(private_site.url)
        assert wait_ready(page) == "ready"
        page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
        assert page.evaluate("window.tablecheck.info.boot.snapshot") == "used"
        assert page.evaluate("window.tablecheck.info.boot.prefetched") > 0  # the package came in one bundle (py/files.json)
        assert fetched_twice(private_site) == {}
        assert page_fetched_twice(page.evaluate(PAGE_ENTRIES)) == {}  # and as the page's resource timing sees it
        assert MUST <= fetched(private_site)
    finally:
        held.release()
        context.close()
