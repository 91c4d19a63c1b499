"""A rule-based Shadow Master player, from one seat's InfoState only.

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
* places received Silver in hand first, then on its strongest kingdom; moves deposits away from
  kingdoms of rank <= 2 in its transfer window; sells cards of dying kingdoms at settlement.
* Phase 3: discards dead cards (black or full cells) while it has spare money, takes useful open-row
  cards (cells next to its kingdoms), else draws.
"""
from __future__ import annotations

from typing import Dict, List, Optional

from intrigue.engine.game import InfoState
from intrigue.ext.game_api import Rng
from intrigue.ext.shadow_master_core import CONST as K, income, neighbours

XCARD = K["XCARD"]
SAFE_RANK = 3          # a kingdom of rank <= 2 is "about to collapse"


def _value(core, me: int) -> float:
    """The seat's stake in a position (higher is better)."""
    ranks = core.ranks()
    mine = 0.0
    others = 0.0
    for p in range(core.num_players):
        if not core.alive(p):
            if p == me:
                return -1000.0
            continue
        hand, deps, pend, debt = core.money(p)
        v = hand + pend - debt
        for c in range(6):
            v += deps[c] * (1.0 if ranks[c] >= SAFE_RANK else 0.5)
        for (c, t), k in core.power(p).items():
            v += k * (ranks[c] + 2.5 * income(ranks[c]))
        if p == me:
            mine = v
        else:
            others += v
    return mine - 0.3 * others / max(1, core.num_players - 1)


class ShadowMasterHeuristic:
    """The ``heuristic`` policy for Shadow Master (see the module docstring)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    # --- helpers ----------------------------------------------------------------------------------
    @staticmethod
    def _stake(core, me: int) -> List[int]:
        """Power cards the seat holds per colour."""
        out = [0] * 6
        for (c, t), k in core.power(me).items():
            out[c] += k
        return out

    def _lookahead(self, info: InfoState, legal: List[int]) -> int:
        me = info.seat
        best, best_v = legal[0], -1e18
        for a in legal:
            c = info.core.clone()
            c.apply(a)
            v = _value(c, me) + self.rng.below(1000) * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best

    def _named(self, info: InfoState, legal: List[int]) -> Dict[str, int]:
        return {info.action_to_string(a): a for a in legal}

    # --- the policy ---------------------------------------------------------------------------------
    def choose(self, info: InfoState) -> int:
        legal = info.legal_actions()
        if len(legal) == 1:
            return legal[0]
        kind = info.decision().kind
        fn = getattr(self, "_" + kind, None)
        if fn is None:
            return self._lookahead(info, legal)
        return fn(info, legal)

    def _phase1(self, info: InfoState, legal: List[int]) -> int:
        core, me = info.core, info.seat
        named = self._named(info, legal)
        stake = self._stake(core, me)
        ranks = core.ranks()
        money = core.total_money(me)
        # Military on a colour it holds, when that colour can grow
        mil = [m for m in named if m.startswith("military")]
        if mil:
            best = max(mil, key=lambda m: ranks["ROYGBP".index(m.split()[1])])
            return named[best]
        # a black token (3 Silver) next to kingdoms others hold power in and it does not
        blacks = [m for m in named if m.startswith("black")]
        hand_money, deps, _, _ = core.money(me)
        if blacks and (hand_money < 8 or any(stake)):
            cells = core.cells()

            def harm(m: str) -> int:
                from intrigue.engine.shadow_master.names import cell_id
                h = cell_id(m.split()[1])
                score = 0
                for nb in neighbours(core.board, h):
                    col = cells[nb][0]
                    if col < 6:
                        score += -3 * stake[col] + 1
                return score
            best = max(blacks, key=harm)
            if harm(best) >= 0:
                return named[best]
        if "shadow" in named and money >= 25:
            probe = core.clone()
            probe.apply(named["shadow"])
            opts = [a for a in probe.legal_actions()]
            castle = [a for a in opts if a >= K["SH_CASTLE"]]
            if castle and any(stake[c] and ranks[c] >= 6 for c in range(6)):
                return named["shadow"]
            if money >= 35 and any(K["SH_PERSON"] <= a < K["SH_CASTLE"] for a in opts):
                return named["shadow"]
        if "transfer" in named and self._risky_deposit(core, me) is not None:
            return named["transfer"]
        if not self._can_place_something(core, me) and "shadow" in named:
            return named["shadow"]           # rolling would only cost the decline fine
        return named.get("roll", legal[0])

    @staticmethod
    def _can_place_something(core, me: int) -> bool:
        cells = core.cells()
        recv = core.received()
        for t in core.hand_cards(me):
            if t == XCARD:
                return True
            col, cnt, castle = cells[t]
            if col == K["EMPTY"] and not recv[t]:
                return True
            if col < 6 and cnt < (2 if castle >= 0 else 3) and not recv[t]:
                return True
        return False

    @staticmethod
    def _risky_deposit(core, me: int) -> Optional[int]:
        hand, deps, pend, debt = core.money(me)
        ranks = core.ranks()
        for c in range(6):
            if deps[c] > 0 and ranks[c] < SAFE_RANK:
                return c
        return None

    def _shadow(self, info: InfoState, legal: List[int]) -> int:
        core, me = info.core, info.seat
        stake = self._stake(core, me)
        ranks = core.ranks()
        castles = [a for a in legal if a >= K["SH_CASTLE"]]
        if castles:
            cells = core.cells()
            best = max(castles, key=lambda a: stake[cells[a - K["SH_CASTLE"]][0]] * ranks[cells[a - K["SH_CASTLE"]][0]])
            col = cells[best - K["SH_CASTLE"]][0]
            if stake[col] and ranks[col] >= 6:
                return best
        persons = [a for a in legal if K["SH_PERSON"] <= a < K["SH_CASTLE"]]
        if persons and core.total_money(me) >= 35:
            # Master of Coin once a kingdom is big, else Theron / Envoy
            order = [K["SH_PERSON"] + i for i in ((2, 0, 3, 1) if max(ranks) >= 13 else (0, 3, 2, 1))]
            for a in order:
                if a in persons:
                    return a
        return K["SH_NONE"]

    def _pick_die(self, info: InfoState, legal: List[int]) -> int:
        return self._lookahead_use(info, legal)

    def _lookahead_use(self, info: InfoState, legal: List[int]) -> int:
        """For a colour choice: the colour whose best use is best."""
        best, best_v = legal[0], -1e18
        for a in legal:
            c = info.core.clone()
            c.apply(a)
            inner = [x for x in c.legal_actions()]
            v = -1e18
            for b in inner:
                d = c.clone()
                d.apply(b)
                v = max(v, _value(d, info.seat))
            if v > best_v:
                best, best_v = a, v
        return best

    def _use(self, info: InfoState, legal: List[int]) -> int:
        no_transfer = [a for a in legal if a != K["U_TRANSFER"]] or legal
        return self._lookahead(info, no_transfer)

    @staticmethod
    def _rounds_left(info: InfoState) -> int:
        """Settlements still to come after this round's (an estimate before the end is triggered)."""
        core = info.core
        end = core.flags()["end_round"]
        last = end + 1 if end else info.game.options["max_rounds"] + 1
        return max(0, last - core.round)

    def _buy(self, info: InfoState, legal: List[int]) -> int:
        """A card repays its price in about three rounds and is worth its rank at the end: buy unless
        the game is about to end or the purchase would leave no cushion for damage."""
        core, me = info.core, info.seat
        rank = core.ranks()[core.cur_col]
        left = self._rounds_left(info)
        if left * income(rank) + rank >= rank + 1 and core.total_money(me) - rank >= min(3, rank):
            return 1
        return 0

    def _combo_roll(self, info: InfoState, legal: List[int]) -> int:
        return 1

    def _allocate(self, info: InfoState, legal: List[int]) -> int:
        core, me = info.core, info.seat
        ranks = core.ranks()
        named = self._named(info, legal)
        for m in ("put all hand", "put 10 hand", "put 5 hand", "put 1 hand"):
            if m in named:
                return named[m]
        deps = [m for m in named if not m.endswith("hand")]
        best = max(deps, key=lambda m: (ranks["ROYGBP".index(m.split()[2])], m.split()[1] == "all"))
        return named[best]

    def _transfer_from(self, info: InfoState, legal: List[int]) -> int:
        c = self._risky_deposit(info.core, info.seat)
        if c is not None and 1 + c in legal:
            return 1 + c
        return legal[0]

    def _transfer_to(self, info: InfoState, legal: List[int]) -> int:
        ranks = info.core.ranks()
        if 0 in legal:
            return 0
        return max(legal, key=lambda h: ranks[h - 1])

    def _transfer_amount(self, info: InfoState, legal: List[int]) -> int:
        return legal[-1]

    def _settle_sell(self, info: InfoState, legal: List[int]) -> int:
        """Sell (at rank + 3) the card whose remaining income is worth least, when that is under 3."""
        ranks = info.core.ranks()
        left = self._rounds_left(info)
        best, best_gain = 0, 0.0
        for a in legal[1:]:
            c = (a - 1) // 6
            gain = 3 - left * income(ranks[c]) + (1 if (a - 1) % 6 == 4 else 0) * -5
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def _forced_sell(self, info: InfoState, legal: List[int]) -> int:
        ranks = info.core.ranks()
        return min(legal, key=lambda a: (ranks[a // 6], a))

    def _card_use(self, info: InfoState, t: int) -> float:
        """How useful a Territory card is to the seat (higher: keep)."""
        core, me = info.core, info.seat
        if t == XCARD:
            return 2.0
        cells = core.cells()
        col, cnt, castle = cells[t]
        if col == K["BLACK"] or cnt >= 3 or (castle >= 0 and cnt >= 2):
            return -5.0
        stake = self._stake(core, me)
        score = 0.0
        if col < 6:
            score += 2 * stake[col]
        for nb in neighbours(core.board, t):
            c2 = cells[nb][0]
            if c2 < 6:
                score += stake[c2]
        return score

    def _discard(self, info: InfoState, legal: List[int]) -> int:
        return min(legal, key=lambda t: self._card_use(info, t))

    def _exchange(self, info: InfoState, legal: List[int]) -> int:
        core, me = info.core, info.seat
        discards = [a for a in legal if a >= K["EX_DISCARD"]]
        if discards and core.total_money(me) >= 4:
            worst = min(discards, key=lambda a: self._card_use(info, a - K["EX_DISCARD"]))
            if self._card_use(info, worst - K["EX_DISCARD"]) < 0:
                return worst
        return K["EX_END"]

    def _take(self, info: InfoState, legal: List[int]) -> int:
        row = info.core.row()
        best, best_v = (0 if 0 in legal else legal[0]), 0.5
        for a in legal:
            if a == 0:
                continue
            card, silver = row[a - 1]
            v = self._card_use(info, card) + silver - (a - 1)
            if v > best_v:
                best, best_v = a, v
        return best

    def _alliance_space(self, info: InfoState, legal: List[int]) -> int:
        return self._lookahead(info, legal)

    def action_probs(self, info: InfoState) -> Dict[int, float]:
        """A near-deterministic distribution: most weight on the policy's choice."""
        legal = info.legal_actions()
        if not legal:
            return {}
        pick = self.choose(info)
        rest = 0.1 / len(legal)
        return {a: (0.9 + rest if a == pick else rest) for a in legal}
