"""The arena's match settings in one frozen dataclass (:class:`MatchConfig`): checked in one place, given
by keyword, shared by every kind of match, which adds only its own arguments by keyword."""
from __future__ import annotations

import dataclasses
import inspect

import pytest

from intrigue.cli.main import main
from intrigue.search.arena import (Arena, ArenaError, Gauntlet, Ladder, Match, MatchConfig, PairMatch,
                                   SprtMatch)
from intrigue.search.ratings import Sprt


def test_the_config_is_frozen_and_compares_by_value():
    config = MatchConfig(game="coup", ruleset="standard", players=3, seed=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.seed = 6
    assert config == MatchConfig(game="coup", ruleset="standard", players=3, seed=5)
    assert dataclasses.replace(config, workers=2).workers == 2 and config.workers == 1
    options = {"steal_amount": 3}
    given = MatchConfig(game="coup", players=2, options=options)
    options["steal_amount"] = 1                        # the caller's dict changing later changes nothing
    assert given.options == {"steal_amount": 3}


@pytest.mark.parametrize("settings, field", [
    (dict(workers=0), "workers"), (dict(workers=True), "workers"), (dict(backend="cloud"), "backend"),
    (dict(address="10.0.0.1:6379"), "address"), (dict(max_retries=-1), "max_retries"),
    (dict(players="3"), "players"),
])
def test_bad_settings_are_refused_with_the_field_named(settings, field):
    with pytest.raises(ArenaError) as err:
        MatchConfig(game="coup", **{"players": 2, **settings})
    assert err.value.field == field


def test_every_match_takes_the_config_first_and_its_own_arguments_by_keyword():
    for cls in (Arena, PairMatch, Ladder, SprtMatch, Gauntlet):
        params = list(inspect.signature(cls.__init__).parameters.values())[1:]
        assert params[0].name == "config"
        assert all(p.kind is p.KEYWORD_ONLY for p in params[1:]), cls
    assert list(inspect.signature(Match.__init__).parameters) == ["self", "config"]
    with pytest.raises(TypeError):
        Arena("coup", "standard", 2, ["random", "random"], 2)          # the old positional form
    with pytest.raises(TypeError):
        Arena(MatchConfig(game="coup", players=2), ["random", "random"], 2)


def test_every_kind_of_match_plays_from_one_config():
    config = MatchConfig(game="coup", ruleset="standard", players=2, seed=7)
    arena = Arena(config, specs=["heuristic", "random"], games=4)
    ladder = Ladder(config, specs=["heuristic", "random"], games=2)
    sprt = SprtMatch(config, specs=["heuristic", "random"], games=4, sprt=Sprt(0, 100))
    gauntlet = Gauntlet(config, bot="heuristic", games=2)
    for match in (arena, ladder, sprt, gauntlet):
        assert match.config is config and match.seed == 7 and match.players == 2 and match.backend == "local"
        assert match.run()["games"] >= 1
    # the same config and arguments: the same games
    again = Arena(config, specs=["heuristic", "random"], games=4)
    again.run()
    assert [o.key() for o in again.outcomes] == [o.key() for o in arena.outcomes]


def test_a_config_naming_a_bad_game_is_refused_when_the_match_is_made():
    with pytest.raises(Exception) as err:
        Arena(MatchConfig(game="chess", players=2), specs=["random", "random"], games=2)
    assert "chess" in str(err.value)


def test_the_cli_says_what_is_wrong_without_a_traceback(capsys):
    assert main(["arena", "--game", "coup", "--bots", "heuristic", "random", "--games", "2", "--workers", "0"]) != 0
    out = capsys.readouterr()
    assert "workers" in out.err and "Traceback" not in out.err + out.out
    assert main(["arena", "--game", "coup", "--bots", "heuristic", "random", "--games", "2", "--seed", "3", "-q"]) == 0
