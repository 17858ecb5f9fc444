"""Effect checks: resist an Effect, d20 + Ability against a table DC, 10 +
the source's Ability, or a Spell DC (10 + the caster's higher of FLAIR and
FOCUS); binary, and a kept natural 20 is a lucky escape."""

from dataclasses import dataclass

from ...errors import InvalidRequest
from .d20 import all_labels, kept_dist, kept_info, outcome_probs, result_of, roll_d20s, tally
from .tables import EFFECT_DCS, dc_value
from .terms import EFFECT_OUTCOMES


def effect_outcome(face, result, dc):
    if face == 20:
        return "lucky_escape"
    return "success" if result >= dc else "fail"


@dataclass
class EffectDC:
    dc: int
    way: str  # "dc" (a table DC or a number), "source_ability" or "spell"
    words: object = None  # the table's name of a `dc`, or None
    source: object = None  # the source's Ability (way "source_ability")
    flair: object = None  # the caster's FLAIR and FOCUS (way "spell")
    focus: object = None

    @property
    def higher(self):
        """Which of FLAIR and FOCUS sets a Spell DC."""
        return "FLAIR" if self.flair >= self.focus else "FOCUS"


def effect_dc(values):
    """The DC from the one way given (a refusal names the field)."""
    ways = []
    if values["dc"] is not None:
        ways.append("dc")
    if values["source_ability"] is not None:
        ways.append("source_ability")
    flair, focus = values["spell_flair"], values["spell_focus"]
    if flair is not None or focus is not None:
        if flair is None:
            raise InvalidRequest("spell_flair", "a Spell DC needs both the caster's FLAIR and "
                                                "FOCUS", code="required")
        if focus is None:
            raise InvalidRequest("spell_focus", "a Spell DC needs both the caster's FLAIR and "
                                                "FOCUS", code="required")
        ways.append("spell_flair")
    if not ways:
        raise InvalidRequest("dc", "give a DC, the source's Ability (DC = 10 + it), or the "
                                   "caster's FLAIR and FOCUS (Spell DC)", code="required")
    if len(ways) > 1:
        raise InvalidRequest(ways[1], f"give only one way to set the DC, not both {ways[0]} "
                                      f"and {ways[1]}", code="range")
    if ways[0] == "dc":
        dc, words = dc_value(values["dc"], EFFECT_DCS, "dc", open_top=True)
        return EffectDC(dc, "dc", words)
    if ways[0] == "source_ability":
        return EffectDC(10 + values["source_ability"], "source_ability",
                        source=values["source_ability"])
    return EffectDC(10 + max(flair, focus), "spell", flair=flair, focus=focus)


def effect_resolve(values, tray):
    dc = effect_dc(values)
    t = tally(values)
    roll = roll_d20s(tray, t)
    result = result_of(values, roll.value)
    outcome = effect_outcome(roll.value, result, dc.dc)
    kept_info(roll, result=result, dc=dc.dc)
    return {
        "outcome": outcome, "success": outcome != "fail",
        "result": result, "dc": dc.dc, "dc_label": dc.words, "kept": roll.value,
        "d20s": [d.value for d in roll.dice],
        "advantages": t.advantages, "disadvantages": t.disadvantages, "net_advantage": t.net,
        "critical": roll.value == 20,
    }


def effect_odds(values):
    dc = effect_dc(values).dc
    t = tally(values)
    mod = values["bonus"] + values["other_bonus"]
    kept = kept_dist(t.net)
    outcomes = all_labels(outcome_probs(kept, lambda f: effect_outcome(f, f + mod, dc)),
                          EFFECT_OUTCOMES)
    return {"outcomes": outcomes, "dc": dc, "net_advantage": t.net, "dice": t.dice,
            "kept_die": kept.probs(), "distribution": (kept + mod).probs()}
