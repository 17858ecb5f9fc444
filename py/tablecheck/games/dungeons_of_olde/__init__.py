"""The Dungeons of Olde (system id `dungeons_of_olde`).

Rules: seed ``004_189b292364954e52.txt``; readings in shared spec rules.md.
This module wires the checks: the rules (attempt.py, check.py, opposed.py,
assisted.py, effect.py, odds.py, tables.py, sheet.py) return records; the
cards (cards*.py) write every word of a result (its summary, steps, the
category's name and outcome words, the rules' suggestion and the stat die's
notes, through `Check.words`), of its
odds (their notes), its card and its odds view; terms.py holds the names
both use.

- The stat value is the die rank (Brawn 8 rolls d8). A *modification* shifts
  the rank before rolling (Brawn 8 with -2 rolls d6); ranks are clamped to
  d2..d20 and the result says so.
- A check roll is two exploding stat dice (each explodes on its own, no cap),
  plus *adjustments* added once after the explosions. Success if the total
  is at least the challenge rating (CR).
- Margin m = total - CR; ranks = 1 + floor(|m| / 3) on either side
  (m >= 0 is success); eight categories from Success to Legendary Success
  and Failure to Catastrophic Failure.
- Checks: `check`, `opposed`, `assisted`, `scaling`, `effect`.
- Trivial (CR 3 or less) is an automatic success with no dice unless the GM
  asks for a roll (`roll_trivial`) or applies critical outcomes. A scaling
  challenge takes the check's parameters (`roll_trivial` included, per the
  API contract) but is always rolled: its ranks set the yield.
- Wording: units are given in the plural ("arrows") and written singular
  only for exactly 1; a margin of 0 is written without a sign.

Odds are exact: the exploding dice come from the shared `Dist.exploding`
series, cut where the remaining mass is below 1e-12. For a check, an
assisted attempt and a scaling challenge the series is cut deep enough that
every cut-off event is a Legendary Success, so that mass is added there and
the outcome odds are exact and sum to exactly 1 (the figure is still
reported as `tail`). An opposed attempt cannot place a cut-off mass (a huge
target roll and a huge instigator roll both live there), so it is summed in
closed form instead (each exploding die is s K + R with K geometric), exact
with nothing cut off. Effect-roll distributions report their `tail`.
"""

from ...checks import Check, System
from ...params import Bool, Int, Obj, Param, party
from . import assisted, cards, cards_check, cards_contest, cards_odds, check, effect, opposed
from .assisted import resolve_assisted
from .check import resolve_check, resolve_scaling
from .effect import resolve_effect
from .opposed import resolve_opposed
from .sheet import SHEET, fill_options
from .tables import MAX_CR, MAX_EFFECT_DICE, MAX_SIDES, MIN_SIDES
from .terms import CATEGORIES, CR_RANKS, SUCCESS_OUTCOMES

OUTCOMES = [("automatic_success", "Automatic Success (Trivial, no roll)")] + [
    (c[0], c[1]) for c in CATEGORIES]


# -- what the cards write of the rules' odds: their notes ---------------------------
def odds_check(values):
    out = check.odds_check(values)
    return dict(out, tail_note=cards_odds.tail_note(out))


def odds_scaling(values):
    out = check.odds_scaling(values)
    return dict(out, tail_note=cards_odds.tail_note(out), yields_note=cards_odds.YIELDS_NOTE)


def odds_opposed(values):
    return dict(opposed.odds_opposed(values), tail_note=cards_odds.OPPOSED_TAIL_NOTE)


def odds_assisted(values):
    out = assisted.odds_assisted(values)
    return dict(out, tail_note=cards_odds.tail_note(out))


def odds_effect(values):
    return dict(effect.odds_effect(values), tail_note=cards_odds.EFFECT_TAIL_NOTE)



# -- declarations ---------------------------------------------------------------
def _stat_param(label="Stat (die rank: Brawn 8 rolls d8)"):
    return Int("stat", label, default=8, min=MIN_SIDES, max=MAX_SIDES,
               help="the stat value is the die rank; d2 to d20", initial=8)


def _modification():
    return Int("modification", "Modification (die-rank shift before rolling)", default=0,
               min=-18, max=18, help="Brawn 8 with -2 rolls d6")


def _adjustment():
    return Int("adjustment", "Adjustment (added once after explosions)", default=0,
               min=-30, max=30)


def _cr_param():
    return Param("cr", "int_or_choice", "Challenge rating (CR) or rank", default="moderate",
                 min=1, max=MAX_CR, initial=9,
                 choices=[(key, f"{name} ({rating})") for key, name, rating in CR_RANKS],
                 help="a number, or Trivial 3, Easy 6, Moderate 9, Hard 12, Heroic 15, "
                      "Superhuman 18, Godly 21")


def _roll_trivial(scaling=False):
    if scaling:
        return Bool("roll_trivial", "Roll even a Trivial challenge (tense and dramatic)",
                    default=False,
                    help="a scaling challenge is always rolled, even when Trivial (its ranks "
                         "set the yield); accepted like the check's, changes nothing here")
    return Bool("roll_trivial", "Roll even a Trivial challenge (tense and dramatic)",
                default=False)


def _critical():
    return Bool("critical_outcomes", "Apply critical outcomes (bonuses, penalties, "
                "character points)", default=False,
                help="the GM's call: some apply them to every attempt, some only in "
                     "dramatic moments")


def _side(name, label):
    return party(Obj(name, [_stat_param("Stat (die rank)"), _modification(), _adjustment()],
                     label=label))


CHECKS = [
    Check(
        id="check",
        label="Check roll",
        description="Two exploding stat dice plus adjustments against a challenge rating; "
                    "ranks of success or failure.",
        params=[_stat_param(), _modification(), _adjustment(), _cr_param(), _roll_trivial(),
                _critical()],
        outcomes=OUTCOMES, success_outcomes=SUCCESS_OUTCOMES,
        resolve=resolve_check, odds=odds_check,
        tones=cards.TONES, explain=cards_check.check_card, odds_view=cards_check.check_odds,
        words=cards_check.check_words,
    ),
    Check(
        id="opposed",
        label="Opposed attempt",
        description="The target rolls first and its check roll is the CR; the instigator "
                    "wins ties.",
        params=[_side("instigator", "Instigator"), _side("target", "Target"), _critical()],
        outcomes=OUTCOMES, success_outcomes=SUCCESS_OUTCOMES,
        resolve=resolve_opposed, odds=odds_opposed,
        tones=cards.TONES, explain=cards_contest.opposed_card, odds_view=cards_contest.opposed_odds,
        words=cards_contest.opposed_words,
    ),
    Check(
        id="assisted",
        label="Assisted attempt",
        description="An assistant rolls against the instigator's check stat; the bonus "
                    "adjusts the instigator's check roll.",
        params=[_side("instigator", "Instigator (the hero attempting)"),
                _side("assistant", "Assistant"), _cr_param(), _roll_trivial(),
                _critical()],
        outcomes=OUTCOMES, success_outcomes=SUCCESS_OUTCOMES,
        resolve=resolve_assisted, odds=odds_assisted,
        tones=cards.TONES, explain=cards_contest.assisted_card, odds_view=cards_contest.assisted_odds,
        words=cards_contest.assisted_words,
    ),
    Check(
        id="scaling",
        label="Scaling challenge",
        description="A check roll where every rank of success yields more (3 arrows a "
                    "rank); always rolled, even when Trivial.",
        params=[_stat_param(), _modification(), _adjustment(), _cr_param(),
                _roll_trivial(scaling=True),
                Int("per_rank", "Yield per rank of success", default=1, min=0, max=1000,
                    initial=1),
                Param("unit", "string", "What is yielded (e.g. arrows)", default="",
                      max_length=40),
                _critical()],
        outcomes=OUTCOMES, success_outcomes=SUCCESS_OUTCOMES,
        resolve=resolve_scaling, odds=odds_scaling,
        tones=cards.TONES, explain=cards_check.scaling_card, odds_view=cards_check.scaling_odds,
        words=cards_check.scaling_words,
    ),
    Check(
        id="effect",
        label="Effect roll",
        description="Any number of exploding stat dice, summed, for the degree of a "
                    "success.",
        params=[_stat_param(), _modification(),
                Int("count", "Number of stat dice", default=2, min=1, max=MAX_EFFECT_DICE,
                    initial=1),
                Bool("exploding", "Exploding dice (unless the rules say otherwise)",
                     default=True)],
        outcomes=[("rolled", "Rolled")], success_outcomes=("rolled",),
        resolve=resolve_effect, odds=odds_effect,
        tones=cards.EFFECT_TONES, explain=cards_check.effect_card, odds_view=cards_check.effect_odds,
        words=cards_check.effect_words,
    ),
]

SYSTEM = System(
    id="dungeons_of_olde",
    name="The Dungeons of Olde",
    short_name="Dungeons of Olde",
    description="Two exploding stat dice against a challenge rating; ranks of success "
                "and failure, critical outcomes, opposed, assisted, scaling and effect "
                "rolls.",
    checks=CHECKS,
    sheet=SHEET,
    fill=fill_options,
    fill_labels=cards.fill_labels,
    extra={
        "cr_ranks": [{"value": key, "name": name, "rating": rating}
                     for key, name, rating in CR_RANKS],
        "die_ranks": list(range(MIN_SIDES, MAX_SIDES + 1)),
        "categories": [
            {"outcome": label, "name": words, "success": success,
             "ranks": f"{ranks} or more" if ranks == 4 else str(ranks),
             "margin": margin, "result": result, "character_points": points,
             "suggestion": cards.suggestion_for(result)}
            for label, words, success, ranks, margin, result, points in CATEGORIES
        ],
        "stat_examples": ["Brawn", "Nerve", "Savvy"],
    },
)
