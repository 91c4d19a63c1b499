"""Shared machinery for the games' belief models (each game's model lives in its package and is
named by the game's ``belief`` plug-in; the search finds it through :func:`intrigue.search.belief.belief_model`).

A belief model replays a seat's view of the history decision by decision and scores every hidden
deal by how likely the observed decisions were under a model of the players.  :class:`ReplayBelief`
holds what every such model shares: its options, and one replay per seat that is continued when a
later view extends the last one, so that a bot pays for each event once.
"""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Tuple

from intrigue.engine.game import Game, InfoState


class ReplayBelief:
    """Shared base of the models that replay a seat's view decision by decision: it checks the
    options and keeps, per seat, a tracker (``tracker_class(game, seat, params, opponent)`` with
    ``view`` and ``feed(events, stop) -> bool``) that is continued when a later view extends the
    last one, so a bot pays for each event once."""

    tracker_class: Any = None
    default_params: Mapping[str, float] = {}
    #: the opponent models a game's belief offers (the bot's ``opponent`` option); a game may add its own
    opponent_models: Tuple[str, ...] = ("heuristic", "parametric")

    def __init__(self, game: Game, opponent: str = "heuristic", **params: float) -> None:
        unknown = set(params) - set(self.default_params)
        if unknown:
            raise ValueError(f"unknown belief parameters: {', '.join(sorted(unknown))}")
        if opponent not in self.opponent_models:
            raise ValueError(f"unknown opponent model {opponent!r} for {game.name} "
                             f"({', '.join(self.opponent_models)})")
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
