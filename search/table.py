"""A refereed table: one game's full state, its chance events, and who sees what.

Shared by the protocol's referee mode and by terminal play, so that both run a game the same way
and only through the engine API (:class:`~intrigue.engine.game.State` and its events).  Chance events
(deals, draws) are drawn here from the table's own seeded generator, one at a time, so that every
event is known together with the kind of decision it answered.
"""
from __future__ import annotations

from typing import List, NamedTuple, Optional, Union

from intrigue.engine import Event, Game, State
from intrigue.engine.game import ActionLike
from intrigue.ext.game_api import Rng

ViewKey = Union[int, str]          # a seat, "full" or "public"


class Step(NamedTuple):
    """An event of the game together with the decision kind it answered (``"deal"``, ``"block"`` ...)."""

    number: int             # its place in the full history (0: the first event)
    event: Event
    kind: str


def seen(event: Event, view: ViewKey) -> Optional[str]:
    """``event`` as ``view`` sees it: a seat, ``"full"`` (everything) or ``"public"`` (what every
    seat sees, as a spectator would); ``None`` if the view does not see it at all."""
    if view == "full":
        return event.text
    if view == "public":
        return event.text if event.private_to is None else event.redacted
    if isinstance(view, str):
        raise ValueError(f"unknown view {view!r}: a seat, 'full' or 'public'")
    return event.seen_by(view)


class Table:
    """A game in progress; ``state`` is the full state (every card), never shown to a seat as is."""

    def __init__(self, game: Game, seed: Optional[int] = None, state: Optional[State] = None) -> None:
        if seed is None:
            import random
            seed = random.SystemRandom().getrandbits(63)
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.state = state if state is not None else game.new_initial_state()

    def start(self) -> List[Step]:
        """Resolve the chance events due now (the deal); the steps that happened."""
        return self._chance([])

    def apply(self, action: ActionLike, seat: Optional[int] = None) -> List[Step]:
        """Apply a decision (checked: an illegal one raises and changes nothing), then the chance
        events that follow it; the steps that happened, in order."""
        kind = self.state.decision().kind
        before = len(self.state.history)
        self.state.apply_action(action, seat=seat)
        steps = [Step(i, self.state.history[i], kind) for i in range(before, len(self.state.history))]
        return self._chance(steps)

    def _chance(self, steps: List[Step]) -> List[Step]:
        while self.state.is_chance_node():
            kind = self.state.decision().kind
            self.state.apply_chance(self.rng)
            i = len(self.state.history) - 1
            steps.append(Step(i, self.state.history[i], kind))
        return steps

    def view_events(self, view: ViewKey) -> List[str]:
        return [t for e in self.state.history if (t := seen(e, view)) is not None]
