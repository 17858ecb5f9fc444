// Tracked entries: what the table keeps across an evening, as the catalog's
// `tracked` kinds of a system declare it (numbers entered once, a state the
// checks change, the form groups an entry fills). The rules compute every
// new state (a result's `track`: {group path: {key: value}}); this module
// only stores entries and draws the control that picks one. No game here.
//
// Nothing stored is ever dropped: entries of a game or kind not known (yet)
// stay in storage, only unlisted.

import * as storage from './storage.js';
import { el, newId, isPlainObject } from './util.js';
import { t } from './i18n.js';

const records = storage.collection('tracked'); // one stored record per entry
let cache = [];
let readAt = -1;

export function all() {
  if (readAt !== records.version()) {
    cache = records.values();
    readAt = records.version();
  }
  return cache;
}

/** False for an entry kept in memory only (its save failed). */
export function isSaved(id) {
  return records.isSaved(id);
}

function wellFormed(e) {
  return isPlainObject(e) && typeof e.id === 'string' && typeof e.name === 'string'
    && isPlainObject(e.numbers) && isPlainObject(e.state);
}

/** The kind of tracked entry that fills group `path` of `checkId`, or null. */
export function kindFor(systemEntry, checkId, path) {
  const kinds = (systemEntry && Array.isArray(systemEntry.tracked)) ? systemEntry.tracked : [];
  return kinds.find((k) => (k.fills || []).some((f) => f.check === checkId && f.path === path)) || null;
}

export function entriesFor(system, kind) {
  return all().filter((e) => wellFormed(e) && e.system === system && e.kind === kind.key)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function get(id) {
  return all().find((e) => wellFormed(e) && e.id === id) || null;
}

/** The state a new (or reset) entry starts with: each Number's default. */
export function freshState(kind) {
  return Object.fromEntries((kind.state || []).map((n) => [n.key, n.default]));
}

function pick(values, numbers) {
  const out = {};
  for (const n of numbers || []) {
    const v = values ? values[n.key] : undefined;
    out[n.key] = Number.isInteger(v) ? v : n.default;
  }
  return out;
}

export function create(system, kind, name, values) {
  all();
  const entry = {
    id: newTrackedId(),
    system, kind: kind.key, name, numbers: pick(values, kind.numbers), state: pick(values, kind.state),
    updated: new Date().toISOString(),
  };
  const r = records.put(entry.id, entry);
  return { entry, ...r };
}

/** Keep what the rules said: the numbers as the form sent them, the new state. */
export function update(id, kind, values, state) {
  const e = get(id);
  if (!e) return null;
  if (values) e.numbers = pick(values, kind.numbers);
  if (state) e.state = pick({ ...e.state, ...state }, kind.state);
  e.updated = new Date().toISOString();
  records.put(e.id, e); // a failed save: the entry is marked not saved (trackControl says so)
  return e;
}

export function reset(id, kind) {
  return update(id, kind, null, freshState(kind));
}

export function remove(id) {
  return records.remove(id);
}

// -- export and import (with the characters' file) ---------------------------------

/** The well-formed entries of a game, for the characters' export file. */
export function forExport(system) {
  return all().filter((e) => wellFormed(e) && e.system === system);
}

function sameEntry(a, b) {
  const pick = (x) => JSON.stringify([x.system, x.kind, x.name, x.numbers, x.state]);
  return pick(a) === pick(b);
}

/** Why a tracked entry of a file cannot be imported (null when it can). */
export function validateTracked(e, catalog) {
  if (!wellFormed(e) || typeof e.system !== 'string' || typeof e.kind !== 'string') return t('tracked.notEntry');
  if (!e.id || !e.name.trim()) return t('tracked.noName');
  if (e.name.length > 60) return t('tracked.longName', { n: 60 });
  const numbers = Object.values(e.numbers).concat(Object.values(e.state));
  if (!numbers.every((v) => Number.isInteger(v))) return t('tracked.notWhole');
  const sys = catalog && catalog.systems ? catalog.systems[e.system] : null;
  if (catalog && catalog.systems && !sys) return t('check.unknownGame', { game: JSON.stringify(e.system) });
  const kind = sys ? (sys.tracked || []).find((k) => k.key === e.kind) : null;
  if (sys && !kind) return t('tracked.unknownKind', { kind: JSON.stringify(e.kind), game: sys.name });
  for (const n of kind ? (kind.numbers || []).concat(kind.state || []) : []) {
    const v = n.key in e.numbers ? e.numbers[n.key] : e.state[n.key];
    if (v !== undefined && (v < n.min || v > n.max)) return t('tracked.outOfRange', { label: n.label, value: v, min: n.min, max: n.max });
  }
  return null;
}

/** Import tracked entries as the characters are imported: nothing stored
 * is overwritten; the same entry again is skipped; the same id with other
 * values arrives as a copy ("Name (imported)"). An entry storage refuses
 * (full) is not imported, nor any after it.
 * Returns {added, already, copies, refused: [{what, why}], notStored, reason}. */
export function importTracked(list, catalog) {
  const out = { added: 0, already: 0, copies: 0, refused: [], notStored: 0, reason: null };
  for (const [i, raw] of (Array.isArray(list) ? list : []).entries()) {
    const what = isPlainObject(raw) && typeof raw.name === 'string' && raw.name ? t('tracked.named', { name: raw.name }) : t('tracked.nth', { n: i + 1 });
    const why = validateTracked(raw, catalog);
    if (why) { out.refused.push({ what, why }); continue; }
    const here = records.get(raw.id);
    if (here && sameEntry(here, raw)) { out.already += 1; continue; }
    const e = here ? { ...raw, id: newTrackedId(), name: t('tracked.importedName', { name: raw.name.slice(0, 49) }) } : { ...raw };
    const r = out.reason ? null : records.put(e.id, e, { keep: false });
    if (!r || !r.ok) {
      out.notStored += 1;
      out.reason = out.reason || r.reason;
      out.refused.push({ what, why: t('history.notStoredWhy', { reason: storage.reasonText(out.reason) }) });
      continue;
    }
    if (here) out.copies += 1;
    out.added += 1;
  }
  return out;
}

function newTrackedId() {
  return `t-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** "Damage taken 3 · Stress 0": an entry's state in the catalog's words. */
export function stateText(kind, entry) {
  return (kind.state || []).map((n) => `${n.label} ${entry.state[n.key]}`).join(' \u00b7 ');
}

/**
 * The control in the head of a group a tracked kind fills: pick an entry
 * (fills the group with its numbers and state), track the group's values
 * under its name, reset an entry's state, forget it.
 * host: {system, group, kind, form, changed(), say(text)}
 */
export function trackControl(host) {
  const { system, group, kind, form } = host;
  const path = group.path;
  const id = newId('track');
  const noun = kind.noun || t('tracked.entry');
  const sel = el('select', { id, class: 'track-select', 'data-track': path });
  const status = el('p', { class: 'track-status field-help', 'aria-live': 'polite' });
  const trackBtn = el('button', { type: 'button', class: 'btn track-new' }, t('tracked.track', { noun }));
  const resetBtn = el('button', { type: 'button', class: 'btn track-reset' }, t('characters.reset'));
  const forgetBtn = el('button', { type: 'button', class: 'btn track-forget' }, t('tracked.forget'));
  const wrap = el('div', { class: 'track', 'data-kind': kind.key },
    el('label', { for: id }, kind.label), sel, trackBtn, resetBtn, forgetBtn, status);
  const current = () => {
    const f = form.filled[path];
    return f && f.tracked ? get(f.tracked) : null;
  };
  const draw = () => {
    const chosen = current();
    sel.replaceChildren(el('option', { value: '' }, t('tracked.notTracked')),
      ...entriesFor(system, kind).map((e) => el('option', { value: e.id, selected: !!chosen && chosen.id === e.id }, `${e.name} (${stateText(kind, e)})`)));
    sel.value = chosen ? chosen.id : '';
    resetBtn.hidden = !chosen;
    forgetBtn.hidden = !chosen;
    trackBtn.hidden = !!chosen;
    status.textContent = chosen ? t('tracked.status', { name: chosen.name, state: stateText(kind, chosen) }) : '';
    // an entry whose last save failed: the page says so next to it
    const unsaved = chosen && !isSaved(chosen.id) ? storage.problemReason() || 'full' : null;
    if (unsaved) status.textContent += ` ${t('tracked.notSaved', { reason: storage.reasonText(unsaved) })}`;
    status.dataset.saved = String(!unsaved);
  };
  const fillFrom = (e) => {
    form.silent = true;
    group.set({ ...e.numbers, ...e.state });
    form.silent = false;
    form.filled[path] = { name: e.name, tracked: e.id };
    form.syncParties();
  };
  sel.addEventListener('change', () => {
    const e = sel.value ? get(sel.value) : null;
    if (e) fillFrom(e);
    else if (form.filled[path] && form.filled[path].tracked) delete form.filled[path].tracked;
    draw();
    host.changed();
  });
  trackBtn.addEventListener('click', () => {
    const f = form.filled[path];
    const name = f && f.name ? f.name : '';
    const party = form.parties.find((x) => x.path === path);
    if (!name) {
      host.say(t('tracked.nameFirst', { noun }));
      if (party && party.input) party.input.focus();
      return;
    }
    const { value } = group.get();
    const { entry: e, ok, reason } = create(system, kind, name, value);
    form.filled[path] = { ...(f || {}), name, tracked: e.id };
    draw();
    host.say(ok ? t('tracked.tracking', { name, state: stateText(kind, e) }) : t('tracked.trackingNotSaved', { name, reason: storage.reasonText(reason) }));
    host.changed();
  });
  resetBtn.addEventListener('click', () => {
    const e = current();
    if (!e) return;
    reset(e.id, kind);
    fillFrom(e);
    draw();
    host.say(t('tracked.reset', { name: e.name, state: stateText(kind, e) }));
    host.changed();
  });
  forgetBtn.addEventListener('click', () => {
    const e = current();
    if (!e) return;
    remove(e.id);
    delete form.filled[path].tracked;
    draw();
    host.say(t('tracked.forgotten', { name: e.name }));
    host.changed();
  });
  draw();
  wrap.redraw = draw;
  return wrap;
}
