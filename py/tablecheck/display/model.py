"""The display model: what a person sees of a result or of the odds.

The rules return records (dicts of numbers and ids); the functions of
``tablecheck.display.<game>`` turn them into these, in the game's own
words; ``api`` adds them to every answer as ``card``/``line`` and
``display``; the page draws them and knows no game (see api.md, "What a
person sees").
"""

from dataclasses import dataclass, field

TONES = ("great", "good", "partial", "bad", "awful", "neutral")


@dataclass
class Figure:
    """One labelled figure: 'QL' '3', 'Evasion DC' '8'. `key` is an id for
    tests and styling, never shown."""
    label: str
    value: str
    key: str = None

    def to_dict(self):
        out = {"label": self.label, "value": str(self.value)}
        if self.key:
            out["key"] = self.key
        return out


@dataclass
class Headline:
    label: str
    tone: str

    def __post_init__(self):
        if self.tone not in TONES:
            raise ValueError(f"tone {self.tone!r} is not one of {TONES}")

    def to_dict(self):
        return {"label": self.label, "tone": self.tone}


@dataclass
class Group:
    """One part of a long check (a check of a cumulative check, a hero in a
    round, a side in a round of a contest): its dice are indices into the
    result's `rolls`."""
    title: str
    summary: str
    dice: list = field(default_factory=list)
    tone: str = None

    def to_dict(self):
        out = {"title": self.title, "summary": self.summary, "dice": list(self.dice)}
        if self.tone:
            out["tone"] = self.tone
        return out


@dataclass
class Option:
    id: str
    label: str

    def to_dict(self):
        return {"id": self.id, "label": self.label}


@dataclass
class Choice:
    """Something the rules let the player pick or consider. With `options`
    the page offers them as buttons and keeps the pick (its `id`)."""
    label: str
    text: str
    id: str = None
    options: list = field(default_factory=list)  # [Option]

    def to_dict(self):
        out = {"label": self.label, "text": self.text}
        if self.id:
            out["id"] = self.id
        if self.options:
            out["options"] = [o.to_dict() for o in self.options]
        return out


@dataclass
class Action:
    """A follow-up the rules allow: a complete request for `resolve`.

    group: the heading of actions offered together ('Spend a fate point:
        reroll'); detail: one line under the label (its odds); best: the
        one the odds advise (drawn emphasised); spend: what the page counts
        down on the character when it is taken ({'counter', 'character',
        'amount'}). api.resolve adds `new_dice`: the dice the follow-up
        rolls as the rules ask for them ([{'sides', 'label'}]), which the
        page asks for when dice are entered."""
    label: str
    request: dict
    group: str = None
    detail: str = None
    best: bool = False
    spend: dict = None

    def to_dict(self):
        out = {"label": self.label, "request": dict(self.request)}
        for k in ("group", "detail", "spend"):
            if getattr(self, k) is not None:
                out[k] = getattr(self, k)
        if self.best:
            out["best"] = True
        return out


@dataclass
class DieView:
    """How one die of `rolls` is captioned: what it is for and the rule
    remarks under it ('EAV 12', '-2 SP')."""
    label: str = ""
    notes: list = field(default_factory=list)
    # the face as drawn when it is not "d<sides>" and the number (Fate dice: "dF", "+")
    die: str = None
    face: str = None
    marks: list = field(default_factory=list)  # what happened to it, for styling: "success", ...

    def to_dict(self):
        out = {"label": self.label, "notes": list(self.notes)}
        if self.die:
            out["die"] = self.die
        if self.face is not None:
            out["face"] = self.face
        if self.marks:
            out["marks"] = list(self.marks)
        return out


@dataclass
class Card:
    title: str
    headline: Headline
    line: str
    subject: str = None
    key: Figure = None
    facts: list = field(default_factory=list)  # [Figure]
    groups: list = field(default_factory=list)  # [Group]
    notes: list = field(default_factory=list)  # [str]
    choices: list = field(default_factory=list)  # [Choice]
    actions: list = field(default_factory=list)  # [Action]
    dice: list = None  # [DieView] parallel to rolls; None: the generic captions
    tables: list = field(default_factory=list)  # [Table]: figures behind a choice (advice)
    # the result's sentence in the card's words (the sides by their names),
    # when it differs from the rules' `summary`; the page shows it instead
    summary: str = None
    # parts left out of a card asked for first (api.resolve's `card_first`):
    # the whole card is the answer to the result's `replay`
    later: bool = False

    def to_dict(self):
        """The card as api.md names it; `line` travels beside it."""
        out = {
            "title": self.title,
            "subject": self.subject,
            "headline": self.headline.to_dict(),
            "key": self.key.to_dict() if self.key else None,
            "facts": [f.to_dict() for f in self.facts],
            "groups": [g.to_dict() for g in self.groups],
            "notes": list(self.notes),
            "choices": [c.to_dict() for c in self.choices],
            "actions": [a.to_dict() for a in self.actions],
            "dice": [d.to_dict() for d in self.dice] if self.dice is not None else [],
            "tables": [t.to_dict() for t in self.tables],
        }
        if self.summary:
            out["summary"] = self.summary
        if self.later:
            out["later"] = True
        return out


@dataclass
class OutcomeRow:
    id: str
    label: str
    tone: str
    p: object  # Fraction or float
    exact: str = None

    def to_dict(self):
        out = {"id": self.id, "label": self.label, "tone": self.tone, "p": float(self.p)}
        if self.exact:
            out["exact"] = self.exact
        return out


@dataclass
class Chart:
    """A distribution as bars, x increasing. `key` is an id for tests."""
    label: str
    bars: list  # [[x, p]]
    key: str = None
    mean: float = None

    def to_dict(self):
        out = {"label": self.label, "bars": [[x, float(p)] for x, p in self.bars]}
        if self.key:
            out["key"] = self.key
        if self.mean is not None:
            out["mean"] = float(self.mean)
        return out


@dataclass
class Cell:
    text: str
    p: float = None
    mark: str = ""  # e.g. '*' for the mode
    strong: bool = False  # drawn emphasised (mode, mean)
    flag: str = None  # a warning said with the cell ('differs from the book: ...')
    sub: str = None  # a second, small line ('book 12.1%')

    def to_dict(self):
        out = {"text": self.text}
        if self.p is not None:
            out["p"] = float(self.p)
        for k in ("mark", "flag", "sub"):
            if getattr(self, k):
                out[k] = getattr(self, k)
        if self.strong:
            out["strong"] = True
        return out


@dataclass
class Table:
    """A table of figures: a header row, rows with a heading cell, an
    optional footer; the page keeps the first column and the header row in
    view while it scrolls."""
    title: str
    columns: list  # [str]: the heading of each column (first: the row headings')
    rows: list  # [(head, [Cell])]
    foot: list = field(default_factory=list)  # [(head, [Cell])]
    notes: list = field(default_factory=list)
    key: str = None

    def to_dict(self):
        def rows(rs):
            return [{"head": h, "cells": [c.to_dict() for c in cells]} for h, cells in rs]
        out = {"title": self.title, "columns": list(self.columns), "rows": rows(self.rows),
               "foot": rows(self.foot), "notes": list(self.notes)}
        if self.key:
            out["key"] = self.key
        return out


@dataclass
class OddsView:
    outcomes: list = field(default_factory=list)  # [OutcomeRow], best first
    figures: list = field(default_factory=list)  # [Figure]
    charts: list = field(default_factory=list)  # [Chart]
    tables: list = field(default_factory=list)  # [Table]
    notes: list = field(default_factory=list)  # [str]: 'About these odds'
    title: str = "Chance of each outcome"  # what the outcome rows are
    status: str = None  # one sentence above everything ('No Luck DC set: ...')

    def to_dict(self):
        return {
            "title": self.title,
            "status": self.status,
            "outcomes": [o.to_dict() for o in self.outcomes],
            "figures": [f.to_dict() for f in self.figures],
            "charts": [c.to_dict() for c in self.charts],
            "tables": [t.to_dict() for t in self.tables],
            "notes": list(self.notes),
        }
