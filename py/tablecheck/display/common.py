"""What every game's cards and odds views share: the request's context
(who filled the form, what was rolled, whose side the page is on), outcome
rows, charts, die captions, and the fallback card of a check that has no
card of its own."""

from dataclasses import dataclass, field
from fractions import Fraction

from .model import Card, Chart, DieView, Figure, Headline, OddsView, OutcomeRow
from .words import cap, signed


@dataclass(slots=True)  # every request makes one: slots are quicker to fill
class Context:
    """The request's words for people, and the check's catalog words.

    characters: {group path: character name} ('' is the whole form,
        'a', 'sides[1]', 'members[0]' a part of it): whose values filled it.
    labels: {group path: what was rolled} ('Climbing').
    side: the group path of the side the page is on, or None (neutral).
    """
    check_label: str = ""
    outcome_labels: dict = field(default_factory=dict)
    tones: dict = field(default_factory=dict)
    characters: dict = field(default_factory=dict)
    labels: dict = field(default_factory=dict)
    side: str = None
    request: dict = field(default_factory=dict)  # the request as sent, for follow-ups
    locale: str = "en"  # the language of the words (api.md "Languages")

    def follow_up(self, **changes):
        """A complete request for a follow-up on this result: the request
        as sent, without its dice or seed (the follow-up says what it
        keeps), with `changes` on top."""
        out = {k: v for k, v in self.request.items() if k not in ("dice", "seed", "card_first")}
        out.update(changes)
        return out

    @property
    def card_first(self):
        """The request asks for the card first (api.resolve `card_first`):
        a card may leave out what takes long to work out and say `later`."""
        return self.request.get("card_first") is True

    def name(self, path="", default=None):
        return self.characters.get(path) or default

    def label(self, path=""):
        return self.labels.get(path)

    def words(self, outcome):
        return self.outcome_labels.get(outcome) or cap(str(outcome).replace("_", " "))

    def tone(self, outcome):
        return self.tones.get(outcome, "neutral")

    def title(self, path=""):
        """'Skill check: Climbing', or the check's own label."""
        return self.title_for(self.label(path))

    def title_for(self, what):
        """The check's label with what was rolled, when anything is named."""
        return f"{self.check_label}: {what}" if what else self.check_label

    def versus(self, paths, defaults):
        """'Alrik vs the guard' from the sides' character names (each side
        without one by its default name); None when no side is named."""
        names = [self.name(p) for p in paths]
        if not any(names):
            return None
        return " vs ".join(n or d for n, d in zip(names, defaults))

    def contest_tone(self, winner_path):
        """Neutral unless the request says whose side the page is on."""
        if self.side is None or winner_path is None:
            return "neutral"
        return "good" if self.side == winner_path else "bad"


def headline(ctx, outcome, label=None):
    return Headline(label or ctx.words(outcome), ctx.tone(outcome))


def fig(label, value, key=None):
    return Figure(label, str(value), key)


def line(subject, what, outcome_text, key_text=None):
    """'Alrik, Climbing: success, QL 2' (parts left out when missing)."""
    head = ", ".join(x for x in (subject, what) if x)
    tail = ", ".join(x for x in (outcome_text, key_text) if x)
    return f"{head}: {tail}" if head else tail


def modifiers(part, fields):
    """The non-zero modifiers of one part of the form (a dict of values):
    [(words, value)] for `fields` ((key, words), ...), in that order. A
    modifier is part of what was rolled: every card and history line names
    it (issue 25)."""
    part = part if isinstance(part, dict) else {}
    out = []
    for key, words in fields:
        v = part.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and v:
            out.append((words, v))
    return out


def modifier_text(mods, bare=False):
    """'-2' (`bare`: the game's one modifier, said as the table says it,
    'Climbing -2'), or 'modification +1, adjustment -2'; None without any."""
    if not mods:
        return None
    if bare:
        return ", ".join(signed(v) for _, v in mods)
    return ", ".join(f"{words.lower()} {signed(v)}" for words, v in mods)


def with_modifiers(what, text):
    """What was rolled with its modifiers, for a history line: 'Climbing -2',
    'Brawn, modification +1'; `what` itself without any."""
    if not text:
        return what
    return f"{what} {text}" if text[0] in "+-" else f"{what}, {text}"


def with_part_modifiers(what, parts):
    """What was rolled with each part's modifiers ([(who, modifier_text)]):
    'Stealth vs Perception (Alrik -2; Gerda +1)'; `what` without any."""
    shown = "; ".join(f"{who} {text}" for who, text in parts if text)
    if not shown:
        return what
    return f"{what}, {shown}" if what.endswith(")") else f"{what} ({shown})"


def modifier_facts(mods, who=None, key="modifier"):
    """A fact per modifier ('Modifier' '-2'; with `who` 'Alrik: Modifier')."""
    return [Figure(f"{who}: {words}" if who else words, signed(v), key) for words, v in mods]


# the generic captions' words; a game's cards in another language hand in
# their own (die_views `words`: the same keys)
DIE_WORDS = {"confirmation_roll": "confirmation roll", "rerolled": "rerolled", "dropped": "dropped"}


def die_notes(roll, words=DIE_WORDS):
    """The captions any die gets from its flags."""
    notes = []
    if roll.get("confirmation") and "confirm" not in str(roll.get("label", "")).lower():
        notes.append(words["confirmation_roll"])
    if roll.get("rerolled"):
        notes.append(words["rerolled"])
    elif roll.get("kept") is False:
        notes.append(words["dropped"])
    return notes


def die_views(rolls, notes=None, label=None, words=DIE_WORDS):
    """A DieView per die: the generic captions plus `notes(roll)` of the
    game, labels from `label(roll)` or the tray's."""
    out = []
    for r in rolls:
        extra = notes(r) if notes else []
        out.append(DieView(label(r) if label else str(r.get("label", "")),
                           [n for n in extra + die_notes(r, words) if n]))
    return out


def outcome_rows(ctx, odds, ids=None):
    """Outcome rows in reading order (the check's order, best first),
    leaving out outcomes that cannot happen (exactly 0)."""
    outcomes = odds.get("outcomes", {})
    exact = odds.get("exact", {})
    rows = []
    for oid in ids or list(outcomes):
        p = outcomes.get(oid, 0)
        if p == 0 and exact.get(oid, "0/1") in ("0", "0/1"):
            continue
        rows.append(OutcomeRow(oid, ctx.words(oid), ctx.tone(oid), p, exact.get(oid)))
    return rows


def _x(k):
    if isinstance(k, float):
        return int(k) if k.is_integer() else k  # a fraction shown as a decimal
    try:
        return int(k)
    except (TypeError, ValueError):
        return float(k)


def chart(label, dist, key=None, mean=True, min_p=None):
    """Bars of a distribution {x: p}, x increasing; the mean when the
    distribution is whole (sums to 1). `min_p` trims long tails for the eye
    (the figures stay exact)."""
    bars = sorted(((_x(k), p) for k, p in dist.items()), key=lambda b: b[0])
    total = sum(Fraction(p) if not isinstance(p, float) else p for _, p in bars)
    m = None
    if mean and bars and abs(float(total) - 1) < 1e-6:
        # exact, so CPython 3.11 and Pyodide's 3.14 (whose float sum differs) agree
        m = float(sum(Fraction(x) * Fraction(p) for x, p in bars))
    if min_p is not None and len(bars) > 60:
        bars = [b for b in bars if b[1] >= min_p]
    return Chart(label, [[x, p] for x, p in bars], key, m)


def plain_odds(ctx, values, odds):
    """The odds view of a check without one of its own: outcome rows only."""
    return OddsView(outcomes=outcome_rows(ctx, odds))


def plain_card(ctx, values, result):
    """The card of a check without one of its own: the outcome and summary."""
    outcome = result.get("outcome")
    subject = ctx.name("")
    return Card(
        title=ctx.title(),
        subject=subject,
        headline=headline(ctx, outcome),
        line=line(subject, ctx.label("") or ctx.check_label, ctx.words(outcome)),
        dice=die_views(result.get("rolls", [])),
    )
