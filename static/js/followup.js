// Follow-ups a card offers (api.resolve's `card.actions`): each is a complete
// request. Rolled here, the page resolves it at once; with entered dice it
// asks, inside the card, for exactly the new dice the follow-up rolls (the
// request keeps the throw on the table, so the API asks only for the rest).
// An action may spend a counter of the character whose check it is (`spend`):
// the page counts it down once the follow-up is resolved.

import { el, clear } from './util.js';
import { t } from './i18n.js';
import { EnteredDice } from './entered.js';
import * as chars from './characters.js';

/** The counter an action spends, as it stands: {character, counter, left, max, label} or null. */
export function counterFor(system, spend) {
  if (!spend || !spend.character) return null;
  const character = chars.characterNamed(system, spend.character);
  if (!character) return null;
  const c = chars.counters(character).find((k) => k.key === spend.counter);
  return c ? { character, counter: c.key, left: c.left, max: c.max, label: c.label } : null;
}

/** Count the action's counter down (after its follow-up was resolved). */
export function spend(system, action) {
  const c = counterFor(system, action && action.spend);
  if (!c) return null;
  chars.spendCounter(c.character, c.counter, action.spend.amount || 1);
  return counterFor(system, action.spend);
}

/** Give back what an undone follow-up spent. */
export function refund(system, spent) {
  const c = counterFor(system, spent);
  if (c) chars.refundCounter(c.character, c.counter, spent.amount || 1);
}

/**
 * Ask for the new dice of `request` in `slot`; resolve when complete.
 * host: {engine, say(text)}; done(answer, request with its dice);
 * ended(): the entry was cancelled. Resolves to {go()}: resolve the dice
 * typed (the page's pinned Resolve calls it too).
 */
export function askDice(host, slot, request, action, done, ended = () => {}) {
  const dice = new EnteredDice({ engine: host.engine, onInput: () => dice.sync(request), onEnter: () => go() }, null);
  dice.show(true);
  const msg = el('p', { class: 'field-error', role: 'alert', hidden: true });
  const button = el('button', { type: 'button', class: 'btn primary', 'data-action': 'resolve-follow' }, 'Resolve');
  const cancel = el('button', { type: 'button', class: 'btn', onclick: () => { clear(slot); ended(); } }, 'Cancel');
  const go = async () => {
    msg.hidden = true;
    const v = dice.values();
    if (!v.complete) {
      dice.markErrors(v.errors);
      const s = dice.slots[v.errors[0] ? v.errors[0].slot : 0];
      if (s) s.input.focus();
      return;
    }
    const full = { ...request, dice: v.dice };
    const answer = await host.engine.resolve(full);
    if (answer.error) { msg.textContent = answer.error.message; msg.hidden = false; return; }
    clear(slot);
    done(answer, full);
  };
  button.addEventListener('click', go);
  clear(slot);
  const count = (action.new_dice || []).length;
  slot.append(el('div', { class: 'follow-entry', 'data-follow': action.label },
    el('p', { class: 'follow-entry-title' }, t(count === 1 ? 'follow.enterDie' : 'follow.enterDice', { label: action.label })),
    dice.root, msg, el('div', { class: 'follow-entry-actions' }, button, cancel)));
  return dice.sync(request).then(() => {
    const first = dice.slots[0];
    if (first) first.input.focus();
    host.say(t('follow.enterResolve', { label: action.label }));
    return { go };
  });
}
