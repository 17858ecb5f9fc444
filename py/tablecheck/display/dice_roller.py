"""What a person sees of a dice expression and of its odds (the generic
roller; Shadows of the Unknown's dice check uses the same two functions).

Reads the records of tablecheck.dice.notation's roll and distribution: the
expression as it was read, the total, the dice with their keep/drop and
explosion flags.
"""

from .common import chart, die_views, fig, line
from .model import Card, Headline, OddsView
from .words import number

TONES = {"rolled": "neutral"}
CHART_MIN_P = 0.0005  # bars below this are left out of a long chart (>60 bars)


def _title(ctx, expression):
    what = ctx.label("")
    return f"{what}: {expression}" if what else expression


def _term_facts(result):
    """Each dice term's part of the total when there are several terms."""
    terms = result.get("terms", [])
    if len(terms) < 2:
        return []
    return [fig(t["term"], t["total"], f"terms[{i}]")
            for i, t in enumerate(terms) if not t["term"].isdigit()]


def _bound(v):
    return "no limit (exploding dice)" if v is None else v


def _die_notes(roll):
    return ["exploded"] if roll.get("exploded") else []


def roll_card(ctx, values, result):
    """The card of a rolled expression: '4d6kh3 + 1d8! - 2', Total 14."""
    subject = ctx.name("")
    expression, total = result["expression"], result["total"]
    outcome = result.get("outcome", "rolled")
    return Card(
        title=_title(ctx, expression),
        subject=subject,
        headline=Headline(ctx.words(outcome), ctx.tone(outcome)),
        key=fig("Total", total, "total"),
        facts=_term_facts(result) + [fig("Min", _bound(result["min"]), "min"),
                                     fig("Max", _bound(result["max"]), "max")],
        dice=die_views(result.get("rolls", []), notes=_die_notes),
        line=line(subject, ctx.label(""), f"{expression} = {total}"),
    )


def roll_odds(ctx, values, odds):
    """The total's distribution as a chart (a long tail trimmed for the eye;
    the figures stay exact), with mean, minimum and maximum."""
    dist = odds["distribution"]
    bars = chart("Total", dist, "distribution", min_p=CHART_MIN_P)
    notes = []
    if odds.get("tail"):
        notes.append("Exploding dice: each series is cut where less than 1e-12 of the chance "
                     "is left; that tail is not in the chart.")
    if len(bars.bars) < len(dist):
        notes.append("The chart leaves out totals less likely than 0.05%.")
    return OddsView(
        figures=[fig("Mean", number(odds["mean"]), "mean"),
                 fig("Min", _bound(odds["min"]), "min"), fig("Max", _bound(odds["max"]), "max")],
        charts=[bars],
        notes=notes,
    )
