"""cs / cf and an optional compare point (none: the die's highest / lowest
value): marks dice as critical successes or failures (the total does not
change)."""

from .base import Compare, Modifier


class Critical(Modifier):
    order = 7
    written = 7
    words = {"crit_success": "critical success (cs)", "crit_failure": "critical failure (cf)"}

    def parse(self, parser, at, found):
        low = parser.low
        if low.startswith("cs", at) or low.startswith("cf", at):
            parser.i += 2
            return ("crit_" + ("success" if low[at + 1] == "s" else "failure"),
                    parser.compare("a compare point"))
        return None

    def add(self, parser, found, name, value, at, context):
        super().add(parser, found, name, value, at, context)
        found["has_c" + name[5]] = True  # cs / cf written (the compare point may be the default)

    def text(self, mods):
        out = ""
        if mods.has_cs:
            out += "cs" + (mods.crit_success.short if mods.crit_success else "")
        if mods.has_cf:
            out += "cf" + (mods.crit_failure.short if mods.crit_failure else "")
        return out

    def applies(self, term):
        return term.mods.has_cs or term.mods.has_cf

    def roll(self, roller, term, units, labels):
        m = term.mods
        cs = (m.crit_success or Compare("=", term.top)) if m.has_cs else None
        cf = (m.crit_failure or Compare("=", term.bottom)) if m.has_cf else None
        for unit in units:
            crit = "success" if cs and cs(unit.value) else "failure" if cf and cf(unit.value) else None
            if crit:
                for d in unit.dice:
                    d.critical = crit
