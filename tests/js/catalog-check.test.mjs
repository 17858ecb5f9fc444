// Unit tests of static/js/catalog-check.js: the shape of a stored catalog
// the page can draw (one that lacks it is reset, not drawn).
// `node --test tests/js/catalog-check.test.mjs`.

import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';

const { isCatalog } = await load('catalog-check.js');

const check = { id: 'read', label: 'Read the bones', params: [] };
const catalog = (system) => ({ systems: { omens: system } });
const system = (checks) => ({ id: 'omens', name: 'Omens', checks });

test('a catalog with games, checks and params has the shape; so has one without games', () => {
  assert.equal(isCatalog(catalog(system({ read: check }))), true);
  assert.equal(isCatalog({ systems: {} }), true);
  assert.equal(isCatalog(catalog(system({}))), true);
});

test('any part missing or of another type: not a catalog', () => {
  const cases = [
    null, [], 'catalog', {}, { systems: [] },
    catalog(null), catalog({ ...system({ read: check }), id: 3 }), catalog({ ...system({ read: check }), name: undefined }),
    catalog(system([check])), catalog(system({ read: null })), catalog(system({ read: { ...check, id: null } })),
    catalog(system({ read: { ...check, label: 5 } })), catalog(system({ read: { ...check, params: {} } })),
  ];
  for (const c of cases) assert.equal(isCatalog(c), false, JSON.stringify(c));
});
