"""Counting: a compare point counts the dice (or a group's sub-totals) that
match it as successes, and `f` and a second one counts failures, each
taking one off (the term's value is successes less failures)."""

from .base import Modifier, error

OPERATORS = ("<>", "!=", "<=", ">=", "=", "<", ">")


class Counting(Modifier):
    order = 6
    written = 2  # before '!', 'r' and 'u': '8d10>=8!' ('!>=8' would be the explosion's point)
    words = {"success": "success compare point", "failure": "failure compare point (f)"}
    on_groups = True

    def parse(self, parser, at, found):
        low = parser.low
        if low.startswith("f", at):
            if "success" not in found:
                error("failures without successes", at,
                      "a compare point for successes before f, such as 6d10>=8f1")
            parser.i += 1
            return "failure", parser.compare("a compare point after f, such as f1 or f<2",
                                             optional=False)
        if any(low.startswith(op, at) for op in OPERATORS):
            return "success", parser.compare("a compare point")
        return None

    def text(self, mods):
        out = mods.success.text if mods.success else ""
        if mods.failure:
            out += "f" + mods.failure.short
        return out

    def applies(self, term):
        return term.mods.success is not None

    def roll(self, roller, term, units, labels):
        return count(term, units)

    def classic(self, term):
        return not term.mods.counting

    def die_range(self, term, values):
        """Each counted die adds 1, -1 or 0 (`values` None: any value)."""
        m = term.mods
        if not m.counting:
            return None
        if values is None:
            return (-1 if m.failure else 0), 1
        c = [1 if m.success(v) else -1 if m.failure is not None and m.failure(v) else 0
             for v in values]
        return min(c), max(c)


def contribution(mods):
    """What one die (or sub-total) adds to the value: itself, or 1 for a
    success, -1 for a failure, 0 else (the exact odds' step)."""
    if not mods.counting:
        return lambda v: v
    s, f = mods.success, mods.failure
    return lambda v: 1 if s(v) else (-1 if f is not None and f(v) else 0)


def count(node, units):
    """Successes less failures among the kept units of a dice term or a
    group (each die of a unit marked success or failure)."""
    m = node.mods
    value = 0
    for unit in units:
        if not unit.kept:
            continue
        if m.success(unit.value):
            value += 1
            for d in unit.dice:
                d.success = True
        elif m.failure is not None and m.failure(unit.value):
            value -= 1
            for d in unit.dice:
                d.failure = True
    return value
