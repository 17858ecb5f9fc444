"""The Dark Eye's fate points on the page (issue 15): a failed skill check
with entered dice shows "which dice should I reroll?" with exact odds; the
player spends a fate point on the advised die, types exactly the new die,
and sees the rerolled result; the character's fate points count down and
can be reset; the history keeps both throws.

Rules (shared/spec/rules.md, The Dark Eye): "Fate points (FtP)": 1 FtP
rerolls up to three chosen dice of a skill check, the new values stand, a
botch cannot be rerolled; "Aptitude": one die, the better value stands.
Waits are on explicit signals only (data-ui, data-painted, data-saved,
the entered fields' data-count)."""

import json
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")

from page_tools import CLIMBING, LONG, enter_dice, fresh_page, make_character, painted, stored, wait_result  # noqa: E402  (tests/page_tools.py)
from tablecheck import api  # noqa: E402

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
SKILL = {"system": "dark_eye", "check": "skill", "skill": "Climbing", "attributes": [12, 13, 11],
         "names": ["COU", "AGI", "STR"], "rating": 4}


@pytest.fixture(scope="module")
def page(browser, site):
    with fresh_page(browser, site.url) as page:
        yield page


def wait_card(page, before):
    return wait_result(page, before)


def enter(page, scope, dice):
    enter_dice(page, dice, scope)


def stored_character(page, name):
    chars = stored(page, "characters", [])
    return next(c for c in chars if c["name"] == name)


def make_alrik(page):
    make_character(page, "Alrik", {"COU": 12, "AGI": 13, "STR": 11}, CLIMBING)


def test_rule_fate_point_reroll_of_a_failed_skill_check_with_entered_dice(page):
    make_alrik(page)
    page.check("#game-dark_eye")
    page.check("#check-skill")
    page.wait_for_selector(".check-form[data-system=dark_eye][data-check=skill]")
    page.select_option("#character-picker", label="Alrik")
    page.locator('select[data-fill=""]').select_option(label="Climbing (COU/AGI/STR, SR 4)")
    toggle = page.locator("#entered-toggle")
    if not toggle.is_checked():
        toggle.click(force=True)
    enter(page, "#entered-dice", [15, 3, 16])
    before = painted(page)
    page.click("#roll")
    card = wait_card(page, before)
    assert card.get_attribute("data-outcome") == "failure"
    assert "Skill check: Climbing (COU/AGI/STR)" in card.locator(".result-context").inner_text()

    # the advice, best first, equals the API's exact odds for this throw
    advice = api.odds(dict(SKILL, reroll={"rule": "fate_point"}, dice=[15, 3, 16]))
    assert advice["best"] == [3]
    group = card.locator('.follow-group[aria-label="Spend a fate point: reroll"]')
    buttons = group.locator("button.follow")
    first = buttons.first
    assert first.locator(".follow-label").inner_text() == "Reroll STR 16"
    assert "best" in (first.get_attribute("class") or "")
    assert first.locator(".follow-detail").inner_text() == "Best: 60.0% success, mean QL 0.60"
    assert advice["choices"][0]["success_chance"] == pytest.approx(0.6)
    assert group.locator(".follow-counter").inner_text() == "Alrik: Fate points (FtP) 3 of 3 left"
    table = card.locator('.grid-table[data-key="advice_fate_point"]')
    SHOTS.mkdir(parents=True, exist_ok=True)
    card.screenshot(path=str(SHOTS / "fate-point-advice-1024x768.png"))
    heads = table.locator("tbody th").all_inner_texts()
    assert heads[0] == "Keep the throw" and heads[1] == "Reroll STR 16" and len(heads) == 8

    # spend it on the advised die: the page asks for exactly one new die
    first.click()
    scope = "#result .follow-entry .entered"
    page.wait_for_function(f"() => {{ const f = document.querySelector('{scope}'); return f && f.dataset.count === '1'; }}",
                           timeout=LONG)
    assert page.locator(f"{scope} .die-entry").get_attribute("data-label") == "STR die (reroll)"
    enter(page, scope, [5])
    before = painted(page)
    page.click('[data-action="resolve-follow"]')
    card = wait_card(page, before)
    assert card.get_attribute("data-outcome") == "success"
    expected = api.resolve(dict(SKILL, reroll={"rule": "fate_point", "dice": [3]}, first_throw=[15, 3, 16], dice=[5]))
    assert card.locator(".result-summary").inner_text().strip() == expected["summary"]
    faces = [int(v) for v in card.locator(".die").evaluate_all("els => els.map(e => e.dataset.value)")]
    assert faces == [15, 3, 16, 5]
    assert "rerolled" in (card.locator(".die").nth(2).get_attribute("class") or "")
    assert "First throw" in card.locator(".facts").inner_text()
    assert card.locator(".follow-group").count() == 0  # one fate point a throw

    # the fate points counted down, and reset
    assert stored_character(page, "Alrik")["spent"] == {"FtP": 1}
    page.click("#open-characters")
    counter = page.locator('#character-list .char-item:has-text("Alrik") .char-counter[data-counter="FtP"]')
    assert counter.get_attribute("data-left") == "2"
    counter.locator("button").click()
    page.wait_for_selector('#character-list .char-item:has-text("Alrik") .char-counter[data-left="3"]')
    assert stored_character(page, "Alrik")["spent"] == {}
    page.keyboard.press("Escape")

    # the history keeps both throws
    history = stored(page, "history", [])
    newest, older = history[0], history[1]
    assert newest["dice"] == [15, 3, 16, 5] and older["dice"] == [15, 3, 16]
    assert newest["line"] == "Alrik, Climbing (COU/AGI/STR): success after a fate point, QL 1"
    assert older["line"] == "Alrik, Climbing (COU/AGI/STR): failure, 4 SP short"
    # the stored entry replays from its dice alone (import and reopen re-resolve it so)
    assert "first_throw" not in newest["request"]
    replay = api.resolve(dict(newest["request"], system="dark_eye", check="skill", dice=newest["dice"]))
    assert replay["line"] == newest["line"]
    # a rerolled result cannot be adjusted through the form (its reroll is no form field)
    assert card.locator('button[data-action="adjust"]').count() == 0
    # the earlier card, reopened from the history, has spent its fate point already
    page.click("#open-history")
    page.locator("#history-list .history-open").nth(1).click()
    old_card = page.locator(f'#result .result-card[data-entry="{older["id"]}"]')
    old_card.wait_for()
    assert old_card.locator(".follow-done").count() == 1
    assert old_card.locator('button[data-action="follow"]').first.is_disabled()


def test_rule_fate_point_a_botch_offers_no_reroll(page):
    page.locator("#entered-dice .die-input").first.wait_for()
    inputs = page.locator("#entered-dice .die-input")
    for i in range(inputs.count()):
        inputs.nth(i).fill("")
    enter(page, "#entered-dice", [20, 20, 3])
    before = painted(page)
    page.click("#roll")
    card = wait_card(page, before)
    assert card.get_attribute("data-outcome") == "botch"
    assert card.locator(".follow-group").count() == 0
    assert card.locator('button[data-action="follow"]').count() == 0


def test_rule_fate_point_rolled_here_keeps_the_throw_and_rolls_only_the_new_dice(page):
    # the first throw entered (so it is known), the follow-up rolled by the page
    inputs = page.locator("#entered-dice .die-input")
    for i in range(inputs.count()):
        inputs.nth(i).fill("")
    enter(page, "#entered-dice", [15, 3, 16])
    before = painted(page)
    page.click("#roll")
    card = wait_card(page, before)
    assert card.get_attribute("data-outcome") == "failure"
    page.locator("#entered-toggle").click(force=True)  # back to rolling here
    assert not page.locator("#entered-toggle").is_checked()
    left = stored_character(page, "Alrik").get("spent", {}).get("FtP", 0)
    group = card.locator('.follow-group[aria-label="Spend a fate point: reroll"]')
    before = painted(page)
    group.locator("button.follow", has_text="Reroll COU 15 + STR 16").click()
    card = wait_card(page, before)
    faces = [int(v) for v in card.locator(".die").evaluate_all("els => els.map(e => e.dataset.value)")]
    assert faces[:3] == [15, 3, 16] and len(faces) == 5
    assert "rolled here" in card.locator(".result-context").inner_text()
    assert stored_character(page, "Alrik")["spent"] == {"FtP": left + 1}
    # the rules' verdict on the dice the page rolled
    expected = api.resolve(dict(SKILL, reroll={"rule": "fate_point", "dice": [1, 3]}, first_throw=[15, 3, 16],
                                dice=[faces[3], faces[4]]))
    assert card.get_attribute("data-outcome") == expected["outcome"]
