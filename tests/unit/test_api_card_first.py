"""api.resolve's `card_first` (issue 29, item 3; docs/api-additions.md): the
card first, without what takes long to work out (The Dark Eye's reroll
advice), and `later` when something was left out; the whole card is the
answer to the result's `replay`. Without the option every answer stays as
it was (tools/answers.py)."""

import pytest

from every_check import REQUESTS
from tablecheck import api

SKILL = {"system": "dark_eye", "check": "skill", "attributes": [12, 13, 11], "names": ["COU", "AGI", "STR"],
         "rating": 4}


def _both(request):
    return api.resolve(request), api.resolve(dict(request, card_first=True))


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: f"{r['system']}-{r['check']}")
@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_card_first_changes_only_the_card_and_replay_gives_the_whole_card(request_, seed):
    full, quick = _both(dict(request_, seed=seed))
    assert {k: v for k, v in quick.items() if k != "card"} == {k: v for k, v in full.items() if k != "card"}
    assert "card_first" not in quick["replay"]
    if quick["card"].get("later"):
        assert api.resolve(quick["replay"])["card"] == full["card"]
    else:
        assert quick["card"] == full["card"]
    assert "later" not in full["card"]
    for action in quick["card"]["actions"]:
        assert "card_first" not in action["request"]


def test_rule_fate_point_advice_left_for_later_on_a_failed_skill_check():
    # rules.md "Fate points (FtP)": a failed throw may be rerolled; the advice
    # (exact odds of each choice) is the slow part and comes with the whole card
    full, quick = _both(dict(SKILL, dice=[15, 3, 16]))
    assert quick["card"]["later"] is True
    assert quick["card"]["actions"] == [] and quick["card"]["tables"] == []
    assert [a["label"] for a in full["card"]["actions"]][0] == "Reroll STR 16"
    assert full["card"]["tables"][0]["key"] == "advice_fate_point"
    same = ("title", "subject", "headline", "key", "facts", "groups", "choices", "dice")
    assert {k: quick["card"][k] for k in same} == {k: full["card"][k] for k in same}
    assert quick["line"] == full["line"]


def test_rule_a_botch_offers_no_fate_point_so_nothing_comes_later():
    # rules.md: a botch cannot be rerolled: no advice, the card is whole at once
    full, quick = _both(dict(SKILL, dice=[20, 20, 5]))
    assert quick["outcome"] in ("botch", "spectacular_botch")
    assert "later" not in quick["card"] and quick["card"] == full["card"]


def test_a_card_first_follow_up_gives_its_whole_card_from_its_replay():
    # an aptitude reroll still offers a fate point: its advice comes later too
    request = dict(SKILL, aptitude=True, reroll={"rule": "aptitude", "dice": [3]}, first_throw=[15, 3, 16],
                   dice=[18])
    full, quick = _both(request)
    assert quick["card"].get("later") is True
    assert api.resolve(quick["replay"])["card"] == full["card"]


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_card_first_must_be_true_or_false(value):
    with pytest.raises(api.InvalidRequest) as e:
        api.resolve(dict(SKILL, card_first=value))
    assert e.value.field == "card_first" and e.value.code == "type"
    assert "true or false" in str(e.value)


def test_card_first_false_is_the_plain_answer():
    full = api.resolve(dict(SKILL, dice=[15, 3, 16]))
    plain = api.resolve(dict(SKILL, dice=[15, 3, 16], card_first=False))
    assert plain == full
