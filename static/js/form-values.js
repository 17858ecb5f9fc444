// A form field's values by the kind of its param (api.md: int, choice,
// int_or_choice, bool, string, object, list): its first value, and its value
// from what was typed, with the message of a value that does not fit.
// Pure: no DOM (tests/js/form-values.test.mjs); forms.js draws the fields.

import { humanise } from './util.js';
import { t } from './i18n.js';

/** The first value of a field: the catalog default, else the `initial`
 * value the rules module suggests, else one in range for its type. */
export function uiDefault(p) {
  if (p.default !== undefined && (p.default !== null || p.initial === undefined)) return p.default;
  if (p.nullable && p.initial === undefined) return null;
  const v = p.initial;
  if (p.type === 'int' || p.type === 'int_or_choice') {
    let n = typeof v === 'number' ? v : (p.min !== undefined ? Math.max(p.min, 0) : 0);
    if (p.min !== undefined && n < p.min) n = p.min;
    if (p.max !== undefined && n > p.max) n = p.max;
    return typeof v === 'string' && p.type === 'int_or_choice' ? v : n;
  }
  if (p.type === 'choice') return v !== undefined && v !== null ? v : (p.choices && p.choices.length ? p.choices[0].value : null);
  if (p.type === 'bool') return false;
  if (p.type === 'string') return typeof v === 'string' ? v : '';
  return v;
}

export function itemDefault(listParam) {
  const item = listParam.item;
  if (item.type === 'object') return objectDefault(item.fields);
  // a list's first values may be given on the list (`initial`) or its item
  return uiDefault({ ...item, initial: item.initial !== undefined ? item.initial : listParam.initial });
}

export function objectDefault(fields) {
  const out = {};
  for (const f of fields) {
    if (f.form === false) continue; // set by a card's follow-up, never typed
    if (f.default === null) out[f.name] = null;
    else if (f.type === 'object') out[f.name] = f.default !== undefined && f.default !== null ? f.default : objectDefault(f.fields);
    else if (f.type === 'list') out[f.name] = listDefault(f);
    else out[f.name] = uiDefault(f);
  }
  return out;
}

export function listDefault(p) {
  if (Array.isArray(p.default)) return p.default;
  const n = Math.max(p.min_items || 0, p.min_items === undefined ? 1 : 0);
  return Array.from({ length: n }, () => itemDefault(p));
}

export function labelOf(p) {
  return p.label && p.label !== p.name ? p.label : humanise(p.name);
}

export function parseWhole(raw) {
  const s = String(raw).trim().replace(/^\u2212/, '-');
  if (s === '') return { empty: true };
  if (!/^[+-]?\d+$/.test(s)) return { bad: true };
  return { value: parseInt(s, 10) };
}

export function rangeText(p) {
  if (p.min !== undefined && p.max !== undefined) return t('form.range', { min: p.min, max: p.max });
  if (p.min !== undefined) return t('form.atLeast', { min: p.min });
  if (p.max !== undefined) return t('form.atMost', { max: p.max });
  return '';
}

/** A whole number within the param's bounds: {value, errors}. */
export function inRange(p, path, n) {
  if (p.min !== undefined && n < p.min) return { errors: [{ path, message: t('form.mustAtLeast', { min: p.min }) }] };
  if (p.max !== undefined && n > p.max) return { errors: [{ path, message: t('form.mustAtMost', { max: p.max }) }] };
  return { value: n, errors: [] };
}

/** An int field's value from its text: {value, errors} (null when empty and nullable). */
export function intValue(p, path, text) {
  const r = parseWhole(text);
  if (r.empty) {
    if (p.nullable) return { value: null, errors: [] };
    return { errors: [{ path, message: rangeText(p) ? t('form.enterNumberIn', { range: rangeText(p) }) : t('form.enterNumber') }] };
  }
  if (r.bad) return { errors: [{ path, message: t('form.notWhole', { text: String(text).trim() }) }] };
  return inRange(p, path, r.value);
}

/** A string field's value from its text, trimmed: {value, errors}. */
export function textValue(p, path, text) {
  const v = String(text).trim();
  if (v === '' && p.required) return { errors: [{ path, message: t('form.enterValue') }] };
  if (v === '' && p.nullable) return { value: null, errors: [] };
  return { value: v, errors: [] };
}

/** A number the rules fix (min = max = default): no field; the API's default applies. */
export function isFixed(p) {
  return p.type === 'int' && p.min !== undefined && p.min === p.max && p.default === p.min;
}

export function sameRaw(a, b) {
  const norm = (x) => (x === null || x === undefined ? '' : String(x).trim());
  return norm(a) === norm(b);
}

/** Parent paths of an API error path: "a.b[1].c" -> a.b[1].c, a.b[1], a.b, a */
export function pathAncestors(path) {
  const out = [path];
  let p = path;
  while (p) {
    const m = p.match(/^(.*)(\.[^.[\]]+|\[\d+\])$/);
    if (!m) break;
    p = m[1];
    out.push(p);
  }
  return out;
}
