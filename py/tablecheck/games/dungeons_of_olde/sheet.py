"""A Dungeons of Olde character: stats (each a die rank) and skills (each
with its check stat); what a character's sheet puts into a form group (the
records; cards.py writes their labels)."""

from ...sheets import Column, Sheet, Table, row_value, rows as sheet_rows, whole
from .tables import MAX_SIDES, MIN_SIDES

SHEET = Sheet(tables=[
    Table("stats", "Stats", "stat", [
        Column("name", "text", "Stat"),
        Column("value", "int", "Die (d2-d20)", min=MIN_SIDES, max=MAX_SIDES, default=6),
    ], defaults=[{"name": "Brawn", "value": 8}, {"name": "Nerve", "value": 6},
                 {"name": "Savvy", "value": 6}]),
    Table("skills", "Skills", "skill", [
        Column("name", "text", "Skill"),
        Column("stat", "ref", "Check stat", ref="stats"),
    ], defaults=[{"name": "Forage", "stat": "Savvy"}]),
])


def _die_of(v):
    v = whole(v)
    return v if v is not None and MIN_SIDES <= v <= MAX_SIDES else None


def fill_options(character, params):
    """What a character puts into a form group with `stat`: each stat, and
    each skill by its check stat. Rows with bad data are left out. Records:
    `kind` (stat or skill), `name`, a skill's check `stat`, `values`, `what`
    (cards.fill_labels writes the labels)."""
    if "stat" not in params:
        return []
    out = []
    for r in sheet_rows(character, "stats"):
        name, die = r.get("name"), _die_of(r.get("value"))
        if isinstance(name, str) and die is not None:
            out.append({"kind": "stat", "name": name, "values": {"stat": die}, "what": name})
    for r in sheet_rows(character, "skills"):
        name, stat = r.get("name"), r.get("stat")
        die = _die_of(row_value(character, "stats", stat))
        if isinstance(name, str) and die is not None:
            out.append({"kind": "skill", "name": name, "stat": stat, "values": {"stat": die}, "what": name})
    return out
