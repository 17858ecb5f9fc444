"""The only door between JSON and the rules.

    catalog()          -> systems, checks, parameters, outcome labels and tones,
                          character sheets
    resolve(request)   -> one resolved check (dice rolled, seeded or entered),
                          with its `card` and history `line`
    odds(request)      -> exact probabilities of every outcome, with `display`
    fill(request)      -> what a character's sheet can put into a form group
    InvalidRequest     -> ValueError subclass naming the field, with a `code`

Every call takes `locale` ("en", the default, or "de"; api.md "Languages"):
the words of the answer, where the game has that language (System.in_locale).
A refusal keeps its field and code and is worded in that language too: the
API's own messages (tablecheck.messages) for every game, a game's from its
table (System.refusals; `_in_words`).

Requests and results are JSON-safe dicts (see shared spec api.md).
"""

from fractions import Fraction
from functools import wraps
from types import MappingProxyType

from .checks import Check
from .dice import EnteredSource, NeedMoreDice, Tray, source_from_request
from .display.common import Context, plain_card, plain_odds
from .errors import InvalidRequest
from .messages import Count, Dies, Kind, Shown, has
from .params import RESERVED, known_names, validate
from .games import all_systems

__all__ = ["catalog", "resolve", "odds", "fill", "InvalidRequest"]

MAX_NAME = 60  # characters of a name or label the card shows

_SYSTEMS = None


def _systems():
    global _SYSTEMS
    if _SYSTEMS is None:
        _SYSTEMS = {s.id: s for s in all_systems()}
    return _SYSTEMS


LOCALES = ("en", "de")  # the languages of the answers' words


def _locale(request):
    """The request's `locale` ("en" when it names none)."""
    locale = request.get("locale") if type(request) is dict else None
    if locale is None or locale == "en":
        return "en"
    if type(locale) is str and locale in LOCALES:
        return locale
    names = ", ".join(LOCALES)
    if type(locale) is not str:
        raise InvalidRequest("locale", code="type", refusal=("locale_type", {"kind": Kind(locale),
                                                                             "names": names}))
    raise InvalidRequest("locale", code="choice", refusal=("locale_choice", {"value": Shown(locale),
                                                                             "names": names}))


def _in_words(call):
    """`call`, its refusals worded for the request (`_word`)."""
    @wraps(call)
    def run(request):
        try:
            return call(request)
        except InvalidRequest as error:
            if error.refusal is not None:
                _word(error, request)
            raise
    return run


def _word(error, request):
    """Word a keyed refusal: a game's from its table (System.refusals) in
    the system's language, the API's own (tablecheck.messages) in the
    request's; English for a request whose language cannot be read."""
    try:
        lang = _locale(request)
    except InvalidRequest:
        lang = "en"
    key = error.refusal[0]
    if lang == "en" and has(key):
        return  # worded when raised
    try:
        system = _system(request)
    except InvalidRequest:
        system = None
    if system is not None and system.die_label is not None:  # the dice a refusal names
        if "needed" in error.extra:
            error.extra["needed"] = _die_labels(system, error.extra["needed"])
        fields = error.refusal[1]
        for name, value in fields.items():
            if type(value) is Dies:
                fields[name] = Dies([(s, system.die_label(label), f) for s, label, f in value.value])
    if system is not None and system.refusals is not None and key in system.refusals:
        error.word_in(system.locale, system.refusals)
    else:
        error.word_in(lang)


def catalog(locale="en"):
    from . import __version__
    locale = _locale({"locale": locale})
    return {
        "version": __version__,
        "systems": {sid: s.in_locale(locale).to_catalog() for sid, s in _systems().items()},
    }


def _system(request):
    """The request's system, in the request's language."""
    return _any_system(request).in_locale(_locale(request))


def _any_system(request):
    if not isinstance(request, dict):
        raise InvalidRequest("request", code="type", refusal=("request_object", {}))
    sid = request.get("system")
    systems = _systems()
    system = systems.get(sid) if type(sid) is str else None
    if system is not None:
        return system
    names = ", ".join(systems)
    if sid is None:
        raise InvalidRequest("system", code="required", refusal=("required_one_of", {"names": names}))
    if not isinstance(sid, str):
        raise InvalidRequest("system", code="type", refusal=("system_type", {"kind": Kind(sid),
                                                                             "names": names}))
    raise InvalidRequest("system", code="unknown", refusal=("system_unknown", {"value": Shown(sid),
                                                                               "names": names}))


def _lookup(request):
    """(system, check) of a request, or InvalidRequest naming the field."""
    system = _system(request)
    cid = request.get("check")
    check = system.check(cid) if type(cid) is str else None
    if check is not None:
        return system, check
    names = ", ".join(c.id for c in system.checks)
    if cid is None:
        raise InvalidRequest("check", code="required", refusal=("required_one_of", {"names": names}))
    if not isinstance(cid, str):
        raise InvalidRequest("check", code="type", refusal=("check_type", {"kind": Kind(cid), "names": names}))
    raise InvalidRequest("check", code="unknown", refusal=("check_unknown", {
        "value": Shown(cid), "system": system.name, "names": names}))


def _names(request, key):
    """`characters` / `labels`: {group path: text}."""
    value = request.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InvalidRequest(key, code="type", refusal=("names_object", {}))
    out = {}
    for path, name in value.items():
        if not isinstance(path, str):
            raise InvalidRequest(key, code="type", refusal=("names_object", {}))
        if name is None:
            continue
        if not isinstance(name, str):
            raise InvalidRequest(f"{key}.{path}", code="type", refusal=("text_kind", {"kind": Kind(name)}))
        if len(name) > MAX_NAME:
            raise InvalidRequest(f"{key}.{path}", refusal=("too_long", {"length": Count(len(name)),
                                                                        "n": MAX_NAME}))
        if name.strip():
            out[path] = name.strip()
    return out


def _outcome_words(check):
    """The check's outcome words and tones, as read-only mappings (a card
    cannot change them for the next request)."""
    return MappingProxyType(dict(check.outcomes)), MappingProxyType(check.outcome_tones())


_READY = {}  # (system id, check id, locale) -> (system, check, names a request may carry, words, tones)


def _ready(request):
    """_lookup, with what every request of the check needs: the names its
    requests may carry (validate) and its outcome words (the card), worked
    out once per check."""
    if type(request) is dict:
        key = (request.get("system"), request.get("check"), request.get("locale", "en"))
        if type(key[0]) is str and type(key[1]) is str and type(key[2]) is str:
            entry = _READY.get(key)
            if entry is not None:
                return entry
    system, check = _lookup(request)
    entry = _READY[system.id, check.id, _locale(request)] = (system, check, known_names(check.params, RESERVED),
                                           *_outcome_words(check))
    return entry


_NOBODY = MappingProxyType({})  # the characters or labels of a request that names none


def _context(system, check, request, words, tones):
    side = request.get("side")
    if side is not None and not isinstance(side, str):
        raise InvalidRequest("side", code="type", refusal=("side_type", {"kind": Kind(side)}))
    if "card_first" in request and type(request["card_first"]) is not bool:
        raise InvalidRequest("card_first", code="type", refusal=("card_first_type", {"kind": Kind(request["card_first"])}))
    characters = _names(request, "characters") if "characters" in request else _NOBODY
    labels = _names(request, "labels") if "labels" in request else _NOBODY
    # positional, in Context's field order (about 1 us less than keywords);
    # the request itself: the cards only read it (follow_up copies it)
    return Context(check.label, words, tones, characters, labels, side, request, system.locale)


def _values(check, request, known, lang="en"):
    """The request's clean values: each parameter valid (params.validate),
    then the check's rules across fields (Check.rules): one door for resolve
    and odds, so the two refuse the same requests."""
    values = validate(check.params, request, known=known, lang=lang)
    if check.rules is not None:
        check.rules(values)
    return values


def _odds_dice(check, values, request):
    """The entered dice the odds read (a throw on the table), else None.
    `dice` and `seed` pass the checks resolve gives them; dice the odds do
    not read are refused, never ignored."""
    source = source_from_request(request)
    if source.kind != "entered":
        return None
    if check.odds_reads_dice is not None and check.odds_reads_dice(values):
        return source.values
    if source.values:
        raise InvalidRequest("dice", code="dice_extra", refusal=("odds_no_dice", {}))
    return None


@_in_words
def resolve(request):
    """One resolved check."""
    system, check, known, words, tones = _ready(request)
    values = _values(check, request, known, system.locale)
    ctx = _context(system, check, request, words, tones)
    source = source_from_request(request)
    out = _rules_answer(system, check, values, source)
    card = (check.explain or plain_card)(ctx, values, out)
    out["card"] = card.to_dict()
    for action in out["card"]["actions"]:
        action["new_dice"] = _new_dice(action["request"])
    out["line"] = card.line
    out["replay"] = _replay(check, request, source)
    if source.kind == "entered":
        out["drawn"] = source.drawn()
    return out


def _rules_answer(system, check, values, source):
    """The rules' result of a validated request, as JSON-safe values, before
    any words (the card)."""
    tray = Tray(source)
    result = None
    try:
        result = check.resolve(values, tray)
    except NeedMoreDice:
        pass
    source.finish()  # entered dice: raises when some are missing or unused
    if type(result) is not dict and hasattr(result, "to_dict"):
        result = result.to_dict()
    out = {"system": system.id, "check": check.id}
    out.update(result)
    out.setdefault("rolls", tray.to_list())
    out["source"] = source.kind
    if check.track is not None:
        out["track"] = check.track(values, out)
    if not check.json_safe or "track" in out:
        out = _jsonable(out)
    if check.words is not None:  # the record's sentences, from the game's cards
        out.update(check.words(values, out))
    _check_result(check, out)
    return out


def _new_dice(request):
    """The dice a follow-up rolls, as the rules ask for them (the page's
    fields when dice are entered): [{sides, label, faces?}]."""
    system, check, known, _, _ = _ready(request)
    values = validate(check.params, request, known=known)
    try:
        _rules_answer(system, check, values, EnteredSource([]))
    except InvalidRequest as e:
        if e.code == "dice_missing":
            return _die_labels(system, e.extra["needed"])
        raise
    return []


def _die_labels(system, dice):
    """Dice the rules ask for ({sides, label, ...}), labelled in the system's
    words (System.die_label); as they are where it has none."""
    if system.die_label is None:
        return dice
    return [dict(d, label=system.die_label(d["label"])) for d in dice]


def _replay(check, request, source):
    """The request that gives this result again, as the page keeps and
    shares it: the request without its seed and with the dice it was
    resolved with (entered as a player types them), without what those
    dice replay (params with stored=False: a throw a follow-up kept)."""
    skipped = check.unreplayed
    out = {}
    for k, v in request.items():  # a loop, not a comprehension: half the time for a few keys
        if k not in skipped:
            out[k] = v if type(v) in _PLAIN else _copy(v)
    out["dice"] = list(source.given)
    return out


def _copy(value):
    """A JSON value, copied (an answer shares nothing with its request)."""
    t = type(value)
    if t is dict:
        return {k: _copy(v) for k, v in value.items()}
    if t is list or t is tuple:
        return [_copy(v) for v in value]
    return value


_RESULT_KEYS = frozenset(("success", "summary", "steps"))  # what every result has


def _check_result(check: Check, out):
    if out.get("outcome") not in check.outcome_set:
        labels = check.outcome_ids()
        raise AssertionError(f"{check.id}: outcome {out.get('outcome')!r} is not one of {labels}")
    if not out.keys() >= _RESULT_KEYS:  # one test for the three (no set made of `out`)
        for key in ("success", "summary", "steps"):
            if key not in out:
                raise AssertionError(f"{check.id}: result lacks {key!r}")


@_in_words
def odds(request):
    system, check, known, words, tones = _ready(request)
    values = _values(check, request, known, system.locale)
    ctx = _context(system, check, request, words, tones)
    dice = _odds_dice(check, values, request)
    if check.odds_reads_dice is not None:
        result = dict(check.odds(values, dice))
    else:
        result = dict(check.odds(values))
    outcomes = dict(result.get("outcomes", {}))
    labels = check.outcome_ids()
    unknown = set(outcomes) - set(labels)
    if unknown:
        raise AssertionError(f"{check.id}: odds for unknown outcomes {sorted(unknown)}")
    full = {label: outcomes.get(label, 0) for label in labels}
    total = sum(Fraction(v) if not isinstance(v, float) else v for v in full.values())
    if abs(float(total) - 1) > 1e-9:
        raise AssertionError(f"{check.id}: outcome odds sum to {float(total)}")
    result["outcomes"] = full
    if "exact" not in result:
        exact, omitted = _exact_texts(full)
        if exact:
            result["exact"] = exact
        if omitted:
            result["exact_omitted"] = omitted
    if check.odds_words is not None:  # the odds' texts, from the game's cards
        result.update(check.odds_words(values, result))
    out = {"system": system.id, "check": check.id}
    out.update(result)
    view = (check.odds_view or plain_odds)(ctx, values, out)
    out = _jsonable(out)
    out["display"] = view.to_dict()
    return out


@_in_words
def fill(request):
    """What one character can put into a form group:
    request {system, character: {name, sheet}, params: [parameter names of
    the group]} -> {"options": [{"label", "values", "what"}]} where `values`
    are keyed by parameter name and `what` names what was rolled
    ("Climbing") for the card."""
    system = _system(request)
    character = request.get("character")
    if not isinstance(character, dict):
        raise InvalidRequest("character", code="type", refusal=("character_object", {}))
    params = request.get("params")
    if not isinstance(params, list) or not all(isinstance(p, str) for p in params):
        raise InvalidRequest("params", code="type", refusal=("params_list", {}))
    if system.fill is None:
        return {"system": system.id, "options": []}
    options = system.fill(character, params)
    if system.fill_labels is not None:
        options = system.fill_labels(options)
    return {"system": system.id, "options": _jsonable(options)}


@_in_words
def import_character(request):
    """A character from another tool's file: request {system, format, data:
    <the file as parsed JSON>} -> {"system", "character": {name, sheet},
    "report": [{what, status, why}]} (api.md, The Dark Eye: Optolith heroes).
    A file the format cannot read is an InvalidRequest naming `data`."""
    system = _system(request)
    formats = {i.format: i for i in system.importers}
    fmt = request.get("format")
    if type(fmt) is not str or fmt not in formats:
        code = "required" if fmt is None else "type" if type(fmt) is not str else "choice"
        raise InvalidRequest("format", code=code, refusal=(
            ("format_one_of", {"names": ", ".join(formats)}) if formats else ("format_none", {"system": system.name})))
    if "data" not in request:
        raise InvalidRequest("data", code="required", refusal=("data_required", {}))
    answer = formats[fmt].read(request["data"], system.sheet)
    return {"system": system.id, **answer}


# Python refuses to write integers over 4300 digits as text (and such texts
# help nobody): a fraction bigger than this goes out as a float only.
EXACT_TEXT_BITS = 13_000
_PLAIN = frozenset((str, int, bool, float, type(None)))


def _exact_texts(outcomes):
    """{label: "n/d"} for the exact odds; labels whose fraction is too big to
    write are listed apart (their float stays in `outcomes`)."""
    exact, omitted = {}, []
    for label, p in outcomes.items():
        if not isinstance(p, Fraction):
            continue
        if max(p.numerator.bit_length(), p.denominator.bit_length()) > EXACT_TEXT_BITS:
            omitted.append(label)
        else:
            exact[label] = f"{p.numerator}/{p.denominator}"
    return exact, omitted


def _jsonable(value):
    """Fractions to floats, tuples to lists, keys to strings: JSON-safe.
    Plain values and dicts/lists of them (a result's `rolls`) take the fast
    path: exact type checks, no ABC isinstance (Fraction is an ABC)."""
    t = type(value)
    if t is str or t is int or t is bool or t is float or value is None:
        return value
    if t is dict:
        return {(k if type(k) is str else str(k)): (v if type(v) in _PLAIN else _jsonable(v))
                for k, v in value.items()}
    if t is list or t is tuple:
        return [(v if type(v) in _PLAIN else _jsonable(v)) for v in value]
    if t is Fraction:
        return float(value)
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
