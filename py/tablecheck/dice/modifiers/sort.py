"""s / sa / sd: the dice are shown sorted, lowest or highest first (the
total does not change; the result's steps and terms sort, RollResult)."""

from .base import Modifier


class Sort(Modifier):
    order = 8
    written = 8
    words = {"sort": "sort (s)"}
    on_groups = True
    said = 5

    def parse(self, parser, at, found):
        if not parser.low.startswith("s", at):
            return None
        parser.i += 1
        d = parser.low[parser.i:parser.i + 1]
        if d in ("a", "d"):
            parser.i += 1
        return "sort", d if d in ("a", "d") else "a"

    def text(self, mods):
        return "s" + mods.sort if mods.sort else ""

    def shown(self, term, units):
        if term.mods.sort:
            return sorted(units, key=lambda u: u.value, reverse=term.mods.sort == "d")
        return units

    def describe(self, result, tr, units, out):
        """The values sorted (as `shown`), no kept flags, and the dice as the
        card draws them: indices into `rolls`, each die (or chain) in the
        sorted order, then the dice rerolls replaced, in rolling order."""
        sort = tr.node.mods.sort
        if not sort:
            return
        del out["kept"]
        out["sort"] = sort
        first, end = tr.span
        index = {id(d): first + i for i, d in enumerate(result.roller.tray.dice[first:end])}
        dice = [index[id(d)] for u in units for d in u.dice]
        shown = set(dice)
        out["dice"] = dice + [i for i in range(first, end) if i not in shown]
