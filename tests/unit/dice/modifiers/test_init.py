"""The ordered list of modifiers (tablecheck.dice.modifiers)."""

import pytest

from tablecheck.dice import notation
from tablecheck.dice.modifiers import GROUP_MODIFIERS, MODIFIERS, WRITTEN, BY_FIELD
from tablecheck.dice.notation_parse import Mods


def test_modifiers_are_in_the_fixed_order_of_notation_md():
    names = [type(m).__name__ for m in MODIFIERS]
    assert names == ["MinMax", "Exploding", "Rerolling", "Unique", "KeepDrop", "Counting",
                     "Critical", "Sort"]
    assert [m.order for m in MODIFIERS] == sorted(m.order for m in MODIFIERS)
    assert len({m.order for m in MODIFIERS}) == len(MODIFIERS)


def test_groups_take_keep_drop_counting_and_sort_only():
    assert [type(m).__name__ for m in GROUP_MODIFIERS] == ["KeepDrop", "Counting", "Sort"]


def test_every_mods_field_belongs_to_one_modifier():
    fields = set(Mods.__dataclass_fields__) - {"has_cs", "has_cf"}  # written by Critical
    assert set(BY_FIELD) == fields


def test_counting_is_written_before_explode_reroll_and_unique():
    order = [type(m).__name__ for m in WRITTEN]
    assert order.index("Counting") < order.index("Exploding") < order.index("Rerolling")
    # written back, '8d10>=8!' reads again as the same tree
    tree = notation.parse("8d10>=8!")
    assert tree.text == "8d10>=8!" and notation.parse(tree.text) == tree
    assert notation.parse("8d10!>=8").text == "8d10!>=8"  # an explosion on 8 or more


def test_a_term_runs_only_the_steps_of_its_modifiers_in_order():
    term = notation.parse("4d6cs r1 kh3").dice_terms[0]
    assert [type(m).__name__ for m in term.steps] == ["Rerolling", "KeepDrop", "Critical"]
    assert notation.parse("3d6").dice_terms[0].steps == ()


@pytest.mark.parametrize("text, classic", [
    ("4d6", True), ("4d6kh3", True), ("3d6!", True), ("4d10!!kh2", True), ("3d6cs s", True),
    ("4d6min2", False), ("3d6!>=5", False), ("3d6!p", False), ("4d6!kh3", False),
    ("4d6r1", False), ("3d6u", False), ("4d10dh1dl1", False), ("6d10>=8", False), ("4dF", False),
])
def test_each_modifier_says_whether_a_term_keeps_the_classic_estimate(text, classic):
    from tablecheck.dice.notation_work import is_classic
    assert is_classic(notation.parse(text).dice_terms[0]) is classic


def _imports(path):
    import ast
    tree = ast.parse(path.read_text())
    return {(n.module or "") for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}


def test_no_module_of_the_notation_imports_one_that_imports_it():
    """The modifiers import no notation module (the parser, roller and odds
    import them); notation_group does not import the roller that uses it."""
    from pathlib import Path
    import tablecheck.dice as dice
    root = Path(dice.__file__).parent
    for path in (root / "modifiers").glob("*.py"):
        assert not any(m.startswith("notation") or m.startswith("..notation")
                       for m in _imports(path)), path.name
    assert not any("notation_roll" in m for m in _imports(root / "notation_group.py"))


def test_the_words_of_the_steps_in_their_order():
    # a die's text: its rerolls, then its explosion, then dropped or counted
    from tablecheck.dice.modifiers import SAYING
    assert [type(m).__name__ for m in SAYING] == ["Rerolling", "Exploding", "KeepDrop", "Counting", "Sort"]


def test_the_result_asks_only_the_modifiers_that_have_words_of_each_kind():
    from tablecheck.dice.modifiers import DESCRIBE, SHOWN, SUMMARY, UNIT_WORDS
    names = [[type(m).__name__ for m in hook] for hook in (SHOWN, UNIT_WORDS, SUMMARY, DESCRIBE)]
    assert names == [["Exploding", "Sort"], ["Rerolling", "Exploding", "KeepDrop", "Counting"],
                     ["Counting"], ["Exploding", "Sort"]]


def test_the_odds_ask_their_parts_in_the_fixed_order():
    from tablecheck.dice.modifiers import GROUP_ODDS, ODDS
    assert [type(m).__name__ for m in ODDS] == ["MinMax", "Exploding", "Rerolling", "Unique",
                                                "KeepDrop", "Counting"]
    assert [type(m).__name__ for m in GROUP_ODDS] == ["KeepDrop", "Counting"]


def test_each_part_of_the_odds_sees_the_parts_before_it():
    from .enumerate import assert_exact, plan
    # min/max first: the reroll's fresh die and unique's redraws are of the clamped faces
    both = plan("3d6min3r3u")
    assert both.unit_map.fresh.weights == {4: 1, 5: 1, 6: 1}
    assert both.distinct.faces == {3: 3, 4: 1, 5: 1, 6: 1}
    assert_exact("2d4min2r2u", depth=5)
