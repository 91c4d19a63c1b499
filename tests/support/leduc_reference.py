"""A straightforward Leduc hold'em in plain Python, written from the rules (``docs/rules/leduc.en.md``)
and not from the kernel, as the independent reference the kernel is checked against.

It keeps what a dealer would: the six physical cards (two of each rank), each seat's card, the public
card, the chips each seat has put in, and each round's betting as a string of ``f``/``c``/``r``.
"""
from __future__ import annotations

from typing import Dict, List, Optional

ANTE, RAISES, MAX_RAISES = 1, (2, 4), 2
DECK = (0, 0, 1, 1, 2, 2)                 # ranks J Q K, two of each
MOVES = "fcr"                             # fold, call (check), raise (bet): OpenSpiel's ids 0, 1, 2


class RefLeduc:
    def __init__(self) -> None:
        self.hands: List[Optional[int]] = [None, None]
        self.public: Optional[int] = None
        self.put = [ANTE, ANTE]
        self.rounds = ["", ""]
        self.folder: Optional[int] = None

    # --- where the hand is -----------------------------------------------------------------------
    @property
    def round(self) -> int:
        return 0 if self.public is None else 1

    def _round_closed(self, r: int) -> bool:
        seq = self.rounds[r]
        return len(seq) >= 2 and seq[-1] == "c"

    def needs_card(self) -> Optional[str]:
        """``"deal"`` or ``"public"`` when a card is due, else ``None``."""
        if None in self.hands:
            return "deal"
        if self.public is None and self._round_closed(0) and self.folder is None:
            return "public"
        return None

    def over(self) -> bool:
        return self.folder is not None or self._round_closed(1)

    def to_act(self) -> int:
        return len(self.rounds[self.round]) % 2

    # --- chance ----------------------------------------------------------------------------------
    def card_odds(self) -> Dict[int, float]:
        """Each rank's probability for the card due: the cards left, each equally likely."""
        left = list(DECK)
        for seen in self.hands + [self.public]:
            if seen is not None:
                left.remove(seen)
        return {r: left.count(r) / len(left) for r in sorted(set(left))}

    def give(self, rank: int) -> None:
        if self.needs_card() == "deal":
            self.hands[self.hands.index(None)] = rank
        else:
            self.public = rank

    # --- betting ---------------------------------------------------------------------------------
    def legal(self) -> List[int]:
        me = self.to_act()
        seq = self.rounds[self.round]
        out = []
        if self.put[me] < self.put[1 - me]:
            out.append(0)
        out.append(1)
        if seq.count("r") < MAX_RAISES:
            out.append(2)
        return out

    def act(self, move: int) -> None:
        assert move in self.legal()
        me, r = self.to_act(), self.round
        if move == 0:
            self.folder = me
        elif move == 1:
            self.put[me] = self.put[1 - me]
        else:
            self.put[me] = self.put[1 - me] + RAISES[r]
        self.rounds[r] += MOVES[move]

    # --- the end ---------------------------------------------------------------------------------
    def chips(self) -> List[int]:
        """What each seat won (+) or lost (-)."""
        if self.folder is not None:
            loser = self.folder
        else:
            def best(p):
                return (self.hands[p] == self.public, self.hands[p])
            if best(0) == best(1):
                return [0, 0]
            loser = 0 if best(0) < best(1) else 1
        out = [0, 0]
        out[loser] = -self.put[loser]
        out[1 - loser] = self.put[loser]
        return out
