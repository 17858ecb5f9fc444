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

let cache = null;

export function allCharacters() {
  if (cache === null) {
    const stored = storage.load('characters', []);
    cache = Array.isArray(stored) ? stored : [];
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

function persist() {
  return storage.save('characters', cache);
}

export function upsertCharacter(character) {
  allCharacters();
  const i = cache.findIndex((c) => c && c.id === character.id);
  const record = { ...character, updated: new Date().toISOString() };
  if (i >= 0) cache[i] = record; else cache.push(record);
  persist();
  fills.clear();
  return record;
}

export function deleteCharacter(id) {
  allCharacters();
  cache = cache.filter((c) => !c || c.id !== id);
  persist();
  fills.clear();
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

/** Validate an export file's parsed JSON. Returns {characters} or {error}. */
export function parseCharacterFile(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { error: 'The file is not a tablecheck characters file (expected a JSON object).' };
  if (data.format !== 'tablecheck-characters') return { error: 'The file is not a tablecheck characters file (its "format" is not "tablecheck-characters").' };
  if (data.version !== 1) return { error: `Unsupported characters file version ${JSON.stringify(data.version)} (expected 1).` };
  if (!Array.isArray(data.characters)) return { error: 'The file has no "characters" list.' };
  for (let i = 0; i < data.characters.length; i++) {
    const c = data.characters[i];
    const errs = validateCharacter(c);
    if (errs.length) {
      const who = c && typeof c.name === 'string' ? ` (${c.name})` : '';
      return { error: `Character ${i + 1}${who}: ${errs[0].path ? errs[0].path + ': ' : ''}${errs[0].message}` };
    }
  }
  return { characters: data.characters };
}

/** Merge imported characters (same id: replaced). All-or-nothing: call after parseCharacterFile. */
export function importCharacters(list) {
  allCharacters();
  for (const c of list) {
    const i = cache.findIndex((x) => x && x.id === c.id);
    if (i >= 0) cache[i] = c; else cache.push(c);
  }
  fills.clear();
  return persist();
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
