"""The generic dice roller (system id `dice`, check `roll`): the wiring.

- `roll.py`: the rules: roll an expression, and its exact odds (the
  notation itself is shared: `tablecheck/dice/`, docs/notation.md);
- `cards.py`: the card of a roll and the chart of its odds;
- here: the check, its parameter with the examples and the notation
  reference the page offers one tap away.
"""

from ...checks import Check, System
from ...dice import notation
from ...params import Param
from . import cards
from .roll import odds, resolve

# What players of other games type (the page offers them as taps; the
# notation reference is in the param's `reference`).
EXAMPLES = ["3d6+2", "4d6kh3", "2d20kh1", "2d20kl1", "2d6r<2", "2d6ro<2", "8d10>=8",
            "8d10>=8!", "4dF+2", "{1d8!, 1d6!}kh1", "2d8!", "d%", "1d10+1d4-1",
            "2d6+3 # fire damage"]
EXAMPLE_WORDS = {
    "2d20kh1": "advantage (2d20kh1)",
    "2d20kl1": "disadvantage (2d20kl1)",
    "2d6r<2": "Great Weapon Fighting, reroll 1s (2d6r<2)",
    "2d6ro<2": "Great Weapon Fighting, reroll once (2d6ro<2)",
    "8d10>=8": "World of Darkness: successes (8d10>=8)",
    "8d10>=8!": "World of Darkness 10-again: 10s explode (8d10>=8!)",
    "4dF+2": "Fate: 4dF+2",
    "{1d8!, 1d6!}kh1": "Savage Worlds: trait die and wild die ({1d8!, 1d6!}kh1)",
}

# The short notation reference the page shows one tap away: [(written, meaning)].
REFERENCE = [
    ("NdX, dX, d%", "N dice with X sides (N defaults to 1); d% is a d100"),
    ("dF, dF.1", "Fate dice: -1, 0, +1 (dF.1: -1 and +1 once each, 0 four times)"),
    ("(2*3)d6", "counts and sides may be a constant in parentheses"),
    ("min2, max5", "each die counts as at least 2 / at most 5"),
    ("!, !>=9", "explode: a die on its maximum (or the compare point) adds another die, "
                "which keep, drop and counting see as a die of its own"),
    ("!!, !p, !!p", "compound (the new rolls add to the die), penetrate (each added die -1); "
                    "!!=4 compounds on 4"),
    ("r, r<3, ro1", "reroll the lowest face (or what matches) until it misses; ro: once"),
    ("r1r3", "several rerolls: a die is rerolled while it matches any of them (Roll20)"),
    ("u, uo", "reroll dice that show a value already rolled (until unique / once)"),
    ("kh3, kl1, k2", "keep the highest 3 / lowest 1 (k = kh); the rest are dropped; "
                     "more than were rolled keeps all"),
    ("dl1, dh1, d1", "drop the lowest / highest (d = dl); as many as were rolled drops all"),
    ("4d10dh1dl2", "several keeps and drops, in the order written, each on the dice the one "
                   "before left (1, 5, 7, 10 keeps 7)"),
    (">=8, =6, <3", "count the dice that match (successes) instead of adding them"),
    (">=8f1", "... and subtract the dice that match the f compare point (failures)"),
    ("cs>=19, cf1", "mark critical successes / failures (shown, no effect on the total)"),
    ("s, sa, sd", "sort the dice in the steps (ascending / descending)"),
    ("+ - * / % ^", "arithmetic with parentheses; / is exact (shown as a decimal)"),
    ("abs floor ceil round min max", "functions: floor(3d6/2), max(1d20, 1d20); round takes "
                                     "halves away from zero"),
    ("4+8", "an expression without dice is worked out"),
    ("{1d8!, 1d6!}kh1", "a group: keep/drop or counting on each expression's total"),
    ("2d6[fire]", "a label for a term; # or // at the end labels the whole roll"),
    ("Changed", "with keep/drop or counting, '!' adds separate dice: 4d6!kh3 keeps the "
                "3 highest of every die rolled; 4d6!!kh3 keeps whole exploded dice (as before)"),
    ("Compare points", "= <> (or !=) < > <= >= and a number; a bare number means ="),
]


SYSTEM = System(
    id="dice",
    name="Dice roller",
    short_name="Dice",
    description="Roll any dice expression as Roll20 and rpg-dice-roller read it: NdX, d%, "
                "Fate dice, keep/drop, exploding, compounding and penetrating dice, rerolls, "
                "success counting, groups and arithmetic, each with exact odds.",
    extra={"dice_examples": EXAMPLES,
           "limits": {"characters": notation.MAX_LENGTH, "dice_per_term": notation.MAX_DICE,
                      "sides": notation.MAX_SIDES}},
    checks=[
        Check(
            id="roll",
            label="Roll dice",
            description="NdX rolls N X-sided dice; kh3/kl1 keep the highest 3/lowest 1, "
                        "dh1/dl1 drop them; ! explodes, r rerolls, >=8 counts successes; "
                        "the notation reference is one tap away.",
            # The 200-character limit is checked by the parser so that its
            # error, like every other, gives the position.
            params=[Param("expression", "string", "Dice expression",
                          help="e.g. 3d6+2, 4d6kh3, 4d6r1kh3, 8d10>=8, 4dF+2, {1d8!, 1d6!}kh1 "
                               f"(at most {notation.MAX_LENGTH} characters)",
                          initial="3d6", examples=list(EXAMPLES),
                          example_labels=dict(EXAMPLE_WORDS),
                          reference={"title": "Dice notation",
                                     "rows": [list(r) for r in REFERENCE]})],
            outcomes=[("rolled", "Rolled")],
            success_outcomes=("rolled",),
            resolve=resolve,
            odds=odds,
            tones=cards.TONES,
            explain=cards.roll_card,
            odds_view=cards.roll_odds,
            json_safe=True,  # notation_roll.RollResult.to_dict writes plain JSON values
        )
    ],
)
