"""Leduc hold'em in the exact tools (``intrigue exploit``, ``intrigue solve``): its tree, the uniform
policy's NashConv and the game's value as the field knows them, every CFR variant converging, the
heuristic scored exactly, and -- where OpenSpiel is installed -- the same NashConv for the same
policies as OpenSpiel's ``leduc_poker`` through the bridge (``engine/leduc/openspiel.py``)."""
from __future__ import annotations

import pytest

from intrigue.engine import load_game
from intrigue.search.bot import make_bot
from intrigue.search.exploit import behaviour_policy, exploit, nash_conv
from intrigue.search.policy import TabularPolicy
from intrigue.search.solve import solve
from intrigue.search.tree import build_tree

# OpenSpiel's figures for leduc_poker: the uniform policy's NashConv, and the game's value for the
# first player (the value every equilibrium solver of the field reports)
UNIFORM_NASH_CONV = 4.747222222222222
VALUE_SEAT_0 = -0.0856


@pytest.fixture(scope="module")
def tree():
    return build_tree(load_game("leduc"))


def test_the_tree_has_one_information_set_per_rank_and_betting_line(tree):
    # 288 information sets: OpenSpiel's 936 with the suits told apart, here ranks
    assert len(tree.keys) == 288 and tree.game.payoff == "scores"


def test_uniform_play_has_openspiels_nash_conv(tree):
    assert nash_conv(TabularPolicy.uniform(tree))[0] == pytest.approx(UNIFORM_NASH_CONV, abs=1e-9)


@pytest.mark.parametrize("variant, iterations, target", [("dcfr", 200, 0.01), ("cfr+", 1000, 0.001),
                                                          ("linear", 2000, 0.01), ("cfr", 2000, 0.05)])
def test_every_cfr_variant_solves_leduc_to_its_value(tree, variant, iterations, target):
    solution = solve(tree.game, iterations, variant, target=target, tree=tree)
    score = solution.last.score
    assert score.nash_conv <= target, [p.score.nash_conv for p in solution.checkpoints]
    # a profile within NashConv e of an equilibrium is worth the game's value within e
    assert score.values[0] == pytest.approx(VALUE_SEAT_0, abs=score.nash_conv + 0.0001)


def test_the_heuristic_is_scored_exactly_and_is_far_from_an_equilibrium(tree):
    heur = exploit(tree.game, ["heuristic"], tree=tree)
    policy, _, exact = behaviour_policy(tree, [make_bot("heuristic")] * 2)
    assert heur.exact and exact and heur.score.nash_conv == pytest.approx(nash_conv(policy)[0])
    assert 0.1 < heur.score.nash_conv < UNIFORM_NASH_CONV


@pytest.mark.slow
def test_nash_conv_agrees_with_openspiel(tree):
    from open_spiel.python.algorithms import exploitability
    from intrigue.search.openspiel import openspiel_game, to_openspiel
    policies = [TabularPolicy.uniform(tree), solve(tree.game, 50, tree=tree).policy,
                behaviour_policy(tree, [make_bot("heuristic")] * 2)[0]]
    for policy in policies:
        theirs = exploitability.nash_conv(openspiel_game(tree.game), to_openspiel(policy))
        assert nash_conv(policy)[0] == pytest.approx(theirs, abs=1e-9)
