// The character editor: a form built from the game's sheet in the catalog
// (numbers, tables of rows with text / number / reference columns), checked
// by characters.validateCharacter before it is saved.

import { el, clear, deepCopy } from './util.js';
import * as chars from './characters.js';

function parseIntStrict(v) {
  const s = String(v).trim().replace(/^\u2212/, '-');
  return /^[+-]?\d+$/.test(s) ? parseInt(s, 10) : NaN;
}

/**
 * Build the editor for `existing` (or a new character of `system`).
 * opts: {gameName, onSaved(record), onCancel()}. Returns the form element.
 */
export function characterEditor(system, existing, opts) {
  const spec = chars.sheetOf(system);
  const c = existing ? deepCopy(existing) : { id: chars.newCharacterId(), system, name: '', sheet: chars.blankSheet(system) };
  const inputs = []; // {path, input, errorEl}
  let rowSeq = 0; // table rows repeat their columns: each field gets its own id
  const field = (path, labelText, input) => {
    const id = `ce-${path.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}${path.includes('[?]') ? `-${++rowSeq}` : ''}`;
    input.id = id;
    const errorEl = el('p', { class: 'field-error', hidden: true, id: `${id}-err` });
    input.setAttribute('aria-describedby', errorEl.id);
    inputs.push({ path, input, errorEl });
    return el('div', { class: 'field', 'data-path': path }, el('label', { for: id }, labelText), input, errorEl);
  };
  const nameInput = el('input', { type: 'text', class: 'text', value: c.name, autocomplete: 'off', maxlength: '60' });
  const numberInputs = {};
  const numbersBox = el('div', { class: 'numbers-grid' }, spec.numbers.map((n) => {
    const inp = el('input', { type: 'text', inputmode: 'numeric', class: 'num', value: String(c.sheet.numbers[n.key]), autocomplete: 'off' });
    numberInputs[n.key] = inp;
    return field(`numbers.${n.key}`, n.label, inp);
  }));
  const tableState = {};

  function renumber() {
    // error paths carry the row index
    for (const { t, rows } of Object.values(tableState)) {
      rows.forEach((r, i) => {
        for (const col of t.columns) {
          const rec = inputs.find((x) => x.input === r.cells[col.key]);
          if (rec) rec.path = `tables.${t.key}[${i}].${col.key}`;
        }
      });
    }
  }
  function currentSheet() {
    const numbers = {};
    for (const n of spec.numbers) numbers[n.key] = parseIntStrict(numberInputs[n.key].value);
    const tables = {};
    for (const { t, rows } of Object.values(tableState)) {
      tables[t.key] = rows.map((r) => Object.fromEntries(t.columns.map((col) => {
        const v = r.cells[col.key].value;
        return [col.key, col.type === 'int' ? parseIntStrict(v) : v.trim()];
      })));
    }
    return { numbers, tables };
  }
  function refreshRefs() {
    const sheet = currentSheet();
    for (const { t, rows } of Object.values(tableState)) {
      for (const r of rows) {
        for (const col of t.columns) {
          if (col.type !== 'ref') continue;
          const sel = r.cells[col.key];
          const keep = sel.value || sel.dataset.value;
          const names = chars.refNames(system, sheet, col.ref);
          clear(sel);
          sel.append(...names.map((n) => el('option', { value: n }, n)));
          if (names.includes(keep)) sel.value = keep;
          sel.dataset.value = sel.value;
        }
      }
    }
  }
  const tableBoxes = spec.tables.map((t) => {
    const rowsBox = el('div', { class: 'rows' });
    tableState[t.key] = { t, rows: [], box: rowsBox };
    const addRow = (row) => {
      const r = { cells: {} };
      const cells = t.columns.map((col) => {
        let inp;
        if (col.type === 'text') inp = el('input', { type: 'text', class: 'text', value: row[col.key] || '', autocomplete: 'off', maxlength: '60' });
        else if (col.type === 'int') inp = el('input', { type: 'text', inputmode: 'numeric', class: 'num', value: row[col.key] !== undefined ? String(row[col.key]) : String(col.default || 0), autocomplete: 'off' });
        else { inp = el('select', {}); inp.dataset.value = row[col.key] || ''; }
        r.cells[col.key] = inp;
        if (col.type === 'text' && col.key === 'name') inp.addEventListener('change', refreshRefs);
        return field(`tables.${t.key}[?].${col.key}`, col.label, inp);
      });
      const rm = el('button', { type: 'button', class: 'btn remove-item', 'aria-label': `Remove this ${t.noun}` }, '\u2715');
      r.root = el('div', { class: 'row' }, cells, rm);
      rm.addEventListener('click', () => {
        tableState[t.key].rows = tableState[t.key].rows.filter((x) => x !== r);
        r.root.remove();
        renumber();
        refreshRefs();
      });
      tableState[t.key].rows.push(r);
      rowsBox.append(r.root);
      renumber();
    };
    const addBtn = el('button', { type: 'button', class: 'btn add-item' }, `Add ${t.noun}`);
    addBtn.addEventListener('click', () => {
      addRow(Object.fromEntries(t.columns.map((col) => [col.key, col.type === 'int' ? col.default : ''])));
      refreshRefs();
      const last = tableState[t.key].rows[tableState[t.key].rows.length - 1];
      last.cells[t.columns[0].key].focus();
    });
    for (const row of c.sheet.tables[t.key] || []) addRow(row);
    return el('fieldset', { class: 'char-table' }, el('legend', {}, t.label), rowsBox, addBtn);
  });
  refreshRefs();
  const save = el('button', { type: 'submit', class: 'btn primary', id: 'character-save' }, 'Save character');
  const cancel = el('button', { type: 'button', class: 'btn', id: 'character-cancel' }, 'Cancel');
  const formError = el('p', { class: 'field-error', hidden: true, role: 'alert' });
  const formEl = el('form', { class: 'char-editor', novalidate: true, 'aria-label': existing ? `Edit ${existing.name}` : 'New character' },
    el('h3', {}, existing ? `Edit ${existing.name}` : `New ${opts.gameName} character`),
    field('name', 'Name', nameInput),
    spec.numbers.length ? el('fieldset', { class: 'char-numbers' }, el('legend', {}, spec.numbers_label), numbersBox) : null,
    tableBoxes, formError,
    el('div', { class: 'sheet-actions' }, save, cancel));
  cancel.addEventListener('click', () => opts.onCancel());
  formEl.addEventListener('submit', (e) => {
    e.preventDefault();
    for (const rec of inputs) { rec.errorEl.hidden = true; rec.input.removeAttribute('aria-invalid'); }
    formError.hidden = true;
    const record = { id: c.id, system, name: nameInput.value.trim(), sheet: currentSheet() };
    const errors = chars.validateCharacter(record);
    if (!errors.length) { opts.onSaved(chars.upsertCharacter(record)); return; }
    let firstInput = null;
    for (const err of errors) {
      const rec = inputs.find((x) => x.path === err.path);
      if (rec) {
        rec.errorEl.textContent = err.message;
        rec.errorEl.hidden = false;
        rec.input.setAttribute('aria-invalid', 'true');
        if (!firstInput) firstInput = rec.input;
      } else { formError.textContent = err.message; formError.hidden = false; }
    }
    if (firstInput) firstInput.focus();
  });
  return { form: formEl, focus: () => nameInput.focus() };
}
