// History: every resolved check, newest first, kept in browser storage.
// Entries: {id, time, system, check, character, request, dice, source, result},
// one stored record each (storage.js).
// Export / import as JSON; an import is validated completely before anything
// changes (a bad file changes nothing and says why: history-check.js).

import * as storage from './storage.js';
import { t } from './i18n.js';
import { MAX_ENTRIES, validateEntry, entryName } from './history-check.js';

export { MAX_ENTRIES, validateEntry, unknownCheck, parseFile } from './history-check.js';
const records = storage.collection('history'); // one stored record per entry
let entries = [];
let readAt = -1; // the records' version `entries` was read at

/** The well-formed entries, newest first. Stored records this page cannot
 * read stay stored, unlisted. */
export function all() {
  if (readAt !== records.version()) {
    entries = records.values().filter((e) => validateEntry(e) === null)
      .sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
    readAt = records.version();
  }
  return entries;
}

/** Beyond MAX_ENTRIES the oldest listed entries go. */
function prune() {
  const list = all();
  for (const e of list.slice(MAX_ENTRIES)) records.remove(e.id);
}

/** Add one resolved check: {ok, reason} (storage.js). An entry that could
 * not be stored stays listed for this visit, marked not saved. */
export function add(entry) {
  const result = records.put(entry.id, entry);
  prune();
  return result;
}

/** False for an entry kept in memory only (its save failed). */
export function isSaved(id) {
  return records.isSaved(id);
}

/** How many listed entries are not stored. */
export function unsavedCount() {
  return all().filter((e) => !records.isSaved(e.id)).length;
}

/** Remove every listed entry (records this page cannot read are kept). */
export function clearAll() {
  let result = { ok: true, reason: null };
  for (const e of all().slice()) {
    const r = records.remove(e.id);
    if (!r.ok && result.ok) result = r;
  }
  return result;
}

export function get(id) {
  return all().find((e) => e.id === id) || null;
}

export function newEntryId() {
  return `h-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Ask the engine whether each entry can be resolved again from its inputs
 * and dice (the rules are pure functions of the dice): {ok, refused}. */
export async function verifyEntries(list, indexes, engine) {
  const ok = [];
  const refused = [];
  for (let k = 0; k < list.length; k++) {
    const e = list[k];
    const answer = await engine.resolve({ ...e.request, system: e.system, check: e.check, dice: e.dice || (e.result.rolls || []).map((d) => d.value) });
    if (answer && answer.error) refused.push({ what: entryName(e, indexes[k]), why: t('entry.cannotOpen', { why: `${answer.error.field ? `${answer.error.field}: ` : ''}${answer.error.message}` }), index: indexes[k] });
    else ok.push(e);
  }
  return { ok, refused };
}

/** Merge imported entries (same id kept once), newest first. Nothing stored
 * is dropped by an import: when the history would hold more than
 * MAX_ENTRIES, the oldest imported entries are left out and counted. An
 * entry storage refuses (full) is not imported, nor any after it.
 * Returns {added, leftOut, notStored, reason}. */
export function importEntries(list) {
  const seen = new Set(all().map((e) => e.id));
  const fresh = [];
  for (const e of list) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    fresh.push(e);
  }
  fresh.sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
  const room = Math.max(0, MAX_ENTRIES - all().length);
  const taken = fresh.slice(0, room);
  const out = { added: 0, leftOut: fresh.length - taken.length, notStored: 0, reason: null };
  for (const e of taken) {
    const r = out.reason ? null : records.put(e.id, e, { keep: false });
    if (r && r.ok) out.added += 1;
    else { out.notStored += 1; out.reason = out.reason || r.reason; }
  }
  return out;
}

export function exportData() {
  return { format: 'tablecheck-history', version: 1, exported: new Date().toISOString(), entries: all() };
}

/** Save after an entry was changed in place (e.g. the benefit picked): {ok, reason}. */
export function touch() {
  return records.flush();
}
