// Entered dice: the player types the dice rolled on the table.
//
// The page asks for exactly the dice the rules need. It resolves the request
// with the dice typed so far; the API answers either with a result or with
// `needed` ([{sides, label}], the dice still missing, e.g. a confirmation
// roll or an explosion), and the page shows one field per die with its
// label. Resolving with entered dice is a pure function of the dice, so the
// fields follow the typed values live (a die that calls for a confirmation
// roll brings up its field at once); the result is only shown,
// announced and saved when the player presses Resolve.

import { el, newId, clear } from './util.js';
import { CODES } from './codes.js';
import { t } from './i18n.js';

/** A die as the API names it: {sides, label, faces?}; `faces`
 * [{value, text}] for a die whose sides show other values (a Fate die:
 * the player types or taps what it shows). */
function specOf(d) {
  const out = { sides: d.sides, label: d.label || '' };
  if (Array.isArray(d.faces) && d.faces.length) out.faces = d.faces;
  return out;
}

function specKey(s) {
  return `${s.sides}|${s.label || ''}|${s.faces ? s.faces.map((f) => f.value).join(',') : ''}`;
}

/** How a face is written in its field (a Fate die's -1 as its side's text). */
export function faceText(value, spec) {
  const face = spec && spec.faces ? spec.faces.find((f) => f.value === value) : null;
  return face ? face.text : String(value);
}

const MINUS = /[\u2212\u2013]/g;

/** One typed field: {empty} | {error} | {value}. `spec`: {sides, faces?}
 * (a number is taken as the sides of a plain die). */
export function parseFace(raw, spec) {
  const die = typeof spec === 'number' ? { sides: spec } : spec;
  const sides = die.sides;
  const s = String(raw).trim();
  if (s === '') return { empty: true };
  if (die.faces) {
    const typed = s.replace(MINUS, '-').toLowerCase();
    const face = die.faces.find((f) => [f.text, String(f.value), f.value > 0 ? `+${f.value}` : null]
      .some((t) => t !== null && String(t).replace(MINUS, '-').toLowerCase() === typed));
    if (face) return { value: face.value };
    return { error: t('die.shows', { die: die.label || t('die.this'), faces: die.faces.map((f) => f.text).join(', ') }) };
  }
  if (!/^\d+$/.test(s)) return { error: t('die.notFace', { text: s }) };
  let v = parseInt(s, 10);
  if (v === 0 && (sides === 10 || sides === 100)) v = sides;
  if (v < 1 || v > sides) return { error: t(sides === 10 || sides === 100 ? 'die.rangeZero' : 'die.range', { die: t('die.name', { sides }), sides }) };
  return { value: v };
}

export class EnteredDice {
  /** host: {engine, request() -> base request or null, onInput(), onEnter()};
   * id: the fieldset's id (the main form's; a card's follow-up has none). */
  constructor(host, id = 'entered-dice') {
    this.host = host;
    this.slots = []; // {sides, label, input, errorEl, root}
    this.seq = 0;
    this.list = el('div', { class: 'entered-list' });
    this.note = el('p', { class: 'entered-note', role: 'status' });
    this.root = el('fieldset', { class: 'entered', id, hidden: true },
      el('legend', {}, t('entered.legend')),
      el('p', { class: 'field-help' }, t('entered.help')),
      this.list, this.note);
  }
  show(on) { this.root.hidden = !on; }
  /** The typed faces: {dice, errors:[{slot, message}], complete}. */
  values() {
    const dice = [];
    const errors = [];
    let complete = true;
    this.slots.forEach((s, i) => {
      const r = parseFace(s.input.value, s);
      if (r.empty) { complete = false; errors.push({ slot: i, message: s.faces ? t('die.enter', { die: s.label || t('die.die') }) : t('die.enter', { die: t('die.name', { sides: s.sides }) }) }); }
      else if (r.error) { complete = false; errors.push({ slot: i, message: r.error }); }
      else dice.push(r.value);
    });
    return { dice, errors, complete };
  }
  /** Typed faces the die cannot show (empty fields are not errors yet):
   * [{slot, label, message}]. */
  badFaces() {
    const out = [];
    this.slots.forEach((s, i) => {
      const r = parseFace(s.input.value, s);
      if (r.error) out.push({ slot: i, label: `${t('die.name', { sides: s.sides })} ${s.label || t('die.die')}`.trim(), message: r.error });
    });
    return out;
  }
  /** The valid typed faces before the first empty or bad field. */
  prefix() {
    const out = [];
    for (const s of this.slots) {
      const r = parseFace(s.input.value, s);
      if (r.value === undefined) break;
      out.push(r.value);
    }
    return out;
  }
  /** One field for a die {sides, label, faces?}, holding `value` (a face). */
  makeSlot(spec, value = '') {
    const { sides, label, faces } = spec;
    const id = newId('die');
    const errId = newId('err');
    const input = el('input', { id, type: 'text', inputmode: faces ? 'text' : 'numeric', class: 'num die-input', autocomplete: 'off', enterkeyhint: 'next', pattern: faces ? null : '[0-9]*', 'aria-describedby': errId, 'data-sides': sides });
    input.value = value === '' || value === undefined ? '' : faceText(value, spec);
    const errorEl = el('p', { class: 'field-error', id: errId, hidden: true });
    const slot = { sides, label, faces, input, errorEl };
    // a die whose sides show words or signs: one tap a side, as it landed
    const sidesRow = faces ? el('div', { class: 'die-sides-row', role: 'group', 'aria-label': t('die.sideGroup', { die: label || t('die.die') }) },
      faces.map((f) => el('button', { type: 'button', class: 'btn die-side', 'data-face': String(f.value), 'aria-label': t('die.side', { die: label || t('die.die'), face: f.text }),
        onclick: () => { input.value = f.text; input.dispatchEvent(new Event('input', { bubbles: true })); this.focusNext(slot); } }, f.text))) : null;
    slot.root = el('div', { class: 'die-entry', 'data-sides': sides, 'data-label': label || '' },
      el('label', { for: id }, el('span', { class: 'die-entry-sides' }, faces ? '' : t('die.name', { sides })), faces ? '' : ' ', label || t('die.die')),
      input, sidesRow, errorEl);
    const pressed = () => {
      if (!sidesRow) return;
      const r = parseFace(input.value, slot);
      for (const b of sidesRow.children) b.setAttribute('aria-pressed', String(r.value !== undefined && b.dataset.face === String(r.value)));
    };
    pressed();
    input.addEventListener('input', () => {
      // checked as typed: a face the die does not have is said under the die
      const r = parseFace(input.value, slot);
      if (r.error) {
        errorEl.textContent = r.error;
        errorEl.hidden = false;
        input.setAttribute('aria-invalid', 'true');
      } else {
        errorEl.hidden = true;
        input.removeAttribute('aria-invalid');
      }
      pressed();
      this.host.onInput();
    });
    input.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      if (!this.focusNext(slot)) this.host.onEnter();
    });
    return slot;
  }
  /** Focus the next empty field after `slot`; false when there is none. */
  focusNext(slot) {
    const i = this.slots.indexOf(slot);
    const next = this.slots[i + 1];
    if (next && next.input.value.trim() === '') { next.input.focus(); return true; }
    return false;
  }
  /** Replace the slots with [{sides, label, faces?, value}], keeping the
   * fields (and the focus) of the dice that did not change. */
  setSlots(specs) {
    const old = this.slots;
    const same = old.length === specs.length && specs.every((s, i) => specKey(old[i]) === specKey(s));
    if (same) return false;
    const active = document.activeElement;
    const next = specs.map((s, i) => {
      const o = old[i];
      if (o && specKey(o) === specKey(s)) return o;
      return this.makeSlot(specOf(s), s.value !== undefined ? s.value : '');
    });
    this.slots = next;
    clear(this.list);
    for (const s of next) this.list.append(s.root);
    if (active && !document.contains(active)) {
      const firstEmpty = next.find((s) => s.input.value.trim() === '');
      if (firstEmpty) firstEmpty.input.focus();
    }
    return true;
  }
  markErrors(errors) {
    for (const e of errors) {
      const s = this.slots[e.slot];
      if (!s) continue;
      s.errorEl.textContent = e.message;
      s.errorEl.hidden = false;
      s.input.setAttribute('aria-invalid', 'true');
    }
  }
  clearErrors() {
    for (const s of this.slots) { s.errorEl.hidden = true; s.input.removeAttribute('aria-invalid'); }
    this.note.textContent = '';
  }
  reset() {
    this.slots = [];
    clear(this.list);
    this.note.textContent = '';
  }
  /**
   * Bring the fields in line with the rules for `base` (a request without
   * dice) and the dice typed so far. Returns the last API answer.
   */
  async sync(base) {
    const seq = ++this.seq;
    const typedAll = this.slots.map((s) => ({ ...specOf(s), value: s.input.value }));
    let dice = this.prefix();
    let answer = null;
    for (let guard = 0; guard <= typedAll.length + 1; guard++) {
      answer = await this.host.engine.resolve({ ...base, dice });
      if (seq !== this.seq) return null;
      const err = answer && answer.error;
      if (err && err.code === CODES.diceExtra && dice.length) {
        dice = dice.slice(0, -1);
        continue;
      }
      break;
    }
    const err = answer && answer.error;
    let specs = null;
    if (!err) {
      // the dice the answer took, as the rules name them (`drawn`)
      const drawn = answer.drawn || [];
      specs = dice.map((v, i) => ({ ...specOf(drawn[i] || typedAll[i]), value: v }));
    } else if (err.code === CODES.diceMissing && err.needed) {
      specs = dice.map((v, i) => ({ ...typedAll[i], value: v }))
        .concat(err.needed.map(specOf));
    } else if (err.field && /^dice\[(\d+)\]$/.test(err.field)) {
      const i = Number(err.field.match(/\d+/)[0]);
      this.markErrors([{ slot: i, message: err.message }]);
      return answer;
    } else {
      return answer; // a parameter problem: the form shows it
    }
    // keep what was typed further down when the die asked for there is the same
    specs = specs.map((s, i) => {
      const t = typedAll[i];
      if (s.value === undefined && t && specKey(t) === specKey(s)) return { ...s, value: t.value };
      return s;
    });
    const changed = this.setSlots(specs);
    const missing = this.slots.filter((s) => s.input.value.trim() === '').length;
    this.note.textContent = missing ? t(missing === 1 ? 'entered.missing.one' : 'entered.missing.other', { n: missing }) : t('entered.complete');
    this.root.dataset.count = String(this.slots.length);
    this.root.dataset.synced = String(seq);
    if (changed && this.onSlotsChanged) this.onSlotsChanged();
    return answer;
  }
}
