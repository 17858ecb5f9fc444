"""Offline (issue 2, item 7): sw.js precaches the build, serves it
cache-first, answers navigations offline, deletes old caches, and offers a
new version without ever reloading by itself."""

import shutil

from conftest import READY_TIMEOUT_MS, resolve_roll, wait_controlled, wait_ready
from serve import Server

ENTERED = {"system": "dice", "check": "roll", "expression": "2d6+1", "dice": [6, 3]}


def open_controlled(context, url):
    """A page of `context` at `url`, ready and controlled by the service worker."""
    page = context.new_page()
    page.goto(url)
    assert wait_ready(page) == "ready"
    wait_controlled(page)
    return page


def resolve_entered(page):
    return page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)


def test_offline_reload_still_resolves_a_check(browser, site, built_site):
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(site.url)
        assert wait_ready(page) == "ready"
        wait_controlled(page)
        # the whole build is in the cache named after the build's hash
        keys = page.evaluate("caches.keys()")
        assert built_site["cache"] in keys
        cached = page.evaluate("(name) => caches.open(name).then(c => c.keys()).then(rs => rs.length)",
                               built_site["cache"])
        assert cached == len(built_site["precache"])
        context.set_offline(True)
        page.reload()
        assert wait_ready(page) == "ready"
        assert resolve_entered(page)["total"] == 10
        assert resolve_roll(page)["outcome"] == "rolled"
        pill = page.locator("#engine-status")
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'")
        assert "works offline" in pill.inner_text()
        # any address inside the site is answered with the page when offline
        page.goto(site.url + "index.html?from=bookmark")
        assert wait_ready(page) == "ready"
        page.goto(site.url + "some/deep/link")
        assert wait_ready(page) == "ready"
        assert page.url == site.url  # redirected to the site's root
    finally:
        context.set_offline(False)
        context.close()


# the files the page fetched with a body (the engine bridge's pre-flight HEADs, sent on a
# start slower than 3 s, have none, and a HEAD never comes from a cache: tests/cold_start.py)
SOURCES = """() => performance.getEntriesByType('resource')
    .filter((e) => e.workerFinalSourceType !== undefined && (e.decodedBodySize || e.encodedBodySize) > 0)
    .map((e) => [new URL(e.name).pathname, e.workerFinalSourceType])"""


def test_the_sites_files_come_straight_from_the_cache_and_a_missing_one_from_the_network(browser, site, built_site):
    """sw.js's static routes: static/ and py/ are answered from this build's
    cache without running the service worker; a file the cache lacks still
    comes, from the server."""
    context = browser.new_context()
    # the pre-flight at once (as on any start slower than 3 s, a loaded machine's too): its HEADs
    # go to the network by design, and must not be taken for files the cache failed to answer
    context.add_init_script("window.TABLECHECK_PREFLIGHT_DELAY_MS = 1;")
    try:
        page = open_controlled(context, site.url)
        page.reload()
        assert wait_ready(page) == "ready"
        sources = page.evaluate(SOURCES)
        assert sources, "no resource timing of the service worker's routes"
        static = {path: source for path, source in sources if "/static/" in path}
        assert "/static/css/app.css" in static and "/static/js/app.js" in static, static
        assert set(static.values()) == {"cache"}, {p: s for p, s in static.items() if s != "cache"}
        # one file out of the cache: the route falls back to the network
        page.evaluate("(name) => caches.open(name).then((c) => c.delete('./static/css/tools.css'))",
                      built_site["cache"])
        text = page.evaluate("fetch('./static/css/tools.css').then((r) => r.ok ? r.text() : r.status)")
        assert text == (built_site["dir"] / "static/css/tools.css").read_text()
        last = [source for path, source in page.evaluate(SOURCES) if path == "/static/css/tools.css"][-1]
        assert last == "network", page.evaluate(SOURCES)
    finally:
        context.close()


def test_with_the_server_stopped_a_new_page_load_still_resolves_a_check(browser, private_site):
    context = browser.new_context()
    try:
        page = open_controlled(context, private_site.url)
        page.close()
        private_site.stop()
        served = len(private_site.requests)
        fresh = context.new_page()
        fresh.goto(private_site.url)
        assert wait_ready(fresh) == "ready"
        assert resolve_entered(fresh)["total"] == 10
        assert len(private_site.requests) == served  # nothing reached a server
    finally:
        context.close()


def test_new_version_is_offered_never_forced_and_old_caches_go(browser, built_site, tmp_path):
    site_dir = tmp_path / "site"
    shutil.copytree(built_site["dir"], site_dir)
    with Server(site_dir) as server:
        context = browser.new_context()
        page = context.new_page()
        try:
            page.goto(server.url)
            assert wait_ready(page) == "ready"
            wait_controlled(page)
            page.evaluate("window.__game_in_progress = true")
            # deploy a new build: another cache name in sw.js
            sw = (site_dir / "sw.js").read_text(encoding="utf-8")
            new_cache = built_site["cache"] + "-v2"
            (site_dir / "sw.js").write_text(sw.replace(built_site["cache"], new_cache), encoding="utf-8")
            page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
            page.wait_for_function("() => document.documentElement.dataset.update === 'ready'",
                                   timeout=READY_TIMEOUT_MS)
            banner = page.locator("#update-banner")
            assert banner.is_visible()
            assert "New version ready" in banner.inner_text()
            # it waits for the players: same document, old cache still in control
            assert page.evaluate("window.__game_in_progress") is True
            assert built_site["cache"] in page.evaluate("caches.keys()")
            with page.expect_navigation():
                page.click("#update-reload")
            assert wait_ready(page) == "ready"
            assert page.evaluate("window.__game_in_progress === undefined")
            wait_controlled(page)
            page.wait_for_function("(name) => caches.keys().then(k => k.length === 1 && k[0] === name)",
                                   arg=new_cache, timeout=READY_TIMEOUT_MS)
            assert page.locator("#update-banner").is_hidden()
        finally:
            context.close()
