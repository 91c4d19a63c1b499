# cython: language_level=3
"""Single-observer ISMCTS over the :c:type:`GameVT` ABI (see ``ismcts.pyx`` and ``docs/search.md``)."""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t

from intrigue.ext.game_api cimport GameVT, MAX_LEGAL, MAX_SEATS, vt_playout_fn


cdef struct Node:
    # One tree node = one action sequence from the root (decisions only; chance is sampled).
    double reward          # sum of the rewards of `player` over the iterations through this node
    int32_t first_child    # index of the first child, -1 if none (children form a linked list)
    int32_t next_sibling   # index of the next sibling, -1 at the end
    uint32_t visits        # iterations that went through this node
    uint32_t avail         # iterations in which this node's action was legal at its parent
    int16_t action         # the action that leads here from the parent (-1 at the root)
    int8_t player          # the seat that chose `action` (-1 at the root)
    uint8_t flags


cdef class Search:
    cdef const GameVT* vt
    cdef vt_playout_fn playout_fn
    cdef char* root            # the information state's core (hidden parts canonical)
    cdef char* work            # the determinization being played this iteration
    cdef char* chain           # belief chain over the cards hidden from `seat`
    cdef char* selfchain       # belief chain over everything hidden from the public
    cdef Node* nodes
    cdef int32_t n_nodes
    cdef int32_t cap
    cdef int32_t cap_nodes
    cdef uint32_t* mark_legal
    cdef uint32_t* mark_child
    cdef uint32_t stamp
    cdef int32_t* path
    cdef int max_depth
    cdef int depth_reached
    cdef double* table
    cdef uint64_t rng
    cdef int seat
    cdef int nplayers
    cdef bint use_belief
    cdef double c
    cdef double self_p
    cdef int root_legal[MAX_LEGAL]
    cdef int n_root_legal
    cdef long long n_iter
    cdef long long n_self
    cdef bint use_model         # opponents' decisions follow the game's opponent model
    cdef int ctx_size
    cdef char* ctx_root         # the model's public context at the root
    cdef char* ctx_work         # ... as it evolves along this iteration's path
    cdef int model_playout      # 0: playout_fn; 1: opponents by the model, the searcher uniformly; 2: all by the model

    cdef bint _grow(self) noexcept nogil
    cdef void _determinize(self) noexcept nogil
    cdef void _iterate(self) noexcept nogil
    cdef void _model_playout(self, void* st) noexcept nogil
