"""The ``heuristic`` bot: a rule-based player per game, chosen by the game's name.

Each game provides one policy class, registered in :data:`POLICIES` as ``"module:Class"``.  The
contract of a policy (the Politics game implements it in ``heuristic_politics.py``):

* ``__init__(self, rng: Rng)`` -- ``rng`` is the bot's seeded generator; draw every random choice
  from it, so a seeded bot is reproducible;
* ``choose(self, info: InfoState) -> int`` -- an action id legal in ``info`` (``info.seat`` decides);
* optionally ``action_probs(self, info: InfoState) -> dict[int, float]`` -- the policy's probability of
  each legal action, for opponent modelling (the search's belief inference may use it).

A policy sees only the :class:`~intrigue.engine.game.InfoState` it is given: the seat's own cards and
the public history.  The canonical ``info.core`` holds *placeholder* cards for everything hidden from
the seat; a policy must never read them.
"""
from __future__ import annotations

import importlib
import threading
from typing import Any, Dict, Optional

from intrigue.engine.game import InfoState
from intrigue.search.bot import Analysis, Bot, BotSpecError, InfoCallback, Limits

POLICIES: Dict[str, str] = {
    "coup": "intrigue.search.heuristic_coup:CoupHeuristic",
    "politics": "intrigue.search.heuristic_politics:PoliticsHeuristic",
}


def policy_class(game_name: str) -> type:
    """The heuristic policy class of a game; :class:`BotSpecError` if the game has none installed."""
    target = POLICIES.get(game_name)
    if target is None:
        raise BotSpecError(f"the heuristic bot does not play {game_name!r} (it plays: {', '.join(POLICIES)})",
                           field="bot")
    module, _, attr = target.partition(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        raise BotSpecError(f"the heuristic bot for {game_name!r} is not installed", field="bot") from None


class HeuristicBot(Bot):
    """A sensible rule-based player (one policy per game, see :data:`POLICIES`)."""

    name = "heuristic"
    summary = "a rule-based player: claims what it holds, bluffs sometimes, challenges unlikely claims"
    options: Dict[str, Any] = {}

    def __init__(self, seed: Optional[int] = None, **options: Any) -> None:
        super().__init__(seed, **options)
        self._policies: Dict[str, Any] = {}

    def policy(self, game_name: str) -> Any:
        pol = self._policies.get(game_name)
        if pol is None:
            pol = self._policies[game_name] = policy_class(game_name)(self.rng)
        return pol

    def choose(self, info: InfoState, *, limits: Optional[Limits] = None,
               on_info: Optional[InfoCallback] = None, stop: Optional[threading.Event] = None) -> Analysis:
        legal = info.legal_actions()
        if not legal:
            raise BotSpecError(f"seat {info.seat} has no decision to make now", field="seat")
        pol = self.policy(info.game.name)
        a = legal[0] if len(legal) == 1 else pol.choose(info)
        return Analysis(info.seat, a, info.action_to_string(a))

    def action_probs(self, info: InfoState) -> Dict[int, float]:
        """The policy's distribution over ``info``'s legal actions (uniform if it has none)."""
        pol = self.policy(info.game.name)
        fn = getattr(pol, "action_probs", None)
        if fn is not None:
            return fn(info)
        legal = info.legal_actions()
        return {a: 1.0 / len(legal) for a in legal}
