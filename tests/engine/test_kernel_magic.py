"""Each kernel's encoded state starts with its own tag byte (the game ABI's ``magic``), so bytes of one
game are never read as another's: the tags differ across the registry, and decoding a state with the
wrong game's kernel is refused with the reason."""
from __future__ import annotations

import pytest

from intrigue.engine import game_names, new_game
from intrigue.engine.errors import StateError
from intrigue.engine.game import decode_state


def _first_states():
    return {name: new_game(name, seed=1) for name in game_names()}


def test_every_kernel_has_its_own_tag_byte():
    tags = {name: state.encode()[0] for name, state in _first_states().items()}
    assert len(tags) >= 5
    assert len(set(tags.values())) == len(tags), tags


def test_a_state_is_refused_by_another_games_kernel():
    states = _first_states()
    names = sorted(states)
    for name, other in zip(names, names[1:] + names[:1]):
        data = states[name].encode()
        assert decode_state(states[name].game, data).encode() == data          # its own kernel reads it
        with pytest.raises(StateError, match=r"not a .* state|state is \d+ bytes"):
            decode_state(states[other].game, data)
        # the same length as the other game's state, so that only the tag byte can tell them apart
        size = len(states[other].encode())
        forged = (data + bytes(size))[:size]
        with pytest.raises(StateError, match=rf"not a .* state \(tag byte {data[0]:#04x}"):
            decode_state(states[other].game, forged)
