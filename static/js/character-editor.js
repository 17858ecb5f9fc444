// The character editor: a form built from the game's sheet in the catalog
// (numbers, tables of rows with text / number / reference columns), checked
// by characters.validateCharacter before it is saved.

import { el, clear, deepCopy } from './util.js';
import * as chars from './characters.js';
import { ListPicker, entriesOf, valuesSet } from './picker.js';
import { t as msg } from './i18n.js'; // (t is a sheet's table here)

/** A new character's sheet: the game's defaults, but a table whose rows no
 * other column refers to starts empty: its default rows are samples, not
 * the character's. Rows others refer to (the sheet's named values) stay. */
function freshSheet(system) {
  const sheet = chars.blankSheet(system);
  const spec = chars.sheetOf(system);
  const referred = new Set(spec.tables.flatMap((t) => t.columns.filter((c) => c.type === 'ref').map((c) => c.ref)));
  for (const t of spec.tables) if (!referred.has(t.key)) sheet.tables[t.key] = [];
  return sheet;
}

function parseIntStrict(v) {
  const s = String(v).trim().replace(/^\u2212/, '-');
  return /^[+-]?\d+$/.test(s) ? parseInt(s, 10) : NaN;
}

class CharacterEditor {
  constructor(system, existing, opts) {
    this.system = system;
    this.opts = opts;
    this.systemEntry = opts.systemEntry || null; // the catalog's entry: the lists a column's `suggest` names
    this.spec = chars.sheetOf(system);
    this.c = existing ? deepCopy(existing) : { id: chars.newCharacterId(), system, name: '', sheet: freshSheet(system) };
    this.base = chars.storedVersion(this.c.id); // what storage held when the edit began (another tab may change it)
    this.inputs = []; // {path, input, errorEl}
    this.rowSeq = 0; // table rows repeat their columns: each field gets its own id
    this.tables = {}; // key -> {t, rows: [{cells, root}]}
    this.nameInput = el('input', { type: 'text', class: 'text', value: this.c.name, autocomplete: 'off', maxlength: '60' });
    this.numberInputs = {};
    const numbersBox = el('div', { class: 'numbers-grid' }, this.spec.numbers.map((n) => {
      const stored = this.c.sheet.numbers[n.key];
      const inp = el('input', { type: 'text', inputmode: 'numeric', class: 'num', value: String(stored === undefined ? n.default : stored), autocomplete: 'off' });
      this.numberInputs[n.key] = inp;
      return this.field(`numbers.${n.key}`, n.label, inp);
    }));
    const tableBoxes = this.spec.tables.map((t) => this.tableBox(t));
    this.refreshRefs();
    const save = el('button', { type: 'submit', class: 'btn primary', id: 'character-save' }, msg('editor.save'));
    const cancel = el('button', { type: 'button', class: 'btn', id: 'character-cancel' }, msg('saved.cancel'));
    this.formError = el('p', { class: 'field-error', hidden: true, role: 'alert' });
    this.form = el('form', { class: 'char-editor', novalidate: true, 'aria-label': existing ? msg('characters.editName', { name: existing.name }) : msg('characters.new') },
      el('h3', {}, existing ? msg('characters.editName', { name: existing.name }) : msg('editor.newOf', { game: opts.gameName })),
      this.field('name', msg('form.name'), this.nameInput),
      this.spec.numbers.length ? el('fieldset', { class: 'char-numbers' }, el('legend', {}, this.spec.numbers_label), numbersBox) : null,
      tableBoxes, this.formError,
      el('div', { class: 'sheet-actions' }, save, cancel));
    cancel.addEventListener('click', () => opts.onCancel());
    this.form.addEventListener('submit', (e) => { e.preventDefault(); this.submit(); });
  }

  /** A labelled field (`shown`: what holds the input, a picker). */
  field(path, labelText, input, shown = input) {
    const id = `ce-${path.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}${path.includes('[?]') ? `-${++this.rowSeq}` : ''}`;
    input.id = id;
    const errorEl = el('p', { class: 'field-error', hidden: true, id: `${id}-err` });
    input.setAttribute('aria-describedby', errorEl.id);
    this.inputs.push({ path, input, errorEl });
    return el('div', { class: 'field', 'data-path': path }, el('label', { for: id }, labelText), shown, errorEl);
  }

  /** A text column's list (the catalog's `suggest`): picking an entry
   * names the row and sets the columns it `sets` (the catalog says which,
   * with their values); a name of the player's own keeps them as chosen. */
  cellPicker(col, inp, r) {
    const entries = col.suggest ? entriesOf(this.systemEntry, col.suggest) : [];
    if (!entries.length) return null;
    return new ListPicker(inp, entries, col.suggest, (entry) => {
      for (const [key, value] of Object.entries(valuesSet(col.suggest, entry))) {
        const cell = r.cells[key];
        if (!cell) continue;
        if (cell.type === 'checkbox') cell.checked = value === true;
        else { cell.value = String(value); if (cell.dataset) cell.dataset.value = String(value); }
      }
      this.refreshRefs();
    });
  }

  tableBox(t) {
    const rowsBox = el('div', { class: 'rows' });
    const empty = el('p', { class: 'field-help table-empty' }, msg('editor.empty', { label: t.label, noun: t.noun }));
    this.tables[t.key] = { t, rows: [], box: rowsBox, empty };
    const addBtn = el('button', { type: 'button', class: 'btn add-item' }, msg('form.add', { noun: t.noun }));
    addBtn.addEventListener('click', () => {
      this.addRow(t, Object.fromEntries(t.columns.map((col) => [col.key, col.type === 'int' || col.type === 'bool' ? col.default : ''])));
      this.refreshRefs();
      const rows = this.tables[t.key].rows;
      rows[rows.length - 1].cells[t.columns[0].key].focus();
    });
    for (const row of this.c.sheet.tables[t.key] || []) this.addRow(t, row);
    this.showEmpty();
    return el('fieldset', { class: 'char-table', 'data-table': t.key }, el('legend', {}, t.label), empty, rowsBox, addBtn);
  }

  cellInput(col, row) {
    if (col.type === 'text') return el('input', { type: 'text', class: 'text', value: row[col.key] || '', autocomplete: 'off', maxlength: '60' });
    if (col.type === 'int') return el('input', { type: 'text', inputmode: 'numeric', class: 'num', value: row[col.key] !== undefined ? String(row[col.key]) : String(col.default || 0), autocomplete: 'off' });
    if (col.type === 'bool') {
      const box = el('input', { type: 'checkbox', class: 'check' });
      box.checked = row[col.key] === undefined ? !!col.default : row[col.key] === true;
      return box;
    }
    const sel = el('select', {});
    sel.dataset.value = row[col.key] || '';
    return sel;
  }

  addRow(t, row) {
    const state = this.tables[t.key];
    const r = { cells: {} };
    const cells = t.columns.map((col) => {
      const inp = this.cellInput(col, row);
      r.cells[col.key] = inp;
      if (col.type === 'text' && col.key === 'name') inp.addEventListener('change', () => this.refreshRefs());
      const picker = col.type === 'text' ? this.cellPicker(col, inp, r) : null;
      return this.field(`tables.${t.key}[?].${col.key}`, col.label, inp, picker ? picker.root : inp);
    });
    const rm = el('button', { type: 'button', class: 'btn remove-item', 'aria-label': msg('editor.remove', { noun: t.noun }) }, '\u2715');
    r.root = el('div', { class: 'row' }, cells, rm);
    rm.addEventListener('click', () => {
      state.rows = state.rows.filter((x) => x !== r);
      r.root.remove();
      this.renumber();
      this.refreshRefs();
    });
    state.rows.push(r);
    state.box.append(r.root);
    this.renumber();
  }

  /** A table without rows says how to add one. */
  showEmpty() {
    for (const { rows, empty } of Object.values(this.tables)) empty.hidden = rows.length > 0;
  }

  /** Error paths carry the row index. */
  renumber() {
    this.showEmpty();
    for (const { t, rows } of Object.values(this.tables)) {
      rows.forEach((r, i) => {
        for (const col of t.columns) {
          const rec = this.inputs.find((x) => x.input === r.cells[col.key]);
          if (rec) rec.path = `tables.${t.key}[${i}].${col.key}`;
        }
      });
    }
  }

  sheet() {
    const numbers = {};
    for (const n of this.spec.numbers) numbers[n.key] = parseIntStrict(this.numberInputs[n.key].value);
    const tables = {};
    for (const { t, rows } of Object.values(this.tables)) {
      tables[t.key] = rows.map((r) => Object.fromEntries(t.columns.map((col) => {
        const inp = r.cells[col.key];
        if (col.type === 'bool') return [col.key, inp.checked];
        return [col.key, col.type === 'int' ? parseIntStrict(inp.value) : inp.value.trim()];
      })));
    }
    return { numbers, tables };
  }

  /** Reference selectors list the names there are now. */
  refreshRefs() {
    const sheet = this.sheet();
    for (const { t, rows } of Object.values(this.tables)) {
      for (const r of rows) {
        for (const col of t.columns) {
          if (col.type !== 'ref') continue;
          const sel = r.cells[col.key];
          const keep = sel.value || sel.dataset.value;
          const names = chars.refNames(this.system, sheet, col.ref);
          clear(sel);
          sel.append(...names.map((n) => el('option', { value: n }, n)));
          if (names.includes(keep)) sel.value = keep;
          sel.dataset.value = sel.value;
        }
      }
    }
  }

  submit() {
    for (const rec of this.inputs) { rec.errorEl.hidden = true; rec.input.removeAttribute('aria-invalid'); }
    this.formError.hidden = true;
    // what else the record keeps (counters spent, saved checks) stays as it was
    const record = { ...this.c, id: this.c.id, system: this.system, name: this.nameInput.value.trim(), sheet: this.sheet() };
    const errors = chars.validateCharacter(record);
    if (!errors.length) {
      const saved = chars.upsertCharacter(record, { expect: this.base });
      if (saved.reason !== 'conflict') { this.opts.onSaved(saved.record, saved); return; }
      // changed in another tab meanwhile: nothing written; a second Save replaces it
      this.base = chars.storedVersion(record.id);
      this.formError.textContent = saved.current
        ? msg('editor.conflictChanged', { name: record.name })
        : msg('editor.conflictDeleted', { name: record.name });
      this.formError.hidden = false;
      return;
    }
    let firstInput = null;
    for (const err of errors) {
      const rec = this.inputs.find((x) => x.path === err.path);
      if (rec) {
        rec.errorEl.textContent = err.message;
        rec.errorEl.hidden = false;
        rec.input.setAttribute('aria-invalid', 'true');
        if (!firstInput) firstInput = rec.input;
      } else { this.formError.textContent = err.message; this.formError.hidden = false; }
    }
    if (firstInput) firstInput.focus();
  }
}

/**
 * The editor for `existing` (or a new character of `system`).
 * opts: {gameName, onSaved(record, {ok, reason}), onCancel()}. Returns {form, focus()}.
 */
export function characterEditor(system, existing, opts) {
  const editor = new CharacterEditor(system, existing, opts);
  return { form: editor.form, focus: () => editor.nameInput.focus() };
}
