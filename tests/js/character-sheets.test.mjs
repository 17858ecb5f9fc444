// Unit tests of static/js/character-sheets.js: the sheets learnt from the
// catalog, a character record checked against its game's sheet, and a
// characters export file read character by character.
// `node --test tests/js/character-sheets.test.mjs`.

import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';

const S = await load('character-sheets.js');

// a made-up game's sheet, in the catalog's shape (api.md: sheet numbers and tables)
const SHEET = {
  numbers: [
    { key: 'SIGHT', label: 'Sight', min: 0, max: 20, default: 8 },
    { key: 'LUCK', label: 'Luck', min: 0, max: 5, default: 3, counter: true, optional: true, referable: false },
  ],
  tables: [{
    key: 'signs', label: 'Signs', defaults: [{ name: 'Crows', level: 2, on: 'SIGHT' }],
    columns: [
      { key: 'name', label: 'Sign', type: 'text' },
      { key: 'level', label: 'Level', type: 'int', min: 0, max: 10 },
      { key: 'kept', label: 'Kept', type: 'bool' },
      { key: 'on', label: 'Read with', type: 'ref', ref: 'numbers' },
    ],
  }],
};
S.setSheets({ systems: { omens: { id: 'omens', name: 'Omens', checks: {}, sheet: SHEET }, dice: { id: 'dice', name: 'Dice', checks: {} } } });

const hero = (sheet = S.blankSheet('omens'), extra = {}) => ({ id: 'c-1', system: 'omens', name: 'Ada', sheet, ...extra });

test('the catalog says which games have a sheet; a blank sheet holds its first values', () => {
  assert.equal(S.hasSheet('omens'), true);
  assert.equal(S.hasSheet('dice'), false);
  assert.equal(S.sheetOf('dice'), null);
  const blank = S.blankSheet('omens');
  assert.deepEqual(blank, { numbers: { SIGHT: 8, LUCK: 3 }, tables: { signs: [{ name: 'Crows', level: 2, on: 'SIGHT' }] } });
  blank.tables.signs[0].level = 9; // a copy: the catalog's defaults stay
  assert.equal(SHEET.tables[0].defaults[0].level, 2);
});

test('a character that fits its sheet has no problem; a number added to the sheet since may be missing', () => {
  assert.deepEqual(S.validateCharacter(hero()), []);
  const sheet = S.blankSheet('omens');
  delete sheet.numbers.LUCK;
  assert.deepEqual(S.validateCharacter(hero(sheet)), []);
});

test('a record that is no character, or of a game without a sheet, is refused as a whole', () => {
  assert.deepEqual(S.validateCharacter([]), [{ path: '', message: 'is not a character object' }]);
  assert.deepEqual(S.validateCharacter(hero(undefined, { system: 'dice' })), [{ path: 'system', message: 'unknown game "dice"' }]);
  assert.deepEqual(S.validateCharacter(hero(null)), [{ path: 'sheet', message: 'is missing' }]);
});

test('each problem is given with its path and words', () => {
  const sheet = S.blankSheet('omens');
  sheet.numbers.SIGHT = 21;
  sheet.tables.signs = [{ name: ' ', level: 1.5, kept: 'yes', on: 'LUCK' }, 'row'];
  assert.deepEqual(S.validateCharacter(hero(sheet, { id: '', name: 'x'.repeat(61) })), [
    { path: 'id', message: 'is missing' },
    { path: 'name', message: 'At most 60 characters.' },
    { path: 'numbers.SIGHT', message: 'Sight must be 0 to 20.' },
    { path: 'tables.signs[0].name', message: 'Sign: enter a name.' },
    { path: 'tables.signs[0].level', message: 'Level must be a whole number.' },
    { path: 'tables.signs[0].kept', message: 'Kept must be yes or no.' },
    // LUCK is not referable: only SIGHT may be read with
    { path: 'tables.signs[0].on', message: 'Read with: choose one of SIGHT.' },
    { path: 'tables.signs[1]', message: 'is not a row' },
  ]);
  assert.deepEqual(S.validateCharacter(hero(undefined, { name: '  ' })), [{ path: 'name', message: 'Enter a name.' }]);
});

test('a ref column names the numbers, or the rows of a table', () => {
  const sheet = { numbers: {}, tables: { signs: [{ name: 'Crows' }, { name: '' }, { name: 'Smoke' }, null] } };
  assert.deepEqual(S.refNames('omens', sheet, 'numbers'), ['SIGHT']);
  assert.deepEqual(S.refNames('omens', sheet, 'signs'), ['Crows', 'Smoke']);
  assert.deepEqual(S.refNames('omens', {}, 'signs'), []);
});

test('a file that is not a characters file as a whole says so', () => {
  const cases = [
    [null, 'The file is not a tablecheck characters file (expected a JSON object).'],
    [{ format: 'tablecheck-history', version: 1, characters: [] }, 'The file is not a tablecheck characters file (its "format" is not "tablecheck-characters").'],
    [{ format: 'tablecheck-characters', version: 3, characters: [] }, 'Unsupported characters file version 3 (expected 1).'],
    [{ format: 'tablecheck-characters', version: 1 }, 'The file has no "characters" list.'],
  ];
  for (const [data, error] of cases) assert.deepEqual(S.parseCharacterFile(data), { error });
});

test('a file is read character by character: each one refused says where, in the sheet\u2019s words', () => {
  const bad = S.blankSheet('omens');
  bad.numbers.SIGHT = -1;
  bad.tables.signs = [{ name: 'Crows', level: 11, on: 'SIGHT' }];
  const many = S.blankSheet('omens');
  many.tables.signs = [1, 2, 3, 4, 5];
  const good = hero();
  const parsed = S.parseCharacterFile({ format: 'tablecheck-characters', version: 1, saved_checks: [{ id: 's-1' }],
    characters: [good, hero(bad, { name: 'Bram' }), hero(many, { name: '' }), { system: 'runes' }] });
  assert.deepEqual(parsed.characters, [good]);
  assert.deepEqual(parsed.refused, [
    { what: 'Bram', why: 'Sight must be 0 to 20.; Signs, row 1: Level must be 0 to 10.' },
    { what: 'Character 3', why: 'name: Enter a name.; Signs, row 1: is not a row; Signs, row 2: is not a row (and 3 more)' },
    { what: 'Character 4', why: 'system: unknown game "runes"' },
  ]);
  assert.deepEqual(parsed.saved, [{ id: 's-1' }]);
  assert.deepEqual(parsed.tracked, []);
});
