"""What a person sees of a Freedom Fantasies result or its odds.

Reads the records of systems/freedom_fantasies.py (it computes no rule): the
kept d20 and the Result against the DC, Benefits and Detriments to pick,
damage, hit points and Stress of an attack, the favourability of a luck
check, both sides of an opposed check.
"""

from .common import (chart, die_views, fig, headline, line, modifier_facts, modifier_text, modifiers,
                     outcome_rows, with_modifiers, with_part_modifiers)
from .model import Card, Choice, Figure, Group, OddsView, OutcomeRow, Option
from .words import number, pct_text, signed

# -- tones: the best outcomes great, a success with a Detriment partial -----------
SKILL_TONES = {
    "critical_success": "great",
    "fantastic_success": "good",
    "partial_success": "partial",
    "success": "good",
    "fail": "bad",
}
ATTACK_TONES = {"critical_hit": "great", "direct_hit": "good", "glancing_hit": "partial",
                "miss": "bad"}
EFFECT_TONES = {"lucky_escape": "great", "success": "good", "fail": "bad"}
LUCK_TONES = {"lucky_break": "great", "success": "good", "fail": "bad"}
OPPOSED_TONES = SKILL_TONES
# the favourability bands of a luck check with no DC, from bad to good
FAVOURABILITY_TONES = {
    "very_unfavourable": "awful",
    "unfavourable": "bad",
    "neutral": "neutral",
    "favourable": "good",
    "highly_favourable": "great",
}

FAV_STATUS = "No Luck DC set: the roll reads how favourable things are."


def _rules():
    """The system module (imported late: it imports this one)."""
    from ..systems import freedom_fantasies
    return freedom_fantasies


def _low(text):
    return text[:1].lower() + text[1:]


def _what(ctx, path=""):
    return ctx.label(path) or ctx.check_label


# the situation's bonus or penalty (the ability bonus is the character's own)
MODIFIER = (("other_bonus", "Other bonuses"),)


def _modded(what, part, who=None):
    """(what with the part's other bonuses, their facts): 'Persuade, other bonuses -2'."""
    mods = modifiers(part, MODIFIER)
    return with_modifiers(what, modifier_text(mods)), modifier_facts(mods, who)


def _dc_text(dc, words=None):
    """'10 (Challenging)', or the bare number off the tables."""
    return f"{dc} ({words})" if words else str(dc)


# -- dice ------------------------------------------------------------------------
def _die_label(roll):
    """The tray's label without the side ('active d20 1 of 2 (keep highest)'
    -> 'd20 1 of 2 (keep highest)': the side's group says whose it is)."""
    text = str(roll.get("label", "d20"))
    for side in ("active ", "target "):
        if text.startswith(side):
            text = text[len(side):]
    if text.startswith("reroll "):
        text = "Reroll " + text[len("reroll "):]
    return text


def _die_notes(roll):
    """'kept' on the kept die of several (advantage or disadvantage), and a
    kept natural 20."""
    notes = []
    if roll.get("kept") and roll.get("keep"):
        notes.append("kept")
    if roll.get("kept") and roll.get("value") == 20 and not roll.get("rerolled"):
        notes.append("natural 20")
    return notes


def _dice(result):
    return die_views(result.get("rolls", []), notes=_die_notes, label=_die_label)


def _net_fact(result, key="net_advantage", label="Net advantage"):
    net = result.get(key)
    if not net:
        return None
    return fig(label, signed(net), key)


def _kept_fact(result, key="kept", d20s="d20s", label="Kept die"):
    """The kept d20, where more than one was rolled."""
    if len(result.get(d20s) or []) < 2:
        return None
    return fig(label, result[key], key)


# -- Momentum, Tension, Benefits and Detriments ----------------------------------
def _point_note(result):
    """A kept natural 20: who gains the point (seed: Momentum for a Player,
    Tension for the GM)."""
    point = result.get("point")
    if point == "momentum":
        return "Natural 20: the Player gains 1 Momentum Point."
    if point == "tension":
        return "Natural 20: the GM gains 1 Tension Point."
    return None


CHOICE_WORDS = {
    "benefit": ("Pick a Benefit", "A fantastic success: the Player picks one Benefit."),
    "detriment": ("Pick a Detriment",
                  "A partial success: the Action succeeds, and the Player picks one Detriment."),
    # seed: "there should never be a nothing happens Outcome"
    "detriment_if_nothing_happens": (
        "Pick a Detriment if nothing happens",
        "If failing would change nothing, the Player picks a Detriment as though for a "
        "Partial Success."),
}


def _choices(result):
    picks = result.get("choices")
    if not picks or picks.get("pick") not in CHOICE_WORDS:
        return []
    label, text = CHOICE_WORDS[picks["pick"]]
    options = [Option(o["id"], o["label"]) for o in picks.get("options") or []]
    return [Choice(label, text, id=picks["pick"], options=options)]


# -- skill check -------------------------------------------------------------------
def skill_card(ctx, values, result):
    outcome = result["outcome"]
    subject = ctx.name("")
    facts = [fig("DC", _dc_text(result["dc"], result.get("dc_label")), "dc"),
             fig("Margin", signed(result["margin"], zero="0"), "margin"),
             _kept_fact(result), _net_fact(result)]
    if values.get("gm"):
        facts.append(fig("Check", "GM-controlled (fail or success only)", "gm"))
    what, mod_facts = _modded(_what(ctx), values)
    return Card(
        title=ctx.title(), subject=subject, headline=headline(ctx, outcome),
        key=Figure("Result", str(result["result"]), "result"),
        facts=[f for f in facts if f] + mod_facts,
        notes=[n for n in (_point_note(result),) if n],
        choices=_choices(result),
        line=line(subject, what, _low(ctx.words(outcome)),
                  f"result {result['result']} vs DC {result['dc']}"),
        dice=_dice(result),
    )


def _d20_charts(odds):
    out = []
    if odds.get("kept_die"):
        out.append(chart("Kept d20", odds["kept_die"], "kept_die"))
    if odds.get("distribution"):
        out.append(chart("Result", odds["distribution"], "distribution"))
    return out


def _success_fig(odds, fails=("fail", "miss")):
    p = sum((v for k, v in odds["outcomes"].items() if k not in fails), 0)
    return fig("Chance of success", pct_text(p), "success_chance")


def _net_fig(odds):
    net = odds.get("net_advantage")
    if not net:
        return None
    return fig("Net advantage", f"{signed(net)} ({odds['dice']} d20)", "net_advantage")


def skill_odds(ctx, values, odds):
    figures = [fig("DC", odds["dc"], "dc"), _success_fig(odds), _net_fig(odds)]
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=[f for f in figures if f],
                    charts=_d20_charts(odds))


# -- attack check ------------------------------------------------------------------
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
    facts += [_kept_fact(result), _net_fact(result)]
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
    what = _what(ctx)
    if target:
        notes.insert(0, _target_note(target, result))
        what = f"{what} on {target}"
    what, mod_facts = _modded(what, values)
    return Card(
        title=ctx.title(), subject=subject, headline=headline(ctx, outcome), key=key,
        facts=_attack_facts(result) + mod_facts, notes=notes,
        line=line(subject, what, _low(ctx.words(outcome)), key_text),
        dice=_dice(result),
    )


def attack_odds(ctx, values, odds):
    figures = [fig("Evasion DC", odds["evasion_dc"], "evasion_dc"),
               fig("Defense", odds["defense"], "defense"),
               _success_fig(odds), _net_fig(odds),
               fig("Mean damage", number(odds["mean_damage"]), "mean_damage")]
    charts = _d20_charts(odds) + [chart("Damage", odds["damage"], "damage")]
    if any(p for x, p in (odds.get("stress") or {}).items() if int(x) > 0):
        charts.append(chart("Stress", odds["stress"], "stress"))  # only where a hit can cause it
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=[f for f in figures if f],
                    charts=charts)


# -- effect check ------------------------------------------------------------------
def _effect_dc_text(values, result):
    """'12 (Challenging)', '12 (10 + the source's Ability)', '13 (Spell DC)'."""
    if values.get("source_ability") is not None:
        return f"{result['dc']} (10 + the source's Ability)"
    if values.get("spell_flair") is not None:
        return f"{result['dc']} (Spell DC: 10 + the caster's FLAIR or FOCUS)"
    return _dc_text(result["dc"], result.get("dc_label"))


def effect_card(ctx, values, result):
    outcome = result["outcome"]
    subject = ctx.name("")
    facts = [fig("DC", _effect_dc_text(values, result), "dc"), _kept_fact(result),
             _net_fact(result)]
    notes = []
    if outcome == "lucky_escape":
        notes.append("Natural 20: a lucky escape, all the ill effects are avoided.")
    what, mod_facts = _modded(_what(ctx), values)
    return Card(
        title=ctx.title(), subject=subject, headline=headline(ctx, outcome),
        key=Figure("Result", str(result["result"]), "result"),
        facts=[f for f in facts if f] + mod_facts, notes=notes,
        line=line(subject, what, _low(ctx.words(outcome)),
                  f"result {result['result']} vs DC {result['dc']}"),
        dice=_dice(result),
    )


def effect_odds(ctx, values, odds):
    figures = [fig("DC", odds["dc"], "dc"), _success_fig(odds), _net_fig(odds)]
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=[f for f in figures if f],
                    charts=_d20_charts(odds))


# -- luck check --------------------------------------------------------------------
def _luck_notes(result):
    notes = []
    if result.get("favourability_only"):
        notes.append("No Luck DC set: favourability only")
    if result.get("rerolled"):
        notes.append("Lucky: a point spent to reroll; the new roll stands.")
    if result["outcome"] == "lucky_break":
        point = result.get("point")
        who = "the GM gains 1 Tension Point" if point == "tension" else \
            "the Player gains 1 Momentum Point"
        notes.append(f"Natural 20: a lucky break, as favourable as possible, and {who}.")
    return notes


def luck_card(ctx, values, result):
    outcome = result["outcome"]
    subject = ctx.name("")
    band = result["favourability_label"]
    if result.get("favourability_only"):
        # no DC: nothing is tested, the roll names how favourable things are
        head = headline(ctx, outcome, band)
        head.tone = FAVOURABILITY_TONES.get(result["favourability"], "neutral")
        facts = []
        line_text = line(subject, _what(ctx), band, f"result {result['result']}")
    else:
        head = headline(ctx, outcome)
        facts = [fig("Luck DC", _dc_text(result["dc"], result.get("dc_label")), "dc"),
                 fig("Favourability", band, "favourability")]
        line_text = line(subject, _what(ctx), _low(ctx.words(outcome)),
                         f"result {result['result']} vs Luck DC {result['dc']}")
    if not result.get("rerolled"):
        facts.append(_kept_fact(result))
    return Card(
        title=ctx.title(), subject=subject, headline=head,
        key=Figure("Result", str(result["result"]), "result"),
        facts=[f for f in facts if f], notes=_luck_notes(result), line=line_text,
        dice=_dice(result),
    )


def _favourability_rows(odds):
    words = dict(_rules().FAVOURABILITY_KEYS)
    rows = []
    for band, p in odds["favourability"].items():
        if p == 0:
            continue
        exact = f"{p.numerator}/{p.denominator}" if hasattr(p, "numerator") else None
        rows.append(OutcomeRow(band, words.get(band, band),
                               FAVOURABILITY_TONES.get(band, "neutral"), p, exact))
    return rows


def luck_odds(ctx, values, odds):
    kept = "Kept d20 (after any reroll)" if values.get("lucky_reroll") else "Kept d20"
    charts = [chart(kept, odds["kept_die"], "kept_die")]
    figures = []
    if values.get("lucky_reroll"):
        figures.append(fig("Chance of a reroll", pct_text(odds["reroll_chance"]),
                           "reroll_chance"))
    if odds.get("favourability_only"):
        lucky = odds["outcomes"].get("lucky_break", 0)
        figures.insert(0, fig("Lucky break (natural 20)", pct_text(lucky), "lucky_break"))
        return OddsView(outcomes=_favourability_rows(odds), figures=figures, charts=charts,
                        title="Chance of each favourability", status=FAV_STATUS)
    figures.insert(0, fig("Luck DC", odds["dc"], "dc"))
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=figures, charts=charts)


# -- opposed check -----------------------------------------------------------------
SIDES = (("active", "Active"), ("target", "Target"))


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
    what = _opposed_what(ctx)
    facts = [fig("Result", result["result"], "result"),
             fig("Target's result (the DC)", result["target_result"], "target_result"),
             _net_fact(result), _net_fact(result, "target_net_advantage", "Target's net advantage")]
    if values.get("gm"):
        facts.append(fig("Check", "GM-controlled (fail or success only)", "gm"))
    notes = [n for n in (_point_note(result),) if n]
    if result["margin"] == 0:
        notes.append("A tie goes to the active side.")
    sides = [(_side_name(ctx, p, d), modifiers(values.get(p), MODIFIER)) for p, d in SIDES]
    mod_facts = [f for who, mods in sides for f in modifier_facts(mods, who)]
    modded = with_part_modifiers(what or ctx.check_label,
                                 [(who, modifier_text(mods)) for who, mods in sides])
    return Card(
        title=ctx.title_for(what),
        subject=subject, headline=headline(ctx, outcome),
        key=Figure("Margin", signed(result["margin"], zero="0"), "margin"),
        facts=[f for f in facts if f] + mod_facts, groups=_opposed_groups(ctx, result), notes=notes,
        choices=_choices(result),
        line=line(subject, modded, _low(ctx.words(outcome)),
                  f"result {result['result']} vs {result['target_result']}, "
                  f"margin {signed(result['margin'], zero='0')}"),
        dice=_dice(result),
    )


def opposed_odds(ctx, values, odds):
    charts = [chart("Result", odds["distribution"], "distribution"),
              chart("Target's result (the DC)", odds["target_result"], "target_result")]
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=[_success_fig(odds)],
                    charts=charts, notes=["A tie goes to the active side."])


# -- the character sheet ---------------------------------------------------------
def _numbers(character):
    from ..sheets import numbers, whole
    return {k: whole(v) for k, v in numbers(character).items()}


def _ability_options(character, params, nums):
    keys = [n for _, n, _ in _rules().ABILITIES]  # FIGHT .. FLIGHT
    dr = nums.get("damage")
    with_dr = "damage_rating" in params
    out = []
    for key in keys:
        v = nums.get(key)
        if v is None or (with_dr and dr is None):
            continue  # bad data never reaches a form
        values = {"bonus": v}
        if "ability" in params:
            values["ability"] = key.lower()
        if with_dr:
            values["damage_rating"] = dr
        label = f"{key} {signed(v)}" + (f", DR {dr}" if with_dr else "")
        out.append({"label": label, "values": values, "what": key})
    return out


def _target_option(character, params, nums):
    """The character as an attack's target; hit points are the sum of the
    five Ability bonuses, never below 0 (reading of rules.md)."""
    keys = [n for _, n, _ in _rules().ABILITIES]
    need = ["FINESSE", "FLAIR", "defense"]
    need += [k.upper() for k in ("fight", "focus", "flight") if k in params]
    if "hit_points" in params:
        need += keys
    if any(nums.get(k) is None for k in need):
        return []
    values = {"finesse": nums["FINESSE"], "flair": nums["FLAIR"]}
    for k in ("fight", "focus", "flight"):
        if k in params:
            values[k] = nums[k.upper()]
    if "defense" in params:
        values["defense"] = nums["defense"]
    if "hit_points" in params:
        values["hit_points"] = max(sum(nums[k] for k in keys), 0)
    name = character.get("name")
    name = name if isinstance(name, str) and name.strip() else "This character"
    label = (f"{name} as the target (FINESSE {nums['FINESSE']}, FLAIR {nums['FLAIR']}, "
             f"Defense {nums['defense']})")
    return [{"label": label, "values": values, "what": None}]


def fill(character, params):
    """What a Freedom Fantasies character puts into a form group (as
    characters.js did): each Ability fills `bonus` (with `ability`, and the
    character's DR where the group has `damage_rating`); a group with
    `finesse` and `flair` (an attack's target) gets the character as the
    target, hit points worked out here."""
    nums = _numbers(character)
    out = []
    if "bonus" in params:
        out += _ability_options(character, params, nums)
    if "finesse" in params and "flair" in params:
        out += _target_option(character, params, nums)
    return out
