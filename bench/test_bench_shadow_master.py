"""Shadow Master benchmarks (pytest-benchmark): ``pytest bench/`` (not part of the test run).

The same cases as ``intrigue bench --only shadow_master``: random and policy playouts in C for 3, 4
and 6 players, the struct copy a search makes per iteration, the rule-based player's decisions
through the Python interface, and whole ``ismcts`` decisions from a round-3 position (iterations per
round in ``extra_info``).
"""
import pytest

from intrigue.engine.shadow_master.benchmarks import _position
from intrigue.ext import shadow_master_core
from intrigue.ext.game_api import Rng
from intrigue.search.bot import Limits, make_bot

BATCH = 50
ITERATIONS = 2_000
# one group per file: the tables of `pytest bench/` and its --benchmark-json keep each game's cases
# apart from the others' of the same name (test_clone, test_random_playout[6])
pytestmark = pytest.mark.benchmark(group="shadow_master")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_random_playout(benchmark, players):
    rounds, decisions = benchmark(shadow_master_core.playouts, players, BATCH, players)
    assert rounds >= BATCH * 5 and decisions > rounds          # (totals over the batch)
    benchmark.extra_info["playouts_per_round"] = BATCH


@pytest.mark.parametrize("players", [3, 4, 6])
def test_policy_playout(benchmark, players):
    assert benchmark(shadow_master_core.policy_playouts, players, BATCH, players) >= BATCH * 5   # rounds
    benchmark.extra_info["playouts_per_round"] = BATCH


def test_clone(benchmark):
    core = _position(4).core

    def clones():
        for _ in range(10_000):
            core.clone()

    benchmark(clones)
    benchmark.extra_info["clones_per_round"] = 10_000


def test_heuristic_move(benchmark):
    from intrigue.engine.shadow_master.heuristic import ShadowMasterHeuristic
    pos = _position(4)
    info = pos.information_state(pos.current_player())
    player = ShadowMasterHeuristic(Rng(1))
    move = benchmark(player.choose, info)
    assert move is not None


@pytest.mark.parametrize("players", [3, 4, 6])
def test_ismcts_decision(benchmark, players):
    pos = _position(players)
    info = pos.information_state(pos.current_player())

    def decide():
        bot = make_bot("ismcts", seed=1)
        try:
            return bot.choose(info, limits=Limits(iterations=ITERATIONS))
        finally:
            bot.close()

    out = benchmark.pedantic(decide, rounds=3, iterations=1)
    assert out.action in info.legal_actions() and out.iterations == ITERATIONS
    benchmark.extra_info["iterations_per_round"] = ITERATIONS
