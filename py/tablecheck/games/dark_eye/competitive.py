"""Competitive checks: two skill checks compared (`contest`), and the group
competitive check, each side one contestant with its summed QL."""

from fractions import Fraction

from ...dice import Dist
from ...display.words import and_list, cap
from .terms import CONTEST_OUTCOMES, KIND
from .throw import _eav_text, _member, roll_skill, skill_dist


def contest(a, b, passive):
    """Decide a competitive check from each side's (kind, QL); kind is
    critical / success / failure / botch. Returns (outcome, final QL, why),
    `why` being one sentence without its full stop."""
    (ka, qa), (kb, qb) = a, b
    # QL that counts against a winner: only a succeeding (or critical) side has one
    va = qa if ka in ("critical", "success") else 0
    vb = qb if kb in ("critical", "success") else 0
    if ka == "critical" and kb == "critical":
        return "unresolved", 0, "Unresolved: both sides roll critical successes"
    if ka == "critical" or kb == "critical":
        win, q = ("a", max(1, va - vb)) if ka == "critical" else ("b", max(1, vb - va))
        w = win.upper()
        return f"{win}_wins", q, f"{w} wins with final QL {q}: {w}'s critical success wins automatically"
    if ka == "botch" and kb == "botch":
        return "unresolved", 0, "Unresolved: both sides botch"
    # a botch is an automatic failure for the botching side (reading)
    botched = "A" if ka == "botch" else "B" if kb == "botch" else None
    note = f"{botched} botched, which counts as a failure" if botched else ""
    if ka == "success" and kb == "success":
        if qa != qb:
            win = "a" if qa > qb else "b"
            return f"{win}_wins", abs(qa - qb), (
                f"{win.upper()} wins with final QL {abs(qa - qb)}: QL {qa} against QL {qb}")
        if passive:
            return f"{passive}_wins", 1, (
                f"{passive.upper()} wins with final QL 1: both have QL {qa} and a tie goes to "
                "the passive side")
        return "unresolved", 0, f"Unresolved: both have QL {qa} and there is no passive side"
    if ka == "success" or kb == "success":
        win, lose = ("a", "B") if ka == "success" else ("b", "A")
        q = qa if win == "a" else qb
        return f"{win}_wins", q, f"{win.upper()} wins with final QL {q}: {note or lose + ' fails'}"
    both = f"{note}; both sides failed" if note else "both sides failed"
    if passive:
        return f"{passive}_wins", 1, (
            f"{cap(both)}, so the passive side {passive.upper()} still wins, barely (QL 1)")
    return "unresolved", 0, f"Unresolved: {both} and there is no passive side"


def _contest_result(outcome, ql, why, a_words, b_words):
    return {"outcome": outcome, "success": outcome != "unresolved", "quality_level": ql,
            "winner": None if outcome == "unresolved" else outcome[0],
            "summary": f"{why}. A: {a_words}; B: {b_words}.", "steps": [f"{why}."]}


def resolve_competitive(values, tray):
    steps = []
    rolls = {}
    for side in ("a", "b"):
        v = values[side]
        names = v["names"]
        eavs, rating, _, _ = _member(v)
        r = roll_skill(tray, eavs, rating, v["names"], prefix=f"{side.upper()}: ")
        steps.append(f"Side {side.upper()}: " + _eav_text(v["attributes"], [v["modifier"]], names)
                     + f" SR {rating}.")
        steps += [f"{side.upper()}: {s}" for s in r.steps]
        rolls[side] = r
    a, b = rolls["a"], rolls["b"]
    outcome, ql, why = contest((a.kind, a.quality_level), (b.kind, b.quality_level),
                               values["passive"])
    out = _contest_result(outcome, ql, why, a.verdict(), b.verdict())
    out["steps"] = steps + out["steps"]
    out["a"], out["b"] = a.to_dict(), b.to_dict()
    return out


def _side_dist(member_values):
    """Dist of (kind, QL) for one contestant."""
    eavs, rating, _, _ = _member(member_values)
    return skill_dist(tuple(eavs), rating).map(lambda k: (KIND[k[0]], k[1]))


def _contest_odds(da, db, passive):
    d = da.combine(db, lambda x, y: contest(x, y, passive)[:2])
    outcomes = {o: Fraction(0) for o, _ in CONTEST_OUTCOMES}
    qls = {"a_wins": {}, "b_wins": {}}
    for (outcome, ql), p in d.probs().items():
        outcomes[outcome] += p
        if outcome in qls:
            qls[outcome][str(ql)] = qls[outcome].get(str(ql), Fraction(0)) + p
    sort = {k: dict(sorted(v.items(), key=lambda kv: int(kv[0]))) for k, v in qls.items()}
    return {"outcomes": outcomes, "quality_levels": sort}


def odds_competitive(values):
    return _contest_odds(_side_dist(values["a"]), _side_dist(values["b"]), values["passive"])


def group_side(botched, critical, total):
    """A group as one contestant (reading "Group competitive check"): a
    botch by any member discards the side's QL (botch); otherwise a critical
    by any member makes the side critical (it wins automatically, as in a
    competitive check) with its summed QL; otherwise it succeeds with its
    summed QL when that is above 0, else it fails. With one member this is
    that member's (kind, QL) exactly."""
    if botched:
        return "botch", 0
    if critical:
        return "critical", total
    return ("success", total) if total > 0 else ("failure", 0)


def _who(i, v):
    return v.get("name") or f"hero {i + 1}"


def _group_side_step(S, kind, ql, results, botchers, criticals):
    """'Side A: QL 2 + 1 = 3 (a success).' and the like, for one side."""
    if kind == "botch":
        verb = "botches" if len(botchers) == 1 else "botch"
        return f"Side {S}: {and_list(botchers)} {verb}: the side's QL is discarded (a botch)."
    if len(results) == 1:
        words = {"critical": "a critical success", "success": "a success"}.get(kind, "a failure")
        return f"Side {S}: QL {ql} ({words})."
    sums = f"Side {S}: QL " + " + ".join(str(r.quality_level) for r in results) + f" = {ql}"
    if kind == "critical":
        verb = "rolls a critical success" if len(criticals) == 1 else "roll critical successes"
        return (f"{sums}; {and_list(criticals)} {verb}: the side counts as a critical success, "
                "as in a competitive check.")
    return f"{sums} ({'a success' if kind == 'success' else 'every hero failed'})."


def resolve_group_competitive(values, tray):
    steps = []
    sides = {}
    details = {}
    for side in ("a", "b"):
        results = []
        botchers, criticals = [], []
        for i, v in enumerate(values[side]):
            eavs, rating, names, _ = _member(v)
            who = _who(i, v)
            r = roll_skill(tray, eavs, rating, names, prefix=f"{side.upper()}, {who}: ")
            steps.append(f"{side.upper()}, {who}: " + _eav_text(v["attributes"], [v["modifier"]],
                                                                 names) + f" SR {rating}.")
            steps += [f"{side.upper()}, {who}: {s}" for s in r.steps]
            results.append(r)
            if r.kind == "botch":
                botchers.append(who)
            elif r.kind == "critical":
                criticals.append(who)
        total = sum(r.quality_level for r in results)
        kind, ql = group_side(bool(botchers), bool(criticals), total)
        steps.append(_group_side_step(side.upper(), kind, ql, results, botchers, criticals))
        sides[side] = (kind, ql)
        details[side] = [r.to_dict() for r in results]
    outcome, ql, why = contest(sides["a"], sides["b"], values["passive"])
    words = {s: {"botch": "botch", "failure": "failure, QL 0",
                 "critical": f"critical success, summed QL {q}"}.get(k, f"summed QL {q}")
             for s, (k, q) in sides.items()}
    out = _contest_result(outcome, ql, why, words["a"], words["b"])
    out["steps"] = steps + out["steps"]
    out["a"], out["b"] = details["a"], details["b"]
    out["side_quality"] = {"a": sides["a"][1], "b": sides["b"][1]}
    return out


def _group_dist(members):
    """Dist of a group's (kind, QL) as one contestant: heroes convolved as
    (any botch, any critical, summed QL), then `group_side`."""
    def add(x, y):
        botch = x[0] or y[0]
        return (botch, not botch and (x[1] or y[1]), 0 if botch else x[2] + y[2])

    d = Dist.constant((False, False, 0))
    for v in members:
        d = d.combine(_side_dist(v).map(lambda k: (k[0] == "botch", k[0] == "critical", k[1])),
                      add)
    return d.map(lambda k: group_side(*k))


def odds_group_competitive(values):
    return _contest_odds(_group_dist(values["a"]), _group_dist(values["b"]), values["passive"])
