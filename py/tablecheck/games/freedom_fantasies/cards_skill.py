"""The cards, odds views and words of Freedom Fantasies skill and opposed
checks: the Result against the DC, the Benefits and Detriments to pick."""

from ...display.common import (chart, fig, headline, line, modifier_facts, modifier_text, modifiers,
                               outcome_rows, with_part_modifiers)
from ...display.model import Card, Figure, Group, OddsView
from ...display.words import low, signed
from .cards import (MODIFIER, choices, d20_charts, dc_text, dc_words, dice, kept_fact, modded,
                    net_fact, net_fig, point_note, result_step, roll_text, success_fig, tally_text,
                    what, with_choices)
from .terms import FANTASTIC_OVER_DC

SKILL_SUMMARY = {
    "fail": "fail; the Action fails and something negative happens",
    "partial_success": "partial success; the Action succeeds but the Player picks a Detriment "
                       "(a Stress Point, a Tension Point for the GM, or a Complication)",
    "fantastic_success": "fantastic success; the Action succeeds and the Player picks a Benefit "
                         "(lose a Stress Point, gain a Momentum Point, or a Boon)",
    "critical_success": "critical success, a fantastic success whatever the result, a Benefit "
                        "to pick and 1 Momentum Point",
    "success": "success (GM check: no Benefits or Detriments)",
}
GM_NATURAL_20 = ("Natural 20: success whatever the result (GM check), and the GM gains 1 "
                 "Tension Point.")
IF_NOTHING_HAPPENS = ("If failing would change nothing, the Player picks a Detriment as though "
                      "for a Partial Success.")


def band_step(outcome, result, dc, face, gm, dc_name="DC"):
    if face == 20:
        if gm:
            return ("Kept die is a natural 20: success whatever the result (GM check is binary), "
                    "and the GM gains 1 Tension Point.")
        return ("Kept die is a natural 20: critical success, a fantastic success whatever the "
                "result, and the Player gains 1 Momentum Point.")
    if outcome == "fail":
        return f"{result} is below {dc_name} {dc}: fail."
    if outcome == "success":
        return f"{result} meets {dc_name} {dc}: success (a GM check is only fail or success)."
    if outcome == "fantastic_success":
        return (f"{result} meets {dc_name} + {FANTASTIC_OVER_DC} = {dc + FANTASTIC_OVER_DC}: "
                "fantastic success.")
    return (f"{result} meets {dc_name} {dc} but not {dc_name} + {FANTASTIC_OVER_DC} = "
            f"{dc + FANTASTIC_OVER_DC}: partial success.")


def _summary(lead, outcome, face, gm):
    if gm and face == 20:
        return GM_NATURAL_20
    return f"{lead}: {SKILL_SUMMARY[outcome]}."


# -- skill check -------------------------------------------------------------------
def skill_words(values, result, t):
    """The summary and steps of a skill check; `t` the rules' tally of
    advantages and disadvantages (the wiring passes it)."""
    outcome, face, total, dc = result["outcome"], result["kept"], result["result"], result["dc"]
    steps = [tally_text(t), roll_text(result["d20s"], face), result_step(values, face, total),
             band_step(outcome, total, dc, face, values["gm"])]
    if (result.get("choices") or {}).get("pick") == "detriment_if_nothing_happens":
        steps.append(IF_NOTHING_HAPPENS)
    lead = "Natural 20" if face == 20 else \
        f"Result {total} against {dc_words(dc, result.get('dc_label'))}"
    return {"summary": _summary(lead, outcome, face, values["gm"]), "steps": steps,
            **with_choices(result)}


def skill_card(ctx, values, result):
    outcome = result["outcome"]
    subject = ctx.name("")
    facts = [fig("DC", dc_text(result["dc"], result.get("dc_label")), "dc"),
             fig("Margin", signed(result["margin"], zero="0"), "margin"),
             kept_fact(result), net_fact(result)]
    if values.get("gm"):
        facts.append(fig("Check", "GM-controlled (fail or success only)", "gm"))
    modded_what, mod_facts = modded(what(ctx), values)
    return Card(
        title=ctx.title(), subject=subject, headline=headline(ctx, outcome),
        key=Figure("Result", str(result["result"]), "result"),
        facts=[f for f in facts if f] + mod_facts,
        notes=[n for n in (point_note(result),) if n],
        choices=choices(result),
        line=line(subject, modded_what, low(ctx.words(outcome)),
                  f"result {result['result']} vs DC {result['dc']}"),
        dice=dice(result),
    )


def skill_odds(ctx, values, odds):
    figures = [fig("DC", odds["dc"], "dc"), success_fig(odds), net_fig(odds)]
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=[f for f in figures if f],
                    charts=d20_charts(odds))


# -- opposed check -----------------------------------------------------------------
SIDES = (("active", "Active"), ("target", "Target"))


def opposed_words(values, result, ta, tb):
    """The summary and steps of an opposed check; `ta`, `tb` the rules'
    tallies of the two sides (the wiring passes them)."""
    a, b = values["active"], values["target"]
    outcome, face, total, dc = result["outcome"], result["kept"], result["result"], result["dc"]
    steps = [
        "Active: " + tally_text(ta), "Active: " + roll_text(result["d20s"], face),
        result_step(a, face, total, "Active: "),
        "Target: " + tally_text(tb),
        "Target: " + roll_text(result["target_d20s"], result["target_kept"]),
        result_step(b, result["target_kept"], dc, "Target: "),
        f"The target's result {dc} is the DC (the target gets no Benefits or Detriments; "
        f"a tie goes to the active side).",
        band_step(outcome, total, dc, face, values["gm"]),
    ]
    lead = "Natural 20" if face == 20 else f"Result {total} against the target's {dc}"
    return {"summary": _summary(lead, outcome, face, values["gm"]), "steps": steps,
            **with_choices(result)}


def _side_name(ctx, path, default):
    return ctx.name(path) or default


def _opposed_groups(ctx, result):
    n = len(result.get("d20s") or [])
    m = len(result.get("target_d20s") or [])
    active = _side_name(ctx, "active", "Active")
    target = _side_name(ctx, "target", "Target")
    return [
        Group(active, f"result {result['result']} (kept d20 {result['kept']})",
              list(range(n))),
        Group(target, f"result {result['target_result']} (kept d20 {result['target_kept']}),"
                      " the DC", list(range(n, n + m))),
    ]


def _opposed_what(ctx):
    a, b = ctx.label("active"), ctx.label("target")
    if a and b:
        return f"{a} vs {b}"
    return a or b


def opposed_card(ctx, values, result):
    outcome = result["outcome"]
    subject = ctx.versus([p for p, _ in SIDES], [d for _, d in SIDES])
    opposed_what = _opposed_what(ctx)
    facts = [fig("Result", result["result"], "result"),
             fig("Target's result (the DC)", result["target_result"], "target_result"),
             net_fact(result), net_fact(result, "target_net_advantage", "Target's net advantage")]
    if values.get("gm"):
        facts.append(fig("Check", "GM-controlled (fail or success only)", "gm"))
    notes = [n for n in (point_note(result),) if n]
    if result["margin"] == 0:
        notes.append("A tie goes to the active side.")
    sides = [(_side_name(ctx, p, d), modifiers(values.get(p), MODIFIER)) for p, d in SIDES]
    mod_facts = [f for who, mods in sides for f in modifier_facts(mods, who)]
    modded_what = with_part_modifiers(opposed_what or ctx.check_label,
                                      [(who, modifier_text(mods)) for who, mods in sides])
    return Card(
        title=ctx.title_for(opposed_what),
        subject=subject, headline=headline(ctx, outcome),
        key=Figure("Margin", signed(result["margin"], zero="0"), "margin"),
        facts=[f for f in facts if f] + mod_facts, groups=_opposed_groups(ctx, result), notes=notes,
        choices=choices(result),
        line=line(subject, modded_what, low(ctx.words(outcome)),
                  f"result {result['result']} vs {result['target_result']}, "
                  f"margin {signed(result['margin'], zero='0')}"),
        dice=dice(result),
    )


def opposed_odds(ctx, values, odds):
    charts = [chart("Result", odds["distribution"], "distribution"),
              chart("Target's result (the DC)", odds["target_result"], "target_result")]
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=[success_fig(odds)],
                    charts=charts, notes=["A tie goes to the active side."])
