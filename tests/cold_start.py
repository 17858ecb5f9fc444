"""What "each file once" means, for the Chromium test (tests/e2e/
test_fetched_once.py), the other engines' (tests/engines/) and bench/
bench_engines.py: every GET the server saw, counted by path, up to the
first odds drawn, with the service worker's script held back (its precache
asks for every file again, by design, once the page is idle); and, seen from
the page, the names its resource timing lists more than once with a body
(its own requests only: a worker's are on the worker's timeline). The
engine bridge's pre-flight check (static/js/engine.js: a HEAD of each file
the worker needs, on a start slower than 3 s) has no body: not a second
download."""

from collections import Counter

SW = "/sw.js"

# the engine up, the catalog drawn and the form's first odds shown
SETTLED = ("() => { const o = document.querySelector('#odds'); return document.documentElement.dataset.ui === 'ready'"
           " && !!o.dataset.seq && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null; }")

# files a start from the snapshot must ask for (each once)
MUST = {"/py/engine.py", "/catalog.json", "/static/js/boot/unpack.mjs", "/py/files.json"}


# the page's resource timing: {path: [[transferSize, body bytes], ...]} of every name it lists
# (transferSize 0 or missing: from a cache, or an engine that does not say)
PAGE_ENTRIES = """() => {
  const seen = {};
  for (const e of performance.getEntriesByType('resource')) {
    const url = new URL(e.name);
    if (url.origin !== location.origin) continue;
    (seen[url.pathname] = seen[url.pathname] || []).push([e.transferSize || 0, e.decodedBodySize || e.encodedBodySize || 0]);
  }
  return seen;
}"""


def page_fetched_twice(entries):
    """{path: [[transferSize, body bytes], ...]} of each path PAGE_ENTRIES lists twice or more with a body."""
    out = {}
    for path, sizes in entries.items():
        bodies = [s for s in sizes if s[1] > 0]
        if len(bodies) > 1:
            out[path] = bodies
    return out


def bodiless(entries):
    """How many requests PAGE_ENTRIES lists without a body (the pre-flight's HEADs)."""
    return sum(1 for sizes in entries.values() for s in sizes if s[1] == 0)


def fetched_twice(server):
    """{path: count} of every path the server was asked for (GET) more than once."""
    counts = Counter(path for method, path in list(server.requests) if method == "GET")
    return {path: n for path, n in counts.items() if n > 1}


def fetched(server):
    return {path for method, path in list(server.requests) if method == "GET"}


# The stdlib zip comes after ready (issue 29). Appended to the interpreter
# module (static/js/boot/pyodide.mjs): once Python is up, api.resolve
# imports a stdlib module the snapshot's heap does not hold (nothing the
# start or the defaults' odds import): its source is only in the stdlib zip.
# (Changing a package file instead would not do: tablecheck.worker's re-import
# then calls importlib.invalidate_caches(), which imports importlib.metadata
# from the zip before ready.) Only a request with entered dice imports it:
# the page itself resolves a roll of its form ahead right after ready (a
# secure roll, no dice: static/js/preroll.js), and that would fetch the zip
# before the test's own request.
LATE_IMPORT = """
const loadBeforeLateImport = loadPyodide;
loadPyodide = async (options) => {
  const pyodide = await loadBeforeLateImport(options);
  pyodide.runPython(`
from tablecheck import api as _api
_resolve_before_difflib = _api.resolve
def _resolve(request):
    if isinstance(request, dict) and request.get("dice") is not None:
        import difflib  # not in the heap: from the stdlib zip
        assert difflib.SequenceMatcher(None, "abc", "abd").ratio() > 0.6
    return _resolve_before_difflib(request)
_api.resolve = _resolve
`);
  return pyodide;
};
"""
