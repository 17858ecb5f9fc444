"""Effect rolls: any number of exploding stat dice (or plain ones, when the
rules say so), summed, for the degree of a success. Their distributions
report their `tail`."""

from fractions import Fraction

from ...dice import TAIL_EPS, Dist, chain_text
from .tables import die_rank


def resolve_effect(values, tray):
    sides = die_rank(values["stat"], values["modification"])
    count = values["count"]
    if values["exploding"]:
        chains = []
        for i in range(count):
            chain = tray.explode(sides, f"effect die {i + 1}")
            for d in chain:
                d.info["die"] = i + 1
            chains.append(chain)
        total = sum(d.value for c in chains for d in c)
        texts = [chain_text(c) for c in chains]
    else:
        dice = tray.pool(count, sides, "effect die")
        total = sum(d.value for d in dice)
        texts = [str(d.value) for d in dice]
    return {"outcome": "rolled", "success": True, "total": total, "sides": sides,
            "die": f"d{sides}", "chains": texts}


def effect_sum(sides, count, budget=TAIL_EPS):
    """Sum of `count` exploding d`sides` for an effect roll, with at most
    `budget` mass cut off in all: each die's series is cut below
    budget / (2 count), and after adding each die the highest totals are
    dropped while their mass stays below budget / (2 count). Everything kept
    is exact; what is cut is the Dist's tail. (Far faster than convolving
    the full series: 10d20! in about a third of the time.)"""
    step = budget / (2 * count)
    die = Dist.exploding(sides, step)
    faces = sorted(die.weights.items())
    acc, total = {0: 1}, 1
    for _ in range(count):
        out = {}
        for a, wa in acc.items():
            for b, wb in faces:
                out[a + b] = out.get(a + b, 0) + wa * wb
        total *= die.total
        limit = step * total  # a Fraction: the mass we may drop, as weight
        dropped = 0
        for k in sorted(out, reverse=True):
            if dropped + out[k] >= limit:
                break
            dropped += out.pop(k)
        acc = out
    return Dist(acc, total)


def odds_effect(values):
    sides = die_rank(values["stat"], values["modification"])
    count = values["count"]
    if values["exploding"]:
        dist = effect_sum(sides, count)
        mean = count * (Fraction(sides, 2) + Fraction(sides, sides - 1))
    else:
        dist = Dist.uniform(sides).sum_of(count)
        mean = count * Fraction(sides + 1, 2)
    return {
        "outcomes": {"rolled": Fraction(1)},
        "distribution": {k: Fraction(w, dist.total) for k, w in sorted(dist.weights.items())},
        "tail": dist.tail(), "mean": mean,
    }
