# The search's rollout policy (a rule of thumb per decision) and its opponent model.  Included by
# shadow_master_core.pyx.


# --- a cheap rollout policy (the search's policy_playout) ------------------------------------------------
cdef enum:
    USE_PLACE = 2            # use_weight: a placement's base weight,
    USE_PLACE_STAKE = 3      # ... more if the seat holds Power cards of the colour,
    USE_PLACE_NEIGHBOUR = 2  # ... more per neighbour already of the colour
    USE_OTHER = 1            # any other use but declining (or a transfer first), which weighs 0
    POLICY_PICK_STAKE = 4    # a rolled colour's weight per Power card held of it, plus a random 0 .. this - 1
    POLICY_BUY_RANK_MIN = 2  # a Power card is bought of a colour of at least this rank,
    POLICY_BUY_RESERVE = 2   # ... keeping this much money after paying
    POLICY_EXCHANGE_MONEY = 4     # a dead card is exchanged from this much money
    POLICY_ALLOC_RANK_WEIGHT = 8  # a deposit's worth for receipts: rank x this + the chunk

cdef inline bint dead_card(const SMState* s, int t) noexcept nogil:
    if t == XCARD:
        return False
    return s.colour[t] == BLACK or s.tokens[t] >= cell_cap(s, t)

cdef inline int use_weight(const SMState* s, int p, int c, int a) noexcept nogil:
    """The rollout policy's weight of use `a` of colour c by p (the opponent model samples the same):
    a placement USE_PLACE, + USE_PLACE_STAKE if p holds cards of c, + USE_PLACE_NEIGHBOUR per neighbour
    already of c; other uses USE_OTHER; declining (or a transfer first) 0."""
    cdef int h, k, w
    if a < U_ALLY:
        h = a % NCELLS
        w = USE_PLACE + (USE_PLACE_STAKE if cards_of_colour(s, p, c) > 0 else 0)
        for k in range(N_NEIGHBOURS[s.board][h]):
            if s.colour[NEIGHBOUR[s.board][h][k]] == c:
                w += USE_PLACE_NEIGHBOUR
        return w
    return 0 if a == U_DECLINE or a == U_TRANSFER else USE_OTHER


cdef int policy_phase1(const SMState* s, const int* legal, int n, uint64_t* rng) noexcept nogil:
    """A black token at random (with room in the hand for its 3 Silver), else MILITARY, else roll."""
    cdef int i, k, blacks = 0
    for i in range(n):
        if legal[i] >= A_BLACK:
            blacks += 1
    if blacks and s.hand_money[s.asked] < HAND_LIMIT:
        k = rng_below(rng, blacks)
        for i in range(n):
            if legal[i] >= A_BLACK:
                if k == 0:
                    return legal[i]
                k -= 1
    for i in range(n):
        if A_MIL <= legal[i] < A_SHADOW:
            return legal[i]
    return A_ROLL

cdef int policy_use(const SMState* s, const int* legal, int n, uint64_t* rng) noexcept nogil:
    """A use drawn by use_weight (declining only when nothing else weighs)."""
    cdef int w[SM_MAX_LEGAL]
    cdef int i, k, total = 0
    for i in range(n):
        w[i] = use_weight(s, s.asked, s.use_colour, legal[i])
        total += w[i]
    if total == 0:
        for i in range(n):
            if legal[i] == U_DECLINE:
                return U_DECLINE
        return legal[0]
    k = rng_below(rng, total)
    for i in range(n):
        if k < w[i]:
            return legal[i]
        k -= w[i]
    return legal[0]

cdef int policy_allocate(const SMState* s, const int* legal, int n) noexcept nogil:
    """All to hand if it can, else the best-ranked deposit (the largest chunk)."""
    cdef int i, v, best = -1, bv = -1
    for i in range(n):
        if legal[i] == allocation_id(CHUNK_ALL, HOLDING_HAND):
            return legal[i]
    for i in range(n):
        if allocation_holding(legal[i]) == HOLDING_HAND:
            continue
        v = s.rank[deposit_colour(allocation_holding(legal[i]))] * POLICY_ALLOC_RANK_WEIGHT + allocation_chunk(legal[i])
        if v > bv:
            bv = v
            best = legal[i]
    return best if best >= 0 else legal[n - 1]

cdef int policy_action(SMState* s, uint64_t* rng) noexcept nogil:
    """A rule of thumb per decision, read from what the deciding seat may see (its own hand and the
    public state): place where the colour already stands, buy cheap Power, keep money in hand, take
    black-token rewards, never start a transfer, sell only in the final round."""
    cdef int legal[SM_MAX_LEGAL]
    cdef int n = sm_legal(s, legal), i, p = s.asked, c, best = -1, bv, v
    cdef int ph = s.phase
    if n <= 1:
        return legal[0]
    if ph == PH_P1:
        return policy_phase1(s, legal, n, rng)
    if ph == PH_PICK_DIE:
        bv = -1
        for i in range(n):
            v = cards_of_colour(s, p, legal[i]) * POLICY_PICK_STAKE + <int>rng_below(rng, POLICY_PICK_STAKE)
            if v > bv:
                bv = v
                best = legal[i]
        return best
    if ph == PH_USE:
        return policy_use(s, legal, n, rng)
    if ph == PH_BUY:
        c = s.use_colour
        if s.rank[c] >= POLICY_BUY_RANK_MIN and total_money(s, p) - s.rank[c] >= POLICY_BUY_RESERVE:
            return CHOICE_YES
        return CHOICE_NO
    if ph == PH_COMBO_ROLL:
        return CHOICE_YES
    if ph == PH_SHADOW:
        return SH_NONE
    if ph == PH_TAKE:
        return legal[0]
    if ph == PH_EXCHANGE:
        if total_money(s, p) >= POLICY_EXCHANGE_MONEY:
            for i in range(n):
                if legal[i] >= EX_DISCARD and dead_card(s, legal[i] - EX_DISCARD):
                    return legal[i]
        return EX_END
    if ph == PH_ALLOCATE:
        return policy_allocate(s, legal, n)
    if ph == PH_SETTLE_SELL:
        if s.end_round and s.round > s.end_round:
            return legal[n - 1]
        return SELL_NOTHING
    if ph == PH_FORCED_SELL:
        bv = 1000
        for i in range(n):
            v = s.rank[legal[i] // NTYPES]
            if v < bv:
                bv = v
                best = legal[i]
        return best
    if ph == PH_DISCARD:
        for i in range(n):
            if dead_card(s, legal[i]):
                return legal[i]
        return legal[0]
    return legal[rng_below(rng, n)]

cdef enum:
    MODEL_SHARE_PCT = 90     # the opponent model: this share on the rollout policy's choice, the rest uniform

cdef void sm_model_probs(const SMState* s, const int* legal, int n, double* out) noexcept nogil:
    """The opponent model (``ismcts:opponents=model``): the rollout policy's distribution where it
    samples (uses: by its weights), elsewhere its choice -- or, with search_rollout=1 (opt_roll), the
    heuristic bot's choice; mixed with 10 % uniform so that every legal action stays possible.  Reads
    only what the deciding seat may see, like the policy."""
    cdef uint64_t r = (<uint64_t>s.round * <uint64_t>0x9E3779B9) ^ ((<uint64_t>s.phase) << 32) ^ ((<uint64_t>s.asked) << 40) ^ (<uint64_t>s.tokens_placed)
    cdef double share = MODEL_SHARE_PCT / 100.0, tot = 0.0
    cdef double w[SM_MAX_LEGAL]
    cdef int i, a, k, h, p = s.asked, c = s.use_colour
    for i in range(n):
        out[i] = (1.0 - share) / n
    if s.phase == PH_USE and not s.opt_rollout:
        for i in range(n):
            w[i] = use_weight(s, p, c, legal[i])
            tot += w[i]
        if tot > 0.0:
            for i in range(n):
                out[i] += share * w[i] / tot
            return
    if s.opt_rollout:                           # search_rollout=1: the model is the heuristic bot
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
    cdef bint heur = s.opt_rollout
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


def policy_choice(ShadowMasterCore core, seed=0):
    """The rollout policy's action in ``core`` (a decision node)."""
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef SMState s = core.st
    if sm_current_player(&s) < 0:
        raise ValueError("no decision is due")
    return policy_action(&s, &rng)


