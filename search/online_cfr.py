"""Online CFR: the search that mixes (:mod:`intrigue.ext.online_cfr`), as the ``ismcts`` bot runs it
with ``algorithm=cfr``.

The C search starts at the game's beginning and is targeted at the searcher's decision: it needs the
path that led there, as the searcher knows it -- every event in order, with who saw it: everyone (the
public actions), the searcher alone (its own cards) or not the searcher (the other seats' cards, their
private choices), which the search samples.  :func:`target_path` rebuilds that path from the seat's
view alone, with the same replay that rebuilds its information state.  :func:`search` runs the C
search chunk by chunk (limits, clock, ``stop``, progress) and :func:`answer` turns it into an
:class:`~intrigue.search.bot.Analysis` whose ``policy`` is the mixed strategy the move is drawn from.
"""
from __future__ import annotations

import dataclasses
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

from intrigue.engine.game import InfoState
from intrigue.engine.replay import ViewReplay
from intrigue.ext.game_api import Rng
from intrigue.ext.online_cfr import OnlineCfr
from intrigue.search.bot import ActionStat, Analysis, StopEvent

Path = List[Tuple[int, int]]
#: Who saw an event of the path (the same numbers as ``ext/online_cfr.pxd``).
SEEN_HIDDEN, SEEN_PRIVATE, SEEN_PUBLIC = 0, 1, 2


class _PathReplay(ViewReplay):
    """A replay of a seat's view that also records each event as ``(action, seen)``."""

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        self.path: Path = []

    def hidden_chance(self, core: Any, action: int) -> None:
        self.path.append((action, SEEN_HIDDEN))

    def before(self, player: int, action: int, text: str, core: Any) -> None:
        private_to, _ = self.game.visibility(core, action)
        if private_to is None:
            self.path.append((action, SEEN_PUBLIC))
        elif player == self.seat or self.game.redacted_action(core, text) is None:
            self.path.append((action, SEEN_PRIVATE))
        else:
            self.path.append((action, SEEN_HIDDEN))


def target_path(info: InfoState) -> Tuple[Any, Path]:
    """``(start, path)``: the game's initial kernel state and the events from there to ``info``'s
    decision, each ``(action, who saw it)`` (SEEN_*; a hidden one's action is only a stand-in)."""
    replay = _PathReplay(info.game, info.seat)
    replay.feed(info.view)
    return info.game._new_core(), replay.path


SAMPLINGS = ("chance", "external", "outcome")
CHUNK_SECONDS = 0.02
FIRST_CHUNK = 16
MIN_CHUNK = 8                          # the smallest chunk of iterations run before a deadline
NODE_BYTES = 48          # a public node with its share of records and slots (for the memory cap)
EXPAND = 8               # nodes an iteration may add to the tree off the target path


@dataclasses.dataclass(frozen=True)
class CfrOptions:
    """The options of one :class:`~intrigue.ext.online_cfr.OnlineCfr` (see ``ext/online_cfr.pyx``).

    ``sampling``: ``chance`` (chance events enumerated while a pass covers at most ``worlds`` worlds of
    outcomes, sampled beyond; every action of every seat tried; CFR+ updates; a pass counts one
    iteration per world it covers), ``external`` or ``outcome``; ``target``: with chance sampling, how
    often a sampled event the searcher saw is forced to what it saw; ``infoset`` and ``public``: with external or
    outcome sampling, the shares of iterations targeted at the information set and at the public
    history; ``epsilon``: outcome sampling's exploration."""

    sampling: str = "chance"
    worlds: int = 64
    target: float = 0.0
    infoset: float = 0.0
    public: float = 0.5
    epsilon: float = 0.6
    leaf: str = "playout"
    playout: str = "random"
    memory_mb: int = 256

    def kwargs(self) -> Dict[str, Any]:
        plus = self.sampling == "chance"              # chance sampling updates as CFR+ (RM+, linear average)
        return dict(sampling=self.sampling, chance_width=self.worlds, target_share=self.target, infoset=self.infoset, public=self.public,
                    epsilon=self.epsilon, leaf=self.leaf, playout=self.playout, expand=EXPAND, plus=plus,
                    linear=1.0 if plus else 0.0, max_nodes=max(16, self.memory_mb * (1 << 20) // NODE_BYTES))


def new_search(info: InfoState, seed: int, options: CfrOptions = CfrOptions()) -> OnlineCfr:
    """An :class:`~intrigue.ext.online_cfr.OnlineCfr` targeted at ``info``."""
    start, path = target_path(info)
    return OnlineCfr(start, info.core, info.seat, path, seed, **options.kwargs())


def search(info: InfoState, seed: int, options: CfrOptions, iterations: Optional[int], deadline: Optional[float],
           stop: Optional[StopEvent] = None,
           report: Optional[Callable[[OnlineCfr, float], None]] = None) -> Tuple[OnlineCfr, str]:
    """Run the search for ``info`` chunk by chunk without the GIL until ``iterations`` (None: no limit),
    the ``deadline`` (a ``time.perf_counter()`` time; None: none) or ``stop``; ``report(search, now)`` is
    called between chunks.  Returns the search and why it ended (``limit`` or ``stopped``)."""
    found = new_search(info, seed, options)
    chunk = FIRST_CHUNK
    while True:
        n = chunk if iterations is None else min(chunk, iterations - found.iterations)
        if n <= 0:
            return found, "limit"
        t_run = time.perf_counter()
        before = found.iterations
        found.run(n)
        now = time.perf_counter()
        if stop is not None and stop.is_set():
            return found, "stopped"
        if deadline is not None and now >= deadline:
            return found, "limit"
        rate = max(1, found.iterations - before) / max(now - t_run, 1e-6)
        chunk = max(16, min(500000, int(rate * CHUNK_SECONDS), 4 * n))
        if deadline is not None:
            if now + MIN_CHUNK / rate >= deadline:
                return found, "limit"          # not even the smallest chunk would end in time
            chunk = max(MIN_CHUNK, min(chunk, int(0.9 * rate * (deadline - now)) + 1))
        if report is not None:
            report(found, now)


def answer(info: InfoState, moves: Dict[int, str], found: OnlineCfr, rng: Optional[Rng],
           elapsed_ms: float) -> Analysis:
    """The answer: the average strategy at the seat's information set (uniform if no iteration reached
    it) as ``policy``, a move drawn from it with ``rng`` (the likeliest without), and per move its share
    of the iterations and its estimated value."""
    found_policy = found.policy() or {}
    policy = {a: found_policy.get(a, 0.0) for a in moves}
    total = sum(policy.values())
    policy = {a: p / total for a, p in policy.items()} if total > 0 else {a: 1.0 / len(moves) for a in moves}
    values = found.visits()
    stats = [ActionStat(a, moves[a], int(round(policy[a] * found.iterations)), values.get(a, (0, 0.0))[1])
             for a in moves]
    stats.sort(key=lambda s: (-policy[s.action], s.action))
    pick = stats[0].action
    if rng is not None:
        u = (rng.next() >> 11) / float(1 << 53)
        for a in sorted(moves):
            if policy[a] > 0.0:
                pick = a
                if u < policy[a]:
                    break
                u -= policy[a]
    return Analysis(info.seat, pick, moves[pick], stats, found.iterations, elapsed_ms, policy=policy)


