# The heuristic bot: the rule-based player, in C so that a balance report can play many games.
# Included by shadow_master_core.pyx.


# --- the heuristic bot (engine/shadow_master/heuristic.py is its Python face) ----------------------------------
# The rule-based player of the ``heuristic`` bot, in C so that a balance report can play 10,000s of
# its games.  It reads only what the deciding seat may see: its own Territory hand and public facts
# (money, Power cards, the board, the open row); the other hands are never looked at, so it decides
# the same in the true state and in the seat's canonical information state.  Most decisions are a
# one-step lookahead over `heur_value`; the rest are the rules below, decision by decision.
cdef enum:
    HEUR_SAFE_RANK = 3       # a kingdom of rank <= 2 is "about to collapse"
    HEUR_STRONG_RANK = 6     # a kingdom of this rank is worth a castle on it
    HEUR_BIG_RANK = 13       # with a kingdom this large the persons are bought biggest first
    HEUR_BLACK_HAND_BELOW = 8     # a black token (3 Silver) is placed with less in hand, or with a stake
    HEUR_BLACK_NEAR_OWN = -3      # a black token's worth per Power card the seat holds in a neighbour's colour
    HEUR_BLACK_NEAR_CELL = 1      # ... and per neighbour of a colour
    HEUR_SHADOW_MONEY = 25        # option C is looked at from this much money
    HEUR_PERSON_MONEY = 35        # a person is bought from this much money
    HEUR_EXCHANGE_MONEY = 4       # a useless card is exchanged from this much money
    HEUR_BUY_RESERVE = 3          # money kept after buying a Power card (the rank, if lower)
    HEUR_JITTER_STEPS = 1000      # lookahead ties: a random 0 .. STEPS - 1 times HEUR_JITTER added
    HEUR_SETTLE_PREMIUM = 3       # a settlement sale's price over the rank
    SELL_LAND_PENALTY = -5        # selling a Land card costs a Territory card

cdef double HEUR_ELIMINATED = -1000.0     # the value of a position in which the seat is out
cdef double HEUR_RISKY_DEPOSIT = 0.5      # a deposit on a kingdom about to collapse counts this share
cdef double HEUR_INCOME_WEIGHT = 2.5      # a Power card is worth rank + this x income of its colour
cdef double HEUR_OTHERS_WEIGHT = 0.3      # the others' average stake counts against the seat's this much
cdef double HEUR_JITTER = 1e-6
cdef double CARD_USE_X = 2.0              # an X card's use
cdef double CARD_USE_DEAD = -5.0          # a cell card no token can go on
cdef double CARD_USE_OWN = 2.0            # per Power card of the cell's colour
cdef double CARD_USE_NEIGHBOUR = 1.0      # per Power card of a neighbour's colour
cdef double HEUR_ALLOC_RANK_WEIGHT = 2.0       # receipts into a deposit: rank x this + chunk x HEUR_ALLOC_CHUNK_WEIGHT
cdef double HEUR_ALLOC_CHUNK_WEIGHT = 0.25
cdef double TAKE_BLIND_VALUE = 0.5        # a blind draw's worth against an open-row card's

cdef double heur_value(const SMState* s, int me) noexcept nogil:
    """The seat's stake in a position: its money (deposits on kingdoms about to collapse at half),
    plus what its Power cards are worth (rank + 2.5 x income of their colour), minus 0.3 x the
    others' average stake; -1000 once eliminated."""
    cdef double mine = 0.0, others = 0.0, v
    cdef int p, c, t
    for p in range(s.n):
        if not s.alive[p]:
            if p == me:
                return HEUR_ELIMINATED
            continue
        v = s.hand_money[p] + s.pending[p] - s.debt[p]
        for c in range(NCOL):
            v += s.deposit[p][c] * (1.0 if s.rank[c] >= HEUR_SAFE_RANK else HEUR_RISKY_DEPOSIT)
            for t in range(NTYPES):
                if s.power[p][c][t]:
                    v += s.power[p][c][t] * (s.rank[c] + HEUR_INCOME_WEIGHT * income_of(s.rank[c]))
        if p == me:
            mine = v
        else:
            others += v
    return mine - HEUR_OTHERS_WEIGHT * others / (s.n - 1 if s.n > 1 else 1)

cdef int heur_lookahead(const SMState* s, int me, const int* legal, int n, uint64_t* rng) noexcept nogil:
    """The action whose resulting position `heur_value` rates best (ties broken at random)."""
    cdef SMState tmp
    cdef double v, bv = -1e18
    cdef int i, best = legal[0]
    for i in range(n):
        memcpy(&tmp, s, sizeof(SMState))
        sm_apply(&tmp, legal[i])
        v = heur_value(&tmp, me) + rng_below(rng, HEUR_JITTER_STEPS) * HEUR_JITTER
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
        if s.deposit[p][c] > 0 and s.rank[c] < HEUR_SAFE_RANK:
            return c
    return -1

cdef bint heur_can_place(const SMState* s, int p) noexcept nogil:
    cdef int h
    if s.x_hand[p] > 0:
        return True
    for h in range(NCELLS):
        if s.loc[h] == LOC_HAND + p and not s.received[h]:
            if s.colour[h] == EMPTY or (s.colour[h] < NCOL and s.tokens[h] < cell_cap(s, h)):
                return True
    return False

cdef double heur_card_use(const SMState* s, int p, int t) noexcept nogil:
    """How useful Territory card t is to p (higher: keep): CARD_USE_X for an X; CARD_USE_DEAD for a
    cell no token can go on (black or full); else CARD_USE_OWN per Power card p holds in the cell's
    colour plus CARD_USE_NEIGHBOUR per Power card in each neighbour's colour."""
    cdef int k, c2
    cdef double score = 0.0
    if t == XCARD:
        return CARD_USE_X
    if s.colour[t] == BLACK or s.tokens[t] >= cell_cap(s, t):
        return CARD_USE_DEAD
    if s.colour[t] < NCOL:
        score += CARD_USE_OWN * cards_of_colour(s, p, s.colour[t])
    for k in range(N_NEIGHBOURS[s.board][t]):
        c2 = s.colour[NEIGHBOUR[s.board][t][k]]
        if c2 < NCOL:
            score += CARD_USE_NEIGHBOUR * cards_of_colour(s, p, c2)
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
        if cards_of_colour(s, p, c):
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
    if s.hand_money[p] < HEUR_BLACK_HAND_BELOW or any_stake:
        bv = -1000000
        for i in range(n):
            a = legal[i]
            if a >= A_BLACK:
                h = a - A_BLACK
                v = 0
                for k in range(N_NEIGHBOURS[s.board][h]):
                    c = s.colour[NEIGHBOUR[s.board][h][k]]
                    if c < NCOL:
                        v += HEUR_BLACK_NEAR_OWN * cards_of_colour(s, p, c) + HEUR_BLACK_NEAR_CELL
                if v > bv:
                    bv = v
                    best = a
        if best >= 0 and bv >= 0:
            return best
    if heur_in(legal, n, A_SHADOW) and money >= HEUR_SHADOW_MONEY:
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
            if cards_of_colour(s, p, c) and s.rank[c] >= HEUR_STRONG_RANK:
                strong = True
        if castle_opt and strong:
            return A_SHADOW
        if money >= HEUR_PERSON_MONEY and person_opt:
            return A_SHADOW
    if heur_in(legal, n, A_TRANSFER_P1) and heur_risky_deposit(s, p) >= 0:
        return A_TRANSFER_P1
    if heur_in(legal, n, A_SHADOW) and not heur_can_place(s, p):
        return A_SHADOW                      # rolling would only cost the decline fine
    return A_ROLL if heur_in(legal, n, A_ROLL) else legal[0]

cdef int heur_shadow(const SMState* s, int p, const int* legal, int n) noexcept nogil:
    """A castle on the most valuable kingdom it has a stake in, if that kingdom is strong; else, with
    HEUR_PERSON_MONEY, a person: the Master of Coin first once a kingdom is big, Lord Theron first
    before; else nothing."""
    cdef int i, a, c, best = -1, bv = -1, v, k
    cdef int order_big[NPERSONS]
    cdef int order_small[NPERSONS]
    order_big[0] = P_COIN; order_big[1] = P_THERON; order_big[2] = P_ENVOY; order_big[3] = P_TURNCLOAK
    order_small[0] = P_THERON; order_small[1] = P_ENVOY; order_small[2] = P_COIN; order_small[3] = P_TURNCLOAK
    for i in range(n):
        a = legal[i]
        if a >= SH_CASTLE:
            c = s.colour[a - SH_CASTLE]
            v = cards_of_colour(s, p, c) * s.rank[c] if c < NCOL else 0
            if v > bv:
                bv = v
                best = a
    if best >= 0:
        c = s.colour[best - SH_CASTLE]
        if c < NCOL and cards_of_colour(s, p, c) and s.rank[c] >= HEUR_STRONG_RANK:
            return best
    if total_money(s, p) >= HEUR_PERSON_MONEY:
        v = 0
        for c in range(NCOL):
            if s.rank[c] > v:
                v = s.rank[c]
        for k in range(NPERSONS):
            a = SH_PERSON + (order_big[k] if v >= HEUR_BIG_RANK else order_small[k])
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

cdef int heur_allocate(const SMState* s, const int* legal, int n) noexcept nogil:
    """Receipts: all / 10 / 5 / 1 into the hand if it can, else the largest chunk into the best-ranked
    deposit."""
    cdef int a, i, chunk, best = legal[0]
    cdef double v, bv = -1.0
    for chunk in range(CHUNK_ALL, -1, -1):
        a = allocation_id(chunk, HOLDING_HAND)
        if heur_in(legal, n, a):
            return a
    for i in range(n):
        a = legal[i]
        if allocation_holding(a) == HOLDING_HAND:
            continue
        # the best-ranked deposit; for it the largest chunk (all, 10, 5, 1): one Silver at a time
        # ended in the same place after many steps (and a line told for each)
        v = (s.rank[deposit_colour(allocation_holding(a))] * HEUR_ALLOC_RANK_WEIGHT
             + HEUR_ALLOC_CHUNK_WEIGHT * allocation_chunk(a))
        if v > bv:
            bv = v
            best = a
    return best

cdef int heur_transfer(const SMState* s, int p, const int* legal, int n) noexcept nogil:
    """Move the deposit on a kingdom about to collapse, to the hand if it can, else to the
    best-ranked deposit, all of it."""
    cdef int c, i, best
    if s.phase == PH_TR_FROM:
        c = heur_risky_deposit(s, p)
        if c >= 0 and heur_in(legal, n, deposit_holding(c)):
            return deposit_holding(c)
        return legal[0]
    if s.phase == PH_TR_TO:
        if heur_in(legal, n, HOLDING_HAND):
            return HOLDING_HAND
        best = legal[0]
        for i in range(n):
            if s.rank[deposit_colour(legal[i])] > s.rank[deposit_colour(best)]:
                best = legal[i]
        return best
    return legal[n - 1]

cdef int heur_settle_sell(const SMState* s, const int* legal, int n) noexcept nogil:
    """Sell the card whose income over the rounds left is worth least against its price (never a Land,
    which costs a Territory card)."""
    cdef int left = heur_rounds_left(s), best = SELL_NOTHING, i, a, c
    cdef double g, bv = 0.0
    for i in range(1, n):
        a = legal[i]
        c = (a - 1) // NTYPES
        g = HEUR_SETTLE_PREMIUM - left * income_of(s.rank[c]) + (SELL_LAND_PENALTY if (a - 1) % NTYPES == T_LAND else 0)
        if g > bv:
            bv = g
            best = a
    return best

cdef int heur_discard(const SMState* s, int p, const int* legal, int n) noexcept nogil:
    """PH_DISCARD: the least useful card; PH_EXCHANGE: with HEUR_EXCHANGE_MONEY, swap a useless card,
    else end."""
    cdef int i, best
    cdef double v, bv
    if s.phase == PH_DISCARD:
        best = legal[0]
        bv = heur_card_use(s, p, best)
        for i in range(1, n):
            v = heur_card_use(s, p, legal[i])
            if v < bv:
                bv = v
                best = legal[i]
        return best
    if total_money(s, p) >= HEUR_EXCHANGE_MONEY:
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

cdef int heur_take(const SMState* s, int p, const int* legal, int n) noexcept nogil:
    """The open-row card whose use plus the Silver on it beats its price by more than a blind draw."""
    cdef int i, a, best = TAKE_BLIND if heur_in(legal, n, TAKE_BLIND) else legal[0]
    cdef double v, bv = TAKE_BLIND_VALUE
    for i in range(n):
        a = legal[i]
        if a == 0:
            continue
        v = heur_card_use(s, p, s.row[a - 1]) + s.row_silver[a - 1] - (a - 1)
        if v > bv:
            bv = v
            best = a
    return best

cdef int heur_action(SMState* s, uint64_t* rng) noexcept nogil:
    """The heuristic bot's decision in s (a decision node)."""
    cdef int legal[SM_MAX_LEGAL]
    cdef int n = sm_legal(s, legal), p = s.asked, ph = s.phase, i, best, m, r
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
        r = s.rank[s.use_colour]
        return (CHOICE_YES if heur_rounds_left(s) * income_of(r) + r >= r + 1
                and total_money(s, p) - r >= (HEUR_BUY_RESERVE if r > HEUR_BUY_RESERVE else r) else CHOICE_NO)
    if ph == PH_COMBO_ROLL:
        return CHOICE_YES
    if ph == PH_ALLOCATE:
        return heur_allocate(s, legal, n)
    if ph == PH_TR_FROM or ph == PH_TR_TO or ph == PH_TR_AMOUNT:
        return heur_transfer(s, p, legal, n)
    if ph == PH_SETTLE_SELL:
        return heur_settle_sell(s, legal, n)
    if ph == PH_FORCED_SELL:
        best = legal[0]
        for i in range(n):
            if s.rank[legal[i] // NTYPES] < s.rank[best // NTYPES]:
                best = legal[i]
        return best
    if ph == PH_DISCARD or ph == PH_EXCHANGE:
        return heur_discard(s, p, legal, n)
    if ph == PH_TAKE:
        return heur_take(s, p, legal, n)
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


def heuristic_choice(ShadowMasterCore core, seed=0):
    """The heuristic bot's action in ``core`` (a decision node; reads only the deciding seat's hand
    and public facts, so the seat's canonical information state gives the same choice)."""
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef SMState s = core.st
    if sm_current_player(&s) < 0:
        raise ValueError("no decision is due")
    return heur_action(&s, &rng)


