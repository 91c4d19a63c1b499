"""Coup benchmark cases for ``intrigue bench`` (see :mod:`intrigue.engine.bench`).

* ``coup.random_playout`` (2, 4, 6 players), ``coup.clone``, ``coup.encode``, ``coup.decode``: the
  kernel;
* ``coup.ismcts`` (2, 4, 6 players): iterations per second of one search from the opening, 10,000
  iterations per decision, uniform determinization (the search loop alone: no belief model);
* ``coup.ismcts_belief``: the same with inference on: every determinization is a step of the belief
  chain (a Gibbs sweep of weighted re-deals) instead of a uniform shuffle -- the cost does not depend
  on the table's values;
* ``coup.ismcts_model``: the same with the opponent model in the tree (``opponents=model``: the
  opponents' decisions sampled from the heuristic policy in C) and uniform determinization.
"""
from __future__ import annotations

import functools
from typing import Callable, List

from intrigue.engine.bench import Case
from intrigue.ext import coup_check, coup_core

ITERATIONS_PER_MOVE = 10000


def _opening(n: int):
    from intrigue.engine import new_game
    return new_game("coup", players=n, seed=n).information_state(0)


def _search_case(info, table, self_p: float = 0.0, model: bool = False) -> Callable[[int], int]:
    from intrigue.ext.ismcts import Search
    ctx = None
    if model:
        from intrigue.engine.coup.heuristic import CoupHeuristic
        ctx = CoupHeuristic.model_context(info)

    def run(count: int) -> int:
        done, seed = 0, 1
        while done < count:
            k = min(ITERATIONS_PER_MOVE, count - done)
            s = Search(info.core, info.seat, seed, c=0.7, table=table, self_p=self_p, initial_nodes=k + 2,
                       opponents="model" if model else "search", model_ctx=ctx)
            s.run(k)
            done += k
            seed += 1
        return done

    return run


def cases(quick: bool) -> List[Case]:
    from intrigue.engine import new_game
    from intrigue.ext.ismcts import belief_table_size

    out = []
    for n in (2, 4, 6):
        out.append(Case("coup.random_playout", n, functools.partial(coup_check.playouts, n, seed=n),
                        unit="playouts", min_count=1000))
    mid = new_game("coup", players=6, seed=1)
    for move in ("income", "income", "income"):
        mid.apply_action(move)
    core = mid.core
    out.append(Case("coup.clone", 6, lambda count: coup_check.clone_loop(core, count), unit="clones", min_count=100000))

    def encode(count: int) -> None:
        enc = core.encode
        for _ in range(count):
            enc()

    def decode(count: int) -> None:
        data = core.encode()
        dec = type(core).decode
        for _ in range(count):
            dec(data)

    out.append(Case("coup.encode", 6, encode, unit="encodes", min_count=1000))
    out.append(Case("coup.decode", 6, decode, unit="decodes", min_count=1000))
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
    return out
