// The bridge between the page and the Python engine (py/engine.py), which
// runs in a PyScript worker declared in index.html:
//   <script type="py" worker name="tablecheck-engine" id="tablecheck-engine" ...>
//
//   window.tablecheck = {
//     ready,              // Promise: resolves (with {version, python}) when Python is usable,
//                         // rejects with an Error if the engine failed to load
//     catalog(locale),    // Promise of the API catalog (plain JS object), in `locale`
//                         // (default: the page's language, i18n.js); every other call
//                         // sends the page's language as the request's `locale`
//     resolve(request),   // Promise of a result, or of {error: {field, message, ...}}
//     odds(request),      // Promise of odds, or of {error: {field, message, ...}}
//     fill(request),      // Promise of {options: [...]}: what a character fills into a form
//     importCharacter(request), // Promise of {system, character, report}: another tool's
//                         // file ({system, format, data}) read into a character
//     early(name, request), // like name(request), but sent as soon as the worker runs: it
//                         // waits there behind the start's own check (ping), so its answer
//                         // comes right after ready (it is handed over only when ready)
//     status,             // {stage, message} of the latest status
//     retry(),            // start the engine again after an error
//   }
//
// A start that fails in the worker (an error there, not a missing file and
// not the rules failing to load: those fail the same way again), or whose
// worker gives no sign of life within STALL_MS (its boot module posts
// 'alive' once its first request is answered), is started once more in a
// fresh worker, by itself, up to RESTARTS times: the page shows an error only
// if those fail too. Seen in Firefox ESR 153 in about 1 start of 40: a worker
// whose requests never went out, or "too much recursion" thrown by a regular
// expression in Emscripten's path code while PyScript writes the config's
// files (a shallow stack: the engine's, not ours); the next worker starts.
// `status.restarted` (and `info.restarted`) says why the last restart was made.
//
// Signals for the UI and the tests (never poll, wait on these):
//   document.documentElement.dataset.engine = 'loading' | 'ready' | 'error'
//   window event 'tablecheck:status' with detail {stage, message}
//     stage: 'downloading' | 'starting' | 'ready' | 'error'
//     boot (with 'ready'): how Python started, e.g. {snapshot: 'used' | 'fallback',
//       reason, restored, ms} (static/js/boot/pyodide.mjs, py/engine.py)
// Requests the API rejects resolve to {error: {...}}; they never reject and
// never hang (each call has a time limit).

import { t, lang } from "./i18n.js";

const ENGINE_ID = "tablecheck-engine";
const CHANNEL = "tablecheck-engine";
// Generous limits: a cold start on a slow tablet takes several seconds.
// Past START_TIMEOUT_MS the page says so and offers Retry; if the engine still
// comes up later, the status turns to ready after all.
const START_TIMEOUT_MS = Number(window.TABLECHECK_START_TIMEOUT_MS) || 60000;
// Files without which the worker cannot start. A missing one makes Pyodide
// hang rather than fail, so the page asks for them itself (HEAD, no body)
// and names the one that is missing, when the start takes long or the worker
// fails (see preflight). Offline (no answer at all) is not an error: the
// service worker serves the GETs. (Not pyscript.json: the engine's config is
// written into its tag, no start fetches the file.)
const REQUIRED_FILES = [
  "./py/engine.py",
  "./static/js/boot/pyodide.mjs",
  "./static/vendor/pyodide/pyodide.mjs",
  "./static/vendor/pyodide/pyodide.asm.mjs",
  "./static/vendor/pyodide/pyodide.asm.wasm",
  "./static/vendor/pyodide/python_stdlib.zip",
  "./static/vendor/pyodide/pyodide-lock.json",
];
const CALL_TIMEOUT_MS = Number(window.TABLECHECK_CALL_TIMEOUT_MS) || 120000;
// The pre-flight check waits this long for the engine before it asks (see preflight).
const PREFLIGHT_DELAY_MS = Number(window.TABLECHECK_PREFLIGHT_DELAY_MS) || 3000;
const PREFLIGHT_WAIT_MS = 5000;
// No 'alive' from the worker this long after it is attached: start it again
// (its first request is a small file: on a slow link it still comes in a few s).
const STALL_MS = Number(window.TABLECHECK_STALL_MS) || 20000;
// Starts in a fresh worker after a restartable failure, before the page says it failed.
const RESTARTS = 2;

const root = document.documentElement;
let boots = 0;
let current = null; // {xworker, element, ready}
let readyResolvers = null;
let opened = null; // Promise of the worker when it runs and the ping is sent (early calls)
let alive = false; // the current worker's boot module has posted 'alive' (stallWatch)
let openResolve = null;

const status = { stage: "downloading", message: "" };

function messageFor(stage, detail) {
  switch (stage) {
    case "downloading":
      return navigator.serviceWorker && navigator.serviceWorker.controller
        ? t("engine.loading")
        : t("engine.downloading");
    case "starting":
      return t("engine.python");
    case "restarting":
      return t("engine.again");
    case "ready":
      return root.dataset.offline === "ready" ? t("engine.readyOffline") : t("engine.ready");
    default:
      return t("engine.failed", { detail: detail || t("engine.unknownError") });
  }
}

function setStatus(stage, detail) {
  status.stage = stage;
  status.message = messageFor(stage, detail);
  root.dataset.engine = stage === "ready" ? "ready" : stage === "error" ? "error" : "loading";
  const pill = document.getElementById("engine-status");
  if (pill) {
    pill.dataset.stage = stage;
    const text = pill.querySelector(".engine-status-text") || pill;
    text.textContent = status.message;
  }
  const retry = document.getElementById("engine-retry");
  if (retry) retry.hidden = stage !== "error";
  window.dispatchEvent(new CustomEvent("tablecheck:status", { detail: { ...status } }));
}

function makeReady() {
  let resolve, reject;
  const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
  // an engine failure is shown on the page; do not also report it as unhandled
  promise.catch(() => {});
  readyResolvers = { resolve, reject };
  return promise;
}

// A failure that a fresh worker may not repeat (see the top of this file).
function restartable(error) {
  return Boolean(error) && !error.final && !error.late;
}

function withTimeout(promise, ms, what, late) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(t("engine.tookLonger", { what, s: Math.round(ms / 1000) }));
      error.late = late; // still running: may succeed after all
      reject(error);
    }, ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

function describe(error) {
  if (!error) return t("engine.unknownError");
  if (typeof error === "string") return error;
  if (error.message) return error.message;
  if (error.error && error.error.message) return error.error.message;
  return String(error);
}

// Wait until PyScript has attached its worker to our script element.
function xworkerOf(element) {
  return new Promise((resolve) => {
    if (element.xworker) return resolve(element.xworker);
    const tick = () => (element.xworker ? resolve(element.xworker) : setTimeout(tick, 25));
    tick();
  });
}

function failWith(error) {
  if (root.dataset.engine === "error") return;
  const message = describe(error);
  console.error("[tablecheck] engine failed:", error);
  setStatus("error", message);
  if (readyResolvers) readyResolvers.reject(new Error(message));
}

// Which required files the server says are missing ([] if none; no network:
// none, the service worker has them).
// Each request is sent in a turn of its own (a fetch costs the main thread
// several ms on a busy machine: eight together made one long turn).
async function missingFiles() {
  const asked = [];
  for (const file of REQUIRED_FILES) {
    if (asked.length) await new Promise((resolve) => setTimeout(resolve));
    asked.push(fetch(file, { method: "HEAD", cache: "no-store" }).then(
      (response) => (response.ok ? null : t("engine.missingFile", { file: file.slice(2), status: response.status })),
      () => null,
    ));
  }
  return (await Promise.all(asked)).filter(Boolean);
}

// The files missing, as a start's error: final, no restart finds them.
function missingError(missing) {
  return Object.assign(new Error(missing.join("; ")), { final: true });
}

// The pre-flight check, off the start's critical path: a start that is well
// under way needs none of its seven requests (and the main thread none of their
// cost), so it runs only once PREFLIGHT_DELAY_MS have passed without the
// engine being ready, or at once when the worker reports an error (a missing
// file explains that best). `result` rejects naming the missing files and
// never settles otherwise; `answered` resolves once the answers are in.
function preflight(delay = PREFLIGHT_DELAY_MS) {
  let begin;
  const begun = new Promise((resolve) => { begin = resolve; });
  const timer = setTimeout(() => begin(root.dataset.engine !== "ready"), delay);
  const answered = begun.then((wanted) => { clearTimeout(timer); return wanted ? missingFiles() : []; });
  const result = answered.then((missing) => (missing.length
    ? Promise.reject(missingError(missing))
    : new Promise(() => {})));
  result.catch(() => {});
  return { result, answered, now: () => begin(true) };
}

// Rejects when the worker has given no sign of life within STALL_MS.
function stallWatch() {
  let timer;
  const stalled = new Promise((_, reject) => {
    if (typeof BroadcastChannel !== "function") return; // no word can come: no watch
    timer = setTimeout(() => {
      if (!alive) reject(new Error(t("engine.stalled", { s: Math.round(STALL_MS / 1000) })));
    }, STALL_MS);
  });
  stalled.catch(() => {});
  return { stalled, stop: () => clearTimeout(timer) };
}

async function start(element) {
  const check = preflight();
  const checked = check.result;
  alive = false;
  const xworker = await Promise.race([xworkerOf(element), checked]);
  const watch = stallWatch();
  const failed = new Promise((_, reject) => {
    xworker.addEventListener("error", (event) => {
      event.preventDefault?.();
      reject(new Error(event.message || t("engine.workerError"))); // the pre-flight is asked below first
    });
    xworker.addEventListener("messageerror", () => reject(new Error(t("engine.workerUnreadable"))));
  });
  failed.catch(() => {});
  const loaded = (async () => {
    await xworker.ready;
    const pinged = xworker.sync.ping();
    if (openResolve) openResolve(xworker); // early calls now queue behind the ping
    const info = JSON.parse(await pinged);
    if (info.error) throw Object.assign(new Error(info.error), { final: true }); // Python started, the rules did not load
    return info;
  })();
  loaded.then((info) => { current = { xworker, element }; return info; }).catch(() => {});
  try {
    const info = await withTimeout(Promise.race([loaded, failed, checked, watch.stalled]), START_TIMEOUT_MS,
      t("engine.what.start"), loaded);
    current = { xworker, element };
    return info;
  } catch (error) {
    if (!restartable(error)) throw error;
    // before a restart: a missing file names the cause better, and no restart finds it
    check.now();
    const missing = await withTimeout(check.answered, PREFLIGHT_WAIT_MS, t("engine.what.preflight")).catch(() => []);
    if (missing.length) throw missingError(missing);
    throw error;
  } finally {
    watch.stop();
  }
}

// The first start, and again in a fresh worker (`restarts` times at most)
// while it fails in a way the next one may not (restartable).
async function startOrRestart(element, restarts) {
  try {
    return await start(element);
  } catch (error) {
    if (restarts < 1 || !restartable(error)) throw error;
    status.restarted = describe(error);
    console.warn("[tablecheck] engine start failed, starting it again:", error);
    setStatus("restarting");
    return startOrRestart(freshElement(), restarts - 1);
  }
}

function boot(element, restarts = RESTARTS) {
  boots += 1;
  const mine = boots;
  delete status.restarted;
  setStatus("downloading");
  opened = new Promise((resolve) => { openResolve = resolve; });
  const ready = makeReady();
  const resolvers = readyResolvers;
  startOrRestart(element, restarts).then(
    (info) => {
      if (mine !== boots) return;
      if (status.restarted) info.restarted = status.restarted;
      window.tablecheck.info = info;
      status.boot = info.boot || null;
      setStatus("ready");
      resolvers.resolve(info);
    },
    (error) => {
      if (mine !== boots) return;
      failWith(error);
      // only slow, not broken: recover if it comes up after all
      if (error && error.late) {
        error.late.then((info) => {
          if (mine !== boots) return;
          window.tablecheck.info = info;
          window.tablecheck.ready = Promise.resolve(info);
          status.boot = info.boot || null;
          setStatus("ready");
        }, () => {});
      }
    },
  );
  return ready;
}

// Stage reports from Python (py/engine.py posts 'starting' when it runs).
try {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = ({ data }) => {
    if (data && data.stage === "alive") alive = true; // static/js/boot/pyodide.mjs: its first request answered
    if (data && data.stage === "starting" && (status.stage === "downloading" || status.stage === "restarting")) {
      setStatus("starting");
    }
  };
} catch (_) { /* no BroadcastChannel: the stages go straight to ready */ }

// PyScript reports errors it catches itself (e.g. the interpreter failed to
// import) through its 'py:error'-style hooks only on the main thread; a worker
// whose import fails surfaces as an 'error' event on the worker, handled above.

/** The worker call's arguments: the request as JSON text with the page's
 * language as its `locale` (unless it names one), the catalog's language.
 * English is the API's default: an English page sends what it always sent. */
function argsOf(name, request) {
  const locale = name === "catalog" && typeof request === "string" ? request : lang();
  if (name === "catalog") return locale === "en" ? [] : [locale];
  const plain = request && typeof request === "object" && !Array.isArray(request);
  const sent = plain && request.locale === undefined && locale !== "en" ? { ...request, locale } : request;
  return [JSON.stringify(sent === undefined ? null : sent)];
}

async function call(name, request) {
  try {
    await window.tablecheck.ready;
  } catch (error) {
    return { error: { field: null, message: t("engine.unavailable", { detail: describe(error) }) } };
  }
  try {
    const args = argsOf(name, request);
    const text = await withTimeout(current.xworker.sync[name](...args), CALL_TIMEOUT_MS, t("engine.what.call", { name }));
    return JSON.parse(text);
  } catch (error) {
    return { error: { field: null, message: t("engine.callFailed", { detail: describe(error) }) } };
  }
}

/** A call sent before ready: to the worker as soon as it runs (behind the
 * ping), answered when ready (a start that fails answers {error}). */
async function early(name, request) {
  const ready = window.tablecheck.ready;
  let xworker;
  try {
    xworker = await Promise.race([opened, ready.then(() => current.xworker)]);
  } catch (error) {
    return { error: { field: null, message: t("engine.unavailable", { detail: describe(error) }) } };
  }
  const args = argsOf(name, request);
  const start = performance.now();
  const sent = withTimeout(xworker.sync[name](...args), CALL_TIMEOUT_MS, t("engine.what.call", { name }));
  sent.catch(() => {});
  try {
    await ready;
  } catch (error) {
    return { error: { field: null, message: t("engine.unavailable", { detail: describe(error) }) } };
  }
  // sent to a worker that failed and was started again: ask the new one
  if (current.xworker !== xworker) return call(name, request);
  try {
    const text = await sent;
    // for benchmarks: sent -> answered (a wait, not work: not a tablecheck: step)
    performance.measure(`tablecheck-early:${name}`, { start });
    return JSON.parse(text);
  } catch (error) {
    return { error: { field: null, message: t("engine.callFailed", { detail: describe(error) }) } };
  }
}

// The engine's script element again, for a new worker (the old one stopped).
let workers = 1;
function freshElement() {
  const old = document.getElementById(ENGINE_ID);
  if (old) {
    try { old.xworker && old.xworker.terminate(); } catch (_) { /* already gone */ }
  }
  const fresh = document.createElement("script");
  for (const key of old ? old.getAttributeNames() : []) fresh.setAttribute(key, old.getAttribute(key));
  // PyScript keeps one worker per name: give the new one its own
  workers += 1;
  fresh.setAttribute("name", `${ENGINE_ID}-${workers}`);
  fresh.id = ENGINE_ID;
  old?.remove();
  document.head.append(fresh);
  return fresh;
}

function retry() {
  root.dataset.engine = "loading";
  window.tablecheck.ready = boot(freshElement());
  return window.tablecheck.ready;
}

window.tablecheck = {
  ready: null,
  status,
  info: null,
  catalog: (locale) => call("catalog", locale),
  resolve: (request) => call("resolve", request),
  odds: (request) => call("odds", request),
  fill: (request) => call("fill", request),
  importCharacter: (request) => call("import_character", request),
  early: (name, request) => (root.dataset.engine === "ready" ? call(name, request) : early(name, request)),
  retry,
};

/** The bridge for the page's modules (also window.tablecheck for tests). */
export const tablecheck = window.tablecheck;

const element = document.getElementById(ENGINE_ID);
if (element) {
  window.tablecheck.ready = boot(element);
} else {
  window.tablecheck.ready = makeReady();
  failWith(new Error(t("engine.noScript", { id: ENGINE_ID })));
}

// once the service worker has cached the build, say so in the pill
window.addEventListener("tablecheck:offline-ready", () => {
  if (status.stage === "ready") setStatus("ready");
});

document.addEventListener("click", (event) => {
  if (event.target && event.target.id === "engine-retry") retry();
});
