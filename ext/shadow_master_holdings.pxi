# Money, Territory cards and Power cards: the tables of section 5, what each seat holds, payments,
# draws and discards, sales and transfers (section 17).  Included by shadow_master_core.pyx.


# --- tables of section 5 ------------------------------------------------------------------------------
cdef inline int income_of(int r) noexcept nogil:
    if r <= 0:
        return 0
    if r <= 14:
        return (r + 2) // 3
    return 6 + (r - 15) // 2

cdef inline int operating_cost(int r) noexcept nogil:
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
cdef inline int cards_of_colour(const SMState* s, int p, int c) noexcept nogil:
    """Power cards p holds of colour c: the sum of the NTYPES = 6 counts, in one multiply (each count is
    at most 2)."""
    return byte_sum(six_bytes(&s.power[p][c][0]))

cdef inline int n_power_cards(const SMState* s, int p) noexcept nogil:
    return s.n_power[p]

cdef inline void power_add(SMState* s, int p, int c, int t, int k) noexcept nogil:
    """Change p's holding of (c, t) by k, keeping the per-player caches."""
    s.power[p][c][t] += k
    s.n_power[p] += k
    if t == T_LAND:
        s.n_land[p] += k

cdef inline int cards_of_type(const SMState* s, int p, int t) noexcept nogil:
    cdef int c, k = 0
    for c in range(NCOL):
        k += s.power[p][c][t]
    return k

cdef inline int power_limit_base(const SMState* s) noexcept nogil:
    """The part of every seat's Power Limit that does not depend on its cards: 3, +1 for all six
    colours seen, +1 for five black tokens seen, +1 per milestone held."""
    cdef int c, pl = 3 + s.all_six + s.five_blacks
    for c in range(2):
        if c < s.milestones and s.milestone[c] != NONE8:
            pl += 1
    return pl

cdef inline int power_limit(const SMState* s, int p) noexcept nogil:
    """3, +1 for all six colours seen, +1 for five black tokens seen, +1 per King, +1 per milestone
    held; with the power combos +1 per colour with its Queen and King, +1 per colour with two Lands."""
    cdef int c, pl = power_limit_base(s)
    cdef const uint8_t* held
    for c in range(NCOL):
        held = s.power[p][c]
        pl += held[T_KING]
        if s.opt_pcombo:
            if held[T_QUEEN] and held[T_KING]:
                pl += 1
            if held[T_LAND] >= 2:
                pl += 1
    return pl

cdef inline int territory_limit(const SMState* s, int p) noexcept nogil:
    return s.territory_base + s.n_land[p]

cdef inline bint has_card(const SMState* s, int p, int t) noexcept nogil:
    if t == XCARD:
        return s.x_hand[p] > 0
    return s.loc[t] == LOC_HAND + p


# --- money ------------------------------------------------------------------------------------------------
cdef int take_money(SMState* s, int p, int amount) noexcept nogil:
    """Remove up to ``amount`` from p: pending receipts, hand, then deposits in ascending rank of their
    colour (ties: lower colour) (section 17.4); returns what was removed."""
    cdef int got = 0, x, i, j, c, best
    cdef uint8_t used[NCOL]
    x = s.pending[p] if s.pending[p] < amount else amount
    s.pending[p] -= x
    got += x
    x = s.hand_money[p] if s.hand_money[p] < amount - got else amount - got
    s.hand_money[p] -= x
    got += x
    memset(used, 0, NCOL)
    for i in range(NCOL):
        if got >= amount:
            break
        best = -1
        for c in range(NCOL):
            if not used[c] and s.deposit[p][c] > 0 and (best < 0 or s.rank[c] < s.rank[best]):
                best = c
        if best < 0:
            break
        used[best] = 1
        x = s.deposit[p][best] if s.deposit[p][best] < amount - got else amount - got
        s.deposit[p][best] -= x
        got += x
    return got

cdef inline void pay_bank(SMState* s, int p, int amount) noexcept nogil:
    s.bank_in += take_money(s, p, amount)

cdef inline void from_bank(SMState* s, int p, int amount) noexcept nogil:
    s.bank_out += amount
    s.pending[p] += amount

cdef inline void credit(SMState* s, int to, int amount) noexcept nogil:
    if to == NONE8:
        s.bank_in += amount
    else:
        s.pending[to] += amount


# --- Territory cards --------------------------------------------------------------------------------------
cdef void card_to_hand(SMState* s, int p, int t, int is_known) noexcept nogil:
    if t == XCARD:
        s.x_hand[p] += 1
        if is_known:
            s.x_known[p] += 1
    else:
        s.loc[t] = LOC_HAND + p
        s.known[t] = is_known
    s.hand_size[p] += 1

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
    s.hand_size[p] -= 1
    s.discard_size += 1

cdef void reshuffle_if_empty(SMState* s) noexcept nogil:
    cdef int h
    if s.draw_size > 0 or s.discard_size == 0:
        return
    for h in range(NCELLS):
        if s.loc[h] == LOC_DISCARD:
            s.loc[h] = LOC_DRAW
    s.x_draw += s.x_disc
    s.x_disc = 0
    s.draw_size = s.discard_size
    s.discard_size = 0

cdef void take_from_draw(SMState* s, int t) noexcept nogil:
    if t == XCARD:
        s.x_draw -= 1
    else:
        s.loc[t] = LOC_OFF
    s.draw_size -= 1


# --- Power cards ------------------------------------------------------------------------------------------
cdef void sell_card(SMState* s, int p, int c, int t, int price) noexcept nogil:
    """Return p's (c, t) card to its deck; the bank pays ``price`` into p's receipts."""
    power_add(s, p, c, t, -1)
    s.deck[c][t] += 1
    from_bank(s, p, price)
    if t == T_LAND:
        s.discards_owed[p] += 1
    if cards_of_colour(s, p, c) == 0 and s.deposit[p][c] > 0:
        s.pending[p] += s.deposit[p][c]          # orphaned deposit: received again, no fee (D50)
        s.deposit[p][c] = 0


# --- holdings and transfers (section 17.5) ---------------------------------------------------------------------
# A seat keeps Silver in NHOLDINGS holdings: its hand (HOLDING_HAND) and a deposit per colour.  The
# decisions that name a holding (transfers, receipts) use these ids.
cdef inline int deposit_holding(int c) noexcept nogil:
    """The holding id of the deposit on colour c."""
    return 1 + c

cdef inline int deposit_colour(int h) noexcept nogil:
    """The colour of deposit holding h (h != HOLDING_HAND)."""
    return h - 1

cdef inline int allocation_id(int chunk, int h) noexcept nogil:
    """PH_ALLOCATE's id for placing receipts chunk (0..CHUNK_ALL) into holding h."""
    return NHOLDINGS * chunk + h

cdef inline int allocation_chunk(int a) noexcept nogil:
    return a // NHOLDINGS

cdef inline int allocation_holding(int a) noexcept nogil:
    return a % NHOLDINGS

cdef inline int transfer_fee(int amount) noexcept nogil:
    """The bank's tenth of a transfer."""
    return amount // 10

cdef inline int holding_money(const SMState* s, int p, int h) noexcept nogil:
    return s.hand_money[p] if h == HOLDING_HAND else s.deposit[p][deposit_colour(h)]

cdef inline bint holding_open(const SMState* s, int p, int h) noexcept nogil:
    """Can money arrive at holding h (hand with room, or a deposit on a colour p holds cards of)?"""
    if h == HOLDING_HAND:
        return s.hand_money[p] < HAND_LIMIT
    return cards_of_colour(s, p, deposit_colour(h)) > 0

cdef inline bint transfer_pair(const SMState* s, int p, int f, int t) noexcept nogil:
    return f != t and holding_money(s, p, f) > 0 and holding_open(s, p, t)

cdef bint transfer_possible(const SMState* s, int p) noexcept nogil:
    """Whether p may start its once-per-round transfer: a holding with money and another holding open
    to it (transfer_pair for some pair).  The hand is open while below HAND_LIMIT, the deposit on
    colour c while p holds a card of c."""
    cdef int c, money = 1 if s.hand_money[p] > 0 else 0
    if s.transfer_used[p]:
        return False
    for c in range(NCOL):
        if s.deposit[p][c] > 0:
            money |= 2 << c
    if money == 0:
        return False
    if s.hand_money[p] < HAND_LIMIT and (money & ~1):        # a deposit's money into the hand
        return True
    for c in range(NCOL):                             # any holding's money into an open deposit
        if (money & ~(2 << c)) and cards_of_colour(s, p, c) > 0:
            return True
    return False

cdef inline bint amount_ok(const SMState* s, int p, int a) noexcept nogil:
    if a < 1 or a > holding_money(s, p, s.transfer_from):
        return False
    if s.transfer_to == HOLDING_HAND and a - transfer_fee(a) > HAND_LIMIT - s.hand_money[p]:
        return False
    return True


# --- receipts, takes and purchases (what the flow asks) ------------------------------------------------
cdef bint alloc_needs_choice(SMState* s, int p) noexcept nogil:
    """Place p's receipts when there is no choice; True if p must decide."""
    cdef int c, room = HAND_LIMIT - s.hand_money[p], ndep = 0, only = -1, x
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
