"""Leduc hold'em's heuristic policy (the ``heuristic`` bot): a tight, mostly honest player that bets
its strong cards, calls with fair ones, folds weak ones to a bet and bluffs now and then.

It reads only the seat's own card, the public card and the betting (``info.core``'s stand-in for the
other card is never read), and its probabilities are exact (:meth:`LeducHeuristic.action_probs`), so
exploitability tools can score it without sampling.

A hand is one of three strengths:

* round 1 (no public card): the rank itself, Jack (weak), Queen (fair), King (strong);
* round 2: a pair with the public card is strong; otherwise the highest rank left besides the public
  card's (King, or Queen under a public King) is fair -- only a pair beats it -- and anything else weak.
"""
from __future__ import annotations

from typing import Dict, Tuple

from intrigue.engine.game import InfoState
from intrigue.ext.game_api import Rng
from intrigue.ext.leduc_core import Action, MAX_RAISES, RANKS

WEAK, FAIR, STRONG = range(3)

# not facing a bet: the probability of betting, per betting round (1, 2) and strength (the rest: check)
BET: Dict[Tuple[int, int], float] = {
    (1, WEAK): 0.2, (1, FAIR): 0.35, (1, STRONG): 0.85,
    (2, WEAK): 0.15, (2, FAIR): 0.5, (2, STRONG): 0.9,
}
# facing a bet: (fold, call, raise) per betting round and strength; a raise not allowed (two made) is a call
FACING: Dict[Tuple[int, int], Tuple[float, float, float]] = {
    (1, WEAK): (0.75, 0.25, 0.0), (1, FAIR): (0.2, 0.7, 0.1), (1, STRONG): (0.0, 0.35, 0.65),
    (2, WEAK): (0.7, 0.25, 0.05), (2, FAIR): (0.15, 0.75, 0.1), (2, STRONG): (0.0, 0.2, 0.8),
}
_STEPS = 1 << 30                     # resolution of a sampled choice


def strength(card: int, public) -> int:
    """WEAK, FAIR or STRONG for the seat holding rank ``card`` (``public``: the public rank or None)."""
    if public is None:
        return (WEAK, FAIR, STRONG)[card]
    if card == public:
        return STRONG
    top = max(r for r in range(RANKS) if r != public)
    return FAIR if card == top else WEAK


class LeducHeuristic:
    """``choose(info)`` and ``action_probs(info)``, reading only what the seat may see."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def action_probs(self, info: InfoState) -> Dict[int, float]:
        """The exact probability of each legal action of the deciding seat (they sum to 1)."""
        core = info.core
        rnd = core.round
        s = strength(core.card(info.seat), core.public_card)
        if core.to_call == 0:
            p_bet = BET[rnd, s]
            return {Action.CALL: 1.0 - p_bet, Action.RAISE: p_bet}
        fold, call, raise_ = FACING[rnd, s]
        if core.raises >= MAX_RAISES:
            return {Action.FOLD: fold, Action.CALL: call + raise_}
        return {Action.FOLD: fold, Action.CALL: call, Action.RAISE: raise_}

    def choose(self, info: InfoState) -> int:
        probs = self.action_probs(info)
        u = self.rng.below(_STEPS) / _STEPS
        last = None
        for a, p in sorted(probs.items()):
            if p <= 0.0:
                continue
            last = a
            u -= p
            if u < 0.0:
                return a
        if last is None:                        # the policy always gives some action a positive weight
            raise ValueError(f"the heuristic has no move for seat {info.seat} here")
        return last                             # what rounding left of u
