// Characters: per-game sheets, how each fills a check's form, the store, and
// the validation shared by the editor and the JSON import.
//
// A sheet has fixed `numbers` (The Dark Eye's eight attributes, Freedom
// Fantasies' five abilities, defense and damage) and `tables` of rows (skills,
// combat values, free-named attributes and stats). `fillOptions` maps a sheet
// onto the fields of one form group: a Dark Eye skill fills `attributes` [3]
// (looked up by the skill's three attribute names) and `rating`; a Freedom
// Fantasies ability fills `bonus`; a Dungeons of Olde stat fills `stat`; ...

import * as storage from './storage.js';

const DE_ATTRS = [
  ['COU', 'Courage'], ['SGC', 'Sagacity'], ['INT', 'Intuition'], ['CHA', 'Charisma'],
  ['DEX', 'Dexterity'], ['AGI', 'Agility'], ['CON', 'Constitution'], ['STR', 'Strength'],
];
export const DARK_EYE_ATTRIBUTES = DE_ATTRS.map(([k]) => k);
const DE_COMBAT = [['AT', 'Attack', 12], ['PA', 'Parry', 7], ['DO', 'Dodge', 6], ['RC', 'Ranged combat', 10]];

const FF_ABILITIES = ['FIGHT', 'FINESSE', 'FLAIR', 'FOCUS', 'FLIGHT'];

export const SHEETS = {
  dark_eye: {
    numbers: [
      ...DE_ATTRS.map(([k, name]) => ({ key: k, label: `${name} (${k})`, min: 0, max: 40, default: 12 })),
      ...DE_COMBAT.map(([k, name, d]) => ({ key: k, label: `${name} (${k})`, min: 0, max: 40, default: d, combat: true })),
    ],
    tables: [
      {
        key: 'skills', label: 'Skills', noun: 'skill',
        columns: [
          { key: 'name', type: 'text', label: 'Skill' },
          { key: 'a1', type: 'ref', ref: 'numbers', label: '1st attribute' },
          { key: 'a2', type: 'ref', ref: 'numbers', label: '2nd attribute' },
          { key: 'a3', type: 'ref', ref: 'numbers', label: '3rd attribute' },
          { key: 'rating', type: 'int', label: 'Skill rating', min: 0, max: 40, default: 4 },
        ],
        defaults: [
          { name: 'Climbing', a1: 'COU', a2: 'AGI', a3: 'STR', rating: 4 },
          { name: 'Perception', a1: 'SGC', a2: 'INT', a3: 'INT', rating: 6 },
        ],
      },
    ],
  },
  freedom_fantasies: {
    numbers: [
      ...FF_ABILITIES.map((k) => ({ key: k, label: k, min: -10, max: 20, default: 1 })),
      { key: 'defense', label: 'Defense', min: 0, max: 30, default: 1 },
      { key: 'damage', label: 'Damage rating (DR)', min: 0, max: 30, default: 2 },
    ],
    tables: [],
  },
  shadows_of_the_unknown: {
    numbers: [],
    tables: [
      {
        key: 'attributes', label: 'Attributes', noun: 'attribute',
        columns: [
          { key: 'name', type: 'text', label: 'Attribute' },
          { key: 'value', type: 'int', label: 'Value', min: 0, max: 40, default: 10 },
        ],
        defaults: [
          { name: 'Strength', value: 10 }, { name: 'Agility', value: 10 },
          { name: 'Intelligence', value: 10 }, { name: 'Willpower', value: 10 },
        ],
      },
      {
        key: 'skills', label: 'Skills', noun: 'skill',
        columns: [
          { key: 'name', type: 'text', label: 'Skill' },
          { key: 'attribute', type: 'ref', ref: 'attributes', label: 'Controlling attribute' },
          { key: 'rating', type: 'int', label: 'Skill rating', min: 0, max: 40, default: 1 },
        ],
        defaults: [{ name: 'Stealth', attribute: 'Agility', rating: 3 }],
      },
    ],
  },
  ax: {
    numbers: [],
    tables: [
      {
        key: 'attributes', label: 'Attributes', noun: 'attribute',
        columns: [
          { key: 'name', type: 'text', label: 'Attribute' },
          { key: 'value', type: 'int', label: 'Dice (d10)', min: 0, max: 20, default: 2 },
        ],
        defaults: [
          { name: 'Physique', value: 3 }, { name: 'Size', value: 2 },
          { name: 'Passion', value: 2 }, { name: 'Genius', value: 2 },
        ],
      },
      {
        key: 'skills', label: 'Skills', noun: 'skill',
        columns: [
          { key: 'name', type: 'text', label: 'Skill' },
          { key: 'attribute', type: 'ref', ref: 'attributes', label: 'Attribute' },
          { key: 'bonus', type: 'int', label: 'Bonus', min: -20, max: 20, default: 1 },
        ],
        defaults: [{ name: 'Persuade', attribute: 'Passion', bonus: 1 }],
      },
    ],
  },
  dungeons_of_olde: {
    numbers: [],
    tables: [
      {
        key: 'stats', label: 'Stats', noun: 'stat',
        columns: [
          { key: 'name', type: 'text', label: 'Stat' },
          { key: 'value', type: 'int', label: 'Die (d2-d20)', min: 2, max: 20, default: 6 },
        ],
        defaults: [{ name: 'Brawn', value: 8 }, { name: 'Nerve', value: 6 }, { name: 'Savvy', value: 6 }],
      },
      {
        key: 'skills', label: 'Skills', noun: 'skill',
        columns: [
          { key: 'name', type: 'text', label: 'Skill' },
          { key: 'stat', type: 'ref', ref: 'stats', label: 'Check stat' },
        ],
        defaults: [{ name: 'Forage', stat: 'Savvy' }],
      },
    ],
  },
};

export function hasSheet(system) {
  return Object.prototype.hasOwnProperty.call(SHEETS, system);
}

/** A fresh sheet with the game's defaults. */
export function blankSheet(system) {
  const s = SHEETS[system];
  const numbers = {};
  for (const n of s.numbers) numbers[n.key] = n.default;
  const tables = {};
  for (const t of s.tables) tables[t.key] = t.defaults.map((r) => ({ ...r }));
  return { numbers, tables };
}

// -- the store ----------------------------------------------------------------

let cache = null;

export function allCharacters() {
  if (cache === null) {
    const stored = storage.load('characters', []);
    cache = Array.isArray(stored) ? stored.filter((c) => validateCharacter(c).length === 0) : [];
  }
  return cache;
}

export function charactersFor(system) {
  return allCharacters().filter((c) => c.system === system).sort((a, b) => a.name.localeCompare(b.name));
}

export function getCharacter(id) {
  return allCharacters().find((c) => c.id === id) || null;
}

function persist() {
  return storage.save('characters', cache);
}

export function upsertCharacter(character) {
  allCharacters();
  const i = cache.findIndex((c) => c.id === character.id);
  const record = { ...character, updated: new Date().toISOString() };
  if (i >= 0) cache[i] = record; else cache.push(record);
  persist();
  return record;
}

export function deleteCharacter(id) {
  allCharacters();
  cache = cache.filter((c) => c.id !== id);
  persist();
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
  const spec = SHEETS[c.system];
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
  const spec = SHEETS[system];
  if (ref === 'numbers') return spec.numbers.filter((n) => !n.combat).map((n) => n.key);
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
    const i = cache.findIndex((x) => x.id === c.id);
    if (i >= 0) cache[i] = c; else cache.push(c);
  }
  return persist();
}

export function exportData(system) {
  const list = system ? charactersFor(system) : allCharacters();
  return { format: 'tablecheck-characters', version: 1, exported: new Date().toISOString(), characters: list };
}

// -- mapping a sheet onto a form group ------------------------------------------

function num(c, key) { return c.sheet.numbers[key]; }
function rows(c, table) { return (c.sheet.tables && c.sheet.tables[table]) || []; }
function rowValue(c, table, name) {
  const r = rows(c, table).find((x) => x.name === name);
  return r ? r.value : undefined;
}
function signed(v) { return v >= 0 ? `+${v}` : `${v}`; }

/**
 * What one character can fill into a form group with these param names:
 * [{label, values, meta}] (values keyed by param name; meta for the page,
 * e.g. the Dark Eye attribute names).
 */
export function fillOptions(character, names) {
  const has = (n) => names.includes(n);
  const c = character;
  const out = [];
  switch (c.system) {
    case 'dark_eye':
      if (has('attributes') && has('rating')) {
        for (const s of rows(c, 'skills')) {
          const abbr = [s.a1, s.a2, s.a3];
          const values = { attributes: abbr.map((a) => num(c, a)), rating: s.rating };
          if (has('names')) values.names = abbr;
          if (has('name')) values.name = c.name; // a group member: labels the dice
          out.push({ label: `${s.name} (${abbr.join('/')}, SR ${s.rating})`, values });
        }
      }
      if (has('value')) {
        for (const [k, name] of [...DE_ATTRS, ...DE_COMBAT]) {
          const values = { value: num(c, k) };
          if (has('name')) values.name = k;
          out.push({ label: `${name} (${k}) ${num(c, k)}`, values });
        }
      }
      break;
    case 'freedom_fantasies':
      if (has('bonus')) {
        for (const k of FF_ABILITIES) {
          const values = { bonus: num(c, k) };
          if (has('ability')) values.ability = k.toLowerCase();
          if (has('damage_rating')) values.damage_rating = num(c, 'damage');
          out.push({ label: `${k} ${signed(num(c, k))}${has('damage_rating') ? `, DR ${num(c, 'damage')}` : ''}`, values });
        }
      }
      if (has('finesse') && has('flair')) {
        const hp = FF_ABILITIES.reduce((s, k) => s + num(c, k), 0);
        const values = { finesse: num(c, 'FINESSE'), flair: num(c, 'FLAIR') };
        for (const k of ['fight', 'focus', 'flight']) if (has(k)) values[k] = num(c, k.toUpperCase());
        if (has('defense')) values.defense = num(c, 'defense');
        if (has('hit_points')) values.hit_points = Math.max(hp, 0);
        out.push({ label: `${c.name} as the target (FINESSE ${num(c, 'FINESSE')}, FLAIR ${num(c, 'FLAIR')}, Defense ${num(c, 'defense')})`, values });
      }
      break;
    case 'shadows_of_the_unknown':
      if (has('rating')) {
        const ctl = has('controlling_attribute');
        for (const r of rows(c, 'attributes')) out.push({ label: `${r.name} ${r.value}`, values: ctl ? { rating: r.value, controlling_attribute: null } : { rating: r.value } });
        for (const s of rows(c, 'skills')) {
          const a = rowValue(c, 'attributes', s.attribute) || 0;
          out.push({
            label: `${s.name} ${s.rating} + ${s.attribute} ${a}`,
            values: ctl ? { rating: s.rating, controlling_attribute: a } : { rating: s.rating + a },
          });
        }
      }
      break;
    case 'ax':
      if (has('attribute')) {
        for (const r of rows(c, 'attributes')) {
          const values = { attribute: r.value };
          if (has('bonus')) values.bonus = 0;
          out.push({ label: `${r.name} ${r.value}d10`, values });
        }
        for (const s of rows(c, 'skills')) {
          const a = rowValue(c, 'attributes', s.attribute) || 0;
          const values = { attribute: a };
          if (has('bonus')) values.bonus = s.bonus;
          out.push({ label: `${s.name} (${s.attribute} ${a}d10${has('bonus') ? `, ${signed(s.bonus)}` : ''})`, values });
        }
      }
      break;
    case 'dungeons_of_olde':
      if (has('stat')) {
        for (const r of rows(c, 'stats')) out.push({ label: `${r.name} d${r.value}`, values: { stat: r.value } });
        for (const s of rows(c, 'skills')) {
          const v = rowValue(c, 'stats', s.stat);
          if (v !== undefined) out.push({ label: `${s.name} (${s.stat} d${v})`, values: { stat: v } });
        }
      }
      break;
    default:
      break;
  }
  return out;
}
