"""Web tables: one refereed game each, with human seats joined by secret tokens and bot seats.

A :class:`WebTable` runs its game on the engine's own referee :class:`~intrigue.protocol.table.Table`
(the one the protocol and terminal play use): deals and draws come from the table's seeded generator,
bots receive ``state.information_state(seat)`` and nothing else, and every move is checked by the
engine (an illegal one raises and changes nothing).

What a connection receives is built here, for one seat, by :meth:`WebTable.view_for`: the game's public
information, that seat's private information, the legal moves when it decides, and the log as that seat
saw it.  Nothing else about the full state ever leaves this module; the history of kernel states (the
position before each event, which the narrator needs to word an event) stays on the server.
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import importlib
import json
import os
import secrets
import time
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple

from intrigue.engine import Event, Game, GameRecord, IntrigueError, InfoState, load_game
from intrigue.engine.errors import GameOverError, NotYourTurnError
from intrigue.engine.registry import DEFAULT_GAME
from intrigue.engine.replay import ViewReplay
from intrigue.search.pacing import Pacer, Pause, run_decoy
from intrigue.search.table import Table
from intrigue.search.turn import Fallback, Turn, bot_seed, fallback_turn, play_turn, turn_seed
from intrigue.search.bot import Bot, make_bot
from intrigue.search.levels import LEVELS
from intrigue.web.limits import BudgetError, ServerLimits, check_bot_budget
from intrigue.web.pool import BotPool, Gate, default_pool
from intrigue.web.words import Narration, game_lang

LANGS = ("en", "th", "he")
THINKING_BEAT = 0.25        # seconds between two 'thinking' messages of a bot's turn


class WebError(Exception):
    """A request the table refuses; nothing has changed.  ``code`` is stable, ``message`` for people
    (in English: the page says a known code in its own language), ``details`` what the page's sentence
    for the code needs (``seat``: the seat it names, ``reason``: a short cause)."""

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details

    def to_dict(self) -> dict:
        out = {"type": "error", "code": self.code, "message": self.message}
        out.update({k: v for k, v in self.details.items() if v is not None})
        return out


def known_lang(lang: Any) -> Optional[str]:
    """``lang`` if it is one of the display languages (:data:`LANGS`), else None (missing or unknown)."""
    return lang if lang in LANGS else None


# --------------------------------------------------------------------------------------------------
# the per-game web plug-in
# --------------------------------------------------------------------------------------------------
def web_plugin(game: Game) -> Any:
    """The game's web assets package (``Game.plugin("web")``), or ``None``."""
    return type(game).plugin("web")


def assets_dir(game_class: Any) -> Optional[str]:
    """The folder of a game's web assets (its ``web`` plug-in package), or ``None``."""
    module = game_class.plugin("web")
    if module is None or not getattr(module, "__file__", None):
        return None
    return os.path.dirname(os.path.abspath(module.__file__))


def client_data(game: Game, lang: str) -> dict:
    """The game's words and constants for its page renderer (public, the same for every seat)."""
    module = web_plugin(game)
    fn = getattr(module, "client_data", None) if module is not None else None
    return fn(game, game_lang(game, lang)) if fn is not None else {}


def move_info(game: Game, core: Any, move: str) -> dict:
    """What the game's plug-in says about a legal move for its button (claimed card, target ...)."""
    module = web_plugin(game)
    fn = getattr(module, "move_info", None) if module is not None else None
    if fn is None:
        return {}
    try:
        return dict(fn(game, core, move) or {})
    except Exception:
        return {}


# --------------------------------------------------------------------------------------------------
# seats
# --------------------------------------------------------------------------------------------------
def level_of(bot: Bot) -> Optional[str]:
    """The named strength (search/levels.py) ``bot`` plays at: the one it was made from, or the one
    whose spec it is (a saved table's bots are kept by spec); ``None`` for any other bot."""
    level = getattr(bot, "level", None)
    if level:
        return level
    for name, (spec, _) in LEVELS.items():
        if spec == bot.spec:
            return name
    return None


@dataclasses.dataclass
class SeatInfo:
    seat: int
    human: bool
    token: Optional[str] = None          # the secret of a human seat's link
    spec: Optional[str] = None           # the bot spec of a bot seat
    bot: Optional[Bot] = None
    level: Optional[str] = None          # the named strength the bot was made from (search/levels.py), if any


class Connection:
    """One browser tab's socket, bound to a seat once it has joined with the seat's token."""

    def __init__(self, send: Callable[[dict], Any]) -> None:
        self.send = send                 # async callable taking one message
        self.table: Optional["WebTable"] = None
        self.seat: Optional[int] = None
        self.lang: Optional[str] = None  # the page's language (None: the table's)
        self.log_sent = 0                # log entries of the seat's view already sent
        self.resync_task: Optional[asyncio.Task] = None   # a redraw waiting for the socket's rate limit
        self.resyncs: Any = None         # the socket's bucket of full redraws (web.limits.Bucket), if limited
        self.client: Optional[str] = None   # the address the socket came from


@dataclasses.dataclass
class TableConfig:
    """What a new table is: the game and who sits where."""

    game: str = DEFAULT_GAME
    ruleset: Optional[str] = None
    players: Optional[int] = None
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    humans: Sequence[int] = (0,)
    bots: Sequence[str] = ("heuristic",)
    seed: Optional[int] = None
    lang: Optional[str] = None
    names: Optional[Sequence[str]] = None
    tokens: Optional[Mapping[int, str]] = None    # the human seats' secrets (a saved table reopened)
    table_id: Optional[str] = None                # the table's id (the same: its people's links work again)


# --------------------------------------------------------------------------------------------------
# a table
# --------------------------------------------------------------------------------------------------
class WebTable:
    """One game at the web server."""

    def __init__(self, game: Game, table: Table, seats: List[SeatInfo], lang: str, *,
                 names: Optional[Sequence[str]] = None, hint_spec: str = "ismcts:iterations=3000",
                 bot_delay: float = 0.0, saves_dir: Optional[str] = None, table_id: Optional[str] = None,
                 pool: Optional[BotPool] = None, clock: Callable[[], float] = time.monotonic,
                 owner: Optional[str] = None, config: Optional["TableConfig"] = None) -> None:
        self.id = table_id or secrets.token_hex(4)
        self.pool = pool or default_pool()          # where its bots and hints think, with every table's
        self.clock = clock
        self.created = self.last_seen = clock()     # last_seen: when a page last had it open
        self.owner = owner                          # the address that started it (its per-client cap)
        self.config = config                        # what it was made from (a rematch sits the same way)
        self.person_played = False                  # a person made a move here (it is saved before it expires)
        self.saved_at: Optional[Tuple[int, str]] = None   # (events, name) of its latest save
        self.rematch_id: Optional[str] = None       # the table of its rematch, once someone asked for one
        self.game = game
        self.table = table
        self.seats = seats
        self.lang = lang
        self.names = names
        self._narrations: Dict[str, Narration] = {}
        self.narration = self.narration_for(lang)
        self.hint_spec = hint_spec
        self.bot_delay = bot_delay
        self.saves_dir = saves_dir
        self.connections: Set[Connection] = set()
        self.thinking: Optional[Dict[str, Any]] = None
        self.over = False
        self._bot_task: Optional[asyncio.Task] = None
        self._hint_bot: Optional[Bot] = None
        self._hint_busy = False
        self._hint_gate: Optional[Gate] = None
        self._lock = asyncio.Lock()
        self._closed = False
        # a move forced by a seat's hidden cards is shown after that seat's usual thinking time, and a
        # person is asked for it when other people watch, so timing tells nothing (search/pacing.py)
        self.pacer = Pacer(table.seed)
        self._asked_forced: Dict[Any, bool] = {}   # (events so far, seat): a person asked for a forced move
        # the position before each event (server-side only: it holds every card)
        self._before: List[Any] = []
        self._shadow = game.new_initial_state().core
        self._log_cache: Dict[Any, List[dict]] = {}
        self._public_count = (0, 0)         # (events counted, of which a spectator saw)
        self._last_header: Dict[Any, str] = {}
        self._sync_history()

    # --- construction --------------------------------------------------------------------------
    @classmethod
    def create(cls, config: TableConfig, **kw: Any) -> "WebTable":
        """A new table from ``config`` (checked: a bad game, seat or bot spec raises WebError)."""
        try:
            game = load_game(config.game, config.ruleset, config.players, config.options)
        except IntrigueError as err:
            raise WebError(err.code, err.message) from None
        table = Table(game, config.seed)
        table.start()
        return cls._seated(game, table, config, **kw)

    @classmethod
    def from_record(cls, record: GameRecord, config: TableConfig, **kw: Any) -> "WebTable":
        """A table continuing a full record (a saved game)."""
        if record.seat is not None:
            raise WebError("not_full", f"this is seat {record.seat}'s view of a game, not a full record: "
                                       f"it can be replayed but not continued")
        try:
            state = record.replay()
        except IntrigueError as err:
            raise WebError(err.code, err.message) from None
        table = Table(state.game, config.seed, state=state)
        table.start()
        web = cls._seated(state.game, table, config, **kw)
        people = {s.seat for s in web.seats if s.human}
        web.person_played = any(e.seat in people for e in state.history)
        return web

    @classmethod
    def _seated(cls, game: Game, table: Table, config: TableConfig, *, limits: Optional[ServerLimits] = None,
                **kw: Any) -> "WebTable":
        n = game.num_players
        humans = sorted(set(int(h) for h in config.humans))
        if not humans or any(not 0 <= h < n for h in humans):
            raise WebError("bad_request", f"human seats must be seat numbers from 0 to {n - 1}")
        specs = [s for s in config.bots if s] or ["heuristic"]
        seats, i = [], 0
        for s in range(n):
            if s in humans:
                token = (config.tokens or {}).get(s) or secrets.token_urlsafe(18)
                seats.append(SeatInfo(s, True, token=token))
            else:
                spec = specs[i % len(specs)]
                i += 1
                seed = None if config.seed is None else bot_seed(config.seed, s)
                try:
                    bot = make_bot(spec, seed=seed)
                    if limits is not None:
                        check_bot_budget(bot, limits)
                except (IntrigueError, BudgetError) as err:
                    for made in seats:
                        if made.bot is not None:
                            made.bot.close()
                    if isinstance(err, BudgetError):
                        bot.close()
                        raise WebError("bot_budget", err.message, cap=err.cap, limit=err.limit, bot=bot.spec) from None
                    raise WebError(err.code, err.message) from None
                seats.append(SeatInfo(s, False, spec=bot.spec, bot=bot, level=level_of(bot)))
        lang = (config.lang or game.language).strip().lower()
        if lang not in LANGS:
            raise WebError("bad_request", f"language {lang!r} is not one of {', '.join(LANGS)}")
        kw.setdefault("table_id", config.table_id)
        return cls(game, table, seats, lang, names=config.names, config=config, **kw)

    def narration_for(self, lang: Optional[str]) -> Narration:
        lang = lang if lang in LANGS else self.lang
        if lang not in self._narrations:
            self._narrations[lang] = Narration(self.game, lang, self.names)
        return self._narrations[lang]

    # --- history ----------------------------------------------------------------------------------
    @property
    def state(self):
        return self.table.state

    def _sync_history(self) -> None:
        """Record the kernel state before each new event (the narrator words events from it)."""
        history = self.state.history
        while len(self._before) < len(history):
            event = history[len(self._before)]
            self._before.append(self._shadow.clone())
            self._shadow.apply(event.action)

    def log_for(self, viewer: Optional[int], lang: Optional[str] = None) -> List[dict]:
        """The log as ``viewer`` saw it: one entry per event it saw, each with its sentences."""
        narration = self.narration_for(lang)
        cache = self._log_cache.setdefault((viewer, narration.lang), [])
        done = cache[-1]["index"] + 1 if cache else 0
        history = self.state.history
        for i in range(done, len(history)):
            event = history[i]
            if event.seen_by(viewer) is None:
                continue
            lines = narration.event(self._before[i], event, viewer)
            header = narration.turn_header(self._before[i], viewer) if event.seat >= 0 else None
            last = self._last_header.get((viewer, narration.lang))
            if header is not None:
                self._last_header[(viewer, narration.lang)] = header
            cache.append({"index": i, "seat": event.seat if event.seat >= 0 else None, "lines": lines,
                          "header": header if header != last else None})
        return cache

    def public_events(self) -> int:
        """How many events a spectator has seen (the table list's measure of how far a game went)."""
        history = self.state.history
        counted, n = self._public_count
        for event in history[counted:]:
            if event.seen_by(None) is not None:
                n += 1
        self._public_count = (len(history), n)
        return n

    # --- what a seat sees -------------------------------------------------------------------------
    def seat_token(self, seat: int) -> Optional[str]:
        return self.seats[seat].token if 0 <= seat < len(self.seats) else None

    def check_token(self, seat: Any, token: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise WebError("bad_seat", f"there is no seat {seat!r} at this table")
        info = self.seats[seat]
        # compared as bytes: compare_digest refuses a str that is not ASCII (a forged token raised)
        if (not info.human or not isinstance(token, str)
                or not secrets.compare_digest(token.encode("utf-8", "replace"), (info.token or "").encode())):
            raise WebError("bad_token", "this link's seat token is not right for that seat")
        return seat

    def seats_public(self, viewer: Optional[int], lang: Optional[str] = None) -> List[dict]:
        online = {c.seat for c in self.connections}
        narration = self.narration_for(lang)
        return [{"seat": s.seat, "name": narration.seat(s.seat, None), "human": s.human,
                 "bot": s.spec, "level": s.level, "online": s.seat in online, "you": s.seat == viewer}
                for s in self.seats]

    def view_for(self, viewer: Optional[int], log_from: int = 0, lang: Optional[str] = None) -> dict:
        """Everything ``viewer`` may see now (``None``: a spectator, the public view only), worded in
        ``lang`` (default: the table's language)."""
        narration = self.narration_for(lang)
        state = self.state
        core = state.core
        game = self.game
        cp = state.current_player()
        log = self.log_for(viewer, narration.lang)
        out: Dict[str, Any] = {
            "type": "state", "table": self.id, "seat": viewer, "lang": narration.lang,
            "words_lang": narration.words_lang,        # the game's words (a game without Hebrew: English)
            "drawings": assets_dir(type(game)) is not None,   # false: the page draws the game plainly
            "game": game.to_dict(), "title": game.title_in(narration.lang),
            "seats": self.seats_public(viewer, narration.lang),
            "public": game.public_info(core),
            "to_decide": cp if cp >= 0 else None,
            "kind": state.decision().kind,
            "waiting": narration.prompt(core, viewer) if cp >= 0 else None,
            "header": narration.turn_header(core, viewer),
            "events": len(log), "log_start": log_from, "log": log[log_from:],
            "thinking": self.thinking, "over": state.is_terminal(),
        }
        if log_from == 0:
            out["client"] = client_data(game, narration.lang)
        if viewer is not None:
            out["private"] = game.private_info(core, viewer)
        if viewer is not None and cp == viewer and self._person_decides(viewer):
            legal = state.legal_actions()
            out["prompt"] = (narration.decision_prompt(core, viewer) if len(legal) > 1
                             else narration.only_choice_prompt(core, legal[0], viewer))
            out["legal"] = [dict({"move": state.action_to_string(a), "label": narration.action_label(core, a, viewer)},
                                 **move_info(game, core, state.action_to_string(a)))
                            for a in state.legal_actions()]
        if state.is_terminal():
            out["result"] = state.result().to_dict()
            out["revealed"] = {str(s): game.revealed_at_end(core, s) for s in range(game.num_players)}
            out["end_text"] = narration.end_text(core, viewer)
        return out

    def rules_for(self, viewer: Optional[int], lang: Optional[str] = None) -> str:
        """The rules that matter now, as ``viewer`` reads them (what ``rules`` says in ``intrigue play``)."""
        return self.narration_for(lang).rules(self.state.core, viewer)

    # --- connections --------------------------------------------------------------------------------
    async def join(self, conn: Connection, seat: Any, token: Any, lang: Any = None) -> None:
        seat = self.check_token(seat, token)
        if lang is not None and lang not in LANGS:
            raise WebError("bad_message", f"'lang' is one of {', '.join(LANGS)}")
        if conn.table is not None and conn.table is not self:
            conn.table.connections.discard(conn)
        conn.table, conn.seat, conn.log_sent, conn.lang = self, seat, 0, lang
        self.connections.add(conn)
        self.touch()
        await self.push(conn)
        await self.broadcast_seats()
        self.kick()

    async def leave(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.touch()
        await self.broadcast_seats()

    def touch(self) -> None:
        """Note that a page has the table open now (a table nobody has open for a while expires)."""
        self.last_seen = self.clock()

    def idle_for(self) -> float:
        """Seconds since a page last had the table open (0 while one has)."""
        return 0.0 if self.connections else max(0.0, self.clock() - self.last_seen)

    async def push(self, conn: Connection) -> None:
        """The seat's view to one page, with the log entries that socket has not been sent yet (a stale
        page's resync is this too: its position now and nothing of the log it has or is being sent)."""
        view = self.view_for(conn.seat, conn.log_sent, conn.lang)
        conn.log_sent = view["events"]
        await self._send(conn, view)

    async def push_all(self) -> None:
        for conn in list(self.connections):
            await self.push(conn)

    async def broadcast(self, message: dict) -> None:
        """A message with nothing private in it, to every connection."""
        for conn in list(self.connections):
            await self._send(conn, message)

    async def broadcast_seats(self) -> None:
        for conn in list(self.connections):
            await self._send(conn, {"type": "seats", "seats": self.seats_public(conn.seat, conn.lang)})

    async def _send(self, conn: Connection, message: dict) -> None:
        try:
            await conn.send(message)
        except Exception:
            self.connections.discard(conn)

    # --- moves ----------------------------------------------------------------------------------
    async def move(self, conn: Connection, move: Any, seq: Any = None) -> None:
        """A human seat's decision (checked; an error changes nothing)."""
        seat = conn.seat
        async with self._lock:
            state = self.state
            if state.is_terminal():
                raise WebError("game_over", "the game is over: no more moves")
            if not isinstance(move, str) or not move.strip() or len(move) > 200:
                raise WebError("bad_message", "a move is the notation text of a legal move, e.g. \"income\"")
            if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int)):
                raise WebError("bad_message", "'seq' is the number of log entries the page has seen")
            if seq is not None and seq != len(self.log_for(seat, conn.lang)):
                raise WebError("stale", "the table has moved on since this page was drawn; it is redrawn now")
            cp = state.current_player()
            if cp != seat:
                who = self.narration.seat(cp, seat) if cp >= 0 else "—"
                raise WebError("not_your_turn", f"it is not your decision now ({who} decides)",
                               seat=cp if cp >= 0 else None)
            try:
                self.table.apply(move, seat=seat)
            except IntrigueError as err:
                why = self.narration_for(conn.lang).why_illegal(state.core, move, seat, err.message)
                raise WebError(err.code, why) from None
            self.person_played = True
            self._sync_history()
        self.touch()
        await self.after_change()

    async def after_change(self) -> None:
        await self.push_all()
        if self.state.is_terminal():
            self.over = True
            self.close_bots()
        self.kick()

    def kick(self) -> None:
        """Start the bot's turn if a bot decides now and none is running."""
        if self._closed or self.state.is_terminal() or (self._bot_task is not None and not self._bot_task.done()):
            return
        seat = self.state.current_player()
        if seat < 0:
            return
        if not self.seats[seat].human:
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_turn(seat))
        elif not self._person_decides(seat):
            # nothing to choose (for example a reaction window without the card for it): the
            # terminal plays it for the person, and so does the table, saying so to that seat only
            self._bot_task = asyncio.get_running_loop().create_task(self._forced_turn(seat))

    def _person_decides(self, seat: int) -> bool:
        """Whether the person at ``seat`` is asked for the decision now: when it has a choice, and
        when its one legal move is forced only by the seat's hidden cards while another person has a
        seat at the table: played at once, it would tell them what the seat holds.  Otherwise the
        table plays the lone move for the person."""
        state = self.state
        if state.is_terminal() or state.current_player() != seat or not self.seats[seat].human:
            return False
        n = len(state.legal_actions())
        if n != 1:
            return n > 1
        key = (len(state.history), seat)
        if key not in self._asked_forced:
            people = any(info.human for info in self.seats if info.seat != seat)
            self._asked_forced[key] = people and self.pacer.forced_by_hidden_cards(state, seat)
        return self._asked_forced[key]

    async def _forced_turn(self, seat: int) -> None:
        """Play a human seat's only legal move for it and tell that seat's pages why."""
        notices = []
        async with self._lock:
            if self._closed or self.state.is_terminal() or self.state.current_player() != seat:
                self._bot_task = None
                return
            legal = self.state.legal_actions()
            if len(legal) != 1:
                self._bot_task = None
                return
            core = self.state.core
            for conn in list(self.connections):
                if conn.seat == seat:
                    notices.append((conn, self.narration_for(conn.lang).auto_line(core, legal[0], seat)))
            self.table.apply(legal[0], seat=seat)
            self._sync_history()
        self._bot_task = None
        for conn, line in notices:
            await self._send(conn, {"type": "notice", "message": line})
        await self.after_change()

    async def _bot_turn(self, seat: int) -> None:
        bot = self.seats[seat].bot
        assert bot is not None                    # started for a bot's seat only
        info = self.state.information_state(seat)
        kind = self.state.decision().kind
        forced = len(self.state.legal_actions()) == 1
        # a move forced by the bot's hidden cards is shown after a time like its own choices took (with
        # none noted yet: after a decoy search of the same bot on a position where it has a choice)
        pause = self.pacer.pause(self.state, seat, bot.spec) if forced else Pause()
        decoy_seed = self.pacer.decoy_seed() if pause.decoy is not None else 0
        shown_after = max(self.bot_delay, pause.seconds)
        seed = turn_seed(self.table.seed, seat, len(self.state.history))

        def work(stop: Gate) -> Turn:
            if pause.decoy is not None:
                try:
                    self.pacer.record(seat, kind, run_decoy(pause.decoy, bot.spec, decoy_seed, stop, real=info),
                                      bot.spec)
                except Exception:               # a failing decoy is passed over: the move is forced
                    pass
            return play_turn(bot, info, seed, stop=stop)

        start = time.monotonic()
        # the server's pool, where every table's bots take turns at the cores (web/pool.py)
        stop = self.pool.gate()
        future = self.pool.submit(work, stop)
        # what every page is told while a bot decides: who and for how long, not how far its search got
        # (a decision with one legal move -- a window pass without the card -- searches nothing, so a
        # count of 0 would tell the other seats what the bot holds), and only on a fixed 0.25 s beat from
        # the start, so that neither a search's end nor a pause's shows in when the messages come
        self.thinking = {"seat": seat, "elapsed": 0.0, "bot": self.seats[seat].spec}
        await self.broadcast({"type": "thinking", **self.thinking})
        turn, error = None, None
        beat = 1
        try:
            while True:
                elapsed = time.monotonic() - start
                if future.done() and elapsed >= shown_after:
                    break
                until = beat * THINKING_BEAT
                if future.done():
                    await asyncio.sleep(max(0.0, min(until, shown_after) - elapsed))
                else:
                    await asyncio.wait({future}, timeout=max(0.0, until - elapsed))
                elapsed = time.monotonic() - start
                if future.done() and elapsed >= shown_after:
                    break
                if elapsed >= until:
                    beat = int(elapsed // THINKING_BEAT) + 1
                    self.thinking = {"seat": seat, "elapsed": round(until, 2), "bot": self.seats[seat].spec}
                    await self.broadcast({"type": "thinking", **self.thinking})
            turn = future.result()
            if not forced and turn.fallback is None:
                self.pacer.record(seat, kind, time.monotonic() - start, bot.spec)
        except asyncio.CancelledError:
            stop.set()
            raise
        except Exception as err:          # the turn itself failed (not the bot: play_turn catches that)
            error = err
        self.thinking = None
        async with self._lock:
            if self._closed or self.state.current_player() != seat:
                return
            if turn is None:
                turn = fallback_turn(self.state.information_state(seat), seed, Fallback("error", error=error))
            try:
                self.table.apply(turn.action, seat=seat)
            except IntrigueError as err:    # the position is not the one the bot was asked about
                turn = fallback_turn(self.state.information_state(seat), seed, Fallback("error", error=err))
                self.table.apply(turn.action, seat=seat)
            if turn.fallback is not None:   # a bot bug must not end the people's game: they are told
                await self.broadcast({"type": "error", "code": "bot_failed", "seat": seat,
                                      "message": f"the bot of seat {seat} failed ({turn.fallback.error_name}); "
                                                 f"it played a random legal move"})
            self._sync_history()
        self._bot_task = None            # this turn is done: the next bot's may start
        await self.after_change()

    # --- hints ------------------------------------------------------------------------------------
    async def hint(self, conn: Connection) -> None:
        """The engine's analysis of the seat's decision: action values and beliefs (to that seat only)."""
        seat = conn.seat
        state = self.state
        if state.is_terminal():
            raise WebError("game_over", "the game is over")
        if state.current_player() != seat:
            raise WebError("not_your_turn", "a hint is for your own decision: wait for your turn")
        if self._hint_busy:
            raise WebError("busy", "the engine is already thinking about a hint")
        self._hint_busy = True
        try:
            if self._hint_bot is None:
                try:
                    self._hint_bot = make_bot(self.hint_spec, seed=bot_seed(self.table.seed, -1))
                except IntrigueError as err:
                    raise WebError(err.code, err.message) from None
            info = state.information_state(seat)
            at = len(state.history)
            core = state.core.clone()
            bot = self._hint_bot
            await conn.send({"type": "hint_started"})
            self._hint_gate = gate = self.pool.gate()
            try:
                analysis = await self.pool.submit(lambda stop: bot.analyze(info, stop=stop), gate)
            except asyncio.CancelledError:
                gate.set()
                raise
        finally:
            self._hint_busy = False
            self._hint_gate = None
        if self._closed:
            return
        if len(self.state.history) != at:
            raise WebError("stale", "the table moved on while the engine thought; ask again")
        data = analysis.to_dict()
        narration = self.narration_for(conn.lang)
        for s in data.get("stats", []):
            s["label"] = narration.action_label(core, s["action"], seat)
        data["label"] = narration.action_label(core, analysis.action, seat)
        data["belief_names"] = {str(k): narration.seat(int(k), seat) for k in (data.get("belief") or {})}
        await conn.send({"type": "hint", "analysis": data})

    # --- records ----------------------------------------------------------------------------------
    def record_for(self, seat: int) -> GameRecord:
        """The seat's own view of the game (safe to hand to that seat's browser at any time), with who
        sat where, which every seat sees at the table (a replay labels people as people)."""
        return GameRecord.from_state(self.state, seat=seat, lang=self.lang, **self._seating())

    def _seating(self) -> Dict[str, Any]:
        return {"human_seats": [s.seat for s in self.seats if s.human],
                "bots": {str(s.seat): s.spec for s in self.seats if not s.human}}

    def full_record(self) -> GameRecord:
        return GameRecord.from_state(self.state, lang=self.lang, **self._seating())

    def saved_record(self) -> GameRecord:
        """The full record as the server's saves folder keeps it: with the table's id and, for a game
        of several people, its human seats' secrets, so that it reopens at the same links, each
        person's seat only for them (the file never leaves the server)."""
        record = self.full_record()
        record.meta["table"] = self.id                    # while it is open, the save is not continued
        people = [s for s in self.seats if s.human]
        if len(people) > 1:
            record.meta["seat_tokens"] = {str(s.seat): s.token for s in people}
        return record

    def save(self, name: Optional[str] = None) -> str:
        """Write the full record to the server's saves folder (never sent to a browser), with a small
        description beside it (``NAME.json``: what the lobby lists).  Nothing new since the table's
        last save: that save's name, and nothing written again."""
        if not self.saves_dir:
            raise WebError("no_saves", "this server was started without a folder for saved games")
        events = len(self.state.history)
        if name is None and self.saved_at is not None and self.saved_at[0] == events:
            if os.path.isfile(os.path.join(self.saves_dir, self.saved_at[1] + ".msgpack")):
                return self.saved_at[1]
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = name or f"{self.game.name}-{stamp}-{self.id}"
        path = os.path.join(self.saves_dir, base + ".msgpack")
        try:
            os.makedirs(self.saves_dir, exist_ok=True)
            self.saved_record().save(path)
            about = os.path.join(self.saves_dir, base + ".json")
            with open(about + ".tmp", "w", encoding="utf-8") as f:
                json.dump(self.save_info(), f, ensure_ascii=False)
            os.replace(about + ".tmp", about)
        except OSError as err:
            with contextlib.suppress(OSError):       # no half-written file is left behind
                os.remove(path + ".tmp")
            with contextlib.suppress(OSError):
                os.remove(os.path.join(self.saves_dir, base + ".json.tmp"))
            # the reason without the server's paths: the page is told, the server's folders are not
            reason = err.strerror or type(err).__name__
            raise WebError("save_failed", f"the game could not be saved on the server ({reason}); nothing was saved",
                           reason=reason) from None
        self.saved_at = (events, base)
        return base

    def save_info(self) -> Dict[str, Any]:
        """What the lobby's list says of a save: the game, its title in each language, who sat where,
        how far it went, and when (seconds since the epoch).  Public: nobody's cards."""
        game = self.game
        return {"game": game.name, "titles": {lang: game.title_in(lang) for lang in LANGS},
                "ruleset": game.ruleset, "players": game.num_players,
                "people": [s.seat for s in self.seats if s.human],
                "bots": {str(s.seat): s.spec for s in self.seats if not s.human},
                "levels": {str(s.seat): s.level for s in self.seats if not s.human and s.level},
                "events": len(self.state.history), "over": self.state.is_terminal(),
                "saved": round(time.time(), 3), "table": self.id}

    # --- the end ----------------------------------------------------------------------------------
    def close_bots(self) -> None:
        for s in self.seats:
            if s.bot is not None:
                try:
                    s.bot.close()
                except Exception:
                    pass
        if self._hint_bot is not None:
            try:
                self._hint_bot.close()
            except Exception:
                pass
            self._hint_bot = None

    def close(self) -> None:
        self._closed = True
        if self._bot_task is not None:
            self._bot_task.cancel()
        if self._hint_gate is not None:
            self._hint_gate.set()
        self.close_bots()


# --------------------------------------------------------------------------------------------------
# replays
# --------------------------------------------------------------------------------------------------
class Replay:
    """A record opened for stepping through: frame ``k`` is the position after ``k`` events, as the
    record's seat saw it (a full record: as a referee who sees everything), worded in the language
    asked for (the page's selector).

    Built once, off the event loop: every event is checked and worded (a record the narrator cannot
    tell is refused here, not later), and only a position every ``CHECKPOINT`` events is kept.  A
    frame is rebuilt from the checkpoint before it, and carries the last ``FRAME_LOG`` entries of the
    log (``log_start``: the index of the first), so a long record neither stays in memory whole nor
    sends its whole log with every step."""

    CHECKPOINT = 128
    FRAME_LOG = 200
    CACHE = 4096                          # worded log entries kept (per language and index)

    def __init__(self, record: GameRecord, lang: Optional[str] = None) -> None:
        try:
            self.game = record.load_game()
        except IntrigueError as err:
            raise WebError(err.code, err.message) from None
        self.record = record
        self.seat = record.seat
        # who sat where, as the record's table told it (a record without it: every seat unlabelled)
        humans, bots = record.meta.get("human_seats"), record.meta.get("bots")
        if "human_seat" in record.meta and not isinstance(humans, list):
            humans = [record.meta["human_seat"]]              # a record saved by intrigue play
        self._humans = {h for h in humans if isinstance(h, int)} if isinstance(humans, list) else set()
        self._bots = {str(k): str(v) for k, v in bots.items()} if isinstance(bots, dict) else {}
        self.lang: str = known_lang(lang) or known_lang(record.meta.get("lang")) or self.game.language
        self._narrations: Dict[str, Narration] = {}
        self.narration = self.narration_for(self.lang)
        self.id = secrets.token_urlsafe(12)      # a seat's replay is that seat's: not guessable
        self._marks: List[Any] = []          # the position before events 0, CHECKPOINT, 2 * CHECKPOINT, ...
        self._actions: List[int] = []        # a full record's events as actions
        self._entries: "collections.OrderedDict[Tuple[str, int], dict]" = collections.OrderedDict()
        self._build()

    def narration_for(self, lang: Optional[str]) -> Narration:
        key = known_lang(lang) or self.lang
        if key not in self._narrations:
            self._narrations[key] = Narration(self.game, key)
        return self._narrations[key]

    # --- positions --------------------------------------------------------------------------------
    def _walk(self, start: int, stop: int, on_event: Optional[Callable[[int, Any, Event], None]] = None) -> Any:
        """The position after ``stop`` events, replayed from the checkpoint at ``start`` (a multiple of
        CHECKPOINT); ``on_event(i, before, event)`` is called for each event on the way, with the
        position before it as the record's seat saw it."""
        game, seat, events = self.game, self.seat, self.record.events
        if seat is None:
            core = self._marks[start // self.CHECKPOINT].clone()
            for i in range(start, stop):
                s, text = events[i]
                a = self._actions[i]
                if on_event is not None:
                    private_to, redacted = game.visibility(core, a)
                    on_event(i, core, Event(s, a, text, private_to, redacted))
                core.apply(a)
            return core
        view = ViewReplay(game, seat)
        view.core = self._marks[start // self.CHECKPOINT].clone()
        view.view = list(events[:start])
        for i in range(start, stop):
            if on_event is not None:
                on_event(i, *self._seen_event(view, seat, events[i]))
            view.feed(events[i:i + 1])
        return view.core

    def _seen(self, core: Any) -> Any:
        """A seat view's position as the seat knows it (its hidden parts put in canonical order)."""
        core = core.clone()
        core.canonicalize(self.seat)
        return core

    def _seen_event(self, view: Any, seat: int, event: Tuple[int, str]) -> Tuple[Any, Event]:
        """The position before ``event`` as ``seat`` (the record's) saw it, and the event with the
        action the seat could read from it (-1 where its text names none the seat can tell)."""
        before = self._seen(view.core)
        s, text = event
        try:
            a = self.game.observed_action(before, seat, text)
        except IntrigueError:
            a = -1
        return before, Event(s, a, text)

    def core_at(self, k: int) -> Any:
        """The position after ``k`` events as the record's seat saw it."""
        k = max(0, min(int(k), self.steps))
        core = self._walk(k - k % self.CHECKPOINT, k)
        return self._seen(core) if self.seat is not None else core.clone()

    def _build(self) -> None:
        game, seat, events, narration = self.game, self.seat, self.record.events, self.narration
        K = self.CHECKPOINT

        def told(i: int, before: Any, event: Event) -> None:
            # every event worded once: a record the narrator cannot tell is refused now
            self._keep(narration.lang, i, {"index": i, "seat": event.seat if event.seat >= 0 else None,
                                           "lines": narration.replay_event(before, event, seat)})

        if seat is None:
            state = game.new_initial_state()
            for i, (s, text) in enumerate(events):
                if i % K == 0:
                    self._marks.append(state.core.clone())
                core = state.core
                try:
                    a = state.string_to_action(text)
                    private_to, redacted = game.visibility(core, a)
                    told(i, core, Event(s, a, text, private_to, redacted))
                    state.apply_action(a, seat=s)
                except IntrigueError as err:
                    raise WebError("bad_record", f"event {i} ({text!r}) of the record: {err.message}") from None
                self._actions.append(a)
            if len(events) % K == 0:
                self._marks.append(state.core.clone())
            return
        view = ViewReplay(game, seat)
        try:
            view.feed([])
            for i in range(len(events)):
                if i % K == 0:
                    self._marks.append(view.core.clone())
                before, event = self._seen_event(view, seat, events[i])
                view.feed(events[i:i + 1])
                told(i, before, event)
        except IntrigueError as err:
            raise WebError("bad_record", err.message) from None
        if len(events) % K == 0:
            self._marks.append(view.core.clone())

    # --- the log ----------------------------------------------------------------------------------
    def _keep(self, lang: str, i: int, entry: dict) -> None:
        self._entries[(lang, i)] = entry
        self._entries.move_to_end((lang, i))
        while len(self._entries) > self.CACHE:
            self._entries.popitem(last=False)

    def entries(self, start: int, stop: int, lang: Optional[str] = None) -> List[dict]:
        """Log entries ``start`` to ``stop`` (one per event) in ``lang``."""
        narration = self.narration_for(lang)
        key = narration.lang
        missing = [i for i in range(start, stop) if (key, i) not in self._entries]
        if missing:
            begin = missing[0] - missing[0] % self.CHECKPOINT

            def told(i: int, before: Any, event: Event) -> None:
                if i >= missing[0]:
                    self._keep(key, i, {"index": i, "seat": event.seat if event.seat >= 0 else None,
                                        "lines": narration.replay_event(before, event, self.seat)})

            self._walk(begin, stop, told)
        out = []
        for i in range(start, stop):
            entry = self._entries.get((key, i))
            if entry is None:                 # pushed out of the cache by this very window: word it again
                return self._uncached(start, stop, narration)
            out.append(entry)
        return out

    def _uncached(self, start: int, stop: int, narration: Narration) -> List[dict]:
        out: List[dict] = []

        def told(i: int, before: Any, event: Event) -> None:
            if i >= start:
                out.append({"index": i, "seat": event.seat if event.seat >= 0 else None,
                            "lines": narration.replay_event(before, event, self.seat)})

        self._walk(start - start % self.CHECKPOINT, stop, told)
        return out

    def log(self, lang: Optional[str] = None) -> List[dict]:
        """The whole log in ``lang`` (default: the replay's language), one entry per event."""
        return self.entries(0, self.steps, lang)

    @property
    def steps(self) -> int:
        return len(self.record.events)

    def frame(self, k: int, lang: Optional[str] = None) -> dict:
        """Frame ``k`` worded in ``lang`` (one of the page's languages; otherwise the replay's own)."""
        k = max(0, min(int(k), self.steps))
        narration = self.narration_for(lang)
        core = self.core_at(k)
        log_start = max(0, k - self.FRAME_LOG)
        game = self.game
        cp = core.current_player()
        over = cp == -2
        out: Dict[str, Any] = {
            "type": "frame", "step": k, "steps": self.steps, "seat": self.seat, "lang": narration.lang,
            "words_lang": narration.words_lang, "drawings": assets_dir(type(game)) is not None,
            "game": game.to_dict(), "title": game.title_in(narration.lang),
            # seat names as the live table gives them: the page itself marks the viewer's seat "(you)"
            "seats": [{"seat": s, "name": narration.seat(s, None),
                       "human": (s in self._humans) if self._humans or self._bots else None,
                       "bot": self._bots.get(str(s)), "online": True, "you": s == self.seat}
                      for s in range(game.num_players)],
            "public": game.public_info(core), "to_decide": cp if cp >= 0 else None,
            "kind": game.decision_kind(core), "log": self.entries(log_start, k, narration.lang), "log_start": log_start,
            "over": over,
            "thinking": None, "client": client_data(game, narration.lang),
            "waiting": narration.prompt(core, self.seat) if cp >= 0 else None,
            # the Rules panel: the rules that matter at this step, for the record's seat
            "rules": narration.rules(core, self.seat),
        }
        if self.seat is not None:
            out["private"] = game.private_info(core, self.seat)
        else:
            out["revealed"] = {str(s): game.private_info(core, s) for s in range(game.num_players)}
        if over:
            # a seat's view knows only its own cards: the others' are not made up for it
            out["result"] = game.result(core).to_dict()
            out["end_text"] = narration.end_text(core, self.seat)
        return out
