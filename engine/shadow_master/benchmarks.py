"""Shadow Master benchmark cases for ``intrigue bench`` (see :mod:`intrigue.engine.bench`).

``shadow_master.random_playout``: uniformly random games from before the deal, in C (playouts/s);
``shadow_master.random_decisions``: the same games counted in decisions/s.  ``shadow_master.clone``:
the struct copy a search makes per iteration.  ``shadow_master.heuristic_move``: decisions/s of the
rule-based player through the Python interface.  ``shadow_master.ismcts``: iterations/s of a whole
``ismcts`` decision from a round-3 position (skipped when no ismcts bot is installed).
"""
from __future__ import annotations

import functools
from typing import List

from intrigue.engine.bench import Case
from intrigue.ext import shadow_master_check, shadow_master_core


def _position(players: int, seed: int = 1, rounds: int = 3):
    """A position of round ``rounds`` reached by random play, at a Phase 1 decision."""
    from intrigue.engine import new_game
    from intrigue.ext.game_api import Rng
    s = new_game("shadow_master", players=players, seed=seed)
    rng = Rng(seed)
    while not (s.core.round >= rounds and s.decision().kind == "phase1"):
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    return s


def cases(quick: bool) -> List[Case]:
    from intrigue.ext.game_api import Rng

    out = []
    for n in (3, 4, 6):
        out.append(Case("shadow_master.random_playout", n,
                        functools.partial(shadow_master_check.playouts, n, seed=n),
                        unit="playouts", min_count=20))
    for n in (3, 4, 6):
        def decisions(n: int = n) -> float:
            import time
            t0 = time.perf_counter()
            _, d = shadow_master_check.playouts(n, 200, seed=n)
            return d / (time.perf_counter() - t0)
        out.append(Case("shadow_master.random_decisions", n, measure=decisions, unit="decisions/s"))
    mid = _position(4)
    out.append(Case("shadow_master.state_bytes", 4,
                    measure=lambda: float(shadow_master_core.ShadowMasterCore.state_size()), unit="bytes"))

    def clones(count: int) -> None:
        c = mid.core
        for _ in range(count):
            c.clone()

    out.append(Case("shadow_master.clone", 4, clones, unit="clones", min_count=10000))

    def heuristic_moves(count: int) -> None:
        from intrigue.engine.shadow_master.heuristic import ShadowMasterHeuristic
        info = mid.information_state(mid.current_player())
        bot = ShadowMasterHeuristic(Rng(1))
        for _ in range(count):
            bot.choose(info)

    out.append(Case("shadow_master.heuristic_move", 4, heuristic_moves, unit="decisions", min_count=20))
    for n in (3, 4, 6):
        out.append(Case("shadow_master.ismcts", n, bot="ismcts", position=functools.partial(_position, n),
                        unit="iterations", min_count=100))
    return out
