"""What a system module declares: its checks, their parameters, outcome
labels, and the two functions the API calls.

    resolve(values, tray) -> dict   # values: validated params; tray: the dice
    odds(values) -> dict            # {"outcomes": {label: Fraction}, ...}

A resolve dict carries at least `outcome`, `success`, `summary`, `steps`;
the API adds `system`, `check` and `rolls` (from the tray) when missing.
"""

from dataclasses import dataclass, field


@dataclass
class Check:
    id: str
    label: str
    params: list
    outcomes: list  # [(label_id, words)] in display order, best first
    resolve: object
    odds: object
    description: str = ""
    success_outcomes: tuple = ()  # labels that count as success (for the page's colours)

    def outcome_ids(self):
        return [o for o, _ in self.outcomes]

    def to_catalog(self):
        return {
            "id": self.id,
            "label": self.label,
            "description": self.description,
            "params": [p.to_catalog() for p in self.params],
            "outcomes": self.outcome_ids(),
            "outcome_labels": dict(self.outcomes),
            "success_outcomes": list(self.success_outcomes),
        }


@dataclass
class System:
    id: str
    name: str
    checks: list
    short_name: str = ""
    description: str = ""
    extra: dict = field(default_factory=dict)  # e.g. vocabulary for the page

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
        }
        out.update(self.extra)
        return out
