"""The notation's modifiers, one class each (as rpg-dice-roller's
src/modifiers): what it parses, how it is written back, its roll step, its
check, what it does to a die's values for the bounds, its part of the odds
work estimate and of the exact odds (`odds`: what it fills in of a
TermOdds plan, which notation_odds then combines), and the words of its
step in a roll's result.

MODIFIERS is the fixed order of notation.md, by each class's `order`:
min/max, explode (! !! !p), reroll, unique, keep/drop, counting,
criticals, sort. The parser tries them in this order at each position
(only '!' and the counting compare point '!=' share a first character:
'!=3' is an explosion on 3, notation.md), the roller runs their steps in
it, and the exact odds ask their parts in it (ODDS); WRITTEN is the
order a term is written back in.

Adding a modifier: a class here (and its Mods field in notation_parse),
its tests in tests/unit/dice/modifiers/, docs/notation.md.
"""

from .base import AnyOf, Compare, DieWork, Modifier, Unit, error
from .count import Counting, count
from .critical import Critical
from .explode import Explode, Exploding
from .keep_drop import Keep, KeepChain, KeepDrop, keep_pool, keep_units
from .min_max import MinMax
from .odds import TermOdds
from .reroll import Reroll, Rerolling
from .sort import Sort
from .unique import Unique

EXPLODING = Exploding()  # its step rolls the pool itself (Roller.dice)
MODIFIERS = tuple(sorted((MinMax(), EXPLODING, Rerolling(), Unique(), KeepDrop(), Counting(),
                          Critical(), Sort()), key=lambda m: m.order))
GROUP_MODIFIERS = tuple(m for m in MODIFIERS if m.on_groups)
WRITTEN = tuple(sorted(MODIFIERS, key=lambda m: m.written))
# the words of a roll's steps, in the order a die's text says them (RollResult)
SAYING = tuple(sorted([m for m in MODIFIERS if m.said is not None], key=lambda m: m.said))


def implementing(hook, among=SAYING):
    """The modifiers of `among` that implement `hook` (the result asks only
    them: a roll's words are asked for every die of every roll)."""
    return tuple([m for m in among if getattr(type(m), hook) is not getattr(Modifier, hook)])


SHOWN, UNIT_WORDS, SUMMARY, DESCRIBE = (implementing(h) for h in ("shown", "unit_words", "summary", "describe"))
# the parts of the exact odds (TermOdds), in the fixed order: of a dice term, of a group
ODDS, GROUP_ODDS = implementing("odds", MODIFIERS), implementing("odds", GROUP_MODIFIERS)
TAILS = implementing("tails", MODIFIERS)  # whose odds leave a tail out (notation_work.term_eps)
GROWS = implementing("grows", MODIFIERS)  # whose step can add dice to a pool (Dice.grows)
BY_FIELD = {name: m for m in MODIFIERS for name in m.words}

__all__ = ["MODIFIERS", "ODDS", "GROUP_ODDS", "TAILS", "GROWS", "TermOdds", "EXPLODING", "Unit", "GROUP_MODIFIERS", "WRITTEN", "SAYING", "SHOWN", "UNIT_WORDS", "SUMMARY",
           "DESCRIBE", "BY_FIELD", "Modifier", "DieWork", "Compare", "AnyOf",
           "error", "Explode", "Reroll", "Keep", "KeepChain", "keep_pool", "keep_units", "count",
           "MinMax", "Exploding", "Rerolling", "Unique", "KeepDrop", "Counting", "Critical", "Sort"]
