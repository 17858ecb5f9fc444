"""The browser tests' shared page helpers (saved checks, history filters,
sharing, storage, the evening layout via tests/e2e/evening.py, fate points). Every wait is on an explicit signal of
the page: <html data-ui="ready"> (engine up, catalog drawn), data-share
(a shared link handled), the result host's data-painted / data-saved."""

import json
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "artifacts" / "screenshots"
LONG = 60_000  # ms
SIZES = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
# What the page did, read from its User Timing timeline (static/js/timeline.js): LATEST(name) is
# the detail of the page's latest mark tablecheck:<name> (null before one); page.evaluate(LAST_REQUEST)
# is the request the last roll sent, page.evaluate(LAST_ODDS_REQUEST) the one the odds shown answer.
LATEST = "((name) => { const m = performance.getEntriesByName('tablecheck:' + name).pop(); return m ? m.detail : null; })"
LAST_REQUEST = f"() => {LATEST}('roll-sent')"
LAST_ODDS_REQUEST = f"() => {LATEST}('odds-shown')"
# an init script: with window.__full set, storage is full (every write throws as Chromium's does)
FULL = """
(() => {
  // a full quota: every write of localStorage throws as Chromium's does
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return real.call(this, key, value);
  };
})();
"""


def wait_ui(page):
    page.wait_for_selector("html[data-engine=ready][data-ui=ready][data-share=done]", timeout=LONG)


def open_page(context, url):
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    wait_ui(page)
    return page


def choose(page, system, check):
    page.check(f"#game-{system}")
    if page.locator(f"#check-{check}").count():
        page.check(f"#check-{check}")
    page.wait_for_selector(f".check-form[data-system={system}][data-check={check}]")


def set_entered(page, on):
    toggle = page.locator("#entered-toggle")
    if toggle.is_checked() != on:
        toggle.click(force=True)


def fill(page, path, value):
    page.fill(f'input[data-path="{path}"]', str(value))


def painted(page):
    return int(page.evaluate("document.querySelector('#result').dataset.painted || '0'"))


def wait_result(page, before):
    """A new result card painted and its history entry saved."""
    page.wait_for_function(
        "(before) => { const r = document.querySelector('#result'); const c = r.querySelector('.result-card');"
        " return (r.dataset.painted || '0') !== before && c && r.dataset.saved === c.dataset.entry; }",
        arg=str(before), timeout=LONG)
    return page.locator("#result .result-card")


def click_roll(page):
    before = painted(page)
    page.click("#roll")
    return wait_result(page, before)


# kept one localStorage key per record (static/js/record-store.js): tablecheck:v2:<kind>:<id>
RECORD_KINDS = ("history", "characters", "saved-checks", "tracked", "forms")


def stored_js(kind):
    """A JS expression for what stored(page, kind) returns (for waits)."""
    return ("((p) => { const ks = Object.keys(localStorage).filter(k => k.startsWith(p)).sort();"
            " const v = ks.map(k => JSON.parse(localStorage.getItem(k)));"
            + (" return Object.fromEntries(ks.map((k, i) => [k.slice(p.length), v[i]]));" if kind == "forms" else
               " return v.sort((a, b) => (b.time > a.time) - (b.time < a.time));" if kind == "history" else " return v;")
            + f" }})('tablecheck:v2:{kind}:')")


def stored_records(page, kind):
    """[(id, record)] of a kind as stored, in storage's key order."""
    pairs = page.evaluate(
        "(p) => Object.keys(localStorage).filter(k => k.startsWith(p)).sort().map(k => [k.slice(p.length), localStorage.getItem(k)])",
        f"tablecheck:v2:{kind}:")
    return [(i, json.loads(t)) for i, t in pairs]


def stored(page, name, fallback=None):
    """What storage holds: a kind of records as the page lists it (history
    newest first, forms as {"system.check": form}), else the value under
    tablecheck:v1:<name>."""
    if name in RECORD_KINDS:
        records = stored_records(page, name)
        legacy = None if records else page.evaluate("(k) => localStorage.getItem(k)", f"tablecheck:v1:{name}")
        if legacy is not None:  # a store of the page before (one list per kind), not moved yet
            return json.loads(legacy)
        if not records:
            return fallback if fallback is not None else ({} if name == "forms" else [])
        if name == "forms":
            return dict(records)
        values = [r for _, r in records]
        if name == "history":
            values.sort(key=lambda e: e.get("time", ""), reverse=True)
        return values
    text = page.evaluate("(k) => localStorage.getItem(k)", f"tablecheck:v1:{name}")
    return json.loads(text) if text is not None else fallback


def put_stored(page, name, value):
    """Replace what storage holds (a list of records, forms as a dict) as the page stores it."""
    if name in RECORD_KINDS:
        pairs = list(value.items()) if name == "forms" else [(r["id"], r) for r in value]
        page.evaluate(
            "([p, pairs]) => { for (const k of Object.keys(localStorage)) if (k.startsWith(p)) localStorage.removeItem(k);"
            " for (const [id, r] of pairs) localStorage.setItem(p + id, r); }",
            [f"tablecheck:v2:{name}:", [[i, json.dumps(r)] for i, r in pairs]])
        return
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"tablecheck:v1:{name}", json.dumps(value)])


def new_character(page, system, check, name):
    """Create a character of the game with the editor's defaults and use it."""
    choose(page, system, check)
    page.click("#open-characters")
    page.click("#character-new")
    page.fill('.char-editor [data-path="name"] input', name)
    page.click("#character-save")
    page.wait_for_selector(f'#character-list .char-item:has-text("{name}")')
    page.click(f'#character-list .char-item:has-text("{name}") >> text=Use')
    page.wait_for_function("(n) => document.querySelector('#character-picker').selectedOptions[0].textContent === n", arg=name)
    return next(c for c in stored(page, "characters", []) if c["name"] == name)


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def odds_settled(page):
    page.wait_for_function(
        "() => { const o = document.querySelector('#odds');"
        " return o.dataset.seq && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null; }",
        timeout=LONG)


def enter_dice(page, dice, scope="#entered-dice"):
    """Type dice one field at a time in the entered-dice fieldset `scope`,
    letting the page ask for the next one."""
    for i, face in enumerate(dice):
        page.wait_for_function(
            f"() => {{ const f = document.querySelector('{scope}');"
            f" return f && !f.hidden && Number(f.dataset.count || 0) >= {i + 1}; }}", timeout=LONG)
        page.locator(f"{scope} .die-input").nth(i).fill(str(face))
    page.wait_for_function(
        f"() => {{ const f = document.querySelector('{scope}'); return f.dataset.count === '{len(dice)}'"
        f" && [...f.querySelectorAll('.die-input')].every(x => x.value.trim() !== ''); }}", timeout=LONG)


# a skill row of The Dark Eye's sheet (a new character starts with none: issue 25)
CLIMBING = {"skills": [{"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 4}]}


def add_rows(page, rows):
    """Rows typed into the open character editor's tables: {table key: [{column: value}]}."""
    for table, items in rows.items():
        box = page.locator(f'.char-editor fieldset[data-table="{table}"]')
        for row in items:
            box.locator(":scope > .add-item").click()
            last = box.locator(".row").last
            for key, value in row.items():
                cell = last.locator(f'[data-path="tables.{table}[?].{key}"]')
                if cell.locator("select").count():
                    cell.locator("select").select_option(str(value))
                elif cell.locator("input[type=checkbox]").count():
                    cell.locator("input").set_checked(bool(value))
                else:
                    cell.locator("input").fill(str(value))


def make_character(page, name, numbers, rows=None):
    """A character of the game now picked, through the editor (with `rows`
    typed into its tables, see add_rows)."""
    page.click("#open-characters")
    page.click("#character-new")
    page.fill('.char-editor [data-path="name"] input', name)
    for key, value in numbers.items():
        page.fill(f'.char-editor [data-path="numbers.{key}"] input', str(value))
    add_rows(page, rows or {})
    page.click("#character-save")
    page.wait_for_selector(f'#character-list .char-item:has-text("{name}")')
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")


@contextmanager
def fresh_page(browser, url, width=1024, height=768):
    """A page in a profile of its own (nothing stored), ready; its page
    errors are checked when it closes."""
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                                  accept_downloads=True)
    try:
        page = open_page(context, url)
        yield page
        assert page.errors == []
    finally:
        context.close()


def save_check(page, name):
    """Save the form as a saved check named `name`; returns the name the
    sheet suggested."""
    page.click("#save-check")
    page.wait_for_selector("#save-check-dialog[open]")
    suggested = page.input_value("#saved-name")
    page.fill("#saved-name", name)
    page.click("#saved-ok")
    page.wait_for_selector("#save-check-dialog", state="hidden")
    page.wait_for_selector(f'#saved-strip .saved-chip:text-is("{name}")')
    return suggested
