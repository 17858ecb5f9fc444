"""What a person sees of the [ax] GM's table (games/ax/cards_table.py): the
odds view as a display Table, the card without dice."""

import pytest

from tablecheck import api

from .helpers import card, facts, req, resolve


def table_view(**params):
    odds = api.odds(req("table", **params))
    (table,) = odds["display"]["tables"]
    return odds, table


def test_table_columns_rows_and_foot():
    odds, table = table_view()
    assert table["columns"] == ["Difficulty"] + [f"{n}d10" for n in range(1, 9)]
    # rows 21-24 are 0% in every column and left out, with a note
    assert [r["head"] for r in table["rows"]] == [str(d) for d in range(20, 3, -1)]
    assert table["notes"][-1] == ("Difficulty 21-24 left out: no roll of up to 8d10 reaches it "
                                  "(0% in every column).")
    assert [r["head"] for r in table["foot"]] == ["Mean", "Skip below"]
    assert [c["text"] for c in table["foot"][0]["cells"]][:3] == ["5.50", "11.00", "13.47"]
    assert [c["text"] for c in table["foot"][1]["cells"]] == ["2", "3", "5", "7", "9", "10",
                                                             "11", "12"]
    assert odds["display"]["outcomes"] == []


def test_rule_book_table_cells_flagged_where_they_differ():
    odds, table = table_view()
    row12 = next(r for r in table["rows"] if r["head"] == "12")
    two = row12["cells"][1]
    assert two["text"] == "45.0%" and two["p"] == pytest.approx(0.45)
    assert two["flag"] == "differs from the book: book 23%"
    assert two["sub"] == "book 23%"
    flagged = [(r["head"], i) for r in table["rows"] for i, c in enumerate(r["cells"])
               if c.get("flag")]
    raw = [(str(r["difficulty"]), i) for r in odds["rows"] for i, c in enumerate(r["cells"])
           if c["differs"] or c.get("mark_differs")]
    assert flagged == raw and len(flagged) == 20
    assert table["notes"][1] == ("20 cells differ from the printed book (exact value shown, "
                                 "book value below it).")
    figs = {f["key"]: f["value"] for f in odds["display"]["figures"]}
    assert figs == {"differences": "20"}


def test_table_marks_mode_and_mean_strong():
    _, table = table_view()
    row = {r["head"]: r["cells"] for r in table["rows"]}
    assert row["11"][1]["mark"] == "***" and row["11"][1]["strong"]  # 2d10: mode and mean
    assert row["14"][2]["mark"] == "*" and row["14"][2]["strong"]  # 3d10 mode
    assert row["13"][2]["mark"] == "**"  # 3d10 mean 13.47
    assert "strong" not in row["12"][2] and "mark" not in row["12"][2]
    assert table["notes"][0] == ("* mode (the most likely total); ** mean (the average total, "
                                 "to the nearest difficulty).")


def test_table_card_without_dice():
    r = resolve("table")
    c = card(r)
    assert c["headline"] == {"label": "Success chances for 1-8d10", "tone": "neutral"}
    assert c["dice"] == [] and r["rolls"] == []
    assert facts(c)["differences"] == "20"
    assert r["line"] == ("Odds table: Success chances for 1-8d10 at difficulties 4-24, "
                         "20 cells differ from the book")


def test_the_table_answers_carry_the_cards_notes_and_legend():
    # the rules' table holds no words: the cards write each differing cell's
    # note and the legend into the odds (Check.odds_words) and the result (words)
    for answer in (api.odds(req("table")), resolve("table")):
        cells = [c for row in answer["rows"] for c in row["cells"]]
        (cell,) = [c for c in cells if (c["dice"], c["difficulty"]) == (4, 16)]
        assert cell["note"] == "the book prints 48.5%; exactly 48.6%"
        assert [c for c in cells if "note" in c] == [c for c in cells if c["differs"]]
        assert answer["legend"] == {"*": "mode (the most likely total)",
                                    "**": "mean (the average total, to the nearest difficulty)"}
