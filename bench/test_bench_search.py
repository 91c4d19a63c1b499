"""pytest-benchmark cases for the search (not part of the default test run).

    pytest bench/test_bench_search.py --benchmark-only

Each case is one 10,000-iteration search from the opening, as ``intrigue bench`` measures it; the
iterations per second are ``10000 / mean``.  Targets (one core): ``coup.ismcts`` at 4 players
>= 500,000 iterations/s, 32-byte nodes (<= 48).
"""
import pytest

from intrigue.engine import new_game
from intrigue.ext.ismcts import Search, belief_table_size, node_size
from intrigue.search.bot import make_bot

ITERATIONS = 10000
# one group per file: the tables of `pytest bench/` and its --benchmark-json keep Coup's cases apart from
# Politics' ones of the same name (test_clone, test_random_playout[6])
pytestmark = pytest.mark.benchmark(group="coup.ismcts")


def _info(n):
    return new_game("coup", players=n, seed=n).information_state(0)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_ismcts_uniform(benchmark, players):
    info = _info(players)

    def search():
        s = Search(info.core, 0, 1, c=0.7, initial_nodes=ITERATIONS + 2)
        s.run(ITERATIONS)
        return s

    s = benchmark(search)
    assert s.iterations == ITERATIONS
    if benchmark.stats:                      # None with --benchmark-disable
        benchmark.extra_info["iterations_per_s"] = ITERATIONS / benchmark.stats.stats.mean


@pytest.mark.parametrize("players", [2, 4, 6])
def test_ismcts_belief(benchmark, players):
    info = _info(players)
    table = [1.0] * belief_table_size(info.core)

    def search():
        s = Search(info.core, 0, 1, c=0.7, table=table, initial_nodes=ITERATIONS + 2)
        s.run(ITERATIONS)
        return s

    s = benchmark(search)
    assert s.iterations == ITERATIONS
    if benchmark.stats:                      # None with --benchmark-disable
        benchmark.extra_info["iterations_per_s"] = ITERATIONS / benchmark.stats.stats.mean


@pytest.mark.parametrize("players", [2, 4, 6])
def test_ismcts_multi_observer(benchmark, players):
    """Multi-observer statistics (observer="multi"), belief chain and self-determinization as the bot runs them."""
    info = _info(players)
    table = [1.0] * belief_table_size(info.core)

    def search():
        s = Search(info.core, 0, 1, table=table, self_p=0.5, observer="multi", opp_worlds="public", c=2.0,
                   initial_nodes=4 * ITERATIONS)
        s.run(ITERATIONS)
        return s

    s = benchmark(search)
    assert s.iterations == ITERATIONS
    if benchmark.stats:                      # None with --benchmark-disable
        benchmark.extra_info["iterations_per_s"] = ITERATIONS / benchmark.stats.stats.mean


def test_bot_decision_mid_game(benchmark):
    """A whole bot decision (belief table, search, marginals) 4 players, 10,000 iterations."""
    state = new_game("coup", players=4, seed=21)
    for move in ["tax", "pass", "pass", "pass", "steal 0", "pass", "pass", "pass", "pass"]:
        state.apply_action(move)
    info = state.information_state(state.current_player())
    bot = make_bot(f"ismcts:iterations={ITERATIONS}", seed=1)
    an = benchmark(bot.choose, info)
    assert an.iterations == ITERATIONS


def test_node_size():
    assert node_size() <= 48
