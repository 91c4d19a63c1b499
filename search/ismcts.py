"""The ``ismcts`` bot: information-set Monte Carlo tree search with belief inference.

The search itself is the game-agnostic C loop of :mod:`intrigue.ext.ismcts`; this module runs it in
chunks of about 20 ms without the GIL, and between chunks checks the caller's ``stop`` event and the
clock and reports progress through ``on_info`` -- so a protocol thread can stop it at once.  With
``workers=N`` it also runs N-1 independent searches in worker processes (root parallelization) and
merges their root statistics by action.

Spec options (``ismcts:iterations=20000,workers=2``, ``ismcts:time=1000``) are listed in
:attr:`IsmctsBot.options`.  With an iteration limit and a seed the decision is reproducible.
"""
from __future__ import annotations

import threading
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

from intrigue.engine.game import InfoState
from intrigue.ext.game_api import Rng
from intrigue.ext.ismcts import Search, node_size
from intrigue.search.belief import belief_model
from intrigue.search.bot import ActionStat, Analysis, Bot, BotSpecError, InfoCallback, Limits

DEFAULT_ITERATIONS = 10000
CHUNK_SECONDS = 0.02
MAX_ITERATIONS = 2_000_000_000        # the node counters are 32-bit



class IsmctsBot(Bot):
    """Single-observer ISMCTS (availability counts, per-seat rewards) with belief inference."""

    name = "ismcts"
    summary = "information-set MCTS with inference about hidden cards"
    options = {
        "iterations": (int, 0, "iterations per decision, summed over workers (0: none; with no time "
                               "limit either, 10000)"),
        "time": (float, 0.0, "milliseconds per decision (0: no time limit); with iterations, the first "
                             "limit reached stops the search"),
        "workers": (int, 1, "processes searching in parallel (root parallelization, statistics merged "
                            "by action)"),
        "c": (float, 2.0, "UCB exploration constant (rewards are 0..1)"),
        "belief": (bool, True, "weight determinizations by the likelihood of the opponents' observed "
                               "claims, blocks, passes and challenges (inference); off: uniform"),
        "opponent": (str, "heuristic", "opponent model of the inference: 'heuristic' (the heuristic bot's policy) "
                                       "or 'parametric' (a calibrated honesty/bluff model)"),
        "selfdet": (float, 0.5, "share of iterations (0..1) that also re-deal the bot's own cards as the "
                                "others would read them, so bluffs are valued"),
        "opponents": (str, "auto", "the opponents' decisions inside the tree: 'model' (sampled from the game's "
                                   "opponent model -- Coup: the heuristic policy, Politics: the rollout policy -- "
                                   "realistic opponents who cannot see the bot's cards; a game without one: "
                                   "'search'), 'search' (chosen by UCB on their own rewards) or 'auto' (the "
                                   "game's best measured: Coup search, Politics model)"),
        "playout": (str, "auto", "playouts: 'random' (uniform), 'policy' (the game's cheap rollout policy, "
                                 "if it has one), 'model' (everyone by the opponent model), 'mixed' (the "
                                 "opponents by the model, the bot uniformly; these two need the model) or "
                                 "'auto' (the game's best measured: Coup random, Politics policy)"),
        "memory": (int, 256, "tree memory cap in MB (the tree stops growing there)"),
        "max_nodes": (int, 0, "tree node cap (0: from memory)"),
        "info_ms": (int, 250, "milliseconds between on_info progress reports"),
    }

    def __init__(self, seed: Optional[int] = None, **options: Any) -> None:
        super().__init__(seed, **options)
        cfg = self.config
        if cfg["iterations"] < 0 or cfg["iterations"] > MAX_ITERATIONS:
            raise BotSpecError(f"ismcts: iterations must be from 0 to {MAX_ITERATIONS}", field="bot")
        if not cfg["time"] >= 0:
            raise BotSpecError("ismcts: time must be >= 0 (milliseconds)", field="bot")
        if not 1 <= cfg["workers"] <= 64:
            raise BotSpecError("ismcts: workers must be from 1 to 64", field="bot")
        if not cfg["c"] >= 0:
            raise BotSpecError("ismcts: c must be >= 0", field="bot")
        if not 0.0 <= cfg["selfdet"] <= 1.0:
            raise BotSpecError("ismcts: selfdet must be from 0 to 1", field="bot")
        if cfg["opponent"] not in ("heuristic", "parametric"):
            raise BotSpecError("ismcts: opponent must be 'heuristic' or 'parametric'", field="bot")
        if cfg["opponents"] not in ("auto", "model", "search"):
            raise BotSpecError("ismcts: opponents must be 'auto', 'model' or 'search'", field="bot")
        if cfg["playout"] not in ("auto", "policy", "random", "model", "mixed"):
            raise BotSpecError("ismcts: playout must be 'auto', 'random', 'policy', 'model' or 'mixed'", field="bot")
        if cfg["playout"] in ("model", "mixed") and cfg["opponents"] == "search":
            raise BotSpecError("ismcts: playout=model/mixed needs opponents=model", field="bot")
        if cfg["memory"] < 1 or not 0 <= cfg["max_nodes"] <= 2_000_000_000 or cfg["max_nodes"] == 1:
            raise BotSpecError("ismcts: memory must be >= 1 MB and max_nodes 0 or from 2 to 2e9", field="bot")
        self._models: Dict[str, Any] = {}
        self._pool: Any = None
        self._pool_size = 0

    # --- limits and resources ---------------------------------------------------------------------
    def _resolve(self, limits: Optional[Limits]) -> Tuple[Optional[int], Optional[float], int, bool]:
        cfg = self.config
        if limits is not None and (limits.iterations or limits.time_ms or limits.infinite):
            iterations, time_ms, infinite = limits.iterations or None, limits.time_ms or None, bool(limits.infinite)
        else:
            iterations, time_ms, infinite = cfg["iterations"] or None, cfg["time"] or None, False
        if infinite:
            iterations = time_ms = None
        elif iterations is None and time_ms is None:
            iterations = DEFAULT_ITERATIONS
        workers = (limits.workers if limits is not None and limits.workers else None) or cfg["workers"]
        if iterations is not None:
            iterations = max(1, min(int(iterations), MAX_ITERATIONS))
        return iterations, time_ms, max(1, int(workers)), infinite

    def _max_nodes(self) -> int:
        if self.config["max_nodes"]:
            return int(self.config["max_nodes"])
        return max(2, min(2_000_000_000, self.config["memory"] * (1 << 20) // node_size()))

    def _model(self, info: InfoState) -> Any:
        name = info.game.name
        if name not in self._models:
            self._models[name] = belief_model(info.game, opponent=self.config["opponent"])
        return self._models[name]

    def settings(self, game: Any) -> Dict[str, str]:   # a Game or a game's name
        """``opponents`` and ``playout`` for a game, with ``auto`` resolved to the game's best
        measured setting (its ``search_defaults``; each game's document has the figures)."""
        from intrigue.engine.registry import game_class
        cls = game_class(game) if isinstance(game, str) else type(game)
        auto = {"opponents": "search", "playout": "random"}
        auto.update(cls.search_defaults)
        playout = self.config["playout"]
        opponents = self.config["opponents"]
        if opponents == "auto":
            opponents = "model" if playout in ("model", "mixed") else auto["opponents"]
        if playout == "auto":
            playout = auto["playout"]
        return {"opponents": opponents, "playout": playout}

    @staticmethod
    def _model_playout_mode(playout: str, use_model: bool) -> int:
        if not use_model:
            return 0
        return {"model": 2, "mixed": 1}.get(playout, 0)

    def _opponent_model(self, info: InfoState, opponents: str) -> Tuple[bool, Optional[bytes]]:
        """Whether the tree models the opponents, and the model's public context at this root."""
        from intrigue.ext.ismcts import has_model_hook, model_ctx_size
        if opponents != "model" or not has_model_hook(info.core):
            return False, None
        if model_ctx_size(info.core) == 0:
            return True, None
        from intrigue.search.heuristic import policy_class
        try:
            context = getattr(policy_class(info.game.name), "model_context", None)
        except BotSpecError:
            context = None
        return True, (context(info) if context is not None else None)

    def _workers(self, n: int) -> Any:
        if n <= 0:
            return None
        if self._pool is None or self._pool_size != n:
            self.close()
            from intrigue.search.workers import WorkerPool
            self._pool = WorkerPool(n)
            self._pool_size = n
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    # --- the decision -----------------------------------------------------------------------------
    def choose(self, info: InfoState, *, limits: Optional[Limits] = None,
               on_info: Optional[InfoCallback] = None, stop: Optional[threading.Event] = None) -> Analysis:
        t0 = time.perf_counter()
        legal = info.legal_actions()
        if not legal:
            raise BotSpecError(f"seat {info.seat} has no decision to make now", field="seat")
        iterations, time_ms, workers, infinite = self._resolve(limits)
        if infinite and stop is None:
            raise BotSpecError("an infinite search needs a stop event", field="infinite")
        seed = self.rng.next()
        moves = {a: info.action_to_string(a) for a in legal}
        if len(legal) == 1 and not infinite:
            a = legal[0]
            return Analysis(info.seat, a, moves[a], [ActionStat(a, moves[a], 0, 0.0)],
                            elapsed_ms=(time.perf_counter() - t0) * 1000.0, extra={"forced": True})

        cfg = self.config
        model = self._model(info)
        hook = model is not None and _has_belief_hook(info)
        table = model.table(info, stop=stop) if hook and cfg["belief"] else None
        self_p = cfg["selfdet"] if hook else 0.0
        chosen = self.settings(info.game)
        policy = chosen["playout"] == "policy"
        use_model, ctx = self._opponent_model(info, chosen["opponents"])
        model_playout = self._model_playout_mode(chosen["playout"], use_model)
        max_nodes = self._max_nodes()
        local_iters = None
        share = 0
        if iterations is not None:
            share = iterations // workers
            local_iters = iterations - share * (workers - 1)
        initial = min(max_nodes, (local_iters + 2) if local_iters is not None else 1 << 16)
        search = Search(info.core, info.seat, seed, c=cfg["c"], max_nodes=max_nodes, initial_nodes=initial,
                        table=table, self_p=self_p, policy_playout=policy,
                        opponent_model=use_model, model_ctx=ctx, model_playout=model_playout)
        wseeds = Rng(seed ^ 0x5EED5EED5EED5EED)
        futures = []
        if workers > 1:
            pool = self._workers(workers - 1)
            deadline = None if time_ms is None else time.time() + time_ms / 1000.0 - (time.perf_counter() - t0)
            job = {"core": info.core, "seat": info.seat, "c": cfg["c"], "max_nodes": max_nodes,
                   "initial_nodes": min(max_nodes, share + 2) if iterations is not None else 1 << 16,
                   "table": table, "self_p": self_p, "policy": policy,
                   "model": use_model, "model_ctx": ctx, "model_playout": model_playout,
                   "iterations": share if iterations is not None else None, "deadline": deadline}
            futures = pool.submit([dict(job, seed=wseeds.next()) for _ in range(workers - 1)])

        belief = None
        mseed = seed ^ 0xB00B
        if on_info is not None and model is not None:
            belief = model.marginals(info, table, mseed)

        deadline_local = None if time_ms is None else t0 + time_ms / 1000.0
        info_every = max(0.01, cfg["info_ms"] / 1000.0)
        next_info = t0 + info_every
        t_search = time.perf_counter()
        chunk = 256
        stopped = False
        while True:
            n = chunk if local_iters is None else min(chunk, local_iters - search.iterations)
            if n <= 0 or search.iterations >= MAX_ITERATIONS:
                break
            search.run(n)
            now = time.perf_counter()
            if stop is not None and stop.is_set():
                stopped = True
                break
            if deadline_local is not None and now >= deadline_local:
                break
            rate = search.iterations / max(now - t_search, 1e-6)
            chunk = max(64, min(500000, int(rate * CHUNK_SECONDS)))
            if deadline_local is not None:
                chunk = max(16, min(chunk, int(rate * (deadline_local - now)) + 1))
            if on_info is not None and now >= next_info:
                next_info = now + info_every
                partial = self._analysis(info, moves, search.root_stats(), search.iterations,
                                         (now - t0) * 1000.0, belief)
                d = partial.to_dict()
                d.update(nodes=search.node_count, depth=search.depth, workers=workers, final=False)
                on_info(d)

        stats = {a: [v, r] for a, v, r, _ in search.root_stats()}
        total = search.iterations
        nodes = search.node_count
        if futures:
            if stopped or infinite:
                self._pool.stop()
            for fut in futures:
                res = fut.result()
                total += res["iterations"]
                nodes += res["nodes"]
                for a, v, r, _ in res["stats"]:
                    s = stats.setdefault(a, [0, 0.0])
                    s[0] += v
                    s[1] += r
        if model is not None:
            belief = model.marginals(info, table, mseed)
        elapsed = (time.perf_counter() - t0) * 1000.0
        merged = [(a, v, r, 0) for a, (v, r) in sorted(stats.items())]
        out = self._analysis(info, moves, merged, total, elapsed, belief)
        out.extra.update(nodes=nodes, depth=search.depth, workers=workers,
                         belief_model="uniform" if table is None else f"{info.game.name}:{cfg['opponent']}",
                         opponents="model" if use_model else "search", playout=chosen["playout"])
        if self_p > 0:
            out.extra["self_iterations"] = search.self_iterations
        if stopped:
            out.extra["stopped"] = True
        return out

    @staticmethod
    def _analysis(info: InfoState, moves: Dict[int, str], root: Sequence[Tuple[int, int, float, int]],
                  iterations: int, elapsed_ms: float, belief: Optional[Dict[int, Dict[str, float]]]) -> Analysis:
        by_action = {a: (v, r) for a, v, r, _ in root}
        stats: List[ActionStat] = []
        for a, move in moves.items():
            v, r = by_action.get(a, (0, 0.0))
            stats.append(ActionStat(a, move, int(v), r / v if v else 0.0))
        # most visits; ties: higher value, then the lower action id
        best = max(stats, key=lambda s: (s.visits, s.value, -s.action))
        stats.sort(key=lambda s: (-s.visits, s.action))
        return Analysis(info.seat, best.action, best.move, stats, iterations, elapsed_ms, belief)


def _has_belief_hook(info: InfoState) -> bool:
    from intrigue.ext.ismcts import has_belief_hook
    return has_belief_hook(info.core)
