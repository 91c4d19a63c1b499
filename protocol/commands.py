"""The protocol's commands: their fields, types and plain-text form.

A request is a map with ``cmd`` and an optional ``id``; :func:`validate` checks it against the
command's schema (unknown fields and wrong types are refused, naming the field) and returns a
:class:`Request` whose ``fields`` hold the checked values.  :func:`parse_text` turns the plain-text
form a person types (``go iterations=5000``, ``move steal 2``) into the same map, so both forms reach
the engine as identical requests.

Checking here is stateless (it needs no game), which lets the input reader validate ``hello``
itself and switch the wire format exactly after it.
"""
from __future__ import annotations

import json
import math
import re
import reprlib
from typing import Any, Dict, List, NamedTuple, Sequence, Tuple

from intrigue.protocol.errors import ProtocolError
from intrigue.search.bot import MAX_TIME_MS

INT_MIN, INT_MAX = -(2 ** 63), 2 ** 63 - 1
MAX_TEXT = 4096            # longest string field (notation, bot spec, game name ...)
MAX_EVENTS = 100_000       # longest history in a position
MAX_ITEMS = 64             # longest list of seats / views
MAX_FIELDS = 64            # most fields in one request
MAX_DEPTH = 8              # deepest nesting of lists/maps in a request (the deepest field, events, needs 3)
MAX_WORKERS = 64           # processes of one search (as the ismcts bot spec caps them)
MAX_NODES = 4 * MAX_EVENTS + 4096   # values (lists, maps, scalars) in one request


class Request(NamedTuple):
    cmd: str
    id: Any                 # echoed in every answer (None: no id)
    fields: Dict[str, Any]


def _bad(field: str, message: str) -> ProtocolError:
    return ProtocolError("bad_request", message, field=field)


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 3, 6, 6, 60, 60
_REPR.maxlong = 40


def short(value: Any) -> str:
    """A bounded ``repr`` for error messages: never deep, never long (the value may be hostile)."""
    try:
        return _REPR.repr(value)
    except Exception:                       # pragma: no cover - reprlib is total on decoded data
        return f"<{type(value).__name__}>"


class Duplicates(dict):
    """A decoded map that names one key twice (``duplicate``, the first such key).  JSON and msgpack
    parsers disagree on which value wins, so such a request is refused rather than guessed at."""

    duplicate: Any = None


def map_from_pairs(pairs: Sequence[Tuple[Any, Any]]) -> Dict[Any, Any]:
    """``object_pairs_hook`` of the JSON and msgpack decoders: a dict, or :class:`Duplicates`."""
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen = set()
    marked = Duplicates(out)
    for key, _ in pairs:
        if key in seen:
            marked.duplicate = key
            break
        seen.add(key)
    return marked


def _duplicate_error(value: "Duplicates", where: Any = None) -> ProtocolError:
    """``where``: the map's place in the request, a chain ``(parent, key)`` built by :func:`check_shape`
    (or a prefix string such as ``"options."``), so that the field names the key in full."""
    key = value.duplicate
    return ProtocolError("bad_request", f"the key {short(key)} appears twice in one map",
                         field=(_path(where) + str(key))[:64])


def _path(where: Any) -> str:
    """``"options.steal_amount."`` from a chain ``((("options."), ...), key)`` (at most 64 characters)."""
    parts: List[str] = []
    while isinstance(where, tuple):
        where, key = where
        parts.append(f"{str(key)[:64]}.")
        if sum(map(len, parts)) > 64:
            break
    return (where if isinstance(where, str) else "") + "".join(reversed(parts))


def _not_text(value: str) -> bool:
    """A string that is not Unicode text: it holds a lone UTF-16 surrogate (JSON's ``\\ud800`` escape
    without its pair).  ASCII, nearly every string, is answered at C speed."""
    if value.isascii():
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


NOT_TEXT = "a string holds a lone UTF-16 surrogate (an escape from \\ud800 to \\udfff without its pair), which is not text"


def check_shape(msg: Any, where: str = "") -> None:
    """Refuse a decoded request nested deeper than :data:`MAX_DEPTH`, holding more than
    :data:`MAX_NODES` values, or a string that is not text, before anything walks it recursively
    (``where``: its path in the request, ``options.``, so that a key given twice is named in full;
    each value's path is only a link to its parent until an error needs it in words)."""
    stack: List[Tuple[Any, int, Any]] = [(msg, 1, where)]
    nodes = 0
    while stack:
        value, depth, path = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise ProtocolError("bad_request", f"the request holds more than {MAX_NODES} values", field="cmd")
        if isinstance(value, str):
            if _not_text(value):
                raise ProtocolError("bad_json", NOT_TEXT, field="cmd")
            continue
        if isinstance(value, Duplicates):
            raise _duplicate_error(value, path)
        if isinstance(value, dict):
            if any(isinstance(k, str) and _not_text(k) for k in value):
                raise ProtocolError("bad_json", NOT_TEXT, field="cmd")
            children = [(c, (path, k)) for k, c in value.items()]
        elif isinstance(value, (list, tuple)):
            children = [(c, (path, i)) for i, c in enumerate(value)]
        else:
            continue
        if depth >= MAX_DEPTH and children:
            raise ProtocolError("bad_request", f"the request is nested deeper than {MAX_DEPTH} levels",
                                field="cmd")
        stack.extend((c, depth + 1, link) for c, link in children)


# --------------------------------------------------------------------------------------------------
# field types: check(value from JSON/msgpack) and text(value typed by a person)
# --------------------------------------------------------------------------------------------------
class FieldType:
    name = "any"

    def check(self, field: str, value: Any) -> Any:
        return value

    def text(self, field: str, value: str) -> Any:
        return self.check(field, value)


class Str(FieldType):
    name = "string"

    def __init__(self, choices: Sequence[str] = ()) -> None:
        self.choices = tuple(choices)

    def check(self, field, value):
        if not isinstance(value, str):
            raise _bad(field, f"{field!r} must be a string, not {_kind(value)}")
        if len(value) > MAX_TEXT:
            raise _bad(field, f"{field!r} is longer than {MAX_TEXT} characters")
        if self.choices and value not in self.choices:
            raise _bad(field, f"{field!r} must be one of {', '.join(self.choices)}, not {short(value)}")
        return value


class Int(FieldType):
    name = "integer"

    def __init__(self, lo: int = INT_MIN, hi: int = INT_MAX) -> None:
        self.lo, self.hi = lo, hi

    def check(self, field, value):
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(field, f"{field!r} must be an integer, not {_kind(value)}")
        if not self.lo <= value <= self.hi:
            raise _bad(field, f"{field!r} must be from {self.lo} to {self.hi}, not {short(value)}")
        return value

    def text(self, field, value):
        value = value.strip()
        if re.fullmatch(r"[+-]?\d{1,400}", value):    # compared exactly, as JSON's integers are
            return self.check(field, int(value))
        # a whole number written as JSON would write it ("1e6", "1000.0"), as a JSON message may send it
        if len(value) <= 32 and re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?", value):
            number = float(value)
            if math.isfinite(number) and number.is_integer():
                return self.check(field, number)
        raise _bad(field, f"{field!r} must be an integer, not {short(value)}")


class Num(FieldType):
    name = "number"

    def __init__(self, lo: float = 0.0, hi: float = 1e12, *, above: bool = False) -> None:
        self.lo, self.hi = lo, hi
        self.above = above               # lo itself is refused (a movetime of 0 ms is no time at all)

    def check(self, field, value):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _bad(field, f"{field!r} must be a number, not {_kind(value)}")
        # an int is compared as an int: float() of a 310-digit integer would raise OverflowError
        finite = isinstance(value, int) or math.isfinite(value)
        if not (finite and (self.lo < value if self.above else self.lo <= value) and value <= self.hi):
            span = f"above {self.lo:g} and at most {self.hi:g}" if self.above else f"from {self.lo:g} to {self.hi:g}"
            raise _bad(field, f"{field!r} must be a number {span}, not {short(value)}")
        return value

    def text(self, field, value):
        try:
            number = float(value) if len(value) <= 64 else math.inf
        except ValueError:
            raise _bad(field, f"{field!r} must be a number, not {short(value)}") from None
        return self.check(field, int(number) if number.is_integer() else number)


class Bool(FieldType):
    name = "boolean"
    WORDS = {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False, "no": False, "0": False}

    def check(self, field, value):
        if not isinstance(value, bool):
            raise _bad(field, f"{field!r} must be true or false, not {_kind(value)}")
        return value

    def text(self, field, value):
        word = value.strip().lower()
        if word not in self.WORDS:
            raise _bad(field, f"{field!r} must be true or false, not {short(value)}")
        return self.WORDS[word]


class Scalar(FieldType):
    """A string, number, boolean or null (engine option values; each option checks its own)."""

    name = "scalar"

    def check(self, field, value):
        if value is None or isinstance(value, (bool, int, str)) or (isinstance(value, float) and math.isfinite(value)):
            if isinstance(value, str) and len(value) > MAX_TEXT:
                raise _bad(field, f"{field!r} is longer than {MAX_TEXT} characters")
            return value
        raise _bad(field, f"{field!r} must be a string, number, boolean or null, not {_kind(value)}")

    def text(self, field, value):
        return value


class Seats(FieldType):
    """A list of seat numbers; in text ``1,2,3``."""

    name = "list of integers"

    def check(self, field, value):
        if not isinstance(value, (list, tuple)):
            raise _bad(field, f"{field!r} must be a list of seat numbers, not {_kind(value)}")
        if len(value) > MAX_ITEMS:
            raise _bad(field, f"{field!r} has more than {MAX_ITEMS} items")
        out = []
        for v in value:
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 1000:
                raise _bad(field, f"{field!r} must hold seat numbers, not {short(v)}")
            out.append(v)
        if len(set(out)) != len(out):
            raise _bad(field, f"{field!r} names a seat twice")
        return out

    def text(self, field, value):
        value = value.strip()
        if value.startswith("["):
            return self.check(field, _json_text(field, value))
        if value in ("", "none", "-"):
            return []
        parts = [p.strip() for p in value.split(",")]
        if not all(re.fullmatch(r"\d{1,3}", p) for p in parts):
            raise _bad(field, f"{field!r} must be seat numbers separated by commas, e.g. 1,2: {short(value)}")
        return self.check(field, [int(p) for p in parts])


class View(FieldType):
    """Whose eyes: a seat number, ``"full"`` (everything), ``"public"`` (a spectator), or, where
    ``many`` is set, a list of seat numbers."""

    name = "view"

    def __init__(self, many: bool) -> None:
        self.many = many

    def check(self, field, value):
        if isinstance(value, str) and value in ("full", "public"):
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1000:
            return value
        if self.many and isinstance(value, (list, tuple)):
            return Seats().check(field, value)
        allowed = "a seat number, a list of seat numbers, 'full' or 'public'" if self.many else \
            "a seat number, 'full' or 'public'"
        raise _bad(field, f"{field!r} must be {allowed}, not {short(value)}")

    def text(self, field, value):
        value = value.strip()
        if re.fullmatch(r"\d{1,3}", value):
            return int(value)
        if self.many and ("," in value or value.startswith("[")):
            return Seats().text(field, value)
        return self.check(field, value)


class Obj(FieldType):
    """A map from names to scalars (rule options); in text ``options.steal_amount=3`` or JSON."""

    name = "object"

    def check(self, field, value):
        if not isinstance(value, dict):
            raise _bad(field, f"{field!r} must be an object, not {_kind(value)}")
        if len(value) > MAX_ITEMS:
            raise _bad(field, f"{field!r} has more than {MAX_ITEMS} entries")
        for k, v in value.items():
            if not isinstance(k, str):
                raise _bad(field, f"{field!r} keys must be strings, not {short(k)}")
            Scalar().check(f"{field}.{k[:64]}", v)
        return dict(value)

    def text(self, field, value):
        return self.check(field, _json_text(field, value))


class Bots(FieldType):
    """A bot spec for every engine seat, or a map from seat number (as a string) to spec."""

    name = "bot spec or object"

    def check(self, field, value):
        if isinstance(value, str):
            return Str().check(field, value)
        if isinstance(value, dict):
            out = {}
            if len(value) > MAX_ITEMS:
                raise _bad(field, f"{field!r} has more than {MAX_ITEMS} entries")
            for k, v in value.items():
                if isinstance(k, int) and not isinstance(k, bool):
                    k = str(k)
                if not isinstance(k, str) or not re.fullmatch(r"\d{1,3}", k):
                    raise _bad(field, f"{field!r} keys must be seat numbers, not {short(k)}")
                if int(k) in out:                # "1" and "01": which spec would win is the question
                    raise _bad(f"{field}.{k}", f"{field!r} names seat {int(k)} twice")
                out[int(k)] = Str().check(f"{field}.{k}", v)
            return out
        raise _bad(field, f"{field!r} must be a bot spec string or an object seat -> spec, not {_kind(value)}")

    def text(self, field, value):
        if value.strip().startswith("{"):
            return self.check(field, _json_text(field, value))
        return self.check(field, value)


class Event(FieldType):
    """One observation: ``[seat, text]`` (seat -1 for a chance event); in text ``SEAT TEXT...``."""

    name = "[seat, text]"

    def check(self, field, value):
        if (not isinstance(value, (list, tuple)) or len(value) != 2 or isinstance(value[0], bool)
                or not isinstance(value[0], int) or not isinstance(value[1], str)):
            raise _bad(field, f"{field!r} must be a [seat, text] pair, not {short(value)}")
        if not -1 <= value[0] < 1000 or len(value[1]) > MAX_TEXT:
            raise _bad(field, f"{field!r}: seat must be -1 (chance) or a seat number, text at most {MAX_TEXT} chars")
        return [value[0], value[1]]

    def text(self, field, value):
        seat, _, rest = value.strip().partition(" ")
        if not re.fullmatch(r"-?\d{1,3}", seat) or not rest.strip():
            raise _bad(field, f"{field!r} is a seat number and the event's text, e.g. '2 steal 0': {short(value)}")
        return self.check(field, [int(seat), rest.strip()])


class Events(FieldType):
    name = "list of [seat, text]"

    def check(self, field, value):
        if not isinstance(value, (list, tuple)):
            raise _bad(field, f"{field!r} must be a list of [seat, text] pairs, not {_kind(value)}")
        if len(value) > MAX_EVENTS:
            raise _bad(field, f"{field!r} has more than {MAX_EVENTS} events")
        return [Event().check(f"{field}[{i}]", v) for i, v in enumerate(value)]

    def text(self, field, value):
        return self.check(field, _json_text(field, value))


class Action(FieldType):
    """An action in notation (or its integer id)."""

    name = "notation"

    def check(self, field, value):
        if isinstance(value, int) and not isinstance(value, bool):
            return Int(0, 1 << 30).check(field, value)
        return Str().check(field, value)

    def text(self, field, value):
        return Str().check(field, value)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string", list: "a list",
            tuple: "a list", dict: "an object", bytes: "binary data"}.get(type(value), type(value).__name__)


def _json_text(field: str, value: str) -> Any:
    try:
        parsed = json.loads(value, parse_constant=_no_constant, object_pairs_hook=map_from_pairs)
    except (ValueError, RecursionError):
        raise _bad(field, f"{field!r} must be JSON here, e.g. {field}='{{\"steal_amount\": 3}}': {short(value)}") \
            from None
    check_shape(parsed, field + ".")      # a key given twice, too deep, too many values
    return parsed


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


# --------------------------------------------------------------------------------------------------
# the commands
# --------------------------------------------------------------------------------------------------
class Command(NamedTuple):
    fields: Dict[str, FieldType]
    required: Tuple[str, ...] = ()
    positional: Tuple[str, ...] = ()     # plain text: bare words fill these in order; the last takes the rest
    help: str = ""


_LIMITS = {
    "iterations": Int(1, 10 ** 12), "movetime": Num(0, MAX_TIME_MS, above=True), "workers": Int(1, MAX_WORKERS), "infinite": Bool(),
}
_GAME = {"game": Str(), "ruleset": Str(), "players": Int(0, 1000), "options": Obj()}

COMMANDS: Dict[str, Command] = {
    "hello": Command({"protocol": Int(0, 1000), "format": Str()},
                     help="handshake: protocol version, games, options, features; format=msgpack switches the wire"),
    "help": Command({}, help="the commands and their fields"),
    "setoption": Command({"name": Str(), "value": Scalar()}, ("name",), ("name", "value"),
                         help="set an engine option (see hello's 'options')"),
    "ping": Command({}, help="answered with pong once all earlier input is processed"),
    "stop": Command({}, help="end the running search now; it answers at once with what it has"),
    "quit": Command({}, help="stop everything and exit"),
    "new_game": Command(dict(_GAME, seed=Int(), engine_seats=Seats(), bots=Bots(), view=View(many=True),
                             movetime=Num(0, MAX_TIME_MS, above=True), iterations=Int(1, 10 ** 12), workers=Int(1, MAX_WORKERS)),
                        positional=("game",), help="referee mode: start a game the engine runs"),
    "move": Command({"action": Action(), "seat": Int(0, 999)}, ("action",), ("action",),
                    help="referee mode: the decision of a seat the frontend plays"),
    "position": Command(dict(_GAME, seat=Int(0, 999), events=Events()), ("seat",), ("game",),
                        help="advisor mode: the ruleset and everything the engine's seat has seen"),
    "observe": Command({"event": Event(), "events": Events()}, positional=("event",),
                       help="advisor mode: append what the seat saw since"),
    "go": Command(dict(_LIMITS, seat=Int(0, 999), bot=Str()),
                  help="decide for the seat to move (not applied); info streams until the answer"),
    "analyze": Command(dict(_LIMITS, seat=Int(0, 999), bot=Str()),
                       help="the same search as go, reported as an analysis (hints)"),
    "state": Command({"view": View(many=False)}, positional=("view",), help="the position as a view sees it"),
    "record": Command({"view": View(many=False)}, positional=("view",), help="the game record as a view sees it"),
}

_ID = re.compile(r"[+-]?\d{1,18}")


def check_id(value: Any) -> Any:
    """Request ids are integers or strings (at most 256 characters), echoed as given."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and INT_MIN <= value <= INT_MAX:
        return value
    if isinstance(value, str) and len(value) <= 256:
        if _not_text(value):                 # refused unechoed: it could not be written back as text
            raise ProtocolError("bad_json", NOT_TEXT, field="cmd")
        return value
    raise ProtocolError("bad_request", f"'id' must be an integer or a string of at most 256 characters, "
                                       f"not {_kind(value)}", field="id")


def validate(msg: Any) -> Request:
    """Check one decoded request (a map) against its command's schema."""
    if not isinstance(msg, dict):
        raise ProtocolError("bad_request", f"a request is an object with 'cmd', not {_kind(msg)}", field="cmd")
    if isinstance(msg, Duplicates) and msg.duplicate == "id":
        raise _duplicate_error(msg)            # which id to echo is the very question
    rid = check_id(msg.get("id"))
    if len(msg) > MAX_FIELDS:
        raise ProtocolError("bad_request", f"a request has at most {MAX_FIELDS} fields", field="cmd", id=rid)
    try:
        check_shape(msg)
    except ProtocolError as err:
        err.request_id = rid
        raise
    cmd = msg.get("cmd")
    if cmd is None:
        raise ProtocolError("bad_request", "the request has no 'cmd'", field="cmd", id=rid)
    if not isinstance(cmd, str):
        raise ProtocolError("bad_request", f"'cmd' must be a string, not {_kind(cmd)}", field="cmd", id=rid)
    spec = COMMANDS.get(cmd)
    if spec is None:
        raise ProtocolError("unknown_command", f"unknown command {cmd[:64]!r} (commands: {', '.join(COMMANDS)})",
                            field="cmd", id=rid)
    try:
        return Request(cmd, rid, _check_fields(cmd, spec, msg))
    except ProtocolError as err:          # the answer names the request: its id and its command
        err.request_id, err.request_cmd = rid, cmd
        raise


def _check_fields(cmd: str, spec: "Command", msg: Dict[Any, Any]) -> Dict[str, Any]:
    fields: Dict[str, Any] = {}
    for key, value in msg.items():
        if key in ("cmd", "id"):
            continue
        ftype = spec.fields.get(key) if isinstance(key, str) else None
        if ftype is None:
            known = ", ".join(spec.fields) or "none"
            raise ProtocolError("bad_request", f"{cmd} has no field {str(key)[:64]!r} (fields: {known})",
                                field=str(key)[:64])
        if value is None and key not in spec.required and not isinstance(ftype, Scalar):
            continue                      # null = not given
        fields[key] = ftype.check(key, value)
    for key in spec.required:
        if key not in fields:
            raise ProtocolError("bad_request", f"{cmd} needs {key!r}", field=key)
    return fields


_KEY = re.compile(r"[a-z_][a-z0-9_]*(\.[^=\s]+)?", re.I)
_WORD = re.compile(r"""(?:[^ \t\r\n'"\\]+|\\.|'[^']*'|"(?:[^"\\]|\\.)*")+""", re.S)
_PIECE = re.compile(r"[^ \t\r\n'\"\\]+|\\(.)|'([^']*)'|\"((?:[^\"\\]|\\.)*)\"", re.S)
_DQ_ESCAPE = re.compile(r'\\(["\\])')
_NOT_SPACE = re.compile(r"[^ \t\r\n]")


def split_words(line: str) -> List[str]:
    """The words of a plain-text line, as ``shlex.split`` (POSIX) makes them, in linear time.

    Quotes group words (``'...'`` literally, ``"..."`` with ``\\"`` and ``\\\\`` escapes), a
    backslash outside quotes escapes the next character.  (``shlex`` itself takes seconds on a long
    line: it grows each word one character at a time.)
    """
    words: List[str] = []
    pos, n = 0, len(line)
    while True:
        start = _NOT_SPACE.search(line, pos)       # the next word's first character, if any
        pos = start.start() if start is not None else n
        if pos >= n:
            return words
        m = _WORD.match(line, pos)
        if m is None:
            what = "closing quotation" if line[pos] in "'\"" else "character after the backslash"
            raise ProtocolError("bad_json", f"cannot split the line into words: no {what} "
                                            f"(column {pos + 1})", field="cmd")
        parts = []
        for piece in _PIECE.finditer(m.group()):
            escaped, single, double = piece.groups()
            if escaped is not None:
                parts.append(escaped)
            elif single is not None:
                parts.append(single)
            elif double is not None:
                parts.append(_DQ_ESCAPE.sub(r"\1", double))
            else:
                parts.append(piece.group())
        words.append("".join(parts))
        pos = m.end()


def parse_text(line: str) -> Dict[str, Any]:
    """The plain-text form of a request, as the map the JSON form would be.

    ``WORD key=value ... bare words``: the first word is ``cmd``; ``key=value`` sets a field
    (``options.NAME=value`` sets one rule option; ``id=7`` the id); a bare word naming a boolean
    field sets it true (``go infinite``); other bare words fill the command's positional fields
    (``move steal 2`` -> ``{"cmd": "move", "action": "steal 2"}``).  Quotes group words.
    """
    tokens = split_words(line)
    if not tokens:
        raise ProtocolError("bad_request", "an empty request", field="cmd")
    cmd = tokens[0].lower()
    spec = COMMANDS.get(cmd)
    if spec is None:                     # validate() names the unknown command (and echoes the id)
        rid = _text_id(tokens[1:])
        return {"cmd": cmd} if rid is None else {"cmd": cmd, "id": rid}
    try:
        return _parse_words(cmd, spec, tokens[1:])
    except ProtocolError as err:         # a value that does not convert: the answer still names the request
        err.request_id, err.request_cmd = _text_id(tokens[1:]), cmd
        raise


def _text_id_value(text: str) -> Any:
    """A typed id: digits are an integer id, anything else a string id (as JSON would send it)."""
    return int(text) if _ID.fullmatch(text) else text


def _text_id(tokens: List[str]) -> Any:
    """The one valid ``id=`` of a plain-text request's words, else None (an id given twice is itself an
    error: which one to echo is the question)."""
    ids = [value for key, eq, value in (tok.partition("=") for tok in tokens) if eq and key.lower() == "id"]
    if len(ids) != 1:
        return None
    try:
        return check_id(_text_id_value(ids[0]))
    except ProtocolError:
        return None


def _parse_words(cmd: str, spec: "Command", tokens: List[str]) -> Dict[str, Any]:
    msg: Dict[str, Any] = {"cmd": cmd}
    bare: List[str] = []
    for tok in tokens:
        key, eq, value = tok.partition("=")
        if eq and _KEY.fullmatch(key):
            key = key.lower()
            if key in msg or (key.partition(".")[2] and key.partition(".")[2] in msg.get(key.partition(".")[0], {})):
                raise _bad(key, f"{key!r} is given twice")
            if key == "id":
                msg["id"] = _text_id_value(value)
                continue
            head, dot, sub = key.partition(".")
            ftype = spec.fields.get(head)
            if ftype is None:
                msg[key] = value         # validate() names the unknown field
            elif dot:
                if not isinstance(ftype, Obj):
                    raise _bad(head, f"{head!r} has no parts: {short(tok)}")
                msg.setdefault(head, {})
                if not isinstance(msg[head], dict):
                    raise _bad(head, f"{head!r} is given twice")
                msg[head][sub] = value
            else:
                msg[key] = ftype.text(key, value)
            continue
        if isinstance(spec.fields.get(tok.lower()), Bool):
            msg[tok.lower()] = True
            continue
        bare.append(tok)
    if bare:
        slots = spec.positional
        if not slots:
            raise _bad(bare[0], f"{cmd} takes no bare words (got {' '.join(bare)[:64]!r}); use key=value")
        for i, slot in enumerate(slots):
            if i >= len(bare):
                break
            text = " ".join(bare[i:]) if i == len(slots) - 1 else bare[i]
            if slot in msg:
                raise _bad(slot, f"{slot!r} is given twice")
            msg[slot] = spec.fields[slot].text(slot, text)
    return msg


def describe_commands() -> Dict[str, Any]:
    """The commands with their fields and types (the answer to ``help``)."""
    return {name: {"help": c.help, "fields": {k: t.name for k, t in c.fields.items()},
                   "required": list(c.required), "positional": list(c.positional)}
            for name, c in COMMANDS.items()}
