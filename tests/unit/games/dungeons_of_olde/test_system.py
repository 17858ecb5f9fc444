"""The Dungeons of Olde as wired (games/dungeons_of_olde/__init__.py): the catalog,
entered dice, seeds and bad input."""

import json

import pytest

from tablecheck import api
from tablecheck.errors import InvalidRequest

from .helpers import ENTERED, LABELS, SYS, bad, roll


@pytest.mark.parametrize("check, req, dice, needed", ENTERED,
                         ids=[f"entered_too_few_{c[0]}_{i}" for i, c in enumerate(ENTERED)])
def test_entered_dice_too_few_name_the_missing_dice(check, req, dice, needed):
    with pytest.raises(InvalidRequest) as err:
        roll(check, dice=dice, **req)
    assert err.value.field == "dice"
    assert [n["label"] for n in err.value.extra["needed"]] == needed
    assert f"{len(needed)} more di" in err.value.message


@pytest.mark.parametrize("check, req, dice", [
    ("check", dict(stat=8, cr=12), [3, 4, 5]),
    ("opposed", dict(instigator={"stat": 6}, target={"stat": 4}), [1, 1, 1, 1, 1]),
    ("assisted", dict(instigator={"stat": 6}, assistant={"stat": 4}, cr=9), [1] * 5),
    ("scaling", dict(stat=4, cr=6, per_rank=3), [4, 1, 2, 3]),
    ("effect", dict(stat=6, count=1), [6, 1, 1]),
], ids=lambda v: f"entered_too_many_{v}" if isinstance(v, str) else None)
def test_entered_dice_too_many(check, req, dice):
    with pytest.raises(InvalidRequest, match="too many") as err:
        roll(check, dice=dice, **req)
    assert err.value.field == "dice"


def test_entered_face_outside_die():
    with pytest.raises(InvalidRequest, match="faces 1-6") as err:
        roll("check", stat=6, cr=9, dice=[7, 1])
    assert err.value.field == "dice[0]"


def test_seeded_rolls_repeat():
    a = roll("opposed", instigator={"stat": 6}, target={"stat": 6}, seed=7)
    b = roll("opposed", instigator={"stat": 6}, target={"stat": 6}, seed=7)
    assert a == b and a["source"] == "seeded"
    # replaying the rolled faces as entered dice gives the same result
    c = roll("opposed", instigator={"stat": 6}, target={"stat": 6},
             dice=[d["value"] for d in a["rolls"]])
    assert (c["outcome"], c["total"], c["cr"]) == (a["outcome"], a["total"], a["cr"])


@pytest.mark.parametrize("check, field, req", [
    ("check", "stat", dict(stat=1, cr=9)),
    ("check", "stat", dict(stat=0, cr=9)),
    ("check", "stat", dict(stat=21, cr=9)),
    ("check", "cr", dict(stat=8, cr="impossible")),
    ("check", "cr", dict(stat=8, cr=0)),
    ("check", "modification", dict(stat=8, cr=9, modification=1.5)),
    ("check", "roll_trivial", dict(stat=8, cr=9, roll_trivial="yes")),
    ("opposed", "instigator.stat", dict(instigator={"stat": 0}, target={"stat": 6})),
    ("opposed", "target.stat", dict(instigator={"stat": 6}, target={"stat": 1})),
    ("opposed", "target", dict(instigator={"stat": 6})),
    ("assisted", "assistant.stat", dict(instigator={"stat": 6}, assistant={"stat": 1}, cr=9)),
    ("assisted", "cr", dict(instigator={"stat": 6}, assistant={"stat": 6}, cr="legendary")),
    ("scaling", "per_rank", dict(stat=6, cr=9, per_rank=-1)),
    ("effect", "count", dict(stat=6, count=-1)),
    ("effect", "count", dict(stat=6, count=0)),
    ("effect", "stat", dict(stat=1, count=2)),
    ("effect", "colour", dict(stat=6, count=2, colour="red")),
], ids=lambda v: f"bad_input_{v}" if isinstance(v, str) and "." not in v else None)
def test_bad_input_names_the_field(check, field, req):
    bad(check, field, **req)


def test_catalog_declares_labels_defaults_ranges_and_vocabulary():
    cat = api.catalog()["systems"][SYS]
    json.dumps(cat)
    assert set(cat["checks"]) == {"check", "opposed", "assisted", "scaling", "effect"}
    for c in cat["checks"].values():
        assert c["description"]
    params = {p["name"]: p for p in cat["checks"]["check"]["params"]}
    assert params["stat"]["min"] == 2 and params["stat"]["max"] == 20
    assert params["cr"]["type"] == "int_or_choice" and len(params["cr"]["choices"]) == 7
    assert cat["checks"]["check"]["outcomes"] == LABELS
    assert [c["rating"] for c in cat["cr_ranks"]] == [3, 6, 9, 12, 15, 18, 21]
    assert [c["character_points"] for c in cat["categories"]] == [2, 1, 0, 0, 0, 0, 1, 2]


def test_catalog_initial_values_from_the_old_ui_defaults():
    checks = api.catalog()["systems"][SYS]["checks"]
    check = {p["name"]: p for p in checks["check"]["params"]}
    assert check["stat"]["initial"] == 8 and check["cr"]["initial"] == 9
    assert {p["name"]: p for p in checks["effect"]["params"]}["count"]["initial"] == 1
    assert {p["name"]: p for p in checks["scaling"]["params"]}["per_rank"]["initial"] == 1


def test_bad_cr_still_names_the_field():
    with pytest.raises(InvalidRequest) as err:
        roll("check", stat=8, cr="impossible")
    assert err.value.field == "cr" and err.value.code == "choice"
