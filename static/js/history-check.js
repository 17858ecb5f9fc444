// The checks of a history entry and of a history export file, before
// anything is stored. Pure: no DOM, no storage (tests/js/history-check.test.mjs).

import { isPlainObject } from './util.js';

export const MAX_ENTRIES = 500;

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

/** An entry as an import names it: 'Entry 3 (2026-12-02 13:59)'. */
export function entryName(e, i) {
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
