"""Cumulative and group (cumulative) checks: skill checks round by round
collecting QL toward a target, with exact odds per hero chained and
convolved."""

from fractions import Fraction
from functools import lru_cache

from ...errors import InvalidRequest
from .tables import ALL_DICE
from .terms import KIND
from .throw import _member, roll_skill, skill_dist


def _check_partial(partial, target, every_skill=False):
    """Reading: cumulative `partial` must be below `target` (`every_skill`:
    the targets of all the skills of the check together)."""
    if partial is not None and partial >= target:
        raise InvalidRequest("partial", refusal=("partial_below_all" if every_skill else "partial_below",
                                                 {"target": target, "partial": partial}))


# a modifier per check of a cumulative check (reading "Modifiers that change


def _check_modifiers(values, count):
    """The list of per-check modifiers, padded with 0 to `count` checks."""
    mods = values.get("modifiers") or []
    if len(mods) > count:
        raise InvalidRequest("modifiers", refusal=("more_than_checks", {"n": len(mods), "count": count}))
    return list(mods) + [0] * (count - len(mods))


def next_penalty(kind, penalty):
    """The penalty on a hero's next check after one of this kind: a
    failure adds -1, a critical success clears it."""
    if kind == "critical":
        return 0
    return penalty + 1 if kind == "failure" else penalty


def _can_still_succeed(base_min, penalty, mods, rnd):
    """Whether a check from `rnd` on (1-based) can have every EAV >= 1: the
    penalty grows by 1 with each check that fails automatically before it,
    and a later check's own modifier (`mods`, 0-based) may lift the EAVs."""
    return any(base_min + mods[j - 1] - penalty - (j - rnd) >= 1 for j in range(rnd, len(mods) + 1))


def _run_cumulative(tray, members, rounds, target, partial, single, mods=None):
    """Resolve a cumulative check round by round: each round every hero (one,
    for a plain cumulative check) makes one skill check with their own
    penalty (and, for a plain cumulative check, the check's own modifier
    from `mods`); a botch in the round discards all QL, otherwise the
    round's QL are added and the target is checked at the end of the round."""
    given = mods is not None  # the request's `modifiers` list (each check's own)
    mods = mods if given else [0] * rounds
    heroes = []
    for i, v in enumerate(members):
        eavs, rating, names, name = _member(v)
        heroes.append({"eavs": eavs, "rating": rating, "names": names,
                       "who": "" if single else (name or f"hero {i + 1}")})
    penalty = [0] * len(heroes)
    total = 0
    checks = []
    outcome = None
    made = 0  # rounds (checks, when single) made
    for rnd in range(1, rounds + 1):
        if not any(_can_still_succeed(min(h["eavs"]), p, mods, rnd)
                   for h, p in zip(heroes, penalty)):
            break
        made = rnd
        entries = []
        botched = False
        for i, h in enumerate(heroes):
            label = f"check {rnd}" if single else f"round {rnd}, {h['who']}"
            mod = mods[rnd - 1]
            eavs = [e + mod - penalty[i] for e in h["eavs"]]
            r = roll_skill(tray, eavs, h["rating"], h["names"], prefix=f"{label}, ")
            entry = {"number": len(checks) + 1, "round": rnd, "penalty": penalty[i]}
            if given:
                entry["check_modifier"] = mod
            if not single:
                entry["member"] = i
                entry["who"] = h["who"]
            entry.update(r.to_dict())
            gained = 0
            if r.kind == "botch":
                botched = True
            elif r.kind == "critical":
                gained = 2 * r.quality_level
            elif r.kind == "success":
                gained = r.quality_level
            penalty[i] = next_penalty(r.kind, penalty[i])
            entry["gained"] = gained
            entries.append(entry)
            checks.append(entry)
        if botched:
            total = 0
            outcome = "botch"
        else:
            total += sum(e["gained"] for e in entries)
        for e in entries:
            e["total"] = total  # the QL held at the end of the round
        if outcome == "botch":
            break
        if total >= target:
            outcome = "success"
            break
    if outcome is None:
        outcome = "partial_success" if partial is not None and total >= partial else "failure"
    return {"outcome": outcome, "success": outcome == "success", "checks": checks,
            "total_quality": total, "rounds": made}


def cumulative_rules(values):
    _check_partial(values["partial"], values["target"])
    _check_modifiers(values, values["max_checks"])


def group_rules(values):
    _check_partial(values["partial"], values["target"])


def resolve_cumulative(values, tray):
    mods = _check_modifiers(values, values["max_checks"])
    return _run_cumulative(tray, [values], values["max_checks"], values["target"],
                           values["partial"], single=True,
                           mods=mods if values.get("modifiers") is not None else None)


def resolve_group(values, tray):
    return _run_cumulative(tray, values["members"], values["max_rounds"], values["target"],
                           values["partial"], single=False)


def _check_table(eavs, rating):
    """One check of a cumulative run: [(kind, QL gained, weight of 8000)]."""
    if min(eavs) < 1:
        return [("failure", 0, ALL_DICE)]
    d = skill_dist(tuple(eavs), rating)
    merged = {}
    for (outcome, ql), w in d.weights.items():
        kind = KIND[outcome]
        gain = 2 * ql if kind == "critical" else ql
        merged[(kind, gain)] = merged.get((kind, gain), 0) + w * (ALL_DICE // d.total)
    return [(k, g, w) for (k, g), w in merged.items()]


@lru_cache(maxsize=256)
def _hero_chain(base, rating, checks, target, mods=None):
    """One hero's cumulative run, without stopping: for n = 0..checks,
    running[n][q] = weight (of 8000^n) of 'no botch in n checks and q < target
    QL so far', and botch[n][q] = weight (of 8000^(n+1)) of that and a botch
    on check n+1. State: (QL so far, penalty); the penalty is capped where an
    EAV drops below 1 at every check (from there every check fails and the
    QL never grows). `mods`: each check's own modifier (None: all 0)."""
    mods = mods or (0,) * checks
    cap = max(0, min(base) + max(mods))
    table_of = {}  # EAV offset (check modifier - penalty) -> the check's table

    def tables_at(n, p):
        d = mods[n] - p
        if d not in table_of:
            table_of[d] = _check_table([e + d for e in base], rating)
        return table_of[d]

    states = {0: [1] + [0] * (target - 1)}  # penalty -> weights by QL so far
    running, botch = [], []
    for n in range(checks + 1):
        row = [0] * target
        for weights in states.values():
            for q, w in enumerate(weights):
                row[q] += w
        running.append(row)
        if n == checks:
            break
        brow = [0] * target
        nxt = {}
        for p, weights in states.items():
            filled = [(q, w) for q, w in enumerate(weights) if w]
            for kind, gain, tw in tables_at(n, p):
                if kind == "botch":
                    for q, w in filled:
                        brow[q] += w * tw
                    continue
                p2 = 0 if kind == "critical" else (min(p + 1, cap) if kind == "failure" else p)
                dest = nxt.get(p2)
                if dest is None:
                    dest = nxt[p2] = [0] * target
                limit = target - gain  # from the target on, the group's sum has reached it too
                for q, w in filled:
                    if q < limit:
                        dest[q + gain] += w * tw
        botch.append(brow)
        states = nxt
    return running, botch


def _convolve(a, b, target):
    """Convolution of two weight rows, cut below the target."""
    out = [0] * target
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[:target - i]):
                if y:
                    out[i + j] += x * y
    return out


def _cumulative_odds(members, rounds, target, partial, mods=None):
    """Exact odds of a (group) cumulative check, resolved by whole rounds.

    The heroes are independent and a round is resolved whole, so the run
    is decided by each hero's own chain (`_hero_chain`, never stopping):
    - running after round r (no botch yet, summed QL < target) has the
      weight R[r] = mass below the target of the convolution of every
      hero's running row after r checks (QL only grows, so a sum below the
      target after r rounds was below it after every earlier round too);
    - N[r] = the same for "no botch in r checks, QL counted after r - 1"
      (each hero: running[r-1] times 8000 minus botch[r-1]);
    - a botch in round r: R[r-1] - N[r]; success at the end of round r:
      N[r] - R[r]; the QL held when the rounds run out: the convolution at
      r = rounds."""
    chains = []
    for v in members:
        eavs, rating, _, _ = _member(v)
        chains.append(_hero_chain(tuple(eavs), rating, rounds, target, mods))
    m = len(chains)

    def group_row(rows):
        out = rows[0]
        for row in rows[1:]:
            out = _convolve(out, row, target)
        return out

    def group_mass(rows):
        """sum(group_row(rows)), the last convolution done as a dot product
        with the last row's running sums."""
        if len(rows) == 1:
            return sum(rows[0])
        head = group_row(rows[:-1])
        below, acc = [], 0
        for w in rows[-1]:
            acc += w
            below.append(acc)
        return sum(x * below[target - 1 - i] for i, x in enumerate(head) if x)

    den = ALL_DICE ** (m * rounds)  # every weight below is scaled to it
    success = botch = 0
    by_round = []
    before = den  # R[0], scaled
    end = None
    for r in range(1, rounds + 1):
        scale = ALL_DICE ** (m * (rounds - r))
        rows = [running[r] for running, _ in chains]
        if r == rounds:
            end = group_row(rows)
            kept = sum(end) * scale
        else:
            kept = group_mass(rows) * scale
        no_botch = group_mass([[ALL_DICE * w - b for w, b in zip(running[r - 1], botches[r - 1])]
                               for running, botches in chains]) * scale
        botch += before - no_botch
        by_round.append(no_botch - kept)
        success += no_botch - kept
        before = kept
    cut = target if partial is None else partial  # partial < target (checked)
    partial_w = sum(end[cut:])
    failure_w = sum(end[:cut])
    outcomes = {
        "success": Fraction(success, den),
        "partial_success": Fraction(partial_w, den),
        "failure": Fraction(failure_w, den),
        "botch": Fraction(botch, den),
    }
    needed = {str(i + 1): Fraction(w, den) for i, w in enumerate(by_round)}
    final = {str(q): Fraction(w, den) for q, w in enumerate(end) if w}
    return outcomes, needed, final


def odds_cumulative(values):
    mods = _check_modifiers(values, values["max_checks"])
    outcomes, needed, final = _cumulative_odds([values], values["max_checks"], values["target"],
                                               values["partial"], tuple(mods) if any(mods) else None)
    return {"outcomes": outcomes, "checks_needed": needed, "quality_if_short": final,
            "eav": _member(values)[0]}


def odds_group(values):
    outcomes, needed, final = _cumulative_odds(values["members"], values["max_rounds"],
                                               values["target"], values["partial"])
    return {"outcomes": outcomes, "rounds_needed": needed, "quality_if_short": final}
