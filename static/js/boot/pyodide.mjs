// The interpreter module PyScript loads (pyscript.json "interpreter"): the
// vendored Pyodide, started from the build's memory snapshot when it can be,
// else the normal way. PyScript imports it in the engine's worker and calls
// `loadPyodide(options)` with its own options (stdout, stderr, indexURL); it
// reads `version`. Everything PyScript does after that (its Python package,
// the config's files, the worker's exports) runs on the interpreter returned
// here, restored or not.
//
// The snapshot (tools/build.py, tools/snapshot.mjs) is Pyodide's memory after
// `from tablecheck import api; api.catalog()`, packed (its first MB XORed with
// the wasm's initial memory, its free memory zeroed: tools/snapshot_pack.py)
// and compressed with Zstandard, beside snapshot.json (Pyodide version and build id, sizes,
// SHA-256s). Any doubt about it means the normal start, never a broken one:
//   - no fetch/Response/WebAssembly: normal start;
//   - snapshot.json missing, unreadable, for another Pyodide, or saying the
//     build ships none: normal start, before any work is wasted;
//   - the snapshot missing, cut short, corrupt (the Zstandard file's SHA-256,
//     else its frame checksum; not decoding to the size snapshot.json gives)
//     or for another Pyodide build (Pyodide checks the build id):
//     loadPyodide rejects, normal start;
//   - the wasm's initial memory not seen (see "the wasm's initial memory"): normal start;
//   - a restore that throws (e.g. pyodide issue 6254): normal start.
// The snapshot's download and unpacking start with this module, in a worker
// of its own (unpack.mjs; on this thread if that worker cannot run), and the
// wasm's download and compilation start with it too (earlyWasm), so that
// both run alongside PyScript's opening steps and Pyodide's instantiation
// (see factoryAfter); right after the restore, PyScript's
// own package is written as .pyc files compiled into the snapshot
// (installPycs), so that PyScript's set-up does not compile it again.
// A start from the snapshot gets a placeholder for the stdlib zip: the zip
// comes only when an import needs a module the heap lacks (see "the stdlib
// zip, after ready" below), else from the service worker's precache.
// The normal start (the fallback) gets bytecode instead (tools/snapshot.mjs,
// stdlib-bytecode.json): Pyodide's stdlib zip with .pyc files of the modules
// a start imports appended (handed to Pyodide as its stdlib zip), and
// our package's and PyScript's sources as .pyc files, written into their
// __pycache__ before PyScript writes the sources (installBytecode). Missing,
// for another Pyodide, or not the bytes stdlib-bytecode.json gives (sizes,
// SHA-256): the stock zip, compiled as before (`bytecode` says why).
// What happened is in `globalThis.tablecheckBoot` ({snapshot: "used" |
// "fallback", reason, verified, unpack, wasm, pycs, stdlib, bytecode, ms}); tablecheck.worker
// adds it to its ping answer and the
// page to its 'tablecheck:status' event detail (`boot`). The status pill says
// nothing about it: both ways end in the same ready engine.

import * as vendored from "../../vendor/pyodide/pyodide.mjs";
// unpack.mjs is the unpacking worker's script: imported here only when this
// thread needs its code (a start without the worker, or the normal start's
// bytecode check), so that a start from the snapshot fetches it once, as
// the worker's script (each realm fetches the modules it imports itself).
const UNPACK_URL = new URL("./unpack.mjs", import.meta.url).href;
const UNPACK_WORKER = "tablecheck-unpack"; // the name unpack.mjs answers to
const unpackModule = () => import(UNPACK_URL);
const describe = (error) => (error && (error.message || String(error))) || "unknown error";

export const version = vendored.version;

const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_DIR = new URL("../../vendor/snapshot/", import.meta.url);
const ASM_URL = new URL("pyodide.asm.mjs", INDEX_URL).href;
const FORMAT = 3; // 3: packed (tools/snapshot_pack.py, "the wasm's initial memory" below)
const BYTECODE_FORMAT = 1;
const STDLIB_URL = new URL("python_stdlib.zip", INDEX_URL).href;
// the stdlib zip with the bytecode in it: an address only this module answers
// (the fetch wrapper below); fetched by anyone else, it is the stock zip
const STDLIB_WITH_BYTECODE = `${STDLIB_URL}#bytecode`;

// ms: since `origin` (the worker's performance.timeOrigin, to line them up with the page's clock)
const boot = { snapshot: "pending", reason: null, verified: null, origin: performance.timeOrigin, ms: {} };
globalThis.tablecheckBoot = boot;

// when each step ended (ms since the worker started), also as performance
// marks "tablecheck:<step>" for a DevTools timeline
const mark = (name) => {
  boot.ms[name] = Math.round(performance.now());
  try { performance.mark(`tablecheck:${name}`); } catch (_) { /* no User Timing: the record is enough */ }
};

function missingApi() {
  if (typeof fetch !== "function" || typeof Response !== "function") return "this browser has no fetch/Response";
  if (typeof WebAssembly !== "object") return "this browser has no WebAssembly";
  return null;
}

// The page's engine bridge (static/js/engine.js) starts a worker again that
// has not said this within its time (a Firefox worker whose requests never
// went out): said once the first request is answered.
function alive() {
  try {
    new BroadcastChannel("tablecheck-engine").postMessage({ stage: "alive" });
  } catch (_) { /* no BroadcastChannel: the bridge's start time limit is all there is */ }
}

async function readMeta() {
  const missing = missingApi();
  if (missing) {
    alive();
    throw new Error(missing);
  }
  const response = await fetch(new URL("snapshot.json", SNAPSHOT_DIR)).finally(alive);
  if (!response.ok) throw new Error(`snapshot.json: HTTP ${response.status}`);
  let meta;
  try {
    meta = await response.json();
  } catch (_) {
    throw new Error("snapshot.json is not valid JSON");
  }
  if (meta.format !== FORMAT) throw new Error(`snapshot.json: format ${meta.format}, this loader reads ${FORMAT}`);
  if (meta.pyodide !== version) {
    throw new Error(`the snapshot is for Pyodide ${meta.pyodide}, this is Pyodide ${version}`);
  }
  if (!meta.file) throw new Error(`no snapshot in this build: ${meta.reason || "none made"}`);
  if (!Number.isSafeInteger(meta.base_bytes) || meta.base_bytes < 0 || meta.base_bytes > meta.heap
      || typeof meta.base_sha256 !== "string") {
    throw new Error("snapshot.json: no initial memory (base_bytes, base_sha256)");
  }
  mark("meta");
  return meta;
}

// Where the snapshot is unpacked: in a worker of its own (unpack.mjs), so
// that this thread, PyScript's, is free meanwhile for the wasm and
// PyScript's own steps; on this thread when that worker cannot run.
// The worker is started with this module; its error (its script missing or
// broken) may come before it is asked anything, so it is listened for at once.
let unpacker = null; // {worker, failed: rejects when the worker cannot run}
function startUnpacker() {
  if (typeof Worker !== "function") return;
  try {
    const worker = new Worker(UNPACK_URL, { type: "module", name: UNPACK_WORKER });
    const failed = new Promise((_, reject) => {
      worker.addEventListener("error", (event) => {
        event.preventDefault?.();
        reject(new Error(`the unpacking worker failed: ${event.message || "no message"}`));
      });
      worker.addEventListener("messageerror", () => reject(new Error("the unpacking worker's answer was unreadable")));
    });
    failed.catch(() => {});
    unpacker = { worker, failed };
  } catch (_) {
    unpacker = null;
  }
}

function stopUnpacker() {
  if (unpacker) unpacker.worker.terminate();
  unpacker = null;
}

// The unpacking worker's answer: {bytes, verified}; rejects with its error
// (`verdict` set when the snapshot itself is bad).
function unpackElsewhere(url, m) {
  if (!unpacker) return Promise.reject(new Error("no worker to unpack in"));
  const { worker, failed } = unpacker;
  const answered = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data && data.bytes) return resolve(data);
      const error = new Error((data && data.error) || "the unpacking worker gave no answer");
      error.verdict = Boolean(data && data.verdict);
      reject(error);
    };
    worker.postMessage({ url, bytes: m.bytes, sha256: m.packed_sha256 });
  });
  return Promise.race([answered, failed]).finally(stopUnpacker);
}

// Fetch, unpack and check the snapshot into `target` (one buffer of the size
// snapshot.json gives, allocated up front: Pyodide is handed it right away).
async function fillSnapshot(m, target) {
  const url = new URL(m.file, SNAPSHOT_DIR).href;
  try {
    const answer = await unpackElsewhere(url, m);
    target.set(answer.bytes); // one copy (a few ms): Pyodide holds `target` already
    boot.verified = answer.verified;
    boot.unpack = "worker";
  } catch (error) {
    if (error.verdict) throw error;
    boot.unpack = `this thread: ${describe(error)}`;
    const { unpackInto } = await unpackModule();
    boot.verified = await unpackInto(url, target, m.packed_sha256);
  }
  mark("unpacked");
}

// Pyodide keeps its options (and so the snapshot) for the interpreter's
// lifetime: once the heap is restored, let the 31 MB go.
let unpacked = null;
function release() {
  const buffer = unpacked && unpacked.buffer;
  unpacked = null;
  if (!buffer || buffer.byteLength === 0) return;
  try {
    if (typeof buffer.transfer === "function") buffer.transfer(0);
    else structuredClone(buffer, { transfer: [buffer] });
  } catch (_) { /* kept: only memory */ }
}

// Start at once, in parallel with PyScript's own set-up and Pyodide's
// downloads: snapshot.json, then the snapshot into its buffer, and the
// runtime's JavaScript (the import Pyodide would make later).
startUnpacker();
const meta = readMeta();
const snapshot = meta.then((m) => {
  const target = new Uint8Array(m.bytes);
  unpacked = target;
  return { target, filled: fillSnapshot(m, target) };
});
const runtime = import(ASM_URL);
meta.catch(stopUnpacker);
snapshot.then(({ filled }) => filled.catch(() => {}), () => {});
runtime.catch(() => {});

// -- the config's files, in one request during the start ------------------------
// PyScript fetches the config's `files` (the rules package, ~110 files) only
// after loadPyodide has returned, one request each: on the critical path. The
// build writes them all into one file, py/files.json ({format, files: {the
// config's name for a file: its text}}, tools/build.py package_files); this
// module asks for it while Pyodide starts (once Pyodide's own big downloads
// are under way, so that it queues behind none of them) and answers
// PyScript's fetch of each file from it, once. Any other request, every file
// when the bundle is missing or unreadable, and a file it does not hold go to
// the network as before.
const SITE = new URL("../../../", import.meta.url).href;
const PACKAGE_DIR = new URL("py/", SITE).href; // what the bundle may answer
const BUNDLE_URL = new URL("py/files.json", SITE).href;
const BUNDLE_FORMAT = 1;
const realFetch = globalThis.fetch;

function readBundle(data) {
  const files = new Map(); // absolute URL -> text
  if (!data || data.format !== BUNDLE_FORMAT || !data.files || typeof data.files !== "object") return files;
  for (const [source, text] of Object.entries(data.files)) {
    if (typeof text === "string") files.set(new URL(source, SITE).href, text);
  }
  return files;
}

// Asked for once loadPyodide has been called (prefetchFiles), on whichever
// comes first: Pyodide's fetch of its stdlib zip going out (its last big
// download), a timer, or PyScript asking for one of the files. (A timer
// alone is not enough: WebKit ran it only after PyScript had fetched every
// file itself.)
let prefetching = false;
let bundle = null; // Promise<Map>: the bundle's files not handed over yet
function startPrefetch() {
  if (!bundle) {
    bundle = realFetch.call(globalThis, BUNDLE_URL)
      .then((r) => (r.ok ? r.json() : null))
      .then(readBundle, () => new Map())
      .then((files) => {
        if (files.size) boot.prefetched = files.size;
        return files;
      });
  }
  return bundle;
}

function prefetchFiles() {
  if (prefetching) return; // once (a failed restore's normal start keeps the bundle)
  prefetching = true;
  setTimeout(startPrefetch, 0);
}

// PyScript's fetch of a file under py/: the bundle's text (once), else the network
function fromBundle(input) {
  return startPrefetch().then((files) => {
    if (!files.has(input)) return realFetch.call(globalThis, input);
    const text = files.get(input);
    files.delete(input);
    if (!files.size) globalThis.fetch = realFetch; // all handed over: out of the way
    return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
  });
}

if (typeof realFetch === "function") {
  globalThis.fetch = function fetch(input, ...rest) {
    if (wasm && String(input) === WASM_URL) return wasm.answer();
    if (prefetching && String(input).split("#")[0] === STDLIB_URL) {
      let answer;
      if (bytecode && String(input) === STDLIB_WITH_BYTECODE) answer = answerStdlib();
      else if (stdlibLater && String(input) === STDLIB_URL) answer = stdlibPlaceholder();
      else answer = realFetch.call(globalThis, input, ...rest);
      startPrefetch(); // behind Pyodide's own downloads
      return answer;
    }
    if (bytecode && String(input) === STDLIB_WITH_BYTECODE) return answerStdlib();
    if (rest.length !== 0 || typeof input !== "string") return realFetch.call(globalThis, input, ...rest);
    if (prefetching && input.startsWith(PACKAGE_DIR)) return fromBundle(input);
    return realFetch.call(globalThis, input);
  };
}

// -- the wasm, compiled from the start --------------------------------------------
// Pyodide fetches and compiles pyodide.asm.wasm only when loadPyodide runs,
// i.e. after PyScript's own opening steps. This module fetches it right away and
// compiles a clone of the response meanwhile (with the browser's code cache,
// as Pyodide's own compilation would). Pyodide's fetch of the wasm gets the
// response itself, unread; when Pyodide then instantiates from it (with
// WebAssembly.instantiateStreaming, replaced for that one call while the
// module is created, see useEarlyWasm), the module compiled early is
// instantiated instead and the unread body dropped. Anything else about it
// (no compileStreaming, a failed compile, a Pyodide that instantiates
// another way) leaves Pyodide's own compilation of that response, as before.
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;

function earlyWasm() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.compileStreaming !== "function"
      || typeof realFetch !== "function") return null;
  const original = realFetch.call(globalThis, WASM_URL);
  const module = original.then((response) => {
    if (!response.ok) throw new Error(`pyodide.asm.wasm: HTTP ${response.status}`);
    return WebAssembly.compileStreaming(response.clone());
  });
  original.catch(() => {});
  module.catch(() => {});
  const handed = new WeakSet(); // the answers Pyodide got for its fetch of the wasm
  let unread = original;
  return {
    module,
    handed,
    answer() {
      const response = unread || realFetch.call(globalThis, WASM_URL); // a second start: its own request
      unread = null;
      handed.add(response);
      return response;
    },
  };
}

const wasm = earlyWasm();

function useEarlyWasm() {
  if (typeof WebAssembly.instantiateStreaming !== "function") return;
  const real = WebAssembly.instantiateStreaming;
  const compiledByPyodide = async (source, imports) => {
    const result = await real.call(WebAssembly, source, imports);
    keepInitialMemory(result && result.instance);
    return result;
  };
  WebAssembly.instantiateStreaming = async function instantiateStreaming(source, imports) {
    if (wasm && !wasm.handed.has(source)) return real.call(WebAssembly, source, imports);
    WebAssembly.instantiateStreaming = real;
    if (!wasm) return compiledByPyodide(source, imports); // nothing compiled early: Pyodide's own
    let module;
    try {
      module = await wasm.module;
    } catch (error) {
      boot.wasm = `compiled by Pyodide: ${describe(error)}`;
      return compiledByPyodide(source, imports);
    }
    source.then((response) => response.body && response.body.cancel(), () => {});
    boot.wasm = "compiled early";
    const instance = await WebAssembly.instantiate(module, imports);
    keepInitialMemory(instance);
    return { module, instance };
  };
}

// -- the wasm's initial memory ----------------------------------------------------
// The shipped snapshot's first `base_bytes` bytes of heap are XORed with the
// memory the wasm's instantiation writes (zeros and its data segments: the
// bytes the page has already downloaded inside pyodide.asm.wasm), so that
// where the heap still holds them, the file holds zeros (tools/snapshot_pack.py).
// The instantiation hook above copies the memory right after
// WebAssembly.instantiate, before any of the wasm's code has run, and the
// restore XORs it back. That memory is a function of the wasm alone, and the
// wasm is the one of the snapshot's Pyodide build (Pyodide checks the build
// id in the header, which is not XORed); snapshot.json's base_sha256 is for
// the build's tests (tests/e2e/test_snapshot.py compares it with the browser's).
let baseBytes = 0; // snapshot.json base_bytes of the start under way (0: no snapshot)
let initialMemory = null; // Uint8Array: the copy

function keepInitialMemory(instance) {
  if (!baseBytes || initialMemory) return;
  const memory = instance && instance.exports && instance.exports.memory;
  if (!(memory instanceof WebAssembly.Memory) || memory.buffer.byteLength < baseBytes) return;
  initialMemory = new Uint8Array(memory.buffer, 0, baseBytes).slice();
}

// heap[offset .. offset + base.length] ^= base, in place (4 bytes at a time where aligned)
function xorBase(target, offset, base) {
  let i = 0;
  if (offset % 4 === 0 && target.byteOffset % 4 === 0) {
    const words = Math.floor(base.length / 4);
    const into = new Uint32Array(target.buffer, target.byteOffset + offset, words);
    const from = new Uint32Array(base.buffer, base.byteOffset, words);
    for (let w = 0; w < words; w++) into[w] ^= from[w];
    i = words * 4;
  }
  for (; i < base.length; i++) target[offset + i] ^= base[i];
}

function restoreBase(target, m) {
  if (!initialMemory) throw new Error("the wasm's initial memory was not seen (the snapshot needs it)");
  xorBase(target, m.bytes - m.heap, initialMemory);
  boot.base = initialMemory.length;
  initialMemory = null;
}

// -- the normal start's bytecode --------------------------------------------------
async function fetchBytes(url, what) {
  const response = await realFetch.call(globalThis, url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The stock stdlib zip's first `prefix` bytes followed by the tail: a zip
// with the .pyc files in it, checked against stdlib-bytecode.json.
async function zipWithBytecode() {
  const { canHash, sha256 } = await unpackModule();
  if (!canHash()) throw new Error("this browser has no crypto.subtle to check the bytecode");
  const response = await realFetch.call(globalThis, new URL("stdlib-bytecode.json", SNAPSHOT_DIR));
  if (!response.ok) throw new Error(`stdlib-bytecode.json: HTTP ${response.status}`);
  let meta;
  try {
    meta = await response.json();
  } catch (_) {
    throw new Error("stdlib-bytecode.json is not valid JSON");
  }
  if (meta.format !== BYTECODE_FORMAT) throw new Error(`stdlib-bytecode.json: format ${meta.format}, this loader reads ${BYTECODE_FORMAT}`);
  if (meta.pyodide !== version) throw new Error(`the bytecode is for Pyodide ${meta.pyodide}, this is Pyodide ${version}`);
  const [stock, tail] = await Promise.all([
    fetchBytes(STDLIB_URL, meta.stdlib), fetchBytes(new URL(meta.file, SNAPSHOT_DIR), meta.file)]);
  if (stock.length !== meta.stdlib_bytes || tail.length !== meta.bytes) {
    throw new Error(`${meta.file}: ${tail.length} bytes and ${stock.length} of ${meta.stdlib}, stdlib-bytecode.json says ${meta.bytes} and ${meta.stdlib_bytes}`);
  }
  const [tailHash, stockHash] = await Promise.all([sha256(tail), sha256(stock)]);
  if (tailHash !== meta.sha256) throw new Error(`${meta.file}: SHA-256 differs from stdlib-bytecode.json`);
  if (stockHash !== meta.stdlib_sha256) throw new Error(`${meta.stdlib}: SHA-256 differs from stdlib-bytecode.json`);
  const zip = new Uint8Array(meta.prefix + tail.length);
  zip.set(stock.subarray(0, meta.prefix));
  zip.set(tail, meta.prefix);
  mark("bytecode");
  return { zip, meta };
}

let bytecode = null; // Promise<{zip, meta}>: asked for by a normal start only

function answerStdlib() {
  return bytecode.then(({ zip, meta }) => {
    boot.bytecode = { stdlib: meta.modules ? meta.modules.stdlib : null };
    return new Response(zip);
  }, (error) => {
    boot.bytecode = `not used: ${describe(error).split("\n")[0]}`;
    return realFetch.call(globalThis, STDLIB_URL);
  });
}

// Our package and PyScript's as .pyc files (in the zip, beside the
// stdlib's): into their __pycache__ before PyScript writes the sources.
const INSTALL_PYCS = `
import os, sys, zipfile
def _install():
    count = 0
    with zipfile.ZipFile(next(p for p in sys.path if p.endswith(".zip"))) as z:
        for name in z.namelist():
            if name.startswith(("tablecheck/", "pyscript/")) and name.endswith(".pyc"):
                os.makedirs(os.path.dirname(name), exist_ok=True)
                with open(name, "wb") as f:
                    f.write(z.read(name))
                count += 1
    return count
_install()
`;

function installBytecode(pyodide) {
  if (!boot.bytecode || typeof boot.bytecode === "string") return; // the stock zip: nothing to write
  const scratch = pyodide.globals.get("dict")();
  try {
    const pycs = pyodide.runPython(INSTALL_PYCS, { globals: scratch });
    boot.bytecode = { ...boot.bytecode, pycs };
  } catch (error) {
    boot.bytecode = `pycs not written: ${describe(error).split("\n")[0]}`;
  } finally {
    scratch.destroy();
  }
}

// -- the stdlib zip, after ready ---------------------------------------------------
// A start from the snapshot needs no file of Pyodide's stdlib zip (2.5 MB over
// the wire): the restored heap holds every module the start imports, and
// zipimport's directory of the zip (read when the snapshot was made, from the
// very file the site ships). So Pyodide's own fetch of it is answered with a
// placeholder of the zip's size, all zeros (snapshot.json `stdlib_bytes`),
// which Pyodide writes to the zip's path as it would the zip. The zip itself
// is then fetched only by the service worker's precache (after ready, for
// offline), and by this worker only when Python imports a module the zip
// holds and the heap does not (STDLIB_LATER, a finder first on
// sys.meta_path): that import waits for the zip (a synchronous request, as
// an import is synchronous), written in place of the placeholder; zipimport's
// cached directory then matches the file. Until then, anything else that
// reads the zip (a traceback's source lines) finds no local file header
// there and gets an ImportError, which linecache passes over. A snapshot.json
// without `stdlib_bytes`: the zip before ready, as before.
let stdlibLater = 0; // the placeholder's size, while the next fetch of the zip gets it
let stdlibArchive = null; // {pyodide, path}: where the real zip goes when it is asked for

function stdlibPlaceholder() {
  const placeholder = new Response(new Uint8Array(stdlibLater));
  stdlibLater = 0;
  boot.stdlib = "placeholder";
  return Promise.resolve(placeholder);
}

// The zip now, synchronously (called from Python's import, STDLIB_LATER):
// through the service worker when it controls this worker, else the network.
function stdlibNow(why) {
  const { pyodide, path, bytes } = stdlibArchive;
  const began = performance.now();
  const request = new XMLHttpRequest();
  request.open("GET", STDLIB_URL, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`python_stdlib.zip: HTTP ${request.status}`);
  const zip = new Uint8Array(request.response);
  if (zip.length !== bytes) throw new Error(`python_stdlib.zip: ${zip.length} bytes, snapshot.json says ${bytes}`);
  pyodide.FS.writeFile(path, zip);
  boot.stdlib = { fetched: String(why), ms: Math.round(performance.now() - began) };
}

const STDLIB_LATER = `
import sys

class StdlibLater:
    """Fetches the stdlib zip the first time an import needs a module in it
    (static/js/boot/pyodide.mjs: the file is a placeholder until then)."""

    def __init__(self, archive, fetch):
        import zipimport
        self.archive = archive
        self.fetch = fetch
        # zipimport's directory of the zip (restored with the heap); kept here
        # too, in case its cache is dropped (invalidate_caches) meanwhile
        self.files = zipimport._zip_directory_cache.get(archive) or {}

    def find_spec(self, fullname, path=None, target=None):
        rel = fullname.replace(".", "/")
        if any(rel + end in self.files for end in (".py", ".pyc", "/__init__.py", "/__init__.pyc")):
            self.arrive(fullname)
        return None  # the zip's own importer finds it now

    def arrive(self, why):
        sys.meta_path.remove(self)
        try:
            self.fetch(why)
        except Exception as exc:
            sys.meta_path.insert(0, self)  # the next import tries again
            raise ImportError(f"the standard library zip could not be fetched: {exc}", name=why) from None

    def invalidate_caches(self):
        pass

def _install(fetch):
    archive = next(p for p in sys.path if p.endswith(".zip"))
    finder = StdlibLater(archive, fetch)
    if not finder.files:
        raise RuntimeError("no directory of the stdlib zip in the heap")
    sys.meta_path.insert(0, finder)
    return archive
`;

// After the restore: the finder in, or (it cannot be) the zip now, as before.
async function installStdlibLater(pyodide, bytes) {
  if (boot.stdlib !== "placeholder") return; // Pyodide got the real zip
  const scratch = pyodide.globals.get("dict")();
  try {
    pyodide.runPython(STDLIB_LATER, { globals: scratch });
    const install = scratch.get("_install");
    const path = install((why) => stdlibNow(why));
    install.destroy();
    stdlibArchive = { pyodide, path, bytes };
    boot.stdlib = "after ready";
  } catch (error) {
    boot.stdlib = `before ready: ${describe(error).split("\n")[0]}`;
    const zip = await fetchBytes(STDLIB_URL, "python_stdlib.zip");
    const path = pyodide.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))");
    pyodide.FS.writeFile(path, zip);
  } finally {
    scratch.destroy();
  }
}

function normalStart(settings, why) {
  boot.snapshot = "fallback";
  boot.reason = describe(why).split("\n")[0];
  console.info(`[tablecheck] starting Pyodide without the memory snapshot: ${boot.reason}`);
  if (!bytecode) {
    bytecode = zipWithBytecode();
    bytecode.catch(() => {}); // the reason is recorded where it is used (answerStdlib)
  }
  const started = vendored.loadPyodide({
    ...settings, stdLibURL: STDLIB_WITH_BYTECODE, createPyodideModule: factoryAfter(null, null),
  });
  prefetchFiles();
  return started.then((pyodide) => {
    installBytecode(pyodide);
    mark("ready");
    return pyodide;
  });
}

// Pyodide's loadPyodide awaits `_loadSnapshot` before it even starts the
// wasm: hand it the buffer at once (its length is all it reads then) and make
// its module factory wait for the bytes instead, so the wasm compiles and
// instantiates while the snapshot downloads and unpacks. The restore reads
// the buffer only after the factory's module resolves, i.e. once every byte
// is in and checked and the wasm's initial memory is XORed back into it; a
// bad snapshot rejects there, before any restore. (`parts` null: a normal
// start, nothing to wait for.) Both ways, Pyodide instantiates the wasm
// compiled early (useEarlyWasm).
function factoryAfter(parts, m) {
  const filled = parts && parts.filled;
  let failed = null;
  if (filled) filled.catch((error) => { failed = error; });
  return async (emscriptenSettings) => {
    const create = (await runtime).default;
    if (failed) throw failed; // already known bad: start no module for nothing
    useEarlyWasm();
    const module = create(emscriptenSettings);
    module.catch(() => {});
    if (filled) {
      await filled;
      await module; // instantiated: its initial memory has been copied
      restoreBase(parts.target, m);
    }
    return module;
  };
}

// PyScript's package, compiled into the snapshot (tools/snapshot.mjs): write
// its .pyc files before PyScript writes the sources and imports them.
function installPycs(pyodide) {
  try {
    boot.pycs = pyodide.runPython(
      "import _tablecheck_snapshot as _s\n_s.install_pycs() if hasattr(_s, 'install_pycs') else 0");
  } catch (error) {
    boot.pycs = `not written: ${describe(error).split("\n")[0]}`;
  }
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  mark("load");
  let parts;
  try {
    await meta; // the cheap checks first: no start is wasted on a build without a snapshot
    parts = await snapshot;
  } catch (error) {
    return normalStart(settings, error);
  }
  try {
    const m = await meta;
    stdlibLater = Number.isSafeInteger(m.stdlib_bytes) && m.stdlib_bytes > 0 ? m.stdlib_bytes : 0;
    baseBytes = m.base_bytes;
    initialMemory = null;
    const started = vendored.loadPyodide({
      ...settings, _loadSnapshot: parts.target, createPyodideModule: factoryAfter(parts, m),
    });
    prefetchFiles();
    const pyodide = await started;
    release();
    boot.snapshot = "used";
    mark("restored");
    installPycs(pyodide);
    await installStdlibLater(pyodide, m.stdlib_bytes);
    mark("ready");
    return pyodide;
  } catch (error) {
    // the bytes were bad (rejected before the restore) or the restore threw
    release();
    baseBytes = 0;
    stdlibLater = 0; // the normal start gets the zip itself
    delete boot.stdlib;
    return normalStart(settings, error);
  }
}
