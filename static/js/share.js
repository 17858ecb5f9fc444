// Share a check: a link that opens the page with the same check filled in
// and, if the player chooses, the same dice (entered dice reproduce the
// result: the rules are pure functions of the dice), plus its QR code.
//
// The check travels in the address's fragment (#share=...): no server sees
// it, so the link works from a sub-path (GitHub Pages) and offline from the
// service worker's cache. The link itself: share-link.js.

import { el } from './util.js';
import { makeDialog } from './dialogs.js';
import { drawQR } from './qr.js';
import { MAX_LINK, linkFor, parseHash, pageAddress } from './share-link.js';
import { t as msg } from './i18n.js'; // (t is the table here)

export class SharePanel {
  /** host: {table, engine, catalog(), say(text), banner(text)} */
  constructor(host) {
    this.host = host;
    this.button = el('button', { type: 'button', class: 'btn', id: 'share-check', 'aria-haspopup': 'dialog' }, msg('share.share'));
    const D = makeDialog('share-dialog', msg('share.title'));
    this.dialog = D.dlg;
    this.withDice = el('input', { type: 'checkbox', id: 'share-dice' });
    this.diceRow = el('p', { class: 'share-dice' }, el('label', { for: 'share-dice' }, this.withDice, ` ${msg('share.withDice')}`));
    this.what = el('p', { class: 'field-help', id: 'share-what' });
    this.link = el('input', { type: 'text', id: 'share-link', readonly: true, 'aria-describedby': 'share-what', spellcheck: 'false' });
    this.copyBtn = el('button', { type: 'button', class: 'btn', id: 'share-copy' }, msg('share.copy'));
    this.msg = el('p', { class: 'sheet-msg', role: 'status', id: 'share-msg' });
    this.canvas = el('canvas', { id: 'share-qr', class: 'share-qr', width: 33, height: 33, role: 'img', 'aria-label': msg('share.qr') });
    D.body.append(this.diceRow, this.what,
      el('p', { class: 'share-link-row' }, el('label', { for: 'share-link' }, msg('share.link')), this.link, this.copyBtn),
      this.msg, el('figure', { class: 'share-figure' }, this.canvas, el('figcaption', {}, msg('share.scan'))));
    this.button.addEventListener('click', () => this.open());
    this.withDice.addEventListener('change', () => this.update());
    this.copyBtn.addEventListener('click', () => this.copy());
    this.link.addEventListener('focusin', () => this.link.select());
  }

  /** What is shared: the last roll with its dice, or the form as it is. */
  payload() {
    const t = this.host.table;
    const last = t.lastResult;
    if (this.withDice.checked && last) {
      return { system: last.system, check: last.check, request: last.request, dice: last.dice || (last.result.rolls || []).map((d) => d.value), time: last.time };
    }
    const req = t.baseRequest();
    if (!req) return null;
    const { system, check, ...request } = req;
    return { system, check, request };
  }

  open() {
    const last = this.host.table.lastResult;
    this.withDice.disabled = !last;
    if (!last) this.withDice.checked = false;
    this.msg.textContent = '';
    this.update();
    if (!this.dialog.open) this.dialog.showModal();
  }

  checkLabel(p) {
    const cat = this.host.catalog();
    const s = cat && cat.systems ? cat.systems[p.system] : null;
    return s && s.checks[p.check] ? `${s.checks[p.check].label} (${s.short_name || s.name})` : p.check;
  }

  async update() {
    const p = this.payload();
    const ctx = this.canvas.getContext('2d');
    if (!p) {
      this.link.value = '';
      this.what.textContent = msg('share.formError');
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
      this.dialog.dataset.ready = 'false';
      return;
    }
    const url = linkFor(p);
    this.link.value = url;
    this.what.textContent = p.dice
      ? msg('share.whatDice', { check: this.checkLabel(p), dice: p.dice.join(' ') })
      : msg('share.whatForm', { check: this.checkLabel(p) });
    if (url.length > MAX_LINK) {
      this.msg.textContent = msg('share.tooLong', { n: url.length });
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
      this.canvas.hidden = true;
      this.dialog.dataset.ready = 'true';
      return;
    }
    this.canvas.hidden = false;
    try {
      await drawQR(this.canvas, url);
      this.canvas.dataset.link = url;
      this.dialog.dataset.ready = 'true';
    } catch (e) {
      this.msg.textContent = msg('share.qrFailed', { detail: e && e.message ? e.message : e });
      this.dialog.dataset.ready = 'true';
    }
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(this.link.value);
      this.msg.textContent = msg('share.copied');
    } catch (e) {
      this.link.focus();
      this.link.select();
      this.msg.textContent = msg('share.copyByHand');
    }
  }

  /** Open a shared check from the address, once the catalog and the engine
   * are ready. The fragment is then taken off the address, so a reload does
   * not roll it again. */
  async openFromAddress() {
    const hash = location.hash;
    const p = parseHash(hash, this.host.catalog());
    if (!p) return false;
    history.replaceState(null, '', pageAddress() + location.search);
    if (p.error) {
      this.host.banner(msg('share.notOpened', { why: p.error }));
      return false;
    }
    const t = this.host.table;
    if (!t.loadEntryIntoForm({ system: p.system, check: p.check, request: p.request })) {
      this.host.banner(msg('share.notOpened', { why: msg('share.notFilled') }));
      return false;
    }
    t.refreshAll();
    if (!p.dice) {
      this.host.say(msg('share.opened', { check: this.checkLabel(p) }));
      document.documentElement.dataset.shared = 'form';
      return true;
    }
    const request = { ...p.request, system: p.system, check: p.check };
    const answer = await this.host.engine.resolve({ ...request, dice: p.dice });
    if (answer.error) {
      this.host.banner(msg('share.notResolved', { why: answer.error.message }));
      return false;
    }
    t.record(request, answer, 'shared', performance.now(), false, p.time ? { time: p.time } : {});
    document.documentElement.dataset.shared = 'result';
    return true;
  }
}
