"""What a person sees of a dice expression and of its odds (the generic
roller; Shadows of the Unknown's dice check uses the same two functions).

Reads the records of roll.py (tablecheck.dice.notation's roll and
distribution): the expression as it was read, the total, the dice with
their keep/drop and explosion flags.
"""

from ...dice.notation_roll import FEW_DICE, collector_paused
from ...dice.sources import FACE_TEXTS as FATE_FACES  # minus, 0 (the blank side), plus
from ...display.common import chart, die_notes, fig
from ...display.model import OddsView
from ...display.words import number

TONES = {"rolled": "neutral"}
CHART_MIN_P = 0.0005  # bars below this are left out of a long chart (>60 bars)
SEPARATE_NOTE = ("'!' with keep/drop or counting: every die an explosion adds is a die of its "
                 "own (4d6!kh3 keeps the 3 highest of all dice rolled; 4d6!!kh3 keeps whole "
                 "exploded dice).")


def _term_facts_at(terms):
    """Each dice term's part of the total when there are several terms (its
    inline label, if any, with it), with the index of each term:
    [(i, (label, value, key))]."""
    if len(terms) < 2:
        return []
    out = []
    for i, t in enumerate(terms):
        if t["term"].isdigit():
            continue
        label = f"{t['label']} ({t['term']})" if t.get("label") else t["term"]
        out.append((i, (label, _number(t["total"]), f"terms[{i}]")))
    return out


SORTED = {"a": "sorted, lowest first", "d": "sorted, highest first"}


def _sorted_groups(result):
    """A sorted term's dice drawn in the sorted order (`rolls` keep the
    rolling order): one group per sorted term, [(title, summary, dice)]."""
    out = []
    for t in result.get("terms", ()):
        if "dice" in t:
            title = f"{t['label']} ({t['term']})" if t.get("label") else t["term"]
            out.append((title, SORTED[t["sort"]], list(t["dice"])))
    return out


def _number(v):
    if isinstance(v, float) and not v.is_integer():
        return f"{v:.4g}"
    return str(int(v)) if isinstance(v, float) else str(v)


def _bound(v):
    return "no limit (exploding dice)" if v is None else _number(v)


def _die_notes(roll):
    """What happened to one die, in words."""
    notes = []
    if "rolled" in roll:
        notes.append(f"rolled {roll['rolled']}, counts {roll['value']}")
    if roll.get("was") is not None:
        notes.append(f"reroll of a {roll['was']}")
    if roll.get("compounded"):
        notes.append("compounded")
    if roll.get("exploded"):
        notes.append("exploded")
    if roll.get("penetrated"):
        notes.append("penetrating: counts 1 less")
    if roll.get("success") and roll.get("kept", True):
        notes.append("success")
    if roll.get("failure") and roll.get("kept", True):
        notes.append("failure")
    if roll.get("critical"):
        notes.append(f"critical {roll['critical']}")
    return notes


MARKS = ("exploded", "compounded", "penetrated", "rerolled", "success", "failure")
MARK_SET = frozenset(MARKS)


PLAIN_KEYS = frozenset(("sides", "value", "label", "kept", "chain"))


def _notes_and_marks(roll):
    notes = _die_notes(roll) + die_notes(roll)
    if not all(notes):
        notes = [n for n in notes if n]
    flagged = roll.keys() & MARK_SET  # most dice have one mark or none: test only those
    marks = [m for m in MARKS if m in flagged and roll[m]] if flagged else []
    if roll.get("critical"):
        marks.append(f"critical-{roll['critical']}")
    if roll.get("kept") is False and not roll.get("rerolled"):
        marks.append("dropped")
    return notes, marks


def die_dict(roll):
    """How one die is captioned, as DieView.to_dict writes it (Fate dice
    drawn as dF with -, blank, +)."""
    label = str(roll.get("label", ""))
    if PLAIN_KEYS.issuperset(roll):  # nothing happened to it but keep/drop
        if roll.get("kept") is False:
            return {"label": label, "notes": ["dropped"], "marks": ["dropped"]}
        return {"label": label, "notes": []}
    notes, marks, fate = shown(roll)
    out = {"label": label, "notes": list(notes)}
    if fate:
        out["die"], out["face"] = fate
    if marks:
        out["marks"] = list(marks)
    return out


_SHOWN = {}  # a roll dict's items that its words read -> (notes, marks, (die, face) or None)
# what the words never read: the caption, the explosion chain, the die's size
_UNREAD = frozenset(("label", "chain", "sides"))


def shown(roll):
    """(notes, marks, (die, face) or None) of a roll dict that something
    happened to, worked out once per dict of the same flags (the 900th
    'explosion of d1000 5' that exploded: the same words), as tuples."""
    try:
        # the value is read only with a clamped face ('rolled') or a Fate face
        plain = "rolled" not in roll and "fate" not in roll
        unread = _UNREAD if "confirmation" not in roll else _UNREAD - {"label"}  # die_notes reads it
        key = tuple([kv for kv in roll.items()
                     if kv[0] not in unread and not (plain and kv[0] == "value")])
        words = _SHOWN.get(key)
    except TypeError:  # an item that is not hashable (no roll of the notation has one)
        key = words = None
    if words is None:
        words = _shown(roll)
        if key is not None:
            if len(_SHOWN) >= 1024:
                _SHOWN.clear()
            _SHOWN[key] = words
    return words


def _shown(roll):
    notes, marks = _notes_and_marks(roll)
    fate = (roll["fate"], FATE_FACES.get(roll["value"], str(roll["value"]))) if roll.get("fate") else None
    return tuple(notes), tuple(marks), fate


class RollCard:
    """The card of a rolled expression as the display model's Card.to_dict
    writes it, built straight as dicts (up to 100,000 dice: a Card of
    DieViews took five times as long), with its history `line`.
    api.resolve reads `to_dict()` once; it is new for every roll."""
    __slots__ = ("card", "line")

    def __init__(self, card, line):
        self.card = card
        self.line = line

    def to_dict(self):
        return self.card


def roll_card(ctx, values, result):
    """The card of a rolled expression: '4d6kh3 + 1d8! - 2', Total 14."""
    if len(result["rolls"]) < FEW_DICE:
        return RollCard(*_card(ctx, result))
    with collector_paused():  # up to 100,000 dice: a dict each
        return RollCard(*_card(ctx, result))


def _card(ctx, result):
    """(card dict, line) of a rolled expression."""
    characters, labels = ctx.characters, ctx.labels  # most requests name nobody
    subject = characters.get("") if characters else None
    what = (labels.get("") if labels else None) or result.get("label")
    expression = result["expression"]
    total = result["total"]
    total = str(total) if type(total) is int else result.get("total_text") or _number(total)
    terms = result["terms"]
    parts = _PARTS.get(expression) or _card_parts(result)
    facts = [{"label": "Min", "value": parts[0], "key": "min"},
             {"label": "Max", "value": parts[1], "key": "max"}]
    if len(terms) > 1:  # each term's part, with its label and key from parts
        parts_of = []
        for i, label, key in parts[4]:  # a loop: CPython 3.11 makes a function of each comprehension
            v = terms[i]["total"]
            parts_of.append({"label": label, "value": str(v) if type(v) is int else _number(v), "key": key})
        facts = parts_of + facts
    notes = list(result["notes"]) if "notes" in result else []
    if parts[2]:
        notes.append(SEPARATE_NOTE)
    outcome = result["outcome"]
    rolls = result["rolls"]
    if len(rolls) == 1:  # die_dict of each die (one die: no comprehension, a third of the time)
        r = rolls[0]
        dice = [{"label": r["label"], "notes": []} if r["kept"] and PLAIN_KEYS.issuperset(r)
                else die_dict(r)]
    else:
        dice = [{"label": r["label"], "notes": []} if r["kept"] and PLAIN_KEYS.issuperset(r)
                else die_dict(r) for r in rolls]
    card = {
        "title": f"{what}: {expression}" if what else expression,
        "subject": subject or None,
        "headline": {"label": ctx.outcome_labels.get(outcome) or ctx.words(outcome),
                     "tone": ctx.tones.get(outcome, "neutral")},  # ctx.words, ctx.tone
        "key": {"label": "Total", "value": total, "key": "total"},
        "facts": facts,
        "groups": [{"title": title, "summary": summary, "dice": order}
                   for title, summary, order in _sorted_groups(result)] if parts[3] else [],
        "notes": notes,
        "choices": [],
        "actions": [],
        "dice": dice,
        "tables": [],
    }
    if subject and what:
        return card, f"{subject}, {what}: {expression} = {total}"
    if subject or what:
        return card, f"{subject or what}: {expression} = {total}"
    return card, f"{expression} = {total}"


_PARTS = {}  # expression -> (Min text, Max text, separate explosions, sorted
#   terms, ((term index, fact label, fact key), ...))


def _card_parts(result):
    """What the card shows that depends on the expression only, once per
    expression (texts: nothing a request could change)."""
    key = result["expression"]  # the canonical text: the same tree, bounds and terms
    parts = _PARTS.get(key)
    if parts is None:
        if len(_PARTS) >= 256:
            _PARTS.clear()
        terms = result["terms"]
        parts = _PARTS[key] = (_bound(result["min"]), _bound(result["max"]),
                               any(t.get("separate_explosions") for t in terms),
                               any("sort" in t for t in terms),
                               tuple((i, label, k) for i, (label, _, k) in _term_facts_at(terms)))
    return parts


def roll_odds(ctx, values, odds):
    """The total's distribution as a chart (a long tail trimmed for the eye;
    the figures stay exact), with mean, minimum and maximum."""
    dist = odds["distribution"]
    bars = chart("Total", dist, "distribution", min_p=CHART_MIN_P)
    notes = []
    if odds.get("tail"):
        notes.append("Exploding dice: each series is cut where less than 1e-12 of the chance "
                     "is left; that tail is not in the chart.")
    if len(bars.bars) < len(dist):
        notes.append("The chart leaves out totals less likely than 0.05%.")
    return OddsView(
        figures=[fig("Mean", number(odds["mean"]), "mean"),
                 fig("Min", _bound(odds["min"]), "min"), fig("Max", _bound(odds["max"]), "max")],
        charts=[bars],
        notes=notes,
    )
