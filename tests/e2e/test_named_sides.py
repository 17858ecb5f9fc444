"""Issue 16, items 2 and 3, in a real browser against the built site: every
side and member has a name and a fill menu over every saved character, the
names reach the card and the history line; a tracked Freedom Fantasies
target keeps its damage and Stress across attacks and a reload, until reset.
The page learns which groups are sides, members and tracked entries from the
catalog (`party`, `tracked`); rules from seed 001 (see test_tracked_targets.py)."""

import pytest

pytest.importorskip("playwright.sync_api")

from evening import (SHOTS, choose, click_roll, enter_dice, fill, fill_from, make_character,  # noqa: E402
                     odds_settled, open_page, set_entered, wait_ui)
from page_tools import CLIMBING, LAST_REQUEST, stored, stored_js  # noqa: E402  (tests/page_tools.py)
from tablecheck import api  # noqa: E402

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def ui(browser, site):
    context, page = open_page(browser, site, 1024, 768)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield page
    context.close()


def group_titles(card):
    return card.locator(".group-title strong").all_inner_texts()


def first_history_line(page):
    page.click("#open-history")
    row = page.locator("#history-list .history-open").first.inner_text()
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    return row


def test_both_sides_filled_from_two_characters_are_named_in_card_and_history(ui):
    page = ui
    choose(page, "freedom_fantasies", "opposed")
    make_character(page, "Alrik", {"FLAIR": 3})
    make_character(page, "Bo", {"FLAIR": 1})
    # a character in the header does not limit the sides' menus to that one
    alrik = page.locator("#character-picker option", has_text="Alrik").get_attribute("value")
    page.select_option("#character-picker", value=alrik)
    fill_from(page, "active", "Alrik", "FLAIR +3")
    fill_from(page, "target", "Bo", "FLAIR +1")
    assert page.locator('input[data-party="active"]').input_value() == "Alrik"
    assert page.locator('input[data-party="target"]').input_value() == "Bo"
    assert page.locator('input[data-path="active.bonus"]').input_value() == "3"
    assert page.locator('input[data-path="target.bonus"]').input_value() == "1"
    set_entered(page, True)
    enter_dice(page, [10, 10])
    card = click_roll(page)
    request = page.evaluate(LAST_REQUEST)
    assert request["characters"] == {"active": "Alrik", "target": "Bo"}
    expected = api.resolve(dict(request, dice=[10, 10]))
    assert expected["card"]["subject"] == "Alrik vs Bo"
    assert "Alrik vs Bo" in card.locator(".result-context").inner_text()
    assert group_titles(card) == ["Alrik", "Bo"]
    assert expected["line"] in first_history_line(page)
    assert first_history_line(page).count("Alrik vs Bo") == 1
    page.screenshot(path=str(SHOTS / "named-sides-1024x768.png"))
    set_entered(page, False)
    page.select_option("#character-picker", value="")


def test_typed_names_of_sides_and_members_reach_the_card(ui):
    page = ui
    set_entered(page, False)
    choose(page, "ax", "contest")
    page.fill('input[data-party="sides[0]"]', "Rurik")
    page.fill('input[data-party="sides[1]"]', "the ogre")
    odds_settled(page)
    card = click_roll(page)
    titles = " ".join(group_titles(card))
    assert "Rurik" in titles and "the ogre" in titles
    assert "Rurik vs the ogre" in card.locator(".result-context").inner_text()
    assert "Rurik vs the ogre" in first_history_line(page)
    # a member that is one number: its name sits under the number
    choose(page, "ax", "group")
    page.fill('input[data-party="members[0]"]', "Cara")
    odds_settled(page)
    assert "Cara: chance of success" in page.locator("#odds").inner_text()
    card = click_roll(page)
    assert "Cara" in group_titles(card)
    # names are kept with the form: another check and back, they are still there
    choose(page, "ax", "flat")
    choose(page, "ax", "group")
    assert page.locator('input[data-party="members[0]"]').input_value() == "Cara"
    page.fill('input[data-party="members[0]"]', "")


def test_each_member_of_a_group_check_is_filled_from_its_own_character(ui):
    """Symptom: each hero of a group check could be filled only from the
    character picked in the header."""
    page = ui
    set_entered(page, False)
    choose(page, "dark_eye", "group")
    make_character(page, "Gerda", {"COU": 15, "AGI": 14, "STR": 13}, CLIMBING)
    make_character(page, "Bo", {"COU": 9, "AGI": 10, "STR": 11}, CLIMBING)
    gerda = page.locator("#character-picker option", has_text="Gerda").get_attribute("value")
    page.select_option("#character-picker", value=gerda)
    while page.locator(".list-field[data-field=members] .list-item").count() < 2:
        page.click(".list-field[data-field=members] > .add-item")
    fill_from(page, "members[0]", "Gerda", "Climbing")
    fill_from(page, "members[1]", "Bo", "Climbing")
    # the heroes' own name fields (the rules read them) hold the characters' names
    assert page.locator('input[data-path="members[0].name"]').input_value() == "Gerda"
    assert page.locator('input[data-path="members[1].name"]').input_value() == "Bo"
    odds_settled(page)
    card = click_roll(page)
    titles = " ".join(group_titles(card))
    assert "Gerda" in titles and "Bo" in titles
    request = page.evaluate(LAST_REQUEST)
    assert request["characters"]["members[0]"] == "Gerda" and request["characters"]["members[1]"] == "Bo"
    line = first_history_line(page)
    assert "Gerda" in line and "Bo" in line
    page.select_option("#character-picker", value="")


def target_state(page):
    return [[e["name"], e["numbers"], e["state"]] for e in stored(page, "tracked", [])]


def test_a_tracked_target_keeps_its_damage_across_two_attacks_and_a_reload(ui):
    page = ui
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
    assert target_state(page) == [["Goblin", {"evasion": 8, "defense": 1, "hit_points": 6},
                                   {"damage": 0, "stress": 0}]]
    # attack 1: d20 12 vs Evasion DC 8, not 18: glancing, DR 4 - Defense 1 = 3
    set_entered(page, True)
    enter_dice(page, [12])
    card = click_roll(page)
    notes = card.locator(".result-notes").inner_text()
    assert "Goblin: 3 damage this hit, 3 in all; 3 of 6 Hit Points left; Stress 0 in all." in notes
    assert page.locator('input[data-path="target.damage"]').input_value() == "3"
    assert target_state(page)[0][2] == {"damage": 3, "stress": 0}
    assert "Attack Check on Goblin" in first_history_line(page)
    # the evening goes on after a reload
    page.wait_for_function(f"() => ({stored_js('forms')}"
                           "['freedom_fantasies.attack'] || {values: {target: {}}}).values.target.damage === '3'")
    page.reload()
    wait_ui(page)
    choose(page, "freedom_fantasies", "attack")
    sel = page.locator('select[data-track="target"]')
    assert sel.locator("option:checked").inner_text().startswith("Goblin")
    assert page.locator('input[data-path="target.damage"]').input_value() == "3"
    assert page.locator('input[data-party="target"]').input_value() == "Goblin"
    assert "Damage taken 3" in page.locator(".track-status").inner_text()
    # attack 2: d20 19 meets 18: direct hit, 2 x 4 = 8; 11 in all, 5 beyond 6 Hit Points
    set_entered(page, True)
    enter_dice(page, [19])
    card = click_roll(page)
    expected = api.resolve(dict(page.evaluate(LAST_REQUEST), dice=[19]))
    assert expected["track"] == {"target": {"damage": 11, "stress": 5}}
    notes = card.locator(".result-notes").inner_text()
    assert "Goblin: 8 damage this hit, 11 in all; 0 of 6 Hit Points left; Stress 5 in all." in notes
    assert target_state(page)[0][2] == {"damage": 11, "stress": 5}
    assert page.locator('input[data-path="target.stress"]').input_value() == "5"
    page.screenshot(path=str(SHOTS / "tracked-target-1024x768.png"), full_page=True)
    # until reset
    page.click(".track .track-reset")
    page.wait_for_function("document.querySelector('input[data-path=\"target.damage\"]').value === '0'")
    assert target_state(page)[0][2] == {"damage": 0, "stress": 0}
    assert page.locator('input[data-path="target.stress"]').input_value() == "0"
    set_entered(page, False)


def test_axe_finds_no_serious_violation_in_the_name_fill_and_tracked_controls(ui):
    from axe_playwright_python import sync_playwright as axe_mod  # test-only dependency (.venv)
    page = ui
    axe = axe_mod.Axe()
    problems = {}
    for system, check in [("freedom_fantasies", "attack"), ("freedom_fantasies", "opposed"),
                          ("ax", "group"), ("ax", "contest"), ("dark_eye", "competitive"),
                          ("dungeons_of_olde", "assisted")]:
        choose(page, system, check)
        odds_settled(page)
        assert page.locator(".party-field").count() >= 1, (system, check)
        bad = [v for v in axe.run(page).response["violations"] if v.get("impact") in ("serious", "critical")]
        if bad:
            problems[f"{system}.{check}"] = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in bad]
    assert problems == {}


def test_no_page_errors(ui):
    assert ui.errors == []
