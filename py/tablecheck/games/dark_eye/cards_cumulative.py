"""The cards and odds views of the cumulative checks: cumulative, group
(cumulative) and several skills."""

from ...display.common import chart, fig, headline, line, outcome_rows
from ...display.model import Card, Group, OddsView
from ...display.words import and_list, cap, pct_text, signed
from .cards import (SHORT, SKILL_TONES, _check_extras, _eav_list, _heroes, _kind, _member_name, _modded,
                    _one_label, _parts_modded, _skill_dice, _spans, _titled, _verdict,
                    with_skill_names)


def _check_summary(e, single, last_of_round):
    """'success, QL 2, total 5 QL'; a critical 'QL 2 doubled to 4'."""
    if _kind(e["outcome"]) == "critical":
        text = f"{SHORT[e['outcome']]}, QL {e['quality_level']} doubled to {e['gained']}"
    elif _kind(e["outcome"]) == "botch":
        return f"{SHORT[e['outcome']]}: all QL lost"
    else:
        text = _verdict(e)
    if single:
        return f"{text}, total {e['total']} QL"
    if last_of_round:
        return f"{text}; round {e['round']} ends with {e['total']} QL"
    return text


def _check_groups(ctx, values, result, single):
    """One group per check (cumulative) or per hero per round (group)."""
    checks = result["checks"]
    groups, parts = [], []
    members = [values] if single else values["members"]
    for n, (e, indices) in enumerate(zip(checks, _spans(checks))):
        last = n + 1 == len(checks) or checks[n + 1]["round"] != e["round"]
        penalty = _check_extras(e)
        if single:
            title = f"Check {e['number']}{penalty}"
        else:
            i = e["member"]
            who = _member_name(ctx, f"members[{i}]", members[i], i)
            title = f"Round {e['round']} · {who}{penalty}"
        member = members[0] if single else members[e["member"]]
        groups.append(Group(title, cap(_check_summary(e, single, last)), indices,
                            SKILL_TONES[e["outcome"]]))
        parts.append((indices, member.get("names")))
    return groups, parts


def _cumulative_card(ctx, values, result, single, limit):
    outcome, total, made = result["outcome"], result["total_quality"], result["rounds"]
    unit = "check" if single else "round"
    subject = ctx.name("") if single else (ctx.name("") or _heroes(ctx, "members", values["members"]))
    what = ctx.label("")
    if not single and not what:
        what = _one_label(ctx, [f"members[{i}]" for i in range(len(values["members"]))])
    groups, parts = _check_groups(ctx, values, result, single)
    key = None if outcome == "botch" else fig("Total QL", total, "total_quality")
    needed = str(values["target"])
    if values["partial"] is not None:
        needed += f" (partial success: {values['partial']})"
    facts = [fig("QL needed", needed, "target"),
             fig(f"{cap(unit)}s made", f"{made} of {limit}", "rounds")]
    notes = []
    if outcome in ("partial_success", "failure") and made < limit:
        who = "an EAV is below 1" if single else "every hero has an EAV below 1"
        when = f"Stopped after {unit} {made}" if made else "No dice rolled"
        notes.append(f"{when}: {who}, so no further check can succeed.")
    if any(_kind(e["outcome"]) == "critical" for e in result["checks"]):
        notes.append("A critical success doubles its QL and clears the accumulated penalty.")
    if any(e["outcome"] == "failure" for e in result["checks"]):
        notes.append("Each failed check adds -1 to that hero's later checks." if not single
                     else "Each failed check adds -1 to the later checks.")
    if outcome == "botch":
        key_text = f"all QL lost in {unit} {made}"
    else:
        key_text = f"total QL {total}"
    if single:
        modded, mod_facts = _modded(what or ctx.check_label, values)
    else:
        modded, mod_facts = _parts_modded(what or ctx.check_label, [
            (_member_name(ctx, f"members[{i}]", m, i), m) for i, m in enumerate(values["members"])])
    return _run_card(ctx, what, subject, outcome, key, key_text, facts + mod_facts + _per_check(values),
                     groups, notes, _skill_dice(result.get("rolls", []), parts), modded)


def _run_card(ctx, what, subject, outcome, key, key_text, facts, groups, notes, dice, modded):
    """The card of a run of skill checks (cumulative, group, several skills);
    `modded`: what was rolled with its modifiers, for the line."""
    return Card(title=ctx.title_for(what), subject=subject, headline=headline(ctx, outcome), key=key,
                facts=facts, groups=groups, notes=notes, dice=dice,
                line=line(subject, modded, SHORT[outcome], key_text))


def _per_check(values):
    """The modifier of each check, as a fact, when any is set."""
    if not any(values.get("modifiers") or []):
        return []
    return [fig("Modifier per check", _modifier_list(values), "modifiers")]


def cumulative_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    return _cumulative_card(ctx, values, result, True, values["max_checks"])


def group_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    return _cumulative_card(ctx, values, result, False, values["max_rounds"])


def _cumulative_odds(ctx, values, odds, needed_key, unit):
    p = odds["outcomes"]
    figures = [fig("Chance of success", pct_text(p["success"]), "outcomes.success")]
    if values.get("partial") is not None:
        figures.append(fig("Chance of at least a partial success",
                           pct_text(p["success"] + p["partial_success"]), "success_or_partial"))
    if "eav" in odds:
        figures.append(fig("EAV", _eav_list(odds["eav"], values.get("names")), "eav"))
    if _modifier_list(values):
        figures.append(fig("Modifier per check", _modifier_list(values), "modifiers"))
    what = ctx.label("")
    if not what and "members" in values:
        what = _one_label(ctx, [f"members[{i}]" for i in range(len(values["members"]))])
    return _titled(OddsView(
        outcomes=outcome_rows(ctx, odds),
        figures=figures,
        charts=[chart(f"{cap(unit)}s needed", odds[needed_key], needed_key),
                chart(f"QL collected when the {unit}s run out", odds["quality_if_short"],
                      "quality_if_short")],
        notes=[f"{cap(unit)}s needed: the chance of reaching the target QL in each {unit}.",
               f"QL collected: the chance of ending with each QL when the {unit}s run out "
               "(no botch, target not reached)."],
    ), what)


def cumulative_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    return _cumulative_odds(ctx, values, odds, "checks_needed", "check")


def group_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    return _cumulative_odds(ctx, values, odds, "rounds_needed", "round")


# -- cumulative check with several skills -------------------------------------------------------
def _multi_skill_name(ctx, values, i):
    """A skill of the list: its `skill` name, else what filled its row
    ('Woodworking'), else 'skill 2'."""
    return values["skills"][i].get("skill") or ctx.label(f"skills[{i}]") or f"skill {i + 1}"


def _multi_named(ctx, values):
    """Every skill's name, or None when one of them has none."""
    names = [values["skills"][i].get("skill") or ctx.label(f"skills[{i}]")
             for i in range(len(values["skills"]))]
    return names if all(names) else None


def _multi_summary(e, name, target):
    """'Success, QL 2, Metalworking 4 of 6'."""
    if _kind(e["outcome"]) == "botch":
        return f"{cap(SHORT[e['outcome']])}: all QL lost"
    if _kind(e["outcome"]) == "critical":
        text = f"{SHORT[e['outcome']]}, QL {e['quality_level']} doubled to {e['gained']}"
    else:
        text = _verdict(e)
    return cap(f"{text}, {name} {e['quality'][e['skill']]} of {target}")


def cumulative_skills_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    outcome, total, made = result["outcome"], result["total_quality"], result["rounds"]
    skills = values["skills"]
    names = [_multi_skill_name(ctx, values, i) for i in range(len(skills))]
    named = _multi_named(ctx, values)
    what = ctx.label("") or (and_list(named) if named else None)
    heroes = [ctx.name(f"skills[{i}]") for i in range(len(skills))]
    subject = ctx.name("") or (and_list(sorted(set(heroes) - {None})) if any(heroes) else None)
    groups, parts = [], []
    for e, indices in zip(result["checks"], _spans(result["checks"])):
        i = e["skill"]
        groups.append(Group(f"Check {e['number']}: {names[i]}{_check_extras(e)}",
                            _multi_summary(e, names[i], skills[i]["target"]), indices,
                            SKILL_TONES[e["outcome"]]))
        parts.append((indices, skills[i].get("names")))
    key = None if outcome == "botch" else fig("Total QL", total, "total_quality")
    facts = []
    for i, s in enumerate(result["skills"]):
        shown = f"{s['quality']} of {s['target']}" + (" (reached)" if s["reached"] else "")
        facts.append(fig(names[i], "all lost" if outcome == "botch" else shown,
                         f"skills[{i}].quality"))
    needed = str(sum(s["target"] for s in skills))
    if values["partial"] is not None:
        needed += f" (partial success: {values['partial']})"
    facts += [fig("QL needed", needed, "target"),
              fig("Checks made", f"{made} of {values['max_checks']}", "rounds")]
    notes = []
    if outcome in ("partial_success", "failure") and made < values["max_checks"]:
        when = f"Stopped after check {made}" if made else "No dice rolled"
        notes.append(f"{when}: every skill still missing QL has an EAV below 1, so no further "
                     "check can succeed.")
    order = values.get("order") or []
    if len(skills) > 1:
        if not order:
            notes.append("Each check uses the skill with the most QL still missing (the first "
                         "listed on a tie).")
        else:
            notes.append("Each check uses the skill the order names; after the order, or when "
                         "that skill has its QL, the one with the most QL still missing.")
    if any(_kind(e["outcome"]) == "critical" for e in result["checks"]):
        notes.append("A critical success doubles its QL and clears the accumulated penalty.")
    if any(e["outcome"] == "failure" for e in result["checks"]):
        notes.append("Each failed check adds -1 to the later checks, whatever their skill.")
    if outcome != "botch" and any(s["quality"] > s["target"] for s in result["skills"]):
        notes.append("QL above a skill's target do not count toward the total.")
    key_text = f"all QL lost in check {made}" if outcome == "botch" else f"total QL {total}"
    modded, mod_facts = _parts_modded(what or ctx.check_label, list(zip(names, skills)))
    return _run_card(ctx, what, subject, outcome, key, key_text, facts + mod_facts + _per_check(values),
                     groups, notes, _skill_dice(result.get("rolls", []), parts), modded)


def _modifier_list(values):
    """'+1, 0, -2' for a `modifiers` list, or None."""
    mods = values.get("modifiers")
    return ", ".join(signed(m) if m else "0" for m in mods) if mods else None


def cumulative_skills_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    p = odds["outcomes"]
    figures = [fig("Chance of success", pct_text(p["success"]), "outcomes.success")]
    if values.get("partial") is not None:
        figures.append(fig("Chance of at least a partial success",
                           pct_text(p["success"] + p["partial_success"]), "success_or_partial"))
    for i, s in enumerate(values["skills"]):
        figures.append(fig(f"{_multi_skill_name(ctx, values, i)}: EAV",
                           f"{_eav_list(odds['eav'][i], s.get('names'))}; {s['target']} QL needed",
                           f"eav[{i}]"))
    if _modifier_list(values):
        figures.append(fig("Modifier per check", _modifier_list(values), "modifiers"))
    notes = ["Checks needed: the chance of every skill reaching its QL in each check.",
             "QL collected: the chance of ending with each total (each skill's QL up to its "
             "target) when the checks run out (no botch, not every target reached)."]
    if len(values["skills"]) > 1:
        notes.append("The odds follow the order given, then the skill with the most QL still "
                     "missing." if values.get("order") else
                     "The odds assume each check uses the skill with the most QL still missing "
                     "(the first listed on a tie).")
    return OddsView(
        outcomes=outcome_rows(ctx, odds),
        figures=figures,
        charts=[chart("Checks needed", odds["checks_needed"], "checks_needed"),
                chart("QL collected when the checks run out", odds["quality_if_short"],
                      "quality_if_short")],
        notes=notes,
    )
