"""Optolith heroes (issue 27): a hero file exported by Optolith, the
community's character generator for The Dark Eye, read into a character of
this app's Dark Eye sheet, with a report of what was taken and what was left
out, part by part.

What an Optolith 1.x hero file holds (its source: optolith-client's
src/App/Utilities/Raw/RawData.ts and app/Schema/Hero/Hero.schema.json, and
Compat.ts for the older shapes; docs/dark-eye-skills.md):
- `id` ("H_<ms>"), `name`, `clientVersion` (semver), `dateCreated`, ...;
- `attr.values`: the eight attributes ATTR_1..ATTR_8 (COU SGC INT CHA DEX
  AGI CON STR), as {id, value} since Optolith 1.1.0, as [id, value,
  adjustment] before;
- `talents` {"TAL_n": rating} (skills at rating 0 are left out), `ct`
  {"CT_n": rating}, `spells` {"SPELL_n": rating}, `liturgies`
  {"LITURGY_n": rating}, `cantrips`, `blessings`;
- `activatable` {id: [instance]}: Aptitude ADV_4 (one instance per skill,
  spell or chant, {sid}), Luck ADV_14 and Bad Luck DISADV_31 ({tier} 1-3).
Fate points: 3, plus one per tier of Luck, minus one per tier of Bad Luck
(core rules, Luck and Bad Luck).

Accepted: Optolith 0.49.5 (the oldest its own importer reads) to 1.x.
Refused with a clear message: anything that is not such a hero, and a
character in Optolith's newer character schema (Optolith/character-schema,
`version` 0.x), whose skills are UUIDs that no public table maps yet.
Bad values never raise anything but InvalidRequest naming the field.
"""

import re

from ...errors import InvalidRequest
from ...messages import Named, NamedIds, Shown
from .skills import BY_ID, SKILLS

ATTRIBUTE_IDS = {"ATTR_1": "COU", "ATTR_2": "SGC", "ATTR_3": "INT", "ATTR_4": "CHA",
                 "ATTR_5": "DEX", "ATTR_6": "AGI", "ATTR_7": "CON", "ATTR_8": "STR"}
APTITUDE, LUCK, BAD_LUCK = "ADV_4", "ADV_14", "DISADV_31"
COMBAT_VALUES = ("AT", "PA", "DO", "RC")  # the sheet's, one each
BASE_FATE_POINTS = 3
MAX_TIER = 3  # Luck and Bad Luck have three levels
OLDEST, NEWEST_MAJOR = (0, 49, 5), 1
MAX_VALUE = 40  # attributes and ratings the sheet takes
MAX_NAME = 60  # the sheet's name limit
MAX_INSTANCES = 100  # entries of one advantage (Aptitude: one per skill, spell or chant)
# the parts of a hero file that are not for checks (left out in one line;
# cards_optolith names them)
OTHER_PARTS = ("dateCreated", "dateModified", "locale", "avatar", "player", "ap", "el", "r", "rv", "c",
               "isCulturalPackageActive", "p", "pv", "professionName", "sex", "phase", "rules", "pers",
               "belongings", "pets", "pact")
READ = ("id", "clientVersion", "name", "attr", "talents", "activatable", "ct", "spells", "liturgies", "cantrips", "blessings")


def import_hero(data, sheet):
    """{"character": {name, sheet, id?}, "report": [{part, status, ...}]}
    of an Optolith hero file (parsed JSON); `sheet` is the Dark Eye Sheet
    (the defaults of what a hero file does not hold)."""
    hero = _hero(data)
    report = []
    name = _name(hero, report)
    numbers = {n.key: n.default for n in sheet.numbers}
    numbers.update(_attributes(hero, report))
    activatable = _part(hero, "activatable", dict, {})
    aptitude, elsewhere = _aptitude(activatable)
    rows = _skills(hero, aptitude, report)
    _report_aptitude(aptitude, elsewhere, report)
    numbers["FtP"] = _fate_points(activatable, sheet, report)
    _left_out(hero, activatable, sheet, report)
    character = {"name": name, "sheet": {"numbers": numbers, "tables": {"skills": rows}}}
    hero_id = hero.get("id")
    if isinstance(hero_id, str) and re.fullmatch(r"H_\d{1,20}", hero_id):
        character["id"] = f"optolith-{hero_id}"  # the same hero imported again is the same character
    return {"character": character, "report": report}


def _whole(value, field, low, high, what, **names):
    """An int in [low, high] (no bool, no float), or InvalidRequest; `what`:
    the value's kind of refusal (attribute, rating, level), with its `names`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidRequest(field, code="type", refusal=(f"o_{what}_whole", dict(names, value=Shown(value))))
    if not low <= value <= high:
        raise InvalidRequest(field, refusal=(f"o_{what}_range", dict(names, value=Shown(value), low=low,
                                                                      high=high)))
    return value


def _part(hero, key, kind, default):
    value = hero.get(key, default)
    if not isinstance(value, kind):
        raise InvalidRequest(f"data.{key}", code="type", refusal=(f"o_part_{key}", {"value": Shown(value)}))
    return value


def _add(report, part, status, **facts):
    """One line of the report, as a record (the cards write its words)."""
    report.append({"part": part, "status": status, **facts})


# -- is it a hero of a version we read? ----------------------------------------
def _hero(data):
    if not isinstance(data, dict):
        raise InvalidRequest("data", code="type", refusal=("o_not_object", {"value": Shown(data)}))
    if "clientVersion" not in data and isinstance(data.get("version"), str) \
            and isinstance(data.get("skills", data.get("attributes")), list):
        raise InvalidRequest("data", code="type", refusal=("o_newer_schema", {"version": data["version"][:20]}))
    missing = [k for k in ("clientVersion", "attr", "talents") if k not in data]
    if missing:
        raise InvalidRequest("data", code="type", refusal=("o_missing", {"missing": ", ".join(missing)}))
    _version(data["clientVersion"])
    return data


def _version(text):
    found = re.match(r"(\d{1,9})\.(\d{1,9})\.(\d{1,9})", text) if isinstance(text, str) else None
    if found is None:
        raise InvalidRequest("data.clientVersion", code="type", refusal=("o_version_text", {"value": Shown(text)}))
    version = tuple(int(n) for n in found.groups())
    if version < OLDEST or version[0] > NEWEST_MAJOR:
        raise InvalidRequest("data.clientVersion", refusal=("o_version_range", {
            "version": ".".join(map(str, version))}))
    return version


# -- the parts ------------------------------------------------------------------
def _name(hero, report):
    name = hero.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InvalidRequest("data.name", code="type", refusal=("o_name", {"value": Shown(name)}))
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        _add(report, "name", "imported", name=name[:MAX_NAME].rstrip(), shortened=MAX_NAME)
        return name[:MAX_NAME].rstrip()
    _add(report, "name", "imported", name=name)
    return name


def _attribute_entry(entry, i):
    """(id, value) of one attr.values entry: {id, value} (Optolith 1.1.0 on)
    or [id, value, adjustment] (before)."""
    field = f"data.attr.values[{i}]"
    if isinstance(entry, dict):
        return entry.get("id"), entry.get("value"), f"{field}.id", f"{field}.value"
    if isinstance(entry, list) and len(entry) in (2, 3):
        return entry[0], entry[1], f"{field}[0]", f"{field}[1]"
    raise InvalidRequest(field, code="type", refusal=("o_attribute_entry", {"value": Shown(entry)}))


def _attributes(hero, report):
    attr = _part(hero, "attr", dict, None)
    values = attr.get("values")
    if not isinstance(values, list) or len(values) > len(ATTRIBUTE_IDS):
        raise InvalidRequest("data.attr.values", code="type", refusal=(
            ("o_attribute_values_n", {"value": Shown(values), "n": len(values)}) if isinstance(values, list)
            else ("o_attribute_values", {"value": Shown(values)})))
    out = {}
    for i, entry in enumerate(values):
        attr_id, value, id_field, value_field = _attribute_entry(entry, i)
        abbr = ATTRIBUTE_IDS.get(attr_id) if isinstance(attr_id, str) else None
        if abbr is None:
            raise InvalidRequest(id_field, code="choice", refusal=("o_attribute_id", {"value": Shown(attr_id)}))
        if abbr in out:
            raise InvalidRequest(id_field, refusal=("o_attribute_twice", {"id": attr_id, "abbr": Named("abbr", abbr)}))
        out[abbr] = _whole(value, value_field, 0, MAX_VALUE, "attribute", abbr=Named("abbr", abbr))
    lacking = [(i, a) for i, a in ATTRIBUTE_IDS.items() if a not in out]
    if lacking:
        raise InvalidRequest("data.attr.values", code="required", refusal=(
            "o_attribute_lacking", {"lacking": NamedIds("abbr", lacking)}))
    _add(report, "attributes", "imported", values=dict(out))
    return out


def _skills(hero, aptitude, report):
    talents = _part(hero, "talents", dict, None)
    ratings, others = {}, []
    for key, rating in talents.items():
        if isinstance(key, str) and key in BY_ID:
            ratings[key] = _whole(rating, f"data.talents.{key}", 0, MAX_VALUE, "rating",
                                  skill=Named("skill", BY_ID[key].name))
        else:
            others.append(key)
    rows = [{"name": s.name, "a1": s.attributes[0], "a2": s.attributes[1], "a3": s.attributes[2],
             "rating": ratings.get(s.id, 0), "aptitude": s.id in aptitude} for s in SKILLS]
    _add(report, "skills", "imported", rated=len(ratings), core=len(SKILLS))
    if others:
        _add(report, "other_skills", "skipped", ids=others)
    return rows


def _instances(activatable, key):
    """The instances of one advantage: a list of objects, or InvalidRequest."""
    items = activatable.get(key, [])
    if not isinstance(items, list):
        raise InvalidRequest(f"data.activatable.{key}", code="type", refusal=("o_entries_list", {
            "value": Shown(items)}))
    if len(items) > MAX_INSTANCES:
        raise InvalidRequest(f"data.activatable.{key}", refusal=("o_entries_max", {"n": len(items),
                                                                                  "max": MAX_INSTANCES}))
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise InvalidRequest(f"data.activatable.{key}[{i}]", code="type", refusal=("o_entry_object", {
                "value": Shown(item)}))
    return items


def _aptitude(activatable):
    """(the core skills the hero has Aptitude in, the other ids it has
    Aptitude in): ADV_4, one entry {sid} each."""
    found, other = [], []
    for i, item in enumerate(_instances(activatable, APTITUDE)):
        sid = item.get("sid")
        if not isinstance(sid, str):
            raise InvalidRequest(f"data.activatable.{APTITUDE}[{i}].sid", code="type", refusal=(
                "o_aptitude_sid", {"value": Shown(sid)}))
        (found if sid in BY_ID else other).append(sid)
    return set(found), other


def _report_aptitude(found, other, report):
    if found:
        _add(report, "aptitude", "imported", skills=[s.name for s in SKILLS if s.id in found])
    if other:
        _add(report, "other_aptitude", "skipped", ids=other,
             magic=all(s.startswith(("SPELL_", "LITURGY_")) for s in other))


def _tiers(activatable, key):
    total = 0
    for i, item in enumerate(_instances(activatable, key)):
        total += _whole(item.get("tier"), f"data.activatable.{key}[{i}].tier", 1, MAX_TIER, "level")
    return total


def _fate_points(activatable, sheet, report):
    """3, plus one per level of Luck, minus one per level of Bad Luck."""
    luck, bad_luck = _tiers(activatable, LUCK), _tiers(activatable, BAD_LUCK)
    limit = next(n for n in sheet.numbers if n.key == "FtP")
    points = min(max(BASE_FATE_POINTS + luck - bad_luck, limit.min), limit.max)
    _add(report, "fate_points", "imported", base=BASE_FATE_POINTS, luck=luck, bad_luck=bad_luck,
         points=points)
    return points


def _rated(hero, key, report, **facts):
    """A part of {id: rating} or [id] the app has no checks for: named, skipped."""
    if key not in hero:
        return
    value = hero[key]
    if not isinstance(value, (dict, list)):
        _add(report, key, "refused", value=value, **facts)
    elif value:
        _add(report, key, "skipped", ids=list(value), **facts)


def _left_out(hero, activatable, sheet, report):
    combat = "/".join(str(n.default) for n in sheet.numbers if n.key in COMBAT_VALUES)
    _rated(hero, "ct", report, combat=combat)
    for key in ("spells", "liturgies", "cantrips", "blessings"):
        _rated(hero, key, report)
    others = [k for k, v in activatable.items() if k not in (APTITUDE, LUCK, BAD_LUCK) and v]
    if others:
        _add(report, "other_activatable", "skipped", count=len(others))
    kept = [k for k in hero if k in OTHER_PARTS]
    if kept:
        _add(report, "other_parts", "skipped", keys=kept)
    unknown = [k for k in hero if k not in OTHER_PARTS and k not in READ]
    if unknown:
        _add(report, "unknown_parts", "refused", ids=unknown)
