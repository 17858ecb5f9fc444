"""The d20s of every Freedom Fantasies check: one d20, plus one more per net
advantage (keep the highest) or net disadvantage (keep the lowest);
advantages and disadvantages cancel one for one.

Odds are exact: the kept d20 has the distribution of the max (or min) of
k d20, P(max <= f) = (f/20)^k, so no 20^k loops."""

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ...dice import Dist, keep

# the toggles that add an advantage or a disadvantage (their words: cards)
ADVANTAGE_TOGGLES = ("talent", "specialism", "lucky")
DISADVANTAGE_TOGGLES = ("unfamiliar", "threatened_ranged")


@dataclass
class Tally:
    advantages: int
    disadvantages: int
    # what makes up each count: the number typed in (an int) and the toggles' keys
    adv_parts: list = field(default_factory=list)
    dis_parts: list = field(default_factory=list)

    @property
    def net(self):
        return self.advantages - self.disadvantages

    @property
    def dice(self):
        return 1 + abs(self.net)


def tally(values):
    """Advantages and disadvantages of one side: the counts plus the toggles."""
    adv, dis = values.get("advantages", 0), values.get("disadvantages", 0)
    adv_parts = [adv] if adv else []
    dis_parts = [dis] if dis else []
    for key in ADVANTAGE_TOGGLES:
        if values.get(key):
            adv += 1
            adv_parts.append(key)
    for key in DISADVANTAGE_TOGGLES:
        if values.get(key):
            dis += 1
            dis_parts.append(key)
    return Tally(adv, dis, adv_parts, dis_parts)


@dataclass
class D20Roll:
    dice: list  # every d20 rolled for this check, in order
    kept: object  # the Die used

    @property
    def value(self):
        return self.kept.value


def roll_d20s(tray, t, who=""):
    """1 + |net| d20 through the tray; the kept one marked (ties: first)."""
    n = t.dice
    base = f"{who} d20".strip()
    if n == 1:
        labels = [base]
    else:
        mode = "highest" if t.net > 0 else "lowest"
        labels = [f"{base} {i + 1} of {n} (keep {mode})" for i in range(n)]
    dice = [tray.roll(20, label) for label in labels]
    if n > 1:  # the page marks advantage / disadvantage dice
        for d in dice:
            d.info["keep"] = "highest" if t.net > 0 else "lowest"
    kept = keep(dice, 1, highest=t.net >= 0)[0]
    return D20Roll(dice, kept)


def kept_info(roll, **info):
    roll.kept.info.update(info)


def result_of(values, face):
    """Result = the kept d20 + the Ability bonus + other bonuses."""
    return face + values["bonus"] + values.get("other_bonus", 0)


@lru_cache(maxsize=None)
def kept_dist(net):
    """The kept d20 for a net advantage: max of 1+net d20 (net >= 0) or min of
    1-net d20. P(max = f) = (f^k - (f-1)^k) / 20^k; the min by symmetry."""
    k = 1 + abs(net)
    if net >= 0:
        weights = {f: f ** k - (f - 1) ** k for f in range(1, 21)}
    else:
        weights = {f: (21 - f) ** k - (20 - f) ** k for f in range(1, 21)}
    return Dist(weights, 20 ** k)


def all_labels(probs, outcomes):
    """Every label of the check, exact (Fraction(0) where impossible)."""
    return {label: Fraction(probs.get(label, 0)) for label, _ in outcomes}


def outcome_probs(kept, f):
    """{label: Fraction} from the kept-die Dist and f(face) -> label."""
    out = {}
    for face, w in kept.weights.items():
        label = f(face)
        out[label] = out.get(label, 0) + Fraction(w, kept.total)
    return out
