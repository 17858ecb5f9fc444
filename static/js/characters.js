// Characters: the store, and the checks shared by the editor and the JSON
// import. What a character of a game has comes from the catalog (each
// system's `sheet`: fixed `numbers` and `tables` of rows); what a character
// can fill into a form comes from the engine (`fill`), so no game is known
// here.
//
// Nothing stored is ever dropped: a record that does not fit its game's
// sheet (or whose game is not known yet) stays in storage, only unlisted.

import * as storage from './storage.js';

let sheets = {}; // system id -> catalog sheet

/** Learn the sheets from the catalog. */
export function setSheets(catalog) {
  sheets = {};
  for (const s of Object.values((catalog && catalog.systems) || {})) if (s.sheet) sheets[s.id] = s.sheet;
}

export function sheetOf(system) {
  return sheets[system] || null;
}

export function hasSheet(system) {
  return !!sheets[system];
}

/** A fresh sheet with the game's defaults. */
export function blankSheet(system) {
  const s = sheets[system];
  const numbers = {};
  for (const n of s.numbers) numbers[n.key] = n.default;
  const tables = {};
  for (const t of s.tables) tables[t.key] = (t.defaults || []).map((r) => ({ ...r }));
  return { numbers, tables };
}

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

// -- validation ---------------------------------------------------------------

function isInt(v) {
  return typeof v === 'number' && Number.isInteger(v);
}

/** Problems with one character record: [{path, message}] (empty when fine). */
export function validateCharacter(c) {
  const errors = [];
  const add = (path, message) => errors.push({ path, message });
  if (!c || typeof c !== 'object' || Array.isArray(c)) return [{ path: '', message: 'is not a character object' }];
  if (!hasSheet(c.system)) return [{ path: 'system', message: `unknown game ${JSON.stringify(c.system)}` }];
  if (typeof c.id !== 'string' || !c.id) add('id', 'is missing');
  if (typeof c.name !== 'string' || !c.name.trim()) add('name', 'Enter a name.');
  else if (c.name.length > 60) add('name', 'At most 60 characters.');
  const sheet = c.sheet;
  if (!sheet || typeof sheet !== 'object' || Array.isArray(sheet)) { add('sheet', 'is missing'); return errors; }
  const spec = sheets[c.system];
  const numbers = sheet.numbers || {};
  for (const n of spec.numbers) {
    const v = numbers[n.key];
    if (v === undefined && n.optional) continue; // added after the record was saved: reads the default
    if (!isInt(v)) add(`numbers.${n.key}`, `${n.label} must be a whole number.`);
    else if (v < n.min || v > n.max) add(`numbers.${n.key}`, `${n.label} must be ${n.min} to ${n.max}.`);
  }
  const tables = sheet.tables || {};
  for (const t of spec.tables) {
    const rows = tables[t.key];
    if (!Array.isArray(rows)) { add(`tables.${t.key}`, `${t.label} must be a list.`); continue; }
    if (rows.length > 200) add(`tables.${t.key}`, `At most 200 ${t.label.toLowerCase()}.`);
    rows.forEach((row, i) => {
      if (!row || typeof row !== 'object' || Array.isArray(row)) { add(`tables.${t.key}[${i}]`, 'is not a row'); return; }
      for (const col of t.columns) {
        const v = row[col.key];
        const path = `tables.${t.key}[${i}].${col.key}`;
        if (col.type === 'text') {
          if (typeof v !== 'string' || !v.trim()) add(path, `${col.label}: enter a name.`);
          else if (v.length > 60) add(path, `${col.label}: at most 60 characters.`);
        } else if (col.type === 'int') {
          if (!isInt(v)) add(path, `${col.label} must be a whole number.`);
          else if (v < col.min || v > col.max) add(path, `${col.label} must be ${col.min} to ${col.max}.`);
        } else if (col.type === 'bool') {
          if (v !== undefined && typeof v !== 'boolean') add(path, `${col.label} must be yes or no.`);
        } else if (col.type === 'ref') {
          const names = refNames(c.system, sheet, col.ref);
          if (typeof v !== 'string' || !names.includes(v)) add(path, `${col.label}: choose one of ${names.join(', ') || '(none yet)'}.`);
        }
      }
    });
  }
  return errors;
}

/** The names a `ref` column may point at: the numbers' keys or a table's row names. */
export function refNames(system, sheet, ref) {
  const spec = sheets[system];
  if (ref === 'numbers') return spec.numbers.filter((n) => n.referable !== false).map((n) => n.key);
  const rows = (sheet && sheet.tables && sheet.tables[ref]) || [];
  return rows.map((r) => r && r.name).filter((n) => typeof n === 'string' && n.trim());
}

/** Validate an export file's parsed JSON entry by entry. Returns {error}
 * when the file as a whole is not a characters file, else {characters,
 * refused: [{what, why}], saved}: the characters that fit their game's
 * sheet, and each other one with its first problem. */
export function parseCharacterFile(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { error: 'The file is not a tablecheck characters file (expected a JSON object).' };
  if (data.format !== 'tablecheck-characters') return { error: 'The file is not a tablecheck characters file (its "format" is not "tablecheck-characters").' };
  if (data.version !== 1) return { error: `Unsupported characters file version ${JSON.stringify(data.version)} (expected 1).` };
  if (!Array.isArray(data.characters)) return { error: 'The file has no "characters" list.' };
  const characters = [];
  const refused = [];
  data.characters.forEach((c, i) => {
    const errs = validateCharacter(c);
    if (!errs.length) { characters.push(c); return; }
    const who = c && typeof c.name === 'string' && c.name.trim() ? `${c.name}` : `Character ${i + 1}`;
    const why = errs.map((e) => `${where(c.system, e.path)}${e.message}`);
    refused.push({ what: who, why: why.length > 3 ? `${why.slice(0, 3).join('; ')} (and ${why.length - 3} more)` : why.join('; ') });
  });
  return { characters, refused, saved: Array.isArray(data.saved_checks) ? data.saved_checks : [],
    tracked: Array.isArray(data.tracked) ? data.tracked : [] };
}

/** Where a problem is, in the sheet's words: "Stats, row 1: " (a number's
 * message says its label already). */
function where(system, path) {
  const m = /^tables\.([^.[]+)\[(\d+)\]/.exec(path || '');
  const spec = sheets[system];
  if (m && spec) {
    const t = spec.tables.find((x) => x.key === m[1]);
    return `${t ? t.label : m[1]}, row ${Number(m[2]) + 1}: `;
  }
  if (!path || path.startsWith('numbers.') || path.startsWith('tables.')) return '';
  return `${path}: `;
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
    const record = here ? { ...c, id: newCharacterId(), name: `${c.name.slice(0, 49)} (imported)` } : c;
    const r = out.reason ? null : records.put(record.id, record, { keep: false });
    if (!r || !r.ok) {
      out.notStored += 1;
      out.reason = out.reason || r.reason;
      out.refused.push({ what: c.name, why: `not stored: ${storage.reasonText(out.reason)}${sizeNote(record)}` });
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
  return mb >= 1 ? ` (this record alone is ${mb.toFixed(1)} MB)` : '';
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
  const spec = sheets[character.system];
  if (!spec) return [];
  const spent = (character.spent && typeof character.spent === 'object') ? character.spent : {};
  return spec.numbers.filter((n) => n.counter).map((n) => {
    const stored = character.sheet && character.sheet.numbers ? character.sheet.numbers[n.key] : undefined;
    const max = isInt(stored) ? stored : n.default;
    const used = isInt(spent[n.key]) ? spent[n.key] : 0;
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
  spent[key] = (isInt(spent[key]) ? spent[key] : 0) + amount;
  upsertCharacter({ ...character, spent }); // a failed save: the character is marked not saved
  return true;
}

/** Give back `amount` of a counter spent (an undone follow-up). */
export function refundCounter(character, key, amount = 1) {
  const spent = { ...(character.spent || {}) };
  const used = isInt(spent[key]) ? spent[key] : 0;
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
