"""Errors of the protocol layer.

The protocol reports every error as ``{"type": "error", "code": ..., "message": ..., "field": ...}``.
Errors caused by a game (an illegal action, an unknown ruleset, a bad record) keep the codes of
:mod:`intrigue.engine.errors`; the codes below are about the conversation itself.
"""
from __future__ import annotations

from typing import Any, Optional

from intrigue.engine.errors import IntrigueError


class ProtocolError(IntrigueError):
    """An error of the conversation; ``code`` is set per instance (see :data:`CODES`)."""

    def __init__(self, code: str, message: str, *, id=None, **kw) -> None:
        super().__init__(message, **kw)
        self.code = code
        self.request_id: Any = id     # the id of the request at fault, when it could be read
        self.request_cmd: Optional[str] = None      # its command, when it names a known one


#: Every error code the engine can send, with what it means (docs/protocol.md lists the same).
CODES = {
    # the conversation
    "bad_json": "the line is not valid JSON / UTF-8, or the msgpack bytes are malformed",
    "bad_request": "a request that is not an object, lacks 'cmd', has an unknown field or a field of the wrong "
                   "type or range",
    "unknown_command": "'cmd' names no command",
    "too_long": "a line or message longer than the limit (1 MiB); it is discarded",
    "unsupported": "a protocol version or wire format this engine does not speak",
    "no_game": "the command needs a game (new_game or position first)",
    "wrong_mode": "the command belongs to the other mode (e.g. 'move' while advising, 'observe' while refereeing)",
    "busy": "a search is running: 'stop' it (and wait for its answer) first",
    "view_not_allowed": "the view asked for would show cards this conversation may not see",
    "internal": "a bug in the engine; it keeps running and the game is unchanged",
    # from the engine (intrigue.engine.errors, intrigue.search.bot)
    "unknown_game": "no game of that name",
    "unknown_ruleset": "the game has no ruleset of that name",
    "bad_option": "an unknown rule/engine option, or a value outside its type or range",
    "bad_players": "a player count outside the game's range",
    "bad_notation": "text that is not an action or event in the game's notation",
    "illegal_action": "a well-formed action the rules do not allow now",
    "not_your_turn": "the seat named is not the one to decide (or is played by the engine)",
    "game_over": "the game is over",
    "bad_state": "bytes or data that make no valid game state",
    "bad_record": "observations or a record that cannot be replayed; 'step' names the first bad one",
    "bad_bot": "a bot spec naming no bot, or an option the bot does not have",
}
