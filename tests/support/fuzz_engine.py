"""Fuzzing the engine protocol: hostile inputs in every framing, each followed by a probe.

    python tests/support/fuzz_engine.py --inputs 100000 --framing json --seed 1          # in process
    python tests/support/fuzz_engine.py --inputs 5000 --framing msgpack --target subprocess

Each input (one line, one msgpack message, or raw bytes) is written to the engine, then a probe
(``ping`` with a fresh id).  For every input the run checks:

* **exits** -- the engine (or its input loop) ended, other than by a valid ``quit``;
* **hangs** -- the probe's ``pong`` came more than ``--hang`` seconds (2) after the input;
* **silent state changes** -- the engine's state (options, game, mode, wire format, searches)
  changed although the input got no answer but errors;
* **answers** -- more than one final answer for one input (not counting the probe);
* **internal** -- an ``internal`` error (a bug reached).

A msgpack input may leave a message open (a header declaring bytes that never came): by the
protocol the engine then waits for them and the probe is read as their part.  The run counts these
("held open") and closes them with 4 MiB + 16 bytes of nil (no message can declare more), as a
frontend would have to.  Peak memory is the process's maximum resident set size.

``sample(seed, n, framing)`` runs a small seeded sample in process (the default test suite does).
"""
from __future__ import annotations

import argparse
import io
import json
import queue
import random
import resource
import sys
import threading
import time
from typing import Any, Dict, List, Optional, Tuple

import msgpack

from intrigue.protocol.commands import COMMANDS
from intrigue.protocol.framing import MAX_DECLARED, MAX_MESSAGE, MAX_TEXT_LINE

HOSTILE_NUMBERS = [10 ** 310, -10 ** 310, 2 ** 63, 2 ** 64 - 1, -2 ** 63 - 1, 10 ** 19, 1e308, -1e308, 1e-320,
                   0, -1, 1, 0.5, 2 ** 53 + 1]
HOSTILE_FLOATS = [float("inf"), float("-inf"), float("nan")]
FIELDS = sorted({k for c in COMMANDS.values() for k in c.fields} | {"id", "zz"})
VALID = [
    {"cmd": "hello"}, {"cmd": "ping"}, {"cmd": "help"}, {"cmd": "stop"},
    {"cmd": "new_game", "game": "coup", "players": 3, "seed": 4, "bots": "random"},
    {"cmd": "new_game", "game": "politics", "seed": 2, "bots": "random", "view": "full"},
    {"cmd": "move", "action": "income"}, {"cmd": "move", "action": "steal 1", "seat": 0},
    {"cmd": "position", "players": 3, "seat": 1, "events": [[-1, "deal 1 duke captain"], [0, "income"]]},
    {"cmd": "observe", "event": [0, "income"]}, {"cmd": "observe", "events": [[1, "tax"], [2, "pass"]]},
    {"cmd": "go", "iterations": 5}, {"cmd": "go", "infinite": True}, {"cmd": "analyze", "movetime": 5},
    {"cmd": "setoption", "name": "seed", "value": 3}, {"cmd": "setoption", "name": "bot", "value": "heuristic"},
    {"cmd": "setoption", "name": "info_interval", "value": 50}, {"cmd": "state", "view": "full"},
    {"cmd": "state"}, {"cmd": "record", "view": 0},
]
TEXT_WORDS = ["go", "move", "observe", "position", "new_game", "setoption", "state", "record", "ping", "hello",
              "stop", "analyze", "help", "income", "steal", "1", "-1", "full", "infinite", "seed", "bot", "ismcts",
              "iterations=5", "movetime=1e999", "movetime=" + "9" * 400, "workers=100", "players=3", "seat=0",
              "id=7", "options.steal_amount=3", "events='[[-1,\"deal 0 duke duke\"]]'", "'", '"', "\\", "=", ",",
              "bots={\"1\":5}", "view=0,1", "engine_seats=1,1", "c=inf", "ismcts:c=inf", "ismcts:time=nan"]


# --------------------------------------------------------------------------------------------------
# inputs
# --------------------------------------------------------------------------------------------------
def hostile_value(rng: random.Random, packed: bool) -> Any:
    roll = rng.random()
    if roll < 0.25:
        return rng.choice(HOSTILE_NUMBERS)
    if roll < 0.35 and packed:
        return rng.choice(HOSTILE_FLOATS)
    if roll < 0.45:
        value: Any = rng.choice([0, "x", None, True])
        for _ in range(rng.choice([5, 9, 50, 900, 1100] if packed else [5, 9, 50, 900])):
            value = [value] if rng.random() < 0.8 else {"k": value}
        return value
    if roll < 0.55:
        return "x" * rng.choice([10, 4096, 4097, 70_000])
    if roll < 0.62:
        return [rng.randrange(-2, 5) for _ in range(rng.choice([2, 65, 1000]))]
    if roll < 0.70:
        return [[rng.randrange(-2, 4), rng.choice(["income", "tax", "deal 0 duke duke", "keep", "x"])]
                for _ in range(rng.choice([1, 3, 50]))]
    if roll < 0.75 and packed:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if roll < 0.85:
        return rng.choice([True, False, None, -1, 0, 1, 3, 999, 1000, "full", "public", "0,1", "", " ", "ปิง"])
    return {rng.choice(FIELDS): rng.choice([1, "2", None, [3]]) for _ in range(rng.randrange(4))}


def mutated_request(rng: random.Random, packed: bool) -> Dict[str, Any]:
    msg = dict(rng.choice(VALID))
    for _ in range(rng.choice([0, 1, 1, 2, 3])):            # a fifth stay valid: games happen
        key = rng.choice(FIELDS + ["cmd"] * 2)
        if rng.random() < 0.15 and key in msg and key != "cmd":
            del msg[key]
        else:
            msg[key] = hostile_value(rng, packed)
    if rng.random() < 0.5:
        msg["id"] = rng.choice([1, "a", 2 ** 63, "i" * 300, None, [1], -5])
    return msg


def _json(msg: Any, rng: random.Random) -> bytes:
    try:
        text = json.dumps(msg, allow_nan=True)
    except (ValueError, RecursionError):
        text = '{"cmd":"ping","x":' + "[" * 900 + "]" * 900 + "}"
    return text.encode("utf-8")


def json_input(rng: random.Random) -> bytes:
    """One input in the JSON-lines framing (a line, or for the long-line class, up to 1 MiB + a bit)."""
    roll = rng.random()
    if roll < 0.45:
        line = _json(mutated_request(rng, False), rng)
    elif roll < 0.60:
        line = " ".join(rng.choice(TEXT_WORDS) for _ in range(rng.randrange(1, 8))).encode()
    elif roll < 0.70:
        line = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))).replace(b"\n", b" ")
    elif roll < 0.78:
        full = _json(mutated_request(rng, False), rng)
        line = full[:rng.randrange(1, max(2, len(full)))]
    elif roll < 0.84:
        depth = rng.choice([100, 999, 1001, 5000, 100_000])
        line = b'{"cmd":"observe","event":' + b"[" * depth + b"]" * depth + b"}"
    elif roll < 0.90:
        line = rng.choice([b'{"cmd":"go","movetime":1' + b"0" * rng.choice([20, 310, 5000]) + b"}",
                           b'{"cmd":"go","movetime":NaN}', b'{"cmd":"go","movetime":Infinity}',
                           b'{"cmd":"go","iterations":1e400}', b"go movetime=" + b"9" * 500,
                           b'{"cmd":"go","workers":' + str(rng.choice([0, 64, 65, 100, 10 ** 6])).encode() + b"}"])
    elif roll < 0.996:
        spec = rng.choice(["ismcts:c=inf", "ismcts:time=inf", "ismcts:c=nan", "ismcts:time=1e999",
                           "ismcts:max_nodes=" + "9" * 30, "heuristic:x=1", "random:", "ismcts:workers=100",
                           "ismcts:iterations=-1", "ismcts:selfdet=nan"])
        line = rng.choice([json.dumps({"cmd": "setoption", "name": "bot", "value": spec}),
                           json.dumps({"cmd": "analyze", "bot": spec}),
                           json.dumps({"cmd": "new_game", "players": 3, "bots": spec})]).encode()
    else:                                            # over-long: around the limits
        if rng.random() < 0.5:
            size = MAX_MESSAGE + rng.choice([-1, 0, 1, 2, 65536])
            line = b'{"cmd":"ping","pad":"' + b"x" * (size - 22) + b'"}'
        else:
            size = MAX_TEXT_LINE + rng.choice([-1, 0, 1, 1000])
            line = b"go " + b"a b " * (size // 4)
    return line.replace(b"\n", b" ") + b"\n"


def msgpack_input(rng: random.Random) -> bytes:
    """One input in the msgpack framing."""
    roll = rng.random()
    if roll < 0.50:
        try:
            return msgpack.packb(mutated_request(rng, True), use_bin_type=True)
        except (ValueError, OverflowError, TypeError):
            return msgpack.packb({"cmd": "ping", "n": 2 ** 64 - 1})
    if roll < 0.62:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80)))
    if roll < 0.70:                                 # a valid message with a few bytes flipped
        data = bytearray(msgpack.packb(rng.choice(VALID), use_bin_type=True))
        for _ in range(rng.randrange(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if roll < 0.78:                                 # deeper than msgpack itself unpacks, or just deep
        depth = rng.choice([9, 1000, 1100, 5000])
        return b"\x82\xa3cmd\xa7observe\xa5event" + b"\x91" * depth + b"\xc0"
    if roll < 0.84:                                 # headers declaring gigabytes
        return rng.choice([b"\x81\xa3cmd\xdb\xff\xff\xff\xff", b"\xdd\xff\xff\xff\xff", b"\xdf\x7f\xff\xff\xff",
                           b"\x81\xa3cmd\xc6\x10\x00\x00\x00", b"\xc9\xff\xff\xff\xff\x01"])
    if roll < 0.90:                                 # non-string keys, non-map messages
        return rng.choice([msgpack.packb({1: 2, "cmd": "ping"}), msgpack.packb([{"cmd": "quit"}]),
                           msgpack.packb("ping"), msgpack.packb(5), msgpack.packb({b"cmd": b"ping"}),
                           msgpack.packb({"cmd": "ping", "x": msgpack.ExtType(5, b"abc")})])
    if roll < 0.995:                                # truncated messages (held open by the protocol)
        data = msgpack.packb(rng.choice(VALID), use_bin_type=True)
        return data[:rng.randrange(1, len(data))]
    # over-long: a long binary field hiding a packed request, or a map of maps
    if rng.random() < 0.5:
        hidden = msgpack.packb({"cmd": "setoption", "name": "info_interval", "value": 7})
        return msgpack.packb({"cmd": "ping", "x": b"a" * 600_000 + hidden + b"b" * 600_000}, use_bin_type=True)
    return msgpack.packb({"cmd": "ping", **{f"k{i}": {"cmd": "quit"} for i in range(70_000)}})


# --------------------------------------------------------------------------------------------------
# targets: the engine in this process, or as a child process
# --------------------------------------------------------------------------------------------------
class _Stream:
    """A blocking byte stream fed from another thread (the engine's stdin, in process)."""

    def __init__(self) -> None:
        self.chunks: "queue.Queue" = queue.Queue()

    def feed(self, data: bytes) -> None:
        for i in range(0, len(data), 1 << 16):
            self.chunks.put(data[i:i + (1 << 16)])

    def close(self) -> None:
        self.chunks.put(b"")

    def read1(self, n: int) -> bytes:
        return self.chunks.get()


class _Output(io.RawIOBase):
    """The engine's stdout, in process: decoded into messages as they are written."""

    def __init__(self) -> None:
        self.messages: "queue.Queue" = queue.Queue()
        self.buf = b""
        self.mode = "json"
        self.unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)

    def writable(self) -> bool:
        return True

    def write(self, data: bytes) -> int:
        if self.mode == "msgpack":
            self.unpacker.feed(data)
            for msg in self.unpacker:
                self._got(msg)
            return len(data)
        self.buf += data
        while self.mode == "json" and b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            self._got(json.loads(line))
        return len(data)

    def _got(self, msg: Dict[str, Any]) -> None:
        self.messages.put(msg)
        if msg.get("type") == "hello" and msg.get("format") in ("json", "msgpack") and msg["format"] != self.mode:
            self.mode = msg["format"]
            if self.mode == "msgpack":
                self.unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
                self.unpacker.feed(self.buf)
                self.buf = b""
                for m in self.unpacker:
                    self.messages.put(m)


class InProcess:
    """A :class:`~intrigue.protocol.server.Server` running its real loop (reader thread, dispatcher)."""

    def __init__(self) -> None:
        from intrigue.protocol.server import Server
        self.stdin = _Stream()
        self.stdout = _Output()
        self.server = Server(self.stdout, log=io.StringIO())
        self.server.options["bot"] = "random"
        self.thread = threading.Thread(target=self.server.run, args=(self.stdin,), daemon=True)
        self.thread.start()
        self.format = "json"

    def send(self, data: bytes) -> None:
        self.stdin.feed(data)

    def next(self, timeout: float) -> Optional[Dict[str, Any]]:
        try:
            return self.stdout.messages.get(timeout=timeout)
        except queue.Empty:
            return None

    def alive(self) -> bool:
        return self.thread.is_alive()

    def fingerprint(self) -> Tuple:
        s = self.server
        session = s.session
        snap = None
        if session is not None:
            try:
                snap = json.dumps(session.snapshot(session.default_view()), sort_keys=True, default=str)
            except Exception as err:           # noqa: BLE001 - a broken session is a finding too
                snap = f"broken: {err!r}"
        return (tuple(sorted((k, str(v)) for k, v in s.options.items())), id(session), snap, s.writer.format,
                len(s.jobs))

    def settle(self, timeout: float, n: int) -> List[Dict[str, Any]]:
        """Wait for searches the input started to answer (stopping a held infinite one)."""
        got: List[Dict[str, Any]] = []
        deadline = time.monotonic() + timeout
        stopped = False
        while self.server.jobs or not self.stdout.messages.empty():
            if not stopped and self.server.jobs and all(not j.running for j in self.server.jobs):
                self.send(_probe(self.format, n, "stop"))
                stopped = True
            msg = self.next(0.01)
            if msg is not None and not (msg.get("id") == f"probe-{n}" and msg.get("type") == "ok"):
                got.append(msg)
            if time.monotonic() > deadline:
                break
        return got

    def tidy(self) -> None:
        """Undo what valid inputs did that would slow the run (a real search bot), without a message."""
        if self.server.options.get("bot") not in ("random", "heuristic"):
            self.server.options["bot"] = "random"

    def close(self) -> None:
        self.stdin.close()
        self.thread.join(10)


class Subprocess:
    """``intrigue engine`` as a child process (black box); fingerprints through requests."""

    def __init__(self) -> None:
        import subprocess
        self.proc = subprocess.Popen([sys.executable, "-m", "intrigue.cli.main", "engine"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.stdout = _Output()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.send(b'{"cmd":"setoption","name":"bot","value":"random"}\n')
        self.next(30)
        self.format = "json"

    def _read(self) -> None:
        while True:
            chunk = self.proc.stdout.read1(65536)
            if not chunk:
                self.stdout.messages.put(None)
                return
            self.stdout.write(chunk)

    def send(self, data: bytes) -> None:
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def next(self, timeout: float) -> Optional[Dict[str, Any]]:
        try:
            return self.stdout.messages.get(timeout=timeout)
        except queue.Empty:
            return None

    def alive(self) -> bool:
        return self.proc.poll() is None

    def fingerprint(self) -> Tuple:
        return ()                                # judged by the answers only (black box)

    def settle(self, timeout: float, n: int) -> List[Dict[str, Any]]:
        self.send(_probe(self.format, n, "stop"))  # any search it started answers after this
        got: List[Dict[str, Any]] = []
        stopped = 0
        while (msg := self.next(timeout)) is not None:
            if msg.get("id") == f"probe-{n}" and msg.get("type") == "ok":
                stopped = msg.get("stopped", 0)
                break
            got.append(msg)
        # ``ping`` does not wait for searches (docs/protocol.md, section 2): wait for the answers of
        # the searches the stop reached (an engine seat's turn answers with events instead: bounded)
        deadline = time.monotonic() + timeout
        while stopped > 0 and time.monotonic() < deadline:
            msg = self.next(max(0.0, deadline - time.monotonic()))
            if msg is None:
                break
            got.append(msg)
            if msg.get("type") in ("decision", "analysis") or (msg.get("type") == "error"
                                                                 and msg.get("cmd") in ("go", "analyze")):
                stopped -= 1
        self.send(_probe(self.format, n, "ping"))       # the stopped search's answer precedes this pong
        while (msg := self.next(timeout)) is not None and not (msg.get("id") == f"probe-{n}"
                                                                and msg.get("type") == "pong"):
            got.append(msg)
        return got

    def tidy(self) -> None:
        pass

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        self.proc.wait(10)


# --------------------------------------------------------------------------------------------------
# the run
# --------------------------------------------------------------------------------------------------
FINAL = {"error", "ok", "hello", "help", "option", "pong", "game", "position", "state", "record", "decision",
         "analysis", "bye"}


def _incomplete(data: bytes) -> bool:
    """Whether msgpack's own unpacker, after the whole objects in ``data``, is left inside one."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=max(len(data), 1))
    unpacker.feed(data)
    try:
        while True:
            unpacker.skip()
            if unpacker.tell() >= len(data):
                return False
    except msgpack.OutOfData:
        return unpacker.tell() > 0 or len(data) > 0
    except Exception:
        return False


def _one_message(data: bytes, fmt: str) -> bool:
    """Whether ``data`` is exactly one message (one line, or one whole msgpack object)."""
    if fmt == "json":
        return data.count(b"\n") == 1
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=max(len(data), 1))
    unpacker.feed(data)
    try:
        unpacker.skip()
    except Exception:
        return False
    return unpacker.tell() == len(data)


def _probe(fmt: str, n: int, cmd: str = "ping") -> bytes:
    msg = {"cmd": cmd, "id": f"probe-{n}"}
    return msgpack.packb(msg) if fmt == "msgpack" else (json.dumps(msg) + "\n").encode()


def run(inputs: int, framing: str, seed: int, target: str = "inprocess", hang: float = 2.0,
        verbose: bool = False) -> Dict[str, Any]:
    rng = random.Random(seed)
    make = InProcess if target == "inprocess" else Subprocess
    eng = make()
    hello = b'{"cmd":"hello","id":"switch","format":"msgpack"}\n'
    stats = {"inputs": 0, "exits": 0, "quits": 0, "hangs": 0, "silent_changes": 0, "multiple_answers": 0,
             "internal": 0, "held_open": 0, "answers": {}, "max_s": 0.0, "findings": []}

    def restart() -> None:
        nonlocal eng
        try:
            eng.close()
        except Exception:
            pass
        eng = make()
        if framing == "msgpack":
            switch()

    def switch() -> None:
        eng.send(hello)
        while True:
            msg = eng.next(30)
            if msg is None or msg.get("id") == "switch":
                break
        eng.format = "msgpack"

    if framing == "msgpack":
        switch()
    t_start = time.monotonic()
    for n in range(inputs):
        data = json_input(rng) if framing == "json" else msgpack_input(rng)
        before = eng.fingerprint()
        t0 = time.monotonic()
        eng.send(data)
        held = False
        if eng.format == "msgpack" and _incomplete(data):
            held = True                             # msgpack itself says the message is still open:
            eng.send(b"\xc0" * 70_000)             # close it (most need little; see below for the rest)
        eng.send(_probe(eng.format, n))
        got: List[Dict[str, Any]] = []
        padded = False
        while True:
            msg = eng.next(hang if not held or padded else 0.3)
            if msg is None:
                if not eng.alive():
                    break
                if eng.format == "msgpack" and not padded:  # a message left open: close it as documented
                    held = padded = True
                    eng.send(b"\xc0" * (MAX_DECLARED + 16))
                    eng.send(_probe(eng.format, n))
                    continue
                break
            if msg.get("type") == "hello" and msg.get("format") in ("json", "msgpack"):
                eng.format = msg["format"]
            if msg.get("id") == f"probe-{n}" and msg.get("type") == "pong":
                break
            got.append(msg)
        elapsed = time.monotonic() - t0             # until the probe's pong: the input loop's delay
        if msg is not None:
            got += eng.settle(hang, n)              # searches it started: their answers, then stopped
        stats["inputs"] += 1
        key = "max_s_held" if held else "max_s"
        if elapsed > stats.get(key, 0.0) and not any(m.get("type") == "bye" for m in got):
            stats[key] = elapsed
            stats[key + "_input"] = repr(data[:80])
        finals = [m for m in got if m.get("type") in FINAL and m.get("id") != f"probe-{n}"]
        for m in finals:
            key = m["type"] if m["type"] != "error" else "error:" + str(m.get("code"))
            stats["answers"][key] = stats["answers"].get(key, 0) + 1
        if held:
            stats["held_open"] += 1
        if any(m.get("type") == "error" and m.get("code") == "internal" for m in got):
            stats["internal"] += 1
            stats["findings"].append(("internal", data[:200], got[:3]))
        quit_ = any(m.get("type") == "bye" for m in got)
        if msg is None or (not eng.alive()):
            if quit_:
                stats["quits"] += 1
            elif not eng.alive():
                stats["exits"] += 1
                stats["findings"].append(("exit", data[:200], got[:3]))
            else:
                stats["hangs"] += 1
                stats["findings"].append(("hang", data[:200], elapsed))
            restart()
            continue
        if not held and elapsed > hang:
            stats["hangs"] += 1
            stats["findings"].append(("slow", data[:200], elapsed))
        if len([m for m in finals if m["type"] != "bye"]) > 1 and not held and _one_message(data, eng.format):
            stats["multiple_answers"] += 1
            stats["findings"].append(("answers", data[:200], finals[:4]))
        after = eng.fingerprint()
        if before != after and not [m for m in finals if m["type"] != "error"]:
            stats["silent_changes"] += 1
            stats["findings"].append(("silent", data[:200], before, after))
        eng.tidy()
        if eng.format != framing:                   # an input switched the wire: switch back
            if framing == "msgpack":
                switch()
            else:
                eng.send(msgpack.packb({"cmd": "hello", "id": "switch", "format": "json"}))
                while (m := eng.next(30)) is not None and m.get("id") != "switch":
                    pass
                eng.format = "json"
        if verbose and n % 1000 == 999:
            rate = (n + 1) / (time.monotonic() - t_start)
            print(f"{n + 1} inputs, {rate:.0f}/s, {stats['exits']} exits, {stats['hangs']} hangs, "
                  f"{stats['silent_changes']} silent, held {stats['held_open']}", file=sys.stderr, flush=True)
    eng.send(_probe(eng.format, -1))               # after everything: still answering?
    while (msg := eng.next(hang)) is not None and not (msg.get("id") == "probe--1" and msg.get("type") == "pong"):
        pass
    stats["answers_at_end"] = msg is not None and eng.alive()
    eng.close()
    stats["seconds"] = round(time.monotonic() - t_start, 1)
    stats["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if target == "subprocess":
        stats["peak_rss_mb_engines"] = round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)
    return stats


def sample(seed: int, n: int, framing: str) -> Dict[str, Any]:
    """A small seeded in-process run (for the test suite)."""
    return run(n, framing, seed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=10_000)
    ap.add_argument("--framing", choices=["json", "msgpack"], default="json")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", choices=["inprocess", "subprocess"], default="inprocess")
    ap.add_argument("--hang", type=float, default=2.0, help="seconds after which a missing pong is a hang")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    stats = run(args.inputs, args.framing, args.seed, args.target, args.hang, verbose=not args.quiet)
    findings = stats.pop("findings")
    print(json.dumps(stats, indent=1, sort_keys=True))
    for f in findings[:20]:
        print("FINDING", repr(f)[:600])
    sys.exit(1 if not stats["answers_at_end"] or stats["exits"] or stats["hangs"] or stats["silent_changes"] or stats["internal"]
             or stats["multiple_answers"] else 0)


if __name__ == "__main__":
    main()
