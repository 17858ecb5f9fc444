// Browser storage that never lies (docs/architecture.md, "Storage").
//
// Records (history entries, characters, saved checks, tracked entries,
// forms) are kept one localStorage key each (record-store.js); single
// values (preferences, the cached catalog) one key each. Every save says
// whether it is stored: {ok, reason} with reason 'full' (the quota) or
// 'unavailable' (private mode, disabled). A record that could not be
// stored stays in memory marked not saved, so the page can say so. When
// storage is unavailable everything is kept in memory for this visit.
// Broken stored values are reset when read and listed once (repairs());
// another tab's changes arrive through the `storage` event (onExternal).
// Nothing here throws.

import { RecordStore, V1, KINDS, sanitizePrefs, sanitizeForm } from './record-store.js';
import { t, count } from './i18n.js';

// each kind's records counted in words: "2 history entries"
const countOf = (kind, n) => count(`count.${kind}`, n);

function openStorage() {
  try {
    const ls = window.localStorage;
    const key = `${V1}probe`;
    ls.setItem(key, '1');
    ls.removeItem(key);
    return ls;
  } catch (e) {
    return null;
  }
}

const store = new RecordStore(openStorage()); // each kind read when first used
const memory = new Map(); // single values this visit could not store
let valueFailure = null; // why the last save of a single value failed
const listeners = new Set();
const externals = new Set();
const brokenRecords = new Map(KINDS.map((k) => [k, 0])); // records reset, by kind
const brokenLists = []; // v1 lists that could not be read
const brokenValues = []; // single values, in words
store.onRepair = (r) => {
  if (r.whole) brokenLists.push(t(`storage.list.${r.kind}`));
  else brokenRecords.set(r.kind, brokenRecords.get(r.kind) + r.n);
  window.dispatchEvent(new CustomEvent('tablecheck:repaired'));
};
let lastReason = problemReason();

/** True while what is saved survives a reload. */
export function persistent() {
  return problemReason() === null;
}

/** Why not everything is stored (or null): 'unavailable' or 'full'. */
export function problemReason() {
  if (!store.available) return 'unavailable';
  if (KINDS.some((k) => store.unsaved(k) > 0) || valueFailure) return valueFailure || 'full';
  return null;
}

/** The words for a reason, to follow "not saved: ". */
export function reasonText(reason) {
  if (reason === 'full') return t('storage.reason.full');
  if (reason === 'conflict') return t('storage.reason.conflict');
  return t('storage.reason.unavailable');
}

export function onStorageProblem(fn) {
  listeners.add(fn);
}

/** Tell the page when the state changed (a first failure, or all stored again). */
function check() {
  const reason = problemReason();
  if (reason === lastReason) return;
  lastReason = reason;
  for (const fn of listeners) {
    try { fn(reason || 'recovered'); } catch (e) { /* a listener's bug must not stop saving */ }
  }
  window.dispatchEvent(new CustomEvent('tablecheck:storage', { detail: { persistent: !reason, reason: reason || 'recovered' } }));
}

// -- single values --------------------------------------------------------------

// the single values, named in words when one is reset (storage.value.<name>)
const VALUE_NAMES = ['prefs', 'catalog', 'catalog-de', 'lang', 'persist-asked'];

export function load(name, fallback) {
  const key = V1 + name;
  if (memory.has(key)) return JSON.parse(memory.get(key));
  const text = store.read(key);
  if (text === null) return fallback;
  try {
    return JSON.parse(text);
  } catch (e) {
    store.erase(key);
    repair(VALUE_NAMES.includes(name) ? t(`storage.value.${name}`) : t('storage.value.other', { name }));
    return fallback;
  }
}

/** Save `value` under `name`; true when it will survive a reload. */
export function save(name, value) {
  return saveText(name, JSON.stringify(value));
}

/** save() of a value already written as JSON text. opts.cache: a copy of
 * something the page can get again (the catalog): a failure is no problem
 * to report. */
export function saveText(name, text, opts = {}) {
  const key = V1 + name;
  const reason = store.write(key, text);
  if (!reason) memory.delete(key); else memory.set(key, text);
  if (!opts.cache) valueFailure = reason;
  check();
  return !reason;
}

export function remove(name) {
  const key = V1 + name;
  memory.delete(key);
  store.erase(key);
}

/** The preferences, each field of the wrong type reset to its default (said once). */
export function loadPrefs() {
  const raw = load('prefs', undefined);
  const { prefs, reset } = sanitizePrefs(raw);
  if (reset.length) {
    repair(reset.includes('all') ? 'preferences' : `preferences (${reset.join(', ')})`);
    save('prefs', prefs);
  }
  return prefs;
}

// -- records ----------------------------------------------------------------------

/** The records of one kind. Each change returns {ok, reason} and
 * version() counts changes (modules cache what they derive by it). */
export function collection(kind) {
  const done = (result) => { check(); return result; };
  return {
    version: () => store.version(kind),
    entries: () => store.entries(kind),
    values: () => store.values(kind),
    get: (id) => store.get(kind, id),
    isSaved: (id) => store.isSaved(kind, id),
    unsaved: () => store.unsaved(kind),
    storedText: (id) => store.storedText(kind, id),
    put: (id, value, opts) => done(store.put(kind, id, value, opts)),
    stage: (id, value) => store.stage(kind, id, value),
    remove: (id) => done(store.remove(kind, id)),
    flush: () => done(store.flush(kind)),
  };
}

/** The saved values of each form (key "system.check"), written when flushed. */
export const forms = (() => {
  const c = collection('forms');
  let n = 0;
  for (const { id, value } of c.entries()) {
    const { form, changed } = sanitizeForm(value);
    if (!changed) continue;
    n += 1;
    c.put(id, form || {});
  }
  if (n) repair(t('storage.formValues', { what: countOf('forms', n) }));
  return {
    get: (key) => c.get(key) || {},
    set: (key, value) => c.stage(key, value),
    flush: () => c.flush(),
    remove: (key) => c.remove(key),
  };
})();

/** Read every kind not read yet (moving any v1 list left): after the
 * start's first frames, so the notice is complete and no old list lingers. */
export function readAll() {
  store.scan();
}

// -- what was reset ------------------------------------------------------------------

/** Something stored (`what`, in words) could not be read and was reset:
 * said once, in the notice. */
export function repair(what) {
  brokenValues.push(what);
  window.dispatchEvent(new CustomEvent('tablecheck:repaired'));
}

/** What was reset since the page started, in words ("4 history entries"). */
export function repairs() {
  const records = [...brokenRecords].filter(([, n]) => n).map(([kind, n]) => countOf(kind, n));
  return records.concat(brokenLists, brokenValues);
}

// -- other tabs ---------------------------------------------------------------------

/** fn(kind or value name) after another tab changed what this one shows. */
export function onExternal(fn) {
  externals.add(fn);
}

function tellExternal(name) {
  for (const fn of externals) {
    try { fn(name); } catch (e) { /* one list's bug must not stop the others */ }
  }
}

if (store.available) {
  window.addEventListener('storage', (e) => {
    if (e.key === null) { store.rescan(); for (const k of KINDS) tellExternal(k); tellExternal('prefs'); return; }
    // a kind this tab has not read yet reads the other tab's records when first used
    const kind = store.external(e.key, e.newValue);
    if (kind) tellExternal(kind);
    else if (typeof e.key === 'string' && e.key.startsWith(V1)) tellExternal(e.key.slice(V1.length));
  });
}
