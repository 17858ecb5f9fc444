// A shared check's link: the page's address with the check in its fragment
// (#share=...), so no server sees it. Payload: base64url of the JSON
// {v: 1, system, check, request, dice?, time?} (time: when it was rolled).
// Pure: no DOM (tests/js/share-link.test.mjs). A bad link's error is in the
// page's language (messages/: share.bad.*).

import { t } from './i18n.js';

const KEY = 'share';
export const MAX_LINK = 2000; // characters: a QR code at level M holds ~2300 bytes

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(code) {
  const b64 = code.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** The page's own address (any sub-path), without query or fragment. */
export function pageAddress() {
  return `${location.origin}${location.pathname}`;
}

/** The link of a shared check: `address` (the page's own) with the payload in its fragment. */
export function linkFor(payload, address = pageAddress()) {
  return `${address}#${KEY}=${toBase64Url(JSON.stringify({ v: 1, ...payload }))}`;
}

/** Read a fragment: null (no shared check), {error} or the payload. */
export function parseHash(hash, catalog) {
  const m = /^#?share=([A-Za-z0-9_-]+)$/.exec(hash || '');
  if (!m) return (hash || '').startsWith('#share=') ? { error: t('share.bad.characters') } : null;
  let data;
  try { data = JSON.parse(fromBase64Url(m[1])); } catch (e) { return { error: t('share.bad.unreadable') }; }
  if (!data || typeof data !== 'object' || data.v !== 1) return { error: t('share.bad.version') };
  const sys = catalog && catalog.systems ? catalog.systems[data.system] : null;
  if (!sys) return { error: t('share.bad.game', { game: JSON.stringify(data.system) }) };
  if (!sys.checks[data.check]) return { error: t('share.bad.check', { check: JSON.stringify(data.check), game: sys.name }) };
  if (!data.request || typeof data.request !== 'object' || Array.isArray(data.request)) return { error: t('share.bad.inputs') };
  if (data.dice !== undefined && !(Array.isArray(data.dice) && data.dice.every((d) => Number.isInteger(d)))) return { error: t('share.bad.dice') };
  // when it was rolled (links made before it was sent: when it is opened)
  const time = typeof data.time === 'string' && !Number.isNaN(Date.parse(data.time)) ? data.time : undefined;
  return { system: data.system, check: data.check, request: data.request, dice: data.dice, time };
}
