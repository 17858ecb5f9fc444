// The fields of a catalog-driven form (forms.js), one class per kind of leaf:
// numbers (a numeric keypad and big -/+ steppers), yes/no, choices (chips for
// short lists, a select for long ones, a number or a rank by name for
// int_or_choice), text (with a picker of the catalog's entries). Each shows
// its own error next to it and marks a value changed from its default.
// A field's first value and its value from what was typed: form-values.js.

import { el, newId, humanise, isPlainObject } from './util.js';
import { parseWhole, rangeText, intValue, inRange, textValue } from './form-values.js';
import { ListPicker, entriesOf, valuesSet } from './picker.js';
import { t } from './i18n.js';

function describe(input, ...ids) {
  input.setAttribute('aria-describedby', ids.filter(Boolean).join(' '));
}

// -- leaf fields --------------------------------------------------------------

class Leaf {
  constructor(form, p, path, label) {
    this.form = form;
    this.p = p;
    this.path = path;
    this.label = label;
    this.errorId = newId('err');
    this.errorEl = el('p', { class: 'field-error', id: this.errorId, hidden: true });
  }
  showError(message) {
    this.errorEl.textContent = message;
    this.errorEl.hidden = false;
    this.root.classList.add('invalid');
    if (this.input) this.input.setAttribute('aria-invalid', 'true');
  }
  clearError() {
    this.errorEl.hidden = true;
    this.errorEl.textContent = '';
    this.root.classList.remove('invalid');
    if (this.input) this.input.removeAttribute('aria-invalid');
  }
  focus() { (this.input || this.root.querySelector('input,select,button')).focus(); }
  find(path) { return path === this.path ? this : null; }
  *leaves() { yield this; }
  /** The first value in words, for the "changed" mark. */
  valueText(raw) {
    if (raw === null || raw === undefined || raw === '') return t('form.emptyValue');
    return String(raw);
  }
  /** Mark the field as differing from its first value (`def`, a raw value). */
  markChanged(on, def) {
    if (!this.changedEl) {
      this.changedEl = el('span', { class: 'changed-mark', hidden: true });
      const host = this.markHost || this.root;
      host.insertBefore(this.changedEl, host === this.root ? host.children[1] || null : null);
    }
    this.root.classList.toggle('changed', on);
    this.changedEl.hidden = !on;
    this.changedEl.textContent = on ? t('form.changedFrom', { value: this.valueText(def) }) : '';
  }
}

export class IntField extends Leaf {
  constructor(form, p, path, label, value) {
    super(form, p, path, label);
    const id = newId('f');
    const helpId = newId('help');
    const hint = [p.help, rangeText(p)].filter(Boolean).join(' · ');
    this.input = el('input', {
      id, type: 'text', inputmode: 'numeric', autocomplete: 'off', enterkeyhint: 'done',
      class: 'num', name: path, 'data-path': path, spellcheck: 'false',
      // valid under the `v` flag browsers compile it with (a bare '-' in a class is not)
      pattern: '[\\-+\u2212]?[0-9]*',
    });
    const negatives = p.min === undefined || p.min < 0;
    this.minus = el('button', { type: 'button', class: 'step', 'aria-label': t('form.decrease', { label }), onclick: () => this.step(-1) }, '\u2212');
    this.plus = el('button', { type: 'button', class: 'step', 'aria-label': t('form.increase', { label }), onclick: () => this.step(1) }, '+');
    this.sign = negatives ? el('button', { type: 'button', class: 'step sign', 'aria-label': t('form.sign', { label }), onclick: () => this.flipSign() }, '\u00b1') : null;
    this.help = hint ? el('p', { class: 'field-help', id: helpId }, hint) : null;
    describe(this.input, hint ? helpId : null, this.errorId);
    this.labelEl = el('label', { for: id }, label);
    this.extra = el('span', { class: 'field-extra' });
    this.markHost = el('div', { class: 'field-label-row' }, this.labelEl, this.extra);
    this.root = el('div', { class: 'field int-field', 'data-field': path },
      this.markHost,
      el('div', { class: 'stepper' }, this.minus, this.input, this.plus, this.sign),
      this.help, this.errorEl);
    this.input.addEventListener('input', () => form.changed(this));
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowUp') { e.preventDefault(); this.step(1); }
      if (e.key === 'ArrowDown') { e.preventDefault(); this.step(-1); }
    });
    this.set(value);
  }
  set(value) {
    this.input.value = value === null || value === undefined ? '' : String(value);
  }
  raw() { return this.input.value; }
  current() {
    const r = parseWhole(this.input.value);
    return r.value;
  }
  step(delta) {
    const p = this.p;
    let v = this.current();
    if (v === undefined) v = typeof p.default === 'number' ? p.default : (p.min !== undefined ? p.min : 0);
    else v += delta;
    if (p.min !== undefined && v < p.min) v = p.min;
    if (p.max !== undefined && v > p.max) v = p.max;
    this.input.value = String(v);
    this.form.changed(this);
  }
  flipSign() {
    const v = this.current();
    if (v === undefined || v === 0) return;
    this.input.value = String(-v);
    this.form.changed(this);
  }
  get() { return intValue(this.p, this.path, this.input.value); }
}

export class BoolField extends Leaf {
  constructor(form, p, path, label, value) {
    super(form, p, path, label);
    const id = newId('f');
    this.input = el('input', { id, type: 'checkbox', role: 'switch', name: path, 'data-path': path });
    const helpId = newId('help');
    this.help = p.help ? el('p', { class: 'field-help', id: helpId }, p.help) : null;
    describe(this.input, p.help ? helpId : null, this.errorId);
    this.root = el('div', { class: 'field bool-field', 'data-field': path },
      el('label', { for: id, class: 'switch' }, this.input, el('span', { class: 'switch-track', 'aria-hidden': 'true' }), el('span', {}, label)),
      this.help, this.errorEl);
    this.input.addEventListener('change', () => form.changed(this));
    this.set(value);
  }
  set(value) { this.input.checked = value === true || value === 'true'; }
  raw() { return this.input.checked; }
  valueText(raw) { return raw ? t('form.on') : t('form.off'); }
  get() { return { value: this.input.checked, errors: [] }; }
}

const NONE = '\u0000none';

export class ChoiceField extends Leaf {
  // choice, nullable choice, and int_or_choice (chips plus a number field)
  constructor(form, p, path, label, value) {
    super(form, p, path, label);
    this.choices = (p.choices || []).map((c) => ({ value: c.value, label: c.label || humanise(c.value) }));
    if (p.nullable) this.choices.push({ value: NONE, label: t('form.none') });
    this.numeric = p.type === 'int_or_choice';
    const helpId = newId('help');
    const hint = [p.help, this.numeric ? t('form.orNumber', { range: rangeText(p) }).trim() : ''].filter(Boolean).join(' · ');
    this.help = hint ? el('p', { class: 'field-help', id: helpId }, hint) : null;
    this.useChips = this.choices.length <= 7;
    const name = newId('choice');
    if (this.useChips) {
      this.radios = this.choices.map((c) => {
        const id = newId('f');
        const input = el('input', { type: 'radio', id, name, value: String(c.value), 'data-path': path });
        input.addEventListener('change', () => {
          if (this.numInput) this.numInput.value = '';
          this.markMatch();
          form.changed(this);
        });
        return { c, input, label: el('label', { for: id, class: 'chip' }, input, el('span', {}, c.label)) };
      });
      this.group = el('div', { class: 'chips', role: 'radiogroup', 'aria-label': label }, this.radios.map((r) => r.label));
      this.radios.forEach((r) => describe(r.input, hint ? helpId : null, this.errorId));
    } else {
      const id = newId('f');
      this.select = el('select', { id, 'data-path': path, name: path },
        this.numeric ? el('option', { value: '' }, t('form.numberOption')) : null,
        this.choices.map((c) => el('option', { value: String(c.value) }, c.label)));
      describe(this.select, hint ? helpId : null, this.errorId);
      this.select.addEventListener('change', () => {
        if (this.numInput && this.select.value !== '') this.numInput.value = '';
        form.changed(this);
      });
      this.group = el('div', { class: 'select-wrap' }, el('label', { for: id, class: 'visually-hidden' }, label), this.select);
    }
    if (this.numeric) {
      const nid = newId('f');
      this.numInput = el('input', { id: nid, type: 'text', inputmode: 'numeric', class: 'num', autocomplete: 'off', 'data-path': path });
      describe(this.numInput, hint ? helpId : null, this.errorId);
      this.numInput.addEventListener('input', () => {
        if (this.numInput.value.trim() !== '') this.checkChoice(null);
        this.markMatch();
        form.changed(this);
      });
      this.numWrap = el('div', { class: 'or-number' }, el('label', { for: nid }, `${label}: number`), this.numInput);
      this.input = this.numInput;
    }
    this.markHost = el('legend', {}, label);
    this.root = el('fieldset', { class: 'field choice-field', 'data-field': path },
      this.markHost, this.group, this.numWrap, this.help, this.errorEl);
    this.set(value);
  }
  valueText(raw) {
    if (raw === null || raw === undefined) return this.p.nullable ? 'none' : 'empty';
    const c = this.choices.find((x) => String(x.value) === String(raw));
    return c ? c.label : super.valueText(raw);
  }
  /** The choice a typed text names: its number ("10" for "Challenging (10)")
   * or its name in any case ("hard", "Very Hard"); undefined when none. */
  typedChoice(text) {
    const t = String(text || '').trim();
    if (!t) return undefined;
    const norm = (x) => String(x).toLowerCase().replace(/[\s_-]+/g, ' ').trim();
    const whole = /^[-+]?\d+$/.test(t) ? Number(t) : null;
    for (const c of this.choices) {
      if (c.value === NONE) continue;
      if (whole !== null) {
        const m = /\((-?\d+)\)\s*$/.exec(c.label);
        if (m && Number(m[1]) === whole) return c;
      } else if (norm(c.value) === norm(t) || norm(c.label.replace(/\s*\([^)]*\)\s*$/, '')) === norm(t)) return c;
    }
    return undefined;
  }
  /** Highlight the chip whose value the typed number (or name) equals. */
  markMatch() {
    if (!this.numInput) return;
    const c = this.numInput.value.trim() ? this.typedChoice(this.numInput.value) : undefined;
    if (this.radios) {
      for (const r of this.radios) {
        const on = !!c && r.c === c;
        r.label.classList.toggle('match', on);
        if (on) r.label.dataset.match = 'typed'; else delete r.label.dataset.match;
      }
    }
  }
  checkChoice(value) {
    const key = value === null ? null : String(value);
    if (this.radios) for (const r of this.radios) r.input.checked = key !== null && r.input.value === key;
    if (this.select) {
      if (key === null) { if (this.numeric) this.select.value = ''; }
      else this.select.value = key;
    }
  }
  set(value) {
    if (value === null || value === undefined) {
      if (this.p.nullable) this.checkChoice(NONE);
      else this.checkChoice(null);
      if (this.numInput) this.numInput.value = '';
      return;
    }
    if (this.numeric && typeof value === 'number') {
      this.checkChoice(null);
      this.numInput.value = String(value);
      this.markMatch();
      return;
    }
    if (this.numeric && typeof value === 'string' && /^[-+]?\d+$/.test(value.trim()) && !this.choices.some((c) => String(c.value) === value)) {
      this.checkChoice(null);
      this.numInput.value = value.trim();
      this.markMatch();
      return;
    }
    if (this.numeric && typeof value === 'string' && !this.choices.some((c) => String(c.value) === value) && this.typedChoice(value)) {
      this.checkChoice(null); // a rank typed by name ("HARD") stays as typed
      this.numInput.value = value;
      this.markMatch();
      return;
    }
    this.checkChoice(value);
    if (this.numInput) this.numInput.value = '';
    this.markMatch();
  }
  selected() {
    if (this.radios) {
      const r = this.radios.find((x) => x.input.checked);
      return r ? r.c.value : undefined;
    }
    if (this.select.value === '') return undefined;
    const c = this.choices.find((x) => String(x.value) === this.select.value);
    return c ? c.value : undefined;
  }
  raw() {
    const s = this.selected();
    if (s !== undefined) return s === NONE ? null : s;
    return this.numInput ? this.numInput.value : null;
  }
  focus() {
    if (this.radios) (this.radios.find((r) => r.input.checked) || this.radios[0]).input.focus();
    else this.select.focus();
  }
  get() {
    const s = this.selected();
    if (s !== undefined) return { value: s === NONE ? null : s, errors: [] };
    if (this.numeric) {
      const r = parseWhole(this.numInput.value);
      const p = this.p;
      if (r.empty) {
        if (p.nullable) return { value: null, errors: [] };
        return { errors: [{ path: this.path, message: t('form.chooseOrNumber') }] };
      }
      if (r.bad) {
        const named = this.typedChoice(this.numInput.value);
        if (named) return { value: named.value, errors: [] }; // a rank typed by name
        return { errors: [{ path: this.path, message: t('form.notWholeOrChoice', { text: this.numInput.value.trim() }) }] };
      }
      return inRange(p, this.path, r.value);
    }
    if (this.p.nullable) return { value: null, errors: [] };
    return { errors: [{ path: this.path, message: t('form.chooseOne') }] };
  }
}

/** An example's words from the catalog (`example_labels`), else the example itself. */
function exampleWords(p, x) {
  const words = isPlainObject(p.example_labels) ? p.example_labels[x] : null;
  return typeof words === 'string' && words ? words : x;
}

/** A reference the catalog gives a field ({title, rows: [[written, meaning]]}), one tap away. */
function referencePanel(ref) {
  if (!isPlainObject(ref) || !Array.isArray(ref.rows) || !ref.rows.length) return null;
  const rows = ref.rows.filter((r) => Array.isArray(r) && r.length >= 2);
  return el('details', { class: 'field-reference', 'data-reference': '' },
    el('summary', {}, String(ref.title || t('form.reference'))),
    el('table', { class: 'reference-table' }, el('tbody', {},
      rows.map((r) => el('tr', {}, el('th', { scope: 'row' }, el('code', {}, String(r[0]))), el('td', {}, String(r[1])))))));
}

export class StringField extends Leaf {
  constructor(form, p, path, label, value) {
    super(form, p, path, label);
    const id = newId('f');
    const helpId = newId('help');
    this.input = el('input', { id, type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false', enterkeyhint: 'go', 'data-path': path, name: path, class: 'text', maxlength: p.max_length || null });
    const examples = Array.isArray(p.examples) ? p.examples.filter((x) => typeof x === 'string') : [];
    this.help = p.help ? el('p', { class: 'field-help', id: helpId }, p.help) : null;
    const exRow = examples.length ? el('div', { class: 'examples', id: helpId },
      el('span', { class: 'examples-label' }, t('form.examples')),
      examples.map((x) => el('button', { type: 'button', class: 'chip example', 'aria-label': t('form.useExample', { x }), title: x, 'data-example': x, onclick: () => { this.set(x); form.changed(this); this.input.focus(); } }, exampleWords(p, x)))) : null;
    describe(this.input, (p.help || examples.length ? helpId : null), this.errorId);
    this.picker = this.makePicker(form, p);
    // the message right under what was typed, above the help, examples and reference
    this.root = el('div', { class: 'field string-field', 'data-field': path },
      el('label', { for: id }, label), this.picker ? this.picker.root : this.input, this.errorEl, this.help, exRow, referencePanel(p.reference));
    this.input.addEventListener('input', () => form.changed(this));
    this.set(value);
  }
  /** A list to pick from (the catalog's `suggest`), unless the system
   * has no such list (or the form is a twin nobody sees). */
  makePicker(form, p) {
    if (!p.suggest || form.options.shadow) return null;
    const entries = entriesOf(form.systemEntry, p.suggest);
    return entries.length ? new ListPicker(this.input, entries, p.suggest, (entry) => this.picked(entry)) : null;
  }
  /** An entry picked: its text here, what it `sets` in the fields beside
   * (the group's other params), then the form's onPick (a character's
   * values for it). */
  picked(entry) {
    const group = this.parent;
    const values = { ...valuesSet(this.p.suggest, entry), [this.name]: this.input.value };
    this.form.silent = true;
    if (group) group.set(values);
    this.form.silent = false;
    this.form.changed(this);
    if (group && this.form.options.onPick) this.form.options.onPick(group, values, this);
  }
  set(value) { this.input.value = value === null || value === undefined ? '' : String(value); }
  raw() { return this.input.value; }
  get() { return textValue(this.p, this.path, this.input.value); }
}

// -- groups -------------------------------------------------------------------
