"""A small client for ``intrigue engine``, for frontend authors (docs/protocol.md, section 11).

In the spirit of python-chess's ``chess.engine``: it starts the engine as a child process, does the
handshake, and turns the protocol's requests into method calls that return the final answer (a
``dict``, exactly the message of docs/protocol.md) or raise :class:`EngineError` with the error's
``code``.  Searches stream their ``info`` messages to a callback or through an iterator; events,
asks and the end of a game (the messages without an ``id``) wait in :meth:`Engine.next_message`.

    from intrigue.protocol.client import Engine, Limit

    with Engine.popen() as engine:                 # starts `intrigue engine`, says hello
        engine.setoption("bot", "ismcts")
        engine.position(players=3, seat=1, events=[[-1, "deal 1 duke captain"]])
        decision = engine.go(Limit(iterations=5000), on_info=print)
        print(decision["move"])
        with engine.search(Limit(infinite=True)) as search:   # analysis until stopped
            for info in search:
                if info["iterations"] > 100_000:
                    break                          # leaving the block sends stop
        print(search.result["move"])
    # leaving the block sends quit, waits for bye and for the process to end

Thread-safe: one reader thread owns the engine's stdout; requests may come from any thread.
"""
from __future__ import annotations

import dataclasses
import io
import itertools
import json
import os
import queue
import subprocess
import sys
import threading
import time
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Union, cast

import msgpack

#: Message types that are a request's final answer (``info`` never is).
FINAL_TYPES = frozenset({"error", "ok", "hello", "help", "option", "pong", "game", "position", "state", "record",
                         "decision", "analysis", "bye"})

InfoCallback = Callable[[Dict[str, Any]], None]


class EngineError(Exception):
    """The engine refused a request: ``code`` is the protocol's error code (``bad_request``,
    ``illegal_action``, ``busy`` ...), ``field`` the request field at fault, ``reply`` the whole
    error message."""

    def __init__(self, reply: Dict[str, Any]) -> None:
        self.reply = reply
        self.code: str = reply.get("code", "error")
        self.field: Optional[str] = reply.get("field")
        self.message: str = reply.get("message", "")
        super().__init__(f"{self.code}: {self.message}")


class EngineTerminated(EngineError):
    """The engine process ended (or closed its output) before answering."""

    def __init__(self, message: str = "the engine ended") -> None:
        super().__init__({"type": "error", "code": "terminated", "message": message})


@dataclasses.dataclass
class Limit:
    """How long a search may run (``go``/``analyze`` fields): at the first limit reached it stops;
    ``infinite`` runs until :meth:`Search.stop`.  No limit at all: the bot's own."""

    iterations: Optional[int] = None
    movetime: Optional[float] = None      # milliseconds
    workers: Optional[int] = None
    infinite: bool = False

    def fields(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {k: v for k, v in dataclasses.asdict(self).items() if v is not None}
        if not out.get("infinite"):
            out.pop("infinite", None)
        return out


class _Pending:
    """A request waiting for its final answer."""

    def __init__(self, on_info: Optional[InfoCallback]) -> None:
        self.done = threading.Event()
        self.reply: Optional[Dict[str, Any]] = None
        self.on_info = on_info


class Search:
    """A running ``go``/``analyze``: iterate for its ``info`` messages (the iteration ends with the
    search); :meth:`stop` ends it early; :meth:`wait` returns the final ``decision``/``analysis``.
    As a context manager, leaving the block stops the search and waits for its answer."""

    def __init__(self, engine: "Engine", rid: Any, pending: _Pending) -> None:
        self.engine = engine
        self.id = rid
        self._pending = pending
        self._infos: "queue.Queue" = queue.Queue()
        self.info: Optional[Dict[str, Any]] = None      # the latest info
        self.result: Optional[Dict[str, Any]] = None    # the final answer, once there
        self.infinite = False                           # wait() then waits without a timeout

    def _on_info(self, msg: Dict[str, Any]) -> None:
        self.info = msg
        self._infos.put(msg)

    def _on_done(self) -> None:
        self._infos.put(None)

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        while True:
            msg = self._infos.get()
            if msg is None:
                self._infos.put(None)                    # iterating again ends at once
                return
            yield msg

    def stop(self) -> None:
        """Ask the engine to stop this search now (its answer then comes within about 100 ms)."""
        if not self._pending.done.is_set():
            self.engine.stop()

    def wait(self, timeout: Optional[float] = None) -> Dict[str, Any]:
        """The search's final answer; raises :class:`EngineError` if it ended with an error."""
        if timeout is None and not self.infinite:
            timeout = self.engine.timeout
        self.result = self.engine._wait(self._pending, timeout)
        return self.result

    def __enter__(self) -> "Search":
        return self

    def __exit__(self, *exc: Any) -> None:
        try:
            self.stop()
            self.wait()
        except EngineTerminated:
            pass


class Engine:
    """``intrigue engine`` as a child process (see the module docstring for an example).

    ``command`` is the engine's command line (default: this Python running ``intrigue engine``);
    ``format`` the wire format, ``"json"`` or ``"msgpack"`` (negotiated by the handshake);
    ``timeout`` the seconds a request waits for its answer before :class:`TimeoutError`
    (infinite searches wait for ever).  ``on_message`` is called (in the reader thread) for
    every message without an ``id`` -- events, asks, game_over, an engine bot's failure -- which
    also wait in :meth:`next_message`.  ``stderr``: where the engine's diagnostics go (default:
    this process's stderr); with ``subprocess.PIPE`` they are collected in :attr:`stderr`.
    """

    def __init__(self, command: Optional[Sequence[str]] = None, *, format: str = "json", timeout: float = 30.0,
                 env: Optional[Dict[str, str]] = None, stderr: Any = None,
                 on_message: Optional[Callable[[Dict[str, Any]], None]] = None, handshake: bool = True) -> None:
        self.command = list(command) if command is not None else [sys.executable, "-m", "intrigue.cli.main", "engine"]
        self.timeout = timeout
        self.on_message = on_message
        self.transcript: List[Dict[str, Any]] = []     # every message received, in order
        self.format = "json"
        self._ids = itertools.count(1)
        self._pending: Dict[Any, _Pending] = {}
        self._searches: Dict[Any, Search] = {}
        self._lock = threading.RLock()
        self._write_lock = threading.Lock()
        self._messages: "queue.Queue" = queue.Queue()
        self._ended = threading.Event()
        self.returncode: Optional[int] = None
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                     env=dict(os.environ, **(env or {})) if env else None)
        # both opened as buffered binary pipes just above (stdin=stdout=PIPE, the default bufsize)
        self._stdin = cast(io.BufferedWriter, self.proc.stdin)
        self._stdout = cast(io.BufferedReader, self.proc.stdout)
        self._reader = threading.Thread(target=self._read, name="intrigue-client-reader", daemon=True)
        self._reader.start()
        self.stderr = bytearray()                   # the engine's stderr, when piped here
        self._stderr_reader: Optional[threading.Thread] = None
        if stderr is subprocess.PIPE:               # drained, so that a chatty engine never blocks
            self._stderr_reader = threading.Thread(target=self._drain_stderr, daemon=True)
            self._stderr_reader.start()
        self.hello: Dict[str, Any] = {}
        if handshake:
            fields: Dict[str, Any] = {"format": format} if format != "json" else {}
            self.hello = self.request("hello", protocol=1, **fields)

    @classmethod
    def popen(cls, command: Optional[Sequence[str]] = None, **kw: Any) -> "Engine":
        """Start the engine and do the handshake (the ``chess.engine.popen_uci`` of this protocol)."""
        return cls(command, **kw)

    # --- the wire -----------------------------------------------------------------------------
    def send_raw(self, data: bytes) -> None:
        """Write bytes to the engine as they are (tests, or a hand-made request)."""
        with self._write_lock:
            try:
                self._stdin.write(data)
                self._stdin.flush()
            except (BrokenPipeError, ValueError, OSError):
                raise EngineTerminated("the engine's input is closed") from None

    def _encode(self, msg: Dict[str, Any]) -> bytes:
        if self.format == "msgpack":
            return msgpack.packb(msg, use_bin_type=True)
        return (json.dumps(msg, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n").encode("utf-8")

    def _read(self) -> None:
        stream = self._stdout
        mode = "json"
        buf = b""
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
        try:
            while True:
                chunk = stream.read1(65536)
                if not chunk:
                    break
                if mode == "msgpack":
                    unpacker.feed(chunk)
                    for msg in unpacker:
                        self._dispatch(msg)
                    continue
                buf += chunk
                while mode == "json":
                    nl = buf.find(b"\n")
                    if nl < 0:
                        break
                    line, buf = buf[:nl], buf[nl + 1:]
                    if not line.strip():
                        continue
                    msg = json.loads(line)
                    self._dispatch(msg)
                    if msg.get("type") == "hello" and msg.get("format") == "msgpack":
                        mode = "msgpack"
                        unpacker.feed(buf)
                        buf = b""
                        for msg in unpacker:
                            self._dispatch(msg)
        except Exception:            # the engine wrote something that is not the protocol, or went away
            pass
        finally:
            self._ended.set()
            with self._lock:
                pending = list(self._pending.values())
                self._pending.clear()
            for p in pending:
                p.done.set()
            for s in list(self._searches.values()):
                s._on_done()
            self._messages.put(None)

    def _drain_stderr(self) -> None:
        while True:
            chunk = cast(io.BufferedReader, self.proc.stderr).read1(65536)   # a pipe: stderr is PIPE
            if not chunk:
                return
            self.stderr.extend(chunk)

    def _dispatch(self, msg: Dict[str, Any]) -> None:
        self.transcript.append(msg)
        rid = msg.get("id")
        with self._lock:
            pending = self._pending.get(rid) if rid is not None else None
        if pending is None:
            if self.on_message is not None:
                self.on_message(msg)
            self._messages.put(msg)
            return
        if msg.get("type") == "info":
            if pending.on_info is not None:
                pending.on_info(msg)
            return
        if msg.get("type") in FINAL_TYPES:
            pending.reply = msg
            with self._lock:
                self._pending.pop(rid, None)
                search = self._searches.pop(rid, None)
            pending.done.set()
            if search is not None:
                search.result = msg
                search._on_done()

    # --- requests -----------------------------------------------------------------------------
    def _start(self, cmd: str, fields: Dict[str, Any], on_info: Optional[InfoCallback] = None) -> tuple:
        if "id" in fields:      # the answer is matched by the client's own id: another would never arrive
            raise ValueError("the client gives every request its own id; do not pass 'id' "
                             "(use send_raw to write a request of your own)")
        rid = f"c{next(self._ids)}"
        msg = {"cmd": cmd, "id": rid}
        msg.update((k, v) for k, v in fields.items() if v is not None)
        pending = _Pending(on_info)
        with self._lock:
            if self._ended.is_set():
                raise EngineTerminated()
            self._pending[rid] = pending
        data = self._encode(msg)
        if cmd == "hello" and fields.get("format") in ("json", "msgpack"):
            self.format = fields["format"]        # the engine reads what follows in the new format
        self.send_raw(data)
        return rid, pending

    def _wait(self, pending: _Pending, timeout: Optional[float]) -> Dict[str, Any]:
        if not pending.done.wait(timeout):
            raise TimeoutError(f"no answer from the engine within {timeout} s")
        reply = pending.reply
        if reply is None:
            raise EngineTerminated(self._ended_message())
        if reply.get("type") == "error":
            raise EngineError(reply)
        return reply

    def _ended_message(self) -> str:
        rc = self.proc.poll()
        return "the engine ended" + (f" (exit status {rc})" if rc is not None else "")

    def request(self, cmd: str, *, timeout: Optional[float] = None, on_info: Optional[InfoCallback] = None,
                **fields: Any) -> Dict[str, Any]:
        """Send one request (``None`` fields are left out) and return its final answer."""
        rid, pending = self._start(cmd, fields, on_info)
        return self._wait(pending, self.timeout if timeout is None else timeout)

    # --- the commands -------------------------------------------------------------------------
    def ping(self) -> None:
        """Round trip: every earlier request has been handled when this returns."""
        self.request("ping")

    def setoption(self, name: str, value: Any) -> Any:
        """Set an engine option (``bot``, ``seed``, ``info_interval``, ``log``); returns the value stored."""
        return self.request("setoption", name=name, value=value)["value"]

    def new_game(self, game: Optional[str] = None, **fields: Any) -> Dict[str, Any]:
        """Referee mode: start a game (``None``: the engine's default game; fields as in
        docs/protocol.md: players, seed, engine_seats, bots, view, options ...).  Its events and asks
        follow in :meth:`next_message`."""
        return self.request("new_game", game=game, **fields)

    def move(self, action: Union[str, int], seat: Optional[int] = None) -> Dict[str, Any]:
        """Referee mode: the decision of a seat the frontend plays."""
        return self.request("move", action=action, seat=seat)

    def position(self, game: Optional[str] = None, *, seat: int, events: Sequence[Sequence[Any]] = (),
                 **fields: Any) -> Dict[str, Any]:
        """Advisor mode: the game (``None``: the engine's default) and everything ``seat`` has
        observed (a snapshot)."""
        return self.request("position", game=game, seat=seat, events=[list(e) for e in events], **fields)

    def observe(self, *events: Sequence[Any]) -> Dict[str, Any]:
        """Advisor mode: append what the seat observed since (one or more ``[seat, text]``)."""
        return self.request("observe", events=[list(e) for e in events])

    def state(self, view: Any = None) -> Dict[str, Any]:
        return self.request("state", view=view)

    def record(self, view: Any = None) -> Dict[str, Any]:
        """The game record as ``view`` saw it (the ``record`` field of the answer)."""
        return self.request("record", view=view)["record"]

    def stop(self) -> int:
        """Stop the running search(es); returns how many were told to stop."""
        return self.request("stop")["stopped"]

    def search(self, limit: Optional[Limit] = None, *, analyze: bool = False, seat: Optional[int] = None,
               bot: Optional[str] = None, on_info: Optional[InfoCallback] = None) -> Search:
        """Start a ``go`` (or ``analyze``) and return at once with a :class:`Search` handle."""
        fields = dict(limit.fields() if limit is not None else {}, seat=seat, bot=bot)
        holder: Dict[str, Search] = {}

        def info(msg: Dict[str, Any]) -> None:
            holder["s"]._on_info(msg)
            if on_info is not None:
                on_info(msg)

        with self._lock:                 # the handle exists before any info can arrive
            rid, pending = self._start("analyze" if analyze else "go", fields, info)
            search = holder["s"] = Search(self, rid, pending)
            search.infinite = bool(limit is not None and limit.infinite)
            if pending.done.is_set():
                search._on_done()
            else:
                self._searches[rid] = search
        return search

    def go(self, limit: Optional[Limit] = None, *, seat: Optional[int] = None, bot: Optional[str] = None,
           on_info: Optional[InfoCallback] = None, timeout: Optional[float] = None) -> Dict[str, Any]:
        """Search and return the ``decision`` (not applied to the game).  ``on_info`` gets each
        ``info`` message.  An infinite limit needs :meth:`search` (someone must call stop)."""
        if limit is not None and limit.infinite:
            raise ValueError("an infinite search never answers by itself: use search() and stop()")
        return self.search(limit, seat=seat, bot=bot, on_info=on_info).wait(timeout)

    def analyze(self, limit: Optional[Limit] = None, *, seat: Optional[int] = None, bot: Optional[str] = None,
                on_info: Optional[InfoCallback] = None, timeout: Optional[float] = None) -> Dict[str, Any]:
        """Like :meth:`go`, answered as an ``analysis`` (a hint)."""
        if limit is not None and limit.infinite:
            raise ValueError("an infinite search never answers by itself: use search() and stop()")
        return self.search(limit, analyze=True, seat=seat, bot=bot, on_info=on_info).wait(timeout)

    # --- messages without an id ---------------------------------------------------------------
    def next_message(self, *types: str, timeout: Optional[float] = None) -> Dict[str, Any]:
        """The next message without an ``id`` (``event``, ``ask``, ``game_over`` ...); with
        ``types``, the next of those types (others are passed over).  Raises
        :class:`EngineTerminated` when the engine has ended and none is left."""
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no {'/'.join(types) or 'message'} from the engine within {timeout} s")
            try:
                msg = self._messages.get(timeout=remaining)
            except queue.Empty:
                continue
            if msg is None:
                self._messages.put(None)
                raise EngineTerminated(self._ended_message())
            if not types or msg.get("type") in types:
                return msg

    # --- the end ------------------------------------------------------------------------------
    def quit(self, timeout: float = 10.0) -> int:
        """Send ``quit``, wait for ``bye`` and for the process to end (killing it after
        ``timeout``); returns its exit status.  Safe to call twice."""
        if self.returncode is not None:
            return self.returncode
        try:
            if not self._ended.is_set():
                self.request("quit", timeout=timeout)
        except (EngineError, TimeoutError):
            pass
        return self._finish(timeout)

    close = quit

    def _finish(self, timeout: float) -> int:
        for stream in (self._stdin,):
            try:
                stream.close()
            except Exception:
                pass
        try:
            self.returncode = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.returncode = self.proc.wait()
        self._reader.join(timeout)
        if self._stderr_reader is not None:
            self._stderr_reader.join(timeout)
        return self.returncode

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.quit()

    def __repr__(self) -> str:
        return f"<intrigue engine client pid={self.proc.pid} format={self.format}>"
