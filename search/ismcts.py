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
import threading
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

from intrigue.engine.game import InfoState
from intrigue.ext.game_api import Rng
from intrigue.ext.ismcts import Search, node_size
from intrigue.search.belief import belief_model
from intrigue.search.bot import MAX_TIME_MS, ActionStat, Analysis, Bot, BotSpecError, InfoCallback, Limits, make_bot

DEFAULT_ITERATIONS = 10000
CHUNK_SECONDS = 0.02
MAX_ITERATIONS = 2_000_000_000        # the node counters are 32-bit

FIRST_TIMED_CHUNK = 16               # iterations in a timed search's first chunk, before its rate is known
MIN_ALLOWANCE = 0.25                  # a decision in debt (earlier overruns) still gets this share of its budget
MIN_STOP_CHECK_S = 0.002              # no early stop before this much search (ms-scale noise)
CLEAR_SHARE = 0.5                     # past the budget, a decision is clear once its best action has this share of visits
MIN_VOTE_TREES = 5                    # an ensemble's vote stops a search after at least this many finished trees

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


@dataclasses.dataclass(frozen=True)
class SearchOptions:
    """The named options of one :class:`~intrigue.ext.ismcts.Search` (what the C loop is told).

    ``playout``: "random", "policy", "model" or "mixed"; ``opponents``: "search" or "model";
    ``observer``: "single" or "multi"; ``opp_worlds``: "all" or "public" (see ``ext/ismcts.pyx``)."""

    c: float = 2.0
    self_p: float = 0.0
    playout: str = "random"
    opponents: str = "search"
    observer: str = "single"
    opp_worlds: str = "all"
    smooth: float = 0.0
    rm: float = 0.0
    model_share: float = 1.0
    prior: float = 0.0
    score: float = 0.0
    leaf: str = "playout"
    root_worlds: str = "all"
    model_ctx: Optional[bytes] = None

    def kwargs(self) -> Dict[str, Any]:
        """Keyword arguments of ``Search(core, seat, seed, max_nodes=..., initial_nodes=..., table=...,
        **kwargs)`` (also what a worker job carries under ``"options"``)."""
        return dataclasses.asdict(self)


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
        "c": (float, 2.0, "UCB exploration constant (rewards are 0..1)"),
        "belief": (bool, True, "weight determinizations by the likelihood of the opponents' observed "
                               "claims, blocks, passes and challenges (inference); off: uniform"),
        "opponent": (str, "auto", "opponent model of the inference: 'heuristic' (the heuristic bot's policy), "
                                  "'parametric' (a calibrated honesty/bluff model), a game's own (Coup: "
                                  "'truthful', the heuristic bluffing a tenth as often; 'fitted', the heuristic "
                                  "corrected to how searching bots decide; 'adaptive', each opponent read as "
                                  "whichever of the two explains its decisions) or 'auto' (the game's best "
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
        "observer": (str, "single", "'single': one statistic per public node (the 2012 algorithm; the "
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
        "smooth": (float, 0.0, "Smooth UCT at the opponents' decisions: eta in 0..1 (0: off; e.g. 0.9: about "
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
        "prior": (float, 0.0, "progressive bias at the bot's own decisions in the tree: a child's UCB value gains "
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
        "memory": (int, 256, "tree memory cap in MB (the tree stops growing there)"),
        "max_nodes": (int, 0, "tree node cap (0: from memory)"),
        "info_ms": (int, 100, "milliseconds between on_info progress reports"),
    }

    def __init__(self, seed: Optional[int] = None, **options: Any) -> None:
        super().__init__(seed, **options)
        cfg = self.config
        if cfg["iterations"] < 0 or cfg["iterations"] > MAX_ITERATIONS:
            raise BotSpecError(f"ismcts: iterations must be from 0 to {MAX_ITERATIONS}", field="bot")
        if not 0 <= cfg["time"] <= MAX_TIME_MS:
            raise BotSpecError(f"ismcts: time must be from 0 to {MAX_TIME_MS:,.0f} (milliseconds, about 11.6 days)",
                               field="bot")
        if not 1 <= cfg["workers"] <= 64:
            raise BotSpecError("ismcts: workers must be from 1 to 64", field="bot")
        if not cfg["c"] >= 0:
            raise BotSpecError("ismcts: c must be >= 0", field="bot")
        if not 0.0 <= cfg["selfdet"] <= 1.0:
            raise BotSpecError("ismcts: selfdet must be from 0 to 1", field="bot")
        known = belief_opponent_models()
        if cfg["opponent"] != "auto" and cfg["opponent"] not in known:
            raise BotSpecError(f"ismcts: opponent must be 'auto' or one of {', '.join(known)}", field="bot")
        if cfg["opptypes"] not in ("auto", "belief", "off"):
            raise BotSpecError("ismcts: opptypes must be 'auto', 'belief' or 'off'", field="bot")
        if cfg["opponents"] not in ("auto", "model", "search"):
            raise BotSpecError("ismcts: opponents must be 'auto', 'model' or 'search'", field="bot")
        if cfg["playout"] not in ("auto", "policy", "random", "model", "mixed"):
            raise BotSpecError("ismcts: playout must be 'auto', 'random', 'policy', 'model' or 'mixed'", field="bot")
        if cfg["playout"] in ("model", "mixed") and cfg["opponents"] == "search":
            raise BotSpecError("ismcts: playout=model/mixed needs opponents=model", field="bot")
        if cfg["observer"] not in ("single", "multi", "opponents"):
            raise BotSpecError("ismcts: observer must be 'single', 'multi' or 'opponents'", field="bot")
        if cfg["rootworlds"] not in ("all", "true"):
            raise BotSpecError("ismcts: rootworlds must be 'all' or 'true'", field="bot")
        if cfg["oppworlds"] not in ("all", "public"):
            raise BotSpecError("ismcts: oppworlds must be 'all' or 'public'", field="bot")
        self._tree = _auto_number(cfg["tree"], "tree", float(MAX_ITERATIONS), "an iteration count >= 0 (0: one tree)",
                                  integer=True)
        if cfg["leaf"] not in ("auto", "playout", "eval"):
            raise BotSpecError("ismcts: leaf must be 'auto', 'playout' or 'eval'", field="bot")
        if not 0.0 <= cfg["smooth"] <= 1.0:
            raise BotSpecError("ismcts: smooth must be from 0 to 1", field="bot")
        self._rm = _auto_number(cfg["rm"], "rm", 1.0, "from 0 to 1")
        if self._rm and cfg["smooth"] > 0.0:
            raise BotSpecError("ismcts: rm and smooth are two selection rules for the same decisions: choose one",
                               field="bot")
        if not cfg["prior"] >= 0.0:
            raise BotSpecError("ismcts: prior must be >= 0", field="bot")
        # None: the game's (search_defaults)
        self._model_share = _auto_number(cfg["modelshare"], "modelshare", 1.0, "from 0 to 1")
        self._score = _auto_number(cfg["score"], "score", 1.0, "from 0 to 1")
        self._tieband = _auto_number(cfg["tieband"], "tieband", 10.0, "from 0 to 10 (standard errors)")
        if not cfg["stretch"] >= 1.0:
            raise BotSpecError("ismcts: stretch must be >= 1", field="bot")
        if not 0.0 <= cfg["vote"] <= 100.0:
            raise BotSpecError("ismcts: vote must be from 0 (off) to 100 (standard deviations)", field="bot")
        if cfg["memory"] < 1 or not 0 <= cfg["max_nodes"] <= 2_000_000_000 or cfg["max_nodes"] == 1:
            raise BotSpecError("ismcts: memory must be >= 1 MB and max_nodes 0 or from 2 to 2e9", field="bot")
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
    def _resolve(self, limits: Optional[Limits]) -> Tuple[Optional[int], Optional[float], int, bool, bool]:
        """``(iterations, time_ms, workers, infinite, budget)``; ``budget``: ``time_ms`` is the spec's
        average budget (banked, stretched) rather than a caller's limit for this one decision."""
        cfg = self.config
        budget = False
        if limits is not None and (limits.iterations or limits.time_ms or limits.infinite):
            iterations, time_ms, infinite = limits.iterations or None, limits.time_ms or None, bool(limits.infinite)
        else:
            iterations, time_ms, infinite = cfg["iterations"] or None, cfg["time"] or None, False
            budget = time_ms is not None
        if infinite:
            iterations = time_ms = None
        elif iterations is None and time_ms is None:
            iterations = DEFAULT_ITERATIONS
        workers = (limits.workers if limits is not None and limits.workers else None) or cfg["workers"]
        if iterations is not None:
            iterations = max(1, min(int(iterations), MAX_ITERATIONS))
        return iterations, time_ms, max(1, int(workers)), infinite, budget and not infinite

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

    def prepare(self, info: InfoState, stop: Optional[threading.Event] = None) -> None:
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
               on_info: Optional[InfoCallback] = None, stop: Optional[threading.Event] = None) -> Analysis:
        t0 = time.perf_counter()
        legal = info.legal_actions()
        if not legal:
            raise BotSpecError(f"seat {info.seat} has no decision to make now", field="seat")
        iterations, time_ms, workers, infinite, budget = self._resolve(limits)
        if infinite and stop is None:
            raise BotSpecError("an infinite search needs a stop event", field="infinite")
        seed = self.rng.next()
        moves = {a: info.action_to_string(a) for a in legal}
        if len(info.view) < self._last_view:
            self._bank_ms = 0.0                       # a new game: nothing saved yet
        self._last_view = len(info.view)
        if len(legal) == 1 and not infinite:
            a = legal[0]
            return Analysis(info.seat, a, moves[a], [ActionStat(a, moves[a], 0, 0.0)],
                            elapsed_ms=(time.perf_counter() - t0) * 1000.0, extra={"forced": True, "stop": "forced"})

        cfg = self.config
        # the time this decision may take: a caller's limit as given; the spec's budget plus what earlier
        # decisions saved, at most time * stretch (the soft limit stays `time`: past it, a clear decision stops)
        soft_ms = hard_ms = time_ms
        if budget and time_ms is not None:
            # (a debt from overruns shortens it, to no less than MIN_ALLOWANCE of the budget)
            hard_ms = max(time_ms * MIN_ALLOWANCE, time_ms + min(self._bank_ms, time_ms * (cfg["stretch"] - 1.0)))
        # early stops belong to the spec's budget (time=); a caller's time limit (the protocol's movetime)
        # is the time searched, as in UCI
        early = bool(cfg["earlystop"]) and time_ms is not None and budget
        model = self._model(info)
        hook = model is not None and _has_belief_hook(info)
        table = model.table(info, stop=stop) if hook and cfg["belief"] else None
        self_p = cfg["selfdet"] if hook else 0.0
        chosen = self.settings(info.game)
        use_model, ctx = self._opponent_model(info, chosen["opponents"], model if hook else None)
        playout = chosen["playout"]
        if playout in ("model", "mixed") and not use_model:
            playout = "random"                        # a game without a model: its opponents search
        options = SearchOptions(c=cfg["c"], self_p=self_p, playout=playout,
                                opponents="model" if use_model else "search", observer=cfg["observer"],
                                opp_worlds=cfg["oppworlds"], smooth=cfg["smooth"],
                                rm=self.regret_matching(info),
                                model_share=self.model_share(info.game) if use_model else 1.0,
                                prior=cfg["prior"], score=self.score_weight(info.game), leaf=self.leaf(info),
                                root_worlds=cfg["rootworlds"], model_ctx=ctx)
        max_nodes = self._max_nodes(options.rm > 0.0)
        local_iters = None
        share = 0
        if iterations is not None:
            share = iterations // workers
            local_iters = iterations - share * (workers - 1)
        tree_iters = self.tree_size(info) or None    # iterations per tree of the ensemble (None: one tree)
        want = local_iters if tree_iters is None else min(local_iters or tree_iters, tree_iters)
        initial = min(max_nodes, (want + 2) if want is not None else 1 << 16)
        tseeds = Rng(seed ^ 0x7EE5)

        def new_search(s: int) -> Search:
            return Search(info.core, info.seat, s, max_nodes=max_nodes, initial_nodes=initial, table=table,
                          **options.kwargs())

        search = new_search(seed)
        wseeds = Rng(seed ^ 0x5EED5EED5EED5EED)
        futures = []
        if workers > 1:
            pool = self._workers(workers - 1)
            deadline = None if hard_ms is None else time.time() + hard_ms / 1000.0 - (time.perf_counter() - t0)
            job = {"core": info.core, "seat": info.seat, "max_nodes": max_nodes,
                   "initial_nodes": min(max_nodes, share + 2) if iterations is not None else 1 << 16,
                   "table": table, "options": options.kwargs(),
                   "iterations": share if iterations is not None else None, "deadline": deadline,
                   "first_chunk": FIRST_TIMED_CHUNK}
            futures = pool.submit([dict(job, seed=wseeds.next()) for _ in range(workers - 1)])

        belief = None
        mseed = seed ^ 0xB00B
        if on_info is not None and model is not None:
            belief = model.marginals(info, table, mseed)

        # the ensemble: trees of `tree_iters` iterations, their root statistics summed by action
        acc: Dict[int, List[float]] = {}
        votes: Dict[int, int] = {}                    # the finished trees' most visited root actions
        vote_z = cfg["vote"] if early else 0.0
        done = 0                                      # iterations of the finished trees
        done_self = 0                                 # ... of which self-determinized
        trees = 1
        max_depth = 0

        def root() -> List[Tuple[int, int, float, int]]:
            merged = {a: list(x) for a, x in acc.items()}
            for a, v, r, _ in search.root_stats():
                m = merged.setdefault(a, [0, 0.0])
                m[0] += v
                m[1] += r
            return [(a, int(v), r, 0) for a, (v, r) in sorted(merged.items())]

        soft_at = None if soft_ms is None else t0 + soft_ms / 1000.0
        # the search ends early enough to leave time for the reported belief afterwards (its cost
        # measured on the previous decision), so the whole answer fits in the allowance
        deadline_local = None if hard_ms is None else t0 + max(0.3 * hard_ms, hard_ms - self._post_ms) / 1000.0
        info_every = max(0.01, cfg["info_ms"] / 1000.0)
        next_info = t0 + info_every
        t_search = time.perf_counter()
        # a timed search starts with a small chunk: in games with long playouts (Shadow Master, Politics)
        # 256 iterations take 10-60 ms, which alone would overrun a budget of a few milliseconds
        chunk = 256 if deadline_local is None else FIRST_TIMED_CHUNK
        stopped = False
        reason = "limit"
        while True:
            if tree_iters is not None and search.iterations >= tree_iters:
                finished = search.root_stats()
                if finished:
                    best = max(finished, key=lambda s: s[1])[0]
                    votes[best] = votes.get(best, 0) + 1
                    # the trees agree: the search ends with this tree still current, so root() counts it once
                    if vote_z > 0.0 and _agreed(votes, root(), vote_z):
                        reason = "agreed"
                        break
                if done + search.iterations >= min(local_iters or MAX_ITERATIONS, MAX_ITERATIONS):
                    break                             # the last tree: it stays current, as above
                for a, v, r, _ in finished:
                    m = acc.setdefault(a, [0, 0.0])
                    m[0] += v
                    m[1] += r
                done += search.iterations
                done_self += search.self_iterations
                max_depth = max(max_depth, search.depth)
                search = new_search(tseeds.next())
                trees += 1
            n = chunk if local_iters is None else min(chunk, local_iters - done - search.iterations)
            if tree_iters is not None:
                n = min(n, tree_iters - search.iterations)
            if n <= 0 or done + search.iterations >= MAX_ITERATIONS:
                break
            t_run = time.perf_counter()
            search.run(n)
            now = time.perf_counter()
            # the rate of this chunk: iterations slow down as the tree deepens, so the cumulative rate of
            # the first (shallow, cheap) iterations would overshoot a deadline several times over
            recent = n / max(now - t_run, 1e-6)
            if stop is not None and stop.is_set():
                stopped = True
                reason = "stopped"
                break
            if deadline_local is not None and now >= deadline_local:
                break
            rate = (done + search.iterations) / max(now - t_search, 1e-6)
            if early and now - t_search >= MIN_STOP_CHECK_S:
                why = _settled(root(), done + search.iterations, rate, now, deadline_local, soft_at)
                if why:
                    reason = why
                    break
            # chunks grow at most fourfold, at the latest chunk's rate, and end before the deadline
            chunk = max(64, min(500000, int(recent * CHUNK_SECONDS), 4 * n))
            if deadline_local is not None:
                chunk = max(16, min(chunk, int(0.9 * recent * (deadline_local - now)) + 1))
            if on_info is not None and now >= next_info:
                next_info = now + info_every
                partial = self._analysis(info, moves, root(), done + search.iterations,
                                         (now - t0) * 1000.0, belief)
                d = partial.to_dict()
                d.update(nodes=search.node_count, depth=max(max_depth, search.depth), workers=workers, final=False)
                on_info(d)

        stats = {a: [v, r] for a, v, r, _ in root()}
        total = done + search.iterations
        nodes = search.node_count
        if futures:
            if stopped or infinite or reason not in ("limit",):
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
            t_post = time.perf_counter()
            belief = model.marginals(info, table, mseed)
            self._post_ms = 0.5 * self._post_ms + 0.5 * (time.perf_counter() - t_post) * 1000.0 * 1.2
        elapsed = (time.perf_counter() - t0) * 1000.0
        if budget and time_ms is not None:
            # what was left is saved (at most 4 budgets); an overrun (the fixed costs of a decision, a last
            # chunk that ended late) is a debt the next decisions repay (at most one budget)
            self._bank_ms = max(-time_ms, min(self._bank_ms + time_ms - elapsed, time_ms * 4.0))
        merged = [(a, v, r, 0) for a, (v, r) in sorted(stats.items())]
        out = self._analysis(info, moves, merged, total, elapsed, belief)
        out.extra.update(nodes=nodes, depth=max(max_depth, search.depth), workers=workers,
                         belief_model="uniform" if table is None else f"{info.game.name}:{self.belief_opponent(info.game, info)}",
                         opponents=options.opponents, playout=chosen["playout"], observer=options.observer,
                         stop=reason, trees=trees, score=options.score, leaf=options.leaf, rm=options.rm)
        if votes:
            out.extra["votes"] = {moves[a]: n for a, n in sorted(votes.items(), key=lambda x: -x[1])}
        if hard_ms is not None:
            out.extra["budget_ms"] = round(hard_ms, 3)
        if self_p > 0:
            out.extra["self_iterations"] = done_self + search.self_iterations
        if stopped:
            out.extra["stopped"] = True
        if cfg["tiebreak"]:
            self._break_tie(info, out)
        return out

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
            se = math.sqrt(a.value * (1.0 - a.value) / a.visits + b.value * (1.0 - b.value) / b.visits)
            if abs(a.value - b.value) > z * se + 1e-12:
                return
        if pick != out.action and pick in tried:
            out.action, out.move = pick, info.action_to_string(pick)
            out.extra["tiebreak"] = "heuristic"

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


def _has_belief_hook(info: InfoState) -> bool:
    from intrigue.ext.ismcts import has_belief_hook
    return has_belief_hook(info.core)
