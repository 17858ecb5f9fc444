// Unit tests of static/js/record-store.js (the store behind storage.js) on a
// fake Storage with a quota, as localStorage counts it (the characters of
// keys and values). `node --test tests/js/record-store.test.mjs` (make test runs it).

import test from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

// the page's module as an .mjs copy: an ES module to any Node >= 18, whatever package.json says
const copy = join(mkdtempSync(join(tmpdir(), 'tablecheck-')), 'record-store.mjs');
copyFileSync(fileURLToPath(new URL('../../static/js/record-store.js', import.meta.url)), copy);
const { RecordStore, sanitizePrefs, sanitizeForm, parseKey, failureOf } = await import(pathToFileURL(copy));

class FakeStorage {
  constructor(quota = Infinity) { this.map = new Map(); this.quota = quota; }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  used() { let n = 0; for (const [k, v] of this.map) n += k.length + v.length; return n; }
  setItem(k, v) {
    const old = this.map.has(k) ? k.length + this.map.get(k).length : 0;
    if (this.used() - old + k.length + String(v).length > this.quota) {
      const e = new Error('The quota has been exceeded.');
      e.name = 'QuotaExceededError';
      throw e;
    }
    this.map.set(k, String(v));
  }
  removeItem(k) { this.map.delete(k); }
}

const entry = (i) => ({ id: `h-${i}`, time: `2026-11-29T18:${String(i % 60).padStart(2, '0')}:00.000Z`, note: 'x'.repeat(200) });

/** A store as the page before wrote it: one JSON list per kind. */
function v1Store(ls, history) {
  ls.setItem('tablecheck:v1:history', JSON.stringify(history));
  ls.setItem('tablecheck:v1:characters', JSON.stringify([{ id: 'c-1', name: 'Borin' }, { name: 'no id' }]));
  ls.setItem('tablecheck:v1:forms', JSON.stringify({ 'dice.roll': { values: { expression: '2d6' } } }));
  ls.setItem('tablecheck:v1:prefs', JSON.stringify({ theme: 'dark' }));
}

test('a v1 store is moved into one key per record, every record kept, the lists removed', () => {
  const ls = new FakeStorage();
  const history = [entry(1), entry(2), entry(3)];
  v1Store(ls, history);
  const s = new RecordStore(ls).scan();
  assert.deepEqual(s.values('history'), history);
  assert.equal(ls.getItem('tablecheck:v1:history'), null);
  assert.deepEqual(JSON.parse(ls.getItem('tablecheck:v2:history:h-2')), history[1]);
  const chars = s.values('characters');
  assert.deepEqual(chars, [{ id: 'c-1', name: 'Borin' }, { name: 'no id' }]); // the record without an id too, unchanged
  assert.deepEqual(s.get('forms', 'dice.roll'), { values: { expression: '2d6' } });
  assert.equal(ls.getItem('tablecheck:v1:prefs'), JSON.stringify({ theme: 'dark' })); // single values stay
  assert.deepEqual(s.repairs, []);
  // read again: the same records, nothing doubled
  assert.deepEqual(new RecordStore(ls).scan().values('history'), history);
});

test('a migration in a storage too full to hold the list twice loses nothing', () => {
  const history = Array.from({ length: 60 }, (_, i) => entry(i));
  const ls = new FakeStorage();
  v1Store(ls, history);
  ls.quota = ls.used() + 2500; // room for about ten records beside the list
  const s = new RecordStore(ls).scan();
  assert.deepEqual(s.values('history').map((e) => e.id).sort(), history.map((e) => e.id).sort());
  // whatever did not fit yet is still in the v1 list: a fresh read finds every record once
  const again = new RecordStore(ls).scan();
  assert.deepEqual(again.values('history').map((e) => e.id).sort(), history.map((e) => e.id).sort());
  const moved = [...ls.map.keys()].filter((k) => k.startsWith('tablecheck:v2:history:')).length;
  const left = JSON.parse(ls.getItem('tablecheck:v1:history') || '[]').length;
  assert.equal(moved + left >= history.length, true);
  assert.ok(moved > 10, `moved ${moved}: the list shrinks as records move, making room`);
});

test('a save in a full storage says so and is kept in memory marked not saved; an import keeps nothing', () => {
  const ls = new FakeStorage();
  const s = new RecordStore(ls).scan();
  assert.deepEqual(s.put('characters', 'c-1', { id: 'c-1', name: 'Borin' }), { ok: true, reason: null });
  ls.quota = ls.used();
  assert.deepEqual(s.put('characters', 'c-2', { id: 'c-2', name: 'Carla' }), { ok: false, reason: 'full' });
  assert.equal(s.isSaved('characters', 'c-2'), false);
  assert.equal(s.unsaved('characters'), 1);
  assert.equal(s.put('characters', 'c-3', { id: 'c-3' }, { keep: false }).reason, 'full');
  assert.equal(s.get('characters', 'c-3'), null);
  assert.deepEqual(new RecordStore(ls).scan().values('characters'), [{ id: 'c-1', name: 'Borin' }]);
  // room again: the next save writes what could not be written before
  ls.quota = Infinity;
  assert.equal(s.put('characters', 'c-1', { id: 'c-1', name: 'Borin II' }).ok, true);
  assert.equal(s.unsaved('characters'), 0);
  assert.deepEqual(new RecordStore(ls).scan().values('characters').map((c) => c.id).sort(), ['c-1', 'c-2']);
});

test('without storage everything is kept in memory and every save says it is not stored', () => {
  const s = new RecordStore(null).scan();
  assert.deepEqual(s.put('history', 'h-1', entry(1)), { ok: false, reason: 'unavailable' });
  assert.deepEqual(s.values('history'), [entry(1)]);
});

test('a change made in another tab meanwhile is not overwritten: the later writer is told', () => {
  const ls = new FakeStorage();
  const a = new RecordStore(ls).scan();
  const b = new RecordStore(ls).scan();
  a.put('characters', 'c-1', { id: 'c-1', name: 'Borin' });
  const base = b.storedText('characters', 'c-1');
  a.put('characters', 'c-1', { id: 'c-1', name: 'Borin the Bold' });
  const r = b.put('characters', 'c-1', { id: 'c-1', name: 'Borin the Wise' }, { expect: base });
  assert.equal(r.reason, 'conflict');
  assert.deepEqual(r.current, { id: 'c-1', name: 'Borin the Bold' });
  assert.equal(JSON.parse(ls.getItem('tablecheck:v2:characters:c-1')).name, 'Borin the Bold');
  // a change this tab made itself since the edit began (a counter spent) is no conflict
  const mine = a.storedText('characters', 'c-1');
  a.put('characters', 'c-1', { id: 'c-1', name: 'Borin the Bold', spent: 1 });
  assert.equal(a.put('characters', 'c-1', { id: 'c-1', name: 'Borin the Brave' }, { expect: mine }).ok, true);
  // two tabs adding different records write different keys: both kept
  a.put('characters', 'c-2', { id: 'c-2' });
  b.put('characters', 'c-3', { id: 'c-3' });
  assert.deepEqual(new RecordStore(ls).scan().values('characters').map((c) => c.id).sort(), ['c-1', 'c-2', 'c-3']);
});

test('another tab\'s change arrives through external(); this tab\'s unsaved record stays', () => {
  const ls = new FakeStorage();
  const s = new RecordStore(ls).scan();
  const v = s.version('history');
  assert.equal(s.external('tablecheck:v2:history:h-9', JSON.stringify(entry(9))), 'history');
  assert.deepEqual(s.get('history', 'h-9'), entry(9));
  assert.ok(s.version('history') > v);
  assert.equal(s.external('tablecheck:v2:history:h-9', null), 'history');
  assert.equal(s.get('history', 'h-9'), null);
  assert.equal(s.external('tablecheck:v2:history:h-8', '{trunc'), null); // junk from elsewhere is not taken
  assert.equal(s.external('unrelated', 'x'), null);
});

test('broken records are removed and counted; records of another shape are kept', () => {
  const ls = new FakeStorage();
  ls.setItem('tablecheck:v2:history:h-cut', '{"id": "h-cut", "ti');
  ls.setItem('tablecheck:v2:history:h-null', 'null');
  ls.setItem('tablecheck:v2:history:h-odd', '{"id": 5}');
  ls.setItem('tablecheck:v1:characters', '{"not": "a list"}');
  ls.setItem('tablecheck:v1:tracked', '[null, 3, {"name": "Goblin"}]');
  const s = new RecordStore(ls).scan();
  assert.deepEqual(s.values('history'), [{ id: 5 }]);
  assert.equal(ls.getItem('tablecheck:v2:history:h-cut'), null);
  assert.deepEqual(s.values('tracked'), [{ name: 'Goblin' }]);
  assert.deepEqual(s.repairs, [{ kind: 'history', n: 2 }, { kind: 'characters', whole: true }, { kind: 'tracked', n: 2 }]);
  assert.deepEqual(new RecordStore(ls).scan().repairs, []); // said once: reset, the next read is clean
});

test('preferences: each field of the wrong type back to its default, the rest kept', () => {
  assert.deepEqual(sanitizePrefs({ character: null, theme: 'dark', extra: 1 }), {
    prefs: { theme: 'dark', system: null, checks: {}, entered: {}, character: {}, extra: 1 }, reset: ['character'] });
  assert.deepEqual(sanitizePrefs(undefined).reset, []);
  assert.deepEqual(sanitizePrefs(null).reset, ['all']);
  assert.deepEqual(sanitizePrefs([1]).reset, ['all']);
  const r = sanitizePrefs({ checks: { dice: 'roll', x: 5 }, entered: { a: true, b: 'no' }, system: 3, theme: 'pink' });
  assert.deepEqual(r.prefs.checks, { dice: 'roll' });
  assert.deepEqual(r.prefs.entered, { a: true });
  assert.deepEqual(r.reset, ['checks', 'entered', 'system', 'theme']);
});

test('a stored form keeps what is usable', () => {
  assert.deepEqual(sanitizeForm(null), { form: null, changed: true });
  assert.deepEqual(sanitizeForm({ values: 5, filled: { '': null, a: { name: 'A' } } }),
    { form: { filled: { a: { name: 'A' } } }, changed: true });
  assert.deepEqual(sanitizeForm({ values: { x: '1' }, filled: {} }), { form: { values: { x: '1' }, filled: {} }, changed: false });
});

test('keys and failures', () => {
  assert.deepEqual(parseKey('tablecheck:v2:saved-checks:s:1'), { kind: 'saved-checks', id: 's:1' });
  assert.deepEqual(parseKey('tablecheck:v1:history'), { list: 'history' });
  assert.deepEqual(parseKey('tablecheck:v1:prefs'), { value: 'prefs' });
  assert.equal(parseKey('tablecheck:v2:unknown:x'), null);
  assert.equal(failureOf({ name: 'QuotaExceededError' }), 'full');
  assert.equal(failureOf({ name: 'NS_ERROR_DOM_QUOTA_REACHED' }), 'full');
  assert.equal(failureOf({ name: 'SecurityError' }), 'unavailable');
});
