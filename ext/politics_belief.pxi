# The belief hooks: the belief-weighted determinization (the search's inference hook), the policy's
# likelihood of a decision under each role hypothesis, and the Python tools built on them
# (PairLogLik, no_discard_probability, belief_pair_counts).  Included by politics_core.pyx.


# --- belief-weighted determinization (the search's inference hook) -----------------------------------
# The search weights its determinizations by a belief over the dark pair.  The table holds
# BELIEF_PAIRS weights per chain, indexed like `roles A B` (a + b(b-1)/2, a < b; pairs of seats >= n
# are ignored):
#   table[0 .. BELIEF_PAIRS)                 the searching seat's chain (seat >= 0)
#   table[BELIEF_PAIRS .. 2 BELIEF_PAIRS)    the public chain (seat < 0: self-determinization)
# Under the uniform deal the hidden cards are independent of the roles (no card rule depends on a
# role), so the weighted deal factorizes: every step deals the hidden cards (and unshown votes)
# uniformly and draws the dark pair with probability proportional to its weight among the pairs the
# observer cannot rule out.  Each step is therefore an exact, independent sample of the weighted deal
# (a chain that mixes in one step).  A seat that knows the pair (a DARK seat, or anyone once the roles
# are public) keeps it.  A table that rules out every possible pair is ignored (uniform pair).

cdef int draw_pair(PolState* s, int seat, const double* w, uint64_t* rng) noexcept nogil:
    """Impose a dark pair drawn by weight `w` among those `seat` cannot rule out; returns the pair
    index, or -1 if the roles were left as they are (known to `seat`, or no positive weight)."""
    cdef int k, x, y, npairs = s.n * (s.n - 1) // 2, last = -1
    cdef double total = 0.0, u
    if knows_roles(s, seat):
        return -1
    for k in range(npairs):
        if w[k] > 0.0:
            pair_unrank(k, &x, &y)
            if roles_consistent(s, seat, x, y):
                total += w[k]
    if not total > 0.0:
        return -1
    u = rng_unit(rng) * total
    for k in range(npairs):
        if w[k] > 0.0:
            pair_unrank(k, &x, &y)
            if roles_consistent(s, seat, x, y):
                last = k
                if u < w[k]:
                    break
                u -= w[k]
    pair_unrank(last, &x, &y)
    set_roles(s, x, y)
    return last


cdef void pol_belief_step(PolState* s, int seat, const double* table, uint64_t* rng) noexcept nogil:
    """One step of the belief chain for `seat` (< 0: the public): see the comment above."""
    cdef int p
    cdef double x
    redeal(s, seat, rng)
    if table != NULL:
        draw_pair(s, seat, &table[BELIEF_PAIRS] if seat < 0 else table, rng)
        for p in range(s.n):                  # the table's belief, for the rollout players' votes
            x = table[2 * BELIEF_PAIRS + p]
            s.focal[p] = <uint8_t>(255.0 * x + 0.5) if 0.0 < x <= 1.0 else (255 if x > 1.0 else 0)


cdef void set_hypothesis(PolState* s, int q, int partner) noexcept nogil:
    """Seat q HONEST (partner < 0) or DARK with `partner`; every other unrevealed seat HONEST."""
    cdef int p
    for p in range(s.n):
        if not (s.flags[p] & F_REVEALED):
            s.flags[p] &= ~F_DARK
    if partner >= 0:
        s.flags[q] |= F_DARK
        s.flags[partner] |= F_DARK


cdef int pol_hyp_likelihood(const PolState* s, int a, double have, double eps, double* out) noexcept nogil:
    """For the seat deciding at `s` (``s.asked``): the probability of decision `a` under the rollout
    policy had the seat been HONEST (``out[q]``) or DARK with partner r (``out[r]``), mixed with `eps`
    of a uniform choice.  The belief model's per-event likelihood: the policy reads only the
    deciding seat's role, partner, cards and public traces, so the observer's replay state serves.
    In a reaction window the seat is given the card (its hand is hidden from the observer) and a
    pass is weighed with `have`, the chance it holds one: (1 - have) + have P(pass | holds).
    Returns the number of legal actions under the hypothesis."""
    cdef PolState h
    cdef int legal[MAX_LEGAL]
    cdef double pr[MAX_LEGAL]
    cdef int q = s.asked, r, n = 0, i, ph = s.phase
    cdef bint window = ph == PH_COUP or ph == PH_DEALBREAK or ph == PH_BLOCK or ph == PH_MEDIA
    cdef double x
    for r in range(s.n):
        memcpy(&h, s, sizeof(PolState))
        set_hypothesis(&h, q, -1 if r == q else r)
        if window and h.backroom_hand[q][window_card(h.window)] == 0:
            h.backroom_hand[q][window_card(h.window)] = 1
        n = pol_legal(&h, legal)
        pol_policy_probs(&h, legal, n, pr)
        x = 0.0
        for i in range(n):
            if legal[i] == a:
                x = pr[i]
        x = (1.0 - eps) * x + eps / n
        if window and a == A_PASS:
            x = (1.0 - have) + have * x
        out[r] = x
    return n


cdef int pol_impose_pair(PolState* s, int seat, int k) noexcept nogil:
    """Make dark pair number `k` (the index of ``roles A B``) the roles, if `seat` could hold that
    belief; returns whether it did.  The hook a belief-weighted determinization needs: determinize
    uniformly, then impose a pair sampled from the belief (same signature as make_consistent)."""
    cdef int x, y
    if k < 0 or k >= s.n * (s.n - 1) // 2:
        return 0
    pair_unrank(k, &x, &y)
    if not roles_consistent(s, seat, x, y):
        return 0
    set_roles(s, x, y)
    return 1


cdef double holds_chance(const PolState* s, int seat, int q, int card) noexcept nogil:
    """P(q holds a `card` backroom card) from the public counts and `seat`'s own hand
    (hypergeometric: q's hand is a uniform draw from the cards `seat` has not seen)."""
    cdef int t, i, copies, unseen = 0, hand = backroom_count(s, q)
    cdef double miss = 1.0
    for t in range(NBR):
        unseen += backroom_copies(t, s.contracts) - s.backroom_played[t] - s.backroom_hand[seat][t]
    copies = backroom_copies(card, s.contracts) - s.backroom_played[card] - s.backroom_hand[seat][card]
    if hand <= 0 or copies <= 0 or unseen <= 0:
        return 0.0
    for i in range(hand):
        if unseen - i <= 0:
            break
        miss *= max(0.0, (unseen - copies - i) / <double>(unseen - i))
    return 1.0 - miss


cdef class PairLogLik:
    """Per seat q, the log likelihood of q's public decisions under each role hypothesis:
    ``[q][q]`` q HONEST, ``[q][r]`` q DARK with partner r -- the belief model's accumulator, filled
    in C by :meth:`add_decision` (one call per observed decision)."""
    cdef double ll[MAXP][MAXP]
    cdef readonly int n
    cdef readonly int decisions

    def __cinit__(self, int n):
        if not 2 <= n <= MAXP:
            raise ValueError("2..8 seats")
        self.n = n
        memset(self.ll, 0, sizeof(self.ll))
        self.decisions = 0

    def add_decision(self, PoliticsCore core, int seat, int a, double eps):
        """Score decision ``a`` of the seat deciding at ``core`` (an observer ``seat``'s replay,
        before ``a`` is applied) by the rollout policy's probabilities; reaction-window passes
        weighed by the chance the decider holds the card.  Returns whether it carried evidence."""
        cdef const PolState* s = &core.st
        cdef int buf[MAX_LEGAL]
        cdef double like[MAXP]
        cdef int q = s.asked, ph = s.phase, r
        cdef double have = 1.0
        if is_chance_phase(ph) or ph == PH_OVER or q >= s.n:
            return False
        if ph == PH_COUP or ph == PH_DEALBREAK or ph == PH_BLOCK or ph == PH_MEDIA:
            if q == seat:                   # the observer knows its own hand
                have = 1.0 if s.backroom_hand[q][window_card(s.window)] > 0 else 0.0
            else:
                have = holds_chance(s, seat, q, window_card(s.window))
            if have <= 0.0 and a == A_PASS:
                return False
        elif pol_legal(s, buf) < 2:
            return False
        pol_hyp_likelihood(s, a, have, eps, like)
        for r in range(s.n):
            self.ll[q][r] += log(like[r] if like[r] > 1e-300 else 1e-300)
        self.decisions += 1
        return True

    def add(self, int q, likelihood):
        """Add the log of ``likelihood`` (one value per hypothesis) to q's row."""
        cdef int r
        for r in range(self.n):
            x = float(likelihood[r])
            self.ll[q][r] += log(x if x > 1e-300 else 1e-300)
        self.decisions += 1

    def row(self, int q):
        return [self.ll[q][r] for r in range(self.n)]

    def pair(self, int a, int b):
        """The log likelihood of every seat's decisions if a and b are the dark pair."""
        cdef int q
        cdef double x = self.ll[a][b] + self.ll[b][a]
        for q in range(self.n):
            if q != a and q != b:
                x += self.ll[q][q]
        return x


def no_discard_probability(int n, counts, bint dark):
    """The policy's probability that a leader keeps every passed policy (``no_discard``) when the
    face-down table holds ``counts`` (per type): what the belief model scores once the passed
    policies are shown (which card a leader would have discarded is private)."""
    cdef PolState s
    cdef int buf[MAX_LEGAL]
    cdef double pr[MAX_LEGAL]
    cdef int m, i
    memset(&s, 0, sizeof(PolState))
    s.n = n
    s.phase = PH_LDISCARD
    s.asked = 0
    s.leader = 0
    s.leader_discard = NONE
    if dark:
        s.flags[0] = F_DARK
        s.flags[1] = F_DARK
    for i in range(NTYPES):
        s.table_down[i] = counts[i]
    m = pol_legal(&s, buf)
    pol_policy_probs(&s, buf, m, pr)
    for i in range(m):
        if buf[i] == A_NO_DISCARD:
            return pr[i]
    return 0.0


def belief_pair_counts(PoliticsCore core, int seat, table, int samples, seed=0):
    """Run ``samples`` steps of the belief chain for ``seat`` (-1: the public chain) from ``core`` and
    count the dark pairs drawn: a list of BELIEF_PAIRS counts indexed like ``roles A B``.

    ``table`` is a sequence of BELIEF_TABLE_SIZE weights or None (uniform pair).  Used by tests
    against exact enumeration and to estimate beliefs."""
    cdef double tab[BELIEF_TABLE_SIZE]
    cdef const double* tp = NULL
    cdef PolState s = core.st
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long counts[BELIEF_PAIRS]
    cdef int i, k, x, y, p
    if table is not None:
        if len(table) != BELIEF_TABLE_SIZE:
            raise ValueError(f"a Politics belief table has {BELIEF_TABLE_SIZE} weights, not {len(table)}")
        for i in range(BELIEF_TABLE_SIZE):
            tab[i] = float(table[i])
            if not tab[i] >= 0.0:
                raise ValueError("belief weights must be >= 0")
        tp = tab
    if not (-1 <= seat < s.n):
        raise ValueError(f"seat {seat} is not in this game")
    if samples < 0:
        raise ValueError("samples must be >= 0")
    memset(counts, 0, sizeof(counts))
    with nogil:
        for i in range(samples):
            pol_belief_step(&s, seat, tp, &rng)
            x = -1
            y = -1
            for p in range(s.n):
                if s.flags[p] & F_DARK:
                    if x < 0:
                        x = p
                    else:
                        y = p
            if y >= 0:
                counts[pair_rank(x, y)] += 1
    return [counts[k] for k in range(BELIEF_PAIRS)]


