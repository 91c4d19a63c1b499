"""The game interface and the games.

>>> from intrigue.engine import new_game
>>> state = new_game("coup", ruleset="standard", players=4, seed=1)
>>> state.decision()
Decision(player=0, kind='action')

See :mod:`intrigue.engine.game` for the interface (Game, State, InfoState, Result), and
:mod:`intrigue.engine.records` for game records.
"""
from intrigue.engine.errors import (GameOverError, IllegalActionError, IntrigueError, NotationError,
                                    NotYourTurnError, OptionError, PlayerCountError, RecordError, StateError,
                                    UnknownGameError, UnknownRulesetError)
from intrigue.engine.game import (CHANCE, TERMINAL, Decision, Event, Game, InfoState, OptionSpec, Result, State,
                                  decode_state)
from intrigue.engine.registry import game_class, game_names, load_game, new_game
from intrigue.engine.records import GameRecord

__all__ = [
    "CHANCE", "TERMINAL", "Decision", "Event", "Game", "GameRecord", "InfoState", "OptionSpec", "Result",
    "State", "decode_state", "game_class", "game_names", "load_game", "new_game",
    "IntrigueError", "GameOverError", "IllegalActionError", "NotationError", "NotYourTurnError", "OptionError",
    "PlayerCountError", "RecordError", "StateError", "UnknownGameError", "UnknownRulesetError",
]
