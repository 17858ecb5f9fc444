"""[ax] contest (seed 003; rules.md): the higher total wins; a tie rerolls
all dice until decided (a side with attribute 0 rolls nothing and cannot
win; a contest where no side has a die is refused); after MAX_ROUNDS tied
rounds the contest stops "unresolved", and the odds give that its exact
chance, t ** MAX_ROUNDS."""

from fractions import Fraction

from ...errors import InvalidRequest
from .pool import roll_dist, roll_pool

MAX_SIDES = 8
MAX_ROUNDS = 100  # a safety cap on rerolled ties (see contest_odds)
OUTCOME_IDS = [f"side_{i}" for i in range(1, MAX_SIDES + 1)] + ["unresolved"]


def _entered_dice_ran_out(tray):
    return bool(getattr(tray.source, "missing", None))


def _contenders(sides):
    """Indexes of the sides with dice. A side with attribute 0 rolls nothing
    and cannot win ("zero dice: automatic failure")."""
    return [i for i, s in enumerate(sides) if s["attribute"] > 0]


def contest_rules(values):
    """A contest where no side has a die cannot be decided: refused."""
    if not _contenders(values["sides"]):
        raise InvalidRequest("sides", "no side has any dice: a contest needs at least one "
                                      "side with an attribute of 1 or more", code="range")


def _roll_round(tray, sides, contenders, r):
    """One round: every side with dice rolls; its record {round, totals,
    tied, leaders} and the dice rolled."""
    suffix = "" if r == 1 else f" (round {r})"
    totals, round_dice = [None] * len(sides), []
    for i in contenders:
        side = sides[i]
        dice, rolled = roll_pool(tray, side["attribute"], f"side {i + 1} die", suffix)
        for d in dice:
            d.info["side"] = i + 1
            d.info["round"] = r
        totals[i] = rolled + side["bonus"]
        round_dice.append(dice)
    best = max(totals[i] for i in contenders)
    leaders = [i + 1 for i in contenders if totals[i] == best]
    return {"round": r, "totals": totals, "tied": len(leaders) > 1, "leaders": leaders}, round_dice


def resolve_contest(values, tray):
    sides = values["sides"]
    contenders = _contenders(sides)
    idle = [i for i in range(len(sides)) if i not in contenders]
    rounds = []
    winner = None
    totals = [None] * len(sides)
    if len(contenders) == 1:
        # the only side with dice: nothing to roll against, it wins
        winner = contenders[0]
    for r in range(1, MAX_ROUNDS + 1):
        if winner is not None:
            break
        record, round_dice = _roll_round(tray, sides, contenders, r)
        totals = record["totals"]
        rounds.append(record)
        if not record["tied"]:
            winner = record["leaders"][0] - 1
            break
        for dice in round_dice:  # a tie: all dice are rolled again
            for d in dice:
                d.rerolled = True
        if _entered_dice_ran_out(tray):
            break  # entered dice: ask for the dice rolled so far, then go on
    return {
        "outcome": "unresolved" if winner is None else f"side_{winner + 1}",
        "success": winner == 0, "winner": None if winner is None else winner + 1,
        "rounds": rounds, "totals": totals, "without_dice": [i + 1 for i in idle],
    }


def contest_round(sides):
    """One round of a contest, exactly: (w, t) with w[i] = P(side i alone
    has the highest total) and t = P(tie for the highest total). Sides
    without dice have w = 0 and do not take part."""
    contenders = _contenders(sides)
    dists = [None if s["attribute"] <= 0 else roll_dist(s["attribute"]) + s["bonus"]
             for s in sides]
    cdfs = {}  # side -> {total: P(total < t)} over its own outcomes
    for i in contenders:
        below, acc = {}, Fraction(0)
        for t in dists[i].outcomes():
            below[t] = acc
            acc += dists[i].prob(t)
        cdfs[i] = below

    def p_below(j, t):
        if t in cdfs[j]:
            return cdfs[j][t]
        return dists[j].p(lambda x: x < t)

    wins = [Fraction(0)] * len(sides)
    for i in contenders:
        w = Fraction(0)
        for t, p in dists[i].probs().items():
            for j in contenders:
                if j != i:
                    p *= p_below(j, t)
            w += p
        wins[i] = w
    return wins, 1 - sum(wins)


def contest_odds(sides, cap=None):
    """Exact chances with ties rerolled up to `cap` rounds (MAX_ROUNDS):
    a round is tied with chance t, so the contest is still tied after the
    cap with chance t**cap ("unresolved"), and side i wins within the cap
    with chance w_i (1 + t + ... + t**(cap-1)) = w_i (1 - t**cap) / (1 - t).
    These add up to exactly 1. Returns (side chances, unresolved, t)."""
    cap = MAX_ROUNDS if cap is None else cap
    wins, tie = contest_round(sides)
    unresolved = tie ** cap
    if tie == 0:
        return wins, unresolved, tie
    factor = (1 - unresolved) / (1 - tie)
    return [w * factor for w in wins], unresolved, tie


def odds_contest(values):
    sides = values["sides"]
    chances, unresolved, tie = contest_odds(sides)
    outcomes = {label: Fraction(0) for label in OUTCOME_IDS}
    outcomes.update({f"side_{i + 1}": p for i, p in enumerate(chances)})
    outcomes["unresolved"] = unresolved
    rolls = len(_contenders(sides)) > 1
    return {
        "outcomes": outcomes,
        "round_tie_chance": tie,
        # with the cap: E[rounds] = sum over k < cap of t**k; no roll for a lone side
        "expected_rounds": (1 - unresolved) / (1 - tie) if rolls else Fraction(0),
        "max_rounds": MAX_ROUNDS,
        # kept for the page: the same figure as outcomes["unresolved"]
        "unresolved_bound": unresolved,
        "distributions": [{} if s["attribute"] <= 0 else
                          (roll_dist(s["attribute"]) + s["bonus"]).probs() for s in sides],
    }
