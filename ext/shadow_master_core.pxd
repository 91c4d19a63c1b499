# cython: language_level=3
"""Shadow Master's compact state (``docs/shadow_master.md``): one flat struct, cloned with one memcpy.

Cells are ids ``14 * (row - 1) + q`` (q = column A..N = 0..13); a cell outside the board of the player
count is inactive.  Territory cards are typed by the cell id, the ``X`` card is type 70; cell cards are
single copies whose location is one byte, ``X`` cards are counted per location.  The Territory draw
pile and the Power decks are multisets: their order is never observed, so drawing uniformly from the
counts is the same game as drawing the top card of a shuffled pile.

The named enums below are ``cpdef``: Python sees each as an ``IntEnum`` of its C names
(``_Phase.PH_USE``), and ``shadow_master_core`` offers them without the prefix (``Phase.USE``,
``UseAction.ALLY``), so the numbers are written here only.
"""
from libc.stdint cimport uint8_t, uint16_t, int32_t, int64_t, uint64_t

from intrigue.ext.game_api cimport KernelState, GameVT

cpdef enum:
    NCOL = 6             # colours R O Y G B P
    NCELLS = 70          # cell ids 0..69
    XCARD = 70           # the X Territory card type
    NCARDT = 71          # Territory card types
    NTYPES = 6           # Power card types: Faith Tax King Queen Land Military
    NPERSONS = 4         # Theron, Turncloak, Master of Coin, Envoy
    NCASTLES = 4         # castle pieces
    MAXP = 6             # most players
    ROWMAX = 10          # cards in the open row before it resets
    MAXCAND = 24         # attack targets listed at most
    NONE8 = 255          # no seat / colour / cell in a byte field
    NUM_ACTIONS = 256    # the size of the action id space
    SM_MAX_LEGAL = 256   # the most actions legal at one node
    NUM_PHASES = 27      # phases are 0 .. NUM_PHASES - 1
    AMOUNT_ALL = 240     # PH_TR_AMOUNT: the id of "all of it" (ids a < 240 move a + 1 Silver)
    BELIEF_SIZE = 426    # MAXP * NCARDT likelihood weights of the belief hook

cpdef enum _Cell:    # cell colour codes beyond the colours 0-5 (SMState.colour)
    BLACK = 6            # a black token
    EMPTY = 7            # no token
    OFF = 8              # not on this board (player count)

cdef enum:
    HAND_LIMIT = 10      # Silver a hand holds at most
    NHOLDINGS = 7        # where a seat keeps Silver: HOLDING_HAND, or the deposit on colour c (deposit_holding)
    HOLDING_HAND = 0
    CHUNK_ALL = 3        # the chunks receipts are placed in: 0..3 = 1, 5, 10 Silver, all (ALLOC_CHUNK)
    TAKE_BLIND = 0       # PH_TAKE: a blind draw (i >= 1: the open row's i-th card)
    SELL_NOTHING = 0     # PH_SETTLE_SELL: no sale (1 + colour * NTYPES + type: that Power card)
    CHOICE_NO = 0        # PH_BUY, PH_COMBO_ROLL: no / yes (PH_ALLY_SPACE: space 1 / 2)
    CHOICE_YES = 1
    FORCED_DEBT = 1      # SMState.forced_reason: a debt is owed
    FORCED_LIMIT = 2     # ... the seat is above its Power Limit
    LOC_OFF = 0          # Territory cell-card locations (SMState.loc): not in the game (or in the open row)
    LOC_DRAW = 1         # the draw pile
    LOC_DISCARD = 2      # the discard pile
    LOC_HAND = 4         # LOC_HAND + seat: a hand
    T_FAITH = 0          # Power card types
    T_TAX = 1
    T_KING = 2
    T_QUEEN = 3
    T_LAND = 4
    T_MILITARY = 5
    P_THERON = 0         # Shadow Master persons
    P_TURNCLOAK = 1
    P_COIN = 2
    P_ENVOY = 3

cpdef enum _Phase:  # decision points and chance events (the phase is also the kind of decision)
    PH_C_DEAL = 0        # chance: a blind Territory draw for `asked` (deal, DRAW, Land bonus)
    PH_C_REVEAL = 1      # chance: a card turned into the open row
    PH_C_FIRST = 2       # chance: the First Player
    PH_C_DICE = 3        # chance: the colours shown by 1 + f dice (bit mask)
    PH_C_POWER = 4       # chance: the type of the Power card drawn from colour `use_colour`'s deck
    PH_P1 = 5            # Phase 1: roll / military c / shadow / transfer / black h
    PH_PICK_DIE = 6      # choose one of the colours shown
    PH_USE = 7           # the use of the fixed colour
    PH_ALLY_SPACE = 8    # X1 or X2
    PH_THERON_SRC = 9    # Lord Theron: the cell to move tokens from
    PH_THERON_DST = 10   # Lord Theron: the cell (and 1 or 2 tokens) to move them to
    PH_TARGET = 11       # multi-front choice of the attack target
    PH_REMOVE = 12       # a front cell to remove a token from (BATTLE)
    PH_BUY = 13          # buy a Power card of the colour placed, or not
    PH_COMBO_ROLL = 14   # Military + Faith: roll once more?
    PH_SHADOW = 15       # option C: buy a person / a castle / nothing
    PH_TAKE = 16         # draw blind or take from the open row
    PH_EXCHANGE = 17     # Phase 3: end / transfer / discard a card
    PH_TR_FROM = 18      # transfer: the holding to move Silver from
    PH_TR_TO = 19        # transfer: the holding to move it to
    PH_TR_AMOUNT = 20    # transfer: how much
    PH_ALLOCATE = 21     # place received Silver
    PH_SETTLE_SELL = 22  # voluntary sale at settlement
    PH_FORCED_SELL = 23  # bankruptcy or above the Power Limit
    PH_DISCARD = 24      # a Territory card to discard (Land sale, above TL)
    PH_OVER = 25         # the game is over
    PH_C_SHOW = 26       # chance (public): one card of eliminated seat `asked`'s hand shown and discarded

cpdef enum _P1Action:  # PH_P1 decision ids
    A_ROLL = 0           # roll the dice
    A_MIL = 1            # + colour: use a MILITARY card of that colour
    A_SHADOW = 7         # option C (the Shadow Master's offers)
    A_TRANSFER_P1 = 8    # a transfer first
    A_BLACK = 10         # + cell: put a black token there

cpdef enum _UseAction:  # PH_USE decision ids
    U_PLACE = 0          # + cell: one token of the colour
    U_COMBO = 70         # + cell: two tokens (the X + cell combo)
    U_ALLY = 140         # an X card: the colour into (or out of) an alliance space
    U_THERON = 141       # Lord Theron moves tokens
    U_TURN = 142         # + cell: Turncloak turns the cell's tokens to the colour
    U_ENVOY = 212        # the Envoy: the colour into (or out of) an alliance space
    U_DECLINE = 213      # no use (a rolled colour: pay the fine)
    U_TRANSFER = 214     # a transfer first

cpdef enum _ShadowAction:  # PH_SHADOW decision ids
    SH_NONE = 0          # buy nothing
    SH_PERSON = 1        # + person
    SH_CASTLE = 10       # + cell

cpdef enum _ExchangeAction:  # PH_EXCHANGE decision ids
    EX_END = 0           # end the turn
    EX_TRANSFER = 1      # a transfer
    EX_DISCARD = 2       # + card type: discard it (1 Silver) to take a card

cpdef enum _Abstraction:  # search abstractions (section 22): subsets of the legal actions, only in the search's worlds
    ABS_MONEY = 1        # transfer amounts 1/5/10/fill hand/half/all; allocation 'all' (fill hand) per holding
    ABS_REMOVE = 2       # BATTLE removals in non-decreasing cell order
    ABS_CELLS = 4        # castles only on front cells; Lord Theron only from cells whose loss costs no cell or group
    ABS_ALL = 7          # all three

cpdef enum _Target:  # attack targets (SMState.cand_type)
    CAND_CAPTURE = 0     # a castle captured
    CAND_BATTLE = 1      # a group of four or more fought over its front
    CAND_SIEGE = 2       # a small group's besieged cells emptied

ctypedef struct SMState:
    # --- configuration (fixed for the game) ---
    uint8_t n                      # players
    uint8_t board                  # 0: 3 players (C-L), 1: 4 players (B-M), 2: 5-6 players (A-N)
    uint8_t territory_base         # base Territory Limit
    uint8_t black_total            # black tokens in the game
    uint8_t milestones             # rank-15 Power Limit milestones (2 / 1 / 0)
    uint8_t opt_tcombo             # territory_combo on
    uint8_t opt_pcombo             # power_combos on
    uint8_t opt_persons            # persons on
    uint8_t opt_castles            # castles on
    uint8_t alliance_spaces        # alliance spaces (1 or 2)
    uint8_t max_rounds             # round cap
    uint8_t x_cards                # X cards in the deck
    # --- board ---
    uint8_t colour[NCELLS]         # colour 0-5, BLACK, EMPTY, or OFF for an inactive cell
    uint8_t tokens[NCELLS]         # tokens on the cell (0 if empty / black)
    uint8_t castle[NCELLS]         # 0, or 1 + castle piece index standing on the cell
    uint8_t received[NCELLS]       # 1 if the cell received a token this round
    uint8_t rank[NCOL]             # size of the colour's largest group (kept up to date)
    uint8_t was_on_board[NCOL]     # colour had tokens on cells at the last state check
    uint8_t alliance[NCOL]         # 0: not in an alliance space, else 1 or 2
    uint8_t supply[NCOL]           # tokens of the colour in supply (30 - on cells - in X)
    uint8_t black_supply           # black tokens in supply
    # --- Territory cards ---
    uint8_t loc[NCELLS]            # LOC_* of each cell card (LOC_OFF: no such card)
    uint8_t known[NCELLS]          # 1 if everyone knows the card is in its holder's hand (taken from the row)
    uint8_t x_draw                 # X cards in the draw pile
    uint8_t x_disc                 # X cards in the discard pile
    uint8_t x_hand[MAXP]           # X cards in each hand
    uint8_t x_known[MAXP]          # of which everyone knows about (taken from the row)
    uint8_t row[ROWMAX]            # open row card types, position 0 = leftmost = oldest
    uint8_t row_silver[ROWMAX]     # skip Silver lying on each row card
    uint8_t row_len                # cards in the open row
    # --- Power cards ---
    uint8_t deck[NCOL][NTYPES]     # cards left in each colour's deck, per type
    uint8_t power[MAXP][NCOL][NTYPES]   # Power cards held, per player, colour and type
    # --- money ---
    int32_t hand_money[MAXP]       # hand money (<= 10)
    int32_t deposit[MAXP][NCOL]    # deposits
    int32_t pending[MAXP]          # Silver received and not yet placed (allocation pending)
    int32_t debt[MAXP]             # mandatory payment still owed
    uint8_t creditor[MAXP]         # creditor seat of the debt, NONE8 = the bank
    int64_t bank_in                # total Silver paid to the bank (for the accounting check)
    int64_t bank_out               # total Silver paid out by the bank
    uint8_t discards_owed[MAXP]    # Territory discards owed for Land sales
    uint8_t transfer_used[MAXP]    # the once-per-round transfer was made
    # --- Shadow Master cards ---
    uint8_t person[NPERSONS]       # owner seat or NONE8 (display)
    uint8_t castle_owner[NCASTLES] # owner seat or NONE8
    uint8_t castle_cell[NCASTLES]  # cell or NONE8 (not on the board)
    # --- flags ---
    uint8_t all_six                # all six colours were on the board (blacks unlocked)
    uint8_t five_blacks            # five black tokens were on the board
    uint8_t milestone[2]           # colour holding each rank-15 milestone, NONE8 if free
    uint8_t end_round              # round in which the end was triggered, 0 if not yet
    uint8_t over                   # the game is over
    uint8_t alive[MAXP]            # the seat is still in the game
    uint8_t elimination[MAXP]      # 0 in the game, else 1 = first eliminated, 2 = second ...
    uint8_t n_eliminated           # seats eliminated so far
    uint8_t first_player           # First Player
    uint8_t active                 # seat whose turn it is
    uint16_t round                 # 1-based round number
    # --- flow ---
    uint8_t phase                  # PH_*: what is due now
    uint8_t asked                  # seat to decide / drawer of a blind draw
    uint8_t stage                  # main flow step to resume when no sub-process is pending
    uint8_t settling               # 1 during settlement: receipts wait for step 6 (allocation)
    uint8_t settle_step            # players of the settlement sale step done so far (colours in the tax step)
    uint8_t draws_left             # blind draws still due for `draw_for`
    uint8_t reveals_left           # open-row reveals still due (Phase 2)
    uint8_t takes_left             # takes still due (Phase 2)
    uint8_t exchanges_left         # Phase 3 exchanges left
    uint8_t in_exchange            # 1 while the take of a Phase 3 exchange is due
    uint8_t tokens_placed          # tokens put onto cells or X this turn (open-row reveals due)
    uint8_t cards_spent            # Territory cards spent in Phase 1 this turn (takes due)
    uint8_t bought                 # a Power card was bought this turn
    uint8_t use_colour             # colour fixed in A1 (or the colour of a Power draw)
    uint8_t rolled                 # use_colour came from a roll
    uint8_t from_military          # the first use of this turn came from MILITARY
    uint8_t combo_done             # the Military + Faith second use was taken
    uint8_t placed                 # the use put tokens of use_colour on a cell (buy allowed)
    uint8_t dice                   # colours shown by the last roll (bit mask)
    uint8_t transfer_from          # transfer: chosen source holding (HOLDING_HAND, or 1 + colour: a deposit)
    uint8_t transfer_to            # transfer: chosen destination holding
    uint8_t transfer_return        # phase to return to after the transfer
    uint8_t theron_src             # Lord Theron: the cell the tokens leave
    uint8_t forced_reason          # FORCED_DEBT or FORCED_LIMIT
    uint8_t attack_colour          # attack: colour just placed
    uint8_t attack_cell            # attack: cell of the placement
    uint8_t removals_left          # BATTLE removals left
    uint8_t front[NCELLS]          # BATTLE: the front cells of the chosen target
    uint8_t lost[NCOL]             # cells lost per colour in the current event
    uint8_t n_cand                 # attack targets listed
    uint8_t cand_type[MAXCAND]     # CAND_* of each target
    uint8_t cand_cell[MAXCAND]     # CAPTURE: the castle cell; else the lowest cell of the target group
    uint8_t cand_removals[MAXCAND] # BATTLE: removals (4 / 2 / 1)
    uint8_t draw_for               # seat the due blind draws go to
    uint8_t draw_size              # cards in the draw pile
    uint8_t discard_size           # cards in the discard pile
    uint8_t hand_size[MAXP]        # Territory hand sizes
    uint8_t checks_due             # the state checks of section 11.2 are due
    uint8_t round_start            # First Player when the round began (the round's turn order)
    uint8_t military_colour        # colour of the MILITARY use (for the Military + Faith combo)
    uint8_t n_power[MAXP]          # Power cards held per player (cache of `power`)
    uint8_t n_land[MAXP]           # Land cards held per player (cache of `power`)
    uint8_t end_reason             # first end trigger: 1 empty cells, 2 rank 30, 3 two supplies, 4 round cap
    uint8_t n_collapses            # collapses so far (saturating)
    uint8_t first_of_game          # First Player of round 1
    uint8_t opt_abstraction        # search abstractions (ABS_* bits) the search's worlds use (option search_abstraction)
    uint8_t abstraction_on         # ABS_* bits pruning legal actions in this state: 0 in the game, opt_abstraction in search worlds
    uint8_t last_removed           # BATTLE: the last front cell a token was removed from (canonical order)
    uint8_t show_for               # eliminated seat whose Territory cards are being shown one by one, NONE8 if none
    uint8_t opt_rollout            # the search's policy playouts: 0 the rule of thumb, 1 the heuristic bot (option search_rollout)


cdef inline int total_money(const SMState* s, int p) noexcept nogil:
    """Seat p's money: hand, receipts not yet placed and every deposit."""
    cdef int c, m = s.hand_money[p] + s.pending[p]
    for c in range(NCOL):
        m += s.deposit[p][c]
    return m


cdef inline int n_alive(const SMState* s) noexcept nogil:
    """Seats still in the game."""
    cdef int p, k = 0
    for p in range(s.n):
        k += s.alive[p]
    return k


cdef GameVT SM_VT

# the rules (shadow_master_core.pyx)
cdef void sm_init(SMState* s, int n, int tcombo, int pcombo, int persons, int castles, int spaces,
                  int max_rounds) noexcept nogil
cdef int sm_current_player(const SMState* s) noexcept nogil
cdef int sm_legal(const SMState* s, int* out) noexcept nogil
cdef void sm_apply(SMState* s, int a) noexcept nogil
cdef double sm_chance_probability(const SMState* s, int a) noexcept nogil
cdef int sm_sample_chance(SMState* s, uint64_t* rng) noexcept nogil
cdef void sm_returns(const SMState* s, double* out) noexcept nogil
cdef long long sm_random_playout(SMState* s, uint64_t* rng) noexcept nogil
cdef void sm_playout(SMState* s, uint64_t* rng) noexcept nogil
# hidden information (shadow_master_hidden.pxi)
cdef void sm_determinize(SMState* s, int seat, uint64_t* rng) noexcept nogil
cdef void sm_canonicalize(SMState* s, int seat) noexcept nogil
cdef const char* sm_validate(const SMState* s) noexcept nogil
# the rollout policy and the heuristic bot (shadow_master_policy.pxi, shadow_master_heuristic.pxi)
cdef void sm_policy_playout(SMState* s, uint64_t* rng) noexcept nogil
cdef void sm_heuristic_playout(SMState* s, uint64_t* rng) noexcept nogil


cdef class ShadowMasterCore(KernelState):
    cdef SMState st                # the game state (what encode() writes after the magic byte)
