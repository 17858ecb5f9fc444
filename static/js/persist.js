// Storage that lasts: after the first save the page asks the browser to keep
// this site's storage (navigator.storage.persist()) and shows the answer and
// the space used (navigator.storage.estimate()). When the answer is no, the
// page reminds the player to export.
//
// Everything stays in localStorage (see docs/architecture.md, "Storage"):
// persistence covers the whole origin's storage, localStorage included.

import { el } from './util.js';
import * as storage from './storage.js';
import { t, number } from './i18n.js';

const root = document.documentElement;
const state = { supported: !!(navigator.storage && navigator.storage.persist), asked: !!storage.load('persist-asked', null), persisted: null, usage: null, quota: null };
const nodes = new Set();
let asking = null;

function kb(bytes) {
  if (bytes === null || bytes === undefined) return '?';
  const one = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  if (bytes < 1024 * 1024) return `${number(Math.max(1, Math.round(bytes / 1024)))} kB`;
  if (bytes < 1024 * 1024 * 1024) return `${number(bytes / (1024 * 1024), one)} MB`;
  return `${number(bytes / (1024 * 1024 * 1024), one)} GB`;
}

/** What the storage line says, from the browser's answers. */
export function describe(s = state) {
  if (!s.supported) {
    return { kept: false, text: t('persist.unknown') };
  }
  const used = s.usage !== null ? ` \u00b7 ${s.quota ? t('persist.usedOf', { used: kb(s.usage), quota: kb(s.quota) }) : t('persist.used', { used: kb(s.usage) })}` : '';
  if (s.persisted) return { kept: true, text: t('persist.kept', { used }) };
  if (!s.asked) return { kept: false, text: t('persist.notAsked', { used }) };
  return { kept: false, text: t('persist.mayDelete', { used }) };
}

function paint() {
  const d = describe();
  root.dataset.persisted = state.persisted === null ? 'unknown' : String(state.persisted);
  for (const n of nodes) {
    n.textContent = d.text;
    n.dataset.kept = String(d.kept);
    n.dataset.asked = String(state.asked);
  }
}

async function estimate() {
  if (!(navigator.storage && navigator.storage.estimate)) return;
  try {
    const e = await navigator.storage.estimate();
    state.usage = typeof e.usage === 'number' ? e.usage : null;
    state.quota = typeof e.quota === 'number' ? e.quota : null;
  } catch (e) { /* keep the last figures */ }
}

/** Read what the browser says now (no request); repaint. */
export async function refresh() {
  if (state.supported && navigator.storage.persisted) {
    try { state.persisted = await navigator.storage.persisted(); } catch (e) { state.persisted = null; }
  }
  await estimate();
  paint();
  return { ...state };
}

/** Something was saved: ask once per visit to keep the storage (the browser
 * decides, often without asking the player). Promise of the state. */
export function saved() {
  if (!state.supported) return refresh();
  if (!asking) {
    asking = (async () => {
      try {
        state.persisted = await navigator.storage.persisted();
        if (!state.persisted) state.persisted = await navigator.storage.persist();
      } catch (e) {
        state.persisted = false;
      }
      state.asked = true;
      storage.save('persist-asked', { time: new Date().toISOString(), answer: state.persisted });
      await estimate();
      paint();
      return { ...state };
    })();
  } else {
    asking = asking.then(async () => { await estimate(); paint(); return { ...state }; });
  }
  return asking;
}

/** A line that always shows the storage state. */
export function statusNode(id) {
  const n = el('p', { class: 'storage-state', id, role: 'status' });
  nodes.add(n);
  paint();
  return n;
}

export function current() {
  return { ...state };
}
