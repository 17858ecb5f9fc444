"""The path matrix (issue 25): every check of every game, and the dice
roller's expressions, through every path a result travels between the rules
and the page, as the page stores and sends it (JSON text both ways). Each
path must give the same card, line and result as the roll it started from.

Paths (`PATHS`):
- rolled: `resolve` with a seed (the start of every path);
- replayed: the answer's `replay` (the request and dice the page keeps) sent
  back to `resolve`;
- typed: the replay's dice entered one die at a time, as the page's fields
  take them: each missing die is the next one the final answer drew, and a
  die typed digit by digit never relabels the dice already asked for;
- history: the entry the page stores (request, dice, result) written to
  storage, exported into a history file, imported and reopened;
- shared: a share link's fragment with the dice, decoded and resolved;
- reloaded: the stored answer read back after a reload (JSON-safe, no NaN);
- and each follow-up the card offers (fate point, aptitude, +1 QL), rolled
  and with its new dice typed one at a time, through the same paths.

The browser half (tests/e2e/test_paths_page.py) takes each path at least once
per game and per follow-up kind through the page itself."""

import base64
import json
import random

import pytest

from every_check import REQUESTS
from tablecheck import api

# The dice roller's expressions the seams break first (issue 25 items 2, 12)
EXPRESSIONS = [
    "4dF+2", "4dF.1-1", "3dF!kh2", "2d6!", "1d10!!", "2d6!!p + 1d6!p", "4d6min2max5",
    "{1d8!, 1d6!}kh1 # wild", "2d6[fire]+1d6[cold] // mixed", "4d6r1kh3", "6d10>=8f1",
    "d%+1d10", "3d6u", "2d20kl1+5", "1d4/3 + floor(3d6/2)",
]
DARK_EYE_FOLLOW_UPS = [  # checks whose cards offer follow-ups: more seeds, each kind
    {"system": "dark_eye", "check": "attribute", "value": 12, "modifier": 0},
    {"system": "dark_eye", "check": "skill", "attributes": [12, 13, 11], "rating": 6,
     "aptitude": True, "skill": "Climbing"},
]
CASES = REQUESTS + [{"system": "dice", "check": "roll", "expression": e} for e in EXPRESSIONS]
SEEDS = (1, 2, 3)
CARD_KEYS = ("card", "line", "outcome", "success", "summary", "steps", "rolls")
PATHS = ("rolled", "replayed", "typed", "history", "shared", "reloaded")


def case_id(request):
    return f"{request['system']}.{request['check']}" + (
        f"[{request['expression']}]" if "expression" in request else "")


def rolls_dice(request):
    s = api.catalog()["systems"][request["system"]]
    return s["checks"][request["check"]].get("rolls_dice", True) if isinstance(s["checks"], dict) \
        else True


def as_stored(value):
    """What the page keeps and sends: JSON text, read back."""
    return json.loads(json.dumps(value, allow_nan=False))


def answer(request):
    try:
        return api.resolve(as_stored(request))
    except api.InvalidRequest as e:
        return {"error": e.to_dict()}


def same(a, b, where):
    for key in CARD_KEYS:
        assert a.get(key) == b.get(key), f"{where}: {key} differs"
    assert a["replay"] == b["replay"], f"{where}: the replay differs"


# -- the paths: each takes the rolled answer and gives the answer it ends with --
def replayed(first):
    return answer(first["replay"])


def dice_specs(answer_):
    return [{k: d[k] for k in ("sides", "label", "faces") if k in d} for d in answer_["drawn"]]


def typed(first):
    """The replay's dice entered one die at a time (the page resolves after
    each; `needed` says which die its next field asks for)."""
    request = {k: v for k, v in first["replay"].items() if k != "dice"}
    dice = first["replay"]["dice"]
    final = answer(first["replay"])
    asked = dice_specs(final)
    assert len(asked) == len(dice)
    for k in range(len(dice)):
        got = answer(dict(request, dice=dice[:k]))
        err = got.get("error")
        assert err and err["code"] == "dice_missing", f"die {k + 1} of {len(dice)}: {got.get('error')}"
        assert err["needed"][0] == asked[k], f"die {k + 1}: the field asked for is not the die drawn"
        for digits in partial_digits(dice[k]):
            part = answer(dict(request, dice=dice[:k] + [digits]))
            if "error" not in part:  # complete with the first digit: no field relabelled
                assert dice_specs(part)[:k + 1] == asked[:k + 1], f"die {k + 1} typed as {digits}"
    return final


def partial_digits(face):
    """What a field holds while a face is typed key by key (20: 2)."""
    text = str(face)
    return [int(text[:i]) for i in range(1, len(text)) if text[:i] not in ("-", "+")]


def history_entry(first):
    """The entry the page keeps (static/js/table.js record)."""
    replay = first["replay"]
    request = {k: v for k, v in replay.items() if k not in ("system", "check", "dice")}
    return {"id": "h-1", "time": "2026-12-02T20:15:00.000Z", "system": replay["system"],
            "check": replay["check"], "request": request, "dice": replay["dice"],
            "source": first["source"], "line": first["line"], "result": first}


def reopen(entry):
    return answer({**entry["request"], "system": entry["system"], "check": entry["check"],
                   "dice": entry["dice"]})


def history(first):
    stored = as_stored([history_entry(first)])  # localStorage
    exported = {"format": "tablecheck-history", "version": 1, "entries": stored}
    imported = json.loads(json.dumps(exported))["entries"][0]
    return reopen(imported)


def shared(first):
    """static/js/share-link.js: #share=<base64url of {v: 1, system, check, request, dice}>."""
    entry = history_entry(first)
    payload = {"v": 1, "system": entry["system"], "check": entry["check"],
               "request": entry["request"], "dice": entry["dice"]}
    code = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    data = json.loads(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    return answer({**data["request"], "system": data["system"], "check": data["check"],
                   "dice": data["dice"]})


def reloaded(first):
    return as_stored(first)


STEPS = {"replayed": replayed, "typed": typed, "history": history, "shared": shared,
         "reloaded": reloaded}


def every_path(first, where):
    for name, path in STEPS.items():
        got = path(first)
        assert "error" not in got, f"{where}, {name}: {got.get('error')}"
        same(first, got, f"{where}, {name}")


# -- follow-ups ------------------------------------------------------------------------
def follow_up_kind(action):
    request = action["request"]
    if request.get("fate_point_ql"):
        return "fate_point_ql"
    return (request.get("reroll") or {}).get("rule", "other")


def typed_follow_up(action, rng):
    """A follow-up with entered dice: its new dice typed one at a time, each
    die as the API asks for it (the page's fields in the card)."""
    dice = []
    for _ in range(20):
        got = answer(dict(action["request"], dice=dice))
        err = got.get("error")
        if not err:
            return got
        assert err["code"] == "dice_missing", err
        die = err["needed"][0]
        if not dice and action.get("new_dice"):
            assert die == action["new_dice"][0] or die["sides"] == action["new_dice"][0]["sides"]
        faces = [f["value"] for f in die["faces"]] if "faces" in die else range(1, die["sides"] + 1)
        dice.append(rng.choice(list(faces)))
    raise AssertionError("the follow-up kept asking for dice")


def follow_ups(first, where, seed):
    seen = set()
    for action in first["card"]["actions"]:
        kind = follow_up_kind(action)
        seen.add(kind)
        rolled = answer(dict(action["request"], seed=seed))
        assert "error" not in rolled, f"{where}, {action['label']}: {rolled.get('error')}"
        every_path(rolled, f"{where}, {action['label']} (rolled)")
        entered = typed_follow_up(action, random.Random(seed))
        if action.get("new_dice"):
            assert dice_specs(entered)[:len(action["new_dice"])] == action["new_dice"], \
                f"{where}, {action['label']}: the dice asked are not the ones the action names"
        every_path(entered, f"{where}, {action['label']} (entered)")
    return seen


# -- the matrix --------------------------------------------------------------------------
@pytest.mark.parametrize("request_", [c for c in CASES if rolls_dice(c)], ids=case_id)
def test_every_path_gives_the_same_card(request_):
    for seed in SEEDS:
        first = answer(dict(request_, seed=seed))
        assert "error" not in first, first
        every_path(first, f"{case_id(request_)} seed {seed}")
        follow_ups(first, f"{case_id(request_)} seed {seed}", seed)


@pytest.mark.parametrize("request_", DARK_EYE_FOLLOW_UPS, ids=case_id)
def test_every_follow_up_kind_travels_every_path(request_):
    """The Dark Eye's follow-ups (rules.md "fate points", api.md "fate points
    and aptitude"): each kind its card offers, rolled and entered, through
    every path."""
    seen = set()
    for seed in range(40):
        first = answer(dict(request_, seed=seed))
        seen |= follow_ups(first, f"{case_id(request_)} seed {seed}", seed)
    want = {"fate_point"} if request_["check"] == "attribute" else {"fate_point", "aptitude",
                                                                      "fate_point_ql"}
    assert want <= seen


def test_fate_dice_replay_as_the_dice_show():
    # issue 25 item 2: 4dF+2 shared with its dice / its history reopened
    first = answer({"system": "dice", "check": "roll", "expression": "4dF+2", "seed": 5})
    assert all(v in (-1, 0, 1) for v in first["replay"]["dice"])
    assert [r["value"] for r in first["rolls"]] == first["replay"]["dice"]
    assert shared(first)["card"] == first["card"]
    assert history(first)["card"] == first["card"]


def test_a_kept_throw_is_replayed_from_the_dice_not_the_request():
    # a follow-up keeps the throw on the table (`first_throw`, stored=False):
    # its replay holds that throw as dice, first, as api.md's entered order says
    first = answer({"system": "dark_eye", "check": "attribute", "value": 12, "seed": 0})
    action = first["card"]["actions"][0]
    rerolled = answer(dict(action["request"], seed=4))
    assert "first_throw" not in rerolled["replay"]
    assert rerolled["replay"]["dice"][:len(first["replay"]["dice"])] == first["replay"]["dice"]
    assert rerolled["replay"]["reroll"] == action["request"]["reroll"]


def test_entered_answers_name_the_dice_they_took():
    # the page labels its fields from `drawn` (issue 25 item 1: the last
    # reroll field kept its "(reroll)" label while a 20 was typed)
    first = answer({"system": "dark_eye", "check": "skill", "attributes": [12, 13, 11],
                    "rating": 6, "aptitude": True, "seed": 1})
    action = next(a for a in first["card"]["actions"]
                  if (a["request"].get("reroll") or {}).get("rule") == "aptitude")
    two = answer(dict(action["request"], dice=[2]))
    twenty = answer(dict(action["request"], dice=[20]))
    assert dice_specs(two) == dice_specs(twenty) == action["new_dice"]
