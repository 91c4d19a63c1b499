"""Bytes on the wire: reading requests and writing messages.

Two wire formats, switched only by ``hello``:

* ``json`` (the default): one UTF-8 JSON object per line, both ways.  An input line that does not
  start with ``{`` is the plain-text form (:func:`intrigue.protocol.commands.parse_text`); empty
  lines and lines starting with ``#`` are ignored.
* ``msgpack``: a stream of msgpack maps, both ways, with no separators, each framed by its own
  headers.  An over-long message is skipped whole; after malformed bytes the reader resumes at the
  next map that holds a ``cmd`` (:class:`Reader`).

Output never contains NaN or Infinity (:func:`sanitize` turns them into ``null``), every message is
flushed as soon as it is written, and messages from several threads never interleave.
"""
from __future__ import annotations

import io
import json
import math
import os
import re
import threading
from typing import Any, BinaryIO, Callable, Iterator, List, Optional, Tuple, Union

import msgpack

from intrigue.protocol.commands import MAX_DEPTH, MAX_FIELDS, Request, map_from_pairs, parse_text, validate
from intrigue.protocol.errors import ProtocolError

MAX_MESSAGE = 1 << 20          # bytes in one line / one msgpack message (longer: too_long, discarded)
MAX_TEXT_LINE = 1 << 16        # characters in one plain-text line (the form people type)
MAX_DECLARED = 4 << 20         # msgpack headers declaring more than this are garbage, not a long message
RESYNC_MAX = 1 << 16           # after garbage, the largest msgpack request that is looked for
SKIP_WINDOW = 1 << 16          # bytes handed to msgpack's C skip at a time while framing
RESYNC_DEPTH = 3               # after garbage, the deepest nesting a request may have (events: 3 levels)
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
    try:
        return _pack(data, fmt)
    except UnicodeEncodeError:       # a lone UTF-16 surrogate in some string: written as its escape
        return _pack(_without_surrogates(data), fmt)


def _pack(data: Any, fmt: str) -> bytes:
    if fmt == "msgpack":
        return msgpack.packb(data, use_bin_type=True)
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8") + b"\n"


def _without_surrogates(value: Any) -> Any:
    """``value`` with every string encodable as UTF-8 (a lone surrogate becomes the text ``\\ud800``)."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_without_surrogates(k): _without_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_surrogates(v) for v in value]
    return value


class Writer:
    """Writes messages to a binary stream, one at a time, flushing each."""

    def __init__(self, stream: BinaryIO, log: Optional[Callable[[str], None]] = None,
                 on_close: Optional[Callable[[], None]] = None) -> None:
        self.stream = stream
        self.format = "json"
        self.lock = threading.RLock()
        self.closed = False
        self.log = log
        self.on_close = on_close        # called once when the stream is found closed

    def close(self) -> None:
        """Nobody is listening any more (the reader closed our stdout): stop writing, tell the server."""
        with self.lock:
            if self.closed:
                return
            self.closed = True
        if self.on_close is not None:
            self.on_close()

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
                return
            except (BrokenPipeError, ValueError, OSError):
                pass                        # nobody is listening any more: the server winds down
        self.close()


# --------------------------------------------------------------------------------------------------
# input
# --------------------------------------------------------------------------------------------------
Item = Union[Request, ProtocolError]


def decode_line(line: bytes) -> Optional[Item]:
    """One input line (JSON or plain text) as a checked :class:`Request`, a :class:`ProtocolError`
    for a bad one, or ``None`` for a blank or comment line.  Never raises."""
    try:
        return _decode_line(line)
    except ProtocolError as err:
        return err
    except Exception as err:                  # a bug here must not end the input loop
        return ProtocolError("internal", f"reading the line failed ({type(err).__name__}); it was skipped",
                             field="cmd")


def _decode_line(line: bytes) -> Optional[Item]:
    if len(line) > MAX_MESSAGE:
        return ProtocolError("too_long", f"a line longer than {MAX_MESSAGE} bytes was discarded", field="cmd")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as err:
        return ProtocolError("bad_json", f"the line is not UTF-8 (byte {err.start})", field="cmd")
    text = text.strip().lstrip("\ufeff")
    if not text or text.startswith("#"):
        return None
    if text[0] in "{[\"":
        try:
            msg = json.loads(text, parse_constant=_no_constant, object_pairs_hook=map_from_pairs)
        except RecursionError:
            return ProtocolError("bad_request", f"the request is nested deeper than {MAX_DEPTH} levels",
                                 field="cmd")
        except ValueError as err:            # also an integer of more than 4300 digits
            return ProtocolError("bad_json", f"not valid JSON: {str(err)[:200]}", field="cmd")
    else:
        if len(text) > MAX_TEXT_LINE:
            return ProtocolError("too_long", f"a plain-text line longer than {MAX_TEXT_LINE} characters was "
                                             "discarded (send long requests as JSON)", field="cmd")
        msg = parse_text(text)
    return validate(msg)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def decode_object(obj: Any) -> Item:
    """A decoded msgpack map as a checked :class:`Request` (or the error); never raises."""
    try:
        return validate(obj)
    except ProtocolError as err:
        return err
    except Exception as err:
        return ProtocolError("internal", f"reading the message failed ({type(err).__name__}); it was skipped",
                             field="cmd")


def switches_format(item: Item) -> Optional[str]:
    """The wire format a (valid) ``hello`` switches to, else ``None``."""
    if isinstance(item, Request) and item.cmd == "hello":
        fmt = item.fields.get("format")
        if fmt in FORMATS and item.fields.get("protocol") in (None, 1):
            return fmt
    return None


def _too_long_line() -> ProtocolError:
    return ProtocolError("too_long", f"a line longer than {MAX_MESSAGE} bytes was discarded", field="cmd")


class Reader:
    """Splits a binary input stream into requests, in the current wire format.

    ``hello`` is recognised here, so that the bytes after a ``hello`` that switches the format are
    already read in the new one.  Malformed input yields a :class:`ProtocolError` and reading goes on:

    * JSON lines: a bad line is skipped; a line over :data:`MAX_MESSAGE` bytes is answered with one
      ``too_long`` as soon as it passes the limit and discarded up to its newline (never buffered).
    * msgpack: a message is framed by its own headers (:class:`_Frame`).  One whose headers declare
      more than :data:`MAX_MESSAGE` bytes is answered with one ``too_long`` at once and then skipped
      whole, by its declared lengths, as its bytes arrive (nothing inside it is ever read as a
      request).  Bytes that cannot start a request (not a map with string keys, an invalid byte, a
      header declaring more than :data:`MAX_DECLARED`) are answered with one ``bad_json``; the reader
      then resumes at the next map that holds a ``cmd`` key, silently skipping what lies between.
    """

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.format = "json"
        self.buf = b""
        self.eof = False
        self._frame: Optional[_Frame] = None     # msgpack: the message being framed
        self._discard: Optional[_Frame] = None   # msgpack: an over-long message being skipped
        self._resync = False                     # msgpack: looking for the next request after garbage
        self._skipping = False                   # json: the rest of an over-long line is to be skipped
        try:
            # a real file descriptor is read with os.read: a thread blocked there holds no Python
            # lock, so the interpreter can exit while it waits (a BufferedReader would abort)
            fd = stream.fileno()
            self._read = lambda n: os.read(fd, n)
        except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
            self._read = getattr(stream, "read1", None) or stream.read

    def _chunk(self) -> bytes:
        """The next bytes of the stream (``b""`` at its end)."""
        if self.eof:
            return b""
        try:
            chunk = self._read(CHUNK)
        except (OSError, ValueError):
            chunk = b""
        if not chunk:
            self.eof = True
        return chunk

    def _fill(self) -> bool:
        chunk = self._chunk()
        if not chunk:
            return False
        self.buf += chunk
        return True

    def __iter__(self) -> Iterator[Item]:
        while True:
            try:
                item = self._next_json() if self.format == "json" else self._next_msgpack()
            except Exception as err:            # a bug in framing must not end the input loop
                self.buf, self._frame, self._discard, self._skipping = b"", None, None, False
                self._resync = self.format == "msgpack"
                item = ProtocolError("internal", f"reading input failed ({type(err).__name__}); the engine "
                                                 "skipped ahead and goes on", field="cmd")
            if item is StopIteration:
                return
            if item is None:
                continue
            fmt = switches_format(item)
            if fmt is not None:
                if fmt != self.format:
                    self._frame, self._discard, self._resync = None, None, False
                self.format = fmt
            yield item

    # --- JSON lines and plain text ------------------------------------------------------------
    def _next_json(self) -> Any:
        if self._skipping:
            self._skipping = False
            self._skip_line()
        scanned = 0                               # bytes of buf known to hold no newline
        while True:
            nl = self.buf.find(b"\n", scanned)
            if nl >= 0:
                line, self.buf = self.buf[:nl], self.buf[nl + 1:]
                return decode_line(line)
            scanned = len(self.buf)
            if scanned > MAX_MESSAGE:             # answer now; the rest is skipped on the next call
                self.buf = b""
                self._skipping = True
                return _too_long_line()
            if not self._fill():
                line, self.buf = self.buf, b""
                if line.strip():
                    return decode_line(line)
                return StopIteration

    def _skip_line(self) -> None:
        """Discard input up to and including the next newline, without keeping it."""
        while True:
            chunk = self._chunk()
            if not chunk:
                return
            nl = chunk.find(b"\n")
            if nl >= 0:
                self.buf = chunk[nl + 1:]
                return

    # --- msgpack ------------------------------------------------------------------------------
    def _next_msgpack(self) -> Any:
        while True:
            if self._discard is not None:
                status = self._discard.scan(self.buf, self._discard.pos)
                if status == _Frame.DONE:
                    self.buf = self.buf[self._discard.pos:]
                    self._discard = None
                    continue
                self.buf = b""                     # walked: nothing of it is kept
                self._discard.pos = 0
                if status == _Frame.BAD:           # the rest of it is garbage after all
                    self._discard = None
                    self._resync = True
                    continue
            elif self._resync:
                if self.buf:
                    found = _find_request(self.buf)
                    if found is None:
                        self.buf = b""               # nothing here can start a request
                    else:
                        start, end, obj = found
                        if obj is not None:
                            self.buf = self.buf[end:]
                            self._resync = False
                            return decode_object(obj)
                        self.buf = self.buf[start:]  # a request may start here: wait for its bytes
            elif self.buf:
                item = self._message()
                if item is not _MORE:
                    return item
            if not self._fill():
                if self._resync or self._discard is not None:
                    self.buf = b""
                    return StopIteration
                if self.buf:
                    self.buf = b""
                    self._frame = None
                    return ProtocolError("bad_json", "the input ended inside a msgpack message", field="cmd")
                return StopIteration

    def _message(self) -> Any:
        """The message at the start of ``buf``: a request or error item, or ``_MORE``."""
        frame = self._frame
        if frame is not None:                   # known to be incomplete: walk the new bytes first
            status = frame.scan(self.buf, frame.pos)
            if status == _Frame.MORE:
                return _MORE
        obj = _MORE
        if frame is None or status == _Frame.DONE:
            obj = _unpack(self.buf)
            if isinstance(obj, tuple):
                obj, end = obj
                if end <= MAX_MESSAGE and _is_request_map(obj):
                    self.buf = self.buf[end:]
                    self._frame = None
                    return decode_object(obj)
        if frame is None:                       # frame it by its headers: over-long or garbage?
            frame = self._frame = _Frame()
            status = frame.scan(self.buf, 0)
            if status == _Frame.MORE:
                return _MORE
        self._frame = None
        if status == _Frame.LONG:
            self._discard = frame                # walked on (and dropped) by _next_msgpack
            return ProtocolError("too_long", f"a msgpack message longer than {MAX_MESSAGE} bytes was discarded "
                                             "(skipped whole, by its declared lengths)", field="cmd")
        if status == _Frame.DONE:               # well framed, but not something we can read
            self.buf = self.buf[frame.pos:]
            if obj is _NOT_UTF8:
                return ProtocolError("bad_json", "a string in the msgpack message is not UTF-8", field="cmd")
            if obj is _BROKEN:
                return ProtocolError("bad_request", f"the message is nested deeper than {MAX_DEPTH} levels or "
                                                    "holds a value msgpack cannot decode here", field="cmd")
            return decode_object(obj)
        self.buf = self.buf[1:]
        self._resync = True
        return ProtocolError("bad_json", f"malformed msgpack ({frame.error}); skipped to the next request",
                             field="cmd")


_MORE = object()
_BROKEN = object()
_NOT_UTF8 = object()       # a well-framed message with a string that is not UTF-8: malformed, as in JSON


def _unpack(buf: bytes) -> Any:
    """``(object, end)`` of the msgpack object at the start of ``buf``; ``_MORE`` if it is not all
    there; ``_BROKEN`` if msgpack refuses it (malformed, or nested beyond its own limit)."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=max(len(buf), 1),
                                object_pairs_hook=map_from_pairs)
    unpacker.feed(buf)
    try:
        obj = unpacker.unpack()
    except msgpack.OutOfData:
        return _MORE
    except UnicodeDecodeError:
        return _NOT_UTF8
    except Exception:
        return _BROKEN
    return obj, unpacker.tell()


def _is_request_map(obj: Any) -> bool:
    return isinstance(obj, dict) and all(isinstance(k, str) for k in obj)


# msgpack header bytes: first byte -> (header size, kind, fixed body size or None)
#   kind: 0 scalar, 1 str/bin/ext (body length in the header), 2 array, 3 map
def _header_table() -> List[Optional[Tuple[int, int, int]]]:
    table: List[Optional[Tuple[int, int, int]]] = [None] * 256
    for b in range(0x00, 0x80):
        table[b] = (1, 0, 0)
    for b in range(0x80, 0x90):
        table[b] = (1, 3, b & 0x0F)
    for b in range(0x90, 0xA0):
        table[b] = (1, 2, b & 0x0F)
    for b in range(0xA0, 0xC0):
        table[b] = (1, 1, b & 0x1F)
    for b in range(0xE0, 0x100):
        table[b] = (1, 0, 0)
    for b in (0xC0, 0xC2, 0xC3):
        table[b] = (1, 0, 0)
    for b, size in ((0xCA, 4), (0xCB, 8), (0xCC, 1), (0xCD, 2), (0xCE, 4), (0xCF, 8), (0xD0, 1), (0xD1, 2),
                    (0xD2, 4), (0xD3, 8), (0xD4, 2), (0xD5, 3), (0xD6, 5), (0xD7, 9), (0xD8, 17)):
        table[b] = (1 + size, 0, 0)
    for b, n in ((0xC4, 1), (0xC5, 2), (0xC6, 4), (0xD9, 1), (0xDA, 2), (0xDB, 4)):
        table[b] = (1 + n, 1, -n)                  # body length in the next n bytes
    for b, n in ((0xC7, 1), (0xC8, 2), (0xC9, 4)):
        table[b] = (2 + n, 1, -n)                  # ext: length, then a type byte
    table[0xDC], table[0xDD] = (3, 2, -2), (5, 2, -4)
    table[0xDE], table[0xDF] = (3, 3, -2), (5, 3, -4)
    return table


_HEADERS = _header_table()
_MAP_START = frozenset([*range(0x80, 0x90), 0xDE, 0xDF])
_KEY_START = frozenset([*range(0xA0, 0xC0), 0xD9])
_CANDIDATE = re.compile(rb"[\x80-\x8f\xde\xdf]")


class _Frame:
    """Incremental framing of one msgpack message by its headers, without decoding it.

    ``scan(buf, pos)`` walks headers from ``pos`` as far as the bytes go and keeps its place, so
    a message arriving in pieces is walked once.  It tracks the least size the headers so far
    imply (bytes walked + body bytes still due + one byte per element still due), so an over-long
    message is known as soon as its headers say so, long before its bytes arrive.
    """

    MORE, DONE, LONG, BAD = "more", "done", "long", "bad"

    def __init__(self, max_size: int = MAX_MESSAGE, max_declared: int = MAX_DECLARED,
                 max_depth: Optional[int] = None, strict: bool = False) -> None:
        self.pos = 0               # next byte to walk, in the caller's buffer
        self.walked = 0            # bytes of this message walked so far
        self.body = 0              # bytes of a str/bin/ext body still to skip
        self.stack: List[int] = [] # elements still due per open container (the message is one element)
        self.due = 0               # sum of stack
        self.top = -1              # elements of the top-level map walked (-1: its header not yet)
        self.max_size = max_size
        self.max_declared = max_declared
        self.max_depth = max_depth
        self.strict = strict       # resynchronising: only what looks like a request (few fields, string keys)
        self.error = ""
        self.long = False          # already known to be longer than max_size

    def scan(self, buf: bytes, pos: int) -> str:
        n = len(buf)
        headers = _HEADERS
        while True:
            if self.body:
                take = min(self.body, n - pos)
                self.body -= take
                self.walked += take
                pos += take
                if self.body:
                    self.pos = pos
                    return self.MORE
            if self.top >= 0 and not self.stack:
                self.pos = pos
                return self.DONE
            if pos >= n:
                self.pos = pos
                return self.MORE
            if self.stack and self.stack[-1] > 1 and not self.strict:
                # many elements due at this level: skip the whole ones in C, walk only a partial one
                pos = self._skip_whole(buf, pos)
                if not self.stack[-1]:
                    while self.stack and self.stack[-1] == 0:
                        self.stack.pop()
                    continue
                if pos >= n:
                    self.pos = pos
                    return self.MORE
            b = buf[pos]
            spec = headers[b]
            if spec is None:
                return self._bad(f"byte 0x{b:02x} is not valid msgpack", pos)
            size, kind, count = spec
            if pos + size > n:
                self.pos = pos
                return self.MORE
            if count < 0:                        # the length / count follows the first byte
                count = int.from_bytes(buf[pos + 1:pos + 1 - count], "big")
            if self.top < 0:                     # the message itself must be a map
                if kind != 3:
                    return self._bad("a request must be a map")
                if self.strict and count > MAX_FIELDS:
                    return self._bad(f"a map of {count} fields cannot be a request")
                self.top = 0
            else:
                if len(self.stack) == 1:         # an element of the top-level map
                    if self.strict and self.top % 2 == 0 and b not in _KEY_START:
                        return self._bad("request keys must be strings")
                    self.top += 1
                self.stack[-1] -= 1
                self.due -= 1
            pos += size
            self.walked += size
            if kind == 1:
                self.body = count
            elif kind >= 2:
                if kind == 3:
                    count *= 2
                if count:
                    self.stack.append(count)
                    self.due += count
                    if self.max_depth is not None and len(self.stack) > self.max_depth:
                        return self._bad("nested too deeply", pos)
            while self.stack and self.stack[-1] == 0:
                self.stack.pop()
            least = self.walked + self.body + self.due
            if least > self.max_declared:
                return self._bad(f"headers declare {least} bytes or more", pos)
            if least > self.max_size and not self.long:
                self.long = True
                self.pos = pos
                return self.LONG

    def _skip_whole(self, buf: bytes, pos: int) -> int:
        """Skip the elements due at the current level that lie whole in ``buf`` (msgpack's own C
        ``skip``); returns the position of the first one that does not (or after the last)."""
        window = memoryview(buf)[pos:pos + SKIP_WINDOW]   # bounded: a call never copies much
        unpacker = msgpack.Unpacker(max_buffer_size=max(len(window), 1))
        unpacker.feed(window)
        done, offset = 0, 0
        want = self.stack[-1]
        try:
            while done < want:
                unpacker.skip()
                offset = unpacker.tell()
                done += 1
        except Exception:                  # OutOfData (a partial element), or bytes C refuses
            pass
        self.stack[-1] -= done
        self.due -= done
        if len(self.stack) == 1:
            self.top += done
        self.walked += offset
        return pos + offset

    def _bad(self, why: str, pos: int = 0) -> str:
        self.error = why
        self.pos = max(self.pos, pos)
        return self.BAD


def _known_keys() -> frozenset:
    from intrigue.protocol.commands import COMMANDS
    return frozenset({b"cmd", b"id"} | {k.encode() for c in COMMANDS.values() for k in c.fields})


_KEYS = _known_keys()
_LONGEST_KEY = max(len(k) for k in _KEYS)


def _plausible(buf: bytes, i: int) -> bool:
    """Whether a request may start at ``buf[i]`` (a map header): its first key is a field name of
    some command, and a first ``cmd`` key holds a string.  Cheap, so that resynchronising through
    garbage costs little per byte; bytes not yet arrived count as plausible."""
    n = len(buf)
    b = buf[i]
    j = i + 1 if b < 0x90 else i + (3 if b == 0xDE else 5)
    if j > n:
        return True
    if b >= 0x90 and int.from_bytes(buf[i + 1:j], "big") > MAX_FIELDS:
        return False
    if j == n:
        return True
    k = buf[j]
    if 0xA0 <= k <= 0xBF:
        length, j = k & 0x1F, j + 1
    elif k == 0xD9:
        if j + 2 > n:
            return True
        length, j = buf[j + 1], j + 2
    else:
        return False
    if length > _LONGEST_KEY:
        return False
    key = buf[j:j + length]
    if len(key) < length:
        return any(known.startswith(key) for known in _KEYS)
    if key not in _KEYS:
        return False
    j += length
    return key != b"cmd" or j >= n or 0xA0 <= buf[j] <= 0xBF or buf[j] == 0xD9


def _find_request(buf: bytes) -> Optional[Tuple[int, int, Any]]:
    """After garbage: the first map in ``buf`` that is a whole request (a map with string keys and a
    ``cmd``, at most :data:`RESYNC_MAX` bytes) as ``(start, end, obj)``; or ``(start, len, None)``
    where a request may begin but its bytes have not all arrived; or ``None`` if there is none."""
    pending: Optional[int] = None
    n = len(buf)
    start = 0
    while True:
        m = _CANDIDATE.search(buf, start)
        if m is None:
            break
        i = m.start()
        start = i + 1
        if _plausible(buf, i):
            frame = _Frame(max_size=RESYNC_MAX, max_declared=RESYNC_MAX, max_depth=RESYNC_DEPTH, strict=True)
            status = frame.scan(buf, i)
            if status == _Frame.BAD:
                # what lies inside a candidate that turned out malformed is not looked at again:
                # resynchronising stays linear however the garbage nests
                start = max(start, frame.pos)
            elif status == _Frame.DONE:
                try:
                    obj = msgpack.unpackb(buf[i:frame.pos], raw=False, strict_map_key=False,
                                          object_pairs_hook=map_from_pairs)
                except Exception:
                    obj = None
                if isinstance(obj, dict) and "cmd" in obj:
                    return i, frame.pos, obj
            elif status == _Frame.MORE and pending is None:
                pending = i
    if pending is not None:
        return pending, n, None
    return None
