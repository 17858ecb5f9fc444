"""The Dark Eye heroes on the page (issue 27): a player imports an Optolith
hero through the characters panel, taps "Climbing" in the skill check's list
and rolls, with no number typed; offline too. Every hero file of
tests/data/optolith_heroes/ goes through the page's file input: the ones
Optolith 1.x writes are imported (the report shown part by part, as
CPython's api.import_character gives it), the newer character schema is
refused with the API's message. The skill list is in every skill-parameter
group (competitive sides, group members, the skills of a cumulative check)
and in the character editor; a skill of the player's own still takes three
attributes by hand. Waits are on the page's explicit signals: data-ui, the
characters message, the group's data-picked, data-painted / data-saved."""

import json
from pathlib import Path

import pytest

from conftest import wait_controlled
from page_tools import FULL, LONG, SIZES, choose, click_roll, fresh_page, open_page, shot, stored, wait_ui
from tablecheck import api

pytestmark = pytest.mark.e2e

HEROES = Path(__file__).resolve().parents[1] / "data" / "optolith_heroes"
OPTOLITH = sorted(p for p in HEROES.glob("*.json") if "clientVersion" in json.loads(p.read_text()))
OTHER = sorted(p for p in HEROES.glob("*.json") if p not in OPTOLITH)
FILE_INPUT = "#characters-import-optolith"


def imported(path):
    """CPython's import of a hero file: {system, character, report}."""
    return api.import_character({"system": "dark_eye", "format": "optolith", "data": json.loads(path.read_text())})


def refusal(path):
    with pytest.raises(api.InvalidRequest) as caught:
        imported(path)
    return caught.value


def climbing(character):
    """What the hero's sheet says of Climbing: (attributes, names, rating, aptitude)."""
    row = next(r for r in character["sheet"]["tables"]["skills"] if r["name"] == "Climbing")
    names = [row["a1"], row["a2"], row["a3"]]
    return [character["sheet"]["numbers"][n] for n in names], names, row["rating"], row["aptitude"]


def import_file(page, path):
    """The file through the characters panel's Optolith input; the message."""
    if not page.locator("#characters-dialog[open]").count():
        choose(page, "dark_eye", "skill")
        page.click("#open-characters")
    page.wait_for_selector(f"{FILE_INPUT}-btn")
    before = page.inner_text("#characters-msg")
    page.set_input_files(FILE_INPUT, str(path))
    page.wait_for_function(
        "(before) => { const m = document.querySelector('#characters-msg');"
        " return m.textContent !== before && m.dataset.state !== 'busy'; }", arg=before, timeout=LONG)
    return page.inner_text("#characters-msg")


def use(page, name):
    page.click(f'#character-list button[aria-label="Use {name}"]')
    page.wait_for_function("(n) => document.querySelector('#character-picker').selectedOptions[0].textContent === n",
                           arg=name)


def pick(page, group, name, path=""):
    """Tap the group's list button, then the skill: no key pressed."""
    scope = page.locator(f'[data-field="{group}"]').first
    field = scope.locator(f'[data-field="{path}skill"]')
    field.locator("[data-picker-toggle]").click()
    field.locator(f'[role=option][data-value="{name}"]').click()
    page.wait_for_function(
        "([g, n]) => { const r = document.querySelector(`[data-field=\"${g}\"]`); return r && r.dataset.picked === n; }",
        arg=[group, name], timeout=LONG)


def form_values(page, path=""):
    """The skill group's fields as the page shows them."""
    values = [page.input_value(f'input[data-path="{path}attributes[{i}]"]') for i in range(3)]
    names = [page.input_value(f'select[data-path="{path}names[{i}]"]') for i in range(3)]
    out = {"attributes": [int(v) for v in values], "names": names, "skill": page.input_value(f'input[data-path="{path}skill"]')}
    if page.locator(f'input[data-path="{path}rating"]').count():
        out["rating"] = int(page.input_value(f'input[data-path="{path}rating"]'))
    if page.locator(f'input[data-path="{path}aptitude"]').count():
        out["aptitude"] = page.is_checked(f'input[data-path="{path}aptitude"]')
    return out


def report_lines(page):
    """The report as shown: [(heading, [line])]."""
    return page.evaluate(
        "() => [...document.querySelectorAll('#characters-import-report .import-part')].map((s) =>"
        " [s.querySelector('.refused-title').textContent, [...s.querySelectorAll('li')].map((li) => li.textContent)])")


def expected_report(report):
    heads = {"imported": "Imported", "skipped": "Left out", "refused": "Not understood"}
    out = []
    for status, head in heads.items():
        lines = [f"{r['what']} \u2014 {r['why']}" for r in report if r["status"] == status]
        if lines:
            out.append([f"{head} ({len(lines)}):", lines])
    return out


def roll_and_compare(page):
    """Roll; the card and the stored entry are CPython's for the request and dice the page stored."""
    card = click_roll(page)
    entry = stored(page, "history")[0]
    expected = api.resolve({**entry["request"], "system": "dark_eye", "check": "skill", "dice": entry["dice"]})
    assert entry["result"]["card"] == expected["card"] and entry["line"] == expected["line"]
    assert card.locator(".result-outcome").inner_text().strip() == expected["card"]["headline"]["label"]
    return entry


def import_pick_and_roll(page, path):
    answer = imported(path)
    hero = answer["character"]
    msg = import_file(page, path)
    assert msg == f"Imported {hero['name']}. Nothing already stored was changed."
    assert report_lines(page) == expected_report(answer["report"])
    [record] = [c for c in stored(page, "characters") if c["name"] == hero["name"]]
    assert record["sheet"] == hero["sheet"] and record["id"] == hero["id"]
    page.click("#characters-import-use")  # "Use <name>", right under the message; closes the panel
    page.wait_for_function("(n) => document.querySelector('#character-picker').selectedOptions[0].textContent === n",
                           arg=hero["name"])
    pick(page, "", "Climbing")
    attributes, names, rating, aptitude = climbing(hero)
    assert form_values(page) == {"attributes": attributes, "names": names, "skill": "Climbing",
                                 "rating": rating, "aptitude": aptitude}
    entry = roll_and_compare(page)
    assert {k: entry["request"][k] for k in ("skill", "attributes", "names", "rating", "aptitude")} == {
        "skill": "Climbing", "attributes": attributes, "names": names, "rating": rating, "aptitude": aptitude}
    assert entry["request"]["characters"] == {"": hero["name"]}
    return entry


@pytest.mark.parametrize("path", OPTOLITH, ids=[p.stem for p in OPTOLITH])
def test_an_optolith_hero_imported_then_climbing_tapped_and_rolled_with_no_number_typed(browser, site, path):
    with fresh_page(browser, site.url) as page:
        import_pick_and_roll(page, path)


def test_offline_a_hero_is_imported_and_climbing_rolled(browser, site):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    try:
        page = open_page(context, site.url)
        wait_controlled(page)
        context.set_offline(True)
        page.reload()
        wait_ui(page)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        import_pick_and_roll(page, OPTOLITH[0])
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("path", OTHER, ids=[p.stem for p in OTHER])
def test_a_file_that_is_not_an_optolith_hero_is_refused_with_the_apis_message(browser, site, path):
    error = refusal(path)
    assert error.field == "data"
    with fresh_page(browser, site.url) as page:
        msg = import_file(page, path)
        assert msg == f"Import refused: {path.name} {error.message}. Nothing was changed."
        assert stored(page, "characters") == [] and page.inner_text("#characters-import-report") == ""


def test_json_that_is_no_hero_and_text_that_is_no_json_are_refused_naming_why(browser, site, tmp_path):
    export = tmp_path / "characters.json"
    export.write_text(json.dumps({"format": "tablecheck-characters", "version": 1, "characters": []}))
    broken = tmp_path / "hero.json"
    broken.write_text('{"name": "Alrike", ')
    bad_value = tmp_path / "bad.json"
    hero = json.loads(OPTOLITH[0].read_text())
    hero["attr"]["values"][2] = {"id": "ATTR_3", "value": 99}
    bad_value.write_text(json.dumps(hero))
    with fresh_page(browser, site.url) as page:
        error = refusal(export)
        assert import_file(page, export) == f"Import refused: characters.json {error.message}. Nothing was changed."
        assert import_file(page, broken) == "Import refused: hero.json is not valid JSON. Nothing was changed."
        error = refusal(bad_value)
        assert error.field == "data.attr.values[2].value"
        assert import_file(page, bad_value) == (
            f"Import refused: bad.json, attr.values[2].value: {error.message}. Nothing was changed.")
        assert stored(page, "characters") == []


def test_a_hero_chosen_in_the_tablecheck_import_is_pointed_to_the_optolith_button(browser, site):
    with fresh_page(browser, site.url) as page:
        choose(page, "dark_eye", "skill")
        page.click("#open-characters")
        page.set_input_files("#characters-import", str(OPTOLITH[0]))
        page.wait_for_function("() => document.querySelector('#characters-msg').dataset.state === 'error'")
        assert page.inner_text("#characters-msg") == (
            'Import refused: The file is not a tablecheck characters file (its "format" is not "tablecheck-characters").'
            " For another tool's file use \u201cImport Optolith hero (JSON)\u2026\u201d. Nothing was changed.")
        assert stored(page, "characters") == []


def test_the_same_hero_again_is_not_added_and_a_changed_one_arrives_as_a_copy(browser, site, tmp_path):
    path = OPTOLITH[0]
    hero = imported(path)["character"]
    changed = json.loads(path.read_text())
    changed["talents"]["TAL_3"] = changed["talents"].get("TAL_3", 0) + 3
    later = tmp_path / "later.json"
    later.write_text(json.dumps(changed))
    with fresh_page(browser, site.url) as page:
        import_file(page, path)
        assert import_file(page, path) == f"{hero['name']} is already here, unchanged: nothing was added."
        copy = f"{hero['name']} (imported)"
        assert import_file(page, later) == (f"Imported {hero['name']} as \u201c{copy}\u201d, beside the {hero['name']}"
                                            " already here (it differs). Nothing already stored was changed.")
        records = {c["name"]: c for c in stored(page, "characters")}
        assert set(records) == {hero["name"], copy}
        assert records[hero["name"]]["sheet"] == hero["sheet"]  # the one stored first is as it was
        assert climbing(records[copy])[2] == climbing(hero)[2] + 3
        # the copy fills the form with its own rating
        use(page, copy)
        pick(page, "", "Climbing")
        assert form_values(page)["rating"] == climbing(hero)[2] + 3


def test_a_side_filled_from_a_hero_takes_that_heros_climbing_when_it_is_picked(browser, site):
    hero = imported(OPTOLITH[0])["character"]
    attributes, names, rating, _ = climbing(hero)
    with fresh_page(browser, site.url) as page:
        import_file(page, OPTOLITH[0])
        page.keyboard.press("Escape")
        page.wait_for_function("!document.querySelector('dialog[open]')")
        choose(page, "dark_eye", "competitive")
        side_a = form_values(page, "a.")
        menu = page.locator('select[data-fill="b"]')
        page.wait_for_function("() => document.querySelectorAll('select[data-fill=\"b\"] option').length > 1")
        menu.select_option(label=next(o for o in menu.locator("option").all_inner_texts() if o.startswith("Perception")))
        pick(page, "b", "Climbing", "b.")
        assert form_values(page, "b.") == {"attributes": attributes, "names": names, "skill": "Climbing", "rating": rating}
        assert form_values(page, "a.") == side_a
        card = click_roll(page)
        entry = stored(page, "history")[0]
        expected = api.resolve({**entry["request"], "system": "dark_eye", "check": "competitive", "dice": entry["dice"]})
        assert entry["result"]["card"] == expected["card"] and entry["line"] == expected["line"]
        assert entry["request"]["characters"] == {"b": hero["name"]} and entry["request"]["labels"] == {"b": "Climbing"}
        assert card.locator(".result-outcome").inner_text().strip() == expected["card"]["headline"]["label"]


def test_with_storage_full_the_import_says_so_and_stores_nothing(browser, site):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    context.add_init_script(FULL)
    try:
        page = open_page(context, site.url)
        page.evaluate("window.__full = true")
        hero = imported(OPTOLITH[0])["character"]
        assert import_file(page, OPTOLITH[0]) == (f"Import failed: this browser\u2019s storage is full, so {hero['name']}"
                                                   " could not be stored. Nothing was changed.")
        assert page.inner_text("#characters-import-report") == ""
        page.evaluate("window.__full = false")
        page.reload()
        wait_ui(page)
        assert stored(page, "characters") == []
    finally:
        context.close()


# -- the list in every skill group, a skill of one's own, the editor -------------------------------

GROUPS = [("skill", "", ""), ("competitive", "b", "b."), ("cumulative", "", ""), ("cumulative_skills", "skills[0]", "skills[0]."),
          ("group", "members[0]", "members[0]."), ("group_competitive", "b[0]", "b[0].")]


@pytest.fixture(scope="module")
def table(browser, site):
    with fresh_page(browser, site.url) as page:
        yield page


@pytest.mark.parametrize("check,group,path", GROUPS, ids=[g[0] for g in GROUPS])
def test_every_skill_group_offers_the_list_and_a_pick_names_its_attributes(table, check, group, path):
    page = table
    choose(page, "dark_eye", check)
    others = page.evaluate("(p) => [...document.querySelectorAll('select.attr-select')]"
                           ".filter((s) => !s.dataset.path.startsWith(p)).map((s) => s.value)", path)
    pick(page, group, "Swimming", path)
    values = form_values(page, path)
    assert values["names"] == ["AGI", "CON", "STR"] and values["skill"] == "Swimming"
    # the other groups' attributes are as they were
    assert page.evaluate("(p) => [...document.querySelectorAll('select.attr-select')]"
                         ".filter((s) => !s.dataset.path.startsWith(p)).map((s) => s.value)", path) == others


def test_typing_searches_the_list_and_a_skill_of_ones_own_keeps_its_attributes(table):
    page = table
    choose(page, "dark_eye", "skill")
    field = page.locator('[data-field="skill"]')
    box = field.locator("input")
    box.fill("")
    box.type("kletter")  # the German name finds it too
    options = field.locator("[role=option]")
    assert options.all_inner_texts() and options.first.get_attribute("data-value") == "Climbing"
    box.fill("")
    box.type("treat")
    assert field.locator("[role=option]").evaluate_all("(o) => o.map((x) => x.dataset.value)") == [
        "Treat Poison", "Treat Disease", "Treat Soul", "Treat Wounds"]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('[data-field=\"\"]').dataset.picked === 'Treat Disease'")
    assert form_values(page)["names"] == ["COU", "INT", "CON"]
    # a name of one's own: the list says none matches, the attributes are chosen by hand
    box.fill("")
    box.type("Fire Dance")
    assert field.locator(".picker-empty").inner_text().startswith("No core skill matches")
    page.keyboard.press("Escape")
    for i, name in enumerate(["COU", "CHA", "AGI"]):
        page.select_option(f'select[data-path="names[{i}]"]', name)
    page.locator('input[data-path="rating"]').click()  # the name field is left: no pick
    assert form_values(page)["names"] == ["COU", "CHA", "AGI"] and form_values(page)["skill"] == "Fire Dance"
    # a core skill's name typed in full and left is the same as picking it
    box.fill("")
    box.type("perception")
    page.locator('input[data-path="rating"]').click()
    page.wait_for_function("() => document.querySelector('[data-field=\"\"]').dataset.picked === 'Perception'")
    assert form_values(page)["names"] == ["SGC", "INT", "INT"] and form_values(page)["skill"] == "Perception"


def test_the_editor_offers_the_list_and_a_skill_of_ones_own_takes_three_attributes(table):
    page = table
    choose(page, "dark_eye", "skill")
    page.click("#open-characters")
    page.click("#character-new")
    page.fill('.char-editor [data-path="name"] input', "Gerda")
    for key, value in {"AGI": 14, "CON": 11, "STR": 13}.items():
        page.fill(f'.char-editor [data-path="numbers.{key}"] input', str(value))
    box = page.locator('.char-editor fieldset[data-table="skills"]')
    box.locator(":scope > .add-item").click()
    row = box.locator(".row").last
    row.locator("[data-picker-toggle]").click()
    row.locator('[role=option][data-value="Climbing"]').click()
    cells = [row.locator(f'[data-path="tables.skills[?].a{i}"] select') for i in (1, 2, 3)]
    assert [c.input_value() for c in cells] == ["COU", "AGI", "STR"]
    row.locator('[data-path="tables.skills[?].rating"] input').fill("7")
    # a skill of one's own
    box.locator(":scope > .add-item").click()
    own = box.locator(".row").last
    own.locator('[data-path="tables.skills[?].name"] input').fill("Fire Dance")
    for i, name in zip((1, 2, 3), ["COU", "CHA", "AGI"]):
        own.locator(f'[data-path="tables.skills[?].a{i}"] select').select_option(name)
    page.click("#character-save")
    page.wait_for_selector('#character-list .char-item:has-text("Gerda")')
    gerda = next(c for c in stored(page, "characters") if c["name"] == "Gerda")
    assert gerda["sheet"]["tables"]["skills"] == [
        {"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 7, "aptitude": False},
        {"name": "Fire Dance", "a1": "COU", "a2": "CHA", "a3": "AGI", "rating": 4, "aptitude": False}]
    # Gerda's own skill is in the fill menu; a core skill she has no row of fills her attributes only
    use(page, "Gerda")
    page.fill('input[data-path="rating"]', "9")
    pick(page, "", "Swimming")
    assert form_values(page)["attributes"] == [14, 11, 13]
    assert form_values(page)["rating"] == 9  # not on her sheet: as it was
    pick(page, "", "Climbing")
    assert form_values(page) | {"skill": None} == {"attributes": [12, 14, 13], "names": ["COU", "AGI", "STR"],
                                                   "rating": 7, "aptitude": False, "skill": None}


# -- screenshots ---------------------------------------------------------------------------------

@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_screenshots_of_the_skill_list_and_the_import_report(browser, site, size):
    width, height = SIZES[size]
    with fresh_page(browser, site.url, width, height) as page:
        import_file(page, OPTOLITH[0])
        shot(page, f"optolith-import-report-{width}x{height}")
        hero = imported(OPTOLITH[0])["character"]
        use(page, hero["name"])
        field = page.locator('[data-field="skill"]')
        field.locator("[data-picker-toggle]").click()
        page.wait_for_selector('[data-field="skill"] .picker-list:not([hidden])')
        field.scroll_into_view_if_needed()
        shot(page, f"skill-list-{width}x{height}")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        # the editor's new skill row, its list open
        page.click("#open-characters")
        page.click("#character-new")
        box = page.locator('.char-editor fieldset[data-table="skills"]')
        box.locator(":scope > .add-item").click()
        box.locator(".row").last.locator("[data-picker-toggle]").click()
        box.locator(".row").last.locator(".picker-list:not([hidden])").scroll_into_view_if_needed()
        shot(page, f"editor-skill-list-{width}x{height}")
