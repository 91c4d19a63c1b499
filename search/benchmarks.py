"""The search's benchmark cases for ``intrigue bench`` (see :mod:`intrigue.cli.bench`), for no game
in particular:

* ``search.bytes_per_node``: the size of one tree node;
* ``search.workers_speedup``: iterations per second of a 2-worker search over a 1-worker search of
  the same wall time (the default game at 4 players, its opening);

and :func:`bot_runner`, which times the bot-decision cases that games describe as data
(:class:`~intrigue.engine.bench.Case` with ``bot`` and ``position``).
"""
from __future__ import annotations

from typing import Callable, List

from intrigue.engine.bench import Case
from intrigue.engine.registry import DEFAULT_GAME, new_game
from intrigue.search.bot import Limits, make_bot


def bot_runner(case: Case) -> Callable[[int], None]:
    """``run(count)`` for a bot-decision case: one decision of ``case.bot`` from ``case.position()``
    with ``count`` iterations (the bot is built and closed inside the timed call, as a referee would)."""
    pos = case.position()
    info = pos.information_state(pos.current_player())

    def run(count: int) -> None:
        bot = make_bot(case.bot, seed=1)
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
