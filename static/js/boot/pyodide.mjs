// The interpreter module PyScript loads (pyscript.json "interpreter"): the
// vendored Pyodide, started from the build's memory snapshot when it can be,
// else the normal way. PyScript imports it in the engine's worker and calls
// `loadPyodide(options)` with its own options (stdout, stderr, indexURL); it
// reads `version`. Everything PyScript does after that (its Python package,
// the config's files, the worker's exports) runs on the interpreter returned
// here, restored or not.
//
// The snapshot (tools/build.py, tools/snapshot.mjs) is Pyodide's memory after
// `from tablecheck import api; api.catalog()`, gzipped, beside snapshot.json
// (Pyodide version and build id, sizes, SHA-256). Any doubt about it means the
// normal start, never a broken one:
//   - no DecompressionStream (or fetch/Response/WebAssembly): normal start;
//   - snapshot.json missing, unreadable, for another Pyodide, or saying the
//     build ships none: normal start, before any work is wasted;
//   - the snapshot missing, cut short, corrupt (gzip's CRC, its length, its
//     SHA-256 where crypto.subtle exists) or for another Pyodide build
//     (Pyodide checks the build id): loadPyodide rejects, normal start;
//   - a restore that throws (e.g. pyodide issue 6254): normal start.
// What happened is in `globalThis.tablecheckBoot` ({snapshot: "used" |
// "fallback", reason, ms}); py/engine.py adds it to its ping answer and the
// page to its 'tablecheck:status' event detail (`boot`). The status pill says
// nothing about it: both ways end in the same ready engine.

import * as vendored from "../../vendor/pyodide/pyodide.mjs";

export const version = vendored.version;

const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_DIR = new URL("../../vendor/snapshot/", import.meta.url);
const FORMAT = 1;

const boot = { snapshot: "pending", reason: null, verified: null, ms: {} };
globalThis.tablecheckBoot = boot;

const mark = (name) => { boot.ms[name] = Math.round(performance.now()); };

function missingApi() {
  if (typeof DecompressionStream !== "function") return "this browser has no DecompressionStream";
  if (typeof fetch !== "function" || typeof Response !== "function") return "this browser has no fetch/Response";
  if (typeof WebAssembly !== "object") return "this browser has no WebAssembly";
  return null;
}

async function readMeta() {
  const missing = missingApi();
  if (missing) throw new Error(missing);
  const response = await fetch(new URL("snapshot.json", SNAPSHOT_DIR));
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
  mark("meta");
  return meta;
}

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const canHash = () => typeof crypto === "object" && crypto && crypto.subtle && typeof crypto.subtle.digest === "function";

async function readSnapshot(meta) {
  const response = await fetch(new URL(meta.file, SNAPSHOT_DIR));
  if (!response.ok) throw new Error(`${meta.file}: HTTP ${response.status}`);
  let raw;
  if (/\bgzip\b/i.test(response.headers.get("content-encoding") || "")) {
    // a host that sent it with Content-Encoding: gzip: the browser unpacked it
    raw = new Uint8Array(await response.arrayBuffer());
    if (canHash() && (await sha256(raw)) !== meta.sha256) throw new Error(`${meta.file}: SHA-256 differs from snapshot.json`);
    boot.verified = canHash() ? "sha256" : "length";
  } else {
    // unpack while it downloads; hash the packed bytes alongside
    const [toUnpack, toHash] = response.body.tee();
    const unpacking = new Response(toUnpack.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    const hashing = canHash()
      ? new Response(toHash).arrayBuffer().then((packed) => { mark("fetched"); return sha256(packed); })
      : toHash.cancel().then(() => null);
    hashing.catch(() => {});
    try {
      raw = new Uint8Array(await unpacking);
    } catch (error) {
      throw new Error(`the snapshot does not decompress (${describe(error)})`);
    }
    const digest = await hashing;
    if (digest !== null && digest !== meta.gzip_sha256) throw new Error(`${meta.file}: SHA-256 differs from snapshot.json`);
    boot.verified = digest !== null ? "sha256+crc32" : "crc32";
  }
  if (raw.length !== meta.bytes) throw new Error(`${meta.file}: ${raw.length} bytes unpacked, snapshot.json says ${meta.bytes}`);
  mark("unpacked");
  unpacked = raw;
  return raw;
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

// Start at once, in parallel with PyScript's own set-up and Pyodide's downloads.
const meta = readMeta();
const bytes = meta.then(readSnapshot);
meta.catch(() => {});
bytes.catch(() => {});

function describe(error) {
  return (error && (error.message || String(error))) || "unknown error";
}

function normalStart(settings, why) {
  boot.snapshot = "fallback";
  boot.reason = describe(why).split("\n")[0];
  console.info(`[tablecheck] starting Pyodide without the memory snapshot: ${boot.reason}`);
  return vendored.loadPyodide(settings).then((pyodide) => { mark("ready"); return pyodide; });
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  mark("load");
  try {
    await meta; // the cheap checks first: no start is wasted on a build without a snapshot
  } catch (error) {
    return normalStart(settings, error);
  }
  try {
    const pyodide = await vendored.loadPyodide({ ...settings, _loadSnapshot: bytes });
    release();
    boot.snapshot = "used";
    mark("ready");
    return pyodide;
  } catch (error) {
    // the bytes were bad (rejected before the restore) or the restore threw
    release();
    return normalStart(settings, error);
  }
}
