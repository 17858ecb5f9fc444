"""Issue 25, items 5-10 (a game master's evening at 1024x768 with touch, some
screens at 768x1024): the form, the card's place and its words, in a real
browser against the built site, with real clicks and the page's DOM.

5. A hero added with "Add hero" gets its "Fill from character" at once.
6. A modifier is on the card and in the history line (a search for
   "Climbing -2" finds the roll); filling the form from a character keeps a
   modifier only visibly, with one tap back.
7. After a roll the odds of a changed form sit right under the card, which
   folds to its headline (in view at 1024x768); a shared link opened at
   768x1024 lands on the result's headline.
8. A new character has no sample skills; Edit on a saved check shows its
   values; a saved check's chip says what it replaced, with Undo; the
   history's character filter lists characters only; checkboxes are 24 px
   in a 44 px row.
9. The competitive summary names the sides; a contest's odds bar has a
   colour per outcome; every disclosure has a marker; "1 saved check".
10. No console error or warning on any check's form (the numeric fields'
   `pattern` compiles under the `v` flag).
"""

import base64
import json

import pytest

pytest.importorskip("playwright.sync_api")

from tablecheck import api  # noqa: E402
from page_tools import (CLIMBING, LAST_ODDS_REQUEST, LAST_REQUEST, LONG, SHOTS, choose, click_roll, fill, make_character, new_character,  # noqa: E402
                        fresh_page, odds_settled, painted, save_check, set_entered, stored,
                        wait_result)
from evening import fill_from, head_in_view  # noqa: E402

pytestmark = pytest.mark.e2e

SKILL = {"attributes": [12, 13, 14], "rating": 6}


@pytest.fixture
def fresh(browser, site):
    """A page of its own (nothing stored) at 1024x768."""
    with fresh_page(browser, site.url) as page:
        yield page


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def use(page, name):
    page.select_option("#character-picker", label=name)


def card_facts(card):
    return dict(card.locator(".fact").evaluate_all(
        "els => els.map(e => [e.querySelector('dt').textContent, e.querySelector('dd').textContent])"))


def tap_chip(page, name):
    before = painted(page)
    page.click(f'#saved-strip .saved-chip:text-is("{name}")')
    return wait_result(page, before)


def share_link(site, system, check, request, dice):
    payload = {"v": 1, "system": system, "check": check, "request": request, "dice": dice}
    text = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    return f"{site.url}#share={text}"


# -- 5 ---------------------------------------------------------------------------------

def test_a_hero_added_with_add_hero_can_be_filled_from_a_character_at_once(fresh):
    page = fresh
    choose(page, "dark_eye", "group")
    make_character(page, "Gerda", {"COU": 15, "AGI": 14, "STR": 13}, CLIMBING)
    n = page.locator(".list-field[data-field=members] .list-item").count()
    add = page.locator(".list-field[data-field=members] > .add-item")
    assert add.inner_text() == "Add hero"
    add.click()
    path = f"members[{n}]"
    # no reload: the new hero's fill menu is there, with Gerda's skills
    page.wait_for_selector(f'.fill:not([hidden]) select[data-fill="{path}"]', timeout=10_000)
    fill_from(page, path, "Gerda", "Climbing")
    assert [page.input_value(f'input[data-path="{path}.attributes[{i}]"]') for i in range(3)] == ["15", "14", "13"]
    assert page.input_value(f'input[data-path="{path}.name"]') == "Gerda"


# -- 6 ---------------------------------------------------------------------------------

def test_a_modifier_is_on_the_card_and_in_the_line_and_the_history_finds_climbing_minus_2(fresh):
    page = fresh
    choose(page, "dark_eye", "skill")
    set_entered(page, False)
    make_character(page, "Alrik", {"COU": 14, "AGI": 13, "STR": 12}, CLIMBING)
    use(page, "Alrik")
    fill_from(page, "", "Alrik", "Climbing")
    fill(page, "modifier", -2)
    odds_settled(page)
    card = click_roll(page)
    assert card_facts(card)["Modifier"] == "-2"
    entry = stored(page, "history")[0]
    again = api.resolve({**entry["request"], "system": "dark_eye", "check": "skill", "dice": entry["dice"]})
    assert entry["line"] == again["line"] and entry["line"].startswith("Alrik, Climbing (COU/AGI/STR) -2: ")
    # a roll without the modifier, then the search
    fill(page, "modifier", 0)
    odds_settled(page)
    click_roll(page)
    page.click("#open-history")
    page.fill("#history-search", "Climbing -2")
    page.wait_for_function("document.querySelector('#history-shown').textContent === '1 of 2 entries match.'")
    assert page.locator("#history-list .history-open").evaluate_all("els => els.map(e => e.dataset.entry)") == [entry["id"]]
    page.keyboard.press("Escape")


def test_filling_from_a_character_after_a_saved_check_keeps_its_modifier_only_visibly(fresh):
    page = fresh
    choose(page, "dark_eye", "skill")
    set_entered(page, False)
    make_character(page, "Alrik", {"COU": 14, "AGI": 13, "STR": 12}, CLIMBING)
    make_character(page, "Gerda", {"COU": 15, "AGI": 14, "STR": 13}, CLIMBING)
    use(page, "Alrik")
    fill_from(page, "", "Alrik", "Climbing")
    fill(page, "modifier", -2)
    save_check(page, "Alrik: Climbing -2")
    fill(page, "modifier", 0)
    tap_chip(page, "Alrik: Climbing -2")
    assert page.input_value('input[data-path="modifier"]') == "-2"
    # another character fills the form: the -2 stays, and the form says so
    use(page, "Gerda")
    fill_from(page, "", "Gerda", "Climbing")
    assert page.input_value('input[data-path="rating"]') == "4"
    note = page.locator(".kept-note")
    note.wait_for(state="visible", timeout=10_000)
    assert "Kept from before: Modifier -2" in note.inner_text()
    assert "kept" in page.locator('.field[data-field="modifier"]').get_attribute("class")
    shot(page, "kept-modifier-1024x768")
    note.locator(".kept-reset").click()
    assert page.input_value('input[data-path="modifier"]') == "0"
    assert page.locator(".kept-note").count() == 0
    assert "kept" not in page.locator('.field[data-field="modifier"]').get_attribute("class")
    odds_settled(page)
    assert page.evaluate(LAST_ODDS_REQUEST)["modifier"] == 0


# -- 7 ---------------------------------------------------------------------------------

def rect(page, selector):
    return page.evaluate("(s) => { const b = document.querySelector(s).getBoundingClientRect();"
                         " return {top: b.top, bottom: b.bottom, height: innerHeight}; }", selector)


@pytest.mark.parametrize("width,height", [(1024, 768), (768, 1024)], ids=["landscape", "portrait"])
def test_after_a_roll_the_odds_of_a_changed_form_sit_right_under_the_folded_card(fresh, width, height):
    page = fresh
    page.set_viewport_size({"width": width, "height": height})
    choose(page, "dark_eye", "skill")
    set_entered(page, False)
    odds_settled(page)
    click_roll(page)
    page.wait_for_function("() => { const h = document.querySelector('#result .result-card .result-head').getBoundingClientRect();"
                           " return h.top >= 0 && h.bottom <= innerHeight; }", timeout=10_000)
    assert head_in_view(page)["visible"]
    fill(page, "modifier", -3)
    odds_settled(page)
    card, odds = rect(page, "#result .result-card"), rect(page, "#odds")
    assert card["bottom"] <= odds["top"] <= card["bottom"] + 200, (card, odds)
    assert page.locator("#result .result-card.folded").count() == 1
    if width > height:
        # beside the form: the new odds are on screen, nothing covers them
        bar = rect(page, "#odds .stackbar")
        assert 0 <= bar["top"] and bar["bottom"] <= height, bar
        assert page.evaluate("() => { const b = document.querySelector('#odds .stackbar').getBoundingClientRect();"
                             " const at = document.elementFromPoint(b.left + 10, b.top + b.height / 2);"
                             " return !!at && !!at.closest('#odds'); }")
    shot(page, f"folded-card-{width}x{height}")
    # the whole card one tap away; the form back as it was: the card unfolds
    page.click("#result .card-unfold")
    assert page.locator("#result .result-card .result-summary").is_visible()
    fill(page, "modifier", 0)
    page.wait_for_selector("#result .result-card:not(.folded)")
    card = click_roll(page)
    assert "folded" not in card.get_attribute("class")


def test_a_shared_link_opened_in_portrait_lands_on_the_results_headline(browser, site):
    request = {"attributes": [12, 13, 14], "rating": 6}
    rolled = api.resolve({"system": "dark_eye", "check": "cumulative", **request, "seed": 3})
    link = share_link(site, "dark_eye", "cumulative", request, [d["value"] for d in rolled["rolls"]])
    context = browser.new_context(viewport={"width": 768, "height": 1024})  # motion allowed: a smooth scroll
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector("html[data-shared=result]", timeout=LONG)
    odds_settled(page)
    page.wait_for_function("""() => { const h = document.querySelector('#result .result-card .result-head').getBoundingClientRect();
        const o = document.querySelector('#odds').getBoundingClientRect();
        return h.top >= 0 && h.bottom <= innerHeight && o.top >= h.bottom; }""", timeout=10_000)
    assert head_in_view(page)["visible"]
    assert page.inner_text("#result .result-outcome") == rolled["card"]["headline"]["label"]
    shot(page, "shared-link-768x1024")
    context.close()


# -- 8 ---------------------------------------------------------------------------------

def table_box(page, label):
    return page.locator(".char-editor fieldset.char-table", has=page.locator("legend", has_text=label))


@pytest.mark.parametrize("system,check", [("dark_eye", "skill"), ("shadows_of_the_unknown", "task"),
                                          ("ax", "flat"), ("dungeons_of_olde", "check")])
def test_a_new_character_starts_without_sample_skills(fresh, system, check):
    page = fresh
    choose(page, system, check)
    page.click("#open-characters")
    page.click("#character-new")
    skills = table_box(page, "Skills")
    assert skills.locator(".row").count() == 0
    assert skills.locator(".table-empty").inner_text() == "None yet in Skills: tap \u201cAdd skill\u201d to add one."
    # the game's named attributes or stats (what a skill refers to) are the sheet, not samples
    named = {"shadows_of_the_unknown": "Attributes", "ax": "Attributes", "dungeons_of_olde": "Stats"}.get(system)
    if named:
        sheet = api.catalog()["systems"][system]["sheet"]
        rows = next(t for t in sheet["tables"] if t["label"] == named)["defaults"]
        assert table_box(page, named).locator(".row").count() == len(rows) > 0
    skills.locator(":scope > .add-item").click()
    assert skills.locator(".row").count() == 1 and not skills.locator(".table-empty").is_visible()
    page.click("#character-cancel")
    page.keyboard.press("Escape")


def test_edit_on_a_saved_check_shows_its_values_in_its_form(fresh):
    page = fresh
    choose(page, "dark_eye", "skill")
    fill(page, "rating", 9)
    fill(page, "modifier", -2)
    save_check(page, "Sneak -2")
    fill(page, "rating", 5)
    fill(page, "modifier", 0)
    page.click("#open-saved")
    page.click('button[aria-label="Edit Sneak -2"]')
    page.wait_for_selector("#save-check-dialog[open]")
    what = page.inner_text("#saved-what")
    assert "Modifier -2" in what and "Skill rating (SR) 9" in what, what
    assert page.input_value('input[data-path="modifier"]') == "-2"
    assert page.input_value('input[data-path="rating"]') == "9"
    page.click("#saved-cancel")
    # it replaced a changed form: said, with Undo
    assert page.locator("#form-notice").is_visible()
    page.click("#form-undo")
    assert page.input_value('input[data-path="modifier"]') == "0"
    assert page.input_value('input[data-path="rating"]') == "5"


def test_a_saved_checks_chip_says_what_it_replaced_and_undo_puts_it_back(fresh):
    page = fresh
    choose(page, "dark_eye", "skill")
    set_entered(page, False)
    fill(page, "modifier", -2)
    save_check(page, "Climb -2")
    fill(page, "modifier", 1)
    fill(page, "rating", 8)
    tap_chip(page, "Climb -2")
    notice = page.locator("#form-notice")
    assert notice.is_visible()
    text = notice.inner_text()
    assert "Climb -2" in text and "Modifier 1" in text and "Skill rating (SR) 8" in text, text
    assert page.input_value('input[data-path="modifier"]') == "-2"
    shot(page, "saved-chip-notice-1024x768")
    page.click("#form-undo")
    assert page.input_value('input[data-path="modifier"]') == "1"
    assert page.input_value('input[data-path="rating"]') == "8"
    assert not notice.is_visible()
    # a form at its first values loses nothing: no note
    page.click("#reset-form")
    tap_chip(page, "Climb -2")
    assert not notice.is_visible()


def test_a_saved_check_of_another_check_of_the_game_rolls_from_its_chip(fresh):
    """The chip of a saved check of another check of the game (the form shows
    the attribute check, the chip is a skill check's): one tap puts it in its
    own form and rolls it, and says what it replaced there (the values kept
    for that check). It used to throw (a store that was gone) and do nothing."""
    page = fresh
    choose(page, "dark_eye", "skill")
    set_entered(page, False)
    fill(page, "modifier", -2)
    save_check(page, "Climb -2")
    fill(page, "modifier", 1)
    choose(page, "dark_eye", "attribute")
    tap_chip(page, "Climb -2")
    page.wait_for_selector(".check-form[data-system=dark_eye][data-check=skill]")
    assert page.input_value('input[data-path="modifier"]') == "-2"
    assert page.evaluate(LAST_REQUEST)["modifier"] == -2
    text = page.locator("#form-notice").inner_text()
    assert "Climb -2" in text and "Modifier 1" in text, text


def history_entry(i, request, seed=1):
    answer = api.resolve({**request, "seed": seed})
    assert "error" not in answer, answer
    kept = {k: v for k, v in request.items() if k not in ("system", "check")}
    return {"id": f"h-seams-{i}", "time": f"2026-12-01T20:{10 + i:02d}:00.000Z", "system": request["system"],
            "check": request["check"], "character": answer["card"].get("subject"), "request": kept,
            "dice": [d["value"] for d in answer["rolls"]], "source": "seeded", "line": answer["line"], "result": answer}


def test_the_history_character_filter_lists_characters_only(fresh, tmp_path):
    page = fresh
    ff_target = {"finesse": 2, "flair": 1, "defense": 1, "hit_points": 6}
    entries = [
        history_entry(0, {"system": "dark_eye", "check": "competitive", "a": SKILL, "b": SKILL,
                          "characters": {"a": "Alrik", "b": "Gerda"}}),
        history_entry(1, {"system": "dark_eye", "check": "group", "members": [SKILL, SKILL],
                          "characters": {"members[0]": "Alrik", "members[1]": "Gerda"}}),
        history_entry(2, {"system": "freedom_fantasies", "check": "attack", "bonus": 2, "target": ff_target,
                          "characters": {"": "Mira", "target": "Goblin"}}),
    ]
    assert {e["character"] for e in entries} >= {"Alrik vs Gerda", "Alrik and Gerda"}
    path = tmp_path / "history.json"
    path.write_text(json.dumps({"format": "tablecheck-history", "version": 1, "entries": entries}))
    page.click("#open-history")
    page.set_input_files("#history-import", str(path))
    page.wait_for_function("document.querySelector('#history-msg').textContent.startsWith('Imported 3 entries')")
    options = page.locator("#history-filter-character option").all_inner_texts()
    assert options == ["Everyone", "Alrik", "Gerda", "Mira"]
    # the target's name still finds its entry in a search
    page.fill("#history-search", "goblin")
    page.wait_for_function("document.querySelector('#history-shown').textContent === '1 of 3 entries match.'")
    page.keyboard.press("Escape")


def box_of(page, selector):
    return page.locator(selector).bounding_box()


def test_checkboxes_are_24px_boxes_in_44px_rows(fresh):
    page = fresh
    choose(page, "dark_eye", "skill")
    set_entered(page, False)
    # the character editor's Aptitude column
    page.click("#open-characters")
    page.click("#character-new")
    table_box(page, "Skills").locator(":scope > .add-item").click()
    box = page.locator(".char-editor input[type=checkbox]").first
    b = box.bounding_box()
    assert b["width"] >= 24 and b["height"] >= 24, b
    field = box.locator("xpath=..").bounding_box()
    assert field["height"] >= 44, field
    page.click("#character-cancel")
    page.keyboard.press("Escape")
    # the edit sheet's Replace box and the share sheet's dice box
    save_check(page, "Plain")
    page.click("#open-saved")
    page.click('button[aria-label="Edit Plain"]')
    for sel in ("#saved-replace",):
        b = box_of(page, sel)
        assert b["width"] >= 24 and b["height"] >= 24, (sel, b)
        assert box_of(page, f'label:has({sel})')["height"] >= 44
    page.click("#saved-cancel")
    click_roll(page)
    page.click("#share-check")
    page.wait_for_selector("#share-dialog[open]")
    b = box_of(page, "#share-dice")
    assert b["width"] >= 24 and b["height"] >= 24, b
    assert box_of(page, 'label[for="share-dice"]')["height"] >= 44
    page.keyboard.press("Escape")


# -- 9 ---------------------------------------------------------------------------------

def test_the_competitive_summary_names_the_sides(fresh):
    page = fresh
    choose(page, "dark_eye", "competitive")
    set_entered(page, False)
    page.fill('input[data-party="a"]', "Alrik")
    page.fill('input[data-party="b"]', "Gerda")
    odds_settled(page)
    card = click_roll(page)
    entry = stored(page, "history")[0]
    want = api.resolve({**entry["request"], "system": "dark_eye", "check": "competitive", "dice": entry["dice"]})
    summary = card.locator(".result-summary").inner_text()
    assert summary == want["card"]["summary"]
    assert "Alrik: " in summary and "Gerda: " in summary
    assert "A:" not in summary and "B:" not in summary and " A " not in summary and " B " not in summary


def segment_paint(page):
    return page.locator("#odds .stackbar .part").evaluate_all(
        "els => els.map(e => { const s = getComputedStyle(e); return s.backgroundColor + ' ' + s.filter; })")


@pytest.mark.parametrize("system,check", [("dark_eye", "competitive"), ("ax", "contest")])
def test_a_contests_odds_bar_has_a_colour_per_outcome(fresh, system, check):
    page = fresh
    choose(page, system, check)
    odds_settled(page)
    paints = segment_paint(page)
    assert len(paints) >= 2
    assert len(set(paints)) == len(paints), paints
    # the list's swatches are painted as their segments
    swatches = page.locator("#odds .odds-row").evaluate_all(
        "els => els.filter(e => Number(e.dataset.p) > 0).map(e => { const s = getComputedStyle(e.querySelector('.swatch'));"
        " return s.backgroundColor + ' ' + s.filter; })")
    assert swatches == paints


def markers(page):
    """Each visible disclosure: its marker (::before or the list-item one), closed and open."""
    return page.evaluate("""() => [...document.querySelectorAll('details > summary')].filter(s => s.offsetParent).map(s => {
        const d = s.parentElement;
        const mark = () => { const b = getComputedStyle(s, '::before'); const own = getComputedStyle(s).display === 'list-item';
            return {own, content: b.content, transform: b.transform, width: parseFloat(b.width) || 0}; };
        const was = d.open; d.open = false; const closed = mark(); d.open = true; const open = mark(); d.open = was;
        return {text: s.textContent, closed, open};
    })""")


def test_every_disclosure_shows_a_marker_that_says_open_or_closed(fresh):
    page = fresh
    seen = set()
    for system, check in (("dice", "roll"), ("dark_eye", "skill")):
        choose(page, system, check)
        set_entered(page, False)
        odds_settled(page)
        click_roll(page)
        for m in markers(page):
            seen.add(m["text"])
            for state in ("closed", "open"):
                s = m[state]
                assert s["own"] or (s["content"] not in ("none", "normal", '""') and s["width"] > 0), m
            assert m["closed"] != m["open"], m
    assert {"Show the steps", "As a table", "About these odds"} <= seen, seen
    assert any(t for t in seen if t not in {"Show the steps", "As a table", "About these odds"}), seen  # the notation reference


def test_the_export_says_1_character_and_1_saved_check(fresh):
    page = fresh
    new_character(page, "dungeons_of_olde", "check", "Borin")
    save_check(page, "Borin: sneak")
    page.click("#open-characters")
    with page.expect_download():
        page.click("#characters-export")
    assert page.inner_text("#characters-msg") == "Exported 1 character and 1 saved check."
    page.keyboard.press("Escape")


# -- 10 --------------------------------------------------------------------------------

def test_no_console_error_or_warning_on_any_checks_form(browser, site):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    page = context.new_page()
    said = []
    page.on("console", lambda m: said.append((m.type, m.text)) if m.type in ("error", "warning") else None)
    page.goto(site.url)
    page.wait_for_selector("html[data-engine=ready][data-ui=ready][data-share=done]", timeout=LONG)
    for system, entry in api.catalog()["systems"].items():
        for check in entry["checks"]:
            choose(page, system, check)
            odds_settled(page)
            # a numeric field whose pattern the browser compiled: a letter is flagged
            num = page.locator("input.num[pattern]").first
            if num.count():
                assert page.evaluate("(e) => { const v = e.value; e.value = 'x'; const bad = !e.validity.valid;"
                                     " e.value = '-2'; const ok = e.validity.valid; e.value = v; return bad && ok; }",
                                     num.element_handle())
    assert said == []
    context.close()
