# cython: language_level=3
"""Information-set MCTS over the :c:type:`GameVT` ABI (see ``ismcts.pyx`` and ``docs/search.md``)."""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t

from intrigue.ext.game_api cimport GameVT, KernelState, MAX_SEATS, vt_playout_fn


cdef enum:
    FLAG_CHANCE = 1      # a public chance outcome: `action` is the outcome, `player` is -1
    FLAG_INFO = 2        # an information-set record of the multi-observer statistics (see Node)
    FLAG_STAT = 4        # one action's statistics inside an information-set record


cdef enum:
    # SearchConfig.playout: how a leaf is played out
    PLAYOUT_GAME = 0     # the game's playout (vt.playout; vt.policy_playout with playout="policy")
    PLAYOUT_MIXED = 1    # the opponents by the opponent model, the searcher uniformly
    PLAYOUT_MODEL = 2    # everyone by the opponent model


cdef enum:
    # Decision.rule: how a decision on the way down is chosen (one helper each, see Search._select)
    RULE_UCB = 0         # UCB1 on the statistics (+ the prior's bias at the searcher's decisions)
    RULE_ROOT_TRUE = 1   # the searcher's root decision by UCB1 on its true-card statistics
    RULE_MODEL = 2       # an opponent's move sampled from the game's opponent model
    RULE_SMOOTH = 3      # an opponent: UCB until every move is tried, then Smooth UCT
    RULE_RM = 4          # an opponent: UCB until every move is tried, then regret matching


cdef enum:
    STOP = -3            # the descent must end here (the depth or memory cap met in the chance tree)


cdef struct Node:
    # One tree node = one public action sequence from the root (decisions, and public chance outcomes
    # when the game marks them).  With the multi-observer statistics the same struct also holds
    # information-set records (FLAG_INFO: `avail` is the record's key, `first_child` its first
    # statistic, `next_sibling` the node's next record) and per-information-set action statistics
    # (FLAG_STAT: action, player, visits, avail, reward; no children).
    double reward          # sum of the rewards of `player` over the iterations through this node
    int32_t first_child    # index of the first child, -1 if none (children form a linked list)
    int32_t next_sibling   # index of the next sibling, -1 at the end
    uint32_t visits        # iterations that went through this node
    uint32_t avail         # iterations in which this node's action was legal at its parent (FLAG_INFO: key)
    int32_t first_info     # first information-set record of the seat deciding here (-1: none)
    int16_t action         # the action (or public chance outcome) that leads here (-1 at the root)
    int8_t player          # the seat that chose `action` (-1 at the root and for chance outcomes)
    uint8_t flags          # FLAG_*


cdef struct SearchConfig:
    # A search's options as the loop reads them: filled once from a checked SearchOptions and the
    # game's hooks (an option whose hook the game lacks is off here).
    double c               # UCB exploration constant (rewards are 0..1)
    double self_p          # share of iterations dealt from the public's view (self-determinization; 0: off)
    double smooth          # Smooth UCT's eta at the opponents' decisions (0: off)
    double rm_gamma        # regret matching's exploration share at the opponents' decisions (0: off)
    double model_share     # with use_model: the share of the opponents' decisions sampled from the model
    double prior           # progressive-bias weight at the searcher's decisions (0: off)
    double score_w         # weight of the game's score utility (vt.scores) in every reward (0: off)
    int playout            # PLAYOUT_*: how a leaf is played out (unless evaluated)
    bint use_belief        # determinizations are steps of the belief chain (a likelihood table was given)
    bint use_model         # opponents' decisions follow the game's opponent model (opponents="model")
    bint use_eval          # leaves scored by the game's static evaluation (vt.evaluate) where it gives one
    bint multi             # multi-observer statistics: a seat decides by its own information set
    bint multi_self        # ... the searcher's too (False: only the opponents', the searcher per public node)
    bint opp_public        # ... the opponents' statistics learn only from public-view worlds
    bint chance_tree       # public chance outcomes get their own children
    bint all_public        # (tests) every chance outcome counts as public
    bint root_true         # the searcher's root decision learns only from worlds with its true cards


cdef struct Walk:
    # One iteration on its way down and back (on the stack of Search._iterate).
    int32_t node                # the public node reached
    int depth                   # steps from the root (decisions and public chance outcomes) = path length - 1
    bint public_world           # this iteration's world was dealt from the public's view
    uint32_t known              # multi-observer: bit p set while keys[p] is current (cleared by hidden chance)
    int32_t rm_top              # regret matching: the next free slot of Search.rm_buf
    uint32_t keys[MAX_SEATS]    # multi-observer: each seat's information-set key when last computed
    double ret[MAX_SEATS]       # the leaf's reward per seat (what is backpropagated)


cdef struct Decision:
    # One decision on the way down: what is legal, which rule chooses, and what it chose.
    int player             # the seat deciding
    int n                  # its legal actions (in Search.legal), marked with `stamp` in Search.mark_legal
    uint32_t stamp         # this decision's mark in mark_legal (legal) and mark_child (tried)
    int rule               # RULE_*
    bint biased            # the searcher's prior adds to UCB here (prior_a holds the model's probabilities)
    int32_t info           # multi-observer: the deciding seat's information-set record (-1: public statistics)
    int32_t head           # the first statistic chosen among (the record's, or the public node's children)
    int k                  # available statistics that count as tried (marked in mark_child)
    int32_t best           # the statistic chosen (-1: none; an untried action is then expanded)
    int pick               # the action chosen
    int32_t rm_off         # regret matching: this decision's statistics in rm_buf (-1: not regret-matched)


cdef class Search:
    cdef const GameVT* vt          # the game's function table
    cdef vt_playout_fn playout_fn  # the playout of PLAYOUT_GAME (vt.playout or vt.policy_playout)
    cdef SearchConfig cfg          # the options as the loop reads them
    cdef readonly object options   # the SearchOptions this search was made with
    cdef int max_legal             # capacity of the legal-action buffers (vt_max_legal)
    cdef int* legal                # legal-action buffer for the loop (max_legal ints, heap)
    cdef double* probs             # the opponent model's probabilities (max_legal doubles, heap)
    cdef char* root                # the information state's core (hidden parts canonical)
    cdef char* work                # the determinization being played this iteration
    cdef char* keybuf              # scratch state for information-set keys (canonicalized copies)
    cdef char* chain               # belief chain over the cards hidden from `seat`
    cdef char* selfchain           # belief chain over everything hidden from the public
    cdef Node* nodes               # the tree: every node, record and statistic (cap entries, heap)
    cdef int32_t n_nodes           # nodes in use
    cdef int32_t cap               # nodes allocated
    cdef int32_t cap_nodes         # the most nodes the tree may grow to (max_nodes)
    cdef uint32_t* mark_legal      # per action id: the stamp of the decision where it was last legal
    cdef uint32_t* mark_child      # per action id: the stamp of the decision where it was last tried
    cdef uint32_t stamp            # the last stamp given (0 never marks: cleared when it wraps)
    cdef int32_t* path             # the structural nodes of this iteration's path (max_depth)
    cdef int32_t* pstat            # multi-observer: the statistic chosen at each step of the path (-1: none)
    cdef int max_depth             # the longest path an iteration may take
    cdef int depth_reached         # the longest path taken so far
    cdef double* table             # belief likelihood table (vt.belief_table_size weights; NULL: none)
    cdef uint64_t rng              # the search's random generator (every draw of the loop comes from it)
    cdef int seat                  # the searching seat
    cdef int nplayers              # seats in the game
    cdef int* root_legal           # the root's legal actions (max_legal ints, heap)
    cdef int n_root_legal          # ... how many
    cdef long long n_iter          # iterations run
    cdef long long n_self          # ... of which in public-view worlds (self-determinization)
    cdef int ctx_size              # bytes of the opponent model's public context (0: none)
    cdef char* ctx_root            # the model's public context at the root
    cdef char* ctx_work            # ... as it evolves along this iteration's path
    cdef uint32_t root_key         # the searcher's information-set key at the root
    cdef double* prior_a           # the model's probability per action id at the current decision (num_actions, heap)
    cdef double* rt_reward         # with root_true, per action id: the root child's reward sum over true-card worlds
    cdef long long* rt_visits      # ... its visits in those worlds (num_actions, heap)
    cdef long long* rt_avail       # ... and its availability count in those worlds
    cdef double* regret            # with regret matching, per node index: the cumulative regret of its action
    cdef int32_t* rm_buf           # ... the statistics available at each step's regret-matched decision
    cdef int32_t* rm_off           # ... per path step: offset of its available statistics in rm_buf (-1: none)
    cdef int32_t* rm_cnt           # ... per path step: how many there are
    cdef double* rm_sig            # ... per path step: the probability the chosen one was sampled with

    # setup
    cdef int _allocate(self, long long max_nodes, long long initial_nodes) except -1
    cdef int _plant_root(self, KernelState core) except -1
    cdef int _start_belief(self, table, int burn_in) except -1
    cdef int _start_model(self, model_ctx) except -1
    # the tree
    cdef bint _grow(self) noexcept nogil
    cdef int32_t _new_node(self, int32_t parent, int action, int player, int flags) noexcept nogil
    cdef uint32_t _key(self, const void* st, int p) noexcept nogil
    cdef int32_t _info(self, int32_t node, uint32_t key, int p) noexcept nogil
    # one iteration, in named steps
    cdef void _iterate(self) noexcept nogil
    cdef inline void _begin(self, Walk* w) noexcept nogil
    cdef bint _determinize(self) noexcept nogil
    cdef inline void _descend(self, Walk* w) noexcept nogil
    cdef inline int _resolve_chance(self, Walk* w) noexcept nogil
    cdef inline bint _chance_child(self, Walk* w) noexcept nogil
    cdef inline void _open(self, Walk* w, Decision* d, int p) noexcept nogil
    cdef inline int _rule(self, Walk* w, int p, bint modelled) noexcept nogil
    cdef inline bint _find_record(self, Walk* w, Decision* d) noexcept nogil
    cdef inline void _select(self, Walk* w, Decision* d) noexcept nogil
    cdef inline bint _available(self, int32_t ch, const Decision* d) noexcept nogil
    cdef inline void _select_ucb(self, Decision* d) noexcept nogil
    cdef inline void _select_root_true(self, Walk* w, Decision* d) noexcept nogil
    cdef inline void _select_model(self, Decision* d) noexcept nogil
    cdef inline void _select_smooth(self, Decision* d) noexcept nogil
    cdef inline void _select_rm(self, Walk* w, Decision* d) noexcept nogil
    cdef inline void _choose(self, Decision* d) noexcept nogil
    cdef inline bint _advance(self, Walk* w, Decision* d) noexcept nogil
    cdef inline int32_t _statistic(self, Decision* d) noexcept nogil
    cdef inline void _play(self, int action) noexcept nogil
    cdef inline void _push(self, Walk* w, int32_t node, int32_t stat, int32_t rm_off) noexcept nogil
    cdef inline void _evaluate(self, Walk* w) noexcept nogil
    cdef void _model_playout(self, void* st) noexcept nogil
    cdef inline void _backpropagate(self, Walk* w) noexcept nogil
    cdef inline void _tally_root_true(self, Walk* w) noexcept nogil
    cdef inline void _update_path(self, Walk* w) noexcept nogil
    cdef inline void _update_regrets(self, Walk* w) noexcept nogil
    # results
    cdef int32_t _root_head(self)
