// The characters panel (list, use, edit, delete, export / import) and the
// header's character picker for the current game.

import { el, clear, downloadJSON, readFileText, dateStamp } from './util.js';
import * as chars from './characters.js';
import { makeDialog, confirmAction } from './dialogs.js';
import { characterEditor } from './character-editor.js';
import * as saved from './saved-checks.js';
import * as targets from './targets.js';
import * as storage from './storage.js';
import * as persist from './persist.js';
import { importReport, partsReport } from './import-report.js';
import { t, count } from './i18n.js';

export class CharactersPanel {
  /** host: {prefs, savePrefs(), say(text), system(), gameName(id), changed(),
   * catalog(), engine (importCharacter: another tool's files)} */
  constructor(host) {
    this.host = host;
    this.select = el('select', { id: 'character-picker' });
    this.pick = el('div', { class: 'character-pick' }, el('label', { for: 'character-picker' }, t('characters.character')), this.select);
    this.button = el('button', { type: 'button', class: 'btn', id: 'open-characters', 'aria-haspopup': 'dialog' }, t('characters.title'));
    const C = makeDialog('characters-dialog', t('characters.title'));
    this.dialog = C.dlg;
    this.title = C.title;
    this.msg = el('p', { class: 'sheet-msg', role: 'status', id: 'characters-msg' });
    this.list = el('ul', { class: 'char-list', id: 'character-list' });
    this.file = el('input', { type: 'file', accept: 'application/json,.json', id: 'characters-import', class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true' });
    this.newBtn = el('button', { type: 'button', class: 'btn', id: 'character-new' }, t('characters.new'));
    const exportBtn = el('button', { type: 'button', class: 'btn', id: 'characters-export' }, t('characters.export'));
    const importBtn = el('button', { type: 'button', class: 'btn', id: 'characters-import-btn' }, t('characters.import'));
    this.editorHost = el('div', { class: 'char-editor-host' });
    this.report = el('div', { class: 'import-report', id: 'characters-import-report' });
    this.imports = el('span', { class: 'char-imports' }); // one button per file format of the game (catalog `imports`)
    this.listView = el('div', { class: 'char-list-view' }, persist.statusNode('characters-storage-state'), el('div', { class: 'sheet-actions' }, this.newBtn, exportBtn, importBtn, this.file, this.imports), this.msg, this.report, this.list);
    C.body.append(this.listView, this.editorHost);
    this.button.addEventListener('click', () => this.open());
    this.newBtn.addEventListener('click', () => this.edit(null));
    exportBtn.addEventListener('click', () => {
      const sys = this.host.system();
      const data = chars.exportData(sys);
      // the saved checks of these characters travel with them
      data.saved_checks = saved.forExport(sys, data.characters.map((c) => c.id), this.host.catalog ? this.host.catalog() : null);
      // and what the table tracks (a target's damage), so it survives on another device
      data.tracked = targets.forExport(sys);
      downloadJSON(`tablecheck-characters-${sys}-${dateStamp()}.json`, data);
      const parts = [count('count.characters', data.characters.length), count('count.saved-checks', data.saved_checks.length)];
      if (data.tracked.length) parts.push(count('count.trackedTarget', data.tracked.length));
      this.msg.textContent = t('characters.exported', { parts: parts.slice(0, -1).join(', '), last: parts[parts.length - 1] });
      this.msg.dataset.state = 'ok';
    });
    importBtn.addEventListener('click', () => this.file.click());
    this.file.addEventListener('change', () => this.importFile());
    this.select.addEventListener('change', () => this.use(this.select.value));
  }

  /** The character chosen in the header for `system`, or null. */
  current(system) {
    const id = this.host.prefs.character[system];
    const c = id ? chars.getCharacter(id) : null;
    return c && c.system === system && chars.validateCharacter(c).length === 0 ? c : null;
  }

  open() {
    this.msg.textContent = '';
    clear(this.report);
    persist.refresh();
    this.closeEditor();
    this.renderList();
    if (!this.dialog.open) this.dialog.showModal();
  }

  closeEditor() {
    clear(this.editorHost);
    this.listView.hidden = false;
  }

  /** The game's catalog entry, or null. */
  systemEntry(sys) {
    const catalog = this.host.catalog ? this.host.catalog() : null;
    return catalog && catalog.systems && catalog.systems[sys] ? catalog.systems[sys] : null;
  }

  /** "Import Optolith hero (JSON)…": a button and a file input for each
   * file format the game's characters can be imported from. */
  renderImports(sys) {
    clear(this.imports);
    const entry = this.systemEntry(sys);
    for (const fmt of (entry && Array.isArray(entry.imports) ? entry.imports : [])) {
      const id = `characters-import-${String(fmt.format).replace(/[^a-z0-9]+/gi, '-')}`;
      const file = el('input', { type: 'file', accept: 'application/json,.json', id, class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true', 'data-format': fmt.format });
      const btn = el('button', { type: 'button', class: 'btn', id: `${id}-btn` }, t('characters.importFormat', { format: fmt.label }));
      btn.addEventListener('click', () => file.click());
      file.addEventListener('change', () => {
        const chosen = file.files && file.files[0];
        file.value = '';
        if (chosen) this.importOther(sys, fmt, chosen);
      });
      this.imports.append(btn, file);
    }
  }

  renderList() {
    const sys = this.host.system();
    this.title.textContent = t('characters.titleOf', { game: this.host.gameName(sys) });
    this.renderImports(sys);
    clear(this.list);
    const has = chars.hasSheet(sys);
    this.newBtn.disabled = !has;
    if (!has) {
      this.list.append(el('li', { class: 'placeholder' }, t('characters.noSheet')));
      return;
    }
    const list = chars.charactersFor(sys);
    if (!list.length) this.list.append(el('li', { class: 'placeholder' }, t('characters.none')));
    for (const c of list) {
      const inUse = this.host.prefs.character[sys] === c.id;
      this.list.append(el('li', { class: 'char-item', 'data-id': c.id },
        el('span', { class: 'char-name' }, c.name, inUse ? el('span', { class: 'badge' }, ` ${t('characters.inUse')}`) : null,
          chars.isSaved(c.id) ? null : el('span', { class: 'badge unsaved' }, ` ${t('characters.notSaved')}`)),
        this.counterView(c),
        el('span', { class: 'char-actions' },
          el('button', { type: 'button', class: 'btn', onclick: () => { this.use(c.id); this.dialog.close(); }, 'aria-label': t('characters.useName', { name: c.name }) }, t('characters.use')),
          el('button', { type: 'button', class: 'btn', onclick: () => this.edit(c), 'aria-label': t('characters.editName', { name: c.name }) }, t('characters.edit')),
          el('button', { type: 'button', class: 'btn danger', 'aria-label': t('characters.deleteName', { name: c.name }), onclick: () => this.remove(c) }, t('characters.delete')))));
    }
  }

  /** The sheet's counters ('Fate points (FtP) 2 of 3'), each with Reset. */
  counterView(c) {
    const list = chars.counters(c);
    if (!list.length) return null;
    return el('span', { class: 'char-counters' }, list.map((k) => el('span', { class: 'char-counter', 'data-counter': k.key, 'data-left': String(k.left) },
      t('characters.counter', { label: k.label, left: k.left, max: k.max }),
      k.left < k.max ? el('button', { type: 'button', class: 'btn small', 'aria-label': t('characters.resetOf', { label: k.label, name: c.name }), onclick: () => { const r = chars.resetCounter(chars.getCharacter(c.id), k.key); this.renderList(); this.tell(r, t('characters.resetTo', { name: c.name, label: k.label, max: k.max }), t('characters.resetToNotSaved', { name: c.name, label: k.label, max: k.max })); } }, t('characters.reset')) : null)));
  }

  async remove(c) {
    if (!(await confirmAction(t('characters.deleteAsk', { name: c.name }), t('characters.delete')))) return;
    const sys = this.host.system();
    chars.deleteCharacter(c.id);
    if (this.host.prefs.character[sys] === c.id) { delete this.host.prefs.character[sys]; this.host.savePrefs(); }
    this.renderList();
    this.renderPicker();
    this.host.changed();
    this.msg.textContent = t('characters.deleted', { name: c.name });
  }

  edit(existing) {
    const sys = this.host.system();
    this.listView.hidden = true;
    clear(this.editorHost);
    const editor = characterEditor(sys, existing, {
      gameName: this.host.gameName(sys),
      systemEntry: this.systemEntry(sys),
      onCancel: () => { this.closeEditor(); this.renderList(); },
      onSaved: (record, result) => {
        this.closeEditor();
        this.renderList();
        this.renderPicker();
        this.host.changed();
        this.tell(result, t('characters.saved', { name: record.name }), t('characters.isNotSaved', { name: record.name }));
        if (result.ok && this.host.onSaved) this.host.onSaved();
      },
    });
    this.editorHost.append(editor.form);
    editor.focus();
  }

  async importFile() {
    const file = this.file.files && this.file.files[0];
    this.file.value = '';
    if (!file) return;
    let data;
    try { data = JSON.parse(await readFileText(file)); } catch (e) {
      this.msg.textContent = t('import.notJsonNothing', { file: file.name });
      this.msg.dataset.state = 'error';
      return;
    }
    const parsed = chars.parseCharacterFile(data);
    if (parsed.error) {
      // another tool's file has a button of its own
      const entry = this.systemEntry(this.host.system());
      const others = (entry && Array.isArray(entry.imports) ? entry.imports : []).map((f) => t('characters.importQuoted', { format: f.label }));
      const hint = others.length ? ` ${t('characters.otherTool', { buttons: others.join(t('list.or')) })}` : '';
      this.msg.textContent = t('import.refusedNothing', { why: `${parsed.error}${hint}` });
      this.msg.dataset.state = 'error';
      clear(this.report);
      return;
    }
    const catalog = this.host.catalog ? this.host.catalog() : null;
    const got = chars.importCharacters(parsed.characters);
    const sv = saved.importSaved(parsed.saved, catalog, got.idMap);
    const tr = targets.importTracked(parsed.tracked, catalog);
    const refused = parsed.refused.concat(got.refused, sv.refused, tr.refused);
    const notStored = got.notStored + sv.notStored + tr.notStored;
    const parts = [t('import.imported', { what: count('count.characters', got.added) })];
    if (got.already) parts.push(t('import.already', { n: got.already }));
    if (got.copies) parts.push(t('import.copies', { n: got.copies }));
    if (sv.added || sv.already) parts.push(`${count('count.saved-checks', sv.added)}${sv.already ? ` (${t('import.already', { n: sv.already })})` : ''}`);
    if (tr.added || tr.already) parts.push(`${t('import.tracked', { n: tr.added })}${tr.already ? ` (${t('import.already', { n: tr.already })})` : ''}`);
    if (refused.length - notStored) parts.push(t('import.refusedCount', { n: refused.length - notStored }));
    const reason = got.reason || sv.reason || tr.reason;
    if (notStored) parts.push(t('import.notStoredCount', { n: notStored, reason: storage.reasonText(reason) }));
    const none = !got.added && !sv.added && !tr.added;
    this.msg.textContent = none && notStored
      ? t(refused.length > 1 ? 'import.failedNothingListed' : 'import.failedNothing', { reason: storage.reasonText(reason) })
      : none && refused.length
        ? t('import.refusedNothing', { why: `${refused[0].what} \u2014 ${refused[0].why}${refused.length > 1 ? ` ${t('import.andMore', { n: refused.length - 1 })}` : ''}.` })
        : t('import.done', { parts: parts.join(', ') });
    this.msg.dataset.state = refused.length ? 'mixed' : 'ok';
    clear(this.report);
    if (refused.length) this.report.append(importReport(refused));
    this.renderList();
    this.renderPicker();
    this.host.changed();
    if ((got.added || sv.added || tr.added) && this.host.onSaved) this.host.onSaved();
  }

  /** A file of another tool (`fmt`: an entry of the catalog's `imports`):
   * the engine reads it into a character and a report of what it took,
   * part by part; the character is stored by the rules of every import
   * (one already here unchanged is not added again, one with the same id
   * and other values arrives as a copy). A file it cannot read is refused
   * with the engine's message, naming the part of the file. */
  async importOther(sys, fmt, file) {
    clear(this.report);
    const refuse = (text) => { this.msg.textContent = t('import.refusedNothing', { why: text }); this.msg.dataset.state = 'error'; };
    let data;
    try { data = JSON.parse(await readFileText(file)); } catch (e) {
      refuse(t('import.notJson', { file: file.name }));
      return;
    }
    this.msg.textContent = t('import.reading', { file: file.name });
    this.msg.dataset.state = 'busy';
    const answer = await this.host.engine.importCharacter({ system: sys, format: fmt.format, data });
    if (!answer || answer.error || !answer.character) {
      const e = (answer && answer.error) || { message: t('import.noAnswer') };
      const part = e.field && e.field !== 'data' ? `, ${String(e.field).replace(/^data\./, '')}:` : '';
      refuse(`${file.name}${part} ${e.message}${/[.!?]$/.test(e.message) ? '' : '.'}`);
      return;
    }
    const c = answer.character;
    const record = { id: c.id || chars.newCharacterId(), system: answer.system || sys, name: c.name, sheet: c.sheet };
    const problems = chars.validateCharacter(record);
    if (problems.length) { refuse(`${file.name}: ${problems[0].path} ${problems[0].message}`); return; }
    const got = chars.importCharacters([record]);
    const copy = got.copies ? chars.getCharacter(got.idMap[record.id]) : null;
    if (got.notStored) {
      this.msg.textContent = t('import.failedOne', { reason: storage.reasonText(got.reason), name: record.name });
      this.msg.dataset.state = 'error';
      return;
    }
    this.msg.textContent = got.already
      ? t('import.unchanged', { name: record.name })
      : copy ? t('import.asCopy', { name: record.name, copy: copy.name })
        : t('import.importedOne', { name: record.name });
    this.msg.dataset.state = 'ok';
    // one tap to use the hero for the checks (the list is below the report)
    const hero = copy || chars.getCharacter(record.id);
    if (hero) {
      this.report.append(el('div', { class: 'sheet-actions' }, el('button', { type: 'button', class: 'btn primary', id: 'characters-import-use',
        onclick: () => { this.use(hero.id); this.dialog.close(); } }, t('characters.useName', { name: hero.name }))));
    }
    this.report.append(partsReport(Array.isArray(answer.report) ? answer.report : []));
    this.renderList();
    this.renderPicker();
    this.host.changed();
    if (got.added && this.host.onSaved) this.host.onSaved();
  }

  /** The message of an action on storage: `done` when stored, else
   * `notDone` and why (kept in this tab until it closes). */
  tell(result, done, notDone) {
    const ok = !result || result.ok;
    this.msg.textContent = ok ? done
      : t('characters.keptInTab', { what: notDone, reason: storage.reasonText(result.reason) });
    this.msg.dataset.state = ok ? 'ok' : 'error';
  }

  renderPicker() {
    const sys = this.host.system();
    const has = chars.hasSheet(sys);
    const list = has ? chars.charactersFor(sys) : [];
    clear(this.select);
    this.select.append(el('option', { value: '' }, list.length ? t('characters.noCharacter') : t('characters.noneYet')));
    for (const c of list) this.select.append(el('option', { value: c.id }, c.name));
    const cur = this.host.prefs.character[sys];
    this.select.value = list.some((c) => c.id === cur) ? cur : '';
    this.pick.hidden = !has;
    this.button.hidden = !has;
  }

  use(id) {
    const sys = this.host.system();
    if (id) this.host.prefs.character[sys] = id; else delete this.host.prefs.character[sys];
    this.host.savePrefs();
    this.renderPicker();
    this.host.changed();
    const c = this.current(sys);
    this.host.say(c ? t('characters.chosen', { name: c.name }) : t('characters.noneChosen'));
  }
}
