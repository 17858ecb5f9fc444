"""Issue 16: the party hint (tablecheck.params.party): which form groups are
sides of a contest and which are members of a group, in every game's
catalog. (Freedom Fantasies' tracked targets, the game that tracks, are
tested in tests/unit/games/freedom_fantasies/test_sheet.py.)"""

import pytest

from tablecheck import api
from tablecheck.params import Int, Obj, party


def test_party_hint_reaches_the_catalog_for_every_side_and_member():
    cat = api.catalog()["systems"]
    found = {}
    for sid, system in cat.items():
        for cid, check in system["checks"].items():
            for p in check["params"]:
                if p.get("party"):
                    found[(sid, cid, p["name"])] = p["party"]
                item = p.get("item") or {}
                if item.get("party"):
                    found[(sid, cid, p["name"] + "[]")] = item["party"]
    for key in [("dark_eye", "competitive", "a"), ("dark_eye", "competitive", "b"),
                ("freedom_fantasies", "opposed", "active"), ("freedom_fantasies", "opposed", "target"),
                ("freedom_fantasies", "attack", "target"), ("ax", "contest", "sides[]"),
                ("dungeons_of_olde", "opposed", "instigator"), ("dungeons_of_olde", "assisted", "assistant")]:
        assert found.get(key) == "side", key
    for key in [("dark_eye", "group", "members[]"), ("dark_eye", "group_competitive", "a[]"),
                ("ax", "group", "members[]")]:
        assert found.get(key) == "member", key
    member = cat["dark_eye"]["checks"]["group"]["params"][0]["item"]
    assert member["party_name"] == "name"


def test_party_refuses_an_unknown_kind():
    with pytest.raises(ValueError):
        party(Obj("x", [Int("n", default=0)]), "crowd")
