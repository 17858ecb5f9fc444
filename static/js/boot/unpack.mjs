// Fetch and unpack the memory snapshot (static/js/boot/pyodide.mjs).
//
// Two ways to run, one code:
//   - as a worker of its own, named "tablecheck-unpack", started by the
//     engine's worker: it is told {url, bytes, sha256}, answers {bytes,
//     verified} (the buffer transferred, not copied) or {error, verdict}.
//     The decoding (about 200 ms of CPU for the 31 MB) then runs beside the
//     engine's worker, which meanwhile compiles and instantiates the wasm;
//   - imported: `unpackInto` fills a buffer on the caller's thread (no Worker
//     in a worker's scope, or that worker failed to run).
// A `verdict` error is about the snapshot itself (its HTTP status, size,
// Zstandard stream or SHA-256): the normal start follows. Anything else (the
// request never answered, the worker broken) is worth a try on the
// engine's own thread.

import { Decompress } from "../../vendor/fzstd/esm/index.mjs";

export const UNPACK_WORKER = "tablecheck-unpack";

function verdict(message) {
  const error = new Error(message);
  error.verdict = true;
  return error;
}

export function describe(error) {
  return (error && (error.message || String(error))) || "unknown error";
}

export const canHash = () => typeof crypto === "object" && crypto && crypto.subtle
  && typeof crypto.subtle.digest === "function";

export async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Fetch the Zstandard-compressed snapshot at `url` and decode it (the
// vendored fzstd) straight into `target` (the size snapshot.json gives) while
// it downloads; resolves to how the bytes were vouched for. fzstd does not
// check the frame's checksum: the SHA-256 of the compressed bytes (3.7 MB, a
// few ms) and the exact size do; what the bytes are is checked after the
// restore too (Pyodide's build id, py/engine.py's comparison of the package files).
export async function unpackInto(url, target, expectedSha256) {
  const what = String(url).split("/").pop();
  const response = await fetch(url);
  if (!response.ok) throw verdict(`${what}: HTTP ${response.status}`);
  let at = 0;
  const decoder = new Decompress((chunk) => {
    if (at + chunk.length > target.length) throw verdict(`${what}: more than the ${target.length} bytes snapshot.json says`);
    target.set(chunk, at);
    at += chunk.length;
  });
  const packed = [];
  let packedBytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw verdict(`${what}: the download broke off (${describe(error)})`);
    }
    try {
      decoder.push(chunk.done ? new Uint8Array(0) : chunk.value, chunk.done);
    } catch (error) {
      if (!chunk.done) reader.cancel().catch(() => {});
      throw error.verdict ? error : verdict(`${what} does not decompress (${describe(error)})`);
    }
    if (chunk.done) break;
    packed.push(chunk.value);
    packedBytes += chunk.value.length;
  }
  if (at !== target.length) throw verdict(`${what}: ${at} bytes unpacked, snapshot.json says ${target.length}`);
  if (!canHash()) return "length";
  const whole = new Uint8Array(packedBytes);
  let from = 0;
  for (const part of packed) { whole.set(part, from); from += part.length; }
  if ((await sha256(whole)) !== expectedSha256) throw verdict(`${what}: SHA-256 differs from snapshot.json`);
  return "sha256";
}

// -- run as the unpacking worker -------------------------------------------------
const inWorker = typeof WorkerGlobalScope === "function" && typeof self === "object"
  && self instanceof WorkerGlobalScope && self.name === UNPACK_WORKER;

if (inWorker) {
  self.onmessage = async ({ data }) => {
    try {
      const target = new Uint8Array(data.bytes);
      const verified = await unpackInto(data.url, target, data.sha256);
      self.postMessage({ bytes: target, verified }, [target.buffer]);
    } catch (error) {
      self.postMessage({ error: describe(error), verdict: Boolean(error && error.verdict) });
    }
  };
}
