// Catalog-driven forms.
//
// new CheckForm(system, check, options) turns a check's Param list from
// api.catalog() into a form: numbers get a numeric keypad and big -/+
// steppers, short choice lists become chips, objects become fieldsets, lists
// grow and shrink within their item limits. The same tree collects the
// request (with per-field client checks), shows messages next to fields
// (API error paths such as "side.value" or "items[1].values[0]" find
// their field) and saves / restores the raw values. The leaves are in
// form-fields.js, the groups and lists in form-groups.js; a field's first
// value and its value from what was typed, per kind: form-values.js.

import { el, newId, clear, valueAt } from './util.js';
import { uiDefault, sameRaw, pathAncestors } from './form-values.js';
import { Group, ListField } from './form-groups.js';
import { t } from './i18n.js';

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
