"""The engine's protocol server (``intrigue engine``): see docs/protocol.md for the contract.

Threads, in the style of UCI engines and KataGo's analysis engine:

* a *reader* thread splits stdin into requests (:class:`~intrigue.protocol.framing.Reader`) and
  queues them;
* the *dispatcher* (the thread that calls :meth:`Server.run`) handles requests one at a time, in
  order, and never waits for a search -- so ``stop``, ``ping`` and ``state`` are answered at once;
* each search (``go``, ``analyze``, or an engine seat's turn in referee mode) runs ``bot.choose`` /
  ``bot.analyze`` in its own worker thread with a ``stop`` event; ``info`` messages stream from the
  bot's callback, and the final answer is queued back to the dispatcher.

All game state is touched by the dispatcher only.  Every request gets exactly one final answer
that echoes its ``id`` (``info`` messages are never final).
"""
from __future__ import annotations

import collections
import contextlib
import dataclasses
import io
import queue
import random
import select
import signal
import sys
import threading
import time
import traceback
from typing import Any, BinaryIO, Dict, List, Optional, TextIO, Union

from intrigue import __version__
from intrigue.engine import IntrigueError, OptionError, game_class, game_names, load_game
from intrigue.engine.registry import DEFAULT_GAME
from intrigue.protocol.commands import Request, describe_commands
from intrigue.protocol.errors import CODES, ProtocolError
from intrigue.protocol.framing import FORMATS, Item, Reader, Writer
from intrigue.protocol.sessions import AdvisorSession, RefereeSession
from intrigue.search.bot import Analysis, Bot, Limits, bot_types, make_bot, strongest_bot_spec
from intrigue.search.pacing import Pause, run_decoy
from intrigue.search.table import ViewKey
from intrigue.search.turn import Turn, bot_seed, play_turn

PROTOCOL_VERSION = 1
ENGINE_NAME = "intrigue"
FEATURES = ["referee", "advisor", "views", "go", "analyze", "infinite", "stop", "info", "belief", "ping",
            "msgpack", "text", "record"]
QUIT_GRACE_S = 3.0
#: Requests that act for the seat to decide.  While the engine's seats are playing (referee mode, a
#: game where the frontend has a seat) such a request can only be meant for the frontend's next turn:
#: it waits, and every request after it waits behind it, until the game waits for the frontend again
#: (an ``ask``) or is over -- so a script piped in at once gets the answers it gets typed by hand.
WAIT_FOR_TURNS = frozenset({"move", "go", "analyze"})
_EOF = object()                    # end of input, queued in order behind waiting requests


# --------------------------------------------------------------------------------------------------
# engine options (setoption)
# --------------------------------------------------------------------------------------------------
@dataclasses.dataclass
class EngineOption:
    name: str
    type: str                          # "string", "int" or "bool"
    default: Any
    help: str
    min: Optional[int] = None          # an int option's bounds (both given)
    max: Optional[int] = None

    def __post_init__(self) -> None:
        if self.type == "int" and (self.min is None or self.max is None):
            raise ValueError(f"engine option {self.name!r}: an int option needs its min and max")

    def parse(self, value: Any) -> Any:
        if value is None:                  # not Python's None: the user sent nothing
            text = f"engine option {self.name!r} needs a value: {self.describe()}"
        else:
            text = f"engine option {self.name!r}: {value!r} is not {self.describe()}"
        bad = ProtocolError("bad_option", text, field="value")
        if self.type == "string":
            if not isinstance(value, str) or not value.strip():
                raise bad
            return value.strip()
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, int) and value in (0, 1):    # JSON 0/1, as the text "0"/"1" is taken
                return bool(value)
            words = {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False, "no": False,
                     "0": False}
            if isinstance(value, str) and value.strip().lower() in words:
                return words[value.strip().lower()]
            raise bad
        if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none", "null")):
            if self.default is None:
                return None
            raise bad
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise bad from None
        assert self.min is not None and self.max is not None      # an int option has both (__post_init__)
        if isinstance(value, bool) or not isinstance(value, int) or not self.min <= value <= self.max:
            raise bad
        return value

    def describe(self) -> str:
        if self.type == "int":
            return f"an integer from {self.min} to {self.max}" + (" or null" if self.default is None else "")
        return {"bool": "true or false", "string": "a non-empty string"}[self.type]

    def to_dict(self) -> dict:
        out = {"name": self.name, "type": self.type, "default": self.default, "help": self.help}
        if self.type == "int":
            out.update(min=self.min, max=self.max)
        return out


def engine_options() -> Dict[str, EngineOption]:
    return {o.name: o for o in (
        EngineOption("bot", "string", strongest_bot_spec(),
                     "bot spec for go/analyze and for the engine's seats when new_game names none"),
        EngineOption("seed", "int", None, "seed of the bots for go/analyze (null: a fresh random seed)",
                     0, 2 ** 63 - 1),
        EngineOption("info_interval", "int", 100, "least milliseconds between two info messages of a search",
                     0, 60_000),
        EngineOption("log", "bool", False, "copy every message in and out to stderr"),
        EngineOption("pace", "bool", True,
                     "referee mode, a game without the full view: an engine seat's move forced only by its "
                     "hidden cards is sent after a time like its own choices took, so its timing tells "
                     "nothing (false: at once)"),
    )}


# --------------------------------------------------------------------------------------------------
# searches
# --------------------------------------------------------------------------------------------------
class Job:
    """One search in a worker thread: a ``go``/``analyze`` request or an engine seat's turn."""

    def __init__(self, kind: str, req_id: Any, session: Any, seat: int, bot: Bot, info: Any,
                 limits: Optional[Limits], infinite: bool, emit_info: bool) -> None:
        self.kind = kind
        self.req_id = req_id
        self.session = session
        self.seat = seat
        self.bot = bot
        self.info = info
        self.limits = limits
        self.infinite = infinite
        self.emit_info = emit_info
        self.stop = threading.Event()
        self.cancelled = False          # its game was replaced
        self.finished = False
        self.held: Any = None           # an infinite search's answer, kept until stop
        self.outcome: Any = None        # (result, exception), set by the worker when it ends
        self.handled = False            # the dispatcher has taken the outcome
        self.close_bot = False          # release the bot when the job ends
        self.last_info = 0.0
        self.pause = Pause()            # a turn forced by hidden cards: how to hold it back (search/pacing.py)
        self.decoy_seed = 0
        self.turn_seed = 0              # an engine seat's turn: the decision's seed (search/turn.py)
        self.decoy_seconds: Optional[float] = None    # the time of the decoy search, when one ran
        self.started = time.monotonic()

    @property
    def running(self) -> bool:
        return self.held is None

    @property
    def owes_answer(self) -> bool:
        """Whether a request waits for this search's answer: every ``go``/``analyze``, cancelled by a new
        game or not; an engine seat's turn only while its game is the current one."""
        return self.kind != "turn" or not self.cancelled


class Server:
    """One conversation.  ``run(stdin)`` serves a stream; tests may instead call :meth:`handle`
    with decoded items and :meth:`pump` to wait for searches."""

    def __init__(self, output: BinaryIO, log: Optional[TextIO] = None) -> None:
        self.options_spec = engine_options()
        self.options: Dict[str, Any] = {k: o.default for k, o in self.options_spec.items()}
        self.log_stream = log if log is not None else sys.stderr
        self.writer = Writer(output, log=self._log_out, on_close=lambda: self.events.put(("closed", None)))
        self.session: Any = None
        self.jobs: List[Job] = []
        self.events: "queue.Queue" = queue.Queue()
        self.eof = False
        self.quitting = False
        self.waiting: "collections.deque" = collections.deque()   # requests held in order (WAIT_FOR_TURNS)
        self._bot_spec: Optional[str] = None
        self._bot: Optional[Bot] = None

    # --- plumbing -----------------------------------------------------------------------------
    def log(self, message: str) -> None:
        try:
            print(f"[intrigue] {message}", file=self.log_stream, flush=True)
        except Exception:
            pass

    def _log_out(self, line: str) -> None:
        if self.options.get("log"):
            self.log(line)

    def send(self, msg: dict) -> None:
        self.writer.send(msg)

    def reply(self, req: Request, type_: str, **fields: Any) -> None:
        msg: Dict[str, Any] = {"type": type_}
        if req.id is not None:
            msg["id"] = req.id
        msg.update(fields)
        self.send(msg)

    def error(self, err: IntrigueError, rid: Any = None, cmd: Optional[str] = None) -> None:
        msg: Dict[str, Any] = {"type": "error"}
        if rid is not None:
            msg["id"] = rid
        if cmd is not None:
            msg["cmd"] = cmd
        body = err.to_dict()
        body.pop("id", None)
        msg.update(body)
        self.send(msg)

    @property
    def winding_down(self) -> bool:
        """After EOF or quit no new engine turn starts."""
        return self.eof or self.quitting or self.writer.closed

    # --- the loop -----------------------------------------------------------------------------
    def run(self, stream: BinaryIO) -> int:
        """Serve requests from ``stream`` until ``quit`` or EOF; returns the exit status."""
        reader = threading.Thread(target=self._read, args=(stream,), name="intrigue-reader", daemon=True)
        reader.start()
        try:
            while not self.quitting:
                if self.eof and not any(j.running and j.owes_answer for j in self.jobs):
                    self._finish()
                    break
                if self.writer.closed:          # nobody reads our answers: the same as quit
                    self._quit(None)
                    break
                kind, payload = self.events.get()
                self._handle_event(kind, payload)
        except (KeyboardInterrupt, Terminated):
            self._quit(None)
        return 0

    def _read(self, stream: BinaryIO) -> None:
        try:
            for item in Reader(stream):
                self.events.put(("input", item))
        except Exception:  # pragma: no cover - the Reader turns every input into items; a bug is logged
            self.log("input failed:\n" + traceback.format_exc())
        finally:
            self.events.put(("eof", None))

    def _handle_event(self, kind: str, payload: Any) -> None:
        if kind == "input":
            if self.options.get("log"):
                self.log(f"< {payload!r}")
            self.handle(payload)
        elif kind == "done":
            self._job_done(*payload)
        elif kind == "eof":
            if self.waiting:
                self.waiting.append(_EOF)    # EOF comes after the requests still waiting
            else:
                self._on_eof()
        # "closed" only wakes the loop, which then sees writer.closed
        self._drain()

    def pump(self, timeout: float = 30.0) -> None:
        """Process finished searches until none is running (held infinite answers excepted)."""
        deadline = time.monotonic() + timeout
        while any(j.running for j in self.jobs) or not self.events.empty() or (self.waiting and not self.quitting):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("searches still running")
            try:
                kind, payload = self.events.get(timeout=remaining)
            except queue.Empty:
                continue
            self._handle_event(kind, payload)

    def handle(self, item: Item) -> None:
        """Handle one decoded request (or the error decoding it produced), in order: it waits while
        an earlier request waits, or while the engine's seats play if it acts for the seat to decide
        (:data:`WAIT_FOR_TURNS`)."""
        if self.quitting:
            return
        self._collect_finished()
        self._drain()
        if self.waiting or self._must_wait(item):
            self.waiting.append(item)
            return
        self._dispatch(item)

    def _must_wait(self, item: Item) -> bool:
        return (isinstance(item, Request) and item.cmd in WAIT_FOR_TURNS and self.session is not None
                and getattr(self.session, "engine_playing", False))

    def _drain(self) -> None:
        """Handle the waiting requests that may go now (the engine's seats have played), in order."""
        while self.waiting and not self.quitting:
            self._collect_finished()
            item = self.waiting[0]
            if item is not _EOF and self._must_wait(item):
                return
            self.waiting.popleft()
            if item is _EOF:
                self._on_eof()
            else:
                self._dispatch(item)

    def _dispatch(self, item: Item) -> None:
        self._collect_finished()
        if isinstance(item, ProtocolError):
            self.error(item, item.request_id, item.request_cmd)
            return
        try:
            getattr(self, "cmd_" + item.cmd)(item)
        except IntrigueError as err:
            if err.field is None:
                err.field = _default_field(item)
            self.error(err, item.id, item.cmd)
        except Exception as err:
            self.log("internal error:\n" + traceback.format_exc())
            self.error(ProtocolError("internal", f"internal error ({type(err).__name__}: {err}); "
                                                 "the engine keeps running"), item.id, item.cmd)

    # --- session-level commands ---------------------------------------------------------------
    def cmd_hello(self, req: Request) -> None:
        f = req.fields
        if f.get("protocol") not in (None, PROTOCOL_VERSION):
            raise ProtocolError("unsupported", f"this engine speaks protocol {PROTOCOL_VERSION}, "
                                               f"not {f['protocol']}", field="protocol")
        fmt = f.get("format")
        if fmt is not None and fmt not in FORMATS:
            raise ProtocolError("unsupported", f"wire format {fmt!r} is not one of {', '.join(FORMATS)}",
                                field="format")
        games = []
        for name in game_names():
            games.append(game_class(name).describe())
        bots = []
        for name, cls in bot_types().items():
            bots.append({"name": name, "summary": cls.summary,
                         "options": [{"name": k, "type": t.__name__, "default": d, "help": h}
                                     for k, (t, d, h) in cls.options.items()]})
        self.reply(req, "hello", protocol=PROTOCOL_VERSION, engine=ENGINE_NAME, version=__version__,
                   format=fmt or self.writer.format, formats=list(FORMATS), games=games, bots=bots,
                   options=[o.to_dict() | {"value": self.options[o.name]} for o in self.options_spec.values()],
                   features=FEATURES, modes=["referee", "advisor"])
        if fmt is not None:
            self.writer.format = fmt

    def cmd_help(self, req: Request) -> None:
        self.reply(req, "help", commands=describe_commands(), errors=CODES)

    def cmd_setoption(self, req: Request) -> None:
        name = req.fields["name"].strip().lower()
        spec = self.options_spec.get(name)
        if spec is None:
            raise ProtocolError("bad_option", f"no engine option {req.fields['name']!r} "
                                              f"(options: {', '.join(self.options_spec)})", field="name")
        value = spec.parse(req.fields.get("value"))
        if name == "bot":
            with _field("value"):
                make_bot(value, seed=0).close()        # refuse a bad spec now, naming it
            self._retire_search_bot()
        self.options[name] = value
        self.reply(req, "option", name=name, value=value)

    def cmd_ping(self, req: Request) -> None:
        self.reply(req, "pong")

    def cmd_stop(self, req: Request) -> None:
        stopped = 0
        held = []
        for job in self.jobs:
            if job.cancelled:
                continue
            if not job.stop.is_set():
                stopped += 1
                job.stop.set()
            if not job.running:
                held.append(job)
        self.reply(req, "ok", cmd="stop", stopped=stopped)
        for job in held:
            self.jobs.remove(job)
            self._final(job, job.held, None)

    def cmd_quit(self, req: Request) -> None:
        self._quit(req)

    # --- referee mode -------------------------------------------------------------------------
    def cmd_new_game(self, req: Request) -> None:
        f = req.fields
        game = _load_game(f)
        n = game.num_players
        engine_seats = f.get("engine_seats", [s for s in range(1, n)])
        for s in engine_seats:
            if not 0 <= s < n:
                raise ProtocolError("bad_request", f"engine seat {s} is not in this game (0..{n - 1})",
                                    field="engine_seats")
        human = [s for s in range(n) if s not in engine_seats]
        view = f.get("view")
        views: List[ViewKey]
        if view is None:
            views = list(human) if human else ["public"]
        elif isinstance(view, list):
            views = list(view)
        else:
            views = [view]
        if not views:
            raise ProtocolError("bad_request", "view names no seat", field="view")
        for v in views:
            if isinstance(v, int) and not 0 <= v < n:
                raise ProtocolError("bad_request", f"view seat {v} is not in this game (0..{n - 1})", field="view")
        if "full" not in views:
            blind = [s for s in human if s not in views]
            if blind:
                raise ProtocolError("view_not_allowed", f"the frontend decides for seat(s) {blind} but would not "
                                                        "see their cards: add them to 'view' (or use 'full')",
                                    field="view")
        bots_field = f.get("bots")
        specs: Dict[int, str] = {s: self.options["bot"] for s in engine_seats}
        if isinstance(bots_field, str):
            specs = {s: bots_field for s in engine_seats}
        elif isinstance(bots_field, dict):
            for s, spec in bots_field.items():
                if s not in engine_seats:
                    raise ProtocolError("bad_request", f"bots names seat {s}, which the engine does not play",
                                        field="bots")
                specs[s] = spec
        limits = None
        if any(k in f for k in ("movetime", "iterations", "workers")):
            limits = Limits(iterations=f.get("iterations"), time_ms=f.get("movetime"), workers=f.get("workers"))
        given_seed = f.get("seed")
        seed = given_seed if given_seed is not None else random.SystemRandom().getrandbits(63)
        bots: Dict[int, Bot] = {}
        try:
            for s in engine_seats:
                bots[s] = make_bot(specs[s], seed=bot_seed(seed, s))
        except IntrigueError as err:
            for b in bots.values():
                b.close()
            err.field = "bots" if bots_field is not None else "bot"
            raise
        # everything is checked: replace the game
        self._replace_session()
        session = RefereeSession(self, game, seed, engine_seats, bots, views, limits)
        self.session = session
        out = {"game": game.to_dict(), "engine_seats": sorted(engine_seats), "views": views,
               "bots": {str(s): b.spec for s, b in bots.items()}}
        if given_seed is not None or "full" in views:
            out["seed"] = seed
        self.reply(req, "game", **out)
        session.start()

    def cmd_move(self, req: Request) -> None:
        session = self._need_session("move", "referee")
        self._check_idle(session)
        steps = session.move(req.fields["action"], req.fields.get("seat"))
        self.reply(req, "ok", cmd="move", seat=steps[0].event.seat)
        session.after_move(steps)

    # --- advisor mode -------------------------------------------------------------------------
    def cmd_position(self, req: Request) -> None:
        f = req.fields
        game = _load_game(f)
        with _field("events"):
            session = AdvisorSession.build(game, f["seat"], f.get("events", []))
        self._replace_session()
        self.session = session
        self.reply(req, "position", **session.snapshot())

    def cmd_observe(self, req: Request) -> None:
        session = self._need_session("observe", "advisor")
        f = req.fields
        if "event" in f and "events" in f:
            raise ProtocolError("bad_request", "give 'event' or 'events', not both", field="events")
        if "event" not in f and "events" not in f:
            raise ProtocolError("bad_request", "observe needs 'event' ([seat, text]) or 'events'", field="event")
        self._check_idle(session)
        with _field("event" if "event" in f else "events"):
            session.observe([f["event"]] if "event" in f else f["events"])
        self.reply(req, "position", **session.snapshot())

    # --- both modes ---------------------------------------------------------------------------
    def cmd_go(self, req: Request) -> None:
        self._search(req, "go")

    def cmd_analyze(self, req: Request) -> None:
        self._search(req, "analyze")

    def _search(self, req: Request, kind: str) -> None:
        session = self._need_session(kind, None)
        f = req.fields
        self._check_idle(session)
        info = session.search_target(f.get("seat"))
        infinite = bool(f.get("infinite"))
        limits = None
        if infinite or any(k in f for k in ("iterations", "movetime", "workers")):
            limits = Limits(iterations=f.get("iterations"), time_ms=f.get("movetime"), workers=f.get("workers"),
                            infinite=infinite)
        if "bot" in f:
            bot = make_bot(f["bot"], seed=self._seed())
            own = True
        else:
            bot = self._search_bot()
            own = False
            if self.options.get("seed") is not None:
                bot.reseed(self.options["seed"])     # every search starts from the seed: reproducible
        job = Job(kind, req.id, session, info.seat, bot, info, limits, infinite, emit_info=True)
        job.close_bot = own
        self._start(job)

    def cmd_state(self, req: Request) -> None:
        session = self._need_session("state", None)
        view = req.fields.get("view", session.default_view())
        self.reply(req, "state", **session.snapshot(view))

    def cmd_record(self, req: Request) -> None:
        session = self._need_session("record", None)
        view = req.fields.get("view", session.default_view())
        if view == "public" and "view" not in req.fields:
            raise ProtocolError("bad_request", "a spectator ('public', this game's only view) has no record: "
                                               "start the game with new_game's view set to a seat or 'full' to have one",
                                field="cmd")
        rec = session.record(view)
        self.reply(req, "record", view=view, record=rec.to_dict())

    # --- helpers ------------------------------------------------------------------------------
    def _need_session(self, cmd: str, mode: Optional[str]) -> Any:
        if self.session is None:
            what = {"referee": "new_game", "advisor": "position"}.get(mode or "", "new_game or position")
            raise ProtocolError("no_game", f"{cmd} needs a game: send {what} first", field="cmd")
        if mode is not None and self.session.mode != mode:
            raise ProtocolError("wrong_mode", f"{cmd} is for {mode} mode; the engine is in {self.session.mode} "
                                              f"mode ({'new_game' if mode == 'referee' else 'position'} switches)",
                                field="cmd")
        return self.session

    def _check_idle(self, session: Any) -> None:
        for job in self.jobs:
            if job.cancelled or job.kind == "turn":
                continue
            what = f"{job.kind} (id {job.req_id!r})" if job.req_id is not None else job.kind
            raise ProtocolError("busy", f"a search is running: {what}; send stop and wait for its answer first",
                                field="cmd")

    def _seed(self) -> int:
        seed = self.options.get("seed")
        return seed if seed is not None else random.SystemRandom().getrandbits(63)

    def _search_bot(self) -> Bot:
        spec = self.options["bot"]
        if self._bot is None or self._bot_spec != spec:
            self._retire_search_bot()
            self._bot = make_bot(spec, seed=self._seed())
            self._bot_spec = spec
        return self._bot

    def _retire_search_bot(self) -> None:
        if self._bot is not None:
            self.retire_bot(self._bot)
        self._bot, self._bot_spec = None, None

    def retire_bot(self, bot: Bot) -> None:
        """Release ``bot`` now, or when the search using it ends."""
        for job in self.jobs:
            if job.bot is bot:
                job.close_bot = True
                return
        try:
            bot.close()
        except Exception:
            self.log("closing a bot failed:\n" + traceback.format_exc())

    def _replace_session(self) -> None:
        old = self.session
        if old is None:
            return
        for job in list(self.jobs):
            if job.session is old:
                job.cancelled = True
                job.stop.set()
                if not job.running:
                    self.jobs.remove(job)
                    self._final(job, job.held, None)
        old.close()
        self.session = None

    # --- running searches ---------------------------------------------------------------------
    def start_turn(self, session: Any, seat: int, bot: Bot, info: Any, limits: Optional[Limits],
                   emit_info: bool, pause: Optional[Pause] = None, decoy_seed: int = 0) -> Job:
        """Start an engine seat's turn: :func:`~intrigue.search.turn.play_turn` in a worker thread (its
        :class:`~intrigue.search.turn.Turn` goes to ``session.turn_done``)."""
        job = Job("turn", None, session, seat, bot, info, limits, False, emit_info)
        job.pause = pause or Pause()
        job.decoy_seed = decoy_seed
        job.turn_seed = session.turn_seed(seat)
        self._start(job)
        return job

    def _start(self, job: Job) -> None:
        self.jobs.append(job)
        threading.Thread(target=self._work, args=(job,), name=f"intrigue-{job.kind}", daemon=True).start()

    def _work(self, job: Job) -> None:
        def on_info(data: Any) -> None:
            if job.finished or not job.emit_info or job.cancelled:
                return
            now = time.monotonic()
            if (now - job.last_info) * 1000.0 < self.options["info_interval"]:
                return
            job.last_info = now
            if isinstance(data, Analysis):
                data = data.to_dict()
            body = data if isinstance(data, dict) else {"data": data}
            msg: Dict[str, Any] = {"type": "info"}
            if job.req_id is not None:
                msg["id"] = job.req_id
            msg.update((k, v) for k, v in body.items() if k not in ("type", "id", "seat", "cmd"))
            msg["seat"] = job.seat
            msg["cmd"] = job.kind
            self.send(msg)

        def search() -> Union[Turn, Analysis]:
            if job.kind == "turn":        # one driver for every table's bot turn: search/turn.py
                return play_turn(job.bot, job.info, job.turn_seed, limits=job.limits, on_info=on_info, stop=job.stop)
            method = job.bot.analyze if job.kind == "analyze" else job.bot.choose
            return method(job.info, limits=job.limits, on_info=on_info, stop=job.stop)

        try:
            if job.pause.decoy is not None:  # paced by a decoy search (search/pacing.py)
                try:
                    job.decoy_seconds = run_decoy(job.pause.decoy, job.bot.spec, job.decoy_seed, job.stop,
                                                  job.limits, real=job.info)
                except Exception:        # noqa: BLE001 - a failing decoy is passed over: the move is forced
                    job.decoy_seconds = None
            result = search()
            if job.pause.seconds > 0:        # paced; a stop or a new game ends the wait
                job.stop.wait(max(0.0, job.pause.seconds - (time.monotonic() - job.started)))
            job.outcome = (result, None)
        except BaseException as err:  # noqa: BLE001 - reported to the dispatcher, never lost
            if not isinstance(err, IntrigueError):
                self.log(f"{job.kind} search failed:\n" + traceback.format_exc())
            job.outcome = (None, err)
        self.events.put(("done", (job,) + job.outcome))

    def _collect_finished(self) -> None:
        """Take the outcome of searches that have ended but whose 'done' is still queued, so that a
        request never meets a search that is already over (e.g. busy right after a fast answer)."""
        for job in list(self.jobs):
            if job.outcome is not None and not job.handled:
                self._job_done(job, *job.outcome)

    def _job_done(self, job: Job, result: Any, exc: Optional[BaseException]) -> None:
        if job.handled:
            return
        job.handled = True
        job.finished = True
        if job.kind == "turn":
            self.jobs.remove(job)
            if not job.cancelled and job.session is self.session:
                job.session.turn_done(job, result, exc)
        elif (exc is None and job.infinite and not job.stop.is_set() and not job.cancelled
              and not self.quitting):
            job.held = result                # UCI: an infinite search answers only after stop
            return
        else:
            self.jobs.remove(job)
            self._final(job, result, exc)
            return
        if job.close_bot:
            self.retire_bot(job.bot)

    def _final(self, job: Job, result: Any, exc: Optional[BaseException]) -> None:
        if job.kind == "turn":
            return
        if exc is not None:
            err = exc if isinstance(exc, IntrigueError) else ProtocolError(
                "internal", f"the search failed ({type(exc).__name__}: {exc}); the engine keeps running")
            self.error(err, job.req_id, job.kind)
            if job.close_bot:
                self.retire_bot(job.bot)
            return
        msg: Dict[str, Any] = {"type": "decision" if job.kind == "go" else "analysis"}
        if job.req_id is not None:
            msg["id"] = job.req_id
        msg.update((k, v) for k, v in result.to_dict().items() if k not in ("type", "id"))
        msg["seat"] = job.seat
        msg["stopped"] = job.stop.is_set()
        if job.cancelled:
            msg["cancelled"] = True
        self.send(msg)
        if job.close_bot:
            self.retire_bot(job.bot)

    # --- the end ------------------------------------------------------------------------------
    def _stop_all(self, cancel: bool = False) -> None:
        for job in list(self.jobs):
            job.stop.set()
            if cancel:
                job.cancelled = True
            if not job.running:
                self.jobs.remove(job)
                self._final(job, job.held, None)

    def _on_eof(self) -> None:
        """EOF: searches with limits finish and answer; infinite ones are stopped; no new engine turn starts."""
        self.eof = True
        for job in list(self.jobs):
            if job.infinite:
                job.stop.set()
                if not job.running:
                    self.jobs.remove(job)
                    self._final(job, job.held, None)

    def _quit(self, req: Optional[Request]) -> None:
        """Stop every search, send their answers (as far as they come within a grace period), say bye."""
        self.quitting = True
        self._stop_all()
        deadline = time.monotonic() + QUIT_GRACE_S
        while any(j.running for j in self.jobs):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            try:
                kind, payload = self.events.get(timeout=remaining)
            except queue.Empty:
                break
            if kind == "done":
                job = payload[0]
                if job.kind == "turn":
                    if not job.handled:
                        job.handled = job.finished = True
                        self.jobs.remove(job)
                else:
                    self._job_done(*payload)
        self._close()
        if req is not None:
            self.reply(req, "bye")
        else:
            self.send({"type": "bye"})

    def _finish(self) -> None:
        self._close()
        self.send({"type": "bye"})

    def _close(self) -> None:
        if self.session is not None:
            self.session.close()
        self._retire_search_bot()


def _load_game(f: Dict[str, Any]) -> Any:
    """The game a new_game/position names; a bad rule option is reported as ``options.NAME``."""
    try:
        return load_game(f.get("game", DEFAULT_GAME), f.get("ruleset"), f.get("players"), f.get("options"))
    except OptionError as err:
        err.field = f"options.{err.field}" if err.field else "options"
        raise


@contextlib.contextmanager
def _field(name: str):
    """Name the request field to blame for an engine error raised inside (records, bot specs)."""
    try:
        yield
    except IntrigueError as err:
        if err.field in (None, "bot"):
            err.field = name
        raise


_DEFAULT_FIELDS = {"move": "action", "new_game": "game", "position": "events", "observe": "events", "go": "seat",
                   "analyze": "seat", "state": "view", "record": "view", "setoption": "value"}


def _default_field(req: Request) -> str:
    return _DEFAULT_FIELDS.get(req.cmd, "cmd")


class Terminated(BaseException):
    """Raised in the main thread by SIGTERM (and SIGHUP): the engine quits as for ``quit``."""


def _on_signal(signum: int, frame: Any) -> None:
    signal.signal(signum, signal.SIG_IGN)      # once: the quit that follows must not be interrupted
    raise Terminated(signum)


def watch_output(stream: BinaryIO, writer: Writer) -> Optional[threading.Thread]:
    """Notice at once when the reader closes our stdout (a pipe or socket), even while nothing is
    being written -- a ``go infinite`` must not search on for ever for nobody.  ``poll`` reports
    POLLERR/POLLHUP on the write end of a pipe whose read end is closed."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None
    if not hasattr(select, "poll"):
        return None

    def watch() -> None:
        poller = select.poll()
        poller.register(fd, select.POLLERR | select.POLLHUP)
        while not writer.closed:
            try:
                events = poller.poll(1000)
            except (OSError, ValueError):
                return
            if any(ev & (select.POLLERR | select.POLLHUP | select.POLLNVAL) for _, ev in events):
                writer.close()
                return

    thread = threading.Thread(target=watch, name="intrigue-stdout-watch", daemon=True)
    thread.start()
    return thread


def serve(stdin: Optional[BinaryIO] = None, stdout: Optional[BinaryIO] = None) -> int:
    """Run the engine on the process's stdin/stdout (binary).

    The engine ends however its frontend goes away: ``quit``, EOF on stdin, its stdout closed, or
    SIGTERM/SIGHUP (each stops the searches and releases their worker processes; workers also watch
    the engine's pid and end if it is killed outright)."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout.buffer
    server = Server(stdout)
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None:
                signal.signal(sig, _on_signal)
    watch_output(stdout, server.writer)
    try:
        return server.run(stdin)
    finally:
        try:
            stdout.flush()
        except Exception:
            pass
