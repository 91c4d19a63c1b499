"""Game records (``coup.md`` section 10): the ruleset with its options, the number of players, and
every chance event and decision in order, in notation; saved and loaded with msgpack.

A full record replays to the exact game.  A seat's view (:meth:`GameRecord.view`) keeps only what
that seat saw, and replays to that seat's :class:`~intrigue.engine.game.InfoState`.  A record that is
truncated, corrupt, or holds an illegal step is refused with a :class:`RecordError` naming the step.
"""
from __future__ import annotations

import dataclasses
import os
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Tuple, Union

import msgpack

from intrigue.engine.errors import IntrigueError, RecordError
from intrigue.engine.flow import CHANCE
from intrigue.engine.registry import load_game

if TYPE_CHECKING:                 # records sit below the game interface: no import at run time
    from intrigue.engine.game import Game, InfoState, State

FORMAT = "intrigue-record"
VERSION = 1


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
        state = None
        for state in self.states():
            pass
        return state

    def states(self) -> Iterator[State]:
        """The state before the first event, then after each event (full records only)."""
        if self.seat is not None:
            raise RecordError(f"this is seat {self.seat}'s view, not a full record: use info_state()")
        game = self.load_game()
        state = game.new_initial_state()
        yield state.clone()
        for i, item in enumerate(self.events):
            seat, text = _event(item, i)
            player = state.current_player()
            if seat != player:
                want = "a chance event" if player == CHANCE else ("nothing (the game is over)" if player < -1 else f"seat {player}")
                raise RecordError(f"expected {want}, found an event of {'chance' if seat == CHANCE else f'seat {seat}'}",
                                  step=i, event=text)
            try:
                state.apply_action(text)
            except IntrigueError as err:
                raise RecordError(str(err), step=i, event=text) from None
            yield state.clone()

    def info_state(self) -> InfoState:
        """The information state of the record's seat after its last event (views only)."""
        if self.seat is None:
            raise RecordError("a full record has no seat: use view(seat) first")
        return self.load_game().info_state_from_view(self.seat, self.events)

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
        return msgpack.packb(self.to_dict(), use_bin_type=True)

    @classmethod
    def from_dict(cls, data: Any) -> "GameRecord":
        if not isinstance(data, dict):
            raise RecordError("not a game record: expected a map at the top level")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a game record: format is {data.get('format')!r}, expected {FORMAT!r}",
                              field="format")
        if data.get("version") != VERSION:
            raise RecordError(f"unsupported record version {data.get('version')!r} (this engine reads {VERSION})",
                              field="version")
        for key, kind in (("game", str), ("ruleset", str), ("players", int), ("options", dict), ("events", list)):
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise RecordError(f"record field {key!r} is missing or not a {kind.__name__}", field=key)
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise RecordError("record field 'seat' must be a seat number or nil", field="seat")
        events = [_event(item, i) for i, item in enumerate(data["events"])]
        meta = data.get("meta") or {}
        if not isinstance(meta, dict):
            raise RecordError("record field 'meta' must be a map", field="meta")
        return cls(data["game"], data["ruleset"], data["players"], dict(data["options"]), events, seat, meta)

    @classmethod
    def from_bytes(cls, data: bytes) -> "GameRecord":
        try:
            obj = msgpack.unpackb(data, raw=False, strict_map_key=False)
        except Exception as err:  # msgpack raises several types for truncated or garbage input
            raise RecordError(f"not a readable game record (truncated or corrupt): {type(err).__name__}: {err}") from None
        return cls.from_dict(obj)

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Write the record (msgpack) to ``path``, atomically: a crash never leaves half a file."""
        path = os.fspath(path)
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self.to_bytes())
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: Union[str, os.PathLike]) -> "GameRecord":
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as err:
            raise RecordError(f"cannot read {os.fspath(path)!r}: {err.strerror or err}") from None
        return cls.from_bytes(data)


def _event(item: Any, i: int) -> Tuple[int, str]:
    if (not isinstance(item, (list, tuple)) or len(item) != 2 or not isinstance(item[0], int)
            or isinstance(item[0], bool) or not isinstance(item[1], str)):
        raise RecordError("an event must be a [seat, text] pair", step=i, event=item)
    return item[0], item[1]
