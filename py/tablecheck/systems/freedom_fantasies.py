"""Freedom Fantasies (system id `freedom_fantasies`).

Rules: seed 001 and the readings in shared spec rules.md. Every check rolls
one d20, plus one more per net advantage (keep the highest) or net
disadvantage (keep the lowest); advantages and disadvantages cancel one for
one. Result = kept d20 + bonuses, compared with a Difficulty Class (DC):

    skill     fail / partial success (>= DC) / fantastic success (>= DC + 10)
              / critical success (kept natural 20); GM checks: fail / success
    attack    DC = the target's Evasion DC; miss / glancing hit / direct hit /
              critical hit, with damage, Defense, hit points and stress
    effect    binary; a kept natural 20 is a lucky escape
    luck      bare d20; favourability from the luck DC table; natural 20 is a
              lucky break
    opposed   the target's result is the DC; ties go to the active side

Odds are exact: the kept d20 has the distribution of the max (or min) of
k d20, P(max <= f) = (f/20)^k, so no 20^k loops.

Decisions where the rules are silent (each is tested):

- Defense: given, or else the target's FIGHT floored at 0 ("typically equal
  to their FIGHT"), or else 0.
- Glancing damage is DR - Defense floored at 0 (the steps say when the floor
  bites); the part Defense took off is `blocked`.
- Hit points worked out from the five Ability bonuses are their sum floored
  at 0 (the steps say so when the sum is negative).
- Stress counts only what this hit adds: the accumulated damage beyond the
  hit points minus what was already beyond them before the hit.
- A GM-controlled character's natural 20 (skill, opposed) is a success plus
  1 Tension Point; a GM-controlled attacker's critical hit (`gm` on attack)
  gives 1 Tension Point instead of Momentum (or an Extra Attack).
- In an opposed check the target's natural 20 has no effect of its own: it
  is a 20 in the target's result, which is the DC (no Benefits/Detriments).
- A DC above the last row of an open-topped table ("25+" skill, "30+"
  effect) takes that row's name: skill DC 30 is Almost Impossible.
- Lucky reroll (luck checks only, "reroll the Result of a Luck Check"):
  with a Luck DC only a failed result is rerolled and the second roll
  stands; with no DC it rerolls once and keeps the new roll. Odds follow
  exactly that policy.
- A luck check with no DC reads favourability only: the outcome keeps the
  contract's labels (`success`, or `lucky_break` on a natural 20) while the
  summary and steps say that no DC was set and nothing was tested.
- A failed skill check offers the Detriments "if nothing happens" ("there
  should never be a nothing happens Outcome"): the page shows them, the GM
  decides whether failing changed anything.
- Unarmed attacks must have DR 1 (another DR is refused), and are never
  unfamiliar or at a distance; a weapon given with an ability must match it
  (heavy: FIGHT; light: FINESSE; medium, unarmed: FIGHT or FINESSE; ranged,
  spell focus: FOCUS).
"""

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ..checks import Check, System
from ..dice import Dist, keep
from ..display import freedom_fantasies as display
from ..errors import InvalidRequest
from ..jsonvalues import shown
from ..params import Bool, Int, Obj, Param, party
from ..sheets import Number, Sheet, Tracked

# -- the game's vocabulary --------------------------------------------------
ABILITIES = [
    ("fight", "FIGHT", "exerting significant physical force or effort"),
    ("finesse", "FINESSE", "physical care, precision or dexterity"),
    ("flair", "FLAIR", "influencing others or creative expression"),
    ("focus", "FOCUS", "gaining or recalling information"),
    ("flight", "FLIGHT", "moving quickly and evading harm"),
]
ABILITY_NAME = {a: n for a, n, _ in ABILITIES}

# (DC, key, words): the GM's tables; the top rows are "25+" / "30+"
SKILL_DCS = [
    (5, "normal", "Normal"),
    (10, "challenging", "Challenging"),
    (15, "very_challenging", "Very Challenging"),
    (20, "extremely_challenging", "Extremely Challenging"),
    (25, "almost_impossible", "Almost Impossible"),
]
EFFECT_DCS = [
    (5, "easy", "Easy"),
    (10, "normal", "Normal"),
    (15, "challenging", "Challenging"),
    (20, "very_challenging", "Very Challenging"),
    (25, "extremely_challenging", "Extremely Challenging"),
    (30, "almost_impossible", "Almost Impossible"),
]
# tables whose top row is open ("25+", "30+"): a higher DC takes its name
OPEN_TOPPED = ("skill", "effect")
# (DC, key, chance, favourability)
LUCK_DCS = [
    (0, "guaranteed", "Guaranteed", "Very Unfavourable"),
    (5, "likely", "Likely", "Unfavourable"),
    (10, "even_odds", "Even Odds", "Neutral"),
    (15, "unlikely", "Unlikely", "Favourable"),
    (20, "very_unlikely", "Very Unlikely", "Highly Favourable"),
]
FAVOURABILITY_KEYS = [
    ("very_unfavourable", "Very Unfavourable"),
    ("unfavourable", "Unfavourable"),
    ("neutral", "Neutral"),
    ("favourable", "Favourable"),
    ("highly_favourable", "Highly Favourable"),
]

DETRIMENTS = [
    ("stress", "The Character gains a Stress Point"),
    ("tension", "The GM gains a Tension Point"),
    ("complication", "A Complication of the Player's suggestion (the GM may adjust it)"),
]
BENEFITS = [
    ("lose_stress", "The Character loses a Stress Point"),
    ("momentum", "The Player gains a Momentum Point"),
    ("boon", "A Boon of the Player's suggestion (the GM may adjust it)"),
]

# weapon: (words, abilities it may use)
WEAPONS = {
    "unarmed": ("Unarmed", ("fight", "finesse")),
    "light": ("Light melee weapon", ("finesse",)),
    "medium": ("Medium melee weapon", ("fight", "finesse")),
    "heavy": ("Heavy melee weapon", ("fight",)),
    "ranged": ("Ranged weapon", ("focus",)),
    "spell_focus": ("Spell focus", ("focus",)),
}
UNARMED_DR = 1

MAX_COUNT = 100  # advantages / disadvantages each ("no limit": a generous cap)
BONUS_MIN, BONUS_MAX = -20, 50
DC_MAX = 100

SKILL_OUTCOMES = [
    ("critical_success", "Critical success"),
    ("fantastic_success", "Fantastic success"),
    ("partial_success", "Partial success"),
    ("success", "Success"),
    ("fail", "Fail"),
]
ATTACK_OUTCOMES = [
    ("critical_hit", "Critical hit"),
    ("direct_hit", "Direct hit"),
    ("glancing_hit", "Glancing hit"),
    ("miss", "Miss"),
]
EFFECT_OUTCOMES = [("lucky_escape", "Lucky escape"), ("success", "Success"), ("fail", "Fail")]
LUCK_OUTCOMES = [("lucky_break", "Lucky break"), ("success", "Success"), ("fail", "Fail")]


# -- parameters ---------------------------------------------------------------
def _nullable_int(name, label, min=None, max=None, help=""):
    return Param(name, "int", label, None, min, max, nullable=True, help=help)


def _ability_param(names=None, label="Ability used"):
    names = names or [a for a, _, _ in ABILITIES]
    return Param("ability", "choice", label, None, nullable=True,
                 choices=[(a, ABILITY_NAME[a]) for a in names],
                 help="which Ability bonus is added (for the wording; optional)")


def _dc_param(name, label, table, default, help="", open_top=False, initial=None):
    choices = [(key, f"{words} ({dc}{'+' if open_top and i == len(table) - 1 else ''})")
               for i, (dc, key, words, *_) in enumerate(table)]
    return Param(name, "int_or_choice", label, default, 0, DC_MAX, choices=choices,
                 nullable=default is None, help=help, initial=initial)


def _bonus_params(label="Ability bonus"):
    return [
        Int("bonus", label, 0, BONUS_MIN, BONUS_MAX,
            help="one of FIGHT, FINESSE, FLAIR, FOCUS or FLIGHT"),
        Int("other_bonus", "Other bonuses", 0, BONUS_MIN, BONUS_MAX),
    ]


def _count_params(talent=True, unfamiliar="Unfamiliar tool (disadvantage)"):
    out = [
        Int("advantages", "Advantages", 0, 0, MAX_COUNT),
        Int("disadvantages", "Disadvantages", 0, 0, MAX_COUNT),
    ]
    if talent:
        out += [Bool("talent", "Talent (advantage)"),
                Bool("specialism", "Specialism (advantage)")]
    if unfamiliar:
        out.append(Bool("unfamiliar", unfamiliar))
    return out


SKILL_PARAMS = (
    [_ability_param()] + _bonus_params()
    + [_dc_param("dc", "DC", SKILL_DCS, 10, help="the DC to succeed partially",
                 open_top=True)]
    + _count_params()
    + [Bool("gm", "GM-controlled character (fail or success only)")]
)

SIDE_FIELDS = [_ability_param()] + _bonus_params() + _count_params()

ATTACK_PARAMS = (
    [
        Param("weapon", "choice", "Weapon", None, nullable=True,
              choices=[(k, w) for k, (w, _) in WEAPONS.items()],
              help="heavy: FIGHT; light: FINESSE; medium or unarmed: FIGHT or FINESSE; "
                   "ranged or spell focus: FOCUS"),
        _ability_param(["fight", "finesse", "focus"]),
    ]
    + _bonus_params()
    + [Int("damage_rating", "Damage Rating (DR)", UNARMED_DR, 0, 1000,
           help="unarmed attacks have DR 1")]
    + _count_params(talent=False, unfamiliar="No experience with this weapon (disadvantage)")
    + [Bool("threatened_ranged", "Threatened while attacking at a distance (disadvantage)"),
       Bool("gm", "Attacker is GM-controlled (a critical hit gives Tension, not Momentum)")]
    + [party(Obj("target", [
        _nullable_int("evasion", "Target's Evasion DC", 0, DC_MAX,
                      help="in place of 5 + FINESSE + FLAIR (worked out from them when left "
                           "empty); Dodging and an armour penalty still apply"),
        Int("finesse", "Target's FINESSE", min=BONUS_MIN, max=BONUS_MAX, initial=1),
        Int("flair", "Target's FLAIR", min=BONUS_MIN, max=BONUS_MAX, initial=1),
        Bool("dodging", "Target is Dodging (+FINESSE)"),
        Int("evasion_penalty", "Armour evasion penalty", 0, 0, 100),
        _nullable_int("defense", "Target's Defense", 0, 1000,
                      help="usually the target's FIGHT (used when left empty)"),
        _nullable_int("fight", "Target's FIGHT", BONUS_MIN, BONUS_MAX),
        _nullable_int("focus", "Target's FOCUS", BONUS_MIN, BONUS_MAX),
        _nullable_int("flight", "Target's FLIGHT", BONUS_MIN, BONUS_MAX),
        _nullable_int("hit_points", "Target's Hit Points", 0, 10000,
                      help="the sum of its five Ability bonuses (used when left empty)"),
        Int("damage", "Damage already taken", 0, 0, 100000),
        Int("stress", "Stress already taken", 0, 0, 100000,
            help="the Stress Points earlier hits caused (a tracked target counts them)"),
    ], label="Target"))]
)

EFFECT_PARAMS = (
    [_ability_param()] + _bonus_params()
    + [_dc_param("dc", "DC", EFFECT_DCS, None,
                 help="a GM's table DC; or leave empty and give the source's ability "
                      "or the caster's FLAIR and FOCUS", open_top=True, initial="normal"),
       _nullable_int("source_ability", "Source's Ability (DC = 10 + it)", BONUS_MIN, BONUS_MAX,
                     help="an Ability DC, or an Attack DC (10 + the Ability used in the attack)"),
       _nullable_int("spell_flair", "Caster's FLAIR (Spell DC)", BONUS_MIN, BONUS_MAX),
       _nullable_int("spell_focus", "Caster's FOCUS (Spell DC)", BONUS_MIN, BONUS_MAX)]
    + _count_params(talent=False, unfamiliar=None)
)

LUCK_PARAMS = [
    _dc_param("dc", "Luck DC", LUCK_DCS, None,
              help="leave empty to read only the favourability"),
    Int("advantages", "Advantages", 0, 0, MAX_COUNT),
    Bool("lucky", "Lucky: spend a point to roll with Advantage"),
    Bool("lucky_reroll", "Lucky: spend a point to reroll the result",
         help="with a Luck DC only a failed result is rerolled; with no DC (favourability "
              "only) the roll is rerolled once and the new roll kept"),
    Bool("gm", "Rolled by the GM (a lucky break gives Tension)"),
]

OPPOSED_PARAMS = [
    party(Obj("active", SIDE_FIELDS, label="Active character")),
    party(Obj("target", SIDE_FIELDS, label="Target")),
    Bool("gm", "Active character is GM-controlled (fail or success only)"),
]


# -- advantage and disadvantage -------------------------------------------------
@dataclass
class Tally:
    advantages: int
    disadvantages: int
    adv_parts: list = field(default_factory=list)
    dis_parts: list = field(default_factory=list)

    @property
    def net(self):
        return self.advantages - self.disadvantages

    @property
    def dice(self):
        return 1 + abs(self.net)

    def text(self):
        def part(word, total, parts):
            if len(parts) > 1 or (parts and not parts[0].isdigit()):
                return f"{word} {' + '.join(parts)} = {total}"
            return f"{word} {total}"
        head = (f"{part('Advantages', self.advantages, self.adv_parts)}, "
                f"{part('disadvantages', self.disadvantages, self.dis_parts)}")
        if self.net > 0:
            how = f"net +{self.net}: roll {self.dice} d20 and keep the highest"
        elif self.net < 0:
            how = f"net {self.net}: roll {self.dice} d20 and keep the lowest"
        else:
            how = "net 0: roll one d20" if self.advantages else "roll one d20"
        if self.advantages and self.disadvantages:
            how = "they cancel one for one, " + how
        return f"{head}; {how}."


def tally(values):
    """Advantages and disadvantages of one side: the counts plus the toggles."""
    adv, dis = values.get("advantages", 0), values.get("disadvantages", 0)
    adv_parts = [str(adv)] if adv else []
    dis_parts = [str(dis)] if dis else []
    for key, words in (("talent", "Talent"), ("specialism", "Specialism"), ("lucky", "Lucky")):
        if values.get(key):
            adv += 1
            adv_parts.append(words)
    for key, words in (("unfamiliar", "unfamiliar tool or weapon"),
                       ("threatened_ranged", "threatened at a distance")):
        if values.get(key):
            dis += 1
            dis_parts.append(words)
    return Tally(adv, dis, adv_parts, dis_parts)


@dataclass
class D20Roll:
    dice: list  # every d20 rolled for this check, in order
    kept: object  # the Die used

    @property
    def value(self):
        return self.kept.value

    def text(self):
        if len(self.dice) == 1:
            return f"Rolled {self.kept.value}."
        faces = ", ".join(str(d.value) for d in self.dice)
        return f"Rolled {faces}: kept {self.kept.value}."


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


# -- pure rules -------------------------------------------------------------
def skill_band(face, result, dc, gm=False):
    """Outcome of a skill (or opposed) check from the kept d20 and the result."""
    if face == 20:  # natural 20: fantastic whatever the result
        return "success" if gm else "critical_success"
    if result < dc:
        return "fail"
    if gm:  # GM checks are binary
        return "success"
    return "fantastic_success" if result >= dc + 10 else "partial_success"


def attack_band(face, result, evasion_dc):
    if face == 20:
        return "critical_hit"
    if result < evasion_dc:
        return "miss"
    return "direct_hit" if result >= evasion_dc + 10 else "glancing_hit"


def damage_of(outcome, dr, defense):
    """(damage dealt, blocked): glancing = DR - Defense (floor 0), the reduced
    part blocked; direct and critical = 2 x DR ignoring Defense."""
    if outcome == "miss":
        return 0, 0
    if outcome == "glancing_hit":
        dealt = max(0, dr - defense)
        return dealt, dr - dealt
    return 2 * dr, 0


def stress_from(prior, dealt, hit_points):
    """Stress points this damage causes: the part of the accumulated damage
    beyond the hit points that was not beyond them before."""
    return max(0, prior + dealt - hit_points) - max(0, prior - hit_points)


def effect_outcome(face, result, dc):
    if face == 20:
        return "lucky_escape"
    return "success" if result >= dc else "fail"


def luck_outcome(face, dc):
    if face == 20:
        return "lucky_break"
    return "success" if face >= dc else "fail"


def favourability(face):
    """Highest luck DC met names the favourability; a natural 20 is the most
    favourable (it meets DC 20 anyway)."""
    best = LUCK_DCS[0]
    for row in LUCK_DCS:
        if face >= row[0]:
            best = row
    return FAVOURABILITY_KEYS[LUCK_DCS.index(best)]


# -- shared wording -----------------------------------------------------------
def _dc_value(value, table, field_name, open_top=False):
    """An int_or_choice DC: (number, words or None). In an open-topped table
    (the top row reads "25+" or "30+") a DC above the top row takes its name."""
    if isinstance(value, str):
        for row in table:
            if row[1] == value:
                return row[0], row[2]
        raise InvalidRequest(field_name, f"unknown DC {shown(value)}", code="choice")
    for row in table:
        if row[0] == value:
            return value, row[2]
    if open_top and value > table[-1][0]:
        return value, table[-1][2]
    return value, None


def _bonus_text(values, roll_value, who=""):
    ability = values.get("ability")
    name = ABILITY_NAME[ability] if ability else "ability bonus"
    parts = [f"d20 {roll_value}", f"{name} {_term(values['bonus'])}"]
    if values.get("other_bonus"):
        parts.append(f"other bonuses {_term(values['other_bonus'])}")
    total = roll_value + values["bonus"] + values.get("other_bonus", 0)
    return total, f"{who}Result = {' + '.join(parts)} = {total}."


def _term(n):
    """A number as a term of a sum: '3', '(-2)' (not a sign: words.signed)."""
    return f"{n}" if n >= 0 else f"({n})"


def _options(rows):
    return [{"id": k, "label": w} for k, w in rows]


def _kept_info(roll, **info):
    roll.kept.info.update(info)


def _dc_words(dc, words):
    return f"DC {dc}" + (f" ({words})" if words else "")


# -- skill check ------------------------------------------------------------------
SKILL_SUMMARY = {
    "fail": "fail; the Action fails and something negative happens",
    "partial_success": "partial success; the Action succeeds but the Player picks a Detriment "
                       "(a Stress Point, a Tension Point for the GM, or a Complication)",
    "fantastic_success": "fantastic success; the Action succeeds and the Player picks a Benefit "
                         "(lose a Stress Point, gain a Momentum Point, or a Boon)",
    "critical_success": "critical success, a fantastic success whatever the result, a Benefit "
                        "to pick and 1 Momentum Point",
    "success": "success (GM check: no Benefits or Detriments)",
}


def _band_step(outcome, result, dc, face, gm, dc_name="DC"):
    if face == 20:
        if gm:
            return (f"Kept die is a natural 20: success whatever the result (GM check is binary), "
                    f"and the GM gains 1 Tension Point.")
        return (f"Kept die is a natural 20: critical success, a fantastic success whatever the "
                f"result, and the Player gains 1 Momentum Point.")
    if outcome == "fail":
        return f"{result} is below {dc_name} {dc}: fail."
    if outcome == "success":
        return f"{result} meets {dc_name} {dc}: success (a GM check is only fail or success)."
    if outcome == "fantastic_success":
        return f"{result} meets {dc_name} + 10 = {dc + 10}: fantastic success."
    return f"{result} meets {dc_name} {dc} but not {dc_name} + 10 = {dc + 10}: partial success."


def _skill_extras(outcome, face, gm):
    """Choices the table picks from, and any Momentum/Tension point."""
    out = {"critical": face == 20, "point": None, "choices": None}
    if face == 20:
        out["point"] = "tension" if gm else "momentum"
    if gm:
        return out
    if outcome == "partial_success":
        out["choices"] = {"pick": "detriment", "options": _options(DETRIMENTS)}
    elif outcome in ("fantastic_success", "critical_success"):
        out["choices"] = {"pick": "benefit", "options": _options(BENEFITS)}
    elif outcome == "fail":
        # never "nothing happens": with no immediate negative effect the
        # Player chooses a Detriment as though for a Partial Success
        out["choices"] = {"pick": "detriment_if_nothing_happens", "options": _options(DETRIMENTS)}
    return out


def skill_resolve(values, tray):
    t = tally(values)
    dc, dc_words = _dc_value(values["dc"], SKILL_DCS, "dc", open_top=True)
    gm = values["gm"]
    roll = roll_d20s(tray, t)
    result, result_step = _bonus_text(values, roll.value)
    outcome = skill_band(roll.value, result, dc, gm)
    _kept_info(roll, result=result, dc=dc)
    steps = [t.text(), roll.text(), result_step, _band_step(outcome, result, dc, roll.value, gm)]
    extras = _skill_extras(outcome, roll.value, gm)
    if extras["choices"] and extras["choices"]["pick"] == "detriment_if_nothing_happens":
        steps.append("If failing would change nothing, the Player picks a Detriment as though "
                     "for a Partial Success.")
    if roll.value == 20:
        lead = "Natural 20"
    else:
        lead = f"Result {result} against {_dc_words(dc, dc_words)}"
    summary = f"{lead}: {SKILL_SUMMARY[outcome]}."
    if gm and roll.value == 20:
        summary = f"Natural 20: success whatever the result (GM check), and the GM gains 1 Tension Point."
    out = {
        "outcome": outcome,
        "success": outcome != "fail",
        "summary": summary,
        "steps": steps,
        "result": result,
        "dc": dc,
        "dc_label": dc_words,
        "kept": roll.value,
        "d20s": [d.value for d in roll.dice],
        "advantages": t.advantages,
        "disadvantages": t.disadvantages,
        "net_advantage": t.net,
        "margin": result - dc,
    }
    out.update(extras)
    return out


def _result_dist(values, net):
    return kept_dist(net) + (values["bonus"] + values.get("other_bonus", 0))


def _all_labels(probs, outcomes):
    """Every label of the check, exact (Fraction(0) where impossible)."""
    return {label: Fraction(probs.get(label, 0)) for label, _ in outcomes}


def _outcome_probs(kept, f):
    """{label: Fraction} from the kept-die Dist and f(face) -> label."""
    out = {}
    for face, w in kept.weights.items():
        label = f(face)
        out[label] = out.get(label, 0) + Fraction(w, kept.total)
    return out


def skill_odds(values):
    t = tally(values)
    dc, _ = _dc_value(values["dc"], SKILL_DCS, "dc", open_top=True)
    mod = values["bonus"] + values["other_bonus"]
    kept = kept_dist(t.net)
    outcomes = _all_labels(_outcome_probs(kept, lambda f: skill_band(f, f + mod, dc, values["gm"])),
                           SKILL_OUTCOMES)
    return {"outcomes": outcomes, "dc": dc, "net_advantage": t.net, "dice": t.dice,
            "kept_die": kept.probs(), "distribution": (kept + mod).probs()}


# -- attack check -----------------------------------------------------------------
@dataclass
class Target:
    evasion_dc: int
    evasion_text: str
    defense: int
    defense_text: str
    hit_points: object  # int or None (unknown)
    hp_text: str
    damage: int
    stress: int = 0  # Stress Points earlier hits caused


def _target(values):
    tg = values["target"]
    if tg["evasion"] is not None:
        # reading: a given Evasion DC stands for 5 + FINESSE + FLAIR; Dodging and
        # an armour penalty still apply
        dc = tg["evasion"]
        parts = [f"{tg['evasion']} (given)"]
    else:
        dc = 5 + tg["finesse"] + tg["flair"]
        parts = ["5", f"FINESSE {_term(tg['finesse'])}", f"FLAIR {_term(tg['flair'])}"]
    if tg["dodging"]:
        dc += tg["finesse"]
        parts.append(f"Dodge FINESSE {_term(tg['finesse'])}")
    if tg["evasion_penalty"]:
        dc -= tg["evasion_penalty"]
        text = " + ".join(parts) + f" - armour penalty {tg['evasion_penalty']}"
    else:
        text = " + ".join(parts)
    evasion_text = (f"Evasion DC {dc} (given)." if text == parts[0] and tg["evasion"] is not None
                    else f"Evasion DC = {text} = {dc}.")
    if tg["defense"] is not None:
        defense, defense_text = tg["defense"], f"Defense {tg['defense']}"
    elif tg["fight"] is not None:
        defense = max(0, tg["fight"])
        defense_text = (f"Defense {defense} (the target's FIGHT)" if tg["fight"] >= 0 else
                        f"Defense 0 (the target's FIGHT is {tg['fight']}, floored at 0)")
    else:
        defense, defense_text = 0, "Defense 0 (none given)"
    abilities = [tg[a] for a, _, _ in ABILITIES]
    if tg["hit_points"] is not None:
        hp, hp_text = tg["hit_points"], f"{tg['hit_points']} Hit Points"
    elif all(v is not None for v in abilities):
        total = sum(abilities)
        hp = max(0, total)  # never below 0 (reading: a negative total means none)
        floor = f" = {total}, floored at 0" if total < 0 else ""
        hp_text = (f"{hp} Hit Points (sum of its Ability bonuses "
                   f"{' + '.join(_term(v) for v in abilities)}{floor})")
    else:
        hp, hp_text = None, "Hit Points unknown (give them, or all five Ability bonuses)"
    return Target(dc, evasion_text, defense, defense_text, hp, hp_text, tg["damage"],
                  tg["stress"])


def _attack_checks(values):
    weapon, ability = values["weapon"], values["ability"]
    if weapon and ability and ability not in WEAPONS[weapon][1]:
        allowed = " or ".join(ABILITY_NAME[a] for a in WEAPONS[weapon][1])
        raise InvalidRequest("ability", f"a {WEAPONS[weapon][0].lower()} attack uses {allowed}, "
                                        f"not {ABILITY_NAME[ability]}", code="choice")
    if weapon == "unarmed" and values["damage_rating"] != UNARMED_DR:
        raise InvalidRequest("damage_rating", f"unarmed attacks have DR {UNARMED_DR}, "
                                              f"not {values['damage_rating']}", code="range")
    if weapon == "unarmed" and values["unfamiliar"]:
        raise InvalidRequest("unfamiliar", "all Characters are experienced with Unarmed Attacks",
                             code="range")
    if weapon == "unarmed" and values["threatened_ranged"]:
        raise InvalidRequest("threatened_ranged", "an unarmed attack cannot hit at a distance",
                             code="range")


ATTACK_SUMMARY = {
    "miss": "miss; the target may Counter if its weapon can reach the attacker",
    "glancing_hit": "glancing hit",
    "direct_hit": "direct hit, ignoring Defense",
    "critical_hit": "critical hit: a direct hit plus 1 Momentum Point "
                    "(or give up the point for an Extra Attack)",
}
GM_CRITICAL_HIT = ("critical hit: a direct hit plus 1 Tension Point for the GM "
                   "(or give up the point for an Extra Attack)")


def attack_resolve(values, tray):
    tg = _target(values)
    t = tally(values)
    dr = values["damage_rating"]
    roll = roll_d20s(tray, t)
    result, result_step = _bonus_text(values, roll.value)
    outcome = attack_band(roll.value, result, tg.evasion_dc)
    _kept_info(roll, result=result, dc=tg.evasion_dc)
    dealt, blocked = damage_of(outcome, dr, tg.defense)
    total = tg.damage + dealt
    steps = [tg.evasion_text, t.text(), roll.text(), result_step]
    gm = values["gm"]
    if roll.value == 20:
        who = ("the GM gains 1 Tension Point" if gm else "the Player gains 1 Momentum Point")
        steps.append("Kept die is a natural 20: critical hit, a direct hit whatever the result; "
                     f"{who} or makes an Extra Attack instead.")
    elif outcome == "miss":
        steps.append(f"{result} is below Evasion DC {tg.evasion_dc}: miss.")
    elif outcome == "direct_hit":
        steps.append(f"{result} meets Evasion DC + 10 = {tg.evasion_dc + 10}: direct hit.")
    else:
        steps.append(f"{result} meets Evasion DC {tg.evasion_dc} but not "
                     f"{tg.evasion_dc + 10}: glancing hit.")
    if outcome == "glancing_hit":
        if dr < tg.defense:  # Defense blocks it all: "up to a minimum of Zero Damage"
            arithmetic = f"{dr - tg.defense}, floored at 0: {dealt} damage"
        else:
            arithmetic = f"{dealt} damage"
        steps.append(f"Glancing hit: DR {dr} - {tg.defense_text} = {arithmetic}"
                     + (f" ({blocked} blocked)." if blocked else "."))
    elif outcome != "miss":
        steps.append(f"Direct hit: 2 x DR {dr} = {dealt} damage, ignoring Defense.")
    else:
        steps.append("A miss deals no damage; the target may Counter with a weapon that can "
                     "reach the attacker (and a Counter can be Countered).")
    stress = None
    hp_left = None
    if outcome != "miss":
        steps.append(f"Damage accumulates: {tg.damage} + {dealt} = {total}.")
    if tg.hit_points is not None:
        stress = stress_from(tg.damage, dealt, tg.hit_points)
        hp_left = max(0, tg.hit_points - total)
        if outcome != "miss":
            if stress:
                steps.append(f"{tg.hp_text}: {stress} damage beyond them becomes "
                             f"{stress} Stress Point{'s' if stress != 1 else ''}.")
            else:
                steps.append(f"{tg.hp_text}: {hp_left} left, no Stress.")
    elif outcome != "miss":
        steps.append(tg.hp_text + ".")
    stress_total = tg.stress + (stress or 0)
    if tg.stress and stress:
        steps.append(f"Stress accumulates: {tg.stress} + {stress} = {stress_total}.")
    if outcome == "miss":
        summary = f"Result {result} against Evasion DC {tg.evasion_dc}: {ATTACK_SUMMARY['miss']}."
    else:
        lead = "Natural 20" if roll.value == 20 else \
            f"Result {result} against Evasion DC {tg.evasion_dc}"
        dmg = f"{dealt} damage" + (f" ({blocked} blocked)" if blocked else "")
        tail = f", {stress} Stress" if stress else ""
        words = GM_CRITICAL_HIT if gm and outcome == "critical_hit" else ATTACK_SUMMARY[outcome]
        summary = f"{lead}: {words}, {dmg}{tail}."
    return {
        "outcome": outcome,
        "success": outcome != "miss",
        "summary": summary,
        "steps": steps,
        "result": result,
        "evasion_dc": tg.evasion_dc,
        "defense": tg.defense,
        "damage_rating": dr,
        "damage_dealt": dealt,
        "blocked": blocked,
        "damage_total": total,
        "hit_points": tg.hit_points,
        "hit_points_left": hp_left,
        "stress": stress,
        "stress_before": tg.stress,
        "stress_total": stress_total,
        "damage_before": tg.damage,
        "kept": roll.value,
        "d20s": [d.value for d in roll.dice],
        "advantages": t.advantages,
        "disadvantages": t.disadvantages,
        "net_advantage": t.net,
        "critical": roll.value == 20,
        "point": ("tension" if gm else "momentum") if roll.value == 20 else None,
        "extra_attack_option": roll.value == 20,
        "counter": outcome == "miss",
    }


def attack_track(values, result):
    """A tracked target's new state after this attack: the damage taken in
    all (seed: "add the Damage taken to the total they have already
    accumulated") and the Stress Points in all (damage beyond the Hit Points)."""
    return {"target": {"damage": result["damage_total"], "stress": result["stress_total"]}}


def attack_odds(values):
    tg = _target(values)
    t = tally(values)
    dr = values["damage_rating"]
    mod = values["bonus"] + values["other_bonus"]
    kept = kept_dist(t.net)
    band = lambda f: attack_band(f, f + mod, tg.evasion_dc)  # noqa: E731
    outcomes = _all_labels(_outcome_probs(kept, band), ATTACK_OUTCOMES)
    damage = kept.map(lambda f: damage_of(band(f), dr, tg.defense)[0])
    out = {"outcomes": outcomes, "evasion_dc": tg.evasion_dc, "defense": tg.defense,
           "net_advantage": t.net, "dice": t.dice, "kept_die": kept.probs(),
           "distribution": (kept + mod).probs(), "damage": damage.probs(),
           "mean_damage": damage.mean()}
    if tg.hit_points is not None:
        out["stress"] = damage.map(lambda d: stress_from(tg.damage, d, tg.hit_points)).probs()
    return out


# -- effect check -----------------------------------------------------------------
def _effect_dc(values):
    """(DC, its words for the steps, its table name or None)."""
    ways = []
    if values["dc"] is not None:
        ways.append("dc")
    if values["source_ability"] is not None:
        ways.append("source_ability")
    flair, focus = values["spell_flair"], values["spell_focus"]
    if flair is not None or focus is not None:
        if flair is None:
            raise InvalidRequest("spell_flair", "a Spell DC needs both the caster's FLAIR and "
                                                "FOCUS", code="required")
        if focus is None:
            raise InvalidRequest("spell_focus", "a Spell DC needs both the caster's FLAIR and "
                                                "FOCUS", code="required")
        ways.append("spell_flair")
    if not ways:
        raise InvalidRequest("dc", "give a DC, the source's Ability (DC = 10 + it), or the "
                                   "caster's FLAIR and FOCUS (Spell DC)", code="required")
    if len(ways) > 1:
        raise InvalidRequest(ways[1], f"give only one way to set the DC, not both {ways[0]} "
                                      f"and {ways[1]}", code="range")
    if ways[0] == "dc":
        dc, words = _dc_value(values["dc"], EFFECT_DCS, "dc", open_top=True)
        return dc, _dc_words(dc, words), words
    if ways[0] == "source_ability":
        dc = 10 + values["source_ability"]
        return (dc, f"DC {dc} (10 + the source's Ability {_term(values['source_ability'])})",
                None)
    dc = 10 + max(flair, focus)
    which = "FLAIR" if flair >= focus else "FOCUS"
    return (dc, f"Spell DC {dc} (10 + the caster's higher of FLAIR {flair} and FOCUS {focus}: "
                f"{which})", None)


def effect_resolve(values, tray):
    dc, dc_text, dc_words = _effect_dc(values)
    t = tally(values)
    roll = roll_d20s(tray, t)
    result, result_step = _bonus_text(values, roll.value)
    outcome = effect_outcome(roll.value, result, dc)
    _kept_info(roll, result=result, dc=dc)
    steps = [dc_text + ".", t.text(), roll.text(), result_step]
    if outcome == "lucky_escape":
        steps.append("Kept die is a natural 20: lucky escape, a success whatever the result, "
                     "and all the ill effects are avoided.")
        summary = "Natural 20: lucky escape, the Character avoids all the ill effects."
    elif outcome == "success":
        steps.append(f"{result} meets DC {dc}: success (Effect checks are only fail or success).")
        summary = f"Result {result} against {dc_text}: success, the Effect is avoided or mitigated."
    else:
        steps.append(f"{result} is below DC {dc}: fail.")
        summary = f"Result {result} against {dc_text}: fail, the Effect takes hold as described."
    return {
        "outcome": outcome, "success": outcome != "fail", "summary": summary, "steps": steps,
        "result": result, "dc": dc, "dc_label": dc_words, "kept": roll.value,
        "d20s": [d.value for d in roll.dice],
        "advantages": t.advantages, "disadvantages": t.disadvantages, "net_advantage": t.net,
        "critical": roll.value == 20,
    }


def effect_odds(values):
    dc = _effect_dc(values)[0]
    t = tally(values)
    mod = values["bonus"] + values["other_bonus"]
    kept = kept_dist(t.net)
    outcomes = _all_labels(_outcome_probs(kept, lambda f: effect_outcome(f, f + mod, dc)),
                           EFFECT_OUTCOMES)
    return {"outcomes": outcomes, "dc": dc, "net_advantage": t.net, "dice": t.dice,
            "kept_die": kept.probs(), "distribution": (kept + mod).probs()}


# -- luck check -------------------------------------------------------------------
def _luck_dc(values):
    """(DC, its table words); (None, None) when no DC is set: the roll then
    reads favourability only."""
    if values["dc"] is None:
        return None, None
    return _dc_value(values["dc"], LUCK_DCS, "dc")


def luck_label(face, dc):
    """The outcome label; with no DC (favourability only) nothing is tested,
    and the label is the contract's `success` (or `lucky_break` on a 20)."""
    return luck_outcome(face, 0 if dc is None else dc)


def rerolls(face, dc):
    """The Lucky reroll policy: with a DC, reroll a failed result only (the
    second roll stands); with no DC, always reroll once and keep the new roll."""
    return dc is None or luck_label(face, dc) == "fail"


def luck_resolve(values, tray):
    dc, words = _luck_dc(values)
    reading_only = dc is None
    t = tally(values)
    roll = roll_d20s(tray, t)
    steps = []
    if reading_only:
        steps.append("No Luck DC set: the roll reads favourability only (nothing is tested "
                     "against a DC).")
    steps += [t.text(), roll.text()]
    rerolled = False
    first = roll.value
    if values["lucky_reroll"]:
        if rerolls(first, dc):
            for d in roll.dice:
                d.rerolled = True
                d.kept = False
            if reading_only:
                steps.append(f"Lucky: a point spent to reroll; the first roll {first} is set "
                             "aside and the new roll kept (no DC: always rerolled once).")
            else:
                steps.append(f"{first} is below Luck DC {dc}: Lucky, a point spent to reroll.")
            roll = roll_d20s(tray, t, "reroll")
            steps.append("Reroll: " + roll.text())
            rerolled = True
        else:
            steps.append("No reroll needed: the first roll did not fail.")
    face = roll.value
    outcome = luck_label(face, dc)
    fav_key, fav_words = favourability(face)
    point = ("tension" if values["gm"] else "momentum") if face == 20 else None
    _kept_info(roll, dc=dc)
    if outcome == "lucky_break":
        steps.append("Natural 20: lucky break, " + ("" if reading_only else
                                                    "a success whatever the DC, ")
                     + "as favourable as "
                     + ("possible, and the GM gains 1 Tension Point." if values["gm"] else
                        "possible, and the Player gains 1 Momentum Point."))
    elif reading_only:
        steps.append(f"{face}: favourability {fav_words} (highest Luck DC met).")
    elif outcome == "success":
        steps.append(f"{face} meets Luck DC {dc}: success.")
    else:
        steps.append(f"{face} is below Luck DC {dc}: fail.")
    if not reading_only and outcome != "lucky_break":
        steps.append(f"Favourability: {fav_words} (highest Luck DC met).")
    if outcome == "lucky_break":
        lead = "Natural 20 with no DC set (favourability only)" if reading_only else \
            "Natural 20"
        summary = (f"{lead}: lucky break, as favourable as possible (Highly Favourable), "
                   f"and 1 {point.title()} Point.")
    elif reading_only:
        summary = (f"Luck Check {face} with no DC set (favourability only): the situation "
                   f"is {fav_words}.")
    else:
        verdict = "it comes to pass" if outcome == "success" else "it does not come to pass"
        summary = (f"Luck Check {face} against {_dc_words(dc, words)}: {outcome}, {verdict} "
                   f"({fav_words}).")
    return {
        "outcome": outcome, "success": outcome != "fail", "summary": summary, "steps": steps,
        "result": face, "dc": dc, "dc_label": words, "favourability_only": reading_only,
        "kept": face, "favourability": fav_key,
        "favourability_label": fav_words, "rerolled": rerolled,
        "d20s": [d.value for d in tray.dice], "advantages": t.advantages,
        "critical": face == 20, "point": point,
    }


def luck_odds(values):
    dc, _ = _luck_dc(values)
    t = tally(values)
    kept = kept_dist(t.net)
    first = kept.probs()
    p_reroll = Fraction(0)
    if values["lucky_reroll"]:
        # rerolls(f, dc) says which first rolls are rerolled; the second stands
        p_reroll = sum((p for f, p in first.items() if rerolls(f, dc)), Fraction(0))
        final = {f: (0 if rerolls(f, dc) else p) + p_reroll * p for f, p in first.items()}
    else:
        final = first
    outcomes, fav = {}, {}
    for f, p in final.items():
        label = luck_label(f, dc)
        outcomes[label] = outcomes.get(label, 0) + p
        key = favourability(f)[0]
        fav[key] = fav.get(key, 0) + p
    return {"outcomes": _all_labels(outcomes, LUCK_OUTCOMES), "dc": dc,
            "favourability_only": dc is None, "dice": t.dice,
            "kept_die": final, "reroll_chance": p_reroll,
            "favourability": {k: fav.get(k, Fraction(0)) for k, _ in FAVOURABILITY_KEYS}}


# -- opposed check ----------------------------------------------------------------
def opposed_resolve(values, tray):
    a, b = values["active"], values["target"]
    gm = values["gm"]
    ta, tb = tally(a), tally(b)
    ra = roll_d20s(tray, ta, "active")
    rb = roll_d20s(tray, tb, "target")
    result, a_step = _bonus_text(a, ra.value, "Active: ")
    dc, b_step = _bonus_text(b, rb.value, "Target: ")
    outcome = skill_band(ra.value, result, dc, gm)
    _kept_info(ra, result=result, dc=dc)
    _kept_info(rb, result=dc)
    steps = [
        "Active: " + ta.text(), "Active: " + ra.text(), a_step,
        "Target: " + tb.text(), "Target: " + rb.text(), b_step,
        f"The target's result {dc} is the DC (the target gets no Benefits or Detriments; "
        f"a tie goes to the active side).",
        _band_step(outcome, result, dc, ra.value, gm),
    ]
    if ra.value == 20:
        lead = "Natural 20"
    else:
        lead = f"Result {result} against the target's {dc}"
    summary = f"{lead}: {SKILL_SUMMARY[outcome]}."
    if gm and ra.value == 20:
        summary = "Natural 20: success whatever the result (GM check), and the GM gains 1 Tension Point."
    out = {
        "outcome": outcome, "success": outcome != "fail", "summary": summary, "steps": steps,
        "result": result, "dc": dc, "target_result": dc, "margin": result - dc,
        "kept": ra.value, "target_kept": rb.value,
        "d20s": [d.value for d in ra.dice], "target_d20s": [d.value for d in rb.dice],
        "net_advantage": ta.net, "target_net_advantage": tb.net,
    }
    out.update(_skill_extras(outcome, ra.value, gm))
    return out


def opposed_odds(values):
    a, b = values["active"], values["target"]
    gm = values["gm"]
    ka, kb = kept_dist(tally(a).net), kept_dist(tally(b).net)
    ma = a["bonus"] + a["other_bonus"]
    target_result = kb + (b["bonus"] + b["other_bonus"])
    labels = ka.combine(target_result, lambda f, dc: skill_band(f, f + ma, dc, gm))
    return {"outcomes": _all_labels(labels.probs(), SKILL_OUTCOMES),
            "target_result": target_result.probs(),
            "distribution": (ka + ma).probs(), "dice": tally(a).dice,
            "target_dice": tally(b).dice}


# -- the system -------------------------------------------------------------------
SKILL_SUCCESS = ("critical_success", "fantastic_success", "partial_success", "success")

# the character sheet (as static/js/characters.js declared it): the five
# Ability bonuses, Defense and the Damage Rating of the usual weapon
SHEET = Sheet(
    numbers=[Number(name, name, -10, 20, 1) for _, name, _ in ABILITIES]
    + [Number("defense", "Defense", 0, 30, 1),
       Number("damage", "Damage rating (DR)", 0, 30, 2)],
    numbers_label="Abilities and combat",
)

# targets the GM names once and attacks all evening: damage and Stress add up
# until a reset (seed: a Rest removes all Damage accumulated)
TARGETS = Tracked(
    key="targets", label="Tracked targets", noun="target",
    numbers=[Number("evasion", "Evasion DC", 0, DC_MAX, 10),
             Number("defense", "Defense", 0, 1000, 0),
             Number("hit_points", "Hit Points", 0, 10000, 10)],
    state=[Number("damage", "Damage taken", 0, 100000, 0),
           Number("stress", "Stress", 0, 100000, 0)],
    fills=[("attack", "target")],
)

SYSTEM = System(
    id="freedom_fantasies",
    name="Freedom Fantasies",
    short_name="Freedom Fantasies",
    description="d20 + an Ability bonus against a DC; Advantages and Disadvantages add "
                "d20s (keep the highest or lowest) and cancel one for one.",
    checks=[
        Check(
            id="skill", label="Skill Check", params=SKILL_PARAMS, outcomes=SKILL_OUTCOMES,
            resolve=skill_resolve, odds=skill_odds,
            tones=display.SKILL_TONES, explain=display.skill_card, odds_view=display.skill_odds,
            success_outcomes=SKILL_SUCCESS,
            description="d20 + Ability against a DC: fail, partial (DC) or fantastic "
                        "(DC + 10) success; a natural 20 is a critical success.",
        ),
        Check(
            id="attack", label="Attack Check", params=ATTACK_PARAMS, outcomes=ATTACK_OUTCOMES,
            rules=_attack_checks, resolve=attack_resolve, odds=attack_odds, track=attack_track,
            tones=display.ATTACK_TONES, explain=display.attack_card, odds_view=display.attack_odds,
            success_outcomes=("critical_hit", "direct_hit", "glancing_hit"),
            description="d20 + Ability against the target's Evasion DC: miss, glancing hit "
                        "(DR - Defense) or direct hit (2 x DR); damage beyond Hit Points "
                        "becomes Stress.",
        ),
        Check(
            id="effect", label="Effect Check", params=EFFECT_PARAMS, outcomes=EFFECT_OUTCOMES,
            rules=_effect_dc, resolve=effect_resolve, odds=effect_odds,
            tones=display.EFFECT_TONES, explain=display.effect_card, odds_view=display.effect_odds,
            success_outcomes=("lucky_escape", "success"),
            description="Resist an Effect: d20 + Ability against 10 + the source's Ability, "
                        "a Spell DC or a table DC; a natural 20 is a lucky escape.",
        ),
        Check(
            id="luck", label="Luck Check", params=LUCK_PARAMS, outcomes=LUCK_OUTCOMES,
            resolve=luck_resolve, odds=luck_odds,
            tones=display.LUCK_TONES, explain=display.luck_card, odds_view=display.luck_odds,
            success_outcomes=("lucky_break", "success"),
            description="A bare d20 against the Luck DC table, naming how favourable things "
                        "are; a natural 20 is a lucky break.",
        ),
        Check(
            id="opposed", label="Opposed Check", params=OPPOSED_PARAMS, outcomes=SKILL_OUTCOMES,
            resolve=opposed_resolve, odds=opposed_odds,
            tones=display.OPPOSED_TONES, explain=display.opposed_card,
            odds_view=display.opposed_odds,
            success_outcomes=SKILL_SUCCESS,
            description="Both roll Skill Checks; the target's result is the DC and a tie goes "
                        "to the active side.",
        ),
    ],
    extra={
        "abilities": [{"id": a, "name": n, "use": u} for a, n, u in ABILITIES],
        "skill_dc_table": [{"dc": dc, "id": k, "label": w} for dc, k, w in SKILL_DCS],
        "effect_dc_table": [{"dc": dc, "id": k, "label": w} for dc, k, w in EFFECT_DCS],
        "luck_dc_table": [{"dc": dc, "id": k, "label": c, "favourability": f}
                          for dc, k, c, f in LUCK_DCS],
        "detriments": _options(DETRIMENTS),
        "benefits": _options(BENEFITS),
        "weapons": [{"id": k, "label": w, "abilities": list(a)} for k, (w, a) in WEAPONS.items()],
        "unarmed_damage_rating": UNARMED_DR,
        "evasion_dc": "5 + FINESSE + FLAIR (+ FINESSE when Dodging) - armour evasion penalty",
        "hit_points": "the sum of the five Ability bonuses",
    },
    sheet=SHEET,
    fill=display.fill,
    tracked=[TARGETS],
)
