"""Browser-test fixtures: one build, one real HTTP server, one Chromium.

- `site`: the site built once per session (tools/build.py into a temporary
  directory, so parallel work on dist/ cannot disturb the tests), served by
  tools/serve.py's `Server` on 127.0.0.1 on an ephemeral port in a thread.
  `site.url` ends with "/"; `site.requests` logs every (method, path) served.
- `base_url`: `site.url` (pytest-base-url's fixture, used by pytest-playwright).
- `subpath_site`: the same build served under /tablecheck/ (a GitHub Pages
  project site); anything outside the sub-path is a 404.
- `private_site`: a server of its own for one test (which may stop it).
- `ready_page`: a fresh page at `site.url` with the engine ready.
- `wait_ready(page)`: wait on the explicit signal html[data-engine] != loading
  and return the final state ('ready' or 'error').
- `request_log(context)`: every URL the context requests, including its
  service and dedicated workers.

Chromium: $CHROMIUM, else /usr/bin/chromium, else Playwright's own; its
start-up traffic to Google hosts is cut off by --host-resolver-rules, and
the tests assert that the page itself only talks to its own origin.
"""

import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build as site_build  # noqa: E402  (tools/build.py)
from serve import Server  # noqa: E402  (tools/serve.py)
from chromium_flags import CHROMIUM_ARGS  # noqa: E402,F401  (tools/chromium_flags.py)

# Generous: a cold Pyodide start takes ~3-5 s on a 2-core CI machine.
READY_TIMEOUT_MS = 90_000



def chromium_path():
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).is_file():
            return candidate
    return None  # Playwright's own browser


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    path = chromium_path()
    if path:
        args["executable_path"] = path
    args["args"] = list(args.get("args") or []) + CHROMIUM_ARGS
    return args


def launch_options():
    """Options for launches outside pytest-playwright's shared browser
    (persistent contexts)."""
    options = {"headless": True, "args": list(CHROMIUM_ARGS)}
    path = chromium_path()
    if path:
        options["executable_path"] = path
    return options


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "dist"
    info = site_build.build(ROOT, out)
    info["dir"] = out
    return info


@pytest.fixture(scope="session")
def site(built_site):
    server = Server(built_site["dir"]).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url(site):
    return site.url


@pytest.fixture(scope="session")
def subpath_site(built_site):
    server = Server(built_site["dir"], prefix="/tablecheck/").start()
    yield server
    server.stop()


@pytest.fixture
def private_site(built_site):
    server = Server(built_site["dir"]).start()
    yield server
    try:
        server.stop()
    except OSError:
        pass


def fulfilled(status, body):
    """A route handler answering every request with `status` and `body`."""
    return lambda route: route.fulfill(status=status, body=body)


def bundle_with(site_dir, rel, text):
    """The site's py/files.json (the package in one file, tools/build.py
    package_files) with the file `rel` ("py/tablecheck/api.py") holding `text`:
    a test changes a package file the way the worker gets it."""
    bundle = json.loads((site_dir / "py" / "files.json").read_text(encoding="utf-8"))
    assert "./" + rel in bundle["files"], rel
    bundle["files"]["./" + rel] = text
    return json.dumps(bundle)


def wait_ready(page, timeout=READY_TIMEOUT_MS):
    page.wait_for_function(
        "() => document.documentElement.dataset.engine && document.documentElement.dataset.engine !== 'loading'",
        timeout=timeout)
    return page.evaluate("document.documentElement.dataset.engine")


def wait_controlled(page, timeout=READY_TIMEOUT_MS):
    """Wait until a service worker controls the page (the build is cached)."""
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=timeout)


class RequestLog:
    def __init__(self):
        self.urls = []

    def attach(self, context):
        context.on("request", lambda request: self.urls.append(request.url))
        return self


@pytest.fixture
def request_log():
    return RequestLog()


@pytest.fixture
def ready_page(page, site):
    page.goto(site.url)
    assert wait_ready(page) == "ready", page.locator("#engine-status").inner_text()
    return page


def resolve_roll(page, expression="3d6+2", seed=7):
    """Resolve the generic dice roll through the bridge."""
    return page.evaluate(
        "(req) => window.tablecheck.resolve(req)",
        {"system": "dice", "check": "roll", "expression": expression, "seed": seed})
