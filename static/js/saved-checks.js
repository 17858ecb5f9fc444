// Saved checks: a filled form kept under a name, per character
// ("Alrik: Persuasion -2"). Records: {id, name, system, check, character (a
// character id or null), who (the character's name when saved), request
// (the form's values plus the card context: characters, labels, side),
// created, updated}. Exported and imported with the characters of a game.
//
// Nothing stored is ever dropped: a record whose game or check the catalog
// does not know (yet) stays in storage, only unlisted.

import * as storage from './storage.js';
import { isPlainObject } from './util.js';

const KEY = 'saved-checks';
export const MAX_SAVED = 500;
let cache = null;

export function all() {
  if (cache === null) {
    const stored = storage.load(KEY, []);
    cache = Array.isArray(stored) ? stored : [];
  }
  return cache;
}

function persist() {
  return storage.save(KEY, cache);
}

export function newSavedId() {
  return `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The well-formed saved checks of a game whose check the catalog knows,
 * by character name then name. */
export function savedFor(system, catalog) {
  return all().filter((s) => validateSaved(s, catalog) === null && s.system === system)
    .sort((a, b) => (a.who || '').localeCompare(b.who || '') || a.name.localeCompare(b.name));
}

export function get(id) {
  return all().find((s) => s && s.id === id) || null;
}

export function upsert(record) {
  all();
  const now = new Date().toISOString();
  const i = cache.findIndex((s) => s && s.id === record.id);
  const r = { ...record, updated: now, created: record.created || now };
  if (i >= 0) cache[i] = r; else cache.push(r);
  return [r, persist()];
}

export function remove(id) {
  all();
  cache = cache.filter((s) => !s || s.id !== id);
  return persist();
}

/** null when the record is usable, else why not (for import lists). */
export function validateSaved(s, catalog) {
  if (!isPlainObject(s)) return 'is not a saved check';
  if (typeof s.id !== 'string' || !s.id) return 'has no id';
  if (typeof s.name !== 'string' || !s.name.trim()) return 'has no name';
  if (s.name.length > 80) return 'has a name longer than 80 characters';
  if (typeof s.system !== 'string' || !s.system) return 'has no game';
  if (typeof s.check !== 'string' || !s.check) return 'has no check';
  if (!isPlainObject(s.request)) return 'has no inputs (request)';
  if (s.character !== undefined && s.character !== null && typeof s.character !== 'string') return 'has a character that is not an id';
  if (s.who !== undefined && s.who !== null && typeof s.who !== 'string') return 'has a character name that is not text';
  if (catalog && catalog.systems) {
    const sys = catalog.systems[s.system];
    if (!sys) return `is for an unknown game ${JSON.stringify(s.system)}`;
    if (!sys.checks[s.check]) return `is for an unknown check ${JSON.stringify(s.check)} of ${sys.name}`;
  }
  return null;
}

/** Import a list of saved checks entry by entry: valid ones added, the rest
 * listed with why. A record already stored (same id) is never replaced: the
 * same content is skipped, different content arrives as a copy.
 * `idMap` renames character ids (characters imported as copies).
 * Returns {added, already, refused: [{what, why}], saved}. */
export function importSaved(list, catalog, idMap = {}) {
  all();
  const out = { added: 0, already: 0, refused: [], saved: true };
  if (!Array.isArray(list)) return out;
  list.forEach((raw, i) => {
    const why = validateSaved(raw, catalog);
    const what = isPlainObject(raw) && typeof raw.name === 'string' && raw.name ? `Saved check \u201c${raw.name}\u201d` : `Saved check ${i + 1}`;
    if (why) { out.refused.push({ what, why }); return; }
    if (cache.length >= MAX_SAVED) { out.refused.push({ what, why: `not imported: at most ${MAX_SAVED} saved checks are kept` }); return; }
    const s = { ...raw };
    if (s.character && idMap[s.character]) s.character = idMap[s.character];
    const here = cache.find((x) => x && x.id === s.id);
    if (here) {
      if (sameContent(here, s)) { out.already += 1; return; }
      s.id = newSavedId();
    }
    cache.push(s);
    out.added += 1;
  });
  if (out.added) out.saved = persist();
  return out;
}

function sameContent(a, b) {
  const pick = (x) => JSON.stringify([x.name, x.system, x.check, x.character || null, x.request]);
  return pick(a) === pick(b);
}

/** The saved checks that travel with these characters (and, for a whole
 * game, those saved for no character). */
export function forExport(system, characterIds, catalog) {
  const ids = new Set(characterIds);
  return savedFor(system, catalog).filter((s) => !s.character || ids.has(s.character));
}
