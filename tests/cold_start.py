"""What "each file once" means, for the Chromium test (tests/e2e/
test_fetched_once.py) and the other engines' (tests/engines/): every GET
the server saw, counted by path, up to the first odds drawn, with the
service worker's script held back (its precache asks for every file again,
by design, once the page is idle)."""

from collections import Counter

SW = "/sw.js"

# the engine up, the catalog drawn and the form's first odds shown
SETTLED = ("() => { const o = document.querySelector('#odds'); return document.documentElement.dataset.ui === 'ready'"
           " && !!o.dataset.seq && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null; }")

# files a start from the snapshot must ask for (each once)
MUST = {"/pyscript.json", "/py/engine.py", "/catalog.json", "/static/js/boot/unpack.mjs", "/py/tablecheck/api.py"}


def fetched_twice(server):
    """{path: count} of every path the server was asked for (GET) more than once."""
    counts = Counter(path for method, path in list(server.requests) if method == "GET")
    return {path: n for path, n in counts.items() if n > 1}


def fetched(server):
    return {path for method, path in list(server.requests) if method == "GET"}
