# cython: language_level=3
"""Coup's compact state (``../shared/rules/coup.md``): a 64-byte struct, cloned with one memcpy.

Cards are bytes: the role id in the low 3 bits (``duke`` 0, ``assassin`` 1, ``captain`` 2,
``ambassador`` 3, ``contessa`` 4; 7 = no card yet), :data:`CARD_UP` when the influence is lost (face
up, public) and :data:`CARD_SHOWN` while a card shown to prove a claim waits to go back to the deck.
In a ruleset of one influence each seat's second slot holds :data:`CARD_ABSENT` all game: a slot
that is never dealt, which counts as no influence and is never hidden, so the code that loops over a
seat's two slots needs no case for it.
The Court deck is a multiset (counts per role): its order is never observed, so drawing from the
counts is the same game as drawing the top card of a shuffled deck.

The enums below are ``cpdef``, so the numbers are written here only: Python sees a named one as an
``IntEnum`` of its C names (``_Phase.PH_BLOCK``) and each member of an anonymous one as a module
constant (``A_TAX``); ``coup_core`` offers them as ``IntEnum``s without the prefix (``Phase.BLOCK``,
``Action.TAX``, ``Kind.TAX``, ``Role.DUKE``).  The roles, kinds and actions are anonymous because the
kernel indexes its tables with them, which Cython allows for plain integer constants only.
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t

from intrigue.ext.game_api cimport KernelState, GameVT

cpdef enum:
    NROLES = 5
    MAX_PLAYERS = 6
    TOTAL_COINS = 50
    MAX_COPIES = 3        # copies of one role in the Court deck (the published deck's count)
    MAX_ASSASSIN_LIMIT = 3    # the largest per-player limit the counters can hold
    NUM_PHASES = 12       # phases are 0 .. NUM_PHASES - 1
    NUM_ACTIONS = 74      # the size of the action id space (decisions, then chance outcomes)
    ALL_ACTIONS = 0x7F    # CoupState.actions: bit (1 << K_*) set when that action is in play
    REQUIRED_ACTIONS = 0x11   # (1 << K_INCOME) | (1 << K_COUP): always in play, so a turn always has a move

cpdef enum:  # the five roles, in the deck's order (Python: Role.DUKE ...)
    DUKE = 0
    ASSASSIN = 1
    CAPTAIN = 2
    AMBASSADOR = 3
    CONTESSA = 4

cdef enum:
    CARD_EMPTY = 7
    CARD_ROLE = 7
    CARD_UP = 8
    CARD_SHOWN = 16
    CARD_ABSENT = CARD_EMPTY | CARD_UP     # the slot a one-influence ruleset never deals

    NO_SEAT = 255
    NO_CLAIM = 255        # CLAIM_OF_KIND of an action that claims no role
    COPY_BITS = 2         # bits per role in CoupState.copies
    COPY_MASK = 3
    STANDARD_COPIES = 0x3FF   # 3 copies of each of the 5 roles, packed
    COUNT_BITS = 2        # bits per seat in CoupState.assassinations
    COUNT_MASK = 3
    NUM_KINDS = 7         # declarable action kinds K_INCOME .. K_STEAL
    DECLARE_LIMITED = 0x80    # CoupState.declarable: Assassinations are limited per player

cpdef enum _Phase:  # decision points (phase); the kernel's phase is also the "kind of decision"
    PH_DEAL = 0          # chance: deal 2 cards to `asked`
    PH_ACTION = 1        # the actor declares an action
    PH_CHALLENGE = 2     # `asked` challenges the action's claim or passes
    PH_DEFEND = 3        # the challenged actor reveals a card
    PH_BLOCK = 4         # `asked` blocks or passes
    PH_BCHALLENGE = 5    # `asked` challenges the block or passes
    PH_BDEFEND = 6       # the challenged blocker reveals a card
    PH_LOSE = 7          # `asked` turns one card face up
    PH_REPLACE = 8       # chance: `asked` draws a replacement for a shown card
    PH_EXDRAW = 9        # chance: the actor draws 2 for an Exchange
    PH_EXCHANGE = 10     # the actor chooses the hand to keep
    PH_OVER = 11

cpdef enum:  # declared action kinds (CoupState.kind; bit 1 << K_* in CoupState.actions; Python: Kind.TAX ...)
    K_INCOME = 0
    K_FOREIGN_AID = 1
    K_TAX = 2
    K_EXCHANGE = 3
    K_COUP = 4
    K_ASSASSINATE = 5
    K_STEAL = 6
    K_NONE = 255

cdef enum:  # what follows a loss of influence / a replacement draw
    CONT_END_TURN = 0
    CONT_ACTION_PROVED = 1
    CONT_BLOCK_PROVED = 2

cpdef enum:  # decision ids; where an id adds a seat, role or pair index the member is its base (Python: Action.TAX ...)
    A_INCOME = 0
    A_FOREIGN_AID = 1
    A_TAX = 2
    A_EXCHANGE = 3
    A_COUP = 4            # + target seat
    A_ASSASSINATE = 10    # + target seat
    A_STEAL = 16          # + target seat
    A_PASS = 22
    A_CHALLENGE = 23
    A_BLOCK = 24          # + role
    A_REVEAL = 29         # + role
    A_KEEP1 = 34          # + role: keep a one-card hand
    A_KEEP2 = 39          # + pair index: keep a two-card hand

cpdef enum _Chance:  # chance outcome ids, after the decisions
    C_ONE = 54            # + role: a one-card draw
    C_TWO = 59            # + pair index: a two-card deal or draw

cpdef enum _Exchange:  # CoupRules.exchange_mode: what an Exchange lets the actor keep
    EXCHANGE_PUBLISHED = 0    # as many of hand + 2 drawn as the actor has influence
    EXCHANGE_SWAP_ONE = 1     # the hand, or the hand with one card swapped for one drawn


cdef struct CoupRules:
    # the ruleset's options, as coup_init takes them (coup_default_rules: the published game)
    int steal_amount
    int forced_coup_at
    int exchange_mode
    int refund
    int start_coins_2p
    int max_turns
    int influence                 # cards dealt to each player: 1 or 2
    int start_coins               # coins each player starts with (seat 0 of two: start_coins_2p)
    int income                    # coins Income takes
    int tax                       # coins Tax takes
    int coup_cost
    int assassinate_cost
    int actions                   # ALL_ACTIONS or fewer (REQUIRED_ACTIONS always)
    int assassin_limit            # Assassinations each player may declare in a game; 0: no limit
    int copies[5]                 # the Court deck: copies per role, 0..MAX_COPIES

cdef struct CoupState:
    uint16_t turn            # turns completed
    uint16_t max_turns       # safety cap: a draw among the survivors
    uint8_t n                # players
    uint8_t phase
    uint8_t actor            # whose turn it is
    uint8_t kind             # the declared action (K_*)
    uint8_t target
    uint8_t asked            # who decides now (or whom a chance event concerns)
    uint8_t blocker
    uint8_t block_role
    uint8_t challenger
    uint8_t cont             # CONT_*: what follows a PH_LOSE / PH_REPLACE
    uint8_t treasury
    uint8_t nalive
    # rules (see coup.md section 8); part of the state so a state is self-contained
    uint8_t steal_amount
    uint8_t forced_coup_at
    uint8_t exchange_mode
    uint8_t refund
    uint8_t start_coins_2p
    uint8_t deck[5]          # Court deck, count per role
    uint8_t coins[6]
    uint8_t cards[12]        # seat p holds cards[2p], cards[2p+1]
    uint8_t drawn[2]         # the two Exchange cards while the actor chooses
    uint8_t place[6]         # 0 while in the game; placing (1 = winner) once out or at the end
    # more rules (the variant options; defaults are the published game), after the fields above,
    # whose offsets do not move
    uint8_t influence        # cards dealt to each player (1: the second slot is CARD_ABSENT)
    uint8_t income           # coins Income takes
    uint8_t tax              # coins Tax takes
    uint8_t coup_cost        # coins a Coup costs
    uint8_t assassinate_cost # coins an Assassinate costs (paid when declared)
    uint8_t actions          # bit (1 << K_*) set for each action in play
    uint8_t assassin_limit   # Assassinations each player may declare; 0: no limit
    uint8_t declarable       # bit (1 << K_*) set for each action that can be declared: in play and, if
                             # it claims a role, the deck has that role; and DECLARE_LIMITED when the
                             # Assassinations are limited (derived from the rules above; one compare
                             # with ALL_ACTIONS tells the published game's turn from any other)
    uint16_t copies          # the Court deck's composition: copies of role r in bits 2r, 2r+1
    uint16_t assassinations  # Assassinations declared by seat p in bits 2p, 2p+1 (with a limit only)

cdef GameVT COUP_VT

cdef void coup_default_rules(CoupRules* r) noexcept nogil
cdef const char* coup_check_rules(int n, const CoupRules* r) noexcept nogil
cdef void coup_init(CoupState* s, int n, const CoupRules* r) noexcept nogil
cdef int coup_current_player(const CoupState* s) noexcept nogil
cdef int coup_legal(const CoupState* s, int* out) noexcept nogil
cdef void coup_apply(CoupState* s, int a) noexcept nogil
cdef int coup_sample_chance(CoupState* s, uint64_t* rng) noexcept nogil
cdef void coup_playout(CoupState* s, uint64_t* rng) noexcept nogil
cdef void coup_determinize(CoupState* s, int seat, uint64_t* rng) noexcept nogil

cdef class CoupCore(KernelState):
    cdef CoupState st
