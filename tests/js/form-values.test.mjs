// Unit tests of static/js/form-values.js: a form field's first value and
// its value from what was typed, by the kind of its param (api.md: int,
// int_or_choice, choice, bool, string, object, list).
// `node --test tests/js/form-values.test.mjs`.

import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';

const V = await load('form-values.js');

test('a field\u2019s first value: the catalog default, else the rules\u2019 initial value, else one in range for its kind', () => {
  assert.equal(V.uiDefault({ type: 'int', default: 4, initial: 9 }), 4);
  assert.equal(V.uiDefault({ type: 'int', default: null, initial: 9 }), 9); // null default, initial given: the initial
  assert.equal(V.uiDefault({ type: 'int', default: null }), null);
  assert.equal(V.uiDefault({ type: 'int', nullable: true }), null);
  assert.equal(V.uiDefault({ type: 'int', initial: 30, max: 20 }), 20);
  assert.equal(V.uiDefault({ type: 'int', initial: -3, min: 1 }), 1);
  assert.equal(V.uiDefault({ type: 'int', min: 3 }), 3);
  assert.equal(V.uiDefault({ type: 'int', min: -5 }), 0);
  assert.equal(V.uiDefault({ type: 'int' }), 0);
  assert.equal(V.uiDefault({ type: 'int_or_choice', initial: 'hard' }), 'hard');
  assert.equal(V.uiDefault({ type: 'choice', choices: [{ value: 'a' }, { value: 'b' }] }), 'a');
  assert.equal(V.uiDefault({ type: 'choice', initial: 'b', choices: [{ value: 'a' }, { value: 'b' }] }), 'b');
  assert.equal(V.uiDefault({ type: 'choice', choices: [] }), null);
  assert.equal(V.uiDefault({ type: 'bool' }), false);
  assert.equal(V.uiDefault({ type: 'string' }), '');
  assert.equal(V.uiDefault({ type: 'string', initial: '2d6' }), '2d6');
});

test('an object\u2019s first values: each field\u2019s, nested, without the follow-ups\u2019 fields', () => {
  const fields = [
    { name: 'n', type: 'int', min: 1 },
    { name: 'spent', type: 'bool', form: false },
    { name: 'side', type: 'object', fields: [{ name: 'mod', type: 'int', default: -2 }] },
    { name: 'fixed', type: 'object', default: { mod: 7 }, fields: [{ name: 'mod', type: 'int' }] },
    { name: 'none', type: 'int', default: null },
    { name: 'rows', type: 'list', min_items: 2, item: { type: 'int', initial: 5 } },
  ];
  assert.deepEqual(V.objectDefault(fields), { n: 1, side: { mod: -2 }, fixed: { mod: 7 }, none: null, rows: [5, 5] });
});

test('a list\u2019s first items: its default, else min_items of its item (one when it has no minimum)', () => {
  assert.deepEqual(V.listDefault({ type: 'list', default: [1, 2], item: { type: 'int' } }), [1, 2]);
  assert.deepEqual(V.listDefault({ type: 'list', item: { type: 'int' } }), [0]);
  assert.deepEqual(V.listDefault({ type: 'list', min_items: 0, item: { type: 'int' } }), []);
  assert.deepEqual(V.listDefault({ type: 'list', min_items: 2, initial: 4, item: { type: 'int' } }), [4, 4]);
  assert.deepEqual(V.itemDefault({ item: { type: 'object', fields: [{ name: 'x', type: 'bool' }] } }), { x: false });
});

test('a whole number as typed: signs, the minus sign, spaces; anything else is not one', () => {
  assert.deepEqual(V.parseWhole(' 12 '), { value: 12 });
  assert.deepEqual(V.parseWhole('+3'), { value: 3 });
  assert.deepEqual(V.parseWhole('-4'), { value: -4 });
  assert.deepEqual(V.parseWhole('\u22125'), { value: -5 });
  assert.deepEqual(V.parseWhole(''), { empty: true });
  assert.deepEqual(V.parseWhole('   '), { empty: true });
  for (const bad of ['1.5', '3e2', 'two', '--1', '1 2']) assert.deepEqual(V.parseWhole(bad), { bad: true }, bad);
});

test('an int field\u2019s value: in its range, else the message next to the field', () => {
  const p = { type: 'int', min: -10, max: 10 };
  assert.deepEqual(V.intValue(p, 'mod', ' -3'), { value: -3, errors: [] });
  assert.deepEqual(V.intValue(p, 'mod', '11'), { errors: [{ path: 'mod', message: 'Must be at most 10.' }] });
  assert.deepEqual(V.intValue(p, 'mod', '-11'), { errors: [{ path: 'mod', message: 'Must be at least -10.' }] });
  assert.deepEqual(V.intValue(p, 'mod', ' 2.5 '), { errors: [{ path: 'mod', message: '"2.5" is not a whole number.' }] });
  assert.deepEqual(V.intValue(p, 'mod', ''), { errors: [{ path: 'mod', message: 'Enter a number (-10 to 10).' }] });
  assert.deepEqual(V.intValue({ type: 'int', min: 1 }, 'n', ''), { errors: [{ path: 'n', message: 'Enter a number (at least 1).' }] });
  assert.deepEqual(V.intValue({ type: 'int' }, 'n', ''), { errors: [{ path: 'n', message: 'Enter a number.' }] });
  assert.deepEqual(V.intValue({ type: 'int', nullable: true }, 'n', ''), { value: null, errors: [] });
  assert.deepEqual(V.inRange({ max: 3 }, 'n', 3), { value: 3, errors: [] });
});

test('the range in words', () => {
  assert.equal(V.rangeText({ min: 1, max: 6 }), '1 to 6');
  assert.equal(V.rangeText({ min: 0 }), 'at least 0');
  assert.equal(V.rangeText({ max: 9 }), 'at most 9');
  assert.equal(V.rangeText({}), '');
});

test('a string field\u2019s value: trimmed; empty is an error when required, null when nullable', () => {
  assert.deepEqual(V.textValue({ type: 'string' }, 'expression', ' 3d6+2 '), { value: '3d6+2', errors: [] });
  assert.deepEqual(V.textValue({ type: 'string' }, 'expression', ''), { value: '', errors: [] });
  assert.deepEqual(V.textValue({ type: 'string', required: true }, 'expression', '  '), { errors: [{ path: 'expression', message: 'Enter a value.' }] });
  assert.deepEqual(V.textValue({ type: 'string', nullable: true }, 'expression', ''), { value: null, errors: [] });
});

test('a number the rules fix (min = max = default) gets no field', () => {
  assert.equal(V.isFixed({ type: 'int', min: 2, max: 2, default: 2 }), true);
  assert.equal(V.isFixed({ type: 'int', min: 2, max: 2 }), false);
  assert.equal(V.isFixed({ type: 'int', min: 1, max: 2, default: 1 }), false);
  assert.equal(V.isFixed({ type: 'choice', min: 2, max: 2, default: 2 }), false);
});

test('raw values compare as the text they show', () => {
  assert.equal(V.sameRaw(3, ' 3 '), true);
  assert.equal(V.sameRaw(null, ''), true);
  assert.equal(V.sameRaw(undefined, null), true);
  assert.equal(V.sameRaw(0, ''), false);
  assert.equal(V.sameRaw('hard', 'Hard'), false);
});

test('an API error path and each of its parents, nearest first', () => {
  assert.deepEqual(V.pathAncestors('sides[1].value'), ['sides[1].value', 'sides[1]', 'sides']);
  assert.deepEqual(V.pathAncestors('a.b[2].c'), ['a.b[2].c', 'a.b[2]', 'a.b', 'a']);
  assert.deepEqual(V.pathAncestors('modifier'), ['modifier']);
});

test('a field\u2019s label: the catalog\u2019s, else its name in words', () => {
  assert.equal(V.labelOf({ name: 'quality_levels', label: 'QL' }), 'QL');
  assert.equal(V.labelOf({ name: 'quality_levels', label: 'quality_levels' }), 'Quality levels');
  assert.equal(V.labelOf({ name: 'target_number' }), 'Target number');
});
