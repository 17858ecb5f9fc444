"""Requests The Dark Eye refuses, one or more for each refusal of its rules
(games/dark_eye/*.py) and of entered dice, shared by the tests that word
them in each language (tests/unit/games/dark_eye/test_cards_in_german.py,
tests/unit/test_api_locale.py): (api call, request)."""

import copy

S = {"system": "dark_eye"}
SK = dict(S, check="skill", attributes=[12, 12, 12], rating=4)
AT = dict(S, check="attribute", value=11)
ONE_SKILL = [{"attributes": [12, 12, 12], "rating": 4, "target": 2, "skill": "Climbing"}]
HERO = {"clientVersion": "1.5.2", "name": "Alrike",
        "attr": {"values": [{"id": f"ATTR_{i}", "value": 12} for i in range(1, 9)]},
        "talents": {}, "activatable": {}}


def _hero(**change):
    hero = copy.deepcopy(HERO)
    hero.update(change)
    return hero


def _attributes(values):
    return _hero(attr={"values": values})


RULES = [
    ("resolve", dict(SK, reroll={"rule": "fate_point", "dice": [1]}, dice=[20, 20, 3, 5])),
    ("resolve", dict(AT, reroll={"rule": "fate_point", "dice": [1]}, dice=[20, 18, 5])),
    ("odds", dict(AT, reroll={"rule": "fate_point"}, dice=[20, 20])),
    ("odds", dict(SK, reroll={"rule": "fate_point"}, dice=[20, 20, 3])),
    ("resolve", dict(SK, fate_point_ql=True, dice=[20, 19, 18])),
    ("resolve", dict(SK, rating=18, attributes=[18, 18, 18], fate_point_ql=True, dice=[1, 2, 1])),
    ("resolve", dict(SK, reroll={"rule": "fate_point"}, dice=[5, 5, 5])),
    ("resolve", dict(AT, reroll={"rule": "aptitude", "dice": [1]}, dice=[5, 5])),
    ("resolve", dict(SK, reroll={"rule": "aptitude", "dice": [1]}, dice=[5, 5, 5, 5])),
    ("resolve", dict(SK, reroll={"rule": "fate_point", "dice": [1, 1]}, dice=[5, 5, 5, 5])),
    ("resolve", dict(SK, aptitude=True, reroll={"rule": "aptitude", "dice": [1, 2]}, dice=[5, 5, 5, 5, 5])),
    ("resolve", dict(SK, modifier=-20, reroll={"rule": "fate_point", "dice": [1]})),
    ("resolve", dict(AT, modifier=-20, reroll={"rule": "fate_point", "dice": [1]})),
    ("resolve", dict(SK, modifier=-20, first_throw=[5, 5, 5])),
    ("resolve", dict(SK, first_throw=[5, 5], reroll={"rule": "fate_point", "dice": [1]}, dice=[3])),
    ("resolve", dict(AT, first_throw=[1], reroll={"rule": "fate_point", "dice": [1]}, dice=[3])),
    ("odds", dict(SK, first_throw=[5, 5, 5])),
    ("odds", dict(SK, fate_point_ql=True)),
    ("odds", dict(SK, reroll={"rule": "fate_point"})),
    ("odds", dict(SK, reroll={"rule": "fate_point"}, dice=[5, 5])),
    ("odds", dict(SK, reroll={"rule": "fate_point"}, dice=[5, 5, 5, 5])),
    ("resolve", dict(S, check="cumulative", attributes=[12, 12, 12], rating=4, max_checks=3, target=5,
                     partial=6)),
    ("resolve", dict(S, check="cumulative", attributes=[12, 12, 12], rating=4, max_checks=2, target=5,
                     modifiers=[1, 2, 3])),
    ("resolve", dict(S, check="cumulative_skills", skills=ONE_SKILL, max_checks=2, partial=3)),
    ("resolve", dict(S, check="cumulative_skills", skills=ONE_SKILL, max_checks=2, order=[1, 1, 1])),
    ("resolve", dict(S, check="cumulative_skills", skills=ONE_SKILL, max_checks=2, order=[3])),
    ("odds", dict(S, check="cumulative_skills", max_checks=40,
                  skills=[{"attributes": [12, 12, 12], "rating": 4, "target": 40}] * 6)),
    ("resolve", dict(S, check="group", members=[{"attributes": [12, 12, 12], "rating": 4}], max_rounds=2,
                     target=5, partial=9)),
]
# the dice a check still needs, too many, faces a die has not (dice/sources.py)
DICE = [
    ("resolve", dict(SK, dice=[5])),
    ("resolve", dict(SK, names=["COU", "AGI", "STR"], dice=[5])),
    ("resolve", dict(SK, dice=[5] * 30)),
    ("resolve", dict(SK, dice=[5, 5, 5, 6])),
    ("resolve", dict(SK, dice=[5, 5, 25])),
    ("resolve", dict(SK, dice=[5, 5, "x"])),
    ("resolve", dict(SK, dice=[5, 5, [1]])),
    ("resolve", dict(SK, dice=5)),
    ("resolve", dict(SK, dice=[5], seed=3)),
    ("resolve", dict(SK, seed="x")),
    ("resolve", dict(S, check="cumulative", attributes=[12, 12, 12], rating=4, max_checks=3, dice=[])),
    ("resolve", dict(S, check="competitive", a={"attributes": [12, 12, 12], "rating": 4},
                     b={"attributes": [12, 12, 12], "rating": 4}, dice=[3])),
    ("odds", dict(S, check="competitive", a={"attributes": [12, 12, 12], "rating": 4},
                  b={"attributes": [12, 12, 12], "rating": 4}, dice=[3])),
]
OPTOLITH = [None, [], "x" * 100, {}, {"name": "Alrike"}, {"version": "0.2.2", "skills": []},
            _hero(clientVersion="abc"), _hero(clientVersion="0.1.0"), _hero(name=""), _hero(attr=3),
            _hero(talents=[]), _hero(activatable=3), _attributes(3), _attributes([1] * 9), _attributes([3]),
            _attributes([{"id": "ATTR_9", "value": 3}]),
            _attributes([{"id": "ATTR_1", "value": 3}, {"id": "ATTR_1", "value": 3}]),
            _attributes([{"id": "ATTR_1", "value": 3}]), _attributes([{"id": "ATTR_1", "value": "x"}]),
            _attributes([{"id": "ATTR_1", "value": 99}]), _hero(talents={"TAL_3": 1.5}),
            _hero(talents={"TAL_3": 99}), _hero(activatable={"ADV_4": 3}),
            _hero(activatable={"ADV_4": [{"sid": "TAL_3"}] * 101}), _hero(activatable={"ADV_4": [3]}),
            _hero(activatable={"ADV_4": [{"sid": 3}]}), _hero(activatable={"ADV_14": [{"tier": 9}]}),
            _hero(activatable={"ADV_14": [{"tier": "x"}]})]
IMPORTS = [("import_character", {"system": "dark_eye", "format": "optolith", "data": data}) for data in OPTOLITH]
REFUSALS = RULES + DICE + IMPORTS
