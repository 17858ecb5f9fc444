"""Freedom Fantasies (system id `freedom_fantasies`).

Rules: seed 001 and the readings in shared spec rules.md. This module wires
the checks: the rules (d20.py, skill.py, attack.py, effect.py, luck.py,
opposed.py, tables.py, sheet.py) return records; the cards (cards*.py) write
every word of a result (its summary and steps through `Check.words`), its
card and its odds view; terms.py holds the names both use.

Every check rolls one d20, plus one more per net advantage (keep the highest) or net
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

from ...checks import Check, System
from ...params import Bool, Int, Obj, Param, party
from . import cards, cards_attack, cards_effect, cards_luck, cards_skill
from .attack import attack_checks, attack_odds, attack_resolve, attack_track, target
from .d20 import tally
from .effect import effect_dc, effect_odds, effect_resolve
from .luck import luck_odds, luck_resolve
from .opposed import opposed_odds, opposed_resolve
from .sheet import SHEET, TARGETS, fill_options
from .skill import SKILL_SUCCESS, skill_odds, skill_resolve
from .tables import (BONUS_MAX, BONUS_MIN, DC_MAX, EFFECT_DCS, LUCK_DCS, MAX_COUNT, SKILL_DCS,
                     UNARMED_DR, WEAPONS)
from .terms import (ABILITIES, ABILITY_NAME, ATTACK_OUTCOMES, BENEFITS, DETRIMENTS,
                    EFFECT_OUTCOMES, LUCK_OUTCOMES, SKILL_OUTCOMES)


# -- parameters ---------------------------------------------------------------
def _nullable_int(name, label, min=None, max=None, help=""):
    return Param(name, "int", label, None, min, max, nullable=True, help=help)


def _ability_param(names=None, label="Ability used"):
    names = names or [a for a, _ in ABILITIES]
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


# -- what the cards need from the rules, passed in ------------------------------
def skill_words(values, result):
    return cards_skill.skill_words(values, result, tally(values))


def opposed_words(values, result):
    return cards_skill.opposed_words(values, result, tally(values["active"]),
                                     tally(values["target"]))


def attack_words(values, result):
    return cards_attack.attack_words(values, result, tally(values), target(values))


def effect_words(values, result):
    return cards_effect.effect_words(values, result, tally(values), effect_dc(values))


def luck_words(values, result):
    return cards_luck.luck_words(values, result, tally(values))



# -- the system -------------------------------------------------------------------
SYSTEM = System(
    id="freedom_fantasies",
    name="Freedom Fantasies",
    short_name="Freedom Fantasies",
    description="d20 + an Ability bonus against a DC; Advantages and Disadvantages add "
                "d20s (keep the highest or lowest) and cancel one for one.",
    checks=[
        Check(
            id="skill", label="Skill Check", params=SKILL_PARAMS, outcomes=SKILL_OUTCOMES,
            resolve=skill_resolve, odds=skill_odds, words=skill_words,
            tones=cards.SKILL_TONES, explain=cards_skill.skill_card,
            odds_view=cards_skill.skill_odds,
            success_outcomes=SKILL_SUCCESS,
            description="d20 + Ability against a DC: fail, partial (DC) or fantastic "
                        "(DC + 10) success; a natural 20 is a critical success.",
        ),
        Check(
            id="attack", label="Attack Check", params=ATTACK_PARAMS, outcomes=ATTACK_OUTCOMES,
            rules=attack_checks, resolve=attack_resolve, odds=attack_odds, track=attack_track,
            words=attack_words,
            tones=cards.ATTACK_TONES, explain=cards_attack.attack_card,
            odds_view=cards_attack.attack_odds,
            success_outcomes=("critical_hit", "direct_hit", "glancing_hit"),
            description="d20 + Ability against the target's Evasion DC: miss, glancing hit "
                        "(DR - Defense) or direct hit (2 x DR); damage beyond Hit Points "
                        "becomes Stress.",
        ),
        Check(
            id="effect", label="Effect Check", params=EFFECT_PARAMS, outcomes=EFFECT_OUTCOMES,
            rules=effect_dc, resolve=effect_resolve, odds=effect_odds, words=effect_words,
            tones=cards.EFFECT_TONES, explain=cards_effect.effect_card,
            odds_view=cards_effect.effect_odds,
            success_outcomes=("lucky_escape", "success"),
            description="Resist an Effect: d20 + Ability against 10 + the source's Ability, "
                        "a Spell DC or a table DC; a natural 20 is a lucky escape.",
        ),
        Check(
            id="luck", label="Luck Check", params=LUCK_PARAMS, outcomes=LUCK_OUTCOMES,
            resolve=luck_resolve, odds=luck_odds, words=luck_words,
            tones=cards.LUCK_TONES, explain=cards_luck.luck_card,
            odds_view=cards_luck.luck_odds,
            success_outcomes=("lucky_break", "success"),
            description="A bare d20 against the Luck DC table, naming how favourable things "
                        "are; a natural 20 is a lucky break.",
        ),
        Check(
            id="opposed", label="Opposed Check", params=OPPOSED_PARAMS, outcomes=SKILL_OUTCOMES,
            resolve=opposed_resolve, odds=opposed_odds, words=opposed_words,
            tones=cards.OPPOSED_TONES, explain=cards_skill.opposed_card,
            odds_view=cards_skill.opposed_odds,
            success_outcomes=SKILL_SUCCESS,
            description="Both roll Skill Checks; the target's result is the DC and a tie goes "
                        "to the active side.",
        ),
    ],
    extra={
        "abilities": [{"id": a, "name": n, "use": cards.ABILITY_USES[a]} for a, n in ABILITIES],
        "skill_dc_table": [{"dc": dc, "id": k, "label": w} for dc, k, w in SKILL_DCS],
        "effect_dc_table": [{"dc": dc, "id": k, "label": w} for dc, k, w in EFFECT_DCS],
        "luck_dc_table": [{"dc": dc, "id": k, "label": c, "favourability": f}
                          for dc, k, c, f in LUCK_DCS],
        "detriments": cards.options(DETRIMENTS),
        "benefits": cards.options(BENEFITS),
        "weapons": [{"id": k, "label": w, "abilities": list(a)} for k, (w, a) in WEAPONS.items()],
        "unarmed_damage_rating": UNARMED_DR,
        "evasion_dc": "5 + FINESSE + FLAIR (+ FINESSE when Dodging) - armour evasion penalty",
        "hit_points": "the sum of the five Ability bonuses",
    },
    sheet=SHEET,
    fill=fill_options,
    fill_labels=cards.fill_labels,
    tracked=[TARGETS],
)
