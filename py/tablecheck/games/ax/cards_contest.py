"""What a person sees of an [ax] contest: its summary and steps, the card
with one group per side and round, and the odds view."""

from ...display.common import chart, fig, line, modifier_text, modifiers, outcome_rows, \
    with_part_modifiers
from ...display.model import Card, Group, Headline, OddsView, OutcomeRow
from ...display.words import and_list, number, pct_text, plural, signed
from .cards import MODIFIER, dice_views, pool_text, what

# a contest names its winner: neutral unless the request says whose side
# the page is on (ctx.contest_tone)
CONTEST_TONES = {**{f"side_{i}": "neutral" for i in range(1, 9)}, "unresolved": "neutral"}


def _side_dice(rolls, side, round_):
    return [d for d in rolls if d.get("side") == side and d.get("round") == round_]


def _sides_text(numbers):
    """'Side 1', 'Sides 1 and 3' (1-based numbers)."""
    if len(numbers) == 1:
        return f"Side {numbers[0]}"
    return f"Sides {and_list(numbers)}"


def _round_words(values, rd, rolls):
    """One round's dice in words per side (None for a side without dice)
    and its steps."""
    r, totals = rd["round"], rd["totals"]
    texts, parts = [None] * len(totals), []
    for i, total in enumerate(totals):
        if total is None:
            continue
        texts[i] = pool_text(_side_dice(rolls, i + 1, r))
        bonus = values["sides"][i]["bonus"]
        plus = f" {signed(bonus)} = {total}" if bonus else ""
        parts.append(f"side {i + 1} {texts[i]}{plus}")
    best = totals[rd["leaders"][0] - 1]
    steps = [f"Round {r}: " + "; ".join(parts) + "."]
    if rd["tied"]:
        steps.append(f"Tie at {best} between sides {', '.join(str(i) for i in rd['leaders'])}: "
                     "all dice are rolled again.")
    else:
        steps.append(f"Side {rd['leaders'][0]} has the highest total, {best}: it wins.")
    return texts, steps


def _contest_summary(result):
    winner, rounds = result["winner"], result["rounds"]
    if winner is None:
        return f"Unresolved: still tied after {len(rounds)} rounds."
    if not rounds:
        return (f"Side {winner} wins: it is the only side with dice "
                f"(attribute 0 fails automatically).")
    ties = len(rounds) - 1
    again = "" if not ties else f" after {plural(ties, 'tied round')}"
    last = rounds[-1]["totals"]
    others = max(t for i, t in enumerate(last) if t is not None and i != winner - 1)
    return f"Side {winner} wins with {last[winner - 1]} against {others}{again}."


def contest_words(values, result):
    """The contest's summary and steps, and each round's dice in words
    (`dice_text`, one per side)."""
    idle, winner = result["without_dice"], result["winner"]
    steps = []
    if idle:
        steps.append(f"{_sides_text(idle)}: attribute 0, no dice - "
                     f"{'it rolls' if len(idle) == 1 else 'they roll'} nothing and cannot win.")
    if winner is not None and not result["rounds"]:
        steps.append(f"Side {winner} is the only side with dice: it wins without a roll.")
    rounds = []
    for rd in result["rounds"]:
        texts, round_steps = _round_words(values, rd, result["rolls"])
        rounds.append(dict(rd, dice_text=texts))
        steps += round_steps
    return {"summary": _contest_summary(result), "steps": steps, "rounds": rounds}


def _side_path(i):
    return f"sides[{i}]"


def _side_name(ctx, i):
    """Side i (0-based) by its character's name, else 'Side 1'."""
    return ctx.name(_side_path(i), f"Side {i + 1}")


def _side_groups(ctx, result, values):
    rolls = result.get("rolls", [])
    rounds = result.get("rounds", [])
    groups = []
    for rd in rounds:
        r = rd["round"]
        for i, total in enumerate(rd["totals"]):
            if total is None:
                continue
            dice = [k for k, d in enumerate(rolls)
                    if d.get("side") == i + 1 and d.get("round") == r]
            bonus = values["sides"][i]["bonus"]
            text = rd["dice_text"][i] + (f", bonus {signed(bonus)} = {total}" if bonus else "")
            lead = i + 1 in rd["leaders"]
            state = ("tied for the highest total" if rd["tied"] and lead else
                     "the highest total" if lead else "lower")
            title = _side_name(ctx, i) if len(rounds) == 1 else f"Round {r}: {_side_name(ctx, i)}"
            groups.append(Group(title, f"{text}; {state}", dice))
    return groups


def _contest_notes(ctx, result):
    notes = []
    idle = [i - 1 for i in result.get("without_dice", [])]
    if idle:
        names = and_list(_side_name(ctx, i) for i in idle)
        notes.append(f"{names}: attribute 0, no dice: "
                     f"{'it rolls' if len(idle) == 1 else 'they roll'} nothing and cannot win.")
    winner, rounds = result.get("winner"), result.get("rounds", [])
    if winner is not None and not rounds:
        notes.append(f"{_side_name(ctx, winner - 1)} is the only side with dice: "
                     "it wins without a roll.")
    ties = sum(1 for rd in rounds if rd["tied"])
    if ties:
        notes.append(f"{plural(ties, 'tied round')}: a tie rolls all the dice again.")
    return notes


def contest_card(ctx, values, result):
    n = len(values["sides"])
    paths = [_side_path(i) for i in range(n)]
    subject = ctx.versus(paths, [f"Side {i + 1}" for i in range(n)])
    winner = result.get("winner")
    rounds = result.get("rounds", [])
    facts, key = [], None
    if winner is None:
        head = Headline(ctx.words(result["outcome"]), "neutral")
        outcome_text = head.label.lower()
    else:
        head = Headline(f"{_side_name(ctx, winner - 1)} wins",
                        ctx.contest_tone(_side_path(winner - 1)))
        outcome_text = head.label
    last = rounds[-1]["totals"] if rounds else [None] * n
    if winner is not None and last[winner - 1] is not None:
        key = fig("Total", last[winner - 1], "totals")
    for i, total in enumerate(last):
        if total is not None and i != (winner or 0) - 1:
            facts.append(fig(f"{_side_name(ctx, i)} total", total, f"totals[{i}]"))
    if len(rounds) > 1:
        facts.append(fig("Rounds", len(rounds), "rounds"))
    mods = [(_side_name(ctx, i), modifiers(side, MODIFIER)) for i, side in enumerate(values["sides"])]
    facts += [fig(f"{who}: bonus", signed(v), f"sides[{i}].bonus")
              for i, (who, m) in enumerate(mods) for _, v in m]
    key_text = None
    if key is not None:
        others = [t for i, t in enumerate(last) if t is not None and i != winner - 1]
        key_text = f"total {key.value}" + (f" vs {max(others)}" if others else "")
    return Card(
        title=ctx.title(""),
        subject=subject,
        headline=head,
        key=key,
        facts=facts,
        groups=_side_groups(ctx, result, values),
        notes=_contest_notes(ctx, result),
        dice=dice_views(result.get("rolls", [])),
        line=line(subject, with_part_modifiers(what(ctx), [(who, modifier_text(m)) for who, m in mods]),
                  outcome_text, key_text),
    )


def contest_odds(ctx, values, odds):
    rows = []
    for row in outcome_rows(ctx, odds):
        if row.id.startswith("side_"):
            i = int(row.id[5:]) - 1
            rows.append(OutcomeRow(row.id, f"{_side_name(ctx, i)} wins",
                                   ctx.contest_tone(_side_path(i)), row.p, row.exact))
        else:
            rows.append(row)
    charts = [chart(f"{_side_name(ctx, i)} total", dist, f"distributions[{i}]")
              for i, dist in enumerate(odds["distributions"]) if dist]
    figures = [fig("Chance of a tied round", pct_text(odds["round_tie_chance"]),
                   "round_tie_chance"),
               fig("Expected rounds", number(odds["expected_rounds"]), "expected_rounds")]
    unresolved = odds.get("unresolved_bound", 0)
    notes = ["A tie rolls all the dice again."]
    if unresolved:
        notes.append(f"Chance the contest is still tied after {odds['max_rounds']} rounds: "
                     f"{float(unresolved):.2e} (counted as its own outcome).")
    return OddsView(outcomes=rows, figures=figures, charts=charts, notes=notes)
