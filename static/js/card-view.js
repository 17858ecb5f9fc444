// The result pane: a history entry's card (drawn by result.js from the
// display model), its fold while the form holds other inputs than it shows,
// and bringing it into view.

import { el, clear, reducedMotion } from './util.js';
import * as history from './history.js';
import { renderResult, fillLater, announcement } from './result.js';
import * as followup from './followup.js';
import { compactResult, followUpParams } from './entries.js';
import { untilPainted, span } from './timeline.js';
import { lang, t, dateTime, timeOfDay } from './i18n.js';

let TIME = null;
let DATE = null;

/** When a card was rolled: the time, with the date when it was not today
 * (a shared roll, an old history entry). */
function timeText(iso) {
  if (lang() !== 'en') return new Date(iso).toDateString() === new Date().toDateString() ? timeOfDay(iso) : dateTime(iso);
  const when = new Date(iso);
  // the browser's own language and form (toLocaleTimeString's), one formatter each
  TIME ||= new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });
  DATE ||= new Intl.DateTimeFormat();
  const time = TIME.format(when);
  return when.toDateString() === new Date().toDateString() ? time : `${DATE.format(when)} ${time}`;
}

export class CardView {
  /** controller: the table controller (table.js): its engine, host {say}, catalog, roller, form inputs, panes */
  constructor(controller) {
    this.controller = controller;
    this.engine = controller.engine;
    this.host = controller.host;
    this.lastResult = null;
    this.painted = 0; // cards painted after a roll (data-painted)
    this.root = el('section', { id: 'result', class: 'result panel', 'aria-label': t('card.result') },
      el('p', { class: 'placeholder' }, t('card.placeholder')));
  }

  sourceText(entry) {
    if (entry.adjusted) return t('card.adjusted', { source: this.sourceText({ ...entry, adjusted: false }) });
    if (entry.first_source && entry.first_source !== entry.source) {
      // a follow-up: the throw it kept came one way, its new dice another
      return t('card.newDice', { first: this.sourceText({ source: entry.first_source }), source: this.sourceText({ source: entry.source }) });
    }
    if (entry.source === 'entered') return t('card.entered');
    if (entry.source === 'seeded') return t('card.seeded');
    if (entry.source === 'shared') return t('card.shared');
    return t('card.here');
  }

  /** Draw a history entry's card (older entries without a card are resolved
   * again from their dice: the rules are a pure function of the dice).
   * t0: the tap it answers (measured to its frame); begun: when its answer
   * came; later: the card's parts left for later are coming (fillLater). */
  async show(entry, t0, { begun, later } = {}) {
    const s = this.controller.systemEntry(entry.system);
    const check = s && s.checks[entry.check];
    if (!s || !check) return;
    this.controller.roller.endFollowEntry(); // a new card: the one asking for dice is gone
    // an entry written in another language (or without a card, or without the
    // parts its card left for later) is resolved again from its dice in the
    // page's: the rules are a pure function of the dice
    if (!entry.result.card || (entry.locale || 'en') !== lang() || (entry.result.card.later && !later)) {
      const { locale, ...request } = entry.request;
      const again = await this.engine.resolve({ ...request, system: entry.system, check: entry.check, dice: entry.dice || [], locale: lang() });
      if (again.error && !entry.result.card) return;
      if (!again.error) {
        entry.result = compactResult(again);
        entry.line = again.line;
        entry.locale = lang();
        history.touch();
      }
    }
    const card = renderResult(entry.result, ...this.cardArgs(entry, s, check));
    card.dataset.entry = entry.id;
    if (!reducedMotion()) card.classList.add('animate');
    this.addFoldBar(card);
    clear(this.root);
    this.root.append(card);
    this.lastResult = entry;
    this.cardInputs = this.controller.formInputs(); // the form holds this card's inputs now
    this.host.say(announcement(entry.result));
    if (t0 !== undefined) {
      // where a tap's time went, and the tap to its card painted (timeline.js);
      // data-painted counts the cards painted
      const built = span('card-build', begun === undefined ? t0 : begun);
      untilPainted('card-frame', built);
      untilPainted('tap-to-card', t0, () => { this.painted += 1; this.root.dataset.painted = String(this.painted); });
    }
    this.reveal(card);
  }

  /** renderResult's actions and meta for an entry's card. */
  cardArgs(entry, s, check) {
    return [{
      again: () => this.controller.roller.again(entry),
      adjust: followUpParams(check, entry.request).length ? null : () => this.controller.roller.adjust(entry),
      choose: (id) => { entry.choice = id; history.touch(); },
      follow: (request, action) => this.controller.roller.follow(request, action, entry),
      undo: entry.spent && !entry.undone ? () => this.controller.roller.undoFollow(entry) : null,
    }, { context: s.short_name || s.name, time: timeText(entry.time), source: this.sourceText(entry), choice: entry.choice,
      counter: (spend) => followup.counterFor(entry.system, spend), followed: !!entry.followed,
      spent: entry.spent ? followup.counterFor(entry.system, entry.spent) : null, undone: !!entry.undone }];
  }

  /** The parts an entry's card left for later (api.resolve card_first),
   * from `whole`, the answer to its replay (the same throw): kept in the
   * entry, and drawn into its card when that is still shown. */
  fillLater(entry, whole) {
    if (!whole || whole.error || !whole.card || whole.card.later) return;
    entry.result = { ...entry.result, card: whole.card };
    if (whole.line) entry.line = whole.line;
    const card = this.root.querySelector('.result-card');
    const s = this.controller.systemEntry(entry.system);
    const check = s && s.checks[entry.check];
    if (!card || card.dataset.entry !== entry.id || !check) return;
    const start = performance.now();
    // the parts come in below the card's head, which stays where it was
    // brought into view: no scroll anchoring on a node under them (it would
    // scroll the page by their height) until they are painted
    const page = document.documentElement;
    page.style.overflowAnchor = 'none';
    fillLater(card, entry.result, ...this.cardArgs(entry, s, check));
    untilPainted('card-later', start, () => { page.style.overflowAnchor = ''; });
  }

  /** A card's fold: one line saying the form has moved on, and a button
   * that shows the whole card again. */
  addFoldBar(card) {
    const btn = el('button', { type: 'button', class: 'btn card-unfold', 'aria-expanded': 'false' }, t('card.unfold'));
    btn.addEventListener('click', () => {
      const open = !card.classList.contains('unfolded');
      card.classList.toggle('unfolded', open);
      btn.setAttribute('aria-expanded', String(open));
      btn.textContent = open ? t('card.fold') : t('card.unfold');
    });
    const bar = el('div', { class: 'card-fold' }, el('p', {}, t('card.changed')), btn);
    const head = card.querySelector('.result-head');
    card.insertBefore(bar, head ? head.nextSibling : card.firstChild);
  }

  /** The card folds to its headline while the form holds other inputs than
   * it shows (the odds below it are then the form's, not the card's), and
   * unfolds when the form holds them again. */
  fold(inputs) {
    const card = this.root.querySelector('.result-card');
    if (!card || this.cardInputs === undefined) return;
    const fold = inputs !== this.cardInputs;
    if (fold === card.classList.contains('folded')) return;
    card.classList.toggle('folded', fold);
    this.root.dataset.folded = String(fold);
    // the pane beside the form scrolls by itself: the odds come into view
    const pane = this.controller.outPane;
    if (fold && pane.scrollHeight > pane.clientHeight + 1 && getComputedStyle(pane).overflowY !== 'visible') pane.scrollTop = 0;
  }

  /** Bring the card's head into view when it is above the top, below the
   * fold or under the pinned Roll bar (every layout: side by side, stacked). */
  reveal(card) {
    const head = card.querySelector('.result-head') || card;
    const rect = card.getBoundingClientRect();
    const h = head.getBoundingClientRect();
    const bar = this.controller.bar.root.getBoundingClientRect();
    const covers = !this.controller.bar.root.hidden && bar.top < window.innerHeight && bar.bottom > 0
      && bar.left < h.right && bar.right > h.left;
    const limit = covers ? bar.top : window.innerHeight;
    if (rect.top < 0 || h.bottom > limit) {
      card.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
    }
  }

  clear() {
    this.controller.roller.endFollowEntry();
    this.lastResult = null;
    this.cardInputs = undefined;
    delete this.root.dataset.folded;
    clear(this.root);
    delete this.root.dataset.saved;
    this.root.append(el('p', { class: 'placeholder' }, t('card.placeholder')));
  }
}
