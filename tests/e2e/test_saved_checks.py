"""Issue 16, item 4: saved checks. A filled form saved under a name, per
character ("Borin: Brawn +2"); one tap on its chip rolls it (the very
inputs saved, resolved by the rules: the card's line is the one CPython's
api.resolve gives for the same request and dice); it survives a reload; it
can be edited and deleted; it travels with the characters' export file."""

import json

import pytest

pytest.importorskip("playwright.sync_api")

from tablecheck import api  # noqa: E402
from page_tools import (LAST_REQUEST, SIZES, choose, click_roll, fill, new_character, no_sideways_scroll, open_page,  # noqa: E402
                        painted, put_stored, save_check, set_entered, shot, stored, wait_result, wait_ui)

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def ui(browser, site):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce", accept_downloads=True)
    page = open_page(context, site.url)
    yield page
    assert page.errors == []
    context.close()


def same_result_as_cpython(entry):
    """The rules are pure functions of the dice: CPython gives the same line."""
    again = api.resolve({**entry["request"], "system": entry["system"], "check": entry["check"], "dice": entry["dice"]})
    assert "error" not in again, again
    assert again["line"] == entry["line"]
    assert again["outcome"] == entry["result"]["outcome"]


def tap_chip(page, name):
    before = painted(page)
    page.click(f'#saved-strip .saved-chip:text-is("{name}")')
    wait_result(page, before)
    return stored(page, "history")[0]


def test_a_saved_check_of_a_character_rolls_from_one_tap_and_survives_a_reload(ui):
    page = ui
    borin = new_character(page, "dungeons_of_olde", "check", "Borin")
    set_entered(page, False)
    page.wait_for_selector(".fill:not([hidden]) #fill-top")
    page.select_option("#fill-top", index=1)  # Borin's first stat
    what = page.evaluate("document.querySelector('#fill-top').selectedOptions[0].textContent")
    fill(page, "modification", 2)
    suggested = save_check(page, "Borin: Brawn +2")
    assert suggested.startswith("Borin: ")  # the character's name comes first
    [record] = stored(page, "saved-checks")
    assert record["character"] == borin["id"] and record["who"] == "Borin"
    assert record["request"]["modification"] == 2 and record["request"]["characters"] == {"": "Borin"}
    assert what  # filled from the sheet: the label travels in the request
    # the form moves on; one tap rolls the saved inputs, not the form's
    fill(page, "modification", -1)
    n = len(stored(page, "history", []))
    entry = tap_chip(page, "Borin: Brawn +2")
    assert len(stored(page, "history")) == n + 1
    assert page.evaluate(LAST_REQUEST)["modification"] == 2
    assert entry["request"]["modification"] == 2 and entry["request"]["characters"] == {"": "Borin"}
    assert "Borin" in page.inner_text("#result .result-card")
    same_result_as_cpython(entry)
    # a reload keeps it; one tap still rolls it
    page.reload()
    wait_ui(page)
    entry2 = tap_chip(page, "Borin: Brawn +2")
    assert entry2["id"] != entry["id"] and entry2["request"]["modification"] == 2
    same_result_as_cpython(entry2)


def test_a_saved_check_rolls_from_the_list_and_can_be_edited_and_deleted(ui):
    page = ui
    choose(page, "dungeons_of_olde", "check")
    page.click("#open-saved")
    item = page.locator('#saved-list .saved-item:has-text("Borin: Brawn +2")')
    assert page.locator('#saved-list h3.saved-who').first.inner_text() == "Borin"
    before = painted(page)
    item.get_by_role("button", name="Roll Borin: Brawn +2").click()
    wait_result(page, before)
    assert stored(page, "history")[0]["request"]["modification"] == 2
    # edit: a new name and the form as it is now
    fill(page, "modification", 3)
    page.click("#open-saved")
    item.get_by_role("button", name="Edit Borin: Brawn +2").click()
    page.wait_for_selector("#save-check-dialog[open]")
    page.fill("#saved-name", "Borin: Brawn +3")
    page.check("#saved-replace")
    page.click("#saved-ok")
    page.wait_for_selector('#saved-strip .saved-chip:text-is("Borin: Brawn +3")')
    [record] = stored(page, "saved-checks")
    assert record["name"] == "Borin: Brawn +3" and record["request"]["modification"] == 3
    # an empty name is refused next to the field
    page.click("#open-saved")
    page.locator("#saved-list .saved-item").first.get_by_role("button", name="Edit Borin: Brawn +3").click()
    page.fill("#saved-name", "  ")
    page.click("#saved-ok")
    assert page.inner_text("#saved-name-error") == "Enter a name."
    page.click("#saved-cancel")
    assert stored(page, "saved-checks")[0]["name"] == "Borin: Brawn +3"
    # delete, with confirmation
    page.click("#open-saved")
    page.get_by_role("button", name="Delete Borin: Brawn +3").click()
    page.click("dialog.confirm [data-confirm=yes]")
    page.wait_for_selector("#saved-strip .saved-chip", state="detached")
    assert stored(page, "saved-checks") == []
    page.keyboard.press("Escape")


def test_saved_checks_are_exported_and_imported_with_the_characters(ui, tmp_path):
    page = ui
    choose(page, "dungeons_of_olde", "check")
    fill(page, "modification", 1)
    save_check(page, "Borin: sneak")
    saved_before = stored(page, "saved-checks")
    page.click("#open-characters")
    with page.expect_download() as dl:
        page.click("#characters-export")
    path = tmp_path / "characters.json"
    dl.value.save_as(path)
    data = json.loads(path.read_text())
    assert [c["name"] for c in data["characters"]] == ["Borin"]
    assert [s["name"] for s in data["saved_checks"]] == ["Borin: sneak"]
    # both gone from this browser...
    page.click('#character-list .char-item:has-text("Borin") >> text=Delete')
    page.click("dialog.confirm [data-confirm=yes]")
    page.wait_for_selector('#character-list .char-item:has-text("Borin")', state="detached")
    put_stored(page, "saved-checks", [])
    page.reload()
    wait_ui(page)
    assert page.locator("#saved-strip .saved-chip").count() == 0
    # ...and back from the file, with the check rolling from one tap
    page.click("#open-characters")
    page.set_input_files("#characters-import", str(path))
    page.wait_for_function("document.querySelector('#characters-msg').textContent.startsWith('Imported 1 character')")
    assert "1 saved check" in page.inner_text("#characters-msg")
    page.keyboard.press("Escape")
    assert stored(page, "saved-checks") == saved_before
    entry = tap_chip(page, "Borin: sneak")
    assert entry["request"]["modification"] == 1
    same_result_as_cpython(entry)


@pytest.mark.parametrize("size", list(SIZES))
def test_saved_checks_panels_fit_each_size(browser, site, size):
    w, h = SIZES[size]
    context = browser.new_context(viewport={"width": w, "height": h}, reduced_motion="reduce")
    page = open_page(context, site.url)
    new_character(page, "dungeons_of_olde", "check", "Alrik")
    set_entered(page, False)
    for name, mod in [("Alrik: Persuasion -2", -2), ("Alrik: Climb", 0), ("Alrik: Brawl +1", 1)]:
        fill(page, "modification", mod)
        save_check(page, name)
    click_roll(page)
    assert no_sideways_scroll(page)
    page.locator("#check-tools").scroll_into_view_if_needed()
    shot(page, f"saved-strip-{size}-{w}x{h}")
    page.click("#open-saved")
    page.wait_for_selector("#saved-dialog[open]")
    box = page.locator("#saved-dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= w + 1
    shot(page, f"saved-list-{size}-{w}x{h}")
    page.keyboard.press("Escape")
    page.click("#save-check")
    shot(page, f"save-check-{size}-{w}x{h}")
    page.click("#saved-cancel")
    assert page.errors == []
    context.close()
