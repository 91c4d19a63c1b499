# cython: language_level=3
"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012) in C-level code.

Game-agnostic: the loop only calls the :c:type:`GameVT` function pointers of the state it was given,
so every game with a kernel (Coup, Politics, ...) is searched by this one loop.

One iteration:

1. *determinize*: copy the root (an information state's ``core``, hidden parts canonical) and re-deal
   what the searching seat cannot see -- uniformly (``vt.determinize``), or, with belief inference,
   take the next state of a Markov chain over hidden deals weighted by a likelihood table
   (``vt.belief_step``);
2. *select*: from the root, at every decision node, the children whose actions are legal in this
   determinization are *available*; if a legal action has no child yet, *expand* one (chosen
   uniformly among them) and stop descending; otherwise pick the available child maximising
   ``mean + c * sqrt(ln(avail) / visits)`` (rewards of the seat choosing there) and apply its action.
   Chance events on the way are sampled (``vt.sample_chance``), not branched;
3. *playout*: ``vt.policy_playout`` (the game's cheap rollout policy) or ``vt.playout`` (uniform) to the end, then ``vt.returns`` gives one reward per seat;
4. *backpropagate*: each node on the path gains a visit and the reward of the seat that chose it;
   every available sibling met on the way has gained an availability count.

Nodes are 32-byte structs in one array (grown by ``realloc`` up to ``max_nodes``), linked by index;
no Python object is made per iteration or per node.  When ``max_nodes`` is reached the tree stops
growing and iterations play out from the deepest node they reach.
"""
from libc.math cimport log, sqrt
from libc.stdint cimport int32_t, uint32_t, uint64_t
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, memset

from intrigue.ext.rng cimport rng_next, rng_below, rng_unit
from intrigue.ext.game_api cimport GameVT, KernelState, CHANCE, TERMINAL, MAX_LEGAL, MAX_SEATS

cdef enum:
    LOG_TABLE_SIZE = 4096
    DEFAULT_MAX_DEPTH = 1024

cdef double LOG_TABLE[LOG_TABLE_SIZE]
cdef int _i
LOG_TABLE[0] = 0.0
for _i in range(1, LOG_TABLE_SIZE):
    LOG_TABLE[_i] = log(<double>_i)


cdef inline int sample_action(const int* legal, const double* probs, int n, uint64_t* rng) noexcept nogil:
    """One draw from ``probs`` over ``legal`` (one uniform, walked cumulatively; rounding falls on the
    last action with a positive probability, or the last legal one)."""
    cdef double u = rng_unit(rng)
    cdef int i, pick = -1
    for i in range(n):
        if probs[i] > 0.0:
            pick = legal[i]
            if u < probs[i]:
                break
            u -= probs[i]
    return legal[n - 1] if pick < 0 else pick


cdef inline double fast_log(uint32_t x) noexcept nogil:
    if x < LOG_TABLE_SIZE:
        return LOG_TABLE[x]
    return log(<double>x)


def node_size():
    """Bytes per tree node."""
    return sizeof(Node)


cdef class Search:
    """One search tree for one decision of one seat.

    ``Search(core, seat, seed, c=0.7, max_nodes=..., initial_nodes=..., table=None, self_p=0.0)``:
    ``core`` is the information state's kernel state (its hidden parts are never read as truth: every
    iteration re-deals them), ``seat`` the searching seat, which must be the one to decide.
    ``table`` (a sequence of ``vt.belief_table_size`` weights, or None) turns on belief-weighted
    determinization; ``self_p`` is the fraction of iterations that re-deal the searcher's own cards
    too, weighted as the others would read them (self-determinization; needs the belief hook).
    ``policy_playout`` plays out with the game's rollout policy (``vt.policy_playout``) when it has
    one, else uniformly at random (``vt.playout``).
    """

    def __cinit__(self):
        self.nodes = NULL
        self.root = NULL
        self.work = NULL
        self.chain = NULL
        self.selfchain = NULL
        self.mark_legal = NULL
        self.mark_child = NULL
        self.path = NULL
        self.table = NULL
        self.ctx_root = NULL
        self.ctx_work = NULL

    def __init__(self, KernelState core, int seat, seed, double c=0.7, long long max_nodes=8000000,
                 long long initial_nodes=65536, table=None, double self_p=0.0, int burn_in=32,
                 bint policy_playout=False, bint opponent_model=False, model_ctx=None,
                 int model_playout=0):
        cdef const GameVT* vt = core.vt
        cdef int size = vt.state_size, i
        self.vt = vt
        self.playout_fn = vt.policy_playout if (policy_playout and vt.policy_playout != NULL) else vt.playout
        self.nplayers = vt.num_players(core.ptr)
        if not 0 <= seat < self.nplayers:
            raise ValueError(f"seat {seat} is not in this game")
        if vt.current_player(core.ptr) != seat:
            raise ValueError(f"it is not seat {seat}'s decision")
        if vt.num_actions > 32767 or self.nplayers > MAX_SEATS:
            raise ValueError("the search supports up to 32767 action ids and 8 seats")
        if max_nodes < 2 or max_nodes > 2000000000:
            raise ValueError("max_nodes must be from 2 to 2e9")
        if not c >= 0.0:
            raise ValueError("the exploration constant must be >= 0")
        if not 0.0 <= self_p <= 1.0:
            raise ValueError("self_p must be from 0 to 1")
        self.seat = seat
        self.c = c
        self.rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
        self.cap_nodes = <int32_t>max_nodes
        self.cap = <int32_t>max(2, min(initial_nodes, max_nodes))
        self.nodes = <Node*>malloc(self.cap * sizeof(Node))
        self.root = <char*>malloc(size)
        self.work = <char*>malloc(size)
        self.mark_legal = <uint32_t*>malloc(vt.num_actions * sizeof(uint32_t))
        self.mark_child = <uint32_t*>malloc(vt.num_actions * sizeof(uint32_t))
        self.max_depth = DEFAULT_MAX_DEPTH
        self.path = <int32_t*>malloc(self.max_depth * sizeof(int32_t))
        if (self.nodes == NULL or self.root == NULL or self.work == NULL or self.mark_legal == NULL
                or self.mark_child == NULL or self.path == NULL):
            raise MemoryError()
        memset(self.mark_legal, 0, vt.num_actions * sizeof(uint32_t))
        memset(self.mark_child, 0, vt.num_actions * sizeof(uint32_t))
        self.stamp = 0
        memcpy(self.root, core.ptr, size)
        self.n_root_legal = vt.legal_actions(self.root, self.root_legal)
        # the root node
        self.n_nodes = 1
        memset(&self.nodes[0], 0, sizeof(Node))
        self.nodes[0].first_child = -1
        self.nodes[0].next_sibling = -1
        self.nodes[0].action = -1
        self.nodes[0].player = -1
        self.n_iter = 0
        self.n_self = 0
        self.depth_reached = 0
        # belief inference
        self.use_belief = False
        self.self_p = 0.0
        if table is not None or self_p > 0.0:
            if vt.belief_step == NULL:
                raise ValueError(f"{vt.name.decode()} has no belief hook")
            self.table = <double*>malloc(max(1, vt.belief_table_size) * sizeof(double))
            if self.table == NULL:
                raise MemoryError()
            if table is None:
                for i in range(vt.belief_table_size):
                    self.table[i] = 1.0
            else:
                if len(table) != vt.belief_table_size:
                    raise ValueError(f"the belief table needs {vt.belief_table_size} weights, not {len(table)}")
                for i in range(vt.belief_table_size):
                    self.table[i] = float(table[i])
                    if not self.table[i] >= 0.0:
                        raise ValueError("belief weights must be >= 0")
            self.use_belief = table is not None
            self.chain = <char*>malloc(size)
            if self.chain == NULL:
                raise MemoryError()
            memcpy(self.chain, self.root, size)
            vt.determinize(self.chain, seat, &self.rng)
            if self.use_belief:
                for i in range(burn_in):
                    vt.belief_step(self.chain, seat, self.table, &self.rng)
            if self_p > 0.0:
                self.self_p = self_p
                self.selfchain = <char*>malloc(size)
                if self.selfchain == NULL:
                    raise MemoryError()
                memcpy(self.selfchain, self.chain, size)
                for i in range(burn_in):
                    vt.belief_step(self.selfchain, -1, self.table, &self.rng)
        # opponent model
        self.use_model = False
        self.ctx_size = 0
        if opponent_model:
            if vt.model_probs == NULL:
                raise ValueError(f"{vt.name.decode()} has no opponent model")
            self.use_model = True
            self.ctx_size = vt.model_ctx_size if vt.model_observe != NULL else 0
            if self.ctx_size > 0:
                self.ctx_root = <char*>malloc(self.ctx_size)
                self.ctx_work = <char*>malloc(self.ctx_size)
                if self.ctx_root == NULL or self.ctx_work == NULL:
                    raise MemoryError()
                memset(self.ctx_root, 0, self.ctx_size)
                if model_ctx is not None:
                    ctx = bytes(model_ctx)
                    if len(ctx) != self.ctx_size:
                        raise ValueError(f"the model context needs {self.ctx_size} bytes, not {len(ctx)}")
                    memcpy(self.ctx_root, <const char*>ctx, self.ctx_size)
        elif model_ctx is not None:
            raise ValueError("model_ctx is only used with opponent_model=True")
        if not 0 <= model_playout <= 2 or (model_playout and not opponent_model):
            raise ValueError("model_playout is 0, 1 or 2, and needs opponent_model=True")
        self.model_playout = model_playout

    def __dealloc__(self):
        free(self.nodes)
        free(self.root)
        free(self.work)
        free(self.chain)
        free(self.selfchain)
        free(self.mark_legal)
        free(self.mark_child)
        free(self.path)
        free(self.table)
        free(self.ctx_root)
        free(self.ctx_work)

    # --- the loop -----------------------------------------------------------------------------
    cdef bint _grow(self) noexcept nogil:
        """Make room for one more node; False once ``max_nodes`` is reached (or memory runs out)."""
        cdef long long new_cap
        cdef Node* p
        if self.n_nodes < self.cap:
            return True
        if self.cap >= self.cap_nodes:
            return False
        new_cap = <long long>self.cap * 2
        if new_cap > self.cap_nodes:
            new_cap = self.cap_nodes
        p = <Node*>realloc(self.nodes, new_cap * sizeof(Node))
        if p == NULL:
            self.cap_nodes = self.cap
            return False
        self.nodes = p
        self.cap = <int32_t>new_cap
        return True

    cdef void _determinize(self) noexcept nogil:
        cdef const GameVT* vt = self.vt
        cdef int size = vt.state_size, n, i
        cdef int legal[MAX_LEGAL]
        if self.self_p > 0.0 and rng_unit(&self.rng) < self.self_p:
            vt.belief_step(self.selfchain, -1, self.table, &self.rng)
            n = vt.legal_actions(self.selfchain, legal)
            if n == self.n_root_legal and vt.current_player(self.selfchain) == self.seat:
                for i in range(n):
                    if legal[i] != self.root_legal[i]:
                        break
                else:
                    memcpy(self.work, self.selfchain, size)
                    self.n_self += 1
                    return
        if self.use_belief:
            vt.belief_step(self.chain, self.seat, self.table, &self.rng)
            memcpy(self.work, self.chain, size)
        else:
            memcpy(self.work, self.root, size)
            vt.determinize(self.work, self.seat, &self.rng)

    cdef void _iterate(self) noexcept nogil:
        cdef const GameVT* vt = self.vt
        cdef void* st = self.work
        cdef Node* nodes
        cdef int legal[MAX_LEGAL]
        cdef double ret[MAX_SEATS]
        cdef double probs[MAX_LEGAL]
        cdef int p, n, i, a, k, depth = 0, untried, pick = -1
        cdef int32_t node = 0, ch, best, fresh
        cdef double v, bestv, lg
        cdef uint32_t stamp
        cdef bint modelled
        self._determinize()
        if self.ctx_size > 0:
            memcpy(self.ctx_work, self.ctx_root, self.ctx_size)
        self.path[0] = 0
        while True:
            p = vt.current_player(st)
            while p == CHANCE:
                vt.sample_chance(st, &self.rng)
                p = vt.current_player(st)
            if p < 0 or depth + 1 >= self.max_depth:
                break
            n = vt.legal_actions(st, legal)
            self.stamp += 1
            if self.stamp == 0:                     # wrapped: clear the marks once
                memset(self.mark_legal, 0, vt.num_actions * sizeof(uint32_t))
                memset(self.mark_child, 0, vt.num_actions * sizeof(uint32_t))
                self.stamp = 1
            stamp = self.stamp
            for i in range(n):
                self.mark_legal[legal[i]] = stamp
            nodes = self.nodes
            modelled = self.use_model and p != self.seat
            if modelled:
                # an opponent decides as the opponent model says (sampled), not by its statistics
                self.vt.model_probs(st, self.ctx_work, legal, n, probs)
                pick = sample_action(legal, probs, n, &self.rng)
            best = -1
            bestv = -1e300
            k = 0
            ch = nodes[node].first_child
            while ch >= 0:
                a = nodes[ch].action
                if self.mark_legal[a] == stamp:
                    self.mark_child[a] = stamp
                    k += 1
                    if modelled:
                        if a == pick:
                            best = ch
                    else:
                        lg = fast_log(nodes[ch].avail)
                        v = nodes[ch].reward / nodes[ch].visits + self.c * sqrt(lg / nodes[ch].visits)
                        if v > bestv:
                            bestv = v
                            best = ch
                    nodes[ch].avail += 1
                ch = nodes[ch].next_sibling
            untried = n - k
            if (untried > 0 and not modelled) or (modelled and best < 0):
                if not self._grow():
                    break                           # memory cap: play out from here
                if modelled:
                    a = pick
                else:
                    i = rng_below(&self.rng, untried)
                    for a in range(n):
                        if self.mark_child[legal[a]] != stamp:
                            if i == 0:
                                break
                            i -= 1
                    a = legal[a]
                nodes = self.nodes
                fresh = self.n_nodes
                self.n_nodes += 1
                nodes[fresh].reward = 0.0
                nodes[fresh].visits = 0
                nodes[fresh].avail = 1
                nodes[fresh].action = a
                nodes[fresh].player = p
                nodes[fresh].flags = 0
                nodes[fresh].first_child = -1
                nodes[fresh].next_sibling = nodes[node].first_child
                nodes[node].first_child = fresh
                if self.ctx_size > 0:
                    vt.model_observe(self.ctx_work, st, a)
                vt.apply_action(st, a)
                depth += 1
                self.path[depth] = fresh
                break
            if self.ctx_size > 0:
                vt.model_observe(self.ctx_work, st, nodes[best].action)
            vt.apply_action(st, nodes[best].action)
            node = best
            depth += 1
            self.path[depth] = best
        if self.model_playout:
            self._model_playout(st)
        else:
            self.playout_fn(st, &self.rng)
        vt.returns(st, ret)
        nodes = self.nodes
        nodes[0].visits += 1
        for i in range(1, depth + 1):
            node = self.path[i]
            nodes[node].visits += 1
            nodes[node].reward += ret[nodes[node].player]
        if depth > self.depth_reached:
            self.depth_reached = depth
        self.n_iter += 1

    cdef void _model_playout(self, void* st) noexcept nogil:
        """Play to the end with the opponent model (for the searcher too when model_playout == 2)."""
        cdef const GameVT* vt = self.vt
        cdef int legal[MAX_LEGAL]
        cdef double probs[MAX_LEGAL]
        cdef int p, n, i, a
        while True:
            p = vt.current_player(st)
            if p == CHANCE:
                vt.sample_chance(st, &self.rng)
                continue
            if p < 0:
                return
            n = vt.legal_actions(st, legal)
            if p == self.seat and self.model_playout == 1:
                a = legal[rng_below(&self.rng, n)]
            else:
                vt.model_probs(st, self.ctx_work, legal, n, probs)
                a = sample_action(legal, probs, n, &self.rng)
            if self.ctx_size > 0:
                vt.model_observe(self.ctx_work, st, a)
            vt.apply_action(st, a)

    def run(self, long long count):
        """Run ``count`` more iterations (without the GIL); returns the total so far."""
        cdef long long i
        if count < 0:
            raise ValueError("count must be >= 0")
        with nogil:
            for i in range(count):
                self._iterate()
        return self.n_iter

    # --- results ------------------------------------------------------------------------------
    def root_stats(self):
        """``[(action, visits, reward_sum, avail), ...]`` for the root's children, in action order.

        ``reward_sum`` is the searching seat's total reward over the ``visits`` iterations that
        started with that action."""
        out = []
        cdef int32_t ch = self.nodes[0].first_child
        while ch >= 0:
            out.append((self.nodes[ch].action, self.nodes[ch].visits, self.nodes[ch].reward, self.nodes[ch].avail))
            ch = self.nodes[ch].next_sibling
        out.sort()
        return out

    def legal_at_root(self):
        return [self.root_legal[i] for i in range(self.n_root_legal)]

    @property
    def iterations(self):
        return self.n_iter

    @property
    def self_iterations(self):
        """Iterations that used self-determinization."""
        return self.n_self

    @property
    def node_count(self):
        return self.n_nodes

    @property
    def max_nodes(self):
        return self.cap_nodes

    @property
    def depth(self):
        """The deepest path (in decisions) any iteration has followed in the tree."""
        return self.depth_reached

    @property
    def tree_bytes(self):
        """Bytes allocated for nodes."""
        return <long long>self.cap * sizeof(Node)

    def rng_state(self):
        return self.rng

    def children(self, path=()):
        """``[(action, player, visits, reward_sum, avail)]`` of the node reached by ``path`` (actions)."""
        cdef int32_t node = 0, ch
        for a in path:
            ch = self.nodes[node].first_child
            while ch >= 0 and self.nodes[ch].action != a:
                ch = self.nodes[ch].next_sibling
            if ch < 0:
                return []
            node = ch
        out = []
        ch = self.nodes[node].first_child
        while ch >= 0:
            n = self.nodes[ch]
            out.append((n.action, n.player, n.visits, n.reward, n.avail))
            ch = n.next_sibling
        return out


def has_belief_hook(KernelState core):
    """Whether ``core``'s game provides the belief hook (weighted determinization)."""
    return core.vt.belief_step != NULL and core.vt.belief_table_size > 0


def belief_table_size(KernelState core):
    return core.vt.belief_table_size


def has_model_hook(KernelState core):
    """Whether ``core``'s game provides an opponent model (``vt.model_probs``)."""
    return core.vt.model_probs != NULL


def model_ctx_size(KernelState core):
    """Bytes of the opponent model's public context (0: the model needs none)."""
    return core.vt.model_ctx_size if core.vt.model_observe != NULL else 0


def model_probs(KernelState core, ctx=None):
    """The opponent model's probability of each legal action (in ``legal_actions()`` order) for the
    seat deciding in ``core``, given the public context ``ctx`` (bytes; None: all zeros)."""
    cdef const GameVT* vt = core.vt
    cdef int legal[MAX_LEGAL]
    cdef double out[MAX_LEGAL]
    cdef int n, i
    cdef bytes buf
    if vt.model_probs == NULL:
        raise ValueError(f"{vt.name.decode()} has no opponent model")
    if vt.current_player(core.ptr) < 0:
        raise ValueError("not a decision")
    size = model_ctx_size(core)
    buf = bytes(size) if ctx is None else bytes(ctx)
    if len(buf) != size:
        raise ValueError(f"the model context needs {size} bytes, not {len(buf)}")
    n = vt.legal_actions(core.ptr, legal)
    vt.model_probs(core.ptr, <const char*>buf if size > 0 else NULL, legal, n, out)
    return [out[i] for i in range(n)]


def model_observe(KernelState core, ctx, int action):
    """The model context after the decision ``action`` in ``core`` (which is not changed)."""
    cdef const GameVT* vt = core.vt
    cdef bytearray buf = bytearray(bytes(ctx))
    cdef char* p
    if vt.model_observe == NULL:
        return bytes(buf)
    if len(buf) != model_ctx_size(core):
        raise ValueError("wrong model context size")
    p = buf
    vt.model_observe(p, core.ptr, action)
    return bytes(buf)
