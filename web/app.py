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

import contextlib
import json
import os
import re
import secrets
from typing import Any, Dict, List, Optional

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from intrigue.engine import GameRecord, IntrigueError
from intrigue.engine.registry import DEFAULT_GAME, game_class, game_names
from intrigue.web.tables import LANGS, Connection, Replay, TableConfig, WebError, WebTable, assets_dir

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
MAX_MESSAGE = 16_384          # bytes of one socket message from a page
MAX_RECORD = 4_000_000        # bytes of an uploaded record
_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,80}$")


class WebServer:
    """The tables and replays of one running server, and its settings."""

    def __init__(self, *, hint_spec: str = "ismcts:iterations=3000", bot_delay: float = 0.0,
                 saves_dir: Optional[str] = None, default_bots: Optional[List[str]] = None) -> None:
        self.tables: Dict[str, WebTable] = {}
        self.replays: Dict[str, Replay] = {}
        self.hint_spec = hint_spec
        self.bot_delay = bot_delay
        self.saves_dir = saves_dir
        self.default_bots = default_bots or ["heuristic"]

    def add_table(self, config: TableConfig, record: Optional[GameRecord] = None) -> WebTable:
        kw = dict(hint_spec=self.hint_spec, bot_delay=self.bot_delay, saves_dir=self.saves_dir)
        table = WebTable.from_record(record, config, **kw) if record is not None else WebTable.create(config, **kw)
        self.tables[table.id] = table
        return table

    def add_replay(self, record: GameRecord, lang: Optional[str] = None) -> Replay:
        replay = Replay(record, lang)
        self.replays[replay.id] = replay
        return replay

    @staticmethod
    def links(table: WebTable) -> Dict[str, str]:
        """The secret link of each human seat (relative to the server's address)."""
        return {str(s.seat): f"/t/{table.id}#seat={s.seat}&token={s.token}" for s in table.seats if s.human}

    def close(self) -> None:
        for table in self.tables.values():
            table.close()


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


def _lifespan(server: WebServer):
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        yield
        server.close()
    return lifespan


def create_app(server: Optional[WebServer] = None) -> Starlette:
    """The application; ``app.state.server`` is the :class:`WebServer` holding its tables."""
    server = server or WebServer()

    async def lobby(request: Request) -> Response:
        return FileResponse(os.path.join(STATIC, "lobby.html"))

    async def table_page(request: Request) -> Response:
        if request.path_params["table"] not in server.tables:
            return Response("no such table (the server may have been restarted)", status_code=404)
        return FileResponse(os.path.join(STATIC, "table.html"))

    async def replay_page(request: Request) -> Response:
        if request.path_params["replay"] not in server.replays:
            return Response("no such replay", status_code=404)
        return FileResponse(os.path.join(STATIC, "table.html"))

    async def games(request: Request) -> Response:
        out = []
        for name in game_names():
            cls = game_class(name)
            info = cls.describe()
            info["web"] = assets_dir(cls) is not None
            info["titles"] = {lang: cls.title_in(lang) for lang in LANGS}    # the lobby's list in its language
            out.append(info)
        return JSONResponse({"games": out, "languages": list(LANGS), "bots": server.default_bots})

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
            data = await request.json()
        except Exception:
            return _error(WebError("bad_request", "the body is not JSON"))
        try:
            table = server.add_table(_config(data, server.default_bots))
        except WebError as err:
            return _error(err)
        return JSONResponse({"table": table.id, "links": server.links(table)})

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
            replay = server.add_replay(table.record_for(seat), table.lang)
        except WebError as err:
            return _error(err, 403 if err.code == "bad_token" else 400)
        return JSONResponse({"replay": replay.id, "link": f"/replay/{replay.id}", "steps": replay.steps})

    async def upload(request: Request) -> Response:
        """A record file from the page: a full record continues as a new table, a seat's view opens
        in the replay viewer (``?replay=1``: always the viewer)."""
        body = await request.body()
        if len(body) > MAX_RECORD:
            return _error(WebError("too_large", "that file is too large to be a game record"))
        try:
            record = GameRecord.from_bytes(body)
        except IntrigueError as err:
            return _error(WebError(err.code, err.message))
        lang = request.query_params.get("lang")
        try:
            if record.seat is not None or request.query_params.get("replay"):
                replay = server.add_replay(record, lang)
                return JSONResponse({"replay": replay.id, "link": f"/replay/{replay.id}", "steps": replay.steps})
            return _continue(record, lang)
        except WebError as err:
            return _error(err)

    def _continue(record: GameRecord, lang: Optional[str], saved: bool = False) -> Response:
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
        open_table = server.tables.get(table_id) if saved and isinstance(table_id, str) else None
        if open_table is not None and not open_table.state.is_terminal():
            # a copy would show whoever pressed Continue the cards of the person still playing
            raise WebError("still_open", "this game is still being played at its table: each person goes on "
                                         "there with their own link (its saves open once it is over)")
        table = server.add_table(config, record)
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
        names = []
        if server.saves_dir and os.path.isdir(server.saves_dir):
            names = sorted((f[:-8] for f in os.listdir(server.saves_dir) if f.endswith(".msgpack")), reverse=True)
        return JSONResponse({"saves": names})

    async def load_save(request: Request) -> Response:
        name = request.path_params["name"]
        if not server.saves_dir or not _NAME.match(name):
            return _error(WebError("no_save", "there is no such saved game"), 404)
        path = os.path.join(server.saves_dir, name + ".msgpack")
        if not os.path.isfile(path):
            return _error(WebError("no_save", "there is no such saved game"), 404)
        try:
            return _continue(GameRecord.load(path), request.query_params.get("lang"), saved=True)
        except (IntrigueError, WebError) as err:
            return _error(WebError(err.code, err.message), 409 if err.code == "still_open" else 400)

    async def replay_frame(request: Request) -> Response:
        replay = server.replays.get(request.path_params["replay"])
        if replay is None:
            return _error(WebError("no_replay", "there is no such replay"), 404)
        try:
            k = int(request.path_params["step"])
        except ValueError:
            return _error(WebError("bad_request", "a step is a number"))
        return JSONResponse(replay.frame(k, request.query_params.get("lang")))

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws.send_json)
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                try:
                    if raw is None:          # a binary frame: the protocol is JSON text
                        raise WebError("bad_message", "a message is a text frame holding a JSON object with a 'type' "
                                                      "(a binary frame is refused)")
                    await _handle(conn, raw)
                except WebError as err:
                    await ws.send_json(err.to_dict())
                    if err.code == "stale" and conn.table is not None:
                        conn.log_sent = 0
                        await conn.table.push(conn)
        except WebSocketDisconnect:
            pass
        finally:
            if conn.table is not None:
                await conn.table.leave(conn)

    async def _handle(conn: Connection, raw: str) -> None:
        if len(raw) > MAX_MESSAGE:
            raise WebError("bad_message", "that message is too long")
        try:
            msg = json.loads(raw)
        except ValueError:
            raise WebError("bad_message", "a message is a JSON object with a 'type'") from None
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            raise WebError("bad_message", "a message is a JSON object with a 'type'")
        kind = msg["type"]
        if kind == "ping":
            await conn.send({"type": "pong"})
            return
        if kind == "join":
            table = server.tables.get(msg.get("table")) if isinstance(msg.get("table"), str) else None
            if table is None:
                raise WebError("no_table", "there is no such table (the server may have been restarted)")
            await table.join(conn, msg.get("seat"), msg.get("token"), msg.get("lang"))
            return
        if kind not in ("move", "hint", "save", "rules"):
            raise WebError("bad_message", f"unknown message type {kind!r}")
        table = conn.table
        if table is None:
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
        else:
            name = table.save()
            await conn.send({"type": "saved", "name": name})

    app = Starlette(routes=[
        Route("/", lobby),
        Route("/t/{table}", table_page),
        Route("/replay/{replay}", replay_page),
        Route("/api/games", games),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{table}/record", seat_record),
        Route("/api/tables/{table}/replay", seat_replay, methods=["POST"]),
        Route("/api/records", upload, methods=["POST"]),
        Route("/api/saves", saves),
        Route("/api/saves/{name}", load_save, methods=["POST"]),
        Route("/api/replays/{replay}/{step}", replay_frame),
        Route("/games/{game}/{file}", game_asset),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        WebSocketRoute("/ws", socket),
    ], lifespan=_lifespan(server))
    app.state.server = server
    return app
