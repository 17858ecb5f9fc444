// The language switch in the header (English / Deutsch): the choice is
// stored (storage key `lang`, read by i18n.js at the start) and the page is
// loaded again in it, so every text, the catalog and the cards come in
// that language. <html lang> follows the page's language.

import { el } from './util.js';
import * as storage from './storage.js';
import { t, lang, LANGUAGES, STORAGE_NAME } from './i18n.js';

/** <html lang> and the texts index.html carries (data-i18n="key", an aria-label
 * data-i18n-label, a meta's content data-i18n-content) in the page's language. */
export function applyLanguage(doc = document) {
  doc.documentElement.lang = lang();
  for (const node of doc.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of doc.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  for (const node of doc.querySelectorAll('[data-i18n-content]')) node.setAttribute('content', t(node.dataset.i18nContent));
}

/** The header's <select> of languages; a change is stored, then the page reloads in it. */
export function languageSwitch(reload = () => location.reload()) {
  const select = el('select', { id: 'language-switch', 'aria-label': t('header.language') },
    LANGUAGES.map(([code, name]) => el('option', { value: code, lang: code, selected: code === lang() }, name)));
  select.addEventListener('change', () => {
    storage.save(STORAGE_NAME, select.value);
    reload();
  });
  return el('div', { class: 'language-pick' }, select);
}
