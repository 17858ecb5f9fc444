"""The Dark Eye's character sheet (tablecheck.sheets) with its words: what a
character has, as the sheet editor shows it (in the words `w`)."""

from ...sheets import Column, Number, Sheet, Table
from .cards_words import EN, skill_name
from .terms import ATTRIBUTES, COMBAT_VALUES


def make_sheet(skill_hint, combat_defaults, w=EN):
    """The sheet; `skill_hint`: the skill list a row's name offers;
    `combat_defaults`: a new character's combat values (tables)."""
    names = w["value_names"]
    return Sheet(
        numbers_label=w["sh_attributes"],
        numbers=[Number(abbr, w["value_name"].format(name=names[abbr], abbr=w["abbr"][abbr]), 0, 40, 12)
                 for abbr, _ in ATTRIBUTES]
        + [Number(abbr, w["value_name"].format(name=names[abbr], abbr=w["abbr"][abbr]), 0, 40,
                  combat_defaults[abbr], referable=False)
           for abbr, _ in COMBAT_VALUES]
        + [Number("FtP", w["sh_fate_points"], 0, 20, 3, referable=False, counter=True, optional=True)],
        tables=[Table(
            "skills", w["sh_skills"], w["sh_skill_row"],
            columns=[
                Column("name", "text", w["sh_skill"], suggest=skill_hint),
                Column("a1", "ref", w["sh_a1"], ref="numbers"),
                Column("a2", "ref", w["sh_a2"], ref="numbers"),
                Column("a3", "ref", w["sh_a3"], ref="numbers"),
                Column("rating", "int", w["sh_rating"], min=0, max=40, default=4),
                Column("aptitude", "bool", w["f_aptitude"], default=False),
            ],
            defaults=[
                {"name": w["sh_climbing"], "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 4},
                {"name": w["sh_perception"], "a1": "SGC", "a2": "INT", "a3": "INT", "rating": 6},
            ],
        )],
    )


def fill_labels(options, w=EN):
    """The label of each option sheet.fill_options found, in the words `w`:
    'Climbing (COU/AGI/STR, SR 7)', 'Courage (COU) 13'; 'Klettern
    (MU/GE/KK, FW 7)', 'Mut (MU) 13'."""
    out = []
    for o in options:
        if o["kind"] == "skill":
            label = w["fill_skill"].format(skill=skill_name(o["skill"], w), rating=o["rating"],
                                           abbrs="/".join(w["abbr"][a] for a in o["abbrs"]))
        else:
            label = w["fill_value"].format(name=w["value_names"][o["abbr"]], abbr=w["abbr"][o["abbr"]],
                                           value=o["value"])
        out.append({"label": label, "values": o["values"], "what": o["what"]})
    return out
