"""What a person sees of a Shadows of the Unknown result or its odds.

Reads the rules' records (it computes no rule): the task's summary and
steps, its card naming the roll against the target number (TN) and the
difficulty level, its odds view (what an outstanding success takes, the
rules' `Outstanding`, comes from the wiring), and the labels of what a
character's sheet fills. The dice check shows the generic roller's card and
odds view (the wiring finds them).
"""

from ...display.common import fig, headline, line, outcome_rows
from ...display.model import Card, DieView, Figure, OddsView
from ...display.words import low, pct_text, signed
from .terms import DIFFICULTY_WORDS, FACTOR_TEXT, FACTORS, TASK_OUTCOMES

TASK_TONES = {
    "automatic_success": "good",
    "outstanding_success": "great",
    "success": "good",
    "failure": "bad",
}
DICE_TONES = {"rolled": "neutral"}

SUCCESSES = ("automatic_success", "outstanding_success", "success")


# -- the task's summary and steps -------------------------------------------
def _base_step(values, base):
    rating, attr = values["rating"], values.get("controlling_attribute")
    if attr is None:
        return f"Rating {rating}"
    return f"Skill {rating} + controlling attribute {attr} = {base}"


def _target_step(base, difficulty, tn):
    """'Formidable task: 13 x1/2 = 6.5, rounded down to 6: target number 6'."""
    factor = FACTORS[difficulty]
    exact = base * factor
    text = f"{DIFFICULTY_WORDS[difficulty]} task: {base} {FACTOR_TEXT[factor]}"
    if exact.denominator != 1:
        text += f" = {float(exact):g}, rounded down to {tn}"
    else:
        text += f" = {tn}"
    return text + f": target number {tn}"


def _roll_steps(result, out):
    roll, tn, outcome, success = result["roll"], result["target"], result["outcome"], \
        result["success"]
    if roll == 20:
        steps = [f"Rolled a natural 20: it always fails (target {tn})."]
    elif roll == 1 and tn < 1:
        steps = [f"Rolled a natural 1: it always succeeds, even against target {tn}."]
    elif success:
        steps = [f"Rolled {roll} <= {tn}: success."]
    else:
        steps = [f"Rolled {roll} > {tn}: failure."]
    if outcome == "outstanding_success":
        steps.append(f"{roll} is at least {out.margin} under {tn} "
                     f"({tn} - {roll} = {result['margin']}): outstanding success.")
    elif success and out.needs is not None:
        steps.append(f"An outstanding success needs {out.needs} or less.")
    elif success:
        steps.append(f"An outstanding success is out of reach (it needs a target of "
                     f"{out.min_target} or more).")
    if result["margin"] is None:  # the natural 1 or 20 decided against the arithmetic
        steps.append(f"No margin: the natural {roll} decided by itself "
                     f"({'failure' if roll == 20 else 'success'} whatever the target).")
    return steps


def task_words(values, result, out):
    """The task's summary and steps; `out` what an outstanding success
    takes at the TN (the rules' `Outstanding`, None for an automatic task:
    the wiring passes it)."""
    base, difficulty = result["base"], result["difficulty"]
    if difficulty == "automatic":
        return {"summary": "Automatic success: an everyday task, no roll needed.",
                "steps": [_base_step(values, base),
                          "Automatic task: no roll, success for any level of expertise "
                          "(skill 1+)."]}
    tn = result["target"]
    steps = [_base_step(values, base), _target_step(base, difficulty, tn)] + _roll_steps(result, out)
    summary = (f"{dict(TASK_OUTCOMES)[result['outcome']]}: rolled {result['roll']} on the d20 "
               f"against target number {tn} ({DIFFICULTY_WORDS[difficulty]}).")
    return {"summary": summary, "steps": steps}


# -- the task's card and odds --------------------------------------------------
def _difficulty_words(difficulty):
    return DIFFICULTY_WORDS.get(difficulty, str(difficulty))


def _tn_text(result):
    """'4 (Near Impossible)'."""
    return f"{result['target']} ({_difficulty_words(result['difficulty'])})"


def _base_text(values, base):
    """'13 (skill 3 + controlling attribute 10)', or the attribute alone."""
    attr = values.get("controlling_attribute")
    if attr is None:
        return str(base)
    return f"{base} (skill {values['rating']} + controlling attribute {attr})"


def _what(ctx):
    return ctx.label("") or ctx.check_label


def _natural_note(result):
    """Where the die decided by itself, against the arithmetic (seed: a
    natural 1 always succeeds, a natural 20 always fails)."""
    roll, tn = result.get("roll"), result.get("target")
    if roll == 20 and roll <= tn:
        return f"Natural 20: always a failure, even under TN {tn}."
    if roll == 1 and roll > tn:
        return f"Natural 1: always a success, even over TN {tn}."
    return None


def _outstanding_note(result, out):
    if result["outcome"] != "success" or out.needs is None:
        return None
    return f"An outstanding success needs a roll of {out.needs} or less."


def task_card(ctx, values, result, out):
    """The task's card; `out` as for task_words."""
    outcome = result["outcome"]
    subject = ctx.name("")
    words = ctx.words(outcome)
    if outcome == "automatic_success":
        return Card(
            title=ctx.title(), subject=subject, headline=headline(ctx, outcome),
            facts=[fig("Base", _base_text(values, result["base"]), "base"),
                   fig("Task difficulty", "Automatic (no roll)", "difficulty")],
            notes=["An everyday task: no roll needed for anyone with the skill."],
            line=line(subject, _what(ctx), low(words), "no roll"),
            dice=[],
        )
    roll, tn = result["roll"], result["target"]
    facts = [fig("Target number (TN)", _tn_text(result), "target"),
             fig("Base", _base_text(values, result["base"]), "base")]
    if result.get("margin") is not None:
        facts.append(fig("Margin (TN - roll)", signed(result["margin"], zero="0"), "margin"))
    notes = [n for n in (_natural_note(result), _outstanding_note(result, out)) if n]
    die_notes = [f"TN {tn}"]
    if result.get("natural"):
        die_notes.append(f"natural {roll}")
    return Card(
        title=ctx.title(), subject=subject, headline=headline(ctx, outcome),
        key=Figure("Roll", str(roll), "roll"),
        facts=facts, notes=notes,
        line=line(subject, _what(ctx), low(words),
                  f"rolled {roll} vs TN {_tn_text(result)}"),
        dice=[DieView("Task roll", die_notes)],
    )


def task_odds(ctx, values, odds, out):
    """The task's odds view; `out` as for task_words."""
    outcomes = odds.get("outcomes", {})
    if odds.get("target") is None:  # automatic: no roll
        return OddsView(outcomes=outcome_rows(ctx, odds),
                        status="Automatic: an everyday task succeeds without a roll.")
    success = sum((outcomes.get(o, 0) for o in SUCCESSES), 0)
    figures = [fig("Target number (TN)", odds["target"], "target"),
               fig("Chance of success", pct_text(success), "success_chance")]
    notes = ["A natural 1 always succeeds and a natural 20 always fails."]
    if out.needs is None:
        notes.append(f"An outstanding success ({out.margin} or more under the TN) needs a TN "
                     f"of {out.min_target} or more.")
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=figures, notes=notes)


# -- the character sheet ---------------------------------------------------------
def fill_labels(options):
    """The label of each option sheet.fill_options found: 'Agility 12',
    'Stealth 3 + Agility 12', 'Stealth 3' (no controlling attribute)."""
    out = []
    for o in options:
        if o["kind"] == "attribute":
            label = f"{o['name']} {o['value']}"
        elif o["attribute"]:
            label = f"{o['name']} {o['rating']} + {o['attribute']} {o['a']}"
        else:
            label = f"{o['name']} {o['rating']}"
        out.append({"label": label, "values": o["values"], "what": o["what"]})
    return out
