"""Issue 16, items 1 and 6, in a real browser against the built site: the
tablet layout (the landscape fold, the result card in view after a Roll at
every size, the [ax] table's sticky head and first column, full game names
for screen readers), Adjust going back to roll mode, fields that say they
differ from their first value with a one-tap reset, and one message for a
bad expression after a pause. Screenshots go to artifacts/screenshots/."""

import pytest

pytest.importorskip("playwright.sync_api")

from evening import (SHOTS, SIZES, choose, click_roll, fill, head_in_view, odds_settled,  # noqa: E402
                     open_page, set_entered, wait_ui)
from page_tools import LAST_REQUEST, stored as page_stored, stored_js  # noqa: E402
from tablecheck import api  # noqa: E402

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def tablet(browser, site):
    context, page = open_page(browser, site, 1024, 768)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield page
    context.close()


def first_group_and_bar(page):
    return page.evaluate("""() => {
        const g = document.querySelector('.check-form .top-group > .group-fields > fieldset');
        const bar = document.querySelector('.rollbar').getBoundingClientRect();
        return {group: g.dataset.field, bottom: g.getBoundingClientRect().bottom, bar: bar.top};
    }""")


def rows_of(page, selector):
    """The distinct rows (top edges) the labels of a picker sit on."""
    tops = page.locator(f"{selector} > label").evaluate_all(
        "els => els.map(e => Math.round(e.offsetTop))")
    return sorted(set(tops))


def test_landscape_fold_pickers_one_row_each_first_group_above_the_roll_bar(tablet):
    page = tablet
    choose(page, "dark_eye", "skill")
    page.evaluate("window.scrollTo(0, 0)")
    assert len(rows_of(page, ".game-picker")) == 1
    assert len(rows_of(page, ".check-picker")) == 1
    m = first_group_and_bar(page)
    print(f"\n1024x768 TDE skill: first group {m['group']!r} ends at {m['bottom']:.0f} px, Roll bar top {m['bar']:.0f} px")
    assert m["bottom"] <= m["bar"], m
    # every game and check stays reachable: the chosen chip is scrolled into its strip
    page.check("#check-group_competitive")
    box = page.locator('label[for="check-group_competitive"]').bounding_box()
    strip = page.locator(".check-picker").bounding_box()
    assert box["x"] >= strip["x"] - 1 and box["x"] + box["width"] <= strip["x"] + strip["width"] + 1
    # the first field of every game's first check is above the bar too
    for system, entry in api.catalog()["systems"].items():
        choose(page, system, next(iter(entry["checks"])))
        page.evaluate("window.scrollTo(0, 0)")
        first = page.evaluate("""() => {
            const f = document.querySelector('.check-form .top-group > .group-fields > *');
            const bar = document.querySelector('.rollbar');
            return [f.getBoundingClientRect().bottom, bar.hidden ? 1e9 : bar.getBoundingClientRect().top];
        }""")
        assert first[0] <= first[1], (system, first)
    choose(page, "dark_eye", "skill")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "landscape-1024x768-fold.png"))


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_result_card_in_view_after_rolling_from_the_bottom_of_the_form(tablet, width, height):
    page = tablet
    page.set_viewport_size({"width": width, "height": height})
    try:
        choose(page, "dark_eye", "skill")
        set_entered(page, False)
        odds_settled(page)
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.locator('input[data-path="modifier"]').fill("-1")
        odds_settled(page)
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        click_roll(page)
        page.wait_for_function("""() => { const h = document.querySelector('#result .result-card .result-head').getBoundingClientRect();
            return h.top >= 0 && h.bottom <= innerHeight; }""", timeout=10_000)
        seen = head_in_view(page)
        print(f"\n{width}x{height}: card head at {seen['top']:.0f}-{seen['bottom']:.0f} of {seen['height']}")
        assert seen["visible"], seen
        page.screenshot(path=str(SHOTS / f"rolled-{width}x{height}.png"))
        page.locator('input[data-path="modifier"]').fill("0")
    finally:
        page.set_viewport_size({"width": 1024, "height": 768})


def test_game_picker_names_every_game_in_full_for_screen_readers(tablet):
    page = tablet
    systems = api.catalog()["systems"]
    for s in systems.values():
        assert page.get_by_role("radio", name=s["name"], exact=True).count() == 1, s["name"]
    for s in systems.values():
        if s["short_name"] != s["name"]:
            assert page.get_by_role("radio", name=s["short_name"], exact=True).count() == 0, s["short_name"]
    assert page.get_by_role("radio", name="The Dark Eye", exact=True).count() == 1


def test_ax_table_keeps_its_head_and_difficulty_column_while_scrolling_at_768(tablet):
    page = tablet
    page.set_viewport_size({"width": 768, "height": 1024})
    try:
        choose(page, "ax", "table")
        fill(page, "max_dice", 20)
        odds_settled(page)
        wrap = page.locator("#odds .table-wrap")
        sizes = wrap.evaluate("w => [w.scrollWidth, w.clientWidth, w.scrollHeight, w.clientHeight]")
        assert sizes[0] > sizes[1], "the table scrolls sideways at 768 px"
        wrap.evaluate("w => { w.scrollLeft = 300; w.scrollTop = 200; }")
        got = wrap.evaluate("""w => {
            const box = w.getBoundingClientRect();
            const head = w.querySelector('thead th:nth-child(3)').getBoundingClientRect();
            const rows = [...w.querySelectorAll('tbody tr')];
            const visible = rows.find(r => r.getBoundingClientRect().top > box.top + 40);
            const first = visible.querySelector('th').getBoundingClientRect();
            return {left: w.scrollLeft, top: w.scrollTop, headTop: head.top - box.top, firstLeft: first.left - box.left,
                    firstText: visible.querySelector('th').textContent};
        }""")
        assert got["left"] > 0 and got["top"] > 0
        assert abs(got["headTop"]) <= 1.5 and abs(got["firstLeft"]) <= 1.5, got
        # no row is 0% in every column (the top two of any d10s reach 20 at most)
        rows = page.locator("#odds table.grid tbody tr").evaluate_all(
            "rs => rs.map(r => [r.querySelector('th').textContent, [...r.querySelectorAll('td')].map(c => Number(c.dataset.p))])")
        assert rows and all(any(p > 0 for p in ps) for _, ps in rows)
        assert max(int(d) for d, _ in rows) == 20
        fill(page, "max_difficulty", 24)
        odds_settled(page)
        assert "left out" in page.locator("#odds .grid-table").inner_text()
        page.screenshot(path=str(SHOTS / "ax-table-768x1024.png"))
        fill(page, "max_dice", 8)
        odds_settled(page)
    finally:
        page.set_viewport_size({"width": 1024, "height": 768})


def test_adjust_resolves_the_same_dice_once_then_goes_back_to_rolling(tablet):
    page = tablet
    choose(page, "dark_eye", "attribute")
    set_entered(page, False)
    fill(page, "value", 12)
    fill(page, "modifier", 0)
    odds_settled(page)
    card = click_roll(page)
    dice = card.locator(".die").evaluate_all("els => els.map(e => e.dataset.value)")
    assert "rolled here" in card.locator(".result-context").inner_text()
    card.locator("[data-action=adjust]").click()
    # the form is filled again after the click (not at once): wait for the dice's fields
    page.wait_for_function(
        "(dice) => { const t = document.querySelector('#entered-toggle');"
        " const v = [...document.querySelectorAll('.die-input')].slice(0, dice.length).map((e) => e.value);"
        " return !!t && t.checked && JSON.stringify(v) === JSON.stringify(dice); }", arg=dice, timeout=30_000)
    assert page.locator("#entered-toggle").is_checked()
    assert page.locator(".die-input").evaluate_all("els => els.map(e => e.value)")[:len(dice)] == dice
    fill(page, "modifier", -3)
    odds_settled(page)
    card = click_roll(page)
    context = card.locator(".result-context").inner_text()
    assert "adjusted (same dice)" in context and "entered dice" not in context
    assert card.locator(".die").evaluate_all("els => els.map(e => e.dataset.value)") == dice
    expected = api.resolve(dict(page.evaluate(LAST_REQUEST), dice=[int(d) for d in dice]))
    assert card.get_attribute("data-outcome") == expected["outcome"]
    # back in roll mode: no Resolve button, no empty dice fields
    assert not page.locator("#entered-toggle").is_checked()
    assert page.locator("#roll").inner_text() == "Roll"
    assert not page.locator("#entered-dice").is_visible()
    stored = page_stored(page, "history")[0]
    assert stored["adjusted"] is True and stored["source"] == "secure"
    # a roll after it rolls new dice (not entered ones)
    card = click_roll(page)
    assert "rolled here" in card.locator(".result-context").inner_text()
    assert "adjusted" not in card.locator(".result-context").inner_text()


def test_changed_fields_are_marked_survive_a_reload_and_one_tap_resets(tablet):
    page = tablet
    choose(page, "dark_eye", "attribute")
    if page.locator("#reset-form").is_visible():
        page.click("#reset-form")
    assert page.locator(".check-form .field.changed").count() == 0
    assert not page.locator("#reset-form").is_visible()
    fill(page, "modifier", -2)
    field = page.locator('.field[data-field="modifier"]')
    assert "changed" in field.get_attribute("class")
    assert "default 0" in field.locator(".changed-mark").inner_text()
    assert "1 field differs" in page.locator(".changed-note").inner_text()
    page.screenshot(path=str(SHOTS / "changed-mark-1024x768.png"))
    # from last time: the mark is there after a reload, before anything is touched
    page.wait_for_function(f"() => ({stored_js('forms')}"
                           "['dark_eye.attribute'] || {values: {}}).values.modifier === '-2'")
    page.reload()
    wait_ui(page)
    choose(page, "dark_eye", "attribute")
    assert page.locator('input[data-path="modifier"]').input_value() == "-2"
    assert page.locator('.field[data-field="modifier"] .changed-mark').is_visible()
    page.click("#reset-form")
    assert page.locator('input[data-path="modifier"]').input_value() == "0"
    assert page.locator(".check-form .field.changed").count() == 0
    assert not page.locator("#reset-form").is_visible()
    stored = page_stored(page, "forms", {})
    assert stored.get("dark_eye.attribute", {}).get("values", {}).get("modifier") in ("0", 0, None)


def test_a_bad_expression_shows_one_message_after_a_pause(tablet):
    page = tablet
    choose(page, "dice", "roll")
    odds_settled(page)
    # while typing: no message yet (checked in the same task as the keystroke)
    quiet = page.evaluate("""() => {
        const i = document.querySelector('input[data-path="expression"]');
        i.value = '2d6+'; i.dispatchEvent(new Event('input', {bubbles: true}));
        const e = document.querySelector('.field[data-field="expression"] .field-error');
        return e.hidden && !document.querySelector('#roll-reason').textContent.includes('2d6');
    }""")
    assert quiet
    err = page.locator('.field[data-field="expression"] .field-error')
    err.wait_for(state="visible", timeout=10_000)
    odds_settled(page)
    message = err.inner_text().strip()
    with pytest.raises(api.InvalidRequest) as refused:
        api.odds({"system": "dice", "check": "roll", "expression": "2d6+"})
    expected = refused.value.message
    assert expected in message
    body = page.locator("body").inner_text()
    assert body.count(expected) == 1, body
    assert expected not in page.locator("#roll-reason").inner_text()
    assert expected not in page.locator("#odds").inner_text()
    page.screenshot(path=str(SHOTS / "expression-one-message.png"))
    fill(page, "expression", "2d6+1")
    err.wait_for(state="hidden", timeout=10_000)
    odds_settled(page)


def test_no_page_errors(tablet):
    assert tablet.errors == []
