"""The words of an Optolith import's report (optolith.import_hero): each
line of the report, a record of the rules, as {what, status, why}."""

from .cards_words import EN, skill_name

SHOWN = 10  # ids a report line names before "and N more"
# the parts of a hero file that are not for checks, in words (left out in one line)
OTHER_PARTS = EN["o_other_parts"]
# the parts of a hero file with ratings the app has no checks for: (what, why)
RATED = EN["o_rated"]


def _shown(value, w=EN):
    """What a value is, for a report line (never the repr of a huge number)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        # str() of a huge int is slow or refused (over 4300 digits): estimate
        return (str(value) if value.bit_length() < 64
                else w["o_digits"].format(n=int(value.bit_length() * 0.30103) + 1))
    if isinstance(value, float):
        return w["o_fraction"] if value == value else w["o_nan"]
    if isinstance(value, str):
        return repr(value[:40] + ("…" if len(value) > 40 else ""))
    if isinstance(value, (list, tuple)):
        return w["o_a_list"]
    if isinstance(value, dict):
        return w["o_an_object"]
    return "null" if value is None else type(value).__name__


def _listed(ids, w=EN):
    """Ids for a report line: at most SHOWN, each at most 40 characters
    (anything not text is described, never written out)."""
    ids = [i[:40] if isinstance(i, str) else _shown(i, w) for i in ids]
    more = len(ids) - SHOWN
    return ", ".join(ids[:SHOWN]) + (w["o_more"].format(n=more) if more > 0 else "")


def _line(e, w=EN):
    """(what, why) of one report record."""
    part = e["part"]
    if part == "name":
        return w["o_name"], (w["o_shortened"].format(n=e["shortened"]) if e.get("shortened")
                             else e["name"])
    if part == "attributes":
        return w["sh_attributes"], ", ".join(f"{w['abbr'].get(a, a)} {v}" for a, v in e["values"].items())
    if part == "skills":
        return w["sh_skills"], w["o_skills"].format(rated=e["rated"], other=e["core"] - e["rated"],
                                                    core=e["core"])
    if part == "other_skills":
        return w["o_other_skills"].format(ids=_listed(e["ids"], w)), w["o_not_core"]
    if part == "aptitude":
        return w["f_aptitude"], ", ".join(skill_name(n, w) for n in e["skills"])
    if part == "other_aptitude":
        return (w["o_aptitude_in"].format(ids=_listed(e["ids"], w)),
                w["o_no_magic"] if e["magic"] else w["o_not_core"])
    if part == "fate_points":
        return w["o_fate_points"], (f"{e['base']}" + (w["o_luck"].format(n=e["luck"]) if e["luck"] else "")
                                    + (w["o_bad_luck"].format(n=e["bad_luck"]) if e["bad_luck"] else "")
                                    + f" = {e['points']}")
    if part in w["o_rated"]:
        what, why = w["o_rated"][part]
        if e["status"] == "refused":
            return what, w["o_not_understood"].format(found=_shown(e["value"], w))
        return f"{what}: {_listed(e['ids'], w)}", why.format(combat=e.get("combat"))
    if part == "other_activatable":
        return w["o_other_activatable"].format(n=e["count"]), w["o_no_checks"]
    if part == "other_parts":
        return ", ".join(sorted({w["o_other_parts"][k] for k in e["keys"]})).capitalize(), w["o_not_used"]
    return w["o_parts"].format(ids=_listed(e["ids"], w)), w["o_unknown_parts"]


def report(entries, w=EN):
    """The report as the API gives it: [{what, status, why}] (in the words `w`)."""
    out = []
    for e in entries:
        what, why = _line(e, w)
        out.append({"what": what, "status": e["status"], "why": why})
    return out


def character(hero, w=EN):
    """The imported hero with its core skills named in the words `w`
    (Optolith's de-DE names for German; cards_words.skill_name)."""
    if w["lang"] == EN["lang"]:
        return hero
    tables = hero["sheet"]["tables"]
    skills = [dict(row, name=skill_name(row["name"], w)) for row in tables["skills"]]
    return dict(hero, sheet=dict(hero["sheet"], tables=dict(tables, skills=skills)))
