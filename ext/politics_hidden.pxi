# Hidden information: what each seat may know about hidden cards and roles, and the hooks the search
# and the engine build on it -- determinize, canonicalize, make_consistent -- and validate (decode).
# Included by politics_core.pyx.
#
# What a seat knows about hidden cards (the basis of determinization):
#
# * its own hands (policy and backroom), every face-up card, every count;
# * as a government member, the two cards it placed this round (``proposed``), so the face-down table
#   holds ``proposed - revealed`` (multiset difference) of its own; as the leader, after the look, every
#   face-down table card and its own Phase 4 discard;
# * the face-down cards it saw go onto the discard pile (its WITHDRAW discards, its table knowledge at
#   the end of the round), until the next reshuffle mixes the discard pile into the draw pile;
# * its role; a DARK seat also its partner's; every revealed role; its own vote.
#
# Everything else -- other hands, the piles, the rest of the table, other seats' votes before they are
# shown, an HONEST seat's view of who is dark -- is *free*: determinize deals the free cards uniformly
# over the free places, canonicalize deals them sorted into a fixed order of places.


# Free places of policy cards from `seat`'s view: other hands (0..n-1), the draw pile (LOC_PILE), the
# face-down part of the discard pile that seat does not know (LOC_DISCARD), the face-down table cards
# and leader's discard that seat does not know (LOC_HIDDEN_TABLE).
cdef enum:
    LOC_PILE = 8
    LOC_DISCARD = 9
    LOC_HIDDEN_TABLE = 10
    NLOC = 11


cdef inline int loc_free(const PolState* s, int seat, const uint8_t* known, int loc, int t) noexcept nogil:
    if loc < MAXP:
        if loc == seat or loc >= s.n:
            return 0
        return s.hand[loc][t]
    if loc == LOC_PILE:
        return s.pile[t]
    if loc == LOC_DISCARD:
        return s.discard[t] - s.discard_public[t] - s.discard_known[seat][t]
    return s.table_down[t] + (s.leader_discard == t) - known[t]


cdef inline void loc_swap(PolState* s, int loc, int out_t, int in_t) noexcept nogil:
    """Replace one free `out_t` at `loc` by `in_t`."""
    if loc < MAXP:
        s.hand[loc][out_t] -= 1
        s.hand[loc][in_t] += 1
    elif loc == LOC_PILE:
        s.pile[out_t] -= 1
        s.pile[in_t] += 1
    elif loc == LOC_DISCARD:
        s.discard[out_t] -= 1
        s.discard[in_t] += 1
    else:
        if s.table_down[out_t] > 0:
            s.table_down[out_t] -= 1
            s.table_down[in_t] += 1
        else:
            s.leader_discard = in_t


cdef bint leader_knows_table(const PolState* s, int seat) noexcept nogil:
    return s.formed and seat == s.leader and s.looked


cdef bint bring_in(PolState* s, int seat, const uint8_t* known, int target, int t) noexcept nogil:
    """Swap a free `t` from another place into `target`, giving back one of target's free cards."""
    cdef int x, loc
    for x in range(NTYPES):
        if x != t and loc_free(s, seat, known, target, x) > 0:
            break
    else:
        return False
    for loc in range(NLOC):
        if loc == target or (loc < MAXP and loc >= s.n):
            continue
        if loc_free(s, seat, known, loc, t) > 0:
            loc_swap(s, loc, t, x)
            loc_swap(s, target, x, t)
            return True
    return False


cdef bint ensure_pile(PolState* s, int seat, int t) noexcept nogil:
    cdef uint8_t known[6]
    if s.pile[t] > 0:
        return True
    known_hidden_table(s, seat, known)
    return bring_in(s, seat, known, LOC_PILE, t)


cdef bint ensure_table_down(PolState* s, int seat, int t) noexcept nogil:
    """An inspection turned up `t` (Phase 3: no leader's discard yet, so the hidden table is tdown)."""
    cdef uint8_t known[6]
    if s.table_down[t] > 0:
        return True
    known_hidden_table(s, seat, known)
    return bring_in(s, seat, known, LOC_HIDDEN_TABLE, t)


cdef bint force_table_down(PolState* s, int seat, const uint8_t* faces) noexcept nogil:
    """Make the face-down table exactly `faces` (the leader's look, the Phase 4 reveal); with a leader's
    discard, the hidden table is `faces` plus one card, chosen consistent with what `seat` knows."""
    cdef uint8_t known[6]
    cdef int target[6]
    cdef int hidden[6]
    cdef int t, y, z, loc, x = -1, excess = 0
    known_hidden_table(s, seat, known)
    if leader_knows_table(s, seat):
        for t in range(NTYPES):
            if s.table_down[t] != faces[t]:
                return False
        return True
    for t in range(NTYPES):
        hidden[t] = s.table_down[t] + (s.leader_discard == t)
        target[t] = faces[t]
    if s.leader_discard != NONE:
        for t in range(NTYPES):
            if known[t] > faces[t]:
                excess += known[t] - faces[t]
                x = t
        if excess > 1:
            return False
        if excess == 0:
            for t in range(NTYPES):             # prefer a card already hidden on the table
                if hidden[t] > faces[t]:
                    x = t
                    break
            if x < 0:
                for t in range(NTYPES):
                    for loc in range(NLOC):
                        if loc != LOC_HIDDEN_TABLE and loc_free(s, seat, known, loc, t) > 0:
                            x = t
                            break
                    if x >= 0:
                        break
            if x < 0:
                return False
        target[x] += 1
    for t in range(NTYPES):
        if target[t] < known[t]:
            return False
    for y in range(NTYPES):
        while hidden[y] < target[y]:
            for z in range(NTYPES):
                if hidden[z] > target[z]:
                    break
            else:
                return False
            for loc in range(NLOC):
                if loc == LOC_HIDDEN_TABLE or (loc < MAXP and loc >= s.n):
                    continue
                if loc_free(s, seat, known, loc, y) > 0:
                    loc_swap(s, loc, y, z)
                    break
            else:
                return False
            hidden[y] += 1
            hidden[z] -= 1
    for t in range(NTYPES):
        s.table_down[t] = faces[t]
    if s.leader_discard != NONE:
        s.leader_discard = x
    return True


cdef bint ensure_backroom_in_hand(PolState* s, int seat, int q, int b) noexcept nogil:
    cdef int x, r
    if s.backroom_hand[q][b] > 0:
        return True
    if q == seat:
        return False
    for x in range(NBR):
        if x != b and s.backroom_hand[q][x] > 0:
            break
    else:
        return False
    if s.backroom_pile[b] > 0:
        s.backroom_pile[b] -= 1
        s.backroom_pile[x] += 1
    else:
        for r in range(s.n):
            if r != seat and r != q and s.backroom_hand[r][b] > 0:
                s.backroom_hand[r][b] -= 1
                s.backroom_hand[r][x] += 1
                break
        else:
            return False
    s.backroom_hand[q][x] -= 1
    s.backroom_hand[q][b] += 1
    return True


cdef bint ensure_backroom_in_pile(PolState* s, int seat, int b) noexcept nogil:
    cdef int x, r
    if s.backroom_pile[b] > 0:
        return True
    for x in range(NBR):
        if s.backroom_pile[x] > 0:
            break
    else:
        return False
    for r in range(s.n):
        if r != seat and s.backroom_hand[r][b] > 0:
            s.backroom_hand[r][b] -= 1
            s.backroom_hand[r][x] += 1
            s.backroom_pile[x] -= 1
            s.backroom_pile[b] += 1
            return True
    return False


cdef inline bint knows_roles(const PolState* s, int seat) noexcept nogil:
    """Whether `seat` knows the dark pair (`seat` < 0: the public, who knows it only at the end)."""
    return s.roles_public or (seat >= 0 and (s.flags[seat] & F_DARK) != 0)


cdef inline int known_discards(const PolState* s, int seat, int t) noexcept nogil:
    """Face-down discards of type t that `seat` knows are in the discard pile (none for the public)."""
    return s.discard_known[seat][t] if seat >= 0 else 0


cdef void deal_roles(PolState* s, int seat, uint64_t* rng) noexcept nogil:
    """An HONEST seat's view of the roles: revealed DARK players stay, the rest of the dark pair goes
    to unrevealed other seats -- the lowest ones (rng NULL) or uniformly at random."""
    cdef int p, need = 2, ne = 0, i, j, tmp
    cdef int elig[8]
    if knows_roles(s, seat):
        return
    for p in range(s.n):
        if (s.flags[p] & F_DARK) and (s.flags[p] & F_REVEALED):
            need -= 1
        elif not (s.flags[p] & F_REVEALED):
            s.flags[p] &= ~F_DARK
            if p != seat:
                elig[ne] = p
                ne += 1
    if rng != NULL:
        for i in range(need):                   # partial Fisher-Yates
            j = i + rng_below(rng, ne - i)
            tmp = elig[i]
            elig[i] = elig[j]
            elig[j] = tmp
    for i in range(need):
        s.flags[elig[i]] |= F_DARK


cdef bint vote_hidden(const PolState* s, int seat, int q) noexcept nogil:
    if q == seat or not (s.voted & (1 << q)):
        return False
    if s.phase == PH_VOTE:
        return True
    return s.phase == PH_VOTE_REVEAL and q >= s.asked


cdef inline void redeal_votes(PolState* s, int seat, uint64_t* rng) noexcept nogil:
    """Other seats' votes not yet shown: abstained (rng NULL) or uniformly among their legal votes."""
    cdef int p, q, k
    cdef int options[9]
    for p in range(s.n):
        if vote_hidden(s, seat, p):
            if rng == NULL:
                s.vote[p] = NONE
            else:
                options[0] = NONE
                k = 1
                for q in range(s.n):
                    if q != p and not (s.flags[q] & F_REVEALED):
                        options[k] = q
                        k += 1
                s.vote[p] = options[rng_below(rng, k)]


cdef inline void redeal_backroom(PolState* s, int seat, uint64_t* rng) noexcept nogil:
    """The backroom cards of the other hands and the pile, dealt afresh (hand sizes kept)."""
    cdef uint8_t pool[24]
    cdef int p, t, k, size, n = 0, i = 0
    for p in range(s.n):
        if p == seat:
            continue
        for t in range(NBR):
            for k in range(s.backroom_hand[p][t]):
                pool[n] = t
                n += 1
    for t in range(NBR):
        for k in range(s.backroom_pile[t]):
            pool[n] = t
            n += 1
    _shuffle_or_sort(pool, n, rng)
    for p in range(s.n):
        if p == seat:
            continue
        size = backroom_count(s, p)
        for t in range(NBR):
            s.backroom_hand[p][t] = 0
        for k in range(size):
            s.backroom_hand[p][pool[i]] += 1
            i += 1
    for t in range(NBR):
        s.backroom_pile[t] = 0
    while i < n:
        s.backroom_pile[pool[i]] += 1
        i += 1


cdef inline int free_policies(const PolState* s, int seat, const uint8_t* known, uint8_t* pool) noexcept nogil:
    """The policy cards free for `seat`, in the fixed order of places (other hands, the pile, the
    unknown face-down discards, the unknown hidden table) into ``pool``; returns their number."""
    cdef int p, t, k, n = 0
    for p in range(s.n):
        if p == seat:
            continue
        for t in range(NTYPES):
            for k in range(s.hand[p][t]):
                pool[n] = t
                n += 1
    for t in range(NTYPES):
        for k in range(s.pile[t]):
            pool[n] = t
            n += 1
    for t in range(NTYPES):
        for k in range(s.discard[t] - s.discard_public[t] - known_discards(s, seat, t)):
            pool[n] = t
            n += 1
    for t in range(NTYPES):
        for k in range(s.table_down[t] + (s.leader_discard == t) - known[t]):
            pool[n] = t
            n += 1
    return n


cdef inline int place_free_policies(PolState* s, int seat, const uint8_t* pool) noexcept nogil:
    """Deal ``pool`` back into the other hands, the pile and the unknown face-down discards (their
    sizes kept), in the order free_policies took them; returns how many cards it placed."""
    cdef int p, t, k, size, i = 0
    for p in range(s.n):
        if p == seat:
            continue
        size = hand_size(s, p)
        for t in range(NTYPES):
            s.hand[p][t] = 0
        for k in range(size):
            s.hand[p][pool[i]] += 1
            i += 1
    size = multiset_size(s.pile)
    for t in range(NTYPES):
        s.pile[t] = 0
    for k in range(size):
        s.pile[pool[i]] += 1
        i += 1
    size = 0
    for t in range(NTYPES):
        size += s.discard[t] - s.discard_public[t] - known_discards(s, seat, t)
        s.discard[t] = s.discard_public[t] + known_discards(s, seat, t)
    for k in range(size):
        s.discard[pool[i]] += 1
        i += 1
    return i


cdef inline void place_hidden_table(PolState* s, const uint8_t* known, const uint8_t* pool, int n,
                             uint64_t* rng) noexcept nogil:
    """The hidden table (face-down cards and the leader's discard) is what the seat knows of it plus
    the ``n`` cards of ``pool``; the leader's discard among them drawn by rng (NULL: the highest type)."""
    cdef uint8_t hidden[6]
    cdef int t, k
    for t in range(NTYPES):
        hidden[t] = known[t]
    for k in range(n):
        hidden[pool[k]] += 1
    if s.leader_discard != NONE:
        if rng != NULL:
            t = draw_from(hidden, NTYPES, multiset_size(hidden), rng)
        else:
            t = NTYPES - 1
            while hidden[t] == 0:
                t -= 1
        s.leader_discard = t
        hidden[t] -= 1
    for t in range(NTYPES):
        s.table_down[t] = hidden[t]


cdef inline void forget_others(PolState* s, int seat) noexcept nogil:
    """Other seats' private memories (their proposals, the discards they saw) are not `seat`'s."""
    cdef int i, p, t
    for i in range(3):
        if member_slot(s, seat) != i:
            s.proposed[i][0] = NONE
            s.proposed[i][1] = NONE
    for p in range(MAXP):
        if p != seat:
            for t in range(NTYPES):
                s.discard_known[p][t] = 0


cdef void redeal(PolState* s, int seat, uint64_t* rng) noexcept nogil:
    """Deal everything hidden from `seat` afresh: uniformly (rng) or in the canonical order (NULL).
    `seat` < 0 is the public: every hand, the hidden table, the unshown votes and the roles."""
    cdef uint8_t known[6]
    cdef uint8_t pool[48]
    cdef int n, placed
    deal_roles(s, seat, rng)
    redeal_votes(s, seat, rng)
    redeal_backroom(s, seat, rng)
    known_hidden_table(s, seat, known)
    n = free_policies(s, seat, known, pool)
    _shuffle_or_sort(pool, n, rng)
    placed = place_free_policies(s, seat, pool)
    if not leader_knows_table(s, seat):           # the leader after the look knows the whole table
        place_hidden_table(s, known, pool + placed, n - placed, rng)
    forget_others(s, seat)


cdef void _shuffle_or_sort(uint8_t* a, int n, uint64_t* rng) noexcept nogil:
    """Shuffle ``a`` uniformly (Fisher-Yates from the end), or with ``rng == NULL`` put it in the
    canonical (sorted) order."""
    cdef int i, j
    cdef uint8_t tmp
    if rng == NULL:
        _sort_small(a, n)
        return
    i = n - 1
    while i > 0:
        j = rng_below(rng, i + 1)
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp
        i -= 1


cdef void _sort_small(uint8_t* a, int n) noexcept nogil:
    """Counting sort of small type codes (< 8)."""
    cdef int c[8]
    cdef int t, k, i = 0
    for t in range(8):
        c[t] = 0
    for k in range(n):
        c[a[k]] += 1
    for t in range(8):
        for k in range(c[t]):
            a[i] = t
            i += 1


cdef void pol_determinize(PolState* s, int seat, uint64_t* rng) noexcept nogil:
    redeal(s, seat, rng)


cdef void pol_canonicalize(PolState* s, int seat) noexcept nogil:
    redeal(s, seat, NULL)


cdef bint roles_consistent(const PolState* s, int seat, int x, int y) noexcept nogil:
    """Could {x, y} be the dark pair, for `seat`?"""
    cdef int p
    if x == y or x >= s.n or y >= s.n:
        return False
    if knows_roles(s, seat):
        return (s.flags[x] & F_DARK) and (s.flags[y] & F_DARK)
    if x == seat or y == seat:
        return False
    for p in range(s.n):
        if s.flags[p] & F_REVEALED:
            if ((s.flags[p] & F_DARK) != 0) != (p == x or p == y):
                return False
    return True


cdef void set_roles(PolState* s, int x, int y) noexcept nogil:
    cdef int p
    for p in range(s.n):
        s.flags[p] &= ~F_DARK
    s.flags[x] |= F_DARK
    s.flags[y] |= F_DARK


cdef bint consistent_tell(PolState* s, int seat, int a) noexcept nogil:
    """PH_TELL to `seat` itself: make its role (and partner) the one `a` tells; False if impossible."""
    cdef int q
    if a == C_HONEST:
        if s.flags[seat] & F_DARK:
            for q in range(s.n):
                if q != seat and not (s.flags[q] & F_DARK):
                    s.flags[q] |= F_DARK
                    break
            s.flags[seat] &= ~F_DARK
    elif C_DARK <= a < C_DARK + MAXP:
        q = a - C_DARK
        if q == seat or q >= s.n:
            return False
        set_roles(s, seat, q)
    return True


cdef bint consistent_vote_reveal(PolState* s, int p, int a) noexcept nogil:
    """PH_VOTE_REVEAL of another seat p: make p's hidden vote the one `a` shows; False if impossible."""
    cdef int q
    if not (C_VOTE <= a <= C_VOTE + 8):
        return False
    q = a - C_VOTE
    if q == 8:
        s.vote[p] = NONE
    else:
        if q >= s.n or q == p or (s.flags[q] & F_REVEALED):
            return False
        s.vote[p] = q
    return True


cdef bint consistent_role_reveal(PolState* s, int seat, int p, int a) noexcept nogil:
    """PH_ROLE_REVEAL of seat p while `seat` does not know the roles: swap a dark role onto p (or off
    it) so that `a` shows it; False if impossible."""
    cdef int q
    if a == C_DARK and not (s.flags[p] & F_DARK):
        if p == seat:
            return False
        for q in range(s.n):
            if (s.flags[q] & F_DARK) and not (s.flags[q] & F_REVEALED):
                s.flags[q] &= ~F_DARK
                s.flags[p] |= F_DARK
                break
    elif a == C_HONEST and (s.flags[p] & F_DARK):
        for q in range(s.n):
            if q != seat and q != p and not (s.flags[q] & (F_DARK | F_REVEALED)):
                s.flags[q] |= F_DARK
                s.flags[p] &= ~F_DARK
                break
    return True


cdef int pol_make_consistent(PolState* s, int seat, int a) noexcept nogil:
    """Re-deal what `seat` cannot see so that `seat` may observe `a` next (advisor mode: rebuilding
    an information state from one seat's observations).  Returns whether `a` is then legal."""
    cdef int ph = s.phase, p = s.asked, n, i, x, y
    cdef int buf[MAX_LEGAL]
    cdef uint8_t faces[6]
    if ph == PH_OVER:
        return 0
    if ph == PH_TELL and p == seat:
        if not consistent_tell(s, seat, a):
            return 0
    elif (ph == PH_DEAL or ph == PH_DRAW) and p == seat:
        if not (C_CARD <= a < C_CARD + NTYPES) or not ensure_pile(s, seat, a - C_CARD):
            return 0
    elif ph == PH_BRDEAL and p == seat:
        if not (C_BR <= a < C_BR + NBR) or not ensure_backroom_in_pile(s, seat, a - C_BR):
            return 0
    elif ph == PH_INSPECT:
        if not (C_CARD <= a < C_CARD + NTYPES) or not ensure_table_down(s, seat, a - C_CARD):
            return 0
    elif (ph == PH_LOOK and p == seat) or ph == PH_REVEAL:
        if not (C_MULTI <= a < C_MULTI + MULTISET_TOTAL[multiset_size(s.table_down)]):
            return 0
        for i in range(NTYPES):
            faces[i] = MULTISET_COUNTS[multiset_size(s.table_down)][a - C_MULTI][i]
        if not force_table_down(s, seat, faces):
            return 0
    elif ph == PH_VOTE_REVEAL and p != seat:
        if not consistent_vote_reveal(s, p, a):
            return 0
    elif ph == PH_ROLE_REVEAL and not knows_roles(s, seat):
        if not consistent_role_reveal(s, seat, p, a):
            return 0
    elif ph == PH_FINAL_ROLES:
        if not (C_ROLES <= a < C_ROLES + s.n * (s.n - 1) // 2):
            return 0
        pair_unrank(a - C_ROLES, &x, &y)
        if not roles_consistent(s, seat, x, y):
            return 0
        set_roles(s, x, y)
    elif (ph == PH_COUP or ph == PH_DEALBREAK or ph == PH_BLOCK) and p != seat and a == A_PLAY:
        if not ensure_backroom_in_hand(s, seat, p, window_card(ph)):
            return 0
    elif ph == PH_MEDIA and p != seat and A_MEDIA <= a < A_MEDIA + NTYPES:
        if not ensure_backroom_in_hand(s, seat, p, BR_MEDIA):
            return 0
    n = pol_legal(s, buf)
    for i in range(n):
        if buf[i] == a:
            return 1
    return 0


# --- validation (decode) ----------------------------------------------------------------------------
cdef const char* validate_progress(const PolState* s) noexcept nogil:
    """What is wrong with the rule options, the counters and whose turn it is, or NULL."""
    if s.n < 6 or s.n > MAXP:
        return "player count out of range"
    if s.phase >= NUM_PHASES:
        return "unknown phase"
    if s.nrounds < 1 or s.round > s.nrounds or s.fails > 5:
        return "round or failure counter out of range"
    if s.backroom > 1 or s.contracts > 1 or s.awards > 1 or s.max_invitations < 2 or s.max_invitations > s.n - 1:
        return "bad rule option"
    if s.phase != PH_OVER and not is_chance_phase(s.phase) and s.asked >= s.n:
        return "no seat to decide"
    if s.n_revealed > 6 or s.cursor > MAXP or s.contract_slot > 2:
        return "counter out of range"
    return NULL


cdef const char* validate_policy_cards(const PolState* s) noexcept nogil:
    """What is wrong with the policy cards (8 of each type wherever they are, what seats know of the
    discard pile, hand sizes) and the count of dark players, or NULL."""
    cdef int t, p, i, nd = 0, h
    cdef int cnt[NTYPES]
    for t in range(NTYPES):
        cnt[t] = s.pile[t] + s.discard[t] + s.table_down[t] + (s.leader_discard == t)
        if s.discard_public[t] > s.discard[t]:
            return "discard pile counts"
    if s.leader_discard != NONE and s.leader_discard >= NTYPES:
        return "bad leader discard"
    for i in range(s.n_revealed):
        if (s.revealed[i] & R_TYPE) >= NTYPES or s.revealed[i] & ~(R_TYPE | R_INSPECTED | R_FLIPPED):
            return "bad table card"
        cnt[s.revealed[i] & R_TYPE] += 1
    for p in range(MAXP):
        h = 0
        for t in range(NTYPES):
            if p >= s.n and (s.hand[p][t] or s.discard_known[p][t]):
                return "data in an unused seat"
            cnt[t] += s.hand[p][t]
            h += s.hand[p][t]
            if s.discard_known[p][t] + s.discard_public[t] > s.discard[t]:
                return "discard knowledge exceeds the discard pile"
        if h > 5:
            return "a hand holds more than 5 policy cards"
        if p < s.n and (s.flags[p] & F_DARK):
            nd += 1
    for t in range(NTYPES):
        if cnt[t] != CARDS_PER_TYPE:
            return "the 48 policy cards are not 8 of each type"
    if s.phase != PH_ROLES and nd != 2:
        return "there must be exactly 2 dark players"
    return NULL


cdef const char* validate_backroom_cards(const PolState* s) noexcept nogil:
    """What is wrong with the backroom cards (each type's copies, at most 2 in a hand) and the unused
    seats' coins, or NULL."""
    cdef int t, p, tot
    cdef int bcnt[NBR]
    for t in range(NBR):
        bcnt[t] = s.backroom_pile[t] + s.backroom_played[t]
    for p in range(MAXP):
        tot = 0
        for t in range(NBR):
            bcnt[t] += s.backroom_hand[p][t]
            tot += s.backroom_hand[p][t]
        if tot > 2:
            return "a backroom hand holds more than 2 cards"
        if p >= s.n and (tot or s.flags[p] or s.inf[p] or s.leg[p] or s.und[p]):
            return "data in an unused seat"
    if s.backroom:
        for t in range(NBR):
            if bcnt[t] != backroom_copies(t, s.contracts):
                return "the backroom cards do not add up"
    elif bcnt[0] or bcnt[1] or bcnt[2] or bcnt[3]:
        return "backroom cards without the backroom module"
    return NULL


cdef const char* validate_seats(const PolState* s) noexcept nogil:
    """What is wrong with the contracts, the government, the proposals and the votes, or NULL."""
    cdef int t, p, i
    for i in range(2):
        if s.contract_template[i] > T_PROBE or s.contract_status[i] > CS_DONE:
            return "bad contract"
        if s.contract_template[i] and (s.contract_creator[i] >= s.n or s.contract_counterparty[i] >= s.n
                                       or s.contract_amount[i] < 1 or s.contract_amount[i] > 2):
            return "bad contract"
    if s.formed and (s.leader >= s.n or s.partner1 >= s.n or s.partner2 >= s.n):
        return "bad government"
    for i in range(3):
        for t in range(2):
            if s.proposed[i][t] != NONE and s.proposed[i][t] >= NTYPES:
                return "bad proposal"
    for p in range(MAXP):
        if s.vote[p] != NONE and s.vote[p] >= s.n:
            return "bad vote"
    return NULL


cdef const char* pol_validate(const PolState* s) noexcept nogil:
    """NULL when the struct is a consistent state, else what is wrong (the first check that fails)."""
    cdef const char* why = validate_progress(s)
    if why == NULL:
        why = validate_policy_cards(s)
    if why == NULL:
        why = validate_backroom_cards(s)
    if why == NULL:
        why = validate_seats(s)
    return why


