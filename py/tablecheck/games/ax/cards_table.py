"""What a person sees of the [ax] GM's table: its summary and steps, the
notes and legend the table's record carries, the odds view (a display
Table) and the card."""

from fractions import Fraction

from ...display.common import fig, line
from ...display.model import Card, Cell, Headline, OddsView, Table
from ...display.words import plural

TABLE_TONES = {"table": "neutral"}
TABLE_TITLE = "Success chance by number of d10 (top two kept) and difficulty"
LEGEND = {"*": "mode (the most likely total)",
          "**": "mean (the average total, to the nearest difficulty)"}


def table_texts(table):
    """The words the table's record carries: a note on each cell the book
    prints differently, and the legend of the marks."""
    rows = [{**row, "cells": [dict(c, note=f"the book prints {c['book']}%; exactly {c['percent']}%")
                              if c["differs"] else c for c in row["cells"]]}
            for row in table["rows"]]
    return {"rows": rows, "legend": dict(LEGEND)}


def table_odds_words(values, odds):
    return table_texts(odds)


def table_words(values, result):
    """The table check's summary and steps, with the record's words."""
    steps = ["Each cell: the exact chance that the top two of N d10 reach the difficulty, "
             "in percent to one decimal; * marks the mode, ** the mean."]
    for c in result["columns"]:
        steps.append(f"{c['dice']}d10: mean {float(c['mean']):.2f}, mode "
                     f"{', '.join(str(m) for m in c['modes'])}; skip the check below "
                     f"difficulty {c['skip_below']} (failure under 1%).")
    for d in result["differences"]:
        steps.append(f"The book prints {d['book']}% for {d['dice']}d10 at {d['difficulty']}; "
                     f"exactly {d['exact']}%.")
    n = len(result["differences"])
    summary = (f"Success chances for 1-{values['max_dice']} d10 (top two kept) at difficulties "
               f"{values['min_difficulty']}-{values['max_difficulty']}; {n} printed "
               f"{'cell differs' if n == 1 else 'cells differ'} from the exact values.")
    return {"summary": summary, "steps": steps, **table_texts(result)}


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
    notes = ["; ".join(f"{k} {v}" for k, v in LEGEND.items()) + "."]
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
