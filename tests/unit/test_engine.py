"""py/engine.py, the worker entry, under CPython: every answer is JSON, a
rejected request names its field, nothing is thrown across the boundary."""

import json

import pytest

import engine
from tablecheck import api

ENTERED = {"system": "dice", "check": "roll", "expression": "3d6+2", "dice": [2, 5, 1]}


def test_catalog_is_the_api_catalog_as_json():
    assert json.loads(engine.catalog()) == json.loads(json.dumps(api.catalog()))


def test_catalog_in_the_pages_language():
    # static/js/engine.js asks the catalog in the page's language
    assert engine.catalog("en") == engine.catalog()
    german = json.loads(engine.catalog("de"))
    assert german == json.loads(json.dumps(api.catalog(locale="de")))
    assert german["systems"]["dark_eye"]["checks"]["skill"]["label"] == "Fertigkeitsprobe"
    refused = json.loads(engine.catalog("fr"))["error"]
    assert refused["field"] == "locale" and refused["code"] == "choice"


def test_resolve_takes_and_gives_json_text():
    got = json.loads(engine.resolve(json.dumps(ENTERED)))
    assert got == api.resolve(dict(ENTERED))
    assert got["total"] == 10


def test_odds_takes_and_gives_json_text():
    request = {"system": "dice", "check": "roll", "expression": "2d6"}
    got = json.loads(engine.odds(json.dumps(request)))
    assert got["distribution"]["7"] == pytest.approx(6 / 36)


@pytest.mark.parametrize("request_, field", [
    ({"system": "nope", "check": "roll"}, "system"),
    ({"system": "dice", "check": "roll", "expression": "3d"}, "expression"),
    ({"system": "dice", "check": "roll", "expression": "3d6", "dice": [1]}, "dice"),
    (42, "request"),
    (None, "request"),
])
def test_rejected_request_answers_an_error_naming_the_field(request_, field):
    for fn in (engine.resolve, engine.odds):
        if fn is engine.odds and field == "dice":
            continue
        answer = json.loads(fn(json.dumps(request_)))
        assert list(answer) == ["error"]
        assert answer["error"]["field"] == field
        assert answer["error"]["message"]


def test_missing_dice_error_keeps_the_extra_data():
    answer = json.loads(engine.resolve(json.dumps({**ENTERED, "dice": [4]})))
    assert [d["sides"] for d in answer["error"]["needed"]] == [6, 6]


def test_text_that_is_not_json_names_the_request():
    answer = json.loads(engine.resolve("{not json"))
    assert answer["error"]["field"] == "request"
    assert "not valid JSON" in answer["error"]["message"]


def test_an_internal_error_is_reported_not_raised(monkeypatch):
    def broken(request):
        raise ZeroDivisionError("oops")
    monkeypatch.setattr(api, "resolve", broken)
    answer = json.loads(engine.resolve(json.dumps(ENTERED)))
    assert answer["error"]["field"] is None
    assert answer["error"]["message"] == "internal error: ZeroDivisionError: oops"


def test_a_result_that_is_not_json_safe_is_reported(monkeypatch):
    monkeypatch.setattr(api, "odds", lambda request: {"outcomes": {"x": float("nan")}})
    answer = json.loads(engine.odds(json.dumps({"system": "dice"})))
    assert answer["error"]["field"] is None
    assert answer["error"]["message"].startswith("internal error: result is not JSON-safe")


def test_unknown_call_and_ping():
    assert engine.call("explode")["error"]["message"] == "unknown call 'explode'"
    pong = json.loads(engine.ping())
    assert pong["version"] == json.loads(engine.catalog())["version"]


def test_exports_are_the_bridge_names():
    assert engine.__export__ == ["catalog", "resolve", "odds", "fill", "import_character", "ping"]


def test_import_character_takes_and_gives_json_text():
    hero = {"clientVersion": "1.5.2", "name": "Alrike", "talents": {"TAL_3": 9},
            "attr": {"values": [{"id": f"ATTR_{i}", "value": 10 + i} for i in range(1, 9)]}}
    request = {"system": "dark_eye", "format": "optolith", "data": hero}
    got = json.loads(engine.import_character(json.dumps(request)))
    assert got == api.import_character(request)
    assert got["character"]["sheet"]["numbers"]["AGI"] == 16


def test_json_nested_too_deeply_names_the_request():
    """json.loads raises RecursionError (not ValueError) on arrays nested
    thousands deep: it was an "internal error" with a traceback."""
    deep = '{"system": "dark_eye", "format": "optolith", "data": ' + "[" * 100_000 + "]" * 100_000 + "}"
    for fn in (engine.import_character, engine.resolve):
        answer = json.loads(fn(deep))
        assert answer["error"]["field"] == "data[0]"  # the place where it goes too deep
        assert answer["error"]["message"].startswith("is nested more than 100 deep")


def test_a_rules_package_that_fails_to_import_is_reported_by_every_call(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    pkg = tmp_path / "tablecheck"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("raise RuntimeError('boom at import')\n")
    engine_py = Path(engine.__file__)
    script = ("import json, engine\n"
              "print(json.dumps([json.loads(engine.ping()), json.loads(engine.catalog()),"
              " json.loads(engine.resolve('{}'))]))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": f"{tmp_path}:{engine_py.parent}",
                               "PATH": "/usr/bin:/bin"},
                          cwd=tmp_path)
    ping, catalog, resolved = json.loads(done.stdout)
    message = "the rules failed to load: RuntimeError: boom at import"
    assert ping == {"error": message}
    assert catalog == resolved == {"error": {"field": None, "message": message, "code": None}}
    assert "boom at import" in done.stderr  # the traceback goes to the console


SNAPSHOT_CHECK = """
import hashlib, json, os, sys, types
# what tools/snapshot.mjs leaves in a restored interpreter
import tablecheck.api
record = types.ModuleType("_tablecheck_snapshot")
record.SOURCES = {}
for folder, dirs, files in os.walk("tablecheck"):
    for name in files:
        if name.endswith(".py"):
            path = os.path.join(folder, name)
            record.SOURCES[path] = hashlib.sha256(open(path, "rb").read()).hexdigest()
record.MODULES = sorted(n for n in sys.modules if n.startswith("tablecheck"))
sys.modules["_tablecheck_snapshot"] = record
restored_api = sys.modules["tablecheck.api"]
if len(sys.argv) > 1:  # a package file PyScript wrote differs from the snapshot's
    with open(sys.argv[1], "a") as f:
        f.write("CHANGED = True\\n")
import engine
print(json.dumps([json.loads(engine.ping())["boot"], engine.api is restored_api,
                  getattr(engine.api, "CHANGED", False)]))
"""


def test_a_restored_interpreter_keeps_its_modules_only_if_the_files_are_the_snapshots(tmp_path):
    """Issue 13: after a restore, engine.py compares the package files with
    the SHA-256 the snapshot recorded; any difference: import them afresh."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path
    py = Path(engine.__file__).parent
    for name in ("same", "changed"):
        shutil.copytree(py / "tablecheck", tmp_path / name / "tablecheck",
                        ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copyfile(py / "engine.py", tmp_path / name / "engine.py")
    run = lambda name, *args: json.loads(subprocess.run(  # noqa: E731
        [sys.executable, "-c", SNAPSHOT_CHECK, *args], cwd=tmp_path / name, check=True,
        capture_output=True, text=True, env={"PYTHONPATH": ".", "PATH": "/usr/bin:/bin"}).stdout)
    boot, same_module, changed = run("same")
    assert boot["restored"] is True and "reloaded" not in boot and same_module and not changed
    boot, same_module, changed = run("changed", "tablecheck/api.py")
    assert boot["restored"] is True and "tablecheck/api.py" in boot["reloaded"]
    assert not same_module and changed  # the file's code, not the snapshot's


def test_without_a_snapshot_ping_says_python_was_not_restored():
    boot = json.loads(engine.ping())["boot"]
    assert boot["restored"] is False and boot["pyscript"] is False


@pytest.mark.parametrize("text,field,code,words", [
    ('{"system": "dark_eye", "locale": "de", x', "request", "syntax", "ist kein gültiges JSON: "),
    ('{"locale": "de", "a": ' + "[" * 200, "a[0]", "type", "ist mehr als 100 Ebenen tief verschachtelt"),
    ('{"locale": "de", "a": 1' + "0" * 5000 + "}", "a", "range", "ist eine ganze Zahl mit 5.001 Ziffern"),
])
def test_json_text_the_rules_cannot_read_is_refused_in_the_language_it_names(text, field, code, words):
    de = json.loads(engine.resolve(text))["error"]
    en = json.loads(engine.resolve(text.replace('"locale": "de"', '"locale": "en"')))["error"]
    assert (de["field"], de["code"]) == (en["field"], en["code"]) == (field, code)
    assert de["message"].startswith(words) and not en["message"].startswith(words)
    assert {k: v for k, v in de.items() if k != "message"} == {k: v for k, v in en.items() if k != "message"}
    fr = json.loads(engine.resolve(text.replace('"locale": "de"', '"locale": "fr"')))["error"]
    assert fr == en  # a language the API does not have: English
