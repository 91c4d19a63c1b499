"""A bridge to OpenSpiel, the field's reference implementation: intrigue's policies of a game that
OpenSpiel also has (Kuhn poker, Leduc hold'em) as OpenSpiel ``TabularPolicy`` objects, so that exact
figures can be cross-checked and policies taken to OpenSpiel's other tools.

Needs the ``open_spiel`` package (``pip install 'intrigue[openspiel]'``).  A game takes part by
naming an ``openspiel`` plug-in: a module with ``NAME`` (OpenSpiel's game name), ``parameters(game)``
and ``to_intrigue(state, action)`` (intrigue's action id for OpenSpiel's, in the same position).
The two trees are walked in lockstep; each OpenSpiel information set is matched with intrigue's
information set of the same seat in the same position (OpenSpiel may tell apart what intrigue does
not, such as the suits of Leduc's cards: several of its sets then share one of intrigue's).
"""
from __future__ import annotations

from typing import Any, Dict, Tuple

from intrigue.engine.errors import IntrigueError
from intrigue.engine.game import Game, State
from intrigue.search.policy import TabularPolicy
from intrigue.search.tree import GameTree, key_of

#: OpenSpiel's information-set string -> (intrigue's information set, {OpenSpiel action: intrigue action})
InfoSetMap = Dict[str, Tuple[int, Dict[int, int]]]


def plugin(game: Game) -> Any:
    """The game's ``openspiel`` plug-in; an error naming the game if it has none."""
    mapping = type(game).plugin("openspiel")
    if mapping is None:
        raise IntrigueError(f"{game.title} has no counterpart in OpenSpiel", field="game")
    return mapping


def openspiel_game(game: Game) -> Any:
    """OpenSpiel's ``pyspiel.Game`` for ``game``."""
    import pyspiel
    mapping = plugin(game)
    return pyspiel.load_game(mapping.NAME, mapping.parameters(game))


def infoset_map(tree: GameTree, os_game: Any = None) -> InfoSetMap:
    """Match every OpenSpiel information set of ``tree``'s game with intrigue's (see the module)."""
    game = tree.game
    mapping = plugin(game)
    os_game = os_game if os_game is not None else openspiel_game(game)
    index = tree.index()
    out: InfoSetMap = {}

    def walk(os_state: Any, state: State) -> None:
        if os_state.is_terminal():
            return
        if os_state.is_chance_node():
            actions = [a for a, _ in os_state.chance_outcomes()]
        else:
            seat = os_state.current_player()
            actions = os_state.legal_actions()
            key = os_state.information_state_string(seat)
            if key not in out:
                ours = index[key_of(state.information_state(seat))]
                out[key] = (ours, {a: mapping.to_intrigue(state, a) for a in actions})
        for a in actions:
            nxt_os = os_state.child(a)
            nxt = state.clone()
            nxt.apply_action(mapping.to_intrigue(state, a))
            walk(nxt_os, nxt)

    walk(os_game.new_initial_state(), game.new_initial_state())
    return out


def to_openspiel(policy: TabularPolicy) -> Any:
    """``policy`` as an OpenSpiel ``open_spiel.python.policy.TabularPolicy`` of the same game."""
    from open_spiel.python import policy as os_policy
    os_game = openspiel_game(policy.tree.game)
    table = os_policy.TabularPolicy(os_game)
    matched = infoset_map(policy.tree, os_game)
    for key, row in table.state_lookup.items():
        ours, actions = matched[key]
        probs = policy.at(ours)
        table.action_probability_array[row][:] = 0.0
        for os_action, action in actions.items():
            table.action_probability_array[row][os_action] = probs[action]
    return table
