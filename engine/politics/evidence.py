"""The public evidence on who is dark in the Politics Game, and the cheap belief it gives.

:class:`PublicEvidence` reads observed events one at a time (``observe(seat, text)``) into what a
belief needs: the policies turned up in each formed government, WITHDRAW and INSPECT choices, votes
for players later exposed, and revealed roles.  :meth:`PublicEvidence.pair_loglik` scores a dark
pair under a simple card model (a DARK member places a corrupt policy with probability
``P_C_DARK``, an HONEST one with ``P_C_HONEST``) and fixed likelihood ratios for the rest.

It never walks a view itself: :class:`PublicTracker` is the replay of one seat's view
(:class:`~intrigue.engine.replay.ViewReplay`, the code base's one replay of a view) that feeds it,
and the belief model's replay (:mod:`intrigue.engine.politics.belief`) feeds its own copy from the
same hook.  The heuristic's ``parametric_belief`` and the belief model's ``opponent=parametric`` are
this belief alone; the full belief model uses its card evidence.
"""
from __future__ import annotations

import math
from itertools import combinations
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from intrigue.engine.replay import ViewReplay

if TYPE_CHECKING:
    from intrigue.engine.game import Game

TYPES = ("H0", "H1", "H2", "C1", "C2", "C3")
# the card model: probability that a placed policy is corrupt, by the placer's role
P_C_HONEST = 0.33
P_C_DARK = 0.62
# opposition choices by role (per observed action): log likelihood ratios dark / honest
LLR_INSPECT = math.log(0.45 / 0.70)
LLR_WITHDRAW = math.log(0.30 / 0.08)
LLR_VOTED_HONEST = math.log(2.0)      # voted for a player then revealed honest
LLR_VOTED_DARK = math.log(0.4)        # voted for a player then revealed dark
# log P(corrupt) and log P(honest) of a card placed in a government with k dark members
_LOG_C = [math.log((k * P_C_DARK + (3 - k) * P_C_HONEST) / 3.0) for k in range(4)]
_LOG_H = [math.log(1.0 - (k * P_C_DARK + (3 - k) * P_C_HONEST) / 3.0) for k in range(4)]


class PublicEvidence:
    """The evidence in the events observed so far (public events plus the observer's own), read
    one event at a time by :meth:`observe`; ``count`` events have been read."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.count = 0                                  # events read
        self.rounds: List[dict] = []                    # one entry per formed government
        self.seat_llr = [0.0] * n                       # evidence on single seats
        self.revealed: Dict[int, bool] = {}             # seat -> is dark
        self.leader: Optional[int] = None
        self.accepted: List[int] = []
        self.pending_invitee: Optional[int] = None
        self.pending_counterparty: Optional[int] = None
        self.gov: Optional[dict] = None
        self.inspector: Optional[int] = None
        self.votes: Dict[int, Optional[int]] = {}

    def observe(self, seat: int, text: str) -> None:
        """Read one event: ``seat`` decided ``text`` (``seat`` < 0: a chance event)."""
        self._event(seat, text)
        self.count += 1

    def _event(self, seat: int, text: str) -> None:
        w = text.split()
        head = w[0]
        if seat < 0:
            if head == "leader":
                self.leader = int(w[1])
                self.accepted = []
                self.gov = None
            elif head == "reveal" and self.gov is not None:
                self._cards(self.gov, w[1:])
                self.gov["inspected"].append((self.inspector, w[1]))
            elif head == "policies" and self.gov is not None:
                self._cards(self.gov, w[1:])
                self.gov["passed"] = list(w[1:])
                self.gov["passed_c"] = sum(1 for card in w[1:] if card[0] == "C")
            elif head == "votes":
                self.votes[int(w[1])] = None if w[2] == "abstain" else int(w[2])
            elif head == "exposed":
                target, dark = int(w[1]), w[2] == "dark"
                self.revealed[target] = dark
                voters = [v for v, t in self.votes.items() if t == target]
                for v in voters:
                    self.seat_llr[v] += LLR_VOTED_DARK if dark else LLR_VOTED_HONEST
                self.votes = {}
            elif head == "roles":
                a, b = int(w[1]), int(w[2])
                for p in range(self.n):
                    self.revealed[p] = p in (a, b)
            return
        if head == "invite":
            self.leader = seat
            self.pending_invitee = int(w[1])
        elif head in ("hold", "probe"):
            self.pending_counterparty = int(w[1])
        elif head == "accept" and seat == self.pending_invitee:
            self.pending_invitee = None
            self.accepted.append(seat)
            if len(self.accepted) == 2:
                self.gov = {"members": [self.leader] + self.accepted, "cards": [], "inspected": [],
                            "passed": [], "discarded": False, "c": 0, "h": 0, "passed_c": 0}
                self.rounds.append(self.gov)
        elif head == "decline" and seat == self.pending_invitee:
            self.pending_invitee = None
        elif head == "inspect":
            self.inspector = seat
            self.seat_llr[seat] += LLR_INSPECT
        elif head == "withdraw":
            self.seat_llr[seat] += LLR_WITHDRAW
        elif head == "discard" and self.gov is not None and seat == self.gov["members"][0] and len(w) <= 2:
            if not self.gov["passed"]:
                self.gov["discarded"] = True

    @staticmethod
    def _cards(gov: dict, cards: List[str]) -> None:
        """Count the cards seen in the government ``gov``."""
        gov["cards"].extend(cards)
        c = sum(1 for card in cards if card[0] == "C")
        gov["c"] += c
        gov["h"] += len(cards) - c

    # --- the belief -----------------------------------------------------------------------------
    def pair_loglik(self, a: int, b: int) -> float:
        """Log likelihood of the public evidence if seats a and b are the dark pair."""
        ll = self.seat_llr[a] + self.seat_llr[b]
        for g in self.rounds:
            members = g["members"]
            k = (a in members) + (b in members)
            ll += g["c"] * _LOG_C[k] + g["h"] * _LOG_H[k]
            # a leader who saw every face, discarded, and still let corrupt policies pass
            if g["discarded"] and members[0] in (a, b):
                ll += 0.35 * g["passed_c"]
        return ll

    def belief(self, seat: Optional[int] = None, dark_pair: Optional[Tuple[int, int]] = None
               ) -> Dict[Tuple[int, int], float]:
        """Probability of each dark pair given the public evidence and, for ``seat``, what it knows
        (an HONEST seat is not dark; a DARK seat knows the pair)."""
        if dark_pair is not None:
            a, b = sorted(dark_pair)
            return {(a, b): 1.0}
        weights: Dict[Tuple[int, int], float] = {}
        for a, b in combinations(range(self.n), 2):
            if seat is not None and seat in (a, b):
                continue
            ok = True
            for p, dark in self.revealed.items():
                if dark != (p in (a, b)):
                    ok = False
                    break
            if ok:
                weights[(a, b)] = self.pair_loglik(a, b)
        if not weights:
            return {}
        top = max(weights.values())
        z = sum(math.exp(v - top) for v in weights.values())
        return {pair: math.exp(v - top) / z for pair, v in weights.items()}


class PublicTracker(ViewReplay):
    """``seat``'s view replayed (:class:`~intrigue.engine.replay.ViewReplay`) into
    :attr:`evidence`, a :class:`PublicEvidence`; continued by :meth:`feed` when a later view
    extends it.  ``pair_loglik``, ``belief`` and ``seat_llr`` are the evidence's."""

    def __init__(self, game: "Game", seat: int) -> None:
        super().__init__(game, seat)
        self.evidence = PublicEvidence(game.num_players)

    def after(self, player: int, action: int, text: str, core: Any) -> None:
        self.evidence.observe(player, text)

    @property
    def seat_llr(self) -> List[float]:
        return self.evidence.seat_llr

    def pair_loglik(self, a: int, b: int) -> float:
        return self.evidence.pair_loglik(a, b)

    def belief(self, seat: Optional[int] = None, dark_pair: Optional[Tuple[int, int]] = None
               ) -> Dict[Tuple[int, int], float]:
        return self.evidence.belief(seat, dark_pair)


def marginals(belief: Dict[Tuple[int, int], float], n: int) -> List[float]:
    """Per seat, P(dark) under a distribution over dark pairs."""
    out = [0.0] * n
    for (a, b), p in belief.items():
        out[a] += p
        out[b] += p
    return out
