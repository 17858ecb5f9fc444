// Unit tests of static/js/preroll.js: a roll asked ahead is handed over only
// for the very request (and language) it was asked for, once; other values
// discard it; entered dice and seeds are never asked ahead.
// `node --test tests/js/preroll.test.mjs`.

import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';

const { Preroll, eligible } = await load('preroll.js');

/** An engine that answers each request with its own number, when `release` is called. */
function engine() {
  const sent = [];
  const waiting = [];
  const resolve = (request) => new Promise((done) => {
    sent.push(request);
    waiting.push(() => done({ n: sent.length, request }));
  });
  return { sent, resolve, release: () => { for (const w of waiting.splice(0)) w(); } };
}

const A = { system: 'dark_eye', check: 'skill', rating: 4 };
const B = { system: 'dark_eye', check: 'skill', rating: 5 };

test('asked once for a request, with card_first; asked again only for other values', () => {
  const e = engine();
  const p = new Preroll(e.resolve);
  p.ask(A, 'en');
  p.ask({ ...A }, 'en');
  assert.deepEqual(e.sent, [{ ...A, card_first: true }]);
  p.ask(B, 'en');
  assert.equal(e.sent.length, 2);
});

test('handed over for the same request and language only, and only once', async () => {
  const e = engine();
  const p = new Preroll(e.resolve);
  p.ask(A, 'en');
  e.release();
  await Promise.resolve(); await Promise.resolve();
  assert.deepEqual(p.take(A, 'de'), null); // another language: discarded ...
  assert.equal(p.take(A, 'en'), null); // ... and gone
  p.ask(A, 'en');
  e.release();
  await Promise.resolve(); await Promise.resolve();
  assert.equal(p.take(B, 'en'), null); // other values: discarded
  assert.equal(p.take(A, 'en'), null);
  p.ask(A, 'en');
  e.release();
  await Promise.resolve(); await Promise.resolve();
  const got = p.take(A, 'en');
  assert.equal(got.answer.n, 3);
  assert.equal(p.take(A, 'en'), null); // used once
});

test('on its way: the promise of its answer; dropped: nothing', async () => {
  const e = engine();
  const p = new Preroll(e.resolve);
  p.ask(A, 'en');
  const got = p.take(A, 'en');
  assert.equal(got.answer, undefined);
  e.release();
  assert.equal((await got.promise).n, 1);
  p.ask(A, 'en');
  p.drop();
  assert.equal(p.take(A, 'en'), null);
});

test('entered dice and seeds are never asked ahead', () => {
  const e = engine();
  const p = new Preroll(e.resolve);
  p.ask({ ...A, dice: [1, 2, 3] }, 'en');
  p.ask({ ...A, seed: 7 }, 'en');
  assert.equal(e.sent.length, 0);
  assert.equal(eligible(A), true);
  assert.equal(eligible({ ...A, seed: 0 }), false);
  assert.equal(eligible(null), false);
});
