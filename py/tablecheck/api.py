"""The only door between JSON and the rules.

    catalog()          -> systems, checks, parameters, outcome labels
    resolve(request)   -> one resolved check (dice rolled, seeded or entered)
    odds(request)      -> exact probabilities of every outcome
    InvalidRequest     -> ValueError subclass naming the field

Requests and results are JSON-safe dicts (see shared spec api.md).
"""

from fractions import Fraction

from .checks import Check
from .dice import NeedMoreDice, Tray, source_from_request
from .errors import InvalidRequest
from .params import validate
from .systems import all_systems

__all__ = ["catalog", "resolve", "odds", "InvalidRequest"]

_SYSTEMS = None


def _systems():
    global _SYSTEMS
    if _SYSTEMS is None:
        _SYSTEMS = {s.id: s for s in all_systems()}
    return _SYSTEMS


def catalog():
    from . import __version__
    return {
        "version": __version__,
        "systems": {sid: s.to_catalog() for sid, s in _systems().items()},
    }


def _lookup(request):
    if not isinstance(request, dict):
        raise InvalidRequest("request", "must be an object with system, check and parameters")
    sid = request.get("system")
    systems = _systems()
    if sid not in systems:
        names = ", ".join(systems)
        raise InvalidRequest("system", f"unknown system {sid!r}; choose one of: {names}")
    system = systems[sid]
    cid = request.get("check")
    check = system.check(cid)
    if check is None:
        names = ", ".join(c.id for c in system.checks)
        raise InvalidRequest("check", f"unknown check {cid!r} for {system.name}; choose one of: {names}")
    return system, check


def resolve(request):
    system, check = _lookup(request)
    values = validate(check.params, request)
    source = source_from_request(request)
    tray = Tray(source)
    result = None
    try:
        result = check.resolve(values, tray)
    except NeedMoreDice:
        pass
    source.finish()  # entered dice: raises when some are missing or unused
    if hasattr(result, "to_dict"):
        result = result.to_dict()
    out = {"system": system.id, "check": check.id}
    out.update(result)
    out.setdefault("rolls", tray.to_list())
    out["source"] = source.kind
    _check_result(check, out)
    return _jsonable(out)


def _check_result(check: Check, out):
    labels = check.outcome_ids()
    if out.get("outcome") not in labels:
        raise AssertionError(f"{check.id}: outcome {out.get('outcome')!r} is not one of {labels}")
    for key in ("success", "summary", "steps"):
        if key not in out:
            raise AssertionError(f"{check.id}: result lacks {key!r}")


def odds(request):
    system, check = _lookup(request)
    values = validate(check.params, request)
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
    out = {"system": system.id, "check": check.id}
    out.update(result)
    return _jsonable(out)


# Python refuses to write integers over 4300 digits as text (and such texts
# help nobody): a fraction bigger than this goes out as a float only.
EXACT_TEXT_BITS = 13_000


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
    """Fractions to floats, tuples to lists, keys to strings: JSON-safe."""
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
