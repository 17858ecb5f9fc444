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


def test_cards_importing_the_registry_of_games_are_found(tmp_path):
    # what a card needs of another game (Shadows' dice: the roller's card)
    # the wiring passes in; the rules may look a game up (games.find)
    write(tmp_path, {**GOOD, "cards.py": "from ... import games\n",
                     "rolls.py": "from ... import games\n"})
    assert problems("toy", root=tmp_path) == [
        "tablecheck.games.toy.cards (cards) imports the registry of games: tablecheck.games"]


def test_cards_importing_the_wiring_are_found(tmp_path):
    write(tmp_path, {**GOOD, "cards.py": "from tablecheck.games.toy import SYSTEM\n"})
    assert problems("toy", root=tmp_path) == [
        "tablecheck.games.toy.cards (cards) imports the game's wiring: tablecheck.games.toy"]


def test_words_written_into_a_rules_record_are_found(tmp_path):
    # a fill option's label, a summary: short, but words the cards write
    write(tmp_path, {**GOOD, "rolls.py": '''\
        def fill(name, n):
            return [{"label": f"{name} {n}d10", "values": {"n": n}}]

        def roll(n):
            return {"outcome": "x", "summary": "Done", "steps": []}
        '''})
    assert problems("toy", root=tmp_path) == [
        "tablecheck.games.toy.rolls:2: words in a rules record: key 'label'",
        "tablecheck.games.toy.rolls:5: words in a rules record: key 'steps'",
        "tablecheck.games.toy.rolls:5: words in a rules record: key 'summary'"]
    # the cards may write them
    write(tmp_path, {**GOOD, "cards.py": 'def f(o):\n    return {"label": o["name"]}\n'})
    assert problems("toy", root=tmp_path) == []


def test_a_module_too_long_is_found(tmp_path):
    write(tmp_path, {**GOOD, "cards.py": "X = 1\n" * 501})
    assert problems("toy", root=tmp_path) == [
        "tablecheck.games.toy.cards has 501 lines (more than 500): split it"]
    write(tmp_path, {**GOOD, "cards.py": "X = 1\n" * 500})
    assert problems("toy", root=tmp_path) == []


def test_wiring_without_a_system_is_found(tmp_path):
    write(tmp_path, {**GOOD, "__init__.py": "from . import cards, rolls\n"})
    assert problems("toy", root=tmp_path) == [
        "tablecheck.games.toy (wiring) defines no SYSTEM"]


def test_a_language_table_of_words_may_be_long(tmp_path):
    write(tmp_path, {**GOOD, "cards_words_de.py": "X = 1\n" * 501})
    assert problems("toy", root=tmp_path) == []
