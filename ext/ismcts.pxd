# cython: language_level=3
"""Information-set MCTS over the :c:type:`GameVT` ABI (see ``ismcts.pyx`` and ``docs/search.md``)."""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t

from intrigue.ext.game_api cimport GameVT, MAX_SEATS, vt_playout_fn


cdef enum:
    FLAG_CHANCE = 1      # a public chance outcome: `action` is the outcome, `player` is -1
    FLAG_INFO = 2        # an information-set record of the multi-observer statistics (see Node)
    FLAG_STAT = 4        # one action's statistics inside an information-set record


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


cdef class Search:
    cdef const GameVT* vt
    cdef vt_playout_fn playout_fn
    cdef int max_legal         # capacity of the legal-action buffers (vt_max_legal)
    cdef int* legal            # legal-action buffer for the loop (max_legal ints, heap)
    cdef double* probs         # the opponent model's probabilities (max_legal doubles, heap)
    cdef char* root            # the information state's core (hidden parts canonical)
    cdef char* work            # the determinization being played this iteration
    cdef char* keybuf          # scratch state for information-set keys (canonicalized copies)
    cdef char* chain           # belief chain over the cards hidden from `seat`
    cdef char* selfchain       # belief chain over everything hidden from the public
    cdef Node* nodes
    cdef int32_t n_nodes
    cdef int32_t cap
    cdef int32_t cap_nodes
    cdef uint32_t* mark_legal
    cdef uint32_t* mark_child
    cdef uint32_t stamp
    cdef int32_t* path         # the structural nodes of this iteration's path
    cdef int32_t* pstat        # multi-observer: the statistic chosen at each step of the path (-1: none)
    cdef int max_depth
    cdef int depth_reached
    cdef double* table
    cdef uint64_t rng
    cdef int seat
    cdef int nplayers
    cdef bint use_belief
    cdef double c
    cdef double self_p
    cdef int* root_legal       # the root's legal actions (max_legal ints, heap)
    cdef int n_root_legal
    cdef long long n_iter
    cdef long long n_self
    cdef bint use_model         # opponents' decisions follow the game's opponent model
    cdef int ctx_size
    cdef char* ctx_root         # the model's public context at the root
    cdef char* ctx_work         # ... as it evolves along this iteration's path
    cdef int model_playout      # internal code of the named playout: 0 playout_fn, 1 mixed, 2 model
    cdef bint use_eval          # leaves scored by the game's static evaluation (vt.evaluate) instead of a playout
    cdef bint multi             # multi-observer statistics: each seat decides by its own information set
    cdef bint multi_self        # ... the searcher's too (False: only the opponents', the searcher per public node)
    cdef bint opp_public        # ... opponents' statistics learn only from public-view worlds
    cdef uint32_t root_key      # the searcher's information-set key at the root
    cdef bint chance_tree       # public chance outcomes get their own children
    cdef bint all_public        # (tests) treat every chance outcome as public
    cdef double smooth          # Smooth UCT's eta at the opponents' decisions (0: plain UCB)
    cdef double model_share     # with use_model: the share of opponents' decisions sampled from the model (rest: UCB)
    cdef double prior           # progressive-bias weight at the searcher's decisions (0: off)
    cdef double* prior_a        # the model's probability per action id at the current decision (num_actions, heap)
    cdef double score_w         # weight of the game's score utility (vt.scores) in every reward (0: off)
    cdef bint root_true         # the searcher's root decision learns only from worlds with its true cards
    cdef double* rt_reward      # with root_true, per action id: the root child's reward sum over true-card worlds
    cdef long long* rt_visits   # ... its visits in those worlds (num_actions, heap)
    cdef long long* rt_avail    # ... and its availability count in those worlds
    cdef double rm_gamma        # regret matching at the opponents' decisions: exploration share (0: off, UCB)
    cdef double* regret         # with rm_gamma > 0, per node index: the cumulative regret of its action
    cdef int32_t* rm_buf        # ... the statistics available at each step's regret-matched decision
    cdef int32_t* rm_off        # ... per path step: offset of its available statistics in rm_buf (-1: none)
    cdef int32_t* rm_cnt        # ... per path step: how many there are
    cdef double* rm_sig         # ... per path step: the probability the chosen one was sampled with

    cdef bint _grow(self) noexcept nogil
    cdef bint _determinize(self) noexcept nogil
    cdef uint32_t _key(self, const void* st, int p) noexcept nogil
    cdef int32_t _info(self, int32_t node, uint32_t key, int p) noexcept nogil
    cdef int32_t _new_node(self, int32_t parent, int action, int player, int flags) noexcept nogil
    cdef void _iterate(self) noexcept nogil
    cdef void _model_playout(self, void* st) noexcept nogil
    cdef int32_t _root_head(self)
