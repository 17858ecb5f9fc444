"""A German evening at the table (issue 28 item 4): a browser set to German
(de-DE, nothing stored) opens the page in German, an Optolith hero is
imported through the characters panel, a skill check is rolled from the
hero, a fate point (SchiP) is spent on the card's follow-up, and the
history keeps it; every step is a real click, its words are German and no
English from a short list shows. Screenshots in
artifacts/screenshots/german-evening-*.png. Waits are on explicit signals
(data-ui, data-painted, the message's data-state)."""

import json
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")

from page_tools import enter_dice, open_page, set_entered, stored, wait_result, wait_ui  # noqa: E402  (tests/page_tools.py)
from test_dark_eye_heroes import OPTOLITH, import_file  # noqa: E402  (the Optolith heroes, the panel's file input)
from tablecheck import api  # noqa: E402

pytestmark = pytest.mark.e2e

LONG = 60_000
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
HERO = OPTOLITH[0]
THROW = [19, 18, 19]  # far over every attribute: a failure, no botch (one 20 at most)
# English that a German page must not show (the page's and the cards' words)
ENGLISH = ["Skill check", "Fate point", "Reroll", "failure", "success", "Imported", "History", " left", "Roll"]


def no_english(text):
    return [w for w in ENGLISH if w in text]


def test_a_german_evening_import_a_hero_roll_spend_a_fate_point_and_read_the_history(browser, site):
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce", locale="de-DE")
    page = open_page(context, site.url)
    wait_ui(page)
    assert page.evaluate("document.documentElement.lang") == "de"

    # the hero, through the characters panel's Optolith button
    hero = api.import_character({"system": "dark_eye", "format": "optolith", "data": json.loads(HERO.read_text())})["character"]
    assert import_file(page, HERO) == f"{hero['name']} importiert. Nichts schon Gespeichertes wurde geändert."
    page.screenshot(path=str(SHOTS / "german-evening-1-import.png"))
    panel = page.inner_text("#characters-dialog")
    assert no_english(panel) == [], panel
    page.click("#characters-import-use")
    page.wait_for_function("(n) => document.querySelector('#character-picker').selectedOptions[0].textContent === n",
                           arg=hero["name"])

    # Climbing (Klettern) from the hero's sheet, tapped in its German name
    field = page.locator('[data-field=""]').first.locator('[data-field="skill"]')
    field.locator("[data-picker-toggle]").click()
    option = field.locator("[role=option]", has_text="Klettern").first
    option.click()
    page.wait_for_function("() => !!document.querySelector('[data-field=\"\"]').dataset.picked", timeout=LONG)
    form = page.inner_text(".check-form")
    assert "geändert \u00b7 anfangs leer" in form and "changed" not in form and "default" not in form, form

    # the throw, typed: a failure, and the card offers a fate point
    set_entered(page, True)
    enter_dice(page, THROW)
    before = int(page.evaluate("document.querySelector('#result').dataset.painted || '0'"))
    page.click("#roll")
    card = wait_result(page, before)
    assert card.get_attribute("data-outcome") == "failure"
    text = card.inner_text()
    assert "Fertigkeitsprobe" in text and "SchiP" in text, text
    # a die is a W20 in German, for the eye and for a screen reader ("MU-Würfel" shows 19)
    assert card.locator(".die-sides").all_inner_texts() == ["W20"] * 3
    assert card.locator(".die").first.get_attribute("aria-label").startswith(f"W20 (MU-Würfel) zeigt {THROW[0]}")
    assert no_english(text) == [], text
    group = card.locator(".follow-group")
    assert group.count() == 1
    page.screenshot(path=str(SHOTS / "german-evening-2-failure.png"))

    # spend it on the advised dice, type the new ones
    group.locator("button.follow").first.click()
    scope = "#result .follow-entry .entered"
    page.wait_for_function(f"() => {{ const f = document.querySelector('{scope}'); return f && f.dataset.count; }}",
                           timeout=LONG)
    new = [1] * int(page.locator(scope).get_attribute("data-count"))  # the advised dice, each a 1
    enter_dice(page, new, scope)
    before = int(page.evaluate("document.querySelector('#result').dataset.painted || '0'"))
    page.click('[data-action="resolve-follow"]')
    card = wait_result(page, before)
    text = card.inner_text()
    assert card.get_attribute("data-outcome") != "failure" or "SchiP" in text, text
    assert "Fertigkeitsprobe" in text and "QS" in text, text
    assert no_english(text) == [], text
    assert stored(page, "characters")[0]["spent"] == {"FtP": 1}  # the sheet's key (data), shown as SchiP
    page.screenshot(path=str(SHOTS / "german-evening-3-fate-point.png"))

    # the history: both throws, in German, the newest after the fate point
    entries = stored(page, "history")
    assert len(entries) == 2 and entries[0]["dice"] == THROW + new
    assert all(e.get("locale") == "de" for e in entries)
    page.click("#open-history")
    page.wait_for_selector("#history-list .history-open")
    history = page.inner_text("#history-list")
    assert entries[0]["line"] in history and entries[1]["line"] in history
    assert "Verlauf" in page.inner_text("#history-dialog")
    assert no_english(page.inner_text("#history-dialog")) == [], page.inner_text("#history-dialog")
    page.screenshot(path=str(SHOTS / "german-evening-4-history.png"))
    assert page.errors == []
    context.close()
