"""One representative request per check of the catalog, shared by the
tests that walk every check (unit: tests/unit/test_display.py; browser:
tests/e2e/test_pyodide_parity.py). Parameters left out take the catalog
defaults; a coverage test fails when a check is added without a row here."""

HERO = {"attributes": [12, 13, 14], "rating": 7}
FF_SIDE = {"bonus": 3, "advantages": 1, "disadvantages": 0}
DOO_SIDE = {"stat": 8, "modification": 0, "adjustment": 1}

# One representative request per check; parameters left out take the
# catalog defaults. The coverage test below fails when a check is added
# without a row here.
REQUESTS = [
    {"system": "dark_eye", "check": "attribute", "value": 13, "modifier": -1},
    {"system": "dark_eye", "check": "skill", "attributes": [12, 13, 14], "rating": 7, "modifier": 1},
    {"system": "dark_eye", "check": "competitive", "a": HERO, "b": HERO, "passive": "b"},
    {"system": "dark_eye", "check": "cumulative", **HERO, "max_checks": 5},
    {"system": "dark_eye", "check": "group", "members": [HERO, HERO], "max_rounds": 3},
    {"system": "dark_eye", "check": "group_competitive", "a": [HERO, HERO], "b": [HERO], "passive": None},
    {"system": "dark_eye", "check": "cumulative_skills", "max_checks": 6, "partial": 5,
     "modifiers": [0, 2, -1], "skills": [{**HERO, "skill": "Woodworking", "target": 4},
                                         {**HERO, "skill": "Metalworking", "target": 3}]},
    {"system": "freedom_fantasies", "check": "skill", "bonus": 3, "dc": 10, "advantages": 2, "disadvantages": 1},
    {"system": "freedom_fantasies", "check": "attack", "bonus": 2, "advantages": 0, "disadvantages": 1,
     "damage_rating": 3, "target": {"finesse": 2, "flair": 1, "defense": 1, "hit_points": 6, "damage": 2}},
    {"system": "freedom_fantasies", "check": "effect", "bonus": 1, "dc": 15, "advantages": 0, "disadvantages": 0},
    {"system": "freedom_fantasies", "check": "luck", "dc": 10, "advantages": 1},
    {"system": "freedom_fantasies", "check": "opposed", "active": FF_SIDE, "target": FF_SIDE},
    {"system": "shadows_of_the_unknown", "check": "task", "rating": 6, "controlling_attribute": 9,
     "difficulty": "formidable"},
    {"system": "shadows_of_the_unknown", "check": "dice", "expression": "3D6+2"},
    {"system": "ax", "check": "flat", "attribute": 3, "difficulty": 12, "bonus": 1, "assistant": 2},
    {"system": "ax", "check": "group", "members": [3, 3, 2, 4], "difficulty": 12, "required": 4, "maximum": 6},
    {"system": "ax", "check": "contest", "sides": [{"attribute": 3, "bonus": 0}, {"attribute": 2, "bonus": 2}]},
    {"system": "ax", "check": "table"},
    {"system": "dungeons_of_olde", "check": "check", "stat": 8, "cr": "hard", "adjustment": 1},
    {"system": "dungeons_of_olde", "check": "opposed", "instigator": DOO_SIDE, "target": DOO_SIDE},
    {"system": "dungeons_of_olde", "check": "assisted", "instigator": DOO_SIDE, "assistant": DOO_SIDE, "cr": 12},
    {"system": "dungeons_of_olde", "check": "scaling", "stat": 6, "cr": 6, "per_rank": 3},
    {"system": "dungeons_of_olde", "check": "effect", "stat": 6, "count": 3},
    {"system": "dice", "check": "roll", "expression": "4d6kh3+1d8!-2"},
    # issue 14: the notation's new pieces (Pyodide's 3.14 and CPython agree)
    {"system": "dice", "check": "roll", "expression": "4d6r1kh3 + {1d8!, 1d6!}kh1 # wild"},
    {"system": "dice", "check": "roll", "expression": "6d10>=8f1 + 3d10>=8!"},
    {"system": "dice", "check": "roll", "expression": "4dF+2 + floor(3d6/2) + 1d4/3"},
    {"system": "dice", "check": "roll", "expression": "2d6!!p + 1d6!p + 3d6u + 2d6ro<2 + 4d6!kh3"},
]
