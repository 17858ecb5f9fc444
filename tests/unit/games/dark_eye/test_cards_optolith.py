"""The words of an Optolith import's report (games/dark_eye/cards_optolith.py):
every part the importer knows and leaves out has its words."""

from tablecheck.games.dark_eye import cards_optolith, cards_words, optolith
from tablecheck.games.dark_eye.skills import SKILLS


def _skill_names(answer):
    return [row["name"] for row in answer["character"]["sheet"]["tables"]["skills"]]


def _without_skill_names(character):
    """The character with its skill rows' names left out (they follow the language)."""
    rows = [{k: v for k, v in row.items() if k != "name"} for row in character["sheet"]["tables"]["skills"]]
    return dict(character, sheet=dict(character["sheet"], tables={"skills": rows}))


def test_every_part_left_out_has_its_words():
    assert set(cards_optolith.OTHER_PARTS) == set(optolith.OTHER_PARTS)


def test_a_report_line_names_at_most_ten_ids():
    line = cards_optolith.report([{"part": "unknown_parts", "status": "refused",
                                   "ids": [f"X{i}" for i in range(12)]}])[0]
    assert line == {"what": "Parts X0, X1, X2, X3, X4, X5, X6, X7, X8, X9 and 2 more", "status": "refused",
                    "why": "not part of the Optolith hero format this app knows"}


def test_a_german_import_reports_in_german_with_the_same_statuses():
    import json
    import re
    from pathlib import Path

    from tablecheck import api

    heroes = Path(__file__).parents[3] / "data" / "optolith_heroes"
    for name in ("optolith_1_5_hero", "optolith_1_0_hero"):
        data = json.loads((heroes / f"{name}.json").read_text(encoding="utf-8"))
        req = {"system": "dark_eye", "format": "optolith", "data": data}
        en, de = api.import_character(req), api.import_character(dict(req, locale="de"))
        assert _without_skill_names(de["character"]) == _without_skill_names(en["character"])
        assert _skill_names(de) == [s.name_de for s in SKILLS] and _skill_names(en) == [s.name for s in SKILLS]
        assert [r["status"] for r in de["report"]] == [r["status"] for r in en["report"]]
        assert [r["what"] for r in de["report"]] != [r["what"] for r in en["report"]]
        english = re.compile(r"\b(the|and|of|checks?|skills?|attributes?|fate|points|list|core|"
                             r"Aptitude|Spells|not|this|app|COU|SGC|AGI|STR)\b")
        for r in de["report"]:
            texts = [r["what"]] + ([r["why"]] if r["why"] != data.get("name") else [])
            assert not [t for t in texts if english.search(t)], r


def test_a_german_import_keeps_what_the_english_one_has_but_the_skill_names():
    hero = {"name": "A", "sheet": {"numbers": {"COU": 12}, "tables": {"skills": [
        {"name": "Climbing", "rating": 4}, {"name": "Own skill", "rating": 2}]}}}
    de = cards_optolith.character(hero, cards_words.words("de"))
    assert de["sheet"]["tables"]["skills"] == [{"name": "Klettern", "rating": 4}, {"name": "Own skill", "rating": 2}]
    assert hero["sheet"]["tables"]["skills"][0]["name"] == "Climbing"  # the rules' record is not changed
    assert cards_optolith.character(hero) is hero
