"""The Dark Eye in German (issue 28 item 4): no English word of the English
cards on a German card, line, steps, summary or odds display, for every
check of tests/every_check.py and their follow-ups over several seeds; the
same ids, dice and outcomes in both languages; a result written in one
language opens in the other."""

import re

import pytest

from tablecheck import api
from every_check import REQUESTS

# words of the English cards that German never writes (German words that
# look like English ones, "Chance", "Held", "passive", are left out on purpose)
ENGLISH = ["EAV", "EAVs", "SP", "QL", "SR", "FtP", "COU", "SGC", "INT", "CHA", "DEX", "AGI", "CON",
           "STR", "DO", "RC", "check", "checks", "success", "failure", "botch", "critical",
           "spectacular", "dice", "roll", "rolled", "rolls", "reroll", "rerolled", "rerolls",
           "fate", "point", "aptitude", "attribute", "attributes", "skill", "left", "short", "side",
           "hero", "modifier", "penalty", "keep", "best", "confirmation", "confirmed", "the", "and",
           "with", "after", "of", "against", "passes", "spent", "needs", "covered", "outcome",
           "each", "throw", "spend", "mean", "expected", "wins", "automatic", "automatically",
           "attempt", "choice", "courage", "sagacity", "vs", "target", "round", "rounds", "group",
           "lost", "partial", "doubled", "unresolved", "tie", "total", "side", "sides", "summed", "final"]
ENGLISH_RE = re.compile(r"\b(" + "|".join(re.escape(w) for w in ENGLISH) + r")\b", re.IGNORECASE)
# German words the case-blind match would take for English ones
GERMAN = {"die"}

CHECKS = [r for r in REQUESTS if r["system"] == "dark_eye"]
SEEDS = (1, 2, 3, 5, 8, 13)
# keys whose values are ids or requests, never words
NOT_WORDS = {"key", "tone", "id", "request", "new_dice", "spend", "status"}


def _texts(value, path=""):
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in NOT_WORDS:
                yield from _texts(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _texts(v, f"{path}[{i}]")
    elif isinstance(value, str):
        yield path, value


def _english(answer, fields):
    found = []
    for field in fields:
        for path, text in _texts(answer.get(field), field):
            words = [m for m in ENGLISH_RE.findall(text) if m.lower() not in GERMAN]
            if words:
                found.append((path, text, words))
    return found


def _named(req):
    """The request with attribute names and a character, so every word shows."""
    out = dict(req, characters={"": "Alrik"})
    if req["check"] in ("skill", "cumulative"):
        out.update(names=["COU", "AGI", "STR"], skill="Klettern")
    if req["check"] == "attribute":
        out.update(name="COU")
    return out


def _cases():
    for req in CHECKS:
        for named in (False, True):
            yield pytest.param(_named(req) if named else req, id=f"{req['check']}{'-named' if named else ''}")


@pytest.mark.parametrize("request_", list(_cases()))
def test_no_english_word_on_a_german_card_line_steps_or_summary(request_):
    found = []
    for seed in SEEDS:
        out = api.resolve(dict(request_, locale="de", seed=seed))
        found += _english(out, ("card", "line", "summary", "steps"))
        for action in out["card"]["actions"]:
            follow = api.resolve(dict(action["request"], seed=seed))
            found += _english(follow, ("card", "line", "summary", "steps"))
    assert found == []


@pytest.mark.parametrize("request_", list(_cases()))
def test_no_english_word_on_a_german_odds_display(request_):
    out = api.odds(dict(request_, locale="de"))
    assert _english(out, ("display",)) == []


def test_a_rerolls_advice_odds_are_german():
    for names in (True, False):
        req = dict(_named(CHECKS[1]) if names else CHECKS[1], locale="de", dice=[19, 18, 8],
                   reroll={"rule": "fate_point"})
        out = api.odds(req)
        assert _english(out, ("display",)) == []
        assert "Neu würfeln" in str(out["display"])


def _record(answer):
    """What the rules decided, without any words."""
    return {k: v for k, v in answer.items()
            if k not in ("card", "line", "summary", "steps", "replay")}


def _without_locale(value):
    if isinstance(value, dict):
        return {k: _without_locale(v) for k, v in value.items() if k != "locale"}
    if isinstance(value, list):
        return [_without_locale(v) for v in value]
    return value


@pytest.mark.parametrize("request_", list(_cases()))
def test_ids_dice_and_outcomes_are_the_same_in_both_languages(request_):
    for seed in SEEDS:
        en = api.resolve(dict(request_, seed=seed))
        de = api.resolve(dict(request_, seed=seed, locale="de"))
        assert _record(de) == _record(en)
        assert _without_locale(de["replay"]) == en["replay"]
        assert de["card"]["headline"]["tone"] == en["card"]["headline"]["tone"]
        assert [f["key"] for f in de["card"]["facts"]] == [f["key"] for f in en["card"]["facts"]]
        assert ([_without_locale(a["request"]) for a in de["card"]["actions"]]
                == [a["request"] for a in en["card"]["actions"]])
        en_odds, de_odds = api.odds(request_), api.odds(dict(request_, locale="de"))
        assert de_odds["outcomes"] == en_odds["outcomes"]
        assert ([r["id"] for r in de_odds["display"]["outcomes"]]
                == [r["id"] for r in en_odds["display"]["outcomes"]])


@pytest.mark.parametrize("request_", list(_cases()))
def test_a_result_written_in_german_opens_in_english_and_back(request_):
    for seed in SEEDS[:3]:
        en = api.resolve(dict(request_, seed=seed))
        de = api.resolve(dict(request_, seed=seed, locale="de"))
        # the history and shared links keep the replay: the same dice in the other language
        de_in_en = api.resolve(dict(de["replay"], locale="en"))
        assert _without_locale(de_in_en) == api.resolve(en["replay"])
        assert _without_locale(de_in_en["card"]) == api.resolve(en["replay"])["card"]
        en_in_de = api.resolve(dict(en["replay"], locale="de"))
        assert en_in_de["card"] == api.resolve(de["replay"])["card"]
        assert en_in_de["line"] == api.resolve(de["replay"])["line"]


def test_a_core_skill_named_in_english_shows_its_german_name():
    req = {"system": "dark_eye", "check": "skill", "skill": "Climbing", "names": ["COU", "AGI", "STR"],
           "seed": 2}
    assert api.resolve(dict(req, locale="de"))["line"].startswith("Klettern (MU/GE/KK): ")
    assert api.resolve(req)["line"].startswith("Climbing (COU/AGI/STR): ")
    own = api.resolve(dict(req, skill="Zwergenbier brauen", locale="de"))
    assert own["line"].startswith("Zwergenbier brauen (MU/GE/KK): ")
    many = api.resolve({"system": "dark_eye", "check": "cumulative_skills", "locale": "de", "seed": 1,
                        "skills": [{"skill": "Woodworking", "target": 2}, {"skill": "Metalworking",
                                                                           "target": 2}]})
    assert many["line"].startswith("Holzbearbeitung und Metallbearbeitung")
    assert "Holzbearbeitung" in many["summary"]
