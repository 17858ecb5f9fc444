"""[ax]: the GM's success-chance table, exact: for 1..max_dice d10 and the
difficulties, highest difficulty first (like the book), with the mode and
the mean marked and the book's printed cells compared (seed 003)."""

from decimal import Decimal
from fractions import Fraction
from math import floor

from ...errors import InvalidRequest
from ...percent import pct
from .pool import roll_dist, skip_threshold, success_chance
from .tables import BOOK_MARKS, BOOK_SKIP, BOOK_TABLE


def _modes(dist):
    top = max(dist.weights.values())
    return sorted(t for t, w in dist.weights.items() if w == top)


def _mean_row(dist):
    mean = dist.mean()
    return floor(mean + Fraction(1, 2))  # nearest total, halves up


def _cell(col, difficulty):
    n = col["dice"]
    chance = success_chance(n, difficulty)
    text = pct(chance)  # the book's precision: percent to one decimal, halves up
    mode = difficulty in col["modes"]
    mean = difficulty == col["mean_row"]
    mark = ("*" if mode else "") + ("**" if mean else "")
    book = BOOK_TABLE.get(n, {}).get(difficulty)
    cell = {"dice": n, "difficulty": difficulty, "chance": chance, "percent": text,
            "mode": mode, "mean": mean, "mark": mark,
            "differs": book is not None and Decimal(book) != Decimal(text)}
    if book is not None:
        cell["book"] = book
        cell["book_mark"] = BOOK_MARKS.get((n, difficulty), "")
        cell["mark_differs"] = cell["book_mark"] != mark
    return cell


def gm_table(max_dice=8, min_difficulty=4, max_difficulty=24):
    """The table's columns (one per number of dice), rows (one per
    difficulty, highest first) and the cells that differ from the book."""
    columns = []
    for n in range(1, max_dice + 1):
        dist = roll_dist(n)
        columns.append({"dice": n, "mean": dist.mean(), "mean_row": _mean_row(dist),
                        "modes": _modes(dist), "skip_below": skip_threshold(n),
                        "book_skip_below": BOOK_SKIP.get(n)})
    difficulties = list(range(max_difficulty, min_difficulty - 1, -1))
    rows = [{"difficulty": d, "cells": [_cell(col, d) for col in columns]} for d in difficulties]
    differences = [{"dice": c["dice"], "difficulty": c["difficulty"], "book": c["book"],
                    "exact": c["percent"]}
                   for row in rows for c in row["cells"] if c["differs"]]
    return {
        "dice": [c["dice"] for c in columns],
        "difficulties": difficulties,
        "columns": columns, "rows": rows, "differences": differences,
        "skip_advice": [{"dice": c["dice"], "below": c["skip_below"],
                         "book_below": c["book_skip_below"]} for c in columns],
    }


def table_rules(values):
    if values["min_difficulty"] > values["max_difficulty"]:
        raise InvalidRequest("max_difficulty", f"must be at least the lowest difficulty "
                                               f"({values['min_difficulty']}), not "
                                               f"{values['max_difficulty']}", code="range")


def _table_values(values):
    return values["max_dice"], values["min_difficulty"], values["max_difficulty"]


def resolve_table(values, tray):
    out = {"outcome": "table", "success": True}
    out.update(gm_table(*_table_values(values)))
    return out


def odds_table(values):
    out = {"outcomes": {"table": Fraction(1)}}
    out.update(gm_table(*_table_values(values)))
    return out
