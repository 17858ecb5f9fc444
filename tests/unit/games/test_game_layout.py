"""The layout checker itself (tests/game_layout.py): each rule of a game's
shape is found when broken, and a game in the shape passes."""

import textwrap

from game_layout import problems


def write(root, files):
    for name, text in files.items():
        path = root / "tablecheck" / "games" / "toy" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


GOOD = {
    "__init__.py": "from . import cards, rolls\nSYSTEM = None\n",
    "terms.py": "NAMES = {'str': 'Strength'}\n",
    "rolls.py": '''\
        """Rules: records only. This docstring may say anything at all it likes."""
        from ...errors import InvalidRequest
        from .terms import NAMES

        def roll(tray, n):
            if n < 0:
                raise InvalidRequest("n", "must be zero or more, not a negative number")
            return {"die": tray.roll(6, f"die {n} of the pool"), "name": NAMES["str"]}
        ''',
    "cards.py": '''\
        from ...display.words import signed
        from .terms import NAMES

        def card(result):
            return f"You rolled {result['die']} and that is the whole story"
        ''',
}


def test_a_game_in_the_shape_passes(tmp_path):
    write(tmp_path, GOOD)
    assert problems("toy", root=tmp_path) == []


def test_cards_importing_rules_are_found(tmp_path):
    write(tmp_path, {**GOOD, "cards.py": "from .rolls import roll\n"})
    assert problems("toy", root=tmp_path) == [
        "tablecheck.games.toy.cards (cards) imports the rules: tablecheck.games.toy.rolls"]


def test_rules_importing_words_are_found(tmp_path):
    write(tmp_path, {**GOOD, "rolls.py": "from ...display import words\nfrom . import cards\n"})
    assert problems("toy", root=tmp_path) == [
        "tablecheck.games.toy.rolls (rules) imports words: tablecheck.display",
        "tablecheck.games.toy.rolls (rules) imports words: tablecheck.games.toy.cards"]


def test_a_sentence_in_the_rules_is_found(tmp_path):
    write(tmp_path, {**GOOD, "rolls.py": 'def f(n):\n    return f"You rolled {n} and it is fine"\n'})
    assert problems("toy", root=tmp_path) == [
        "tablecheck.games.toy.rolls:2: a sentence in the rules: 'You rolled {} and it is fine'"]


def test_another_game_or_the_old_place_is_found(tmp_path):
    write(tmp_path, {**GOOD, "rolls.py": "from ..ax import rules\nfrom ...systems import dark_eye\n"})
    assert problems("toy", root=tmp_path) == [
        "tablecheck.games.toy.rolls imports another game: tablecheck.games.ax",
        "tablecheck.games.toy.rolls imports tablecheck.systems: the old place of the games"]
    assert problems("toy", allow_games=("ax",), root=tmp_path) == [
        "tablecheck.games.toy.rolls imports tablecheck.systems: the old place of the games"]
