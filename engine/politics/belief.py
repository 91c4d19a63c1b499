"""Belief inference for the Politics Game: who is dark, given what everyone did.

A seat's belief is a weight for every possible dark pair (the table layout of ``politics_core``'s
belief hook: one weight per pair, indexed like ``roles A B``, for the seat's own chain and again for
the public chain).  The weight of a pair is the likelihood of the public history if those two seats
are dark, under an *opponent model* of how each role plays:

* ``opponent=heuristic`` (default): every public decision of every seat q -- invitations,
  acceptances, contract offers and answers, opposition actions (inspect, withdraw, deal, pass),
  backroom plays and passes, the failed leader's draw, keep/break, and each lie-catch vote once it
  is shown -- is scored by the policy's probability of that decision had q been HONEST, or DARK
  with partner r (one hypothesis per r), mixed with ``policy_noise`` of a uniform choice.  The
  policy is the kernel's (``PoliticsCore.policy_probs``: what the ``heuristic`` bot, the rollouts
  and the search's opponent model play) and the scoring runs in C (``PairLogLik.add_decision``),
  so a whole 8-player game replays in a few milliseconds.  A reaction-window pass also allows
  that q did not hold the card (the chance of holding one follows from the public card counts).
  A leader's ``no_discard`` is scored once the passed policies are shown.  Votes are scored with
  the table's belief at the vote as the voters' focal belief.  Proposals are private: their
  evidence is the policies turned up in each government, under the card model of
  :class:`~intrigue.engine.politics.evidence.PublicEvidence` (a DARK member places a corrupt card
  more often than an HONEST one).
* ``opponent=parametric``: the cheap belief of ``PublicEvidence.pair_loglik`` alone: the card
  model plus fixed likelihood ratios for ``inspect``, ``withdraw`` and votes for exposed players.

The public chain (self-determinization: what the others would think of the searcher) uses the same
likelihoods over every pair the public cannot rule out (``selfdet_roles=True``), or keeps the
searcher's own role and re-deals only its cards (``False``, the default: a seat's reward depends on
its role, and re-dealing it measured no better; see ``docs/politics.md``).
"""
from __future__ import annotations

import math
from itertools import combinations
from typing import Any, Dict, List, Optional, Sequence, Tuple, overload

from intrigue.engine.game import Game, InfoState
from intrigue.engine.belief import ReplayBelief
from intrigue.ext.politics_core import (BELIEF_PAIRS, BELIEF_TABLE_SIZE, TYPES, Action, Backroom, Chance, PairLogLik,
                                        Phase, no_discard_probability, pair_index)
from intrigue.engine.politics.evidence import PublicEvidence
from intrigue.engine.replay import ViewReplay

PAIRS = BELIEF_PAIRS
TABLE_SIZE = BELIEF_TABLE_SIZE
WINDOWS = {Phase.COUP: Backroom.COUP, Phase.DEALBREAK: Backroom.DEALBREAK, Phase.BLOCK: Backroom.BLOCK,
           Phase.MEDIA: Backroom.MEDIA}
DIRECT = {Phase.INVITE, Phase.ANSWER_INVITE, Phase.OFFER, Phase.ANSWER_CONTRACT, Phase.OPP,
          Phase.FAILDRAW, Phase.RESOLVE}

DEFAULT_PARAMS: Dict[str, float] = {
    "policy_noise": 0.1,              # share of a uniform choice mixed into the opponent model
}


class _Tracker(ViewReplay):
    """Replays one seat's view of the history (:class:`~intrigue.engine.replay.ViewReplay`) and
    keeps, for every seat q, the log likelihood of q's public decisions under each role
    hypothesis (``ll[q][q]`` HONEST, ``ll[q][r]`` DARK with partner r), scored in :meth:`before`
    on the position before each decision; :meth:`after` feeds the public evidence."""

    def __init__(self, game: Game, seat: int, params: Dict[str, float], opponent: str) -> None:
        super().__init__(game, seat)
        self.p = params
        self.opponent = opponent
        self.n = n = game.num_players
        self.public = PublicEvidence(n)
        self.model = opponent == "heuristic"
        self.acc = PairLogLik(n)             # log likelihoods per seat and role hypothesis
        self.pending_votes: Dict[int, Any] = {}
        self._focal_at = -1                  # event count the cached focal belief was computed at
        self._focal: List[float] = [0.0] * n
        self.pending_discard: Optional[int] = None

    # --- the replay's hooks -----------------------------------------------------------------------
    def before(self, player: int, action: int, text: str, core: Any) -> None:
        if self.model:
            if player >= 0:
                self._observe(player, action, text)
            else:
                self._observe_chance(action, text)

    def after(self, player: int, action: int, text: str, core: Any) -> None:
        self.public.observe(player, text)

    # --- scoring decisions ------------------------------------------------------------------------
    @property
    def ll(self) -> List[List[float]]:
        """``ll[q][q]``: q's decisions' log likelihood if q is HONEST; ``ll[q][r]``: DARK with r."""
        return [self.acc.row(q) for q in range(self.n)]

    @property
    def decisions(self) -> int:
        """Decisions scored (for tests and reports)."""
        return self.acc.decisions

    def _score(self, q: int, likelihood: List[float]) -> None:
        self.acc.add(q, likelihood)

    def _observe(self, q: int, a: int, text: str) -> None:
        """Score q's decision by the kernel's policy under every role hypothesis (in C)."""
        core = self.core
        ph = core.phase
        if ph in DIRECT or ph in WINDOWS:
            self.acc.add_decision(core, self.seat, a, self.p["policy_noise"])
        elif ph == Phase.VOTE:
            if len(core.legal_actions()) >= 2:
                probe = core.clone()
                probe.set_focal(self.focal())
                self.pending_votes[q] = probe
        elif ph == Phase.LDISCARD:
            self.pending_discard = q if text.strip() == "no_discard" else None

    def focal(self) -> List[float]:
        """Per seat, P(dark) as the table sees it: the public posterior over the pairs the public
        cannot rule out (the rollout players' shared belief at vote nodes)."""
        if self._focal_at != len(self.view):
            self._focal_at = len(self.view)
            self._focal = public_marginals(self.core, {(a, b): self.pair_loglik(a, b)
                                                       for a, b in combinations(range(self.n), 2)})
        return self._focal

    def _observe_chance(self, a: int, text: str) -> None:
        core = self.core
        ph = core.phase
        if ph == Phase.VOTE_REVEAL:
            q = core.asked
            pend = self.pending_votes.pop(q, None)
            if pend is None:
                return
            target = a - Chance.VOTE
            act = Action.ABSTAIN if target == 8 else Action.VOTE + (target - q) % self.n - 1
            self._score(q, pend.hyp_likelihood(act, 1.0, self.p["policy_noise"]))
        elif ph == Phase.REVEAL and self.pending_discard is not None:
            q = self.pending_discard
            self.pending_discard = None
            cards = text.split()[1:]
            counts = [0] * 6
            for c in cards:
                counts[TYPES.index(c)] += 1
            eps = self.p["policy_noise"]
            nlegal = 1 + len(set(cards))          # no_discard, or discard one of each type present
            # the policy's chance of keeping every card, by role (which card it would have
            # discarded is private; the passed cards are what the table held)
            honest = (1.0 - eps) * no_discard_probability(self.n, counts, False) + eps / nlegal
            dark = (1.0 - eps) * no_discard_probability(self.n, counts, True) + eps / nlegal
            self._score(q, [honest if h == q else dark for h in range(self.n)])

    # --- the belief -------------------------------------------------------------------------------
    def pair_loglik(self, a: int, b: int) -> float:
        """Log likelihood of the observed history if seats a and b are the dark pair."""
        pub = self.public
        if self.opponent != "heuristic":
            return pub.pair_loglik(a, b)
        ll = pub.pair_loglik(a, b) - pub.seat_llr[a] - pub.seat_llr[b]      # the card evidence
        return ll + self.acc.pair(a, b)


def public_marginals(core: Any, ll: Dict[Tuple[int, int], float]) -> List[float]:
    """Per seat, P(dark) under the log likelihoods ``ll`` over the pairs the public cannot rule out."""
    n = core.num_players
    pairs = [pair for pair in ll if _possible(core, None, *pair)]
    out = [0.0] * n
    if not pairs:
        return out
    top = max(ll[pair] for pair in pairs)
    w = {pair: math.exp(ll[pair] - top) for pair in pairs}
    z = sum(w.values())
    for (a, b), x in w.items():
        out[a] += x / z
        out[b] += x / z
    return [min(1.0, x) for x in out]


def _possible(core: Any, seat: Optional[int], a: int, b: int) -> bool:
    """Could {a, b} be the dark pair, for ``seat`` (``None``: the public)?"""
    n = core.num_players
    if core.roles_public or (seat is not None and core.is_dark(seat)):
        return sorted(core.dark_seats()) == [a, b]
    if seat is not None and seat in (a, b):
        return False
    for p in range(n):
        if core.is_revealed(p) and core.is_dark(p) != (p in (a, b)):
            return False
    return True


class PoliticsBelief(ReplayBelief):
    """The belief model for the Politics Game (see the module docstring); one per bot, cached per
    seat."""

    tracker_class = _Tracker
    default_params = DEFAULT_PARAMS

    def __init__(self, game: Game, opponent: str = "heuristic", selfdet_roles: bool = False,
                 **params: float) -> None:
        super().__init__(game, opponent, **params)
        self.selfdet_roles = selfdet_roles

    @overload
    def loglik(self, info: InfoState, stop: None = None) -> Dict[Tuple[int, int], float]: ...
    @overload
    def loglik(self, info: InfoState, stop: Any) -> Optional[Dict[Tuple[int, int], float]]: ...

    def loglik(self, info: InfoState, stop: Any = None) -> Optional[Dict[Tuple[int, int], float]]:
        """Log likelihood of every pair of seats (``None`` if ``stop``, a ``threading.Event``, was set
        first: never without one)."""
        tr = self.tracker(info, stop)
        if tr is None:
            return None
        n = info.core.num_players
        return {(a, b): tr.pair_loglik(a, b) for a, b in combinations(range(n), 2)}

    def table(self, info: InfoState, stop: Any = None) -> Optional[List[float]]:
        ll = self.loglik(info, stop)
        if ll is None:
            return None                              # stopped: search with uniform deals
        core = info.core
        seat = info.seat
        own = [pair for pair in ll if _possible(core, seat, *pair)]
        public = [pair for pair in ll if _possible(core, None, *pair)] if self.selfdet_roles else own
        if not own or not public:
            return None                              # nothing possible (cannot happen in a real game)
        table = [0.0] * TABLE_SIZE
        for offset, pairs in ((0, own), (PAIRS, public)):
            top = max(ll[pair] for pair in pairs)    # each section's best pair weighs 1: no underflow
            for pair in pairs:
                table[offset + pair_index(*pair)] = math.exp(ll[pair] - top)
        # the table's belief (a public observer's marginals): what the rollout players vote by
        for p, x in enumerate(public_marginals(core, ll)):
            table[2 * PAIRS + p] = x
        return table

    def pair_belief(self, info: InfoState, table: Optional[Sequence[float]] = None) -> Dict[Tuple[int, int], float]:
        """The seat's probability of each dark pair it cannot rule out, under ``table`` (``None``:
        uniform)."""
        core = info.core
        n = core.num_players
        w = {}
        for a, b in combinations(range(n), 2):
            if _possible(core, info.seat, a, b):
                w[(a, b)] = 1.0 if table is None else float(table[pair_index(a, b)])
        z = sum(w.values())
        if z <= 0:
            w = {pair: 1.0 for pair in w}
            z = float(len(w)) or 1.0
        return {pair: x / z for pair, x in w.items()}

    def marginals(self, info: InfoState, table: Optional[Sequence[float]], seed: int = 0) -> Dict[int, Dict[str, float]]:
        """Per opponent seat, the probability that it is dark: ``{seat: {"dark": p, "honest": 1 - p}}``
        (exact: the table is a distribution over pairs; ``seed`` is not needed)."""
        n = info.core.num_players
        dark = [0.0] * n
        for (a, b), p in self.pair_belief(info, table).items():
            dark[a] += p
            dark[b] += p
        return {q: {"dark": min(1.0, dark[q]), "honest": max(0.0, 1.0 - dark[q])}
                for q in range(n) if q != info.seat}
