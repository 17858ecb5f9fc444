// Saved checks on the page: the tools row above the odds (Save check, Saved,
// Share), one chip per saved check of the current game (one tap rolls it),
// the save / edit sheet and the list sheet (roll, edit, delete).

import { el, clear } from './util.js';
import * as saved from './saved-checks.js';
import * as chars from './characters.js';
import { makeDialog, confirmAction } from './dialogs.js';
import * as persist from './persist.js';
import { differences } from './forms.js';
import * as storage from './storage.js';
import { t as msg } from './i18n.js'; // (t is the table here)

export class SavedPanel {
  /** host: {table, catalog(), say(text), currentCharacter(system), onSaved()} */
  constructor(host) {
    this.host = host;
    this.saveBtn = el('button', { type: 'button', class: 'btn', id: 'save-check' }, msg('saved.saveCheck'));
    this.count = el('span', { class: 'count' });
    this.listBtn = el('button', { type: 'button', class: 'btn', id: 'open-saved', 'aria-haspopup': 'dialog' }, msg('saved.saved'), this.count);
    this.strip = el('ul', { class: 'saved-strip', id: 'saved-strip', 'aria-label': msg('saved.strip') });
    this.buttons = el('div', { class: 'tools-buttons' }, this.saveBtn, this.listBtn);
    this.note = el('p', { class: 'field-error storage-note', id: 'saved-storage-note', role: 'alert', hidden: true });
    this.root = el('section', { class: 'check-tools', id: 'check-tools', 'aria-label': msg('saved.tools') }, this.buttons, this.strip, this.note);
    this.buildSaveDialog();
    this.buildListDialog();
    this.saveBtn.addEventListener('click', () => this.openSave(null));
    this.listBtn.addEventListener('click', () => this.openList());
  }

  system() { return this.host.table.current.system; }
  catalog() { return this.host.catalog(); }

  checkLabel(s) {
    const cat = this.catalog();
    const sys = cat && cat.systems ? cat.systems[s.system] : null;
    const c = sys && sys.checks[s.check];
    return c ? c.label : s.check;
  }

  /** The character a saved check belongs to: its name now, else when saved. */
  whoOf(s) {
    const c = s.character ? chars.getCharacter(s.character) : null;
    return c ? c.name : (s.who || '');
  }

  // -- the chips ------------------------------------------------------------------

  render() {
    const sys = this.system();
    const list = sys ? saved.savedFor(sys, this.catalog()) : [];
    this.count.textContent = list.length ? ` (${list.length})` : '';
    this.listBtn.setAttribute('aria-label', msg('saved.count', { n: list.length }));
    clear(this.strip);
    const cur = sys ? this.host.currentCharacter(sys) : null;
    // the chosen character's checks first, then those of nobody, then the others
    const rank = (s) => (cur && s.character === cur.id ? 0 : (!s.character ? 1 : 2));
    const shown = list.slice().sort((a, b) => rank(a) - rank(b));
    for (const s of shown) {
      const b = el('button', { type: 'button', class: 'chip saved-chip', 'data-saved': s.id, 'data-stored': String(saved.isSaved(s.id)), title: msg(saved.isSaved(s.id) ? 'saved.chipTitle' : 'saved.chipTitleNotSaved', { name: s.name, check: this.checkLabel(s) }) }, s.name);
      b.addEventListener('click', () => this.roll(s));
      this.strip.append(el('li', {}, b));
    }
    this.strip.hidden = !shown.length;
    if (this.listDialog.open) this.renderList();
  }

  roll(s) {
    if (this.listDialog.open) this.listDialog.close();
    const t = this.host.table;
    const before = t.formState(s.system, s.check);
    t.again({ system: s.system, check: s.check, request: s.request });
    t.savedInForm = s.id;
    t.noteReplaced(before, msg('saved.filledFrom', { name: s.name }));
    this.host.say(msg('saved.rolling', { name: s.name }));
  }

  /** Edit: the saved check's values in its form (unless the form holds them
   * already, changed since), then the sheet with its name and inputs. */
  edit(s) {
    const t = this.host.table;
    if (t.savedInForm !== s.id || t.current.system !== s.system || t.current.check !== s.check) {
      const before = t.formState(s.system, s.check);
      if (t.loadEntryIntoForm({ system: s.system, check: s.check, request: s.request })) {
        t.savedInForm = s.id;
        t.refreshAll();
        t.noteReplaced(before, msg('saved.inForm', { name: s.name }));
      }
    }
    this.openSave(s);
  }

  /** A saved check's inputs in words, as the catalog labels them ('Modifier -2'):
   * those that differ from the form's first values. */
  storedWords(s) {
    const cat = this.catalog();
    const sys = cat && cat.systems ? cat.systems[s.system] : null;
    const check = sys && sys.checks[s.check];
    if (!check) return '';
    const words = differences(sys, check, s.request, null);
    const who = Object.values(s.request.characters || {}).filter(Boolean);
    const filled = who.length ? ` ${msg('saved.filledFromWho', { who: [...new Set(who)].join(', ') })}` : '';
    return `${words.length ? msg('saved.inputs', { words: words.join(', ') }) : msg('saved.inputsFirst')}${filled}`;
  }

  // -- save / edit ------------------------------------------------------------------

  buildSaveDialog() {
    const D = makeDialog('save-check-dialog', msg('saved.saveTitle'));
    this.saveDialog = D.dlg;
    this.saveTitle = D.title;
    this.nameInput = el('input', { type: 'text', id: 'saved-name', maxlength: '80', autocomplete: 'off', 'aria-describedby': 'saved-name-error' });
    this.nameError = el('p', { class: 'field-error', id: 'saved-name-error', role: 'alert' });
    this.whoSelect = el('select', { id: 'saved-character' });
    this.replaceBox = el('input', { type: 'checkbox', id: 'saved-replace' });
    this.replaceRow = el('p', { class: 'saved-replace' }, el('label', { for: 'saved-replace' }, this.replaceBox, ` ${msg('saved.replace')}`));
    this.saveWhat = el('p', { class: 'field-help', id: 'saved-what' });
    this.formDiffers = el('p', { class: 'field-help saved-differs', id: 'saved-differs', hidden: true });
    const ok = el('button', { type: 'submit', class: 'btn primary', id: 'saved-ok' }, msg('saved.save'));
    const cancel = el('button', { type: 'button', class: 'btn', id: 'saved-cancel' }, msg('saved.cancel'));
    this.saveForm = el('form', { class: 'saved-form', novalidate: true },
      el('p', {}, el('label', { for: 'saved-name' }, msg('form.name')), this.nameInput, this.nameError),
      el('p', {}, el('label', { for: 'saved-character' }, msg('characters.character')), this.whoSelect),
      this.saveWhat, this.formDiffers, this.replaceRow, el('div', { class: 'sheet-actions' }, cancel, ok));
    D.body.append(this.saveForm);
    cancel.addEventListener('click', () => this.saveDialog.close());
    this.saveForm.addEventListener('submit', (e) => { e.preventDefault(); this.submitSave(); });
  }

  /** The form's request without dice, or null (with the reason said). */
  formRequest() {
    const t = this.host.table;
    const req = t.baseRequest();
    if (!req) return null;
    const { system, check, ...rest } = req;
    return { system, check, request: rest };
  }

  suggestName(system, request) {
    const cur = this.host.currentCharacter(system);
    const top = (request.characters || {})[''] ? request.characters[''] : (cur ? cur.name : '');
    const what = (request.labels || {})[''] || this.checkLabel({ system, check: this.host.table.current.check });
    return top ? `${top}: ${what}` : what;
  }

  openSave(existing) {
    this.editing = existing;
    this.base = existing ? saved.storedVersion(existing.id) : undefined; // another tab may change it meanwhile
    this.nameError.textContent = '';
    this.nameInput.removeAttribute('aria-invalid');
    const sys = existing ? existing.system : this.system();
    let charId = null;
    if (existing) {
      this.saveTitle.textContent = msg('saved.editTitle');
      this.nameInput.value = existing.name;
      charId = existing.character || null;
      this.saveWhat.textContent = `${this.checkLabel(existing)}. ${this.storedWords(existing)}`;
      this.replaceBox.checked = false;
      this.replaceRow.hidden = !(this.host.table.current.system === existing.system && this.host.table.current.check === existing.check);
      this.showFormDiffers(existing);
    } else {
      const f = this.formRequest();
      if (!f) { this.host.say(msg('saved.fixFirst')); this.host.table.refreshAll(); return; }
      this.saveTitle.textContent = msg('saved.saveTitle');
      this.nameInput.value = this.suggestName(sys, f.request);
      const cur = this.host.currentCharacter(sys);
      const filled = this.host.table.current.form.filled || {};
      charId = cur ? cur.id : ((filled[''] && filled[''].id) || null);
      this.saveWhat.textContent = msg('saved.what', { check: this.checkLabel(f) });
      this.replaceRow.hidden = true;
      this.formDiffers.hidden = true;
    }
    clear(this.whoSelect);
    this.whoSelect.append(el('option', { value: '' }, msg('saved.nobody')));
    for (const c of (chars.hasSheet(sys) ? chars.charactersFor(sys) : [])) this.whoSelect.append(el('option', { value: c.id }, c.name));
    this.whoSelect.value = charId && chars.getCharacter(charId) ? charId : '';
    this.whoSelect.closest('p').hidden = this.whoSelect.options.length < 2;
    if (!this.saveDialog.open) this.saveDialog.showModal();
    this.nameInput.focus();
    this.nameInput.select();
  }

  /** Editing a saved check whose form has changed since it was filled in:
   * say so (Replace keeps the form's values). */
  showFormDiffers(s) {
    const t = this.host.table;
    const f = !this.replaceRow.hidden ? this.formRequest() : null;
    const words = f ? differences(t.current.form.systemEntry, t.current.form.check, t.current.form.raw(), s.request) : [];
    this.formDiffers.hidden = !words.length;
    this.formDiffers.textContent = words.length
      ? msg('saved.differs', { words: words.join(', ') }) : '';
  }

  submitSave() {
    const name = this.nameInput.value.trim();
    if (!name) {
      this.nameError.textContent = msg('saved.enterName');
      this.nameInput.setAttribute('aria-invalid', 'true');
      this.nameInput.focus();
      return;
    }
    const charId = this.whoSelect.value || null;
    const who = charId && chars.getCharacter(charId) ? chars.getCharacter(charId).name : null;
    let record;
    if (this.editing) {
      record = { ...this.editing, name, character: charId, who };
      if (!this.replaceRow.hidden && this.replaceBox.checked) {
        const f = this.formRequest();
        if (!f) { this.nameError.textContent = msg('saved.formErrorEdit'); return; }
        record.request = f.request;
      }
    } else {
      const f = this.formRequest();
      if (!f) { this.nameError.textContent = msg('saved.formError'); return; }
      record = { id: saved.newSavedId(), name, system: f.system, check: f.check, character: charId, who, request: f.request };
    }
    const [r, result] = saved.upsert(record, { expect: this.base });
    if (result.reason === 'conflict') {
      // changed in another tab meanwhile: nothing written; a second Save replaces it
      this.base = saved.storedVersion(record.id);
      this.nameError.textContent = result.current
        ? msg('saved.conflictChanged', { name: record.name })
        : msg('saved.conflictDeleted', { name: record.name });
      return;
    }
    this.saveDialog.close();
    this.render();
    this.note.hidden = result.ok;
    this.note.textContent = result.ok ? '' : msg('saved.notSaved', { name: r.name, reason: storage.reasonText(result.reason) });
    this.host.say(result.ok ? msg('characters.saved', { name: r.name }) : this.note.textContent);
    if (result.ok && this.host.onSaved) this.host.onSaved();
  }

  // -- the list --------------------------------------------------------------------

  buildListDialog() {
    const D = makeDialog('saved-dialog', msg('saved.listTitle'));
    this.listDialog = D.dlg;
    this.listTitle = D.title;
    this.listMsg = el('p', { class: 'sheet-msg', role: 'status', id: 'saved-msg' });
    this.list = el('div', { class: 'saved-list', id: 'saved-list' });
    D.body.append(persist.statusNode('saved-storage-state'), this.listMsg, this.list);
  }

  openList() {
    this.listMsg.textContent = '';
    this.renderList();
    persist.refresh();
    this.listDialog.showModal();
  }

  renderList() {
    const sys = this.system();
    const cat = this.catalog();
    const game = cat && cat.systems && cat.systems[sys] ? cat.systems[sys].name : sys;
    this.listTitle.textContent = msg('saved.listTitleOf', { game });
    clear(this.list);
    const list = sys ? saved.savedFor(sys, cat) : [];
    if (!list.length) {
      this.list.append(el('p', { class: 'placeholder' }, msg('saved.none')));
      return;
    }
    const groups = new Map();
    for (const s of list) {
      const who = this.whoOf(s) || msg('saved.nobody');
      if (!groups.has(who)) groups.set(who, []);
      groups.get(who).push(s);
    }
    for (const [who, items] of groups) {
      const ul = el('ul', { class: 'saved-items' });
      for (const s of items) {
        ul.append(el('li', { class: 'saved-item', 'data-saved': s.id },
          el('span', { class: 'saved-name' }, s.name, el('span', { class: 'saved-check' }, ` \u00b7 ${this.checkLabel(s)}`)),
          el('span', { class: 'saved-actions' },
            el('button', { type: 'button', class: 'btn primary', 'aria-label': msg('saved.rollName', { name: s.name }), onclick: () => this.roll(s) }, msg('roll.roll')),
            el('button', { type: 'button', class: 'btn', 'aria-label': msg('characters.editName', { name: s.name }), onclick: () => { this.listDialog.close(); this.edit(s); } }, msg('characters.edit')),
            el('button', { type: 'button', class: 'btn danger', 'aria-label': msg('characters.deleteName', { name: s.name }), onclick: () => this.remove(s) }, msg('characters.delete')))));
      }
      this.list.append(el('h3', { class: 'saved-who' }, who), ul);
    }
  }

  async remove(s) {
    if (!(await confirmAction(msg('saved.deleteAsk', { name: s.name }), msg('characters.delete')))) return;
    saved.remove(s.id);
    this.render();
    this.renderList();
    this.listMsg.textContent = msg('characters.deleted', { name: s.name });
  }
}
