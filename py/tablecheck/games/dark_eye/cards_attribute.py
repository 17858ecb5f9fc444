"""The attribute check's card and odds view."""

from ...display.common import die_views, fig, headline, line, outcome_rows
from ...display.model import Card, OddsView
from ...display.words import pct_text
from .cards import _arith, _modded, _value_name
from .cards_fate_points import _attribute_follow_ups


def attribute_card(ctx, values, result, advice):
    """The card; `advice`: the follow-ups the rules allow ({"fate_point":
    advice}, attribute.attribute_follow_ups), handed in by the wiring."""
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
        actions=_attribute_follow_ups(ctx, values, result, advice),
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


# -- the sentences of a result (Check.words) ----------------------------------------
def _throw_steps(eav, face, conf, outcome):
    """The sentences of one attribute throw (die and any confirmation)."""
    steps = []
    if face == 1:
        steps.append(f"Rolled a 1 against EAV {eav}: a success, and a confirmation roll follows.")
        if outcome == "critical_success":
            steps.append(f"Confirmation roll {conf} <= EAV {eav}: confirmed, a critical success.")
        elif conf == 20:
            steps.append("Confirmation roll 20: a 20 always fails, so no critical; "
                         "an ordinary success.")
        else:
            steps.append(f"Confirmation roll {conf} > EAV {eav}: not confirmed, "
                         "an ordinary success.")
    elif face == 20:
        steps.append(f"Rolled a 20 against EAV {eav}: a failure, and a confirmation roll follows.")
        if outcome == "botch" and conf == 20:
            steps.append("Confirmation roll 20: another 20 confirms the botch.")
        elif outcome == "botch":
            steps.append(f"Confirmation roll {conf} > EAV {eav}: the botch is confirmed.")
        else:
            steps.append(f"Confirmation roll {conf} <= EAV {eav}: no botch, an ordinary failure.")
    else:
        cmp = "<=" if face <= eav else ">"
        steps.append(f"Rolled {face} {cmp} EAV {eav}: {'success' if face <= eav else 'failure'}.")
    return steps


def attribute_words(values, result):
    """Check.words: the summary and steps of an attribute check's record."""
    eav, outcome, face = result["eav"], result["outcome"], result["roll"]
    name = values["name"]
    what = f" on {name}" if name else ""
    steps = [f"EAV = {_arith(values['value'], [values['modifier']])}."]
    if face is None:
        steps.append(f"EAV {eav} is below 1: the check cannot succeed; no die is rolled.")
        return {"summary": f"Failure: EAV {eav} is below 1, so the check fails automatically.",
                "steps": steps}
    conf = result["confirmation"]["value"] if result["confirmation"] else None
    first = result.get("first")
    if first:
        steps += _throw_steps(eav, first["roll"], first["confirmation"], first["outcome"])
        steps.append("A fate point (FtP) rerolls the die; the new value stands"
                     + (" (the confirmation roll is never rerolled: a new 1 or 20 is confirmed "
                        "afresh)." if first["confirmation"] is not None else "."))
    steps += _throw_steps(eav, face, conf, outcome)
    summary = {
        "critical_success": f"Critical success{what} (EAV {eav}): a 1, confirmed.",
        "success": f"Success{what} (EAV {eav}) with a {face}.",
        "failure": f"Failure{what} (EAV {eav}) with a {face}.",
        "botch": f"Botch{what} (EAV {eav}): a 20, confirmed.",
    }[outcome]
    if first:
        summary = summary[:-1] + " after a fate point."
    return {"summary": summary, "steps": steps}
