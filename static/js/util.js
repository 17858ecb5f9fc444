// Small DOM and formatting helpers shared by the page's modules.

let uid = 0;
/** A fresh id for label/for and aria-describedby links. */
export function newId(prefix = 'tc') {
  uid += 1;
  return `${prefix}-${uid}`;
}

/**
 * el('button', {class: 'x', type: 'button', onclick: fn, dataset: {a: 1}}, 'text', child)
 * Attributes with value null/false are skipped; true becomes "".
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key === 'style' && typeof value === 'object') Object.assign(node.style, value);
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'text') node.textContent = value;
    else if (key in node && typeof value !== 'string' && key !== 'list') node[key] = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** "quality_levels" -> "Quality levels" */
export function humanise(key) {
  const s = String(key).replace(/_/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A probability as a percentage to one decimal; tiny non-zero values say so. */
export function pct(p) {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  const v = p * 100;
  if (v < 0.05) return '<0.1%';
  if (v > 99.95) return '>99.9%';
  return `${v.toFixed(1)}%`;
}

export function debounce(fn, ms) {
  let timer = null;
  const wrapped = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => { timer = null; fn(...args); }, ms);
  };
  wrapped.cancel = () => clearTimeout(timer);
  wrapped.flush = (...args) => { clearTimeout(timer); timer = null; fn(...args); };
  return wrapped;
}

export function deepCopy(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

export function reducedMotion() {
  return window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Offer `data` as a JSON file download. */
export function downloadJSON(filename, data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Read a File chosen in an <input type=file> as text. */
export function readFileText(file) {
  if (file.text) return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

export function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function dateStamp(d = new Date()) {
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}`;
}

/** The value at a field path ("a.b[1].c", "sides[1]") of a values tree. */
export function valueAt(tree, path) {
  let v = tree;
  for (const part of String(path).match(/[^.[\]]+|\[\d+\]/g) || []) {
    if (v === null || v === undefined || typeof v !== 'object') return undefined;
    v = part.startsWith('[') ? v[Number(part.slice(1, -1))] : v[part];
  }
  return v;
}

const FONT_PARTS = ['fontStyle', 'fontWeight', 'fontStretch', 'fontSize', 'fontFamily'];

/** The fonts `root`'s text is drawn in (computed styles; `root` may be
 * display: none), a few nodes a turn: [{parts: {fontSize, ...}, chars: what
 * it draws}]. Form controls count with their values and placeholders. */
async function textFonts(root, nextTask, perTurn = 25) {
  const fonts = new Map();
  const add = (node, text) => {
    const chars = (text || '').replace(/\s+/g, '');
    if (!chars) return;
    // the font's parts, not the `font` shorthand: its line-height asks for the font itself
    const style = getComputedStyle(node);
    const parts = Object.fromEntries(FONT_PARTS.map((part) => [part, style[part]]));
    const key = JSON.stringify(parts);
    const seen = fonts.get(key) || { parts, chars: '' };
    seen.chars = Array.from(new Set(seen.chars + chars)).join('').slice(0, 60);
    fonts.set(key, seen);
  };
  const nodes = [...root.querySelectorAll('*')];
  for (let at = 0; at < nodes.length; at += perTurn) {
    const t = performance.now();
    for (const node of nodes.slice(at, at + perTurn)) {
      if (node.matches('input, select, textarea, button')) add(node, `${node.value || ''}${node.placeholder || ''}${node.textContent}0`);
      for (const child of node.childNodes) if (child.nodeType === Node.TEXT_NODE) add(node, child.data);
    }
    performance.measure('tablecheck:font-styles', { start: t });
    await nextTask(); // styles of a hidden subtree are worked out node by node
  }
  return [...fonts.values()];
}

/** Ask the browser for the fonts of `root`'s text a few at a time, each
 * few in a turn of its own (`nextTask`), in a hidden sample outside `root`.
 * On a fresh start each font size and weight costs a font lookup of about
 * 1 ms (Chromium on Linux: FontCache::GetFontPlatformData); laid out all at
 * the same time, a form's 40 or so made one frame of 70-120 ms. When they are
 * in, laying out `root` itself costs a few ms. Resolves to how many fonts. */
export async function warmFonts(root, nextTask, perTurn = 2) {
  await nextTask();
  const fonts = await textFonts(root, nextTask);
  const sample = el('div', { class: 'font-warm', 'aria-hidden': 'true' });
  document.body.append(sample);
  try {
    for (let at = 0; at < fonts.length; at += perTurn) {
      const t = performance.now();
      for (const { parts, chars } of fonts.slice(at, at + perTurn)) {
        const span = el('span', {}, chars);
        Object.assign(span.style, parts);
        sample.append(span);
      }
      void sample.offsetWidth; // laid out now, in this turn
      performance.measure('tablecheck:font-sample', { start: t });
      await nextTask();
    }
  } finally {
    sample.remove();
  }
  return fonts.length;
}
