"""Leduc hold'em benchmark cases for ``intrigue bench`` (see :mod:`intrigue.engine.bench`).

``leduc.random_playout``: uniformly random hands from before the deal, in C (hands/s);
``leduc.clone``: the struct copy a search makes per iteration; ``leduc.heuristic_move``: decisions/s of
the heuristic policy through the Python interface; ``leduc.ismcts``: iterations/s of a whole ``ismcts``
decision at the opening and in the second betting round.
"""
from __future__ import annotations

from typing import List

from intrigue.engine.bench import Case
from intrigue.ext import leduc_core


def _position(seed: int = 1, second_round: bool = False):
    """The first decision of a hand, or (``second_round``) the first one after the public card."""
    from intrigue.engine import new_game
    s = new_game("leduc", seed=seed)
    if second_round:
        s.apply_action("bet")
        s.apply_action("call")
    return s


def cases(quick: bool) -> List[Case]:
    from intrigue.ext.game_api import Rng

    out = [Case("leduc.random_playout", 2, lambda count: leduc_core.playouts(count, seed=2), unit="hands",
                min_count=10000)]
    mid = _position(second_round=True)

    def clones(count: int) -> None:
        c = mid.core
        for _ in range(count):
            c.clone()

    out.append(Case("leduc.clone", 2, clones, unit="clones", min_count=10000))

    def heuristic_moves(count: int) -> None:
        from intrigue.engine.leduc.heuristic import LeducHeuristic
        info = mid.information_state(mid.current_player())
        bot = LeducHeuristic(Rng(1))
        for _ in range(count):
            bot.choose(info)

    out.append(Case("leduc.heuristic_move", 2, heuristic_moves, unit="decisions", min_count=1000))
    out.append(Case("leduc.ismcts", 2, bot="ismcts", position=_position, unit="iterations", min_count=1000))
    out.append(Case("leduc.ismcts_round2", 2, bot="ismcts", position=lambda: _position(second_round=True),
                    unit="iterations", min_count=1000))
    return out
