"""Kuhn poker as OpenSpiel's ``kuhn_poker``: the same game, with the same decision ids (0 pass, 1 bet)
and its deals numbered by card (0 is the Jack).  Used to cross-check exact figures against OpenSpiel
and to take policies there (:mod:`intrigue.search.openspiel`)."""
from __future__ import annotations

from typing import Any, Dict

from intrigue.engine.game import Game, State
from intrigue.ext.kuhn_core import DEAL

NAME = "kuhn_poker"


def parameters(game: Game) -> Dict[str, Any]:
    """OpenSpiel's parameters for the same game."""
    return {"players": game.num_players}


def to_intrigue(state: State, action: int) -> int:
    """intrigue's action id for OpenSpiel's ``action`` in the same position."""
    return DEAL + action if state.is_chance_node() else action
