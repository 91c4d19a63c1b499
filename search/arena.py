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
"""
from __future__ import annotations

import dataclasses
import math
import os
import time
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

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


@dataclasses.dataclass
class GameOutcome:
    """One finished arena game; ``seats[s]`` is the index (in the bot list) of the bot at seat s."""

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


def seating(g: int, n: int) -> List[int]:
    """Bot index at each seat in game ``g``: bot i sits at seat (i + g) % n."""
    out = [0] * n
    for i in range(n):
        out[(i + g) % n] = i
    return out


def play_game(game: Any, bots: Sequence[Bot], seed: int, record_path: Optional[str] = None,
              meta: Optional[Dict[str, Any]] = None, clock: Optional[List[List[float]]] = None,
              state: Any = None) -> Any:
    """Play one game between ``bots`` (one per seat) from ``seed``; returns the final state.

    ``clock``, if given, is a ``[seconds, decisions]`` pair per seat that the game adds to; it counts
    only decisions with a choice (a forced one is answered at once and would flatter the average).
    ``state``: continue this state (made by ``game.new_state(seed)``) instead of a new one."""
    if state is None:
        state = game.new_state(seed)
    while not state.is_terminal():
        seat = state.current_player()
        info = state.information_state(seat)
        t = time.perf_counter()
        decision = bots[seat].choose(info)
        if clock is not None and len(info.legal_actions()) > 1:
            clock[seat][0] += time.perf_counter() - t
            clock[seat][1] += 1
        try:
            state.apply_action(decision.action, seat=seat)
        except IntrigueError as err:
            raise ArenaError(f"bot {bots[seat].spec!r} at seat {seat} played an illegal action: {err}") from None
    if record_path is not None:
        state.record(**(meta or {})).save(record_path)
    return state


# per-process cache of bots, so worker processes (and pools inside bots) are made once
_BOTS: Dict[Any, List[Bot]] = {}


def _bots_for(specs: Sequence[str]) -> List[Bot]:
    key = tuple(specs)
    if key not in _BOTS:
        _BOTS[key] = [make_bot(s, seed=0) for s in specs]
    return _BOTS[key]


def _team_bot(team: str, spec: str, rank: int) -> Bot:
    key = ("team", team, spec)
    bots = _BOTS.setdefault(key, [])
    while len(bots) <= rank:
        bots.append(make_bot(spec, seed=0))
    return bots[rank]


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
    path = None
    if task["records"]:
        path = os.path.join(task["records"], f"game_{g:05d}.msgpack")
    t = time.perf_counter()
    meta = {"arena_game": g, "seed": deal, "bots": [bots[s].spec for s in range(n)]}
    clock = [[0.0, 0] for _ in range(n)]
    state = play_game(game, bots, deal, path, meta, clock, state=state)
    res = state.result()
    decisions = sum(1 for e in state.history if e.seat >= 0)
    turns = getattr(state.core, "turn", len(state.history))
    return GameOutcome(g, seats, list(res.placings), list(res.winners), res.draw, turns, decisions,
                       time.perf_counter() - t, [c[0] for c in clock], [c[1] for c in clock], teams)


def _play_indexed(task: Dict[str, Any]) -> GameOutcome:
    if task.get("team_bots"):
        return _play_team_game(task)
    g, n, specs, seed = task["index"], task["players"], task["specs"], task["seed"]
    game = load_game(task["game"], task["ruleset"], n, task["options"])
    bots = _bots_for(specs)
    seats = seating(g, n)
    for i, bot in enumerate(bots):
        bot.reseed(derive_seed(seed, g, i, 1))
    deal = derive_seed(seed, g // n, 0)
    path = None
    if task["records"]:
        path = os.path.join(task["records"], f"game_{g:05d}.msgpack")
    t = time.perf_counter()
    meta = {"arena_game": g, "seed": deal, "bots": [specs[i] for i in seats]}
    clock = [[0.0, 0] for _ in range(n)]
    state = play_game(game, [bots[i] for i in seats], deal, path, meta, clock)
    res = state.result()
    decisions = sum(1 for e in state.history if e.seat >= 0)
    turns = getattr(state.core, "turn", len(state.history))
    return GameOutcome(g, seats, list(res.placings), list(res.winners), res.draw, turns, decisions,
                       time.perf_counter() - t, [c[0] for c in clock], [c[1] for c in clock])


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
    decisions: int = 0
    think: float = 0.0
    team: Optional[str] = None

    def to_dict(self) -> Dict[str, Any]:
        rate = self.wins / self.games if self.games else 0.0
        lo, hi = wilson(self.wins, self.games)
        out = {"spec": self.spec, "games": self.games, "wins": self.wins, "draws": self.draws,
               "win_rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
               "mean_placing": round(self.placing_sum / self.games, 3) if self.games else None,
               "ms_per_decision": round(1000.0 * self.think / self.decisions, 3) if self.decisions else None}
        if self.team is not None:
            out = {"team": self.team, **out}
        return out


class Arena:
    """A match of ``games`` games between ``specs`` (one per seat) in ``game``/``ruleset``."""

    def __init__(self, game: str, ruleset: Optional[str], players: int, specs: Optional[Sequence[str]], games: int,
                 seed: int = 0, options: Optional[Dict[str, Any]] = None, workers: int = 1,
                 records: Optional[str] = None, team_bots: Optional[Dict[str, str]] = None) -> None:
        self.game = load_game(game, ruleset, players, options)      # checks game, ruleset, players
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
        for s in specs:
            make_bot(s, seed=0).close()                              # checks every spec up front
        if games < 1:
            raise ArenaError("games must be >= 1", field="games")
        if workers < 1:
            raise ArenaError("workers must be >= 1", field="workers")
        self.specs = list(specs)
        self.players = players
        self.games = games
        self.seed = seed
        self.workers = workers
        self.records = records
        if records:
            os.makedirs(records, exist_ok=True)
        self.outcomes: List[GameOutcome] = []

    def tasks(self) -> Iterator[Dict[str, Any]]:
        g = self.game
        for i in range(self.games):
            yield {"index": i, "game": g.name, "ruleset": g.ruleset, "players": self.players,
                   "options": g.overrides(), "specs": self.specs, "seed": self.seed, "records": self.records,
                   "team_bots": self.team_bots}

    def run(self, progress: Optional[Callable[["Arena", GameOutcome], None]] = None) -> Dict[str, Any]:
        t0 = time.perf_counter()
        if self.workers == 1:
            for task in self.tasks():
                out = _play_indexed(task)
                self.outcomes.append(out)
                if progress:
                    progress(self, out)
        else:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor, as_completed
            ctx = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx) as ex:
                futures = [ex.submit(_play_indexed, task) for task in self.tasks()]
                try:
                    for fut in as_completed(futures):
                        out = fut.result()
                        self.outcomes.append(out)
                        if progress:
                            progress(self, out)
                except BaseException:
                    for fut in futures:
                        fut.cancel()
                    raise
        self.outcomes.sort(key=lambda o: o.index)
        return self.summary(time.perf_counter() - t0)

    def tallies(self) -> List[BotTally]:
        if self.team_bots:
            return self.team_tallies()
        tallies = [BotTally(s) for s in self.specs]
        for o in self.outcomes:
            for seat, i in enumerate(o.seats):
                t = tallies[i]
                t.games += 1
                t.placing_sum += o.placings[seat]
                t.think += o.think[seat]
                t.decisions += o.moves[seat]
                if seat in o.winners:
                    if o.draw:
                        t.draws += 1
                    else:
                        t.wins += 1
        return tallies

    def team_tallies(self) -> List[BotTally]:
        tallies = [BotTally(spec, team=name) for name, spec in self.team_bots or []]
        for o in self.outcomes:
            for i, t in enumerate(tallies):
                members = (o.teams or {}).get(t.team, [])
                if not members:
                    continue
                t.games += 1
                t.placing_sum += sum(o.placings[s] for s in members) / len(members)
                t.think += sum(o.think[s] for s in members)
                t.decisions += sum(o.moves[s] for s in members)
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

    def summary(self, seconds: float = 0.0) -> Dict[str, Any]:
        n = len(self.outcomes)
        return {
            "game": self.game.name, "ruleset": self.game.ruleset, "players": self.players,
            "options": self.game.overrides(), "games": n, "seed": self.seed,
            "bots": [t.to_dict() for t in self.tallies()],
            "mean_turns": round(sum(o.turns for o in self.outcomes) / n, 3) if n else None,
            "mean_decisions": round(sum(o.decisions for o in self.outcomes) / n, 3) if n else None,
            "draws": sum(1 for o in self.outcomes if self._shared(o)),
            "seconds": round(seconds, 3),
        }
