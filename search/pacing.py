"""Timing that tells nothing: how a table paces decisions forced only by a seat's hidden cards.

A decision with one legal action is answered at once (a bot does not search it).  Most such
decisions are forced for everyone to see: one card left to lose, a coup that must be launched.  Some
are forced only because of what the seat holds: a Politics reaction window passed without the card,
a Coup influence lost from a pair (two of the same card leave one thing to lose).  A player who sees
one bot answer a window at once and another think for half a second learns who holds the card; the
timing is a channel the rules never meant to open.

A table that people watch (``intrigue play``, ``intrigue web``) therefore asks
:func:`forced_by_hidden_cards` for every forced decision, and when it is, waits before showing the move
as long as the same seat took over its own decisions with a choice (:class:`Pacer`): the seat's times
for decisions of that kind, else for any kind.  The move, the game and its record are unchanged; only
the moment it is shown moves.  Whether a seat's forced decision could have been a choice is decided
from the other seats' information alone: a world consistent with what some other seat knows, in which
the seat would have had more than one legal action.
"""
from __future__ import annotations

from collections import defaultdict
from typing import DefaultDict, List, Optional, Tuple

from intrigue.engine import State
from intrigue.ext.game_api import Rng

#: worlds drawn per other seat when looking for one where the forced seat would have had a choice
SAMPLES = 64
#: at most this many past times are kept per seat and kind (the newest)
KEEP = 200


def forced_by_hidden_cards(state: State, seat: int, rng: Rng, samples: int = SAMPLES) -> bool:
    """Whether ``seat``'s decision now is forced (one legal action) although another seat cannot
    tell that it is: some world consistent with another seat's information gives ``seat`` a choice.

    False when ``seat`` does not decide now, has a choice, or is forced in every world drawn (a
    public fact, such as one card left to lose).  ``samples`` worlds are drawn per other seat, so a
    choice that some other seat thinks very unlikely can be missed; 64 finds the cases of the shipped
    games (tests/test_pacing.py)."""
    if state.is_terminal() or state.current_player() != seat or len(state.legal_actions()) != 1:
        return False
    for other in range(state.num_players):
        if other == seat:
            continue
        info = state.information_state(other)
        for _ in range(samples):
            world = info.determinize(rng)
            if world.current_player() == seat and len(world.legal_actions()) > 1:
                return True
    return False


class Pacer:
    """Per seat, how long its decisions with a choice took, and a pause drawn from those times for a
    decision forced by its hidden cards.  Seeded, and apart from the table's own generator, so pacing
    never changes a game's chance events."""

    def __init__(self, seed: Optional[int] = None) -> None:
        self.rng = Rng((0x9E3779B97F4A7C15 ^ (seed or 0)) & 0xFFFFFFFFFFFFFFFF)
        self._times: DefaultDict[Tuple[int, str], List[float]] = defaultdict(list)

    def forced_by_hidden_cards(self, state: State, seat: int) -> bool:
        """:func:`forced_by_hidden_cards` with the pacer's generator; a position the game cannot
        sample from counts as not forced by hidden cards, so a table never stalls over its pacing."""
        try:
            return forced_by_hidden_cards(state, seat, self.rng)
        except Exception:                  # noqa: BLE001 - pacing must not stop a game
            return False

    def record(self, seat: int, kind: str, seconds: float) -> None:
        """Note that ``seat`` took ``seconds`` over a decision of ``kind`` with a choice."""
        times = self._times[(seat, kind)]
        times.append(max(0.0, float(seconds)))
        if len(times) > KEEP:
            del times[0]

    def pause(self, state: State, seat: int, fallback: float = 0.0) -> float:
        """Seconds to wait before showing ``seat``'s forced move in ``state``: 0 unless the decision is
        forced by its hidden cards; then one of the times taken over decisions with a choice, drawn
        from the first of these that has any: the seat's own of this kind, the seat's own of any kind,
        every seat's of this kind, every seat's; else ``fallback`` (nothing has been chosen yet; a
        caller passes its bot's nominal time)."""
        if not self.forced_by_hidden_cards(state, seat):
            return 0.0
        kind = state.decision().kind
        for mine, same_kind in ((True, True), (True, False), (False, True), (False, False)):
            times = [t for (s, k), ts in self._times.items()
                     if (s == seat or not mine) and (k == kind or not same_kind) for t in ts]
            if times:
                return times[self.rng.below(len(times))]
        return max(0.0, float(fallback))


def nominal_seconds(bot: object) -> float:
    """A bot's time per decision from its spec (``time=`` in ms), or 0 for a bot limited otherwise."""
    config = getattr(bot, "config", None)
    try:
        return float((config or {}).get("time") or 0.0) / 1000.0
    except (AttributeError, TypeError, ValueError):
        return 0.0
