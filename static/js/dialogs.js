// Sheets (modal dialogs), confirmations and the polite live region.

import { el } from './util.js';
import { t } from './i18n.js';

/** A modal sheet with a title and a close button: {dlg, body, title}. */
export function makeDialog(id, title) {
  const titleId = `${id}-title`;
  const closeBtn = el('button', { type: 'button', class: 'btn close', 'aria-label': t('dialog.close', { title: title.toLowerCase() }) }, '\u2715');
  const h = el('h2', { id: titleId }, title);
  const body = el('div', { class: 'sheet-body' });
  const dlg = el('dialog', { id, class: 'sheet', 'aria-labelledby': titleId },
    el('div', { class: 'sheet-head' }, h, closeBtn), body);
  closeBtn.addEventListener('click', () => dlg.close());
  dlg.addEventListener('click', (e) => { if (e.target === dlg) dlg.close(); }); // tap on the backdrop
  document.body.append(dlg);
  return { dlg, body, title: h };
}

/** Ask before something that cannot be undone: Promise of true / false. */
export function confirmAction(message, yes) {
  return new Promise((resolve) => {
    const d = el('dialog', { class: 'confirm', role: 'alertdialog', 'aria-labelledby': 'confirm-msg' });
    const yesBtn = el('button', { type: 'button', class: 'btn danger', 'data-confirm': 'yes' }, yes);
    const noBtn = el('button', { type: 'button', class: 'btn', 'data-confirm': 'no' }, t('saved.cancel'));
    d.append(el('p', { id: 'confirm-msg' }, message), el('div', { class: 'confirm-actions' }, noBtn, yesBtn));
    let answer = false;
    yesBtn.addEventListener('click', () => { answer = true; d.close(); });
    noBtn.addEventListener('click', () => d.close());
    d.addEventListener('close', () => { d.remove(); resolve(answer); });
    document.body.append(d);
    d.showModal();
    noBtn.focus();
  });
}

/** The polite live region and its say(text). */
export function announcer() {
  const live = el('div', { id: 'live', class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const say = (text) => {
    live.textContent = '';
    // a fresh text node so the same words are announced again
    setTimeout(() => { live.textContent = text; }, 30);
  };
  return { live, say };
}
