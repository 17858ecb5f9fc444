// Share a check: a link that opens the page with the same check filled in
// and, if the player chooses, the same dice (entered dice reproduce the
// result: the rules are pure functions of the dice), plus its QR code.
//
// The check travels in the address's fragment (#share=...): no server sees
// it, so the link works from a sub-path (GitHub Pages) and offline from the
// service worker's cache. Payload: base64url of the JSON
// {v: 1, system, check, request, dice?, time?} (time: when it was rolled).

import { el } from './util.js';
import { makeDialog } from './dialogs.js';
import { drawQR } from './qr.js';

const KEY = 'share';
export const MAX_LINK = 2000; // characters: a QR code at level M holds ~2300 bytes

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(code) {
  const b64 = code.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** The page's own address (any sub-path), without query or fragment. */
export function pageAddress() {
  return `${location.origin}${location.pathname}`;
}

export function linkFor(payload) {
  return `${pageAddress()}#${KEY}=${toBase64Url(JSON.stringify({ v: 1, ...payload }))}`;
}

/** Read a fragment: null (no shared check), {error} or the payload. */
export function parseHash(hash, catalog) {
  const m = /^#?share=([A-Za-z0-9_-]+)$/.exec(hash || '');
  if (!m) return (hash || '').startsWith('#share=') ? { error: 'The link is damaged (it has characters a shared check never has).' } : null;
  let data;
  try { data = JSON.parse(fromBase64Url(m[1])); } catch (e) { return { error: 'The link is damaged (its check cannot be read).' }; }
  if (!data || typeof data !== 'object' || data.v !== 1) return { error: 'The link is from another version of tablecheck.' };
  const sys = catalog && catalog.systems ? catalog.systems[data.system] : null;
  if (!sys) return { error: `The link is for a game this page does not know (${JSON.stringify(data.system)}).` };
  if (!sys.checks[data.check]) return { error: `The link is for a check this page does not know (${JSON.stringify(data.check)} of ${sys.name}).` };
  if (!data.request || typeof data.request !== 'object' || Array.isArray(data.request)) return { error: 'The link has no inputs.' };
  if (data.dice !== undefined && !(Array.isArray(data.dice) && data.dice.every((d) => Number.isInteger(d)))) return { error: 'The link\u2019s dice are not whole numbers.' };
  // when it was rolled (links made before it was sent: when it is opened)
  const time = typeof data.time === 'string' && !Number.isNaN(Date.parse(data.time)) ? data.time : undefined;
  return { system: data.system, check: data.check, request: data.request, dice: data.dice, time };
}

export class SharePanel {
  /** host: {table, engine, catalog(), say(text), banner(text)} */
  constructor(host) {
    this.host = host;
    this.button = el('button', { type: 'button', class: 'btn', id: 'share-check', 'aria-haspopup': 'dialog' }, 'Share\u2026');
    const D = makeDialog('share-dialog', 'Share this check');
    this.dialog = D.dlg;
    this.withDice = el('input', { type: 'checkbox', id: 'share-dice' });
    this.diceRow = el('p', { class: 'share-dice' }, el('label', { for: 'share-dice' }, this.withDice, ' With the dice of the last roll (the other page shows the same result)'));
    this.what = el('p', { class: 'field-help', id: 'share-what' });
    this.link = el('input', { type: 'text', id: 'share-link', readonly: true, 'aria-describedby': 'share-what', spellcheck: 'false' });
    this.copyBtn = el('button', { type: 'button', class: 'btn', id: 'share-copy' }, 'Copy link');
    this.msg = el('p', { class: 'sheet-msg', role: 'status', id: 'share-msg' });
    this.canvas = el('canvas', { id: 'share-qr', class: 'share-qr', width: 33, height: 33, role: 'img', 'aria-label': 'QR code of the link' });
    D.body.append(this.diceRow, this.what,
      el('p', { class: 'share-link-row' }, el('label', { for: 'share-link' }, 'Link'), this.link, this.copyBtn),
      this.msg, el('figure', { class: 'share-figure' }, this.canvas, el('figcaption', {}, 'Scan it with the other device\u2019s camera: no network needed once the page is installed there.')));
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
      this.what.textContent = 'The form has an error: fix it first, then share.';
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
      this.dialog.dataset.ready = 'false';
      return;
    }
    const url = linkFor(p);
    this.link.value = url;
    this.what.textContent = p.dice
      ? `${this.checkLabel(p)} with the dice ${p.dice.join(' ')}: the link opens the same result.`
      : `${this.checkLabel(p)} with the form as it is now: the link fills the same form, the other player rolls.`;
    if (url.length > MAX_LINK) {
      this.msg.textContent = `This check is too long for a QR code (${url.length} characters): copy the link instead.`;
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
      this.msg.textContent = `The QR code could not be drawn (${e && e.message ? e.message : e}): copy the link instead.`;
      this.dialog.dataset.ready = 'true';
    }
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(this.link.value);
      this.msg.textContent = 'Link copied.';
    } catch (e) {
      this.link.focus();
      this.link.select();
      this.msg.textContent = 'Copy it from the field (it is selected).';
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
      this.host.banner(`This shared check could not be opened: ${p.error}`);
      return false;
    }
    const t = this.host.table;
    if (!t.loadEntryIntoForm({ system: p.system, check: p.check, request: p.request })) {
      this.host.banner('This shared check could not be opened: its form could not be filled.');
      return false;
    }
    t.refreshAll();
    if (!p.dice) {
      this.host.say(`Shared check opened: ${this.checkLabel(p)}. Roll when ready.`);
      document.documentElement.dataset.shared = 'form';
      return true;
    }
    const request = { ...p.request, system: p.system, check: p.check };
    const answer = await this.host.engine.resolve({ ...request, dice: p.dice });
    if (answer.error) {
      this.host.banner(`This shared check could not be resolved: ${answer.error.message}`);
      return false;
    }
    t.record(request, answer, 'shared', performance.now(), false, p.time ? { time: p.time } : {});
    document.documentElement.dataset.shared = 'result';
    return true;
  }
}
