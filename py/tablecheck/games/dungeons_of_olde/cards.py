"""What a person sees of a Dungeons of Olde result or of its odds: the words
every check shares (the check roll's steps, its margin and ranks, the
rules' suggestions, the stat die's notes) and what a character's sheet
fills; what every check's odds share: cards_odds.py. The checks' own cards:
cards_check.py (check roll, scaling challenge, effect roll) and
cards_contest.py (opposed and assisted attempts). Cards read records (never roll, never compute a rule). The
game's words: stat die, check roll, challenge rating (CR), margin, ranks of
success or failure, critical outcomes, character points, assist bonus,
yield."""

from ...display.common import (die_views, fig, line, modifier_text, modifiers, with_modifiers,
                               with_part_modifiers)
from ...display.model import Choice, Headline
from ...display.words import cap, plural, signed
from .terms import CATEGORY, TRIVIAL_CR

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

# The suggested bonuses and penalties of the text, by outcome.
SUGGESTIONS = {
    "Major bonus": "Choose: consumable materials not consumed; or useful or valuable "
                   "materials recovered.",
    "Minor bonus": "Choose: task takes half the usual time; half the normal materials "
                   "consumed; or product is unusually beautiful, valuable or effective.",
    "Simple success": "Task succeeds, and any consumable materials are spent.",
    "Simple failure": "Task fails, and any consumable materials are lost.",
    "Minor penalty": "Choose: task takes twice the normal amount of time; task consumes "
                     "twice the normal amount of materials; or tools or equipment are "
                     "damaged, imposing -2 penalty on future attempts until damaged tools "
                     "are repaired or replaced.",
    "Major penalty": "Choose: failure damages or destroys the object of the attempt; tools "
                     "or equipment are destroyed, making future attempts impossible until "
                     "lost tools are replaced.",
}


def category_words(result):
    """The category's name and what the outcome means for the attempt
    ('Solid Success', 'Minor bonus'): with critical outcomes not applied
    only the simple success or failure counts (the Critical Outcomes table)."""
    if result["outcome"] == "automatic_success":
        return {"category": "Automatic Success", "outcome_words": "Simple success"}
    cat = CATEGORY[result["outcome"]]
    simple = CATEGORY["success" if result["success"] else "failure"]
    words = cat[5] if result["critical_outcomes"] else simple[5]
    return {"category": cat[1], "outcome_words": words}


def named(result):
    """The rules' record of a judged attempt with its category's words."""
    return {**result, **category_words(result)}


def suggestion_for(outcome_words):
    """The text's suggestion for an outcome ("Two minor bonuses": two picks
    from the minor bonus list)."""
    if outcome_words == "Two minor bonuses":
        return "Two of the minor bonuses. " + SUGGESTIONS["Minor bonus"]
    if outcome_words == "Two minor penalties":
        return "Two of the minor penalties. " + SUGGESTIONS["Minor penalty"]
    return SUGGESTIONS[outcome_words]


# -- amounts: units in the plural ("arrows"), singular only for exactly 1 ------------
def _singular(unit):
    """The singular of a plural unit by plain English rules ("arrows" ->
    "arrow", "berries" -> "berry", "torches" -> "torch", "potions of
    healing" -> "potion of healing"); a word not ending in a plural s
    ("gold", "brass") is kept as it is."""
    head, sep, rest = unit.partition(" of ")
    words = head.split(" ")
    w = words[-1]
    low = w.lower()
    if low.endswith("ies") and len(w) > 3:
        w = w[:-3] + ("Y" if w[-3:].isupper() else "y")
    elif low.endswith(("sses", "shes", "ches", "xes", "zzes")):
        w = w[:-2]
    elif low.endswith("s") and not low.endswith(("ss", "us", "is")) and len(w) > 1:
        w = w[:-1]
    words[-1] = w
    return " ".join(words) + sep + rest


def amount(n, unit):
    """A number with its unit: the singular only for exactly 1 ("0 arrows",
    "1 arrow", "2 arrows"); no unit, just the number."""
    if not unit:
        return str(n)
    return f"{n} {_singular(unit) if n == 1 else unit}"


# -- the steps of a check roll ------------------------------------------------------
def times(n):
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def cr_words(rating, name):
    """'CR 9 (Moderate)', or 'CR 11' off the table."""
    return f"CR {rating} ({name})" if name else f"CR {rating}"


def trivial_text(rating, name):
    """"CR 3 is Trivial" (or "CR 2 is Trivial (3 or less)" for a number below
    the rank): the rank named once, no nested brackets."""
    return f"CR {rating} is Trivial" + ("" if name else f" ({TRIVIAL_CR} or less)")


def rank_note(stat, modification, sides):
    """Where the modification would take the die past d2..d20, or None."""
    wanted = stat + modification
    if sides == wanted:
        return None
    where = "below" if wanted < sides else "above"
    return f"the modification would take the die {where} d{sides}; rolling d{sides}"


def chain_faces(rolls, who=None):
    """The faces of each die's chain (a die and its explosions), in order,
    of the rolls of one side (`who`; None: a check with no sides)."""
    chains, order = {}, []
    for i, r in enumerate(rolls):
        if r.get("who") != who:
            continue
        key = r.get("chain", ("die", i))
        if key not in chains:
            chains[key] = []
            order.append(key)
        chains[key].append(r["value"])
    return [chains[k] for k in order]


def attempt_steps(part, attempt, rolls, who=""):
    """The steps of one check roll: the stat die, each chain, the sum."""
    sides = attempt["sides"]
    steps = []
    if part["modification"]:
        whose = f"{who.capitalize()}'s stat" if who else "Stat"
        steps.append(f"{whose} {part['stat']} with modification "
                     f"{signed(part['modification'], zero='0')} rolls d{sides}.")
    note = rank_note(part["stat"], part["modification"], sides)
    if note:
        steps.append(f"Note: {note}.")
    prefix = f"{who.capitalize()}'s stat die" if who else "Stat die"
    faces = chain_faces(rolls, who or None)
    for i, (text, chain) in enumerate(zip(attempt["chains"], faces)):
        n = len(chain) - 1
        steps.append(f"{prefix} {i + 1} (d{sides}): {text}"
                     + (f" (exploded {times(n)})" if n else "") + ".")
    sums = [sum(c) for c in faces]
    sum_line = f"{' + '.join(str(s) for s in sums)} = {attempt['dice_total']}"
    if attempt["adjustment"]:
        sum_line += (f"; adjustment {signed(attempt['adjustment'], zero='0')} (once, after "
                     f"explosions) gives {attempt['total']}")
    who_text = f"{who.capitalize()}'s check roll" if who else "Check roll"
    steps.append(f"{who_text}: {sum_line}.")
    return steps


def judge_steps(result):
    """The margin, its ranks and category, and whether critical outcomes apply."""
    total, cr, margin, success = result["total"], result["cr"], result["margin"], result["success"]
    cat = CATEGORY[result["outcome"]]
    side = "success" if success else "failure"
    steps = [
        f"Margin: {total} - {cr} = {signed(margin, zero='0')}"
        f" ({'equal to or above' if success else 'below'} the CR: {side}).",
        f"Ranks of {side}: 1 + floor({abs(margin)} / 3) = {result['ranks']}: {cat[1]}"
        f" (margin {cat[4]}, {cat[3]}{' or more' if cat[3] == 4 else ''}"
        f" rank{'s' if cat[3] > 1 else ''}).",
    ]
    if result["outcome"] not in ("success", "failure"):
        words = result["outcome_words"].lower()
        if result["critical_outcomes"]:
            steps.append(f"Critical outcomes applied: {words}; "
                         f"{plural(result['character_points'], 'character point')} for the hero.")
        else:
            steps.append("Critical outcomes not applied (the GM's call): "
                         f"treated as a {words}; no character points.")
    return steps


def ranks_words(result):
    n = result["ranks"]
    return f"{plural(n, 'rank')} of {'success' if result['success'] else 'failure'}"


def automatic_words(result):
    """A Trivial challenge with no roll."""
    text = trivial_text(result["cr"], result["cr_rank"])
    words = category_words(result)
    return {"summary": f"{text}: an automatic success (no roll).",
            "steps": [f"{text}: an automatic success, no dice rolled (no roll asked for, and "
                      "critical outcomes are not applied)."],
            "suggestion": suggestion_for(words["outcome_words"]), **words}


def with_rank_note(attempt, part):
    """The attempt's record with its stat die's note (None when unclamped)."""
    return {**attempt, "rank_note": rank_note(part["stat"], part["modification"],
                                              attempt["sides"])}


# -- words -----------------------------------------------------------------------
def title(ctx, *paths):
    """'Check roll: Forage' from the first part of the form filled with a
    skill or stat, else the check's label."""
    for path in paths:
        if ctx.label(path):
            return ctx.title(path)
    return ctx.title("")


def what(ctx, *paths):
    for path in paths:
        if ctx.label(path):
            return ctx.label(path)
    return ctx.check_label


# what shifts the stat die before the roll and what is added after it
MODIFIERS = (("modification", "Modification"), ("adjustment", "Adjustment"))


def modded(what_text, part):
    """'Brawn, modification +1, adjustment -2' for the history line."""
    return with_modifiers(what_text, modifier_text(modifiers(part, MODIFIERS)))


def parts_modded(what_text, parts):
    """'Brawn (Alrik modification +1; the target adjustment +2)'; `parts` [(who, values)]."""
    return with_part_modifiers(what_text, [(who, modifier_text(modifiers(v, MODIFIERS)))
                                           for who, v in parts])


def cr_text(rating, rank):
    return f"{rating} ({rank})" if rank else str(rating)


def label(result):
    """'Decisive Failure (2 ranks)': rules.md, with critical outcomes off the
    headline still names the category and its ranks."""
    if result["outcome"] == "automatic_success":
        return None
    return f"{result['category']} ({plural(result['ranks'], 'rank')})"


def tone(ctx, result, side_tone=False):
    """Critical outcomes applied: great/awful for the critical categories;
    not applied: only the simple success or failure counts (good/bad)."""
    outcome = result["outcome"]
    if result.get("critical_outcomes") or outcome == "automatic_success":
        out = ctx.tone(outcome)
    else:
        out = "good" if result["success"] else "bad"
    if side_tone and ctx.side == "target":
        out = MIRROR[out]
    return out


def headline(ctx, result, side_tone=False):
    return Headline(label(result) or ctx.words(result["outcome"]),
                    tone(ctx, result, side_tone))


def dice_text(attempt):
    """'2d8!: 5, 8 -> 8 -> 3 = 19, adjustment +1: check roll 25'."""
    text = f"2{attempt['die']}!: {', '.join(attempt['chains'])}"
    if attempt.get("adjustment"):
        text += f", adjustment {signed(attempt['adjustment'], zero='0')}"
    return f"{text}: check roll {attempt['total']}"


# -- notes ------------------------------------------------------------------------
def critical_note(result):
    if result["outcome"] in SIMPLE or result.get("critical_outcomes"):
        return None
    simple = "success" if result["success"] else "failure"
    return f"Critical outcomes are not applied: this counts as a simple {simple}."


def rank_notes(*attempts):
    return [cap(a["rank_note"]) + "." for a in attempts if a and a.get("rank_note")]


def trivial_note(values, result, scaling=False):
    if not result.get("trivial") or result.get("total") is None:
        return None
    if scaling:
        return ("A Trivial challenge, but a scaling challenge is always rolled "
                "(its ranks set the yield).")
    why = ("the GM asked for a roll" if values.get("roll_trivial")
           else "critical outcomes are applied")
    return f"A Trivial challenge, rolled anyway: {why}."


def notes(*items):
    return [n for n in items if n]


def points_note(result):
    if not result.get("critical_outcomes") or result["outcome"] in SIMPLE:
        return None
    return (f"Critical outcomes applied: {result['outcome_words'].lower()}; "
            f"{plural(result['character_points'], 'character point')} for the hero.")


# -- facts ----------------------------------------------------------------------------
def judged_facts(result, cr_label="CR"):
    facts = []
    if result.get("margin") is not None:
        facts.append(fig("Margin", signed(result["margin"], zero="0"), "margin"))
        facts.append(fig("Ranks", f"{result['ranks']} of "
                                  f"{'success' if result['success'] else 'failure'}", "ranks"))
    facts.append(fig(cr_label, cr_text(result["cr"], result.get("cr_rank")), "cr"))
    if result.get("critical_outcomes"):
        facts.append(fig("Character points", result["character_points"], "character_points"))
    return facts


def roll_facts(values, result):
    """The stat die when a modification or the clamp changed it, and the
    adjustment typed in (an assist bonus is a fact of its own)."""
    facts = mod_facts(values)
    if result.get("die") and (values.get("modification") or result.get("rank_note")):
        facts.insert(1 if values.get("modification") else 0, fig("Stat die", result["die"], "die"))
    return facts


def side_facts(who, values):
    """The other side's modification and adjustment (the instigator's are
    the card's own facts): 'Target: Adjustment' '+2'."""
    return [fig(f"{who}: {f.label}", f.value, f"{who}.{f.key}") for f in mod_facts(values)]


def mod_facts(values):
    facts = []
    if values.get("modification"):
        facts.append(fig("Modification", f"{signed(values['modification'])} (die ranks)", "modification"))
    if values.get("adjustment"):
        facts.append(fig("Adjustment", signed(values["adjustment"]), "adjustment"))
    return facts


def choices(result):
    if not result.get("suggestion"):
        return []
    return [Choice("The rules suggest", result["suggestion"])]


# -- dice -------------------------------------------------------------------------------
def dice(rolls):
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
    for v, text in zip(views, labels):
        v.label = text
    return views


def of(rolls, who):
    return [i for i, r in enumerate(rolls) if r.get("who") == who]


def card_line(subject, what_text, result, key_text):
    return line(subject, what_text, label(result) or "automatic success", key_text)


def key_text(result):
    if result.get("total") is None:
        return f"CR {cr_text(result['cr'], result.get('cr_rank'))}"
    return f"total {result['total']} vs CR {result['cr']}"


# -- the character sheet ---------------------------------------------------------
def fill_labels(options):
    """The label of each option sheet.fill_options found: 'Brawn d8',
    'Forage (Savvy d6)'."""
    out = []
    for o in options:
        die = o["values"]["stat"]
        text = f"{o['name']} d{die}" if o["kind"] == "stat" else f"{o['name']} ({o['stat']} d{die})"
        out.append({"label": text, "values": o["values"], "what": o["what"]})
    return out
