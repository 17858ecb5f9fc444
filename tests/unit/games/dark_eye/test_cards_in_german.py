"""The Dark Eye in German (issue 28 item 4): no English word of the English
cards on a German card, line, steps, summary or odds display, for every
check of tests/every_check.py and their follow-ups over several seeds; the
same ids, dice and outcomes in both languages; a result written in one
language opens in the other; no English word in a German refusal or in the
labels of the dice a follow-up asks for (`new_dice`), with the same field
and code."""

import re

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest
from tablecheck.games.dark_eye.cards_words import DE, EN
from dark_eye_refusals import REFUSALS
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
NOT_WORDS = {"key", "tone", "id", "request", "spend", "status", "sides"}


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


def _new_dice_labels(answer):
    return [d["label"] for a in answer["card"]["actions"] for d in a["new_dice"]]


@pytest.mark.parametrize("request_", list(_cases()))
def test_the_dice_a_german_follow_up_asks_for_are_labelled_in_german(request_):
    labelled = []
    for seed in SEEDS:
        de = api.resolve(dict(request_, locale="de", seed=seed))
        en = api.resolve(dict(request_, seed=seed))
        assert _english({"labels": _new_dice_labels(de)}, ("labels",)) == []
        assert ([[{k: v for k, v in d.items() if k != "label"} for d in a["new_dice"]] for a in de["card"]["actions"]]
                == [[{k: v for k, v in d.items() if k != "label"} for d in a["new_dice"]]
                    for a in en["card"]["actions"]])
        labelled += _new_dice_labels(de)
    if request_["check"] in ("attribute", "skill"):  # the rerolls ask for dice
        assert labelled and all("Würfel" in label or "d20" in label for label in labelled)


def _refused(call, request):
    with pytest.raises(InvalidRequest) as e:
        getattr(api, call)(request)
    return e.value


@pytest.mark.parametrize("call,request_", REFUSALS, ids=lambda v: v if isinstance(v, str) else None)
def test_a_german_refusal_has_no_english_word_and_the_same_field_and_code(call, request_):
    en, de = _refused(call, request_), _refused(call, dict(request_, locale="de"))
    assert (de.field, de.code, de.refusal[0]) == (en.field, en.code, en.refusal[0])
    assert de.extra.keys() == en.extra.keys()
    assert de.message != en.message and de.message
    words = [m for m in ENGLISH_RE.findall(de.message) if m.lower() not in GERMAN]
    assert words == [], de.message
    assert str(de) == f"{de.field}: {de.message}"


def _guards():
    """The refusals the API's validation always comes before (a rule's own
    guard), raised by the rules themselves."""
    from tablecheck.dice import SeededSource, Tray
    from tablecheck.games.dark_eye.fate_points import reroll_rules
    from tablecheck.games.dark_eye.throw import Throw
    throw = Throw(Tray(SeededSource(1)), [5])
    throw.roll("COU die")
    out = []
    for raise_ in (lambda: throw.roll("AGI die"), Throw(Tray(SeededSource(1)), [5]).done,
                   lambda: reroll_rules({"reroll": {"rule": "fate_point", "dice": [4]}}, 3, True)):
        with pytest.raises(InvalidRequest) as e:
            raise_()
        out.append(e.value)
    return out


def test_every_refusal_of_the_rules_is_among_the_refused_requests():
    raised = {_refused(call, req).refusal[0] for call, req in REFUSALS} | {e.refusal[0] for e in _guards()}
    assert set(EN["refusals"]) - raised == set()
    assert set(DE["refusals"]) == set(EN["refusals"])


def test_a_guards_refusal_is_worded_in_both_languages():
    worded = [(e.field, InvalidRequest(e.field, refusal=e.refusal).word_in("en", EN["refusals"]).message,
               InvalidRequest(e.field, refusal=e.refusal).word_in("de", DE["refusals"]).message)
              for e in _guards()]
    assert worded == [("first_throw", "has 1 die; the throw needs more", "hat 1 Würfel; der Wurf braucht mehr"),
                      ("first_throw", "has 1 die but the throw used 0", "hat 1 Würfel, aber der Wurf brauchte 0"),
                      ("reroll.dice", "this check has 3 dice", "diese Probe hat 3 Würfel")]


def test_the_dice_still_missing_are_named_in_german():
    req = {"system": "dark_eye", "check": "skill", "attributes": [12, 12, 12], "rating": 4,
           "names": ["COU", "AGI", "STR"], "dice": [5]}
    en, de = _refused("resolve", req), _refused("resolve", dict(req, locale="de"))
    assert en.message == "2 more dice needed: d20 (AGI die), d20 (STR die)"
    assert de.message == "noch 2 Würfel nötig: W20 (GE-Würfel), W20 (KK-Würfel)"
    assert [d["label"] for d in de.extra["needed"]] == ["GE-Würfel", "KK-Würfel"]
    assert [d["label"] for d in en.extra["needed"]] == ["AGI die", "STR die"]
