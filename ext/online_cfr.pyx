# cython: language_level=3
"""Online Monte Carlo CFR over the :c:type:`GameVT` ABI, in C: a search whose answer is a mixed
strategy converging to an equilibrium's at the decision it is asked about, where UCT-style selection
converges to one deterministic, exploitable answer.

It is Monte Carlo counterfactual regret minimisation (Lanctot et al. 2009) from the **start of the
game**, run online and targeted at the searcher's decision (online outcome sampling, Lisy, Lanctot &
Bowling 2015):

* each seat decides at its **information sets**: a node of the public tree (the public action
  sequence; hidden chance events are not in the tree) plus the key of what the seat privately knows
  there; each set keeps a cumulative regret and an average strategy per action, and plays by
  **regret matching**; the seats' regrets are updated in turn, one seat per iteration;
* an iteration samples its history in one of three ways (shares ``infoset`` and ``public``, the rest
  free): **free** (chance by its odds, decisions by the strategies), **targeted at the information
  set** (the events the searcher saw are forced: its own cards, the public actions) or **targeted at
  the public history** (only what every seat saw is forced; the searcher's own cards are sampled too,
  so that the others' strategies answer all the hands it could hold);
* the updating seat's values are estimated by **external sampling** (every one of its actions tried,
  chance and the others sampled; the default) or **outcome sampling** (one history, importance
  weighted, with learned baselines for less variance: Schmid et al. 2019), and weighted by the
  others' and chance's reach over the probability that the mix of the three ways sampled their part
  of the history -- targeting changes where samples go, not what they estimate;
* the tree grows by one node per iteration off the target path (the path itself is always in the
  tree); below it, a playout (or the game's static evaluation) scores the leaf.

The others' strategies at the decisions *before* the searcher's are learned in the same tree, so the
weight of a history -- which cards the others probably hold -- is consistent with how they would play
them: bluffs are called as often as they are made, and made as often as they pay.  A targeted
iteration whose sampled world cannot follow the path (a card the path shows was dealt elsewhere) is
abandoned and counted; the acceptance rate enters the weights.

The answer is the average strategy at the searcher's information set (:meth:`OnlineCfr.policy`).
Nodes, records and slots are plain structs in arrays capped by ``max_nodes``; no Python object is made
per iteration or per node.
"""
from libc.stdint cimport int16_t, int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memcpy, memset

from intrigue.ext.rng cimport rng_next, rng_below, rng_unit
from intrigue.ext.regret cimport regret_match
from intrigue.ext.game_api cimport GameVT, KernelState, CHANCE, TERMINAL, MAX_SEATS, vt_max_legal

cdef int LEVEL[3]
LEVEL[MODE_FREE] = SEEN_PUBLIC + 1       # free sampling forces nothing
LEVEL[MODE_INFOSET] = SEEN_PRIVATE       # forces what the searcher saw
LEVEL[MODE_PUBLIC] = SEEN_PUBLIC         # forces what everyone saw

cdef enum:
    MAX_PATH = 4096           # the most events of one sampled history kept for its update
    MAX_DEPTH = 1024          # external sampling: the deepest recursion (deeper: the leaf is scored)
    MAX_END_NODES = 64        # public nodes at the end of the target path (it may branch at hidden choices)
    INFOS_PER_NODE = 4        # records allocated per node of the cap (a guess; both grow on demand)
    SLOTS_PER_INFO = 4


SAMPLINGS = ("outcome", "external", "chance")      # the names of SAMPLING_*

cdef double BASELINE_RATE = 0.1   # outcome sampling: how fast a baseline follows the values seen


cdef inline uint32_t _hash(const char* p, int n) noexcept nogil:
    """FNV-1a over ``n`` bytes, folded to 32 bits."""
    cdef uint64_t h = 1469598103934665603ULL
    cdef int i
    for i in range(n):
        h ^= <uint8_t>p[i]
        h *= 1099511628211ULL
    return <uint32_t>(h ^ (h >> 32))


cdef inline int _pick(const double* p, int n, double u) noexcept nogil:
    """An index drawn from the distribution ``p`` with the uniform ``u`` (the last positive one on rounding)."""
    cdef int j, last = n - 1
    for j in range(n):
        if p[j] > 0.0:
            last = j
            if u < p[j]:
                return j
            u -= p[j]
    return last


cdef class OnlineCfr:
    """``OnlineCfr(start, target_core, seat, target, seed, infoset=0.3, public=0.5, epsilon=0.6,
    max_nodes=..., playout="random", leaf="playout", sampling="external", expand=1)``.

    ``start`` is the game's initial kernel state (before any event); ``target`` the path from there to
    the searcher's decision: ``[(action, seen), ...]``, one entry per event (chance or decision), with
    ``seen`` one of SEEN_HIDDEN (another seat's cards, its private choice: the action is a stand-in),
    SEEN_PRIVATE (seen by the searcher alone) and SEEN_PUBLIC; at its end ``seat`` decides.
    ``target_core`` is the searcher's information-state core there."""

    def __cinit__(self):
        self.root = self.work = self.keybuf = NULL
        self.legal = self.target = NULL
        self.sigma = self.probs = self.regret = self.avg = NULL
        self.pinned = NULL
        self.nodes = NULL
        self.infos = NULL
        self.slot_action = NULL
        self.path = NULL
        self.sig_buf = NULL
        self.uval = NULL
        self.base = NULL
        self.stack = NULL
        self.es_legal = NULL
        self.es_sigma = NULL
        self.es_value = NULL
        self.cs_value = NULL
        self.end_nodes = NULL
        self.slot_visits = NULL
        self.slot_value = NULL

    def __init__(self, KernelState start, KernelState target_core, int seat, target, seed,
                 double infoset=0.3, double public=0.5, double epsilon=0.6, long long max_nodes=1000000,
                 str playout="random", str leaf="playout", str sampling="external", int expand=1,
                 double linear=0.0, bint plus=False, double target_share=0.0, int chance_width=1):
        """Set the options (each checked), allocate the tree's arrays, read the target path and start
        from an empty tree."""
        cdef int size = start.vt.state_size
        self._set_options(start, target_core, seat, infoset, public, epsilon, max_nodes, playout, leaf, sampling,
                          expand, linear, plus, target_share, chance_width, seed)
        events = list(target)
        self.n_target = len(events)
        self._allocate(size, max_nodes)
        self._read_target(events)
        memcpy(self.root, start.ptr, size)
        self.target_key = self._key(target_core.ptr, seat)
        self._clear_tree()

    cdef int _set_options(self, KernelState start, KernelState target_core, int seat, double infoset, double public,
                          double epsilon, long long max_nodes, str playout, str leaf, str sampling, int expand,
                          double linear, bint plus, double target_share, int chance_width, seed) except -1:
        """Check the options and keep them (a ValueError names the first bad one)."""
        cdef const GameVT* vt = start.vt
        if target_core.vt != vt:
            raise ValueError("the start and the target are states of different games")
        if not (0.0 <= infoset and 0.0 <= public and infoset + public <= 1.0) or not 0.0 < epsilon <= 1.0:
            raise ValueError("the targeted shares (infoset, public) must be >= 0 and sum to at most 1, "
                             "and epsilon must be above 0 and at most 1")
        if max_nodes < 16:
            raise ValueError("max_nodes must be at least 16")
        self.vt = vt
        self.nplayers = vt.num_players(start.ptr)
        if not 0 <= seat < self.nplayers or self.nplayers > MAX_SEATS:
            raise ValueError(f"seat {seat} is not in this game")
        if vt.current_player(target_core.ptr) != seat:
            raise ValueError(f"it is not seat {seat}'s decision at the end of the target path")
        if vt.num_actions > 32767:
            raise ValueError("the search supports up to 32767 action ids")
        self.seat = seat
        self.share[MODE_INFOSET] = infoset
        self.share[MODE_PUBLIC] = public
        self.share[MODE_FREE] = 1.0 - infoset - public
        self.epsilon = epsilon
        if sampling not in SAMPLINGS:
            raise ValueError(f"sampling must be one of {', '.join(SAMPLINGS)}, not {sampling!r}")
        self.sampling = SAMPLINGS.index(sampling)
        self.target_share = target_share
        if chance_width < 1:
            raise ValueError("chance_width must be at least 1")
        self.chance_width = chance_width
        self.linear = linear
        self.plus = plus
        self.expand = expand
        self.n_estimates = 0
        self.use_eval = leaf == "eval" and vt.evaluate != NULL
        self.playout_fn = vt.policy_playout if (playout == "policy" and vt.policy_playout != NULL) else vt.playout
        self.rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
        self.max_legal = vt_max_legal(vt)
        return 0

    cdef int _allocate(self, int size, long long max_nodes) except -1:
        """Allocate the scratch buffers, the path and depth stacks and the tree's first arrays (they
        grow as the tree does); MemoryError if any allocation fails."""
        self.root = <char*>malloc(size)
        self.work = <char*>malloc(size)
        self.keybuf = <char*>malloc(size)
        self.legal = <int*>malloc(self.max_legal * sizeof(int))
        self.sigma = <double*>malloc(self.max_legal * sizeof(double))
        self.probs = <double*>malloc(self.max_legal * sizeof(double))
        self.target = <int*>malloc(max(1, self.n_target) * sizeof(int))
        self.pinned = <uint8_t*>malloc(max(1, self.n_target))
        self.max_path = MAX_PATH
        self.path = <PathStep*>malloc(self.max_path * sizeof(PathStep))
        self.sig_buf = <double*>malloc(<size_t>self.max_path * self.max_legal * sizeof(double))
        self.uval = <double*>malloc(self.max_legal * sizeof(double))
        self.end_nodes = <int32_t*>malloc(MAX_END_NODES * sizeof(int32_t))
        self.cap_nodes = <int32_t>max_nodes
        self.cap_infos = <int32_t>max_nodes
        self.cap_slots = <int32_t>(max_nodes * SLOTS_PER_INFO)
        self.nodes = <PublicNode*>malloc(1024 * sizeof(PublicNode))
        self.infos = <InfoRecord*>malloc(1024 * sizeof(InfoRecord))
        self.slot_action = <int16_t*>malloc(4096 * sizeof(int16_t))
        self.regret = <double*>malloc(4096 * sizeof(double))
        self.avg = <double*>malloc(4096 * sizeof(double))
        self.slot_visits = <uint32_t*>malloc(4096 * sizeof(uint32_t))
        self.slot_value = <double*>malloc(4096 * sizeof(double))
        self.base = <double*>malloc(4096 * self.nplayers * sizeof(double))
        self.alloc_nodes = 1024
        self.alloc_infos = 1024
        self.alloc_slots = 4096
        if (self.root == NULL or self.work == NULL or self.keybuf == NULL or self.legal == NULL
                or self.sigma == NULL or self.probs == NULL or self.target == NULL or self.pinned == NULL
                or self.path == NULL or self.sig_buf == NULL or self.uval == NULL or self.base == NULL
                or self.end_nodes == NULL or self.nodes == NULL or self.infos == NULL
                or self.slot_action == NULL or self.regret == NULL or self.avg == NULL
                or self.slot_visits == NULL or self.slot_value == NULL):
            raise MemoryError()
        self.max_depth = MAX_DEPTH
        self.stack = <char*>malloc(<size_t>self.max_depth * size)
        self.es_legal = <int*>malloc(<size_t>self.max_depth * self.max_legal * sizeof(int))
        self.es_sigma = <double*>malloc(<size_t>self.max_depth * self.max_legal * sizeof(double))
        self.es_value = <double*>malloc(<size_t>self.max_depth * self.max_legal * sizeof(double))
        if self.sampling == SAMPLING_CHANCE:
            self.cs_value = <double*>malloc(<size_t>self.max_depth * self.max_legal * MAX_SEATS * sizeof(double))
        if (self.stack == NULL or self.es_legal == NULL or self.es_sigma == NULL or self.es_value == NULL
                or (self.sampling == SAMPLING_CHANCE and self.cs_value == NULL)):
            raise MemoryError()
        return 0

    cdef int _read_target(self, events) except -1:
        """The target path: per event its action and who saw it (SEEN_*)."""
        cdef int k
        for k, (a, seen) in enumerate(events):
            self.target[k] = int(a)
            self.pinned[k] = int(seen)
            if not 0 <= self.pinned[k] <= SEEN_PUBLIC:
                raise ValueError("each target event is (action, seen) with seen 0 (hidden), 1 (seen by the "
                                 "searcher only) or 2 (public)")
        return 0

    cdef void _clear_tree(self) noexcept:
        """An empty tree: the root public node alone, no records, no iterations."""
        cdef int k
        self.n_nodes = 1
        self.nodes[0].first_child = -1
        self.nodes[0].next_sibling = -1
        self.nodes[0].first_info = -1
        self.nodes[0].action = -1
        self.nodes[0].chance = 0
        self.n_infos = 0
        self.n_slots = 0
        self.n_end = 0
        self.full = False
        self.n_iter = 0
        for k in range(3):
            self.tries[k] = self.n_rejected[k] = 0
        self.updating = 0
        self.baseline = 1.0 / self.nplayers

    def __dealloc__(self):
        free(self.root); free(self.work); free(self.keybuf); free(self.legal); free(self.sigma)
        free(self.probs); free(self.target); free(self.pinned); free(self.path); free(self.end_nodes)
        free(self.sig_buf); free(self.uval); free(self.base)
        free(self.stack); free(self.es_legal); free(self.es_sigma); free(self.es_value)
        free(self.cs_value)
        free(self.nodes); free(self.infos); free(self.slot_action); free(self.regret); free(self.avg)
        free(self.slot_visits); free(self.slot_value)

    # --- memory -------------------------------------------------------------------------------------
    cdef bint _room(self, int nodes, int infos, int slots) noexcept nogil:
        """Make room for this many more nodes, records and slots; False at the cap (then nothing grows)."""
        cdef long long want
        cdef void* p
        if (self.n_nodes + nodes > self.cap_nodes or self.n_infos + infos > self.cap_infos
                or self.n_slots + slots > self.cap_slots):
            self.full = True
            return False
        if self.n_nodes + nodes > self.alloc_nodes:
            want = min(<long long>self.cap_nodes, 2 * <long long>self.alloc_nodes + nodes)
            p = realloc(self.nodes, want * sizeof(PublicNode))
            if p == NULL:
                self.full = True
                return False
            self.nodes = <PublicNode*>p
            self.alloc_nodes = <int32_t>want
        if self.n_infos + infos > self.alloc_infos:
            want = min(<long long>self.cap_infos, 2 * <long long>self.alloc_infos + infos)
            p = realloc(self.infos, want * sizeof(InfoRecord))
            if p == NULL:
                self.full = True
                return False
            self.infos = <InfoRecord*>p
            self.alloc_infos = <int32_t>want
        if self.n_slots + slots > self.alloc_slots:
            want = min(<long long>self.cap_slots, 2 * <long long>self.alloc_slots + slots)
            if not self._grow_slots(want):
                self.full = True
                return False
        return True

    cdef bint _grow_slots(self, long long want) noexcept nogil:
        cdef void* p
        p = realloc(self.slot_action, want * sizeof(int16_t))
        if p == NULL:
            return False
        self.slot_action = <int16_t*>p
        p = realloc(self.regret, want * sizeof(double))
        if p == NULL:
            return False
        self.regret = <double*>p
        p = realloc(self.avg, want * sizeof(double))
        if p == NULL:
            return False
        self.avg = <double*>p
        p = realloc(self.slot_visits, want * sizeof(uint32_t))
        if p == NULL:
            return False
        self.slot_visits = <uint32_t*>p
        p = realloc(self.slot_value, want * sizeof(double))
        if p == NULL:
            return False
        self.slot_value = <double*>p
        p = realloc(self.base, want * self.nplayers * sizeof(double))
        if p == NULL:
            return False
        self.base = <double*>p
        self.alloc_slots = <int32_t>want
        return True

    cdef int32_t _child(self, int32_t node, int action, bint chance, bint make) noexcept nogil:
        """The child of ``node`` by ``action`` (-1 if absent and not ``make``, or at the cap)."""
        cdef int32_t ch = self.nodes[node].first_child
        while ch >= 0:
            if self.nodes[ch].action == action and self.nodes[ch].chance == chance:
                return ch
            ch = self.nodes[ch].next_sibling
        if not make or not self._room(1, 0, 0):
            return -1
        ch = self.n_nodes
        self.n_nodes += 1
        self.nodes[ch].first_child = -1
        self.nodes[ch].first_info = -1
        self.nodes[ch].action = <int16_t>action
        self.nodes[ch].chance = chance
        self.nodes[ch].next_sibling = self.nodes[node].first_child
        self.nodes[node].first_child = ch
        return ch

    cdef int32_t _record(self, int32_t node, uint32_t key, int player, const int* legal, int n) noexcept nogil:
        """Seat ``player``'s record with ``key`` at ``node``, made if new (-1 at the cap, or when the
        record's actions are not ``legal``: a key shared by sets that differ)."""
        cdef int32_t r = self.nodes[node].first_info
        cdef int j
        while r >= 0:
            if self.infos[r].key == key and self.infos[r].player == player:
                if self.infos[r].n != n:
                    return -1
                for j in range(n):
                    if self.slot_action[self.infos[r].slot + j] != legal[j]:
                        return -1
                return r
            r = self.infos[r].next
        if not self._room(0, 1, n):
            return -1
        r = self.n_infos
        self.n_infos += 1
        self.infos[r].key = key
        self.infos[r].player = <int8_t>player
        self.infos[r].n = <int16_t>n
        self.infos[r].slot = self.n_slots
        self.infos[r].next = self.nodes[node].first_info
        self.nodes[node].first_info = r
        for j in range(n):
            self.slot_action[self.n_slots + j] = <int16_t>legal[j]
            self.regret[self.n_slots + j] = 0.0
            self.avg[self.n_slots + j] = 0.0
            self.slot_visits[self.n_slots + j] = 0
            self.slot_value[self.n_slots + j] = 0.0
        memset(&self.base[<size_t>self.n_slots * self.nplayers], 0, n * self.nplayers * sizeof(double))
        self.n_slots += n
        return r

    cdef uint32_t _key(self, const void* st, int p) noexcept nogil:
        """Seat ``p``'s private key in ``st``: a hash of ``st`` with everything hidden from ``p`` canonical."""
        memcpy(self.keybuf, st, self.vt.state_size)
        self.vt.canonicalize(self.keybuf, p)
        return _hash(self.keybuf, self.vt.state_size)

    cdef int _sample_chance(self, void* st, double* prob) noexcept nogil:
        """A chance outcome drawn by its odds (not applied); its probability in ``prob``."""
        cdef int n = self.vt.legal_actions(st, self.legal), j
        for j in range(n):
            self.probs[j] = self.vt.chance_probability(st, self.legal[j])
        j = _pick(self.probs, n, rng_unit(&self.rng))
        prob[0] = self.probs[j]
        return self.legal[j]

    # --- one iteration --------------------------------------------------------------------------------
    cdef void _iterate(self) noexcept nogil:
        """Sample one history -- untargeted, or targeted at the searcher's information set or at its
        public history -- then update the updating seat."""
        cdef const GameVT* vt = self.vt
        cdef void* st = self.work
        cdef double ret[MAX_SEATS]
        cdef Odds odds
        cdef int i = self.updating, p, n, j, a, k = 0, m = 0, mode
        cdef int32_t node = 0, rec
        cdef bint grown = False, on_path, forced
        cdef double reach_others = 1.0, reach_own = 1.0, prob, q_h
        self.updating = (i + 1) % self.nplayers
        mode = self._mode()
        self.tries[mode] += 1
        odds.q[MODE_FREE] = odds.q[MODE_INFOSET] = odds.q[MODE_PUBLIC] = 1.0
        odds.follows[MODE_FREE] = odds.follows[MODE_INFOSET] = odds.follows[MODE_PUBLIC] = True
        memcpy(st, self.root, vt.state_size)
        while m < self.max_path:
            p = vt.current_player(st)
            if p == TERMINAL:
                break
            on_path = odds.follows[MODE_PUBLIC] and k < self.n_target
            forced = on_path and mode != MODE_FREE and self.pinned[k] >= LEVEL[mode]
            q_h = self._q(&odds)
            if p == CHANCE:
                if forced:
                    a = self.target[k]
                    if not self._legal_outcome(st, a, &prob):
                        self.n_rejected[mode] += 1
                        return
                else:
                    a = self._sample_chance(st, &prob)
                self._follow(&odds, k, on_path, a, prob)
                self._step(m, -1, -1, 0, 0, prob, q_h, self._q(&odds), reach_others)
                m += 1
                reach_others *= prob
                k += on_path
                if node >= 0 and vt.chance_public != NULL and vt.chance_public(st):
                    node = self._descend(node, a, True, mode != MODE_FREE and on_path, &grown)
                vt.apply_action(st, a)
                if grown:
                    break
                continue
            # a decision: the seat's record, its strategy, the sampled (or forced) action
            n = vt.legal_actions(st, self.legal)
            rec = self._record(node, self._key(st, p), p, self.legal, n) if node >= 0 else -1
            if rec < 0 and not (mode != MODE_FREE and on_path):
                break                                       # no statistics here: score the leaf
            self._strategy(rec, n, p == i)
            if forced:
                j = 0
                while j < n and self.legal[j] != self.target[k]:
                    j += 1
                if j == n:
                    self.n_rejected[mode] += 1
                    return
            else:
                j = _pick(self.probs, n, rng_unit(&self.rng))
            self._follow(&odds, k, on_path, self.legal[j], self.probs[j])
            if rec >= 0 and odds.follows[MODE_PUBLIC] and k == self.n_target:
                self._note_end(node)
                if odds.follows[MODE_INFOSET]:
                    self.slot_visits[self.infos[rec].slot + j] += 1     # the searcher's own decision
            if p == i and rec >= 0:
                self._average(rec, reach_own / q_h)
            self._step(m, p, rec, n, j, self.sigma[j], q_h, self._q(&odds), reach_others)
            m += 1
            if p == i:
                reach_own *= self.sigma[j]
            else:
                reach_others *= self.sigma[j]
            a = self.legal[j]
            k += on_path
            if node >= 0:
                node = self._descend(node, a, False, mode != MODE_FREE and on_path, &grown)
            vt.apply_action(st, a)
            if grown:
                break
        self._leaf(st, ret)
        self._backup(ret[i] - self.baseline, i, m)
        self.n_iter += 1

    # --- external sampling ----------------------------------------------------------------------------
    cdef void _iterate_external(self) noexcept nogil:
        """One external-sampling iteration (Lanctot et al. 2009): chance and the other seats sampled (or
        forced along the target path), every action of the updating seat tried."""
        cdef Follow f
        cdef int i = self.updating, mode = self._mode()
        cdef int budget = self.expand
        self.updating = (i + 1) % self.nplayers
        self.tries[mode] += 1
        f.infoset = f.public = True
        f.r_infoset = f.r_public = 1.0
        self.aborted = False
        memcpy(self.stack, self.root, self.vt.state_size)
        self._external(0, 0, 0, i, mode, f, 1.0, &budget)
        if self.aborted:
            self.n_rejected[mode] += 1
        else:
            self.n_iter += 1

    cdef double _external(self, int d, int32_t node, int k, int i, int mode, Follow f, double reach_own,
                          int* budget) noexcept nogil:
        """The updating seat ``i``'s sampled value of the state at depth ``d`` (``self.stack``), updating
        its regrets and average strategy on the way back."""
        cdef const GameVT* vt = self.vt
        cdef char* st = &self.stack[<size_t>d * vt.state_size]
        cdef char* nxt = &self.stack[<size_t>(d + 1) * vt.state_size]
        cdef int* legal = &self.es_legal[<size_t>d * self.max_legal]
        cdef double* sig = &self.es_sigma[<size_t>d * self.max_legal]
        cdef double* val = &self.es_value[<size_t>d * self.max_legal]
        cdef double ret[MAX_SEATS]
        cdef int p = vt.current_player(st), n, j
        cdef int32_t rec, child
        cdef bint on_path = f.public and k < self.n_target, forced, on_target
        cdef double vh
        cdef Follow g
        if p == TERMINAL or d + 2 >= self.max_depth:
            self._leaf(st, ret)
            return ret[i]
        forced = on_path and mode != MODE_FREE and self.pinned[k] >= LEVEL[mode]
        on_target = on_path and mode != MODE_FREE
        if p == CHANCE:
            return self._external_chance(d, node, k, i, mode, f, reach_own, budget, forced, on_path, on_target)
        n = vt.legal_actions(st, legal)
        rec = self._record(node, self._key(st, p), p, legal, n) if node >= 0 else -1
        if rec < 0 and not on_target:
            self._leaf(st, ret)                             # the frontier: score the leaf
            return ret[i]
        if rec >= 0:
            regret_match(&self.regret[self.infos[rec].slot], sig, n)
        else:
            for j in range(n):
                sig[j] = 1.0 / n
        if p != i:
            j = self._target_index(legal, n, k) if forced else _pick(sig, n, rng_unit(&self.rng))
            if j < 0:
                self.aborted = True
                return 0.0
            g = self._follow_other(f, k, on_path, legal[j], sig[j])
            memcpy(nxt, st, vt.state_size)
            vt.apply_action(nxt, legal[j])
            child = self._grow(node, legal[j], False, on_target, budget) if node >= 0 else -1
            return self._external(d + 1, child, k + on_path, i, mode, g, reach_own, budget)
        if on_target:
            # a targeted iteration before the path's end: the values below include forced steps, which
            # only the whole history's odds could correct, so the path is followed without updates
            j = self._target_index(legal, n, k) if forced else _pick(sig, n, rng_unit(&self.rng))
            if j < 0:
                self.aborted = True
                return 0.0
            g = self._follow_own(f, k, on_path, legal[j])
            memcpy(nxt, st, vt.state_size)
            vt.apply_action(nxt, legal[j])
            child = self._grow(node, legal[j], False, True, budget) if node >= 0 else -1
            return self._external(d + 1, child, k + 1, i, mode, g, reach_own * sig[j], budget)
        # the updating seat: every action
        vh = 0.0
        for j in range(n):
            g = self._follow_own(f, k, on_path, legal[j])
            memcpy(nxt, st, vt.state_size)
            vt.apply_action(nxt, legal[j])
            child = self._grow(node, legal[j], False, on_target and g.public, budget) if node >= 0 else -1
            val[j] = self._external(d + 1, child, k + (on_path and g.public), i, mode, g, reach_own * sig[j], budget)
            if self.aborted:
                return 0.0
            vh += sig[j] * val[j]
        if rec >= 0:
            self._external_update(node, rec, p, k, f, n, sig, val, vh, reach_own)
        return vh

    cdef double _external_chance(self, int d, int32_t node, int k, int i, int mode, Follow f, double reach_own,
                                 int* budget, bint forced, bint on_path, bint on_target) noexcept nogil:
        """_external at a chance node: the target's outcome where the iteration is pinned to it (an
        illegal one aborts the iteration), else one drawn by its odds; a public outcome grows the
        public tree."""
        cdef const GameVT* vt = self.vt
        cdef char* st = &self.stack[<size_t>d * vt.state_size]
        cdef char* nxt = &self.stack[<size_t>(d + 1) * vt.state_size]
        cdef int a
        cdef int32_t child = node
        cdef double prob
        cdef Follow g
        if forced:
            a = self.target[k]
            if not self._legal_outcome(st, a, &prob):
                self.aborted = True
                return 0.0
        else:
            a = self._sample_chance(st, &prob)
        g = self._follow_other(f, k, on_path, a, prob)
        memcpy(nxt, st, vt.state_size)
        vt.apply_action(nxt, a)
        if node >= 0 and vt.chance_public != NULL and vt.chance_public(st):
            child = self._grow(node, a, True, on_target, budget)
        return self._external(d + 1, child, k + on_path, i, mode, g, reach_own, budget)

    cdef int _target_index(self, const int* legal, int n, int k) noexcept nogil:
        """The index in ``legal`` of the target path's ``k``-th action, or -1 when it is not legal."""
        cdef int j
        for j in range(n):
            if legal[j] == self.target[k]:
                return j
        return -1

    cdef void _external_update(self, int32_t node, int32_t rec, int p, int k, Follow f, int n, const double* sig,
                               const double* val, double vh, double reach_own) noexcept nogil:
        """The updating seat's regrets and average strategy at ``rec`` from the sampled action values
        ``val`` (``vh`` their mean under ``sig``); at the searcher's information set at the target's
        end, also the values reported per action."""
        cdef double w = self._weight(f) * (1.0 + self.linear * self.n_iter)
        cdef int32_t slot = self.infos[rec].slot
        cdef int j
        for j in range(n):
            self.regret[slot + j] += w * (val[j] - vh)
            if self.plus and self.regret[slot + j] < 0.0:
                self.regret[slot + j] = 0.0
            self.avg[slot + j] += reach_own * w * sig[j]
        if f.public and f.infoset and k == self.n_target and p == self.seat:
            self._note_end(node)
            for j in range(n):
                self.slot_value[slot + j] += val[j]
            self.n_estimates += 1

    # --- chance sampling ------------------------------------------------------------------------------
    cdef void _iterate_chance(self) noexcept nogil:
        """One chance-sampled iteration (Zinkevich et al. 2007; Lanctot et al. 2009): one world of
        chance outcomes, every seat's every action in the tree, every seat's regrets updated."""
        cdef double reach[MAX_SEATS]
        cdef double out[MAX_SEATS]
        cdef int budget = self.expand * self.chance_width, p
        for p in range(self.nplayers):
            reach[p] = 1.0
        self.aborted = False
        self.pass_width = 1
        memcpy(self.stack, self.root, self.vt.state_size)
        self._chance_sampled(0, 0, 0, True, 1.0, reach, 1, &budget, out)
        if self.aborted:
            self.n_rejected[MODE_FREE] += 1
        else:
            self.n_iter += self.pass_width              # an iteration per world of chance outcomes covered

    cdef void _chance_sampled(self, int d, int32_t node, int k, bint on_path, double ratio, const double* reach,
                              int width, int* budget, double* out) noexcept nogil:
        """Every seat's value of the state at depth ``d`` into ``out``, updating the regrets and average
        strategies below.  ``ratio`` is chance's part of the counterfactual reach: the product of the
        probabilities of the outcomes taken, each over the probability it was sampled with (1 for an
        outcome among all those enumerated); ``width`` is how many worlds this iteration's chance events
        have enumerated so far."""
        cdef const GameVT* vt = self.vt
        cdef char* st = &self.stack[<size_t>d * vt.state_size]
        cdef char* nxt = &self.stack[<size_t>(d + 1) * vt.state_size]
        cdef int* legal = &self.es_legal[<size_t>d * self.max_legal]
        cdef double* sig = &self.es_sigma[<size_t>d * self.max_legal]
        cdef double* val = &self.cs_value[<size_t>d * self.max_legal * MAX_SEATS]
        cdef double child_reach[MAX_SEATS]
        cdef int p = vt.current_player(st), n, j, a, q, np_ = self.nplayers
        cdef int32_t rec, child
        cdef double prob, sampled, cf
        if p == TERMINAL or d + 2 >= self.max_depth:
            self._leaf(st, out)
            return
        if p == CHANCE:
            self._chance_event(d, node, k, on_path, ratio, reach, width, budget, out)
            return
        n = vt.legal_actions(st, legal)
        rec = self._record(node, self._key(st, p), p, legal, n) if node >= 0 else -1
        if rec < 0 and not (on_path and k < self.n_target):
            self._leaf(st, out)                             # the frontier: score the leaf
            return
        if rec >= 0:
            regret_match(&self.regret[self.infos[rec].slot], sig, n)
        else:
            for j in range(n):
                sig[j] = 1.0 / n
        for q in range(np_):
            out[q] = 0.0
        for j in range(n):
            memcpy(child_reach, reach, np_ * sizeof(double))
            child_reach[p] *= sig[j]
            memcpy(nxt, st, vt.state_size)
            vt.apply_action(nxt, legal[j])
            a = on_path and k < self.n_target and (self.pinned[k] == SEEN_HIDDEN or legal[j] == self.target[k])
            child = self._grow(node, legal[j], False, a, budget) if node >= 0 else -1
            self._chance_sampled(d + 1, child, k + 1, a, ratio, child_reach, width, budget, &val[j * MAX_SEATS])
            if self.aborted:
                return
            for q in range(np_):
                out[q] += sig[j] * val[j * MAX_SEATS + q]
        if rec < 0:
            return
        cf = ratio * (1.0 + self.linear * self.n_iter)
        for q in range(np_):
            if q != p:
                cf *= reach[q]
        for j in range(n):
            self.regret[self.infos[rec].slot + j] += cf * (val[j * MAX_SEATS + p] - out[p])
            if self.plus and self.regret[self.infos[rec].slot + j] < 0.0:
                self.regret[self.infos[rec].slot + j] = 0.0
            self.avg[self.infos[rec].slot + j] += ratio * reach[p] * sig[j] * (1.0 + self.linear * self.n_iter)
        if on_path and k == self.n_target and p == self.seat and self.infos[rec].key == self.target_key:
            self._note_end(node)
            for j in range(n):
                self.slot_value[self.infos[rec].slot + j] += val[j * MAX_SEATS + p]
            self.n_estimates += 1

    cdef void _chance_event(self, int d, int32_t node, int k, bint on_path, double ratio, const double* reach,
                            int width, int* budget, double* out) noexcept nogil:
        """A chance event in a chance-sampled iteration: every outcome, weighted by its probability, while
        the iteration's worlds stay within ``chance_width``; else one outcome drawn by its odds -- or, at an
        event of the target path the searcher saw, the outcome it saw with probability ``target_share``
        -- whose values are weighted by its probability over the probability it was drawn with."""
        cdef const GameVT* vt = self.vt
        cdef char* st = &self.stack[<size_t>d * vt.state_size]
        cdef char* nxt = &self.stack[<size_t>(d + 1) * vt.state_size]
        cdef int* outcomes = &self.es_legal[<size_t>d * self.max_legal]
        cdef double* probs = &self.es_sigma[<size_t>d * self.max_legal]
        cdef double* val = &self.cs_value[<size_t>d * self.max_legal * MAX_SEATS]
        cdef bint public = vt.chance_public != NULL and vt.chance_public(st)
        cdef bint pinned = on_path and k < self.n_target and self.pinned[k] >= SEEN_PRIVATE
        cdef int n = vt.legal_actions(st, outcomes), j, q, np_ = self.nplayers, a
        cdef double prob, drawn
        cdef int32_t child
        cdef bint follows
        for j in range(n):
            probs[j] = vt.chance_probability(st, outcomes[j])
        if width * n <= self.chance_width:
            if width * n > self.pass_width:
                self.pass_width = width * n
            for q in range(np_):
                out[q] = 0.0
            for j in range(n):
                if probs[j] <= 0.0:
                    continue
                follows = on_path and k < self.n_target and (not pinned or outcomes[j] == self.target[k])
                memcpy(nxt, st, vt.state_size)
                vt.apply_action(nxt, outcomes[j])
                child = self._grow(node, outcomes[j], True, follows, budget) if node >= 0 and public else node
                self._chance_sampled(d + 1, child, k + 1, follows, ratio * probs[j], reach, width * n, budget,
                                     &val[j * MAX_SEATS])
                if self.aborted:
                    return
                for q in range(np_):
                    out[q] += probs[j] * val[j * MAX_SEATS + q]
            return
        if pinned and rng_unit(&self.rng) < self.target_share:
            a = self.target[k]
            if not self._legal_outcome(st, a, &prob):
                self.aborted = True
                return
        else:
            j = _pick(probs, n, rng_unit(&self.rng))
            a = outcomes[j]
            prob = probs[j]
        follows = on_path and k < self.n_target and (not pinned or a == self.target[k])
        drawn = (self.target_share * (a == self.target[k]) + (1.0 - self.target_share) * prob) if pinned else prob
        memcpy(nxt, st, vt.state_size)
        vt.apply_action(nxt, a)
        child = self._grow(node, a, True, follows, budget) if node >= 0 and public else node
        self._chance_sampled(d + 1, child, k + 1, follows, ratio * prob / drawn, reach, width, budget, out)
        for q in range(np_):
            out[q] *= prob / drawn

    cdef int32_t _grow(self, int32_t node, int a, bint chance, bint on_target, int* budget) noexcept nogil:
        """The child of ``node`` by ``a``, made if it is on the target path or the iteration may still
        add a node (-1: not in the tree, a leaf)."""
        cdef int32_t before = self.n_nodes, child
        child = self._child(node, a, chance, on_target or budget[0] > 0)
        if child >= before and not on_target:
            budget[0] -= 1
        return child

    cdef Follow _follow_other(self, Follow f, int k, bint on_path, int a, double prob) noexcept nogil:
        """After chance or another seat takes ``a`` (probability ``prob``) at path step ``k``: a targeted
        way of sampling that forces this step had it with probability 1 where the strategies give
        ``prob`` (its ratio to the strategies' grows by 1 / prob), or could not have taken ``a``."""
        if on_path and self.pinned[k] >= SEEN_PRIVATE and f.infoset:
            if a != self.target[k]:
                f.infoset = False
            else:
                f.r_infoset = f.r_infoset / prob if prob > 0.0 else 1e300
        if on_path and self.pinned[k] >= SEEN_PUBLIC and f.public:
            if a != self.target[k]:
                f.public = False
                f.infoset = False
            else:
                f.r_public = f.r_public / prob if prob > 0.0 else 1e300
        return f

    cdef Follow _follow_own(self, Follow f, int k, bint on_path, int a) noexcept nogil:
        """After the updating seat takes ``a`` at path step ``k`` (its own actions are tried, not sampled)."""
        if on_path and self.pinned[k] >= SEEN_PRIVATE and a != self.target[k]:
            f.infoset = False
        if on_path and self.pinned[k] >= SEEN_PUBLIC and a != self.target[k]:
            f.public = False
            f.infoset = False
        return f

    cdef double _weight(self, Follow f) noexcept nogil:
        """The others' and chance's reach over the probability of having sampled their part of the
        history (the mix of the ways of sampling), for the counterfactual values."""
        cdef double q = self.share[MODE_FREE]
        if f.infoset and self.share[MODE_INFOSET] > 0.0:
            q += self.share[MODE_INFOSET] * f.r_infoset * (self.tries[MODE_INFOSET] + 1.0) / (
                self.tries[MODE_INFOSET] - self.n_rejected[MODE_INFOSET] + 1.0)
        if f.public and self.share[MODE_PUBLIC] > 0.0:
            q += self.share[MODE_PUBLIC] * f.r_public * (self.tries[MODE_PUBLIC] + 1.0) / (
                self.tries[MODE_PUBLIC] - self.n_rejected[MODE_PUBLIC] + 1.0)
        return 1.0 / q if q > 0.0 else 0.0

    cdef int _mode(self) noexcept nogil:
        """How this iteration samples: free, targeted at the information set, or at the public history."""
        cdef double u = rng_unit(&self.rng)
        if u < self.share[MODE_INFOSET]:
            return MODE_INFOSET
        if u < self.share[MODE_INFOSET] + self.share[MODE_PUBLIC]:
            return MODE_PUBLIC
        return MODE_FREE

    cdef void _follow(self, Odds* odds, int k, bint on_path, int a, double s) noexcept nogil:
        """Account for taking ``a`` (sampled with probability ``s`` when not forced) at path step ``k``:
        a targeting mode forces the path's steps it pins (probability 1; another action is one it could
        not have sampled) and samples the rest like free sampling."""
        cdef int mode
        odds.q[MODE_FREE] *= s
        for mode in range(MODE_INFOSET, MODE_PUBLIC + 1):
            if not odds.follows[mode]:
                continue
            if on_path and self.pinned[k] >= LEVEL[mode]:
                if a != self.target[k]:
                    odds.follows[mode] = False
            else:
                odds.q[mode] *= s

    cdef double _q(self, Odds* odds) noexcept nogil:
        """The probability of the history so far under the mix of the three ways of sampling (a
        targeted way's abandoned iterations, whose world could not follow the path, accounted for by
        its acceptance rate)."""
        cdef double q = self.share[MODE_FREE] * odds.q[MODE_FREE], accepted
        cdef int mode
        for mode in range(MODE_INFOSET, MODE_PUBLIC + 1):
            if odds.follows[mode] and self.share[mode] > 0.0:
                accepted = (self.tries[mode] - self.n_rejected[mode] + 1.0) / (self.tries[mode] + 1.0)
                q += self.share[mode] * odds.q[mode] / accepted
        return q

    cdef void _step(self, int m, int player, int32_t rec, int n, int chosen, double sigma, double q_before,
                    double q_after, double reach) noexcept nogil:
        """Record step ``m`` of the sampled history for the backward pass (its strategy is copied)."""
        cdef PathStep* s = &self.path[m]
        s.player = <int8_t>player
        s.rec = rec
        s.n = <int16_t>n
        s.chosen = <int16_t>chosen
        s.sigma = sigma
        s.q = q_before
        s.q_next = q_after
        s.reach = reach
        if rec >= 0:
            memcpy(&self.sig_buf[<size_t>m * self.max_legal], self.sigma, n * sizeof(double))

    cdef void _backup(self, double v, int i, int m) noexcept nogil:
        """The backward pass (variance-reduced outcome sampling; Schmid et al. 2019): from the leaf up,
        each step's value for the updating seat ``i`` is estimated from its actions' baselines, the
        action taken corrected by its sampled value over the probability it was sampled with; the seat's
        regrets gain (others' reach / q) * (action value - value), and each baseline moves towards the
        value seen after its action."""
        cdef PathStep* s
        cdef int j, np_ = self.nplayers
        cdef double* b
        cdef double* sig
        cdef double sampled, vh, w
        while m > 0:
            m -= 1
            s = &self.path[m]
            sampled = s.q_next / s.q if s.q > 0.0 else 0.0   # the chance of the step taken, given the prefix
            if sampled <= 0.0:
                return
            if s.rec < 0:
                v *= s.sigma / sampled                        # no baselines: the plain importance weight
                continue
            sig = &self.sig_buf[<size_t>m * self.max_legal]
            vh = 0.0
            for j in range(s.n):
                b = &self.base[<size_t>(self.infos[s.rec].slot + j) * np_ + i]
                self.uval[j] = b[0] + ((v - b[0]) / sampled if j == s.chosen else 0.0)
                vh += sig[j] * self.uval[j]
            if s.player == i:
                w = s.reach / s.q
                for j in range(s.n):
                    self.regret[self.infos[s.rec].slot + j] += w * (self.uval[j] - vh)
                if i == self.seat and self._is_target(s.rec):
                    for j in range(s.n):
                        self.slot_value[self.infos[s.rec].slot + j] += self.uval[j] + self.baseline
                    self.n_estimates += 1
            b = &self.base[<size_t>(self.infos[s.rec].slot + s.chosen) * np_ + i]
            b[0] += BASELINE_RATE * (v - b[0])
            v = vh

    cdef bint _is_target(self, int32_t rec) noexcept nogil:
        return self.infos[rec].key == self.target_key and self.infos[rec].player == self.seat and self._at_end(rec)

    cdef bint _at_end(self, int32_t rec) noexcept nogil:
        """Whether record ``rec`` hangs at a public node where the target path ends."""
        cdef int e
        cdef int32_t r
        for e in range(self.n_end):
            r = self.nodes[self.end_nodes[e]].first_info
            while r >= 0:
                if r == rec:
                    return True
                r = self.infos[r].next
        return False

    cdef void _strategy(self, int32_t rec, int n, bint updating) noexcept nogil:
        """The current strategy into ``sigma`` (regret matching; uniform without a record) and the
        sampling distribution into ``probs`` (with exploration for the updating seat)."""
        cdef int j
        if rec >= 0:
            regret_match(&self.regret[self.infos[rec].slot], self.sigma, n)
        else:
            for j in range(n):
                self.sigma[j] = 1.0 / n
        for j in range(n):
            self.probs[j] = self.epsilon / n + (1.0 - self.epsilon) * self.sigma[j] if updating else self.sigma[j]

    cdef void _leaf(self, void* st, double* ret) noexcept nogil:
        """The rewards at the end of the sampled history: the game's, its static evaluation, or a playout's."""
        if self.vt.current_player(st) == TERMINAL:
            self.vt.returns(st, ret)
        elif not (self.use_eval and self.vt.evaluate(st, &self.rng, ret)):
            self.playout_fn(st, &self.rng)
            self.vt.returns(st, ret)

    cdef bint _legal_outcome(self, void* st, int a, double* prob) noexcept nogil:
        """Whether chance outcome ``a`` can happen in ``st`` (its probability in ``prob``)."""
        cdef int n = self.vt.legal_actions(st, self.legal), j
        for j in range(n):
            if self.legal[j] == a:
                prob[0] = self.vt.chance_probability(st, a)
                return prob[0] > 0.0
        return False

    cdef int32_t _descend(self, int32_t node, int a, bint chance, bint on_target, bint* grown) noexcept nogil:
        """The tree node after ``a``: the target path is always added to the tree; elsewhere one new
        node per iteration, after which the iteration scores its leaf (``grown``)."""
        cdef int32_t before = self.n_nodes, child
        child = self._child(node, a, chance, on_target or not grown[0])
        if child >= before and not on_target:
            grown[0] = True
        return child

    cdef void _note_end(self, int32_t node) noexcept nogil:
        cdef int e
        for e in range(self.n_end):
            if self.end_nodes[e] == node:
                return
        if self.n_end < MAX_END_NODES:
            self.end_nodes[self.n_end] = node
            self.n_end += 1

    cdef void _average(self, int32_t rec, double weight) noexcept nogil:
        """Add the current strategy (in ``sigma``) to the record's average, weighted by the seat's own
        reach over the probability of sampling this far (stochastically weighted averaging)."""
        cdef int j, s = self.infos[rec].slot
        for j in range(self.infos[rec].n):
            self.avg[s + j] += weight * self.sigma[j]

    # --- Python face ----------------------------------------------------------------------------------
    def run(self, long long count):
        """Run at least ``count`` more iterations (without the GIL; a chance-sampled pass that enumerates
        W worlds of chance outcomes counts W); the total so far."""
        cdef long long goal = self.n_iter + count, tries = 0, most = 4 * count + 16
        if count < 0:
            raise ValueError("count must be >= 0")
        with nogil:
            while self.n_iter < goal and tries < most:
                tries += 1
                if self.sampling == SAMPLING_CHANCE:
                    self._iterate_chance()
                elif self.sampling == SAMPLING_EXTERNAL:
                    self._iterate_external()
                else:
                    self._iterate()
        return self.n_iter

    def policy(self):
        """``{action: probability}``: the average strategy at the searcher's information set (summed
        over the public nodes where the target path ends), or None before any iteration reached it."""
        cdef int e, j
        cdef int32_t r
        total = {}
        for e in range(self.n_end):
            r = self.nodes[self.end_nodes[e]].first_info
            while r >= 0:
                if self.infos[r].key == self.target_key and self.infos[r].player == self.seat:
                    for j in range(self.infos[r].n):
                        a = self.slot_action[self.infos[r].slot + j]
                        total[a] = total.get(a, 0.0) + self.avg[self.infos[r].slot + j]
                r = self.infos[r].next
        mass = sum(total.values())
        if not total or mass <= 0.0:
            return None
        return {a: v / mass for a, v in sorted(total.items())}

    def visits(self):
        """``{action: (times taken, the searcher's expected reward after it)}`` at its information set
        (the reward estimated by the backward passes that updated the searcher there)."""
        cdef int e, j, s
        cdef int32_t r
        out = {}
        for e in range(self.n_end):
            r = self.nodes[self.end_nodes[e]].first_info
            while r >= 0:
                if self.infos[r].key == self.target_key and self.infos[r].player == self.seat:
                    for j in range(self.infos[r].n):
                        s = self.infos[r].slot + j
                        count, total = out.get(self.slot_action[s], (0, 0.0))
                        out[self.slot_action[s]] = (count + self.slot_visits[s], total + self.slot_value[s])
                r = self.infos[r].next
        return {a: (c, t / self.n_estimates if self.n_estimates else 0.0) for a, (c, t) in out.items()}

    @property
    def iterations(self):
        return self.n_iter

    @property
    def tries(self):
        """Iterations tried per way of sampling: free, targeted at the information set, at the public history."""
        return [self.tries[k] for k in range(3)]

    @property
    def rejected(self):
        """Targeted iterations abandoned, per way of sampling, because the world could not follow the path."""
        return [self.n_rejected[k] for k in range(3)]

    @property
    def node_count(self):
        return self.n_nodes

    @property
    def info_count(self):
        return self.n_infos

    @property
    def is_full(self):
        return bool(self.full)
