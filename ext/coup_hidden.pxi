# The hidden information of a Coup state (included by coup_core.pyx): what each seat cannot see --
# determinize (a uniformly random deal of the unseen cards), canonicalize (a fixed one) and
# make_consistent (a deal under which an observed decision is legal).


# --- hidden information ---------------------------------------------------------------------------
cdef inline int collect_hidden(const CoupState* s, int seat, uint8_t* pool) noexcept nogil:
    """Roles of every card ``seat`` cannot see, in a fixed order of places; returns how many."""
    cdef int p, slot, r, k, n = 0
    for p in range(s.n):
        if p == seat:
            continue
        for slot in range(2 * p, 2 * p + 2):
            if is_hidden_card(s.cards[slot]):
                pool[n] = s.cards[slot]
                n += 1
    if s.phase == PH_EXCHANGE and s.actor != seat:
        pool[n] = s.drawn[0]
        pool[n + 1] = s.drawn[1]
        n += 2
    for r in range(NROLES):
        for k in range(s.deck[r]):
            pool[n] = r
            n += 1
    return n


cdef inline void place_hidden(CoupState* s, int seat, const uint8_t* pool, int n) noexcept nogil:
    """Put ``pool`` back into the hidden places, in the order :func:`collect_hidden` read them."""
    cdef int p, slot, r, i = 0
    for p in range(s.n):
        if p == seat:
            continue
        for slot in range(2 * p, 2 * p + 2):
            if is_hidden_card(s.cards[slot]):
                s.cards[slot] = pool[i]
                i += 1
    if s.phase == PH_EXCHANGE and s.actor != seat:
        s.drawn[0] = pool[i]
        s.drawn[1] = pool[i + 1]
        i += 2
    for r in range(NROLES):
        s.deck[r] = 0
    while i < n:
        s.deck[pool[i]] += 1
        i += 1


cdef void coup_determinize(CoupState* s, int seat, uint64_t* rng) noexcept nogil:
    """Deal every card hidden from ``seat`` afresh: a uniform shuffle of the physical cards."""
    cdef uint8_t pool[15]
    cdef int n = collect_hidden(s, seat, pool), i, j
    cdef uint8_t t
    i = n - 1
    while i > 0:
        j = rng_below(rng, i + 1)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
        i -= 1
    place_hidden(s, seat, pool, n)


cdef void coup_canonicalize(CoupState* s, int seat) noexcept nogil:
    cdef uint8_t pool[15]
    cdef int counts[5]
    cdef int n = collect_hidden(s, seat, pool), i, r, k = 0
    cdef uint8_t t
    for r in range(NROLES):
        counts[r] = 0
    for i in range(n):
        counts[pool[i]] += 1
    for r in range(NROLES):
        for i in range(counts[r]):
            pool[k] = r
            k += 1
    place_hidden(s, seat, pool, n)
    for i in range(s.n):                  # which slot holds which card carries no information
        if s.cards[2 * i] > s.cards[2 * i + 1] and s.influence == 2:     # (one card: the second is absent)
            t = s.cards[2 * i]
            s.cards[2 * i] = s.cards[2 * i + 1]
            s.cards[2 * i + 1] = t


cdef bint move_role_to_deck(CoupState* s, int seat, int role, const int* need) noexcept nogil:
    """Swap a hidden ``role`` card from a hand (or hidden draw) into the deck.

    The deck gives back a card of a role it holds more of than ``need`` asks for.
    """
    cdef int p, slot, x, give = -1
    for x in range(NROLES):
        if x != role and s.deck[x] > need[x]:
            give = x
            break
    if give < 0:
        return False
    for p in range(s.n):
        if p == seat:
            continue
        for slot in range(2 * p, 2 * p + 2):
            if is_hidden_card(s.cards[slot]) and s.cards[slot] == role:
                s.cards[slot] = give
                s.deck[give] -= 1
                s.deck[role] += 1
                return True
    if s.phase == PH_EXCHANGE and s.actor != seat:
        for slot in range(2):
            if s.drawn[slot] == role:
                s.drawn[slot] = give
                s.deck[give] -= 1
                s.deck[role] += 1
                return True
    return False


cdef bint move_role_to_hand(CoupState* s, int seat, int p, int role) noexcept nogil:
    """Give opponent p a hidden ``role`` card by swapping with another hidden place."""
    cdef int slot, q, qs, mine = -1
    cdef uint8_t old
    if find_card(s, p, role) >= 0:
        return True
    for slot in range(2 * p, 2 * p + 2):
        if is_hidden_card(s.cards[slot]):
            mine = slot
            break
    if mine < 0:
        return False
    old = s.cards[mine]
    if s.deck[role] > 0:
        s.deck[role] -= 1
        s.deck[old] += 1
        s.cards[mine] = role
        return True
    for q in range(s.n):
        if q == seat or q == p:
            continue
        for qs in range(2 * q, 2 * q + 2):
            if is_hidden_card(s.cards[qs]) and s.cards[qs] == role:
                s.cards[qs] = old
                s.cards[mine] = role
                return True
    if s.phase == PH_EXCHANGE and s.actor != seat and s.actor != p:
        for qs in range(2):
            if s.drawn[qs] == role:
                s.drawn[qs] = old
                s.cards[mine] = role
                return True
    return False


cdef int coup_make_consistent(CoupState* s, int seat, int a) noexcept nogil:
    """Re-deal cards hidden from ``seat`` so that ``seat`` may observe action ``a`` next.

    Used to follow a game from one seat's observations alone: an opponent revealing a role, or a
    draw of ``seat``'s own, must be possible in the state that stands for the information set.
    Returns whether ``a`` is then legal.
    """
    cdef int need[5]
    cdef int r, ph = s.phase, n, i
    cdef int buf[MAX_LEGAL]
    if ph == PH_OVER:
        return 0
    if (ph == PH_REPLACE or ph == PH_DEAL or ph == PH_EXDRAW) and s.asked == seat:
        for r in range(NROLES):
            need[r] = 0
        if C_ONE <= a < C_TWO:                 # a replacement, or a one-card deal
            need[a - C_ONE] += 1
        elif C_TWO <= a < NUM_ACTIONS:
            need[PAIR_A[a - C_TWO]] += 1
            need[PAIR_B[a - C_TWO]] += 1
        else:
            return 0
        for r in range(NROLES):
            while s.deck[r] < need[r]:
                if not move_role_to_deck(s, seat, r, need):
                    return 0
    elif (ph == PH_DEFEND or ph == PH_BDEFEND or ph == PH_LOSE) and s.asked != seat:
        if a < A_REVEAL or a >= A_KEEP1:
            return 0
        if not move_role_to_hand(s, seat, s.asked, a - A_REVEAL):
            return 0
    n = coup_legal(s, buf)
    for i in range(n):
        if buf[i] == a:
            return 1
    return 0
