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


ctypedef struct PolicyView:
    # what the policy reads about the deciding seat, worked out once per decision
    int seat                  # the deciding seat
    bint dark                 # its role
    int partner               # its partner if DARK, else -1
    double prior              # a seat's prior chance of being dark, 2 / (players - 1)
    bint focal                # a belief is set (has_focal): suspicion reads it, else public traces


cdef inline void policy_view(const PolState* s, PolicyView* v) noexcept nogil:
    v.seat = s.asked
    v.dark = (s.flags[v.seat] & F_DARK) != 0
    v.partner = partner_of(s, v.seat)
    v.prior = 2.0 / (s.n - 1)
    v.focal = has_focal(s)


cdef inline double view_suspicion(const PolState* s, const PolicyView* v, int q) noexcept nogil:
    """suspicion(s, q), with has_focal worked out once per decision."""
    cdef int t
    if s.flags[q] & F_REVEALED:
        return 1.0 if (s.flags[q] & F_DARK) else 0.0
    if v.focal:
        return s.focal[q] / 255.0
    t = s.und[q] + 2 * s.gov_failed[q]
    return t / (t + 4.0)


cdef double max_suspicion(const PolState* s, const PolicyView* v, int skip) noexcept nogil:
    """The highest suspicion of an unrevealed seat other than the deciding seat and `skip`."""
    cdef int q
    cdef double m = 0.0
    for q in range(s.n):
        if q != v.seat and q != skip and not (s.flags[q] & F_REVEALED) and view_suspicion(s, v, q) > m:
            m = view_suspicion(s, v, q)
    return m


cdef inline int corrupt_found(const PolState* s) noexcept nogil:
    """Corrupt cards turned up by inspection this round (after MEDIA flips)."""
    cdef int i, c = 0
    for i in range(s.n_revealed):
        if (s.revealed[i] & R_INSPECTED) and counts_corrupt(s.revealed[i]):
            c += 1
    return c


# --- the policy's weights (unnormalised; docs/politics.md, section 5) ---------------------------------
# Each decision's weights are relative to one another; every legal action keeps a real weight, so
# that no single decision gives a role away.  "prior" is a seat's prior chance of being dark,
# 2 / (players - 1); "suspected" means a suspicion above SUSPECTED_OVER_PRIOR x prior.
cdef double SUSPECTED_OVER_PRIOR = 1.3   # suspicion / prior above which a seat counts as suspected
# invite (the leader): trust, the offer, a JOIN contract
cdef double INVITE_TRUST_FLOOR = 0.05    # an invitee's weight is trust^2 + this (trust = 1 - suspicion)
cdef double INVITE_DARK_PARTNER = 2.0    # a dark leader's own partner (invited first about half the time)
cdef double OFFER_AS_NEEDED = 1.0        # the offer that matches the refusals so far
cdef double OFFER_ONE_OFF = 0.12         # one INF more or less than that
cdef double OFFER_FAR_OFF = 0.02         # any other offer
cdef double JOIN_NONE = 1.0              # no JOIN contract with the invitation
cdef double JOIN_ONE_DARK = 0.35         # JOIN(1), by a dark leader
cdef double JOIN_ONE_HONEST = 0.2        # JOIN(1), by an honest one
cdef double JOIN_TWO = 0.04              # JOIN(2)
# answer an invitation: the chance (in %) to accept
cdef double ACCEPT_HONEST_BASE = 0.92    # an honest invitee accepts with BASE - SLOPE (P(leader dark) - prior) ...
cdef double ACCEPT_HONEST_SLOPE = 1.6
cdef double ACCEPT_HONEST_MIN = 0.08     # ... clamped to MIN..MAX
cdef double ACCEPT_HONEST_MAX = 0.95
cdef enum:
    ACCEPT_DARK_PCT = 85                 # a dark invitee accepts another leader
    ACCEPT_DARK_PARTNER_PCT = 97         # ... its partner
    ACCEPT_PCT_PER_INF = 3               # + per INF offered
    ACCEPT_PCT_FOR_JOIN = 4              # + with a JOIN contract
    ACCEPT_PCT_MAX = 99                  # never quite certain
# offer a contract (D39: keeping it costs the INF paid and earns HON, breaking it earns BET)
cdef double NO_CONTRACT = 1.0            # offer none
cdef double CONTRACT_OF_TWO = 0.01       # any contract of 2 INF
cdef double DARK_MEMBER_HOLD = 0.12      # a dark player in (or with its partner in) the government buys quiet: HOLD(1)
cdef double DARK_MEMBER_PROBE = 0.01     # ... a PROBE(1)
cdef double HONEST_PROBE = 0.05          # an honest player pays for an inspection: PROBE(1)
cdef double HONEST_HOLD = 0.01           # ... a HOLD(1)
cdef double DARK_PROBE = 0.03            # a dark player outside the government: PROBE(1)
cdef double DARK_HOLD = 0.02             # ... HOLD(1)
cdef enum:  # answer a contract: the chance (in %) to accept
    PROBE_ACCEPT_HONEST_PCT = 80         # paid to inspect: the honest side's aim
    PROBE_ACCEPT_DARK_PCT = 55
    PROBE_ACCEPT_DARK_PARTNER_PCT = 15   # ... when the partner is in the government
    HOLD_ACCEPT_HONEST_PCT = 20          # paid to stay quiet
    HOLD_ACCEPT_DARK_PCT = 45
    HOLD_ACCEPT_DARK_PARTNER_PCT = 80    # ... when it shields the partner
# propose: by the number of corrupt cards placed (0, 1, 2), times 1 + PROPOSE_PER_BAG x bags placed
cdef double PROPOSE_PER_BAG = 0.1
cdef double HONEST_PLACES[3]             # an honest member
cdef double DARK_SLIPS[3]                # a dark member not the most suspected (or three governments failed)
cdef double DARK_CAREFUL[3]              # a dark member who is the most suspected
HONEST_PLACES[:] = [1.0, 0.12, 0.03]
DARK_SLIPS[:] = [0.15, 0.6, 1.0]
DARK_CAREFUL[:] = [1.0, 0.35, 0.1]
cdef enum:
    FAILS_DARK_BOLD = 3                  # failed governments after which a dark member slips corrupt cards in
    FAILS_BEFORE_CRISIS = 4              # failed governments at which a second corrupt card means the crisis
    FAILS_DARK_INSPECTS = 2              # failed governments after which a dark opposition player inspects more
# opposition action: honest; dark with its partner in the government; other dark
cdef double HONEST_INSPECT = 0.72
cdef double HONEST_INSPECT_SUSPECTED = 0.9     # the government's summed suspicion >= 2.7 prior
cdef double SUSPECTED_GOVERNMENT = 2.7         # ... that threshold, in priors
cdef double HONEST_INSPECT_CRISIS = 0.05       # a second corrupt card would bring the crisis
cdef double HONEST_WITHDRAW = 0.08
cdef double HONEST_DEAL = 0.01
cdef double HONEST_DEAL_RICH = 0.06            # with 4 INF and no backroom card
cdef double HONEST_PASS = 0.14
cdef double COVER_INSPECT = 0.15               # dark, partner in the government
cdef double COVER_WITHDRAW = 0.35
cdef double COVER_DEAL = 0.1
cdef double COVER_PASS = 0.4
cdef double DARK_INSPECT = 0.55                # dark, partner not in the government
cdef double DARK_INSPECT_EAGER = 0.8           # ... once governments fail or a corrupt card turned up
cdef double DARK_WITHDRAW = 0.22
cdef double DARK_DEAL = 0.08
cdef double DARK_PASS = 0.15
# withdraw discard: by corrupt cards discarded (0, 1, 2)
cdef double DARK_DISCARDS[3]                   # a dark player keeps corrupt cards
cdef double HONEST_DISCARDS[3]                 # an honest one sheds them
DARK_DISCARDS[:] = [1.0, 0.2, 0.05]
HONEST_DISCARDS[:] = [0.05, 0.2, 1.0]
# leader's discard
cdef double LEADER_KEEPS_ALL = 0.12
cdef double DARK_DROPS_HONEST = 0.8
cdef double DARK_DROPS_CORRUPT = 0.08
cdef double HONEST_DROPS_CORRUPT = 0.85
cdef double HONEST_DROPS_HONEST = 0.04
# the failed leader's backroom draw
cdef enum:
    FAILED_LEADER_RICH = 3                     # INF from which it likes to buy
cdef double RICH_BUYS = 0.8
cdef double RICH_PASSES = 0.2
cdef double POOR_BUYS = 0.1
cdef double POOR_PASSES = 0.9
# resolve a contract
cdef double DARK_BREAKS = 0.8
cdef double DARK_KEEPS = 0.2
cdef double HONEST_KEEPS = 0.85
cdef double HONEST_BREAKS = 0.15
# lie-catch vote
cdef double VOTE_CONFIDENT = 0.5               # the top suspicion from which an honest voter is sure enough
cdef double DARK_ABSTAINS = 0.2
cdef double HONEST_ABSTAINS_CRISIS = 0.03
cdef double HONEST_ABSTAINS_SURE = 0.05
cdef double HONEST_ABSTAINS_UNSURE = 0.65
cdef double DARK_VOTES_SUSPECT = 0.75          # a dark voter: the most suspected honest seat
cdef double DARK_VOTES_OTHER = 0.03
cdef double HONEST_VOTES_SURE = 0.9            # an honest voter: the most suspected seat, when sure (or in a crisis)
cdef double HONEST_VOTES_UNSURE = 0.35
cdef double HONEST_VOTES_OTHER = 0.02
# reaction windows: passing weighs WINDOW_PASS
cdef double WINDOW_PASS = 1.0
cdef double DARK_COUP = 0.5                    # COUP: a dark player against a leader not its partner
cdef double DARK_COUP_PARTNER = 0.02           # ... against its partner
cdef double HONEST_COUP_SUSPECTED = 0.8        # an honest player against a suspected leader
cdef double HONEST_COUP = 0.08
cdef double DARK_BREAKS_PROBE = 0.6            # DEALBREAK: a dark player, a PROBE on its partner's government
cdef double HONEST_BREAKS_HOLD = 0.4           # an honest player, a HOLD offered by a suspected seat
cdef double DEALBREAK_OTHER = 0.04
cdef double BLOCK_OWN_COUP = 9.0               # BLOCK a COUP against oneself (or one's partner, dark)
cdef double HONEST_BLOCKS_SUSPECTED = 1.5      # ... a COUP by a suspected player
cdef double BLOCK_COUP = 0.05
cdef double BLOCK_OWN_DEALBREAK = 2.0          # ... a DEALBREAK of one's own contract
cdef double BLOCK_DEALBREAK = 0.04
cdef double BLOCK_SAVING_FLIP = 9.0            # ... a Phase 3 MEDIA flip that would fail one's government
cdef double BLOCK_FLIP = 0.1                   # ... another Phase 3 flip of one's government's card
cdef double BLOCK_SIDE_FLIP = 4.0              # ... a Phase 4 flip of one's side's passed card
cdef double BLOCK_OTHER_FLIP = 0.05            # ... a Phase 4 flip of the other side's card
cdef double BLOCK_MEDIA = 0.04                 # ... MEDIA outside one's government
cdef double HONEST_FAILING_FLIP = 9.0          # MEDIA, Phase 3: an honest member makes a corrupt card fail the government
cdef double DARK_FAILING_FLIP = 2.5            # ... a dark outsider flips an honest card to fail it
cdef double INSPECTION_FLIP = 0.03             # ... any other Phase 3 flip
cdef double OUTSIDER_FLIP = 0.02               # Phase 4: a player outside the government
cdef double DARK_FLIPS_HONEST = 1.5            # ... a dark member flips an honest card (to corrupt)
cdef double HONEST_FLIPS_CORRUPT = 2.5         # ... an honest member flips a corrupt card (to honest)
cdef double MEMBER_FLIP = 0.02                 # ... any other flip by a member


cdef double weight_invite(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    cdef int k = a - A_INVITE, offer = (k % 12) // 3, join = k % 3, want
    cdef int q = (v.seat + k // 12 + 1) % s.n
    cdef double trust = 1.0 - view_suspicion(s, v, q), w = INVITE_TRUST_FLOOR + trust * trust
    if v.dark and q == v.partner:
        w = INVITE_DARK_PARTNER
    want = s.invitations - s.accepted            # offer more as refusals pile up
    if want > 3 - s.accepted_offers:
        want = 3 - s.accepted_offers
    w *= OFFER_AS_NEEDED if offer == want else (OFFER_ONE_OFF if offer == want + 1 or offer + 1 == want
                                                else OFFER_FAR_OFF)
    w *= JOIN_NONE if join == 0 else ((JOIN_ONE_DARK if v.dark else JOIN_ONE_HONEST) if join == 1 else JOIN_TWO)
    return w


cdef double weight_answer_invite(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    cdef int pct
    cdef double x = view_suspicion(s, v, s.leader), m
    if v.dark:
        pct = ACCEPT_DARK_PARTNER_PCT if s.leader == v.partner else ACCEPT_DARK_PCT
    else:
        m = ACCEPT_HONEST_BASE - ACCEPT_HONEST_SLOPE * (x - v.prior)
        pct = <int>(100.0 * (ACCEPT_HONEST_MIN if m < ACCEPT_HONEST_MIN else
                             (ACCEPT_HONEST_MAX if m > ACCEPT_HONEST_MAX else m)))
    pct += ACCEPT_PCT_PER_INF * s.invite_offer + (ACCEPT_PCT_FOR_JOIN if s.invite_join else 0)
    if pct > ACCEPT_PCT_MAX:
        pct = ACCEPT_PCT_MAX
    return pct if a == A_ACCEPT else 100 - pct


cdef double weight_offer(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    cdef int k = a - A_CONTRACT
    cdef bint probe = k // 14 == 1
    if a == A_NO_CONTRACT:
        return NO_CONTRACT
    if (k % 2) == 1:
        return CONTRACT_OF_TWO
    if v.dark and (v.seat == s.leader or v.seat == s.partner1 or v.seat == s.partner2 or is_member(s, v.partner)):
        return DARK_MEMBER_PROBE if probe else DARK_MEMBER_HOLD
    if not v.dark:
        return HONEST_PROBE if probe else HONEST_HOLD
    return DARK_PROBE if probe else DARK_HOLD


cdef double weight_answer_contract(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    cdef int pct
    if s.offer_template == T_PROBE:
        if v.dark:
            pct = PROBE_ACCEPT_DARK_PARTNER_PCT if is_member(s, v.partner) else PROBE_ACCEPT_DARK_PCT
        else:
            pct = PROBE_ACCEPT_HONEST_PCT
    elif v.dark:
        pct = HOLD_ACCEPT_DARK_PARTNER_PCT if is_member(s, v.partner) else HOLD_ACCEPT_DARK_PCT
    else:
        pct = HOLD_ACCEPT_HONEST_PCT
    return pct if a == A_ACCEPT else 100 - pct


cdef double weight_propose(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    """By the corrupt cards and the bags placed (the card a - A_PROPOSE is kept)."""
    cdef int kept = a - A_PROPOSE, t, k, corrupt = 0, bags_placed = 0
    cdef double x
    for t in range(NTYPES):
        k = s.hand[v.seat][t] - (1 if t == kept else 0)
        if is_corrupt(t):
            corrupt += k
        bags_placed += k * bags(t)
    x = 1.0 + PROPOSE_PER_BAG * bags_placed
    if corrupt > 2:
        corrupt = 2
    if not v.dark:
        return x * HONEST_PLACES[corrupt]
    if view_suspicion(s, v, v.seat) <= max_suspicion(s, v, v.partner) or s.fails >= FAILS_DARK_BOLD:
        return x * DARK_SLIPS[corrupt]           # not the most suspected: slip corrupt policies in
    return x * DARK_CAREFUL[corrupt]


cdef double weight_opposition(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    cdef int found = corrupt_found(s)
    cdef double prior = v.prior
    if not v.dark:
        if a == A_INSPECT:
            if s.fails >= FAILS_BEFORE_CRISIS and found >= 1:
                return HONEST_INSPECT_CRISIS
            if (view_suspicion(s, v, s.leader) + view_suspicion(s, v, s.partner1)
                    + view_suspicion(s, v, s.partner2)
                    >= SUSPECTED_GOVERNMENT * prior):
                return HONEST_INSPECT_SUSPECTED
            return HONEST_INSPECT
        if a == A_WITHDRAW:
            return HONEST_WITHDRAW
        if a == A_DEAL:
            return HONEST_DEAL_RICH if s.inf[v.seat] >= 4 and backroom_count(s, v.seat) == 0 else HONEST_DEAL
        return HONEST_PASS
    if v.partner >= 0 and is_member(s, v.partner):
        if a == A_INSPECT:
            return COVER_INSPECT
        if a == A_WITHDRAW:
            return COVER_WITHDRAW
        return COVER_DEAL if a == A_DEAL else COVER_PASS
    if a == A_INSPECT:
        return DARK_INSPECT_EAGER if (s.fails >= FAILS_DARK_INSPECTS or found >= 1) else DARK_INSPECT
    if a == A_WITHDRAW:
        return DARK_WITHDRAW
    return DARK_DEAL if a == A_DEAL else DARK_PASS


cdef double weight_withdraw_discard(int a, bint dark) noexcept nogil:
    cdef int pair = a - A_WDISCARD, t, corrupt = 0
    for t in range(NTYPES):
        if is_corrupt(t):
            corrupt += MULTISET_COUNTS[2][pair][t]
    return DARK_DISCARDS[corrupt] if dark else HONEST_DISCARDS[corrupt]


cdef double weight_leader_discard(int a, bint dark) noexcept nogil:
    cdef int t = a - A_LDISCARD
    if a == A_NO_DISCARD:
        return LEADER_KEEPS_ALL
    if dark:
        return DARK_DROPS_CORRUPT if is_corrupt(t) else DARK_DROPS_HONEST
    return HONEST_DROPS_CORRUPT if is_corrupt(t) else HONEST_DROPS_HONEST


cdef double weight_vote(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    cdef double top = max_suspicion(s, v, -1)
    cdef int q
    if a == A_ABSTAIN:
        if v.dark:
            return DARK_ABSTAINS
        if s.crisis:
            return HONEST_ABSTAINS_CRISIS
        return HONEST_ABSTAINS_SURE if top >= VOTE_CONFIDENT else HONEST_ABSTAINS_UNSURE
    q = (v.seat + a - A_VOTE + 1) % s.n
    if v.dark:
        if q == v.partner:
            return 0.0                           # never
        return DARK_VOTES_SUSPECT if view_suspicion(s, v, q) >= max_suspicion(s, v, v.partner) else DARK_VOTES_OTHER
    if view_suspicion(s, v, q) >= top and top > 0.0:
        return HONEST_VOTES_SURE if (top >= VOTE_CONFIDENT or s.crisis) else HONEST_VOTES_UNSURE
    return HONEST_VOTES_OTHER


cdef double weight_coup(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    if v.dark:
        return DARK_COUP_PARTNER if s.drawn == v.partner else DARK_COUP
    return (HONEST_COUP_SUSPECTED if view_suspicion(s, v, s.drawn) > SUSPECTED_OVER_PRIOR * (v.prior)
            else HONEST_COUP)


cdef double weight_dealbreak(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    cdef int slot = s.dealbreak_slot
    if v.dark and v.partner >= 0 and is_member(s, v.partner) and s.contract_template[slot] == T_PROBE:
        return DARK_BREAKS_PROBE
    if (not v.dark and s.contract_template[slot] == T_HOLD
            and view_suspicion(s, v, s.contract_creator[slot]) > SUSPECTED_OVER_PRIOR * (v.prior)):
        return HONEST_BREAKS_HOLD
    return DEALBREAK_OTHER


cdef double weight_block(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    cdef int slot, t
    if s.card_player == v.partner:
        return 0.0                               # never against the partner
    if s.blocked_card == PH_COUP:
        if s.drawn == v.seat or (v.dark and s.drawn == v.partner):
            return BLOCK_OWN_COUP
        return (HONEST_BLOCKS_SUSPECTED if (not v.dark and view_suspicion(s, v, s.card_player)
                                            > SUSPECTED_OVER_PRIOR * (v.prior)) else BLOCK_COUP)
    if s.blocked_card == PH_DEALBREAK:
        slot = s.dealbreak_slot
        return BLOCK_OWN_DEALBREAK if (s.contract_creator[slot] == v.seat or s.contract_counterparty[slot] == v.seat) \
            else BLOCK_DEALBREAK
    # MEDIA: keep one's own government's cards (honest: H, dark: C); in Phase 3 keep it alive
    if is_member(s, v.seat) or (v.dark and v.partner >= 0 and is_member(s, v.partner)):
        t = s.media_target
        if s.media_phase == 3:
            return BLOCK_SAVING_FLIP if (not is_corrupt(t) and corrupt_found(s) >= 1) else BLOCK_FLIP
        return BLOCK_SIDE_FLIP if (t < 3) != v.dark else BLOCK_OTHER_FLIP
    return BLOCK_MEDIA


cdef double weight_media(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    cdef int t = a - A_MEDIA, found = corrupt_found(s)
    if s.media_phase == 3:
        if not v.dark:
            return HONEST_FAILING_FLIP if (is_member(s, v.seat) and is_corrupt(t) and found >= 2) else INSPECTION_FLIP
        if (not is_corrupt(t) and found >= 1 and not is_member(s, v.seat)
                and not (v.partner >= 0 and is_member(s, v.partner))):
            return DARK_FAILING_FLIP
        return INSPECTION_FLIP
    if not is_member(s, v.seat):
        return OUTSIDER_FLIP
    if v.dark:
        return DARK_FLIPS_HONEST if not is_corrupt(t) else MEMBER_FLIP
    return HONEST_FLIPS_CORRUPT if is_corrupt(t) else MEMBER_FLIP


cdef double policy_weight(const PolState* s, const PolicyView* v, int a) noexcept nogil:
    """The policy's unnormalised probability of legal action `a` by the deciding seat (docs/politics.md
    section 5 lists the numbers).  Mixed on purpose: every role takes every kind of action now and
    then, so that no single decision gives a role away."""
    cdef int ph = s.phase
    if ph == PH_INVITE:
        return weight_invite(s, v, a)
    if ph == PH_ANSWER_INVITE:
        return weight_answer_invite(s, v, a)
    if ph == PH_OFFER:
        return weight_offer(s, v, a)
    if ph == PH_ANSWER_CONTRACT:
        return weight_answer_contract(s, v, a)
    if ph == PH_PROPOSE:
        return weight_propose(s, v, a)
    if ph == PH_OPP:
        return weight_opposition(s, v, a)
    if ph == PH_WDISCARD:
        return weight_withdraw_discard(a, v.dark)
    if ph == PH_LDISCARD:
        return weight_leader_discard(a, v.dark)
    if ph == PH_FAILDRAW:
        if s.inf[v.seat] >= FAILED_LEADER_RICH:
            return RICH_BUYS if a == A_BUY else RICH_PASSES
        return POOR_BUYS if a == A_BUY else POOR_PASSES
    if ph == PH_RESOLVE:
        if v.dark:
            return DARK_BREAKS if a == A_BREAK else DARK_KEEPS
        return HONEST_KEEPS if a == A_KEEP else HONEST_BREAKS
    if ph == PH_VOTE:
        return weight_vote(s, v, a)
    if a == A_PASS and (ph == PH_COUP or ph == PH_DEALBREAK or ph == PH_BLOCK or ph == PH_MEDIA):
        return WINDOW_PASS
    if ph == PH_COUP:
        return weight_coup(s, v, a)
    if ph == PH_DEALBREAK:
        return weight_dealbreak(s, v, a)
    if ph == PH_BLOCK:
        return weight_block(s, v, a)
    if ph == PH_MEDIA:
        return weight_media(s, v, a)
    return 1.0


cdef void pol_policy_probs(const PolState* s, const int* legal, int n, double* out) noexcept nogil:
    """The rollout policy as probabilities over `legal`: the weights of policy_weight, normalised,
    mixed with POLICY_NOISE_PCT % of a uniform choice.  It is also the search's opponent model
    (``ismcts:opponents=model``), the belief's likelihood and the ``heuristic`` bot.  It reads only
    what the deciding seat knows -- its own role (and, if dark, its partner), its own cards, public
    traces and the belief it acts on (``focal``)."""
    cdef PolicyView view
    cdef int i
    cdef double z = 0.0, noise = POLICY_NOISE_PCT / 100.0
    if n == 1:
        out[0] = 1.0
        return
    policy_view(s, &view)
    for i in range(n):
        out[i] = policy_weight(s, &view, legal[i])
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


cdef long long pol_policy_playout(PolState* s, uint64_t* rng) noexcept nogil:
    """Play to the end with the policy at every decision (chance by its odds); returns the steps taken."""
    cdef long long steps = 0
    while s.phase != PH_OVER:
        if is_chance_phase(s.phase):
            pol_sample_chance(s, rng)
        else:
            pol_apply(s, pol_policy_action(s, rng))
        steps += 1
    return steps


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


