"""Junk input (issue 25, item 11 and "What to build" 4): NaN, Infinity,
integers of thousands of digits, lists and objects nested thousands deep,
very long texts and lists, anywhere in a request, are refused by api.resolve,
api.odds, api.fill and py/engine.py's JSON-text functions as an
InvalidRequest (an error answer) naming the field; nothing else escapes.
First a test per finding of the audit (104,608 junk calls), then a fuzzer
that puts junk in every field of every check of tests/every_check.py."""

import json
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from every_check import REQUESTS
from tablecheck import api
from tablecheck.dice.sources import filler_face
from tablecheck.errors import CODES, InvalidRequest

CHECKS = {(s, c): check for s, system in api.catalog()["systems"].items()
          for c, check in system["checks"].items()}
ROLLED = [r for r in REQUESTS if CHECKS[r["system"], r["check"]]["rolls_dice"]]
IDS = [f"{r['system']}-{r['check']}-{i}" for i, r in enumerate(ROLLED)]
HUGE = 10 ** 4300  # 4,301 digits: Python will not write it as text


def refusal(call, request):
    """The InvalidRequest `call` raises (anything else fails the test)."""
    with pytest.raises(InvalidRequest) as err:
        call(request)
    json.dumps(err.value.to_dict(), allow_nan=False)  # it can be sent and shown
    assert err.value.code in CODES and str(err.value)
    return err.value


def answer_error(text, call=engine.resolve):
    """The error an engine JSON-text function answers for `text`."""
    answer = json.loads(call(text))
    assert list(answer) == ["error"], answer
    assert answer["error"]["code"] in CODES, answer
    return answer["error"]


def entered(request):
    """The request with entered dice, as the page gets them: the faces of a
    seeded roll; where those cannot be entered again (Fudge dice: issue 25
    item 2), the dice the rules ask for (dice_missing's `needed`), each
    showing a face that triggers nothing (sources.filler_face)."""
    rolled = api.resolve({**request, "seed": 7})
    out = {**request, "dice": [d["value"] for d in rolled["rolls"]]}
    try:
        api.resolve(out)
        return out
    except InvalidRequest:
        pass
    with pytest.raises(InvalidRequest) as err:
        api.resolve({**request, "dice": []})
    assert err.value.code == "dice_missing"
    return {**request, "dice": [filler_face(d["sides"]) for d in err.value.extra["needed"]]}


# -- NaN and Infinity in entered dice (audit: ValueError/OverflowError, every check) --
@pytest.mark.parametrize("request_", ROLLED, ids=IDS)
@pytest.mark.parametrize("junk, words", [(float("nan"), "NaN"), (float("inf"), "Infinity"),
                                         (float("-inf"), "-Infinity")])
def test_nan_or_infinity_in_entered_dice_names_the_die(request_, junk, words):
    request = entered(request_)
    for i in sorted({0, len(request["dice"]) - 1}):
        dice = list(request["dice"])
        dice[i] = junk
        err = refusal(api.resolve, {**request, "dice": dice})
        assert (err.field, err.code) == (f"dice[{i}]", "dice_face")
        assert err.message.endswith(f": {words} is not a die face")
        # the page's way: JSON text (Python's json writes NaN and Infinity)
        assert answer_error(json.dumps({**request, "dice": dice})) == err.to_dict()


@pytest.mark.parametrize("request_", ROLLED[:8], ids=IDS[:8])
def test_a_face_that_is_a_whole_float_stays_a_face(request_):
    request = entered(request_)
    floats = {**request, "dice": [float(f) for f in request["dice"]]}
    assert api.resolve(floats)["rolls"] == api.resolve(request)["rolls"]


# -- nesting ~1,100 deep (audit: RecursionError) -------------------------------------
def nested(depth, kind="list"):
    value = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


def nested_text(depth, kind="list"):
    return "[" * depth + "1" + "]" * depth if kind == "list" else '{"a": ' * depth + "1" + "}" * depth


def with_text(request, field, text):
    """JSON text of `request` with `text` (raw JSON) as the value of `field`."""
    out = json.dumps({**request, field: "@junk@"})
    return out.replace('"@junk@"', text)


SKILL = {"system": "dark_eye", "check": "skill", "attributes": [12, 13, 14], "rating": 7}


@pytest.mark.parametrize("kind", ["list", "object"])
@pytest.mark.parametrize("field", ["rating", "attributes", "names", "skill", "aptitude", "reroll",
                                   "dice", "seed", "characters", "labels", "side", "system"])
def test_nesting_1100_deep_names_the_field(field, kind):
    value = nested(1100, kind)
    for call in (api.resolve, api.odds):
        err = refusal(call, {**SKILL, field: value})
        assert err.field == field or err.field.startswith((field + "[", field + ".")), err
    for call in (engine.resolve, engine.odds):
        err = answer_error(with_text(SKILL, field, nested_text(1100, kind)), call)
        assert err["field"].startswith(field), err


def test_nesting_deep_inside_a_list_names_the_item():
    request = with_text(SKILL, "attributes", f"[12, {nested_text(2000)}, 14]")
    assert answer_error(request)["field"] == "attributes[1]"
    request = with_text(SKILL, "dice", f"[3, 4, {nested_text(1100)}]")
    assert answer_error(request)["field"] == "dice[2]"
    assert answer_error(nested_text(1100))["field"] == "request"
    err = refusal(api.resolve, {**SKILL, "attributes": [12, nested(2000), 14]})
    assert (err.field, err.message) == ("attributes[1]", "must be a whole number, not a list")


# -- integers over 4,300 digits (audit: ValueError at 8 places) ---------------------
SEEDED = {"seed": 3}
HUGE_PLACES = [
    # (request, the field named): each place printed the number
    ({**SKILL, "rating": HUGE}, "rating"),  # a parameter's maximum
    ({**SKILL, "modifier": -HUGE}, "modifier"),  # a parameter's minimum
    ({**SKILL, "attributes": [12, HUGE, 14]}, "attributes[1]"),  # an item of a list
    ({**SKILL, "rating": [HUGE]}, "rating"),  # a list where a number goes: it was printed
    ({**SKILL, "aptitude": HUGE}, "aptitude"),  # true/false
    ({**SKILL, "skill": HUGE}, "skill"),  # text
    ({**SKILL, "names": [HUGE, "COU", "COU"]}, "names[0]"),  # a choice
    ({"system": "dungeons_of_olde", "check": "check", "stat": 8, "cr": HUGE}, "cr"),  # number or word
    ({**SKILL, "dice": [3, HUGE, 5]}, "dice[1]"),  # an entered face
    ({**SKILL, "dice": [3, 4, 5, HUGE]}, "dice"),  # a face not used
    ({**SKILL, "reroll": {"rule": "fate_point", "dice": [HUGE]}, "first_throw": [3, 4, 5]},
     "reroll.dice[0]"),
]


@pytest.mark.parametrize("request_, field", HUGE_PLACES)
def test_a_4301_digit_integer_is_refused_by_its_field(request_, field):
    err = refusal(api.resolve, request_)
    assert err.field == field
    shown = "a list" if isinstance(request_.get("rating"), list) else "a number of 4,301 digits"
    assert shown in err.message


def test_a_4301_digit_integer_in_the_throw_to_advise_on():
    request = {**SKILL, "reroll": {"rule": "fate_point"}, "dice": [3, HUGE, 5]}
    err = refusal(api.odds, request)
    assert (err.field, err.code) == ("dice[1]", "dice_face")
    assert "a number of 4,301 digits" in err.message


def test_a_huge_seed_is_a_seed():
    a = api.resolve({**SKILL, "seed": HUGE})
    assert a["rolls"] == api.resolve({**SKILL, "seed": HUGE})["rolls"]


@pytest.mark.parametrize("field, text, named", [
    ("rating", "9" * 4301, "rating"),
    ("attributes", "[12, -" + "3" * 5000 + ", 14]", "attributes[1]"),
    ("dice", "[3, 4, " + "5" * 4301 + "]", "dice[2]"),
    ("reroll", '{"rule": "fate_point", "dice": [' + "1" * 4400 + "]}", "reroll.dice[0]"),
])
def test_json_text_with_a_huge_integer_names_its_field(field, text, named):
    for call in (engine.resolve, engine.odds):
        err = answer_error(with_text(SKILL, field, text), call)
        assert (err["field"], err["code"]) == (named, "range")
        assert "digits" in err["message"]
    assert answer_error("9" * 5000)["field"] == "request"


# -- JSON text that is not JSON ----------------------------------------------------
def test_text_that_is_not_json_says_where():
    err = answer_error('{"system": "dice", "check": }')
    assert (err["field"], err["code"], err["position"]) == ("request", "syntax", 29)
    assert err["message"] == "is not valid JSON: Expecting value (character 29)"
    assert answer_error(b'{"system": "\xff"}')["field"] == "request"


# -- long lists and texts ------------------------------------------------------------
def test_too_many_dice_lists_a_few_of_them():
    request = {"system": "dice", "check": "roll", "expression": "1d6", "dice": [4] + [2] * 100_000}
    err = refusal(api.resolve, request)
    assert err.code == "dice_extra"
    assert err.message == ("100000 dice too many: 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, and 99988 more "
                           "were not used (this check needed 1)")


def test_a_long_text_is_shown_cut():
    err = refusal(api.resolve, {**SKILL, "names": ["x" * 100_000, "COU", "COU"]})
    assert err.field == "names[0]"
    assert err.message.startswith("unknown value 'xxxxxxxx") and "(100,000 characters)" in err.message
    assert len(err.message) < 300


@pytest.mark.parametrize("expression", ["1d6^400", "1d6^999/7", "-1d2^1024"])
def test_odds_of_totals_beyond_a_double_are_too_big_to_show(expression):
    """A total past 1.8e308 is no number the page reads (nor draws): the odds
    say so (the page still rolls), where they raised OverflowError."""
    request = {"system": "dice", "check": "roll", "expression": expression}
    err = refusal(api.odds, request)
    assert (err.field, err.code) == ("expression", "odds_too_big")
    assert err.message.startswith("totals reach a number of ")
    assert answer_error(json.dumps(request), engine.odds) == err.to_dict()
    json.loads(engine.resolve(json.dumps({**request, "seed": 1})))["total"]  # rolling works


# -- a character sheet of the wrong kind (api.fill) -----------------------------------
@pytest.mark.parametrize("character, field", [
    ({"name": "Alrik", "sheet": [1, 2]}, "character.sheet"),
    ({"name": "Alrik", "sheet": {"numbers": float("nan")}}, "character.sheet.numbers"),
    ({"name": "Alrik", "sheet": {"tables": "skills"}}, "character.sheet.tables"),
    ({"name": "Alrik", "sheet": {"tables": {"skills": {"a": 1}}}}, "character.sheet.tables.skills"),
])
def test_a_sheet_part_of_the_wrong_kind_is_named(character, field):
    request = {"system": "dark_eye", "character": character, "params": ["attributes", "rating"]}
    assert refusal(api.fill, request).field == field


def test_bad_rows_and_values_of_a_sheet_are_skipped():
    sheet = {"numbers": {"COU": float("nan"), "AGI": HUGE, "STR": 12, "SGC": 12, "INT": 12},
             "tables": {"skills": [nested(2000), {"name": "Climbing", "a1": "COU", "a2": "AGI",
                                                   "a3": "STR", "rating": 4},
                                   {"name": "Swimming", "a1": ["INT"], "a2": "SGC", "a3": "STR",
                                    "rating": 4},
                                   {"name": "Magic", "a1": "SGC", "a2": "INT", "a3": "STR",
                                    "rating": 5}]}}
    out = api.fill({"system": "dark_eye", "character": {"name": HUGE, "sheet": sheet},
                    "params": ["attributes", "rating"]})
    assert [o["what"] for o in out["options"]] == ["Magic"]
    sheet = {"numbers": {"FIGHT": HUGE, "FINESSE": 2, "FLAIR": 1, "FOCUS": 0, "FLIGHT": 0,
                         "defense": 1, "damage": 2}}
    out = api.fill({"system": "freedom_fantasies", "character": {"name": [HUGE], "sheet": sheet},
                    "params": ["bonus", "ability", "finesse", "flair", "defense"]})
    assert [o["what"] for o in out["options"]] == ["FINESSE", "FLAIR", "FOCUS", "FLIGHT", None]
    assert out["options"][-1]["label"] == "This character as the target (FINESSE 2, FLAIR 1, Defense 1)"


# -- the fuzzer -------------------------------------------------------------------------
class Stand:
    """A junk value json.dumps cannot write (or writes slowly): its Python
    value and its JSON text."""


@dataclass(frozen=True)
class Deep(Stand):
    """A list or object nested `depth` deep."""
    depth: int
    kind: str

    def value(self):
        return nested(self.depth, self.kind)

    def text(self):
        return nested_text(self.depth, self.kind)


@dataclass(frozen=True)
class Long(Stand):
    """An integer of `digits` digits (Python writes none over 4,300)."""
    digits: int
    sign: int = 1

    def value(self):
        return self.sign * (10 ** self.digits - 1)

    def text(self):
        return ("-" if self.sign < 0 else "") + "9" * self.digits


@dataclass(frozen=True)
class Many(Stand):
    """A list of `count` ones."""
    count: int

    def value(self):
        return [1] * self.count

    def text(self):
        return "[" + ", ".join(["1"] * self.count) + "]"


JUNK = [float("nan"), float("inf"), float("-inf"), -0.0, 2.5, 1e308, -1e-300, True, False, None,
        "", "x", "NaN", "Infinity", "3", " ", "\ud800", "x" * 100_000, [], {}, [None], [[1]],
        {"a": 1}, Many(100_000), [float("nan")] * 3, Deep(2000, "list"), Deep(2000, "object"),
        Deep(1100, "list"), Long(5000), Long(4301, -1), [Long(4400)], {"x": Long(4301)}]


def real(value):
    """The Python value of a request holding junk stand-ins."""
    if isinstance(value, Stand):
        return value.value()
    if isinstance(value, dict):
        return {k: real(v) for k, v in value.items()}
    if isinstance(value, list):
        return [real(v) for v in value]
    return value


def text(value):
    """The JSON text of a request holding junk stand-ins."""
    found = []

    def mark(v):
        if isinstance(v, Stand):
            found.append(v)
            return f"@junk{len(found) - 1}@"
        if isinstance(v, dict):
            return {k: mark(x) for k, x in v.items()}
        if isinstance(v, list):
            return [mark(x) for x in v]
        return v
    out = json.dumps(mark(value))
    for i, v in enumerate(found):
        out = out.replace(f'"@junk{i}@"', v.text())
    return out


def paths(value, prefix=()):
    """Every place in a request: each key, item and nested field."""
    if prefix:
        yield prefix
    if isinstance(value, (dict, list)):
        for key, item in value.items() if isinstance(value, dict) else enumerate(value):
            yield from paths(item, prefix + (key,))


def field_of(path):
    return "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else p) for i, p in enumerate(path))


def put(request, path, value):
    out = json.loads(json.dumps(request))  # (a deep copy would keep two members one dict)
    spot = out
    for key in path[:-1]:
        spot = spot[key]
    spot[path[-1]] = value
    return out


def bases():
    """Valid requests: every check as it is, with entered dice, seeded, with
    names for the card, and The Dark Eye's reroll advice and follow-ups."""
    out = []
    for r in REQUESTS:
        out.append(r)
        out.append({**r, "characters": {"": "Alrik", "a": "Gerda"}, "labels": {"": "Climbing"},
                    "side": "a", "seed": 11})
        if CHECKS[r["system"], r["check"]]["rolls_dice"]:
            out.append(entered(r))
    out += [
        {**SKILL, "aptitude": True, "reroll": {"rule": "aptitude", "dice": [2]},
         "first_throw": [3, 15, 5], "dice": [4]},
        {**SKILL, "reroll": {"rule": "fate_point", "dice": [1, 3]}, "first_throw": [16, 3, 17]},
        {**SKILL, "reroll": {"rule": "fate_point"}, "dice": [16, 3, 17]},
        {**SKILL, "fate_point_ql": True, "first_throw": [3, 4, 5]},
        {"system": "dark_eye", "check": "attribute", "value": 12, "reroll": {"rule": "fate_point"},
         "dice": [1, 15]},
    ]
    return out


def odds_request(request, path):
    """What to ask the odds: entered dice only where the odds read them
    (the reroll advice) or where the junk is."""
    if "dice" in request and path[0] != "dice" and "reroll" not in request:
        return {k: v for k, v in request.items() if k != "dice"}
    return request


def answers(call, request):
    try:
        call(request)
        return True
    except InvalidRequest:
        return False


BASES = bases()
# which of resolve and odds take each base as it is (the reroll advice is for
# the odds, a fate point's +1 QL for resolve)
TAKEN = [(answers(api.resolve, b), answers(api.odds, odds_request(b, ("",)))) for b in BASES]
PLACES = [(i, p) for i, b in enumerate(BASES) for p in paths(b) if p[0] not in ("system", "check")]
# the reserved keys a request may carry, each put on a request without them
ADDED = [(BASES.index(r), (key,)) for r in REQUESTS
         for key in ("dice", "seed", "characters", "labels", "side")]


def names_the_part(err_field, path):
    """The error's field is the junk's place, a part of it, or what holds it."""
    field = field_of(path)
    return (err_field == field or err_field.startswith((field + "[", field + "."))
            or field.startswith((err_field + "[", err_field + ".")))


def is_junk(value):
    """Not a value any field takes: NaN, Infinity, a fraction, a number of
    16 digits or more, nesting, a text or list of thousands; or holding one.
    Anything else (null, true, 0, "x", []) may be valid where it is put, and
    its refusal may then name another field (an EAV below 1 rolls no die, so
    the entered dice are too many; aptitude false refuses an Aptitude reroll)."""
    if isinstance(value, Stand) or (isinstance(value, float) and not value.is_integer()):
        return True
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return abs(value) >= 10 ** 15
    if isinstance(value, (str, list, dict)) and len(value) > 1000:
        return True
    if isinstance(value, list):
        return any(is_junk(v) for v in value[:50])
    if isinstance(value, dict):
        return any(is_junk(v) for v in value.values())
    return False


def check_answer(answer, path, junk=None):
    """A valid answer (JSON-safe), or an error with a code; for junk, an
    error naming the junk's place."""
    if "error" in answer:
        err = answer["error"]
        assert err["code"] in CODES, answer
        assert not is_junk(junk) or names_the_part(err["field"], path), (err, field_of(path))
    else:
        json.dumps(answer, allow_nan=False)


def junk_settings(examples):
    return settings(max_examples=examples, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@junk_settings(1500)
@given(place=st.sampled_from(PLACES + ADDED), junk=st.sampled_from(JUNK))
def test_junk_anywhere_is_refused_by_its_field_or_answered(place, junk):
    index, path = place
    stand_in = put(BASES[index], path, junk)
    calls = ((api.resolve, engine.resolve, stand_in),
             (api.odds, engine.odds, odds_request(stand_in, path)))
    for (call, engine_call, request), taken in zip(calls, TAKEN[index]):
        if not taken:
            continue
        try:
            answer = call(real(request))
        except InvalidRequest as exc:
            answer = {"error": exc.to_dict()}
        check_answer(answer, path, junk)
        from_text = json.loads(engine_call(text(request)))
        check_answer(from_text, path, junk)


SMALL_JSON = st.recursive(
    st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6)


@junk_settings(300)
@given(place=st.sampled_from(PLACES), junk=SMALL_JSON)
def test_any_small_json_value_anywhere_is_refused_by_its_field_or_answered(place, junk):
    index, path = place
    request = put(BASES[index], path, junk)
    for (call, request), taken in zip(((api.resolve, request), (api.odds, odds_request(request, path))),
                                      TAKEN[index]):
        if not taken:
            continue
        try:
            answer = call(request)
        except InvalidRequest as exc:
            answer = {"error": exc.to_dict()}
        check_answer(answer, path, junk)


def fill_bases():
    """A character of each game, its sheet as the catalog declares a new one
    (and a Dark Eye skill), asked for every parameter name of the game."""
    out = []
    for sid, system in api.catalog()["systems"].items():
        if not system["sheet"]:
            continue
        sheet = {"numbers": {n["key"]: n["default"] for n in system["sheet"]["numbers"]},
                 "tables": {t["key"]: list(t["defaults"]) for t in system["sheet"]["tables"]}}
        if sid == "dark_eye":
            sheet["tables"]["skills"] = [{"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR",
                                          "rating": 4, "aptitude": True}]
        names = {p["name"] for c in system["checks"].values() for p in c["params"]}
        names |= {f["name"] for c in system["checks"].values() for p in c["params"]
                  for f in (p.get("fields") or (p.get("item") or {}).get("fields") or [])}
        out.append({"system": sid, "character": {"name": "Alrik", "sheet": sheet},
                    "params": sorted(names)})
    return out


FILLS = [(b, p) for b in fill_bases() for p in paths(b) if p[0] != "system"]


@junk_settings(500)
@given(place=st.sampled_from(FILLS), junk=st.sampled_from(JUNK))
def test_junk_in_a_character_is_refused_by_its_field_or_skipped(place, junk):
    base, path = place
    request = put(base, path, junk)
    try:
        answer = api.fill(real(request))
    except InvalidRequest as exc:
        answer = {"error": exc.to_dict()}
    check_answer(answer, path, junk)
    check_answer(json.loads(engine.fill(text(request))), path, junk)
