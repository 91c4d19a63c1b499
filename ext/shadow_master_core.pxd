# cython: language_level=3
"""Shadow Master's compact state (``docs/shadow_master.md``): one flat struct, cloned with one memcpy.

Cells are ids ``14 * (row - 1) + q`` (q = column A..N = 0..13); a cell outside the board of the player
count is inactive.  Territory cards are typed by the cell id, the ``X`` card is type 70; cell cards are
single copies whose location is one byte, ``X`` cards are counted per location.  The Territory draw
pile and the Power decks are multisets: their order is never observed, so drawing uniformly from the
counts is the same game as drawing the top card of a shuffled pile.
"""
from libc.stdint cimport uint8_t, uint16_t, int32_t, int64_t, uint64_t

from intrigue.ext.game_api cimport KernelState, GameVT

cdef enum:
    NCOL = 6             # colours R O Y G B P
    NCELLS = 70          # cell ids 0..69
    XCARD = 70           # the X Territory card type
    NCARDT = 71          # Territory card types
    NTYPES = 6           # Power card types: Faith Tax King Queen Land Military
    NPERSONS = 4         # Theron, Turncloak, Master of Coin, Envoy
    NCASTLES = 4
    MAXP = 6
    ROWMAX = 10
    MAXCAND = 24
    NONE8 = 255
    BLACK = 6            # cell colour codes: 0-5 colours, BLACK, EMPTY, OFF (inactive)
    EMPTY = 7
    OFF = 8
    LOC_OFF = 0          # Territory cell-card locations
    LOC_DRAW = 1
    LOC_DISCARD = 2
    LOC_ROW = 3
    LOC_HAND = 4         # LOC_HAND + seat
    T_FAITH = 0
    T_TAX = 1
    T_KING = 2
    T_QUEEN = 3
    T_LAND = 4
    T_MILITARY = 5
    P_THERON = 0
    P_TURNCLOAK = 1
    P_COIN = 2
    P_ENVOY = 3
    NUM_ACTIONS = 256
    SM_MAX_LEGAL = 256

cdef enum:  # decision points and chance events (the phase is also the kind of decision)
    PH_C_DEAL = 0        # chance: a blind Territory draw for `asked` (deal, DRAW, Land bonus)
    PH_C_REVEAL = 1      # chance: a card turned into the open row
    PH_C_FIRST = 2       # chance: the First Player
    PH_C_DICE = 3        # chance: the colours shown by 1 + f dice (bit mask)
    PH_C_POWER = 4       # chance: the type of the Power card drawn from colour `cur_col`'s deck
    PH_P1 = 5            # Phase 1: roll / military c / shadow / transfer / black h
    PH_PICK_DIE = 6      # choose one of the colours shown
    PH_USE = 7           # the use of the fixed colour
    PH_ALLY_SPACE = 8    # X1 or X2
    PH_THERON_SRC = 9
    PH_THERON_DST = 10
    PH_TARGET = 11       # multi-front choice of the attack target
    PH_REMOVE = 12       # a front cell to remove a token from (BATTLE)
    PH_BUY = 13
    PH_COMBO_ROLL = 14   # Military + Faith: roll once more?
    PH_SHADOW = 15       # option C: buy a person / a castle / nothing
    PH_TAKE = 16         # draw blind or take from the open row
    PH_EXCHANGE = 17     # Phase 3: end / transfer / discard a card
    PH_TR_FROM = 18
    PH_TR_TO = 19
    PH_TR_AMOUNT = 20
    PH_ALLOCATE = 21     # place received Silver
    PH_SETTLE_SELL = 22  # voluntary sale at settlement
    PH_FORCED_SELL = 23  # bankruptcy or above the Power Limit
    PH_DISCARD = 24      # a Territory card to discard (Land sale, above TL)
    PH_OVER = 25
    PH_C_SHOW = 26       # chance (public): one card of eliminated seat `asked`'s hand shown and discarded
    NUM_PHASES = 27

cdef enum:  # search abstractions (section 22): subsets of the legal actions, only in the search's worlds
    ABS_MONEY = 1        # transfer amounts 1/5/10/fill hand/half/all; allocation 'all' (fill hand) per holding
    ABS_REMOVE = 2       # BATTLE removals in non-decreasing cell order
    ABS_CELLS = 4        # castles only on front cells; Lord Theron only from cells whose loss costs no cell or group
    ABS_ALL = 7
    BELIEF_SIZE = 426    # MAXP * NCARDT likelihood weights of the belief hook

cdef enum:  # attack candidates
    CAND_CAPTURE = 0
    CAND_BATTLE = 1
    CAND_SIEGE = 2

ctypedef struct SMState:
    # --- configuration (fixed for the game) ---
    uint8_t n                      # players
    uint8_t board                  # 0: 3 players (C-L), 1: 4 players (B-M), 2: 5-6 players (A-N)
    uint8_t tl0                    # base Territory Limit
    uint8_t black_total            # black tokens in the game
    uint8_t ms_total               # rank-15 Power Limit milestones (2 / 1 / 0)
    uint8_t opt_tcombo             # territory_combo on
    uint8_t opt_pcombo             # power_combos on
    uint8_t opt_persons            # persons on
    uint8_t opt_castles            # castles on
    uint8_t spaces                 # alliance spaces (1 or 2)
    uint8_t max_rounds             # round cap
    uint8_t n_x                    # X cards in the deck
    # --- board ---
    uint8_t col[NCELLS]            # colour 0-5, BLACK, EMPTY, or OFF for an inactive cell
    uint8_t cnt[NCELLS]            # tokens on the cell (0 if empty / black)
    uint8_t castle[NCELLS]         # 0, or 1 + castle piece index standing on the cell
    uint8_t recv[NCELLS]           # 1 if the cell received a token this round
    uint8_t rank[NCOL]             # size of the colour's largest group (kept up to date)
    uint8_t was_on[NCOL]           # colour had tokens on cells at the last state check
    uint8_t xspace[NCOL]           # 0: not in an alliance space, else 1 or 2
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
    uint8_t row_len
    # --- Power cards ---
    uint8_t deck[NCOL][NTYPES]     # cards left in each colour's deck, per type
    uint8_t hold[MAXP][NCOL][NTYPES]   # cards held, per player, colour and type
    # --- money ---
    int32_t hand[MAXP]             # hand money (<= 10)
    int32_t dep[MAXP][NCOL]        # deposits
    int32_t pend[MAXP]             # Silver received and not yet placed (allocation pending)
    int32_t debt[MAXP]             # mandatory payment still owed
    uint8_t debt_to[MAXP]          # creditor seat of the debt, NONE8 = the bank
    int64_t bank_in                # total Silver paid to the bank (for the accounting check)
    int64_t bank_out               # total Silver paid out by the bank
    uint8_t disc_need[MAXP]        # Territory discards owed for Land sales
    uint8_t transfer_used[MAXP]    # the once-per-round transfer was made
    # --- Shadow Master cards ---
    uint8_t person[NPERSONS]       # owner seat or NONE8 (display)
    uint8_t castle_owner[NCASTLES] # owner seat or NONE8
    uint8_t castle_cell[NCASTLES]  # cell or NONE8 (not on the board)
    # --- flags ---
    uint8_t a6                     # all six colours were on the board (blacks unlocked)
    uint8_t b5                     # five black tokens were on the board
    uint8_t ms_col[2]              # colour holding each rank-15 milestone, NONE8 if free
    uint8_t end_round              # round in which the end was triggered, 0 if not yet
    uint8_t over
    uint8_t alive[MAXP]
    uint8_t elim_rank[MAXP]        # 0 in the game, else 1 = first eliminated, 2 = second ...
    uint8_t n_elim
    uint8_t fp                     # First Player
    uint8_t active                 # seat whose turn it is
    uint16_t round                 # 1-based round number
    # --- flow ---
    uint8_t phase                  # PH_*: what is due now
    uint8_t asked                  # seat to decide / drawer of a blind draw
    uint8_t stage                  # main flow step to resume when no sub-process is pending
    uint8_t settling               # 1 during settlement: receipts wait for step 6 (allocation)
    uint8_t settle_idx             # players of the settlement sale step done so far
    uint8_t draw_left              # blind draws still due for `asked`
    uint8_t reveal_left            # open-row reveals still due (Phase 2)
    uint8_t take_left              # takes still due (Phase 2)
    uint8_t exch_left              # Phase 3 exchanges left
    uint8_t in_exchange            # 1 while the take of a Phase 3 exchange is due
    uint8_t T                      # tokens put onto cells or X this turn
    uint8_t S                      # Territory cards spent in Phase 1 this turn
    uint8_t bought                 # a Power card was bought this turn
    uint8_t cur_col                # colour fixed in A1 (or the colour of a Power draw)
    uint8_t rolled                 # cur_col came from a roll
    uint8_t from_military          # the first use of this turn came from MILITARY
    uint8_t combo_done             # the Military + Faith second use was taken
    uint8_t placed                 # the use put tokens of cur_col on a cell (buy allowed)
    uint8_t dice_mask              # colours shown by the last roll
    uint8_t tr_from                # transfer: chosen source holding
    uint8_t tr_to                  # transfer: chosen destination holding
    uint8_t tr_ret                 # phase to return to after the transfer
    uint8_t theron_src
    uint8_t forced_why             # 1: debt, 2: above the Power Limit
    uint8_t atk_col                # attack: colour just placed
    uint8_t atk_cell               # attack: cell of the placement
    uint8_t rem_left               # BATTLE removals left
    uint8_t front[NCELLS]          # BATTLE: the front cells of the chosen target
    uint8_t lost[NCOL]             # cells lost per colour in the current event
    uint8_t n_cand
    uint8_t cand_type[MAXCAND]
    uint8_t cand_cell[MAXCAND]     # CAPTURE: the castle cell; else the lowest cell of the target group
    uint8_t cand_m[MAXCAND]        # BATTLE: removals (4 / 2 / 1)
    uint8_t draw_for               # seat the due blind draws go to
    uint8_t ndraw                  # cards in the draw pile
    uint8_t ndisc                  # cards in the discard pile
    uint8_t hsize[MAXP]            # Territory hand sizes
    uint8_t need_check             # the state checks of section 11.2 are due
    uint8_t round_start            # First Player when the round began (the round's turn order)
    uint8_t mil_col                # colour of the MILITARY use (for the Military + Faith combo)
    uint8_t npow[MAXP]             # Power cards held per player (cache of `hold`)
    uint8_t nland[MAXP]            # Land cards held per player (cache of `hold`)
    uint8_t end_why                # first end trigger: 1 empty cells, 2 rank 30, 3 two supplies, 4 round cap
    uint8_t n_collapse             # collapses so far (saturating)
    uint8_t first0                 # First Player of round 1
    uint8_t opt_abs                # search abstractions (ABS_* bits) the search's worlds use (option search_abstraction)
    uint8_t abs_on                 # ABS_* bits pruning legal_actions in this state: 0 in the game, opt_abs in search worlds
    uint8_t rem_last               # BATTLE: the last front cell a token was removed from (canonical order)
    uint8_t show_for               # eliminated seat whose Territory cards are being shown one by one, NONE8 if none
    uint8_t opt_roll               # the search's policy playouts: 0 the rule of thumb, 1 the heuristic bot (option search_rollout)

cdef GameVT SM_VT

cdef void sm_init(SMState* s, int n, int tcombo, int pcombo, int persons, int castles, int spaces,
                  int max_rounds) noexcept nogil
cdef int sm_current_player(const SMState* s) noexcept nogil
cdef int sm_legal(const SMState* s, int* out) noexcept nogil
cdef void sm_apply(SMState* s, int a) noexcept nogil
cdef int sm_sample_chance(SMState* s, uint64_t* rng) noexcept nogil
cdef void sm_playout(SMState* s, uint64_t* rng) noexcept nogil
cdef const char* sm_validate(const SMState* s) noexcept nogil


cdef class ShadowMasterCore(KernelState):
    cdef SMState st
