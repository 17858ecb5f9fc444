// Live odds, drawn from the display model alone (api.odds's `display`):
// a stacked bar and a list of the outcomes with their exact chances, the
// figures, bar charts of the distributions, tables, and notes.
// Requests are debounced; an answer that arrives after a newer request was
// sent is dropped; while computing, the last answer stays, greyed.

import { el, clear, pct } from './util.js';
import { CODES } from './codes.js';

function outcomeRows(view) {
  const rows = view.outcomes || [];
  if (!rows.length) return [];
  const segs = rows.filter((r) => r.p > 0).map((r) => el('span', { class: `part tone-${r.tone}`, style: { flexGrow: String(r.p) }, title: `${r.label} ${pct(r.p)}` }));
  const list = rows.map((r) => el('li', { class: `odds-row tone-${r.tone}`, 'data-outcome': r.id, 'data-p': String(r.p), 'data-exact': r.exact || null },
    el('span', { class: 'odds-label' }, el('span', { class: 'swatch', 'aria-hidden': 'true' }), r.label),
    el('span', { class: 'odds-bar', 'aria-hidden': 'true' }, el('span', { style: { width: `${(r.p * 100).toFixed(3)}%` } })),
    el('strong', { class: 'odds-pct' }, pct(r.p))));
  const summary = rows.map((r) => `${r.label} ${pct(r.p)}`).join(', ');
  return [
    el('div', { class: 'stackbar', role: 'img', 'aria-label': summary }, segs),
    el('ul', { class: 'odds-list', 'data-kind': view.kind || null, 'aria-label': view.title || 'Chance of each outcome' }, list),
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
    el('figcaption', {}, c.label, typeof c.mean === 'number' ? el('span', { class: 'dist-mean' }, ` \u00b7 mean ${c.mean.toFixed(2)}`) : null),
    el('ol', { class: 'cols', 'aria-label': `${c.label} distribution` }, cols),
    el('details', { class: 'dist-table' }, el('summary', {}, 'As a table'),
      el('table', {}, el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, c.label), el('th', { scope: 'col' }, 'Chance'))),
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
  /** Ask for the odds of `request` after `delay` ms of quiet (the first
   * odds of the page at once: nothing is typed yet). */
  request(request, changedAt, delay = this.shown ? 90 : 0) {
    clearTimeout(this.timer);
    this.root.classList.add('stale');
    this.root.setAttribute('aria-busy', 'true');
    const seq = ++this.seq;
    this.timer = setTimeout(() => this.fetch(seq, request, changedAt), delay);
    return seq;
  }
  async fetch(seq, request, changedAt) {
    const answer = await this.engine.odds(request);
    if (seq !== this.seq) return null; // a newer request is on its way
    this.render(answer);
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
  render(answer) {
    clear(this.body);
    this.status.title = '';
    if (answer.error && answer.error.code === CODES.oddsTooBig) {
      this.status.textContent = 'Exact odds not available for this expression; you can still roll it.';
      this.status.title = answer.error.message || '';
      this.root.dataset.state = 'odds-only';
      return;
    }
    if (answer.error) {
      // the form shows a field's own problem next to the field: say it once
      this.status.textContent = answer.error.field ? 'Odds appear when every field is valid.' : `No odds: ${answer.error.message}`;
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
      this.body.append(el('details', { class: 'odds-about' }, el('summary', {}, 'About these odds'),
        el('ul', {}, view.notes.map((t) => el('li', { class: 'odds-note' }, t)))));
    }
  }
}
