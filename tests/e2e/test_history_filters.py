"""Issue 16, item 5: a history that finds things. Filters by game,
character and check and a text search over the rows; each row shows the
history line of the display model (api.resolve's `line`)."""

import json

import pytest

pytest.importorskip("playwright.sync_api")

from tablecheck import api  # noqa: E402
from page_tools import SIZES, choose, click_roll, fill, no_sideways_scroll, open_page, set_entered, shot, stored  # noqa: E402

pytestmark = pytest.mark.e2e

# (system, check, inputs, who filled the form, seed)
CHECKS = [
    ("shadows_of_the_unknown", "task", {"rating": 5}, "Alrik", 1),
    ("shadows_of_the_unknown", "task", {"rating": 7}, "Borin", 2),
    ("shadows_of_the_unknown", "dice", {"expression": "2D10"}, "Alrik", 3),
    ("dungeons_of_olde", "check", {"modification": 1}, "Alrik", 4),
    ("dice", "roll", {"expression": "2d6+1"}, None, 5),
    ("dice", "roll", {"expression": "4d6kh3"}, None, 6),
]


def history_entry(i, system, check, inputs, who, seed):
    """An entry as the page records it, resolved by CPython's api."""
    request = {**inputs}
    if who:
        request["characters"] = {"": who}
    answer = api.resolve({"system": system, "check": check, **request, "seed": seed})
    assert "error" not in answer, answer
    return {"id": f"h-test-{i}", "time": f"2026-11-30T20:{10 + i:02d}:00.000Z", "system": system, "check": check,
            "character": answer["card"].get("subject"), "request": request,
            "dice": [d["value"] for d in answer["rolls"]], "source": "seeded", "line": answer["line"], "result": answer}


@pytest.fixture(scope="module")
def entries():
    return [history_entry(i, *c) for i, c in enumerate(CHECKS)]


@pytest.fixture(scope="module")
def ui(browser, site, entries, tmp_path_factory):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    page = open_page(context, site.url)
    choose(page, "dice", "roll")
    set_entered(page, False)
    fill(page, "expression", "3d6+2")
    click_roll(page)
    path = tmp_path_factory.mktemp("history") / "history.json"
    path.write_text(json.dumps({"format": "tablecheck-history", "version": 1, "entries": entries}))
    page.click("#open-history")
    page.set_input_files("#history-import", str(path))
    page.wait_for_function("document.querySelector('#history-msg').textContent.startsWith('Imported 6 entries')")
    yield page
    assert page.errors == []
    context.close()


def rows(page):
    return page.locator("#history-list .history-item")


def ids(page):
    return page.locator("#history-list .history-open").evaluate_all("els => els.map(e => e.dataset.entry)")


def wait_ids(page, expected):
    """Wait until the list shows exactly these entries (any order)."""
    page.wait_for_function(
        "(want) => { const got = [...document.querySelectorAll('#history-list .history-open')].map(e => e.dataset.entry).sort();"
        " return JSON.stringify(got) === JSON.stringify(want); }", arg=sorted(expected))


def reset(page):
    for sel in ("#history-filter-game", "#history-filter-character", "#history-filter-check"):
        page.select_option(sel, "")
    page.fill("#history-search", "")
    page.wait_for_function("document.querySelector('#history-shown').textContent.startsWith('7 entries')")


def test_each_row_shows_the_display_models_line(ui, entries):
    page = ui
    assert rows(page).count() == 7
    for e in entries:
        row = page.locator(f'#history-list .history-open[data-entry="{e["id"]}"]')
        assert row.locator(".h-outcome").inner_text().endswith(e["line"])
    newest = stored(page, "history")[0]
    assert newest["system"] == "dice" and newest["line"] in rows(page).first.inner_text()


def test_filter_by_game_then_character_then_check(ui, entries):
    page = ui
    page.select_option("#history-filter-game", label="Shadows of the Unknown")
    page.wait_for_function("document.querySelector('#history-shown').textContent === '3 of 7 entries match.'")
    assert sorted(ids(page)) == ["h-test-0", "h-test-1", "h-test-2"]
    # the check menu now lists only that game's checks
    assert page.locator("#history-filter-check option").all_inner_texts() == ["All checks", "Dice", "Task"]
    page.select_option("#history-filter-character", label="Alrik")
    page.wait_for_function("document.querySelector('#history-shown').textContent === '2 of 7 entries match.'")
    assert sorted(ids(page)) == ["h-test-0", "h-test-2"]
    page.select_option("#history-filter-check", label="Task")
    page.wait_for_function("document.querySelector('#history-shown').textContent === '1 of 7 entries match.'")
    assert ids(page) == ["h-test-0"]
    # a character across games
    reset(page)
    page.select_option("#history-filter-character", label="Alrik")
    page.wait_for_function("document.querySelector('#history-shown').textContent === '3 of 7 entries match.'")
    assert sorted(ids(page)) == ["h-test-0", "h-test-2", "h-test-3"]
    reset(page)


def test_search_finds_words_of_the_line_and_names(ui, entries):
    page = ui
    page.fill("#history-search", "borin")
    wait_ids(page, ["h-test-1"])
    assert page.inner_text("#history-shown") == "1 of 7 entries match."
    page.fill("#history-search", "4d6kh3")
    wait_ids(page, ["h-test-5"])
    # words must all match, in any order; game names count
    page.fill("#history-search", "olde alrik")
    wait_ids(page, ["h-test-3"])
    page.fill("#history-search", "nothing like this")
    page.wait_for_function("document.querySelector('#history-shown').textContent === 'No entry matches (of 7).'")
    assert rows(page).count() == 0
    reset(page)


def test_a_filtered_row_still_opens_its_card(ui, entries):
    page = ui
    page.select_option("#history-filter-game", label="The Dungeons of Olde")
    page.wait_for_function("document.querySelector('#history-shown').textContent === '1 of 7 entries match.'")
    page.click('#history-list .history-open[data-entry="h-test-3"]')
    page.wait_for_selector('#result .result-card[data-entry="h-test-3"]')
    page.wait_for_selector(".check-form[data-system=dungeons_of_olde][data-check=check]")
    assert entries[3]["result"]["card"]["headline"]["label"] in page.inner_text("#result .result-card")


@pytest.mark.parametrize("size", list(SIZES))
def test_history_filters_fit_each_size(ui, size):
    page = ui
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    page.click("#open-history")
    reset(page)
    page.select_option("#history-filter-character", label="Alrik")
    page.wait_for_function("document.querySelector('#history-shown').textContent === '3 of 7 entries match.'")
    assert no_sideways_scroll(page)
    box = page.locator("#history-dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= w + 1
    for sel in ("#history-filter-game", "#history-filter-check", "#history-search"):
        b = page.locator(sel).bounding_box()
        assert b["x"] >= box["x"] and b["x"] + b["width"] <= box["x"] + box["width"] + 1, sel
    shot(page, f"history-filters-{size}-{w}x{h}")
    reset(page)
    page.keyboard.press("Escape")
