"""The words every Dungeons of Olde check shares (games/dungeons_of_olde/cards.py):
the steps' arithmetic, units, Trivial challenges, margins, brackets; odds charts."""

import pytest

from tablecheck import api
from tablecheck.games.dungeons_of_olde.cards import _singular, amount

from .helpers import SYS, _nested_or_doubled_brackets, odds, roll, rows_match


def test_explanations_draw_chains_and_the_margin_and_rank_arithmetic():
    r = roll("check", stat=8, cr=12, adjustment=2, dice=[8, 8, 3, 4])
    text = "\n".join(r["steps"])
    assert "8 -> 8 -> 3 = 19" in text
    assert "19 + 4 = 23; adjustment +2" in text and "gives 25" in text
    assert "Margin: 25 - 12 = +13" in text
    assert "1 + floor(13 / 3) = 5" in text
    assert r["summary"].endswith(".") and "25" in r["summary"]


@pytest.mark.parametrize("cr, words", [
    ("trivial", "CR 3 is Trivial: an automatic success (no roll)."),
    (3, "CR 3 is Trivial: an automatic success (no roll)."),
    (2, "CR 2 is Trivial (3 or less): an automatic success (no roll)."),
], ids=["wording_trivial_automatic_success_by_name", "wording_trivial_automatic_success_cr3",
        "wording_trivial_automatic_success_cr2_below_the_rank"])
def test_wording_trivial_automatic_success_names_the_rank_once(cr, words):
    for check, req in [("check", dict(stat=8, cr=cr)),
                       ("assisted", dict(instigator={"stat": 8}, assistant={"stat": 8},
                                         cr=cr))]:
        r = roll(check, **req)
        assert r["outcome"] == "automatic_success"
        assert r["summary"] == words
        text = " ".join([r["summary"]] + r["steps"])
        assert "Trivial challenge" not in text and "(Trivial)" not in text
        assert not _nested_or_doubled_brackets(text)
        assert r["steps"][0].startswith(words.split(":")[0] + ": an automatic success")


def test_wording_trivial_rolled_anyway_says_why_once():
    r = roll("check", stat=8, cr="trivial", roll_trivial=True, dice=[1, 1])
    assert "CR 3 is Trivial, but rolled anyway: the GM asked for a roll." in r["steps"]
    r = roll("check", stat=8, cr="trivial", critical_outcomes=True, dice=[1, 1])
    assert "CR 3 is Trivial, but rolled anyway: critical outcomes are applied." in r["steps"]


@pytest.mark.parametrize("stat, mod, note", [
    (2, -3, "the modification would take the die below d2; rolling d2"),
    (4, -10, "the modification would take the die below d2; rolling d2"),
    (20, 5, "the modification would take the die above d20; rolling d20"),
    (12, 18, "the modification would take the die above d20; rolling d20"),
], ids=["wording_clamp_below_d2", "wording_clamp_far_below_d2", "wording_clamp_above_d20",
        "wording_clamp_far_above_d20"])
def test_wording_clamped_rank_note_says_below_d2_or_above_d20(stat, mod, note):
    r = roll("check", stat=stat, modification=mod, cr=9, dice=[1, 1])
    assert r["rank_note"] == note
    assert f"Note: {note}." in r["steps"]
    assert "d-" not in " ".join(r["steps"]) and "would be d" not in r["rank_note"]
    e = roll("effect", stat=stat, modification=mod, count=1, dice=[1])
    assert e["rank_note"] == note


def test_wording_scaling_mentions_trivial_only_when_the_cr_is_trivial():
    r = roll("scaling", stat=8, cr="easy", per_rank=3, unit="arrows", dice=[5, 6])
    text = " ".join([r["summary"]] + r["steps"])
    assert "Trivial" not in text
    assert r["steps"][0] == "Scaling challenge at CR 6 (Easy): each rank of success yields " \
                            "3 arrows."
    r = roll("scaling", stat=8, cr="trivial", per_rank=3, unit="arrows", dice=[5, 6])
    assert "CR 3 is Trivial, but a scaling challenge is always rolled (its ranks set the " \
           "yield)." in r["steps"]
    assert not any(_nested_or_doubled_brackets(s) for s in r["steps"] + [r["summary"]])


def test_wording_margin_zero_is_written_without_a_sign():
    r = roll("check", stat=8, cr=12, dice=[5, 7])
    assert "Margin: 12 - 12 = 0 (equal to or above the CR: success)." in r["steps"]
    assert "+0" not in " ".join(r["steps"])
    r = roll("check", stat=8, cr=12, dice=[6, 7])
    assert any(s.startswith("Margin: 13 - 12 = +1 ") for s in r["steps"])
    r = roll("check", stat=8, cr=12, dice=[5, 6])
    assert any(s.startswith("Margin: 11 - 12 = -1 ") for s in r["steps"])


@pytest.mark.parametrize("dice, amount, words", [
    ([2, 3], 0, "0 arrows"), ([3, 3], 1, "1 arrow"), ([4, 5], 2, "2 arrows")],
    ids=["wording_units_0_plural", "wording_units_1_singular", "wording_units_2_plural"])
def test_wording_units_singular_only_for_exactly_one(dice, amount, words):
    r = roll("scaling", stat=8, cr=6, per_rank=1, unit="arrows", dice=dice)
    assert r["yield"] == amount
    assert r["summary"].endswith(f"yielding {words}.")
    assert "each rank of success yields 1 arrow." in r["steps"][0]
    assert any(s.startswith("Yield: ") and (s.endswith(f"= {words}.") or
                                           s.endswith(f"({words}).")) for s in r["steps"])


@pytest.mark.parametrize("unit, one", [
    ("arrows", "arrow"), ("berries", "berry"), ("torches", "torch"), ("boxes", "box"),
    ("gold pieces", "gold piece"), ("potions of healing", "potion of healing"),
    ("gold", "gold"), ("brass", "brass"), ("", "")], ids=lambda v: f"wording_unit_{v}")
def test_wording_unit_singular_form(unit, one):
    assert _singular(unit) == one
    assert amount(1, unit) == (f"1 {one}" if unit else "1")
    assert amount(2, unit) == (f"2 {unit}" if unit else "2")


def test_wording_failure_margins_say_or_worse():
    r = roll("check", stat=8, cr=12, dice=[1, 2])
    assert r["outcome"] == "catastrophic_failure"
    assert "(margin -9 or worse, 4 or more ranks)" in " ".join(r["steps"])
    assert "-9 or more" not in " ".join(r["steps"])
    cats = {c["outcome"]: c["margin"] for c in api.catalog()["systems"][SYS]["categories"]}
    assert cats["catastrophic_failure"] == "-9 or worse"
    assert cats["legendary_success"] == "+9 or more"


@pytest.mark.parametrize("check, req", [
    ("check", dict(stat=8, cr="trivial", critical_outcomes=True, modification=-8)),
    ("check", dict(stat=6, cr=14, adjustment=2, modification=16)),
    ("scaling", dict(stat=6, cr="trivial", per_rank=1, unit="arrows")),
    ("scaling", dict(stat=6, cr=10, per_rank=3)),
    ("opposed", dict(instigator={"stat": 6, "adjustment": -2}, target={"stat": 4},
                     critical_outcomes=True)),
    ("assisted", dict(instigator={"stat": 6, "adjustment": 1}, assistant={"stat": 12},
                      cr="hard")),
    ("effect", dict(stat=4, count=3)),
], ids=[f"wording_no_nested_brackets_or_plus_zero_{c}_{i}" for i, c in enumerate(
    ["check", "check", "scaling", "scaling", "opposed", "assisted", "effect"])])
@pytest.mark.parametrize("seed", range(15))
def test_wording_no_nested_brackets_and_no_plus_zero(check, req, seed):
    r = roll(check, seed=seed, **req)
    for text in [r["summary"]] + r["steps"]:
        assert not _nested_or_doubled_brackets(text), text
        assert "= +0" not in text and "+0 " not in text, text


def test_assisted_scaling_and_effect_charts():
    view = rows_match(odds("assisted", instigator={"stat": 6}, assistant={"stat": 8}, cr="hard"))
    assert [c["label"] for c in view["charts"]] == ["Assist bonus"]
    view = rows_match(odds("scaling", stat=8, cr=6, per_rank=3, unit="arrows"))
    assert [c["label"] for c in view["charts"]] == ["Yield (arrows)"]
    assert view["charts"][0]["bars"][0][0] == 0
    # one outcome ("rolled"): no outcome rows, the chart says it all
    view = odds("effect", stat=6, count=3)["display"]
    assert view["outcomes"] == []
    xs = [x for x, _ in view["charts"][0]["bars"]]
    assert xs == sorted(xs) and xs[0] == 3
    assert [c["label"] for c in view["charts"]] == ["Total"]
    assert view["figures"] == [{"label": "Mean", "value": "12.60", "key": "mean"}]
