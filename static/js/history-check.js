// The checks of a history entry and of a history export file, before
// anything is stored. Pure: no DOM, no storage (tests/js/history-check.test.mjs).

import { isPlainObject } from './util.js';
import { t } from './i18n.js';

export const MAX_ENTRIES = 500;

/** null when the entry is well-formed, else what is wrong. */
export function validateEntry(e) {
  if (!isPlainObject(e)) return t('entry.notObject');
  if (typeof e.id !== 'string' || !e.id) return t('check.noId');
  if (typeof e.time !== 'string' || Number.isNaN(Date.parse(e.time))) return t('entry.noTime');
  if (typeof e.system !== 'string' || !e.system) return t('entry.noGame');
  if (typeof e.check !== 'string' || !e.check) return t('check.noCheck');
  if (!isPlainObject(e.request)) return t('check.noInputs');
  if (e.character !== undefined && e.character !== null && typeof e.character !== 'string') return t('entry.characterNotText');
  if (e.dice !== undefined && e.dice !== null && !(Array.isArray(e.dice) && e.dice.every((d) => Number.isInteger(d)))) return t('entry.diceNotWhole');
  const r = e.result;
  if (!isPlainObject(r)) return t('entry.noResult');
  if (typeof r.outcome !== 'string') return t('entry.noOutcome');
  if (typeof r.summary !== 'string') return t('entry.noSummary');
  if (r.card !== undefined && r.card !== null && !(isPlainObject(r.card) && isPlainObject(r.card.headline))) return t('entry.badCard');
  if (!Array.isArray(r.rolls) || !r.rolls.every((d) => isPlainObject(d) && Number.isInteger(d.sides) && Number.isInteger(d.value))) return t('entry.badDice');
  return null;
}

/** Why an entry cannot be reopened with this catalog (null when it can). */
export function unknownCheck(e, catalog) {
  if (!catalog || !catalog.systems) return null;
  const s = catalog.systems[e.system];
  if (!s) return t('check.unknownGame', { game: JSON.stringify(e.system) });
  if (!s.checks[e.check]) return t('check.unknownCheck', { check: JSON.stringify(e.check), game: s.name });
  return null;
}

/** An entry as an import names it: 'Entry 3 (2026-12-02 13:59)'. */
export function entryName(e, i) {
  const when = isPlainObject(e) && typeof e.time === 'string' && !Number.isNaN(Date.parse(e.time)) ? ` (${e.time.slice(0, 16).replace('T', ' ')})` : '';
  return t('entry.nth', { n: i + 1, when });
}

/** Validate a parsed export file entry by entry: {error} when the file as a
 * whole is not a history file, else {entries, refused: [{what, why}]}. */
export function parseFile(data, catalog = null) {
  if (!isPlainObject(data)) return { error: t('historyFile.notObject') };
  if (data.format !== 'tablecheck-history') return { error: t('historyFile.format') };
  if (data.version !== 1) return { error: t('historyFile.version', { version: JSON.stringify(data.version) }) };
  if (!Array.isArray(data.entries)) return { error: t('historyFile.noEntries') };
  if (data.entries.length > 10 * MAX_ENTRIES) return { error: t('historyFile.tooMany', { n: data.entries.length, max: 10 * MAX_ENTRIES }) };
  const entries = [];
  const refused = [];
  data.entries.forEach((e, i) => {
    const problem = validateEntry(e) || unknownCheck(e, catalog);
    if (problem) refused.push({ what: entryName(e, i), why: problem, index: i });
    else entries.push({ entry: e, index: i });
  });
  return { entries: entries.map((x) => x.entry), indexes: entries.map((x) => x.index), refused };
}
