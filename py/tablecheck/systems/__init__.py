"""One module per game; each defines ``SYSTEM`` (a `tablecheck.checks.System`).
`all_systems()` lists them in the order the page shows them."""

import importlib

MODULES = [
    "dark_eye",
    "freedom_fantasies",
    "shadows_of_the_unknown",
    "ax",
    "dungeons_of_olde",
    "dice_roller",
]


# A build for the tests may add systems (tools/build.py `extra_systems`
# writes `_extra.py` with their module names); the real site has none.
try:
    from ._extra import MODULES as EXTRA_MODULES
except ImportError:
    EXTRA_MODULES = []


def all_systems():
    systems = []
    for name in MODULES + list(EXTRA_MODULES):
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            # a system still being written is simply absent from the catalog
            if exc.name == f"{__name__}.{name}":
                continue
            raise
        systems.append(module.SYSTEM)
    return systems
