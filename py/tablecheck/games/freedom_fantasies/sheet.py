"""A Freedom Fantasies character: the five Ability bonuses, Defense and the
Damage Rating of the usual weapon; the targets a GM tracks all evening; and
what a character's sheet puts into a form group (the records; cards.py
writes their labels)."""

from ...sheets import Number, Sheet, Tracked, numbers, whole
from .tables import DC_MAX
from .terms import ABILITIES

# the character sheet (as static/js/characters.js declared it): the five
# Ability bonuses, Defense and the Damage Rating of the usual weapon
SHEET = Sheet(
    numbers=[Number(name, name, -10, 20, 1) for _, name in ABILITIES]
    + [Number("defense", "Defense", 0, 30, 1),
       Number("damage", "Damage rating (DR)", 0, 30, 2)],
    numbers_label="Abilities and combat",
)

# targets the GM names once and attacks all evening: damage and Stress add up
# until a reset (seed: a Rest removes all Damage accumulated)
TARGETS = Tracked(
    key="targets", label="Tracked targets", noun="target",
    numbers=[Number("evasion", "Evasion DC", 0, DC_MAX, 10),
             Number("defense", "Defense", 0, 1000, 0),
             Number("hit_points", "Hit Points", 0, 10000, 10)],
    state=[Number("damage", "Damage taken", 0, 100000, 0),
           Number("stress", "Stress", 0, 100000, 0)],
    fills=[("attack", "target")],
)


def _numbers(character):
    return {k: whole(v) for k, v in numbers(character).items()}


def _ability_options(params, nums):
    keys = [n for _, n in ABILITIES]  # FIGHT .. FLIGHT
    dr = nums.get("damage")
    with_dr = "damage_rating" in params
    out = []
    for key in keys:
        v = nums.get(key)
        if v is None or (with_dr and dr is None):
            continue  # bad data never reaches a form
        values = {"bonus": v}
        if "ability" in params:
            values["ability"] = key.lower()
        if with_dr:
            values["damage_rating"] = dr
        out.append({"kind": "ability", "ability": key, "values": values, "what": key})
    return out


def _target_option(character, params, nums):
    """The character as an attack's target; hit points are the sum of the
    five Ability bonuses, never below 0 (reading of rules.md)."""
    keys = [n for _, n in ABILITIES]
    need = ["FINESSE", "FLAIR", "defense"]
    need += [k.upper() for k in ("fight", "focus", "flight") if k in params]
    if "hit_points" in params:
        need += keys
    if any(nums.get(k) is None for k in need):
        return []
    values = {"finesse": nums["FINESSE"], "flair": nums["FLAIR"]}
    for k in ("fight", "focus", "flight"):
        if k in params:
            values[k] = nums[k.upper()]
    if "defense" in params:
        values["defense"] = nums["defense"]
    if "hit_points" in params:
        values["hit_points"] = max(sum(nums[k] for k in keys), 0)
    name = character.get("name")
    name = name if isinstance(name, str) and name.strip() else None
    return [{"kind": "target", "name": name, "finesse": nums["FINESSE"], "flair": nums["FLAIR"],
             "defense": nums["defense"], "values": values, "what": None}]


def fill_options(character, params):
    """What a Freedom Fantasies character puts into a form group (as
    characters.js did): each Ability fills `bonus` (with `ability`, and the
    character's DR where the group has `damage_rating`); a group with
    `finesse` and `flair` (an attack's target) gets the character as the
    target, hit points worked out here. Records: `kind` and what their
    label needs, `values`, `what` (cards.fill_labels writes the labels)."""
    nums = _numbers(character)
    out = []
    if "bonus" in params:
        out += _ability_options(params, nums)
    if "finesse" in params and "flair" in params:
        out += _target_option(character, params, nums)
    return out
