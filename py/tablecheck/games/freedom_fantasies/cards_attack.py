"""The card, odds view and words of a Freedom Fantasies attack check: the
Evasion DC, damage, Defense, Hit Points and Stress of the target."""

from ...display.common import chart, fig, headline, line, outcome_rows
from ...display.model import Card, Figure, OddsView
from ...display.words import low, number, plural
from .cards import (d20_charts, dice, kept_fact, modded, net_fact, net_fig, result_step,
                    roll_text, success_fig, tally_text, term, what)
from .terms import ABILITIES, FANTASTIC_OVER_DC

ATTACK_SUMMARY = {
    "miss": "miss; the target may Counter if its weapon can reach the attacker",
    "glancing_hit": "glancing hit",
    "direct_hit": "direct hit, ignoring Defense",
    "critical_hit": "critical hit: a direct hit plus 1 Momentum Point "
                    "(or give up the point for an Extra Attack)",
}
GM_CRITICAL_HIT = ("critical hit: a direct hit plus 1 Tension Point for the GM "
                   "(or give up the point for an Extra Attack)")


# -- the target's numbers, in words -------------------------------------------------
def evasion_text(tg_values, dc):
    """'Evasion DC = 5 + FINESSE 1 + FLAIR 1 + Dodge FINESSE 1 = 8.', or 'Evasion DC 12 (given).'"""
    given = tg_values["evasion"] is not None
    if given:
        parts = [f"{tg_values['evasion']} (given)"]
    else:
        parts = ["5", f"FINESSE {term(tg_values['finesse'])}", f"FLAIR {term(tg_values['flair'])}"]
    if tg_values["dodging"]:
        parts.append(f"Dodge FINESSE {term(tg_values['finesse'])}")
    text = " + ".join(parts)
    if tg_values["evasion_penalty"]:
        text += f" - armour penalty {tg_values['evasion_penalty']}"
    if text == parts[0] and given:
        return f"Evasion DC {dc} (given)."
    return f"Evasion DC = {text} = {dc}."


def defense_text(tg_values, tg):
    if tg.defense_from == "given":
        return f"Defense {tg.defense}"
    if tg.defense_from == "fight":
        fight = tg_values["fight"]
        return (f"Defense {tg.defense} (the target's FIGHT)" if fight >= 0 else
                f"Defense 0 (the target's FIGHT is {fight}, floored at 0)")
    return "Defense 0 (none given)"


def hp_text(tg_values, tg):
    if tg.hp_from == "given":
        return f"{tg.hit_points} Hit Points"
    if tg.hp_from == "abilities":
        floor = f" = {tg.hp_sum}, floored at 0" if tg.hp_sum < 0 else ""
        terms = " + ".join(term(tg_values[a]) for a, _ in ABILITIES)
        return f"{tg.hit_points} Hit Points (sum of its Ability bonuses {terms}{floor})"
    return "Hit Points unknown (give them, or all five Ability bonuses)"


# -- words -----------------------------------------------------------------------------
def _band_step(result, gm):
    outcome, total, dc = result["outcome"], result["result"], result["evasion_dc"]
    if result["kept"] == 20:
        who = "the GM gains 1 Tension Point" if gm else "the Player gains 1 Momentum Point"
        return ("Kept die is a natural 20: critical hit, a direct hit whatever the result; "
                f"{who} or makes an Extra Attack instead.")
    if outcome == "miss":
        return f"{total} is below Evasion DC {dc}: miss."
    if outcome == "direct_hit":
        return (f"{total} meets Evasion DC + {FANTASTIC_OVER_DC} = {dc + FANTASTIC_OVER_DC}: "
                "direct hit.")
    return f"{total} meets Evasion DC {dc} but not {dc + FANTASTIC_OVER_DC}: glancing hit."


def _damage_step(values, result, tg):
    outcome, dr, dealt, blocked = (result["outcome"], result["damage_rating"],
                                   result["damage_dealt"], result["blocked"])
    if outcome == "glancing_hit":
        if dr < tg.defense:  # Defense blocks it all: "up to a minimum of Zero Damage"
            arithmetic = f"{dr - tg.defense}, floored at 0: {dealt} damage"
        else:
            arithmetic = f"{dealt} damage"
        return (f"Glancing hit: DR {dr} - {defense_text(values['target'], tg)} = {arithmetic}"
                + (f" ({blocked} blocked)." if blocked else "."))
    if outcome != "miss":
        return f"Direct hit: 2 x DR {dr} = {dealt} damage, ignoring Defense."
    return ("A miss deals no damage; the target may Counter with a weapon that can "
            "reach the attacker (and a Counter can be Countered).")


def attack_words(values, result, t, tg):
    """The summary and steps of an attack; `t` the rules' tally, `tg` the
    rules' record of the target (the wiring passes them)."""
    outcome, face, total = result["outcome"], result["kept"], result["result"]
    dealt, stress, hp_left = result["damage_dealt"], result["stress"], result["hit_points_left"]
    hit = outcome != "miss"
    steps = [evasion_text(values["target"], tg.evasion_dc), tally_text(t),
             roll_text(result["d20s"], face), result_step(values, face, total),
             _band_step(result, values["gm"]), _damage_step(values, result, tg)]
    if hit:
        steps.append(f"Damage accumulates: {tg.damage} + {dealt} = {result['damage_total']}.")
    hp = hp_text(values["target"], tg)
    if tg.hit_points is not None:
        if hit and stress:
            steps.append(f"{hp}: {stress} damage beyond them becomes "
                         f"{plural(stress, 'Stress Point')}.")
        elif hit:
            steps.append(f"{hp}: {hp_left} left, no Stress.")
    elif hit:
        steps.append(hp + ".")
    if tg.stress and stress:
        steps.append(f"Stress accumulates: {tg.stress} + {stress} = {result['stress_total']}.")
    against = f"Result {total} against Evasion DC {tg.evasion_dc}"
    if not hit:
        summary = f"{against}: {ATTACK_SUMMARY['miss']}."
    else:
        lead = "Natural 20" if face == 20 else against
        dmg = f"{dealt} damage" + (f" ({result['blocked']} blocked)" if result["blocked"] else "")
        tail = f", {stress} Stress" if stress else ""
        words = (GM_CRITICAL_HIT if values["gm"] and outcome == "critical_hit"
                 else ATTACK_SUMMARY[outcome])
        summary = f"{lead}: {words}, {dmg}{tail}."
    return {"summary": summary, "steps": steps}


# -- the card ----------------------------------------------------------------------------
def _attack_facts(result):
    hit = result["outcome"] != "miss"
    facts = []
    if hit:
        facts.append(fig("Result", result["result"], "result"))
    facts.append(fig("Evasion DC", result["evasion_dc"], "evasion_dc"))
    if result["outcome"] == "glancing_hit":
        facts.append(fig("Blocked by Defense", result["blocked"], "blocked"))
    if hit:
        facts.append(fig("Damage taken (total)", result["damage_total"], "damage_total"))
    if result.get("hit_points") is not None:
        facts.append(fig("Hit points left", result["hit_points_left"], "hit_points_left"))
        if hit:
            facts.append(fig("Stress", result["stress"], "stress"))
    if result.get("stress_before"):
        facts.append(fig("Stress (total)", result["stress_total"], "stress_total"))
    facts += [kept_fact(result), net_fact(result)]
    return [f for f in facts if f]


def _attack_notes(result):
    notes = []
    if result.get("counter"):
        notes.append("Miss: the target may Counter if its weapon can reach the attacker "
                     "(and a Counter can be Countered).")
    if result.get("extra_attack_option"):
        who = ("the GM gains 1 Tension Point" if result.get("point") == "tension"
               else "the Player gains 1 Momentum Point")
        notes.append(f"Natural 20: {who}, or gives it up for an Extra Attack.")
    if result["outcome"] != "miss" and result.get("hit_points") is None:
        notes.append("Hit points unknown: give them, or all five of the target's Ability "
                     "bonuses, to count Stress.")
    return notes


def _target_note(name, result):
    """What this hit did to a named target and what is left of it:
    'Goblin: 3 damage this hit, 7 in all; 0 of 6 Hit Points left; Stress 2 in all.'"""
    dealt, total = result["damage_dealt"], result["damage_total"]
    parts = [f"{dealt} damage this hit, {total} in all" if dealt else
             f"no damage this time, {total} in all"]
    if result.get("hit_points") is not None:
        parts.append(f"{result['hit_points_left']} of {result['hit_points']} Hit Points left")
        parts.append(f"Stress {result['stress_total']} in all")
    return f"{name}: {'; '.join(parts)}."


def attack_card(ctx, values, result):
    outcome = result["outcome"]
    subject = ctx.name("")
    target = ctx.name("target")
    if outcome == "miss":
        key = Figure("Result", str(result["result"]), "result")
        key_text = f"result {result['result']} vs Evasion DC {result['evasion_dc']}"
    else:
        key = Figure("Damage", str(result["damage_dealt"]), "damage_dealt")
        key_text = f"damage {result['damage_dealt']}"
        if result.get("stress"):
            key_text += f", {result['stress']} Stress"
    notes = _attack_notes(result)
    attack_what = what(ctx)
    if target:
        notes.insert(0, _target_note(target, result))
        attack_what = f"{attack_what} on {target}"
    attack_what, mod_facts = modded(attack_what, values)
    return Card(
        title=ctx.title(), subject=subject, headline=headline(ctx, outcome), key=key,
        facts=_attack_facts(result) + mod_facts, notes=notes,
        line=line(subject, attack_what, low(ctx.words(outcome)), key_text),
        dice=dice(result),
    )


def attack_odds(ctx, values, odds):
    figures = [fig("Evasion DC", odds["evasion_dc"], "evasion_dc"),
               fig("Defense", odds["defense"], "defense"),
               success_fig(odds), net_fig(odds),
               fig("Mean damage", number(odds["mean_damage"]), "mean_damage")]
    charts = d20_charts(odds) + [chart("Damage", odds["damage"], "damage")]
    if any(p for x, p in (odds.get("stress") or {}).items() if int(x) > 0):
        charts.append(chart("Stress", odds["stress"], "stress"))  # only where a hit can cause it
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=[f for f in figures if f],
                    charts=charts)
