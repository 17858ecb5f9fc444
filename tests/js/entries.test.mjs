// Unit tests of static/js/entries.js: what a history entry keeps of an
// answer (api.resolve's result), and its follow-up inputs.
// `node --test tests/js/entries.test.mjs`.

import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';

const { compactResult, replayOf, followUpParams } = await load('entries.js');

test('history keeps the card, the dice and plain values; not the replay, the drawn slots or bulky tables', () => {
  const big = { rows: Array.from({ length: 400 }, (_, i) => ({ i, text: 'a row of a big table' })) };
  const result = {
    outcome: 'sign', summary: 'A sign', total: 7, tail: null, card: { headline: { text: 'A sign' }, big },
    rolls: [{ sides: 6, value: 3 }], replay: { dice: [3] }, drawn: [{ sides: 6 }],
    steps: Array.from({ length: 350 }, (_, i) => i), small: { a: 1 }, table: big,
  };
  const kept = compactResult(result);
  assert.deepEqual(Object.keys(kept).sort(), ['card', 'outcome', 'rolls', 'small', 'steps', 'summary', 'tail', 'total']);
  assert.equal(kept.card, result.card); // the card whole, however big
  assert.equal(kept.steps.length, 300);
});

test('an entry\u2019s request and dice come from the answer\u2019s replay (without its game and check)', () => {
  const answer = { replay: { system: 'omens', check: 'read', bones: 5, dice: [3, 6] }, rolls: [{ value: 1 }] };
  assert.deepEqual(replayOf({ system: 'omens', check: 'read', bones: 5, seed: 9 }, answer), { request: { bones: 5 }, dice: [3, 6] });
  assert.deepEqual(replayOf({}, { replay: { bones: 5 } }), { request: { bones: 5 }, dice: [] });
});

test('an older answer without a replay: the request sent without its seed and dice, the faces rolled', () => {
  const request = { system: 'omens', check: 'read', bones: 5, seed: 9, dice: [2] };
  assert.deepEqual(replayOf(request, { rolls: [{ value: 4 }, { value: 1 }] }), { request: { bones: 5 }, dice: [4, 1] });
  assert.deepEqual(replayOf(request, {}), { request: { bones: 5 }, dice: [] });
});

test('the follow-up inputs a stored request has set (such a result cannot be adjusted through the form)', () => {
  const check = { params: [{ name: 'bones', form: true }, { name: 'reroll', form: false }, { name: 'spent', form: false }, { name: 'kept', form: false }] };
  assert.deepEqual(followUpParams(check, { bones: 5, reroll: [1], spent: false, kept: null }), ['reroll']);
  assert.deepEqual(followUpParams(check, { bones: 5 }), []);
  assert.deepEqual(followUpParams({}, { reroll: [1] }), []);
});
