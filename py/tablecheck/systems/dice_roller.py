"""The generic dice roller (system id `dice`, check `roll`).

The notation, the roller and the exact odds live in
`tablecheck/dice/notation.py`; this module declares the check and turns
their results into the API's dicts. `resolve(values, tray)` and
`odds(values)` are module-level on purpose: other systems (Shadows of the
Unknown's dice expressions) delegate to them.
"""

from fractions import Fraction

from ..checks import Check, System
from ..dice import notation
from ..display import dice_roller as view
from ..params import Param

EXAMPLES = ["3d6+2", "4d6kh3", "2d20kl1", "2d8!", "d%", "1d10+1d4-1"]


def resolve(values, tray):
    """Roll `values["expression"]`: every die through the tray, explosions
    right after their die, keep/drop marked on the dice."""
    return notation.roll(values["expression"], tray).to_dict()


def odds(values):
    """Exact distribution of the total: {"distribution": {total: p}, "tail":
    mass cut off exploding dice (below 1e-12), "min", "max", "mean"}."""
    expr = notation.parse(values["expression"])
    dist = notation.distribution(expr)
    mean = Fraction(sum(k * w for k, w in dist.weights.items()), dist.total)
    return {
        "outcomes": {"rolled": Fraction(1)},
        "expression": expr.text,
        "distribution": dist.probs(),
        "tail": dist.tail(),
        "min": expr.minimum(),
        "max": expr.maximum(),
        # exact for finite expressions; with explosions, of the represented mass
        "mean": mean,
    }


SYSTEM = System(
    id="dice",
    name="Dice roller",
    short_name="Dice",
    description="Roll any dice expression: NdX, dX, d%, + and - terms, keep/drop "
                "(kh, kl, dh, dl) and exploding dice (!).",
    extra={"dice_examples": EXAMPLES,
           "limits": {"characters": notation.MAX_LENGTH, "dice_per_term": notation.MAX_DICE,
                      "sides": notation.MAX_SIDES}},
    checks=[
        Check(
            id="roll",
            label="Roll dice",
            description="NdX rolls N X-sided dice; kh3/kl1 keep the highest 3/lowest 1, "
                        "dh1/dl1 drop them; ! explodes (a maximum rolls again and adds).",
            # The 200-character limit is checked by the parser so that its
            # error, like every other, gives the position.
            params=[Param("expression", "string", "Dice expression",
                          help="e.g. 3d6+2, 4d6kh3, 2d20kl1, 2d8!, d%, 1d10+1d4-1 "
                               f"(at most {notation.MAX_LENGTH} characters)",
                          initial="3d6", examples=list(EXAMPLES))],
            outcomes=[("rolled", "Rolled")],
            success_outcomes=("rolled",),
            resolve=resolve,
            odds=odds,
            tones=view.TONES,
            explain=view.roll_card,
            odds_view=view.roll_odds,
        )
    ],
)
