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
SHOWN = 10  # ids a report line names before "and N more"
MAX_INSTANCES = 100  # entries of one advantage (Aptitude: one per skill, spell or chant)
# the parts of a hero file that are not for checks (left out in one line)
OTHER_PARTS = {
    "dateCreated": "dates", "dateModified": "dates",
    "locale": "language", "avatar": "portrait", "player": "player", "ap": "adventure points",
    "el": "experience level", "r": "species", "rv": "species", "c": "culture",
    "isCulturalPackageActive": "culture", "p": "profession", "pv": "profession",
    "professionName": "profession", "sex": "sex", "phase": "creation phase", "rules": "rules",
    "pers": "personal data", "belongings": "belongings", "pets": "pets", "pact": "pact",
}
READ = ("id", "clientVersion", "name", "attr", "talents", "activatable", "ct", "spells", "liturgies", "cantrips", "blessings")


def import_hero(data, sheet):
    """{"character": {name, sheet, id?}, "report": [{what, status, why}]}
    of an Optolith hero file (parsed JSON); `sheet` is the Dark Eye Sheet
    (the defaults of what a hero file does not hold)."""
    hero = _hero(data)
    report = []
    name = _name(hero, report)
    numbers = {n.key: n.default for n in sheet.numbers}
    numbers.update(_attributes(hero, report))
    activatable = _part(hero, "activatable", dict, {}, "an object of advantages and special abilities")
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


# -- what a value is, for messages (never the repr of a huge number) ----------
def _shown(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        # str() of a huge int is slow or refused (over 4300 digits): estimate
        return str(value) if value.bit_length() < 64 else f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, float):
        return "a number with a fraction" if value == value else "not a number (NaN)"
    if isinstance(value, str):
        return repr(value[:40] + ("…" if len(value) > 40 else ""))
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "null" if value is None else type(value).__name__


def _whole(value, field, low, high, what):
    """An int in [low, high] (no bool, no float), or InvalidRequest."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidRequest(field, f"{what} must be a whole number, not {_shown(value)}", code="type")
    if not low <= value <= high:
        raise InvalidRequest(field, f"{what} must be {low} to {high}, not {_shown(value)}")
    return value


def _part(hero, key, kind, default, words):
    value = hero.get(key, default)
    if not isinstance(value, kind):
        raise InvalidRequest(f"data.{key}", f"must be {words}, not {_shown(value)}", code="type")
    return value


def _listed(ids):
    """Ids for a report line: at most SHOWN, each at most 40 characters
    (anything not text is described, never written out)."""
    ids = [i[:40] if isinstance(i, str) else _shown(i) for i in ids]
    more = len(ids) - SHOWN
    return ", ".join(ids[:SHOWN]) + (f" and {more} more" if more > 0 else "")


def _add(report, what, status, why):
    report.append({"what": what, "status": status, "why": why})


# -- is it a hero of a version we read? ----------------------------------------
def _hero(data):
    if not isinstance(data, dict):
        raise InvalidRequest("data", f"is not an Optolith hero file: it holds {_shown(data)}, not an "
                             "object; export the hero from Optolith as a JSON file", code="type")
    if "clientVersion" not in data and isinstance(data.get("version"), str) \
            and isinstance(data.get("skills", data.get("attributes")), list):
        raise InvalidRequest("data", f"is an Optolith character in the newer character schema (version "
                             f"{data['version'][:20]}), which this app cannot read yet: its skills are "
                             "named by ids no public table lists; export the hero from Optolith 1.x",
                             code="type")
    missing = [k for k in ("clientVersion", "attr", "talents") if k not in data]
    if missing:
        raise InvalidRequest("data", f"is not an Optolith hero file: it has no {', '.join(missing)}; "
                             "export the hero from Optolith as a JSON file", code="type")
    _version(data["clientVersion"])
    return data


def _version(text):
    found = re.match(r"(\d{1,9})\.(\d{1,9})\.(\d{1,9})", text) if isinstance(text, str) else None
    if found is None:
        raise InvalidRequest("data.clientVersion", f"must be Optolith's version number, such as "
                             f"\"1.5.2\", not {_shown(text)}", code="type")
    version = tuple(int(n) for n in found.groups())
    if version < OLDEST or version[0] > NEWEST_MAJOR:
        raise InvalidRequest("data.clientVersion", f"is Optolith {'.'.join(map(str, version))}: this app "
                             "reads heroes of Optolith 0.49.5 to 1.x")
    return version


# -- the parts ------------------------------------------------------------------
def _name(hero, report):
    name = hero.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InvalidRequest("data.name", f"must be the hero's name, not {_shown(name)}", code="type")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        _add(report, "Name", "imported", f"shortened to its first {MAX_NAME} characters")
        return name[:MAX_NAME].rstrip()
    _add(report, "Name", "imported", name)
    return name


def _attribute_entry(entry, i):
    """(id, value) of one attr.values entry: {id, value} (Optolith 1.1.0 on)
    or [id, value, adjustment] (before)."""
    field = f"data.attr.values[{i}]"
    if isinstance(entry, dict):
        return entry.get("id"), entry.get("value"), f"{field}.id", f"{field}.value"
    if isinstance(entry, list) and len(entry) in (2, 3):
        return entry[0], entry[1], f"{field}[0]", f"{field}[1]"
    raise InvalidRequest(field, f"must be an attribute ({{id, value}}), not {_shown(entry)}", code="type")


def _attributes(hero, report):
    attr = _part(hero, "attr", dict, None, "an object with the attribute values")
    values = attr.get("values")
    if not isinstance(values, list) or len(values) > len(ATTRIBUTE_IDS):
        raise InvalidRequest("data.attr.values", "must be a list of the eight attributes, not "
                             f"{_shown(values)}" + (f" of {len(values)}" if isinstance(values, list) else ""),
                             code="type")
    out = {}
    for i, entry in enumerate(values):
        attr_id, value, id_field, value_field = _attribute_entry(entry, i)
        abbr = ATTRIBUTE_IDS.get(attr_id) if isinstance(attr_id, str) else None
        if abbr is None:
            raise InvalidRequest(id_field, f"must be ATTR_1 to ATTR_8, not {_shown(attr_id)}", code="choice")
        if abbr in out:
            raise InvalidRequest(id_field, f"repeats {attr_id} ({abbr})")
        out[abbr] = _whole(value, value_field, 0, MAX_VALUE, abbr)
    lacking = [f"{i} ({a})" for i, a in ATTRIBUTE_IDS.items() if a not in out]
    if lacking:
        raise InvalidRequest("data.attr.values", f"lacks {', '.join(lacking)}", code="required")
    _add(report, "Attributes", "imported", ", ".join(f"{a} {v}" for a, v in out.items()))
    return out


def _skills(hero, aptitude, report):
    talents = _part(hero, "talents", dict, None, "an object of {skill id: rating}")
    ratings, others = {}, []
    for key, rating in talents.items():
        if isinstance(key, str) and key in BY_ID:
            ratings[key] = _whole(rating, f"data.talents.{key}", 0, MAX_VALUE, f"{BY_ID[key].name}'s rating")
        else:
            others.append(key)
    rows = [{"name": s.name, "a1": s.attributes[0], "a2": s.attributes[1], "a3": s.attributes[2],
             "rating": ratings.get(s.id, 0), "aptitude": s.id in aptitude} for s in SKILLS]
    _add(report, "Skills", "imported", f"{len(ratings)} with the file's ratings, the other "
         f"{len(SKILLS) - len(ratings)} of the {len(SKILLS)} core skills at 0 (Optolith leaves out "
         "skills at 0); each with its three attributes")
    if others:
        _add(report, f"Skills {_listed(others)}", "skipped", "not in the core list")
    return rows


def _instances(activatable, key):
    """The instances of one advantage: a list of objects, or InvalidRequest."""
    items = activatable.get(key, [])
    if not isinstance(items, list):
        raise InvalidRequest(f"data.activatable.{key}", f"must be a list of entries, not {_shown(items)}",
                             code="type")
    if len(items) > MAX_INSTANCES:
        raise InvalidRequest(f"data.activatable.{key}", f"has {len(items)} entries; at most {MAX_INSTANCES}")
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise InvalidRequest(f"data.activatable.{key}[{i}]", f"must be an object, not {_shown(item)}",
                                 code="type")
    return items


def _aptitude(activatable):
    """(the core skills the hero has Aptitude in, the other ids it has
    Aptitude in): ADV_4, one entry {sid} each."""
    found, other = [], []
    for i, item in enumerate(_instances(activatable, APTITUDE)):
        sid = item.get("sid")
        if not isinstance(sid, str):
            raise InvalidRequest(f"data.activatable.{APTITUDE}[{i}].sid", "must name the skill, spell or "
                                 f"chant (\"TAL_3\"), not {_shown(sid)}", code="type")
        (found if sid in BY_ID else other).append(sid)
    return set(found), other


def _report_aptitude(found, other, report):
    if found:
        _add(report, "Aptitude", "imported", ", ".join(s.name for s in SKILLS if s.id in found))
    if other:
        magic = all(s.startswith(("SPELL_", "LITURGY_")) for s in other)
        _add(report, f"Aptitude in {_listed(other)}", "skipped",
             "no checks in this app for spells and chants" if magic else "not in the core list")


def _tiers(activatable, key):
    total = 0
    for i, item in enumerate(_instances(activatable, key)):
        total += _whole(item.get("tier"), f"data.activatable.{key}[{i}].tier", 1, MAX_TIER, "the level")
    return total


def _fate_points(activatable, sheet, report):
    """3, plus one per level of Luck, minus one per level of Bad Luck."""
    luck, bad_luck = _tiers(activatable, LUCK), _tiers(activatable, BAD_LUCK)
    limit = next(n for n in sheet.numbers if n.key == "FtP")
    points = min(max(BASE_FATE_POINTS + luck - bad_luck, limit.min), limit.max)
    why = f"{BASE_FATE_POINTS}" + (f" + {luck} (Luck)" if luck else "") + \
          (f" − {bad_luck} (Bad Luck)" if bad_luck else "") + f" = {points}"
    _add(report, "Fate points", "imported", why)
    return points


def _rated(hero, key, what, why, report):
    """A part of {id: rating} or [id] the app has no checks for: named, skipped."""
    if key not in hero:
        return
    value = hero[key]
    if not isinstance(value, (dict, list)):
        _add(report, what, "refused", f"not understood: expected a list or an object, found {_shown(value)}")
    elif value:
        _add(report, f"{what}: {_listed(list(value))}", "skipped", why)


def _left_out(hero, activatable, sheet, report):
    combat = "/".join(str(n.default) for n in sheet.numbers if n.key in COMBAT_VALUES)
    _rated(hero, "ct", "Combat techniques", "no checks in this app per combat technique: the sheet "
           f"keeps one attack, parry, dodge and ranged value ({combat} until you enter those of the "
           "weapon in hand)", report)
    for key, what in (("spells", "Spells"), ("liturgies", "Liturgical chants")):
        _rated(hero, key, what, "no checks in this app: its list has the 59 core skills only (a spell "
               "or chant can be added as a skill with its three attributes)", report)
    for key, what in (("cantrips", "Cantrips"), ("blessings", "Blessings")):
        _rated(hero, key, what, "they take no check", report)
    others = [k for k, v in activatable.items() if k not in (APTITUDE, LUCK, BAD_LUCK) and v]
    if others:
        _add(report, f"Other advantages, disadvantages and special abilities ({len(others)})", "skipped",
             "no checks in this app")
    kept = sorted({OTHER_PARTS[k] for k in hero if k in OTHER_PARTS})
    if kept:
        _add(report, ", ".join(kept).capitalize(), "skipped", "not used by checks")
    unknown = [k for k in hero if k not in OTHER_PARTS and k not in READ]
    if unknown:
        _add(report, f"Parts {_listed(unknown)}", "refused", "not part of the Optolith hero format "
             "this app knows")
