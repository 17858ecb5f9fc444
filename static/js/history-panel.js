// The history panel: every resolved check, newest first, one line each (the
// engine's `line`), tap to open its card, Repeat, export / import, clear.

import { el, clear, downloadJSON, readFileText, dateStamp } from './util.js';
import * as history from './history.js';
import { makeDialog, confirmAction } from './dialogs.js';
import { toneIcon } from './result.js';

export class HistoryPanel {
  /** host: {table, catalog(), storageNote()} */
  constructor(host) {
    this.host = host;
    this.count = el('span', { class: 'count' });
    this.button = el('button', { type: 'button', class: 'btn', id: 'open-history', 'aria-haspopup': 'dialog' }, 'History', this.count);
    const H = makeDialog('history-dialog', 'History');
    this.dialog = H.dlg;
    this.note = el('p', { class: 'banner storage-banner', id: 'history-storage-note', hidden: true });
    this.msg = el('p', { class: 'sheet-msg', role: 'status', id: 'history-msg' });
    this.list = el('ol', { class: 'history-list', id: 'history-list' });
    this.empty = el('p', { class: 'placeholder' }, 'No checks yet. Every resolved check appears here, newest first.');
    this.file = el('input', { type: 'file', accept: 'application/json,.json', id: 'history-import', class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true' });
    const exportBtn = el('button', { type: 'button', class: 'btn', id: 'history-export' }, 'Export');
    const importBtn = el('button', { type: 'button', class: 'btn', id: 'history-import-btn' }, 'Import\u2026');
    const clearBtn = el('button', { type: 'button', class: 'btn danger', id: 'history-clear' }, 'Clear\u2026');
    H.body.append(this.note, el('div', { class: 'sheet-actions' }, exportBtn, importBtn, clearBtn, this.file), this.msg, this.empty, this.list);
    this.button.addEventListener('click', () => {
      this.render(true);
      this.host.storageNote(this.note);
      this.msg.textContent = '';
      this.dialog.showModal();
    });
    exportBtn.addEventListener('click', () => {
      downloadJSON(`tablecheck-history-${dateStamp()}.json`, history.exportData());
      this.msg.textContent = `Exported ${history.all().length} entries.`;
    });
    importBtn.addEventListener('click', () => this.file.click());
    this.file.addEventListener('change', () => this.importFile());
    clearBtn.addEventListener('click', () => this.clearAll());
  }

  async importFile() {
    const file = this.file.files && this.file.files[0];
    this.file.value = '';
    if (!file) return;
    let data;
    try {
      data = JSON.parse(await readFileText(file));
    } catch (e) {
      this.say(`Import refused: ${file.name} is not valid JSON. The history is unchanged.`, 'error');
      return;
    }
    const parsed = history.parseFile(data);
    if (parsed.error) {
      this.say(`Import refused: ${parsed.error} The history is unchanged.`, 'error');
      return;
    }
    const [added] = history.importEntries(parsed.entries);
    const already = parsed.entries.length - added;
    this.say(`Imported ${added} ${added === 1 ? 'entry' : 'entries'}${already ? ` (${already} already here)` : ''}.`, 'ok');
    this.render();
    this.host.storageNote(this.note);
  }

  async clearAll() {
    const n = history.all().length;
    if (!n) { this.msg.textContent = 'The history is already empty.'; return; }
    if (await confirmAction(`Clear all ${n} ${n === 1 ? 'entry' : 'entries'} from the history? This cannot be undone (export first to keep them).`, 'Clear history')) {
      history.clearAll();
      this.render();
      this.msg.textContent = 'History cleared.';
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
    return { game: s ? (s.short_name || s.name) : entry.system, label: c ? c.label : entry.check };
  }

  render(force = false) {
    const list = history.all();
    this.count.textContent = list.length ? ` (${list.length})` : '';
    this.button.setAttribute('aria-label', `History, ${list.length} ${list.length === 1 ? 'entry' : 'entries'}`);
    if (!this.dialog.open && !force) return; // the list is built when it is opened
    clear(this.list);
    this.empty.hidden = list.length > 0;
    for (const e of list.slice(0, 200)) this.list.append(this.row(e));
  }

  row(e) {
    const { game, label } = this.checkInfo(e);
    const card = e.result.card;
    const tone = card ? card.headline.tone : 'neutral';
    const when = new Date(e.time);
    const time = `${when.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
    const dice = (e.dice || []).join(' ');
    const open = el('button', { type: 'button', class: 'history-open', 'data-entry': e.id },
      el('span', { class: 'h-time' }, el('time', { datetime: e.time }, time)),
      el('span', { class: 'h-what' }, `${game} \u00b7 ${label}`),
      el('span', { class: `h-outcome tone-${tone}` }, el('span', { 'aria-hidden': 'true' }, `${toneIcon(tone)} `), e.line || e.result.summary || ''),
      el('span', { class: 'h-dice' }, dice ? `dice ${dice}${e.source === 'entered' ? ' (entered)' : ''}` : ''));
    open.addEventListener('click', () => { this.dialog.close(); this.host.table.open(e); });
    const rep = el('button', { type: 'button', class: 'btn history-repeat', 'aria-label': `Repeat ${label} (${game})` }, 'Repeat');
    rep.addEventListener('click', () => { this.dialog.close(); this.host.table.again(e); });
    return el('li', { class: 'history-item', 'data-outcome': e.result.outcome }, open, rep);
  }
}
