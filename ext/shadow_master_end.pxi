# Elimination, the end of the game, its scores and rewards, and the state checks of section 11.2.
# Included by shadow_master_core.pyx.


# --- elimination and the end --------------------------------------------------------------------------------
cdef void game_over(SMState* s) noexcept nogil:
    s.over = 1
    s.phase = PH_OVER
    s.stage = ST_OVER

cdef void eliminate(SMState* s, int p) noexcept nogil:
    cdef int h, c, t, i
    s.alive[p] = 0
    s.n_eliminated += 1
    s.elimination[p] = s.n_eliminated
    # The Territory cards go face up to the discard pile one public chance event at a time
    # (PH_C_SHOW, see show_card), so that every seat's view names them.
    if s.hand_size[p] > 0:
        s.show_for = p
    for i in range(NPERSONS):
        if s.person[i] == p:
            s.person[i] = NONE8
    for i in range(NCASTLES):
        if s.castle_owner[i] == p:
            if s.castle_cell[i] != NONE8:
                s.castle[s.castle_cell[i]] = 0
            s.castle_cell[i] = NONE8
            s.castle_owner[i] = NONE8
    for c in range(NCOL):
        for t in range(NTYPES):
            s.deck[c][t] += s.power[p][c][t]
            power_add(s, p, c, t, -s.power[p][c][t])
        s.bank_in += s.deposit[p][c]
        s.deposit[p][c] = 0
    s.bank_in += s.hand_money[p] + s.pending[p]
    s.hand_money[p] = 0
    s.pending[p] = 0
    s.debt[p] = 0
    s.discards_owed[p] = 0
    if s.draw_for == p:
        s.draws_left = 0
    if n_alive(s) <= 1:
        if s.show_for == NONE8:
            game_over(s)                  # else advance() ends the game once the cards are shown
        return
    if s.first_player == p:
        s.first_player = next_alive(s, p)
    if s.active == p and not s.settling:
        s.reveals_left = 0
        s.takes_left = 0
        s.in_exchange = 0
        s.stage = ST_END_TURN

cdef void show_card(SMState* s, int t) noexcept nogil:
    """An eliminated seat's card t goes face up to the discard pile (one PH_C_SHOW event)."""
    cdef int p = s.show_for
    if t == XCARD:
        s.x_hand[p] -= 1
        if s.x_known[p] > s.x_hand[p]:
            s.x_known[p] = s.x_hand[p]
        s.x_disc += 1
    else:
        s.loc[t] = LOC_DISCARD
        s.known[t] = 0
    s.discard_size += 1
    s.hand_size[p] -= 1

cdef int score_of(const SMState* s, int p) noexcept nogil:
    cdef int c, i, v = total_money(s, p) + 5 * s.hand_size[p]
    for c in range(NCOL):
        v += s.rank[c] * cards_of_colour(s, p, c)
    for i in range(NPERSONS):
        if s.person[i] == p:
            v += PRICE_PERSON[i]
    for i in range(NCASTLES):
        if s.castle_owner[i] == p:
            v += 15
    return v

cdef void sm_returns(const SMState* s, double* out) noexcept nogil:
    """Winners share 1 (highest score, then more money; eliminated players never win)."""
    cdef int p, best = -1, bestm = -1, k = 0, sc, m
    for p in range(s.n):
        out[p] = 0.0
    if not s.over:
        return
    for p in range(s.n):
        if not s.alive[p]:
            continue
        sc = score_of(s, p)
        m = total_money(s, p)
        if sc > best or (sc == best and m > bestm):
            best = sc
            bestm = m
    for p in range(s.n):
        if s.alive[p] and score_of(s, p) == best and total_money(s, p) == bestm:
            k += 1
    for p in range(s.n):
        if s.alive[p] and score_of(s, p) == best and total_money(s, p) == bestm:
            out[p] = 1.0 / k


cdef enum:
    SCORE_SCALE = 150    # points of margin over the best other seat that move the score utility from 0.5 to 0.88


cdef void sm_scores(const SMState* s, double* out) noexcept nogil:
    """The score utility the search may blend into the rewards (its option ``score``).

    A seat still in the game gets ``(1 + tanh(margin / 150)) / 2``, where the margin is its final score
    (section 19.2) minus the best final score among the other seats still in the game (its own score
    when it is the last one left): a winner by 150 points gets 0.88, a loser by 150 points 0.12, a tie
    0.5.  An eliminated seat gets 0, like its reward.  150 points is about one standard deviation of a
    seat's final score in 4-player heuristic games (mean 234), so most games' margins fall where the
    utility still moves.  Zeros before the end."""
    cdef int p, q, best, sc[MAXP]
    for p in range(s.n):
        out[p] = 0.0
    if not s.over:
        return
    for p in range(s.n):
        sc[p] = score_of(s, p) if s.alive[p] else -1
    for p in range(s.n):
        if not s.alive[p]:
            continue
        best = -1
        for q in range(s.n):
            if q != p and sc[q] > best:
                best = sc[q]
        out[p] = 0.5 * (1.0 + tanh((sc[p] - (best if best >= 0 else 0)) / <double>SCORE_SCALE))


# --- state checks (section 11.2) -------------------------------------------------------------------------------
cdef void collapse(SMState* s, int d) noexcept nogil:
    cdef int p, t, i
    for p in range(s.n):
        if s.power[p][d][T_QUEEN] and s.deposit[p][d] > 0:
            s.pending[p] += s.deposit[p][d]          # Queen rescue: placed elsewhere (D51)
            s.deposit[p][d] = 0
    for p in range(s.n):
        s.bank_in += s.deposit[p][d]
        s.deposit[p][d] = 0
        for t in range(NTYPES):
            s.deck[d][t] += s.power[p][d][t]
            power_add(s, p, d, t, -s.power[p][d][t])
    if s.alliance[d]:
        s.alliance[d] = 0
        s.supply[d] += 1
    for i in range(2):
        if s.milestone[i] == d:
            s.milestone[i] = NONE8

cdef void state_checks(SMState* s) noexcept nogil:
    cdef int c, i, all6 = 1, has, supply0 = 0
    for c in range(NCOL):
        if s.was_on_board[c] and s.rank[c] == 0:
            collapse(s, c)
            if s.n_collapses < 255:
                s.n_collapses += 1
    for c in range(NCOL):
        s.was_on_board[c] = 1 if s.rank[c] > 0 else 0
        if s.rank[c] == 0:
            all6 = 0
    if all6:
        s.all_six = 1
    if blacks_on_board(s) >= 5:
        s.five_blacks = 1
    for c in range(NCOL):
        if s.rank[c] >= 15:
            has = 0
            for i in range(s.milestones):
                if s.milestone[i] == c:
                    has = 1
            if not has:
                for i in range(s.milestones):
                    if s.milestone[i] == NONE8:
                        s.milestone[i] = c
                        break
    if s.end_round == 0:
        has = 0
        for c in range(NCOL):
            if s.supply[c] == 0:
                supply0 += 1
            if s.rank[c] >= 30:
                has = 1
        if empty_cells(s) <= 3:
            s.end_reason = 1
        elif has:
            s.end_reason = 2
        elif supply0 >= 2:
            s.end_reason = 3
        if s.end_reason:
            s.end_round = <uint8_t>s.round


