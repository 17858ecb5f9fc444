// The composition root: it only wires. The table (table.js: pickers, form,
// odds, roll, card), the characters, history, saved-checks and share panels,
// the theme and the banners (notices.js) get the engine bridge (engine.js)
// and each other through their constructors; startup.js runs the start.

import { el, clear, afterFrame } from './util.js';
import { tablecheck } from './engine.js';
import * as storage from './storage.js';
import { announcer } from './dialogs.js';
import { Table } from './table.js';
import { HistoryPanel } from './history-panel.js';
import { CharactersPanel } from './characters-panel.js';
import { themeToggle } from './theme.js';
import { SavedPanel } from './saved-panel.js';
import { SharePanel } from './share.js';
import { Notices } from './notices.js';
import { Startup, step, nextTask } from './startup.js';
import * as persist from './persist.js';
import { t } from './i18n.js';
import { applyLanguage, languageSwitch } from './lang-switch.js';

applyLanguage(); // <html lang> and index.html's own texts in the page's language

const start = new Startup();
const prefs = storage.loadPrefs();
const savePrefs = () => storage.save('prefs', prefs);
start.readCatalogs();
const catalog = () => start.catalog;
const { live, say } = announcer();

/** Calls that never throw: a lost engine answers {error}. */
const never = (ask) => async (...args) => {
  try {
    return (await ask(...args)) || { error: { field: null, message: t('engine.noAnswer') } };
  } catch (e) { return { error: { field: null, message: String(e && e.message ? e.message : e) } }; }
};
const engine = Object.fromEntries(['resolve', 'odds', 'catalog', 'fill', 'importCharacter'].map((name) => [name, never((request) => tablecheck[name](request))]));
// asked while the engine starts, answered as soon as it is up (engine.js)
engine.early = never((name, request) => tablecheck.early(name, request));

await start.modulesRan();
// each part of the frame in a turn of its own
const table = step('table', () => new Table({
  engine, prefs, savePrefs, say,
  currentCharacter: (system) => characters.current(system),
  onSaved: (entry) => { historyPanel.render(); notices.showStorageState(); notices.noteUnsaved(entry); persist.saved(); },
  onCounters: () => characters.renderList(), // a follow-up spent a character's counter
}));
await nextTask();
const characters = step('characters-panel', () => new CharactersPanel({
  prefs, savePrefs, say, catalog, engine,
  system: () => table.current.system,
  gameName: (id) => (catalog() && catalog().systems[id] ? catalog().systems[id].name : id),
  changed: () => { if (table.current.form) table.current.form.refreshFill(); savedPanel.render(); },
  onSaved: () => persist.saved(),
}));
table.onSystem = () => { characters.renderPicker(); savedPanel.render(); };
await nextTask();
const historyPanel = step('history-panel', () => new HistoryPanel({ table, engine, catalog, storageNote: (n) => notices.showStorageState(n), onSaved: () => persist.saved() }));
await nextTask();
const savedPanel = step('saved-panel', () => new SavedPanel({
  table, say, catalog,
  currentCharacter: (system) => characters.current(system),
  onSaved: () => persist.saved(),
}));
await nextTask();
const sharePanel = step('share-panel', () => new SharePanel({ table, engine, say, catalog, banner: (text) => notices.showShareProblem(text) }));
savedPanel.buttons.append(sharePanel.button);
await nextTask();
const frameEnd = performance.now();

const header = document.getElementById('header-controls') || document.querySelector('.app-header') || document.body;
clear(header);
header.append(table.gamePicker, el('div', { class: 'header-actions' }, characters.pick, characters.button, historyPanel.button, themeToggle(prefs, savePrefs), languageSwitch()));
const notices = new Notices({ resultHost: () => table.resultHost });
const main = document.getElementById('app') || document.body.appendChild(el('main', { id: 'app' }));
// the saved checks and Share sit above the odds (beside the form in landscape)
(table.outPane || table.root).prepend(savedPanel.root);
// the header laid out and drawn in a frame of its own, then the table: two
// short first layouts, not one long one
performance.measure('tablecheck:frame', { start: frameEnd });
await afterFrame();
step('frame-table', () => main.append(...notices.banners, table.root, live));

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
  notices.showStorageState();
});

start.run({ prefs, engine, table, characters, historyPanel, savedPanel, sharePanel, notices });
