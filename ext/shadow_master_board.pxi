# The board: its tables (one per player count), distances, flood fills and ranks, the alliance
# spaces, the placement rules (section 9) and attacks (section 10).  Included by
# shadow_master_core.pyx.


# --- board tables (one per board mask) --------------------------------------------------------------
cdef uint8_t ACTIVE[3][NCELLS]
cdef int NEIGHBOUR[3][NCELLS][6]
cdef uint8_t N_NEIGHBOURS[3][NCELLS]
cdef uint8_t EDGE[3][NCELLS]
cdef int PRICE_PERSON[4]
cdef int ALLOC_CHUNK[CHUNK_ALL + 1]

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
            N_NEIGHBOURS[b][h] = 0
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
                    NEIGHBOUR[b][h][N_NEIGHBOURS[b][h]] = 14 * rr + qq
                    N_NEIGHBOURS[b][h] += 1
            EDGE[b][h] = 1 if N_NEIGHBOURS[b][h] < 6 else 0
    PRICE_PERSON[:] = [15, 20, 10, 10]
    ALLOC_CHUNK[:] = [1, 5, 10, 1000000]

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


cdef inline int alliance_mask(const SMState* s, int c) noexcept nogil:
    cdef int d, m = 1 << c
    if s.alliance[c]:
        for d in range(NCOL):
            if s.alliance[d] == s.alliance[c]:
                m |= 1 << d
    return m

cdef inline int cell_cap(const SMState* s, int h) noexcept nogil:
    return 2 if s.castle[h] else 3

cdef int flood_fill(const SMState* s, int start, int cmask, uint8_t* mark, int label, int* cells) noexcept nogil:
    """Flood fill from ``start`` over cells whose colour is in ``cmask``; marks them with ``label``
    and lists them in ``cells``; returns their number."""
    cdef int head = 0, tail = 0, h, k, g
    mark[start] = label
    cells[tail] = start
    tail += 1
    while head < tail:
        h = cells[head]
        head += 1
        for k in range(N_NEIGHBOURS[s.board][h]):
            g = NEIGHBOUR[s.board][h][k]
            if mark[g] == 0 and s.colour[g] < NCOL and (cmask >> s.colour[g]) & 1:
                mark[g] = label
                cells[tail] = g
                tail += 1
    return tail

cdef void recompute_rank(SMState* s, int c) noexcept nogil:
    """rank[c] from the board: the size of colour c's largest group."""
    cdef uint8_t mark[NCELLS]
    cdef int cells[NCELLS]
    cdef int members[NCELLS]
    cdef int n = cells_where(s.colour, c, members), i, k, best = 0
    memset(mark, 0, NCELLS)
    for i in range(n):
        if mark[members[i]] == 0:
            k = flood_fill(s, members[i], 1 << c, mark, 1, cells)
            if k > best:
                best = k
    s.rank[c] = best

cdef void recompute_ranks(SMState* s) noexcept nogil:
    """Every colour's rank from the board (after a change the rules did not make, e.g. a scenario's)."""
    cdef int c
    for c in range(NCOL):
        recompute_rank(s, c)

cdef void grow_rank(SMState* s, int c, int h) noexcept nogil:
    """Cell h has just become colour c: it joins the c groups around it into one, which may be the
    largest (no other group of any colour changed, so the other ranks stand)."""
    cdef uint8_t mark[NCELLS]
    cdef int cells[NCELLS]
    cdef int k
    memset(mark, 0, NCELLS)
    k = flood_fill(s, h, 1 << c, mark, 1, cells)
    if k > s.rank[c]:
        s.rank[c] = k

cdef inline int strength(const SMState* s, const int* cells, int k) noexcept nogil:
    cdef int i, t = 0
    for i in range(k):
        t += s.tokens[cells[i]]
    return t

cdef inline int neighbours_marked(const SMState* s, int h, const uint8_t* mark, int label) noexcept nogil:
    cdef int k, m = 0
    for k in range(N_NEIGHBOURS[s.board][h]):
        if mark[NEIGHBOUR[s.board][h][k]] == label:
            m += 1
    return m

cdef inline int empty_cells(const SMState* s) noexcept nogil:
    return count_where(s.colour, EMPTY)

cdef inline int blacks_on_board(const SMState* s) noexcept nogil:
    return s.black_total - s.black_supply


# --- the alliance space ------------------------------------------------------------------------------------
cdef inline bint toggle_legal(const SMState* s, int c) noexcept nogil:
    return s.alliance[c] != 0 or (s.rank[c] >= 1 and s.supply[c] >= 1)

cdef void ally_put(SMState* s, int c, int space) noexcept nogil:
    cdef int d, k = 0
    s.alliance[c] = space
    s.supply[c] -= 1
    s.tokens_placed += 1
    for d in range(NCOL):
        if s.alliance[d] == space:
            k += 1
    if k >= 4:                                 # alliance reset
        for d in range(NCOL):
            if s.alliance[d] == space:
                s.alliance[d] = 0
                s.supply[d] += 1


# --- placement legality (section 9) ------------------------------------------------------------------------
cdef inline int place_cost(const SMState* s, int p, int c, int n) noexcept nogil:
    cdef int oc = operating_cost(s.rank[c])
    if s.person[P_COIN] == p:
        oc -= 10
    if oc < 0:
        oc = 0
    return n * oc

cdef inline bint cell_takes(const SMState* s, int h, int c, int n) noexcept nogil:
    """Tests 2-5 of section 9 for n tokens of c on h."""
    if s.colour[h] == OFF or s.colour[h] == BLACK:
        return False
    if s.colour[h] != EMPTY and s.colour[h] != c:
        return False
    if s.tokens[h] + n > cell_cap(s, h):
        return False
    return not s.received[h]

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
    if s.colour[h] != EMPTY or s.received[h]:
        return False
    for i in range(NCASTLES):
        if s.castle_cell[i] != NONE8 and cell_dist(h, s.castle_cell[i]) <= 2:
            return False
    return True

cdef inline int hand_cells(const SMState* s, int p, int* out) noexcept nogil:
    """The cell cards in p's hand, ascending (X cards not included); returns their number."""
    return cells_where(s.loc, LOC_HAND + p, out)

cdef bint any_military_use(const SMState* s, int p, int c, const int* hand, int n) noexcept nogil:
    """Whether a MILITARY card of colour c has a use: an alliance space, or a cell of p's cards
    (``hand``, its n cell cards) that takes one or two tokens of c."""
    cdef int i
    if s.x_hand[p] > 0 and toggle_legal(s, c):
        return True
    for i in range(n):
        if place_legal(s, p, c, hand[i], 1) or place_legal(s, p, c, hand[i], 2):
            return True
    return False

cdef inline bint theron_src_legal(const SMState* s, int c, int src, const int* hand, int n) noexcept nogil:
    """Whether Lord Theron may move tokens of c from src: to a cell of one of the mover's cards
    (``hand``, its n cell cards) that takes them."""
    cdef int i, k
    if s.colour[src] != c or s.castle[src]:
        return False
    for k in range(1, 3):
        if s.tokens[src] < k:
            break
        for i in range(n):
            if hand[i] != src and cell_takes(s, hand[i], c, k):
                return True
    return False

cdef inline bint turncloak_legal(const SMState* s, int p, int c, int t) noexcept nogil:
    return (s.loc[t] == LOC_HAND + p and s.colour[t] < NCOL and s.colour[t] != c and not s.castle[t]
            and s.supply[c] >= s.tokens[t])

cdef bint castle_legal(const SMState* s, int p, int k) noexcept nogil:
    cdef uint8_t mark[NCELLS]
    cdef int cells[NCELLS]
    cdef int c = s.colour[k], i, b = 0, h
    if c >= NCOL or s.tokens[k] > 2 or s.castle[k] or EDGE[s.board][k]:
        return False
    if cards_of_colour(s, p, c) == 0:
        return False
    for i in range(NCASTLES):
        if s.castle_cell[i] != NONE8 and cell_dist(k, s.castle_cell[i]) < 3:
            return False
    memset(mark, 0, NCELLS)
    if flood_fill(s, k, 1 << c, mark, 1, cells) < 5:
        return False
    for h in range(NCELLS):
        if s.colour[h] == BLACK and cell_dist(h, k) <= 2:
            b += 1
    return total_money(s, p) >= 15 + 5 * b

cdef inline int free_castle(const SMState* s) noexcept nogil:
    cdef int i
    for i in range(NCASTLES):
        if s.castle_owner[i] == NONE8 and s.castle_cell[i] == NONE8:
            return i
    return -1


# --- attacks (section 10) ----------------------------------------------------------------------------------

cdef inline void add_candidate(SMState* s, int kind, int cell, int removals) noexcept nogil:
    if s.n_cand < MAXCAND:
        s.cand_type[s.n_cand] = kind
        s.cand_cell[s.n_cand] = cell
        s.cand_removals[s.n_cand] = removals
        s.n_cand += 1

cdef void list_targets(SMState* s, int c, const int* target, int n, const uint8_t* mark,
                       int attack, int defence) noexcept nogil:
    """The candidates one enemy group (``target``, its n cells, marked in ``mark``; the attacking
    group marked 1) offers: each castle of it with five attacking neighbours (CAPTURE); the group
    itself if it has four cells or more and a non-castle cell touches the attackers (BATTLE, with
    4 / 2 / 1 removals as the attack's strength beats, ties or loses to the defence's), or if smaller
    and a non-castle cell has three attacking neighbours (SIEGE)."""
    cdef int j, low = NCELLS, sieged = 0
    for j in range(n):
        if target[j] < low:
            low = target[j]
    for j in range(n):
        if s.castle[target[j]] and s.supply[c] >= 1 and neighbours_marked(s, target[j], mark, 1) >= 5:
            add_candidate(s, CAND_CAPTURE, target[j], 0)
    for j in range(n):
        if not s.castle[target[j]] and neighbours_marked(s, target[j], mark, 1) >= (1 if n >= 4 else 3):
            sieged = 1
    if sieged and n >= 4:
        add_candidate(s, CAND_BATTLE, low, 4 if attack > defence else (2 if attack == defence else 1))
    elif sieged:
        add_candidate(s, CAND_SIEGE, low, 0)

cdef void sort_candidates(SMState* s) noexcept nogil:
    """By (kind, cell): the order of the PH_TARGET choice (insertion sort: a few candidates)."""
    cdef int i, j, kind, cell, removals
    for i in range(1, s.n_cand):
        j = i
        while j > 0 and (s.cand_type[j - 1] > s.cand_type[j] or
                         (s.cand_type[j - 1] == s.cand_type[j] and s.cand_cell[j - 1] > s.cand_cell[j])):
            kind = s.cand_type[j]
            cell = s.cand_cell[j]
            removals = s.cand_removals[j]
            s.cand_type[j] = s.cand_type[j - 1]
            s.cand_cell[j] = s.cand_cell[j - 1]
            s.cand_removals[j] = s.cand_removals[j - 1]
            s.cand_type[j - 1] = kind
            s.cand_cell[j - 1] = cell
            s.cand_removals[j - 1] = removals
            j -= 1

cdef void attack_start(SMState* s, int c, int cell) noexcept nogil:
    """List the targets of the placement of c on cell (section 10: the placing group, with its allies,
    against each enemy group it touches); take the only one, or ask."""
    cdef uint8_t mark[NCELLS]
    cdef int attackers[NCELLS]
    cdef int target[NCELLS]
    cdef int n_attackers, attack, i, k, h, nb, label = 2, n
    s.attack_colour = c
    s.attack_cell = cell
    s.n_cand = 0
    memset(mark, 0, NCELLS)
    n_attackers = flood_fill(s, cell, alliance_mask(s, c), mark, 1, attackers)
    if n_attackers < 4:
        attack_done(s)
        return
    attack = strength(s, attackers, n_attackers)
    for i in range(n_attackers):
        h = attackers[i]
        for k in range(N_NEIGHBOURS[s.board][h]):
            nb = NEIGHBOUR[s.board][h][k]
            if mark[nb] != 0 or s.colour[nb] >= NCOL:
                continue
            label += 1
            n = flood_fill(s, nb, alliance_mask(s, s.colour[nb]), mark, label, target)
            list_targets(s, c, target, n, mark, attack, strength(s, target, n))
    sort_candidates(s)
    if s.n_cand == 0:
        attack_done(s)
    elif s.n_cand == 1:
        resolve_target(s, 0)
    else:
        s.phase = PH_TARGET
        s.asked = s.active

cdef void remove_token(SMState* s, int h) noexcept nogil:
    cdef int d = s.colour[h]
    s.tokens[h] -= 1
    s.supply[d] += 1
    if s.tokens[h] == 0:
        s.colour[h] = EMPTY
        s.lost[d] += 1

cdef int front_options(const SMState* s, int* out) noexcept nogil:
    cdef int h, n = 0
    for h in range(NCELLS):
        if s.front[h] and s.tokens[h] > 0 and s.colour[h] < NCOL:
            out[n] = h
            n += 1
    return n

cdef void battle_step(SMState* s) noexcept nogil:
    cdef int opts[NCELLS]
    cdef int n
    while True:
        n = front_options(s, opts)
        if s.removals_left == 0 or n == 0:
            attack_done(s)
            return
        if n > 1:
            s.phase = PH_REMOVE
            s.asked = s.active
            return
        remove_token(s, opts[0])
        s.last_removed = opts[0]
        s.removals_left -= 1

cdef void capture(SMState* s, int k) noexcept nogil:
    """CAPTURE: the castle cell k changes colour (the attacker's tokens replace the defender's, as
    many as its supply has) and owner."""
    cdef int c = s.attack_colour, old = s.colour[k], n = s.tokens[k], m
    s.supply[old] += n
    m = n if n < s.supply[c] else s.supply[c]
    s.colour[k] = c
    s.tokens[k] = m
    s.supply[c] -= m
    s.lost[old] += 1
    s.castle_owner[s.castle[k] - 1] = s.active
    attack_done(s)

cdef void resolve_target(SMState* s, int i) noexcept nogil:
    """The attack on candidate i: a capture, a siege (the besieged cells emptied) or a battle (its
    front cells marked, the removals begin)."""
    cdef uint8_t mark[NCELLS]
    cdef int attackers[NCELLS]
    cdef int target[NCELLS]
    cdef int c = s.attack_colour, k = s.cand_cell[i], d, j, n, h
    if s.cand_type[i] == CAND_CAPTURE:
        capture(s, k)
        return
    memset(mark, 0, NCELLS)
    flood_fill(s, s.attack_cell, alliance_mask(s, c), mark, 1, attackers)
    n = flood_fill(s, k, alliance_mask(s, s.colour[k]), mark, 2, target)
    if s.cand_type[i] == CAND_SIEGE:
        for j in range(n):
            h = target[j]
            if not s.castle[h] and neighbours_marked(s, h, mark, 1) >= 3:
                d = s.colour[h]
                s.supply[d] += s.tokens[h]
                s.tokens[h] = 0
                s.colour[h] = EMPTY
                s.lost[d] += 1
        attack_done(s)
        return
    memset(s.front, 0, NCELLS)
    for j in range(n):
        h = target[j]
        if not s.castle[h] and neighbours_marked(s, h, mark, 1) >= 1:
            s.front[h] = 1
    s.removals_left = s.cand_removals[i]
    s.last_removed = 0
    battle_step(s)

cdef void attack_done(SMState* s) noexcept nogil:
    """Power damage for the event's lost cells (section 11.1), then the state checks.  Ranks are
    recomputed only for the colours whose cells the event emptied or took (every such change counts
    in `lost`) and for the attacker's (a capture): the placement itself was ranked by do_place."""
    cdef int d, p, q, i, n, changed = 0
    for d in range(NCOL):
        if s.lost[d]:
            changed = 1
            recompute_rank(s, d)
    if changed:
        recompute_rank(s, s.attack_colour)   # a capture gives the attacker a cell
    memset(s.front, 0, NCELLS)
    s.n_cand = 0
    s.removals_left = 0
    for d in range(NCOL):
        if s.lost[d] == 0:
            continue
        for i in range(s.n):
            p = (s.active + i) % s.n
            n = cards_of_colour(s, p, d)
            if s.alive[p] and n > 0:
                s.debt[p] += s.lost[d] * damage_of(n)
                s.creditor[p] = NONE8
        s.lost[d] = 0
    s.checks_due = 1
    s.stage = ST_BUY_CHECK
    advance(s)


