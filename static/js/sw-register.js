// Registers the service worker (sw.js at the site root, scope "./") and shows
// the "new version ready" prompt (#update-banner) when a new build has been
// installed while this page runs. It never reloads by itself: only a tap on
// Reload hands control to the new version and reloads.
//
// Signals: document.documentElement.dataset.offline = 'ready' once a service
// worker controls the page (the whole build is cached); window event
// 'tablecheck:offline-ready'; 'tablecheck:update-ready' when a new version waits.

const root = document.documentElement;
let reloadRequested = false;

function markOfflineReady() {
  if (root.dataset.offline === "ready") return;
  root.dataset.offline = "ready";
  window.dispatchEvent(new CustomEvent("tablecheck:offline-ready"));
  const pill = document.getElementById("engine-status");
  if (pill) pill.dataset.offline = "ready";
}

function showUpdate(registration) {
  const banner = document.getElementById("update-banner");
  if (!banner || !registration.waiting) return;
  banner.hidden = false;
  root.dataset.update = "ready";
  window.dispatchEvent(new CustomEvent("tablecheck:update-ready"));
  document.getElementById("update-reload")?.addEventListener("click", () => {
    reloadRequested = true;
    if (registration.waiting) registration.waiting.postMessage({ type: "skip-waiting" });
    else location.reload();
  }, { once: true });
  document.getElementById("update-dismiss")?.addEventListener("click", () => {
    banner.hidden = true;
  }, { once: true });
}

function watch(registration) {
  if (registration.waiting && navigator.serviceWorker.controller) showUpdate(registration);
  registration.addEventListener("updatefound", () => {
    const incoming = registration.installing;
    if (!incoming) return;
    incoming.addEventListener("statechange", () => {
      // installed while an older version controls the page: a real update
      if (incoming.state === "installed" && navigator.serviceWorker.controller) showUpdate(registration);
    });
  });
}

async function register() {
  if (!("serviceWorker" in navigator)) return;
  if (location.protocol !== "https:" && !["localhost", "127.0.0.1", "[::1]"].includes(location.hostname)) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    markOfflineReady();
    if (reloadRequested) location.reload();
  });
  if (navigator.serviceWorker.controller) markOfflineReady();
  try {
    const registration = await navigator.serviceWorker.register("./sw.js", { scope: "./" });
    if (!registration) throw new Error("registration refused");
    watch(registration);
    // a tab left open at the table still learns about new versions
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
  } catch (error) {
    console.warn("[tablecheck] service worker not registered:", error);
    root.dataset.offline = "unavailable";
  }
}

// Register when the engine has settled and the page has drawn what it
// shows first (<html data-ui="ready">: the engine's catalog, after the first
// odds), when the page is idle: the service worker's precache then
// revalidates files the page already downloaded instead of racing the
// engine for the same 13 MB on a first visit, and its requests do not keep
// the browser busy while the first odds are drawn. A page that never gets
// there (an engine error, no catalog) registers anyway.
const UI_WAIT_MS = 5000;

function whenIdle(callback) {
  if (window.requestIdleCallback) requestIdleCallback(() => callback(), { timeout: 1000 });
  else setTimeout(callback, 0);
}

function whenEngineSettled(callback) {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    window.removeEventListener("tablecheck:status", onStatus);
    observer.disconnect();
    clearTimeout(timer);
    whenIdle(callback);
  };
  let timer = null;
  const check = () => {
    const engine = root.dataset.engine;
    if (engine === "error" || (engine === "ready" && root.dataset.ui === "ready")) go();
    else if (engine === "ready" && timer === null) timer = setTimeout(go, UI_WAIT_MS);
  };
  const onStatus = () => check();
  const observer = new MutationObserver(check);
  observer.observe(root, { attributeFilter: ["data-engine", "data-ui"] });
  window.addEventListener("tablecheck:status", onStatus);
  check();
}

whenEngineSettled(register);
