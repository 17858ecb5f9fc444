"""The generic dice roller (system id `dice`, check `roll`).

MINIMAL PLACEHOLDER: `NdX+M` only. The dice-engine issue replaces this with
the full notation in `tablecheck/dice/notation.py`.
"""

import re

from ..checks import Check, System
from ..dice import Dist
from ..errors import InvalidRequest
from ..params import Param

_SIMPLE = re.compile(r"^\s*(\d*)[dD](\d+)\s*(?:([+-])\s*(\d+))?\s*$")


def _parse(expr):
    m = _SIMPLE.match(expr)
    if not m:
        raise InvalidRequest("expression", f"cannot read {expr!r} at position 1")
    n = int(m.group(1) or 1)
    sides = int(m.group(2))
    mod = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    if not 1 <= n <= 1000 or not 1 <= sides <= 1000:
        raise InvalidRequest("expression", "at most 1000 dice of at most 1000 sides")
    return n, sides, mod


def resolve(values, tray):
    n, sides, mod = _parse(values["expression"])
    dice = tray.pool(n, sides, f"d{sides}")
    total = sum(d.value for d in dice) + mod
    return {
        "outcome": "rolled", "success": True, "total": total,
        "summary": f"{values['expression']} = {total}",
        "steps": [f"dice {[d.value for d in dice]} + {mod} = {total}"],
    }


def odds(values):
    n, sides, mod = _parse(values["expression"])
    dist = Dist.uniform(sides).sum_of(n) + mod
    return {"outcomes": {"rolled": 1}, "distribution": dist.probs()}


SYSTEM = System(
    id="dice",
    name="Dice roller",
    short_name="Dice",
    checks=[
        Check(
            id="roll",
            label="Roll dice",
            params=[Param("expression", "string", "Dice expression", max_length=200,
                          help="e.g. 3d6+2, 4d6kh3, 2d20kl1, 2d8!, d%")],
            outcomes=[("rolled", "Rolled")],
            success_outcomes=("rolled",),
            resolve=resolve,
            odds=odds,
        )
    ],
)
