"""Skill checks (and the bands an opposed check shares): d20 + Ability
against a DC; fail / partial success (>= DC) / fantastic success (>= DC + 10)
/ critical success (kept natural 20); GM checks: fail / success. A GM's
natural 20 and the Detriments "if nothing happens": the package's docstring."""

from .d20 import all_labels, kept_dist, kept_info, outcome_probs, result_of, roll_d20s, tally
from .tables import SKILL_DCS, dc_value
from .terms import BENEFITS, DETRIMENTS, FANTASTIC_OVER_DC, SKILL_OUTCOMES

SKILL_SUCCESS = ("critical_success", "fantastic_success", "partial_success", "success")


def skill_band(face, result, dc, gm=False):
    """Outcome of a skill (or opposed) check from the kept d20 and the result."""
    if face == 20:  # natural 20: fantastic whatever the result
        return "success" if gm else "critical_success"
    if result < dc:
        return "fail"
    if gm:  # GM checks are binary
        return "success"
    return "fantastic_success" if result >= dc + FANTASTIC_OVER_DC else "partial_success"


def skill_extras(outcome, face, gm):
    """Choices the table picks from (their ids; the words: cards), and any
    Momentum/Tension point."""
    out = {"critical": face == 20, "point": None, "choices": None}
    if face == 20:
        out["point"] = "tension" if gm else "momentum"
    if gm:
        return out
    if outcome == "partial_success":
        out["choices"] = {"pick": "detriment", "options": list(DETRIMENTS)}
    elif outcome in ("fantastic_success", "critical_success"):
        out["choices"] = {"pick": "benefit", "options": list(BENEFITS)}
    elif outcome == "fail":
        # never "nothing happens": with no immediate negative effect the
        # Player chooses a Detriment as though for a Partial Success
        out["choices"] = {"pick": "detriment_if_nothing_happens", "options": list(DETRIMENTS)}
    return out


def skill_dc(values):
    """(DC, its table words or None)."""
    return dc_value(values["dc"], SKILL_DCS, "dc", open_top=True)


def skill_resolve(values, tray):
    t = tally(values)
    dc, dc_words = skill_dc(values)
    gm = values["gm"]
    roll = roll_d20s(tray, t)
    result = result_of(values, roll.value)
    outcome = skill_band(roll.value, result, dc, gm)
    kept_info(roll, result=result, dc=dc)
    out = {
        "outcome": outcome,
        "success": outcome != "fail",
        "result": result,
        "dc": dc,
        "dc_label": dc_words,
        "kept": roll.value,
        "d20s": [d.value for d in roll.dice],
        "advantages": t.advantages,
        "disadvantages": t.disadvantages,
        "net_advantage": t.net,
        "margin": result - dc,
    }
    out.update(skill_extras(outcome, roll.value, gm))
    return out


def skill_odds(values):
    t = tally(values)
    dc, _ = skill_dc(values)
    mod = values["bonus"] + values["other_bonus"]
    kept = kept_dist(t.net)
    outcomes = all_labels(outcome_probs(kept, lambda f: skill_band(f, f + mod, dc, values["gm"])),
                          SKILL_OUTCOMES)
    return {"outcomes": outcomes, "dc": dc, "net_advantage": t.net, "dice": t.dice,
            "kept_die": kept.probs(), "distribution": (kept + mod).probs()}
