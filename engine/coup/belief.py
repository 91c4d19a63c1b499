"""Belief inference for Coup: a parametric honesty/bluff model of the other seats.

From one seat's view of the history this model builds, for every seat, a likelihood for each hand
it might hold face down (the table layout of ``coup_core``'s belief hook: 5 one-card hands, then 15
two-card hands).  Each decision a seat made multiplies in a factor that depends on the cards it held
*at that time* -- its face-down cards now plus the cards it has turned face up since:

================================  ===========================================================
decision                          factor on hands without / with the relevant role
================================  ===========================================================
claim by action (tax, steal...)   ``bluff_tax`` (``_steal``, ...) / 1  (a bluff is less likely)
block claiming a role             ``bluff_block_duke`` (``_steal``, ``_contessa``, or
                                  ``_desperate`` when the blocker would die otherwise) / 1
income or foreign aid             1 / ``no_tax``                (why not tax with a Duke?)
pass a block as steal target      1 / ``pass_steal``            (captain or ambassador)
pass a block as assassin target   1 / ``pass_assassin``         (contessa)
pass a foreign-aid block          1 / ``pass_fa``               (duke)
challenge a claim of a role       1 / ``challenge_holding`` per copy held (holding it makes a
                                                                 claim look less likely)
concede a challenge               1 / ``concede``               (it would have proved it)
================================  ===========================================================

With ``opponent=heuristic`` each decision's factor is instead its probability under the heuristic
bot's policy for that hand (the kernel's ``policy_likelihoods``, every hand at once), mixed with
``policy_noise`` of a uniform choice.  ``opponent=truthful`` (Coup's default, ``search_defaults``) is
the same policy with every bluff -- a claim or block of a role the hand does not hold -- made 0.1
times as likely (the kernel's ``honest`` type; then renormalized): a model of an opponent that claims what it
holds far more often than the heuristic does.  Searching opponents are such players (about 1-3% of
their claims are bluffs, against 25% for the heuristic), and even against the heuristic itself the
bot plays better with it, because it then challenges less (docs/strength.md).
``opponent=fitted`` reads every decision with the heuristic's probabilities corrected to how
searching bots decide (:mod:`intrigue.engine.coup.policyfit`, fitted to the default's own
four-player games), and ``opponent=adaptive`` (the default among three or more players) takes each
seat for one of the two types, truthful or fitted, a priori equally likely: a hand's likelihood is
the sum over the types of the type's evidence, so the type that explains the seat's decisions better
-- including those about hands it has since exchanged away -- counts more.

A seat's evidence is dropped when its hidden hand changes: after it exchanges, and when it proves a
claim (the shown card is replaced by a fresh draw).  The defaults were calibrated on the heuristic
bot's play (see ``docs/search.md``); they are a model, not the truth, so every factor is > 0.
"""
from __future__ import annotations

import math
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from intrigue.engine.game import Game, InfoState
from intrigue.engine.coup.names import ROLES as ROLE_WORDS
from intrigue.engine.coup.claims import challenged_role, claimed_role
from intrigue.ext.coup_core import (BELIEF_HANDS, BELIEF_TABLE_SIZE, MAX_PLAYERS, MODEL_CTX_SIZE, MODEL_HABIT_AT,
                                    MODEL_NHABITS, MODEL_NTYPES, MODEL_TYPE_AT, MODEL_WEIGHT_MAX, NROLES, Action,
                                    Habit, Kind, ModelType, Phase, Role, belief_hand_counts, model_type_names,
                                    pair_roles, policy_likelihoods)
from intrigue.engine.belief import ReplayBelief
from intrigue.engine.replay import ViewReplay

__all__ = ["CoupBelief", "DEFAULT_PARAMS", "HAND_ROLES", "MIXTURE_PRIOR", "claimed_role"]

DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA = (Role.DUKE, Role.ASSASSIN, Role.CAPTAIN, Role.AMBASSADOR,
                                              Role.CONTESSA)
HANDS = BELIEF_HANDS
MAX_PLAYERS = MAX_PLAYERS
TABLE_SIZE = BELIEF_TABLE_SIZE
HAND_ROLES: List[Tuple[int, ...]] = [(r,) for r in range(NROLES)] + [tuple(pair_roles(i)) for i in range(15)]
HAND_INDEX: Dict[Tuple[int, ...], int] = {h: i for i, h in enumerate(HAND_ROLES)}
NTYPES = MODEL_NTYPES
TYPES_AT = MODEL_TYPE_AT
WEIGHT_MAX = MODEL_WEIGHT_MAX

DEFAULT_PARAMS: Dict[str, float] = {
    # calibrated on the heuristic bot (python -m intrigue.engine.coup.calibrate --games 3000), with a
    # floor of 0.05 so that no decision is ever taken as proof
    "bluff_tax": 0.32,
    "bluff_steal": 0.11,
    "bluff_assassinate": 0.07,
    "bluff_exchange": 0.08,
    "bluff_block_duke": 0.06,
    "bluff_block_steal": 0.28,
    "bluff_block_contessa": 0.28,
    "bluff_block_desperate": 0.78,
    "no_tax": 0.49,
    "pass_fa": 0.1,
    "pass_steal": 0.05,
    "pass_assassin": 0.05,
    "challenge_holding": 1.9,
    "concede": 0.05,
    # the policy models: mix the policy's probabilities with this much of a uniform choice
    "policy_noise": 0.1,
}
BLUFF_OF_ROLE = {DUKE: "bluff_tax", CAPTAIN: "bluff_steal", ASSASSIN: "bluff_assassinate",
                 AMBASSADOR: "bluff_exchange"}

#: the kernel's policy types each opponent model reads decisions with (the kernel's MODEL_TYPE_*: see
#: ext/coup_policy.pxi); a model of two or more is a mixture whose types are weighed per seat
MODEL_TYPES: Dict[str, Tuple[int, ...]] = {
    "heuristic": (ModelType.HEURISTIC,),
    "truthful": (ModelType.HONEST,),
    "fitted": (ModelType.SEARCH,),
    "adaptive": (ModelType.HONEST, ModelType.SEARCH),
    "mixture": tuple(range(NTYPES)),
}
#: opponent=mixture: the prior of each type (the kernel's MODEL_TYPE_* order: heuristic, search,
#: honest, truthful, bluffer, challenger, passive, random)
MIXTURE_PRIOR: Tuple[float, ...] = (0.15, 0.2, 0.2, 0.1, 0.1, 0.075, 0.075, 0.1)


TYPE_NAMES: Tuple[str, ...] = tuple(model_type_names())

HABITS_AT, NHABITS = MODEL_HABIT_AT, MODEL_NHABITS
#: opponent=mixture: a seat's observed habit (blocking each action, challenging) replaces the types'
#: probability of it in the search's model with weight n / (n + HABIT_PSEUDO) after n chances, at most
#: HABIT_WEIGHT_MAX (the rest stays the types' card-aware play), and its rate is (k + 1/2) / (n + 1)
HABIT_PSEUDO = 2.0
HABIT_WEIGHT_MAX = 0.75
#: an opponent blocks Foreign Aid habitually once it has blocked it at HABITUAL_SHARE or more of at
#: least HABITUAL_CHANCES chances; Foreign Aid is then advised against (CoupBelief.advised_against)
HABITUAL_CHANCES = 2
HABITUAL_SHARE = 0.75


def _habit_of(core: Any) -> Optional[int]:
    """The habit a decision in ``core`` exercises (the kernel's HABIT_*), None if none."""
    ph = core.phase
    if ph == Phase.BLOCK:
        return {Kind.FOREIGN_AID: Habit.BLOCK_FA, Kind.STEAL: Habit.BLOCK_STEAL}.get(
            core.kind, Habit.BLOCK_ASSASSINATE)
    if ph in (Phase.CHALLENGE, Phase.BCHALLENGE):
        return Habit.CHALLENGE
    return None


def habit_bytes(chances: int, done: int) -> bytes:
    """A habit's two context bytes (rate, weight) after ``done`` of ``chances``."""
    if chances <= 0:
        return bytes(2)
    rate = (done + 0.5) / (chances + 1.0)
    weight = min(HABIT_WEIGHT_MAX, chances / (chances + HABIT_PSEUDO))
    return bytes((int(round(WEIGHT_MAX * rate)), int(round(WEIGHT_MAX * weight))))


def _quantized(posterior: Sequence[float]) -> bytes:
    """Type weights for the model context: the posterior in 255ths (rounded; at least one weight
    kept, so a context never reads as all zeros -- the heuristic -- by rounding)."""
    out = [int(round(WEIGHT_MAX * p)) for p in posterior]
    if not any(out):
        out[max(range(len(out)), key=lambda m: posterior[m])] = WEIGHT_MAX
    return bytes(out)


_FACTORS: Dict[Any, Tuple[float, ...]] = {}      # factor vectors by what they depend on (shared)


def _factor(fn) -> Tuple[float, ...]:
    return tuple(float(fn(h)) for h in HAND_ROLES)


class _Tracker(ViewReplay):
    """Replays one seat's view of the history (:class:`~intrigue.engine.replay.ViewReplay`) and
    collects, per seat, the factors of its decisions since its hand last changed."""

    def __init__(self, game: Game, seat: int, params: Dict[str, float], opponent: str = "parametric") -> None:
        super().__init__(game, seat)
        self.p = params
        self._phase = -1
        n = game.num_players
        self.events: List[List[Tuple[int, Tuple[float, ...]]]] = [[] for _ in range(n)]
        self.lost: List[List[int]] = [[] for _ in range(n)]
        self._cache = _FACTORS
        # the policy models: the kernel's types the decisions are read with, the public context they
        # read (each seat's claims since it last exchanged), and with two or more types (a mixture),
        # per seat the evidence under each type since its hand last changed and the log marginal
        # likelihood of each type from the hands before
        self.types: Tuple[int, ...] = MODEL_TYPES.get(opponent, ())
        self.prior: Optional[Tuple[float, ...]] = MIXTURE_PRIOR if opponent == "mixture" else None
        self.mixed = len(self.types) > 1
        self.ctx = bytearray(MODEL_CTX_SIZE)
        # per seat, per habit: [chances, times done] over the whole game
        self.habits: List[List[List[int]]] = [[[0, 0] for _ in range(NHABITS)] for _ in range(n)]
        m = len(self.types)
        self.mix_events: List[List[Tuple[int, Tuple[Tuple[float, ...], ...]]]] = [[] for _ in range(n)]
        self.type_ll: List[List[float]] = [[0.0] * m for _ in range(n)]

    # factor vectors, cached by what they depend on
    def _claim(self, role: int, bluff: float) -> Tuple[float, ...]:
        key = ("claim", role, bluff)
        v = self._cache.get(key)
        if v is None:
            v = self._cache[key] = _factor(lambda h: 1.0 if role in h else bluff)
        return v

    def _without(self, roles: Tuple[int, ...], factor: float) -> Tuple[float, ...]:
        key = ("without", roles, factor)
        v = self._cache.get(key)
        if v is None:
            v = self._cache[key] = _factor(lambda h: factor if any(r in h for r in roles) else 1.0)
        return v

    def _challenger(self, role: int) -> Tuple[float, ...]:
        key = ("challenge", role, self.p["challenge_holding"])
        v = self._cache.get(key)
        if v is None:
            f = self.p["challenge_holding"]
            v = self._cache[key] = _factor(lambda h: f ** h.count(role))
        return v

    def _reset(self, q: int) -> None:
        """q's hidden hand changed: its evidence about the old hand no longer bears on the cards, but
        (a mixture) it still tells which type q is, so each type keeps its marginal likelihood."""
        if self.mixed and self.mix_events[q]:
            for m, ll in enumerate(self._hand_evidence(q, len(self.core.face_down(q)))):
                if ll is not None:
                    self.type_ll[q][m] += ll
            self.mix_events[q] = []
        self.events[q] = []

    def _hand_evidence(self, q: int, hidden: int) -> List[Optional[float]]:
        """Per type: the log of the likelihood of q's decisions since its hand last changed, averaged
        over the ``hidden``-card hands it might hold (None: nothing to add)."""
        out: List[Optional[float]] = [None] * len(self.types)
        if hidden <= 0 or not self.mix_events[q]:
            return out
        idx = range(0, 5) if hidden == 1 else range(5, HANDS)
        for m in range(len(self.types)):
            rows = self._type_rows(q, hidden, m)
            mean = sum(rows[h] for h in idx) / len(idx) if rows is not None else 0.0
            if mean > 0.0:
                out[m] = math.log(mean)
        return out

    def _type_rows(self, q: int, hidden: int, m: int) -> Optional[List[float]]:
        """The likelihood of each of q's ``hidden``-card hands under the m-th type from the evidence
        since its hand last changed, not normalized."""
        if hidden <= 0:
            return None
        return self._likelihoods(q, hidden, [(k, vecs[m]) for k, vecs in self.mix_events[q]])

    def _add(self, q: int, vec: Tuple[float, ...]) -> None:
        self.events[q].append((len(self.lost[q]), vec))

    # --- the replay's hooks ------------------------------------------------------------------------
    def hidden_chance(self, core: Any, action: int) -> None:
        if core.phase == Phase.REPLACE:
            self._reset(core.asked)                  # a replacement draw: a new hand

    def before(self, player: int, action: int, text: str, core: Any) -> None:
        self._phase = core.phase
        if player >= 0:
            self._observe(player, action)
            self._note_habit(player, action)
            self._note_claim(player, action)
        elif self._phase == Phase.REPLACE:
            self._reset(core.asked)

    def after(self, player: int, action: int, text: str, core: Any) -> None:
        if self._phase == Phase.EXCHANGE:
            self._reset(player)                      # exchanged: a new hand

    def _note_habit(self, q: int, a: int) -> None:
        """Count q's chance to block or challenge, and whether it did."""
        h = _habit_of(self.core)
        if h is not None:
            self.habits[q][h][0] += 1
            self.habits[q][h][1] += a == Action.CHALLENGE or Action.BLOCK <= a < Action.REVEAL

    def _note_claim(self, q: int, a: int) -> None:
        """The policy's context after q's decision a: a claim or block adds its role to q's claims, an
        Exchange clears them (as the kernel's model_observe and claims_in_view)."""
        if self.core.phase == Phase.EXCHANGE:
            self.ctx[q] = 0
            return
        role = claimed_role(self.core, a)
        if role is not None:
            self.ctx[q] |= 1 << role

    def _observe(self, q: int, a: int) -> None:
        core, p = self.core, self.p
        ph = core.phase
        if self.types:
            self._observe_policy(q, a)
        elif ph == Phase.ACTION:
            role = claimed_role(core, a)
            if role is not None:
                self._add(q, self._claim(role, p[BLUFF_OF_ROLE[role]]))
            elif a in (Action.INCOME, Action.FOREIGN_AID) and core.is_legal(Action.TAX):
                self._add(q, self._without((DUKE,), p["no_tax"]))     # (only where Tax was a choice)
        elif ph in (Phase.CHALLENGE, Phase.BCHALLENGE):
            if a == Action.CHALLENGE:
                self._add(q, self._challenger(challenged_role(core)))
        elif ph == Phase.BLOCK:
            kind = core.kind
            if a == Action.PASS:
                if kind == Kind.FOREIGN_AID:
                    self._add(q, self._without((DUKE,), p["pass_fa"]))
                elif kind == Kind.STEAL:
                    self._add(q, self._without((CAPTAIN, AMBASSADOR), p["pass_steal"]))
                elif kind == Kind.ASSASSINATE:
                    self._add(q, self._without((CONTESSA,), p["pass_assassin"]))
            else:
                if kind == Kind.FOREIGN_AID:
                    key = "bluff_block_duke"
                elif kind == Kind.STEAL:
                    key = "bluff_block_steal"
                else:
                    key = "bluff_block_desperate" if core.influence(q) == 1 else "bluff_block_contessa"
                self._add(q, self._claim(a - Action.BLOCK, p[key]))
        elif ph in (Phase.DEFEND, Phase.BDEFEND):
            claimed = challenged_role(core)
            if a - Action.REVEAL != claimed:
                self._add(q, self._without((claimed,), p["concede"]))
        # what the decision does to the hand (every model)
        if ph in (Phase.DEFEND, Phase.BDEFEND):
            claimed = challenged_role(core)
            if a - Action.REVEAL == claimed:
                self._reset(q)                       # proved: the card goes back, a fresh one is drawn
            else:
                self.lost[q].append(a - Action.REVEAL)
        elif ph == Phase.LOSE:
            self.lost[q].append(a - Action.REVEAL)

    def _observe_policy(self, q: int, a: int) -> None:
        """The likelihood of q's decision under each of the model's policy types, for every hand q might
        hold (the kernel's policy_likelihoods, mixed with policy_noise of a uniform choice)."""
        core = self.core
        if core.phase == Phase.EXCHANGE:
            return                                   # the hand is replaced right after
        m = len(core.face_down(q))
        if m == 0:
            return
        vecs = tuple(tuple(v) for v in policy_likelihoods(core, q, bytes(self.ctx), a, self.types,
                                                           self.p["policy_noise"]))
        if self.mixed:                               # every decision tells the type, even a flat one
            if any(max(v) > 0.0 for v in vecs):
                self.mix_events[q].append((len(self.lost[q]), vecs))
            return
        vec = vecs[0]
        if max(vec) > 0.0 and min(vec[h] for h in (range(0, 5) if m == 1 else range(5, HANDS))) != max(vec):
            self._add(q, vec)

    def row(self, q: int, hidden: int) -> Optional[List[float]]:
        """Likelihood of each of q's possible ``hidden``-card hands (None: no evidence)."""
        if self.mixed:
            return self._mixed_row(q, hidden)
        if not self.events[q] or hidden <= 0:
            return None
        out = self._likelihoods(q, hidden, self.events[q])
        top = max(out)
        if top <= 0.0:
            return None
        return [x / top for x in out]

    def _likelihoods(self, q: int, hidden: int, events: Sequence[Tuple[int, Tuple[float, ...]]]) -> List[float]:
        """The product, for each of q's ``hidden``-card hands, of the ``events``' factors, each read at
        the hand q held then (the hand now plus the cards it has lost since); not normalized."""
        lost = self.lost[q]
        out = [0.0] * HANDS
        for h in (range(0, 5) if hidden == 1 else range(5, HANDS)):
            now = HAND_ROLES[h]
            w = 1.0
            for k, vec in events:
                then = now + tuple(lost[k:])
                if len(then) > 2:                   # cannot happen in a consistent history
                    continue
                w *= vec[HAND_INDEX[tuple(sorted(then))]]
            out[h] = w
        return out

    def _type_logs(self, q: int, hidden: int) -> List[float]:
        """Per type: the log of its prior times the likelihood of all of q's decisions so far (the
        current hand's evidence averaged over the hands it might hold, as a prior over them)."""
        logs = [t + (ll or 0.0) for t, ll in zip(self.type_ll[q], self._hand_evidence(q, hidden))]
        if self.prior is not None:
            logs = [x + math.log(p) for x, p in zip(logs, self.prior)]
        return logs

    def type_posterior(self, q: int, hidden: int) -> List[float]:
        """A mixture's posterior over its types for seat q, from all its decisions so far."""
        logs = self._type_logs(q, hidden)
        top = max(logs)
        w = [math.exp(x - top) for x in logs]
        total = sum(w)
        return [x / total for x in w]

    def search_odds(self, q: int, hidden: int) -> float:
        """opponent=adaptive: the posterior probability that q is a search (type 1) rather than the
        truthful heuristic, from all its decisions so far (the current hand's evidence averaged over
        the hands it might hold, as a prior over them)."""
        logs = self._type_logs(q, hidden)
        return 1.0 / (1.0 + math.exp(max(-700.0, min(700.0, logs[0] - logs[1]))))

    def _mixed_row(self, q: int, hidden: int) -> Optional[List[float]]:
        """A mixture: q is one of the model's types (a priori equally likely, or by the prior), so the
        likelihood of a hand is the sum over the types of the type's prior and evidence about earlier
        hands times its likelihood of this hand (a Bayesian mixture: the type that explains q's
        decisions better counts more)."""
        if not self.mix_events[q] or hidden <= 0:
            return None
        rows = [row for row in (self._type_rows(q, hidden, m) for m in range(len(self.types))) if row is not None]
        top = max(self.type_ll[q])
        weight = [math.exp(t - top) for t in self.type_ll[q]]
        if self.prior is not None:
            weight = [w * p for w, p in zip(weight, self.prior)]
        out = [sum(w * r[h] for w, r in zip(weight, rows)) for h in range(HANDS)]
        peak = max(out)
        return [x / peak for x in out] if peak > 0.0 else None


class CoupBelief(ReplayBelief):
    """The belief model for Coup (see the module docstring); one per bot, cached per seat."""

    opponent_models = ("heuristic", "truthful", "parametric", "fitted", "adaptive", "mixture")

    samples = 2000          # chain sweeps behind a reported marginal
    tracker_class = _Tracker
    default_params = DEFAULT_PARAMS

    def table(self, info: InfoState, stop: Any = None) -> Optional[List[float]]:
        tr = self.tracker(info, stop)
        if tr is None:
            return None                              # stopped: search with uniform deals
        core = info.core
        table = [1.0] * TABLE_SIZE
        any_evidence = False
        for q in range(core.num_players):
            hidden = len(core.face_down(q))
            row = tr.row(q, hidden)
            if row is not None:
                table[q * HANDS:(q + 1) * HANDS] = row
                any_evidence = True
        return table if any_evidence else None

    def model_context(self, info: InfoState, ctx: bytes) -> bytes:
        """The search's model context (:func:`~intrigue.engine.coup.heuristic.model_context`) with each
        opponent's type weights set to what this belief takes it for: with ``opponent=mixture``, its
        posterior over the types (in 255ths; the opponents in the tree play that mixture); with
        ``opponent=adaptive``, a search (``MODEL_TYPE_SEARCH``: the kernel's model corrects the
        heuristic by the fitted model of searches, :mod:`~intrigue.engine.coup.policyfit`) where that
        type is the more likely, with ``opponent=fitted`` every opponent; otherwise every opponent stays
        the heuristic."""
        if self.opponent not in ("adaptive", "fitted", "mixture"):
            return ctx
        out = bytearray(ctx)
        tr = self.tracker(info) if self.opponent != "fitted" else None
        for q in range(info.game.num_players):
            if q == info.seat:
                continue
            at = TYPES_AT + q * NTYPES
            out[at:at + NTYPES] = bytes(NTYPES)
            hidden = len(info.core.face_down(q))
            if self.opponent == "mixture" and tr is not None:
                out[at:at + NTYPES] = _quantized(tr.type_posterior(q, hidden))
                for h, (chances, done) in enumerate(tr.habits[q]):
                    i = HABITS_AT + (q * NHABITS + h) * 2
                    out[i:i + 2] = habit_bytes(chances, done)
            elif tr is None or tr.search_odds(q, hidden) >= 0.5:
                out[at + ModelType.SEARCH] = WEIGHT_MAX
        return bytes(out)

    def advised_against(self, info: InfoState) -> FrozenSet[int]:
        """The moves the table's habits make pointless for ``info.seat``: Foreign Aid while an opponent
        still in the game blocks it habitually (``HABITUAL_SHARE`` of at least ``HABITUAL_CHANCES``
        chances, whatever it may hold), as it is then worth less than Income.  The search plays such a
        move only when it measures it apart from the others (the bot's ``veto`` option)."""
        tr = self.tracker(info)
        if tr is None or Action.FOREIGN_AID not in info.legal_actions():
            return frozenset()
        for q in range(info.game.num_players):
            if q != info.seat and info.core.alive(q):
                chances, done = tr.habits[q][Habit.BLOCK_FA]
                if chances >= HABITUAL_CHANCES and done >= HABITUAL_SHARE * chances:
                    return frozenset((Action.FOREIGN_AID,))
        return frozenset()

    def type_posteriors(self, info: InfoState) -> Dict[int, Dict[str, float]]:
        """``opponent=mixture``: per opponent seat, the posterior probability of each type of player
        (the kernel's type names), from its decisions so far ({} for the other models)."""
        if self.opponent != "mixture":
            return {}
        tr = self.tracker(info)
        if tr is None:
            return {}
        return {q: dict(zip(TYPE_NAMES, tr.type_posterior(q, len(info.core.face_down(q)))))
                for q in range(info.game.num_players) if q != info.seat and info.core.alive(q)}

    def marginals(self, info: InfoState, table: Optional[Sequence[float]], seed: int) -> Dict[int, Dict[str, float]]:
        counts = belief_hand_counts(info.core, info.seat, table, self.samples, 32, seed)
        out: Dict[int, Dict[str, float]] = {}
        for q, row in enumerate(counts):
            if q == info.seat:
                continue
            roles = [0.0] * 5
            for h, c in enumerate(row):
                if c:
                    hand = HAND_ROLES[h]
                    for r in hand:
                        roles[r] += c / len(hand)
            total = sum(roles)
            if total > 0:
                out[q] = {ROLE_WORDS[r]: roles[r] / total for r in range(NROLES)}
        return out
