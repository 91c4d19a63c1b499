# cython: language_level=3
"""Online outcome sampling over the :c:type:`GameVT` ABI (see ``oos.pyx``)."""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t

from intrigue.ext.game_api cimport GameVT, KernelState, MAX_SEATS, vt_playout_fn


cdef enum:  # what an iteration samples
    SAMPLING_OUTCOME = 0     # one history
    SAMPLING_EXTERNAL = 1    # chance and the other seats; every action of the seat being updated
    SAMPLING_CHANCE = 2      # chance only; every action of every seat

cdef enum:  # ways of sampling an iteration's history
    MODE_FREE = 0        # untargeted: chance by its odds, decisions by the strategies
    MODE_INFOSET = 1     # targeted at the searcher's information set: what it saw is forced
    MODE_PUBLIC = 2      # targeted at its public history: what everyone saw is forced

cdef enum:  # who saw an event of the target path
    SEEN_HIDDEN = 0      # not the searcher (another seat's cards or private choice)
    SEEN_PRIVATE = 1     # the searcher only (its own cards, its private choice)
    SEEN_PUBLIC = 2      # every seat


cdef struct Odds:
    # How likely each way of sampling was to produce the history sampled so far.
    double q[3]          # per MODE_*: the probability of the history so far
    bint follows[3]      # per MODE_*: the history so far is one that way can produce


cdef struct Follow:
    # External sampling: whether the history so far is one each targeted way of sampling can produce,
    # and how much likelier that way made the others' and chance's part of it than their strategies.
    bint infoset         # MODE_INFOSET can produce it
    bint public          # MODE_PUBLIC can produce it
    double r_infoset     # MODE_INFOSET's probability over the strategies' (forced steps: 1 / prob)
    double r_public      # MODE_PUBLIC's ...


cdef struct PublicNode:
    # One node of the public tree: the public action sequence from the game's start (decisions, and
    # the outcomes of chance events every seat sees).  Hidden chance events are not in the tree.
    int32_t first_child    # its first child (-1: none); children form a linked list
    int32_t next_sibling   # the next child of its parent (-1: the last)
    int32_t first_info     # its first information-set record (-1: none)
    int16_t action         # the action or public chance outcome that leads here (-1 at the root)
    uint8_t chance         # 1 when `action` is a public chance outcome


cdef struct InfoRecord:
    # The statistics of one information set: a public node plus the key of what the seat deciding
    # there privately knows (a hash of the world canonicalized for that seat).
    uint32_t key           # the deciding seat's private key
    int32_t next           # the next record at the same public node (-1: the last)
    int32_t slot           # its first slot: its actions are slots slot .. slot + n - 1
    int16_t n              # how many actions (the legal ones when it was made, in increasing order)
    int8_t player          # the seat deciding


cdef struct PathStep:
    # One event of this iteration's sampled history, for the backward pass.
    int32_t rec            # the decision's information-set record (-1: chance, or no statistics)
    int16_t n              # the decision's number of actions
    int16_t chosen         # the offset of the action taken
    int8_t player          # the seat deciding (-1: chance)
    double sigma           # the probability the strategy (or chance) gave the action taken
    double q               # the probability of sampling the history up to this event (the mix)
    double q_next          # ... up to and including it
    double reach           # the probability that the others and chance play the history up to it


cdef class OnlineCfr:
    cdef const GameVT* vt
    cdef vt_playout_fn playout_fn
    cdef int nplayers
    cdef int seat              # the searching seat
    cdef int max_legal
    cdef char* root            # the game's initial state (before anything happened)
    cdef char* work            # the state being played this iteration
    cdef char* keybuf          # scratch state for information-set keys
    cdef int* legal            # scratch legal actions (max_legal ints)
    cdef double* sigma         # scratch: the current strategy at a decision (max_legal doubles)
    cdef double* probs         # scratch: a sampling distribution (max_legal doubles)
    cdef int* target           # the target path: per step, the action or chance outcome
    cdef uint8_t* pinned       # ... and who saw it (SEEN_*)
    cdef int n_target
    cdef uint32_t target_key   # the searcher's private key at the end of the target path
    cdef int32_t* end_nodes    # public nodes where the target path ends (it branches at hidden choices)
    cdef int n_end
    # the tree: nodes, information-set records, and per-action slots (allocated up to the caps)
    cdef PublicNode* nodes
    cdef int32_t n_nodes
    cdef int32_t alloc_nodes
    cdef int32_t cap_nodes
    cdef InfoRecord* infos
    cdef int32_t n_infos
    cdef int32_t alloc_infos
    cdef int32_t cap_infos
    cdef int16_t* slot_action  # per slot: the action id
    cdef double* regret        # per slot: cumulative regret
    cdef double* avg           # per slot: the (stochastically weighted) sum of the strategies played
    cdef uint32_t* slot_visits # per slot: times taken at the searcher's information set (reports)
    cdef double* slot_value    # per slot: the searcher's rewards summed over those times
    cdef int32_t n_slots
    cdef int32_t alloc_slots
    cdef int32_t cap_slots
    cdef bint full             # the memory cap was reached: no more nodes, records or slots
    cdef double* base          # per slot and seat: the baseline, a running mean of the value after the action
    cdef PathStep* path        # this iteration's sampled history
    cdef int max_path
    cdef double* sig_buf       # per path step: the strategy at its decision (max_legal doubles each)
    cdef double* uval          # scratch: the estimated value of each action at one decision
    cdef long long n_estimates # backward passes that estimated the searcher's action values
    # settings
    cdef double share[3]       # per MODE_*: the share of iterations sampled that way
    cdef double epsilon        # exploration of the updating seat's sampling
    cdef double baseline       # subtracted from every reward (1 / seats): less variance, no bias
    cdef bint use_eval         # leaves scored by vt.evaluate where it gives a value
    cdef uint64_t rng
    # counters
    cdef long long n_iter
    cdef long long tries[3]    # per MODE_*: iterations tried ...
    cdef long long n_rejected[3]  # ... and abandoned because the sampled world could not follow the path
    cdef int updating          # the seat whose regrets the next iteration updates
    # external sampling
    cdef int sampling          # SAMPLING_*
    cdef double target_share   # chance sampling: how often an outcome the searcher saw is forced
    cdef int chance_width      # chance sampling: a pass enumerates chance outcomes up to this many worlds
    cdef int pass_width        # ... the worlds the current pass covers (it counts as this many iterations)
    cdef double linear         # iteration t's updates weigh 1 + linear * t (linear CFR: 1)
    cdef bint plus             # regret matching+: cumulative regrets floored at 0
    cdef int expand            # nodes an iteration may add off the target path
    cdef bint aborted          # the iteration's world could not follow the target path
    cdef int max_depth
    cdef char* stack           # per depth: the state (max_depth states)
    cdef int* es_legal         # per depth: the legal actions (max_legal each)
    cdef double* es_sigma      # per depth: the strategy
    cdef double* es_value      # per depth: each action's value
    cdef double* cs_value      # chance sampling, per depth: each action's value for every seat

    cdef int _set_options(self, KernelState start, KernelState target_core, int seat, double infoset, double public,
                          double epsilon, long long max_nodes, str playout, str leaf, str sampling, int expand,
                          double linear, bint plus, double target_share, int chance_width, seed) except -1
    cdef int _allocate(self, int size, long long max_nodes) except -1
    cdef int _read_target(self, events) except -1
    cdef void _clear_tree(self) noexcept
    cdef bint _room(self, int nodes, int infos, int slots) noexcept nogil
    cdef bint _grow_slots(self, long long want) noexcept nogil
    cdef int32_t _child(self, int32_t node, int action, bint chance, bint make) noexcept nogil
    cdef int32_t _record(self, int32_t node, uint32_t key, int player, const int* legal, int n) noexcept nogil
    cdef uint32_t _key(self, const void* st, int p) noexcept nogil
    cdef int _sample_chance(self, void* st, double* prob) noexcept nogil
    cdef void _iterate(self) noexcept nogil
    cdef void _strategy(self, int32_t rec, int n, bint updating) noexcept nogil
    cdef void _leaf(self, void* st, double* ret) noexcept nogil
    cdef bint _legal_outcome(self, void* st, int a, double* prob) noexcept nogil
    cdef int32_t _descend(self, int32_t node, int a, bint chance, bint on_target, bint* grown) noexcept nogil
    cdef void _note_end(self, int32_t node) noexcept nogil
    cdef double _q(self, Odds* odds) noexcept nogil
    cdef int _mode(self) noexcept nogil
    cdef void _follow(self, Odds* odds, int k, bint on_path, int a, double s) noexcept nogil
    cdef void _average(self, int32_t rec, double weight) noexcept nogil
    cdef void _step(self, int m, int player, int32_t rec, int n, int chosen, double sigma, double q_before,
                    double q_after, double reach) noexcept nogil
    cdef void _backup(self, double v, int i, int m) noexcept nogil
    cdef bint _is_target(self, int32_t rec) noexcept nogil
    cdef bint _at_end(self, int32_t rec) noexcept nogil
    cdef void _iterate_external(self) noexcept nogil
    cdef double _external(self, int d, int32_t node, int k, int i, int mode, Follow f, double reach_own,
                          int* budget) noexcept nogil
    cdef double _external_chance(self, int d, int32_t node, int k, int i, int mode, Follow f, double reach_own,
                                 int* budget, bint forced, bint on_path, bint on_target) noexcept nogil
    cdef int _target_index(self, const int* legal, int n, int k) noexcept nogil
    cdef void _external_update(self, int32_t node, int32_t rec, int p, int k, Follow f, int n, const double* sig,
                               const double* val, double vh, double reach_own) noexcept nogil
    cdef void _iterate_chance(self) noexcept nogil
    cdef void _chance_sampled(self, int d, int32_t node, int k, bint on_path, double ratio, const double* reach,
                              int width, int* budget, double* out) noexcept nogil
    cdef void _chance_event(self, int d, int32_t node, int k, bint on_path, double ratio, const double* reach,
                            int width, int* budget, double* out) noexcept nogil
    cdef int32_t _grow(self, int32_t node, int a, bint chance, bint on_target, int* budget) noexcept nogil
    cdef Follow _follow_other(self, Follow f, int k, bint on_path, int a, double prob) noexcept nogil
    cdef Follow _follow_own(self, Follow f, int k, bint on_path, int a) noexcept nogil
    cdef double _weight(self, Follow f) noexcept nogil
