# cython: language_level=3
"""The C-level game ABI shared by every kernel and every algorithm.

A game kernel (``coup_core``, ``politics_core``, ...) fills one :c:type:`GameVT` with pointers to its
C functions and stores its state in a fixed-size struct.  Algorithms (random playouts, the ISMCTS
loop) receive a ``GameVT*`` and a ``void*`` state and never cimport a game: a new game plugs in by
exporting a table, and a change inside one game never touches the search.

Conventions, the same as the Python interface in :mod:`intrigue.engine.game`:

* actions are small integers ``0 <= a < num_actions``; decisions and chance outcomes share the space;
* ``current_player`` is a seat ``>= 0``, :data:`CHANCE` (a chance event is due) or :data:`TERMINAL`;
* ``legal_actions`` writes the legal actions in increasing order and returns their number (at a chance
  node: the outcomes with non-zero probability);
* ``apply_action`` assumes a legal action (the Python layer checks first);
* states are plain structs: ``memcpy(dst, src, state_size)`` is a complete clone.
"""
from libc.stdint cimport uint64_t

cdef enum:
    CHANCE = -1
    TERMINAL = -2
    MAX_LEGAL = 256      # the default capacity: a game whose vt.max_legal is 0 never lists more
    MAX_SEATS = 8

ctypedef int (*vt_int_fn)(const void* st) noexcept nogil
ctypedef int (*vt_legal_fn)(const void* st, int* out) noexcept nogil
ctypedef void (*vt_apply_fn)(void* st, int action) noexcept nogil
ctypedef int (*vt_sample_fn)(void* st, uint64_t* rng) noexcept nogil
ctypedef void (*vt_returns_fn)(const void* st, double* out) noexcept nogil
ctypedef double (*vt_prob_fn)(const void* st, int action) noexcept nogil
ctypedef void (*vt_playout_fn)(void* st, uint64_t* rng) noexcept nogil
ctypedef void (*vt_seat_rng_fn)(void* st, int seat, uint64_t* rng) noexcept nogil
ctypedef void (*vt_seat_fn)(void* st, int seat) noexcept nogil
ctypedef int (*vt_seat_action_fn)(void* st, int seat, int action) noexcept nogil
ctypedef const char* (*vt_validate_fn)(const void* st) noexcept nogil
ctypedef void (*vt_belief_fn)(void* st, int seat, const double* table, uint64_t* rng) noexcept nogil
ctypedef void (*vt_model_fn)(const void* st, const void* ctx, const int* legal, int n, double* out) noexcept nogil
ctypedef void (*vt_observe_fn)(void* ctx, const void* st, int action) noexcept nogil
ctypedef int (*vt_eval_fn)(const void* st, uint64_t* rng, double* out) noexcept nogil

ctypedef struct GameVT:
    const char* name
    int state_size          # bytes of the state struct
    int num_actions         # size of the action id space
    int magic               # first byte of encode(): tells games apart
    vt_int_fn num_players
    vt_int_fn current_player
    vt_legal_fn legal_actions
    vt_apply_fn apply_action
    vt_prob_fn chance_probability   # probability of a chance outcome at a chance node
    vt_sample_fn sample_chance      # sample a chance outcome, apply it, return it
    vt_returns_fn returns           # per-seat rewards; at a non-terminal state, zeros
    vt_playout_fn playout           # uniformly random play (chance by its odds) to the end
    vt_seat_rng_fn determinize      # resample everything hidden from `seat`, uniformly over deals
    vt_seat_fn canonicalize         # put everything hidden from `seat` in one fixed arrangement
    vt_seat_action_fn make_consistent   # re-deal hidden cards so `seat`'s observation of `action` can happen
    vt_validate_fn validate         # NULL if the struct is a valid state, else what is wrong
    # --- optional hooks, appended for the search (NULL / 0 when a game does not provide them) ---
    # belief_step: one sweep of a Markov chain over the parts hidden from `seat` (seat < 0: hidden
    # from everyone, the public's view) whose stationary distribution is the uniform deal weighted by
    # `table`, a game-defined array of belief_table_size doubles (for Coup: per seat, a likelihood
    # for each possible face-down hand).  `st` must already hold a consistent deal (e.g. from
    # determinize); the sweep changes only hidden parts.  The search falls back to uniform
    # determinization when it is NULL.
    vt_belief_fn belief_step
    int belief_table_size
    # policy_playout: play to the end with a cheap game-specific default policy (chance by its odds),
    # a stronger rollout than uniformly random play; NULL: the search uses `playout`.
    vt_playout_fn policy_playout
    # opponent model (for the search's opponent nodes): model_probs writes into out[i] the probability
    # that the seat deciding in `st` plays legal[i] (its n legal actions, in legal_actions order) under
    # the game's model of a player -- reading ONLY what that seat may see (its own hidden parts and
    # the public ones, never another seat's hidden cards) plus `ctx`, a game-defined public context of
    # model_ctx_size bytes (for Coup: the roles each seat has claimed).  model_observe updates `ctx`
    # for the decision `action` about to be applied in `st`.  NULL / 0: the game has no model.
    vt_model_fn model_probs
    vt_observe_fn model_observe
    int model_ctx_size
    # --- capacity and public chance (for large games) ---
    # max_legal: the most actions legal_actions can write at one node (decisions and chance
    # outcomes alike); every buffer passed to legal_actions has at least this many ints.  0 means
    # MAX_LEGAL.  Generic code sizes its buffers with vt_max_legal(), never with a constant.
    int max_legal
    # chance_public: 1 if the outcome of the chance event due in `st` is seen by every seat (a die
    # roll, a card turned face up), 0 if some seat does not see it (a blind draw, a shuffle).  The
    # search keeps public outcomes apart in its tree (decisions after them are searched per
    # outcome); hidden ones it samples.  NULL: every chance outcome is treated as hidden.
    vt_int_fn chance_public
    # scores: at a terminal state, per seat a score utility in [0, 1] -- how well the seat (its team)
    # did beyond winning or losing, e.g. its score margin squashed into [0, 1] (KataGo's "score
    # utility").  The search may blend it into the rewards with a small weight (option `score`), so
    # that decisions which no longer change the result but still change the score are told apart.
    # NULL: the game has no score beyond `returns`.
    vt_returns_fn scores
    # evaluate: a static estimate of a non-terminal state's per-seat rewards (in [0, 1], written to
    # out), in place of a playout at the search's leaves (option `leaf=eval`): a value the game has
    # fitted to the results of real play, less biased than uniformly random play to the end.  Returns
    # 1 when it wrote an estimate, 0 when it has none for this state (then the search plays out as
    # usual).  NULL: the game has no evaluation.
    vt_eval_fn evaluate


cdef inline int vt_max_legal(const GameVT* vt) noexcept nogil:
    """The capacity a buffer for ``vt.legal_actions`` needs."""
    return vt.max_legal if vt.max_legal > 0 else MAX_LEGAL


cdef class Rng:
    """A seeded splitmix64 generator that kernels draw from (one 64-bit word of state)."""
    cdef uint64_t state


cdef class KernelState:
    """Python face of one kernel state: a pointer to the struct and to its game's table.

    Subclasses own the struct (as a C field) and set ``vt`` and ``ptr`` in ``__cinit__``; everything
    here works through the table, so each game writes only its struct and its C functions.
    """
    cdef const GameVT* vt
    cdef void* ptr
    cdef KernelState _new_empty(self)
    cdef int _legal(self, int** out) except -1
