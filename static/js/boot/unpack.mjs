// Fetch and unpack the memory snapshot (static/js/boot/pyodide.mjs).
//
// Two ways to run, one code:
//   - as a worker of its own, named "tablecheck-unpack", started by the
//     engine's worker: it is told {url, bytes, sha256}, answers {bytes,
//     verified} (the buffer transferred, not copied) or {error, verdict}.
//     The gunzip (about 200 ms of CPU for the 31 MB) then runs beside the
//     engine's worker, which meanwhile compiles and instantiates the wasm;
//   - imported: `unpackInto` fills a buffer on the caller's thread (no Worker
//     in a worker's scope, or that worker failed to run).
// A `verdict` error is about the snapshot itself (its HTTP status, size,
// gzip stream or SHA-256): the normal start follows. Anything else (the
// request never answered, the worker broken) is worth a try on the
// engine's own thread.

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

// Read a stream into `target` (exactly its length, else an error).
async function readInto(stream, target, what) {
  const reader = stream.getReader();
  let at = 0;
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw verdict(`the snapshot does not decompress (${describe(error)})`);
    }
    if (chunk.done) break;
    const bytes = chunk.value;
    if (at + bytes.length > target.length) {
      reader.cancel().catch(() => {});
      throw verdict(`${what}: more than the ${target.length} bytes snapshot.json says`);
    }
    target.set(bytes, at);
    at += bytes.length;
  }
  if (at !== target.length) throw verdict(`${what}: ${at} bytes unpacked, snapshot.json says ${target.length}`);
}

// Fetch, unpack and check the snapshot at `url` straight into `target` (the
// size snapshot.json gives); resolves to how the bytes were vouched for.
export async function unpackInto(url, target, expectedSha256) {
  const what = String(url).split("/").pop();
  const response = await fetch(url);
  if (!response.ok) throw verdict(`${what}: HTTP ${response.status}`);
  if (/\bgzip\b/i.test(response.headers.get("content-encoding") || "")) {
    // a host that sent it with Content-Encoding: gzip: the browser unpacked it
    await readInto(response.body, target, what);
    if (!canHash()) return "length";
    if ((await sha256(target)) !== expectedSha256) throw verdict(`${what}: SHA-256 differs from snapshot.json`);
    return "sha256";
  }
  // unpack while it downloads. gzip's CRC-32 and length (checked by
  // DecompressionStream) and the exact size vouch for the bytes; what the
  // bytes are is checked after the restore: Pyodide's build id, and
  // py/engine.py's comparison of the package files.
  await readInto(response.body.pipeThrough(new DecompressionStream("gzip")), target, what);
  return "crc32";
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
