// The record store behind storage.js: one localStorage key per record, so a
// save is exactly one setItem that either happened or threw, and two tabs
// adding records never write the same key. Free of the page (no window, no
// DOM): tests/js runs it on a fake Storage in Node.
//
// Keys:  tablecheck:v2:<kind>:<id>  one record (JSON)
//        tablecheck:v1:<name>       one value (prefs, catalog, persist-asked)
// The page before this one kept each kind as one JSON list (forms as one
// object) under tablecheck:v1:<kind>; here() moves those into records,
// keeping every record, and removes the list only once all of it is moved.

export const V1 = 'tablecheck:v1:';
export const V2 = 'tablecheck:v2:';
export const LISTS = ['history', 'characters', 'saved-checks', 'tracked'];
export const MAPS = ['forms']; // v1: {id: value}
export const KINDS = [...LISTS, ...MAPS];
const MIGRATION_ROUNDS = 20; // a full storage moves a list in at most this many steps

export function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** 'full' for a quota error (each engine names it its own way), else 'unavailable'. */
export function failureOf(e) {
  const quota = !!e && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED'
    || e.code === 22 || e.code === 1014);
  return quota ? 'full' : 'unavailable';
}

export function recordKey(kind, id) {
  return `${V2}${kind}:${id}`;
}

/** {kind, id} of a record key, {list: kind} of a v1 list, {value: name} of a v1 value, or null. */
export function parseKey(key) {
  if (typeof key !== 'string') return null;
  if (key.startsWith(V2)) {
    const rest = key.slice(V2.length);
    const colon = rest.indexOf(':');
    if (colon < 0) return null;
    const kind = rest.slice(0, colon);
    return KINDS.includes(kind) ? { kind, id: rest.slice(colon + 1) } : null;
  }
  if (key.startsWith(V1)) {
    const name = key.slice(V1.length);
    return KINDS.includes(name) ? { list: name } : { value: name };
  }
  return null;
}

function parse(text) {
  try { return { ok: true, value: JSON.parse(text) }; } catch (e) { return { ok: false }; }
}

/**
 * The records of every kind, in memory and in `ls` (a Storage, or null when
 * the browser allows none). Each record: {value, text (what storage holds,
 * or null), saved, own (the text this tab wrote last)}. A record whose save failed stays in memory with saved
 * false (the page says so); it is written again with the next save of its kind.
 */
export class RecordStore {
  constructor(ls) {
    this.ls = ls;
    this.kinds = new Map(KINDS.map((k) => [k, new Map()]));
    this.loaded = new Set();
    this.repairs = []; // what was found broken and reset: [{kind, n}] records, [{kind, whole}] a v1 list
    this.onRepair = null;
    this.versions = new Map(KINDS.map((k) => [k, 0]));
  }

  get available() { return !!this.ls; }

  // -- the one place that writes -------------------------------------------------

  /** null when stored, else 'full' or 'unavailable'. */
  write(key, text) {
    if (!this.ls) return 'unavailable';
    try { this.ls.setItem(key, text); return null; } catch (e) { return failureOf(e); }
  }

  erase(key) {
    if (!this.ls) return 'unavailable';
    try { this.ls.removeItem(key); return null; } catch (e) { return failureOf(e); }
  }

  read(key) {
    if (!this.ls) return null;
    try { return this.ls.getItem(key); } catch (e) { return null; }
  }

  keys() {
    if (!this.ls) return [];
    const out = [];
    try {
      for (let i = 0; i < this.ls.length; i++) {
        const k = this.ls.key(i);
        if (typeof k === 'string' && k.startsWith('tablecheck:')) out.push(k);
      }
    } catch (e) { /* what was listed */ }
    return out;
  }

  // -- reading everything --------------------------------------------------------

  /** The records of a kind, read on first use (each kind when the page
   * first needs it, as before: the history after the form is drawn): every
   * record key of the kind, then its v1 list moved into records. Broken
   * values are reset (removed) and reported (onRepair, `repairs`). */
  here(kind) {
    if (!this.loaded.has(kind)) {
      this.loaded.add(kind);
      this.loadKind(kind);
    }
    return this.kinds.get(kind);
  }

  loadKind(kind) {
    const prefix = recordKey(kind, '');
    const keys = this.keys();
    let damaged = 0;
    for (const key of keys) {
      if (key.startsWith(prefix) && !this.loadRecord(kind, key.slice(prefix.length), this.read(key), key)) damaged += 1;
    }
    if (damaged) this.report({ kind, n: damaged });
    if (keys.includes(V1 + kind)) this.migrate(kind, this.read(V1 + kind));
  }

  /** Read every kind now (tests; a storage cleared in another tab). */
  scan() {
    for (const kind of KINDS) this.here(kind);
    return this;
  }

  report(r) {
    this.repairs.push(r);
    if (this.onRepair) this.onRepair(r);
  }

  /** False when the stored text is not a record (then it is removed). */
  loadRecord(kind, id, text, key = recordKey(kind, id)) {
    if (text === null) return true;
    const p = parse(text);
    // a record is an object; anything else (truncated JSON, null, a number) is not one
    if (!p.ok || !isPlainObject(p.value)) {
      this.erase(key);
      return false;
    }
    this.kinds.get(kind).set(id, { value: p.value, text, saved: true });
    this.bump(kind);
    return true;
  }

  /** The v1 list of `kind` (its stored text) moved into one record each. */
  migrate(kind, text) {
    if (text === null) return;
    const key = V1 + kind;
    const p = parse(text);
    const shapeOk = p.ok && (LISTS.includes(kind) ? Array.isArray(p.value) : isPlainObject(p.value));
    if (!shapeOk) {
      this.erase(key);
      this.report({ kind, whole: true });
      return;
    }
    const here = this.kinds.get(kind);
    const pending = [];
    let broken = 0;
    const items = LISTS.includes(kind) ? p.value.map((v, i) => [v, i]) : Object.entries(p.value).map(([id, v]) => [v, id]);
    for (const [value, at] of items) {
      if (!isPlainObject(value)) { broken += 1; continue; }
      // a record without a usable id is kept as it is, under an id of its own
      let id = LISTS.includes(kind) ? value.id : at;
      if (typeof id !== 'string' || !id) id = `~${at}-${Math.random().toString(36).slice(2, 8)}`;
      const t = JSON.stringify(value);
      if (here.has(id)) continue; // moved already (the record's own key is the newer)
      pending.push({ id, value, text: t });
    }
    if (broken) this.report({ kind, n: broken });
    const left = this.moveAll(kind, key, pending, LISTS.includes(kind));
    if (!left) { this.erase(key); return; }
    // storage is full: what is left stays in the list, read from there
    for (const r of left) here.set(r.id, { value: r.value, text: r.text, saved: true, legacy: key });
    this.bump(kind);
  }

  /** Write each pending record; when storage is full, shrink the list to
   * what is left (freeing what was moved) and go on. The records left
   * unmoved (null when none). */
  moveAll(kind, listKey, pending, isList) {
    const here = this.kinds.get(kind);
    let rest = pending;
    for (let round = 0; rest.length && round < MIGRATION_ROUNDS; round++) {
      let done = 0;
      while (done < rest.length && !this.write(recordKey(kind, rest[done].id), rest[done].text)) {
        const r = rest[done];
        here.set(r.id, { value: r.value, text: r.text, saved: true });
        done += 1;
      }
      rest = rest.slice(done);
      if (!rest.length || !done) break;
      const remaining = isList ? rest.map((r) => r.value) : Object.fromEntries(rest.map((r) => [r.id, r.value]));
      if (this.write(listKey, JSON.stringify(remaining))) break;
    }
    if (pending.length) this.bump(kind);
    return rest.length ? rest : null;
  }

  // -- records -------------------------------------------------------------------

  bump(kind) { this.versions.set(kind, this.versions.get(kind) + 1); }
  version(kind) { return this.versions.get(kind); }

  /** Every record of a kind: [{id, value, saved}] as read. */
  entries(kind) {
    return [...this.here(kind)].map(([id, r]) => ({ id, value: r.value, saved: r.saved }));
  }

  values(kind) {
    return [...this.here(kind).values()].map((r) => r.value);
  }

  get(kind, id) {
    const r = this.here(kind).get(id);
    return r ? r.value : null;
  }

  isSaved(kind, id) {
    const r = this.here(kind).get(id);
    return !r || r.saved;
  }

  unsaved(kind) {
    if (!this.loaded.has(kind)) return 0; // nothing read, nothing unsaved
    let n = 0;
    for (const r of this.here(kind).values()) if (!r.saved) n += 1;
    return n;
  }

  /** What storage holds for the record now (another tab may have changed
   * it): the text a later put({expect}) compares with. */
  storedText(kind, id) {
    return this.ls ? this.read(recordKey(kind, id)) : (this.here(kind).get(id) || { text: null }).text;
  }

  /**
   * Store one record. opts.expect: the stored text the change was made on
   * (storedText() when the edit began): when storage holds another now, the
   * record was changed (or deleted) in another tab and nothing is written
   * ({ok: false, reason: 'conflict', current}). opts.keep false: a record
   * that could not be stored is not kept in memory either (an import).
   * Returns {ok, reason: null | 'full' | 'unavailable' | 'conflict'}.
   */
  put(kind, id, value, opts = {}) {
    const here = this.here(kind);
    const before = here.get(id);
    if (opts.expect !== undefined) {
      const now = this.storedText(kind, id);
      // (a change this tab made itself meanwhile, e.g. a counter spent, is no conflict)
      if (now !== opts.expect && !(before && before.own !== undefined && now === before.own)) {
        const p = now === null ? { ok: false } : parse(now);
        return { ok: false, reason: 'conflict', current: p.ok ? p.value : null };
      }
    }
    const text = JSON.stringify(value);
    const reason = this.write(recordKey(kind, id), text);
    if (reason && opts.keep === false) return { ok: false, reason };
    here.set(id, reason ? { value, text: before ? before.text : null, saved: false, own: before && before.own }
      : { value, text, saved: true, own: text });
    this.bump(kind);
    if (!reason) {
      if (before && before.legacy) this.dropLegacy(kind, id, before.legacy);
      this.retry(kind);
    }
    return { ok: !reason, reason };
  }

  /** Forget one record (in storage and here). */
  remove(kind, id) {
    const here = this.here(kind);
    const before = here.get(id);
    here.delete(id);
    this.bump(kind);
    if (!this.ls) return { ok: true, reason: null }; // nothing stored to forget
    const reason = this.erase(recordKey(kind, id));
    if (before && before.legacy) this.dropLegacy(kind, id, before.legacy);
    if (!reason) for (const k of this.loaded) this.retry(k); // room made: what could not be stored gets another try
    return { ok: !reason, reason };
  }

  /** Write every record of a kind changed in memory since it was stored
   * (values changed in place) or not stored yet. {ok, reason}. */
  flush(kind) {
    let reason = null;
    for (const [id, r] of this.here(kind)) {
      const text = JSON.stringify(r.value);
      if (r.saved && text === r.text) continue;
      const why = this.write(recordKey(kind, id), text);
      if (why) { reason = reason || why; r.saved = false; continue; }
      r.text = text;
      r.own = text;
      r.saved = true;
      if (r.legacy) { this.dropLegacy(kind, id, r.legacy); delete r.legacy; }
    }
    return { ok: !reason, reason };
  }

  /** Keep a change in memory only; flush() writes it (a form typed into). */
  stage(kind, id, value) {
    const here = this.here(kind);
    const before = here.get(id);
    here.set(id, { ...before, value, text: before ? before.text : null, saved: before ? before.saved : true });
    this.bump(kind);
  }

  /** After a save went through: the records that could not be stored before get another try. */
  retry(kind) {
    if (!this.unsaved(kind)) return;
    this.flush(kind);
  }

  /** A record moved out of a v1 list left there by a full storage: out of the list too. */
  dropLegacy(kind, id, listKey) {
    const p = parse(this.read(listKey));
    if (!p.ok) return;
    const isList = LISTS.includes(kind);
    const left = isList ? p.value.filter((v) => !(isPlainObject(v) && v.id === id))
      : Object.fromEntries(Object.entries(p.value).filter(([k]) => k !== id));
    if ((isList ? left.length : Object.keys(left).length) === 0) this.erase(listKey);
    else this.write(listKey, JSON.stringify(left));
  }

  // -- another tab ---------------------------------------------------------------

  /** Another tab changed `key` (a storage event): take its value. Returns the
   * kind changed, or null. A record this tab could not store stays as this
   * tab has it. */
  external(key, newValue) {
    const k = parseKey(key);
    if (!k) return null;
    if (k.list) { this.here(k.list); this.migrate(k.list, newValue); this.bump(k.list); return k.list; }
    if (!k.kind) return null;
    const here = this.here(k.kind);
    const mine = here.get(k.id);
    if (mine && !mine.saved) return null;
    if (newValue === null) {
      if (!mine) return null;
      here.delete(k.id);
    } else {
      const p = parse(newValue);
      if (!p.ok || !isPlainObject(p.value)) return null;
      here.set(k.id, { value: p.value, text: newValue, saved: true });
    }
    this.bump(k.kind);
    return k.kind;
  }

  /** Storage was cleared in another tab: read it all again (what this tab
   * could not store stays). */
  rescan() {
    const keep = new Map(KINDS.map((kind) => [kind, [...this.here(kind)].filter(([, r]) => !r.saved)]));
    for (const kind of KINDS) { this.kinds.get(kind).clear(); this.bump(kind); }
    this.loaded.clear();
    for (const [kind, list] of keep) for (const [id, r] of list) this.here(kind).set(id, r);
  }

}

// -- values of a known shape ------------------------------------------------------

const PREFS = { theme: null, system: null, checks: {}, entered: {}, character: {} };

function mapOf(v, ok) {
  if (!isPlainObject(v)) return null;
  return Object.fromEntries(Object.entries(v).filter(([, x]) => ok(x)));
}

/** The preferences as the page reads them (raw: the stored value, undefined
 * when none): {prefs, reset: [names of the fields that were not of their
 * type and are back to their defaults]}.
 * Fields the page does not know are kept. */
export function sanitizePrefs(raw) {
  const prefs = { ...PREFS, checks: {}, entered: {}, character: {} };
  if (raw === undefined) return { prefs, reset: [] };
  if (!isPlainObject(raw)) return { prefs, reset: ['all'] };
  const reset = [];
  const text = (v) => v === null || typeof v === 'string';
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'theme') {
      if (v === null || v === 'dark' || v === 'light') prefs[k] = v; else reset.push(k);
    } else if (k === 'system') {
      if (text(v)) prefs[k] = v; else reset.push(k);
    } else if (k === 'checks' || k === 'entered' || k === 'character') {
      const m = mapOf(v, k === 'entered' ? (x) => typeof x === 'boolean' : (x) => typeof x === 'string');
      if (!m) { reset.push(k); continue; }
      if (Object.keys(m).length !== Object.keys(v).length) reset.push(k);
      prefs[k] = m;
    } else {
      prefs[k] = v;
    }
  }
  return { prefs, reset };
}

/** A stored form ({values, filled}) as the form reads it, or null when
 * nothing of it is usable; `changed` when a part was dropped. */
export function sanitizeForm(raw) {
  if (!isPlainObject(raw)) return { form: null, changed: true };
  const form = { ...raw };
  let changed = false;
  if (form.values !== undefined && !isPlainObject(form.values)) { delete form.values; changed = true; }
  if (form.filled !== undefined) {
    const filled = mapOf(form.filled, isPlainObject);
    if (!filled || Object.keys(filled).length !== Object.keys(form.filled).length) changed = true;
    if (filled) form.filled = filled; else delete form.filled;
  }
  return { form, changed };
}
