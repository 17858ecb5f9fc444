"""The cumulative check with several skills (reading "Cumulative check
with several skills"): each check's skill by the order or the most QL
missing, shared penalties, exact odds by a dynamic programme."""

from fractions import Fraction

from ...errors import InvalidRequest
from .cumulative import _can_still_succeed, _check_modifiers, _check_partial, _check_table, next_penalty
from .tables import ALL_DICE
from .throw import _member, roll_skill


# exact odds of a cumulative check with several skills: refused at once when
# (QL states x penalties x checks) is above the first bound, and as soon as
# the moves made pass the second (about a third of a second of CPython)
MULTI_SKILL_STATES = 20_000_000
MULTI_SKILL_WORK = 1_200_000


def _multi_skills(values):
    """The skills of a `cumulative_skills` request: one dict each."""
    out = []
    for i, v in enumerate(values["skills"]):
        eavs, rating, names, _ = _member(v)
        out.append({"name": v.get("skill") or f"skill {i + 1}", "named": bool(v.get("skill")),
                    "eavs": eavs, "rating": rating, "names": names, "attrs": v["attributes"],
                    "modifier": v["modifier"], "target": v["target"]})
    return out


def _multi_checks(values):
    """(skills, modifiers padded to max_checks, order as 0-based skill
    indices), the request's lists checked against each other."""
    skills = _multi_skills(values)
    count = values["max_checks"]
    _check_partial(values["partial"], sum(s["target"] for s in skills), every_skill=True)
    mods = _check_modifiers(values, count)
    order = values.get("order") or []
    if len(order) > count:
        raise InvalidRequest("order", refusal=("more_than_checks", {"n": len(order), "count": count}))
    for i, k in enumerate(order):
        if k > len(skills):
            raise InvalidRequest(f"order[{i}]", refusal=("order_skill", {"n": len(skills), "k": k}))
    return skills, mods, [k - 1 for k in order]


def choose_skill(missing, order, n):
    """(skill index, chosen by the order) for check n (0-based): the order's
    skill while it lists one that still misses QL, else the skill with the
    most QL still missing, the first listed on a tie (reading)."""
    if n < len(order) and missing[order[n]] > 0:
        return order[n], True
    best = 0
    for i, m in enumerate(missing):
        if m > missing[best]:
            best = i
    return best, False


def resolve_cumulative_skills(values, tray):
    skills, mods, order = _multi_checks(values)
    count, partial = values["max_checks"], values["partial"]
    given = values.get("modifiers") is not None
    quality = [0] * len(skills)
    penalty = 0
    checks = []
    outcome = None
    made = 0

    def missing():
        return [max(0, s["target"] - q) for s, q in zip(skills, quality)]

    def counted():
        return sum(min(q, s["target"]) for s, q in zip(skills, quality))

    for n in range(1, count + 1):
        left = [i for i, m in enumerate(missing()) if m]
        if not any(_can_still_succeed(min(skills[i]["eavs"]), penalty, mods, n) for i in left):
            break
        made = n
        i, by_order = choose_skill(missing(), order, n - 1)
        s = skills[i]
        mod = mods[n - 1]
        r = roll_skill(tray, [e + mod - penalty for e in s["eavs"]], s["rating"], s["names"],
                       prefix=f"check {n}, {s['name']}, ")
        entry = {"number": n, "round": n, "skill": i, "skill_name": s["name"],
                 "chosen_by": "order" if by_order else "default", "penalty": penalty}
        if given:
            entry["check_modifier"] = mod
        entry.update(r.to_dict())
        gained = 0
        if r.kind == "botch":
            quality = [0] * len(skills)
            outcome = "botch"
        elif r.kind == "critical":
            gained = 2 * r.quality_level
        elif r.kind == "success":
            gained = r.quality_level
        penalty = next_penalty(r.kind, penalty)
        quality[i] += gained
        entry["gained"] = gained
        entry["quality"] = list(quality)
        entry["total"] = counted()
        checks.append(entry)
        if outcome == "botch":
            break
        if not any(missing()):
            outcome = "success"
            break
    total = counted()
    if outcome is None:
        outcome = "partial_success" if partial is not None and total >= partial else "failure"
    return {"outcome": outcome, "success": outcome == "success", "checks": checks,
            "total_quality": total, "rounds": made,
            "skills": [{"skill": s["name"] if s["named"] else None, "quality": q,
                        "target": s["target"], "reached": q >= s["target"]}
                       for s, q in zip(skills, quality)]}


def _multi_transitions(table, m, stride):
    """One check's table for a skill missing m QL: (successes [(index step,
    weight)], criticals [(index step, weight)], failure weight, botch
    weight); gains above the QL missing count only up to it."""
    succ, crit = {}, {}
    fail = botch = 0
    for kind, gain, w in table:
        if kind == "botch":
            botch += w
        elif kind == "failure":
            fail += w
        else:
            dest = succ if kind == "success" else crit
            step = min(gain, m) * stride
            dest[step] = dest.get(step, 0) + w
    return list(succ.items()), list(crit.items()), fail, botch


def _too_big():
    raise InvalidRequest("skills", code="odds_too_big", refusal=("odds_too_big", {}))


def _multi_odds(skills, count, mods, order, partial):
    """Exact odds of a cumulative check with several skills: a dynamic
    programme over (QL per skill capped at its target, as one mixed-radix
    index; penalty, capped where every EAV is below 1 at every check) check
    by check; the skill of each check follows `choose_skill`. Weights of
    8000^n after n checks; the finished (every target reached) and botched
    runs leave the states. The states of one penalty are grouped by (skill
    chosen, its QL missing): they share one table of moves."""
    targets = [s["target"] for s in skills]
    strides, size = [], 1
    for t in targets:
        strides.append(size)
        size *= t + 1
    done = sum(t * st for t, st in zip(targets, strides))
    top = max(0, max(min(s["eavs"]) for s in skills) + max(mods))  # penalty cap
    if size * (min(top, count) + 1) * count > MULTI_SKILL_STATES:
        _too_big()
    missing, counted = [], []
    for idx in range(size):
        q, rest = [], idx
        for t in targets:
            q.append(rest % (t + 1))
            rest //= t + 1
        missing.append([t - x for t, x in zip(targets, q)])
        counted.append(sum(q))

    def keys_at(n):
        """(skill chosen, its QL missing) of every QL index at check n."""
        out = []
        for m in missing:
            i = choose_skill(m, order, n)[0]
            out.append((i, m[i]))
        return out

    after_order = keys_at(len(order))
    tables = {}  # (skill, EAV offset, QL missing) -> transitions

    def moves(i, d, m):
        key = (i, d, m)
        if key not in tables:
            s = skills[i]
            tables[key] = _multi_transitions(_check_table([e + d for e in s["eavs"]], s["rating"]),
                                             m, strides[i])
        return tables[key]

    states = {0: [1] + [0] * (size - 1)}  # penalty -> weights by QL index
    finished, botched = [], []  # weight (of 8000^n) per check n
    work = 0
    for n in range(count):
        key = after_order if n >= len(order) else keys_at(n)
        nxt = {}
        lost = 0
        for p, row in states.items():
            d = mods[n] - p
            groups = {}  # (skill, QL missing) -> (QL indices, weights)
            for idx, w in enumerate(row):
                if w:
                    g = groups.get(key[idx])
                    if g is None:
                        groups[key[idx]] = ([idx], [w])
                    else:
                        g[0].append(idx)
                        g[1].append(w)
            for q in (p, min(p + 1, top), 0):
                if q not in nxt:
                    nxt[q] = [0] * size
            same, worse, clear = nxt[p], nxt[min(p + 1, top)], nxt[0]
            for (i, m), (idxs, ws) in groups.items():
                succ, crit, fail, botch = moves(i, d, m)
                work += len(idxs) * (len(succ) + len(crit) + 1)
                if botch:
                    lost += botch * sum(ws)
                if fail:
                    for idx, w in zip(idxs, ws):
                        worse[idx] += w * fail
                for step, tw in succ:
                    for idx, w in zip(idxs, ws):
                        same[idx + step] += w * tw
                for step, tw in crit:
                    for idx, w in zip(idxs, ws):
                        clear[idx + step] += w * tw
            if work > MULTI_SKILL_WORK:
                _too_big()
        win = 0
        for row in nxt.values():
            win += row[done]
            row[done] = 0
        states = {p: row for p, row in nxt.items() if any(row)}
        finished.append(win)
        botched.append(lost)
    den = ALL_DICE ** count
    success = sum(w * ALL_DICE ** (count - n - 1) for n, w in enumerate(finished))
    botch = sum(w * ALL_DICE ** (count - n - 1) for n, w in enumerate(botched))
    end = {}
    for row in states.values():
        for idx, w in enumerate(row):
            if w:
                end[counted[idx]] = end.get(counted[idx], 0) + w
    cut = sum(targets) if partial is None else partial
    outcomes = {
        "success": Fraction(success, den),
        "partial_success": Fraction(sum(w for q, w in end.items() if q >= cut), den),
        "failure": Fraction(sum(w for q, w in end.items() if q < cut), den),
        "botch": Fraction(botch, den),
    }
    needed = {str(n + 1): Fraction(w * ALL_DICE ** (count - n - 1), den)
              for n, w in enumerate(finished)}
    final = {str(q): Fraction(end[q], den) for q in sorted(end) if end[q]}
    return outcomes, needed, final


def odds_cumulative_skills(values):
    skills, mods, order = _multi_checks(values)
    outcomes, needed, final = _multi_odds(skills, values["max_checks"], mods, order,
                                          values["partial"])
    return {"outcomes": outcomes, "checks_needed": needed, "quality_if_short": final,
            "eav": [s["eavs"] for s in skills]}
