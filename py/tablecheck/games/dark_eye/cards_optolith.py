"""The words of an Optolith import's report (optolith.import_hero): each
line of the report, a record of the rules, as {what, status, why}."""

SHOWN = 10  # ids a report line names before "and N more"
# the parts of a hero file that are not for checks, in words (left out in one line)
OTHER_PARTS = {
    "dateCreated": "dates", "dateModified": "dates",
    "locale": "language", "avatar": "portrait", "player": "player", "ap": "adventure points",
    "el": "experience level", "r": "species", "rv": "species", "c": "culture",
    "isCulturalPackageActive": "culture", "p": "profession", "pv": "profession",
    "professionName": "profession", "sex": "sex", "phase": "creation phase", "rules": "rules",
    "pers": "personal data", "belongings": "belongings", "pets": "pets", "pact": "pact",
}
# the parts of a hero file with ratings the app has no checks for: (what, why)
RATED = {
    "ct": ("Combat techniques", "no checks in this app per combat technique: the sheet keeps one "
                                "attack, parry, dodge and ranged value ({combat} until you enter those "
                                "of the weapon in hand)"),
    "spells": ("Spells", "no checks in this app: its list has the 59 core skills only (a spell or "
                         "chant can be added as a skill with its three attributes)"),
    "liturgies": ("Liturgical chants", "no checks in this app: its list has the 59 core skills only "
                                       "(a spell or chant can be added as a skill with its three "
                                       "attributes)"),
    "cantrips": ("Cantrips", "they take no check"),
    "blessings": ("Blessings", "they take no check"),
}


def _shown(value):
    """What a value is, for a report line (never the repr of a huge number)."""
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


def _listed(ids):
    """Ids for a report line: at most SHOWN, each at most 40 characters
    (anything not text is described, never written out)."""
    ids = [i[:40] if isinstance(i, str) else _shown(i) for i in ids]
    more = len(ids) - SHOWN
    return ", ".join(ids[:SHOWN]) + (f" and {more} more" if more > 0 else "")


def _line(e):
    """(what, why) of one report record."""
    part = e["part"]
    if part == "name":
        return "Name", (f"shortened to its first {e['shortened']} characters" if e.get("shortened")
                        else e["name"])
    if part == "attributes":
        return "Attributes", ", ".join(f"{a} {v}" for a, v in e["values"].items())
    if part == "skills":
        return "Skills", (f"{e['rated']} with the file's ratings, the other {e['core'] - e['rated']} "
                          f"of the {e['core']} core skills at 0 (Optolith leaves out skills at 0); "
                          "each with its three attributes")
    if part == "other_skills":
        return f"Skills {_listed(e['ids'])}", "not in the core list"
    if part == "aptitude":
        return "Aptitude", ", ".join(e["skills"])
    if part == "other_aptitude":
        return (f"Aptitude in {_listed(e['ids'])}",
                "no checks in this app for spells and chants" if e["magic"] else "not in the core list")
    if part == "fate_points":
        return "Fate points", (f"{e['base']}" + (f" + {e['luck']} (Luck)" if e["luck"] else "")
                               + (f" − {e['bad_luck']} (Bad Luck)" if e["bad_luck"] else "")
                               + f" = {e['points']}")
    if part in RATED:
        what, why = RATED[part]
        if e["status"] == "refused":
            return what, f"not understood: expected a list or an object, found {_shown(e['value'])}"
        return f"{what}: {_listed(e['ids'])}", why.format(combat=e.get("combat"))
    if part == "other_activatable":
        return (f"Other advantages, disadvantages and special abilities ({e['count']})",
                "no checks in this app")
    if part == "other_parts":
        return ", ".join(sorted({OTHER_PARTS[k] for k in e["keys"]})).capitalize(), "not used by checks"
    return f"Parts {_listed(e['ids'])}", "not part of the Optolith hero format this app knows"


def report(entries):
    """The report as the API gives it: [{what, status, why}]."""
    out = []
    for e in entries:
        what, why = _line(e)
        out.append({"what": what, "status": e["status"], "why": why})
    return out
