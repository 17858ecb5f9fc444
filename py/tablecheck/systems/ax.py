"""[ax] ("Aim Ten"): keep-two d10 checks.

Rules: seed 003 ("Rolling a Check"); readings in shared/spec/rules.md:
- roll as many d10 as the attribute, keep the top two and add them (one die:
  its value; zero dice: automatic failure);
- flat check: success if total + bonuses >= difficulty; assistance (one
  assistant): +1 if the assistant's attribute is lower than the roller's,
  +2 if equal or higher;
- group flat check: n participants (capped by the task's maximum: those
  beyond it stand aside, the lowest attributes first, rules.md), required
  number r: difficulty + 2 x (r - n); everyone rolls; the group succeeds when
  at least ceil(2n/3) succeed;
- contest: the higher total wins; a tie rerolls all dice until decided (a
  side with attribute 0 rolls nothing and cannot win; a contest where no side
  has a die is refused); after MAX_ROUNDS tied rounds the contest stops
  "unresolved", and the odds give that its exact chance, t ** MAX_ROUNDS;
- skip advice: a chance of failure below 1% means the check can be skipped;
- the book's success-chance table has wrong cells: we compute it exactly
  and flag where the printed values differ (BOOK_TABLE below).
"""

from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from math import floor

from ..checks import Check, System
from ..dice import Dist, keep
from ..errors import InvalidRequest
from ..display import ax as view
from ..display.words import and_list, pct, pct_text, plural, signed
from ..params import Int, List, Obj, Param, party
from ..sheets import Column, Sheet, Table, row_value, rows as sheet_rows, whole

DIE = 10
MAX_ATTRIBUTE = 20
MIN_DIFFICULTY, MAX_DIFFICULTY = 1, 40
MAX_BONUS = 20
MAX_MEMBERS = 20
MAX_SIDES = 8
MAX_ROUNDS = 100  # contest: a safety cap on rerolled ties (see contest_odds)
SKIP_BELOW = Fraction(1, 100)  # "if the chance of failure is less than 1%"

# The printed GM table (percent as printed; marks as printed). The book gives
# no legend for the marks; they sit on the mode (*) and on the mean rounded
# to the nearest total (**) of each column, both (***) for 2d10 at 11.
BOOK_TABLE = {
    2: {20: "1", 19: "3", 18: "6", 17: "10", 16: "15", 15: "21", 14: "28",
        13: "34", 12: "23", 11: "33", 10: "55"},
    3: {20: "2.8", 19: "7.9", 18: "12.1", 17: "20.5", 16: "29.9", 15: "39.8",
        14: "49.8", 13: "59.4", 12: "68.2", 11: "75.7", 10: "81.8"},
    4: {20: "5.2", 19: "13.9", 18: "24.8", 17: "36.6", 16: "48.5", 15: "59.7",
        14: "69.7", 13: "78.0", 12: "84.7", 11: "89.7", 10: "93.4"},
}
BOOK_MARKS = {(2, 11): "***", (3, 14): "*", (3, 13): "**", (4, 16): "*", (4, 15): "**"}
# The book's skip-check table (number of dice -> skip when difficulty < value).
BOOK_SKIP = {3: 5, 4: 7, 5: 9, 6: 10, 7: 11}


# -- dice and distributions -------------------------------------------------
@lru_cache(maxsize=None)
def roll_dist(n):
    """Total of the top two of n d10 (one die: its value); None for n = 0."""
    if n <= 0:
        return None
    if n == 1:
        return Dist.uniform(DIE)
    return Dist.uniform(DIE).keep(n, 2)


def assistance(attribute, assistant):
    """+1 if the assistant's attribute is lower than yours, +2 if equal or higher."""
    if assistant is None:
        return 0
    return 1 if assistant < attribute else 2


def success_chance(n, difficulty, bonus=0):
    """P(top two of n d10 + bonus >= difficulty); zero dice never succeed."""
    dist = roll_dist(n)
    if dist is None:
        return Fraction(0)
    return dist.p(lambda t: t + bonus >= difficulty)


def skip_threshold(n, bonus=0):
    """The lowest difficulty whose chance of failure is 1% or more: the check
    can be skipped at any difficulty below it. None for zero dice."""
    if n <= 0:
        return None
    d = MIN_DIFFICULTY - 1
    while 1 - success_chance(n, d + 1, bonus) < SKIP_BELOW:
        d += 1
    return d + 1


def roll_pool(tray, n, label, suffix=""):
    """n d10 through the tray, top two marked kept; returns (dice, total)."""
    dice = [tray.roll(DIE, (f"{label} {i + 1}" if n > 1 else label) + suffix)
            for i in range(n)]
    kept = keep(dice, 2)
    return dice, sum(d.value for d in kept)


def pool_text(dice):
    if not dice:
        return "no dice"
    values = ", ".join(str(d.value) for d in dice)
    kept = [d.value for d in dice if d.kept]
    if len(dice) == 1:
        return f"1d10: {values}"
    if len(dice) == 2:
        return f"2d10: {values} = {sum(kept)}"
    return (f"{len(dice)}d10: {values}; top two kept: "
            f"{' + '.join(str(v) for v in sorted(kept, reverse=True))} = {sum(kept)}")


# -- flat check --------------------------------------------------------------
FLAT_OUTCOMES = [("success", "Success"), ("failure", "Failure")]


def _flat_numbers(values):
    attribute = values["attribute"]
    helping = assistance(attribute, values.get("assistant"))
    return attribute, values["difficulty"], values["bonus"], helping


def flat_failure_chance(values):
    attribute, difficulty, bonus, helping = _flat_numbers(values)
    return 1 - success_chance(attribute, difficulty, bonus + helping)


def resolve_flat(values, tray):
    attribute, difficulty, bonus, helping = _flat_numbers(values)
    dice, rolled = roll_pool(tray, attribute, "attribute die")
    steps = []
    if attribute == 0:
        steps.append("Attribute 0: no dice to roll, an automatic failure.")
        total = None
        success = False
    else:
        steps.append(f"Rolled {pool_text(dice)}.")
        total = rolled + bonus + helping
        extra = []
        if bonus:
            extra.append(f"bonus {signed(bonus)}")
        if helping:
            extra.append(f"assistance +{helping} (assistant's attribute "
                         f"{values['assistant']} {'<' if helping == 1 else '>='} {attribute})")
        if extra:
            steps.append(f"{rolled}, {', '.join(extra)}: total {total}.")
        success = total >= difficulty
        steps.append(f"{total} {'>=' if success else '<'} difficulty {difficulty}: "
                     f"{'success' if success else 'failure'}.")
    failure = flat_failure_chance(values)
    skip = attribute > 0 and failure < SKIP_BELOW
    if skip:
        steps.append(f"The chance of failure was {pct_text(failure)} (under 1%): "
                     "this check could have been skipped.")
    outcome = "success" if success else "failure"
    if attribute == 0:
        summary = f"Failure: with no dice the check fails automatically (difficulty {difficulty})."
    else:
        summary = (f"{'Success' if success else 'Failure'}: total {total} against difficulty "
                   f"{difficulty}" + (" - the check could have been skipped (failure chance "
                                      f"under 1%)." if skip else "."))
    return {
        "outcome": outcome, "success": success, "total": total, "rolled": rolled if dice else None,
        "difficulty": difficulty, "bonus": bonus, "assistance": helping,
        "skip_advised": skip, "failure_chance": failure,
        "summary": summary, "steps": steps,
    }


def odds_flat(values):
    attribute, difficulty, bonus, helping = _flat_numbers(values)
    success = success_chance(attribute, difficulty, bonus + helping)
    dist = roll_dist(attribute)
    out = {
        "outcomes": {"success": success, "failure": 1 - success},
        "failure_chance": 1 - success,
        "skip_advised": attribute > 0 and 1 - success < SKIP_BELOW,
        "skip_below": skip_threshold(attribute, bonus + helping),
        "assistance": helping,
        "distribution": {} if dist is None else (dist + (bonus + helping)).probs(),
    }
    if dist is not None:
        out["mean"] = dist.mean() + bonus + helping
    return out


# -- group flat check ---------------------------------------------------------
def taking_part(members, maximum):
    """Member numbers (1-based) of those who take part: all of them, or at
    most `maximum`; those beyond it stand aside, the weakest (lowest
    attribute) first, and among equals the later members (rules.md)."""
    numbers = list(range(1, len(members) + 1))
    if maximum is None or len(members) <= maximum:
        return numbers
    strongest = sorted(numbers, key=lambda m: (-members[m - 1], m))[:maximum]
    return sorted(strongest)


def group_rules(values):
    required, maximum = values["required"], values.get("maximum")
    if maximum is not None and maximum < required:
        raise InvalidRequest("maximum", f"must be at least the required number ({required}), "
                                        f"not {maximum}", code="range")


def _group_setup(values):
    members = values["members"]
    required = values["required"]
    maximum = values.get("maximum")
    taking = taking_part(members, maximum)
    participants = [members[m - 1] for m in taking]
    n = len(participants)
    adjusted = values["difficulty"] + 2 * (required - n)
    needed = -(-2 * n // 3)  # ceil(2n/3): "at least 2/3 of the group"
    return taking, participants, adjusted, needed


def _aside(values, taking):
    return [m for m in range(1, len(values["members"]) + 1) if m not in taking]


def _group_steps(values, taking, adjusted, needed):
    members = values["members"]
    required, difficulty = values["required"], values["difficulty"]
    n = len(taking)
    steps = []
    aside = _aside(values, taking)
    if aside:
        who = (f"member {aside[0]} stands" if len(aside) == 1
               else f"members {and_list(aside)} stand")
        steps.append(f"{len(members)} present, but at most {values['maximum']} can take part: "
                     f"{who} aside (the lowest attributes stand aside).")
    if n < required:
        steps.append(f"{n} taking part, {required} required: {required - n} missing, "
                     f"difficulty {difficulty} + {2 * (required - n)} = {adjusted}.")
    elif n > required:
        steps.append(f"{n} taking part, {required} required: {n - required} extra, "
                     f"difficulty {difficulty} - {2 * (n - required)} = {adjusted}.")
    else:
        steps.append(f"{n} taking part, as required: difficulty {adjusted}.")
    steps.append(f"The group needs at least 2/3 of {n}: {plural(needed, 'success', 'successes')}.")
    return steps


def resolve_group(values, tray):
    taking, participants, adjusted, needed = _group_setup(values)
    steps = _group_steps(values, taking, adjusted, needed)
    results = []
    successes = 0
    for member, attribute in zip(taking, participants):
        dice, rolled = roll_pool(tray, attribute, f"member {member} die")
        for d in dice:
            d.info["member"] = member
        ok = attribute > 0 and rolled >= adjusted
        successes += ok
        results.append({"member": member, "attribute": attribute,
                        "total": rolled if dice else None, "success": ok,
                        "dice_text": pool_text(dice)})
        if attribute == 0:
            steps.append(f"Member {member}: attribute 0, no dice: fails.")
        else:
            steps.append(f"Member {member}: {pool_text(dice)}; {rolled} "
                         f"{'>=' if ok else '<'} {adjusted}: {'success' if ok else 'failure'}.")
    success = successes >= needed
    steps.append(f"{successes} of {len(participants)} succeeded; {needed} needed: "
                 f"{'success' if success else 'failure'}.")
    summary = (f"{'Success' if success else 'Failure'}: {successes} of {len(participants)} "
               f"succeeded against difficulty {adjusted}; {needed} were needed.")
    return {
        "outcome": "success" if success else "failure", "success": success,
        "adjusted_difficulty": adjusted, "successes": successes, "needed": needed,
        "participants": len(participants), "members": results,
        "standing_aside": _aside(values, taking), "maximum": values.get("maximum"),
        "summary": summary, "steps": steps,
    }


def group_successes_dist(chances):
    """Exact distribution of the number of successes (independent members)."""
    dist = {0: Fraction(1)}
    for p in chances:
        nxt = {}
        for k, w in dist.items():
            nxt[k] = nxt.get(k, 0) + w * (1 - p)
            nxt[k + 1] = nxt.get(k + 1, 0) + w * p
        dist = nxt
    return dist


def odds_group(values):
    taking, participants, adjusted, needed = _group_setup(values)
    chances = [success_chance(a, adjusted) for a in participants]
    counts = group_successes_dist(chances)
    success = sum(p for k, p in counts.items() if k >= needed)
    return {
        "outcomes": {"success": success, "failure": 1 - success},
        "failure_chance": 1 - success,
        "skip_advised": 1 - success < SKIP_BELOW,
        "adjusted_difficulty": adjusted, "needed": needed,
        "member_chances": chances,
        "taking_part": taking, "standing_aside": _aside(values, taking),
        "successes": counts,
    }


# -- contest -------------------------------------------------------------------
CONTEST_OUTCOMES = [(f"side_{i}", f"Side {i} wins") for i in range(1, MAX_SIDES + 1)]
CONTEST_OUTCOMES.append(("unresolved", f"Still tied after {MAX_ROUNDS} rounds"))


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


def _side_list(indexes):
    if len(indexes) == 1:
        return f"Side {indexes[0] + 1}"
    return f"Sides {and_list(i + 1 for i in indexes)}"


def resolve_contest(values, tray):
    sides = values["sides"]
    contenders = _contenders(sides)
    rounds = []
    steps = []
    idle = [i for i in range(len(sides)) if i not in contenders]
    if idle:
        steps.append(f"{_side_list(idle)}: attribute 0, no dice - "
                     f"{'it rolls' if len(idle) == 1 else 'they roll'} nothing and cannot win.")
    winner = None
    totals = [None] * len(sides)
    if len(contenders) == 1:
        # the only side with dice: nothing to roll against, it wins
        winner = contenders[0]
        steps.append(f"Side {winner + 1} is the only side with dice: it wins without a roll.")
    for r in range(1, MAX_ROUNDS + 1):
        if winner is not None:
            break
        suffix = "" if r == 1 else f" (round {r})"
        totals, round_dice = [None] * len(sides), []
        parts, texts = [], [None] * len(sides)
        for i in contenders:
            side = sides[i]
            dice, rolled = roll_pool(tray, side["attribute"], f"side {i + 1} die", suffix)
            for d in dice:
                d.info["side"] = i + 1
                d.info["round"] = r
            total = rolled + side["bonus"]
            totals[i] = total
            round_dice.append(dice)
            texts[i] = pool_text(dice)
            bonus = f" {signed(side['bonus'])} = {total}" if side["bonus"] else ""
            parts.append(f"side {i + 1} {pool_text(dice)}{bonus}")
        best = max(totals[i] for i in contenders)
        leaders = [i for i in contenders if totals[i] == best]
        rounds.append({"round": r, "totals": totals, "dice_text": texts,
                       "tied": len(leaders) > 1, "leaders": [i + 1 for i in leaders]})
        steps.append(f"Round {r}: " + "; ".join(parts) + ".")
        if len(leaders) == 1:
            winner = leaders[0]
            steps.append(f"Side {winner + 1} has the highest total, {best}: it wins.")
            break
        steps.append(f"Tie at {best} between sides {', '.join(str(i + 1) for i in leaders)}: "
                     "all dice are rolled again.")
        for dice in round_dice:
            for d in dice:
                d.rerolled = True
        if _entered_dice_ran_out(tray):
            break  # entered dice: ask for the dice rolled so far, then go on
    if winner is None:
        summary = f"Unresolved: still tied after {len(rounds)} rounds."
        outcome = "unresolved"
    elif not rounds:
        summary = (f"Side {winner + 1} wins: it is the only side with dice "
                   f"(attribute 0 fails automatically).")
        outcome = f"side_{winner + 1}"
    else:
        ties = len(rounds) - 1
        again = "" if not ties else f" after {plural(ties, 'tied round')}"
        last = rounds[-1]["totals"]
        others = max(last[i] for i in contenders if i != winner)
        summary = f"Side {winner + 1} wins with {last[winner]} against {others}{again}."
        outcome = f"side_{winner + 1}"
    return {
        "outcome": outcome, "success": winner == 0, "winner": None if winner is None else winner + 1,
        "rounds": rounds, "totals": totals, "without_dice": [i + 1 for i in idle],
        "summary": summary, "steps": steps,
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
    outcomes = {label: Fraction(0) for label, _ in CONTEST_OUTCOMES}
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


# -- the GM's success-chance table -----------------------------------------------
def _modes(dist):
    top = max(dist.weights.values())
    return sorted(t for t, w in dist.weights.items() if w == top)


def _mean_row(dist):
    mean = dist.mean()
    return floor(mean + Fraction(1, 2))  # nearest total, halves up


def gm_table(max_dice=8, min_difficulty=4, max_difficulty=24):
    """Success chances for 1..max_dice d10 and the difficulties, highest
    difficulty first (like the book), exact, with mode / mean marked and the
    book's printed cells compared."""
    columns = []
    for n in range(1, max_dice + 1):
        dist = roll_dist(n)
        columns.append({"dice": n, "mean": dist.mean(), "mean_row": _mean_row(dist),
                        "modes": _modes(dist), "skip_below": skip_threshold(n),
                        "book_skip_below": BOOK_SKIP.get(n)})
    rows, differences = [], []
    for difficulty in range(max_difficulty, min_difficulty - 1, -1):
        cells = []
        for col in columns:
            n = col["dice"]
            chance = success_chance(n, difficulty)
            text = pct(chance)
            mode = difficulty in col["modes"]
            mean = difficulty == col["mean_row"]
            mark = ("*" if mode else "") + ("**" if mean else "")
            book = BOOK_TABLE.get(n, {}).get(difficulty)
            book_mark = BOOK_MARKS.get((n, difficulty), "") if book is not None else ""
            differs = book is not None and Decimal(book) != Decimal(text)
            cell = {"dice": n, "difficulty": difficulty, "chance": chance, "percent": text,
                    "mode": mode, "mean": mean, "mark": mark, "differs": differs}
            if book is not None:
                cell["book"] = book
                cell["book_mark"] = book_mark
                cell["mark_differs"] = book_mark != mark
            if differs:
                cell["note"] = f"the book prints {book}%; exactly {text}%"
                differences.append({"dice": n, "difficulty": difficulty,
                                    "book": book, "exact": text})
            cells.append(cell)
        rows.append({"difficulty": difficulty, "cells": cells})
    return {
        "dice": [c["dice"] for c in columns],
        "difficulties": list(range(max_difficulty, min_difficulty - 1, -1)),
        "columns": columns, "rows": rows, "differences": differences,
        "skip_advice": [{"dice": c["dice"], "below": c["skip_below"],
                         "book_below": c["book_skip_below"]} for c in columns],
        "legend": {"*": "mode (the most likely total)",
                   "**": "mean (the average total, to the nearest difficulty)"},
    }


def table_rules(values):
    if values["min_difficulty"] > values["max_difficulty"]:
        raise InvalidRequest("max_difficulty", f"must be at least the lowest difficulty "
                                               f"({values['min_difficulty']}), not "
                                               f"{values['max_difficulty']}", code="range")


def _table_values(values):
    return values["max_dice"], values["min_difficulty"], values["max_difficulty"]


def resolve_table(values, tray):
    max_dice, low, high = _table_values(values)
    table = gm_table(max_dice, low, high)
    steps = [f"Each cell: the exact chance that the top two of N d10 reach the difficulty, "
             f"in percent to one decimal; * marks the mode, ** the mean."]
    for c in table["columns"]:
        skip = c["skip_below"]
        steps.append(f"{c['dice']}d10: mean {float(c['mean']):.2f}, mode "
                     f"{', '.join(str(m) for m in c['modes'])}; skip the check below "
                     f"difficulty {skip} (failure under 1%).")
    for d in table["differences"]:
        steps.append(f"The book prints {d['book']}% for {d['dice']}d10 at {d['difficulty']}; "
                     f"exactly {d['exact']}%.")
    n = len(table["differences"])
    summary = (f"Success chances for 1-{max_dice} d10 (top two kept) at difficulties "
               f"{low}-{high}; {n} printed {'cell differs' if n == 1 else 'cells differ'} "
               "from the exact values.")
    out = {"outcome": "table", "success": True, "summary": summary, "steps": steps}
    out.update(table)
    return out


def odds_table(values):
    max_dice, low, high = _table_values(values)
    out = {"outcomes": {"table": Fraction(1)}}
    out.update(gm_table(max_dice, low, high))
    return out


# -- declarations ----------------------------------------------------------------
def _attribute(name="attribute", label="Attribute (number of d10)", default=3, min_=0):
    return Int(name, label, default=default, min=min_, max=MAX_ATTRIBUTE,
               help="Roll this many d10 and keep the top two", initial=3)


def _difficulty(default=12):
    return Int("difficulty", "Difficulty", default=default, min=MIN_DIFFICULTY,
               max=MAX_DIFFICULTY, help="Usually 10 to 20; lower for tier 0 characters",
               initial=12)


# -- the character sheet ---------------------------------------------------------
SHEET = Sheet(tables=[
    Table("attributes", "Attributes", "attribute", [
        Column("name", "text", "Attribute"),
        Column("value", "int", "Dice (d10)", min=0, max=MAX_ATTRIBUTE, default=2),
    ], defaults=[{"name": "Physique", "value": 3}, {"name": "Size", "value": 2},
                 {"name": "Passion", "value": 2}, {"name": "Genius", "value": 2}]),
    Table("skills", "Skills", "skill", [
        Column("name", "text", "Skill"),
        Column("attribute", "ref", "Attribute", ref="attributes"),
        Column("bonus", "int", "Bonus", min=-MAX_BONUS, max=MAX_BONUS, default=1),
    ], defaults=[{"name": "Persuade", "attribute": "Passion", "bonus": 1}]),
])


def _dice_of(v):
    v = whole(v)
    return v if v is not None and 0 <= v <= MAX_ATTRIBUTE else None


def _bonus_of(v):
    v = whole(v)
    return v if v is not None and -MAX_BONUS <= v <= MAX_BONUS else None


def fill(character, params):
    """What a character puts into a form group with `attribute` (and maybe
    `bonus`): each attribute (bonus 0), each skill (its attribute's dice and
    its bonus). Rows with bad data are left out."""
    if "attribute" not in params:
        return []
    with_bonus = "bonus" in params
    out = []
    for r in sheet_rows(character, "attributes"):
        name, dice = r.get("name"), _dice_of(r.get("value"))
        if not isinstance(name, str) or dice is None:
            continue
        values = {"attribute": dice}
        if with_bonus:
            values["bonus"] = 0
        out.append({"label": f"{name} {dice}d10", "values": values, "what": name})
    for r in sheet_rows(character, "skills"):
        name, attribute, bonus = r.get("name"), r.get("attribute"), _bonus_of(r.get("bonus"))
        dice = _dice_of(row_value(character, "attributes", attribute))
        if not isinstance(name, str) or dice is None or (with_bonus and bonus is None):
            continue
        values = {"attribute": dice}
        if with_bonus:
            values["bonus"] = bonus
        extra = f", {signed(bonus)}" if with_bonus else ""
        out.append({"label": f"{name} ({attribute} {dice}d10{extra})", "values": values,
                    "what": name})
    return out


SYSTEM = System(
    id="ax",
    name="[ax]",
    short_name="[ax]",
    description="Roll as many d10 as the attribute, keep the top two and add them.",
    sheet=SHEET,
    fill=fill,
    extra={
        "attribute_examples": ["Physique", "Size", "Passion", "Genius"],
        "difficulty_presets": [10, 12, 14, 16, 18, 20],
        "skip_rule": "Skip the check when the chance of failure is under 1%.",
        "book_skip_table": [{"dice": n, "below": d} for n, d in sorted(BOOK_SKIP.items())],
    },
    checks=[
        Check(
            id="flat",
            label="Flat check",
            description="Attribute-many d10, top two kept, plus bonuses: success at or "
                        "above the difficulty.",
            params=[
                _attribute(),
                _difficulty(),
                Int("bonus", "Bonuses and penalties", default=0, min=-MAX_BONUS, max=MAX_BONUS,
                    help="Tools, circumstances and environment"),
                Param("assistant", "int", "Assistant's attribute", default=None, min=0,
                      max=MAX_ATTRIBUTE, nullable=True,
                      help="+1 if lower than yours, +2 if equal or higher; empty: no assistant"),
            ],
            outcomes=FLAT_OUTCOMES,
            success_outcomes=("success",),
            resolve=resolve_flat,
            odds=odds_flat,
            tones=view.FLAT_TONES,
            explain=view.flat_card,
            odds_view=view.flat_odds,
        ),
        Check(
            id="group",
            label="Group flat check",
            description="Everyone rolls against the difficulty (+2 per missing person, -2 per "
                        "extra up to the maximum); at least 2/3 must succeed.",
            params=[
                List("members", party(_attribute("attribute", "Participant's attribute"), "member"),
                     "Participants' attributes", default=[3, 3, 3, 3], min_items=1,
                     max_items=MAX_MEMBERS),
                _difficulty(),
                Int("required", "People required", default=4, min=1, max=MAX_MEMBERS,
                    initial=3),
                Param("maximum", "int", "Most people who can take part", default=None, min=1,
                      max=MAX_MEMBERS, nullable=True, initial=6,
                      help="Extra people lower the difficulty only up to this number; "
                           "those beyond it stand aside, the lowest attributes first"),
            ],
            outcomes=FLAT_OUTCOMES,
            success_outcomes=("success",),
            rules=group_rules,
            resolve=resolve_group,
            odds=odds_group,
            tones=view.FLAT_TONES,
            explain=view.group_card,
            odds_view=view.group_odds,
        ),
        Check(
            id="contest",
            label="Contest",
            description="Each side rolls; the higher total wins; ties roll all the dice again.",
            params=[
                List("sides", party(Obj("side", [
                    _attribute(),
                    Int("bonus", "Bonus", default=0, min=-MAX_BONUS, max=MAX_BONUS),
                ], "Side")), "Sides", default=[{"attribute": 3, "bonus": 0},
                                              {"attribute": 3, "bonus": 0}],
                     min_items=2, max_items=MAX_SIDES,
                     help="Side 1 is you; a contest needs two or more sides. A side with "
                          "attribute 0 rolls nothing and cannot win"),
            ],
            outcomes=CONTEST_OUTCOMES,
            success_outcomes=("side_1",),
            rules=contest_rules,
            resolve=resolve_contest,
            odds=odds_contest,
            tones=view.CONTEST_TONES,
            explain=view.contest_card,
            odds_view=view.contest_odds,
        ),
        Check(
            id="table",
            label="Odds table",
            description="The GM's table: exact success chances by number of dice and "
                        "difficulty, mode and mean marked, the book's misprints flagged.",
            params=[
                Int("max_dice", "Dice up to", default=8, min=1, max=MAX_ATTRIBUTE),
                Int("min_difficulty", "Lowest difficulty", default=4, min=MIN_DIFFICULTY,
                    max=MAX_DIFFICULTY),
                Int("max_difficulty", "Highest difficulty", default=24, min=MIN_DIFFICULTY,
                    max=MAX_DIFFICULTY),
            ],
            outcomes=[("table", "Table")],
            success_outcomes=("table",),
            rules=table_rules,
            resolve=resolve_table,
            odds=odds_table,
            rolls_dice=False,
            tones=view.TABLE_TONES,
            explain=view.table_card,
            odds_view=view.table_odds,
        ),
    ],
)
