#!/usr/bin/env python3
"""Build the deployable static site into dist/.

    python3 tools/build.py [--out DIR] [--root DIR]

Writes: index.html (with pyscript.json's content as its engine's inline
config), manifest.webmanifest, pyscript.json (generated: the
vendored interpreter plus every .py file of py/tablecheck/), py/ (the worker
entry and the package, and py/files.json: the config's files in one file,
see package_files), static/ (JS, CSS, icons) with static/vendor/ (only
the PyScript and Pyodide files a page needs, copied from node_modules and
checked against tools/vendor-files.json), and sw.js generated from the
root sw.js template: its precache list is every other file of dist/ and its
cache name a content hash of them. Same inputs -> byte-identical dist/.

A vendored file that is missing or differs from its recorded SHA-256 stops
the build with a message naming it (exit status 1), so the page never meets
it at run time. Standard library only (plus Node, already there for npm, to
make the memory snapshot).

Memory snapshot (issue 13): tools/snapshot.mjs boots the vendored Pyodide in
Node, imports the built py/tablecheck/ and builds the catalog, and dumps the
interpreter's memory; the build packs it (tools/snapshot_pack.py: the wasm's
data segments XORed out, free memory zeroed) and compresses it (zstd) into
static/vendor/snapshot/ with snapshot.json (Pyodide version and build id,
sizes, SHA-256 of both forms, the initial memory's size and SHA-256).
It is keyed to its inputs (the script, Node's version, the vendored Pyodide,
every shipped package file): a build with other py files (e.g. the tests'
`extra_systems`) gets its own snapshot, never another's. Snapshots are kept
in .cache/snapshot/ (or $TABLECHECK_CACHE/snapshot/) by the hash of their
inputs, so rebuilding the same files costs no Node run. A snapshot that
could not be restored (its heap larger than the wasm's initial memory, Pyodide
issue 6254) is not shipped: snapshot.json then says why, and the page starts
Pyodide the normal way. `--no-snapshot` / `build(snapshot=False)` does the
same on purpose.

The normal start's bytecode (issue 13, the fallback): the same Node run
compiles, with the vendored Pyodide's own Python, the stdlib modules a start
imports, the package and PyScript's package into .pyc files appended to a
copy of the stdlib zip; static/vendor/snapshot/stdlib-bytecode.bin is what
follows the stock zip's first `prefix` bytes, described (sizes, SHA-256s,
Pyodide version) by stdlib-bytecode.json. Cached with the snapshot; shipped
also when the snapshot is not (6254), not with `--no-snapshot` (no Node run).
"""

import argparse
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import snapshot_pack  # noqa: E402  (tools/snapshot_pack.py)

ROOT = Path(__file__).resolve().parent.parent
TOOLS = Path(__file__).resolve().parent

# Site files copied as they are (relative to the repository root).
PAGE_FILES = ["index.html", "manifest.webmanifest"]
ENGINE_ENTRY = "py/engine.py"
PACKAGE_DIR = "py/tablecheck"
STATIC_DIR = "static"
SW_TEMPLATE = "sw.js"
CONFIG_TEMPLATE = "pyscript.json"
VENDOR_MANIFEST = "tools/vendor-files.json"
# Written by the build, never copied from the source tree.
VENDOR_OUT = "static/vendor"
SKIP_NAMES = {"__pycache__", ".DS_Store"}
SKIP_SUFFIXES = (".pyc", ".map", "~")


class BuildError(Exception):
    """A problem that must stop the build; the message names the file."""


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _wanted(path):
    return not (path.name in SKIP_NAMES or path.name.endswith(SKIP_SUFFIXES)
                or any(part in SKIP_NAMES for part in path.parts))


def load_vendor_manifest(root):
    path = root / VENDOR_MANIFEST
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BuildError(f"{VENDOR_MANIFEST} is missing") from None
    except ValueError as exc:
        raise BuildError(f"{VENDOR_MANIFEST} is not valid JSON: {exc}") from None


def check_vendor(root, manifest):
    """Return [(source Path, dist-relative str)] after checking every vendored
    file exists, is non-empty and matches its recorded SHA-256."""
    problems = []
    pairs = []
    for package in manifest["packages"]:
        pkg_dir = root / "node_modules" / package["name"]
        pkg_json = pkg_dir / "package.json"
        if not pkg_json.is_file():
            problems.append(f"node_modules/{package['name']} is not installed (run `npm ci`)")
            continue
        version = json.loads(pkg_json.read_text(encoding="utf-8")).get("version")
        if version != package["version"]:
            problems.append(f"node_modules/{package['name']} is version {version}, "
                            f"the build needs {package['version']} exactly (run `npm ci`)")
            continue
        for rel, digest in sorted(package["files"].items()):
            src = pkg_dir / package["dir"] / rel
            shown = src.relative_to(root).as_posix()
            if not src.is_file():
                problems.append(f"vendored file missing: {shown}")
            elif src.stat().st_size == 0:
                problems.append(f"vendored file empty: {shown}")
            elif sha256(src) != digest:
                problems.append(f"vendored file corrupt (SHA-256 differs from {VENDOR_MANIFEST}): {shown}")
            else:
                pairs.append((src, f"{VENDOR_OUT}/{package['out']}/{rel}"))
    if not problems:
        left_out = {f"{VENDOR_OUT}/{p['out']}/{rel}" for p in manifest["packages"]
                    for rel in p.get("left_out", {})}
        problems = missing_imports(root, pairs, left_out)
    if problems:
        raise BuildError("\n".join(problems))
    return pairs


STATIC_IMPORT = re.compile(r'(?:\bfrom\s*|\bimport\s*)["\'](\./[^"\']+)["\']')
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*["\'](\./[^"\']+)["\']\s*\)')


def missing_imports(root, pairs, left_out):
    """A vendored ES module importing a sibling that is not copied would fail
    in the browser: name it now. Static imports must all be copied; a dynamic
    import may instead be listed under "left_out" (with the reason) in
    tools/vendor-files.json, i.e. a plugin the page never uses."""
    copied = {rel for _, rel in pairs}
    problems = []
    for src, rel in pairs:
        if not rel.endswith((".js", ".mjs")):
            continue
        text = src.read_text(encoding="utf-8", errors="replace")
        base = rel.rsplit("/", 1)[0]
        shown = src.relative_to(root).as_posix()
        for pattern, allowed in ((STATIC_IMPORT, set()), (DYNAMIC_IMPORT, left_out)):
            for target in sorted(set(pattern.findall(text))):
                wanted = f"{base}/{target[2:]}"
                if wanted not in copied and wanted not in allowed:
                    problems.append(f"vendored file missing: {wanted} (imported by {shown}; "
                                    f"add it to {VENDOR_MANIFEST}, or to left_out if never used)")
    return problems


def site_sources(root):
    """[(source Path, dist-relative str)] of the project's own site files."""
    pairs = []
    for rel in PAGE_FILES + [ENGINE_ENTRY]:
        src = root / rel
        if not src.is_file():
            raise BuildError(f"site file missing: {rel}")
        pairs.append((src, rel))
    package = root / PACKAGE_DIR
    if not (package / "__init__.py").is_file():
        raise BuildError(f"site file missing: {PACKAGE_DIR}/__init__.py")
    for src in sorted(package.rglob("*.py")):
        if _wanted(src.relative_to(root)):
            pairs.append((src, src.relative_to(root).as_posix()))
    static = root / STATIC_DIR
    for src in sorted(static.rglob("*")):
        rel = src.relative_to(root)
        if src.is_file() and _wanted(rel) and not rel.as_posix().startswith(VENDOR_OUT + "/"):
            pairs.append((src, rel.as_posix()))
    return pairs


def pyscript_config(root, py_files):
    """The PyScript config: the template plus every package file, mapped to
    the worker's file system (its working directory is on sys.path)."""
    try:
        config = json.loads((root / CONFIG_TEMPLATE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BuildError(f"site file missing: {CONFIG_TEMPLATE}") from None
    if config.get("packages"):
        raise BuildError(f"{CONFIG_TEMPLATE}: 'packages' would make PyScript fetch micropip from a CDN")
    files = {}
    for rel in sorted(py_files):
        files["./" + rel] = "./" + rel[len("py/"):]
    config["files"] = files
    return json.dumps(config, indent=2, sort_keys=True) + "\n"


FILES_BUNDLE = "py/files.json"
FILES_FORMAT = 1


def package_files(config, out):
    """py/files.json: every file of the config, its text by the config's
    name for it ({format, files: {"./py/tablecheck/api.py": text}}), from
    the very files written to `out`. static/js/boot/pyodide.mjs answers
    PyScript's fetch of each file from it: one request instead of one per
    file (issue 29: 110 requests cost the start CPU and round trips)."""
    files = {}
    for source in json.loads(config)["files"]:
        rel = source[len("./"):]
        try:
            files[source] = (out / rel).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise BuildError(f"{FILES_BUNDLE}: the config's file {rel} is not in the build") from None
    return json.dumps({"format": FILES_FORMAT, "files": files}, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":")) + "\n"


CONFIG_ATTR = 'config="./pyscript.json"'


def inline_config(page, config):
    """index.html with the engine's config written into its <script type="py">
    (`config` attribute, JSON): PyScript then fetches no config, where a
    config file is fetched twice, by the page and again by the engine's
    worker. pyscript.json is still written (the file the config comes
    from, for anyone reading the build; no start fetches it)."""
    if page.count(CONFIG_ATTR) != 1:
        raise BuildError(f"index.html: expected one {CONFIG_ATTR} to write the config into")
    compact = json.dumps(json.loads(config), separators=(",", ":"), sort_keys=True)
    return page.replace(CONFIG_ATTR, f'config="{html.escape(compact, quote=True)}"')


def build_hash(out, rels):
    h = hashlib.sha256()
    for rel in sorted(rels):
        h.update(rel.encode("utf-8") + b"\0" + sha256(out / rel).encode("ascii") + b"\n")
    return h.hexdigest()


def render_sw(template, cache_name, precache):
    marker_list, marker_name = "/*__PRECACHE__*/[]", "__CACHE_NAME__"
    for marker in (marker_list, marker_name):
        if marker not in template:
            raise BuildError(f"{SW_TEMPLATE}: template marker {marker} not found")
    listing = json.dumps(precache, indent=2)
    return template.replace(marker_list, listing).replace(marker_name, cache_name)


EXTRA_LIST = PACKAGE_DIR + "/games/_extra.py"

# -- the memory snapshot -------------------------------------------------------

SNAPSHOT_SCRIPT = TOOLS / "snapshot.mjs"  # part of the build tool, not of the site
SNAPSHOT_OUT = VENDOR_OUT + "/snapshot"
SNAPSHOT_FILE = "snapshot.bin.zst"
SNAPSHOT_META = "snapshot.json"
SNAPSHOT_FORMAT = 3  # bump when what goes into a snapshot changes (3: packed, tools/snapshot_pack.py)
SNAPSHOT_MAGIC = 0x706E7300  # Pyodide's header: "\0snp" (src/js/snapshot.ts)
SNAPSHOT_HEADER = 48  # magic, offset, json length, padding, 32-byte build id
SNAPSHOT_CACHE_KEEP = 12  # newest entries kept in the cache
SNAPSHOT_NODE_TIMEOUT = 300
# the normal start's bytecode (made by the same Node run): what follows the
# stock stdlib zip's first `prefix` bytes to make a zip with .pyc files in it
BYTECODE_FILE = "stdlib-bytecode.bin"
BYTECODE_META = "stdlib-bytecode.json"
BYTECODE_FORMAT = 1
STDLIB_ZIP = "python_stdlib.zip"
WASM_PAGE = 65536


def cache_dir():
    """Where built snapshots are kept: $TABLECHECK_CACHE or .cache/ beside tools/."""
    return Path(os.environ.get("TABLECHECK_CACHE") or TOOLS.parent / ".cache") / "snapshot"


def pyodide_package(manifest):
    for package in manifest["packages"]:
        if package["name"] == "pyodide":
            return package
    raise BuildError(f"{VENDOR_MANIFEST}: no pyodide package")


def pyscript_package(manifest):
    for package in manifest["packages"]:
        if package["name"] == "@pyscript/core":
            return package
    raise BuildError(f"{VENDOR_MANIFEST}: no @pyscript/core package")


def pyodide_build_id(mjs):
    """The BUILD_ID Pyodide stamps into pyodide.mjs (hash of its asm.mjs and
    .wasm); a snapshot carries it in its header and restores only with it."""
    found = re.findall(r'BUILD_ID:"([0-9a-f]{64})"', mjs.read_text(encoding="utf-8", errors="replace"))
    if len(set(found)) != 1:
        raise BuildError(f"{mjs}: cannot find Pyodide's BUILD_ID (a Pyodide other than the one "
                         f"{VENDOR_MANIFEST} records?)")
    return found[0]


def wasm_initial_memory(wasm):
    """Bytes of linear memory the module starts with (its memory section)."""
    data = wasm.read_bytes()
    i = 8
    while i < len(data):
        section, i = data[i], i + 1
        size, i = snapshot_pack.leb128(data, i)
        if section == 5:  # memory: count, then limits (flags, min pages, [max])
            _, j = snapshot_pack.leb128(data, i)
            pages, _ = snapshot_pack.leb128(data, j + 1)
            return pages * WASM_PAGE
        i += size
    raise BuildError(f"{wasm}: no memory section (imported memory is not supported)")


def snapshot_header(raw, shown):
    """(offset of the heap, build id) from a raw snapshot's header."""
    if len(raw) < SNAPSHOT_HEADER or int.from_bytes(raw[0:4], "little") != SNAPSHOT_MAGIC:
        raise BuildError(f"{shown}: not a Pyodide memory snapshot (bad magic number)")
    offset = int.from_bytes(raw[4:8], "little")
    words = [int.from_bytes(raw[16 + 4 * k:20 + 4 * k], "little") for k in range(8)]
    return offset, "".join(f"{w:08x}" for w in words)


_NODE_VERSION = {}


def node_version():
    if "v" not in _NODE_VERSION:
        node = shutil.which("node")
        if not node:
            raise BuildError("node not found: it makes the memory snapshot (install Node: tools/setup.sh)")
        done = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
        _NODE_VERSION["v"] = (node, done.stdout.strip())
    return _NODE_VERSION["v"]


def snapshot_key(out, manifest):
    """SHA-256 of everything the snapshot is made from: the script and its
    packing (tools/snapshot_pack.py), Node's
    version, the vendored Pyodide and PyScript (recorded hashes, checked
    before; PyScript's bundle holds the Python package compiled into the
    snapshot), and every package file the site ships (path and content)."""
    h = hashlib.sha256(f"tablecheck-snapshot {SNAPSHOT_FORMAT}\n".encode())
    h.update(sha256(SNAPSHOT_SCRIPT).encode() + b"\n")
    h.update(sha256(Path(snapshot_pack.__file__)).encode() + b"\n")
    h.update(snapshot_pack.zstd_version().encode() + b"\n")
    h.update(node_version()[1].encode() + b"\n")
    for package in [pyodide_package(manifest), pyscript_package(manifest)]:
        h.update(f"{package['name']} {package['version']}\n".encode())
        for rel, digest in sorted(package["files"].items()):
            h.update(f"{rel} {digest}\n".encode())
    base = out / PACKAGE_DIR
    for path in sorted(base.rglob("*.py")):
        h.update(f"{path.relative_to(out).as_posix()} {sha256(path)}\n".encode())
    return h.hexdigest()


def check_snapshot_pyodide(manifest, vendor_dir):
    """The snapshot section of tools/vendor-files.json, the vendored Pyodide's
    version and its BUILD_ID must agree: else the build fails, naming the file."""
    package = pyodide_package(manifest)
    recorded = manifest.get("snapshot")
    if not recorded:
        raise BuildError(f"{VENDOR_MANIFEST}: no \"snapshot\" section (the Pyodide build the "
                         f"memory snapshot is made for; `tools/build.py --record-vendor` writes it)")
    if recorded.get("pyodide") != package["version"]:
        raise BuildError(f"{VENDOR_MANIFEST}: the memory snapshot is recorded for Pyodide "
                         f"{recorded.get('pyodide')}, node_modules/pyodide is {package['version']} "
                         f"(re-record with `tools/build.py --record-vendor`)")
    build_id = pyodide_build_id(vendor_dir / "pyodide.mjs")
    if recorded.get("build_id") != build_id:
        raise BuildError(f"node_modules/pyodide/pyodide.mjs: Pyodide build id {build_id} differs from "
                         f"the one {VENDOR_MANIFEST} records for the memory snapshot "
                         f"({recorded.get('build_id')}); re-record with `tools/build.py --record-vendor`")
    return package["version"], build_id


def _run_snapshot_script(vendor_dir, py_dir, raw_path, pyscript_dir, bytecode_path):
    """Run Node; return what it printed last (one JSON line), as a dict."""
    node, _ = node_version()
    try:
        done = subprocess.run([node, str(SNAPSHOT_SCRIPT), str(vendor_dir), str(py_dir), str(raw_path),
                               str(pyscript_dir), str(bytecode_path)],
                              capture_output=True, text=True, timeout=SNAPSHOT_NODE_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise BuildError(f"{SNAPSHOT_SCRIPT.name}: no snapshot after {SNAPSHOT_NODE_TIMEOUT} s") from None
    if done.returncode != 0 or not raw_path.is_file():
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-15:])
        raise BuildError(f"tools/{SNAPSHOT_SCRIPT.name} failed (exit {done.returncode}) making the "
                         f"memory snapshot:\n{tail}")
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        raise BuildError(f"tools/{SNAPSHOT_SCRIPT.name}: no summary line on its output") from None


def _new_snapshot(out, vendor_dir, version, build_id, key, entry, manifest):
    """Run Node, check the result and write it as a cache entry (atomically)."""
    began = time.monotonic()
    cache = entry.parent
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".new-", dir=cache))
    try:
        raw_path = work / "snapshot.bin"
        summary = _run_snapshot_script(vendor_dir, out / "py", raw_path,
                                       out / VENDOR_OUT / pyscript_package(manifest)["out"], work / BYTECODE_FILE)
        raw = raw_path.read_bytes()
        raw_path.unlink()
        offset, made_for = snapshot_header(raw, f"tools/{SNAPSHOT_SCRIPT.name} output")
        if made_for != build_id:
            raise BuildError(f"tools/{SNAPSHOT_SCRIPT.name}: the snapshot is for Pyodide build {made_for}, "
                             f"the vendored pyodide.mjs is build {build_id}")
        try:  # the wasm's data segments XORed out, free memory zeroed (tools/snapshot_pack.py)
            shipped, packing = snapshot_pack.pack(raw, offset, (vendor_dir / "pyodide.asm.wasm").read_bytes())
            packed = snapshot_pack.zstd_compress(shipped)
        except snapshot_pack.PackError as error:
            raise BuildError(f"the memory snapshot cannot be packed: {error}") from None
        (work / SNAPSHOT_FILE).write_bytes(packed)
        meta = {"format": SNAPSHOT_FORMAT, "pyodide": version, "build_id": build_id, "inputs": key,
                "heap": len(raw) - offset, "file": SNAPSHOT_FILE,
                "bytes": len(shipped), "sha256": hashlib.sha256(shipped).hexdigest(), **packing,
                "compression": f"zstd -{snapshot_pack.ZSTD_LEVEL}",
                "packed_bytes": len(packed), "packed_sha256": hashlib.sha256(packed).hexdigest(),
                "bytecode": _bytecode_meta(work / BYTECODE_FILE, vendor_dir / STDLIB_ZIP, summary.get("bytecode")),
                "made_ms": round((time.monotonic() - began) * 1000)}
        (work / SNAPSHOT_META).write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        try:
            os.replace(work, entry)  # another build may have made the same entry meanwhile: either is right
        except OSError:
            if not _cached_meta(entry, key):
                raise
        return meta
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _bytecode_meta(tail_path, stock_path, summary):
    """What stdlib-bytecode.json says of a bytecode tail (see tools/snapshot.mjs)."""
    if not summary or not tail_path.is_file():
        raise BuildError(f"tools/{SNAPSHOT_SCRIPT.name}: no bytecode for the normal start")
    stock = stock_path.read_bytes()
    tail = tail_path.read_bytes()
    prefix = summary["prefix"]
    if not 0 < prefix <= len(stock) or prefix + len(tail) != summary["zip_bytes"]:
        raise BuildError(f"tools/{SNAPSHOT_SCRIPT.name}: the bytecode does not fit {stock_path.name}")
    return {"format": BYTECODE_FORMAT, "file": BYTECODE_FILE, "bytes": len(tail),
            "sha256": hashlib.sha256(tail).hexdigest(), "prefix": prefix,
            "stdlib": STDLIB_ZIP, "stdlib_bytes": len(stock), "stdlib_sha256": hashlib.sha256(stock).hexdigest(),
            "zip_bytes": summary["zip_bytes"],
            "modules": {k: summary[k] for k in ("stdlib", "package", "pyscript")}}


def _cached_meta(entry, key):
    """The cache entry's snapshot.json if the entry is whole and for `key`, else None."""
    try:
        meta = json.loads((entry / SNAPSHOT_META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if meta.get("inputs") != key or meta.get("format") != SNAPSHOT_FORMAT:
        return None
    packed = entry / str(meta.get("file"))
    if not packed.is_file() or sha256(packed) != meta.get("packed_sha256"):
        return None
    bytecode = meta.get("bytecode") or {}
    tail = entry / str(bytecode.get("file"))
    if not tail.is_file() or sha256(tail) != bytecode.get("sha256"):
        return None
    return meta


def _prune_cache(cache, keep=SNAPSHOT_CACHE_KEEP):
    """Keep the `keep` most recently used entries (other builds may be
    pruning or renaming at the same time: vanished files are fine)."""
    def mtime(path):
        try:
            return path.stat().st_mtime
        except OSError:
            return None
    entries = [(mtime(p), p) for p in cache.iterdir() if not p.name.startswith(".")]
    entries = sorted((e for e in entries if e[0] is not None), reverse=True)
    for _, old in entries[keep:]:
        shutil.rmtree(old, ignore_errors=True)
    for stale in cache.glob(".new-*"):
        when = mtime(stale)
        if when is not None and time.time() - when > 3600:  # left by a build that was killed
            shutil.rmtree(stale, ignore_errors=True)


def add_snapshot(out, manifest, enabled=True):
    """Write static/vendor/snapshot/ into the build `out` (after its package
    and vendored files are in place); return snapshot.json's content plus
    where it came from ("cached"/"made"/"off")."""
    target = out / SNAPSHOT_OUT
    target.mkdir(parents=True, exist_ok=True)
    vendor_dir = out / VENDOR_OUT / pyodide_package(manifest)["out"]
    version, build_id = check_snapshot_pyodide(manifest, vendor_dir)
    bytecode = None
    if not enabled:
        meta = {"format": SNAPSHOT_FORMAT, "pyodide": version, "build_id": build_id, "file": None,
                "reason": "this build was made without a snapshot (--no-snapshot)"}
        source = "off"
    else:
        key = snapshot_key(out, manifest)
        entry = cache_dir() / key[:32]
        meta = _cached_meta(entry, key)
        source = "cached"
        if meta is None:
            shutil.rmtree(entry, ignore_errors=True)
            meta = _new_snapshot(out, vendor_dir, version, build_id, key, entry, manifest)
            source = "made"
        else:
            os.utime(entry)  # most recently used: pruned last
        if meta["pyodide"] != version or meta["build_id"] != build_id:  # cannot happen: keyed on Pyodide
            raise BuildError(f"{entry / SNAPSHOT_META}: snapshot for Pyodide {meta['pyodide']} build "
                             f"{meta['build_id']}, the vendored one is {version} build {build_id}")
        bytecode = dict(meta["bytecode"], pyodide=version, build_id=build_id)
        shutil.copyfile(entry / bytecode["file"], target / bytecode["file"])
        (target / BYTECODE_META).write_text(json.dumps(bytecode, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        initial = wasm_initial_memory(vendor_dir / "pyodide.asm.wasm")
        if meta["heap"] > initial:
            # restoring it would throw "offset is out of bounds" (pyodide issue
            # 6254): ship none rather than a snapshot that always fails
            meta = {k: v for k, v in meta.items() if k in ("format", "pyodide", "build_id", "inputs", "heap")}
            meta.update(file=None, initial_memory=initial, reason=(
                f"the heap after import ({meta['heap']} bytes) is larger than the interpreter's initial "
                f"memory ({initial} bytes): Pyodide cannot restore it (pyodide issue 6254)"))
        else:
            shutil.copyfile(entry / meta["file"], target / meta["file"])
        _prune_cache(entry.parent)
    shipped = {k: v for k, v in meta.items() if k not in ("made_ms", "bytecode")}
    if shipped.get("file"):
        # the size of the stdlib zip the snapshot's zipimport directory is of: a
        # start from the snapshot writes a placeholder of this size and fetches
        # the zip only when an import needs it (static/js/boot/pyodide.mjs)
        shipped["stdlib_bytes"] = (vendor_dir / STDLIB_ZIP).stat().st_size
    (target / SNAPSHOT_META).write_text(json.dumps(shipped, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return {**meta, "source": source, "bytecode": bytecode}


CATALOG_FILE = "catalog.json"  # beside pyscript.json: generated, not a file of static/
# Run in a fresh CPython on the built package (so a test build's extra
# systems are in it): the catalog's JSON text as tablecheck.worker answers it.
_CATALOG_CODE = ("import json, sys\n"
                 "from tablecheck import api\n"
                 "sys.stdout.write(json.dumps(api.catalog(), allow_nan=False))\n")


def write_catalog(out):
    """Write the catalog the built package answers to catalog.json: the
    page draws the form from it before Python is up (issue 13). The engine's
    own catalog still decides: the page compares the two once it answers."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": ""}
    done = subprocess.run([sys.executable, "-c", _CATALOG_CODE], cwd=str(Path(out) / "py"),
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-15:])
        raise BuildError(f"{CATALOG_FILE}: the built package's catalog failed:\n{tail}")
    (Path(out) / CATALOG_FILE).write_text(done.stdout, encoding="utf-8")


def build(root=ROOT, out=None, extra_systems=(), snapshot=True):
    """Build the site; return a dict with the cache name and precache list
    (and `snapshot`: what snapshot.json says, plus its `source`).

    `extra_systems`: paths of system modules to add (tests only: a sixth
    game shown by the real page with no change under static/); the build
    then makes the snapshot of those files (cached like any other).
    `snapshot=False`: ship no memory snapshot (the page boots Pyodide)."""
    root = Path(root)
    out = Path(out) if out else root / "dist"
    manifest = load_vendor_manifest(root)
    vendor = check_vendor(root, manifest)  # fail before touching dist/
    sources = site_sources(root)
    generated = {}
    if extra_systems:
        extra = [Path(p) for p in extra_systems]
        sources += [(p, f"{PACKAGE_DIR}/games/{p.name}") for p in extra]
        generated[EXTRA_LIST] = ("# written by tools/build.py for a test build\n"
                                 f"MODULES = {[f'tablecheck.games.{p.stem}' for p in extra]!r}\n")
    config = pyscript_config(root, [rel for _, rel in sources
                                    if rel.startswith(PACKAGE_DIR + "/")] + list(generated))
    try:
        template = (root / SW_TEMPLATE).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BuildError(f"site file missing: {SW_TEMPLATE}") from None

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for src, rel in sources + vendor:
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
    for rel, text in generated.items():
        (out / rel).write_text(text, encoding="utf-8")
    (out / CONFIG_TEMPLATE).write_text(config, encoding="utf-8")
    (out / FILES_BUNDLE).write_text(package_files(config, out), encoding="utf-8")
    page = out / "index.html"
    page.write_text(inline_config(page.read_text(encoding="utf-8"), config), encoding="utf-8")
    snapshot_info = add_snapshot(out, manifest, enabled=snapshot)
    write_catalog(out)

    rels = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = build_hash(out, rels)
    # the template is part of what the service worker does: hash it too
    digest = hashlib.sha256((digest + sha256(root / SW_TEMPLATE)).encode()).hexdigest()
    cache_name = "tablecheck-" + digest[:16]
    precache = ["./" + rel for rel in rels]
    (out / "sw.js").write_text(render_sw(template, cache_name, precache), encoding="utf-8")
    size = sum((out / rel).stat().st_size for rel in rels)
    return {"out": str(out), "cache": cache_name, "precache": precache, "bytes": size,
            "snapshot": snapshot_info}


def record_vendor(root=ROOT):
    """Re-record tools/vendor-files.json from node_modules (after a deliberate
    version bump; review the diff)."""
    path = root / VENDOR_MANIFEST
    manifest = json.loads(path.read_text(encoding="utf-8"))
    for package in manifest["packages"]:
        base = root / "node_modules" / package["name"] / package["dir"]
        package["files"] = {rel: sha256(base / rel) for rel in sorted(package["files"])}
        if package["name"] == "pyodide":
            manifest["snapshot"] = {"pyodide": package["version"],
                                    "build_id": pyodide_build_id(base / "pyodide.mjs")}
    path.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(ROOT))
    parser.add_argument("--out", default=None)
    parser.add_argument("--record-vendor", action="store_true",
                        help="rewrite the SHA-256 sums in tools/vendor-files.json")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="ship no memory snapshot (the page starts Pyodide the normal way)")
    args = parser.parse_args(argv)
    try:
        if args.record_vendor:
            record_vendor(Path(args.root))
        info = build(Path(args.root), args.out, snapshot=not args.no_snapshot)
    except BuildError as exc:
        print(f"build failed:\n{exc}", file=sys.stderr)
        return 1
    print(f"built {info['out']}: {len(info['precache'])} files, "
          f"{info['bytes'] / 1e6:.1f} MB, cache {info['cache']}")
    snap = info["snapshot"]
    if snap.get("file"):
        how = {"cached": "from .cache/snapshot", "made": f"made in {snap.get('made_ms', 0) / 1000:.1f} s"}
        print(f"memory snapshot: {snap['bytes'] / 1e6:.1f} MB, {snap['packed_bytes'] / 1e6:.2f} MB zstd "
              f"({how.get(snap['source'], snap['source'])})")
    else:
        print(f"memory snapshot: none shipped: {snap.get('reason')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
