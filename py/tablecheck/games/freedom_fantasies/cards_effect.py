"""The card, odds view and words of a Freedom Fantasies effect check: the
Result against a table DC, an Ability DC or a Spell DC."""

from ...display.common import fig, headline, line, outcome_rows
from ...display.model import Card, Figure, OddsView
from ...display.words import low
from .cards import (d20_charts, dc_text, dc_words, dice, kept_fact, modded, net_fact, net_fig,
                    result_step, roll_text, success_fig, tally_text, term, what)


def effect_dc_words(dc):
    """The DC in the steps: 'DC 10 (Normal)', 'DC 12 (10 + the source's
    Ability 2)', 'Spell DC 13 (10 + the caster's higher of FLAIR 3 and FOCUS 1: FLAIR)'."""
    if dc.way == "source_ability":
        return f"DC {dc.dc} (10 + the source's Ability {term(dc.source)})"
    if dc.way == "spell":
        return (f"Spell DC {dc.dc} (10 + the caster's higher of FLAIR {dc.flair} and FOCUS "
                f"{dc.focus}: {dc.higher})")
    return dc_words(dc.dc, dc.words)


def effect_words(values, result, t, dc):
    """The summary and steps of an effect check; `t` the rules' tally, `dc`
    the rules' record of the DC (the wiring passes them)."""
    outcome, face, total = result["outcome"], result["kept"], result["result"]
    against = effect_dc_words(dc)
    steps = [against + ".", tally_text(t), roll_text(result["d20s"], face),
             result_step(values, face, total)]
    if outcome == "lucky_escape":
        steps.append("Kept die is a natural 20: lucky escape, a success whatever the result, "
                     "and all the ill effects are avoided.")
        summary = "Natural 20: lucky escape, the Character avoids all the ill effects."
    elif outcome == "success":
        steps.append(f"{total} meets DC {dc.dc}: success (Effect checks are only fail or success).")
        summary = f"Result {total} against {against}: success, the Effect is avoided or mitigated."
    else:
        steps.append(f"{total} is below DC {dc.dc}: fail.")
        summary = f"Result {total} against {against}: fail, the Effect takes hold as described."
    return {"summary": summary, "steps": steps}


def _effect_dc_text(values, result):
    """'12 (Challenging)', '12 (10 + the source's Ability)', '13 (Spell DC)'."""
    if values.get("source_ability") is not None:
        return f"{result['dc']} (10 + the source's Ability)"
    if values.get("spell_flair") is not None:
        return f"{result['dc']} (Spell DC: 10 + the caster's FLAIR or FOCUS)"
    return dc_text(result["dc"], result.get("dc_label"))


def effect_card(ctx, values, result):
    outcome = result["outcome"]
    subject = ctx.name("")
    facts = [fig("DC", _effect_dc_text(values, result), "dc"), kept_fact(result),
             net_fact(result)]
    notes = []
    if outcome == "lucky_escape":
        notes.append("Natural 20: a lucky escape, all the ill effects are avoided.")
    effect_what, mod_facts = modded(what(ctx), values)
    return Card(
        title=ctx.title(), subject=subject, headline=headline(ctx, outcome),
        key=Figure("Result", str(result["result"]), "result"),
        facts=[f for f in facts if f] + mod_facts, notes=notes,
        line=line(subject, effect_what, low(ctx.words(outcome)),
                  f"result {result['result']} vs DC {result['dc']}"),
        dice=dice(result),
    )


def effect_odds(ctx, values, odds):
    figures = [fig("DC", odds["dc"], "dc"), success_fig(odds), net_fig(odds)]
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=[f for f in figures if f],
                    charts=d20_charts(odds))
