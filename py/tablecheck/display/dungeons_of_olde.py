"""What a person sees of a Dungeons of Olde result or of its odds: the check
roll, opposed and assisted attempts, scaling challenges and effect rolls.

Reads the records of tablecheck.systems.dungeons_of_olde (never rolls,
never computes a rule). The game's words: stat die, check roll, challenge
rating (CR), margin, ranks of success or failure, critical outcomes,
character points, assist bonus, yield.
"""

from .common import (chart, die_views, fig, line, modifier_text, modifiers, outcome_rows, with_modifiers,
                     with_part_modifiers)
from .model import Card, Choice, Group, Headline, OddsView, OutcomeRow
from .words import cap, number, pct_text, plural, signed

TONES = {
    "automatic_success": "good",
    "legendary_success": "great", "critical_success": "great",
    "solid_success": "good", "success": "good",
    "failure": "bad", "decisive_failure": "bad",
    "critical_failure": "awful", "catastrophic_failure": "awful",
}
EFFECT_TONES = {"rolled": "neutral"}
SIMPLE = ("success", "failure", "automatic_success")
# the target's side of an opposed attempt sees the instigator's outcome mirrored
MIRROR = {"great": "awful", "good": "bad", "partial": "partial", "bad": "good",
          "awful": "great", "neutral": "neutral"}


# -- words -----------------------------------------------------------------------
def _title(ctx, *paths):
    """'Check roll: Forage' from the first part of the form filled with a
    skill or stat, else the check's label."""
    for path in paths:
        if ctx.label(path):
            return ctx.title(path)
    return ctx.title("")


def _what(ctx, *paths):
    for path in paths:
        if ctx.label(path):
            return ctx.label(path)
    return ctx.check_label


# what shifts the stat die before the roll and what is added after it
MODIFIERS = (("modification", "Modification"), ("adjustment", "Adjustment"))


def _modded(what, part):
    """'Brawn, modification +1, adjustment -2' for the history line."""
    return with_modifiers(what, modifier_text(modifiers(part, MODIFIERS)))


def _parts_modded(what, parts):
    """'Brawn (Alrik modification +1; the target adjustment +2)'; `parts` [(who, values)]."""
    return with_part_modifiers(what, [(who, modifier_text(modifiers(v, MODIFIERS))) for who, v in parts])


def _cr_text(rating, rank):
    return f"{rating} ({rank})" if rank else str(rating)


def _label(result):
    """'Decisive Failure (2 ranks)': rules.md, with critical outcomes off the
    headline still names the category and its ranks."""
    if result["outcome"] == "automatic_success":
        return None
    return f"{result['category']} ({plural(result['ranks'], 'rank')})"


def _tone(ctx, result, side_tone=False):
    """Critical outcomes applied: great/awful for the critical categories;
    not applied: only the simple success or failure counts (good/bad)."""
    outcome = result["outcome"]
    if result.get("critical_outcomes") or outcome == "automatic_success":
        tone = ctx.tone(outcome)
    else:
        tone = "good" if result["success"] else "bad"
    if side_tone and ctx.side == "target":
        tone = MIRROR[tone]
    return tone


def _headline(ctx, result, side_tone=False):
    return Headline(_label(result) or ctx.words(result["outcome"]),
                    _tone(ctx, result, side_tone))


def _dice_text(attempt):
    """'2d8!: 5, 8 -> 8 -> 3 = 19, adjustment +1: check roll 25'."""
    text = f"2{attempt['die']}!: {', '.join(attempt['chains'])}"
    if attempt.get("adjustment"):
        text += f", adjustment {signed(attempt['adjustment'], zero='0')}"
    return f"{text}: check roll {attempt['total']}"


# -- notes ------------------------------------------------------------------------
def _critical_note(result):
    if result["outcome"] in SIMPLE or result.get("critical_outcomes"):
        return None
    simple = "success" if result["success"] else "failure"
    return f"Critical outcomes are not applied: this counts as a simple {simple}."


def _rank_notes(*attempts):
    return [cap(a["rank_note"]) + "." for a in attempts if a and a.get("rank_note")]


def _trivial_note(values, result, scaling=False):
    if not result.get("trivial") or result.get("total") is None:
        return None
    if scaling:
        return ("A Trivial challenge, but a scaling challenge is always rolled "
                "(its ranks set the yield).")
    why = ("the GM asked for a roll" if values.get("roll_trivial")
           else "critical outcomes are applied")
    return f"A Trivial challenge, rolled anyway: {why}."


def _notes(*notes):
    return [n for n in notes if n]


def _points_note(result):
    if not result.get("critical_outcomes") or result["outcome"] in SIMPLE:
        return None
    return (f"Critical outcomes applied: {result['outcome_words'].lower()}; "
            f"{plural(result['character_points'], 'character point')} for the hero.")


# -- facts ----------------------------------------------------------------------------
def _judged_facts(result, cr_label="CR"):
    facts = []
    if result.get("margin") is not None:
        facts.append(fig("Margin", signed(result["margin"], zero="0"), "margin"))
        facts.append(fig("Ranks", f"{result['ranks']} of "
                                  f"{'success' if result['success'] else 'failure'}", "ranks"))
    facts.append(fig(cr_label, _cr_text(result["cr"], result.get("cr_rank")), "cr"))
    if result.get("critical_outcomes"):
        facts.append(fig("Character points", result["character_points"], "character_points"))
    return facts


def _roll_facts(values, result):
    """The stat die when a modification or the clamp changed it, and the
    adjustment typed in (an assist bonus is a fact of its own)."""
    facts = _mod_facts(values)
    if result.get("die") and (values.get("modification") or result.get("rank_note")):
        facts.insert(1 if values.get("modification") else 0, fig("Stat die", result["die"], "die"))
    return facts


def _side_facts(who, values):
    """The other side's modification and adjustment (the instigator's are
    the card's own facts): 'Target: Adjustment' '+2'."""
    return [fig(f"{who}: {f.label}", f.value, f"{who}.{f.key}") for f in _mod_facts(values)]


def _mod_facts(values):
    facts = []
    if values.get("modification"):
        facts.append(fig("Modification", f"{signed(values['modification'])} (die ranks)", "modification"))
    if values.get("adjustment"):
        facts.append(fig("Adjustment", signed(values["adjustment"]), "adjustment"))
    return facts


def _choices(result):
    if not result.get("suggestion"):
        return []
    return [Choice("The rules suggest", result["suggestion"])]


# -- dice -------------------------------------------------------------------------------
def _dice(rolls):
    """'target's die 1', its explosions 'target's die 1, explosion 1'; the
    die that showed its maximum and rolled again: 'explodes'."""
    first, seen = {}, {}
    labels = []
    for r in rolls:
        chain = r.get("chain")
        if chain is not None and chain in first:
            seen[chain] += 1
            labels.append(f"{first[chain]}, explosion {seen[chain]}")
            continue
        if r.get("who") and r.get("die"):
            base = f"{r['who']}'s die {r['die']}"
        else:
            base = str(r.get("label", ""))
        if chain is not None:
            first[chain], seen[chain] = base, 0
        labels.append(base)
    views = die_views(rolls, notes=lambda r: ["explodes"] if r.get("exploded") else [])
    for v, label in zip(views, labels):
        v.label = label
    return views


def _of(rolls, who):
    return [i for i, r in enumerate(rolls) if r.get("who") == who]


# -- check roll ---------------------------------------------------------------------------
def _line(subject, what, result, key_text):
    return line(subject, what, _label(result) or "automatic success", key_text)


def _key_text(result):
    if result.get("total") is None:
        return f"CR {_cr_text(result['cr'], result.get('cr_rank'))}"
    return f"total {result['total']} vs CR {result['cr']}"


def check_card(ctx, values, result, paths=("",)):
    """A check roll; `paths`: the form parts whose names and labels count
    (an assisted attempt that is a Trivial automatic success: the instigator)."""
    subject = next((ctx.name(p) for p in paths if ctx.name(p)), None)
    total = result.get("total")
    return Card(
        title=_title(ctx, *paths),
        subject=subject,
        headline=_headline(ctx, result),
        key=fig("Total", total, "total") if total is not None else None,
        facts=_judged_facts(result) + _roll_facts(values, result),
        notes=_notes(_critical_note(result), _points_note(result),
                     *_rank_notes(result), _trivial_note(values, result)),
        choices=_choices(result),
        dice=_dice(result.get("rolls", [])),
        line=_line(subject, _modded(_what(ctx, *paths), values), result, _key_text(result)),
    )


def scaling_card(ctx, values, result):
    subject = ctx.name("")
    facts = ([fig("Total", result["total"], "total")] + _judged_facts(result)
             + [fig("Yield per rank of success", result["per_rank_text"], "per_rank")]
             + _roll_facts(values, result))
    return Card(
        title=_title(ctx, ""),
        subject=subject,
        headline=_headline(ctx, result),
        key=fig("Yield", result["yield_text"], "yield"),
        facts=facts,
        notes=_notes(_critical_note(result), _points_note(result), *_rank_notes(result),
                     _trivial_note(values, result, scaling=True),
                     None if result["success"] else "Nothing is yielded on a failure."),
        choices=_choices(result),
        dice=_dice(result.get("rolls", [])),
        line=_line(subject, _modded(_what(ctx, ""), values), result,
                   f"total {result['total']}, yield {result['yield_text']}"),
    )


def opposed_card(ctx, values, result):
    subject = ctx.versus(["instigator", "target"], ["the instigator", "the target"])
    rolls = result.get("rolls", [])
    target, ins = result["target"], result["instigator"]
    who_t = ctx.name("target", "Target")
    who_i = ctx.name("instigator", "Instigator")
    groups = [
        Group(who_t, f"{_dice_text(target)}, the instigator's CR", _of(rolls, "target")),
        Group(who_i, f"{_dice_text(ins)} against {target['total']}: {result['category']}",
              _of(rolls, "instigator"), _tone(ctx, result, side_tone=True)),
    ]
    gm = None
    if result.get("critical_outcomes") and result["outcome"] not in SIMPLE:
        gm = ("The GM may instead turn the instigator's critical outcome into a bonus or "
              "penalty for the target.")
    tie = "A tie goes to the instigator." if result["margin"] == 0 else None
    return Card(
        title=_title(ctx, "instigator", ""),
        subject=subject,
        headline=_headline(ctx, result, side_tone=True),
        key=fig("Total", result["total"], "total"),
        facts=_judged_facts(result, "CR (the target's roll)")
        + _roll_facts(values["instigator"], ins) + _side_facts(who_t, values["target"]),
        groups=groups,
        notes=_notes(_critical_note(result), _points_note(result), tie, gm,
                     *_rank_notes(target, ins)),
        choices=_choices(result),
        dice=_dice(rolls),
        line=_line(subject, _parts_modded(_what(ctx, "instigator", ""),
                                          [(who_i, values["instigator"]), (who_t, values["target"])]),
                   result, f"total {result['total']} vs {target['total']}"),
    )


def assisted_card(ctx, values, result):
    if result["outcome"] == "automatic_success":
        return check_card(ctx, values, result, paths=("instigator", ""))
    subject = ctx.name("instigator") or ctx.name("")
    rolls = result.get("rolls", [])
    ast, ins = result["assistant"], result["instigator"]
    stat = values["instigator"]["stat"]
    bonus = result["assist_bonus"]
    groups = [
        Group(ctx.name("assistant", "Assistant"),
              f"{_dice_text(ast)} against {stat} (the instigator's stat): "
              + (f"assist +{bonus}" if bonus else "no bonus"), _of(rolls, "assistant")),
        Group(ctx.name("instigator", "Instigator"),
              f"{_dice_text(ins)} against CR {result['cr']}: {result['category']}",
              _of(rolls, "instigator"), _tone(ctx, result)),
    ]
    facts = (_judged_facts(result)
             + [fig("Assist bonus", signed(bonus), "assist_bonus"),
                fig("Assistant's check roll", result["assistant_total"], "assistant_total")]
             + _roll_facts(values["instigator"], ins)
             + _side_facts(ctx.name("assistant", "Assistant"), values["assistant"]))
    return Card(
        title=_title(ctx, "instigator", ""),
        subject=subject,
        headline=_headline(ctx, result),
        key=fig("Total", result["total"], "total"),
        facts=facts,
        groups=groups,
        notes=_notes(_critical_note(result), _points_note(result), *_rank_notes(ast, ins),
                     _trivial_note(values, result)),
        choices=_choices(result),
        dice=_dice(rolls),
        line=_line(subject, _parts_modded(_what(ctx, "instigator", ""),
                                          [(ctx.name("instigator", "Instigator"), values["instigator"]),
                                           (ctx.name("assistant", "Assistant"), values["assistant"])]),
                   result, f"total {result['total']} (assist {signed(bonus)}) vs CR {result['cr']}"),
    )


def effect_card(ctx, values, result):
    subject = ctx.name("")
    exploding = values["exploding"]
    dice = f"{values['count']}{result['die']}{'!' if exploding else ''}"
    facts = [fig("Dice", dice + ("" if exploding else " (not exploding)"), "die")]
    facts += _mod_facts(values)
    return Card(
        title=_title(ctx, ""),
        subject=subject,
        headline=Headline(ctx.words("rolled"), ctx.tone("rolled")),
        key=fig("Total", result["total"], "total"),
        facts=facts,
        notes=_rank_notes(result),
        dice=_dice(result.get("rolls", [])),
        line=line(subject, _modded(_what(ctx, ""), values), f"{dice} = {result['total']}"),
    )


# -- odds ---------------------------------------------------------------------------------
def _rows(ctx, values, odds, side_tone=False):
    """Outcome rows; with critical outcomes off only success or failure
    counts, so the rows take the simple tones (as the card's headline)."""
    rows = []
    for row in outcome_rows(ctx, odds):
        success = row.id in TONES and TONES[row.id] in ("good", "great")
        tone = row.tone
        if not values.get("critical_outcomes") and row.id in TONES:
            tone = "good" if success else "bad"
        if side_tone and ctx.side == "target":
            tone = MIRROR[tone]
        rows.append(OutcomeRow(row.id, row.label, tone, row.p, row.exact))
    return rows


def _odds_notes(values, odds, *more):
    notes = []
    if not values.get("critical_outcomes") and odds["outcomes"].get("automatic_success", 0) != 1:
        notes.append("Critical outcomes are not applied: each category counts only as a "
                     "simple success or failure.")
    notes += [n for n in more if n]
    for key in ("tail_note", "yields_note"):
        if odds.get(key):
            notes.append(cap(odds[key]) + ".")
    return notes


CHART_MIN_P = 0.0005  # bars below this are left out of a long chart (>60 bars)


def _chance(odds, label="Chance of success"):
    return fig(label, pct_text(odds["success_chance"]), "success_chance")


def check_odds(ctx, values, odds):
    return OddsView(outcomes=_rows(ctx, values, odds), figures=[_chance(odds)],
                    notes=_odds_notes(values, odds))


def opposed_odds(ctx, values, odds):
    return OddsView(outcomes=_rows(ctx, values, odds, side_tone=True),
                    figures=[_chance(odds, "Instigator's chance of success")],
                    notes=_odds_notes(values, odds, "The target rolls first; its check roll is "
                                                    "the CR, and a tie goes to the instigator."))


def assisted_odds(ctx, values, odds):
    charts = [chart("Assist bonus", odds["assist_bonuses"], "assist_bonuses",
                    min_p=CHART_MIN_P)]
    return OddsView(outcomes=_rows(ctx, values, odds), figures=[_chance(odds)], charts=charts,
                    notes=_odds_notes(values, odds))


def scaling_odds(ctx, values, odds):
    unit = values.get("unit", "").strip()
    label = f"Yield ({unit})" if unit else "Yield"
    return OddsView(outcomes=_rows(ctx, values, odds), figures=[_chance(odds)],
                    charts=[chart(label, odds["yields"], "yields", min_p=CHART_MIN_P)],
                    notes=_odds_notes(values, odds))


def effect_odds(ctx, values, odds):
    bars = chart("Total", odds["distribution"], "distribution", min_p=CHART_MIN_P)
    notes = [cap(odds["tail_note"]) + "."] if odds.get("tail") else []
    if len(bars.bars) < len(odds["distribution"]):
        notes.append("The chart leaves out totals less likely than 0.05%.")
    return OddsView(figures=[fig("Mean", number(odds["mean"]), "mean")],
                    charts=[bars], notes=notes)
