"""Timing that tells nothing: how a table paces decisions forced only by a seat's hidden cards.

A decision with one legal action is answered at once (a bot does not search it).  Most such
decisions are forced for everyone to see: one card left to lose, a coup that must be launched.  Some
are forced only because of what the seat holds: a Politics reaction window passed without the card,
a Coup influence lost from a pair (two of the same card leave one thing to lose).  A player who sees
one bot answer a window at once and another think for half a second learns who holds the card; the
timing is a channel the rules never meant to open.

A table that people watch (``intrigue play``, ``intrigue web``, the protocol's referee with ``pace``)
therefore asks :meth:`Pacer.pause` about every forced decision of a bot.  When it is forced by the
seat's cards, the table holds the move back for one of the times the same seat took over its own
decisions with a choice (of that kind if it has any), or, for a seat that has not chosen anything
yet, one of the times of the seats that run the same bot.  With no time at all to draw from, the
table times a real search of the same kind of bot on a decoy: the seat's information in a world the
others cannot rule out where it has a choice.  The move, the game and its record are unchanged; only
the moment it is shown moves.  Whether a forced decision could have been a choice is decided from the
other seats' information alone: a world consistent with what some other seat knows, in which the
seat would have had more than one legal action.
"""
from __future__ import annotations

import time
from collections import defaultdict
from typing import DefaultDict, Dict, List, NamedTuple, Optional, Tuple

from intrigue.engine import InfoState, State
from intrigue.ext.game_api import Rng

#: worlds drawn per other seat when looking for one where the forced seat would have had a choice
SAMPLES = 64
#: at most this many past times are kept per seat and kind (the newest)
KEEP = 200


def choice_world(state: State, seat: int, rng: Rng, samples: int = SAMPLES) -> Optional[State]:
    """When ``seat``'s decision now is forced (one legal action) although another seat cannot tell
    that it is, a world consistent with that other seat's information in which ``seat`` has a choice;
    else None: ``seat`` does not decide now, has a choice, or is forced in every world drawn (a public
    fact, such as one card left to lose).  ``samples`` worlds are drawn per other seat, so a choice
    that every other seat thinks very unlikely can be missed; 64 find the cases of the shipped games
    (tests/search/test_pacing.py)."""
    if state.is_terminal() or state.current_player() != seat or len(state.legal_actions()) != 1:
        return None
    for other in range(state.num_players):
        if other == seat:
            continue
        info = state.information_state(other)
        for _ in range(samples):
            world = info.determinize(rng)
            if world.current_player() == seat and len(world.legal_actions()) > 1:
                return world
    return None


def forced_by_hidden_cards(state: State, seat: int, rng: Rng, samples: int = SAMPLES) -> bool:
    """Whether ``seat``'s decision now is forced only by its hidden cards (:func:`choice_world`)."""
    return choice_world(state, seat, rng, samples) is not None


class Pause(NamedTuple):
    """How a table shows a seat's forced move: wait ``seconds`` (0: at once); or, when there is no time
    to draw the wait from yet, run the seat's kind of bot on ``decoy`` -- the seat's information in a
    world the others cannot rule out where it has a choice -- and show the move when that search ends
    (its time is then noted as the seat's, see :meth:`Pacer.record`)."""

    seconds: float = 0.0
    decoy: Optional[InfoState] = None


class Pacer:
    """Per seat, how long its decisions with a choice took, and how long to hold back a decision forced
    by its hidden cards.  Seeded, and apart from the table's own generator, so pacing never changes a
    game's chance events."""

    def __init__(self, seed: Optional[int] = None) -> None:
        self.rng = Rng((0x9E3779B97F4A7C15 ^ (seed or 0)) & 0xFFFFFFFFFFFFFFFF)
        self._times: DefaultDict[Tuple[int, str], List[float]] = defaultdict(list)
        self._spec: Dict[int, Optional[str]] = {}

    def record(self, seat: int, kind: str, seconds: float, spec: Optional[str] = None) -> None:
        """Note that ``seat`` (played by bot ``spec``) took ``seconds`` over a decision of ``kind``
        with a choice."""
        times = self._times[(seat, kind)]
        times.append(max(0.0, float(seconds)))
        if len(times) > KEEP:
            del times[0]
        if spec is not None:
            self._spec[seat] = spec

    def choice_world(self, state: State, seat: int) -> Optional[State]:
        """:func:`choice_world` with the pacer's generator; a position the game cannot sample from
        counts as not forced by hidden cards, so a table never stalls over its pacing."""
        try:
            return choice_world(state, seat, self.rng)
        except Exception:                  # noqa: BLE001 - pacing must not stop a game
            return None

    def forced_by_hidden_cards(self, state: State, seat: int) -> bool:
        return self.choice_world(state, seat) is not None

    def pause(self, state: State, seat: int, spec: Optional[str] = None) -> Pause:
        """How to show ``seat``'s move in ``state`` (its bot: ``spec``).  At once unless the decision
        is forced by the seat's hidden cards; then one of the times taken over decisions with a
        choice, drawn from the first of these that has any: the seat's own of this kind, those of this
        kind of the seats that play the same bot (a decision's kind matters more than whose it was:
        an action takes longer than losing a card), the seat's own of any kind, those of the same bot
        of any kind; with none yet, a decoy search (:class:`Pause`)."""
        world = self.choice_world(state, seat)
        if world is None:
            return Pause()
        kind = state.decision().kind
        same = {s for s, sp in self._spec.items() if spec is not None and sp == spec} | {seat}
        for mine, same_kind in ((True, True), (False, True), (True, False), (False, False)):
            times = [t for (s, k), ts in self._times.items()
                     if (s == seat if mine else s in same) and (k == kind or not same_kind) for t in ts]
            if times:
                return Pause(times[self.rng.below(len(times))])
        return Pause(decoy=world.information_state(seat))

    def decoy_seed(self) -> int:
        """A seed for the bot that runs a decoy search (from the pacer's generator)."""
        return int(self.rng.next()) & (2 ** 63 - 1)


class DecoyBot:
    """A fresh bot of the seat's spec for a decoy search: :meth:`choose` first does what the seat's
    real first choice would pay before searching (:meth:`Bot.prepare` on ``real``, the seat's true
    information: its belief from the whole history), then searches the decoy.  The seat's own bot,
    its generator and its time bank, are never touched."""

    def __init__(self, spec: str, seed: int, real: Optional[InfoState] = None) -> None:
        from intrigue.search.bot import make_bot

        self.bot = make_bot(spec, seed=seed)
        self.real = real

    def choose(self, info: InfoState, *, limits=None, on_info=None, stop=None):
        if self.real is not None:
            self.bot.prepare(self.real, stop=stop)
        return self.bot.choose(info, limits=limits, on_info=on_info, stop=stop)

    def close(self) -> None:
        self.bot.close()


def run_decoy(decoy: InfoState, spec: str, seed: int, stop=None, limits=None,
              real: Optional[InfoState] = None) -> float:
    """Search ``decoy`` as :class:`DecoyBot` does, under the ``limits`` the seat's real choices get,
    and return the seconds it took (closing the bot is not counted)."""
    bot = DecoyBot(spec, seed, real)
    try:
        start = time.monotonic()
        bot.choose(decoy, limits=limits, stop=stop)
        return time.monotonic() - start
    finally:
        bot.close()
