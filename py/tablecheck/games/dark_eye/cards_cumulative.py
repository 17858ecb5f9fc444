"""The cards and odds views of the cumulative checks: cumulative, group
(cumulative) and several skills."""

from ...display.common import chart, fig, headline, line, outcome_rows
from ...display.model import Card, Group, OddsView
from ...display.words import and_list, cap, pct_text, plural, signed
from .cards import (SKILL_TONES, _attribute_names, _check_extras, _eav_list, _eav_text, _heroes,
                    _kind, _member_name, _modded, _one_label, _parts_modded, _skill_dice, _spans,
                    _titled, _verdict, throw_steps, with_skill_names)
from .cards_words import EN, skill_name, words


def _check_summary(e, single, last_of_round, w=EN):
    """'success, QL 2, total 5 QL'; a critical 'QL 2 doubled to 4'."""
    if _kind(e["outcome"]) == "critical":
        text = w["u_doubled"].format(words=w["short"][e["outcome"]], ql=e["quality_level"], gained=e["gained"])
    elif _kind(e["outcome"]) == "botch":
        return w["u_all_lost"].format(words=w["short"][e["outcome"]])
    else:
        text = _verdict(e, w)
    if single:
        return w["u_total"].format(text=text, total=e["total"])
    if last_of_round:
        return w["u_round_ends"].format(text=text, round=e["round"], total=e["total"])
    return text


def _check_groups(ctx, values, result, single):
    """One group per check (cumulative) or per hero per round (group)."""
    w = words(ctx.locale)
    checks = result["checks"]
    groups, parts = [], []
    members = [values] if single else values["members"]
    for n, (e, indices) in enumerate(zip(checks, _spans(checks))):
        last = n + 1 == len(checks) or checks[n + 1]["round"] != e["round"]
        penalty = _check_extras(e, w)
        if single:
            title = w["u_check_title"].format(n=e["number"], extras=penalty)
        else:
            i = e["member"]
            who = _member_name(ctx, f"members[{i}]", members[i], i)
            title = w["u_round_title"].format(n=e["round"], who=who, extras=penalty)
        member = members[0] if single else members[e["member"]]
        groups.append(Group(title, cap(_check_summary(e, single, last, w)), indices,
                            SKILL_TONES[e["outcome"]]))
        parts.append((indices, member.get("names")))
    return groups, parts


def _cumulative_card(ctx, values, result, single, limit):
    w = words(ctx.locale)
    outcome, total, made = result["outcome"], result["total_quality"], result["rounds"]
    unit = "check" if single else "round"
    subject = ctx.name("") if single else (ctx.name("") or _heroes(ctx, "members", values["members"]))
    what = ctx.label("")
    if not single and not what:
        what = _one_label(ctx, [f"members[{i}]" for i in range(len(values["members"]))])
    groups, parts = _check_groups(ctx, values, result, single)
    key = None if outcome == "botch" else fig(w["u_total_ql"], total, "total_quality")
    needed = str(values["target"])
    if values["partial"] is not None:
        needed += w["u_partial_needed"].format(partial=values["partial"])
    facts = [fig(w["f_target"], needed, "target"),
             fig(w[f"u_{unit}s_made"], w["u_of"].format(n=made, of=limit), "rounds")]
    notes = []
    if outcome in ("partial_success", "failure") and made < limit:
        who = w["u_an_eav_below"] if single else w["u_every_hero_below"]
        when = w["u_stopped_after"].format(unit=w[f"u_{unit}"][0], n=made) if made else w["u_no_dice"]
        notes.append(w["u_note_stopped"].format(when=when, who=who))
    if any(_kind(e["outcome"]) == "critical" for e in result["checks"]):
        notes.append(w["u_note_critical"])
    if any(e["outcome"] == "failure" for e in result["checks"]):
        notes.append(w["u_note_failed_hero"] if not single else w["u_note_failed"])
    if outcome == "botch":
        key_text = w["u_key_lost"].format(unit=w[f"u_{unit}"][0], n=made)
    else:
        key_text = w["u_key_total"].format(total=total)
    if single:
        modded, mod_facts = _modded(what or ctx.check_label, values, w)
    else:
        modded, mod_facts = _parts_modded(what or ctx.check_label, [
            (_member_name(ctx, f"members[{i}]", m, i), m) for i, m in enumerate(values["members"])], w)
    return _run_card(ctx, what, subject, outcome, key, key_text, facts + mod_facts + _per_check(values, w),
                     groups, notes, _skill_dice(result.get("rolls", []), parts, w), modded)


def _run_card(ctx, what, subject, outcome, key, key_text, facts, groups, notes, dice, modded):
    """The card of a run of skill checks (cumulative, group, several skills);
    `modded`: what was rolled with its modifiers, for the line."""
    return Card(title=ctx.title_for(what), subject=subject, headline=headline(ctx, outcome), key=key,
                facts=facts, groups=groups, notes=notes, dice=dice,
                line=line(subject, modded, words(ctx.locale)["short"][outcome], key_text))


def _per_check(values, w=EN):
    """The modifier of each check, as a fact, when any is set."""
    if not any(values.get("modifiers") or []):
        return []
    return [fig(w["f_modifiers"], _modifier_list(values), "modifiers")]


def cumulative_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    return _cumulative_card(ctx, values, result, True, values["max_checks"])


def group_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    return _cumulative_card(ctx, values, result, False, values["max_rounds"])


def _cumulative_odds(ctx, values, odds, needed_key, unit):
    w = words(ctx.locale)
    lang = w["lang"]
    p = odds["outcomes"]
    figures = [fig(w["chance_of_success"], pct_text(p["success"], lang), "outcomes.success")]
    if values.get("partial") is not None:
        figures.append(fig(w["u_chance_partial"],
                           pct_text(p["success"] + p["partial_success"], lang), "success_or_partial"))
    if "eav" in odds:
        figures.append(fig(w["a_eav"], _eav_list(odds["eav"], values.get("names"), w), "eav"))
    if _modifier_list(values):
        figures.append(fig(w["f_modifiers"], _modifier_list(values), "modifiers"))
    what = ctx.label("")
    if not what and "members" in values:
        what = _one_label(ctx, [f"members[{i}]" for i in range(len(values["members"]))])
    return _titled(OddsView(
        title=w["odds_title"],
        outcomes=outcome_rows(ctx, odds),
        figures=figures,
        charts=[chart(w[f"u_{unit}s_needed"], odds[needed_key], needed_key),
                chart(w[f"u_{unit}s_collected"], odds["quality_if_short"], "quality_if_short")],
        notes=[w[f"u_{unit}s_needed_note"], w[f"u_{unit}s_collected_note"]],
    ), what, w)


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
    w = words(ctx.locale)
    skill = values["skills"][i].get("skill")
    return skill_name(skill, w) if skill else (ctx.label(f"skills[{i}]") or w["u_skill_n"].format(n=i + 1))


def _multi_named(ctx, values):
    """Every skill's name, or None when one of them has none."""
    w = words(ctx.locale)
    names = [skill_name(values["skills"][i]["skill"], w) if values["skills"][i].get("skill")
             else ctx.label(f"skills[{i}]") for i in range(len(values["skills"]))]
    return names if all(names) else None


def _multi_summary(e, name, target, w=EN):
    """'Success, QL 2, Metalworking 4 of 6'."""
    if _kind(e["outcome"]) == "botch":
        return w["u_all_lost"].format(words=cap(w["short"][e["outcome"]]))
    if _kind(e["outcome"]) == "critical":
        text = w["u_doubled"].format(words=w["short"][e["outcome"]], ql=e["quality_level"], gained=e["gained"])
    else:
        text = _verdict(e, w)
    return cap(w["u_skill_standing"].format(text=text, name=name, q=e["quality"][e["skill"]], of=target))


def cumulative_skills_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    w = words(ctx.locale)
    outcome, total, made = result["outcome"], result["total_quality"], result["rounds"]
    skills = values["skills"]
    names = [_multi_skill_name(ctx, values, i) for i in range(len(skills))]
    named = _multi_named(ctx, values)
    what = ctx.label("") or (and_list(named, w["and"]) if named else None)
    heroes = [ctx.name(f"skills[{i}]") for i in range(len(skills))]
    subject = ctx.name("") or (and_list(sorted(set(heroes) - {None}), w["and"]) if any(heroes) else None)
    groups, parts = [], []
    for e, indices in zip(result["checks"], _spans(result["checks"])):
        i = e["skill"]
        groups.append(Group(w["u_multi_title"].format(n=e["number"], name=names[i], extras=_check_extras(e, w)),
                            _multi_summary(e, names[i], skills[i]["target"], w), indices,
                            SKILL_TONES[e["outcome"]]))
        parts.append((indices, skills[i].get("names")))
    key = None if outcome == "botch" else fig(w["u_total_ql"], total, "total_quality")
    facts = []
    for i, s in enumerate(result["skills"]):
        shown = w["u_of"].format(n=s["quality"], of=s["target"]) + (w["u_reached"] if s["reached"] else "")
        facts.append(fig(names[i], w["u_all_lost_short"] if outcome == "botch" else shown,
                         f"skills[{i}].quality"))
    needed = str(sum(s["target"] for s in skills))
    if values["partial"] is not None:
        needed += w["u_partial_needed"].format(partial=values["partial"])
    facts += [fig(w["f_target"], needed, "target"),
              fig(w["u_checks_made"], w["u_of"].format(n=made, of=values["max_checks"]), "rounds")]
    notes = []
    if outcome in ("partial_success", "failure") and made < values["max_checks"]:
        when = w["u_stopped_after"].format(unit=w["u_check"][0], n=made) if made else w["u_no_dice"]
        notes.append(w["u_note_skills_stopped"].format(when=when))
    order = values.get("order") or []
    if len(skills) > 1:
        notes.append(w["u_note_order"] if order else w["u_note_most_missing"])
    if any(_kind(e["outcome"]) == "critical" for e in result["checks"]):
        notes.append(w["u_note_critical"])
    if any(e["outcome"] == "failure" for e in result["checks"]):
        notes.append(w["u_note_failed_skills"])
    if outcome != "botch" and any(s["quality"] > s["target"] for s in result["skills"]):
        notes.append(w["u_note_above_target"])
    key_text = (w["u_key_lost"].format(unit=w["u_check"][0], n=made) if outcome == "botch"
                else w["u_key_total"].format(total=total))
    modded, mod_facts = _parts_modded(what or ctx.check_label, list(zip(names, skills)), w)
    return _run_card(ctx, what, subject, outcome, key, key_text, facts + mod_facts + _per_check(values, w),
                     groups, notes, _skill_dice(result.get("rolls", []), parts, w), modded)


def _modifier_list(values):
    """'+1, 0, -2' for a `modifiers` list, or None."""
    mods = values.get("modifiers")
    return ", ".join(signed(m) if m else "0" for m in mods) if mods else None


def cumulative_skills_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    w = words(ctx.locale)
    lang = w["lang"]
    p = odds["outcomes"]
    figures = [fig(w["chance_of_success"], pct_text(p["success"], lang), "outcomes.success")]
    if values.get("partial") is not None:
        figures.append(fig(w["u_chance_partial"],
                           pct_text(p["success"] + p["partial_success"], lang), "success_or_partial"))
    for i, s in enumerate(values["skills"]):
        figures.append(fig(w["u_skill_eav"].format(name=_multi_skill_name(ctx, values, i)),
                           w["u_skill_eav_needed"].format(eavs=_eav_list(odds['eav'][i], s.get('names'), w),
                                                          target=s['target']),
                           f"eav[{i}]"))
    if _modifier_list(values):
        figures.append(fig(w["f_modifiers"], _modifier_list(values), "modifiers"))
    notes = [w["u_skills_needed_note"], w["u_skills_collected_note"]]
    if len(values["skills"]) > 1:
        notes.append(w["u_odds_order"] if values.get("order") else w["u_odds_most_missing"])
    return OddsView(
        title=w["odds_title"],
        outcomes=outcome_rows(ctx, odds),
        figures=figures,
        charts=[chart(w["u_checks_needed"], odds["checks_needed"], "checks_needed"),
                chart(w["u_checks_collected"], odds["quality_if_short"], "quality_if_short")],
        notes=notes,
    )


# -- the sentences of a result (Check.words) ----------------------------------------
def _padded(values, count):
    """Each check's own modifier (`modifiers`, later checks 0)."""
    mods = list(values.get("modifiers") or [])
    return mods + [0] * (count - len(mods))


def _extras(mod, penalty, w):
    """' (modifier for this check +2, penalty -1)' or ''."""
    extra = ", ".join(([w["r_mod_this"].format(mod=signed(mod))] if mod else [])
                      + ([w["r_penalty"].format(penalty=penalty)] if penalty else []))
    return f" ({extra})" if extra else ""


def _gain_step(head, e, last, after, w):
    """What one check of a run gains: doubled QL, QL, nothing (and the
    penalty `after` it on the next check); None for a botch (the round
    says it)."""
    kind, penalty = _kind(e["outcome"]), e["penalty"]
    if kind == "critical":
        cleared = w["r_cleared"].format(penalty=penalty) if penalty else ""
        return w["r_gain_critical"].format(head=head, ql=e["quality_level"], gained=e["gained"],
                                           cleared=cleared)
    if kind == "success":
        return w["r_gain"].format(head=head, gained=e["gained"])
    if kind == "failure":
        nxt = "" if last else w["r_next_penalty"].format(after=after)
        return w["r_no_ql"].format(head=head, next=nxt)
    return None


def _units(n, unit, w):
    """'3 checks', '1 round' in the words `w`."""
    one, many = w[f"u_{unit}"]
    return plural(n, one, many)


def _run_words(values, result, members, rounds, single, mods, read, w):
    """The summary and steps of a cumulative or group check's record."""
    target, partial = values["target"], values["partial"]
    outcome, made = result["outcome"], result["rounds"]
    heroes = [{"eavs": [a + v["modifier"] for a in v["attributes"]], "v": v,
               "who": "" if single else (v.get("name") or w["hero_n"].format(n=i + 1))}
              for i, v in enumerate(members)]
    unit = "check" if single else "round"
    what = w["r_cumulative"] if single else w["r_group"]
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
            head = w["r_check_head"].format(n=rnd) if single else w["r_round_head"].format(n=rnd, who=h["who"])
            mod = mods[rnd - 1]
            steps.append(f"{head}{_extras(mod, e['penalty'], w)}: "
                         + _eav_text(v["attributes"], [v["modifier"], mod, -e["penalty"]], v["names"], w)
                         + w["w_sr"].format(rating=v["rating"]))
            steps += [f"{head}: {s}" for s in throw_steps(e, v["names"], read, w)]
            penalty[i] = read.next_penalty(_kind(e["outcome"]), e["penalty"])
            if _kind(e["outcome"]) == "botch":
                botchers.append(h["who"])
            else:
                steps.append(_gain_step(head, e, last, penalty[i], w))
        gains = [e["gained"] for e in entries]
        if botchers:
            lost = w["r_lost_n"].format(total=total) if total else w["r_lost"]
            if single:
                steps.append(w["r_botch_ends"].format(n=rnd, what=what, lost=lost))
            else:
                verb = w["w_botches"] if len(botchers) == 1 else w["w_botch"]
                steps.append(w["r_round_botch"].format(n=rnd, who=and_list(botchers, w["and"]), verb=verb,
                                                       what=what, lost=lost))
            total = 0
            break
        total += sum(gains)
        if single:
            steps.append(w["r_check_total"].format(n=rnd, total=total, target=target))
        else:
            shown = " + ".join(str(g) for g in gains)
            steps.append(w["r_round_sum"].format(n=rnd, shown=shown, sum=sum(gains), total=total, target=target)
                         if len(gains) > 1 else w["r_round_total"].format(n=rnd, total=total, target=target))
        if total >= target:
            steps.append(w["r_reached"].format(total=total, target=target))
    stopped = outcome in ("partial_success", "failure") and made < rounds
    if stopped:
        rnd = made + 1
        if single:
            extra = mods[rnd - 1] - penalty[0]
            low = ", ".join(f"{n}: {e + extra}" for n, e in zip(_attribute_names(members[0]["names"], w),
                                                                heroes[0]["eavs"]) if e + extra < 1)
            why = (w["r_why_penalty"].format(penalty=penalty[0], low=low) if penalty[0]
                   else w["r_why"].format(low=low))
            if any(mods[rnd - 1:]):
                why += w["r_no_lift"]
        else:
            why = w["u_every_hero_below"]
        steps.append(w["r_stopping"].format(why=cap(why), unused=_units(rounds - rnd + 1, unit, w)))
    if outcome in ("partial_success", "failure"):
        said = (w["r_partial"].format(partial=partial) if outcome == "partial_success"
                else w["r_failure"])
        head = (w["r_collected"].format(total=total, target=target) if stopped
                else w["r_all_made"].format(units=_units(rounds, unit, w), total=total, target=target))
        steps.append(f"{head}: {said}.")
    if outcome != "botch":
        botch = ""
    elif single:
        botch = w["r_summary_botch"].format(n=made)
    else:
        botch = w["r_summary_group_botch"].format(n=made, who=and_list(botchers, w["and"]))
    summary = {
        "success": w["r_summary_success"].format(total=total, units=_units(made, unit, w), target=target),
        "partial_success": w["r_summary_partial"].format(total=total, target=target, partial=partial),
        "failure": w["r_summary_failure"].format(total=total, target=target),
        "botch": botch,
    }[outcome]
    return {"summary": summary, "steps": steps}


def cumulative_words(values, result, read, lang="en"):
    """Check.words of a cumulative check (`read`: cards.RulesRead)."""
    count = values["max_checks"]
    return _run_words(values, result, [values], count, True, _padded(values, count), read, words(lang))


def group_words(values, result, read, lang="en"):
    """Check.words of a group (cumulative) check."""
    count = values["max_rounds"]
    return _run_words(values, result, values["members"], count, False, [0] * count, read, words(lang))


def _standing(names, targets, quality, w):
    """'Woodworking 4 of 6, Metalworking 0 of 4'."""
    return ", ".join(f"{n} {w['u_of'].format(n=q, of=t)}" for n, t, q in zip(names, targets, quality))


def _how_chosen(names, order, e, missing, w):
    """Why check n used its skill (the order, or the most QL missing)."""
    n, i = e["number"], e["skill"]
    if e["chosen_by"] == "order":
        return w["r_order_names_it"]
    if n <= len(order):
        return w["r_order_instead"].format(name=names[order[n - 1] - 1], missing=missing[i])
    return w["r_most_missing"].format(missing=missing[i])


def cumulative_skills_words(values, result, read, lang="en"):
    """Check.words of a cumulative check with several skills."""
    w = words(lang)
    skills, count, partial = values["skills"], values["max_checks"], values["partial"]
    mods, order = _padded(values, count), values.get("order") or []
    names = [skill_name(v["skill"], w) if v.get("skill") else w["u_skill_n"].format(n=i + 1)
             for i, v in enumerate(skills)]
    targets = [v["target"] for v in skills]
    needed = sum(targets)
    outcome, made = result["outcome"], result["rounds"]
    quality, counted, penalty = [0] * len(skills), 0, 0
    steps = []
    for e in result["checks"]:
        n, i = e["number"], e["skill"]
        v, head = skills[i], w["r_check_head"].format(n=n)
        missing = [max(0, t - q) for t, q in zip(targets, quality)]
        how = _how_chosen(names, order, e, missing, w)
        steps.append(f"{head}: {names[i]}, {how}." if len(skills) > 1 else f"{head}: {names[i]}.")
        mod = mods[n - 1]
        steps.append(f"{head}{_extras(mod, penalty, w)}: "
                     + _eav_text(v["attributes"], [v["modifier"], mod, -penalty], v["names"], w)
                     + w["w_sr"].format(rating=v["rating"]))
        steps += [f"{head}: {x}" for x in throw_steps(e, v["names"], read, w)]
        if _kind(e["outcome"]) == "botch":
            lost = w["r_lost_n"].format(total=counted) if counted else w["r_lost"]
            steps.append(w["r_skills_botch_ends"].format(head=head, lost=lost))
            break
        penalty, quality, counted = read.next_penalty(_kind(e["outcome"]), penalty), e["quality"], e["total"]
        steps.append(_gain_step(head, e, n == count, penalty, w))
        steps.append(f"{head}: {_standing(names, targets, quality, w)}.")
        if outcome == "success" and n == made:
            steps.append(w["r_every_skill"].format(units=_units(n, "check", w)))
    total = result["total_quality"]
    stopped = outcome in ("partial_success", "failure") and made < count
    if stopped:
        n = made + 1
        why = (w["r_skills_why_penalty"].format(penalty=penalty) if penalty else w["r_skills_why"])
        if any(mods[n - 1:]):
            why += w["r_no_lift"]
        steps.append(w["r_stopping"].format(why=cap(why), unused=_units(count - n + 1, "check", w)))
    standing = _standing(names, targets, [s["quality"] for s in result["skills"]], w)
    if outcome in ("partial_success", "failure"):
        said = (w["r_partial"].format(partial=partial) if outcome == "partial_success"
                else w["r_failure"])
        head = (w["r_collected"].format(total=total, target=needed) if stopped
                else w["r_all_made"].format(units=_units(count, "check", w), total=total, target=needed))
        steps.append(f"{head} ({standing}): {said}.")
    summary = {
        "success": w["r_skills_summary_success"].format(units=_units(made, "check", w), standing=standing),
        "partial_success": w["r_skills_summary_partial"].format(total=total, needed=needed,
                                                                standing=standing, partial=partial),
        "failure": w["r_skills_summary_failure"].format(total=total, needed=needed, standing=standing),
        "botch": w["r_summary_botch"].format(n=made),
    }[outcome]
    return {"summary": summary, "steps": steps}
