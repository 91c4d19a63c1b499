"""A rule-based Shadow Master player, from one seat's InfoState only.

The player is written in C (``heur_action`` in ``ext/shadow_master_core.pyx``) so that the balance
report (``python -m intrigue.engine.shadow_master.balance``) plays 10,000s of games of this very bot;
this class is its Python face for the ``heuristic`` bot.

The policy values a position for its seat as money plus what its Power cards are worth (rank and
income of their colours), with deposits on kingdoms close to collapse discounted, minus a share of
what the other players hold.  Most decisions are taken by a one-step lookahead: every legal action
is applied to a copy of the (canonical) kernel state and the resulting position is valued.  Only the
seat's own hand and public facts are read; the canonical state's placeholder cards for the other
hands are never looked at (a lookahead of the seat's own decision only uses its own hand).

What it does, by decision:

* Phase 1: places black tokens next to kingdoms others hold power in when it has a card for a
  legal cell and few uses for it; buys a castle to protect a strong kingdom it holds power in, or a
  cheap person when it is rich; uses Military on a colour it holds; otherwise rolls.
* uses, attack targets and removals: the lookahead (grow the kingdoms it holds, hurt the others).
* buys a Power card when the colour is strong (rank >= 3) and it keeps a cushion of money.
* places received Silver in hand first, then on its strongest kingdom (in the largest chunk it may:
  all, 10, 5, then 1); moves deposits away from
  kingdoms of rank <= 2 in its transfer window; sells cards of dying kingdoms at settlement.
* Phase 3: discards dead cards (black or full cells) while it has spare money, takes useful open-row
  cards (cells next to its kingdoms), else draws.
"""
from __future__ import annotations

from typing import Dict

from intrigue.engine.game import InfoState
from intrigue.ext.game_api import Rng
from intrigue.ext.shadow_master_core import heuristic_choice


class ShadowMasterHeuristic:
    """The ``heuristic`` policy for Shadow Master (see the module docstring)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, info: InfoState) -> int:
        """The policy's action for ``info.seat`` (the C player reads only that seat's hand and public
        facts of the canonical ``info.core``; ties of its lookahead are broken by ``self.rng``)."""
        legal = info.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return heuristic_choice(info.core, self.rng.next())

    def action_probs(self, info: InfoState) -> Dict[int, float]:
        """A near-deterministic distribution: most weight on the policy's choice."""
        legal = info.legal_actions()
        if not legal:
            return {}
        pick = self.choose(info)
        rest = 0.1 / len(legal)
        return {a: (0.9 + rest if a == pick else rest) for a in legal}
