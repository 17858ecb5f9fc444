// History: every resolved check, newest first, kept in browser storage.
// Entries: {id, time, system, check, character, request, dice, source, result},
// one stored record each (storage.js).
// Export / import as JSON; an import is validated completely before anything
// changes (a bad file changes nothing and says why).

import * as storage from './storage.js';
import { isPlainObject } from './util.js';

export const MAX_ENTRIES = 500;
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

/** null when the entry is well-formed, else what is wrong. */
export function validateEntry(e) {
  if (!isPlainObject(e)) return 'is not an object';
  if (typeof e.id !== 'string' || !e.id) return 'has no id';
  if (typeof e.time !== 'string' || Number.isNaN(Date.parse(e.time))) return 'has no valid time';
  if (typeof e.system !== 'string' || !e.system) return 'has no game (system)';
  if (typeof e.check !== 'string' || !e.check) return 'has no check';
  if (!isPlainObject(e.request)) return 'has no inputs (request)';
  if (e.character !== undefined && e.character !== null && typeof e.character !== 'string') return 'has a character that is not text';
  if (e.dice !== undefined && e.dice !== null && !(Array.isArray(e.dice) && e.dice.every((d) => Number.isInteger(d)))) return 'has dice that are not whole numbers';
  const r = e.result;
  if (!isPlainObject(r)) return 'has no result';
  if (typeof r.outcome !== 'string') return 'has a result without an outcome';
  if (typeof r.summary !== 'string') return 'has a result without a summary';
  if (r.card !== undefined && r.card !== null && !(isPlainObject(r.card) && isPlainObject(r.card.headline))) return 'has a result whose card is not valid';
  if (!Array.isArray(r.rolls) || !r.rolls.every((d) => isPlainObject(d) && Number.isInteger(d.sides) && Number.isInteger(d.value))) return 'has a result whose dice are not valid';
  return null;
}

/** Why an entry cannot be reopened with this catalog (null when it can). */
export function unknownCheck(e, catalog) {
  if (!catalog || !catalog.systems) return null;
  const s = catalog.systems[e.system];
  if (!s) return `is for an unknown game ${JSON.stringify(e.system)}`;
  if (!s.checks[e.check]) return `is for an unknown check ${JSON.stringify(e.check)} of ${s.name}`;
  return null;
}

function entryName(e, i) {
  const when = isPlainObject(e) && typeof e.time === 'string' && !Number.isNaN(Date.parse(e.time)) ? ` (${e.time.slice(0, 16).replace('T', ' ')})` : '';
  return `Entry ${i + 1}${when}`;
}

/** Validate a parsed export file entry by entry: {error} when the file as a
 * whole is not a history file, else {entries, refused: [{what, why}]}. */
export function parseFile(data, catalog = null) {
  if (!isPlainObject(data)) return { error: 'This is not a tablecheck history file (expected a JSON object).' };
  if (data.format !== 'tablecheck-history') return { error: 'This is not a tablecheck history file (its "format" is not "tablecheck-history").' };
  if (data.version !== 1) return { error: `Unsupported history file version ${JSON.stringify(data.version)} (expected 1).` };
  if (!Array.isArray(data.entries)) return { error: 'The file has no "entries" list.' };
  if (data.entries.length > 10 * MAX_ENTRIES) return { error: `The file has ${data.entries.length} entries; at most ${10 * MAX_ENTRIES} can be imported.` };
  const entries = [];
  const refused = [];
  data.entries.forEach((e, i) => {
    const problem = validateEntry(e) || unknownCheck(e, catalog);
    if (problem) refused.push({ what: entryName(e, i), why: problem, index: i });
    else entries.push({ entry: e, index: i });
  });
  return { entries: entries.map((x) => x.entry), indexes: entries.map((x) => x.index), refused };
}

/** Ask the engine whether each entry can be resolved again from its inputs
 * and dice (the rules are pure functions of the dice): {ok, refused}. */
export async function verifyEntries(list, indexes, engine) {
  const ok = [];
  const refused = [];
  for (let k = 0; k < list.length; k++) {
    const e = list[k];
    const answer = await engine.resolve({ ...e.request, system: e.system, check: e.check, dice: e.dice || (e.result.rolls || []).map((d) => d.value) });
    if (answer && answer.error) refused.push({ what: entryName(e, indexes[k]), why: `cannot be opened: ${answer.error.field ? `${answer.error.field}: ` : ''}${answer.error.message}`, index: indexes[k] });
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
