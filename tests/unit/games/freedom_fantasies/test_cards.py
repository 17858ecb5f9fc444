"""Freedom Fantasies' shared card words (games/freedom_fantasies/cards.py):
odds figures and charts every check shares."""

from .card_helpers import TARGET_DC7, figures, odds, rows_match_odds


def test_odds_figures_never_say_dc_in_lower_case():
    for check, params in [("skill", {"bonus": 1}), ("effect", {"bonus": 1, "dc": 10}),
                          ("luck", {"dc": 5}), ("attack", {"bonus": 1, "target": TARGET_DC7})]:
        for f in odds(check, **params)["display"]["figures"]:
            assert "Dc" not in f["label"], f


def test_effect_and_opposed_odds():
    view = rows_match_odds(odds("effect", bonus=1, dc="normal"))
    assert figures(view) == {"DC": "10", "Chance of success": "60.0%"}
    view = rows_match_odds(odds("opposed", active={"bonus": 2}, target={"bonus": 1}))
    assert [c["label"] for c in view["charts"]] == ["Result", "Target's result (the DC)"]
    assert view["notes"] == ["A tie goes to the active side."]
