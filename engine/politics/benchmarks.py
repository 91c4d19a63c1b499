"""Politics Game benchmark cases for ``intrigue bench`` (see :mod:`intrigue.engine.bench`).

``politics.random_playout``: uniformly random games from before the deal, in C (playouts/s).
``politics.policy_playout``: the same with the search's rollout policy at every decision.
``politics.clone`` / ``politics.determinize``: the struct copy and the re-deal a search does per
iteration.  ``politics.heuristic_move``: decisions/s of the rule-based player through the Python
interface.  ``politics.belief_replay``: the belief model reading a whole game's history for the first
time (what an advisor joining at the lie-catch pays once; a bot then continues incrementally).
``politics.ismcts`` / ``politics.ismcts_policy`` / ``politics.ismcts_model``: iterations/s of a whole
``ismcts`` decision (belief table, search, reported belief) from a mid-round position, with random
playouts / policy playouts / policy playouts and the opponent model in the tree
(``opponents=model``), when an ``ismcts`` bot is installed (skipped otherwise).
"""
from __future__ import annotations

import functools
from typing import List

from intrigue.engine.bench import Case
from intrigue.ext import politics_check, politics_core


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


def _late_position(players: int, seed: int = 5):
    """The first lie-catch vote of a game between heuristic players."""
    from intrigue.engine import new_game
    from intrigue.ext.game_api import Rng
    from intrigue.engine.politics.heuristic import PoliticsHeuristic
    s = new_game("politics", players=players, seed=seed)
    bots = [PoliticsHeuristic(Rng(seed * 31 + p)) for p in range(players)]
    while s.decision().kind != "vote":
        p = s.current_player()
        s.apply_action(bots[p].choose(s.information_state(p)))
    return s


def cases(quick: bool) -> List[Case]:
    from intrigue.ext.game_api import Rng
    from intrigue.engine.politics.heuristic import PoliticsHeuristic

    out = []
    for n in (6, 8):
        out.append(Case("politics.random_playout", n, functools.partial(politics_check.playouts, n, seed=n),
                        unit="playouts", min_count=20))
    for n in (6, 8):
        out.append(Case("politics.policy_playout", n,
                        functools.partial(politics_check.policy_playouts, n, seed=n),
                        unit="playouts", min_count=20))
    mid = _position(6)
    seat = mid.current_player()
    out.append(Case("politics.clone", 6, lambda count: politics_check.clone_loop(mid.core, count), unit="clones",
                    min_count=100000))
    out.append(Case("politics.determinize", 6,
                    lambda count: politics_check.determinize_loop(mid.core, seat, count, seed=1),
                    unit="determinizations", min_count=10000))
    out.append(Case("politics.state_bytes", 6, measure=lambda: float(politics_core.PoliticsCore.state_size()),
                    unit="bytes"))

    def heuristic_moves(count: int) -> None:
        info = mid.information_state(seat)
        bot = PoliticsHeuristic(Rng(1))
        for _ in range(count):
            bot.choose(info)

    out.append(Case("politics.heuristic_move", 6, heuristic_moves, unit="decisions", min_count=100))

    late = _late_position(8)
    late_info = late.information_state(0)

    def belief_replays(count: int) -> None:
        from intrigue.engine.politics.belief import PoliticsBelief
        for _ in range(count):
            PoliticsBelief(late.game).table(late_info)

    out.append(Case("politics.belief_replay", 8, belief_replays, unit="replays", min_count=1))

    for name, spec in (("politics.ismcts", "ismcts:playout=random,opponents=search"),
                       ("politics.ismcts_policy", "ismcts:playout=policy,opponents=search"),
                       ("politics.ismcts_model", "ismcts:playout=policy,opponents=model")):
        for n in (6, 8):
            out.append(Case(name, n, unit="iterations", min_count=1000, bot=spec,
                            position=functools.partial(_position, n)))
    return out
