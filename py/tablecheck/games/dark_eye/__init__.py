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

from ...checks import Check, Importer, System
from ...params import Bool, Int, List, Obj, Param, party
from . import cards, cards_attribute, cards_contest, cards_cumulative, cards_optolith, cards_skill
from . import optolith as dark_eye_optolith
from . import skills as dark_eye_skills
from .attribute import attribute_follow_ups, attribute_rules, odds_attribute, resolve_attribute
from .competitive import (contest, group_side_of, odds_competitive, odds_group_competitive,
                          resolve_competitive, resolve_group_competitive)
from .cumulative import (_hero_chain, cumulative_rules, group_rules, odds_cumulative, odds_group,
                         resolve_cumulative, resolve_group)
from .cumulative_skills import _multi_checks, odds_cumulative_skills, resolve_cumulative_skills
from .fate_points import reads_dice, skill_follow_ups
from .sheet import fill, make_sheet
from .skill import odds_skill, resolve_skill, skill_rules
from .tables import QL_CHART, SIDES
from .terms import (ATTRIBUTES, COMBAT_VALUES, CONTEST_OUTCOMES, CUMULATIVE_OUTCOMES, KIND, REROLL_RULES,
                    SKILL_OUTCOMES)
from .throw import skill_dist, sp_walk

# the core skill list in a check's `skill` field and in the sheet's skill rows
FORM_HINT = dark_eye_skills.hint(dark_eye_skills.FORM_SETS, cards.SKILL_LIST)
SHEET_HINT = dark_eye_skills.hint(dark_eye_skills.SHEET_SETS, cards.SKILL_LIST)
SHEET = make_sheet(SHEET_HINT)

# what the sentences quote of the rules (the cards never import them)
READ = cards.RulesRead(walk=sp_walk, chart=tuple(QL_CHART))


def _import_hero(data, sheet):
    """An Optolith hero with its report in words (Importer.read)."""
    answer = dark_eye_optolith.import_hero(data, sheet)
    return {"character": answer["character"], "report": cards_optolith.report(answer["report"])}


def _attribute_card(ctx, values, result):
    """The card, with the fate point the rules allow next."""
    return cards_attribute.attribute_card(ctx, values, result, attribute_follow_ups(values, result))


def _skill_card(ctx, values, result):
    """The card, with the rerolls and +1 QL the rules allow next (exact advice)."""
    return cards_skill.skill_card(ctx, values, result, skill_follow_ups(values, result))


def _skill_words(values, result):
    return cards_skill.skill_words(values, result, READ)


def _cumulative_words(values, result):
    return cards_cumulative.cumulative_words(values, result, READ)


def _group_words(values, result):
    return cards_cumulative.group_words(values, result, READ)


def _cumulative_skills_words(values, result):
    return cards_cumulative.cumulative_skills_words(values, result, READ)


def _competitive_words(values, result):
    """The sentences, with the rule that decided the contest."""
    sides = {s: (KIND[result[s]["outcome"]], result[s]["quality_level"]) for s in ("a", "b")}
    reason = contest(sides["a"], sides["b"], values["passive"])[2]
    return cards_contest.competitive_words(values, result, sides, reason, READ)


def _group_competitive_words(values, result):
    """The sentences, with each group as one contestant and the rule that
    decided the contest."""
    sides = {s: group_side_of([(KIND[r["outcome"]], r["quality_level"]) for r in result[s]])
             for s in ("a", "b")}
    reason = contest(sides["a"], sides["b"], values["passive"])[2]
    return cards_contest.group_competitive_words(values, result, sides, reason, READ)


_ATTR_CHOICES = [(abbr, f"{abbr} ({name})") for abbr, name in ATTRIBUTES]
_VALUE_CHOICES = _ATTR_CHOICES + [(abbr, f"{abbr} ({name})") for abbr, name in COMBAT_VALUES]


def _skill_fields(retries):
    """A skill check's parameters. `attempt` is always accepted (contract);
    only the simple skill check takes retries, elsewhere it must be 1."""
    fields = [
        Param("skill", "string", "Skill, spell or chant", None, nullable=True, max_length=60,
              help="optional: its name, shown on the card and in the history; a core skill "
                   "picked from the list names its attributes too",
              suggest=FORM_HINT),
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


# between checks": tools lost or gained), on top of the accumulated penalty
_MODIFIERS = Param("modifiers", "list", "Modifier per check", None, nullable=True,
                   item=Int("modifier", "Check modifier", min=-30, max=30, initial=0),
                   min_items=0, max_items=50,
                   help="optional: one modifier for each check in turn (tools lost or gained), on "
                        "top of the modifier and the penalties; later checks get 0")


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


def clear_caches():
    """Forget cached distributions (benchmarks measure cold odds)."""
    skill_dist.cache_clear()
    _hero_chain.cache_clear()


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
    importers=[Importer("optolith", "Optolith hero (JSON)", _import_hero)],
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
            tones=cards.ATTRIBUTE_TONES,
            words=cards_attribute.attribute_words,
            explain=_attribute_card,
            odds_view=cards_attribute.attribute_odds,
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
            tones=cards.SKILL_TONES,
            words=_skill_words,
            explain=_skill_card,
            odds_view=cards_skill.skill_odds,
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
            tones=cards.CONTEST_TONES,
            words=_competitive_words,
            explain=cards_contest.competitive_card,
            odds_view=cards_contest.competitive_odds,
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
            tones=cards.CUMULATIVE_TONES,
            words=_cumulative_words,
            explain=cards_cumulative.cumulative_card,
            odds_view=cards_cumulative.cumulative_odds,
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
            tones=cards.CUMULATIVE_TONES,
            words=_cumulative_skills_words,
            explain=cards_cumulative.cumulative_skills_card,
            odds_view=cards_cumulative.cumulative_skills_odds,
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
            tones=cards.CUMULATIVE_TONES,
            words=_group_words,
            explain=cards_cumulative.group_card,
            odds_view=cards_cumulative.group_odds,
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
            tones=cards.CONTEST_TONES,
            words=_group_competitive_words,
            explain=cards_contest.group_competitive_card,
            odds_view=cards_contest.group_competitive_odds,
        ),
    ],
)
