"""The engine worker's side of the page's bridge: JSON text in, JSON text out.

py/engine.py, the file PyScript's worker runs, calls `start()` and exports
this module's catalog/resolve/odds/fill/import_character/ping to the page
(static/js/engine.js calls them with a JSON text and gets a JSON text back:
text crosses the worker boundary without proxies). Every answer is a JSON
object; a rejected request answers ``{"error": {"field": ..., "message":
..., ...}}`` and nothing is ever thrown across the boundary, so the page
never waits on a lost exception.

It lives in the package, not in py/engine.py, so that a start from the memory
snapshot finds it compiled and imported with the rules (tools/snapshot.mjs):
PyScript compiles the text of py/engine.py at every start, and that file is
now a few lines (issue 29, measured in docs/benchmarks.md).

The plain-dict functions (`call`) are what the unit tests exercise under
CPython; the exported names wrap them in JSON.
"""

import importlib
import json
import os
import random
import re
import sys
import traceback

from tablecheck import api
from tablecheck.errors import InvalidRequest
from tablecheck.messages import Count

BOOT = {"restored": False}  # how this engine started (start())


def start():
    """What py/engine.py runs at each start, before it exports: check a
    restored snapshot against the package files PyScript wrote (any
    difference: the package imported afresh from them), then the module's
    own `begin`. Returns the module whose functions to export: this one, or
    the one imported afresh (a broken file raises here, as its import would)."""
    state = _check_snapshot()
    module = importlib.import_module(__name__) if state.get("reloaded") else sys.modules[__name__]
    return module.begin(state)


def begin(state):
    """Record how this engine started (`state`, for ping) and reseed
    `random`; returns this module."""
    global BOOT
    BOOT = state
    # A snapshot freezes the `random` module's global generator (and the hash
    # secret) for every restored start: reseed it from the OS. The dice never use
    # it (dice/sources.py: SystemRandom draws from the OS on every roll, a seeded
    # source is its own Random(seed)); nothing rolls dice from hash order.
    random.seed()
    return sys.modules[__name__]


# -- the memory snapshot (issue 13) --------------------------------------------
# static/js/boot/pyodide.mjs may have restored Python from the build's memory
# snapshot (tools/snapshot.mjs): `tablecheck` is then imported already, and
# `_tablecheck_snapshot.SOURCES` holds the SHA-256 of each package file it was
# imported from. They must be the files PyScript has just written from the
# config: if any differs, the restored rules are dropped and imported afresh (start()).

def package_sources(base="tablecheck"):
    """{path: SHA-256} of the package's .py files under the working directory:
    what tools/snapshot.mjs records in a snapshot and start() compares."""
    import hashlib
    found = {}
    for folder, dirs, files in os.walk(base):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    found[path] = hashlib.sha256(f.read()).hexdigest()
    return found


def _check_snapshot():
    """How Python started, for the ping answer: {"restored": bool, ...}."""
    record = sys.modules.get("_tablecheck_snapshot")
    if record is None:
        return {"restored": False}
    on_disk = package_sources()
    differ = sorted(p for p in set(on_disk) | set(record.SOURCES) if on_disk.get(p) != record.SOURCES.get(p))
    state = {"restored": True, "modules": len(record.MODULES)}
    if differ:
        for name in [n for n in sys.modules if n == "tablecheck" or n.startswith("tablecheck.")]:
            del sys.modules[name]
        importlib.invalidate_caches()
        state["reloaded"] = f"{len(differ)} package file(s) differ from the snapshot's: {', '.join(differ[:3])}"
    return state


__all__ = ["start", "begin", "package_sources", "call", "catalog", "resolve", "odds", "fill", "import_character", "ping"]


def _error(field, message, code=None, **extra):
    out = {"field": field, "message": message, "code": code}
    out.update(extra)
    return {"error": out}


def _parse(request):
    """The request as a Python value: JSON text is decoded (`_loads`),
    anything else is taken as it is (the API itself rejects what is not an
    object)."""
    if isinstance(request, (str, bytes)):
        return _loads(request.decode("utf-8") if isinstance(request, bytes) else request)
    if hasattr(request, "to_py"):  # a JsProxy, if a caller passes one
        return request.to_py()
    return request


# -- JSON text Python's json cannot take ------------------------------------------
# json.loads gives up with a RecursionError near 1,000 lists or objects inside
# each other (where exactly depends on the Python), and with a ValueError on an
# integer of over 4,300 digits; both are refused here by the field holding them.
MAX_DEPTH = 100  # a request nests 5 deep at most (a group's hero's attributes)
PATH_PARTS = 8  # parts of a path a message names ("a.b.c[0]...")
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},:]')


def _loads(text):
    """JSON text as Python; InvalidRequest naming the field for text that
    is not JSON, nests deeper than MAX_DEPTH or holds a huge integer."""
    if text.count("[") + text.count("{") > MAX_DEPTH:  # else it cannot nest that deep
        deep = _too_deep(text)
        if deep is not None:
            raise InvalidRequest(deep, code="type", refusal=("too_deep", {"n": MAX_DEPTH}))
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidRequest("request", code="syntax", position=exc.pos + 1, refusal=(
            "not_json", {"reason": exc.msg, "position": exc.pos + 1})) from None
    except ValueError:  # an integer too long for Python to read
        path, digits = _first_huge(json.loads(text, parse_int=_integer))
        raise InvalidRequest(_path(path) or "request", refusal=("huge_number", {"digits": Count(digits)})) from None


_LOCALE = re.compile(r'"locale"\s*:\s*"(\w+)"')


def _text_locale(text):
    """The language a request's text names (`"locale": "de"`) when the text
    cannot be read as JSON (its refusal is worded in it): "en" unless one
    of the API's languages."""
    found = _LOCALE.search(text) if isinstance(text, str) else None
    return found.group(1) if found and found.group(1) in api.LOCALES else "en"


class _Huge:
    """An integer json.loads could not read, by its number of digits."""

    def __init__(self, digits):
        self.digits = len(digits.lstrip("-"))


def _integer(digits):
    try:
        return int(digits)
    except ValueError:
        return _Huge(digits)


def _first_huge(value, path=()):
    """(path, digits) of the first _Huge in a parsed value (None: none)."""
    if isinstance(value, _Huge):
        return path, value.digits
    if isinstance(value, dict):
        items = value.items()
    else:
        items = enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _first_huge(item, path + (key,))
        if found:
            return found
    return None


def _too_deep(text):
    """The field of the first value nested deeper than MAX_DEPTH, or None:
    its path up to the last object key and one step more ("dice[0]",
    "members[0].attributes[1]"), at most PATH_PARTS parts; "request" when no
    key leads there."""
    path = []  # per open list or object: the part naming its current item
    keyed = []  # per open level: True for an object
    expect_key = False
    for token in _TOKENS.finditer(text):
        t = token.group()
        if t in "[{":
            if len(path) == MAX_DEPTH:
                keys = [i for i, part in enumerate(path) if isinstance(part, str)]
                return _path(path[:min(keys[-1] + 2, PATH_PARTS)]) if keys else "request"
            path.append(0 if t == "[" else "")
            keyed.append(t == "{")
            expect_key = t == "{"
        elif t in "]}":
            if path:
                path.pop()
                keyed.pop()
            expect_key = False
        elif t == ",":
            if keyed and keyed[-1]:
                expect_key = True
            elif path:
                path[-1] += 1
        elif t == ":":
            expect_key = False
        elif expect_key and keyed and keyed[-1]:  # a string: the key of the item that follows
            path[-1] = _key(t)
            expect_key = False
    return None


def _key(token):
    try:
        return json.loads(token)
    except ValueError:
        return token.strip('"')


def _path(parts):
    """"members[0].attributes" from ("members", 0, "attributes")."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def call(name, request=None):
    """Run api.<name>(request) and return a JSON-safe dict, never raising."""
    try:
        if name == "catalog":
            return api.catalog() if request is None else api.catalog(locale=request)
        if name not in ("resolve", "odds", "fill", "import_character"):
            return _error(None, f"unknown call {name!r}")
        try:
            value = _parse(request)
        except UnicodeDecodeError as exc:
            return _error("request", f"is not valid JSON: {exc}", code="syntax")
        except InvalidRequest as exc:  # JSON text the rules cannot read: in its language
            raise exc.word_in(_text_locale(request)) from None
        return getattr(api, name)(value)
    except InvalidRequest as exc:
        return {"error": exc.to_dict()}
    except Exception as exc:  # a bug: say so plainly instead of hanging
        return _error(None, f"internal error: {type(exc).__name__}: {exc}",
                      traceback=traceback.format_exc(limit=8))


def _dumps(value):
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        return json.dumps(_error(None, f"internal error: result is not JSON-safe: {exc}"))


def _snapshot_catalog():
    """The catalog's JSON text as the snapshot holds it (tools/snapshot.mjs made
    it from the very files start() checked), or None: the page's first
    call after a restored start then costs no rebuilding and no encoding."""
    if not BOOT.get("restored") or BOOT.get("reloaded"):
        return None
    return getattr(sys.modules.get("_tablecheck_snapshot"), "CATALOG_JSON", None)


def catalog(locale="en"):
    """The catalog in `locale` (the page's language; the snapshot holds the English one)."""
    if locale != "en":
        return _dumps(call("catalog", locale))
    text = _snapshot_catalog()
    return text if text is not None else _dumps(call("catalog"))


def resolve(request_json):
    return _dumps(call("resolve", request_json))


def odds(request_json):
    return _dumps(call("odds", request_json))


def fill(request_json):
    return _dumps(call("fill", request_json))


def import_character(request_json):
    return _dumps(call("import_character", request_json))


def ping():
    """Answers once the package is imported: the bridge's ready check (a
    package that fails to import answers {"error": message}: py/engine.py)."""
    from tablecheck import __version__
    return json.dumps({"version": __version__, "python": sys.version.split()[0], "boot": _boot()})


def _boot():
    """How this engine started: the interpreter module's record
    (static/js/boot/pyodide.mjs: snapshot used or why not) plus Python's."""
    boot = {}
    try:
        import js  # Pyodide only
        if getattr(js, "tablecheckBoot", None) is not None:
            boot = json.loads(js.JSON.stringify(js.tablecheckBoot))
    except Exception:
        pass
    boot.update(BOOT)
    boot["pyscript"] = "pyscript" in sys.modules  # PyScript's own set-up ran on this interpreter
    # modules loaded from .pyc files in the stdlib zip (a normal start given the
    # build's bytecode, static/js/boot/pyodide.mjs) rather than compiled
    boot["stdlib_pycs"] = sum(1 for m in list(sys.modules.values()) if _from_zipped_pyc(m))
    return boot


def _from_zipped_pyc(module):
    name = getattr(module, "__file__", None)
    return isinstance(name, str) and ".zip/" in name and name.endswith(".pyc")
