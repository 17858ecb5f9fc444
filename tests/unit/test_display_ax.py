"""What a person sees of [ax] (issue 12; api.md "What a person sees"):
cards and history lines from forced dice through api.resolve, odds views
against api.odds, the GM table as a display Table, the character sheet
and its fill options as static/js/characters.js had them."""

import itertools
import json

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest

SYS = "ax"


def req(check, dice=None, **params):
    out = {"system": SYS, "check": check}
    out.update(params)
    if dice is not None:
        out["dice"] = dice
    return out


def resolve(check, dice=None, **params):
    return api.resolve(req(check, dice, **params))


def card(result):
    return result["card"]


def facts(c):
    return {f["key"]: f["value"] for f in c["facts"]}


def assert_people_text(result):
    """Every text of the card is for people: no raw ids, no underscores."""
    c = result["card"]
    texts = [c["title"], c["subject"] or "", c["headline"]["label"], result["line"]]
    texts += [f["label"] + f["value"] for f in c["facts"]]
    texts += [g["title"] + g["summary"] for g in c["groups"]] + c["notes"]
    texts += [d["label"] + " ".join(d["notes"]) for d in c["dice"]]
    for t in texts:
        assert "_" not in t, t


# -- flat check -------------------------------------------------------------------
def test_flat_card_headline_key_facts_and_line():
    r = resolve("flat", [3, 9, 2, 7], attribute=4, difficulty=12, bonus=1, assistant=5,
                characters={"": "Alrik"}, labels={"": "Persuade"})
    c = card(r)
    assert c["title"] == "Flat check: Persuade"
    assert c["subject"] == "Alrik"
    assert c["headline"] == {"label": "Success", "tone": "good"}
    assert c["key"] == {"label": "Total", "value": "19", "key": "total"}  # 9 + 7 + 1 + 2
    assert facts(c) == {"difficulty": "12", "bonus": "+1",
                        "assistance": "+2 (assistant's attribute 5, equal to or higher than yours)",
                        "failure_chance": "4.0%"}
    assert r["line"] == "Alrik, Persuade, bonus +1: success, total 19 vs difficulty 12"
    assert_people_text(r)


def test_rule_keep_top_two_dice_captions():
    c = card(resolve("flat", [3, 9, 2, 7], attribute=4, difficulty=12))
    assert [d["notes"] for d in c["dice"]] == [["dropped"], ["kept"], ["dropped"], ["kept"]]
    # two dice: both count, no caption needed
    c = card(resolve("flat", [3, 9], attribute=2, difficulty=12))
    assert [d["notes"] for d in c["dice"]] == [[], []]


def test_flat_failure_is_bad_without_a_subject():
    r = resolve("flat", [1, 2], attribute=2, difficulty=12)
    assert card(r)["headline"] == {"label": "Failure", "tone": "bad"}
    assert card(r)["subject"] is None
    assert r["line"] == "Flat check: failure, total 3 vs difficulty 12"


def test_rule_zero_dice_automatic_failure_card():
    r = resolve("flat", [], attribute=0, difficulty=5)
    c = card(r)
    assert c["key"] is None and c["dice"] == []
    assert c["notes"] == ["Attribute 0: no dice to roll, an automatic failure."]
    assert "failure_chance" not in facts(c)
    assert r["line"] == "Flat check: failure, no dice vs difficulty 5"


def test_rule_skip_advice_is_a_fact():
    c = card(resolve("flat", [5, 5, 5, 5, 5], attribute=5, difficulty=6))
    assert facts(c)["skip_advised"] == "yes: the chance of failure is under 1%"
    c = card(resolve("flat", [5, 5], attribute=2, difficulty=6))
    assert "skip_advised" not in facts(c)


def test_flat_odds_view():
    odds = api.odds(req("flat", attribute=3, difficulty=12, assistant=1))
    view = odds["display"]
    assert [(o["id"], o["p"]) for o in view["outcomes"]] == [
        (k, v) for k, v in odds["outcomes"].items() if v]
    assert [o["tone"] for o in view["outcomes"]] == ["good", "bad"]
    figs = {f["key"]: f["value"] for f in view["figures"]}
    # brute force: 3d10, top two, +1 assistance (the assistant's 1 is lower than 3)
    wins = sum(sum(sorted(f)[-2:]) + 1 >= 12 for f in itertools.product(range(1, 11), repeat=3))
    assert wins == 785
    assert figs["success"] == "78.5%" and figs["failure_chance"] == "21.5%"
    assert figs["assistance"] == "+1" and figs["skip_below"] == "6"  # book: 3d10 below 5, +1
    assert figs["skip_advised"] == "no"
    (total,) = view["charts"]
    assert total["label"] == "Total"
    xs = [x for x, _ in total["bars"]]
    assert xs == list(range(3, 22))  # 2..20 plus the assistant's +1
    assert total["mean"] == pytest.approx(odds["mean"])


def test_flat_odds_zero_dice():
    view = api.odds(req("flat", attribute=0, difficulty=4))["display"]
    assert [o["id"] for o in view["outcomes"]] == ["failure"]
    assert view["charts"] == []
    assert view["notes"] == ["Attribute 0: no dice to roll, the check fails automatically."]


# -- group flat check -------------------------------------------------------------
def test_group_card_one_group_per_member_with_its_dice():
    r = resolve("group", [6, 4, 1, 1, 9, 9], members=[2, 2, 2], difficulty=10, required=3,
                characters={"members[1]": "Bea"})
    c = card(r)
    assert c["headline"] == {"label": "Success", "tone": "good"}
    assert c["key"] == {"label": "Successes", "value": "2 (2 needed)", "key": "successes"}
    assert [g["title"] for g in c["groups"]] == ["Member 1", "Bea", "Member 3"]
    assert [g["tone"] for g in c["groups"]] == ["good", "bad", "good"]
    for n, g in enumerate(c["groups"], start=1):
        assert [r["rolls"][i]["member"] for i in g["dice"]] == [n, n]
    assert c["groups"][0]["summary"] == "2d10: 6, 4 = 10; 10 >= 10: success"
    assert c["groups"][1]["summary"] == "2d10: 1, 1 = 2; 2 < 10: failure"
    assert facts(c) == {"adjusted_difficulty": "10", "participants": "3 (3 required)",
                        "needed": "2 (at least 2/3)"}
    assert r["line"] == "Group flat check: success, 2 successes of 3 (2 needed)"
    assert_people_text(r)


def test_rule_group_weakest_stand_aside_and_the_card_names_them():
    # rules.md: beyond the task's maximum the weakest (lowest attribute) stand aside
    r = resolve("group", [5] * 9, members=[3, 1, 4, 2], difficulty=12, required=2, maximum=3,
                characters={"members[1]": "Bea"})
    assert r["standing_aside"] == [2]
    assert [m["member"] for m in r["members"]] == [1, 3, 4]
    assert [d["member"] for d in r["rolls"]] == [1, 1, 1, 3, 3, 3, 3, 4, 4]
    c = card(r)
    assert c["notes"] == ["At most 3 can take part: Bea stands aside "
                          "(the lowest attributes stand aside)."]
    assert [g["title"] for g in c["groups"]] == ["Member 1", "Member 3", "Member 4"]
    assert facts(c)["adjusted_difficulty"] == "10 (12, -2 for the group's size)"


def test_rule_group_equal_attributes_the_later_members_stand_aside():
    r = resolve("group", members=[3] * 7, difficulty=12, required=4, maximum=6, seed=5)
    assert r["standing_aside"] == [7]
    assert card(r)["notes"] == ["At most 6 can take part: Member 7 stands aside "
                                "(the lowest attributes stand aside)."]


def test_rule_group_odds_follow_who_takes_part():
    odds = api.odds(req("group", members=[1, 3, 3, 3], difficulty=12, required=3, maximum=3))
    assert odds["taking_part"] == [2, 3, 4] and odds["standing_aside"] == [1]
    view = odds["display"]
    figs = {f["key"]: (f["label"], f["value"]) for f in view["figures"]}
    assert figs["member_chances[0]"][0] == "Member 2: chance of success"
    assert figs["needed"] == ("Successes needed", "2")
    (successes,) = view["charts"]
    assert [x for x, _ in successes["bars"]] == [0, 1, 2, 3]
    assert sum(p for _, p in successes["bars"]) == pytest.approx(1)
    assert view["notes"][0].startswith("At most 3 can take part: Member 1 stands aside")


# -- contest --------------------------------------------------------------------------
def contest(dice=None, *sides, **extra):
    return resolve("contest", dice, sides=[{"attribute": a, "bonus": b} for a, b in sides],
                   **extra)


def test_contest_headline_names_the_winner_neutral_without_a_side():
    r = contest([3, 4, 9, 1], (2, 0), (2, 0))
    c = card(r)
    assert c["headline"] == {"label": "Side 2 wins", "tone": "neutral"}
    assert c["key"] == {"label": "Total", "value": "10", "key": "totals"}
    assert facts(c) == {"totals[0]": "7"}
    assert c["subject"] is None
    assert r["line"] == "Contest: Side 2 wins, total 10 vs 7"
    assert_people_text(r)


@pytest.mark.parametrize("side, tone", [("sides[1]", "good"), ("sides[0]", "bad")])
def test_contest_tone_follows_the_side_the_page_is_on(side, tone):
    c = card(contest([3, 4, 9, 1], (2, 0), (2, 0), side=side))
    assert c["headline"] == {"label": "Side 2 wins", "tone": tone}


def test_contest_names_and_subject_from_characters():
    r = contest([3, 4, 9, 1], (2, 0), (2, 0), characters={"sides[0]": "Alrik",
                                                           "sides[1]": "the guard"})
    c = card(r)
    assert c["subject"] == "Alrik vs the guard"
    assert c["headline"]["label"] == "the guard wins"
    assert [g["title"] for g in c["groups"]] == ["Alrik", "the guard"]
    assert r["line"] == "Alrik vs the guard, Contest: the guard wins, total 10 vs 7"


def test_rule_contest_tie_rerolls_groups_per_side_per_round():
    r = contest([5, 5, 4, 5, 3, 3, 2, 2], (2, 0), (2, 1))
    c = card(r)
    assert c["headline"]["label"] == "Side 1 wins"
    assert [g["title"] for g in c["groups"]] == [
        "Round 1: Side 1", "Round 1: Side 2", "Round 2: Side 1", "Round 2: Side 2"]
    for g, (side, rnd) in zip(c["groups"], [(1, 1), (2, 1), (1, 2), (2, 2)]):
        assert [(r["rolls"][i]["side"], r["rolls"][i]["round"]) for i in g["dice"]] == [
            (side, rnd)] * 2
    assert c["groups"][1]["summary"] == "2d10: 4, 5 = 9, bonus +1 = 10; tied for the highest total"
    assert c["groups"][2]["summary"] == "2d10: 3, 3 = 6; the highest total"
    assert facts(c) == {"totals[1]": "5", "rounds": "2", "sides[1].bonus": "+1"}
    assert c["notes"] == ["1 tied round: a tie rolls all the dice again."]
    assert [d["notes"] for d in c["dice"][:4]] == [["rerolled"]] * 4


def test_rule_contest_side_without_dice_cannot_win_card():
    r = contest(None, (0, 0), (2, 1), seed=3)
    c = card(r)
    assert c["headline"] == {"label": "Side 2 wins", "tone": "neutral"}
    assert c["key"] is None and c["groups"] == []
    assert c["notes"] == ["Side 1: attribute 0, no dice: it rolls nothing and cannot win.",
                          "Side 2 is the only side with dice: it wins without a roll."]


def test_contest_odds_one_increasing_chart_per_side():
    # the symptom of issue 12: a side's columns listed 3..21 then 2
    odds = api.odds(req("contest", sides=[{"attribute": 3, "bonus": 0},
                                          {"attribute": 2, "bonus": 1}]))
    view = odds["display"]
    assert [c["label"] for c in view["charts"]] == ["Side 1 total", "Side 2 total"]
    assert [[x for x, _ in c["bars"]] for c in view["charts"]] == [list(range(2, 21)),
                                                                  list(range(3, 22))]
    assert [(o["id"], o["p"]) for o in view["outcomes"]] == [
        (k, v) for k, v in odds["outcomes"].items() if v]
    assert {o["tone"] for o in view["outcomes"]} == {"neutral"}
    figs = {f["key"]: f["value"] for f in view["figures"]}
    assert set(figs) == {"round_tie_chance", "expected_rounds"}


def test_contest_odds_rows_take_names_and_the_page_side():
    view = api.odds(req("contest", sides=[{"attribute": 3, "bonus": 0},
                                          {"attribute": 2, "bonus": 1}],
                        characters={"sides[0]": "Alrik"}, side="sides[0]"))["display"]
    rows = {o["id"]: (o["label"], o["tone"]) for o in view["outcomes"]}
    assert rows["side_1"] == ("Alrik wins", "good")
    assert rows["side_2"] == ("Side 2 wins", "bad")
    assert view["charts"][0]["label"] == "Alrik total"


def test_contest_catalog_tones_are_neutral():
    tones = api.catalog()["systems"][SYS]["checks"]["contest"]["outcome_tones"]
    assert set(tones.values()) == {"neutral"}


# -- the GM table -------------------------------------------------------------------------
def test_table_is_odds_only_in_the_catalog():
    checks = api.catalog()["systems"][SYS]["checks"]
    assert checks["table"]["rolls_dice"] is False
    assert all(checks[c]["rolls_dice"] for c in ("flat", "group", "contest"))


def table_view(**params):
    odds = api.odds(req("table", **params))
    (table,) = odds["display"]["tables"]
    return odds, table


def test_table_columns_rows_and_foot():
    odds, table = table_view()
    assert table["columns"] == ["Difficulty"] + [f"{n}d10" for n in range(1, 9)]
    # rows 21-24 are 0% in every column and left out, with a note
    assert [r["head"] for r in table["rows"]] == [str(d) for d in range(20, 3, -1)]
    assert table["notes"][-1] == ("Difficulty 21-24 left out: no roll of up to 8d10 reaches it "
                                  "(0% in every column).")
    assert [r["head"] for r in table["foot"]] == ["Mean", "Skip below"]
    assert [c["text"] for c in table["foot"][0]["cells"]][:3] == ["5.50", "11.00", "13.47"]
    assert [c["text"] for c in table["foot"][1]["cells"]] == ["2", "3", "5", "7", "9", "10",
                                                             "11", "12"]
    assert odds["display"]["outcomes"] == []


def test_rule_book_table_cells_flagged_where_they_differ():
    odds, table = table_view()
    row12 = next(r for r in table["rows"] if r["head"] == "12")
    two = row12["cells"][1]
    assert two["text"] == "45.0%" and two["p"] == pytest.approx(0.45)
    assert two["flag"] == "differs from the book: book 23%"
    assert two["sub"] == "book 23%"
    flagged = [(r["head"], i) for r in table["rows"] for i, c in enumerate(r["cells"])
               if c.get("flag")]
    raw = [(str(r["difficulty"]), i) for r in odds["rows"] for i, c in enumerate(r["cells"])
           if c["differs"] or c.get("mark_differs")]
    assert flagged == raw and len(flagged) == 20
    assert table["notes"][1] == ("20 cells differ from the printed book (exact value shown, "
                                 "book value below it).")
    figs = {f["key"]: f["value"] for f in odds["display"]["figures"]}
    assert figs == {"differences": "20"}


def test_table_marks_mode_and_mean_strong():
    _, table = table_view()
    row = {r["head"]: r["cells"] for r in table["rows"]}
    assert row["11"][1]["mark"] == "***" and row["11"][1]["strong"]  # 2d10: mode and mean
    assert row["14"][2]["mark"] == "*" and row["14"][2]["strong"]  # 3d10 mode
    assert row["13"][2]["mark"] == "**"  # 3d10 mean 13.47
    assert "strong" not in row["12"][2] and "mark" not in row["12"][2]
    assert table["notes"][0] == ("* mode (the most likely total); ** mean (the average total, "
                                 "to the nearest difficulty).")


def test_table_card_without_dice():
    r = resolve("table")
    c = card(r)
    assert c["headline"] == {"label": "Success chances for 1-8d10", "tone": "neutral"}
    assert c["dice"] == [] and r["rolls"] == []
    assert facts(c)["differences"] == "20"
    assert r["line"] == ("Odds table: Success chances for 1-8d10 at difficulties 4-24, "
                         "20 cells differ from the book")


# -- errors ---------------------------------------------------------------------------------
@pytest.mark.parametrize("request_, field", [
    (req("group", members=[2, 2], difficulty=10, required=4, maximum=3), "maximum"),
    (req("contest", sides=[{"attribute": 0, "bonus": 0}, {"attribute": 0, "bonus": 0}]), "sides"),
    (req("table", min_difficulty=10, max_difficulty=5), "max_difficulty"),
])
def test_errors_carry_the_range_code(request_, field):
    for call in (api.resolve, api.odds):
        with pytest.raises(InvalidRequest) as err:
            call(request_)
        assert err.value.field == field and err.value.to_dict()["code"] == "range"


# -- catalog: form hints and the character sheet ------------------------------------------
def test_catalog_initial_values_from_the_old_ui_defaults():
    checks = api.catalog()["systems"][SYS]["checks"]
    flat = {p["name"]: p for p in checks["flat"]["params"]}
    group = {p["name"]: p for p in checks["group"]["params"]}
    assert flat["attribute"]["initial"] == 3 and flat["difficulty"]["initial"] == 12
    assert group["members"]["item"]["initial"] == 3
    assert group["required"]["initial"] == 3 and group["maximum"]["initial"] == 6


def test_sheet_is_the_one_characters_js_declared():
    sheet = api.catalog()["systems"][SYS]["sheet"]
    assert sheet["numbers"] == []
    attributes, skills = sheet["tables"]
    assert attributes == {
        "key": "attributes", "label": "Attributes", "noun": "attribute",
        "columns": [{"key": "name", "type": "text", "label": "Attribute"},
                    {"key": "value", "type": "int", "label": "Dice (d10)", "min": 0, "max": 20,
                     "default": 2}],
        "defaults": [{"name": "Physique", "value": 3}, {"name": "Size", "value": 2},
                     {"name": "Passion", "value": 2}, {"name": "Genius", "value": 2}]}
    assert skills == {
        "key": "skills", "label": "Skills", "noun": "skill",
        "columns": [{"key": "name", "type": "text", "label": "Skill"},
                    {"key": "attribute", "type": "ref", "label": "Attribute", "ref": "attributes"},
                    {"key": "bonus", "type": "int", "label": "Bonus", "min": -20, "max": 20,
                     "default": 1}],
        "defaults": [{"name": "Persuade", "attribute": "Passion", "bonus": 1}]}


CHARACTER = {"name": "Ann", "sheet": {"numbers": {}, "tables": {
    "attributes": [{"name": "Physique", "value": 3}, {"name": "Passion", "value": 2},
                   {"name": "Broken", "value": "x"}],
    "skills": [{"name": "Persuade", "attribute": "Passion", "bonus": 1},
               {"name": "Lift", "attribute": "Physique", "bonus": -2},
               {"name": "Orphan", "attribute": "Nowhere", "bonus": 0}]}}}


def test_fill_with_bonus_as_characters_js():
    options = api.fill({"system": SYS, "character": CHARACTER,
                        "params": ["attribute", "difficulty", "bonus", "assistant"]})["options"]
    assert options == [
        {"label": "Physique 3d10", "values": {"attribute": 3, "bonus": 0}, "what": "Physique"},
        {"label": "Passion 2d10", "values": {"attribute": 2, "bonus": 0}, "what": "Passion"},
        {"label": "Persuade (Passion 2d10, +1)", "values": {"attribute": 2, "bonus": 1},
         "what": "Persuade"},
        {"label": "Lift (Physique 3d10, -2)", "values": {"attribute": 3, "bonus": -2},
         "what": "Lift"},
    ]
    json.dumps(options)


def test_fill_without_bonus_and_for_other_groups():
    options = api.fill({"system": SYS, "character": CHARACTER, "params": ["attribute"]})["options"]
    assert [o["label"] for o in options] == ["Physique 3d10", "Passion 2d10",
                                             "Persuade (Passion 2d10)", "Lift (Physique 3d10)"]
    assert all(set(o["values"]) == {"attribute"} for o in options)
    assert api.fill({"system": SYS, "character": CHARACTER, "params": ["members"]})["options"] == []


def test_filled_form_rolls_with_the_skill_on_the_card():
    (option,) = [o for o in api.fill({"system": SYS, "character": CHARACTER,
                                      "params": ["attribute", "bonus"]})["options"]
                 if o["what"] == "Persuade"]
    r = resolve("flat", [4, 8], difficulty=10, characters={"": "Ann"},
                labels={"": option["what"]}, **option["values"])
    assert card(r)["title"] == "Flat check: Persuade"
    assert r["line"] == "Ann, Persuade, bonus +1: success, total 13 vs difficulty 10"
