"""The path matrix in the browser (issue 25): one check of each game, and
every follow-up kind of The Dark Eye, through each path a result travels on
the page, each ending on the same card as CPython gives for the same
request and dice (tests/unit/test_paths.py walks every check through the
same paths in Python).

Paths: rolled here (Roll); the same dice typed key by key in the main form
(Resolve); reopened from the history; after a reload; exported, imported
into a fresh profile and reopened; shared with the dice and opened in a
fresh profile. Follow-ups: a fate point rolled here and with entered dice,
aptitude with entered dice (the last field typed "2", "0": issue 25 item 1),
+1 QL; Undo of a spent fate point. Waits are on the page's explicit signals
(data-ui, data-painted, data-saved, data-shared, the entered fields'
data-count)."""


import pytest

from page_tools import (LONG, choose, click_roll, fill, fresh_page, open_page, painted, put_stored, set_entered,
                        stored, wait_result, wait_ui)
from tablecheck import api

pytestmark = pytest.mark.e2e

# One check a game, with values that differ from the form's first ones
GAMES = [
    ("dark_eye", "skill", {"rating": 5}),
    ("freedom_fantasies", "skill", {"bonus": 2}),
    ("shadows_of_the_unknown", "task", {"rating": 7}),
    ("ax", "flat", {"attribute": 3}),
    ("dungeons_of_olde", "check", {"stat": 9}),
    ("dice", "roll", {"expression": "4dF+2"}),
    ("dice", "roll", {"expression": "2d6!!p + 1d10 # fire"}),
]
ROLLED = {}  # game index -> the history entry of its roll (filled by the first test)


def expected_for(entry):
    """CPython's answer for an entry's request and dice."""
    return api.resolve({**entry["request"], "system": entry["system"], "check": entry["check"],
                        "dice": entry["dice"]})


def card_words(card):
    """What a player reads first on a drawn card."""
    key = card.locator(".result-key")
    return {"headline": card.locator(".result-outcome").inner_text().strip(),
            "key": " ".join(key.inner_text().split()) if key.count() else None,
            "summary": card.locator(".result-summary").inner_text().strip()}


def expected_words(answer):
    c = answer["card"]
    return {"headline": c["headline"]["label"],
            "key": f"{c['key']['label']} {c['key']['value']}" if c.get("key") else None,
            "summary": answer["summary"]}


def assert_same_card(card, entry, expected):
    assert card_words(card) == expected_words(expected)
    assert entry["result"]["card"] == expected["card"]
    assert entry["line"] == expected["line"]


def newest(page):
    return stored(page, "history", [])[0]


def face_text(value, spec):
    for f in spec.get("faces", []):
        if f["value"] == value:
            return "-" if f["text"] == "\u2212" else f["text"]
    return str(value)


def type_dice(page, scope, dice, specs):
    """Type each die key by key into its field once the page asks for it."""
    for i, face in enumerate(dice):
        page.wait_for_function(
            "([scope, i]) => { const f = document.querySelector(scope);"
            " return f && !f.hidden && Number(f.dataset.count || 0) > i; }", arg=[scope, i], timeout=LONG)
        field = page.locator(f"{scope} .die-input").nth(i)
        field.click()
        page.keyboard.press("Control+a")
        page.keyboard.press("Backspace")
        page.keyboard.type(face_text(face, specs[i]))
    page.wait_for_function(
        "([scope, n]) => { const f = document.querySelector(scope); return f.dataset.count === String(n)"
        " && [...f.querySelectorAll('.die-input')].every(x => x.value.trim() !== ''); }",
        arg=[scope, len(dice)], timeout=LONG)


def fill_game(page, system, check, values):
    choose(page, system, check)
    for path, value in values.items():
        fill(page, path, value)


@pytest.fixture(scope="module")
def table(browser, site):
    with fresh_page(browser, site.url) as page:
        yield page


@pytest.mark.parametrize("game", range(len(GAMES)), ids=[f"{g[0]}.{g[1]}" for g in GAMES])
def test_rolled_typed_reopened_and_reloaded_give_the_same_card(table, game):
    page = table
    system, check, values = GAMES[game]
    fill_game(page, system, check, values)
    set_entered(page, False)
    card = click_roll(page)
    entry = newest(page)
    expected = expected_for(entry)
    assert_same_card(card, entry, expected)  # rolled here
    ROLLED[game] = entry

    # the same dice typed key by key in the main form, then Resolve
    set_entered(page, True)
    type_dice(page, "#entered-dice", entry["dice"], expected["drawn"])
    before = painted(page)
    page.click("#roll")
    card = wait_result(page, before)
    typed = newest(page)
    assert typed["dice"] == entry["dice"] and typed["source"] == "entered"
    assert_same_card(card, typed, expected)
    set_entered(page, False)

    # reopened from the history, and again after a reload
    for reload in (False, True):
        if reload:
            page.reload()
            wait_ui(page)
        page.click("#open-history")
        page.click(f'.history-open[data-entry="{entry["id"]}"]')
        page.wait_for_selector(f'#result .result-card[data-entry="{entry["id"]}"]', timeout=LONG)
        assert card_words(page.locator("#result .result-card")) == expected_words(expected)


def test_exported_and_imported_into_a_fresh_profile_give_the_same_cards(table, browser, site, tmp_path):
    page = table
    assert len(ROLLED) == len(GAMES)
    page.click("#open-history")
    with page.expect_download() as dl:
        page.click("#history-export")
    path = tmp_path / "history.json"
    dl.value.save_as(path)
    page.keyboard.press("Escape")
    context = browser.new_context(viewport={"width": 768, "height": 1024}, reduced_motion="reduce")
    fresh = open_page(context, site.url)
    fresh.click("#open-history")
    fresh.set_input_files("#history-import", str(path))
    fresh.wait_for_function("document.querySelector('#history-msg').textContent.startsWith('Imported')", timeout=LONG)
    assert "refused" not in fresh.inner_text("#history-msg").lower()
    for entry in ROLLED.values():
        if not fresh.locator("#history-dialog[open]").count():
            fresh.click("#open-history")
        fresh.click(f'.history-open[data-entry="{entry["id"]}"]')
        card = fresh.locator(f'#result .result-card[data-entry="{entry["id"]}"]')
        card.wait_for(timeout=LONG)
        assert card_words(card) == expected_words(expected_for(entry))
    assert fresh.errors == []
    context.close()


def test_shared_with_the_dice_opens_the_same_card_in_a_fresh_profile(table, browser, site):
    page = table
    links = []
    for entry in ROLLED.values():
        page.click("#open-history")
        page.click(f'.history-open[data-entry="{entry["id"]}"]')
        page.wait_for_selector(f'#result .result-card[data-entry="{entry["id"]}"]', timeout=LONG)
        page.click("#share-check")
        page.check("#share-dice")
        page.wait_for_function("document.querySelector('#share-dialog').dataset.ready === 'true'"
                               " && document.querySelector('#share-link').value.includes('#share=')")
        links.append((entry, page.input_value("#share-link")))
        page.keyboard.press("Escape")
    context = browser.new_context(viewport={"width": 768, "height": 1024}, reduced_motion="reduce")
    for entry, link in links:
        other = context.new_page()
        other.errors = []
        other.on("pageerror", lambda e, o=other: o.errors.append(str(e)))
        other.goto(link)
        other.wait_for_selector("html[data-ui=ready][data-shared=result]", timeout=LONG)
        card = other.locator("#result .result-card")
        card.wait_for(timeout=LONG)
        assert card_words(card) == expected_words(expected_for(entry))
        opened = stored(other, "history")[0]
        assert opened["dice"] == entry["dice"] and opened["time"] == entry["time"]  # when it was rolled
        assert other.errors == []
        other.close()
    context.close()


# -- The Dark Eye's follow-ups -------------------------------------------------------------
SHEET = api.catalog()["systems"]["dark_eye"]["sheet"]
HERO = {"id": "c-alrik", "system": "dark_eye", "name": "Alrik",
        "sheet": {"numbers": {**{n["key"]: n["default"] for n in SHEET["numbers"]},
                              "COU": 12, "AGI": 13, "STR": 11, "FtP": 3},
                  "tables": {"skills": [{"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR",
                                         "rating": 4, "aptitude": True}]}}}
CLIMB = {"system": "dark_eye", "check": "skill", "attributes": [12, 13, 11], "rating": 4, "aptitude": True}


@pytest.fixture
def hero_page(browser, site):
    with fresh_page(browser, site.url) as page:
        yield from _with_hero(page)


def _with_hero(page):
    put_stored(page, "characters", [HERO])
    page.reload()
    wait_ui(page)
    choose(page, "dark_eye", "skill")
    page.select_option("#character-picker", label="Alrik")
    opt = page.locator('select[data-fill=""] option', has_text="Climbing").first
    opt.wait_for(state="attached", timeout=LONG)
    page.locator('select[data-fill=""]').select_option(value=opt.get_attribute("value"))
    yield page


def throw(page, dice):
    """The first throw, entered: the card that offers the follow-ups."""
    set_entered(page, True)
    type_dice(page, "#entered-dice", dice, [{}] * len(dice))
    before = painted(page)
    page.click("#roll")
    return wait_result(page, before)


def follow(page, card, label):
    before = painted(page)
    card.locator("button.follow", has_text=label).first.click()
    return before


def fate_points_left(page):
    hero = next(c for c in stored(page, "characters") if c["name"] == "Alrik")
    return 3 - (hero.get("spent") or {}).get("FtP", 0)


def test_fate_point_rerolls_rolled_and_entered_give_the_cards_cpython_gives(hero_page):
    page = hero_page
    card = throw(page, [15, 3, 16])  # a failure: STR 16 is the advised reroll
    first = newest(page)
    # rolled here: the toggle off, the follow-up rolls its own die
    set_entered(page, False)
    wait_result(page, follow(page, card, "Reroll STR 16"))
    entry = newest(page)
    assert entry["request"]["reroll"] == {"rule": "fate_point", "dice": [3]}
    assert entry["dice"][:3] == first["dice"]
    card = page.locator("#result .result-card")
    assert_same_card(card, entry, expected_for(entry))
    # the card after the spend says what is left, and Undo gives it back
    assert fate_points_left(page) == 2
    assert card.locator(".follow-spent .follow-counter").inner_text() == "Alrik: Fate points (FtP) 2 of 3 left"
    assert "rolled here" in card.locator(".result-context").inner_text()
    card.locator('[data-action="undo"]').click()
    page.wait_for_selector(f'#result .result-card[data-entry="{first["id"]}"]', timeout=LONG)
    assert fate_points_left(page) == 3
    undone = next(e for e in stored(page, "history") if e["id"] == entry["id"])
    assert undone["undone"] is True  # kept in the history, marked
    # entered: the new die typed key by key; the pinned Resolve resolves it
    set_entered(page, True)
    card = page.locator("#result .result-card")
    card.locator("button.follow", has_text="Reroll STR 16").first.click()
    scope = "#result .follow-entry .entered"
    type_dice(page, scope, [20], [{}])
    assert page.locator(f"{scope} .die-entry").get_attribute("data-label") == "STR die (reroll)"
    before = painted(page)
    page.click("#roll")  # the bar's Resolve: the follow-up's die, not the form's empty fields
    card = wait_result(page, before)
    entry = newest(page)
    assert entry["dice"] == first["dice"] + [20]
    assert_same_card(card, entry, expected_for(entry))
    assert fate_points_left(page) == 2
    assert page.locator("#entered-dice .field-error:not([hidden])").count() == 0


def test_aptitude_with_a_two_digit_die_keeps_its_field_and_both_digits(hero_page):
    # issue 25 item 1: typing 20 key by key into the last reroll field kept 2
    page = hero_page
    card = throw(page, [5, 19, 4])
    first = newest(page)
    scope = "#result .follow-entry .entered"
    card.locator('.follow-group[aria-label^="Aptitude"] button.follow').first.click()
    page.wait_for_function(f"() => document.querySelector('{scope}')?.dataset.count === '1'", timeout=LONG)
    field = page.locator(f"{scope} .die-input").first
    field.click()
    synced = page.evaluate(f"document.querySelector('{scope}').dataset.synced")
    page.keyboard.type("2")  # a whole throw already: the page resolves it as typed
    page.wait_for_function(f"(s) => document.querySelector('{scope}').dataset.synced !== s", arg=synced,
                           timeout=LONG)
    page.keyboard.type("0")
    assert page.evaluate("document.activeElement.classList.contains('die-input')")
    assert field.input_value() == "20"
    assert page.locator(f"{scope} .die-entry").get_attribute("data-label").endswith("(reroll)")
    before = painted(page)
    page.click('[data-action="resolve-follow"]')
    card = wait_result(page, before)
    entry = newest(page)
    assert entry["dice"] == first["dice"] + [20]
    expected = expected_for(entry)
    assert_same_card(card, entry, expected)
    assert expected["outcome"] == api.resolve(dict(CLIMB, reroll={"rule": "aptitude", "dice": [2]},
                                                   first_throw=[5, 19, 4], dice=[20]))["outcome"]


def test_a_fate_point_for_one_more_ql_travels_like_a_roll(hero_page):
    page = hero_page
    card = throw(page, [3, 4, 5])  # a success
    first = newest(page)
    wait_result(page, follow(page, card, "+1 QL"))
    entry = newest(page)
    assert entry["request"]["fate_point_ql"] is True and entry["dice"] == first["dice"]
    assert_same_card(page.locator("#result .result-card"), entry, expected_for(entry))
    assert fate_points_left(page) == 2


def test_adjust_keeps_fate_dice_as_they_show(table):
    # issue 25 item 2: "Adjust (same dice)" on 4dF+2 filled d3 faces and blocked Resolve
    page = table
    fill_game(page, "dice", "roll", {"expression": "4dF+2"})
    set_entered(page, False)
    card = click_roll(page)
    entry = newest(page)
    card.locator('[data-action="adjust"]').click()
    want = [{-1: "\u2212", 0: "0", 1: "+"}[v] for v in entry["dice"]]
    # the fields are filled after the click (not at once): wait for their values, then compare
    page.wait_for_function("(n) => { const ins = document.querySelectorAll('#entered-dice .die-input');"
                           " return ins.length === n && [...ins].every((e) => e.value !== ''); }",
                           arg=len(want), timeout=LONG)
    shown = page.locator("#entered-dice .die-input").evaluate_all("els => els.map(e => e.value)")
    assert shown == want
    assert page.locator("#entered-dice .field-error:not([hidden])").count() == 0
    fill(page, "expression", "4dF+3")
    before = painted(page)
    page.click("#roll")
    card = wait_result(page, before)
    adjusted = newest(page)
    assert adjusted["dice"] == entry["dice"] and adjusted["adjusted"] is True
    expected = expected_for(adjusted)
    assert expected["total"] == expected_for(entry)["total"] + 1
    assert_same_card(card, adjusted, expected)
