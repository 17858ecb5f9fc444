"""Issue 25, item 6: a modifier is part of what was rolled. Every check of
every game that takes one names each non-zero modifier on its card (a fact)
and in its history line (so a history search for "Climbing -2" finds the
roll); a modifier of 0 adds nothing. Item 9: the competitive summary names
the sides by their names, not A and B."""

import pytest

from tablecheck import api

HERO = {"attributes": [12, 13, 14], "rating": 7}
FF_TARGET = {"finesse": 2, "flair": 1, "defense": 1, "hit_points": 6}

# (request with modifiers, words in the line, facts {label: value} on the card)
CASES = [
    ({"system": "dark_eye", "check": "attribute", "value": 13, "modifier": -2, "labels": {"": "Climbing"}},
     "Climbing -2:", {"Modifier": "-2"}),
    ({"system": "dark_eye", "check": "skill", **HERO, "modifier": -2, "labels": {"": "Climbing"},
      "characters": {"": "Alrik"}},
     "Alrik, Climbing -2:", {"Modifier": "-2"}),
    ({"system": "dark_eye", "check": "skill", **HERO, "modifier": 3}, "Skill check +3:", {"Modifier": "+3"}),
    ({"system": "dark_eye", "check": "competitive", "a": {**HERO, "modifier": -2}, "b": {**HERO, "modifier": 1},
      "characters": {"a": "Alrik", "b": "Gerda"}},
     "Competitive check (Alrik -2; Gerda +1):", {"Alrik: Modifier": "-2", "Gerda: Modifier": "+1"}),
    ({"system": "dark_eye", "check": "cumulative", **HERO, "modifier": -1, "modifiers": [0, -2]},
     "Cumulative check -1:", {"Modifier": "-1", "Modifier per check": "0, -2"}),
    ({"system": "dark_eye", "check": "group", "members": [{**HERO, "modifier": -1}, HERO],
      "characters": {"members[0]": "Alrik"}},
     "Group check (cumulative), Alrik -1:", {"Alrik: Modifier": "-1"}),
    ({"system": "dark_eye", "check": "group_competitive", "a": [{**HERO, "modifier": 2}, HERO], "b": [HERO]},
     "Group check (competitive), hero 1 +2:", {"hero 1: Modifier": "+2"}),
    ({"system": "dark_eye", "check": "cumulative_skills", "max_checks": 6,
      "skills": [{**HERO, "skill": "Woodworking", "target": 4, "modifier": -3},
                 {**HERO, "skill": "Metalworking", "target": 3}]},
     "Woodworking and Metalworking (Woodworking -3):", {"Woodworking: Modifier": "-3"}),
    ({"system": "freedom_fantasies", "check": "skill", "bonus": 3, "other_bonus": -2, "dc": 10,
      "labels": {"": "Persuade"}},
     "Persuade, other bonuses -2:", {"Other bonuses": "-2"}),
    ({"system": "freedom_fantasies", "check": "attack", "bonus": 2, "other_bonus": 1, "damage_rating": 3,
      "target": FF_TARGET},
     "Attack Check, other bonuses +1:", {"Other bonuses": "+1"}),
    ({"system": "freedom_fantasies", "check": "effect", "bonus": 1, "other_bonus": -1, "dc": 15},
     "Effect Check, other bonuses -1:", {"Other bonuses": "-1"}),
    ({"system": "freedom_fantasies", "check": "opposed", "active": {"bonus": 3, "other_bonus": -1},
      "target": {"bonus": 2, "other_bonus": 2}, "characters": {"active": "Alrik"}},
     "(Alrik other bonuses -1; Target other bonuses +2):",
     {"Alrik: Other bonuses": "-1", "Target: Other bonuses": "+2"}),
    ({"system": "ax", "check": "flat", "attribute": 3, "difficulty": 12, "bonus": -2},
     "Flat check, bonus -2:", {"Bonuses and penalties": "-2"}),
    ({"system": "ax", "check": "contest", "sides": [{"attribute": 3, "bonus": -2}, {"attribute": 3, "bonus": 0}]},
     "Contest (Side 1 bonus -2):", {"Side 1: bonus": "-2"}),
    ({"system": "dungeons_of_olde", "check": "check", "stat": 8, "modification": -2, "adjustment": 1,
      "labels": {"": "Brawn"}},
     "Brawn, modification -2, adjustment +1:", {"Modification": "-2 (die ranks)", "Adjustment": "+1"}),
    ({"system": "dungeons_of_olde", "check": "scaling", "stat": 8, "modification": 1, "per_rank": 2},
     "Scaling challenge, modification +1:", {"Modification": "+1 (die ranks)"}),
    ({"system": "dungeons_of_olde", "check": "opposed", "instigator": {"stat": 8, "modification": -2},
      "target": {"stat": 8, "adjustment": 2}},
     "(Instigator modification -2; Target adjustment +2):",
     {"Modification": "-2 (die ranks)", "Target: Adjustment": "+2"}),
    ({"system": "dungeons_of_olde", "check": "assisted", "instigator": {"stat": 8, "adjustment": -1},
      "assistant": {"stat": 8, "modification": 1}, "cr": 9},
     "(Instigator adjustment -1; Assistant modification +1):",
     {"Adjustment": "-1", "Assistant: Modification": "+1 (die ranks)"}),
    ({"system": "dungeons_of_olde", "check": "effect", "stat": 8, "modification": -2, "count": 2},
     "Effect roll, modification -2:", {"Modification": "-2 (die ranks)"}),
]

# what each game calls a modifier (in [ax] the bonus; in Freedom Fantasies
# the bonus is the character's ability and "other bonuses" the situation's)
MODIFIERS = {"dark_eye": {"modifier", "modifiers"}, "freedom_fantasies": {"other_bonus"},
             "ax": {"bonus"}, "dungeons_of_olde": {"modification", "adjustment"}}


def without_modifiers(request):
    """The same request with every modifier 0 (a list of them left out)."""
    keys = MODIFIERS[request["system"]]

    def zero(v):
        if isinstance(v, dict):
            return {k: (0 if k in keys else zero(x)) for k, x in v.items() if k != "modifiers"}
        if isinstance(v, list):
            return [zero(x) for x in v]
        return v
    return zero(request)


def facts_of(card):
    return {f["label"]: f["value"] for f in card["facts"]}


@pytest.mark.parametrize("request_, words, facts", CASES, ids=[f"{c[0]['system']}.{c[0]['check']}" for c in CASES])
def test_every_non_zero_modifier_is_on_the_card_and_in_the_line(request_, words, facts):
    r = api.resolve({**request_, "seed": 5})
    assert words in r["line"], r["line"]
    shown = facts_of(r["card"])
    for label, value in facts.items():
        assert shown.get(label) == value, (label, shown)


@pytest.mark.parametrize("request_, words, facts", CASES, ids=[f"{c[0]['system']}.{c[0]['check']}" for c in CASES])
def test_modifiers_of_0_add_nothing(request_, words, facts):
    plain = without_modifiers(request_)
    r = api.resolve({**plain, "seed": 5})
    assert words not in r["line"]
    assert not set(facts) & set(facts_of(r["card"])), facts_of(r["card"])
    for fragment in (" -", " +", "bonus", "modification", "adjustment"):
        # nothing but the words of the rules speaks of a modifier
        assert fragment not in r["line"].split(":")[0], r["line"]


def test_every_check_with_a_modifier_is_covered():
    """A check whose form has a modifier field (at any depth) has a case above."""
    def fields(params):
        for p in params:
            yield p["name"]
            yield from fields(p.get("fields") or [])
            yield from fields((p.get("item") or {}).get("fields") or [])
    want = {(sid, cid) for sid, system in api.catalog()["systems"].items()
            for cid, check in system["checks"].items()
            if MODIFIERS.get(sid, set()) & set(fields(check["params"]))}
    covered = {(c[0]["system"], c[0]["check"]) for c in CASES}
    assert want - covered == set()
    assert len(want) == 18


def test_competitive_summary_names_the_sides():
    r = api.resolve({"system": "dark_eye", "check": "competitive", "a": HERO, "b": {**HERO, "rating": 12},
                     "characters": {"a": "Alrik", "b": "Gerda"}, "dice": [1, 2, 3, 4, 5, 6]})
    summary = r["card"]["summary"]
    head = r["card"]["headline"]["label"]
    assert summary.startswith(f"{head} with final QL {r['quality_level']}.") or summary.startswith(f"{head}.")
    assert "Alrik: " in summary and "Gerda: " in summary
    assert "A:" not in summary and "B:" not in summary and "B wins" not in summary
    # the rules' own summary is left as it is (api.md): the card's is the words for people
    assert "B wins" in r["summary"] or "A wins" in r["summary"]


def test_group_competitive_summary_names_the_sides():
    r = api.resolve({"system": "dark_eye", "check": "group_competitive", "a": [HERO, HERO], "b": [HERO],
                     "characters": {"a[0]": "Alrik"}, "seed": 3})
    summary = r["card"]["summary"]
    assert summary.startswith(r["card"]["headline"]["label"])
    assert "Side A: QL" in summary or "Side A: botch" in summary
    assert "A:" not in summary.replace("Side A:", "")


def test_a_card_without_its_own_summary_has_none():
    r = api.resolve({"system": "dark_eye", "check": "skill", **HERO, "seed": 1})
    assert "summary" not in r["card"]
