"""A straightforward Python reference of Coup's heuristic policy, for the tests only.

The product's heuristic is written once, in C (``ext/coup_policy.pxi``); this is the same policy
written plainly in Python, rule by rule, from the policy's description (docs/coup.md, "The
heuristic"), with the styles as what they are said to change: each bluff's weight times the
style's bluff factor, the probability of challenging scaled and floored.  The tests compare the
kernel's probabilities with these at thousands of positions.  It is deliberately simple and slow.
"""
from __future__ import annotations

from math import comb
from typing import Dict, List, Tuple

from intrigue.engine.game import InfoState
from intrigue.engine.coup.claims import CLAIM_OF_KIND, claimed_role, claims_in_view as _claims
from intrigue.ext.coup_core import Action, Kind, Phase, Role, pair_roles
from intrigue.ext.game_api import Rng

DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA = (Role.DUKE, Role.ASSASSIN, Role.CAPTAIN, Role.AMBASSADOR,
                                              Role.CONTESSA)
BASE_VALUE = (5.0, 4.0, 4.2, 2.5, 3.2)   # duke, assassin, captain, ambassador, contessa

#: what each style changes: (bluff factor, challenge factor, challenge floor, uniform)
STYLES = {"default": (1.0, 1.0, 0.0, False), "truthful": (0.0, 1.0, 0.0, False),
          "bluffer": (4.0, 1.0, 0.0, False), "challenger": (1.0, 1.0, 1.0, False),
          "passive": (1.0, 0.0, 0.0, False), "honest": (0.1, 1.0, 0.0, False), "random": (1.0, 1.0, 0.0, True)}


class ReferenceHeuristic:
    """The policy in ``style`` (one of :data:`STYLES`)."""

    def __init__(self, rng: Rng, style: str = "default") -> None:
        self.rng = rng
        self.bluff = 1.0
        self.style = STYLES[style]

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

    def action_probs(self, info: InfoState) -> Dict[int, float]:
        legal = info.legal_actions()
        if len(legal) == 1:
            return {legal[0]: 1.0}
        v = _View(info)
        ph = v.core.phase
        if ph == Phase.ACTION:
            w = self._action(v, legal)
        elif ph in (Phase.CHALLENGE, Phase.BCHALLENGE):
            w = self._challenge(v, ph == Phase.BCHALLENGE)
        elif ph == Phase.BLOCK:
            w = self._block(v, legal)
        elif ph in (Phase.DEFEND, Phase.BDEFEND):
            w = self._defend(v, legal, ph == Phase.BDEFEND)
        elif ph == Phase.LOSE:
            w = self._lose(v, legal)
        elif ph == Phase.EXCHANGE:
            w = self._exchange(v, legal)
        else:
            w = {}
        w = self._styled(v, {a: x for a, x in w.items() if a in legal})
        w = {a: x for a, x in w.items() if x > 0}
        if self.style[3] or not w:
            return {a: 1.0 / len(legal) for a in legal}
        total = sum(w.values())
        return {a: x / total for a, x in w.items()}

    def _styled(self, v: "_View", w: Dict[int, float]) -> Dict[int, float]:
        """The style's changes: each bluff (a claim or block of a role not held) times the bluff
        factor; the probability of challenging x made min(1, max(floor, x * factor))."""
        bluff, factor, floor, _ = self.style
        core = v.core
        out = {}
        for a, x in w.items():
            role = claimed_role(core, a)
            out[a] = x * bluff if role is not None and role not in v.my_roles else x
        if core.phase in (Phase.CHALLENGE, Phase.BCHALLENGE) and (factor != 1.0 or floor > 0.0):
            ch, pas = out.get(Action.CHALLENGE, 0.0), out.get(Action.PASS, 0.0)
            x = ch / (ch + pas) if ch + pas > 0 else 0.0
            x = min(1.0, max(floor, x * factor))
            out[Action.CHALLENGE], out[Action.PASS] = x, 1.0 - x
        return out

    # --- turn actions -----------------------------------------------------------------------------
    def _action(self, v: "_View", legal: List[int]) -> Dict[int, float]:
        me, core = v.seat, v.core
        coins = core.coins[me]
        opps = v.opponents()
        w: Dict[int, float] = {}
        target = max(opps, key=lambda q: v.threat(q))
        coup_moves = [a for a in legal if Action.COUP <= a < Action.ASSASSINATE]
        if coup_moves and (coins >= core.rules["forced_coup_at"] or len(coup_moves) == len(legal)):
            return {Action.COUP + target: 1.0}
        if coup_moves:
            # 7+ coins: coup the strongest (or finish off the last opponent)
            w[Action.COUP + target] = 30.0
        has = v.my_roles
        b = self.bluff
        # assassinate: the strongest opponent not known to claim contessa
        if coins >= core.rules["assassinate_cost"]:
            cands = [q for q in opps if CONTESSA not in v.claims[q]] or opps
            t = max(cands, key=lambda q: v.threat(q))
            if ASSASSIN in has:
                w[Action.ASSASSINATE + t] = 12.0
            elif v.unseen[ASSASSIN] > 0:
                w[Action.ASSASSINATE + t] = 0.6 * b
        if DUKE in has:
            w[Action.TAX] = 10.0
        elif v.unseen[DUKE] > 0:
            w[Action.TAX] = 1.8 * b
        # steal from the richest opponent who has not claimed a steal blocker
        rich = [q for q in opps if core.coins[q] >= 1]
        if rich:
            cands = [q for q in rich if not (v.claims[q] & {CAPTAIN, AMBASSADOR})] or rich
            t = max(cands, key=lambda q: (min(core.coins[q], core.rules["steal_amount"]), v.threat(q)))
            gain = min(core.coins[t], core.rules["steal_amount"])
            if CAPTAIN in has:
                w[Action.STEAL + t] = 4.0 + 2.0 * gain
            elif v.unseen[CAPTAIN] > 0 and gain >= 2:
                w[Action.STEAL + t] = 0.6 * b
        if AMBASSADOR in has and not (has & {DUKE, CAPTAIN, ASSASSIN}):
            w[Action.EXCHANGE] = 5.0
        elif not (has & {DUKE, CAPTAIN, ASSASSIN}) and v.unseen[AMBASSADOR] > 0:
            w[Action.EXCHANGE] = 0.8 * b
        duke_claimed = any(DUKE in v.claims[q] for q in opps)
        w[Action.FOREIGN_AID] = 0.4 if duke_claimed or DUKE in has else 2.5
        w[Action.INCOME] = 1.5
        return w

    # --- challenges -------------------------------------------------------------------------------
    def _challenge(self, v: "_View", of_block: bool) -> Dict[int, float]:
        core, me = v.core, v.seat
        if of_block:
            claimant, role = core.blocker, core.block_role
        else:
            claimant, role = core.actor, CLAIM_OF_KIND[core.kind]
        p_true = v.p_holds(claimant, role)
        pas, chal = Action.PASS, Action.CHALLENGE
        if p_true <= 0.0:
            return {chal: 1.0}
        kind = core.kind
        hurts_me = (not of_block and core.target == me) or (of_block and core.actor == me)
        if not of_block and kind == Kind.ASSASSINATE and core.target == me:
            if CONTESSA in v.my_roles:
                return {pas: 1.0}                  # block with the real Contessa instead
            if v.influence(me) == 1:
                # passing means bluffing a Contessa next; challenging means betting on a bluff
                if p_true < 0.45:
                    return {chal: 0.8, pas: 0.2}
                return {pas: 0.8, chal: 0.2}
        if p_true < 0.25:
            x = 0.7 if hurts_me else 0.45
        elif p_true < 0.5:
            x = 0.25 if hurts_me else 0.08
        else:
            x = 0.04 if hurts_me else 0.01
        if v.influence(me) == 1:
            x *= 0.5
        return {chal: x, pas: 1.0 - x}

    # --- blocks -------------------------------------------------------------------------------------
    def _block(self, v: "_View", legal: List[int]) -> Dict[int, float]:
        core, me, has = v.core, v.seat, v.my_roles
        pas = Action.PASS
        b = self.bluff
        kind = core.kind
        if kind == Kind.FOREIGN_AID:
            blk = Action.BLOCK + DUKE
            if DUKE in has:
                return {blk: 0.9, pas: 0.1}
            x = 0.06 * b if v.unseen[DUKE] > 0 else 0.0
            return {blk: x, pas: 1.0 - x}
        if kind == Kind.ASSASSINATE:
            blk = Action.BLOCK + CONTESSA
            if CONTESSA in has:
                return {blk: 1.0}
            if v.unseen[CONTESSA] == 0:
                x = 0.15 if v.influence(me) == 1 else 0.0
            elif v.influence(me) == 1:
                x = 0.85
            else:
                x = 0.3 * b
            return {blk: x, pas: 1.0 - x}
        # steal
        if CAPTAIN in has:
            return {Action.BLOCK + CAPTAIN: 1.0}
        if AMBASSADOR in has:
            return {Action.BLOCK + AMBASSADOR: 1.0}
        loss = min(core.coins[me], core.rules["steal_amount"])
        x = (0.3 if loss >= 2 else 0.08) * b
        role = CAPTAIN if v.unseen[CAPTAIN] >= v.unseen[AMBASSADOR] else AMBASSADOR
        if v.unseen[role] == 0:
            x = 0.0
        return {Action.BLOCK + role: x, pas: 1.0 - x}

    # --- revealing cards ----------------------------------------------------------------------------
    def _defend(self, v: "_View", legal: List[int], of_block: bool) -> Dict[int, float]:
        core = v.core
        role = core.block_role if of_block else CLAIM_OF_KIND[core.kind]
        if Action.REVEAL + role in legal:
            return {Action.REVEAL + role: 1.0}      # prove the claim
        return self._lose(v, legal)

    def _lose(self, v: "_View", legal: List[int]) -> Dict[int, float]:
        roles = [a - Action.REVEAL for a in legal]
        worst = min(roles, key=lambda r: (v.card_value(r), r))
        return {Action.REVEAL + worst: 1.0}

    def _exchange(self, v: "_View", legal: List[int]) -> Dict[int, float]:
        def hand_of(a: int) -> Tuple[int, ...]:
            if a < Action.KEEP2:
                return (a - Action.KEEP1,)
            return tuple(pair_roles(a - Action.KEEP2))

        def score(a: int) -> float:
            h = hand_of(a)
            s = sum(v.card_value(r) for r in h)
            if len(h) == 2 and h[0] == h[1]:
                s -= 2.0                            # two of a kind claim less
            return s

        best = max(legal, key=lambda a: (score(a), -a))
        return {best: 1.0}


class _View:
    """What the seat knows, in the terms the rules above use (computed once per decision)."""

    def __init__(self, info: InfoState) -> None:
        core = info.core
        self.core = core
        self.seat = me = info.seat
        self.n = core.num_players
        hands = [core.hand(p) for p in range(self.n)]
        self.hands = hands
        seen = [0] * 5
        mine: List[int] = []
        for p, hand in enumerate(hands):
            for role, up, shown in hand:
                if role is None:
                    continue
                if up or shown:
                    seen[role] += 1
                elif p == me:
                    seen[role] += 1
                    mine.append(role)
        if core.phase == Phase.EXCHANGE and core.actor == me:
            for r in core.drawn:
                seen[r] += 1
        self.my_cards = mine
        self.my_roles = set(mine)
        self.unseen = [c - x for c, x in zip(core.copies, seen)]
        self.unseen_total = sum(self.unseen)
        self.claims = _claims(info.view, self.n)

    def influence(self, p: int) -> int:
        return sum(1 for r, up, _ in self.hands[p] if r is not None and not up)

    def hidden_count(self, p: int) -> int:
        """Face-down cards of p that this seat cannot see."""
        return sum(1 for r, up, shown in self.hands[p] if r is not None and not up and not shown)

    def opponents(self) -> List[int]:
        return [p for p in range(self.n) if p != self.seat and self.core.alive(p)]

    def threat(self, q: int) -> Tuple[float, int]:
        return (self.influence(q) * 4 + self.core.coins[q] * 0.5 + (1.0 if ASSASSIN in self.claims[q] else 0.0), -q)

    def p_holds(self, q: int, role: int) -> float:
        """Probability that q holds ``role`` among its face-down cards, from card counting alone."""
        k = self.hidden_count(q)
        u, ur = self.unseen_total, self.unseen[role]
        if k <= 0 or ur <= 0 or u <= 0:
            return 0.0
        return 1.0 - comb(u - ur, k) / comb(u, k)

    def card_value(self, role: int) -> float:
        if not self.core.role_has_use(role):
            return 0.0                              # a blank card
        val = BASE_VALUE[role]
        if role == CONTESSA and any(ASSASSIN in self.claims[q] for q in self.opponents()):
            val += 1.5
        if role == CAPTAIN and self.n == 2:
            val += 0.8
        return val
