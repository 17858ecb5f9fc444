"""What a person sees of an [ax] result or of its odds: the shared pieces,
the flat check, the group flat check and the labels of what a character's
sheet fills (the contest: cards_contest.py; the GM's table: cards_table.py).

Reads the rules' records (never rolls, never computes a rule); the words
are the game's: attribute dice, top two kept, difficulty, skip the check.
"""

from ...display.common import (chart, die_views, fig, headline, line, modifier_text, modifiers,
                               outcome_rows, with_modifiers)
from ...display.model import Card, Group, OddsView
from ...display.words import and_list, number, pct_text, plural, signed

FLAT_TONES = {"success": "good", "failure": "bad"}


# -- shared pieces ---------------------------------------------------------------
def pool_text(dice):
    """A pool of rolled d10 (the record's rolls): '3d10: 7, 2, 9; top two
    kept: 9 + 7 = 16'."""
    if not dice:
        return "no dice"
    values = ", ".join(str(d["value"]) for d in dice)
    kept = [d["value"] for d in dice if d["kept"]]
    if len(dice) == 1:
        return f"1d10: {values}"
    if len(dice) == 2:
        return f"2d10: {values} = {sum(kept)}"
    return (f"{len(dice)}d10: {values}; top two kept: "
            f"{' + '.join(str(v) for v in sorted(kept, reverse=True))} = {sum(kept)}")


def _pool_notes(rolls):
    """'kept' under the top two of a pool where some dice are dropped (the
    'dropped' ones get their caption from the flags)."""
    pools = {}
    for r in rolls:
        pools.setdefault((r.get("member"), r.get("side"), r.get("round")), []).append(r)
    dropping = {k for k, dice in pools.items() if any(d.get("kept") is False for d in dice)}

    def notes(r):
        key = (r.get("member"), r.get("side"), r.get("round"))
        return ["kept"] if key in dropping and r.get("kept") else []
    return notes


def dice_views(rolls):
    return die_views(rolls, notes=_pool_notes(rolls))


def what(ctx, path=""):
    return ctx.label(path) or ctx.check_label


# bonuses and penalties: the flat check shows them as a fact already
MODIFIER = (("bonus", "Bonus"),)


# -- flat check -------------------------------------------------------------------
def _verdict(success):
    return "success" if success else "failure"


def flat_words(values, result):
    """The flat check's summary and steps."""
    attribute, difficulty = values["attribute"], result["difficulty"]
    total, success, skip = result["total"], result["success"], result["skip_advised"]
    steps = []
    if attribute == 0:
        steps.append("Attribute 0: no dice to roll, an automatic failure.")
    else:
        steps.append(f"Rolled {pool_text(result['rolls'])}.")
        bonus, helping = result["bonus"], result["assistance"]
        extra = []
        if bonus:
            extra.append(f"bonus {signed(bonus)}")
        if helping:
            extra.append(f"assistance +{helping} (assistant's attribute "
                         f"{values['assistant']} {'<' if helping == 1 else '>='} {attribute})")
        if extra:
            steps.append(f"{result['rolled']}, {', '.join(extra)}: total {total}.")
        steps.append(f"{total} {'>=' if success else '<'} difficulty {difficulty}: "
                     f"{_verdict(success)}.")
    if skip:
        steps.append(f"The chance of failure was {pct_text(result['failure_chance'])} "
                     "(under 1%): this check could have been skipped.")
    if attribute == 0:
        summary = f"Failure: with no dice the check fails automatically (difficulty {difficulty})."
    else:
        summary = (f"{_verdict(success).capitalize()}: total {total} against difficulty "
                   f"{difficulty}" + (" - the check could have been skipped (failure chance "
                                      f"under 1%)." if skip else "."))
    return {"summary": summary, "steps": steps}


def _flat_facts(result, values):
    facts = [fig("Difficulty", result["difficulty"], "difficulty")]
    if result.get("bonus"):
        facts.append(fig("Bonuses and penalties", signed(result["bonus"]), "bonus"))
    if result.get("assistance"):
        rel = "lower than" if result["assistance"] == 1 else "equal to or higher than"
        facts.append(fig("Assistance", f"{signed(result['assistance'])} (assistant's "
                         f"attribute {values.get('assistant')}, {rel} yours)", "assistance"))
    if result.get("total") is not None:
        facts.append(fig("Chance of failure", pct_text(result["failure_chance"]),
                         "failure_chance"))
    if result.get("skip_advised"):
        facts.append(fig("Skip the check", "yes: the chance of failure is under 1%",
                         "skip_advised"))
    return facts


def flat_card(ctx, values, result):
    subject = ctx.name("")
    total = result.get("total")
    key = fig("Total", total, "total") if total is not None else None
    notes = []
    if total is None:
        notes.append("Attribute 0: no dice to roll, an automatic failure.")
    outcome = ctx.words(result["outcome"])
    return Card(
        title=ctx.title(""),
        subject=subject,
        headline=headline(ctx, result["outcome"]),
        key=key,
        facts=_flat_facts(result, values),
        notes=notes,
        dice=dice_views(result.get("rolls", [])),
        line=line(subject, with_modifiers(what(ctx), modifier_text(modifiers(values, MODIFIER))),
                  outcome.lower(),
                  f"total {total} vs difficulty {result['difficulty']}" if key
                  else f"no dice vs difficulty {result['difficulty']}"),
    )


def flat_odds(ctx, values, odds):
    figures = [fig("Chance of success", pct_text(odds["outcomes"]["success"]), "success"),
               fig("Chance of failure", pct_text(odds["failure_chance"]), "failure_chance")]
    if odds.get("assistance"):
        figures.append(fig("Assistance", signed(odds["assistance"]), "assistance"))
    if odds.get("mean") is not None:
        figures.append(fig("Mean total", number(odds["mean"]), "mean"))
    notes = []
    if odds.get("skip_below") is None:
        notes.append("Attribute 0: no dice to roll, the check fails automatically.")
    else:
        figures.append(fig("Skip the check below difficulty", odds["skip_below"], "skip_below"))
        figures.append(fig("Skip advised", "yes" if odds["skip_advised"] else "no",
                           "skip_advised"))
        notes.append("The check can be skipped when the chance of failure is under 1%.")
    charts = [chart("Total", odds["distribution"], "distribution")] if odds["distribution"] else []
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=figures, charts=charts,
                    notes=notes)


# -- group flat check ----------------------------------------------------------------
def _member_dice(rolls, member):
    return [r for r in rolls if r.get("member") == member]


def _group_size_steps(values, result):
    members, required, difficulty = values["members"], values["required"], values["difficulty"]
    adjusted, n, aside = result["adjusted_difficulty"], result["participants"], \
        result["standing_aside"]
    steps = []
    if aside:
        who = (f"member {aside[0]} stands" if len(aside) == 1
               else f"members {and_list(aside)} stand")
        steps.append(f"{len(members)} present, but at most {values['maximum']} can take part: "
                     f"{who} aside (the lowest attributes stand aside).")
    if n < required:
        steps.append(f"{n} taking part, {required} required: {required - n} missing, "
                     f"difficulty {difficulty} + {2 * (required - n)} = {adjusted}.")
    elif n > required:
        steps.append(f"{n} taking part, {required} required: {n - required} extra, "
                     f"difficulty {difficulty} - {2 * (n - required)} = {adjusted}.")
    else:
        steps.append(f"{n} taking part, as required: difficulty {adjusted}.")
    steps.append(f"The group needs at least 2/3 of {n}: "
                 f"{plural(result['needed'], 'success', 'successes')}.")
    return steps


def group_words(values, result):
    """The group check's summary and steps, and each member's dice in words
    (`dice_text`)."""
    rolls, adjusted = result["rolls"], result["adjusted_difficulty"]
    steps = _group_size_steps(values, result)
    members = []
    for m in result["members"]:
        text = pool_text(_member_dice(rolls, m["member"]))
        members.append(dict(m, dice_text=text))
        if m["attribute"] == 0:
            steps.append(f"Member {m['member']}: attribute 0, no dice: fails.")
        else:
            steps.append(f"Member {m['member']}: {text}; {m['total']} "
                         f"{'>=' if m['success'] else '<'} {adjusted}: "
                         f"{_verdict(m['success'])}.")
    successes, n, needed = result["successes"], result["participants"], result["needed"]
    steps.append(f"{successes} of {n} succeeded; {needed} needed: "
                 f"{_verdict(result['success'])}.")
    summary = (f"{_verdict(result['success']).capitalize()}: {successes} of {n} "
               f"succeeded against difficulty {adjusted}; {needed} were needed.")
    return {"summary": summary, "steps": steps, "members": members}


def _member_name(ctx, member):
    """Member numbers are 1-based; the form's paths 0-based."""
    return ctx.name(f"members[{member - 1}]", f"Member {member}")


def _aside_note(ctx, aside, maximum):
    if not aside:
        return None
    names = and_list(_member_name(ctx, m) for m in aside)
    verb = "stands" if len(aside) == 1 else "stand"
    # rules.md: beyond the task's maximum the weakest stand aside
    return (f"At most {maximum} can take part: {names} {verb} aside "
            f"(the lowest attributes stand aside).")


def _member_group(ctx, m, adjusted, rolls):
    dice = [i for i, r in enumerate(rolls) if r.get("member") == m["member"]]
    if m["total"] is None:
        summary = "attribute 0, no dice: fails"
    else:
        sign = ">=" if m["success"] else "<"
        summary = f"{m['dice_text']}; {m['total']} {sign} {adjusted}: {_verdict(m['success'])}"
    return Group(_member_name(ctx, m["member"]), summary, dice,
                 "good" if m["success"] else "bad")


def group_card(ctx, values, result):
    subject = ctx.name("")
    rolls = result.get("rolls", [])
    adjusted = result["adjusted_difficulty"]
    key = fig("Successes", f"{result['successes']} ({result['needed']} needed)", "successes")
    shift = adjusted - values["difficulty"]
    facts = [fig("Difficulty", f"{adjusted} ({values['difficulty']}, {signed(shift)} for the "
                               "group's size)" if shift else adjusted, "adjusted_difficulty"),
             fig("Taking part", f"{result['participants']} ({values['required']} required)",
                 "participants"),
             fig("Successes needed", f"{result['needed']} (at least 2/3)", "needed")]
    notes = [n for n in [_aside_note(ctx, result.get("standing_aside"), result.get("maximum"))]
             if n]
    return Card(
        title=ctx.title(""),
        subject=subject,
        headline=headline(ctx, result["outcome"]),
        key=key,
        facts=facts,
        groups=[_member_group(ctx, m, adjusted, rolls) for m in result["members"]],
        notes=notes,
        dice=dice_views(rolls),
        line=line(subject, what(ctx), ctx.words(result["outcome"]).lower(),
                  f"{plural(result['successes'], 'success', 'successes')} of "
                  f"{result['participants']} ({result['needed']} needed)"),
    )


def group_odds(ctx, values, odds):
    figures = [fig("Chance of success", pct_text(odds["outcomes"]["success"]), "success"),
               fig("Difficulty", odds["adjusted_difficulty"], "adjusted_difficulty"),
               fig("Successes needed", odds["needed"], "needed")]
    for k, (m, p) in enumerate(zip(odds["taking_part"], odds["member_chances"])):
        figures.append(fig(f"{_member_name(ctx, m)}: chance of success", pct_text(p),
                           f"member_chances[{k}]"))
    notes = [n for n in [_aside_note(ctx, odds.get("standing_aside"), values.get("maximum"))]
             if n]
    if odds.get("skip_advised"):
        notes.append("The chance of failure is under 1%: the check can be skipped.")
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=figures,
                    charts=[chart("Successes", odds["successes"], "successes")], notes=notes)


# -- the character sheet ---------------------------------------------------------
def fill_labels(options):
    """The label of each option sheet.fill_options found: 'Physique 3d10',
    'Persuade (Passion 2d10, +1)'."""
    out = []
    for o in options:
        if o["kind"] == "attribute":
            label = f"{o['name']} {o['dice']}d10"
        else:
            bonus = "" if o["bonus"] is None else f", {signed(o['bonus'])}"
            label = f"{o['name']} ({o['attribute']} {o['dice']}d10{bonus})"
        out.append({"label": label, "values": o["values"], "what": o["what"]})
    return out
