# Hidden information: what each seat cannot see, and the hooks the search and the engine build on it
# -- determinize, canonicalize, make_consistent -- and validate (decode).  Included by
# shadow_master_core.pyx.


# --- hidden information ----------------------------------------------------------------------------------------
cdef int hidden_pool(const SMState* s, int seat, uint8_t* pool, int* unk) noexcept nogil:
    """The cards `seat` cannot place: the draw pile and the other hands' unknown cards, ascending;
    unk[q] = how many unknown cards q holds (0 for seat)."""
    cdef int h, q, n = 0, xs = s.x_draw
    for q in range(MAXP):
        unk[q] = 0
    for h in range(NCELLS):
        if s.loc[h] == LOC_DRAW:
            pool[n] = h
            n += 1
        elif s.loc[h] >= LOC_HAND and s.loc[h] - LOC_HAND != seat and not s.known[h]:
            pool[n] = h
            n += 1
            unk[s.loc[h] - LOC_HAND] += 1
    for q in range(s.n):
        if q != seat:
            xs += s.x_hand[q] - s.x_known[q]
            unk[q] += s.x_hand[q] - s.x_known[q]
    for h in range(xs):
        pool[n] = XCARD
        n += 1
    return n

cdef void assign_pool(SMState* s, int seat, const uint8_t* pool, int n, const int* unk) noexcept nogil:
    cdef int q, i = 0, j, t
    s.x_draw = 0
    for q in range(s.n):
        if q != seat:
            s.x_hand[q] = s.x_known[q]
    for q in range(s.n):
        if q == seat:
            continue
        for j in range(unk[q]):
            t = pool[i]
            i += 1
            if t == XCARD:
                s.x_hand[q] += 1
            else:
                s.loc[t] = LOC_HAND + q
                s.known[t] = 0
    while i < n:
        t = pool[i]
        i += 1
        if t == XCARD:
            s.x_draw += 1
        else:
            s.loc[t] = LOC_DRAW
            s.known[t] = 0

cdef void sm_determinize(SMState* s, int seat, uint64_t* rng) noexcept nogil:
    cdef uint8_t pool[NCARDT + 8]
    cdef int unk[MAXP]
    cdef int n = hidden_pool(s, seat, pool, unk), i, j
    cdef uint8_t t
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    assign_pool(s, seat, pool, n, unk)

cdef void sm_canonicalize(SMState* s, int seat) noexcept nogil:
    cdef uint8_t pool[NCARDT + 8]
    cdef int unk[MAXP]
    cdef int n = hidden_pool(s, seat, pool, unk)
    assign_pool(s, seat, pool, n, unk)

cdef int unknown_of(const SMState* s, int p, int protect) noexcept nogil:
    """An unknown card of p other than `protect` (a cell id, or XCARD), -1 if none."""
    cdef int h
    for h in range(NCELLS):
        if s.loc[h] == LOC_HAND + p and not s.known[h] and h != protect:
            return h
    if s.x_hand[p] > s.x_known[p] and protect != XCARD:
        return XCARD
    return -1

cdef void move_card(SMState* s, int t, int from_loc, int to_loc) noexcept nogil:
    """Move one card of type t between hidden places (LOC_DRAW or LOC_HAND + q), unknown."""
    if t == XCARD:
        if from_loc == LOC_DRAW:
            s.x_draw -= 1
        else:
            s.x_hand[from_loc - LOC_HAND] -= 1
        if to_loc == LOC_DRAW:
            s.x_draw += 1
        else:
            s.x_hand[to_loc - LOC_HAND] += 1
    else:
        s.loc[t] = to_loc
        s.known[t] = 0

cdef int hidden_location(const SMState* s, int seat, int p, int t) noexcept nogil:
    """Where a card of type t lies hidden from `seat` outside p's hand: LOC_DRAW or LOC_HAND + q; -1."""
    cdef int q
    if t == XCARD:
        if s.x_draw > 0:
            return LOC_DRAW
        for q in range(s.n):
            if q != seat and q != p and s.x_hand[q] > s.x_known[q]:
                return LOC_HAND + q
        return -1
    if s.loc[t] == LOC_DRAW:
        return LOC_DRAW
    if s.loc[t] >= LOC_HAND and s.loc[t] - LOC_HAND != seat and s.loc[t] - LOC_HAND != p and not s.known[t]:
        return s.loc[t]
    return -1

cdef bint ensure_hold(SMState* s, int seat, int p, int t, int protect) noexcept nogil:
    cdef int where, u
    if has_card(s, p, t):
        return True
    where = hidden_location(s, seat, p, t)
    u = unknown_of(s, p, protect)
    if where < 0 or u < 0:
        return False
    move_card(s, t, where, LOC_HAND + p)
    move_card(s, u, LOC_HAND + p, where)
    return True

cdef bint ensure_in_draw(SMState* s, int seat, int t) noexcept nogil:
    cdef int where, y, h
    if t == XCARD:
        if s.x_draw > 0:
            return True
    elif 0 <= t < NCELLS and s.loc[t] == LOC_DRAW:
        return True
    if not (0 <= t <= XCARD):
        return False
    where = hidden_location(s, seat, seat, t)
    if where < 0 or where == LOC_DRAW:
        return False
    y = -1
    for h in range(NCELLS):
        if s.loc[h] == LOC_DRAW:
            y = h
            break
    if y < 0 and s.x_draw > 0 and t != XCARD:
        y = XCARD
    if y < 0:
        return False
    move_card(s, t, where, LOC_DRAW)
    move_card(s, y, LOC_DRAW, where)
    return True

cdef bint action_in(const SMState* s, int a) noexcept nogil:
    cdef int buf[SM_MAX_LEGAL]
    cdef int n = sm_legal(s, buf), i
    for i in range(n):
        if buf[i] == a:
            return True
    return False

cdef int legal_after_hold(SMState* s, int seat, int p, int a) noexcept nogil:
    """Make `a` legal for p by giving p one hidden card it may hold (X first), if one does: for
    decisions whose legality depends on p's hand as a whole (Military needs a use, Lord Theron a
    destination card)."""
    cdef SMState tmp
    cdef int t
    if action_in(s, a):
        return 1
    for t in range(NCARDT - 1, -1, -1):
        if (t == XCARD or s.loc[t] != LOC_OFF) and not has_card(s, p, t):
            memcpy(&tmp, s, sizeof(SMState))
            if ensure_hold(&tmp, seat, p, t, -1) and action_in(&tmp, a):
                memcpy(s, &tmp, sizeof(SMState))
                return 1
    return 0

cdef int hold_for(SMState* s, int seat, int p, int a) noexcept nogil:
    """The cards another seat's action `a` shows it holds, moved into its hand (0 if impossible)."""
    cdef int ph = s.phase
    if ph == PH_P1 and a >= A_BLACK:
        return ensure_hold(s, seat, p, a - A_BLACK, -1)
    if ph == PH_USE:
        if a < U_COMBO:
            return ensure_hold(s, seat, p, a, -1)
        if a < U_ALLY:
            return ensure_hold(s, seat, p, a - U_COMBO, XCARD) and ensure_hold(s, seat, p, XCARD, a - U_COMBO)
        if a == U_ALLY:
            return ensure_hold(s, seat, p, XCARD, -1)
        if U_TURN <= a < U_ENVOY:
            return ensure_hold(s, seat, p, a - U_TURN, -1)
        return 1
    if ph == PH_THERON_DST:
        return ensure_hold(s, seat, p, a % NCELLS, -1)
    if ph == PH_EXCHANGE and a >= EX_DISCARD:
        return ensure_hold(s, seat, p, a - EX_DISCARD, -1)
    if ph == PH_DISCARD:
        return ensure_hold(s, seat, p, a, -1)
    return 1

cdef int sm_make_consistent(SMState* s, int seat, int a) noexcept nogil:
    cdef int cp = sm_current_player(s), p = s.asked
    if cp == TERMINAL:
        return 1
    if cp == CHANCE:
        if s.phase == PH_C_REVEAL or (s.phase == PH_C_DEAL and s.draw_for == seat):
            return 1 if ensure_in_draw(s, seat, a) else 0
        if s.phase == PH_C_SHOW and p != seat:
            return 1 if (0 <= a <= XCARD and ensure_hold(s, seat, p, a, -1)) else 0
        return 1
    if cp == seat:
        return 1
    if hold_for(s, seat, p, a) and action_in(s, a):
        return 1
    return legal_after_hold(s, seat, p, a)


# --- validity -----------------------------------------------------------------------------------------------------
cdef const char* validate_flow(const SMState* s) noexcept nogil:
    """The player count, board, phase, stage, who decides, the shown cards, the open row's length."""
    cdef int p
    if s.n < 3 or s.n > 6:
        return "player count out of range"
    if s.board != (0 if s.n == 3 else (1 if s.n == 4 else 2)):
        return "board does not match the player count"
    if s.phase >= NUM_PHASES or s.stage > ST_OVER:
        return "unknown phase or stage"
    if s.phase > PH_C_POWER and s.phase != PH_OVER and s.asked >= s.n:
        return "the deciding seat is out of range"
    if s.show_for != NONE8 and (s.show_for >= s.n or s.alive[s.show_for]):
        return "cards shown for a seat not eliminated"
    if s.phase == PH_C_SHOW and (s.show_for != s.asked or s.hand_size[s.asked] == 0):
        return "a card show due without cards to show"
    for p in range(s.n):
        if not s.alive[p] and s.hand_size[p] > 0 and p != s.show_for:
            return "an eliminated seat still holds Territory cards"
    if s.row_len > ROWMAX:
        return "open row too long"
    return NULL

cdef const char* validate_cells(const SMState* s, int* tokens, int* hand_cards, int* piles) noexcept nogil:
    """One pass over the cells: colours, token counts, castles and where each cell card is.  Counts
    the tokens per colour (tokens[NCOL], black ones at tokens[NCOL]), the cell cards per hand and the
    cell cards in the draw and discard piles (piles[0], piles[1])."""
    cdef int h, c
    for c in range(NCOL):
        tokens[c] = s.supply[c] + (1 if s.alliance[c] else 0)
    tokens[NCOL] = s.black_supply
    for h in range(NCELLS):
        if (s.colour[h] == OFF) != (not ACTIVE[s.board][h]):
            return "cell activity does not match the board"
        if s.colour[h] > OFF:
            return "bad cell colour"
        if s.colour[h] == BLACK:
            tokens[NCOL] += 1
        if s.colour[h] < NCOL:
            tokens[s.colour[h]] += s.tokens[h]
        if s.colour[h] < NCOL and not (1 <= s.tokens[h] <= cell_cap(s, h)):
            return "bad token count on a coloured cell"
        if s.colour[h] >= NCOL and s.tokens[h] != 0:
            return "tokens on a cell without colour"
        if s.castle[h] and (s.castle[h] > NCASTLES or s.castle_cell[s.castle[h] - 1] != h):
            return "castle bookkeeping broken"
        if ACTIVE[s.board][h]:
            if s.loc[h] == LOC_DRAW:
                piles[0] += 1
            elif s.loc[h] == LOC_DISCARD:
                piles[1] += 1
            elif s.loc[h] >= LOC_HAND:
                if s.loc[h] - LOC_HAND >= s.n:
                    return "card in a hand beyond the players"
                hand_cards[s.loc[h] - LOC_HAND] += 1
        elif s.loc[h] != LOC_OFF:
            return "card of an inactive cell"
    return NULL

cdef const char* validate_hands(const SMState* s, const int* hand_cards, const int* piles) noexcept nogil:
    """X cards, hand sizes, money, the open row and the piles' sizes."""
    cdef int p, c, h, x_cards = s.x_draw + s.x_disc
    for p in range(s.n):
        x_cards += s.x_hand[p]
        if s.x_known[p] > s.x_hand[p]:
            return "more known X cards than X cards"
        if hand_cards[p] + s.x_hand[p] != s.hand_size[p]:
            return "hand size does not match"
        if s.hand_money[p] < 0 or s.hand_money[p] > HAND_LIMIT or s.pending[p] < 0 or s.debt[p] < 0:
            return "bad hand money"
        for c in range(NCOL):
            if s.deposit[p][c] < 0:
                return "negative deposit"
    for h in range(s.row_len):
        if s.row[h] == XCARD:
            x_cards += 1
        elif s.row[h] >= NCELLS or s.loc[s.row[h]] != LOC_OFF:
            return "bad open-row card"
    if x_cards != s.x_cards:
        return "X cards not conserved"
    if piles[0] + s.x_draw != s.draw_size or piles[1] + s.x_disc != s.discard_size:
        return "pile sizes do not match"
    return NULL

cdef const char* validate_power(const SMState* s) noexcept nogil:
    """The per-seat Power card counts and the 8 cards of each colour."""
    cdef int p, c, t, total
    for p in range(s.n):
        total = 0
        for c in range(NCOL):
            total += cards_of_colour(s, p, c)
        if total != s.n_power[p] or cards_of_type(s, p, T_LAND) != s.n_land[p]:
            return "Power card counts out of date"
    for c in range(NCOL):
        for t in range(NTYPES):
            total = s.deck[c][t]
            for p in range(s.n):
                total += s.power[p][c][t]
            if total != (2 if t == T_FAITH or t == T_LAND else 1):
                return "Power cards not conserved"
    return NULL

cdef const char* sm_validate(const SMState* s) noexcept nogil:
    """NULL when the struct is a consistent state, else what is wrong (the first thing found)."""
    cdef int c
    cdef int tokens[NCOL + 1]
    cdef int hand_cards[MAXP]
    cdef int piles[2]
    cdef const char* err = validate_flow(s)
    if err != NULL:
        return err
    for c in range(MAXP):
        hand_cards[c] = 0
    piles[0] = 0
    piles[1] = 0
    err = validate_cells(s, tokens, hand_cards, piles)
    if err != NULL:
        return err
    if tokens[NCOL] != s.black_total:
        return "black tokens not conserved"
    for c in range(NCOL):
        if tokens[c] != 30:
            return "coloured tokens not conserved"
    err = validate_hands(s, hand_cards, piles)
    if err != NULL:
        return err
    return validate_power(s)
