// History: every resolved check, newest first, kept in browser storage.
// Entries: {id, time, system, check, character, request, dice, source, result}.
// Export / import as JSON; an import is validated completely before anything
// changes (a bad file changes nothing and says why).

import * as storage from './storage.js';
import { isPlainObject } from './util.js';

export const MAX_ENTRIES = 500;
let entries = null;

export function all() {
  if (entries === null) {
    const stored = storage.load('history', []);
    entries = Array.isArray(stored) ? stored.filter((e) => validateEntry(e) === null) : [];
  }
  return entries;
}

function persist() {
  return storage.save('history', entries);
}

/** Add one resolved check; returns true when it was saved persistently. */
export function add(entry) {
  all();
  entries.unshift(entry);
  if (entries.length > MAX_ENTRIES) entries.length = MAX_ENTRIES;
  return persist();
}

export function clearAll() {
  entries = [];
  return persist();
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
  if (!Array.isArray(r.rolls) || !r.rolls.every((d) => isPlainObject(d) && Number.isInteger(d.sides) && Number.isInteger(d.value))) return 'has a result whose dice are not valid';
  return null;
}

/** Validate a parsed export file: {entries} or {error}. */
export function parseFile(data) {
  if (!isPlainObject(data)) return { error: 'This is not a tablecheck history file (expected a JSON object).' };
  if (data.format !== 'tablecheck-history') return { error: 'This is not a tablecheck history file (its "format" is not "tablecheck-history").' };
  if (data.version !== 1) return { error: `Unsupported history file version ${JSON.stringify(data.version)} (expected 1).` };
  if (!Array.isArray(data.entries)) return { error: 'The file has no "entries" list.' };
  if (data.entries.length > 10 * MAX_ENTRIES) return { error: `The file has ${data.entries.length} entries; at most ${10 * MAX_ENTRIES} can be imported.` };
  for (let i = 0; i < data.entries.length; i++) {
    const problem = validateEntry(data.entries[i]);
    if (problem) return { error: `Entry ${i + 1} ${problem}.` };
  }
  return { entries: data.entries };
}

/** Merge imported entries (same id kept once), newest first. Returns [added, saved]. */
export function importEntries(list) {
  all();
  const seen = new Set(entries.map((e) => e.id));
  let added = 0;
  for (const e of list) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    entries.push(e);
    added += 1;
  }
  entries.sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
  if (entries.length > MAX_ENTRIES) entries.length = MAX_ENTRIES;
  return [added, persist()];
}

export function exportData() {
  return { format: 'tablecheck-history', version: 1, exported: new Date().toISOString(), entries: all() };
}

/** Save after an entry was changed in place (e.g. the benefit picked). */
export function touch() {
  all();
  return persist();
}
