# cython: language_level=3
"""Information-set MCTS (Cowling, Powley & Whitehouse 2012) in C-level code.

Game-agnostic: the loop only calls the :c:type:`GameVT` function pointers of the state it was given,
so every game with a kernel (Coup, Politics, ...) is searched by this one loop.

One iteration:

1. *determinize*: copy the root (an information state's ``core``, hidden parts canonical) and re-deal
   what the searching seat cannot see -- uniformly (``vt.determinize``), or, with belief inference,
   take the next state of a Markov chain over hidden deals weighted by a likelihood table
   (``vt.belief_step``); with self-determinization a share of iterations takes its world from a
   second chain over everything hidden from the public (a *public-view* world);
2. *select*: from the root, at every decision node, the children whose actions are legal in this
   determinization are *available*; if a legal action has no child yet, *expand* one (chosen
   uniformly among them) and stop descending; otherwise pick the available child maximising
   ``mean + c * sqrt(ln(avail) / visits)`` (rewards of the seat choosing there) and apply its action.
   Hidden chance events on the way are sampled (``vt.sample_chance``); public ones (``vt.chance_public``)
   are sampled too but get a child per outcome, so the decisions after them are searched per outcome;
3. *playout*: ``vt.policy_playout`` (the game's cheap rollout policy) or ``vt.playout`` (uniform) to the
   end, then ``vt.returns`` gives one reward per seat;
4. *backpropagate*: each node on the path gains a visit and the reward of the seat that chose it;
   every available sibling met on the way has gained an availability count.

**Multi-observer statistics** (``observer="multi"``).  The tree above is keyed by public action
sequences, so in single-observer ISMCTS an opponent's node averages over the determinizations -- in
which the searcher's cards are always its true ones: the opponents come to play as if they saw them
(strategy fusion).  With ``multi`` every decision is instead chosen from statistics kept per
*information set of the seat deciding*: the node plus that seat's key, a hash of the world
canonicalized for that seat (``vt.canonicalize``: its own hidden cards and the public state).  Each
seat's choices then depend only on what it could know, and with ``opp_public`` the opponents'
statistics learn only from public-view worlds (where the searcher's cards are dealt as the others
would read them), so no opponent ever conditions on the searcher's hidden cards.  The searcher's own
root decision uses the statistics of its true key.  The public tree still gives the structure (one
new node per iteration); the statistics records live in the same node array under the same cap.

Nodes are 32-byte structs in one array (grown by ``realloc`` up to ``max_nodes``), linked by index;
no Python object is made per iteration or per node.  When ``max_nodes`` is reached the tree stops
growing and iterations play out from the deepest node they reach.
"""
from libc.math cimport log, sqrt
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memcpy, memset

from intrigue.ext.rng cimport rng_next, rng_below, rng_unit
from intrigue.ext.game_api cimport GameVT, KernelState, CHANCE, TERMINAL, MAX_SEATS, vt_max_legal

cdef enum:
    LOG_TABLE_SIZE = 4096
    DEFAULT_MAX_DEPTH = 1024

cdef double LOG_TABLE[LOG_TABLE_SIZE]
cdef int _i
LOG_TABLE[0] = 0.0
for _i in range(1, LOG_TABLE_SIZE):
    LOG_TABLE[_i] = log(<double>_i)

# the named options (Python side) and their internal codes
PLAYOUTS = ("random", "policy", "model", "mixed")
OPPONENTS = ("search", "model")
OBSERVERS = ("single", "multi", "opponents")
LEAVES = ("playout", "eval")


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


cdef inline uint32_t hash_bytes(const char* p, int n) noexcept nogil:
    """FNV-1a over ``n`` bytes, folded to 32 bits (information-set keys)."""
    cdef uint64_t h = 1469598103934665603ULL
    cdef int i
    for i in range(n):
        h ^= <uint8_t>p[i]
        h *= 1099511628211ULL
    return <uint32_t>(h ^ (h >> 32))


def node_size(bint regret=False):
    """Bytes per tree node (``regret``: with regret matching's cumulative regret beside it)."""
    return sizeof(Node) + (sizeof(double) if regret else 0)


cdef class Search:
    """One search tree for one decision of one seat.

    ``Search(core, seat, seed, c=0.7, max_nodes=..., initial_nodes=..., table=None, self_p=0.0,
    playout="random", opponents="search", model_ctx=None, observer="single", opp_worlds="all")``:
    ``core`` is the information state's kernel state (its hidden parts are never read as truth: every
    iteration re-deals them), ``seat`` the searching seat, which must be the one to decide.

    * ``table`` (a sequence of ``vt.belief_table_size`` weights, or None) turns on belief-weighted
      determinization; ``self_p`` is the fraction of iterations whose world is re-dealt from the
      public's view, the searcher's own cards included (self-determinization; needs the belief hook).
    * ``playout``: ``"random"`` (``vt.playout``), ``"policy"`` (``vt.policy_playout`` when the game has
      one, else random), ``"model"`` (everyone by the opponent model) or ``"mixed"`` (the opponents by
      the model, the searcher uniformly); the last two need ``opponents="model"``.
    * ``opponents``: ``"search"`` (the opponents choose by their statistics) or ``"model"`` (sampled
      from the game's opponent model ``vt.model_probs``, whose public context at the root is
      ``model_ctx``); ``model_share`` (opponents="model" only): the share of the opponents' decisions
      sampled from the model, the others chosen by UCB on the same children (1: all from the model).
    * ``observer``: ``"single"`` (statistics per public node, the 2012 algorithm), ``"multi"``
      (statistics per information set of the seat deciding; see the module docstring) or
      ``"opponents"`` (the opponents' decisions per information set, the searcher's per public node);
      ``opp_worlds``: ``"all"`` or ``"public"`` (multi only: the opponents' statistics learn only from
      public-view worlds).
    * ``smooth``: 0 (off) or Smooth UCT's eta at the opponents' decisions: with probability
      ``1 - max(0.1, eta / (1 + 0.002 sqrt(N)))`` an opponent follows its average strategy (visit
      shares) instead of UCB, which moves the opponents towards mixed strategies.
    * ``rm``: 0 (off) or the exploration share gamma of regret matching at the opponents' decisions the
      search makes (those not sampled from the model): an opponent samples its move with probability
      ``gamma / K + (1 - gamma) * R+(a) / sum R+`` (uniform while no regret is positive), and each
      iteration adds to every available move's cumulative regret ``R`` the sampled estimate
      ``reward / P(a) * [a chosen] - reward``.  Not together with ``smooth``.
    * ``prior``: 0 (off) or the weight ``w`` of a progressive bias at the searcher's own decisions:
      a child's UCB value gains ``w * P(a) / (visits + 1)``, where ``P`` is the game's opponent model
      (``vt.model_probs``, e.g. the heuristic policy) read for the searcher in this determinization,
      so a young node prefers what a sensible player would do and the bias fades as visits grow.
      Needs the model hook (ignored without one).
    * ``leaf``: ``"playout"`` (the default) or ``"eval"``: a leaf is scored by the game's static
      evaluation (``vt.evaluate``) where it gives one, instead of being played out; a game without
      the hook plays out.
    * ``score``: 0 (off) or the weight ``w`` of the game's score utility (``vt.scores``) in every
      reward: a seat's reward is ``(1 - w) * returns + w * scores``, so that once the result is
      settled the search still prefers the move that scores more (KataGo's score utility).  Ignored
      by a game without the hook.
    * ``root_worlds``: ``"all"`` (the default) or ``"true"``: with self-determinization, the
      searcher's root decision is chosen and made from the iterations that dealt it its true cards
      only; the re-dealt iterations still follow the tree below the root and teach every node there
      (single observer only; the multi-observer root already keys on the true cards).
    """

    def __cinit__(self):
        self.nodes = NULL
        self.root = NULL
        self.work = NULL
        self.keybuf = NULL
        self.chain = NULL
        self.selfchain = NULL
        self.mark_legal = NULL
        self.mark_child = NULL
        self.path = NULL
        self.pstat = NULL
        self.table = NULL
        self.ctx_root = NULL
        self.ctx_work = NULL
        self.legal = NULL
        self.probs = NULL
        self.root_legal = NULL
        self.prior_a = NULL
        self.rt_reward = NULL
        self.rt_visits = NULL
        self.rt_avail = NULL
        self.regret = NULL
        self.rm_buf = NULL
        self.rm_off = NULL
        self.rm_cnt = NULL
        self.rm_sig = NULL

    def __init__(self, KernelState core, int seat, seed, double c=0.7, long long max_nodes=8000000,
                 long long initial_nodes=65536, table=None, double self_p=0.0, int burn_in=32,
                 str playout="random", str opponents="search", model_ctx=None, str observer="single",
                 str opp_worlds="all", double smooth=0.0, double model_share=1.0,
                 double prior=0.0, double score=0.0, str leaf="playout", str root_worlds="all",
                 double rm=0.0, bint _all_chance_public=False):
        cdef const GameVT* vt = core.vt
        cdef int size = vt.state_size, i
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}, not {playout!r}")
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}, not {opponents!r}")
        if observer not in OBSERVERS:
            raise ValueError(f"observer must be one of {', '.join(OBSERVERS)}, not {observer!r}")
        if opp_worlds not in ("all", "public"):
            raise ValueError(f"opp_worlds must be 'all' or 'public', not {opp_worlds!r}")
        if playout in ("model", "mixed") and opponents != "model":
            raise ValueError(f"playout={playout!r} needs opponents='model'")
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, not {leaf!r}")
        if root_worlds not in ("all", "true"):
            raise ValueError(f"root_worlds must be 'all' or 'true', not {root_worlds!r}")
        self.vt = vt
        self.use_eval = leaf == "eval" and vt.evaluate != NULL
        self.playout_fn = vt.policy_playout if (playout == "policy" and vt.policy_playout != NULL) else vt.playout
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
        if not 0.0 <= smooth <= 1.0:
            raise ValueError("smooth must be from 0 to 1")
        if not 0.0 <= rm <= 1.0:
            raise ValueError("rm must be from 0 to 1")
        if rm > 0.0 and smooth > 0.0:
            raise ValueError("rm and smooth are two selection rules for the same decisions: choose one")
        if not 0.0 <= model_share <= 1.0:
            raise ValueError("model_share must be from 0 to 1")
        if not prior >= 0.0:
            raise ValueError("prior must be >= 0")
        if not 0.0 <= score <= 1.0:
            raise ValueError("score must be from 0 to 1")
        self.smooth = smooth
        self.model_share = model_share
        self.seat = seat
        self.c = c
        self.rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
        self.cap_nodes = <int32_t>max_nodes
        self.cap = <int32_t>max(2, min(initial_nodes, max_nodes))
        self.max_legal = vt_max_legal(vt)
        self.nodes = <Node*>malloc(self.cap * sizeof(Node))
        self.root = <char*>malloc(size)
        self.work = <char*>malloc(size)
        self.keybuf = <char*>malloc(size)
        self.legal = <int*>malloc(self.max_legal * sizeof(int))
        self.root_legal = <int*>malloc(self.max_legal * sizeof(int))
        self.probs = <double*>malloc(self.max_legal * sizeof(double))
        self.mark_legal = <uint32_t*>malloc(vt.num_actions * sizeof(uint32_t))
        self.mark_child = <uint32_t*>malloc(vt.num_actions * sizeof(uint32_t))
        self.max_depth = DEFAULT_MAX_DEPTH
        self.path = <int32_t*>malloc(self.max_depth * sizeof(int32_t))
        self.pstat = <int32_t*>malloc(self.max_depth * sizeof(int32_t))
        self.rm_gamma = rm
        if rm > 0.0:
            self.regret = <double*>malloc(self.cap * sizeof(double))
            self.rm_buf = <int32_t*>malloc(self.max_depth * self.max_legal * sizeof(int32_t))
            self.rm_off = <int32_t*>malloc(self.max_depth * sizeof(int32_t))
            self.rm_cnt = <int32_t*>malloc(self.max_depth * sizeof(int32_t))
            self.rm_sig = <double*>malloc(self.max_depth * sizeof(double))
            if self.regret == NULL or self.rm_buf == NULL or self.rm_off == NULL or self.rm_cnt == NULL or self.rm_sig == NULL:
                raise MemoryError()
            self.regret[0] = 0.0
        if (self.nodes == NULL or self.root == NULL or self.work == NULL or self.keybuf == NULL
                or self.legal == NULL or self.root_legal == NULL or self.probs == NULL
                or self.mark_legal == NULL or self.mark_child == NULL or self.path == NULL
                or self.pstat == NULL):
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
        self.nodes[0].first_info = -1
        self.nodes[0].action = -1
        self.nodes[0].player = -1
        self.n_iter = 0
        self.n_self = 0
        self.depth_reached = 0
        self.multi = observer != "single"
        self.multi_self = observer == "multi"
        self.opp_public = opp_worlds == "public"
        self.root_key = self._key(self.root, seat)
        self.chance_tree = vt.chance_public != NULL or _all_chance_public
        self.all_public = _all_chance_public
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
        # opponent model (and the searcher's prior, read from the same model)
        self.use_model = False
        self.ctx_size = 0
        self.prior = prior if vt.model_probs != NULL else 0.0
        self.score_w = score if vt.scores != NULL else 0.0
        if self.prior > 0.0:
            self.prior_a = <double*>malloc(vt.num_actions * sizeof(double))
            if self.prior_a == NULL:
                raise MemoryError()
            memset(self.prior_a, 0, vt.num_actions * sizeof(double))
        if opponents == "model" or self.prior > 0.0:
            if vt.model_probs == NULL:
                raise ValueError(f"{vt.name.decode()} has no opponent model")
            self.use_model = opponents == "model"
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
            raise ValueError("model_ctx is only used with opponents='model' or a prior")
        self.model_playout = {"model": 2, "mixed": 1}.get(playout, 0)
        self.root_true = root_worlds == "true" and self.self_p > 0.0 and not self.multi_self
        if self.root_true:
            self.rt_reward = <double*>calloc(vt.num_actions, sizeof(double))
            self.rt_visits = <long long*>calloc(vt.num_actions, sizeof(long long))
            self.rt_avail = <long long*>calloc(vt.num_actions, sizeof(long long))
            if self.rt_reward == NULL or self.rt_visits == NULL or self.rt_avail == NULL:
                raise MemoryError()

    def __dealloc__(self):
        free(self.nodes)
        free(self.root)
        free(self.work)
        free(self.keybuf)
        free(self.chain)
        free(self.selfchain)
        free(self.mark_legal)
        free(self.mark_child)
        free(self.path)
        free(self.pstat)
        free(self.table)
        free(self.ctx_root)
        free(self.ctx_work)
        free(self.legal)
        free(self.probs)
        free(self.root_legal)
        free(self.prior_a)
        free(self.rt_reward)
        free(self.rt_visits)
        free(self.rt_avail)
        free(self.regret)
        free(self.rm_buf)
        free(self.rm_off)
        free(self.rm_cnt)
        free(self.rm_sig)

    # --- the loop -----------------------------------------------------------------------------
    cdef bint _grow(self) noexcept nogil:
        """Make room for one more node; False once ``max_nodes`` is reached (or memory runs out)."""
        cdef long long new_cap
        cdef Node* p
        cdef double* r
        if self.n_nodes < self.cap:
            return True
        if self.cap >= self.cap_nodes:
            return False
        new_cap = <long long>self.cap * 2
        if new_cap > self.cap_nodes:
            new_cap = self.cap_nodes
        if self.regret != NULL:
            r = <double*>realloc(self.regret, new_cap * sizeof(double))
            if r == NULL:
                self.cap_nodes = self.cap
                return False
            self.regret = r
        p = <Node*>realloc(self.nodes, new_cap * sizeof(Node))
        if p == NULL:
            self.cap_nodes = self.cap
            return False
        self.nodes = p
        self.cap = <int32_t>new_cap
        return True

    cdef int32_t _new_node(self, int32_t parent, int action, int player, int flags) noexcept nogil:
        """A fresh node pushed at the front of ``parent``'s child list (or, for FLAG_INFO, of its
        information-set records); -1 at the memory cap.  May move ``self.nodes``."""
        cdef int32_t fresh
        cdef Node* nodes
        if not self._grow():
            return -1
        nodes = self.nodes
        fresh = self.n_nodes
        self.n_nodes += 1
        nodes[fresh].reward = 0.0
        nodes[fresh].visits = 0
        nodes[fresh].avail = 1
        nodes[fresh].action = action
        nodes[fresh].player = player
        nodes[fresh].flags = flags
        nodes[fresh].first_child = -1
        nodes[fresh].first_info = -1
        if self.regret != NULL:
            self.regret[fresh] = 0.0
        if flags & FLAG_INFO:
            nodes[fresh].next_sibling = nodes[parent].first_info
            nodes[parent].first_info = fresh
        else:
            nodes[fresh].next_sibling = nodes[parent].first_child
            nodes[parent].first_child = fresh
        return fresh

    cdef uint32_t _key(self, const void* st, int p) noexcept nogil:
        """Seat ``p``'s information-set key in ``st``: a hash of ``st`` canonicalized for ``p``
        (everything hidden from ``p`` put in the game's fixed arrangement)."""
        cdef int size = self.vt.state_size
        memcpy(self.keybuf, st, size)
        self.vt.canonicalize(self.keybuf, p)
        return hash_bytes(self.keybuf, size)

    cdef int32_t _info(self, int32_t node, uint32_t key, int p) noexcept nogil:
        """The information-set record of seat ``p`` with ``key`` at ``node`` (made if new; -1 at the cap)."""
        cdef int32_t r = self.nodes[node].first_info
        cdef int32_t fresh
        while r >= 0:
            if self.nodes[r].avail == key and self.nodes[r].player == p:
                return r
            r = self.nodes[r].next_sibling
        fresh = self._new_node(node, -1, p, FLAG_INFO)
        if fresh >= 0:
            self.nodes[fresh].avail = key
        return fresh

    cdef bint _determinize(self) noexcept nogil:
        """Deal this iteration's world into ``work``; True when it is a public-view world."""
        cdef const GameVT* vt = self.vt
        cdef int size = vt.state_size, n, i
        cdef int* legal = self.legal
        if self.self_p > 0.0 and rng_unit(&self.rng) < self.self_p:
            vt.belief_step(self.selfchain, -1, self.table, &self.rng)
            if vt.current_player(self.selfchain) == self.seat:
                if self.multi_self:
                    # the statistics are per information set: any re-dealt hand is usable
                    memcpy(self.work, self.selfchain, size)
                    self.n_self += 1
                    return True
                n = vt.legal_actions(self.selfchain, legal)
                if n == self.n_root_legal:
                    for i in range(n):
                        if legal[i] != self.root_legal[i]:
                            break
                    else:
                        memcpy(self.work, self.selfchain, size)
                        self.n_self += 1
                        return True
        if self.use_belief:
            vt.belief_step(self.chain, self.seat, self.table, &self.rng)
            memcpy(self.work, self.chain, size)
        else:
            memcpy(self.work, self.root, size)
            vt.determinize(self.work, self.seat, &self.rng)
        return False

    cdef void _iterate(self) noexcept nogil:
        cdef const GameVT* vt = self.vt
        cdef void* st = self.work
        cdef Node* nodes
        cdef int* legal = self.legal
        cdef double* probs = self.probs
        cdef double ret[MAX_SEATS]
        cdef double sc[MAX_SEATS]       # the game's score utility, blended in with weight score_w
        cdef int p, q, n, i, a, k, depth = 0, untried, pick = -1
        cdef int32_t node = 0, ch, best, fresh, info, stat, head
        cdef uint64_t tot
        cdef double v, bestv, lg
        cdef uint32_t stamp
        cdef bint modelled, biased, capped = False, public_world, at_root
        cdef uint32_t keys[MAX_SEATS]       # multi: each seat's key, computed once per iteration ...
        cdef uint32_t known = 0             # ... (bit p) and again after a chance event not in the tree
        cdef int32_t rmtop = 0, rmoff = -1  # regret matching: the next free slot of rm_buf, this step's offset
        cdef int kk
        cdef double sp, r
        public_world = self._determinize()
        if self.ctx_size > 0:
            memcpy(self.ctx_work, self.ctx_root, self.ctx_size)
        self.path[0] = 0
        self.pstat[0] = -1
        while True:
            p = vt.current_player(st)
            while p == CHANCE:
                if self.chance_tree and (self.all_public or vt.chance_public(st)):
                    # a public outcome: follow (or make) its child, so what follows is searched per outcome
                    a = vt.sample_chance(st, &self.rng)
                    if depth + 1 >= self.max_depth:
                        capped = True
                        break
                    ch = self.nodes[node].first_child
                    while ch >= 0 and not (self.nodes[ch].action == a and self.nodes[ch].flags & FLAG_CHANCE):
                        ch = self.nodes[ch].next_sibling
                    if ch < 0:
                        ch = self._new_node(node, a, -1, FLAG_CHANCE)
                        if ch < 0:
                            capped = True
                            break
                    node = ch
                    depth += 1
                    self.path[depth] = ch
                    self.pstat[depth] = -1
                    if self.rm_off != NULL:
                        self.rm_off[depth] = -1
                else:
                    vt.sample_chance(st, &self.rng)
                    known = 0                       # a seat may have seen something new
                p = vt.current_player(st)
            if capped or p < 0 or depth + 1 >= self.max_depth:
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
            modelled = self.use_model and p != self.seat and (
                self.model_share >= 1.0 or rng_unit(&self.rng) < self.model_share)
            info = -1
            at_root = self.root_true and depth == 0
            biased = self.prior > 0.0 and p == self.seat
            if biased:
                # the searcher's prior: what the model would play here with the searcher's cards
                vt.model_probs(st, self.ctx_work, legal, n, probs)
                for i in range(n):
                    self.prior_a[legal[i]] = probs[i]
            if modelled:
                # an opponent decides as the opponent model says (sampled), not by its statistics
                vt.model_probs(st, self.ctx_work, legal, n, probs)
                pick = sample_action(legal, probs, n, &self.rng)
            elif self.multi and (self.multi_self or p != self.seat):
                # the seat's information set = the public path + its private view when last keyed (what
                # it has seen since is either on the path or a chance event, which re-keys)
                if not (known >> p) & 1:
                    keys[p] = self._key(st, p)
                    known |= (<uint32_t>1) << p
                info = self._info(node, keys[p], p)
                if info < 0:
                    # memory cap and no record of this information set yet: play out from here (the
                    # public node's statistics pool every information set, the searcher's true cards
                    # included, and keep no availability counts here)
                    break
            nodes = self.nodes
            head = nodes[info].first_child if info >= 0 else nodes[node].first_child
            best = -1
            bestv = -1e300
            k = 0
            ch = head
            while ch >= 0:
                a = nodes[ch].action
                if self.mark_legal[a] == stamp and not (nodes[ch].flags & FLAG_CHANCE):
                    if modelled:
                        self.mark_child[a] = stamp
                        k += 1
                        if a == pick:
                            best = ch
                    elif at_root:
                        # the root decision by its true-card statistics; a child those worlds have not
                        # tried yet goes first (it exists, so it is not expanded again)
                        self.mark_child[a] = stamp
                        k += 1
                        if self.rt_visits[a] == 0:
                            v = 1e300
                        else:
                            lg = fast_log(self.rt_avail[a])     # >= 1 once the child has a visit
                            v = self.rt_reward[a] / self.rt_visits[a] + self.c * sqrt(lg / self.rt_visits[a])
                        if v > bestv:
                            bestv = v
                            best = ch
                        if not public_world:
                            self.rt_avail[a] += 1
                    elif nodes[ch].visits > 0:      # (a statistic that never learned counts as untried)
                        self.mark_child[a] = stamp
                        k += 1
                        lg = fast_log(nodes[ch].avail)
                        v = nodes[ch].reward / nodes[ch].visits + self.c * sqrt(lg / nodes[ch].visits)
                        if biased:
                            v += self.prior * self.prior_a[a] / (nodes[ch].visits + 1.0)
                        if v > bestv:
                            bestv = v
                            best = ch
                    nodes[ch].avail += 1
                ch = nodes[ch].next_sibling
            untried = n - k
            if self.smooth > 0.0 and not modelled and untried == 0 and p != self.seat:
                # Smooth UCT (Heinrich & Silver 2015) at an opponent's decision: with probability
                # 1 - eta follow the average strategy (visit shares) instead of UCB
                tot = 0
                ch = head
                while ch >= 0:
                    if self.mark_child[nodes[ch].action] == stamp and not (nodes[ch].flags & FLAG_CHANCE):
                        tot += nodes[ch].visits
                    ch = nodes[ch].next_sibling
                v = self.smooth / (1.0 + 0.002 * sqrt(<double>tot))
                if v < 0.1:
                    v = 0.1
                if tot > 0 and rng_unit(&self.rng) >= v:
                    lg = rng_unit(&self.rng) * tot
                    ch = head
                    while ch >= 0:
                        if self.mark_child[nodes[ch].action] == stamp and not (nodes[ch].flags & FLAG_CHANCE):
                            best = ch
                            lg -= nodes[ch].visits
                            if lg < 0.0:
                                break
                        ch = nodes[ch].next_sibling
            rmoff = -1
            if self.rm_gamma > 0.0 and not modelled and untried == 0 and p != self.seat and k > 0:
                # regret matching (Hart & Mas-Colell 2000; in MCTS: Lanctot, Lisy & Winands 2013) at an
                # opponent's decision: sample from gamma-uniform + (1 - gamma) * positive regrets (every
                # probability >= gamma / kk > 0), so where the best reply depends on the others' play the
                # opponent's average play moves towards a mixed equilibrium instead of chasing one reply;
                # the regrets are updated in backpropagation
                kk = 0
                sp = 0.0
                ch = head
                while ch >= 0:
                    if self.mark_child[nodes[ch].action] == stamp and not (nodes[ch].flags & FLAG_CHANCE):
                        self.rm_buf[rmtop + kk] = ch
                        kk += 1
                        if self.regret[ch] > 0.0:
                            sp += self.regret[ch]
                    ch = nodes[ch].next_sibling
                lg = rng_unit(&self.rng)
                for i in range(kk):
                    ch = self.rm_buf[rmtop + i]
                    r = self.regret[ch]
                    if sp > 0.0:
                        v = self.rm_gamma / kk + (1.0 - self.rm_gamma) * (r / sp if r > 0.0 else 0.0)
                    else:
                        v = 1.0 / kk
                    best = ch
                    if lg < v or i == kk - 1:
                        break
                    lg -= v
                self.rm_sig[depth + 1] = v
                self.rm_cnt[depth + 1] = kk
                rmoff = rmtop
                rmtop += kk
            if not modelled and untried > 0:
                i = rng_below(&self.rng, untried)
                for a in range(n):
                    if self.mark_child[legal[a]] != stamp:
                        if i == 0:
                            break
                        i -= 1
                pick = legal[a]
            elif not modelled:
                pick = nodes[best].action
            stat = -1
            if info >= 0:
                # the decision's statistic in the seat's information set; then the public child
                if untried > 0:
                    stat = nodes[info].first_child
                    while stat >= 0 and nodes[stat].action != pick:
                        stat = nodes[stat].next_sibling
                    if stat < 0:
                        stat = self._new_node(info, pick, p, FLAG_STAT)
                        if stat < 0:
                            break                   # memory cap: play out from here
                        nodes = self.nodes
                else:
                    stat = best
                ch = nodes[node].first_child
                while ch >= 0 and (nodes[ch].action != pick or nodes[ch].flags & FLAG_CHANCE):
                    ch = nodes[ch].next_sibling
                best = ch
            if (info >= 0 and best < 0) or (info < 0 and ((untried > 0 and not modelled) or (modelled and best < 0))):
                fresh = self._new_node(node, pick, p, 0)
                if fresh < 0:
                    break                           # memory cap: play out from here
                if self.ctx_size > 0:
                    vt.model_observe(self.ctx_work, st, pick)
                vt.apply_action(st, pick)
                depth += 1
                self.path[depth] = fresh
                self.pstat[depth] = stat
                if self.rm_off != NULL:
                    self.rm_off[depth] = -1
                break
            nodes = self.nodes
            if self.ctx_size > 0:
                vt.model_observe(self.ctx_work, st, nodes[best].action)
            vt.apply_action(st, nodes[best].action)
            node = best
            depth += 1
            self.path[depth] = best
            self.pstat[depth] = stat
            if self.rm_off != NULL:
                self.rm_off[depth] = rmoff
        if not (self.use_eval and vt.evaluate(st, &self.rng, ret)):
            if self.model_playout:
                self._model_playout(st)
            else:
                self.playout_fn(st, &self.rng)
            vt.returns(st, ret)
            if self.score_w > 0.0:
                vt.scores(st, sc)
                for i in range(self.nplayers):
                    ret[i] = (1.0 - self.score_w) * ret[i] + self.score_w * sc[i]
        nodes = self.nodes
        nodes[0].visits += 1
        if self.root_true and depth >= 1 and not public_world:
            a = nodes[self.path[1]].action
            self.rt_visits[a] += 1
            self.rt_reward[a] += ret[self.seat]
            if self.rt_avail[a] == 0:
                self.rt_avail[a] = 1            # a child made by this iteration was available to it
        for i in range(1, depth + 1):
            node = self.path[i]
            nodes[node].visits += 1
            if nodes[node].player >= 0:
                nodes[node].reward += ret[nodes[node].player]
            stat = self.pstat[i]
            if stat >= 0:
                q = nodes[stat].player
                if q == self.seat or public_world or not self.opp_public:
                    nodes[stat].visits += 1
                    nodes[stat].reward += ret[q]
        if self.rm_off != NULL:
            # regret matching: every statistic available at the step loses the reward got, the one chosen
            # gains it divided by the probability it was chosen with (an unbiased sampled regret)
            for i in range(1, depth + 1):
                if self.rm_off[i] < 0:
                    continue
                if self.pstat[i] >= 0 and self.opp_public and not public_world:
                    continue                        # as the opponents' statistics: public-view worlds only
                ch = self.pstat[i] if self.pstat[i] >= 0 else self.path[i]     # the statistic chosen
                v = ret[nodes[ch].player]
                for kk in range(self.rm_cnt[i]):
                    stat = self.rm_buf[self.rm_off[i] + kk]
                    self.regret[stat] -= v
                self.regret[ch] += v / self.rm_sig[i]
        if depth > self.depth_reached:
            self.depth_reached = depth
        self.n_iter += 1

    cdef void _model_playout(self, void* st) noexcept nogil:
        """Play to the end with the opponent model (for the searcher too when model_playout == 2)."""
        cdef const GameVT* vt = self.vt
        cdef int* legal = self.legal
        cdef double* probs = self.probs
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
    cdef int32_t _root_head(self):
        """The first of the statistics the decision is made from: the root's children, or with the
        multi-observer statistics those of the searcher's true information set."""
        cdef int32_t r
        if self.multi_self:
            r = self.nodes[0].first_info
            while r >= 0:
                if self.nodes[r].avail == self.root_key and self.nodes[r].player == self.seat:
                    return self.nodes[r].first_child
                r = self.nodes[r].next_sibling
        return self.nodes[0].first_child

    def root_stats(self):
        """``[(action, visits, reward_sum, avail), ...]`` for the root's decision, in action order.

        ``reward_sum`` is the searching seat's total reward over the ``visits`` iterations that
        started with that action (multi-observer: those in the searcher's true information set; with
        ``root_worlds="true"``: those that dealt the searcher its true cards).
        Only actions legal at the root are listed."""
        out = []
        cdef int32_t ch = self._root_head()
        cdef int a
        legal = set(self.legal_at_root())
        if self.root_true:
            while ch >= 0:
                a = self.nodes[ch].action
                if a in legal and self.rt_visits[a] > 0:
                    out.append((a, self.rt_visits[a], self.rt_reward[a], self.rt_avail[a]))
                ch = self.nodes[ch].next_sibling
            out.sort()
            return out
        while ch >= 0:
            if self.nodes[ch].action in legal and self.nodes[ch].visits > 0:
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
        """The deepest path (in decisions and public chance outcomes) any iteration has followed."""
        return self.depth_reached

    @property
    def tree_bytes(self):
        """Bytes allocated for nodes (and their regrets, with regret matching)."""
        return <long long>self.cap * (sizeof(Node) + (sizeof(double) if self.regret != NULL else 0))

    def rng_state(self):
        return self.rng

    def children(self, path=()):
        """``[(action, player, visits, reward_sum, avail)]`` of the node reached by ``path`` (actions,
        public chance outcomes included): the public tree's children, chance ones with player -1."""
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

    def info_sets(self, path=()):
        """Multi-observer: ``{(seat, key): [(action, visits, reward_sum, avail)]}`` of the information-set
        records at the node reached by ``path`` (empty for single-observer statistics)."""
        cdef int32_t node = 0, ch, r, s
        for a in path:
            ch = self.nodes[node].first_child
            while ch >= 0 and self.nodes[ch].action != a:
                ch = self.nodes[ch].next_sibling
            if ch < 0:
                return {}
            node = ch
        out = {}
        r = self.nodes[node].first_info
        while r >= 0:
            rows = []
            s = self.nodes[r].first_child
            while s >= 0:
                rows.append((self.nodes[s].action, self.nodes[s].visits, self.nodes[s].reward, self.nodes[s].avail))
                s = self.nodes[s].next_sibling
            out[(self.nodes[r].player, self.nodes[r].avail)] = sorted(rows)
            r = self.nodes[r].next_sibling
        return out


def has_belief_hook(KernelState core):
    """Whether ``core``'s game provides the belief hook (weighted determinization)."""
    return core.vt.belief_step != NULL and core.vt.belief_table_size > 0


def belief_table_size(KernelState core):
    return core.vt.belief_table_size


def has_score_hook(KernelState core):
    """Whether ``core``'s game provides a score utility (``vt.scores``)."""
    return core.vt.scores != NULL


def score_utility(KernelState core):
    """The game's score utility per seat at ``core`` (a list; zeros before the end), or None when the
    game has no ``vt.scores``."""
    cdef double out[MAX_SEATS]
    cdef int i, n = core.vt.num_players(core.ptr)
    if core.vt.scores == NULL:
        return None
    core.vt.scores(core.ptr, out)
    return [out[i] for i in range(n)]


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
    cdef int cap = vt_max_legal(vt)
    cdef int* legal
    cdef double* out
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
    legal = <int*>malloc(cap * sizeof(int))
    out = <double*>malloc(cap * sizeof(double))
    if legal == NULL or out == NULL:
        free(legal)
        free(out)
        raise MemoryError()
    try:
        n = vt.legal_actions(core.ptr, legal)
        vt.model_probs(core.ptr, <const char*>buf if size > 0 else NULL, legal, n, out)
        return [out[i] for i in range(n)]
    finally:
        free(legal)
        free(out)


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
