"""The dice notation on the page (issue 14): expressions as Roll20 and
rpg-dice-roller users type them, rolled with entered dice; the card draws
each die with what happened to it (Python's DieViews: notes and marks) and
the label; the example taps carry words a player recognises; the notation
reference opens with one tap. The page's answers equal
tablecheck.api.resolve under CPython for the same request and dice."""

import pytest

pytest.importorskip("playwright.sync_api")

from page_tools import LONG, fresh_page, stored_js  # noqa: E402
from tablecheck import api  # noqa: E402



@pytest.fixture(scope="module")
def page(browser, site):
    with fresh_page(browser, site.url, 1280, 900) as p:
        p.check("#game-dice")
        p.wait_for_selector(".check-form[data-system=dice][data-check=roll]", timeout=LONG)
        yield p


def set_entered(page, on):
    toggle = page.locator("#entered-toggle")
    if toggle.is_checked() != on:
        toggle.click(force=True)


def painted(page):
    return page.evaluate("document.querySelector('#result').dataset.painted || '0'")


def needed_label(expression, dice):
    """The label of the next die the rules ask for after `dice` (CPython)."""
    try:
        api.resolve({"system": "dice", "check": "roll", "expression": expression, "dice": dice})
    except api.InvalidRequest as err:
        return err.extra["needed"][0]["label"]
    raise AssertionError(f"{expression} needs no more dice after {dice}")


def enter_dice(page, expression, dice, typed=None):
    """Type dice one field at a time, each once the page asks for it (its
    label as the rules name it), letting the page ask for the next one.
    `typed`: what the player types for each die (a Fate die's "+", "-")."""
    typed = typed or [str(face) for face in dice]
    for i, face in enumerate(dice):
        label = needed_label(expression, dice[:i])
        page.wait_for_function(
            "([i, label]) => { const e = document.querySelectorAll('#entered-dice .die-entry')[i];"
            " return e && !document.querySelector('#entered-dice').hidden && e.dataset.label === label; }",
            arg=[i, label], timeout=LONG)
        page.locator(".die-input").nth(i).fill(typed[i])
    page.wait_for_function(
        f"() => {{ const f = document.querySelector('#entered-dice');"
        f" return f.dataset.count === '{len(dice)}' && "
        f"[...f.querySelectorAll('.die-input')].every(x => x.value.trim() !== ''); }}", timeout=LONG)


def click_roll(page):
    """Roll, and wait for the new card (painted and saved)."""
    before = painted(page)
    page.click("#roll")
    page.wait_for_function(
        f"() => {{ const r = document.querySelector('#result'); const c = r.querySelector('.result-card');"
        f" return (r.dataset.painted || '0') !== '{before}' && c && r.dataset.saved === c.dataset.entry; }}",
        timeout=LONG)


def roll_with(page, expression, dice, typed=None):
    set_entered(page, True)
    for field in page.locator(".die-input").all():  # the last roll's dice stay typed: clear them
        field.fill("")
    page.fill('input[data-path="expression"]', expression)
    enter_dice(page, expression, dice, typed)
    click_roll(page)
    card = page.locator("#result .result-card")
    expected = api.resolve({"system": "dice", "check": "roll", "expression": expression, "dice": dice})
    return card, expected


def dice_on_card(card):
    return card.locator(".die").evaluate_all(
        "els => els.map(e => ({value: Number(e.dataset.value), marks: e.dataset.marks || '',"
        " classes: e.className, notes: (e.querySelector('.die-notes') || {}).textContent || '',"
        " face: e.querySelector('.die-value').textContent, die: e.querySelector('.die-sides').textContent}))")


def test_reroll_and_keep_show_each_die_with_what_happened_to_it(page):
    # 4d6r1kh3: the 1 is rerolled into a 5, then the 2 is dropped
    card, expected = roll_with(page, "4d6r1kh3", [1, 4, 2, 6, 5])
    dice = dice_on_card(card)
    assert [d["value"] for d in dice] == [1, 4, 2, 6, 5]
    assert "rerolled" in dice[0]["classes"] and dice[0]["notes"] == "rerolled"
    assert "dropped" in dice[2]["classes"] and dice[2]["notes"] == "dropped"
    assert dice[4]["notes"] == "reroll of a 1"
    assert [" \u00b7 ".join(v["notes"]) for v in expected["card"]["dice"]] == [d["notes"] for d in dice]
    assert " ".join(card.locator(".result-key").inner_text().split()) == "Total 15"
    assert page.errors == []


def test_savage_worlds_group_with_its_label_on_the_card_and_in_the_history(page):
    card, expected = roll_with(page, "{1d8!, 1d6!}kh1 # Fighting", [3, 6, 4])
    assert expected["total"] == 10
    assert " ".join(card.locator(".result-key").inner_text().split()) == "Total 10"
    assert "Fighting: {1d8!, 1d6!}kh1" in card.locator(".result-context").inner_text()
    dice = dice_on_card(card)
    assert "dropped" in dice[0]["classes"]
    assert "mark-exploded" in dice[1]["classes"] and "exploded" in dice[1]["notes"]
    assert expected["line"] == "Fighting: {1d8!, 1d6!}kh1 = 10"
    page.wait_for_function(
        f"() => {stored_js('history')}"
        ".some(e => JSON.stringify(e).includes('Fighting'))", timeout=LONG)


def test_successes_and_fate_dice_are_drawn_as_python_says(page):
    card, _ = roll_with(page, "6d10>=8f1", [10, 8, 1, 5, 1, 9])
    dice = dice_on_card(card)
    assert [("mark-success" in d["classes"], "mark-failure" in d["classes"]) for d in dice] == [
        (True, False), (True, False), (False, True), (False, False), (False, True), (True, False)]
    # issue 25 item 2: Fate dice are entered as they show (-, 0, +), and the
    # blank side is drawn as 0, not an empty box
    card, _ = roll_with(page, "4dF+2", [-1, 0, 1, 1], typed=["-", "0", "+", "+1"])
    dice = dice_on_card(card)
    assert [d["die"] for d in dice] == ["dF"] * 4
    assert [d["face"] for d in dice] == ["\u2212", "0", "+", "+"]
    assert " ".join(card.locator(".result-key").inner_text().split()) == "Total 3"
    set_entered(page, False)


def test_a_sorted_term_is_drawn_in_its_sorted_order(page):
    # rolls stay in rolling order (3, 6, 1, 5); the card draws them highest first
    card, expected = roll_with(page, "4d6sd", [3, 6, 1, 5])
    assert [d["value"] for d in expected["rolls"]] == [3, 6, 1, 5]
    assert [d["value"] for d in dice_on_card(card)] == [6, 5, 3, 1]
    assert "4d6sd" in card.locator(".group-title").inner_text()
    set_entered(page, False)


def test_several_keeps_and_an_expression_without_dice_on_the_page(page):
    # issue 25, notation.md: "4d10dh1dl2 with 1, 5, 7, 10 keeps 7"
    card, expected = roll_with(page, "4d10dh1dl2", [1, 5, 7, 10])
    assert expected["total"] == 7
    assert " ".join(card.locator(".result-key").inner_text().split()) == "Total 7"
    assert ["dropped" in d["classes"] for d in dice_on_card(card)] == [True, True, False, True]
    set_entered(page, False)
    # "An expression without dice is a valid expression: 4+8 is 12"
    page.fill('input[data-path="expression"]', "4+8")
    click_roll(page)
    card = page.locator("#result .result-card")
    assert " ".join(card.locator(".result-key").inner_text().split()) == "Total 12"
    assert card.locator(".die").count() == 0
    assert page.errors == []


def test_examples_have_words_and_the_notation_reference_is_one_tap_away(page):
    param = api.catalog()["systems"]["dice"]["checks"]["roll"]["params"][0]
    chip = page.locator('button.example[data-example="2d20kh1"]')
    assert chip.inner_text().strip() == param["example_labels"]["2d20kh1"]
    chip.click()
    assert page.input_value('input[data-path="expression"]') == "2d20kh1"
    panel = page.locator("details.field-reference")
    assert panel.get_attribute("open") is None
    panel.locator("summary").click()
    page.wait_for_function("() => document.querySelector('details.field-reference').open", timeout=LONG)
    rows = panel.locator("tr").evaluate_all(
        "rs => rs.map(r => [r.querySelector('th').textContent, r.querySelector('td').textContent])")
    assert rows == param["reference"]["rows"]
    assert panel.locator("tr", has_text="Changed").is_visible()
