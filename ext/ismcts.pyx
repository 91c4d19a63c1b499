# cython: language_level=3
"""Information-set MCTS (Cowling, Powley & Whitehouse 2012) in C-level code.

Game-agnostic: the loop only calls the :c:type:`GameVT` function pointers of the state it was given,
so every game with a kernel (Coup, Politics, ...) is searched by this one loop.

One iteration (:meth:`Search._iterate`) runs four named steps, as OpenSpiel's ``RunSimulation`` does:

1. *determinize* (``_begin``, ``_determinize``): copy the root (an information state's ``core``, hidden
   parts canonical) and re-deal what the searching seat cannot see -- uniformly (``vt.determinize``),
   or, with belief inference, take the next state of a Markov chain over hidden deals weighted by a
   likelihood table (``vt.belief_step``); with self-determinization a share of iterations takes its
   world from a second chain over everything hidden from the public (a *public-view* world);
2. *descend* (``_descend``): from the root, decision by decision.  Chance events on the way are sampled
   (``vt.sample_chance``); public ones (``vt.chance_public``) also get a child per outcome, so the
   decisions after them are searched per outcome (``_resolve_chance``).  At a decision (``_open``) the
   children whose actions are legal in this determinization are *available*; the decision's selection
   rule (``_rule``, one helper each, dispatched by ``_select``) chooses among them: UCB1
   ``mean + c * sqrt(ln(avail) / visits)`` on the rewards of the seat choosing there
   (``_select_ucb``), the root's true-card statistics (``_select_root_true``), a sample of the
   opponent model (``_select_model``), Smooth UCT (``_select_smooth``) or regret matching
   (``_select_rm``).  If a legal action has not been tried, one of them (uniformly) is *expanded*
   instead (``_choose``, ``_advance``): its node is made, its action applied, and the descent ends;
3. *evaluate the leaf* (``_evaluate``): the game's static evaluation where asked and given, else a
   playout to the end -- ``vt.policy_playout`` (the game's cheap rollout policy), ``vt.playout``
   (uniform) or the opponent model -- then ``vt.returns`` gives one reward per seat, blended with the
   score utility ``vt.scores`` when asked;
4. *backpropagate* (``_backpropagate``): each node on the path gains a visit and the reward of the
   seat that chose it, and so does the information-set statistic chosen there; every available
   sibling met on the way has gained an availability count; regret matching's regrets and the
   root's true-card tallies are updated.

A new selection rule is a ``RULE_*`` constant (``ismcts.pxd``), a line in ``_rule`` saying where it
applies, a helper ``_select_<rule>`` and its line in ``_select`` (and, if it learns something else
than visits and rewards, a helper called from ``_backpropagate``).

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
no Python object is made per iteration or per node: an iteration's state is a :c:type:`Walk` and each
decision's a :c:type:`Decision` on the C stack, the options a :c:type:`SearchConfig` read from a checked
:class:`SearchOptions`.  When ``max_nodes`` is reached the tree stops growing and iterations play out
from the deepest node they reach.
"""
import dataclasses
from typing import Optional

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

# the named options (Python side)
PLAYOUTS = ("random", "policy", "model", "mixed")
OPPONENTS = ("search", "model")
OBSERVERS = ("single", "multi", "opponents")
WORLDS = ("all", "public")
ROOT_WORLDS = ("all", "true")
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


# --- the options ------------------------------------------------------------------------------------
# what each named option may be: (name, allowed values) and (name, low, high or None, how to say it)
_CHOICES = (("playout", PLAYOUTS), ("opponents", OPPONENTS), ("observer", OBSERVERS),
            ("opp_worlds", WORLDS), ("leaf", LEAVES), ("root_worlds", ROOT_WORLDS))
_RANGES = (("c", 0.0, None, ">= 0 (the exploration constant)"), ("self_p", 0.0, 1.0, "from 0 to 1"),
           ("smooth", 0.0, 1.0, "from 0 to 1"), ("rm", 0.0, 1.0, "from 0 to 1"),
           ("model_share", 0.0, 1.0, "from 0 to 1"), ("prior", 0.0, None, ">= 0"),
           ("score", 0.0, 1.0, "from 0 to 1"), ("max_nodes", 2, 2_000_000_000, "from 2 to 2e9"),
           ("burn_in", 0, None, ">= 0"))


@dataclasses.dataclass(frozen=True)
class SearchOptions:
    """The named options of one :class:`Search` -- the one place where each has its default and is
    checked (a bad value raises ``ValueError`` here, before any search is made).

    * ``c``: the UCB exploration constant (rewards are 0..1).
    * ``self_p``: the fraction of iterations whose world is re-dealt from the public's view, the
      searcher's own cards included (self-determinization; needs the game's belief hook).
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
    * ``score``: 0 (off) or the weight ``w`` of the game's score utility (``vt.scores``) in every
      reward: a seat's reward is ``(1 - w) * returns + w * scores``, so that once the result is
      settled the search still prefers the move that scores more (KataGo's score utility).  Ignored
      by a game without the hook.
    * ``leaf``: ``"playout"`` or ``"eval"``: a leaf is scored by the game's static evaluation
      (``vt.evaluate``) where it gives one, instead of being played out; a game without the hook
      plays out.
    * ``root_worlds``: ``"all"`` or ``"true"``: with self-determinization, the searcher's root decision
      is chosen and made from the iterations that dealt it its true cards only; the re-dealt
      iterations still follow the tree below the root and teach every node there (single observer
      only; the multi-observer root already keys on the true cards).
    * ``model_ctx``: the opponent model's public context at the root (bytes; None: all zeros).
    * ``max_nodes``: the tree's node cap (it stops growing there); ``initial_nodes``: nodes allocated
      at first (the array doubles as needed); ``burn_in``: belief-chain steps before the first world.
    """

    c: float = 2.0
    self_p: float = 0.0
    playout: str = "random"
    opponents: str = "search"
    observer: str = "single"
    opp_worlds: str = "all"
    smooth: float = 0.0
    rm: float = 0.0
    model_share: float = 1.0
    prior: float = 0.0
    score: float = 0.0
    leaf: str = "playout"
    root_worlds: str = "all"
    model_ctx: Optional[bytes] = None
    max_nodes: int = 8_000_000
    initial_nodes: int = 65536
    burn_in: int = 32

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES:
            value = getattr(self, name)
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
        for name, low, high, what in _RANGES:
            value = getattr(self, name)
            if not (low <= value and (high is None or value <= high)):
                raise ValueError(f"{name} must be {what}, not {value!r}")
        if self.playout in ("model", "mixed") and self.opponents != "model":
            raise ValueError(f"playout={self.playout!r} needs opponents='model'")
        if self.rm > 0.0 and self.smooth > 0.0:
            raise ValueError("rm and smooth are two selection rules for the same decisions: choose one")
        if self.model_ctx is not None:
            object.__setattr__(self, "model_ctx", bytes(self.model_ctx))

    def kwargs(self):
        """The options as keyword arguments (``Search(core, seat, seed, **options.kwargs())``)."""
        return dataclasses.asdict(self)


def search_options(options=None, **named):
    """``options`` (a :class:`SearchOptions`, or None for the defaults) with the ``named`` ones replaced,
    checked."""
    if options is None:
        return SearchOptions(**named)
    if not isinstance(options, SearchOptions):
        raise TypeError(f"options must be a SearchOptions, not {type(options).__name__}")
    return dataclasses.replace(options, **named) if named else options


cdef int fill_config(SearchConfig* cfg, object opts, const GameVT* vt, bint has_table,
                     bint all_public) except -1:
    """The loop's view of checked options ``opts`` for game ``vt``: an option whose hook the game lacks
    is off (prior, score, leaf="eval", playout="policy"), or refused when it cannot be (belief,
    opponents="model")."""
    name = vt.name.decode()
    if (has_table or opts.self_p > 0.0) and vt.belief_step == NULL:
        raise ValueError(f"{name} has no belief hook")
    if opts.opponents == "model" and vt.model_probs == NULL:
        raise ValueError(f"{name} has no opponent model")
    cfg.c = opts.c
    cfg.self_p = opts.self_p
    cfg.smooth = opts.smooth
    cfg.rm_gamma = opts.rm
    cfg.model_share = opts.model_share
    cfg.prior = opts.prior if vt.model_probs != NULL else 0.0
    cfg.score_w = opts.score if vt.scores != NULL else 0.0
    cfg.playout = {"model": PLAYOUT_MODEL, "mixed": PLAYOUT_MIXED}.get(opts.playout, PLAYOUT_GAME)
    cfg.use_belief = has_table
    cfg.use_model = opts.opponents == "model"
    cfg.use_eval = opts.leaf == "eval" and vt.evaluate != NULL
    cfg.multi = opts.observer != "single"
    cfg.multi_self = opts.observer == "multi"
    cfg.opp_public = opts.opp_worlds == "public"
    cfg.chance_tree = vt.chance_public != NULL or all_public
    cfg.all_public = all_public
    cfg.root_true = opts.root_worlds == "true" and opts.self_p > 0.0 and not cfg.multi_self
    if opts.model_ctx is not None and not (cfg.use_model or cfg.prior > 0.0):
        raise ValueError("model_ctx is only used with opponents='model' or a prior")
    return 0


cdef class Search:
    """One search tree for one decision of one seat.

    ``Search(core, seat, seed, options=SearchOptions(...), table=None)``: ``core`` is the information
    state's kernel state (its hidden parts are never read as truth: every iteration re-deals them),
    ``seat`` the searching seat, which must be the one to decide, ``seed`` the random generator's seed
    (the same seed, options and iteration count give the same tree).  ``table`` (a sequence of
    ``vt.belief_table_size`` weights, or None) turns on belief-weighted determinization.  Keyword
    arguments named as the fields of :class:`SearchOptions` replace those of ``options``
    (``Search(core, 0, 1, c=0.7, observer="multi")``).  ``_all_chance_public`` (tests) puts every
    chance outcome in the tree.
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

    def __init__(self, KernelState core, int seat, seed, options=None, *, table=None,
                 bint _all_chance_public=False, **named):
        cdef const GameVT* vt = core.vt
        opts = search_options(options, **named)
        self.nplayers = vt.num_players(core.ptr)
        if not 0 <= seat < self.nplayers:
            raise ValueError(f"seat {seat} is not in this game")
        if vt.current_player(core.ptr) != seat:
            raise ValueError(f"it is not seat {seat}'s decision")
        if vt.num_actions > 32767 or self.nplayers > MAX_SEATS:
            raise ValueError("the search supports up to 32767 action ids and 8 seats")
        fill_config(&self.cfg, opts, vt, table is not None, _all_chance_public)
        self.options = opts
        self.vt = vt
        self.seat = seat
        self.rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
        self.playout_fn = vt.policy_playout if (opts.playout == "policy" and vt.policy_playout != NULL) else vt.playout
        self._allocate(opts.max_nodes, opts.initial_nodes)
        self._plant_root(core)
        self._start_belief(table, opts.burn_in)
        self._start_model(opts.model_ctx)
        if self.cfg.root_true:
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

    # --- setup --------------------------------------------------------------------------------
    cdef int _allocate(self, long long max_nodes, long long initial_nodes) except -1:
        """The node array (``initial_nodes``, at most ``max_nodes``) and the loop's buffers."""
        cdef const GameVT* vt = self.vt
        cdef int size = vt.state_size
        self.cap_nodes = <int32_t>max_nodes
        self.cap = <int32_t>max(2, min(initial_nodes, max_nodes))
        self.max_legal = vt_max_legal(vt)
        self.max_depth = DEFAULT_MAX_DEPTH
        self.nodes = <Node*>malloc(self.cap * sizeof(Node))
        self.root = <char*>malloc(size)
        self.work = <char*>malloc(size)
        self.keybuf = <char*>malloc(size)
        self.legal = <int*>malloc(self.max_legal * sizeof(int))
        self.root_legal = <int*>malloc(self.max_legal * sizeof(int))
        self.probs = <double*>malloc(self.max_legal * sizeof(double))
        self.mark_legal = <uint32_t*>calloc(vt.num_actions, sizeof(uint32_t))
        self.mark_child = <uint32_t*>calloc(vt.num_actions, sizeof(uint32_t))
        self.path = <int32_t*>malloc(self.max_depth * sizeof(int32_t))
        self.pstat = <int32_t*>malloc(self.max_depth * sizeof(int32_t))
        if (self.nodes == NULL or self.root == NULL or self.work == NULL or self.keybuf == NULL
                or self.legal == NULL or self.root_legal == NULL or self.probs == NULL
                or self.mark_legal == NULL or self.mark_child == NULL or self.path == NULL
                or self.pstat == NULL):
            raise MemoryError()
        if self.cfg.rm_gamma > 0.0:
            self.regret = <double*>malloc(self.cap * sizeof(double))
            self.rm_buf = <int32_t*>malloc(self.max_depth * self.max_legal * sizeof(int32_t))
            self.rm_off = <int32_t*>malloc(self.max_depth * sizeof(int32_t))
            self.rm_cnt = <int32_t*>malloc(self.max_depth * sizeof(int32_t))
            self.rm_sig = <double*>malloc(self.max_depth * sizeof(double))
            if self.regret == NULL or self.rm_buf == NULL or self.rm_off == NULL or self.rm_cnt == NULL or self.rm_sig == NULL:
                raise MemoryError()
            self.regret[0] = 0.0
        self.stamp = 0
        return 0

    cdef int _plant_root(self, KernelState core) except -1:
        """The root: the information state, its legal actions, its node and the searcher's key."""
        memcpy(self.root, core.ptr, self.vt.state_size)
        self.n_root_legal = self.vt.legal_actions(self.root, self.root_legal)
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
        self.root_key = self._key(self.root, self.seat)
        return 0

    cdef int _start_belief(self, table, int burn_in) except -1:
        """Belief inference: the likelihood table (``table``, or uniform weights for self-determinization
        alone), and the chains over the deals hidden from the searcher and from the public, burnt in."""
        cdef const GameVT* vt = self.vt
        cdef int size = vt.state_size, i
        if table is None and self.cfg.self_p == 0.0:
            return 0
        self.table = <double*>malloc(max(1, vt.belief_table_size) * sizeof(double))
        if self.table == NULL:
            raise MemoryError()
        if table is not None and len(table) != vt.belief_table_size:
            raise ValueError(f"the belief table needs {vt.belief_table_size} weights, not {len(table)}")
        for i in range(vt.belief_table_size):
            self.table[i] = 1.0 if table is None else float(table[i])
            if not self.table[i] >= 0.0:
                raise ValueError("belief weights must be >= 0")
        self.chain = <char*>malloc(size)
        if self.chain == NULL:
            raise MemoryError()
        memcpy(self.chain, self.root, size)
        vt.determinize(self.chain, self.seat, &self.rng)
        if self.cfg.use_belief:
            for i in range(burn_in):
                vt.belief_step(self.chain, self.seat, self.table, &self.rng)
        if self.cfg.self_p > 0.0:
            self.selfchain = <char*>malloc(size)
            if self.selfchain == NULL:
                raise MemoryError()
            memcpy(self.selfchain, self.chain, size)
            for i in range(burn_in):
                vt.belief_step(self.selfchain, -1, self.table, &self.rng)
        return 0

    cdef int _start_model(self, model_ctx) except -1:
        """The opponent model's public context at the root (``model_ctx``, or zeros) and the
        searcher's prior buffer."""
        cdef const GameVT* vt = self.vt
        self.ctx_size = 0
        if self.cfg.prior > 0.0:
            self.prior_a = <double*>calloc(vt.num_actions, sizeof(double))
            if self.prior_a == NULL:
                raise MemoryError()
        if not (self.cfg.use_model or self.cfg.prior > 0.0):
            return 0
        self.ctx_size = vt.model_ctx_size if vt.model_observe != NULL else 0
        if self.ctx_size > 0:
            self.ctx_root = <char*>calloc(self.ctx_size, 1)
            self.ctx_work = <char*>malloc(self.ctx_size)
            if self.ctx_root == NULL or self.ctx_work == NULL:
                raise MemoryError()
            if model_ctx is not None:
                if len(model_ctx) != self.ctx_size:
                    raise ValueError(f"the model context needs {self.ctx_size} bytes, not {len(model_ctx)}")
                memcpy(self.ctx_root, <const char*>model_ctx, self.ctx_size)
        return 0

    # --- the tree -----------------------------------------------------------------------------
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

    # --- one iteration ------------------------------------------------------------------------
    cdef void _iterate(self) noexcept nogil:
        """One iteration: determinize, descend (select and expand), evaluate the leaf, backpropagate."""
        cdef Walk w
        self._begin(&w)
        self._descend(&w)
        self._evaluate(&w)
        self._backpropagate(&w)
        if w.depth > self.depth_reached:
            self.depth_reached = w.depth
        self.n_iter += 1

    # --- 1. determinize -----------------------------------------------------------------------
    cdef inline void _begin(self, Walk* w) noexcept nogil:
        """Deal this iteration's world into ``work`` and stand at the root."""
        w.public_world = self._determinize()
        w.node = 0
        w.depth = 0
        w.known = 0
        w.rm_top = 0
        if self.ctx_size > 0:
            memcpy(self.ctx_work, self.ctx_root, self.ctx_size)
        self.path[0] = 0
        self.pstat[0] = -1

    cdef bint _determinize(self) noexcept nogil:
        """Deal this iteration's world into ``work``; True when it is a public-view world."""
        cdef const GameVT* vt = self.vt
        cdef int size = vt.state_size, n, i
        cdef int* legal = self.legal
        if self.cfg.self_p > 0.0 and rng_unit(&self.rng) < self.cfg.self_p:
            vt.belief_step(self.selfchain, -1, self.table, &self.rng)
            if vt.current_player(self.selfchain) == self.seat:
                if self.cfg.multi_self:
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
        if self.cfg.use_belief:
            vt.belief_step(self.chain, self.seat, self.table, &self.rng)
            memcpy(self.work, self.chain, size)
        else:
            memcpy(self.work, self.root, size)
            vt.determinize(self.work, self.seat, &self.rng)
        return False

    # --- 2. descend ---------------------------------------------------------------------------
    cdef inline void _descend(self, Walk* w) noexcept nogil:
        """Select from the root until a node is expanded, the game ends or a cap is met; ``work`` is
        then the leaf's state and ``path`` the nodes passed."""
        cdef Decision d
        cdef int p
        while True:
            p = self._resolve_chance(w)
            if p < 0 or w.depth + 1 >= self.max_depth:
                return                              # the end, or a cap
            self._open(w, &d, p)
            if not self._find_record(w, &d):
                return
            self._select(w, &d)
            self._choose(&d)
            if not self._advance(w, &d):
                return                              # expanded (or the memory cap): the leaf

    cdef inline int _resolve_chance(self, Walk* w) noexcept nogil:
        """Play the chance events due: a public one (in the chance tree) moves down to its outcome's
        child, a hidden one is sampled (and every seat's key must be made again).  The seat to decide
        next, TERMINAL, or STOP when a cap was met in the chance tree."""
        cdef const GameVT* vt = self.vt
        cdef int p = vt.current_player(self.work)
        while p == CHANCE:
            if self.cfg.chance_tree and (self.cfg.all_public or vt.chance_public(self.work)):
                if not self._chance_child(w):
                    return STOP
            else:
                vt.sample_chance(self.work, &self.rng)
                w.known = 0                         # a seat may have seen something new
            p = vt.current_player(self.work)
        return p

    cdef inline bint _chance_child(self, Walk* w) noexcept nogil:
        """Sample a public chance outcome and follow (or make) its child, so what follows is searched
        per outcome; False at the depth or memory cap."""
        cdef int a = self.vt.sample_chance(self.work, &self.rng)
        cdef int32_t ch
        if w.depth + 1 >= self.max_depth:
            return False
        ch = self.nodes[w.node].first_child
        while ch >= 0 and not (self.nodes[ch].action == a and self.nodes[ch].flags & FLAG_CHANCE):
            ch = self.nodes[ch].next_sibling
        if ch < 0:
            ch = self._new_node(w.node, a, -1, FLAG_CHANCE)
            if ch < 0:
                return False
        w.node = ch
        self._push(w, ch, -1, -1)
        return True

    cdef inline void _open(self, Walk* w, Decision* d, int p) noexcept nogil:
        """Start seat ``p``'s decision: its legal actions marked with a fresh stamp, its selection rule,
        and the searcher's prior (the model's probabilities with the searcher's cards in this world)."""
        cdef const GameVT* vt = self.vt
        cdef bint modelled
        cdef int i
        d.player = p
        d.n = vt.legal_actions(self.work, self.legal)
        self.stamp += 1
        if self.stamp == 0:                         # wrapped: clear the marks once
            memset(self.mark_legal, 0, vt.num_actions * sizeof(uint32_t))
            memset(self.mark_child, 0, vt.num_actions * sizeof(uint32_t))
            self.stamp = 1
        d.stamp = self.stamp
        for i in range(d.n):
            self.mark_legal[self.legal[i]] = d.stamp
        modelled = self.cfg.use_model and p != self.seat and (
            self.cfg.model_share >= 1.0 or rng_unit(&self.rng) < self.cfg.model_share)
        d.rule = self._rule(w, p, modelled)
        d.info = -1
        d.head = -1
        d.k = 0
        d.best = -1
        d.pick = -1
        d.rm_off = -1
        d.biased = self.cfg.prior > 0.0 and p == self.seat
        if d.biased:
            vt.model_probs(self.work, self.ctx_work, self.legal, d.n, self.probs)
            for i in range(d.n):
                self.prior_a[self.legal[i]] = self.probs[i]

    cdef inline int _rule(self, Walk* w, int p, bint modelled) noexcept nogil:
        """The selection rule of seat ``p``'s decision (``modelled``: the model's share drew it)."""
        if modelled:
            return RULE_MODEL
        if self.cfg.root_true and w.depth == 0:
            return RULE_ROOT_TRUE
        if p != self.seat and self.cfg.smooth > 0.0:
            return RULE_SMOOTH
        if p != self.seat and self.cfg.rm_gamma > 0.0:
            return RULE_RM
        return RULE_UCB

    cdef inline bint _find_record(self, Walk* w, Decision* d) noexcept nogil:
        """The statistics the decision is chosen from (``d.head``): with multi-observer statistics the
        deciding seat's information-set record at this node (made if new), else the node's children.
        False at the memory cap when the record cannot be made: the iteration then plays out from
        here (the public node's statistics pool every information set and keep no availability)."""
        cdef int p = d.player
        if self.cfg.multi and d.rule != RULE_MODEL and (self.cfg.multi_self or p != self.seat):
            # the seat's information set = the public path + its private view when last keyed (what
            # it has seen since is either on the path or a chance event, which re-keys)
            if not (w.known >> p) & 1:
                w.keys[p] = self._key(self.work, p)
                w.known |= (<uint32_t>1) << p
            d.info = self._info(w.node, w.keys[p], p)
            if d.info < 0:
                return False
            d.head = self.nodes[d.info].first_child
        else:
            d.head = self.nodes[w.node].first_child
        return True

    cdef inline void _select(self, Walk* w, Decision* d) noexcept nogil:
        """Choose among the available statistics by the decision's rule (``d.best``; ``d.k``: how many
        count as tried).  Smooth UCT and regret matching take over from UCB once every move is tried."""
        if d.rule == RULE_MODEL:
            self._select_model(d)
        elif d.rule == RULE_ROOT_TRUE:
            self._select_root_true(w, d)
        else:
            self._select_ucb(d)
            if d.k == d.n and d.rule == RULE_SMOOTH:
                self._select_smooth(d)
            elif d.k == d.n and d.rule == RULE_RM and d.k > 0:
                self._select_rm(w, d)

    cdef inline bint _available(self, int32_t ch, const Decision* d) noexcept nogil:
        """Whether statistic ``ch`` is a move legal in this world (not a chance outcome)."""
        return self.mark_legal[self.nodes[ch].action] == d.stamp and not (self.nodes[ch].flags & FLAG_CHANCE)

    cdef inline void _select_ucb(self, Decision* d) noexcept nogil:
        """UCB1 over the available statistics that have learned something (one never visited counts as
        untried), plus at the searcher's decisions the prior's ``prior * P(a) / (visits + 1)``."""
        cdef Node* nodes = self.nodes
        cdef int32_t ch = d.head
        cdef int a
        cdef double v, bestv = -1e300
        while ch >= 0:
            if self._available(ch, d):
                if nodes[ch].visits > 0:
                    a = nodes[ch].action
                    self.mark_child[a] = d.stamp
                    d.k += 1
                    v = nodes[ch].reward / nodes[ch].visits + self.cfg.c * sqrt(fast_log(nodes[ch].avail) / nodes[ch].visits)
                    if d.biased:
                        v += self.cfg.prior * self.prior_a[a] / (nodes[ch].visits + 1.0)
                    if v > bestv:
                        bestv = v
                        d.best = ch
                nodes[ch].avail += 1
            ch = nodes[ch].next_sibling

    cdef inline void _select_root_true(self, Walk* w, Decision* d) noexcept nogil:
        """The searcher's root decision by UCB1 on its true-card statistics (``rt_*``); a child those
        worlds have not tried yet goes first (it exists, so it is not expanded again)."""
        cdef Node* nodes = self.nodes
        cdef int32_t ch = d.head
        cdef int a
        cdef double v, bestv = -1e300
        while ch >= 0:
            if self._available(ch, d):
                a = nodes[ch].action
                self.mark_child[a] = d.stamp
                d.k += 1
                if self.rt_visits[a] == 0:
                    v = 1e300
                else:                               # rt_avail >= 1 once the child has a visit
                    v = self.rt_reward[a] / self.rt_visits[a] + self.cfg.c * sqrt(fast_log(self.rt_avail[a]) / self.rt_visits[a])
                if v > bestv:
                    bestv = v
                    d.best = ch
                if not w.public_world:
                    self.rt_avail[a] += 1
                nodes[ch].avail += 1
            ch = nodes[ch].next_sibling

    cdef inline void _select_model(self, Decision* d) noexcept nogil:
        """An opponent decides as the opponent model says (sampled), not by its statistics; its child
        is ``d.best`` if it exists (else it is expanded)."""
        cdef Node* nodes = self.nodes
        cdef int32_t ch = d.head
        self.vt.model_probs(self.work, self.ctx_work, self.legal, d.n, self.probs)
        d.pick = sample_action(self.legal, self.probs, d.n, &self.rng)
        while ch >= 0:
            if self._available(ch, d):
                self.mark_child[nodes[ch].action] = d.stamp
                d.k += 1
                if nodes[ch].action == d.pick:
                    d.best = ch
                nodes[ch].avail += 1
            ch = nodes[ch].next_sibling

    cdef inline void _select_smooth(self, Decision* d) noexcept nogil:
        """Smooth UCT (Heinrich & Silver 2015) at an opponent's decision: with probability 1 - eta
        follow the average strategy (visit shares) instead of UCB's choice."""
        cdef Node* nodes = self.nodes
        cdef uint64_t tot = 0
        cdef int32_t ch = d.head
        cdef double v, u
        while ch >= 0:
            if self.mark_child[nodes[ch].action] == d.stamp and not (nodes[ch].flags & FLAG_CHANCE):
                tot += nodes[ch].visits
            ch = nodes[ch].next_sibling
        v = self.cfg.smooth / (1.0 + 0.002 * sqrt(<double>tot))
        if v < 0.1:
            v = 0.1
        if tot > 0 and rng_unit(&self.rng) >= v:
            u = rng_unit(&self.rng) * tot
            ch = d.head
            while ch >= 0:
                if self.mark_child[nodes[ch].action] == d.stamp and not (nodes[ch].flags & FLAG_CHANCE):
                    d.best = ch
                    u -= nodes[ch].visits
                    if u < 0.0:
                        break
                ch = nodes[ch].next_sibling

    cdef inline void _select_rm(self, Walk* w, Decision* d) noexcept nogil:
        """Regret matching (Hart & Mas-Colell 2000; in MCTS: Lanctot, Lisy & Winands 2013) at an
        opponent's decision: sample from gamma-uniform + (1 - gamma) * positive regrets (every
        probability >= gamma / K > 0), so where the best reply depends on the others' play the
        opponent's average play moves towards a mixed equilibrium instead of chasing one reply.  The
        statistics sampled among and the probability of the one chosen are kept for
        ``_update_regrets``."""
        cdef Node* nodes = self.nodes
        cdef int32_t ch = d.head, top = w.rm_top
        cdef int i, kk = 0
        cdef double sp = 0.0, r, v = 0.0, u
        while ch >= 0:
            if self.mark_child[nodes[ch].action] == d.stamp and not (nodes[ch].flags & FLAG_CHANCE):
                self.rm_buf[top + kk] = ch
                kk += 1
                if self.regret[ch] > 0.0:
                    sp += self.regret[ch]
            ch = nodes[ch].next_sibling
        u = rng_unit(&self.rng)
        for i in range(kk):
            ch = self.rm_buf[top + i]
            r = self.regret[ch]
            if sp > 0.0:
                v = self.cfg.rm_gamma / kk + (1.0 - self.cfg.rm_gamma) * (r / sp if r > 0.0 else 0.0)
            else:
                v = 1.0 / kk
            d.best = ch
            if u < v or i == kk - 1:
                break
            u -= v
        self.rm_sig[w.depth + 1] = v
        self.rm_cnt[w.depth + 1] = kk
        d.rm_off = top
        w.rm_top = top + kk

    cdef inline void _choose(self, Decision* d) noexcept nogil:
        """The action: an untried legal one, uniformly, while any is left (it will be expanded), else
        the chosen statistic's (the model's sample is already ``d.pick``)."""
        cdef int untried = d.n - d.k, i, a = 0
        if d.rule == RULE_MODEL:
            return
        if untried > 0:
            i = rng_below(&self.rng, untried)
            for a in range(d.n):
                if self.mark_child[self.legal[a]] != d.stamp:
                    if i == 0:
                        break
                    i -= 1
            d.pick = self.legal[a]
        else:
            d.pick = self.nodes[d.best].action

    cdef inline bint _advance(self, Walk* w, Decision* d) noexcept nogil:
        """Play the chosen action and step to its public child: True to descend further; False once
        the child was expanded (made) -- the leaf -- or the memory cap stopped the descent here."""
        cdef int32_t stat = -1, child
        cdef bint expand
        if d.info >= 0:
            stat = self._statistic(d)
            if stat < 0:
                return False                        # memory cap: play out from here
            child = self.nodes[w.node].first_child
            while child >= 0 and (self.nodes[child].action != d.pick or self.nodes[child].flags & FLAG_CHANCE):
                child = self.nodes[child].next_sibling
            expand = child < 0
        else:
            child = d.best
            expand = child < 0 if d.rule == RULE_MODEL else d.k < d.n
        if expand:
            child = self._new_node(w.node, d.pick, d.player, 0)
            if child < 0:
                return False                        # memory cap: play out from here
            self._play(d.pick)
            self._push(w, child, stat, -1)
            return False
        self._play(d.pick)
        w.node = child
        self._push(w, child, stat, d.rm_off)
        return True

    cdef inline int32_t _statistic(self, Decision* d) noexcept nogil:
        """Multi-observer: the chosen action's statistic in the seat's information-set record (made for
        an untried action; -1 at the memory cap)."""
        cdef int32_t stat
        if d.k == d.n:
            return d.best
        stat = self.nodes[d.info].first_child
        while stat >= 0 and self.nodes[stat].action != d.pick:
            stat = self.nodes[stat].next_sibling
        if stat < 0:
            stat = self._new_node(d.info, d.pick, d.player, FLAG_STAT)
        return stat

    cdef inline void _play(self, int action) noexcept nogil:
        """Apply a decision to this iteration's world (and to the model's public context)."""
        if self.ctx_size > 0:
            self.vt.model_observe(self.ctx_work, self.work, action)
        self.vt.apply_action(self.work, action)

    cdef inline void _push(self, Walk* w, int32_t node, int32_t stat, int32_t rm_off) noexcept nogil:
        """One step down the path: ``node``, the statistic chosen there (-1: none) and its regret-matched
        statistics (-1: none)."""
        w.depth += 1
        self.path[w.depth] = node
        self.pstat[w.depth] = stat
        if self.rm_off != NULL:
            self.rm_off[w.depth] = rm_off

    # --- 3. evaluate the leaf -----------------------------------------------------------------
    cdef inline void _evaluate(self, Walk* w) noexcept nogil:
        """The leaf's reward per seat into ``w.ret``: the game's static evaluation (leaf="eval", where it
        gives one), else a playout and the returns, blended with the score utility (score > 0)."""
        cdef const GameVT* vt = self.vt
        cdef double sc[MAX_SEATS]
        cdef int i
        if self.cfg.use_eval and vt.evaluate(self.work, &self.rng, w.ret):
            return
        if self.cfg.playout != PLAYOUT_GAME:
            self._model_playout(self.work)
        else:
            self.playout_fn(self.work, &self.rng)
        vt.returns(self.work, w.ret)
        if self.cfg.score_w > 0.0:
            vt.scores(self.work, sc)
            for i in range(self.nplayers):
                w.ret[i] = (1.0 - self.cfg.score_w) * w.ret[i] + self.cfg.score_w * sc[i]

    cdef void _model_playout(self, void* st) noexcept nogil:
        """Play to the end with the opponent model (for the searcher too with PLAYOUT_MODEL)."""
        cdef const GameVT* vt = self.vt
        cdef int* legal = self.legal
        cdef double* probs = self.probs
        cdef int p, n, a
        while True:
            p = vt.current_player(st)
            if p == CHANCE:
                vt.sample_chance(st, &self.rng)
                continue
            if p < 0:
                return
            n = vt.legal_actions(st, legal)
            if p == self.seat and self.cfg.playout == PLAYOUT_MIXED:
                a = legal[rng_below(&self.rng, n)]
            else:
                vt.model_probs(st, self.ctx_work, legal, n, probs)
                a = sample_action(legal, probs, n, &self.rng)
            if self.ctx_size > 0:
                vt.model_observe(self.ctx_work, st, a)
            vt.apply_action(st, a)

    # --- 4. backpropagate ---------------------------------------------------------------------
    cdef inline void _backpropagate(self, Walk* w) noexcept nogil:
        """The leaf's rewards up the path: the root's visit, the root's true-card tallies, every node's
        and chosen statistic's visit and reward, and regret matching's regrets."""
        self.nodes[0].visits += 1
        if self.cfg.root_true and w.depth >= 1 and not w.public_world:
            self._tally_root_true(w)
        self._update_path(w)
        if self.rm_off != NULL:
            self._update_regrets(w)

    cdef inline void _tally_root_true(self, Walk* w) noexcept nogil:
        """root_worlds="true": a true-card world's visit and reward for the root action it took."""
        cdef int a = self.nodes[self.path[1]].action
        self.rt_visits[a] += 1
        self.rt_reward[a] += w.ret[self.seat]
        if self.rt_avail[a] == 0:
            self.rt_avail[a] = 1                    # a child made by this iteration was available to it

    cdef inline void _update_path(self, Walk* w) noexcept nogil:
        """Each node on the path gains a visit and the reward of the seat that chose it (chance outcomes:
        the visit only); so does the statistic chosen there, unless it is an opponent's that learns
        only from public-view worlds (opp_worlds="public") and this world is not one."""
        cdef Node* nodes = self.nodes
        cdef int32_t node, stat
        cdef int i, q
        for i in range(1, w.depth + 1):
            node = self.path[i]
            nodes[node].visits += 1
            if nodes[node].player >= 0:
                nodes[node].reward += w.ret[nodes[node].player]
            stat = self.pstat[i]
            if stat >= 0:
                q = nodes[stat].player
                if q == self.seat or w.public_world or not self.cfg.opp_public:
                    nodes[stat].visits += 1
                    nodes[stat].reward += w.ret[q]

    cdef inline void _update_regrets(self, Walk* w) noexcept nogil:
        """Regret matching: at each regret-matched step every statistic available loses the reward got
        and the one chosen gains it divided by the probability it was chosen with (an unbiased sampled
        regret); the opponents' statistics, as their visits, only in public-view worlds when asked."""
        cdef Node* nodes = self.nodes
        cdef int32_t ch, stat
        cdef int i, kk
        cdef double v
        for i in range(1, w.depth + 1):
            if self.rm_off[i] < 0:
                continue
            if self.pstat[i] >= 0 and self.cfg.opp_public and not w.public_world:
                continue
            ch = self.pstat[i] if self.pstat[i] >= 0 else self.path[i]     # the statistic chosen
            v = w.ret[nodes[ch].player]
            for kk in range(self.rm_cnt[i]):
                stat = self.rm_buf[self.rm_off[i] + kk]
                self.regret[stat] -= v
            self.regret[ch] += v / self.rm_sig[i]

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
        if self.cfg.multi_self:
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
        if self.cfg.root_true:
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
