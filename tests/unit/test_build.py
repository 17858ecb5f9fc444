"""tools/build.py (issue 2, item 3 and "Bad input and faults"): the site in
dist/, the precache list, the content hash, vendored files checked at build
time. Built into temporary directories, never into the shared dist/."""

import hashlib
import html
import io
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402

pytestmark = pytest.mark.skipif(not (ROOT / "node_modules" / "pyodide" / "package.json").is_file(),
                                reason="node_modules not installed (make setup / npm ci)")

VENDOR = json.loads((ROOT / "tools" / "vendor-files.json").read_text())


def files_of(directory):
    return sorted(p.relative_to(directory).as_posix() for p in directory.rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("b") / "dist"
    info = build.build(ROOT, out)
    return out, info


@pytest.fixture
def fake_root(tmp_path):
    """A copy of the repository's site inputs with its own node_modules
    holding just the vendored files, so a test may break them."""
    root = tmp_path / "repo"
    for rel in ["index.html", "manifest.webmanifest", "sw.js", "pyscript.json",
                "tools/vendor-files.json", "py/engine.py"]:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / rel, root / rel)
    shutil.copytree(ROOT / "py" / "tablecheck", root / "py" / "tablecheck",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "static", root / "static", ignore=shutil.ignore_patterns("vendor"))
    for package in VENDOR["packages"]:
        src = ROOT / "node_modules" / package["name"]
        dest = root / "node_modules" / package["name"]
        dest.mkdir(parents=True)
        shutil.copyfile(src / "package.json", dest / "package.json")
        for rel in package["files"]:
            (dest / package["dir"] / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src / package["dir"] / rel, dest / package["dir"] / rel)
    return root


def test_precache_list_equals_the_files_of_dist_minus_sw_js(site):
    out, info = site
    sw = (out / "sw.js").read_text()
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    assert listed == info["precache"]
    assert sorted(listed) == ["./" + f for f in files_of(out) if f != "sw.js"]
    assert f'const CACHE = "{info["cache"]}";' in sw
    assert "__CACHE_NAME__" not in sw and "/*__PRECACHE__*/" not in sw


def test_dist_holds_page_package_entry_static_vendor_and_manifest(site):
    out, _ = site
    files = set(files_of(out))
    assert {"index.html", "manifest.webmanifest", "sw.js", "pyscript.json", "py/engine.py"} <= files
    package = {p.relative_to(ROOT).as_posix() for p in (ROOT / "py" / "tablecheck").rglob("*.py")
               if "__pycache__" not in p.parts}
    assert package <= files  # every module of the package, found by glob
    for rel in ["static/js/engine.js", "static/js/sw-register.js", "static/css/shell.css",
                "static/icons/icon.svg", "static/icons/icon-192.png", "static/icons/maskable-512.png"]:
        assert rel in files
    vendored = {f for f in files if f.startswith("static/vendor/")}
    expected = {f"static/vendor/{p['out']}/{rel}" for p in VENDOR["packages"] for rel in p["files"]}
    expected |= {"static/vendor/snapshot/snapshot.bin.zst", "static/vendor/snapshot/snapshot.json",
                 "static/vendor/snapshot/stdlib-bytecode.bin", "static/vendor/snapshot/stdlib-bytecode.json"}
    assert vendored == expected
    # only what a page needs: no source maps, no MicroPython, no editor runtime
    assert not [f for f in files if f.endswith(".map") or "micropython" in f or "codemirror" in f
                or "xterm" in f or "__pycache__" in f]


def test_pyscript_config_points_at_the_vendored_interpreter_and_lists_the_package(site):
    out, _ = site
    config = json.loads((out / "pyscript.json").read_text())
    # our interpreter module: the vendored Pyodide, from the memory snapshot when it can
    assert config["interpreter"] == "./static/js/boot/pyodide.mjs"
    loader = out / config["interpreter"]
    imported = re.findall(r'^import .* from "([^"]+)";', loader.read_text(), re.M)
    # unpack.mjs is the unpacking worker's script: imported only when needed
    # (each realm fetches its own copy: a static import made it two requests)
    assert imported == ["../../vendor/pyodide/pyodide.mjs"]
    assert (loader.parent / imported[0]).resolve() == (out / "static/vendor/pyodide/pyodide.mjs").resolve()
    assert re.findall(r'new URL\("(\./unpack\.mjs)", import\.meta\.url\)', loader.read_text()) == ["./unpack.mjs"]
    assert (loader.parent / "unpack.mjs").is_file()
    assert "packages" not in config  # would fetch micropip from a CDN
    for url, target in config["files"].items():
        assert (out / url).is_file()
        assert target == "./" + url[len("./py/"):]
    assert "./py/tablecheck/api.py" in config["files"]


def test_the_package_is_also_in_one_file_holding_each_config_file_s_text(site):
    """py/files.json (issue 29): the config's files in one request, each
    under the config's name for it, with the very text of the file shipped."""
    out, info = site
    config = json.loads((out / "pyscript.json").read_text())
    bundle = json.loads((out / build.FILES_BUNDLE).read_text(encoding="utf-8"))
    assert bundle["format"] == build.FILES_FORMAT == 1
    assert sorted(bundle["files"]) == sorted(config["files"])
    for source, text in bundle["files"].items():
        assert text == (out / source).read_text(encoding="utf-8"), source
    assert "./" + build.FILES_BUNDLE in info["precache"]  # offline, as every file


def test_a_config_file_missing_from_the_build_fails_the_bundle_naming_it(tmp_path):
    config = json.dumps({"files": {"./py/tablecheck/gone.py": "./tablecheck/gone.py"}})
    with pytest.raises(build.BuildError, match="py/files.json.*py/tablecheck/gone.py"):
        build.package_files(config, tmp_path)


def test_index_html_loads_only_relative_same_site_files(site):
    out, _ = site
    html = (out / "index.html").read_text()
    refs = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert refs
    config = engine_config(html)
    refs += [config["interpreter"], *config["files"]]
    for ref in refs:
        assert ref.startswith("./"), ref  # no CDN, no root path (Pages sub-path)
        assert (out / ref).is_file(), ref


def engine_config(page):
    """The config of the page's <script type="py">, inline JSON."""
    tags = re.findall(r'<script type="py" [^>]*config="([^"]*)"', page)
    assert len(tags) == 1
    return json.loads(html.unescape(tags[0]))


def test_the_engine_s_config_is_written_into_the_page(site):
    # PyScript fetches a config file twice (the page, then the engine's
    # worker); inline, it fetches none: the page's tag holds pyscript.json
    out, _ = site
    assert engine_config((out / "index.html").read_text()) == json.loads((out / "pyscript.json").read_text())
    assert "pyscript.json" not in (out / "index.html").read_text()


def test_a_page_without_the_config_marker_fails_the_build_naming_it():
    with pytest.raises(build.BuildError, match=r'index\.html: expected one config="\./pyscript\.json"'):
        build.inline_config("<script type=\"py\" config=\"./other.json\"></script>", "{}")


def test_same_inputs_give_the_same_hash_and_identical_files(site, tmp_path):
    out, info = site
    again = build.build(ROOT, tmp_path / "again")
    assert again["cache"] == info["cache"]
    assert again["precache"] == info["precache"]
    assert (tmp_path / "again" / "sw.js").read_bytes() == (out / "sw.js").read_bytes()


def test_a_changed_file_changes_the_cache_name(fake_root, tmp_path):
    first = build.build(fake_root, tmp_path / "one")["cache"]
    with open(fake_root / "static" / "css" / "shell.css", "a") as f:
        f.write("/* changed */\n")
    second = build.build(fake_root, tmp_path / "two")["cache"]
    assert first != second
    assert re.fullmatch(r"tablecheck-[0-9a-f]{16}", second)


def test_a_new_python_module_is_packaged_without_editing_the_build(fake_root, tmp_path):
    (fake_root / "py" / "tablecheck" / "games" / "brand_new.py").write_text("SYSTEM = None\n")
    info = build.build(fake_root, tmp_path / "out", snapshot=False)  # (the snapshot: tests below)
    assert "./py/tablecheck/games/brand_new.py" in info["precache"]
    config = json.loads((tmp_path / "out" / "pyscript.json").read_text())
    assert config["files"]["./py/tablecheck/games/brand_new.py"] == "./tablecheck/games/brand_new.py"
    bundle = json.loads((tmp_path / "out" / build.FILES_BUNDLE).read_text())
    assert bundle["files"]["./py/tablecheck/games/brand_new.py"] == "SYSTEM = None\n"


def test_a_missing_vendor_file_fails_the_build_naming_it(fake_root, tmp_path, capsys):
    (fake_root / "node_modules" / "pyodide" / "python_stdlib.zip").unlink()
    out = tmp_path / "dist"
    out.mkdir()
    (out / "previous.txt").write_text("earlier build")
    with pytest.raises(build.BuildError, match=r"vendored file missing: node_modules/pyodide/python_stdlib\.zip"):
        build.build(fake_root, out)
    assert (out / "previous.txt").is_file()  # failed before touching dist/
    assert build.main(["--root", str(fake_root), "--out", str(out)]) == 1
    assert "python_stdlib.zip" in capsys.readouterr().err


def test_a_corrupt_vendor_file_fails_the_build_naming_it(fake_root, tmp_path):
    wasm = fake_root / "node_modules" / "pyodide" / "pyodide.asm.wasm"
    data = bytearray(wasm.read_bytes())
    data[1000] ^= 0xFF
    wasm.write_bytes(bytes(data))
    with pytest.raises(build.BuildError, match=r"corrupt.*node_modules/pyodide/pyodide\.asm\.wasm"):
        build.build(fake_root, tmp_path / "dist")


def test_a_wrong_vendor_version_fails_the_build(fake_root, tmp_path):
    pkg = fake_root / "node_modules" / "pyodide" / "package.json"
    meta = json.loads(pkg.read_text())
    meta["version"] = "314.0.2"
    pkg.write_text(json.dumps(meta))
    with pytest.raises(build.BuildError, match=r"pyodide is version 314\.0\.2.*314\.0\.7"):
        build.build(fake_root, tmp_path / "dist")


def test_a_chunk_left_out_of_the_vendor_list_fails_the_build(fake_root, tmp_path):
    manifest_path = fake_root / "tools" / "vendor-files.json"
    manifest = json.loads(manifest_path.read_text())
    pyscript = manifest["packages"][0]["files"]
    # error-*.js is imported statically by py-editor, py-terminal, ...
    chunk = next(name for name in pyscript if name.startswith("error-"))
    del pyscript[chunk]
    manifest_path.write_text(json.dumps(manifest))
    with pytest.raises(build.BuildError, match=rf"vendored file missing: static/vendor/pyscript/{re.escape(chunk)}"):
        build.build(fake_root, tmp_path / "dist")


def test_a_dynamically_imported_chunk_neither_copied_nor_left_out_fails_the_build(fake_root, tmp_path):
    manifest_path = fake_root / "tools" / "vendor-files.json"
    manifest = json.loads(manifest_path.read_text())
    pyscript = manifest["packages"][0]
    chunk = next(name for name in pyscript["left_out"] if name.startswith("zip-"))
    del pyscript["left_out"][chunk]  # core imports it on demand: now unaccounted for
    manifest_path.write_text(json.dumps(manifest))
    with pytest.raises(build.BuildError, match=rf"vendored file missing: static/vendor/pyscript/{re.escape(chunk)}"):
        build.build(fake_root, tmp_path / "dist")


def test_packages_in_the_pyscript_config_fail_the_build(fake_root, tmp_path):
    (fake_root / "pyscript.json").write_text(json.dumps({"interpreter": "./x.mjs", "packages": ["numpy"]}))
    with pytest.raises(build.BuildError, match="packages"):
        build.build(fake_root, tmp_path / "dist")


def test_pinned_versions_match_package_json_and_lock():
    pkg = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    for package in VENDOR["packages"]:
        assert pkg["dependencies"][package["name"]] == package["version"]  # exact, no ^ or ~
        assert lock["packages"][f"node_modules/{package['name']}"]["version"] == package["version"]
    assert VENDOR["packages"][0]["version"] == "0.7.31"
    assert VENDOR["packages"][1]["version"] == "314.0.7"


# -- the memory snapshot (issue 13) ------------------------------------------------

def unpacked_snapshot(out):
    meta = json.loads((out / "static/vendor/snapshot/snapshot.json").read_text())
    packed = (out / "static/vendor/snapshot" / meta["file"]).read_bytes()
    return meta, packed, build.snapshot_pack.zstd_decompress(packed)


def test_the_snapshot_is_shipped_packed_and_described_by_its_json(site):
    out, info = site
    meta, packed, raw = unpacked_snapshot(out)
    assert info["snapshot"]["file"] == meta["file"] == "snapshot.bin.zst"
    assert meta["packed_bytes"] == len(packed) and meta["packed_sha256"] == hashlib.sha256(packed).hexdigest()
    assert meta["compression"] == "zstd -19" and packed[:4] == b"\x28\xb5\x2f\xfd"  # one Zstandard frame
    assert meta["bytes"] == len(raw) and meta["sha256"] == hashlib.sha256(raw).hexdigest()
    assert len(packed) < len(raw) / 6  # a packed heap compresses well
    # the size of the stdlib zip a start from the snapshot writes a placeholder of (issue 29)
    assert meta["stdlib_bytes"] == (out / "static/vendor/pyodide/python_stdlib.zip").stat().st_size > 1_000_000
    # Pyodide's header: magic, then the build id of the very pyodide.mjs shipped
    offset, build_id = build.snapshot_header(raw, "snapshot")
    assert build_id == meta["build_id"] == VENDOR["snapshot"]["build_id"]
    assert build_id == build.pyodide_build_id(out / "static/vendor/pyodide/pyodide.mjs")
    assert meta["pyodide"] == VENDOR["snapshot"]["pyodide"] == "314.0.7"
    # restorable: no larger than the interpreter's initial memory (pyodide issue 6254)
    assert len(raw) - offset == meta["heap"] <= build.wasm_initial_memory(out / "static/vendor/pyodide/pyodide.asm.wasm")
    # packed (issue 29, tools/snapshot_pack.py): where the heap's first MB still
    # holds the wasm's data segments, zeros; unpacked, the heap with its free memory zeroed
    image = build.snapshot_pack.initial_image(
        build.snapshot_pack.read_wasm((out / "static/vendor/pyodide/pyodide.asm.wasm").read_bytes()))
    assert meta["base_bytes"] == len(image) and meta["base_sha256"] == hashlib.sha256(image).hexdigest()
    shipped_base = raw[offset:offset + len(image)]
    assert shipped_base.count(0) > 0.95 * len(image) > image.count(0)
    restored = build.snapshot_pack.unpack(raw, offset, image)
    assert hashlib.sha256(restored).hexdigest() == meta["restored_sha256"]
    assert restored[:offset] == raw[:offset] and restored[offset:offset + len(image)] != shipped_base
    assert meta["free_zeroed"] > 1_000_000
    # it holds the package, recorded file by file for tablecheck.worker's check
    for rel in ("tablecheck/api.py", "tablecheck/games/dice_roller/__init__.py"):
        digest = build.sha256(out / "py" / rel).encode()
        assert rel.encode() in raw and digest in raw


def test_the_same_inputs_make_the_same_snapshot_bytes_and_the_cache_is_keyed_by_them(fake_root, tmp_path,
                                                                                      monkeypatch):
    monkeypatch.setenv("TABLECHECK_CACHE", str(tmp_path / "cache"))
    fresh = build.build(fake_root, tmp_path / "fresh")
    assert fresh["snapshot"]["source"] == "made"  # an empty cache: Node ran
    again = build.build(fake_root, tmp_path / "again")
    assert again["snapshot"]["source"] == "cached"  # no Node run for the same inputs
    assert again["snapshot"]["packed_sha256"] == fresh["snapshot"]["packed_sha256"]
    # a cache entry that went bad is made again, never shipped
    entry = tmp_path / "cache" / "snapshot" / again["snapshot"]["inputs"][:32]
    damaged = bytearray((entry / "snapshot.bin.zst").read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF
    (entry / "snapshot.bin.zst").write_bytes(bytes(damaged))
    third = build.build(fake_root, tmp_path / "third")
    assert third["snapshot"]["source"] == "made"
    # a second Node run from the same inputs: the same bytes (the normal start's bytecode too)
    for rel in ("snapshot.bin.zst", build.BYTECODE_FILE, build.BYTECODE_META):
        assert (tmp_path / "third/static/vendor/snapshot" / rel).read_bytes() == \
            (tmp_path / "fresh/static/vendor/snapshot" / rel).read_bytes(), rel
    # any package file is an input
    built = tmp_path / "fresh"
    assert build.snapshot_key(built, VENDOR) == fresh["snapshot"]["inputs"]
    with open(built / "py/tablecheck/errors.py", "a") as f:
        f.write("# changed\n")
    assert build.snapshot_key(built, VENDOR) != fresh["snapshot"]["inputs"]


def test_a_build_with_other_package_files_gets_its_own_snapshot(site, tmp_path):
    out, info = site
    omens = build.build(ROOT, tmp_path / "omens", extra_systems=[ROOT / "tests" / "sixth_game.py"])
    assert omens["snapshot"]["inputs"] != info["snapshot"]["inputs"]
    _, _, raw = unpacked_snapshot(tmp_path / "omens")
    # made from the test build's own files: the sixth game is in it
    assert b"tablecheck/games/sixth_game.py" in raw and b"tablecheck/games/_extra.py" in raw
    assert build.sha256(tmp_path / "omens/py/tablecheck/games/_extra.py").encode() in raw
    # and its catalog file has the sixth game too
    systems = json.loads((tmp_path / "omens" / build.CATALOG_FILE).read_text())["systems"]
    assert len(systems) == len(json.loads((out / build.CATALOG_FILE).read_text())["systems"]) + 1


def test_without_a_snapshot_the_json_says_why_and_nothing_else_is_shipped(fake_root, tmp_path):
    info = build.build(fake_root, tmp_path / "out", snapshot=False)
    assert info["snapshot"]["file"] is None
    meta = json.loads((tmp_path / "out/static/vendor/snapshot/snapshot.json").read_text())
    assert meta["file"] is None and "without a snapshot" in meta["reason"]
    assert meta["pyodide"] == "314.0.7"
    assert "./static/vendor/snapshot/snapshot.bin.zst" not in info["precache"]
    # no Node run, so no bytecode either: the normal start compiles (static/js/boot/pyodide.mjs)
    assert not [rel for rel in info["precache"] if "stdlib-bytecode" in rel]


def test_a_snapshot_the_interpreter_could_not_restore_is_not_shipped(fake_root, tmp_path, monkeypatch):
    monkeypatch.setattr(build, "wasm_initial_memory", lambda wasm: 16 << 20)  # smaller than the heap
    info = build.build(fake_root, tmp_path / "out")
    assert info["snapshot"]["file"] is None
    assert "6254" in info["snapshot"]["reason"]
    assert "stdlib_bytes" not in json.loads((tmp_path / "out/static/vendor/snapshot/snapshot.json").read_text())
    assert not (tmp_path / "out/static/vendor/snapshot/snapshot.bin.zst").exists()
    # the normal start it then always takes still gets its bytecode
    assert (tmp_path / "out/static/vendor/snapshot" / build.BYTECODE_FILE).is_file()


def test_a_snapshot_recorded_for_another_pyodide_version_fails_the_build_naming_the_file(fake_root, tmp_path):
    manifest_path = fake_root / "tools" / "vendor-files.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["snapshot"]["pyodide"] = "314.0.2"
    manifest_path.write_text(json.dumps(manifest))
    with pytest.raises(build.BuildError, match=r"tools/vendor-files\.json: .*Pyodide 314\.0\.2.*314\.0\.7"):
        build.build(fake_root, tmp_path / "dist")


def test_a_pyodide_build_id_other_than_the_recorded_one_fails_the_build_naming_the_file(fake_root, tmp_path):
    manifest_path = fake_root / "tools" / "vendor-files.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["snapshot"]["build_id"] = "0" * 64
    manifest_path.write_text(json.dumps(manifest))
    with pytest.raises(build.BuildError, match=r"node_modules/pyodide/pyodide\.mjs: Pyodide build id [0-9a-f]{64} "
                                               r"differs from the one tools/vendor-files\.json records"):
        build.build(fake_root, tmp_path / "dist")


def test_the_build_ships_the_catalog_the_package_answers(site):
    # the page draws the form from it before Python is up (issue 13)
    sys.path.insert(0, str(ROOT / "py"))
    from tablecheck import api
    out, info = site
    shipped = json.loads((out / build.CATALOG_FILE).read_text(encoding="utf-8"))
    assert shipped == json.loads(json.dumps(api.catalog()))
    assert "./" + build.CATALOG_FILE in info["precache"]


# -- the normal start's bytecode (issue 13: the fallback) ---------------------------

def _flags(pyc):
    return int.from_bytes(pyc[4:8], "little")  # PEP 552: bit 0 hash-based, bit 1 checked


def test_the_normal_start_gets_the_stdlib_zip_with_bytecode_appended(site):
    out, info = site
    meta = json.loads((out / "static/vendor/snapshot" / build.BYTECODE_META).read_text())
    tail = (out / "static/vendor/snapshot" / meta["file"]).read_bytes()
    stock = (out / "static/vendor/pyodide/python_stdlib.zip").read_bytes()
    assert meta["bytes"] == len(tail) and meta["sha256"] == hashlib.sha256(tail).hexdigest()
    assert meta["stdlib"] == "python_stdlib.zip"
    assert meta["stdlib_bytes"] == len(stock) and meta["stdlib_sha256"] == hashlib.sha256(stock).hexdigest()
    assert (meta["pyodide"], meta["build_id"]) == (VENDOR["snapshot"]["pyodide"], VENDOR["snapshot"]["build_id"])
    assert "./static/vendor/snapshot/" + meta["file"] in info["precache"]  # offline too
    # the stock zip's first `prefix` bytes and the tail: one zip, every stock entry in it unchanged
    whole = zipfile.ZipFile(io.BytesIO(stock[:meta["prefix"]] + tail))
    assert meta["zip_bytes"] == meta["prefix"] + len(tail)
    assert whole.testzip() is None
    stock_zip = zipfile.ZipFile(io.BytesIO(stock))
    for entry in stock_zip.infolist():
        assert whole.read(entry.filename) == stock_zip.read(entry.filename), entry.filename
    added = sorted(set(whole.namelist()) - set(stock_zip.namelist()))
    assert all(name.endswith(".pyc") for name in added)
    # the stdlib modules a start imports (Pyodide's bootstrap, PyScript's, the
    # rules'), unchecked hash-based, beside their sources
    stdlib = [n for n in added if not n.startswith(("tablecheck/", "pyscript/"))]
    assert len(stdlib) == meta["modules"]["stdlib"] > 100
    for name in ("json/__init__.pyc", "asyncio/__init__.pyc", "html/__init__.pyc", "inspect.pyc",
                 "pyodide/__init__.pyc", "zipfile/__init__.pyc"):
        assert name in stdlib, name
    for name in stdlib:
        assert name[:-1] in stock_zip.namelist()
        assert _flags(whole.read(name)) == 0b01, name
    # the rules and PyScript's package: checked against the sources PyScript writes
    package = sorted(p.relative_to(out / "py").as_posix() for p in (out / "py/tablecheck").rglob("*.py"))
    tag = "cpython-314"
    for rel in package:
        folder, name = rel.rsplit("/", 1)
        pyc = f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc"
        assert pyc in added and _flags(whole.read(pyc)) == 0b11, pyc
    assert len(package) == meta["modules"]["package"]
    pyscript = [n for n in added if n.startswith("pyscript/__pycache__/")]
    assert len(pyscript) == meta["modules"]["pyscript"] > 5
    # all compiled by the vendored Pyodide's Python (3.14), not this one
    magics = {whole.read(n)[:4] for n in added}
    assert len(magics) == 1 and magics != {importlib_magic()}


def importlib_magic():
    import importlib.util
    return importlib.util.MAGIC_NUMBER
