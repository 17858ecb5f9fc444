"""The Dark Eye, 5th edition (system id `dark_eye`): attribute, skill,
competitive, cumulative and group checks, with exact odds.

Rules: seed 000_4e6dd719026d50a2.txt ("Checks" chapter); binding readings in
shared/spec/rules.md. Vocabulary: EAV (effective attribute value = value +
modifier), SR (skill rating), SP (skill points, the pool of one skill check),
QL (quality level, from the SP left).

Odds are exact: a skill check is the convolution of three d20s (Dist over
(1s, 20s, SP needed)); cumulative and group checks are a dynamic programme
per hero over (checks made, QL so far capped at the target, penalty capped
where an EAV drops below 1); the heroes are independent, so the group's
round-by-round chances are convolutions of the heroes' rows (see
`_cumulative_odds`).

Where the rules and readings are silent, this module decides:
- Competitive: a botch is an automatic failure for the botching side
  (reading), so a botch against a plain failure is "both fail": the passive
  side wins with QL 1, or it is unresolved. Any winner has at least QL 1: a
  tie won by the passive side and a critical beating a higher QL both give
  QL 1; otherwise the final QL is the winner's QL minus the loser's (a side
  that failed or botched counts 0).
- Group competitive: each side is one contestant with the summed QL of its
  heroes. A side with any botch has botched (its QL discarded); otherwise it
  succeeds if its summed QL is above 0 (a hero's critical counts with its
  QL, not doubled) and fails if not. The two sides are then compared by the
  competitive rules; a side has no "critical wins automatically", so one
  hero's critical never beats a whole group's higher QL.
- Cumulative and group: a round is resolved whole (reading: "each round
  every hero rolls once"): every hero rolls once with their own penalty; a
  botch by any hero in the round discards all QL (outcome botch); otherwise
  the round's QL are added, and the check succeeds when the sum reaches the
  target at the end of a round. So the heroes' listing order never changes
  the outcome. A plain cumulative check is a group of one (a round is one
  check). Once every hero has an EAV below 1 the check stops (nothing can
  change any more); `partial` >= `target` simply leaves no partial success.
- Retries (`attempt`) do not apply to competitive, cumulative or group
  checks: they accept `attempt` (contract) but only the value 1.
- Skill results: `points_left` is 0 on a failure or botch; an ordinary
  failure reports `points_short`.
"""

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ..checks import Check, System
from ..dice import Dist
from ..display import dark_eye as view
from ..display.words import and_list, cap, plural, signed
from ..params import Int, List, Obj, Param
from ..sheets import Column, Number, Sheet, Table, numbers, rows, whole

ATTRIBUTES = [
    ("COU", "Courage"), ("SGC", "Sagacity"), ("INT", "Intuition"), ("CHA", "Charisma"),
    ("DEX", "Dexterity"), ("AGI", "Agility"), ("CON", "Constitution"), ("STR", "Strength"),
]
# attack and defence use the attribute-check rules on these values
COMBAT_VALUES = [("AT", "Attack"), ("PA", "Parry"), ("DO", "Dodge"), ("RC", "Ranged combat")]
# a new character's combat values (the character sheet)
COMBAT_DEFAULTS = {"AT": 12, "PA": 7, "DO": 6, "RC": 10}

# Quality Levels chart: SP left -> QL (a success always has at least QL 1)
QL_CHART = [(0, 3, 1), (4, 6, 2), (7, 9, 3), (10, 12, 4), (13, 15, 5), (16, None, 6)]

SIDES = 20
ALL_DICE = SIDES ** 3  # one skill check: 8000 equally likely throws

SKILL_OUTCOMES = [
    ("spectacular_success", "Spectacular success (triple 1)"),
    ("critical_success", "Critical success (double 1)"),
    ("success", "Success"),
    ("failure", "Failure"),
    ("botch", "Botch (double 20)"),
    ("spectacular_botch", "Spectacular botch (triple 20)"),
]
# what a skill-check outcome counts as in competitive, cumulative and group checks
KIND = {
    "spectacular_success": "critical", "critical_success": "critical",
    "success": "success", "failure": "failure",
    "botch": "botch", "spectacular_botch": "botch",
}
CUMULATIVE_OUTCOMES = [
    ("success", "Success (target QL reached)"),
    ("partial_success", "Partial success"),
    ("failure", "Failure"),
    ("botch", "Botch (all QL lost)"),
]
CONTEST_OUTCOMES = [("a_wins", "A wins"), ("b_wins", "B wins"), ("unresolved", "Unresolved")]


def quality_level(points_left):
    """QL from SP left (Quality Levels chart)."""
    for low, high, ql in QL_CHART:
        if points_left >= low and (high is None or points_left <= high):
            return ql
    return 1  # never reached: SP left is never negative


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


# -- parameters ------------------------------------------------------------
_ATTR_CHOICES = [(abbr, f"{abbr} ({name})") for abbr, name in ATTRIBUTES]
_VALUE_CHOICES = _ATTR_CHOICES + [(abbr, f"{abbr} ({name})") for abbr, name in COMBAT_VALUES]


def _skill_fields(retries):
    """A skill check's parameters. `attempt` is always accepted (contract);
    only the simple skill check takes retries, elsewhere it must be 1."""
    fields = [
        Param("attributes", "list", "Attributes", [12, 12, 12],
              item=Int("value", "Attribute", min=0, max=40, initial=12), min_items=3, max_items=3,
              help="the three attributes the skill is linked to, e.g. COU/SGC/INT"),
        Param("names", "list", "Which attributes", None, nullable=True,
              item=Param("name", "choice", "Attribute", choices=_ATTR_CHOICES),
              min_items=3, max_items=3, pairs="attributes",
              help="optional: the three attributes' abbreviations, used to label the dice"),
        Int("rating", "Skill rating (SR)", 4, min=0, max=40,
            help="the SP pool of the check"),
        Int("modifier", "Modifier", 0, min=-30, max=30,
            help="bonus (+) or penalty (-) on all three EAVs"),
    ]
    if retries:
        fields.append(Int("attempt", "Attempt", 1, min=1, max=20,
                          help="retry number: each retry adds a cumulative -1"))
    else:
        fields.append(Int("attempt", "Attempt", 1, min=1, max=1,
                          help="retries do not apply to competitive, cumulative or group checks"))
    return fields


def _member_fields():
    return [Param("name", "string", "Hero", None, nullable=True, max_length=40,
                  help="optional: who rolls (labels the dice)")] + _skill_fields(False)


_PASSIVE = Param("passive", "choice", "Passive side", None, nullable=True,
                 choices=[("a", "A is passive"), ("b", "B is passive")],
                 help="the side reacting to the action wins ties; none: ties stay unresolved")


def _target_params(count_name, count_label, count_default, count_max):
    return [
        Int(count_name, count_label, count_default, min=1, max=count_max),
        Int("target", "QL needed", 10, min=1, max=50, help="QL to collect for success (usually 10)"),
        Int("partial", "QL for partial success", 6, min=1, max=50,
            help="QL that counts as a partial success when the checks run out (usually 6)"),
    ]


# -- attribute check -----------------------------------------------------------
def _passes(eav, face):
    """One d20 against an EAV: at or below it, and never a natural 20."""
    return face != SIDES and face <= eav


def attribute_outcome(eav, face, confirmation=None):
    """Outcome of an attribute check (EAV >= 1) from its die and, after a
    1 or a 20, the confirmation die."""
    if face == 1:
        return "critical_success" if _passes(eav, confirmation) else "success"
    if face == SIDES:
        return "failure" if _passes(eav, confirmation) else "botch"
    return "success" if face <= eav else "failure"


def resolve_attribute(values, tray):
    value, modifier, name = values["value"], values["modifier"], values["name"]
    eav = value + modifier
    what = f" on {name}" if name else ""
    steps = [f"EAV = {_arith(value, [modifier])}."]
    out = {"eav": eav, "modifier": modifier, "confirmation": None, "roll": None}
    if eav < 1:
        steps.append(f"EAV {eav} is below 1: the check cannot succeed; no die is rolled.")
        out.update(outcome="failure", success=False, steps=steps,
                   summary=f"Failure: EAV {eav} is below 1, so the check fails automatically.")
        return out
    die = tray.roll(SIDES, f"{name} die" if name else "d20", info={"eav": eav})
    face = out["roll"] = die.value
    conf = None
    if face in (1, SIDES):
        conf = tray.roll(SIDES, "confirmation", confirmation=True, info={"eav": eav})
        out["confirmation"] = conf.to_dict()
    outcome = attribute_outcome(eav, face, conf.value if conf else None)
    if face == 1:
        steps.append(f"Rolled a 1 against EAV {eav}: a success, and a confirmation roll follows.")
        if outcome == "critical_success":
            steps.append(f"Confirmation roll {conf.value} <= EAV {eav}: confirmed, "
                         "a critical success.")
        elif conf.value == SIDES:
            steps.append("Confirmation roll 20: a 20 always fails, so no critical; "
                         "an ordinary success.")
        else:
            steps.append(f"Confirmation roll {conf.value} > EAV {eav}: not confirmed, "
                         "an ordinary success.")
    elif face == SIDES:
        steps.append(f"Rolled a 20 against EAV {eav}: a failure, and a confirmation roll follows.")
        if outcome == "botch" and conf.value == SIDES:
            steps.append("Confirmation roll 20: another 20 confirms the botch.")
        elif outcome == "botch":
            steps.append(f"Confirmation roll {conf.value} > EAV {eav}: the botch is confirmed.")
        else:
            steps.append(f"Confirmation roll {conf.value} <= EAV {eav}: no botch, "
                         "an ordinary failure.")
    else:
        cmp = "<=" if face <= eav else ">"
        steps.append(f"Rolled {face} {cmp} EAV {eav}: {'success' if face <= eav else 'failure'}.")
    summary = {
        "critical_success": f"Critical success{what} (EAV {eav}): a 1, confirmed.",
        "success": f"Success{what} (EAV {eav}) with a {face}.",
        "failure": f"Failure{what} (EAV {eav}) with a {face}.",
        "botch": f"Botch{what} (EAV {eav}): a 20, confirmed.",
    }[outcome]
    out.update(outcome=outcome, success=outcome in ("critical_success", "success"),
               summary=summary, steps=steps)
    return out


def odds_attribute(values):
    eav = values["value"] + values["modifier"]
    p = {"critical_success": Fraction(0), "success": Fraction(0),
         "failure": Fraction(0), "botch": Fraction(0)}
    if eav < 1:
        p["failure"] = Fraction(1)
    else:
        # P(confirmation passes) = P(face <= EAV and face != 20)
        conf = Fraction(min(eav, SIDES - 1), SIDES)
        die = Fraction(1, SIDES)
        middle = sum(1 for f in range(2, SIDES) if f <= eav)
        p["critical_success"] = die * conf
        p["success"] = die * (1 - conf) + Fraction(middle, SIDES)
        p["failure"] = Fraction(SIDES - 2 - middle, SIDES) + die * conf
        p["botch"] = die * (1 - conf)
    return {"outcomes": p, "eav": eav,
            "success_chance": p["critical_success"] + p["success"]}


# -- skill check -----------------------------------------------------------
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


def roll_skill(tray, eavs, rating, names=None, prefix=""):
    """Roll one skill check through the tray; SP spent die by die."""
    names = _names(names)
    steps = []
    if min(eavs) < 1:
        low = [f"{n}: {e}" for n, e in zip(names, eavs) if e < 1]
        steps.append(f"EAV below 1 ({', '.join(low)}): the check fails automatically; no dice are rolled.")
        return SkillRoll("failure", 0, 0, list(eavs), rating, [], steps, automatic=True)
    dice = [tray.roll(SIDES, f"{prefix}{n} die", info={"eav": e}) for n, e in zip(names, eavs)]
    faces = [d.value for d in dice]
    left = rating
    uncovered = False
    for n, e, die in zip(names, eavs, dice):
        face, need = die.value, max(0, die.value - e)
        if need == 0:
            die.info["cost"] = 0
            steps.append(f"{cap(n)} die {face} against EAV {e}: passes, {_sp(left)} left.")
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
    return SkillRoll(outcome, ql, points, list(eavs), rating, faces, steps, short)


def _retry_modifier(values):
    return values["modifier"] - (values.get("attempt", 1) - 1)


def resolve_skill(values, tray):
    attrs, rating, attempt = values["attributes"], values["rating"], values["attempt"]
    modifier = _retry_modifier(values)
    steps = []
    if attempt > 1:
        on_top = f" on top of the modifier {signed(values['modifier'])}" if values["modifier"] else ""
        steps.append(f"Attempt {attempt}: a retry penalty of -{attempt - 1}{on_top}.")
    steps.append(_eav_text(attrs, [values["modifier"], -(attempt - 1)], values["names"]))
    steps.append(f"SR {rating}: {_sp(rating)} to spend.")
    r = roll_skill(tray, [a + modifier for a in attrs], rating, values["names"])
    steps += r.steps
    if r.automatic:
        summary = "Failure: an EAV is below 1, so the check fails automatically"
        summary += " and no further attempt is possible." if attempt > 1 else "."
    elif r.success:
        summary = f"{cap(r.verdict())} ({_sp(r.points_left)} left)."
    else:
        summary = f"{cap(r.verdict())}."
    out = r.to_dict()
    out.update(summary=summary, steps=steps, modifier=modifier, attempt=attempt)
    return out


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
    outcomes = {o: Fraction(0) for o, _ in SKILL_OUTCOMES}
    qls = {str(q): Fraction(0) for q in range(1, 7)}
    for (outcome, ql), p in d.probs().items():
        outcomes[outcome] += p
        if ql:
            qls[str(ql)] += p
    return outcomes, qls


def odds_skill(values):
    attrs, rating = values["attributes"], values["rating"]
    modifier = _retry_modifier(values)
    eavs = tuple(a + modifier for a in attrs)
    outcomes, qls = _skill_odds_from_dist(skill_dist(eavs, rating))
    success = sum(p for o, p in outcomes.items() if KIND[o] in ("critical", "success"))
    expected = sum(int(q) * p for q, p in qls.items())
    return {"outcomes": outcomes, "quality_levels": qls, "eav": list(eavs),
            "modifier": modifier, "success_chance": success,
            "expected_quality_level": expected}


# -- competitive checks ----------------------------------------------------
def contest(a, b, passive):
    """Decide a competitive check from each side's (kind, QL); kind is
    critical / success / failure / botch. Returns (outcome, final QL, why),
    `why` being one sentence without its full stop."""
    (ka, qa), (kb, qb) = a, b
    # QL that counts against a winner: only a succeeding (or critical) side has one
    va = qa if ka in ("critical", "success") else 0
    vb = qb if kb in ("critical", "success") else 0
    if ka == "critical" and kb == "critical":
        return "unresolved", 0, "Unresolved: both sides roll critical successes"
    if ka == "critical" or kb == "critical":
        win, q = ("a", max(1, va - vb)) if ka == "critical" else ("b", max(1, vb - va))
        w = win.upper()
        return f"{win}_wins", q, f"{w} wins with final QL {q}: {w}'s critical success wins automatically"
    if ka == "botch" and kb == "botch":
        return "unresolved", 0, "Unresolved: both sides botch"
    # a botch is an automatic failure for the botching side (reading)
    botched = "A" if ka == "botch" else "B" if kb == "botch" else None
    note = f"{botched} botched, which counts as a failure" if botched else ""
    if ka == "success" and kb == "success":
        if qa != qb:
            win = "a" if qa > qb else "b"
            return f"{win}_wins", abs(qa - qb), (
                f"{win.upper()} wins with final QL {abs(qa - qb)}: QL {qa} against QL {qb}")
        if passive:
            return f"{passive}_wins", 1, (
                f"{passive.upper()} wins with final QL 1: both have QL {qa} and a tie goes to "
                "the passive side")
        return "unresolved", 0, f"Unresolved: both have QL {qa} and there is no passive side"
    if ka == "success" or kb == "success":
        win, lose = ("a", "B") if ka == "success" else ("b", "A")
        q = qa if win == "a" else qb
        return f"{win}_wins", q, f"{win.upper()} wins with final QL {q}: {note or lose + ' fails'}"
    both = f"{note}; both sides failed" if note else "both sides failed"
    if passive:
        return f"{passive}_wins", 1, (
            f"{cap(both)}, so the passive side {passive.upper()} still wins, barely (QL 1)")
    return "unresolved", 0, f"Unresolved: {both} and there is no passive side"


def _member(values):
    """(base EAVs, rating, names, who) of one hero's skill parameters."""
    mod = values["modifier"]
    return ([a + mod for a in values["attributes"]], values["rating"],
            values.get("names"), values.get("name"))


def _contest_result(outcome, ql, why, a_words, b_words):
    return {"outcome": outcome, "success": outcome != "unresolved", "quality_level": ql,
            "winner": None if outcome == "unresolved" else outcome[0],
            "summary": f"{why}. A: {a_words}; B: {b_words}.", "steps": [f"{why}."]}


def resolve_competitive(values, tray):
    steps = []
    rolls = {}
    for side in ("a", "b"):
        v = values[side]
        names = v["names"]
        eavs, rating, _, _ = _member(v)
        r = roll_skill(tray, eavs, rating, v["names"], prefix=f"{side.upper()}: ")
        steps.append(f"Side {side.upper()}: " + _eav_text(v["attributes"], [v["modifier"]], names)
                     + f" SR {rating}.")
        steps += [f"{side.upper()}: {s}" for s in r.steps]
        rolls[side] = r
    a, b = rolls["a"], rolls["b"]
    outcome, ql, why = contest((a.kind, a.quality_level), (b.kind, b.quality_level),
                               values["passive"])
    out = _contest_result(outcome, ql, why, a.verdict(), b.verdict())
    out["steps"] = steps + out["steps"]
    out["a"], out["b"] = a.to_dict(), b.to_dict()
    return out


def _side_dist(member_values):
    """Dist of (kind, QL) for one contestant."""
    eavs, rating, _, _ = _member(member_values)
    return skill_dist(tuple(eavs), rating).map(lambda k: (KIND[k[0]], k[1]))


def _contest_odds(da, db, passive):
    d = da.combine(db, lambda x, y: contest(x, y, passive)[:2])
    outcomes = {o: Fraction(0) for o, _ in CONTEST_OUTCOMES}
    qls = {"a_wins": {}, "b_wins": {}}
    for (outcome, ql), p in d.probs().items():
        outcomes[outcome] += p
        if outcome in qls:
            qls[outcome][str(ql)] = qls[outcome].get(str(ql), Fraction(0)) + p
    sort = {k: dict(sorted(v.items(), key=lambda kv: int(kv[0]))) for k, v in qls.items()}
    return {"outcomes": outcomes, "quality_levels": sort}


def odds_competitive(values):
    return _contest_odds(_side_dist(values["a"]), _side_dist(values["b"]), values["passive"])


def group_side(botched, total):
    """A group as one contestant (reading: "the summed QL of each group
    compared like a competitive check"): any botch discards the side's QL
    (botch); otherwise it succeeds with its summed QL when that is above 0,
    else it fails. No side-wide critical: criticals count with their QL."""
    if botched:
        return "botch", 0
    return ("success", total) if total > 0 else ("failure", 0)


def _who(i, v):
    return v.get("name") or f"hero {i + 1}"


def resolve_group_competitive(values, tray):
    steps = []
    sides = {}
    details = {}
    for side in ("a", "b"):
        results = []
        botchers = []
        for i, v in enumerate(values[side]):
            eavs, rating, names, _ = _member(v)
            who = _who(i, v)
            r = roll_skill(tray, eavs, rating, names, prefix=f"{side.upper()}, {who}: ")
            steps.append(f"{side.upper()}, {who}: " + _eav_text(v["attributes"], [v["modifier"]],
                                                                 names) + f" SR {rating}.")
            steps += [f"{side.upper()}, {who}: {s}" for s in r.steps]
            results.append(r)
            if r.kind == "botch":
                botchers.append(who)
        total = sum(r.quality_level for r in results)
        kind, ql = group_side(bool(botchers), total)
        S = side.upper()
        if kind == "botch":
            verb = "botches" if len(botchers) == 1 else "botch"
            line = f"Side {S}: {and_list(botchers)} {verb}: the side's QL is discarded (a botch)."
        elif len(results) == 1:
            line = f"Side {S}: QL {ql} ({'a success' if kind == 'success' else 'a failure'})."
        else:
            line = f"Side {S}: QL " + " + ".join(str(r.quality_level) for r in results) + \
                f" = {total} ({'a success' if kind == 'success' else 'every hero failed'})."
        steps.append(line)
        sides[side] = (kind, ql)
        details[side] = [r.to_dict() for r in results]
    outcome, ql, why = contest(sides["a"], sides["b"], values["passive"])
    words = {s: {"botch": "botch", "failure": "failure, QL 0"}.get(k, f"summed QL {q}")
             for s, (k, q) in sides.items()}
    out = _contest_result(outcome, ql, why, words["a"], words["b"])
    out["steps"] = steps + out["steps"]
    out["a"], out["b"] = details["a"], details["b"]
    out["side_quality"] = {"a": sides["a"][1], "b": sides["b"][1]}
    return out


def _group_dist(members):
    """Dist of a group's (kind, QL) as one contestant: heroes convolved as
    (any botch, summed QL), then `group_side`."""
    def add(x, y):
        botch = x[0] or y[0]
        return (botch, 0 if botch else x[1] + y[1])

    d = Dist.constant((False, 0))
    for v in members:
        d = d.combine(_side_dist(v).map(lambda k: (k[0] == "botch", k[1])), add)
    return d.map(lambda k: group_side(*k))


def odds_group_competitive(values):
    return _contest_odds(_group_dist(values["a"]), _group_dist(values["b"]), values["passive"])


# -- cumulative and group (cumulative) checks ------------------------------
def _run_cumulative(tray, members, rounds, target, partial, single):
    """Resolve a cumulative check round by round: each round every hero (one,
    for a plain cumulative check) makes one skill check with their own
    penalty; a botch in the round discards all QL, otherwise the round's QL
    are added and the target is checked at the end of the round."""
    heroes = []
    for i, v in enumerate(members):
        eavs, rating, names, name = _member(v)
        heroes.append({"eavs": eavs, "rating": rating, "names": names, "attrs": v["attributes"],
                       "modifier": v["modifier"],
                       "who": "" if single else (name or f"hero {i + 1}")})
    unit = "check" if single else "round"
    what = "cumulative check" if single else "group check"
    penalty = [0] * len(heroes)
    total = 0
    checks = []
    steps = []
    outcome = None
    stopped = False
    made = 0  # rounds (checks, when single) made
    botchers = []
    for rnd in range(1, rounds + 1):
        if all(min(h["eavs"]) - p < 1 for h, p in zip(heroes, penalty)):
            unused = rounds - rnd + 1
            if single:
                h = heroes[0]
                low = ", ".join(f"{n}: {e - penalty[0]}" for n, e in zip(_names(h["names"]), h["eavs"])
                                if e - penalty[0] < 1)
                why = (f"with the penalty -{penalty[0]} an EAV is below 1 ({low})" if penalty[0]
                       else f"an EAV is below 1 ({low})")
            else:
                why = "every hero has an EAV below 1"
            steps.append(f"{cap(why)}: no further check can succeed; stopping with "
                         f"{plural(unused, unit)} unused.")
            stopped = True
            break
        made = rnd
        last = rnd == rounds
        entries = []
        botchers = []
        for i, h in enumerate(heroes):
            label = f"check {rnd}" if single else f"round {rnd}, {h['who']}"
            head = f"Check {rnd}" if single else f"Round {rnd}, {h['who']}"
            eavs = [e - penalty[i] for e in h["eavs"]]
            pen = f" (penalty -{penalty[i]})" if penalty[i] else ""
            steps.append(f"{head}{pen}: " + _eav_text(h["attrs"], [h["modifier"], -penalty[i]],
                                                      h["names"]) + f" SR {h['rating']}.")
            r = roll_skill(tray, eavs, h["rating"], h["names"], prefix=f"{label}, ")
            steps += [f"{head}: {s}" for s in r.steps]
            entry = {"number": len(checks) + 1, "round": rnd, "penalty": penalty[i]}
            if not single:
                entry["member"] = i
                entry["who"] = h["who"]
            entry.update(r.to_dict())
            gained = 0
            if r.kind == "botch":
                botchers.append(h["who"])
            elif r.kind == "critical":
                gained = 2 * r.quality_level
                cleared = f"; penalty -{penalty[i]} cleared" if penalty[i] else ""
                steps.append(f"{head}: critical: QL {r.quality_level} doubled to {gained}{cleared}.")
                penalty[i] = 0
            elif r.kind == "success":
                gained = r.quality_level
                steps.append(f"{head}: QL {gained} gained.")
            else:
                penalty[i] += 1
                nxt = "" if last else f"; penalty for the next check now -{penalty[i]}"
                steps.append(f"{head}: no QL{nxt}.")
            entry["gained"] = gained
            entries.append(entry)
            checks.append(entry)
        gains = [e["gained"] for e in entries]
        if botchers:
            lost = f"all {total} QL collected are lost" if total else "all QL are lost"
            if single:
                steps.append(f"Check {rnd}: the botch ends the {what}; {lost}.")
            else:
                verb = "botches" if len(botchers) == 1 else "botch"
                steps.append(f"Round {rnd}, {and_list(botchers)} {verb}: the {what} fails and {lost}.")
            total = 0
            outcome = "botch"
        else:
            total += sum(gains)
            if single:
                steps.append(f"Check {rnd}: total {total} of {target} QL.")
            else:
                shown = " + ".join(str(g) for g in gains)
                steps.append(f"Round {rnd}: QL {shown} = {sum(gains)}; total {total} of {target}."
                             if len(gains) > 1 else f"Round {rnd}: total {total} of {target} QL.")
        for e in entries:
            e["total"] = total  # the QL held at the end of the round
        if outcome == "botch":
            break
        if total >= target:
            outcome = "success"
            steps.append(f"{total} QL reach the {target} needed: success.")
            break
    if outcome is None:
        outcome = "partial_success" if total >= partial else "failure"
        words = (f"a partial success ({partial} needed)" if outcome == "partial_success"
                 else "failure")
        head = (f"{total} of {target} QL collected" if stopped
                else f"All {plural(rounds, unit)} made with {total} of {target} QL collected")
        steps.append(f"{head}: {words}.")
    when = plural(made, unit)
    if outcome != "botch":
        botch = ""
    elif single:
        botch = f"Botch on check {made}: the cumulative check fails and all QL are lost."
    else:
        botch = (f"Botch in round {made} ({and_list(botchers)}): the group check fails "
                 "and all QL are lost.")
    summary = {
        "success": f"Success: {total} QL collected in {when} ({target} needed).",
        "partial_success": f"Partial success: {total} of {target} QL collected "
                           f"({partial} needed for a partial success).",
        "failure": f"Failure: {total} of {target} QL collected.",
        "botch": botch,
    }[outcome]
    return {"outcome": outcome, "success": outcome == "success", "summary": summary,
            "steps": steps, "checks": checks, "total_quality": total, "rounds": made}


def resolve_cumulative(values, tray):
    return _run_cumulative(tray, [values], values["max_checks"], values["target"],
                           values["partial"], single=True)


def resolve_group(values, tray):
    return _run_cumulative(tray, values["members"], values["max_rounds"], values["target"],
                           values["partial"], single=False)


def _check_table(eavs, rating):
    """One check of a cumulative run: [(kind, QL gained, weight of 8000)]."""
    if min(eavs) < 1:
        return [("failure", 0, ALL_DICE)]
    d = skill_dist(tuple(eavs), rating)
    merged = {}
    for (outcome, ql), w in d.weights.items():
        kind = KIND[outcome]
        gain = 2 * ql if kind == "critical" else ql
        merged[(kind, gain)] = merged.get((kind, gain), 0) + w * (ALL_DICE // d.total)
    return [(k, g, w) for (k, g), w in merged.items()]


@lru_cache(maxsize=256)
def _hero_chain(base, rating, checks, target):
    """One hero's cumulative run, without stopping: for n = 0..checks,
    running[n][q] = weight (of 8000^n) of 'no botch in n checks and q < target
    QL so far', and botch[n][q] = weight (of 8000^(n+1)) of that and a botch
    on check n+1. State: (QL so far, penalty); the penalty is capped where an
    EAV drops below 1 (from there every check fails and the QL never grows)."""
    cap = max(0, min(base))
    tables = [_check_table([e - p for e in base], rating) for p in range(min(cap, checks) + 1)]
    states = {0: [1] + [0] * (target - 1)}  # penalty -> weights by QL so far
    running, botch = [], []
    for n in range(checks + 1):
        row = [0] * target
        for weights in states.values():
            for q, w in enumerate(weights):
                row[q] += w
        running.append(row)
        if n == checks:
            break
        brow = [0] * target
        nxt = {}
        for p, weights in states.items():
            filled = [(q, w) for q, w in enumerate(weights) if w]
            for kind, gain, tw in tables[p]:
                if kind == "botch":
                    for q, w in filled:
                        brow[q] += w * tw
                    continue
                p2 = 0 if kind == "critical" else (min(p + 1, cap) if kind == "failure" else p)
                dest = nxt.get(p2)
                if dest is None:
                    dest = nxt[p2] = [0] * target
                limit = target - gain  # from the target on, the group's sum has reached it too
                for q, w in filled:
                    if q < limit:
                        dest[q + gain] += w * tw
        botch.append(brow)
        states = nxt
    return running, botch


def _convolve(a, b, target):
    """Convolution of two weight rows, cut below the target."""
    out = [0] * target
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[:target - i]):
                if y:
                    out[i + j] += x * y
    return out


def _cumulative_odds(members, rounds, target, partial):
    """Exact odds of a (group) cumulative check, resolved by whole rounds.

    The heroes are independent and a round is resolved whole, so the run
    is decided by each hero's own chain (`_hero_chain`, never stopping):
    - running after round r (no botch yet, summed QL < target) has the
      weight R[r] = mass below the target of the convolution of every
      hero's running row after r checks (QL only grows, so a sum below the
      target after r rounds was below it after every earlier round too);
    - N[r] = the same for "no botch in r checks, QL counted after r - 1"
      (each hero: running[r-1] times 8000 minus botch[r-1]);
    - a botch in round r: R[r-1] - N[r]; success at the end of round r:
      N[r] - R[r]; the QL held when the rounds run out: the convolution at
      r = rounds."""
    chains = []
    for v in members:
        eavs, rating, _, _ = _member(v)
        chains.append(_hero_chain(tuple(eavs), rating, rounds, target))
    m = len(chains)

    def group_row(rows):
        out = rows[0]
        for row in rows[1:]:
            out = _convolve(out, row, target)
        return out

    def group_mass(rows):
        """sum(group_row(rows)), the last convolution done as a dot product
        with the last row's running sums."""
        if len(rows) == 1:
            return sum(rows[0])
        head = group_row(rows[:-1])
        below, acc = [], 0
        for w in rows[-1]:
            acc += w
            below.append(acc)
        return sum(x * below[target - 1 - i] for i, x in enumerate(head) if x)

    den = ALL_DICE ** (m * rounds)  # every weight below is scaled to it
    success = botch = 0
    by_round = []
    before = den  # R[0], scaled
    end = None
    for r in range(1, rounds + 1):
        scale = ALL_DICE ** (m * (rounds - r))
        rows = [running[r] for running, _ in chains]
        if r == rounds:
            end = group_row(rows)
            kept = sum(end) * scale
        else:
            kept = group_mass(rows) * scale
        no_botch = group_mass([[ALL_DICE * w - b for w, b in zip(running[r - 1], botches[r - 1])]
                               for running, botches in chains]) * scale
        botch += before - no_botch
        by_round.append(no_botch - kept)
        success += no_botch - kept
        before = kept
    partial_w = sum(end[partial:]) if partial < target else 0
    failure_w = sum(end[:partial])
    outcomes = {
        "success": Fraction(success, den),
        "partial_success": Fraction(partial_w, den),
        "failure": Fraction(failure_w, den),
        "botch": Fraction(botch, den),
    }
    needed = {str(i + 1): Fraction(w, den) for i, w in enumerate(by_round)}
    final = {str(q): Fraction(w, den) for q, w in enumerate(end) if w}
    return outcomes, needed, final


def odds_cumulative(values):
    outcomes, needed, final = _cumulative_odds([values], values["max_checks"], values["target"],
                                               values["partial"])
    return {"outcomes": outcomes, "checks_needed": needed, "quality_if_short": final,
            "eav": _member(values)[0]}


def odds_group(values):
    outcomes, needed, final = _cumulative_odds(values["members"], values["max_rounds"],
                                               values["target"], values["partial"])
    return {"outcomes": outcomes, "rounds_needed": needed, "quality_if_short": final}


def clear_caches():
    """Forget cached distributions (benchmarks measure cold odds)."""
    skill_dist.cache_clear()
    _hero_chain.cache_clear()


# -- character sheet --------------------------------------------------------------
SHEET = Sheet(
    numbers_label="Attributes",
    numbers=[Number(abbr, f"{name} ({abbr})", 0, 40, 12) for abbr, name in ATTRIBUTES]
    + [Number(abbr, f"{name} ({abbr})", 0, 40, COMBAT_DEFAULTS[abbr], referable=False)
       for abbr, name in COMBAT_VALUES],
    tables=[Table(
        "skills", "Skills", "skill",
        columns=[
            Column("name", "text", "Skill"),
            Column("a1", "ref", "1st attribute", ref="numbers"),
            Column("a2", "ref", "2nd attribute", ref="numbers"),
            Column("a3", "ref", "3rd attribute", ref="numbers"),
            Column("rating", "int", "Skill rating", min=0, max=40, default=4),
        ],
        defaults=[
            {"name": "Climbing", "a1": "COU", "a2": "AGI", "a3": "STR", "rating": 4},
            {"name": "Perception", "a1": "SGC", "a2": "INT", "a3": "INT", "rating": 6},
        ],
    )],
)
_MAX_VALUE = 40  # attributes, combat values and ratings a form accepts
_MEMBER_NAME = 40  # a group member's name (its `name` parameter)


def _in_range(v):
    v = whole(v)
    return v if v is not None and 0 <= v <= _MAX_VALUE else None


def _skill_options(character, params):
    """A skill fills the three linked attributes and the rating (the
    attributes' abbreviations too when the form labels its dice, and the
    hero's name in a group member). Rows with bad data are skipped."""
    nums = numbers(character)
    name = character.get("name")
    out = []
    for row in rows(character, "skills"):
        skill, abbrs = row.get("name"), [row.get(k) for k in ("a1", "a2", "a3")]
        if not isinstance(skill, str) or not skill.strip():
            continue
        if not all(a in dict(ATTRIBUTES) for a in abbrs):
            continue
        attrs = [_in_range(nums.get(a)) for a in abbrs]
        rating = _in_range(row.get("rating"))
        if None in attrs or rating is None:
            continue
        values = {"attributes": attrs, "rating": rating}
        if "names" in params:
            values["names"] = abbrs
        if "name" in params and isinstance(name, str) and name.strip():
            values["name"] = name.strip()[:_MEMBER_NAME]
        out.append({"label": f"{skill} ({'/'.join(abbrs)}, SR {rating})", "values": values,
                    "what": skill})
    return out


def _value_options(character, params):
    """An attribute or combat value fills `value` (and `name`, the choice of
    which value it is)."""
    nums = numbers(character)
    out = []
    for abbr, name in ATTRIBUTES + COMBAT_VALUES:
        v = _in_range(nums.get(abbr))
        if v is None:
            continue
        values = {"value": v}
        if "name" in params:
            values["name"] = abbr
        out.append({"label": f"{name} ({abbr}) {v}", "values": values, "what": f"{name} ({abbr})"})
    return out


def fill(character, params):
    """What one character's sheet can put into a form group with these
    parameter names: skills into a skill check's group, attributes and
    combat values into an attribute check's."""
    out = []
    if "attributes" in params and "rating" in params:
        out += _skill_options(character, params)
    if "value" in params:
        out += _value_options(character, params)
    return out


# -- declaration ----------------------------------------------------------------
_MEMBER = Obj("member", _member_fields(), "Hero")

SYSTEM = System(
    id="dark_eye",
    name="The Dark Eye",
    short_name="TDE",
    description="The Dark Eye, 5th edition: d20 roll-under checks; skill checks spend skill "
                "points (SP) and leave a quality level (QL).",
    extra={
        "attributes": [abbr for abbr, _ in ATTRIBUTES],
        "attribute_names": dict(ATTRIBUTES),
        "combat_values": dict(COMBAT_VALUES),
        "vocabulary": {
            "attributes": [{"id": abbr, "name": name} for abbr, name in ATTRIBUTES],
            "combat_values": [{"id": abbr, "name": name} for abbr, name in COMBAT_VALUES],
        },
        "quality_level_chart": [{"points_left": f"{lo}+" if hi is None else f"{lo}-{hi}",
                                 "quality_level": ql} for lo, hi, ql in QL_CHART],
    },
    sheet=SHEET,
    fill=fill,
    checks=[
        Check(
            id="attribute",
            label="Attribute check",
            description="1d20 against an attribute or combat value (attack, parry, dodge, "
                        "ranged); 1s and 20s are confirmed.",
            params=[
                Int("value", "Attribute or combat value", 12, min=0, max=40),
                Int("modifier", "Modifier", 0, min=-30, max=30,
                    help="bonus (+) or penalty (-) on the value"),
                Param("name", "choice", "Which value", None, nullable=True, choices=_VALUE_CHOICES,
                      help="optional: the attribute or combat value (labels the die)"),
            ],
            outcomes=[("critical_success", "Critical success"), ("success", "Success"),
                      ("failure", "Failure"), ("botch", "Botch")],
            success_outcomes=("critical_success", "success"),
            resolve=resolve_attribute,
            odds=odds_attribute,
            tones=view.ATTRIBUTE_TONES,
            explain=view.attribute_card,
            odds_view=view.attribute_odds,
        ),
        Check(
            id="skill",
            label="Skill check",
            description="3d20, one per linked attribute; the skill rating's SP cover failed "
                        "dice and what is left gives the QL.",
            params=_skill_fields(True),
            outcomes=SKILL_OUTCOMES,
            success_outcomes=("spectacular_success", "critical_success", "success"),
            resolve=resolve_skill,
            odds=odds_skill,
            tones=view.SKILL_TONES,
            explain=view.skill_card,
            odds_view=view.skill_odds,
        ),
        Check(
            id="competitive",
            label="Competitive check",
            description="Two skill checks compared: the higher QL wins; a critical wins at "
                        "once, a botch is an automatic failure.",
            params=[Obj("a", _skill_fields(False), "Side A"),
                    Obj("b", _skill_fields(False), "Side B"), _PASSIVE],
            outcomes=CONTEST_OUTCOMES,
            success_outcomes=("a_wins", "b_wins"),
            resolve=resolve_competitive,
            odds=odds_competitive,
            tones=view.CONTEST_TONES,
            explain=view.competitive_card,
            odds_view=view.competitive_odds,
        ),
        Check(
            id="cumulative",
            label="Cumulative check",
            description="Repeated skill checks collecting QL toward a target; failures add "
                        "-1, a critical doubles its QL, a botch loses everything.",
            params=_skill_fields(False) + _target_params("max_checks", "Checks allowed", 10, 50),
            outcomes=CUMULATIVE_OUTCOMES,
            success_outcomes=("success", "partial_success"),
            resolve=resolve_cumulative,
            odds=odds_cumulative,
            tones=view.CUMULATIVE_TONES,
            explain=view.cumulative_card,
            odds_view=view.cumulative_odds,
        ),
        Check(
            id="group",
            label="Group check (cumulative)",
            description="Several heroes each roll once a round, summing QL toward the target; "
                        "any botch discards the group's QL.",
            params=[List("members", _MEMBER, "Heroes", min_items=1, max_items=6)]
            + _target_params("max_rounds", "Rounds allowed", 5, 30),
            outcomes=CUMULATIVE_OUTCOMES,
            success_outcomes=("success", "partial_success"),
            resolve=resolve_group,
            odds=odds_group,
            tones=view.CUMULATIVE_TONES,
            explain=view.group_card,
            odds_view=view.group_odds,
        ),
        Check(
            id="group_competitive",
            label="Group check (competitive)",
            description="Two groups make skill checks; each side's QL is summed and compared "
                        "like a competitive check.",
            params=[List("a", _MEMBER, "Group A", min_items=1, max_items=6),
                    List("b", _MEMBER, "Group B", min_items=1, max_items=6), _PASSIVE],
            outcomes=CONTEST_OUTCOMES,
            success_outcomes=("a_wins", "b_wins"),
            resolve=resolve_group_competitive,
            odds=odds_group_competitive,
            tones=view.CONTEST_TONES,
            explain=view.group_competitive_card,
            odds_view=view.group_competitive_odds,
        ),
    ],
)
