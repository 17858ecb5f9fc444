"""The Dungeons of Olde (system id `dungeons_of_olde`).

Rules: seed ``004_189b292364954e52.txt``; readings in shared spec rules.md.

- The stat value is the die rank (Brawn 8 rolls d8). A *modification* shifts
  the rank before rolling (Brawn 8 with -2 rolls d6); ranks are clamped to
  d2..d20 and the result says so.
- A check roll is two exploding stat dice (each explodes on its own, no cap),
  plus *adjustments* added once after the explosions. Success if the total
  is at least the challenge rating (CR).
- Margin m = total - CR; ranks = 1 + floor(|m| / 3) on either side
  (m >= 0 is success); eight categories from Success to Legendary Success
  and Failure to Catastrophic Failure.
- Checks: `check`, `opposed`, `assisted`, `scaling`, `effect`.
- Trivial (CR 3 or less) is an automatic success with no dice unless the GM
  asks for a roll (`roll_trivial`) or applies critical outcomes. A scaling
  challenge takes the check's parameters (`roll_trivial` included, per the
  API contract) but is always rolled: its ranks set the yield.
- Wording: units are given in the plural ("arrows") and written singular
  only for exactly 1; a margin of 0 is written without a sign.

Odds are exact: the exploding dice come from the shared `Dist.exploding`
series, cut where the remaining mass is below 1e-12. For a check, an
assisted attempt and a scaling challenge the series is cut deep enough that
every cut-off event is a Legendary Success, so that mass is added there and
the outcome odds are exact and sum to exactly 1 (the figure is still
reported as `tail`). An opposed attempt cannot place a cut-off mass (a huge
target roll and a huge instigator roll both live there), so it is summed in
closed form instead (each exploding die is s K + R with K geometric), exact
with nothing cut off. Effect-roll distributions report their `tail`.
"""

from bisect import bisect_left
from fractions import Fraction

from ..checks import Check, System
from ..dice import TAIL_EPS, Dist, chain_text
from ..display import dungeons_of_olde as view
from ..display.words import plural, signed
from ..params import Bool, Int, Obj, Param, party
from ..sheets import Column, Sheet, Table, row_value, rows as sheet_rows, whole

MIN_SIDES = 2
MAX_SIDES = 20
MAX_CR = 99
MAX_EFFECT_DICE = 10

# Challenge ranks and their ratings (the text's "Challenges" table).
CR_RANKS = [
    ("trivial", "Trivial", 3),
    ("easy", "Easy", 6),
    ("moderate", "Moderate", 9),
    ("hard", "Hard", 12),
    ("heroic", "Heroic", 15),
    ("superhuman", "Superhuman", 18),
    ("godly", "Godly", 21),
]
CR_BY_NAME = {key: (name, rating) for key, name, rating in CR_RANKS}
TRIVIAL_CR = 3

# The suggested bonuses and penalties of the text, by outcome.
SUGGESTIONS = {
    "Major bonus": "Choose: consumable materials not consumed; or useful or valuable "
                   "materials recovered.",
    "Minor bonus": "Choose: task takes half the usual time; half the normal materials "
                   "consumed; or product is unusually beautiful, valuable or effective.",
    "Simple success": "Task succeeds, and any consumable materials are spent.",
    "Simple failure": "Task fails, and any consumable materials are lost.",
    "Minor penalty": "Choose: task takes twice the normal amount of time; task consumes "
                     "twice the normal amount of materials; or tools or equipment are "
                     "damaged, imposing -2 penalty on future attempts until damaged tools "
                     "are repaired or replaced.",
    "Major penalty": "Choose: failure damages or destroys the object of the attempt; tools "
                     "or equipment are destroyed, making future attempts impossible until "
                     "lost tools are replaced.",
}

# label, words, success?, ranks (4 = "4 or more"), margin words, outcome,
# character points when critical outcomes are applied  (Critical Outcomes table)
CATEGORIES = [
    ("legendary_success", "Legendary Success", True, 4, "+9 or more", "Major bonus", 2),
    ("critical_success", "Critical Success", True, 3, "+6 to +8", "Two minor bonuses", 1),
    ("solid_success", "Solid Success", True, 2, "+3 to +5", "Minor bonus", 0),
    ("success", "Success", True, 1, "0 to +2", "Simple success", 0),
    ("failure", "Failure", False, 1, "-1 to -2", "Simple failure", 0),
    ("decisive_failure", "Decisive Failure", False, 2, "-3 to -5", "Minor penalty", 0),
    ("critical_failure", "Critical Failure", False, 3, "-6 to -8", "Two minor penalties", 1),
    ("catastrophic_failure", "Catastrophic Failure", False, 4, "-9 or worse",
     "Major penalty", 2),
]
CATEGORY = {c[0]: c for c in CATEGORIES}
OUTCOMES = [("automatic_success", "Automatic Success (Trivial, no roll)")] + [
    (c[0], c[1]) for c in CATEGORIES]
SUCCESS_OUTCOMES = ("automatic_success",) + tuple(c[0] for c in CATEGORIES if c[2])
# lowest margin of each category, best first (Legendary m >= 9 ... Catastrophic)
_MARGIN_FLOORS = [9, 6, 3, 0, -2, -5, -8, None]


# -- the rules as pure functions -------------------------------------------------
def ranks_of(margin):
    """(success, ranks): m >= 0 succeeds; ranks = 1 + floor(|m| / 3)."""
    return margin >= 0, 1 + abs(margin) // 3


def category_of(margin):
    """The outcome label of a margin (Critical Outcomes table)."""
    success, ranks = ranks_of(margin)
    for c in CATEGORIES:
        if c[2] == success and c[3] == min(ranks, 4):  # 4 means "4 or more"
            return c[0]
    raise AssertionError(margin)  # pragma: no cover


def suggestion_for(outcome_words):
    """The text's suggestion for an outcome ("Two minor bonuses": two picks
    from the minor bonus list)."""
    if outcome_words == "Two minor bonuses":
        return "Two of the minor bonuses. " + SUGGESTIONS["Minor bonus"]
    if outcome_words == "Two minor penalties":
        return "Two of the minor penalties. " + SUGGESTIONS["Minor penalty"]
    return SUGGESTIONS[outcome_words]


def character_points(label, applied):
    """Character points for the outcome: only when the GM applies critical
    outcomes (1 critical, 2 legendary / catastrophic)."""
    if not applied or label not in CATEGORY:
        return 0
    return CATEGORY[label][6]


def assist_bonus(assistant_roll, instigator_stat):
    """Assisted attempt: 0 below the instigator's check stat; +1 on equal,
    +1 more for every two points above it."""
    if assistant_roll < instigator_stat:
        return 0
    return 1 + (assistant_roll - instigator_stat) // 2


def die_rank(stat, modification=0):
    """(sides, note): the stat die after modification, clamped to d2..d20."""
    wanted = stat + modification
    sides = min(MAX_SIDES, max(MIN_SIDES, wanted))
    note = None
    if sides != wanted:
        where = "below" if wanted < sides else "above"
        note = f"the modification would take the die {where} d{sides}; rolling d{sides}"
    return sides, note


def challenge(cr):
    """(rating, rank name or None) from a number or a rank key."""
    if isinstance(cr, str):
        name, rating = CR_BY_NAME[cr]
        return rating, name
    for _, name, rating in CR_RANKS:
        if rating == cr:
            return cr, name
    return cr, None


def is_trivial(rating):
    # a CR at or below the Trivial rating is (at most) a Trivial challenge
    return rating <= TRIVIAL_CR


def _cr_text(rating, name):
    return f"CR {rating} ({name})" if name else f"CR {rating}"


def _singular(unit):
    """The singular of a plural unit by plain English rules ("arrows" ->
    "arrow", "berries" -> "berry", "torches" -> "torch", "potions of
    healing" -> "potion of healing"); a word not ending in a plural s
    ("gold", "brass") is kept as it is."""
    head, sep, rest = unit.partition(" of ")
    words = head.split(" ")
    w = words[-1]
    low = w.lower()
    if low.endswith("ies") and len(w) > 3:
        w = w[:-3] + ("Y" if w[-3:].isupper() else "y")
    elif low.endswith(("sses", "shes", "ches", "xes", "zzes")):
        w = w[:-2]
    elif low.endswith("s") and not low.endswith(("ss", "us", "is")) and len(w) > 1:
        w = w[:-1]
    words[-1] = w
    return " ".join(words) + sep + rest


def _amount(n, unit):
    """A number with its unit: the singular only for exactly 1 ("0 arrows",
    "1 arrow", "2 arrows"); no unit, just the number."""
    if not unit:
        return str(n)
    return f"{n} {_singular(unit) if n == 1 else unit}"


# -- rolling ----------------------------------------------------------------------
def roll_stat_dice(tray, sides, count, who=""):
    """`count` exploding stat dice, each its own chain. Returns the chains."""
    prefix = f"{who}'s " if who else ""
    chains = []
    for i in range(count):
        chain = tray.explode(sides, f"{prefix}stat die {i + 1}")
        for d in chain:
            d.info["die"] = i + 1
            if who:
                d.info["who"] = who
        chains.append(chain)
    return chains


def _chain_steps(chains, sides, who=""):
    prefix = f"{who.capitalize()}'s stat die" if who else "Stat die"
    out = []
    for i, chain in enumerate(chains):
        n = len(chain) - 1
        text = f"{prefix} {i + 1} (d{sides}): {chain_text(chain)}"
        if n:
            text += f" (exploded {_times(n)})"
        out.append(text)
    return out


def _roll_attempt(tray, stat, modification, adjustment, who=""):
    """Roll a check roll: returns a dict with the dice, totals and steps."""
    sides, note = die_rank(stat, modification)
    steps = []
    if modification:
        whose = f"{who.capitalize()}'s stat" if who else "Stat"
        steps.append(f"{whose} {stat} with modification {signed(modification, zero='0')} "
                     f"rolls d{sides}.")
    if note:
        steps.append(f"Note: {note}.")
    chains = roll_stat_dice(tray, sides, 2, who)
    steps += [s + "." for s in _chain_steps(chains, sides, who)]
    sums = [sum(d.value for d in c) for c in chains]
    dice_total = sum(sums)
    total = dice_total + adjustment
    line = f"{' + '.join(str(s) for s in sums)} = {dice_total}"
    if adjustment:
        line += (f"; adjustment {signed(adjustment, zero='0')} (once, after explosions) "
                 f"gives {total}")
    who_text = f"{who.capitalize()}'s check roll" if who else "Check roll"
    steps.append(f"{who_text}: {line}.")
    return {
        "sides": sides, "die": f"d{sides}", "rank_note": note,
        "chains": [chain_text(c) for c in chains], "dice_total": dice_total,
        "adjustment": adjustment, "total": total, "steps": steps,
    }


def _judge(total, cr, applied):
    """Margin, ranks, category and its consequences for a check roll vs CR."""
    margin = total - cr
    success, ranks = ranks_of(margin)
    label = category_of(margin)
    cat = CATEGORY[label]
    side = "success" if success else "failure"
    steps = [
        f"Margin: {total} - {cr} = {signed(margin, zero='0')}"
        f" ({'equal to or above' if success else 'below'} the CR: {side}).",
        f"Ranks of {side}: 1 + floor({abs(margin)} / 3) = {ranks}: {cat[1]}"
        f" (margin {cat[4]}, {cat[3]}{' or more' if cat[3] == 4 else ''}"
        f" rank{'s' if cat[3] > 1 else ''}).",
    ]
    points = character_points(label, applied)
    critical = label not in ("success", "failure")
    if critical and applied:
        outcome_words = cat[5]
        suggestion = suggestion_for(outcome_words)
        steps.append(f"Critical outcomes applied: {outcome_words.lower()}; "
                     f"{plural(points, 'character point')} for the hero.")
    else:
        outcome_words = "Simple success" if success else "Simple failure"
        suggestion = SUGGESTIONS[outcome_words]
        if critical:
            steps.append("Critical outcomes not applied (the GM's call): "
                         f"treated as a {outcome_words.lower()}; no character points.")
    return {
        "outcome": label, "success": success, "margin": margin, "ranks": ranks,
        "category": cat[1], "outcome_words": outcome_words, "suggestion": suggestion,
        "character_points": points, "critical_outcomes": applied, "steps": steps,
    }


def _ranks_words(j):
    n = j["ranks"]
    return f"{plural(n, 'rank')} of {'success' if j['success'] else 'failure'}"


def _trivial_text(rating, name):
    """"CR 3 is Trivial" (or "CR 2 is Trivial (3 or less)" for a number below
    the rank): the rank named once, no nested brackets."""
    return f"CR {rating} is Trivial" + ("" if name else f" ({TRIVIAL_CR} or less)")


def _automatic(rating, name):
    return {
        "outcome": "automatic_success", "success": True, "total": None,
        "margin": None, "ranks": 1, "character_points": 0, "cr": rating,
        "cr_rank": name, "category": "Automatic Success",
        "outcome_words": "Simple success", "suggestion": SUGGESTIONS["Simple success"],
        "critical_outcomes": False,
        "summary": f"{_trivial_text(rating, name)}: an automatic success (no roll).",
        "steps": [f"{_trivial_text(rating, name)}: an automatic success, no dice rolled "
                  "(no roll asked for, and critical outcomes are not applied)."],
    }


def _trivial_auto(rating, values):
    """Trivial challenges need no roll unless the GM asks for one or critical
    outcomes are possible (scaling challenges always roll)."""
    return (is_trivial(rating) and not values.get("roll_trivial")
            and not values.get("critical_outcomes"))


# -- resolvers ------------------------------------------------------------------
def resolve_check(values, tray):
    rating, name = challenge(values["cr"])
    if _trivial_auto(rating, values):
        return _automatic(rating, name)
    roll = _roll_attempt(tray, values["stat"], values["modification"], values["adjustment"])
    j = _judge(roll["total"], rating, values["critical_outcomes"])
    steps = [f"Two exploding stat dice against {_cr_text(rating, name)}."]
    if is_trivial(rating):
        why = ("the GM asked for a roll" if values["roll_trivial"]
               else "critical outcomes are applied")
        steps.append(f"{_trivial_text(rating, name)}, but rolled anyway: {why}.")
    out = dict(roll)
    out.update(j)
    out.update({
        "cr": rating, "cr_rank": name, "trivial": is_trivial(rating),
        "summary": f"Check roll {roll['total']} on 2{roll['die']}! against "
                   f"{_cr_text(rating, name)}: {j['category']}, {_ranks_words(j)}.",
        "steps": steps + roll["steps"] + j["steps"],
    })
    return out


def resolve_scaling(values, tray):
    rating, name = challenge(values["cr"])
    roll = _roll_attempt(tray, values["stat"], values["modification"], values["adjustment"])
    j = _judge(roll["total"], rating, values["critical_outcomes"])
    per_rank, unit = values["per_rank"], values["unit"].strip()
    amount = per_rank * j["ranks"] if j["success"] else 0
    steps = [f"Scaling challenge at {_cr_text(rating, name)}: each rank of success yields "
             f"{_amount(per_rank, unit)}."]
    if is_trivial(rating):
        steps.append(f"{_trivial_text(rating, name)}, but a scaling challenge is always "
                     "rolled (its ranks set the yield).")
    steps += roll["steps"] + j["steps"]
    if j["success"]:
        steps.append(f"Yield: {plural(j['ranks'], 'rank')} x "
                     f"{per_rank} = {_amount(amount, unit)}.")
    else:
        steps.append(f"Yield: nothing on a failure ({_amount(0, unit)}).")
    out = dict(roll)
    out.update(j)
    out.update({
        "cr": rating, "cr_rank": name, "yield": amount, "per_rank": per_rank, "unit": unit,
        "yield_text": _amount(amount, unit), "per_rank_text": _amount(per_rank, unit),
        "trivial": is_trivial(rating),
        "extra_ranks": max(0, j["ranks"] - 1) if j["success"] else 0,
        "summary": f"Check roll {roll['total']} against {_cr_text(rating, name)}: "
                   f"{j['category']}, {_ranks_words(j)}, yielding {_amount(amount, unit)}.",
        "steps": steps,
    })
    return out


def resolve_opposed(values, tray):
    ins, tgt = values["instigator"], values["target"]
    # the target rolls first; its check roll becomes the instigator's CR
    t = _roll_attempt(tray, tgt["stat"], tgt["modification"], tgt["adjustment"], "target")
    i = _roll_attempt(tray, ins["stat"], ins["modification"], ins["adjustment"],
                      "instigator")
    cr = t["total"]
    j = _judge(i["total"], cr, values["critical_outcomes"])
    steps = ["The target rolls first; its check roll is the challenge rating "
             "(no critical outcomes for the target)."]
    steps += t["steps"] + [f"CR for the instigator: {cr}."] + i["steps"] + j["steps"]
    if j["success"] and j["margin"] == 0:
        steps.append("A tie goes to the instigator.")
    if values["critical_outcomes"] and j["outcome"] not in ("success", "failure"):
        steps.append("The GM may instead turn the instigator's critical outcome into a "
                     "bonus or penalty for the target.")
    out = {k: v for k, v in i.items() if k != "steps"}
    out.update(j)
    out.update({
        "cr": cr, "target_total": cr, "instigator_total": i["total"],
        "target": {k: v for k, v in t.items() if k != "steps"},
        "instigator": {k: v for k, v in i.items() if k != "steps"},
        "summary": f"The instigator's {i['total']} against the target's {cr}: "
                   f"{j['category']}, {_ranks_words(j)}"
                   f" ({'the attempt succeeds' if j['success'] else 'the target resists'}).",
        "steps": steps,
    })
    return out


def resolve_assisted(values, tray):
    rating, name = challenge(values["cr"])
    if _trivial_auto(rating, values):
        return dict(_automatic(rating, name), assist_bonus=0)
    ins, ast = values["instigator"], values["assistant"]
    stat = ins["stat"]
    a = _roll_attempt(tray, ast["stat"], ast["modification"], ast["adjustment"], "assistant")
    bonus = assist_bonus(a["total"], stat)
    steps = [f"The assistant rolls against CR {stat} (the instigator's check stat)."]
    steps += a["steps"]
    if bonus:
        steps.append(f"Assist bonus: {a['total']} vs {stat}: 1 + floor("
                     f"{a['total'] - stat} / 2) = +{bonus}, an adjustment to the "
                     "instigator's roll.")
    else:
        steps.append(f"Assist bonus: {a['total']} is below {stat}: no bonus.")
    i = _roll_attempt(tray, stat, ins["modification"], ins["adjustment"] + bonus,
                      "instigator")
    j = _judge(i["total"], rating, values["critical_outcomes"])
    extra = ""
    if bonus and ins["adjustment"]:
        extra = f", with adjustment {signed(ins['adjustment'], zero='0')} + assist +{bonus}"
    elif bonus:
        extra = f", with the assist +{bonus} as an adjustment"
    steps.append(f"The instigator rolls against {_cr_text(rating, name)}{extra}.")
    steps += i["steps"] + j["steps"]
    out = {k: v for k, v in i.items() if k != "steps"}
    out.update(j)
    out.update({
        "cr": rating, "cr_rank": name, "assist_bonus": bonus, "trivial": is_trivial(rating),
        "assistant_total": a["total"],
        "instigator": {k: v for k, v in i.items() if k != "steps"},
        "assistant": {k: v for k, v in a.items() if k != "steps"},
        "summary": f"{f'With +{bonus}' if bonus else 'With no bonus'} from the assistant "
                   f"({a['total']} vs {stat}), check roll "
                   f"{i['total']} against {_cr_text(rating, name)}: {j['category']}, "
                   f"{_ranks_words(j)}.",
        "steps": steps,
    })
    return out


def resolve_effect(values, tray):
    sides, note = die_rank(values["stat"], values["modification"])
    count, exploding = values["count"], values["exploding"]
    steps = []
    if values["modification"]:
        steps.append(f"Stat {values['stat']} with modification "
                     f"{signed(values['modification'], zero='0')} rolls d{sides}.")
    if note:
        steps.append(f"Note: {note}.")
    if exploding:
        chains = []
        for i in range(count):
            chain = tray.explode(sides, f"effect die {i + 1}")
            for d in chain:
                d.info["die"] = i + 1
            chains.append(chain)
        sums = [sum(d.value for d in c) for c in chains]
        texts = [chain_text(c) for c in chains]
        faces = [[d.value for d in c] for c in chains]
    else:
        dice = tray.pool(count, sides, "effect die")
        sums = [d.value for d in dice]
        texts = [str(v) for v in sums]
        faces = [[v] for v in sums]
    total = sum(sums)
    bang = "!" if exploding else ""
    steps.append(f"Effect roll {count}d{sides}{bang}"
                 f"{'' if exploding else ' (not exploding)'}: "
                 f"{_effect_line(faces, total)}.")
    exploded = [f"die {i + 1} {_times(len(v) - 1)}" for i, v in enumerate(faces)
                if len(v) > 1]
    if exploded:
        steps.append(f"Exploded (a die showing its maximum rolls again and adds): "
                     f"{', '.join(exploded)}.")
    return {
        "outcome": "rolled", "success": True, "total": total, "sides": sides,
        "die": f"d{sides}", "rank_note": note, "chains": texts,
        "summary": f"Effect roll {count}d{sides}{bang}: {total}.",
        "steps": steps,
    }


def _times(n):
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _effect_line(values, total):
    """Each die's chain and the sum, once: "12", "6 -> 6 -> 2 = 14",
    "(6 -> 6 -> 2) + 3 + (6 -> 1) = 24"."""
    if len(values) == 1:
        chain = " -> ".join(str(v) for v in values[0])
        return chain if len(values[0]) == 1 else f"{chain} = {total}"
    parts = [str(v[0]) if len(v) == 1 else "(" + " -> ".join(str(x) for x in v) + ")"
             for v in values]
    return f"{' + '.join(parts)} = {total}"


# -- exact odds ---------------------------------------------------------------
def stat_sum(sides, count, eps, floor=None):
    """Sum of `count` exploding d`sides` as a Dist. Each die's series is cut
    below `eps` and, when `floor` is given, deep enough that every cut-off
    event (some die showing its maximum on every represented roll) sums to
    at least `floor`."""
    depth = 1
    if floor is not None:
        # a cut-off die is >= depth * sides + 1, the others >= 1 each
        while depth * sides + count < floor:
            depth += 1
    die = Dist.exploding(sides, min(eps, Fraction(1, sides ** depth)))
    cut_floor = max(die.weights) + 1 + count  # max kept face + 2, others 1
    if floor is not None and cut_floor < floor:  # pragma: no cover - guard
        raise AssertionError("explosion series cut too shallow")
    return die.sum_of(count)


def effect_sum(sides, count, budget=TAIL_EPS):
    """Sum of `count` exploding d`sides` for an effect roll, with at most
    `budget` mass cut off in all: each die's series is cut below
    budget / (2 count), and after adding each die the highest totals are
    dropped while their mass stays below budget / (2 count). Everything kept
    is exact; what is cut is the Dist's tail. (Far faster than convolving
    the full series: 10d20! in about a third of the time.)"""
    step = budget / (2 * count)
    die = Dist.exploding(sides, step)
    faces = sorted(die.weights.items())
    acc, total = {0: 1}, 1
    for _ in range(count):
        out = {}
        for a, wa in acc.items():
            for b, wb in faces:
                out[a + b] = out.get(a + b, 0) + wa * wb
        total *= die.total
        limit = step * total  # a Fraction: the mass we may drop, as weight
        dropped = 0
        for k in sorted(out, reverse=True):
            if dropped + out[k] >= limit:
                break
            dropped += out.pop(k)
        acc = out
    return Dist(acc, total)


def _survival(dist):
    """(sorted outcomes, suffix weights) so that S(x) = weight of outcomes >= x."""
    keys = sorted(dist.weights)
    suffix = [0] * (len(keys) + 1)
    for i in range(len(keys) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + dist.weights[keys[i]]
    return keys, suffix


def margin_outcomes(roll, cr):
    """{label: Fraction} for check roll totals `roll` (Dist) against a CR that
    is an int or itself a Dist (opposed), from the represented mass only."""
    cr = Dist.constant(cr) if isinstance(cr, int) else cr
    keys, suffix = _survival(roll)
    weights = {c[0]: 0 for c in CATEGORIES}
    for c_value, wc in cr.weights.items():
        above = 0  # weight of totals at or above the previous (better) floor
        for (label, *_), floor in zip(CATEGORIES, _MARGIN_FLOORS):
            at_least = suffix[0] if floor is None else suffix[
                bisect_left(keys, c_value + floor)]
            weights[label] += wc * (at_least - above)
            above = at_least
    total = roll.total * cr.total
    return {label: Fraction(w, total) for label, w in weights.items()}


def _eps(n_dice):
    # per-die cut so that the whole check's cut-off mass stays below 1e-12
    return TAIL_EPS / n_dice


def _odds_result(outcomes, tail, assigned):
    outcomes = dict(outcomes)
    if assigned:
        outcomes[assigned] = outcomes.get(assigned, 0) + tail
    success = sum((p for k, p in outcomes.items() if k in SUCCESS_OUTCOMES), Fraction(0))
    out = {
        "outcomes": outcomes, "success_chance": success, "tail": tail,
        "tail_outcome": assigned,
        "tail_note": (f"explosion series cut below 1e-12; the cut-off mass is all "
                      f"{CATEGORY[assigned][1]} and is counted there, so these odds are "
                      f"exact" if assigned else
                      "explosion series cut below 1e-12; the cut-off mass (tail) is not "
                      "in the outcomes, which sum to 1 - tail"),
    }
    return out


def _attempt_totals(stat, modification, adjustment, floor, n_dice):
    sides, _ = die_rank(stat, modification)
    dist = stat_sum(sides, 2, _eps(n_dice), floor - adjustment)
    return dist + adjustment


def odds_check(values):
    rating, _ = challenge(values["cr"])
    if _trivial_auto(rating, values):
        return dict(_odds_result({"automatic_success": Fraction(1)}, Fraction(0), None),
                    tail_note="a Trivial challenge is an automatic success: no dice")
    roll = _attempt_totals(values["stat"], values["modification"], values["adjustment"],
                           rating + 9, 2)
    return _odds_result(margin_outcomes(roll, rating), roll.tail(), "legendary_success")


def odds_scaling(values):
    rating, _ = challenge(values["cr"])
    roll = _attempt_totals(values["stat"], values["modification"], values["adjustment"],
                           rating + 9, 2)
    out = _odds_result(margin_outcomes(roll, rating), roll.tail(), "legendary_success")
    yields = {}
    for total, w in roll.weights.items():
        success, ranks = ranks_of(total - rating)
        amount = values["per_rank"] * ranks if success else 0
        yields[amount] = yields.get(amount, 0) + w
    out["yields"] = {k: Fraction(w, roll.total) for k, w in sorted(yields.items())}
    out["yields_note"] = "yields of the cut-off mass (tail) are not listed"
    return out


def _two_explosions_at_least(n, rho):
    """P(K1 + K2 >= n) for two independent explosion counts, P(K = k) =
    rho^k (1 - rho): a negative binomial with a closed-form tail."""
    if n <= 0:
        return Fraction(1)
    return rho ** n * (1 + n * (1 - rho))


def _lattice_at_least(p, q, t):
    """P(p N - q L >= t) exactly, where N and L count the explosions of two
    d`p` and two d`q` (independent; P(N = n) = (n + 1) p^-n (1 - 1/p)^2).

    For L = l the chance is P(N >= ceil((t + q l) / p)); along l = l0 + p j
    that index grows by q per step, so each residue class l0 is a series
    C (a + b j)(c + d j) r^j with r = 1/Q, Q = q^p p^q, whose sums are
    sum r^j = Q/(Q-1), sum j r^j = Q/(Q-1)^2, sum j^2 r^j = Q(Q+1)/(Q-1)^3.
    Summed over one common denominator in integers (fast), one Fraction."""
    first = 0 if t > 0 else (-t) // q + 1  # from here on t + q l > 0
    head = 1 - _two_explosions_at_least(first, Fraction(1, q))  # l < first: certain
    big_q = q ** p * p ** q
    qm = big_q - 1
    d = q * (p - 1)  # p * (q (1 - 1/p))
    terms = []
    for l0 in range(first, first + p):
        n0 = -(-(t + q * l0) // p)  # ceil
        a, b = l0 + 1, p  # P(L = l) = (l + 1) q^-l (1 - 1/q)^2
        c = p + n0 * (p - 1)  # p * (1 + n0 (1 - 1/p))
        terms.append((l0, n0, a * c * qm * qm + (a * d + b * c) * qm + b * d * (big_q + 1)))
    lmax = first + p - 1
    nmax = max(n0 for _, n0, _ in terms)
    num = sum(v * q ** (lmax - l0) * p ** (nmax - n0) for l0, n0, v in terms)
    num *= (q - 1) ** 2 * big_q
    den = q ** (lmax + 2) * p ** (nmax + 1) * qm ** 3
    return head + Fraction(num, den)


def _faces_sum(sides):
    """Distribution of the two final (non-exploding) faces, 1..sides-1 each."""
    face = Dist({f: 1 for f in range(1, sides)})
    return face + face


def opposed_outcomes(i_sides, i_adj, t_sides, t_adj):
    """Exact {label: Fraction} of an opposed attempt, with no truncation.

    An exploding d`s` is s K + R with K (explosions, P(K = k) = s^-k (1 -
    1/s)) independent of R (the last face, uniform 1..s-1). So the margin is
    p N - q L + D with D = (R1 + R2) - (S1 + S2) + adjustments finite, and
    P(margin >= c) = sum over D of P(p N - q L >= c - D), each in closed form.
    """
    diff = _faces_sum(i_sides).combine(_faces_sum(t_sides), lambda a, b: a - b)
    diff = diff + (i_adj - t_adj)
    cache = {}

    def at_least(c):  # P(margin >= c)
        out = Fraction(0)
        for d, w in diff.weights.items():
            t = c - d
            if t not in cache:
                cache[t] = _lattice_at_least(i_sides, t_sides, t)
            out += w * cache[t]
        return out / diff.total

    outcomes, above = {}, Fraction(0)
    for (label, *_), floor in zip(CATEGORIES, _MARGIN_FLOORS):
        p = Fraction(1) if floor is None else at_least(floor)
        outcomes[label] = p - above
        above = p
    return outcomes


def odds_opposed(values):
    ins, tgt = values["instigator"], values["target"]
    t_sides, _ = die_rank(tgt["stat"], tgt["modification"])
    i_sides, _ = die_rank(ins["stat"], ins["modification"])
    out = _odds_result(opposed_outcomes(i_sides, ins["adjustment"], t_sides,
                                        tgt["adjustment"]), Fraction(0), None)
    out["tail_note"] = ("exact closed form of the explosion series (each die is s K + R "
                        "with a geometric number K of explosions): nothing cut off")
    return out


def odds_assisted(values):
    rating, _ = challenge(values["cr"])
    if _trivial_auto(rating, values):
        return dict(_odds_result({"automatic_success": Fraction(1)}, Fraction(0), None),
                    assist_bonuses={0: Fraction(1)},
                    tail_note="a Trivial challenge is an automatic success: no dice")
    ins, ast = values["instigator"], values["assistant"]
    stat = ins["stat"]
    legendary = rating + 9
    # any cut-off assistant roll must give a bonus that makes even the lowest
    # instigator roll (2 + adjustment) legendary: bonus >= need
    need = legendary - 2 - ins["adjustment"]
    a_floor = stat + 2 * (need - 1) if need > 0 else stat
    a_sides, _ = die_rank(ast["stat"], ast["modification"])
    assistant = stat_sum(a_sides, 2, _eps(4), a_floor - ast["adjustment"]) + ast["adjustment"]
    bonuses = assistant.map(lambda total: assist_bonus(total, stat))
    own = _attempt_totals(stat, ins["modification"], ins["adjustment"], legendary, 4)
    roll = own + bonuses
    out = _odds_result(margin_outcomes(roll, rating), roll.tail(), "legendary_success")
    out["assist_bonuses"] = {k: Fraction(w, bonuses.total)
                             for k, w in sorted(bonuses.weights.items())}
    return out


def odds_effect(values):
    sides, _ = die_rank(values["stat"], values["modification"])
    count = values["count"]
    if values["exploding"]:
        dist = effect_sum(sides, count)
        mean = count * (Fraction(sides, 2) + Fraction(sides, sides - 1))
    else:
        dist = Dist.uniform(sides).sum_of(count)
        mean = count * Fraction(sides + 1, 2)
    return {
        "outcomes": {"rolled": Fraction(1)},
        "distribution": {k: Fraction(w, dist.total) for k, w in sorted(dist.weights.items())},
        "tail": dist.tail(), "mean": mean,
        "tail_note": "explosion series cut below 1e-12 in all; the cut-off mass (tail) "
                     "is not in the distribution",
    }


# -- declarations ---------------------------------------------------------------
def _stat_param(label="Stat (die rank: Brawn 8 rolls d8)"):
    return Int("stat", label, default=8, min=MIN_SIDES, max=MAX_SIDES,
               help="the stat value is the die rank; d2 to d20", initial=8)


def _modification():
    return Int("modification", "Modification (die-rank shift before rolling)", default=0,
               min=-18, max=18, help="Brawn 8 with -2 rolls d6")


def _adjustment():
    return Int("adjustment", "Adjustment (added once after explosions)", default=0,
               min=-30, max=30)


def _cr_param():
    return Param("cr", "int_or_choice", "Challenge rating (CR) or rank", default="moderate",
                 min=1, max=MAX_CR, initial=9,
                 choices=[(key, f"{name} ({rating})") for key, name, rating in CR_RANKS],
                 help="a number, or Trivial 3, Easy 6, Moderate 9, Hard 12, Heroic 15, "
                      "Superhuman 18, Godly 21")


def _roll_trivial(scaling=False):
    if scaling:
        return Bool("roll_trivial", "Roll even a Trivial challenge (tense and dramatic)",
                    default=False,
                    help="a scaling challenge is always rolled, even when Trivial (its ranks "
                         "set the yield); accepted like the check's, changes nothing here")
    return Bool("roll_trivial", "Roll even a Trivial challenge (tense and dramatic)",
                default=False)


def _critical():
    return Bool("critical_outcomes", "Apply critical outcomes (bonuses, penalties, "
                "character points)", default=False,
                help="the GM's call: some apply them to every attempt, some only in "
                     "dramatic moments")


def _side(name, label):
    return party(Obj(name, [_stat_param("Stat (die rank)"), _modification(), _adjustment()],
                     label=label))


CHECKS = [
    Check(
        id="check",
        label="Check roll",
        description="Two exploding stat dice plus adjustments against a challenge rating; "
                    "ranks of success or failure.",
        params=[_stat_param(), _modification(), _adjustment(), _cr_param(), _roll_trivial(),
                _critical()],
        outcomes=OUTCOMES, success_outcomes=SUCCESS_OUTCOMES,
        resolve=resolve_check, odds=odds_check,
        tones=view.TONES, explain=view.check_card, odds_view=view.check_odds,
    ),
    Check(
        id="opposed",
        label="Opposed attempt",
        description="The target rolls first and its check roll is the CR; the instigator "
                    "wins ties.",
        params=[_side("instigator", "Instigator"), _side("target", "Target"), _critical()],
        outcomes=OUTCOMES, success_outcomes=SUCCESS_OUTCOMES,
        resolve=resolve_opposed, odds=odds_opposed,
        tones=view.TONES, explain=view.opposed_card, odds_view=view.opposed_odds,
    ),
    Check(
        id="assisted",
        label="Assisted attempt",
        description="An assistant rolls against the instigator's check stat; the bonus "
                    "adjusts the instigator's check roll.",
        params=[_side("instigator", "Instigator (the hero attempting)"),
                _side("assistant", "Assistant"), _cr_param(), _roll_trivial(),
                _critical()],
        outcomes=OUTCOMES, success_outcomes=SUCCESS_OUTCOMES,
        resolve=resolve_assisted, odds=odds_assisted,
        tones=view.TONES, explain=view.assisted_card, odds_view=view.assisted_odds,
    ),
    Check(
        id="scaling",
        label="Scaling challenge",
        description="A check roll where every rank of success yields more (3 arrows a "
                    "rank); always rolled, even when Trivial.",
        params=[_stat_param(), _modification(), _adjustment(), _cr_param(),
                _roll_trivial(scaling=True),
                Int("per_rank", "Yield per rank of success", default=1, min=0, max=1000,
                    initial=1),
                Param("unit", "string", "What is yielded (e.g. arrows)", default="",
                      max_length=40),
                _critical()],
        outcomes=OUTCOMES, success_outcomes=SUCCESS_OUTCOMES,
        resolve=resolve_scaling, odds=odds_scaling,
        tones=view.TONES, explain=view.scaling_card, odds_view=view.scaling_odds,
    ),
    Check(
        id="effect",
        label="Effect roll",
        description="Any number of exploding stat dice, summed, for the degree of a "
                    "success.",
        params=[_stat_param(), _modification(),
                Int("count", "Number of stat dice", default=2, min=1, max=MAX_EFFECT_DICE,
                    initial=1),
                Bool("exploding", "Exploding dice (unless the rules say otherwise)",
                     default=True)],
        outcomes=[("rolled", "Rolled")], success_outcomes=("rolled",),
        resolve=resolve_effect, odds=odds_effect,
        tones=view.EFFECT_TONES, explain=view.effect_card, odds_view=view.effect_odds,
    ),
]

# -- the character sheet --------------------------------------------------------
SHEET = Sheet(tables=[
    Table("stats", "Stats", "stat", [
        Column("name", "text", "Stat"),
        Column("value", "int", "Die (d2-d20)", min=MIN_SIDES, max=MAX_SIDES, default=6),
    ], defaults=[{"name": "Brawn", "value": 8}, {"name": "Nerve", "value": 6},
                 {"name": "Savvy", "value": 6}]),
    Table("skills", "Skills", "skill", [
        Column("name", "text", "Skill"),
        Column("stat", "ref", "Check stat", ref="stats"),
    ], defaults=[{"name": "Forage", "stat": "Savvy"}]),
])


def _die_of(v):
    v = whole(v)
    return v if v is not None and MIN_SIDES <= v <= MAX_SIDES else None


def fill(character, params):
    """What a character puts into a form group with `stat`: each stat, and
    each skill by its check stat. Rows with bad data are left out."""
    if "stat" not in params:
        return []
    out = []
    for r in sheet_rows(character, "stats"):
        name, die = r.get("name"), _die_of(r.get("value"))
        if isinstance(name, str) and die is not None:
            out.append({"label": f"{name} d{die}", "values": {"stat": die}, "what": name})
    for r in sheet_rows(character, "skills"):
        name, stat = r.get("name"), r.get("stat")
        die = _die_of(row_value(character, "stats", stat))
        if isinstance(name, str) and die is not None:
            out.append({"label": f"{name} ({stat} d{die})", "values": {"stat": die},
                        "what": name})
    return out


SYSTEM = System(
    id="dungeons_of_olde",
    name="The Dungeons of Olde",
    short_name="Dungeons of Olde",
    description="Two exploding stat dice against a challenge rating; ranks of success "
                "and failure, critical outcomes, opposed, assisted, scaling and effect "
                "rolls.",
    checks=CHECKS,
    sheet=SHEET,
    fill=fill,
    extra={
        "cr_ranks": [{"value": key, "name": name, "rating": rating}
                     for key, name, rating in CR_RANKS],
        "die_ranks": list(range(MIN_SIDES, MAX_SIDES + 1)),
        "categories": [
            {"outcome": label, "name": words, "success": success,
             "ranks": f"{ranks} or more" if ranks == 4 else str(ranks),
             "margin": margin, "result": result, "character_points": points,
             "suggestion": suggestion_for(result)}
            for label, words, success, ranks, margin, result, points in CATEGORIES
        ],
        "stat_examples": ["Brawn", "Nerve", "Savvy"],
    },
)
