// The table controller: game and check pickers, the catalog-driven form,
// live odds, Roll / entered dice, the result card, Again and Adjust.
//
// Everything a person reads comes from the engine's display model (cards,
// odds views, lines) and the catalog (labels, tones, first values, sheets);
// this module wires them together and knows no game.

import { el, clear, debounce, deepCopy, reducedMotion, valueAt } from './util.js';
import * as storage from './storage.js';
import * as history from './history.js';
import * as chars from './characters.js';
import { CheckForm, differences } from './forms.js';
import { OddsPanel } from './odds.js';
import { renderResult, announcement } from './result.js';
import { EnteredDice } from './entered.js';
import * as followup from './followup.js';
import * as targets from './targets.js';
import { CODES } from './codes.js';

const DICE_FIELD = /^dice(\[\d+\])?$/;
const TYPING_PAUSE = 700; // ms of quiet before typed text is checked

/** JSON with sorted keys: two value trees compare equal when they hold the same. */
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v === undefined ? null : v);
}

/** When a card was rolled: the time, with the date when it was not today
 * (a shared roll, an old history entry). */
function timeText(iso) {
  const when = new Date(iso);
  const time = when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return when.toDateString() === new Date().toDateString() ? time : `${when.toLocaleDateString()} ${time}`;
}

/** What history keeps of a result: everything the card shows, without bulky
 * tables, so storage lasts. */
function compactResult(result) {
  const out = {};
  for (const [k, v] of Object.entries(result)) {
    if (k === 'replay' || k === 'drawn') continue; // the entry's request and dice hold them
    if (k === 'steps' && Array.isArray(v)) { out[k] = v.slice(0, 300); continue; }
    if (k === 'rolls' || k === 'card' || v === null || typeof v !== 'object') { out[k] = v; continue; }
    if (JSON.stringify(v).length <= 4000) out[k] = v;
  }
  return out;
}

/** What a history entry keeps to give its result again: the answer's
 * `replay` (the request and the dice, as Python keeps them) split into the
 * entry's request and dice; older answers without it: the request sent,
 * without its seed and dice, and the faces of the dice rolled. */
function replayOf(request, answer) {
  if (answer.replay && typeof answer.replay === 'object') {
    const { system, check, dice, ...rest } = answer.replay;
    return { request: rest, dice: Array.isArray(dice) ? dice : [] };
  }
  const { system, check, dice, seed, ...rest } = request;
  return { request: rest, dice: (answer.rolls || []).map((d) => d.value) };
}

/** The follow-up parameters (never form fields) a stored request has set:
 * such a result cannot be adjusted through the form. */
function followUpParams(check, request) {
  return (check.params || []).filter((p) => p.form === false && request[p.name] !== undefined
    && request[p.name] !== null && request[p.name] !== false).map((p) => p.name);
}

export class Table {
  /** host: {engine, prefs, savePrefs(), say(text), metrics, onSaved(entry), currentCharacter(system)} */
  constructor(host) {
    this.host = host;
    this.engine = host.engine;
    this.prefs = host.prefs;
    this.catalog = null;
    this.current = { system: null, check: null, form: null };
    this.lastResult = null;
    this.rollBusy = false;
    this.apiErrorPaths = [];
    this.blockingErrors = [];
    this.saveForms = debounce(() => storage.forms.flush(), 250);
    // a reload or a closed tab right after a change keeps it too
    window.addEventListener('pagehide', () => this.saveForms.flush());
    this.build();
  }

  // -- the frame ----------------------------------------------------------------

  build() {
    this.gamePicker = el('div', { class: 'game-picker', role: 'radiogroup', 'aria-label': 'Game' });
    this.checkPicker = el('div', { class: 'check-picker', role: 'radiogroup', 'aria-label': 'Check' });
    this.checkTitle = el('h2', { id: 'check-title' }, 'Loading the checks\u2026');
    this.checkDesc = el('p', { class: 'check-desc' });
    this.checkDesc.addEventListener('click', () => this.checkDesc.classList.toggle('open'));
    // what differs from the first values, and one tap back to them
    this.changedNote = el('span', { class: 'changed-note', 'aria-live': 'polite' });
    this.resetBtn = el('button', { type: 'button', class: 'btn reset-form', id: 'reset-form', hidden: true, onclick: () => this.resetForm() }, 'Reset form');
    this.changedBar = el('div', { class: 'changed-bar' }, this.changedNote, this.resetBtn);
    // what just replaced the form's values (a saved check), with one tap back
    this.noticeText = el('span', { class: 'form-notice-text' });
    this.noticeUndo = el('button', { type: 'button', class: 'btn form-undo', id: 'form-undo' }, 'Undo');
    this.noticeClose = el('button', { type: 'button', class: 'btn form-notice-close', 'aria-label': 'Dismiss this note', onclick: () => this.clearNotice() }, '\u2715');
    this.notice = el('div', { class: 'form-notice', id: 'form-notice', role: 'status', hidden: true }, this.noticeText, this.noticeUndo, this.noticeClose);
    this.formHost = el('div', { id: 'form-host' }, el('p', { class: 'placeholder' }, 'The checks appear as soon as the dice engine has started.'));
    this.rollBtn = el('button', { type: 'button', class: 'btn roll', id: 'roll', disabled: true, 'aria-describedby': 'roll-reason' }, 'Roll');
    this.enteredToggle = el('input', { type: 'checkbox', role: 'switch', id: 'entered-toggle' });
    const enteredLabel = el('label', { for: 'entered-toggle', class: 'switch entered-switch' }, this.enteredToggle,
      el('span', { class: 'switch-track', 'aria-hidden': 'true' }), el('span', {}, 'Enter dice'));
    this.rollReason = el('p', { class: 'roll-reason', id: 'roll-reason', 'aria-live': 'polite' }, 'Waiting for the dice engine\u2026');
    this.rollbar = el('div', { class: 'rollbar' }, el('div', { class: 'rollbar-row' }, this.rollBtn, enteredLabel), this.rollReason);
    this.entered = new EnteredDice({
      engine: this.engine,
      onInput: () => { this.setRollState(this.blockingErrors); this.syncEntered(); },
      onEnter: () => this.roll(),
    });
    this.syncEntered = debounce(() => {
      if (!this.enteredToggle.checked || !this.isReady() || !this.current.form) return;
      const base = this.baseRequest();
      if (base) this.entered.sync(base);
    }, 120);
    this.oddsSection = el('section', { id: 'odds', class: 'odds panel' });
    this.odds = new OddsPanel(this.oddsSection, this.engine, this.host.metrics.odds);
    this.odds.onAnswer = (answer) => this.oddsAnswered(answer);
    this.resultHost = el('section', { id: 'result', class: 'result panel', 'aria-label': 'Result' },
      el('p', { class: 'placeholder' }, 'Roll to see the result here.'));
    this.formPane = el('section', { class: 'pane pane-form', 'aria-labelledby': 'check-title' },
      this.checkPicker, el('div', { class: 'check-head' }, this.checkTitle, this.checkDesc, this.changedBar, this.notice), this.formHost, this.entered.root, this.rollbar);
    this.outPane = el('div', { class: 'pane pane-out' }, this.oddsSection, this.resultHost);
    this.root = el('div', { class: 'layout' }, this.formPane, this.outPane);
    this.rollBtn.addEventListener('click', (e) => this.roll(e));
    this.enteredToggle.addEventListener('change', () => {
      this.cancelAdjust();
      this.prefs.entered[this.formKey()] = this.enteredToggle.checked;
      this.host.savePrefs();
      this.applyEnteredMode();
      this.refreshAll();
    });
  }

  isReady() { return document.documentElement.dataset.engine === 'ready'; }
  systemEntry(id) { return this.catalog && this.catalog.systems ? this.catalog.systems[id] : null; }
  checkEntry(system, check) { const s = this.systemEntry(system); return (s && s.checks[check]) || null; }
  formKey() { return `${this.current.system}.${this.current.check}`; }

  setCatalog(catalog) {
    this.catalog = catalog;
    this.renderGamePicker();
  }

  // -- game and check pickers ------------------------------------------------------

  renderGamePicker() {
    clear(this.gamePicker);
    const systems = this.catalog && this.catalog.systems ? Object.values(this.catalog.systems) : [];
    for (const s of systems) {
      const input = el('input', { type: 'radio', name: 'game', id: `game-${s.id}`, value: s.id, checked: s.id === this.current.system, 'aria-label': s.name });
      input.addEventListener('change', () => this.selectSystem(s.id));
      this.gamePicker.append(el('label', { for: `game-${s.id}`, class: 'seg', title: s.name }, input, el('span', { 'aria-hidden': 'true' }, s.short_name || s.name)));
    }
  }

  /** In a sideways-scrolling strip (phones), keep the chosen chip visible:
   * measured after the next frame, with the layout the browser made for it
   * (measuring right away, or in the frame's callback, forced a layout of
   * its own while the page starts). */
  static revealChecked(strip) {
    requestAnimationFrame(() => setTimeout(() => {
      const chip = strip.querySelector('input:checked');
      if (!chip || strip.scrollWidth <= strip.clientWidth) return;
      const label = chip.closest('label');
      const left = label.offsetLeft - strip.offsetLeft;
      if (left < strip.scrollLeft || left + label.offsetWidth > strip.scrollLeft + strip.clientWidth) {
        strip.scrollLeft = Math.max(0, left - 16);
      }
    }));
  }

  /** The game `id` (else the catalog's first) and its check `checkId` (else
   * the one used last, else its first): [sid, cid], cid null without one. */
  choice(id, checkId) {
    let sid = id;
    if (this.catalog && !this.systemEntry(sid)) sid = Object.keys(this.catalog.systems)[0];
    const s = this.systemEntry(sid);
    let cid = checkId || this.prefs.checks[sid];
    if (s && !s.checks[cid]) cid = Object.keys(s.checks)[0];
    return [sid, s ? cid || null : null];
  }

  /** Build the form of a game's check ahead, in a turn of its own (the
   * start: startup.js drawCatalog); selectCheck draws it if it is still the one
   * to draw, with the same saved values. */
  prepareForm(sid, cid) {
    const s = this.systemEntry(sid);
    const check = s && s.checks[cid];
    if (!check) return;
    const saved = storage.forms.get(`${sid}.${cid}`);
    this.prepared = { check, values: saved.values, form: this.buildForm(s, check, saved) };
  }

  buildForm(s, check, saved) {
    const form = new CheckForm(s, check, {
      values: saved.values,
      onChange: (f, node) => this.formChanged(node),
      onPairedName: (node, key) => this.pairedName(node, key),
      onPick: (group, values, leaf) => this.picked(group, leaf.raw(), form),
      fillControl: (group, f) => this.fillControl(group, f),
      partyNames: () => chars.charactersFor(s.id).map((c) => c.name),
    });
    form.filled = saved.filled && typeof saved.filled === 'object' ? saved.filled : {};
    form.refreshFill(); // who filled it and the tracked entries kept with the form
    return form;
  }

  /** `opts.refresh` false: the form is drawn and refreshAll is left to the
   * caller (e.g. in a turn of its own at start). */
  selectSystem(id, checkId, opts = {}) {
    const [sid, cid] = this.choice(id, checkId);
    this.current.system = sid;
    this.prefs.system = sid;
    this.host.savePrefs();
    for (const input of this.gamePicker.querySelectorAll('input')) input.checked = input.value === sid;
    Table.revealChecked(this.gamePicker);
    document.documentElement.dataset.game = sid;
    if (this.onSystem) this.onSystem(sid);
    const s = this.systemEntry(sid);
    clear(this.checkPicker);
    if (!s) return;
    const checks = Object.values(s.checks);
    for (const c of checks) {
      const input = el('input', { type: 'radio', name: 'check', id: `check-${c.id}`, value: c.id });
      input.addEventListener('change', () => this.selectCheck(c.id));
      this.checkPicker.append(el('label', { for: `check-${c.id}`, class: 'chip' }, input, el('span', {}, c.label)));
    }
    this.checkPicker.hidden = checks.length < 2;
    this.selectCheck(cid, opts);
  }

  selectCheck(cid, { refresh = true } = {}) {
    const s = this.systemEntry(this.current.system);
    const check = s && s.checks[cid];
    if (!check) return;
    this.cancelAdjust();
    this.clearNotice();
    this.savedInForm = null;
    this.current.check = cid;
    this.prefs.checks[this.current.system] = cid;
    this.host.savePrefs();
    for (const input of this.checkPicker.querySelectorAll('input')) input.checked = input.value === cid;
    Table.revealChecked(this.checkPicker);
    document.documentElement.dataset.check = cid;
    this.checkTitle.textContent = check.label;
    this.checkDesc.textContent = check.description || '';
    this.checkDesc.title = check.description || '';
    this.checkDesc.hidden = !check.description;
    const saved = storage.forms.get(this.formKey());
    const ahead = this.prepared;
    this.prepared = null;
    // (the same catalog entry: a catalog drawn since builds afresh)
    const form = ahead && ahead.check === check && ahead.values === saved.values
      ? ahead.form : this.buildForm(s, check, saved);
    this.current.form = form;
    clear(this.formHost);
    this.formHost.append(form.root);
    this.apiErrorPaths = [];
    // a table of odds rolls no dice: no Roll, no Enter dice, no card or history
    const noDice = check.rolls_dice === false;
    document.documentElement.dataset.noroll = String(noDice);
    this.rollbar.hidden = noDice;
    this.resultHost.hidden = noDice;
    this.enteredToggle.checked = !noDice && !!this.prefs.entered[this.formKey()];
    this.entered.reset();
    // a card of another game or check would be stale: the pane starts empty
    const last = this.lastResult;
    if (!last || last.system !== this.current.system || last.check !== cid) this.clearResult();
    this.applyEnteredMode();
    this.odds.clear('');
    if (refresh) this.refreshAll();
  }

  // -- filling from characters ------------------------------------------------------------

  /** A paired-name selector changed (which named value a field holds): with a
   * character chosen, fill its number of that name. */
  pairedName(node, key) {
    const c = this.host.currentCharacter(this.current.system);
    const n = c && c.sheet && c.sheet.numbers ? c.sheet.numbers[key] : undefined;
    if (key && Number.isInteger(n)) node.set(n);
  }

  /** What fills a form group: a tracked entry (when the system tracks what
   * this group describes) and the saved characters. */
  fillControl(group, form) {
    const kind = group.path ? targets.kindFor(form.systemEntry, form.check.id, group.path) : null;
    const parts = [
      kind ? targets.trackControl({ system: form.system, group, kind, form, say: this.host.say, changed: () => this.formChanged(null) }) : null,
      this.characterFill(group, form),
    ].filter(Boolean);
    if (!parts.length) return null;
    return parts.length === 1 ? parts[0] : el('div', { class: 'fill-parts' }, parts);
  }

  characterFill(group, form) {
    if (!chars.hasSheet(form.system)) return null;
    const names = group.params.map((p) => p.name);
    const cur = this.host.currentCharacter(form.system);
    // a side or member may be anyone: every saved character, the header's first
    const party = form.parties.some((x) => x.path === group.path);
    const all = chars.charactersFor(form.system);
    const who = cur && !party ? [cur] : (cur ? [cur, ...all.filter((c) => c.id !== cur.id)] : all);
    if (!who.length) return null;
    const where = group.path ? ` for ${group.legendEl ? group.legendEl.textContent : group.path}` : '';
    const id = `fill-${(group.path || 'top').replace(/[^a-z0-9]+/gi, '-')}`;
    const sel = el('select', { id, class: 'fill-select', 'data-fill': group.path || '' },
      el('option', { value: '' }, cur && !party ? `Use ${cur.name}\u2019s\u2026` : 'Choose\u2026'));
    const wrap = el('div', { class: `fill${cur ? ' has-character' : ''}` }, el('label', { for: id }, `Fill from character${where}`), sel);
    wrap.hidden = true; // until the engine says what there is to fill
    const options = [];
    Promise.all(who.map((c) => chars.fillOptions(this.engine, c, names).then((opts) => ({ c, opts })))).then((lists) => {
      for (const { c, opts } of lists) {
        if (!opts.length) continue;
        sel.append(el('optgroup', { label: c.name }, opts.map((o) => {
          options.push({ c, o });
          return el('option', { value: String(options.length - 1) }, o.label);
        })));
      }
      wrap.hidden = !options.length;
    });
    sel.addEventListener('change', () => {
      if (sel.value === '') return;
      const { c, o } = options[Number(sel.value)];
      this.applyFill(group, form, c, o);
    });
    if (cur && !party) {
      // a character chosen in the header: say where its values are picked
      const hintId = `${id}-hint`;
      sel.setAttribute('aria-describedby', hintId);
      wrap.append(el('p', { class: 'fill-hint field-help', id: hintId }, `Pick ${cur.name}\u2019s skill or value in this menu to fill the form.`));
    }
    return wrap;
  }

  /** Fill `group` with `o` (a fill option of character `c`). */
  applyFill(group, form, c, o) {
    form.silent = true;
    group.set(o.values);
    form.silent = false;
    form.filled[group.path || ''] = { name: c.name, what: o.what || null, id: c.id };
    form.refreshFill();
    const kept = this.showKept(group, form.keptAfterFill(group, o.values));
    this.host.say(`Filled from ${c.name}: ${o.label}.${kept ? ` ${kept}` : ''}`);
    this.formChanged(null);
  }

  /** The character whose values fill `group`: the one who filled it (a
   * side or member), else the one chosen in the header (not for a side or
   * member: that may be anyone). */
  fillerOf(group, form) {
    const f = form.filled[group.path || ''];
    const who = f && f.id ? chars.getCharacter(f.id) : null;
    if (who && who.system === form.system) return who;
    if (form.parties.some((x) => x.path === group.path)) return null;
    return this.host.currentCharacter(form.system);
  }

  /** An entry picked from a field's list (`text`; a skill: the form
   * holds its name and which attributes already): with a character, its
   * sheet's row of that name fills the group (the values, the rating); a
   * sheet without one fills the values of the names picked and says so. The group's
   * `data-picked` names the entry once that is done (a signal for tests). */
  picked(group, text, form) {
    const c = chars.hasSheet(form.system) ? this.fillerOf(group, form) : null;
    delete group.root.dataset.picked;
    const f = form.filled[group.path || ''];
    if (f) f.what = text; // what was rolled (the card's label) is the entry picked
    const done = () => { group.root.dataset.picked = text; };
    if (!c) { done(); return; }
    const names = group.params.map((p) => p.name);
    chars.fillOptions(this.engine, c, names).then((opts) => {
      if (this.current.form !== form) return;
      const same = (a) => String(a || '').trim().toLowerCase() === String(text).trim().toLowerCase();
      const o = opts.find((x) => same(x.what));
      if (o) this.applyFill(group, form, c, o);
      else this.fillNames(group, form, c, text);
      done();
    });
  }

  /** A picked entry the character's sheet has no row of: the numbers its
   * names label come from the sheet; the rest stays as it was. */
  fillNames(group, form, c, text) {
    const list = group.pairedList;
    const numbers = c.sheet && c.sheet.numbers ? c.sheet.numbers : {};
    const names = list ? list.namesValue() || [] : [];
    form.silent = true;
    names.forEach((n, i) => { if (Number.isInteger(numbers[n]) && list.items[i]) list.items[i].set(numbers[n]); });
    form.silent = false;
    form.filled[group.path || ''] = { name: c.name, what: text, id: c.id }; // the attributes are theirs
    form.refreshFill();
    this.host.say(`${c.name} has no ${text} on the sheet: ${names.length ? `${names.join('/')} are ${c.name}’s, ` : ''}the rest is as it was.`);
    this.formChanged(null);
  }

  /** After a fill: the fields it did not set that hold something else than
   * their first values (a modifier from the last check) are marked, and a
   * note under the fill menu names them with one tap back to their first
   * values. Returns the note's words ('' when nothing was kept). */
  showKept(group, kept) {
    if (!kept.length || !group.fillSlot) return '';
    const form = this.current.form;
    for (const { leaf } of kept) leaf.root.classList.add('kept');
    const words = `Kept from before: ${kept.map(({ leaf }) => `${leaf.label} ${leaf.valueText(leaf.raw())}`).join(', ')}.`;
    const reset = el('button', { type: 'button', class: 'btn kept-reset' }, kept.length === 1 ? 'Reset it' : 'Reset them');
    const note = el('p', { class: 'kept-note', role: 'status' }, el('span', {}, words), reset);
    reset.addEventListener('click', () => {
      form.silent = true;
      for (const { leaf, def } of kept) { leaf.set(def); leaf.root.classList.remove('kept'); }
      form.silent = false;
      note.remove();
      this.host.say(`${kept.map(({ leaf }) => leaf.label).join(', ')}: back to ${kept.length === 1 ? 'its first value' : 'their first values'}.`);
      this.formChanged(null);
    });
    group.fillSlot.append(note);
    return words;
  }

  // -- what replaced the form -------------------------------------------------------------

  /** The values of a check's form now (the form on screen, else the ones
   * kept for it; null: its first values), to put back later. */
  formState(system, check) {
    if (this.current.form && this.current.system === system && this.current.check === check) {
      return { values: this.current.form.raw(), filled: deepCopy(this.current.form.filled || {}) };
    }
    const kept = this.formStore[`${system}.${check}`];
    return kept ? deepCopy(kept) : null;
  }

  /** Say what filling the form from `what` (a saved check) replaced, with
   * Undo: the values before, back in the form. Nothing replaced: no note. */
  noteReplaced(before, what) {
    const form = this.current.form;
    if (!form) return;
    // a form that held its first values (and no names) lost nothing
    const changed = before && (differences(form.systemEntry, form.check, before.values, null).length
      || Object.keys(before.filled || {}).length);
    const gone = changed ? differences(form.systemEntry, form.check, before.values, form.raw()) : [];
    if (!gone.length) { this.clearNotice(); return; }
    const system = this.current.system;
    const check = this.current.check;
    this.noticeText.textContent = `${what}. Your previous values: ${gone.slice(0, 4).join(', ')}${gone.length > 4 ? ` and ${gone.length - 4} more` : ''}.`;
    this.noticeUndo.onclick = () => this.undoReplace(system, check, before);
    this.noticeUndo.setAttribute('aria-label', 'Undo: put your previous values back in the form');
    this.notice.hidden = false;
  }

  /** Undo: `before` (a changed form: noteReplaced offers no Undo without one) back in its form. */
  undoReplace(system, check, before) {
    if (this.current.system !== system) this.selectSystem(system, check);
    else if (this.current.check !== check) this.selectCheck(check);
    const form = this.current.form;
    if (!form) return;
    form.set(before.values);
    form.filled = before.filled && typeof before.filled === 'object' ? before.filled : {};
    form.refreshFill();
    this.saveFormState();
    this.clearNotice();
    this.savedInForm = null;
    this.refreshAll();
    this.host.say('Your previous values are back in the form.');
  }

  clearNotice() {
    if (!this.notice) return;
    this.notice.hidden = true;
    this.noticeText.textContent = '';
  }

  /** The request's words for the card: who filled which part of the form,
   * what was rolled, and the side of the character chosen in the header. */
  cardContext() {
    const form = this.current.form;
    const out = {};
    const filled = form ? form.filled || {} : {};
    const characters = {};
    const labels = {};
    for (const [path, f] of Object.entries(filled)) {
      if (f && f.name) characters[path] = f.name;
      if (f && f.what) labels[path] = f.what;
    }
    if (Object.keys(characters).length) out.characters = characters;
    if (Object.keys(labels).length) out.labels = labels;
    const cur = this.host.currentCharacter(this.current.system);
    const side = cur ? Object.keys(filled).find((p) => p && filled[p] && filled[p].id === cur.id) : undefined;
    if (side) out.side = side;
    return out;
  }

  // -- form changes, validation, odds -----------------------------------------------------

  baseRequest() {
    if (!this.current.form) return null;
    const { values, errors } = this.current.form.collect();
    if (errors.length) return null;
    return { system: this.current.system, check: this.current.check, ...values, ...this.cardContext() };
  }

  saveFormState() {
    const form = this.current.form;
    if (!form) return;
    storage.forms.set(this.formKey(), { values: form.raw(), filled: form.filled });
    this.saveForms();
  }

  /** Say how many fields differ from their first values; offer the reset. */
  showChanges() {
    const form = this.current.form;
    const n = form ? form.markChanges() : 0;
    const named = form ? Object.keys(form.filled || {}).length : 0;
    this.resetBtn.hidden = !n && !named;
    this.changedNote.textContent = n ? `${n === 1 ? '1 field differs' : `${n} fields differ`} from the first values.` : '';
    this.formPane.dataset.changed = String(n);
  }

  /** One tap: the form as it first was (who filled it forgotten too). */
  resetForm() {
    if (!this.current.form) return;
    storage.forms.remove(this.formKey());
    this.cancelAdjust();
    this.selectCheck(this.current.check);
    this.host.say('The form is back to its first values.');
    const first = this.current.form.top.leaves().next().value;
    if (first) first.focus();
  }

  formChanged(node) {
    const changedAt = performance.now();
    this.saveFormState();
    const form = this.current.form;
    const { values, errors } = form.collect();
    // API errors are re-checked with the next odds answer
    for (const p of this.apiErrorPaths) { const n = form.nodeFor(p); if (n) n.clearError(); }
    form.formError.hidden = true;
    this.apiErrorPaths = [];
    this.showChanges();
    if (node && node.path) {
      const mine = errors.filter((e) => e.path === node.path);
      if (mine.length) node.showError(mine[0].message);
    }
    this.foldCard(errors.length ? null : canonical({ ...values, ...this.cardContext() }));
    if (errors.length) {
      this.odds.invalid('Odds appear when every field is valid.');
      this.setRollState(errors);
      return;
    }
    this.setRollState([]);
    const request = () => ({ system: this.current.system, check: this.current.check, ...values, ...this.cardContext() });
    if (this.isReady()) {
      // typed text (a formula) is checked after a pause, not at every key
      const typing = !!(node && node.p && node.p.type === 'string');
      this.odds.request(request(), changedAt, typing ? TYPING_PAUSE : undefined);
      if (this.enteredToggle.checked) this.syncEntered();
    } else if (document.documentElement.dataset.engine === 'loading') {
      // asked now, answered the moment the engine is up
      this.odds.request(request(), changedAt, undefined, true);
      this.odds.status.textContent = 'Odds appear when the dice engine is ready.';
    } else {
      this.odds.invalid('Odds appear when the dice engine is ready.');
    }
  }

  oddsAnswered(answer) {
    const form = this.current.form;
    if (!form) return;
    const err = answer.error;
    if (err && err.code === CODES.oddsTooBig) {
      this.setRollState([]); // no exact odds, but the dice can still be rolled
    } else if (err && err.field && !DICE_FIELD.test(err.field) && form.nodeFor(err.field)) {
      form.showErrors([{ path: err.field, message: err.message }]);
      this.apiErrorPaths = [err.field];
      this.setRollState([{ path: err.field, message: err.message }]);
    } else if (!err) {
      this.setRollState([]);
    }
  }

  setRollState(errors) {
    this.blockingErrors = errors;
    const ready = this.isReady() && !!this.current.form;
    const btn = this.rollBtn;
    btn.disabled = !ready;
    btn.textContent = this.enteredToggle.checked ? 'Resolve' : 'Roll';
    if (this.followEntry && ready) { btn.removeAttribute('aria-disabled'); return; }
    if (!ready) {
      this.rollReason.textContent = document.documentElement.dataset.engine === 'error' ? 'The dice engine did not start: use Retry above.' : 'Waiting for the dice engine\u2026';
      btn.removeAttribute('aria-disabled');
      return;
    }
    const bad = this.enteredToggle.checked ? this.entered.badFaces() : [];
    if (errors.length) {
      btn.setAttribute('aria-disabled', 'true');
      const label = this.current.form.labelFor(errors[0].path);
      // the message itself stands once, next to its field
      const shown = !!this.current.form.nodeFor(errors[0].path);
      this.rollReason.textContent = `Fix ${errors.length === 1 ? 'this field' : `${errors.length} fields`} first: ${label}${shown ? '' : ` \u2014 ${errors[0].message}`}.`;
    } else if (bad.length) {
      btn.setAttribute('aria-disabled', 'true');
      this.rollReason.textContent = `Fix ${bad.length === 1 ? 'this die' : `${bad.length} dice`} first: ${bad[0].label} \u2014 ${bad[0].message}`;
    } else {
      btn.removeAttribute('aria-disabled');
      this.rollReason.textContent = this.enteredToggle.checked ? 'Type the dice as they landed, then Resolve.' : '';
    }
  }

  refreshAll() {
    if (this.current.form) this.formChanged(null); else this.setRollState([]);
  }

  engineChanged() {
    this.setRollState(this.blockingErrors);
    if (this.isReady() && this.current.form) this.refreshAll();
  }

  // -- entered dice ---------------------------------------------------------------------

  applyEnteredMode() {
    const on = this.enteredToggle.checked;
    this.entered.show(on);
    document.documentElement.dataset.entered = String(on);
    this.rollBtn.textContent = on ? 'Resolve' : 'Roll';
    if (!on) this.entered.reset();
  }

  // -- rolling ----------------------------------------------------------------------------

  async roll(event) {
    if (this.followEntry) { this.followEntry.go(); return; }
    const t0 = event && event.timeStamp ? event.timeStamp : performance.now();
    const form = this.current.form;
    if (!this.isReady() || !form || this.rollBusy || form.check.rolls_dice === false) return;
    const say = this.host.say;
    const { values, errors } = form.collect();
    form.clearErrors();
    this.entered.clearErrors();
    if (errors.length) {
      const first = form.showErrors(errors);
      this.setRollState(errors);
      if (first && first.focus) first.focus();
      say(`Not rolled: ${form.labelFor(errors[0].path)} \u2014 ${errors[0].message}`);
      return;
    }
    if (this.blockingErrors.length && this.apiErrorPaths.length) {
      form.showErrors(this.blockingErrors);
      const n = form.nodeFor(this.blockingErrors[0].path);
      if (n) n.focus();
      say(`Not rolled: ${this.blockingErrors[0].message}`);
      return;
    }
    const request = { system: this.current.system, check: this.current.check, ...values, ...this.cardContext() };
    let dice = null;
    if (this.enteredToggle.checked) {
      if (!this.entered.slots.length) await this.entered.sync(request);
      const v = this.entered.values();
      if (!v.complete) {
        this.entered.markErrors(v.errors);
        const s = this.entered.slots[v.errors[0] ? v.errors[0].slot : 0];
        if (s) s.input.focus();
        say(`Enter the dice first: ${v.errors.length} missing or wrong.`);
        return;
      }
      dice = v.dice;
    }
    window.__lastRequest = request; // for tests and benchmarks: what was sent
    this.rollBusy = true;
    this.rollBtn.setAttribute('aria-busy', 'true');
    const answer = await this.engine.resolve(dice ? { ...request, dice } : request);
    this.rollBusy = false;
    this.rollBtn.removeAttribute('aria-busy');
    if (answer.error) { await this.rejected(answer.error, request, dice); return; }
    const adjusted = dice && this.adjusting ? this.adjusting : null;
    this.record(request, answer, adjusted ? adjusted.entry.source : (dice ? 'entered' : null), t0, !!adjusted);
    if (adjusted) {
      this.finishAdjust(adjusted);
    } else if (dice) {
      this.entered.reset();
      this.entered.sync(request);
    }
  }

  /** After an adjusted resolve: back to the mode the player was in. */
  finishAdjust(adjusted) {
    this.adjusting = null;
    if (adjusted.entered) {
      this.entered.reset();
      this.refreshAll();
      return;
    }
    this.enteredToggle.checked = false;
    this.applyEnteredMode();
    this.refreshAll();
  }

  cancelAdjust() { this.adjusting = null; }

  async rejected(err, request, dice) {
    const say = this.host.say;
    if (err.code === CODES.diceMissing && dice) {
      await this.entered.sync(request);
      const s = this.entered.slots.find((x) => x.input.value.trim() === '');
      if (s) s.input.focus();
      const what = (err.needed || []).map((n) => `d${n.sides}${n.label ? ` (${n.label})` : ''}`).join(', ');
      this.entered.note.textContent = `The rules need ${err.needed.length === 1 ? 'one more die' : `${err.needed.length} more dice`}: ${what}.`;
      say(this.entered.note.textContent);
      return;
    }
    if (err.field && /^dice\[(\d+)\]$/.test(err.field)) {
      this.entered.markErrors([{ slot: Number(err.field.match(/\d+/)[0]), message: err.message }]);
      say(err.message);
      return;
    }
    const form = this.current.form;
    const first = form.showErrors([{ path: err.field || '', message: err.message }]);
    if (err.field) this.apiErrorPaths = [err.field];
    if (first && first.focus) first.focus();
    say(`Not rolled: ${err.message}`);
  }

  /** Show a resolved result and keep it in history. `extra`: fields the
   * entry adds (when a shared roll was rolled, what a follow-up spent). */
  record(request, answer, source, t0, adjusted = false, extra = {}) {
    const kept = replayOf(request, answer);
    const entry = {
      id: history.newEntryId(),
      time: new Date().toISOString(),
      system: request.system,
      check: request.check,
      character: answer.card ? answer.card.subject : null,
      request: kept.request,
      dice: kept.dice,
      source: source || answer.source || 'secure',
      line: answer.line || answer.summary,
      result: compactResult(answer),
      ...extra,
    };
    if (adjusted) entry.adjusted = true; // the same dice as an earlier roll, inputs changed
    this.keepTracked(request, answer);
    this.showResult(entry, t0);
    // save after the result is painted: the tap-to-result path stays short
    requestAnimationFrame(() => setTimeout(() => {
      history.add(entry);
      this.resultHost.dataset.saved = entry.id;
      if (this.host.onSaved) this.host.onSaved(entry);
    }, 0));
    return entry;
  }

  /** A result's `track` (the rules' new state of what filled a group):
   * kept in the tracked entry that filled it, and shown in the form. */
  keepTracked(request, answer) {
    const form = this.current.form;
    const track = answer.track;
    if (!form || !track || typeof track !== 'object' || form.check.id !== request.check) return;
    const s = this.systemEntry(request.system);
    let kept = 0;
    for (const [path, state] of Object.entries(track)) {
      const f = form.filled[path];
      const kind = targets.kindFor(s, request.check, path);
      if (!f || !f.tracked || !kind || !state || typeof state !== 'object') continue;
      if (!targets.update(f.tracked, kind, valueAt(request, path), state)) continue;
      const group = form.nodeFor(path);
      if (group && group.set) { form.silent = true; group.set(state); form.silent = false; }
      kept += 1;
    }
    if (!kept) return;
    form.refreshFill();
    this.refreshAll();
  }

  sourceText(entry) {
    if (entry.adjusted) return `${this.sourceText({ ...entry, adjusted: false })}, adjusted (same dice)`;
    if (entry.first_source && entry.first_source !== entry.source) {
      // a follow-up: the throw it kept came one way, its new dice another
      return `${this.sourceText({ source: entry.first_source })}; new dice ${this.sourceText({ source: entry.source })}`;
    }
    if (entry.source === 'entered') return 'entered dice';
    if (entry.source === 'seeded') return 'seeded';
    if (entry.source === 'shared') return 'shared dice';
    return 'rolled here';
  }

  /** Draw a history entry's card (older entries without a card are resolved
   * again from their dice: the rules are a pure function of the dice). */
  async showResult(entry, t0) {
    const s = this.systemEntry(entry.system);
    const check = s && s.checks[entry.check];
    if (!s || !check) return;
    this.endFollowEntry(); // a new card: the one asking for dice is gone
    if (!entry.result.card) {
      const again = await this.engine.resolve({ ...entry.request, system: entry.system, check: entry.check, dice: entry.dice || [] });
      if (again.error) return;
      entry.result = compactResult(again);
      entry.line = again.line;
      history.touch();
    }
    const card = renderResult(entry.result, {
      again: () => this.again(entry),
      adjust: followUpParams(check, entry.request).length ? null : () => this.adjust(entry),
      choose: (id) => { entry.choice = id; history.touch(); },
      follow: (request, action) => this.follow(request, action, entry),
      undo: entry.spent && !entry.undone ? () => this.undoFollow(entry) : null,
    }, { context: s.short_name || s.name, time: timeText(entry.time), source: this.sourceText(entry), choice: entry.choice,
      counter: (spend) => followup.counterFor(entry.system, spend), followed: !!entry.followed,
      spent: entry.spent ? followup.counterFor(entry.system, entry.spent) : null, undone: !!entry.undone });
    card.dataset.entry = entry.id;
    if (!reducedMotion()) card.classList.add('animate');
    this.addFoldBar(card);
    clear(this.resultHost);
    this.resultHost.append(card);
    this.lastResult = entry;
    this.cardInputs = this.formInputs(); // the form holds this card's inputs now
    this.host.say(announcement(entry.result));
    if (t0 !== undefined) {
      requestAnimationFrame(() => setTimeout(() => {
        this.host.metrics.roll.push(performance.now() - t0);
        this.resultHost.dataset.painted = String(this.host.metrics.roll.length);
      }, 0));
    }
    this.reveal(card);
  }

  /** The form's inputs as the card context sends them (null: a field is invalid). */
  formInputs() {
    const form = this.current.form;
    if (!form) return null;
    const { values, errors } = form.collect();
    return errors.length ? null : canonical({ ...values, ...this.cardContext() });
  }

  /** A card's fold: one line saying the form has moved on, and a button
   * that shows the whole card again. */
  addFoldBar(card) {
    const btn = el('button', { type: 'button', class: 'btn card-unfold', 'aria-expanded': 'false' }, 'Show the whole card');
    btn.addEventListener('click', () => {
      const open = !card.classList.contains('unfolded');
      card.classList.toggle('unfolded', open);
      btn.setAttribute('aria-expanded', String(open));
      btn.textContent = open ? 'Fold the card' : 'Show the whole card';
    });
    const bar = el('div', { class: 'card-fold' }, el('p', {}, 'The form has changed since this result: the odds below are for the form as it is now.'), btn);
    const head = card.querySelector('.result-head');
    card.insertBefore(bar, head ? head.nextSibling : card.firstChild);
  }

  /** The card folds to its headline while the form holds other inputs than
   * it shows (the odds below it are then the form's, not the card's), and
   * unfolds when the form holds them again. */
  foldCard(inputs) {
    const card = this.resultHost.querySelector('.result-card');
    if (!card || this.cardInputs === undefined) return;
    const fold = inputs !== this.cardInputs;
    if (fold === card.classList.contains('folded')) return;
    card.classList.toggle('folded', fold);
    this.resultHost.dataset.folded = String(fold);
    // the pane beside the form scrolls by itself: the odds come into view
    const pane = this.outPane;
    if (fold && pane.scrollHeight > pane.clientHeight + 1 && getComputedStyle(pane).overflowY !== 'visible') pane.scrollTop = 0;
  }

  /** Bring the card's head into view when it is above the top, below the
   * fold or under the pinned Roll bar (every layout: side by side, stacked). */
  reveal(card) {
    const head = card.querySelector('.result-head') || card;
    const rect = card.getBoundingClientRect();
    const h = head.getBoundingClientRect();
    const bar = this.rollbar.getBoundingClientRect();
    const covers = !this.rollbar.hidden && bar.top < window.innerHeight && bar.bottom > 0
      && bar.left < h.right && bar.right > h.left;
    const limit = covers ? bar.top : window.innerHeight;
    if (rect.top < 0 || h.bottom > limit) {
      card.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
    }
  }

  /** A follow-up the rules offer on a card (a complete request): resolved at
   * once, or, with entered dice, after the player types its new dice (the
   * pinned bar's Resolve then resolves the follow-up, not the form). */
  async follow(request, action = {}, from = null) {
    const rollsNew = (action.new_dice || []).length > 0;
    const done = (answer, full, source) => {
      this.endFollowEntry();
      const spent = followup.spend(request.system, action);
      const extra = {};
      if (from) extra.from = from.id;
      if (from && rollsNew) extra.first_source = from.source;
      if (spent) extra.spent = { character: action.spend.character, counter: action.spend.counter, amount: action.spend.amount || 1 };
      const entry = this.record(full, answer, source, performance.now(), false, extra);
      if (from) { from.followed = entry.id; history.touch(); } // one follow-up a result
      if (spent) this.host.say(`${action.spend.character}: ${spent.label} ${spent.left} of ${spent.max} left. Undo is on the card.`);
      if (this.host.onCounters) this.host.onCounters();
    };
    const slot = this.resultHost.querySelector('.follow-slot');
    if (this.enteredToggle.checked && slot && rollsNew) {
      const entry = await followup.askDice({ engine: this.engine, say: (t) => this.host.say(t) }, slot, request, action,
        (answer, full) => done(answer, full, 'entered'), () => this.endFollowEntry());
      this.startFollowEntry(action, entry);
      return;
    }
    const answer = await this.engine.resolve(request);
    if (answer.error) { this.host.say(answer.error.message); return; }
    // no new dice (+1 QL): the throw is still the one on the table
    done(answer, request, rollsNew || !from ? null : from.source);
  }

  /** While a card asks for a follow-up's dice, the pinned bar resolves it. */
  startFollowEntry(action, entry) {
    this.followEntry = entry;
    this.rollReason.textContent = `${action.label}: enter its new dice on the card, then Resolve.`;
    this.rollbar.dataset.follow = 'true';
  }

  endFollowEntry() {
    if (!this.followEntry) return;
    this.followEntry = null;
    delete this.rollbar.dataset.follow;
    this.setRollState(this.blockingErrors);
  }

  /** Take back a follow-up that spent a counter (a fate point): the point
   * back on the sheet, the follow-up's entry marked undone (kept in the
   * history), and the card it followed up open again with its choices. */
  undoFollow(entry) {
    if (!entry.spent || entry.undone) return;
    followup.refund(entry.system, entry.spent);
    entry.undone = true;
    const from = entry.from ? history.get(entry.from) : null;
    if (from && from.followed === entry.id) delete from.followed;
    history.touch();
    const left = followup.counterFor(entry.system, { character: entry.spent.character, counter: entry.spent.counter });
    if (from) this.showResult(from); else this.showResult(entry);
    this.host.say(`Undone${left ? `: ${entry.spent.character} has ${left.label} ${left.left} of ${left.max} again` : ''}. The undone roll stays in the history, marked.`);
    if (this.host.onCounters) this.host.onCounters();
  }

  clearResult() {
    this.endFollowEntry();
    this.lastResult = null;
    this.cardInputs = undefined;
    delete this.resultHost.dataset.folded;
    clear(this.resultHost);
    delete this.resultHost.dataset.saved;
    this.resultHost.append(el('p', { class: 'placeholder' }, 'Roll to see the result here.'));
  }

  loadEntryIntoForm(entry) {
    if (this.current.system !== entry.system) this.selectSystem(entry.system, entry.check);
    else if (this.current.check !== entry.check) this.selectCheck(entry.check);
    const form = this.current.form;
    if (!form || this.current.check !== entry.check) return false;
    const { characters, labels, side, ...values } = entry.request;
    form.set(values);
    form.filled = {};
    for (const [path, name] of Object.entries(characters || {})) form.filled[path] = { name, what: (labels || {})[path] || null };
    this.saveFormState();
    return true;
  }

  again(entry) {
    if (!this.loadEntryIntoForm(entry)) return;
    if (this.enteredToggle.checked) {
      this.entered.reset();
      this.refreshAll();
      this.host.say('Enter the new dice, then Resolve.');
      return;
    }
    this.refreshAll();
    this.roll();
  }

  /** Adjust: the same dice, changed inputs (the entered-dice fields,
   * pre-filled, for this one resolve; then back to the mode the player was in). */
  async adjust(entry) {
    if (!this.loadEntryIntoForm(entry)) return;
    this.adjusting = { entry, entered: this.enteredToggle.checked };
    this.enteredToggle.checked = true;
    this.applyEnteredMode();
    this.entered.reset();
    // the entry's dice in the fields the rules name for them (`drawn`)
    const rolls = entry.result.rolls || [];
    const dice = entry.dice || rolls.map((d) => d.value);
    const again = await this.engine.resolve({ ...entry.request, system: entry.system, check: entry.check, dice });
    const drawn = (again && again.drawn) || rolls;
    this.entered.setSlots(dice.map((v, i) => ({ ...(drawn[i] || { sides: 0, label: '' }), value: v })));
    this.refreshAll();
    this.entered.note.textContent = 'The dice of that roll are filled in: change the inputs, then Resolve.';
    const first = this.current.form.top.leaves().next().value;
    if (first) first.focus();
    this.host.say(this.entered.note.textContent);
  }

  /** Open a history entry: its form and its card. */
  open(entry) {
    this.loadEntryIntoForm(entry);
    this.showResult(entry);
    this.refreshAll();
    this.resultHost.scrollIntoView({ block: 'start' });
  }
}
