"""tablecheck.games: the registry of the games (issue 26: a game module
that fails to import fails the catalog loudly, never drops a game)."""

import pytest

from tablecheck import api, games


def test_every_game_of_the_registry_is_in_the_catalog_in_its_order():
    ids = [system.id for system in games.all_systems()]
    assert ids == list(api.catalog()["systems"])
    assert len(ids) == len(games.MODULES) == 6


def test_a_misspelt_game_module_fails_the_catalog_with_its_name(monkeypatch):
    monkeypatch.setattr(games, "MODULES", games.MODULES + ["tablecheck.games.dark_eyee"])
    with pytest.raises(games.GameMissing, match="tablecheck.games.dark_eyee"):
        games.all_systems()


def test_a_game_whose_own_import_breaks_fails_the_catalog(monkeypatch, tmp_path):
    (tmp_path / "broken_game_for_test.py").write_text("from tablecheck.dice import no_such_name\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(games, "MODULES", games.MODULES + ["broken_game_for_test"])
    with pytest.raises(games.GameMissing, match="broken_game_for_test.*no_such_name"):
        games.all_systems()


def test_find_gives_the_system_with_that_id():
    for system in games.all_systems():
        assert games.find(system.id) is system
    assert games.find("dice").check("roll") is not None


def test_find_names_the_missing_id_and_the_games_there_are():
    with pytest.raises(LookupError) as err:
        games.find("dark_eyee")
    message = str(err.value)
    assert "no game has the id 'dark_eyee'" in message
    assert all(system.id in message for system in games.all_systems())


def test_find_looks_at_the_registry_when_called(monkeypatch):
    monkeypatch.setattr(games, "MODULES", [m for m in games.MODULES if not m.endswith(".ax")])
    with pytest.raises(LookupError, match="'ax'"):
        games.find("ax")
