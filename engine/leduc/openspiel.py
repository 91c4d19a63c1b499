"""Leduc hold'em as OpenSpiel's ``leduc_poker``: the same game with the same decision ids (0 fold,
1 call, 2 raise); OpenSpiel deals card ids, two per rank (card // 2 is the rank, 0 the Jack), where
intrigue deals ranks.  Used to cross-check exact figures against OpenSpiel and to take policies there
(:mod:`intrigue.search.openspiel`); OpenSpiel's hand ends where intrigue's showdown events begin.
"""
from __future__ import annotations

from typing import Any, Dict

from intrigue.engine.game import Game, State
from intrigue.ext.leduc_core import CARD

NAME = "leduc_poker"
SUITS = 2                       # OpenSpiel's cards of one rank


def parameters(game: Game) -> Dict[str, Any]:
    """OpenSpiel's parameters for the same game."""
    return {"players": game.num_players}


def to_intrigue(state: State, action: int) -> int:
    """intrigue's action id for OpenSpiel's ``action`` in the same position."""
    return CARD + action // SUITS if state.is_chance_node() else action
