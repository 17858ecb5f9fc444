"""The Dark Eye's character sheet (tablecheck.sheets) with its words: what a
character has, as the sheet editor shows it."""

from ...sheets import Column, Number, Sheet, Table
from .terms import ATTRIBUTES, COMBAT_VALUES


def make_sheet(skill_hint, combat_defaults):
    """The sheet; `skill_hint`: the skill list a row's name offers;
    `combat_defaults`: a new character's combat values (tables)."""
    return Sheet(
        numbers_label="Attributes",
        numbers=[Number(abbr, f"{name} ({abbr})", 0, 40, 12) for abbr, name in ATTRIBUTES]
        + [Number(abbr, f"{name} ({abbr})", 0, 40, combat_defaults[abbr], referable=False)
           for abbr, name in COMBAT_VALUES]
        + [Number("FtP", "Fate points (FtP)", 0, 20, 3, referable=False, counter=True, optional=True)],
        tables=[Table(
            "skills", "Skills", "skill",
            columns=[
                Column("name", "text", "Skill", suggest=skill_hint),
                Column("a1", "ref", "1st attribute", ref="numbers"),
                Column("a2", "ref", "2nd attribute", ref="numbers"),
                Column("a3", "ref", "3rd attribute", ref="numbers"),
                Column("rating", "int", "Skill rating", min=0, max=40, default=4),
                Column("aptitude", "bool", "Aptitude", default=False),
            ],
            defaults=[
                {"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 4},
                {"name": "Perception", "a1": "SGC", "a2": "INT", "a3": "INT", "rating": 6},
            ],
        )],
    )


def fill_labels(options):
    """The label of each option sheet.fill_options found: 'Climbing
    (COU/AGI/STR, SR 7)', 'Courage (COU) 13'."""
    out = []
    for o in options:
        if o["kind"] == "skill":
            label = f"{o['skill']} ({'/'.join(o['abbrs'])}, SR {o['rating']})"
        else:
            label = f"{o['name']} ({o['abbr']}) {o['value']}"
        out.append({"label": label, "values": o["values"], "what": o["what"]})
    return out
