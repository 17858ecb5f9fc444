// The light / dark theme toggle: follows the system unless the player
// picked the other one (kept in prefs.theme).

import { el } from './util.js';
import { t } from './i18n.js';

export function themeToggle(prefs, savePrefs) {
  const root = document.documentElement;
  const btn = el('button', { type: 'button', class: 'btn theme-toggle', id: 'theme-toggle', 'aria-pressed': 'false', 'aria-label': t('theme.dark') },
    el('span', { 'aria-hidden': 'true', class: 'theme-icon' }, '\u263E'), ' ', el('span', { class: 'theme-label' }, t('theme.dark')));
  const darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const systemDark = () => !!(darkQuery && darkQuery.matches);
  const effectiveDark = () => (prefs.theme ? prefs.theme === 'dark' : systemDark());
  const apply = () => {
    if (prefs.theme) root.dataset.theme = prefs.theme; else delete root.dataset.theme;
    root.classList.toggle('dark', effectiveDark());
    btn.setAttribute('aria-pressed', String(effectiveDark()));
  };
  btn.addEventListener('click', () => {
    const wantDark = !effectiveDark();
    // back to following the system when the choice matches it
    prefs.theme = wantDark === systemDark() ? null : (wantDark ? 'dark' : 'light');
    savePrefs();
    apply();
  });
  if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener('change', apply);
  apply();
  return btn;
}
