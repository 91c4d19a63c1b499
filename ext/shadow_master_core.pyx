# cython: language_level=3
"""Shadow Master rules in C (``docs/shadow_master.md``; the normative spec is the project's
``shadow_master.md`` rules file, sections 4-19, decisions D1-D58).

Every rule is a C function over :c:type:`SMState`; the Python class is a thin face for the engine
layer.  The kernel is one module in several files, one concern each, included below so that calls
between them stay plain C calls:

* ``shadow_master_holdings.pxi`` -- money, Territory and Power cards: payments, draws, sales, transfers;
* ``shadow_master_board.pxi`` -- the board: tables, flood fills and ranks, placement rules, attacks;
* ``shadow_master_end.pxi`` -- elimination, the state checks of section 11.2, scores and rewards;
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

include "shadow_master_holdings.pxi"
include "shadow_master_board.pxi"
include "shadow_master_end.pxi"


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


# --- the pipeline --------------------------------------------------------------------------------------------
cdef bint alloc_needs_choice(SMState* s, int p) noexcept nogil:
    """Place p's receipts when there is no choice; True if p must decide."""
    cdef int c, room = 10 - s.hand_money[p], ndep = 0, only = -1, x
    for c in range(NCOL):
        if cards_of_colour(s, p, c) > 0:
            ndep += 1
            only = c
    if ndep == 0:
        x = s.pending[p] if s.pending[p] < room else room
        s.hand_money[p] += x
        s.bank_in += s.pending[p] - x          # what cannot be placed returns to the bank
        s.pending[p] = 0
        return False
    if room == 0 and ndep == 1:
        s.deposit[p][only] += s.pending[p]
        s.pending[p] = 0
        return False
    return True

cdef bint can_take(const SMState* s) noexcept nogil:
    return s.row_len > 0 or s.draw_size + s.discard_size > 0

cdef bint can_buy(const SMState* s, int p, int c) noexcept nogil:
    cdef int t, left = 0
    for t in range(NTYPES):
        left += s.deck[c][t]
    return left > 0 and n_power_cards(s, p) < power_limit(s, p) and total_money(s, p) >= s.rank[c] and s.rank[c] >= 1

cdef void enter_p1(SMState* s) noexcept nogil:
    s.phase = PH_P1
    s.asked = s.active

cdef enum:
    FLOW_CLEAR = 0       # nothing due before the main flow
    FLOW_STOP = 1        # a decision or chance event is due (phase and asked set)
    FLOW_AGAIN = 2       # something changed (a check, an elimination): look again


cdef int flow_due(SMState* s) noexcept nogil:
    """Steps 0-5 of ``advance``: what is due before the main flow goes on -- shown cards, blind draws,
    receipts to place, mandatory payments, state checks, hand and Power limits."""
    cdef int i, p, paid
    # 0. an eliminated seat's Territory cards are shown, one public event per card
    if s.show_for != NONE8:
        if s.hand_size[s.show_for] > 0:
            s.phase = PH_C_SHOW
            s.asked = s.show_for
            return FLOW_STOP
        s.show_for = NONE8
        if n_alive(s) <= 1:
            game_over(s)
    if s.over:
        s.phase = PH_OVER
        return FLOW_STOP
    # 1. blind draws due
    if s.draws_left > 0:
        reshuffle_if_empty(s)
        if s.draw_size == 0 or not s.alive[s.draw_for] or s.hand_size[s.draw_for] >= territory_limit(s, s.draw_for):
            s.draws_left = 0
        else:
            s.phase = PH_C_DEAL
            s.asked = s.draw_for
            return FLOW_STOP
    # 2. receipts to place (deferred during settlement)
    if not s.settling:
        for i in range(s.n):
            p = (s.active + i) % s.n           # turn order from the active player
            if s.alive[p] and s.pending[p] > 0 and alloc_needs_choice(s, p):
                s.phase = PH_ALLOCATE
                s.asked = p
                return FLOW_STOP
    # 3. mandatory payments
    for i in range(s.n):
        p = (s.active + i) % s.n           # turn order from the active player
        if s.alive[p] and s.debt[p] > 0:
            paid = take_money(s, p, s.debt[p])
            s.debt[p] -= paid
            credit(s, s.creditor[p], paid)
            if s.debt[p] > 0:
                if n_power_cards(s, p) > 0:
                    s.phase = PH_FORCED_SELL
                    s.forced_reason = 1
                    s.asked = p
                    return FLOW_STOP
                eliminate(s, p)
                if s.over:
                    return FLOW_STOP
                if s.show_for != NONE8:
                    break
    if s.show_for != NONE8:
        return FLOW_AGAIN
    # 4. state checks
    if s.checks_due:
        s.checks_due = 0
        state_checks(s)
        return FLOW_AGAIN
    # 5. limits, in turn order from the active player
    for i in range(s.n):
        p = (s.active + i) % s.n           # turn order from the active player
        if not s.alive[p]:
            continue
        if s.discards_owed[p] > 0 and s.hand_size[p] == 0:
            s.discards_owed[p] = 0
        if s.discards_owed[p] > 0 or s.hand_size[p] > territory_limit(s, p):
            s.phase = PH_DISCARD
            s.asked = p
            return FLOW_STOP
        if s.n_power[p] > 3 and s.n_power[p] > power_limit(s, p):
            s.phase = PH_FORCED_SELL
            s.forced_reason = 2
            s.asked = p
            return FLOW_STOP
    return FLOW_CLEAR


cdef void advance(SMState* s) noexcept nogil:
    cdef int i, p, c, t, d, k
    # dirty: whether flow_due must look again.  A transition of the main flow that changes nothing it
    # reads (shown cards, draws, receipts, debts, checks, hands, Power cards, seats in the game) clears
    # it, so a chain of stages (the purchase check, the combo, phase 2, phase 3; the turn's end) scans
    # the seats once instead of once per stage.
    cdef bint dirty = 1
    while True:
        if dirty:
            k = flow_due(s)
            if k == FLOW_STOP:
                return
            if k == FLOW_AGAIN:
                continue
        dirty = 1
        # 6. the main flow
        if s.stage == ST_DEAL:
            if s.settle_step < s.n:
                s.draw_for = s.settle_step
                s.draws_left = s.territory_base
                s.settle_step += 1
                continue
            s.settle_step = 0
            s.reveals_left = 3
            s.stage = ST_SETUP_REVEAL
        elif s.stage == ST_SETUP_REVEAL:
            if s.reveals_left > 0:
                reshuffle_if_empty(s)
                if s.draw_size > 0:
                    s.phase = PH_C_REVEAL
                    return
                s.reveals_left = 0
            s.stage = ST_SETUP_FIRST
            s.phase = PH_C_FIRST
            return
        elif s.stage == ST_TURN_START:
            if not s.alive[s.active]:
                s.stage = ST_END_TURN
                dirty = 0
                continue
            s.tokens_placed = 0
            s.cards_spent = 0
            s.bought = 0
            s.from_military = 0
            s.combo_done = 0
            s.placed = 0
            s.in_exchange = 0
            s.reveals_left = 0
            s.takes_left = 0
            enter_p1(s)
            return
        elif s.stage == ST_BUY_CHECK:
            if s.placed and not s.bought and can_buy(s, s.active, s.use_colour):
                s.phase = PH_BUY
                s.asked = s.active
                return
            s.stage = ST_COMBO_CHECK
            dirty = 0
        elif s.stage == ST_COMBO_CHECK:
            c = s.military_colour
            if (s.from_military and not s.combo_done and s.opt_pcombo and s.power[s.active][c][T_MILITARY]
                    and s.power[s.active][c][T_FAITH]):
                s.phase = PH_COMBO_ROLL
                s.asked = s.active
                return
            s.stage = ST_P2
            dirty = 0
        elif s.stage == ST_P2:
            s.reveals_left = s.tokens_placed
            s.takes_left = s.cards_spent
            s.stage = ST_P2_RUN
            dirty = 0
        elif s.stage == ST_P2_RUN:
            if s.reveals_left > 0:
                reshuffle_if_empty(s)
                if s.draw_size > 0:
                    s.phase = PH_C_REVEAL
                    return
                s.reveals_left = 0
            if s.takes_left > 0:
                if s.hand_size[s.active] < territory_limit(s, s.active) and can_take(s):
                    s.phase = PH_TAKE
                    s.asked = s.active
                    return
                s.takes_left = 0
            s.stage = ST_P3_START
            dirty = 0
        elif s.stage == ST_P3_START:
            s.exchanges_left = 2 + cards_of_type(s, s.active, T_LAND)
            s.stage = ST_P3
            dirty = 0
        elif s.stage == ST_P3:
            s.phase = PH_EXCHANGE
            s.asked = s.active
            return
        elif s.stage == ST_END_TURN:
            # next seat of this round's order (fixed at the round's start), skipping the eliminated
            k = (s.active - s.round_start + s.n) % s.n
            p = -1
            for i in range(k + 1, s.n):
                if s.alive[(s.round_start + i) % s.n]:
                    p = (s.round_start + i) % s.n
                    break
            if p >= 0:
                s.active = p
                s.stage = ST_TURN_START
            else:
                s.stage = ST_SETTLE_START
            dirty = 0
        elif s.stage == ST_SETTLE_START:
            s.settling = 1
            s.active = s.first_player
            s.settle_step = 0
            s.stage = ST_SETTLE_SELL
            dirty = 0
        elif s.stage == ST_SETTLE_SELL:
            while s.settle_step < s.n:
                p = (s.first_player + s.settle_step) % s.n
                s.settle_step += 1
                if s.alive[p] and n_power_cards(s, p) > 0:
                    s.phase = PH_SETTLE_SELL
                    s.asked = p
                    return
            s.stage = ST_SETTLE_INCOME
            dirty = 0
        elif s.stage == ST_SETTLE_INCOME:
            for p in range(s.n):
                if s.alive[p]:
                    k = 0
                    for c in range(NCOL):
                        k += income_of(s.rank[c]) * cards_of_colour(s, p, c)
                    if k:
                        from_bank(s, p, k)
            s.settle_step = 0
            s.stage = ST_SETTLE_TAX
        elif s.stage == ST_SETTLE_TAX:
            # one colour at a time, so that each debt has a single creditor
            while s.settle_step < NCOL:
                c = s.settle_step
                s.settle_step += 1
                if s.rank[c] < 6:
                    continue
                d = -1
                for p in range(s.n):
                    if s.alive[p] and s.power[p][c][T_TAX]:
                        d = p
                if d < 0:
                    continue
                k = 0
                for p in range(s.n):
                    if p != d and s.alive[p] and cards_of_colour(s, p, c) > 0:
                        s.debt[p] += cards_of_colour(s, p, c)
                        s.creditor[p] = d
                        k = 1
                if k:
                    break
            else:
                s.stage = ST_SETTLE_UPKEEP
        elif s.stage == ST_SETTLE_UPKEEP:
            for i in range(NCASTLES):
                p = s.castle_owner[i]
                if p == NONE8 or not s.alive[p]:
                    continue
                if total_money(s, p) >= 2:
                    pay_bank(s, p, 2)
                else:                                   # abandoned, unpaid (D42)
                    if s.castle_cell[i] != NONE8:
                        s.castle[s.castle_cell[i]] = 0
                    s.castle_cell[i] = NONE8
                    s.castle_owner[i] = NONE8
            s.stage = ST_SETTLE_ALLOC
            s.settling = 0
        elif s.stage == ST_SETTLE_ALLOC:
            s.stage = ST_ROUND_END
            dirty = 0
        elif s.stage == ST_ROUND_END:
            for i in range(NCELLS):
                s.received[i] = 0
            for p in range(s.n):
                s.transfer_used[p] = 0
            if s.end_round == 0 and s.round >= s.max_rounds:
                s.end_round = <uint8_t>s.round
                s.end_reason = 4
            if s.end_round != 0 and s.round > s.end_round:
                game_over(s)
                return
            s.first_player = next_alive(s, s.first_player)
            s.round += 1
            s.round_start = s.first_player
            s.active = s.first_player
            s.stage = ST_TURN_START
            dirty = 0
        else:
            return




cdef void enter_use(SMState* s) noexcept nogil:
    s.phase = PH_USE
    s.asked = s.active
    s.placed = 0

cdef void after_alliance(SMState* s) noexcept nogil:
    s.checks_due = 1
    s.placed = 0
    s.stage = ST_COMBO_CHECK
    advance(s)

cdef void do_place(SMState* s, int c, int h, int n) noexcept nogil:
    cdef int p = s.active
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
    recompute_ranks(s)
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
    s.phase = PH_TR_FROM
    s.asked = s.active

cdef void sm_apply(SMState* s, int a) noexcept nogil:
    cdef int ph = s.phase, p = s.asked, c = s.use_colour, h, n, i, b, k, amt, x, t
    if ph == PH_C_DEAL:
        take_from_draw(s, a)
        card_to_hand(s, s.draw_for, a, 0)
        s.draws_left -= 1
        advance(s)
    elif ph == PH_C_REVEAL:
        take_from_draw(s, a)
        s.row[s.row_len] = a
        s.row_silver[s.row_len] = 0
        s.row_len += 1
        if s.row_len >= ROWMAX:                  # the row resets when it holds 10 cards
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
    elif ph == PH_C_SHOW:
        show_card(s, a)
        advance(s)
    elif ph == PH_C_FIRST:
        s.first_of_game = a
        s.first_player = a
        s.round_start = a
        s.active = a
        s.stage = ST_TURN_START
        advance(s)
    elif ph == PH_C_DICE:
        s.dice = a
        if popcount6(a) == 1:
            for i in range(NCOL):
                if a == (1 << i):
                    s.use_colour = i
            s.rolled = 1
            enter_use(s)
        else:
            s.phase = PH_PICK_DIE
            s.asked = s.active
    elif ph == PH_C_POWER:
        s.deck[c][a] -= 1
        power_add(s, s.active, c, a, 1)
        if a == T_LAND:
            s.draws_left = 1
            s.draw_for = s.active
        s.checks_due = 1
        s.stage = ST_COMBO_CHECK
        advance(s)
    elif ph == PH_P1:
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
            h = a - A_BLACK
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
    elif ph == PH_PICK_DIE:
        s.use_colour = a
        s.rolled = 1
        enter_use(s)
    elif ph == PH_USE:
        if a < U_COMBO:
            do_place(s, c, a, 1)
        elif a < U_ALLY:
            do_place(s, c, a - U_COMBO, 2)
        elif a == U_ALLY or a == U_ENVOY:
            if a == U_ALLY:
                discard_card(s, p, XCARD)
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
        elif a == U_THERON:
            s.phase = PH_THERON_SRC
        elif a < U_ENVOY:
            h = a - U_TURN
            x = s.colour[h]
            n = s.tokens[h]
            s.supply[x] += n
            s.colour[h] = c
            s.supply[c] -= n
            discard_card(s, p, h)
            s.tokens_placed += n
            s.cards_spent += 1
            s.placed = 1
            s.lost[x] += 1
            recompute_ranks(s)
            attack_start(s, c, h)
        elif a == U_DECLINE:
            pay_bank(s, p, 5)
            s.placed = 0
            s.stage = ST_COMBO_CHECK
            advance(s)
        else:
            start_transfer(s, PH_USE)
    elif ph == PH_ALLY_SPACE:
        ally_put(s, c, a + 1)
        after_alliance(s)
    elif ph == PH_THERON_SRC:
        s.theron_src = a
        s.phase = PH_THERON_DST
    elif ph == PH_THERON_DST:
        n = a // NCELLS + 1
        h = a % NCELLS
        s.tokens[s.theron_src] -= n
        if s.tokens[s.theron_src] == 0:
            s.colour[s.theron_src] = EMPTY
        s.colour[h] = c
        s.tokens[h] += n
        discard_card(s, p, h)
        s.received[h] = 1
        s.tokens_placed += n
        s.cards_spent += 1
        s.placed = 1
        recompute_ranks(s)
        attack_start(s, c, h)
    elif ph == PH_TARGET:
        resolve_target(s, a)
    elif ph == PH_REMOVE:
        remove_token(s, a)
        s.last_removed = a
        s.removals_left -= 1
        battle_step(s)
    elif ph == PH_BUY:
        if a == 1:
            pay_bank(s, p, s.rank[c])
            s.bought = 1
            s.phase = PH_C_POWER
        else:
            s.stage = ST_COMBO_CHECK
            advance(s)
    elif ph == PH_COMBO_ROLL:
        if a == 1:
            s.combo_done = 1
            s.phase = PH_C_DICE
        else:
            s.stage = ST_P2
            advance(s)
    elif ph == PH_SHADOW:
        if SH_PERSON <= a < SH_PERSON + NPERSONS:
            i = a - SH_PERSON
            pay_bank(s, p, PRICE_PERSON[i])
            s.person[i] = p
        elif a >= SH_CASTLE:
            k = a - SH_CASTLE
            b = 0
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
        s.checks_due = 1
        s.stage = ST_P3_START
        advance(s)
    elif ph == PH_TAKE:
        if a == 0:
            s.draws_left = 1
            s.draw_for = p
        else:
            if a > 1:
                take_money(s, p, a - 1)
                for i in range(a - 1):
                    s.row_silver[i] += 1
            t = s.row[a - 1]
            s.pending[p] += s.row_silver[a - 1]
            card_to_hand(s, p, t, 1)
            for i in range(a - 1, s.row_len - 1):
                s.row[i] = s.row[i + 1]
                s.row_silver[i] = s.row_silver[i + 1]
            s.row_len -= 1
            s.row[s.row_len] = 0
            s.row_silver[s.row_len] = 0
        post_take(s)
    elif ph == PH_EXCHANGE:
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
    elif ph == PH_TR_FROM:
        s.transfer_from = a
        s.phase = PH_TR_TO
    elif ph == PH_TR_TO:
        s.transfer_to = a
        s.phase = PH_TR_AMOUNT
    elif ph == PH_TR_AMOUNT:
        amt = holding_money(s, p, s.transfer_from) if a == AMOUNT_ALL else a + 1
        if s.transfer_from == 0:
            s.hand_money[p] -= amt
        else:
            s.deposit[p][s.transfer_from - 1] -= amt
        s.bank_in += amt // 10
        if s.transfer_to == 0:
            s.hand_money[p] += amt - amt // 10
        else:
            s.deposit[p][s.transfer_to - 1] += amt - amt // 10
        s.transfer_used[p] = 1
        s.phase = s.transfer_return
        s.asked = s.active
    elif ph == PH_ALLOCATE:
        k = a // 7
        h = a % 7
        amt = ALLOC_CHUNK[k] if ALLOC_CHUNK[k] < s.pending[p] else s.pending[p]
        if h == 0:
            if amt > 10 - s.hand_money[p]:
                amt = 10 - s.hand_money[p]
            s.hand_money[p] += amt
        else:
            s.deposit[p][h - 1] += amt
        s.pending[p] -= amt
        advance(s)
    elif ph == PH_SETTLE_SELL:
        if a > 0:
            c = (a - 1) // NTYPES
            sell_card(s, p, c, (a - 1) % NTYPES, s.rank[c] + 3)
        advance(s)
    elif ph == PH_FORCED_SELL:
        c = a // NTYPES
        sell_card(s, p, c, a % NTYPES, s.rank[c])
        if s.forced_reason == 1:
            x = s.pending[p] if s.pending[p] < s.debt[p] else s.debt[p]
            s.pending[p] -= x
            s.debt[p] -= x
            credit(s, s.creditor[p], x)
        advance(s)
    elif ph == PH_DISCARD:
        discard_card(s, p, a)
        if s.discards_owed[p] > 0:
            s.discards_owed[p] -= 1
        advance(s)


# --- search abstractions (section 22; only in the search's worlds, see sm_belief_step) ----------------------
cdef int macro_amounts(const SMState* s, int p, int* out) noexcept nogil:
    """ABS_MONEY transfer amounts: 1, 5, 10, what fills the hand, half and all of the holding."""
    cdef int tot = holding_money(s, p, s.transfer_from), cand[6], n = 0, i, j, a, room, dup
    room = 10 - s.hand_money[p]
    cand[0] = 1
    cand[1] = 5
    cand[2] = 10
    cand[3] = 0
    if s.transfer_to == 0:
        for a in range(1, tot + 1):
            if a - a // 10 <= room:
                cand[3] = a
    cand[4] = tot // 2
    cand[5] = tot
    for i in range(6):
        a = cand[i]
        if a > AMOUNT_ALL:
            if s.transfer_to != 0 and a == tot:
                a = AMOUNT_ALL + 1            # the id AMOUNT_ALL
            else:
                continue
        elif not amount_ok(s, p, a):
            continue
        dup = 0
        for j in range(n):
            if out[j] == a - 1:
                dup = 1
        if not dup:
            out[n] = a - 1
            n += 1
    sort_ids(out, n)                          # ascending ids
    return n

cdef inline void sort_ids(int* out, int n) noexcept nogil:
    """Sort a short action-id list in place, ascending (insertion sort: the lists hold a few ids)."""
    cdef int i, j, t
    for i in range(1, n):
        j = i
        while j > 0 and out[j - 1] > out[j]:
            t = out[j]
            out[j] = out[j - 1]
            out[j - 1] = t
            j -= 1

cdef int prune_theron(const SMState* s, int c, int* out, int n) noexcept nogil:
    """ABS_CELLS: Lord Theron moves from a stack (the cell stays) or from a cell with at most one
    neighbour of its colour (the group does not split); all sources if none is such."""
    cdef int i, k = 0, h, j, same
    for i in range(n):
        h = out[i]
        same = 0
        for j in range(N_NEIGHBOURS[s.board][h]):
            if s.colour[NEIGHBOUR[s.board][h][j]] == c:
                same += 1
        if s.tokens[h] >= 2 or same <= 1:
            out[k] = h
            k += 1
    return k if k > 0 else n

cdef int prune_castles(const SMState* s, int* out, int n) noexcept nogil:
    """ABS_CELLS: castles only on front cells (next to another colour's tokens); all if none is."""
    cdef int i, k = 0, h, j, d
    for i in range(n):
        h = out[i] - SH_CASTLE
        for j in range(N_NEIGHBOURS[s.board][h]):
            d = s.colour[NEIGHBOUR[s.board][h][j]]
            if d < NCOL and d != s.colour[h]:
                out[k] = out[i]
                k += 1
                break
    return k if k > 0 else n


# --- legal actions -------------------------------------------------------------------------------------------
cdef int hand_types(const SMState* s, int p, int base, int* out, int n) noexcept nogil:
    cdef int h
    for h in range(NCELLS):
        if s.loc[h] == LOC_HAND + p:
            out[n] = base + h
            n += 1
    if s.x_hand[p] > 0:
        out[n] = base + XCARD
        n += 1
    return n

cdef int sm_legal(const SMState* s, int* out) noexcept nogil:
    cdef int ph = s.phase, p = s.asked, c = s.use_colour, n = 0, h, i, k, t, amt, prev, room, d, tot, f
    if ph == PH_OVER:
        return 0
    if ph == PH_C_DEAL or ph == PH_C_REVEAL:
        for h in range(NCELLS):
            if s.loc[h] == LOC_DRAW:
                out[n] = h
                n += 1
        if s.x_draw > 0:
            out[n] = XCARD
            n += 1
        return n
    if ph == PH_C_SHOW:
        for h in range(NCELLS):
            if s.loc[h] == LOC_HAND + p:
                out[n] = h
                n += 1
        if s.x_hand[p] > 0:
            out[n] = XCARD
            n += 1
        return n
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
    if ph == PH_C_POWER:
        for t in range(NTYPES):
            if s.deck[c][t] > 0:
                out[n] = t
                n += 1
        return n
    if ph == PH_P1:
        out[n] = A_ROLL
        n += 1
        for d in range(NCOL):
            if s.power[p][d][T_MILITARY] and any_military_use(s, p, d):
                out[n] = A_MIL + d
                n += 1
        out[n] = A_SHADOW
        n += 1
        if transfer_possible(s, p):
            out[n] = A_TRANSFER_P1
            n += 1
        if s.all_six and s.black_supply > 0:
            for h in range(NCELLS):
                if s.loc[h] == LOC_HAND + p and black_legal(s, h):
                    out[n] = A_BLACK + h
                    n += 1
        return n
    if ph == PH_PICK_DIE:
        for d in range(NCOL):
            if (s.dice >> d) & 1:
                out[n] = d
                n += 1
        return n
    if ph == PH_USE:
        for h in range(NCELLS):
            if s.loc[h] == LOC_HAND + p and place_legal(s, p, c, h, 1):
                out[n] = U_PLACE + h
                n += 1
        if s.opt_tcombo and s.x_hand[p] > 0:
            for h in range(NCELLS):
                if s.loc[h] == LOC_HAND + p and place_legal(s, p, c, h, 2):
                    out[n] = U_COMBO + h
                    n += 1
        if s.x_hand[p] > 0 and toggle_legal(s, c):
            out[n] = U_ALLY
            n += 1
        if s.rolled:
            if s.person[P_THERON] == p:
                for h in range(NCELLS):
                    if theron_src_legal(s, p, c, h):
                        out[n] = U_THERON
                        n += 1
                        break
            if s.person[P_TURNCLOAK] == p:
                for h in range(NCELLS):
                    if turncloak_legal(s, p, c, h):
                        out[n] = U_TURN + h
                        n += 1
            if s.person[P_ENVOY] == p and toggle_legal(s, c):
                out[n] = U_ENVOY
                n += 1
        if s.rolled or n == 0:
            out[n] = U_DECLINE
            n += 1
        if transfer_possible(s, p):
            out[n] = U_TRANSFER
            n += 1
        return n
    if ph == PH_ALLY_SPACE:
        out[0] = 0
        out[1] = 1
        return 2
    if ph == PH_THERON_SRC:
        for h in range(NCELLS):
            if theron_src_legal(s, p, c, h):
                out[n] = h
                n += 1
        if s.abstraction_on & ABS_CELLS:
            n = prune_theron(s, c, out, n)
        return n
    if ph == PH_THERON_DST:
        for k in range(2):
            if s.tokens[s.theron_src] < k + 1:
                break
            for h in range(NCELLS):
                if h != s.theron_src and s.loc[h] == LOC_HAND + p and cell_takes(s, h, c, k + 1):
                    out[n] = k * NCELLS + h
                    n += 1
        return n
    if ph == PH_TARGET:
        for i in range(s.n_cand):
            out[i] = i
        return s.n_cand
    if ph == PH_REMOVE:
        n = front_options(s, out)
        if s.abstraction_on & ABS_REMOVE:
            k = 0
            for i in range(n):
                if out[i] >= s.last_removed:
                    out[k] = out[i]
                    k += 1
            if k > 0:
                n = k
        return n
    if ph == PH_BUY or ph == PH_COMBO_ROLL:
        out[0] = 0
        out[1] = 1
        return 2
    if ph == PH_SHADOW:
        out[n] = SH_NONE
        n += 1
        tot = total_money(s, p)
        if s.opt_persons:
            for i in range(NPERSONS):
                if s.person[i] == NONE8 and tot >= PRICE_PERSON[i]:
                    out[n] = SH_PERSON + i
                    n += 1
        if s.opt_castles and free_castle(s) >= 0 and tot >= 15:
            k = n
            for h in range(NCELLS):
                if castle_legal(s, p, h):
                    out[n] = SH_CASTLE + h
                    n += 1
            if s.abstraction_on & ABS_CELLS:
                n = k + prune_castles(s, out + k, n - k)
        return n
    if ph == PH_TAKE:
        if s.draw_size + s.discard_size > 0:
            out[n] = 0
            n += 1
        tot = total_money(s, p)
        for i in range(1, s.row_len + 1):
            if tot >= i - 1:
                out[n] = i
                n += 1
        return n
    if ph == PH_EXCHANGE:
        out[n] = EX_END
        n += 1
        if transfer_possible(s, p):
            out[n] = EX_TRANSFER
            n += 1
        if s.exchanges_left > 0 and total_money(s, p) >= 1:
            n = hand_types(s, p, EX_DISCARD, out, n)
        return n
    if ph == PH_TR_FROM:
        for f in range(7):
            for t in range(7):
                if transfer_pair(s, p, f, t):
                    out[n] = f
                    n += 1
                    break
        return n
    if ph == PH_TR_TO:
        for t in range(7):
            if transfer_pair(s, p, s.transfer_from, t):
                out[n] = t
                n += 1
        return n
    if ph == PH_TR_AMOUNT:
        if s.abstraction_on & ABS_MONEY:
            return macro_amounts(s, p, out)
        tot = holding_money(s, p, s.transfer_from)
        for amt in range(1, (tot if tot < AMOUNT_ALL else AMOUNT_ALL) + 1):
            if amount_ok(s, p, amt):
                out[n] = amt - 1
                n += 1
        if tot > AMOUNT_ALL and s.transfer_to != 0:
            out[n] = AMOUNT_ALL
            n += 1
        return n
    if ph == PH_ALLOCATE:
        room = 10 - s.hand_money[p]
        for h in range(7):
            if h == 0 and room == 0:
                continue
            if h > 0 and cards_of_colour(s, p, h - 1) == 0:
                continue
            prev = 0
            for k in range(4):
                amt = ALLOC_CHUNK[k] if ALLOC_CHUNK[k] < s.pending[p] else s.pending[p]
                if h == 0 and amt > room:
                    amt = room
                if amt > prev:
                    if s.abstraction_on & ABS_MONEY and prev > 0:
                        n -= 1                    # macro: only the largest chunk (all / fill the hand)
                    out[n] = 7 * k + h
                    n += 1
                prev = amt
        sort_ids(out, n)                  # ids interleave holdings and chunks
        return n
    if ph == PH_SETTLE_SELL or ph == PH_FORCED_SELL:
        if ph == PH_SETTLE_SELL:
            out[n] = 0
            n += 1
        for d in range(NCOL):
            for t in range(NTYPES):
                if s.power[p][d][t]:
                    out[n] = d * NTYPES + t + (1 if ph == PH_SETTLE_SELL else 0)
                    n += 1
        return n
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
            r -= s.x_draw
            for h in range(NCELLS):
                if s.loc[h] == LOC_DRAW:
                    if r == 0:
                        a = h
                        break
                    r -= 1
    elif ph == PH_C_SHOW:
        r = rng_below(rng, s.hand_size[s.asked])
        if r < s.x_hand[s.asked]:
            a = XCARD
        else:
            r -= s.x_hand[s.asked]
            for h in range(NCELLS):
                if s.loc[h] == LOC_HAND + s.asked:
                    if r == 0:
                        a = h
                        break
                    r -= 1
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

cdef void sm_playout(SMState* s, uint64_t* rng) noexcept nogil:
    cdef int buf[SM_MAX_LEGAL]
    cdef int n, cp
    while True:
        cp = sm_current_player(s)
        if cp == TERMINAL:
            return
        if cp == CHANCE:
            sm_sample_chance(s, rng)
        else:
            n = sm_legal(s, buf)
            if n == 0:
                return
            sm_apply(s, buf[rng_below(rng, n)])


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
