"""What every Dungeons of Olde odds view shares (games/dungeons_of_olde/cards_odds.py):
the simple tones with critical outcomes off, the notes on the tail, the
chance of success."""

from fractions import Fraction

from tablecheck.games.dungeons_of_olde import cards_odds

from .helpers import odds, rows_match


def test_check_odds_rows_simple_tones_when_critical_outcomes_are_off():
    view = rows_match(odds("check", stat=8, cr="hard"))
    assert {o["tone"] for o in view["outcomes"]} == {"good", "bad"}
    assert view["figures"] == [{"label": "Chance of success", "value": "31.6%",
                                "key": "success_chance"}]
    assert view["notes"][0].startswith("Critical outcomes are not applied")
    assert view["notes"][1].startswith("Explosion series cut below 1e-12")
    on = rows_match(odds("check", stat=8, cr="hard", critical_outcomes=True))
    tones = {o["id"]: o["tone"] for o in on["outcomes"]}
    assert tones["legendary_success"] == "great" and tones["catastrophic_failure"] == "awful"


def test_trivial_odds():
    view = rows_match(odds("check", stat=8, cr="trivial"))
    assert [o["id"] for o in view["outcomes"]] == ["automatic_success"]
    assert view["notes"] == ["A Trivial challenge is an automatic success: no dice."]


def test_tail_note_names_where_the_cut_off_mass_went():
    # odds.py: a check roll's cut-off mass is all Legendary Success, counted there
    assert cards_odds.tail_note({"tail_outcome": "legendary_success", "tail": Fraction(1, 10**13)}) \
        == ("explosion series cut below 1e-12; the cut-off mass is all Legendary Success and "
            "is counted there, so these odds are exact")
    assert cards_odds.tail_note({"tail_outcome": None}) == cards_odds.TRIVIAL_ODDS_NOTE
    view = odds("opposed", instigator={"stat": 8}, target={"stat": 6})["display"]
    assert view["notes"][-1] == cards_odds.OPPOSED_TAIL_NOTE[:1].upper() + \
        cards_odds.OPPOSED_TAIL_NOTE[1:] + "."
