"""Politics Game benchmarks (pytest-benchmark): ``pytest bench/`` (not part of the test run).

The same cases as ``intrigue bench --only politics``: random and policy playouts for 6 and 8
players, the struct copy and the re-deal of one search iteration, and whole ``ismcts`` decisions
from a mid-round position (iterations per round in ``extra_info``).
"""
import pytest

from intrigue.engine.politics.benchmarks import _position
from intrigue.ext import politics_check
from intrigue.search.bot import Limits, make_bot

BATCH = 200
ITERATIONS = 5_000
# one group per file: the tables of `pytest bench/` and its --benchmark-json keep Coup's cases apart from
# Politics' ones of the same name (test_clone, test_random_playout[6])
pytestmark = pytest.mark.benchmark(group="politics")


@pytest.mark.parametrize("players", [6, 8])
def test_random_playout(benchmark, players):
    steps = benchmark(politics_check.playouts, players, BATCH, players)
    assert steps > BATCH * 100
    benchmark.extra_info["playouts_per_round"] = BATCH


@pytest.mark.parametrize("players", [6, 8])
def test_policy_playout(benchmark, players):
    assert benchmark(politics_check.policy_playouts, players, BATCH, players) > BATCH * 100
    benchmark.extra_info["playouts_per_round"] = BATCH


def test_clone(benchmark):
    core = _position(6).core
    benchmark(politics_check.clone_loop, core, 100_000)
    benchmark.extra_info["clones_per_round"] = 100_000


def test_determinize(benchmark):
    pos = _position(6)
    benchmark(politics_check.determinize_loop, pos.core, pos.current_player(), 10_000, 1)
    benchmark.extra_info["determinizations_per_round"] = 10_000


@pytest.mark.parametrize("players", [6, 8])
@pytest.mark.parametrize("spec", ["ismcts:playout=random,opponents=search", "ismcts:playout=policy,opponents=search",
                                  "ismcts:playout=policy,opponents=model"])
def test_ismcts_decision(benchmark, players, spec):
    pos = _position(players)
    info = pos.information_state(pos.current_player())

    def decide():
        bot = make_bot(spec, seed=1)
        try:
            return bot.choose(info, limits=Limits(iterations=ITERATIONS))
        finally:
            bot.close()

    out = benchmark.pedantic(decide, rounds=3, iterations=1)
    assert out.action in info.legal_actions() and out.iterations == ITERATIONS
    benchmark.extra_info["iterations_per_round"] = ITERATIONS
