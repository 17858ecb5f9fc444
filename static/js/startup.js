// The page's start, step by step, each step in a turn of the event loop of
// its own (none long) and timed as a User Timing measure (tablecheck:<name>):
// the form first, from the stored catalog, else the one shipped with the
// build (catalog.json), while the engine starts; then the engine's own
// catalog, which decides (redrawn if it differs); then what is not on screen
// at first (the character picker, the history, the saved checks, the stored
// kinds no list has read yet), and a link's shared check.
//
// <html data-ui="ready"> once the engine is up and its catalog drawn;
// data-share="done" once a shared link (if any) is opened.

import * as storage from './storage.js';
import * as chars from './characters.js';
import * as persist from './persist.js';
import { isCatalog } from './catalog-check.js';
import { t, lang } from './i18n.js';

// the catalog kept in the page's language: one stored copy per language
const CATALOG = lang() === 'en' ? 'catalog' : `catalog-${lang()}`;

const root = document.documentElement;

/** Let the browser paint and handle input before the next step. */
export const nextTask = () => (window.scheduler && scheduler.yield ? scheduler.yield() : new Promise((r) => setTimeout(r)));

/** One step of the start in its own User Timing measure (tablecheck:<name>). */
export function step(name, fn) {
  const t = performance.now();
  const value = fn();
  performance.measure(`tablecheck:${name}`, { start: t });
  return value;
}

/** The stored catalog when it has the shape the page draws, else null (reset, said once). */
function storedCatalog() {
  const c = storage.load(CATALOG, null);
  if (c === null) return null;
  if (isCatalog(c)) return c;
  storage.remove(CATALOG);
  storage.repair(t('storage.value.catalog'));
  return null;
}

export class Startup {
  /** Made first thing, once the modules have run. */
  constructor() {
    this.moduleStart = performance.now();
    this.catalog = null;
    this.catalogFrom = null; // where the catalog drawn came from
    this.loaded = null; // the catalog from the running engine: a Promise once asked
    this.engineCatalog = false; // true once the engine's own catalog is in use
    this.engineState = null;
  }

  /** The stored catalog read (after the preferences: the reset notice names them in the
   * same sequence) and the one shipped with the build asked for (see drawShipped). */
  readCatalogs() {
    this.catalog = storedCatalog();
    this.catalogFrom = this.catalog ? 'stored' : null;
    // the build's catalog is English: another language waits for the engine's
    this.shipped = lang() !== 'en' ? Promise.resolve(null) : fetch('./catalog.json').then((r) => (r.ok ? r.json() : null)).catch(() => null);
  }

  /** The page's frame is built in a turn of the event loop of its own: the
   * document's own first layout (at the end of parsing) then does not wait for it. */
  async modulesRan() {
    this.modulesEnd = performance.now();
    await nextTask();
  }

  /** The rest of the start, once the frame is on the page.
   * parts: {prefs, engine, table, characters, historyPanel, savedPanel, sharePanel, notices} */
  run(parts) {
    Object.assign(this, parts);
    const { table, sharePanel, notices } = parts;
    performance.measure('tablecheck:modules', { start: this.moduleStart, end: this.modulesEnd });
    // a shared link opened in a tab that already shows the page
    window.addEventListener('hashchange', () => {
      if (root.dataset.ui === 'ready' && location.hash.startsWith('#share=')) sharePanel.openFromAddress();
    });
    table.current.system = this.prefs.system;
    step('storage', () => { notices.showStorageState(); notices.showRepairs(); });
    const onEngineState = () => this.onEngineState();
    window.addEventListener('tablecheck:status', onEngineState);
    new MutationObserver(onEngineState).observe(root, { attributeFilter: ['data-engine'] });
    onEngineState();
    this.rest();
  }

  onEngineState() {
    if (root.dataset.engine === this.engineState) return; // the same state said again (the pill's text)
    this.engineState = root.dataset.engine;
    const ready = root.dataset.engine === 'ready';
    if (!ready) root.dataset.ui = 'loading';
    step('engine-state', () => this.table.engineChanged());
    if (ready && !this.loaded) this.loaded = this.loadCatalog();
  }

  useCatalog(answer) {
    const { table, prefs } = this;
    this.catalog = answer;
    chars.setSheets(answer);
    table.setCatalog(answer);
    table.selectSystem(table.current.system || prefs.system, prefs.checks[prefs.system]);
  }

  // The build ships the catalog (tools/build.py, catalog.json): the form
  // is drawn from it before the engine is up, so the first odds are asked the
  // moment it is ready. The engine's own catalog still decides (redrawn
  // if it differs); a missing or unreadable file changes nothing.
  async loadCatalog() {
    const { table } = this;
    // the form's first odds first: asked before this, drawn before this is read
    await table.odds.idle();
    const answer = await this.engine.catalog();
    if (!answer || answer.error || !answer.systems) { table.checkTitle.textContent = t('table.notLoaded'); this.loaded = null; return; }
    await nextTask();
    const text = JSON.stringify(answer);
    const fresh = text !== JSON.stringify(this.catalog);
    this.engineCatalog = true;
    step('catalog-form', () => { if (fresh || !table.current.form) this.useCatalog(answer); });
    root.dataset.ui = 'ready';
    table.engineChanged();
    this.savedPanel.render();
    await nextTask();
    if (fresh || this.catalogFrom !== 'stored') storage.saveText(CATALOG, text, { cache: true });
    await this.sharePanel.openFromAddress();
    root.dataset.share = 'done';
  }

  /** The start's form from a catalog, a turn each: the pickers, the form
   * built, the form drawn, its first values (to mark changes), its checks and
   * first odds. */
  async drawCatalog(answer, name) {
    const { table, prefs } = this;
    step(`${name}-pickers`, () => { this.catalog = answer; chars.setSheets(answer); table.setCatalog(answer); });
    await nextTask();
    if (this.engineCatalog) return; // the engine's own catalog came meanwhile
    const [system, check] = table.choice(table.current.system || prefs.system, prefs.checks[prefs.system]);
    step(`${name}-build`, () => table.prepareForm(system, check));
    await nextTask();
    if (this.engineCatalog) return;
    step(name, () => table.selectSystem(system, check, { refresh: false }));
    await nextTask();
    step(`${name}-defaults`, () => table.current.form && table.current.form.defaults);
    await nextTask();
    if (this.engineCatalog) return;
    step(`${name}-odds`, () => table.refreshAll());
  }

  async drawShipped(file) {
    if (this.engineCatalog || !file || !file.systems) return;
    await nextTask();
    if (this.engineCatalog || (this.catalog && JSON.stringify(file) === JSON.stringify(this.catalog))) return;
    await nextTask();
    if (this.engineCatalog) return;
    this.catalogFrom = 'shipped';
    await this.drawCatalog(file, 'shipped-form');
  }

  // The rest of the start, each step in a turn of its own (none long): the
  // form first (the stored catalog, else the shipped one), then what is not
  // on screen at first.
  async rest() {
    await nextTask();
    if (!this.engineCatalog && this.catalog && this.catalog.systems) {
      try { await this.drawCatalog(this.catalog, 'form'); } catch (e) {
        // a stored catalog this page cannot draw: the shipped one, then the engine's, draw instead
        storage.remove(CATALOG);
        storage.repair(t('storage.value.catalog'));
        this.catalog = null;
      }
    }
    await nextTask();
    step('picker', () => this.characters.renderPicker());
    await nextTask();
    step('history', () => this.historyPanel.render());
    step('saved', () => this.savedPanel.render());
    await nextTask();
    // the kinds no list has read yet (their broken values said, old lists moved)
    step('stored', () => { storage.readAll(); root.dataset.stored = 'read'; });
    persist.refresh();
    await this.drawShipped(await this.shipped);
    await this.table.odds.warm();
    // the fonts laid out before the first paint (index.html) are in use now
    const fontSample = document.getElementById('font-warm');
    if (fontSample) fontSample.remove();
  }
}
