"""Counting: a compare point counts the dice (or a group's sub-totals) that
match it as successes, and `f` and a second one counts failures, each
taking one off (the term's value is successes less failures)."""

from ...display.words import plural
from .base import Modifier, error

OPERATORS = ("<>", "!=", "<=", ">=", "=", "<", ">")


class Counting(Modifier):
    order = 6
    written = 2  # before '!', 'r' and 'u': '8d10>=8!' ('!>=8' would be the explosion's point)
    words = {"success": "success compare point", "failure": "failure compare point (f)"}
    on_groups = True
    said = 4

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

    def unit_words(self, unit):
        """A kept die that counted (a dropped one says so alone)."""
        if unit.kept:
            d = unit.dice[0]
            if d.success:
                return " (success)"
            if d.failure:
                return " (failure)"
        return ""

    def summary(self, node, units, value):
        """'3 successes', '2 successes - 1 failure = 1' (a dice term's dice
        as marked, a group's kept sub-totals by its compare point)."""
        m = node.mods
        if not m.counting:
            return None
        # a dice term counts its marked dice; a group its kept sub-totals
        s = sum(1 for u in units if u.kept and u.dice and u.dice[0].success) if \
            hasattr(node, "sides") else sum(1 for u in units if u.kept and m.success(u.value))
        f = s - value
        out = plural(s, "success", "successes")  # (s and f count dice: never below 0)
        if m.failure is not None:
            out += f" - {plural(f, 'failure')} = {value}"
        return out

    def odds(self, node, plan):
        """What a kept unit (or a group's kept sub-total) adds: 1, -1 or 0."""
        if node.mods.counting:
            plan.contribution = contribution(node.mods)

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
