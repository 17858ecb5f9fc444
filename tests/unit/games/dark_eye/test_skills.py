"""Issue 27: The Dark Eye's core skill list. The package ships the 59 skills
(games/dark_eye/skills.py); here the list is recomputed from the public
sources' tables (tests/data/dark_eye_skills/, each as its source gives it)
by majority (tests/dark_eye_skill_vote.py), so a changed source shows up,
and every disagreement must be in docs/dark-eye-skills.md."""

import copy
import re
from pathlib import Path

import pytest

import dark_eye_skill_vote as vote_
from tablecheck import api
from tablecheck.games import dark_eye
from tablecheck.games.dark_eye.skills import BY_ID, GROUPS, SKILLS

DOC = Path(__file__).parents[4] / "docs" / "dark-eye-skills.md"


@pytest.fixture(scope="module")
def sources():
    return vote_.load_sources()


def test_the_vote_of_the_sources_is_the_shipped_list(sources):
    votes = vote_.vote(sources)
    assert [v.id for v in votes] == [s.id for s in SKILLS] == [f"TAL_{n}" for n in range(1, 60)]
    assert [(v.attributes, v.group) for v in votes] == [(s.attributes, s.group) for s in SKILLS]


def test_at_least_three_independent_sources_vote_on_every_skill(sources):
    voting = [k for k, doc in sources.items() if doc["source"]["votes"]]
    assert len(voting) >= 3
    for v in vote_.vote(sources):
        assert sum(len(s) for s in v.attribute_votes.values()) == len(voting)
        winners = v.attribute_votes[v.attributes]
        assert 2 * len(winners) > len(voting), v.id


def test_names_are_as_optoliths_en_us_and_de_de_data_spell_them(sources):
    optolith = {r["id"]: r for r in sources["optolith"]["skills"]}
    assert [(s.name, s.name_de) for s in SKILLS] == [(optolith[s.id]["name"], optolith[s.id]["name_de"])
                                                     for s in SKILLS]
    assert BY_ID["TAL_3"].name == "Climbing" and BY_ID["TAL_10"].name_de == "Sinnesschärfe"


def test_every_source_table_covers_the_59_core_skills_once(sources):
    for key, doc in sources.items():
        for table in [t for t in doc if t.startswith("skills")]:
            assert sorted(r.id for r in vote_.readings(sources, key, table)) == sorted(BY_ID), key


def test_the_catalog_carries_the_list_as_api_md_says():
    skills = api.catalog()["systems"]["dark_eye"]["skills"]
    assert len(skills) == 59
    assert skills[2] == {"id": "TAL_3", "name": "Climbing", "names": {"de": "Klettern"},
                         "attributes": ["COU", "AGI", "STR"], "group": "Physical"}
    assert [s["id"] for s in skills] == [s.id for s in SKILLS]
    abbreviations = {abbr for abbr, _ in dark_eye.ATTRIBUTES}  # the sheet's numbers
    assert all(set(s["attributes"]) <= abbreviations and s["group"] in GROUPS for s in skills)


def test_the_sheets_default_skill_rows_agree_with_the_list():
    by_name = {s.name: s for s in SKILLS}
    for row in dark_eye.SHEET.tables[0].defaults:
        assert (row["a1"], row["a2"], row["a3"]) == by_name[row["name"]].attributes


@pytest.mark.parametrize("spelling, abbr", [("MU", "COU"), ("mu", "COU"), ("ATTR_2", "SGC"), ("KL", "SGC"),
                                            ("in", "INT"), ("CH", "CHA"), ("ff", "DEX"), ("GE", "AGI"),
                                            ("KO", "CON"), ("KK", "STR"), ("Strength", "STR")])
def test_attribute_spellings_are_normalised(spelling, abbr):
    assert vote_.attribute(spelling) == abbr


def test_an_unknown_attribute_or_group_is_an_error_not_a_guess():
    with pytest.raises(ValueError):
        vote_.attribute("XX")
    with pytest.raises(ValueError):
        vote_.group("Magic")


def test_a_changed_source_shows_up(sources):
    """Three of five sources reading Climbing COU/AGI/AGI outvote the list:
    the vote no longer equals what the package ships."""
    changed = copy.deepcopy(sources)
    for key in ("foundry_dsa5", "ulisses_regelwiki", "raffifrey_dsa5_db"):
        for row in changed[key]["skills"]:
            if row["name"] == "Klettern":
                row["attributes"] = [row["attributes"][0], row["attributes"][1], row["attributes"][1]]
    climbing = next(v for v in vote_.vote(changed) if v.id == "TAL_3")
    assert climbing.attributes == ("COU", "AGI", "AGI") != BY_ID["TAL_3"].attributes
    assert ("TAL_3", "optolith.skills", "attributes", "COU/AGI/STR", "COU/AGI/AGI") \
        in vote_.disagreements(changed)


def test_no_majority_is_an_error_not_a_pick(sources):
    changed = copy.deepcopy(sources)
    for key, attrs in (("foundry_dsa5", ["mu", "ge", "ge"]), ("ulisses_regelwiki", ["MU", "GE", "GE"]),
                       ("raffifrey_dsa5_db", ["KL", "GE", "KK"])):
        for row in changed[key]["skills"]:
            if row["name"] == "Klettern":
                row["attributes"] = attrs
    with pytest.raises(ValueError, match="TAL_3: no majority"):
        vote_.vote(changed)


def test_a_renamed_skill_in_a_source_shows_up(sources):
    changed = copy.deepcopy(sources)
    changed["raffifrey_dsa5_db"]["skills"][2]["name"] = "Kletern"
    with pytest.raises(ValueError, match="Kletern"):
        vote_.vote(changed)


def test_the_note_names_every_source_and_every_disagreement(sources):
    doc = DOC.read_text(encoding="utf-8")
    for key, data in sources.items():
        assert f"`{key}`" in doc and data["source"]["commit"] in doc and data["source"]["repository"] in doc
    found = vote_.disagreements(sources)
    assert found  # Optolith 1.0's Persuasion, at least
    for skill, source, what, theirs, chosen in found:
        line = next((ln for ln in doc.splitlines() if skill in ln and f"`{source.split('.')[0]}`" in ln), None)
        assert line is not None, f"docs/dark-eye-skills.md lacks {skill} in {source}"
        assert theirs in line and chosen in line, line
    rows = re.findall(r"^\| TAL_\d+ ", doc, flags=re.M)
    assert len(rows) == len(found)  # the table lists nothing else
