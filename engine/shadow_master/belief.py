"""The ismcts belief model for Shadow Master: which blind-drawn Territory cards the others hold.

Every Territory card a player takes from the open row, places, discards or shows is public; what a
seat cannot see are the cards the others drew blind.  The search deals those from the unseen cards
(``sm_determinize``); this model weights the deals by what the others *did*.  The one decision that
says much about a hand is a **decline after a roll**: a player who rolled colour ``c`` and declined
(paying the fine) very likely held no card of a cell that could take a token of ``c`` -- every bot
and most people place when they can.  So for each such decline of seat ``q`` the cells that would
have taken the token (:meth:`ShadowMasterCore.place_targets`) get a likelihood ``epsilon`` for "q
holds it", softened by the expected share of q's hidden cards that q already held at the decline
(cards drawn blind later cannot have been in the hand then).

The table (``BELIEF_SIZE = 6 * 71`` weights, ``table[q * 71 + t]``) is a product-form likelihood:
the kernel's ``belief_step`` hook samples deals from the uniform deal weighted by the product of the
weights of the cards each seat holds (independence Metropolis-Hastings, ``ext/shadow_master_core``).
The same hook switches the game's search abstractions on in the search's worlds (option
``search_abstraction``); a search without a table (``ismcts:belief=false``) uses neither.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from intrigue.engine.belief import ReplayBelief
from intrigue.engine.errors import RecordError
from intrigue.engine.game import Game, InfoState
from intrigue.engine.replay import ViewReplay
from intrigue.engine.shadow_master import names
from intrigue.ext.shadow_master_core import BELIEF_SIZE, MAXP, NCARDT, Phase, UseAction

DEFAULT_PARAMS = {
    "epsilon": 0.1,     # P(decline | the hand held a card of a cell that could take the rolled colour)
}


class _Tracker(ViewReplay):
    """One seat's view replayed; records each opponent's declines after a roll with the cells that
    could have taken the token, and how many of the cards hidden in that hand then are still there.

    A hidden card leaves a hand by being placed, discarded or shown; which one is unknown, so each
    time ``k`` of a seat's ``m`` hidden cards leave, the expected survivors of every earlier hand of
    that seat shrink by the factor ``(m - k) / m``; blind draws add new cards, not survivors."""

    def __init__(self, game: Game, seat: int, params: Dict[str, float], opponent: str) -> None:
        super().__init__(game, seat)
        self.params = params
        n = game.num_players
        # per opponent: [cells that could have taken the token, expected hidden cards of that hand still held]
        self.declines: List[List[List[Any]]] = [[] for _ in range(n)]
        self._hidden_before = [0] * n

    def before(self, player: int, action: int, text: str, core: Any) -> None:
        self._hidden_before = [core.hidden_count(q) for q in range(core.num_players)]
        if player < 0 or player == self.seat or core.phase != Phase.USE or action != UseAction.DECLINE or not core.rolled:
            return
        cells = tuple(core.place_targets(player, core.cur_col))
        if cells:
            self.declines[player].append([cells, float(core.hidden_count(player))])

    def after(self, player: int, action: int, text: str, core: Any) -> None:
        for q in range(core.num_players):
            m = self._hidden_before[q]
            now = core.hidden_count(q)
            if now < m and self.declines[q]:
                for item in self.declines[q]:
                    item[1] *= now / m


class ShadowMasterBelief(ReplayBelief):
    """Belief over the opponents' blind-drawn Territory cards (see the module docstring)."""

    tracker_class = _Tracker
    default_params = DEFAULT_PARAMS
    samples = 200

    def __init__(self, game: Game, opponent: str = "heuristic", **params: float) -> None:
        super().__init__(game, opponent, **params)
        self._broken: Dict[int, List[Tuple[int, str]]] = {}    # per seat: a view the replay could not follow

    def weights(self, info: InfoState, stop: Any = None) -> Optional[List[List[float]]]:
        """``w[q][t]``: the likelihood factor of "seat q holds Territory card t" (1: no evidence);
        ``None`` if stopped before the replay caught up.

        A view the replay cannot follow (a malformed or inconsistent one) gives no evidence (all
        weights 1) for the rest of that game.  An elimination is no longer such a case: the
        eliminated hand is shown card by card (``show`` events)."""
        broken = self._broken.get(info.seat)
        if broken is not None and len(info.view) >= len(broken) and info.view[:len(broken)] == broken:
            return [[1.0] * NCARDT for _ in range(MAXP)]
        try:
            tr = self.tracker(info, stop)
        except RecordError:
            self._trackers.pop(info.seat, None)
            self._broken[info.seat] = list(info.view)
            return [[1.0] * NCARDT for _ in range(MAXP)]
        if tr is None:
            return None
        eps = float(self.params["epsilon"])
        core = info.core
        w = [[1.0] * NCARDT for _ in range(MAXP)]
        for q in range(core.num_players):
            if q == info.seat or not tr.declines[q]:
                continue
            hidden = core.hidden_count(q)
            if hidden == 0:
                continue
            for cells, survivors in tr.declines[q]:
                old = min(1.0, survivors / hidden)      # share of today's hidden cards held at the decline
                factor = old * eps + (1.0 - old)
                for h in cells:
                    w[q][h] *= factor
        return w

    def table(self, info: InfoState, stop: Any = None) -> Optional[List[float]]:
        w = self.weights(info, stop)
        if w is None:
            return None
        return [x for row in w for x in row]

    def marginals(self, info: InfoState, table: Optional[Sequence[float]], seed: int = 0) -> Dict[int, Dict[str, float]]:
        """Per opponent seat, the probability of each Territory card it may hold hidden (cards with
        a probability of at least 1 %), from ``samples`` sweeps of the kernel's belief chain."""
        tab = list(table) if table is not None else [1.0] * BELIEF_SIZE
        counts = info.core.belief_sample(info.seat, tab, self.samples, seed)
        out: Dict[int, Dict[str, float]] = {}
        for q in range(info.core.num_players):
            if q == info.seat:
                continue
            row = {names.card_name(t): c / self.samples for t, c in enumerate(counts[q]) if c}
            out[q] = {k: round(v, 3) for k, v in sorted(row.items(), key=lambda kv: -kv[1]) if v >= 0.01}
        return out
