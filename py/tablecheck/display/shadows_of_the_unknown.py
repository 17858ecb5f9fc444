"""What a person sees of a Shadows of the Unknown result or its odds.

Reads the records of systems/shadows_of_the_unknown.py (it computes no rule):
the task card names the roll against the target number (TN) and the
difficulty level; the dice check is the generic roller's card
(games/dice_roller/cards.py), looked up when it is called.
"""

from ..sheets import rows, whole
from .common import chart, fig, headline, line, outcome_rows, plain_card, plain_odds
from .model import Card, DieView, Figure, OddsView
from .words import pct_text, signed

TASK_TONES = {
    "automatic_success": "good",
    "outstanding_success": "great",
    "success": "good",
    "failure": "bad",
}
DICE_TONES = {"rolled": "neutral"}

SUCCESSES = ("automatic_success", "outstanding_success", "success")


def _difficulty_words(difficulty):
    from ..systems.shadows_of_the_unknown import DIFFICULTY_WORDS
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


def _low(text):
    return text[:1].lower() + text[1:]


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


def _outstanding_note(result):
    if result["outcome"] != "success":
        return None
    need = result["target"] - 10  # seed: "at least 10 points below" the TN
    if need >= 1:
        return f"An outstanding success needs a roll of {need} or less."
    return None


def task_card(ctx, values, result):
    outcome = result["outcome"]
    subject = ctx.name("")
    words = ctx.words(outcome)
    if outcome == "automatic_success":
        return Card(
            title=ctx.title(), subject=subject, headline=headline(ctx, outcome),
            facts=[fig("Base", _base_text(values, result["base"]), "base"),
                   fig("Task difficulty", "Automatic (no roll)", "difficulty")],
            notes=["An everyday task: no roll needed for anyone with the skill."],
            line=line(subject, _what(ctx), _low(words), "no roll"),
            dice=[],
        )
    roll, tn = result["roll"], result["target"]
    facts = [fig("Target number (TN)", _tn_text(result), "target"),
             fig("Base", _base_text(values, result["base"]), "base")]
    if result.get("margin") is not None:
        facts.append(fig("Margin (TN - roll)", signed(result["margin"], zero="0"), "margin"))
    notes = [n for n in (_natural_note(result), _outstanding_note(result)) if n]
    die_notes = [f"TN {tn}"]
    if result.get("natural"):
        die_notes.append(f"natural {roll}")
    return Card(
        title=ctx.title(), subject=subject, headline=headline(ctx, outcome),
        key=Figure("Roll", str(roll), "roll"),
        facts=facts, notes=notes,
        line=line(subject, _what(ctx), _low(words),
                  f"rolled {roll} vs TN {_tn_text(result)}"),
        dice=[DieView("Task roll", die_notes)],
    )


def task_odds(ctx, values, odds):
    outcomes = odds.get("outcomes", {})
    if odds.get("target") is None:  # automatic: no roll
        return OddsView(outcomes=outcome_rows(ctx, odds),
                        status="Automatic: an everyday task succeeds without a roll.")
    success = sum((outcomes.get(o, 0) for o in SUCCESSES), 0)
    figures = [fig("Target number (TN)", odds["target"], "target"),
               fig("Chance of success", pct_text(success), "success_chance")]
    notes = ["A natural 1 always succeeds and a natural 20 always fails."]
    if odds["target"] < 11:
        notes.append("An outstanding success (10 or more under the TN) needs a TN of 11 or more.")
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=figures, notes=notes)


# -- dice expressions: the generic roller's views ------------------------------
def dice_card(ctx, values, result):
    """The dice roller's card (games/dice_roller/cards.py), or the plain card
    while that module is not there."""
    try:
        from ..games.dice_roller.cards import roll_card
    except ImportError:
        return plain_card(ctx, values, result)
    return roll_card(ctx, values, result)


def dice_odds(ctx, values, odds):
    try:
        from ..games.dice_roller.cards import roll_odds
    except ImportError:
        view = plain_odds(ctx, values, odds)
        if odds.get("distribution"):
            view.charts.append(chart("Total", odds["distribution"], "distribution"))
        return view
    return roll_odds(ctx, values, odds)


# -- the character sheet ---------------------------------------------------------
def fill(character, params):
    """What a Shadows character puts into a task form (as characters.js did):
    an attribute fills `rating` (and clears `controlling_attribute`), a skill
    fills `rating` and `controlling_attribute`, or their sum where the form
    has no controlling attribute. Rows with bad data are left out."""
    if "rating" not in params:
        return []
    ctl = "controlling_attribute" in params
    attributes = {}
    out = []
    for r in rows(character, "attributes"):
        name, value = r.get("name"), whole(r.get("value"))
        if not isinstance(name, str) or not name or value is None:
            continue
        attributes.setdefault(name, value)
        values = {"rating": value, "controlling_attribute": None} if ctl else {"rating": value}
        out.append({"label": f"{name} {value}", "values": values, "what": name})
    for s in rows(character, "skills"):
        name, rating, attr = s.get("name"), whole(s.get("rating")), s.get("attribute")
        if not isinstance(name, str) or not name or rating is None:
            continue
        a = attributes.get(attr, 0) if isinstance(attr, str) else 0  # an unknown one counts 0
        values = ({"rating": rating, "controlling_attribute": a} if ctl
                  else {"rating": rating + a})
        label = f"{name} {rating} + {attr} {a}" if isinstance(attr, str) and attr else \
            f"{name} {rating}"
        out.append({"label": label, "values": values, "what": name})
    return out
