"""What a person sees of the generic dice roller (issue 12; api.md "What a
person sees"): the card and history line of a rolled expression, the odds
view of its total, and the two functions Shadows of the Unknown's dice check
reuses (`roll_card`, `roll_odds`)."""

import pytest

from tablecheck import api
from tablecheck.games.dice_roller import cards as view
from tablecheck.display.common import Context
from tablecheck.errors import InvalidRequest
from tablecheck.games import dice_roller


def roll(expression, dice=None, **extra):
    request = {"system": "dice", "check": "roll", "expression": expression, **extra}
    if dice is not None:
        request["dice"] = dice
    return api.resolve(request)


def odds(expression):
    return api.odds({"system": "dice", "check": "roll", "expression": expression})


def facts(result):
    return {f["key"]: (f["label"], f["value"]) for f in result["card"]["facts"]}


def test_card_title_key_terms_and_line():
    # 4d6kh3: 3, 5, 6 kept, 1 dropped = 14; 1d8!: 8 -> 2 = 10; - 2
    r = roll("4d6kh3+1d8!-2", [3, 5, 6, 1, 8, 2])
    c = r["card"]
    assert c["title"] == "4d6kh3 + 1d8! - 2"
    assert c["headline"] == {"label": "Rolled", "tone": "neutral"}
    assert c["key"] == {"label": "Total", "value": "22", "key": "total"}
    assert facts(r) == {"terms[0]": ("4d6kh3", "14"), "terms[1]": ("1d8!", "10"),
                        "min": ("Min", "2"), "max": ("Max", "no limit (exploding dice)")}
    assert c["subject"] is None and c["groups"] == []
    assert r["line"] == "4d6kh3 + 1d8! - 2 = 22"


def test_notation_dice_notes_dropped_and_exploded():
    c = roll("4d6kh3+1d8!-2", [3, 5, 6, 1, 8, 2])["card"]
    assert [d["notes"] for d in c["dice"]] == [[], [], [], ["dropped"], ["exploded"], []]
    assert [d["label"] for d in c["dice"]][4:] == ["d8 of 1d8!", "explosion of d8 of 1d8!"]


def test_notation_compounding_keep_drops_whole_chains():
    c = roll("2d6!!kl1", [6, 2, 3])["card"]  # 6 -> 2 = 8 dropped, 3 kept
    assert [d["notes"] for d in c["dice"]] == [["compounded", "exploded", "dropped"],
                                               ["compounded", "dropped"], []]
    assert c["key"]["value"] == "3"


def test_separate_explosions_are_dice_of_their_own_and_the_card_says_so():
    r = roll("2d6!kl1", [6, 2, 3])  # 6, its explosion 2, and 3: the 2 is kept
    c = r["card"]
    assert [d["notes"] for d in c["dice"]] == [["exploded", "dropped"], [], ["dropped"]]
    assert c["key"]["value"] == "2"
    assert any("die of its own" in n for n in c["notes"])


def test_each_die_shows_what_happened_to_it():
    c = roll("4d6r1kh3", [1, 4, 2, 6, 5])["card"]
    assert [d["notes"] for d in c["dice"]] == [["rerolled"], [], ["dropped"], [], ["reroll of a 1"]]
    assert [d.get("marks", []) for d in c["dice"]] == [["rerolled"], [], ["dropped"], [], []]
    c = roll("6d10>=8f1", [10, 8, 1, 5, 1, 9])["card"]
    assert [d["notes"] for d in c["dice"]] == [["success"], ["success"], ["failure"], [],
                                               ["failure"], ["success"]]
    assert c["key"]["value"] == "1"
    c = roll("1d6!p", [6, 3])["card"]
    assert c["dice"][1]["notes"] == ["penetrating: counts 1 less"]
    c = roll("2d20cs>=19", [19, 3])["card"]
    assert c["dice"][0]["notes"] == ["critical success"]
    assert c["dice"][0]["marks"] == ["critical-success"]
    c = roll("1d6min3", [1])["card"]
    assert c["dice"][0]["notes"] == ["rolled 1, counts 3"]


def test_fate_dice_are_drawn_as_fate_dice():
    c = roll("4dF+2", [-1, 0, 1, 1])["card"]
    assert [(d["die"], d["face"]) for d in c["dice"]] == [
        ("dF", "\u2212"), ("dF", "0"), ("dF", "+"), ("dF", "+")]
    assert c["key"]["value"] == "3"


def test_labels_reach_the_card_and_the_history_line():
    r = roll("2d6[fire]+1d6[cold] # Fireball", [1, 2, 3])
    assert r["card"]["title"] == "Fireball: 2d6 [fire] + 1d6 [cold]"
    assert r["line"] == "Fireball: 2d6 [fire] + 1d6 [cold] = 6"
    assert facts(r)["terms[0]"] == ("fire (2d6)", "3")
    assert facts(r)["terms[1]"] == ("cold (1d6)", "3")
    # the request's own label comes first
    r = roll("2d6 # fire", [1, 2], labels={"": "Breath"})
    assert r["card"]["title"] == "Breath: 2d6" and r["line"] == "Breath: 2d6 = 3"


def test_fractions_are_shown_as_decimals():
    r = roll("1d6/4", [3])
    assert r["card"]["key"]["value"] == "0.75" and r["line"] == "1d6 / 4 = 0.75"
    o = odds("1d4/2")
    assert o["distribution"] == {"0.5": 0.25, "1": 0.25, "1.5": 0.25, "2": 0.25}
    assert [x for x, _ in o["display"]["charts"][0]["bars"]] == [0.5, 1, 1.5, 2]


def test_chain_cap_is_a_note_on_the_card():
    c = roll("1d6!>=2", [6] * 1001)["card"]
    assert c["notes"][0] == "d6: the explosions stopped after 1000 extra rolls"


def test_subject_and_label_from_the_request():
    r = roll("3d6", [1, 2, 3], characters={"": "Alrik"}, labels={"": "Fireball"})
    assert r["card"]["title"] == "Fireball: 3d6"
    assert r["card"]["subject"] == "Alrik"
    assert facts(r) == {"min": ("Min", "3"), "max": ("Max", "18")}
    assert r["line"] == "Alrik, Fireball: 3d6 = 6"


def test_odds_view_chart_and_figures():
    answer = odds("3d6+2")
    v = answer["display"]
    assert v["outcomes"] == []  # one outcome: the chart says it all
    (total,) = v["charts"]
    assert total["label"] == "Total" and total["key"] == "distribution"
    assert [x for x, _ in total["bars"]] == list(range(5, 21))
    assert total["mean"] == pytest.approx(12.5)
    assert v["figures"] == [{"label": "Mean", "value": "12.50", "key": "mean"},
                            {"label": "Min", "value": "5", "key": "min"},
                            {"label": "Max", "value": "20", "key": "max"}]
    assert v["notes"] == []


def test_odds_long_chart_trimmed_for_the_eye_only():
    answer = odds("20d20")
    (total,) = answer["display"]["charts"]
    xs = [x for x, _ in total["bars"]]
    assert len(answer["distribution"]) == 381 and xs == sorted(xs)
    assert len(xs) < 381 and all(p >= 0.0005 for _, p in total["bars"])
    assert answer["display"]["notes"] == ["The chart leaves out totals less likely than 0.05%."]
    figs = {f["key"]: f["value"] for f in answer["display"]["figures"]}
    assert figs == {"mean": "210", "min": "20", "max": "400"}


def test_odds_of_exploding_dice_say_the_tail_is_cut():
    answer = odds("1d6!")
    xs = [x for x, _ in answer["display"]["charts"][0]["bars"]]
    assert xs == sorted(xs) and xs[0] == 1
    assert answer["display"]["notes"][0].startswith("Exploding dice: each series is cut")


def test_odds_too_big_stays_an_error_with_its_code():
    with pytest.raises(InvalidRequest) as err:
        odds("100d100kh50")
    assert err.value.code == "odds_too_big" and err.value.field == "expression"
    assert err.value.to_dict()["odds_only"] is True
    assert roll("100d100kh50", seed=1)["card"]["key"]["label"] == "Total"


def test_catalog_examples_and_initial():
    (p,) = api.catalog()["systems"]["dice"]["checks"]["roll"]["params"]
    assert p["examples"] == dice_roller.EXAMPLES
    assert p["initial"] == "3d6" and p["required"] is True
    # examples a player recognises, and the notation reference one tap away
    for example in ("2d20kh1", "2d6r<2", "2d6ro<2", "8d10>=8", "4dF+2", "{1d8!, 1d6!}kh1"):
        assert example in p["examples"]
    assert p["example_labels"]["2d20kh1"].startswith("advantage")
    assert p["reference"]["title"] == "Dice notation"
    written = [row[0] for row in p["reference"]["rows"]]
    assert "kh3, kl1, k2" in written and "Changed" in written
    # every example rolls and has odds
    for example in p["examples"]:
        assert api.resolve({"system": "dice", "check": "roll", "expression": example, "seed": 1})
        assert api.odds({"system": "dice", "check": "roll", "expression": example})["distribution"]


def test_roll_card_and_roll_odds_serve_another_check():
    # Shadows of the Unknown's dice check calls these two with its own context
    ctx = Context(check_label="Dice", outcome_labels={"rolled": "Rolled"},
                  tones={"rolled": "neutral"}, characters={"": "Mara"})
    result = dict(roll("2D6-2", [3, 5]), outcome="rolled")
    c = view.roll_card(ctx, {"expression": "2D6-2"}, result)
    assert c.to_dict()["title"] == "2d6 - 2" and c.to_dict()["subject"] == "Mara"
    assert c.line == "Mara: 2d6 - 2 = 6"
    o = view.roll_odds(ctx, {"expression": "2D6-2"}, dice_roller.odds({"expression": "2D6-2"}))
    assert [x for x, _ in o.charts[0].bars] == list(range(0, 11))


# -- sorting (s, sa, sd): the card draws a sorted term's dice in that order -------
def group_values(result, group):
    return [result["rolls"][i]["value"] for i in group["dice"]]


def test_sorted_term_is_drawn_sorted_and_rolls_stay_in_rolling_order():
    r = roll("4d6sd", [3, 6, 1, 5])
    assert [d["value"] for d in r["rolls"]] == [3, 6, 1, 5]  # entered dice depend on this order
    assert r["terms"][0]["values"] == [6, 5, 3, 1]
    assert r["card"]["groups"] == [{"title": "4d6sd", "summary": "sorted, highest first", "dice": [1, 3, 0, 2]}]
    assert group_values(r, r["card"]["groups"][0]) == [6, 5, 3, 1]


@pytest.mark.parametrize("seed", range(1, 6))
def test_sorted_term_with_seeded_dice(seed):
    r = roll("5d6sa", seed=seed)
    group = r["card"]["groups"][0]
    assert sorted(group["dice"]) == list(range(5))
    assert group_values(r, group) == sorted(d["value"] for d in r["rolls"])


def test_sorted_chains_rerolls_and_drops_keep_their_dice_together():
    # 3d6!sa: 6 -> 2 = 8 is one chain, drawn last (highest), its dice together
    r = roll("3d6!sa", [6, 2, 4, 1])
    assert r["card"]["groups"][0]["dice"] == [3, 2, 0, 1]
    assert group_values(r, r["card"]["groups"][0]) == [1, 4, 6, 2]
    # 3d6r1sa: the rerolled 1 (index 0) comes after the sorted dice
    r = roll("3d6r1sa", [1, 4, 3, 2])
    assert r["card"]["groups"][0]["dice"] == [3, 2, 1, 0]
    # 4d6kh3sa: the dropped die sorts with the others
    r = roll("4d6kh3sa", [3, 6, 1, 5])
    assert group_values(r, r["card"]["groups"][0]) == [1, 3, 5, 6]
    assert r["card"]["dice"][2]["marks"] == ["dropped"]


def test_only_sorted_terms_are_groups_and_unsorted_expressions_have_none():
    r = roll("1d20 + 3d6sd[fire]", [12, 2, 6, 4])
    assert r["card"]["groups"] == [{"title": "fire (3d6sd)", "summary": "sorted, highest first",
                                    "dice": [2, 3, 1]}]
    assert roll("3d6", [2, 6, 4])["card"]["groups"] == []


def test_the_roll_card_has_the_shape_of_the_display_models_card():
    # roll_card builds the card straight as dicts (up to 100,000 dice): the
    # keys the display model's Card.to_dict writes, each die as DieView.to_dict
    from tablecheck.display.model import Card, DieView, Figure, Group, Headline
    model = Card(title="t", headline=Headline("Rolled", "neutral"), line="l",
                 key=Figure("Total", "1", "total"), facts=[Figure("Min", "1", "min")],
                 groups=[Group("4d6sa", "sorted", [0])], dice=[]).to_dict()
    die = DieView("d6", ["n"], die="dF", face="+", marks=["dropped"]).to_dict()
    r = roll("{4dF, 1d4}kh1 + 4d6!kh3sa + 1d8r1 # hit", seed=3)
    card = r["card"]
    assert set(card) == set(model)
    assert set(card["headline"]) == set(model["headline"])
    assert set(card["key"]) == set(model["key"])
    assert all(set(f) == set(model["facts"][0]) for f in card["facts"])
    assert all(set(g) == set(model["groups"][0]) for g in card["groups"]) and card["groups"]
    assert len(card["dice"]) == len(r["rolls"])
    assert all({"label", "notes"} <= set(d) <= set(die) for d in card["dice"])
