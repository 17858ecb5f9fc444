"""The attribute check's card and odds view."""

from ...display.common import die_views, fig, headline, line, outcome_rows
from ...display.model import Card, OddsView
from ...display.words import pct_text
from .cards import _arith, _modded, _value_name, lower
from .cards_fate_points import _attribute_follow_ups
from .cards_words import EN, words


def attribute_card(ctx, values, result, advice):
    """The card; `advice`: the follow-ups the rules allow ({"fate_point":
    advice}, attribute.attribute_follow_ups), handed in by the wiring."""
    w = words(ctx.locale)
    outcome, eav, face = result["outcome"], result["eav"], result.get("roll")
    what = ctx.label("") or _value_name(values.get("name"), w)
    subject = ctx.name("")
    facts = [fig(w["a_eav"], eav, "eav")]
    notes = []
    if face is None:
        notes.append(w["a_note_below"].format(eav=eav))
        key, key_text = None, w["a_key_below"].format(eav=eav)
    else:
        key, key_text = fig(w["a_roll"], face, "roll"), w["a_key_rolled"].format(face=face, eav=eav)
        if face == 20 and eav >= 20:
            notes.append(w["a_note_20"])
    first = result.get("first")
    if first:
        facts.append(fig(w["first_throw"], f"{first['roll']}: {lower(ctx.words(first['outcome']), w)}",
                          "first"))
        notes.append(w["a_note_fate"])
        key_text += w["a_after_fate"]
    modded, mod_facts = _modded(what or ctx.check_label, values, w)
    return Card(
        title=ctx.title_for(what),
        subject=subject,
        headline=headline(ctx, outcome),
        key=key,
        facts=facts + mod_facts,
        notes=notes,
        line=line(subject, modded, lower(ctx.words(outcome), w), key_text),
        dice=_attribute_dice(result, values, w),
        actions=_attribute_follow_ups(ctx, values, result, advice),
    )


def _attribute_dice(result, values, w):
    """The die ('COU die') and its confirmation roll, each with the EAV;
    the confirmation roll says whether it confirmed."""
    rolls = result.get("rolls", [])
    outcome, name = result["outcome"], values.get("name")

    def label(roll):
        if roll.get("confirmation"):
            return w["confirmation_roll"]
        return w["die_of"].format(name=w["abbr"].get(name, name)) if name else "d20"

    def notes(roll):
        out = [w["eav_n"].format(eav=roll["eav"])] if "eav" in roll else []
        if roll.get("kept") is False:  # the first throw, before a fate point
            return out + ([] if roll.get("rerolled") else [w["a_set_aside"]])
        if roll.get("confirmation"):
            confirmed = outcome in ("critical_success", "botch")
            out.append(w["a_confirmed"] if confirmed else w["a_not_confirmed"])
        return out

    views = die_views(rolls, notes=notes, label=label, words=w)
    for v in views:  # 'set aside with its die' says it already
        if w["a_set_aside"] in v.notes:
            v.notes = [n for n in v.notes if n != w["dropped"]]
    return views


def attribute_odds(ctx, values, odds):
    w = words(ctx.locale)
    eav = odds["eav"]
    notes = []
    if eav < 1:
        notes.append(w["a_odds_below"].format(eav=eav))
    elif eav >= 20:
        notes.append(w["a_odds_20"])
    return OddsView(
        title=w["odds_title"],
        outcomes=outcome_rows(ctx, odds),
        figures=[fig(w["chance_of_success"], pct_text(odds["success_chance"], w["lang"]), "success_chance"),
                 fig(w["a_eav"], eav, "eav")],
        notes=notes,
    )


# -- the sentences of a result (Check.words) ----------------------------------------
def _throw_steps(eav, face, conf, outcome, w):
    """The sentences of one attribute throw (die and any confirmation)."""
    steps = []
    if face == 1:
        steps.append(w["a_step_1"].format(eav=eav))
        if outcome == "critical_success":
            steps.append(w["a_step_1_confirmed"].format(conf=conf, eav=eav))
        elif conf == 20:
            steps.append(w["a_step_1_conf_20"])
        else:
            steps.append(w["a_step_1_not_confirmed"].format(conf=conf, eav=eav))
    elif face == 20:
        steps.append(w["a_step_20"].format(eav=eav))
        if outcome == "botch" and conf == 20:
            steps.append(w["a_step_20_conf_20"])
        elif outcome == "botch":
            steps.append(w["a_step_20_confirmed"].format(conf=conf, eav=eav))
        else:
            steps.append(w["a_step_20_not_confirmed"].format(conf=conf, eav=eav))
    else:
        cmp = "<=" if face <= eav else ">"
        verdict = w["a_success"] if face <= eav else w["a_failure"]
        steps.append(w["a_step_rolled"].format(face=face, cmp=cmp, eav=eav, verdict=verdict))
    return steps


def attribute_words(values, result, lang="en"):
    """Check.words: the summary and steps of an attribute check's record."""
    w = words(lang) if lang != "en" else EN
    eav, outcome, face = result["eav"], result["outcome"], result["roll"]
    name = values["name"]
    what = w["a_on"].format(name=w["abbr"].get(name, name)) if name else ""
    steps = [w["a_step_eav"].format(arith=_arith(values['value'], [values['modifier']]))]
    if face is None:
        steps.append(w["a_step_below"].format(eav=eav))
        return {"summary": w["a_summary_below"].format(eav=eav), "steps": steps}
    conf = result["confirmation"]["value"] if result["confirmation"] else None
    first = result.get("first")
    if first:
        steps += _throw_steps(eav, first["roll"], first["confirmation"], first["outcome"], w)
        steps.append(w["a_step_fate"] + (w["a_step_fate_conf"] if first["confirmation"] is not None
                                         else "."))
    steps += _throw_steps(eav, face, conf, outcome, w)
    summary = w["a_summary"][outcome].format(what=what, eav=eav, face=face)
    if first:
        summary = summary[:-1] + w["a_summary_after_fate"]
    return {"summary": summary, "steps": steps}
