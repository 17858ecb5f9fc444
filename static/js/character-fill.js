// Filling a form from characters: the fill menu of each form group (a
// tracked entry and the saved characters' sheets, as the engine's `fill`
// lists them), a paired name picked (its number from the sheet), an entry
// picked from a field's list (the sheet's row of that name), and the note
// naming what a fill kept from before.

import { el } from './util.js';
import * as chars from './characters.js';
import * as targets from './targets.js';
import { t } from './i18n.js';

export class CharacterFill {
  /** controller: the table controller (table.js): its engine, host {say, currentCharacter}, current form, formChanged */
  constructor(controller) {
    this.controller = controller;
    this.engine = controller.engine;
    this.host = controller.host;
  }

  /** A paired-name selector changed (which named value a field holds): with a
   * character chosen, fill its number of that name. */
  pairedName(node, key) {
    const c = this.host.currentCharacter(this.controller.current.system);
    const n = c && c.sheet && c.sheet.numbers ? c.sheet.numbers[key] : undefined;
    if (key && Number.isInteger(n)) node.set(n);
  }

  /** What fills a form group: a tracked entry (when the system tracks what
   * this group describes) and the saved characters. */
  fillControl(group, form) {
    const kind = group.path ? targets.kindFor(form.systemEntry, form.check.id, group.path) : null;
    const parts = [
      kind ? targets.trackControl({ system: form.system, group, kind, form, say: this.host.say, changed: () => this.controller.formChanged(null) }) : null,
      this.characterFill(group, form),
    ].filter(Boolean);
    if (!parts.length) return null;
    return parts.length === 1 ? parts[0] : el('div', { class: 'fill-parts' }, parts);
  }

  characterFill(group, form) {
    if (!chars.hasSheet(form.system)) return null;
    const names = group.params.map((p) => p.name);
    const cur = this.host.currentCharacter(form.system);
    // a side or member may be anyone: every saved character, the header's first
    const party = form.parties.some((x) => x.path === group.path);
    const all = chars.charactersFor(form.system);
    const who = cur && !party ? [cur] : (cur ? [cur, ...all.filter((c) => c.id !== cur.id)] : all);
    if (!who.length) return null;
    const where = group.path ? group.legendEl ? group.legendEl.textContent : group.path : '';
    const id = `fill-${(group.path || 'top').replace(/[^a-z0-9]+/gi, '-')}`;
    const sel = el('select', { id, class: 'fill-select', 'data-fill': group.path || '' },
      el('option', { value: '' }, cur && !party ? t('fill.use', { name: cur.name }) : t('fill.choose')));
    const wrap = el('div', { class: `fill${cur ? ' has-character' : ''}` }, el('label', { for: id }, where ? t('fill.fromFor', { where }) : t('fill.from')), sel);
    wrap.hidden = true; // until the engine says what there is to fill
    const options = [];
    Promise.all(who.map((c) => chars.fillOptions(this.engine, c, names).then((opts) => ({ c, opts })))).then((lists) => {
      for (const { c, opts } of lists) {
        if (!opts.length) continue;
        sel.append(el('optgroup', { label: c.name }, opts.map((o) => {
          options.push({ c, o });
          return el('option', { value: String(options.length - 1) }, o.label);
        })));
      }
      wrap.hidden = !options.length;
    });
    sel.addEventListener('change', () => {
      if (sel.value === '') return;
      const { c, o } = options[Number(sel.value)];
      this.applyFill(group, form, c, o);
    });
    if (cur && !party) {
      // a character chosen in the header: say where its values are picked
      const hintId = `${id}-hint`;
      sel.setAttribute('aria-describedby', hintId);
      wrap.append(el('p', { class: 'fill-hint field-help', id: hintId }, t('fill.hint', { name: cur.name })));
    }
    return wrap;
  }

  /** Fill `group` with `o` (a fill option of character `c`). */
  applyFill(group, form, c, o) {
    form.silent = true;
    group.set(o.values);
    form.silent = false;
    form.filled[group.path || ''] = { name: c.name, what: o.what || null, id: c.id };
    form.refreshFill();
    const kept = this.showKept(group, form.keptAfterFill(group, o.values));
    this.host.say(`${t('fill.filled', { name: c.name, label: o.label })}${kept ? ` ${kept}` : ''}`);
    this.controller.formChanged(null);
  }

  /** The character whose values fill `group`: the one who filled it (a
   * side or member), else the one chosen in the header (not for a side or
   * member: that may be anyone). */
  fillerOf(group, form) {
    const f = form.filled[group.path || ''];
    const who = f && f.id ? chars.getCharacter(f.id) : null;
    if (who && who.system === form.system) return who;
    if (form.parties.some((x) => x.path === group.path)) return null;
    return this.host.currentCharacter(form.system);
  }

  /** An entry picked from a field's list (`text`, with the values the
   * catalog's entry sets already in the form): with a character, its
   * sheet's row of that name fills the group (its values and columns); a
   * sheet without one fills the values of the names picked and says so. The group's
   * `data-picked` names the entry once that is done (a signal for tests). */
  picked(group, text, form) {
    const c = chars.hasSheet(form.system) ? this.fillerOf(group, form) : null;
    delete group.root.dataset.picked;
    const f = form.filled[group.path || ''];
    if (f) f.what = text; // what was rolled (the card's label) is the entry picked
    const done = () => { group.root.dataset.picked = text; };
    if (!c) { done(); return; }
    const names = group.params.map((p) => p.name);
    chars.fillOptions(this.engine, c, names).then((opts) => {
      if (this.controller.current.form !== form) return;
      const same = (a) => String(a || '').trim().toLowerCase() === String(text).trim().toLowerCase();
      const o = opts.find((x) => same(x.what));
      if (o) this.applyFill(group, form, c, o);
      else this.fillNames(group, form, c, text);
      done();
    });
  }

  /** A picked entry the character's sheet has no row of: the numbers its
   * names label come from the sheet; the rest stays as it was. */
  fillNames(group, form, c, text) {
    const list = group.pairedList;
    const numbers = c.sheet && c.sheet.numbers ? c.sheet.numbers : {};
    const names = list ? list.namesValue() || [] : [];
    form.silent = true;
    names.forEach((n, i) => { if (Number.isInteger(numbers[n]) && list.items[i]) list.items[i].set(numbers[n]); });
    form.silent = false;
    form.filled[group.path || ''] = { name: c.name, what: text, id: c.id }; // the values filled are theirs
    form.refreshFill();
    this.host.say(names.length ? t('fill.noRowNames', { name: c.name, what: text, known: names.join('/') }) : t('fill.noRow', { name: c.name, what: text }));
    this.controller.formChanged(null);
  }

  /** After a fill: the fields it did not set that hold something else than
   * their first values (a modifier from the last check) are marked, and a
   * note under the fill menu names them with one tap back to their first
   * values. Returns the note's words ('' when nothing was kept). */
  showKept(group, kept) {
    if (!kept.length || !group.fillSlot) return '';
    const form = this.controller.current.form;
    for (const { leaf } of kept) leaf.root.classList.add('kept');
    const words = t('fill.kept', { values: kept.map(({ leaf }) => `${leaf.label} ${leaf.valueText(leaf.raw())}`).join(', ') });
    const reset = el('button', { type: 'button', class: 'btn kept-reset' }, t(kept.length === 1 ? 'fill.resetIt' : 'fill.resetThem'));
    const note = el('p', { class: 'kept-note', role: 'status' }, el('span', {}, words), reset);
    reset.addEventListener('click', () => {
      form.silent = true;
      for (const { leaf, def } of kept) { leaf.set(def); leaf.root.classList.remove('kept'); }
      form.silent = false;
      note.remove();
      this.host.say(t(kept.length === 1 ? 'fill.backOne' : 'fill.backMany', { labels: kept.map(({ leaf }) => leaf.label).join(', ') }));
      this.controller.formChanged(null);
    });
    group.fillSlot.append(note);
    return words;
  }
}
