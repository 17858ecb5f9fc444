// Browser storage with graceful failure.
//
// Everything the page keeps (history, characters, last form values,
// preferences, the cached catalog) goes through here, as JSON in
// localStorage. When storage is unavailable (private mode, disabled) or full,
// values are kept in memory for this visit, `persistent` turns false and a
// 'tablecheck:storage' event tells the page to say so. Nothing throws.

const PREFIX = 'tablecheck:v1:';
const memory = new Map();
let available = probe();
let failedWrite = false;
const listeners = new Set();

function probe() {
  try {
    const ls = window.localStorage;
    const key = `${PREFIX}probe`;
    ls.setItem(key, '1');
    ls.removeItem(key);
    return true;
  } catch (e) {
    return false;
  }
}

/** True while what is saved survives a reload. */
export function persistent() {
  return available && !failedWrite;
}

export function onStorageProblem(fn) {
  listeners.add(fn);
}

function problem(reason) {
  for (const fn of listeners) {
    try { fn(reason); } catch (e) { /* a listener's bug must not stop saving */ }
  }
  window.dispatchEvent(new CustomEvent('tablecheck:storage', { detail: { persistent: persistent(), reason } }));
}

export function load(name, fallback) {
  const key = PREFIX + name;
  if (memory.has(key)) return JSON.parse(memory.get(key));
  if (!available) return fallback;
  try {
    const text = window.localStorage.getItem(key);
    if (text === null) return fallback;
    return JSON.parse(text);
  } catch (e) {
    return fallback;
  }
}

/** Save `value` under `name`; returns true when it will survive a reload. */
export function save(name, value) {
  return saveText(name, JSON.stringify(value));
}

/** save() of a value already written as JSON text. */
export function saveText(name, text) {
  const key = PREFIX + name;
  if (available) {
    try {
      window.localStorage.setItem(key, text);
      memory.delete(key);
      if (failedWrite && name === 'history') {
        failedWrite = false;
        problem('recovered');
      }
      return true;
    } catch (e) {
      const wasOk = !failedWrite;
      failedWrite = true;
      memory.set(key, text);
      if (wasOk) problem('full');
      return false;
    }
  }
  memory.set(key, text);
  return false;
}

export function remove(name) {
  const key = PREFIX + name;
  memory.delete(key);
  if (!available) return;
  try { window.localStorage.removeItem(key); } catch (e) { /* ignore */ }
}

/** For tests and the page: why storage is not persistent (or null). */
export function problemReason() {
  if (!available) return 'unavailable';
  if (failedWrite) return 'full';
  return null;
}
