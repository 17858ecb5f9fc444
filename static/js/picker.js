// A text field with a searchable list (a combobox): the catalog's `suggest`
// hint of a param or a sheet column (py/tablecheck/params.py suggest_hint)
// names a list of the system's catalog entry; the field offers its entries,
// filtered as the player types, or all of them, grouped, one tap on the
// list button away (no keyboard on a tablet). Picking one puts its text in
// the field and hands the entry to `onPick`, which sets the fields beside it
// (`sets`). A text not in the list stays as typed: an entry of the player's
// own. Every word shown comes from the hint or the entries.

import { el, newId, clear, isPlainObject } from './util.js';

/** The value at `path` (a list of keys and indexes) in `obj`, or undefined. */
export function valueIn(obj, path) {
  let v = obj;
  for (const key of Array.isArray(path) ? path : []) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[key];
  }
  return v;
}

/** A hint's entries: [{text, detail, brief, heading, keys, entry}] ([] when the
 * system's catalog entry has no such list). */
export function entriesOf(system, hint) {
  const list = system && isPlainObject(hint) ? system[hint.from] : null;
  if (!Array.isArray(list)) return [];
  const words = (v) => (Array.isArray(v) ? v.join('/') : v === undefined || v === null ? '' : String(v));
  return list.filter(isPlainObject).map((entry) => {
    const text = words(valueIn(entry, hint.value));
    const parts = (hint.detail || []).map((p) => [p, words(valueIn(entry, p))]).filter(([, w]) => w);
    const detail = parts.map(([, w]) => w).join(' \u00b7 ');
    // under a heading the entry's group goes without saying
    const brief = parts.filter(([p]) => JSON.stringify(p) !== JSON.stringify(hint.group)).map(([, w]) => w).join(' \u00b7 ');
    const keys = [text, ...(hint.search || []).map((p) => words(valueIn(entry, p)))].map(fold).filter(Boolean);
    return { text, detail, brief, heading: words(valueIn(entry, hint.group)), keys, entry };
  }).filter((x) => x.text);
}

/** Text as a search compares it: lower case, without accents. */
function fold(text) {
  return String(text).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

/** The entry a typed text names exactly (any case), or null. */
export function entryNamed(entries, text) {
  const t = fold(text);
  return t ? entries.find((x) => x.keys[0] === t) || null : null;
}

/** The values a pick sets beside the field: {field or column: value}. */
export function valuesSet(hint, entry) {
  const out = {};
  for (const [target, path] of Object.entries((hint && hint.sets) || {})) {
    const v = valueIn(entry, path);
    if (v !== undefined) out[target] = v;
  }
  return out;
}

export class ListPicker {
  /** input: the text field; entries: entriesOf(...); hint: its words;
   * onPick(entry): after the field took the entry's text. */
  constructor(input, entries, hint, onPick) {
    this.input = input;
    this.entries = entries;
    this.hint = hint;
    this.onPick = onPick;
    this.shown = []; // [{x, li}] in the list now
    this.at = -1;
    this.taken = null; // the text last picked (a change event of it picks nothing again)
    this.list = el('ul', { class: 'picker-list', role: 'listbox', id: newId('picker'), hidden: true,
      'aria-label': hint.title || hint.button || '' });
    this.button = el('button', { type: 'button', class: 'btn picker-toggle', 'aria-expanded': 'false',
      'aria-controls': this.list.id, 'data-picker-toggle': '' }, hint.button || '\u25be');
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', this.list.id);
    if (hint.placeholder) input.setAttribute('placeholder', hint.placeholder);
    this.root = el('div', { class: 'picker', 'data-picker': '' }, el('div', { class: 'picker-row' }, input, this.button), this.list);
    this.button.addEventListener('click', () => (this.isOpen() && !this.filtered ? this.close() : this.open('')));
    // a tap on the list keeps the focus where it is (the field, or the button)
    this.list.addEventListener('mousedown', (e) => e.preventDefault());
    this.list.addEventListener('click', (e) => {
      const li = e.target.closest('[role=option]');
      if (li) this.pick(this.shown[Number(li.dataset.index)].x);
    });
    input.addEventListener('input', () => { this.taken = null; this.open(input.value); });
    input.addEventListener('keydown', (e) => this.key(e));
    // a name typed in full and left is the same as picking it
    input.addEventListener('change', () => {
      const x = entryNamed(this.entries, input.value);
      if (x && input.value !== this.taken) this.pick(x);
    });
    this.root.addEventListener('focusout', (e) => { if (!this.root.contains(e.relatedTarget)) this.close(); });
    // a tap elsewhere closes it (Safari gives a tapped button no focus, so no focusout)
    this.outside = (e) => { if (!this.root.contains(e.target)) this.close(); };
  }

  isOpen() { return !this.list.hidden; }

  /** Show the entries whose name (or a search text) holds `query`; all of
   * them, grouped, for ''. */
  open(query) {
    const q = fold(query);
    this.filtered = q !== '';
    const found = this.entries.filter((x) => !q || x.keys.some((k) => k.includes(q)));
    // names that start with the text first
    if (q) found.sort((a, b) => Number(!a.keys[0].startsWith(q)) - Number(!b.keys[0].startsWith(q)));
    clear(this.list);
    this.shown = [];
    let heading = null;
    for (const x of found) {
      if (!q && x.heading && x.heading !== heading) {
        heading = x.heading;
        this.list.append(el('li', { class: 'picker-group', role: 'presentation' }, heading));
      }
      const li = el('li', { class: 'picker-option', role: 'option', id: newId('opt'), 'aria-selected': 'false',
        'data-index': String(this.shown.length), 'data-value': x.text },
      el('span', { class: 'picker-name' }, x.text), (q ? x.detail : x.brief) ? el('span', { class: 'picker-detail' }, q ? x.detail : x.brief) : null);
      this.shown.push({ x, li });
      this.list.append(li);
    }
    if (!found.length) this.list.append(el('li', { class: 'picker-empty', role: 'presentation' }, this.hint.empty || ''));
    this.list.hidden = false;
    this.list.scrollTop = 0;
    document.addEventListener('pointerdown', this.outside, true);
    this.setActive(q && found.length ? 0 : -1);
    this.input.setAttribute('aria-expanded', 'true');
    this.button.setAttribute('aria-expanded', 'true');
  }

  close() {
    if (this.list.hidden) return;
    document.removeEventListener('pointerdown', this.outside, true);
    this.list.hidden = true;
    this.setActive(-1);
    this.input.setAttribute('aria-expanded', 'false');
    this.button.setAttribute('aria-expanded', 'false');
  }

  setActive(i) {
    if (this.shown[this.at]) this.shown[this.at].li.setAttribute('aria-selected', 'false');
    this.at = i;
    const cur = this.shown[i];
    if (cur) {
      cur.li.setAttribute('aria-selected', 'true');
      cur.li.scrollIntoView({ block: 'nearest' });
      this.input.setAttribute('aria-activedescendant', cur.li.id);
    } else this.input.removeAttribute('aria-activedescendant');
  }

  key(e) {
    const n = this.shown.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!this.isOpen()) { this.open(this.input.value); return; }
      if (n) this.setActive(((this.at + (e.key === 'ArrowDown' ? 1 : -1)) % n + n) % n);
    } else if (e.key === 'Enter' && this.isOpen() && this.shown[this.at]) {
      e.preventDefault(); // not the form's submit
      this.pick(this.shown[this.at].x);
    } else if (e.key === 'Escape' && this.isOpen()) {
      e.preventDefault();
      e.stopPropagation(); // the list closes, not the dialog around it
      this.close();
    }
  }

  pick(x) {
    this.input.value = x.text;
    this.taken = x.text;
    this.close();
    this.onPick(x.entry);
  }
}
