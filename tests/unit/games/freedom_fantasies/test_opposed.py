"""Freedom Fantasies opposed checks (games/freedom_fantasies/opposed.py):
forced dice and exact odds against brute force."""

from fractions import Fraction

import pytest

from .helpers import (SKILL_LABELS, all_rolls, bad, brute_skill_label, exact, full, kept_face, resolve)


@pytest.mark.parametrize("a_face, b_face, label", [
    pytest.param(8, 10, "fail", id="rule: opposed below the target's result fails"),
    pytest.param(9, 10, "partial_success", id="rule: opposed tie goes to the active side"),
    pytest.param(17, 9, "partial_success", id="rule: opposed target result is the DC (+9)"),
    pytest.param(19, 9, "fantastic_success", id="rule: opposed target result + 10 is fantastic"),
    pytest.param(20, 19, "critical_success", id="rule: opposed natural 20 is critical"),
    pytest.param(19, 20, "partial_success",
                 id="reading: the target's natural 20 only counts as 20 (no benefits)"),
])
def test_opposed_forced_dice(a_face, b_face, label):
    # active bonus 3, target bonus 2
    r = resolve("opposed", active={"bonus": 3}, target={"bonus": 2}, dice=[a_face, b_face])
    assert r["target_result"] == b_face + 2 == r["dc"]
    assert r["result"] == a_face + 3
    assert r["outcome"] == label


def test_opposed_gm_is_binary_and_both_sides_use_advantage():
    r = resolve("opposed", gm=True, active={"bonus": 0, "advantages": 1},
                target={"bonus": 0, "disadvantages": 1}, dice=[3, 18, 9, 2])
    assert r["kept"] == 18 and r["target_kept"] == 2 and r["outcome"] == "success"
    assert [d["label"] for d in r["rolls"]] == [
        "active d20 1 of 2 (keep highest)", "active d20 2 of 2 (keep highest)",
        "target d20 1 of 2 (keep lowest)", "target d20 2 of 2 (keep lowest)"]


def test_opposed_bad_input_names_nested_field():
    bad("opposed", "target.bonus", active={"bonus": 1}, target={"bonus": "x"})
    bad("opposed", "active.advantages", active={"bonus": 1, "advantages": -1}, target={"bonus": 1})
    bad("opposed", "target", active={"bonus": 1})


@pytest.mark.parametrize("a, b", [
    ({"bonus": 3}, {"bonus": 2}),
    ({"bonus": 1, "advantages": 1}, {"bonus": 4}),
    ({"bonus": 2, "disadvantages": 1}, {"bonus": 0, "advantages": 1}),
    ({"bonus": 0, "talent": True}, {"bonus": 1, "unfamiliar": True}),
])
@pytest.mark.parametrize("gm", [False, True])
def test_opposed_odds_equal_brute_force(a, b, gm):
    def count(side):
        return (side.get("advantages", 0) + side.get("talent", False),
                side.get("disadvantages", 0) + side.get("unfamiliar", False))
    aa, ad = count(a)
    ba, bd = count(b)
    na, nb = 1 + abs(aa - ad), 1 + abs(ba - bd)
    counts = {}
    for faces in all_rolls(na + nb):
        fa = kept_face(faces[:na], aa, ad)
        fb = kept_face(faces[na:], ba, bd)
        label = brute_skill_label(fa, fa + a["bonus"], fb + b["bonus"], gm)
        counts[label] = counts.get(label, 0) + 1
    want = {k: Fraction(c, 20 ** (na + nb)) for k, c in counts.items()}
    assert exact("opposed", active=a, target=b, gm=gm) == full(want, SKILL_LABELS)
