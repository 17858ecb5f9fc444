"""A roll ready before the tap (issue 29, item 3; static/js/preroll.js,
docs/architecture.md "A roll ready before the tap"): while the form is idle
the page asks the engine for the next roll of the form's values, and a tap of
Roll draws that answer's card in its own task. It is used for exactly the
values on the form at the tap, once; a change discards it; it is never shown
otherwise, never in the history; entered dice are never asked ahead.

What the page asked and what the engine answered is read through the test's
own wrapper of window.tablecheck.resolve (not a page hook). Waits are on
explicit signals only (the wrapper's calls, data-painted, data-saved, the
odds panel's data-seq, a field's error shown)."""

import pytest

pytest.importorskip("playwright.sync_api")

from page_tools import (LAST_REQUEST, LONG, choose, enter_dice, fill, fresh_page, odds_settled, painted,  # noqa: E402
                        set_entered, stored, wait_result)
from tablecheck import api  # noqa: E402

pytestmark = pytest.mark.e2e

# every resolve the page sends, with its answer once it is in (the test's own wrapper)
SPY = """() => {
  const t = window.tablecheck;
  if (t.__spied) return;
  t.__spied = true;
  window.__calls = [];
  const resolve = t.resolve;
  t.resolve = (request) => {
    const call = { request, answer: null };
    window.__calls.push(call);
    return resolve(request).then((answer) => { call.answer = answer; return answer; });
  };
}"""
# the rolls asked ahead: card_first, no dice, sent while no tap was under way
AHEAD = ("() => window.__calls.map((c, i) => ({ ...c, i }))"
         ".filter(c => c.request.card_first === true && c.request.dice === undefined)")
# many dice of many faces: two rolls with the same faces do not happen by chance
MANY = "10d100"


@pytest.fixture(scope="module")
def page(browser, site):
    with fresh_page(browser, site.url) as page:
        page.evaluate(SPY)
        yield page


def ahead(page, after=-1):
    """Wait for the latest roll asked ahead (a call after call number `after`)
    to be answered; that call (with its number, `i`)."""
    page.wait_for_function(f"() => {{ const a = ({AHEAD})().pop(); return a && a.i > {after} && a.answer; }}",
                           timeout=LONG)
    return page.evaluate(AHEAD)[-1]


def tap(page):
    before = painted(page)
    box = page.locator("#roll").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return wait_result(page, before)


def dice_form(page, expression):
    choose(page, "dice", "roll")
    set_entered(page, False)
    fill(page, "expression", expression)
    odds_settled(page)
    page.wait_for_function("(e) => { const m = performance.getEntriesByName('tablecheck:odds-shown').pop();"
                           " return m && m.detail.expression === e; }", arg=expression, timeout=LONG)


def test_each_tap_draws_a_roll_asked_ahead_once_and_the_history_keeps_it(page):
    dice_form(page, MANY)
    # the form is idle: the next roll of its values is asked ahead
    first = ahead(page)
    card = tap(page)
    sent = page.evaluate(LAST_REQUEST)
    assert first["request"] == {**sent, "card_first": True}
    entry = stored(page, "history")[0]
    # the card and the entry are the roll asked ahead ...
    assert entry["dice"] == first["answer"]["replay"]["dice"] and len(entry["dice"]) == 10
    assert entry["line"] == first["answer"]["line"]
    assert card.get_attribute("data-entry") == entry["id"]
    # ... the same entry a roll of those dice makes (CPython's card; the request without card_first)
    assert entry["source"] == "secure" and entry["request"] == {"expression": MANY}
    assert entry["line"] == api.resolve({**sent, "dice": entry["dice"]})["line"]
    # a second tap: the next roll asked ahead, fresh dice (not the first one's again)
    second = ahead(page, first["i"])
    assert second["answer"]["replay"]["dice"] != first["answer"]["replay"]["dice"]
    card = tap(page)
    entries = stored(page, "history")
    assert entries[0]["dice"] == second["answer"]["replay"]["dice"] != entries[1]["dice"]
    assert [e["id"] for e in entries[:2]] == [card.get_attribute("data-entry"), entry["id"]]


def test_a_change_right_before_the_tap_gives_the_card_of_the_new_values(page):
    dice_form(page, MANY)
    ahead(page)
    kept = len(stored(page, "history"))
    # typed text is checked after a pause (table.js TYPING_PAUSE): the tap comes before any new roll is asked
    fill(page, "expression", "3d6")
    card = tap(page)
    assert page.evaluate(LAST_REQUEST)["expression"] == "3d6"
    entries = stored(page, "history")
    assert len(entries) == kept + 1
    assert entries[0]["request"] == {"expression": "3d6"} and len(entries[0]["dice"]) == 3
    assert all(1 <= d <= 6 for d in entries[0]["dice"])
    assert card.get_attribute("data-entry") == entries[0]["id"]
    # the roll asked ahead for 10d100 is never shown, never kept (one entry more: the 3d6)
    assert "10d100" not in card.inner_text()


def test_a_refused_expression_tapped_at_once_shows_its_error_next_to_the_field(page):
    dice_form(page, MANY)
    ahead(page)
    kept = len(stored(page, "history"))
    before = painted(page)
    fill(page, "expression", "2d6+")
    page.click("#roll")
    err = page.locator('.field[data-field="expression"] .field-error')
    err.wait_for(state="visible", timeout=LONG)
    with pytest.raises(api.InvalidRequest) as refused:
        api.resolve({"system": "dice", "check": "roll", "expression": "2d6+"})
    assert refused.value.message in err.inner_text()
    assert painted(page) == before and len(stored(page, "history")) == kept


def test_rule_the_dark_eye_a_roll_asked_ahead_still_gets_its_later_parts(page):
    # "Fate points (FtP)": the advice of a card asked for first comes from its replay, after the card
    choose(page, "dark_eye", "skill")
    set_entered(page, False)
    for path, value in {"attributes[0]": 12, "attributes[1]": 13, "attributes[2]": 11, "rating": 4}.items():
        fill(page, path, value)
    odds_settled(page)
    first = ahead(page)
    card = tap(page)
    entry = stored(page, "history")[0]
    assert entry["dice"] == first["answer"]["replay"]["dice"]
    whole = api.resolve({**page.evaluate(LAST_REQUEST), "dice": entry["dice"]})
    assert entry["line"] == whole["line"]
    assert entry["result"]["card"]["actions"] == whole["card"]["actions"]
    assert "later" not in entry["result"]["card"] and card.get_attribute("data-later") is None
    if first["answer"]["card"].get("later"):  # not a botch: the whole card was asked from its replay
        assert any(c["request"] == first["answer"]["replay"] for c in page.evaluate("() => window.__calls"))


def test_entered_dice_are_never_asked_ahead_and_give_the_rules_card(page):
    choose(page, "dark_eye", "skill")
    set_entered(page, True)
    odds_settled(page)
    page.evaluate("() => { window.__calls.length = 0; }")
    fill(page, "rating", 6)
    odds_settled(page)
    enter_dice(page, [15, 3, 16])
    card = tap(page)
    assert page.evaluate(AHEAD) == []  # nothing asked ahead in the entered mode: not for the change, not after
    entry = stored(page, "history")[0]
    whole = api.resolve({**page.evaluate(LAST_REQUEST), "dice": [15, 3, 16]})
    assert entry["source"] == "entered" and entry["dice"] == [15, 3, 16]
    assert entry["line"] == whole["line"] and card.get_attribute("data-entry") == entry["id"]
    set_entered(page, False)
