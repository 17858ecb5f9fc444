"""Freedom Fantasies' d20s (games/freedom_fantasies/d20.py): advantages and
disadvantages, the kept die, its exact distribution against enumeration."""

import pytest

from tablecheck.dice import Dist
from tablecheck.errors import InvalidRequest
from tablecheck.games.freedom_fantasies.d20 import kept_dist

from .helpers import COUNTS, brute, resolve


@pytest.mark.parametrize("params, n, highest", [
    pytest.param({}, 1, None, id="rule: no advantage rolls one d20"),
    pytest.param({"advantages": 1}, 2, True, id="rule: one advantage adds a d20, keep highest"),
    pytest.param({"disadvantages": 1}, 2, False, id="rule: one disadvantage adds a d20, keep lowest"),
    pytest.param({"advantages": 2, "disadvantages": 1}, 2, True,
                 id="rule: cancellation 2 adv + 1 dis = 2 dice keep highest"),
    pytest.param({"advantages": 1, "disadvantages": 3}, 3, False,
                 id="rule: cancellation 1 adv + 3 dis = 3 dice keep lowest"),
    pytest.param({"advantages": 2, "disadvantages": 2}, 1, None,
                 id="rule: cancellation 2 adv + 2 dis = 1 die"),
    pytest.param({"advantages": 9}, 10, True, id="rule: no limit to advantages"),
    pytest.param({"talent": True}, 2, True, id="rule: a Talent gives advantage"),
    pytest.param({"talent": True, "specialism": True}, 3, True,
                 id="rule: a Talent and a Specialism each give one advantage"),
    pytest.param({"unfamiliar": True}, 2, False, id="rule: an unfamiliar tool gives disadvantage"),
    pytest.param({"talent": True, "unfamiliar": True}, 1, None,
                 id="rule: experience negates the tool disadvantage / toggles cancel"),
    pytest.param({"advantages": 1, "talent": True, "disadvantages": 1}, 2, True,
                 id="reading: counts and toggles add up before cancelling"),
])
def test_advantage_dice_count_and_kept_die(params, n, highest):
    faces = [7, 15, 3, 11, 19, 2, 8, 13, 5, 17][:n]
    r = resolve("skill", bonus=0, dc=10, dice=faces, **params)
    assert r["d20s"] == faces
    assert len(r["rolls"]) == n
    expected = max(faces) if highest else min(faces) if highest is False else faces[0]
    assert r["kept"] == expected
    kept = [d for d in r["rolls"] if d["kept"]]
    assert len(kept) == 1 and kept[0]["value"] == expected
    assert all(d["sides"] == 20 for d in r["rolls"])


def test_advantage_dice_carry_keep_info_for_the_page():
    r = resolve("skill", bonus=0, dc=10, disadvantages=1, dice=[12, 4])
    assert [d["keep"] for d in r["rolls"]] == ["lowest", "lowest"]
    assert "keep" not in resolve("skill", bonus=0, dc=10, dice=[12])["rolls"][0]


def test_kept_die_ties_mark_only_the_first():
    r = resolve("skill", bonus=0, dc=10, advantages=2, dice=[12, 12, 4])
    assert [d["kept"] for d in r["rolls"]] == [True, False, False]


def test_advantage_labels_say_what_the_die_is_for():
    with pytest.raises(InvalidRequest) as err:
        resolve("skill", bonus=0, dc=10, advantages=2, disadvantages=1, dice=[3])
    assert err.value.field == "dice"
    assert "1 more die needed" in err.value.message
    assert err.value.extra["needed"] == [{"sides": 20, "label": "d20 2 of 2 (keep highest)"}]


def test_cancellation_step_names_the_arithmetic():
    r = resolve("skill", bonus=0, dc=10, advantages=2, disadvantages=1, talent=True, dice=[4, 9, 1])
    text = " ".join(r["steps"])
    assert "Advantages 2 + Talent = 3" in text
    assert "net +2" in text and "keep the highest" in text
    assert r["advantages"] == 3 and r["disadvantages"] == 1 and r["net_advantage"] == 2


@pytest.mark.parametrize("adv, dis", COUNTS)
def test_kept_die_distribution_equals_brute_force_and_shared_dist(adv, dis):
    net = adv - dis
    probs = brute(adv, dis, lambda f: f)
    assert kept_dist(net).probs() == probs
    d20 = Dist.uniform(20)
    shared = d20.max_of(1 + net) if net >= 0 else d20.min_of(1 - net)
    assert kept_dist(net) == shared
