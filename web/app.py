"""The ASGI application of ``intrigue web``: pages, a small JSON API and one WebSocket.

* ``GET /`` -- the lobby: start a table (any game, ruleset, option, seats), load a saved game,
  open a record in the replay viewer.
* ``GET /t/{table}`` -- the table page.  Which seat it plays comes from the link's fragment
  (``#seat=1&token=...``), which the browser never sends in a request; the page sends it once over
  the socket (``join``) and from then on receives only that seat's view.
* ``WS /ws`` -- messages as JSON objects with a ``type``:
  page -> server ``join`` {table, seat, token}, ``move`` {move, seq?, seat?}, ``hint``, ``rules``, ``save``,
  ``ping``; server -> page ``state`` (the seat's view), ``thinking``, ``seats``, ``hint_started``, ``hint``,
  ``rules`` {text}, ``saved``, ``notice``, ``error`` {code, message, seat?, reason?}, ``pong``.  A bad
  message (a binary frame, a move naming another seat ...) gets an ``error`` and changes nothing; the
  page says a known ``code`` in its own language (``ERRORS`` in static/ui.js), else the English ``message``.
* ``GET /games/{game}/{file}`` -- the game's own drawing code and pictures (its ``web`` plug-in).

Nothing here knows a game's rules: every game-specific thing comes from the engine or the plug-in.
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import os
import re
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Dict, List, Optional, Tuple

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from intrigue.engine import GameRecord, IntrigueError
from intrigue.engine.registry import DEFAULT_GAME, game_class, game_names
from intrigue.search.levels import LEVELS
from intrigue.web.limits import Bucket, ServerLimits
from intrigue.web.pool import BotPool
from intrigue.web.tables import LANGS, Connection, Replay, TableConfig, WebError, WebTable, assets_dir

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
MAX_MESSAGE = ServerLimits.max_message      # bytes of one socket message from a page (the default)
MAX_RECORD = ServerLimits.max_upload        # bytes of an uploaded record (the default)
MAX_PENDING_UPLOADS = 4                     # uploads read or waiting at once; more are asked to retry
_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,80}$")
log = logging.getLogger("intrigue.web")


class BodyTooLarge(Exception):
    """A request body over its cap (answered 413 with a message)."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit


class WebServer:
    """The tables and replays of one running server, its settings and its limits
    (:class:`~intrigue.web.limits.ServerLimits`); ``clock`` is what expiry is measured by (a test's
    fake clock)."""

    def __init__(self, *, hint_spec: str = "ismcts:iterations=3000", bot_delay: float = 0.0,
                 saves_dir: Optional[str] = None, default_bots: Optional[List[str]] = None,
                 limits: Optional[ServerLimits] = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.tables: Dict[str, WebTable] = {}
        self.replays: "collections.OrderedDict[str, Replay]" = collections.OrderedDict()
        self._replay_seen: Dict[str, float] = {}
        self.hint_spec = hint_spec
        self.bot_delay = bot_delay
        self.saves_dir = saves_dir
        self.default_bots = default_bots or ["heuristic"]
        self.limits = limits or ServerLimits()
        self.clock = clock
        lim = self.limits
        # one bot move and one hint a table may think at once: enough threads that none waits for one
        self.pool = BotPool(lim.bot_slots, quantum=lim.bot_quantum, max_seconds=lim.max_bot_time_ms / 1000.0,
                            threads=2 * lim.max_tables + 8)
        # records are read and replayed here, one at a time, never on the event loop
        self.uploads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="intrigue-upload")
        self.uploading = 0
        self.freed = 0                    # tables closed by expiry so far (for the load test and the log)

    # --- tables -----------------------------------------------------------------------------------
    def check_room(self, owner: Optional[str]) -> None:
        """Refuse a new table when the server, or the address asking, has as many open as allowed."""
        lim = self.limits
        if len(self.tables) >= lim.max_tables:
            raise WebError("too_many_tables", f"this server has {len(self.tables)} tables open, the most it keeps "
                                              f"(--max-tables {lim.max_tables}); try again when one has closed",
                           cap="tables", limit=lim.max_tables)
        if owner is not None:
            mine = sum(1 for t in self.tables.values() if t.owner == owner)
            if mine >= lim.max_tables_per_client:
                raise WebError("too_many_tables", f"you have {mine} tables open on this server, the most one address "
                                                  f"may (--max-tables-per-client {lim.max_tables_per_client}); "
                                                  f"a table nobody has open closes after "
                                                  f"{lim.table_idle / 60:g} minutes",
                               cap="tables_per_client", limit=lim.max_tables_per_client)

    def build_table(self, config: TableConfig, record: Optional[GameRecord] = None,
                    owner: Optional[str] = None) -> WebTable:
        """A table not yet open (this may run off the event loop: a long record takes a while)."""
        kw = dict(hint_spec=self.hint_spec, bot_delay=self.bot_delay, saves_dir=self.saves_dir, pool=self.pool,
                  clock=self.clock, owner=owner, limits=self.limits)
        return WebTable.from_record(record, config, **kw) if record is not None else WebTable.create(config, **kw)

    def open_table(self, table: WebTable) -> WebTable:
        """Open a built table (a table already at its id -- a finished game reopened from its save -- is
        replaced by it)."""
        if table.id not in self.tables:
            try:
                self.check_room(table.owner)
            except WebError:
                table.close()
                raise
        self.tables[table.id] = table
        return table

    def add_table(self, config: TableConfig, record: Optional[GameRecord] = None,
                  owner: Optional[str] = None) -> WebTable:
        self.check_room(owner)
        return self.open_table(self.build_table(config, record, owner))

    def close_table(self, table_id: str) -> None:
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.close()

    def rematch(self, table: WebTable, owner: Optional[str]) -> WebTable:
        """The table of the same game with the same seats after ``table``'s game is over (made once;
        every person of the old table is sent to it with their own new link)."""
        if not table.state.is_terminal():
            raise WebError("not_over", "a rematch starts once this game is over")
        again = self.tables.get(table.rematch_id) if table.rematch_id else None
        if again is None:
            game = table.game
            config = TableConfig(game=game.name, ruleset=game.ruleset, players=game.num_players,
                                 options=dict(game.options), humans=[s.seat for s in table.seats if s.human],
                                 bots=[s.spec for s in table.seats if s.spec is not None],   # the bot seats'
                                 lang=table.lang,
                                 seed=secrets.randbits(31))
            again = self.add_table(config, owner=owner)
            table.rematch_id = again.id
        return again

    def table_list(self) -> List[dict]:
        """The open tables as anyone may see them: the game, who sits where (a person or a bot, at what
        level), whether a page has each seat open, how many public events so far -- never a seat's
        secret or cards."""
        now = self.clock()
        out = []
        for t in self.tables.values():
            game = t.game
            out.append({"table": t.id, "game": game.name, "titles": {lang: game.title_in(lang) for lang in LANGS},
                        "ruleset": game.ruleset, "players": game.num_players,
                        "seats": [{k: v for k, v in s.items() if k in ("seat", "human", "bot", "level", "online")}
                                  for s in t.seats_public(None)],
                        "events": t.public_events(), "over": t.state.is_terminal(),
                        "age": round(now - t.created, 1), "idle": round(t.idle_for(), 1)})
        return out

    # --- replays ----------------------------------------------------------------------------------
    def add_replay(self, replay_or_record: Any, lang: Optional[str] = None) -> Replay:
        """Keep a replay (built from a record here unless given built), the least recently used one
        going once ``max_replays`` are kept."""
        replay = replay_or_record if isinstance(replay_or_record, Replay) else Replay(replay_or_record, lang)
        self.replays[replay.id] = replay
        self._replay_seen[replay.id] = self.clock()
        while len(self.replays) > self.limits.max_replays:
            old, _ = self.replays.popitem(last=False)
            self._replay_seen.pop(old, None)
        return replay

    def replay(self, replay_id: str) -> Optional[Replay]:
        replay = self.replays.get(replay_id)
        if replay is not None:
            self.replays.move_to_end(replay_id)
            self._replay_seen[replay_id] = self.clock()
        return replay

    # --- expiry -----------------------------------------------------------------------------------
    def sweep(self) -> Dict[str, int]:
        """Close the tables nobody has had open for ``table_idle`` seconds (a game a person played in is
        saved first; one that cannot be saved is kept) and drop the replays nobody has stepped through
        for ``replay_idle``.  Called every little while by the running server."""
        lim, now = self.limits, self.clock()
        closed = kept = 0
        for table_id, table in list(self.tables.items()):
            if table.connections or table.idle_for() < lim.table_idle:
                continue
            if table.person_played and not self._saved(table):
                kept += 1
                continue
            self.close_table(table_id)
            closed += 1
        dropped = 0
        for replay_id, seen in list(self._replay_seen.items()):
            if now - seen >= lim.replay_idle:
                self.replays.pop(replay_id, None)
                self._replay_seen.pop(replay_id, None)
                dropped += 1
        self.freed += closed
        return {"closed": closed, "kept_unsaved": kept, "replays_dropped": dropped}

    def _saved(self, table: WebTable) -> bool:
        """Whether the table's game as it is now is in the saves folder (saving it if not)."""
        if table.saved_at is not None and table.saved_at[0] == len(table.state.history):
            return True
        try:
            table.save()
        except WebError as err:
            log.warning("table %s expired but could not be saved (%s): it stays open", table.id, err.message)
            return False
        return True

    @staticmethod
    def links(table: WebTable) -> Dict[str, str]:
        """The secret link of each human seat (relative to the server's address)."""
        return {str(s.seat): WebServer.link(table, s.seat) for s in table.seats if s.human}

    @staticmethod
    def link(table: WebTable, seat: int) -> str:
        return f"/t/{table.id}#seat={seat}&token={table.seats[seat].token}"

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
        self.pool.close()
        self.uploads.shutdown(wait=False, cancel_futures=True)


def _error(err: WebError, status: int = 400) -> JSONResponse:
    return JSONResponse(err.to_dict(), status_code=status)


def _config(data: Any, default_bots: List[str]) -> TableConfig:
    if not isinstance(data, dict):
        raise WebError("bad_request", "a new table is a JSON object: game, ruleset, players, options, humans, bots")
    humans = data.get("humans", [0])
    if isinstance(humans, int) and not isinstance(humans, bool):
        humans = [humans]
    if not isinstance(humans, list) or not all(isinstance(h, int) and not isinstance(h, bool) for h in humans):
        raise WebError("bad_request", "'humans' is a list of seat numbers")
    bots = data.get("bots") or default_bots
    if isinstance(bots, str):
        bots = [bots]
    if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
        raise WebError("bad_request", "'bots' is a list of bot specs, e.g. [\"heuristic\"]")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise WebError("bad_request", "'options' is an object of option values")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise WebError("bad_request", "'seed' is an integer")
    players = data.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise WebError("bad_request", "'players' is an integer")
    lang = data.get("lang")
    if lang is not None and lang not in LANGS:
        raise WebError("bad_request", f"'lang' is one of {', '.join(LANGS)}")
    return TableConfig(game=str(data.get("game") or DEFAULT_GAME), ruleset=data.get("ruleset") or None, players=players,
                       options=options, humans=humans, bots=bots, seed=seed, lang=lang)


class BodyCap:
    """ASGI middleware: a request body over its path's cap is refused with 413 -- at once when its
    Content-Length says so, else as soon as the bytes read pass the cap -- so no body is held whole
    before its size is known."""

    def __init__(self, app: Any, limit_for: Callable[[str], int]) -> None:
        self.app = app
        self.limit_for = limit_for

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                declared = -1
            if declared < 0:
                await _send(send, 400, WebError("bad_request", "the Content-Length header is not a number").to_dict())
                return
            if declared > limit:
                await _send(send, 413, _too_large(limit).to_dict())
                return
        seen = 0

        async def capped() -> dict:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(limit)
            return message

        await self.app(scope, capped, send)


def _too_large(limit: int) -> WebError:
    return WebError("too_large", f"the request body is larger than this server takes ({limit} bytes)", limit=limit)


async def _send(send: Callable, status: int, data: dict) -> None:
    body = json.dumps(data).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def _lifespan(server: WebServer):
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        lim = server.limits
        every = max(0.5, min(60.0, lim.table_idle / 4, lim.replay_idle / 4))

        async def sweeper() -> None:
            while True:
                await asyncio.sleep(every)
                try:
                    server.sweep()
                except Exception:                   # pragma: no cover - a bug must not stop the sweeps
                    log.exception("sweeping idle tables failed")

        task = asyncio.get_running_loop().create_task(sweeper())
        try:
            yield
        finally:
            task.cancel()
            server.close()
    return lifespan


def _status(err: WebError) -> int:
    return {"bad_token": 403, "no_save": 404, "no_table": 404, "no_replay": 404, "still_open": 409,
            "too_many_tables": 429, "uploads_busy": 503, "too_large": 413}.get(err.code, 400)


def _client(conn: Any) -> Optional[str]:
    client = getattr(conn, "client", None)
    return client.host if client is not None else None


def create_app(server: Optional[WebServer] = None) -> Starlette:
    """The application; ``app.state.server`` is the :class:`WebServer` holding its tables."""
    server = server or WebServer()
    lim = server.limits

    def missing(status: int = 404) -> Response:
        return FileResponse(os.path.join(STATIC, "missing.html"), status_code=status)

    async def lobby(request: Request) -> Response:
        return FileResponse(os.path.join(STATIC, "lobby.html"))

    async def table_page(request: Request) -> Response:
        if request.path_params["table"] not in server.tables:
            return missing()
        return FileResponse(os.path.join(STATIC, "table.html"))

    async def replay_page(request: Request) -> Response:
        if request.path_params["replay"] not in server.replays:
            return missing()
        return FileResponse(os.path.join(STATIC, "table.html"))

    async def not_found(request: Request, exc: Exception) -> Response:
        if request.url.path.startswith("/api/"):
            return _error(WebError("not_found", "there is no such address on this server"), 404)
        return missing(getattr(exc, "status_code", 404))

    async def body_too_large(request: Request, exc: Exception) -> Response:
        return _error(_too_large(getattr(exc, "limit", 0)), 413)

    async def games(request: Request) -> Response:
        out = []
        for name in game_names():
            cls = game_class(name)
            info = cls.describe()
            info["web"] = assets_dir(cls) is not None
            info["titles"] = {lang: cls.title_in(lang) for lang in LANGS}    # the lobby's list in its language
            out.append(info)
        levels = [{"name": name, "spec": spec, "about": about} for name, (spec, about) in LEVELS.items()]
        return JSONResponse({"games": out, "languages": list(LANGS), "bots": server.default_bots, "levels": levels,
                             "limits": {"max_bot_time_ms": lim.max_bot_time_ms,
                                        "max_bot_iterations": lim.max_bot_iterations,
                                        "max_bot_workers": lim.max_bot_workers}})

    async def game_asset(request: Request) -> Response:
        try:
            cls = game_class(request.path_params["game"])
        except IntrigueError:
            return Response("no such game", status_code=404)
        folder = assets_dir(cls)
        name = request.path_params["file"]
        if folder is None or not _NAME.match(name) or name.endswith(".py"):
            return Response("no such file", status_code=404)
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            return Response("no such file", status_code=404)
        return FileResponse(path)

    async def new_table(request: Request) -> Response:
        try:
            data = json.loads(await request.body())
        except (ValueError, RecursionError):
            return _error(WebError("bad_request", "the body is not JSON"))
        try:
            table = server.add_table(_config(data, server.default_bots), owner=_client(request))
        except WebError as err:
            return _error(err, _status(err))
        return JSONResponse({"table": table.id, "links": server.links(table)})

    async def list_tables(request: Request) -> Response:
        return JSONResponse({"tables": server.table_list()})

    def _table_and_seat(request: Request):
        table = server.tables.get(request.path_params["table"])
        if table is None:
            raise WebError("no_table", "there is no such table")
        try:
            seat = int(request.query_params.get("seat", ""))
        except ValueError:
            raise WebError("bad_seat", "'seat' is a seat number") from None
        table.check_token(seat, request.query_params.get("token"))
        return table, seat

    async def seat_record(request: Request) -> Response:
        """The seat's own view of its game as a record file (never another seat's cards)."""
        try:
            table, seat = _table_and_seat(request)
        except WebError as err:
            return _error(err, 403 if err.code == "bad_token" else 400)
        data = table.record_for(seat).to_bytes()
        name = f"{table.game.name}-{table.id}-seat{seat}.msgpack"
        return Response(data, media_type="application/x-msgpack",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def seat_replay(request: Request) -> Response:
        try:
            table, seat = _table_and_seat(request)
            record = table.record_for(seat)
        except WebError as err:
            return _error(err, 403 if err.code == "bad_token" else 400)
        try:
            replay = server.add_replay(await _off_loop(Replay, record, table.lang))
        except WebError as err:
            return _error(err, _status(err))
        return JSONResponse({"replay": replay.id, "link": f"/replay/{replay.id}", "steps": replay.steps})

    async def _off_loop(fn: Callable, *args: Any) -> Any:
        """``fn(*args)`` in the uploads thread: reading and replaying a record never holds up the
        event loop (and so the other tables' sockets); a few at most wait their turn."""
        if server.uploading >= MAX_PENDING_UPLOADS:
            raise WebError("uploads_busy", "the server is reading other records just now; try again in a moment")
        server.uploading += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(server.uploads, fn, *args)
        finally:
            server.uploading -= 1

    async def upload(request: Request) -> Response:
        """A record file from the page: a full record continues as a new table, a seat's view opens
        in the replay viewer (``?replay=1``: always the viewer).  Its body is capped as it streams in
        (413), and it is read and replayed off the event loop."""
        body = await request.body()
        lang = request.query_params.get("lang")
        as_replay = bool(request.query_params.get("replay"))
        owner = _client(request)

        def read() -> Tuple[GameRecord, Optional[Replay]]:
            record = GameRecord.from_bytes(body)
            if record.seat is not None or as_replay:
                return record, Replay(record, lang)
            return record, None

        try:
            try:
                record, replay = await _off_loop(read)
            except IntrigueError as err:
                raise WebError(err.code, err.message) from None
            if replay is not None:
                replay = server.add_replay(replay)
                return JSONResponse({"replay": replay.id, "link": f"/replay/{replay.id}", "steps": replay.steps})
            return await _continue(record, lang, owner)
        except WebError as err:
            return _error(err, _status(err))

    async def _continue(record: GameRecord, lang: Optional[str], owner: Optional[str], saved: bool = False) -> Response:
        """A full record continued as a table.  An uploaded file's holder has every card already: the
        links are theirs.  A game of several people from the server's saves folder (``saved``), which
        anyone at the server may list, reopens at its own id with its seats' old secrets and hands out
        no link: each person goes on with the link they had, so nobody gets another person's seat."""
        humans = record.meta.get("human_seats") or [record.meta.get("human_seat", 0)]
        if not isinstance(humans, list) or not all(isinstance(h, int) and not isinstance(h, bool) for h in humans):
            humans = [0]
        bots = record.meta.get("bots")
        specs = list(bots.values()) if isinstance(bots, dict) and bots else server.default_bots
        config = TableConfig(game=record.game, humans=humans, bots=[str(b) for b in specs],
                             lang=lang or record.meta.get("lang"))
        if config.lang not in LANGS:
            config.lang = None
        people = saved and len(set(humans)) > 1
        if people:
            config.table_id, config.tokens = _saved_seats(record, humans)
        table_id = record.meta.get("table")

        def still_open() -> Optional[WebTable]:
            open_table = server.tables.get(table_id) if saved and isinstance(table_id, str) else None
            if open_table is not None and not open_table.state.is_terminal():
                # a copy would show whoever pressed Continue the cards of the person still playing
                raise WebError("still_open", "this game is still being played at its table: each person goes on "
                                             "there with their own link (its saves open once it is over)")
            return open_table

        still_open()
        if not (people and table_id in server.tables):
            server.check_room(owner)
        table = await _off_loop(server.build_table, config, record, owner)
        try:
            open_table = still_open()
        except WebError:
            table.close()
            raise
        server.open_table(table)
        if people and open_table is not None and open_table is not table:
            open_table.close()                 # the finished game's table, replaced at its id by its save
        if people:
            return JSONResponse({"table": table.id, "links": {}, "reopened": True})
        return JSONResponse({"table": table.id, "links": server.links(table)})

    def _saved_seats(record: GameRecord, humans: List[int]):
        """The table id and seat secrets a save of several people keeps (``WebTable.saved_record``)."""
        table_id, tokens = record.meta.get("table"), record.meta.get("seat_tokens")
        if (not isinstance(table_id, str) or not _NAME.match(table_id) or not isinstance(tokens, dict)
                or not all(isinstance(k, str) and k.isascii() and k.isdecimal() for k in tokens)
                or {str(h) for h in humans} - set(tokens)
                or not all(isinstance(v, str) and v.isascii() and len(v) >= 16 for v in tokens.values())):
            raise WebError("not_reopenable", "several people played this saved game, and it does not "
                                             "keep their seats' secrets: it cannot be handed out again "
                                             "without showing one person another's cards")
        return table_id, {int(k): v for k, v in tokens.items()}

    async def saves(request: Request) -> Response:
        """The saved games, newest first: their names, and what each is (``about``: the game, who sat
        where, how far it went, when it was saved)."""
        found = []
        if server.saves_dir and os.path.isdir(server.saves_dir):
            for f in os.listdir(server.saves_dir):
                if f.endswith(".msgpack") and _NAME.match(f[:-8]):
                    found.append(_save_about(server.saves_dir, f[:-8]))
        found.sort(key=lambda a: (a.get("saved") or 0, a["name"]), reverse=True)
        return JSONResponse({"saves": [a["name"] for a in found], "about": found})

    async def load_save(request: Request) -> Response:
        name = request.path_params["name"]
        if not server.saves_dir or not _NAME.match(name):
            return _error(WebError("no_save", "there is no such saved game"), 404)
        path = os.path.join(server.saves_dir, name + ".msgpack")
        if not os.path.isfile(path):
            return _error(WebError("no_save", "there is no such saved game"), 404)
        try:
            try:
                record = await _off_loop(GameRecord.load, path)
            except IntrigueError as err:
                raise WebError(err.code, err.message) from None
            return await _continue(record, request.query_params.get("lang"), _client(request), saved=True)
        except WebError as err:
            return _error(err, _status(err))

    async def replay_frame(request: Request) -> Response:
        replay = server.replay(request.path_params["replay"])
        if replay is None:
            return _error(WebError("no_replay", "there is no such replay"), 404)
        try:
            k = int(request.path_params["step"])
        except ValueError:
            return _error(WebError("bad_request", "a step is a number"))
        return JSONResponse(replay.frame(k, request.query_params.get("lang")))

    # --- the socket -------------------------------------------------------------------------------
    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws.send_json)
        conn.client = _client(ws)
        conn.resyncs = Bucket(lim.resyncs_per_s, lim.resyncs_burst, server.clock)
        messages = Bucket(lim.messages_per_s, lim.messages_burst, server.clock)
        warned = None
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not messages.take():
                    # over the socket's rate: dropped, and said at most once a second
                    now = server.clock()
                    if warned is None or now - warned >= 1.0:
                        warned = now
                        await ws.send_json(WebError("too_fast", "this page sends messages faster than the server "
                                                                "takes them; some were not read").to_dict())
                    continue
                raw = message.get("text")
                try:
                    if raw is None:          # a binary frame: the protocol is JSON text
                        raise WebError("bad_message", "a message is a text frame holding a JSON object with a 'type' "
                                                      "(a binary frame is refused)")
                    await _handle(conn, raw)
                except WebError as err:
                    await ws.send_json(err.to_dict())
                    if err.code == "stale" and conn.table is not None:
                        await _resync(conn)
                except (WebSocketDisconnect, asyncio.CancelledError):
                    raise
                except Exception:            # a bug must not drop the socket: the page is told, the log says what
                    log.exception("a socket message could not be handled")
                    await ws.send_json({"type": "error", "code": "internal",
                                        "message": "the server could not handle that message; nothing changed"})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            if conn.resync_task is not None:
                conn.resync_task.cancel()
            if conn.table is not None:
                await conn.table.leave(conn)

    async def _resync(conn: Connection) -> None:
        """A stale page's redraw: its seat's position now, without the log it has (``WebTable.push``),
        at most ``resyncs_per_s`` a second; one over that waits, and later ones join it."""
        table = conn.table
        if table is None:                       # not joined: no position to redraw
            return
        if conn.resyncs.take():
            await table.push(conn)
            return
        if conn.resync_task is not None and not conn.resync_task.done():
            return

        async def later() -> None:
            await asyncio.sleep(conn.resyncs.wait())
            conn.resyncs.take()
            if conn.table is not None:
                await conn.table.push(conn)

        conn.resync_task = asyncio.get_running_loop().create_task(later())

    async def _handle(conn: Connection, raw: str) -> None:
        if len(raw) > lim.max_message:
            raise WebError("bad_message", "that message is too long")
        try:
            msg = json.loads(raw)
        except (ValueError, RecursionError):    # RecursionError: nested deeper than the parser goes
            raise WebError("bad_message", "a message is a JSON object with a 'type'") from None
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            raise WebError("bad_message", "a message is a JSON object with a 'type'")
        kind = msg["type"]
        if kind == "ping":
            await conn.send({"type": "pong"})
            return
        if kind == "join":
            table_id = msg.get("table")
            table = server.tables.get(table_id) if isinstance(table_id, str) else None
            if table is None:
                raise WebError("no_table", "there is no such table (the server may have been restarted)")
            table.check_token(msg.get("seat"), msg.get("token"))
            if not conn.resyncs.take():          # a join sends the whole log: at the redraws' rate
                raise WebError("too_fast", "this page joins faster than the server takes it; wait a moment")
            await table.join(conn, msg.get("seat"), msg.get("token"), msg.get("lang"))
            return
        if kind not in ("move", "hint", "save", "rules", "rematch"):
            raise WebError("bad_message", f"unknown message type {kind!r}")
        table = conn.table
        if table is None or conn.seat is None:          # joined: both set (WebTable.join)
            raise WebError("not_joined", "join a seat first (the link's seat and token)")
        if kind == "move":
            seat = msg.get("seat")
            if seat is not None and (isinstance(seat, bool) or seat != conn.seat):
                # a page plays only the seat it joined with its token: a move naming another is refused
                raise WebError("bad_seat", f"this page plays seat {conn.seat}: a move for seat {seat!r} is refused")
            await table.move(conn, msg.get("move"), msg.get("seq"))
        elif kind == "hint":
            await table.hint(conn)
        elif kind == "rules":
            await conn.send({"type": "rules", "text": table.rules_for(conn.seat, conn.lang)})
        elif kind == "rematch":
            again = server.rematch(table, conn.client)
            # this page's seat only: every other person asks with their own page and gets their own link
            await conn.send({"type": "rematch", "table": again.id, "link": server.link(again, conn.seat)})
            for other in list(table.connections):
                if other.seat != conn.seat:
                    await table._send(other, {"type": "rematch_open", "table": again.id})
        else:
            name = table.save()
            await conn.send({"type": "saved", "name": name})

    app = Starlette(routes=[
        Route("/", lobby),
        Route("/t/{table}", table_page),
        Route("/replay/{replay}", replay_page),
        Route("/api/games", games),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables/{table}/record", seat_record),
        Route("/api/tables/{table}/replay", seat_replay, methods=["POST"]),
        Route("/api/records", upload, methods=["POST"]),
        Route("/api/saves", saves),
        Route("/api/saves/{name}", load_save, methods=["POST"]),
        Route("/api/replays/{replay}/{step}", replay_frame),
        Route("/games/{game}/{file}", game_asset),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        WebSocketRoute("/ws", socket),
    ], lifespan=_lifespan(server),
        middleware=[Middleware(BodyCap, limit_for=lambda path: lim.max_upload if path == "/api/records" else lim.max_body)],
        exception_handlers={BodyTooLarge: body_too_large, 404: not_found})
    app.state.server = server
    return app


def _save_about(folder: str, name: str) -> Dict[str, Any]:
    """A save's entry in the lobby's list: its ``NAME.json`` description (written beside it) where it
    has one, else what its file name and date say."""
    about: Dict[str, Any] = {}
    path = os.path.join(folder, name + ".json")
    try:
        if os.path.getsize(path) <= 65_536:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            if isinstance(data, dict):
                about = {k: data[k] for k in ("game", "titles", "ruleset", "players", "people", "levels", "bots",
                                              "events", "over", "saved") if k in data}
    except (OSError, ValueError, RecursionError):
        pass
    if not isinstance(about.get("saved"), (int, float)):
        with contextlib.suppress(OSError):
            about["saved"] = os.path.getmtime(os.path.join(folder, name + ".msgpack"))
    if "game" not in about:
        head = name.split("-", 1)[0]
        if head in game_names():
            about["game"] = head
    about["name"] = name
    return about
