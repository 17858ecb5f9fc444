"""The browser entry: PyScript's worker runs this file and exports its names
to the page (static/js/engine.js calls them with JSON text).

PyScript compiles this text at every start, so it only starts: the functions
are tablecheck.worker's, which a start from the memory snapshot finds
compiled and imported with the rules (tools/snapshot.mjs).
"""

import json


def _report_stage(stage):
    """Tell the page (static/js/engine.js) how far start-up got. Only in the
    browser; a no-op under CPython."""
    try:
        import js  # Pyodide only
        js.BroadcastChannel.new("tablecheck-engine").postMessage(js.JSON.parse(json.dumps({"stage": stage})))
    except Exception:
        pass


class _Failed:
    """The exports when the rules cannot be imported: every call answers why
    (the page shows it), none raises."""

    def __init__(self, message):
        self.message = message

    def _answer(self, *_):
        return json.dumps({"error": {"field": None, "message": self.message, "code": None}})

    catalog = resolve = odds = fill = import_character = _answer

    def ping(self):
        return json.dumps({"error": self.message})


_report_stage("starting")
try:
    from tablecheck import worker
    worker = worker.start()
except Exception as _exc:  # a broken package file: report it, do not die silently
    import traceback
    traceback.print_exc()
    worker = _Failed(f"the rules failed to load: {type(_exc).__name__}: {_exc}")

catalog, resolve, odds = worker.catalog, worker.resolve, worker.odds
fill, import_character, ping = worker.fill, worker.import_character, worker.ping

# PyScript worker: these names become callable from the page.
__export__ = ["catalog", "resolve", "odds", "fill", "import_character", "ping"]
