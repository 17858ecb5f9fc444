"""s / sa / sd: the dice are shown sorted, lowest or highest first (the
total does not change; the result's steps and terms sort, RollResult)."""

from .base import Modifier


class Sort(Modifier):
    order = 8
    written = 8
    words = {"sort": "sort (s)"}
    on_groups = True

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
