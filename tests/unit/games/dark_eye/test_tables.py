"""The Dark Eye's tables (games/dark_eye/tables.py): the Quality Levels chart."""

import pytest

from tablecheck.games.dark_eye.tables import quality_level

from dark_eye_brute import bf_ql, resolve


# -- skill checks ----------------------------------------------------------------
@pytest.mark.parametrize("left, ql", [
    (0, 1), (3, 1), (4, 2), (6, 2), (7, 3), (9, 3), (10, 4), (12, 4), (13, 5), (15, 5),
    (16, 6), (20, 6), (30, 6),
], ids=lambda v: f"QL chart SP left {v}" if isinstance(v, int) else str(v))
def test_quality_level_chart_at_every_boundary(left, ql):
    # SP left = rating when every die passes untouched
    r = resolve("skill", attributes=[12, 12, 12], rating=left, dice=[5, 5, 5])
    assert r["outcome"] == "success"
    assert r["points_left"] == left and r["quality_level"] == ql
    # and with SP spent: two SP on the first die
    r = resolve("skill", attributes=[12, 12, 12], rating=left + 2, dice=[14, 5, 5])
    assert r["points_left"] == left and r["quality_level"] == ql
    assert quality_level(left) == bf_ql(left)
