"""Online outcome sampling: the path to a decision, and a search that mixes (:mod:`intrigue.ext.oos`).

The C search starts at the game's beginning and is *targeted* at the searcher's information set: it
needs the path that led there, as the searcher knows it -- every event in order, with the events the
searcher saw pinned (its own cards, the public actions) and the others left open (the other seats'
cards, their private choices), which the search samples.  :func:`target_path` rebuilds that path from
the seat's view alone, with the same replay that rebuilds its information state.
"""
from __future__ import annotations

from typing import Any, List, Optional, Tuple

from intrigue.engine.game import InfoState
from intrigue.engine.replay import ViewReplay
from intrigue.ext.oos import OosSearch

Path = List[Tuple[int, int]]
#: Who saw an event of the path (the same numbers as ``ext/oos.pxd``).
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


def new_search(info: InfoState, seed: int, **options: Any) -> OosSearch:
    """An :class:`~intrigue.ext.oos.OosSearch` targeted at ``info`` (options: ``infoset`` and ``public``,
    the shares of iterations targeted at its information set and at its public history; ``epsilon``,
    ``max_nodes``, ``playout``, ``leaf``)."""
    start, path = target_path(info)
    return OosSearch(start, info.core, info.seat, path, seed, **options)


# --------------------------------------------------------------------------------------------------
# the bot
# --------------------------------------------------------------------------------------------------
import threading
import time
from typing import Dict

from intrigue.ext.game_api import Rng, derive_seed
from intrigue.search.bot import ActionStat, Analysis, Bot, BotSpecError, InfoCallback, Limits

DEFAULT_ITERATIONS = 10000
MAX_ITERATIONS = 2_000_000_000
CHUNK_SECONDS = 0.02
FIRST_CHUNK = 16
NODE_BYTES = 48                       # a public node, its share of records and slots (for the memory cap)


class OosBot(Bot):
    """Online Monte Carlo CFR from the game's start, targeted at the decision (see ``ext/oos.pyx``):
    a search whose answer is a mixed strategy that converges to an equilibrium's."""

    name = "oos"
    summary = "online Monte Carlo CFR: mixes its moves (bluffs, calls) as an equilibrium would"
    options = {
        "iterations": (int, 0, "iterations per decision (0: none; with no time limit either, 10000)"),
        "time": (float, 0.0, "milliseconds per decision with a choice (0: no time limit)"),
        "sampling": (str, "external", "'external' (every action of the seat being updated tried: less "
                                      "variance) or 'outcome' (one sampled history per iteration)"),
        "infoset": (float, 0.0, "share of iterations targeted at the bot's own information set"),
        "public": (float, 0.5, "share of iterations targeted at the public history (the others' and the "
                               "bot's own cards sampled)"),
        "epsilon": (float, 0.6, "outcome sampling: exploration of the seat being updated"),
        "memory": (int, 256, "tree memory cap in MB"),
        "leaf": (str, "playout", "'playout' or 'eval' (the game's static evaluation, where it has one)"),
        "playout": (str, "random", "'random' or 'policy' (the game's rollout policy, where it has one)"),
        "info_ms": (int, 100, "milliseconds between on_info progress reports"),
    }

    def __init__(self, seed: Optional[int] = None, **options: Any) -> None:
        super().__init__(seed, **options)
        cfg = self.config
        if not 0 <= cfg["iterations"] <= MAX_ITERATIONS:
            raise BotSpecError(f"oos: iterations must be from 0 to {MAX_ITERATIONS}", field="bot")
        if not cfg["time"] >= 0:
            raise BotSpecError("oos: time must be >= 0 (milliseconds)", field="bot")
        if cfg["sampling"] not in ("external", "outcome"):
            raise BotSpecError("oos: sampling must be 'external' or 'outcome'", field="bot")
        if not (0 <= cfg["infoset"] and 0 <= cfg["public"] and cfg["infoset"] + cfg["public"] <= 1):
            raise BotSpecError("oos: infoset and public are shares from 0 to 1 with a sum of at most 1", field="bot")
        if not 0 < cfg["epsilon"] <= 1:
            raise BotSpecError("oos: epsilon must be above 0 and at most 1", field="bot")
        if cfg["memory"] < 1:
            raise BotSpecError("oos: memory must be >= 1 MB", field="bot")
        if cfg["leaf"] not in ("playout", "eval") or cfg["playout"] not in ("random", "policy"):
            raise BotSpecError("oos: leaf is 'playout' or 'eval', playout 'random' or 'policy'", field="bot")

    def _limits(self, limits: Optional[Limits]) -> Tuple[Optional[int], Optional[float], bool]:
        cfg = self.config
        if limits is not None and (limits.iterations or limits.time_ms or limits.infinite):
            iterations, time_ms, infinite = limits.iterations or None, limits.time_ms or None, bool(limits.infinite)
        else:
            iterations, time_ms, infinite = cfg["iterations"] or None, cfg["time"] or None, False
        if infinite:
            return None, None, True
        if iterations is None and time_ms is None:
            iterations = DEFAULT_ITERATIONS
        return iterations, time_ms, False

    def choose(self, info: InfoState, *, limits: Optional[Limits] = None,
               on_info: Optional[InfoCallback] = None, stop: Optional[threading.Event] = None) -> Analysis:
        t0 = time.perf_counter()
        legal = info.legal_actions()
        if not legal:
            raise BotSpecError(f"seat {info.seat} has no decision to make now", field="seat")
        moves = {a: info.action_to_string(a) for a in legal}
        seed = self.rng.next()
        iterations, time_ms, infinite = self._limits(limits)
        if len(legal) == 1 and not infinite:
            a = legal[0]
            return Analysis(info.seat, a, moves[a], [ActionStat(a, moves[a], 0, 0.0)], policy={a: 1.0},
                            elapsed_ms=(time.perf_counter() - t0) * 1000.0, extra={"forced": True, "stop": "forced"})
        if infinite and stop is None:
            raise BotSpecError("an infinite search needs a stop event", field="infinite")
        cfg = self.config
        search = new_search(info, derive_seed(seed, 1), infoset=cfg["infoset"], public=cfg["public"],
                            epsilon=cfg["epsilon"], sampling=cfg["sampling"], leaf=cfg["leaf"],
                            playout=cfg["playout"], max_nodes=max(16, cfg["memory"] * (1 << 20) // NODE_BYTES))
        deadline = None if time_ms is None else t0 + time_ms / 1000.0
        info_every = max(0.01, cfg["info_ms"] / 1000.0)
        next_info = t0 + info_every
        chunk = FIRST_CHUNK
        reason = "limit"
        while True:
            n = chunk if iterations is None else min(chunk, iterations - search.iterations)
            if n <= 0:
                break
            t_run = time.perf_counter()
            done_before = search.iterations
            search.run(n)
            now = time.perf_counter()
            if stop is not None and stop.is_set():
                reason = "stopped"
                break
            if deadline is not None and now >= deadline:
                break
            rate = max(1, search.iterations - done_before) / max(now - t_run, 1e-6)
            chunk = max(16, min(500000, int(rate * CHUNK_SECONDS), 4 * n))
            if deadline is not None:
                chunk = max(8, min(chunk, int(0.9 * rate * (deadline - now)) + 1))
            if on_info is not None and now >= next_info:
                next_info = now + info_every
                partial = self._analysis(info, moves, search, None, (now - t0) * 1000.0)
                on_info({**partial.to_dict(), "nodes": search.node_count, "final": False})
        out = self._analysis(info, moves, search, self.rng, (time.perf_counter() - t0) * 1000.0)
        out.extra.update(nodes=search.node_count, infosets=search.info_count, stop=reason,
                         sampling=cfg["sampling"], tries=search.tries, rejected=search.rejected)
        return out

    @staticmethod
    def _analysis(info: InfoState, moves: Dict[int, str], search: OosSearch, rng: Optional[Rng],
                  elapsed_ms: float) -> Analysis:
        """The answer: the average strategy at the bot's information set (uniform if no iteration
        reached it), a move drawn from it (the most likely one without ``rng``), and per move its
        share and estimated value."""
        policy = search.policy() or {a: 1.0 / len(moves) for a in moves}
        policy = {a: policy.get(a, 0.0) for a in moves}
        total = sum(policy.values()) or 1.0
        policy = {a: p / total for a, p in policy.items()}
        seen = search.visits()
        stats = [ActionStat(a, moves[a], int(round(policy[a] * search.iterations)), seen.get(a, (0, 0.0))[1])
                 for a in moves]
        stats.sort(key=lambda s: (-policy[s.action], s.action))
        if rng is None:
            pick = stats[0].action
        else:
            u = (rng.next() >> 11) / float(1 << 53)
            pick = stats[-1].action
            for s in sorted(stats, key=lambda s: s.action):
                if policy[s.action] > 0.0:
                    pick = s.action
                    if u < policy[s.action]:
                        break
                    u -= policy[s.action]
        return Analysis(info.seat, pick, moves[pick], stats, search.iterations, elapsed_ms, policy=policy)
