"""Helpers shared by the issue-16 browser tests (test_evening_layout.py,
test_named_sides.py): explicit waits only, as in test_ui_table.py."""

from pathlib import Path

from page_tools import (choose, click_roll, enter_dice, fill, make_character,  # noqa: F401  (tests/page_tools.py)
                        odds_settled, painted, set_entered, wait_result)

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
