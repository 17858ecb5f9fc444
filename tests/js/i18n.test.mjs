// Unit tests of static/js/i18n.js and its message tables: every key in
// both languages with the same {fields}, and Intl's numbers and dates.
// `node --test tests/js/i18n.test.mjs` (make test runs it).

import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';

const { TABLES, LANGUAGES, t, count, fromBrowser, percent, dateTime, setLang, lang } = await load('i18n.js');

const fields = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every key of each message table is in every other, with the same fields', () => {
  const codes = Object.keys(TABLES);
  assert.deepEqual(codes.sort(), LANGUAGES.map(([code]) => code).sort());
  for (const a of codes) {
    for (const b of codes) {
      const missing = Object.keys(TABLES[a]).filter((k) => !(k in TABLES[b]));
      assert.deepEqual(missing, [], `keys of ${a} missing in ${b}`);
      for (const k of Object.keys(TABLES[a])) assert.deepEqual(fields(TABLES[b][k]), fields(TABLES[a][k]), `${k}: ${a} and ${b} fill other fields`);
    }
  }
});

test('no German text is the English one (a key left untranslated), short words aside', () => {
  const same = Object.keys(TABLES.en).filter((k) => TABLES.en[k] === TABLES.de[k] && TABLES.en[k].length > 8);
  assert.deepEqual(same, []);
});

test('t fills the fields, in the language asked', () => {
  assert.equal(t('characters.useName', { name: 'Alrik' }, 'en'), 'Use Alrik');
  assert.equal(t('characters.useName', { name: 'Alrik' }, 'de'), 'Alrik wählen');
  assert.equal(t('no.such.key', {}, 'de'), 'no.such.key');
});

test('the language is English unless set, and an unknown one is English', () => {
  assert.equal(lang(), 'en');
  assert.equal(setLang('de'), 'de');
  assert.equal(t('history.title'), 'Verlauf');
  assert.equal(setLang('xx'), 'en');
  assert.equal(t('history.title'), 'History');
});

test('the browser\'s first language the page has, by its primary tag; none: null', () => {
  assert.equal(fromBrowser(['de-DE', 'en-US']), 'de');
  assert.equal(fromBrowser(['fr-FR', 'DE-at', 'en']), 'de');
  assert.equal(fromBrowser(['en-GB', 'de']), 'en');
  assert.equal(fromBrowser(['fr-FR', 'it']), null);
  assert.equal(fromBrowser([]), null);
  assert.equal(fromBrowser(undefined), null);
});

test('count picks one or other by the number, and fills it', () => {
  assert.equal(count('roll.fixField', 1, { what: 'X' }, 'de'), 'Erst dieses Feld berichtigen: X.');
  assert.equal(count('roll.fixField', 3, { what: 'X' }, 'de'), 'Erst 3 Felder berichtigen: X.');
  assert.notEqual(count('roll.fixField', 1, { what: 'X' }, 'en'), count('roll.fixField', 2, { what: 'X' }, 'en'));
});

test('percentages as each language writes them', () => {
  assert.equal(percent(0.625, 'en'), '62.5%');
  assert.equal(percent(0.625, 'de'), '62,5\u00a0%');
  assert.equal(percent(0, 'de'), '0\u00a0%');
  assert.equal(percent(1, 'en'), '100%');
  assert.equal(percent(0.0001, 'en'), '<0.1%');
  assert.equal(percent(0.9999, 'de'), '>99,9\u00a0%');
});

test('dates and times as German writes them', () => {
  assert.equal(dateTime(new Date(2026, 11, 2, 20, 15).getTime(), 'de'), '2.12.2026, 20:15');
});
