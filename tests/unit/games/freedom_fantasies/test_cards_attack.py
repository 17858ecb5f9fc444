"""Freedom Fantasies attack cards (games/freedom_fantasies/cards_attack.py):
cards, history lines and odds views through the API with forced dice."""

import pytest

from .card_helpers import (TARGET_DC7, assert_readable, facts, figures, odds, resolve, rows_match_odds)


def test_attack_card_miss_has_the_result_as_key_and_the_counter_note():
    r = resolve("attack", bonus=2, damage_rating=3, target=TARGET_DC7, dice=[1])
    c = r["card"]
    assert c["headline"] == {"label": "Miss", "tone": "bad"}
    assert c["key"] == {"label": "Result", "value": "3", "key": "result"}
    assert c["facts"] == [{"label": "Evasion DC", "value": "7", "key": "evasion_dc"}]
    assert c["notes"] == ["Miss: the target may Counter if its weapon can reach the attacker "
                          "(and a Counter can be Countered)."]
    assert r["line"] == "Attack Check: miss, result 3 vs Evasion DC 7"
    assert_readable(r)


def test_attack_card_rule_glancing_hit_is_dr_minus_defense_with_the_rest_blocked():
    r = resolve("attack", bonus=2, damage_rating=3, target=TARGET_DC7, dice=[8],
                characters={"": "Mira"}, labels={"": "FIGHT"})
    c = r["card"]
    assert c["title"] == "Attack Check: FIGHT"
    assert c["headline"] == {"label": "Glancing hit", "tone": "partial"}
    assert c["key"] == {"label": "Damage", "value": "1", "key": "damage_dealt"}
    assert facts(c) == {"result": ("Result", "10"), "evasion_dc": ("Evasion DC", "7"),
                        "blocked": ("Blocked by Defense", "2"),
                        "damage_total": ("Damage taken (total)", "1")}
    assert any("Hit points unknown" in n for n in c["notes"])
    assert r["line"] == "Mira, FIGHT: glancing hit, damage 1"
    assert_readable(r)


def test_attack_card_rule_damage_beyond_hit_points_becomes_stress():
    target = dict(TARGET_DC7, hit_points=4, damage=3)
    r = resolve("attack", bonus=2, damage_rating=3, target=target, dice=[18])
    c = r["card"]
    assert c["headline"] == {"label": "Direct hit", "tone": "good"}
    assert c["key"]["value"] == "6"  # 2 x DR, ignoring Defense
    f = facts(c)
    assert f["damage_total"] == ("Damage taken (total)", "9")
    assert f["hit_points_left"] == ("Hit points left", "0")
    assert f["stress"] == ("Stress", "5")
    assert "blocked" not in f
    assert r["line"] == "Attack Check: direct hit, damage 6, 5 Stress"
    assert_readable(r)


@pytest.mark.parametrize("gm, who", [(False, "the Player gains 1 Momentum Point"),
                                     (True, "the GM gains 1 Tension Point")],
                         ids=["rule: critical hit gives Momentum or an Extra Attack",
                              "reading: a GM attacker's critical hit gives Tension"])
def test_attack_card_critical_hit_notes_the_extra_attack_option(gm, who):
    r = resolve("attack", bonus=2, damage_rating=3, disadvantages=1, gm=gm, target=TARGET_DC7,
                dice=[20, 20])
    c = r["card"]
    assert c["headline"] == {"label": "Critical hit", "tone": "great"}
    assert c["key"]["value"] == "6"
    assert f"Natural 20: {who}, or gives it up for an Extra Attack." in c["notes"]
    # ties keep the first die
    assert [d["notes"] for d in c["dice"]] == [["kept", "natural 20"], ["dropped"]]
    assert_readable(r)


def test_attack_odds_show_evasion_dc_mean_damage_and_the_damage_charts():
    view = rows_match_odds(odds("attack", bonus=2, damage_rating=3,
                                target=dict(TARGET_DC7, hit_points=5)))
    assert figures(view)["Evasion DC"] == "7"
    assert figures(view)["Defense"] == "2"
    # glancing 1 (50%), direct and critical 6 (30%): mean 0.5 + 1.8 = 2.3
    assert figures(view)["Mean damage"] == "2.30"
    assert [c["label"] for c in view["charts"]] == ["Kept d20", "Result", "Damage", "Stress"]
    damage = dict((x, p) for x, p in view["charts"][2]["bars"])
    assert damage == {0: pytest.approx(0.2), 1: pytest.approx(0.5), 6: pytest.approx(0.3)}


def test_attack_odds_leave_out_a_stress_chart_that_is_always_zero():
    view = odds("attack", bonus=2, damage_rating=1, target=dict(TARGET_DC7, hit_points=30))["display"]
    assert "Stress" not in [c["label"] for c in view["charts"]]
