// What an import refused, one line each with why; and what an import of
// another tool's file took and left out, part by part.

import { el } from './util.js';
import { t } from './i18n.js';

/** refused: [{what, why}] -> a titled list. */
export function importReport(refused) {
  const n = refused.length;
  return el('div', { class: 'refused', 'aria-label': t('report.notImported') },
    el('p', { class: 'refused-title' }, t('report.notImportedN', { n })),
    el('ul', { class: 'refused-list' }, refused.map((r) => el('li', { class: 'refused-item' },
      el('span', { 'aria-hidden': 'true' }, '\u2715 '), el('strong', {}, r.what), ` \u2014 ${r.why}`))));
}

// a report entry's status (api.md import_character) and its heading
const PARTS = [['imported', 'report.imported'], ['skipped', 'report.skipped'], ['refused', 'report.refused']];

/** report: [{what, status, why}] -> a list per status, each line with why. */
export function partsReport(report) {
  const known = new Set(PARTS.map(([status]) => status));
  const parts = PARTS.concat([[null, 'report.other']]).map(([status, heading]) => ({
    status, heading, items: report.filter((r) => (status ? r.status === status : !known.has(r.status))),
  })).filter((p) => p.items.length);
  return el('div', { class: 'import-parts', 'aria-label': t('report.took') }, parts.map((p) => el('section', { class: 'import-part', 'data-status': p.status || 'other' },
    el('p', { class: 'refused-title' }, `${t(p.heading)} (${p.items.length}):`),
    el('ul', { class: 'refused-list' }, p.items.map((r) => el('li', { class: 'refused-item' },
      el('strong', {}, String(r.what)), ` \u2014 ${r.why}`))))));
}
