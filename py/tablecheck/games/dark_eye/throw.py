"""One skill check's 3d20 throw: its outcome from the dice (SP spent die
by die, QL from the SP left), its exact Dist, and where the dice come from
(`Throw`: the tray, or the first throw a follow-up keeps)."""

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ...dice import Dist
from ...display.words import cap, plural
from ...errors import InvalidRequest
from .tables import QL_CHART, SIDES, quality_level
from .terms import KIND, SKILL_OUTCOMES


def _chart_row(points_left):
    ql = quality_level(points_left)
    low, high, _ = QL_CHART[ql - 1]
    return f"{low}+" if high is None else f"{low}-{high}"


def _sp(n):
    return f"{n} SP"


def _terms(terms):
    """' + 2 - 1' for the non-zero terms [2, -1] (spaces around each sign)."""
    return "".join(f" {'+' if t > 0 else '-'} {abs(t)}" for t in terms if t)


def _arith(base, terms):
    """'12 - 2 - 1 = 9', or just '12' when every term is 0."""
    shown = _terms(terms)
    return f"{base}{shown} = {base + sum(terms)}" if shown else f"{base}"


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
    steps: list = field(default_factory=list)
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

    def verdict(self):
        """Short words for summaries: 'success with QL 2'."""
        words = dict(SKILL_OUTCOMES)[self.outcome].lower()
        if self.outcome == "failure" and self.automatic:
            return "automatic failure (an EAV below 1)"
        if self.outcome == "failure":
            return f"failure ({_sp(self.points_short)} short)"
        if self.success:
            return f"{words} with QL {self.quality_level}"
        return words


def _names(names):
    return list(names) if names else ["attribute 1", "attribute 2", "attribute 3"]


def _eav_text(attributes, terms, names):
    """'EAVs COU 12 - 2 = 10, ...' for the terms (modifier, -penalty, ...);
    names may be None: 'EAVs 12 - 2 = 10, ...'."""
    labels = [f"{n} " for n in names] if names else [""] * 3
    return "EAVs " + ", ".join(f"{n}{_arith(a, terms)}" for n, a in zip(labels, attributes)) + "."


def roll_skill(tray, eavs, rating, names=None, prefix="", throw=None):
    """Roll one skill check through the tray (or take its dice from
    `throw`, a `Throw`); SP spent die by die."""
    names = _names(names)
    if min(eavs) < 1:
        low = [f"{n}: {e}" for n, e in zip(names, eavs) if e < 1]
        steps = [f"EAV below 1 ({', '.join(low)}): the check fails automatically; no dice are rolled."]
        return SkillRoll("failure", 0, 0, list(eavs), rating, [], steps, automatic=True)
    throw = throw or Throw(tray)
    dice = [throw.roll(f"{prefix}{n} die", info={"eav": e}) for n, e in zip(names, eavs)]
    return score_skill(dice, eavs, rating, names)


def score_skill(dice, eavs, rating, names):
    """A skill check from its three standing dice (Die records, annotated
    with the SP each costs); `names` the three attributes' words."""
    steps = []
    faces = [d.value for d in dice]
    left = rating
    uncovered = False
    for n, e, die in zip(names, eavs, dice):
        face, need = die.value, max(0, die.value - e)
        die.info.pop("short", None)
        if need == 0:
            die.info["cost"] = 0
            single = (" (in a skill check a single 20 is an ordinary value; \"a 20 always "
                      "fails\" is the attribute-check rule)") if face == SIDES else ""
            steps.append(f"{cap(n)} die {face} against EAV {e}: passes{single}, {_sp(left)} left.")
        elif not uncovered and need <= left:
            left -= need
            die.info["cost"] = need
            steps.append(f"{cap(n)} die {face} against EAV {e}: {_sp(need)} spent, {_sp(left)} left.")
        else:
            die.info["cost"] = 0
            die.info["short"] = need - left if not uncovered else need
            if uncovered:
                steps.append(f"{cap(n)} die {face} against EAV {e}: would need {_sp(need)} more.")
            else:
                steps.append(f"{cap(n)} die {face} against EAV {e}: needs {_sp(need)}, "
                             f"only {_sp(left)} left: not covered.")
            uncovered = True
    ones, twenties = faces.count(1), faces.count(SIDES)
    cost = sum(max(0, f - e) for f, e in zip(faces, eavs))
    outcome, ql, points = classify_skill(ones, twenties, cost, rating)
    short = cost - rating if outcome == "failure" else 0
    if KIND[outcome] == "botch":
        n20 = "Three 20s: a spectacular botch" if twenties == 3 else "Two 20s: a botch"
        steps.append(f"{n20}, an automatic failure whatever the SP.")
    elif KIND[outcome] == "critical":
        n1 = "Three 1s: a spectacular success" if ones == 3 else "Two 1s: a critical success"
        if cost > rating:
            steps.append(f"{n1}, overriding the uncovered die; 0 SP left: QL 1.")
        else:
            steps.append(f"{n1}; {_sp(points)} left: QL {ql} ({_chart_row(points)} SP left).")
    elif outcome == "success":
        steps.append(f"All three dice pass with {_sp(points)} left: QL {ql} "
                     f"({_chart_row(points)} SP left).")
    else:
        steps.append(f"The dice need {_sp(cost)} but the SR is {rating}: failure, {_sp(short)} short.")
    return SkillRoll(outcome, ql, points, list(eavs), rating, faces, steps, short, records=list(dice))


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
            raise InvalidRequest("first_throw", f"has {plural(len(self.faces), 'die', 'dice')}; "
                                 "the throw needs more")
        face = self.faces[self.used]
        self.used += 1
        return self.tray.place(SIDES, face, label, **flags)

    def done(self):
        if self.faces is not None and self.used != len(self.faces):
            raise InvalidRequest("first_throw", f"has {plural(len(self.faces), 'die', 'dice')} but the "
                                 f"throw used {self.used}")


def _refuse(tray, field_name, message):
    """Refuse a follow-up; missing entered dice are said first (the page
    asks for them before it can tell what the throw was)."""
    if getattr(tray.source, "missing", None):
        tray.source.finish()
    raise InvalidRequest(field_name, message)


def _member(values):
    """(base EAVs, rating, names, who) of one hero's skill parameters."""
    mod = values["modifier"]
    return ([a + mod for a in values["attributes"]], values["rating"],
            values.get("names"), values.get("name"))
