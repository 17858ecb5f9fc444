// The composition root: wires the table controller (table.js: pickers,
// form, odds, roll, card), the history and characters panels, the theme and
// the storage notice to the engine bridge (engine.js).

import { el, clear, afterFrame } from './util.js';
import { tablecheck } from './engine.js';
import * as storage from './storage.js';
import * as chars from './characters.js';
import * as history from './history.js';
import { announcer } from './dialogs.js';
import { Table } from './table.js';
import { HistoryPanel } from './history-panel.js';
import { CharactersPanel } from './characters-panel.js';
import { themeToggle } from './theme.js';
import { SavedPanel } from './saved-panel.js';
import { SharePanel } from './share.js';
import * as persist from './persist.js';

const moduleStart = performance.now();
const root = document.documentElement;
const metrics = { roll: [], odds: [] };
window.tablecheckMetrics = metrics;

const prefs = storage.loadPrefs();
const savePrefs = () => storage.save('prefs', prefs);
let catalog = storedCatalog();
let catalogFrom = catalog ? 'stored' : null; // where the catalog drawn came from
const { live, say } = announcer();

/** Calls that never throw: a lost engine answers {error}. */
const never = (ask) => async (...args) => {
  try {
    return (await ask(...args)) || { error: { field: null, message: 'The dice engine gave no answer.' } };
  } catch (e) { return { error: { field: null, message: String(e && e.message ? e.message : e) } }; }
};
const engine = Object.fromEntries(['resolve', 'odds', 'catalog', 'fill', 'importCharacter'].map((name) => [name, never((request) => tablecheck[name](request))]));
// asked while the engine starts, answered as soon as it is up (engine.js)
engine.early = never((name, request) => tablecheck.early(name, request));

/** Let the browser paint and handle input before the next step. */
const nextTask = () => (window.scheduler && scheduler.yield ? scheduler.yield() : new Promise((r) => setTimeout(r)));

// the catalog shipped with the build (see loadCatalog), asked right away
const shipped = fetch('./catalog.json').then((r) => (r.ok ? r.json() : null)).catch(() => null);

// The page's frame is built in a turn of the event loop of its own: the document's own first
// layout (at the end of parsing) then does not wait for it.
const modulesEnd = performance.now();
await nextTask();

// each part of the frame in a turn of its own
const table = step('table', () => new Table({
  engine, prefs, savePrefs, say, metrics,
  currentCharacter: (system) => characters.current(system),
  onSaved: (entry) => { historyPanel.render(); showStorageState(); noteUnsaved(entry); persist.saved(); },
  onCounters: () => characters.renderList(), // a follow-up spent a character's counter
}));
await nextTask();
const characters = step('characters-panel', () => new CharactersPanel({
  prefs, savePrefs, say,
  system: () => table.current.system,
  gameName: (id) => (catalog && catalog.systems[id] ? catalog.systems[id].name : id),
  changed: () => { if (table.current.form) table.current.form.refreshFill(); savedPanel.render(); },
  catalog: () => catalog,
  engine,
  onSaved: () => persist.saved(),
}));
table.onSystem = () => { characters.renderPicker(); savedPanel.render(); };
await nextTask();
const historyPanel = step('history-panel', () => new HistoryPanel({ table, engine, catalog: () => catalog, storageNote: (n) => showStorageState(n), onSaved: () => persist.saved() }));
await nextTask();
const savedPanel = step('saved-panel', () => new SavedPanel({
  table, say, catalog: () => catalog,
  currentCharacter: (system) => characters.current(system),
  onSaved: () => persist.saved(),
}));
await nextTask();
const sharePanel = step('share-panel', () => new SharePanel({ table, engine, say, catalog: () => catalog, banner: (text) => showShareProblem(text) }));
savedPanel.buttons.append(sharePanel.button);
await nextTask();
const frameEnd = performance.now();

const header = document.getElementById('header-controls') || document.querySelector('.app-header') || document.body;
clear(header);
header.append(table.gamePicker, el('div', { class: 'header-actions' }, characters.pick, characters.button, historyPanel.button, themeToggle(prefs, savePrefs)));
const storageBanner = el('p', { class: 'banner storage-banner', id: 'storage-banner', role: 'status', hidden: true });
const repairNotice = el('p', { class: 'banner storage-notice', id: 'storage-notice', role: 'status', hidden: true });
const main = document.getElementById('app') || document.body.appendChild(el('main', { id: 'app' }));
const shareBanner = el('p', { class: 'banner share-banner', id: 'share-banner', role: 'alert', hidden: true });
// the saved checks and Share sit above the odds (beside the form in landscape)
(table.outPane || table.root).prepend(savedPanel.root);
// the header laid out and drawn in a frame of its own, then the table: two
// short first layouts, not one long one
performance.measure('tablecheck:frame', { start: frameEnd });
await afterFrame();
step('frame-table', () => main.append(storageBanner, repairNotice, shareBanner, table.root, live));

function showShareProblem(text) {
  shareBanner.textContent = text;
  shareBanner.hidden = false;
}

function showStorageState(note = document.getElementById('history-storage-note')) {
  const reason = storage.problemReason();
  storageBanner.hidden = !reason;
  storageBanner.textContent = reason === 'full'
    ? 'Not everything is saved: this browser\u2019s storage is full. What could not be saved is kept until this tab closes: export the history and the characters to keep it, or clear old history to make room.'
    : 'History is not being saved: this browser does not allow storage here (private mode?). Everything still works; export the history to keep it.';
  root.dataset.storage = reason || 'ok';
  if (note) { note.hidden = !reason; note.textContent = storageBanner.textContent; }
}
window.addEventListener('tablecheck:storage', () => showStorageState());

/** A roll whose history entry could not be stored says so under its card. */
function noteUnsaved(entry) {
  const card = entry && table.resultHost.querySelector(`.result-card[data-entry="${CSS.escape(entry.id)}"]`);
  if (!card || history.isSaved(entry.id)) return;
  const reason = storage.problemReason() || 'full';
  card.after(el('p', { class: 'field-error storage-note', id: 'result-storage-note', role: 'alert' },
    `Not saved in the history: ${storage.reasonText(reason)}. Export the history now to keep it.`));
}

/** Stored values that could not be read were reset: said once, in one notice. */
function showRepairs() {
  const list = storage.repairs();
  repairNotice.hidden = !list.length;
  repairNotice.textContent = list.length
    ? `Some stored data could not be read and was reset; everything else is kept. Reset: ${list.join(', ')}.`
    : '';
  root.dataset.repaired = String(list.length);
}
window.addEventListener('tablecheck:repaired', () => showRepairs());

/** The stored catalog when it has the shape the page draws, else null (reset, said once). */
function storedCatalog() {
  const c = storage.load('catalog', null);
  if (c === null) return null;
  const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const ok = isObj(c) && isObj(c.systems) && Object.values(c.systems).every((s) => isObj(s) && typeof s.id === 'string'
    && typeof s.name === 'string' && isObj(s.checks) && Object.values(s.checks).every((k) => isObj(k) && typeof k.id === 'string'
    && typeof k.label === 'string' && Array.isArray(k.params)));
  if (ok) return c;
  storage.remove('catalog');
  storage.repair('the stored list of checks');
  return null;
}

// another tab changed what this one shows
storage.onExternal((name) => {
  if (name === 'prefs') {
    // what another tab chose (characters, last checks, theme); this tab keeps its own game
    const other = storage.loadPrefs();
    for (const k of ['theme', 'checks', 'entered', 'character']) prefs[k] = other[k];
  }
  if (name === 'history') historyPanel.render();
  if (['characters', 'prefs'].includes(name)) { characters.renderPicker(); if (characters.dialog.open) characters.renderList(); }
  if (['characters', 'tracked'].includes(name) && table.current.form) table.current.form.refreshFill();
  if (['characters', 'saved-checks'].includes(name)) savedPanel.render();
  showStorageState();
});

function useCatalog(answer) {
  catalog = answer;
  chars.setSheets(catalog);
  table.setCatalog(catalog);
  table.selectSystem(table.current.system || prefs.system, prefs.checks[prefs.system]);
}

let loaded = null; // the catalog from the running engine: a Promise once asked
let engineCatalog = false; // true once the engine's own catalog is in use

/** One step of the start in its own User Timing measure (tablecheck:<name>). */
function step(name, fn) {
  const t = performance.now();
  const value = fn();
  performance.measure(`tablecheck:${name}`, { start: t });
  return value;
}

// The build ships the catalog (tools/build.py, catalog.json): the form
// is drawn from it before the engine is up, so the first odds are asked the
// moment it is ready. The engine's own catalog still decides (loadCatalog
// redraws if it differs); a missing or unreadable file changes nothing.
async function loadCatalog() {
  // the form's first odds first: asked before this, drawn before this is read
  await table.odds.idle();
  const answer = await engine.catalog();
  if (!answer || answer.error || !answer.systems) { table.checkTitle.textContent = 'The checks could not be loaded.'; loaded = null; return; }
  await nextTask();
  const text = JSON.stringify(answer);
  const fresh = text !== JSON.stringify(catalog);
  engineCatalog = true;
  step('catalog-form', () => { if (fresh || !table.current.form) useCatalog(answer); });
  root.dataset.ui = 'ready';
  table.engineChanged();
  savedPanel.render();
  await nextTask();
  if (fresh || catalogFrom !== 'stored') storage.saveText('catalog', text, { cache: true });
  await sharePanel.openFromAddress();
  root.dataset.share = 'done';
}

// a shared link opened in a tab that already shows the page
window.addEventListener('hashchange', () => {
  if (root.dataset.ui === 'ready' && location.hash.startsWith('#share=')) sharePanel.openFromAddress();
});

/** <html data-ui="ready"> once the engine is up and its catalog drawn. */
let engineState = null;
function onEngineState() {
  if (root.dataset.engine === engineState) return; // the same state said again (the pill's text)
  engineState = root.dataset.engine;
  const ready = root.dataset.engine === 'ready';
  if (!ready) root.dataset.ui = 'loading';
  step('engine-state', () => table.engineChanged());
  if (ready && !loaded) loaded = loadCatalog();
}

performance.measure('tablecheck:modules', { start: moduleStart, end: modulesEnd });
table.current.system = prefs.system;
step('storage', () => { showStorageState(); showRepairs(); });
window.addEventListener('tablecheck:status', onEngineState);
new MutationObserver(onEngineState).observe(root, { attributeFilter: ['data-engine'] });
onEngineState();

// The rest of the start, each step in a turn of its own (none long): the
// form first (the stored catalog, else the shipped one), then what is not
// on screen at first.
/** The start's form from a catalog, a turn each: the pickers, the form
 * built, the form drawn, its first values (to mark changes), its checks and
 * first odds. */
async function drawCatalog(answer, name) {
  step(`${name}-pickers`, () => { catalog = answer; chars.setSheets(catalog); table.setCatalog(catalog); });
  await nextTask();
  if (engineCatalog) return; // the engine's own catalog came meanwhile
  const [system, check] = table.choice(table.current.system || prefs.system, prefs.checks[prefs.system]);
  step(`${name}-build`, () => table.prepareForm(system, check));
  await nextTask();
  if (engineCatalog) return;
  step(name, () => table.selectSystem(system, check, { refresh: false }));
  await nextTask();
  step(`${name}-defaults`, () => table.current.form && table.current.form.defaults);
  await nextTask();
  if (engineCatalog) return;
  step(`${name}-odds`, () => table.refreshAll());
}

(async () => {
  await nextTask();
  if (!engineCatalog && catalog && catalog.systems) {
    try { await drawCatalog(catalog, 'form'); } catch (e) {
      // a stored catalog this page cannot draw: the shipped one, then the engine's, draw instead
      storage.remove('catalog');
      storage.repair('the stored list of checks');
      catalog = null;
    }
  }
  await nextTask();
  step('picker', () => characters.renderPicker());
  await nextTask();
  step('history', () => historyPanel.render());
  step('saved', () => savedPanel.render());
  await nextTask();
  // the kinds no list has read yet (their broken values said, old lists moved)
  step('stored', () => { storage.readAll(); root.dataset.stored = 'read'; });
  persist.refresh();
  await drawShipped(await shipped);
  await table.odds.warm();
  // the fonts laid out before the first paint (index.html) are in use now
  const fontSample = document.getElementById('font-warm');
  if (fontSample) fontSample.remove();
})();

async function drawShipped(file) {
  if (engineCatalog || !file || !file.systems) return;
  await nextTask();
  if (engineCatalog || (catalog && JSON.stringify(file) === JSON.stringify(catalog))) return;
  await nextTask();
  if (engineCatalog) return;
  catalogFrom = 'shipped';
  await drawCatalog(file, 'shipped-form');
}
