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

import { ZSTDDecoder } from "../../vendor/zstddec/dist/zstddec.mjs";

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

// Fetch the Zstandard-compressed snapshot at `url`, check it and decode it
// (the vendored zstddec: libzstd compiled to wasm, about 80 ms for the 31 MB
// in Chromium against 150 ms for DecompressionStream's gunzip of the same
// heap and 240 ms for fzstd in JavaScript) into `target` (the size
// snapshot.json gives); resolves to how the bytes were vouched for: the
// file's SHA-256, else (no crypto.subtle) the frame's own checksum, which
// libzstd checks, and the exact size. What the bytes are is checked after
// the restore too (Pyodide's build id, tablecheck.worker's comparison of the package files).
const decoder = new ZSTDDecoder();

export async function unpackInto(url, target, expectedSha256) {
  const what = String(url).split("/").pop();
  const decoderReady = decoder.init(); // its wasm compiles while the file downloads
  decoderReady.catch(() => {});
  const response = await fetch(url);
  if (!response.ok) throw verdict(`${what}: HTTP ${response.status}`);
  let packed;
  try {
    packed = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw verdict(`${what}: the download broke off (${describe(error)})`);
  }
  let verified = "checksum";
  if (canHash()) {
    if ((await sha256(packed)) !== expectedSha256) throw verdict(`${what}: SHA-256 differs from snapshot.json`);
    verified = "sha256";
  }
  await decoderReady; // a decoder that cannot start says nothing about the snapshot: no verdict
  let bytes;
  try {
    bytes = decoder.decode(packed, target.length);
  } catch (error) {
    throw verdict(`${what} does not decompress (${describe(error)})`);
  }
  // libzstd's errors come back as sizes past the buffer: never exactly the size
  if (bytes.length !== target.length) throw verdict(`${what}: ${bytes.length} bytes unpacked, snapshot.json says ${target.length}`);
  target.set(bytes);
  return verified;
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
