"""Shadows of the Unknown's character sheet (as static/js/characters.js
declared it): attributes, and skills each with its controlling attribute;
and what a character puts into a task form (the records; cards.py writes
their labels)."""

from ...sheets import Column, Sheet, Table, rows, whole

SHEET = Sheet(tables=[
    Table("attributes", "Attributes", "attribute", [
        Column("name", "text", "Attribute"),
        Column("value", "int", "Value", min=0, max=40, default=10),
    ], defaults=[{"name": "Strength", "value": 10}, {"name": "Agility", "value": 10},
                 {"name": "Intelligence", "value": 10}, {"name": "Willpower", "value": 10}]),
    Table("skills", "Skills", "skill", [
        Column("name", "text", "Skill"),
        Column("attribute", "ref", "Controlling attribute", ref="attributes"),
        Column("rating", "int", "Skill rating", min=0, max=40, default=1),
    ], defaults=[{"name": "Stealth", "attribute": "Agility", "rating": 3}]),
])


def fill_options(character, params):
    """What a Shadows character puts into a task form (as characters.js did):
    an attribute fills `rating` (and clears `controlling_attribute`), a skill
    fills `rating` and `controlling_attribute`, or their sum where the form
    has no controlling attribute. Rows with bad data are left out. Records:
    `kind` (attribute or skill), `name`, `value` (an attribute's) or `rating`
    and the controlling `attribute` (a name or None) with its value `a`
    (a skill's), `values`, `what` (cards.fill_labels writes the labels)."""
    if "rating" not in params:
        return []
    ctl = "controlling_attribute" in params
    attributes = {}
    out = []
    for r in rows(character, "attributes"):
        name, value = r.get("name"), whole(r.get("value"))
        if not isinstance(name, str) or not name or value is None:
            continue
        attributes.setdefault(name, value)
        values = {"rating": value, "controlling_attribute": None} if ctl else {"rating": value}
        out.append({"kind": "attribute", "name": name, "value": value, "values": values,
                    "what": name})
    for s in rows(character, "skills"):
        name, rating, attr = s.get("name"), whole(s.get("rating")), s.get("attribute")
        if not isinstance(name, str) or not name or rating is None:
            continue
        a = attributes.get(attr, 0) if isinstance(attr, str) else 0  # an unknown one counts 0
        values = ({"rating": rating, "controlling_attribute": a} if ctl
                  else {"rating": rating + a})
        out.append({"kind": "skill", "name": name, "rating": rating,
                    "attribute": attr if isinstance(attr, str) and attr else None, "a": a,
                    "values": values, "what": name})
    return out
