"""The smoke suite in the other engines a tablet runs (issue 25, item 13):
Firefox ESR (WebDriver BiDi) and WebKitGTK, the engine of Safari
(WebKitWebDriver), both from Debian's packages and driven by tools/
engines.py (Playwright drives only its own builds of them, which cannot be
had here). Against the same build and the same kind of real local server as
the Chromium tests (tests/e2e/conftest.py's `built_site`, `site`,
`private_site`).

- `engine`: one browser per engine, shared by the suite (parametrized:
  "firefox", "webkit"; pytest runs each engine's tests together). An engine
  that cannot start here fails, naming the package to install: a skip would
  let CI pass without it.
- `ready(engine, site)`: the engine's page at `site.url` with
  html[data-engine=ready][data-ui=ready] (opened again only when a test
  left it elsewhere).
- `chromium_answers`: Chromium's answers (Playwright, the same build) to
  every request of tests/every_check.py, as JSON text, computed once.
"""

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from e2e.conftest import built_site, launch_options, private_site, site  # noqa: E402,F401  (shared fixtures)
import engines as drivers  # noqa: E402  (tools/engines.py)
from every_check import REQUESTS  # noqa: E402  (tests/every_check.py)

SEED = 20261129
UI_READY = ("() => document.documentElement.dataset.engine === 'ready'"
            " && document.documentElement.dataset.ui === 'ready' && document.documentElement.dataset.share === 'done'")
# every answer of the engine to REQUESTS: odds, and resolve with a fixed seed, as JSON text
ANSWERS = """async (requests, seed) => {
  const out = [];
  for (const r of requests) {
    out.push(JSON.stringify(await window.tablecheck.odds(r)));
    out.push(JSON.stringify(await window.tablecheck.resolve({ ...r, seed })));
  }
  return out;
}"""


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.engines)


@pytest.fixture(scope="session", params=sorted(drivers.ENGINES))
def engine(request):
    why = drivers.unavailable(request.param)
    if why:
        pytest.fail(f"{request.param}: {why}", pytrace=False)
    browser = drivers.ENGINES[request.param]()
    yield browser
    browser.close()


@pytest.fixture
def ready(engine, site):
    here = engine.js("() => location.href")
    if not here.startswith(site.url) or not engine.js(UI_READY):
        engine.goto(site.url)
    engine.wait(UI_READY, what="the page ready")
    return engine


@pytest.fixture(scope="session")
def chromium_answers(site):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(site.url)
        page.wait_for_function(UI_READY, timeout=drivers.TIMEOUT_S * 1000)
        answers = page.evaluate(f"([q, s]) => ({ANSWERS})(q, s)", [REQUESTS, SEED])
        version = browser.version
        browser.close()
    return {"version": version, "answers": answers}


def open_cold(engine, server):
    """`engine` at `server` (a private one: a new origin, so nothing cached),
    ready; the pill's text if it is not."""
    engine.goto(server.url)
    engine.wait("() => document.documentElement.dataset.engine !== 'loading'", what="the engine started")
    return engine.js("() => document.documentElement.dataset.engine")


def boot(engine):
    return engine.js("() => window.tablecheck.info.boot")


def dump(value):
    return json.dumps(value, indent=1)[:2000]
