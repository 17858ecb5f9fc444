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
import { t } from './i18n.js';

export const MAX_SAVED = 500;
const records = storage.collection('saved-checks'); // one stored record per saved check
let cache = [];
let readAt = -1;

export function all() {
  if (readAt !== records.version()) {
    cache = records.values();
    readAt = records.version();
  }
  return cache;
}

/** False for a saved check kept in memory only (its save failed). */
export function isSaved(id) {
  return records.isSaved(id);
}

/** What storage holds for a saved check now: give it back as opts.expect. */
export function storedVersion(id) {
  return records.storedText(id);
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

/** Store a saved check: [record, {ok, reason, current}] (opts.expect: see
 * storage.js put; a conflict writes nothing). */
export function upsert(record, opts = {}) {
  const now = new Date().toISOString();
  const r = { ...record, updated: now, created: record.created || now };
  return [r, records.put(r.id, r, opts)];
}

export function remove(id) {
  return records.remove(id);
}

/** null when the record is usable, else why not (for import lists). */
export function validateSaved(s, catalog) {
  if (!isPlainObject(s)) return t('savedFile.notSaved');
  if (typeof s.id !== 'string' || !s.id) return t('check.noId');
  if (typeof s.name !== 'string' || !s.name.trim()) return t('savedFile.noName');
  if (s.name.length > 80) return t('tracked.longName', { n: 80 });
  if (typeof s.system !== 'string' || !s.system) return t('savedFile.noGame');
  if (typeof s.check !== 'string' || !s.check) return t('check.noCheck');
  if (!isPlainObject(s.request)) return t('check.noInputs');
  if (s.character !== undefined && s.character !== null && typeof s.character !== 'string') return t('savedFile.characterNotId');
  if (s.who !== undefined && s.who !== null && typeof s.who !== 'string') return t('savedFile.whoNotText');
  if (catalog && catalog.systems) {
    const sys = catalog.systems[s.system];
    if (!sys) return t('check.unknownGame', { game: JSON.stringify(s.system) });
    if (!sys.checks[s.check]) return t('check.unknownCheck', { check: JSON.stringify(s.check), game: sys.name });
  }
  return null;
}

/** Import a list of saved checks entry by entry: valid ones added, the rest
 * listed with why. A record already stored (same id) is never replaced: the
 * same content is skipped, different content arrives as a copy.
 * `idMap` renames character ids (characters imported as copies).
 * A saved check storage refuses (full) is not imported, nor any after it.
 * Returns {added, already, refused: [{what, why}], notStored, reason}. */
export function importSaved(list, catalog, idMap = {}) {
  const out = { added: 0, already: 0, refused: [], notStored: 0, reason: null };
  if (!Array.isArray(list)) return out;
  list.forEach((raw, i) => {
    const why = validateSaved(raw, catalog);
    const what = isPlainObject(raw) && typeof raw.name === 'string' && raw.name ? t('savedFile.named', { name: raw.name }) : t('savedFile.nth', { n: i + 1 });
    if (why) { out.refused.push({ what, why }); return; }
    if (all().length >= MAX_SAVED) { out.refused.push({ what, why: t('savedFile.tooMany', { max: MAX_SAVED }) }); return; }
    const s = { ...raw };
    if (s.character && idMap[s.character]) s.character = idMap[s.character];
    const here = get(s.id);
    if (here) {
      if (sameContent(here, s)) { out.already += 1; return; }
      s.id = newSavedId();
    }
    const r = out.reason ? null : records.put(s.id, s, { keep: false });
    if (r && r.ok) { out.added += 1; return; }
    out.notStored += 1;
    out.reason = out.reason || r.reason;
    out.refused.push({ what, why: t('history.notStoredWhy', { reason: storage.reasonText(out.reason) }) });
  });
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
