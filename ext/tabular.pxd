# cython: language_level=3
"""Exact algorithms over an explicit game tree (``search/tree.py``): see ``tabular.pyx``."""

cdef enum:
    NODE_DECISION = 0    # a seat decides (same numbers as search/tree.py)
    NODE_CHANCE = 1      # a chance event
    NODE_END = 2         # the game is over


cdef struct Tree:
    # Read-only views of the arrays of a search.tree.GameTree (owned by the FlatTree that holds it).
    int n_nodes               # nodes; parents come before their children
    int n_players
    int n_isets               # information sets
    int n_slots               # one per (information set, legal action)
    int max_actions           # the most actions at one information set
    int depth                 # the longest path from the root, in edges
    const signed char* kind   # per node: NODE_*
    const signed char* player # per node: the seat deciding (-1 elsewhere)
    const int* infoset        # per node: its information set (-1 off decisions)
    const int* first_child    # per node: its first child (children are consecutive)
    const int* num_children   # per node
    const double* prob        # per node: the chance probability of the edge into it (1 after a decision)
    const double* utility     # per node and seat (n_nodes x n_players): the payoff at an end
    const signed char* iset_player  # per information set: the seat deciding
    const int* iset_slot      # per information set: its first slot
    const int* iset_actions   # per information set: its number of slots
    const int* iset_node_start  # per information set + 1: offsets into iset_nodes
    const int* iset_nodes     # the decision nodes grouped by information set


cdef class FlatTree:
    cdef Tree t
    cdef object arrays        # the numpy arrays behind the pointers (kept alive)
    cdef int _depth(self) except -1
    cdef double best_response(self, const double* policy, int seat, int* best) except? -1


cdef class _BestResponse:
    cdef Tree* t
    cdef FlatTree owner         # keeps the tree's arrays alive
    cdef const double* policy   # per slot
    cdef int seat               # the seat that best-responds
    cdef int* best              # per information set: the chosen slot offset, -1 not yet chosen
    cdef double* reach          # per node: the product of the others' and chance's probabilities
    cdef double* val            # per node: its value under the best response
    cdef char* done             # per node: val is known
    cdef void setup(self, FlatTree owner, const double* policy, int seat, int* best) except *
    cdef void reach_forward(self) noexcept nogil
    cdef double value(self, int h) noexcept nogil
    cdef int choose(self, int iset) noexcept nogil


cdef class Cfr:
    cdef FlatTree tree
    cdef double* regret       # per slot: cumulative regret
    cdef double* strategy_sum # per slot: the (weighted) sum of the current strategies
    cdef double* current      # per slot: this iteration's strategy (regret matching)
    cdef double* scratch      # per depth x max_actions: the children's values in a traversal
    cdef int variant          # VARIANT_*
    cdef double alpha         # DCFR's discount exponents (positive regrets, negative regrets, average)
    cdef double beta
    cdef double gamma
    cdef long long t          # iterations done
    cdef void _match(self) noexcept nogil
    cdef double _traverse(self, int h, int seat, double own, double others, int depth) noexcept nogil
    cdef void _end_iteration(self, int seat) noexcept nogil
