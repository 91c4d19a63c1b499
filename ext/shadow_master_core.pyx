# cython: language_level=3
"""Shadow Master rules in C (``docs/shadow_master.md``; the normative spec is the project's
``shadow_master.md`` rules file, sections 4-19, decisions D1-D58).

Every rule is a C function over :c:type:`SMState`; the Python class at the bottom is a thin face for
the engine layer.  The flow is a small machine: a decision handler changes the state, sets
``stage`` (the main step to resume) and calls :c:func:`advance`, which first runs every pending
sub-process in a fixed order -- due chance events, allocations of received Silver, Territory
discards, mandatory payments (with forced sales and bankruptcy), the state checks of section 11.2 and
the limits -- and then the main step, until a decision or a chance event is due.
"""
from libc.stdint cimport uint8_t, uint16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset, memcmp
from libc.math cimport pow, log, exp, tanh

from intrigue.ext.rng cimport rng_next, rng_below, rng_unit
from intrigue.ext.game_api cimport (GameVT, KernelState, CHANCE, TERMINAL, MAX_SEATS)

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

# --- board tables (one per board mask) --------------------------------------------------------------
cdef uint8_t ACTIVE[3][NCELLS]
cdef int NB[3][NCELLS][6]
cdef uint8_t NNB[3][NCELLS]
cdef uint8_t EDGE[3][NCELLS]
cdef int PRICE_PERSON[4]
cdef int CHUNK[4]

cdef void _init_tables() noexcept:
    cdef int b, q, r, h, k, qq, rr, lo, hi
    cdef int dq_even[6]
    cdef int dr_even[6]
    cdef int dq_odd[6]
    cdef int dr_odd[6]
    dq_even[:] = [0, 0, -1, -1, 1, 1]
    dr_even[:] = [-1, 1, -1, 0, -1, 0]
    dq_odd[:] = [0, 0, -1, -1, 1, 1]
    dr_odd[:] = [-1, 1, 0, 1, 0, 1]
    for b in range(3):
        lo = 2 - b
        hi = 11 + b
        for h in range(NCELLS):
            q = h % 14
            ACTIVE[b][h] = 1 if lo <= q <= hi else 0
        for h in range(NCELLS):
            NNB[b][h] = 0
            if not ACTIVE[b][h]:
                continue
            q = h % 14
            r = h // 14
            for k in range(6):
                if q % 2 == 0:
                    qq = q + dq_even[k]
                    rr = r + dr_even[k]
                else:
                    qq = q + dq_odd[k]
                    rr = r + dr_odd[k]
                if 0 <= qq < 14 and 0 <= rr < 5 and ACTIVE[b][14 * rr + qq]:
                    NB[b][h][NNB[b][h]] = 14 * rr + qq
                    NNB[b][h] += 1
            EDGE[b][h] = 1 if NNB[b][h] < 6 else 0
    PRICE_PERSON[:] = [15, 20, 10, 10]
    CHUNK[:] = [1, 5, 10, 1000000]

_init_tables()


cdef inline int cell_dist(int a, int b) noexcept nogil:
    cdef int qa = a % 14, ra = a // 14, qb = b % 14, rb = b // 14
    cdef int za = ra - (qa - (qa & 1)) // 2
    cdef int zb = rb - (qb - (qb & 1)) // 2
    cdef int dx = qa - qb, dz = za - zb, dy = -dx - dz
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    if dz < 0:
        dz = -dz
    if dy > dx:
        dx = dy
    if dz > dx:
        dx = dz
    return dx


# --- tables of section 5 ------------------------------------------------------------------------------
cdef inline int income_of(int r) noexcept nogil:
    if r <= 0:
        return 0
    if r <= 14:
        return (r + 2) // 3
    return 6 + (r - 15) // 2

cdef inline int opcost_of(int r) noexcept nogil:
    return income_of(r) if r >= 15 else 0

cdef inline int damage_of(int n) noexcept nogil:
    if n <= 0:
        return 0
    if n == 1:
        return 2
    if n == 2:
        return 5
    if n == 3:
        return 8
    return 12

cdef inline int popcount6(int m) noexcept nogil:
    cdef int k = 0
    while m:
        k += m & 1
        m >>= 1
    return k


# --- small queries ---------------------------------------------------------------------------------------
cdef inline int ncards_col(const SMState* s, int p, int c) noexcept nogil:
    cdef int t, k = 0
    for t in range(NTYPES):
        k += s.hold[p][c][t]
    return k

cdef inline int ncards(const SMState* s, int p) noexcept nogil:
    return s.npow[p]

cdef inline void hold_add(SMState* s, int p, int c, int t, int k) noexcept nogil:
    """Change p's holding of (c, t) by k, keeping the per-player caches."""
    s.hold[p][c][t] += k
    s.npow[p] += k
    if t == T_LAND:
        s.nland[p] += k

cdef inline int ntype(const SMState* s, int p, int t) noexcept nogil:
    cdef int c, k = 0
    for c in range(NCOL):
        k += s.hold[p][c][t]
    return k

cdef inline int power_limit(const SMState* s, int p) noexcept nogil:
    cdef int c, pl = 3 + s.a6 + s.b5 + ntype(s, p, T_KING)
    for c in range(2):
        if c < s.ms_total and s.ms_col[c] != NONE8:
            pl += 1
    if s.opt_pcombo:
        for c in range(NCOL):
            if s.hold[p][c][T_QUEEN] and s.hold[p][c][T_KING]:
                pl += 1
            if s.hold[p][c][T_LAND] >= 2:
                pl += 1
    return pl

cdef inline int terr_limit(const SMState* s, int p) noexcept nogil:
    return s.tl0 + s.nland[p]

cdef inline int total_money(const SMState* s, int p) noexcept nogil:
    cdef int c, m = s.hand[p] + s.pend[p]
    for c in range(NCOL):
        m += s.dep[p][c]
    return m

cdef inline bint has_card(const SMState* s, int p, int t) noexcept nogil:
    if t == XCARD:
        return s.x_hand[p] > 0
    return s.loc[t] == LOC_HAND + p

cdef inline int next_alive(const SMState* s, int p) noexcept nogil:
    cdef int i, q
    for i in range(1, s.n + 1):
        q = (p + i) % s.n
        if s.alive[q]:
            return q
    return p

cdef inline int n_alive(const SMState* s) noexcept nogil:
    cdef int p, k = 0
    for p in range(s.n):
        k += s.alive[p]
    return k

cdef inline int kmask(const SMState* s, int c) noexcept nogil:
    cdef int d, m = 1 << c
    if s.xspace[c]:
        for d in range(NCOL):
            if s.xspace[d] == s.xspace[c]:
                m |= 1 << d
    return m

cdef inline int cell_cap(const SMState* s, int h) noexcept nogil:
    return 2 if s.castle[h] else 3

cdef int bfs(const SMState* s, int start, int cmask, uint8_t* mark, int label, int* cells) noexcept nogil:
    """Flood fill from ``start`` over cells whose colour is in ``cmask``; marks them with ``label``
    and lists them in ``cells``; returns their number."""
    cdef int head = 0, tail = 0, h, k, g
    mark[start] = label
    cells[tail] = start
    tail += 1
    while head < tail:
        h = cells[head]
        head += 1
        for k in range(NNB[s.board][h]):
            g = NB[s.board][h][k]
            if mark[g] == 0 and s.col[g] < NCOL and (cmask >> s.col[g]) & 1:
                mark[g] = label
                cells[tail] = g
                tail += 1
    return tail

cdef void recompute_ranks(SMState* s) noexcept nogil:
    cdef uint8_t mark[NCELLS]
    cdef int cells[NCELLS]
    cdef int h, c, k
    memset(mark, 0, NCELLS)
    for c in range(NCOL):
        s.rank[c] = 0
    for h in range(NCELLS):
        c = s.col[h]
        if c < NCOL and mark[h] == 0:
            k = bfs(s, h, 1 << c, mark, 1, cells)
            if k > s.rank[c]:
                s.rank[c] = k

cdef inline int strength(const SMState* s, const int* cells, int k) noexcept nogil:
    cdef int i, t = 0
    for i in range(k):
        t += s.cnt[cells[i]]
    return t

cdef inline int nbrs_in(const SMState* s, int h, const uint8_t* mark, int label) noexcept nogil:
    cdef int k, m = 0
    for k in range(NNB[s.board][h]):
        if mark[NB[s.board][h][k]] == label:
            m += 1
    return m

cdef inline int empty_cells(const SMState* s) noexcept nogil:
    cdef int h, k = 0
    for h in range(NCELLS):
        if s.col[h] == EMPTY:
            k += 1
    return k

cdef inline int blacks_on_board(const SMState* s) noexcept nogil:
    return s.black_total - s.black_supply


# --- money ------------------------------------------------------------------------------------------------
cdef int take_money(SMState* s, int p, int amount) noexcept nogil:
    """Remove up to ``amount`` from p: pending receipts, hand, then deposits in ascending rank of their
    colour (ties: lower colour) (section 17.4); returns what was removed."""
    cdef int got = 0, x, i, j, c, best
    cdef uint8_t used[NCOL]
    x = s.pend[p] if s.pend[p] < amount else amount
    s.pend[p] -= x
    got += x
    x = s.hand[p] if s.hand[p] < amount - got else amount - got
    s.hand[p] -= x
    got += x
    memset(used, 0, NCOL)
    for i in range(NCOL):
        if got >= amount:
            break
        best = -1
        for c in range(NCOL):
            if not used[c] and s.dep[p][c] > 0 and (best < 0 or s.rank[c] < s.rank[best]):
                best = c
        if best < 0:
            break
        used[best] = 1
        x = s.dep[p][best] if s.dep[p][best] < amount - got else amount - got
        s.dep[p][best] -= x
        got += x
    return got

cdef inline void pay_bank(SMState* s, int p, int amount) noexcept nogil:
    s.bank_in += take_money(s, p, amount)

cdef inline void from_bank(SMState* s, int p, int amount) noexcept nogil:
    s.bank_out += amount
    s.pend[p] += amount

cdef inline void credit(SMState* s, int to, int amount) noexcept nogil:
    if to == NONE8:
        s.bank_in += amount
    else:
        s.pend[to] += amount


# --- Territory cards --------------------------------------------------------------------------------------
cdef void card_to_hand(SMState* s, int p, int t, int is_known) noexcept nogil:
    if t == XCARD:
        s.x_hand[p] += 1
        if is_known:
            s.x_known[p] += 1
    else:
        s.loc[t] = LOC_HAND + p
        s.known[t] = is_known
    s.hsize[p] += 1

cdef void discard_card(SMState* s, int p, int t) noexcept nogil:
    """p plays or discards card type t face up."""
    if t == XCARD:
        s.x_hand[p] -= 1
        if s.x_known[p] > 0:
            s.x_known[p] -= 1
        s.x_disc += 1
    else:
        s.loc[t] = LOC_DISCARD
        s.known[t] = 0
    s.hsize[p] -= 1
    s.ndisc += 1

cdef void reshuffle_if_empty(SMState* s) noexcept nogil:
    cdef int h
    if s.ndraw > 0 or s.ndisc == 0:
        return
    for h in range(NCELLS):
        if s.loc[h] == LOC_DISCARD:
            s.loc[h] = LOC_DRAW
    s.x_draw += s.x_disc
    s.x_disc = 0
    s.ndraw = s.ndisc
    s.ndisc = 0

cdef void take_from_draw(SMState* s, int t) noexcept nogil:
    if t == XCARD:
        s.x_draw -= 1
    else:
        s.loc[t] = LOC_OFF
    s.ndraw -= 1


# --- Power cards ------------------------------------------------------------------------------------------
cdef void sell_card(SMState* s, int p, int c, int t, int price) noexcept nogil:
    """Return p's (c, t) card to its deck; the bank pays ``price`` into p's receipts."""
    hold_add(s, p, c, t, -1)
    s.deck[c][t] += 1
    from_bank(s, p, price)
    if t == T_LAND:
        s.disc_need[p] += 1
    if ncards_col(s, p, c) == 0 and s.dep[p][c] > 0:
        s.pend[p] += s.dep[p][c]          # orphaned deposit: received again, no fee (D50)
        s.dep[p][c] = 0


# --- elimination and the end --------------------------------------------------------------------------------
cdef void game_over(SMState* s) noexcept nogil:
    s.over = 1
    s.phase = PH_OVER
    s.stage = ST_OVER

cdef void eliminate(SMState* s, int p) noexcept nogil:
    cdef int h, c, t, i
    s.alive[p] = 0
    s.n_elim += 1
    s.elim_rank[p] = s.n_elim
    # The Territory cards go face up to the discard pile one public chance event at a time
    # (PH_C_SHOW, see show_card), so that every seat's view names them.
    if s.hsize[p] > 0:
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
            s.deck[c][t] += s.hold[p][c][t]
            hold_add(s, p, c, t, -s.hold[p][c][t])
        s.bank_in += s.dep[p][c]
        s.dep[p][c] = 0
    s.bank_in += s.hand[p] + s.pend[p]
    s.hand[p] = 0
    s.pend[p] = 0
    s.debt[p] = 0
    s.disc_need[p] = 0
    if s.draw_for == p:
        s.draw_left = 0
    if n_alive(s) <= 1:
        if s.show_for == NONE8:
            game_over(s)                  # else advance() ends the game once the cards are shown
        return
    if s.fp == p:
        s.fp = next_alive(s, p)
    if s.active == p and not s.settling:
        s.reveal_left = 0
        s.take_left = 0
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
    s.ndisc += 1
    s.hsize[p] -= 1

cdef int score_of(const SMState* s, int p) noexcept nogil:
    cdef int c, i, v = total_money(s, p) + 5 * s.hsize[p]
    for c in range(NCOL):
        v += s.rank[c] * ncards_col(s, p, c)
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
        if s.hold[p][d][T_QUEEN] and s.dep[p][d] > 0:
            s.pend[p] += s.dep[p][d]          # Queen rescue: placed elsewhere (D51)
            s.dep[p][d] = 0
    for p in range(s.n):
        s.bank_in += s.dep[p][d]
        s.dep[p][d] = 0
        for t in range(NTYPES):
            s.deck[d][t] += s.hold[p][d][t]
            hold_add(s, p, d, t, -s.hold[p][d][t])
    if s.xspace[d]:
        s.xspace[d] = 0
        s.supply[d] += 1
    for i in range(2):
        if s.ms_col[i] == d:
            s.ms_col[i] = NONE8

cdef void state_checks(SMState* s) noexcept nogil:
    cdef int c, i, all6 = 1, has, supply0 = 0
    for c in range(NCOL):
        if s.was_on[c] and s.rank[c] == 0:
            collapse(s, c)
            if s.n_collapse < 255:
                s.n_collapse += 1
    for c in range(NCOL):
        s.was_on[c] = 1 if s.rank[c] > 0 else 0
        if s.rank[c] == 0:
            all6 = 0
    if all6:
        s.a6 = 1
    if blacks_on_board(s) >= 5:
        s.b5 = 1
    for c in range(NCOL):
        if s.rank[c] >= 15:
            has = 0
            for i in range(s.ms_total):
                if s.ms_col[i] == c:
                    has = 1
            if not has:
                for i in range(s.ms_total):
                    if s.ms_col[i] == NONE8:
                        s.ms_col[i] = c
                        break
    if s.end_round == 0:
        has = 0
        for c in range(NCOL):
            if s.supply[c] == 0:
                supply0 += 1
            if s.rank[c] >= 30:
                has = 1
        if empty_cells(s) <= 3:
            s.end_why = 1
        elif has:
            s.end_why = 2
        elif supply0 >= 2:
            s.end_why = 3
        if s.end_why:
            s.end_round = <uint8_t>s.round


# --- the alliance space ------------------------------------------------------------------------------------
cdef inline bint toggle_legal(const SMState* s, int c) noexcept nogil:
    return s.xspace[c] != 0 or (s.rank[c] >= 1 and s.supply[c] >= 1)

cdef void ally_put(SMState* s, int c, int space) noexcept nogil:
    cdef int d, k = 0
    s.xspace[c] = space
    s.supply[c] -= 1
    s.T += 1
    for d in range(NCOL):
        if s.xspace[d] == space:
            k += 1
    if k >= 4:                                 # alliance reset
        for d in range(NCOL):
            if s.xspace[d] == space:
                s.xspace[d] = 0
                s.supply[d] += 1


# --- placement legality (section 9) ------------------------------------------------------------------------
cdef inline int place_cost(const SMState* s, int p, int c, int n) noexcept nogil:
    cdef int oc = opcost_of(s.rank[c])
    if s.person[P_COIN] == p:
        oc -= 10
    if oc < 0:
        oc = 0
    return n * oc

cdef inline bint cell_takes(const SMState* s, int h, int c, int n) noexcept nogil:
    """Tests 2-5 of section 9 for n tokens of c on h."""
    if s.col[h] == OFF or s.col[h] == BLACK:
        return False
    if s.col[h] != EMPTY and s.col[h] != c:
        return False
    if s.cnt[h] + n > cell_cap(s, h):
        return False
    return not s.recv[h]

cdef inline bint place_legal(const SMState* s, int p, int c, int h, int n) noexcept nogil:
    if not has_card(s, p, h):
        return False
    if n == 2 and (not s.opt_tcombo or s.x_hand[p] == 0):
        return False
    if not cell_takes(s, h, c, n):
        return False
    if s.supply[c] < n:
        return False
    return total_money(s, p) >= place_cost(s, p, c, n)

cdef inline bint black_legal(const SMState* s, int h) noexcept nogil:
    cdef int i
    if s.col[h] != EMPTY or s.recv[h]:
        return False
    for i in range(NCASTLES):
        if s.castle_cell[i] != NONE8 and cell_dist(h, s.castle_cell[i]) <= 2:
            return False
    return True

cdef bint any_military_use(const SMState* s, int p, int c) noexcept nogil:
    cdef int h
    if s.x_hand[p] > 0 and toggle_legal(s, c):
        return True
    for h in range(NCELLS):
        if s.loc[h] == LOC_HAND + p and (place_legal(s, p, c, h, 1) or place_legal(s, p, c, h, 2)):
            return True
    return False

cdef inline bint theron_src_legal(const SMState* s, int p, int c, int src) noexcept nogil:
    cdef int h, n
    if s.col[src] != c or s.castle[src]:
        return False
    for n in range(1, 3):
        if s.cnt[src] < n:
            break
        for h in range(NCELLS):
            if h != src and s.loc[h] == LOC_HAND + p and cell_takes(s, h, c, n):
                return True
    return False

cdef inline bint turncloak_legal(const SMState* s, int p, int c, int t) noexcept nogil:
    return (s.loc[t] == LOC_HAND + p and s.col[t] < NCOL and s.col[t] != c and not s.castle[t]
            and s.supply[c] >= s.cnt[t])

cdef bint castle_legal(const SMState* s, int p, int k) noexcept nogil:
    cdef uint8_t mark[NCELLS]
    cdef int cells[NCELLS]
    cdef int c = s.col[k], i, b = 0, h
    if c >= NCOL or s.cnt[k] > 2 or s.castle[k] or EDGE[s.board][k]:
        return False
    if ncards_col(s, p, c) == 0:
        return False
    for i in range(NCASTLES):
        if s.castle_cell[i] != NONE8 and cell_dist(k, s.castle_cell[i]) < 3:
            return False
    memset(mark, 0, NCELLS)
    if bfs(s, k, 1 << c, mark, 1, cells) < 5:
        return False
    for h in range(NCELLS):
        if s.col[h] == BLACK and cell_dist(h, k) <= 2:
            b += 1
    return total_money(s, p) >= 15 + 5 * b

cdef inline int free_castle(const SMState* s) noexcept nogil:
    cdef int i
    for i in range(NCASTLES):
        if s.castle_owner[i] == NONE8 and s.castle_cell[i] == NONE8:
            return i
    return -1


# --- transfers (section 17.5) ----------------------------------------------------------------------------------
cdef inline int holding_money(const SMState* s, int p, int h) noexcept nogil:
    return s.hand[p] if h == 0 else s.dep[p][h - 1]

cdef inline bint holding_open(const SMState* s, int p, int h) noexcept nogil:
    """Can money arrive at holding h (hand with room, or a deposit on a colour p holds cards of)?"""
    if h == 0:
        return s.hand[p] < 10
    return ncards_col(s, p, h - 1) > 0

cdef inline bint transfer_pair(const SMState* s, int p, int f, int t) noexcept nogil:
    return f != t and holding_money(s, p, f) > 0 and holding_open(s, p, t)

cdef bint transfer_possible(const SMState* s, int p) noexcept nogil:
    cdef int f, t
    if s.transfer_used[p]:
        return False
    for f in range(7):
        for t in range(7):
            if transfer_pair(s, p, f, t):
                return True
    return False

cdef inline bint amount_ok(const SMState* s, int p, int a) noexcept nogil:
    if a < 1 or a > holding_money(s, p, s.tr_from):
        return False
    if s.tr_to == 0 and a - a // 10 > 10 - s.hand[p]:
        return False
    return True


# --- attacks (section 10) ----------------------------------------------------------------------------------

cdef void attack_start(SMState* s, int c, int cell) noexcept nogil:
    """List the targets of the placement of c on cell; take the only one or ask."""
    cdef uint8_t mark[NCELLS]
    cdef int G[NCELLS]
    cdef int T[NCELLS]
    cdef int ng, g, i, k, h, nb, label = 2, nt, t, j, low, sieged, m, kk, tc, tcell, tm
    s.atk_col = c
    s.atk_cell = cell
    s.n_cand = 0
    memset(mark, 0, NCELLS)
    ng = bfs(s, cell, kmask(s, c), mark, 1, G)
    if ng < 4:
        attack_done(s)
        return
    g = strength(s, G, ng)
    for i in range(ng):
        h = G[i]
        for k in range(NNB[s.board][h]):
            nb = NB[s.board][h][k]
            if mark[nb] != 0 or s.col[nb] >= NCOL:
                continue
            label += 1
            nt = bfs(s, nb, kmask(s, s.col[nb]), mark, label, T)
            t = strength(s, T, nt)
            low = NCELLS
            for j in range(nt):
                if T[j] < low:
                    low = T[j]
            for j in range(nt):
                if s.castle[T[j]] and s.supply[c] >= 1 and nbrs_in(s, T[j], mark, 1) >= 5 and s.n_cand < MAXCAND:
                    s.cand_type[s.n_cand] = CAND_CAPTURE
                    s.cand_cell[s.n_cand] = T[j]
                    s.cand_m[s.n_cand] = 0
                    s.n_cand += 1
            if nt >= 4:
                sieged = 0
                for j in range(nt):
                    if not s.castle[T[j]] and nbrs_in(s, T[j], mark, 1) >= 1:
                        sieged = 1
                if sieged and s.n_cand < MAXCAND:
                    s.cand_type[s.n_cand] = CAND_BATTLE
                    s.cand_cell[s.n_cand] = low
                    s.cand_m[s.n_cand] = 4 if g > t else (2 if g == t else 1)
                    s.n_cand += 1
            else:
                sieged = 0
                for j in range(nt):
                    if not s.castle[T[j]] and nbrs_in(s, T[j], mark, 1) >= 3:
                        sieged = 1
                if sieged and s.n_cand < MAXCAND:
                    s.cand_type[s.n_cand] = CAND_SIEGE
                    s.cand_cell[s.n_cand] = low
                    s.cand_m[s.n_cand] = 0
                    s.n_cand += 1
    # sort by (type, cell)
    for i in range(1, s.n_cand):
        j = i
        while j > 0 and (s.cand_type[j - 1] > s.cand_type[j] or
                         (s.cand_type[j - 1] == s.cand_type[j] and s.cand_cell[j - 1] > s.cand_cell[j])):
            tc = s.cand_type[j]; tcell = s.cand_cell[j]; tm = s.cand_m[j]
            s.cand_type[j] = s.cand_type[j - 1]; s.cand_cell[j] = s.cand_cell[j - 1]; s.cand_m[j] = s.cand_m[j - 1]
            s.cand_type[j - 1] = tc; s.cand_cell[j - 1] = tcell; s.cand_m[j - 1] = tm
            j -= 1
    if s.n_cand == 0:
        attack_done(s)
    elif s.n_cand == 1:
        resolve_target(s, 0)
    else:
        s.phase = PH_TARGET
        s.asked = s.active

cdef void remove_token(SMState* s, int h) noexcept nogil:
    cdef int d = s.col[h]
    s.cnt[h] -= 1
    s.supply[d] += 1
    if s.cnt[h] == 0:
        s.col[h] = EMPTY
        s.lost[d] += 1

cdef int front_options(const SMState* s, int* out) noexcept nogil:
    cdef int h, n = 0
    for h in range(NCELLS):
        if s.front[h] and s.cnt[h] > 0 and s.col[h] < NCOL:
            out[n] = h
            n += 1
    return n

cdef void battle_step(SMState* s) noexcept nogil:
    cdef int opts[NCELLS]
    cdef int n
    while True:
        n = front_options(s, opts)
        if s.rem_left == 0 or n == 0:
            attack_done(s)
            return
        if n > 1:
            s.phase = PH_REMOVE
            s.asked = s.active
            return
        remove_token(s, opts[0])
        s.rem_last = opts[0]
        s.rem_left -= 1

cdef void resolve_target(SMState* s, int i) noexcept nogil:
    cdef uint8_t mark[NCELLS]
    cdef int G[NCELLS]
    cdef int T[NCELLS]
    cdef int c = s.atk_col, k = s.cand_cell[i], d, j, m, nt, h
    if s.cand_type[i] == CAND_CAPTURE:
        d = s.col[k]
        j = s.cnt[k]
        s.supply[d] += j
        m = j if j < s.supply[c] else s.supply[c]
        s.col[k] = c
        s.cnt[k] = m
        s.supply[c] -= m
        s.lost[d] += 1
        s.castle_owner[s.castle[k] - 1] = s.active
        attack_done(s)
        return
    memset(mark, 0, NCELLS)
    bfs(s, s.atk_cell, kmask(s, c), mark, 1, G)
    nt = bfs(s, k, kmask(s, s.col[k]), mark, 2, T)
    if s.cand_type[i] == CAND_SIEGE:
        for j in range(nt):
            h = T[j]
            if not s.castle[h] and nbrs_in(s, h, mark, 1) >= 3:
                d = s.col[h]
                s.supply[d] += s.cnt[h]
                s.cnt[h] = 0
                s.col[h] = EMPTY
                s.lost[d] += 1
        attack_done(s)
        return
    memset(s.front, 0, NCELLS)
    for j in range(nt):
        h = T[j]
        if not s.castle[h] and nbrs_in(s, h, mark, 1) >= 1:
            s.front[h] = 1
    s.rem_left = s.cand_m[i]
    s.rem_last = 0
    battle_step(s)

cdef void attack_done(SMState* s) noexcept nogil:
    """Power damage for the event's lost cells (section 11.1), then the state checks.  Ranks are
    recomputed only if the event emptied or took a cell (every such change counts in `lost`): the
    placement itself was ranked by do_place."""
    cdef int d, p, q, i, n, changed = 0
    for d in range(NCOL):
        if s.lost[d]:
            changed = 1
    if changed:
        recompute_ranks(s)
    memset(s.front, 0, NCELLS)
    s.n_cand = 0
    s.rem_left = 0
    for d in range(NCOL):
        if s.lost[d] == 0:
            continue
        for i in range(s.n):
            p = (s.active + i) % s.n
            n = ncards_col(s, p, d)
            if s.alive[p] and n > 0:
                s.debt[p] += s.lost[d] * damage_of(n)
                s.debt_to[p] = NONE8
        s.lost[d] = 0
    s.need_check = 1
    s.stage = ST_BUY_CHECK
    advance(s)


# --- setup -------------------------------------------------------------------------------------------------
cdef void sm_init(SMState* s, int n, int tcombo, int pcombo, int persons, int castles, int spaces,
                  int max_rounds) noexcept nogil:
    cdef int h, c, t, p
    memset(s, 0, sizeof(SMState))
    s.n = n
    s.board = 0 if n == 3 else (1 if n == 4 else 2)
    s.tl0 = 4 if n >= 5 else 5
    s.black_total = 10 if n == 3 else (12 if n == 4 else 14)
    s.ms_total = 2 if n == 3 else (1 if n == 4 else 0)
    s.opt_tcombo = tcombo
    s.opt_pcombo = pcombo
    s.opt_persons = persons
    s.opt_castles = castles
    s.spaces = spaces
    s.max_rounds = max_rounds
    s.n_x = n + 1 if n <= 5 else 6
    if n == 5:
        s.n_x = 6
    for h in range(NCELLS):
        if ACTIVE[s.board][h]:
            s.col[h] = EMPTY
            s.loc[h] = LOC_DRAW
            s.ndraw += 1
        else:
            s.col[h] = OFF
            s.loc[h] = LOC_OFF
    s.x_draw = s.n_x
    s.ndraw += s.n_x
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
        s.hand[p] = 10
        s.alive[p] = 1
        s.debt_to[p] = NONE8
    for p in range(NPERSONS):
        s.person[p] = NONE8
    for p in range(NCASTLES):
        s.castle_owner[p] = NONE8
        s.castle_cell[p] = NONE8
    s.ms_col[0] = NONE8
    s.ms_col[1] = NONE8
    s.round = 1
    s.draw_for = NONE8
    s.show_for = NONE8
    s.stage = ST_DEAL
    s.settle_idx = 0
    advance(s)


# --- the pipeline --------------------------------------------------------------------------------------------
cdef bint alloc_needs_choice(SMState* s, int p) noexcept nogil:
    """Place p's receipts when there is no choice; True if p must decide."""
    cdef int c, room = 10 - s.hand[p], ndep = 0, only = -1, x
    for c in range(NCOL):
        if ncards_col(s, p, c) > 0:
            ndep += 1
            only = c
    if ndep == 0:
        x = s.pend[p] if s.pend[p] < room else room
        s.hand[p] += x
        s.bank_in += s.pend[p] - x          # what cannot be placed returns to the bank
        s.pend[p] = 0
        return False
    if room == 0 and ndep == 1:
        s.dep[p][only] += s.pend[p]
        s.pend[p] = 0
        return False
    return True

cdef bint can_take(const SMState* s) noexcept nogil:
    return s.row_len > 0 or s.ndraw + s.ndisc > 0

cdef bint can_buy(const SMState* s, int p, int c) noexcept nogil:
    cdef int t, left = 0
    for t in range(NTYPES):
        left += s.deck[c][t]
    return left > 0 and ncards(s, p) < power_limit(s, p) and total_money(s, p) >= s.rank[c] and s.rank[c] >= 1

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
        if s.hsize[s.show_for] > 0:
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
    if s.draw_left > 0:
        reshuffle_if_empty(s)
        if s.ndraw == 0 or not s.alive[s.draw_for] or s.hsize[s.draw_for] >= terr_limit(s, s.draw_for):
            s.draw_left = 0
        else:
            s.phase = PH_C_DEAL
            s.asked = s.draw_for
            return FLOW_STOP
    # 2. receipts to place (deferred during settlement)
    if not s.settling:
        for i in range(s.n):
            p = (s.active + i) % s.n           # turn order from the active player
            if s.alive[p] and s.pend[p] > 0 and alloc_needs_choice(s, p):
                s.phase = PH_ALLOCATE
                s.asked = p
                return FLOW_STOP
    # 3. mandatory payments
    for i in range(s.n):
        p = (s.active + i) % s.n           # turn order from the active player
        if s.alive[p] and s.debt[p] > 0:
            paid = take_money(s, p, s.debt[p])
            s.debt[p] -= paid
            credit(s, s.debt_to[p], paid)
            if s.debt[p] > 0:
                if ncards(s, p) > 0:
                    s.phase = PH_FORCED_SELL
                    s.forced_why = 1
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
    if s.need_check:
        s.need_check = 0
        state_checks(s)
        return FLOW_AGAIN
    # 5. limits, in turn order from the active player
    for i in range(s.n):
        p = (s.active + i) % s.n           # turn order from the active player
        if not s.alive[p]:
            continue
        if s.disc_need[p] > 0 and s.hsize[p] == 0:
            s.disc_need[p] = 0
        if s.disc_need[p] > 0 or s.hsize[p] > terr_limit(s, p):
            s.phase = PH_DISCARD
            s.asked = p
            return FLOW_STOP
        if s.npow[p] > 3 and s.npow[p] > power_limit(s, p):
            s.phase = PH_FORCED_SELL
            s.forced_why = 2
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
            if s.settle_idx < s.n:
                s.draw_for = s.settle_idx
                s.draw_left = s.tl0
                s.settle_idx += 1
                continue
            s.settle_idx = 0
            s.reveal_left = 3
            s.stage = ST_SETUP_REVEAL
        elif s.stage == ST_SETUP_REVEAL:
            if s.reveal_left > 0:
                reshuffle_if_empty(s)
                if s.ndraw > 0:
                    s.phase = PH_C_REVEAL
                    return
                s.reveal_left = 0
            s.stage = ST_SETUP_FIRST
            s.phase = PH_C_FIRST
            return
        elif s.stage == ST_TURN_START:
            if not s.alive[s.active]:
                s.stage = ST_END_TURN
                dirty = 0
                continue
            s.T = 0
            s.S = 0
            s.bought = 0
            s.from_military = 0
            s.combo_done = 0
            s.placed = 0
            s.in_exchange = 0
            s.reveal_left = 0
            s.take_left = 0
            enter_p1(s)
            return
        elif s.stage == ST_BUY_CHECK:
            if s.placed and not s.bought and can_buy(s, s.active, s.cur_col):
                s.phase = PH_BUY
                s.asked = s.active
                return
            s.stage = ST_COMBO_CHECK
            dirty = 0
        elif s.stage == ST_COMBO_CHECK:
            c = s.mil_col
            if (s.from_military and not s.combo_done and s.opt_pcombo and s.hold[s.active][c][T_MILITARY]
                    and s.hold[s.active][c][T_FAITH]):
                s.phase = PH_COMBO_ROLL
                s.asked = s.active
                return
            s.stage = ST_P2
            dirty = 0
        elif s.stage == ST_P2:
            s.reveal_left = s.T
            s.take_left = s.S
            s.stage = ST_P2_RUN
            dirty = 0
        elif s.stage == ST_P2_RUN:
            if s.reveal_left > 0:
                reshuffle_if_empty(s)
                if s.ndraw > 0:
                    s.phase = PH_C_REVEAL
                    return
                s.reveal_left = 0
            if s.take_left > 0:
                if s.hsize[s.active] < terr_limit(s, s.active) and can_take(s):
                    s.phase = PH_TAKE
                    s.asked = s.active
                    return
                s.take_left = 0
            s.stage = ST_P3_START
            dirty = 0
        elif s.stage == ST_P3_START:
            s.exch_left = 2 + ntype(s, s.active, T_LAND)
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
            s.active = s.fp
            s.settle_idx = 0
            s.stage = ST_SETTLE_SELL
            dirty = 0
        elif s.stage == ST_SETTLE_SELL:
            while s.settle_idx < s.n:
                p = (s.fp + s.settle_idx) % s.n
                s.settle_idx += 1
                if s.alive[p] and ncards(s, p) > 0:
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
                        k += income_of(s.rank[c]) * ncards_col(s, p, c)
                    if k:
                        from_bank(s, p, k)
            s.settle_idx = 0
            s.stage = ST_SETTLE_TAX
        elif s.stage == ST_SETTLE_TAX:
            # one colour at a time, so that each debt has a single creditor
            while s.settle_idx < NCOL:
                c = s.settle_idx
                s.settle_idx += 1
                if s.rank[c] < 6:
                    continue
                d = -1
                for p in range(s.n):
                    if s.alive[p] and s.hold[p][c][T_TAX]:
                        d = p
                if d < 0:
                    continue
                k = 0
                for p in range(s.n):
                    if p != d and s.alive[p] and ncards_col(s, p, c) > 0:
                        s.debt[p] += ncards_col(s, p, c)
                        s.debt_to[p] = d
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
                s.recv[i] = 0
            for p in range(s.n):
                s.transfer_used[p] = 0
            if s.end_round == 0 and s.round >= s.max_rounds:
                s.end_round = <uint8_t>s.round
                s.end_why = 4
            if s.end_round != 0 and s.round > s.end_round:
                game_over(s)
                return
            s.fp = next_alive(s, s.fp)
            s.round += 1
            s.round_start = s.fp
            s.active = s.fp
            s.stage = ST_TURN_START
            dirty = 0
        else:
            return


# --- action ids (see docs/shadow_master.md, "Action ids") ---------------------------------------------------
cdef enum:
    A_ROLL = 0           # PH_P1
    A_MIL = 1            # + colour
    A_SHADOW = 7
    A_TRANSFER_P1 = 8
    A_BLACK = 10         # + cell
    U_PLACE = 0          # PH_USE: + cell
    U_COMBO = 70         # + cell
    U_ALLY = 140
    U_THERON = 141
    U_TURN = 142         # + cell
    U_ENVOY = 212
    U_DECLINE = 213
    U_TRANSFER = 214
    SH_NONE = 0          # PH_SHADOW
    SH_PERSON = 1        # + person
    SH_CASTLE = 10       # + cell
    EX_END = 0           # PH_EXCHANGE
    EX_TRANSFER = 1
    EX_DISCARD = 2       # + card type
    AMOUNT_ALL = 240     # PH_TR_AMOUNT: a - 1 for a <= 240, or all of it


cdef void enter_use(SMState* s) noexcept nogil:
    s.phase = PH_USE
    s.asked = s.active
    s.placed = 0

cdef void after_alliance(SMState* s) noexcept nogil:
    s.need_check = 1
    s.placed = 0
    s.stage = ST_COMBO_CHECK
    advance(s)

cdef void do_place(SMState* s, int c, int h, int n) noexcept nogil:
    cdef int p = s.active
    pay_bank(s, p, place_cost(s, p, c, n))
    discard_card(s, p, h)
    if n == 2:
        discard_card(s, p, XCARD)
    s.col[h] = c
    s.cnt[h] += n
    s.supply[c] -= n
    s.recv[h] = 1
    s.T += n
    s.S += 1 if n == 1 else 2
    s.placed = 1
    recompute_ranks(s)
    attack_start(s, c, h)

cdef void post_take(SMState* s) noexcept nogil:
    if s.in_exchange:
        s.in_exchange = 0
        s.stage = ST_P3
    elif s.take_left > 0:
        s.take_left -= 1
    advance(s)

cdef void start_transfer(SMState* s, int ret) noexcept nogil:
    s.tr_ret = ret
    s.phase = PH_TR_FROM
    s.asked = s.active

cdef void sm_apply(SMState* s, int a) noexcept nogil:
    cdef int ph = s.phase, p = s.asked, c = s.cur_col, h, n, i, b, k, amt, x, t
    if ph == PH_C_DEAL:
        take_from_draw(s, a)
        card_to_hand(s, s.draw_for, a, 0)
        s.draw_left -= 1
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
            s.ndisc += ROWMAX
            s.row_len = 0
        s.reveal_left -= 1
        advance(s)
    elif ph == PH_C_SHOW:
        show_card(s, a)
        advance(s)
    elif ph == PH_C_FIRST:
        s.first0 = a
        s.fp = a
        s.round_start = a
        s.active = a
        s.stage = ST_TURN_START
        advance(s)
    elif ph == PH_C_DICE:
        s.dice_mask = a
        if popcount6(a) == 1:
            for i in range(NCOL):
                if a == (1 << i):
                    s.cur_col = i
            s.rolled = 1
            enter_use(s)
        else:
            s.phase = PH_PICK_DIE
            s.asked = s.active
    elif ph == PH_C_POWER:
        s.deck[c][a] -= 1
        hold_add(s, s.active, c, a, 1)
        if a == T_LAND:
            s.draw_left = 1
            s.draw_for = s.active
        s.need_check = 1
        s.stage = ST_COMBO_CHECK
        advance(s)
    elif ph == PH_P1:
        if a == A_ROLL:
            s.phase = PH_C_DICE
        elif a < A_SHADOW:
            s.from_military = 1
            s.mil_col = a - A_MIL
            s.cur_col = a - A_MIL
            s.rolled = 0
            enter_use(s)
        elif a == A_SHADOW:
            s.phase = PH_SHADOW
        elif a == A_TRANSFER_P1:
            start_transfer(s, PH_P1)
        else:
            h = a - A_BLACK
            s.col[h] = BLACK
            s.cnt[h] = 0
            s.recv[h] = 1
            s.black_supply -= 1
            discard_card(s, p, h)
            from_bank(s, p, 3)
            s.T = 1
            s.S = 1
            s.need_check = 1
            s.stage = ST_P2
            advance(s)
    elif ph == PH_PICK_DIE:
        s.cur_col = a
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
                s.S += 1
            if s.xspace[c]:
                s.xspace[c] = 0
                s.supply[c] += 1
            elif s.spaces == 2:
                s.phase = PH_ALLY_SPACE
                return
            else:
                ally_put(s, c, 1)
            after_alliance(s)
        elif a == U_THERON:
            s.phase = PH_THERON_SRC
        elif a < U_ENVOY:
            h = a - U_TURN
            x = s.col[h]
            n = s.cnt[h]
            s.supply[x] += n
            s.col[h] = c
            s.supply[c] -= n
            discard_card(s, p, h)
            s.T += n
            s.S += 1
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
        s.cnt[s.theron_src] -= n
        if s.cnt[s.theron_src] == 0:
            s.col[s.theron_src] = EMPTY
        s.col[h] = c
        s.cnt[h] += n
        discard_card(s, p, h)
        s.recv[h] = 1
        s.T += n
        s.S += 1
        s.placed = 1
        recompute_ranks(s)
        attack_start(s, c, h)
    elif ph == PH_TARGET:
        resolve_target(s, a)
    elif ph == PH_REMOVE:
        remove_token(s, a)
        s.rem_last = a
        s.rem_left -= 1
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
                if s.col[h] == BLACK and cell_dist(h, k) <= 2:
                    b += 1
            pay_bank(s, p, 15 + 5 * b)
            for h in range(NCELLS):
                if s.col[h] == BLACK and cell_dist(h, k) <= 2:
                    s.col[h] = EMPTY
                    s.black_supply += 1
            i = free_castle(s)
            s.castle[k] = i + 1
            s.castle_cell[i] = k
            s.castle_owner[i] = p
        s.need_check = 1
        s.stage = ST_P3_START
        advance(s)
    elif ph == PH_TAKE:
        if a == 0:
            s.draw_left = 1
            s.draw_for = p
        else:
            if a > 1:
                take_money(s, p, a - 1)
                for i in range(a - 1):
                    s.row_silver[i] += 1
            t = s.row[a - 1]
            s.pend[p] += s.row_silver[a - 1]
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
            s.exch_left -= 1
            if s.hsize[p] < terr_limit(s, p) and can_take(s):
                s.in_exchange = 1
                s.phase = PH_TAKE
            else:
                s.stage = ST_P3
                advance(s)
    elif ph == PH_TR_FROM:
        s.tr_from = a
        s.phase = PH_TR_TO
    elif ph == PH_TR_TO:
        s.tr_to = a
        s.phase = PH_TR_AMOUNT
    elif ph == PH_TR_AMOUNT:
        amt = holding_money(s, p, s.tr_from) if a == AMOUNT_ALL else a + 1
        if s.tr_from == 0:
            s.hand[p] -= amt
        else:
            s.dep[p][s.tr_from - 1] -= amt
        s.bank_in += amt // 10
        if s.tr_to == 0:
            s.hand[p] += amt - amt // 10
        else:
            s.dep[p][s.tr_to - 1] += amt - amt // 10
        s.transfer_used[p] = 1
        s.phase = s.tr_ret
        s.asked = s.active
    elif ph == PH_ALLOCATE:
        k = a // 7
        h = a % 7
        amt = CHUNK[k] if CHUNK[k] < s.pend[p] else s.pend[p]
        if h == 0:
            if amt > 10 - s.hand[p]:
                amt = 10 - s.hand[p]
            s.hand[p] += amt
        else:
            s.dep[p][h - 1] += amt
        s.pend[p] -= amt
        advance(s)
    elif ph == PH_SETTLE_SELL:
        if a > 0:
            c = (a - 1) // NTYPES
            sell_card(s, p, c, (a - 1) % NTYPES, s.rank[c] + 3)
        advance(s)
    elif ph == PH_FORCED_SELL:
        c = a // NTYPES
        sell_card(s, p, c, a % NTYPES, s.rank[c])
        if s.forced_why == 1:
            x = s.pend[p] if s.pend[p] < s.debt[p] else s.debt[p]
            s.pend[p] -= x
            s.debt[p] -= x
            credit(s, s.debt_to[p], x)
        advance(s)
    elif ph == PH_DISCARD:
        discard_card(s, p, a)
        if s.disc_need[p] > 0:
            s.disc_need[p] -= 1
        advance(s)


# --- search abstractions (section 22; only in the search's worlds, see sm_belief_step) ----------------------
cdef int macro_amounts(const SMState* s, int p, int* out) noexcept nogil:
    """ABS_MONEY transfer amounts: 1, 5, 10, what fills the hand, half and all of the holding."""
    cdef int tot = holding_money(s, p, s.tr_from), cand[6], n = 0, i, j, a, room, dup
    room = 10 - s.hand[p]
    cand[0] = 1
    cand[1] = 5
    cand[2] = 10
    cand[3] = 0
    if s.tr_to == 0:
        for a in range(1, tot + 1):
            if a - a // 10 <= room:
                cand[3] = a
    cand[4] = tot // 2
    cand[5] = tot
    for i in range(6):
        a = cand[i]
        if a > AMOUNT_ALL:
            if s.tr_to != 0 and a == tot:
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
        for j in range(NNB[s.board][h]):
            if s.col[NB[s.board][h][j]] == c:
                same += 1
        if s.cnt[h] >= 2 or same <= 1:
            out[k] = h
            k += 1
    return k if k > 0 else n

cdef int prune_castles(const SMState* s, int* out, int n) noexcept nogil:
    """ABS_CELLS: castles only on front cells (next to another colour's tokens); all if none is."""
    cdef int i, k = 0, h, j, d
    for i in range(n):
        h = out[i] - SH_CASTLE
        for j in range(NNB[s.board][h]):
            d = s.col[NB[s.board][h][j]]
            if d < NCOL and d != s.col[h]:
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
    cdef int ph = s.phase, p = s.asked, c = s.cur_col, n = 0, h, i, k, t, amt, prev, room, d, tot, f
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
        k = 1 + ntype(s, s.active, T_FAITH)
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
            if s.hold[p][d][T_MILITARY] and any_military_use(s, p, d):
                out[n] = A_MIL + d
                n += 1
        out[n] = A_SHADOW
        n += 1
        if transfer_possible(s, p):
            out[n] = A_TRANSFER_P1
            n += 1
        if s.a6 and s.black_supply > 0:
            for h in range(NCELLS):
                if s.loc[h] == LOC_HAND + p and black_legal(s, h):
                    out[n] = A_BLACK + h
                    n += 1
        return n
    if ph == PH_PICK_DIE:
        for d in range(NCOL):
            if (s.dice_mask >> d) & 1:
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
        if s.abs_on & ABS_CELLS:
            n = prune_theron(s, c, out, n)
        return n
    if ph == PH_THERON_DST:
        for k in range(2):
            if s.cnt[s.theron_src] < k + 1:
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
        if s.abs_on & ABS_REMOVE:
            k = 0
            for i in range(n):
                if out[i] >= s.rem_last:
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
            if s.abs_on & ABS_CELLS:
                n = k + prune_castles(s, out + k, n - k)
        return n
    if ph == PH_TAKE:
        if s.ndraw + s.ndisc > 0:
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
        if s.exch_left > 0 and total_money(s, p) >= 1:
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
            if transfer_pair(s, p, s.tr_from, t):
                out[n] = t
                n += 1
        return n
    if ph == PH_TR_AMOUNT:
        if s.abs_on & ABS_MONEY:
            return macro_amounts(s, p, out)
        tot = holding_money(s, p, s.tr_from)
        for amt in range(1, (tot if tot < AMOUNT_ALL else AMOUNT_ALL) + 1):
            if amount_ok(s, p, amt):
                out[n] = amt - 1
                n += 1
        if tot > AMOUNT_ALL and s.tr_to != 0:
            out[n] = AMOUNT_ALL
            n += 1
        return n
    if ph == PH_ALLOCATE:
        room = 10 - s.hand[p]
        for h in range(7):
            if h == 0 and room == 0:
                continue
            if h > 0 and ncards_col(s, p, h - 1) == 0:
                continue
            prev = 0
            for k in range(4):
                amt = CHUNK[k] if CHUNK[k] < s.pend[p] else s.pend[p]
                if h == 0 and amt > room:
                    amt = room
                if amt > prev:
                    if s.abs_on & ABS_MONEY and prev > 0:
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
                if s.hold[p][d][t]:
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
        if s.ndraw == 0:
            return 0.0
        if a == XCARD:
            return s.x_draw / <double>s.ndraw
        return 1.0 / s.ndraw if (0 <= a < NCELLS and s.loc[a] == LOC_DRAW) else 0.0
    if ph == PH_C_SHOW:
        if a == XCARD:
            return s.x_hand[s.asked] / <double>s.hsize[s.asked]
        return 1.0 / s.hsize[s.asked] if (0 <= a < NCELLS and s.loc[a] == LOC_HAND + s.asked) else 0.0
    if ph == PH_C_FIRST:
        return 1.0 / s.n
    if ph == PH_C_DICE:
        return dice_prob(popcount6(a), 1 + ntype(s, s.active, T_FAITH))
    if ph == PH_C_POWER:
        for t in range(NTYPES):
            tot += s.deck[s.cur_col][t]
        return s.deck[s.cur_col][a] / <double>tot if tot else 0.0
    return 0.0

cdef int sm_sample_chance(SMState* s, uint64_t* rng) noexcept nogil:
    cdef int ph = s.phase, a = 0, r, h, k, i, t, tot = 0
    if ph == PH_C_DEAL or ph == PH_C_REVEAL:
        r = rng_below(rng, s.ndraw)
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
        r = rng_below(rng, s.hsize[s.asked])
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
        k = 1 + ntype(s, s.active, T_FAITH)
        for i in range(k):
            a |= 1 << rng_below(rng, 6)
    elif ph == PH_C_POWER:
        for t in range(NTYPES):
            tot += s.deck[s.cur_col][t]
        r = rng_below(rng, tot)
        for t in range(NTYPES):
            if r < s.deck[s.cur_col][t]:
                a = t
                break
            r -= s.deck[s.cur_col][t]
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


# --- a cheap rollout policy (the search's policy_playout) ------------------------------------------------
cdef inline bint dead_card(const SMState* s, int t) noexcept nogil:
    if t == XCARD:
        return False
    return s.col[t] == BLACK or s.cnt[t] >= cell_cap(s, t)

cdef inline int use_weight(const SMState* s, int p, int c, int a) noexcept nogil:
    """The rollout policy's weight of use `a` of colour c by p (the opponent model samples the same):
    a placement 2, +3 if p holds cards of c, +2 per neighbour already of c; other uses 1; decline 0."""
    cdef int h, k, w
    if a < U_ALLY:
        h = a % NCELLS
        w = 2 + (3 if ncards_col(s, p, c) > 0 else 0)
        for k in range(NNB[s.board][h]):
            if s.col[NB[s.board][h][k]] == c:
                w += 2
        return w
    return 0 if a == U_DECLINE or a == U_TRANSFER else 1


cdef int policy_action(SMState* s, uint64_t* rng) noexcept nogil:
    """A rule of thumb per decision, read from what the deciding seat may see (its own hand and the
    public state): place where the colour already stands, buy cheap Power, keep money in hand, take
    black-token rewards, never start a transfer, sell only in the final round."""
    cdef int buf[SM_MAX_LEGAL]
    cdef int w[SM_MAX_LEGAL]
    cdef int n = sm_legal(s, buf), i, a, p = s.asked, c, h, k, tot = 0, best = -1, bv, v, m
    cdef int ph = s.phase
    if n <= 1:
        return buf[0]
    if ph == PH_P1:
        m = 0
        for i in range(n):
            if buf[i] >= A_BLACK:
                m += 1
        if m and s.hand[p] < 10:
            k = rng_below(rng, m)
            for i in range(n):
                if buf[i] >= A_BLACK:
                    if k == 0:
                        return buf[i]
                    k -= 1
        for i in range(n):
            if A_MIL <= buf[i] < A_SHADOW:
                return buf[i]
        return A_ROLL
    if ph == PH_PICK_DIE:
        bv = -1
        for i in range(n):
            v = ncards_col(s, p, buf[i]) * 4 + <int>rng_below(rng, 4)
            if v > bv:
                bv = v
                best = buf[i]
        return best
    if ph == PH_USE:
        c = s.cur_col
        for i in range(n):
            w[i] = use_weight(s, p, c, buf[i])
            tot += w[i]
        if tot == 0:
            for i in range(n):
                if buf[i] == U_DECLINE:
                    return U_DECLINE
            return buf[0]
        k = rng_below(rng, tot)
        for i in range(n):
            if k < w[i]:
                return buf[i]
            k -= w[i]
        return buf[0]
    if ph == PH_BUY:
        c = s.cur_col
        return 1 if s.rank[c] >= 2 and total_money(s, p) - s.rank[c] >= 2 else 0
    if ph == PH_COMBO_ROLL:
        return 1
    if ph == PH_SHADOW:
        return SH_NONE
    if ph == PH_TAKE:
        return buf[0]
    if ph == PH_EXCHANGE:
        if total_money(s, p) >= 4:
            for i in range(n):
                if buf[i] >= EX_DISCARD and dead_card(s, buf[i] - EX_DISCARD):
                    return buf[i]
        return EX_END
    if ph == PH_ALLOCATE:
        for i in range(n):
            if buf[i] == 7 * 3:               # all to hand
                return buf[i]
        bv = -1
        for i in range(n):
            if buf[i] % 7 == 0:
                continue
            v = s.rank[buf[i] % 7 - 1] * 8 + buf[i] // 7
            if v > bv:
                bv = v
                best = buf[i]
        return best if best >= 0 else buf[n - 1]
    if ph == PH_SETTLE_SELL:
        if s.end_round and s.round > s.end_round:
            return buf[n - 1]
        return 0
    if ph == PH_FORCED_SELL:
        bv = 1000
        for i in range(n):
            v = s.rank[buf[i] // NTYPES]
            if v < bv:
                bv = v
                best = buf[i]
        return best
    if ph == PH_DISCARD:
        for i in range(n):
            if dead_card(s, buf[i]):
                return buf[i]
        return buf[0]
    return buf[rng_below(rng, n)]

cdef enum:
    MODEL_SHARE_PCT = 90     # the opponent model: this share on the rollout policy's choice, the rest uniform

cdef void sm_model_probs(const SMState* s, const int* legal, int n, double* out) noexcept nogil:
    """The opponent model (``ismcts:opponents=model``): the rollout policy's distribution where it
    samples (uses: by its weights), elsewhere its choice -- or, with search_rollout=1 (opt_roll), the
    heuristic bot's choice; mixed with 10 % uniform so that every legal action stays possible.  Reads
    only what the deciding seat may see, like the policy."""
    cdef uint64_t r = (<uint64_t>s.round * <uint64_t>0x9E3779B9) ^ ((<uint64_t>s.phase) << 32) ^ ((<uint64_t>s.asked) << 40) ^ (<uint64_t>s.T)
    cdef double share = MODEL_SHARE_PCT / 100.0, tot = 0.0
    cdef double w[SM_MAX_LEGAL]
    cdef int i, a, k, h, p = s.asked, c = s.cur_col
    for i in range(n):
        out[i] = (1.0 - share) / n
    if s.phase == PH_USE and not s.opt_roll:
        for i in range(n):
            w[i] = use_weight(s, p, c, legal[i])
            tot += w[i]
        if tot > 0.0:
            for i in range(n):
                out[i] += share * w[i] / tot
            return
    if s.opt_roll:                           # search_rollout=1: the model is the heuristic bot
        a = heur_action(<SMState*>s, &r)
    else:
        a = policy_action(<SMState*>s, &r)
    for i in range(n):
        if legal[i] == a:
            out[i] += share
            return
    for i in range(n):
        out[i] += share / n

cdef void sm_policy_playout(SMState* s, uint64_t* rng) noexcept nogil:
    """The search's policy playout: the rule of thumb at every seat, or the heuristic bot when the
    game option search_rollout is 1 (opt_roll)."""
    cdef int cp
    cdef bint heur = s.opt_roll
    while True:
        cp = sm_current_player(s)
        if cp == TERMINAL:
            return
        if cp == CHANCE:
            sm_sample_chance(s, rng)
        elif heur:
            sm_apply(s, heur_action(s, rng))
        else:
            sm_apply(s, policy_action(s, rng))


# --- the heuristic bot (engine/shadow_master/heuristic.py is its Python face) ----------------------------------
# The rule-based player of the ``heuristic`` bot, in C so that a balance report can play 10,000s of
# its games.  It reads only what the deciding seat may see: its own Territory hand and public facts
# (money, Power cards, the board, the open row); the other hands are never looked at, so it decides
# the same in the true state and in the seat's canonical information state.  Most decisions are a
# one-step lookahead over `heur_value`; the rest are the rules below, decision by decision.
cdef enum:
    HEUR_SAFE_RANK = 3       # a kingdom of rank <= 2 is "about to collapse"

cdef double heur_value(const SMState* s, int me) noexcept nogil:
    """The seat's stake in a position: its money (deposits on kingdoms about to collapse at half),
    plus what its Power cards are worth (rank + 2.5 x income of their colour), minus 0.3 x the
    others' average stake; -1000 once eliminated."""
    cdef double mine = 0.0, others = 0.0, v
    cdef int p, c, t
    for p in range(s.n):
        if not s.alive[p]:
            if p == me:
                return -1000.0
            continue
        v = s.hand[p] + s.pend[p] - s.debt[p]
        for c in range(NCOL):
            v += s.dep[p][c] * (1.0 if s.rank[c] >= HEUR_SAFE_RANK else 0.5)
            for t in range(NTYPES):
                if s.hold[p][c][t]:
                    v += s.hold[p][c][t] * (s.rank[c] + 2.5 * income_of(s.rank[c]))
        if p == me:
            mine = v
        else:
            others += v
    return mine - 0.3 * others / (s.n - 1 if s.n > 1 else 1)

cdef int heur_lookahead(const SMState* s, int me, const int* legal, int n, uint64_t* rng) noexcept nogil:
    """The action whose resulting position `heur_value` rates best (ties broken at random)."""
    cdef SMState tmp
    cdef double v, bv = -1e18
    cdef int i, best = legal[0]
    for i in range(n):
        memcpy(&tmp, s, sizeof(SMState))
        sm_apply(&tmp, legal[i])
        v = heur_value(&tmp, me) + rng_below(rng, 1000) * 1e-6
        if v > bv:
            bv = v
            best = legal[i]
    return best

cdef int heur_rounds_left(const SMState* s) noexcept nogil:
    """Settlements still to come after this round's (an estimate before the end is triggered)."""
    cdef int last = s.end_round + 1 if s.end_round else s.max_rounds + 1
    return last - s.round if last > s.round else 0

cdef int heur_risky_deposit(const SMState* s, int p) noexcept nogil:
    cdef int c
    for c in range(NCOL):
        if s.dep[p][c] > 0 and s.rank[c] < HEUR_SAFE_RANK:
            return c
    return -1

cdef bint heur_can_place(const SMState* s, int p) noexcept nogil:
    cdef int h
    if s.x_hand[p] > 0:
        return True
    for h in range(NCELLS):
        if s.loc[h] == LOC_HAND + p and not s.recv[h]:
            if s.col[h] == EMPTY or (s.col[h] < NCOL and s.cnt[h] < cell_cap(s, h)):
                return True
    return False

cdef double heur_card_use(const SMState* s, int p, int t) noexcept nogil:
    """How useful Territory card t is to p (higher: keep): X 2; a dead cell -5; else 2 per Power card
    p holds in the cell's colour plus 1 per Power card in each neighbour's colour."""
    cdef int k, c2
    cdef double score = 0.0
    if t == XCARD:
        return 2.0
    if s.col[t] == BLACK or s.cnt[t] >= 3 or (s.castle[t] and s.cnt[t] >= 2):
        return -5.0
    if s.col[t] < NCOL:
        score += 2 * ncards_col(s, p, s.col[t])
    for k in range(NNB[s.board][t]):
        c2 = s.col[NB[s.board][t][k]]
        if c2 < NCOL:
            score += ncards_col(s, p, c2)
    return score

cdef bint heur_in(const int* legal, int n, int a) noexcept nogil:
    cdef int i
    for i in range(n):
        if legal[i] == a:
            return True
    return False

cdef int heur_phase1(const SMState* s, int p, const int* legal, int n, uint64_t* rng) noexcept nogil:
    cdef int i, a, h, k, c, best = -1, bv, v, money = total_money(s, p), any_stake = 0, m
    cdef SMState tmp
    cdef int buf[SM_MAX_LEGAL]
    cdef bint castle_opt, person_opt, strong
    for c in range(NCOL):
        if ncards_col(s, p, c):
            any_stake = 1
    # Military on the strongest colour it can use it on
    bv = -1
    for i in range(n):
        a = legal[i]
        if A_MIL <= a < A_SHADOW and s.rank[a - A_MIL] > bv:
            bv = s.rank[a - A_MIL]
            best = a
    if best >= 0:
        return best
    # a black token next to kingdoms others hold power in and it does not
    if s.hand[p] < 8 or any_stake:
        bv = -1000000
        for i in range(n):
            a = legal[i]
            if a >= A_BLACK:
                h = a - A_BLACK
                v = 0
                for k in range(NNB[s.board][h]):
                    c = s.col[NB[s.board][h][k]]
                    if c < NCOL:
                        v += -3 * ncards_col(s, p, c) + 1
                if v > bv:
                    bv = v
                    best = a
        if best >= 0 and bv >= 0:
            return best
    if heur_in(legal, n, A_SHADOW) and money >= 25:
        memcpy(&tmp, s, sizeof(SMState))
        sm_apply(&tmp, A_SHADOW)
        m = sm_legal(&tmp, buf)
        castle_opt = False
        person_opt = False
        for i in range(m):
            if buf[i] >= SH_CASTLE:
                castle_opt = True
            elif buf[i] >= SH_PERSON:
                person_opt = True
        strong = False
        for c in range(NCOL):
            if ncards_col(s, p, c) and s.rank[c] >= 6:
                strong = True
        if castle_opt and strong:
            return A_SHADOW
        if money >= 35 and person_opt:
            return A_SHADOW
    if heur_in(legal, n, A_TRANSFER_P1) and heur_risky_deposit(s, p) >= 0:
        return A_TRANSFER_P1
    if heur_in(legal, n, A_SHADOW) and not heur_can_place(s, p):
        return A_SHADOW                      # rolling would only cost the decline fine
    return A_ROLL if heur_in(legal, n, A_ROLL) else legal[0]

cdef int heur_shadow(const SMState* s, int p, const int* legal, int n) noexcept nogil:
    cdef int i, a, c, best = -1, bv = -1, v, k
    cdef int order_big[4]
    cdef int order_small[4]
    order_big[0] = 2; order_big[1] = 0; order_big[2] = 3; order_big[3] = 1
    order_small[0] = 0; order_small[1] = 3; order_small[2] = 2; order_small[3] = 1
    for i in range(n):
        a = legal[i]
        if a >= SH_CASTLE:
            c = s.col[a - SH_CASTLE]
            v = ncards_col(s, p, c) * s.rank[c] if c < NCOL else 0
            if v > bv:
                bv = v
                best = a
    if best >= 0:
        c = s.col[best - SH_CASTLE]
        if c < NCOL and ncards_col(s, p, c) and s.rank[c] >= 6:
            return best
    if total_money(s, p) >= 35:
        v = 0
        for c in range(NCOL):
            if s.rank[c] > v:
                v = s.rank[c]
        for k in range(4):
            a = SH_PERSON + (order_big[k] if v >= 13 else order_small[k])
            if heur_in(legal, n, a):
                return a
    return SH_NONE

cdef int heur_lookahead_use(SMState* s, int me, const int* legal, int n, uint64_t* rng) noexcept nogil:
    """For a colour choice: the colour whose best use is best."""
    cdef SMState a1, b1
    cdef int inner[SM_MAX_LEGAL]
    cdef int i, j, m, best = legal[0]
    cdef double v, bv = -1e18, w
    for i in range(n):
        memcpy(&a1, s, sizeof(SMState))
        sm_apply(&a1, legal[i])
        m = sm_legal(&a1, inner) if sm_current_player(&a1) != TERMINAL else 0
        v = -1e18
        for j in range(m):
            memcpy(&b1, &a1, sizeof(SMState))
            sm_apply(&b1, inner[j])
            w = heur_value(&b1, me)
            if w > v:
                v = w
        if v > bv:
            bv = v
            best = legal[i]
    return best

cdef int heur_action(SMState* s, uint64_t* rng) noexcept nogil:
    """The heuristic bot's decision in s (a decision node)."""
    cdef int legal[SM_MAX_LEGAL]
    cdef int n = sm_legal(s, legal), p = s.asked, ph = s.phase, i, a, c, best, m, r, left
    cdef double v, bv, g
    if n <= 1:
        return legal[0]
    if ph == PH_P1:
        return heur_phase1(s, p, legal, n, rng)
    if ph == PH_SHADOW:
        return heur_shadow(s, p, legal, n)
    if ph == PH_PICK_DIE:
        return heur_lookahead_use(s, p, legal, n, rng)
    if ph == PH_USE:
        m = 0
        for i in range(n):
            if legal[i] != U_TRANSFER:
                legal[m] = legal[i]
                m += 1
        return heur_lookahead(s, p, legal, m if m else n, rng)
    if ph == PH_BUY:
        r = s.rank[s.cur_col]
        left = heur_rounds_left(s)
        return 1 if left * income_of(r) + r >= r + 1 and total_money(s, p) - r >= (3 if r > 3 else r) else 0
    if ph == PH_COMBO_ROLL:
        return 1
    if ph == PH_ALLOCATE:
        for a in range(3, -1, -1):           # put all / 10 / 5 / 1 in hand (ids 7 * chunk + 0)
            if heur_in(legal, n, 7 * a):
                return 7 * a
        best = legal[0]
        bv = -1.0
        for i in range(n):
            a = legal[i]
            if a % 7 == 0:
                continue
            # the best-ranked deposit; for it the largest chunk (all, 10, 5, 1): one Silver at a time
            # ended in the same place after many steps (and a line told for each)
            v = s.rank[a % 7 - 1] * 2 + 0.25 * (a // 7)
            if v > bv:
                bv = v
                best = a
        return best
    if ph == PH_TR_FROM:
        c = heur_risky_deposit(s, p)
        if c >= 0 and heur_in(legal, n, 1 + c):
            return 1 + c
        return legal[0]
    if ph == PH_TR_TO:
        if heur_in(legal, n, 0):
            return 0
        best = legal[0]
        for i in range(n):
            if s.rank[legal[i] - 1] > s.rank[best - 1]:
                best = legal[i]
        return best
    if ph == PH_TR_AMOUNT:
        return legal[n - 1]
    if ph == PH_SETTLE_SELL:
        left = heur_rounds_left(s)
        best = 0
        bv = 0.0
        for i in range(1, n):
            a = legal[i]
            c = (a - 1) // NTYPES
            g = 3 - left * income_of(s.rank[c]) + (-5 if (a - 1) % NTYPES == T_LAND else 0)
            if g > bv:
                bv = g
                best = a
        return best
    if ph == PH_FORCED_SELL:
        best = legal[0]
        for i in range(n):
            if s.rank[legal[i] // NTYPES] < s.rank[best // NTYPES]:
                best = legal[i]
        return best
    if ph == PH_DISCARD:
        best = legal[0]
        bv = heur_card_use(s, p, best)
        for i in range(1, n):
            v = heur_card_use(s, p, legal[i])
            if v < bv:
                bv = v
                best = legal[i]
        return best
    if ph == PH_EXCHANGE:
        if total_money(s, p) >= 4:
            best = -1
            bv = 1e18
            for i in range(n):
                if legal[i] >= EX_DISCARD:
                    v = heur_card_use(s, p, legal[i] - EX_DISCARD)
                    if v < bv:
                        bv = v
                        best = legal[i]
            if best >= 0 and bv < 0:
                return best
        return EX_END
    if ph == PH_TAKE:
        best = 0 if heur_in(legal, n, 0) else legal[0]
        bv = 0.5
        for i in range(n):
            a = legal[i]
            if a == 0:
                continue
            v = heur_card_use(s, p, s.row[a - 1]) + s.row_silver[a - 1] - (a - 1)
            if v > bv:
                bv = v
                best = a
        return best
    return heur_lookahead(s, p, legal, n, rng)   # alliance space, Lord Theron, targets, removals

cdef void sm_heuristic_playout(SMState* s, uint64_t* rng) noexcept nogil:
    """The game played out by the heuristic bot at every seat."""
    cdef int cp
    while True:
        cp = sm_current_player(s)
        if cp == TERMINAL:
            return
        if cp == CHANCE:
            sm_sample_chance(s, rng)
        else:
            sm_apply(s, heur_action(s, rng))


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

cdef double belief_loglik(const SMState* s, int seat, const double* table) noexcept nogil:
    """log of the product of table[q * NCARDT + t] over the cards t hidden from `seat` in the hands
    of the other seats q (the belief's likelihood of this deal; weights <= 1e-300 count as 1e-300)."""
    cdef double tot = 0.0, w
    cdef int h, q
    for h in range(NCELLS):
        if s.loc[h] >= LOC_HAND and not s.known[h]:
            q = s.loc[h] - LOC_HAND
            if q != seat:
                w = table[q * NCARDT + h]
                tot += log(w if w > 1e-300 else 1e-300)
    for q in range(s.n):
        if q != seat and s.x_hand[q] > s.x_known[q]:
            w = table[q * NCARDT + XCARD]
            tot += (s.x_hand[q] - s.x_known[q]) * log(w if w > 1e-300 else 1e-300)
    return tot

cdef enum:
    BELIEF_PROPOSALS = 4     # independence proposals per belief sweep

cdef void sm_belief_step(SMState* s, int seat, const double* table, uint64_t* rng) noexcept nogil:
    """The search's belief hook: a few independence Metropolis-Hastings steps whose proposals are
    uniform re-deals of what `seat` cannot see (seat < 0: what no one sees), accepted by the
    likelihood ratio of the deals under `table` -- so the chain's stationary law is the uniform deal
    weighted by the table.  It also switches the search abstractions of the game on in the world
    (abs_on = opt_abs): worlds only the search plays in prune their legal actions."""
    cdef SMState prop
    cdef double cur, new
    cdef int i
    s.abs_on = s.opt_abs
    cur = belief_loglik(s, seat, table)
    for i in range(BELIEF_PROPOSALS):
        memcpy(&prop, s, sizeof(SMState))
        sm_determinize(&prop, seat, rng)
        new = belief_loglik(&prop, seat, table)
        if new >= cur or rng_unit(rng) < exp(new - cur):
            memcpy(s, &prop, sizeof(SMState))
            cur = new

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
cdef const char* sm_validate(const SMState* s) noexcept nogil:
    cdef int h, c, t, p, on, xs, nd = 0, nc = 0, tot
    cdef int hs[MAXP]
    cdef int tok[NCOL]
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
    if s.phase == PH_C_SHOW and (s.show_for != s.asked or s.hsize[s.asked] == 0):
        return "a card show due without cards to show"
    for p in range(s.n):
        if not s.alive[p] and s.hsize[p] > 0 and p != s.show_for:
            return "an eliminated seat still holds Territory cards"
    if s.row_len > ROWMAX:
        return "open row too long"
    for p in range(MAXP):
        hs[p] = 0
    for c in range(NCOL):
        tok[c] = s.supply[c] + (1 if s.xspace[c] else 0)
    on = s.black_supply
    for h in range(NCELLS):
        if (s.col[h] == OFF) != (not ACTIVE[s.board][h]):
            return "cell activity does not match the board"
        if s.col[h] > OFF:
            return "bad cell colour"
        if s.col[h] == BLACK:
            on += 1
        if s.col[h] < NCOL:
            tok[s.col[h]] += s.cnt[h]
        if s.col[h] < NCOL and not (1 <= s.cnt[h] <= cell_cap(s, h)):
            return "bad token count on a coloured cell"
        if s.col[h] >= NCOL and s.cnt[h] != 0:
            return "tokens on a cell without colour"
        if s.castle[h] and (s.castle[h] > NCASTLES or s.castle_cell[s.castle[h] - 1] != h):
            return "castle bookkeeping broken"
        if ACTIVE[s.board][h]:
            if s.loc[h] == LOC_DRAW:
                nd += 1
            elif s.loc[h] == LOC_DISCARD:
                nc += 1
            elif s.loc[h] >= LOC_HAND:
                if s.loc[h] - LOC_HAND >= s.n:
                    return "card in a hand beyond the players"
                hs[s.loc[h] - LOC_HAND] += 1
        elif s.loc[h] != LOC_OFF:
            return "card of an inactive cell"
    if on != s.black_total:
        return "black tokens not conserved"
    for c in range(NCOL):
        if tok[c] != 30:
            return "coloured tokens not conserved"
    xs = s.x_draw + s.x_disc
    for p in range(s.n):
        xs += s.x_hand[p]
        if s.x_known[p] > s.x_hand[p]:
            return "more known X cards than X cards"
        if hs[p] + s.x_hand[p] != s.hsize[p]:
            return "hand size does not match"
        if s.hand[p] < 0 or s.hand[p] > 10 or s.pend[p] < 0 or s.debt[p] < 0:
            return "bad hand money"
        for c in range(NCOL):
            if s.dep[p][c] < 0:
                return "negative deposit"
    for h in range(s.row_len):
        if s.row[h] == XCARD:
            xs += 1
        elif s.row[h] >= NCELLS or s.loc[s.row[h]] != LOC_OFF:
            return "bad open-row card"
    if xs != s.n_x:
        return "X cards not conserved"
    if nd + s.x_draw != s.ndraw or nc + s.x_disc != s.ndisc:
        return "pile sizes do not match"
    for p in range(s.n):
        tot = 0
        for c in range(NCOL):
            tot += ncards_col(s, p, c)
        if tot != s.npow[p] or ntype(s, p, T_LAND) != s.nland[p]:
            return "Power card counts out of date"
    for c in range(NCOL):
        for t in range(NTYPES):
            tot = s.deck[c][t]
            for p in range(s.n):
                tot += s.hold[p][c][t]
            if tot != (2 if t == T_FAITH or t == T_LAND else 1):
                return "Power cards not conserved"
    return NULL


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


# --- Python face ----------------------------------------------------------------------------------------------------
cdef class ShadowMasterCore(KernelState):
    """One Shadow Master state.  Thin: the rules live in the C functions above.

    ``ShadowMasterCore(n, ...)`` is a new game before the deal; most code goes through
    :mod:`intrigue.engine.shadow_master` instead, which checks options and speaks the notation.
    """

    def __cinit__(self):
        self.vt = &SM_VT
        self.ptr = &self.st

    def __init__(self, int n=4, bint territory_combo=True, bint power_combos=True, bint persons=True,
                 bint castles=True, int alliance_spaces=1, int max_rounds=30, int search_abstraction=0,
                 int search_rollout=0):
        if not 3 <= n <= 6:
            raise ValueError(f"Shadow Master is for 3 to 6 players, not {n}")
        if alliance_spaces not in (1, 2) or not 1 <= max_rounds <= 250:
            raise ValueError("alliance_spaces must be 1 or 2 and max_rounds 1..250")
        if not 0 <= search_abstraction <= ABS_ALL:
            raise ValueError(f"search_abstraction must be 0..{ABS_ALL} (bits: 1 money, 2 removal order, 4 cells)")
        if search_rollout not in (0, 1):
            raise ValueError("search_rollout must be 0 (rule of thumb) or 1 (heuristic bot)")
        sm_init(&self.st, n, territory_combo, power_combos, persons, castles, alliance_spaces, max_rounds)
        self.st.opt_abs = search_abstraction
        self.st.opt_roll = search_rollout

    @property
    def rolled(self):
        """1 if the colour of this turn's use came from a roll."""
        return self.st.rolled

    def place_targets(self, int p, int c):
        """Cells where seat p could put one token of colour c now if it held their Territory card
        (the public half of the placement rules: the cell takes the token, supply and money suffice)."""
        out = []
        if self.st.supply[c] < 1 or total_money(&self.st, p) < place_cost(&self.st, p, c, 1):
            return out
        for h in range(NCELLS):
            if self.st.loc[h] != LOC_OFF and cell_takes(&self.st, h, c, 1):
                out.append(h)
        return out

    def hidden_count(self, int p):
        """Territory cards of p that the other seats cannot name (blind draws, X included)."""
        cdef int h, k = self.st.x_hand[p] - self.st.x_known[p]
        for h in range(NCELLS):
            if self.st.loc[h] == LOC_HAND + p and not self.st.known[h]:
                k += 1
        return k

    def set_search_world(self, bint on=True):
        """Switch this state's search abstractions on (as the search's belief hook does in its
        worlds: ``abs_on = opt_abs``) or off; for tests and analysis."""
        self.st.abs_on = self.st.opt_abs if on else 0

    def belief_sample(self, int seat, table, int samples=200, seed=0):
        """Run the belief chain from this state (after a uniform re-deal) and count, per seat and
        Territory card type, in how many of ``samples`` sweeps that seat holds the card hidden from
        ``seat``: ``counts[q][t]`` (a list of MAXP lists of NCARDT ints)."""
        cdef double tab[BELIEF_SIZE]
        cdef SMState w
        cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
        cdef int i, h, q
        if len(table) != BELIEF_SIZE:
            raise ValueError(f"the belief table has {BELIEF_SIZE} weights")
        for i in range(BELIEF_SIZE):
            tab[i] = float(table[i])
        counts = [[0] * NCARDT for _ in range(MAXP)]
        w = self.st
        sm_determinize(&w, seat, &rng)
        for i in range(samples):
            sm_belief_step(&w, seat, tab, &rng)
            for h in range(NCELLS):
                if w.loc[h] >= LOC_HAND and not w.known[h] and w.loc[h] - LOC_HAND != seat:
                    counts[w.loc[h] - LOC_HAND][h] += 1
            for q in range(w.n):
                if q != seat:
                    counts[q][XCARD] += w.x_hand[q] - w.x_known[q]
        return counts

    # read-only views of the struct for the engine layer (notation, display, tests) ---------------------
    @property
    def phase(self):
        return self.st.phase

    @property
    def asked(self):
        return self.st.asked

    @property
    def active(self):
        return self.st.active

    @property
    def draw_for(self):
        return self.st.draw_for

    @property
    def cur_col(self):
        return self.st.cur_col

    @property
    def theron_src(self):
        return self.st.theron_src

    @property
    def tr_from(self):
        return self.st.tr_from

    @property
    def tr_to(self):
        return self.st.tr_to

    @property
    def round(self):
        return self.st.round

    @property
    def first_player(self):
        return self.st.fp

    @property
    def board(self):
        return self.st.board

    @property
    def over(self):
        return bool(self.st.over)

    def candidates(self):
        """The listed attack targets: ``[(kind, cell, removals)]``, kind 0 capture, 1 battle, 2 siege."""
        return [(self.st.cand_type[i], self.st.cand_cell[i], self.st.cand_m[i]) for i in range(self.st.n_cand)]

    def cells(self):
        """``[(colour code, tokens, castle piece or -1)]`` per cell id; colour 0-5, 6 black, 7 empty, 8 off."""
        return [(self.st.col[h], self.st.cnt[h], self.st.castle[h] - 1) for h in range(NCELLS)]

    def received(self):
        return [bool(self.st.recv[h]) for h in range(NCELLS)]

    def ranks(self):
        return [self.st.rank[c] for c in range(NCOL)]

    def supply(self):
        return [self.st.supply[c] for c in range(NCOL)]

    def alliance(self):
        return [self.st.xspace[c] for c in range(NCOL)]

    def row(self):
        return [(self.st.row[i], self.st.row_silver[i]) for i in range(self.st.row_len)]

    def hand_cards(self, int p):
        """Seat p's Territory cards, types ascending (X = 70 repeated) -- hidden information!"""
        out = [h for h in range(NCELLS) if self.st.loc[h] == LOC_HAND + p]
        return out + [XCARD] * self.st.x_hand[p]

    def known_cards(self, int p):
        """Seat p's cards that everyone knows about (taken from the open row)."""
        out = [h for h in range(NCELLS) if self.st.loc[h] == LOC_HAND + p and self.st.known[h]]
        return out + [XCARD] * self.st.x_known[p]

    def hand_size(self, int p):
        return self.st.hsize[p]

    def draw_size(self):
        return self.st.ndraw

    def discard_pile(self):
        out = [h for h in range(NCELLS) if self.st.loc[h] == LOC_DISCARD]
        return out + [XCARD] * self.st.x_disc

    def power(self, int p):
        """``{(colour, type): count}`` of seat p's Power cards (public)."""
        return {(c, t): self.st.hold[p][c][t] for c in range(NCOL) for t in range(NTYPES) if self.st.hold[p][c][t]}

    def deck(self, int c):
        return [self.st.deck[c][t] for t in range(NTYPES)]

    def money(self, int p):
        """``(hand, [deposit per colour], pending receipts, debt)``."""
        return (self.st.hand[p], [self.st.dep[p][c] for c in range(NCOL)], self.st.pend[p], self.st.debt[p])

    def total_money(self, int p):
        return total_money(&self.st, p)

    def power_limit(self, int p):
        return power_limit(&self.st, p)

    def territory_limit(self, int p):
        return terr_limit(&self.st, p)

    def income(self, int p):
        return sum(income_of(self.st.rank[c]) * ncards_col(&self.st, p, c) for c in range(NCOL))

    def score(self, int p):
        return score_of(&self.st, p)

    def persons(self):
        return [None if self.st.person[i] == NONE8 else self.st.person[i] for i in range(NPERSONS)]

    def castles(self):
        """``[(owner or None, cell or None)]`` per castle piece."""
        return [(None if self.st.castle_owner[i] == NONE8 else self.st.castle_owner[i],
                 None if self.st.castle_cell[i] == NONE8 else self.st.castle_cell[i]) for i in range(NCASTLES)]

    def alive(self, int p):
        return bool(self.st.alive[p])

    def elimination_order(self):
        return [self.st.elim_rank[p] for p in range(self.st.n)]

    def flags(self):
        return {"a6": bool(self.st.a6), "b5": bool(self.st.b5),
                "milestones": [None if self.st.ms_col[i] == NONE8 else self.st.ms_col[i]
                               for i in range(self.st.ms_total)],
                "end_round": self.st.end_round or None, "black_supply": self.st.black_supply,
                "end_trigger": [None, "empty_cells", "rank_30", "two_supplies", "round_cap"][self.st.end_why],
                "collapses": self.st.n_collapse,
                "transfer_used": [bool(self.st.transfer_used[p]) for p in range(self.st.n)],
                "exchanges_left": self.st.exch_left, "takes_left": self.st.take_left,
                "reveals_left": self.st.reveal_left, "removals_left": self.st.rem_left,
                "dice": self.st.dice_mask, "rolled": bool(self.st.rolled)}

    def bank_flow(self):
        """``(paid to the bank, paid by the bank)`` since the start (for the accounting check)."""
        return (self.st.bank_in, self.st.bank_out)

    def attack_cell(self):
        return self.st.atk_cell

    # scenario helpers for tests (they keep every conservation law) -------------------------------------
    def set_cell(self, int h, int colour, int count=1):
        """Put ``count`` tokens of ``colour`` (0-5; 6 black; 7 empty) on cell h, to or from supply."""
        if not (0 <= h < NCELLS) or self.st.col[h] == OFF:
            raise ValueError(f"cell {h} is not on this board")
        old = self.st.col[h]
        if old < NCOL:
            self.st.supply[old] += self.st.cnt[h]
        elif old == BLACK:
            self.st.black_supply += 1
        self.st.col[h] = EMPTY
        self.st.cnt[h] = 0
        if colour < NCOL:
            if count < 1 or count > cell_cap(&self.st, h) or self.st.supply[colour] < count:
                raise ValueError("bad token count")
            self.st.col[h] = colour
            self.st.cnt[h] = count
            self.st.supply[colour] -= count
        elif colour == BLACK:
            self.st.col[h] = BLACK
            self.st.black_supply -= 1
        recompute_ranks(&self.st)
        for c in range(NCOL):
            self.st.was_on[c] = 1 if self.st.rank[c] > 0 else 0

    def set_castle(self, int h, int owner):
        """Stand a free castle piece, held by ``owner``, on cell h."""
        i = free_castle(&self.st)
        if i < 0:
            raise ValueError("no castle left")
        self.st.castle[h] = i + 1
        self.st.castle_cell[i] = h
        self.st.castle_owner[i] = owner

    def set_alliance(self, int c, int space):
        if self.st.xspace[c]:
            self.st.supply[c] += 1
        self.st.xspace[c] = space
        if space:
            self.st.supply[c] -= 1

    def give_card(self, int p, int t, bint known=False):
        """Move Territory card t (a cell id, or 70 for an X) from a pile or another hand to seat p."""
        if t == XCARD:
            if self.st.x_draw == 0 and self.st.x_disc == 0:
                raise ValueError("no X card in the piles")
            if self.st.x_draw == 0:
                self.st.x_disc -= 1
                self.st.x_draw += 1
                self.st.ndisc -= 1
                self.st.ndraw += 1
        elif not (0 <= t < NCELLS) or self.st.loc[t] == LOC_OFF:
            raise ValueError(f"card {t} is not in a pile or a hand")
        elif self.st.loc[t] >= LOC_HAND:
            self.st.hsize[self.st.loc[t] - LOC_HAND] -= 1
            self.st.loc[t] = LOC_DRAW
            self.st.known[t] = 0
            self.st.ndraw += 1
        elif self.st.loc[t] == LOC_DISCARD:
            self.st.loc[t] = LOC_DRAW
            self.st.ndisc -= 1
            self.st.ndraw += 1
        take_from_draw(&self.st, t)
        card_to_hand(&self.st, p, t, known)

    def drop_card(self, int p, int t):
        """Seat p discards card t face up (no fee)."""
        if not has_card(&self.st, p, t):
            raise ValueError("not held")
        discard_card(&self.st, p, t)

    def give_power(self, int p, int c, int t):
        """Move a (colour, type) Power card from its deck to seat p."""
        if self.st.deck[c][t] == 0:
            raise ValueError("deck empty")
        self.st.deck[c][t] -= 1
        hold_add(&self.st, p, c, t, 1)

    def set_money(self, int p, int hand, deposits=None):
        """Set p's hand and deposits; the difference comes from / goes to the bank (and is counted)."""
        before = total_money(&self.st, p)
        self.st.hand[p] = hand
        for c in range(NCOL):
            self.st.dep[p][c] = 0 if deposits is None else int(deposits[c])
        delta = total_money(&self.st, p) - before
        if delta > 0:
            self.st.bank_out += delta
        else:
            self.st.bank_in -= delta

    def give_person(self, int i, int p):
        self.st.person[i] = p

    def set_flags(self, a6=None, round=None, end_round=None):
        if a6 is not None:
            self.st.a6 = 1 if a6 else 0
        if round is not None:
            self.st.round = round
        if end_round is not None:
            self.st.end_round = end_round


def playouts(int n, int count, seed=0, **options):
    """Run ``count`` random playouts of an ``n``-player game from the start (the benchmark kernel).

    Returns ``(rounds played, decisions made)`` in total, so the work cannot be optimised away.
    """
    cdef ShadowMasterCore start = ShadowMasterCore(n, **options)
    cdef SMState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long rounds = 0, decisions = 0
    cdef int i, cp, m
    cdef int buf[SM_MAX_LEGAL]
    with nogil:
        for i in range(count):
            s = start.st
            while True:
                cp = sm_current_player(&s)
                if cp == TERMINAL:
                    break
                if cp == CHANCE:
                    sm_sample_chance(&s, &rng)
                else:
                    m = sm_legal(&s, buf)
                    sm_apply(&s, buf[rng_below(&rng, m)])
                    decisions += 1
            rounds += s.round
    return rounds, decisions


def policy_playouts(int n, int count, seed=0, **options):
    """``count`` playouts with the rollout policy; returns ``(rounds, seat wins)`` in total."""
    cdef ShadowMasterCore start = ShadowMasterCore(n, **options)
    cdef SMState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long rounds = 0
    cdef int i
    with nogil:
        for i in range(count):
            s = start.st
            sm_policy_playout(&s, &rng)
            rounds += s.round
    return rounds


def balance_report(int n, long long games, seed=0, player="heuristic", **options):
    """Games between ``player`` bots at every seat (``heuristic``: the heuristic bot; ``policy``: the
    search's rollout rule of thumb): win shares by seat and by place in the first round's order,
    rounds, which trigger ended the game, collapses and bankruptcies."""
    if player not in ("heuristic", "policy"):
        raise ValueError(f"player must be 'heuristic' or 'policy', not {player!r}")
    cdef bint heur = player == "heuristic"
    cdef ShadowMasterCore start = ShadowMasterCore(n, **options)
    cdef SMState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef double seat_w[MAXP]
    cdef double order_w[MAXP]
    cdef double out[MAXP]
    cdef long long why[6]
    cdef long long rounds = 0, collapses = 0, games_collapse = 0, elims = 0, games_elim = 0, lone = 0
    cdef long long g
    cdef int p, k
    for p in range(MAXP):
        seat_w[p] = 0.0
        order_w[p] = 0.0
    for p in range(6):
        why[p] = 0
    with nogil:
        for g in range(games):
            s = start.st
            if heur:
                sm_heuristic_playout(&s, &rng)
            else:
                sm_policy_playout(&s, &rng)
            sm_returns(&s, out)
            for p in range(n):
                seat_w[p] += out[p]
                order_w[(p - s.first0 + n) % n] += out[p]
            rounds += s.round
            if n_alive(&s) == 1:
                lone += 1
            else:
                why[s.end_why] += 1
            collapses += s.n_collapse
            games_collapse += 1 if s.n_collapse else 0
            elims += s.n_elim
            games_elim += 1 if s.n_elim else 0
    return {"games": games, "win_by_seat": [seat_w[p] / games for p in range(n)],
            "win_by_order": [order_w[p] / games for p in range(n)], "rounds": rounds / <double>games,
            "end": {"empty_cells": why[1], "rank_30": why[2], "two_supplies": why[3], "round_cap": why[4],
                    "last_player_left": lone},
            "collapses_per_game": collapses / <double>games, "games_with_collapse": games_collapse / <double>games,
            "bankruptcies_per_game": elims / <double>games, "games_with_bankruptcy": games_elim / <double>games}


def heuristic_choice(ShadowMasterCore core, seed=0):
    """The heuristic bot's action in ``core`` (a decision node; reads only the deciding seat's hand
    and public facts, so the seat's canonical information state gives the same choice)."""
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef SMState s = core.st
    if sm_current_player(&s) < 0:
        raise ValueError("no decision is due")
    return heur_action(&s, &rng)


def policy_choice(ShadowMasterCore core, seed=0):
    """The rollout policy's action in ``core`` (a decision node)."""
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef SMState s = core.st
    if sm_current_player(&s) < 0:
        raise ValueError("no decision is due")
    return policy_action(&s, &rng)


# --- property checks over many random games, at C speed ---------------------------------------------------------------
cdef enum:
    V_MONEY = 0
    V_TOKENS = 1
    V_VALID = 2
    V_NO_LEGAL = 3
    V_CHANCE_ODDS = 4
    V_HIDDEN = 5
    V_NO_END = 6
    V_ROUND_TRIP = 7
    NV = 8

VIOLATIONS = ["money_not_accounted", "tokens_not_conserved", "invalid_state", "no_legal_action",
              "chance_odds_not_one", "canonical_view_sees_hidden_cards", "game_does_not_end",
              "encode_decode_round_trip"]


cdef int check_state(SMState* s, int start_money, uint64_t* rng, bint deep, int nlegal) noexcept nogil:
    """Bit mask of properties violated by s (``nlegal``: its number of legal actions).  Money:
    players' holdings + skip Silver on the row = start money + paid out by the bank - paid in.
    Tokens: on cells + in X + supply = 30 per colour, black on board + supply = total.  Hidden
    (``deep``): determinizing for a random seat and canonicalizing gives the same struct as
    canonicalizing the truth, so the canonical view depends on nothing the seat cannot see.  Round
    trip: the struct's bytes decode to a valid, identical state."""
    cdef int bad = 0, p, c, h, i, seat, black = 0
    cdef int on[NCOL]
    cdef int64_t money = 0
    cdef int buf[SM_MAX_LEGAL]
    cdef double odds
    cdef SMState a, b
    cdef uint8_t raw[4096]
    for p in range(s.n):
        money += total_money(s, p)
    for i in range(s.row_len):
        money += s.row_silver[i]
    if money != start_money + s.bank_out - s.bank_in:
        bad |= 1 << V_MONEY
    for c in range(NCOL):
        on[c] = s.supply[c] + (1 if s.xspace[c] else 0)
    for h in range(NCELLS):
        if s.col[h] < NCOL:
            on[s.col[h]] += s.cnt[h]
        elif s.col[h] == BLACK:
            black += 1
    for c in range(NCOL):
        if on[c] != 30:
            bad |= 1 << V_TOKENS
    if black + s.black_supply != s.black_total:
        bad |= 1 << V_TOKENS
    p = sm_current_player(s)
    if (p >= 0 or p == CHANCE) and nlegal == 0:
        bad |= 1 << V_NO_LEGAL
    if p == CHANCE:
        nlegal = sm_legal(s, buf)
        odds = 0.0
        for i in range(nlegal):
            odds += sm_chance_probability(s, buf[i])
        if odds < 1.0 - 1e-9 or odds > 1.0 + 1e-9:
            bad |= 1 << V_CHANCE_ODDS
    memcpy(raw, s, sizeof(SMState))                     # encode: the struct's bytes
    memcpy(&a, raw, sizeof(SMState))                    # decode: back into a struct, checked
    if sm_validate(&a) != NULL:
        bad |= 1 << V_VALID
    if memcmp(&a, s, sizeof(SMState)) != 0:
        bad |= 1 << V_ROUND_TRIP
    if deep:
        seat = rng_below(rng, s.n)
        a = s[0]
        b = s[0]
        sm_determinize(&a, seat, rng)
        if sm_validate(&a) != NULL:
            bad |= 1 << V_VALID
        sm_canonicalize(&a, seat)
        sm_canonicalize(&b, seat)
        if memcmp(&a, &b, sizeof(SMState)) != 0:
            bad |= 1 << V_HIDDEN
    return bad


def check_random_games(int players, long long games, seed=0, int deep_every=1, **options):
    """Play ``games`` uniformly random games and check every visited state (the hidden-information
    check on every ``deep_every``-th state).

    Returns ``{"games", "steps", "decisions", "rounds", "violations": {name: count},
    "first": (game, step, [names]) or None}``.
    """
    cdef ShadowMasterCore start = ShadowMasterCore(players, **options)
    cdef SMState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long g, steps = 0, decisions = 0, rounds = 0, step, limit = 2000000
    cdef long long counts[NV]
    cdef long long first_game = -1, first_step = -1
    cdef int first_bits = 0, bad, v, n, cp, start_money = 10 * players
    cdef int buf[SM_MAX_LEGAL]
    for v in range(NV):
        counts[v] = 0
    with nogil:
        for g in range(games):
            s = start.st
            step = 0
            n = sm_legal(&s, buf)
            bad = check_state(&s, start_money, &rng, True, n)
            while True:
                if bad:
                    for v in range(NV):
                        if bad & (1 << v):
                            counts[v] += 1
                    if first_game < 0:
                        first_game = g
                        first_step = step
                        first_bits = bad
                cp = sm_current_player(&s)
                if cp == TERMINAL:
                    break
                if step >= limit:
                    counts[V_NO_END] += 1
                    if first_game < 0:
                        first_game = g
                        first_step = step
                        first_bits = 1 << V_NO_END
                    break
                if cp == CHANCE:
                    sm_sample_chance(&s, &rng)
                else:
                    if n == 0:
                        break
                    sm_apply(&s, buf[rng_below(&rng, n)])
                    decisions += 1
                step += 1
                n = sm_legal(&s, buf)
                bad = check_state(&s, start_money, &rng, deep_every > 0 and step % deep_every == 0, n)
            steps += step
            rounds += s.round
    first = None
    if first_game >= 0:
        first = (first_game, first_step, [VIOLATIONS[v] for v in range(NV) if first_bits & (1 << v)])
    return {"games": games, "steps": steps, "decisions": decisions, "rounds": rounds,
            "violations": {VIOLATIONS[v]: counts[v] for v in range(NV)}, "first": first}


# Python-visible constants, for the engine layer and tests
CONST = dict(
    NCOL=NCOL, NCELLS=NCELLS, XCARD=XCARD, NTYPES=NTYPES, NUM_ACTIONS=NUM_ACTIONS, MAX_LEGAL=SM_MAX_LEGAL,
    BLACK=BLACK, EMPTY=EMPTY, OFF=OFF,
    PH_C_DEAL=PH_C_DEAL, PH_C_REVEAL=PH_C_REVEAL, PH_C_FIRST=PH_C_FIRST, PH_C_DICE=PH_C_DICE,
    PH_C_POWER=PH_C_POWER, PH_P1=PH_P1, PH_PICK_DIE=PH_PICK_DIE, PH_USE=PH_USE, PH_ALLY_SPACE=PH_ALLY_SPACE,
    PH_THERON_SRC=PH_THERON_SRC, PH_THERON_DST=PH_THERON_DST, PH_TARGET=PH_TARGET, PH_REMOVE=PH_REMOVE,
    PH_BUY=PH_BUY, PH_COMBO_ROLL=PH_COMBO_ROLL, PH_SHADOW=PH_SHADOW, PH_TAKE=PH_TAKE, PH_EXCHANGE=PH_EXCHANGE,
    PH_TR_FROM=PH_TR_FROM, PH_TR_TO=PH_TR_TO, PH_TR_AMOUNT=PH_TR_AMOUNT, PH_ALLOCATE=PH_ALLOCATE,
    PH_SETTLE_SELL=PH_SETTLE_SELL, PH_FORCED_SELL=PH_FORCED_SELL, PH_DISCARD=PH_DISCARD, PH_OVER=PH_OVER, PH_C_SHOW=PH_C_SHOW,
    A_ROLL=A_ROLL, A_MIL=A_MIL, A_SHADOW=A_SHADOW, A_TRANSFER_P1=A_TRANSFER_P1, A_BLACK=A_BLACK,
    U_PLACE=U_PLACE, U_COMBO=U_COMBO, U_ALLY=U_ALLY, U_THERON=U_THERON, U_TURN=U_TURN, U_ENVOY=U_ENVOY,
    U_DECLINE=U_DECLINE, U_TRANSFER=U_TRANSFER, SH_NONE=SH_NONE, SH_PERSON=SH_PERSON, SH_CASTLE=SH_CASTLE,
    EX_END=EX_END, EX_TRANSFER=EX_TRANSFER, EX_DISCARD=EX_DISCARD, AMOUNT_ALL=AMOUNT_ALL,
    CAND_CAPTURE=CAND_CAPTURE, CAND_BATTLE=CAND_BATTLE, CAND_SIEGE=CAND_SIEGE,
    ABS_MONEY=ABS_MONEY, ABS_REMOVE=ABS_REMOVE, ABS_CELLS=ABS_CELLS, ABS_ALL=ABS_ALL, BELIEF_SIZE=BELIEF_SIZE,
    NCARDT=NCARDT, MAXP=MAXP,
)


def neighbours(int board, int h):
    """Active neighbours of cell h on a board mask (0: 3 players, 1: 4, 2: 5-6)."""
    return [NB[board][h][k] for k in range(NNB[board][h])]


def is_active(int board, int h):
    return bool(ACTIVE[board][h])


def is_edge(int board, int h):
    return bool(EDGE[board][h])


def distance(int a, int b):
    return cell_dist(a, b)


def income(int r):
    return income_of(r)


def damage(int n):
    return damage_of(n)


def dice_probability(int colours, int dice):
    return dice_prob(colours, dice)
