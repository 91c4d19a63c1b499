"""The two kinds of game a conversation can hold.

* :class:`RefereeSession` -- the engine runs the game: it deals, plays its own seats with bots,
  asks the frontend for the other seats' decisions, and sends every event shaped for each view the
  frontend holds (a seat, ``"full"`` or ``"public"``).
* :class:`AdvisorSession` -- the engine is one seat of a game refereed elsewhere; it knows only
  what the frontend tells it that seat observed, and rebuilds the seat's information state from
  that alone (:meth:`intrigue.engine.InfoState.from_view`).

Both go through the engine API only; nothing here knows any game's rules.
"""
from __future__ import annotations

import sys
import time
from typing import Any, Dict, List, Optional, Protocol, Sequence

from intrigue.engine import (TERMINAL, Game, GameOverError, GameRecord, InfoState, IntrigueError,
                             NotYourTurnError)
from intrigue.protocol.errors import ProtocolError
from intrigue.search.pacing import Pacer, Pause
from intrigue.search.table import Step, Table, ViewKey, seen
from intrigue.search.bot import Bot, Limits
from intrigue.search.turn import Fallback, Turn, fallback_turn, turn_seed



class Job(Protocol):
    """A running engine turn, as a session sees it (the server's ``Job``)."""

    seat: int
    bot: Any
    started: float                      # time.monotonic() when it started
    decoy_seconds: Optional[float]      # the time of the decoy search, when one ran


class Server(Protocol):
    """What a session needs from the server that hosts it (:class:`intrigue.protocol.server.Server`):
    sessions sit below the server and never import it."""

    options: Dict[str, Any]

    @property
    def winding_down(self) -> bool: ...

    def send(self, msg: Dict[str, Any]) -> None: ...

    def log(self, text: str) -> None: ...

    def start_turn(self, session: Any, seat: int, bot: Bot, info: InfoState, limits: Optional[Limits],
                   emit_info: bool, pause: Optional[Pause] = None, decoy_seed: int = 0) -> Job: ...

    def retire_bot(self, bot: Bot) -> None: ...


def _who(seat: int) -> Optional[int]:
    return seat if seat >= 0 else None


class RefereeSession:
    mode = "referee"

    def __init__(self, server: "Server", game: Game, seed: int, engine_seats: Sequence[int],
                 bots: Dict[int, Bot], views: List[ViewKey], limits: Optional[Limits]) -> None:
        self.server = server
        self.game = game
        self.table = Table(game, seed)
        self.pacer = Pacer(seed)
        self.engine_seats = sorted(engine_seats)
        self.bots = bots
        self.views = views
        self.limits = limits
        self.seq: Dict[ViewKey, int] = {v: 0 for v in views}
        self.over = False
        self.closed = False
        self.turn: Optional["Job"] = None

    # --- who may see what ---------------------------------------------------------------------
    def may_see(self, view: ViewKey) -> bool:
        """``"public"`` is always allowed; a seat or ``"full"`` only if the frontend holds it
        (holding ``"full"`` allows everything)."""
        return view == "public" or view in self.views or "full" in self.views

    def check_view(self, view: ViewKey, field: str = "view") -> None:
        if isinstance(view, int) and not 0 <= view < self.game.num_players:
            raise ProtocolError("bad_request", f"seat {view} is not in this game (0..{self.game.num_players - 1})",
                                field=field)
        if not self.may_see(view):
            raise ProtocolError("view_not_allowed", f"this game was started with view {self._views_text()}; "
                                                    f"view {view!r} would show cards it may not see", field=field)

    def _views_text(self) -> str:
        return ", ".join(map(str, self.views))

    @property
    def engine_playing(self) -> bool:
        """The engine's seats are deciding (a turn is running) in a game where the frontend has a
        seat: a ``move``, ``go`` or ``analyze`` sent now is meant for the frontend's next turn."""
        return self.turn is not None and len(self.engine_seats) < self.game.num_players

    def ask_view(self, seat: int) -> ViewKey:
        return seat if seat in self.views else "full"

    # --- running the game ---------------------------------------------------------------------
    def start(self) -> None:
        self._emit(self.table.start())
        self.advance()

    def _emit(self, steps: List[Step]) -> None:
        send = self.server.send
        for step in steps:
            for view in self.views:
                text = seen(step.event, view)
                if text is None:
                    continue
                send({"type": "event", "view": view, "seq": self.seq[view], "seat": step.event.seat,
                      "text": text, "kind": step.kind})
                self.seq[view] += 1

    def advance(self) -> None:
        """After a change: announce the end, start the engine's turn, or ask the frontend."""
        state = self.table.state
        result = state.result()
        if result is not None:                  # the game is over
            if not self.over:
                self.over = True
                core = state.core
                self.server.send({
                    "type": "game_over", "result": result.to_dict(),
                    "revealed": {str(s): self.game.revealed_at_end(core, s) for s in range(self.game.num_players)},
                    "public": self.game.public_info(core), "events": dict((str(k), v) for k, v in self.seq.items())})
                self.close_bots()
            return
        seat = state.current_player()
        if seat in self.engine_seats:
            if not self.server.winding_down:
                bot = self.bots[seat]
                pause = Pause()
                if (len(state.legal_actions()) == 1 and "full" not in self.views
                        and self.server.options.get("pace", True)):
                    pause = self.pacer.pause(state, seat, bot.spec)
                self.turn = self.server.start_turn(self, seat, bot, state.information_state(seat),
                                                   self.limits, emit_info="full" in self.views, pause=pause,
                                                   decoy_seed=self.pacer.decoy_seed() if pause.decoy else 0)
            return
        view = self.ask_view(seat)
        self.server.send({"type": "ask", "seat": seat, "kind": state.decision().kind,
                          "legal": state.legal_moves(), "view": view, "seq": self.seq[view],
                          "public": self.game.public_info(state.core),
                          "private": self.game.private_info(state.core, seat)})

    def turn_seed(self, seat: int) -> int:
        """The seed of ``seat``'s decision now (:func:`~intrigue.search.turn.turn_seed`)."""
        return turn_seed(self.table.seed, seat, len(self.table.state.history))

    def turn_done(self, job: "Job", turn: Optional[Turn], exc: Optional[BaseException]) -> None:
        """The engine's seat has decided (:func:`~intrigue.search.turn.play_turn`: when its bot failed,
        the turn is a fallback move, which is logged and told to the frontend)."""
        self.turn = None
        if self.closed:
            return
        state = self.table.state
        seat = job.seat
        if turn is not None and turn.fallback is None and len(state.legal_actions()) > 1:
            self.pacer.record(seat, state.decision().kind, time.monotonic() - job.started, job.bot.spec)
        if job.decoy_seconds is not None:
            self.pacer.record(seat, state.decision().kind, job.decoy_seconds, job.bot.spec)
        if turn is None:                  # the turn itself failed (play_turn catches the bot's errors)
            turn = fallback_turn(state.information_state(seat), self.turn_seed(seat), Fallback("error", error=exc))
        if turn.fallback is not None:
            self.server.log(f"bot {job.bot!r} failed at seat {seat}: {turn.fallback.describe()}; "
                            f"playing a random legal move")
            self.server.send({"type": "error", "code": "internal",
                              "message": f"the engine's bot for seat {seat} failed ({turn.fallback.error_name}); "
                                         f"it plays a random legal move instead", "seat": seat})
        steps = self.table.apply(turn.action, seat=seat)
        self._emit(steps)
        self.advance()

    def _frontend_seat(self, seat: Optional[int], over: str, field: str, own_view: bool = False) -> int:
        """The frontend seat a request is for (default: the one to decide), checked: the game is on,
        the seat exists, the frontend plays it (and, with ``own_view``, holds its view), it decides now."""
        state = self.table.state
        if state.is_terminal():
            raise GameOverError(over, field=field)
        to_move = state.current_player()
        if seat is None:
            seat = to_move
        if not 0 <= seat < self.game.num_players:
            raise ProtocolError("bad_request", f"seat {seat} is not in this game", field="seat")
        if seat in self.engine_seats:
            raise NotYourTurnError(f"seat {seat} is played by the engine", field="seat")
        if own_view:
            self.check_view(seat, field="seat")
        if seat != to_move:
            raise NotYourTurnError(f"it is seat {to_move}'s decision, not seat {seat}'s", field="seat")
        return seat

    def move(self, action: Any, seat: Optional[int]) -> List[Step]:
        """Apply a decision of a frontend seat (checked first; an error changes nothing)."""
        seat = self._frontend_seat(seat, "the game is over: no more moves", "action")
        return self.table.apply(action, seat=seat)

    def after_move(self, steps: List[Step]) -> None:
        self._emit(steps)
        self.advance()

    # --- searching for a frontend seat (hints) -----------------------------------------------
    def search_target(self, seat: Optional[int]) -> InfoState:
        seat = self._frontend_seat(seat, "the game is over", "seat", own_view=True)
        return self.table.state.information_state(seat)

    # --- looking ------------------------------------------------------------------------------
    def default_view(self) -> ViewKey:
        return self.views[0]

    def snapshot(self, view: ViewKey) -> Dict[str, Any]:
        self.check_view(view)
        state = self.table.state
        core = state.core
        cp = state.current_player()
        out: Dict[str, Any] = {"view": view, "game": self.game.to_dict(), "engine_seats": self.engine_seats,
                               "events": [[e.seat, t] for e in state.history if (t := seen(e, view)) is not None],
                               "to_decide": _who(cp), "kind": state.decision().kind,
                               "public": self.game.public_info(core), "over": self.over}
        if view == "full":
            out["private"] = {str(s): self.game.private_info(core, s) for s in range(self.game.num_players)}
        elif isinstance(view, int):
            out["private"] = self.game.private_info(core, view)
        if cp >= 0 and (view == "full" or view == cp):
            out["legal"] = state.legal_moves()
        result = state.result()
        if self.over and result is not None:
            out["result"] = result.to_dict()
        return out

    def record(self, view: ViewKey) -> GameRecord:
        self.check_view(view)
        if view == "public":
            raise ProtocolError("bad_request", "a record is one seat's view or the full game, not 'public'",
                                field="view")
        meta: Dict[str, Any] = {"engine_seats": self.engine_seats,
                                "bots": {str(s): b.spec for s, b in self.bots.items()}}
        if view == "full":
            meta["seed"] = self.table.seed
            seat = None
        elif isinstance(view, int):
            seat = view
        else:                                   # views are checked on the way in: never here
            raise ProtocolError("bad_request", f"unknown view {view!r}", field="view")
        return GameRecord.from_state(self.table.state, seat=seat, **meta)

    # --- the end ------------------------------------------------------------------------------
    def close_bots(self) -> None:
        for bot in self.bots.values():
            self.server.retire_bot(bot)

    def close(self) -> None:
        """This game is being replaced: its running turn is cancelled, its bots released."""
        self.closed = True
        self.close_bots()


class AdvisorSession:
    mode = "advisor"

    def __init__(self, game: Game, seat: int, info: InfoState) -> None:
        self.game = game
        self.seat = seat
        self.info = info
        self.closed = False

    @classmethod
    def build(cls, game: Game, seat: int, events: Sequence[Sequence[Any]]) -> "AdvisorSession":
        if not 0 <= seat < game.num_players:
            raise ProtocolError("bad_request", f"seat {seat} is not in this game (0..{game.num_players - 1})",
                                field="seat")
        return cls(game, seat, InfoState.from_view(game, seat, events))

    def observe(self, events: Sequence[Sequence[Any]]) -> None:
        """Append observations; on a bad one (RecordError naming its step in the whole history) the
        position is unchanged."""
        self.info = InfoState.from_view(self.game, self.seat, list(self.info.view) + [list(e) for e in events])

    def check_view(self, view: ViewKey) -> None:
        if view != "public" and view != self.seat:
            raise ProtocolError("view_not_allowed", f"the engine advises seat {self.seat} and knows only what "
                                                    f"it saw: view {view!r} is not available", field="view")

    def default_view(self) -> ViewKey:
        return self.seat

    def search_target(self, seat: Optional[int]) -> InfoState:
        if seat is not None and seat != self.seat:
            raise ProtocolError("view_not_allowed", f"the engine advises seat {self.seat}, not seat {seat}",
                                field="seat")
        info = self.info
        cp = info.current_player()
        if cp == TERMINAL:
            raise GameOverError("the game is over", field="seat")
        if cp != self.seat:
            who = "a chance event" if cp < 0 else f"seat {cp}'s decision"
            raise NotYourTurnError(f"it is {who}, not seat {self.seat}'s: observe what happens first", field="seat")
        return info

    def snapshot(self, view: Optional[ViewKey] = None) -> Dict[str, Any]:
        view = self.seat if view is None else view
        self.check_view(view)
        info = self.info
        cp = info.current_player()
        over = cp == TERMINAL
        out: Dict[str, Any] = {"seat": self.seat, "view": view, "game": self.game.to_dict(),
                               "events": len(info.view), "to_decide": _who(cp),
                               "kind": info.decision().kind, "public": info.public_info(), "over": over}
        if view == self.seat:
            out["private"] = info.private_info()
            if cp == self.seat:
                out["legal"] = info.legal_moves()
        if over:
            out["result"] = self.game.result(info.core).to_dict()
        return out

    def record(self, view: ViewKey) -> GameRecord:
        self.check_view(view)
        if view == "public":
            raise ProtocolError("bad_request", "a record is one seat's view or the full game, not 'public'",
                                field="view")
        g = self.game
        return GameRecord(g.name, g.ruleset, g.num_players, dict(g.options), list(self.info.view), self.seat, {})

    def close(self) -> None:
        self.closed = True


def log(message: str) -> None:  # pragma: no cover - used when no server log is set
    print(message, file=sys.stderr, flush=True)
