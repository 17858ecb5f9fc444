// Catalog-driven forms.
//
// buildForm(check, system, options) turns a check's Param list from
// api.catalog() into a form: numbers get a numeric keypad and big -/+
// steppers, short choice lists become chips, objects become fieldsets, lists
// grow and shrink within their item limits. The same tree collects the
// request (with per-field client checks), shows messages next to fields
// (API error paths such as "side.value" or "items[1].values[0]" find
// their field) and saves / restores the raw values. A field's first value
// and its value from what was typed, per kind: form-values.js.

import { el, newId, clear, humanise, isPlainObject, valueAt } from './util.js';
import { uiDefault, itemDefault, objectDefault, listDefault, labelOf, parseWhole, rangeText, intValue, inRange, textValue,
  isFixed, sameRaw, pathAncestors } from './form-values.js';
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

class IntField extends Leaf {
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

class BoolField extends Leaf {
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

class ChoiceField extends Leaf {
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

class StringField extends Leaf {
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

class Group {
  // the fields of one object (the check itself, an `object` param, a list item)
  constructor(form, params, path, legend, value, opts = {}) {
    this.form = form;
    this.params = params;
    this.path = path;
    this.children = [];
    this.errorEl = el('p', { class: 'field-error', id: newId('err'), hidden: true });
    this.fillSlot = el('div', { class: 'fill-slot' });
    const body = el('div', { class: 'group-fields' });
    const v = isPlainObject(value) ? value : {};
    const paired = pairedNames(params);
    for (const p of params) {
      if (paired && p === paired.labels) continue;
      if (isFixed(p)) continue; // a number the rules fix: nothing to choose
      if (p.form === false) continue; // set by a card's follow-up, never typed
      const childPath = path ? `${path}.${p.name}` : p.name;
      const opts = paired && p === paired.values ? { pairedNames: paired.labels, initial: v[paired.labels.name] } : null;
      const child = makeNode(form, p, childPath, v[p.name] !== undefined ? v[p.name] : undefined, opts);
      child.name = p.name;
      child.parent = this;
      this.children.push(child);
      body.append(child.root);
      if (opts) this.pairedList = child;
    }
    if (legend === null) {
      this.root = el('div', { class: 'group top-group', 'data-field': path || '' }, this.fillSlot, body, this.errorEl);
    } else {
      this.legendEl = el('legend', {}, legend);
      this.tools = el('span', { class: 'group-tools' });
      this.head = el('div', { class: 'group-head' }, this.fillSlot, this.tools);
      this.root = el('fieldset', { class: `group ${opts.className || ''}`, 'data-field': path },
        this.legendEl, this.head, body, this.errorEl);
    }
    form.groups.push(this);
    if (opts.party) form.addParty(this, opts.party, legend);
  }
  set(value) {
    if (!isPlainObject(value)) return;
    for (const c of this.children) if (value[c.name] !== undefined) c.set(value[c.name]);
    const pl = this.pairedList;
    if (pl && value[pl.pairedNames.name] !== undefined) pl.setNames(value[pl.pairedNames.name]);
  }
  raw() {
    const out = {};
    for (const c of this.children) out[c.name] = c.raw();
    if (this.pairedList) out[this.pairedList.pairedNames.name] = this.pairedList.namesValue();
    return out;
  }
  get() {
    const out = {};
    const errors = [];
    for (const c of this.children) {
      const r = c.get();
      errors.push(...r.errors);
      if (r.value !== undefined) out[c.name] = r.value;
    }
    if (this.pairedList) out[this.pairedList.pairedNames.name] = this.pairedList.namesValue();
    return { value: out, errors };
  }
  child(name) { return this.children.find((c) => c.name === name); }
  find(path) {
    if (path === this.path) return this;
    for (const c of this.children) {
      const f = c.find(path);
      if (f) return f;
    }
    return null;
  }
  *leaves() { for (const c of this.children) yield* c.leaves(); }
  showError(message) {
    this.errorEl.textContent = message;
    this.errorEl.hidden = false;
    this.root.classList.add('invalid');
  }
  clearError() {
    this.errorEl.hidden = true;
    this.root.classList.remove('invalid');
  }
  focus() { const first = this.leaves().next().value; if (first) first.focus(); }
}

class ObjectField extends Group {
  constructor(form, p, path, value) {
    super(form, p.fields, path, labelOf(p), value === undefined ? (p.default || objectDefault(p.fields)) : value,
      { party: p.party ? p : null });
    this.p = p;
  }
}

/** A list of numbers labelled by a sibling list of names of the same length
 * (the names list says which list it `pairs`): each number gets a selector. */
function pairedNames(params) {
  const labels = params.find((p) => p.type === 'list' && typeof p.pairs === 'string' && p.item && p.item.type === 'choice');
  if (!labels) return null;
  const values = params.find((p) => p.name === labels.pairs && p.type === 'list');
  return values ? { labels, values } : null;
}

class ListField {
  constructor(form, p, path, value, opts = null) {
    this.form = form;
    this.p = p;
    this.pairedNames = opts ? opts.pairedNames : null;
    this.initialNames = opts ? opts.initial : null;
    this.path = path;
    this.label = labelOf(p);
    this.items = [];
    this.errorEl = el('p', { class: 'field-error', id: newId('err'), hidden: true });
    this.body = el('div', { class: `list-items ${p.item.type === 'object' ? 'list-objects' : 'list-leaves'}` });
    this.fixed = p.min_items !== undefined && p.min_items === p.max_items;
    this.addBtn = this.fixed ? null : el('button', { type: 'button', class: 'btn add-item', onclick: () => this.addByHand() }, t('form.add', { noun: this.itemNoun() }));
    const helpId = newId('help');
    this.help = p.help ? el('p', { class: 'field-help', id: helpId }, p.help) : null;
    this.legendEl = el('legend', {}, this.label);
    this.root = el('fieldset', { class: 'field list-field', 'data-field': path },
      this.legendEl, this.help, this.body, this.addBtn, this.errorEl);
    form.lists.push(this);
    this.set(value === undefined ? listDefault(p) : value);
  }
  /** The Add button: a new item, its fill menu (who can fill it) at once. */
  addByHand() {
    const node = this.add();
    this.form.refreshFill(node.path);
    this.form.changed(this);
    node.focus();
  }
  itemNoun() {
    const item = this.p.item;
    if (item.label && item.label !== item.name) return item.label.toLowerCase();
    const l = this.label.replace(/s$/, '').toLowerCase();
    return l || 'entry';
  }
  itemLabel(i) {
    const base = this.p.item.label && this.p.item.label !== this.p.item.name ? this.p.item.label : this.label.replace(/s$/, '');
    return `${base} ${i + 1}`;
  }
  add(value) {
    const i = this.items.length;
    const path = `${this.path}[${i}]`;
    const v = value === undefined ? itemDefault(this.p) : value;
    let node;
    if (this.p.item.type === 'object') {
      node = new Group(this.form, this.p.item.fields, path, this.itemLabel(i), v,
        { className: 'list-item', party: this.p.item.party ? this.p.item : null });
    } else {
      node = makeNode(this.form, { ...this.p.item, label: this.itemLabel(i) }, path, v);
      if (this.p.item.party) this.form.addLeafParty(node, this.p.item);
    }
    const wrap = el('div', { class: 'list-item-wrap' }, node.root);
    if (!this.fixed) {
      const rm = el('button', { type: 'button', class: 'btn remove-item', 'aria-label': t('form.remove', { item: this.itemLabel(i) }), onclick: () => { this.removeAt(this.items.indexOf(node)); this.form.changed(this); } }, '\u2715');
      node.removeBtn = rm;
      if (node.tools) node.tools.append(rm); else wrap.append(rm);
    }
    node.wrap = wrap;
    this.items.push(node);
    this.body.append(wrap);
    if (this.pairedNames && node.extra) this.addNameSelect(node, i);
    this.form.decorate(node, this);
    this.sync();
    return node;
  }
  addNameSelect(node, i) {
    const np = this.pairedNames;
    const sel = el('select', { class: 'attr-select', 'aria-label': t('form.whichIs', { label: np.item.label || np.label, item: node.label }), 'data-path': `${this.path.replace(/[^.]*$/, np.name)}[${i}]` },
      el('option', { value: '' }, '\u2014'),
      // the short value keeps the row short; the catalog's label says it in full
      np.item.choices.map((c) => el('option', { value: String(c.value), label: String(c.value) }, String(c.label || c.value))));
    const init = Array.isArray(this.initialNames) ? this.initialNames[i] : null;
    if (init) sel.value = String(init);
    sel.addEventListener('change', () => {
      if (this.form.options.onPairedName) this.form.options.onPairedName(node, sel.value, this);
      this.form.changed(node);
    });
    node.extra.append(sel);
    node.nameSelect = sel;
  }
  /** The paired names, or null unless every item has one. */
  namesValue() {
    const names = this.items.map((n) => (n.nameSelect ? n.nameSelect.value : ''));
    return names.length && names.every(Boolean) ? names : null;
  }
  setNames(names) {
    this.initialNames = names;
    this.items.forEach((n, i) => { if (n.nameSelect) n.nameSelect.value = Array.isArray(names) && names[i] ? String(names[i]) : ''; });
  }
  removeAt(i) {
    if (i < 0) return;
    // rows move up: who filled which row is no longer known
    for (const k of Object.keys(this.form.filled || {})) if (k.startsWith(`${this.path}[`)) delete this.form.filled[k];
    const values = this.raw();
    values.splice(i, 1);
    this.set(values);
  }
  sync() {
    const n = this.items.length;
    if (this.addBtn) this.addBtn.disabled = this.p.max_items !== undefined && n >= this.p.max_items;
    for (const node of this.items) if (node.removeBtn) node.removeBtn.disabled = this.p.min_items !== undefined && n <= this.p.min_items;
  }
  set(values) {
    if (!Array.isArray(values)) return;
    // rebuild: item paths are positional
    this.form.groups = this.form.groups.filter((g) => !g.path || !g.path.startsWith(`${this.path}[`));
    this.form.lists = this.form.lists.filter((l) => !l.path.startsWith(`${this.path}[`));
    this.form.parties = this.form.parties.filter((x) => !x.path.startsWith(`${this.path}[`));
    this.items = [];
    clear(this.body);
    for (const v of values) this.add(v);
    if (!values.length && !this.fixed) this.sync();
    this.form.refreshFill();
  }
  raw() { return this.items.map((n) => n.raw()); }
  get() {
    const value = [];
    const errors = [];
    for (const n of this.items) {
      const r = n.get();
      errors.push(...r.errors);
      value.push(r.value);
    }
    const p = this.p;
    if (p.min_items !== undefined && value.length < p.min_items) errors.push({ path: this.path, message: t('form.minItems', { n: p.min_items }) });
    return { value, errors };
  }
  find(path) {
    if (path === this.path) return this;
    for (const n of this.items) {
      const f = n.find(path);
      if (f) return f;
    }
    return null;
  }
  *leaves() { for (const n of this.items) yield* n.leaves(); }
  showError(message) { this.errorEl.textContent = message; this.errorEl.hidden = false; this.root.classList.add('invalid'); }
  clearError() { this.errorEl.hidden = true; this.root.classList.remove('invalid'); }
  focus() { if (this.items[0]) this.items[0].focus(); else if (this.addBtn) this.addBtn.focus(); }
}

function makeNode(form, p, path, value, opts = null) {
  const v = value === undefined ? uiDefault(p) : value;
  const label = labelOf(p);
  switch (p.type) {
    case 'int': return new IntField(form, p, path, label, v);
    case 'bool': return new BoolField(form, p, path, label, v);
    case 'choice':
    case 'int_or_choice': return new ChoiceField(form, p, path, label, v);
    case 'string': return new StringField(form, p, path, label, v);
    case 'object': return new ObjectField(form, p, path, value);
    case 'list': return new ListField(form, p, path, value, opts);
    default: {
      const f = new StringField(form, p, path, label, v);
      return f;
    }
  }
}

export class CheckForm {
  /**
   * options: {system, check (catalog entries), values (saved raw values),
   *   onChange(form, origin), decorate(node, list, form), fillOptions(group) }
   */
  constructor(system, check, options = {}) {
    this.system = system.id;
    this.systemEntry = system;
    this.check = check;
    this.options = options;
    this.groups = [];
    this.lists = [];
    this.parties = []; // {path, input, node}: the name field of each side or member
    this.filled = {};
    this.silent = true;
    this.namesList = options.shadow ? null : el('datalist', { id: newId('party-list') },
      (options.partyNames ? options.partyNames() : []).map((n) => el('option', { value: n })));
    this.formError = el('p', { class: 'field-error form-error', id: newId('err'), hidden: true });
    this.top = new Group(this, check.params, '', null, options.values || {});
    this.root = el('div', { class: 'check-form', 'data-system': this.system, 'data-check': check.id }, this.top.root, this.formError, this.namesList);
    this.silent = false;
    // a form built without saved values shows its first values; one with
    // them (from last time) asks a twin when first needed (get defaults)
    const saved = options.values && Object.keys(options.values).length > 0;
    this.firstValues = options.shadow ? null : (saved ? undefined : this.raw());
    this.refreshFill();
  }
  /** The first values of every field, to mark what differs from them: for a
   * form restored with saved values, from a twin of the form built without
   * them when first asked (at start, in a turn of its own: static/js/startup.js
   * drawCatalog). */
  get defaults() {
    if (this.firstValues === undefined) {
      this.firstValues = this.options.shadow ? null : new CheckForm(this.systemEntry, this.check, { shadow: true }).raw();
    }
    return this.firstValues;
  }
  /** A side or member: a name field (unless the group has its own name
   * field, `party_name`), kept in `filled[path].name` for the card. */
  addParty(node, p, legend) {
    if (this.options.shadow) return;
    if (p.party_name && node.child && node.child(p.party_name)) {
      this.parties.push({ path: node.path, node, own: node.child(p.party_name) });
      return;
    }
    const id = newId('party');
    const input = el('input', {
      id, type: 'text', class: 'text party-name', autocomplete: 'off', spellcheck: 'false', maxlength: '60',
      list: this.namesList ? this.namesList.id : null, 'data-party': node.path, placeholder: t('form.name'),
      'aria-label': t('form.nameOf', { legend }),
    });
    input.addEventListener('input', () => {
      const name = input.value.trim();
      const before = this.filled[node.path] || {};
      const next = { ...before, name: name || null };
      if (before.name !== next.name) delete next.id; // no longer that character
      if (!next.name && !next.what && !next.tracked) delete this.filled[node.path];
      else this.filled[node.path] = next;
      this.changed(null);
    });
    const wrap = el('div', { class: 'party-field' }, el('label', { for: id }, p.party === 'member' ? t('form.name') : t('form.who')), input);
    if (node.head) node.head.prepend(wrap); else if (node.root) node.root.append(wrap);
    this.parties.push({ path: node.path, node, input });
  }
  /** A member that is one number (a list item): its name field and a fill
   * slot under the number, filled like a group of that one parameter. */
  addLeafParty(leaf, item) {
    if (this.options.shadow) return;
    const slot = {
      path: leaf.path, params: [item], legendEl: leaf.labelEl || null, fillSlot: el('div', { class: 'fill-slot' }),
      set: (values) => { if (values && values[item.name] !== undefined) leaf.set(values[item.name]); },
      clearError() {},
    };
    this.groups.push(slot);
    this.addParty(slot, item, leaf.label);
    const party = this.parties[this.parties.length - 1];
    leaf.root.append(party.input.parentNode, slot.fillSlot);
  }
  /** Party name fields show the people kept in `filled`. */
  syncParties() {
    for (const x of this.parties) {
      if (!x.input) continue;
      const f = this.filled[x.path];
      const name = f && f.name ? f.name : '';
      if (x.input.value !== name) x.input.value = name;
    }
  }
  /** Mark every field that differs from its first value; returns how many. */
  markChanges() {
    if (!this.defaults) return 0;
    let n = 0;
    for (const leaf of this.top.leaves()) {
      if (!leaf.markChanged) continue;
      const def = valueAt(this.defaults, leaf.path);
      const on = def !== undefined && !sameRaw(leaf.raw(), def);
      leaf.markChanged(on, def);
      if (on) n += 1;
    }
    for (const list of this.lists) {
      const def = valueAt(this.defaults, list.path);
      const on = Array.isArray(def) && def.length !== list.items.length;
      list.root.classList.toggle('changed', on);
      if (on) list.legendEl.dataset.mark = t('form.changedList'); // the legend's mark (app.css)
      if (on) n += 1;
    }
    this.changedCount = n;
    return n;
  }
  decorate(node, list) {
    if (this.options.decorate) this.options.decorate(node, list, this);
  }
  /** The fill controls of every group (or of those at and under `path`:
   * a list item just added). */
  refreshFill(path = null) {
    this.syncParties();
    if (!this.options.fillControl) return;
    const under = (g) => path === null || g.path === path || String(g.path).startsWith(`${path}.`)
      || String(g.path).startsWith(`${path}[`);
    for (const g of this.groups.filter(under)) {
      clear(g.fillSlot);
      const ctl = this.options.fillControl(g, this);
      if (ctl) g.fillSlot.append(ctl);
    }
  }
  /** The first value of a field: from the form's first values, else its
   * catalog default (a list item added since). */
  firstValueOf(leaf) {
    const def = this.defaults ? valueAt(this.defaults, leaf.path) : undefined;
    return def !== undefined ? def : uiDefault(leaf.p);
  }
  /** The fields of `group` a fill left as they were (`filled`: the values it
   * set) that differ from their first values: [{leaf, def}]. */
  keptAfterFill(group, filled) {
    if (!group.leaves) return [];
    const set = new Set(Object.keys(filled || {}));
    const out = [];
    for (const leaf of group.leaves()) {
      const key = leaf.path.slice(group.path ? group.path.length + 1 : 0).split(/[.[]/)[0];
      if (set.has(key)) continue;
      const def = this.firstValueOf(leaf);
      if (def !== undefined && !sameRaw(leaf.raw(), def)) out.push({ leaf, def });
    }
    return out;
  }
  changed(node) {
    if (this.silent) return;
    if (node && node.clearError) node.clearError();
    if (node && node.root) node.root.classList.remove('kept'); // changed by hand: no longer kept
    if (this.options.onChange) this.options.onChange(this, node);
  }
  /** {request params, errors: [{path, message}]} from the current fields. */
  collect() {
    const r = this.top.get();
    return { values: r.value, errors: r.errors };
  }
  raw() { return this.top.raw(); }
  set(values) {
    this.silent = true;
    this.top.set(values);
    this.silent = false;
    this.refreshFill();
  }
  nodeFor(path) {
    for (const p of pathAncestors(path || '')) {
      const n = p === '' ? null : this.top.find(p);
      if (n) return n;
    }
    return null;
  }
  clearErrors() {
    for (const leaf of this.top.leaves()) leaf.clearError();
    for (const g of this.groups) g.clearError();
    this.root.querySelectorAll('.list-field.invalid').forEach((n) => n.classList.remove('invalid'));
    this.root.querySelectorAll('.list-field > .field-error').forEach((n) => { n.hidden = true; });
    this.formError.hidden = true;
  }
  /** Show errors next to their fields; returns the first node shown. */
  showErrors(errors) {
    let first = null;
    for (const e of errors) {
      const node = this.nodeFor(e.path);
      if (node) node.showError(e.message);
      else { this.formError.textContent = `${e.path ? e.path + ': ' : ''}${e.message}`; this.formError.hidden = false; }
      if (!first) first = node || this.formError;
    }
    return first;
  }
  labelFor(path) {
    const node = this.nodeFor(path);
    return node && node.label ? node.label : path;
  }
}

/** A field in words for a list of values: 'Modifier -2', 'Hero 2 · SR 6'
 * (a field of a nested group is named with its group). */
function leafWords(form, leaf) {
  const parent = leaf.path.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
  const group = parent && parent !== leaf.path ? form.top.find(parent) : null;
  const where = group && group.legendEl && !(group instanceof ListField) ? `${group.legendEl.textContent} \u00b7 ` : '';
  return `${where}${leaf.label} ${leaf.valueText(leaf.raw())}`;
}

/** What differs between two sets of a check's values (raw form values or a
 * request's), in words: ['Modifier -2', ...] of `a` (null: the first values)
 * where `b` (null: the first values) holds something else. */
export function differences(system, check, a, b) {
  const fa = new CheckForm(system, check, { values: a || undefined, shadow: true });
  const fb = new CheckForm(system, check, { values: b || undefined, shadow: true });
  const other = new Map([...fb.top.leaves()].map((l) => [l.path, l]));
  const out = [];
  for (const leaf of fa.top.leaves()) {
    const there = other.get(leaf.path);
    if (!there || !sameRaw(leaf.raw(), there.raw())) out.push(leafWords(fa, leaf));
  }
  return out;
}
