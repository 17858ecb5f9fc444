"""The Dark Eye's character sheet, and what a character fills into a form."""

from ...sheets import Column, Number, Sheet, Table, numbers, rows, whole
from .tables import COMBAT_DEFAULTS
from .terms import ATTRIBUTES, COMBAT_VALUES


def make_sheet(skill_hint):
    """The sheet; `skill_hint`: the skill list a row's name offers."""
    return Sheet(
        numbers_label="Attributes",
        numbers=[Number(abbr, f"{name} ({abbr})", 0, 40, 12) for abbr, name in ATTRIBUTES]
        + [Number(abbr, f"{name} ({abbr})", 0, 40, COMBAT_DEFAULTS[abbr], referable=False)
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


_MAX_VALUE = 40  # attributes, combat values and ratings a form accepts
_MEMBER_NAME = 40  # a group member's name (its `name` parameter)


def _in_range(v):
    v = whole(v)
    return v if v is not None and 0 <= v <= _MAX_VALUE else None


def _skill_options(character, params):
    """A skill fills the three linked attributes and the rating (the
    attributes' abbreviations too when the form labels its dice, and the
    hero's name in a group member). Rows with bad data are skipped."""
    nums = numbers(character)
    name = character.get("name")
    out = []
    for row in rows(character, "skills"):
        skill, abbrs = row.get("name"), [row.get(k) for k in ("a1", "a2", "a3")]
        if not isinstance(skill, str) or not skill.strip():
            continue
        if not all(isinstance(a, str) and a in dict(ATTRIBUTES) for a in abbrs):
            continue
        attrs = [_in_range(nums.get(a)) for a in abbrs]
        rating = _in_range(row.get("rating"))
        if None in attrs or rating is None:
            continue
        values = {"attributes": attrs, "rating": rating}
        if "names" in params:
            values["names"] = abbrs
        if "skill" in params:
            values["skill"] = skill.strip()[:60]
        if "aptitude" in params:
            values["aptitude"] = row.get("aptitude") is True
        if "name" in params and isinstance(name, str) and name.strip():
            values["name"] = name.strip()[:_MEMBER_NAME]
        out.append({"label": f"{skill} ({'/'.join(abbrs)}, SR {rating})", "values": values,
                    "what": skill})
    return out


def _value_options(character, params):
    """An attribute or combat value fills `value` (and `name`, the choice of
    which value it is)."""
    nums = numbers(character)
    out = []
    for abbr, name in ATTRIBUTES + COMBAT_VALUES:
        v = _in_range(nums.get(abbr))
        if v is None:
            continue
        values = {"value": v}
        if "name" in params:
            values["name"] = abbr
        out.append({"label": f"{name} ({abbr}) {v}", "values": values, "what": f"{name} ({abbr})"})
    return out


def fill(character, params):
    """What one character's sheet can put into a form group with these
    parameter names: skills into a skill check's group, attributes and
    combat values into an attribute check's."""
    out = []
    if "attributes" in params and "rating" in params:
        out += _skill_options(character, params)
    if "value" in params:
        out += _value_options(character, params)
    return out
