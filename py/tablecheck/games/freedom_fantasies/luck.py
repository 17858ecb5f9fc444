"""Luck checks: a bare d20 against the Luck DC table; the highest Luck DC
met names the favourability; a natural 20 is a lucky break. The Lucky
reroll policy and the check with no DC: the package's docstring."""

from fractions import Fraction

from .d20 import all_labels, kept_dist, kept_info, roll_d20s, tally
from .tables import LUCK_DCS, dc_value, favourability
from .terms import FAVOURABILITY_KEYS, LUCK_OUTCOMES


def luck_outcome(face, dc):
    if face == 20:
        return "lucky_break"
    return "success" if face >= dc else "fail"


def luck_dc(values):
    """(DC, its table words); (None, None) when no DC is set: the roll then
    reads favourability only."""
    if values["dc"] is None:
        return None, None
    return dc_value(values["dc"], LUCK_DCS, "dc")


def luck_label(face, dc):
    """The outcome label; with no DC (favourability only) nothing is tested,
    and the label is the contract's `success` (or `lucky_break` on a 20)."""
    return luck_outcome(face, 0 if dc is None else dc)


def rerolls(face, dc):
    """The Lucky reroll policy: with a DC, reroll a failed result only (the
    second roll stands); with no DC, always reroll once and keep the new roll."""
    return dc is None or luck_label(face, dc) == "fail"


def luck_resolve(values, tray):
    dc, words = luck_dc(values)
    t = tally(values)
    roll = roll_d20s(tray, t)
    rerolled = False
    if values["lucky_reroll"] and rerolls(roll.value, dc):
        for d in roll.dice:
            d.rerolled = True
            d.kept = False
        roll = roll_d20s(tray, t, "reroll")
        rerolled = True
    face = roll.value
    outcome = luck_label(face, dc)
    fav_key, fav_words = favourability(face)
    point = ("tension" if values["gm"] else "momentum") if face == 20 else None
    kept_info(roll, dc=dc)
    return {
        "outcome": outcome, "success": outcome != "fail",
        "result": face, "dc": dc, "dc_label": words, "favourability_only": dc is None,
        "kept": face, "favourability": fav_key,
        "favourability_label": fav_words, "rerolled": rerolled,
        "d20s": [d.value for d in tray.dice], "advantages": t.advantages,
        "critical": face == 20, "point": point,
    }


def luck_odds(values):
    dc, _ = luck_dc(values)
    t = tally(values)
    kept = kept_dist(t.net)
    first = kept.probs()
    p_reroll = Fraction(0)
    if values["lucky_reroll"]:
        # rerolls(f, dc) says which first rolls are rerolled; the second stands
        p_reroll = sum((p for f, p in first.items() if rerolls(f, dc)), Fraction(0))
        final = {f: (0 if rerolls(f, dc) else p) + p_reroll * p for f, p in first.items()}
    else:
        final = first
    outcomes, fav = {}, {}
    for f, p in final.items():
        label = luck_label(f, dc)
        outcomes[label] = outcomes.get(label, 0) + p
        key = favourability(f)[0]
        fav[key] = fav.get(key, 0) + p
    return {"outcomes": all_labels(outcomes, LUCK_OUTCOMES), "dc": dc,
            "favourability_only": dc is None, "dice": t.dice,
            "kept_die": final, "reroll_chance": p_reroll,
            "favourability": {k: fav.get(k, Fraction(0)) for k, _ in FAVOURABILITY_KEYS}}
