"""The exact odds of Dungeons of Olde check rolls (games/dungeons_of_olde/odds.py):
the explosion series' cut, every label present."""

import json
from fractions import Fraction

from tablecheck import api
from tablecheck.games.dungeons_of_olde.odds import stat_sum

from .helpers import LABELS, SYS, two_dice


def test_odds_every_label_present_via_api():
    for check, req in [("check", dict(stat=8, cr="hard")),
                       ("opposed", dict(instigator={"stat": 8}, target={"stat": 8})),
                       ("assisted", dict(instigator={"stat": 8}, assistant={"stat": 6},
                                         cr="heroic")),
                       ("scaling", dict(stat=8, cr=6, per_rank=3))]:
        out = api.odds(dict(system=SYS, check=check, **req))
        assert list(out["outcomes"]) == LABELS
        assert abs(sum(out["outcomes"].values()) + out["tail"] * (
            out["tail_outcome"] is None) - 1) < 1e-15
        json.dumps(out)


def test_stat_sum_cut_is_deep_enough_for_the_floor():
    d = stat_sum(4, 2, Fraction(1, 10**12), floor=200)
    # every represented total below the floor is exact: compare with brute force
    totals, _ = two_dice(4, 60)
    for t in range(2, 200):
        assert d.prob(t) == totals.get(t, 0)
