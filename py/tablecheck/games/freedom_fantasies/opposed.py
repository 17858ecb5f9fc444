"""Opposed checks: both sides roll Skill Checks; the target's result is the
DC and a tie goes to the active side (the target's natural 20: the
package's docstring)."""

from .d20 import all_labels, kept_dist, kept_info, result_of, roll_d20s, tally
from .skill import skill_band, skill_extras
from .terms import SKILL_OUTCOMES


def opposed_resolve(values, tray):
    a, b = values["active"], values["target"]
    gm = values["gm"]
    ta, tb = tally(a), tally(b)
    ra = roll_d20s(tray, ta, "active")
    rb = roll_d20s(tray, tb, "target")
    result = result_of(a, ra.value)
    dc = result_of(b, rb.value)
    outcome = skill_band(ra.value, result, dc, gm)
    kept_info(ra, result=result, dc=dc)
    kept_info(rb, result=dc)
    out = {
        "outcome": outcome, "success": outcome != "fail",
        "result": result, "dc": dc, "target_result": dc, "margin": result - dc,
        "kept": ra.value, "target_kept": rb.value,
        "d20s": [d.value for d in ra.dice], "target_d20s": [d.value for d in rb.dice],
        "net_advantage": ta.net, "target_net_advantage": tb.net,
    }
    out.update(skill_extras(outcome, ra.value, gm))
    return out


def opposed_odds(values):
    a, b = values["active"], values["target"]
    gm = values["gm"]
    ka, kb = kept_dist(tally(a).net), kept_dist(tally(b).net)
    ma = a["bonus"] + a["other_bonus"]
    target_result = kb + (b["bonus"] + b["other_bonus"])
    labels = ka.combine(target_result, lambda f, dc: skill_band(f, f + ma, dc, gm))
    return {"outcomes": all_labels(labels.probs(), SKILL_OUTCOMES),
            "target_result": target_result.probs(),
            "distribution": (ka + ma).probs(), "dice": tally(a).dice,
            "target_dice": tally(b).dice}
