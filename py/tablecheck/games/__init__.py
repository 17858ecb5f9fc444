"""The games: one package per game (`tablecheck.games.dark_eye`, ...), each
defining ``SYSTEM`` (a `tablecheck.checks.System`). `all_systems()` lists
them in the order the page shows them.

A game that fails to import fails the catalog: a typo never drops a game
without a word."""

import importlib

# the module of each game, in the page's order
MODULES = [
    "tablecheck.systems.dark_eye",
    "tablecheck.systems.freedom_fantasies",
    "tablecheck.systems.shadows_of_the_unknown",
    "tablecheck.systems.ax",
    "tablecheck.systems.dungeons_of_olde",
    "tablecheck.games.dice_roller",
]


# A build for the tests may add games (tools/build.py `extra_systems` writes
# `_extra.py` with their module names); the real site has none.
try:
    from ._extra import MODULES as EXTRA_MODULES
except ImportError:
    EXTRA_MODULES = []


class GameMissing(ImportError):
    """A game in `MODULES` could not be imported."""


def all_systems():
    return [load(name).SYSTEM for name in MODULES + list(EXTRA_MODULES)]


def load(name):
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise GameMissing(f"the game module {name} could not be imported: {exc}") from exc
