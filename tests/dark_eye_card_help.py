"""What The Dark Eye's card tests share (tests/unit/games/dark_eye/test_cards*.py):
requests through the API and the readability of a card."""

import re

from tablecheck import api

from card_texts import card_texts as texts


def resolve(check, **params):
    return api.resolve({"system": "dark_eye", "check": check, **params})


def odds(check, **params):
    return api.odds({"system": "dark_eye", "check": check, **params})


def hero(rating=6, attrs=(12, 12, 12), **extra):
    return {"attributes": list(attrs), "rating": rating, **extra}


def assert_readable(result):
    """No raw ids or underscores in any text; one caption per die; groups'
    dice inside `rolls`, each die in one group at most."""
    card = result["card"]
    for t in texts(card) + [result["line"]]:
        assert "_" not in t, t
    assert len(card["dice"]) == len(result["rolls"])
    seen = [i for g in card["groups"] for i in g["dice"]]
    assert len(seen) == len(set(seen))
    assert all(0 <= i < len(result["rolls"]) for i in seen)


def key_in_line(result):
    key = result["card"]["key"]
    assert key is None or re.search(rf"\b{re.escape(key['value'])}\b", result["line"]), result["line"]
