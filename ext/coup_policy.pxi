# The Coup heuristic: the one rule-based policy, in C (included by coup_core.pyx).
#
# It serves four uses: the `heuristic` bot (engine/coup/heuristic.py is a thin face over
# policy_probs), the opponents' decisions inside the search (vt.model_probs), the belief's reading of
# the opponents' decisions (policy_likelihoods: every hand an opponent might hold at once), and the
# searcher's own prior.  What it does, rule by rule, is in docs/coup.md ("The heuristic").
#
# It reads only what the seat deciding may see: its own face-down cards (and an Exchange draw if it
# exchanges), face-up and shown cards, coins and the phase, plus a public context `ctx`:
#   ctx[q]                                   bit r set when seat q claimed role r (by an action or a
#                                            block) since it last exchanged (coup_model_observe keeps it)
#   ctx[MODEL_TYPE_AT + q * MODEL_NTYPES + t] the weight (0..255) of type t in seat q's play: seat q
#                                            decides as the mixture of the types by these weights
#                                            (all zero: the heuristic itself, MODEL_TYPE_HEURISTIC)
#   ctx[MODEL_HABIT_AT + (q * MODEL_NHABITS + h) * 2]  seat q's observed rate of habit h (HABIT_*: blocking
#                                            each blockable action, challenging), 0..255, and
#   ... + 1                                  the weight (0..255: 0 off) with which that rate replaces
#                                            the types' probability of doing it (in the search's model)
# A type is a style of the policy (CoupStyle): a factor on its bluffs, a change to its challenges, the
# fitted correction of searching bots (_fit_correct), or a uniform choice.  A belief sets the weights
# (CoupBelief.model_context); the bot's `style` option picks one type.
# ==================================================================================================
cpdef enum:
    MODEL_NTYPES = 8                    # the kinds of player the policy can play (MODEL_TYPE_*)
    MODEL_TYPE_AT = MAX_PLAYERS         # where the seats' type weights start in the context
    MODEL_NHABITS = 4                   # the habits a seat's context may carry (HABIT_*)
    MODEL_HABIT_AT = MAX_PLAYERS + MAX_PLAYERS * MODEL_NTYPES   # where the seats' habits start
    MODEL_CTX_SIZE = MODEL_HABIT_AT + MAX_PLAYERS * MODEL_NHABITS * 2
    MODEL_WEIGHT_MAX = 255              # a type weight is one byte
    MODEL_NFIT = 27                     # parameters of the fitted model of searches (POLICY_FIT_NAMES)
    FIT_BETA_ACT = 10                   # POLICY_FIT's beta of a turn action, a challenge, a block
    FIT_BETA_CH = 19
    FIT_BETA_BLK = 26

cpdef enum _ModelType:  # the types (styles) of the policy; MODEL_STYLES holds what each changes
    MODEL_TYPE_HEURISTIC = 0            # the heuristic as it is (the bot's default style)
    MODEL_TYPE_SEARCH = 1               # corrected by the fitted model of how searching bots decide
    MODEL_TYPE_HONEST = 2               # bluffs a tenth as often (the belief's `truthful` reading)
    MODEL_TYPE_TRUTHFUL = 3             # never claims or blocks with a role it does not hold
    MODEL_TYPE_BLUFFER = 4              # claims and blocks with roles it lacks four times as often
    MODEL_TYPE_CHALLENGER = 5           # challenges every claim and block it can
    MODEL_TYPE_PASSIVE = 6              # never challenges
    MODEL_TYPE_RANDOM = 7               # a uniformly random legal action


cpdef enum _Habit:  # habits: what a seat does when it may, whatever its cards (counted from the table)
    HABIT_BLOCK_FA = 0                  # blocks a Foreign Aid it is asked about
    HABIT_BLOCK_STEAL = 1               # blocks a Steal from it
    HABIT_BLOCK_ASSASSINATE = 2         # blocks an Assassination of it
    HABIT_CHALLENGE = 3                 # challenges a claim or a block


cdef struct CoupStyle:
    double bluff                        # factor on the weight of a claim or block of a role not held face down
    double challenge                    # factor on the probability of challenging (0: never)
    double challenge_floor              # the least probability of challenging (1: every claim and block)
    bint fitted                         # corrected by the fitted model of searches (_fit_correct)
    bint uniform                        # ignores all of the above: every legal action alike

cdef CoupStyle MODEL_STYLES[MODEL_NTYPES]


cdef void _set_style(int t, double bluff, double challenge, double floor, bint fitted, bint uniform) noexcept:
    MODEL_STYLES[t].bluff = bluff
    MODEL_STYLES[t].challenge = challenge
    MODEL_STYLES[t].challenge_floor = floor
    MODEL_STYLES[t].fitted = fitted
    MODEL_STYLES[t].uniform = uniform


BLUFFER_FACTOR = 4.0        # the bluffer's factor on every bluff's weight
HONEST_FACTOR = 0.1         # the honest reading's (belief.DEFAULT_PARAMS["truthful_bluff"])
#                     bluff           challenge  floor  fitted  uniform
_set_style(MODEL_TYPE_HEURISTIC, 1.0, 1.0, 0.0, False, False)
_set_style(MODEL_TYPE_SEARCH, 1.0, 1.0, 0.0, True, False)
_set_style(MODEL_TYPE_HONEST, HONEST_FACTOR, 1.0, 0.0, False, False)
_set_style(MODEL_TYPE_TRUTHFUL, 0.0, 1.0, 0.0, False, False)
_set_style(MODEL_TYPE_BLUFFER, BLUFFER_FACTOR, 1.0, 0.0, False, False)
_set_style(MODEL_TYPE_CHALLENGER, 1.0, 1.0, 1.0, False, False)
_set_style(MODEL_TYPE_PASSIVE, 1.0, 0.0, 0.0, False, False)
_set_style(MODEL_TYPE_RANDOM, 1.0, 1.0, 0.0, False, True)

MODEL_TYPE_NAMES = ("heuristic", "search", "honest", "truthful", "bluffer", "challenger", "passive", "random")


def model_type_names():
    """The policy's types by name, in MODEL_TYPE_* order (engine/coup/heuristic.py's styles, the
    belief's types)."""
    return list(MODEL_TYPE_NAMES)

FIT_EPS = 1e-3                          # keeps log p finite where the heuristic never plays a move
cdef double FIT_EPS_C = FIT_EPS         # the same, for the C code

# The fitted model of how searching bots decide among three or more (engine/coup/policyfit.py, which
# reads it from here; bench/fit_coup_policy.py prints a new one): per kind of decision, a weight per
# category of action and beta, in  P(a) ~ exp(theta[category(a)]) * (p_heuristic(a) + 0.001) ** beta.
_POLICY_FITTED = {
    "act": {
        "ass_b": -3.3437, "ass_t": 0.8624, "coup": 2.2173, "exch_b": -2.7219, "exch_t": -0.7107,
        "fa": 0.7048, "steal_b": -3.707, "steal_t": -0.2194, "tax_b": -4.7794, "tax_t": -1.0387,
        "beta": 0.2034,
    },
    "blk": {
        "blk_ass_b": 0.0748, "blk_ass_t": 1.6687, "blk_fa_b": -4.1709, "blk_fa_t": -2.8314,
        "blk_steal_b": -2.0727, "blk_steal_t": -2.0429, "beta": 0.4576,
    },
    "ch": {
        "ch_act_hurt_i1": -0.9653, "ch_act_hurt_i2": -1.0728, "ch_act_oth_i1": -1.3537,
        "ch_act_oth_i2": -2.4854, "ch_blk_hurt_i1": -0.3485, "ch_blk_hurt_i2": -1.0474,
        "ch_blk_oth_i1": -0.9299, "ch_blk_oth_i2": -1.4169, "beta": 0.3736,
    },
}
# the C table's order: _fit_category's indices
POLICY_FIT_NAMES = (
    ("act", "fa"), ("act", "coup"), ("act", "tax_t"), ("act", "tax_b"), ("act", "exch_t"), ("act", "exch_b"),
    ("act", "ass_t"), ("act", "ass_b"), ("act", "steal_t"), ("act", "steal_b"), ("act", "beta"),
    ("ch", "ch_act_hurt_i1"), ("ch", "ch_act_hurt_i2"), ("ch", "ch_act_oth_i1"), ("ch", "ch_act_oth_i2"),
    ("ch", "ch_blk_hurt_i1"), ("ch", "ch_blk_hurt_i2"), ("ch", "ch_blk_oth_i1"), ("ch", "ch_blk_oth_i2"),
    ("ch", "beta"),
    ("blk", "blk_fa_t"), ("blk", "blk_fa_b"), ("blk", "blk_ass_t"), ("blk", "blk_ass_b"),
    ("blk", "blk_steal_t"), ("blk", "blk_steal_b"), ("blk", "beta"))
cdef double POLICY_FIT[MODEL_NFIT]
for _i in range(MODEL_NFIT):
    POLICY_FIT[_i] = _POLICY_FITTED[POLICY_FIT_NAMES[_i][0]].get(POLICY_FIT_NAMES[_i][1], 0.0)


def policy_fitted():
    """The fitted model of searches (a fresh copy of the table above: kind -> name -> weight)."""
    return {kind: dict(par) for kind, par in _POLICY_FITTED.items()}


# --- what the seat deciding sees ---------------------------------------------------------------------
cdef double CARD_BASE_VALUE[5]
CARD_BASE_VALUE[0] = 5.0        # duke, assassin, captain, ambassador, contessa: how much a card is worth keeping
CARD_BASE_VALUE[1] = 4.0
CARD_BASE_VALUE[2] = 4.2
CARD_BASE_VALUE[3] = 2.5
CARD_BASE_VALUE[4] = 3.2
cdef double CONTESSA_VS_ASSASSIN = 1.5  # a Contessa's extra worth while an opponent claims Assassin
cdef double CAPTAIN_HEADS_UP = 0.8      # a Captain's extra worth heads-up
cdef double PAIR_PENALTY = 2.0          # an Exchange keeping two of a kind: fewer roles to claim


cdef struct MView:
    int me                      # the seat deciding
    int unseen[5]               # copies of each role it has not seen (not its own, not face up or shown)
    int unseen_total
    int has[5]                  # the seat's own face-down (unshown) cards, per role


cdef inline void _mview(const CoupState* s, int me, MView* v) noexcept nogil:
    cdef int p, slot, r
    cdef uint8_t c
    v.me = me
    for r in range(NROLES):
        v.unseen[r] = MAX_COPIES if s.copies == STANDARD_COPIES else copies_of(s, r)
        v.has[r] = 0
    for p in range(s.n):
        for slot in range(2 * p, 2 * p + 2):
            c = s.cards[slot]
            r = c & CARD_ROLE
            if r == CARD_EMPTY:
                continue
            if c & (CARD_UP | CARD_SHOWN):
                v.unseen[r] -= 1
            elif p == me:
                v.unseen[r] -= 1
                v.has[r] += 1
    if s.phase == PH_EXCHANGE and s.actor == me:
        for slot in range(2):
            if s.drawn[slot] != CARD_EMPTY:
                v.unseen[s.drawn[slot]] -= 1
    v.unseen_total = 0
    for r in range(NROLES):
        v.unseen_total += v.unseen[r]


cdef inline int _m_influence(const CoupState* s, int p) noexcept nogil:
    """Cards not turned face up (shown ones count)."""
    cdef int slot, k = 0
    for slot in range(2 * p, 2 * p + 2):
        if (s.cards[slot] & CARD_ROLE) != CARD_EMPTY and (s.cards[slot] & CARD_UP) == 0:
            k += 1
    return k


cdef inline int _m_hidden(const CoupState* s, int p) noexcept nogil:
    cdef int slot, k = 0
    for slot in range(2 * p, 2 * p + 2):
        if is_hidden_card(s.cards[slot]):
            k += 1
    return k


cdef inline double _m_threat(const CoupState* s, const uint8_t* claims, int q) noexcept nogil:
    return _m_influence(s, q) * 4 + s.coins[q] * 0.5 + (1.0 if claims[q] & (1 << ASSASSIN) else 0.0)


cdef inline bint _m_opp(const CoupState* s, int me, int q) noexcept nogil:
    return q != me and _m_influence(s, q) > 0


cdef inline double _m_card_value(const CoupState* s, const uint8_t* claims, int me, int role) noexcept nogil:
    cdef double val = CARD_BASE_VALUE[role]
    cdef int q
    if s.actions != ALL_ACTIONS and not role_has_use(s, role):
        return 0.0                  # a blank card
    if role == CONTESSA:
        for q in range(s.n):
            if _m_opp(s, me, q) and claims[q] & (1 << ASSASSIN):
                val += CONTESSA_VS_ASSASSIN
                break
    if role == CAPTAIN and s.n == 2:
        val += CAPTAIN_HEADS_UP
    return val


cdef inline double _comb12(int n, int k) noexcept nogil:
    if n < k:
        return 0.0
    if k == 1:
        return <double>n
    return <double>(n * (n - 1) // 2)


cdef inline double _m_p_holds(const CoupState* s, const MView* v, int q, int role) noexcept nogil:
    """Probability that q holds ``role`` among its face-down cards, from card counting alone."""
    cdef int k = _m_hidden(s, q), u = v.unseen_total, ur = v.unseen[role]
    cdef double den
    if k <= 0 or ur <= 0 or u <= 0:
        return 0.0
    den = _comb12(u, k)
    if den <= 0.0:
        return 1.0
    return 1.0 - _comb12(u - ur, k) / den


cdef inline int _claim_of(const CoupState* s, int a) noexcept nogil:
    """The role decision ``a`` claims in ``s`` (a turn action's or a block's), NO_CLAIM if none."""
    if s.phase == PH_BLOCK:
        return a - A_BLOCK if A_BLOCK <= a < A_REVEAL else NO_CLAIM
    if s.phase != PH_ACTION:
        return NO_CLAIM
    if a == A_TAX:
        return CLAIM_OF_KIND[K_TAX]
    if a == A_EXCHANGE:
        return CLAIM_OF_KIND[K_EXCHANGE]
    if A_ASSASSINATE <= a < A_STEAL:
        return CLAIM_OF_KIND[K_ASSASSINATE]
    if A_STEAL <= a < A_PASS:
        return CLAIM_OF_KIND[K_STEAL]
    return NO_CLAIM


# --- the heuristic's weights, per kind of decision (w: one weight per action id) ---------------------
cdef void _m_action(const CoupState* s, const uint8_t* claims, const MView* v, const int* legal, int n,
                    double* w) noexcept nogil:
    """A turn: coup the strongest opponent when it can (it must at forced_coup_at), assassinate the
    strongest opponent not known to claim Contessa, tax, steal from the richest opponent not known to
    claim a steal blocker, exchange a weak hand -- claiming what it holds, bluffing now and then."""
    cdef int me = v.me, q, t, i, ncoup = 0, gain, g, bg, bq
    cdef int coins = s.coins[me]
    cdef double bt, th
    cdef bint any_clean, duke_claimed = False, strong
    for i in range(n):
        if A_COUP <= legal[i] < A_ASSASSINATE:
            ncoup += 1
    # the strongest opponent
    t = -1
    bt = -1e300
    for q in range(s.n):
        if _m_opp(s, me, q):
            th = _m_threat(s, claims, q)
            if th > bt:
                bt = th
                t = q
    if ncoup and (coins >= s.forced_coup_at or ncoup == n):
        w[A_COUP + t] = 1.0
        return
    if ncoup:
        w[A_COUP + t] = 30.0
    if coins >= s.assassinate_cost:
        any_clean = False
        for q in range(s.n):
            if _m_opp(s, me, q) and not (claims[q] & (1 << CONTESSA)):
                any_clean = True
        bq = -1
        bt = -1e300
        for q in range(s.n):
            if _m_opp(s, me, q) and (not any_clean or not (claims[q] & (1 << CONTESSA))):
                th = _m_threat(s, claims, q)
                if th > bt:
                    bt = th
                    bq = q
        if v.has[ASSASSIN]:
            w[A_ASSASSINATE + bq] = 12.0
        elif v.unseen[ASSASSIN] > 0:
            w[A_ASSASSINATE + bq] = 0.6
    if v.has[DUKE]:
        w[A_TAX] = 10.0
    elif v.unseen[DUKE] > 0:
        w[A_TAX] = 1.8
    # steal from the richest opponent who has not claimed a steal blocker
    any_clean = False
    bq = -1
    for q in range(s.n):
        if _m_opp(s, me, q) and s.coins[q] >= 1:
            bq = q
            if not (claims[q] & ((1 << CAPTAIN) | (1 << AMBASSADOR))):
                any_clean = True
    if bq >= 0:
        bq = -1
        bg = -1
        bt = -1e300
        for q in range(s.n):
            if _m_opp(s, me, q) and s.coins[q] >= 1 and (
                    not any_clean or not (claims[q] & ((1 << CAPTAIN) | (1 << AMBASSADOR)))):
                g = s.coins[q] if s.coins[q] < s.steal_amount else s.steal_amount
                th = _m_threat(s, claims, q)
                if g > bg or (g == bg and th > bt):
                    bg = g
                    bt = th
                    bq = q
        gain = bg
        if v.has[CAPTAIN]:
            w[A_STEAL + bq] = 4.0 + 2.0 * gain
        elif v.unseen[CAPTAIN] > 0 and gain >= 2:
            w[A_STEAL + bq] = 0.6
    strong = v.has[DUKE] or v.has[CAPTAIN] or v.has[ASSASSIN]
    if v.has[AMBASSADOR] and not strong:
        w[A_EXCHANGE] = 5.0
    elif not strong and v.unseen[AMBASSADOR] > 0:
        w[A_EXCHANGE] = 0.8
    for q in range(s.n):
        if _m_opp(s, me, q) and claims[q] & (1 << DUKE):
            duke_claimed = True
    w[A_FOREIGN_AID] = 0.4 if (duke_claimed or v.has[DUKE]) else 2.5
    w[A_INCOME] = 1.5


cdef void _m_challenge(const CoupState* s, const MView* v, bint of_block, double* w) noexcept nogil:
    """A challenge: always when the claim is impossible by card counting, else the less likely the
    claim and the more it hurts, the likelier a challenge (half as likely with one influence left);
    an assassination's target challenges or not by whether it could bluff a Contessa instead."""
    cdef int me = v.me, claimant, role
    cdef double p_true, x
    cdef bint hurts_me
    if of_block:
        claimant = s.blocker
        role = s.block_role
    else:
        claimant = s.actor
        role = CLAIM_OF_KIND[s.kind]
    p_true = _m_p_holds(s, v, claimant, role)
    if p_true <= 0.0:
        w[A_CHALLENGE] = 1.0
        return
    hurts_me = (not of_block and s.target == me) or (of_block and s.actor == me)
    if not of_block and s.kind == K_ASSASSINATE and s.target == me:
        if v.has[CONTESSA]:
            w[A_PASS] = 1.0
            return
        if _m_influence(s, me) == 1:
            if p_true < 0.45:
                w[A_CHALLENGE] = 0.8
                w[A_PASS] = 0.2
            else:
                w[A_PASS] = 0.8
                w[A_CHALLENGE] = 0.2
            return
    if p_true < 0.25:
        x = 0.7 if hurts_me else 0.45
    elif p_true < 0.5:
        x = 0.25 if hurts_me else 0.08
    else:
        x = 0.04 if hurts_me else 0.01
    if _m_influence(s, me) == 1:
        x *= 0.5
    w[A_CHALLENGE] = x
    w[A_PASS] = 1.0 - x


cdef void _m_block(const CoupState* s, const MView* v, double* w) noexcept nogil:
    """A block: with the card it holds; else a bluff now and then (a Contessa almost surely when the
    assassination would end it)."""
    cdef int me = v.me, role, loss
    cdef double x
    if s.kind == K_FOREIGN_AID:
        if v.has[DUKE]:
            w[A_BLOCK + DUKE] = 0.9
            w[A_PASS] = 0.1
            return
        x = 0.06 if v.unseen[DUKE] > 0 else 0.0
        w[A_BLOCK + DUKE] = x
        w[A_PASS] = 1.0 - x
        return
    if s.kind == K_ASSASSINATE:
        if v.has[CONTESSA]:
            w[A_BLOCK + CONTESSA] = 1.0
            return
        if v.unseen[CONTESSA] == 0:
            x = 0.15 if _m_influence(s, me) == 1 else 0.0
        elif _m_influence(s, me) == 1:
            x = 0.85
        else:
            x = 0.3
        w[A_BLOCK + CONTESSA] = x
        w[A_PASS] = 1.0 - x
        return
    if v.has[CAPTAIN]:
        w[A_BLOCK + CAPTAIN] = 1.0
        return
    if v.has[AMBASSADOR]:
        w[A_BLOCK + AMBASSADOR] = 1.0
        return
    loss = s.coins[me] if s.coins[me] < s.steal_amount else s.steal_amount
    x = 0.3 if loss >= 2 else 0.08
    role = CAPTAIN if v.unseen[CAPTAIN] >= v.unseen[AMBASSADOR] else AMBASSADOR
    if v.unseen[role] == 0:
        x = 0.0
    w[A_BLOCK + role] = x
    w[A_PASS] = 1.0 - x


cdef void _m_lose(const CoupState* s, const uint8_t* claims, int me, const int* legal, int n,
                  double* w) noexcept nogil:
    """Losing an influence: the least valuable card (ties: the lower role)."""
    cdef int i, r, best = -1
    cdef double val, bv = 1e300
    for i in range(n):
        r = legal[i] - A_REVEAL
        val = _m_card_value(s, claims, me, r)
        if val < bv or (val == bv and r < best):
            bv = val
            best = r
    w[A_REVEAL + best] = 1.0


cdef void _m_exchange(const CoupState* s, const uint8_t* claims, int me, const int* legal, int n,
                      double* w) noexcept nogil:
    """An Exchange: the most valuable hand to keep (two of a kind count less; ties: the first)."""
    cdef int i, a, best = -1, r1, r2
    cdef double sc, bs = -1e300
    for i in range(n):
        a = legal[i]
        if a < A_KEEP2:
            sc = 0.0 + _m_card_value(s, claims, me, a - A_KEEP1)
        else:
            r1 = PAIR_A[a - A_KEEP2]
            r2 = PAIR_B[a - A_KEEP2]
            sc = 0.0 + _m_card_value(s, claims, me, r1) + _m_card_value(s, claims, me, r2)
            if r1 == r2:
                sc -= PAIR_PENALTY
        if sc > bs:
            bs = sc
            best = a
    w[best] = 1.0


cdef void _heuristic_weights(const CoupState* s, const uint8_t* claims, const MView* v, const int* legal,
                             int n, double* out) noexcept nogil:
    """The heuristic's weight of each legal action (out[i] for legal[i]; not normalized)."""
    cdef double w[NUM_ACTIONS]
    cdef int i, ph = s.phase, role
    for i in range(n):
        w[legal[i]] = 0.0
    if ph == PH_ACTION:
        _m_action(s, claims, v, legal, n, w)
    elif ph == PH_CHALLENGE or ph == PH_BCHALLENGE:
        _m_challenge(s, v, ph == PH_BCHALLENGE, w)
    elif ph == PH_BLOCK:
        _m_block(s, v, w)
    elif ph == PH_DEFEND or ph == PH_BDEFEND:
        role = s.block_role if ph == PH_BDEFEND else CLAIM_OF_KIND[s.kind]
        for i in range(n):
            if legal[i] == A_REVEAL + role:
                w[A_REVEAL + role] = 1.0        # prove the claim
                break
        else:
            _m_lose(s, claims, v.me, legal, n, w)
    elif ph == PH_LOSE:
        _m_lose(s, claims, v.me, legal, n, w)
    elif ph == PH_EXCHANGE:
        _m_exchange(s, claims, v.me, legal, n, w)
    for i in range(n):
        out[i] = w[legal[i]]


# --- styles ------------------------------------------------------------------------------------------
cdef void _apply_style(const CoupState* s, const MView* v, const CoupStyle* st, const int* legal, int n,
                       double* w) noexcept nogil:
    """Weights ``w`` (legal order) changed by style ``st``: each bluff's weight times ``st.bluff``; the
    probability of challenging x made min(1, max(floor, x * st.challenge))."""
    cdef int i, r, ph = s.phase, ich = -1, ipass = -1
    cdef double x, total
    if st.bluff != 1.0 and (ph == PH_ACTION or ph == PH_BLOCK):
        for i in range(n):
            r = _claim_of(s, legal[i])
            if r != NO_CLAIM and not v.has[r]:
                w[i] *= st.bluff
    if (st.challenge != 1.0 or st.challenge_floor > 0.0) and (ph == PH_CHALLENGE or ph == PH_BCHALLENGE):
        for i in range(n):
            if legal[i] == A_CHALLENGE:
                ich = i
            elif legal[i] == A_PASS:
                ipass = i
        if ich < 0 or ipass < 0:
            return
        total = w[ich] + w[ipass]
        x = w[ich] / total if total > 0.0 else 0.0
        x *= st.challenge
        if x < st.challenge_floor:
            x = st.challenge_floor
        if x > 1.0:
            x = 1.0
        w[ich] = x
        w[ipass] = 1.0 - x


cdef inline void _normalize(int n, double* w) noexcept nogil:
    """``w`` made a distribution (the positive weights; all zero: uniform)."""
    cdef int i
    cdef double total = 0.0
    for i in range(n):
        if w[i] > 0.0:
            total += w[i]
    if total <= 0.0:
        for i in range(n):
            w[i] = 1.0 / n
        return
    for i in range(n):
        w[i] = w[i] / total if w[i] > 0.0 else 0.0


cdef void _type_probs(const CoupState* s, const MView* v, int t, const int* legal, int n, const double* base,
                      double* out) noexcept nogil:
    """The probabilities of type ``t`` (out, legal order) from the heuristic's weights ``base``."""
    cdef const CoupStyle* st = &MODEL_STYLES[t]
    cdef int i, ph = s.phase
    if st.uniform:
        for i in range(n):
            out[i] = 1.0 / n
        return
    for i in range(n):
        out[i] = base[i]
    _apply_style(s, v, st, legal, n, out)
    _normalize(n, out)
    if st.fitted and (ph == PH_ACTION or ph == PH_CHALLENGE or ph == PH_BCHALLENGE or ph == PH_BLOCK):
        _fit_correct(s, v, legal, n, out)


cdef void coup_policy_probs(const CoupState* s, const uint8_t* claims, int t, const int* legal, int n,
                            double* out) noexcept nogil:
    """The policy of type ``t`` for the seat deciding in ``s``: out[i] the probability of legal[i]."""
    cdef double base[MAX_LEGAL]
    cdef MView v
    if n == 1:
        out[0] = 1.0
        return
    _mview(s, s.asked, &v)
    _heuristic_weights(s, claims, &v, legal, n, base)
    _type_probs(s, &v, t, legal, n, base, out)


cdef inline int _habit_of(const CoupState* s) noexcept nogil:
    """The habit a decision in ``s`` exercises (HABIT_*), -1 if none."""
    if s.phase == PH_BLOCK:
        if s.kind == K_FOREIGN_AID:
            return HABIT_BLOCK_FA
        return HABIT_BLOCK_STEAL if s.kind == K_STEAL else HABIT_BLOCK_ASSASSINATE
    if s.phase == PH_CHALLENGE or s.phase == PH_BCHALLENGE:
        return HABIT_CHALLENGE
    return -1


cdef inline bint _habit_yes(int a) noexcept nogil:
    """Whether action ``a`` does what a habit counts (a block or a challenge)."""
    return a == A_CHALLENGE or A_BLOCK <= a < A_REVEAL


cdef void _apply_habit(const CoupState* s, const uint8_t* ctx, const int* legal, int n, double* out) noexcept nogil:
    """out (legal order) with the seat's observed habit blended in: the probability of doing it (all
    blocks, or the challenge) made (1 - w) * p + w * rate, the actions' shares within each side kept."""
    cdef int h = _habit_of(s), i, nyes = 0
    cdef const uint8_t* hb
    cdef double w, target, p = 0.0
    if h < 0:
        return
    hb = ctx + MODEL_HABIT_AT + (s.asked * MODEL_NHABITS + h) * 2
    if hb[1] == 0:
        return
    w = hb[1] / <double>MODEL_WEIGHT_MAX
    for i in range(n):
        if _habit_yes(legal[i]):
            p += out[i]
            nyes += 1
    if nyes == 0 or nyes == n:
        return
    target = (1.0 - w) * p + w * (hb[0] / <double>MODEL_WEIGHT_MAX)
    for i in range(n):
        if _habit_yes(legal[i]):
            out[i] = out[i] * target / p if p > 0.0 else target / nyes
        else:
            out[i] = out[i] * (1.0 - target) / (1.0 - p) if p < 1.0 else (1.0 - target) / (n - nyes)


cdef void coup_model_probs(const CoupState* s, const uint8_t* ctx, const int* legal, int n,
                           double* out) noexcept nogil:
    """The opponent model: the seat deciding plays the mixture of the types its context weighs, with
    its observed habits blended in."""
    _mixture_probs(s, ctx, legal, n, out)
    if n > 1:
        _apply_habit(s, ctx, legal, n, out)


cdef void _mixture_probs(const CoupState* s, const uint8_t* ctx, const int* legal, int n,
                         double* out) noexcept nogil:
    """The mixture of the types the context weighs for the seat deciding."""
    cdef const uint8_t* mix = ctx + MODEL_TYPE_AT + s.asked * MODEL_NTYPES
    cdef double base[MAX_LEGAL]
    cdef double part[MAX_LEGAL]
    cdef double share
    cdef MView v
    cdef int t, i, total = 0, kinds = 0, only = MODEL_TYPE_HEURISTIC
    if n == 1:
        out[0] = 1.0
        return
    for t in range(MODEL_NTYPES):
        if mix[t]:
            total += mix[t]
            kinds += 1
            only = t
    _mview(s, s.asked, &v)
    _heuristic_weights(s, ctx, &v, legal, n, base)
    if kinds <= 1:
        _type_probs(s, &v, only, legal, n, base, out)
        return
    for i in range(n):
        out[i] = 0.0
    for t in range(MODEL_NTYPES):
        if mix[t]:
            _type_probs(s, &v, t, legal, n, base, part)
            share = mix[t] / <double>total
            for i in range(n):
                out[i] += share * part[i]


# --- the fitted model of searches ---------------------------------------------------------------------
cdef int _fit_category(const CoupState* s, const MView* v, int a) noexcept nogil:
    """The index in POLICY_FIT of legal action a's weight for the seat deciding (v.me), or -1 for a
    reference action (income, pass): engine/coup/policyfit.py's category(), rule for rule."""
    cdef int ph = s.phase, me = v.me, k
    cdef bint of_block, hurts
    if ph == PH_ACTION:
        if a == A_FOREIGN_AID:
            return 0
        if A_COUP <= a < A_ASSASSINATE:
            return 1
        if a == A_TAX:
            return 2 if v.has[DUKE] else 3
        if a == A_EXCHANGE:
            return 4 if v.has[AMBASSADOR] else 5
        if A_ASSASSINATE <= a < A_STEAL:
            return 6 if v.has[ASSASSIN] else 7
        if A_STEAL <= a < A_PASS:
            return 8 if v.has[CAPTAIN] else 9
        return -1
    if ph == PH_CHALLENGE or ph == PH_BCHALLENGE:
        if a != A_CHALLENGE:
            return -1
        of_block = ph == PH_BCHALLENGE
        hurts = s.actor == me if of_block else s.target == me
        return 11 + (4 if of_block else 0) + (0 if hurts else 2) + (0 if _m_hidden(s, me) == 1 else 1)
    if ph == PH_BLOCK:
        if not (A_BLOCK <= a < A_REVEAL):
            return -1
        if s.kind == K_FOREIGN_AID:
            k = 0
        elif s.kind == K_ASSASSINATE:
            k = 1
        elif s.kind == K_STEAL:
            k = 2
        else:
            return -1
        return 20 + 2 * k + (0 if v.has[a - A_BLOCK] else 1)
    return -1


cdef void _fit_correct(const CoupState* s, const MView* v, const int* legal, int n, double* out) noexcept nogil:
    """out (the heuristic's probabilities of legal[0..n)) corrected by the fitted model of searches."""
    cdef int i, c, ph = s.phase
    cdef double beta, top = -1e300, z = 0.0
    cdef double sc[MAX_LEGAL]
    beta = POLICY_FIT[FIT_BETA_ACT if ph == PH_ACTION else (FIT_BETA_BLK if ph == PH_BLOCK else FIT_BETA_CH)]
    for i in range(n):
        c = _fit_category(s, v, legal[i])
        sc[i] = (POLICY_FIT[c] if c >= 0 else 0.0) + beta * log(out[i] + FIT_EPS_C)
        if sc[i] > top:
            top = sc[i]
    for i in range(n):
        sc[i] = exp(sc[i] - top)
        z += sc[i]
    for i in range(n):
        out[i] = sc[i] / z


# --- the context along a path, and the hooks -----------------------------------------------------------
cdef void coup_model_observe(uint8_t* claims, const CoupState* s, int a) noexcept nogil:
    """The context after decision ``a`` in ``s``: a claim or block adds its role to the seat's claims;
    an Exchange clears the exchanger's."""
    cdef int r
    if s.phase == PH_EXCHANGE:
        claims[s.actor] = 0
        return
    r = _claim_of(s, a)
    if r != NO_CLAIM:
        claims[s.asked] |= 1 << r


cdef void _model_probs(const void* st, const void* ctx, const int* legal, int n, double* out) noexcept nogil:
    coup_model_probs(<const CoupState*>st, <const uint8_t*>ctx, legal, n, out)


cdef void _model_observe(void* ctx, const void* st, int a) noexcept nogil:
    coup_model_observe(<uint8_t*>ctx, <const CoupState*>st, a)


COUP_VT.model_probs = _model_probs
COUP_VT.model_observe = _model_observe
COUP_VT.model_ctx_size = MODEL_CTX_SIZE


# --- Python face ---------------------------------------------------------------------------------------
cdef int _read_ctx(ctx, uint8_t* out) except -1:
    """``ctx`` (bytes of MODEL_CTX_SIZE, or None: zeros) into ``out``."""
    memset(out, 0, MODEL_CTX_SIZE)
    if ctx is None:
        return 0
    data = bytes(ctx)
    if len(data) != MODEL_CTX_SIZE:
        raise ValueError(f"a Coup model context has {MODEL_CTX_SIZE} bytes, not {len(data)}")
    for i in range(MODEL_CTX_SIZE):
        out[i] = data[i]
    return 0


cdef int _check_type(int t) except -1:
    if not 0 <= t < MODEL_NTYPES:
        raise ValueError(f"no policy type {t} (0..{MODEL_NTYPES - 1}: {', '.join(MODEL_TYPE_NAMES)})")
    return 0


def policy_probs(CoupCore core, ctx=None, int style=MODEL_TYPE_HEURISTIC):
    """The heuristic's probability of each of ``core.legal_actions()`` (in that order) for the seat
    deciding, played in ``style`` (a MODEL_TYPE_*), given the public context ``ctx`` (bytes of
    MODEL_CTX_SIZE; None: no claims).  ``core`` may hold placeholders for the cards the seat cannot see:
    the policy never reads them."""
    cdef uint8_t cx[MODEL_CTX_SIZE]
    cdef int legal[MAX_LEGAL]
    cdef double out[MAX_LEGAL]
    cdef int n
    _check_type(style)
    _read_ctx(ctx, cx)
    if coup_current_player(&core.st) < 0:
        raise ValueError("not a decision")
    n = coup_legal(&core.st, legal)
    coup_policy_probs(&core.st, cx, style, legal, n, out)
    return [out[i] for i in range(n)]


def policy_likelihoods(CoupCore core, int seat, ctx, int action, types, double eps=0.0):
    """How likely ``seat``'s decision ``action`` is in ``core`` under each policy type in ``types``, for
    every hand it might hold face down: per type, a list in the belief table's layout (5 one-card
    hands, then 15 pairs; the hands of another size than seat's face-down cards now are 0) of
    ``(1 - eps) * p + eps / k`` -- p the type's probability of ``action`` for that hand, k the number
    of legal actions -- and 0 where the hand makes ``action`` illegal (a reveal of a card it lacks).
    The belief's likelihood of a decision (engine/coup/belief.py), every hand at once."""
    cdef CoupState s = core.st
    cdef uint8_t cx[MODEL_CTX_SIZE]
    cdef int legal[MAX_LEGAL]
    cdef double base[MAX_LEGAL]
    cdef double probs[MAX_LEGAL]
    cdef int slots[2]
    cdef int tlist[MODEL_NTYPES]
    cdef int nt = 0, m, h, first, last, n, i, k, idx
    cdef MView v
    for t in types:
        _check_type(t)
        if nt == MODEL_NTYPES:
            raise ValueError(f"at most {MODEL_NTYPES} types")
        tlist[nt] = t
        nt += 1
    _read_ctx(ctx, cx)
    if coup_current_player(&s) != seat:
        raise ValueError(f"it is not seat {seat}'s decision")
    m = _hidden_slots(&s, seat, slots)
    out = [[0.0] * BELIEF_HANDS for _ in range(nt)]
    if m == 0:
        return out
    first = 0 if m == 1 else NROLES
    last = NROLES if m == 1 else BELIEF_HANDS
    for h in range(first, last):
        if m == 1:
            s.cards[slots[0]] = h
        else:
            s.cards[slots[0]] = PAIR_A[h - NROLES]
            s.cards[slots[1]] = PAIR_B[h - NROLES]
        n = coup_legal(&s, legal)
        idx = -1
        for i in range(n):
            if legal[i] == action:
                idx = i
        if idx < 0:
            continue
        if n == 1:
            for k in range(nt):
                out[k][h] = 1.0
            continue
        _mview(&s, seat, &v)
        _heuristic_weights(&s, cx, &v, legal, n, base)
        for k in range(nt):
            _type_probs(&s, &v, tlist[k], legal, n, base, probs)
            out[k][h] = (1.0 - eps) * probs[idx] + eps / n
    return out


ModelType = _public_enum("ModelType", _ModelType, "MODEL_TYPE_",
                         "The policy's types (styles), in the order of model_type_names().")
Habit = _public_enum("Habit", _Habit, "HABIT_", "The habits a seat's model context may carry.")
