# The Coup rollout policy (included by coup_core.pyx): the cheap, mostly honest player of the
# search's policy playouts.


# --- rollout policy (search): a cheap, mostly honest player for playouts -------------------------
cdef inline bint _holds(const CoupState* s, int p, int role) noexcept nogil:
    return find_card(s, p, role) >= 0


cdef inline int _random_target(const CoupState* s, int p, int base, uint64_t* rng) noexcept nogil:
    """``base + q`` for a uniformly chosen living opponent q of p."""
    cdef int q, k = 0, pick
    for q in range(s.n):
        if q != p and s.place[q] == 0:
            k += 1
    pick = rng_below(rng, k)
    for q in range(s.n):
        if q != p and s.place[q] == 0:
            if pick == 0:
                return base + q
            pick -= 1
    return base


cdef int _pick_weighted(const int* acts, const double* w, int k, uint64_t* rng) noexcept nogil:
    """acts[i] with probability w[i] / sum(w) (k >= 1)."""
    cdef double total = 0.0, u
    cdef int i
    for i in range(k):
        total += w[i]
    u = rng_unit(rng) * total
    for i in range(k):
        if u < w[i]:
            return acts[i]
        u -= w[i]
    return acts[k - 1]


cdef int variant_policy_turn(CoupState* s, int p, uint64_t* rng) noexcept nogil:
    """The rollout policy's turn action (below the Coup it would make) in a ruleset that leaves some
    actions out or limits Assassinations: coup_policy_action's weights for the actions there are."""
    cdef double w[8]
    cdef int acts[8]
    cdef int k = 0
    if may_assassinate(s, p):
        acts[k] = _random_target(s, p, A_ASSASSINATE, rng)
        w[k] = 4.0 if _holds(s, p, ASSASSIN) else 0.3
        k += 1
    if can_declare(s, K_TAX):
        acts[k] = A_TAX
        w[k] = 4.0 if _holds(s, p, DUKE) else 0.5
        k += 1
    if can_declare(s, K_STEAL):
        acts[k] = _random_target(s, p, A_STEAL, rng)
        w[k] = (3.0 if _holds(s, p, CAPTAIN) else 0.3) if s.coins[acts[k] - A_STEAL] > 0 else 0.05
        k += 1
    if can_declare(s, K_EXCHANGE):
        acts[k] = A_EXCHANGE
        w[k] = 1.0 if _holds(s, p, AMBASSADOR) else 0.1
        k += 1
    acts[k] = A_INCOME
    w[k] = 1.0
    k += 1
    if can_declare(s, K_FOREIGN_AID):
        acts[k] = A_FOREIGN_AID
        w[k] = 1.0
        k += 1
    return _pick_weighted(acts, w, k, rng)


_variant_rules.policy_turn = variant_policy_turn


cdef int coup_policy_action(CoupState* s, uint64_t* rng) noexcept nogil:
    """One decision of the rollout policy: claims what it holds, bluffs and challenges rarely,
    blocks with the cards it has, coups when it can."""
    cdef int buf[MAX_LEGAL]
    cdef double w[8]
    cdef int acts[8]
    cdef int n = coup_legal(s, buf), p = s.asked, ph = s.phase, k = 0, i, r
    cdef int coins
    cdef double total = 0.0, u
    if n == 1:
        return buf[0]
    if ph == PH_ACTION:
        coins = s.coins[p]
        if coins >= s.coup_cost:
            return _random_target(s, p, A_COUP, rng)
        if s.declarable != ALL_ACTIONS:
            return _variant_rules.policy_turn(s, p, rng)
        if coins >= s.assassinate_cost:
            acts[k] = _random_target(s, p, A_ASSASSINATE, rng)
            w[k] = 4.0 if _holds(s, p, ASSASSIN) else 0.3
            k += 1
        acts[k] = A_TAX
        w[k] = 4.0 if _holds(s, p, DUKE) else 0.5
        k += 1
        acts[k] = _random_target(s, p, A_STEAL, rng)
        w[k] = (3.0 if _holds(s, p, CAPTAIN) else 0.3) if s.coins[acts[k] - A_STEAL] > 0 else 0.05
        k += 1
        acts[k] = A_EXCHANGE
        w[k] = 1.0 if _holds(s, p, AMBASSADOR) else 0.1
        k += 1
        acts[k] = A_INCOME
        w[k] = 1.0
        k += 1
        acts[k] = A_FOREIGN_AID
        w[k] = 1.0
        k += 1
        for i in range(k):
            total += w[i]
        u = rng_unit(rng) * total
        for i in range(k):
            if u < w[i]:
                return acts[i]
            u -= w[i]
        return acts[k - 1]
    if ph == PH_CHALLENGE or ph == PH_BCHALLENGE:
        return A_CHALLENGE if rng_unit(rng) < 0.1 else A_PASS
    if ph == PH_BLOCK:
        if s.kind == K_FOREIGN_AID:
            if rng_unit(rng) < (0.8 if _holds(s, p, DUKE) else 0.05):
                return A_BLOCK + DUKE if copies_of(s, DUKE) else A_PASS
            return A_PASS
        if s.kind == K_ASSASSINATE:
            if _holds(s, p, CONTESSA) or rng_unit(rng) < (0.5 if influence(s, p) == 1 else 0.15):
                return A_BLOCK + CONTESSA if copies_of(s, CONTESSA) else A_PASS
            return A_PASS
        if _holds(s, p, CAPTAIN):
            return A_BLOCK + CAPTAIN
        if _holds(s, p, AMBASSADOR):
            return A_BLOCK + AMBASSADOR
        if rng_unit(rng) < 0.15:
            r = CAPTAIN if rng_unit(rng) < 0.5 else AMBASSADOR
            if not copies_of(s, r):          # a ruleset without this role: claim the other
                r = CAPTAIN + AMBASSADOR - r
            return A_BLOCK + r
        return A_PASS
    if ph == PH_DEFEND or ph == PH_BDEFEND:
        r = CLAIM_OF_KIND[s.kind] if ph == PH_DEFEND else s.block_role
        if _holds(s, p, r):
            return A_REVEAL + r
    return buf[rng_below(rng, n)]


cdef void coup_policy_playout(CoupState* s, uint64_t* rng) noexcept nogil:
    cdef int ph
    while True:
        ph = s.phase
        if ph == PH_OVER:
            return
        if ph == PH_DEAL or ph == PH_REPLACE or ph == PH_EXDRAW:
            coup_sample_chance(s, rng)
        else:
            coup_apply(s, coup_policy_action(s, rng))


cdef void _policy_playout(void* st, uint64_t* rng) noexcept nogil:
    coup_policy_playout(<CoupState*>st, rng)


COUP_VT.policy_playout = _policy_playout


def policy_action(CoupCore core, seed=0):
    """The rollout policy's decision in ``core`` (a decision node), without applying it (for tests)."""
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef CoupState s = core.st
    if coup_current_player(&s) < 0:
        raise ValueError("not a decision")
    return coup_policy_action(&s, &rng)
