// Live odds: the exact chance of each outcome as labelled bars, plus the
// check's distributions (QL, ranks, totals, ...) as small bar charts.
// Requests are debounced; an answer that arrives after a newer request was
// sent is dropped; while computing, the last answer stays, greyed.

import { el, clear, humanise, pct, isPlainObject } from './util.js';
import { tone } from './result.js';

const DIST_LABELS = {
  quality_levels: 'Quality level (QL)', quality_level: 'Final QL', distribution: 'Total', kept_die: 'Kept d20', checks_needed: 'Checks needed', rounds_needed: 'Rounds needed', quality_if_short: 'QL collected when the checks run out', ranks: 'Ranks', totals: 'Total',
  margins: 'Margin', damage: 'Damage', favourability: 'Favourability', total_quality: 'Total QL',
};

/** [ax]'s GM table: success chance by dice (columns) and difficulty (rows);
 * mode and mean marked, cells that differ from the printed book flagged. */
function gridTable(answer) {
  const cols = answer.columns || [];
  const legend = answer.legend || {};
  let flagged = 0;
  const body = answer.rows.map((r) => el('tr', {},
    el('th', { scope: 'row' }, String(r.difficulty)),
    r.cells.map((c) => {
      if (c.differs || c.mark_differs) flagged += 1;
      const mark = c.mark || '';
      const note = c.note || (c.mark_differs ? `the book marks this cell ${c.book_mark || 'unmarked'}` : '');
      return el('td', { class: [c.mode ? 'mode' : '', c.mean ? 'mean' : '', c.differs || c.mark_differs ? 'differs' : ''].join(' ').trim() || null, 'data-dice': c.dice, 'data-difficulty': c.difficulty, 'data-p': c.chance },
        `${c.percent}%`, mark ? el('span', { class: 'mark' }, mark) : null,
        c.differs || c.mark_differs ? el('span', { class: 'flag' }, '\u2691', el('span', { class: 'visually-hidden' }, ` differs from the book: ${note}`)) : null,
        c.differs && c.book ? el('span', { class: 'book' }, `book ${c.book}%`) : null);
    })));
  // the title sits above the scrolling box so it is never clipped
  return el('div', { class: 'ax-table' },
    el('h3', { class: 'table-title', id: 'ax-table-title' }, 'Success chance by number of d10 (top two kept) and difficulty'),
    el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-labelledby': 'ax-table-title' },
      el('table', { class: 'odds-table grid', 'aria-labelledby': 'ax-table-title' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Difficulty'), cols.map((c) => el('th', { scope: 'col' }, `${c.dice}d10`)))),
        el('tbody', {}, body),
        el('tfoot', {}, el('tr', {}, el('th', { scope: 'row' }, 'Mean'), cols.map((c) => el('td', {}, Number(c.mean).toFixed(2)))),
          el('tr', {}, el('th', { scope: 'row' }, 'Skip below'), cols.map((c) => el('td', {}, c.skip_below === null || c.skip_below === undefined ? '\u2014' : String(c.skip_below))))))),
    el('p', { class: 'odds-note' }, Object.entries(legend).map(([k, v]) => `${k} ${v}`).join('; '),
      flagged ? `; \u2691 ${flagged} ${flagged === 1 ? 'cell differs' : 'cells differ'} from the printed book (exact value shown, book value below it).` : '.'));
}

const FAVOURABILITY = { very_unfavourable: 'Very Unfavourable', unfavourable: 'Unfavourable', neutral: 'Neutral', favourable: 'Favourable', highly_favourable: 'Highly Favourable' };

// bands from bad to good, so the stacked bar reads at a glance
const FAV_TONE = { very_unfavourable: 'awful', unfavourable: 'fail', neutral: 'neutral', favourable: 'ok', highly_favourable: 'great' };

const SCALAR_LABELS = { success_chance: 'Chance of success', expected_quality_level: 'Expected QL', net_advantage: 'Net advantage', dice: 'Dice rolled', failure_chance: 'Chance of failure', member_chances: 'Each participant\u2019s chance', mean: 'Mean', skip_advised: 'Skip advised', evasion_dc: 'Evasion DC', target: 'Target number', eav: 'EAV' };

export class OddsPanel {
  constructor(root, engine, metrics) {
    this.root = root;
    this.engine = engine;
    this.metrics = metrics;
    this.seq = 0;
    this.shown = 0;
    this.body = el('div', { class: 'odds-body' });
    this.status = el('p', { class: 'odds-status' });
    this.root.append(el('h2', { id: 'odds-title' }, 'Odds'), this.status, this.body);
    this.root.setAttribute('aria-labelledby', 'odds-title');
    this.timer = null;
  }
  /** Ask for the odds of `request` after `delay` ms of quiet. */
  request(systemEntry, check, request, changedAt, delay = 90) {
    clearTimeout(this.timer);
    this.root.classList.add('stale');
    this.root.setAttribute('aria-busy', 'true');
    const seq = ++this.seq;
    this.timer = setTimeout(() => this.fetch(seq, systemEntry, check, request, changedAt), delay);
    return seq;
  }
  async fetch(seq, systemEntry, check, request, changedAt) {
    let answer;
    try {
      answer = await this.engine.odds(request);
    } catch (e) {
      answer = { error: { field: null, message: String(e && e.message ? e.message : e) } };
    }
    if (seq !== this.seq) return null; // a newer request is on its way
    this.render(systemEntry, check, answer);
    window.__lastOddsRequest = request; // for tests: what the shown odds answer
    this.root.classList.remove('stale');
    this.root.removeAttribute('aria-busy');
    this.shown = seq;
    this.root.dataset.seq = String(seq);
    if (changedAt !== undefined && this.metrics) {
      requestAnimationFrame(() => setTimeout(() => this.metrics.push(performance.now() - changedAt), 0));
    }
    if (this.onAnswer) this.onAnswer(answer, request);
    return answer;
  }
  /** Inputs are invalid: keep the bars, greyed, and say why. */
  invalid(message) {
    clearTimeout(this.timer);
    this.seq += 1;
    this.root.classList.add('stale');
    this.root.removeAttribute('aria-busy');
    this.status.textContent = message;
  }
  clear(message) {
    this.seq += 1;
    clearTimeout(this.timer);
    clear(this.body);
    this.root.classList.remove('stale');
    this.status.textContent = message || '';
  }
  render(systemEntry, check, answer) {
    clear(this.body);
    if (answer.error && answer.error.odds_only) {
      // too big for exact odds, fine to roll
      this.status.textContent = 'Exact odds not available for this expression; you can still roll it.';
      this.status.title = answer.error.message || '';
      this.root.dataset.state = 'odds-only';
      return;
    }
    if (answer.error) {
      this.status.textContent = `No odds: ${answer.error.message}`;
      this.root.dataset.state = 'error';
      return;
    }
    this.status.textContent = '';
    this.root.dataset.state = 'ok';
    const favOnly = !!answer.favourability_only && isPlainObject(answer.favourability);
    const outcomes = favOnly ? answer.favourability : (answer.outcomes || {});
    const order = favOnly ? Object.keys(outcomes) : (check.outcomes || Object.keys(outcomes));
    const labelOf = (l) => (favOnly ? FAVOURABILITY[l] || humanise(l) : (check.outcome_labels && check.outcome_labels[l]) || humanise(l));
    // outcomes that cannot happen with these inputs (exactly 0) are left out
    const impossible = (l) => {
      const p = Number(outcomes[l] || 0);
      if (p !== 0) return false;
      const exact = answer.exact && answer.exact[l];
      return favOnly || exact === undefined || exact === null || /^0(\/\d+)?$/.test(String(exact));
    };
    if (favOnly) {
      this.body.append(el('p', { class: 'odds-fact', 'data-key': 'favourability_only' },
        'No Luck DC set: the roll reads how favourable things are.'));
    }
    if (order.length > 1) {
      const segs = [];
      const rows = [];
      for (const label of order) {
        const p = Number(outcomes[label] || 0);
        if (impossible(label)) continue;
        const words = labelOf(label);
        const t = favOnly ? (FAV_TONE[label] || 'neutral') : tone(check, { outcome: label, success: (check.success_outcomes || []).includes(label) });
        if (p > 0) segs.push(el('span', { class: `part tone-${t}`, style: { flexGrow: String(p) }, title: `${words} ${pct(p)}` }));
        const exact = !favOnly && answer.exact && answer.exact[label];
        rows.push(el('li', { class: `odds-row tone-${t}`, 'data-outcome': label, 'data-p': String(p), 'data-exact': exact || null },
          el('span', { class: 'odds-label' }, el('span', { class: 'swatch', 'aria-hidden': 'true' }), words),
          el('span', { class: 'odds-bar', 'aria-hidden': 'true' }, el('span', { style: { width: `${(p * 100).toFixed(3)}%` } })),
          el('strong', { class: 'odds-pct' }, pct(p))));
      }
      const summary = order.filter((l) => !impossible(l)).map((l) => `${labelOf(l)} ${pct(Number(outcomes[l] || 0))}`).join(', ');
      this.body.append(el('div', { class: `stackbar${favOnly ? ' favourability' : ''}`, role: 'img', 'aria-label': summary }, segs));
      this.body.append(el('ul', { class: 'odds-list', 'data-kind': favOnly ? 'favourability' : 'outcomes', 'aria-label': favOnly ? 'Chance of each favourability' : 'Chance of each outcome' }, rows));
      if (favOnly && answer.outcomes && typeof answer.outcomes.lucky_break === 'number') {
        this.body.append(el('p', { class: 'odds-fact', 'data-key': 'lucky_break' }, 'Lucky break (natural 20): ', el('strong', {}, pct(answer.outcomes.lucky_break))));
      }
    }
    const about = [];
    const grid = Array.isArray(answer.rows) && answer.rows.every((r) => r && Array.isArray(r.cells));
    if (grid) this.body.append(gridTable(answer));
    // distributions and other figures the check adds
    for (const [k, v] of Object.entries(answer)) {
      if (['system', 'check', 'outcomes', 'exact', 'exact_omitted', 'tail', 'tail_outcome', 'expression', 'favourability_only'].includes(k)) continue;
      if (favOnly && (k === 'favourability' || k === 'dc')) continue;
      if (k === 'unresolved_bound' && typeof v === 'number') {
        about.push(`Chance the contest is still unresolved after the rounds counted: at most ${v.toExponential(2)}.`);
        continue;
      }
      if (grid && ['rows', 'columns', 'dice', 'difficulties', 'differences', 'skip_advice', 'legend'].includes(k)) continue;
      if (v === null || v === undefined || v === '') continue;
      if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) {
        const shown = /chances?$/.test(k) && v.every((x) => typeof x === 'number') ? v.map((x) => pct(x)) : v;
        this.body.append(el('p', { class: 'odds-fact', 'data-key': k }, `${SCALAR_LABELS[k] || humanise(k)}: `, el('strong', {}, shown.join(' / '))));
        continue;
      }
      if (isPlainObject(v) && Object.values(v).every((x) => typeof x === 'number')) {
        this.body.append(distChart(DIST_LABELS[k] || humanise(k), k, v));
      } else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') {
        const text = typeof v === 'number' && k.endsWith('chance') ? pct(v)
          : typeof v === 'number' && !Number.isInteger(v) ? (Math.abs(v) < 0.01 ? v.toExponential(2) : v.toFixed(2))
          : String(v === true ? 'yes' : v === false ? 'no' : v);
        if (k.endsWith('_note')) about.push(String(v));
        else this.body.append(el('p', { class: 'odds-fact', 'data-key': k }, `${SCALAR_LABELS[k] || humanise(k)}: `, el('strong', {}, text)));
      } else if (v && typeof v === 'object') {
        this.body.append(genericTable(DIST_LABELS[k] || humanise(k), k, v, check.outcome_labels || {}));
      }
    }
    if (about.length) {
      this.body.append(el('details', { class: 'odds-about' }, el('summary', {}, 'About these odds'),
        el('ul', {}, about.map((t) => el('li', { class: 'odds-note' }, t)))));
    }
  }
}

function distChart(title, key, dist) {
  let entries = Object.entries(dist).map(([x, p]) => [x, Number(p)]);
  const numeric = entries.every(([x]) => /^-?\d+$/.test(x));
  if (numeric) entries.sort((a, b) => Number(a[0]) - Number(b[0]));
  // long tails (exploding dice, big pools) are trimmed for the chart only
  if (entries.length > 60) entries = entries.filter(([, p]) => p >= 0.0005);
  const max = Math.max(...entries.map(([, p]) => p), 1e-12);
  let mean = null;
  const mass = Object.values(dist).reduce((s, p) => s + Number(p), 0);
  // a mean only for a whole distribution (some are conditional or partial)
  if (numeric && Math.abs(mass - 1) < 1e-6) mean = Object.entries(dist).reduce((s, [x, p]) => s + Number(x) * Number(p), 0);
  const bars = entries.map(([x, p]) => el('li', { class: 'col', 'data-x': x, 'data-p': String(p) },
    el('span', { class: 'col-bar', style: { height: `${Math.max((p / max) * 100, p > 0 ? 2 : 0).toFixed(2)}%` }, 'aria-hidden': 'true' }),
    el('span', { class: 'col-x' }, x),
    el('span', { class: 'visually-hidden' }, `: ${pct(p)}`)));
  const many = entries.length > 24;
  return el('figure', { class: `dist ${many ? 'dist-many' : ''}`, 'data-key': key },
    el('figcaption', {}, title, mean !== null ? el('span', { class: 'dist-mean' }, ` \u00b7 mean ${mean.toFixed(2)}`) : null),
    el('ol', { class: 'cols', 'aria-label': `${title} distribution` }, bars),
    el('details', { class: 'dist-table' }, el('summary', {}, 'As a table'),
      el('table', {}, el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, title), el('th', { scope: 'col' }, 'Chance'))),
        el('tbody', {}, entries.map(([x, p]) => el('tr', {}, el('th', { scope: 'row' }, x), el('td', {}, pct(p))))))));
}

function cell(v) {
  if (typeof v === 'number') return v >= 0 && v <= 1 && !Number.isInteger(v) ? pct(v) : String(v);
  if (v === null || v === undefined) return '\u2014';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A list of row objects or a dict of dicts as a table (e.g. [ax]'s odds table). */
function genericTable(title, key, value, rowLabels = {}) {
  let rows = [];
  let cols = [];
  if (Array.isArray(value) && value.every(isPlainObject)) {
    cols = [...new Set(value.flatMap((r) => Object.keys(r)))];
    rows = value.map((r, i) => [String(i + 1), cols.map((c) => r[c])]);
  } else if (isPlainObject(value) && Object.values(value).every(isPlainObject)) {
    cols = [...new Set(Object.values(value).flatMap((r) => Object.keys(r)))];
    rows = Object.entries(value).map(([k, r]) => [rowLabels[k] || humanise(k), cols.map((c) => r[c])]);
  } else {
    return el('p', { class: 'odds-fact', 'data-key': key }, `${title}: ${JSON.stringify(value)}`);
  }
  const rowHead = rows.some(([k]) => k !== null);
  return el('div', { class: 'table-wrap', 'data-key': key, tabindex: '0', role: 'region', 'aria-label': title },
    el('table', { class: 'odds-table' },
      el('caption', {}, title),
      el('thead', {}, el('tr', {}, rowHead ? el('th', { scope: 'col' }, '') : null, cols.map((c) => el('th', { scope: 'col' }, humanise(c))))),
      el('tbody', {}, rows.map(([k, vals]) => el('tr', {}, rowHead ? el('th', { scope: 'row' }, k) : null, vals.map((v) => el('td', {}, cell(v))))))));
}
