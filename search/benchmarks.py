"""Search benchmark cases for ``intrigue bench`` (see :mod:`intrigue.cli.bench`).

* ``coup.ismcts`` (2, 4, 6 players): iterations per second of one search from the opening, 10,000
  iterations per decision, uniform determinization (the search alone: no belief model);
* ``coup.ismcts_belief``: the same with inference on: every determinization is a step of the belief
  chain (a Gibbs sweep of weighted re-deals) instead of a uniform shuffle -- the cost does not depend
  on the table's values;
* ``coup.ismcts_model``: the same with the opponent model in the tree (``opponents=model``: the
  opponents' decisions sampled from the heuristic policy in C) and uniform determinization;
* ``search.bytes_per_node``: the size of one tree node;
* ``search.workers_speedup``: iterations per second of a 2-worker search over a 1-worker search of
  the same wall time (4 players, the opening).
"""
from __future__ import annotations

import time
from typing import List

ITERATIONS_PER_MOVE = 10000


def _opening(n: int):
    from intrigue.engine import new_game
    return new_game("coup", players=n, seed=n).information_state(0)


def _search_case(info, table, self_p: float = 0.0, model: bool = False):
    from intrigue.ext.ismcts import Search
    ctx = None
    if model:
        from intrigue.search.heuristic_coup import CoupHeuristic
        ctx = CoupHeuristic.model_context(info)

    def run(count: int) -> int:
        done, seed = 0, 1
        while done < count:
            k = min(ITERATIONS_PER_MOVE, count - done)
            s = Search(info.core, info.seat, seed, table=table, self_p=self_p, initial_nodes=k + 2,
                       opponents="model" if model else "search", model_ctx=ctx)
            s.run(k)
            done += k
            seed += 1
        return done

    return run


def workers_speedup(seconds: float = 0.5, n: int = 4) -> float:
    """Iterations per second with 2 workers over 1, each a time-limited search of ``seconds``."""
    from intrigue.search.bot import Limits, make_bot
    info = _opening(n)
    one = make_bot("ismcts:belief=false", seed=1)
    two = make_bot("ismcts:belief=false,workers=2", seed=1)
    try:
        two.choose(info, limits=Limits(iterations=20000))           # processes up and warm
        a = one.choose(info, limits=Limits(time_ms=seconds * 1000))
        b = two.choose(info, limits=Limits(time_ms=seconds * 1000))
    finally:
        two.close()
    return (b.iterations / b.elapsed_ms) / (a.iterations / a.elapsed_ms)


def cases(quick: bool) -> List["Case"]:
    from intrigue.cli.bench import Case
    from intrigue.ext.ismcts import belief_table_size, node_size

    out = []
    for n in (2, 4, 6):
        out.append(Case("coup.ismcts", n, _search_case(_opening(n), None), unit="iterations",
                        min_count=ITERATIONS_PER_MOVE))
    for n in (2, 4, 6):
        info = _opening(n)
        table = [1.0] * belief_table_size(info.core)     # the opening has no evidence yet; same cost
        out.append(Case("coup.ismcts_belief", n, _search_case(info, table), unit="iterations",
                        min_count=ITERATIONS_PER_MOVE))
    for n in (2, 4, 6):
        out.append(Case("coup.ismcts_model", n, _search_case(_opening(n), None, model=True), unit="iterations",
                        min_count=ITERATIONS_PER_MOVE))
    out.append(Case("search.bytes_per_node", None, measure=lambda: float(node_size()), unit="bytes"))
    secs = 0.4 if quick else 1.0
    out.append(Case("search.workers_speedup", 4, measure=lambda: workers_speedup(secs), unit="x (2 workers / 1)"))
    return out
