"""The check roll every Dungeons of Olde attempt shares: two exploding stat
dice (each explodes on its own, no cap) plus adjustments added once after
the explosions, judged against a challenge rating (CR) by its margin."""

from ...dice import chain_text
from .tables import category_of, character_points, die_rank, ranks_of


def roll_stat_dice(tray, sides, count, who=""):
    """`count` exploding stat dice, each its own chain. Returns the chains."""
    prefix = f"{who}'s " if who else ""
    chains = []
    for i in range(count):
        chain = tray.explode(sides, f"{prefix}stat die {i + 1}")
        for d in chain:
            d.info["die"] = i + 1
            if who:
                d.info["who"] = who
        chains.append(chain)
    return chains


def roll_attempt(tray, stat, modification, adjustment, who=""):
    """Roll a check roll: the die, each chain, the totals."""
    sides = die_rank(stat, modification)
    chains = roll_stat_dice(tray, sides, 2, who)
    dice_total = sum(d.value for c in chains for d in c)
    return {
        "sides": sides, "die": f"d{sides}",
        "chains": [chain_text(c) for c in chains], "dice_total": dice_total,
        "adjustment": adjustment, "total": dice_total + adjustment,
    }


def judge(total, cr, applied):
    """Margin, ranks, category and its consequences for a check roll vs CR
    (the category's words and the outcome's suggestion: the cards)."""
    margin = total - cr
    success, ranks = ranks_of(margin)
    label = category_of(margin)
    return {
        "outcome": label, "success": success, "margin": margin, "ranks": ranks,
        "character_points": character_points(label, applied), "critical_outcomes": applied,
    }


def automatic(rating, name):
    """A Trivial challenge with no roll: an automatic success."""
    return {
        "outcome": "automatic_success", "success": True, "total": None,
        "margin": None, "ranks": 1, "character_points": 0, "cr": rating,
        "cr_rank": name, "critical_outcomes": False,
    }
