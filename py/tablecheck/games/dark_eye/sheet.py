"""What a character's sheet fills into a form (System.fill); the sheet itself
is declared with its words in cards_sheet.py."""

from ...sheets import numbers, rows, whole
from .terms import ATTRIBUTES, COMBAT_VALUES


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
        out.append({"kind": "skill", "skill": skill, "abbrs": abbrs, "rating": rating,
                    "values": values, "what": skill})
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
        out.append({"kind": "value", "name": name, "abbr": abbr, "value": v, "values": values,
                    "what": f"{name} ({abbr})"})
    return out


def fill_options(character, params):
    """What one character's sheet can put into a form group with these
    parameter names: skills into a skill check's group, attributes and
    combat values into an attribute check's. Records: `kind` (skill or
    value), its parts, `values`, `what` (cards_sheet.fill_labels writes the
    labels)."""
    out = []
    if "attributes" in params and "rating" in params:
        out += _skill_options(character, params)
    if "value" in params:
        out += _value_options(character, params)
    return out
