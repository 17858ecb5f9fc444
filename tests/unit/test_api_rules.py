"""odds and resolve apply the same rules (issue 25, "What to build" 4): the
rules across fields of every check (Check.rules) run for both before any die
or odds, so a request one refuses the other refuses the same way; odds refuse
dice they do not read instead of ignoring them. First each rule as a pair,
then the refusals only the odds make (a throw they do not read), then a
search over requests drawn from the catalog of every check."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from every_check import REQUESTS
from tablecheck import api
from tablecheck.dice.sources import filler_face
from tablecheck.errors import InvalidRequest

SKILL = {"system": "dark_eye", "check": "skill", "attributes": [12, 13, 14], "rating": 7}
ATTR = {"system": "dark_eye", "check": "attribute", "value": 12}
LOW = {**SKILL, "attributes": [0, 12, 12]}  # an EAV below 1: no dice are rolled
CUM = {"system": "dark_eye", "check": "cumulative", "attributes": [12, 12, 12], "rating": 7,
       "max_checks": 3}
HERO = {"attributes": [12, 13, 14], "rating": 7}
FF_TARGET = {"finesse": 2, "flair": 1, "defense": 1, "hit_points": 6}

# (request, field, code): each a rule both must apply, on requests resolve
# and odds would otherwise both take (a reroll names its dice and carries the
# throw on the table)
PAIRS = {
    "aptitude only in a skill with Aptitude": (
        {**SKILL, "reroll": {"rule": "aptitude", "dice": [2]}, "first_throw": [3, 15, 5]},
        "reroll.rule", "range"),
    "aptitude rerolls one die": (
        {**SKILL, "aptitude": True, "reroll": {"rule": "aptitude", "dice": [1, 2]},
         "first_throw": [3, 15, 17]}, "reroll.dice", "range"),
    "a die rerolled twice": (
        {**SKILL, "reroll": {"rule": "fate_point", "dice": [2, 2]}, "first_throw": [3, 15, 17]},
        "reroll.dice", "range"),
    "nothing to reroll at an EAV below 1": (
        {**LOW, "reroll": {"rule": "fate_point", "dice": [1]}, "first_throw": [3, 4, 5]},
        "reroll", "range"),
    "a skill throw at an EAV below 1": ({**LOW, "first_throw": [3, 4, 5]}, "first_throw", "range"),
    "a skill throw of 2 dice": (
        {**SKILL, "reroll": {"rule": "fate_point", "dice": [1]}, "first_throw": [3, 15]},
        "first_throw", "range"),
    "aptitude on an attribute check": (
        {**ATTR, "reroll": {"rule": "aptitude", "dice": [1]}, "first_throw": [15]},
        "reroll.rule", "range"),
    "an attribute throw without its confirmation": (
        {**ATTR, "reroll": {"rule": "fate_point", "dice": [1]}, "first_throw": [1]},
        "first_throw", "range"),
    "an attribute throw at an EAV below 1": (
        {**ATTR, "value": 3, "modifier": -5, "first_throw": [15]}, "first_throw", "range"),
    "cumulative partial QL not below the target": ({**CUM, "target": 4, "partial": 4}, "partial", "range"),
    "cumulative modifiers for more checks than allowed": (
        {**CUM, "modifiers": [1, 2, 3, 4]}, "modifiers", "range"),
    "group partial QL not below the target": (
        {"system": "dark_eye", "check": "group", "members": [HERO], "max_rounds": 2, "target": 3,
         "partial": 5}, "partial", "range"),
    "cumulative skills: an order naming no skill": (
        {"system": "dark_eye", "check": "cumulative_skills", "max_checks": 3,
         "skills": [{**HERO, "target": 2}], "order": [1, 2]}, "order[1]", "range"),
    "cumulative skills: partial QL not below all targets": (
        {"system": "dark_eye", "check": "cumulative_skills", "max_checks": 3, "partial": 4,
         "skills": [{**HERO, "target": 2}, {**HERO, "target": 2}]}, "partial", "range"),
    "ax group: a maximum below the required": (
        {"system": "ax", "check": "group", "members": [3, 3], "required": 3, "maximum": 2},
        "maximum", "range"),
    "ax contest: no side with dice": (
        {"system": "ax", "check": "contest", "sides": [{"attribute": 0}, {"attribute": 0}]},
        "sides", "range"),
    "ax table: highest difficulty below the lowest": (
        {"system": "ax", "check": "table", "min_difficulty": 12, "max_difficulty": 10},
        "max_difficulty", "range"),
    "FF attack: unarmed with a DR": (
        {"system": "freedom_fantasies", "check": "attack", "bonus": 1, "weapon": "unarmed",
         "damage_rating": 3, "target": FF_TARGET}, "damage_rating", "range"),
    "FF attack: an ability the weapon does not use": (
        {"system": "freedom_fantasies", "check": "attack", "bonus": 1, "weapon": "unarmed",
         "ability": "focus", "damage_rating": 1, "target": FF_TARGET}, "ability", "choice"),
    "FF effect: two ways to set the DC": (
        {"system": "freedom_fantasies", "check": "effect", "bonus": 1, "dc": 12,
         "source_ability": 2}, "source_ability", "range"),
    "FF effect: a Spell DC without FOCUS": (
        {"system": "freedom_fantasies", "check": "effect", "bonus": 1, "spell_flair": 2},
        "spell_focus", "required"),
    "Shadows: automatic success at rating 0": (
        {"system": "shadows_of_the_unknown", "check": "task", "rating": 0,
         "difficulty": "automatic"}, "difficulty", "range"),
}


def refusal(call, request):
    with pytest.raises(InvalidRequest) as err:
        call(request)
    return err.value.field, err.value.code


@pytest.mark.parametrize("request_, field, code", PAIRS.values(), ids=PAIRS)
def test_resolve_and_odds_refuse_alike(request_, field, code):
    assert refusal(api.resolve, {**request_, "seed": 1}) == (field, code)
    assert refusal(api.resolve, request_) == (field, code)  # secure dice
    assert refusal(api.resolve, {**request_, "dice": [filler_face(20)] * 3}) == (field, code)
    assert refusal(api.odds, request_) == (field, code)


def test_the_rules_do_not_refuse_what_both_take():
    """The requests of PAIRS put right are taken by both (so each pair's
    refusal is its rule's)."""
    right = [
        {**SKILL, "aptitude": True, "reroll": {"rule": "aptitude", "dice": [2]}, "first_throw": [3, 15, 5]},
        {**SKILL, "reroll": {"rule": "fate_point", "dice": [1, 2]}, "first_throw": [3, 15, 17]},
        {**ATTR, "reroll": {"rule": "fate_point", "dice": [1]}, "first_throw": [1, 15]},
        {**CUM, "target": 4, "partial": 3, "modifiers": [1, 2, 3]},
        {"system": "ax", "check": "group", "members": [3, 3], "required": 3, "maximum": 3},
        {"system": "freedom_fantasies", "check": "effect", "bonus": 1, "spell_flair": 2, "spell_focus": 1},
    ]
    for request in right:
        api.resolve({**request, "seed": 1})
        api.odds(request)


# -- what only the odds refuse: a throw they do not read --------------------------------
@pytest.mark.parametrize("request_", REQUESTS, ids=[f"{r['system']}-{r['check']}" for r in REQUESTS])
def test_odds_refuse_dice_they_do_not_read(request_):
    assert refusal(api.odds, {**request_, "dice": [2]}) == ("dice", "dice_extra")
    assert api.odds({**request_, "dice": []})["outcomes"] == api.odds(request_)["outcomes"]


def test_odds_read_a_throw_only_to_advise_a_reroll():
    advice = {**SKILL, "reroll": {"rule": "fate_point"}, "first_throw": [16, 3, 17]}
    assert refusal(api.odds, {**advice, "dice": [2]}) == ("dice", "dice_extra")  # the throw is first_throw
    assert refusal(api.odds, {**SKILL, "first_throw": [16, 3, 17]}) == ("first_throw", "dice_extra")
    assert refusal(api.odds, {**ATTR, "first_throw": [16]}) == ("first_throw", "dice_extra")
    # +1 QL is spent on a throw already made
    assert refusal(api.odds, {**SKILL, "fate_point_ql": True}) == ("fate_point_ql", "range")
    api.resolve({**SKILL, "fate_point_ql": True, "first_throw": [3, 4, 5]})
    assert api.odds({**SKILL, "fate_point_ql": False})["outcomes"] == api.odds(SKILL)["outcomes"]


def test_odds_check_the_dice_and_seed_as_resolve_does():
    for bad, field in (({"seed": "x"}, "seed"), ({"dice": 3}, "dice"), ({"seed": 1, "dice": [2]}, "dice")):
        assert refusal(api.odds, {**SKILL, **bad})[0] == field == refusal(api.resolve, {**SKILL, **bad})[0]
    assert api.odds({**SKILL, "seed": 5})["outcomes"] == api.odds(SKILL)["outcomes"]


def test_the_advice_takes_the_faces_resolve_takes():
    ints = api.odds({**SKILL, "reroll": {"rule": "fate_point"}, "dice": [16, 3, 17]})
    floats = api.odds({**SKILL, "reroll": {"rule": "fate_point"}, "dice": [16.0, 3.0, 17.0]})
    assert floats["choices"] == ints["choices"]
    assert refusal(api.odds, {**SKILL, "reroll": {"rule": "fate_point"}, "dice": [16, 2.5, 17]}) == \
        ("dice[1]", "dice_face")


# -- a search over the catalog: every check, requests drawn from its parameters -----------
CATALOG = api.catalog()["systems"]
CHECKS = [(s, c) for s, system in CATALOG.items() for c in system["checks"]]
SEEDS = (1, 2, 3, 4)
# refusals by design on one side only: resolve must name the dice it rerolls
# (the odds advise which); the odds need the throw to advise on, read no
# throw otherwise, and refuse exact odds that would take too long
RESOLVE_ONLY = {("reroll.dice", "required")}
ODDS_ONLY = {("dice", "required"), ("first_throw", "dice_extra"), ("fate_point_ql", "range")}


def value_of(p):
    """A strategy for a value of catalog parameter `p` (small numbers)."""
    kind = p["type"]
    low, high = max(p.get("min", -5), -5), min(p.get("max", 25), 25)
    if kind == "int":
        out = st.integers(low, high)
    elif kind == "bool":
        out = st.booleans()
    elif kind == "choice":
        out = st.sampled_from([c["value"] for c in p["choices"]])
    elif kind == "int_or_choice":
        out = st.integers(low, high) | st.sampled_from([c["value"] for c in p["choices"]])
    elif kind == "string":
        examples = p.get("examples") or ["Climbing"]
        out = st.sampled_from(examples)
    elif kind == "object":
        out = st.fixed_dictionaries({}, optional={f["name"]: value_of(f) for f in p["fields"]})
    else:  # list
        out = st.lists(value_of(p["item"]), min_size=p.get("min_items", 0),
                       max_size=min(p.get("max_items", 4), 4))
    return (st.none() | out) if p.get("nullable") else out


def requests_of(system, check):
    params = CATALOG[system]["checks"][check]["params"]
    return st.fixed_dictionaries({"system": st.just(system), "check": st.just(check)},
                                 optional={p["name"]: value_of(p) for p in params})


def answer(call, request):
    try:
        call(request)
        return None
    except InvalidRequest as exc:
        return exc.field, exc.code


@pytest.mark.parametrize("system, check", CHECKS, ids=[f"{s}-{c}" for s, c in CHECKS])
@settings(max_examples=25, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_what_either_refuses_the_other_refuses_alike(system, check, data):
    request = data.draw(requests_of(system, check))
    odds = answer(api.odds, request)
    if odds and odds[1] == "odds_too_big":
        return
    rolled = {answer(api.resolve, {**request, "seed": s}) for s in SEEDS}
    if None not in rolled and len(rolled) == 1:  # refused whatever the dice
        (refused,) = rolled
        if refused not in RESOLVE_ONLY and odds not in ODDS_ONLY:
            assert odds == refused, request
    if odds is not None and odds not in ODDS_ONLY:
        assert rolled == {odds}, request
