"""The attribute check's card and odds view."""

from ...display.common import die_views, fig, headline, line, outcome_rows
from ...display.model import Card, OddsView
from ...display.words import pct_text
from .cards import _modded, _value_name
from .cards_fate_points import _attribute_follow_ups


def attribute_card(ctx, values, result):
    outcome, eav, face = result["outcome"], result["eav"], result.get("roll")
    what = ctx.label("") or _value_name(values.get("name"))
    subject = ctx.name("")
    facts = [fig("EAV", eav, "eav")]
    notes = []
    if face is None:
        notes.append(f"EAV {eav} is below 1: the check fails automatically; no die is rolled.")
        key, key_text = None, f"EAV {eav} below 1"
    else:
        key, key_text = fig("Roll", face, "roll"), f"rolled {face} vs EAV {eav}"
        if face == 20 and eav >= 20:
            notes.append("A 20 always fails, even at EAV 20 or more.")
    first = result.get("first")
    if first:
        facts.append(fig("First throw", f"{first['roll']}: {ctx.words(first['outcome']).lower()}",
                          "first"))
        notes.append("A fate point rerolled the die; the new value stands (a confirmation roll "
                     "is never rerolled).")
        key_text += " after a fate point"
    modded, mod_facts = _modded(what or ctx.check_label, values)
    return Card(
        title=ctx.title_for(what),
        subject=subject,
        headline=headline(ctx, outcome),
        key=key,
        facts=facts + mod_facts,
        notes=notes,
        line=line(subject, modded, ctx.words(outcome).lower(), key_text),
        dice=_attribute_dice(result, values),
        actions=_attribute_follow_ups(ctx, values, result),
    )


def _attribute_dice(result, values):
    """The die ('COU die') and its confirmation roll, each with the EAV;
    the confirmation roll says whether it confirmed."""
    rolls = result.get("rolls", [])
    outcome, name = result["outcome"], values.get("name")

    def label(roll):
        if roll.get("confirmation"):
            return "confirmation roll"
        return f"{name} die" if name else "d20"

    def notes(roll):
        out = [f"EAV {roll['eav']}"] if "eav" in roll else []
        if roll.get("kept") is False:  # the first throw, before a fate point
            return out + ([] if roll.get("rerolled") else ["set aside with its die"])
        if roll.get("confirmation"):
            confirmed = outcome in ("critical_success", "botch")
            out.append("confirmed" if confirmed else "not confirmed")
        return out

    views = die_views(rolls, notes=notes, label=label)
    for v in views:  # 'set aside with its die' says it already
        if "set aside with its die" in v.notes:
            v.notes = [n for n in v.notes if n != "dropped"]
    return views


def attribute_odds(ctx, values, odds):
    eav = odds["eav"]
    notes = []
    if eav < 1:
        notes.append(f"EAV {eav} is below 1: the check always fails.")
    elif eav >= 20:
        notes.append("At EAV 20 or more only a 20 can fail (and only a confirmed 20 botches).")
    return OddsView(
        outcomes=outcome_rows(ctx, odds),
        figures=[fig("Chance of success", pct_text(odds["success_chance"]), "success_chance"),
                 fig("EAV", eav, "eav")],
        notes=notes,
    )
