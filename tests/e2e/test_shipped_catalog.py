"""The catalog shipped with the build (catalog.json, tools/build.py;
issue 13): the page draws the form from it before the engine is up, cannot
roll until the engine answers, and the engine's own catalog decides once it
does (a stale file is redrawn, a missing one changes nothing)."""

import json
from contextlib import contextmanager

from conftest import READY_TIMEOUT_MS, wait_ready
from page_tools import LAST_ODDS_REQUEST, LAST_REQUEST

from tablecheck import api

UI_READY = "() => document.documentElement.dataset.ui === 'ready'"


def first_check():
    systems = api.catalog()["systems"]
    system = next(iter(systems.values()))
    return system, next(iter(system["checks"].values()))


@contextmanager
def held_start(browser, private_site, prepare=None):
    """(page, hold): the page opened while the server holds the interpreter's
    wasm (the engine cannot get ready until `hold.release()`), until its form
    is drawn from a catalog the page has without the engine. `prepare(context)`
    runs before the page opens (routes)."""
    hold = private_site.hold("/static/vendor/pyodide/pyodide.asm.wasm")
    context = browser.new_context(service_workers="block")
    if prepare:
        prepare(context)
    page = context.new_page()
    try:
        page.goto(private_site.url)
        assert hold.reached.wait(timeout=READY_TIMEOUT_MS / 1000)
        page.wait_for_function("() => document.querySelector('#form-host input, #form-host select') !== null",
                               timeout=READY_TIMEOUT_MS)
        yield page, hold
    finally:
        hold.release()
        context.close()


def test_the_form_is_drawn_from_the_shipped_catalog_before_the_engine_and_roll_waits_for_it(browser, private_site):
    system, check = first_check()
    stale = api.catalog()
    stale["systems"][system["id"]]["checks"][check["id"]]["label"] = "Label of an older build"

    def stale_file(context):
        context.route("**/catalog.json", lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(stale)))
    with held_start(browser, private_site, stale_file) as (page, hold):
        assert page.locator("#check-title").inner_text() == "Label of an older build"
        assert page.evaluate("document.documentElement.dataset.engine") == "loading"
        assert page.locator("#roll").is_disabled()
        page.locator("#roll").click(force=True)  # a tap before the engine is up rolls nothing
        assert page.locator("#result .placeholder").inner_text().strip() == "Roll to see the result here."
        assert page.evaluate(LAST_REQUEST) is None
        hold.release()
        assert wait_ready(page) == "ready"
        page.wait_for_function(UI_READY, timeout=READY_TIMEOUT_MS)
        # the engine's catalog decides: the stale label is gone
        assert page.locator("#check-title").inner_text() == check["label"]
        page.wait_for_function("() => !document.querySelector('#roll').disabled", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("() => !!document.querySelector('#odds').dataset.seq", timeout=READY_TIMEOUT_MS)


def test_without_the_shipped_catalog_the_page_uses_the_engines(browser, site):
    _, check = first_check()
    context = browser.new_context(service_workers="block")
    context.route("**/catalog.json", lambda route: route.fulfill(status=404, body="not found"))
    page = context.new_page()
    try:
        page.goto(site.url)
        assert wait_ready(page) == "ready"
        page.wait_for_function(UI_READY, timeout=READY_TIMEOUT_MS)
        assert page.locator("#check-title").inner_text() == check["label"]
        page.wait_for_function("() => !document.querySelector('#roll').disabled", timeout=READY_TIMEOUT_MS)
    finally:
        context.close()


def test_the_first_odds_are_asked_before_the_engine_is_up_and_drawn_once_it_is(browser, private_site):
    # issue 13: the form's first odds wait in the engine behind its start, so
    # none is asked after ready and the panel shows them without a tap
    system, check = first_check()
    with held_start(browser, private_site) as (page, hold):
        page.wait_for_function("() => document.querySelector('#odds').getAttribute('aria-busy') === 'true'",
                               timeout=READY_TIMEOUT_MS)
        assert page.locator("#odds .odds-status").inner_text() == "Odds appear when the dice engine is ready."
        assert page.locator("#odds .odds-row:visible").count() == 0
        # every odds call the page makes from now on goes through this
        page.evaluate("""() => { const t = window.tablecheck, odds = t.odds; window.__oddsCalls = 0;
                                t.odds = (r) => { window.__oddsCalls += 1; return odds(r); }; }""")
        hold.release()
        assert wait_ready(page) == "ready"
        page.wait_for_function(UI_READY, timeout=READY_TIMEOUT_MS)
        page.wait_for_function(
            "() => { const o = document.querySelector('#odds'); return o.dataset.seq"
            " && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null; }", timeout=READY_TIMEOUT_MS)
        shown = page.evaluate(LAST_ODDS_REQUEST)
        assert (shown["system"], shown["check"]) == (system["id"], check["id"])
        expected = [[r["id"], r["p"]] for r in api.odds(shown)["display"]["outcomes"]]
        rows = page.locator("#odds .odds-row").evaluate_all("els => els.map(e => [e.dataset.outcome, Number(e.dataset.p)])")
        assert rows and [o for o, _ in rows] == [o for o, _ in expected]
        assert all(abs(p - q) < 1e-12 for (_, p), (_, q) in zip(rows, expected))
        assert page.evaluate("window.__oddsCalls") == 0
        assert page.locator("#odds .odds-sample").count() == 0


def test_the_start_builds_the_form_draws_it_then_its_first_values_each_in_a_turn_of_its_own(browser, private_site):
    """static/js/app.js drawCatalog: the form is built in one turn
    (Table.prepareForm), drawn in the next, its first values (CheckForm
    .defaults, to mark changed fields) worked out in the next and its first
    odds asked after that, all before the engine is up."""
    with held_start(browser, private_site) as (page, _):
        page.wait_for_function("() => performance.getEntriesByName('tablecheck:shipped-form-odds').length > 0",
                               timeout=READY_TIMEOUT_MS)
        names = ["shipped-form-build", "shipped-form", "shipped-form-defaults", "shipped-form-odds"]
        spans = page.evaluate("""(names) => names.map((n) => {
            const m = performance.getEntriesByName('tablecheck:' + n)[0]; return [m.startTime, m.startTime + m.duration]; })""",
                              names)
        for (_, end), (start, _) in zip(spans, spans[1:]):
            assert end <= start  # one after the other, not within one another
        assert page.evaluate("getComputedStyle(document.querySelector('.layout')).display") == "grid"
        assert page.locator("#form-host input, #form-host select").first.is_visible()
        assert page.locator("[data-changed]").first.get_attribute("data-changed") == "0"  # nothing differs yet
        assert not page.evaluate("document.documentElement.dataset.engine === 'ready'")  # all before the engine


def test_the_start_s_modules_and_catalog_come_with_the_page_each_fetched_once(browser, private_site):
    """index.html preloads the page's modules (issue 13; the list:
    tests/unit/test_index_html.py) and its inline script fetches catalog.json
    and py/engine.py. Each is what the page then uses: one request each, a
    module made by its preload (not by an import), the catalog asked for
    before any module ran and handed to app.js's fetch, so none is fetched
    twice (tests/engines/ counts every file in Firefox and WebKit)."""
    with held_start(browser, private_site) as (page, _):
        page.wait_for_function("() => performance.getEntriesByName('tablecheck:shipped-form-odds').length > 0",
                               timeout=READY_TIMEOUT_MS)
        preloaded = page.evaluate("""() => [...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')]
            .map((l) => new URL(l.href).pathname).filter((p) => p.startsWith('/static/js/'))""")
        entries = page.evaluate("""() => performance.getEntriesByType('resource')
            .map((r) => [new URL(r.name).pathname, r.initiatorType, r.startTime])""")
        modules_ran = page.evaluate("performance.getEntriesByName('tablecheck:modules')[0].startTime")
        gets = [path for method, path in list(private_site.requests) if method == "GET"]
    assert "/static/js/codes.js" in preloaded  # 4 imports deep
    for path in preloaded:
        assert gets.count(path) == 1, path
        kinds = [kind for p, kind, _ in entries if p == path]
        assert len(kinds) == 1, (path, kinds)
        assert kinds[0] != "script", (path, kinds)
    for path in ("/catalog.json", "/py/engine.py"):
        assert gets.count(path) == 1, path
        starts = [start for p, _, start in entries if p == path]
        assert len(starts) == 1, (path, starts)
    assert [start for p, _, start in entries if p == "/catalog.json"][0] < modules_ran
    # and the modules it does not preload are fetched once too (their own <script> tags)
    assert gets.count("/static/js/app.js") == 1 and gets.count("/static/js/engine.js") == 1


def test_the_start_goes_on_in_a_tab_that_draws_no_frames(browser, site):
    """static/js/app.js afterFrame: the header is drawn a frame before the
    table, but a tab opened in the background runs no animation frames; the
    table and its form are drawn anyway and the engine's catalog with them."""
    context = browser.new_context(service_workers="block")
    context.add_init_script("window.requestAnimationFrame = () => 0;")  # frames never come
    page = context.new_page()
    try:
        page.goto(site.url)
        # polled on a timer: Playwright's default polling waits on animation frames
        page.wait_for_function(UI_READY, timeout=READY_TIMEOUT_MS, polling=100)
        assert page.evaluate("document.documentElement.dataset.engine") == "ready"
        assert page.locator("#app .layout #form-host .check-form").count() == 1
        page.wait_for_function("() => !!document.querySelector('#odds').dataset.seq", timeout=READY_TIMEOUT_MS,
                               polling=100)
    finally:
        context.close()
