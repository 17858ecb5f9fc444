"""What a person sees of a Freedom Fantasies result or its odds: the words
every check shares (the d20s, the Result's sum, Benefits and Detriments,
the DC's name) and what a character's sheet fills. The checks' own cards:
cards_skill.py (skill, opposed), cards_attack.py, cards_effect.py,
cards_luck.py. Cards read records; they compute no rule."""

from ...display.common import chart, die_views, fig, modifier_facts, modifier_text, modifiers, with_modifiers
from ...display.model import Choice, Option
from ...display.words import pct_text, signed
from .terms import ABILITY_NAME

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

# what each Ability is used for (the catalog's words)
ABILITY_USES = {
    "fight": "exerting significant physical force or effort",
    "finesse": "physical care, precision or dexterity",
    "flair": "influencing others or creative expression",
    "focus": "gaining or recalling information",
    "flight": "moving quickly and evading harm",
}

DETRIMENT_WORDS = {
    "stress": "The Character gains a Stress Point",
    "tension": "The GM gains a Tension Point",
    "complication": "A Complication of the Player's suggestion (the GM may adjust it)",
}
BENEFIT_WORDS = {
    "lose_stress": "The Character loses a Stress Point",
    "momentum": "The Player gains a Momentum Point",
    "boon": "A Boon of the Player's suggestion (the GM may adjust it)",
}
OPTION_WORDS = {**DETRIMENT_WORDS, **BENEFIT_WORDS}

# what adds an advantage or a disadvantage, in the tally's words
PART_WORDS = {"talent": "Talent", "specialism": "Specialism", "lucky": "Lucky",
              "unfamiliar": "unfamiliar tool or weapon",
              "threatened_ranged": "threatened at a distance"}


def options(keys):
    """[{id, label}] of Detriments or Benefits (the catalog's and a result's)."""
    return [{"id": k, "label": OPTION_WORDS[k]} for k in keys]


def what(ctx, path=""):
    return ctx.label(path) or ctx.check_label


def dc_text(dc, words=None):
    """'10 (Challenging)', or the bare number off the tables."""
    return f"{dc} ({words})" if words else str(dc)


def dc_words(dc, words):
    """'DC 10 (Challenging)', or 'DC 12' off the tables."""
    return f"DC {dc}" + (f" ({words})" if words else "")


def term(n):
    """A number as a term of a sum: '3', '(-2)' (not a sign: words.signed)."""
    return f"{n}" if n >= 0 else f"({n})"


# -- the steps every check shares -------------------------------------------------
def tally_text(t):
    """'Advantages 1 + Talent = 2, disadvantages 0; net +2: roll 3 d20 and keep the highest.'"""
    def part(word, total, parts):
        if len(parts) > 1 or (parts and not isinstance(parts[0], int)):
            names = [str(p) if isinstance(p, int) else PART_WORDS[p] for p in parts]
            return f"{word} {' + '.join(names)} = {total}"
        return f"{word} {total}"
    head = (f"{part('Advantages', t.advantages, t.adv_parts)}, "
            f"{part('disadvantages', t.disadvantages, t.dis_parts)}")
    if t.net > 0:
        how = f"net +{t.net}: roll {t.dice} d20 and keep the highest"
    elif t.net < 0:
        how = f"net {t.net}: roll {t.dice} d20 and keep the lowest"
    else:
        how = "net 0: roll one d20" if t.advantages else "roll one d20"
    if t.advantages and t.disadvantages:
        how = "they cancel one for one, " + how
    return f"{head}; {how}."


def roll_text(faces, kept):
    """'Rolled 7.' or 'Rolled 3, 17: kept 17.'"""
    if len(faces) == 1:
        return f"Rolled {kept}."
    return f"Rolled {', '.join(str(f) for f in faces)}: kept {kept}."


def result_step(values, face, total, who=""):
    """'Result = d20 9 + FLAIR 3 + other bonuses (-1) = 11.'"""
    ability = values.get("ability")
    name = ABILITY_NAME[ability] if ability else "ability bonus"
    parts = [f"d20 {face}", f"{name} {term(values['bonus'])}"]
    if values.get("other_bonus"):
        parts.append(f"other bonuses {term(values['other_bonus'])}")
    return f"{who}Result = {' + '.join(parts)} = {total}."


def with_choices(result):
    """The result's choices with the words of each option."""
    picks = result.get("choices")
    if not picks:
        return {}
    return {"choices": {"pick": picks["pick"], "options": options(picks["options"])}}


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


def dice(result):
    return die_views(result.get("rolls", []), notes=_die_notes, label=_die_label)


def net_fact(result, key="net_advantage", label="Net advantage"):
    net = result.get(key)
    if not net:
        return None
    return fig(label, signed(net), key)


def kept_fact(result, key="kept", d20s="d20s", label="Kept die"):
    """The kept d20, where more than one was rolled."""
    if len(result.get(d20s) or []) < 2:
        return None
    return fig(label, result[key], key)


# -- Momentum, Tension, Benefits and Detriments ----------------------------------
def point_note(result):
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


def choices(result):
    picks = result.get("choices")
    if not picks or picks.get("pick") not in CHOICE_WORDS:
        return []
    label, text = CHOICE_WORDS[picks["pick"]]
    opts = [Option(o["id"], o["label"]) for o in picks.get("options") or []]
    return [Choice(label, text, id=picks["pick"], options=opts)]


# -- odds -------------------------------------------------------------------------
def d20_charts(odds):
    out = []
    if odds.get("kept_die"):
        out.append(chart("Kept d20", odds["kept_die"], "kept_die"))
    if odds.get("distribution"):
        out.append(chart("Result", odds["distribution"], "distribution"))
    return out


def success_fig(odds, fails=("fail", "miss")):
    p = sum((v for k, v in odds["outcomes"].items() if k not in fails), 0)
    return fig("Chance of success", pct_text(p), "success_chance")


def net_fig(odds):
    net = odds.get("net_advantage")
    if not net:
        return None
    return fig("Net advantage", f"{signed(net)} ({odds['dice']} d20)", "net_advantage")


# the situation's bonus or penalty (the ability bonus is the character's own)
MODIFIER = (("other_bonus", "Other bonuses"),)


def modded(what, part, who=None):
    """(what with the part's other bonuses, their facts): 'Persuade, other bonuses -2'."""
    mods = modifiers(part, MODIFIER)
    return with_modifiers(what, modifier_text(mods)), modifier_facts(mods, who)


# -- the character sheet ---------------------------------------------------------
def fill_labels(options):
    """The label of each option sheet.fill_options found: 'FLAIR +3',
    'FIGHT +2, DR 3', 'Borin as the target (FINESSE 1, FLAIR 2, Defense 1)'."""
    out = []
    for o in options:
        values = o["values"]
        if o["kind"] == "ability":
            label = f"{o['ability']} {signed(values['bonus'])}"
            if "damage_rating" in values:
                label += f", DR {values['damage_rating']}"
        else:
            name = o["name"] or "This character"
            label = (f"{name} as the target (FINESSE {o['finesse']}, FLAIR {o['flair']}, "
                     f"Defense {o['defense']})")
        out.append({"label": label, "values": values, "what": o["what"]})
    return out
