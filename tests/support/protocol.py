"""Helpers for the protocol tests: an in-process conversation, a subprocess engine (driven through
:mod:`intrigue.protocol.client`, as a frontend would), and a slow bot that streams info and honours
stop (so search plumbing is tested before the real search exists)."""
from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from typing import Any, List

import msgpack

from intrigue.protocol.client import FINAL_TYPES, Engine as Client
from intrigue.protocol.framing import decode_line
from intrigue.protocol.server import Server
from intrigue.search import bot as botmod
from intrigue.search.bot import ActionStat, Analysis, Bot

ENGINE_CMD = [sys.executable, "-m", "intrigue.cli.main", "engine"]
REPLY_TYPES = set(FINAL_TYPES)


class SlowBot(Bot):
    """Sleeps in 2 ms steps until its limits or ``stop``; reports info (with a NaN, which must never
    reach the wire) and picks the first legal action."""

    name = "slow"
    summary = "test bot"
    options = {"step_ms": (float, 2.0, "sleep per iteration")}

    def choose(self, info, *, limits=None, on_info=None, stop=None):
        legal = info.legal_actions()
        start = time.monotonic()
        its = 0
        max_its = limits.iterations if limits is not None and limits.iterations else None
        infinite = limits is not None and limits.infinite
        time_ms = limits.time_ms if limits is not None and limits.time_ms else (None if (infinite or max_its) else 150)
        while True:
            if stop is not None and stop.is_set():
                break
            if max_its is not None and its >= max_its:
                break
            elapsed = (time.monotonic() - start) * 1000
            if time_ms is not None and elapsed >= time_ms:
                break
            time.sleep(self.config["step_ms"] / 1000)
            its += 1
            if on_info is not None:
                on_info({"iterations": its, "elapsed_ms": elapsed, "score": float("nan"),
                         "belief": {1: {"duke": float("inf")}}})
        stats = [ActionStat(a, info.action_to_string(a), its if i == 0 else 0, 0.5) for i, a in enumerate(legal)]
        return Analysis(info.seat, legal[0], info.action_to_string(legal[0]), stats, its,
                        (time.monotonic() - start) * 1000)


def register_slow_bot() -> None:
    botmod._BOTS["slow"] = "support.protocol:SlowBot"


class Conn:
    """An in-process conversation with a :class:`Server`: ``send`` handles one request (JSON dict or
    text line) and waits for searches; ``take`` returns the messages written since the last call."""

    def __init__(self) -> None:
        self.out = io.BytesIO()
        self.errlog = io.StringIO()
        self.server = Server(self.out, log=self.errlog)
        self.server.options["bot"] = "random"
        self.pos = 0

    def send(self, msg: Any, pump: bool = True) -> List[dict]:
        line = msg if isinstance(msg, (bytes, str)) else json.dumps(msg)
        if isinstance(line, str):
            line = line.encode("utf-8")
        item = decode_line(line)
        if item is not None:
            self.server.handle(item)
        if pump:
            self.server.pump()
        return self.take()

    def take(self) -> List[dict]:
        data = self.out.getvalue()
        new, self.pos = data[self.pos:], len(data)
        return [json.loads(line) for line in new.decode("utf-8").splitlines() if line.strip()]


def run_stream(data: bytes) -> bytes:
    """Run a server over a whole input stream (reader thread, EOF handling) and return its output."""
    out = io.BytesIO()
    server = Server(out, log=io.StringIO())
    server.options["bot"] = "random"
    server.run(io.BytesIO(data))
    return out.getvalue()


def decode_stream(data: bytes) -> List[dict]:
    """Output bytes -> messages, following a switch to msgpack after a hello reply that says so."""
    msgs: List[dict] = []
    pos = 0
    while pos < len(data):
        nl = data.index(b"\n", pos)
        msg = json.loads(data[pos:nl])
        msgs.append(msg)
        pos = nl + 1
        if msg.get("type") == "hello" and msg.get("format") == "msgpack":
            unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
            unpacker.feed(data[pos:])
            msgs.extend(unpacker)
            break
    return msgs


def start_engine(fmt: str = "json", **kw: Any) -> Client:
    """``intrigue engine`` as a subprocess through the project's own client (stderr collected)."""
    return Client.popen(ENGINE_CMD, format=fmt, stderr=subprocess.PIPE, **kw)
