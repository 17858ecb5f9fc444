// What a history entry keeps of an answer (api.resolve's result), and what
// its stored request says. Pure: no DOM, no storage (tests/js/entries.test.mjs).

/** What history keeps of a result: everything the card shows, without bulky
 * tables, so storage lasts. */
export function compactResult(result) {
  const out = {};
  for (const [k, v] of Object.entries(result)) {
    if (k === 'replay' || k === 'drawn') continue; // the entry's request and dice hold them
    if (k === 'steps' && Array.isArray(v)) { out[k] = v.slice(0, 300); continue; }
    if (k === 'rolls' || k === 'card' || v === null || typeof v !== 'object') { out[k] = v; continue; }
    if (JSON.stringify(v).length <= 4000) out[k] = v;
  }
  return out;
}

/** What a history entry keeps to give its result again: the answer's
 * `replay` (the request and the dice, as Python keeps them) split into the
 * entry's request and dice; older answers without it: the request sent,
 * without its seed and dice, and the faces of the dice rolled. */
export function replayOf(request, answer) {
  if (answer.replay && typeof answer.replay === 'object') {
    // the language is the page's, not the request's: an entry opens in the page's (card-view.js)
    const { system, check, dice, locale, ...rest } = answer.replay;
    return { request: rest, dice: Array.isArray(dice) ? dice : [] };
  }
  const { system, check, dice, seed, locale, ...rest } = request;
  return { request: rest, dice: (answer.rolls || []).map((d) => d.value) };
}

/** The follow-up parameters (never form fields) a stored request has set:
 * such a result cannot be adjusted through the form. */
export function followUpParams(check, request) {
  return (check.params || []).filter((p) => p.form === false && request[p.name] !== undefined
    && request[p.name] !== null && request[p.name] !== false).map((p) => p.name);
}
