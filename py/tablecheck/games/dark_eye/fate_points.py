"""Fate points and aptitude (rules.md "Fate points (FtP)", "Aptitude"):
rerolls of a throw on the table, +1 QL, the rules both apply, and the
exact advice on which dice to reroll."""

from fractions import Fraction
from functools import lru_cache

from ...dice import Dist
from ...dice.sources import normalise_face
from ...errors import InvalidRequest
from .tables import SIDES
from .terms import KIND
from ...messages import Dice
from .throw import _refusal, _skill_odds_from_dist, classify_skill, score_skill, skill_dist


def _reroll_skill(tray, r, rule, positions, eavs, rating, names):
    """Reroll the dice at `positions` of the throw `r` (fate point: the new
    values stand; aptitude: the better value stands): the new SkillRoll."""
    if r.kind == "botch":
        raise _refusal(tray, "reroll", "reroll_botch")
    standing = list(r.records)
    for p in positions:
        i = p - 1
        old = standing[i]
        new = tray.roll(SIDES, f"{names[i]} die (reroll)", info={"eav": eavs[i]})
        old.rerolled = True
        if rule == "aptitude" and old.value <= new.value:
            new.kept = False
        else:
            old.kept = False
            standing[i] = new
    return score_skill(standing, eavs, rating)


def _raise_ql(tray, r):
    """+1 QL for a fate point (QL 6 at most)."""
    if not r.success:
        raise _refusal(tray, "fate_point_ql", "fate_point_ql_failure")
    if r.quality_level >= 6:
        raise _refusal(tray, "fate_point_ql", "fate_point_ql_max")
    r.quality_level += 1


def _positions(reroll):
    """The 1-based dice a reroll names, in order (`reroll_rules` checked
    them); a reroll to resolve must name them (the odds advise without)."""
    chosen = reroll.get("dice")
    if not chosen:
        raise InvalidRequest("reroll.dice", code="required", refusal=("reroll_choose", {}))
    return sorted(chosen)


def reroll_rules(values, count, rolled):
    """A fate point or Aptitude (rules.md "Fate points (FtP)", "Aptitude"):
    Aptitude is one die of a skill check with Aptitude; the dice named, if
    any, are dice of the check, each once; and a throw with an EAV below 1
    rolled nothing to reroll."""
    reroll = values.get("reroll")
    if not reroll:
        return
    if reroll["rule"] == "aptitude" and count == 1:
        raise InvalidRequest("reroll.rule", refusal=("aptitude_attribute", {}))
    if reroll["rule"] == "aptitude" and not values.get("aptitude"):
        raise InvalidRequest("reroll.rule", refusal=("aptitude_unset", {}))
    chosen = reroll.get("dice") or []
    if len(set(chosen)) != len(chosen):
        raise InvalidRequest("reroll.dice", refusal=("die_twice", {}))
    if reroll["rule"] == "aptitude" and len(chosen) > 1:
        raise InvalidRequest("reroll.dice", refusal=("aptitude_one", {}))
    if chosen and max(chosen) > count:
        raise InvalidRequest("reroll.dice", refusal=("check_has_dice", {"dice": Dice(count)}))
    if not rolled:
        raise InvalidRequest("reroll", refusal=("nothing_to_reroll_one" if count == 1 else "nothing_to_reroll",
                                                {}))


def _throw_rules(values, rolled, count_for):
    """`first_throw` holds exactly the dice the throw had (none at an EAV
    below 1)."""
    faces = values.get("first_throw")
    if faces is None:
        return
    if not rolled:
        raise InvalidRequest("first_throw", refusal=("first_throw_unrolled", {}))
    need = count_for(faces)
    if len(faces) != need:
        raise InvalidRequest("first_throw", refusal=("first_throw_had", {"dice": Dice(len(faces)), "need": need}))


def _odds_read_no_throw(values):
    """Odds are for a throw still to come; they read the throw on the table
    (`first_throw`, or `dice`: `reads_dice`) only to advise a reroll, and a
    fate point's +1 QL is spent on a throw already made."""
    if values.get("first_throw") is not None and values.get("reroll") is None:
        raise InvalidRequest("first_throw", code="dice_extra", refusal=("odds_throw_without_reroll", {}))
    if values.get("fate_point_ql"):
        raise InvalidRequest("fate_point_ql", refusal=("odds_fate_point_ql", {}))


def reads_dice(values):
    """Check.odds_reads_dice: the odds advise on the throw in `dice` when
    the request asks which dice to reroll and carries no `first_throw`."""
    return values.get("reroll") is not None and values.get("first_throw") is None


def _skill_key(face, eav, cap):
    """One d20 of a skill check as `_die_dist` counts it."""
    return (int(face == 1), int(face == SIDES), min(max(0, face - eav), cap))


@lru_cache(maxsize=1024)
def _new_die(eav, cap, rule, face):
    """{key: weight of 20} of one rerolled die: a fresh d20 (fate point), or
    the better (lower) of `face` and a fresh d20 (aptitude)."""
    weights = {}
    for new in range(1, SIDES + 1):
        key = _skill_key(min(face, new) if rule == "aptitude" else new, eav, cap)
        weights[key] = weights.get(key, 0) + 1
    return tuple(weights.items())


def reroll_skill_dist(eavs, rating, faces, positions, rule):
    """Exact Dist of (outcome, QL) after rerolling `positions` (1-based) of
    the throw `faces`: fate point, the new dice stand; aptitude, the better
    value stands. No positions: the throw as it stands. The dice that stay
    are one fixed key; each new die is convolved in (integer weights)."""
    if rule == "fate_point" and len(positions) == 3:
        return skill_dist(tuple(eavs), rating)  # a whole new throw (cached)
    cap = rating + 1
    ones = twenties = need = 0
    for i, (face, eav) in enumerate(zip(faces, eavs)):
        if i + 1 not in positions:
            k = _skill_key(face, eav, cap)
            ones, twenties, need = ones + k[0], twenties + k[1], need + k[2]
    weights = {(ones, twenties, min(need, cap)): 1}
    for p in positions:
        part = _new_die(eavs[p - 1], cap, rule, faces[p - 1])
        nxt = {}
        for (a, b, c), w in weights.items():
            for (x, y, z), v in part:
                key = (a + x, b + y, min(c + z, cap))
                nxt[key] = nxt.get(key, 0) + w * v
        weights = nxt
    out = {}
    for (a, b, c), w in weights.items():
        key = classify_skill(a, b, c, rating)[:2]
        out[key] = out.get(key, 0) + w
    return Dist(out, SIDES ** len(positions))


def _choice_entry(positions, outcomes, qls):
    success = sum((p for o, p in outcomes.items() if KIND[o] in ("critical", "success")), Fraction(0))
    mean = sum((int(q) * p for q, p in qls.items()), Fraction(0))
    return {"dice": list(positions), "outcomes": outcomes, "quality_levels": qls,
            "success_chance": success, "expected_quality_level": mean}


def _rank(choices):
    """Best first: highest chance of success, then higher mean QL, then
    fewer dice (api.md `best`), then the dice in order."""
    return sorted(choices, key=lambda c: (-c["success_chance"], -c["expected_quality_level"],
                                          len(c["dice"]), c["dice"]))


def _subsets(rule):
    if rule == "aptitude":
        return [(1,), (2,), (3,)]
    return [(1,), (2,), (3,), (1, 2), (1, 3), (2, 3), (1, 2, 3)]


def skill_advice(eavs, rating, faces, rule):
    """"Which dice should I reroll?" for a skill check's throw: every allowed
    choice's exact odds, best first, and the throw as it stands (`keep`)."""
    eavs, faces = tuple(eavs), tuple(faces)
    choices = [_choice_entry(c, *_skill_odds_from_dist(reroll_skill_dist(eavs, rating, faces, c, rule)))
               for c in _subsets(rule)]
    choices = _rank(choices)
    keep = _choice_entry((), *_skill_odds_from_dist(reroll_skill_dist(eavs, rating, faces, (), rule)))
    return {"rule": rule, "choices": choices, "keep": keep, "best": choices[0]["dice"]}


def advice_due(values, result):
    """Whether a skill check's result allows a fate point (or aptitude)
    next: a throw that is no botch, no fate point spent on it yet, dice
    rolled. Cheap: skill_follow_ups then works the advice out."""
    reroll = values.get("reroll") or {}
    return not (reroll.get("rule") == "fate_point" or values.get("fate_point_ql") or result.get("automatic")
                or KIND[result["outcome"]] == "botch")


def skill_follow_ups(values, result):
    """{rule: advice} for what a skill check's result allows next: a fate
    point (and aptitude, when the skill has it) on a throw that is no
    botch; nothing once one was spent, nor when no dice were rolled. Called
    by the card (exact Fractions, kept out of the JSON result)."""
    if not advice_due(values, result):
        return {}
    reroll = values.get("reroll") or {}
    eavs, rating, faces = result["eav"], values["rating"], result["dice"]
    out = {"fate_point": skill_advice(eavs, rating, faces, "fate_point")}
    if values.get("aptitude") and not reroll:  # after aptitude, a fate point may still follow
        out["aptitude"] = skill_advice(eavs, rating, faces, "aptitude")
    return out


def _advice_throw(values, dice, count_for):
    """The throw the advice is about: `first_throw`, else the request's dice;
    exactly the dice the throw had."""
    faces = values.get("first_throw") or dice
    field_name = "first_throw" if values.get("first_throw") else "dice"
    if not isinstance(faces, (list, tuple)) or not faces:
        raise InvalidRequest(field_name, code="required", refusal=("advice_throw", {}))
    faces = [normalise_face(f, SIDES, "", f"{field_name}[{i}]") for i, f in enumerate(faces)]
    need = count_for(faces)
    if len(faces) != need:
        raise InvalidRequest(field_name, code="dice_missing" if len(faces) < need else "dice_extra",
                             refusal=("throw_has_dice", {"dice": Dice(need), "n": len(faces)}))
    return list(faces), field_name
