"""[ax] ("Aim Ten"): keep-two d10 checks, wired.

Rules: seed 003 ("Rolling a Check"); readings in shared/spec/rules.md.
pool.py rolls and weighs the dice (top two of the attribute's d10), flat.py,
group.py and contest.py are the checks, gm_table.py the GM's table against
the book's (tables.py), sheet.py the character sheet; the cards (cards.py,
cards_contest.py, cards_table.py) write every word.
"""

from ...checks import Check, System
from ...params import Int, List, Obj, Param, party
from . import cards, cards_contest, cards_table
from .contest import MAX_ROUNDS, MAX_SIDES, contest_rules, odds_contest, resolve_contest
from .flat import odds_flat, resolve_flat
from .gm_table import odds_table, resolve_table, table_rules
from .group import MAX_MEMBERS, group_rules, odds_group, resolve_group
from .pool import MAX_ATTRIBUTE, MAX_BONUS, MAX_DIFFICULTY, MIN_DIFFICULTY
from .sheet import SHEET, fill_options
from .tables import BOOK_SKIP

FLAT_OUTCOMES = [("success", "Success"), ("failure", "Failure")]
CONTEST_OUTCOMES = [(f"side_{i}", f"Side {i} wins") for i in range(1, MAX_SIDES + 1)]
CONTEST_OUTCOMES.append(("unresolved", f"Still tied after {MAX_ROUNDS} rounds"))



def _attribute(name="attribute", label="Attribute (number of d10)", default=3, min_=0):
    return Int(name, label, default=default, min=min_, max=MAX_ATTRIBUTE,
               help="Roll this many d10 and keep the top two", initial=3)


def _difficulty(default=12):
    return Int("difficulty", "Difficulty", default=default, min=MIN_DIFFICULTY,
               max=MAX_DIFFICULTY, help="Usually 10 to 20; lower for tier 0 characters",
               initial=12)


SYSTEM = System(
    id="ax",
    name="[ax]",
    short_name="[ax]",
    description="Roll as many d10 as the attribute, keep the top two and add them.",
    sheet=SHEET,
    fill=fill_options,
    fill_labels=cards.fill_labels,
    extra={
        "attribute_examples": ["Physique", "Size", "Passion", "Genius"],
        "difficulty_presets": [10, 12, 14, 16, 18, 20],
        "skip_rule": "Skip the check when the chance of failure is under 1%.",
        "book_skip_table": [{"dice": n, "below": d} for n, d in sorted(BOOK_SKIP.items())],
    },
    checks=[
        Check(
            id="flat",
            label="Flat check",
            description="Attribute-many d10, top two kept, plus bonuses: success at or "
                        "above the difficulty.",
            params=[
                _attribute(),
                _difficulty(),
                Int("bonus", "Bonuses and penalties", default=0, min=-MAX_BONUS, max=MAX_BONUS,
                    help="Tools, circumstances and environment"),
                Param("assistant", "int", "Assistant's attribute", default=None, min=0,
                      max=MAX_ATTRIBUTE, nullable=True,
                      help="+1 if lower than yours, +2 if equal or higher; empty: no assistant"),
            ],
            outcomes=FLAT_OUTCOMES,
            success_outcomes=("success",),
            resolve=resolve_flat,
            odds=odds_flat,
            words=cards.flat_words,
            tones=cards.FLAT_TONES,
            explain=cards.flat_card,
            odds_view=cards.flat_odds,
        ),
        Check(
            id="group",
            label="Group flat check",
            description="Everyone rolls against the difficulty (+2 per missing person, -2 per "
                        "extra up to the maximum); at least 2/3 must succeed.",
            params=[
                List("members", party(_attribute("attribute", "Participant's attribute"), "member"),
                     "Participants' attributes", default=[3, 3, 3, 3], min_items=1,
                     max_items=MAX_MEMBERS),
                _difficulty(),
                Int("required", "People required", default=4, min=1, max=MAX_MEMBERS,
                    initial=3),
                Param("maximum", "int", "Most people who can take part", default=None, min=1,
                      max=MAX_MEMBERS, nullable=True, initial=6,
                      help="Extra people lower the difficulty only up to this number; "
                           "those beyond it stand aside, the lowest attributes first"),
            ],
            outcomes=FLAT_OUTCOMES,
            success_outcomes=("success",),
            rules=group_rules,
            resolve=resolve_group,
            odds=odds_group,
            words=cards.group_words,
            tones=cards.FLAT_TONES,
            explain=cards.group_card,
            odds_view=cards.group_odds,
        ),
        Check(
            id="contest",
            label="Contest",
            description="Each side rolls; the higher total wins; ties roll all the dice again.",
            params=[
                List("sides", party(Obj("side", [
                    _attribute(),
                    Int("bonus", "Bonus", default=0, min=-MAX_BONUS, max=MAX_BONUS),
                ], "Side")), "Sides", default=[{"attribute": 3, "bonus": 0},
                                              {"attribute": 3, "bonus": 0}],
                     min_items=2, max_items=MAX_SIDES,
                     help="Side 1 is you; a contest needs two or more sides. A side with "
                          "attribute 0 rolls nothing and cannot win"),
            ],
            outcomes=CONTEST_OUTCOMES,
            success_outcomes=("side_1",),
            rules=contest_rules,
            resolve=resolve_contest,
            odds=odds_contest,
            words=cards_contest.contest_words,
            tones=cards_contest.CONTEST_TONES,
            explain=cards_contest.contest_card,
            odds_view=cards_contest.contest_odds,
        ),
        Check(
            id="table",
            label="Odds table",
            description="The GM's table: exact success chances by number of dice and "
                        "difficulty, mode and mean marked, the book's misprints flagged.",
            params=[
                Int("max_dice", "Dice up to", default=8, min=1, max=MAX_ATTRIBUTE),
                Int("min_difficulty", "Lowest difficulty", default=4, min=MIN_DIFFICULTY,
                    max=MAX_DIFFICULTY),
                Int("max_difficulty", "Highest difficulty", default=24, min=MIN_DIFFICULTY,
                    max=MAX_DIFFICULTY),
            ],
            outcomes=[("table", "Table")],
            success_outcomes=("table",),
            rules=table_rules,
            resolve=resolve_table,
            odds=odds_table,
            rolls_dice=False,
            words=cards_table.table_words,
            odds_words=cards_table.table_odds_words,
            tones=cards_table.TABLE_TONES,
            explain=cards_table.table_card,
            odds_view=cards_table.table_odds,
        ),
    ],
)
