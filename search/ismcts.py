"""The ``ismcts`` bot: information-set Monte Carlo tree search with belief inference.

The search itself is the game-agnostic C loop of :mod:`intrigue.ext.ismcts`; this module runs it in
chunks of about 20 ms without the GIL, and between chunks checks the caller's ``stop`` event and the
clock and reports progress through ``on_info`` -- so a protocol thread can stop it at once.  With
``workers=N`` it also runs N-1 independent searches in worker processes (root parallelization) and
merges their root statistics by action.

Spec options (``ismcts:iterations=20000,workers=2``, ``ismcts:time=1000``) are listed in
:attr:`IsmctsBot.options`.  With an iteration limit and a seed the decision is reproducible.

Time management (docs/search.md, "Thinking time"): a decision with one legal action is answered at
once; a timed search stops as soon as the most visited action can no longer be overtaken in the time
left; and the spec's ``time=`` is a *budget* -- the average per decision with a choice -- that the bot
spends where decisions are close: a clear decision stops at ``time``, the time saved is banked, and a
close one may run up to ``time * stretch``.
"""
from __future__ import annotations

import dataclasses
import math
import time
from typing import Any, Callable, Collection, Dict, List, Optional, Sequence, Tuple

from intrigue.engine.game import InfoState
from intrigue.ext.game_api import derive_seed
from intrigue.ext.ismcts import Search, SearchOptions, node_size
from intrigue.search.belief import belief_model
from intrigue.search.online_cfr import SAMPLINGS, CfrOptions, answer as cfr_answer, search as cfr_search
from intrigue.search.bot import MAX_TIME_MS, ActionStat, Analysis, Bot, BotSpecError, InfoCallback, Limits, StopEvent, make_bot

DEFAULT_ITERATIONS = 10000
CHUNK_SECONDS = 0.02
MAX_ITERATIONS = 2_000_000_000        # the node counters are 32-bit

FIRST_TIMED_CHUNK = 16               # iterations in a timed search's first chunk, before its rate is known
MIN_ALLOWANCE = 0.25                  # a decision in debt (earlier overruns) still gets this share of its budget
MIN_TIME_SHARE = 0.01                 # the smallest share of a spec's time a game may give its decisions
MIN_STOP_CHECK_S = 0.002              # no early stop before this much search (ms-scale noise)
MIN_TIMED_CHUNK = 16                  # the smallest chunk of iterations run before a deadline
POST_SMOOTHING = 0.5                  # weight of the past in the smoothed cost of what follows a search
POST_MARGIN = 1.2                     # that cost is reserved with this margin
VETO_BAND = 2.0                       # standard errors within which a vetoed move may be replaced
CLEAR_SHARE = 0.5                     # past the budget, a decision is clear once its best action has this share of visits
MIN_VOTE_TREES = 5                    # an ensemble's vote stops a search after at least this many finished trees

# what a decision's seed is split into, by derive_seed(seed, TAG, k): the k-th tree after the first of an
# ensemble, the k-th worker process's search, the reported belief's sampling
SEED_TREE = 1
SEED_WORKER = 2
SEED_BELIEF = 3

# What `opponents=auto` and `playout=auto` mean for a game whose class does not say (its class
# attribute `search_defaults`: the best settings measured, in each game's document).
AUTO_DEFAULT = {"opponents": "search", "playout": "random"}


def search_defaults(game: Any) -> Dict[str, Any]:
    """What ``auto`` means for ``game`` (a :class:`~intrigue.engine.game.Game`, its class or its name):
    the class attribute ``search_defaults``, with :data:`AUTO_DEFAULT` for what it omits."""
    if isinstance(game, str):
        from intrigue.engine.registry import game_class
        cls: Any = game_class(game)
    else:
        cls = game if isinstance(game, type) else type(game)
    given = getattr(cls, "search_defaults", None)
    return {**AUTO_DEFAULT, **(given if isinstance(given, dict) else {})}


def belief_opponent_models() -> List[str]:
    """Every opponent model some installed game's belief offers (the ``opponent`` option's names)."""
    from intrigue.engine.registry import game_class, game_names
    names: List[str] = []
    for game in game_names():
        cls = game_class(game).plugin("belief")
        for m in getattr(cls, "opponent_models", ()):
            if m not in names:
                names.append(m)
    return names


class IsmctsBot(Bot):
    """ISMCTS (availability counts, per-seat rewards, single- or multi-observer statistics) with
    belief inference and time management."""

    name = "ismcts"
    summary = "information-set MCTS with inference about hidden cards"
    options = {
        "iterations": (int, 0, "iterations per decision, summed over workers (0: none; with no time "
                               "limit either, 10000)"),
        "time": (float, 0.0, "thinking-time budget: the average milliseconds per decision with a choice "
                             "(0: no time limit); clear decisions stop early and bank the rest for close "
                             "ones, up to time*stretch; with iterations, the first limit reached stops"),
        "timeshare": (str, "auto", "the share of time a decision of this game gets (from 0.01 to 1): a game of "
                                   "many small decisions a round scales its budget down so that a round's wait "
                                   "stays short; 'auto': the game's (its search_defaults; 1 if it names none)"),
        "stretch": (float, 2.0, "the most a close decision may take, as a multiple of time (>= 1; 1: time is a "
                                "hard limit per decision)"),
        "earlystop": (bool, True, "stop a search under the time budget once the best action cannot be overtaken in "
                                  "the time left (a caller's time limit, the protocol's movetime, is searched in full)"),
        "vote": (float, 3.0, "with an ensemble (tree > 0) and earlystop: a timed search also stops once the "
                             "finished trees' votes (each its most visited action) for the best action lead the "
                             "runner-up's by z = vote standard deviations, a - b >= z * sqrt(a + b) (a sign "
                             "test); 0: off"),
        "workers": (int, 1, "processes searching in parallel (root parallelization, statistics merged "
                            "by action)"),
        "algorithm": (str, "auto", "'uct': information-set MCTS (UCB selection, belief inference, opponent "
                                   "models; one answer per position); 'cfr': online counterfactual regret "
                                   "minimisation from the game's start (ext/online_cfr.pyx), which answers with a "
                                   "mixed strategy converging to an equilibrium's, for games short enough to "
                                   "search from their start; 'auto': the game's best measured (its "
                                   "search_defaults; uct if it names none)"),
        "sampling": (str, "chance", "algorithm=cfr: what an iteration samples: 'chance' (every action of every "
                                    "seat tried, CFR+ updates), 'external' or 'outcome'"),
        "worlds": (int, 64, "algorithm=cfr, sampling=chance: a pass enumerates the chance outcomes (deals, cards "
                            "turned up) while it covers at most this many worlds, and samples beyond (a pass "
                            "counts one iteration per world)"),
        "target": (float, 0.0, "algorithm=cfr, sampling=chance: how often a sampled event the bot saw (its cards, "
                               "a card turned up) is forced to what it saw instead of drawn by its odds (0..0.99)"),
        "c": (float, SearchOptions.c, "UCB exploration constant (rewards are 0..1)"),
        "belief": (bool, True, "weight determinizations by the likelihood of the opponents' observed "
                               "claims, blocks, passes and challenges (inference); off: uniform"),
        "opponent": (str, "auto", "opponent model of the inference: 'heuristic' (the heuristic bot's policy), "
                                  "'parametric' (a calibrated honesty/bluff model), a game's own (Coup: "
                                  "'truthful', the heuristic bluffing a tenth as often; 'fitted', the heuristic "
                                  "corrected to how searching bots decide; 'adaptive', each opponent read as "
                                  "whichever of the two explains its decisions; 'mixture', a posterior over "
                                  "eight kinds of player and each opponent's observed habits, learned from its "
                                  "decisions in the game) or 'auto' (the game's best "
                                  "measured for the seat, its search_defaults; else heuristic)"),
        "selfdet": (float, 0.5, "share of iterations (0..1) that also re-deal the bot's own cards as the "
                                "others would read them, so bluffs are valued"),
        "opponents": (str, "auto", "the opponents' decisions inside the tree: 'model' (sampled from the game's "
                                   "opponent model, e.g. its heuristic policy -- realistic opponents who cannot "
                                   "see the bot's cards; a game without one: 'search'), 'search' (chosen by UCB "
                                   "on their own rewards) or 'auto' (the game's best measured setting, its "
                                   "search_defaults; each game's document gives the figures)"),
        "playout": (str, "auto", "playouts: 'random' (uniform), 'policy' (the game's cheap rollout policy, "
                                 "if it has one), 'model' (everyone by the opponent model), 'mixed' (the "
                                 "opponents by the model, the bot uniformly; these two need the model) or "
                                 "'auto' (the game's best measured setting, its search_defaults)"),
        "observer": (str, SearchOptions.observer, "'single': one statistic per public node (the 2012 algorithm; the "
                                    "opponents' nodes learn from worlds with the bot's true cards) or 'multi': "
                                    "every seat decides by statistics of its own information set (its cards + "
                                    "the public history), so no one conditions on cards it cannot see; "
                                    "'opponents': only the opponents' decisions per information set"),
        "rootworlds": (str, "all", "with selfdet: the worlds the bot's own root decision learns from, 'all' "
                                   "(the re-dealt ones too, so its choice also answers the hand its claims "
                                   "suggest) or 'true' (only those with its true cards; the re-dealt worlds "
                                   "still teach the tree below the root)"),
        "oppworlds": (str, "public", "with observer=multi: the worlds the opponents' statistics learn from, "
                                     "'public' (only self-determinized ones, where the bot's cards are dealt as "
                                     "the others would read them) or 'all'"),
        "smooth": (float, SearchOptions.smooth, "Smooth UCT at the opponents' decisions: eta in 0..1 (0: off; e.g. 0.9: about "
                               "one opponent decision in ten follows its average strategy instead of UCB)"),
        "rm": (str, "auto", "regret matching at the opponents' decisions the search (not the model) makes: the "
                            "exploration share gamma in 0..1 (0: off, UCB), so the opponents in the tree play "
                            "towards a mixed equilibrium instead of one best reply; 'auto': the game's best "
                            "measured (its search_defaults for the seat deciding; 0 if it names none)"),
        "modelshare": (str, "auto", "with opponents=model: the share (0..1) of the opponents' decisions in the tree "
                                    "sampled from the model, the others chosen by UCB on their own rewards; 'auto': "
                                    "the game's best measured (its search_defaults; 1 if it names none)"),
        "opptypes": (str, "auto", "with opponents=model: 'belief' (each opponent in the tree decides as the kind "
                                  "of player the belief reads it as, where the game's belief tells kinds apart -- "
                                  "Coup's 'adaptive': the heuristic or a search), 'off' (every opponent as the "
                                  "model's base policy) or 'auto' (the game's best measured for the seat, its "
                                  "search_defaults; else off)"),
        "prior": (float, SearchOptions.prior, "progressive bias at the bot's own decisions in the tree: a child's UCB value gains "
                              "prior * P(move) / (visits + 1), P the game's opponent model (its heuristic) read "
                              "for the bot's own cards; 0: off (a game without a model ignores it)"),
        "score": (str, "auto", "weight (0..1) of the game's score utility in the rewards the search maximises: "
                               "(1 - w) * win + w * score margin, so moves that no longer change the result "
                               "still score sensibly (KataGo's score utility); 'auto': the game's best "
                               "measured (its search_defaults; 0 if it names none); a game without a score "
                               "ignores it"),
        "tree": (str, "auto", "iterations per tree (0: one tree): past it the search starts a fresh tree with a "
                              "new seed and sums the trees' root statistics (an ensemble; bounds how deep "
                              "strategy fusion reaches); 'auto': the game's best measured (its search_defaults "
                              "for the seat deciding; 0 if it names none)"),
        "leaf": (str, "auto", "how the search scores a leaf: 'playout' (play to the end), 'eval' (the game's "
                              "static evaluation where it has one, e.g. Coup heads-up; else a playout) or "
                              "'auto' (the game's best measured, its search_defaults for the seat deciding)"),
        "tiebreak": (bool, True, "when every searched move scored exactly the same (the outcome no longer "
                                 "depends on this decision, or nothing was learned), play the game's heuristic "
                                 "choice instead of the first move: votes and end-game moves stay sensible"),
        "tieband": (str, "auto", "with tiebreak: z > 0 widens 'the same' to 'within z standard errors of the move "
                                 "played' (a statistical tie the search cannot resolve), and the game's heuristic "
                                 "choice is played when it is one of those; 0: exact ties only; 'auto': the game's "
                                 "best measured (its search_defaults; 0 if it names none)"),
        "veto": (bool, True, "with belief: a move the belief's reading of the table advises against (Coup: "
                             "Foreign Aid while an opponent habitually blocks it) is played only when the "
                             "search measures it apart from the other moves (beyond 2 standard errors); else "
                             "the most visited of those is played"),
        "memory": (int, 256, "tree memory cap in MB (the tree stops growing there)"),
        "max_nodes": (int, 0, "tree node cap (0: from memory)"),
        "info_ms": (int, 100, "milliseconds between on_info progress reports"),
    }

    def __init__(self, seed: Optional[int] = None, **options: Any) -> None:
        super().__init__(seed, **options)
        auto = _checked_spec(self.config)
        # the options that may be 'auto' (None: the game's search_defaults decide)
        self._tree, self._rm = auto["tree"], auto["rm"]
        self._model_share, self._score, self._tieband = auto["modelshare"], auto["score"], auto["tieband"]
        self._time_share = auto["timeshare"]
        self._models: Dict[Tuple[str, str], Any] = {}
        self._tiebreaker: Optional[Bot] = None           # the heuristic bot that breaks exact ties
        self._pool: Any = None
        self._pool_size = 0
        self._bank_ms = 0.0            # budget saved by earlier decisions of this game (time= only)
        self._last_view = -1           # length of the last decision's history (a shorter one: a new game)
        self._post_ms = 0.0            # what the reported belief took after the last search (ms, smoothed)

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self._bank_ms = 0.0
        self._last_view = -1
        self._tiebreaker = None                       # rebuilt from the new seed when next needed

    # --- limits and resources ---------------------------------------------------------------------
    def _plan(self, limits: Optional[Limits], info: Optional[InfoState] = None) -> "_Plan":
        """The decision's limits: the caller's ``limits`` if it sets any, else the spec's
        (``iterations``, ``time`` -- then an average budget, banked and stretched, times the game's
        :meth:`time_share` -- and ``workers``); neither: :data:`DEFAULT_ITERATIONS`."""
        cfg = self.config
        budget = False
        if limits is not None and (limits.iterations or limits.time_ms or limits.infinite):
            iterations, time_ms, infinite = limits.iterations or None, limits.time_ms or None, bool(limits.infinite)
        else:
            iterations, time_ms, infinite = cfg["iterations"] or None, cfg["time"] or None, False
            budget = time_ms is not None
            if time_ms is not None and info is not None:
                time_ms *= self.time_share(info)
        if infinite:
            iterations = time_ms = None
        elif iterations is None and time_ms is None:
            iterations = DEFAULT_ITERATIONS
        workers = (limits.workers if limits is not None and limits.workers else None) or cfg["workers"]
        if iterations is not None:
            iterations = max(1, min(int(iterations), MAX_ITERATIONS))
        return _Plan(iterations, time_ms, max(1, int(workers)), infinite, budget and not infinite)

    def _max_nodes(self, regret: bool = False) -> int:
        """The node cap: the option, or the memory cap over the bytes a node takes (``regret``: with
        regret matching's cumulative regret beside each node)."""
        if self.config["max_nodes"]:
            return int(self.config["max_nodes"])
        return max(2, min(2_000_000_000, self.config["memory"] * (1 << 20) // node_size(regret)))

    def belief_opponent(self, game: Any, info: Optional[InfoState] = None) -> str:
        """The opponent model of the inference for ``game`` (the option, or ``auto``: the game's
        ``belief`` for the seat deciding in ``info`` (``seat_search_defaults``), else its
        ``search_defaults["belief"]``, else ``heuristic``)."""
        name = self.config["opponent"]
        if name != "auto":
            return name
        if info is not None:
            return str(self._seat_default(info, "belief", "heuristic"))
        return str(search_defaults(game).get("belief", "heuristic"))

    def prepare(self, info: InfoState, stop: Optional[StopEvent] = None) -> None:
        """Build the belief table of ``info`` as a decision there would before its search."""
        model = self._model(info)
        if model is not None and _has_belief_hook(info) and self.config["belief"]:
            model.table(info, stop=stop)

    def _model(self, info: InfoState) -> Any:
        opponent = self.belief_opponent(info.game, info)
        key = (info.game.name, opponent)
        if key not in self._models:
            try:
                self._models[key] = belief_model(info.game, opponent=opponent)
            except ValueError as err:
                raise BotSpecError(f"ismcts: {err}", field="bot") from None
        return self._models[key]

    def settings(self, game: Any) -> Dict[str, str]:
        """``opponents`` and ``playout`` for a game (object, class or name), with ``auto`` resolved to
        the game's best measured setting (:func:`search_defaults`)."""
        auto = search_defaults(game)
        playout = self.config["playout"]
        opponents = self.config["opponents"]
        if opponents == "auto":
            opponents = "model" if playout in ("model", "mixed") else auto["opponents"]
        if playout == "auto":
            playout = auto["playout"]
        return {"opponents": opponents, "playout": playout}

    def model_share(self, game: Any) -> float:
        """With ``opponents=model``: the share of the opponents' decisions in the tree sampled from the
        model (the option, or ``auto``: the game's ``search_defaults["modelshare"]``, else 1)."""
        if self._model_share is not None:
            return self._model_share
        return float(search_defaults(game).get("modelshare", 1.0))

    def tree_size(self, info: InfoState) -> int:
        """Iterations per tree of the ensemble, 0 for one tree (the option, or ``auto``: the game's
        ``search_defaults["tree"]`` for the seat deciding, else 0)."""
        if self._tree is not None:
            return int(self._tree)
        return int(self._seat_default(info, "tree", 0))

    def regret_matching(self, info: InfoState) -> float:
        """Regret matching's exploration share at the opponents' searched decisions, 0 for UCB (the
        option, or ``auto``: the game's ``search_defaults["rm"]`` for the seat deciding, else 0; never
        together with Smooth UCT)."""
        if self._rm is not None:
            return self._rm
        if self.config["smooth"] > 0.0:
            return 0.0
        return float(self._seat_default(info, "rm", 0.0))

    def time_share(self, info: InfoState) -> float:
        """The share of the spec's ``time`` a decision of this game gets (the option, or ``auto``: the
        game's ``search_defaults["timeshare"]``, else 1).  A caller's time limit is never scaled."""
        if self._time_share is not None:
            return self._time_share
        return float(self._seat_default(info, "timeshare", 1.0))

    def leaf(self, info: InfoState) -> str:
        """How a leaf is scored: ``"playout"`` or ``"eval"`` (the option, or ``auto``: the game's
        ``search_defaults["leaf"]`` for the seat deciding, else ``"playout"``)."""
        if self.config["leaf"] != "auto":
            return self.config["leaf"]
        return str(self._seat_default(info, "leaf", "playout"))

    @staticmethod
    def _seat_default(info: InfoState, name: str, fallback: Any) -> Any:
        """What ``auto`` means for option ``name`` at this decision: the game's default for the seat
        deciding (``seat_search_defaults``), else its ``search_defaults``, else ``fallback``."""
        seat = info.game.seat_search_defaults(info)
        return seat.get(name, search_defaults(info.game).get(name, fallback))

    def score_weight(self, game: Any) -> float:
        """The weight of the game's score utility in the rewards (the option, or ``auto``: the game's
        ``search_defaults["score"]``, else 0)."""
        if self._score is not None:
            return self._score
        return float(search_defaults(game).get("score", 0.0))

    def opponent_types(self, info: InfoState) -> str:
        """``opptypes`` at this decision: the option, or ``auto``: the game's default for the seat."""
        if self.config["opptypes"] != "auto":
            return self.config["opptypes"]
        return str(self._seat_default(info, "opptypes", "off"))

    def _opponent_model(self, info: InfoState, opponents: str, belief: Any = None) -> Tuple[bool, Optional[bytes]]:
        """Whether the tree models the opponents, and the model's public context at this root (also
        wanted by the bot's own prior, ``prior > 0``); with ``opptypes=belief`` the ``belief`` model
        may mark in the context what kind of player it reads each opponent as (its ``model_context``)."""
        from intrigue.ext.ismcts import has_model_hook, model_ctx_size
        wanted = opponents == "model" or self.config["prior"] > 0
        if not wanted or not has_model_hook(info.core):
            return False, None
        use = opponents == "model"
        if model_ctx_size(info.core) == 0:
            return use, None
        from intrigue.search.heuristic import policy_class
        try:
            context = getattr(policy_class(info.game.name), "model_context", None)
        except BotSpecError:
            context = None
        ctx = context(info) if context is not None else None
        refine = getattr(belief, "model_context", None)
        if ctx is not None and use and refine is not None and self.opponent_types(info) == "belief":
            ctx = refine(info, ctx)
        return use, ctx

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
               on_info: Optional[InfoCallback] = None, stop: Optional[StopEvent] = None) -> Analysis:
        """Search ``info``'s decision within ``limits`` (else the spec's): resolve the limits, build the
        belief and the search options, start the worker processes' searches, run this process's
        (an ensemble of trees, chunk by chunk, until a limit, the clock or ``stop``), merge the
        statistics by action, and answer the most visited move with what the search learned."""
        t0 = time.perf_counter()
        legal = info.legal_actions()
        if not legal:
            raise BotSpecError(f"seat {info.seat} has no decision to make now", field="seat")
        plan = self._plan(limits, info)
        if plan.infinite and stop is None:
            raise BotSpecError("an infinite search needs a stop event", field="infinite")
        seed = self.rng.next()
        moves = {a: info.action_to_string(a) for a in legal}
        if len(info.view) < self._last_view:
            self._bank_ms = 0.0                       # a new game: nothing saved yet
        self._last_view = len(info.view)
        if len(legal) == 1 and not plan.infinite:
            a = legal[0]
            return Analysis(info.seat, a, moves[a], [ActionStat(a, moves[a], 0, 0.0)], policy={a: 1.0},
                            elapsed_ms=(time.perf_counter() - t0) * 1000.0, extra={"forced": True, "stop": "forced"})
        self._allow(plan)
        if self.algorithm(info) == "cfr":
            return self._choose_cfr(info, plan, moves, seed, t0, on_info, stop)
        job = self._prepare_search(info, plan, stop)
        ensemble = _Ensemble(lambda s: Search(info.core, info.seat, s, job.options, table=job.table), seed,
                             job.tree_iters, job.local_iters, self.config["vote"] if plan.early else 0.0)
        futures = self._start_workers(info, plan, job, seed, t0)
        mseed = derive_seed(seed, SEED_BELIEF)
        belief = job.model.marginals(info, job.table, mseed) if on_info is not None and job.model is not None else None
        reason = self._run(ensemble, plan, t0, stop, lambda now: self._report(
            on_info, info, moves, ensemble, plan, (now - t0) * 1000.0, belief))
        t_post = time.perf_counter()
        stats, total, nodes = self._merge(ensemble, futures, reason != "limit" or plan.infinite)
        if job.model is not None:
            belief = job.model.marginals(info, job.table, mseed)
        out = self._analysis(info, moves, stats, total, 0.0, belief)
        self._describe(out, info, plan, job, ensemble, nodes, reason, moves)
        if self.config["tiebreak"]:
            self._break_tie(info, out)
        if self.config["veto"] and self.config["belief"] and hasattr(job.model, "advised_against"):
            self._apply_veto(info, out, job.model.advised_against(info))
        return self._finish(out, plan, t0, t_post)

    def _deadline(self, plan: "_Plan", t0: float) -> Optional[float]:
        """When the search must end (``perf_counter`` time; None: no clock): the allowance less what the
        decision will take after its search (measured on the previous decisions: :meth:`_finish`), no
        earlier than 30% of it."""
        if plan.hard_ms is None:
            return None
        return t0 + max(0.3 * plan.hard_ms, plan.hard_ms - self._post_ms) / 1000.0

    def _finish(self, out: Analysis, plan: "_Plan", t0: float, t_post: float) -> Analysis:
        """The answer's time, banked.  How late the answer came after its search's deadline (the last
        chunk's overrun, merging, the reported belief, the answer; from the search's end if it ended
        before the deadline) is remembered, so the next searches end that much earlier and a whole
        answer fits in its allowance."""
        now = time.perf_counter()
        deadline = self._deadline(plan, t0)
        ended = deadline if deadline is not None and t_post > deadline else t_post
        late_ms = (now - ended) * 1000.0 * POST_MARGIN
        self._post_ms = POST_SMOOTHING * self._post_ms + (1.0 - POST_SMOOTHING) * late_ms
        out.elapsed_ms = (now - t0) * 1000.0
        self._bank(plan, out.elapsed_ms)
        return out

    def algorithm(self, info: InfoState) -> str:
        """``uct`` or ``cfr`` for this decision (the option, or ``auto``: the game's ``search_defaults``
        for the seat deciding, else ``uct``)."""
        if self.config["algorithm"] != "auto":
            return self.config["algorithm"]
        return str(self._seat_default(info, "algorithm", "uct"))

    def _choose_cfr(self, info: InfoState, plan: "_Plan", moves: Dict[int, str], seed: int, t0: float,
                    on_info: Optional[InfoCallback], stop: Optional[StopEvent]) -> Analysis:
        """The decision by online CFR (:mod:`intrigue.search.online_cfr`): the mixed strategy at the seat's
        information set, and a move drawn from it.  (Workers are not used: one process searches.)"""
        cfg = self.config
        options = CfrOptions(sampling=cfg["sampling"], worlds=cfg["worlds"], target=cfg["target"],
                             memory_mb=cfg["memory"],
                             leaf="eval" if self.leaf(info) == "eval" else "playout")
        deadline = self._deadline(plan, t0)
        info_every = max(0.01, cfg["info_ms"] / 1000.0)
        due = [t0 + info_every]

        def report(found: Any, now: float) -> None:
            if on_info is not None and now >= due[0]:
                due[0] = now + info_every
                partial = cfr_answer(info, moves, found, None, (now - t0) * 1000.0)
                on_info({**partial.to_dict(), "nodes": found.node_count, "final": False})

        found, reason = cfr_search(info, derive_seed(seed, SEED_TREE), options, plan.iterations, deadline, stop,
                                   report)
        t_post = time.perf_counter()
        out = cfr_answer(info, moves, found, self.rng, 0.0)
        out.extra.update(algorithm="cfr", sampling=options.sampling, nodes=found.node_count,
                         infosets=found.info_count, stop=reason)
        if plan.hard_ms is not None:
            out.extra["budget_ms"] = round(plan.hard_ms, 3)
        if reason == "stopped":
            out.extra["stopped"] = True
        return self._finish(out, plan, t0, t_post)

    def _allow(self, plan: "_Plan") -> None:
        """The time this decision may take: a caller's limit as given; the spec's budget plus what earlier
        decisions saved, at most time * stretch (the soft limit stays ``time``: past it, a clear decision
        stops); and whether it may stop early."""
        time_ms = plan.time_ms
        plan.soft_ms = plan.hard_ms = time_ms
        if plan.budget and time_ms is not None:
            # (a debt from overruns shortens it, to no less than MIN_ALLOWANCE of the budget)
            plan.hard_ms = max(time_ms * MIN_ALLOWANCE,
                               time_ms + min(self._bank_ms, time_ms * (self.config["stretch"] - 1.0)))
        # early stops belong to the spec's budget (time=); a caller's time limit (the protocol's movetime)
        # is the time searched, as in UCI
        plan.early = bool(self.config["earlystop"]) and time_ms is not None and plan.budget

    def _prepare_search(self, info: InfoState, plan: "_Plan", stop: Optional[StopEvent]) -> "_Job":
        """The belief (its model and likelihood table) and the options of this decision's searches, and
        how their iterations are shared between this process, its trees and the workers."""
        cfg = self.config
        model = self._model(info)
        hook = model is not None and _has_belief_hook(info)
        table = model.table(info, stop=stop) if hook and cfg["belief"] else None
        chosen = self.settings(info.game)
        use_model, ctx = self._opponent_model(info, chosen["opponents"], model if hook else None)
        playout = chosen["playout"]
        if playout in ("model", "mixed") and not use_model:
            playout = "random"                        # a game without a model: its opponents search
        rm = self.regret_matching(info)
        max_nodes = self._max_nodes(rm > 0.0)
        local_iters = share = None
        if plan.iterations is not None:
            share = plan.iterations // plan.workers
            local_iters = plan.iterations - share * (plan.workers - 1)
        tree_iters = self.tree_size(info) or None    # iterations per tree of the ensemble (None: one tree)
        want = local_iters if tree_iters is None else min(local_iters or tree_iters, tree_iters)
        options = SearchOptions(c=cfg["c"], self_p=cfg["selfdet"] if hook else 0.0, playout=playout,
                                opponents="model" if use_model else "search", observer=cfg["observer"],
                                opp_worlds=cfg["oppworlds"], smooth=cfg["smooth"], rm=rm,
                                model_share=self.model_share(info.game) if use_model else 1.0,
                                prior=cfg["prior"], score=self.score_weight(info.game), leaf=self.leaf(info),
                                root_worlds=cfg["rootworlds"], model_ctx=ctx, max_nodes=max_nodes,
                                initial_nodes=min(max_nodes, (want + 2) if want is not None else 1 << 16))
        return _Job(model, table, options, chosen["playout"], tree_iters, local_iters, share)

    def _start_workers(self, info: InfoState, plan: "_Plan", job: "_Job", seed: int, t0: float) -> List[Any]:
        """The worker processes' searches (root parallelization), each with its own seed: futures of
        their root statistics."""
        if plan.workers <= 1:
            return []
        pool = self._workers(plan.workers - 1)
        deadline = None if plan.hard_ms is None else time.time() + plan.hard_ms / 1000.0 - (time.perf_counter() - t0)
        options = dataclasses.replace(job.options, initial_nodes=min(job.options.max_nodes, job.share + 2)
                                      if job.share is not None else 1 << 16)
        task = {"core": info.core, "seat": info.seat, "table": job.table, "options": options,
                "iterations": job.share, "deadline": deadline, "first_chunk": FIRST_TIMED_CHUNK}
        return pool.submit([dict(task, seed=derive_seed(seed, SEED_WORKER, w)) for w in range(1, plan.workers)])

    def _run(self, ensemble: "_Ensemble", plan: "_Plan", t0: float, stop: Optional[StopEvent],
             report: Callable[[float], None]) -> str:
        """This process's search, chunk by chunk without the GIL, until it is done; why it ended
        (``limit``, ``stopped``, ``agreed``, or :func:`_settled`'s reason).  Between chunks: ``stop``, the
        deadline, the early stop, and ``report(now)`` for progress."""
        soft_at = None if plan.soft_ms is None else t0 + plan.soft_ms / 1000.0
        # the search ends early enough to leave time for what follows it (merging, the reported belief,
        # the answer: measured on the previous decisions, _finish), so the whole answer fits in the allowance
        deadline = self._deadline(plan, t0)
        info_every = max(0.01, self.config["info_ms"] / 1000.0)
        next_info = t0 + info_every
        t_search = time.perf_counter()
        # a timed search starts with a small chunk: in games with long playouts (Shadow Master, Politics)
        # 256 iterations take 10-60 ms, which alone would overrun a budget of a few milliseconds
        chunk = 256 if deadline is None else FIRST_TIMED_CHUNK
        while True:
            ended = ensemble.turn_tree()
            if ended:
                return ended
            n = ensemble.next_chunk(chunk)
            if n <= 0:
                return "limit"
            t_run = time.perf_counter()
            ensemble.search.run(n)
            now = time.perf_counter()
            if stop is not None and stop.is_set():
                return "stopped"
            if deadline is not None and now >= deadline:
                return "limit"
            rate = ensemble.iterations / max(now - t_search, 1e-6)
            if plan.early and now - t_search >= MIN_STOP_CHECK_S:
                why = _settled(ensemble.root(), ensemble.iterations, rate, now, deadline, soft_at)
                if why:
                    return why
            recent = n / max(now - t_run, 1e-6)
            if deadline is not None and now + MIN_TIMED_CHUNK / recent >= deadline:
                return "limit"                  # not even the smallest chunk would end in time
            chunk = _next_chunk(n, recent, now, deadline)
            if now >= next_info:
                next_info = now + info_every
                report(now)


    def _bank(self, plan: "_Plan", elapsed_ms: float) -> None:
        """With a spec's budget: what was left is saved (at most 4 budgets); an overrun (the fixed costs of
        a decision, a last chunk that ended late) is a debt the next decisions repay (at most one budget)."""
        if plan.budget and plan.time_ms is not None:
            self._bank_ms = max(-plan.time_ms, min(self._bank_ms + plan.time_ms - elapsed_ms, plan.time_ms * 4.0))

    def _report(self, on_info: Optional[InfoCallback], info: InfoState, moves: Dict[int, str],
                ensemble: "_Ensemble", plan: "_Plan", elapsed_ms: float,
                belief: Optional[Dict[int, Dict[str, float]]]) -> None:
        """A progress report to ``on_info`` (if any): the statistics so far, as the answer gives them."""
        if on_info is None:
            return
        d = self._analysis(info, moves, ensemble.root(), ensemble.iterations, elapsed_ms, belief).to_dict()
        d.update(nodes=ensemble.search.node_count, depth=ensemble.depth, workers=plan.workers, final=False)
        on_info(d)

    def _merge(self, ensemble: "_Ensemble", futures: List[Any],
               stop_workers: bool) -> Tuple[List[Tuple[int, int, float, int]], int, int]:
        """This process's root statistics and the workers', summed by action (the workers told to stop
        first when this search ended before its limit); with the iterations and nodes in all."""
        stats: Dict[int, Tuple[int, float]] = {a: (v, r) for a, v, r, _ in ensemble.root()}   # visits, reward
        total = ensemble.iterations
        nodes = ensemble.search.node_count
        if futures:
            if stop_workers:
                self._pool.stop()
            for fut in futures:
                res = fut.result()
                total += res["iterations"]
                nodes += res["nodes"]
                for a, v, r, _ in res["stats"]:
                    visits, reward = stats.get(a, (0, 0.0))
                    stats[a] = (visits + v, reward + r)
        return [(a, v, r, 0) for a, (v, r) in sorted(stats.items())], total, nodes

    def _describe(self, out: Analysis, info: InfoState, plan: "_Plan", job: "_Job", ensemble: "_Ensemble",
                  nodes: int, reason: str, moves: Dict[int, str]) -> None:
        """What the answer tells beside the move: the search's size, settings and why it stopped."""
        options = job.options
        belief_model = "uniform" if job.table is None else f"{info.game.name}:{self.belief_opponent(info.game, info)}"
        out.extra.update(nodes=nodes, depth=ensemble.depth, workers=plan.workers, belief_model=belief_model,
                         opponents=options.opponents, playout=job.playout, observer=options.observer,
                         stop=reason, trees=ensemble.trees, score=options.score, leaf=options.leaf, rm=options.rm)
        if ensemble.votes:
            out.extra["votes"] = {moves[a]: n for a, n in sorted(ensemble.votes.items(), key=lambda x: -x[1])}
        if plan.hard_ms is not None:
            out.extra["budget_ms"] = round(plan.hard_ms, 3)
        if options.self_p > 0:
            out.extra["self_iterations"] = ensemble.self_iterations
        if reason == "stopped":
            out.extra["stopped"] = True

    def tie_band(self, info: InfoState) -> float:
        """Standard errors within which two root moves count as tied (the option, or ``auto``: the
        game's ``search_defaults["tieband"]`` for this seat, else 0: exact ties only)."""
        if self._tieband is not None:
            return self._tieband
        seat = info.game.seat_search_defaults(info)
        return float(seat.get("tieband", search_defaults(info.game).get("tieband", 0.0)))

    def _break_tie(self, info: InfoState, out: Analysis) -> None:
        """If the search cannot tell the moves apart, take the game's heuristic choice (when the game
        has a heuristic and it picks a searched move).  "Cannot tell apart": with ``tieband`` 0, every
        move tried has exactly the same mean reward; with ``tieband = z > 0``, the heuristic's move is
        within ``z`` standard errors of the move played (each mean's variance bounded by the Bernoulli
        ``v (1 - v) / visits``, rewards being in [0, 1])."""
        tried = {s.action: s for s in out.stats if s.visits > 0}
        if len(tried) < 2:
            return
        z = self.tie_band(info)
        values = [s.value for s in tried.values()]
        if z <= 0.0 and max(values) - min(values) > 1e-12:
            return
        if self._tiebreaker is None:
            if info.game.plugin("heuristic") is None:
                return
            self._tiebreaker = make_bot("heuristic", seed=self.rng.next())
        pick = self._tiebreaker.choose(info).action
        if z > 0.0 and pick in tried and out.action in tried:
            a, b = tried[pick], tried[out.action]
            if abs(a.value - b.value) > z * _gap_se(a, b) + 1e-12:
                return
        if pick != out.action and pick in tried:
            out.action, out.move = pick, info.action_to_string(pick)
            out.extra["tiebreak"] = "heuristic"

    @staticmethod
    def _apply_veto(info: InfoState, out: Analysis, vetoed: Collection[int]) -> None:
        """If the search's move is one the belief advises against (``vetoed``), play instead the most
        visited other move the search cannot tell from it (within ``VETO_BAND`` standard errors, each
        mean's variance bounded as in :meth:`_break_tie`); a vetoed move measured apart stands."""
        tried = {s.action: s for s in out.stats if s.visits > 0}
        if out.action not in vetoed or out.action not in tried:
            return
        b = tried[out.action]
        for a in sorted(tried.values(), key=lambda s: (-s.visits, -s.value, s.action)):
            if a.action in vetoed:
                continue
            if b.value - a.value <= VETO_BAND * _gap_se(a, b) + 1e-12:
                out.action, out.move = a.action, info.action_to_string(a.action)
                out.extra["veto"] = b.move
                return

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


# --- the spec's checks ------------------------------------------------------------------------------
# (option, its allowed values)
_SPEC_CHOICES: Tuple[Tuple[str, Tuple[str, ...]], ...] = (
    ("algorithm", ("auto", "uct", "cfr")),
    ("sampling", SAMPLINGS),
    ("opptypes", ("auto", "belief", "off")),
    ("opponents", ("auto", "model", "search")),
    ("playout", ("auto", "random", "policy", "model", "mixed")),
    ("observer", ("single", "multi", "opponents")),
    ("rootworlds", ("all", "true")),
    ("oppworlds", ("all", "public")),
    ("leaf", ("auto", "playout", "eval")),
)
# (option, low, high or None, how to say it)
_SPEC_RANGES: Tuple[Tuple[str, float, Optional[float], str], ...] = (
    ("iterations", 0, MAX_ITERATIONS, f"from 0 to {MAX_ITERATIONS}"),
    ("time", 0.0, MAX_TIME_MS, f"from 0 to {MAX_TIME_MS:,.0f} (milliseconds, about 11.6 days)"),
    ("workers", 1, 64, "from 1 to 64"),
    ("c", 0.0, None, ">= 0"),
    ("selfdet", 0.0, 1.0, "from 0 to 1"),
    ("smooth", 0.0, 1.0, "from 0 to 1"),
    ("prior", 0.0, None, ">= 0"),
    ("stretch", 1.0, None, ">= 1"),
    ("vote", 0.0, 100.0, "from 0 (off) to 100 (standard deviations)"),
    ("target", 0.0, 0.99, "from 0 to 0.99"),
    ("worlds", 1, 1 << 20, "from 1 to 1048576"),
)
# (option, high, how to say it, a whole number): 'auto' or a number from 0 to high
_SPEC_AUTO: Tuple[Tuple[str, float, str, bool], ...] = (
    ("tree", float(MAX_ITERATIONS), "an iteration count >= 0 (0: one tree)", True),
    ("rm", 1.0, "from 0 to 1", False),
    ("modelshare", 1.0, "from 0 to 1", False),
    ("score", 1.0, "from 0 to 1", False),
    ("tieband", 10.0, "from 0 to 10 (standard errors)", False),
    ("timeshare", 1.0, "from 0.01 to 1", False),
)


def _checked_spec(cfg: Dict[str, Any]) -> Dict[str, Optional[float]]:
    """Check an ``ismcts`` spec's options (a :class:`BotSpecError` names the first bad one); its
    options that may be ``auto`` as numbers (None: ``auto``)."""
    def refuse(why: str) -> None:
        raise BotSpecError(f"ismcts: {why}", field="bot")

    for name, allowed in _SPEC_CHOICES:
        if cfg[name] not in allowed:
            refuse(f"{name} must be {', '.join(repr(v) for v in allowed[:-1])} or {allowed[-1]!r}")
    for name, low, high, what in _SPEC_RANGES:
        if not (low <= cfg[name] and (high is None or cfg[name] <= high)):
            refuse(f"{name} must be {what}")
    auto = {name: _auto_number(cfg[name], name, high, what, integer) for name, high, what, integer in _SPEC_AUTO}
    known = belief_opponent_models()
    if cfg["opponent"] != "auto" and cfg["opponent"] not in known:
        refuse(f"opponent must be 'auto' or one of {', '.join(known)}")
    if cfg["playout"] in ("model", "mixed") and cfg["opponents"] == "search":
        refuse("playout=model/mixed needs opponents=model")
    if auto["timeshare"] is not None and auto["timeshare"] < MIN_TIME_SHARE:
        refuse("timeshare must be 'auto' or from 0.01 to 1")
    if auto["rm"] and cfg["smooth"] > 0.0:
        refuse("rm and smooth are two selection rules for the same decisions: choose one")
    if cfg["memory"] < 1 or not 0 <= cfg["max_nodes"] <= 2_000_000_000 or cfg["max_nodes"] == 1:
        refuse("memory must be >= 1 MB and max_nodes 0 or from 2 to 2e9")
    return auto


def _gap_se(a: ActionStat, b: ActionStat) -> float:
    """The standard error of the difference of two root moves' mean rewards, each mean's variance
    bounded by the Bernoulli ``v (1 - v) / visits`` (rewards are in [0, 1])."""
    return math.sqrt(a.value * (1.0 - a.value) / a.visits + b.value * (1.0 - b.value) / b.visits)


def _auto_number(value: Any, name: str, high: float, what: str, integer: bool = False) -> Optional[float]:
    """An option that is ``auto`` (None: the game's ``search_defaults`` decide) or a number from 0 to
    ``high`` (a whole number if ``integer``); anything else is refused with a message naming the option."""
    if str(value).strip().lower() == "auto":
        return None
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0.0 <= number <= high or (integer and number != int(number)):
        raise BotSpecError(f"ismcts: {name} must be 'auto' or {what}", field="bot")
    return number


def _settled(root: Sequence[Tuple[int, int, float, int]], iterations: int, rate: float, now: float,
             deadline: Optional[float], soft_at: Optional[float]) -> Optional[str]:
    """Why a timed search may stop now, or None: ``"decided"`` when the most visited action can no
    longer be overtaken before the deadline (the root gains at most its share of the iterations
    still to come), ``"clear"`` past the soft limit when the best action holds a clear majority of
    the visits."""
    visits = sorted((v for _, v, _, _ in root), reverse=True)
    if not visits:
        return None
    lead = visits[0] - (visits[1] if len(visits) > 1 else 0)
    if deadline is not None:
        share = sum(visits) / max(1, iterations)      # multi-observer: the root sees part of the iterations
        if lead > share * rate * max(0.0, deadline - now):
            return "decided"
    if soft_at is not None and deadline is not None and soft_at < deadline and now >= soft_at:
        if visits[0] >= CLEAR_SHARE * sum(visits):
            return "clear"
    return None


def _agreed(votes: Dict[int, int], root: Sequence[Tuple[int, int, float, int]], z: float) -> bool:
    """Whether an ensemble's finished trees agree enough to stop: at least :data:`MIN_VOTE_TREES` of
    them, the action most of them chose is also the most visited over all trees, and its votes ``a``
    lead the runner-up's ``b`` by ``z`` standard deviations of a fair split, ``a - b >= z * sqrt(a + b)``
    (a sign test: were the two equally likely choices of a tree, so lopsided a count would be rare)."""
    if sum(votes.values()) < MIN_VOTE_TREES or not root:
        return False
    ranked = sorted(votes.items(), key=lambda x: -x[1])
    a = ranked[0][1]
    b = ranked[1][1] if len(ranked) > 1 else 0
    if max(root, key=lambda s: s[1])[0] != ranked[0][0]:
        return False
    return a - b >= z * math.sqrt(a + b)


class _Plan:
    """One decision's limits, resolved (:meth:`IsmctsBot._plan`, :meth:`IsmctsBot._allow`)."""

    __slots__ = ("iterations", "time_ms", "workers", "infinite", "budget", "soft_ms", "hard_ms", "early")

    def __init__(self, iterations: Optional[int], time_ms: Optional[float], workers: int, infinite: bool,
                 budget: bool) -> None:
        self.iterations = iterations            # iterations in all, summed over the workers (None: no limit)
        self.time_ms = time_ms                  # the caller's limit, or the spec's budget (None: no clock)
        self.workers = workers                  # processes searching (this one included)
        self.infinite = infinite                # until the caller's stop event
        self.budget = budget                    # time_ms is the spec's average budget (banked, stretched)
        self.soft_ms: Optional[float] = None    # past it, a clear decision stops
        self.hard_ms: Optional[float] = None    # the most this decision may take
        self.early = False                      # stop once the best move cannot be overtaken


class _Job:
    """What one decision's searches are made of (:meth:`IsmctsBot._prepare_search`)."""

    __slots__ = ("model", "table", "options", "playout", "tree_iters", "local_iters", "share")

    def __init__(self, model: Any, table: Optional[Sequence[float]], options: SearchOptions, playout: str,
                 tree_iters: Optional[int], local_iters: Optional[int], share: Optional[int]) -> None:
        self.model = model                      # the belief model (None: the game has none)
        self.table = table                      # its likelihood table (None: uniform deals)
        self.options = options                  # what this process's searches are told
        self.playout = playout                  # the playout asked for (before a game without a model falls back)
        self.tree_iters = tree_iters            # iterations per tree of the ensemble (None: one tree)
        self.local_iters = local_iters          # this process's iterations (None: no limit)
        self.share = share                      # each worker's iterations (None: no limit)


class _Ensemble:
    """This process's searches for one decision: trees of ``tree_iters`` iterations (None: one tree),
    each with its own seed, whose root statistics are summed by action; each finished tree votes for
    its most visited move."""

    def __init__(self, new_search: Callable[[int], Search], seed: int, tree_iters: Optional[int],
                 local_iters: Optional[int], vote_z: float) -> None:
        self.new_search = new_search
        self.seed = seed
        self.tree_iters = tree_iters
        self.local_iters = local_iters
        self.vote_z = vote_z                          # 0: the votes never stop the search
        self.search = new_search(seed)                # the current tree
        self.acc: Dict[int, List[float]] = {}          # the finished trees' root statistics
        self.votes: Dict[int, int] = {}                # the finished trees' most visited root actions
        self.done = 0                                 # iterations of the finished trees
        self.done_self = 0                            # ... of which self-determinized
        self.trees = 1
        self.max_depth = 0                            # the finished trees' deepest path

    @property
    def iterations(self) -> int:
        return self.done + self.search.iterations

    @property
    def self_iterations(self) -> int:
        return self.done_self + self.search.self_iterations

    @property
    def depth(self) -> int:
        return max(self.max_depth, self.search.depth)

    def root(self) -> List[Tuple[int, int, float, int]]:
        """The root statistics of every tree, the current one included, summed by action."""
        merged = {a: list(x) for a, x in self.acc.items()}
        for a, v, r, _ in self.search.root_stats():
            m = merged.setdefault(a, [0, 0.0])
            m[0] += v
            m[1] += r
        return [(a, int(v), r, 0) for a, (v, r) in sorted(merged.items())]

    def turn_tree(self) -> Optional[str]:
        """When the current tree is full: its vote, then a fresh tree.  ``"agreed"`` when the votes
        settle the decision, ``"limit"`` when it was the last tree (both leave it current, so
        :meth:`root` counts it once), None to search on."""
        if self.tree_iters is None or self.search.iterations < self.tree_iters:
            return None
        finished = self.search.root_stats()
        if finished:
            best = max(finished, key=lambda s: s[1])[0]
            self.votes[best] = self.votes.get(best, 0) + 1
            if self.vote_z > 0.0 and _agreed(self.votes, self.root(), self.vote_z):
                return "agreed"
        if self.iterations >= min(self.local_iters or MAX_ITERATIONS, MAX_ITERATIONS):
            return "limit"
        for a, v, r, _ in finished:
            m = self.acc.setdefault(a, [0, 0.0])
            m[0] += v
            m[1] += r
        self.done += self.search.iterations
        self.done_self += self.search.self_iterations
        self.max_depth = max(self.max_depth, self.search.depth)
        self.search = self.new_search(derive_seed(self.seed, SEED_TREE, self.trees))
        self.trees += 1
        return None

    def next_chunk(self, chunk: int) -> int:
        """How many of ``chunk`` iterations the current tree may run (0: the search is done)."""
        n = chunk if self.local_iters is None else min(chunk, self.local_iters - self.iterations)
        if self.tree_iters is not None:
            n = min(n, self.tree_iters - self.search.iterations)
        if n <= 0 or self.iterations >= MAX_ITERATIONS:
            return 0
        return n


def _next_chunk(n: int, recent: float, now: float, deadline: Optional[float]) -> int:
    """The next chunk after one of ``n`` iterations ran at ``recent`` per second: about CHUNK_SECONDS of
    search, at most four times as many, ending before the deadline.  (The rate of the latest chunk:
    iterations slow down as the tree deepens, so the cumulative rate of the first, shallow ones would
    overshoot a deadline several times over.)"""
    chunk = max(64, min(500000, int(recent * CHUNK_SECONDS), 4 * n))
    if deadline is not None:
        chunk = max(MIN_TIMED_CHUNK, min(chunk, int(0.9 * recent * (deadline - now)) + 1))
    return chunk


def _has_belief_hook(info: InfoState) -> bool:
    from intrigue.ext.ismcts import has_belief_hook
    return has_belief_hook(info.core)
