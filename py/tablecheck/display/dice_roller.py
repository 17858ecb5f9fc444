"""What a person sees of a dice expression and of its odds (the generic
roller; Shadows of the Unknown's dice check uses the same two functions).

Reads the records of tablecheck.dice.notation's roll and distribution: the
expression as it was read, the total, the dice with their keep/drop and
explosion flags.
"""

from .common import chart, die_notes, fig, line
from .model import Card, DieView, Headline, OddsView
from .words import number

TONES = {"rolled": "neutral"}
CHART_MIN_P = 0.0005  # bars below this are left out of a long chart (>60 bars)
FATE_FACES = {-1: "\u2212", 0: "\u2007", 1: "+"}  # minus, blank, plus
SEPARATE_NOTE = ("'!' with keep/drop or counting: every die an explosion adds is a die of its "
                 "own (4d6!kh3 keeps the 3 highest of all dice rolled; 4d6!!kh3 keeps whole "
                 "exploded dice).")


def _title(ctx, result):
    what = ctx.label("") or result.get("label")
    expression = result["expression"]
    return f"{what}: {expression}" if what else expression


def _term_facts(result):
    """Each dice term's part of the total when there are several terms (its
    inline label, if any, with it)."""
    terms = result.get("terms", [])
    if len(terms) < 2:
        return []
    out = []
    for i, t in enumerate(terms):
        if t["term"].isdigit():
            continue
        label = f"{t['label']} ({t['term']})" if t.get("label") else t["term"]
        out.append(fig(label, _number(t["total"]), f"terms[{i}]"))
    return out


def _number(v):
    if isinstance(v, float) and not v.is_integer():
        return f"{v:.4g}"
    return str(int(v)) if isinstance(v, float) else str(v)


def _bound(v):
    return "no limit (exploding dice)" if v is None else _number(v)


def _die_notes(roll):
    """What happened to one die, in words."""
    notes = []
    if "rolled" in roll:
        notes.append(f"rolled {roll['rolled']}, counts {roll['value']}")
    if roll.get("was") is not None:
        notes.append(f"reroll of a {roll['was']}")
    if roll.get("compounded"):
        notes.append("compounded")
    if roll.get("exploded"):
        notes.append("exploded")
    if roll.get("penetrated"):
        notes.append("penetrating: counts 1 less")
    if roll.get("success") and roll.get("kept", True):
        notes.append("success")
    if roll.get("failure") and roll.get("kept", True):
        notes.append("failure")
    if roll.get("critical"):
        notes.append(f"critical {roll['critical']}")
    return notes


MARKS = ("exploded", "compounded", "penetrated", "rerolled", "success", "failure")


PLAIN_KEYS = frozenset(("sides", "value", "label", "kept", "chain"))


def die_view(roll):
    """The DieView of one die: its caption and what happened to it (Fate
    dice drawn as dF with -, blank, +)."""
    if PLAIN_KEYS.issuperset(roll):  # nothing happened to it but keep/drop
        dropped = roll.get("kept") is False
        return DieView(str(roll.get("label", "")), ["dropped"] if dropped else [],
                       marks=["dropped"] if dropped else [])
    notes = [n for n in _die_notes(roll) + die_notes(roll) if n]
    marks = [m for m in MARKS if roll.get(m)]
    if roll.get("critical"):
        marks.append(f"critical-{roll['critical']}")
    if roll.get("kept") is False and not roll.get("rerolled"):
        marks.append("dropped")
    view = DieView(str(roll.get("label", "")), notes, marks=marks)
    if roll.get("fate"):
        view.die = roll["fate"]
        view.face = FATE_FACES.get(roll["value"], str(roll["value"]))
    return view


def _notes(result):
    notes = list(result.get("notes", []))
    if any(t.get("separate_explosions") for t in result.get("terms", [])):
        notes.append(SEPARATE_NOTE)
    return notes


def roll_card(ctx, values, result):
    """The card of a rolled expression: '4d6kh3 + 1d8! - 2', Total 14."""
    subject = ctx.name("")
    expression = result["expression"]
    total = result.get("total_text") or _number(result["total"])
    outcome = result.get("outcome", "rolled")
    what = ctx.label("") or result.get("label")
    return Card(
        title=_title(ctx, result),
        subject=subject,
        headline=Headline(ctx.words(outcome), ctx.tone(outcome)),
        key=fig("Total", total, "total"),
        facts=_term_facts(result) + [fig("Min", _bound(result["min"]), "min"),
                                     fig("Max", _bound(result["max"]), "max")],
        notes=_notes(result),
        dice=[die_view(r) for r in result.get("rolls", [])],
        line=line(subject, what, f"{expression} = {total}"),
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
