// Roll and follow-ups: a roll of the form (rolled here or entered dice),
// what the engine rejected, the history entry it makes, the tracked state a
// result changes, and what a card offers after: a follow-up (a fate point,
// new dice typed on the card), its Undo, Again and Adjust (the same dice,
// changed inputs).

import * as history from './history.js';
import * as followup from './followup.js';
import * as targets from './targets.js';
import { valueAt } from './util.js';
import { CODES } from './codes.js';
import { compactResult, replayOf } from './entries.js';
import { latest, span } from './timeline.js';
import { lang, t, count } from './i18n.js';
import { Preroll } from './preroll.js';

export class Roller {
  /** controller: the table controller (table.js): its engine, host {say, onSaved, onCounters}, form, entered dice, Roll bar, card */
  constructor(controller) {
    this.controller = controller;
    this.engine = controller.engine;
    this.host = controller.host;
    this.rollBusy = false;
    this.adjusting = null;
    this.followEntry = null;
    this.saving = Promise.resolve(); // history entries are saved one after another, as they were rolled
    // the next roll of the form's values, asked while the form is idle (preroll.js)
    this.preroll = new Preroll((request) => this.engine.resolve(request));
  }

  /** Ask the engine for the next roll of the form as it is now, when a tap
   * of Roll would send it as it is (engine up, no entered dice, no roll or
   * follow-up under way, no field refused): its card is then drawn in the
   * tap's own task (preroll.js). */
  prepare() {
    const c = this.controller;
    const form = c.current.form;
    if (!c.isReady() || !form || form.check.rolls_dice === false || this.rollBusy || this.followEntry
        || this.adjusting || c.bar.toggle.checked || c.blockingErrors.length) return;
    const request = c.baseRequest();
    if (request) this.preroll.ask(request, lang());
  }

  /** The form changed (or its mode): a roll asked ahead is of other values. */
  unprepare() { this.preroll.drop(); }

  async roll(event) {
    if (this.followEntry) { this.followEntry.go(); return; }
    const t0 = event && event.timeStamp ? event.timeStamp : performance.now();
    const form = this.controller.current.form;
    if (!this.controller.isReady() || !form || this.rollBusy || form.check.rolls_dice === false) return;
    const say = this.host.say;
    const { values, errors } = form.collect();
    form.clearErrors();
    this.controller.bar.entered.clearErrors();
    if (errors.length) {
      const first = form.showErrors(errors);
      this.controller.setRollState(errors);
      if (first && first.focus) first.focus();
      say(t('roll.notRolledField', { label: form.labelFor(errors[0].path), message: errors[0].message }));
      return;
    }
    if (this.controller.blockingErrors.length && this.controller.apiErrorPaths.length) {
      form.showErrors(this.controller.blockingErrors);
      const n = form.nodeFor(this.controller.blockingErrors[0].path);
      if (n) n.focus();
      say(t('roll.notRolled', { message: this.controller.blockingErrors[0].message }));
      return;
    }
    const request = { system: this.controller.current.system, check: this.controller.current.check, ...values, ...this.controller.cardContext() };
    let dice = null;
    if (this.controller.bar.toggle.checked) {
      if (!this.controller.bar.entered.slots.length) await this.controller.bar.entered.sync(request);
      const v = this.controller.bar.entered.values();
      if (!v.complete) {
        this.controller.bar.entered.markErrors(v.errors);
        const s = this.controller.bar.entered.slots[v.errors[0] ? v.errors[0].slot : 0];
        if (s) s.input.focus();
        say(t('roll.enterDiceFirst', { n: v.errors.length }));
        return;
      }
      dice = v.dice;
    }
    // the roll asked ahead for exactly this request, if any (used once: preroll.js)
    const ahead = dice ? null : this.preroll.take(request, lang());
    latest('roll-sent', request); // what was sent (timeline.js)
    const sent = span('tap-to-send', t0);
    // in already: the card is drawn in this task, no wait for the worker
    let answer = ahead && ahead.answer && !ahead.answer.error ? ahead.answer : null;
    if (!answer) {
      this.rollBusy = true;
      this.controller.bar.button.setAttribute('aria-busy', 'true');
      // on its way: its answer is this tap's; a refused one is asked again (today's error, next to its field)
      if (ahead && ahead.promise) answer = await ahead.promise;
      // the card first: what takes long to work out comes after it (record)
      if (!answer || answer.error) answer = await this.engine.resolve({ ...request, ...(dice ? { dice } : {}), card_first: true });
      this.rollBusy = false;
      this.controller.bar.button.removeAttribute('aria-busy');
    }
    span('roll-wait', sent);
    if (answer.error) { await this.rejected(answer.error, request, dice); return; }
    const adjusted = dice && this.adjusting ? this.adjusting : null;
    this.record(request, answer, adjusted ? adjusted.entry.source : (dice ? 'entered' : null), t0, !!adjusted);
    // the next tap's roll, asked once this card is painted and saved (its later parts in):
    // in a task of its own, off this card's frame
    if (!dice) this.saving.then(() => setTimeout(() => this.prepare(), 0));
    if (adjusted) {
      this.finishAdjust(adjusted);
    } else if (dice) {
      this.controller.bar.entered.reset();
      this.controller.bar.entered.sync(request);
    }
  }

  cancelAdjust() { this.adjusting = null; }

  /** After an adjusted resolve: back to the mode the player was in. */
  finishAdjust(adjusted) {
    this.adjusting = null;
    if (adjusted.entered) {
      this.controller.bar.entered.reset();
      this.controller.refreshAll();
      return;
    }
    this.controller.bar.toggle.checked = false;
    this.controller.applyEnteredMode();
    this.controller.refreshAll();
  }

  async rejected(err, request, dice) {
    const say = this.host.say;
    if (err.code === CODES.diceMissing && dice) {
      await this.controller.bar.entered.sync(request);
      const s = this.controller.bar.entered.slots.find((x) => x.input.value.trim() === '');
      if (s) s.input.focus();
      const what = (err.needed || []).map((n) => `${t('die.name', { sides: n.sides })}${n.label ? ` (${n.label})` : ''}`).join(', ');
      this.controller.bar.entered.note.textContent = count('roll.needDice', err.needed.length, { what });
      say(this.controller.bar.entered.note.textContent);
      return;
    }
    if (err.field && /^dice\[(\d+)\]$/.test(err.field)) {
      this.controller.bar.entered.markErrors([{ slot: Number(err.field.match(/\d+/)[0]), message: err.message }]);
      say(err.message);
      return;
    }
    const form = this.controller.current.form;
    const first = form.showErrors([{ path: err.field || '', message: err.message }]);
    if (err.field) this.controller.apiErrorPaths = [err.field];
    if (first && first.focus) first.focus();
    say(t('roll.notRolled', { message: err.message }));
  }

  /** Show a resolved result and keep it in history. `extra`: fields the
   * entry adds (when a shared roll was rolled, what a follow-up spent). */
  record(request, answer, source, t0, adjusted = false, extra = {}) {
    const begun = performance.now();
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
      locale: lang(), // the language of its line and card (the bridge asked in it)
      result: compactResult(answer),
      ...extra,
    };
    if (adjusted) entry.adjusted = true; // the same dice as an earlier roll, inputs changed
    // a card asked for first may leave parts for later (card.later): the
    // whole card is the answer to its replay, asked for now (the worker works
    // while the page draws) and drawn once the card is painted
    const later = answer.card && answer.card.later && answer.replay ? this.engine.resolve(answer.replay) : null;
    this.keepTracked(request, answer);
    this.controller.card.show(entry, t0, { begun, later: !!later });
    // save after the result is painted (with its later parts): the tap-to-result path stays short
    const painted = new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const saved = Promise.all([this.saving, painted]).then(async () => {
      if (later) {
        // the roll is kept whatever becomes of its later parts (the card then asks again when shown)
        try { this.controller.card.fillLater(entry, await later); } catch (error) { console.error(error); }
      }
      history.add(entry);
      this.controller.resultHost.dataset.saved = entry.id;
      if (this.host.onSaved) this.host.onSaved(entry);
    });
    this.saving = saved.catch(() => {}); // a failed save (reported) does not stop the next
    return entry;
  }

  /** A result's `track` (the rules' new state of what filled a group):
   * kept in the tracked entry that filled it, and shown in the form. */
  keepTracked(request, answer) {
    const form = this.controller.current.form;
    const track = answer.track;
    if (!form || !track || typeof track !== 'object' || form.check.id !== request.check) return;
    const s = this.controller.systemEntry(request.system);
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
    this.controller.refreshAll();
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
      if (spent) this.host.say(t('roll.spent', { character: action.spend.character, label: spent.label, left: spent.left, max: spent.max }));
      if (this.host.onCounters) this.host.onCounters();
    };
    const slot = this.controller.resultHost.querySelector('.follow-slot');
    if (this.controller.bar.toggle.checked && slot && rollsNew) {
      const entry = await followup.askDice({ engine: this.engine, say: (t) => this.host.say(t) }, slot, request, action,
        (answer, full) => done(answer, full, 'entered'), () => this.endFollowEntry());
      this.startFollowEntry(action, entry);
      return;
    }
    const answer = await this.engine.resolve({ ...request, card_first: true });
    if (answer.error) { this.host.say(answer.error.message); return; }
    // no new dice (+1 QL): the throw is still the one on the table
    done(answer, request, rollsNew || !from ? null : from.source);
  }

  /** While a card asks for a follow-up's dice, the pinned bar resolves it. */
  startFollowEntry(action, entry) {
    this.followEntry = entry;
    this.controller.bar.reason.textContent = t('roll.followDice', { label: action.label });
    this.controller.bar.root.dataset.follow = 'true';
  }

  endFollowEntry() {
    if (!this.followEntry) return;
    this.followEntry = null;
    delete this.controller.bar.root.dataset.follow;
    this.controller.setRollState(this.controller.blockingErrors);
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
    if (from) this.controller.card.show(from); else this.controller.card.show(entry);
    this.host.say(left ? t('roll.undoneLeft', { character: entry.spent.character, label: left.label, left: left.left, max: left.max }) : t('roll.undone'));
    if (this.host.onCounters) this.host.onCounters();
  }

  again(entry) {
    if (!this.controller.loadEntryIntoForm(entry)) return;
    if (this.controller.bar.toggle.checked) {
      this.controller.bar.entered.reset();
      this.controller.refreshAll();
      this.host.say(t('roll.enterNew'));
      return;
    }
    this.controller.refreshAll();
    this.roll();
  }

  /** Adjust: the same dice, changed inputs (the entered-dice fields,
   * pre-filled, for this one resolve; then back to the mode the player was in). */
  async adjust(entry) {
    if (!this.controller.loadEntryIntoForm(entry)) return;
    this.adjusting = { entry, entered: this.controller.bar.toggle.checked };
    this.controller.bar.toggle.checked = true;
    this.controller.applyEnteredMode();
    this.controller.bar.entered.reset();
    // the entry's dice in the fields the rules name for them (`drawn`)
    const rolls = entry.result.rolls || [];
    const dice = entry.dice || rolls.map((d) => d.value);
    const again = await this.engine.resolve({ ...entry.request, system: entry.system, check: entry.check, dice });
    const drawn = (again && again.drawn) || rolls;
    this.controller.bar.entered.setSlots(dice.map((v, i) => ({ ...(drawn[i] || { sides: 0, label: '' }), value: v })));
    this.controller.refreshAll();
    this.controller.bar.entered.note.textContent = t('roll.adjustFilled');
    const first = this.controller.current.form.top.leaves().next().value;
    if (first) first.focus();
    this.host.say(this.controller.bar.entered.note.textContent);
  }

  /** Open a history entry: its form and its card. */
  open(entry) {
    this.controller.loadEntryIntoForm(entry);
    this.controller.card.show(entry);
    this.controller.refreshAll();
    this.controller.resultHost.scrollIntoView({ block: 'start' });
  }
}
