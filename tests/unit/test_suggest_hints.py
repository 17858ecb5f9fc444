"""Issue 27: the catalog's `suggest` hints (params.suggest_hint), the
searchable lists the page offers in a text field. Every hint of every game
names a list its system's catalog entry has; what a pick of any entry puts
in the fields beside it (`sets`) is what those fields take, so a picked
core skill is a request the API resolves and a sheet row the sheet accepts.
The Dark Eye: every skill-parameter group offers the 59 core skills, and a
pick names the skill's three attributes as the list has them."""

import pytest

from tablecheck import api
from tablecheck.params import check_value
from tablecheck.games import all_systems
from tablecheck.games.dark_eye.skills import SKILLS

CATALOG = api.catalog()


def value_in(entry, path):
    for key in path:
        entry = entry[key]
    return entry


def param_hints():
    """(system id, check id, the Params of the group, the hinted Param) for every hint."""
    out = []

    def walk(sid, cid, params):
        for p in params:
            if p.suggest:
                out.append((sid, cid, params, p))
            walk(sid, cid, p.fields or [])
            walk(sid, cid, (p.item.fields or []) if p.item else [])
    for system in all_systems():
        for check in system.checks:
            walk(system.id, check.id, check.params)
    return out


def column_hints():
    return [(sid, t, col) for sid, s in CATALOG["systems"].items() if s.get("sheet")
            for t in s["sheet"]["tables"] for col in t["columns"] if col.get("suggest")]


def test_the_walk_finds_the_dark_eyes_hints():
    groups = sorted((cid, p.name) for sid, cid, _, p in param_hints() if sid == "dark_eye")
    # the skill check, both sides of a competitive check, the cumulative check, each skill of
    # cumulative_skills, each hero of the group checks (the same item for both groups)
    assert groups == sorted([("skill", "skill"), ("competitive", "skill"), ("competitive", "skill"),
                             ("cumulative", "skill"), ("cumulative_skills", "skill"), ("group", "skill"),
                             ("group_competitive", "skill"), ("group_competitive", "skill")])
    assert [(sid, t["key"], col["key"]) for sid, t, col in column_hints()] == [("dark_eye", "skills", "name")]


@pytest.mark.parametrize("sid,cid,params,p", param_hints(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_pick_of_a_form_hint_gives_values_its_fields_take(sid, cid, params, p):
    hint = p.to_catalog()["suggest"]
    entries = CATALOG["systems"][sid][hint["from"]]
    assert isinstance(entries, list) and entries
    by_name = {q.name: q for q in params}
    assert hint["sets"] and all(target in by_name for target in hint["sets"])
    for word in ("button", "title", "placeholder", "empty"):
        assert isinstance(hint[word], str) and hint[word]
    for entry in entries:
        check_value(p, value_in(entry, hint["value"]), p.name)  # text within the field's max_length
        for target, path in hint["sets"].items():
            check_value(by_name[target], value_in(entry, path), target)
        for path in hint["search"] + hint["detail"] + [hint["group"]]:
            assert value_in(entry, path)


def test_every_pick_of_a_sheet_hint_makes_a_row_the_sheet_takes():
    for sid, table, col in column_hints():
        hint = col["suggest"]
        sheet = CATALOG["systems"][sid]["sheet"]
        columns = {c["key"]: c for c in table["columns"]}
        numbers = [n["key"] for n in sheet["numbers"] if n.get("referable", True)]
        for entry in CATALOG["systems"][sid][hint["from"]]:
            for key, path in hint["sets"].items():
                column, value = columns[key], value_in(entry, path)
                assert column["type"] == "ref" and column["ref"] == "numbers" and value in numbers


@pytest.mark.parametrize("skill", SKILLS, ids=[s.id for s in SKILLS])
def test_a_picked_core_skill_is_a_check_the_api_resolves_with_its_attributes(skill):
    hint = next(p for sid, cid, _, p in param_hints() if cid == "skill").suggest
    entry = next(e for e in CATALOG["systems"]["dark_eye"]["skills"] if e["id"] == skill.id)
    picked = {"skill": value_in(entry, hint["value"]),
              **{k: value_in(entry, path) for k, path in hint["sets"].items()}}
    assert picked == {"skill": skill.name, "names": list(skill.attributes)}
    answer = api.resolve({"system": "dark_eye", "check": "skill", **picked, "attributes": [12, 13, 14],
                          "rating": 5, "dice": [1, 2, 3]})
    assert f"{skill.name} ({'/'.join(skill.attributes)})" in answer["line"]


def test_the_sheets_skill_column_picks_the_lists_attributes_in_order():
    hint = column_hints()[0][2]["suggest"]
    climbing = next(e for e in CATALOG["systems"]["dark_eye"]["skills"] if e["name"] == "Climbing")
    row = {k: value_in(climbing, path) for k, path in hint["sets"].items()}
    assert row == {"a1": "COU", "a2": "AGI", "a3": "STR"}
    options = api.fill({"system": "dark_eye", "params": ["skill", "attributes", "names", "rating"],
                        "character": {"name": "A", "sheet": {
                            "numbers": {"COU": 11, "AGI": 14, "STR": 13},
                            "tables": {"skills": [{"name": "Climbing", **row, "rating": 6}]}}}})["options"]
    assert options[0]["values"] == {"attributes": [11, 14, 13], "rating": 6, "names": ["COU", "AGI", "STR"],
                                    "skill": "Climbing"}
