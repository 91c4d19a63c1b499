"""The search's benchmark cases for ``intrigue bench`` (see :mod:`intrigue.cli.bench`), for no game
in particular:

* ``search.bytes_per_node``: the size of one tree node;
* ``search.workers_speedup``: iterations per second of a 2-worker search over a 1-worker search of
  the same wall time (the default game at 4 players, its opening);

:func:`signature`, the number ``intrigue bench --signature`` prints (Stockfish's ``bench``
convention): the nodes of fixed, seeded searches of every game;

and :func:`bot_runner`, which times the bot-decision cases that games describe as data
(:class:`~intrigue.engine.bench.Case` with ``bot`` and ``position``).
"""
from __future__ import annotations

import dataclasses
from typing import Callable, Iterator, List

from intrigue.engine.bench import Case
from intrigue.engine.game import InfoState
from intrigue.engine.registry import DEFAULT_GAME, game_class, game_names, new_game
from intrigue.ext.game_api import Rng
from intrigue.search.bot import Limits, make_bot


def bot_runner(case: Case) -> Callable[[int], None]:
    """``run(count)`` for a bot-decision case: one decision of ``case.bot`` from ``case.position()``
    with ``count`` iterations (the bot is built and closed inside the timed call, as a referee would)."""
    spec, position = case.bot, case.position
    if spec is None or position is None:
        raise ValueError(f"benchmark case {case.name!r} is not a bot decision (it needs bot and position)")
    pos = position()
    info = pos.information_state(pos.current_player())

    def run(count: int) -> None:
        bot = make_bot(spec, seed=1)
        try:
            bot.choose(info, limits=Limits(iterations=count))
        finally:
            bot.close()

    return run


def workers_speedup(seconds: float = 0.5, n: int = 4) -> float:
    """Iterations per second with 2 workers over 1, each a time-limited search of ``seconds``."""
    info = new_game(DEFAULT_GAME, players=n, seed=n).information_state(0)
    one = make_bot("ismcts:belief=false", seed=1)
    two = make_bot("ismcts:belief=false,workers=2", seed=1)
    try:
        two.choose(info, limits=Limits(iterations=20000))           # processes up and warm
        a = one.choose(info, limits=Limits(time_ms=seconds * 1000))
        b = two.choose(info, limits=Limits(time_ms=seconds * 1000))
    finally:
        two.close()
    return (b.iterations / b.elapsed_ms) / (a.iterations / a.elapsed_ms)


def cases(quick: bool) -> List[Case]:
    from intrigue.ext.ismcts import node_size

    secs = 0.4 if quick else 1.0
    return [
        Case("search.bytes_per_node", None, measure=lambda: float(node_size()), unit="bytes"),
        Case("search.workers_speedup", 4, measure=lambda: workers_speedup(secs), unit="x (2 workers / 1)"),
    ]


# --- the signature ---------------------------------------------------------------------------------
SIGNATURE_SPEC = "ismcts:iterations=2000"   # the search whose nodes are counted (one process, seeded)
SIGNATURE_SEED = 20240                       # deals, random moves and the bot
SIGNATURE_PLIES = (0, 15)                    # random decisions played before a position is searched


@dataclasses.dataclass(frozen=True)
class Signature:
    nodes: int          # tree nodes over every search: the signature
    positions: int      # how many searches


def signature_positions() -> Iterator[InfoState]:
    """The positions of the signature: every installed game at its fewest and its usual number of
    players, at the first decision with a choice and after :data:`SIGNATURE_PLIES` seeded random
    decisions (chance events drawn from the seed).  Nothing here names a game: a new game adds its
    positions, and so changes the signature."""
    for name in game_names():
        cls = game_class(name)
        for players in sorted({cls.min_players, cls.default_players}):
            for plies in SIGNATURE_PLIES:
                state = new_game(name, players=players, seed=SIGNATURE_SEED)
                rng = Rng(SIGNATURE_SEED + plies)
                played = 0
                while not state.is_terminal() and (played < plies or len(state.legal_actions()) < 2):
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.below(len(legal))])
                    played += 1
                if not state.is_terminal():
                    yield state.information_state(state.current_player())


def signature(spec: str = SIGNATURE_SPEC) -> Signature:
    """The nodes of a seeded search of ``spec`` (iterations, never time: the count must not depend on
    the machine) from each of :func:`signature_positions`, summed."""
    nodes = positions = 0
    for info in signature_positions():
        bot = make_bot(spec, seed=SIGNATURE_SEED)
        try:
            an = bot.choose(info)
        finally:
            bot.close()
        nodes += int(an.extra.get("nodes", 0))
        positions += 1
    return Signature(nodes, positions)
