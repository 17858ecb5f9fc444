"""The Dark Eye's forms in words: each check's label, description and
parameters (their labels and help) for the catalog; the game's name. The
words are the language's (cards_words: keys `game`, `f_*`)."""

from ...params import Bool, Int, List, Obj, Param, party
from .cards_words import EN
from .terms import ATTRIBUTES, COMBAT_VALUES, REROLL_RULES

GAME = EN["game"]
IMPORTER = EN["importer"]  # the label of the Optolith import


def _choices(abbrs, w):
    """[(id, 'COU (Courage)')]: an attribute's or combat value's id, in words."""
    return [(abbr, f"{w['abbr'][abbr]} ({w['value_names'][abbr]})") for abbr in abbrs]


_ATTRS = [abbr for abbr, _ in ATTRIBUTES]
_VALUES = _ATTRS + [abbr for abbr, _ in COMBAT_VALUES]


def _skill_fields(retries, hint, w):
    """A skill check's parameters. `attempt` is always accepted (contract);
    only the simple skill check takes retries, elsewhere it must be 1."""
    fields = [
        Param("skill", "string", w["f_skill"], None, nullable=True, max_length=60,
              help=w["f_skill_help"], suggest=hint),
        Param("attributes", "list", w["f_attributes"], [12, 12, 12],
              item=Int("value", w["f_attribute"], min=0, max=40, initial=12), min_items=3, max_items=3,
              help=w["f_attributes_help"]),
        Param("names", "list", w["f_names"], None, nullable=True,
              item=Param("name", "choice", w["f_attribute"], choices=_choices(_ATTRS, w)),
              min_items=3, max_items=3, pairs="attributes",
              help=w["f_names_help"]),
        Int("rating", w["f_rating"], 4, min=0, max=40, help=w["f_rating_help"]),
        Int("modifier", w["modifier"], 0, min=-30, max=30, help=w["f_modifier_help"]),
    ]
    if retries:
        fields.append(Int("attempt", w["f_attempt"], 1, min=1, max=20, help=w["f_attempt_help"]))
    else:
        fields.append(Int("attempt", w["f_attempt"], 1, min=1, max=1, help=w["f_attempt_none"]))
    return fields


def _member_fields(hint, w):
    return [Param("name", "string", w["f_hero"], None, nullable=True, max_length=40,
                  help=w["f_hero_help"])] + _skill_fields(False, hint, w)


def _passive(w):
    return Param("passive", "choice", w["f_passive"], None, nullable=True,
                 choices=[("a", w["f_a_passive"]), ("b", w["f_b_passive"])], help=w["f_passive_help"])


def _target_params(count_name, count_label, count_default, count_max, w):
    return [
        Int(count_name, count_label, count_default, min=1, max=count_max),
        Int("target", w["f_target"], 10, min=1, max=50, help=w["f_target_help"]),
        _partial_param(6, w["f_partial_help"], w),
    ]


def _partial_param(default, help, w):
    return Param("partial", "int", w["f_partial"], default, min=1, max=50, nullable=True, help=help)


def _modifiers(w):
    """A modifier per check of a cumulative check (reading "Modifiers that
    change between checks": tools lost or gained), on top of the
    accumulated penalty."""
    return Param("modifiers", "list", w["f_modifiers"], None, nullable=True,
                 item=Int("modifier", w["f_check_modifier"], min=-30, max=30, initial=0),
                 min_items=0, max_items=50, help=w["f_modifiers_help"])


def _reroll_param(max_dice, w):
    """`reroll` {rule, dice} (api.md "fate points and aptitude"), set by a
    card's follow-up, not typed into the form."""
    rules = [(rule, w["reroll_rules"][rule]) for rule, _ in REROLL_RULES]
    return Param("reroll", "object", w["f_reroll"], None, nullable=True, form=False, fields=[
        Param("rule", "choice", w["f_rule"], choices=rules),
        Param("dice", "list", w["f_dice_rerolled"], None, nullable=True,
              item=Int("position", w["f_die"], min=1, max=max_dice), min_items=1, max_items=max_dice),
    ], help=w["f_reroll_help"])


def _throw_param(max_dice, w):
    """`first_throw`: the first throw as it fell, when a follow-up keeps it (a
    reroll, +1 QL); then only new dice come from `dice`, `seed` or the
    secure source."""
    return Param("first_throw", "list", w["f_first_throw"], None, nullable=True, form=False, stored=False,
                 item=Int("face", w["f_die"], min=1, max=20), min_items=1, max_items=max_dice,
                 help=w["f_first_throw_help"])


def _order(w):
    return Param("order", "list", w["f_order"], None, nullable=True,
                 item=Int("skill", w["f_order_item"], min=1, max=6, initial=1),
                 min_items=0, max_items=50, help=w["f_order_help"])


def checks(hint, w=EN):
    """{check id: {label, description, params}}; `hint`: the core skill
    list a skill's name offers (skills.hint); `w`: the words."""
    multi_skill = Obj("skill", _skill_fields(False, hint, w) + [
        Int("target", w["f_target"], 10, min=1, max=50, help=w["f_skill_target_help"])], w["f_skill_obj"])
    member = party(Obj("member", _member_fields(hint, w), w["f_hero"]), "member", name_field="name")
    label, text = w["check_labels"], w["check_descriptions"]
    return {
        "attribute": dict(
            label=label["attribute"], description=text["attribute"],
            params=[
                Int("value", w["f_value"], 12, min=0, max=40),
                Int("modifier", w["modifier"], 0, min=-30, max=30, help=w["f_value_modifier_help"]),
                Param("name", "choice", w["f_which_value"], None, nullable=True,
                      choices=_choices(_VALUES, w), help=w["f_which_value_help"]),
                _reroll_param(1, w),
                _throw_param(2, w),
            ],
        ),
        "skill": dict(
            label=label["skill"], description=text["skill"],
            params=_skill_fields(True, hint, w) + [
                Bool("aptitude", w["f_aptitude"], help=w["f_aptitude_help"]),
                _reroll_param(3, w),
                _throw_param(3, w),
                Param("fate_point_ql", "bool", w["f_fate_point_ql"], False, form=False,
                      help=w["f_fate_point_ql_help"]),
            ],
        ),
        "competitive": dict(
            label=label["competitive"], description=text["competitive"],
            params=[party(Obj("a", _skill_fields(False, hint, w), w["side_a"])),
                    party(Obj("b", _skill_fields(False, hint, w), w["side_b"])), _passive(w)],
        ),
        "cumulative": dict(
            label=label["cumulative"], description=text["cumulative"],
            params=_skill_fields(False, hint, w)
            + _target_params("max_checks", w["f_max_checks"], 10, 50, w) + [_modifiers(w)],
        ),
        "cumulative_skills": dict(
            label=label["cumulative_skills"], description=text["cumulative_skills"],
            params=[List("skills", multi_skill, w["f_skills"], min_items=1, max_items=6),
                    Int("max_checks", w["f_max_checks"], 10, min=1, max=50),
                    _partial_param(None, w["f_skills_partial_help"], w),
                    _modifiers(w), _order(w)],
        ),
        "group": dict(
            label=label["group"], description=text["group"],
            params=[List("members", member, w["f_heroes"], min_items=1, max_items=6)]
            + _target_params("max_rounds", w["f_max_rounds"], 5, 30, w),
        ),
        "group_competitive": dict(
            label=label["group_competitive"], description=text["group_competitive"],
            params=[List("a", member, w["f_group_a"], min_items=1, max_items=6),
                    List("b", member, w["f_group_b"], min_items=1, max_items=6), _passive(w)],
        ),
    }
