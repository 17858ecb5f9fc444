// The page's own words in the page's language (issue 28): one message table
// per language (messages/en.js, messages/de.js, the same keys), t(key,
// params) to read them, and Intl for numbers and dates ("62,5 %",
// "2.12.2026, 20:15"). The language is the stored choice (storage key
// `lang`, lang-switch.js), else the browser's (the first of
// navigator.languages the page has), else English. Pure: no DOM at import, so the
// Node tests load it (tests/js/i18n.test.mjs). The rules' own words come
// from the engine in the same language (engine.js sends `locale`).

import en from './messages/en.js';
import de from './messages/de.js';
import { V1 } from './record-store.js';

export const TABLES = { en, de };
/** The languages the page offers, each named in itself. */
export const LANGUAGES = [['en', 'English'], ['de', 'Deutsch']];
export const STORAGE_NAME = 'lang'; // storage.js single value

function stored() {
  try {
    const text = globalThis.localStorage && globalThis.localStorage.getItem(V1 + STORAGE_NAME);
    const value = text ? JSON.parse(text) : null;
    return TABLES[value] ? value : null;
  } catch (e) { return null; }
}

/** The first of the browser's languages ('de-DE', 'en-US', ...) the page
 * has, by its primary tag; null when none is. */
export function fromBrowser(languages = globalThis.navigator && globalThis.navigator.languages) {
  for (const tag of languages || []) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (TABLES[code]) return code;
  }
  return null;
}

let current = stored() || fromBrowser() || 'en';

/** The page's language: 'en' or 'de'. */
export const lang = () => current;

/** Use `code` from now on (an unknown one: English). */
export function setLang(code) {
  current = TABLES[code] ? code : 'en';
  return current;
}

/** The text of `key` in the page's language, its {name} fields filled from
 * params; a key the table lacks falls back to English, then to the key. */
export function t(key, params = {}, code = current) {
  const table = TABLES[code] || en;
  const text = key in table ? table[key] : key in en ? en[key] : key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

/** A count and its noun: `${key}.one` for 1, else `${key}.other`, {n} filled
 * ("1 entry", "3 Einträge"). */
export function count(key, n, params = {}, code = current) {
  return t(`${key}.${n === 1 ? 'one' : 'other'}`, { n, ...params }, code);
}

// Intl formatters, made once per language and options: making one costs
// about as much as drawing a card's dice (a result card's time and the
// advice table's numbers each made several)
const FORMATS = new Map();
function format(Kind, code, options) {
  const key = `${Kind.name} ${code} ${JSON.stringify(options)}`;
  let f = FORMATS.get(key);
  if (!f) { f = new Kind(code, options); FORMATS.set(key, f); }
  return f;
}

/** A number as the language writes it ("1,5" in German). */
export function number(x, options = {}, code = current) {
  return format(Intl.NumberFormat, code, options).format(x);
}

/** A probability as a percentage with one decimal ("62.5%", "62,5 %"); the
 * ends said as such (0%, <0.1%, >99.9%, 100%). English keeps its own form. */
export function percent(p, code = current) {
  const text = (v) => (code === 'en' ? `${v.toFixed(1)}%`
    : format(Intl.NumberFormat, code, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v / 100));
  const whole = (v) => (code === 'en' ? `${v}%` : format(Intl.NumberFormat, code, { style: 'percent' }).format(v / 100));
  if (p <= 0) return whole(0);
  if (p >= 1) return whole(100);
  const v = p * 100;
  if (v < 0.05) return `<${text(0.1)}`;
  if (v > 99.95) return `>${text(99.9)}`;
  return text(v);
}

/** A moment as the language writes it: "2.12.2026, 20:15" in German. */
export function dateTime(time, code = current) {
  return format(Intl.DateTimeFormat, code, { day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(time));
}

/** A time of day: "20:15" in German. */
export function timeOfDay(time, code = current) {
  return format(Intl.DateTimeFormat, code, { hour: '2-digit', minute: '2-digit' }).format(new Date(time));
}

/** A short moment for lists: "Dec 2 08:15 PM" in English as before, "2.12., 20:15" in German. */
export function shortDateTime(time, code = current) {
  const when = new Date(time);
  if (code === 'en') return `${when.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
  return format(Intl.DateTimeFormat, code, { day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit' }).format(when);
}
