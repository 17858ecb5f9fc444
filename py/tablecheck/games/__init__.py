"""The games: one package per game (`tablecheck.games.dark_eye`, ...), each
defining ``SYSTEM`` (a `tablecheck.checks.System`). `all_systems()` lists
them in the order the page shows them.

A game that fails to import fails the catalog: a typo never drops a game
without a word."""

import importlib

# the module of each game, in the page's order
MODULES = [
    "tablecheck.games.dark_eye",
    "tablecheck.games.freedom_fantasies",
    "tablecheck.games.shadows_of_the_unknown",
    "tablecheck.games.ax",
    "tablecheck.games.dungeons_of_olde",
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


def find(system_id):
    """The SYSTEM whose `id` is system_id, among `all_systems()`: how one game
    uses another's check at call time (Shadows of the Unknown's dice are the
    generic roller's) without importing that game's module."""
    systems = all_systems()
    for system in systems:
        if system.id == system_id:
            return system
    raise LookupError(f"no game has the id {system_id!r}; the games are: "
                      f"{', '.join(s.id for s in systems)}")
