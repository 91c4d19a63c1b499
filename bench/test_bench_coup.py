"""Coup kernel benchmarks (pytest-benchmark): ``pytest bench/`` (not part of the test run).

Targets (one core of the 2-core dev machine): >= 750,000 random 4-player playouts per second.
``intrigue bench`` reports the same figures without pytest.
"""
import pytest

from intrigue.engine import new_game
from intrigue.ext import coup_check, coup_core

BATCH = 10_000
# one group per file: the tables of `pytest bench/` and its --benchmark-json keep Coup's cases apart from
# Politics' ones of the same name (test_clone, test_random_playout[6])
pytestmark = pytest.mark.benchmark(group="coup")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_playout(benchmark, players):
    turns = benchmark(coup_check.playouts, players, BATCH, 1)
    assert turns > BATCH
    benchmark.extra_info["playouts_per_round"] = BATCH


def test_clone(benchmark):
    core = new_game("coup", players=6, seed=1).core
    benchmark(coup_check.clone_loop, core, 100_000)
    benchmark.extra_info["clones_per_round"] = 100_000


def test_python_clone(benchmark):
    core = new_game("coup", players=6, seed=1).core
    benchmark(core.clone)


def test_encode(benchmark):
    core = new_game("coup", players=6, seed=1).core
    assert len(benchmark(core.encode)) == coup_core.CoupCore.state_size() + 1


def test_decode(benchmark):
    data = new_game("coup", players=6, seed=1).encode()
    benchmark(coup_core.CoupCore.decode, data)
