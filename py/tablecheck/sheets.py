"""Character sheets: what a character of a game has, declared once in
Python; the page builds its editor and checks its values from the catalog
entry (`Sheet.to_catalog`), and asks `api.fill` what a character can put
into a form (the system's `fill` function does the mapping, derived values
such as Freedom Fantasies hit points included).

A sheet has fixed `numbers` (The Dark Eye's attributes) and `tables` of rows
(skills, free-named attributes); a `ref` column names a number's key
(`ref="numbers"`) or a row of another table.
"""

from dataclasses import dataclass, field

from .errors import InvalidRequest
from .jsonvalues import shown


@dataclass
class Number:
    key: str
    label: str
    min: int
    max: int
    default: int
    referable: bool = True  # may a `ref` column name it (combat values: no)
    # a pool spent at the table (fate points): the page keeps how much is
    # spent beside the sheet, counts it down when a card's action spends it,
    # and resets it
    counter: bool = False
    # added after characters were saved: a record without it reads the default
    optional: bool = False

    def to_catalog(self):
        out = {"key": self.key, "label": self.label, "min": self.min, "max": self.max,
               "default": self.default}
        if not self.referable:
            out["referable"] = False
        for flag in ("counter", "optional"):
            if getattr(self, flag):
                out[flag] = True
        return out


@dataclass
class Column:
    key: str
    type: str  # text | int | ref | bool (a missing bool reads as its default)
    label: str
    min: int = None
    max: int = None
    default: object = None
    ref: str = None  # for ref: "numbers" or a table key
    suggest: dict = None  # for text: a searchable list (suggest_hint), picking sets other columns

    def to_catalog(self):
        out = {"key": self.key, "type": self.type, "label": self.label}
        for k in ("min", "max", "default", "ref", "suggest"):
            if getattr(self, k) is not None:
                out[k] = getattr(self, k)
        return out


@dataclass
class Table:
    key: str
    label: str
    noun: str
    columns: list
    defaults: list = field(default_factory=list)  # rows of a new character

    def to_catalog(self):
        return {"key": self.key, "label": self.label, "noun": self.noun,
                "columns": [c.to_catalog() for c in self.columns],
                "defaults": [dict(r) for r in self.defaults]}


@dataclass
class Sheet:
    numbers: list = field(default_factory=list)
    tables: list = field(default_factory=list)
    numbers_label: str = "Numbers"

    def to_catalog(self):
        return {"numbers": [n.to_catalog() for n in self.numbers],
                "numbers_label": self.numbers_label,
                "tables": [t.to_catalog() for t in self.tables]}


# -- reading a stored character (plain JSON from the page) --------------------
# A part of the wrong kind (a sheet that is a list, a table that is a number)
# is refused by its path; a row or a value of the wrong kind is skipped.
def _part(value, path, kind, what):
    if value is None:
        return kind()
    if not isinstance(value, kind):
        raise InvalidRequest(path, f"must be {what}, not {shown(value)}", code="type")
    return value


def _sheet(character):
    return _part(character.get("sheet"), "character.sheet", dict, "an object of numbers and tables")


def numbers(character):
    return _part(_sheet(character).get("numbers"), "character.sheet.numbers", dict,
                 "an object of {key: number}")


def rows(character, table):
    tables = _part(_sheet(character).get("tables"), "character.sheet.tables", dict,
                   "an object of {table: rows}")
    out = _part(tables.get(table), f"character.sheet.tables.{table}", list, "a list of rows")
    return [r for r in out if isinstance(r, dict)]


def row_value(character, table, name, column="value"):
    """The `column` of the row named `name` (a text), or None."""
    for r in rows(character, table):
        if isinstance(name, str) and r.get("name") == name:
            return r.get(column)
    return None


SHEET_LIMIT = 10 ** 9  # far beyond any value of a sheet: a bigger one is junk


def whole(v):
    """An int from the sheet, or None for anything else (bad data never
    reaches a form), a number of thousands of digits included."""
    if isinstance(v, int) and not isinstance(v, bool) and -SHEET_LIMIT < v < SHEET_LIMIT:
        return v
    return None


# -- things the table keeps track of across an evening -------------------------
@dataclass
class Tracked:
    """A kind of named entry the page keeps across an evening (a target and
    the damage it has taken): `numbers` are what the table enters once,
    `state` what the checks change (it starts at each Number's default, and
    a reset brings it back there). Both are keyed by the parameter names of
    the form group they fill; `fills` lists those groups as (check id,
    group path). A check that changes the state declares `track(values,
    result) -> {group path: {state key: value}}`; api.resolve returns it as
    the result's `track`, and the page stores it in the entry."""
    key: str
    label: str
    noun: str
    numbers: list
    state: list
    fills: list

    def to_catalog(self):
        return {"key": self.key, "label": self.label, "noun": self.noun,
                "numbers": [n.to_catalog() for n in self.numbers],
                "state": [n.to_catalog() for n in self.state],
                "fills": [{"check": c, "path": p} for c, p in self.fills]}
