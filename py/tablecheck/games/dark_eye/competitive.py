"""Competitive checks: two skill checks compared (`contest`), and the group
competitive check, each side one contestant with its summed QL."""

from fractions import Fraction

from ...dice import Dist
from .terms import CONTEST_OUTCOMES, KIND
from .throw import _member, roll_skill, skill_dist


def contest(a, b, passive):
    """Decide a competitive check from each side's (kind, QL); kind is
    critical / success / failure / botch. Returns (outcome, final QL,
    reason): the reason is the rule that decided it, one of
    both_critical, critical, both_botch, higher_ql, tie, one_succeeds,
    both_fail."""
    (ka, qa), (kb, qb) = a, b
    # QL that counts against a winner: only a succeeding (or critical) side has one
    va = qa if ka in ("critical", "success") else 0
    vb = qb if kb in ("critical", "success") else 0
    if ka == "critical" and kb == "critical":
        return "unresolved", 0, "both_critical"
    if ka == "critical" or kb == "critical":
        win, q = ("a", max(1, va - vb)) if ka == "critical" else ("b", max(1, vb - va))
        return f"{win}_wins", q, "critical"
    if ka == "botch" and kb == "botch":
        return "unresolved", 0, "both_botch"
    # a botch is an automatic failure for the botching side (reading)
    if ka == "success" and kb == "success":
        if qa != qb:
            return f"{'a' if qa > qb else 'b'}_wins", abs(qa - qb), "higher_ql"
        if passive:
            return f"{passive}_wins", 1, "tie"
        return "unresolved", 0, "tie"
    if ka == "success" or kb == "success":
        return ("a_wins", qa, "one_succeeds") if ka == "success" else ("b_wins", qb, "one_succeeds")
    if passive:
        return f"{passive}_wins", 1, "both_fail"
    return "unresolved", 0, "both_fail"


def _contest_result(outcome, ql):
    return {"outcome": outcome, "success": outcome != "unresolved", "quality_level": ql,
            "winner": None if outcome == "unresolved" else outcome[0]}


def resolve_competitive(values, tray):
    rolls = {}
    for side in ("a", "b"):
        v = values[side]
        eavs, rating, _, _ = _member(v)
        rolls[side] = roll_skill(tray, eavs, rating, v["names"], prefix=f"{side.upper()}: ")
    a, b = rolls["a"], rolls["b"]
    outcome, ql, _ = contest((a.kind, a.quality_level), (b.kind, b.quality_level), values["passive"])
    out = _contest_result(outcome, ql)
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


def group_side_of(members):
    """A side's (kind, QL) from its heroes' (kind, QL) (`group_side`)."""
    return group_side(any(k == "botch" for k, _ in members), any(k == "critical" for k, _ in members),
                      sum(q for _, q in members))


def _who(i, v):
    return v.get("name") or f"hero {i + 1}"


def resolve_group_competitive(values, tray):
    sides = {}
    details = {}
    for side in ("a", "b"):
        results = []
        for i, v in enumerate(values[side]):
            eavs, rating, names, _ = _member(v)
            results.append(roll_skill(tray, eavs, rating, names, prefix=f"{side.upper()}, {_who(i, v)}: "))
        sides[side] = group_side_of([(r.kind, r.quality_level) for r in results])
        details[side] = [r.to_dict() for r in results]
    outcome, ql, _ = contest(sides["a"], sides["b"], values["passive"])
    out = _contest_result(outcome, ql)
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
