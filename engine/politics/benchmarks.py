"""Politics Game benchmark cases for ``intrigue bench`` (see :mod:`intrigue.cli.bench`).

``politics.random_playout``: uniformly random games from before the deal, in C (playouts/s).
``politics.clone`` / ``politics.determinize``: the struct copy and the re-deal a search does per
iteration.  ``politics.heuristic_move``: decisions/s of the rule-based player through the Python
interface.  ``politics.ismcts``: search iterations/s from a mid-round decision, when an ``ismcts``
bot is installed (it is skipped otherwise).
"""
from __future__ import annotations

from typing import List

from intrigue.ext import politics_core


def _position(players: int, seed: int = 1):
    """A mid-round position: the first opposition decision of round 1 (6 or 8 players)."""
    from intrigue.engine import new_game
    from intrigue.ext.game_api import Rng
    s = new_game("politics", players=players, seed=seed)
    rng = Rng(seed)
    while s.decision().kind != "opposition_action":
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    return s


def cases(quick: bool) -> List["Case"]:
    from intrigue.cli.bench import Case
    from intrigue.ext.game_api import Rng
    from intrigue.search.heuristic_politics import PoliticsHeuristic

    out = []
    for n in (6, 8):
        out.append(Case("politics.random_playout", n, lambda count, n=n: politics_core.playouts(n, count, seed=n),
                        unit="playouts", min_count=20))
    mid = _position(6)
    seat = mid.current_player()
    out.append(Case("politics.clone", 6, lambda count: politics_core.clone_loop(mid.core, count), unit="clones",
                    min_count=100000))
    out.append(Case("politics.determinize", 6,
                    lambda count: politics_core.determinize_loop(mid.core, seat, count, seed=1),
                    unit="determinizations", min_count=10000))
    out.append(Case("politics.state_bytes", 6, measure=lambda: float(politics_core.PoliticsCore.state_size()),
                    unit="bytes"))

    def heuristic_moves(count: int) -> None:
        info = mid.information_state(seat)
        bot = PoliticsHeuristic(Rng(1))
        for _ in range(count):
            bot.choose(info)

    out.append(Case("politics.heuristic_move", 6, heuristic_moves, unit="decisions", min_count=100))

    try:
        from intrigue.search.bot import Limits, make_bot
        make_bot("ismcts", seed=1)
    except Exception:          # the search is not installed (or has no ismcts bot): skip
        return out
    for n in (6, 8):
        pos = _position(n)

        def search(count: int, pos=pos) -> None:
            bot = make_bot("ismcts", seed=1)
            try:
                bot.choose(pos.information_state(pos.current_player()), limits=Limits(iterations=count))
            finally:
                bot.close()

        out.append(Case("politics.ismcts", n, search, unit="iterations", min_count=1000))
    return out
