"""Bot-against-bot matches: many seeded games with rotated seats, and their statistics.

The referee gives each bot ``state.information_state(seat)`` and nothing else, applies the decision
with the rules' own check (an illegal decision is a bug and stops the arena, naming the bot), and
records the result.  Seats rotate: in game ``g`` the bot listed ``i``-th sits at seat
``(i + g) % players``, so over any multiple of ``players`` games every bot plays every seat equally
often.  The games of one rotation share their deal seed ("duplicate" deals), which removes much of the
luck of the deal from the comparison.  Every game's chance events and every bot's random choices
come from seeds derived from the arena seed, so a run is reproducible whatever ``workers`` is.

Team matches (``team_bots={"dark": spec, "honest": spec}``) are for games with hidden teams (the
game's :meth:`~intrigue.engine.game.Game.teams` hook): the referee, who knows the roles, seats each
team's bot at that team's seats once the roles are dealt, and the results are per team.  Every game
has its own deal (the roles are part of it), and a game's deal and each seat's bot seed depend only
on the arena seed and the game number, so two team matches with the same seed -- e.g. ``ismcts``
against ``heuristic`` and the ``heuristic`` mirror -- play the same deals and roles.

Pair matches -- the :class:`Ladder` (a round robin with Elo ratings) and the :class:`SprtMatch` (an
A/B test that stops when it decides) -- play two bots at a time, optionally on paired deals (each
deal twice, seats swapped); their statistics are in :mod:`intrigue.search.ratings`.

Every game is one task (:func:`play_task`) whose deal and bot seeds are fixed by the task, so the
backends -- this process, a local process pool, Ray (:mod:`intrigue.search.ray_backend`) -- give the
same games; results stream back as games finish and the driver keeps the tallies and writes the
records.
"""
from __future__ import annotations

import atexit
import dataclasses
import importlib
import math
import os
import socket
import time
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from intrigue.engine.errors import IntrigueError
from intrigue.engine.registry import load_game
from intrigue.ext.game_api import derive_seed
from intrigue.search.bot import Bot, make_bot


class ArenaError(IntrigueError):
    code = "arena_error"


def wilson(wins: float, n: int, z: float = 1.959964) -> List[float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if n <= 0:
        return [0.0, 1.0]
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [max(0.0, centre - half), min(1.0, centre + half)]


#: per seat, per decision kind: [decisions with a choice, their ms summed, their max ms,
#: forced decisions (one legal action), the forced ones' max ms, the search iterations of the
#: decisions with a choice summed (0 for a bot that does not search)]
KindClock = Dict[str, List[float]]


@dataclasses.dataclass
class GameOutcome:
    """One finished arena game; ``seats[s]`` is the index (in the match's bot list) of the bot at seat s."""

    index: int
    seats: List[int]
    placings: List[int]
    winners: List[int]
    draw: bool
    turns: int
    decisions: int
    seconds: float
    think: List[float] = dataclasses.field(default_factory=list)      # seconds of thought per seat
    moves: List[int] = dataclasses.field(default_factory=list)        # decisions with a choice per seat
    teams: Optional[Dict[str, List[int]]] = None                      # team matches: team -> seats
    kinds: List[KindClock] = dataclasses.field(default_factory=list)  # per seat: thinking per decision kind
    worker: str = ""                                                  # "host:pid" of the process that played it
    record: Optional[bytes] = None        # the game record (msgpack), when asked for; the driver saves it
    payoffs: Optional[List[float]] = None  # per seat, in a game whose payoff is its scores (chips in poker)

    def key(self) -> Tuple[Any, ...]:
        """What a seeded game must reproduce on any backend: seats, result and length (not timings)."""
        return (self.index, tuple(self.seats), tuple(self.placings), tuple(self.winners), self.draw,
                self.turns, self.decisions)


def seating(g: int, n: int) -> List[int]:
    """Bot index at each seat in game ``g``: bot i sits at seat (i + g) % n."""
    out = [0] * n
    for i in range(n):
        out[(i + g) % n] = i
    return out


def game_length(core: Any, events: int) -> Tuple[int, str]:
    """How long a game was, in the unit its state counts: ``(core.turn, "turns")`` where the game
    counts turns (Coup), else ``(core.round, "rounds")`` (the Politics Game, Shadow Master), else
    ``(events, "events")`` -- a game's event count is not a count of its turns."""
    for unit in ("turn", "round"):
        value = getattr(core, unit, None)
        if isinstance(value, int):
            return value, unit + "s"
    return events, "events"


def play_game(game: Any, bots: Sequence[Bot], seed: int, record_path: Optional[str] = None,
              meta: Optional[Dict[str, Any]] = None, clock: Optional[List[List[float]]] = None,
              state: Any = None, kinds: Optional[List[KindClock]] = None) -> Any:
    """Play one game between ``bots`` (one per seat) from ``seed``; returns the final state.

    ``clock``, if given, is a ``[seconds, decisions]`` pair per seat that the game adds to; it counts
    only decisions with a choice (a forced one is answered at once and would flatter the average).
    ``kinds``, if given, is a :data:`KindClock` per seat: each decision's thinking time by its
    :attr:`~intrigue.engine.game.Decision.kind` (the bot's own ``Analysis.elapsed_ms`` when it
    reports one, else the referee's clock), forced decisions counted apart.
    ``state``: continue this state (made by ``game.new_state(seed)``) instead of a new one."""
    if state is None:
        state = game.new_state(seed)
    while not state.is_terminal():
        seat = state.current_player()
        info = state.information_state(seat)
        kind = state.decision().kind if kinds is not None else ""
        t = time.perf_counter()
        decision = bots[seat].choose(info)
        wall = time.perf_counter() - t
        choice = len(info.legal_actions()) > 1
        if clock is not None and choice:
            clock[seat][0] += wall
            clock[seat][1] += 1
        if kinds is not None:
            ms = decision.elapsed_ms if decision.elapsed_ms > 0 else 1000.0 * wall
            entry = kinds[seat].setdefault(kind, [0, 0.0, 0.0, 0, 0.0, 0])
            if choice:
                entry[0] += 1
                entry[1] += ms
                entry[2] = max(entry[2], ms)
                entry[5] += decision.iterations
            else:
                entry[3] += 1
                entry[4] = max(entry[4], ms)
        try:
            state.apply_action(decision.action, seat=seat)
        except IntrigueError as err:
            raise ArenaError(f"bot {bots[seat].spec!r} at seat {seat} played an illegal action: {err}") from None
    if record_path is not None:
        state.record(**(meta or {})).save(record_path)
    return state


# per-process cache of bots, so worker processes (and pools inside bots) are made once
_BOTS: Dict[Any, List[Bot]] = {}


@atexit.register
def _close_cached_bots() -> None:
    """Release the cached bots' own worker pools before the interpreter tears its modules down."""
    for bots in _BOTS.values():
        for bot in bots:
            try:
                bot.close()
            except Exception:
                pass
    _BOTS.clear()


def _bots_for(specs: Sequence[str]) -> List[Bot]:
    key = tuple(specs)
    if key not in _BOTS:
        _BOTS[key] = [make_bot(s, seed=0) for s in specs]
    return _BOTS[key]


def _seat_bot(kind: str, name: str, spec: str, rank: int) -> Bot:
    """The ``rank``-th cached bot of ``spec`` in this process (a bot that sits at several seats of one
    game gets one object per seat)."""
    key = (kind, name, spec)
    bots = _BOTS.setdefault(key, [])
    while len(bots) <= rank:
        bots.append(make_bot(spec, seed=0))
    return bots[rank]


def _team_bot(team: str, spec: str, rank: int) -> Bot:
    return _seat_bot("team", team, spec, rank)


def _finish(task: Dict[str, Any], game: Any, bots: List[Bot], seats: List[int], deal: int,
            state: Any = None, teams: Optional[Dict[str, List[int]]] = None) -> GameOutcome:
    """Play the game of ``task`` with ``bots`` per seat and make its outcome (and record, if asked)."""
    n = len(bots)
    g = task["index"]
    t = time.perf_counter()
    clock = [[0.0, 0] for _ in range(n)]
    kinds: List[KindClock] = [{} for _ in range(n)]
    state = play_game(game, bots, deal, None, None, clock, state=state, kinds=kinds)
    res = state.result()
    decisions = sum(1 for e in state.history if e.seat >= 0)
    turns = game_length(state.core, len(state.history))[0]
    record = None
    if task.get("records"):
        meta = {"arena_game": g, "seed": deal, "bots": [bots[s].spec for s in range(n)]}
        record = state.record(**meta).to_bytes()
    payoffs = list(res.scores) if game.payoff == "scores" and res.scores is not None else None
    return GameOutcome(g, seats, list(res.placings), list(res.winners), res.draw, turns, decisions,
                       time.perf_counter() - t, [c[0] for c in clock], [int(c[1]) for c in clock], teams,
                       kinds, f"{socket.gethostname()}:{os.getpid()}", record, payoffs=payoffs)


def _play_team_game(task: Dict[str, Any]) -> GameOutcome:
    g, n, team_bots, seed = task["index"], task["players"], task["team_bots"], task["seed"]
    game = load_game(task["game"], task["ruleset"], n, task["options"])
    deal = derive_seed(seed, g, 0)
    state = game.new_state(deal)
    teams = {name: list(seats) for name, seats in (game.teams(state.core) or {}).items()}
    order = [name for name, _ in team_bots]
    if sorted(teams) != sorted(order):
        raise ArenaError(f"the game's teams are {', '.join(sorted(teams))}, the bots are for "
                         f"{', '.join(order)}", field="team_bots")
    bots: List[Any] = [None] * n
    seats = [0] * n
    for i, (name, spec) in enumerate(team_bots):
        for rank, seat in enumerate(sorted(teams[name])):
            bot = _team_bot(name, spec, rank)
            bot.reseed(derive_seed(seed, g, seat, 1))
            bots[seat] = bot
            seats[seat] = i
    return _finish(task, game, bots, seats, deal, state=state, teams=teams)


def _play_layout_game(task: Dict[str, Any]) -> GameOutcome:
    """A game of a pair match (ladder, SPRT): the driver chose the deal and the bot at each seat."""
    g, seed, specs, layout = task["index"], task["seed"], task["specs"], task["layout"]
    game = load_game(task["game"], task["ruleset"], task["players"], task["options"])
    bots: List[Bot] = []
    for seat, b in enumerate(layout):
        bot = _seat_bot("pair", str(b), specs[b], layout[:seat].count(b))
        bot.reseed(derive_seed(seed, g, seat, 2))
        bots.append(bot)
    return _finish(task, game, bots, list(layout), task["deal"])


def _trace(kind: str, task: Dict[str, Any]) -> None:
    """Diagnostics for tests: with ``INTRIGUE_ARENA_TRACE`` set to a folder, one empty file per game
    started (``start_<index>_<pid>_<ns>``) and per game finished (``end_...``), so a test can tell
    which process is playing which game right now."""
    trace = os.environ.get("INTRIGUE_ARENA_TRACE")
    if trace:
        try:
            open(os.path.join(trace, f"{kind}_{task['index']:06d}_{os.getpid()}_{time.time_ns()}"), "w").close()
        except OSError:
            pass


def play_task(task: Dict[str, Any]) -> GameOutcome:
    """Play the one game a task describes.  Every backend (this process, the local pool, Ray) calls
    this same function, and a game's deal and bot seeds depend only on the task, so a seeded run gives
    the same games whatever runs them."""
    _trace("start", task)
    outcome = _play_task(task)
    _trace("end", task)
    return outcome


def _play_task(task: Dict[str, Any]) -> GameOutcome:
    if task.get("team_bots"):
        return _play_team_game(task)
    if task.get("layout") is not None:
        return _play_layout_game(task)
    g, n, specs, seed = task["index"], task["players"], task["specs"], task["seed"]
    game = load_game(task["game"], task["ruleset"], n, task["options"])
    bots = _bots_for(specs)
    seats = seating(g, n)
    for i, bot in enumerate(bots):
        bot.reseed(derive_seed(seed, g, i, 1))
    deal = derive_seed(seed, g // n, 0)
    return _finish(task, game, [bots[i] for i in seats], seats, deal)


_play_indexed = play_task          # the name this function had before the backends


# --- where games are played ---------------------------------------------------------------------------
def _worker_init() -> None:
    """Worker processes leave Ctrl-C to the driver, which stops them and reports what finished."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class SerialBackend:
    """Games one after another in this process."""

    name = "local"
    capacity = 1

    def imap(self, tasks: Iterator[Dict[str, Any]], window: int = 1) -> Iterator[GameOutcome]:
        for task in tasks:
            yield play_task(task)

    def close(self) -> None:
        pass


class PoolBackend:
    """Games in ``workers`` local processes (spawned), at most ``window`` submitted ahead.

    If a worker process dies, the pool is restarted and the games that had not returned are played
    again (at most ``max_retries`` restarts); results are keyed by game index, so none is counted
    twice."""

    name = "local"

    def __init__(self, workers: int, max_retries: int = 3) -> None:
        self.capacity = workers
        self.max_retries = max_retries
        self.restarts = 0

    def _executor(self) -> Any:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        return ProcessPoolExecutor(max_workers=self.capacity, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_worker_init)

    @staticmethod
    def _stop(ex: Any, finished: bool) -> None:
        if not finished:
            # stopped early (SPRT decided, Ctrl-C, an error, a dead worker): the games still running
            # are abandoned; stopping the processes fails the pending futures, which nobody reads
            for proc in list((getattr(ex, "_processes", None) or {}).values()):
                try:
                    proc.terminate()
                except Exception:
                    pass
        ex.shutdown(wait=True, cancel_futures=True)

    def imap(self, tasks: Iterator[Dict[str, Any]], window: int = 0) -> Iterator[GameOutcome]:
        from concurrent.futures import FIRST_COMPLETED, wait
        from concurrent.futures.process import BrokenProcessPool
        window = window or 4 * self.capacity
        ex = self._executor()
        pending: Dict[Any, Dict[str, Any]] = {}
        source = iter(tasks)
        again: List[Dict[str, Any]] = []               # games to play again after a worker died
        finished = False
        try:
            while True:
                while len(pending) < window:
                    task = again.pop(0) if again else next(source, None)
                    if task is None:
                        break
                    pending[ex.submit(play_task, task)] = task
                if not pending:
                    break
                done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                broken = False
                for fut in sorted(done, key=lambda f: pending[f]["index"]):
                    try:
                        out = fut.result()
                    except BrokenProcessPool:
                        broken = True
                        continue
                    del pending[fut]
                    yield out
                if broken:
                    self.restarts += 1
                    if self.restarts > self.max_retries:
                        raise ArenaError(f"local worker processes died {self.restarts} times; stopping")
                    # every game that has not returned is played again on a fresh pool
                    again = sorted(pending.values(), key=lambda t: t["index"]) + again
                    pending.clear()
                    self._stop(ex, False)
                    ex = self._executor()
            finished = True
        finally:
            self._stop(ex, finished)

    def close(self) -> None:
        pass


def _task_cpus(specs: Sequence[str]) -> int:
    """CPUs one game needs: the largest ``workers=`` among the bots (a bot searching in N processes)."""
    from intrigue.search.bot import parse_spec
    most = 1
    for spec in specs:
        try:
            most = max(most, int(parse_spec(spec)[1].get("workers", 1)))
        except (ValueError, IntrigueError):
            pass
    return most


#: backends beyond this machine, as "module:class" (the module builds on this one, so it is imported
#: by name when an arena asks for it; its class takes address, workers, max_retries and task_cpus)
REMOTE_BACKENDS: Dict[str, str] = {"ray": "intrigue.search.ray_backend:RayBackend"}


def make_backend(name: str, workers: int, address: Optional[str] = None, max_retries: int = 3,
                 specs: Sequence[str] = ()) -> Any:
    """``local`` (this process, or a pool of ``workers`` processes) or ``ray`` (a Ray cluster at
    ``address``, or a local Ray of ``workers`` CPUs when no address is given)."""
    if name == "local":
        if address:
            raise ArenaError("--address is for the ray backend", field="address")
        return SerialBackend() if workers == 1 else PoolBackend(workers, max_retries)
    target = REMOTE_BACKENDS.get(name)
    if target is None:
        raise ArenaError(f"unknown backend {name!r} ({', '.join(['local', *REMOTE_BACKENDS])})", field="backend")
    module, attr = target.split(":")
    backend_class = getattr(importlib.import_module(module), attr)     # imported only when asked for
    return backend_class(address=address, workers=workers, max_retries=max_retries, task_cpus=_task_cpus(specs))


# --- tallies ---------------------------------------------------------------------------------------------
@dataclasses.dataclass
class BotTally:
    """One bot entry's results; in a team match, one team's (a game counts once per team: a win
    when every winner is in the team, a draw when the winners span teams; placing: the mean over the
    team's seats)."""

    spec: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    placing_sum: float = 0.0
    places: List[int] = dataclasses.field(default_factory=list)   # games finished in place 1, 2, ...
    decisions: int = 0
    think: float = 0.0
    team: Optional[str] = None
    kinds: KindClock = dataclasses.field(default_factory=dict)
    payoffs: List[float] = dataclasses.field(default_factory=list)   # per game, where the game pays scores

    def mean_payoff(self) -> Optional[Tuple[float, List[float]]]:
        """The mean payoff per game and its 95% interval (normal approximation), or None."""
        n = len(self.payoffs)
        if n == 0:
            return None
        mean = sum(self.payoffs) / n
        var = sum((x - mean) ** 2 for x in self.payoffs) / (n - 1) if n > 1 else 0.0
        half = 1.959964 * math.sqrt(var / n)
        return mean, [mean - half, mean + half]

    def add_kinds(self, kinds: KindClock) -> None:
        for kind, (n, total, most, forced, forced_most, iterations) in kinds.items():
            entry = self.kinds.setdefault(kind, [0, 0.0, 0.0, 0, 0.0, 0])
            entry[0] += n
            entry[1] += total
            entry[2] = max(entry[2], most)
            entry[3] += forced
            entry[4] = max(entry[4], forced_most)
            entry[5] += iterations

    def kinds_dict(self) -> Dict[str, Dict[str, Any]]:
        """Thinking time per decision kind: decisions with a choice (their count, mean and max ms, mean
        search iterations) and forced decisions (count, max ms)."""
        out = {}
        for kind in sorted(self.kinds):
            n, total, most, forced, forced_most, iterations = self.kinds[kind]
            out[kind] = {"decisions": int(n), "mean_ms": round(total / n, 3) if n else None,
                         "max_ms": round(most, 3) if n else None,
                         "mean_iterations": round(iterations / n, 1) if n else None,
                         "forced": int(forced), "forced_max_ms": round(forced_most, 3) if forced else None}
        return out

    def iterations_per_decision(self) -> Optional[float]:
        """The mean search iterations over the decisions with a choice (None before any)."""
        n = sum(entry[0] for entry in self.kinds.values())
        return round(sum(entry[5] for entry in self.kinds.values()) / n, 1) if n else None

    def to_dict(self) -> Dict[str, Any]:
        rate = self.wins / self.games if self.games else 0.0
        lo, hi = wilson(self.wins, self.games)
        out = {"spec": self.spec, "games": self.games, "wins": self.wins, "draws": self.draws,
               "win_rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
               "mean_placing": round(self.placing_sum / self.games, 3) if self.games else None,
               **({"placings": list(self.places)} if self.places else {}),
               "ms_per_decision": round(1000.0 * self.think / self.decisions, 3) if self.decisions else None,
               "iterations_per_decision": self.iterations_per_decision(),
               "think_by_kind": self.kinds_dict()}
        payoff = self.mean_payoff()
        if payoff is not None:
            out["mean_payoff"] = round(payoff[0], 6)
            out["payoff_ci95"] = [round(x, 6) for x in payoff[1]]
        if self.team is not None:
            out = {"team": self.team, **out}
        return out


def pair_score(o: GameOutcome, a: int) -> float:
    """Bot ``a``'s score in a game of a pair match: 1 when only its seats won, 0 when only the other
    bot's did, 1/2 when winners span both (a tie between two seats of the same bot is its win)."""
    ours = any(o.seats[w] == a for w in o.winners)
    theirs = any(o.seats[w] != a for w in o.winners)
    return 1.0 if ours and not theirs else 0.0 if theirs and not ours else 0.5


@dataclasses.dataclass(frozen=True)
class MatchConfig:
    """The settings every arena match is played with, whatever it is (a plain match, a ladder, an
    SPRT, a gauntlet), given by keyword and checked here, in one place::

        MatchConfig(game="coup", ruleset="standard", players=3, seed=5, workers=2)

    What a kind of match adds (its bots, how many games, the SPRT's bounds ...) is that class's own
    keyword arguments."""

    game: str
    """The game's registry name (``coup``, ``politics`` ...)."""
    ruleset: Optional[str] = None
    """The ruleset (None: the game's default)."""
    players: int = 2
    """Seats at the table."""
    options: Optional[Mapping[str, Any]] = None
    """Game options over the ruleset's (``{"length": "half"}``)."""
    seed: int = 0
    """The match seed: every game's deal and every bot's seed are derived from it."""
    workers: int = 1
    """Games played at once (local processes; on Ray, CPUs of a local cluster)."""
    records: Optional[str] = None
    """A folder to save every game's record in (None: none saved)."""
    backend: str = "local"
    """Where games are played: ``local`` (this process or a process pool) or ``ray``."""
    address: Optional[str] = None
    """The Ray cluster's address (``ray`` only; None: a local Ray)."""
    max_retries: int = 3
    """Restarts of dead worker processes before the match stops."""

    def __post_init__(self) -> None:
        if isinstance(self.workers, bool) or not isinstance(self.workers, int) or self.workers < 1:
            raise ArenaError("workers must be >= 1", field="workers")
        if self.backend not in ("local", *REMOTE_BACKENDS):
            raise ArenaError(f"unknown backend {self.backend!r} ({', '.join(['local', *REMOTE_BACKENDS])})",
                             field="backend")
        if self.address and self.backend == "local":
            raise ArenaError("--address is for the ray backend", field="address")
        if isinstance(self.max_retries, bool) or not isinstance(self.max_retries, int) or self.max_retries < 0:
            raise ArenaError("max_retries must be >= 0", field="max_retries")
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ArenaError(f"players must be a whole number, got {self.players!r}", field="players")
        if self.options is not None:                   # kept as a plain dict copy: the config stays as given
            object.__setattr__(self, "options", dict(self.options))

    def load_game(self) -> Any:
        """The game these settings name (checks the game, the ruleset, the players and the options)."""
        return load_game(self.game, self.ruleset, self.players, dict(self.options) if self.options else None)


class Match:
    """What every arena run shares: the game, the bots, the backend, the run loop and the records.

    A subclass yields the games' tasks (:meth:`tasks`) and may stop the run early (:meth:`accept`).
    Every match takes its :class:`MatchConfig` first and its own arguments by keyword."""

    def __init__(self, config: MatchConfig) -> None:
        if not isinstance(config, MatchConfig):
            raise TypeError(f"a match takes a MatchConfig first, got {type(config).__name__}")
        self.config = config
        self.game = config.load_game()                              # checks game, ruleset, players
        self.players = config.players
        self.seed = config.seed
        self.workers = config.workers
        self.records = config.records
        self.backend = config.backend
        self.address = config.address
        self.max_retries = config.max_retries
        self.specs: List[str] = []
        self.outcomes: List[GameOutcome] = []
        self.seconds = 0.0
        self.planned = 0                      # games the run would play if nothing stops it
        self._t0: Optional[float] = None

    def _check_specs(self, specs: Sequence[str]) -> None:
        for s in specs:
            make_bot(s, seed=0).close()                              # checks every spec up front

    def _task(self, index: int, **extra: Any) -> Dict[str, Any]:
        g = self.game
        return {"index": index, "game": g.name, "ruleset": g.ruleset, "players": self.players,
                "options": g.overrides(), "specs": self.specs, "seed": self.seed,
                "records": bool(self.records), **extra}

    def tasks(self) -> Iterator[Dict[str, Any]]:
        raise NotImplementedError

    def accept(self, outcome: GameOutcome) -> bool:
        """Count a finished game (and save its record); False stops the run (default: count
        everything, never stop)."""
        self._save_record(outcome)
        self.outcomes.append(outcome)
        return True

    def _save_record(self, outcome: GameOutcome) -> None:
        if outcome.record is not None and self.records:
            path = os.path.join(self.records, f"game_{outcome.index:05d}.msgpack")
            tmp = path + ".tmp"
            with open(tmp, "wb") as f:
                f.write(outcome.record)
            os.replace(tmp, path)
        outcome.record = None

    @property
    def elapsed(self) -> float:
        return self.seconds if self._t0 is None else time.perf_counter() - self._t0

    def run(self, progress: Optional[Callable[[Any, GameOutcome], None]] = None) -> Dict[str, Any]:
        """Play the games (on the backend), stream each result into the tallies as it finishes and
        return :meth:`summary`.  On Ctrl-C the games in flight are abandoned and the exception
        propagates; :meth:`summary` then reports the games that finished."""
        self._t0 = time.perf_counter()
        if self.records:
            os.makedirs(self.records, exist_ok=True)
        backend = make_backend(self.backend, self.workers, self.address, self.max_retries, self.specs)
        stream = backend.imap(self.tasks())
        try:
            for out in stream:
                go_on = self.accept(out)
                if progress:
                    progress(self, out)
                if not go_on:
                    break
        finally:
            try:
                stream.close()
            finally:
                backend.close()
                self.seconds = time.perf_counter() - self._t0
                self._t0 = None
                self.outcomes.sort(key=lambda o: o.index)
        return self.summary()

    def summary(self, seconds: Optional[float] = None) -> Dict[str, Any]:
        raise NotImplementedError

    def progress_text(self) -> str:
        return ""

    def _common(self, seconds: Optional[float]) -> Dict[str, Any]:
        n = len(self.outcomes)
        return {
            "game": self.game.name, "ruleset": self.game.ruleset, "players": self.players,
            "options": self.game.overrides(), "games": n, "seed": self.seed,
            "mean_turns": round(sum(o.turns for o in self.outcomes) / n, 3) if n else None,
            "length_unit": game_length(self.game.new_initial_state().core, 0)[1],
            "mean_decisions": round(sum(o.decisions for o in self.outcomes) / n, 3) if n else None,
            "seconds": round(self.elapsed if seconds is None else seconds, 3),
            "backend": self.backend,
        }


class Arena(Match):
    """A match of ``games`` games between ``specs`` (one per seat), or between teams (``team_bots``:
    one spec per team of a game with hidden teams)."""

    def __init__(self, config: MatchConfig, *, specs: Optional[Sequence[str]] = None, games: int,
                 team_bots: Optional[Dict[str, str]] = None) -> None:
        super().__init__(config)
        players = config.players
        self.team_bots: Optional[List[Tuple[str, str]]] = None
        if team_bots:
            if specs:
                raise ArenaError("give bots per seat or per team, not both", field="team_bots")
            teams = self.game.teams(self.game.new_state(0).core)
            if not teams:
                raise ArenaError(f"{self.game.name} has no teams: give one bot per seat", field="team_bots")
            known = {name.lower(): name for name in teams}
            pairs = []
            for name, spec in team_bots.items():
                key = str(name).strip().lower()
                if key not in known:
                    raise ArenaError(f"{self.game.name} has no team {name!r} (teams: {', '.join(teams)})",
                                     field="team_bots")
                pairs.append((known[key], spec))
            missing = set(teams) - {name for name, _ in pairs}
            if missing or len(pairs) != len(teams):
                raise ArenaError(f"give one bot per team ({', '.join(teams)}); missing or repeated: "
                                 f"{', '.join(sorted(missing)) or 'repeated'}", field="team_bots")
            self.team_bots = pairs
            specs = [spec for _, spec in pairs]
        elif specs is None or len(specs) != players:
            raise ArenaError(f"{players} players need {players} bot specs, got {len(specs or [])}", field="bots")
        self._check_specs(specs)
        if games < 1:
            raise ArenaError("games must be >= 1", field="games")
        self.specs = list(specs)
        self.games = games
        self.planned = games

    def tasks(self) -> Iterator[Dict[str, Any]]:
        for i in range(self.games):
            yield self._task(i, team_bots=self.team_bots)

    def tallies(self) -> List[BotTally]:
        if self.team_bots:
            return self.team_tallies()
        tallies = [BotTally(s, places=[0] * self.players) for s in self.specs]
        for o in self.outcomes:
            for seat, i in enumerate(o.seats):
                t = tallies[i]
                t.games += 1
                t.placing_sum += o.placings[seat]
                t.places[o.placings[seat] - 1] += 1
                t.think += o.think[seat]
                t.decisions += o.moves[seat]
                t.add_kinds(o.kinds[seat])
                if o.payoffs is not None:
                    t.payoffs.append(o.payoffs[seat])
                if seat in o.winners:
                    if o.draw:
                        t.draws += 1
                    else:
                        t.wins += 1
        return tallies

    def team_tallies(self) -> List[BotTally]:
        teams = self.team_bots or []
        tallies = [BotTally(spec, team=name) for name, spec in teams]
        for o in self.outcomes:
            for (name, _), t in zip(teams, tallies):
                members = (o.teams or {}).get(name, [])
                if not members:
                    continue
                t.games += 1
                t.placing_sum += sum(o.placings[s] for s in members) / len(members)
                t.think += sum(o.think[s] for s in members)
                t.decisions += sum(o.moves[s] for s in members)
                for s in members:
                    t.add_kinds(o.kinds[s])
                ours = [w for w in o.winners if w in members]
                if ours and len(ours) == len(o.winners):
                    t.wins += 1
                elif ours:
                    t.draws += 1
        return tallies

    def _shared(self, o: GameOutcome) -> bool:
        """A drawn game: tied winners; in a team match, winners on more than one team (a tie
        inside one team is that team's win)."""
        if not self.team_bots:
            return o.draw
        return sum(1 for seats in (o.teams or {}).values() if any(w in seats for w in o.winners)) > 1

    def summary(self, seconds: Optional[float] = None) -> Dict[str, Any]:
        out = self._common(seconds)
        out["bots"] = [t.to_dict() for t in self.tallies()]
        out["draws"] = sum(1 for o in self.outcomes if self._shared(o))
        ratings = self.ratings()
        if ratings is not None:
            out["ratings"] = ratings
        return out

    def ratings(self) -> Optional[Dict[str, Any]]:
        """Among three or more seats with two or more different bots: Elo ratings of the distinct
        specs (mean 0, 95% intervals) from the winners (Luce's choice model) and from the whole
        finishing order (Plackett-Luce), the games of one deal clustered for the errors; with two
        specs also their difference.  None in a team match, heads-up, or before any game."""
        distinct = list(dict.fromkeys(self.specs))
        if self.team_bots or self.players < 3 or len(distinct) < 2 or not self.outcomes:
            return None
        from intrigue.search.ratings import RatingsError, fit_placings
        of = [distinct.index(spec) for spec in self.specs]
        games = [[(of[bot], o.placings[seat]) for seat, bot in enumerate(o.seats)] for o in self.outcomes]
        units = [o.index // self.players for o in self.outcomes]     # a rotation's games share a deal
        out: Dict[str, Any] = {"model": "plackett-luce", "anchor": "mean 0", "bots": distinct}
        for name, places in (("winners", 1), ("order", None)):
            try:
                fit = fit_placings(len(distinct), games, units, places=places, names=distinct)
            except RatingsError as err:
                out[name] = {"error": str(err)}
                continue
            entry: Dict[str, Any] = {"elo": [round(x, 1) for x in fit.elo],
                                     "error95": [round(x, 1) for x in fit.error95]}
            if len(distinct) == 2:
                diff, err95 = fit.difference(0, 1)
                entry["difference"] = {"elo": round(diff, 1), "error95": round(err95, 1)}
            out[name] = entry
        return out

    def progress_text(self) -> str:
        first = self.tallies()[0]
        rate = first.wins / first.games if first.games else 0.0
        return f"{first.spec}: {100 * rate:.1f}%"


# --- pair matches: the ladder and the SPRT ---------------------------------------------------------------
class PairMatch(Match):
    """Games between two bots at a time, out of a list of bots.

    The two bots take the seats alternately (heads-up: one seat each).  Unpaired, game ``k`` of a
    pair has a deal of its own and the bots swap seats from one game to the next; paired
    (``paired=True``), games ``2m`` and ``2m + 1`` share one deal with the seats swapped, so the luck
    of the deal cancels within the pair.  Deals depend only on the seed and ``k``: every pair of a
    ladder, and an SPRT run with the same seed, play the same deals."""

    DEAL_TAG = 0x5EED

    def __init__(self, config: MatchConfig, *, specs: Sequence[str], paired: bool = False) -> None:
        super().__init__(config)
        if config.players < 2:
            raise ArenaError("a pair match needs at least two seats", field="players")
        self._check_specs(specs)
        self.specs = list(specs)
        self.paired = paired

    def layout(self, a: int, b: int, k: int) -> List[int]:
        """The bot at each seat in game ``k`` between bots ``a`` and ``b``."""
        first, second = (a, b) if k % 2 == 0 else (b, a)
        return [first if s % 2 == 0 else second for s in range(self.players)]

    def deal(self, k: int) -> int:
        return derive_seed(self.seed, self.DEAL_TAG, k // 2 if self.paired else k)

    def pair_task(self, index: int, a: int, b: int, k: int) -> Dict[str, Any]:
        return self._task(index, layout=self.layout(a, b, k), deal=self.deal(k))

    def bot_tallies(self, outcomes: Optional[Sequence[GameOutcome]] = None) -> List[BotTally]:
        """Per bot: games, wins (only its seats won), draws (winners on both sides), mean placing of
        its seats, thinking time."""
        tallies = [BotTally(s) for s in self.specs]
        for o in self.outcomes if outcomes is None else outcomes:
            for b in sorted(set(o.seats)):
                t = tallies[b]
                mine = [s for s, x in enumerate(o.seats) if x == b]
                score = pair_score(o, b)
                t.games += 1
                t.wins += score == 1.0
                t.draws += score == 0.5
                t.placing_sum += sum(o.placings[s] for s in mine) / len(mine)
                t.think += sum(o.think[s] for s in mine)
                t.decisions += sum(o.moves[s] for s in mine)
                for s in mine:
                    t.add_kinds(o.kinds[s])
        return tallies


class Ladder(PairMatch):
    """A round robin: every pair of ``specs`` plays ``games`` games, and the bots get Elo ratings
    (maximum-likelihood fit, ``anchor`` "mean" or a bot index, 95% intervals; see
    :func:`intrigue.search.ratings.fit_elo`)."""

    def __init__(self, config: MatchConfig, *, specs: Sequence[str], games: int, paired: bool = False,
                 anchor: Union[str, int] = "mean", virtual_draws: float = 1.0) -> None:
        if len(specs) < 2:
            raise ArenaError("a ladder needs at least two bots", field="bots")
        if len(set(specs)) != len(specs):
            raise ArenaError("a ladder's bots must be distinct specs", field="bots")
        if games < 1:
            raise ArenaError("games must be >= 1", field="games")
        if paired and games % 2:
            raise ArenaError("paired games come two per deal: give an even number of games per pair",
                             field="games")
        if isinstance(anchor, int) and not 0 <= anchor < len(specs):
            raise ArenaError(f"anchor {anchor} is not a bot of the ladder", field="anchor")
        super().__init__(config, specs=specs, paired=paired)
        self.games = games
        self.pairs = [(a, b) for a in range(len(specs)) for b in range(a + 1, len(specs))]
        self.planned = games * len(self.pairs)
        self.anchor = anchor
        self.virtual_draws = virtual_draws

    def tasks(self) -> Iterator[Dict[str, Any]]:
        # pairs interleaved, so an interrupted ladder has played every pair about equally
        for k in range(self.games):
            for p, (a, b) in enumerate(self.pairs):
                yield self.pair_task(p * self.games + k, a, b, k)

    def ratings(self) -> Optional[Dict[str, Any]]:
        from intrigue.search.ratings import RatingsError, fit_elo
        games, units = [], []
        for o in self.outcomes:
            p, k = divmod(o.index, self.games)
            a, b = self.pairs[p]
            games.append((a, b, pair_score(o, a)))
            units.append((p, k // 2) if self.paired else o.index)
        try:
            fit = fit_elo(len(self.specs), games, units, anchor=self.anchor, virtual_draws=self.virtual_draws)
        except RatingsError as err:
            return {"error": str(err)}
        return {"anchor": "mean 0" if self.anchor == "mean" else f"{self.specs[int(self.anchor)]} = 0",
                "virtual_draws_per_pair": self.virtual_draws, "paired": self.paired,
                "elo": [round(x, 1) for x in fit.elo], "error95": [round(x, 1) for x in fit.error95],
                "fit": fit}

    def pair_table(self) -> List[Dict[str, Any]]:
        rows = []
        for p, (a, b) in enumerate(self.pairs):
            mine = [o for o in self.outcomes if o.index // self.games == p]
            scores = [pair_score(o, a) for o in mine]
            rows.append({"bots": [self.specs[a], self.specs[b]], "games": len(mine),
                         "wins": sum(1 for s in scores if s == 1.0), "draws": sum(1 for s in scores if s == 0.5),
                         "losses": sum(1 for s in scores if s == 0.0)})
        return rows

    def summary(self, seconds: Optional[float] = None) -> Dict[str, Any]:
        out = self._common(seconds)
        out["mode"] = "ladder"
        out["paired"] = self.paired
        out["games_per_pair"] = self.games
        bots = [t.to_dict() for t in self.bot_tallies()]
        fit = self.ratings() if self.outcomes else None
        if fit and "fit" in fit:
            f = fit.pop("fit")
            for i, b in enumerate(bots):
                b["elo"] = round(f.elo[i], 1)
                b["elo_error95"] = round(f.error95[i], 1)
                b["score"] = round(f.score[i] / f.games[i], 4) if f.games[i] else None
            fit["differences"] = [{"bots": [self.specs[a], self.specs[b]],
                                   "elo": round(f.difference(a, b)[0], 1),
                                   "error95": round(f.difference(a, b)[1], 1)} for a, b in self.pairs]
        out["bots"] = bots
        out["ladder"] = fit
        out["pairs"] = self.pair_table()
        out["draws"] = sum(1 for o in self.outcomes if any(pair_score(o, s) == 0.5 for s in set(o.seats)))
        return out

    def progress_text(self) -> str:
        return f"{len(self.pairs)} pairs"


class SprtMatch(PairMatch):
    """An A/B test of ``specs[0]`` (A, the change) against ``specs[1]`` (B, the base): games until the
    :class:`~intrigue.search.ratings.Sprt` decides or ``games`` are played.

    Results are counted in game order (a trinomial of A's losses, draws and wins; paired, a
    pentanomial of its game pairs' scores), whatever order the backend finishes them in, so the test
    stops at the same game on any backend and any number of workers; games past the deciding one
    that were already running are dropped."""

    def __init__(self, config: MatchConfig, *, specs: Sequence[str], games: int, sprt: Any,
                 paired: bool = False) -> None:
        if len(specs) != 2:
            raise ArenaError(f"an SPRT compares two bots (A, the change, then B, the base), got {len(specs)}",
                             field="bots")
        if games < 1:
            raise ArenaError("games must be >= 1", field="games")
        if paired and games % 2:
            raise ArenaError("paired games come two per deal: give an even maximum of games", field="games")
        super().__init__(config, specs=specs, paired=paired)
        self.sprt = sprt
        self.games = games
        self.planned = games
        self.counts = [0, 0, 0, 0, 0] if paired else [0, 0, 0]
        self.status: Dict[str, Any] = sprt.status(self.counts)
        self.history: List[Tuple[int, float]] = []           # (games counted, LLR) after each update
        self._waiting: Dict[int, GameOutcome] = {}
        self._next = 0
        self._half: Optional[float] = None

    def tasks(self) -> Iterator[Dict[str, Any]]:
        for k in range(self.games):
            yield self.pair_task(k, 0, 1, k)

    def accept(self, outcome: GameOutcome) -> bool:
        self._waiting[outcome.index] = outcome
        while self._next in self._waiting and self.status["decision"] is None:
            o = self._waiting.pop(self._next)
            self._next += 1
            self._save_record(o)                     # only counted games leave a record
            self.outcomes.append(o)
            score = pair_score(o, 0)
            if self.paired:
                if o.index % 2 == 0:
                    self._half = score
                    continue
                self.counts[int(round(2 * (score + (self._half or 0.0))))] += 1
            else:
                self.counts[int(round(2 * score))] += 1
            self.status = self.sprt.status(self.counts)
            self.history.append((len(self.outcomes), self.status["llr"]))
        return self.status["decision"] is None

    def summary(self, seconds: Optional[float] = None) -> Dict[str, Any]:
        from intrigue.search.ratings import elo_estimate
        out = self._common(seconds)
        out["mode"] = "sprt"
        out["paired"] = self.paired
        out["max_games"] = self.games
        out["bots"] = [t.to_dict() for t in self.bot_tallies()]
        status = dict(self.status)
        status["results_kind"] = "pentanomial" if self.paired else "trinomial"
        status["llr"] = round(status["llr"], 4)
        status["lower"], status["upper"] = round(status["lower"], 4), round(status["upper"], 4)
        est = elo_estimate(self.counts)
        status["elo"] = round(est["elo"], 1) if math.isfinite(est["elo"]) else None   # None: no games yet
        status["elo_ci95"] = [round(x, 1) if math.isfinite(x) else None for x in est["ci95"]]
        status["los"] = round(est["los"], 4)
        status["nelo"] = round(est["nelo"], 1)
        status["counted_games"] = len(self.outcomes) - (len(self.outcomes) % 2 if self.paired else 0)
        out["sprt"] = status
        out["draws"] = sum(1 for o in self.outcomes if pair_score(o, 0) == 0.5)
        return out

    def progress_text(self) -> str:
        s = self.status
        c = self.counts
        if self.paired:
            res = "pairs " + "-".join(str(x) for x in c)
        else:
            res = f"W-L-D {c[2]}-{c[0]}-{c[1]}"
        return f"{res}  LLR {s['llr']:+.2f} [{s['lower']:.2f}, {s['upper']:.2f}]"


# --- the gauntlet --------------------------------------------------------------------------------------
class Gauntlet(PairMatch):
    """One bot (``specs[0]``) against each of a list of opponents in turn, one opponent a match: the
    bot takes one seat and the opponent every other seat (heads-up one each; among four, the bot
    against three of the opponent).  The game names its opponents (:attr:`Game.gauntlet`: each of a
    distinct style); the report gives the bot's win rate against each with its 95% Wilson interval,
    the par (one seat in ``players``) and the worst case over the gauntlet.

    Deals are paired: a deal is played ``players`` times, the bot in every seat once, so ``games``
    per opponent is a multiple of ``players``; every opponent meets the same deals (deals depend only
    on the seed and the game's number within its opponent)."""

    DEAL_TAG = 0x6A17

    def __init__(self, config: MatchConfig, *, bot: str, games: int,
                 opponents: Optional[Sequence[Tuple[str, str, str]]] = None) -> None:
        players = config.players
        if games < 1 or games % players:
            raise ArenaError(f"a gauntlet plays each deal once per seat: give games a multiple of {players}",
                             field="games")
        if opponents is None:
            opponents = config.load_game().gauntlet
        if not opponents:
            raise ArenaError(f"{config.game} names no gauntlet opponents", field="game")
        self.opponents = [tuple(o) for o in opponents]
        super().__init__(config, specs=[bot] + [spec for _, spec, _ in self.opponents], paired=True)
        self.games = games
        self.planned = games * len(self.opponents)

    def layout(self, a: int, b: int, k: int) -> List[int]:
        """Game ``k`` of bot ``a`` against opponent ``b``: ``a`` at seat ``k mod players``, ``b`` at the rest."""
        return [a if s == k % self.players else b for s in range(self.players)]

    def deal(self, k: int) -> int:
        return derive_seed(self.seed, self.DEAL_TAG, k // self.players)

    def tasks(self) -> Iterator[Dict[str, Any]]:
        # opponents interleaved, so an interrupted gauntlet has met every opponent about equally
        for k in range(self.games):
            for j in range(len(self.opponents)):
                yield self.pair_task(j * self.games + k, 0, j + 1, k)

    def rows(self) -> List[Dict[str, Any]]:
        """Per opponent: games, the bot's wins and shared wins, its win rate (a shared win counts as
        the share) with the 95% interval, and the par."""
        out = []
        for j, (name, spec, style) in enumerate(self.opponents):
            mine = [o for o in self.outcomes if o.index // self.games == j]
            wins = sum(1 for o in mine if len(o.winners) == 1 and o.seats[o.winners[0]] == 0)
            shared = [o for o in mine if len(o.winners) > 1 and any(o.seats[w] == 0 for w in o.winners)]
            score = wins + sum(1.0 / len(o.winners) for o in shared)
            n = len(mine)
            out.append({"opponent": name, "spec": spec, "style": style, "games": n, "wins": wins,
                        "shared": len(shared), "win_rate": round(score / n, 4) if n else None,
                        "ci95": [round(x, 4) for x in wilson(score, n)], "par": round(1.0 / self.players, 4)})
        return out

    def summary(self, seconds: Optional[float] = None) -> Dict[str, Any]:
        out = self._common(seconds)
        out["mode"] = "gauntlet"
        out["bot"] = self.specs[0]
        out["games_per_opponent"] = self.games
        out["bots"] = [t.to_dict() for t in self.bot_tallies()]
        rows = self.rows()
        out["gauntlet"] = rows
        played = [r for r in rows if r["games"]]
        if played:
            worst = min(played, key=lambda r: r["win_rate"])
            out["worst"] = {"opponent": worst["opponent"], "win_rate": worst["win_rate"], "ci95": worst["ci95"]}
            total = sum(r["games"] for r in played)
            out["overall"] = {"games": total, "win_rate": round(sum(r["win_rate"] * r["games"] for r in played)
                                                                 / total, 4)}
        out["draws"] = sum(1 for o in self.outcomes if len(o.winners) > 1)
        return out

    def progress_text(self) -> str:
        return f"{len(self.opponents)} opponents"
