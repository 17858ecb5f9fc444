// A roll ready before the tap (issue 29, item 3; docs/architecture.md "A roll
// ready before the tap"): while the form is idle the page asks the engine for
// the next roll of the form's values, so that a tap of Roll draws its card in
// the click's own task instead of waiting for the worker's round trip.
//
// The rules it keeps:
// - it is used only for the very request the tap sends (the same values, the
//   same language): any other request discards it, and so does any change of
//   the form (drop);
// - it is used once (take hands it over and forgets it): each tap draws fresh
//   dice;
// - only requests whose dice come from the secure source are asked ahead: no
//   entered `dice`, no `seed` (a seeded source is a pure function of its
//   request, but the page never sends one and a discarded draw must not touch
//   any sequence a player can see); a discarded secure draw is just not shown.
// Pure: no DOM (tests/js/preroll.test.mjs).

/** Whether a request may be asked ahead: its dice come from the secure source. */
export function eligible(request) {
  return !!request && typeof request === 'object' && request.dice === undefined && request.seed === undefined;
}

export class Preroll {
  /** resolve(request): the engine's resolve (a Promise that never rejects) */
  constructor(resolve) {
    this.resolve = resolve;
    this.held = null; // {key, promise, answer} of the one roll asked ahead
    this.asked = 0; // rolls asked ahead (for tests and benchmarks)
  }

  static key(request, locale) {
    return `${locale}\n${JSON.stringify(request)}`;
  }

  /** Ask the engine for the next roll of `request` (in `locale`), unless it
   * is asked already; an earlier roll of other values is discarded. */
  ask(request, locale) {
    if (!eligible(request)) { this.held = null; return; }
    const key = Preroll.key(request, locale);
    if (this.held && this.held.key === key) return;
    const held = { key, promise: null, answer: undefined };
    this.held = held;
    this.asked += 1;
    held.promise = Promise.resolve(this.resolve({ ...request, card_first: true })).then((answer) => {
      held.answer = answer;
      return answer;
    }, () => null);
  }

  /** Forget the roll asked ahead (the form changed). */
  drop() { this.held = null; }

  /** The roll asked ahead for exactly this request, handed over once:
   * {answer} when it is in, {promise} while on its way; null when there is
   * none for it (one for other values is discarded). */
  take(request, locale) {
    const held = this.held;
    this.held = null;
    if (!held || !eligible(request) || held.key !== Preroll.key(request, locale)) return null;
    return held.answer !== undefined ? { answer: held.answer } : { promise: held.promise };
  }
}
