"""One replay of a seat's view: the only code that turns what a seat observed back into positions.

A seat's view is its events in order: ``(seat, text)`` pairs, chance events as ``(-1, text)``, other
seats' private decisions in their redacted form, and the chance events it cannot see left out.
:class:`ViewReplay` feeds such events one at a time into a kernel state whose hidden parts are kept
consistent with them (the kernel's ``make_consistent``), checking each against the rules.  It is
incremental: a later, longer view continues where the last one stopped.

:meth:`intrigue.engine.game.InfoState.from_view` (advisor mode, seat-view records) is a plain replay;
the games' belief models subclass it and score each observed decision in :meth:`ViewReplay.before`
(the position before the decision) and :meth:`ViewReplay.after`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, List, Optional, Sequence, Tuple

from intrigue.engine.errors import IntrigueError, RecordError
from intrigue.engine.flow import CHANCE, TERMINAL

if TYPE_CHECKING:
    from intrigue.engine.game import Game


class ViewReplay:
    """``seat``'s view of a game of ``game``, replayed so far into :attr:`core` (hidden parts:
    consistent with the view, not the truth).  :attr:`view` is what has been fed."""

    def __init__(self, game: "Game", seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.num_players:
            raise RecordError(f"seat {seat!r} is not in this game", field="seat")
        self.game = game
        self.seat = seat
        self.core = game._new_core()
        self.view: List[Tuple[int, str]] = []

    # --- hooks for subclasses (belief models) ----------------------------------------------------
    def hidden_chance(self, core: Any, action: int) -> None:
        """Called before a chance event the seat does not see is applied (as ``action``, a stand-in)."""

    def before(self, player: int, action: int, text: str, core: Any) -> None:
        """Called with the position before an observed event (``player``: a seat or CHANCE)."""

    def after(self, player: int, action: int, text: str, core: Any) -> None:
        """Called with the position after an observed event."""

    # --- the replay -------------------------------------------------------------------------------
    def _skip_hidden_chance(self) -> None:
        core, game, seat = self.core, self.game, self.seat
        while core.current_player() == CHANCE and not game.chance_visible_to(core, seat):
            a = core.legal_actions()[0]
            self.hidden_chance(core, a)
            core.apply(a)

    def feed(self, items: Iterable[Sequence[Any]], stop: Any = None) -> bool:
        """Replay ``items`` after what was fed before.  Returns False if the ``threading.Event``
        ``stop`` was set first (what was replayed so far is kept).  Raises :class:`RecordError`
        naming the first event that is malformed, illegal, or inconsistent with what came before."""
        core, game, seat = self.core, self.game, self.seat
        base = len(self.view)
        for i, item in enumerate(items, base):
            if stop is not None and stop.is_set():
                return False
            try:
                ev_seat, text = int(item[0]), str(item[1])
            except (TypeError, ValueError, IndexError, KeyError):
                raise RecordError("an event is a (seat, text) pair", step=i, event=item) from None
            self._skip_hidden_chance()
            player = core.current_player()
            if player == TERMINAL:
                raise RecordError("the game is already over", step=i, event=item)
            if ev_seat != player:
                who = "a chance event" if player == CHANCE else f"seat {player}'s decision"
                got = "chance" if ev_seat == CHANCE else f"seat {ev_seat}"
                raise RecordError(f"expected {who}, got an event of {got}", step=i, event=item)
            try:
                a = game.observed_action(core, seat, text)
            except IntrigueError as err:
                raise RecordError(str(err), step=i, event=item) from None
            if not core.make_consistent(seat, a):
                raise RecordError(f"{text!r} is not possible here given what seat {seat} has seen",
                                  step=i, event=item)
            self.before(player, a, text, core)
            core.apply(a)
            self.after(player, a, text, core)
            self.view.append((ev_seat, text))
        self._skip_hidden_chance()
        return True

    def extends(self, view: Sequence[Sequence[Any]]) -> bool:
        """Whether ``view`` starts with everything fed so far (so feeding its rest continues it)."""
        n = len(self.view)
        return len(view) >= n and [tuple(e) for e in view[:n]] == self.view


def replay_view(game: "Game", seat: int, view: Iterable[Sequence[Any]]) -> Tuple[Any, List[Tuple[int, str]]]:
    """``(core, steps)``: ``seat``'s view replayed from the start (see :class:`ViewReplay`)."""
    r = ViewReplay(game, seat)
    r.feed(view)
    return r.core, r.view
