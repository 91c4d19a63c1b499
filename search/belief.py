"""Belief inference for the search: which hidden cards are likely, given what the others did.

A *belief model* reads an :class:`~intrigue.engine.game.InfoState` -- the seat's own cards and the
public history, nothing else -- and returns a table of likelihood weights in the layout its game's
kernel defines for the ``belief_step`` hook of :c:type:`GameVT`.  The search then determinizes by a
Markov chain whose stationary distribution is the uniform deal weighted by that table (see
``ext/ismcts.pyx``), i.e. by the posterior of the hidden cards under the model.

A game names its model as its ``belief`` plug-in (:attr:`intrigue.engine.game.Game.plugins`); most
models build on :class:`intrigue.engine.belief.ReplayBelief`.  The contract:

* ``__init__(self, game: Game, opponent: str = "heuristic")`` -- ``opponent`` names the opponent
  model ("heuristic": the heuristic bot's policy; a game may offer others, e.g. Coup's
  "parametric" and "truthful"), one of the class attribute ``opponent_models`` (the names the bot's
  ``opponent`` option accepts); a name it does not offer raises ``ValueError``;
* ``table(self, info: InfoState, stop=None) -> Optional[Sequence[float]]`` -- ``belief_table_size``
  weights for ``info.core``'s kernel, or ``None`` for "no evidence" (uniform); if the work can take
  long (a long history seen for the first time), return ``None`` soon after the ``threading.Event``
  ``stop`` is set, so that a protocol's ``stop`` is answered at once;
* ``marginals(self, info: InfoState, table, seed: int) -> dict[int, dict[str, float]]`` -- for the
  analysis output: per opponent seat, the probability of each hidden value (for Coup: of each role
  among that seat's face-down cards), under ``table`` (``None``: uniform).

Optionally, ``model_context(self, info: InfoState, ctx: bytes) -> bytes`` -- the search's opponent-model
context ``ctx`` (the game's heuristic policy's ``model_context``) amended with what kind of player
the belief reads each opponent as, where the game's kernel model has such types (Coup: the heuristic
or a search); the bot uses it with ``opptypes=belief``.

Optionally, ``advised_against(self, info: InfoState) -> Collection[int]`` -- legal moves of
``info.seat`` that the table's observed habits make pointless (Coup: Foreign Aid while an opponent
blocks it habitually); the bot (option ``veto``) plays one only when its search measures it better
than the other moves beyond noise.

A game without a model, or whose kernel has no ``belief_step`` hook, is searched with uniform
determinization.
"""
from __future__ import annotations

from typing import Any, Optional

from intrigue.engine.belief import ReplayBelief
from intrigue.engine.game import Game

__all__ = ["ReplayBelief", "belief_model"]


def belief_model(game: Game, **params: Any) -> Optional[Any]:
    """A new belief model for ``game`` (its ``belief`` plug-in), or ``None`` if it has none."""
    cls = type(game).plugin("belief")
    return None if cls is None else cls(game, **params)


