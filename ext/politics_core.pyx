# cython: language_level=3
"""The Politics Game's rules in C-level code: legal actions, apply, chance, playouts, and the hidden
information hooks (determinize, canonicalize, make_consistent, validate).

Everything follows ``../shared/rules/politics.md``; section numbers (``§6.4``) and decisions
(``D15``) in comments point there.  No function below the Python class creates a Python object, so
a playout runs without the GIL.

How the flow is organised: ``pol_apply`` applies one decision or chance outcome and then calls the
step functions (``next_leader``, ``next_invite``, ``p3_next`` ...) that run every automatic rule
until the next decision or chance node is set in ``s.phase`` / ``s.asked``.  Reaction windows (§7)
and draws remember where to continue in ``w_cont`` / ``dcont``.

Reaction windows ask every player who *could* hold a playable card by public information: they hold
at least one backroom card and meet the window's public conditions.  A player asked without the
card can only pass.  Asking therefore depends on public information alone and a pass reveals nothing
beyond the window's outcome, which is what §7.1 requires (docs/politics.md, "Choices").

What a seat knows about hidden cards (the basis of determinization):

* its own hands (policy and backroom), every face-up card, every count;
* as a government member, the two cards it placed this round (``prop``), so the face-down table
  holds ``prop - revealed`` (multiset difference) of its own; as the leader, after the look, every
  face-down table card and its own Phase 4 discard;
* the face-down cards it saw go onto the discard pile (its WITHDRAW discards, its table knowledge at
  the end of the round), until the next reshuffle mixes the discard pile into the draw pile;
* its role; a DARK seat also its partner's; every revealed role; its own vote.

Everything else -- other hands, the piles, the rest of the table, other seats' votes before they are
shown, an HONEST seat's view of who is dark -- is *free*: determinize deals the free cards uniformly
over the free places, canonicalize deals them sorted into a fixed order of places.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset
from libc.math cimport log, tanh

from intrigue.ext.rng cimport rng_next, rng_below, rng_unit
from intrigue.ext.game_api cimport (GameVT, KernelState, Rng, CHANCE, TERMINAL, MAX_LEGAL)


# --- multisets of policy types (LOOK / REVEAL outcomes, WITHDRAW discards) ---------------------------
# A multiset of m types is ranked by the combinatorial number system: sorted a_0 <= ... <= a_{m-1},
# b_i = a_i + i (strictly increasing), rank = sum C(b_i, i + 1).  Ranks run 0 .. C(m + 5, 5) - 1.
cdef int BINOM[16][8]
cdef int MS_COUNT[7]
cdef uint8_t MS_CNT[7][462][6]       # unrank tables: MS_CNT[m][rank] = counts per type


cdef int ms_rank(const uint8_t* counts) noexcept nogil:
    cdef int t, k, i = 0, r = 0
    for t in range(NTYPES):
        for k in range(counts[t]):
            r += BINOM[t + i][i + 1]
            i += 1
    return r


cdef inline int ms_size(const uint8_t* c) noexcept nogil:
    return c[0] + c[1] + c[2] + c[3] + c[4] + c[5]


cdef void _init_tables() noexcept:
    cdef int a, b, m, t, r
    cdef uint8_t c[6]
    for a in range(16):
        for b in range(8):
            if b == 0:
                BINOM[a][b] = 1
            elif a == 0:
                BINOM[a][b] = 0
            else:
                BINOM[a][b] = BINOM[a - 1][b - 1] + BINOM[a - 1][b]
    for m in range(7):
        MS_COUNT[m] = BINOM[m + 5][5]
    # enumerate every count vector with total <= 6
    for r in range(7 ** 6):
        a = r
        m = 0
        for t in range(NTYPES):
            c[t] = a % 7
            a //= 7
            m += c[t]
        if m > 6:
            continue
        b = ms_rank(c)
        for t in range(NTYPES):
            MS_CNT[m][b][t] = c[t]


_init_tables()


def multiset_index(counts):
    """Rank (0-based) of a multiset of policy types given as 6 counts, among multisets of its size."""
    cdef uint8_t c[6]
    if len(counts) != NTYPES or any(not 0 <= x <= 6 for x in counts) or sum(counts) > 6:
        raise ValueError("a multiset is 6 counts with a total of at most 6")
    for t in range(NTYPES):
        c[t] = counts[t]
    return ms_rank(c)


def multiset_counts(int size, int index):
    """The 6 counts of the multiset of ``size`` cards with rank ``index``."""
    if not 0 <= size <= 6 or not 0 <= index < MS_COUNT[size]:
        raise ValueError("no such multiset")
    return [MS_CNT[size][index][t] for t in range(NTYPES)]


def multiset_total(int size):
    return MS_COUNT[size]


cdef inline int pair_rank(int a, int b) noexcept nogil:
    """Index of the dark pair {a, b}, a < b."""
    if a > b:
        a, b = b, a
    return a + b * (b - 1) // 2


cdef inline void pair_unrank(int i, int* a, int* b) noexcept nogil:
    cdef int y = 1
    while (y + 1) * y // 2 <= i:
        y += 1
    b[0] = y
    a[0] = i - y * (y - 1) // 2


def pair_index(int a, int b):
    return pair_rank(a, b)


def pair_seats(int i):
    cdef int a, b
    pair_unrank(i, &a, &b)
    return a, b


# --- small helpers --------------------------------------------------------------------------------
cdef inline bint is_c(int t) noexcept nogil:
    return t >= 3


cdef inline int bags(int t) noexcept nogil:
    return t if t < 3 else t - 2


cdef inline bint counts_c(uint8_t r) noexcept nogil:
    """A revealed table card counts as corrupt (after a MEDIA flip, §7.3)."""
    return is_c(r & R_TYPE) != ((r & R_FLIPPED) != 0)


cdef inline int hsize(const PolState* s, int p) noexcept nogil:
    return ms_size(s.hand[p])


cdef inline int brc(const PolState* s, int p) noexcept nogil:
    return s.br[p][0] + s.br[p][1] + s.br[p][2] + s.br[p][3]


cdef inline int br_pile_size(const PolState* s) noexcept nogil:
    return s.br_pile[0] + s.br_pile[1] + s.br_pile[2] + s.br_pile[3]


cdef inline bint is_member(const PolState* s, int q) noexcept nogil:
    return s.formed and (q == s.leader or q == s.p1 or q == s.p2)


cdef inline int member_slot(const PolState* s, int q) noexcept nogil:
    if not s.formed:
        return -1
    if q == s.leader:
        return 0
    if q == s.p1:
        return 1
    if q == s.p2:
        return 2
    return -1


cdef inline int member_at(const PolState* s, int i) noexcept nogil:
    return s.leader if i == 0 else (s.p1 if i == 1 else s.p2)


cdef inline int slots_used(const PolState* s) noexcept nogil:
    return (s.ct_tpl[0] != 0) + (s.ct_tpl[1] != 0)


cdef inline bint is_dark(const PolState* s, int p) noexcept nogil:
    return (s.flags[p] & F_DARK) != 0


cdef inline void add_sat(uint8_t* x, int k) noexcept nogil:
    cdef int v = x[0] + k
    x[0] = 255 if v > 255 else v


cdef inline void sub_floor(uint8_t* x, int k) noexcept nogil:
    x[0] = 0 if x[0] < k else x[0] - k


cdef inline int wcard(int kind) noexcept nogil:
    if kind == PH_COUP:
        return BR_COUP
    if kind == PH_DEALBREAK:
        return BR_DEALBREAK
    if kind == PH_BLOCK:
        return BR_BLOCK
    return BR_MEDIA


# --- setup ------------------------------------------------------------------------------------------
cdef void pol_init(PolState* s, int n, int nrounds, int backroom, int contracts, int awards,
                   int max_inv) noexcept nogil:
    """A new game before any chance event (§4): the next node deals the roles."""
    cdef int p, t, i
    memset(s, 0, sizeof(PolState))
    s.n = n
    s.nrounds = nrounds
    s.backroom = backroom
    s.contracts = contracts
    s.awards = awards
    s.max_inv = max_inv
    s.drawn = NONE
    s.leader = NONE
    s.p1 = NONE
    s.p2 = NONE
    s.actor = NONE
    s.pi_who = NONE
    s.pc_x = NONE
    s.pc_y = NONE
    s.w_from = NONE
    s.w_ex1 = NONE
    s.w_ex2 = NONE
    s.w_slot = NONE
    s.e_player = NONE
    s.e_target = NONE
    s.ldisc = NONE
    for i in range(2):
        s.ct_x[i] = NONE
        s.ct_y[i] = NONE
    for i in range(3):
        s.prop[i][0] = NONE
        s.prop[i][1] = NONE
    for p in range(MAXP):
        s.vote[p] = NONE
        if p < n:
            s.inf[p] = 2
            s.flags[p] = F_RIGHT
    for t in range(NTYPES):
        s.pile[t] = CARDS_PER_TYPE
    if backroom:
        s.br_pile[BR_MEDIA] = 6
        s.br_pile[BR_COUP] = 5
        s.br_pile[BR_DEALBREAK] = 4 if contracts else 0     # D5
        s.br_pile[BR_BLOCK] = 6
    s.phase = PH_ROLES
    s.asked = NONE


# --- step functions: automatic rules up to the next decision or chance node -------------------------
cdef void start_round(PolState* s) noexcept nogil:
    cdef int p, i
    for p in range(s.n):
        s.flags[p] &= ~(F_TRIED | F_BARRED | F_ACTED | F_INVITED | F_INSPECTED)
    s.formed = 0
    s.failed_gov = 0
    s.looked = 0
    s.drawn = NONE
    s.leader = NONE
    s.p1 = NONE
    s.p2 = NONE
    s.actor = NONE
    s.nrev = 0
    s.ldisc = NONE
    for i in range(2):
        s.ct_tpl[i] = 0
        s.ct_x[i] = NONE
        s.ct_y[i] = NONE
        s.ct_k[i] = 0
        s.ct_st[i] = 0
    next_leader(s)


cdef void next_leader(PolState* s) noexcept nogil:
    """§6.1 (D7, revision 2): reset rights if no one holds one; when every remaining holder has
    tried this round, every player not tried this round regains the right; draw among the
    candidates, or deadlock when everyone has tried (D8)."""
    cdef int p, any_right = 0, cand = 0
    for p in range(s.n):
        if s.flags[p] & F_RIGHT:
            any_right = 1
    if not any_right:
        for p in range(s.n):
            s.flags[p] |= F_RIGHT
    for p in range(s.n):
        if (s.flags[p] & F_RIGHT) and not (s.flags[p] & F_TRIED):
            cand += 1
    if cand == 0:                   # the holders have all tried: the untried regain the right
        for p in range(s.n):
            if not (s.flags[p] & F_TRIED):
                s.flags[p] |= F_RIGHT
                cand += 1
    s.leader = NONE
    s.drawn = NONE
    s.p1 = NONE
    s.p2 = NONE
    if cand == 0:
        refill_start(s)             # deadlocked round: Phase 5 steps 5-6 only
        return
    s.phase = PH_LEADER
    s.asked = NONE


cdef void leader_drawn(PolState* s, int p) noexcept nogil:
    """§6.2 steps 2-3: the fee, then the COUP window."""
    s.drawn = p
    if s.inf[p] == 0:               # cannot pay: loses the right for this round only (D7):
        s.flags[p] |= F_TRIED       # tried, keeps the right itself, not barred
        next_leader(s)
        return
    s.inf[p] -= 1
    s.leader = p
    if s.backroom:
        open_window(s, PH_COUP, p, p, NONE, K_ATTEMPT)
    else:
        start_attempt(s)


cdef void start_attempt(PolState* s) noexcept nogil:
    """§6.2 step 4: the leader is tried (not drawn again this round; the right itself is used only
    if the government forms, D7); invitations begin."""
    cdef int p
    s.flags[s.leader] |= F_TRIED
    for p in range(s.n):
        s.flags[p] &= ~F_INVITED
    s.inv_n = 0
    s.acc_n = 0
    s.acc_sum = 0
    s.offer1 = 0
    s.offer2 = 0
    s.p1 = NONE
    s.p2 = NONE
    next_invite(s)


cdef bint invitee_ok(const PolState* s, int q) noexcept nogil:
    return q != s.leader and not (s.flags[q] & (F_INVITED | F_BARRED))


cdef void next_invite(PolState* s) noexcept nogil:
    """§6.2 steps 5-7: keep inviting while legal; form with two acceptances; else the attempt fails."""
    cdef int q, i, legal = 0
    if s.acc_n == 2:
        form_government(s)
        return
    if s.inv_n < s.max_inv:
        for q in range(s.n):
            if invitee_ok(s, q):
                legal = 1
                break
    if legal:
        s.phase = PH_INVITE
        s.asked = s.leader
        return
    # the attempt fails (step 6): barred, fee kept, acceptances and JOIN contracts lapse (D11, D12)
    s.flags[s.leader] |= F_BARRED
    for i in range(2):
        if s.ct_tpl[i] == T_JOIN and s.ct_st[i] == CS_ACTIVE:
            s.ct_st[i] = CS_LAPSED
    next_leader(s)


cdef void form_government(PolState* s) noexcept nogil:
    """§6.2 step 7: the leader's right is used (D7)."""
    s.formed = 1
    s.flags[s.leader] &= ~F_RIGHT
    add_sat(&s.inf[s.leader], 1 + 3 - s.offer1 - s.offer2)
    add_sat(&s.inf[s.p1], 1 + s.offer1)
    add_sat(&s.inf[s.p2], 1 + s.offer2)
    add_sat(&s.joined[s.p1], 1)
    add_sat(&s.joined[s.p2], 1)
    s.cursor = 0
    p2_turn(s)


cdef void p2_turn(PolState* s) noexcept nogil:
    """§6.3: member `cursor` may offer a contract, then proposes; after the third, the leader looks."""
    cdef int m
    if s.cursor == 3:
        s.phase = PH_LOOK
        s.asked = s.leader
        return
    m = member_at(s, s.cursor)
    s.asked = m
    if s.contracts and slots_used(s) < 2:
        s.ctx = 2
        s.phase = PH_OFFER
    else:
        s.phase = PH_PROPOSE


cdef bint counterparty_ok(const PolState* s, int x, int y) noexcept nogil:
    """HOLD / PROBE (§8.2): an opposition player who has not yet acted in Phase 3, not the creator."""
    return y != x and not is_member(s, y) and not (s.flags[y] & F_ACTED)


cdef void p3_start(PolState* s) noexcept nogil:
    s.actor = s.leader
    p3_next(s)


cdef void p3_next(PolState* s) noexcept nogil:
    """§6.4: the next opposition player clockwise from the leader's left; then Phase 4."""
    cdef int q = s.actor, y, other = 0
    while True:
        q = q + 1
        if q == s.n:
            q = 0
        if q == s.leader:
            phase4(s)
            return
        if not is_member(s, q):
            break
    s.actor = q
    s.asked = q
    if s.contracts and slots_used(s) < 2:
        for y in range(s.n):
            if counterparty_ok(s, q, y):
                other = 1
                break
    if other:
        s.ctx = 3
        s.phase = PH_OFFER
    else:
        s.phase = PH_OPP


cdef void resume(PolState* s, int k) noexcept nogil:
    if k == K_ATTEMPT:
        start_attempt(s)
    elif k == K_INVITE:
        next_invite(s)
    elif k == K_PROPOSE:
        s.phase = PH_PROPOSE
        s.asked = member_at(s, s.cursor)
    elif k == K_OPP:
        s.phase = PH_OPP
        s.asked = s.actor
    elif k == K_INSPECT:
        inspect_resolve(s)
    elif k == K_GAINS:
        gains(s)


# --- reaction windows (§7.1) ------------------------------------------------------------------------
cdef void open_window(PolState* s, int kind, int frm, int ex1, int ex2, int cont) noexcept nogil:
    s.w_kind = kind
    s.w_from = frm
    s.w_idx = 1
    s.w_ex1 = ex1
    s.w_ex2 = ex2
    s.w_cont = cont
    window_next(s)


cdef bint window_eligible(const PolState* s, int q) noexcept nogil:
    """Asked by public information only: holds a backroom card and meets the window's conditions."""
    if q == s.w_ex1 or q == s.w_ex2 or brc(s, q) == 0:
        return False
    if s.w_kind == PH_COUP:
        return (q != s.drawn and (s.flags[q] & F_RIGHT) and not (s.flags[q] & F_TRIED)
                and s.inf[q] >= 1)
    return True


cdef void window_next(PolState* s) noexcept nogil:
    cdef int q, k
    while s.w_idx <= s.n:
        q = (s.w_from + s.w_idx) % s.n
        s.w_idx += 1
        if window_eligible(s, q):
            s.phase = s.w_kind
            s.asked = q
            return
    # closed with no play
    if s.w_kind == PH_BLOCK:
        apply_effect(s)
    k = s.w_cont
    close_window(s)
    resume(s, k)


cdef void close_window(PolState* s) noexcept nogil:
    s.w_kind = 0
    s.w_from = NONE
    s.w_idx = 0
    s.w_ex1 = NONE
    s.w_ex2 = NONE
    s.w_cont = K_NONE
    s.e_kind = 0
    s.e_player = NONE
    s.e_target = NONE


cdef void apply_effect(PolState* s) noexcept nogil:
    """The unblocked card takes effect; its player gains UND 1 (§7.1)."""
    cdef int p = s.e_player, i
    add_sat(&s.und[p], 1)
    if s.e_kind == PH_COUP:         # §7.2
        add_sat(&s.inf[s.drawn], 1)
        s.leader = p
        s.inf[p] -= 1
    elif s.e_kind == PH_MEDIA:      # §7.3
        if s.w_media == 3:
            s.rev[s.nrev - 1] ^= R_FLIPPED
        else:
            for i in range(s.nrev):
                if not (s.rev[i] & R_INSPECTED) and (s.rev[i] & R_TYPE) == s.e_target:
                    s.rev[i] ^= R_FLIPPED
                    break
    elif s.e_kind == PH_DEALBREAK:  # §7.4
        s.ct_st[s.w_slot] = CS_CANCELLED


cdef void window_play(PolState* s, int a) noexcept nogil:
    cdef int q = s.asked, card = wcard(s.w_kind), k
    s.br[q][card] -= 1
    s.br_gone[card] += 1
    if s.w_kind == PH_BLOCK:        # cancels the card's whole effect; BLOCK always takes effect
        add_sat(&s.und[q], 1)
        k = s.w_cont
        close_window(s)
        resume(s, k)
        return
    s.e_kind = s.w_kind
    s.e_player = q
    s.e_target = a - A_MEDIA if s.w_kind == PH_MEDIA else NONE
    s.w_kind = PH_BLOCK
    s.w_from = q
    s.w_idx = 1
    s.w_ex1 = q
    s.w_ex2 = NONE
    window_next(s)


# --- contracts (§8) ---------------------------------------------------------------------------------
cdef int add_contract(PolState* s, int tpl, int x, int y, int k) noexcept nogil:
    cdef int i = 0 if s.ct_tpl[0] == 0 else 1
    s.ct_tpl[i] = tpl
    s.ct_x[i] = x
    s.ct_y[i] = y
    s.ct_k[i] = k
    s.ct_st[i] = CS_ACTIVE
    return i


cdef bint condition_met(const PolState* s, int i) noexcept nogil:
    if s.ct_tpl[i] == T_JOIN:
        return s.formed != 0
    if s.ct_tpl[i] == T_HOLD:
        return not (s.flags[s.ct_y[i]] & F_INSPECTED)
    return (s.flags[s.ct_y[i]] & F_INSPECTED) != 0


cdef void contracts_start(PolState* s) noexcept nogil:
    s.cslot = 0
    contracts_next(s)


cdef void contracts_next(PolState* s) noexcept nogil:
    """§8.3: slot A then slot B; a met contract asks its creator to keep or break it."""
    while s.cslot < 2:
        if s.ct_tpl[s.cslot] and s.ct_st[s.cslot] == CS_ACTIVE:
            if condition_met(s, s.cslot):
                s.phase = PH_RESOLVE
                s.asked = s.ct_x[s.cslot]
                return
            s.ct_st[s.cslot] = CS_DONE      # lapses (D32)
        s.cslot += 1
    table_to_discard(s)
    refill_start(s)


# --- Phase 3 / 4 / 5 --------------------------------------------------------------------------------
cdef void inspect_resolve(PolState* s) noexcept nogil:
    """§6.4 INSPECT after the media window: reward by type, then the failure check (D15, D16)."""
    cdef int q = s.actor, i, nc = 0
    cdef uint8_t r = s.rev[s.nrev - 1]
    if counts_c(r):
        add_sat(&s.inf[q], 2)
        add_sat(&s.caught[q], 1)
    else:
        add_sat(&s.leg[q], 1)
    for i in range(s.nrev):
        if (s.rev[i] & R_INSPECTED) and counts_c(s.rev[i]):
            nc += 1
    if nc >= 2:
        s.failed_gov = 1
        s.fails += 1
        if s.fails >= 5:
            start_liecatch(s, 1)
            return
        phase5(s)
        return
    p3_next(s)


cdef void phase4(PolState* s) noexcept nogil:
    """§6.5 steps 1-2: more than 3 passed cards -> the leader may discard one (D20, D21)."""
    if ms_size(s.tdown) > 3:
        s.phase = PH_LDISCARD
        s.asked = s.leader
    else:
        s.phase = PH_REVEAL
        s.asked = NONE


cdef void reveal_passed(PolState* s) noexcept nogil:
    cdef int t, k
    for t in range(NTYPES):
        for k in range(s.tdown[t]):
            s.rev[s.nrev] = t
            s.nrev += 1
        s.tdown[t] = 0
    if s.backroom:
        s.w_media = 4
        open_window(s, PH_MEDIA, s.leader, NONE, NONE, K_GAINS)
    else:
        gains(s)


cdef void gains(PolState* s) noexcept nogil:
    """§6.5 step 4: each member gains in full (D22); bag bonus tiers (D23)."""
    cdef int i, m, h = 0, c = 0, b = 0, bonus = 0
    for i in range(s.nrev):
        if s.rev[i] & R_INSPECTED:
            continue
        if counts_c(s.rev[i]):
            c += 1
        else:
            h += 1
        b += bags(s.rev[i] & R_TYPE)
    if b >= 10:
        bonus = 4
    elif b >= 8:
        bonus = 3
    elif b >= 6:
        bonus = 2
    elif b >= 4:
        bonus = 1
    for i in range(3):
        m = member_at(s, i)
        add_sat(&s.leg[m], h)
        add_sat(&s.und[m], 2 * c)
        add_sat(&s.inf[m], bonus)
    phase5(s)


cdef void phase5(PolState* s) noexcept nogil:
    """§6.6 steps 1-2."""
    cdef int i, m
    if s.failed_gov:
        for i in range(3):
            m = member_at(s, i)
            sub_floor(&s.inf[m], 1)
            sub_floor(&s.leg[m], 1)
            add_sat(&s.gov_failed[m], 1)
        if (s.backroom and s.inf[s.leader] >= 1 and brc(s, s.leader) < 2 and br_pile_size(s) > 0):
            s.phase = PH_FAILDRAW
            s.asked = s.leader
            return
    else:
        for i in range(3):
            add_sat(&s.gov_ok[member_at(s, i)], 1)
    contracts_start(s)


cdef void thid_known(const PolState* s, int seat, uint8_t* K) noexcept nogil:
    """The face-down table cards (face-down ones plus the leader's discard) that `seat` knows of."""
    cdef int t, i, slot
    cdef int rc[6]
    for t in range(NTYPES):
        K[t] = 0
    slot = member_slot(s, seat)
    if slot < 0:
        return
    if slot == 0 and s.looked:
        for t in range(NTYPES):
            K[t] = s.tdown[t]
        if s.ldisc != NONE:
            K[s.ldisc] += 1
        return
    if s.prop[slot][0] == NONE:
        return
    for t in range(NTYPES):
        rc[t] = 0
    for i in range(s.nrev):
        rc[s.rev[i] & R_TYPE] += 1
    for i in range(2):
        t = s.prop[slot][i]
        if rc[t] > 0:
            rc[t] -= 1
        else:
            K[t] += 1


cdef void table_to_discard(PolState* s) noexcept nogil:
    """§6.6 step 4: the table goes to the discard pile; face-down cards stay hidden.  Each member
    remembers the face-down cards it knows of (see thid_known)."""
    cdef uint8_t K[6]
    cdef int i, t, m
    if s.formed:
        for i in range(3):
            m = member_at(s, i)
            thid_known(s, m, K)
            for t in range(NTYPES):
                s.disc_known[m][t] += K[t]
    for i in range(s.nrev):
        t = s.rev[i] & R_TYPE
        s.disc[t] += 1
        s.disc_pub[t] += 1
    for t in range(NTYPES):
        s.disc[t] += s.tdown[t]
        s.tdown[t] = 0
    if s.ldisc != NONE:
        s.disc[s.ldisc] += 1
        s.ldisc = NONE
    s.nrev = 0
    for i in range(3):
        s.prop[i][0] = NONE
        s.prop[i][1] = NONE
    s.looked = 0


cdef void reshuffle(PolState* s) noexcept nogil:
    """D26: the discard pile is shuffled into the draw pile; what anyone knew of it is lost."""
    cdef int t, p
    for t in range(NTYPES):
        s.pile[t] += s.disc[t]
        s.disc[t] = 0
        s.disc_pub[t] = 0
    for p in range(MAXP):
        for t in range(NTYPES):
            s.disc_known[p][t] = 0


cdef void draw_policy(PolState* s, int p, int cont) noexcept nogil:
    if ms_size(s.pile) == 0:
        reshuffle(s)
    s.phase = PH_DRAW
    s.asked = p
    s.dcont = cont


cdef void refill_start(PolState* s) noexcept nogil:
    s.cursor = 0
    refill_next(s)


cdef void refill_next(PolState* s) noexcept nogil:
    """§6.6 steps 5-6 (D25, D26): draw back up to 3 in seat order; reshuffle at <= 8; next round."""
    cdef int p
    for p in range(s.cursor, s.n):
        if hsize(s, p) < 3:
            s.cursor = p
            draw_policy(s, p, D_REFILL)
            return
    if ms_size(s.pile) <= 8:
        reshuffle(s)
    s.round += 1
    s.formed = 0
    s.leader = NONE
    s.drawn = NONE
    s.p1 = NONE
    s.p2 = NONE
    s.actor = NONE
    if s.round >= s.nrounds:
        for p in range(s.n):
            s.flags[p] &= ~(F_TRIED | F_BARRED | F_ACTED | F_INVITED | F_INSPECTED)
        start_liecatch(s, 0)
        return
    start_round(s)


# --- lie-catch and the end (§9, §10, §11) -----------------------------------------------------------
cdef void start_liecatch(PolState* s, int crisis) noexcept nogil:
    s.crisis = crisis
    s.silence = crisis
    s.vote_no = 1
    close_window(s)
    vote_start(s)


cdef void vote_start(PolState* s) noexcept nogil:
    cdef int p
    for p in range(MAXP):
        s.vote[p] = NONE
    s.voted = 0
    s.cursor = 0
    vote_next(s)


cdef bint is_voter(const PolState* s, int p) noexcept nogil:
    return not (s.silence and s.vote_no == 2 and (s.flags[p] & F_REVEALED) and (s.flags[p] & F_DARK))


cdef void vote_next(PolState* s) noexcept nogil:
    cdef int p
    for p in range(s.cursor, s.n):
        if is_voter(s, p):
            s.cursor = p
            s.phase = PH_VOTE
            s.asked = p
            return
    s.cursor = 0
    vote_reveal_next(s)


cdef void vote_reveal_next(PolState* s) noexcept nogil:
    cdef int p, q, best = 0, nbest = 0, target = NONE
    cdef int cnt[8]
    for p in range(s.cursor, s.n):
        if s.voted & (1 << p):
            s.cursor = p
            s.phase = PH_VOTE_REVEAL
            s.asked = p
            return
    for q in range(MAXP):
        cnt[q] = 0
    for p in range(s.n):
        if (s.voted & (1 << p)) and s.vote[p] != NONE:
            cnt[s.vote[p]] += 1
    for q in range(s.n):
        if cnt[q] > best:
            best = cnt[q]
            nbest = 1
            target = q
        elif cnt[q] == best and best > 0:
            nbest += 1
    if best >= 1 and nbest == 1:         # D36: a clear plurality
        s.phase = PH_ROLE_REVEAL
        s.asked = target
        return
    after_vote(s)


cdef void role_revealed(PolState* s) noexcept nogil:
    """§10 step 4."""
    cdef int q = s.asked, p, nv = 0
    s.flags[q] |= F_REVEALED
    for p in range(s.n):
        if (s.voted & (1 << p)) and s.vote[p] == q:
            nv += 1
            if s.flags[q] & F_DARK:
                add_sat(&s.leg[p], 2)
            else:
                sub_floor(&s.leg[p], 1)
    if s.flags[q] & F_DARK:
        sub_floor(&s.inf[q], nv)
    after_vote(s)


cdef void after_vote(PolState* s) noexcept nogil:
    if s.vote_no == 1:
        s.vote_no = 2
        vote_start(s)
        return
    s.vote_no = 0
    s.phase = PH_FINAL_ROLES
    s.asked = NONE


cdef void finish(PolState* s) noexcept nogil:
    """Scoring (§11.1, D37-D41) at a normal end; at a crisis only the totals for display."""
    cdef int p, best, m, i
    cdef int measure[8]
    if not s.crisis:
        for p in range(s.n):                              # S2
            add_sat(&s.leg[p], 2)
        best = 0                                          # S3 (D38)
        for p in range(s.n):
            if s.und[p] > best:
                best = s.und[p]
        if best >= 1:
            for p in range(s.n):
                if s.und[p] == best:
                    add_sat(&s.inf[p], 2)
        for p in range(s.n):                              # S4
            if s.flags[p] & F_DARK:
                sub_floor(&s.inf[p], s.leg[p] // 5)
            else:
                sub_floor(&s.inf[p], s.und[p] // 5)
        if s.awards:                                      # S5 (D41, D42)
            for i in range(7):
                best = 0
                for p in range(s.n):
                    if i == 0:
                        m = s.gov_ok[p]
                    elif i == 1:
                        m = s.caught[p]
                    elif i == 2:
                        m = s.gov_failed[p]
                    elif i == 3:
                        m = s.joined[p]
                    elif i == 4:
                        m = s.hon[p] + s.bet[p]
                    elif i == 5:
                        m = s.hon[p]
                    else:
                        m = s.bet[p]
                    measure[p] = m
                    if m > best:
                        best = m
                if best < 1:
                    continue
                for p in range(s.n):
                    if measure[p] != best:
                        continue
                    if i == 0 or i == 1 or i == 5:
                        add_sat(&s.leg[p], 3)
                    elif i == 2:
                        add_sat(&s.und[p], 3)
                    elif i == 3:
                        add_sat(&s.inf[p], 2)
                    elif i == 4:
                        add_sat(&s.inf[p], 5)
                    else:
                        add_sat(&s.und[p], 4)
    for p in range(s.n):                                  # S6 (D39, revision 2)
        s.score[p] = s.inf[p] + (s.und[p] if s.flags[p] & F_DARK else s.leg[p])   # HON/BET: awards only
    s.phase = PH_OVER
    s.asked = NONE


# --- apply ------------------------------------------------------------------------------------------
cdef void pol_apply(PolState* s, int a) noexcept nogil:
    """Apply legal action ``a`` (a decision or a chance outcome) and run the rules that follow."""
    cdef int ph = s.phase, p = s.asked, q, o, t, k, j, i, x, y
    if ph == PH_ROLES:
        pair_unrank(a - C_ROLES, &x, &y)
        s.flags[x] |= F_DARK
        s.flags[y] |= F_DARK
        s.phase = PH_TELL
        s.asked = 0
    elif ph == PH_TELL:
        if p + 1 < s.n:
            s.asked = p + 1
        else:
            s.phase = PH_DEAL
            s.asked = 0
            s.dcont = D_SETUP
    elif ph == PH_DEAL:
        t = a - C_CARD
        s.pile[t] -= 1
        s.hand[p][t] += 1
        if hsize(s, p) == 3:
            if p + 1 < s.n:
                s.asked = p + 1
            elif s.backroom:
                s.phase = PH_BRDEAL
                s.asked = 0
                s.dcont = D_BRSETUP
            else:
                start_round(s)
    elif ph == PH_BRDEAL:
        t = a - C_BR
        s.br_pile[t] -= 1
        s.br[p][t] += 1
        if s.dcont == D_BRSETUP:
            if p + 1 < s.n:
                s.asked = p + 1
            else:
                start_round(s)
        elif s.dcont == D_DEAL:
            p3_next(s)
        else:
            contracts_start(s)
    elif ph == PH_LEADER:
        leader_drawn(s, a - C_LEADER)
    elif ph == PH_COUP or ph == PH_DEALBREAK or ph == PH_BLOCK or ph == PH_MEDIA:
        if a == A_PASS:
            window_next(s)
        else:
            window_play(s, a)
    elif ph == PH_INVITE:
        k = a - A_INVITE
        o = k // 12 + 1
        s.pi_who = (p + o) % s.n
        s.pi_offer = (k % 12) // 3
        s.pi_join = k % 3
        s.flags[s.pi_who] |= F_INVITED
        s.inv_n += 1
        s.phase = PH_ANSWER_INVITE
        s.asked = s.pi_who
    elif ph == PH_ANSWER_INVITE:
        j = s.pi_join
        k = s.pi_offer
        s.pi_who = NONE
        s.pi_offer = 0
        s.pi_join = 0
        if a == A_DECLINE:
            next_invite(s)
            return
        if s.acc_n == 0:
            s.p1 = p
            s.offer1 = k
        else:
            s.p2 = p
            s.offer2 = k
        s.acc_n += 1
        s.acc_sum += k
        if j:
            i = add_contract(s, T_JOIN, s.leader, p, j)
            if s.backroom:
                s.w_slot = i
                open_window(s, PH_DEALBREAK, s.leader, s.leader, p, K_INVITE)
                return
        next_invite(s)
    elif ph == PH_OFFER:
        if a == A_NO_CONTRACT:
            resume(s, K_PROPOSE if s.ctx == 2 else K_OPP)
            return
        k = a - A_CONTRACT
        s.pc_tpl = T_PROBE if k >= 14 else T_HOLD
        k = k % 14
        s.pc_x = p
        s.pc_y = (p + k // 2 + 1) % s.n
        s.pc_k = k % 2 + 1
        s.phase = PH_ANSWER_CONTRACT
        s.asked = s.pc_y
    elif ph == PH_ANSWER_CONTRACT:
        x = s.pc_x
        y = s.pc_y
        t = s.pc_tpl
        k = s.pc_k
        s.pc_tpl = 0
        s.pc_x = NONE
        s.pc_y = NONE
        s.pc_k = 0
        if a == A_ACCEPT:
            i = add_contract(s, t, x, y, k)
            if s.backroom:
                s.w_slot = i
                open_window(s, PH_DEALBREAK, x, x, y, K_PROPOSE if s.ctx == 2 else K_OPP)
                return
        resume(s, K_PROPOSE if s.ctx == 2 else K_OPP)
    elif ph == PH_PROPOSE:
        t = a - A_PROPOSE
        i = s.cursor
        s.hand[p][t] -= 1
        j = 0
        for x in range(NTYPES):
            while s.hand[p][x] > 0:
                s.hand[p][x] -= 1
                s.tdown[x] += 1
                s.prop[i][j] = x
                j += 1
        s.hand[p][t] = 1
        s.cursor += 1
        p2_turn(s)
    elif ph == PH_LOOK:
        s.looked = 1
        p3_start(s)
    elif ph == PH_OPP:
        s.flags[p] |= F_ACTED
        if a == A_PASS:
            p3_next(s)
        elif a == A_INSPECT:
            s.inf[p] -= 1
            s.flags[p] |= F_INSPECTED
            s.phase = PH_INSPECT
            s.asked = NONE
        elif a == A_WITHDRAW:
            add_sat(&s.und[p], 1)
            s.dleft = 2
            draw_policy(s, p, D_WITHDRAW)
        else:
            s.inf[p] -= 2
            s.phase = PH_BRDEAL
            s.asked = p
            s.dcont = D_DEAL
    elif ph == PH_INSPECT:
        t = a - C_CARD
        s.tdown[t] -= 1
        s.rev[s.nrev] = t | R_INSPECTED
        s.nrev += 1
        if s.backroom:
            s.w_media = 3
            open_window(s, PH_MEDIA, s.actor, NONE, NONE, K_INSPECT)
        else:
            inspect_resolve(s)
    elif ph == PH_DRAW:
        t = a - C_CARD
        s.pile[t] -= 1
        s.hand[p][t] += 1
        if s.dcont == D_WITHDRAW:
            s.dleft -= 1
            if s.dleft > 0:
                draw_policy(s, p, D_WITHDRAW)
            else:
                s.phase = PH_WDISCARD
                s.asked = p
        else:
            refill_next(s)
    elif ph == PH_WDISCARD:
        k = a - A_WDISCARD
        for t in range(NTYPES):
            j = MS_CNT[2][k][t]
            s.hand[p][t] -= j
            s.disc[t] += j
            s.disc_known[p][t] += j
        p3_next(s)
    elif ph == PH_LDISCARD:
        if a != A_NO_DISCARD:
            t = a - A_LDISCARD
            s.tdown[t] -= 1
            s.ldisc = t
        s.phase = PH_REVEAL
        s.asked = NONE
    elif ph == PH_REVEAL:
        reveal_passed(s)
    elif ph == PH_FAILDRAW:
        if a == A_BUY:
            s.inf[p] -= 1
            s.phase = PH_BRDEAL
            s.dcont = D_BUY
            return
        contracts_start(s)
    elif ph == PH_RESOLVE:
        i = s.cslot
        if a == A_KEEP:
            s.inf[p] -= s.ct_k[i]
            add_sat(&s.inf[s.ct_y[i]], s.ct_k[i])
            add_sat(&s.hon[p], 1)
        else:
            add_sat(&s.bet[p], 1)
        s.ct_st[i] = CS_DONE
        s.cslot += 1
        contracts_next(s)
    elif ph == PH_VOTE:
        s.voted |= 1 << p
        s.vote[p] = NONE if a == A_ABSTAIN else (p + a - A_VOTE + 1) % s.n
        s.cursor = p + 1
        vote_next(s)
    elif ph == PH_VOTE_REVEAL:
        s.cursor = p + 1
        vote_reveal_next(s)
    elif ph == PH_ROLE_REVEAL:
        role_revealed(s)
    elif ph == PH_FINAL_ROLES:
        s.roles_public = 1
        finish(s)


# --- legal actions ----------------------------------------------------------------------------------
cdef int pol_legal(const PolState* s, int* out) noexcept nogil:
    cdef int ph = s.phase, p = s.asked, n = 0, o, q, off, j, jmax, t, k, i, x, y
    cdef uint8_t seen[6]
    if ph == PH_COUP or ph == PH_DEALBREAK or ph == PH_BLOCK:
        out[0] = A_PASS
        if s.br[p][wcard(ph)] > 0:
            out[1] = A_PLAY
            return 2
        return 1
    if ph == PH_MEDIA:
        out[0] = A_PASS
        n = 1
        if s.br[p][BR_MEDIA] == 0:
            return 1
        if s.w_media == 3:
            out[1] = A_MEDIA + (s.rev[s.nrev - 1] & R_TYPE)
            return 2
        for t in range(NTYPES):
            seen[t] = 0
        for i in range(s.nrev):
            if not (s.rev[i] & R_INSPECTED):
                seen[s.rev[i] & R_TYPE] = 1
        for t in range(NTYPES):
            if seen[t]:
                out[n] = A_MEDIA + t
                n += 1
        return n
    if ph == PH_INVITE:
        jmax = 2 if (s.contracts and slots_used(s) < 2) else 0
        for o in range(1, s.n):
            q = (p + o) % s.n
            if not invitee_ok(s, q):
                continue
            for off in range(0, 4 - s.acc_sum):
                for j in range(jmax + 1):
                    out[n] = A_INVITE + 12 * (o - 1) + 3 * off + j
                    n += 1
        return n
    if ph == PH_ANSWER_INVITE or ph == PH_ANSWER_CONTRACT:
        out[0] = A_ACCEPT
        out[1] = A_DECLINE
        return 2
    if ph == PH_OFFER:
        out[0] = A_NO_CONTRACT
        n = 1
        for t in range(2):
            for o in range(1, s.n):
                q = (p + o) % s.n
                if counterparty_ok(s, p, q):
                    out[n] = A_CONTRACT + 14 * t + 2 * (o - 1)
                    out[n + 1] = out[n] + 1
                    n += 2
        return n
    if ph == PH_PROPOSE:
        for t in range(NTYPES):
            if s.hand[p][t] > 0:
                out[n] = A_PROPOSE + t
                n += 1
        return n
    if ph == PH_OPP:
        out[0] = A_PASS
        n = 1
        if s.inf[p] >= 1 and ms_size(s.tdown) > 0:
            out[n] = A_INSPECT
            n += 1
        out[n] = A_WITHDRAW
        n += 1
        if s.backroom and s.inf[p] >= 2 and brc(s, p) < 2 and br_pile_size(s) > 0:
            out[n] = A_DEAL
            n += 1
        return n
    if ph == PH_WDISCARD:
        for k in range(21):
            for t in range(NTYPES):
                if MS_CNT[2][k][t] > s.hand[p][t]:
                    break
            else:
                out[n] = A_WDISCARD + k
                n += 1
        return n
    if ph == PH_LDISCARD:
        out[0] = A_NO_DISCARD
        n = 1
        for t in range(NTYPES):
            if s.tdown[t] > 0:
                out[n] = A_LDISCARD + t
                n += 1
        return n
    if ph == PH_FAILDRAW:
        out[0] = A_NO_BUY
        out[1] = A_BUY
        return 2
    if ph == PH_RESOLVE:
        if s.inf[p] >= s.ct_k[s.cslot]:
            out[n] = A_KEEP
            n += 1
        out[n] = A_BREAK
        return n + 1
    if ph == PH_VOTE:
        out[0] = A_ABSTAIN
        n = 1
        for o in range(1, s.n):
            q = (p + o) % s.n
            if not (s.flags[q] & F_REVEALED):
                out[n] = A_VOTE + o - 1
                n += 1
        return n
    # chance nodes
    if ph == PH_ROLES:
        for i in range(s.n * (s.n - 1) // 2):
            out[i] = C_ROLES + i
        return s.n * (s.n - 1) // 2
    if ph == PH_TELL:
        out[0] = C_HONEST
        if s.flags[p] & F_DARK:
            for q in range(s.n):
                if q != p and (s.flags[q] & F_DARK):
                    out[0] = C_DARK + q
        return 1
    if ph == PH_DEAL or ph == PH_DRAW:
        for t in range(NTYPES):
            if s.pile[t] > 0:
                out[n] = C_CARD + t
                n += 1
        return n
    if ph == PH_BRDEAL:
        for t in range(NBR):
            if s.br_pile[t] > 0:
                out[n] = C_BR + t
                n += 1
        return n
    if ph == PH_LEADER:
        for q in range(s.n):
            if (s.flags[q] & F_RIGHT) and not (s.flags[q] & F_TRIED):
                out[n] = C_LEADER + q
                n += 1
        return n
    if ph == PH_LOOK or ph == PH_REVEAL:
        out[0] = C_MULTI + ms_rank(s.tdown)
        return 1
    if ph == PH_INSPECT:
        for t in range(NTYPES):
            if s.tdown[t] > 0:
                out[n] = C_CARD + t
                n += 1
        return n
    if ph == PH_VOTE_REVEAL:
        out[0] = C_VOTE + (8 if s.vote[p] == NONE else s.vote[p])
        return 1
    if ph == PH_ROLE_REVEAL:
        out[0] = C_DARK if (s.flags[p] & F_DARK) else C_HONEST
        return 1
    if ph == PH_FINAL_ROLES:
        x = -1
        y = -1
        for q in range(s.n):
            if s.flags[q] & F_DARK:
                if x < 0:
                    x = q
                else:
                    y = q
        out[0] = C_ROLES + pair_rank(x, y)
        return 1
    return 0


cdef inline bint is_chance_phase(int ph) noexcept nogil:
    return (ph == PH_ROLES or ph == PH_TELL or ph == PH_DEAL or ph == PH_BRDEAL or ph == PH_LEADER
            or ph == PH_LOOK or ph == PH_INSPECT or ph == PH_DRAW or ph == PH_REVEAL
            or ph == PH_VOTE_REVEAL or ph == PH_ROLE_REVEAL or ph == PH_FINAL_ROLES)


cdef int pol_current_player(const PolState* s) noexcept nogil:
    if s.phase == PH_OVER:
        return TERMINAL
    if is_chance_phase(s.phase):
        return CHANCE
    return s.asked


cdef double pol_chance_probability(const PolState* s, int a) noexcept nogil:
    cdef int buf[MAX_LEGAL]
    cdef int n, i, ph = s.phase, tot
    if not is_chance_phase(ph):
        return 0.0
    n = pol_legal(s, buf)
    for i in range(n):
        if buf[i] == a:
            break
    else:
        return 0.0
    if ph == PH_DEAL or ph == PH_DRAW:
        return s.pile[a - C_CARD] / <double>ms_size(s.pile)
    if ph == PH_INSPECT:
        return s.tdown[a - C_CARD] / <double>ms_size(s.tdown)
    if ph == PH_BRDEAL:
        return s.br_pile[a - C_BR] / <double>br_pile_size(s)
    return 1.0 / n                  # roles and leader: uniform; the rest: one outcome


cdef inline int draw_from(const uint8_t* counts, int m, int total, uint64_t* rng) noexcept nogil:
    cdef int k = rng_below(rng, total), t = 0
    while k >= counts[t]:
        k -= counts[t]
        t += 1
    return t


cdef int pol_sample_chance(PolState* s, uint64_t* rng) noexcept nogil:
    cdef int buf[MAX_LEGAL]
    cdef int n, a, ph = s.phase
    if ph == PH_DEAL or ph == PH_DRAW:
        a = C_CARD + draw_from(s.pile, NTYPES, ms_size(s.pile), rng)
    elif ph == PH_INSPECT:
        a = C_CARD + draw_from(s.tdown, NTYPES, ms_size(s.tdown), rng)
    elif ph == PH_BRDEAL:
        a = C_BR + draw_from(s.br_pile, NBR, br_pile_size(s), rng)
    else:
        n = pol_legal(s, buf)
        a = buf[rng_below(rng, n)] if n > 1 else buf[0]
    pol_apply(s, a)
    return a


cdef inline int win_key(const PolState* s, int p) noexcept nogil:
    """Normal end: the higher Total wins, a tie for it goes to the higher INF (D40, revision 2)."""
    return s.score[p] * 256 + s.inf[p]


cdef void pol_returns(const PolState* s, double* out) noexcept nogil:
    """Team rewards, the reward the search maximises (docs/politics.md, "Rewards").

    Crisis: every member of the winning team gets 1 (§11.3, D44).  Normal end: the highest Total
    wins, a tie goes to the higher INF and players still tied share 1 (D40); a seat's reward is its *team's* share -- its own plus that of
    the other members of its team (a DARK seat: its own and its partner's; an HONEST seat: every
    honest winner's).  The two teams' rewards sum to 1.  ``Result.rewards`` (the engine layer) are
    the spec's individual shares."""
    cdef int p, best = -1, k = 0, honest_win, nd = 0
    cdef double dark_share = 0.0
    for p in range(s.n):
        out[p] = 0.0
    if s.phase != PH_OVER:
        return
    if s.crisis:
        for p in range(s.n):
            if (s.flags[p] & F_DARK) and (s.flags[p] & F_REVEALED):
                nd += 1
        honest_win = nd == 2
        for p in range(s.n):
            if ((s.flags[p] & F_DARK) != 0) != honest_win:
                out[p] = 1.0
        return
    for p in range(s.n):
        if win_key(s, p) > best:
            best = win_key(s, p)
    for p in range(s.n):
        if win_key(s, p) == best:
            k += 1
    for p in range(s.n):
        if win_key(s, p) == best and (s.flags[p] & F_DARK):
            dark_share += 1.0 / k
    for p in range(s.n):
        out[p] = dark_share if (s.flags[p] & F_DARK) else 1.0 - dark_share


cdef enum:
    SCORE_SCALE = 8      # points of mean-Total margin that move the score utility from 0.5 to about 0.73


cdef void pol_scores(const PolState* s, double* out) noexcept nogil:
    """The score utility the search may blend into the rewards (its option ``score``).

    The margin is the dark players' mean Total minus the honest players' mean Total (the totals are
    computed at a crisis too, for display); a DARK seat gets ``(1 + tanh(margin / 8)) / 2`` and an
    HONEST seat one minus that, so the two teams' utilities sum to 1 like their rewards.  Every point
    a team gains or takes from the other moves it: a lie-catch vote on a dark player (its INF lost,
    LEG 2 for each voter) or on an honest one (LEG 1 lost per voter), an INF paid for a contract."""
    cdef int p, nd = 0, nh = 0
    cdef double dark = 0.0, honest = 0.0, u
    for p in range(s.n):
        out[p] = 0.0
    if s.phase != PH_OVER:
        return
    for p in range(s.n):
        if s.flags[p] & F_DARK:
            dark += s.score[p]
            nd += 1
        else:
            honest += s.score[p]
            nh += 1
    u = 0.5 * (1.0 + tanh((dark / (nd if nd else 1) - honest / (nh if nh else 1)) / SCORE_SCALE))
    for p in range(s.n):
        out[p] = u if (s.flags[p] & F_DARK) else 1.0 - u


cdef void pol_playout(PolState* s, uint64_t* rng) noexcept nogil:
    cdef int buf[MAX_LEGAL]
    cdef int n
    while s.phase != PH_OVER:
        if is_chance_phase(s.phase):
            pol_sample_chance(s, rng)
        else:
            n = pol_legal(s, buf)
            pol_apply(s, buf[rng_below(rng, n)] if n > 1 else buf[0])


# --- the policy: a cheap player that plays its role ------------------------------------------------
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


cdef inline double sus(const PolState* s, int q) noexcept nogil:
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
        if q != p and q != skip and not (s.flags[q] & F_REVEALED) and sus(s, q) > m:
            m = sus(s, q)
    return m


cdef inline int found_c(const PolState* s) noexcept nogil:
    """Corrupt cards turned up by inspection this round (after MEDIA flips)."""
    cdef int i, c = 0
    for i in range(s.nrev):
        if (s.rev[i] & R_INSPECTED) and counts_c(s.rev[i]):
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
        x = 1.0 - sus(s, q)                      # trust
        w = 0.05 + x * x
        if dark and q == partner:
            w = 2.0                              # the partner first about half the time
        want = s.inv_n - s.acc_n                 # offer more as refusals pile up
        if want > 3 - s.acc_sum:
            want = 3 - s.acc_sum
        w *= 1.0 if o == want else (0.12 if o == want + 1 or o + 1 == want else 0.02)
        w *= 1.0 if j == 0 else ((0.35 if dark else 0.2) if j == 1 else 0.04)
        return w
    if ph == PH_ANSWER_INVITE:
        x = sus(s, s.leader)
        if dark:
            k = 97 if s.leader == partner else 85
        else:
            m = 0.92 - 1.6 * (x - prior)
            k = <int>(100.0 * (0.08 if m < 0.08 else (0.95 if m > 0.95 else m)))
        k += 3 * s.pi_offer + (4 if s.pi_join else 0)
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
        if dark and (p == s.leader or p == s.p1 or p == s.p2 or is_member(s, partner)):
            return 0.12 if t == 0 else 0.01      # buy quiet: HOLD(1), broken later (BET)
        if not dark:
            return 0.05 if t == 1 else 0.01      # pay for an inspection: PROBE(1), kept (HON)
        return 0.03 if t == 1 else 0.02
    if ph == PH_ANSWER_CONTRACT:
        if s.pc_tpl == T_PROBE:                  # paid to inspect: the honest side's aim
            k = (15 if is_member(s, partner) else 55) if dark else 80
        else:                                    # paid to stay quiet
            k = (80 if is_member(s, partner) else 45) if dark else 20
        return k if a == A_ACCEPT else 100 - k
    if ph == PH_PROPOSE:
        t = a - A_PROPOSE                        # the card kept; the other two are placed
        for i in range(NTYPES):
            k = s.hand[p][i] - (1 if i == t else 0)
            if is_c(i):
                c += k
            bg += k * bags(i)
        x = 1.0 + 0.1 * bg
        if not dark:
            return x * (1.0 if c == 0 else (0.12 if c == 1 else 0.03))
        m = max_sus_other(s, p, partner)
        if sus(s, p) <= m or s.fails >= 3:       # not the most suspected: slip corrupt policies in
            return x * (0.15 if c == 0 else (0.6 if c == 1 else 1.0))
        return x * (1.0 if c == 0 else (0.35 if c == 1 else 0.1))
    if ph == PH_OPP:
        c = found_c(s)
        if not dark:
            if a == A_INSPECT:
                if s.fails >= 4 and c >= 1:
                    return 0.05                  # a second C would bring the crisis
                x = sus(s, s.leader) + sus(s, s.p1) + sus(s, s.p2)
                return 0.9 if x >= 2.7 * prior else 0.72
            if a == A_WITHDRAW:
                return 0.08
            if a == A_DEAL:
                return 0.06 if s.inf[p] >= 4 and brc(s, p) == 0 else 0.01
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
            if is_c(t):
                c += MS_CNT[2][k][t]
        return (1.0 if c == 0 else (0.2 if c == 1 else 0.05)) if dark else (1.0 if c == 2 else (0.2 if c == 1 else 0.05))
    if ph == PH_LDISCARD:
        if a == A_NO_DISCARD:
            return 0.12
        t = a - A_LDISCARD
        if dark:
            return 0.8 if not is_c(t) else 0.08
        return 0.85 if is_c(t) else 0.04
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
            return 0.75 if sus(s, q) >= max_sus_other(s, p, partner) else 0.03
        if sus(s, q) >= m and m > 0.0:
            return 0.9 if (m >= 0.5 or s.crisis) else 0.35
        return 0.02
    if ph == PH_COUP:
        if a == A_PASS:
            return 1.0
        if dark:
            return 0.02 if s.drawn == partner else 0.5
        return 0.8 if sus(s, s.drawn) > 1.3 * prior else 0.08
    if ph == PH_DEALBREAK:
        if a == A_PASS:
            return 1.0
        i = s.w_slot
        if dark and partner >= 0 and is_member(s, partner) and s.ct_tpl[i] == T_PROBE:
            return 0.6
        if not dark and s.ct_tpl[i] == T_HOLD and sus(s, s.ct_x[i]) > 1.3 * prior:
            return 0.4
        return 0.04
    if ph == PH_BLOCK:
        if a == A_PASS:
            return 1.0
        if s.e_player == partner:
            return 0.0
        if s.e_kind == PH_COUP:
            if s.drawn == p or (dark and s.drawn == partner):
                return 9.0
            return 1.5 if (not dark and sus(s, s.e_player) > 1.3 * prior) else 0.05
        if s.e_kind == PH_DEALBREAK:
            i = s.w_slot
            return 2.0 if (s.ct_x[i] == p or s.ct_y[i] == p) else 0.04
        # MEDIA: keep one's own government's cards (honest: H, dark: C); in Phase 3 keep it alive
        if is_member(s, p) or (dark and partner >= 0 and is_member(s, partner)):
            t = s.e_target
            if s.w_media == 3:
                return 9.0 if (not is_c(t) and found_c(s) >= 1) else 0.1   # the flip would fail it
            return 4.0 if (t < 3) != dark else 0.05
        return 0.04
    if ph == PH_MEDIA:
        if a == A_PASS:
            return 1.0
        t = a - A_MEDIA
        c = found_c(s)
        if s.w_media == 3:
            if not dark:
                return 9.0 if (is_member(s, p) and is_c(t) and c >= 2) else 0.03
            if not is_c(t) and c >= 1 and not is_member(s, p) and not (partner >= 0 and is_member(s, partner)):
                return 2.5
            return 0.03
        if not is_member(s, p):
            return 0.02
        if dark:
            return 1.5 if not is_c(t) else 0.02
        return 2.5 if is_c(t) else 0.02
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
        if window and h.br[q][wcard(h.w_kind)] == 0:
            h.br[q][wcard(h.w_kind)] = 1
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


cdef void pol_policy_playout(PolState* s, uint64_t* rng) noexcept nogil:
    while s.phase != PH_OVER:
        if is_chance_phase(s.phase):
            pol_sample_chance(s, rng)
        else:
            pol_apply(s, pol_policy_action(s, rng))


# --- hidden information -----------------------------------------------------------------------------
# Free places of policy cards from `seat`'s view: other hands (0..n-1), the draw pile (LOC_PILE), the
# face-down part of the discard pile that seat does not know (LOC_DISC), the face-down table cards
# and leader's discard that seat does not know (LOC_THID).
cdef enum:
    LOC_PILE = 8
    LOC_DISC = 9
    LOC_THID = 10
    NLOC = 11


cdef inline int loc_free(const PolState* s, int seat, const uint8_t* K, int loc, int t) noexcept nogil:
    if loc < MAXP:
        if loc == seat or loc >= s.n:
            return 0
        return s.hand[loc][t]
    if loc == LOC_PILE:
        return s.pile[t]
    if loc == LOC_DISC:
        return s.disc[t] - s.disc_pub[t] - s.disc_known[seat][t]
    return s.tdown[t] + (s.ldisc == t) - K[t]


cdef inline void loc_swap(PolState* s, int loc, int out_t, int in_t) noexcept nogil:
    """Replace one free `out_t` at `loc` by `in_t`."""
    if loc < MAXP:
        s.hand[loc][out_t] -= 1
        s.hand[loc][in_t] += 1
    elif loc == LOC_PILE:
        s.pile[out_t] -= 1
        s.pile[in_t] += 1
    elif loc == LOC_DISC:
        s.disc[out_t] -= 1
        s.disc[in_t] += 1
    else:
        if s.tdown[out_t] > 0:
            s.tdown[out_t] -= 1
            s.tdown[in_t] += 1
        else:
            s.ldisc = in_t


cdef bint leader_knows_table(const PolState* s, int seat) noexcept nogil:
    return s.formed and seat == s.leader and s.looked


cdef bint bring_in(PolState* s, int seat, const uint8_t* K, int target, int t) noexcept nogil:
    """Swap a free `t` from another place into `target`, giving back one of target's free cards."""
    cdef int x, loc
    for x in range(NTYPES):
        if x != t and loc_free(s, seat, K, target, x) > 0:
            break
    else:
        return False
    for loc in range(NLOC):
        if loc == target or (loc < MAXP and loc >= s.n):
            continue
        if loc_free(s, seat, K, loc, t) > 0:
            loc_swap(s, loc, t, x)
            loc_swap(s, target, x, t)
            return True
    return False


cdef bint ensure_pile(PolState* s, int seat, int t) noexcept nogil:
    cdef uint8_t K[6]
    if s.pile[t] > 0:
        return True
    thid_known(s, seat, K)
    return bring_in(s, seat, K, LOC_PILE, t)


cdef bint ensure_tdown(PolState* s, int seat, int t) noexcept nogil:
    """An inspection turned up `t` (Phase 3: no leader's discard yet, so the hidden table is tdown)."""
    cdef uint8_t K[6]
    if s.tdown[t] > 0:
        return True
    thid_known(s, seat, K)
    return bring_in(s, seat, K, LOC_THID, t)


cdef bint force_tdown(PolState* s, int seat, const uint8_t* M) noexcept nogil:
    """Make the face-down table exactly `M` (the leader's look, the Phase 4 reveal); with a leader's
    discard, the hidden table is `M` plus one card, chosen consistent with what `seat` knows."""
    cdef uint8_t K[6]
    cdef int T[6]
    cdef int cur[6]
    cdef int t, y, z, loc, x = -1, nd = 0
    thid_known(s, seat, K)
    if leader_knows_table(s, seat):
        for t in range(NTYPES):
            if s.tdown[t] != M[t]:
                return False
        return True
    for t in range(NTYPES):
        cur[t] = s.tdown[t] + (s.ldisc == t)
        T[t] = M[t]
    if s.ldisc != NONE:
        for t in range(NTYPES):
            if K[t] > M[t]:
                nd += K[t] - M[t]
                x = t
        if nd > 1:
            return False
        if nd == 0:
            for t in range(NTYPES):             # prefer a card already hidden on the table
                if cur[t] > M[t]:
                    x = t
                    break
            if x < 0:
                for t in range(NTYPES):
                    for loc in range(NLOC):
                        if loc != LOC_THID and loc_free(s, seat, K, loc, t) > 0:
                            x = t
                            break
                    if x >= 0:
                        break
            if x < 0:
                return False
        T[x] += 1
    for t in range(NTYPES):
        if T[t] < K[t]:
            return False
    for y in range(NTYPES):
        while cur[y] < T[y]:
            for z in range(NTYPES):
                if cur[z] > T[z]:
                    break
            else:
                return False
            for loc in range(NLOC):
                if loc == LOC_THID or (loc < MAXP and loc >= s.n):
                    continue
                if loc_free(s, seat, K, loc, y) > 0:
                    loc_swap(s, loc, y, z)
                    break
            else:
                return False
            cur[y] += 1
            cur[z] -= 1
    for t in range(NTYPES):
        s.tdown[t] = M[t]
    if s.ldisc != NONE:
        s.ldisc = x
    return True


cdef bint ensure_br_hand(PolState* s, int seat, int q, int b) noexcept nogil:
    cdef int x, r
    if s.br[q][b] > 0:
        return True
    if q == seat:
        return False
    for x in range(NBR):
        if x != b and s.br[q][x] > 0:
            break
    else:
        return False
    if s.br_pile[b] > 0:
        s.br_pile[b] -= 1
        s.br_pile[x] += 1
    else:
        for r in range(s.n):
            if r != seat and r != q and s.br[r][b] > 0:
                s.br[r][b] -= 1
                s.br[r][x] += 1
                break
        else:
            return False
    s.br[q][x] -= 1
    s.br[q][b] += 1
    return True


cdef bint ensure_br_pile(PolState* s, int seat, int b) noexcept nogil:
    cdef int x, r
    if s.br_pile[b] > 0:
        return True
    for x in range(NBR):
        if s.br_pile[x] > 0:
            break
    else:
        return False
    for r in range(s.n):
        if r != seat and s.br[r][b] > 0:
            s.br[r][b] -= 1
            s.br[r][x] += 1
            s.br_pile[x] -= 1
            s.br_pile[b] += 1
            return True
    return False


cdef inline bint knows_roles(const PolState* s, int seat) noexcept nogil:
    """Whether `seat` knows the dark pair (`seat` < 0: the public, who knows it only at the end)."""
    return s.roles_public or (seat >= 0 and (s.flags[seat] & F_DARK) != 0)


cdef inline int known_disc(const PolState* s, int seat, int t) noexcept nogil:
    """Face-down discards of type t that `seat` knows are in the discard pile (none for the public)."""
    return s.disc_known[seat][t] if seat >= 0 else 0


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


cdef void redeal(PolState* s, int seat, uint64_t* rng) noexcept nogil:
    """Deal everything hidden from `seat` afresh: uniformly (rng) or in the canonical order (NULL).
    `seat` < 0 is the public: every hand, the hidden table, the unshown votes and the roles."""
    cdef uint8_t K[6]
    cdef uint8_t pool[48]
    cdef uint8_t bpool[24]
    cdef uint8_t thid[6]
    cdef int t, p, k, i, j, np = 0, nb = 0, size, nthid
    cdef int opts[9]
    # roles and votes
    deal_roles(s, seat, rng)
    for p in range(s.n):
        if vote_hidden(s, seat, p):
            if rng == NULL:
                s.vote[p] = NONE
            else:
                k = 0
                opts[k] = NONE
                k += 1
                for j in range(s.n):
                    if j != p and not (s.flags[j] & F_REVEALED):
                        opts[k] = j
                        k += 1
                s.vote[p] = opts[rng_below(rng, k)]
    # backroom cards: other hands, then the pile
    for p in range(s.n):
        if p == seat:
            continue
        for t in range(NBR):
            for k in range(s.br[p][t]):
                bpool[nb] = t
                nb += 1
    for t in range(NBR):
        for k in range(s.br_pile[t]):
            bpool[nb] = t
            nb += 1
    _shuffle_or_sort(bpool, nb, rng)
    i = 0
    for p in range(s.n):
        if p == seat:
            continue
        size = brc(s, p)
        for t in range(NBR):
            s.br[p][t] = 0
        for k in range(size):
            s.br[p][bpool[i]] += 1
            i += 1
    for t in range(NBR):
        s.br_pile[t] = 0
    while i < nb:
        s.br_pile[bpool[i]] += 1
        i += 1
    # policy cards: collect the free ones in the fixed order of places
    thid_known(s, seat, K)
    for p in range(s.n):
        if p == seat:
            continue
        for t in range(NTYPES):
            for k in range(s.hand[p][t]):
                pool[np] = t
                np += 1
    for t in range(NTYPES):
        for k in range(s.pile[t]):
            pool[np] = t
            np += 1
    for t in range(NTYPES):
        for k in range(s.disc[t] - s.disc_pub[t] - known_disc(s, seat, t)):
            pool[np] = t
            np += 1
    nthid = 0
    for t in range(NTYPES):
        for k in range(s.tdown[t] + (s.ldisc == t) - K[t]):
            pool[np] = t
            np += 1
            nthid += 1
    _shuffle_or_sort(pool, np, rng)
    i = 0
    for p in range(s.n):
        if p == seat:
            continue
        size = hsize(s, p)
        for t in range(NTYPES):
            s.hand[p][t] = 0
        for k in range(size):
            s.hand[p][pool[i]] += 1
            i += 1
    size = ms_size(s.pile)
    for t in range(NTYPES):
        s.pile[t] = 0
    for k in range(size):
        s.pile[pool[i]] += 1
        i += 1
    size = 0
    for t in range(NTYPES):
        size += s.disc[t] - s.disc_pub[t] - known_disc(s, seat, t)
        s.disc[t] = s.disc_pub[t] + known_disc(s, seat, t)
    for k in range(size):
        s.disc[pool[i]] += 1
        i += 1
    if not leader_knows_table(s, seat):           # the leader after the look knows the whole table
        for t in range(NTYPES):
            thid[t] = K[t]
        for k in range(nthid):
            thid[pool[i]] += 1
            i += 1
        if s.ldisc != NONE:
            if rng != NULL:
                t = draw_from(thid, NTYPES, ms_size(thid), rng)
            else:
                t = NTYPES - 1
                while thid[t] == 0:
                    t -= 1
            s.ldisc = t
            thid[t] -= 1
        for t in range(NTYPES):
            s.tdown[t] = thid[t]
    # other seats' private memories are not part of seat's information
    for i in range(3):
        if member_slot(s, seat) != i:
            s.prop[i][0] = NONE
            s.prop[i][1] = NONE
    for p in range(MAXP):
        if p != seat:
            for t in range(NTYPES):
                s.disc_known[p][t] = 0


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


cdef int pol_make_consistent(PolState* s, int seat, int a) noexcept nogil:
    """Re-deal what `seat` cannot see so that `seat` may observe `a` next (advisor mode: rebuilding
    an information state from one seat's observations).  Returns whether `a` is then legal."""
    cdef int ph = s.phase, p = s.asked, n, i, x, y, q
    cdef int buf[MAX_LEGAL]
    cdef uint8_t M[6]
    if ph == PH_OVER:
        return 0
    if ph == PH_TELL and p == seat:
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
                return 0
            set_roles(s, seat, q)
    elif (ph == PH_DEAL or ph == PH_DRAW) and p == seat:
        if not (C_CARD <= a < C_CARD + NTYPES) or not ensure_pile(s, seat, a - C_CARD):
            return 0
    elif ph == PH_BRDEAL and p == seat:
        if not (C_BR <= a < C_BR + NBR) or not ensure_br_pile(s, seat, a - C_BR):
            return 0
    elif ph == PH_INSPECT:
        if not (C_CARD <= a < C_CARD + NTYPES) or not ensure_tdown(s, seat, a - C_CARD):
            return 0
    elif (ph == PH_LOOK and p == seat) or ph == PH_REVEAL:
        if not (C_MULTI <= a < C_MULTI + MS_COUNT[ms_size(s.tdown)]):
            return 0
        for i in range(NTYPES):
            M[i] = MS_CNT[ms_size(s.tdown)][a - C_MULTI][i]
        if not force_tdown(s, seat, M):
            return 0
    elif ph == PH_VOTE_REVEAL and p != seat:
        if not (C_VOTE <= a <= C_VOTE + 8):
            return 0
        q = a - C_VOTE
        if q == 8:
            s.vote[p] = NONE
        else:
            if q >= s.n or q == p or (s.flags[q] & F_REVEALED):
                return 0
            s.vote[p] = q
    elif ph == PH_ROLE_REVEAL and not knows_roles(s, seat):
        if a == C_DARK and not (s.flags[p] & F_DARK):
            if p == seat:
                return 0
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
    elif ph == PH_FINAL_ROLES:
        if not (C_ROLES <= a < C_ROLES + s.n * (s.n - 1) // 2):
            return 0
        pair_unrank(a - C_ROLES, &x, &y)
        if not roles_consistent(s, seat, x, y):
            return 0
        set_roles(s, x, y)
    elif (ph == PH_COUP or ph == PH_DEALBREAK or ph == PH_BLOCK) and p != seat and a == A_PLAY:
        if not ensure_br_hand(s, seat, p, wcard(ph)):
            return 0
    elif ph == PH_MEDIA and p != seat and A_MEDIA <= a < A_MEDIA + NTYPES:
        if not ensure_br_hand(s, seat, p, BR_MEDIA):
            return 0
    n = pol_legal(s, buf)
    for i in range(n):
        if buf[i] == a:
            return 1
    return 0


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


# --- validation (decode) ----------------------------------------------------------------------------
cdef const char* pol_validate(const PolState* s) noexcept nogil:
    """NULL when the struct is a consistent state, else what is wrong."""
    cdef int t, p, i, tot, nd = 0, h
    cdef int cnt[6]
    cdef int bcnt[4]
    if s.n < 6 or s.n > MAXP:
        return "player count out of range"
    if s.phase >= NUM_PHASES:
        return "unknown phase"
    if s.nrounds < 1 or s.round > s.nrounds or s.fails > 5:
        return "round or failure counter out of range"
    if s.backroom > 1 or s.contracts > 1 or s.awards > 1 or s.max_inv < 2 or s.max_inv > s.n - 1:
        return "bad rule option"
    if s.phase != PH_OVER and not is_chance_phase(s.phase) and s.asked >= s.n:
        return "no seat to decide"
    if s.nrev > 6 or s.cursor > MAXP or s.cslot > 2:
        return "counter out of range"
    for t in range(NTYPES):
        cnt[t] = s.pile[t] + s.disc[t] + s.tdown[t] + (s.ldisc == t)
        if s.disc_pub[t] > s.disc[t]:
            return "discard pile counts"
    if s.ldisc != NONE and s.ldisc >= NTYPES:
        return "bad leader discard"
    for i in range(s.nrev):
        if (s.rev[i] & R_TYPE) >= NTYPES or s.rev[i] & ~(R_TYPE | R_INSPECTED | R_FLIPPED):
            return "bad table card"
        cnt[s.rev[i] & R_TYPE] += 1
    for p in range(MAXP):
        h = 0
        for t in range(NTYPES):
            if p >= s.n and (s.hand[p][t] or s.disc_known[p][t]):
                return "data in an unused seat"
            cnt[t] += s.hand[p][t]
            h += s.hand[p][t]
            if s.disc_known[p][t] + s.disc_pub[t] > s.disc[t]:
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
    for t in range(NBR):
        bcnt[t] = s.br_pile[t] + s.br_gone[t]
    for p in range(MAXP):
        tot = 0
        for t in range(NBR):
            bcnt[t] += s.br[p][t]
            tot += s.br[p][t]
        if tot > 2:
            return "a backroom hand holds more than 2 cards"
        if p >= s.n and (tot or s.flags[p] or s.inf[p] or s.leg[p] or s.und[p]):
            return "data in an unused seat"
    if s.backroom:
        if bcnt[0] != 6 or bcnt[1] != 5 or bcnt[2] != (4 if s.contracts else 0) or bcnt[3] != 6:
            return "the backroom cards do not add up"
    elif bcnt[0] or bcnt[1] or bcnt[2] or bcnt[3]:
        return "backroom cards without the backroom module"
    for i in range(2):
        if s.ct_tpl[i] > T_PROBE or s.ct_st[i] > CS_DONE:
            return "bad contract"
        if s.ct_tpl[i] and (s.ct_x[i] >= s.n or s.ct_y[i] >= s.n or s.ct_k[i] < 1 or s.ct_k[i] > 2):
            return "bad contract"
    if s.formed and (s.leader >= s.n or s.p1 >= s.n or s.p2 >= s.n):
        return "bad government"
    for i in range(3):
        for t in range(2):
            if s.prop[i][t] != NONE and s.prop[i][t] >= NTYPES:
                return "bad proposal"
    for p in range(MAXP):
        if s.vote[p] != NONE and s.vote[p] >= s.n:
            return "bad vote"
    return NULL


# --- the table ------------------------------------------------------------------------------------
cdef int _num_players(const void* st) noexcept nogil:
    return (<const PolState*>st).n

cdef int _current_player(const void* st) noexcept nogil:
    return pol_current_player(<const PolState*>st)

cdef int _legal(const void* st, int* out) noexcept nogil:
    return pol_legal(<const PolState*>st, out)

cdef void _apply(void* st, int a) noexcept nogil:
    pol_apply(<PolState*>st, a)

cdef double _prob(const void* st, int a) noexcept nogil:
    return pol_chance_probability(<const PolState*>st, a)

cdef int _sample(void* st, uint64_t* rng) noexcept nogil:
    return pol_sample_chance(<PolState*>st, rng)

cdef void _returns(const void* st, double* out) noexcept nogil:
    pol_returns(<const PolState*>st, out)

cdef void _scores(const void* st, double* out) noexcept nogil:
    pol_scores(<const PolState*>st, out)

cdef void _playout(void* st, uint64_t* rng) noexcept nogil:
    pol_playout(<PolState*>st, rng)

cdef void _determinize(void* st, int seat, uint64_t* rng) noexcept nogil:
    pol_determinize(<PolState*>st, seat, rng)

cdef void _canonicalize(void* st, int seat) noexcept nogil:
    pol_canonicalize(<PolState*>st, seat)

cdef int _make_consistent(void* st, int seat, int a) noexcept nogil:
    return pol_make_consistent(<PolState*>st, seat, a)

cdef const char* _validate(const void* st) noexcept nogil:
    return pol_validate(<const PolState*>st)

cdef void _belief_step(void* st, int seat, const double* table, uint64_t* rng) noexcept nogil:
    pol_belief_step(<PolState*>st, seat, table, rng)

cdef void _policy_playout(void* st, uint64_t* rng) noexcept nogil:
    pol_policy_playout(<PolState*>st, rng)

cdef void _model_probs(const void* st, const void* ctx, const int* legal, int n, double* out) noexcept nogil:
    pol_policy_probs(<const PolState*>st, legal, n, out)


POLITICS_VT.name = b"politics"
POLITICS_VT.state_size = sizeof(PolState)
POLITICS_VT.num_actions = NUM_ACTIONS
POLITICS_VT.magic = 0xB1
POLITICS_VT.num_players = _num_players
POLITICS_VT.current_player = _current_player
POLITICS_VT.legal_actions = _legal
POLITICS_VT.apply_action = _apply
POLITICS_VT.chance_probability = _prob
POLITICS_VT.sample_chance = _sample
POLITICS_VT.returns = _returns
POLITICS_VT.playout = _playout
POLITICS_VT.determinize = _determinize
POLITICS_VT.canonicalize = _canonicalize
POLITICS_VT.make_consistent = _make_consistent
POLITICS_VT.validate = _validate
POLITICS_VT.max_legal = MAX_LEGAL
POLITICS_VT.belief_step = _belief_step
POLITICS_VT.belief_table_size = BELIEF_TABLE_SIZE
POLITICS_VT.policy_playout = _policy_playout
POLITICS_VT.scores = _scores                  # the score utility (search option score)
POLITICS_VT.model_probs = _model_probs        # no public context: model_observe NULL, size 0


# --- Python face ----------------------------------------------------------------------------------
TYPES = ("H0", "H1", "H2", "C1", "C2", "C3")
BACKROOM = ("media", "coup", "dealbreak", "block")
_TEMPLATES = {T_JOIN: "join", T_HOLD: "hold", T_PROBE: "probe"}
_STATUS = {CS_ACTIVE: "active", CS_CANCELLED: "cancelled", CS_LAPSED: "lapsed", CS_DONE: "done"}


cdef inline object _seat(int v):
    return None if v == NONE else v


cdef class PoliticsCore(KernelState):
    """One Politics Game state.  Thin: the rules live in the C functions above.

    ``PoliticsCore(n, nrounds=11, backroom=True, contracts=True, awards=True, max_inv=4)`` is a new
    game before any chance event; most code should go through :mod:`intrigue.engine` instead, which
    checks options and speaks the notation.  The read-only views below include hidden information
    (hands, roles): the engine layer decides who may see them.
    """

    def __cinit__(self):
        self.vt = &POLITICS_VT
        self.ptr = &self.st

    def __init__(self, int n=6, int nrounds=11, bint backroom=True, bint contracts=True, bint awards=True,
                 int max_inv=4):
        if not 6 <= n <= MAXP:
            raise ValueError(f"the Politics Game is for 6 to 8 players, not {n}")
        if not 2 <= max_inv <= n - 1:
            raise ValueError(f"max_inv must be 2..{n - 1}")
        if not 1 <= nrounds <= 50:
            raise ValueError("nrounds must be 1..50")
        pol_init(&self.st, n, nrounds, backroom, contracts, awards, max_inv)

    # --- flow ---------------------------------------------------------------------------------
    @property
    def phase(self):
        return self.st.phase

    @property
    def asked(self):
        return _seat(self.st.asked)

    @property
    def round(self):
        """Rounds completed."""
        return self.st.round

    @property
    def nrounds(self):
        return self.st.nrounds

    @property
    def fails(self):
        return self.st.fails

    @property
    def crisis(self):
        return bool(self.st.crisis)

    @property
    def roles_public(self):
        return bool(self.st.roles_public)

    @property
    def leader(self):
        return _seat(self.st.leader)

    @property
    def drawn(self):
        return _seat(self.st.drawn)

    @property
    def partners(self):
        return [_seat(self.st.p1), _seat(self.st.p2)]

    @property
    def offers(self):
        return [self.st.offer1, self.st.offer2]

    @property
    def formed(self):
        return bool(self.st.formed)

    @property
    def failed_gov(self):
        return bool(self.st.failed_gov)

    @property
    def looked(self):
        return bool(self.st.looked)

    @property
    def actor(self):
        return _seat(self.st.actor)

    @property
    def members(self):
        """The government (leader, partner 1, partner 2) once formed this round, else []."""
        if not self.st.formed:
            return []
        return [self.st.leader, self.st.p1, self.st.p2]

    @property
    def rules(self):
        return dict(n=self.st.n, nrounds=self.st.nrounds, backroom=bool(self.st.backroom),
                    contracts=bool(self.st.contracts), awards=bool(self.st.awards), max_inv=self.st.max_inv)

    @property
    def invitation(self):
        """The invitation awaiting an answer: (invitee, offer, join k or 0), else None."""
        if self.st.phase != PH_ANSWER_INVITE:
            return None
        return (self.st.pi_who, self.st.pi_offer, self.st.pi_join)

    @property
    def invitations_issued(self):
        return self.st.inv_n

    @property
    def accepted(self):
        return self.st.acc_n, self.st.acc_sum

    @property
    def contract_offer(self):
        """The contract offer awaiting an answer: (template, creator, counterparty, k), else None."""
        if self.st.phase != PH_ANSWER_CONTRACT:
            return None
        return (_TEMPLATES[self.st.pc_tpl], self.st.pc_x, self.st.pc_y, self.st.pc_k)

    @property
    def contracts(self):
        out = []
        for i in range(2):
            if self.st.ct_tpl[i]:
                out.append({"slot": "AB"[i], "template": _TEMPLATES[self.st.ct_tpl[i]], "creator": self.st.ct_x[i],
                            "counterparty": self.st.ct_y[i], "k": self.st.ct_k[i],
                            "status": _STATUS[self.st.ct_st[i]]})
        return out

    @property
    def resolving(self):
        """The contract slot (0/1) being resolved in Phase 5, else None."""
        return self.st.cslot if self.st.phase == PH_RESOLVE else None

    @property
    def window(self):
        """The open reaction window: kind, whose left it starts at, and the card it answers."""
        if self.st.w_kind == 0:
            return None
        return {"kind": self.st.w_kind, "from": _seat(self.st.w_from), "media_phase": self.st.w_media,
                "answers": self.st.e_kind or None, "card_player": _seat(self.st.e_player),
                "target": _seat(self.st.e_target), "slot": _seat(self.st.w_slot)}

    @property
    def vote_no(self):
        return self.st.vote_no

    @property
    def silence(self):
        return bool(self.st.silence)

    def voted(self, int p):
        return bool(self.st.voted & (1 << p))

    def vote(self, int p):
        """Seat p's committed vote (hidden information until shown): a seat, or None (abstained)."""
        return _seat(self.st.vote[p])

    # --- players ------------------------------------------------------------------------------
    def coins(self, int p):
        return {"INF": self.st.inf[p], "LEG": self.st.leg[p], "UND": self.st.und[p],
                "HON": self.st.hon[p], "BET": self.st.bet[p]}

    def stats(self, int p):
        return {"gov_ok": self.st.gov_ok[p], "gov_failed": self.st.gov_failed[p],
                "joined": self.st.joined[p], "caught": self.st.caught[p]}

    def set_counters(self, int p, **values):
        """Set seat p's coins, tokens and award counters (``INF LEG UND HON BET`` and ``gov_ok
        gov_failed joined caught``, each 0..255): for scenario tests and puzzles that start from
        given totals, e.g. just before the final scoring.  Unknown names or values out of range are
        refused (ValueError) and nothing changes."""
        cdef dict fields = {"INF": 0, "LEG": 1, "UND": 2, "HON": 3, "BET": 4, "gov_ok": 5,
                            "gov_failed": 6, "joined": 7, "caught": 8}
        if not 0 <= p < self.st.n:
            raise ValueError("a seat of this game")
        for k, v in values.items():
            if k not in fields:
                raise ValueError(f"unknown counter {k!r}")
            if not (isinstance(v, int) and 0 <= v <= 255):
                raise ValueError(f"{k} must be an integer 0..255")
        for k, v in values.items():
            i = fields[k]
            if i == 0: self.st.inf[p] = v
            elif i == 1: self.st.leg[p] = v
            elif i == 2: self.st.und[p] = v
            elif i == 3: self.st.hon[p] = v
            elif i == 4: self.st.bet[p] = v
            elif i == 5: self.st.gov_ok[p] = v
            elif i == 6: self.st.gov_failed[p] = v
            elif i == 7: self.st.joined[p] = v
            else: self.st.caught[p] = v

    def flags(self, int p):
        f = self.st.flags[p]
        return {"right": bool(f & F_RIGHT), "tried": bool(f & F_TRIED), "barred": bool(f & F_BARRED),
                "acted": bool(f & F_ACTED), "invited": bool(f & F_INVITED), "inspected": bool(f & F_INSPECTED),
                "revealed": bool(f & F_REVEALED)}

    def is_dark(self, int p):
        """Seat p's role (hidden information!)."""
        return bool(self.st.flags[p] & F_DARK)

    def is_revealed(self, int p):
        return bool(self.st.flags[p] & F_REVEALED)

    def dark_seats(self):
        """The dark pair (hidden information!)."""
        return [p for p in range(self.st.n) if self.st.flags[p] & F_DARK]

    def score(self, int p):
        return self.st.score[p]

    # --- cards (hidden information!) ----------------------------------------------------------
    def hand(self, int p):
        """Seat p's policy hand as counts per type (H0 H1 H2 C1 C2 C3)."""
        return [self.st.hand[p][t] for t in range(NTYPES)]

    def hand_size(self, int p):
        return hsize(&self.st, p)

    def backroom(self, int p):
        """Seat p's backroom hand as counts per type (media coup dealbreak block)."""
        return [self.st.br[p][t] for t in range(NBR)]

    def backroom_count(self, int p):
        return brc(&self.st, p)

    @property
    def pile(self):
        return [self.st.pile[t] for t in range(NTYPES)]

    @property
    def discard(self):
        return [self.st.disc[t] for t in range(NTYPES)]

    @property
    def discard_public(self):
        return [self.st.disc_pub[t] for t in range(NTYPES)]

    def discard_known(self, int p):
        return [self.st.disc_known[p][t] for t in range(NTYPES)]

    @property
    def table_down(self):
        return [self.st.tdown[t] for t in range(NTYPES)]

    @property
    def leader_discard(self):
        return _seat(self.st.ldisc)

    @property
    def revealed_cards(self):
        """Table cards turned up this round: (type, inspected, flipped) in order."""
        return [(self.st.rev[i] & R_TYPE, bool(self.st.rev[i] & R_INSPECTED), bool(self.st.rev[i] & R_FLIPPED))
                for i in range(self.st.nrev)]

    def proposal(self, int i):
        """The two types member i (0 leader, 1, 2 partners) placed this round, if known here."""
        if self.st.prop[i][0] == NONE:
            return None
        return [self.st.prop[i][0], self.st.prop[i][1]]

    def known_table(self, int seat):
        """Counts of the hidden table cards (face-down + leader's discard) that `seat` knows of."""
        cdef uint8_t K[6]
        thid_known(&self.st, seat, K)
        return [K[t] for t in range(NTYPES)]

    def set_dark_pair(self, int a, int b, int seat=-1):
        """Make seats a and b the dark pair (for a search imposing a belief hypothesis on a
        determinization).  Refused (ValueError, nothing changed) if the pair contradicts a revealed
        role or, with ``seat``, what that seat knows (its own role; a DARK seat knows the pair)."""
        if not (0 <= a < self.st.n and 0 <= b < self.st.n) or a == b:
            raise ValueError("two different seats of this game")
        if seat >= 0:
            self._check_seat(seat)
            if not pol_impose_pair(&self.st, seat, pair_rank(a, b)):
                raise ValueError(f"seats {a} and {b} cannot be the dark pair for seat {seat}")
            return
        else:
            for p in range(self.st.n):
                if (self.st.flags[p] & F_REVEALED) and (((self.st.flags[p] & F_DARK) != 0) != (p == a or p == b)):
                    raise ValueError(f"seat {p}'s role is revealed")
        set_roles(&self.st, a, b)

    def belief_step(self, int seat, table, Rng rng):
        """One step of the search's belief chain for ``seat`` (-1: the public chain), in place: the
        hidden cards dealt afresh uniformly, the dark pair drawn by ``table`` (BELIEF_TABLE_SIZE
        weights, or None: uniform).  For tests and tools; the search calls the C function."""
        cdef double tab[BELIEF_TABLE_SIZE]
        cdef int i
        if not (-1 <= seat < self.st.n):
            raise ValueError(f"seat {seat} is not in this game")
        if table is None:
            pol_belief_step(&self.st, seat, NULL, &rng.state)
            return
        if len(table) != BELIEF_TABLE_SIZE:
            raise ValueError(f"a Politics belief table has {BELIEF_TABLE_SIZE} weights, not {len(table)}")
        for i in range(BELIEF_TABLE_SIZE):
            tab[i] = float(table[i])
            if not tab[i] >= 0.0:
                raise ValueError("belief weights must be >= 0")
        pol_belief_step(&self.st, seat, tab, &rng.state)

    def hyp_likelihood(self, int a, double have=1.0, double eps=0.0):
        """The rollout policy's probability of decision ``a`` by the seat deciding now under each
        role hypothesis: a list indexed by seat, ``[q]`` = q HONEST, ``[r]`` = q DARK with partner r
        (see ``pol_hyp_likelihood``; the belief model's per-event likelihood, in C)."""
        cdef double out[MAXP]
        if is_chance_phase(self.st.phase) or self.st.phase == PH_OVER:
            raise ValueError("not a decision")
        pol_hyp_likelihood(&self.st, a, have, eps, out)
        return [out[p] for p in range(self.st.n)]

    def policy_probs(self):
        """The policy's probability of each legal action here: ``{action: p}`` (the ``heuristic``
        bot, the rollouts and the opponent model all play it; see ``pol_policy_probs``)."""
        cdef int buf[MAX_LEGAL]
        cdef double pr[MAX_LEGAL]
        cdef int n, i
        if is_chance_phase(self.st.phase) or self.st.phase == PH_OVER:
            raise ValueError("not a decision")
        n = pol_legal(&self.st, buf)
        pol_policy_probs(&self.st, buf, n, pr)
        return {buf[i]: pr[i] for i in range(n)}

    def set_focal(self, values):
        """Set the rollout players' shared belief (per seat, P(dark) in [0, 1]; all 0: none)."""
        if len(values) != self.st.n:
            raise ValueError(f"one value per seat ({self.st.n})")
        for p in range(self.st.n):
            x = float(values[p])
            if not 0.0 <= x <= 1.0:
                raise ValueError("focal values are probabilities")
            self.st.focal[p] = <uint8_t>(255.0 * x + 0.5)

    @property
    def focal(self):
        return [self.st.focal[p] / 255.0 for p in range(self.st.n)]

    def policy_action(self, Rng rng):
        """The search's rollout policy's decision here (a legal action; for tests and tools)."""
        if is_chance_phase(self.st.phase) or self.st.phase == PH_OVER:
            raise ValueError("not a decision")
        return pol_policy_action(&self.st, &rng.state)

    @property
    def backroom_pile(self):
        return [self.st.br_pile[t] for t in range(NBR)]

    @property
    def backroom_gone(self):
        return [self.st.br_gone[t] for t in range(NBR)]


cdef double holds_chance(const PolState* s, int seat, int q, int card) noexcept nogil:
    """P(q holds a `card` backroom card) from the public counts and `seat`'s own hand
    (hypergeometric: q's hand is a uniform draw from the cards `seat` has not seen)."""
    cdef int deck[4]
    cdef int t, i, copies, unseen = 0, hand = brc(s, q)
    cdef double miss = 1.0
    deck[0] = 6
    deck[1] = 5
    deck[2] = 4 if s.contracts else 0
    deck[3] = 6
    for t in range(NBR):
        unseen += deck[t] - s.br_gone[t] - s.br[seat][t]
    copies = deck[card] - s.br_gone[card] - s.br[seat][card]
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
                have = 1.0 if s.br[q][wcard(s.w_kind)] > 0 else 0.0
            else:
                have = holds_chance(s, seat, q, wcard(s.w_kind))
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
    s.ldisc = NONE
    if dark:
        s.flags[0] = F_DARK
        s.flags[1] = F_DARK
    for i in range(NTYPES):
        s.tdown[i] = counts[i]
    m = pol_legal(&s, buf)
    pol_policy_probs(&s, buf, m, pr)
    for i in range(m):
        if buf[i] == A_NO_DISCARD:
            return pr[i]
    return 0.0


def playouts(int n, int count, seed=0, int nrounds=11, bint backroom=True, bint contracts=True,
             bint awards=True, int max_inv=4):
    """Run ``count`` random playouts of an ``n``-player game from before the deal (the benchmark
    kernel).  Returns the total number of actions and chance events, so the work is not optimised
    away."""
    cdef PoliticsCore start = PoliticsCore(n, nrounds, backroom, contracts, awards, max_inv)
    cdef PolState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long steps = 0
    cdef int i, k
    cdef int buf[MAX_LEGAL]
    with nogil:
        for i in range(count):
            s = start.st
            while s.phase != PH_OVER:
                if is_chance_phase(s.phase):
                    pol_sample_chance(&s, &rng)
                else:
                    k = pol_legal(&s, buf)
                    pol_apply(&s, buf[rng_below(&rng, k)] if k > 1 else buf[0])
                steps += 1
    return steps


def check_random_games(int n, int count, seed=0, int nrounds=11, bint backroom=True, bint contracts=True,
                       bint awards=True, int max_inv=4, int max_steps=20000):
    """Play ``count`` random games and check, at every step: the struct validates, chance
    probabilities sum to 1 and ``sample_chance`` only returns legal outcomes, and determinizing or
    canonicalizing for any seat yields a valid state that keeps that seat's own cards and legal
    actions.  Raises AssertionError naming the game and step on the first failure; returns counts
    ``{"games", "steps", "crises", "max_steps"}``."""
    cdef PoliticsCore start = PoliticsCore(n, nrounds, backroom, contracts, awards, max_inv)
    cdef PolState s, d
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef uint64_t game_rng
    cdef long long steps = 0
    cdef int g, k, kk, i, step, seat, crises = 0, most = 0, t
    cdef int buf[MAX_LEGAL]
    cdef int buf2[MAX_LEGAL]
    cdef double tot
    cdef const char* err
    for g in range(count):
        s = start.st
        step = 0
        while s.phase != PH_OVER:
            err = pol_validate(&s)
            if err != NULL:
                raise AssertionError(f"game {g} step {step}: invalid state: {err.decode()}")
            k = pol_legal(&s, buf)
            if k <= 0:
                raise AssertionError(f"game {g} step {step}: no legal action in phase {s.phase}")
            for i in range(1, k):
                if buf[i] <= buf[i - 1]:
                    raise AssertionError(f"game {g} step {step}: legal actions not increasing")
            if is_chance_phase(s.phase):
                tot = 0.0
                for i in range(k):
                    tot += pol_chance_probability(&s, buf[i])
                if abs(tot - 1.0) > 1e-9:
                    raise AssertionError(f"game {g} step {step}: chance probabilities sum to {tot}")
            else:
                seat = s.asked
                for i in range(2):
                    d = s
                    if i == 0:
                        pol_determinize(&d, seat, &rng)
                    else:
                        pol_canonicalize(&d, seat)
                    err = pol_validate(&d)
                    if err != NULL:
                        raise AssertionError(f"game {g} step {step}: {'determinized' if i == 0 else 'canonical'} "
                                             f"state invalid: {err.decode()}")
                    for t in range(NTYPES):
                        if d.hand[seat][t] != s.hand[seat][t]:
                            raise AssertionError(f"game {g} step {step}: determinization changed the seat's hand")
                    kk = pol_legal(&d, buf2)
                    if kk != k:
                        raise AssertionError(f"game {g} step {step}: determinization changed the legal actions")
                    for t in range(k):
                        if buf[t] != buf2[t]:
                            raise AssertionError(f"game {g} step {step}: determinization changed the legal actions")
                # another seat's view, too
                seat = rng_below(&rng, s.n)
                d = s
                pol_determinize(&d, seat, &rng)
                err = pol_validate(&d)
                if err != NULL:
                    raise AssertionError(f"game {g} step {step}: determinized for seat {seat}: {err.decode()}")
            if is_chance_phase(s.phase):
                d = s
                i = pol_sample_chance(&d, &rng)
                for t in range(k):
                    if buf[t] == i:
                        break
                else:
                    raise AssertionError(f"game {g} step {step}: sample_chance returned an illegal outcome")
                s = d
            else:
                pol_apply(&s, buf[rng_below(&rng, k)])
            step += 1
            if step > max_steps:
                raise AssertionError(f"game {g}: no end after {max_steps} steps")
        steps += step
        if step > most:
            most = step
        if s.crisis:
            crises += 1
    return {"games": count, "steps": steps, "crises": crises, "max_steps": most}


def determinize_loop(PoliticsCore st, int seat, int count, seed=0):
    """Copy the state and determinize it for ``seat`` ``count`` times (a search's per-iteration
    start); returns a checksum."""
    cdef PolState d
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long acc = 0
    cdef int i
    with nogil:
        for i in range(count):
            d = st.st
            pol_determinize(&d, seat, &rng)
            acc += d.hand[(seat + 1) % d.n][0] + d.flags[(seat + 2) % d.n]
    return acc


def policy_playouts(int n, int count, seed=0, int nrounds=11):
    """Like :func:`playouts`, with the search's rollout policy at every decision."""
    cdef PoliticsCore start = PoliticsCore(n, nrounds)
    cdef PolState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long steps = 0
    cdef int i
    with nogil:
        for i in range(count):
            s = start.st
            while s.phase != PH_OVER:
                if is_chance_phase(s.phase):
                    pol_sample_chance(&s, &rng)
                else:
                    pol_apply(&s, pol_policy_action(&s, &rng))
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


def struct_layout():
    """Byte offsets of the main fields of the state struct (as in ``encode()`` after the tag byte),
    with the total size: for documentation, debugging and corruption tests."""
    cdef PolState s
    cdef char* base = <char*>&s
    return {"n": <char*>&s.n - base, "phase": <char*>&s.phase - base, "flags": <char*>&s.flags[0] - base,
            "inf": <char*>&s.inf[0] - base, "score": <char*>&s.score[0] - base,
            "hand": <char*>&s.hand[0][0] - base, "br": <char*>&s.br[0][0] - base,
            "pile": <char*>&s.pile[0] - base, "disc": <char*>&s.disc[0] - base,
            "disc_known": <char*>&s.disc_known[0][0] - base, "tdown": <char*>&s.tdown[0] - base,
            "rev": <char*>&s.rev[0] - base, "prop": <char*>&s.prop[0][0] - base,
            "br_pile": <char*>&s.br_pile[0] - base, "size": sizeof(PolState)}


cdef PolState _clone_buf[16]


def clone_loop(PoliticsCore st, int count):
    """Copy the state ``count`` times with the struct copy a search uses; returns a checksum."""
    cdef PolState a = st.st
    cdef long long acc = 0
    cdef int i
    with nogil:
        for i in range(count):
            _clone_buf[i & 15] = a
            a.cursor = (_clone_buf[(i * 7) & 15].cursor + 1) & 7
            acc += a.cursor
    return acc


# Python-visible constants (the enums above), for the engine layer and tests
CONST = {k: v for k, v in dict(
    NTYPES=NTYPES, NBR=NBR, MAXP=MAXP, NONE=NONE, POLICY_NOISE_PCT=POLICY_NOISE_PCT,
    BR_MEDIA=BR_MEDIA, BR_COUP=BR_COUP, BR_DEALBREAK=BR_DEALBREAK, BR_BLOCK=BR_BLOCK,
    PH_ROLES=PH_ROLES, PH_TELL=PH_TELL, PH_DEAL=PH_DEAL, PH_BRDEAL=PH_BRDEAL, PH_LEADER=PH_LEADER,
    PH_COUP=PH_COUP, PH_INVITE=PH_INVITE, PH_ANSWER_INVITE=PH_ANSWER_INVITE, PH_OFFER=PH_OFFER,
    PH_ANSWER_CONTRACT=PH_ANSWER_CONTRACT, PH_DEALBREAK=PH_DEALBREAK, PH_BLOCK=PH_BLOCK,
    PH_PROPOSE=PH_PROPOSE, PH_LOOK=PH_LOOK, PH_OPP=PH_OPP, PH_INSPECT=PH_INSPECT, PH_MEDIA=PH_MEDIA,
    PH_DRAW=PH_DRAW, PH_WDISCARD=PH_WDISCARD, PH_LDISCARD=PH_LDISCARD, PH_REVEAL=PH_REVEAL,
    PH_FAILDRAW=PH_FAILDRAW, PH_RESOLVE=PH_RESOLVE, PH_VOTE=PH_VOTE, PH_VOTE_REVEAL=PH_VOTE_REVEAL,
    PH_ROLE_REVEAL=PH_ROLE_REVEAL, PH_FINAL_ROLES=PH_FINAL_ROLES, PH_OVER=PH_OVER, NUM_PHASES=NUM_PHASES,
    A_PASS=A_PASS, A_PLAY=A_PLAY, A_MEDIA=A_MEDIA, A_ACCEPT=A_ACCEPT, A_DECLINE=A_DECLINE,
    A_INVITE=A_INVITE, A_NO_CONTRACT=A_NO_CONTRACT, A_CONTRACT=A_CONTRACT, A_PROPOSE=A_PROPOSE,
    A_INSPECT=A_INSPECT, A_WITHDRAW=A_WITHDRAW, A_DEAL=A_DEAL, A_WDISCARD=A_WDISCARD,
    A_NO_DISCARD=A_NO_DISCARD, A_LDISCARD=A_LDISCARD, A_NO_BUY=A_NO_BUY, A_BUY=A_BUY, A_KEEP=A_KEEP,
    A_BREAK=A_BREAK, A_ABSTAIN=A_ABSTAIN, A_VOTE=A_VOTE, NUM_DECISIONS=NUM_DECISIONS,
    C_ROLES=C_ROLES, C_HONEST=C_HONEST, C_DARK=C_DARK, C_CARD=C_CARD, C_BR=C_BR, C_LEADER=C_LEADER,
    C_MULTI=C_MULTI, C_VOTE=C_VOTE, NUM_ACTIONS=NUM_ACTIONS,
    BELIEF_PAIRS=BELIEF_PAIRS, BELIEF_TABLE_SIZE=BELIEF_TABLE_SIZE,
).items()}
