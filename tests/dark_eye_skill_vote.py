"""The Dark Eye's core skill list by majority (issue 27): the public sources'
tables in tests/data/dark_eye_skills/ (each as the source gives it), their
attribute and group names normalised, each skill matched to Optolith's id by
its German or English name, and the majority reading of each skill's three
attributes (in order) and group. docs/dark-eye-skills.md names the sources
and every disagreement; tests/unit/games/dark_eye/test_skills.py compares the vote
with the list the package ships.

    python tests/dark_eye_skill_vote.py   # prints the vote and the disagreements
"""

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).parent / "data" / "dark_eye_skills"

# every spelling of an attribute the sources use -> the sheet's abbreviation
ATTRIBUTE_NAMES = {
    "COU": ("MU", "COU", "ATTR_1", "Mut", "Courage"),
    "SGC": ("KL", "SGC", "ATTR_2", "Klugheit", "Sagacity"),
    "INT": ("IN", "INT", "ATTR_3", "Intuition"),
    "CHA": ("CH", "CHA", "ATTR_4", "Charisma"),
    "DEX": ("FF", "DEX", "ATTR_5", "Fingerfertigkeit", "Dexterity"),
    "AGI": ("GE", "AGI", "ATTR_6", "Gewandtheit", "Agility"),
    "CON": ("KO", "CON", "ATTR_7", "Konstitution", "Constitution"),
    "STR": ("KK", "STR", "ATTR_8", "Körperkraft", "Strength"),
}
_ATTRIBUTES = {alias.casefold(): abbr for abbr, aliases in ATTRIBUTE_NAMES.items() for alias in aliases}

# every name of a skill group the sources use -> the group in English
GROUP_NAMES = {
    "Physical": (1, "Körper", "Körpertalente", "body", "Physical"),
    "Social": (2, "Gesellschaft", "Gesellschaftstalente", "social", "Social"),
    "Nature": (3, "Natur", "Naturtalente", "nature", "Nature"),
    "Knowledge": (4, "Wissen", "Wissens", "Wissenstalente", "knowledge", "Knowledge"),
    "Craft": (5, "Handwerk", "Handwerkstalente", "trade", "Craft"),
}
_GROUPS = {str(alias).casefold(): group for group, aliases in GROUP_NAMES.items() for alias in aliases}

# entries of a source that are not among the 59 core skills (so not voted on)
NOT_CORE = {"ulisses_heldendokument": ("Mythos-Magie", "Mythos-Wissen")}


@dataclass(frozen=True)
class Reading:
    """What one source says about one skill."""
    source: str
    id: str  # Optolith's id (matched by name)
    name: str  # as the source spells it
    attributes: tuple  # three sheet abbreviations, in the source's order
    group: str


def load_sources():
    """{key: the source's JSON document}, in file-name order."""
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(DATA.glob("*.json"))}


def attribute(value):
    abbr = _ATTRIBUTES.get(str(value).strip().casefold())
    if abbr is None:
        raise ValueError(f"unknown attribute name {value!r}")
    return abbr


def group(value):
    found = _GROUPS.get(str(value).strip().casefold())
    if found is None:
        raise ValueError(f"unknown skill group {value!r}")
    return found


def skill_ids(sources):
    """{name: Optolith id} for Optolith's English and German names."""
    ids = {}
    for row in sources["optolith"]["skills"]:
        ids[row["name"]] = ids[row["name_de"]] = row["id"]
    return ids


def readings(sources, key, table="skills"):
    """The source's table as Readings (entries outside the core list left out)."""
    ids = skill_ids(sources)
    out = []
    for row in sources[key][table]:
        if row["name"] in NOT_CORE.get(key, ()):
            continue
        if row["name"] not in ids:
            raise ValueError(f"{key}: no core skill is named {row['name']!r}")
        out.append(Reading(key, ids[row["name"]], row["name"],
                           tuple(attribute(a) for a in row["attributes"]), group(row["group"])))
    seen = Counter(r.id for r in out)
    twice = sorted(i for i, n in seen.items() if n > 1)
    if twice or len(seen) != len(ids) // 2:
        raise ValueError(f"{key}: {len(seen)} skills, repeated {twice}; the core list has {len(ids) // 2}")
    return out


@dataclass(frozen=True)
class Vote:
    id: str
    attributes: tuple
    group: str
    attribute_votes: dict  # {attributes: [source keys]}
    group_votes: dict


def _majority(votes, what, skill):
    counts = sorted(votes.items(), key=lambda kv: -len(kv[1]))
    total = sum(len(v) for v in votes.values())
    value, backers = counts[0]
    if 2 * len(backers) <= total:
        raise ValueError(f"{skill}: no majority for the {what}: {votes}")
    return value


def vote(sources=None):
    """The majority of the voting sources, skill by skill in Optolith's order."""
    sources = sources or load_sources()
    voting = [k for k, doc in sources.items() if doc["source"]["votes"]]
    by_skill = {}
    for key in voting:
        for r in readings(sources, key):
            by_skill.setdefault(r.id, []).append(r)
    out = []
    for row in sources["optolith"]["skills"]:
        rs = by_skill[row["id"]]
        attrs, groups = {}, {}
        for r in rs:
            attrs.setdefault(r.attributes, []).append(r.source)
            groups.setdefault(r.group, []).append(r.source)
        out.append(Vote(row["id"], _majority(attrs, "attributes", row["id"]),
                        _majority(groups, "group", row["id"]), attrs, groups))
    return out


def disagreements(sources=None):
    """[(skill id, source key, what, its reading, the chosen reading)] for
    every source (voting or not) and table whose reading differs from the
    vote."""
    sources = sources or load_sources()
    chosen = {v.id: v for v in vote(sources)}
    out = []
    for key, doc in sources.items():
        for table in [t for t in doc if t.startswith("skills")]:
            for r in readings(sources, key, table):
                v = chosen[r.id]
                if r.attributes != v.attributes:
                    out.append((r.id, f"{key}.{table}", "attributes", "/".join(r.attributes),
                                "/".join(v.attributes)))
                if r.group != v.group:
                    out.append((r.id, f"{key}.{table}", "group", r.group, v.group))
    return out


if __name__ == "__main__":
    for v in vote():
        print(v.id, "/".join(v.attributes), v.group,
              {"/".join(a): len(s) for a, s in v.attribute_votes.items()})
    for d in disagreements():
        print("disagreement:", *d)
