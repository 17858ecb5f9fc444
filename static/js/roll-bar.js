// The Roll bar, pinned under the form: Roll (Resolve with entered dice),
// the Enter dice switch, the reason Roll cannot go yet, and the entered-dice
// fields (entered.js) kept in step with the form.

import { el, debounce } from './util.js';
import { EnteredDice } from './entered.js';
import { t } from './i18n.js';

export class RollBar {
  /** controller: the table controller (table.js): its engine, prefs, form, roller, blocking errors, refreshAll */
  constructor(controller) {
    this.controller = controller;
    this.button = el('button', { type: 'button', class: 'btn roll', id: 'roll', disabled: true, 'aria-describedby': 'roll-reason' }, t('roll.roll'));
    this.toggle = el('input', { type: 'checkbox', role: 'switch', id: 'entered-toggle' });
    const enteredLabel = el('label', { for: 'entered-toggle', class: 'switch entered-switch' }, this.toggle,
      el('span', { class: 'switch-track', 'aria-hidden': 'true' }), el('span', {}, t('roll.enterDice')));
    this.reason = el('p', { class: 'roll-reason', id: 'roll-reason', 'aria-live': 'polite' }, t('roll.waiting'));
    this.root = el('div', { class: 'rollbar' }, el('div', { class: 'rollbar-row' }, this.button, enteredLabel), this.reason);
    this.entered = new EnteredDice({
      engine: controller.engine,
      onInput: () => { this.controller.setRollState(this.controller.blockingErrors); this.syncEntered(); },
      onEnter: () => this.controller.roller.roll(),
    });
    this.syncEntered = debounce(() => {
      if (!this.toggle.checked || !controller.isReady() || !controller.current.form) return;
      const base = controller.baseRequest();
      if (base) this.entered.sync(base);
    }, 120);
    this.button.addEventListener('click', (e) => controller.roller.roll(e));
    this.toggle.addEventListener('change', () => {
      controller.roller.cancelAdjust();
      controller.prefs.entered[controller.formKey()] = this.toggle.checked;
      controller.host.savePrefs();
      this.applyEnteredMode();
      controller.refreshAll();
    });
  }

  setState(errors) {
    const ready = this.controller.isReady() && !!this.controller.current.form;
    const btn = this.button;
    btn.disabled = !ready;
    btn.textContent = this.toggle.checked ? t('roll.resolve') : t('roll.roll');
    if (this.controller.roller.followEntry && ready) { btn.removeAttribute('aria-disabled'); return; }
    if (!ready) {
      this.reason.textContent = document.documentElement.dataset.engine === 'error' ? t('roll.engineFailed') : t('roll.waiting');
      btn.removeAttribute('aria-disabled');
      return;
    }
    const bad = this.toggle.checked ? this.entered.badFaces() : [];
    if (errors.length) {
      btn.setAttribute('aria-disabled', 'true');
      const label = this.controller.current.form.labelFor(errors[0].path);
      // the message itself stands once, next to its field
      const shown = !!this.controller.current.form.nodeFor(errors[0].path);
      this.reason.textContent = t(errors.length === 1 ? 'roll.fixField.one' : 'roll.fixField.other', { n: errors.length, what: `${label}${shown ? '' : ` \u2014 ${errors[0].message}`}` });
    } else if (bad.length) {
      btn.setAttribute('aria-disabled', 'true');
      this.reason.textContent = t(bad.length === 1 ? 'roll.fixDie.one' : 'roll.fixDie.other', { n: bad.length, what: `${bad[0].label} \u2014 ${bad[0].message}` });
    } else {
      btn.removeAttribute('aria-disabled');
      this.reason.textContent = this.toggle.checked ? t('roll.typeDice') : '';
    }
  }

  applyEnteredMode() {
    const on = this.toggle.checked;
    this.entered.show(on);
    document.documentElement.dataset.entered = String(on);
    this.button.textContent = on ? t('roll.resolve') : t('roll.roll');
    if (!on) this.entered.reset();
  }
}
