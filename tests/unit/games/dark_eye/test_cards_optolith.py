"""The words of an Optolith import's report (games/dark_eye/cards_optolith.py):
every part the importer knows and leaves out has its words."""

from tablecheck.games.dark_eye import cards_optolith, optolith


def test_every_part_left_out_has_its_words():
    assert set(cards_optolith.OTHER_PARTS) == set(optolith.OTHER_PARTS)


def test_a_report_line_names_at_most_ten_ids():
    line = cards_optolith.report([{"part": "unknown_parts", "status": "refused",
                                   "ids": [f"X{i}" for i in range(12)]}])[0]
    assert line == {"what": "Parts X0, X1, X2, X3, X4, X5, X6, X7, X8, X9 and 2 more", "status": "refused",
                    "why": "not part of the Optolith hero format this app knows"}
