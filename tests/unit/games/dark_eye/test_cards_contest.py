"""The competitive and group competitive cards (games/dark_eye/cards_contest.py)."""

import pytest

from dark_eye_card_help import resolve, odds, hero, assert_readable, key_in_line


# -- competitive ---------------------------------------------------------------------------
COMPETITIVE = dict(a=hero(6, names=["COU", "AGI", "STR"]), b=hero(4), dice=[3, 5, 14, 12, 13, 4])


def test_competitive_card_names_the_winner_with_the_final_ql_and_a_group_per_side():
    r = resolve("competitive", **COMPETITIVE, characters={"a": "Alrik"})
    c = r["card"]
    assert r["outcome"] == "a_wins"
    assert c["subject"] == "Alrik vs Side B"
    assert c["headline"] == {"label": "Alrik wins", "tone": "neutral"}
    assert c["key"] == {"label": "Final QL", "value": "1", "key": "quality_level"}
    assert c["groups"] == [{"title": "Alrik", "summary": "Success, QL 2", "dice": [0, 1, 2]},
                           {"title": "Side B", "summary": "Success, QL 1", "dice": [3, 4, 5]}]
    assert [r["rolls"][i]["value"] for i in c["groups"][1]["dice"]] == r["b"]["dice"]
    assert [d["label"] for d in c["dice"]] == ["COU die", "AGI die", "STR die", "attribute 1 die",
                                               "attribute 2 die", "attribute 3 die"]
    assert c["notes"] == ["QL 2 against QL 1: the final QL is the difference."]
    assert r["line"] == "Alrik vs Side B, Competitive check: Alrik wins, final QL 1"
    assert_readable(r)


@pytest.mark.parametrize("side, tone", [(None, "neutral"), ("a", "good"), ("b", "bad")])
def test_competitive_tone_is_neutral_unless_the_page_is_on_a_side(side, tone):
    r = resolve("competitive", **COMPETITIVE, side=side)
    assert r["card"]["headline"] == {"label": "Side A wins", "tone": tone}


def test_competitive_without_names_has_no_subject_and_takes_the_sides_labels():
    r = resolve("competitive", **COMPETITIVE, labels={"a": "Stealth", "b": "Perception"})
    assert r["card"]["subject"] is None
    assert r["card"]["title"] == "Competitive check: Stealth vs Perception"
    assert r["line"] == "Stealth vs Perception: Side A wins, final QL 1"


@pytest.mark.parametrize("params, outcome, head, notes", [
    (dict(a=hero(6), b=hero(6), dice=[3, 4, 5, 3, 4, 5], passive="b"), "b_wins", "Guard wins",
     ["A tie at QL 2: the passive side, Guard, wins with QL 1."]),
    (dict(a=hero(6), b=hero(6), dice=[3, 4, 5, 3, 4, 5]), "unresolved", "Unresolved",
     ["A tie at QL 2 and no passive side: neither wins."]),
    (dict(a=hero(0, (0, 12, 12)), b=hero(4), dice=[20, 20, 4]), "unresolved", "Unresolved",
     ["Guard's botch counts as an automatic failure.",
      "Both sides fail and there is no passive side: neither wins."]),
    (dict(a=hero(6), b=hero(20), dice=[1, 1, 9, 2, 3, 4]), "a_wins", "Alrik wins",
     ["Alrik's critical success wins automatically."]),
], ids=["rule competitive: a tie goes to the passive side",
        "rule competitive: a tie without a passive side is unresolved",
        "reading competitive: a botch is an automatic failure; both fail, no passive side",
        "rule competitive: a critical beats a higher QL"])
def test_competitive_notes_say_why(params, outcome, head, notes):
    r = resolve("competitive", **params, characters={"a": "Alrik", "b": "Guard"})
    assert r["outcome"] == outcome
    c = r["card"]
    assert c["headline"]["label"] == head and c["headline"]["tone"] == "neutral"
    assert c["notes"] == notes
    assert (c["key"] is None) == (outcome == "unresolved")
    key_in_line(r)
    assert_readable(r)


def test_competitive_groups_skip_a_side_that_rolled_no_dice():
    # side A has an EAV below 1: its check rolls no dice, B's three dice come first
    r = resolve("competitive", a=hero(4, (0, 12, 12)), b=hero(4), dice=[3, 4, 5])
    groups = r["card"]["groups"]
    assert groups[0] == {"title": "Side A", "summary": "Automatic failure (an EAV below 1)", "dice": []}
    assert groups[1]["dice"] == [0, 1, 2]
    assert r["card"]["headline"]["label"] == "Side B wins"


# -- group competitive ------------------------------------------------------------------------
def test_group_competitive_groups_per_side_per_member_with_their_dice():
    r = resolve("group_competitive", a=[hero(5, name="Alrik"), hero(3)], b=[hero(8)],
                dice=[3, 5, 4, 6, 7, 8, 9, 10, 11], passive="a",
                characters={"b[0]": "Gerda"})
    c = r["card"]
    assert [g["title"] for g in c["groups"]] == ["Side A · Alrik", "Side A · hero 2",
                                                 "Side B · Gerda"]
    assert [g["dice"] for g in c["groups"]] == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    for g, member in zip(c["groups"], r["a"] + r["b"]):
        assert [r["rolls"][i]["value"] for i in g["dice"]] == member["dice"]
    assert c["subject"] == "Side A vs Gerda"
    assert c["facts"] == [{"label": "Side A QL", "value": "3", "key": "side_quality.a"},
                          {"label": "Side B QL", "value": "3", "key": "side_quality.b"},
                          {"label": "Passive side", "value": "Side A", "key": "passive"}]
    assert c["headline"] == {"label": "Side A wins", "tone": "neutral"}
    assert c["notes"] == ["A tie at QL 3: the passive side, Side A, wins with QL 1."]
    key_in_line(r)
    assert_readable(r)


def test_group_competitive_rule_a_botch_discards_the_sides_ql():
    r = resolve("group_competitive", a=[hero(6), hero(6)], b=[hero(6)],
                dice=[3, 4, 5, 20, 20, 5, 7, 8, 9], side="b")
    c = r["card"]
    assert r["outcome"] == "b_wins"
    assert c["facts"][0] == {"label": "Side A QL", "value": "botch (QL discarded)",
                             "key": "side_quality.a"}
    assert c["headline"] == {"label": "Side B wins", "tone": "good"}
    assert c["notes"] == ["Side A's botch counts as an automatic failure."]


def test_group_competitive_reading_a_members_critical_wins_and_is_named():
    # Alrik's double 1 (QL 1; with Gerda's QL 1 the side has 2) beats side B's QL 6
    r = resolve("group_competitive", a=[hero(4, name="Alrik"), hero(0, name="Gerda")],
                b=[hero(20)], dice=[1, 1, 20, 5, 5, 5, 3, 3, 3])
    c = r["card"]
    assert r["outcome"] == "a_wins" and r["quality_level"] == 1
    assert c["headline"]["label"] == "Side A wins"
    assert c["notes"] == ["Alrik's critical success wins automatically for Side A, as in a "
                          "competitive check."]
    assert [g["summary"] for g in c["groups"]][0] == "Critical success, QL 1"
    assert_readable(r)
    key_in_line(r)


def test_group_competitive_reading_a_botch_undoes_the_sides_critical():
    r = resolve("group_competitive", a=[hero(4, name="Alrik"), hero(4, name="Gerda")],
                b=[hero(4)], passive="b", dice=[1, 1, 5, 20, 20, 5, 5, 5, 5])
    c = r["card"]
    assert r["outcome"] == "b_wins"
    assert c["facts"][0]["value"] == "botch (QL discarded)"
    assert c["notes"] == ["Side A's botch counts as an automatic failure.",
                          "Alrik's critical success does not count: Gerda's botch discards "
                          "Side A's QL."]


def test_group_competitive_one_hero_a_side_notes_as_the_competitive_check():
    # the example: 1,1,20 against 5,5,5
    g = resolve("group_competitive", a=[hero(4)], b=[hero(4)], dice=[1, 1, 20, 5, 5, 5])
    c = resolve("competitive", a=hero(4), b=hero(4), dice=[1, 1, 20, 5, 5, 5])
    assert g["card"]["notes"] == c["card"]["notes"] == ["Side A's critical success wins "
                                                        "automatically."]
    assert g["card"]["headline"] == c["card"]["headline"]


def test_cumulative_card_shows_each_checks_own_modifier():
    r = resolve("cumulative", attributes=[12, 12, 12], rating=4, max_checks=3,
                modifiers=[0, 2, -1], dice=[18, 18, 5, 5, 5, 5, 5, 5, 5])
    assert [g["title"] for g in r["card"]["groups"]] == [
        "Check 1", "Check 2 (+2 this check, -1 penalty)", "Check 3 (-1 this check, -1 penalty)"]
    assert r["card"]["dice"][3]["notes"] == ["EAV 13"]
    view = odds("cumulative", attributes=[12, 12, 12], rating=4, max_checks=3,
                modifiers=[0, 2, -1])["display"]
    assert view["figures"][-1] == {"label": "Modifier per check", "value": "0, +2, -1",
                                   "key": "modifiers"}
