// The shape of a catalog the page can draw (api.md: systems, their checks,
// each check's params): a stored copy without it is reset, not drawn.
// Pure: no DOM, no storage (tests/js/catalog-check.test.mjs).

const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** True when `c` has the catalog's shape: {systems: {id: {id, name, checks: {id: {id, label, params: []}}}}}. */
export function isCatalog(c) {
  return isObj(c) && isObj(c.systems) && Object.values(c.systems).every((s) => isObj(s) && typeof s.id === 'string'
    && typeof s.name === 'string' && isObj(s.checks) && Object.values(s.checks).every((k) => isObj(k) && typeof k.id === 'string'
    && typeof k.label === 'string' && Array.isArray(k.params)));
}
