"""Bytes on the wire: reading requests and writing messages.

Two wire formats, switched only by ``hello``:

* ``json`` (the default): one UTF-8 JSON object per line, both ways.  An input line that does not
  start with ``{`` is the plain-text form (:func:`intrigue.protocol.commands.parse_text`); empty
  lines and lines starting with ``#`` are ignored.
* ``msgpack``: a stream of msgpack maps, both ways, with no separators.  After malformed bytes
  the reader skips to the next byte that can start a map.

Output never contains NaN or Infinity (:func:`sanitize` turns them into ``null``), every message is
flushed as soon as it is written, and messages from several threads never interleave.
"""
from __future__ import annotations

import io
import json
import math
import os
import threading
from typing import Any, BinaryIO, Callable, Iterator, Optional, Union

import msgpack

from intrigue.protocol.commands import Request, parse_text, validate
from intrigue.protocol.errors import ProtocolError

MAX_MESSAGE = 1 << 20          # bytes in one line / one msgpack message
CHUNK = 1 << 16

FORMATS = ("json", "msgpack")


# --------------------------------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------------------------------
def sanitize(value: Any, _depth: int = 0) -> Any:
    """``value`` as plain JSON/msgpack data: NaN and infinities become ``None``, tuples lists,
    map keys strings, numpy scalars Python numbers, anything else its ``to_dict()`` or ``str``."""
    if _depth > 64:
        return None
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value if -(2 ** 63) <= value < 2 ** 64 else str(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {(k if isinstance(k, str) else str(k)): sanitize(v, _depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [sanitize(v, _depth + 1) for v in value]
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).hex()
    if hasattr(value, "to_dict"):
        return sanitize(value.to_dict(), _depth + 1)
    if hasattr(value, "tolist"):                      # numpy arrays and scalars
        return sanitize(value.tolist(), _depth + 1)
    return str(value)


def encode(msg: dict, fmt: str) -> bytes:
    data = sanitize(msg)
    if fmt == "msgpack":
        return msgpack.packb(data, use_bin_type=True)
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8") + b"\n"


class Writer:
    """Writes messages to a binary stream, one at a time, flushing each."""

    def __init__(self, stream: BinaryIO, log: Optional[Callable[[str], None]] = None) -> None:
        self.stream = stream
        self.format = "json"
        self.lock = threading.RLock()
        self.closed = False
        self.log = log

    def send(self, msg: dict) -> None:
        with self.lock:
            if self.closed:
                return
            data = encode(msg, self.format)
            if self.log is not None:
                self.log("> " + (data.decode("utf-8").rstrip("\n") if self.format == "json" else repr(sanitize(msg))))
            try:
                self.stream.write(data)
                self.stream.flush()
            except (BrokenPipeError, ValueError, OSError):
                self.closed = True         # nobody is listening any more: the server winds down


# --------------------------------------------------------------------------------------------------
# input
# --------------------------------------------------------------------------------------------------
Item = Union[Request, ProtocolError]


def decode_line(line: bytes) -> Optional[Item]:
    """One input line (JSON or plain text) as a checked :class:`Request`, a :class:`ProtocolError`
    for a bad one, or ``None`` for a blank or comment line."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as err:
        return ProtocolError("bad_json", f"the line is not UTF-8 (byte {err.start})", field="cmd")
    text = text.strip().lstrip("\ufeff")
    if not text or text.startswith("#"):
        return None
    try:
        if text[0] in "{[\"":
            try:
                msg = json.loads(text, parse_constant=_no_constant)
            except RecursionError:
                return ProtocolError("bad_json", "the JSON is nested too deeply", field="cmd")
            except ValueError as err:
                return ProtocolError("bad_json", f"not valid JSON: {err}", field="cmd")
        else:
            msg = parse_text(text)
        return validate(msg)
    except ProtocolError as err:
        return err


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def decode_object(obj: Any) -> Item:
    try:
        return validate(obj)
    except ProtocolError as err:
        return err


def switches_format(item: Item) -> Optional[str]:
    """The wire format a (valid) ``hello`` switches to, else ``None``."""
    if isinstance(item, Request) and item.cmd == "hello":
        fmt = item.fields.get("format")
        if fmt in FORMATS and item.fields.get("protocol") in (None, 1):
            return fmt
    return None


class Reader:
    """Splits a binary input stream into requests, in the current wire format.

    ``hello`` is recognised here, so that the bytes after a ``hello`` that switches the format are
    already read in the new one.  Malformed input yields a :class:`ProtocolError` and reading
    goes on: a bad line is skipped; after malformed msgpack it skips to the next byte that can start a map.
    """

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.format = "json"
        self.buf = b""
        self.eof = False
        try:
            # a real file descriptor is read with os.read: a thread blocked there holds no Python
            # lock, so the interpreter can exit while it waits (a BufferedReader would abort)
            fd = stream.fileno()
            self._read = lambda n: os.read(fd, n)
        except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
            self._read = getattr(stream, "read1", None) or stream.read

    def _fill(self) -> bool:
        if self.eof:
            return False
        try:
            chunk = self._read(CHUNK)
        except (OSError, ValueError):
            chunk = b""
        if not chunk:
            self.eof = True
            return False
        self.buf += chunk
        return True

    def __iter__(self) -> Iterator[Item]:
        while True:
            item = self._next_json() if self.format == "json" else self._next_msgpack()
            if item is StopIteration:
                return
            if item is None:
                continue
            fmt = switches_format(item)
            if fmt is not None:
                self.format = fmt
            yield item

    def _next_json(self) -> Any:
        skipping = False
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line, self.buf = self.buf[:nl], self.buf[nl + 1:]
                if skipping:
                    return ProtocolError("too_long", f"a line longer than {MAX_MESSAGE} bytes was discarded",
                                         field="cmd")
                return decode_line(line)
            if len(self.buf) > MAX_MESSAGE:
                self.buf = b""
                skipping = True
            if not self._fill():
                line, self.buf = self.buf, b""
                if skipping:
                    return ProtocolError("too_long", f"a line longer than {MAX_MESSAGE} bytes was discarded",
                                         field="cmd")
                if line.strip():
                    return decode_line(line)
                return StopIteration

    def _next_msgpack(self) -> Any:
        while True:
            if self.buf:
                unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=2 * MAX_MESSAGE)
                unpacker.feed(self.buf)
                try:
                    obj = unpacker.unpack()
                except msgpack.OutOfData:
                    obj = _MORE
                except Exception as err:            # malformed bytes: resynchronise at the next map
                    self.buf = _next_map(self.buf, 1)
                    return ProtocolError("bad_json", f"malformed msgpack ({type(err).__name__}); skipped to "
                                                     "the next map", field="cmd")
                if obj is not _MORE:
                    self.buf = self.buf[unpacker.tell():]
                    return decode_object(obj)
                if len(self.buf) > MAX_MESSAGE:
                    self.buf = b""
                    return ProtocolError("too_long", f"a msgpack message longer than {MAX_MESSAGE} bytes was "
                                                     "discarded", field="cmd")
            if not self._fill():
                if self.buf:
                    self.buf = b""
                    return ProtocolError("bad_json", "the input ended inside a msgpack message", field="cmd")
                return StopIteration


_MORE = object()


def _next_map(buf: bytes, start: int) -> bytes:
    """``buf`` from the first byte at or after ``start`` that can begin a msgpack map."""
    for i in range(start, len(buf)):
        b = buf[i]
        if 0x80 <= b <= 0x8F or b in (0xDE, 0xDF):
            return buf[i:]
    return b""
