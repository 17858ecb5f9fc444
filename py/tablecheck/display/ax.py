"""What a person sees of an [ax] result or of its odds: cards and odds views
for the flat check, the group flat check, the contest and the GM's table.

Reads the records of tablecheck.systems.ax (never rolls, never computes a
rule); the words are the game's: attribute dice, top two kept, difficulty,
skip the check.
"""

from fractions import Fraction

from .common import (chart, die_views, fig, headline, line, modifier_text, modifiers, outcome_rows,
                     with_modifiers, with_part_modifiers)
from .model import Card, Cell, Group, Headline, OddsView, OutcomeRow, Table
from .words import and_list, number, pct_text, plural, signed

FLAT_TONES = {"success": "good", "failure": "bad"}
# a contest names its winner: neutral unless the request says whose side
# the page is on (ctx.contest_tone)
CONTEST_TONES = {**{f"side_{i}": "neutral" for i in range(1, 9)}, "unresolved": "neutral"}
TABLE_TONES = {"table": "neutral"}


# -- shared pieces ---------------------------------------------------------------
def _pool_notes(rolls):
    """'kept' under the top two of a pool where some dice are dropped (the
    'dropped' ones get their caption from the flags)."""
    pools = {}
    for r in rolls:
        pools.setdefault((r.get("member"), r.get("side"), r.get("round")), []).append(r)
    dropping = {k for k, dice in pools.items() if any(d.get("kept") is False for d in dice)}

    def notes(r):
        key = (r.get("member"), r.get("side"), r.get("round"))
        return ["kept"] if key in dropping and r.get("kept") else []
    return notes


def _dice(rolls):
    return die_views(rolls, notes=_pool_notes(rolls))


def _what(ctx, path=""):
    return ctx.label(path) or ctx.check_label


# bonuses and penalties: the flat check shows them as a fact already
MODIFIER = (("bonus", "Bonus"),)


# -- flat check -------------------------------------------------------------------
def _flat_facts(result, values):
    facts = [fig("Difficulty", result["difficulty"], "difficulty")]
    if result.get("bonus"):
        facts.append(fig("Bonuses and penalties", signed(result["bonus"]), "bonus"))
    if result.get("assistance"):
        rel = "lower than" if result["assistance"] == 1 else "equal to or higher than"
        facts.append(fig("Assistance", f"{signed(result['assistance'])} (assistant's "
                         f"attribute {values.get('assistant')}, {rel} yours)", "assistance"))
    if result.get("total") is not None:
        facts.append(fig("Chance of failure", pct_text(result["failure_chance"]),
                         "failure_chance"))
    if result.get("skip_advised"):
        facts.append(fig("Skip the check", "yes: the chance of failure is under 1%",
                         "skip_advised"))
    return facts


def flat_card(ctx, values, result):
    subject = ctx.name("")
    total = result.get("total")
    key = fig("Total", total, "total") if total is not None else None
    notes = []
    if total is None:
        notes.append("Attribute 0: no dice to roll, an automatic failure.")
    outcome = ctx.words(result["outcome"])
    return Card(
        title=ctx.title(""),
        subject=subject,
        headline=headline(ctx, result["outcome"]),
        key=key,
        facts=_flat_facts(result, values),
        notes=notes,
        dice=_dice(result.get("rolls", [])),
        line=line(subject, with_modifiers(_what(ctx), modifier_text(modifiers(values, MODIFIER))),
                  outcome.lower(),
                  f"total {total} vs difficulty {result['difficulty']}" if key
                  else f"no dice vs difficulty {result['difficulty']}"),
    )


def flat_odds(ctx, values, odds):
    figures = [fig("Chance of success", pct_text(odds["outcomes"]["success"]), "success"),
               fig("Chance of failure", pct_text(odds["failure_chance"]), "failure_chance")]
    if odds.get("assistance"):
        figures.append(fig("Assistance", signed(odds["assistance"]), "assistance"))
    if odds.get("mean") is not None:
        figures.append(fig("Mean total", number(odds["mean"]), "mean"))
    notes = []
    if odds.get("skip_below") is None:
        notes.append("Attribute 0: no dice to roll, the check fails automatically.")
    else:
        figures.append(fig("Skip the check below difficulty", odds["skip_below"], "skip_below"))
        figures.append(fig("Skip advised", "yes" if odds["skip_advised"] else "no",
                           "skip_advised"))
        notes.append("The check can be skipped when the chance of failure is under 1%.")
    charts = [chart("Total", odds["distribution"], "distribution")] if odds["distribution"] else []
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=figures, charts=charts,
                    notes=notes)


# -- group flat check ----------------------------------------------------------------
def _member_name(ctx, member):
    """Member numbers are 1-based; the form's paths 0-based."""
    return ctx.name(f"members[{member - 1}]", f"Member {member}")


def _aside_note(ctx, aside, maximum):
    if not aside:
        return None
    names = and_list(_member_name(ctx, m) for m in aside)
    verb = "stands" if len(aside) == 1 else "stand"
    # rules.md: beyond the task's maximum the weakest stand aside
    return (f"At most {maximum} can take part: {names} {verb} aside "
            f"(the lowest attributes stand aside).")


def _member_group(ctx, m, adjusted, rolls):
    dice = [i for i, r in enumerate(rolls) if r.get("member") == m["member"]]
    if m["total"] is None:
        summary = "attribute 0, no dice: fails"
    else:
        sign = ">=" if m["success"] else "<"
        summary = (f"{m['dice_text']}; {m['total']} {sign} {adjusted}: "
                   f"{'success' if m['success'] else 'failure'}")
    return Group(_member_name(ctx, m["member"]), summary, dice,
                 "good" if m["success"] else "bad")


def group_card(ctx, values, result):
    subject = ctx.name("")
    rolls = result.get("rolls", [])
    adjusted = result["adjusted_difficulty"]
    key = fig("Successes", f"{result['successes']} ({result['needed']} needed)", "successes")
    shift = adjusted - values["difficulty"]
    facts = [fig("Difficulty", f"{adjusted} ({values['difficulty']}, {signed(shift)} for the "
                               "group's size)" if shift else adjusted, "adjusted_difficulty"),
             fig("Taking part", f"{result['participants']} ({values['required']} required)",
                 "participants"),
             fig("Successes needed", f"{result['needed']} (at least 2/3)", "needed")]
    notes = [n for n in [_aside_note(ctx, result.get("standing_aside"), result.get("maximum"))]
             if n]
    return Card(
        title=ctx.title(""),
        subject=subject,
        headline=headline(ctx, result["outcome"]),
        key=key,
        facts=facts,
        groups=[_member_group(ctx, m, adjusted, rolls) for m in result["members"]],
        notes=notes,
        dice=_dice(rolls),
        line=line(subject, _what(ctx), ctx.words(result["outcome"]).lower(),
                  f"{plural(result['successes'], 'success', 'successes')} of "
                  f"{result['participants']} ({result['needed']} needed)"),
    )


def group_odds(ctx, values, odds):
    figures = [fig("Chance of success", pct_text(odds["outcomes"]["success"]), "success"),
               fig("Difficulty", odds["adjusted_difficulty"], "adjusted_difficulty"),
               fig("Successes needed", odds["needed"], "needed")]
    for k, (m, p) in enumerate(zip(odds["taking_part"], odds["member_chances"])):
        figures.append(fig(f"{_member_name(ctx, m)}: chance of success", pct_text(p),
                           f"member_chances[{k}]"))
    notes = [n for n in [_aside_note(ctx, odds.get("standing_aside"), values.get("maximum"))]
             if n]
    if odds.get("skip_advised"):
        notes.append("The chance of failure is under 1%: the check can be skipped.")
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=figures,
                    charts=[chart("Successes", odds["successes"], "successes")], notes=notes)


# -- contest ---------------------------------------------------------------------------
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
        dice=_dice(result.get("rolls", [])),
        line=line(subject, with_part_modifiers(_what(ctx), [(who, modifier_text(m)) for who, m in mods]),
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


# -- the GM's table ----------------------------------------------------------------------
TABLE_TITLE = "Success chance by number of d10 (top two kept) and difficulty"


def _differs(cell):
    """The warning said with a cell whose printed value or mark differs."""
    parts = []
    if cell.get("differs"):
        parts.append(f"book {cell['book']}%")
    if cell.get("mark_differs"):
        parts.append(f"the book marks this cell {cell.get('book_mark') or 'unmarked'}")
    return f"differs from the book: {'; '.join(parts)}" if parts else None


def _flagged(table):
    """Cells whose printed value or mark differs from the exact one."""
    return sum(1 for row in table["rows"] for c in row["cells"]
               if c.get("differs") or c.get("mark_differs"))


def _cell(c):
    return Cell(f"{c['percent']}%", p=c["chance"], mark=c["mark"],
                strong=bool(c["mode"] or c["mean"]), flag=_differs(c),
                sub=f"book {c['book']}%" if c.get("differs") else None)


def _grid(odds):
    """The table of odds: one row per difficulty (highest first, like the
    book); rows no number of dice can reach are left out."""
    kept, empty = [], []
    for row in odds["rows"]:
        if all(Fraction(c["chance"]) == 0 for c in row["cells"]):
            empty.append(row["difficulty"])
        else:
            kept.append((str(row["difficulty"]), [_cell(c) for c in row["cells"]]))
    cols = odds["columns"]
    foot = [("Mean", [Cell(f"{float(c['mean']):.2f}") for c in cols]),
            ("Skip below", [Cell("\u2014" if c["skip_below"] is None else str(c["skip_below"]))
                            for c in cols])]
    flagged = _flagged(odds)
    notes = ["; ".join(f"{k} {v}" for k, v in odds["legend"].items()) + "."]
    if flagged:
        notes.append(f"{plural(flagged, 'cell')} {'differs' if flagged == 1 else 'differ'} "
                     "from the printed book (exact value shown, book value below it).")
    if empty:
        most = max(c["dice"] for c in cols)
        span = str(empty[0]) if len(empty) == 1 else f"{min(empty)}-{max(empty)}"
        notes.append(f"Difficulty {span} left out: no roll of up to {most}d10 reaches it "
                     "(0% in every column).")
    table = Table(TABLE_TITLE, ["Difficulty"] + [f"{c['dice']}d10" for c in cols], kept,
                  foot=foot, notes=notes, key="rows")
    return table, flagged


def table_odds(ctx, values, odds):
    table, flagged = _grid(odds)
    return OddsView(title=TABLE_TITLE, tables=[table],
                    figures=[fig("Cells that differ from the book", flagged, "differences")],
                    notes=["Each cell is the exact chance that the top two of that many d10 "
                           "reach the difficulty, in percent to one decimal."])


def table_card(ctx, values, result):
    cols = result["columns"]
    n = _flagged(result)
    label = f"Success chances for 1-{cols[-1]['dice']}d10"
    span = f"{min(result['difficulties'])}-{max(result['difficulties'])}"
    skips = ", ".join(f"{c['dice']}d10 below {c['skip_below']}" for c in cols)
    return Card(
        title=ctx.title(""),
        subject=ctx.name(""),
        headline=Headline(label, "neutral"),
        facts=[fig("Difficulties", span, "difficulties"),
               fig("Cells that differ from the book", n, "differences"),
               fig("Skip the check", skips, "skip_advice")],
        notes=["The exact chances are in the odds table."],
        dice=[],
        line=line(None, ctx.check_label, f"{label} at difficulties {span}",
                  f"{plural(n, 'cell')} {'differs' if n == 1 else 'differ'} from the book"),
    )
