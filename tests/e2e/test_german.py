"""The page in German (issue 28 items 2 and 3): the header's language switch
to Deutsch reloads the page in German (<html lang=de>, the page's own words
from static/js/messages/de.js, the catalog and the cards from the engine in
German), a reload keeps it, a The Dark Eye skill check's card is German
(Fertigkeitsprobe, QS; the form's FW), a history entry written in English
opens in German, the odds' numbers are written the German way. Waits are on
explicit signals only (data-ui, data-painted, data-saved)."""

import re
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")

from page_tools import choose, enter_dice, open_page, set_entered, stored, wait_result, wait_ui  # noqa: E402  (tests/page_tools.py)

pytestmark = pytest.mark.e2e

LONG = 60_000
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
DICE = [3, 4, 5]  # a success with the form's first values: QS 2 (api.resolve)


def roll_entered(page, dice):
    set_entered(page, True)
    enter_dice(page, dice)
    before = int(page.evaluate("document.querySelector('#result').dataset.painted || '0'"))
    page.click("#roll")
    return wait_result(page, before)


def card_text(page):
    return page.locator("#result .result-card").inner_text()


def open_entry(page, index=0):
    """Open the history and tap its entry `index` (newest first); the card it paints."""
    page.click("#open-history")
    page.wait_for_selector("#history-list .history-open")
    marked = page.evaluate("document.querySelector('#result .result-card')?.dataset.entry || ''")
    entry = page.locator("#history-list .history-open").nth(index)
    wanted = entry.get_attribute("data-entry")
    entry.click()
    page.wait_for_function("(id) => document.querySelector(`#result .result-card[data-entry='${id}']`)", arg=wanted, timeout=LONG)
    assert wanted != marked
    return wanted


@pytest.fixture()
def page(browser, site):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    page = open_page(context, site.url)
    wait_ui(page)
    yield page
    assert page.errors == []
    context.close()


def switch_to(page, code):
    with page.expect_navigation():
        page.select_option("#language-switch", code)
    wait_ui(page)


def test_a_german_evening_switch_roll_reload_and_an_english_entry_opened_in_german(page):
    SHOTS.mkdir(parents=True, exist_ok=True)
    # English first (the default: Playwright's Chromium says en-US), a roll kept in the history
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#open-history").inner_text().startswith("History")
    choose(page, "dark_eye", "skill")
    card = roll_entered(page, DICE)
    english = card.get_attribute("data-entry")
    assert "Skill check" in card_text(page)
    assert "QL 2" in stored(page, "history")[0]["line"]

    switch_to(page, "de")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert stored(page, "lang") == "de"
    assert page.locator("#open-history").inner_text().startswith("Verlauf")
    assert page.locator("#open-characters").inner_text() == "Figuren"
    assert page.locator("#odds-title").inner_text() == "Chancen"
    assert page.locator("#engine-status .engine-status-text").inner_text().startswith("Bereit")
    # the form of the same game and check, from the German catalog
    page.wait_for_selector(".check-form[data-system=dark_eye][data-check=skill]")
    assert "Fertigkeitswert (FW)" in page.locator(".check-form").inner_text()
    # the odds' numbers the German way: "62,5 %" (a comma, a space before %)
    page.wait_for_selector("#odds .odds-pct")
    pcts = page.locator("#odds .odds-pct").all_inner_texts()
    assert pcts and all(re.fullmatch(r"[<>]?\d+(,\d)?\u00a0%", p) for p in pcts), pcts

    # a skill check in German: the card is German
    card = roll_entered(page, DICE)
    text = card_text(page)
    assert "Fertigkeitsprobe" in text and "QS" in text and "Erfolg" in text
    assert "Skill check" not in text and "QL" not in text
    assert stored(page, "history")[0]["line"] == "Fertigkeitsprobe: Erfolg, QS 2"
    assert stored(page, "history")[0]["locale"] == "de"
    page.screenshot(path=str(SHOTS / "german-skill-check-1024x768.png"), full_page=True)

    # the history in German: its words and its dates (day.month.)
    page.click("#open-history")
    page.wait_for_selector("#history-list .history-open")
    assert page.locator("#history-filters, .history-filters").first.locator("label").first.inner_text() == "Spiel"
    first_time = page.locator("#history-list .h-time").first.inner_text()
    assert re.fullmatch(r"\d{1,2}\.\d{1,2}\., \d{2}:\d{2}", first_time), first_time
    page.screenshot(path=str(SHOTS / "german-history-1024x768.png"))
    page.keyboard.press("Escape")

    # a list with a hero more than its default: its legend's mark is German (app.css draws data-mark)
    choose(page, "dark_eye", "group")
    members = page.locator(".list-field[data-field=members]")
    members.locator("> .add-item").click()
    page.wait_for_selector(".list-field[data-field=members].changed")
    mark = page.evaluate("getComputedStyle(document.querySelector("
                         "'.list-field[data-field=members] > legend'), '::after').content")
    assert mark == '" \u00b7 geändert"', mark

    # a reload keeps German
    page.reload()
    wait_ui(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#open-history").inner_text().startswith("Verlauf")

    # the entry written in English opens in German (resolved again from its dice)
    assert open_entry(page, 1) == english
    text = card_text(page)
    assert "Fertigkeitsprobe" in text and "QS" in text and "Skill check" not in text
    entry = next(e for e in stored(page, "history") if e["id"] == english)
    assert entry["line"] == "Fertigkeitsprobe: Erfolg, QS 2" and entry["locale"] == "de"
    page.screenshot(path=str(SHOTS / "german-english-entry-1024x768.png"), full_page=True)

    # and back: English again, the German entry opens in English
    switch_to(page, "en")
    assert page.evaluate("document.documentElement.lang") == "en"
    open_entry(page, 0)
    text = card_text(page)
    assert "Skill check" in text and "QL 2" in text and "Fertigkeitsprobe" not in text


def test_a_german_browser_opens_the_page_in_german_until_english_is_chosen(browser, site):
    """Issue 28 item 2: the language follows navigator.languages (a de-DE
    browser: German) unless the header's choice is stored, which wins."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce", locale="de-DE")
    page = open_page(context, site.url)
    wait_ui(page)
    assert page.evaluate("navigator.languages[0]") == "de-DE"
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#open-history").inner_text().startswith("Verlauf")
    assert stored(page, "lang") is None  # followed, not chosen

    switch_to(page, "en")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert stored(page, "lang") == "en"
    page.reload()
    wait_ui(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#open-history").inner_text().startswith("History")
    assert page.errors == []
    context.close()
