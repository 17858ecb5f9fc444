// The groups of a catalog-driven form (forms.js): the fields of one object
// (the check itself, an `object` param, a list item) and lists that grow and
// shrink within their item limits; makeNode picks a param's field or group
// by its kind (form-fields.js draws the leaves).

import { el, newId, clear, isPlainObject } from './util.js';
import { uiDefault, itemDefault, objectDefault, listDefault, labelOf, isFixed } from './form-values.js';
import { IntField, BoolField, ChoiceField, StringField } from './form-fields.js';
import { t } from './i18n.js';

export class Group {
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

export class ListField {
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

export function makeNode(form, p, path, value, opts = null) {
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
