"""The online CFR search (``ismcts:algorithm=cfr``): its target path, and play that mixes as an
equilibrium does, scored exactly on Kuhn poker."""
from __future__ import annotations

import pytest

from intrigue.engine import load_game
from intrigue.ext.kuhn_core import Action, DEAL
from intrigue.search.bot import make_bot
from intrigue.search.exploit import exploit
from intrigue.search.online_cfr import SEEN_HIDDEN, SEEN_PRIVATE, SEEN_PUBLIC, target_path
from intrigue.search.tree import build_tree


@pytest.fixture(scope="module")
def kuhn():
    return build_tree(load_game("kuhn"))


def kuhn_info(moves, seat):
    state = load_game("kuhn").new_initial_state()
    for s, card in enumerate("QK"[:2] if seat == 0 else "JQ"):
        state.apply_action(f"deal {s} {card}")
    for m in moves:
        state.apply_action(m)
    return state.information_state(seat)


def test_the_target_path_pins_what_the_seat_saw_and_leaves_the_rest_open():
    start, path = target_path(kuhn_info(["bet"], 1))
    seen = [s for _, s in path]
    assert seen == [SEEN_HIDDEN, SEEN_PRIVATE, SEEN_PUBLIC]     # their deal, mine, their bet
    assert start.current_player() == -1                        # the game's start: the deal is due
    assert [a for a, _ in path][1:] == [DEAL + 1, Action.BET]   # the Queen (rank 1), the bet


def test_a_seeded_search_is_reproducible_and_mixes():
    info = kuhn_info(["bet"], 1)                              # a Queen facing a bet
    one = make_bot("ismcts:algorithm=cfr,iterations=4000", seed=3).choose(info)
    two = make_bot("ismcts:algorithm=cfr,iterations=4000", seed=3).choose(info)
    assert one.policy == two.policy and one.action == two.action
    assert set(one.policy) == set(info.legal_actions()) and sum(one.policy.values()) == pytest.approx(1.0)
    assert 0.05 < one.policy[1] < 0.95                         # it calls sometimes, not always or never


def test_a_queen_facing_a_bet_calls_about_a_third_of_the_time():
    """In every equilibrium of Kuhn poker the second player calls a bet with the Queen 1/3 of the time."""
    info = kuhn_info(["bet"], 1)
    calls = [make_bot("ismcts:algorithm=cfr,iterations=20000", seed=s).choose(info).policy[1] for s in range(4)]
    assert sum(calls) / len(calls) == pytest.approx(1 / 3, abs=0.07)


@pytest.mark.slow
def test_its_reported_policy_is_nearly_unexploitable_and_improves_with_thought(kuhn):
    scores = [exploit(kuhn.game, [f"ismcts:algorithm=cfr,iterations={n}"], samples=8, seed=0, tree=kuhn).reported.exploitability
              for n in (1000, 10000)]
    assert scores[1] <= 0.02 and scores[1] < scores[0]
    today = exploit(kuhn.game, ["ismcts:algorithm=uct,iterations=10000"], samples=2, seed=0, tree=kuhn).score.exploitability
    assert scores[1] < today / 5


@pytest.mark.slow
def test_on_leduc_the_default_search_mixes_far_better_than_uct():
    """Leduc hold'em's default search is online CFR: at 10,000 iterations its reported policy is less
    than a fifth as exploitable as information-set MCTS's behaviour."""
    tree = build_tree(load_game("leduc"))
    cfr = exploit(tree.game, ["ismcts:iterations=10000"], samples=1, seed=0, tree=tree).reported.exploitability
    uct = exploit(tree.game, ["ismcts:algorithm=uct,iterations=10000"], samples=2, seed=0, tree=tree).score.exploitability
    assert cfr < uct / 5
