# cython: language_level=3
"""The Politics Game's rules in C-level code: the state's setup, the flow of a round, legal actions,
apply, chance, rewards and playouts, and the game's table of C functions (``POLITICS_VT``).

Everything follows the rules (``docs/politics.md`` describes the engine's reading of them); section
numbers (``§6.4``) and decisions (``D15``) in comments point there.  No function below the Python
face creates a Python object, so a playout runs without the GIL.

The kernel is one module in several files, one concern each, included below so that calls between
them stay plain C calls:

* ``politics_multiset.pxi`` -- ranks of multisets of policy types and of dark pairs (action ids);
* this file -- the rules: setup, the round's flow, reaction windows, contracts, ``pol_apply`` /
  ``pol_legal`` (a handler per phase), chance, playouts, the table;
* ``politics_end.pxi`` -- the lie-catch votes, the scoring and the rewards;
* ``politics_hidden.pxi`` -- what each seat may know: determinize, canonicalize, make_consistent,
  validate;
* ``politics_policy.pxi`` -- the mixed policy (the heuristic bot, rollouts, the opponent model), its
  weights named;
* ``politics_belief.pxi`` -- the belief hooks: the belief chain, the policy's likelihood of a decision
  under each role hypothesis, ``PairLogLik``;
* ``politics_face.pxi`` -- the Python class ``PoliticsCore`` and the enums Python sees.

Property checks and benchmark loops are a module of their own, ``politics_check``.

How the flow is organised: ``pol_apply`` applies one decision or chance outcome and then calls the
step functions (``next_leader``, ``next_invite``, ``opposition_next`` ...) that run every automatic
rule until the next decision or chance node is set in ``s.phase`` / ``s.asked``.  Reaction windows
(§7) and draws remember where to continue in ``window_then`` / ``draw_then``.

Reaction windows ask every player who *could* hold a playable card by public information: they hold
at least one backroom card and meet the window's public conditions.  A player asked without the
card can only pass.  Asking therefore depends on public information alone and a pass reveals nothing
beyond the window's outcome, which is what §7.1 requires (docs/politics.md, "Choices").
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset
from libc.math cimport log, tanh

from enum import IntEnum

from intrigue.ext.rng cimport rng_next, rng_below, rng_unit
from intrigue.ext.game_api cimport (GameVT, KernelState, Rng, CHANCE, TERMINAL, MAX_LEGAL)

include "politics_multiset.pxi"



# --- small helpers --------------------------------------------------------------------------------
cdef inline bint is_corrupt(int t) noexcept nogil:
    return t >= 3


cdef inline int bags(int t) noexcept nogil:
    return t if t < 3 else t - 2


cdef inline bint counts_corrupt(uint8_t r) noexcept nogil:
    """A revealed table card counts as corrupt (after a MEDIA flip, §7.3)."""
    return is_corrupt(r & R_TYPE) != ((r & R_FLIPPED) != 0)


cdef inline int hand_size(const PolState* s, int p) noexcept nogil:
    return multiset_size(s.hand[p])


cdef inline int backroom_count(const PolState* s, int p) noexcept nogil:
    return s.backroom_hand[p][0] + s.backroom_hand[p][1] + s.backroom_hand[p][2] + s.backroom_hand[p][3]


cdef inline int backroom_pile_size(const PolState* s) noexcept nogil:
    return s.backroom_pile[0] + s.backroom_pile[1] + s.backroom_pile[2] + s.backroom_pile[3]


cdef inline bint is_member(const PolState* s, int q) noexcept nogil:
    return s.formed and (q == s.leader or q == s.partner1 or q == s.partner2)


cdef inline int member_slot(const PolState* s, int q) noexcept nogil:
    if not s.formed:
        return -1
    if q == s.leader:
        return 0
    if q == s.partner1:
        return 1
    if q == s.partner2:
        return 2
    return -1


cdef inline int member_at(const PolState* s, int i) noexcept nogil:
    return s.leader if i == 0 else (s.partner1 if i == 1 else s.partner2)


cdef inline int slots_used(const PolState* s) noexcept nogil:
    return (s.contract_template[0] != 0) + (s.contract_template[1] != 0)


cdef inline bint is_dark(const PolState* s, int p) noexcept nogil:
    return (s.flags[p] & F_DARK) != 0


cdef inline void add_sat(uint8_t* x, int k) noexcept nogil:
    cdef int v = x[0] + k
    x[0] = 255 if v > 255 else v


cdef inline void sub_floor(uint8_t* x, int k) noexcept nogil:
    x[0] = 0 if x[0] < k else x[0] - k


cdef inline int backroom_copies(int card, bint contracts) noexcept nogil:
    """Copies of a backroom card type in the game (DEALBREAK only with contracts, D5)."""
    if card == BR_MEDIA or card == BR_BLOCK:
        return 6
    if card == BR_COUP:
        return 5
    return 4 if contracts else 0


cdef inline int window_card(int kind) noexcept nogil:
    if kind == PH_COUP:
        return BR_COUP
    if kind == PH_DEALBREAK:
        return BR_DEALBREAK
    if kind == PH_BLOCK:
        return BR_BLOCK
    return BR_MEDIA


# --- setup ------------------------------------------------------------------------------------------
cdef void pol_init(PolState* s, int n, int nrounds, int backroom, int contracts, int awards,
                   int max_invitations) noexcept nogil:
    """A new game before any chance event (§4): the next node deals the roles."""
    cdef int p, t, i
    memset(s, 0, sizeof(PolState))
    s.n = n
    s.nrounds = nrounds
    s.backroom = backroom
    s.contracts = contracts
    s.awards = awards
    s.max_invitations = max_invitations
    s.drawn = NONE
    s.leader = NONE
    s.partner1 = NONE
    s.partner2 = NONE
    s.actor = NONE
    s.invitee = NONE
    s.offer_creator = NONE
    s.offer_counterparty = NONE
    s.window_from = NONE
    s.window_skip1 = NONE
    s.window_skip2 = NONE
    s.dealbreak_slot = NONE
    s.card_player = NONE
    s.media_target = NONE
    s.leader_discard = NONE
    for i in range(2):
        s.contract_creator[i] = NONE
        s.contract_counterparty[i] = NONE
    for i in range(3):
        s.proposed[i][0] = NONE
        s.proposed[i][1] = NONE
    for p in range(MAXP):
        s.vote[p] = NONE
        if p < n:
            s.inf[p] = 2
            s.flags[p] = F_RIGHT
    for t in range(NTYPES):
        s.pile[t] = CARDS_PER_TYPE
    if backroom:
        for t in range(NBR):
            s.backroom_pile[t] = backroom_copies(t, contracts)
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
    s.partner1 = NONE
    s.partner2 = NONE
    s.actor = NONE
    s.n_revealed = 0
    s.leader_discard = NONE
    for i in range(2):
        s.contract_template[i] = 0
        s.contract_creator[i] = NONE
        s.contract_counterparty[i] = NONE
        s.contract_amount[i] = 0
        s.contract_status[i] = 0
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
    s.partner1 = NONE
    s.partner2 = NONE
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
        open_window(s, PH_COUP, p, p, NONE, THEN_ATTEMPT)
    else:
        start_attempt(s)


cdef void start_attempt(PolState* s) noexcept nogil:
    """§6.2 step 4: the leader is tried (not drawn again this round; the right itself is used only
    if the government forms, D7); invitations begin."""
    cdef int p
    s.flags[s.leader] |= F_TRIED
    for p in range(s.n):
        s.flags[p] &= ~F_INVITED
    s.invitations = 0
    s.accepted = 0
    s.accepted_offers = 0
    s.offer1 = 0
    s.offer2 = 0
    s.partner1 = NONE
    s.partner2 = NONE
    next_invite(s)


cdef bint invitee_ok(const PolState* s, int q) noexcept nogil:
    return q != s.leader and not (s.flags[q] & (F_INVITED | F_BARRED))


cdef void next_invite(PolState* s) noexcept nogil:
    """§6.2 steps 5-7: keep inviting while legal; form with two acceptances; else the attempt fails."""
    cdef int q, i, legal = 0
    if s.accepted == 2:
        form_government(s)
        return
    if s.invitations < s.max_invitations:
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
        if s.contract_template[i] == T_JOIN and s.contract_status[i] == CS_ACTIVE:
            s.contract_status[i] = CS_LAPSED
    next_leader(s)


cdef void form_government(PolState* s) noexcept nogil:
    """§6.2 step 7: the leader's right is used (D7)."""
    s.formed = 1
    s.flags[s.leader] &= ~F_RIGHT
    add_sat(&s.inf[s.leader], 1 + 3 - s.offer1 - s.offer2)
    add_sat(&s.inf[s.partner1], 1 + s.offer1)
    add_sat(&s.inf[s.partner2], 1 + s.offer2)
    add_sat(&s.joined[s.partner1], 1)
    add_sat(&s.joined[s.partner2], 1)
    s.cursor = 0
    member_turn(s)


cdef void member_turn(PolState* s) noexcept nogil:
    """§6.3: member `cursor` may offer a contract, then proposes; after the third, the leader looks."""
    cdef int m
    if s.cursor == 3:
        s.phase = PH_LOOK
        s.asked = s.leader
        return
    m = member_at(s, s.cursor)
    s.asked = m
    if s.contracts and slots_used(s) < 2:
        s.offer_phase = 2
        s.phase = PH_OFFER
    else:
        s.phase = PH_PROPOSE


cdef bint counterparty_ok(const PolState* s, int x, int y) noexcept nogil:
    """HOLD / PROBE (§8.2): an opposition player who has not yet acted in Phase 3, not the creator."""
    return y != x and not is_member(s, y) and not (s.flags[y] & F_ACTED)


cdef void opposition_start(PolState* s) noexcept nogil:
    s.actor = s.leader
    opposition_next(s)


cdef void opposition_next(PolState* s) noexcept nogil:
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
        s.offer_phase = 3
        s.phase = PH_OFFER
    else:
        s.phase = PH_OPP


cdef void resume(PolState* s, int k) noexcept nogil:
    if k == THEN_ATTEMPT:
        start_attempt(s)
    elif k == THEN_INVITE:
        next_invite(s)
    elif k == THEN_PROPOSE:
        s.phase = PH_PROPOSE
        s.asked = member_at(s, s.cursor)
    elif k == THEN_OPPOSITION:
        s.phase = PH_OPP
        s.asked = s.actor
    elif k == THEN_INSPECT:
        inspect_resolve(s)
    elif k == THEN_GAINS:
        gains(s)


# --- reaction windows (§7.1) ------------------------------------------------------------------------
cdef void open_window(PolState* s, int kind, int frm, int ex1, int ex2, int cont) noexcept nogil:
    s.window = kind
    s.window_from = frm
    s.window_offset = 1
    s.window_skip1 = ex1
    s.window_skip2 = ex2
    s.window_then = cont
    window_next(s)


cdef bint window_eligible(const PolState* s, int q) noexcept nogil:
    """Asked by public information only: holds a backroom card and meets the window's conditions."""
    if q == s.window_skip1 or q == s.window_skip2 or backroom_count(s, q) == 0:
        return False
    if s.window == PH_COUP:
        return (q != s.drawn and (s.flags[q] & F_RIGHT) and not (s.flags[q] & F_TRIED)
                and s.inf[q] >= 1)
    return True


cdef void window_next(PolState* s) noexcept nogil:
    cdef int q, k
    while s.window_offset <= s.n:
        q = (s.window_from + s.window_offset) % s.n
        s.window_offset += 1
        if window_eligible(s, q):
            s.phase = s.window
            s.asked = q
            return
    # closed with no play
    if s.window == PH_BLOCK:
        apply_effect(s)
    k = s.window_then
    close_window(s)
    resume(s, k)


cdef void close_window(PolState* s) noexcept nogil:
    s.window = 0
    s.window_from = NONE
    s.window_offset = 0
    s.window_skip1 = NONE
    s.window_skip2 = NONE
    s.window_then = THEN_NOTHING
    s.blocked_card = 0
    s.card_player = NONE
    s.media_target = NONE


cdef void apply_effect(PolState* s) noexcept nogil:
    """The unblocked card takes effect; its player gains UND 1 (§7.1)."""
    cdef int p = s.card_player, i
    add_sat(&s.und[p], 1)
    if s.blocked_card == PH_COUP:         # §7.2
        add_sat(&s.inf[s.drawn], 1)
        s.leader = p
        s.inf[p] -= 1
    elif s.blocked_card == PH_MEDIA:      # §7.3
        if s.media_phase == 3:
            s.revealed[s.n_revealed - 1] ^= R_FLIPPED
        else:
            for i in range(s.n_revealed):
                if not (s.revealed[i] & R_INSPECTED) and (s.revealed[i] & R_TYPE) == s.media_target:
                    s.revealed[i] ^= R_FLIPPED
                    break
    elif s.blocked_card == PH_DEALBREAK:  # §7.4
        s.contract_status[s.dealbreak_slot] = CS_CANCELLED


cdef void window_play(PolState* s, int a) noexcept nogil:
    cdef int q = s.asked, card = window_card(s.window), k
    s.backroom_hand[q][card] -= 1
    s.backroom_played[card] += 1
    if s.window == PH_BLOCK:        # cancels the card's whole effect; BLOCK always takes effect
        add_sat(&s.und[q], 1)
        k = s.window_then
        close_window(s)
        resume(s, k)
        return
    s.blocked_card = s.window
    s.card_player = q
    s.media_target = a - A_MEDIA if s.window == PH_MEDIA else NONE
    s.window = PH_BLOCK
    s.window_from = q
    s.window_offset = 1
    s.window_skip1 = q
    s.window_skip2 = NONE
    window_next(s)


# --- contracts (§8) ---------------------------------------------------------------------------------
cdef int add_contract(PolState* s, int tpl, int x, int y, int k) noexcept nogil:
    cdef int i = 0 if s.contract_template[0] == 0 else 1
    s.contract_template[i] = tpl
    s.contract_creator[i] = x
    s.contract_counterparty[i] = y
    s.contract_amount[i] = k
    s.contract_status[i] = CS_ACTIVE
    return i


cdef bint condition_met(const PolState* s, int i) noexcept nogil:
    if s.contract_template[i] == T_JOIN:
        return s.formed != 0
    if s.contract_template[i] == T_HOLD:
        return not (s.flags[s.contract_counterparty[i]] & F_INSPECTED)
    return (s.flags[s.contract_counterparty[i]] & F_INSPECTED) != 0


cdef void contracts_start(PolState* s) noexcept nogil:
    s.contract_slot = 0
    contracts_next(s)


cdef void contracts_next(PolState* s) noexcept nogil:
    """§8.3: slot A then slot B; a met contract asks its creator to keep or break it."""
    while s.contract_slot < 2:
        if s.contract_template[s.contract_slot] and s.contract_status[s.contract_slot] == CS_ACTIVE:
            if condition_met(s, s.contract_slot):
                s.phase = PH_RESOLVE
                s.asked = s.contract_creator[s.contract_slot]
                return
            s.contract_status[s.contract_slot] = CS_DONE      # lapses (D32)
        s.contract_slot += 1
    table_to_discard(s)
    refill_start(s)


# --- Phase 3 / 4 / 5 --------------------------------------------------------------------------------
cdef void inspect_resolve(PolState* s) noexcept nogil:
    """§6.4 INSPECT after the media window: reward by type, then the failure check (D15, D16)."""
    cdef int q = s.actor, i, nc = 0
    cdef uint8_t r = s.revealed[s.n_revealed - 1]
    if counts_corrupt(r):
        add_sat(&s.inf[q], 2)
        add_sat(&s.caught[q], 1)
    else:
        add_sat(&s.leg[q], 1)
    for i in range(s.n_revealed):
        if (s.revealed[i] & R_INSPECTED) and counts_corrupt(s.revealed[i]):
            nc += 1
    if nc >= 2:
        s.failed_gov = 1
        s.fails += 1
        if s.fails >= 5:
            start_liecatch(s, 1)
            return
        phase5(s)
        return
    opposition_next(s)


cdef void phase4(PolState* s) noexcept nogil:
    """§6.5 steps 1-2: more than 3 passed cards -> the leader may discard one (D20, D21)."""
    if multiset_size(s.table_down) > 3:
        s.phase = PH_LDISCARD
        s.asked = s.leader
    else:
        s.phase = PH_REVEAL
        s.asked = NONE


cdef void reveal_passed(PolState* s) noexcept nogil:
    cdef int t, k
    for t in range(NTYPES):
        for k in range(s.table_down[t]):
            s.revealed[s.n_revealed] = t
            s.n_revealed += 1
        s.table_down[t] = 0
    if s.backroom:
        s.media_phase = 4
        open_window(s, PH_MEDIA, s.leader, NONE, NONE, THEN_GAINS)
    else:
        gains(s)


cdef void gains(PolState* s) noexcept nogil:
    """§6.5 step 4: each member gains in full (D22); bag bonus tiers (D23)."""
    cdef int i, m, h = 0, c = 0, b = 0, bonus = 0
    for i in range(s.n_revealed):
        if s.revealed[i] & R_INSPECTED:
            continue
        if counts_corrupt(s.revealed[i]):
            c += 1
        else:
            h += 1
        b += bags(s.revealed[i] & R_TYPE)
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
        if (s.backroom and s.inf[s.leader] >= 1 and backroom_count(s, s.leader) < 2 and backroom_pile_size(s) > 0):
            s.phase = PH_FAILDRAW
            s.asked = s.leader
            return
    else:
        for i in range(3):
            add_sat(&s.gov_ok[member_at(s, i)], 1)
    contracts_start(s)


cdef void known_hidden_table(const PolState* s, int seat, uint8_t* known) noexcept nogil:
    """The face-down table cards (face-down ones plus the leader's discard) that `seat` knows of."""
    cdef int t, i, slot
    cdef int rc[6]
    for t in range(NTYPES):
        known[t] = 0
    slot = member_slot(s, seat)
    if slot < 0:
        return
    if slot == 0 and s.looked:
        for t in range(NTYPES):
            known[t] = s.table_down[t]
        if s.leader_discard != NONE:
            known[s.leader_discard] += 1
        return
    if s.proposed[slot][0] == NONE:
        return
    for t in range(NTYPES):
        rc[t] = 0
    for i in range(s.n_revealed):
        rc[s.revealed[i] & R_TYPE] += 1
    for i in range(2):
        t = s.proposed[slot][i]
        if rc[t] > 0:
            rc[t] -= 1
        else:
            known[t] += 1


cdef void table_to_discard(PolState* s) noexcept nogil:
    """§6.6 step 4: the table goes to the discard pile; face-down cards stay hidden.  Each member
    remembers the face-down cards it knows of (see known_hidden_table)."""
    cdef uint8_t known[6]
    cdef int i, t, m
    if s.formed:
        for i in range(3):
            m = member_at(s, i)
            known_hidden_table(s, m, known)
            for t in range(NTYPES):
                s.discard_known[m][t] += known[t]
    for i in range(s.n_revealed):
        t = s.revealed[i] & R_TYPE
        s.discard[t] += 1
        s.discard_public[t] += 1
    for t in range(NTYPES):
        s.discard[t] += s.table_down[t]
        s.table_down[t] = 0
    if s.leader_discard != NONE:
        s.discard[s.leader_discard] += 1
        s.leader_discard = NONE
    s.n_revealed = 0
    for i in range(3):
        s.proposed[i][0] = NONE
        s.proposed[i][1] = NONE
    s.looked = 0


cdef void reshuffle(PolState* s) noexcept nogil:
    """D26: the discard pile is shuffled into the draw pile; what anyone knew of it is lost."""
    cdef int t, p
    for t in range(NTYPES):
        s.pile[t] += s.discard[t]
        s.discard[t] = 0
        s.discard_public[t] = 0
    for p in range(MAXP):
        for t in range(NTYPES):
            s.discard_known[p][t] = 0


cdef void draw_policy(PolState* s, int p, int cont) noexcept nogil:
    if multiset_size(s.pile) == 0:
        reshuffle(s)
    s.phase = PH_DRAW
    s.asked = p
    s.draw_then = cont


cdef void refill_start(PolState* s) noexcept nogil:
    s.cursor = 0
    refill_next(s)


cdef void refill_next(PolState* s) noexcept nogil:
    """§6.6 steps 5-6 (D25, D26): draw back up to 3 in seat order; reshuffle at <= 8; next round."""
    cdef int p
    for p in range(s.cursor, s.n):
        if hand_size(s, p) < 3:
            s.cursor = p
            draw_policy(s, p, DRAW_REFILL)
            return
    if multiset_size(s.pile) <= 8:
        reshuffle(s)
    s.round += 1
    s.formed = 0
    s.leader = NONE
    s.drawn = NONE
    s.partner1 = NONE
    s.partner2 = NONE
    s.actor = NONE
    if s.round >= s.nrounds:
        for p in range(s.n):
            s.flags[p] &= ~(F_TRIED | F_BARRED | F_ACTED | F_INVITED | F_INSPECTED)
        start_liecatch(s, 0)
        return
    start_round(s)


include "politics_end.pxi"


# --- apply: one handler per phase ---------------------------------------------------------------------
cdef void apply_roles(PolState* s, int a) noexcept nogil:
    """The dark pair is dealt; each seat then learns its role (PH_TELL, one seat at a time)."""
    cdef int x, y
    pair_unrank(a - C_ROLES, &x, &y)
    s.flags[x] |= F_DARK
    s.flags[y] |= F_DARK
    s.phase = PH_TELL
    s.asked = 0


cdef void apply_tell(PolState* s) noexcept nogil:
    if s.asked + 1 < s.n:
        s.asked += 1
    else:
        s.phase = PH_DEAL
        s.asked = 0
        s.draw_then = DRAW_SETUP


cdef void apply_deal(PolState* s, int a) noexcept nogil:
    """Setup: three policy cards to each seat in turn, then the backroom hands (or the first round)."""
    cdef int p = s.asked, t = a - C_CARD
    s.pile[t] -= 1
    s.hand[p][t] += 1
    if hand_size(s, p) == 3:
        if p + 1 < s.n:
            s.asked = p + 1
        elif s.backroom:
            s.phase = PH_BRDEAL
            s.asked = 0
            s.draw_then = DRAW_BACKROOM_SETUP
        else:
            start_round(s)


cdef void apply_backroom_deal(PolState* s, int a) noexcept nogil:
    """A backroom card to `asked`: at setup, for an opposition DEAL, or bought by a failed leader."""
    cdef int p = s.asked, t = a - C_BR
    s.backroom_pile[t] -= 1
    s.backroom_hand[p][t] += 1
    if s.draw_then == DRAW_BACKROOM_SETUP:
        if p + 1 < s.n:
            s.asked = p + 1
        else:
            start_round(s)
    elif s.draw_then == DRAW_DEAL:
        opposition_next(s)
    else:
        contracts_start(s)


cdef void apply_window(PolState* s, int a) noexcept nogil:
    if a == A_PASS:
        window_next(s)
    else:
        window_play(s, a)


cdef void apply_invite(PolState* s, int a) noexcept nogil:
    cdef int k = a - A_INVITE
    s.invitee = (s.asked + k // 12 + 1) % s.n
    s.invite_offer = (k % 12) // 3
    s.invite_join = k % 3
    s.flags[s.invitee] |= F_INVITED
    s.invitations += 1
    s.phase = PH_ANSWER_INVITE
    s.asked = s.invitee


cdef void apply_answer_invite(PolState* s, int a) noexcept nogil:
    """An accepted invitation makes the invitee a partner; a JOIN contract comes with a DEALBREAK window."""
    cdef int p = s.asked, join = s.invite_join, offer = s.invite_offer, slot
    s.invitee = NONE
    s.invite_offer = 0
    s.invite_join = 0
    if a == A_DECLINE:
        next_invite(s)
        return
    if s.accepted == 0:
        s.partner1 = p
        s.offer1 = offer
    else:
        s.partner2 = p
        s.offer2 = offer
    s.accepted += 1
    s.accepted_offers += offer
    if join:
        slot = add_contract(s, T_JOIN, s.leader, p, join)
        if s.backroom:
            s.dealbreak_slot = slot
            open_window(s, PH_DEALBREAK, s.leader, s.leader, p, THEN_INVITE)
            return
    next_invite(s)


cdef inline int after_offer(const PolState* s) noexcept nogil:
    """What follows a contract offer: the member's proposal (Phase 2) or the opposition action."""
    return THEN_PROPOSE if s.offer_phase == 2 else THEN_OPPOSITION


cdef void apply_offer(PolState* s, int a) noexcept nogil:
    cdef int p = s.asked, k
    if a == A_NO_CONTRACT:
        resume(s, after_offer(s))
        return
    k = a - A_CONTRACT
    s.offer_template = T_PROBE if k >= 14 else T_HOLD
    k = k % 14
    s.offer_creator = p
    s.offer_counterparty = (p + k // 2 + 1) % s.n
    s.offer_amount = k % 2 + 1
    s.phase = PH_ANSWER_CONTRACT
    s.asked = s.offer_counterparty


cdef void apply_answer_contract(PolState* s, int a) noexcept nogil:
    """An accepted contract takes a free slot and opens a DEALBREAK window (with the backroom)."""
    cdef int x = s.offer_creator, y = s.offer_counterparty, tpl = s.offer_template, k = s.offer_amount, slot
    s.offer_template = 0
    s.offer_creator = NONE
    s.offer_counterparty = NONE
    s.offer_amount = 0
    if a == A_ACCEPT:
        slot = add_contract(s, tpl, x, y, k)
        if s.backroom:
            s.dealbreak_slot = slot
            open_window(s, PH_DEALBREAK, x, x, y, after_offer(s))
            return
    resume(s, after_offer(s))


cdef void apply_propose(PolState* s, int a) noexcept nogil:
    """The member keeps one card (type a - A_PROPOSE) and places the other two face down."""
    cdef int p = s.asked, kept = a - A_PROPOSE, member = s.cursor, placed = 0, t
    s.hand[p][kept] -= 1
    for t in range(NTYPES):
        while s.hand[p][t] > 0:
            s.hand[p][t] -= 1
            s.table_down[t] += 1
            s.proposed[member][placed] = t
            placed += 1
    s.hand[p][kept] = 1
    s.cursor += 1
    member_turn(s)


cdef void apply_opposition(PolState* s, int a) noexcept nogil:
    """§6.4: PASS, INSPECT (1 INF), WITHDRAW (UND 1, draw two then discard two) or DEAL (2 INF)."""
    cdef int p = s.asked
    s.flags[p] |= F_ACTED
    if a == A_PASS:
        opposition_next(s)
    elif a == A_INSPECT:
        s.inf[p] -= 1
        s.flags[p] |= F_INSPECTED
        s.phase = PH_INSPECT
        s.asked = NONE
    elif a == A_WITHDRAW:
        add_sat(&s.und[p], 1)
        s.draws_left = 2
        draw_policy(s, p, DRAW_WITHDRAW)
    else:
        s.inf[p] -= 2
        s.phase = PH_BRDEAL
        s.asked = p
        s.draw_then = DRAW_DEAL


cdef void apply_inspect(PolState* s, int a) noexcept nogil:
    cdef int t = a - C_CARD
    s.table_down[t] -= 1
    s.revealed[s.n_revealed] = t | R_INSPECTED
    s.n_revealed += 1
    if s.backroom:
        s.media_phase = 3
        open_window(s, PH_MEDIA, s.actor, NONE, NONE, THEN_INSPECT)
    else:
        inspect_resolve(s)


cdef void apply_draw(PolState* s, int a) noexcept nogil:
    cdef int p = s.asked, t = a - C_CARD
    s.pile[t] -= 1
    s.hand[p][t] += 1
    if s.draw_then == DRAW_WITHDRAW:
        s.draws_left -= 1
        if s.draws_left > 0:
            draw_policy(s, p, DRAW_WITHDRAW)
        else:
            s.phase = PH_WDISCARD
            s.asked = p
    else:
        refill_next(s)


cdef void apply_withdraw_discard(PolState* s, int a) noexcept nogil:
    """The two discarded cards go face down to the discard pile; the player remembers them."""
    cdef int p = s.asked, pair = a - A_WDISCARD, t, k
    for t in range(NTYPES):
        k = MULTISET_COUNTS[2][pair][t]
        s.hand[p][t] -= k
        s.discard[t] += k
        s.discard_known[p][t] += k
    opposition_next(s)


cdef void apply_leader_discard(PolState* s, int a) noexcept nogil:
    cdef int t
    if a != A_NO_DISCARD:
        t = a - A_LDISCARD
        s.table_down[t] -= 1
        s.leader_discard = t
    s.phase = PH_REVEAL
    s.asked = NONE


cdef void apply_failed_leader_draw(PolState* s, int a) noexcept nogil:
    if a == A_BUY:
        s.inf[s.asked] -= 1
        s.phase = PH_BRDEAL
        s.draw_then = DRAW_BUY
        return
    contracts_start(s)


cdef void apply_resolve(PolState* s, int a) noexcept nogil:
    """§8.3: keeping pays the counterparty and earns HON; breaking earns BET."""
    cdef int p = s.asked, slot = s.contract_slot
    if a == A_KEEP:
        s.inf[p] -= s.contract_amount[slot]
        add_sat(&s.inf[s.contract_counterparty[slot]], s.contract_amount[slot])
        add_sat(&s.hon[p], 1)
    else:
        add_sat(&s.bet[p], 1)
    s.contract_status[slot] = CS_DONE
    s.contract_slot += 1
    contracts_next(s)


cdef void apply_vote(PolState* s, int a) noexcept nogil:
    cdef int p = s.asked
    s.voted |= 1 << p
    s.vote[p] = NONE if a == A_ABSTAIN else (p + a - A_VOTE + 1) % s.n
    s.cursor = p + 1
    vote_next(s)


cdef void pol_apply(PolState* s, int a) noexcept nogil:
    """Apply legal action ``a`` (a decision or a chance outcome) and run the rules that follow."""
    cdef int ph = s.phase
    if ph == PH_ROLES:
        apply_roles(s, a)
    elif ph == PH_TELL:
        apply_tell(s)
    elif ph == PH_DEAL:
        apply_deal(s, a)
    elif ph == PH_BRDEAL:
        apply_backroom_deal(s, a)
    elif ph == PH_LEADER:
        leader_drawn(s, a - C_LEADER)
    elif ph == PH_COUP or ph == PH_DEALBREAK or ph == PH_BLOCK or ph == PH_MEDIA:
        apply_window(s, a)
    elif ph == PH_INVITE:
        apply_invite(s, a)
    elif ph == PH_ANSWER_INVITE:
        apply_answer_invite(s, a)
    elif ph == PH_OFFER:
        apply_offer(s, a)
    elif ph == PH_ANSWER_CONTRACT:
        apply_answer_contract(s, a)
    elif ph == PH_PROPOSE:
        apply_propose(s, a)
    elif ph == PH_LOOK:
        s.looked = 1
        opposition_start(s)
    elif ph == PH_OPP:
        apply_opposition(s, a)
    elif ph == PH_INSPECT:
        apply_inspect(s, a)
    elif ph == PH_DRAW:
        apply_draw(s, a)
    elif ph == PH_WDISCARD:
        apply_withdraw_discard(s, a)
    elif ph == PH_LDISCARD:
        apply_leader_discard(s, a)
    elif ph == PH_REVEAL:
        reveal_passed(s)
    elif ph == PH_FAILDRAW:
        apply_failed_leader_draw(s, a)
    elif ph == PH_RESOLVE:
        apply_resolve(s, a)
    elif ph == PH_VOTE:
        apply_vote(s, a)
    elif ph == PH_VOTE_REVEAL:
        s.cursor = s.asked + 1
        vote_reveal_next(s)
    elif ph == PH_ROLE_REVEAL:
        role_revealed(s)
    elif ph == PH_FINAL_ROLES:
        s.roles_public = 1
        finish(s)


# --- legal actions: one handler per phase -------------------------------------------------------------
cdef int legal_window(const PolState* s, int* out) noexcept nogil:
    """COUP / DEALBREAK / BLOCK: pass, or play the card if held."""
    out[0] = A_PASS
    if s.backroom_hand[s.asked][window_card(s.phase)] > 0:
        out[1] = A_PLAY
        return 2
    return 1


cdef int legal_media(const PolState* s, int* out) noexcept nogil:
    """MEDIA: pass, or flip the inspected card (Phase 3) / a passed card of a type shown (Phase 4)."""
    cdef int n = 1, t, i
    cdef uint8_t shown[6]
    out[0] = A_PASS
    if s.backroom_hand[s.asked][<int>BR_MEDIA] == 0:
        return 1
    if s.media_phase == 3:
        out[1] = A_MEDIA + (s.revealed[s.n_revealed - 1] & R_TYPE)
        return 2
    for t in range(NTYPES):
        shown[t] = 0
    for i in range(s.n_revealed):
        if not (s.revealed[i] & R_INSPECTED):
            shown[s.revealed[i] & R_TYPE] = 1
    for t in range(NTYPES):
        if shown[t]:
            out[n] = A_MEDIA + t
            n += 1
    return n


cdef int legal_invite(const PolState* s, int* out) noexcept nogil:
    """Every invitable seat, with every offer the leader can still afford and, with a free contract
    slot, a JOIN(1) or JOIN(2) contract."""
    cdef int p = s.asked, n = 0, o, offer, join, max_join
    max_join = 2 if (s.contracts and slots_used(s) < 2) else 0
    for o in range(1, s.n):
        if not invitee_ok(s, (p + o) % s.n):
            continue
        for offer in range(0, 4 - s.accepted_offers):
            for join in range(max_join + 1):
                out[n] = A_INVITE + 12 * (o - 1) + 3 * offer + join
                n += 1
    return n


cdef int legal_offer(const PolState* s, int* out) noexcept nogil:
    """No contract, or HOLD / PROBE of 1 or 2 INF with each possible counterparty."""
    cdef int p = s.asked, n = 1, t, o
    out[0] = A_NO_CONTRACT
    for t in range(2):
        for o in range(1, s.n):
            if counterparty_ok(s, p, (p + o) % s.n):
                out[n] = A_CONTRACT + 14 * t + 2 * (o - 1)
                out[n + 1] = out[n] + 1
                n += 2
    return n


cdef int legal_opposition(const PolState* s, int* out) noexcept nogil:
    cdef int p = s.asked, n = 1
    out[0] = A_PASS
    if s.inf[p] >= 1 and multiset_size(s.table_down) > 0:
        out[n] = A_INSPECT
        n += 1
    out[n] = A_WITHDRAW
    n += 1
    if s.backroom and s.inf[p] >= 2 and backroom_count(s, p) < 2 and backroom_pile_size(s) > 0:
        out[n] = A_DEAL
        n += 1
    return n


cdef int legal_withdraw_discard(const PolState* s, int* out) noexcept nogil:
    """Every pair of types (multiset rank) the hand holds."""
    cdef int p = s.asked, n = 0, pair, t
    for pair in range(21):
        for t in range(NTYPES):
            if MULTISET_COUNTS[2][pair][t] > s.hand[p][t]:
                break
        else:
            out[n] = A_WDISCARD + pair
            n += 1
    return n


cdef int legal_vote(const PolState* s, int* out) noexcept nogil:
    cdef int p = s.asked, n = 1, o
    out[0] = A_ABSTAIN
    for o in range(1, s.n):
        if not (s.flags[(p + o) % s.n] & F_REVEALED):
            out[n] = A_VOTE + o - 1
            n += 1
    return n


cdef inline int legal_types(const uint8_t* counts, int base, int* out, int n) noexcept nogil:
    """``base + t`` for every type t with a card in ``counts``, appended at out[n]; the new length."""
    cdef int t
    for t in range(NTYPES):
        if counts[t] > 0:
            out[n] = base + t
            n += 1
    return n


cdef int legal_chance(const PolState* s, int* out) noexcept nogil:
    """The outcomes of the chance event due (a single one where the outcome is already fixed)."""
    cdef int ph = s.phase, p = s.asked, n = 0, q, i, x = -1, y = -1
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
        return legal_types(s.pile, C_CARD, out, 0)
    if ph == PH_BRDEAL:
        for q in range(NBR):
            if s.backroom_pile[q] > 0:
                out[n] = C_BR + q
                n += 1
        return n
    if ph == PH_LEADER:
        for q in range(s.n):
            if (s.flags[q] & F_RIGHT) and not (s.flags[q] & F_TRIED):
                out[n] = C_LEADER + q
                n += 1
        return n
    if ph == PH_LOOK or ph == PH_REVEAL:
        out[0] = C_MULTI + multiset_rank(s.table_down)
        return 1
    if ph == PH_INSPECT:
        return legal_types(s.table_down, C_CARD, out, 0)
    if ph == PH_VOTE_REVEAL:
        out[0] = C_VOTE + (8 if s.vote[p] == NONE else s.vote[p])
        return 1
    if ph == PH_ROLE_REVEAL:
        out[0] = C_DARK if (s.flags[p] & F_DARK) else C_HONEST
        return 1
    if ph == PH_FINAL_ROLES:
        for q in range(s.n):
            if s.flags[q] & F_DARK:
                if x < 0:
                    x = q
                else:
                    y = q
        out[0] = C_ROLES + pair_rank(x, y)
        return 1
    return 0


cdef int pol_legal(const PolState* s, int* out) noexcept nogil:
    """The legal actions (decisions or chance outcomes) in increasing order; returns their number."""
    cdef int ph = s.phase, p = s.asked
    if ph == PH_COUP or ph == PH_DEALBREAK or ph == PH_BLOCK:
        return legal_window(s, out)
    if ph == PH_MEDIA:
        return legal_media(s, out)
    if ph == PH_INVITE:
        return legal_invite(s, out)
    if ph == PH_ANSWER_INVITE or ph == PH_ANSWER_CONTRACT:
        out[0] = A_ACCEPT
        out[1] = A_DECLINE
        return 2
    if ph == PH_OFFER:
        return legal_offer(s, out)
    if ph == PH_PROPOSE:
        return legal_types(s.hand[p], A_PROPOSE, out, 0)
    if ph == PH_OPP:
        return legal_opposition(s, out)
    if ph == PH_WDISCARD:
        return legal_withdraw_discard(s, out)
    if ph == PH_LDISCARD:
        out[0] = A_NO_DISCARD
        return legal_types(s.table_down, A_LDISCARD, out, 1)
    if ph == PH_FAILDRAW:
        out[0] = A_NO_BUY
        out[1] = A_BUY
        return 2
    if ph == PH_RESOLVE:
        if s.inf[p] >= s.contract_amount[s.contract_slot]:
            out[0] = A_KEEP
            out[1] = A_BREAK
            return 2
        out[0] = A_BREAK
        return 1
    if ph == PH_VOTE:
        return legal_vote(s, out)
    return legal_chance(s, out)


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
        return s.pile[a - C_CARD] / <double>multiset_size(s.pile)
    if ph == PH_INSPECT:
        return s.table_down[a - C_CARD] / <double>multiset_size(s.table_down)
    if ph == PH_BRDEAL:
        return s.backroom_pile[a - C_BR] / <double>backroom_pile_size(s)
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
        a = C_CARD + draw_from(s.pile, NTYPES, multiset_size(s.pile), rng)
    elif ph == PH_INSPECT:
        a = C_CARD + draw_from(s.table_down, NTYPES, multiset_size(s.table_down), rng)
    elif ph == PH_BRDEAL:
        a = C_BR + draw_from(s.backroom_pile, NBR, backroom_pile_size(s), rng)
    else:
        n = pol_legal(s, buf)
        a = buf[rng_below(rng, n)] if n > 1 else buf[0]
    pol_apply(s, a)
    return a


cdef long long pol_random_playout(PolState* s, uint64_t* rng) noexcept nogil:
    """Play to the end uniformly at random (chance by its odds); returns the steps taken, decisions
    and chance events (the search's random playout, and the benchmark's)."""
    cdef int buf[MAX_LEGAL]
    cdef int n
    cdef long long steps = 0
    while s.phase != PH_OVER:
        if is_chance_phase(s.phase):
            pol_sample_chance(s, rng)
        else:
            n = pol_legal(s, buf)
            pol_apply(s, buf[rng_below(rng, n)] if n > 1 else buf[0])
        steps += 1
    return steps


cdef void pol_playout(PolState* s, uint64_t* rng) noexcept nogil:
    pol_random_playout(s, rng)



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




include "politics_hidden.pxi"
include "politics_policy.pxi"
include "politics_belief.pxi"
include "politics_face.pxi"
