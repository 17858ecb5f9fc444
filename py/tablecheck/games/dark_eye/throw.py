"""One skill check's 3d20 throw: its outcome from the dice (SP spent die
by die, QL from the SP left), its exact Dist, and where the dice come from
(`Throw`: the tray, or the first throw a follow-up keeps)."""

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ...dice import Dist
from ...errors import InvalidRequest
from ...messages import Dice
from .tables import SIDES, quality_level
from .terms import KIND, SKILL_OUTCOMES


def classify_skill(ones, twenties, cost, rating):
    """(outcome, QL, SP left) of a skill check (all EAVs >= 1) from the
    number of 1s and 20s and the SP the three dice need in total."""
    covered = cost <= rating
    left = rating - cost if covered else 0
    if twenties >= 2:  # double 20: automatic failure even if SP would cover it
        return ("spectacular_botch" if twenties == 3 else "botch"), 0, 0
    if ones >= 2:  # double 1: overrides an uncovered third die (then 0 SP left)
        return ("spectacular_success" if ones == 3 else "critical_success"), quality_level(left), left
    if covered:
        return "success", quality_level(left), left
    return "failure", 0, 0


@dataclass
class SkillRoll:
    """One resolved skill check (possibly part of a bigger check)."""
    outcome: str
    quality_level: int
    points_left: int
    eav: list
    rating: int
    faces: list = field(default_factory=list)
    points_short: int = 0  # SP missing on an ordinary failure
    automatic: bool = False  # an EAV below 1: no dice
    records: list = field(default_factory=list, repr=False)  # the standing Die records

    @property
    def kind(self):
        return KIND[self.outcome]

    @property
    def success(self):
        return self.kind in ("critical", "success")

    def to_dict(self):
        out = {"outcome": self.outcome, "success": self.success,
               "quality_level": self.quality_level, "points_left": self.points_left,
               "eav": list(self.eav), "rating": self.rating, "dice": list(self.faces)}
        if self.points_short:
            out["points_short"] = self.points_short
        if self.automatic:
            out["automatic"] = True
        return out


def _names(names):
    return list(names) if names else ["attribute 1", "attribute 2", "attribute 3"]


def roll_skill(tray, eavs, rating, names=None, prefix="", throw=None):
    """Roll one skill check through the tray (or take its dice from
    `throw`, a `Throw`); SP spent die by die."""
    names = _names(names)
    if min(eavs) < 1:
        return SkillRoll("failure", 0, 0, list(eavs), rating, [], automatic=True)
    throw = throw or Throw(tray)
    dice = [throw.roll(f"{prefix}{n} die", info={"eav": e}) for n, e in zip(names, eavs)]
    return score_skill(dice, eavs, rating)


@dataclass
class Spend:
    """One die of a skill check as the SP cover it (`sp_walk`)."""
    need: int  # SP the die needs (its face above the EAV)
    cost: int  # SP spent on it
    left: int  # SP left after it
    short: int = 0  # SP missing for it (not covered)
    after_uncovered: bool = False  # an earlier die was not covered: nothing more is spent


def sp_walk(faces, eavs, rating):
    """The SP of a skill check die by die, in order: each die's need is
    spent while the SP cover it; from the first die they cannot cover on,
    nothing more is spent."""
    out, left, uncovered = [], rating, False
    for face, eav in zip(faces, eavs):
        need = max(0, face - eav)
        if need == 0:
            out.append(Spend(0, 0, left, after_uncovered=uncovered))
        elif not uncovered and need <= left:
            left -= need
            out.append(Spend(need, need, left))
        else:
            out.append(Spend(need, 0, left, need if uncovered else need - left, uncovered))
            uncovered = True
    return out


def score_skill(dice, eavs, rating):
    """A skill check from its three standing dice (Die records, annotated
    with the SP each costs)."""
    faces = [d.value for d in dice]
    for die, spend in zip(dice, sp_walk(faces, eavs, rating)):
        die.info.pop("short", None)
        die.info["cost"] = spend.cost
        if spend.short:
            die.info["short"] = spend.short
    ones, twenties = faces.count(1), faces.count(SIDES)
    cost = sum(max(0, f - e) for f, e in zip(faces, eavs))
    outcome, ql, points = classify_skill(ones, twenties, cost, rating)
    short = cost - rating if outcome == "failure" else 0
    return SkillRoll(outcome, ql, points, list(eavs), rating, faces, short, records=list(dice))


def _die_dist(eav, cap):
    """One d20 of a skill check: (is 1, is 20, SP needed capped at `cap`)."""
    weights = {}
    for face in range(1, SIDES + 1):
        key = (int(face == 1), int(face == SIDES), min(max(0, face - eav), cap))
        weights[key] = weights.get(key, 0) + 1
    return Dist(weights, SIDES)


@lru_cache(maxsize=4096)
def skill_dist(eavs, rating):
    """Exact Dist of (outcome, QL) for one skill check, total 8000 (or 1
    when an EAV is below 1: automatic failure)."""
    if min(eavs) < 1:
        return Dist({("failure", 0): 1}, 1)
    cap = rating + 1  # any need above the SR fails alike

    def add(a, b):
        return (a[0] + b[0], a[1] + b[1], min(a[2] + b[2], cap))

    d = _die_dist(eavs[0], cap).combine(_die_dist(eavs[1], cap), add)
    d = d.combine(_die_dist(eavs[2], cap), add)
    return d.map(lambda k: classify_skill(k[0], k[1], k[2], rating)[:2])


def _skill_odds_from_dist(d):
    """({outcome: p}, {"1".."6": p}) from a Dist of (outcome, QL); summed as
    integer weights, one Fraction each at the end."""
    outcomes = {o: 0 for o, _ in SKILL_OUTCOMES}
    qls = {q: 0 for q in range(1, 7)}
    for (outcome, ql), w in d.weights.items():
        outcomes[outcome] += w
        if ql:
            qls[ql] += w
    total = d.total
    return ({o: Fraction(w, total) for o, w in outcomes.items()},
            {str(q): Fraction(w, total) for q, w in qls.items()})


class Throw:
    """Where a first throw's d20s come from: the tray's source, or the faces
    a follow-up carries (`first_throw`), placed on the tray as they fell."""

    def __init__(self, tray, faces=None):
        self.tray, self.faces, self.used = tray, faces, 0

    def roll(self, label, **flags):
        if self.faces is None:
            return self.tray.roll(SIDES, label, **flags)
        if self.used >= len(self.faces):
            raise InvalidRequest("first_throw", refusal=("first_throw_short", {"dice": Dice(len(self.faces))}))
        face = self.faces[self.used]
        self.used += 1
        return self.tray.place(SIDES, face, label, **flags)

    def done(self):
        if self.faces is not None and self.used != len(self.faces):
            raise InvalidRequest("first_throw", refusal=("first_throw_unused", {"dice": Dice(len(self.faces)),
                                                                                "used": self.used}))


def _refusal(tray, field_name, key, **fields):
    """The InvalidRequest refusing a follow-up (`raise _refusal(...)`; the
    refusal `key` with its `fields`); missing entered dice are said first
    (the page asks for them before it can tell what the throw was)."""
    if getattr(tray.source, "missing", None):
        tray.source.finish()
    return InvalidRequest(field_name, refusal=(key, fields))


def _member(values):
    """(base EAVs, rating, names, who) of one hero's skill parameters."""
    mod = values["modifier"]
    return ([a + mod for a in values["attributes"]], values["rating"],
            values.get("names"), values.get("name"))
