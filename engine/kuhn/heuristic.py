"""Kuhn poker's heuristic policy (the ``heuristic`` bot): bet or call with the best card, never with
the worst, and with a middle card bluff-catch or bluff now and then."""
from __future__ import annotations

from typing import Dict

from intrigue.engine.game import InfoState
from intrigue.ext.game_api import Rng
from intrigue.ext.kuhn_core import Action

MIDDLE_BET = 1.0 / 3.0          # how often a middle card bets or calls (a classic equilibrium mix)


class KuhnHeuristic:
    """``choose(info)`` and ``action_probs(info)``, reading only the seat's own card."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def action_probs(self, info: InfoState) -> Dict[int, float]:
        card = info.core.card(info.seat)
        top = info.core.num_players
        p_bet = 1.0 if card == top else (0.0 if card == 0 else MIDDLE_BET)
        return {Action.PASS: 1.0 - p_bet, Action.BET: p_bet}

    def choose(self, info: InfoState) -> int:
        p_bet = self.action_probs(info)[Action.BET]
        return Action.BET if self.rng.below(1 << 20) < p_bet * (1 << 20) else Action.PASS
