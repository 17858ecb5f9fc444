// Characters: the store (the sheets and the checks of a record against its
// sheet, shared by the editor and the JSON import: character-sheets.js).
// What a character of a game has comes from the catalog (each system's
// `sheet`: fixed `numbers` and `tables` of rows); what a character can fill
// into a form comes from the engine (`fill`), so no game is known here.
//
// Nothing stored is ever dropped: a record that does not fit its game's
// sheet (or whose game is not known yet) stays in storage, only unlisted.

import * as storage from './storage.js';
import { sheetOf, validateCharacter } from './character-sheets.js';
import { t, number } from './i18n.js';

export { setSheets, sheetOf, hasSheet, blankSheet, validateCharacter, refNames, parseCharacterFile } from './character-sheets.js';

// -- the store ----------------------------------------------------------------

const records = storage.collection('characters'); // one stored record per character
let cache = [];
let readAt = -1;

/** Every stored character record (those that do not fit a sheet too). */
export function allCharacters() {
  if (readAt !== records.version()) {
    cache = records.values();
    readAt = records.version();
    fills.clear();
  }
  return cache;
}

/** The characters of a game whose records fit its sheet, by name. */
export function charactersFor(system) {
  return allCharacters().filter((c) => c && c.system === system && validateCharacter(c).length === 0)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function getCharacter(id) {
  return allCharacters().find((c) => c && c.id === id) || null;
}

/** False for a character kept in memory only (its save failed). */
export function isSaved(id) {
  return records.isSaved(id);
}

/** What storage holds for a character now: give it back as opts.expect. */
export function storedVersion(id) {
  return records.storedText(id);
}

/** Store a character: {record, ok, reason, current} (storage.js put: with
 * opts.expect a record changed in another tab meanwhile is not
 * overwritten, reason 'conflict', `current` is the other tab's). */
export function upsertCharacter(character, opts = {}) {
  const record = { ...character, updated: new Date().toISOString() };
  const r = records.put(record.id, record, opts);
  return { ...r, record };
}

export function deleteCharacter(id) {
  return records.remove(id);
}

export function newCharacterId() {
  return `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function sameCharacter(a, b) {
  return JSON.stringify([a.system, a.name, a.sheet]) === JSON.stringify([b.system, b.name, b.sheet]);
}

/** Add valid characters (after parseCharacterFile). Nothing stored is lost:
 * a character already here unchanged is skipped; one with the same id but
 * different values arrives as a copy with a new id and "(imported)" after
 * its name. A character storage refuses (full) is not imported, nor any
 * after it. Returns {added, already, copies, idMap, notStored, reason, refused}. */
export function importCharacters(list) {
  const out = { added: 0, already: 0, copies: 0, idMap: {}, notStored: 0, reason: null, refused: [] };
  for (const c of list) {
    const here = getCharacter(c.id);
    if (here && sameCharacter(here, c)) { out.already += 1; continue; }
    const record = here ? { ...c, id: newCharacterId(), name: t('tracked.importedName', { name: c.name.slice(0, 49) }) } : c;
    const r = out.reason ? null : records.put(record.id, record, { keep: false });
    if (!r || !r.ok) {
      out.notStored += 1;
      out.reason = out.reason || r.reason;
      out.refused.push({ what: c.name, why: `${t('history.notStoredWhy', { reason: storage.reasonText(out.reason) })}${sizeNote(record)}` });
      continue;
    }
    if (here) { out.idMap[c.id] = record.id; out.copies += 1; }
    out.added += 1;
  }
  return out;
}

/** " (this record alone is 20.0 MB)" for a record over 1 MB, else "". */
function sizeNote(record) {
  const mb = JSON.stringify(record).length / (1024 * 1024);
  return mb >= 1 ? ` ${t('characters.recordSize', { mb: number(mb, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}` : '';
}

export function exportData(system) {
  const list = system ? charactersFor(system) : allCharacters();
  return { format: 'tablecheck-characters', version: 1, exported: new Date().toISOString(), characters: list };
}

// -- what a character fills ---------------------------------------------------

const fills = new Map(); // "id|params" -> Promise of [{label, values, what}]

/** What `character` can put into a form group with these parameter names,
 * as the engine's rules module says: Promise of [{label, values, what}]. */
export function fillOptions(engine, character, params) {
  const key = `${character.id}|${character.updated || ''}|${params.join(',')}`;
  if (!fills.has(key)) {
    fills.set(key, engine.fill({ system: character.system, character: { name: character.name, sheet: character.sheet }, params })
      .then((answer) => (answer && Array.isArray(answer.options) ? answer.options : [])));
  }
  return fills.get(key);
}

// -- counters (a pool spent at the table, e.g. the sheet's fate points) ------------

/** The counters of a character's sheet: [{key, label, max, left}]. */
export function counters(character) {
  const spec = sheetOf(character.system);
  if (!spec) return [];
  const spent = (character.spent && typeof character.spent === 'object') ? character.spent : {};
  return spec.numbers.filter((n) => n.counter).map((n) => {
    const stored = character.sheet && character.sheet.numbers ? character.sheet.numbers[n.key] : undefined;
    const max = Number.isInteger(stored) ? stored : n.default;
    const used = Number.isInteger(spent[n.key]) ? spent[n.key] : 0;
    return { key: n.key, label: n.label, max, left: Math.max(0, max - used) };
  });
}

/** The character of `system` named `name` (the first, if two share it). */
export function characterNamed(system, name) {
  return charactersFor(system).find((c) => c.name === name) || null;
}

/** Count `amount` of counter `key` down; false when too little is left. */
export function spendCounter(character, key, amount = 1) {
  const c = counters(character).find((x) => x.key === key);
  if (!c || c.left < amount) return false;
  const spent = { ...(character.spent || {}) };
  spent[key] = (Number.isInteger(spent[key]) ? spent[key] : 0) + amount;
  upsertCharacter({ ...character, spent }); // a failed save: the character is marked not saved
  return true;
}

/** Give back `amount` of a counter spent (an undone follow-up). */
export function refundCounter(character, key, amount = 1) {
  const spent = { ...(character.spent || {}) };
  const used = Number.isInteger(spent[key]) ? spent[key] : 0;
  if (used - amount > 0) spent[key] = used - amount; else delete spent[key];
  upsertCharacter({ ...character, spent });
  return true;
}

/** Back to the sheet's full value. */
export function resetCounter(character, key) {
  const spent = { ...(character.spent || {}) };
  delete spent[key];
  return upsertCharacter({ ...character, spent });
}
