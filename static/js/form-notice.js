// What just replaced the form's values (a saved check put in it): a note
// naming the values it replaced, with Undo (the values before, back in the form).

import { el, deepCopy } from './util.js';
import { differences } from './forms.js';
import * as storage from './storage.js';
import { t } from './i18n.js';

export class FormNotice {
  /** controller: the table controller (table.js): its current form, host {say}, selectSystem, selectCheck, saveFormState, refreshAll */
  constructor(controller) {
    this.controller = controller;
    this.host = controller.host;
    this.text = el('span', { class: 'form-notice-text' });
    this.undo = el('button', { type: 'button', class: 'btn form-undo', id: 'form-undo' }, t('notice.undo'));
    const close = el('button', { type: 'button', class: 'btn form-notice-close', 'aria-label': t('notice.dismiss'), onclick: () => this.clear() }, '\u2715');
    this.root = el('div', { class: 'form-notice', id: 'form-notice', role: 'status', hidden: true }, this.text, this.undo, close);
  }

  /** The values of a check's form now (the form on screen, else the ones
   * kept for it; null: its first values), to put back later. */
  formState(system, check) {
    if (this.controller.current.form && this.controller.current.system === system && this.controller.current.check === check) {
      return { values: this.controller.current.form.raw(), filled: deepCopy(this.controller.current.form.filled || {}) };
    }
    const kept = storage.forms.get(`${system}.${check}`);
    return Object.keys(kept).length ? deepCopy(kept) : null;
  }

  /** Say what filling the form from `what` (a saved check) replaced, with
   * Undo: the values before, back in the form. Nothing replaced: no note. */
  show(before, what) {
    const form = this.controller.current.form;
    if (!form) return;
    // a form that held its first values (and no names) lost nothing
    const changed = before && (differences(form.systemEntry, form.check, before.values, null).length
      || Object.keys(before.filled || {}).length);
    const gone = changed ? differences(form.systemEntry, form.check, before.values, form.raw()) : [];
    if (!gone.length) { this.clear(); return; }
    const system = this.controller.current.system;
    const check = this.controller.current.check;
    this.text.textContent = t('notice.previous', { what, values: `${gone.slice(0, 4).join(', ')}${gone.length > 4 ? ` ${t('notice.andMore', { n: gone.length - 4 })}` : ''}` });
    this.undo.onclick = () => this.undoReplace(system, check, before);
    this.undo.setAttribute('aria-label', t('notice.undoLabel'));
    this.root.hidden = false;
  }

  /** Undo: `before` (a changed form: noteReplaced offers no Undo without one) back in its form. */
  undoReplace(system, check, before) {
    if (this.controller.current.system !== system) this.controller.selectSystem(system, check);
    else if (this.controller.current.check !== check) this.controller.selectCheck(check);
    const form = this.controller.current.form;
    if (!form) return;
    form.set(before.values);
    form.filled = before.filled && typeof before.filled === 'object' ? before.filled : {};
    form.refreshFill();
    this.controller.saveFormState();
    this.clear();
    this.controller.savedInForm = null;
    this.controller.refreshAll();
    this.host.say(t('notice.back'));
  }

  clear() {
    this.root.hidden = true;
    this.text.textContent = '';
  }
}
