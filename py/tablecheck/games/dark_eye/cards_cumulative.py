"""The cards and odds views of the cumulative checks: cumulative, group
(cumulative) and several skills."""

from ...display.common import chart, fig, headline, line, outcome_rows
from ...display.model import Card, Group, OddsView
from ...display.words import and_list, cap, pct_text, plural, signed
from .cards import (SHORT, SKILL_TONES, _attribute_names, _check_extras, _eav_list, _eav_text, _heroes,
                    _kind, _member_name, _modded, _one_label, _parts_modded, _skill_dice, _spans,
                    _titled, _verdict, throw_steps, with_skill_names)


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


# -- the sentences of a result (Check.words) ----------------------------------------
def _padded(values, count):
    """Each check's own modifier (`modifiers`, later checks 0)."""
    mods = list(values.get("modifiers") or [])
    return mods + [0] * (count - len(mods))


def _extras(mod, penalty):
    """' (modifier for this check +2, penalty -1)' or ''."""
    extra = ", ".join(([f"modifier for this check {signed(mod)}"] if mod else [])
                      + ([f"penalty -{penalty}"] if penalty else []))
    return f" ({extra})" if extra else ""


def _gain_step(head, e, last, after):
    """What one check of a run gains: doubled QL, QL, nothing (and the
    penalty `after` it on the next check); None for a botch (the round
    says it)."""
    kind, penalty = _kind(e["outcome"]), e["penalty"]
    if kind == "critical":
        cleared = f"; penalty -{penalty} cleared" if penalty else ""
        return f"{head}: critical: QL {e['quality_level']} doubled to {e['gained']}{cleared}."
    if kind == "success":
        return f"{head}: QL {e['gained']} gained."
    if kind == "failure":
        nxt = "" if last else f"; penalty for the next check now -{after}"
        return f"{head}: no QL{nxt}."
    return None


def _run_words(values, result, members, rounds, single, mods, read):
    """The summary and steps of a cumulative or group check's record."""
    target, partial = values["target"], values["partial"]
    outcome, made = result["outcome"], result["rounds"]
    heroes = [{"eavs": [a + v["modifier"] for a in v["attributes"]], "v": v,
               "who": "" if single else (v.get("name") or f"hero {i + 1}")}
              for i, v in enumerate(members)]
    unit = "check" if single else "round"
    what = "cumulative check" if single else "group check"
    penalty = [0] * len(heroes)
    total = 0
    steps = []
    botchers = []
    for rnd in range(1, made + 1):
        last = rnd == rounds
        entries = [e for e in result["checks"] if e["round"] == rnd]
        botchers = []
        for e in entries:
            i = e.get("member", 0)
            h, v = heroes[i], heroes[i]["v"]
            head = f"Check {rnd}" if single else f"Round {rnd}, {h['who']}"
            mod = mods[rnd - 1]
            steps.append(f"{head}{_extras(mod, e['penalty'])}: "
                         + _eav_text(v["attributes"], [v["modifier"], mod, -e["penalty"]], v["names"])
                         + f" SR {v['rating']}.")
            steps += [f"{head}: {s}" for s in throw_steps(e, v["names"], read)]
            penalty[i] = read.next_penalty(_kind(e["outcome"]), e["penalty"])
            if _kind(e["outcome"]) == "botch":
                botchers.append(h["who"])
            else:
                steps.append(_gain_step(head, e, last, penalty[i]))
        gains = [e["gained"] for e in entries]
        if botchers:
            lost = f"all {total} QL collected are lost" if total else "all QL are lost"
            if single:
                steps.append(f"Check {rnd}: the botch ends the {what}; {lost}.")
            else:
                verb = "botches" if len(botchers) == 1 else "botch"
                steps.append(f"Round {rnd}, {and_list(botchers)} {verb}: the {what} fails and {lost}.")
            total = 0
            break
        total += sum(gains)
        if single:
            steps.append(f"Check {rnd}: total {total} of {target} QL.")
        else:
            shown = " + ".join(str(g) for g in gains)
            steps.append(f"Round {rnd}: QL {shown} = {sum(gains)}; total {total} of {target}."
                         if len(gains) > 1 else f"Round {rnd}: total {total} of {target} QL.")
        if total >= target:
            steps.append(f"{total} QL reach the {target} needed: success.")
    stopped = outcome in ("partial_success", "failure") and made < rounds
    if stopped:
        rnd = made + 1
        if single:
            extra = mods[rnd - 1] - penalty[0]
            low = ", ".join(f"{n}: {e + extra}" for n, e in zip(_attribute_names(members[0]["names"]),
                                                                heroes[0]["eavs"]) if e + extra < 1)
            why = (f"with the penalty -{penalty[0]} an EAV is below 1 ({low})" if penalty[0]
                   else f"an EAV is below 1 ({low})")
            if any(mods[rnd - 1:]):
                why += " and no later check's modifier lifts it to 1"
        else:
            why = "every hero has an EAV below 1"
        steps.append(f"{cap(why)}: no further check can succeed; stopping with "
                     f"{plural(rounds - rnd + 1, unit)} unused.")
    if outcome in ("partial_success", "failure"):
        words = (f"a partial success ({partial} needed)" if outcome == "partial_success"
                 else "failure")
        head = (f"{total} of {target} QL collected" if stopped
                else f"All {plural(rounds, unit)} made with {total} of {target} QL collected")
        steps.append(f"{head}: {words}.")
    if outcome != "botch":
        botch = ""
    elif single:
        botch = f"Botch on check {made}: the cumulative check fails and all QL are lost."
    else:
        botch = (f"Botch in round {made} ({and_list(botchers)}): the group check fails "
                 "and all QL are lost.")
    summary = {
        "success": f"Success: {total} QL collected in {plural(made, unit)} ({target} needed).",
        "partial_success": f"Partial success: {total} of {target} QL collected "
                           f"({partial} needed for a partial success).",
        "failure": f"Failure: {total} of {target} QL collected.",
        "botch": botch,
    }[outcome]
    return {"summary": summary, "steps": steps}


def cumulative_words(values, result, read):
    """Check.words of a cumulative check (`read`: cards.RulesRead)."""
    count = values["max_checks"]
    return _run_words(values, result, [values], count, True, _padded(values, count), read)


def group_words(values, result, read):
    """Check.words of a group (cumulative) check."""
    count = values["max_rounds"]
    return _run_words(values, result, values["members"], count, False, [0] * count, read)


def _standing(names, targets, quality):
    """'Woodworking 4 of 6, Metalworking 0 of 4'."""
    return ", ".join(f"{n} {q} of {t}" for n, t, q in zip(names, targets, quality))


def _how_chosen(names, order, e, missing):
    """Why check n used its skill (the order, or the most QL missing)."""
    n, i = e["number"], e["skill"]
    if e["chosen_by"] == "order":
        return "the order names it"
    if n <= len(order):
        return (f"the order names {names[order[n - 1] - 1]}, which has its QL; "
                f"instead the skill with the most QL still missing ({missing[i]})")
    return f"the skill with the most QL still missing ({missing[i]})"


def cumulative_skills_words(values, result, read):
    """Check.words of a cumulative check with several skills."""
    skills, count, partial = values["skills"], values["max_checks"], values["partial"]
    mods, order = _padded(values, count), values.get("order") or []
    names = [v.get("skill") or f"skill {i + 1}" for i, v in enumerate(skills)]
    targets = [v["target"] for v in skills]
    needed = sum(targets)
    outcome, made = result["outcome"], result["rounds"]
    quality, counted, penalty = [0] * len(skills), 0, 0
    steps = []
    for e in result["checks"]:
        n, i = e["number"], e["skill"]
        v, head = skills[i], f"Check {n}"
        missing = [max(0, t - q) for t, q in zip(targets, quality)]
        how = _how_chosen(names, order, e, missing)
        steps.append(f"{head}: {names[i]}, {how}." if len(skills) > 1 else f"{head}: {names[i]}.")
        mod = mods[n - 1]
        steps.append(f"{head}{_extras(mod, penalty)}: "
                     + _eav_text(v["attributes"], [v["modifier"], mod, -penalty], v["names"])
                     + f" SR {v['rating']}.")
        steps += [f"{head}: {x}" for x in throw_steps(e, v["names"], read)]
        if _kind(e["outcome"]) == "botch":
            lost = f"all {counted} QL collected are lost" if counted else "all QL are lost"
            steps.append(f"{head}: the botch ends the cumulative check; {lost}.")
            break
        penalty, quality, counted = read.next_penalty(_kind(e["outcome"]), penalty), e["quality"], e["total"]
        steps.append(_gain_step(head, e, n == count, penalty))
        steps.append(f"{head}: {_standing(names, targets, quality)}.")
        if outcome == "success" and n == made:
            steps.append(f"Every skill has reached its QL: success in {plural(n, 'check')}.")
    total = result["total_quality"]
    stopped = outcome in ("partial_success", "failure") and made < count
    if stopped:
        n = made + 1
        why = (f"with the penalty -{penalty} every skill still missing QL has an EAV below 1"
               if penalty else "every skill still missing QL has an EAV below 1")
        if any(mods[n - 1:]):
            why += " and no later check's modifier lifts it to 1"
        steps.append(f"{cap(why)}: no further check can succeed; stopping with "
                     f"{plural(count - n + 1, 'check')} unused.")
    standing = _standing(names, targets, [s["quality"] for s in result["skills"]])
    if outcome in ("partial_success", "failure"):
        words = (f"a partial success ({partial} needed)" if outcome == "partial_success"
                 else "failure")
        head = (f"{total} of {needed} QL collected" if stopped
                else f"All {plural(count, 'check')} made with {total} of {needed} QL collected")
        steps.append(f"{head} ({standing}): {words}.")
    summary = {
        "success": f"Success: every skill reached its QL in {plural(made, 'check')} "
                   f"({standing}).",
        "partial_success": f"Partial success: {total} of {needed} QL collected ({standing}; "
                           f"{partial} needed for a partial success).",
        "failure": f"Failure: {total} of {needed} QL collected ({standing}).",
        "botch": f"Botch on check {made}: the cumulative check fails and all QL are lost.",
    }[outcome]
    return {"summary": summary, "steps": steps}
