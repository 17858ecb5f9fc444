"""Issue 16, item 7: share a check. A link (the check in the address's
fragment) opens the page with the same check filled in and, if the player
chose so, the same dice, so a NEW browser context shows the same result
(entered dice reproduce it: the rules are pure functions of the dice); its
QR code, drawn offline from the vendored lean-qr module, decodes back to the
link (zxing-cpp reads the page's own pixels); the link works under a
GitHub Pages sub-path and offline."""

import io

import pytest

pytest.importorskip("playwright.sync_api")
zxingcpp = pytest.importorskip("zxingcpp")
Image = pytest.importorskip("PIL.Image")

from tablecheck import api  # noqa: E402
from page_tools import LONG, SIZES, choose, click_roll, fill, open_page, set_entered, shot, stored, wait_ui  # noqa: E402

pytestmark = pytest.mark.e2e


def open_share(page, with_dice):
    page.click("#share-check")
    page.wait_for_selector("#share-dialog[open]")
    box = page.locator("#share-dice")
    if box.is_enabled() and box.is_checked() != with_dice:
        box.click()
    page.wait_for_function(
        "(dice) => { const d = document.querySelector('#share-dialog'); const c = document.querySelector('#share-qr');"
        " const link = document.querySelector('#share-link').value;"
        " return d.dataset.ready === 'true' && c.dataset.link === link && link.length > 0"
        " && (!dice || document.querySelector('#share-what').textContent.includes('with the dice')); }",
        arg=with_dice, timeout=LONG)
    return page.input_value("#share-link")


def decode_qr(page):
    png = page.locator("#share-qr").screenshot()
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert found, "no QR code found in the page's canvas"
    return found[0].text


def player_roll(page):
    choose(page, "dungeons_of_olde", "check")
    set_entered(page, False)
    fill(page, "stat", 10)
    fill(page, "modification", 2)
    click_roll(page)
    return stored(page, "history")[0]


def test_a_shared_link_with_dice_opens_the_same_result_in_a_new_context(browser, site):
    player = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    page = open_page(player, site.url)
    rolled = player_roll(page)
    link = open_share(page, with_dice=True)
    assert link.startswith(site.url + "#share=")
    assert decode_qr(page) == link
    player.close()
    # the game master's tablet: a new context, nothing stored
    gm = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    tab = open_page(gm, link)
    tab.wait_for_selector("html[data-shared=result]")
    got = stored(tab, "history")
    assert len(got) == 1
    shared = got[0]
    assert shared["source"] == "shared"
    assert shared["dice"] == rolled["dice"]
    assert shared["line"] == rolled["line"]
    assert shared["result"]["outcome"] == rolled["result"]["outcome"]
    assert shared["request"] == rolled["request"]
    card = tab.inner_text("#result .result-card")
    assert "shared dice" in card and rolled["result"]["card"]["headline"]["label"] in card
    # the same check is in the form, and the address no longer rolls on reload
    tab.wait_for_selector(".check-form[data-system=dungeons_of_olde][data-check=check]")
    assert tab.input_value('input[data-path="modification"]') == "2"
    assert tab.input_value('input[data-path="stat"]') == "10"
    assert tab.evaluate("location.hash") == ""
    # CPython's rules give the same result from the same dice
    again = api.resolve({**shared["request"], "system": "dungeons_of_olde", "check": "check", "dice": shared["dice"]})
    assert again["line"] == shared["line"]
    assert tab.errors == []
    gm.close()


def test_a_shared_link_without_dice_fills_the_form_and_rolls_nothing(browser, site):
    player = browser.new_context(viewport={"width": 768, "height": 1024}, reduced_motion="reduce")
    page = open_page(player, site.url)
    player_roll(page)
    link = open_share(page, with_dice=False)
    assert decode_qr(page) == link
    player.close()
    other = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    tab = open_page(other, link)
    tab.wait_for_selector("html[data-shared=form]")
    tab.wait_for_selector(".check-form[data-system=dungeons_of_olde][data-check=check]")
    assert tab.input_value('input[data-path="modification"]') == "2"
    assert stored(tab, "history", []) == []
    entry = (click_roll(tab), stored(tab, "history")[0])[1]
    assert entry["request"]["modification"] == 2 and entry["source"] != "shared"
    other.close()


def test_a_shared_link_works_under_a_sub_path_and_offline(browser, subpath_site):
    player = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    page = open_page(player, subpath_site.url)
    rolled = player_roll(page)
    link = open_share(page, with_dice=True)
    assert link.startswith(subpath_site.url + "#share=") and "/tablecheck/" in link
    assert decode_qr(page) == link
    player.close()
    # the GM's device opened the site once (the service worker stored it), then has no network
    gm = browser.new_context(viewport={"width": 768, "height": 1024}, reduced_motion="reduce")
    first = open_page(gm, subpath_site.url)
    first.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=LONG)
    gm.set_offline(True)
    try:
        tab = gm.new_page()
        tab.errors = []
        tab.on("pageerror", lambda e: tab.errors.append(str(e)))
        tab.goto(link)
        wait_ui(tab)
        tab.wait_for_selector("html[data-shared=result]")
        shared = stored(tab, "history")[0]
        assert shared["dice"] == rolled["dice"] and shared["line"] == rolled["line"]
        assert tab.errors == []
    finally:
        gm.set_offline(False)
    gm.close()


def test_a_damaged_link_says_so_and_changes_nothing(browser, site):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = open_page(context, site.url + "#share=eyJ2IjoxLCJzeXN0ZW0iOiJjaGVzcyJ9")  # {"v":1,"system":"chess"}
    assert page.inner_text("#share-banner") == (
        'This shared check could not be opened: The link is for a game this page does not know ("chess").')
    assert stored(page, "history", []) == []
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_share_sheet_fits_each_size(browser, site, size):
    w, h = SIZES[size]
    context = browser.new_context(viewport={"width": w, "height": h}, reduced_motion="reduce")
    page = open_page(context, site.url)
    player_roll(page)
    link = open_share(page, with_dice=True)
    qr = page.locator("#share-qr").bounding_box()
    assert qr["width"] >= 200 and qr["x"] >= 0 and qr["x"] + qr["width"] <= w
    assert decode_qr(page) == link
    shot(page, f"share-{size}-{w}x{h}")
    context.close()
