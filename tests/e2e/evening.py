"""Helpers shared by the issue-16 browser tests (test_evening_layout.py,
test_named_sides.py): explicit waits only, as in test_ui_table.py."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
LONG = 60_000
SIZES = [(1024, 768), (768, 1024), (390, 844)]


def wait_ui(page):
    page.wait_for_selector("html[data-engine=ready][data-ui=ready]", timeout=LONG)


def open_page(browser, site, width=1024, height=768):
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(site.url)
    wait_ui(page)
    return context, page


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
    page.wait_for_function(
        f"() => {{ const r = document.querySelector('#result'); const c = r.querySelector('.result-card');"
        f" return (r.dataset.painted || '0') !== '{before}' && c && r.dataset.saved === c.dataset.entry; }}",
        timeout=LONG)


def click_roll(page):
    before = painted(page)
    page.click("#roll")
    wait_result(page, before)
    return page.locator("#result .result-card")


def odds_settled(page):
    page.wait_for_function(
        "() => { const o = document.querySelector('#odds');"
        " return o.dataset.seq && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null; }",
        timeout=LONG)


def enter_dice(page, dice):
    for i, face in enumerate(dice):
        page.wait_for_function(
            f"() => {{ const f = document.querySelector('#entered-dice');"
            f" return f && !f.hidden && Number(f.dataset.count || 0) >= {i + 1}; }}", timeout=LONG)
        page.locator(".die-input").nth(i).fill(str(face))
    page.wait_for_function(
        f"() => {{ const f = document.querySelector('#entered-dice');"
        f" return f.dataset.count === '{len(dice)}' && "
        f"[...f.querySelectorAll('.die-input')].every(x => x.value.trim() !== ''); }}", timeout=LONG)


def make_character(page, name, numbers):
    """A character of the game now picked, through the editor."""
    page.click("#open-characters")
    page.click("#character-new")
    page.fill('.char-editor [data-path="name"] input', name)
    for key, value in numbers.items():
        page.fill(f'.char-editor [data-path="numbers.{key}"] input', str(value))
    page.click("#character-save")
    page.wait_for_selector(f'#character-list .char-item:has-text("{name}")')
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")


def fill_from(page, path, character, option_text):
    """Pick `character`'s option in the fill menu of form group `path`."""
    opt = page.locator(f'select[data-fill="{path}"] optgroup[label="{character}"] option', has_text=option_text).first
    opt.wait_for(state="attached", timeout=LONG)
    page.locator(f'select[data-fill="{path}"]').select_option(value=opt.get_attribute("value"))


def head_in_view(page):
    """The card's head is on screen and nothing covers it (the Roll bar)."""
    return page.evaluate("""() => {
        const h = document.querySelector('#result .result-card .result-head').getBoundingClientRect();
        const at = document.elementFromPoint(h.left + Math.min(20, h.width / 2), h.top + h.height / 2);
        return {top: h.top, bottom: h.bottom, height: innerHeight,
                visible: h.top >= 0 && h.bottom <= innerHeight && !!at && !!at.closest('.result-card')};
    }""")
