"""Errors raised by the engine.

Every error a user can cause is an :class:`IntrigueError` with a stable ``code`` (used verbatim by the
protocol), a message meant for people, and, where one input is to blame, the ``field`` that names it.
Raising one never leaves a half-changed game behind: the engine checks before it changes anything.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence


class IntrigueError(Exception):
    """Base class: ``code`` is machine-readable, ``str(err)`` is for people."""

    code = "error"

    def __init__(self, message: str, *, field: Optional[str] = None, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.details = details

    def to_dict(self) -> dict:
        out = {"code": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        out.update({k: v for k, v in self.details.items() if v is not None})
        return out


class UnknownGameError(IntrigueError):
    code = "unknown_game"


class UnknownRulesetError(IntrigueError):
    code = "unknown_ruleset"


class OptionError(IntrigueError):
    """An unknown option, or a value outside the option's type or range."""

    code = "bad_option"


class PlayerCountError(IntrigueError):
    code = "bad_players"


class NotationError(IntrigueError):
    """Text that is not an action or event of the game's notation."""

    code = "bad_notation"


class IllegalActionError(IntrigueError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal_action"

    def __init__(self, message: str, *, legal: Optional[Sequence[str]] = None, **kw: Any) -> None:
        super().__init__(message, legal=list(legal) if legal is not None else None, **kw)
        self.legal = list(legal) if legal is not None else None


class NotYourTurnError(IllegalActionError):
    code = "not_your_turn"


class GameOverError(IllegalActionError):
    code = "game_over"


class StateError(IntrigueError):
    """Bytes or data that do not make a valid game state."""

    code = "bad_state"


class RecordError(IntrigueError):
    """A game record that cannot be read or replayed; ``step`` names the failing event (0-based)."""

    code = "bad_record"

    def __init__(self, message: str, *, step: Optional[int] = None, event: Any = None, **kw: Any) -> None:
        if step is not None:
            message = f"step {step}" + (f" ({event!r})" if event is not None else "") + f": {message}"
        super().__init__(message, step=step, event=event, **kw)
        self.step = step
        self.event = event
