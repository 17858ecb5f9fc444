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
- Group competitive (reading "Group competitive check"): each side is one
  contestant with the summed QL of its heroes. A side with any botch has
  botched (its QL discarded); otherwise a side with any critical is
  critical (it wins automatically, as in a competitive check; its QL is the
  summed QL, a critical's not doubled); otherwise it succeeds if its summed
  QL is above 0 and fails if not. The two sides are then compared by the
  competitive rules (both critical or both botching: unresolved), so one
  hero a side gives exactly the competitive check.
- Cumulative and group: a round is resolved whole (reading: "each round
  every hero rolls once"): every hero rolls once with their own penalty; a
  botch by any hero in the round discards all QL (outcome botch); otherwise
  the round's QL are added, and the check succeeds when the sum reaches the
  target at the end of a round. So the heroes' listing order never changes
  the outcome. A plain cumulative check is a group of one (a round is one
  check). Once every hero has an EAV below 1 for every check left (a later
  check's own modifier may lift it) the check stops (nothing can change any
  more). `partial` must be below `target` (reading; InvalidRequest
  otherwise); an empty `partial` means no partial success.
- Cumulative `modifiers` (reading "Modifiers that change between checks"):
  check k gets modifiers[k-1] on top of the form's `modifier` and the
  accumulated penalty; checks beyond the list get 0.
- Cumulative check with several skills (`cumulative_skills`, reading
  "Cumulative check with several skills"): check k uses the skill of
  order[k-1] unless the list is shorter or that skill has reached its
  target; then the default, the skill with the most QL still missing (first
  listed on a tie). A skill's QL above its target do not count:
  `total_quality` is the sum of each skill's QL capped at its target, and a
  partial success (when the checks run out) needs that sum to reach
  `partial` (below the sum of the targets; empty: no partial success). The
  checks stop once no skill can succeed at any check left. Exact odds follow
  `order` the same way (the choice depends only on the QL so far and the
  check's number).
- Retries (`attempt`) do not apply to competitive, cumulative or group
  checks: they accept `attempt` (contract) but only the value 1.
- Skill results: `points_left` is 0 on a failure or botch; an ordinary
  failure reports `points_short`.
- Fate points and aptitude: the rerolled dice come in position order; a
  botch cannot be rerolled by aptitude either; +1 QL on a failure, or at QL
  6, is refused (the FtP would buy nothing). The advice ranks choices as
  api.md's `best` (chance of success, then mean QL, then fewer dice) with
  no look-ahead to further fate points; the advice's `outcomes` are those
  of the named dice, else of the best choice. The card offers one fate
  point a throw: a rerolled result offers no further follow-up.
"""

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ..checks import Check, Importer, System
from ..dice import Dist
from ..dice.sources import normalise_face
from ..errors import InvalidRequest
from ..display import dark_eye as view
from ..display.words import and_list, cap, plural, signed
from ..params import Bool, Int, List, Obj, Param, party
from ..sheets import Column, Number, Sheet, Table, numbers, rows, whole
from . import dark_eye_optolith, dark_eye_skills

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
        Param("skill", "string", "Skill, spell or chant", None, nullable=True, max_length=60,
              help="optional: its name, shown on the card and in the history; a core skill "
                   "picked from the list names its attributes too",
              suggest=dark_eye_skills.FORM_HINT),
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
        _partial_param(6, "QL that counts as a partial success when the checks run out "
                          "(usually 6; below the QL needed; empty: no partial success)"),
    ]


def _partial_param(default, help):
    return Param("partial", "int", "QL for partial success", default, min=1, max=50,
                 nullable=True, help=help)


def _check_partial(partial, target, what="the QL needed"):
    """Reading: cumulative `partial` must be below `target`."""
    if partial is not None and partial >= target:
        raise InvalidRequest("partial", f"must be below {what} ({target}), not {partial}; "
                                        "leave it empty for no partial success")


# a modifier per check of a cumulative check (reading "Modifiers that change
# between checks": tools lost or gained), on top of the accumulated penalty
_MODIFIERS = Param("modifiers", "list", "Modifier per check", None, nullable=True,
                   item=Int("modifier", "Check modifier", min=-30, max=30, initial=0),
                   min_items=0, max_items=50,
                   help="optional: one modifier for each check in turn (tools lost or gained), on "
                        "top of the modifier and the penalties; later checks get 0")


def _check_modifiers(values, count):
    """The list of per-check modifiers, padded with 0 to `count` checks."""
    mods = values.get("modifiers") or []
    if len(mods) > count:
        raise InvalidRequest("modifiers", f"has {len(mods)} entries but only {count} checks are "
                                          "allowed")
    return list(mods) + [0] * (count - len(mods))


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


def _attribute_steps(eav, face, conf, outcome):
    """The sentences of one attribute throw (die and any confirmation)."""
    steps = []
    if face == 1:
        steps.append(f"Rolled a 1 against EAV {eav}: a success, and a confirmation roll follows.")
        if outcome == "critical_success":
            steps.append(f"Confirmation roll {conf} <= EAV {eav}: confirmed, a critical success.")
        elif conf == SIDES:
            steps.append("Confirmation roll 20: a 20 always fails, so no critical; "
                         "an ordinary success.")
        else:
            steps.append(f"Confirmation roll {conf} > EAV {eav}: not confirmed, "
                         "an ordinary success.")
    elif face == SIDES:
        steps.append(f"Rolled a 20 against EAV {eav}: a failure, and a confirmation roll follows.")
        if outcome == "botch" and conf == SIDES:
            steps.append("Confirmation roll 20: another 20 confirms the botch.")
        elif outcome == "botch":
            steps.append(f"Confirmation roll {conf} > EAV {eav}: the botch is confirmed.")
        else:
            steps.append(f"Confirmation roll {conf} <= EAV {eav}: no botch, an ordinary failure.")
    else:
        cmp = "<=" if face <= eav else ">"
        steps.append(f"Rolled {face} {cmp} EAV {eav}: {'success' if face <= eav else 'failure'}.")
    return steps


def _attribute_throw(throw, eav, label):
    """The die and, after a 1 or a 20, its confirmation roll."""
    die = throw.roll(label, info={"eav": eav})
    conf = None
    if die.value in (1, SIDES):
        conf = throw.roll("confirmation", confirmation=True, info={"eav": eav})
    return die, conf


def resolve_attribute(values, tray):
    value, modifier, name = values["value"], values["modifier"], values["name"]
    reroll = values.get("reroll")
    eav = value + modifier
    what = f" on {name}" if name else ""
    steps = [f"EAV = {_arith(value, [modifier])}."]
    out = {"eav": eav, "modifier": modifier, "confirmation": None, "roll": None}
    if eav < 1:
        steps.append(f"EAV {eav} is below 1: the check cannot succeed; no die is rolled.")
        out.update(outcome="failure", success=False, steps=steps,
                   summary=f"Failure: EAV {eav} is below 1, so the check fails automatically.")
        return out
    label = f"{name} die" if name else "d20"
    throw = Throw(tray, values.get("first_throw"))
    die, conf = _attribute_throw(throw, eav, label)
    throw.done()
    outcome = attribute_outcome(eav, die.value, conf.value if conf else None)
    steps += _attribute_steps(eav, die.value, conf.value if conf else None, outcome)
    if reroll:
        _positions(reroll)
        if outcome == "botch":
            _refuse(tray, "reroll", "a botch cannot be rerolled")
        out["first"] = {"outcome": outcome, "roll": die.value,
                        "confirmation": conf.value if conf else None}
        out["reroll"] = {"rule": "fate_point", "dice": [1]}
        die.rerolled, die.kept = True, False
        if conf:
            conf.kept = False
        steps.append("A fate point (FtP) rerolls the die; the new value stands"
                     + (" (the confirmation roll is never rerolled: a new 1 or 20 is confirmed "
                        "afresh)." if conf else "."))
        die, conf = _attribute_throw(Throw(tray), eav, f"{label} (fate point)")
        outcome = attribute_outcome(eav, die.value, conf.value if conf else None)
        steps += _attribute_steps(eav, die.value, conf.value if conf else None, outcome)
    face = out["roll"] = die.value
    if conf:
        out["confirmation"] = conf.to_dict()
    summary = {
        "critical_success": f"Critical success{what} (EAV {eav}): a 1, confirmed.",
        "success": f"Success{what} (EAV {eav}) with a {face}.",
        "failure": f"Failure{what} (EAV {eav}) with a {face}.",
        "botch": f"Botch{what} (EAV {eav}): a 20, confirmed.",
    }[outcome]
    if reroll:
        summary = summary[:-1] + " after a fate point."
    out.update(outcome=outcome, success=outcome in ("critical_success", "success"),
               summary=summary, steps=steps)
    return out


ATTRIBUTE_OUTCOME_IDS = ("critical_success", "success", "failure", "botch")


def odds_attribute(values, dice=None):
    eav = values["value"] + values["modifier"]
    _odds_read_no_throw(values)
    if values.get("reroll") is not None:
        return _attribute_reroll_odds(values, dice, eav)
    return _attribute_odds(eav)


def _attribute_odds(eav):
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


def _attribute_reroll_odds(values, dice, eav):
    """A fate point on the throw on the table (api.md): the advice (its one
    choice, `keep`, `best`); `outcomes` are those after the reroll."""
    faces, where = _advice_throw(values, dice, _attribute_dice)
    conf = faces[1] if len(faces) > 1 else None
    if attribute_outcome(eav, faces[0], conf) == "botch":
        raise InvalidRequest(where, "a botch cannot be rerolled")
    advice = attribute_advice(eav, faces[0], conf)
    out = _attribute_odds(eav)
    out.update(choices=advice["choices"], keep=advice["keep"], best=advice["best"])
    return out


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


def _retry_modifier(values):
    return values["modifier"] - (values.get("attempt", 1) - 1)


def resolve_skill(values, tray):
    attrs, rating, attempt = values["attributes"], values["rating"], values["attempt"]
    modifier = _retry_modifier(values)
    reroll = values.get("reroll")
    steps = []
    if attempt > 1:
        on_top = f" on top of the modifier {signed(values['modifier'])}" if values["modifier"] else ""
        steps.append(f"Attempt {attempt}: a retry penalty of -{attempt - 1}{on_top}.")
    steps.append(_eav_text(attrs, [values["modifier"], -(attempt - 1)], values["names"]))
    steps.append(f"SR {rating}: {_sp(rating)} to spend.")
    eavs = [a + modifier for a in attrs]
    names = _names(values["names"])
    throw = Throw(tray, values.get("first_throw"))
    r = roll_skill(tray, eavs, rating, values["names"], throw=throw)
    steps += r.steps
    if not r.automatic:
        throw.done()
    first = positions = None
    if reroll:
        first, positions = r, _positions(reroll)
        r, more = _reroll_skill(tray, r, reroll["rule"], positions, eavs, rating, names)
        steps += more
    before = r.quality_level
    if values.get("fate_point_ql"):
        steps.append(_raise_ql(tray, r))
    if r.automatic:
        summary = "Failure: an EAV is below 1, so the check fails automatically"
        summary += " and no further attempt is possible." if attempt > 1 else "."
    elif r.success:
        summary = f"{cap(r.verdict())} ({_sp(r.points_left)} left)."
    else:
        summary = f"{cap(r.verdict())}."
    if values.get("fate_point_ql"):
        summary = summary[:-1] + f"; QL {before} + 1 from a fate point."
    if reroll:
        summary = f"After {'a fate point' if reroll['rule'] == 'fate_point' else 'aptitude'}: {summary}"
    out = r.to_dict()
    out.update(summary=summary, steps=steps, modifier=modifier, attempt=attempt)
    if first is not None:
        out["first"] = first.to_dict()
        out["reroll"] = {"rule": reroll["rule"], "dice": positions}
    if values.get("fate_point_ql"):
        out["fate_point_ql"] = True
        out["quality_level_before"] = before
    return out


def _reroll_skill(tray, r, rule, positions, eavs, rating, names):
    """Reroll the dice at `positions` of the throw `r` (fate point: the new
    values stand; aptitude: the better value stands); the new SkillRoll and
    its sentences."""
    if r.kind == "botch":
        _refuse(tray, "reroll", "a botch cannot be rerolled")
    standing = list(r.records)
    which = and_list([f"the {names[p - 1]} die" for p in positions])
    if rule == "fate_point":
        steps = [f"A fate point (FtP) rerolls {which}; the new values stand."]
    else:
        steps = [f"Aptitude rerolls {which}; the better (lower) value stands."]
    for p in positions:
        i = p - 1
        old = standing[i]
        new = tray.roll(SIDES, f"{names[i]} die (reroll)", info={"eav": eavs[i]})
        old.rerolled = True
        if rule == "aptitude" and old.value <= new.value:
            new.kept = False
            steps.append(f"{cap(names[i])} die {old.value} rerolled: {new.value}; the {old.value} "
                         "stands.")
        else:
            old.kept = False
            standing[i] = new
            steps.append(f"{cap(names[i])} die {old.value} rerolled: {new.value}.")
    again = score_skill(standing, eavs, rating, names)
    return again, steps + again.steps


def _raise_ql(tray, r):
    """+1 QL for a fate point (QL 6 at most); the sentence saying so."""
    if not r.success:
        _refuse(tray, "fate_point_ql", "a fate point raises the QL of a successful check only")
    if r.quality_level >= 6:
        _refuse(tray, "fate_point_ql", "QL 6 is the most a check can reach")
    r.quality_level += 1
    return f"A fate point (FtP) raises the QL by 1: QL {r.quality_level - 1} -> {r.quality_level}."


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


def odds_skill(values, dice=None):
    attrs, rating = values["attributes"], values["rating"]
    modifier = _retry_modifier(values)
    eavs = tuple(a + modifier for a in attrs)
    _odds_read_no_throw(values)
    outcomes, qls = _skill_odds_from_dist(skill_dist(eavs, rating))
    success = sum(p for o, p in outcomes.items() if KIND[o] in ("critical", "success"))
    expected = sum(int(q) * p for q, p in qls.items())
    out = {"outcomes": outcomes, "quality_levels": qls, "eav": list(eavs),
           "modifier": modifier, "success_chance": success,
           "expected_quality_level": expected}
    if values.get("reroll") is not None:
        out.update(_skill_reroll_odds(values, dice, eavs, rating))
    return out


def _skill_reroll_odds(values, dice, eavs, rating):
    """"Which dice should I reroll?" (api.md): `choices` best first, `keep`,
    `best`; `outcomes` and `quality_levels` are those of the named dice, or
    of the best choice when none are named."""
    reroll = values["reroll"]
    faces, where = _advice_throw(values, dice, _skill_dice)
    ones, twenties = faces.count(1), faces.count(SIDES)
    cost = sum(max(0, f - e) for f, e in zip(faces, eavs))
    if KIND[classify_skill(ones, twenties, cost, rating)[0]] == "botch":
        raise InvalidRequest(where, "a botch cannot be rerolled")
    advice = skill_advice(eavs, rating, faces, reroll["rule"])
    pick = advice["choices"][0]
    if reroll.get("dice"):
        chosen = _positions(reroll)
        pick = next(c for c in advice["choices"] if c["dice"] == chosen)
    out = {k: pick[k] for k in ("outcomes", "quality_levels", "success_chance",
                                 "expected_quality_level")}
    out.update(choices=advice["choices"], keep=advice["keep"], best=advice["best"],
               rule=reroll["rule"], rerolled=pick["dice"])
    return out


# -- fate points and aptitude (rules.md "Fate points (FtP)", "Aptitude") -----
REROLL_RULES = [("fate_point", "Fate point (FtP)"), ("aptitude", "Aptitude")]


def _reroll_param(max_dice):
    """`reroll` {rule, dice} (api.md "fate points and aptitude"), set by a
    card's follow-up, not typed into the form."""
    return Param("reroll", "object", "Reroll", None, nullable=True, form=False, fields=[
        Param("rule", "choice", "Rule", choices=REROLL_RULES),
        Param("dice", "list", "Dice rerolled", None, nullable=True,
              item=Int("position", "Die", min=1, max=max_dice), min_items=1, max_items=max_dice),
    ], help="a fate point or aptitude spent on the throw")


def _throw_param(max_dice):
    """`first_throw`: the first throw as it fell, when a follow-up keeps it (a
    reroll, +1 QL); then only new dice come from `dice`, `seed` or the
    secure source."""
    return Param("first_throw", "list", "The throw on the table", None, nullable=True, form=False, stored=False,
                 item=Int("face", "Die", min=1, max=SIDES), min_items=1, max_items=max_dice,
                 help="the dice of the throw a follow-up keeps")


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


def _positions(reroll):
    """The 1-based dice a reroll names, in order (`reroll_rules` checked
    them); a reroll to resolve must name them (the odds advise without)."""
    chosen = reroll.get("dice")
    if not chosen:
        raise InvalidRequest("reroll.dice", "choose the dice to reroll", code="required")
    return sorted(chosen)


# -- the rules resolve and odds both apply (Check.rules) ------------------------
def _attribute_dice(faces):
    """The dice of an attribute throw: the die, and after a 1 or a 20 its
    confirmation roll."""
    return 2 if faces[0] in (1, SIDES) else 1


def _skill_dice(faces):
    return 3


def attribute_rules(values):
    rolled = values["value"] + values["modifier"] >= 1
    reroll_rules(values, 1, rolled)
    _throw_rules(values, rolled, _attribute_dice)


def skill_rules(values):
    rolled = min(values["attributes"]) + _retry_modifier(values) >= 1
    reroll_rules(values, 3, rolled)
    _throw_rules(values, rolled, _skill_dice)


def reroll_rules(values, count, rolled):
    """A fate point or Aptitude (rules.md "Fate points (FtP)", "Aptitude"):
    Aptitude is one die of a skill check with Aptitude; the dice named, if
    any, are dice of the check, each once; and a throw with an EAV below 1
    rolled nothing to reroll."""
    reroll = values.get("reroll")
    if not reroll:
        return
    if reroll["rule"] == "aptitude" and count == 1:
        raise InvalidRequest("reroll.rule", "aptitude rerolls a die of a skill check, not of an "
                             "attribute check")
    if reroll["rule"] == "aptitude" and not values.get("aptitude"):
        raise InvalidRequest("reroll.rule", "aptitude rerolls a die only in a skill with Aptitude "
                             "(set aptitude)")
    chosen = reroll.get("dice") or []
    if len(set(chosen)) != len(chosen):
        raise InvalidRequest("reroll.dice", "names a die twice")
    if reroll["rule"] == "aptitude" and len(chosen) > 1:
        raise InvalidRequest("reroll.dice", "aptitude rerolls exactly one die")
    if chosen and max(chosen) > count:
        raise InvalidRequest("reroll.dice", f"this check has {plural(count, 'die', 'dice')}")
    if not rolled:
        what = "no die was rolled (the EAV is below 1)" if count == 1 else \
            "no dice were rolled (an EAV is below 1)"
        raise InvalidRequest("reroll", f"{what}: there is nothing to reroll")


def _throw_rules(values, rolled, count_for):
    """`first_throw` holds exactly the dice the throw had (none at an EAV
    below 1)."""
    faces = values.get("first_throw")
    if faces is None:
        return
    if not rolled:
        raise InvalidRequest("first_throw", "no dice are rolled when an EAV is below 1")
    need = count_for(faces)
    if len(faces) != need:
        raise InvalidRequest("first_throw", f"has {plural(len(faces), 'die', 'dice')}; the throw "
                             f"had {need}")


def _odds_read_no_throw(values):
    """Odds are for a throw still to come; they read the throw on the table
    (`first_throw`, or `dice`: `reads_dice`) only to advise a reroll, and a
    fate point's +1 QL is spent on a throw already made."""
    if values.get("first_throw") is not None and values.get("reroll") is None:
        raise InvalidRequest("first_throw", "odds read the throw on the table only to advise a "
                             "reroll (with reroll); resolve takes it", code="dice_extra")
    if values.get("fate_point_ql"):
        raise InvalidRequest("fate_point_ql", "a fate point raises the QL of a throw already made: "
                             "odds are for a throw still to come; resolve takes it")


def reads_dice(values):
    """Check.odds_reads_dice: the odds advise on the throw in `dice` when
    the request asks which dice to reroll and carries no `first_throw`."""
    return values.get("reroll") is not None and values.get("first_throw") is None


def _skill_key(face, eav, cap):
    """One d20 of a skill check as `_die_dist` counts it."""
    return (int(face == 1), int(face == SIDES), min(max(0, face - eav), cap))


@lru_cache(maxsize=1024)
def _new_die(eav, cap, rule, face):
    """{key: weight of 20} of one rerolled die: a fresh d20 (fate point), or
    the better (lower) of `face` and a fresh d20 (aptitude)."""
    weights = {}
    for new in range(1, SIDES + 1):
        key = _skill_key(min(face, new) if rule == "aptitude" else new, eav, cap)
        weights[key] = weights.get(key, 0) + 1
    return tuple(weights.items())


def reroll_skill_dist(eavs, rating, faces, positions, rule):
    """Exact Dist of (outcome, QL) after rerolling `positions` (1-based) of
    the throw `faces`: fate point, the new dice stand; aptitude, the better
    value stands. No positions: the throw as it stands. The dice that stay
    are one fixed key; each new die is convolved in (integer weights)."""
    if rule == "fate_point" and len(positions) == 3:
        return skill_dist(tuple(eavs), rating)  # a whole new throw (cached)
    cap = rating + 1
    ones = twenties = need = 0
    for i, (face, eav) in enumerate(zip(faces, eavs)):
        if i + 1 not in positions:
            k = _skill_key(face, eav, cap)
            ones, twenties, need = ones + k[0], twenties + k[1], need + k[2]
    weights = {(ones, twenties, min(need, cap)): 1}
    for p in positions:
        part = _new_die(eavs[p - 1], cap, rule, faces[p - 1])
        nxt = {}
        for (a, b, c), w in weights.items():
            for (x, y, z), v in part:
                key = (a + x, b + y, min(c + z, cap))
                nxt[key] = nxt.get(key, 0) + w * v
        weights = nxt
    out = {}
    for (a, b, c), w in weights.items():
        key = classify_skill(a, b, c, rating)[:2]
        out[key] = out.get(key, 0) + w
    return Dist(out, SIDES ** len(positions))


def _choice_entry(positions, outcomes, qls):
    success = sum((p for o, p in outcomes.items() if KIND[o] in ("critical", "success")), Fraction(0))
    mean = sum((int(q) * p for q, p in qls.items()), Fraction(0))
    return {"dice": list(positions), "outcomes": outcomes, "quality_levels": qls,
            "success_chance": success, "expected_quality_level": mean}


def _rank(choices):
    """Best first: highest chance of success, then higher mean QL, then
    fewer dice (api.md `best`), then the dice in order."""
    return sorted(choices, key=lambda c: (-c["success_chance"], -c["expected_quality_level"],
                                          len(c["dice"]), c["dice"]))


def _subsets(rule):
    if rule == "aptitude":
        return [(1,), (2,), (3,)]
    return [(1,), (2,), (3,), (1, 2), (1, 3), (2, 3), (1, 2, 3)]


def skill_advice(eavs, rating, faces, rule):
    """"Which dice should I reroll?" for a skill check's throw: every allowed
    choice's exact odds, best first, and the throw as it stands (`keep`)."""
    eavs, faces = tuple(eavs), tuple(faces)
    choices = [_choice_entry(c, *_skill_odds_from_dist(reroll_skill_dist(eavs, rating, faces, c, rule)))
               for c in _subsets(rule)]
    choices = _rank(choices)
    keep = _choice_entry((), *_skill_odds_from_dist(reroll_skill_dist(eavs, rating, faces, (), rule)))
    return {"rule": rule, "choices": choices, "keep": keep, "best": choices[0]["dice"]}


def _attribute_entry(positions, outcomes):
    success = outcomes["critical_success"] + outcomes["success"]
    return {"dice": list(positions), "outcomes": outcomes, "success_chance": success}


def attribute_advice(eav, face, confirmation):
    """A fate point on an attribute check: its one choice (the die, rolled
    afresh with any confirmation it calls for) and the throw as it stands."""
    keep = {o: Fraction(0) for o in ATTRIBUTE_OUTCOME_IDS}
    keep[attribute_outcome(eav, face, confirmation)] = Fraction(1)
    choice = _attribute_entry((1,), _attribute_odds(eav)["outcomes"])
    return {"rule": "fate_point", "choices": [choice], "keep": _attribute_entry((), keep),
            "best": [1]}


def skill_follow_ups(values, result):
    """{rule: advice} for what a skill check's result allows next: a fate
    point (and aptitude, when the skill has it) on a throw that is no
    botch; nothing once one was spent, nor when no dice were rolled. Called
    by the card (exact Fractions, kept out of the JSON result)."""
    reroll = values.get("reroll") or {}
    if (reroll.get("rule") == "fate_point" or values.get("fate_point_ql") or result.get("automatic")
            or KIND[result["outcome"]] == "botch"):
        return {}
    eavs, rating, faces = result["eav"], values["rating"], result["dice"]
    out = {"fate_point": skill_advice(eavs, rating, faces, "fate_point")}
    if values.get("aptitude") and not reroll:  # after aptitude, a fate point may still follow
        out["aptitude"] = skill_advice(eavs, rating, faces, "aptitude")
    return out


def attribute_follow_ups(values, result):
    """{"fate_point": advice} for a failed attribute check (a success can
    only hope for a confirmed 1, a botch cannot be rerolled)."""
    if values.get("reroll") or result.get("roll") is None or result["outcome"] != "failure":
        return {}
    conf = result.get("confirmation")
    return {"fate_point": attribute_advice(result["eav"], result["roll"], conf["value"] if conf else None)}


def _advice_throw(values, dice, count_for):
    """The throw the advice is about: `first_throw`, else the request's dice;
    exactly the dice the throw had."""
    faces = values.get("first_throw") or dice
    field_name = "first_throw" if values.get("first_throw") else "dice"
    if not isinstance(faces, (list, tuple)) or not faces:
        raise InvalidRequest(field_name, "give the throw on the table to be advised on", code="required")
    faces = [normalise_face(f, SIDES, "", f"{field_name}[{i}]") for i, f in enumerate(faces)]
    need = count_for(faces)
    if len(faces) != need:
        raise InvalidRequest(field_name, f"this throw has {plural(need, 'die', 'dice')}, not {len(faces)}",
                             code="dice_missing" if len(faces) < need else "dice_extra")
    return list(faces), field_name


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


def group_side(botched, critical, total):
    """A group as one contestant (reading "Group competitive check"): a
    botch by any member discards the side's QL (botch); otherwise a critical
    by any member makes the side critical (it wins automatically, as in a
    competitive check) with its summed QL; otherwise it succeeds with its
    summed QL when that is above 0, else it fails. With one member this is
    that member's (kind, QL) exactly."""
    if botched:
        return "botch", 0
    if critical:
        return "critical", total
    return ("success", total) if total > 0 else ("failure", 0)


def _who(i, v):
    return v.get("name") or f"hero {i + 1}"


def _group_side_step(S, kind, ql, results, botchers, criticals):
    """'Side A: QL 2 + 1 = 3 (a success).' and the like, for one side."""
    if kind == "botch":
        verb = "botches" if len(botchers) == 1 else "botch"
        return f"Side {S}: {and_list(botchers)} {verb}: the side's QL is discarded (a botch)."
    if len(results) == 1:
        words = {"critical": "a critical success", "success": "a success"}.get(kind, "a failure")
        return f"Side {S}: QL {ql} ({words})."
    sums = f"Side {S}: QL " + " + ".join(str(r.quality_level) for r in results) + f" = {ql}"
    if kind == "critical":
        verb = "rolls a critical success" if len(criticals) == 1 else "roll critical successes"
        return (f"{sums}; {and_list(criticals)} {verb}: the side counts as a critical success, "
                "as in a competitive check.")
    return f"{sums} ({'a success' if kind == 'success' else 'every hero failed'})."


def resolve_group_competitive(values, tray):
    steps = []
    sides = {}
    details = {}
    for side in ("a", "b"):
        results = []
        botchers, criticals = [], []
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
            elif r.kind == "critical":
                criticals.append(who)
        total = sum(r.quality_level for r in results)
        kind, ql = group_side(bool(botchers), bool(criticals), total)
        steps.append(_group_side_step(side.upper(), kind, ql, results, botchers, criticals))
        sides[side] = (kind, ql)
        details[side] = [r.to_dict() for r in results]
    outcome, ql, why = contest(sides["a"], sides["b"], values["passive"])
    words = {s: {"botch": "botch", "failure": "failure, QL 0",
                 "critical": f"critical success, summed QL {q}"}.get(k, f"summed QL {q}")
             for s, (k, q) in sides.items()}
    out = _contest_result(outcome, ql, why, words["a"], words["b"])
    out["steps"] = steps + out["steps"]
    out["a"], out["b"] = details["a"], details["b"]
    out["side_quality"] = {"a": sides["a"][1], "b": sides["b"][1]}
    return out


def _group_dist(members):
    """Dist of a group's (kind, QL) as one contestant: heroes convolved as
    (any botch, any critical, summed QL), then `group_side`."""
    def add(x, y):
        botch = x[0] or y[0]
        return (botch, not botch and (x[1] or y[1]), 0 if botch else x[2] + y[2])

    d = Dist.constant((False, False, 0))
    for v in members:
        d = d.combine(_side_dist(v).map(lambda k: (k[0] == "botch", k[0] == "critical", k[1])),
                      add)
    return d.map(lambda k: group_side(*k))


def odds_group_competitive(values):
    return _contest_odds(_group_dist(values["a"]), _group_dist(values["b"]), values["passive"])


# -- cumulative and group (cumulative) checks ------------------------------
def _can_still_succeed(base_min, penalty, mods, rnd):
    """Whether a check from `rnd` on (1-based) can have every EAV >= 1: the
    penalty grows by 1 with each check that fails automatically before it,
    and a later check's own modifier (`mods`, 0-based) may lift the EAVs."""
    return any(base_min + mods[j - 1] - penalty - (j - rnd) >= 1 for j in range(rnd, len(mods) + 1))


def _run_cumulative(tray, members, rounds, target, partial, single, mods=None):
    """Resolve a cumulative check round by round: each round every hero (one,
    for a plain cumulative check) makes one skill check with their own
    penalty (and, for a plain cumulative check, the check's own modifier
    from `mods`); a botch in the round discards all QL, otherwise the
    round's QL are added and the target is checked at the end of the round."""
    given = mods is not None  # the request's `modifiers` list (each check's own)
    mods = mods if given else [0] * rounds
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
        if not any(_can_still_succeed(min(h["eavs"]), p, mods, rnd)
                   for h, p in zip(heroes, penalty)):
            unused = rounds - rnd + 1
            if single:
                h = heroes[0]
                extra = mods[rnd - 1] - penalty[0]
                low = ", ".join(f"{n}: {e + extra}" for n, e in zip(_names(h["names"]), h["eavs"])
                                if e + extra < 1)
                why = (f"with the penalty -{penalty[0]} an EAV is below 1 ({low})" if penalty[0]
                       else f"an EAV is below 1 ({low})")
                if any(mods[rnd - 1:]):
                    why += " and no later check's modifier lifts it to 1"
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
            mod = mods[rnd - 1]
            eavs = [e + mod - penalty[i] for e in h["eavs"]]
            pen = ", ".join(([f"modifier for this check {signed(mod)}"] if mod else [])
                            + ([f"penalty -{penalty[i]}"] if penalty[i] else []))
            pen = f" ({pen})" if pen else ""
            steps.append(f"{head}{pen}: " + _eav_text(h["attrs"], [h["modifier"], mod, -penalty[i]],
                                                      h["names"]) + f" SR {h['rating']}.")
            r = roll_skill(tray, eavs, h["rating"], h["names"], prefix=f"{label}, ")
            steps += [f"{head}: {s}" for s in r.steps]
            entry = {"number": len(checks) + 1, "round": rnd, "penalty": penalty[i]}
            if given:
                entry["check_modifier"] = mod
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
        outcome = "partial_success" if partial is not None and total >= partial else "failure"
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


def cumulative_rules(values):
    _check_partial(values["partial"], values["target"])
    _check_modifiers(values, values["max_checks"])


def group_rules(values):
    _check_partial(values["partial"], values["target"])


def resolve_cumulative(values, tray):
    mods = _check_modifiers(values, values["max_checks"])
    return _run_cumulative(tray, [values], values["max_checks"], values["target"],
                           values["partial"], single=True,
                           mods=mods if values.get("modifiers") is not None else None)


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
def _hero_chain(base, rating, checks, target, mods=None):
    """One hero's cumulative run, without stopping: for n = 0..checks,
    running[n][q] = weight (of 8000^n) of 'no botch in n checks and q < target
    QL so far', and botch[n][q] = weight (of 8000^(n+1)) of that and a botch
    on check n+1. State: (QL so far, penalty); the penalty is capped where an
    EAV drops below 1 at every check (from there every check fails and the
    QL never grows). `mods`: each check's own modifier (None: all 0)."""
    mods = mods or (0,) * checks
    cap = max(0, min(base) + max(mods))
    table_of = {}  # EAV offset (check modifier - penalty) -> the check's table

    def tables_at(n, p):
        d = mods[n] - p
        if d not in table_of:
            table_of[d] = _check_table([e + d for e in base], rating)
        return table_of[d]

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
            for kind, gain, tw in tables_at(n, p):
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


def _cumulative_odds(members, rounds, target, partial, mods=None):
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
        chains.append(_hero_chain(tuple(eavs), rating, rounds, target, mods))
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
    cut = target if partial is None else partial  # partial < target (checked)
    partial_w = sum(end[cut:])
    failure_w = sum(end[:cut])
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
    mods = _check_modifiers(values, values["max_checks"])
    outcomes, needed, final = _cumulative_odds([values], values["max_checks"], values["target"],
                                               values["partial"], tuple(mods) if any(mods) else None)
    return {"outcomes": outcomes, "checks_needed": needed, "quality_if_short": final,
            "eav": _member(values)[0]}


def odds_group(values):
    outcomes, needed, final = _cumulative_odds(values["members"], values["max_rounds"],
                                               values["target"], values["partial"])
    return {"outcomes": outcomes, "rounds_needed": needed, "quality_if_short": final}


# -- cumulative check with several skills ----------------------------------
# exact odds of a cumulative check with several skills: refused at once when
# (QL states x penalties x checks) is above the first bound, and as soon as
# the moves made pass the second (about a third of a second of CPython)
MULTI_SKILL_STATES = 20_000_000
MULTI_SKILL_WORK = 1_200_000


def _multi_skills(values):
    """The skills of a `cumulative_skills` request: one dict each."""
    out = []
    for i, v in enumerate(values["skills"]):
        eavs, rating, names, _ = _member(v)
        out.append({"name": v.get("skill") or f"skill {i + 1}", "named": bool(v.get("skill")),
                    "eavs": eavs, "rating": rating, "names": names, "attrs": v["attributes"],
                    "modifier": v["modifier"], "target": v["target"]})
    return out


def _multi_checks(values):
    """(skills, modifiers padded to max_checks, order as 0-based skill
    indices), the request's lists checked against each other."""
    skills = _multi_skills(values)
    count = values["max_checks"]
    _check_partial(values["partial"], sum(s["target"] for s in skills),
                   "the QL needed of all the skills together")
    mods = _check_modifiers(values, count)
    order = values.get("order") or []
    if len(order) > count:
        raise InvalidRequest("order", f"has {len(order)} entries but only {count} checks are "
                                      "allowed")
    for i, k in enumerate(order):
        if k > len(skills):
            raise InvalidRequest(f"order[{i}]", f"must be the number of a listed skill (1 to "
                                                f"{len(skills)}), not {k}")
    return skills, mods, [k - 1 for k in order]


def choose_skill(missing, order, n):
    """(skill index, chosen by the order) for check n (0-based): the order's
    skill while it lists one that still misses QL, else the skill with the
    most QL still missing, the first listed on a tie (reading)."""
    if n < len(order) and missing[order[n]] > 0:
        return order[n], True
    best = 0
    for i, m in enumerate(missing):
        if m > missing[best]:
            best = i
    return best, False


def resolve_cumulative_skills(values, tray):
    skills, mods, order = _multi_checks(values)
    count, partial = values["max_checks"], values["partial"]
    given = values.get("modifiers") is not None
    needed = sum(s["target"] for s in skills)
    quality = [0] * len(skills)
    penalty = 0
    checks, steps = [], []
    outcome = None
    stopped = False
    made = 0

    def missing():
        return [max(0, s["target"] - q) for s, q in zip(skills, quality)]

    def counted():
        return sum(min(q, s["target"]) for s, q in zip(skills, quality))

    def standing():
        return ", ".join(f"{s['name']} {q} of {s['target']}" for s, q in zip(skills, quality))

    for n in range(1, count + 1):
        left = [i for i, m in enumerate(missing()) if m]
        if not any(_can_still_succeed(min(skills[i]["eavs"]), penalty, mods, n) for i in left):
            unused = count - n + 1
            why = (f"with the penalty -{penalty} every skill still missing QL has an EAV below 1"
                   if penalty else "every skill still missing QL has an EAV below 1")
            if any(mods[n - 1:]):
                why += " and no later check's modifier lifts it to 1"
            steps.append(f"{cap(why)}: no further check can succeed; stopping with "
                         f"{plural(unused, 'check')} unused.")
            stopped = True
            break
        made = n
        miss = missing()
        i, by_order = choose_skill(miss, order, n - 1)
        s = skills[i]
        if by_order:
            how = "the order names it"
        elif n <= len(order):
            how = (f"the order names {skills[order[n - 1]]['name']}, which has its QL; "
                   f"instead the skill with the most QL still missing ({miss[i]})")
        else:
            how = f"the skill with the most QL still missing ({miss[i]})"
        mod = mods[n - 1]
        extra = ", ".join(([f"modifier for this check {signed(mod)}"] if mod else [])
                          + ([f"penalty -{penalty}"] if penalty else []))
        extra = f" ({extra})" if extra else ""
        head = f"Check {n}"
        steps.append(f"{head}: {s['name']}, {how}." if len(skills) > 1 else f"{head}: {s['name']}.")
        steps.append(f"{head}{extra}: " + _eav_text(s["attrs"], [s["modifier"], mod, -penalty],
                                                     s["names"]) + f" SR {s['rating']}.")
        r = roll_skill(tray, [e + mod - penalty for e in s["eavs"]], s["rating"], s["names"],
                       prefix=f"check {n}, {s['name']}, ")
        steps += [f"{head}: {x}" for x in r.steps]
        entry = {"number": n, "round": n, "skill": i, "skill_name": s["name"],
                 "chosen_by": "order" if by_order else "default", "penalty": penalty}
        if given:
            entry["check_modifier"] = mod
        entry.update(r.to_dict())
        gained = 0
        if r.kind == "botch":
            lost = f"all {counted()} QL collected are lost" if counted() else "all QL are lost"
            steps.append(f"{head}: the botch ends the cumulative check; {lost}.")
            quality = [0] * len(skills)
            outcome = "botch"
        elif r.kind == "critical":
            gained = 2 * r.quality_level
            cleared = f"; penalty -{penalty} cleared" if penalty else ""
            steps.append(f"{head}: critical: QL {r.quality_level} doubled to {gained}{cleared}.")
            penalty = 0
        elif r.kind == "success":
            gained = r.quality_level
            steps.append(f"{head}: QL {gained} gained.")
        else:
            penalty += 1
            nxt = "" if n == count else f"; penalty for the next check now -{penalty}"
            steps.append(f"{head}: no QL{nxt}.")
        quality[i] += gained
        entry["gained"] = gained
        entry["quality"] = list(quality)
        entry["total"] = counted()
        checks.append(entry)
        if outcome == "botch":
            break
        steps.append(f"{head}: {standing()}.")
        if not any(missing()):
            outcome = "success"
            steps.append(f"Every skill has reached its QL: success in {plural(n, 'check')}.")
            break
    total = counted()
    if outcome is None:
        outcome = "partial_success" if partial is not None and total >= partial else "failure"
        words = (f"a partial success ({partial} needed)" if outcome == "partial_success"
                 else "failure")
        head = (f"{total} of {needed} QL collected" if stopped
                else f"All {plural(count, 'check')} made with {total} of {needed} QL collected")
        steps.append(f"{head} ({standing()}): {words}.")
    summary = {
        "success": f"Success: every skill reached its QL in {plural(made, 'check')} "
                   f"({standing()}).",
        "partial_success": f"Partial success: {total} of {needed} QL collected ({standing()}; "
                           f"{partial} needed for a partial success).",
        "failure": f"Failure: {total} of {needed} QL collected ({standing()}).",
        "botch": f"Botch on check {made}: the cumulative check fails and all QL are lost.",
    }[outcome]
    return {"outcome": outcome, "success": outcome == "success", "summary": summary,
            "steps": steps, "checks": checks, "total_quality": total, "rounds": made,
            "skills": [{"skill": s["name"] if s["named"] else None, "quality": q,
                        "target": s["target"], "reached": q >= s["target"]}
                       for s, q in zip(skills, quality)]}


def _multi_transitions(table, m, stride):
    """One check's table for a skill missing m QL: (successes [(index step,
    weight)], criticals [(index step, weight)], failure weight, botch
    weight); gains above the QL missing count only up to it."""
    succ, crit = {}, {}
    fail = botch = 0
    for kind, gain, w in table:
        if kind == "botch":
            botch += w
        elif kind == "failure":
            fail += w
        else:
            dest = succ if kind == "success" else crit
            step = min(gain, m) * stride
            dest[step] = dest.get(step, 0) + w
    return list(succ.items()), list(crit.items()), fail, botch


def _too_big():
    raise InvalidRequest("skills", "exact odds for so many skills, QL and checks would take too "
                                   "long; lower the targets, the skills or the checks (rolling "
                                   "works)", code="odds_too_big")


def _multi_odds(skills, count, mods, order, partial):
    """Exact odds of a cumulative check with several skills: a dynamic
    programme over (QL per skill capped at its target, as one mixed-radix
    index; penalty, capped where every EAV is below 1 at every check) check
    by check; the skill of each check follows `choose_skill`. Weights of
    8000^n after n checks; the finished (every target reached) and botched
    runs leave the states. The states of one penalty are grouped by (skill
    chosen, its QL missing): they share one table of moves."""
    targets = [s["target"] for s in skills]
    strides, size = [], 1
    for t in targets:
        strides.append(size)
        size *= t + 1
    done = sum(t * st for t, st in zip(targets, strides))
    top = max(0, max(min(s["eavs"]) for s in skills) + max(mods))  # penalty cap
    if size * (min(top, count) + 1) * count > MULTI_SKILL_STATES:
        _too_big()
    missing, counted = [], []
    for idx in range(size):
        q, rest = [], idx
        for t in targets:
            q.append(rest % (t + 1))
            rest //= t + 1
        missing.append([t - x for t, x in zip(targets, q)])
        counted.append(sum(q))

    def keys_at(n):
        """(skill chosen, its QL missing) of every QL index at check n."""
        out = []
        for m in missing:
            i = choose_skill(m, order, n)[0]
            out.append((i, m[i]))
        return out

    after_order = keys_at(len(order))
    tables = {}  # (skill, EAV offset, QL missing) -> transitions

    def moves(i, d, m):
        key = (i, d, m)
        if key not in tables:
            s = skills[i]
            tables[key] = _multi_transitions(_check_table([e + d for e in s["eavs"]], s["rating"]),
                                             m, strides[i])
        return tables[key]

    states = {0: [1] + [0] * (size - 1)}  # penalty -> weights by QL index
    finished, botched = [], []  # weight (of 8000^n) per check n
    work = 0
    for n in range(count):
        key = after_order if n >= len(order) else keys_at(n)
        nxt = {}
        lost = 0
        for p, row in states.items():
            d = mods[n] - p
            groups = {}  # (skill, QL missing) -> (QL indices, weights)
            for idx, w in enumerate(row):
                if w:
                    g = groups.get(key[idx])
                    if g is None:
                        groups[key[idx]] = ([idx], [w])
                    else:
                        g[0].append(idx)
                        g[1].append(w)
            for q in (p, min(p + 1, top), 0):
                if q not in nxt:
                    nxt[q] = [0] * size
            same, worse, clear = nxt[p], nxt[min(p + 1, top)], nxt[0]
            for (i, m), (idxs, ws) in groups.items():
                succ, crit, fail, botch = moves(i, d, m)
                work += len(idxs) * (len(succ) + len(crit) + 1)
                if botch:
                    lost += botch * sum(ws)
                if fail:
                    for idx, w in zip(idxs, ws):
                        worse[idx] += w * fail
                for step, tw in succ:
                    for idx, w in zip(idxs, ws):
                        same[idx + step] += w * tw
                for step, tw in crit:
                    for idx, w in zip(idxs, ws):
                        clear[idx + step] += w * tw
            if work > MULTI_SKILL_WORK:
                _too_big()
        win = 0
        for row in nxt.values():
            win += row[done]
            row[done] = 0
        states = {p: row for p, row in nxt.items() if any(row)}
        finished.append(win)
        botched.append(lost)
    den = ALL_DICE ** count
    success = sum(w * ALL_DICE ** (count - n - 1) for n, w in enumerate(finished))
    botch = sum(w * ALL_DICE ** (count - n - 1) for n, w in enumerate(botched))
    end = {}
    for row in states.values():
        for idx, w in enumerate(row):
            if w:
                end[counted[idx]] = end.get(counted[idx], 0) + w
    cut = sum(targets) if partial is None else partial
    outcomes = {
        "success": Fraction(success, den),
        "partial_success": Fraction(sum(w for q, w in end.items() if q >= cut), den),
        "failure": Fraction(sum(w for q, w in end.items() if q < cut), den),
        "botch": Fraction(botch, den),
    }
    needed = {str(n + 1): Fraction(w * ALL_DICE ** (count - n - 1), den)
              for n, w in enumerate(finished)}
    final = {str(q): Fraction(end[q], den) for q in sorted(end) if end[q]}
    return outcomes, needed, final


def odds_cumulative_skills(values):
    skills, mods, order = _multi_checks(values)
    outcomes, needed, final = _multi_odds(skills, values["max_checks"], mods, order,
                                          values["partial"])
    return {"outcomes": outcomes, "checks_needed": needed, "quality_if_short": final,
            "eav": [s["eavs"] for s in skills]}


def clear_caches():
    """Forget cached distributions (benchmarks measure cold odds)."""
    skill_dist.cache_clear()
    _hero_chain.cache_clear()


# -- character sheet --------------------------------------------------------------
SHEET = Sheet(
    numbers_label="Attributes",
    numbers=[Number(abbr, f"{name} ({abbr})", 0, 40, 12) for abbr, name in ATTRIBUTES]
    + [Number(abbr, f"{name} ({abbr})", 0, 40, COMBAT_DEFAULTS[abbr], referable=False)
       for abbr, name in COMBAT_VALUES]
    + [Number("FtP", "Fate points (FtP)", 0, 20, 3, referable=False, counter=True, optional=True)],
    tables=[Table(
        "skills", "Skills", "skill",
        columns=[
            Column("name", "text", "Skill", suggest=dark_eye_skills.SHEET_HINT),
            Column("a1", "ref", "1st attribute", ref="numbers"),
            Column("a2", "ref", "2nd attribute", ref="numbers"),
            Column("a3", "ref", "3rd attribute", ref="numbers"),
            Column("rating", "int", "Skill rating", min=0, max=40, default=4),
            Column("aptitude", "bool", "Aptitude", default=False),
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
        if not all(isinstance(a, str) and a in dict(ATTRIBUTES) for a in abbrs):
            continue
        attrs = [_in_range(nums.get(a)) for a in abbrs]
        rating = _in_range(row.get("rating"))
        if None in attrs or rating is None:
            continue
        values = {"attributes": attrs, "rating": rating}
        if "names" in params:
            values["names"] = abbrs
        if "skill" in params:
            values["skill"] = skill.strip()[:60]
        if "aptitude" in params:
            values["aptitude"] = row.get("aptitude") is True
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
# one skill of a cumulative check with several skills, with its own QL target
_MULTI_SKILL = Obj("skill", _skill_fields(False) + [
    Int("target", "QL needed", 10, min=1, max=50, help="QL to collect with this skill")], "Skill")
_ORDER = Param("order", "list", "Skill of each check", None, nullable=True,
               item=Int("skill", "Skill for check", min=1, max=6, initial=1),
               min_items=0, max_items=50,
               help="optional: the number of the skill (1 = first listed) for each check in turn; "
                    "later checks, and a skill that has its QL, take the skill with the most QL "
                    "still missing")
_MEMBER = party(Obj("member", _member_fields(), "Hero"), "member", name_field="name")

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
        "skills": dark_eye_skills.catalog(),  # the core skill list (issue 27)
    },
    sheet=SHEET,
    fill=fill,
    importers=[Importer("optolith", "Optolith hero (JSON)", dark_eye_optolith.import_hero)],
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
                _reroll_param(1),
                _throw_param(2),
            ],
            rules=attribute_rules,
            odds_reads_dice=reads_dice,
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
            params=_skill_fields(True) + [
                Bool("aptitude", "Aptitude", help="the hero has Aptitude in this skill: one die "
                     "may be rerolled, the better value standing"),
                _reroll_param(3),
                _throw_param(3),
                Param("fate_point_ql", "bool", "Fate point: +1 QL", False, form=False,
                      help="a fate point raises the QL of a success by 1 (QL 6 at most)"),
            ],
            rules=skill_rules,
            odds_reads_dice=reads_dice,
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
            params=[party(Obj("a", _skill_fields(False), "Side A")),
                    party(Obj("b", _skill_fields(False), "Side B")), _PASSIVE],
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
            params=_skill_fields(False) + _target_params("max_checks", "Checks allowed", 10, 50)
            + [_MODIFIERS],
            outcomes=CUMULATIVE_OUTCOMES,
            success_outcomes=("success", "partial_success"),
            rules=cumulative_rules,
            resolve=resolve_cumulative,
            odds=odds_cumulative,
            tones=view.CUMULATIVE_TONES,
            explain=view.cumulative_card,
            odds_view=view.cumulative_odds,
        ),
        Check(
            id="cumulative_skills",
            label="Cumulative check (several skills)",
            description="One task needing QL from several skills (a spear: Woodworking and "
                        "Metalworking), each with its own target; the -1 penalties are shared, "
                        "a critical doubles its QL, a botch loses everything.",
            params=[List("skills", _MULTI_SKILL, "Skills", min_items=1, max_items=6),
                    Int("max_checks", "Checks allowed", 10, min=1, max=50),
                    _partial_param(None, "optional: QL that count as a partial success when the "
                                         "checks run out (each skill's up to its target; below "
                                         "all the targets together)"),
                    _MODIFIERS, _ORDER],
            outcomes=CUMULATIVE_OUTCOMES,
            success_outcomes=("success", "partial_success"),
            rules=_multi_checks,
            resolve=resolve_cumulative_skills,
            odds=odds_cumulative_skills,
            tones=view.CUMULATIVE_TONES,
            explain=view.cumulative_skills_card,
            odds_view=view.cumulative_skills_odds,
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
            rules=group_rules,
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
