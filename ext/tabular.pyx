# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Exact algorithms over an explicit game tree, in C: a policy's expected values, best responses
(hence NashConv and exploitability) and counterfactual regret minimisation.

The tree is the flat arrays of :class:`intrigue.search.tree.GameTree`; a *policy* is one probability
per slot (per legal action of each information set).  Nothing here knows a game.

* :meth:`FlatTree.expected_values` -- every seat's expected payoff when all seats follow a policy
  (one backward sweep: children come after their parents).
* :meth:`FlatTree.best_response_value` -- the most one seat can expect against the others' policy: a
  pure strategy choosing, at each of its information sets, the action with the largest sum over the
  set's histories of (the others' and chance's reach) x (value below), computed depth-first with
  memoisation, as OpenSpiel's ``best_response`` does.
* :class:`Cfr` -- counterfactual regret minimisation (Zinkevich et al. 2007) with alternating updates,
  in the variants CFR (plain regret matching, uniform average), CFR+ (regret matching+, linear average;
  Tammelin 2014), linear CFR and discounted CFR (Brown & Sandholm 2019; DCFR with alpha 1.5, beta 0,
  gamma 2 by default).  Its average policy converges to a Nash equilibrium in two-player zero-sum games.
"""
import numpy as np

from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset, memcpy
from libc.math cimport pow
from intrigue.ext.regret cimport regret_match

cdef enum:
    VARIANT_CFR = 0       # regret matching, every iteration weighs the same in the average
    VARIANT_CFR_PLUS = 1  # regret matching+, iteration t weighs t in the average
    VARIANT_LINEAR = 2    # regret matching, regrets and average weighted by t
    VARIANT_DISCOUNTED = 3  # regret matching, regrets and average discounted (alpha, beta, gamma)

VARIANTS = {"cfr": VARIANT_CFR, "cfr+": VARIANT_CFR_PLUS, "linear": VARIANT_LINEAR, "dcfr": VARIANT_DISCOUNTED}

# the arrays of a GameTree, with the dtype each pointer reads
_FIELDS = (("kind", np.int8), ("player", np.int8), ("infoset", np.int32), ("first_child", np.int32),
           ("num_children", np.int32), ("prob", np.float64), ("utility", np.float64),
           ("iset_player", np.int8), ("iset_slot", np.int32), ("iset_actions", np.int32),
           ("iset_node_start", np.int32), ("iset_nodes", np.int32))


cdef class FlatTree:
    """C views of a :class:`~intrigue.search.tree.GameTree`'s arrays (``FlatTree(tree)``)."""

    def __init__(self, tree):
        arrays = {}
        for name, dtype in _FIELDS:
            arrays[name] = np.ascontiguousarray(getattr(tree, name), dtype=dtype)
        self.arrays = arrays
        cdef const signed char[::1] kind = arrays["kind"]
        cdef const signed char[::1] player = arrays["player"]
        cdef const signed char[::1] iset_player = arrays["iset_player"]
        cdef const int[::1] infoset = arrays["infoset"]
        cdef const int[::1] first_child = arrays["first_child"]
        cdef const int[::1] num_children = arrays["num_children"]
        cdef const int[::1] iset_slot = arrays["iset_slot"]
        cdef const int[::1] iset_actions = arrays["iset_actions"]
        cdef const int[::1] iset_node_start = arrays["iset_node_start"]
        cdef const int[::1] iset_nodes = arrays["iset_nodes"]
        cdef const double[::1] prob = arrays["prob"]
        cdef const double[:, ::1] utility = arrays["utility"]
        self.t.n_nodes = kind.shape[0]
        self.t.n_players = tree.num_players
        self.t.n_isets = iset_player.shape[0]
        self.t.n_slots = int(np.sum(arrays["iset_actions"]))
        self.t.max_actions = max(1, int(arrays["iset_actions"].max(initial=1)))
        if self.t.n_nodes == 0:
            raise ValueError("an empty tree")
        self.t.kind = &kind[0]
        self.t.player = &player[0]
        self.t.infoset = &infoset[0]
        self.t.first_child = &first_child[0]
        self.t.num_children = &num_children[0]
        self.t.prob = &prob[0]
        self.t.utility = &utility[0, 0]
        self.t.iset_player = &iset_player[0] if self.t.n_isets else NULL
        self.t.iset_slot = &iset_slot[0] if self.t.n_isets else NULL
        self.t.iset_actions = &iset_actions[0] if self.t.n_isets else NULL
        self.t.iset_node_start = &iset_node_start[0]
        self.t.iset_nodes = &iset_nodes[0] if iset_nodes.shape[0] else NULL
        self.t.depth = self._depth()

    cdef int _depth(self) except -1:
        """The longest root-to-leaf path in edges (parents come before children)."""
        cdef int* depth = <int*>calloc(self.t.n_nodes, sizeof(int))
        cdef int h, c, deepest = 0
        if depth == NULL:
            raise MemoryError()
        for h in range(self.t.n_nodes):
            for c in range(self.t.first_child[h], self.t.first_child[h] + self.t.num_children[h]):
                depth[c] = depth[h] + 1
                if depth[c] > deepest:
                    deepest = depth[c]
        free(depth)
        return deepest

    @property
    def num_slots(self):
        return self.t.n_slots

    @property
    def depth(self):
        return self.t.depth

    def _policy(self, policy):
        arr = np.ascontiguousarray(policy, dtype=np.float64)
        if arr.ndim != 1 or arr.shape[0] != self.t.n_slots:
            raise ValueError(f"a policy of this tree has {self.t.n_slots} slots, not {arr.shape}")
        return arr

    def expected_values(self, policy):
        """Every seat's expected payoff when every seat follows ``policy`` (a list, one per seat)."""
        cdef double[::1] pol = self._policy(policy)
        cdef int np_ = self.t.n_players
        cdef double* v = <double*>calloc(<size_t>self.t.n_nodes * np_, sizeof(double))
        cdef int h, c, j, s, first
        cdef double w
        if v == NULL:
            raise MemoryError()
        try:
            with nogil:
                for h in range(self.t.n_nodes - 1, -1, -1):
                    if self.t.kind[h] == NODE_END:
                        memcpy(&v[<size_t>h * np_], &self.t.utility[<size_t>h * np_], np_ * sizeof(double))
                        continue
                    first = self.t.first_child[h]
                    for j in range(self.t.num_children[h]):
                        c = first + j
                        if self.t.kind[h] == NODE_CHANCE:
                            w = self.t.prob[c]
                        else:
                            w = pol[self.t.iset_slot[self.t.infoset[h]] + j]
                        if w != 0.0:
                            for s in range(np_):
                                v[<size_t>h * np_ + s] += w * v[<size_t>c * np_ + s]
            return [v[s] for s in range(np_)]
        finally:
            free(v)

    def best_response_value(self, policy, int seat):
        """``(value, choices)``: the most ``seat`` can expect when the others follow ``policy``, and
        the best response itself as the chosen slot per information set of ``seat`` (-1 elsewhere, and
        at sets no history of which the others and chance reach)."""
        if not 0 <= seat < self.t.n_players:
            raise ValueError(f"seat {seat} is not in this game")
        cdef double[::1] pol = self._policy(policy)
        best = np.full(max(1, self.t.n_isets), -1, dtype=np.int32)
        cdef int[::1] b = best
        value = self.best_response(&pol[0], seat, &b[0])
        return value, best[:self.t.n_isets]

    cdef double best_response(self, const double* policy, int seat, int* best) except? -1:
        cdef _BestResponse br = _BestResponse.__new__(_BestResponse)
        br.setup(self, policy, seat, best)
        cdef double value
        with nogil:
            br.reach_forward()
            value = br.value(0)
        return value

    def nash_conv(self, policy):
        """``(nash_conv, best_response_values, values)`` of ``policy``: NashConv is the sum over seats
        of what a best response gains over the policy's own value (0 at a Nash equilibrium)."""
        values = self.expected_values(policy)
        brs = [self.best_response_value(policy, s)[0] for s in range(self.t.n_players)]
        return sum(b - v for b, v in zip(brs, values)), brs, values


cdef class _BestResponse:
    """One best-response computation: the others' and chance's reach of every node, then the value
    of every node under the best response, depth-first with memoisation."""

    cdef void setup(self, FlatTree owner, const double* policy, int seat, int* best) except *:
        self.owner = owner
        self.t = &owner.t
        self.policy = policy
        self.seat = seat
        self.best = best
        self.reach = <double*>malloc(self.t.n_nodes * sizeof(double))
        self.val = <double*>malloc(self.t.n_nodes * sizeof(double))
        self.done = <char*>calloc(self.t.n_nodes, 1)
        if self.reach == NULL or self.val == NULL or self.done == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.reach)
        free(self.val)
        free(self.done)

    cdef void reach_forward(self) noexcept nogil:
        cdef Tree* t = self.t
        cdef int h, j, c
        cdef double w
        self.reach[0] = 1.0
        for h in range(t.n_nodes):
            for j in range(t.num_children[h]):
                c = t.first_child[h] + j
                if t.kind[h] == NODE_CHANCE:
                    w = t.prob[c]
                elif t.player[h] == self.seat:
                    w = 1.0
                else:
                    w = self.policy[t.iset_slot[t.infoset[h]] + j]
                self.reach[c] = self.reach[h] * w

    cdef double value(self, int h) noexcept nogil:
        cdef Tree* t = self.t
        cdef int j, first
        cdef double v = 0.0, w
        if self.done[h]:
            return self.val[h]
        first = t.first_child[h]
        if t.kind[h] == NODE_END:
            v = t.utility[<size_t>h * t.n_players + self.seat]
        elif t.kind[h] == NODE_DECISION and t.player[h] == self.seat:
            v = self.value(first + self.choose(t.infoset[h]))
        else:
            for j in range(t.num_children[h]):
                w = t.prob[first + j] if t.kind[h] == NODE_CHANCE else self.policy[t.iset_slot[t.infoset[h]] + j]
                if w != 0.0:
                    v += w * self.value(first + j)
        self.val[h] = v
        self.done[h] = 1
        return v

    cdef int choose(self, int iset) noexcept nogil:
        """The best action (slot offset) at one of the seat's information sets: the largest sum over
        its histories of reach x value (the first such action on a tie)."""
        cdef Tree* t = self.t
        cdef int n = t.iset_actions[iset], k, h, j, pick = 0
        cdef double* total
        if self.best[iset] >= 0:
            return self.best[iset]
        total = <double*>calloc(n, sizeof(double))
        if total == NULL:
            return 0                   # out of memory: the first action (a lower bound, still a strategy)
        for k in range(t.iset_node_start[iset], t.iset_node_start[iset + 1]):
            h = t.iset_nodes[k]
            if self.reach[h] == 0.0:
                continue
            for j in range(n):
                total[j] += self.reach[h] * self.value(t.first_child[h] + j)
        for j in range(1, n):
            if total[j] > total[pick]:
                pick = j
        free(total)
        self.best[iset] = pick
        return pick


cdef class Cfr:
    """Counterfactual regret minimisation over a :class:`FlatTree` (``Cfr(tree, variant="dcfr")``;
    variants: ``cfr``, ``cfr+``, ``linear``, ``dcfr``)."""

    def __init__(self, FlatTree tree, str variant="dcfr", double alpha=1.5, double beta=0.0, double gamma=2.0):
        if variant not in VARIANTS:
            raise ValueError(f"unknown CFR variant {variant!r} (known: {', '.join(VARIANTS)})")
        self.tree = tree
        self.variant = VARIANTS[variant]
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        cdef int n = max(1, tree.t.n_slots)
        self.regret = <double*>calloc(n, sizeof(double))
        self.strategy_sum = <double*>calloc(n, sizeof(double))
        self.current = <double*>calloc(n, sizeof(double))
        self.scratch = <double*>calloc(<size_t>(tree.t.depth + 1) * tree.t.max_actions, sizeof(double))
        if self.regret == NULL or self.strategy_sum == NULL or self.current == NULL or self.scratch == NULL:
            raise MemoryError()
        self.t = 0

    def __dealloc__(self):
        free(self.regret)
        free(self.strategy_sum)
        free(self.current)
        free(self.scratch)

    @property
    def iterations(self):
        return self.t

    def run(self, long long iterations):
        """Run ``iterations`` more iterations (each one traversal per seat, seats in turn)."""
        cdef long long k
        cdef int seat
        with nogil:
            for k in range(iterations):
                self.t += 1
                for seat in range(self.tree.t.n_players):
                    self._match()
                    self._traverse(0, seat, 1.0, 1.0, 0)
                    self._end_iteration(seat)
        return self.t

    cdef void _match(self) noexcept nogil:
        """This traversal's strategy at every information set, from the regrets so far."""
        cdef Tree* t = &self.tree.t
        cdef int i, s
        for i in range(t.n_isets):
            s = t.iset_slot[i]
            regret_match(&self.regret[s], &self.current[s], t.iset_actions[i])

    cdef double _traverse(self, int h, int seat, double own, double others, int depth) noexcept nogil:
        """The value of node ``h`` for ``seat`` under the current strategies, updating ``seat``'s
        regrets (weighted by ``others``, the others' and chance's reach) and its strategy sum
        (weighted by ``own``, its own reach)."""
        cdef Tree* t = &self.tree.t
        cdef int j, n, first, slot
        cdef double v = 0.0, w, weight
        cdef double* child
        if t.kind[h] == NODE_END:
            return t.utility[<size_t>h * t.n_players + seat]
        first = t.first_child[h]
        n = t.num_children[h]
        if t.kind[h] == NODE_CHANCE:
            for j in range(n):
                w = t.prob[first + j]
                v += w * self._traverse(first + j, seat, own, others * w, depth + 1)
            return v
        slot = t.iset_slot[t.infoset[h]]
        if t.player[h] != seat:
            # no pruning of the others' unplayed actions: below them ``seat``'s own reach still weights
            # its strategy sum, and skipping them would count an information set's nodes a varying
            # number of times per iteration (DCFR then stalled on Leduc hold'em at NashConv 0.23)
            for j in range(n):
                w = self.current[slot + j]
                v += w * self._traverse(first + j, seat, own, others * w, depth + 1)
            return v
        if own == 0.0 and others == 0.0:
            return 0.0                 # nothing below can change: neither regrets nor the average
        child = &self.scratch[<size_t>depth * t.max_actions]
        for j in range(n):
            child[j] = self._traverse(first + j, seat, own * self.current[slot + j], others, depth + 1)
            v += self.current[slot + j] * child[j]
        weight = <double>self.t if self.variant == VARIANT_CFR_PLUS or self.variant == VARIANT_LINEAR else 1.0
        for j in range(n):
            self.regret[slot + j] += (weight if self.variant == VARIANT_LINEAR else 1.0) * others * (child[j] - v)
            self.strategy_sum[slot + j] += weight * own * self.current[slot + j]
        return v

    cdef void _end_iteration(self, int seat) noexcept nogil:
        """After ``seat``'s traversal: CFR+ floors its regrets at 0; DCFR discounts them and its
        strategy sum."""
        cdef Tree* t = &self.tree.t
        cdef int i, s, end
        cdef double tt = <double>self.t, pos = 1.0, neg = 1.0, avg = 1.0
        if self.variant == VARIANT_DISCOUNTED:
            pos = pow(tt, self.alpha) / (pow(tt, self.alpha) + 1.0)
            neg = pow(tt, self.beta) / (pow(tt, self.beta) + 1.0)
            avg = pow(tt / (tt + 1.0), self.gamma)
        elif self.variant != VARIANT_CFR_PLUS:
            return
        for i in range(t.n_isets):
            if t.iset_player[i] != seat:
                continue
            end = t.iset_slot[i] + t.iset_actions[i]
            for s in range(t.iset_slot[i], end):
                if self.variant == VARIANT_CFR_PLUS:
                    if self.regret[s] < 0.0:
                        self.regret[s] = 0.0
                else:
                    self.regret[s] *= pos if self.regret[s] > 0.0 else neg
                    self.strategy_sum[s] *= avg

    def average_policy(self):
        """The average strategy (a numpy array over slots; uniform where a set was never reached)."""
        return self._normalised(True)

    def current_policy(self):
        """This iteration's regret-matching strategy."""
        return self._normalised(False)

    def _normalised(self, bint average):
        cdef Tree* t = &self.tree.t
        out = np.zeros(t.n_slots, dtype=np.float64)
        cdef double[::1] o = out
        cdef int i, j, s, n
        cdef double total
        for i in range(t.n_isets):
            s = t.iset_slot[i]
            n = t.iset_actions[i]
            if not average:
                regret_match(&self.regret[s], &o[s], n)
                continue
            total = 0.0
            for j in range(n):
                total += self.strategy_sum[s + j]
            for j in range(n):
                o[s + j] = self.strategy_sum[s + j] / total if total > 0.0 else 1.0 / n
        return out
