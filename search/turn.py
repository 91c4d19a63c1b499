"""A bot's turn at a table: the one driver the terminal, the protocol's referee and the web table use.

:func:`play_turn` takes one seat's information set, the seat's bot, the decision's seed and the
caller's limits and stop event, and returns the action to play:

* a decision with one legal action is played without asking the bot (nothing to search, and no time
  or generator draw spent on it);
* otherwise the bot's answer, checked against the seat's legal actions;
* when the bot raises or answers an action that is not legal, **one fallback move**: a legal action
  drawn uniformly from the decision's seed (``Rng(seed)``), never from the table's generator, so a
  failing bot changes no deal or draw.  The result says so (:attr:`Turn.fallback`), and the table
  tells its people or its log.

A uniform legal move is the fallback because it cannot itself fail and is what the frontends have
always told their users ("it plays a random legal move"); a second bot that could fail the same way
would need a fallback of its own.

A table seeded ``seed`` makes the bot of ``seat`` with :func:`bot_seed` and seeds the decision at
history length ``ply`` with :func:`turn_seed` (:func:`~intrigue.ext.game_api.derive_seed`), so the
same seed gives the same bots, the same moves and the same fallbacks on every frontend.

Nothing here names a game: it runs on the engine API only.
"""
from __future__ import annotations

import dataclasses
from typing import Optional

from intrigue.engine.game import InfoState
from intrigue.ext.game_api import Rng, derive_seed
from intrigue.search.bot import Analysis, Bot, InfoCallback, Limits, StopEvent

#: what a table's seed is split into by ``derive_seed(seed, SEED_TURN, ...)`` for a decision's seed
SEED_TURN = 0x7E2


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot that plays ``seat`` at a table seeded ``seed`` (``seat`` -1: the hint bot).

    Kept to the arithmetic the tables have always used, so that a seed given to ``intrigue play``,
    ``new_game`` or a web table deals and plays the game it did before."""
    return (seed * 1_000_003 + 7919 * (seat + 1)) & (2 ** 63 - 1)


def turn_seed(seed: int, seat: int, ply: int) -> int:
    """The seed of ``seat``'s decision when the game's full history holds ``ply`` events, at a table
    seeded ``seed`` (it draws the fallback move, if one is needed)."""
    return derive_seed(seed, SEED_TURN, seat, ply)


@dataclasses.dataclass(frozen=True)
class Fallback:
    """Why the bot's answer was not played: ``reason`` is ``"error"`` (the bot raised ``error``) or
    ``"illegal"`` (it answered ``answered``, not a legal action now)."""

    reason: str
    error: Optional[BaseException] = None
    answered: object = None

    def describe(self) -> str:
        """One line for a log or a notice: what went wrong, without a traceback."""
        if self.reason == "error":
            return f"{type(self.error).__name__}: {self.error}"
        return f"illegal answer {self.answered!r}"

    @property
    def error_name(self) -> str:
        """The exception's class name, or ``"IllegalAction"`` for an illegal answer."""
        return type(self.error).__name__ if self.error is not None else "IllegalAction"


@dataclasses.dataclass(frozen=True)
class Turn:
    """The outcome of a bot's turn: the ``action`` to play (always legal in the information set it
    was asked about), the bot's ``analysis`` (None when the bot was not asked or failed), whether the
    move was ``forced`` (one legal action: the bot was not asked) and the :class:`Fallback`, if any."""

    seat: int
    action: int
    move: str
    analysis: Optional[Analysis] = None
    forced: bool = False
    fallback: Optional[Fallback] = None


def play_turn(bot: Bot, info: InfoState, seed: int, *, limits: Optional[Limits] = None,
              on_info: Optional[InfoCallback] = None, stop: Optional[StopEvent] = None) -> Turn:
    """Decide ``info.seat``'s move at ``info`` (which must be the seat to decide) with ``bot``.

    A forced move is played without the bot; a bot that raises an :class:`Exception` or answers an
    illegal action is replaced, for this move only, by a legal action drawn from ``Rng(seed)``
    (:class:`Fallback`).  ``limits``, ``on_info`` and ``stop`` are handed to the bot as they are.
    ``KeyboardInterrupt`` and other non-``Exception`` errors are not caught."""
    legal = list(info.legal_actions())
    if not legal:
        raise ValueError(f"seat {info.seat} has no decision to make now")
    if len(legal) == 1:
        return Turn(info.seat, legal[0], info.action_to_string(legal[0]), forced=True)
    try:
        analysis = bot.choose(info, limits=limits, on_info=on_info, stop=stop)
    except Exception as err:            # noqa: BLE001 - a bot bug must not end the game
        return fallback_turn(info, seed, Fallback("error", error=err))
    action = getattr(analysis, "action", None)
    if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
        return fallback_turn(info, seed, Fallback("illegal", answered=action))
    return Turn(info.seat, action, info.action_to_string(action), analysis=analysis)


def fallback_turn(info: InfoState, seed: int, why: Fallback) -> Turn:
    """The fallback move of ``info``'s decision: a legal action drawn uniformly from ``Rng(seed)``."""
    legal = list(info.legal_actions())
    action = legal[Rng(seed).below(len(legal))]
    return Turn(info.seat, action, info.action_to_string(action), forced=len(legal) == 1, fallback=why)
