"""What a person sees of Dungeons of Olde odds, every check alike: the notes
on where the explosion series' cut-off mass (tail) went, the outcome rows
in the tones of the card's headline, the chance of success. The checks' own
odds views: cards_check.py, cards_contest.py."""

from ...display.common import fig, outcome_rows
from ...display.model import OutcomeRow
from ...display.words import cap, pct_text
from .cards import MIRROR, TONES
from .terms import CATEGORY

# -- notes on the tail ------------------------------------------------------------------
TRIVIAL_ODDS_NOTE = "a Trivial challenge is an automatic success: no dice"
OPPOSED_TAIL_NOTE = ("exact closed form of the explosion series (each die is s K + R "
                     "with a geometric number K of explosions): nothing cut off")
EFFECT_TAIL_NOTE = ("explosion series cut below 1e-12 in all; the cut-off mass (tail) "
                    "is not in the distribution")
YIELDS_NOTE = "yields of the cut-off mass (tail) are not listed"


def tail_note(odds):
    """Where the cut-off mass of a check roll's odds went (a check roll with
    none to place is a Trivial automatic success: no dice)."""
    assigned = odds.get("tail_outcome")
    if not assigned:
        return TRIVIAL_ODDS_NOTE
    return (f"explosion series cut below 1e-12; the cut-off mass is all "
            f"{CATEGORY[assigned][1]} and is counted there, so these odds are exact")


# -- rows, figures, notes ---------------------------------------------------------------
def rows(ctx, values, odds, side_tone=False):
    """Outcome rows; with critical outcomes off only success or failure
    counts, so the rows take the simple tones (as the card's headline)."""
    out = []
    for row in outcome_rows(ctx, odds):
        success = row.id in TONES and TONES[row.id] in ("good", "great")
        row_tone = row.tone
        if not values.get("critical_outcomes") and row.id in TONES:
            row_tone = "good" if success else "bad"
        if side_tone and ctx.side == "target":
            row_tone = MIRROR[row_tone]
        out.append(OutcomeRow(row.id, row.label, row_tone, row.p, row.exact))
    return out


def chance(odds, label="Chance of success"):
    return fig(label, pct_text(odds["success_chance"]), "success_chance")


def odds_notes(values, odds, *more):
    out = []
    if not values.get("critical_outcomes") and odds["outcomes"].get("automatic_success", 0) != 1:
        out.append("Critical outcomes are not applied: each category counts only as a "
                   "simple success or failure.")
    out += [n for n in more if n]
    for key in ("tail_note", "yields_note"):
        if odds.get(key):
            out.append(cap(odds[key]) + ".")
    return out


CHART_MIN_P = 0.0005  # bars below this are left out of a long chart (>60 bars)
