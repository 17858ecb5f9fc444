// The game and check pickers: a radio chip per game of the catalog (in the
// header) and per check of the game chosen (above the form).

import { el, clear } from './util.js';

/** In a sideways-scrolling strip (phones), keep the chosen chip visible:
 * measured after the next frame, with the layout the browser made for it
 * (measuring right away, or in the frame's callback, forced a layout of
 * its own while the page starts). */
function revealChecked(strip) {
  requestAnimationFrame(() => setTimeout(() => {
    const chip = strip.querySelector('input:checked');
    if (!chip || strip.scrollWidth <= strip.clientWidth) return;
    const label = chip.closest('label');
    const left = label.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + label.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, left - 16);
    }
  }));
}

export class Pickers {
  /** host: {onGame(id), onCheck(id)}: a chip chosen */
  constructor(host) {
    this.host = host;
    this.games = el('div', { class: 'game-picker', role: 'radiogroup', 'aria-label': 'Game' });
    this.checks = el('div', { class: 'check-picker', role: 'radiogroup', 'aria-label': 'Check' });
  }

  /** A chip per game (catalog systems), `current` chosen. */
  renderGames(systems, current) {
    clear(this.games);
    for (const s of systems) {
      const input = el('input', { type: 'radio', name: 'game', id: `game-${s.id}`, value: s.id, checked: s.id === current, 'aria-label': s.name });
      input.addEventListener('change', () => this.host.onGame(s.id));
      this.games.append(el('label', { for: `game-${s.id}`, class: 'seg', title: s.name }, input, el('span', { 'aria-hidden': 'true' }, s.short_name || s.name)));
    }
  }

  showGame(sid) {
    for (const input of this.games.querySelectorAll('input')) input.checked = input.value === sid;
    revealChecked(this.games);
  }

  clearChecks() { clear(this.checks); }

  /** A chip per check of a game (none shown for a game of one check). */
  renderChecks(checks) {
    for (const c of checks) {
      const input = el('input', { type: 'radio', name: 'check', id: `check-${c.id}`, value: c.id });
      input.addEventListener('change', () => this.host.onCheck(c.id));
      this.checks.append(el('label', { for: `check-${c.id}`, class: 'chip' }, input, el('span', {}, c.label)));
    }
    this.checks.hidden = checks.length < 2;
  }

  showCheck(cid) {
    for (const input of this.checks.querySelectorAll('input')) input.checked = input.value === cid;
    revealChecked(this.checks);
  }
}
