"""Coup's heuristic is written once, in C (ext/coup_policy.pxi); engine/coup/heuristic.py is its face.
Cross-checked against a plain Python reference of the same rules (tests/support/coup_heuristic_reference.py,
the policy as it was written in Python): the same probabilities at thousands of positions, in every
style; the same seeded games; the belief's per-hand likelihoods agree with the policy."""
import random

import pytest

from support.coup_heuristic_reference import ReferenceHeuristic
from intrigue.engine import new_game
from intrigue.engine.coup.heuristic import STYLES, CoupHeuristic, model_context
from intrigue.ext.coup_core import ModelType, Phase, policy_likelihoods
from intrigue.ext.game_api import Rng


def _decisions(players, games, seed, ruleset="standard"):
    """(state, info) at every decision of seeded games played mostly by the heuristic, partly at random."""
    for g in range(games):
        state = new_game("coup", ruleset=ruleset, players=players, seed=seed + g)
        rnd = random.Random(seed + g)
        policy = ReferenceHeuristic(Rng(seed + g))
        while not state.is_terminal():
            seat = state.current_player()
            info = state.information_state(seat)
            yield state, info
            state.apply_action(policy.choose(info) if rnd.random() < 0.7 else rnd.choice(info.legal_actions()))


def _assert_same(got, want):
    assert set(got) == set(want), (got, want)
    for a, p in want.items():
        assert got[a] == pytest.approx(p, abs=1e-12)


@pytest.mark.parametrize("players,ruleset", [(2, "standard"), (3, "standard"), (4, "standard"), (6, "standard"),
                                             (2, "mini"), (2, "mini-a")])
@pytest.mark.slow
def test_the_face_gives_the_reference_probabilities_in_every_style(players, ruleset):
    faces = {style: CoupHeuristic(Rng(0), style) for style in STYLES}
    refs = {style: ReferenceHeuristic(Rng(0), style) for style in STYLES}
    checked = 0
    games = {2: 80, 3: 50, 4: 40, 6: 30}[players] if ruleset == "standard" else 300
    for _, info in _decisions(players, games, 11 * players, ruleset):
        if len(info.legal_actions()) < 2:
            continue
        for style in STYLES:
            _assert_same(faces[style].action_probs(info), refs[style].action_probs(info))
        checked += 1
    assert checked > 1000


@pytest.mark.parametrize("players", [2, 4])
def test_seeded_games_of_the_face_are_the_references_games(players):
    # every seat a heuristic drawing from its own seeded generator: the same actions, move for move
    for seed in range(30):
        records = []
        for make in (CoupHeuristic, ReferenceHeuristic):
            state = new_game("coup", players=players, seed=seed)
            bots = [make(Rng(1000 * seed + p)) for p in range(players)]
            moves = []
            while not state.is_terminal():
                seat = state.current_player()
                a = bots[seat].choose(state.information_state(seat))
                moves.append(a)
                state.apply_action(a)
            records.append(moves)
        assert records[0] == records[1], seed


@pytest.mark.slow
def test_the_beliefs_likelihood_of_the_hand_held_is_the_policys():
    # policy_likelihoods reads a decision under every hand at once; at the hand the seat really holds
    # it is the reference policy's probability of the decision
    types = [ModelType.HEURISTIC, ModelType.TRUTHFUL, ModelType.BLUFFER,
             ModelType.CHALLENGER, ModelType.PASSIVE]
    refs = [ReferenceHeuristic(Rng(0), s) for s in ("default", "truthful", "bluffer", "challenger", "passive")]
    checked = 0
    for state, info in _decisions(3, 25, 5):
        seat, legal = info.seat, info.legal_actions()
        hand = sorted(state.core.face_down(seat))
        if len(legal) < 2 or not hand or state.core.phase == Phase.EXCHANGE:
            continue
        h = hand[0] if len(hand) == 1 else 5 + _pair_index(*hand)
        for a in legal:
            rows = policy_likelihoods(state.core, seat, model_context(info), a, types, 0.0)
            for row, ref in zip(rows, refs):
                assert row[h] == pytest.approx(ref.action_probs(info).get(a, 0.0), abs=1e-12)
        checked += 1
    assert checked > 300


def _pair_index(a, b):
    from intrigue.ext.coup_core import pair_index
    return pair_index(a, b)


def test_a_style_is_refused_by_name():
    with pytest.raises(ValueError, match="no style 'sneaky'"):
        CoupHeuristic(Rng(0), "sneaky")
