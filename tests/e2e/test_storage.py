"""Issue 16, item 8: storage that lasts.

- Imports validate entry by entry: valid entries are imported, the rest are
  listed with why (a history entry of an unknown check is refused with that
  reason; an entry the rules refuse cannot be opened and is refused too; a
  character with one bad value is refused and the others imported).
- Nothing already stored is ever lost by an import: a stored entry with the
  same id is kept as it is, a character with the same id but other values
  arrives as a copy, a full history keeps all it has.
- After the first save the page asks navigator.storage.persist() (once per
  visit) and shows the browser's answer and the space used; when storage is
  not persistent it reminds to export. Chromium's real answer is used both
  ways: refused by default, granted through the DevTools protocol
  (Browser.grantPermissions durableStorage)."""

import copy
import json

import pytest

pytest.importorskip("playwright.sync_api")

from tablecheck import api  # noqa: E402
from page_tools import (SIZES, choose, click_roll, fill, new_character, no_sideways_scroll, open_page,  # noqa: E402
                        put_stored, set_entered, shot, stored, wait_ui)

pytestmark = pytest.mark.e2e


def entry(i, system, check, inputs, seed, who=None):
    request = dict(inputs)
    if who:
        request["characters"] = {"": who}
    answer = api.resolve({"system": system, "check": check, **request, "seed": seed})
    return {"id": f"h-imp-{i}", "time": f"2026-11-29T18:{10 + i:02d}:00.000Z", "system": system, "check": check,
            "character": answer["card"].get("subject"), "request": request,
            "dice": [d["value"] for d in answer["rolls"]], "source": "seeded", "line": answer["line"], "result": answer}


def history_file(path, entries):
    path.write_text(json.dumps({"format": "tablecheck-history", "version": 1, "entries": entries}))
    return str(path)


def rolled(page):
    choose(page, "dice", "roll")
    set_entered(page, False)
    fill(page, "expression", "2d8")
    click_roll(page)


def refused_items(page, host):
    return page.locator(f"{host} .refused-item").all_inner_texts()


def mixed_history(stored_entry):
    good1 = entry(1, "shadows_of_the_unknown", "task", {"rating": 6}, 11, who="Alrik")
    good2 = entry(2, "dice", "roll", {"expression": "3d4"}, 12)
    unknown_check = {**copy.deepcopy(good1), "id": "h-imp-3", "check": "no_such_check"}
    unknown_game = {**copy.deepcopy(good2), "id": "h-imp-4", "system": "chess"}
    malformed = {"id": "h-imp-5", "system": "dice"}
    rules_refuse = {**copy.deepcopy(good1), "id": "h-imp-6", "request": {"rating": 5000}}
    same_id = {**copy.deepcopy(good2), "id": stored_entry["id"], "line": "not the stored line"}
    return [good1, good2, unknown_check, unknown_game, malformed, rules_refuse, same_id]


def test_a_history_import_takes_the_valid_entries_lists_the_rest_and_loses_nothing(browser, site, tmp_path):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    page = open_page(context, site.url)
    rolled(page)
    before = stored(page, "history")
    entries = mixed_history(before[0])
    page.click("#open-history")
    page.set_input_files("#history-import", history_file(tmp_path / "mixed.json", entries))
    page.wait_for_function("document.querySelector('#history-msg').textContent.startsWith('Imported')")
    assert page.inner_text("#history-msg") == ("Imported 2 entries, 1 already here, 4 not imported. "
                                               "Nothing already stored was changed.")
    items = refused_items(page, "#history-import-report")
    assert len(items) == 4
    assert 'Entry 3 (2026-11-29 18:11) \u2014 is for an unknown check "no_such_check" of Shadows of the Unknown' in items[0]
    assert 'unknown game "chess"' in items[1]
    assert items[2].endswith("Entry 5 \u2014 has no valid time")
    assert "cannot be opened: rating: must be at most 99, not 5000" in items[3]
    after = stored(page, "history")
    by_id = {e["id"]: e for e in after}
    assert by_id[before[0]["id"]] == before[0]  # the stored entry, not the file's
    assert set(by_id) == {before[0]["id"], "h-imp-1", "h-imp-2"}
    # an imported entry opens its card
    page.click('#history-list .history-open[data-entry="h-imp-1"]')
    page.wait_for_selector('#result .result-card[data-entry="h-imp-1"]')
    # a file of nothing but bad entries is refused whole, saying why
    page.click("#open-history")
    page.set_input_files("#history-import", history_file(tmp_path / "bad.json", entries[2:4]))
    page.wait_for_function("document.querySelector('#history-msg').textContent.startsWith('Import refused')")
    assert "unknown check" in page.inner_text("#history-msg") and "(and 1 more, listed below)" in page.inner_text("#history-msg")
    assert stored(page, "history") == after
    assert page.errors == []
    context.close()


def test_a_full_history_keeps_everything_it_has_and_says_what_was_left_out(browser, site, tmp_path):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    page = open_page(context, site.url)
    base = entry(0, "dice", "roll", {"expression": "1d6"}, 3)
    full = [{**base, "id": f"h-full-{i}", "time": f"2026-11-20T10:{i // 60:02d}:{i % 60:02d}.000Z"} for i in range(499)]
    put_stored(page, "history", full)
    page.reload()
    wait_ui(page)
    newer = [entry(40 + i, "dice", "roll", {"expression": "2d6"}, 40 + i) for i in range(3)]
    page.click("#open-history")
    page.set_input_files("#history-import", history_file(tmp_path / "three.json", newer))
    page.wait_for_function("document.querySelector('#history-msg').textContent.startsWith('Imported')")
    assert page.inner_text("#history-msg").startswith("Imported 1 entry, 1 not imported")
    assert "2 older entries \u2014 not imported: the history keeps at most 500 entries" in refused_items(page, "#history-import-report")[0]
    ids = {e["id"] for e in stored(page, "history")}
    assert ids == {e["id"] for e in full} | {newer[2]["id"]}  # the newest of the file
    context.close()


def character_file(borin):
    changed = copy.deepcopy(borin)
    changed["sheet"]["tables"]["stats"][0]["value"] = 12
    carla = {**copy.deepcopy(borin), "id": "c-carla", "name": "Carla"}
    dara = {**copy.deepcopy(borin), "id": "c-dara", "name": "Dara"}
    dara["sheet"]["tables"]["stats"][0]["value"] = 99
    saved_ok = {"id": "s-carla", "name": "Carla: careful", "system": "dungeons_of_olde", "check": "check",
                "character": "c-carla", "who": "Carla", "request": {"modification": 1, "characters": {"": "Carla"}}}
    saved_bad = {**saved_ok, "id": "s-bad", "name": "Carla: ???", "check": "no_such_check"}
    return {"format": "tablecheck-characters", "version": 1, "characters": [changed, carla, dara],
            "saved_checks": [saved_ok, saved_bad]}


def test_a_character_import_takes_the_valid_ones_lists_the_rest_and_loses_nothing(browser, site, tmp_path):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    page = open_page(context, site.url)
    borin = new_character(page, "dungeons_of_olde", "check", "Borin")
    path = tmp_path / "characters.json"
    path.write_text(json.dumps(character_file(borin)))
    page.click("#open-characters")
    page.set_input_files("#characters-import", str(path))
    page.wait_for_function("document.querySelector('#characters-msg').textContent.startsWith('Imported')")
    msg = page.inner_text("#characters-msg")
    assert msg == ("Imported 2 characters, 1 kept as a copy beside the one already here, 1 saved check, 2 refused. "
                   "Nothing already stored was changed.")
    items = refused_items(page, "#characters-import-report")
    assert items[0] == "\u2715 Dara \u2014 Stats, row 1: Die (d2-d20) must be 2 to 20."
    assert 'Saved check \u201cCarla: ???\u201d \u2014 is for an unknown check "no_such_check"' in items[1]
    chars = {c["name"]: c for c in stored(page, "characters")}
    assert set(chars) == {"Borin", "Borin (imported)", "Carla"}
    assert chars["Borin"] == borin  # untouched
    assert chars["Borin (imported)"]["id"] != borin["id"]
    assert chars["Borin (imported)"]["sheet"]["tables"]["stats"][0]["value"] == 12
    assert [s["id"] for s in stored(page, "saved-checks")] == ["s-carla"]
    listed = page.locator("#character-list .char-name").all_inner_texts()
    assert [n.replace(" in use", "").strip() for n in listed] == ["Borin", "Borin (imported)", "Carla"]
    assert page.errors == []
    context.close()


PERSIST_SPY = """
window.__persistCalls = 0;
if (navigator.storage && navigator.storage.persist) {
  const real = navigator.storage.persist.bind(navigator.storage);
  navigator.storage.persist = () => { window.__persistCalls += 1; return real(); };
}
"""


def persistence_page(browser, site, grant):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    context.add_init_script(PERSIST_SPY)
    page = context.new_page()
    if grant:
        cdp = context.new_cdp_session(page)
        target = cdp.send("Target.getTargetInfo")["targetInfo"]
        cdp.send("Browser.grantPermissions", {"origin": site.url.rstrip("/"), "permissions": ["durableStorage"],
                                              "browserContextId": target["browserContextId"]})
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(site.url)
    wait_ui(page)
    return context, page


def storage_line(page):
    page.click("#open-history")
    text = page.inner_text("#history-storage-state")
    kept = page.get_attribute("#history-storage-state", "data-kept")
    page.keyboard.press("Escape")
    return text, kept


def test_persistence_is_asked_after_the_first_save_and_a_refusal_reminds_to_export(browser, site):
    context, page = persistence_page(browser, site, grant=False)
    assert page.evaluate("window.__persistCalls") == 0  # nothing saved yet: nothing asked
    text, _ = storage_line(page)
    assert text.startswith("Storage: not asked to be kept yet")
    rolled(page)
    page.wait_for_function("window.__persistCalls === 1 && document.documentElement.dataset.persisted === 'false'")
    assert page.evaluate("navigator.storage.persisted()") is False  # the browser's own answer
    text, kept = storage_line(page)
    assert kept == "false"
    assert text.startswith("Storage: the browser may delete it (not persistent)")
    assert "used by this site" in text and "Export the history and the characters" in text
    rolled(page)
    assert page.evaluate("window.__persistCalls") == 1  # once per visit
    # the answer is remembered across a reload
    page.reload()
    wait_ui(page)
    text, _ = storage_line(page)
    assert text.startswith("Storage: the browser may delete it")
    assert page.errors == []
    context.close()


def test_granted_persistence_is_shown_with_the_space_used(browser, site):
    context, page = persistence_page(browser, site, grant=True)
    rolled(page)
    page.wait_for_function("document.querySelector('#history-storage-state').dataset.asked === 'true'")
    assert page.evaluate("document.documentElement.dataset.persisted") == "true"
    assert page.evaluate("navigator.storage.persisted()") is True
    assert page.evaluate("window.__persistCalls") == 0  # already kept: nothing to ask
    text, kept = storage_line(page)
    assert kept == "true"
    assert text.startswith("Storage: kept until you delete it (persistent)")
    usage = page.evaluate("navigator.storage.estimate().then(e => e.usage)")
    assert usage > 0 and "used by this site" in text and "Export" not in text
    choose(page, "dungeons_of_olde", "check")
    page.click("#open-characters")
    # the same answer there (the space used grows while the offline copy is stored)
    there = page.inner_text("#characters-storage-state")
    assert there.split(" \u00b7 ")[0] == text.split(" \u00b7 ")[0] and "used by this site" in there
    page.keyboard.press("Escape")
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_import_reports_fit_each_size(browser, site, tmp_path, size):
    w, h = SIZES[size]
    context = browser.new_context(viewport={"width": w, "height": h}, reduced_motion="reduce")
    page = open_page(context, site.url)
    rolled(page)
    page.click("#open-history")
    page.set_input_files("#history-import", history_file(tmp_path / "mixed.json", mixed_history(stored(page, "history")[0])))
    page.wait_for_function("document.querySelector('#history-msg').textContent.startsWith('Imported')")
    assert no_sideways_scroll(page)
    shot(page, f"history-import-{size}-{w}x{h}")
    page.keyboard.press("Escape")
    borin = new_character(page, "dungeons_of_olde", "check", "Borin")
    path = tmp_path / "characters.json"
    path.write_text(json.dumps(character_file(borin)))
    page.click("#open-characters")
    page.set_input_files("#characters-import", str(path))
    page.wait_for_function("document.querySelector('#characters-msg').textContent.startsWith('Imported')")
    assert no_sideways_scroll(page)
    shot(page, f"characters-import-{size}-{w}x{h}")
    context.close()
