"""The card first, the slow parts after it (issue 29, item 3): a roll asks
the engine for the card with `card_first` (api.resolve answers it without
The Dark Eye's reroll advice and says `later`), draws it, and draws the
advice from the whole answer once the card is painted; folded parts of a
card (its steps, the odds of every reroll when no reroll is offered) are
built when opened. What the page shows in the end is CPython's card.

Rules (shared/spec/rules.md, The Dark Eye): "Fate points (FtP)": a throw
that is no botch may be rerolled; the advice gives every choice's exact
odds. Waits are on explicit signals only (data-ui, data-painted,
data-saved, the entered fields' data-count)."""

import pytest

pytest.importorskip("playwright.sync_api")

from page_tools import (LAST_REQUEST, choose, enter_dice, fill, fresh_page, painted, set_entered,  # noqa: E402
                        stored, wait_result)
from tablecheck import api  # noqa: E402

pytestmark = pytest.mark.e2e

FORM = {"attributes[0]": 12, "attributes[1]": 13, "attributes[2]": 11, "rating": 4}
# what the page asked the engine and what it answered (the test's own wrapper, not a page hook)
SPY = """() => {
  const t = window.tablecheck;
  if (t.__spied) return;
  t.__spied = true;
  window.__calls = [];
  const resolve = t.resolve;
  t.resolve = async (request) => {
    const answer = await resolve(request);
    window.__calls.push({ request, answer });
    return answer;
  };
}"""


@pytest.fixture(scope="module")
def page(browser, site):
    with fresh_page(browser, site.url) as page:
        page.evaluate(SPY)
        choose(page, "dark_eye", "skill")
        for path, value in FORM.items():
            fill(page, path, value)
        set_entered(page, True)
        yield page


def roll(page, dice):
    page.evaluate("() => { window.__calls.length = 0; performance.clearMeasures('tablecheck:card-later'); }")
    enter_dice(page, dice)
    before = painted(page)
    page.click("#roll")
    card = wait_result(page, before)
    whole = api.resolve(dict(page.evaluate(LAST_REQUEST), dice=dice))
    return card, whole


def table_texts(table):
    return table.locator("tr").evaluate_all("rows => rows.map(r => [...r.children].map(c => c.innerText.trim()))")


def test_rule_fate_point_advice_comes_after_the_card_and_is_cpythons(page):
    card, whole = roll(page, [15, 3, 16])
    assert whole["outcome"] == "failure"
    calls = page.evaluate("window.__calls")
    # the roll asked for the card first (the dice fields' own asks aside): it came without the advice ...
    firsts = [c for c in calls if c["request"].get("card_first") is True]
    assert len(firsts) == 1
    first = firsts[0]["answer"]
    assert first["card"]["later"] is True and first["card"]["actions"] == [] and first["card"]["tables"] == []
    # ... and the whole card from its replay, drawn once the card was painted
    assert "card_first" not in first["replay"]
    assert any(c["request"] == first["replay"] and c["answer"]["card"] == whole["card"] for c in calls)
    assert page.evaluate("performance.getEntriesByName('tablecheck:card-later').length") == 1
    assert card.get_attribute("data-later") is None
    buttons = card.locator(".follow-group button.follow")
    shown = [(b.locator(".follow-label").inner_text(), b.locator(".follow-detail").inner_text())
             for b in buttons.all()]
    grouped = [a for a in whole["card"]["actions"] if a.get("group")]
    assert shown == [(a["label"], a["detail"]) for a in grouped]
    assert shown[0] == ("Reroll die 3 (16)", "Best: 60.0% success, mean QL 0.60")
    table = card.locator('.card-tables .grid-table[data-key="advice_fate_point"]')
    advice = whole["card"]["tables"][0]
    texts = table_texts(table)
    assert texts[0] == advice["columns"]
    assert texts[1:] == [[r["head"], *(c["text"] for c in r["cells"])] for r in advice["rows"]]
    # the history keeps the whole card
    entry = stored(page, "history")[0]
    assert entry["result"]["card"]["actions"] == whole["card"]["actions"]
    assert "later" not in entry["result"]["card"]


def test_rule_a_botch_has_no_advice_and_nothing_comes_later(page):
    card, whole = roll(page, [20, 20, 5])
    assert whole["outcome"] in ("botch", "spectacular_botch")
    firsts = [c for c in page.evaluate("window.__calls") if c["request"].get("card_first") is True]
    assert len(firsts) == 1 and "later" not in firsts[0]["answer"]["card"]
    assert page.evaluate("performance.getEntriesByName('tablecheck:card-later').length") == 0
    assert card.locator(".follow-group").count() == 0


def test_folded_parts_are_built_when_opened_with_cpythons_content(page):
    card, whole = roll(page, [10, 3, 4])
    assert whole["outcome"] == "success"
    # no reroll is offered (none beats the throw): the odds of every reroll are folded
    assert not [a for a in whole["card"]["actions"] if a.get("group")]
    tables = card.locator("details.card-tables")
    assert tables.get_attribute("open") is None
    assert tables.locator(".grid-table").count() == 0
    tables.locator("summary").click()
    assert tables.get_attribute("open") == ""
    advice = whole["card"]["tables"][0]
    texts = table_texts(tables.locator(f'.grid-table[data-key="{advice["key"]}"]'))
    assert texts[1:] == [[r["head"], *(c["text"] for c in r["cells"])] for r in advice["rows"]]
    steps = card.locator("details.steps")
    assert steps.locator("ol").count() == 0
    steps.locator("summary").click()
    assert steps.locator("ol > li").all_inner_texts() == whole["steps"]
    # folded again and opened again: the same content, once
    steps.locator("summary").click()
    steps.locator("summary").click()
    assert steps.locator("ol > li").all_inner_texts() == whole["steps"]
    assert steps.locator("ol").count() == 1


def test_rule_a_roll_is_kept_when_its_later_parts_never_come(page):
    # the engine fails the whole card's call (a worker gone between the two calls):
    # the roll is still in the history, with the card that was drawn
    page.evaluate("""() => { const t = window.tablecheck; const resolve = t.resolve;
      window.__unfail = () => { t.resolve = resolve; };
      t.resolve = (request) => (request.card_first || !(request.dice || []).length)
        ? resolve(request) : Promise.reject(new Error('the engine went away')); }""")
    try:
        card, whole = roll(page, [15, 3, 17])
    finally:
        page.evaluate("() => window.__unfail()")
    assert whole["outcome"] == "failure"
    entry = stored(page, "history")[0]
    assert entry["dice"] == [15, 3, 17] and entry["result"]["outcome"] == "failure"
    assert card.get_attribute("data-entry") == entry["id"]
