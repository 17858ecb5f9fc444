"""Shared by the Freedom Fantasies card tests: API shortcuts and what a
readable card is."""

import re

from tablecheck import api

from card_texts import card_texts as texts

SYS = "freedom_fantasies"


TARGET_DC7 = {"finesse": 1, "flair": 1, "defense": 2}  # Evasion DC 7


def resolve(check, **params):
    return api.resolve({"system": SYS, "check": check, **params})


def odds(check, **params):
    return api.odds({"system": SYS, "check": check, **params})


def assert_readable(result):
    """No underscores in any text, one caption per die, the key number in
    the history line."""
    card = result["card"]
    for t in texts(card) + [result["line"]]:
        assert "_" not in t, t
    assert len(card["dice"]) == len(result["rolls"])
    key = card["key"]
    assert key is None or re.search(rf"(?<!\d){re.escape(key['value'])}(?!\d)", result["line"]), \
        (key, result["line"])


def facts(card):
    return {f["key"]: (f["label"], f["value"]) for f in card["facts"]}


def rows_match_odds(o):
    view = o["display"]
    listed = {row["id"]: row["p"] for row in view["outcomes"]}
    assert listed == {k: p for k, p in o["outcomes"].items() if p > 0}
    for chart in view["charts"]:
        xs = [x for x, _ in chart["bars"]]
        assert xs == sorted(xs), chart["label"]
    return view


def figures(view):
    return {f["label"]: f["value"] for f in view["figures"]}


def catalog():
    return api.catalog()["systems"][SYS]
