// Live odds, drawn from the display model alone (api.odds's `display`):
// a stacked bar and a list of the outcomes with their exact chances, the
// figures, bar charts of the distributions, tables, and notes.
// Requests are debounced; an answer that arrives after a newer request was
// sent is dropped; while computing, the last answer stays, greyed.

import { el, clear, pct, afterFrame } from './util.js';
import { CODES } from './codes.js';
import { latest, untilPainted } from './timeline.js';
import { t, lang, number } from './i18n.js';

/** 'shade-1', 'shade-2' for the second and third outcome of one tone (the
 * sides of a contest, all neutral): each outcome has a colour of its own. */
function shades(rows) {
  const seen = {};
  return rows.map((r) => {
    const n = seen[r.tone] || 0;
    seen[r.tone] = n + 1;
    return n ? ` shade-${((n - 1) % 3) + 1}` : '';
  });
}

function outcomeRows(view) {
  const rows = view.outcomes || [];
  if (!rows.length) return [];
  const shade = shades(rows);
  const segs = rows.map((r, i) => (r.p > 0 ? el('span', { class: `part tone-${r.tone}${shade[i]}`, style: { flexGrow: String(r.p) }, title: `${r.label} ${pct(r.p)}` }) : null));
  const list = rows.map((r, i) => el('li', { class: `odds-row tone-${r.tone}${shade[i]}`, 'data-outcome': r.id, 'data-p': String(r.p), 'data-exact': r.exact || null },
    el('span', { class: 'odds-label' }, el('span', { class: 'swatch', 'aria-hidden': 'true' }), r.label),
    el('span', { class: 'odds-bar', 'aria-hidden': 'true' }, el('span', { style: { width: `${(r.p * 100).toFixed(3)}%` } })),
    el('strong', { class: 'odds-pct' }, pct(r.p))));
  const summary = rows.map((r) => `${r.label} ${pct(r.p)}`).join(', ');
  return [
    el('div', { class: 'stackbar', role: 'img', 'aria-label': summary }, segs),
    el('ul', { class: 'odds-list', 'data-kind': view.kind || null, 'aria-label': view.title || t('odds.eachOutcome') }, list),
  ];
}

function drawChart(c) {
  const bars = c.bars || [];
  const max = Math.max(...bars.map(([, p]) => p), 1e-12);
  const cols = bars.map(([x, p]) => el('li', { class: 'col', 'data-x': String(x), 'data-p': String(p) },
    el('span', { class: 'col-bar', style: { height: `${Math.max((p / max) * 100, p > 0 ? 2 : 0).toFixed(2)}%` }, 'aria-hidden': 'true' }),
    el('span', { class: 'col-x' }, String(x)),
    el('span', { class: 'visually-hidden' }, `: ${pct(p)}`)));
  return el('figure', { class: `dist ${bars.length > 24 ? 'dist-many' : ''}`, 'data-key': c.key || null },
    el('figcaption', {}, c.label, typeof c.mean === 'number' ? el('span', { class: 'dist-mean' }, ` \u00b7 ${t('odds.mean')} ${lang() === 'en' ? c.mean.toFixed(2) : number(c.mean, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })}`) : null),
    el('ol', { class: 'cols', 'aria-label': `${c.label} distribution` }, cols),
    el('details', { class: 'dist-table' }, el('summary', {}, t('odds.asTable')),
      el('table', {}, el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, c.label), el('th', { scope: 'col' }, t('odds.chance')))),
        el('tbody', {}, bars.map(([x, p]) => el('tr', {}, el('th', { scope: 'row' }, String(x)), el('td', {}, pct(p))))))));
}

let tableSeq = 0;
function drawCell(c, tag = 'td') {
  return el(tag, { class: [c.strong ? 'strong' : '', c.flag ? 'flagged' : ''].filter(Boolean).join(' ') || null, 'data-p': c.p === undefined ? null : String(c.p) },
    c.text, c.mark ? el('span', { class: 'mark' }, c.mark) : null,
    c.flag ? el('span', { class: 'flag' }, '\u2691', el('span', { class: 'visually-hidden' }, ` ${c.flag}`)) : null,
    c.sub ? el('span', { class: 'book' }, c.sub) : null);
}

/** A table with its title above the scrolling box; the header row and the
 * first column stay in view while it scrolls (CSS sticky). */
export function drawTable(t) {
  const id = `odds-table-${++tableSeq}`;
  const row = (r) => el('tr', {}, el('th', { scope: 'row' }, r.head), r.cells.map((c) => drawCell(c)));
  return el('div', { class: 'grid-table', 'data-key': t.key || null },
    el('h3', { class: 'table-title', id }, t.title),
    el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-labelledby': id },
      el('table', { class: 'odds-table grid', 'aria-labelledby': id },
        el('thead', {}, el('tr', {}, t.columns.map((c) => el('th', { scope: 'col' }, c)))),
        el('tbody', {}, t.rows.map(row)),
        t.foot && t.foot.length ? el('tfoot', {}, t.foot.map(row)) : null)),
    (t.notes || []).map((n) => el('p', { class: 'odds-note' }, n)));
}

/** Every kind of line the odds can show, drawn hidden while the engine
 * starts: the browser then finds its fonts (a synchronous round trip for
 * each size and weight on first use, slow on a busy machine) and compiles
 * the drawing code before the first odds arrive, not while they are drawn. */
const SAMPLES = [
  () => outcomeRows({ outcomes: [{ label: '0', p: 0.5, tone: 'sample' }, { label: '1', p: 0.5, tone: 'sample' }] }),
  () => el('p', { class: 'odds-fact' }, '0: ', el('strong', {}, '0')),
  () => drawTable({ title: '0', columns: ['0', '0'], rows: [{ head: '0', cells: [{ text: '0', strong: true, mark: '0', flag: '0', sub: '0' }] }],
    foot: [{ head: '0', cells: [{ text: '0' }] }], notes: ['0'] }),
  () => drawChart({ label: '0', mean: 0, bars: [[0, 0.5], [1, 0.5]] }),
  () => el('details', { class: 'odds-about', open: true }, el('summary', {}, '0'), el('ul', {}, el('li', { class: 'odds-note' }, '0'))),
];

export class OddsPanel {
  constructor(root, engine) {
    this.root = root;
    this.engine = engine;
    this.seq = 0;
    this.shown = 0;
    this.body = el('div', { class: 'odds-body' });
    this.status = el('p', { class: 'odds-status' });
    this.root.append(el('h2', { id: 'odds-title' }, t('odds.title')), this.status, this.body);
    this.root.setAttribute('aria-labelledby', 'odds-title');
    this.timer = null;
    this.sample = el('div', { class: 'odds-sample', 'aria-hidden': 'true', inert: '' }); // until the first odds are drawn
    this.body.append(this.sample);
  }
  /** Draw the hidden sample, one kind of line a frame (see SAMPLES). */
  async warm() {
    for (const part of SAMPLES) {
      if (!this.sample) return;
      this.sample.append(...[part()].flat());
      await afterFrame();
    }
  }
  /** Ask for the odds of `request` after `delay` ms of quiet (the first
   * odds of the page right away: nothing is typed yet). `early`: the engine is
   * still starting; the request waits in it and is answered when it is up.
   * The same request again, asked or answered, asks nothing. */
  request(request, changedAt, delay = this.shown ? 90 : 0, early = false) {
    const key = JSON.stringify(request);
    if (key === this.key && this.asked) return this.seq; // its answer is on its way
    if (key === this.key && this.shown === this.seq) {
      if (this.onAnswer) this.onAnswer(this.answer, request); // what it said stands again
      return this.seq;
    }
    clearTimeout(this.timer);
    this.root.classList.add('stale');
    this.root.setAttribute('aria-busy', 'true');
    const seq = ++this.seq;
    this.key = key;
    this.asked = false;
    this.timer = setTimeout(() => this.fetch(seq, request, changedAt, early), delay);
    return seq;
  }
  async fetch(seq, request, changedAt, early = false) {
    this.asked = true;
    const answer = await (early && this.engine.early ? this.engine.early('odds', request) : this.engine.odds(request));
    if (seq !== this.seq) return null; // a newer request is on its way
    this.asked = false;
    // an answer from no engine (no code) is asked again; the engine's own stay
    if (answer.error && !answer.error.code) this.key = null;
    this.answer = answer;
    const drawn = performance.now();
    this.render(answer);
    latest('odds-shown', request); // what the odds on screen answer (timeline.js)
    this.root.classList.remove('stale');
    this.root.removeAttribute('aria-busy');
    this.shown = seq;
    this.root.dataset.seq = String(seq);
    if (changedAt !== undefined) untilPainted('change-to-odds', changedAt);
    if (this.onAnswer) this.onAnswer(answer, request);
    performance.measure('tablecheck:odds-drawn', { start: drawn });
    this.settle();
    return answer;
  }
  /** Resolves when no odds are being asked (the answer drawn), or after `ms`. */
  idle(ms = 3000) {
    if (this.root.getAttribute('aria-busy') !== 'true') return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      (this.waiters = this.waiters || []).push(() => { clearTimeout(timer); resolve(); });
    });
  }
  settle() {
    const waiters = this.waiters || [];
    this.waiters = [];
    for (const fn of waiters) fn();
  }
  /** Inputs are invalid: keep the bars, greyed, and say why. */
  invalid(message) {
    clearTimeout(this.timer);
    this.seq += 1;
    this.key = null;
    this.root.classList.add('stale');
    this.root.removeAttribute('aria-busy');
    this.status.textContent = message;
    this.settle();
  }
  clear(message) {
    this.seq += 1;
    this.key = null;
    clearTimeout(this.timer);
    clear(this.body);
    if (this.sample) this.body.append(this.sample);
    this.root.classList.remove('stale');
    this.status.textContent = message || '';
  }
  render(answer) {
    clear(this.body);
    this.sample = null;
    this.status.title = '';
    if (answer.error && answer.error.code === CODES.oddsTooBig) {
      this.status.textContent = t('odds.notExact');
      this.status.title = answer.error.message || '';
      this.root.dataset.state = 'odds-only';
      return;
    }
    if (answer.error) {
      // the form shows a field's own problem next to the field: say it once
      this.status.textContent = answer.error.field ? t('odds.whenValid') : t('odds.none', { message: answer.error.message });
      this.root.dataset.state = 'error';
      return;
    }
    const view = answer.display || {};
    this.status.textContent = view.status || '';
    this.root.dataset.state = 'ok';
    if ((view.outcomes || []).length > 1) this.body.append(...outcomeRows(view));
    for (const f of view.figures || []) {
      this.body.append(el('p', { class: 'odds-fact', 'data-key': f.key || null }, `${f.label}: `, el('strong', {}, f.value)));
    }
    for (const t of view.tables || []) this.body.append(drawTable(t));
    for (const c of view.charts || []) this.body.append(drawChart(c));
    if ((view.notes || []).length) {
      this.body.append(el('details', { class: 'odds-about' }, el('summary', {}, t('odds.about')),
        el('ul', {}, view.notes.map((t) => el('li', { class: 'odds-note' }, t)))));
    }
  }
}
