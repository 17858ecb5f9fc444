// Unit tests of static/js/history-check.js: a history entry's checks and a
// history export file read entry by entry (a bad entry is refused, named, and
// the rest comes in). `node --test tests/js/history-check.test.mjs`.

import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';

const { validateEntry, unknownCheck, parseFile, entryName, MAX_ENTRIES } = await load('history-check.js');

const CATALOG = { systems: { omens: { id: 'omens', name: 'Omens', checks: { read: { id: 'read', label: 'Read the bones', params: [] } } } } };
const ENTRY = {
  id: 'h-1', time: '2026-12-02T13:59:00.000Z', system: 'omens', check: 'read', character: null,
  request: { bones: 5 }, dice: [3, 6], source: 'secure',
  result: { outcome: 'sign', summary: 'A sign', card: { headline: { text: 'A sign' } }, rolls: [{ sides: 6, value: 3 }, { sides: 6, value: 6 }] },
};
const changed = (path, value) => {
  const e = structuredClone(ENTRY);
  const keys = path.split('.');
  const last = keys.pop();
  const host = keys.reduce((o, k) => o[k], e);
  if (value === undefined) delete host[last]; else host[last] = value;
  return e;
};
const file = (entries, extra = {}) => ({ format: 'tablecheck-history', version: 1, entries, ...extra });

test('a well-formed entry has no problem; one without a card (an older entry) neither', () => {
  assert.equal(validateEntry(ENTRY), null);
  assert.equal(validateEntry(changed('result.card', undefined)), null);
  assert.equal(validateEntry(changed('dice', undefined)), null);
});

test('each broken part of an entry is named', () => {
  const cases = [
    [null, 'is not an object'],
    [[ENTRY], 'is not an object'],
    [changed('id', ''), 'has no id'],
    [changed('time', 'tea time'), 'has no valid time'],
    [changed('system', undefined), 'has no game (system)'],
    [changed('check', 3), 'has no check'],
    [changed('request', []), 'has no inputs (request)'],
    [changed('character', 7), 'has a character that is not text'],
    [changed('dice', [1, 'six']), 'has dice that are not whole numbers'],
    [changed('result', 'A sign'), 'has no result'],
    [changed('result.outcome', undefined), 'has a result without an outcome'],
    [changed('result.summary', 5), 'has a result without a summary'],
    [changed('result.card', { headline: 'A sign' }), 'has a result whose card is not valid'],
    [changed('result.rolls', [{ sides: 6 }]), 'has a result whose dice are not valid'],
    [changed('result.rolls', undefined), 'has a result whose dice are not valid'],
  ];
  for (const [entry, why] of cases) assert.equal(validateEntry(entry), why, why);
});

test('an entry of a game or check this catalog lacks cannot be reopened (no catalog: no judgement)', () => {
  assert.equal(unknownCheck(ENTRY, CATALOG), null);
  assert.equal(unknownCheck(changed('system', 'runes'), CATALOG), 'is for an unknown game "runes"');
  assert.equal(unknownCheck(changed('check', 'cast'), CATALOG), 'is for an unknown check "cast" of Omens');
  assert.equal(unknownCheck(changed('system', 'runes'), null), null);
});

test('an entry is named by its place in the file and, when it has one, its time', () => {
  assert.equal(entryName(ENTRY, 0), 'Entry 1 (2026-12-02 13:59)');
  assert.equal(entryName({ time: 'late' }, 4), 'Entry 5');
  assert.equal(entryName(null, 2), 'Entry 3');
});

test('a file that is not a history file as a whole says so and brings nothing', () => {
  const cases = [
    [[ENTRY], 'This is not a tablecheck history file (expected a JSON object).'],
    [{ ...file([ENTRY]), format: 'tablecheck-characters' }, 'This is not a tablecheck history file (its "format" is not "tablecheck-history").'],
    [{ ...file([ENTRY]), version: 2 }, 'Unsupported history file version 2 (expected 1).'],
    [{ ...file([ENTRY]), entries: { 0: ENTRY } }, 'The file has no "entries" list.'],
  ];
  for (const [data, error] of cases) assert.deepEqual(parseFile(data, CATALOG), { error });
  const many = Array.from({ length: 10 * MAX_ENTRIES + 1 }, () => ENTRY);
  assert.deepEqual(parseFile(file(many)), { error: `The file has ${many.length} entries; at most ${10 * MAX_ENTRIES} can be imported.` });
});

test('a file is read entry by entry: the good ones come with their places, each bad one is refused and named', () => {
  const second = { ...ENTRY, id: 'h-2' };
  const parsed = parseFile(file([ENTRY, changed('dice', 'x'), changed('check', 'cast'), second]), CATALOG);
  assert.deepEqual(parsed.entries, [ENTRY, second]);
  assert.deepEqual(parsed.indexes, [0, 3]);
  assert.deepEqual(parsed.refused, [
    { what: 'Entry 2 (2026-12-02 13:59)', why: 'has dice that are not whole numbers', index: 1 },
    { what: 'Entry 3 (2026-12-02 13:59)', why: 'is for an unknown check "cast" of Omens', index: 2 },
  ]);
});
