"""Game records (``coup.md`` section 10): the ruleset with its options, the number of players, and
every chance event and decision in order, in notation; saved and loaded with msgpack.

A full record replays to the exact game.  A seat's view (:meth:`GameRecord.view`) keeps only what
that seat saw, and replays to that seat's :class:`~intrigue.engine.game.InfoState`.  A record that is
truncated, corrupt, or holds an illegal step is refused with a :class:`RecordError` naming the step.
"""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import math
import os
import reprlib
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import msgpack

from intrigue.engine.errors import IntrigueError, RecordError
from intrigue.engine.flow import CHANCE
from intrigue.engine.registry import load_game

if TYPE_CHECKING:                 # records sit below the game interface: no import at run time
    from intrigue.engine.game import Game, InfoState, State

FORMAT = "intrigue-record"
VERSION = 1

# Limits on what a record may hold.  The number of events comes from the game's own limits
# (Game.max_events: Coup's turn cap, the Politics Game's rounds, ...), so a game played to its limits
# always saves and loads; the bytes follow from the events.  Whatever a writer would put beyond them
# is refused when written (to_bytes, save), not left for a reader to refuse.
DEFAULT_MAX_EVENTS = 100_000   # events in a record of a game that declares no bound
EVENT_BYTES = 48               # bytes one event may take (the longest notation so far is 28 characters)
RECORD_OVERHEAD = 1 << 20      # bytes for all but the events: the game, its options, meta
MAX_RECORD_DEPTH = 16          # nesting of lists/maps (events need 3; meta a few more)
MAX_RECORD_TEXT = 4096         # characters in one event's text, the game or ruleset name
MAX_RECORD_ITEMS = 4096        # entries in options / meta


@functools.lru_cache(maxsize=None)
def max_record_events() -> int:
    """The most events a record of any installed game may hold: the largest of the games' own
    bounds (:meth:`Game.most_events`), or :data:`DEFAULT_MAX_EVENTS` for a game that declares none."""
    from intrigue.engine.registry import game_class, game_names
    bounds = [game_class(name).most_events() for name in game_names()]
    return max([DEFAULT_MAX_EVENTS] + [b for b in bounds if b is not None])


def max_record_bytes() -> int:
    """The largest record file or message read: :data:`RECORD_OVERHEAD` and :data:`EVENT_BYTES` for
    each of :func:`max_record_events`."""
    return RECORD_OVERHEAD + EVENT_BYTES * max_record_events()


def event_limit(game: str, ruleset: Any, players: Any, options: Any) -> Tuple[int, str]:
    """The most events a record of this game may hold, and what sets it (for messages): the game's
    :meth:`Game.max_events` under its options; a game that cannot be set up gets the largest limit
    (its replay will say what is wrong)."""
    try:
        bound = load_game(game, ruleset, players, options).max_events()
    except IntrigueError:
        return max_record_events(), "the most any game allows"
    if bound is None:
        return DEFAULT_MAX_EVENTS, f"the limit for a {game} record"
    return bound, f"the most a {players}-player {game} game can have under its options"

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 3, 6, 6, 60, 60


def _short(value: Any) -> Any:
    """``value`` itself if it is a plain, small event; else a bounded repr of it (for messages)."""
    if isinstance(value, str) and len(value) <= 200:
        return value
    if (isinstance(value, (list, tuple)) and len(value) == 2 and isinstance(value[0], int)
            and isinstance(value[1], str) and len(value[1]) <= 200):
        return value
    return _REPR.repr(value)


@dataclasses.dataclass
class GameRecord:
    """A game as data: ``events`` are ``(seat, text)`` pairs, seat ``-1`` for chance events.

    ``seat`` is ``None`` for a full record, or the seat whose view this is.  ``meta`` holds anything
    else worth keeping (seed, bot specs, result, date); it plays no part in replay.
    """

    game: str
    ruleset: str
    players: int
    options: Dict[str, Any]
    events: List[Tuple[int, str]]
    seat: Optional[int] = None
    meta: Dict[str, Any] = dataclasses.field(default_factory=dict)

    # --- making ---------------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: State, seat: Optional[int] = None, **meta: Any) -> "GameRecord":
        g = state.game
        res = state.result()
        if res is not None and "result" not in meta:
            meta["result"] = res.to_dict() if seat is None else {"placings": list(res.placings),
                                                                 "winners": list(res.winners)}
        return cls(g.name, g.ruleset, g.num_players, dict(g.options), state.view(seat), seat, meta)

    def load_game(self) -> Game:
        try:
            return load_game(self.game, self.ruleset, self.players, self.options)
        except IntrigueError as err:
            raise RecordError(f"the record's game cannot be set up: {err}", field=err.field) from None

    # --- replay ---------------------------------------------------------------------------------
    def replay(self) -> State:
        """The final state of a full record (every step checked)."""
        states = self.states(copies=False)      # one state, advanced: linear in the record's length
        state = next(states)                    # the state before the first event: there always is one
        for state in states:
            pass
        return state

    def states(self, copies: bool = True) -> Iterator[State]:
        """The state before the first event, then after each event (full records only): each a copy,
        or with ``copies=False`` one state advanced in place (linear in the record's length, where a
        copy per step, history and all, is quadratic: what to use for a long record)."""
        if self.seat is not None:
            raise RecordError(f"this is seat {self.seat}'s view, not a full record: use info_state()")
        game = self.load_game()
        state = game.new_initial_state()
        yield state.clone() if copies else state
        for i, item in enumerate(self.events):
            seat, text = _event(item, i)
            player = state.current_player()
            if seat != player:
                want = "a chance event" if player == CHANCE else ("nothing (the game is over)" if player < -1 else f"seat {player}")
                raise RecordError(f"expected {want}, found an event of {'chance' if seat == CHANCE else f'seat {seat}'}",
                                  step=i, event=_short(text))
            try:
                state.apply_action(text)
            except IntrigueError as err:
                raise RecordError(str(err), step=i, event=_short(text)) from None
            yield state.clone() if copies else state

    def info_state(self) -> InfoState:
        """The information state of the record's seat after its last event (views only)."""
        if self.seat is None:
            raise RecordError("a full record has no seat: use view(seat) first")
        return self.load_game().info_state_from_view(self.seat, self.events)

    def info_states(self) -> Iterator[InfoState]:
        """The seat's information state before its first event, then after each (views only).

        Each equals ``InfoState.from_view(game, seat, events[:i])`` (the same checks, the same
        canonical hidden cards), but the record is replayed once: linear in its length, where
        rebuilding every prefix would be quadratic.  Raises :class:`RecordError` at the first bad event.
        """
        if self.seat is None:
            raise RecordError("a full record has no seat: use view(seat) first")
        return self.load_game().info_states_from_view(
            self.seat, (_event(item, i) for i, item in enumerate(self.events)))

    def view(self, seat: int) -> "GameRecord":
        """This (full) record as ``seat`` saw it: other seats' deals, draws and kept cards left out."""
        if self.seat is not None:
            raise RecordError(f"this is already seat {self.seat}'s view")
        game = self.load_game()
        if not 0 <= seat < game.num_players:
            raise RecordError(f"seat {seat} is not in this game", field="seat")
        final = self.replay()
        meta = dict(self.meta)
        meta.pop("seed", None)                     # the seed would reveal every deal
        return GameRecord(self.game, self.ruleset, self.players, dict(self.options), final.view(seat), seat, meta)

    # --- bytes and files --------------------------------------------------------------------------
    def to_dict(self) -> Dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game, "ruleset": self.ruleset,
                "players": self.players, "options": dict(self.options), "seat": self.seat,
                "events": [[s, t] for s, t in self.events], "meta": dict(self.meta)}

    def to_bytes(self) -> bytes:
        """The record as msgpack, checked as a reader will check it: a record that no reader would
        accept (too many events for its game, an event too long, ...) raises :class:`RecordError`
        here instead of being written."""
        data = msgpack.packb(self.to_dict(), use_bin_type=True)
        try:
            GameRecord.from_bytes(data)
        except RecordError as err:
            raise RecordError(f"this record cannot be written, since no reader would accept it: {err.message}",
                              field=err.field) from None
        return data

    @classmethod
    def from_dict(cls, data: Any) -> "GameRecord":
        """A record from its map form, every field checked by type and size (a bool is not a
        number, ``meta`` must be a map): a bad record raises :class:`RecordError`, nothing else."""
        if not isinstance(data, dict):
            raise RecordError("not a game record: expected a map at the top level")
        _check_depth(data)
        fmt = data.get("format")
        if fmt != FORMAT or not isinstance(fmt, str):
            raise RecordError(f"not a game record: format is {_REPR.repr(fmt)}, expected {FORMAT!r}",
                              field="format")
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version != VERSION:
            raise RecordError(f"unsupported record version {_REPR.repr(version)} (this engine reads {VERSION})",
                              field="version")
        for key, kind, what in (("game", str, "text"), ("ruleset", str, "text"), ("players", int, "a whole number"),
                                ("options", dict, "a map of options"), ("events", list, "a list of events")):
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise RecordError(f"record field {key!r} is missing or not {what}", field=key)
        for key in ("game", "ruleset"):
            if len(data[key]) > MAX_RECORD_TEXT:
                raise RecordError(f"record field {key!r} is longer than {MAX_RECORD_TEXT} characters", field=key)
        if not 0 <= data["players"] <= 1000:
            raise RecordError(f"record field 'players' is out of range: {_REPR.repr(data['players'])}",
                              field="players")
        options = data["options"]
        if len(options) > MAX_RECORD_ITEMS:
            raise RecordError(f"record field 'options' has more than {MAX_RECORD_ITEMS} entries", field="options")
        for k, v in options.items():
            if not isinstance(k, str) or not (v is None or isinstance(v, (bool, int, str))
                                              or (isinstance(v, float) and math.isfinite(v))):
                raise RecordError(f"record option {_REPR.repr(k)} must be a name with a plain value, "
                                  f"not {_REPR.repr(v)}", field="options")
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 1000):
            raise RecordError("record field 'seat' must be a seat number or nil", field="seat")
        limit, why = event_limit(data["game"], data["ruleset"], data["players"], options)
        if len(data["events"]) > limit:
            raise RecordError(f"the record has {len(data['events']):,} events, more than {limit:,} ({why})",
                              field="events")
        events = [_event(item, i) for i, item in enumerate(data["events"])]
        meta = data.get("meta")
        if meta is None:
            meta = {}
        if not isinstance(meta, dict):
            raise RecordError("record field 'meta' must be a map", field="meta")
        if len(meta) > MAX_RECORD_ITEMS or not all(isinstance(k, str) for k in meta):
            raise RecordError(f"record field 'meta' must be a map of at most {MAX_RECORD_ITEMS} named entries",
                              field="meta")
        return cls(data["game"], data["ruleset"], data["players"], dict(options), events, seat, dict(meta))

    @classmethod
    def from_bytes(cls, data: bytes) -> "GameRecord":
        """A record from its msgpack bytes (at most :func:`max_record_bytes`), checked as
        :meth:`from_dict` says."""
        most = max_record_bytes()
        if len(data) > most:
            raise RecordError(f"not a game record: larger than {most:,} bytes")
        try:
            obj = msgpack.unpackb(data, raw=False, strict_map_key=False, max_array_len=max_record_events(),
                                  max_map_len=MAX_RECORD_ITEMS, max_str_len=most,
                                  max_bin_len=most, max_ext_len=most)
        except Exception as err:  # msgpack raises several types for truncated, garbage or too deep input
            raise RecordError(f"not a readable game record (truncated or corrupt): {type(err).__name__}: "
                              f"{str(err)[:200]}") from None
        return cls.from_dict(obj)

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Write the record (msgpack) to ``path``, atomically: a crash never leaves half a file."""
        path = os.fspath(path)
        tmp = path + ".tmp"
        f = open(tmp, "wb")
        try:
            with f:
                f.write(self.to_bytes())
            os.replace(tmp, path)
        except BaseException:           # ``path`` a folder, a full disk: leave no stray .tmp file behind
            with contextlib.suppress(OSError):
                os.remove(tmp)
            raise

    @classmethod
    def load(cls, path: Union[str, os.PathLike]) -> "GameRecord":
        """Read a record file (at most :func:`max_record_bytes`: ``/dev/zero`` is refused, not read
        until memory runs out)."""
        most = max_record_bytes()
        try:
            with open(path, "rb") as f:
                data = f.read(most + 1)
        except OSError as err:
            raise RecordError(f"cannot read {os.fspath(path)!r}: {err.strerror or err}") from None
        except (MemoryError, OverflowError) as err:
            raise RecordError(f"cannot read {os.fspath(path)!r}: {type(err).__name__}") from None
        if len(data) > most:
            raise RecordError(f"{os.fspath(path)!r} is not a game record: larger than {most:,} bytes")
        return cls.from_bytes(data)


def _check_depth(data: Any) -> None:
    """Refuse data nested deeper than :data:`MAX_RECORD_DEPTH` before anything walks it recursively
    (``repr``, ``==``, copying): a 1 KB file can nest a thousand levels."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children: Sequence[Any]
        if isinstance(value, dict):
            children = list(value.keys()) + list(value.values())
        elif isinstance(value, (list, tuple)):
            children = value
        else:
            continue
        if depth >= MAX_RECORD_DEPTH and len(children):
            raise RecordError(f"not a game record: nested deeper than {MAX_RECORD_DEPTH} levels")
        stack.extend((c, depth + 1) for c in children)


def _event(item: Any, i: int) -> Tuple[int, str]:
    if (not isinstance(item, (list, tuple)) or len(item) != 2 or not isinstance(item[0], int)
            or isinstance(item[0], bool) or not isinstance(item[1], str)):
        raise RecordError("an event must be a [seat, text] pair", step=i, event=_short(item))
    if not -1 <= item[0] < 1000 or len(item[1]) > MAX_RECORD_TEXT:
        raise RecordError(f"an event is a seat (-1 for chance) and a text of at most {MAX_RECORD_TEXT} "
                          "characters", step=i, event=_short(item))
    return item[0], item[1]
