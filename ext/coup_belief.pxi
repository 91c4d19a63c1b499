# The Coup belief hooks (included by coup_core.pyx): the belief chain over the unseen cards and the
# hand counts an analysis reports.


# ==================================================================================================
# Belief inference hook (owned by the search; see docs/search.md).
#
# The search weights its determinizations by how likely each seat's observed decisions are given
# the face-down cards it might hold.  The weights come as a table of BELIEF_HANDS doubles per seat:
#   table[p * BELIEF_HANDS + r]              one face-down card of role r          (r = 0..4)
#   table[p * BELIEF_HANDS + 5 + pair_index] two face-down cards {a, b}            (15 pairs)
# coup_belief_step is one Gibbs sweep: each holder of hidden cards in turn puts its hidden cards back
# among the unseen ones and draws a new hand with probability  table weight x number of ways to deal
# that hand from the unseen cards  -- the exact conditional of the uniform deal weighted by the
# table, so the chain's stationary distribution is exactly that weighted deal.
# ==================================================================================================

cpdef enum:
    BELIEF_HANDS = 20                                # one-card hands (5), then two-card hands (15 pairs)
    BELIEF_TABLE_SIZE = 120                          # MAX_PLAYERS * BELIEF_HANDS: a weight per seat and hand


cdef inline int _hidden_slots(const CoupState* s, int p, int* slots) noexcept nogil:
    cdef int slot, m = 0
    for slot in range(2 * p, 2 * p + 2):
        if is_hidden_card(s.cards[slot]):
            slots[m] = slot
            m += 1
    return m


cdef inline int _pick(const double* w, int n, double total, uint64_t* rng) noexcept nogil:
    """An index drawn with probability w[i] / total (total > 0)."""
    cdef double u = rng_unit(rng) * total
    cdef int i, last = -1
    for i in range(n):
        if w[i] > 0.0:
            last = i
            if u < w[i]:
                return i
            u -= w[i]
    return last


cdef inline void _draw_hand(CoupState* s, int m, const double* row, uint64_t* rng, uint8_t* out) noexcept nogil:
    """Draw an m-card hand (m = 1 or 2) from the deck counts, weighted by ``row`` (NULL: uniform)."""
    cdef double w[15]
    cdef double total = 0.0, ways
    cdef int r, i, a, b, k
    for k in range(2):                       # second pass: ignore a table that rules out every hand
        total = 0.0
        if m == 1:
            for r in range(NROLES):
                w[r] = <double>s.deck[r]
                if row != NULL and k == 0:
                    w[r] *= row[r]
                total += w[r]
            if total > 0.0:
                out[0] = _pick(w, NROLES, total, rng)
                return
        else:
            for i in range(15):
                a = PAIR_A[i]
                b = PAIR_B[i]
                if a == b:
                    ways = s.deck[a] * (s.deck[a] - 1.0) * 0.5
                else:
                    ways = <double>s.deck[a] * s.deck[b]
                w[i] = ways
                if row != NULL and k == 0:
                    w[i] *= row[5 + i]
                total += w[i]
            if total > 0.0:
                i = _pick(w, 15, total, rng)
                out[0] = PAIR_A[i]
                out[1] = PAIR_B[i]
                return


cdef void coup_belief_step(CoupState* s, int seat, const double* table, uint64_t* rng) noexcept nogil:
    """One Gibbs sweep over the cards hidden from ``seat`` (``seat < 0``: from everyone)."""
    cdef int p, m, k
    cdef int slots[2]
    cdef uint8_t hand[2]
    for p in range(s.n):
        if p == seat:
            continue
        m = _hidden_slots(s, p, slots)
        if m == 0:
            continue
        for k in range(m):
            s.deck[s.cards[slots[k]]] += 1
        _draw_hand(s, m, &table[p * BELIEF_HANDS] if table != NULL else NULL, rng, hand)
        for k in range(m):
            s.cards[slots[k]] = hand[k]
            s.deck[hand[k]] -= 1
    if s.phase == PH_EXCHANGE and s.actor != seat:     # the exchanger's two drawn cards: uniform
        s.deck[s.drawn[0]] += 1
        s.deck[s.drawn[1]] += 1
        _draw_hand(s, 2, NULL, rng, hand)
        s.drawn[0] = hand[0]
        s.drawn[1] = hand[1]
        s.deck[hand[0]] -= 1
        s.deck[hand[1]] -= 1


cdef void _belief_step(void* st, int seat, const double* table, uint64_t* rng) noexcept nogil:
    coup_belief_step(<CoupState*>st, seat, table, rng)


COUP_VT.belief_step = _belief_step
COUP_VT.belief_table_size = BELIEF_TABLE_SIZE


def belief_hand_counts(CoupCore core, int seat, table, int samples, int burn_in=32, seed=0):
    """Run the belief chain from ``core`` (a state holding a consistent deal) and count hands.

    Returns a list per seat of BELIEF_HANDS counts: how often, over ``samples`` sweeps after
    ``burn_in``, the seat's face-down cards were each one-card / two-card hand (table layout above).
    ``table`` is a sequence of BELIEF_TABLE_SIZE weights or None (uniform).  Used for the belief
    reported in an analysis and by tests against exact enumeration.
    """
    cdef double tab[BELIEF_TABLE_SIZE]
    cdef const double* tp = NULL
    cdef CoupState s = core.st
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long counts[MAX_PLAYERS][BELIEF_HANDS]
    cdef int i, p, m, h
    cdef int slots[2]
    cdef uint8_t a, b
    if table is not None:
        if len(table) != BELIEF_TABLE_SIZE:
            raise ValueError(f"a Coup belief table has {BELIEF_TABLE_SIZE} weights, not {len(table)}")
        for i in range(BELIEF_TABLE_SIZE):
            tab[i] = float(table[i])
        tp = tab
    if not (-1 <= seat < s.n):
        raise ValueError(f"seat {seat} is not in this game")
    memset(counts, 0, sizeof(counts))
    with nogil:
        for i in range(burn_in):
            coup_belief_step(&s, seat, tp, &rng)
        for i in range(samples):
            coup_belief_step(&s, seat, tp, &rng)
            for p in range(s.n):
                m = _hidden_slots(&s, p, slots)
                if m == 1:
                    counts[p][s.cards[slots[0]]] += 1
                elif m == 2:
                    a = s.cards[slots[0]]
                    b = s.cards[slots[1]]
                    counts[p][5 + PAIR_INDEX[a][b]] += 1
    return [[counts[p][h] for h in range(BELIEF_HANDS)] for p in range(s.n)]
