# The mixed policy: a cheap player that plays its role (the heuristic bot, the search's rollouts and its
# opponent model).  Included by politics_core.pyx.


# One mixed policy (a probability for every legal action) serves four uses: the `heuristic` bot
# (with its own belief as `focal`), the search's rollouts (`playout=policy`), its opponent model
# (`opponents=model`) and the belief model's likelihood of every public decision.  Every role takes
# every kind of action now and then, so no single decision is proof of a role; the lie-catch votes
# follow the belief the player acts on (or public suspicion: UND and failed governments, the traces
# corrupt policies leave), so that a playout can punish a dark player who was careless.
cdef enum:
    POLICY_NOISE_PCT = 5      # % of a uniform choice mixed into every decision


cdef inline bint has_focal(const PolState* s) noexcept nogil:
    cdef int p
    for p in range(s.n):
        if s.focal[p]:
            return True
    return False


cdef inline int partner_of(const PolState* s, int p) noexcept nogil:
    cdef int q
    if not (s.flags[p] & F_DARK):
        return -1
    for q in range(s.n):
        if q != p and (s.flags[q] & F_DARK):
            return q
    return -1


cdef inline double suspicion(const PolState* s, int q) noexcept nogil:
    """How likely the deciding player thinks seat q is dark, 0..1: the belief it acts on (``focal``:
    its own for an honest player, the table's for a dark one) when set, else public traces (UND
    and failed governments, the marks corrupt policies leave).  Revealed roles are certain."""
    cdef int t
    if s.flags[q] & F_REVEALED:
        return 1.0 if (s.flags[q] & F_DARK) else 0.0
    if has_focal(s):
        return s.focal[q] / 255.0
    t = s.und[q] + 2 * s.gov_failed[q]
    return t / (t + 4.0)


cdef double max_sus_other(const PolState* s, int p, int skip) noexcept nogil:
    """The highest suspicion of an unrevealed seat other than p and `skip`."""
    cdef int q
    cdef double m = 0.0
    for q in range(s.n):
        if q != p and q != skip and not (s.flags[q] & F_REVEALED) and suspicion(s, q) > m:
            m = suspicion(s, q)
    return m


cdef inline int corrupt_found(const PolState* s) noexcept nogil:
    """Corrupt cards turned up by inspection this round (after MEDIA flips)."""
    cdef int i, c = 0
    for i in range(s.n_revealed):
        if (s.revealed[i] & R_INSPECTED) and counts_corrupt(s.revealed[i]):
            c += 1
    return c


cdef double policy_weight(const PolState* s, int a, int p, bint dark, int partner) noexcept nogil:
    """The policy's unnormalised probability of legal action `a` by seat p (docs/politics.md
    section 5 lists the numbers).  Mixed on purpose: every role takes every kind of action now and
    then, so that no single decision gives a role away."""
    cdef int ph = s.phase, k, t, q, c = 0, i, o, j, want, bg = 0
    cdef double w, x, prior = 2.0 / (s.n - 1), m
    if ph == PH_INVITE:
        k = a - A_INVITE
        q = (p + k // 12 + 1) % s.n
        o = (k % 12) // 3
        j = k % 3
        x = 1.0 - suspicion(s, q)                      # trust
        w = 0.05 + x * x
        if dark and q == partner:
            w = 2.0                              # the partner first about half the time
        want = s.invitations - s.accepted                 # offer more as refusals pile up
        if want > 3 - s.accepted_offers:
            want = 3 - s.accepted_offers
        w *= 1.0 if o == want else (0.12 if o == want + 1 or o + 1 == want else 0.02)
        w *= 1.0 if j == 0 else ((0.35 if dark else 0.2) if j == 1 else 0.04)
        return w
    if ph == PH_ANSWER_INVITE:
        x = suspicion(s, s.leader)
        if dark:
            k = 97 if s.leader == partner else 85
        else:
            m = 0.92 - 1.6 * (x - prior)
            k = <int>(100.0 * (0.08 if m < 0.08 else (0.95 if m > 0.95 else m)))
        k += 3 * s.invite_offer + (4 if s.invite_join else 0)
        if k > 99:
            k = 99
        return k if a == A_ACCEPT else 100 - k
    if ph == PH_OFFER:
        if a == A_NO_CONTRACT:
            return 1.0
        k = a - A_CONTRACT
        t = k // 14                              # 0 HOLD, 1 PROBE
        q = (p + (k % 14) // 2 + 1) % s.n
        if (k % 2) == 1:
            return 0.01                          # amount 2: rarely
        if dark and (p == s.leader or p == s.partner1 or p == s.partner2 or is_member(s, partner)):
            return 0.12 if t == 0 else 0.01      # buy quiet: HOLD(1), broken later (BET)
        if not dark:
            return 0.05 if t == 1 else 0.01      # pay for an inspection: PROBE(1), kept (HON)
        return 0.03 if t == 1 else 0.02
    if ph == PH_ANSWER_CONTRACT:
        if s.offer_template == T_PROBE:                  # paid to inspect: the honest side's aim
            k = (15 if is_member(s, partner) else 55) if dark else 80
        else:                                    # paid to stay quiet
            k = (80 if is_member(s, partner) else 45) if dark else 20
        return k if a == A_ACCEPT else 100 - k
    if ph == PH_PROPOSE:
        t = a - A_PROPOSE                        # the card kept; the other two are placed
        for i in range(NTYPES):
            k = s.hand[p][i] - (1 if i == t else 0)
            if is_corrupt(i):
                c += k
            bg += k * bags(i)
        x = 1.0 + 0.1 * bg
        if not dark:
            return x * (1.0 if c == 0 else (0.12 if c == 1 else 0.03))
        m = max_sus_other(s, p, partner)
        if suspicion(s, p) <= m or s.fails >= 3:       # not the most suspected: slip corrupt policies in
            return x * (0.15 if c == 0 else (0.6 if c == 1 else 1.0))
        return x * (1.0 if c == 0 else (0.35 if c == 1 else 0.1))
    if ph == PH_OPP:
        c = corrupt_found(s)
        if not dark:
            if a == A_INSPECT:
                if s.fails >= 4 and c >= 1:
                    return 0.05                  # a second C would bring the crisis
                x = suspicion(s, s.leader) + suspicion(s, s.partner1) + suspicion(s, s.partner2)
                return 0.9 if x >= 2.7 * prior else 0.72
            if a == A_WITHDRAW:
                return 0.08
            if a == A_DEAL:
                return 0.06 if s.inf[p] >= 4 and backroom_count(s, p) == 0 else 0.01
            return 0.14                          # PASS
        if partner >= 0 and is_member(s, partner):
            if a == A_INSPECT:
                return 0.15
            if a == A_WITHDRAW:
                return 0.35
            if a == A_DEAL:
                return 0.1
            return 0.4
        if a == A_INSPECT:
            return 0.8 if (s.fails >= 2 or c >= 1) else 0.55
        if a == A_WITHDRAW:
            return 0.22
        if a == A_DEAL:
            return 0.08
        return 0.15
    if ph == PH_WDISCARD:
        k = a - A_WDISCARD
        for t in range(NTYPES):
            if is_corrupt(t):
                c += MULTISET_COUNTS[2][k][t]
        return (1.0 if c == 0 else (0.2 if c == 1 else 0.05)) if dark else (1.0 if c == 2 else (0.2 if c == 1 else 0.05))
    if ph == PH_LDISCARD:
        if a == A_NO_DISCARD:
            return 0.12
        t = a - A_LDISCARD
        if dark:
            return 0.8 if not is_corrupt(t) else 0.08
        return 0.85 if is_corrupt(t) else 0.04
    if ph == PH_FAILDRAW:
        return (0.8 if a == A_BUY else 0.2) if s.inf[p] >= 3 else (0.1 if a == A_BUY else 0.9)
    if ph == PH_RESOLVE:
        # D39: keeping costs the INF paid and earns HON (awards 5, 6: LEG, the honest coin);
        # breaking earns BET (awards 5, 7: UND, the dark coin)
        if dark:
            return 0.8 if a == A_BREAK else 0.2
        return 0.85 if a == A_KEEP else 0.15
    if ph == PH_VOTE:
        m = max_sus_other(s, p, -1)
        if a == A_ABSTAIN:
            if dark:
                return 0.2
            if s.crisis:
                return 0.03
            return 0.05 if m >= 0.5 else 0.65
        q = (p + a - A_VOTE + 1) % s.n
        if dark:
            if q == partner:
                return 0.0
            return 0.75 if suspicion(s, q) >= max_sus_other(s, p, partner) else 0.03
        if suspicion(s, q) >= m and m > 0.0:
            return 0.9 if (m >= 0.5 or s.crisis) else 0.35
        return 0.02
    if ph == PH_COUP:
        if a == A_PASS:
            return 1.0
        if dark:
            return 0.02 if s.drawn == partner else 0.5
        return 0.8 if suspicion(s, s.drawn) > 1.3 * prior else 0.08
    if ph == PH_DEALBREAK:
        if a == A_PASS:
            return 1.0
        i = s.dealbreak_slot
        if dark and partner >= 0 and is_member(s, partner) and s.contract_template[i] == T_PROBE:
            return 0.6
        if not dark and s.contract_template[i] == T_HOLD and suspicion(s, s.contract_creator[i]) > 1.3 * prior:
            return 0.4
        return 0.04
    if ph == PH_BLOCK:
        if a == A_PASS:
            return 1.0
        if s.card_player == partner:
            return 0.0
        if s.blocked_card == PH_COUP:
            if s.drawn == p or (dark and s.drawn == partner):
                return 9.0
            return 1.5 if (not dark and suspicion(s, s.card_player) > 1.3 * prior) else 0.05
        if s.blocked_card == PH_DEALBREAK:
            i = s.dealbreak_slot
            return 2.0 if (s.contract_creator[i] == p or s.contract_counterparty[i] == p) else 0.04
        # MEDIA: keep one's own government's cards (honest: H, dark: C); in Phase 3 keep it alive
        if is_member(s, p) or (dark and partner >= 0 and is_member(s, partner)):
            t = s.media_target
            if s.media_phase == 3:
                return 9.0 if (not is_corrupt(t) and corrupt_found(s) >= 1) else 0.1   # the flip would fail it
            return 4.0 if (t < 3) != dark else 0.05
        return 0.04
    if ph == PH_MEDIA:
        if a == A_PASS:
            return 1.0
        t = a - A_MEDIA
        c = corrupt_found(s)
        if s.media_phase == 3:
            if not dark:
                return 9.0 if (is_member(s, p) and is_corrupt(t) and c >= 2) else 0.03
            if not is_corrupt(t) and c >= 1 and not is_member(s, p) and not (partner >= 0 and is_member(s, partner)):
                return 2.5
            return 0.03
        if not is_member(s, p):
            return 0.02
        if dark:
            return 1.5 if not is_corrupt(t) else 0.02
        return 2.5 if is_corrupt(t) else 0.02
    return 1.0


cdef void pol_policy_probs(const PolState* s, const int* legal, int n, double* out) noexcept nogil:
    """The rollout policy as probabilities over `legal`: the weights of policy_weight, normalised,
    mixed with POLICY_NOISE_PCT % of a uniform choice.  It is also the search's opponent model
    (``ismcts:opponents=model``), the belief's likelihood and the ``heuristic`` bot.  It reads only
    what the deciding seat knows -- its own role (and, if dark, its partner), its own cards, public
    traces and the belief it acts on (``focal``)."""
    cdef int p = s.asked, i, partner
    cdef bint dark = (s.flags[p] & F_DARK) != 0
    cdef double z = 0.0, noise = POLICY_NOISE_PCT / 100.0
    if n == 1:
        out[0] = 1.0
        return
    partner = partner_of(s, p)
    for i in range(n):
        out[i] = policy_weight(s, legal[i], p, dark, partner)
        if out[i] < 0.0:
            out[i] = 0.0
        z += out[i]
    for i in range(n):
        out[i] = noise / n + ((1.0 - noise) * out[i] / z if z > 0.0 else (1.0 - noise) / n)


cdef int pol_policy_action(PolState* s, uint64_t* rng) noexcept nogil:
    """The rollout player's decision at a decision node: a draw from pol_policy_probs."""
    cdef int buf[MAX_LEGAL]
    cdef double pr[MAX_LEGAL]
    cdef int n = pol_legal(s, buf), i
    cdef double u
    if n == 1:
        return buf[0]
    pol_policy_probs(s, buf, n, pr)
    u = rng_unit(rng)
    for i in range(n):
        u -= pr[i]
        if u < 0.0:
            return buf[i]
    return buf[n - 1]


cdef void pol_policy_playout(PolState* s, uint64_t* rng) noexcept nogil:
    while s.phase != PH_OVER:
        if is_chance_phase(s.phase):
            pol_sample_chance(s, rng)
        else:
            pol_apply(s, pol_policy_action(s, rng))


def policy_action_counts(PoliticsCore core, int samples, seed=0):
    """How often the rollout policy picks each action at ``core``'s decision, over ``samples`` draws
    (a dict action -> count); the tests compare it with the opponent model's probabilities."""
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef int i
    if is_chance_phase(core.st.phase) or core.st.phase == PH_OVER:
        raise ValueError("not a decision")
    counts = {}
    for i in range(samples):
        a = pol_policy_action(&core.st, &rng)
        counts[a] = counts.get(a, 0) + 1
    return counts


