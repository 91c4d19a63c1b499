"""Belief inference for the Politics Game: who is dark, given what everyone did.

A seat's belief is a weight for every possible dark pair (the table layout of ``politics_core``'s
belief hook: one weight per pair, indexed like ``roles A B``, for the seat's own chain and again for
the public chain).  The weight of a pair is the likelihood of the public history if those two seats
are dark, under an *opponent model* of how each role plays:

* ``opponent=heuristic`` (default): every public decision of every seat q -- invitations,
  acceptances, contract offers and answers, opposition actions (inspect, withdraw, deal, pass),
  backroom plays and passes, the failed leader's draw, keep/break, and each lie-catch vote once it
  is shown -- is scored by the heuristic bot's own probability of that decision had q been HONEST,
  or DARK with partner r (one hypothesis per r), mixed with ``policy_noise`` of a uniform choice so
  that no decision is ever proof.  A reaction-window pass also allows that q did not hold the card
  (the chance of holding one follows from the public card counts).  A leader's ``no_discard`` is
  scored once the passed policies are shown (the heuristic discards a corrupt card when honest and an
  honest card when dark).  Proposals are private: their evidence is the policies turned up in each
  government, under the card model of :class:`~intrigue.engine.politics.heuristic.PublicTracker`
  (a DARK member places a corrupt card more often than an HONEST one).
* ``opponent=parametric``: the heuristic's own belief (``PublicTracker.pair_loglik``): the card
  model plus fixed likelihood ratios for ``inspect``, ``withdraw`` and votes for exposed players.

The public chain (self-determinization: what the others would think of the searcher) uses the same
likelihoods over every pair the public cannot rule out (``selfdet_roles=True``), or keeps the
searcher's own role and re-deals only its cards (``False``, the default: a seat's reward depends on
its role, and re-dealing it measured no better; see ``docs/politics.md``).
"""
from __future__ import annotations

import math
from itertools import combinations
from typing import Any, Dict, List, Optional, Sequence, Tuple

from intrigue.engine.game import CHANCE, Game, InfoState
from intrigue.ext.game_api import Rng
from intrigue.engine.belief import ReplayBelief
from intrigue.ext.politics_core import CONST as K, pair_index
from intrigue.engine.politics.heuristic import PoliticsHeuristic, PublicTracker

PAIRS = K["BELIEF_PAIRS"]
TABLE_SIZE = K["BELIEF_TABLE_SIZE"]
WINDOWS = {K["PH_COUP"]: K["BR_COUP"], K["PH_DEALBREAK"]: K["BR_DEALBREAK"], K["PH_BLOCK"]: K["BR_BLOCK"],
           K["PH_MEDIA"]: K["BR_MEDIA"]}
DIRECT = {K["PH_INVITE"], K["PH_ANSWER_INVITE"], K["PH_OFFER"], K["PH_ANSWER_CONTRACT"], K["PH_OPP"],
          K["PH_FAILDRAW"], K["PH_RESOLVE"]}
BACKROOM_DECK = (6, 5, 4, 6)          # media, coup, dealbreak, block (D4)

DEFAULT_PARAMS: Dict[str, float] = {
    "policy_noise": 0.1,              # share of a uniform choice mixed into the heuristic's policy
}


class _Policy(PoliticsHeuristic):
    """The heuristic policy reading one shared public tracker (the belief's replay feeds it), with
    its pair beliefs cached per position: every hypothesis evaluated at one decision reads the same
    public evidence."""

    def __init__(self, shared: PublicTracker) -> None:
        super().__init__(Rng(0))
        self.shared = shared
        self._memo: Dict[Any, Dict[Tuple[int, int], float]] = {}

    def tracker(self, info: Any) -> PublicTracker:
        return self.shared

    def dark_belief(self, info: Any) -> Dict[Tuple[int, int], float]:
        core = info.core
        if core.is_dark(info.seat):
            return {tuple(sorted(core.dark_seats())): 1.0}
        return self._belief(info.seat)

    def public_suspicion(self, info: Any) -> List[float]:
        b = self._belief(None)
        out = [0.0] * info.core.num_players
        for (a, c), p in b.items():
            out[a] += p
            out[c] += p
        return out

    def _belief(self, seat: Optional[int]) -> Dict[Tuple[int, int], float]:
        key = (self.shared.count, seat)
        b = self._memo.get(key)
        if b is None:
            if len(self._memo) > 64:
                self._memo.clear()
            b = self._memo[key] = self.shared.belief(seat)
        return b


class _RoleCore:
    """The replay core as seat ``q`` would see it under one role hypothesis (``partner``: q is DARK
    with that partner; ``None``: HONEST).  Only q's role and the public parts are meaningful, which
    is all the policy reads for a public decision."""

    __slots__ = ("_core", "_q", "_partner")

    def __init__(self, core: Any, q: int, partner: Optional[int]) -> None:
        self._core, self._q, self._partner = core, q, partner

    def __getattr__(self, name: str) -> Any:
        return getattr(self._core, name)

    def is_dark(self, p: int) -> bool:
        if p == self._q:
            return self._partner is not None
        if self._partner is not None and p == self._partner:
            return True
        if self._core.is_revealed(p) or self._core.roles_public:
            return self._core.is_dark(p)
        return False

    def dark_seats(self) -> List[int]:
        if self._partner is not None:
            return sorted((self._q, self._partner))
        return [p for p in range(self._core.num_players) if self._core.is_revealed(p) and self._core.is_dark(p)]


class _RoleInfo:
    """An InfoState stand-in for :class:`_RoleCore` (what the heuristic policy reads)."""

    __slots__ = ("game", "seat", "core", "view", "legal")

    def __init__(self, game: Game, seat: int, core: _RoleCore, view: List[Tuple[int, str]], legal: List[int]) -> None:
        self.game, self.seat, self.core, self.view, self.legal = game, seat, core, view, legal

    def legal_actions(self) -> List[int]:
        return list(self.legal)


def _holds_chance(hand_size: int, copies: int, unseen: int) -> float:
    """P(a hand of ``hand_size`` cards dealt from ``unseen`` cards holds one of ``copies``)."""
    if hand_size <= 0 or copies <= 0 or unseen <= 0:
        return 0.0
    miss = 1.0
    for i in range(hand_size):
        if unseen - i <= 0:
            break
        miss *= max(0.0, (unseen - copies - i) / (unseen - i))
    return 1.0 - miss


class _Tracker:
    """Replays one seat's view of the history (as :meth:`InfoState.from_view` does) and keeps, for
    every seat q, the log likelihood of q's public decisions under each role hypothesis:
    ``ll[q][q]`` HONEST, ``ll[q][r]`` DARK with partner r."""

    def __init__(self, game: Game, seat: int, params: Dict[str, float], opponent: str) -> None:
        self.game = game
        self.seat = seat
        self.p = params
        self.opponent = opponent
        self.n = n = game.num_players
        self.core = game._new_core()
        self.view: List[Tuple[int, str]] = []
        self.public = PublicTracker(n)
        self.policy = _Policy(self.public) if opponent == "heuristic" else None
        self.ll = [[0.0] * n for _ in range(n)]
        self.pending_votes: Dict[int, List[Dict[int, float]]] = {}
        self.pending_discard: Optional[int] = None
        self.decisions = 0                   # decisions scored (for tests and reports)

    # --- the replay -------------------------------------------------------------------------------
    def _skip_hidden_chance(self) -> None:
        core, game = self.core, self.game
        while core.current_player() == CHANCE and not game.chance_visible_to(core, self.seat):
            core.apply(core.legal_actions()[0])

    def feed(self, items: Sequence[Tuple[int, str]], stop: Any = None) -> bool:
        """Replay ``items``; returns False if ``stop`` was set first (the replay so far is kept)."""
        core, game, seat = self.core, self.game, self.seat
        for item in items:
            if stop is not None and stop.is_set():
                return False
            self._skip_hidden_chance()
            player = core.current_player()
            text = item[1]
            a = game.observed_action(core, seat, text)
            if not core.make_consistent(seat, a):
                raise ValueError(f"{text!r} is not possible here")   # InfoState was checked already
            if self.policy is not None:
                if player >= 0:
                    self._observe(player, a, text)
                else:
                    self._observe_chance(a, text)
            core.apply(a)
            entry = (item[0], text)
            self.view.append(entry)
            self.public.feed([entry])
        self._skip_hidden_chance()
        return True

    # --- scoring decisions ------------------------------------------------------------------------
    def _hypotheses(self, q: int) -> List[Optional[int]]:
        return [None] + [r for r in range(self.n) if r != q]

    def _probs(self, q: int, legal: List[int]) -> List[Dict[int, float]]:
        """The policy's distribution over ``legal`` for q under each hypothesis (index: ll slot)."""
        out: List[Dict[int, float]] = [{} for _ in range(self.n)]
        for partner in self._hypotheses(q):
            info = _RoleInfo(self.game, q, _RoleCore(self.core, q, partner), self.view, legal)
            out[q if partner is None else partner] = self.policy.action_probs(info)
        return out

    def _score(self, q: int, likelihood: List[float]) -> None:
        row = self.ll[q]
        for h in range(self.n):
            row[h] += math.log(max(likelihood[h], 1e-300))
        self.decisions += 1

    def _mixed(self, probs: Dict[int, float], a: int, nlegal: int) -> float:
        eps = self.p["policy_noise"]
        return (1.0 - eps) * probs.get(a, 0.0) + eps / nlegal

    def _observe(self, q: int, a: int, text: str) -> None:
        core = self.core
        ph = core.phase
        if ph in DIRECT:
            legal = core.legal_actions()
            if len(legal) < 2:
                return
            probs = self._probs(q, legal)
            self._score(q, [self._mixed(probs[h], a, len(legal)) for h in range(self.n)])
        elif ph in WINDOWS:
            self._observe_window(q, a, ph)
        elif ph == K["PH_VOTE"]:
            legal = core.legal_actions()
            if len(legal) >= 2:
                self.pending_votes[q] = self._probs(q, legal) + [{"n": float(len(legal))}]
        elif ph == K["PH_LDISCARD"]:
            self.pending_discard = q if text.strip() == "no_discard" else None

    def _observe_window(self, q: int, a: int, ph: int) -> None:
        core = self.core
        legal = core.legal_actions()
        played = a != K["A_PASS"]
        if len(legal) < 2:
            if q == self.seat:
                return                       # own pass without the card: nothing to read for others
            probe = core.clone()             # which plays q would have had, holding the card
            options = [x for x in range(K["A_PLAY"], K["A_MEDIA"] + 6) if x != K["A_PASS"]]
            for x in options:
                if probe.make_consistent(self.seat, x):
                    break
            legal = probe.legal_actions()
            if len(legal) < 2:
                return
        probs = self._probs(q, legal)
        like = [self._mixed(probs[h], a, len(legal)) for h in range(self.n)]
        if not played:
            have = self._holds(q, WINDOWS[ph])
            like = [(1.0 - have) + have * x for x in like]
        self._score(q, like)

    def _holds(self, q: int, card: int) -> float:
        """P(q holds a ``card`` backroom card) given the public counts and the observer's own hand."""
        core = self.core
        deck = list(BACKROOM_DECK)
        if not core.rules.get("contracts", True):
            deck[K["BR_DEALBREAK"]] = 0
        gone = core.backroom_gone
        mine = core.backroom(self.seat)
        copies = deck[card] - gone[card] - mine[card]
        unseen = sum(deck) - sum(gone) - sum(mine)
        return _holds_chance(core.backroom_count(q), copies, unseen)

    def _observe_chance(self, a: int, text: str) -> None:
        core = self.core
        ph = core.phase
        if ph == K["PH_VOTE_REVEAL"]:
            q = core.asked
            pend = self.pending_votes.pop(q, None)
            if pend is None:
                return
            target = a - K["C_VOTE"]
            act = K["A_ABSTAIN"] if target == 8 else K["A_VOTE"] + (target - q) % self.n - 1
            nlegal = int(pend[-1]["n"])
            self._score(q, [self._mixed(pend[h], act, nlegal) for h in range(self.n)])
        elif ph == K["PH_REVEAL"] and self.pending_discard is not None:
            q = self.pending_discard
            self.pending_discard = None
            cards = text.split()[1:]
            all_h = all(c[0] == "H" for c in cards)
            all_c = all(c[0] == "C" for c in cards)
            eps = self.p["policy_noise"]
            nlegal = 1 + len(set(cards))          # no_discard, or discard one of each type present
            # the heuristic leader keeps every card only when none is of the kind it would discard
            honest = (1.0 - eps) * all_h + eps / nlegal
            dark = (1.0 - eps) * all_c + eps / nlegal
            self._score(q, [honest if h == q else dark for h in range(self.n)])

    # --- the belief -------------------------------------------------------------------------------
    def pair_loglik(self, a: int, b: int) -> float:
        """Log likelihood of the observed history if seats a and b are the dark pair."""
        pub = self.public
        if self.opponent != "heuristic":
            return pub.pair_loglik(a, b)
        ll = pub.pair_loglik(a, b) - pub.seat_llr[a] - pub.seat_llr[b]      # the card evidence
        ll += self.ll[a][b] + self.ll[b][a]
        ll += sum(self.ll[q][q] for q in range(self.n) if q != a and q != b)
        return ll


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

    def loglik(self, info: InfoState, stop: Any = None) -> Optional[Dict[Tuple[int, int], float]]:
        """Log likelihood of every pair of seats (``None`` if stopped)."""
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


# --- seeded evaluation: python -m intrigue.engine.politics.belief ------------------------------------
def accuracy(states: Sequence[Any], opponents: Sequence[str] = ("heuristic", "parametric")) -> Dict[str, Any]:
    """The probability each model puts on the true dark pair, for every HONEST seat of every finished
    game in ``states`` (full states with history), after round 3 and before the lie-catch votes."""
    from math import comb

    out: Dict[str, Any] = {"games": 0, "prior": None}
    sums: Dict[str, List[float]] = {f"{o}_{w}": [] for o in opponents for w in ("round3", "end")}
    for final in states:
        game = final.game
        n = game.num_players
        out["prior"] = 1.0 / comb(n - 1, 2)
        truth = tuple(sorted(final.core.dark_seats()))
        hist = final.history
        # the points: the first decision of round 4, and the first lie-catch vote
        probe = game.new_initial_state()
        marks: Dict[str, int] = {}
        for i, ev in enumerate(hist):
            if "round3" not in marks and probe.core.round >= 3 and ev.seat >= 0:
                marks["round3"] = i
            if "end" not in marks and probe.decision().kind == "vote":
                marks["end"] = i
            probe._apply_checked(ev.action)
        out["games"] += 1
        for when, i in marks.items():
            cut = game.new_initial_state()
            for ev in hist[:i]:
                cut._apply_checked(ev.action)
            for seat in range(n):
                if cut.core.is_dark(seat):
                    continue
                info = cut.information_state(seat)
                for o in opponents:
                    model = PoliticsBelief(game, opponent=o)
                    belief = model.pair_belief(info, model.table(info))
                    sums[f"{o}_{when}"].append(belief.get(truth, 0.0))
    for key, vals in sums.items():
        out[key] = round(sum(vals) / len(vals), 4) if vals else None
        out[key + "_n"] = len(vals)
    return out


def _heuristic_games(games: int, players: int, seed: int, length: str) -> List[Any]:
    from intrigue.engine import load_game
    from intrigue.ext.game_api import derive_seed

    out = []
    for g in range(games):
        game = load_game("politics", None, players, {"length": length})
        s = game.new_state(derive_seed(seed, g, 0))
        bots = [PoliticsHeuristic(Rng(derive_seed(seed, g, p, 1))) for p in range(players)]
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(bots[p].choose(s.information_state(p)))
        out.append(s)
    return out


def _record_games(path: str) -> List[Any]:
    import glob
    import os

    from intrigue.engine.records import GameRecord
    files = sorted(glob.glob(os.path.join(path, "*.msgpack")))
    return [GameRecord.load(f).replay() for f in files]


if __name__ == "__main__":  # pragma: no cover - a measurement script
    import argparse
    import json

    ap = argparse.ArgumentParser(description="Accuracy of the Politics belief: the probability on the true "
                                             "dark pair, per honest seat, after round 3 and before the votes.")
    ap.add_argument("--games", type=int, default=50, help="heuristic self-play games (without --records)")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--length", default="full")
    ap.add_argument("--records", default=None, help="a directory of game records (e.g. intrigue arena --records)")
    args = ap.parse_args()
    finals = (_record_games(args.records) if args.records
              else _heuristic_games(args.games, args.players, args.seed, args.length))
    print(json.dumps(accuracy(finals), indent=1))
