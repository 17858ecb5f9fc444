"""The Dark Eye's cumulative check with several skills (issue 15, item 4)
through a real browser: the page draws its form from the catalog alone (a
list of skills, a list of per-check modifiers), its live odds are the
API's, and a roll with entered dice paints the card the API builds for the
same request (one group per check naming its skill).

Waits are on explicit signals only (see test_ui_table.py).
"""

import pytest

pytest.importorskip("playwright.sync_api")

from tablecheck import api  # noqa: E402
from page_tools import LAST_ODDS_REQUEST, LONG, fresh_page  # noqa: E402  (tests/page_tools.py)

pytestmark = pytest.mark.e2e



@pytest.fixture(scope="module")
def page(browser, site):
    with fresh_page(browser, site.url, 1280, 900) as p:
        yield p


def odds_settled(page):
    page.wait_for_function(
        "() => { const o = document.querySelector('#odds');"
        " return o.dataset.seq && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null; }",
        timeout=LONG)


def fill(page, path, value):
    page.fill(f'input[data-path="{path}"]', str(value))


def add_item(page, list_path):
    page.locator(f'fieldset[data-field="{list_path}"] > button.add-item').click()


def test_several_skills_form_odds_and_entered_roll(page):
    page.check("#game-dark_eye")
    page.check("#check-cumulative_skills")
    page.wait_for_selector(".check-form[data-system=dark_eye][data-check=cumulative_skills]")
    if not page.locator("#entered-toggle").is_checked():
        page.locator("#entered-toggle").click(force=True)
    add_item(page, "skills")
    page.wait_for_selector('input[data-path="skills[1].target"]')
    fill(page, "skills[0].skill", "Woodworking")
    fill(page, "skills[0].target", 4)
    fill(page, "skills[1].skill", "Metalworking")
    fill(page, "skills[1].target", 3)
    fill(page, "max_checks", 5)
    add_item(page, "modifiers")
    add_item(page, "modifiers")
    page.wait_for_selector('input[data-path="modifiers[1]"]')
    fill(page, "modifiers[0]", 0)
    fill(page, "modifiers[1]", -2)
    odds_settled(page)
    request = page.evaluate(LAST_ODDS_REQUEST)
    assert [s["skill"] for s in request["skills"]] == ["Woodworking", "Metalworking"]
    assert [s["target"] for s in request["skills"]] == [4, 3]
    assert request["modifiers"] == [0, -2] and request["max_checks"] == 5
    expected = api.odds(request)
    rows = page.locator("#odds .odds-row").evaluate_all(
        "els => els.map(e => [e.dataset.outcome, Number(e.dataset.p)])")
    assert rows and {k: p for k, p in rows} == pytest.approx(
        {k: p for k, p in expected["outcomes"].items() if p > 0}, abs=1e-12)

    # entered dice: wood (4 missing) QL 2; metal (3 missing) fails at 12 - 2 = 10 (-1);
    # metal (3 missing) QL 2; wood (2 missing) QL 2; metal QL 2: every target reached
    dice = [5, 5, 5, 15, 15, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]
    want = api.resolve({k: v for k, v in request.items() if k != "dice"} | {"dice": dice})
    used = len(want["rolls"])
    for i, face in enumerate(dice[:used]):
        page.wait_for_function(
            f"() => {{ const f = document.querySelector('#entered-dice');"
            f" return f && !f.hidden && Number(f.dataset.count || 0) >= {i + 1}; }}", timeout=LONG)
        page.locator(".die-input").nth(i).fill(str(face))
    before = page.evaluate("document.querySelector('#result').dataset.painted || '0'")
    page.click("#roll")
    page.wait_for_function(
        f"() => {{ const r = document.querySelector('#result'); const c = r.querySelector('.result-card');"
        f" return (r.dataset.painted || '0') !== '{before}' && c && r.dataset.saved === c.dataset.entry; }}",
        timeout=LONG)
    card = page.locator("#result .result-card")
    assert card.get_attribute("data-outcome") == want["outcome"]
    titles = card.locator(".group-title strong").all_inner_texts()
    assert titles == [g["title"] for g in want["card"]["groups"]]
    assert titles[0] == "Check 1: Woodworking" and titles[1].startswith("Check 2: Metalworking")
    assert not page.errors


def test_several_skills_form_has_no_serious_accessibility_violation(page):
    from axe_playwright_python import sync_playwright as axe_mod  # test-only dependency (.venv)
    page.check("#game-dark_eye")
    page.check("#check-cumulative_skills")
    page.wait_for_selector(".check-form[data-system=dark_eye][data-check=cumulative_skills]")
    odds_settled(page)
    result = axe_mod.Axe().run(page)
    bad = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result.response["violations"]
           if v.get("impact") in ("serious", "critical")]
    assert bad == []
