// The history panel: every resolved check, newest first, one line each (the
// engine's `line`), tap to open its card, Repeat, export / import, clear;
// filters by game, character and check and a text search.

import { el, clear, downloadJSON, readFileText, dateStamp } from './util.js';
import * as history from './history.js';
import { makeDialog, confirmAction } from './dialogs.js';
import { toneIcon } from './result.js';
import * as persist from './persist.js';
import { importReport } from './import-report.js';
import * as chars from './characters.js';
import { kindFor } from './targets.js';
import * as storage from './storage.js';
import { t, count, shortDateTime } from './i18n.js';

export class HistoryPanel {
  /** host: {table, engine, catalog(), storageNote(), onSaved()} */
  constructor(host) {
    this.host = host;
    this.count = el('span', { class: 'count' });
    this.button = el('button', { type: 'button', class: 'btn', id: 'open-history', 'aria-haspopup': 'dialog' }, t('history.title'), this.count);
    const H = makeDialog('history-dialog', t('history.title'));
    this.dialog = H.dlg;
    this.note = el('p', { class: 'banner storage-banner', id: 'history-storage-note', hidden: true });
    this.msg = el('p', { class: 'sheet-msg', role: 'status', id: 'history-msg' });
    this.list = el('ol', { class: 'history-list', id: 'history-list' });
    this.empty = el('p', { class: 'placeholder' }, t('history.empty'));
    this.file = el('input', { type: 'file', accept: 'application/json,.json', id: 'history-import', class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true' });
    const exportBtn = el('button', { type: 'button', class: 'btn', id: 'history-export' }, t('history.export'));
    const importBtn = el('button', { type: 'button', class: 'btn', id: 'history-import-btn' }, t('history.import'));
    const clearBtn = el('button', { type: 'button', class: 'btn danger', id: 'history-clear' }, t('history.clear'));
    this.report = el('div', { class: 'import-report', id: 'history-import-report' });
    this.buildFilters();
    H.body.append(this.note, persist.statusNode('history-storage-state'), el('div', { class: 'sheet-actions' }, exportBtn, importBtn, clearBtn, this.file), this.msg, this.report, this.filters, this.shown, this.empty, this.list);
    this.button.addEventListener('click', () => {
      this.render(true);
      this.host.storageNote(this.note);
      this.msg.textContent = '';
      clear(this.report);
      persist.refresh();
      this.dialog.showModal();
    });
    exportBtn.addEventListener('click', () => {
      downloadJSON(`tablecheck-history-${dateStamp()}.json`, history.exportData());
      this.msg.textContent = t('history.exported', { what: count('count.entry', history.all().length) });
    });
    importBtn.addEventListener('click', () => this.file.click());
    this.file.addEventListener('change', () => this.importFile());
    clearBtn.addEventListener('click', () => this.clearAll());
  }

  async importFile() {
    const file = this.file.files && this.file.files[0];
    this.file.value = '';
    if (!file) return;
    clear(this.report);
    let data;
    try {
      data = JSON.parse(await readFileText(file));
    } catch (e) {
      this.say(t('history.importNotJson', { file: file.name }), 'error');
      return;
    }
    const parsed = history.parseFile(data, this.host.catalog());
    if (parsed.error) {
      this.say(t('history.importRefused', { why: parsed.error }), 'error');
      return;
    }
    let ok = parsed.entries;
    let refused = parsed.refused;
    if (ok.length && this.host.engine && document.documentElement.dataset.engine === 'ready') {
      this.say(t('history.checking', { what: count('count.entry', ok.length) }), 'busy');
      const checked = await history.verifyEntries(ok, parsed.indexes, this.host.engine);
      ok = checked.ok;
      refused = refused.concat(checked.refused).sort((a, b) => a.index - b.index);
    }
    const { added, leftOut, notStored, reason } = history.importEntries(ok);
    const already = ok.length - added - leftOut - notStored;
    if (notStored) refused.push({ what: count('count.entry', notStored), why: t('history.notStoredWhy', { reason: storage.reasonText(reason) }) });
    if (leftOut) refused.push({ what: count('count.olderEntry', leftOut), why: t('history.leftOutWhy', { max: history.MAX_ENTRIES }) });
    const parts = [t('import.imported', { what: count('count.entry', added) })];
    if (already) parts.push(t('import.already', { n: already }));
    if (refused.length) parts.push(t('history.notImported', { n: refused.length - (notStored ? 1 : 0) + notStored }));
    if (notStored) parts.push(t('history.ofThemNotStored', { n: notStored, reason: storage.reasonText(reason) }));
    if (!added && notStored) {
      this.say(t('history.importFailed', { reason: storage.reasonText(reason) }), 'error');
    } else if (!added && refused.length) {
      this.say(t('history.importRefused', { why: `${refused[0].what} ${refused[0].why}${refused.length > 1 ? ` ${t('import.andMore', { n: refused.length - 1 })}` : ''}.` }), 'error');
    } else {
      this.say(t('import.done', { parts: parts.join(', ') }), refused.length ? 'mixed' : 'ok');
    }
    if (refused.length) this.report.append(importReport(refused));
    this.render();
    this.host.storageNote(this.note);
    if (added && this.host.onSaved) this.host.onSaved();
  }

  async clearAll() {
    const n = history.all().length;
    if (!n) { this.msg.textContent = t('history.alreadyEmpty'); return; }
    if (await confirmAction(t('history.clearAsk', { what: count('count.entry', n) }), t('history.clearTitle'))) {
      const r = history.clearAll();
      this.render();
      this.msg.textContent = r.ok ? t('history.cleared') : t('history.clearedTabOnly', { reason: storage.reasonText(r.reason) });
    }
  }

  say(text, state) {
    this.msg.textContent = text;
    this.msg.dataset.state = state;
  }

  checkInfo(entry) {
    const cat = this.host.catalog();
    const s = cat && cat.systems ? cat.systems[entry.system] : null;
    const c = s && s.checks[entry.check];
    return { game: s ? (s.short_name || s.name) : entry.system, gameName: s ? s.name : entry.system, label: c ? c.label : entry.check };
  }

  buildFilters() {
    this.fGame = el('select', { id: 'history-filter-game' });
    this.fChar = el('select', { id: 'history-filter-character' });
    this.fCheck = el('select', { id: 'history-filter-check' });
    this.fText = el('input', { type: 'search', id: 'history-search', placeholder: t('history.search'), autocomplete: 'off', enterkeyhint: 'search' });
    const field = (id, text, control) => el('p', { class: 'filter' }, el('label', { for: id }, text), control);
    this.filters = el('div', { class: 'history-filters', role: 'search', 'aria-label': t('history.filter') },
      field('history-filter-game', t('history.game'), this.fGame), field('history-filter-character', t('history.character'), this.fChar),
      field('history-filter-check', t('history.check'), this.fCheck), field('history-search', t('history.search'), this.fText));
    this.shown = el('p', { class: 'history-shown', id: 'history-shown', 'aria-live': 'polite' });
    for (const c of [this.fGame, this.fChar, this.fCheck]) c.addEventListener('change', () => this.render());
    let timer = null;
    this.fText.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => this.render(), 150); });
  }

  /** The characters named in an entry: who filled each part of its form.
   * Not the card's subject ("Alrik vs Gerda", "Alrik and Gerda": the sides
   * together), and not a tracked entry (a target) unless a saved character
   * of the game has that name. */
  people(e) {
    const out = new Set();
    const filled = e.request && e.request.characters;
    if (!filled || typeof filled !== 'object') return [];
    const cat = this.host.catalog();
    const system = cat && cat.systems ? cat.systems[e.system] : null;
    for (const [path, n] of Object.entries(filled)) {
      if (typeof n !== 'string' || !n) continue;
      if (path && kindFor(system, e.check, path) && !chars.charactersFor(e.system).some((c) => c.name === n)) continue;
      out.add(n);
    }
    return [...out];
  }

  static options(select, first, pairs) {
    const keep = select.value;
    clear(select);
    select.append(el('option', { value: '' }, first));
    for (const [value, text] of pairs) select.append(el('option', { value }, text));
    select.value = pairs.some(([v]) => v === keep) ? keep : '';
  }

  /** Fill the filter menus from what the history holds. */
  renderFilters(list) {
    const games = new Map();
    const people = new Set();
    for (const e of list) {
      if (!games.has(e.system)) games.set(e.system, this.checkInfo(e).gameName);
      for (const n of this.people(e)) people.add(n);
    }
    HistoryPanel.options(this.fGame, t('history.allGames'), [...games].sort((a, b) => a[1].localeCompare(b[1])));
    HistoryPanel.options(this.fChar, t('history.everyone'), [...people].sort((a, b) => a.localeCompare(b)).map((n) => [n, n]));
    const checks = new Map();
    for (const e of list) {
      if (this.fGame.value && e.system !== this.fGame.value) continue;
      const { game, label } = this.checkInfo(e);
      checks.set(`${e.system}/${e.check}`, this.fGame.value ? label : `${label} (${game})`);
    }
    HistoryPanel.options(this.fCheck, t('history.allChecks'), [...checks].sort((a, b) => a[1].localeCompare(b[1])));
    this.filters.hidden = list.length === 0;
  }

  /** The words a search looks through for one entry. */
  searchText(e) {
    const { game, gameName, label } = this.checkInfo(e);
    const filled = e.request && e.request.characters && typeof e.request.characters === 'object' ? Object.values(e.request.characters) : [];
    const summary = e.result.card && e.result.card.summary;
    return [game, gameName, label, e.line, summary || e.result.summary, e.character, filled.join(' '), (e.dice || []).join(' ')]
      .filter(Boolean).join(' ').toLowerCase();
  }

  filtered(list) {
    const game = this.fGame.value;
    const who = this.fChar.value;
    const check = this.fCheck.value;
    const words = this.fText.value.toLowerCase().split(/\s+/).filter(Boolean);
    return list.filter((e) => (!game || e.system === game)
      && (!who || this.people(e).includes(who))
      && (!check || `${e.system}/${e.check}` === check)
      && (!words.length || words.every((w) => this.searchText(e).includes(w))));
  }

  render(force = false) {
    const all = history.all();
    this.count.textContent = all.length ? ` (${all.length})` : '';
    this.button.setAttribute('aria-label', t(all.length === 1 ? 'history.count.one' : 'history.count.other', { n: all.length }));
    if (!this.dialog.open && !force) return; // the list is built when it is opened
    this.renderFilters(all);
    const list = this.filtered(all);
    clear(this.list);
    this.empty.hidden = all.length > 0;
    const filtering = list.length !== all.length;
    this.shown.hidden = !all.length;
    this.shown.textContent = filtering
      ? (list.length ? t('history.match', { n: list.length, all: all.length }) : t('history.noMatch', { all: all.length }))
      : t(all.length === 1 ? 'history.shown.one' : 'history.shown.other', { n: all.length });
    // what is listed but not stored is said, not hidden
    const unsaved = history.unsavedCount();
    if (unsaved) this.shown.textContent += ` ${count('history.unsaved', unsaved, { reason: storage.reasonText(storage.problemReason() || 'full') })}`;
    this.shown.dataset.unsaved = String(unsaved);
    for (const e of list.slice(0, 200)) this.list.append(this.row(e));
    if (list.length > 200) this.list.append(el('li', { class: 'placeholder' }, t('history.more', { n: list.length - 200 })));
  }

  row(e) {
    const { game, label } = this.checkInfo(e);
    const card = e.result.card;
    const tone = card ? card.headline.tone : 'neutral';
    const time = shortDateTime(e.time); // in the page's language (i18n.js)
    const dice = (e.dice || []).join(' ');
    const open = el('button', { type: 'button', class: 'history-open', 'data-entry': e.id },
      el('span', { class: 'h-time' }, el('time', { datetime: e.time }, time)),
      el('span', { class: 'h-what' }, `${game} \u00b7 ${label}`),
      el('span', { class: `h-outcome tone-${tone}` }, el('span', { 'aria-hidden': 'true' }, `${toneIcon(tone)} `), e.line || e.result.summary || '',
        e.undone ? el('span', { class: 'h-undone' }, t('history.undone')) : null),
      el('span', { class: 'h-dice' }, dice ? t(e.source === 'entered' ? 'history.diceEntered' : 'history.dice', { dice }) : ''));
    open.addEventListener('click', () => { this.dialog.close(); this.host.table.open(e); });
    const rep = el('button', { type: 'button', class: 'btn history-repeat', 'aria-label': t('history.repeatLabel', { label, game }) }, t('history.repeat'));
    rep.addEventListener('click', () => { this.dialog.close(); this.host.table.again(e); });
    const kept = history.isSaved(e.id);
    return el('li', { class: `history-item${e.undone ? ' undone' : ''}`, 'data-outcome': e.result.outcome, 'data-stored': String(kept) }, open, rep,
      kept ? null : el('span', { class: 'h-unsaved' }, t('history.notSaved')));
  }
}
