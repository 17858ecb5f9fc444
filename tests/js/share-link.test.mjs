// Unit tests of static/js/share-link.js: a shared check's link, made and
// read back, and every kind of bad link said in words.
// `node --test tests/js/share-link.test.mjs` (make test runs it).

import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';

const { linkFor, parseHash } = await load('share-link.js');
const { setLang } = await load('i18n.js');

// a made-up game: the page knows none (tests/unit/test_static_js_knows_no_game.py)
const CATALOG = { systems: { omens: { id: 'omens', name: 'Omens', checks: { read: { id: 'read', label: 'Read the bones', params: [] } } } } };
const ADDRESS = 'https://example.org/tablecheck/';

/** The fragment of a link, as location.hash gives it. */
const hashOf = (link) => new URL(link).hash;
/** A fragment holding `text` as its payload (base64url, as the page writes it). */
const hashWith = (text) => `#share=${Buffer.from(text, 'utf8').toString('base64url')}`;

test('a link made for a check reads back as the same check, inputs, dice and time', () => {
  const payload = { system: 'omens', check: 'read', request: { bones: 5, needed: 1 }, dice: [3, 6, 1], time: '2026-12-02T13:59:00.000Z' };
  const link = linkFor(payload, ADDRESS);
  assert.ok(link.startsWith(`${ADDRESS}#share=`));
  assert.deepEqual(parseHash(hashOf(link), CATALOG), payload);
});

test('the payload is base64url of the JSON with v: 1 (no +, / or = in the address)', () => {
  const link = linkFor({ system: 'omens', check: 'read', request: { note: '>>>???' } }, ADDRESS);
  const code = hashOf(link).slice('#share='.length);
  assert.match(code, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(JSON.parse(Buffer.from(code, 'base64url').toString('utf8')),
    { v: 1, system: 'omens', check: 'read', request: { note: '>>>???' } });
});

test('text beyond ASCII (names, symbols) survives the round trip', () => {
  const request = { who: 'Ölaf Þorsson ☾', labels: { '': 'Sight · 5' } };
  const back = parseHash(hashOf(linkFor({ system: 'omens', check: 'read', request }, ADDRESS)), CATALOG);
  assert.deepEqual(back.request, request);
});

test('without dice or time the link opens the form only, and its time is when it is opened', () => {
  const back = parseHash(hashOf(linkFor({ system: 'omens', check: 'read', request: {} }, ADDRESS)), CATALOG);
  assert.equal(back.dice, undefined);
  assert.equal(back.time, undefined);
});

test('an address without a shared check is no shared check', () => {
  for (const hash of ['', '#', '#odds', '#sharex=abc', null, undefined]) assert.equal(parseHash(hash, CATALOG), null, String(hash));
});

test('a bad link says what is wrong with it', () => {
  const cases = [
    ['#share=ab$cd', 'The link is damaged (it has characters a shared check never has).'],
    ['#share=', 'The link is damaged (it has characters a shared check never has).'],
    [hashWith('{not json'), 'The link is damaged (its check cannot be read).'],
    [hashWith(JSON.stringify({ v: 2, system: 'omens', check: 'read', request: {} })), 'The link is from another version of tablecheck.'],
    [hashWith('null'), 'The link is from another version of tablecheck.'],
    [hashWith(JSON.stringify({ v: 1, system: 'runes', check: 'read', request: {} })), 'The link is for a game this page does not know ("runes").'],
    [hashWith(JSON.stringify({ v: 1, system: 'omens', check: 'cast', request: {} })), 'The link is for a check this page does not know ("cast" of Omens).'],
    [hashWith(JSON.stringify({ v: 1, system: 'omens', check: 'read' })), 'The link has no inputs.'],
    [hashWith(JSON.stringify({ v: 1, system: 'omens', check: 'read', request: [1] })), 'The link has no inputs.'],
    [hashWith(JSON.stringify({ v: 1, system: 'omens', check: 'read', request: {}, dice: [1, 2.5] })), 'The link\u2019s dice are not whole numbers.'],
    [hashWith(JSON.stringify({ v: 1, system: 'omens', check: 'read', request: {}, dice: '3' })), 'The link\u2019s dice are not whole numbers.'],
  ];
  for (const [hash, error] of cases) assert.deepEqual(parseHash(hash, CATALOG), { error }, hash);
});

test('a link read before the catalog is known names the game it is for', () => {
  const hash = hashOf(linkFor({ system: 'omens', check: 'read', request: {} }, ADDRESS));
  assert.deepEqual(parseHash(hash, null), { error: 'The link is for a game this page does not know ("omens").' });
});

test('a time that is no date is dropped, not trusted', () => {
  const back = parseHash(hashWith(JSON.stringify({ v: 1, system: 'omens', check: 'read', request: {}, time: 'yesterday' })), CATALOG);
  assert.equal(back.time, undefined);
});


test('a German page says what is wrong with a link in German, with the same names filled in', () => {
  setLang('de');
  try {
    assert.deepEqual(parseHash('#share=ab$cd', CATALOG), { error: 'Der Link ist beschädigt (er enthält Zeichen, die eine geteilte Probe nie hat).' });
    assert.deepEqual(parseHash(hashWith(JSON.stringify({ v: 1, system: 'omens', check: 'cast', request: {} })), CATALOG),
      { error: 'Der Link gilt einer Probe, die diese Seite nicht kennt ("cast" von Omens).' });
    assert.deepEqual(parseHash(hashWith(JSON.stringify({ v: 1, system: 'omens', check: 'read', request: {}, dice: [0.5] })), CATALOG),
      { error: 'Die Würfel des Links sind keine ganzen Zahlen.' });
    // a good link is the same in every language
    const payload = { system: 'omens', check: 'read', request: { bones: 5 }, dice: [3], time: '2026-12-02T20:15:00.000Z' };
    assert.deepEqual(parseHash(hashOf(linkFor(payload, ADDRESS)), CATALOG), payload);
  } finally {
    setLang('en');
  }
});
