// What the page did, on the browser's own User Timing timeline
// (performance.mark / measure): tests and benchmarks read it there
// (performance.getEntriesByName), the page keeps no globals for them.
//
//   mark 'tablecheck:roll-sent'       detail: the request a roll sent (the latest only)
//   mark 'tablecheck:odds-shown'      detail: the request the odds on screen answer (the latest only)
//   measure 'tablecheck:tap-to-card'  a tap of Roll to its card painted (one a roll)
//   measure 'tablecheck:change-to-odds'  a change of the form to its odds painted (one an answer)
//   where a tap's time goes (one each a roll; bench/bench_tap.py):
//   measure 'tablecheck:tap-to-send'   the tap to its request sent (the form read)
//   measure 'tablecheck:roll-wait'     the request sent to its answer (the worker's round trip)
//   measure 'tablecheck:card-build'    the answer to the card in the page (its nodes built)
//   measure 'tablecheck:card-frame'    the card in the page to its frame painted (style, layout, paint)
//   measure 'tablecheck:card-later'    the card painted to the parts it left for later painted
//                                      (api.resolve card_first: the follow-ups' advice)
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

/** A measure from `start` to now, named tablecheck:<name>; returns now. */
export function span(name, start) {
  const now = performance.now();
  performance.measure(`tablecheck:${name}`, { start, end: now });
  return now;
}
