// Make the Pyodide memory snapshot the page starts from (issue 13).
//
//   node tools/snapshot.mjs PYODIDE_DIR PY_DIR OUT_FILE
//
// PYODIDE_DIR: the vendored Pyodide (pyodide.mjs, pyodide.asm.*, stdlib zip,
//              lock file), exactly the files the site ships.
// PY_DIR:      the built site's py/ directory: its tablecheck/ package is
//              written to the same place PyScript writes it in the browser
//              (/home/pyodide/tablecheck/, the worker's working directory).
// OUT_FILE:    the raw snapshot (tools/build.py gzips it and records hashes).
//
// The snapshot is taken after `from tablecheck import api; api.catalog()`.
// It also holds a module `_tablecheck_snapshot` recording the SHA-256 of
// every package file it was made from: py/engine.py compares them with the
// files PyScript wrote after the restore, so a snapshot never runs rules
// other than the ones shipped.
//
// Deterministic: hash randomisation is off while the snapshot is made
// (PYTHONHASHSEED=0) and the `random` module's global generator is seeded
// with 0 before it is taken (py/engine.py reseeds it from the OS at start;
// the dice never use it). Prints one JSON line: {bytes, heap, ms}.
// Uses only the vendored Pyodide and Node's standard library.

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import nodeCrypto, { createHash } from "node:crypto";

const [pyodideDir, pyDir, outFile] = process.argv.slice(2);
if (!pyodideDir || !pyDir || !outFile) {
  console.error("usage: node tools/snapshot.mjs PYODIDE_DIR PY_DIR OUT_FILE");
  process.exit(2);
}

const HOME = "/home/pyodide";

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
pyodide.runPython(`
import gc, hashlib, os, random, sys, types

os.chdir(${JSON.stringify(HOME)})
if "" not in sys.path:
    sys.path.insert(0, "")

from tablecheck import api
api.catalog()

def _sources(base="tablecheck"):
    found = {}
    for folder, dirs, files in os.walk(base):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    found[path] = hashlib.sha256(f.read()).hexdigest()
    return found

_record = types.ModuleType("_tablecheck_snapshot")
_record.__doc__ = "Written by tools/snapshot.mjs: what this memory snapshot holds."
_record.SOURCES = _sources()
_record.MODULES = sorted(name for name in sys.modules if name == "tablecheck" or name.startswith("tablecheck."))
sys.modules["_tablecheck_snapshot"] = _record
del _record, _sources
random.seed(0)
gc.collect()
`, { globals: scratch });
scratch.destroy();

const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(outFile, snapshot);
const heap = pyodide._module.HEAP8.length;
console.log(JSON.stringify({ bytes: snapshot.length, heap, ms: realNow() - began }));
process.exit(0);
