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


@dataclass
class Number:
    key: str
    label: str
    min: int
    max: int
    default: int
    referable: bool = True  # may a `ref` column name it (combat values: no)

    def to_catalog(self):
        out = {"key": self.key, "label": self.label, "min": self.min, "max": self.max,
               "default": self.default}
        if not self.referable:
            out["referable"] = False
        return out


@dataclass
class Column:
    key: str
    type: str  # text | int | ref
    label: str
    min: int = None
    max: int = None
    default: object = None
    ref: str = None  # for ref: "numbers" or a table key

    def to_catalog(self):
        out = {"key": self.key, "type": self.type, "label": self.label}
        for k in ("min", "max", "default", "ref"):
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
def numbers(character):
    sheet = character.get("sheet") or {}
    return sheet.get("numbers") or {}


def rows(character, table):
    sheet = character.get("sheet") or {}
    out = (sheet.get("tables") or {}).get(table) or []
    return [r for r in out if isinstance(r, dict)]


def row_value(character, table, name, column="value"):
    for r in rows(character, table):
        if r.get("name") == name:
            return r.get(column)
    return None


def whole(v):
    """An int from the sheet, or None for anything else (bad data never
    reaches a form)."""
    return v if isinstance(v, int) and not isinstance(v, bool) else None
