"""The Dark Eye, 5th edition (system id `dark_eye`): attribute, skill,
competitive, cumulative and group checks, with exact odds.

Rules: seed 000_4e6dd719026d50a2.txt ("Checks" chapter); binding readings in
shared/spec/rules.md. Vocabulary: EAV (effective attribute value = value +
modifier), SR (skill rating), SP (skill points, the pool of one skill check),
QL (quality level, from the SP left).

This module wires the game: the checks' parameters and the System. The
rules, one module per family (attribute, skill, fate_points, competitive,
cumulative, cumulative_skills; throw: one skill check's 3d20; tables, sheet,
skills, optolith), return records and hold no sentences; the cards
(cards_*.py) write the words, `Check.words` the summary and steps, and never
import the rules: what they need of them (the reroll advice, the rule that
decided a contest, the SP walk of a throw, the Quality Levels chart) the
wrappers below hand in. `terms` holds the names both sides use.

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

from functools import partial

from ...checks import Check, Importer, System
from . import (cards, cards_attribute, cards_contest, cards_cumulative, cards_form, cards_optolith,
               cards_sheet, cards_skill, cards_words)
from . import optolith as dark_eye_optolith
from . import skills as dark_eye_skills
from .attribute import attribute_follow_ups, attribute_rules, odds_attribute, resolve_attribute
from .competitive import (contest, group_side_of, odds_competitive, odds_group_competitive,
                          resolve_competitive, resolve_group_competitive)
from .cumulative import (_hero_chain, cumulative_rules, group_rules, next_penalty, odds_cumulative,
                         odds_group, resolve_cumulative, resolve_group)
from .cumulative_skills import _multi_checks, odds_cumulative_skills, resolve_cumulative_skills
from .fate_points import advice_due, reads_dice, skill_follow_ups
from .sheet import fill_options
from .skill import odds_skill, resolve_skill, skill_rules
from .tables import COMBAT_DEFAULTS, QL_CHART
from .terms import (ATTRIBUTE_OUTCOMES, ATTRIBUTES, COMBAT_VALUES, CONTEST_OUTCOMES, CUMULATIVE_OUTCOMES,
                    KIND, SKILL_OUTCOMES)
from .throw import skill_dist, sp_walk

# what the sentences quote of the rules (the cards never import them)
READ = cards.RulesRead(walk=sp_walk, chart=tuple(QL_CHART), next_penalty=next_penalty)


def _import_hero(data, sheet, lang="en"):
    """An Optolith hero with its report in words, its skills by their names
    in `lang` (Importer.read)."""
    answer, w = dark_eye_optolith.import_hero(data, sheet), cards_words.words(lang)
    return {"character": cards_optolith.character(answer["character"], w),
            "report": cards_optolith.report(answer["report"], w)}


def _attribute_card(ctx, values, result):
    """The card, with the fate point the rules allow next."""
    return cards_attribute.attribute_card(ctx, values, result, attribute_follow_ups(values, result))


def _skill_card(ctx, values, result):
    """The card, with the rerolls and +1 QL the rules allow next (exact advice).
    A request that asks for the card first (`card_first`) gets it without
    them (the advice is most of a resolve's time) and `later` set: the
    whole card comes from the result's `replay`."""
    if ctx.card_first and advice_due(values, result):
        return cards_skill.skill_card(ctx, values, result, None)
    return cards_skill.skill_card(ctx, values, result, skill_follow_ups(values, result))


def _skill_words(values, result, lang="en"):
    return cards_skill.skill_words(values, result, READ, lang)


def _cumulative_words(values, result, lang="en"):
    return cards_cumulative.cumulative_words(values, result, READ, lang)


def _group_words(values, result, lang="en"):
    return cards_cumulative.group_words(values, result, READ, lang)


def _cumulative_skills_words(values, result, lang="en"):
    return cards_cumulative.cumulative_skills_words(values, result, READ, lang)


def _contest(values, result):
    """({side: (kind, QL)}, the rule that decided it) of a competitive check."""
    sides = {s: (KIND[result[s]["outcome"]], result[s]["quality_level"]) for s in ("a", "b")}
    return sides, contest(sides["a"], sides["b"], values["passive"])[2]


def _group_contest(values, result):
    """As `_contest`, each group as one contestant."""
    sides = {s: group_side_of([(KIND[r["outcome"]], r["quality_level"]) for r in result[s]])
             for s in ("a", "b")}
    return sides, contest(sides["a"], sides["b"], values["passive"])[2]


def _competitive_words(values, result, lang="en"):
    return cards_contest.competitive_words(values, result, *_contest(values, result), READ, lang)


def _competitive_card(ctx, values, result):
    return cards_contest.competitive_card(ctx, values, result, *_contest(values, result))


def _group_competitive_words(values, result, lang="en"):
    return cards_contest.group_competitive_words(values, result, *_group_contest(values, result), READ,
                                                 lang)


def _group_competitive_card(ctx, values, result):
    return cards_contest.group_competitive_card(ctx, values, result, *_group_contest(values, result))


def clear_caches():
    """Forget cached distributions (benchmarks measure cold odds)."""
    skill_dist.cache_clear()
    _hero_chain.cache_clear()


def _outcomes(outcomes, names):
    """[(id, words)] of a check's outcomes in a language (ids kept)."""
    return [(oid, names[oid]) for oid, _ in outcomes]


def _in(lang, words_of):
    """`words_of(...)` in `lang` (English: the function itself)."""
    return words_of if lang == "en" else partial(words_of, lang=lang)


def make_system(lang="en"):
    """The game in one language (api.md "Languages"): the same ids, rules
    and cards, the words of cards_words.words(lang)."""
    w = cards_words.words(lang)
    form_hint = dark_eye_skills.hint(dark_eye_skills.FORM_SETS, w["skill_list"], lang)
    sheet_hint = dark_eye_skills.hint(dark_eye_skills.SHEET_SETS, w["skill_list"], lang)
    form = cards_form.checks(form_hint, w)  # each check's label, description and parameters
    return System(
        id="dark_eye",
        locale=lang,
        **w["game"],
        extra={
            "attributes": [abbr for abbr, _ in ATTRIBUTES],
            "attribute_names": {abbr: w["value_names"][abbr] for abbr, _ in ATTRIBUTES},
            "combat_values": {abbr: w["value_names"][abbr] for abbr, _ in COMBAT_VALUES},
            "vocabulary": {
                "attributes": [{"id": abbr, "name": w["value_names"][abbr]} for abbr, _ in ATTRIBUTES],
                "combat_values": [{"id": abbr, "name": w["value_names"][abbr]} for abbr, _ in COMBAT_VALUES],
            },
            "quality_level_chart": [{"points_left": f"{lo}+" if hi is None else f"{lo}-{hi}",
                                     "quality_level": ql} for lo, hi, ql in QL_CHART],
            "skills": dark_eye_skills.catalog(lang),  # the core skill list (issue 27)
        },
        sheet=cards_sheet.make_sheet(sheet_hint, COMBAT_DEFAULTS, w),
        fill=fill_options,
        fill_labels=partial(cards_sheet.fill_labels, w=w),
        importers=[Importer("optolith", w["importer"], _in(lang, _import_hero))],
        # the rules' refusals in words, the ids they name by their names
        die_label=None if lang == "en" else partial(cards.die_label, w=w),
        refusals=dict(w["refusals"], names={"abbr": w["abbr"], "skill": cards_words.SKILL_NAMES.get(lang, {})}),
        checks=[
            Check(
                id="attribute",
                **form["attribute"],
                rules=attribute_rules,
                odds_reads_dice=reads_dice,
                outcomes=_outcomes(ATTRIBUTE_OUTCOMES, w["attribute_outcomes"]),
                success_outcomes=("critical_success", "success"),
                resolve=resolve_attribute,
                odds=odds_attribute,
                tones=cards.ATTRIBUTE_TONES,
                words=_in(lang, cards_attribute.attribute_words),
                explain=_attribute_card,
                odds_view=cards_attribute.attribute_odds,
            ),
            Check(
                id="skill",
                **form["skill"],
                rules=skill_rules,
                odds_reads_dice=reads_dice,
                outcomes=_outcomes(SKILL_OUTCOMES, w["skill_outcomes"]),
                success_outcomes=("spectacular_success", "critical_success", "success"),
                resolve=resolve_skill,
                odds=odds_skill,
                tones=cards.SKILL_TONES,
                words=_in(lang, _skill_words),
                explain=_skill_card,
                odds_view=cards_skill.skill_odds,
            ),
            Check(
                id="competitive",
                **form["competitive"],
                outcomes=_outcomes(CONTEST_OUTCOMES, w["contest_outcomes"]),
                success_outcomes=("a_wins", "b_wins"),
                resolve=resolve_competitive,
                odds=odds_competitive,
                tones=cards.CONTEST_TONES,
                words=_in(lang, _competitive_words),
                explain=_competitive_card,
                odds_view=cards_contest.competitive_odds,
            ),
            Check(
                id="cumulative",
                **form["cumulative"],
                outcomes=_outcomes(CUMULATIVE_OUTCOMES, w["cumulative_outcomes"]),
                success_outcomes=("success", "partial_success"),
                rules=cumulative_rules,
                resolve=resolve_cumulative,
                odds=odds_cumulative,
                tones=cards.CUMULATIVE_TONES,
                words=_in(lang, _cumulative_words),
                explain=cards_cumulative.cumulative_card,
                odds_view=cards_cumulative.cumulative_odds,
            ),
            Check(
                id="cumulative_skills",
                **form["cumulative_skills"],
                outcomes=_outcomes(CUMULATIVE_OUTCOMES, w["cumulative_outcomes"]),
                success_outcomes=("success", "partial_success"),
                rules=_multi_checks,
                resolve=resolve_cumulative_skills,
                odds=odds_cumulative_skills,
                tones=cards.CUMULATIVE_TONES,
                words=_in(lang, _cumulative_skills_words),
                explain=cards_cumulative.cumulative_skills_card,
                odds_view=cards_cumulative.cumulative_skills_odds,
            ),
            Check(
                id="group",
                **form["group"],
                outcomes=_outcomes(CUMULATIVE_OUTCOMES, w["cumulative_outcomes"]),
                success_outcomes=("success", "partial_success"),
                rules=group_rules,
                resolve=resolve_group,
                odds=odds_group,
                tones=cards.CUMULATIVE_TONES,
                words=_in(lang, _group_words),
                explain=cards_cumulative.group_card,
                odds_view=cards_cumulative.group_odds,
            ),
            Check(
                id="group_competitive",
                **form["group_competitive"],
                outcomes=_outcomes(CONTEST_OUTCOMES, w["contest_outcomes"]),
                success_outcomes=("a_wins", "b_wins"),
                resolve=resolve_group_competitive,
                odds=odds_group_competitive,
                tones=cards.CONTEST_TONES,
                words=_in(lang, _group_competitive_words),
                explain=_group_competitive_card,
                odds_view=cards_contest.group_competitive_odds,
            ),
        ],
    )


# the core skills' German names for the German cards (Optolith de-DE, skills.py)
cards_words.SKILL_NAMES["de"] = {s.name: s.name_de for s in dark_eye_skills.SKILLS}
SYSTEM = make_system("en")
SYSTEM.translations["de"] = make_system("de")
SHEET = SYSTEM.sheet
# the core skill list in a check's `skill` field and in the sheet's skill rows (English)
FORM_HINT = dark_eye_skills.hint(dark_eye_skills.FORM_SETS, cards.SKILL_LIST)
SHEET_HINT = dark_eye_skills.hint(dark_eye_skills.SHEET_SETS, cards.SKILL_LIST)
