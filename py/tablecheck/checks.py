"""What a system module declares: its checks, their parameters, outcome
labels, and the two functions the API calls.

    resolve(values, tray) -> dict   # values: validated params; tray: the dice
    odds(values) -> dict            # {"outcomes": {label: Fraction}, ...}

A resolve dict carries at least `outcome`, `success`, and `summary`, `steps`
unless the check's `words` writes them;
the API adds `system`, `check` and `rolls` (from the tray) when missing,
and what a person sees (`card`, `line`; odds `display`) from the check's
`explain` and `odds_view` (tablecheck.display).
"""

from dataclasses import dataclass, field
from functools import cached_property


@dataclass
class Check:
    id: str
    label: str
    params: list
    outcomes: list  # [(label_id, words)] in display order, best first
    resolve: object
    odds: object
    description: str = ""
    success_outcomes: tuple = ()  # labels that count as success
    # what a person sees (tablecheck.display): tone of each outcome, and
    # explain(ctx, values, result) -> Card, odds_view(ctx, values, odds) -> OddsView
    tones: dict = field(default_factory=dict)
    explain: object = None
    odds_view: object = None
    # words(values, result) -> {"summary": str, "steps": [str]}: the result's
    # sentences, written by the game's cards from the rules' record (JSON-safe,
    # with `rolls`), with any other text the record carries for the page;
    # None: the rules' result carries them itself
    words: object = None
    # odds_words(values, odds) -> {field: text}: the texts the odds carry,
    # written by the cards from the rules' odds (before the odds view)
    odds_words: object = None
    rolls_dice: bool = True  # False: a table of odds only (no Roll, no history)
    # track(values, result) -> {group path: {state key: value}}: the new state
    # of a tracked entry (tablecheck.sheets.Tracked) that filled that group
    track: object = None
    # rules(values): the rules across fields that no die decides (InvalidRequest);
    # api.resolve and api.odds both run them on the validated values, before
    # any die is rolled or any odds worked out, so the two refuse alike
    rules: object = None
    # reads(values) -> bool: True when odds(values, dice) reads the request's
    # `dice` (a throw already on the table, e.g. to advise which dice to
    # reroll); None: odds(values). Odds given dice they do not read refuse them
    odds_reads_dice: object = None
    # True: resolve returns JSON-safe values only (no Fractions, tuples or
    # non-text keys): the API skips its conversion pass (the generic roller)
    json_safe: bool = False

    def outcome_ids(self):
        return [o for o, _ in self.outcomes]

    @cached_property
    def outcome_set(self):
        """The outcome labels, to check a result's (read once per check)."""
        return frozenset(self.outcome_ids())

    @cached_property
    def unstored(self):
        """Names of the params a replay leaves out (stored=False: the
        replayed dice hold them)."""
        return frozenset(p.name for p in self.params if not p.stored)

    @cached_property
    def unreplayed(self):
        """Names a replay leaves out: the request's `dice` and `seed` (the
        replay gives the dice it was resolved with), `card_first` (the replay
        gives the whole card) and the unstored params."""
        return frozenset(("dice", "seed", "card_first")) | self.unstored

    def outcome_tones(self):
        """{outcome: tone} for every outcome: declared, else good/bad by success."""
        return {o: self.tones.get(o) or ("good" if o in self.success_outcomes else "bad")
                for o in self.outcome_ids()}

    def to_catalog(self):
        return {
            "id": self.id,
            "label": self.label,
            "description": self.description,
            "params": [p.to_catalog() for p in self.params],
            "outcomes": self.outcome_ids(),
            "outcome_labels": dict(self.outcomes),
            "outcome_tones": self.outcome_tones(),
            "success_outcomes": list(self.success_outcomes),
            "rolls_dice": self.rolls_dice,
        }


@dataclass
class Importer:
    """A file format a game's characters can be imported from:
    read(data, sheet) -> {"character": {name, sheet}, "report": [{what, status, why}]}
    (api.import_character; the catalog lists `format` and `label`)."""
    format: str
    label: str
    read: object


@dataclass
class System:
    id: str
    name: str
    checks: list
    short_name: str = ""
    description: str = ""
    extra: dict = field(default_factory=dict)  # e.g. vocabulary for the page
    # the character sheet: what a character has (see tablecheck.sheets)
    sheet: object = None
    # fill(character, params) -> [{"label", "values", "what"}]: what one
    # character's sheet can put into a form group with these parameter names;
    # with fill_labels, fill (the rules) returns records without the label
    # and fill_labels(options) (the cards) writes each option's "label"
    fill: object = None
    fill_labels: object = None
    # kinds of entries the page keeps across an evening (tablecheck.sheets.Tracked)
    tracked: list = field(default_factory=list)
    # file formats its characters can be imported from (Importer)
    importers: list = field(default_factory=list)
    # the language of its words ("en"), and the same system in other
    # languages {locale: System} (same ids and rules, other words; api.md
    # "Languages"): a game without a language answers in its own
    locale: str = "en"
    translations: dict = field(default_factory=dict)
    # the templates of its own refusals in its language {key: template}
    # (errors.InvalidRequest `refusal`; the API words them, messages.word)
    refusals: dict = None
    # die_label(label) -> the label of a die the rules ask for, in its
    # language (None: the rules' own words); new_dice, entered dice missing
    die_label: object = None

    def in_locale(self, locale):
        """This system in `locale`, or itself when it has no such words."""
        return self.translations.get(locale, self)

    def check(self, check_id):
        for c in self.checks:
            if c.id == check_id:
                return c
        return None

    def to_catalog(self):
        out = {
            "id": self.id,
            "name": self.name,
            "short_name": self.short_name or self.name,
            "description": self.description,
            "checks": {c.id: c.to_catalog() for c in self.checks},
            "sheet": self.sheet.to_catalog() if self.sheet else None,
        }
        if self.tracked:
            out["tracked"] = [t.to_catalog() for t in self.tracked]
        if self.importers:
            out["imports"] = [{"format": i.format, "label": i.label} for i in self.importers]
        out.update(self.extra)
        return out
