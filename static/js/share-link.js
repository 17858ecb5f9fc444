// A shared check's link: the page's address with the check in its fragment
// (#share=...), so no server sees it. Payload: base64url of the JSON
// {v: 1, system, check, request, dice?, time?} (time: when it was rolled).
// Pure: no DOM (tests/js/share-link.test.mjs).

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
  if (!m) return (hash || '').startsWith('#share=') ? { error: 'The link is damaged (it has characters a shared check never has).' } : null;
  let data;
  try { data = JSON.parse(fromBase64Url(m[1])); } catch (e) { return { error: 'The link is damaged (its check cannot be read).' }; }
  if (!data || typeof data !== 'object' || data.v !== 1) return { error: 'The link is from another version of tablecheck.' };
  const sys = catalog && catalog.systems ? catalog.systems[data.system] : null;
  if (!sys) return { error: `The link is for a game this page does not know (${JSON.stringify(data.system)}).` };
  if (!sys.checks[data.check]) return { error: `The link is for a check this page does not know (${JSON.stringify(data.check)} of ${sys.name}).` };
  if (!data.request || typeof data.request !== 'object' || Array.isArray(data.request)) return { error: 'The link has no inputs.' };
  if (data.dice !== undefined && !(Array.isArray(data.dice) && data.dice.every((d) => Number.isInteger(d)))) return { error: 'The link\u2019s dice are not whole numbers.' };
  // when it was rolled (links made before it was sent: when it is opened)
  const time = typeof data.time === 'string' && !Number.isNaN(Date.parse(data.time)) ? data.time : undefined;
  return { system: data.system, check: data.check, request: data.request, dice: data.dice, time };
}
