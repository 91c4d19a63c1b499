"""Belief inference for the search: which hidden cards are likely, given what the others did.

A *belief model* reads an :class:`~intrigue.engine.game.InfoState` -- the seat's own cards and the
public history, nothing else -- and returns a table of likelihood weights in the layout its game's
kernel defines for the ``belief_step`` hook of :c:type:`GameVT`.  The search then determinizes by a
Markov chain whose stationary distribution is the uniform deal weighted by that table (see
``ext/ismcts.pyx``), i.e. by the posterior of the hidden cards under the model.

Models are registered per game in :data:`MODELS` (``"module:Class"``).  The contract:

* ``__init__(self, game: Game, opponent: str = "heuristic")`` -- ``opponent`` names the opponent
  model ("heuristic": the heuristic bot's policy; a game may offer others, e.g. Coup's
  "parametric"); a model that does not know the name may ignore it;
* ``table(self, info: InfoState, stop=None) -> Optional[Sequence[float]]`` -- ``belief_table_size``
  weights for ``info.core``'s kernel, or ``None`` for "no evidence" (uniform); if the work can take
  long (a long history seen for the first time), return ``None`` soon after the ``threading.Event``
  ``stop`` is set, so that a protocol's ``stop`` is answered at once;
* ``marginals(self, info: InfoState, table, seed: int) -> dict[int, dict[str, float]]`` -- for the
  analysis output: per opponent seat, the probability of each hidden value (for Coup: of each role
  among that seat's face-down cards), under ``table`` (``None``: uniform).

A game without a model, or whose kernel has no ``belief_step`` hook, is searched with uniform
determinization.
"""
from __future__ import annotations

import importlib
from typing import Any, Dict, Mapping, Optional

from intrigue.engine.game import Game, InfoState

MODELS: Dict[str, str] = {
    "coup": "intrigue.search.belief_coup:CoupBelief",
    "politics": "intrigue.search.belief_politics:PoliticsBelief",
}


def belief_model(game: Game, **params: Any) -> Optional[Any]:
    """A new belief model for ``game``, or ``None`` if the game has none installed."""
    target = MODELS.get(game.name)
    if target is None:
        return None
    module, _, attr = target.partition(":")
    try:
        cls = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        return None
    return cls(game, **params)


class ReplayBelief:
    """Shared base of the models that replay a seat's view decision by decision: it checks the
    options and keeps, per seat, a tracker (``tracker_class(game, seat, params, opponent)`` with
    ``view`` and ``feed(events, stop) -> bool``) that is continued when a later view extends the
    last one, so a bot pays for each event once."""

    tracker_class: Any = None
    default_params: Mapping[str, float] = {}

    def __init__(self, game: Game, opponent: str = "heuristic", **params: float) -> None:
        unknown = set(params) - set(self.default_params)
        if unknown:
            raise ValueError(f"unknown belief parameters: {', '.join(sorted(unknown))}")
        if opponent not in ("heuristic", "parametric"):
            raise ValueError(f"unknown opponent model {opponent!r} (heuristic or parametric)")
        self.game = game
        self.opponent = opponent
        self.params = dict(self.default_params, **params)
        self._trackers: Dict[int, Any] = {}

    def tracker(self, info: InfoState, stop: Any = None) -> Optional[Any]:
        """The replay of ``info``'s history, continued from the last call when it extends it
        (``None`` if ``stop`` was set before it caught up)."""
        tr = self._trackers.get(info.seat)
        view = info.view
        if tr is None or tr.game != info.game or len(tr.view) > len(view) or view[:len(tr.view)] != tr.view:
            tr = self._trackers[info.seat] = self.tracker_class(info.game, info.seat, self.params, self.opponent)
        if len(view) > len(tr.view):
            if not tr.feed(view[len(tr.view):], stop):
                return None
        return tr
