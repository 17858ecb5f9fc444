"""min N / max N: every die counts at least N / at most N (applied to each
die as it is rolled, before anything else: Dice.clamp, Dice.values)."""

from .base import Modifier


class MinMax(Modifier):
    order = 1
    written = 1
    words = {"min": "min", "max": "max"}

    def parse(self, parser, at, found):
        low = parser.low
        for word in ("min", "max"):
            if low.startswith(word, at) and not low.startswith(word + "(", at):
                parser.i += 3
                return word, parser.integer(f"a number after {word}", signed=True)[0]
        return None

    def text(self, mods):
        out = ""
        if mods.min is not None:
            out += f"min{mods.min}"
        if mods.max is not None:
            out += f"max{mods.max}"
        return out

    def classic(self, term):
        return term.mods.min is None and term.mods.max is None

    def odds(self, node, plan):
        """One die's faces, each clamped (Dice.values: computed once per
        term; the faces themselves without min or max)."""
        plan.faces = node.values()
