// The table UI: game picker, check picker, catalog-driven form, live odds,
// roll / entered dice, result card, history and characters.
//
// The engine bridge (engine.js) provides window.tablecheck = {ready,
// catalog(), resolve(), odds()} and sets <html data-engine="ready"> when
// Python is usable; until then the shell paints and Roll stays disabled.

import { el, clear, debounce, humanise, downloadJSON, readFileText, dateStamp, reducedMotion, deepCopy } from './util.js';
import * as storage from './storage.js';
import * as history from './history.js';
import * as chars from './characters.js';
import { CheckForm } from './forms.js';
import { OddsPanel } from './odds.js';
import { renderResult, announcement, outcomeWords, headline } from './result.js';
import { EnteredDice } from './entered.js';

// before the first catalog arrives (the catalog is cached for later visits)
const GAMES = [
  ['dark_eye', 'TDE', 'The Dark Eye'], ['freedom_fantasies', 'Freedom Fantasies', 'Freedom Fantasies'],
  ['shadows_of_the_unknown', 'Shadows', 'Shadows of the Unknown'], ['ax', '[ax]', '[ax]'],
  ['dungeons_of_olde', 'Dungeons of Olde', 'The Dungeons of Olde'], ['dice', 'Dice', 'Dice roller'],
];

const root = document.documentElement;
const metrics = { roll: [], odds: [] };
window.tablecheckMetrics = metrics;

// -- the engine ---------------------------------------------------------------

function bridge() { return window.tablecheck; }
const engine = {
  async call(name, request) {
    const b = bridge();
    if (!b) return { error: { field: null, message: 'The dice engine is not loaded yet.' } };
    try {
      const answer = await b[name](request);
      return answer || { error: { field: null, message: 'The dice engine gave no answer.' } };
    } catch (e) {
      return { error: { field: null, message: String(e && e.message ? e.message : e) } };
    }
  },
  resolve(r) { return this.call('resolve', r); },
  odds(r) { return this.call('odds', r); },
  catalog() { return this.call('catalog'); },
};
const isReady = () => root.dataset.engine === 'ready';

// -- state ----------------------------------------------------------------------

const prefs = Object.assign({ theme: null, system: 'dark_eye', checks: {}, entered: {}, character: {} }, storage.load('prefs', {}));
const savePrefs = () => storage.save('prefs', prefs);
const formStore = storage.load('forms', {}) || {};
const saveForms = debounce(() => storage.save('forms', formStore), 250);

let catalog = storage.load('catalog', null);
let current = { system: null, check: null, form: null };
let lastResult = null; // {systemEntry, check, result, request, meta}
let rollBusy = false;
let apiErrorPaths = [];

// -- the frame --------------------------------------------------------------------

const header = document.getElementById('header-controls') || document.querySelector('.app-header') || document.body;
const main = document.getElementById('app') || document.body.appendChild(el('main', { id: 'app' }));

const live = el('div', { id: 'live', class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true' });
const gamePicker = el('div', { class: 'game-picker', role: 'radiogroup', 'aria-label': 'Game' });
const characterSelect = el('select', { id: 'character-picker' });
const characterPick = el('div', { class: 'character-pick' },
  el('label', { for: 'character-picker' }, 'Character'), characterSelect);
const charactersBtn = el('button', { type: 'button', class: 'btn', id: 'open-characters', 'aria-haspopup': 'dialog' }, 'Characters');
const historyCount = el('span', { class: 'count' });
const historyBtn = el('button', { type: 'button', class: 'btn', id: 'open-history', 'aria-haspopup': 'dialog' }, 'History', historyCount);
const themeBtn = el('button', { type: 'button', class: 'btn theme-toggle', id: 'theme-toggle', 'aria-pressed': 'false' },
  el('span', { 'aria-hidden': 'true', class: 'theme-icon' }, '\u263E'), ' ', el('span', { class: 'theme-label' }, 'Dark theme'));
themeBtn.setAttribute('aria-label', 'Dark theme');
clear(header);
header.append(gamePicker, el('div', { class: 'header-actions' }, characterPick, charactersBtn, historyBtn, themeBtn));

const storageBanner = el('p', { class: 'banner storage-banner', id: 'storage-banner', role: 'status', hidden: true });
const checkPicker = el('div', { class: 'check-picker', role: 'radiogroup', 'aria-label': 'Check' });
const checkTitle = el('h2', { id: 'check-title' }, 'Loading the checks\u2026');
const checkDesc = el('p', { class: 'check-desc' });
const formHost = el('div', { id: 'form-host' }, el('p', { class: 'placeholder' }, 'The checks appear as soon as the dice engine has started.'));
const rollBtn = el('button', { type: 'button', class: 'btn roll', id: 'roll', disabled: true }, 'Roll');
const enteredToggle = el('input', { type: 'checkbox', role: 'switch', id: 'entered-toggle' });
const enteredLabel = el('label', { for: 'entered-toggle', class: 'switch entered-switch' }, enteredToggle, el('span', { class: 'switch-track', 'aria-hidden': 'true' }), el('span', {}, 'Enter dice'));
const rollReason = el('p', { class: 'roll-reason', id: 'roll-reason', 'aria-live': 'polite' }, 'Waiting for the dice engine\u2026');
rollBtn.setAttribute('aria-describedby', 'roll-reason');
const rollbar = el('div', { class: 'rollbar' });

const entered = new EnteredDice({
  engine,
  onInput: () => { setRollState(blockingErrors); syncEntered(); },
  onEnter: () => roll(),
});
const syncEntered = debounce(() => {
  if (!enteredToggle.checked || !isReady() || !current.form) return;
  const base = baseRequest();
  if (base) entered.sync(base);
}, 120);

// the dice fields flow in the page under the form; only Roll / Resolve stays pinned
rollbar.append(el('div', { class: 'rollbar-row' }, rollBtn, enteredLabel), rollReason);

const oddsSection = el('section', { id: 'odds', class: 'odds panel' });
const odds = new OddsPanel(oddsSection, engine, metrics.odds);
const resultHost = el('section', { id: 'result', class: 'result panel', 'aria-label': 'Result' },
  el('p', { class: 'placeholder' }, 'Roll to see the result here.'));

const formPane = el('section', { class: 'pane pane-form', 'aria-labelledby': 'check-title' },
  checkPicker, el('div', { class: 'check-head' }, checkTitle, checkDesc), formHost, entered.root, rollbar);
const outPane = el('div', { class: 'pane pane-out' }, oddsSection, resultHost);
main.append(storageBanner, el('div', { class: 'layout' }, formPane, outPane), live);

// -- dialogs ------------------------------------------------------------------------

function makeDialog(id, title) {
  const titleId = `${id}-title`;
  const closeBtn = el('button', { type: 'button', class: 'btn close', 'aria-label': `Close ${title.toLowerCase()}` }, '\u2715');
  const h = el('h2', { id: titleId }, title);
  const body = el('div', { class: 'sheet-body' });
  const dlg = el('dialog', { id, class: 'sheet', 'aria-labelledby': titleId },
    el('div', { class: 'sheet-head' }, h, closeBtn), body);
  closeBtn.addEventListener('click', () => dlg.close());
  dlg.addEventListener('click', (e) => { if (e.target === dlg) dlg.close(); }); // tap on the backdrop
  document.body.append(dlg);
  return { dlg, body, title: h };
}

function confirmAction(message, yes) {
  return new Promise((resolve) => {
    const d = el('dialog', { class: 'confirm', role: 'alertdialog', 'aria-labelledby': 'confirm-msg' });
    const yesBtn = el('button', { type: 'button', class: 'btn danger', 'data-confirm': 'yes' }, yes);
    const noBtn = el('button', { type: 'button', class: 'btn', 'data-confirm': 'no' }, 'Cancel');
    d.append(el('p', { id: 'confirm-msg' }, message), el('div', { class: 'confirm-actions' }, noBtn, yesBtn));
    let answer = false;
    yesBtn.addEventListener('click', () => { answer = true; d.close(); });
    noBtn.addEventListener('click', () => d.close());
    d.addEventListener('close', () => { d.remove(); resolve(answer); });
    document.body.append(d);
    d.showModal();
    noBtn.focus();
  });
}

function say(text) {
  live.textContent = '';
  // a fresh text node so the same words are announced again
  setTimeout(() => { live.textContent = text; }, 30);
}

// -- theme ------------------------------------------------------------------------

const darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
function effectiveDark() {
  if (prefs.theme === 'dark') return true;
  if (prefs.theme === 'light') return false;
  return !!(darkQuery && darkQuery.matches);
}
function applyTheme() {
  if (prefs.theme) root.dataset.theme = prefs.theme; else delete root.dataset.theme;
  const dark = effectiveDark();
  root.classList.toggle('dark', dark);
  themeBtn.setAttribute('aria-pressed', String(dark));
}
themeBtn.addEventListener('click', () => {
  const wantDark = !effectiveDark();
  const systemDark = !!(darkQuery && darkQuery.matches);
  // back to following the system when the choice matches it
  prefs.theme = wantDark === systemDark ? null : (wantDark ? 'dark' : 'light');
  savePrefs();
  applyTheme();
});
if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener('change', applyTheme);
applyTheme();

// -- storage state ----------------------------------------------------------------------

function showStorageState() {
  const reason = storage.problemReason();
  storageBanner.hidden = !reason;
  storageBanner.textContent = reason === 'full'
    ? 'History is not being saved: this browser\u2019s storage is full. Export the history to keep it.'
    : 'History is not being saved: this browser does not allow storage here (private mode?). Everything still works; export the history to keep it.';
  root.dataset.storage = reason || 'ok';
  const note = document.getElementById('history-storage-note');
  if (note) { note.hidden = !reason; note.textContent = storageBanner.textContent; }
}
window.addEventListener('tablecheck:storage', showStorageState);

// -- game and check pickers --------------------------------------------------------------

function systemsList() {
  if (catalog && catalog.systems) return Object.values(catalog.systems).map((s) => [s.id, s.short_name || s.name, s.name]);
  return GAMES;
}

function renderGamePicker() {
  clear(gamePicker);
  for (const [id, short, full] of systemsList()) {
    const input = el('input', { type: 'radio', name: 'game', id: `game-${id}`, value: id, checked: id === current.system });
    input.addEventListener('change', () => selectSystem(id));
    gamePicker.append(el('label', { for: `game-${id}`, class: 'seg', title: full }, input, el('span', {}, short)));
  }
}

/** In a sideways-scrolling strip (phones), keep the chosen chip visible. */
function revealChecked(strip) {
  const chip = strip.querySelector('input:checked');
  if (!chip || strip.scrollWidth <= strip.clientWidth) return;
  const label = chip.closest('label');
  const left = label.offsetLeft - strip.offsetLeft;
  if (left < strip.scrollLeft || left + label.offsetWidth > strip.scrollLeft + strip.clientWidth) {
    strip.scrollLeft = Math.max(0, left - 16);
  }
}

function systemEntry(id) {
  return catalog && catalog.systems ? catalog.systems[id] : null;
}

function selectSystem(id, checkId) {
  const sys = systemEntry(id);
  if (catalog && !sys) id = Object.keys(catalog.systems)[0];
  current.system = id;
  prefs.system = id;
  savePrefs();
  for (const input of gamePicker.querySelectorAll('input')) input.checked = input.value === id;
  revealChecked(gamePicker);
  root.dataset.game = id;
  renderCharacterPicker();
  const s = systemEntry(id);
  clear(checkPicker);
  if (!s) return;
  const checks = Object.values(s.checks);
  for (const c of checks) {
    const input = el('input', { type: 'radio', name: 'check', id: `check-${c.id}`, value: c.id });
    input.addEventListener('change', () => selectCheck(c.id));
    checkPicker.append(el('label', { for: `check-${c.id}`, class: 'chip' }, input, el('span', {}, c.label)));
  }
  checkPicker.hidden = checks.length < 2;
  let cid = checkId || prefs.checks[id];
  if (!s.checks[cid]) cid = checks[0] && checks[0].id;
  selectCheck(cid);
}

/** A check that only shows a table of odds and rolls nothing. */
function tableOnly(check) {
  return !!check && (check.outcomes || []).length === 1 && check.outcomes[0] === 'table';
}

function formKey() { return `${current.system}.${current.check}`; }

function selectCheck(cid) {
  const s = systemEntry(current.system);
  const check = s && s.checks[cid];
  if (!check) return;
  current.check = cid;
  prefs.checks[current.system] = cid;
  savePrefs();
  for (const input of checkPicker.querySelectorAll('input')) input.checked = input.value === cid;
  revealChecked(checkPicker);
  root.dataset.check = cid;
  checkTitle.textContent = `${check.label}`;
  checkDesc.textContent = check.description || '';
  checkDesc.hidden = !check.description;
  const saved = formStore[formKey()] || {};
  const form = new CheckForm(s, check, {
    values: saved.values,
    onChange: (f, node) => formChanged(node),
    onPairedName,
    fillControl,
  });
  current.form = form;
  clear(formHost);
  formHost.append(form.root);
  apiErrorPaths = [];
  // a table of odds (the [ax] GM table) rolls no dice: no Roll, no Enter
  // dice, no result card or history entry; the table follows the form live
  const noDice = tableOnly(check);
  root.dataset.noroll = String(noDice);
  rollbar.hidden = noDice;
  resultHost.hidden = noDice;
  enteredToggle.checked = !noDice && !!prefs.entered[formKey()];
  entered.reset();
  // a card of another game or check would be stale (and its Again / Adjust
  // would jump back): the pane starts empty; the card stays in History
  if (!lastResult || lastResult.system !== current.system || lastResult.check !== cid) clearResult();
  applyEnteredMode();
  odds.clear('');
  refreshAll();
}

// -- character fill ------------------------------------------------------------------------

/** A Dark Eye attribute selector changed: with a character chosen, fill its value. */
function onPairedName(node, abbr) {
  const c = currentCharacter();
  if (c && abbr && c.sheet.numbers[abbr] !== undefined) node.set(c.sheet.numbers[abbr]);
}

function currentCharacter() {
  const id = prefs.character[current.system];
  const c = id ? chars.getCharacter(id) : null;
  return c && c.system === current.system ? c : null;
}

function fillControl(group, form) {
  if (!chars.hasSheet(form.system)) return null;
  const names = group.params.map((p) => p.name);
  const cur = currentCharacter();
  const who = cur ? [cur] : chars.charactersFor(form.system);
  const groups = [];
  const options = [];
  for (const c of who) {
    const opts = chars.fillOptions(c, names);
    if (!opts.length) continue;
    groups.push(el('optgroup', { label: c.name }, opts.map((o) => {
      options.push({ c, o });
      return el('option', { value: String(options.length - 1) }, o.label);
    })));
  }
  if (!groups.length) return null;
  const where = group.path ? ` for ${group.legendEl ? group.legendEl.textContent : group.path}` : '';
  const id = `fill-${(group.path || 'top').replace(/[^a-z0-9]+/gi, '-')}`;
  const sel = el('select', { id, class: 'fill-select', 'data-fill': group.path || '' },
    el('option', { value: '' }, cur ? `Use ${cur.name}\u2019s\u2026` : 'Choose\u2026'), groups);
  sel.addEventListener('change', () => {
    if (sel.value === '') return;
    const { c, o } = options[Number(sel.value)];
    form.silent = true;
    group.set(o.values);
    form.silent = false;
    form.refreshFill();
    say(`Filled from ${c.name}: ${o.label}.`);
    formChanged(null);
  });
  if (!cur) return el('div', { class: 'fill' }, el('label', { for: id }, `Fill from character${where}`), sel);
  // a character chosen in the header: say where its values are picked
  const hintId = `${id}-hint`;
  sel.setAttribute('aria-describedby', hintId);
  return el('div', { class: 'fill has-character' }, el('label', { for: id }, `Fill from character${where}`), sel,
    el('p', { class: 'fill-hint field-help', id: hintId }, `Pick ${cur.name}\u2019s skill or value in this menu to fill the form.`));
}

// -- form changes, validation, odds -----------------------------------------------------

function baseRequest() {
  if (!current.form) return null;
  const { values, errors } = current.form.collect();
  if (errors.length) return null;
  return { system: current.system, check: current.check, ...values };
}

function saveFormState() {
  if (!current.form) return;
  formStore[formKey()] = { values: current.form.raw() };
  saveForms();
}

function formChanged(node) {
  const changedAt = performance.now();
  saveFormState();
  const form = current.form;
  const { values, errors } = form.collect();
  // API errors are re-checked with the next odds answer
  for (const p of apiErrorPaths) { const n = form.nodeFor(p); if (n) n.clearError(); }
  form.formError.hidden = true;
  apiErrorPaths = [];
  if (node && node.path) {
    const mine = errors.filter((e) => e.path === node.path);
    if (mine.length) node.showError(mine[0].message);
  }
  if (errors.length) {
    odds.invalid('Odds appear when every field is valid.');
    setRollState(errors);
    return;
  }
  setRollState([]);
  if (isReady()) {
    odds.request(systemEntry(current.system), form.check, { system: current.system, check: current.check, ...values }, changedAt);
    if (enteredToggle.checked) syncEntered();
  } else {
    odds.invalid('Odds appear when the dice engine is ready.');
  }
}

odds.onAnswer = (answer) => {
  const form = current.form;
  if (!form) return;
  const err = answer.error;
  if (err && err.odds_only) {
    setRollState([]); // no exact odds, but the dice can still be rolled
  } else if (err && err.field && err.field !== 'dice' && !/^dice\[/.test(err.field) && form.nodeFor(err.field)) {
    form.showErrors([{ path: err.field, message: err.message }]);
    apiErrorPaths = [err.field];
    setRollState([{ path: err.field, message: err.message }]);
  } else if (!err) {
    setRollState([]);
  }
};

let blockingErrors = [];
function setRollState(errors) {
  blockingErrors = errors;
  const ready = isReady() && !!current.form;
  rollBtn.disabled = !ready;
  rollBtn.textContent = enteredToggle.checked ? 'Resolve' : 'Roll';
  if (!ready) {
    rollReason.textContent = root.dataset.engine === 'error' ? 'The dice engine did not start: use Retry above.' : 'Waiting for the dice engine\u2026';
    rollBtn.removeAttribute('aria-disabled');
    return;
  }
  if (errors.length) {
    rollBtn.setAttribute('aria-disabled', 'true');
    const first = errors[0];
    const label = current.form.labelFor(first.path);
    rollReason.textContent = `Fix ${errors.length === 1 ? 'this field' : `${errors.length} fields`} first: ${label} \u2014 ${first.message}`;
  } else if (enteredToggle.checked && entered.badFaces().length) {
    const bad = entered.badFaces();
    rollBtn.setAttribute('aria-disabled', 'true');
    rollReason.textContent = `Fix ${bad.length === 1 ? 'this die' : `${bad.length} dice`} first: ${bad[0].label} \u2014 ${bad[0].message}`;
  } else {
    rollBtn.removeAttribute('aria-disabled');
    rollReason.textContent = enteredToggle.checked ? 'Type the dice as they landed, then Resolve.' : '';
  }
}

function refreshAll() {
  if (current.form) formChanged(null); else setRollState([]);
}

// -- entered dice ---------------------------------------------------------------------

function applyEnteredMode() {
  entered.show(enteredToggle.checked);
  root.dataset.entered = String(enteredToggle.checked);
  rollBtn.textContent = enteredToggle.checked ? 'Resolve' : 'Roll';
  if (!enteredToggle.checked) entered.reset();
}
enteredToggle.addEventListener('change', () => {
  prefs.entered[formKey()] = enteredToggle.checked;
  savePrefs();
  applyEnteredMode();
  refreshAll();
});

// -- rolling ----------------------------------------------------------------------------

async function roll(event) {
  const t0 = event && event.timeStamp ? event.timeStamp : performance.now();
  if (!isReady() || !current.form || rollBusy) return;
  if (tableOnly(current.form.check)) return;
  const form = current.form;
  const { values, errors } = form.collect();
  form.clearErrors();
  entered.clearErrors();
  if (errors.length) {
    const first = form.showErrors(errors);
    setRollState(errors);
    if (first && first.focus) first.focus();
    say(`Not rolled: ${form.labelFor(errors[0].path)} \u2014 ${errors[0].message}`);
    return;
  }
  if (blockingErrors.length && apiErrorPaths.length) {
    form.showErrors(blockingErrors);
    const n = form.nodeFor(blockingErrors[0].path);
    if (n) n.focus();
    say(`Not rolled: ${blockingErrors[0].message}`);
    return;
  }
  const request = { system: current.system, check: current.check, ...values };
  let dice = null;
  if (enteredToggle.checked) {
    const v = entered.values();
    if (!entered.slots.length) {
      await entered.sync(request);
    }
    const v2 = entered.slots.length ? entered.values() : v;
    if (!v2.complete) {
      entered.markErrors(v2.errors);
      const s = entered.slots[v2.errors[0] ? v2.errors[0].slot : 0];
      if (s) s.input.focus();
      say(`Enter the dice first: ${v2.errors.length} missing or wrong.`);
      return;
    }
    dice = v2.dice;
  }
  window.__lastRequest = request; // for tests and benchmarks: what was sent
  rollBusy = true;
  rollBtn.setAttribute('aria-busy', 'true');
  const answer = await engine.resolve(dice ? { ...request, dice } : request);
  rollBusy = false;
  rollBtn.removeAttribute('aria-busy');
  if (answer.error) {
    const err = answer.error;
    if (err.needed && dice) {
      await entered.sync(request);
      const s = entered.slots.find((x) => x.input.value.trim() === '');
      if (s) s.input.focus();
      const what = err.needed.map((n) => `d${n.sides}${n.label ? ` (${n.label})` : ''}`).join(', ');
      entered.note.textContent = `The rules need ${err.needed.length === 1 ? 'one more die' : `${err.needed.length} more dice`}: ${what}.`;
      say(entered.note.textContent);
      return;
    }
    if (err.field && /^dice\[(\d+)\]$/.test(err.field)) {
      entered.markErrors([{ slot: Number(err.field.match(/\d+/)[0]), message: err.message }]);
      say(err.message);
      return;
    }
    const first = form.showErrors([{ path: err.field || '', message: err.message }]);
    if (err.field) apiErrorPaths = [err.field];
    if (first && first.focus) first.focus();
    say(`Not rolled: ${err.message}`);
    return;
  }
  const character = currentCharacter();
  const entry = {
    id: history.newEntryId(),
    time: new Date().toISOString(),
    system: current.system,
    check: current.check,
    character: character ? character.name : null,
    request: stripDice(request),
    dice: answer.rolls ? answer.rolls.map((d) => d.value) : [],
    source: answer.source || (dice ? 'entered' : 'secure'),
    result: compactResult(answer),
  };
  showResult(entry, t0);
  // save after the result is painted: the tap-to-result path stays short
  requestAnimationFrame(() => setTimeout(() => {
    history.add(entry);
    resultHost.dataset.saved = entry.id;
    renderHistory();
    showStorageState();
  }, 0));
  if (dice) {
    entered.reset();
    entered.sync(request);
  }
}

/** What history keeps of a result: everything the card shows, without the
 * bulky tables some checks add (the [ax] odds table), so storage lasts. */
function compactResult(result) {
  const out = {};
  for (const [k, v] of Object.entries(result)) {
    if (k === 'steps' && Array.isArray(v)) { out[k] = v.slice(0, 300); continue; }
    if (k === 'rolls' || v === null || typeof v !== 'object') { out[k] = v; continue; }
    if (JSON.stringify(v).length <= 4000) out[k] = v;
  }
  return out;
}

function stripDice(r) {
  const out = { ...r };
  delete out.dice; delete out.seed; delete out.system; delete out.check;
  return out;
}

function timeText(iso) {
  const d = new Date(iso);
  return d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function showResult(entry, t0) {
  const s = systemEntry(entry.system);
  const check = s && s.checks[entry.check];
  if (!s || !check) return;
  const card = renderResult(s, check, entry.result, {
    again: () => again(entry),
    adjust: () => adjust(entry),
    choose: (id) => { entry.choice = id; history.touch(); },
  }, { character: entry.character, time: timeText(entry.time), choice: entry.choice });
  card.dataset.entry = entry.id;
  if (!reducedMotion()) card.classList.add('animate');
  clear(resultHost);
  resultHost.append(card);
  lastResult = entry;
  say(announcement(s, check, entry.result));
  if (t0 !== undefined) {
    requestAnimationFrame(() => setTimeout(() => {
      metrics.roll.push(performance.now() - t0);
      resultHost.dataset.painted = String(metrics.roll.length);
    }, 0));
  }
  const rect = card.getBoundingClientRect();
  if (rect.top > window.innerHeight - 120 || rect.bottom < 0) {
    card.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }
}

function clearResult() {
  lastResult = null;
  clear(resultHost);
  delete resultHost.dataset.saved;
  resultHost.append(el('p', { class: 'placeholder' }, 'Roll to see the result here.'));
}

function loadEntryIntoForm(entry) {
  if (current.system !== entry.system) selectSystem(entry.system, entry.check);
  else if (current.check !== entry.check) selectCheck(entry.check);
  if (!current.form || current.check !== entry.check) return false;
  current.form.set(entry.request);
  saveFormState();
  return true;
}

function again(entry) {
  if (!loadEntryIntoForm(entry)) return;
  if (enteredToggle.checked) {
    entered.reset();
    refreshAll();
    say('Enter the new dice, then Resolve.');
    return;
  }
  refreshAll();
  roll();
}

/** Adjust: the same dice, changed inputs. Uses the entered-dice fields, pre-filled. */
function adjust(entry) {
  if (!loadEntryIntoForm(entry)) return;
  enteredToggle.checked = true;
  prefs.entered[formKey()] = true;
  savePrefs();
  applyEnteredMode();
  entered.reset();
  entered.setSlots((entry.result.rolls || []).map((d) => ({ sides: d.sides, label: d.label || '', value: d.value })));
  refreshAll();
  entered.note.textContent = 'The dice of that roll are filled in: change the inputs, then Resolve.';
  const first = current.form.top.leaves().next().value;
  if (first) first.focus();
  say(entered.note.textContent);
}

rollBtn.addEventListener('click', (e) => roll(e));

// -- history panel -------------------------------------------------------------------------

const H = makeDialog('history-dialog', 'History');
const historyNote = el('p', { class: 'banner storage-banner', id: 'history-storage-note', hidden: true });
const historyMsg = el('p', { class: 'sheet-msg', role: 'status', id: 'history-msg' });
const historyList = el('ol', { class: 'history-list', id: 'history-list' });
const historyEmpty = el('p', { class: 'placeholder' }, 'No checks yet. Every resolved check appears here, newest first.');
const historyFile = el('input', { type: 'file', accept: 'application/json,.json', id: 'history-import', class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true' });
const historyExport = el('button', { type: 'button', class: 'btn', id: 'history-export' }, 'Export');
const historyImport = el('button', { type: 'button', class: 'btn', id: 'history-import-btn' }, 'Import\u2026');
const historyClear = el('button', { type: 'button', class: 'btn danger', id: 'history-clear' }, 'Clear\u2026');
H.body.append(historyNote, el('div', { class: 'sheet-actions' }, historyExport, historyImport, historyClear, historyFile), historyMsg, historyEmpty, historyList);

historyBtn.addEventListener('click', () => { renderHistory(true); showStorageState(); historyMsg.textContent = ''; H.dlg.showModal(); });
historyExport.addEventListener('click', () => {
  downloadJSON(`tablecheck-history-${dateStamp()}.json`, history.exportData());
  historyMsg.textContent = `Exported ${history.all().length} entries.`;
});
historyImport.addEventListener('click', () => historyFile.click());
historyFile.addEventListener('change', async () => {
  const file = historyFile.files && historyFile.files[0];
  historyFile.value = '';
  if (!file) return;
  let data;
  try {
    data = JSON.parse(await readFileText(file));
  } catch (e) {
    historyMsg.textContent = `Import refused: ${file.name} is not valid JSON. The history is unchanged.`;
    historyMsg.dataset.state = 'error';
    return;
  }
  const parsed = history.parseFile(data);
  if (parsed.error) {
    historyMsg.textContent = `Import refused: ${parsed.error} The history is unchanged.`;
    historyMsg.dataset.state = 'error';
    return;
  }
  const [added] = history.importEntries(parsed.entries);
  historyMsg.dataset.state = 'ok';
  historyMsg.textContent = `Imported ${added} ${added === 1 ? 'entry' : 'entries'}${parsed.entries.length - added ? ` (${parsed.entries.length - added} already here)` : ''}.`;
  renderHistory();
  showStorageState();
});
historyClear.addEventListener('click', async () => {
  const n = history.all().length;
  if (!n) { historyMsg.textContent = 'The history is already empty.'; return; }
  if (await confirmAction(`Clear all ${n} ${n === 1 ? 'entry' : 'entries'} from the history? This cannot be undone (export first to keep them).`, 'Clear history')) {
    history.clearAll();
    renderHistory();
    historyMsg.textContent = 'History cleared.';
  }
});

function checkInfo(entry) {
  const s = systemEntry(entry.system);
  const c = s && s.checks[entry.check];
  return { s, c, game: s ? (s.short_name || s.name) : entry.system, label: c ? c.label : humanise(entry.check) };
}

/** The inputs of a history entry in one short line: "Attribute 12, Modifier -2". */
function inputsText(check, request) {
  const labels = {};
  for (const p of (check && check.params) || []) labels[p.name] = p.label || p.name;
  const show = (v) => (Array.isArray(v) ? v.map(show).join('/') : v && typeof v === 'object'
    ? Object.values(v).filter((x) => x !== null && typeof x !== 'object').join('/') : String(v));
  const parts = [];
  for (const [k, v] of Object.entries(request || {})) {
    if (v === null || v === false || v === '' || (Array.isArray(v) && !v.length)) continue;
    parts.push(`${labels[k] || humanise(k)} ${v === true ? 'yes' : show(v)}`);
  }
  const text = parts.join(', ');
  return text.length > 110 ? `${text.slice(0, 107)}\u2026` : text;
}

function renderHistory(force = false) {
  const list = history.all();
  historyCount.textContent = list.length ? ` (${list.length})` : '';
  historyBtn.setAttribute('aria-label', `History, ${list.length} ${list.length === 1 ? 'entry' : 'entries'}`);
  if (!H.dlg.open && !force) return; // the list is built when it is opened
  clear(historyList);
  historyEmpty.hidden = list.length > 0;
  for (const e of list.slice(0, 200)) {
    const { c, game, label } = checkInfo(e);
    const words = c ? headline(c, e.result) : humanise(e.result.outcome);
    const when = new Date(e.time);
    const dice = (e.dice || []).join(' ');
    const open = el('button', { type: 'button', class: 'history-open', 'data-entry': e.id },
      el('span', { class: 'h-time' }, el('time', { datetime: e.time }, `${when.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${timeText(e.time)}`)),
      el('span', { class: 'h-what' }, `${game} \u00b7 ${label}${e.character ? ` \u00b7 ${e.character}` : ''}`),
      el('span', { class: `h-outcome ${e.result.success ? 'ok' : 'no'}` }, words),
      el('span', { class: 'h-inputs' }, inputsText(c, e.request)),
      el('span', { class: 'h-dice' }, dice ? `dice ${dice}${e.source === 'entered' ? ' (entered)' : ''}` : ''));
    open.addEventListener('click', () => { H.dlg.close(); loadEntryIntoForm(e); showResult(e); refreshAll(); resultHost.scrollIntoView({ block: 'start' }); });
    const rep = el('button', { type: 'button', class: 'btn history-repeat', 'aria-label': `Repeat ${label} (${game})` }, 'Repeat');
    rep.addEventListener('click', () => { H.dlg.close(); again(e); });
    historyList.append(el('li', { class: 'history-item', 'data-outcome': e.result.outcome }, open, rep));
  }
}

// -- characters panel -------------------------------------------------------------------------

const C = makeDialog('characters-dialog', 'Characters');
const charMsg = el('p', { class: 'sheet-msg', role: 'status', id: 'characters-msg' });
const charList = el('ul', { class: 'char-list', id: 'character-list' });
const charFile = el('input', { type: 'file', accept: 'application/json,.json', id: 'characters-import', class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true' });
const charNew = el('button', { type: 'button', class: 'btn', id: 'character-new' }, 'New character');
const charExport = el('button', { type: 'button', class: 'btn', id: 'characters-export' }, 'Export');
const charImport = el('button', { type: 'button', class: 'btn', id: 'characters-import-btn' }, 'Import\u2026');
const charEditorHost = el('div', { class: 'char-editor-host' });
const charListView = el('div', { class: 'char-list-view' }, el('div', { class: 'sheet-actions' }, charNew, charExport, charImport, charFile), charMsg, charList);
C.body.append(charListView, charEditorHost);

charactersBtn.addEventListener('click', () => openCharacters());

function openCharacters() {
  charMsg.textContent = '';
  closeEditor();
  renderCharacterList();
  if (!C.dlg.open) C.dlg.showModal();
}

function gameName(id) {
  const s = systemEntry(id);
  return s ? s.name : (GAMES.find(([g]) => g === id) || [id, '', humanise(id)])[2];
}

function renderCharacterList() {
  const sys = current.system;
  C.title.textContent = `Characters \u00b7 ${gameName(sys)}`;
  clear(charList);
  const has = chars.hasSheet(sys);
  charNew.disabled = !has;
  if (!has) {
    charList.append(el('li', { class: 'placeholder' }, 'The dice roller has no characters. Pick a game first.'));
    return;
  }
  const list = chars.charactersFor(sys);
  if (!list.length) charList.append(el('li', { class: 'placeholder' }, 'No characters for this game yet.'));
  for (const c of list) {
    const isCur = prefs.character[sys] === c.id;
    charList.append(el('li', { class: 'char-item', 'data-id': c.id },
      el('span', { class: 'char-name' }, c.name, isCur ? el('span', { class: 'badge' }, ' in use') : null),
      el('span', { class: 'char-actions' },
        el('button', { type: 'button', class: 'btn', onclick: () => { useCharacter(c.id); C.dlg.close(); }, 'aria-label': `Use ${c.name}` }, 'Use'),
        el('button', { type: 'button', class: 'btn', onclick: () => openEditor(c), 'aria-label': `Edit ${c.name}` }, 'Edit'),
        el('button', { type: 'button', class: 'btn danger', 'aria-label': `Delete ${c.name}`, onclick: async () => {
          if (await confirmAction(`Delete ${c.name}? This cannot be undone.`, 'Delete')) {
            chars.deleteCharacter(c.id);
            if (prefs.character[sys] === c.id) { delete prefs.character[sys]; savePrefs(); }
            renderCharacterList();
            renderCharacterPicker();
            if (current.form) current.form.refreshFill();
            charMsg.textContent = `${c.name} deleted.`;
          }
        } }, 'Delete'))));
  }
}

charNew.addEventListener('click', () => openEditor(null));
charExport.addEventListener('click', () => {
  const data = chars.exportData(current.system);
  downloadJSON(`tablecheck-characters-${current.system}-${dateStamp()}.json`, data);
  charMsg.textContent = `Exported ${data.characters.length} characters.`;
});
charImport.addEventListener('click', () => charFile.click());
charFile.addEventListener('change', async () => {
  const file = charFile.files && charFile.files[0];
  charFile.value = '';
  if (!file) return;
  let data;
  try { data = JSON.parse(await readFileText(file)); } catch (e) {
    charMsg.textContent = `Import refused: ${file.name} is not valid JSON. Nothing was changed.`;
    charMsg.dataset.state = 'error';
    return;
  }
  const parsed = chars.parseCharacterFile(data);
  if (parsed.error) {
    charMsg.textContent = `Import refused: ${parsed.error} Nothing was changed.`;
    charMsg.dataset.state = 'error';
    return;
  }
  chars.importCharacters(parsed.characters);
  charMsg.dataset.state = 'ok';
  charMsg.textContent = `Imported ${parsed.characters.length} ${parsed.characters.length === 1 ? 'character' : 'characters'}.`;
  renderCharacterList();
  renderCharacterPicker();
  if (current.form) current.form.refreshFill();
});

function closeEditor() {
  clear(charEditorHost);
  charListView.hidden = false;
}

function openEditor(existing) {
  const sys = current.system;
  const spec = chars.SHEETS[sys];
  const c = existing ? deepCopy(existing) : { id: chars.newCharacterId(), system: sys, name: '', sheet: chars.blankSheet(sys) };
  charListView.hidden = true;
  clear(charEditorHost);
  const inputs = []; // {path, input, errorEl}
  const mkErr = () => el('p', { class: 'field-error', hidden: true });
  let rowSeq = 0; // table rows repeat their columns: each field gets its own id
  const field = (path, labelText, input) => {
    const id = `ce-${path.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}${path.includes('[?]') ? `-${++rowSeq}` : ''}`;
    input.id = id;
    const errorEl = mkErr();
    errorEl.id = `${id}-err`;
    input.setAttribute('aria-describedby', errorEl.id);
    inputs.push({ path, input, errorEl });
    return el('div', { class: 'field', 'data-path': path }, el('label', { for: id }, labelText), input, errorEl);
  };
  const nameInput = el('input', { type: 'text', class: 'text', value: c.name, autocomplete: 'off', maxlength: '60' });
  const numberInputs = {};
  const numbersBox = el('div', { class: 'numbers-grid' }, spec.numbers.map((n) => {
    const inp = el('input', { type: 'text', inputmode: 'numeric', class: 'num', value: String(c.sheet.numbers[n.key]), autocomplete: 'off' });
    numberInputs[n.key] = inp;
    return field(`numbers.${n.key}`, n.label, inp);
  }));
  const tableState = {};
  const tableBoxes = spec.tables.map((t) => {
    const rowsBox = el('div', { class: 'rows' });
    tableState[t.key] = { t, rows: [], box: rowsBox };
    const addRow = (row) => {
      const r = { cells: {} };
      const cells = t.columns.map((col) => {
        let inp;
        if (col.type === 'text') inp = el('input', { type: 'text', class: 'text', value: row[col.key] || '', autocomplete: 'off', maxlength: '60' });
        else if (col.type === 'int') inp = el('input', { type: 'text', inputmode: 'numeric', class: 'num', value: row[col.key] !== undefined ? String(row[col.key]) : String(col.default || 0), autocomplete: 'off' });
        else { inp = el('select', {}); inp.dataset.ref = col.ref; inp.dataset.value = row[col.key] || ''; }
        r.cells[col.key] = inp;
        if (col.type === 'text' && col.key === 'name') inp.addEventListener('change', refreshRefs);
        return field(`tables.${t.key}[?].${col.key}`, col.label, inp);
      });
      const rm = el('button', { type: 'button', class: 'btn remove-item', 'aria-label': `Remove this ${t.noun}` }, '\u2715');
      r.root = el('div', { class: 'row' }, cells, rm);
      rm.addEventListener('click', () => {
        tableState[t.key].rows = tableState[t.key].rows.filter((x) => x !== r);
        r.root.remove();
        renumber();
        refreshRefs();
      });
      tableState[t.key].rows.push(r);
      rowsBox.append(r.root);
      renumber();
    };
    const addBtn = el('button', { type: 'button', class: 'btn add-item' }, `Add ${t.noun}`);
    addBtn.addEventListener('click', () => {
      addRow(Object.fromEntries(t.columns.map((col) => [col.key, col.type === 'int' ? col.default : ''])));
      refreshRefs();
      const last = tableState[t.key].rows[tableState[t.key].rows.length - 1];
      last.cells[t.columns[0].key].focus();
    });
    for (const row of c.sheet.tables[t.key] || []) addRow(row);
    return el('fieldset', { class: 'char-table' }, el('legend', {}, t.label), rowsBox, addBtn);
  });
  function renumber() {
    // error paths carry the row index
    for (const { t, rows } of Object.values(tableState)) {
      rows.forEach((r, i) => {
        for (const col of t.columns) {
          const rec = inputs.find((x) => x.input === r.cells[col.key]);
          if (rec) rec.path = `tables.${t.key}[${i}].${col.key}`;
        }
      });
    }
  }
  function currentSheet() {
    const numbers = {};
    for (const n of spec.numbers) numbers[n.key] = parseIntStrict(numberInputs[n.key].value);
    const tables = {};
    for (const { t, rows } of Object.values(tableState)) {
      tables[t.key] = rows.map((r) => Object.fromEntries(t.columns.map((col) => {
        const v = r.cells[col.key].value;
        return [col.key, col.type === 'int' ? parseIntStrict(v) : v.trim ? v.trim() : v];
      })));
    }
    return { numbers, tables };
  }
  function refreshRefs() {
    const sheet = currentSheet();
    for (const { t, rows } of Object.values(tableState)) {
      for (const r of rows) {
        for (const col of t.columns) {
          if (col.type !== 'ref') continue;
          const sel = r.cells[col.key];
          const keep = sel.value || sel.dataset.value;
          const names = chars.refNames(sys, sheet, col.ref);
          clear(sel);
          sel.append(...names.map((n) => el('option', { value: n }, n)));
          if (names.includes(keep)) sel.value = keep;
          sel.dataset.value = sel.value;
        }
      }
    }
  }
  refreshRefs();
  const save = el('button', { type: 'submit', class: 'btn primary', id: 'character-save' }, 'Save character');
  const cancel = el('button', { type: 'button', class: 'btn', id: 'character-cancel' }, 'Cancel');
  const formError = el('p', { class: 'field-error', hidden: true, role: 'alert' });
  const formEl = el('form', { class: 'char-editor', novalidate: true, 'aria-label': existing ? `Edit ${existing.name}` : 'New character' },
    el('h3', {}, existing ? `Edit ${existing.name}` : `New ${gameName(sys)} character`),
    field('name', 'Name', nameInput),
    spec.numbers.length ? el('fieldset', { class: 'char-numbers' }, el('legend', {}, sys === 'dark_eye' ? 'Attributes' : 'Abilities and combat'), numbersBox) : null,
    tableBoxes, formError,
    el('div', { class: 'sheet-actions' }, save, cancel));
  cancel.addEventListener('click', () => { closeEditor(); renderCharacterList(); });
  formEl.addEventListener('submit', (e) => {
    e.preventDefault();
    for (const rec of inputs) { rec.errorEl.hidden = true; rec.input.removeAttribute('aria-invalid'); }
    formError.hidden = true;
    const record = { id: c.id, system: sys, name: nameInput.value.trim(), sheet: currentSheet() };
    const errors = chars.validateCharacter(record);
    if (errors.length) {
      let firstInput = null;
      for (const err of errors) {
        const rec = inputs.find((x) => x.path === err.path);
        if (rec) {
          rec.errorEl.textContent = err.message;
          rec.errorEl.hidden = false;
          rec.input.setAttribute('aria-invalid', 'true');
          if (!firstInput) firstInput = rec.input;
        } else { formError.textContent = err.message; formError.hidden = false; }
      }
      if (firstInput) firstInput.focus();
      return;
    }
    chars.upsertCharacter(record);
    closeEditor();
    renderCharacterList();
    renderCharacterPicker();
    if (current.form) current.form.refreshFill();
    charMsg.textContent = `${record.name} saved.`;
    charMsg.dataset.state = 'ok';
  });
  charEditorHost.append(formEl);
  nameInput.focus();
}

function parseIntStrict(v) {
  const s = String(v).trim().replace(/^\u2212/, '-');
  return /^[+-]?\d+$/.test(s) ? parseInt(s, 10) : NaN;
}

function renderCharacterPicker() {
  const sys = current.system;
  const list = chars.hasSheet(sys) ? chars.charactersFor(sys) : [];
  clear(characterSelect);
  characterSelect.append(el('option', { value: '' }, list.length ? 'No character' : 'None yet'));
  for (const c of list) characterSelect.append(el('option', { value: c.id }, c.name));
  const cur = prefs.character[sys];
  characterSelect.value = list.some((c) => c.id === cur) ? cur : '';
  characterPick.hidden = !chars.hasSheet(sys);
  charactersBtn.hidden = !chars.hasSheet(sys);
}

function useCharacter(id) {
  if (id) prefs.character[current.system] = id; else delete prefs.character[current.system];
  savePrefs();
  renderCharacterPicker();
  if (current.form) current.form.refreshFill();
  const c = currentCharacter();
  say(c ? `${c.name} chosen: use the fill menu to fill the form.` : 'No character chosen.');
}
characterSelect.addEventListener('change', () => useCharacter(characterSelect.value));

// -- start --------------------------------------------------------------------------------

function onEngineState() {
  root.dataset.ui = catalog ? 'ready' : 'loading';
  setRollState(blockingErrors);
  if (isReady() && current.form) refreshAll();
}

async function loadCatalog() {
  const answer = await engine.catalog();
  if (!answer || answer.error || !answer.systems) {
    checkTitle.textContent = 'The checks could not be loaded.';
    return;
  }
  const fresh = JSON.stringify(answer) !== JSON.stringify(catalog);
  catalog = answer;
  storage.save('catalog', answer);
  if (fresh || !current.form) {
    renderGamePicker();
    selectSystem(current.system || prefs.system, prefs.checks[prefs.system]);
  }
  root.dataset.ui = 'ready';
  onEngineState();
}

function start() {
  current.system = prefs.system;
  renderGamePicker();
  renderCharacterPicker();
  showStorageState();
  renderHistory();
  if (catalog && catalog.systems) selectSystem(prefs.system, prefs.checks[prefs.system]);
  setRollState([]);
  window.addEventListener('tablecheck:status', onEngineState);
  new MutationObserver(() => onEngineState()).observe(root, { attributes: true, attributeFilter: ['data-engine'] });
  const whenReady = () => {
    if (isReady()) { loadCatalog(); return true; }
    return false;
  };
  if (!whenReady()) {
    const handler = () => { if (whenReady()) window.removeEventListener('tablecheck:status', handler); };
    window.addEventListener('tablecheck:status', handler);
  }
  onEngineState();
}

start();
