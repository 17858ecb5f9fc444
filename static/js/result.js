// The result card, drawn from the display model alone (api.resolve's
// `card`): headline in words with its tone's colour and icon, the key
// figure, the dice as dice with their captions, one section per group of a
// long check, facts, notes, choices, the steps on demand. It knows no game.

import { el, append } from './util.js';
import { drawTable } from './odds.js';
import { t } from './i18n.js';

const ICONS = { great: '\u2605', good: '\u2714', partial: '\u25D1', bad: '\u2716', awful: '\u2620', neutral: '\u25CF' };

export function toneIcon(tone) {
  return ICONS[tone] || ICONS.neutral;
}

function drawDie(d, view) {
  const classes = ['die'];
  if (d.kept === false) classes.push('dropped');
  if (d.rerolled) classes.push('rerolled');
  if (d.confirmation) classes.push('confirmation');
  if (d.exploded) classes.push('exploded');
  if (d.value === d.sides && d.sides > 1) classes.push('max');
  if (d.value === 1) classes.push('one');
  // what happened to the die, as Python calls it (a class each: mark-success, ...)
  const marks = view && Array.isArray(view.marks) ? view.marks.filter((m) => typeof m === 'string') : [];
  marks.forEach((m) => classes.push(`mark-${m.replace(/[^a-z0-9-]/gi, '')}`));
  const die = view && view.die ? String(view.die) : t('die.name', { sides: d.sides });
  const face = view && view.face !== undefined && view.face !== null ? String(view.face) : String(d.value);
  const label = view && view.label ? view.label : (d.label || '');
  const shown = (view && Array.isArray(view.notes) ? view.notes : []).filter(Boolean);
  const words = [t('die.side', { die: label ? `${die} (${label})` : die, face: d.value }), ...shown].join(', ');
  return el('li', { class: classes.join(' '), 'data-sides': d.sides, 'data-value': d.value, 'data-marks': marks.join(' ') || null, 'aria-label': words },
    el('span', { class: 'die-face', 'aria-hidden': 'true' },
      el('span', { class: 'die-sides' }, die),
      el('span', { class: 'die-value' }, face)),
    label ? el('span', { class: 'die-label', 'aria-hidden': 'true' }, label) : null,
    shown.length ? el('span', { class: 'die-notes', 'aria-hidden': 'true' }, shown.join(' \u00b7 ')) : null);
}

/** The dice at `indices` of `rolls` in rolling sequence; consecutive dice of
 * one explosion chain joined (8 -> 8 -> 3 = 19). */
export function drawDice(rolls, views = [], indices = null, label = t('card.diceRolled')) {
  const shown = indices || rolls.map((_, i) => i);
  const list = el('ul', { class: 'dice', 'aria-label': label });
  let k = 0;
  while (k < shown.length) {
    const i = shown[k];
    const d = rolls[i];
    if (!d) { k += 1; continue; }
    if (d.chain !== undefined && d.chain !== null) {
      const chain = [i];
      let j = k + 1;
      while (j < shown.length && rolls[shown[j]] && rolls[shown[j]].chain === d.chain && shown[j] === chain[chain.length - 1] + 1) {
        chain.push(shown[j]);
        j += 1;
      }
      if (chain.length > 1) {
        const total = chain.reduce((s, x) => s + rolls[x].value, 0);
        const text = `${chain.map((x) => rolls[x].value).join(' \u2192 ')} = ${total}`;
        const inner = el('ul', { class: 'chain-dice' });
        chain.forEach((x, n) => {
          if (n) inner.append(el('li', { class: 'chain-arrow', 'aria-hidden': 'true' }, '\u2192'));
          inner.append(drawDie(rolls[x], views[x]));
        });
        list.append(el('li', { class: 'chain', 'aria-label': t('card.chain', { text }) }, inner,
          el('span', { class: 'chain-total' }, `= ${total}`)));
        k = j;
        continue;
      }
    }
    list.append(drawDie(d, views[i]));
    k += 1;
  }
  return list;
}

function figureList(figures, cls) {
  if (!figures.length) return null;
  return el('dl', { class: cls }, figures.map((f) => el('div', { class: 'fact', 'data-key': f.key || null },
    el('dt', {}, f.label), el('dd', {}, f.value))));
}

function drawGroups(card, rolls, views) {
  if (!card.groups || !card.groups.length) return null;
  return el('ol', { class: 'groups', 'aria-label': t('card.parts') }, card.groups.map((g) => el('li', { class: `group-part${g.tone ? ` tone-${g.tone}` : ''}` },
    el('p', { class: 'group-title' }, el('strong', {}, g.title), g.summary ? ` \u2014 ${g.summary}` : ''),
    g.dice && g.dice.length ? drawDice(rolls, views, g.dice, t('card.diceOf', { title: g.title })) : null)));
}

function drawChoices(card, actions, meta) {
  return (card.choices || []).map((c) => {
    if (!Array.isArray(c.options) || !c.options.length) {
      return el('div', { class: 'card-choices' }, el('h3', {}, c.label), el('p', { class: 'result-suggestion' }, c.text));
    }
    const chosen = meta.choice || null;
    const nameOf = (id) => (c.options.find((o) => o.id === id) || {}).label || id;
    const status = el('p', { class: 'choice-status', 'aria-live': 'polite' }, chosen ? t('card.chosen', { name: nameOf(chosen) }) : '');
    const buttons = c.options.map((o) => {
      const b = el('button', { type: 'button', class: 'btn choice', 'aria-pressed': String(o.id === chosen), 'data-choice': o.id }, o.label);
      b.addEventListener('click', () => {
        for (const x of buttons) x.setAttribute('aria-pressed', String(x === b));
        status.textContent = t('card.chosen', { name: o.label });
        if (actions.choose) actions.choose(o.id);
      });
      return b;
    });
    return el('div', { class: 'card-choices', 'data-pick': c.id || null },
      el('h3', {}, c.label), c.text ? el('p', {}, c.text) : null, el('div', { class: 'choice-buttons' }, buttons), status);
  });
}

function followButton(a, actions, meta) {
  const left = meta.counter ? meta.counter(a.spend) : null;
  const none = (left && left.left < (a.spend.amount || 1)) || meta.followed;
  return el('button', { type: 'button', class: `btn follow${a.best ? ' best' : ''}`, 'data-action': 'follow', disabled: none || null,
    onclick: () => actions.follow && actions.follow(a.request, a) },
  el('span', { class: 'follow-label' }, a.label), a.detail ? el('span', { class: 'follow-detail' }, a.detail) : null);
}

/** The follow-ups, in their groups (a heading, what they spend, a button each). */
function drawFollowUps(card, actions, meta) {
  const list = card.actions || [];
  if (!list.length) return null;
  const loose = [];
  const groups = new Map();
  for (const a of list) {
    if (!a.group) { loose.push(a); continue; }
    if (!groups.has(a.group)) groups.set(a.group, []);
    groups.get(a.group).push(a);
  }
  const counterLine = (items) => {
    const a = items.find((x) => x.spend);
    const c = a && meta.counter ? meta.counter(a.spend) : null;
    return c ? el('p', { class: 'follow-counter', 'data-left': String(c.left) }, t('card.left', { character: a.spend.character, label: c.label, left: c.left, max: c.max })) : null;
  };
  return el('div', { class: 'follow-ups' },
    meta.followed ? el('p', { class: 'follow-done' }, t('card.followed')) : null,
    [...groups].map(([title, items]) => el('div', { class: 'follow-group', role: 'group', 'aria-label': title },
      el('h3', {}, title), counterLine(items),
      el('div', { class: 'follow-buttons' }, items.map((a) => followButton(a, actions, meta))))),
    loose.length ? el('div', { class: 'follow-buttons' }, counterLine(loose), loose.map((a) => followButton(a, actions, meta))) : null,
    el('div', { class: 'follow-slot' }));
}

/** What a follow-up spent, what is left, and one tap to take it back. */
function drawSpent(actions, meta) {
  if (meta.undone) return el('p', { class: 'follow-undone' }, t('card.undone'));
  const c = meta.spent;
  if (!c) return null;
  return el('div', { class: 'follow-spent' },
    el('p', { class: 'follow-counter', 'data-left': String(c.left) }, t('card.left', { character: c.character.name, label: c.label, left: c.left, max: c.max })),
    actions.undo ? el('button', { type: 'button', class: 'btn', 'data-action': 'undo', onclick: actions.undo }, t('card.undo', { label: c.label })) : null);
}

/** A folded part: its summary now, its content built when first opened
 * (a click on the summary, before the browser opens it; `toggle` for any
 * other way), so a card lays out and paints only what is shown. */
export function lazyDetails(attrs, summary, build) {
  if (attrs.open) return el('details', attrs, el('summary', {}, summary), build());
  const head = el('summary', {}, summary);
  const node = el('details', attrs, head);
  let built = false;
  const fill = () => { if (!built) { built = true; append(node, [build()]); } };
  head.addEventListener('click', fill);
  node.addEventListener('toggle', () => { if (node.open) fill(); });
  return node;
}

// The card's parts as they are read, top to bottom: [name, build()]. Each top-level node is
// marked data-part=<name>; LATER are the parts a card asked for first may
// leave out (api.resolve card_first: `card.later`), drawn by fillLater.
const LATER = ['notes', 'follow', 'tables'];

function cardParts(result, actions, meta) {
  const card = result.card;
  const tone = card.headline.tone;
  const rolls = Array.isArray(result.rolls) ? result.rolls : [];
  const views = Array.isArray(card.dice) ? card.dice : [];
  const grouped = new Set((card.groups || []).flatMap((g) => g.dice || []));
  const loose = rolls.map((_, i) => i).filter((i) => !grouped.has(i));
  const context = [meta.context, card.title, card.subject].filter(Boolean).join(' \u00b7 ');
  return [
    ['title', () => el('h2', { id: 'result-title', class: 'visually-hidden' }, t('card.result'))],
    ['context', () => el('p', { class: 'result-context' }, context, meta.source ? ` \u00b7 ${meta.source}` : '', meta.time ? ` \u00b7 ${meta.time}` : '')],
    ['head', () => el('div', { class: 'result-head' },
      el('span', { class: 'result-icon', 'aria-hidden': 'true' }, toneIcon(tone)),
      el('p', { class: 'result-outcome', 'data-outcome': result.outcome }, card.headline.label),
      card.key ? el('p', { class: 'result-key' }, el('span', { class: 'result-key-label' }, card.key.label), ' ',
        el('span', { class: 'result-key-value' }, card.key.value)) : null)],
    ['summary', () => el('p', { class: 'result-summary' }, card.summary || result.summary || '')],
    ['dice', () => (rolls.length ? (loose.length ? drawDice(rolls, views, loose) : null) : el('p', { class: 'no-dice' }, t('card.noDice')))],
    ['groups', () => drawGroups(card, rolls, views)],
    ['facts', () => figureList(card.facts || [], 'facts')],
    ['notes', () => (card.notes && card.notes.length ? el('ul', { class: 'result-notes' }, card.notes.map((n) => el('li', { class: 'result-sub' }, n))) : null)],
    ['choices', () => drawChoices(card, actions, meta)],
    ['follow', () => drawFollowUps(card, actions, meta)],
    ['spent', () => drawSpent(actions, meta)],
    // open when the card offers a choice of follow-ups, closed when it offers none
    ['tables', () => ((card.tables || []).length ? lazyDetails({ class: 'card-tables', open: (card.actions || []).some((a) => a.group) },
      t('card.tables'), () => card.tables.map((x) => drawTable(x))) : null)],
    ['steps', () => (Array.isArray(result.steps) && result.steps.length
      ? lazyDetails({ class: 'steps' }, t('card.steps'), () => el('ol', {}, result.steps.map((x) => el('li', {}, x))))
      : null)],
    ['buttons', () => el('div', { class: 'result-actions' },
      actions.again ? el('button', { type: 'button', class: 'btn', onclick: actions.again, 'data-action': 'again' }, t('card.again')) : null,
      actions.adjust && rolls.length ? el('button', { type: 'button', class: 'btn', onclick: actions.adjust, 'data-action': 'adjust', title: t('card.adjustTitle') }, t('card.adjust')) : null)],
  ];
}

/** A part's nodes (none, one, or a list such as the choices), marked with its name. */
function partNodes(name, build) {
  const nodes = [build()].flat().filter(Boolean);
  for (const n of nodes) n.dataset.part = name;
  return nodes;
}

/**
 * Draw `result` (an api.resolve answer with `card`).
 * actions: {again(), adjust(), choose(id), follow(request, action), undo()}, each optional.
 * meta: {context (game and check words), time, source text, choice,
 *   counter(spend) -> {left, max, label} | null: what a follow-up would spend,
 *   followed: a follow-up was taken already (its buttons are disabled),
 *   spent: the counter this result spent, as it stands now; undone: it was taken back}.
 * A card with `later` is marked data-later until fillLater draws the rest.
 */
export function renderResult(result, actions = {}, meta = {}) {
  const card = result.card;
  const tone = card.headline.tone;
  return el('article', { class: `result-card tone-${tone}`, 'data-outcome': result.outcome, 'data-success': String(!!result.success), 'data-tone': tone,
    'data-later': card.later ? 'pending' : null, 'aria-labelledby': 'result-title' },
  cardParts(result, actions, meta).map(([name, build]) => partNodes(name, build)));
}

/** Draw into `node` (a card drawn by renderResult) the parts its answer
 * left for later, from `result`, the whole answer (the same throw). */
export function fillLater(node, result, actions = {}, meta = {}) {
  const parts = cardParts(result, actions, meta);
  const names = parts.map(([name]) => name);
  for (const [name, build] of parts) {
    if (!LATER.includes(name)) continue;
    for (const old of node.querySelectorAll(`:scope > [data-part="${name}"]`)) old.remove();
    const nodes = partNodes(name, build);
    if (!nodes.length) continue;
    // before the first part after it that the card has
    let anchor = null;
    for (const next of names.slice(names.indexOf(name) + 1)) {
      anchor = node.querySelector(`:scope > [data-part="${next}"]`);
      if (anchor) break;
    }
    for (const n of nodes) node.insertBefore(n, anchor);
  }
  delete node.dataset.later;
}

/** One sentence for the polite live region. */
export function announcement(result) {
  const c = result.card;
  return `${c.headline.label}${c.key ? `, ${c.key.label} ${c.key.value}` : ''}. ${c.summary || result.summary || ''}`;
}
