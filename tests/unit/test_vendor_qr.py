"""Issue 16, item 7: the QR code library is vendored like PyScript and
Pyodide: pinned exactly in package.json and package-lock.json, copied by
tools/build.py from node_modules with its SHA-256 checked
(tools/vendor-files.json), precached by the service worker, and imported by
static/js/qr.js as a plain ES module from the path the build writes."""

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402

NAME, VERSION = "lean-qr", "2.7.4"
VENDOR = json.loads((ROOT / "tools" / "vendor-files.json").read_text())


def test_pinned_exactly_in_package_json_and_the_lock():
    assert json.loads((ROOT / "package.json").read_text())["dependencies"][NAME] == VERSION
    lock = json.loads((ROOT / "package-lock.json").read_text())
    entry = lock["packages"][f"node_modules/{NAME}"]
    assert entry["version"] == VERSION and entry["license"] == "MIT"
    assert entry["integrity"].startswith("sha512-")


def test_vendor_manifest_lists_the_module_and_its_licence():
    [pkg] = [p for p in VENDOR["packages"] if p["name"] == NAME]
    assert pkg["version"] == VERSION and pkg["out"] == NAME
    assert sorted(pkg["files"]) == ["LICENSE", "index.mjs"]


def test_qr_js_imports_the_vendored_module_by_a_relative_path():
    text = (ROOT / "static" / "js" / "qr.js").read_text()
    assert re.search(r"import\('\.\./vendor/lean-qr/index\.mjs'\)", text)
    assert "http" not in re.sub(r"//.*", "", text)  # nothing from another origin


@pytest.mark.skipif(not (ROOT / "node_modules" / NAME / "package.json").is_file(),
                    reason="node_modules not installed (make setup / npm ci)")
def test_the_build_copies_and_precaches_it(tmp_path):
    out = tmp_path / "dist"
    info = build.build(ROOT, out)
    assert (out / "static" / "vendor" / NAME / "index.mjs").read_bytes() == \
        (ROOT / "node_modules" / NAME / "index.mjs").read_bytes()
    assert "./static/vendor/lean-qr/index.mjs" in info["precache"]
    assert "./static/js/qr.js" in info["precache"] and "./static/js/share.js" in info["precache"]
    # the module imports nothing else: one file is the whole library
    assert not re.search(r"\bimport\b[^;]*from", (out / "static/vendor/lean-qr/index.mjs").read_text())
