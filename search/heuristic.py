"""The ``heuristic`` bot: a rule-based player per game.

Each game names its policy class as its ``heuristic`` plug-in (:attr:`intrigue.engine.game.Game.plugins`;
e.g. ``engine/coup/heuristic.py``).  The contract of a policy:

* ``__init__(self, rng: Rng)`` -- ``rng`` is the bot's seeded generator; draw every random choice
  from it, so a seeded bot is reproducible;
* ``choose(self, info: InfoState) -> int`` -- an action id legal in ``info`` (``info.seat`` decides);
* optionally ``action_probs(self, info: InfoState) -> dict[int, float]`` -- the policy's probability of
  each legal action, for opponent modelling (the search's belief inference may use it);
* optionally ``styles: dict[str, str]`` -- the named ways it can play (name -> what it does), one of
  them ``default``; the class is then built ``cls(rng, style=NAME)`` for the bot's ``style`` option
  (``heuristic:style=bluffer``).  A game whose policy names no styles refuses the option.

A policy sees only the :class:`~intrigue.engine.game.InfoState` it is given: the seat's own cards and
the public history.  The canonical ``info.core`` holds *placeholder* cards for everything hidden from
the seat; a policy must never read them.
"""
from __future__ import annotations

from typing import Any, ClassVar, Dict, Optional

from intrigue.engine.errors import UnknownGameError
from intrigue.engine.game import InfoState
from intrigue.engine.registry import game_class, game_names
from intrigue.search.bot import Analysis, Bot, BotSpecError, InfoCallback, Limits, StopEvent


def policy_class(game_name: str) -> type:
    """The heuristic policy class of a game; :class:`BotSpecError` if the game has none."""
    try:
        cls = game_class(game_name).plugin("heuristic")
    except UnknownGameError:
        cls = None
    if cls is None:
        plays = [g for g in game_names() if game_class(g).plugins.get("heuristic")]
        raise BotSpecError(f"the heuristic bot does not play {game_name!r} (it plays: {', '.join(plays)})",
                           field="bot")
    return cls


class HeuristicBot(Bot):
    """A sensible rule-based player (one policy per game: the game's ``heuristic`` plug-in)."""

    name = "heuristic"
    summary = "a rule-based player: claims what it holds, bluffs sometimes, challenges unlikely claims"
    options: ClassVar[Dict[str, Any]] = {
        "style": (str, "default", "how the rule-based player plays, where its game offers named styles "
                  "(each game's doc lists them)"),
    }

    def __init__(self, seed: Optional[int] = None, **options: Any) -> None:
        super().__init__(seed, **options)
        self._policies: Dict[str, Any] = {}

    def policy(self, game_name: str) -> Any:
        pol = self._policies.get(game_name)
        if pol is None:
            pol = self._policies[game_name] = self._make_policy(game_name)
        return pol

    def _make_policy(self, game_name: str) -> Any:
        """The game's policy in the bot's style (refused by name where the game has no such style)."""
        cls, style = policy_class(game_name), self.config["style"]
        styles = getattr(cls, "styles", None) or {}
        if style == "default" and "default" not in styles:
            return cls(self.rng)
        if style not in styles:
            offered = f"its styles: {', '.join(styles)}" if styles else "it has no styles"
            raise BotSpecError(f"the heuristic bot of {game_name!r} has no style {style!r} ({offered})",
                               field="bot")
        return cls(self.rng, style=style)

    def choose(self, info: InfoState, *, limits: Optional[Limits] = None,
               on_info: Optional[InfoCallback] = None, stop: Optional[StopEvent] = None) -> Analysis:
        legal = info.legal_actions()
        if not legal:
            raise BotSpecError(f"seat {info.seat} has no decision to make now", field="seat")
        pol = self.policy(info.game.name)
        a = legal[0] if len(legal) == 1 else pol.choose(info)
        return Analysis(info.seat, a, info.action_to_string(a))

    def action_probs(self, info: InfoState) -> Optional[Dict[int, float]]:
        """The policy's distribution over ``info``'s legal actions (None if the game's policy does not
        say: its choices can then only be sampled)."""
        legal = info.legal_actions()
        if len(legal) == 1:
            return {legal[0]: 1.0}
        fn = getattr(self.policy(info.game.name), "action_probs", None)
        return fn(info) if fn is not None else None
