// The composition root: wires the table controller (table.js: pickers,
// form, odds, roll, card), the history and characters panels, the theme and
// the storage notice to the engine bridge (engine.js).

import { el, clear } from './util.js';
import { tablecheck } from './engine.js';
import * as storage from './storage.js';
import * as chars from './characters.js';
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

const prefs = Object.assign({ theme: null, system: null, checks: {}, entered: {}, character: {} }, storage.load('prefs', {}));
const savePrefs = () => storage.save('prefs', prefs);
let catalog = storage.load('catalog', null);
const { live, say } = announcer();

/** Calls that never throw: a lost engine answers {error}. */
const engine = Object.fromEntries(['resolve', 'odds', 'catalog', 'fill'].map((name) => [name, async (request) => {
  try {
    return (await tablecheck[name](request)) || { error: { field: null, message: 'The dice engine gave no answer.' } };
  } catch (e) { return { error: { field: null, message: String(e && e.message ? e.message : e) } }; }
}]));

const characters = new CharactersPanel({
  prefs, savePrefs, say,
  system: () => table.current.system,
  gameName: (id) => (catalog && catalog.systems[id] ? catalog.systems[id].name : id),
  changed: () => { if (table.current.form) table.current.form.refreshFill(); savedPanel.render(); },
  catalog: () => catalog,
  onSaved: () => persist.saved(),
});
const table = new Table({
  engine, prefs, savePrefs, say, metrics,
  currentCharacter: (system) => characters.current(system),
  onSaved: () => { historyPanel.render(); showStorageState(); persist.saved(); },
  onCounters: () => characters.renderList(), // a follow-up spent a character's counter
});
table.onSystem = () => { characters.renderPicker(); savedPanel.render(); };
const historyPanel = new HistoryPanel({ table, engine, catalog: () => catalog, storageNote: (n) => showStorageState(n), onSaved: () => persist.saved() });
const savedPanel = new SavedPanel({
  table, say, catalog: () => catalog,
  currentCharacter: (system) => characters.current(system),
  onSaved: () => persist.saved(),
});
const sharePanel = new SharePanel({ table, engine, say, catalog: () => catalog, banner: (text) => showShareProblem(text) });
savedPanel.buttons.append(sharePanel.button);

const header = document.getElementById('header-controls') || document.querySelector('.app-header') || document.body;
clear(header);
header.append(table.gamePicker, el('div', { class: 'header-actions' }, characters.pick, characters.button, historyPanel.button, themeToggle(prefs, savePrefs)));
const storageBanner = el('p', { class: 'banner storage-banner', id: 'storage-banner', role: 'status', hidden: true });
const main = document.getElementById('app') || document.body.appendChild(el('main', { id: 'app' }));
const shareBanner = el('p', { class: 'banner share-banner', id: 'share-banner', role: 'alert', hidden: true });
main.append(storageBanner, shareBanner, table.root, live);
// the saved checks and Share sit above the odds (beside the form in landscape)
(table.outPane || table.root).prepend(savedPanel.root);

function showShareProblem(text) {
  shareBanner.textContent = text;
  shareBanner.hidden = false;
}

function showStorageState(note = document.getElementById('history-storage-note')) {
  const reason = storage.problemReason();
  storageBanner.hidden = !reason;
  storageBanner.textContent = reason === 'full'
    ? 'History is not being saved: this browser\u2019s storage is full. Export the history to keep it.'
    : 'History is not being saved: this browser does not allow storage here (private mode?). Everything still works; export the history to keep it.';
  root.dataset.storage = reason || 'ok';
  if (note) { note.hidden = !reason; note.textContent = storageBanner.textContent; }
}
window.addEventListener('tablecheck:storage', () => showStorageState());

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
  fn();
  performance.measure(`tablecheck:${name}`, { start: t });
}

/** Let the browser paint and handle input before the next step. */
const nextTask = () => (window.scheduler && scheduler.yield ? scheduler.yield() : new Promise((r) => setTimeout(r)));

// The build ships the catalog (tools/build.py, catalog.json): the form
// is drawn from it before the engine is up, so the first odds are asked the
// moment it is ready. The engine's own catalog still decides (loadCatalog
// redraws if it differs); a missing or unreadable file changes nothing.
const shipped = fetch('./catalog.json').then((r) => (r.ok ? r.json() : null)).catch(() => null);
async function loadCatalog() {
  const answer = await engine.catalog();
  if (!answer || answer.error || !answer.systems) { table.checkTitle.textContent = 'The checks could not be loaded.'; loaded = null; return; }
  const fresh = JSON.stringify(answer) !== JSON.stringify(catalog);
  storage.save('catalog', answer);
  engineCatalog = true;
  step('catalog-form', () => { if (fresh || !table.current.form) useCatalog(answer); });
  root.dataset.ui = 'ready';
  table.engineChanged();
  savedPanel.render();
  await sharePanel.openFromAddress();
  root.dataset.share = 'done';
}

// a shared link opened in a tab that already shows the page
window.addEventListener('hashchange', () => {
  if (root.dataset.ui === 'ready' && location.hash.startsWith('#share=')) sharePanel.openFromAddress();
});

/** <html data-ui="ready"> once the engine is up and its catalog drawn. */
function onEngineState() {
  const ready = root.dataset.engine === 'ready';
  if (!ready) root.dataset.ui = 'loading';
  table.engineChanged();
  if (ready && !loaded) loaded = loadCatalog();
}

performance.measure('tablecheck:frame', { start: moduleStart });
table.current.system = prefs.system;
step('storage', () => showStorageState());
window.addEventListener('tablecheck:status', onEngineState);
new MutationObserver(onEngineState).observe(root, { attributeFilter: ['data-engine'] });
onEngineState();

// The rest of the start, each step in a task of its own (none long): the
// form first (the stored catalog, else the shipped one), then what is not
// on screen at first.
(async () => {
  await nextTask();
  step('form', () => { if (!engineCatalog && catalog && catalog.systems) useCatalog(catalog); });
  await nextTask();
  step('picker', () => characters.renderPicker());
  await nextTask();
  step('history', () => historyPanel.render());
  step('saved', () => savedPanel.render());
  persist.refresh();
  const file = await shipped;
  if (engineCatalog || !file || !file.systems || JSON.stringify(file) === JSON.stringify(catalog)) return;
  await nextTask();
  step('shipped-form', () => useCatalog(file));
})();
