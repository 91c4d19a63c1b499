# cython: language_level=3
"""Shadow Master rules in C (``docs/shadow_master.md``; the normative spec is the project's
``shadow_master.md`` rules file, sections 4-19, decisions D1-D58).

Every rule is a C function over :c:type:`SMState`; the Python class is a thin face for the engine
layer.  The kernel is one module in several files, one concern each, included below so that calls
between them stay plain C calls:

* ``shadow_master_bits.pxi`` -- word-wide scans and compares of the struct's byte arrays;
* ``shadow_master_holdings.pxi`` -- money, Territory and Power cards: payments, draws, sales, transfers;
* ``shadow_master_board.pxi`` -- the board: tables, flood fills and ranks, placement rules, attacks;
* ``shadow_master_end.pxi`` -- elimination, the state checks of section 11.2, scores and rewards;
* ``shadow_master_abstraction.pxi`` -- the search abstractions (subsets of the legal actions in the
  search's worlds, section 22);
* this file -- setup, the flow (``advance`` and its stages), ``sm_apply`` / ``sm_legal`` (a handler per
  phase), the search abstractions, chance, playouts and the game's table of C functions;
* ``shadow_master_hidden.pxi`` -- what each seat cannot see: determinize, canonicalize,
  make_consistent, validate;
* ``shadow_master_belief.pxi`` -- the belief hook (belief-weighted determinization);
* ``shadow_master_policy.pxi`` -- the search's rollout policy and opponent model;
* ``shadow_master_heuristic.pxi`` -- the heuristic bot;
* ``shadow_master_face.pxi`` -- the Python class ``ShadowMasterCore`` and the enums Python sees.

Property checks, benchmark loops and the balance report are a module of their own,
``shadow_master_check``.

The flow is a small machine: a decision handler changes the state, sets ``stage`` (the main step to
resume) and calls :c:func:`advance`, which first runs every pending sub-process in a fixed order --
due chance events, allocations of received Silver, Territory discards, mandatory payments (with
forced sales and bankruptcy), the state checks of section 11.2 and the limits -- and then the main
step, until a decision or a chance event is due.
"""
from libc.stdint cimport uint8_t, uint16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset, memcmp
from libc.math cimport pow, log, exp, tanh

from enum import IntEnum

from intrigue.ext.rng cimport rng_next, rng_below, rng_unit
from intrigue.ext.game_api cimport (GameVT, KernelState, CHANCE, TERMINAL, MAX_SEATS)

include "shadow_master_bits.pxi"
include "shadow_master_holdings.pxi"
include "shadow_master_board.pxi"
include "shadow_master_end.pxi"
include "shadow_master_abstraction.pxi"


# --- stages of the main flow ------------------------------------------------------------------------
cdef enum:
    ST_DEAL = 0
    ST_SETUP_REVEAL = 1
    ST_SETUP_FIRST = 2
    ST_TURN_START = 3
    ST_BUY_CHECK = 4
    ST_COMBO_CHECK = 5
    ST_P2 = 6
    ST_P2_RUN = 7
    ST_P3_START = 8
    ST_P3 = 9
    ST_END_TURN = 10
    ST_SETTLE_START = 11
    ST_SETTLE_SELL = 12
    ST_SETTLE_INCOME = 13
    ST_SETTLE_TAX = 14
    ST_SETTLE_UPKEEP = 15
    ST_SETTLE_ALLOC = 16
    ST_ROUND_END = 17
    ST_OVER = 18

cdef inline int next_alive(const SMState* s, int p) noexcept nogil:
    cdef int i, q
    for i in range(1, s.n + 1):
        q = (p + i) % s.n
        if s.alive[q]:
            return q
    return p

# --- setup -------------------------------------------------------------------------------------------------
cdef void sm_init(SMState* s, int n, int tcombo, int pcombo, int persons, int castles, int spaces,
                  int max_rounds) noexcept nogil:
    cdef int h, c, t, p
    memset(s, 0, sizeof(SMState))
    s.n = n
    s.board = 0 if n == 3 else (1 if n == 4 else 2)
    s.territory_base = 4 if n >= 5 else 5
    s.black_total = 10 if n == 3 else (12 if n == 4 else 14)
    s.milestones = 2 if n == 3 else (1 if n == 4 else 0)
    s.opt_tcombo = tcombo
    s.opt_pcombo = pcombo
    s.opt_persons = persons
    s.opt_castles = castles
    s.alliance_spaces = spaces
    s.max_rounds = max_rounds
    s.x_cards = n + 1 if n <= 5 else 6
    if n == 5:
        s.x_cards = 6
    for h in range(NCELLS):
        if ACTIVE[s.board][h]:
            s.colour[h] = EMPTY
            s.loc[h] = LOC_DRAW
            s.draw_size += 1
        else:
            s.colour[h] = OFF
            s.loc[h] = LOC_OFF
    s.x_draw = s.x_cards
    s.draw_size += s.x_cards
    for c in range(NCOL):
        s.supply[c] = 30
        s.deck[c][T_FAITH] = 2
        s.deck[c][T_TAX] = 1
        s.deck[c][T_KING] = 1
        s.deck[c][T_QUEEN] = 1
        s.deck[c][T_LAND] = 2
        s.deck[c][T_MILITARY] = 1
    s.black_supply = s.black_total
    for p in range(n):
        s.hand_money[p] = 10
        s.alive[p] = 1
        s.creditor[p] = NONE8
    for p in range(NPERSONS):
        s.person[p] = NONE8
    for p in range(NCASTLES):
        s.castle_owner[p] = NONE8
        s.castle_cell[p] = NONE8
    s.milestone[0] = NONE8
    s.milestone[1] = NONE8
    s.round = 1
    s.draw_for = NONE8
    s.show_for = NONE8
    s.stage = ST_DEAL
    s.settle_step = 0
    advance(s)


# --- the flow: what is due before the main step, then the main step (a handler per stage) --------------
cdef inline void ask(SMState* s, int phase, int seat) noexcept nogil:
    s.phase = phase
    s.asked = seat

cdef enum:
    FLOW_CLEAR = 0       # nothing due before the main flow
    FLOW_STOP = 1        # a decision or chance event is due (phase and asked set)
    FLOW_AGAIN = 2       # something changed (a check, an elimination): look again


cdef int due_shown_cards(SMState* s) noexcept nogil:
    """Step 0: an eliminated seat's Territory cards are shown, one public event per card; the end."""
    if s.show_for != NONE8:
        if s.hand_size[s.show_for] > 0:
            ask(s, PH_C_SHOW, s.show_for)
            return FLOW_STOP
        s.show_for = NONE8
        if n_alive(s) <= 1:
            game_over(s)
    if s.over:
        s.phase = PH_OVER
        return FLOW_STOP
    return FLOW_CLEAR

cdef int due_blind_draws(SMState* s) noexcept nogil:
    """Step 1: blind draws due (while the pile lasts and the drawer has room)."""
    if s.draws_left > 0:
        reshuffle_if_empty(s)
        if s.draw_size == 0 or not s.alive[s.draw_for] or s.hand_size[s.draw_for] >= territory_limit(s, s.draw_for):
            s.draws_left = 0
        else:
            ask(s, PH_C_DEAL, s.draw_for)
            return FLOW_STOP
    return FLOW_CLEAR

cdef inline bint any_nonzero(const int32_t* values) noexcept nogil:
    """Whether any of the MAXP values is nonzero: a quick filter before a step's exact scan (seats past
    the player count hold zeros; were one not, the exact scan would still ignore it)."""
    cdef int p
    cdef int32_t acc = 0
    for p in range(MAXP):
        acc |= values[p]
    return acc != 0

cdef int due_receipts(SMState* s) noexcept nogil:
    """Step 2: receipts to place, in turn order from the active player (deferred during settlement)."""
    cdef int i, p = s.active
    if s.settling or not any_nonzero(s.pending):
        return FLOW_CLEAR
    for i in range(s.n):
        if s.alive[p] and s.pending[p] > 0 and alloc_needs_choice(s, p):
            ask(s, PH_ALLOCATE, p)
            return FLOW_STOP
        p = p + 1 if p + 1 < s.n else 0
    return FLOW_CLEAR

cdef int due_payments(SMState* s) noexcept nogil:
    """Step 3: mandatory payments in turn order; a seat that cannot pay sells, or is eliminated."""
    cdef int i, p = s.active, paid
    if not any_nonzero(s.debt):
        return FLOW_AGAIN if s.show_for != NONE8 else FLOW_CLEAR
    for i in range(s.n):
        if i:
            p = p + 1 if p + 1 < s.n else 0
        if s.alive[p] and s.debt[p] > 0:
            paid = take_money(s, p, s.debt[p])
            s.debt[p] -= paid
            credit(s, s.creditor[p], paid)
            if s.debt[p] > 0:
                if n_power_cards(s, p) > 0:
                    s.forced_reason = FORCED_DEBT
                    ask(s, PH_FORCED_SELL, p)
                    return FLOW_STOP
                eliminate(s, p)
                if s.over:
                    return FLOW_STOP
                if s.show_for != NONE8:
                    break
    if s.show_for != NONE8:
        return FLOW_AGAIN
    return FLOW_CLEAR

cdef inline bint any_seat_over_limit(const SMState* s, int base) noexcept nogil:
    """A quick filter before due_limits' scan: some seat owes discards, holds more Territory cards than
    its limit or more Power cards than `base` (every seat's Power Limit is at least that).  Bytewise
    compares of all seats at once: for bytes a, b < 128, (b + 0x80) - a has its high bit clear iff
    a > b, and no byte borrows from the next."""
    cdef uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL
    cdef uint64_t limits = six_bytes(s.n_land) + ones * s.territory_base
    cdef uint64_t over = ~((limits | high) - six_bytes(s.hand_size)) & high
    over |= ~((ones * <uint64_t>base | high) - six_bytes(s.n_power)) & high
    return (over | six_bytes(s.discards_owed)) != 0

cdef int due_limits(SMState* s) noexcept nogil:
    """Step 5: Territory discards owed or above the Territory Limit, Power cards above the Power
    Limit, in turn order from the active player."""
    cdef int i, p = s.active, base = power_limit_base(s)
    if not any_seat_over_limit(s, base):
        return FLOW_CLEAR
    for i in range(s.n):
        if i:
            p = p + 1 if p + 1 < s.n else 0
        if not s.alive[p]:
            continue
        if s.discards_owed[p] > 0 and s.hand_size[p] == 0:
            s.discards_owed[p] = 0
        if s.discards_owed[p] > 0 or s.hand_size[p] > territory_limit(s, p):
            ask(s, PH_DISCARD, p)
            return FLOW_STOP
        # power_limit >= base, so only a seat above the base can be above its limit
        if s.n_power[p] > 3 and s.n_power[p] > base and s.n_power[p] > power_limit(s, p):
            s.forced_reason = FORCED_LIMIT
            ask(s, PH_FORCED_SELL, p)
            return FLOW_STOP
    return FLOW_CLEAR

cdef int flow_due(SMState* s) noexcept nogil:
    """Steps 0-5 of ``advance``: what is due before the main flow goes on -- shown cards, blind draws,
    receipts to place, mandatory payments, state checks, hand and Power limits."""
    cdef int k = due_shown_cards(s)
    if k != FLOW_CLEAR:
        return k
    k = due_blind_draws(s)
    if k != FLOW_CLEAR:
        return k
    k = due_receipts(s)
    if k != FLOW_CLEAR:
        return k
    k = due_payments(s)
    if k != FLOW_CLEAR:
        return k
    if s.checks_due:                                # 4. state checks
        s.checks_due = 0
        state_checks(s)
        return FLOW_AGAIN
    return due_limits(s)


# The main flow's stages.  A stage handler returns STAGE_STOP when a decision or chance event is due,
# STAGE_NEXT to go on, or STAGE_NEXT_CLEAN to go on when it changed nothing flow_due reads (shown
# cards, draws, receipts, debts, checks, hands, Power cards, seats in the game): a chain of stages
# (the purchase check, the combo, phase 2, phase 3; the turn's end) then scans the seats once instead
# of once per stage.
cdef enum:
    STAGE_STOP = 0
    STAGE_NEXT = 1
    STAGE_NEXT_CLEAN = 2


cdef int stage_deal(SMState* s) noexcept nogil:
    """Setup: each seat's blind draws up to the Territory Limit, then three open-row reveals."""
    if s.settle_step < s.n:
        s.draw_for = s.settle_step
        s.draws_left = s.territory_base
        s.settle_step += 1
        return STAGE_NEXT
    s.settle_step = 0
    s.reveals_left = 3
    s.stage = ST_SETUP_REVEAL
    return STAGE_NEXT

cdef inline bint reveal_due(SMState* s) noexcept nogil:
    """An open-row reveal is due and the draw pile (the discard pile shuffled in if it is empty) has a
    card: the reveal is asked for.  With no card left, the reveals still due lapse."""
    if s.reveals_left > 0:
        reshuffle_if_empty(s)
        if s.draw_size > 0:
            s.phase = PH_C_REVEAL
            return True
        s.reveals_left = 0
    return False

cdef int stage_setup_reveal(SMState* s) noexcept nogil:
    if reveal_due(s):
        return STAGE_STOP
    s.stage = ST_SETUP_FIRST
    s.phase = PH_C_FIRST
    return STAGE_STOP

cdef int stage_turn_start(SMState* s) noexcept nogil:
    if not s.alive[s.active]:
        s.stage = ST_END_TURN
        return STAGE_NEXT_CLEAN
    s.tokens_placed = 0
    s.cards_spent = 0
    s.bought = 0
    s.from_military = 0
    s.combo_done = 0
    s.placed = 0
    s.in_exchange = 0
    s.reveals_left = 0
    s.takes_left = 0
    ask(s, PH_P1, s.active)
    return STAGE_STOP

cdef int stage_buy_check(SMState* s) noexcept nogil:
    """After a use that placed tokens: a Power card of the colour may be bought."""
    if s.placed and not s.bought and can_buy(s, s.active, s.use_colour):
        ask(s, PH_BUY, s.active)
        return STAGE_STOP
    s.stage = ST_COMBO_CHECK
    return STAGE_NEXT_CLEAN

cdef int stage_combo_check(SMState* s) noexcept nogil:
    """After a MILITARY use: the Military + Faith combo may roll once more."""
    cdef int c = s.military_colour
    if (s.from_military and not s.combo_done and s.opt_pcombo and s.power[s.active][c][T_MILITARY]
            and s.power[s.active][c][T_FAITH]):
        ask(s, PH_COMBO_ROLL, s.active)
        return STAGE_STOP
    s.stage = ST_P2
    return STAGE_NEXT_CLEAN

cdef int stage_phase2(SMState* s) noexcept nogil:
    """Phase 2: an open-row reveal per token placed, a take per Territory card spent."""
    if reveal_due(s):
        return STAGE_STOP
    if s.takes_left > 0:
        if s.hand_size[s.active] < territory_limit(s, s.active) and can_take(s):
            ask(s, PH_TAKE, s.active)
            return STAGE_STOP
        s.takes_left = 0
    s.stage = ST_P3_START
    return STAGE_NEXT_CLEAN

cdef int stage_end_turn(SMState* s) noexcept nogil:
    """The next seat of this round's order (fixed at the round's start), skipping the eliminated; after
    the last, the settlement."""
    cdef int k = (s.active - s.round_start + s.n) % s.n, i, p = -1
    for i in range(k + 1, s.n):
        if s.alive[(s.round_start + i) % s.n]:
            p = (s.round_start + i) % s.n
            break
    if p >= 0:
        s.active = p
        s.stage = ST_TURN_START
    else:
        s.stage = ST_SETTLE_START
    return STAGE_NEXT_CLEAN

cdef int stage_settle_sell(SMState* s) noexcept nogil:
    """Settlement step 1: each seat holding Power cards may sell, from the First Player on."""
    cdef int p
    while s.settle_step < s.n:
        p = (s.first_player + s.settle_step) % s.n
        s.settle_step += 1
        if s.alive[p] and n_power_cards(s, p) > 0:
            ask(s, PH_SETTLE_SELL, p)
            return STAGE_STOP
    s.stage = ST_SETTLE_INCOME
    return STAGE_NEXT_CLEAN

cdef int stage_settle_income(SMState* s) noexcept nogil:
    """Settlement: each seat's income from its Power cards' colours."""
    cdef int p, c, k
    for p in range(s.n):
        if s.alive[p]:
            k = 0
            for c in range(NCOL):
                k += income_of(s.rank[c]) * cards_of_colour(s, p, c)
            if k:
                from_bank(s, p, k)
    s.settle_step = 0
    s.stage = ST_SETTLE_TAX
    return STAGE_NEXT

cdef int stage_settle_tax(SMState* s) noexcept nogil:
    """Settlement: the TAX of each colour of rank 6 or more, one colour at a time, so that each debt
    has a single creditor."""
    cdef int c, p, holder, owed
    while s.settle_step < NCOL:
        c = s.settle_step
        s.settle_step += 1
        if s.rank[c] < 6:
            continue
        holder = -1
        for p in range(s.n):
            if s.alive[p] and s.power[p][c][T_TAX]:
                holder = p
        if holder < 0:
            continue
        owed = 0
        for p in range(s.n):
            if p != holder and s.alive[p] and cards_of_colour(s, p, c) > 0:
                s.debt[p] += cards_of_colour(s, p, c)
                s.creditor[p] = holder
                owed = 1
        if owed:
            return STAGE_NEXT
    s.stage = ST_SETTLE_UPKEEP
    return STAGE_NEXT

cdef int stage_settle_upkeep(SMState* s) noexcept nogil:
    """Settlement: each castle's upkeep of 2; a castle not paid for is abandoned (D42)."""
    cdef int i, p
    for i in range(NCASTLES):
        p = s.castle_owner[i]
        if p == NONE8 or not s.alive[p]:
            continue
        if total_money(s, p) >= 2:
            pay_bank(s, p, 2)
        else:
            if s.castle_cell[i] != NONE8:
                s.castle[s.castle_cell[i]] = 0
            s.castle_cell[i] = NONE8
            s.castle_owner[i] = NONE8
    s.stage = ST_SETTLE_ALLOC
    s.settling = 0
    return STAGE_NEXT

cdef int stage_round_end(SMState* s) noexcept nogil:
    """The round's end: the round cap, the end of the game, the next First Player."""
    cdef int i, p
    for i in range(NCELLS):
        s.received[i] = 0
    for p in range(s.n):
        s.transfer_used[p] = 0
    if s.end_round == 0 and s.round >= s.max_rounds:
        s.end_round = <uint8_t>s.round
        s.end_reason = 4
    if s.end_round != 0 and s.round > s.end_round:
        game_over(s)
        return STAGE_STOP
    s.first_player = next_alive(s, s.first_player)
    s.round += 1
    s.round_start = s.first_player
    s.active = s.first_player
    s.stage = ST_TURN_START
    return STAGE_NEXT_CLEAN

cdef int run_stage(SMState* s) noexcept nogil:
    """Step 6 of ``advance``: the main flow's current stage."""
    cdef int st = s.stage
    if st == ST_DEAL:
        return stage_deal(s)
    if st == ST_SETUP_REVEAL:
        return stage_setup_reveal(s)
    if st == ST_TURN_START:
        return stage_turn_start(s)
    if st == ST_BUY_CHECK:
        return stage_buy_check(s)
    if st == ST_COMBO_CHECK:
        return stage_combo_check(s)
    if st == ST_P2:
        s.reveals_left = s.tokens_placed
        s.takes_left = s.cards_spent
        s.stage = ST_P2_RUN
        return STAGE_NEXT_CLEAN
    if st == ST_P2_RUN:
        return stage_phase2(s)
    if st == ST_P3_START:
        s.exchanges_left = 2 + cards_of_type(s, s.active, T_LAND)
        s.stage = ST_P3
        return STAGE_NEXT_CLEAN
    if st == ST_P3:
        ask(s, PH_EXCHANGE, s.active)
        return STAGE_STOP
    if st == ST_END_TURN:
        return stage_end_turn(s)
    if st == ST_SETTLE_START:
        s.settling = 1
        s.active = s.first_player
        s.settle_step = 0
        s.stage = ST_SETTLE_SELL
        return STAGE_NEXT_CLEAN
    if st == ST_SETTLE_SELL:
        return stage_settle_sell(s)
    if st == ST_SETTLE_INCOME:
        return stage_settle_income(s)
    if st == ST_SETTLE_TAX:
        return stage_settle_tax(s)
    if st == ST_SETTLE_UPKEEP:
        return stage_settle_upkeep(s)
    if st == ST_SETTLE_ALLOC:
        s.stage = ST_ROUND_END
        return STAGE_NEXT_CLEAN
    if st == ST_ROUND_END:
        return stage_round_end(s)
    return STAGE_STOP

cdef void advance(SMState* s) noexcept nogil:
    """Run every automatic rule until a decision or a chance event is due: first what flow_due finds
    pending, then the main flow's stage."""
    cdef bint dirty = 1      # whether flow_due must look (again)
    cdef int k
    while True:
        if dirty:
            k = flow_due(s)
            if k == FLOW_STOP:
                return
            if k == FLOW_AGAIN:
                continue
        k = run_stage(s)
        if k == STAGE_STOP:
            return
        dirty = k == STAGE_NEXT


# --- apply: one handler per phase -----------------------------------------------------------------------
cdef void enter_use(SMState* s) noexcept nogil:
    ask(s, PH_USE, s.active)
    s.placed = 0

cdef void after_alliance(SMState* s) noexcept nogil:
    s.checks_due = 1
    s.placed = 0
    s.stage = ST_COMBO_CHECK
    advance(s)

cdef void do_place(SMState* s, int c, int h, int n) noexcept nogil:
    """n tokens of colour c onto cell h (its Territory card played; n = 2 with an X card)."""
    cdef int p = s.active
    cdef bint new_cell = s.colour[h] == EMPTY     # else a stack on a cell of c: no group changes
    pay_bank(s, p, place_cost(s, p, c, n))
    discard_card(s, p, h)
    if n == 2:
        discard_card(s, p, XCARD)
    s.colour[h] = c
    s.tokens[h] += n
    s.supply[c] -= n
    s.received[h] = 1
    s.tokens_placed += n
    s.cards_spent += 1 if n == 1 else 2
    s.placed = 1
    if new_cell:
        grow_rank(s, c, h)
    attack_start(s, c, h)

cdef void post_take(SMState* s) noexcept nogil:
    if s.in_exchange:
        s.in_exchange = 0
        s.stage = ST_P3
    elif s.takes_left > 0:
        s.takes_left -= 1
    advance(s)

cdef void start_transfer(SMState* s, int ret) noexcept nogil:
    s.transfer_return = ret
    ask(s, PH_TR_FROM, s.active)

cdef void apply_reveal(SMState* s, int t) noexcept nogil:
    """Card t turned into the open row; at ROWMAX cards the row goes to the discard pile with its Silver."""
    cdef int i
    take_from_draw(s, t)
    s.row[s.row_len] = t
    s.row_silver[s.row_len] = 0
    s.row_len += 1
    if s.row_len >= ROWMAX:
        for i in range(ROWMAX):
            if s.row[i] == XCARD:
                s.x_disc += 1
            else:
                s.loc[s.row[i]] = LOC_DISCARD
            s.bank_in += s.row_silver[i]
            s.row_silver[i] = 0
        s.discard_size += ROWMAX
        s.row_len = 0
    s.reveals_left -= 1
    advance(s)

cdef void apply_dice(SMState* s, int mask) noexcept nogil:
    """The colours shown: one colour is the use's colour, several a choice."""
    cdef int i
    s.dice = mask
    if popcount6(mask) == 1:
        for i in range(NCOL):
            if mask == (1 << i):
                s.use_colour = i
        s.rolled = 1
        enter_use(s)
    else:
        ask(s, PH_PICK_DIE, s.active)

cdef void apply_power_draw(SMState* s, int t) noexcept nogil:
    """A bought Power card of type t (a Land brings a blind draw)."""
    cdef int c = s.use_colour
    s.deck[c][t] -= 1
    power_add(s, s.active, c, t, 1)
    if t == T_LAND:
        s.draws_left = 1
        s.draw_for = s.active
    s.checks_due = 1
    s.stage = ST_COMBO_CHECK
    advance(s)

cdef void apply_black(SMState* s, int h) noexcept nogil:
    """A black token onto cell h: its card spent, 3 Silver from the bank, then Phase 2."""
    cdef int p = s.asked
    s.colour[h] = BLACK
    s.tokens[h] = 0
    s.received[h] = 1
    s.black_supply -= 1
    discard_card(s, p, h)
    from_bank(s, p, 3)
    s.tokens_placed = 1
    s.cards_spent = 1
    s.checks_due = 1
    s.stage = ST_P2
    advance(s)

cdef void apply_phase1(SMState* s, int a) noexcept nogil:
    if a == A_ROLL:
        s.phase = PH_C_DICE
    elif a < A_SHADOW:
        s.from_military = 1
        s.military_colour = a - A_MIL
        s.use_colour = a - A_MIL
        s.rolled = 0
        enter_use(s)
    elif a == A_SHADOW:
        s.phase = PH_SHADOW
    elif a == A_TRANSFER_P1:
        start_transfer(s, PH_P1)
    else:
        apply_black(s, a - A_BLACK)

cdef void apply_alliance(SMState* s, int a) noexcept nogil:
    """X card or Envoy: the colour leaves its alliance space, or joins one (asking which of two)."""
    cdef int c = s.use_colour
    if a == U_ALLY:
        discard_card(s, s.asked, XCARD)
        s.cards_spent += 1
    if s.alliance[c]:
        s.alliance[c] = 0
        s.supply[c] += 1
    elif s.alliance_spaces == 2:
        s.phase = PH_ALLY_SPACE
        return
    else:
        ally_put(s, c, 1)
    after_alliance(s)

cdef void apply_turncloak(SMState* s, int h) noexcept nogil:
    """Turncloak turns cell h's tokens to the use's colour (the old colour loses the cell)."""
    cdef int c = s.use_colour, old = s.colour[h], n = s.tokens[h]
    s.supply[old] += n
    s.colour[h] = c
    s.supply[c] -= n
    discard_card(s, s.asked, h)
    s.tokens_placed += n
    s.cards_spent += 1
    s.placed = 1
    s.lost[old] += 1
    recompute_rank(s, old)
    grow_rank(s, c, h)
    attack_start(s, c, h)

cdef void apply_use(SMState* s, int a) noexcept nogil:
    if a < U_COMBO:
        do_place(s, s.use_colour, a, 1)
    elif a < U_ALLY:
        do_place(s, s.use_colour, a - U_COMBO, 2)
    elif a == U_ALLY or a == U_ENVOY:
        apply_alliance(s, a)
    elif a == U_THERON:
        s.phase = PH_THERON_SRC
    elif a < U_ENVOY:
        apply_turncloak(s, a - U_TURN)
    elif a == U_DECLINE:
        pay_bank(s, s.asked, 5)
        s.placed = 0
        s.stage = ST_COMBO_CHECK
        advance(s)
    else:
        start_transfer(s, PH_USE)

cdef void apply_theron_move(SMState* s, int a) noexcept nogil:
    """Lord Theron moves a // NCELLS + 1 tokens from theron_src to cell a % NCELLS."""
    cdef int c = s.use_colour, n = a // NCELLS + 1, h = a % NCELLS
    s.tokens[s.theron_src] -= n
    if s.tokens[s.theron_src] == 0:
        s.colour[s.theron_src] = EMPTY
    s.colour[h] = c
    s.tokens[h] += n
    discard_card(s, s.asked, h)
    s.received[h] = 1
    s.tokens_placed += n
    s.cards_spent += 1
    s.placed = 1
    recompute_rank(s, c)                    # the source may have emptied (split a group)
    attack_start(s, c, h)

cdef void buy_castle(SMState* s, int p, int k) noexcept nogil:
    """A castle on cell k: 15 Silver plus 5 per black token within 2 cells, which are removed."""
    cdef int h, b = 0, i
    for h in range(NCELLS):
        if s.colour[h] == BLACK and cell_dist(h, k) <= 2:
            b += 1
    pay_bank(s, p, 15 + 5 * b)
    for h in range(NCELLS):
        if s.colour[h] == BLACK and cell_dist(h, k) <= 2:
            s.colour[h] = EMPTY
            s.black_supply += 1
    i = free_castle(s)
    s.castle[k] = i + 1
    s.castle_cell[i] = k
    s.castle_owner[i] = p

cdef void apply_shadow(SMState* s, int a) noexcept nogil:
    cdef int p = s.asked, i
    if SH_PERSON <= a < SH_PERSON + NPERSONS:
        i = a - SH_PERSON
        pay_bank(s, p, PRICE_PERSON[i])
        s.person[i] = p
    elif a >= SH_CASTLE:
        buy_castle(s, p, a - SH_CASTLE)
    s.checks_due = 1
    s.stage = ST_P3_START
    advance(s)

cdef void apply_take(SMState* s, int a) noexcept nogil:
    """TAKE_BLIND: a blind draw; i >= 1: the open row's i-th card, leaving 1 Silver on each card passed
    over."""
    cdef int p = s.asked, i
    if a == TAKE_BLIND:
        s.draws_left = 1
        s.draw_for = p
    else:
        if a > 1:
            take_money(s, p, a - 1)
            for i in range(a - 1):
                s.row_silver[i] += 1
        s.pending[p] += s.row_silver[a - 1]
        card_to_hand(s, p, s.row[a - 1], 1)
        for i in range(a - 1, s.row_len - 1):
            s.row[i] = s.row[i + 1]
            s.row_silver[i] = s.row_silver[i + 1]
        s.row_len -= 1
        s.row[s.row_len] = 0
        s.row_silver[s.row_len] = 0
    post_take(s)

cdef void apply_exchange(SMState* s, int a) noexcept nogil:
    cdef int p = s.asked
    if a == EX_END:
        s.stage = ST_END_TURN
        advance(s)
    elif a == EX_TRANSFER:
        start_transfer(s, PH_EXCHANGE)
    else:
        discard_card(s, p, a - EX_DISCARD)
        pay_bank(s, p, 1)
        s.exchanges_left -= 1
        if s.hand_size[p] < territory_limit(s, p) and can_take(s):
            s.in_exchange = 1
            s.phase = PH_TAKE
        else:
            s.stage = ST_P3
            advance(s)

cdef void apply_transfer_amount(SMState* s, int a) noexcept nogil:
    """Move the amount (a + 1, or all of it) between the chosen holdings; the bank takes a tenth."""
    cdef int p = s.asked, amount = holding_money(s, p, s.transfer_from) if a == AMOUNT_ALL else a + 1
    if s.transfer_from == HOLDING_HAND:
        s.hand_money[p] -= amount
    else:
        s.deposit[p][deposit_colour(s.transfer_from)] -= amount
    s.bank_in += transfer_fee(amount)
    if s.transfer_to == HOLDING_HAND:
        s.hand_money[p] += amount - transfer_fee(amount)
    else:
        s.deposit[p][deposit_colour(s.transfer_to)] += amount - transfer_fee(amount)
    s.transfer_used[p] = 1
    ask(s, s.transfer_return, s.active)

cdef void apply_allocate(SMState* s, int a) noexcept nogil:
    """Place a chunk (1, 5, 10 or all) of the receipts into a holding (allocation_id)."""
    cdef int p = s.asked, chunk = allocation_chunk(a), holding = allocation_holding(a), amount
    amount = ALLOC_CHUNK[chunk] if ALLOC_CHUNK[chunk] < s.pending[p] else s.pending[p]
    if holding == HOLDING_HAND:
        if amount > HAND_LIMIT - s.hand_money[p]:
            amount = HAND_LIMIT - s.hand_money[p]
        s.hand_money[p] += amount
    else:
        s.deposit[p][deposit_colour(holding)] += amount
    s.pending[p] -= amount
    advance(s)

cdef void apply_forced_sale(SMState* s, int a) noexcept nogil:
    """Power card a (colour a // NTYPES) sold at its rank; for a debt, the receipt pays it."""
    cdef int p = s.asked, c = a // NTYPES, x
    sell_card(s, p, c, a % NTYPES, s.rank[c])
    if s.forced_reason == FORCED_DEBT:
        x = s.pending[p] if s.pending[p] < s.debt[p] else s.debt[p]
        s.pending[p] -= x
        s.debt[p] -= x
        credit(s, s.creditor[p], x)
    advance(s)

cdef void apply_blind_draw(SMState* s, int t) noexcept nogil:
    take_from_draw(s, t)
    card_to_hand(s, s.draw_for, t, 0)
    s.draws_left -= 1
    advance(s)

cdef void apply_first_player(SMState* s, int p) noexcept nogil:
    s.first_of_game = p
    s.first_player = p
    s.round_start = p
    s.active = p
    s.stage = ST_TURN_START
    advance(s)

cdef void apply_removal(SMState* s, int h) noexcept nogil:
    """BATTLE: a token removed from front cell h."""
    remove_token(s, h)
    s.last_removed = h
    s.removals_left -= 1
    battle_step(s)

cdef void apply_buy(SMState* s, int a) noexcept nogil:
    """CHOICE_YES: pay the colour's rank for a Power card of it (drawn next); CHOICE_NO: no purchase."""
    if a == CHOICE_YES:
        pay_bank(s, s.asked, s.rank[s.use_colour])
        s.bought = 1
        s.phase = PH_C_POWER
    else:
        s.stage = ST_COMBO_CHECK
        advance(s)

cdef void apply_combo_roll(SMState* s, int a) noexcept nogil:
    """CHOICE_YES: roll once more (the Military + Faith combo); CHOICE_NO: on to Phase 2."""
    if a == CHOICE_YES:
        s.combo_done = 1
        s.phase = PH_C_DICE
    else:
        s.stage = ST_P2
        advance(s)

cdef void apply_settle_sale(SMState* s, int a) noexcept nogil:
    """SELL_NOTHING: no sale; else Power card a - 1 (colour (a - 1) // NTYPES) sold at its rank + 3."""
    cdef int c
    if a != SELL_NOTHING:
        c = (a - 1) // NTYPES
        sell_card(s, s.asked, c, (a - 1) % NTYPES, s.rank[c] + 3)
    advance(s)

cdef void apply_discard(SMState* s, int t) noexcept nogil:
    cdef int p = s.asked
    discard_card(s, p, t)
    if s.discards_owed[p] > 0:
        s.discards_owed[p] -= 1
    advance(s)

cdef void sm_apply(SMState* s, int a) noexcept nogil:
    """Apply legal action ``a`` (a decision or a chance outcome) and run the rules that follow."""
    cdef int ph = s.phase
    if ph == PH_C_DEAL:
        apply_blind_draw(s, a)
    elif ph == PH_C_REVEAL:
        apply_reveal(s, a)
    elif ph == PH_C_SHOW:
        show_card(s, a)
        advance(s)
    elif ph == PH_C_FIRST:
        apply_first_player(s, a)
    elif ph == PH_C_DICE:
        apply_dice(s, a)
    elif ph == PH_C_POWER:
        apply_power_draw(s, a)
    elif ph == PH_P1:
        apply_phase1(s, a)
    elif ph == PH_PICK_DIE:
        s.use_colour = a
        s.rolled = 1
        enter_use(s)
    elif ph == PH_USE:
        apply_use(s, a)
    elif ph == PH_ALLY_SPACE:
        ally_put(s, s.use_colour, a + 1)
        after_alliance(s)
    elif ph == PH_THERON_SRC:
        s.theron_src = a
        s.phase = PH_THERON_DST
    elif ph == PH_THERON_DST:
        apply_theron_move(s, a)
    elif ph == PH_TARGET:
        resolve_target(s, a)
    elif ph == PH_REMOVE:
        apply_removal(s, a)
    elif ph == PH_BUY:
        apply_buy(s, a)
    elif ph == PH_COMBO_ROLL:
        apply_combo_roll(s, a)
    elif ph == PH_SHADOW:
        apply_shadow(s, a)
    elif ph == PH_TAKE:
        apply_take(s, a)
    elif ph == PH_EXCHANGE:
        apply_exchange(s, a)
    elif ph == PH_TR_FROM:
        s.transfer_from = a
        s.phase = PH_TR_TO
    elif ph == PH_TR_TO:
        s.transfer_to = a
        s.phase = PH_TR_AMOUNT
    elif ph == PH_TR_AMOUNT:
        apply_transfer_amount(s, a)
    elif ph == PH_ALLOCATE:
        apply_allocate(s, a)
    elif ph == PH_SETTLE_SELL:
        apply_settle_sale(s, a)
    elif ph == PH_FORCED_SELL:
        apply_forced_sale(s, a)
    elif ph == PH_DISCARD:
        apply_discard(s, a)


# --- legal actions: one handler per phase -----------------------------------------------------------------
cdef int hand_types(const SMState* s, int p, int base, int* out, int n) noexcept nogil:
    """``base + t`` for each Territory card t in p's hand (cells ascending, then X), appended at out[n]."""
    cdef int i, k = hand_cells(s, p, out + n)
    for i in range(n, n + k):
        out[i] += base
    n += k
    if s.x_hand[p] > 0:
        out[n] = base + XCARD
        n += 1
    return n

cdef int legal_chance(const SMState* s, int* out) noexcept nogil:
    """The outcomes of the chance event due."""
    cdef int ph = s.phase, n = 0, h, i, k, t
    if ph == PH_C_DEAL or ph == PH_C_REVEAL:
        n = cells_where(s.loc, LOC_DRAW, out)
        if s.x_draw > 0:
            out[n] = XCARD
            n += 1
        return n
    if ph == PH_C_SHOW:
        return hand_types(s, s.asked, 0, out, 0)
    if ph == PH_C_FIRST:
        for i in range(s.n):
            out[i] = i
        return s.n
    if ph == PH_C_DICE:
        k = 1 + cards_of_type(s, s.active, T_FAITH)
        for i in range(1, 64):
            if popcount6(i) <= k:
                out[n] = i
                n += 1
        return n
    for t in range(NTYPES):                   # PH_C_POWER
        if s.deck[s.use_colour][t] > 0:
            out[n] = t
            n += 1
    return n

cdef int legal_phase1(const SMState* s, int* out) noexcept nogil:
    """Roll; a MILITARY card with a use; option C; a transfer; a black token on a cell of one's card."""
    cdef int hand[NCELLS]
    cdef int p = s.asked, n = 1, d, i, k = -1
    out[0] = A_ROLL
    for d in range(NCOL):
        if s.power[p][d][T_MILITARY]:
            if k < 0:
                k = hand_cells(s, p, hand)
            if any_military_use(s, p, d, hand, k):
                out[n] = A_MIL + d
                n += 1
    out[n] = A_SHADOW
    n += 1
    if transfer_possible(s, p):
        out[n] = A_TRANSFER_P1
        n += 1
    if s.all_six and s.black_supply > 0:
        if k < 0:
            k = hand_cells(s, p, hand)
        for i in range(k):
            if black_legal(s, hand[i]):
                out[n] = A_BLACK + hand[i]
                n += 1
    return n

cdef int legal_persons_use(const SMState* s, int p, int c, const int* hand, int nhand, int* out,
                           int n) noexcept nogil:
    """A rolled colour's uses through the persons p holds: Lord Theron, Turncloak, the Envoy."""
    cdef int h, i
    if s.person[P_THERON] == p:
        for h in range(NCELLS):
            if theron_src_legal(s, c, h, hand, nhand):
                out[n] = U_THERON
                n += 1
                break
    if s.person[P_TURNCLOAK] == p:
        for i in range(nhand):
            if turncloak_legal(s, p, c, hand[i]):
                out[n] = U_TURN + hand[i]
                n += 1
    if s.person[P_ENVOY] == p and toggle_legal(s, c):
        out[n] = U_ENVOY
        n += 1
    return n

cdef int legal_use(const SMState* s, int* out) noexcept nogil:
    """The uses of the fixed colour: place one or (with an X) two tokens on a cell of one's cards, an
    alliance space, the persons' uses, declining (always after a roll, else only without another use),
    a transfer."""
    cdef int hand[NCELLS]
    cdef int p = s.asked, c = s.use_colour, n = 0, i, h, nhand = hand_cells(s, p, hand)
    cdef int money = total_money(s, p)
    # place_legal for a card in the hand: the cell takes the tokens, supply and money suffice
    if s.supply[c] >= 1 and money >= place_cost(s, p, c, 1):
        for i in range(nhand):
            if cell_takes(s, hand[i], c, 1):
                out[n] = U_PLACE + hand[i]
                n += 1
    if s.opt_tcombo and s.x_hand[p] > 0 and s.supply[c] >= 2 and money >= place_cost(s, p, c, 2):
        for i in range(nhand):
            if cell_takes(s, hand[i], c, 2):
                out[n] = U_COMBO + hand[i]
                n += 1
    if s.x_hand[p] > 0 and toggle_legal(s, c):
        out[n] = U_ALLY
        n += 1
    if s.rolled:
        n = legal_persons_use(s, p, c, hand, nhand, out, n)
    if s.rolled or n == 0:
        out[n] = U_DECLINE
        n += 1
    if transfer_possible(s, p):
        out[n] = U_TRANSFER
        n += 1
    return n

cdef int legal_theron(const SMState* s, int* out) noexcept nogil:
    """PH_THERON_SRC: the cells Lord Theron may move from; PH_THERON_DST: 1 or 2 tokens to a cell of
    one's card that takes them."""
    cdef int hand[NCELLS]
    cdef int c = s.use_colour, n = 0, h, k, i, nhand = hand_cells(s, s.asked, hand)
    if s.phase == PH_THERON_SRC:
        for h in range(NCELLS):
            if theron_src_legal(s, c, h, hand, nhand):
                out[n] = h
                n += 1
        if s.abstraction_on & ABS_CELLS:
            n = prune_theron(s, c, out, n)
        return n
    for k in range(2):
        if s.tokens[s.theron_src] < k + 1:
            break
        for i in range(nhand):
            h = hand[i]
            if h != s.theron_src and cell_takes(s, h, c, k + 1):
                out[n] = k * NCELLS + h
                n += 1
    return n

cdef int legal_remove(const SMState* s, int* out) noexcept nogil:
    """BATTLE: a front cell to remove a token from (ABS_REMOVE: in non-decreasing cell order)."""
    cdef int n = front_options(s, out), i, k = 0
    if s.abstraction_on & ABS_REMOVE:
        for i in range(n):
            if out[i] >= s.last_removed:
                out[k] = out[i]
                k += 1
        if k > 0:
            n = k
    return n

cdef int legal_shadow(const SMState* s, int* out) noexcept nogil:
    """Option C: nothing, a free person one can pay for, a castle on a legal cell."""
    cdef int p = s.asked, n = 1, money = total_money(s, p), i, h, first
    out[0] = SH_NONE
    if s.opt_persons:
        for i in range(NPERSONS):
            if s.person[i] == NONE8 and money >= PRICE_PERSON[i]:
                out[n] = SH_PERSON + i
                n += 1
    if s.opt_castles and free_castle(s) >= 0 and money >= 15:
        first = n
        for h in range(NCELLS):
            if castle_legal(s, p, h):
                out[n] = SH_CASTLE + h
                n += 1
        if s.abstraction_on & ABS_CELLS:
            n = first + prune_castles(s, out + first, n - first)
    return n

cdef int legal_take(const SMState* s, int* out) noexcept nogil:
    """A blind draw (while a pile has cards) or the open row's i-th card, paying i - 1 Silver."""
    cdef int n = 0, i, money = total_money(s, s.asked)
    if s.draw_size + s.discard_size > 0:
        out[0] = TAKE_BLIND
        n = 1
    for i in range(1, s.row_len + 1):
        if money >= i - 1:
            out[n] = i
            n += 1
    return n

cdef int legal_exchange(const SMState* s, int* out) noexcept nogil:
    cdef int p = s.asked, n = 1
    out[0] = EX_END
    if transfer_possible(s, p):
        out[n] = EX_TRANSFER
        n += 1
    if s.exchanges_left > 0 and total_money(s, p) >= 1:
        n = hand_types(s, p, EX_DISCARD, out, n)
    return n

cdef int legal_transfer(const SMState* s, int* out) noexcept nogil:
    """PH_TR_FROM: holdings with money and somewhere to send it; PH_TR_TO: where it may go;
    PH_TR_AMOUNT: the amounts (ABS_MONEY: a few macro amounts)."""
    cdef int p = s.asked, n = 0, f, t, amount, total
    if s.phase == PH_TR_FROM:
        for f in range(NHOLDINGS):
            for t in range(NHOLDINGS):
                if transfer_pair(s, p, f, t):
                    out[n] = f
                    n += 1
                    break
        return n
    if s.phase == PH_TR_TO:
        for t in range(NHOLDINGS):
            if transfer_pair(s, p, s.transfer_from, t):
                out[n] = t
                n += 1
        return n
    if s.abstraction_on & ABS_MONEY:
        return macro_amounts(s, p, out)
    total = holding_money(s, p, s.transfer_from)
    for amount in range(1, (total if total < AMOUNT_ALL else AMOUNT_ALL) + 1):
        if amount_ok(s, p, amount):
            out[n] = amount - 1
            n += 1
    if total > AMOUNT_ALL and s.transfer_to != 0:
        out[n] = AMOUNT_ALL
        n += 1
    return n

cdef int legal_allocate(const SMState* s, int* out) noexcept nogil:
    """Receipts: a chunk (1, 5, 10, all) into the hand (while it has room) or a deposit of a colour
    one holds cards of; chunks that place no more than a smaller one are left out (ABS_MONEY: only
    the largest per holding)."""
    cdef int p = s.asked, n = 0, room = HAND_LIMIT - s.hand_money[p], h, k, amount, prev
    for h in range(NHOLDINGS):
        if h == HOLDING_HAND and room == 0:
            continue
        if h != HOLDING_HAND and cards_of_colour(s, p, deposit_colour(h)) == 0:
            continue
        prev = 0
        for k in range(CHUNK_ALL + 1):
            amount = ALLOC_CHUNK[k] if ALLOC_CHUNK[k] < s.pending[p] else s.pending[p]
            if h == HOLDING_HAND and amount > room:
                amount = room
            if amount > prev:
                if s.abstraction_on & ABS_MONEY and prev > 0:
                    n -= 1                    # macro: only the largest chunk (all / fill the hand)
                out[n] = allocation_id(k, h)
                n += 1
            prev = amount
    sort_ids(out, n)                          # ids interleave holdings and chunks
    return n

cdef int legal_sell(const SMState* s, int* out) noexcept nogil:
    """A Power card to sell (colour * NTYPES + type; at settlement + 1, and SELL_NOTHING)."""
    cdef int p = s.asked, n = 0, d, t, shift = 0
    if s.phase == PH_SETTLE_SELL:
        out[0] = SELL_NOTHING
        n = 1
        shift = 1
    for d in range(NCOL):
        for t in range(NTYPES):
            if s.power[p][d][t]:
                out[n] = d * NTYPES + t + shift
                n += 1
    return n

cdef int sm_legal(const SMState* s, int* out) noexcept nogil:
    """The legal actions (decisions or chance outcomes) in increasing order; returns their number."""
    cdef int ph = s.phase, p = s.asked, d, n = 0
    if ph == PH_OVER:
        return 0
    if ph <= PH_C_POWER or ph == PH_C_SHOW:
        return legal_chance(s, out)
    if ph == PH_P1:
        return legal_phase1(s, out)
    if ph == PH_PICK_DIE:
        for d in range(NCOL):
            if (s.dice >> d) & 1:
                out[n] = d
                n += 1
        return n
    if ph == PH_USE:
        return legal_use(s, out)
    if ph == PH_ALLY_SPACE or ph == PH_BUY or ph == PH_COMBO_ROLL:
        out[0] = CHOICE_NO
        out[1] = CHOICE_YES
        return 2
    if ph == PH_THERON_SRC or ph == PH_THERON_DST:
        return legal_theron(s, out)
    if ph == PH_TARGET:
        for n in range(s.n_cand):
            out[n] = n
        return s.n_cand
    if ph == PH_REMOVE:
        return legal_remove(s, out)
    if ph == PH_SHADOW:
        return legal_shadow(s, out)
    if ph == PH_TAKE:
        return legal_take(s, out)
    if ph == PH_EXCHANGE:
        return legal_exchange(s, out)
    if ph == PH_TR_FROM or ph == PH_TR_TO or ph == PH_TR_AMOUNT:
        return legal_transfer(s, out)
    if ph == PH_ALLOCATE:
        return legal_allocate(s, out)
    if ph == PH_SETTLE_SELL or ph == PH_FORCED_SELL:
        return legal_sell(s, out)
    if ph == PH_DISCARD:
        return hand_types(s, p, 0, out, 0)
    return 0


cdef int sm_current_player(const SMState* s) noexcept nogil:
    if s.over or s.phase == PH_OVER:
        return TERMINAL
    if s.phase <= PH_C_POWER or s.phase == PH_C_SHOW:
        return CHANCE
    return s.asked


# --- chance -------------------------------------------------------------------------------------------------
cdef double dice_prob(int j, int k) noexcept nogil:
    """Probability that k fair 6-colour dice show exactly a given set of j colours."""
    cdef double tot = 0.0, binom = 1.0
    cdef int i
    for i in range(j, -1, -1):
        tot += (1.0 if (j - i) % 2 == 0 else -1.0) * binom * pow(i / 6.0, k)
        binom = binom * i / (j - i + 1)
    return tot

cdef double sm_chance_probability(const SMState* s, int a) noexcept nogil:
    cdef int ph = s.phase, t, tot = 0
    if ph == PH_C_DEAL or ph == PH_C_REVEAL:
        if s.draw_size == 0:
            return 0.0
        if a == XCARD:
            return s.x_draw / <double>s.draw_size
        return 1.0 / s.draw_size if (0 <= a < NCELLS and s.loc[a] == LOC_DRAW) else 0.0
    if ph == PH_C_SHOW:
        if a == XCARD:
            return s.x_hand[s.asked] / <double>s.hand_size[s.asked]
        return 1.0 / s.hand_size[s.asked] if (0 <= a < NCELLS and s.loc[a] == LOC_HAND + s.asked) else 0.0
    if ph == PH_C_FIRST:
        return 1.0 / s.n
    if ph == PH_C_DICE:
        return dice_prob(popcount6(a), 1 + cards_of_type(s, s.active, T_FAITH))
    if ph == PH_C_POWER:
        for t in range(NTYPES):
            tot += s.deck[s.use_colour][t]
        return s.deck[s.use_colour][a] / <double>tot if tot else 0.0
    return 0.0

cdef int sm_sample_chance(SMState* s, uint64_t* rng) noexcept nogil:
    cdef int ph = s.phase, a = 0, r, h, k, i, t, tot = 0
    if ph == PH_C_DEAL or ph == PH_C_REVEAL:
        r = rng_below(rng, s.draw_size)
        if r < s.x_draw:
            a = XCARD
        else:
            a = nth_where(s.loc, LOC_DRAW, r - s.x_draw)
    elif ph == PH_C_SHOW:
        r = rng_below(rng, s.hand_size[s.asked])
        if r < s.x_hand[s.asked]:
            a = XCARD
        else:
            a = nth_where(s.loc, LOC_HAND + s.asked, r - s.x_hand[s.asked])
    elif ph == PH_C_FIRST:
        a = rng_below(rng, s.n)
    elif ph == PH_C_DICE:
        k = 1 + cards_of_type(s, s.active, T_FAITH)
        for i in range(k):
            a |= 1 << rng_below(rng, 6)
    elif ph == PH_C_POWER:
        for t in range(NTYPES):
            tot += s.deck[s.use_colour][t]
        r = rng_below(rng, tot)
        for t in range(NTYPES):
            if r < s.deck[s.use_colour][t]:
                a = t
                break
            r -= s.deck[s.use_colour][t]
    sm_apply(s, a)
    return a

cdef int sm_chance_public(const SMState* s) noexcept nogil:
    return 0 if s.phase == PH_C_DEAL else 1

cdef long long sm_random_playout(SMState* s, uint64_t* rng) noexcept nogil:
    """Play to the end uniformly at random (chance by its odds); returns the decisions made (the
    search's random playout, and the benchmark's)."""
    cdef int buf[SM_MAX_LEGAL]
    cdef int n, cp
    cdef long long decisions = 0
    while True:
        cp = sm_current_player(s)
        if cp == TERMINAL:
            return decisions
        if cp == CHANCE:
            sm_sample_chance(s, rng)
        else:
            n = sm_legal(s, buf)
            if n == 0:
                return decisions
            sm_apply(s, buf[rng_below(rng, n)])
            decisions += 1

cdef void sm_playout(SMState* s, uint64_t* rng) noexcept nogil:
    sm_random_playout(s, rng)


# --- the table ----------------------------------------------------------------------------------------------------
cdef int _num_players(const void* st) noexcept nogil:
    return (<const SMState*>st).n

cdef int _current_player(const void* st) noexcept nogil:
    return sm_current_player(<const SMState*>st)

cdef int _legal(const void* st, int* out) noexcept nogil:
    return sm_legal(<const SMState*>st, out)

cdef void _apply(void* st, int a) noexcept nogil:
    sm_apply(<SMState*>st, a)

cdef double _prob(const void* st, int a) noexcept nogil:
    return sm_chance_probability(<const SMState*>st, a)

cdef int _sample(void* st, uint64_t* rng) noexcept nogil:
    return sm_sample_chance(<SMState*>st, rng)

cdef void _returns(const void* st, double* out) noexcept nogil:
    sm_returns(<const SMState*>st, out)

cdef void _scores(const void* st, double* out) noexcept nogil:
    sm_scores(<const SMState*>st, out)

cdef void _playout(void* st, uint64_t* rng) noexcept nogil:
    sm_playout(<SMState*>st, rng)

cdef void _determinize(void* st, int seat, uint64_t* rng) noexcept nogil:
    sm_determinize(<SMState*>st, seat, rng)

cdef void _canonicalize(void* st, int seat) noexcept nogil:
    sm_canonicalize(<SMState*>st, seat)

cdef int _make_consistent(void* st, int seat, int a) noexcept nogil:
    return sm_make_consistent(<SMState*>st, seat, a)

cdef const char* _validate(const void* st) noexcept nogil:
    return sm_validate(<const SMState*>st)

cdef int _chance_public(const void* st) noexcept nogil:
    return sm_chance_public(<const SMState*>st)

cdef void _belief_step(void* st, int seat, const double* table, uint64_t* rng) noexcept nogil:
    sm_belief_step(<SMState*>st, seat, table, rng)

cdef void _model_probs(const void* st, const void* ctx, const int* legal, int n, double* out) noexcept nogil:
    sm_model_probs(<const SMState*>st, legal, n, out)

cdef void _policy_playout(void* st, uint64_t* rng) noexcept nogil:
    sm_policy_playout(<SMState*>st, rng)


SM_VT.name = b"shadow_master"
SM_VT.state_size = sizeof(SMState)
SM_VT.num_actions = NUM_ACTIONS
SM_VT.magic = 0x5D
SM_VT.num_players = _num_players
SM_VT.current_player = _current_player
SM_VT.legal_actions = _legal
SM_VT.apply_action = _apply
SM_VT.chance_probability = _prob
SM_VT.sample_chance = _sample
SM_VT.returns = _returns
SM_VT.scores = _scores                          # the score utility (search option score)
SM_VT.playout = _playout
SM_VT.determinize = _determinize
SM_VT.canonicalize = _canonicalize
SM_VT.make_consistent = _make_consistent
SM_VT.validate = _validate
SM_VT.max_legal = SM_MAX_LEGAL
SM_VT.chance_public = _chance_public
SM_VT.policy_playout = _policy_playout
SM_VT.belief_step = _belief_step
SM_VT.model_probs = _model_probs
SM_VT.model_observe = NULL
SM_VT.model_ctx_size = 0
SM_VT.belief_table_size = BELIEF_SIZE




include "shadow_master_hidden.pxi"
include "shadow_master_belief.pxi"
include "shadow_master_policy.pxi"
include "shadow_master_heuristic.pxi"
include "shadow_master_face.pxi"
