"""[ax]'s character sheet: attributes (dice) and skills (an attribute and a
bonus), and what a character puts into a form (the records; cards.py
writes their labels)."""

from ...sheets import Column, Sheet, Table, row_value, rows as sheet_rows, whole
from .pool import MAX_ATTRIBUTE, MAX_BONUS

SHEET = Sheet(tables=[
    Table("attributes", "Attributes", "attribute", [
        Column("name", "text", "Attribute"),
        Column("value", "int", "Dice (d10)", min=0, max=MAX_ATTRIBUTE, default=2),
    ], defaults=[{"name": "Physique", "value": 3}, {"name": "Size", "value": 2},
                 {"name": "Passion", "value": 2}, {"name": "Genius", "value": 2}]),
    Table("skills", "Skills", "skill", [
        Column("name", "text", "Skill"),
        Column("attribute", "ref", "Attribute", ref="attributes"),
        Column("bonus", "int", "Bonus", min=-MAX_BONUS, max=MAX_BONUS, default=1),
    ], defaults=[{"name": "Persuade", "attribute": "Passion", "bonus": 1}]),
])


def _dice_of(v):
    v = whole(v)
    return v if v is not None and 0 <= v <= MAX_ATTRIBUTE else None


def _bonus_of(v):
    v = whole(v)
    return v if v is not None and -MAX_BONUS <= v <= MAX_BONUS else None


def fill_options(character, params):
    """What a character puts into a form group with `attribute` (and maybe
    `bonus`): each attribute (bonus 0), each skill (its attribute's dice and
    its bonus). Rows with bad data are left out. Records: `kind` (attribute
    or skill), `name`, a skill's `attribute`, `dice`, `bonus` (None without
    a bonus field), `values`, `what` (cards.fill_labels writes the labels)."""
    if "attribute" not in params:
        return []
    with_bonus = "bonus" in params
    out = []
    for r in sheet_rows(character, "attributes"):
        name, dice = r.get("name"), _dice_of(r.get("value"))
        if not isinstance(name, str) or dice is None:
            continue
        values = {"attribute": dice}
        if with_bonus:
            values["bonus"] = 0
        out.append({"kind": "attribute", "name": name, "dice": dice, "values": values,
                    "what": name})
    for r in sheet_rows(character, "skills"):
        name, attribute, bonus = r.get("name"), r.get("attribute"), _bonus_of(r.get("bonus"))
        dice = _dice_of(row_value(character, "attributes", attribute))
        if not isinstance(name, str) or dice is None or (with_bonus and bonus is None):
            continue
        values = {"attribute": dice}
        if with_bonus:
            values["bonus"] = bonus
        out.append({"kind": "skill", "name": name, "attribute": attribute, "dice": dice,
                    "bonus": bonus if with_bonus else None, "values": values, "what": name})
    return out
