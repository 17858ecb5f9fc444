"""py/engine.py, the file PyScript's worker runs, under CPython: it exports
tablecheck.worker's functions (the ones a restored snapshot holds, unless the
package files differ from the snapshot's), or, when the rules cannot be
imported, functions that say so."""

import json

import engine
from tablecheck import worker


def test_exports_are_the_bridge_names_and_the_workers_functions():
    assert engine.__export__ == ["catalog", "resolve", "odds", "fill", "import_character", "ping"]
    for name in engine.__export__:  # not copies: the snapshot's compiled functions are what runs
        assert getattr(engine, name) is getattr(worker, name), name
    assert engine.worker is worker


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


def test_a_rules_module_that_fails_to_import_is_reported_also_after_a_restore(tmp_path):
    """api.py broken: the worker cannot import it, on a normal start and when
    a restored snapshot finds the file changed and imports it afresh."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path
    py = Path(engine.__file__).parent
    write_broken = "open('tablecheck/api.py', 'w').write(\"raise RuntimeError('boom in api')\\n\")\n"
    answers = "import engine\nprint(json.dumps([json.loads(engine.ping()), json.loads(engine.odds('{}'))]))\n"
    before_engine = SNAPSHOT_CHECK.split("import engine\n")[0]  # the snapshot's modules imported from good files
    message = "the rules failed to load: RuntimeError: boom in api"
    for name, script in [("normal", "import json\n" + write_broken + answers),
                         ("restored", before_engine + write_broken + answers)]:
        shutil.copytree(py / "tablecheck", tmp_path / name / "tablecheck", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copyfile(py / "engine.py", tmp_path / name / "engine.py")
        done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path / name, check=True,
                              capture_output=True, text=True, env={"PYTHONPATH": ".", "PATH": "/usr/bin:/bin"})
        ping, odds = json.loads(done.stdout)
        assert ping == {"error": message}, name
        assert odds == {"error": {"field": None, "message": message, "code": None}}, name


SNAPSHOT_CHECK = """
import hashlib, json, os, sys, types
# what tools/snapshot.mjs leaves in a restored interpreter
import tablecheck.api, tablecheck.worker
record = types.ModuleType("_tablecheck_snapshot")
record.SOURCES = {}
for folder, dirs, files in os.walk("tablecheck"):
    for name in files:
        if name.endswith(".py"):
            path = os.path.join(folder, name)
            record.SOURCES[path] = hashlib.sha256(open(path, "rb").read()).hexdigest()
record.MODULES = sorted(n for n in sys.modules if n.startswith("tablecheck"))
record.CATALOG_JSON = '"the snapshot catalog"'  # answered only while the files are the snapshot's
sys.modules["_tablecheck_snapshot"] = record
restored_api, restored_worker = sys.modules["tablecheck.api"], sys.modules["tablecheck.worker"]
if len(sys.argv) > 1:  # a package file PyScript wrote differs from the snapshot's
    with open(sys.argv[1], "a") as f:
        f.write("CHANGED = True\\n")
import engine
print(json.dumps([json.loads(engine.ping())["boot"], engine.worker is restored_worker,
                  engine.worker.api is restored_api, engine.catalog() == record.CATALOG_JSON,
                  getattr(engine.worker.api, "CHANGED", False)]))
"""


def test_a_restored_interpreter_keeps_its_modules_only_if_the_files_are_the_snapshots(tmp_path):
    """Issue 13: after a restore, tablecheck.worker.start() compares the
    package files with the SHA-256 the snapshot recorded; any difference:
    import them afresh, and py/engine.py exports the fresh module's functions."""
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
    boot, same_worker, same_api, snapshot_catalog, changed = run("same")
    assert boot["restored"] is True and "reloaded" not in boot
    assert same_worker and same_api and snapshot_catalog and not changed
    boot, same_worker, same_api, snapshot_catalog, changed = run("changed", "tablecheck/api.py")
    assert boot["restored"] is True and "tablecheck/api.py" in boot["reloaded"]
    assert not same_worker and not same_api and changed  # the files' code, not the snapshot's
    assert not snapshot_catalog  # the catalog built from the files, not the snapshot's text


def test_without_a_snapshot_ping_says_python_was_not_restored():
    boot = json.loads(engine.ping())["boot"]
    assert boot["restored"] is False and boot["pyscript"] is False
