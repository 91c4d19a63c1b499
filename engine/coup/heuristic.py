"""A rule-based Coup player (the ``heuristic`` bot for Coup), in named styles.

The policy is written once, in C (``ext/coup_policy.pxi``, part of the ``coup_core`` kernel), where
the search also plays it for the opponents in its tree and the belief reads the opponents' decisions
with it; this class is its face for the bot.  It counts cards -- a role is possible in an opponent's
hand only while fewer than the deck's copies are in sight -- and from that estimates how likely a
claim is to be true.  It claims what it holds, bluffs now and then, challenges claims that are
impossible or unlikely (more readily when the claim hurts it), blocks when it can (and bluffs a
Contessa when an assassination would otherwise kill it), coups when it has the coins, targets the
strongest opponent, and keeps its most useful cards (docs/coup.md, "The heuristic").

A *style* (:data:`STYLES`) changes how it bluffs and challenges: ``truthful`` never bluffs,
``bluffer`` bluffs four times as often, ``challenger`` challenges every claim and block, ``passive``
never challenges; ``default`` is the policy as it is.  The bot takes one with ``heuristic:style=NAME``.

Every decision is a probability distribution over the legal actions (:meth:`CoupHeuristic.action_probs`),
sampled by :meth:`CoupHeuristic.choose`; the distribution doubles as an opponent model.
"""
from __future__ import annotations

from typing import Dict, Optional

from intrigue.engine.game import InfoState
from intrigue.engine.coup.claims import claims_in_view
from intrigue.ext.coup_core import MODEL_CTX_SIZE, ModelType, policy_probs
from intrigue.ext.game_api import Rng

#: the bot's styles: name -> (the kernel's policy type, what it plays like)
STYLES: Dict[str, tuple] = {
    "default": (ModelType.HEURISTIC, "claims what it holds, bluffs now and then, challenges unlikely claims"),
    "truthful": (ModelType.TRUTHFUL, "never claims or blocks with a role it does not hold"),
    "bluffer": (ModelType.BLUFFER, "claims and blocks with roles it lacks four times as often as the default"),
    "challenger": (ModelType.CHALLENGER, "challenges every claim and every block it can"),
    "passive": (ModelType.PASSIVE, "never challenges"),
}


def model_context(info: InfoState) -> bytes:
    """The public context of the kernel's policy at ``info``: per seat a byte whose bit r is set when
    the seat has claimed role r since it last exchanged (read from the view), then the seats' type
    weights, all zero (every seat the heuristic; a belief may weigh other types:
    :meth:`CoupBelief.model_context`)."""
    out = bytearray(MODEL_CTX_SIZE)
    for q, roles in enumerate(claims_in_view(info.view, info.game.num_players)):
        for r in roles:
            out[q] |= 1 << r
    return bytes(out)


class CoupHeuristic:
    """See the module docstring.  ``style`` is one of :data:`STYLES`."""

    #: the styles this policy plays (the heuristic bot's ``style`` option)
    styles = {name: text for name, (_, text) in STYLES.items()}

    def __init__(self, rng: Rng, style: str = "default") -> None:
        if style not in STYLES:
            raise ValueError(f"Coup's heuristic has no style {style!r} (styles: {', '.join(STYLES)})")
        self.rng = rng
        self.style = style
        self._type = STYLES[style][0]

    model_context = staticmethod(model_context)

    # --- the policy contract --------------------------------------------------------------------
    def choose(self, info: InfoState) -> int:
        probs = self.action_probs(info)
        actions = sorted(probs)
        if len(actions) == 1:
            return actions[0]
        u = (self.rng.next() >> 11) * (1.0 / 9007199254740992.0)
        acc = 0.0
        for a in actions:
            acc += probs[a]
            if u < acc:
                return a
        return actions[-1]

    def action_probs(self, info: InfoState, ctx: Optional[bytes] = None) -> Dict[int, float]:
        """The policy's probability of each legal action with a chance (``ctx``: the model context,
        if the caller has it; else read from ``info``'s view)."""
        legal = info.legal_actions()
        if len(legal) == 1:
            return {legal[0]: 1.0}
        probs = policy_probs(info.core, model_context(info) if ctx is None else ctx, self._type)
        return {a: p for a, p in zip(legal, probs) if p > 0.0}
