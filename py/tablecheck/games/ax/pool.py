"""[ax] dice: roll as many d10 as the attribute, keep the top two and add
them (one die: its value; zero dice: automatic failure). Seed 003 ("Rolling
a Check"); readings in shared/spec/rules.md."""

from fractions import Fraction
from functools import lru_cache

from ...dice import Dist, keep

DIE = 10
MAX_ATTRIBUTE = 20
MIN_DIFFICULTY, MAX_DIFFICULTY = 1, 40
MAX_BONUS = 20
SKIP_BELOW = Fraction(1, 100)  # "if the chance of failure is less than 1%"


@lru_cache(maxsize=None)
def roll_dist(n):
    """Total of the top two of n d10 (one die: its value); None for n = 0."""
    if n <= 0:
        return None
    if n == 1:
        return Dist.uniform(DIE)
    return Dist.uniform(DIE).keep(n, 2)


def assistance(attribute, assistant):
    """+1 if the assistant's attribute is lower than yours, +2 if equal or higher."""
    if assistant is None:
        return 0
    return 1 if assistant < attribute else 2


def success_chance(n, difficulty, bonus=0):
    """P(top two of n d10 + bonus >= difficulty); zero dice never succeed."""
    dist = roll_dist(n)
    if dist is None:
        return Fraction(0)
    return dist.p(lambda t: t + bonus >= difficulty)


def skip_threshold(n, bonus=0):
    """The lowest difficulty whose chance of failure is 1% or more: the check
    can be skipped at any difficulty below it. None for zero dice."""
    if n <= 0:
        return None
    d = MIN_DIFFICULTY - 1
    while 1 - success_chance(n, d + 1, bonus) < SKIP_BELOW:
        d += 1
    return d + 1


def roll_pool(tray, n, label, suffix=""):
    """n d10 through the tray, top two marked kept; returns (dice, total)."""
    dice = [tray.roll(DIE, (f"{label} {i + 1}" if n > 1 else label) + suffix)
            for i in range(n)]
    kept = keep(dice, 2)
    return dice, sum(d.value for d in kept)
