// The characters' sheets, learnt from the catalog (each system's `sheet`:
// fixed `numbers` and `tables` of rows), and the checks of a character
// record against its game's sheet, shared by the editor and the JSON import.
// Pure: no DOM, no storage (tests/js/character-sheets.test.mjs).

import { t as msg } from './i18n.js'; // (t is a sheet's table here)

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

// -- validation ---------------------------------------------------------------

function isInt(v) {
  return typeof v === 'number' && Number.isInteger(v);
}

/** Problems with one character record: [{path, message}] (empty when fine). */
export function validateCharacter(c) {
  const errors = [];
  const add = (path, message) => errors.push({ path, message });
  if (!c || typeof c !== 'object' || Array.isArray(c)) return [{ path: '', message: msg('sheet.notCharacter') }];
  if (!hasSheet(c.system)) return [{ path: 'system', message: msg('sheet.unknownGame', { game: JSON.stringify(c.system) }) }];
  if (typeof c.id !== 'string' || !c.id) add('id', msg('sheet.missing'));
  if (typeof c.name !== 'string' || !c.name.trim()) add('name', msg('saved.enterName'));
  else if (c.name.length > 60) add('name', msg('sheet.atMostChars', { n: 60 }));
  const sheet = c.sheet;
  if (!sheet || typeof sheet !== 'object' || Array.isArray(sheet)) { add('sheet', msg('sheet.missing')); return errors; }
  const spec = sheets[c.system];
  const numbers = sheet.numbers || {};
  for (const n of spec.numbers) {
    const v = numbers[n.key];
    if (v === undefined && n.optional) continue; // added after the record was saved: reads the default
    if (!isInt(v)) add(`numbers.${n.key}`, msg('sheet.whole', { label: n.label }));
    else if (v < n.min || v > n.max) add(`numbers.${n.key}`, msg('sheet.range', { label: n.label, min: n.min, max: n.max }));
  }
  const tables = sheet.tables || {};
  for (const t of spec.tables) {
    const rows = tables[t.key];
    if (!Array.isArray(rows)) { add(`tables.${t.key}`, msg('sheet.list', { label: t.label })); continue; }
    if (rows.length > 200) add(`tables.${t.key}`, msg('sheet.atMostRows', { n: 200, label: t.label }));
    rows.forEach((row, i) => {
      if (!row || typeof row !== 'object' || Array.isArray(row)) { add(`tables.${t.key}[${i}]`, msg('sheet.notRow')); return; }
      for (const col of t.columns) {
        const v = row[col.key];
        const path = `tables.${t.key}[${i}].${col.key}`;
        if (col.type === 'text') {
          if (typeof v !== 'string' || !v.trim()) add(path, msg('sheet.cellName', { label: col.label }));
          else if (v.length > 60) add(path, msg('sheet.cellLong', { label: col.label, n: 60 }));
        } else if (col.type === 'int') {
          if (!isInt(v)) add(path, msg('sheet.whole', { label: col.label }));
          else if (v < col.min || v > col.max) add(path, msg('sheet.range', { label: col.label, min: col.min, max: col.max }));
        } else if (col.type === 'bool') {
          if (v !== undefined && typeof v !== 'boolean') add(path, msg('sheet.yesNo', { label: col.label }));
        } else if (col.type === 'ref') {
          const names = refNames(c.system, sheet, col.ref);
          if (typeof v !== 'string' || !names.includes(v)) add(path, msg('sheet.chooseOf', { label: col.label, known: names.join(', ') || msg('sheet.noneYet') }));
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
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { error: msg('charactersFile.notObject') };
  if (data.format !== 'tablecheck-characters') return { error: msg('charactersFile.format') };
  if (data.version !== 1) return { error: msg('charactersFile.version', { version: JSON.stringify(data.version) }) };
  if (!Array.isArray(data.characters)) return { error: msg('charactersFile.noCharacters') };
  const characters = [];
  const refused = [];
  data.characters.forEach((c, i) => {
    const errs = validateCharacter(c);
    if (!errs.length) { characters.push(c); return; }
    const who = c && typeof c.name === 'string' && c.name.trim() ? `${c.name}` : msg('charactersFile.nth', { n: i + 1 });
    const why = errs.map((e) => `${where(c.system, e.path)}${e.message}`);
    refused.push({ what: who, why: why.length > 3 ? `${why.slice(0, 3).join('; ')} ${msg('sheet.andMore', { n: why.length - 3 })}` : why.join('; ') });
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
    return msg('sheet.row', { where: t ? t.label : m[1], n: Number(m[2]) + 1 });
  }
  if (!path || path.startsWith('numbers.') || path.startsWith('tables.')) return '';
  return `${path}: `;
}
