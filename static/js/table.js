// The table controller: the catalog-driven form of the check chosen, its
// changes and validation, and live odds. Its parts, each given the table:
// the game and check pickers (pickers.js), the Roll bar and entered dice
// (roll-bar.js), filling from characters (character-fill.js), roll and
// follow-ups (roll.js), the card view (card-view.js) and the note of what
// replaced the form (form-notice.js).
//
// Everything a person reads comes from the engine's display model (cards,
// odds views, lines) and the catalog (labels, tones, first values, sheets);
// this module wires them together and knows no game.

import { el, clear, debounce, canonical } from './util.js';
import * as storage from './storage.js';
import * as chars from './characters.js';
import { CheckForm } from './forms.js';
import { OddsPanel } from './odds.js';
import { CODES } from './codes.js';
import { Pickers } from './pickers.js';
import { CharacterFill } from './character-fill.js';
import { Roller } from './roll.js';
import { CardView } from './card-view.js';
import { FormNotice } from './form-notice.js';
import { RollBar } from './roll-bar.js';
import { t, count } from './i18n.js';

const DICE_FIELD = /^dice(\[\d+\])?$/;
const TYPING_PAUSE = 700; // ms of quiet before typed text is checked

export class Table {
  /** host: {engine, prefs, savePrefs(), say(text), onSaved(entry), onCounters(), currentCharacter(system)} */
  constructor(host) {
    this.host = host;
    this.engine = host.engine;
    this.prefs = host.prefs;
    this.catalog = null;
    this.current = { system: null, check: null, form: null };
    this.apiErrorPaths = [];
    this.blockingErrors = [];
    this.saveForms = debounce(() => storage.forms.flush(), 250);
    // a reload or a closed tab right after a change keeps it too
    window.addEventListener('pagehide', () => this.saveForms.flush());
    this.build();
  }

  // -- the frame ----------------------------------------------------------------

  build() {
    this.pickers = new Pickers({ onGame: (id) => this.selectSystem(id), onCheck: (id) => this.selectCheck(id) });
    this.gamePicker = this.pickers.games;
    this.checkPicker = this.pickers.checks;
    this.fill = new CharacterFill(this);
    this.roller = new Roller(this);
    this.card = new CardView(this);
    this.checkTitle = el('h2', { id: 'check-title' }, t('table.loading'));
    this.checkDesc = el('p', { class: 'check-desc' });
    this.checkDesc.addEventListener('click', () => this.checkDesc.classList.toggle('open'));
    // what differs from the first values, and one tap back to them
    this.changedNote = el('span', { class: 'changed-note', 'aria-live': 'polite' });
    this.resetBtn = el('button', { type: 'button', class: 'btn reset-form', id: 'reset-form', hidden: true, onclick: () => this.resetForm() }, t('table.resetForm'));
    this.changedBar = el('div', { class: 'changed-bar' }, this.changedNote, this.resetBtn);
    // what just replaced the form's values (a saved check), with one tap back
    this.notice = new FormNotice(this);
    this.bar = new RollBar(this);
    this.formHost = el('div', { id: 'form-host' }, el('p', { class: 'placeholder' }, t('table.waitForm')));
    this.oddsSection = el('section', { id: 'odds', class: 'odds panel' });
    this.odds = new OddsPanel(this.oddsSection, this.engine);
    this.odds.onAnswer = (answer) => this.oddsAnswered(answer);
    this.resultHost = this.card.root;
    this.formPane = el('section', { class: 'pane pane-form', 'aria-labelledby': 'check-title' },
      this.checkPicker, el('div', { class: 'check-head' }, this.checkTitle, this.checkDesc, this.changedBar, this.notice.root), this.formHost, this.bar.entered.root, this.bar.root);
    this.outPane = el('div', { class: 'pane pane-out' }, this.oddsSection, this.resultHost);
    this.root = el('div', { class: 'layout' }, this.formPane, this.outPane);
  }

  isReady() { return document.documentElement.dataset.engine === 'ready'; }
  systemEntry(id) { return this.catalog && this.catalog.systems ? this.catalog.systems[id] : null; }
  checkEntry(system, check) { const s = this.systemEntry(system); return (s && s.checks[check]) || null; }
  formKey() { return `${this.current.system}.${this.current.check}`; }

  setCatalog(catalog) {
    this.catalog = catalog;
    this.pickers.renderGames(catalog && catalog.systems ? Object.values(catalog.systems) : [], this.current.system);
  }

  // what the other panels ask of the table (saved-panel.js, share.js, history-panel.js)
  get lastResult() { return this.card.lastResult; }
  formState(system, check) { return this.notice.formState(system, check); }
  noteReplaced(before, what) { this.notice.show(before, what); }
  record(...args) { return this.roller.record(...args); }
  again(entry) { this.roller.again(entry); }
  open(entry) { this.roller.open(entry); }

  // -- the game and check chosen ---------------------------------------------------

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
      onPairedName: (node, key) => this.fill.pairedName(node, key),
      onPick: (group, values, leaf) => this.fill.picked(group, leaf.raw(), form),
      fillControl: (group, f) => this.fill.fillControl(group, f),
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
    this.pickers.showGame(sid);
    document.documentElement.dataset.game = sid;
    if (this.onSystem) this.onSystem(sid);
    const s = this.systemEntry(sid);
    this.pickers.clearChecks();
    if (!s) return;
    this.pickers.renderChecks(Object.values(s.checks));
    this.selectCheck(cid, opts);
  }

  selectCheck(cid, { refresh = true } = {}) {
    const s = this.systemEntry(this.current.system);
    const check = s && s.checks[cid];
    if (!check) return;
    this.roller.cancelAdjust();
    this.notice.clear();
    this.savedInForm = null;
    this.current.check = cid;
    this.prefs.checks[this.current.system] = cid;
    this.host.savePrefs();
    this.pickers.showCheck(cid);
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
    this.bar.root.hidden = noDice;
    this.resultHost.hidden = noDice;
    this.bar.toggle.checked = !noDice && !!this.prefs.entered[this.formKey()];
    this.bar.entered.reset();
    // a card of another game or check would be stale: the pane starts empty
    const last = this.lastResult;
    if (!last || last.system !== this.current.system || last.check !== cid) this.card.clear();
    this.applyEnteredMode();
    this.odds.clear('');
    if (refresh) this.refreshAll();
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
    this.changedNote.textContent = n ? count('table.differs', n) : '';
    this.formPane.dataset.changed = String(n);
  }

  /** One tap: the form as it first was (who filled it forgotten too). */
  resetForm() {
    if (!this.current.form) return;
    storage.forms.remove(this.formKey());
    this.roller.cancelAdjust();
    this.selectCheck(this.current.check);
    this.host.say(t('table.formReset'));
    const first = this.current.form.top.leaves().next().value;
    if (first) first.focus();
  }

  formChanged(node) {
    const changedAt = performance.now();
    this.roller.unprepare(); // a roll asked ahead is of the values before this change
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
    this.card.fold(errors.length ? null : canonical({ ...values, ...this.cardContext() }));
    if (errors.length) {
      this.odds.invalid(t('odds.whenValid'));
      this.setRollState(errors);
      return;
    }
    this.setRollState([]);
    const request = () => ({ system: this.current.system, check: this.current.check, ...values, ...this.cardContext() });
    if (this.isReady()) {
      // typed text (a formula) is checked after a pause, not at every key
      const typing = !!(node && node.p && node.p.type === 'string');
      this.odds.request(request(), changedAt, typing ? TYPING_PAUSE : undefined);
      if (this.bar.toggle.checked) this.bar.syncEntered();
    } else if (document.documentElement.dataset.engine === 'loading') {
      // asked now, answered the moment the engine is up
      this.odds.request(request(), changedAt, undefined, true);
      this.odds.status.textContent = t('odds.whenReady');
    } else {
      this.odds.invalid(t('odds.whenReady'));
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
    // the form is idle and valid: ask for the next roll of its values (roll.js)
    this.roller.prepare();
  }

  setRollState(errors) {
    this.blockingErrors = errors;
    this.bar.setState(errors);
  }

  applyEnteredMode() { this.roller.unprepare(); this.bar.applyEnteredMode(); }

  refreshAll() {
    if (this.current.form) this.formChanged(null); else this.setRollState([]);
  }

  engineChanged() {
    this.setRollState(this.blockingErrors);
    if (this.isReady() && this.current.form) this.refreshAll();
  }

  // -- the form's inputs and an entry's ------------------------------------------------

  /** The form's inputs as the card context sends them (null: a field is invalid). */
  formInputs() {
    const form = this.current.form;
    if (!form) return null;
    const { values, errors } = form.collect();
    return errors.length ? null : canonical({ ...values, ...this.cardContext() });
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
}
