"""A seat's view of a Shadow Master game played with purpose (the kernel's rule-of-thumb player,
which takes Military, attacks and buys) replays into the engine's own information state.

Random play rarely takes Military with a colour whose use depends on a hidden hand, so the generic
conformance test (random games) did not see that ``make_consistent`` ignored the condition of
Military (a use of that colour in hand); a view with such a decision failed to replay."""
import random

import pytest

from intrigue.engine import load_game
from intrigue.ext.shadow_master_core import policy_choice


def purposeful_game(players: int, seed: int):
    game = load_game("shadow_master", None, players)
    state = game.new_state(seed)
    rnd = random.Random(seed)
    yield state
    while not state.is_terminal():
        if rnd.random() < 0.9:
            state.apply_action(policy_choice(state.core, rnd.getrandbits(32)))
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_seats_view_replays_into_its_information_state(players):
    military_by_others = 0
    for seed in range(4):
        for k, state in enumerate(purposeful_game(players, seed)):
            if k % 97 and not state.is_terminal():
                continue
            for seat in range(players):
                rebuilt = state.game.info_state_from_view(seat, state.view(seat))
                assert rebuilt == state.information_state(seat), (seed, k, seat)
        military_by_others += sum(1 for ev in state.history if ev.seat >= 0 and ev.text.startswith("military"))
    assert military_by_others > 0          # the games do exercise the decision that used to fail
