"""Issue 25, item 11 (the page) and item 8 (tracked targets in the export):
storage that never lies (docs/architecture.md, "Storage").

- A save that did not happen is never reported as done: with storage full
  (Storage.prototype.setItem throws QuotaExceededError, as a full quota
  does), each action's own message names the problem (character editor,
  a roll's history entry, a saved check, imports of characters and history,
  a tracked target); what is kept in the tab only is marked "not saved";
  after a reload the page shows exactly what storage holds. A 20 MB
  character import meets Chromium's real quota and does not claim success.
- Bad stored values never stop the page: every key seeded with junk
  (prefs {"character": null} among them) and the page gets to
  data-ui="ready" with one notice; records it merely does not understand
  stay stored; the next reload says nothing (the broken values were reset).
- Two tabs of one browser each add a character, a roll and a saved check:
  after a reload of both, all are there; the other tab's lists follow
  without a reload. Both editing one character: the later save is told.
- Tracked targets travel in the characters' export file and come back on
  import with the characters' merge rules.
- A store written by the page before (one JSON list per kind under
  tablecheck:v1:<kind>, as its storage.js wrote them) comes through with
  every record."""

import copy
import json

import pytest

pytest.importorskip("playwright.sync_api")

from tablecheck import api  # noqa: E402
from page_tools import (FULL, LONG, choose, click_roll, enter_dice, fill, new_character, open_page,  # noqa: E402
                        save_check, set_entered, shot, stored, stored_records, wait_ui)

pytestmark = pytest.mark.e2e



def new_context(browser, **kw):
    return browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce", **kw)


def history_entry(i, system, check, inputs, seed):
    answer = api.resolve({"system": system, "check": check, **inputs, "seed": seed})
    return {"id": f"h-file-{i}", "time": f"2026-11-29T18:{10 + i:02d}:00.000Z", "system": system, "check": check,
            "character": answer["card"].get("subject"), "request": dict(inputs),
            "dice": [d["value"] for d in answer["rolls"]], "source": "seeded", "line": answer["line"], "result": answer}


def restart_with(page, site, seed_js, arg):
    """Close the page (its last writes happen as it goes), write the store
    from a page of the site that runs none of its code, open the page anew."""
    context = page.context
    errors = page.errors
    page.close()
    blank = context.new_page()
    blank.goto(site.url + "manifest.webmanifest")
    blank.evaluate(seed_js, arg)
    blank.goto(site.url)
    blank.errors = errors
    blank.on("pageerror", lambda e: blank.errors.append(str(e)))
    wait_ui(blank)
    return blank


def history_count(page):
    page.click("#open-history")
    n = page.locator("#history-list .history-item").count()
    shown = page.inner_text("#history-shown")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    return n, shown


def character_names(page, system="dungeons_of_olde"):
    choose(page, system, "check" if system == "dungeons_of_olde" else "attack")
    page.click("#open-characters")
    names = [n.replace(" in use", "").replace(" not saved", "").strip()
             for n in page.locator("#character-list .char-name").all_inner_texts()]
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    return sorted(names)


def roll_dice(page, expression="2d8"):
    choose(page, "dice", "roll")
    set_entered(page, False)
    fill(page, "expression", expression)
    return click_roll(page)


def track_goblin(page):
    choose(page, "freedom_fantasies", "attack")
    if page.locator("#reset-form").is_visible():
        page.click("#reset-form")
    fill(page, "damage_rating", 4)
    fill(page, "target.evasion", 8)
    fill(page, "target.defense", 1)
    fill(page, "target.hit_points", 6)
    page.fill('input[data-party="target"]', "Goblin")
    page.click(".track .track-new")
    page.wait_for_function("document.querySelector('select[data-track=\"target\"]').selectedOptions[0].textContent.startsWith('Goblin')")


# -- storage full ------------------------------------------------------------------------

def test_with_storage_full_every_action_says_so_and_a_reload_shows_what_is_stored(browser, site, tmp_path):
    context = new_context(browser)
    context.add_init_script(FULL)
    page = open_page(context, site.url)
    borin = new_character(page, "dungeons_of_olde", "check", "Borin")
    roll_dice(page)
    stored_history = stored(page, "history")
    assert len(stored_history) == 1
    page.evaluate("window.__full = true")

    # two rolls: the cards show, each says its entry is not saved; the history says how many are not
    for _ in range(2):
        roll_dice(page)
        note = page.locator("#result-storage-note")
        assert note.is_visible() and "Not saved in the history: this browser\u2019s storage is full" in note.inner_text()
    shot(page, "storage-full-roll-1024x768")
    n, shown = history_count(page)
    assert n == 3 and "2 of them are not saved (this browser\u2019s storage is full)" in shown
    assert stored(page, "history") == stored_history
    assert "storage is full" in page.inner_text("#storage-banner")

    # the character editor: not "saved"
    choose(page, "dungeons_of_olde", "check")
    page.click("#open-characters")
    page.click("#character-new")
    page.fill('.char-editor [data-path="name"] input', "Carla")
    page.click("#character-save")
    page.wait_for_function("document.querySelector('#characters-msg').textContent.startsWith('Carla')")
    msg = page.inner_text("#characters-msg")
    assert msg.startswith("Carla is not saved: this browser\u2019s storage is full.") and "export the characters" in msg
    assert "not saved" in page.locator('#character-list .char-item:has-text("Carla")').inner_text()
    shot(page, "storage-full-character-1024x768")

    # an import of characters stores nothing and says so
    dara = {**copy.deepcopy(borin), "id": "c-dara", "name": "Dara"}
    path = tmp_path / "characters.json"
    path.write_text(json.dumps({"format": "tablecheck-characters", "version": 1, "characters": [dara]}))
    page.set_input_files("#characters-import", str(path))
    page.wait_for_function("document.querySelector('#characters-msg').textContent.startsWith('Import')")
    assert page.inner_text("#characters-msg").startswith("Import failed: this browser\u2019s storage is full, so nothing could be stored.")
    assert "Dara \u2014 not stored: this browser\u2019s storage is full" in page.inner_text("#characters-import-report")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")

    # a saved check
    page.click("#save-check")
    page.wait_for_selector("#save-check-dialog[open]")
    page.fill("#saved-name", "Borin: careful")
    page.click("#saved-ok")
    page.wait_for_selector("#save-check-dialog", state="hidden")
    assert "Borin: careful is not saved: this browser\u2019s storage is full" in page.inner_text("#saved-storage-note")
    assert page.get_attribute('#saved-strip .saved-chip:text-is("Borin: careful")', "data-stored") == "false"

    # an import of history
    path = tmp_path / "history.json"
    path.write_text(json.dumps({"format": "tablecheck-history", "version": 1,
                                "entries": [history_entry(1, "dice", "roll", {"expression": "3d4"}, 5)]}))
    page.click("#open-history")
    page.set_input_files("#history-import", str(path))
    page.wait_for_function("document.querySelector('#history-msg').textContent.startsWith('Import')")
    assert page.inner_text("#history-msg") == ("Import failed: this browser\u2019s storage is full, so no entry could be stored. "
                                               "The history is unchanged.")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")

    # a tracked target
    track_goblin(page)
    status = page.inner_text(".track .track-status")
    assert "Not saved: this browser\u2019s storage is full" in status

    # storage holds what it held; a reload shows exactly that
    assert [c["name"] for c in stored(page, "characters")] == ["Borin"]
    assert stored(page, "saved-checks") == [] and stored(page, "tracked") == []
    page.reload()
    wait_ui(page)
    n, shown = history_count(page)
    assert n == 1 and "not saved" not in shown
    assert character_names(page) == ["Borin"]
    assert page.locator("#saved-strip .saved-chip").count() == 0
    choose(page, "freedom_fantasies", "attack")
    assert page.locator('select[data-track="target"] option').all_inner_texts() == ["Not tracked"]
    assert page.errors == []
    context.close()


def test_a_20_mb_character_import_meets_the_real_quota_and_claims_nothing(browser, site, tmp_path):
    context = new_context(browser)
    page = open_page(context, site.url)
    borin = new_character(page, "dungeons_of_olde", "check", "Borin")
    huge = {**copy.deepcopy(borin), "id": "c-huge", "name": "Huge", "notes": "x" * (20 * 1024 * 1024)}
    path = tmp_path / "huge.json"
    path.write_text(json.dumps({"format": "tablecheck-characters", "version": 1, "characters": [huge]}))
    page.click("#open-characters")
    page.set_input_files("#characters-import", str(path))
    page.wait_for_function("document.querySelector('#characters-msg').textContent.startsWith('Import')", timeout=LONG)
    assert page.inner_text("#characters-msg").startswith("Import failed: this browser\u2019s storage is full")
    report = page.inner_text("#characters-import-report")
    assert "Huge \u2014 not stored: this browser\u2019s storage is full (this record alone is 20.0 MB)" in report
    assert [c["name"] for c in stored(page, "characters")] == ["Borin"]
    page.keyboard.press("Escape")
    page.reload()
    wait_ui(page)
    assert character_names(page) == ["Borin"]
    context.close()


# -- junk in storage -----------------------------------------------------------------------

GOOD_ENTRY = history_entry(7, "dice", "roll", {"expression": "2d6"}, 7)
UNKNOWN_ENTRY = {**copy.deepcopy(GOOD_ENTRY), "id": "h-chess", "system": "chess"}  # not understood: kept
JUNK = {
    "tablecheck:v1:prefs": '{"character": null}',
    "tablecheck:v1:forms": '{"dice.roll": null, "dark_eye.attribute": {"values": 5, "filled": [1]}}',
    "tablecheck:v2:forms:freedom_fantasies.attack": '{"values": {"target": [1, 2]}, "filled": {"target": null}}',
    "tablecheck:v1:catalog": '{"systems": {"dice": {"id": "dice", "name": "Dice", "checks": {"roll": null}}}}',
    "tablecheck:v1:history": json.dumps([None, 3, GOOD_ENTRY, UNKNOWN_ENTRY]),
    "tablecheck:v2:history:h-cut": '{"id": "h-cut", "time": "2026-',
    "tablecheck:v2:history:h-null": "null",
    "tablecheck:v2:history:h-card": json.dumps({**copy.deepcopy(GOOD_ENTRY), "id": "h-card", "result": {**GOOD_ENTRY["result"], "card": {}}}),
    "tablecheck:v1:characters": '{"not": "a list"}',
    "tablecheck:v2:characters:c-odd": '{"id": "c-odd", "system": "dungeons_of_olde", "name": 5, "sheet": null}',
    "tablecheck:v2:saved-checks:s-list": "[]",
    "tablecheck:v2:saved-checks:s-odd": '{"id": "s-odd", "name": null, "request": 3}',
    "tablecheck:v1:tracked": '[{"id": "t-odd", "name": "Goblin", "numbers": null}, "x"]',
    "tablecheck:v2:tracked:t-cut": '{"id": "t-cut", "na',
    "tablecheck:v1:persist-asked": "{trunc",
}
KEPT = {("history", "h-chess"), ("history", "h-card"), ("characters", "c-odd"), ("saved-checks", "s-odd"), ("tracked", "t-odd")}


@pytest.mark.parametrize("prefs, said", [('{"character": null}', "preferences (character)"),
                                         ('{"theme": 5, "checks": [], "entered": {"a": "b"}, "system": {}}',
                                          "preferences (theme, checks, entered, system)"),
                                         ("null", "preferences"), ("[1, 2]", "preferences"),
                                         ('{"system": "dice", "che', "preferences")])
def test_junk_in_every_key_never_stops_the_page(browser, site, prefs, said):
    context = new_context(browser)
    page = open_page(context, site.url)
    page = restart_with(page, site, "(junk) => { localStorage.clear(); for (const [k, v] of Object.entries(junk)) localStorage.setItem(k, v); }",
                        {**JUNK, "tablecheck:v1:prefs": prefs})
    page.wait_for_selector("html[data-stored=read]", state="attached")
    notice = page.locator("#storage-notice")
    assert notice.is_visible()
    text = notice.inner_text()
    assert text == ("Some stored data could not be read and was reset; everything else is kept. Reset: "
                    "4 history entries, 1 saved check, 2 tracked entries, 1 saved form, the stored characters, "
                    f"the values of 2 saved forms, the note that storage was asked to be kept, {said}, "
                    "the stored list of checks.")
    # what is readable is listed (an entry of an unknown game too, as before), what is not understood stays stored
    n, _ = history_count(page)
    assert n == 2
    kept = {(kind, i) for kind in ("history", "characters", "saved-checks", "tracked") for i, _ in stored_records(page, kind)}
    assert KEPT <= kept
    assert ("history", GOOD_ENTRY["id"]) in kept
    assert not kept & {("history", "h-cut"), ("history", "h-null"), ("saved-checks", "s-list"), ("tracked", "t-cut")}
    # the page works: a roll, a character
    roll_dice(page, "1d6")
    new_character(page, "dungeons_of_olde", "check", "Borin")
    # said once: the next start finds nothing broken
    page.reload()
    wait_ui(page)
    page.wait_for_selector("html[data-stored=read]", state="attached")
    assert page.locator("#storage-notice").is_hidden()
    assert page.evaluate("document.documentElement.dataset.repaired") == "0"
    assert page.errors == []
    context.close()


# -- two tabs --------------------------------------------------------------------------------

def test_two_tabs_never_lose_each_others_characters_rolls_and_saved_checks(browser, site):
    context = new_context(browser)
    a = open_page(context, site.url)
    b = open_page(context, site.url)
    new_character(a, "dungeons_of_olde", "check", "Alrik")
    new_character(b, "dungeons_of_olde", "check", "Borin")
    roll_dice(a, "1d6")
    roll_dice(b, "1d8")
    choose(a, "dungeons_of_olde", "check")
    save_check(a, "Alrik: sneak")
    choose(b, "dungeons_of_olde", "check")
    save_check(b, "Borin: climb")
    # storage holds both tabs' records (one list per kind lost the first tab's)
    assert sorted(c["name"] for c in stored(a, "characters")) == ["Alrik", "Borin"]
    assert len(stored(a, "history")) == 2
    assert sorted(s["name"] for s in stored(a, "saved-checks")) == ["Alrik: sneak", "Borin: climb"]
    # the other tab's lists follow without a reload
    b.wait_for_function("[...document.querySelectorAll('#character-picker option')].some(o => o.textContent === 'Alrik')")
    a.wait_for_function("[...document.querySelectorAll('#character-picker option')].some(o => o.textContent === 'Borin')")
    for page in (a, b):
        page.wait_for_function("document.querySelector('#open-history .count').textContent === ' (2)'")
        page.wait_for_function("document.querySelectorAll('#saved-strip .saved-chip').length === 2")
    for page in (a, b):
        page.reload()
        wait_ui(page)
        assert character_names(page) == ["Alrik", "Borin"]
        n, _ = history_count(page)
        assert n == 2
        choose(page, "dungeons_of_olde", "check")
        assert sorted(page.locator("#saved-strip .saved-chip").all_inner_texts()) == ["Alrik: sneak", "Borin: climb"]
    assert a.errors == [] and b.errors == []
    context.close()


def test_the_later_of_two_tabs_editing_one_character_is_told(browser, site):
    context = new_context(browser)
    a = open_page(context, site.url)
    new_character(a, "dungeons_of_olde", "check", "Borin")
    b = open_page(context, site.url)
    for page in (a, b):
        choose(page, "dungeons_of_olde", "check")
        page.click("#open-characters")
        page.click('#character-list .char-item:has-text("Borin") >> text=Edit')
    a.fill('.char-editor [data-path="name"] input', "Borin the Bold")
    a.click("#character-save")
    a.wait_for_function("document.querySelector('#characters-msg').textContent === 'Borin the Bold saved.'")
    b.fill('.char-editor [data-path="name"] input', "Borin the Wise")
    b.click("#character-save")
    b.wait_for_function("[...document.querySelectorAll('.char-editor .field-error')].some(e => !e.hidden && e.textContent.includes('another tab'))")
    assert "Not saved: Borin the Wise was changed in another tab since you opened it." in b.inner_text(".char-editor")
    assert [c["name"] for c in stored(b, "characters")] == ["Borin the Bold"]
    # told, the later one decides: a second Save replaces it
    b.click("#character-save")
    b.wait_for_function("document.querySelector('#characters-msg').textContent === 'Borin the Wise saved.'")
    assert [c["name"] for c in stored(b, "characters")] == ["Borin the Wise"]
    a.wait_for_function("[...document.querySelectorAll('#character-list .char-name')].some(e => e.textContent.startsWith('Borin the Wise'))")
    context.close()


# -- tracked targets in the export ------------------------------------------------------------

def hit_goblin(page):
    track_goblin(page)
    set_entered(page, True)
    enter_dice(page, [12])  # d20 12 vs Evasion DC 8: glancing, DR 4 - Defense 1 = 3 damage
    click_roll(page)
    set_entered(page, False)
    [goblin] = stored(page, "tracked")
    assert goblin["state"] == {"damage": 3, "stress": 0}
    return goblin


def test_tracked_targets_travel_with_the_characters_file(browser, site, tmp_path):
    context = new_context(browser, accept_downloads=True)
    page = open_page(context, site.url)
    goblin = hit_goblin(page)
    page.click("#open-characters")
    with page.expect_download() as dl:
        page.click("#characters-export")
    path = tmp_path / "characters.json"
    dl.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["tracked"] == [goblin]
    assert page.inner_text("#characters-msg") == "Exported 0 characters, 0 saved checks and 1 tracked target."
    context.close()

    # another device: the target and its damage come back
    other = new_context(browser)
    page = open_page(other, site.url)
    choose(page, "freedom_fantasies", "attack")
    page.click("#open-characters")
    page.set_input_files("#characters-import", str(path))
    page.wait_for_function("document.querySelector('#characters-msg').textContent.startsWith('Imported')")
    assert page.inner_text("#characters-msg") == "Imported 0 characters, 1 tracked. Nothing already stored was changed."
    assert stored(page, "tracked") == [goblin]
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    options = page.locator('select[data-track="target"] option').all_inner_texts()
    assert "Goblin (Damage taken 3 \u00b7 Stress 0)" in options
    # the same file again changes nothing; the same id with other values arrives as a copy
    changed = copy.deepcopy(data)
    changed["tracked"][0]["state"]["damage"] = 5
    other_path = tmp_path / "changed.json"
    other_path.write_text(json.dumps(changed))
    page.click("#open-characters")
    page.set_input_files("#characters-import", str(path))
    page.wait_for_function("document.querySelector('#characters-msg').textContent.includes('already here')")
    assert page.inner_text("#characters-msg") == "Imported 0 characters, 0 tracked (1 already here). Nothing already stored was changed."
    page.set_input_files("#characters-import", str(other_path))
    page.wait_for_function("document.querySelector('#characters-msg').textContent.startsWith('Imported 0 characters, 1 tracked.')")
    by_name = {e["name"]: e for e in stored(page, "tracked")}
    assert by_name["Goblin"] == goblin
    assert by_name["Goblin (imported)"]["state"]["damage"] == 5 and by_name["Goblin (imported)"]["id"] != goblin["id"]
    # a bad tracked entry is refused with why, the rest imported
    bad = copy.deepcopy(data)
    bad["tracked"][0].update(id="t-bad", name="Orc")
    bad["tracked"][0]["numbers"]["hit_points"] = -4
    bad_path = tmp_path / "bad.json"
    bad_path.write_text(json.dumps(bad))
    page.set_input_files("#characters-import", str(bad_path))
    page.wait_for_function("document.querySelector('#characters-msg').textContent.startsWith('Import refused')")
    assert "Tracked \u201cOrc\u201d \u2014 has Hit Points -4, not 0 to 10000" in page.inner_text("#characters-msg")
    assert page.errors == []
    other.close()


# -- migration from the page before -------------------------------------------------------------

def test_a_store_written_by_the_page_before_keeps_every_record(browser, site):
    context = new_context(browser)
    page = open_page(context, site.url)
    borin = new_character(page, "dungeons_of_olde", "check", "Borin")
    goblin = hit_goblin(page)
    history = [history_entry(i, "dice", "roll", {"expression": f"{i + 1}d6"}, i) for i in range(3)]
    odd_character = {"id": "c-future", "system": "starship", "name": "Zed"}  # a game this page does not know
    no_id = {"system": "dice", "note": "a record without an id"}
    saved = {"id": "s-1", "name": "Borin: sneak", "system": "dungeons_of_olde", "check": "check",
             "character": borin["id"], "who": "Borin", "request": {"modification": 1, "characters": {"": "Borin"}},
             "created": "2026-11-29T18:00:00.000Z", "updated": "2026-11-29T18:00:00.000Z"}
    forms = {"dice.roll": {"values": {"expression": "4d6kh3"}, "filled": {}}}
    prefs = {"theme": None, "system": "dice", "checks": {"dice": "roll"}, "entered": {}, "character": {"dungeons_of_olde": borin["id"]}}
    # exactly as the page before wrote them (its storage.js: one JSON value per kind under tablecheck:v1:)
    v1 = {"history": history + [no_id], "characters": [borin, odd_character], "saved-checks": [saved],
          "tracked": [goblin], "forms": forms, "prefs": prefs}
    page = restart_with(page, site, "(v1) => { localStorage.clear(); for (const [k, v] of Object.entries(v1))"
                        " localStorage.setItem('tablecheck:v1:' + k, JSON.stringify(v)); }", v1)
    page.wait_for_selector("html[data-stored=read]", state="attached")  # every kind read, the lists moved
    keys = page.evaluate("Object.keys(localStorage)")
    assert not {f"tablecheck:v1:{k}" for k in ("history", "characters", "saved-checks", "tracked", "forms")} & set(keys)
    records = {kind: dict(stored_records(page, kind)) for kind in ("history", "characters", "saved-checks", "tracked", "forms")}
    assert sorted(records["history"].values(), key=json.dumps) == sorted(history + [no_id], key=json.dumps)
    assert records["characters"] == {borin["id"]: borin, "c-future": odd_character}
    assert records["saved-checks"] == {"s-1": saved}
    assert records["tracked"] == {goblin["id"]: goblin}
    assert records["forms"] == forms
    assert stored(page, "prefs") == prefs
    assert page.locator("#storage-notice").is_hidden()
    # and the page shows them
    assert page.input_value('input[data-path="expression"]') == "4d6kh3"
    n, _ = history_count(page)
    assert n == 3
    assert page.evaluate("document.querySelector('#character-picker').selectedOptions[0].textContent") == "Borin" or \
        character_names(page) == ["Borin"]
    choose(page, "dungeons_of_olde", "check")
    assert page.locator("#saved-strip .saved-chip").all_inner_texts() == ["Borin: sneak"]
    choose(page, "freedom_fantasies", "attack")
    assert "Goblin (Damage taken 3 \u00b7 Stress 0)" in page.locator('select[data-track="target"] option').all_inner_texts()
    assert page.errors == []
    context.close()
