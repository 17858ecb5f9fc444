"""The Dungeons of Olde's tables as rules: die ranks, challenge ratings,
the margin's ranks and category, character points."""

from .terms import CATEGORIES, CATEGORY, CR_RANKS, TRIVIAL_CR

MIN_SIDES = 2
MAX_SIDES = 20
MAX_CR = 99
MAX_EFFECT_DICE = 10

CR_BY_NAME = {key: (name, rating) for key, name, rating in CR_RANKS}
# lowest margin of each category, best first (Legendary m >= 9 ... Catastrophic)
MARGIN_FLOORS = [9, 6, 3, 0, -2, -5, -8, None]


def ranks_of(margin):
    """(success, ranks): m >= 0 succeeds; ranks = 1 + floor(|m| / 3)."""
    return margin >= 0, 1 + abs(margin) // 3


def category_of(margin):
    """The outcome label of a margin (Critical Outcomes table)."""
    success, ranks = ranks_of(margin)
    for c in CATEGORIES:
        if c[2] == success and c[3] == min(ranks, 4):  # 4 means "4 or more"
            return c[0]
    raise AssertionError(margin)  # pragma: no cover


def character_points(label, applied):
    """Character points for the outcome: only when the GM applies critical
    outcomes (1 critical, 2 legendary / catastrophic)."""
    if not applied or label not in CATEGORY:
        return 0
    return CATEGORY[label][6]


def die_rank(stat, modification=0):
    """The stat die's sides after modification, clamped to d2..d20 (the
    cards say so when the clamp bites)."""
    return min(MAX_SIDES, max(MIN_SIDES, stat + modification))


def challenge(cr):
    """(rating, rank name or None) from a number or a rank key."""
    if isinstance(cr, str):
        name, rating = CR_BY_NAME[cr]
        return rating, name
    for _, name, rating in CR_RANKS:
        if rating == cr:
            return cr, name
    return cr, None


def is_trivial(rating):
    # a CR at or below the Trivial rating is (at most) a Trivial challenge
    return rating <= TRIVIAL_CR


def trivial_auto(rating, values):
    """Trivial challenges need no roll unless the GM asks for one or critical
    outcomes are possible (scaling challenges always roll)."""
    return (is_trivial(rating) and not values.get("roll_trivial")
            and not values.get("critical_outcomes"))
