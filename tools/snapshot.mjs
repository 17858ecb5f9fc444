// Make the Pyodide memory snapshot the page starts from (issue 13).
//
//   node tools/snapshot.mjs PYODIDE_DIR PY_DIR OUT_FILE [PYSCRIPT_DIR]
//
// PYODIDE_DIR: the vendored Pyodide (pyodide.mjs, pyodide.asm.*, stdlib zip,
//              lock file), exactly the files the site ships.
// PY_DIR:      the built site's py/ directory: its tablecheck/ package is
//              written to the same place PyScript writes it in the browser
//              (/home/pyodide/tablecheck/, the worker's working directory).
// OUT_FILE:    the raw snapshot (tools/build.py gzips it and records hashes).
// PYSCRIPT_DIR: the vendored PyScript (its core bundle holds the sources of
//              the `pyscript` package it writes into the worker at each start).
// BYTECODE_FILE: where to write the bytecode for the normal start (below).
//
// The snapshot is taken after `from tablecheck import api, worker; api.catalog()`
// (tablecheck.worker: what py/engine.py exports, compiled here, not at each start).
// It also holds a module `_tablecheck_snapshot` recording the SHA-256 of
// every package file it was made from: tablecheck.worker.start() compares them with the
// files PyScript wrote after the restore, so a snapshot never runs rules
// other than the ones shipped.
//
// It also does ahead of time what PyScript's own set-up costs in every worker
// (issue 13, measured: about half a second of the restored start): the
// standard-library modules PyScript's package imports are imported here (the
// stdlib zip holds sources, so `html` alone is compiled from 75 kB of source
// each time), and PyScript's package is compiled into checked-hash .pyc files
// (`_tablecheck_snapshot.PYCS`) that static/js/boot/pyodide.mjs writes into
// the worker's __pycache__ right after the restore (`install_pycs()`), before
// PyScript writes the sources and imports them. Python checks each .pyc
// against the source's hash: a PyScript that writes other sources simply
// compiles them, as it does without a snapshot.
//
// The bytecode for the normal start (the fallback, issue 13): a start without
// the snapshot compiles, from the sources in Pyodide's stdlib zip, every
// standard-library module Pyodide's own bootstrap, PyScript and the rules
// import (measured in Node: most of loadPyodide's seconds), then PyScript's
// package and the rules themselves. After the snapshot is written, a second,
// plain Pyodide compiles those modules (the ones the snapshot's interpreter
// had imported from the zip) into unchecked hash-based .pyc files and appends
// them to a copy of the stdlib zip, with the rules' and PyScript's package as
// checked hash-based .pyc files (their sources come from PyScript at run
// time: Python checks each against its source). BYTECODE_FILE gets only what
// follows the stock zip's entries (the new entries and the whole new central
// directory): the stock zip's first `prefix` bytes followed by it make the
// zip static/js/boot/pyodide.mjs hands Pyodide on a normal start.
//
// Deterministic: hash randomisation is off while the snapshot is made
// (PYTHONHASHSEED=0) and the `random` module's global generator is seeded
// with 0 before it is taken (tablecheck.worker.start() reseeds it from the OS;
// the dice never use it). Prints one JSON line: {bytes, heap, pycs, ms}.
// Uses only the vendored Pyodide and Node's standard library.

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import nodeCrypto, { createHash } from "node:crypto";

const [pyodideDir, pyDir, outFile, pyscriptDir, bytecodeFile] = process.argv.slice(2);
if (!pyodideDir || !pyDir || !outFile) {
  console.error("usage: node tools/snapshot.mjs PYODIDE_DIR PY_DIR OUT_FILE [PYSCRIPT_DIR [BYTECODE_FILE]]");
  process.exit(2);
}

const HOME = "/home/pyodide";
// PyScript writes its package here (relative to the worker's working directory)
const PYSCRIPT_DIR = `${HOME}/pyscript`;
// imported by PyScript's package (pyscript/display.py etc.) and not already by Pyodide's start
const PYSCRIPT_IMPORTS = ["html", "html.entities", "base64", "io", "json", "inspect", "asyncio", "collections", "functools"];

// PyScript's bundle writes its package into the worker from an object literal
// `{pyscript:{"__init__.py":"...",...}}` (JSON strings): read those sources
// from the vendored bundle itself, so the .pyc files are of exactly what the
// page runs. A bundle of another shape gives none (the page then compiles
// them, as without a snapshot).
function jsonString(text, at) {
  if (text[at] !== '"') return null;
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return { value: JSON.parse(text.slice(at, i + 1)), end: i + 1 };
  }
  return null;
}

function pyscriptSources() {
  if (!pyscriptDir) return {};
  for (const name of readdirSync(pyscriptDir).sort()) {
    if (!name.endsWith(".js")) continue;
    const text = readFileSync(join(pyscriptDir, name), "utf8");
    const marker = "{pyscript:{";
    const start = text.indexOf(marker);
    if (start < 0) continue;
    const out = {};
    let at = start + marker.length;
    for (;;) {
      const key = jsonString(text, at);
      if (!key || text[key.end] !== ":") return {};
      const value = jsonString(text, key.end + 1);
      if (!value) return {}; // a sub-package: not this shape
      if (key.value.endsWith(".py")) out[`${PYSCRIPT_DIR}/${key.value}`] = value.value;
      at = value.end;
      if (text[at] === ",") at++;
      else if (text[at] === "}") return out;
      else return {};
    }
  }
  return {};
}

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (name.endsWith(".py")) out.push(path);
  }
  return out;
}

// Same inputs, same bytes: while the snapshot is made, the entropy Pyodide
// draws (mimalloc's keys, the hash secret, the random module's seed) and the
// clocks (file times in MEMFS, time stamps) come from fixed sequences.
const realNow = Date.now;
const began = realNow();
let entropyCounter = 0;
function fixedEntropy(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i += 32) {
    const block = createHash("sha256").update(`tablecheck-snapshot-${entropyCounter++}`).digest();
    bytes.set(block.subarray(0, Math.min(32, bytes.length - i)), i);
  }
  return view;
}
nodeCrypto.randomFillSync = fixedEntropy;
if (globalThis.crypto) globalThis.crypto.getRandomValues = fixedEntropy;
const EPOCH_MS = Date.UTC(2000, 0, 1);
let ticks = 0;
Date.now = () => EPOCH_MS + ticks++;
performance.now = () => ticks++;

const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/",
  _makeSnapshot: true,
  env: { HOME, PYTHONHASHSEED: "0" },
  _sysExecutable: "python",
  stdout: (line) => console.error(line),
  stderr: (line) => console.error(line),
});

const packageDir = join(resolve(pyDir), "tablecheck");
for (const file of walk(packageDir)) {
  const target = `${HOME}/tablecheck/${relative(packageDir, file).split("\\").join("/")}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, readFileSync(file));
}

const scratch = pyodide.globals.get("dict")();
const pyscriptFiles = pyscriptSources();
scratch.set("PYSCRIPT_SOURCES", pyodide.toPy(pyscriptFiles));
scratch.set("PYSCRIPT_IMPORTS", pyodide.toPy(PYSCRIPT_IMPORTS));
pyodide.runPython(`
import gc, os, random, sys, types

os.chdir(${JSON.stringify(HOME)})
if "" not in sys.path:
    sys.path.insert(0, "")

from tablecheck import api, worker
import json
_catalog = api.catalog()
# the catalog as tablecheck.worker answers it: the same text for every restored start
CATALOG_JSON = json.dumps(_catalog, allow_nan=False)

# what each form asks first: its check's odds for the defaults (the rules'
# caches and the interpreter's specialised code for them are then in the
# snapshot, so a restored start answers its first odds at once)
def _first_requests(catalog):
    for system_id, system in sorted(catalog["systems"].items()):
        for check_id, check in sorted(system["checks"].items()):
            request = {"system": system_id, "check": check_id}
            for param in check.get("params", []):
                if "default" in param and param.get("type") != "object":
                    request[param["name"]] = param["default"]
            yield request

for _request in _first_requests(_catalog):
    worker.odds(json.dumps(_request))  # as the page asks; a refusal is an answer too

import importlib, importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc
for _name in PYSCRIPT_IMPORTS:
    importlib.import_module(_name)

def _pycs(sources):
    """{.pyc path: checked-hash .pyc bytes} of PyScript's package sources."""
    out = {}
    for path in sorted(sources):
        data = sources[path].encode("utf-8")
        code = compile(data, path, "exec", dont_inherit=True)
        out[importlib.util.cache_from_source(path)] = bytes(
            _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True))
    return out

_record = types.ModuleType("_tablecheck_snapshot")
_record.__doc__ = "Written by tools/snapshot.mjs: what this memory snapshot holds."
_record.SOURCES = worker.package_sources()  # the same walk its start() compares with
_record.MODULES = sorted(name for name in sys.modules if name == "tablecheck" or name.startswith("tablecheck."))
_record.PYCS = _pycs(dict(PYSCRIPT_SOURCES))
_record.CATALOG_JSON = CATALOG_JSON

def install_pycs(pycs=_record.PYCS):
    """Write PyScript's compiled package into __pycache__ (after a restore,
    before PyScript writes its sources); returns how many files."""
    for path, data in pycs.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    count = len(pycs)
    pycs.clear()  # written once: let the bytes go
    return count

_record.install_pycs = install_pycs
sys.modules["_tablecheck_snapshot"] = _record
del _record, _pycs, install_pycs, _name, PYSCRIPT_SOURCES, PYSCRIPT_IMPORTS
del _catalog, CATALOG_JSON, _first_requests, _request
# the modules imported from the stdlib zip (for the normal start's bytecode)
STDLIB_ZIP = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python3XY.zip
STDLIB_FILES = sorted({m.__file__ for m in list(sys.modules.values())
                       if isinstance(getattr(m, "__file__", None), str)
                       and m.__file__.startswith(STDLIB_ZIP + "/") and m.__file__.endswith(".py")})
random.seed(0)
gc.collect()
`, { globals: scratch });
const stdlibFiles = scratch.get("STDLIB_FILES").toJs();
scratch.destroy();

const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(outFile, snapshot);
const heap = pyodide._module.HEAP8.length;

// -- the normal start's bytecode (a second, plain interpreter: the snapshot's is done)
let bytecode = null;
if (bytecodeFile) {
  const plain = await loadPyodide({
    indexURL: resolve(pyodideDir) + "/",
    env: { HOME, PYTHONHASHSEED: "0" },
    stdout: (line) => console.error(line),
    stderr: (line) => console.error(line),
  });
  const packageFiles = [];
  for (const file of walk(packageDir)) {
    const rel = `tablecheck/${relative(packageDir, file).split("\\").join("/")}`;
    plain.FS.mkdirTree(`${HOME}/${rel.slice(0, rel.lastIndexOf("/"))}`);
    plain.FS.writeFile(`${HOME}/${rel}`, readFileSync(file));
    packageFiles.push(rel);
  }
  const pyscriptRel = {};
  for (const [path, text] of Object.entries(pyscriptFiles)) pyscriptRel[path.slice(HOME.length + 1)] = text;
  const work = plain.globals.get("dict")();
  work.set("HOME", HOME);
  work.set("STDLIB_FILES", plain.toPy(stdlibFiles));
  work.set("PACKAGE_FILES", plain.toPy(packageFiles));
  work.set("PYSCRIPT_SOURCES", plain.toPy(pyscriptRel));
  const result = plain.runPython(`
import importlib.util, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STDLIB_ZIP = next(p for p in sys.path if p.endswith(".zip"))

def _pyc(data, filename, checked):
    code = compile(data, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=checked))

with open(STDLIB_ZIP, "rb") as f:
    stock = f.read()
with zipfile.ZipFile(io.BytesIO(stock)) as z:
    present = set(z.namelist())
    stdlib = {}
    for path in sorted(STDLIB_FILES):
        rel = path[len(STDLIB_ZIP) + 1:]
        if rel in present and rel[:-3] + ".pyc" not in present:
            # compiled under the name zipimport gives the source (tracebacks find it)
            stdlib[rel[:-3] + ".pyc"] = _pyc(z.read(rel), path, checked=False)
added = dict(stdlib)
for rel in sorted(PACKAGE_FILES):
    with open(HOME + "/" + rel, "rb") as f:
        added[importlib.util.cache_from_source(rel)] = _pyc(f.read(), HOME + "/" + rel, checked=True)
for rel, text in sorted(PYSCRIPT_SOURCES.items()):
    added[importlib.util.cache_from_source(rel)] = _pyc(text.encode("utf-8"), HOME + "/" + rel, checked=True)
buffer = io.BytesIO(stock)
with zipfile.ZipFile(buffer, "a") as z:
    prefix = z.start_dir  # the new entries overwrite the old central directory
    for name in sorted(added):
        info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        z.writestr(info, added[name], compresslevel=9)
whole = buffer.getvalue()
BYTECODE_TAIL = whole[prefix:]
json.dumps({"prefix": prefix, "stdlib": len(stdlib), "package": len(PACKAGE_FILES),
            "pyscript": len(PYSCRIPT_SOURCES), "zip_bytes": len(whole)})
`, { globals: work });
  writeFileSync(bytecodeFile, work.get("BYTECODE_TAIL").toJs());
  work.destroy();
  bytecode = JSON.parse(result);
}
console.log(JSON.stringify({ bytes: snapshot.length, heap, pycs: Object.keys(pyscriptFiles).length, bytecode,
  ms: realNow() - began }));
process.exit(0);
