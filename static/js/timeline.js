// What the page did, on the browser's own User Timing timeline
// (performance.mark / measure): tests and benchmarks read it there
// (performance.getEntriesByName), the page keeps no globals for them.
//
//   mark 'tablecheck:roll-sent'       detail: the request a roll sent (the latest only)
//   mark 'tablecheck:odds-shown'      detail: the request the odds on screen answer (the latest only)
//   measure 'tablecheck:tap-to-card'  a tap of Roll to its card painted (one a roll)
//   measure 'tablecheck:change-to-odds'  a change of the form to its odds painted (one an answer)
// The start's own steps are measures too (tablecheck:<step>, startup.js).

/** The latest `detail` (a request) under `name`: the one before is cleared. */
export function latest(name, detail) {
  performance.clearMarks(`tablecheck:${name}`);
  performance.mark(`tablecheck:${name}`, { detail });
}

/** From `start` (a performance.now() or an event's timeStamp) to the next
 * frame painted, measured once it is. */
export function untilPainted(name, start, then) {
  requestAnimationFrame(() => setTimeout(() => {
    performance.measure(`tablecheck:${name}`, { start });
    if (then) then();
  }, 0));
}
