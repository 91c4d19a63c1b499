# The belief hook: belief-weighted determinization for the search.  Included by
# shadow_master_core.pyx.


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
    s.abstraction_on = s.opt_abstraction
    cur = belief_loglik(s, seat, table)
    for i in range(BELIEF_PROPOSALS):
        memcpy(&prop, s, sizeof(SMState))
        sm_determinize(&prop, seat, rng)
        new = belief_loglik(&prop, seat, table)
        if new >= cur or rng_unit(rng) < exp(new - cur):
            memcpy(s, &prop, sizeof(SMState))
            cur = new

