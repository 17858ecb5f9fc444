// The result card: outcome in words, colour and icon; the key number; the
// dice drawn as dice (kept / dropped, explosion chains, confirmation rolls,
// EAV and SP cost, labels such as "assistant"); the summary; the steps on
// demand; and the other facts the rules return, in the game's words.

import { el, humanise, isPlainObject } from './util.js';

// Words for result fields, per game first, then shared.
const FACT_LABELS = {
  dark_eye: { quality_level: 'QL', points_left: 'SP left', eav: 'EAV', total_quality: 'Total QL', confirmation: 'Confirmation roll' },
  freedom_fantasies: { evasion_dc: 'Evasion DC', damage_dealt: 'Damage dealt', blocked: 'Blocked', damage_total: 'Damage taken (total)', stress: 'Stress', favourability: 'Favourability', net_advantage: 'Net advantage' },
  shadows_of_the_unknown: { target: 'Target number (TN)' },
  ax: { total: 'Total', skip_advised: 'Skip advised', adjusted_difficulty: 'Adjusted difficulty', successes: 'Successes', needed: 'Needed' },
  dungeons_of_olde: { total: 'Total', margin: 'Margin', ranks: 'Ranks', character_points: 'Character points', assist_bonus: 'Assist bonus', yield: 'Yield' },
  '*': { total: 'Total', margin: 'Margin', quality_level: 'QL', result: 'Result', dc: 'DC', kept: 'Kept die', cr: 'CR', cr_rank: 'CR rank', dice_total: 'Dice total', die: 'Stat die', rank_note: 'Die rank' },
};

// result fields shown elsewhere on the card (or not for people)
const SKIP = new Set(['system', 'check', 'outcome', 'success', 'rolls', 'summary', 'steps', 'source', 'exact',
  // drawn as dice, or said by the outcome / the odds panel already
  'dice', 'd20s', 'chains', 'terms', 'category', 'outcome_words', 'suggestion', 'critical_outcomes',
  'rows', 'columns', 'cells', 'legend', 'differences', 'skip_advice', 'difficulties', 'choices']);

const GREAT = /(spectacular_success|critical_success|critical_hit|fantastic|legendary|outstanding|lucky|direct_hit)/;
const AWFUL = /(botch|catastrophic|critical_failure|decisive_failure)/;

/** 'great' | 'ok' | 'fail' | 'awful' | 'neutral' for colour and icon. */
export function tone(check, result) {
  const outcome = result.outcome;
  if ((check.outcomes || []).length <= 1) return 'neutral';
  if (outcome === 'unresolved') return 'neutral';
  // a Luck Check without a DC reads favourability only: nothing succeeded or failed
  if (result.favourability_only) return 'neutral';
  // Dungeons of Olde with critical outcomes off: a plain success or failure
  if (result.critical_outcomes === false) return result.success ? 'ok' : 'fail';
  if (result.success) return GREAT.test(outcome) ? 'great' : 'ok';
  return AWFUL.test(outcome) ? 'awful' : 'fail';
}

const ICONS = { great: '\u2605', ok: '\u2714', fail: '\u2716', awful: '\u2620', neutral: '\u25CF' };

export function outcomeWords(check, outcome) {
  return (check.outcome_labels && check.outcome_labels[outcome]) || humanise(outcome);
}

/** The headline words of a result: the favourability band for a Luck Check
 * without a DC, else the outcome in the game's words. */
export function headline(check, result) {
  if (result.favourability_only && typeof result.favourability_label === 'string') return result.favourability_label;
  return outcomeWords(check, result.outcome);
}

/** The line under the headline, or ''. */
function subLine(check, result, words) {
  if (result.favourability_only) {
    return result.outcome === 'lucky_break' ? 'Lucky break (natural 20); no Luck DC set: favourability only' : 'No Luck DC set: favourability only';
  }
  if (result.critical_outcomes === false && typeof result.outcome_words === 'string') {
    const w = result.outcome_words.trim();
    return `Critical outcomes off: a ${w.charAt(0).toLowerCase()}${w.slice(1)}`;
  }
  return typeof result.outcome_words === 'string' && result.outcome_words !== words ? result.outcome_words : '';
}

/** The big number beside the outcome: [label, value] or null. */
export function keyNumber(systemId, result) {
  const r = result;
  if (systemId === 'dark_eye' && typeof r.total_quality === 'number') return ['Total QL', r.total_quality];
  if (typeof r.quality_level === 'number' && r.quality_level > 0) return ['QL', r.quality_level];
  if (typeof r.damage_dealt === 'number' && r.outcome !== 'miss') return ['Damage', r.damage_dealt];
  if (systemId === 'dungeons_of_olde' && typeof r.ranks === 'number' && typeof r.total === 'number') return ['Total', r.total];
  if (typeof r.total === 'number') return ['Total', r.total];
  if (typeof r.successes === 'number') return ['Successes', r.successes];
  if (typeof r.margin === 'number') return ['Margin', r.margin];
  if (typeof r.yield === 'number') return ['Yield', r.yield];
  return null;
}

function factLabel(systemId, key) {
  const own = FACT_LABELS[systemId] || {};
  return own[key] || FACT_LABELS['*'][key] || humanise(key);
}

function factValue(v) {
  if (v === null || v === undefined) return '\u2014';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.map(factValue).join(' / ');
  if (isPlainObject(v) && typeof v.value === 'number' && typeof v.sides === 'number') return `d${v.sides}: ${v.value}`;
  return String(v);
}

const pctText = (p) => `${(Number(p) * 100).toFixed(1)}%`;

/** [label, value text] of one result field for the card, or null to leave it
 * out (internal, said elsewhere on the card, or drawn with the dice). */
export function formatFact(systemId, k, v, result, rolls = []) {
  // said by the dice, the headline or a merged tile
  if (k === 'sides' || k === 'favourability_only' || k === 'dc_label' || k === 'favourability_label') return null;
  if (k === 'die' && typeof v === 'string') return null;
  if (k === 'favourability') return typeof result.favourability_label === 'string' && !result.favourability_only
    ? ['Favourability', result.favourability_label] : null;
  // each die already shows the EAV it was rolled against
  if (k === 'eav' && typeof v === 'number' && rolls.some((d) => d.eav === v)) return null;
  if (k === 'eav' && Array.isArray(v) && rolls.length && rolls.every((d) => typeof d.eav === 'number')) return null;
  if (k === 'kept' && typeof v === 'number' && rolls.some((d) => d.value === v)) return null;
  if (k === 'result' && typeof v === 'number' && typeof result.kept === 'number' && result.kept === v && rolls.length === 1) return null;
  if (k === 'dc') return ['DC', result.dc_label ? `${v} (${result.dc_label})` : String(v)];
  if (k === 'cr_rank' && typeof result.cr === 'number') return null; // said with the CR
  if (k === 'cr' && typeof v === 'number') return ['CR', result.cr_rank ? `${v} (${result.cr_rank})` : String(v)];
  if (k === 'winner') {
    if (typeof v === 'string' && /^[ab]$/i.test(v)) return ['Winner', `Side ${v.toUpperCase()} wins`];
    if (typeof v === 'number') return ['Winner', `Side ${v}`];
  }
  if (/(_chance|_chances)$/.test(k)) {
    const label = factLabel(systemId, k);
    if (typeof v === 'number') return [label, pctText(v)];
    if (Array.isArray(v) && v.every((x) => typeof x === 'number')) return [label, v.map(pctText).join(' / ')];
  }
  return [factLabel(systemId, k), factValue(v)];
}

// -- dice ---------------------------------------------------------------------

const DIE_KNOWN = new Set(['sides', 'value', 'label', 'kept', 'exploded', 'confirmation', 'rerolled', 'chain', 'eav', 'cost', 'info', 'die', 'short']);

function drawDie(d) {
  const classes = ['die'];
  if (d.kept === false) classes.push('dropped');
  if (d.rerolled) classes.push('rerolled');
  if (d.confirmation) classes.push('confirmation');
  if (d.exploded) classes.push('exploded');
  if (d.value === d.sides && d.sides > 1) classes.push('max');
  if (d.value === 1) classes.push('one');
  const notes = [];
  if (d.confirmation && !/confirm/i.test(d.label || '')) notes.push('confirmation');
  if (typeof d.eav === 'number') notes.push(`EAV ${d.eav}`);
  if (typeof d.cost === 'number') notes.push(d.cost > 0 ? `\u2212${d.cost} SP` : (d.short ? '' : 'covered'));
  if (typeof d.short === 'number' && d.short > 0) notes.push(`${d.short} SP short`);
  if (d.kept === false && !d.rerolled) notes.push('dropped');
  if (d.rerolled) notes.push('rerolled');
  for (const [k, v] of Object.entries(d)) {
    if (DIE_KNOWN.has(k) || v === null || typeof v === 'object') continue;
    if (k === 'who') { notes.push(`${v}\u2019s die`); continue; }
    if (k === 'dc' && typeof v === 'number') { notes.push(`DC ${v}`); continue; }
    notes.push(`${humanise(k)} ${factValue(v)}`);
  }
  const label = d.label && d.label !== `d${d.sides}` ? d.label : '';
  const shown = notes.filter(Boolean);
  const words = [`d${d.sides} ${label ? `(${label}) ` : ''}showing ${d.value}`, ...shown].join(', ');
  return el('li', { class: classes.join(' '), 'data-sides': d.sides, 'data-value': d.value, 'aria-label': words },
    el('span', { class: 'die-face', 'aria-hidden': 'true' },
      el('span', { class: 'die-sides' }, `d${d.sides}`),
      el('span', { class: 'die-value' }, String(d.value))),
    label ? el('span', { class: 'die-label', 'aria-hidden': 'true' }, label) : null,
    shown.length ? el('span', { class: 'die-notes', 'aria-hidden': 'true' }, shown.join(' \u00b7 ')) : null);
}

/** Dice in rolling order; consecutive dice of one explosion chain joined. */
export function drawDice(rolls) {
  const list = el('ul', { class: 'dice', 'aria-label': 'Dice rolled' });
  let i = 0;
  while (i < rolls.length) {
    const d = rolls[i];
    if (d.chain !== undefined && d.chain !== null) {
      const chain = [d];
      let j = i + 1;
      while (j < rolls.length && rolls[j].chain === d.chain) { chain.push(rolls[j]); j += 1; }
      if (chain.length > 1) {
        const total = chain.reduce((s, x) => s + x.value, 0);
        const text = `${chain.map((x) => x.value).join(' \u2192 ')} = ${total}`;
        const inner = el('ul', { class: 'chain-dice' });
        chain.forEach((x, k) => {
          if (k) inner.append(el('li', { class: 'chain-arrow', 'aria-hidden': 'true' }, '\u2192'));
          inner.append(drawDie(x));
        });
        list.append(el('li', { class: 'chain', 'aria-label': `explosion chain ${text}` }, inner,
          el('span', { class: 'chain-total' }, `= ${total}`)));
        i = j;
        continue;
      }
    }
    list.append(drawDie(d));
    i += 1;
  }
  return list;
}

// -- the card -----------------------------------------------------------------

/**
 * Render `result` (an api.resolve dict) for `check` (catalog entry).
 * actions: {again(), adjust(), choice(label)} callbacks, each optional.
 */
export function renderResult(systemEntry, check, result, actions = {}, meta = {}) {
  const inputs = new Set((check.params || []).map((p) => p.name));
  const systemId = systemEntry.id;
  const t = tone(check, result);
  const words = headline(check, result);
  const key = keyNumber(systemId, result);
  const sub = subLine(check, result, words);
  const head = el('div', { class: 'result-head' },
    el('span', { class: 'result-icon', 'aria-hidden': 'true' }, ICONS[t]),
    el('p', { class: 'result-outcome', 'data-outcome': result.outcome }, words),
    key ? el('p', { class: 'result-key' }, el('span', { class: 'result-key-label' }, key[0]), ' ', el('span', { class: 'result-key-value' }, String(key[1]))) : null);

  const facts = el('dl', { class: 'facts' });
  const rollsOf = Array.isArray(result.rolls) ? result.rolls : [];
  for (const [k, v] of Object.entries(result)) {
    if (SKIP.has(k) || v === null || v === undefined || v === '' || v === false) continue;
    if (inputs.has(k) && k !== 'cr' && k !== 'dc') continue; // an echo of the form's own value
    if (typeof v === 'object' && !(Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) && !(isPlainObject(v) && typeof v.sides === 'number')) continue;
    if (key && ((k === 'quality_level' && key[0] === 'QL') || (k === 'total' && key[0] === 'Total'))) continue;
    const shown = formatFact(systemId, k, v, result, rollsOf);
    if (!shown) continue;
    facts.append(el('div', { class: 'fact', 'data-key': k }, el('dt', {}, shown[0]), el('dd', {}, shown[1])));
  }

  const nested = [];
  for (const [k, v] of Object.entries(result)) {
    if (SKIP.has(k) || !Array.isArray(v) || !v.length || !v.every(isPlainObject)) continue;
    nested.push(el('details', { class: 'nested' }, el('summary', {}, `${factLabel(systemId, k)} (${v.length})`),
      el('ol', {}, v.map((x) => el('li', {}, x.summary ? x.summary : Object.entries(x).filter(([, y]) => typeof y !== 'object').map(([a, b]) => `${factLabel(systemId, a)} ${factValue(b)}`).join(', '))))));
  }

  const choices = [];
  for (const k of ['choices', 'options', 'suggestions', 'benefits', 'detriments']) {
    const v = result[k];
    if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string')) {
      choices.push(el('div', { class: 'rule-choices' }, el('h3', {}, factLabel(systemId, k)),
        el('ul', {}, v.map((x) => el('li', {}, x)))));
    }
  }

  // choices the rules offer (Freedom Fantasies benefits / detriments): tap one to note it
  const offer = isPlainObject(result.choices) && Array.isArray(result.choices.options) ? result.choices : null;
  if (offer && offer.options.length) {
    const noun = offer.pick ? String(offer.pick) : 'option';
    const chosen = meta.choice || null;
    const status = el('p', { class: 'choice-status', 'aria-live': 'polite' }, chosen ? `Chosen: ${(offer.options.find((o) => o.id === chosen) || {}).label || chosen}` : '');
    const buttons = offer.options.map((o) => {
      const b = el('button', { type: 'button', class: 'btn choice', 'aria-pressed': String(o.id === chosen), 'data-choice': o.id }, o.label || humanise(o.id));
      b.addEventListener('click', () => {
        for (const x of buttons) x.setAttribute('aria-pressed', String(x === b));
        status.textContent = `Chosen: ${o.label || humanise(o.id)}`;
        if (actions.choose) actions.choose(o.id);
      });
      return b;
    });
    choices.push(el('div', { class: 'rule-choices', 'data-pick': noun },
      el('h3', {}, `Pick a ${noun}`), el('div', { class: 'choice-buttons' }, buttons), status));
  }

  const steps = Array.isArray(result.steps) && result.steps.length
    ? el('details', { class: 'steps' }, el('summary', {}, 'Show the steps'), el('ol', {}, result.steps.map((s) => el('li', {}, s))))
    : null;

  const rolls = Array.isArray(result.rolls) ? result.rolls : [];
  const diceBlock = rolls.length ? drawDice(rolls) : el('p', { class: 'no-dice' }, 'No dice rolled.');
  const source = result.source === 'entered' ? 'entered dice' : (result.source === 'seeded' ? `seed ${meta.seed ?? ''}`.trim() : 'rolled here');

  const buttons = el('div', { class: 'result-actions' },
    actions.again ? el('button', { type: 'button', class: 'btn', onclick: actions.again, 'data-action': 'again' }, 'Again') : null,
    actions.adjust && rolls.length ? el('button', { type: 'button', class: 'btn', onclick: actions.adjust, 'data-action': 'adjust', title: 'Change inputs and resolve the same dice again' }, 'Adjust (same dice)') : null);

  const card = el('article', { class: `result-card tone-${t}`, 'data-outcome': result.outcome, 'data-success': String(!!result.success), 'data-tone': t, 'aria-labelledby': 'result-title' },
    el('h2', { id: 'result-title', class: 'visually-hidden' }, 'Result'),
    el('p', { class: 'result-context' }, [systemEntry.short_name || systemEntry.name, check.label, meta.character].filter(Boolean).join(' \u00b7 '), ' \u00b7 ', source, meta.time ? ` \u00b7 ${meta.time}` : ''),
    head,
    sub ? el('p', { class: 'result-sub' }, sub) : null,
    el('p', { class: 'result-summary' }, result.summary || ''),
    typeof result.suggestion === 'string' && result.suggestion ? el('p', { class: 'result-suggestion' }, el('strong', {}, 'The rules suggest: '), result.suggestion) : null,
    diceBlock,
    facts.childElementCount ? facts : null,
    nested, choices, steps, buttons);
  return card;
}

/** One sentence for the polite live region. */
export function announcement(systemEntry, check, result) {
  const key = keyNumber(systemEntry.id, result);
  return `${headline(check, result)}${key ? `, ${key[0]} ${key[1]}` : ''}. ${result.summary || ''}`;
}
