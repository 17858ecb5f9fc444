"""The catalog shipped with the build (catalog.json, tools/build.py;
issue 13): the page draws the form from it before the engine is up, cannot
roll until the engine answers, and the engine's own catalog decides once it
does (a stale file is redrawn, a missing one changes nothing)."""

import json

from conftest import READY_TIMEOUT_MS, wait_ready

from tablecheck import api

UI_READY = "() => document.documentElement.dataset.ui === 'ready'"


def first_check():
    systems = api.catalog()["systems"]
    system = next(iter(systems.values()))
    return system, next(iter(system["checks"].values()))


def test_the_form_is_drawn_from_the_shipped_catalog_before_the_engine_and_roll_waits_for_it(browser, private_site):
    # the server holds the interpreter's wasm: the engine cannot get ready meanwhile
    hold = private_site.hold("/static/vendor/pyodide/pyodide.asm.wasm")
    system, check = first_check()
    stale = api.catalog()
    stale["systems"][system["id"]]["checks"][check["id"]]["label"] = "Label of an older build"
    context = browser.new_context(service_workers="block")
    context.route("**/catalog.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(stale)))
    page = context.new_page()
    try:
        page.goto(private_site.url)
        assert hold.reached.wait(timeout=READY_TIMEOUT_MS / 1000)
        page.wait_for_function("() => document.querySelector('#form-host input, #form-host select') !== null",
                               timeout=READY_TIMEOUT_MS)
        assert page.locator("#check-title").inner_text() == "Label of an older build"
        assert page.evaluate("document.documentElement.dataset.engine") == "loading"
        assert page.locator("#roll").is_disabled()
        page.locator("#roll").click(force=True)  # a tap before the engine is up rolls nothing
        assert page.locator("#result .placeholder").inner_text().strip() == "Roll to see the result here."
        assert page.evaluate("window.__lastRequest === undefined")
        hold.release()
        assert wait_ready(page) == "ready"
        page.wait_for_function(UI_READY, timeout=READY_TIMEOUT_MS)
        # the engine's catalog decides: the stale label is gone
        assert page.locator("#check-title").inner_text() == check["label"]
        page.wait_for_function("() => !document.querySelector('#roll').disabled", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("() => !!document.querySelector('#odds').dataset.seq", timeout=READY_TIMEOUT_MS)
    finally:
        hold.release()
        context.close()


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
