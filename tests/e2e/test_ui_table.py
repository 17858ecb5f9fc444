"""The table UI (issue 8) through a real browser against the built site.

One served build, one browser and one shared page for the whole module
(page loads are few: CI has 90 minutes). Every wait is on an explicit
signal: <html data-ui="ready"> (catalog rendered, engine ready), the
result host's `data-painted` counter (a result card painted after a tap
on Roll), the odds panel's `data-seq` / `stale` class, the entered-dice
fieldset's `data-count`.

Rules checked with entered dice (the rule named in each test id) compare
the page with outcomes worked out from the rule texts and with
`tablecheck.api.resolve` under CPython for the same request and dice.
"""

import json
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")

from page_tools import CLIMBING, LAST_ODDS_REQUEST, LAST_REQUEST, add_rows, stored, stored_js  # noqa: E402  (tests/page_tools.py)
from tablecheck import api  # noqa: E402

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "screenshots"
GAMES = ["dark_eye", "freedom_fantasies", "shadows_of_the_unknown", "ax", "dungeons_of_olde", "dice"]
LONG = 60_000  # ms: Pyodide starts in ~3 s here; generous for slow CI


# -- fixtures: the shared site and browser of tests/e2e/conftest.py -----------

@pytest.fixture(scope="module")
def ui(browser, site):
    """One context and page shared by the module's tests (pytest-playwright's
    session browser; the site built and served once by conftest.py)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  reduced_motion="reduce", accept_downloads=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url)
    wait_ui(page)
    page.errors = errors
    yield page
    context.close()


def wait_ui(page):
    page.wait_for_selector("html[data-engine=ready][data-ui=ready]", timeout=LONG)


# -- helpers ---------------------------------------------------------------

def choose(page, system, check):
    page.check(f"#game-{system}")
    if page.locator(f"#check-{check}").count():
        page.check(f"#check-{check}")
    page.wait_for_selector(f".check-form[data-system={system}][data-check={check}]")


def set_entered(page, on):
    toggle = page.locator("#entered-toggle")
    if toggle.is_checked() != on:
        toggle.click(force=True)


def fill(page, path, value):
    page.fill(f'input[data-path="{path}"]', str(value))


def set_choice(page, name, value):
    """A chip when the value is one of the choices, else the number field."""
    radio = page.locator(f'fieldset[data-field="{name}"] input[type=radio][value="{value}"]')
    if radio.count():
        radio.check()
    else:
        page.fill(f'fieldset[data-field="{name}"] input.num', str(value))


def painted(page):
    return int(page.evaluate("document.querySelector('#result').dataset.painted || '0'"))


def click_roll(page, force=False):
    before = painted(page)
    page.click("#roll", force=force)
    wait_result(page, before)
    return page.locator("#result .result-card")


def wait_result(page, before):
    """A new result card painted and its history entry saved."""
    page.wait_for_function(
        f"() => {{ const r = document.querySelector('#result'); const c = r.querySelector('.result-card');"
        f" return (r.dataset.painted || '0') !== '{before}' && c && r.dataset.saved === c.dataset.entry; }}",
        timeout=LONG)


def odds_settled(page):
    page.wait_for_function(
        "() => { const o = document.querySelector('#odds');"
        " return o.dataset.seq && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null; }",
        timeout=LONG)


def wait_dice_fields(page, n):
    page.wait_for_function(
        f"() => {{ const f = document.querySelector('#entered-dice');"
        f" return f && !f.hidden && f.dataset.count === '{n}'; }}", timeout=LONG)


def enter_dice(page, dice):
    """Type dice one field at a time, letting the page ask for the next one."""
    for i, face in enumerate(dice):
        wait_dice_fields_at_least(page, i + 1)
        page.locator(".die-input").nth(i).fill(str(face))
    page.wait_for_function(
        f"() => {{ const f = document.querySelector('#entered-dice');"
        f" return f.dataset.count === '{len(dice)}' && "
        f"[...f.querySelectorAll('.die-input')].every(x => x.value.trim() !== ''); }}", timeout=LONG)


def wait_dice_fields_at_least(page, n):
    page.wait_for_function(
        f"() => {{ const f = document.querySelector('#entered-dice');"
        f" return f && !f.hidden && Number(f.dataset.count || 0) >= {n}; }}", timeout=LONG)


def history_len(page):
    return len(stored(page, "history", []))


def api_resolve(request):
    return api.resolve(request)


# -- every game's main check with entered dice ------------------------------------

# (id naming the rule, system, check, fields to set, chips to check, dice, expected outcome, key text)
MAIN_CHECKS = [
    pytest.param("dark_eye", "skill",
                 {"attributes[0]": 12, "attributes[1]": 12, "attributes[2]": 12, "rating": 7, "modifier": 0, "attempt": 1},
                 [], [5, 14, 13], "success", "QL 2",
                 id="dark_eye-skill-SP-cover-excess-7-minus-3-leaves-4-QL2"),
    pytest.param("dark_eye", "skill",
                 {"attributes[0]": 12, "attributes[1]": 12, "attributes[2]": 12, "rating": 0, "modifier": 0, "attempt": 1},
                 [], [1, 1, 19], "critical_success", None,
                 id="dark_eye-skill-two-1s-critical-even-if-third-not-covered"),
    pytest.param("freedom_fantasies", "skill",
                 {"bonus": 3, "other_bonus": 0, "advantages": 1, "disadvantages": 0},
                 [("dc", "12")], [4, 19], "fantastic_success", None,
                 id="freedom_fantasies-skill-advantage-keeps-highest-19+3-reaches-DC+10"),
    pytest.param("shadows_of_the_unknown", "task", {"rating": 10}, [("difficulty", "routine")], [9],
                 "outstanding_success", None,
                 id="shadows-task-routine-TN-2x10-roll-9-at-least-10-under-outstanding"),
    pytest.param("ax", "flat", {"attribute": 3, "difficulty": 12, "bonus": 0}, [], [2, 9, 5],
                 "success", "Total 14",
                 id="ax-flat-top-two-of-3d10-9+5-meets-difficulty-12"),
    pytest.param("dungeons_of_olde", "check", {"stat": 8, "modification": 0, "adjustment": 0}, [("cr", "hard")],
                 [8, 3, 2], "success", "Total 13",
                 id="dungeons_of_olde-check-d8-explodes-8+3-plus-2-vs-CR12-margin-1-success"),
    pytest.param("dice", "roll", {}, [], [3, 4], "rolled", "Total 8",
                 id="dice-roll-2d6+1-is-3+4+1"),
]


@pytest.mark.parametrize("system,check,fields,chips,dice,outcome,key", MAIN_CHECKS)
def test_main_check_with_entered_dice_shows_the_rules_outcome(ui, system, check, fields, chips, dice, outcome, key):
    page = ui
    choose(page, system, check)
    set_entered(page, True)
    for path, value in fields.items():
        fill(page, path, value)
    for name, value in chips:
        set_choice(page, name, value)
    if system == "dice":
        page.fill('input[data-path="expression"]', "2d6+1")
    request = {"system": system, "check": check}
    card = None
    enter_dice(page, dice)
    card = click_roll(page)
    shown = card.get_attribute("data-outcome")
    assert shown == outcome
    # the same request and dice under CPython give the same outcome and sentence
    params = page.evaluate(LAST_REQUEST)
    assert params is not None
    expected = api_resolve(dict(params, dice=dice))
    assert expected["outcome"] == outcome
    assert card.locator(".result-summary").inner_text().strip() == expected["summary"].strip()
    faces = [int(v) for v in card.locator(".die").evaluate_all("els => els.map(e => e.dataset.value)")]
    assert faces == [d["value"] for d in expected["rolls"]] == dice
    if key:
        assert " ".join(card.locator(".result-key").inner_text().split()) == key
    set_entered(page, False)


def test_dark_eye_attribute_asks_for_the_confirmation_roll_after_a_1(ui):
    """Rule: a natural 1 on an attribute check needs a confirmation roll;
    passed (<= EAV) it is a critical success."""
    page = ui
    choose(page, "dark_eye", "attribute")
    set_entered(page, True)
    fill(page, "value", 12)
    fill(page, "modifier", 0)
    wait_dice_fields(page, 1)
    page.locator(".die-input").nth(0).fill("1")
    wait_dice_fields(page, 2)  # the page asks for exactly one more die
    label = page.locator(".die-entry").nth(1).inner_text().lower()
    assert "confirm" in label
    page.locator(".die-input").nth(1).fill("5")
    card = click_roll(page)
    assert card.get_attribute("data-outcome") == "critical_success"
    assert card.locator(".die.confirmation").count() == 1
    # a 5 needs no confirmation: the extra field goes away again
    page.locator(".die-input").nth(0).fill("5")
    wait_dice_fields(page, 1)
    set_entered(page, False)


def test_adjust_re_resolves_the_same_dice_with_a_changed_modifier(ui):
    """Rule: attribute check succeeds on roll <= EAV = value + modifier; the
    same die 10 passes at EAV 12 and fails at EAV 9 (modifier -3)."""
    page = ui
    choose(page, "dark_eye", "attribute")
    set_entered(page, True)
    fill(page, "value", 12)
    fill(page, "modifier", 0)
    enter_dice(page, [10])
    card = click_roll(page)
    assert card.get_attribute("data-outcome") == "success"
    card.locator("[data-action=adjust]").click()
    # the form is filled again after the click (not at once): wait for the die's field
    page.wait_for_function("() => { const i = document.querySelector('.die-input'); return i && i.value === '10'; }",
                           timeout=30_000)
    fill(page, "modifier", -3)
    odds_settled(page)
    card = click_roll(page)
    assert card.get_attribute("data-outcome") == "failure"
    assert [int(v) for v in card.locator(".die").evaluate_all("els => els.map(e => e.dataset.value)")] == [10]
    set_entered(page, False)


def test_freedom_fantasies_natural_20_offers_a_benefit_to_pick(ui):
    """Rule: a kept 20 is a critical success (fantastic whatever the result);
    the player picks a Benefit; the pick is kept with the history entry."""
    page = ui
    choose(page, "freedom_fantasies", "skill")
    set_entered(page, True)
    fill(page, "bonus", 0)
    fill(page, "advantages", 0)
    fill(page, "disadvantages", 0)
    set_choice(page, "dc", 25)
    enter_dice(page, [20])
    card = click_roll(page)
    assert card.get_attribute("data-outcome") == "critical_success"
    offered = card.locator(".card-choices[data-pick=benefit] .btn.choice")
    expected = api.resolve(dict(page.evaluate(LAST_REQUEST), dice=[20]))["choices"]["options"]
    assert offered.all_inner_texts() == [o["label"] for o in expected]
    offered.nth(1).click()
    assert offered.nth(1).get_attribute("aria-pressed") == "true"
    page.wait_for_function(
        f"{stored_js('history')}[0].choice === {json.dumps(expected[1]['id'])}")
    set_entered(page, False)


def test_keyboard_only_choose_a_check_and_roll(ui):
    page = ui
    choose(page, "shadows_of_the_unknown", "task")
    set_entered(page, False)
    page.focus("#check-task")
    page.keyboard.press("ArrowRight")  # radio group: the next check
    page.wait_for_selector(".check-form[data-check=dice]")
    page.focus("#roll")
    before = painted(page)
    page.keyboard.press("Enter")
    wait_result(page, before)
    assert page.get_attribute("#result .result-card", "data-outcome") == "rolled"


def test_resolve_with_missing_dice_asks_instead_of_rolling(ui):
    page = ui
    choose(page, "ax", "flat")
    set_entered(page, True)
    fill(page, "attribute", 3)
    wait_dice_fields(page, 3)
    before, n = painted(page), history_len(page)
    page.locator(".die-input").nth(0).fill("4")
    page.click("#roll")
    page.wait_for_selector(".die-entry .field-error:not([hidden])")
    assert painted(page) == before and history_len(page) == n
    set_entered(page, False)


@pytest.mark.parametrize("system", GAMES)
def test_a_random_roll_shows_a_result(ui, system):
    page = ui
    page.check(f"#game-{system}")
    page.wait_for_selector(f".check-form[data-system={system}]")
    set_entered(page, False)
    odds_settled(page)
    check = page.get_attribute(".check-form", "data-check")
    card = click_roll(page)
    outcome = card.get_attribute("data-outcome")
    labels = api.catalog()["systems"][system]["checks"][check]["outcomes"]
    assert outcome in labels
    assert card.locator(".result-outcome").inner_text().strip()
    # announced through the polite live region
    page.wait_for_function("document.querySelector('#live').textContent.length > 0")
    assert page.get_attribute("#live", "aria-live") == "polite"


# -- live odds --------------------------------------------------------------------

ODDS_CASES = [
    pytest.param("dark_eye", "skill", {"attributes[0]": 13, "attributes[1]": 11, "attributes[2]": 14, "rating": 5, "modifier": -1, "attempt": 1}, [], id="dark_eye-skill"),
    pytest.param("dungeons_of_olde", "check", {"stat": 6, "modification": 0, "adjustment": 1}, [("cr", "moderate")], id="dungeons_of_olde-check"),
    pytest.param("freedom_fantasies", "skill", {"bonus": 2, "other_bonus": 1, "advantages": 0, "disadvantages": 2}, [("dc", "15")], id="freedom_fantasies-skill-2-disadvantages"),
    pytest.param("ax", "flat", {"attribute": 4, "difficulty": 15, "bonus": 1}, [], id="ax-flat"),
]


@pytest.mark.parametrize("system,check,fields,chips", ODDS_CASES)
def test_live_odds_equal_api_odds(ui, system, check, fields, chips):
    page = ui
    choose(page, system, check)
    set_entered(page, False)
    for path, value in fields.items():
        fill(page, path, value)
    for name, value in chips:
        set_choice(page, name, value)
    odds_settled(page)
    request = page.evaluate(LAST_ODDS_REQUEST)
    for path, value in fields.items():  # the page asked about what was typed
        node = request
        for part in path.replace("]", "").replace("[", ".").split("."):
            node = node[int(part)] if part.isdigit() else node[part]
        assert node == value
    expected = api.odds(request)
    rows = page.locator("#odds .odds-row").evaluate_all(
        "els => els.map(e => [e.dataset.outcome, Number(e.dataset.p), e.querySelector('.odds-pct').textContent])")
    # outcomes that cannot happen with these inputs (exactly 0) are not listed
    exact = expected.get("exact", {})
    possible = [k for k, p in expected["outcomes"].items() if not (p == 0 and exact.get(k, "0") in ("0", "0/1"))]
    assert [r[0] for r in rows] == possible
    for label, p, text in rows:
        assert p == pytest.approx(expected["outcomes"][label], abs=1e-12)
        want = expected["outcomes"][label] * 100
        if 0.05 <= want <= 99.95:
            assert text == f"{want:.1f}%"
    for key in ("quality_levels",):
        if key in expected:
            cols = page.locator(f'#odds figure[data-key="{key}"] .col').evaluate_all(
                "els => els.map(e => [e.dataset.x, Number(e.dataset.p)])")
            assert {x: p for x, p in cols} == pytest.approx(expected[key], abs=1e-12)


def test_odds_follow_typing_and_drop_stale_answers(ui):
    page = ui
    choose(page, "dark_eye", "attribute")
    set_entered(page, False)
    field = page.locator('input[data-path="value"]')
    field.fill("")
    field.type("1", delay=0)
    field.type("5", delay=0)  # 15: the answer for "1" must not win
    odds_settled(page)
    request = page.evaluate(LAST_ODDS_REQUEST)
    assert request["value"] == 15
    p = page.locator('#odds .odds-row[data-outcome="success"]').get_attribute("data-p")
    assert float(p) == pytest.approx(api.odds(request)["outcomes"]["success"], abs=1e-12)


# -- bad input ---------------------------------------------------------------------

@pytest.mark.parametrize("typed,message", [
    ("", "Enter a number"), ("abc", "not a whole number"), ("99", "at most 40"), ("-3", "at least 0"),
], ids=["empty", "letters", "above-range", "below-range"])
def test_bad_input_shows_a_message_next_to_the_field_and_rolls_nothing(ui, typed, message):
    page = ui
    choose(page, "dark_eye", "attribute")
    set_entered(page, False)
    odds_settled(page)
    before, n = painted(page), history_len(page)
    page.fill('input[data-path="value"]', typed)
    field = page.locator('.field[data-field="value"]')
    err = field.locator(".field-error")
    err.wait_for(state="visible")
    assert message in err.inner_text()
    assert page.get_attribute('input[data-path="value"]', "aria-invalid") == "true"
    assert err.get_attribute("id") in page.get_attribute('input[data-path="value"]', "aria-describedby")
    assert page.get_attribute("#roll", "aria-disabled") == "true"
    page.click("#roll", force=True)
    page.wait_for_function("document.querySelector('#live').textContent.startsWith('Not rolled')")
    assert painted(page) == before and history_len(page) == n
    page.fill('input[data-path="value"]', "12")
    page.wait_for_function("!document.querySelector('#roll').hasAttribute('aria-disabled')")


# -- history --------------------------------------------------------------------------

def test_history_lists_newest_first_and_survives_a_reload(ui):
    page = ui
    choose(page, "shadows_of_the_unknown", "task")
    set_entered(page, False)
    card = click_roll(page)
    entry = card.get_attribute("data-entry")
    page.reload()
    wait_ui(page)
    page.click("#open-history")
    first = page.locator("#history-list .history-open").first
    assert first.get_attribute("data-entry") == entry
    assert "Shadows" in first.inner_text()
    page.keyboard.press("Escape")


def test_history_repeat_rolls_the_same_check_again(ui):
    page = ui
    page.click("#open-history")
    item = page.locator("#history-list .history-item").first
    before = painted(page)
    n = history_len(page)
    item.locator(".history-repeat").click()
    wait_result(page, before)
    assert history_len(page) == n + 1


def test_history_export_import_round_trip_and_corrupt_file_refused(ui, tmp_path):
    page = ui
    page.click("#open-history")
    with page.expect_download() as dl:
        page.click("#history-export")
    path = tmp_path / "history.json"
    dl.value.save_as(path)
    exported = json.loads(path.read_text())
    kept = stored(page, "history")
    assert exported["format"] == "tablecheck-history" and exported["entries"] == kept
    # clear (with confirmation), then import the file: the same history again
    page.click("#history-clear")
    page.click("dialog.confirm [data-confirm=yes]")
    page.wait_for_function(f"{stored_js('history')}.length === 0")
    page.set_input_files("#history-import", str(path))
    page.wait_for_function("document.querySelector('#history-msg').textContent.startsWith('Imported')")
    assert stored(page, "history") == kept
    # corrupt files change nothing and say why
    for name, content in [("broken.json", "{not json"),
                          ("wrong.json", json.dumps({"format": "tablecheck-history", "version": 1, "entries": [{"id": "x"}]}))]:
        bad = tmp_path / name
        bad.write_text(content)
        page.set_input_files("#history-import", str(bad))
        page.wait_for_function(
            f"document.querySelector('#history-msg').textContent.includes('refused') && "
            f"document.querySelector('#history-msg').textContent.includes({json.dumps('not valid JSON' if name == 'broken.json' else 'Entry 1')})")
        assert stored(page, "history") == kept
    page.keyboard.press("Escape")


def test_history_survives_an_offline_reload(ui):
    page = ui
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        wait_ui(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=LONG)
    choose(page, "ax", "flat")
    set_entered(page, False)
    card = click_roll(page)
    entry = card.get_attribute("data-entry")
    page.context.set_offline(True)
    try:
        page.reload()
        wait_ui(page)
        page.click("#open-history")
        assert page.locator("#history-list .history-open").first.get_attribute("data-entry") == entry
        page.keyboard.press("Escape")
        # and a check still resolves offline
        click_roll(page)
    finally:
        page.context.set_offline(False)


def test_without_storage_the_page_works_and_says_history_is_not_saved(browser, site):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});")
    page = context.new_page()
    try:
        page.goto(site.url)
        wait_ui(page)
        banner = page.locator("#storage-banner")
        assert banner.is_visible() and "not being saved" in banner.inner_text()
        choose(page, "dice", "roll")
        card = click_roll(page)
        assert card.get_attribute("data-outcome") == "rolled"
        assert "(1)" in page.inner_text("#open-history")  # kept for this visit
    finally:
        context.close()


# -- characters ---------------------------------------------------------------------

def test_character_fills_the_form_and_survives_a_reload(ui):
    page = ui
    choose(page, "dark_eye", "skill")
    page.click("#open-characters")
    page.click("#character-new")
    page.fill('.char-editor [data-path="name"] input', "Alrik")
    page.fill('.char-editor [data-path="numbers.COU"] input', "14")
    page.fill('.char-editor [data-path="numbers.AGI"] input', "13")
    page.fill('.char-editor [data-path="numbers.STR"] input', "11")
    add_rows(page, CLIMBING)
    page.click("#character-save")
    page.wait_for_selector('#character-list .char-item:has-text("Alrik")')
    page.keyboard.press("Escape")
    page.select_option("#character-picker", label="Alrik")
    fill_select = page.locator('select[data-fill=""]')
    fill_select.select_option(label="Climbing (COU/AGI/STR, SR 4)")
    values = [page.input_value(f'input[data-path="attributes[{i}]"]') for i in range(3)]
    assert values == ["14", "13", "11"]
    assert page.input_value('input[data-path="rating"]') == "4"
    assert page.locator(".attr-select").evaluate_all("els => els.map(e => e.value)") == ["COU", "AGI", "STR"]
    odds_settled(page)
    request = page.evaluate(LAST_ODDS_REQUEST)
    assert request["attributes"] == [14, 13, 11] and request["names"] == ["COU", "AGI", "STR"]
    page.reload()
    wait_ui(page)
    options = page.locator("#character-picker option").all_inner_texts()
    assert "Alrik" in options
    assert page.locator("#character-picker").evaluate("e => e.selectedOptions[0].textContent") == "Alrik"


def test_characters_export_import_round_trip_edit_delete_and_corrupt_file_refused(ui, tmp_path):
    page = ui
    choose(page, "dungeons_of_olde", "check")
    page.click("#open-characters")
    page.click("#character-new")
    page.fill('.char-editor [data-path="name"] input', "Borin")
    page.click("#character-save")
    page.wait_for_selector('#character-list .char-item:has-text("Borin")')
    # edit: rename
    page.click('#character-list .char-item:has-text("Borin") >> text=Edit')
    page.fill('.char-editor [data-path="name"] input', "Borin Stonefist")
    page.click("#character-save")
    page.wait_for_selector('#character-list .char-item:has-text("Borin Stonefist")')
    with page.expect_download() as dl:
        page.click("#characters-export")
    path = tmp_path / "characters.json"
    dl.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["format"] == "tablecheck-characters"
    assert [c["name"] for c in data["characters"]] == ["Borin Stonefist"]
    # delete (with confirmation), then import it back
    page.click('#character-list .char-item:has-text("Borin Stonefist") >> text=Delete')
    page.click("dialog.confirm [data-confirm=yes]")
    page.wait_for_selector('#character-list .char-item:has-text("Borin")', state="detached")
    page.set_input_files("#characters-import", str(path))
    page.wait_for_selector('#character-list .char-item:has-text("Borin Stonefist")')
    kept = stored(page, "characters")
    # a file with a bad stat changes nothing and says why
    bad = json.loads(path.read_text())
    bad["characters"][0]["sheet"]["tables"]["stats"][0]["value"] = 99
    bad_path = tmp_path / "bad.json"
    bad_path.write_text(json.dumps(bad))
    page.set_input_files("#characters-import", str(bad_path))
    page.wait_for_function("document.querySelector('#characters-msg').textContent.includes('refused')")
    assert "2 to 20" in page.inner_text("#characters-msg")
    assert stored(page, "characters") == kept
    page.keyboard.press("Escape")


def test_character_editor_refuses_bad_values_next_to_the_field(ui):
    page = ui
    choose(page, "freedom_fantasies", "skill")
    page.click("#open-characters")
    page.click("#character-new")
    page.fill('.char-editor [data-path="name"] input', "Mira")
    page.fill('.char-editor [data-path="numbers.FIGHT"] input', "lots")
    n = len(stored(page, "characters", []))
    page.click("#character-save")
    err = page.locator('.char-editor [data-path="numbers.FIGHT"] .field-error')
    err.wait_for(state="visible")
    assert "whole number" in err.inner_text()
    assert len(stored(page, "characters", [])) == n
    page.click("#character-cancel")
    page.keyboard.press("Escape")


# -- accessibility, theme, layout -------------------------------------------------------

@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_no_serious_violation_on_any_game(ui, theme):
    from axe_playwright_python import sync_playwright as axe_mod  # test-only dependency (.venv)
    page = ui
    want = theme == "dark"
    page.emulate_media(color_scheme=theme)
    # the page hears the system change through a media-query event: wait for
    # it to have followed (or for an explicit choice that overrides it)
    page.wait_for_function(
        "(want) => matchMedia('(prefers-color-scheme: dark)').matches === want &&"
        " (document.documentElement.classList.contains('dark') === want"
        "  || !!document.documentElement.dataset.theme)", arg=want, timeout=LONG)
    if page.evaluate("document.documentElement.classList.contains('dark')") != want:
        page.click("#theme-toggle")
    page.wait_for_function("(want) => document.documentElement.classList.contains('dark') === want",
                           arg=want, timeout=LONG)
    axe = axe_mod.Axe()
    problems = {}
    for system in GAMES:
        page.check(f"#game-{system}")
        page.wait_for_selector(f".check-form[data-system={system}]")
        odds_settled(page)
        click_roll(page)
        result = axe.run(page)
        bad = [v for v in result.response["violations"] if v.get("impact") in ("serious", "critical")]
        if bad:
            problems[system] = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in bad]
    # the history sheet and the character editor too
    page.check("#game-dark_eye")
    for name, open_it in [("history", ["#open-history"]), ("characters", ["#open-characters", "#character-new"])]:
        for sel in open_it:
            page.click(sel)
        page.wait_for_selector("dialog[open]")
        bad = [v for v in axe.run(page).response["violations"] if v.get("impact") in ("serious", "critical")]
        if bad:
            problems[name] = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in bad]
        page.keyboard.press("Escape")
        page.wait_for_function("!document.querySelector('dialog[open]')")
    assert problems == {}


SIZES = [(768, 1024), (1024, 768), (1280, 800), (390, 844)]


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_tablet_and_phone_sizes_no_sideways_scroll_big_targets_screenshots(ui, width, height):
    page = ui
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    try:
        for system in GAMES:
            page.check(f"#game-{system}")
            page.wait_for_selector(f".check-form[data-system={system}]")
            odds_settled(page)
            click_roll(page)
            page.evaluate("window.scrollTo(0, 0)")
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            small = page.evaluate("""() => [...document.querySelectorAll(
                  'button, select, input:not([type=radio]):not([type=checkbox]):not([type=file]), label.chip, label.seg, label.switch')]
                .filter(e => e.offsetParent !== null && !e.closest('.visually-hidden') && !e.closest('dialog:not([open])'))
                .map(e => [e.id || e.className || e.tagName, e.getBoundingClientRect()])
                .filter(([, r]) => r.height < 44 || r.width < 44)
                .map(([n, r]) => `${n} ${Math.round(r.width)}x${Math.round(r.height)}`)""")
            assert small == []
            page.screenshot(path=str(SHOTS / f"{width}x{height}-{system}.png"))
            page.screenshot(path=str(SHOTS / f"{width}x{height}-{system}-full.png"), full_page=True)
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_a_number_the_rules_fix_gets_no_field(ui):
    # Dark Eye reading: retries do not apply to competitive checks, so the
    # catalog fixes `attempt` at 1 there; the form shows no field for it but
    # keeps it on the simple skill check, where retries are allowed.
    choose(ui, "dark_eye", "competitive")
    assert ui.locator('input[data-path="a.attempt"]').count() == 0
    assert ui.locator('input[data-path="a.rating"]').count() == 1
    choose(ui, "dark_eye", "skill")
    assert ui.locator('input[data-path="attempt"]').count() == 1


# -- table-user review (issue 8 follow-up) ------------------------------------------

def set_none(page, name):
    page.locator(f'fieldset[data-field="{name}"] label.chip', has_text="None").click()


def test_luck_check_without_dc_headlines_the_favourability_band(ui):
    """Reading: a Luck Check with no DC only names favourability (1-4 Very
    Unfavourable); the card headlines the band, not a Success, and the odds
    show the favourability distribution."""
    page = ui
    choose(page, "freedom_fantasies", "luck")
    set_entered(page, True)
    set_none(page, "dc")
    fill(page, "advantages", 0)
    odds_settled(page)
    request = page.evaluate(LAST_ODDS_REQUEST)
    assert request.get("dc") is None
    expected_odds = api.odds(request)
    rows = page.locator('#odds .odds-row').evaluate_all(
        "els => els.map(e => [e.dataset.outcome, Number(e.dataset.p)])")
    assert [r[0] for r in rows] == [k for k, p in expected_odds["favourability"].items() if p > 0]
    for label, p in rows:
        assert p == pytest.approx(expected_odds["favourability"][label], abs=1e-12)
    assert page.locator('#odds .odds-row[data-outcome="success"]').count() == 0
    enter_dice(page, [3])
    card = click_roll(page)
    expected = api.resolve(dict(page.evaluate(LAST_REQUEST), dice=[3]))
    assert expected["favourability_label"] == "Very Unfavourable"
    assert card.locator(".result-outcome").inner_text().strip() == "Very Unfavourable"
    assert card.get_attribute("data-tone") == expected["card"]["headline"]["tone"]
    assert "\u2714" not in card.locator(".result-icon").inner_text()
    assert "very_unfavourable" not in card.inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "review-luck.png"), full_page=True)
    set_entered(page, False)


def test_dungeons_of_olde_critical_outcomes_off_has_one_headline(ui):
    """Reading (rules.md, Dungeons of Olde): with critical outcomes off a
    margin of 8 (14 vs CR 6) keeps its category and ranks in the one
    headline, a note says only the simple success applies, and the card is
    a plain success (no star, no second headline that disagrees)."""
    page = ui
    choose(page, "dungeons_of_olde", "check")
    set_entered(page, True)
    fill(page, "stat", 8)
    fill(page, "modification", 0)
    fill(page, "adjustment", 0)
    set_choice(page, "cr", "easy")
    box = page.locator('input[data-path="critical_outcomes"]')
    if box.is_checked():
        box.click(force=True)
    enter_dice(page, [7, 7])
    card = click_roll(page)
    expected = api.resolve(dict(page.evaluate(LAST_REQUEST), dice=[7, 7]))
    assert expected["critical_outcomes"] is False and expected["outcome"] == "critical_success"
    assert card.locator(".result-outcome").count() == 1
    headline = card.locator(".result-outcome").inner_text().strip()
    assert headline == expected["card"]["headline"]["label"] and "Critical Success" in headline
    assert card.get_attribute("data-tone") == "good"
    notes = card.locator(".result-notes").inner_text().lower()
    assert "simple success" in notes and "failure" not in headline.lower()
    assert card.locator(".result-icon").inner_text().strip() not in ("\u2605", "\u2620")
    SHOTS.mkdir(parents=True, exist_ok=True)
    card.screenshot(path=str(SHOTS / "review-doo-card.png"))
    if not box.is_checked():
        box.click(force=True)
    set_entered(page, False)


def test_switching_game_or_check_clears_the_result_and_history_brings_it_back(ui):
    page = ui
    choose(page, "ax", "flat")
    set_entered(page, False)
    odds_settled(page)
    card = click_roll(page)
    entry = card.get_attribute("data-entry")
    choose(page, "ax", "group")
    assert page.locator("#result .result-card").count() == 0
    assert page.locator("#result .placeholder").inner_text().strip() == "Roll to see the result here."
    choose(page, "dark_eye", "attribute")
    assert page.locator("#result .result-card").count() == 0
    page.click("#open-history")
    page.locator(f'.history-open[data-entry="{entry}"]').click()
    page.wait_for_selector(f'#result .result-card[data-entry="{entry}"]')
    assert page.get_attribute(".check-form", "data-check") == "flat"


def test_zero_chance_outcomes_hidden_and_chips_match_typed_values(ui):
    page = ui
    choose(page, "freedom_fantasies", "skill")
    set_entered(page, False)
    fill(page, "bonus", 0)
    fill(page, "other_bonus", 0)
    fill(page, "advantages", 0)
    fill(page, "disadvantages", 0)
    page.fill('fieldset[data-field="dc"] input.num', "10")
    odds_settled(page)
    expected = api.odds(page.evaluate(LAST_ODDS_REQUEST))
    assert expected["exact"]["success"] == "0/1"
    assert page.locator('#odds .odds-row[data-outcome="success"]').count() == 0
    assert "Success 0" not in page.locator("#odds .stackbar").get_attribute("aria-label")
    chip = page.locator('fieldset[data-field="dc"] label.chip.match')
    assert chip.count() == 1 and "(10)" in chip.inner_text()
    # a rank typed by name is accepted (any case) and marks its chip
    choose(page, "dungeons_of_olde", "check")
    page.fill('fieldset[data-field="cr"] input.num', "HARD")
    odds_settled(page)
    assert page.evaluate(LAST_ODDS_REQUEST)["cr"].lower() == "hard"
    assert page.locator('fieldset[data-field="cr"] .field-error:not([hidden])').count() == 0
    assert page.locator('fieldset[data-field="cr"] label.chip.match').inner_text().startswith("Hard")
    page.fill('fieldset[data-field="cr"] input.num', "12")
    assert page.locator('fieldset[data-field="cr"] label.chip.match').inner_text().startswith("Hard")
    set_choice(page, "cr", "moderate")
    assert page.locator('fieldset[data-field="cr"] label.chip.match').count() == 0


def test_dice_expression_too_big_for_exact_odds_can_still_be_rolled(ui):
    page = ui
    choose(page, "dice", "roll")
    set_entered(page, False)
    page.fill('input[data-path="expression"]', "1000d6")
    page.wait_for_selector("#odds[data-state=odds-only]", timeout=LONG)
    assert "you can still roll it" in page.locator("#odds .odds-status").inner_text()
    assert page.get_attribute("#roll", "aria-disabled") is None
    card = click_roll(page)
    assert card.get_attribute("data-outcome") == "rolled"
    assert 1000 <= int(card.locator(".result-key-value").inner_text()) <= 6000
    page.fill('input[data-path="expression"]', "2d6")
    odds_settled(page)


def test_entered_die_outside_its_faces_is_refused_as_typed_and_fields_are_not_pinned(ui):
    page = ui
    choose(page, "ax", "flat")
    set_entered(page, True)
    fill(page, "attribute", 3)
    wait_dice_fields(page, 3)
    # the dice fields flow in the page; only the Roll / Resolve row is pinned
    assert page.locator(".rollbar #entered-dice").count() == 0
    die = page.locator(".die-input").nth(1)
    die.fill("11")
    err = page.locator(".die-entry").nth(1).locator(".field-error")
    err.wait_for(state="visible")
    assert "1 to 10" in err.inner_text()
    assert die.get_attribute("aria-invalid") == "true"
    assert page.get_attribute("#roll", "aria-disabled") == "true"
    assert "Fix this die first" in page.locator("#roll-reason").inner_text()
    before, n = painted(page), history_len(page)
    die.fill("7")
    err.wait_for(state="hidden")
    assert page.get_attribute("#roll", "aria-disabled") is None
    assert painted(page) == before and history_len(page) == n
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "review-entered-dice.png"), full_page=True)
    set_entered(page, False)


def test_ax_odds_table_rolls_nothing_follows_the_form_and_spans_the_page(ui):
    page = ui
    n = history_len(page)
    choose(page, "ax", "table")
    assert not page.locator("#roll").is_visible()
    assert not page.locator("#entered-toggle").is_visible()
    assert not page.locator("#result").is_visible()
    fill(page, "max_dice", 5)
    odds_settled(page)
    heads = page.locator("#odds table.grid thead th").all_inner_texts()
    assert heads == ["Difficulty"] + [f"{d}d10" for d in range(1, 6)]
    expected = api.odds(page.evaluate(LAST_ODDS_REQUEST))
    cells = page.locator("#odds table.grid td[data-p]").evaluate_all("els => els.map(e => Number(e.dataset.p))")
    table = expected["display"]["tables"][0]
    assert cells == pytest.approx([c["p"] for r in table["rows"] for c in r["cells"]], abs=1e-12)
    # the title is not inside the scrolling box, and the table has the page's width
    title = page.locator("#odds .grid-table .table-title")
    assert title.is_visible() and title.evaluate("e => !e.closest('.table-wrap')")
    width = page.evaluate("document.querySelector('#odds').getBoundingClientRect().width")
    form_width = page.evaluate("document.querySelector('.pane-form').getBoundingClientRect().width")
    assert width >= form_width - 2
    assert history_len(page) == n
    fill(page, "max_dice", 8)
    odds_settled(page)
    page.screenshot(path=str(SHOTS / "review-ax-table.png"), full_page=True)
    choose(page, "ax", "flat")
    assert page.locator("#roll").is_visible()


def test_phone_pickers_wrap_and_keep_the_theme_toggle_on_screen(ui):
    page = ui
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        choose(page, "dark_eye", "skill")
        page.evaluate("window.scrollTo(0, 0)")
        boxes = page.evaluate("""() => [...document.querySelectorAll('.game-picker label.seg, .check-picker label.chip, #theme-toggle')]
            .map(e => { const r = e.getBoundingClientRect(); return [e.textContent.trim(), r.left, r.right, r.height]; })""")
        assert len(boxes) >= 6 + 5 + 1
        off = [b for b in boxes if b[1] < 0 or b[2] > 390]
        assert off == []
        assert min(b[3] for b in boxes) >= 44
        page.screenshot(path=str(SHOTS / "review-phone-pickers.png"))
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_character_editor_ids_unique_and_header_choice_hints_the_fill_menu(ui):
    page = ui
    choose(page, "dark_eye", "skill")
    page.click("#open-characters")
    page.click("#character-new")
    add = page.locator(".char-editor .add-item").first
    add.click()
    add.click()
    ids = page.locator(".char-editor [id]").evaluate_all("els => els.map(e => e.id)")
    assert len(ids) == len(set(ids))
    # every label names the input of its own field
    stray = page.locator(".char-editor label[for]").evaluate_all(
        "els => els.filter(l => { const t = document.getElementById(l.htmlFor);"
        " return !t || t.closest('.field') !== l.closest('.field'); }).map(l => l.htmlFor)")
    assert stray == []
    page.click("#character-cancel")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    names = page.locator("#character-picker option").all_inner_texts()
    if "Alrik" in names:
        page.select_option("#character-picker", label="Alrik")
        hint = page.locator(".fill-hint").first
        assert "one of Alrik\u2019s entries" in hint.inner_text()
        page.select_option("#character-picker", value="")
        assert page.locator(".fill-hint").count() == 0


def card_facts(card):
    return dict(card.locator(".fact").evaluate_all(
        "els => els.map(e => [e.dataset.key, e.querySelector('dd').textContent])"))


def test_result_cards_speak_in_words_not_internal_keys(ui):
    page = ui
    set_entered(page, False)
    choose(page, "ax", "flat")
    odds_settled(page)
    card = click_roll(page)
    request = page.evaluate(LAST_REQUEST)
    facts = card_facts(card)
    expected = api.resolve(dict(request, seed=1))
    shown = {f["key"]: f["value"] for f in expected["card"]["facts"] if f.get("key")}
    assert facts["failure_chance"] == shown["failure_chance"] == f"{expected['failure_chance'] * 100:.1f}%"
    choose(page, "ax", "group")
    odds_settled(page)
    assert "_" not in page.locator("#odds").inner_text()
    choose(page, "dungeons_of_olde", "opposed")
    odds_settled(page)
    card = click_roll(page)
    labels = card.locator(".die-label").all_inner_texts()
    assert any("target" in x for x in labels) and any("instigator" in x for x in labels), labels
    assert "sides" not in card_facts(card) and "die" not in card_facts(card)
    choose(page, "freedom_fantasies", "skill")
    set_choice(page, "dc", "10")
    odds_settled(page)
    facts = card_facts(click_roll(page))
    assert "dc_label" not in facts
    assert facts["dc"] == "10 (Challenging)"
    for text in page.locator("#result .result-card").all_inner_texts():
        assert "_" not in text


# -- issue 12: one symptom each, now drawn from the display model -------------------

def make_character(page, name, numbers):
    page.click("#open-characters")
    page.click("#character-new")
    page.fill('.char-editor [data-path="name"] input', name)
    for key, value in numbers.items():
        page.fill(f'.char-editor [data-path="numbers.{key}"] input', str(value))
    add_rows(page, CLIMBING)
    page.click("#character-save")
    page.wait_for_selector(f'#character-list .char-item:has-text("{name}")')
    page.keyboard.press("Escape")


def test_card_and_history_name_the_character_whose_values_filled_the_form(ui):
    """Symptom: the card named the character picked in the header instead of
    the one whose numbers filled the form."""
    page = ui
    choose(page, "dark_eye", "skill")
    set_entered(page, False)
    make_character(page, "Gerda", {"COU": 15, "AGI": 14, "STR": 13})
    make_character(page, "Bo", {"COU": 9})
    page.select_option("#character-picker", value="")  # nobody in the header
    gerda = page.locator('select[data-fill=""] optgroup[label="Gerda"] option', has_text="Climbing")
    gerda.wait_for(state="attached")
    page.locator('select[data-fill=""]').select_option(value=gerda.get_attribute("value"))
    # the header now names someone else: the card still says Gerda
    bo = page.locator("#character-picker option", has_text="Bo").get_attribute("value")
    page.select_option("#character-picker", value=bo)
    fill(page, "modifier", 0)  # a modifier left by an earlier test would be in the line (issue 25)
    odds_settled(page)
    card = click_roll(page)
    context = card.locator(".result-context").inner_text()
    assert "Gerda" in context and "Bo" not in context
    assert "Skill check: Climbing" in context
    page.click("#open-history")
    line = page.locator("#history-list .history-open").first.inner_text()
    assert "Gerda, Climbing (COU/AGI/STR):" in line  # the named skill (issue 15)
    page.keyboard.press("Escape")
    page.select_option("#character-picker", value="")


def test_ax_contest_distribution_columns_increase(ui):
    """Symptom: an [ax] contest distribution listed its columns 3..21 then 2."""
    page = ui
    choose(page, "ax", "contest")
    odds_settled(page)
    charts = page.locator("#odds figure.dist")
    assert charts.count() >= 2
    for i in range(charts.count()):
        xs = [int(x) for x in charts.nth(i).locator(".col").evaluate_all("els => els.map(e => e.dataset.x)")]
        assert xs == sorted(xs) and xs[0] == 2


def test_odds_say_dc_not_dc_in_title_case(ui):
    """Symptom: the odds panel said "Dc: 10"."""
    page = ui
    choose(page, "freedom_fantasies", "skill")
    set_choice(page, "dc", "10")
    odds_settled(page)
    text = page.locator("#odds").inner_text()
    assert "Dc:" not in text and "DC: 10" in text


def test_history_line_has_the_number_that_matters(ui):
    """Symptom: history rows read "Task difficulty near_impossible" with no
    total, rank or skill name."""
    page = ui
    choose(page, "shadows_of_the_unknown", "task")
    set_entered(page, True)
    fill(page, "rating", 10)
    set_choice(page, "difficulty", "near_impossible")
    enter_dice(page, [12])
    card = click_roll(page)
    expected = api.resolve(dict(page.evaluate(LAST_REQUEST), dice=[12]))
    page.click("#open-history")
    row = page.locator("#history-list .history-open").first.inner_text()
    assert expected["line"] in row and "12" in row and "TN" in row
    assert "_" not in row
    page.keyboard.press("Escape")
    set_entered(page, False)


def test_cumulative_and_group_results_are_grouped_with_their_dice(ui):
    """Symptom: a cumulative or group result was one flat grid of dice and a
    list of raw fields ("Member 0, Who hero 1")."""
    page = ui
    set_entered(page, False)
    for check in ("cumulative", "group"):
        choose(page, "dark_eye", check)
        odds_settled(page)
        card = click_roll(page)
        groups = card.locator(".group-part")
        request = page.evaluate(LAST_REQUEST)
        assert groups.count() >= 1
        for i in range(groups.count()):
            assert groups.nth(i).locator(".die").count() in (0, 3)
        assert "Member 0" not in card.inner_text() and "Who " not in card.inner_text()
        assert card.locator(":scope > .dice").count() == 0  # no loose grid: every die is in its part
        assert request["check"] == check


def test_contest_headlines_name_the_winner_and_are_neutral(ui):
    """Symptom: TDE "A wins" and "B wins" were both green while [ax]
    "Side 2 wins" was red."""
    page = ui
    set_entered(page, False)
    for system, check in (("dark_eye", "competitive"), ("ax", "contest")):
        choose(page, system, check)
        odds_settled(page)
        card = click_roll(page)
        assert card.get_attribute("data-tone") == "neutral"
        words = card.locator(".result-outcome").inner_text()
        assert "wins" in words or "nresolved" in words


def test_no_page_errors(ui):
    assert ui.errors == []
