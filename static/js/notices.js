// The page's banners: what storage could not keep (the browser's storage
// full or refused), stored values that were reset, a shared link that could
// not be opened, and a roll whose history entry was not saved (under its card).

import { el } from './util.js';
import * as storage from './storage.js';
import * as history from './history.js';
import { t } from './i18n.js';

const root = document.documentElement;

export class Notices {
  /** host: {resultHost(): the result pane (where a card's note goes)} */
  constructor(host) {
    this.host = host;
    this.storageBanner = el('p', { class: 'banner storage-banner', id: 'storage-banner', role: 'status', hidden: true });
    this.repairNotice = el('p', { class: 'banner storage-notice', id: 'storage-notice', role: 'status', hidden: true });
    this.shareBanner = el('p', { class: 'banner share-banner', id: 'share-banner', role: 'alert', hidden: true });
    this.banners = [this.storageBanner, this.repairNotice, this.shareBanner];
    window.addEventListener('tablecheck:storage', () => this.showStorageState());
    window.addEventListener('tablecheck:repaired', () => this.showRepairs());
  }

  showShareProblem(text) {
    this.shareBanner.textContent = text;
    this.shareBanner.hidden = false;
  }

  /** Storage refused or full: said in the banner (and in the history's own note). */
  showStorageState(note = document.getElementById('history-storage-note')) {
    const banner = this.storageBanner;
    const reason = storage.problemReason();
    banner.hidden = !reason;
    banner.textContent = reason === 'full'
      ? t('banner.full')
      : t('banner.unavailable');
    root.dataset.storage = reason || 'ok';
    if (note) { note.hidden = !reason; note.textContent = banner.textContent; }
  }

  /** A roll whose history entry could not be stored says so under its card. */
  noteUnsaved(entry) {
    const card = entry && this.host.resultHost().querySelector(`.result-card[data-entry="${CSS.escape(entry.id)}"]`);
    if (!card || history.isSaved(entry.id)) return;
    const reason = storage.problemReason() || 'full';
    card.after(el('p', { class: 'field-error storage-note', id: 'result-storage-note', role: 'alert' },
      t('banner.entryNotSaved', { reason: storage.reasonText(reason) })));
  }

  /** Stored values that could not be read were reset: said once, in one notice. */
  showRepairs() {
    const list = storage.repairs();
    this.repairNotice.hidden = !list.length;
    this.repairNotice.textContent = list.length
      ? t('banner.repaired', { list: list.join(', ') })
      : '';
    root.dataset.repaired = String(list.length);
  }
}
