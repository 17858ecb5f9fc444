"""The Dark Eye's forms in words: each check's label, description and
parameters (their labels and help) for the catalog; the game's name."""

from ...params import Bool, Int, List, Obj, Param, party
from .terms import ATTRIBUTES, COMBAT_VALUES, REROLL_RULES

GAME = {"name": "The Dark Eye", "short_name": "TDE",
        "description": "The Dark Eye, 5th edition: d20 roll-under checks; skill checks spend skill "
                       "points (SP) and leave a quality level (QL)."}
IMPORTER = "Optolith hero (JSON)"  # the label of the Optolith import

_ATTR_CHOICES = [(abbr, f"{abbr} ({name})") for abbr, name in ATTRIBUTES]
_VALUE_CHOICES = _ATTR_CHOICES + [(abbr, f"{abbr} ({name})") for abbr, name in COMBAT_VALUES]


def _skill_fields(retries, hint):
    """A skill check's parameters. `attempt` is always accepted (contract);
    only the simple skill check takes retries, elsewhere it must be 1."""
    fields = [
        Param("skill", "string", "Skill, spell or chant", None, nullable=True, max_length=60,
              help="optional: its name, shown on the card and in the history; a core skill "
                   "picked from the list names its attributes too",
              suggest=hint),
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


def _member_fields(hint):
    return [Param("name", "string", "Hero", None, nullable=True, max_length=40,
                  help="optional: who rolls (labels the dice)")] + _skill_fields(False, hint)


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


# a modifier per check of a cumulative check (reading "Modifiers that change
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
                 item=Int("face", "Die", min=1, max=20), min_items=1, max_items=max_dice,
                 help="the dice of the throw a follow-up keeps")


_ORDER = Param("order", "list", "Skill of each check", None, nullable=True,
               item=Int("skill", "Skill for check", min=1, max=6, initial=1),
               min_items=0, max_items=50,
               help="optional: the number of the skill (1 = first listed) for each check in turn; "
                    "later checks, and a skill that has its QL, take the skill with the most QL "
                    "still missing")


def checks(hint):
    """{check id: {label, description, params}}; `hint`: the core skill
    list a skill's name offers (skills.hint)."""
    multi_skill = Obj("skill", _skill_fields(False, hint) + [
        Int("target", "QL needed", 10, min=1, max=50, help="QL to collect with this skill")], "Skill")
    member = party(Obj("member", _member_fields(hint), "Hero"), "member", name_field="name")
    return {
        "attribute": dict(
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
        ),
        "skill": dict(
            label="Skill check",
            description="3d20, one per linked attribute; the skill rating's SP cover failed "
                        "dice and what is left gives the QL.",
            params=_skill_fields(True, hint) + [
                Bool("aptitude", "Aptitude", help="the hero has Aptitude in this skill: one die "
                     "may be rerolled, the better value standing"),
                _reroll_param(3),
                _throw_param(3),
                Param("fate_point_ql", "bool", "Fate point: +1 QL", False, form=False,
                      help="a fate point raises the QL of a success by 1 (QL 6 at most)"),
            ],
        ),
        "competitive": dict(
            label="Competitive check",
            description="Two skill checks compared: the higher QL wins; a critical wins at "
                        "once, a botch is an automatic failure.",
            params=[party(Obj("a", _skill_fields(False, hint), "Side A")),
                    party(Obj("b", _skill_fields(False, hint), "Side B")), _PASSIVE],
        ),
        "cumulative": dict(
            label="Cumulative check",
            description="Repeated skill checks collecting QL toward a target; failures add "
                        "-1, a critical doubles its QL, a botch loses everything.",
            params=_skill_fields(False, hint)
            + _target_params("max_checks", "Checks allowed", 10, 50) + [_MODIFIERS],
        ),
        "cumulative_skills": dict(
            label="Cumulative check (several skills)",
            description="One task needing QL from several skills (a spear: Woodworking and "
                        "Metalworking), each with its own target; the -1 penalties are shared, "
                        "a critical doubles its QL, a botch loses everything.",
            params=[List("skills", multi_skill, "Skills", min_items=1, max_items=6),
                    Int("max_checks", "Checks allowed", 10, min=1, max=50),
                    _partial_param(None, "optional: QL that count as a partial success when the "
                                         "checks run out (each skill's up to its target; below "
                                         "all the targets together)"),
                    _MODIFIERS, _ORDER],
        ),
        "group": dict(
            label="Group check (cumulative)",
            description="Several heroes each roll once a round, summing QL toward the target; "
                        "any botch discards the group's QL.",
            params=[List("members", member, "Heroes", min_items=1, max_items=6)]
            + _target_params("max_rounds", "Rounds allowed", 5, 30),
        ),
        "group_competitive": dict(
            label="Group check (competitive)",
            description="Two groups make skill checks; each side's QL is summed and compared "
                        "like a competitive check.",
            params=[List("a", member, "Group A", min_items=1, max_items=6),
                    List("b", member, "Group B", min_items=1, max_items=6), _PASSIVE],
        ),
    }
