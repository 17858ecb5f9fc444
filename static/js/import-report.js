// The list of what an import refused, one line each with why.

import { el } from './util.js';

/** refused: [{what, why}] -> a titled list. */
export function importReport(refused) {
  const n = refused.length;
  return el('div', { class: 'refused', 'aria-label': 'Not imported' },
    el('p', { class: 'refused-title' }, `Not imported (${n}):`),
    el('ul', { class: 'refused-list' }, refused.map((r) => el('li', { class: 'refused-item' },
      el('span', { 'aria-hidden': 'true' }, '\u2715 '), el('strong', {}, r.what), ` \u2014 ${r.why}`))));
}
