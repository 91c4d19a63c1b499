# cython: language_level=3
"""Coup's rules in C-level code: legal actions, apply, chance, playouts, determinization.

Everything here follows ``../shared/rules/coup.md``; the section numbers in comments point there.
No function below creates a Python object, so a playout runs without the GIL.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset
from libc.math cimport exp, log
from enum import IntEnum

from intrigue.ext.rng cimport rng_next, rng_below
from intrigue.ext.game_api cimport (GameVT, KernelState, CHANCE, TERMINAL, MAX_LEGAL,
                                    vt_int_fn, vt_legal_fn, vt_apply_fn, vt_prob_fn, vt_sample_fn,
                                    vt_returns_fn, vt_playout_fn, vt_seat_rng_fn, vt_seat_fn,
                                    vt_seat_action_fn, vt_validate_fn)

# --- role pairs: index <-> (a <= b) -------------------------------------------------------------
cdef uint8_t PAIR_INDEX[5][5]
cdef uint8_t PAIR_A[15]
cdef uint8_t PAIR_B[15]
# Which role each action claims and which roles block it (coup.md section 3): the one table of them,
# read by the rules below and, through claim_table(), by the engine (engine/coup/claims.py)
cdef uint8_t CLAIM_OF_KIND[NUM_KINDS]         # K_* -> the role the action claims, NO_CLAIM if none
cdef uint8_t BLOCKERS_OF_KIND[NUM_KINDS]      # K_* -> bit r set when claiming role r blocks the action


cdef void _init_tables() noexcept:
    cdef int a, b, i = 0
    for a in range(5):
        for b in range(a, 5):
            PAIR_INDEX[a][b] = i
            PAIR_INDEX[b][a] = i
            PAIR_A[i] = a
            PAIR_B[i] = b
            i += 1
    CLAIM_OF_KIND[K_INCOME] = NO_CLAIM
    CLAIM_OF_KIND[K_FOREIGN_AID] = NO_CLAIM
    CLAIM_OF_KIND[K_TAX] = DUKE
    CLAIM_OF_KIND[K_EXCHANGE] = AMBASSADOR
    CLAIM_OF_KIND[K_COUP] = NO_CLAIM
    CLAIM_OF_KIND[K_ASSASSINATE] = ASSASSIN
    CLAIM_OF_KIND[K_STEAL] = CAPTAIN
    memset(BLOCKERS_OF_KIND, 0, sizeof(BLOCKERS_OF_KIND))
    BLOCKERS_OF_KIND[K_FOREIGN_AID] = 1 << DUKE
    BLOCKERS_OF_KIND[K_ASSASSINATE] = 1 << CONTESSA
    BLOCKERS_OF_KIND[K_STEAL] = (1 << CAPTAIN) | (1 << AMBASSADOR)


_init_tables()


def pair_index(int a, int b):
    """Index (0..14) of the unordered role pair ``{a, b}``."""
    return PAIR_INDEX[a][b]


def claim_table():
    """``(claims, blockers)``: per action kind (K_*) the role it claims (absent: none), and the roles
    that block it, in role order (absent: it cannot be blocked) -- the kernel's own table."""
    claims = {k: CLAIM_OF_KIND[k] for k in range(K_STEAL + 1) if CLAIM_OF_KIND[k] != NO_CLAIM}
    blockers = {k: tuple(r for r in range(NROLES) if BLOCKERS_OF_KIND[k] >> r & 1)
                for k in range(K_STEAL + 1) if BLOCKERS_OF_KIND[k]}
    return claims, blockers


def pair_roles(int i):
    """The roles ``(a, b)``, ``a <= b``, of pair index ``i``."""
    return PAIR_A[i], PAIR_B[i]


# --- small helpers --------------------------------------------------------------------------------
cdef inline bint is_hidden_card(uint8_t c) noexcept nogil:
    """A face-down card that nobody but its holder has seen."""
    return (c & (CARD_UP | CARD_SHOWN)) == 0 and (c & CARD_ROLE) != CARD_EMPTY


cdef inline bint alive(const CoupState* s, int p) noexcept nogil:
    return s.place[p] == 0


cdef inline int influence(const CoupState* s, int p) noexcept nogil:
    return ((s.cards[2 * p] & CARD_UP) == 0) + ((s.cards[2 * p + 1] & CARD_UP) == 0)


cdef inline int next_alive(const CoupState* s, int p) noexcept nogil:
    cdef int q = p
    while True:
        q += 1
        if q == s.n:
            q = 0
        if s.place[q] == 0:
            return q


cdef inline int deck_total(const CoupState* s) noexcept nogil:
    return s.deck[0] + s.deck[1] + s.deck[2] + s.deck[3] + s.deck[4]


cdef inline int copies_of(const CoupState* s, int role) noexcept nogil:
    """Copies of ``role`` in the whole Court deck of this ruleset (3 in the published game)."""
    return (s.copies >> (COPY_BITS * role)) & COPY_MASK


cdef inline bint in_play(const CoupState* s, int kind) noexcept nogil:
    """Whether the ruleset has action ``kind`` (K_*)."""
    return (s.actions >> kind) & 1


cdef inline int declarable_actions(int actions, const int* copies) noexcept nogil:
    """The actions that can be declared: those in play whose claimed role, if any, the deck has (a
    claim of a role with no copies could only be a bluff, and is not offered)."""
    cdef int kind, out = 0
    for kind in range(K_STEAL + 1):
        if (actions >> kind) & 1 and (CLAIM_OF_KIND[kind] == NO_CLAIM or copies[CLAIM_OF_KIND[kind]] > 0):
            out |= 1 << kind
    return out


cdef inline bint can_declare(const CoupState* s, int kind) noexcept nogil:
    """Whether action ``kind`` can be declared in this ruleset (declarable_actions)."""
    return (s.declarable >> kind) & 1


cdef inline bint may_assassinate(const CoupState* s, int p) noexcept nogil:
    """Whether p has the coins for an Assassinate, and the ruleset (and its limit) allow one."""
    if s.coins[p] < s.assassinate_cost or not can_declare(s, K_ASSASSINATE):
        return False
    return s.assassin_limit == 0 or ((s.assassinations >> (COUNT_BITS * p)) & COUNT_MASK) < s.assassin_limit


cdef inline bint role_has_use(const CoupState* s, int role) noexcept nogil:
    """Whether ``role`` does anything in this ruleset: an action to claim or an action to block.
    A role with neither is a blank card (mini-a's third card)."""
    if role == DUKE:
        return in_play(s, K_TAX) or in_play(s, K_FOREIGN_AID)
    if role == ASSASSIN or role == CONTESSA:
        return in_play(s, K_ASSASSINATE)
    if role == CAPTAIN:
        return in_play(s, K_STEAL)
    return in_play(s, K_EXCHANGE) or in_play(s, K_STEAL)


cdef inline void gain(CoupState* s, int p, int k) noexcept nogil:
    """Payment from the treasury, capped by what it holds (section 1)."""
    if k > s.treasury:
        k = s.treasury
    s.coins[p] += k
    s.treasury -= k


cdef inline void pay(CoupState* s, int p, int k) noexcept nogil:
    s.coins[p] -= k
    s.treasury += k


cdef inline int find_card(const CoupState* s, int p, int role) noexcept nogil:
    """Slot of one of p's hidden-or-own face-down cards of ``role`` (not shown), or -1."""
    cdef int slot
    for slot in range(2 * p, 2 * p + 2):
        if (s.cards[slot] & (CARD_UP | CARD_SHOWN)) == 0 and (s.cards[slot] & CARD_ROLE) == role:
            return slot
    return -1


# --- state transitions ----------------------------------------------------------------------------
cdef void coup_default_rules(CoupRules* r) noexcept nogil:
    """The published game's rules (coup.md section 8, ``standard``)."""
    cdef int k
    r.steal_amount = 2
    r.forced_coup_at = 10
    r.exchange_mode = EXCHANGE_PUBLISHED
    r.refund = 1
    r.start_coins_2p = 1
    r.max_turns = 300
    r.influence = 2
    r.start_coins = 2
    r.income = 1
    r.tax = 3
    r.coup_cost = 7
    r.assassinate_cost = 3
    r.actions = ALL_ACTIONS
    r.assassin_limit = 0
    for k in range(NROLES):
        r.copies[k] = MAX_COPIES


cdef const char* coup_check_rules(int n, const CoupRules* r) noexcept nogil:
    """NULL when ``r`` makes a playable game of ``n`` players, else what is wrong.  (The engine layer
    checks options first, with messages that name them; this guards the kernel's own callers.)"""
    cdef int k, total = 0
    if n < 2 or n > MAX_PLAYERS:
        return "Coup is for 2 to 6 players"
    if r.influence < 1 or r.influence > 2:
        return "influence must be 1 or 2"
    for k in range(NROLES):
        if r.copies[k] < 0 or r.copies[k] > MAX_COPIES:
            return "a role has 0 to 3 copies in the Court deck"
        total += r.copies[k]
    if total < n * r.influence + (2 if (r.actions >> K_EXCHANGE) & 1 else 0):
        return "the Court deck is too small for the deal (and an Exchange's two draws)"
    if r.coup_cost < 1 or r.coup_cost > TOTAL_COINS or r.forced_coup_at < r.coup_cost or r.forced_coup_at > TOTAL_COINS:
        return "the forced Coup must come at or above the Coup's cost (1 to 50 coins)"
    if r.assassinate_cost < 0 or r.assassinate_cost > TOTAL_COINS or r.steal_amount < 1 or r.steal_amount > TOTAL_COINS:
        return "a cost or amount is out of range"
    if r.income < 1 or r.income > TOTAL_COINS or r.tax < 1 or r.tax > TOTAL_COINS:
        return "a cost or amount is out of range"
    if r.start_coins < 0 or r.start_coins_2p < 0 or r.start_coins * n > TOTAL_COINS or (
            n == 2 and r.start_coins + r.start_coins_2p > TOTAL_COINS):
        return "the treasury cannot pay the starting coins"
    if r.actions & ~ALL_ACTIONS or (r.actions & REQUIRED_ACTIONS) != REQUIRED_ACTIONS:
        return "Income and Coup are always in play"
    if r.assassin_limit < 0 or r.assassin_limit > MAX_ASSASSIN_LIMIT:
        return "the limit of Assassinations is 0 (none) to 3"
    if r.exchange_mode < EXCHANGE_PUBLISHED or r.exchange_mode > EXCHANGE_SWAP_ONE or r.refund < 0 or r.refund > 1:
        return "bad rule option"
    if r.max_turns < 1 or r.max_turns > 65535:
        return "max_turns must be 1 to 65535"
    return NULL


cdef void coup_init(CoupState* s, int n, const CoupRules* r) noexcept nogil:
    """A new game before the deal (section 2): the state is at the first `deal` chance event.
    ``r`` must pass :func:`coup_check_rules`."""
    cdef int p
    memset(s, 0, sizeof(CoupState))
    s.n = n
    s.max_turns = r.max_turns
    s.steal_amount = r.steal_amount
    s.forced_coup_at = r.forced_coup_at
    s.exchange_mode = r.exchange_mode
    s.refund = r.refund
    s.start_coins_2p = r.start_coins_2p
    s.influence = r.influence
    s.income = r.income
    s.tax = r.tax
    s.coup_cost = r.coup_cost
    s.assassinate_cost = r.assassinate_cost
    s.actions = r.actions
    s.declarable = declarable_actions(r.actions, r.copies) | (DECLARE_LIMITED if r.assassin_limit else 0)
    s.assassin_limit = r.assassin_limit
    s.treasury = TOTAL_COINS
    for p in range(MAX_PLAYERS):
        s.cards[2 * p] = CARD_EMPTY
        s.cards[2 * p + 1] = CARD_EMPTY if r.influence == 2 else CARD_ABSENT
        if p < n:
            s.coins[p] = r.start_coins
            s.treasury -= r.start_coins
        else:
            s.cards[2 * p + 1] = CARD_EMPTY
            s.place[p] = 255          # not a seat of this game
    if n == 2:                        # published 2-player rule: the starting player takes less
        s.treasury += s.coins[0] - r.start_coins_2p
        s.coins[0] = r.start_coins_2p
    for p in range(NROLES):
        s.deck[p] = r.copies[p]
        s.copies |= r.copies[p] << (COPY_BITS * p)
    s.drawn[0] = CARD_EMPTY
    s.drawn[1] = CARD_EMPTY
    s.nalive = n
    s.phase = PH_DEAL
    s.actor = 0
    s.asked = 0
    s.kind = K_NONE
    s.target = NO_SEAT
    s.blocker = NO_SEAT
    s.block_role = NO_SEAT
    s.challenger = NO_SEAT


cdef void game_over(CoupState* s) noexcept nogil:
    cdef int p
    for p in range(MAX_PLAYERS):
        if s.place[p] == 0:         # unused seats hold 255
            s.place[p] = 1
    s.phase = PH_OVER
    s.asked = NO_SEAT


cdef bint lose_card(CoupState* s, int p, int role) noexcept nogil:
    """p turns a face-down ``role`` face up (section 6); returns True if that ended the game."""
    cdef int slot = find_card(s, p, role)
    s.cards[slot] = <uint8_t>(role | CARD_UP)
    if influence(s, p) == 0:
        s.treasury += s.coins[p]      # an eliminated player's coins return to the treasury
        s.coins[p] = 0
        s.place[p] = s.nalive
        s.nalive -= 1
        if s.nalive == 1:
            game_over(s)
            return True
    return False


cdef void end_turn(CoupState* s) noexcept nogil:
    s.turn += 1
    if s.turn >= s.max_turns:         # section 7: the safety cap ends the game as a draw
        game_over(s)
        return
    s.actor = next_alive(s, s.actor)
    s.asked = s.actor
    s.phase = PH_ACTION
    s.kind = K_NONE
    s.target = NO_SEAT
    s.blocker = NO_SEAT
    s.block_role = NO_SEAT
    s.challenger = NO_SEAT


cdef void start_replacement(CoupState* s, int p) noexcept nogil:
    """The shown card goes back into the deck; p draws a fresh one (a chance event)."""
    cdef int slot
    for slot in range(2 * p, 2 * p + 2):
        if s.cards[slot] & CARD_SHOWN:
            s.deck[s.cards[slot] & CARD_ROLE] += 1
            s.cards[slot] = CARD_EMPTY
    s.phase = PH_REPLACE
    s.asked = p


cdef void resolve(CoupState* s) noexcept nogil:
    """The action takes effect (section 4 step 4); a dead target means no further effect."""
    cdef int k = s.kind, amount
    if k == K_TAX:
        gain(s, s.actor, s.tax)
    elif k == K_FOREIGN_AID:
        gain(s, s.actor, 2)
    elif k == K_EXCHANGE:
        s.phase = PH_EXDRAW
        s.asked = s.actor
        return
    elif k == K_ASSASSINATE:
        if alive(s, s.target):
            s.phase = PH_LOSE
            s.asked = s.target
            s.cont = CONT_END_TURN
            return
    elif k == K_STEAL:
        if alive(s, s.target):
            amount = s.steal_amount
            if amount > s.coins[s.target]:
                amount = s.coins[s.target]
            s.coins[s.target] -= amount
            s.coins[s.actor] += amount
    end_turn(s)


cdef void action_survives(CoupState* s) noexcept nogil:
    """The action's claim was not challenged, or was proved: on to the block window or effect."""
    if s.kind == K_ASSASSINATE or s.kind == K_STEAL:
        if not alive(s, s.target):
            end_turn(s)
            return
        s.phase = PH_BLOCK            # only the target may block these
        s.asked = s.target
        return
    resolve(s)


cdef void apply_keep(CoupState* s, int a) noexcept nogil:
    """Exchange (section 5): the face-down hand becomes the kept cards, the rest go to the deck."""
    cdef int p = s.actor, slot, r, nk = 0
    cdef int pool[5]
    cdef uint8_t keep[2]
    for r in range(NROLES):
        pool[r] = 0
    for slot in range(2 * p, 2 * p + 2):
        if (s.cards[slot] & CARD_UP) == 0:
            pool[s.cards[slot] & CARD_ROLE] += 1
    pool[s.drawn[0]] += 1
    pool[s.drawn[1]] += 1
    if a < A_KEEP2:
        keep[0] = a - A_KEEP1
        nk = 1
    else:
        keep[0] = PAIR_A[a - A_KEEP2]
        keep[1] = PAIR_B[a - A_KEEP2]
        nk = 2
    r = 0
    for slot in range(2 * p, 2 * p + 2):
        if (s.cards[slot] & CARD_UP) == 0:
            s.cards[slot] = keep[r]
            pool[keep[r]] -= 1
            r += 1
    for r in range(NROLES):
        s.deck[r] += pool[r]
    s.drawn[0] = CARD_EMPTY
    s.drawn[1] = CARD_EMPTY
    end_turn(s)


cdef void coup_apply(CoupState* s, int a) noexcept nogil:
    """Apply legal action ``a`` (a decision or a chance outcome)."""
    cdef int ph = s.phase, p = s.asked, r, q
    if ph == PH_ACTION:
        if a == A_INCOME:
            gain(s, p, s.income)
            end_turn(s)
        elif a == A_FOREIGN_AID:
            s.kind = K_FOREIGN_AID
            s.phase = PH_BLOCK        # no claim, so no challenge window; anyone may block
            s.asked = next_alive(s, p)
        elif a == A_TAX or a == A_EXCHANGE:
            s.kind = K_TAX if a == A_TAX else K_EXCHANGE
            s.phase = PH_CHALLENGE
            s.asked = next_alive(s, p)
        elif a < A_ASSASSINATE:
            s.kind = K_COUP
            s.target = a - A_COUP
            pay(s, p, s.coup_cost)
            s.phase = PH_LOSE
            s.asked = s.target
            s.cont = CONT_END_TURN
        else:
            if a < A_STEAL:
                s.kind = K_ASSASSINATE
                s.target = a - A_ASSASSINATE
                pay(s, p, s.assassinate_cost)     # paid when declared (section 3)
                if s.assassin_limit:
                    s.assassinations += 1 << (COUNT_BITS * p)
            else:
                s.kind = K_STEAL
                s.target = a - A_STEAL
            s.phase = PH_CHALLENGE
            s.asked = next_alive(s, p)
    elif ph == PH_CHALLENGE:
        if a == A_CHALLENGE:
            s.challenger = p
            s.phase = PH_DEFEND
            s.asked = s.actor
        else:
            q = next_alive(s, p)
            if q == s.actor:
                action_survives(s)
            else:
                s.asked = q
    elif ph == PH_DEFEND:
        r = a - A_REVEAL
        if r == CLAIM_OF_KIND[s.kind]:        # claim proved: the challenger loses (section 6)
            s.cards[find_card(s, p, r)] |= CARD_SHOWN
            s.phase = PH_LOSE
            s.asked = s.challenger
            s.cont = CONT_ACTION_PROVED
        else:                                  # conceded: the card is lost, the action cancelled
            if lose_card(s, p, r):
                return
            if s.kind == K_ASSASSINATE and s.refund and alive(s, p):
                gain(s, p, s.assassinate_cost)
            end_turn(s)
    elif ph == PH_BLOCK:
        if a == A_PASS:
            if s.kind == K_FOREIGN_AID:
                q = next_alive(s, p)
                if q == s.actor:
                    resolve(s)
                else:
                    s.asked = q
            else:
                resolve(s)
        else:
            s.blocker = p
            s.block_role = a - A_BLOCK
            s.phase = PH_BCHALLENGE
            s.asked = next_alive(s, p)
    elif ph == PH_BCHALLENGE:
        if a == A_CHALLENGE:
            s.challenger = p
            s.phase = PH_BDEFEND
            s.asked = s.blocker
        else:
            q = next_alive(s, p)
            if q == s.blocker:
                end_turn(s)                    # the block stands: the action is cancelled
            else:
                s.asked = q
    elif ph == PH_BDEFEND:
        r = a - A_REVEAL
        if r == s.block_role:
            s.cards[find_card(s, p, r)] |= CARD_SHOWN
            s.phase = PH_LOSE
            s.asked = s.challenger
            s.cont = CONT_BLOCK_PROVED
        else:                                  # failed block: the action resolves, no new block
            if lose_card(s, p, r):
                return
            resolve(s)
    elif ph == PH_LOSE:
        if lose_card(s, p, a - A_REVEAL):
            return
        if s.cont == CONT_END_TURN:
            end_turn(s)
        elif s.cont == CONT_ACTION_PROVED:
            start_replacement(s, s.actor)
        else:
            start_replacement(s, s.blocker)
    elif ph == PH_REPLACE:
        r = a - C_ONE
        s.deck[r] -= 1
        if s.cards[2 * p] == CARD_EMPTY:
            s.cards[2 * p] = r
        else:
            s.cards[2 * p + 1] = r
        if s.cont == CONT_ACTION_PROVED:
            action_survives(s)
        else:
            end_turn(s)                        # a proved block stands
    elif ph == PH_EXCHANGE:
        apply_keep(s, a)
    elif ph == PH_DEAL:
        if a < C_TWO:                          # one influence: one card (the second slot stays absent)
            r = a - C_ONE
            s.deck[r] -= 1
            s.cards[2 * p] = r
        else:
            r = a - C_TWO
            s.deck[PAIR_A[r]] -= 1
            s.deck[PAIR_B[r]] -= 1
            s.cards[2 * p] = PAIR_A[r]
            s.cards[2 * p + 1] = PAIR_B[r]
        if p + 1 == s.n:
            s.phase = PH_ACTION
            s.actor = 0
            s.asked = 0
        else:
            s.asked = p + 1
    elif ph == PH_EXDRAW:
        r = a - C_TWO
        s.deck[PAIR_A[r]] -= 1
        s.deck[PAIR_B[r]] -= 1
        s.drawn[0] = PAIR_A[r]
        s.drawn[1] = PAIR_B[r]
        s.phase = PH_EXCHANGE


# --- legal actions --------------------------------------------------------------------------------
cdef inline int reveal_options(const CoupState* s, int p, int* out) noexcept nogil:
    """``reveal ROLE`` for each distinct role among p's face-down cards, in role order."""
    cdef int a = s.cards[2 * p], b = s.cards[2 * p + 1], n = 0
    cdef bint ha = (a & (CARD_UP | CARD_SHOWN)) == 0
    cdef bint hb = (b & (CARD_UP | CARD_SHOWN)) == 0
    if ha and hb:
        if a == b:
            out[0] = A_REVEAL + a
            return 1
        if a > b:
            a, b = b, a
        out[0] = A_REVEAL + a
        out[1] = A_REVEAL + b
        return 2
    if ha:
        out[0] = A_REVEAL + a
        return 1
    if hb:
        out[0] = A_REVEAL + b
        return 1
    return 0


cdef inline uint64_t keep_mask(const CoupState* s) noexcept nogil:
    """Bit a set for every legal ``keep`` action a (bit index = action - A_KEEP1)."""
    cdef int p = s.actor, slot, nf = 0, i, j
    cdef int hand[2]
    cdef int allc[4]
    cdef uint64_t m = 0
    for slot in range(2 * p, 2 * p + 2):
        if (s.cards[slot] & CARD_UP) == 0:
            hand[nf] = s.cards[slot] & CARD_ROLE
            nf += 1
    allc[nf] = s.drawn[0]
    allc[nf + 1] = s.drawn[1]
    for i in range(nf):
        allc[i] = hand[i]
    if nf == 1:                       # both modes: keep one of the three cards
        for i in range(3):
            m |= (<uint64_t>1) << allc[i]
    elif s.exchange_mode == EXCHANGE_PUBLISHED:
        for i in range(4):
            for j in range(i + 1, 4):
                m |= (<uint64_t>1) << (5 + PAIR_INDEX[allc[i]][allc[j]])
    else:                             # swap_one: keep the hand, or swap one card for one drawn
        m |= (<uint64_t>1) << (5 + PAIR_INDEX[hand[0]][hand[1]])
        for j in range(2):
            m |= (<uint64_t>1) << (5 + PAIR_INDEX[s.drawn[j]][hand[1]])
            m |= (<uint64_t>1) << (5 + PAIR_INDEX[hand[0]][s.drawn[j]])
    return m


cdef int variant_turn_actions(const CoupState* s, int p, int* out) noexcept nogil:
    """p's turn actions (not forced to Coup) in a ruleset that leaves some out or limits Assassinations."""
    cdef int q, n = 0
    for q in range(K_COUP):           # K_INCOME .. K_EXCHANGE are A_INCOME .. A_EXCHANGE
        if can_declare(s, q):
            out[n] = q
            n += 1
    if s.coins[p] >= s.coup_cost:
        for q in range(s.n):
            if q != p and s.place[q] == 0:
                out[n] = A_COUP + q
                n += 1
    if may_assassinate(s, p):
        for q in range(s.n):
            if q != p and s.place[q] == 0:
                out[n] = A_ASSASSINATE + q
                n += 1
    if can_declare(s, K_STEAL):
        for q in range(s.n):
            if q != p and s.place[q] == 0:
                out[n] = A_STEAL + q
                n += 1
    return n


cdef int variant_blocks(const CoupState* s, int* out) noexcept nogil:
    """The target's (or anyone's) block choices with a deck that lacks some role: pass, and the
    blocking roles (BLOCKERS_OF_KIND) the deck has (a role it does not have cannot be claimed)."""
    cdef int n = 1, r
    out[0] = A_PASS
    for r in range(NROLES):
        if BLOCKERS_OF_KIND[s.kind] >> r & 1 and copies_of(s, r):
            out[n] = A_BLOCK + r
            n += 1
    return n


cdef struct VariantRules:
    # the legal choices of rulesets other than the published game's, called through pointers set at
    # import: the compiler then keeps them out of coup_legal, whose published-game path stays as short
    # (and its register use as small) as before they existed
    int (*turn_actions)(const CoupState*, int, int*) noexcept nogil
    int (*blocks)(const CoupState*, int*) noexcept nogil
    int (*policy_turn)(CoupState*, int, uint64_t*) noexcept nogil


cdef VariantRules _variant_rules
_variant_rules.turn_actions = variant_turn_actions
_variant_rules.blocks = variant_blocks


cdef int coup_legal(const CoupState* s, int* out) noexcept nogil:
    cdef int ph = s.phase, p = s.asked, n = 0, q, r, c, tot
    cdef uint64_t m
    if ph == PH_ACTION:
        if s.coins[p] >= s.forced_coup_at:
            for q in range(s.n):
                if q != p and s.place[q] == 0:
                    out[n] = A_COUP + q
                    n += 1
            return n
        if s.declarable == ALL_ACTIONS:      # every action can be declared, and none is limited
            out[0] = A_INCOME
            out[1] = A_FOREIGN_AID
            out[2] = A_TAX
            out[3] = A_EXCHANGE
            n = 4
            if s.coins[p] >= s.coup_cost:
                for q in range(s.n):
                    if q != p and s.place[q] == 0:
                        out[n] = A_COUP + q
                        n += 1
            if s.coins[p] >= s.assassinate_cost:
                for q in range(s.n):
                    if q != p and s.place[q] == 0:
                        out[n] = A_ASSASSINATE + q
                        n += 1
            for q in range(s.n):
                if q != p and s.place[q] == 0:
                    out[n] = A_STEAL + q
                    n += 1
            return n
        return _variant_rules.turn_actions(s, p, out)
    if ph == PH_CHALLENGE or ph == PH_BCHALLENGE:
        out[0] = A_PASS
        out[1] = A_CHALLENGE
        return 2
    if ph == PH_DEFEND or ph == PH_BDEFEND or ph == PH_LOSE:
        return reveal_options(s, p, out)
    if ph == PH_BLOCK:
        out[0] = A_PASS
        if s.copies == STANDARD_COPIES:   # the published deck: every blocking role is there
            if s.kind == K_FOREIGN_AID:
                out[1] = A_BLOCK + DUKE
                return 2
            if s.kind == K_ASSASSINATE:
                out[1] = A_BLOCK + CONTESSA
                return 2
            out[1] = A_BLOCK + CAPTAIN
            out[2] = A_BLOCK + AMBASSADOR
            return 3
        return _variant_rules.blocks(s, out)
    if ph == PH_EXCHANGE:
        m = keep_mask(s)
        for q in range(20):
            if m & ((<uint64_t>1) << q):
                out[n] = A_KEEP1 + q
                n += 1
        return n
    if ph == PH_REPLACE or (ph == PH_DEAL and s.influence == 1):
        for r in range(NROLES):
            if s.deck[r] > 0:
                out[n] = C_ONE + r
                n += 1
        return n
    if ph == PH_DEAL or ph == PH_EXDRAW:
        for q in range(15):
            r = PAIR_A[q]
            c = PAIR_B[q]
            if s.deck[r] > 0 and s.deck[c] > 0 and (r != c or s.deck[r] >= 2):
                out[n] = C_TWO + q
                n += 1
        return n
    return 0


cdef int coup_current_player(const CoupState* s) noexcept nogil:
    cdef int ph = s.phase
    if ph == PH_OVER:
        return TERMINAL
    if ph == PH_DEAL or ph == PH_REPLACE or ph == PH_EXDRAW:
        return CHANCE
    return s.asked


cdef double coup_chance_probability(const CoupState* s, int a) noexcept nogil:
    cdef double t = deck_total(s)
    cdef int r, c
    if s.phase == PH_REPLACE or (s.phase == PH_DEAL and s.influence == 1):
        if a < C_ONE or a >= C_TWO:
            return 0.0
        return s.deck[a - C_ONE] / t
    if s.phase == PH_DEAL or s.phase == PH_EXDRAW:
        if a < C_TWO or a >= NUM_ACTIONS:
            return 0.0
        r = PAIR_A[a - C_TWO]
        c = PAIR_B[a - C_TWO]
        if r == c:
            return s.deck[r] * (s.deck[r] - 1.0) / (t * (t - 1.0))
        return 2.0 * s.deck[r] * s.deck[c] / (t * (t - 1.0))
    return 0.0


cdef inline int draw_role(const CoupState* s, const int* counts, int total, uint64_t* rng) noexcept nogil:
    cdef int k = rng_below(rng, total), r = 0
    while k >= counts[r]:
        k -= counts[r]
        r += 1
    return r


cdef int coup_sample_chance(CoupState* s, uint64_t* rng) noexcept nogil:
    cdef int counts[5]
    cdef int r, a, b, t = 0, out
    for r in range(NROLES):
        counts[r] = s.deck[r]
        t += counts[r]
    a = draw_role(s, counts, t, rng)
    if s.phase == PH_REPLACE or (s.phase == PH_DEAL and s.influence == 1):
        out = C_ONE + a
    else:
        counts[a] -= 1
        b = draw_role(s, counts, t - 1, rng)
        out = C_TWO + PAIR_INDEX[a][b]
    coup_apply(s, out)
    return out


cdef void coup_returns(const CoupState* s, double* out) noexcept nogil:
    """1 for the winner; at the turn cap, the survivors share 1; everyone else 0."""
    cdef int p, k = 0
    for p in range(s.n):
        out[p] = 0.0
    if s.phase != PH_OVER:
        return
    for p in range(s.n):
        if s.place[p] == 1:
            k += 1
    for p in range(s.n):
        if s.place[p] == 1:
            out[p] = 1.0 / k


cdef void coup_playout(CoupState* s, uint64_t* rng) noexcept nogil:
    cdef int buf[32]
    cdef int n, ph
    while True:
        ph = s.phase
        if ph == PH_OVER:
            return
        if ph == PH_DEAL or ph == PH_REPLACE or ph == PH_EXDRAW:
            coup_sample_chance(s, rng)
        else:
            n = coup_legal(s, buf)
            coup_apply(s, buf[rng_below(rng, n)])


# --- hidden information ---------------------------------------------------------------------------
cdef inline int collect_hidden(const CoupState* s, int seat, uint8_t* pool) noexcept nogil:
    """Roles of every card ``seat`` cannot see, in a fixed order of places; returns how many."""
    cdef int p, slot, r, k, n = 0
    for p in range(s.n):
        if p == seat:
            continue
        for slot in range(2 * p, 2 * p + 2):
            if is_hidden_card(s.cards[slot]):
                pool[n] = s.cards[slot]
                n += 1
    if s.phase == PH_EXCHANGE and s.actor != seat:
        pool[n] = s.drawn[0]
        pool[n + 1] = s.drawn[1]
        n += 2
    for r in range(NROLES):
        for k in range(s.deck[r]):
            pool[n] = r
            n += 1
    return n


cdef inline void place_hidden(CoupState* s, int seat, const uint8_t* pool, int n) noexcept nogil:
    """Put ``pool`` back into the hidden places, in the order :func:`collect_hidden` read them."""
    cdef int p, slot, r, i = 0
    for p in range(s.n):
        if p == seat:
            continue
        for slot in range(2 * p, 2 * p + 2):
            if is_hidden_card(s.cards[slot]):
                s.cards[slot] = pool[i]
                i += 1
    if s.phase == PH_EXCHANGE and s.actor != seat:
        s.drawn[0] = pool[i]
        s.drawn[1] = pool[i + 1]
        i += 2
    for r in range(NROLES):
        s.deck[r] = 0
    while i < n:
        s.deck[pool[i]] += 1
        i += 1


cdef void coup_determinize(CoupState* s, int seat, uint64_t* rng) noexcept nogil:
    """Deal every card hidden from ``seat`` afresh: a uniform shuffle of the physical cards."""
    cdef uint8_t pool[15]
    cdef int n = collect_hidden(s, seat, pool), i, j
    cdef uint8_t t
    i = n - 1
    while i > 0:
        j = rng_below(rng, i + 1)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
        i -= 1
    place_hidden(s, seat, pool, n)


cdef void coup_canonicalize(CoupState* s, int seat) noexcept nogil:
    cdef uint8_t pool[15]
    cdef int counts[5]
    cdef int n = collect_hidden(s, seat, pool), i, r, k = 0
    cdef uint8_t t
    for r in range(NROLES):
        counts[r] = 0
    for i in range(n):
        counts[pool[i]] += 1
    for r in range(NROLES):
        for i in range(counts[r]):
            pool[k] = r
            k += 1
    place_hidden(s, seat, pool, n)
    for i in range(s.n):                  # which slot holds which card carries no information
        if s.cards[2 * i] > s.cards[2 * i + 1] and s.influence == 2:     # (one card: the second is absent)
            t = s.cards[2 * i]
            s.cards[2 * i] = s.cards[2 * i + 1]
            s.cards[2 * i + 1] = t


cdef bint move_role_to_deck(CoupState* s, int seat, int role, const int* need) noexcept nogil:
    """Swap a hidden ``role`` card from a hand (or hidden draw) into the deck.

    The deck gives back a card of a role it holds more of than ``need`` asks for.
    """
    cdef int p, slot, x, give = -1
    for x in range(NROLES):
        if x != role and s.deck[x] > need[x]:
            give = x
            break
    if give < 0:
        return False
    for p in range(s.n):
        if p == seat:
            continue
        for slot in range(2 * p, 2 * p + 2):
            if is_hidden_card(s.cards[slot]) and s.cards[slot] == role:
                s.cards[slot] = give
                s.deck[give] -= 1
                s.deck[role] += 1
                return True
    if s.phase == PH_EXCHANGE and s.actor != seat:
        for slot in range(2):
            if s.drawn[slot] == role:
                s.drawn[slot] = give
                s.deck[give] -= 1
                s.deck[role] += 1
                return True
    return False


cdef bint move_role_to_hand(CoupState* s, int seat, int p, int role) noexcept nogil:
    """Give opponent p a hidden ``role`` card by swapping with another hidden place."""
    cdef int slot, q, qs, mine = -1
    cdef uint8_t old
    if find_card(s, p, role) >= 0:
        return True
    for slot in range(2 * p, 2 * p + 2):
        if is_hidden_card(s.cards[slot]):
            mine = slot
            break
    if mine < 0:
        return False
    old = s.cards[mine]
    if s.deck[role] > 0:
        s.deck[role] -= 1
        s.deck[old] += 1
        s.cards[mine] = role
        return True
    for q in range(s.n):
        if q == seat or q == p:
            continue
        for qs in range(2 * q, 2 * q + 2):
            if is_hidden_card(s.cards[qs]) and s.cards[qs] == role:
                s.cards[qs] = old
                s.cards[mine] = role
                return True
    if s.phase == PH_EXCHANGE and s.actor != seat and s.actor != p:
        for qs in range(2):
            if s.drawn[qs] == role:
                s.drawn[qs] = old
                s.cards[mine] = role
                return True
    return False


cdef int coup_make_consistent(CoupState* s, int seat, int a) noexcept nogil:
    """Re-deal cards hidden from ``seat`` so that ``seat`` may observe action ``a`` next.

    Used to follow a game from one seat's observations alone: an opponent revealing a role, or a
    draw of ``seat``'s own, must be possible in the state that stands for the information set.
    Returns whether ``a`` is then legal.
    """
    cdef int need[5]
    cdef int r, ph = s.phase, n, i
    cdef int buf[MAX_LEGAL]
    if ph == PH_OVER:
        return 0
    if (ph == PH_REPLACE or ph == PH_DEAL or ph == PH_EXDRAW) and s.asked == seat:
        for r in range(NROLES):
            need[r] = 0
        if C_ONE <= a < C_TWO:                 # a replacement, or a one-card deal
            need[a - C_ONE] += 1
        elif C_TWO <= a < NUM_ACTIONS:
            need[PAIR_A[a - C_TWO]] += 1
            need[PAIR_B[a - C_TWO]] += 1
        else:
            return 0
        for r in range(NROLES):
            while s.deck[r] < need[r]:
                if not move_role_to_deck(s, seat, r, need):
                    return 0
    elif (ph == PH_DEFEND or ph == PH_BDEFEND or ph == PH_LOSE) and s.asked != seat:
        if a < A_REVEAL or a >= A_KEEP1:
            return 0
        if not move_role_to_hand(s, seat, s.asked, a - A_REVEAL):
            return 0
    n = coup_legal(s, buf)
    for i in range(n):
        if buf[i] == a:
            return 1
    return 0


cdef const char* _validate_rules(const CoupState* s) noexcept nogil:
    """NULL when the rules held in the struct are a ruleset coup_check_rules accepts."""
    cdef CoupRules r
    cdef int k, used
    r.steal_amount = s.steal_amount
    r.forced_coup_at = s.forced_coup_at
    r.exchange_mode = s.exchange_mode
    r.refund = s.refund
    r.start_coins_2p = 0              # the starting coins are not part of the state
    r.start_coins = 0
    r.max_turns = s.max_turns
    r.influence = s.influence
    r.income = s.income
    r.tax = s.tax
    r.coup_cost = s.coup_cost
    r.assassinate_cost = s.assassinate_cost
    r.actions = s.actions
    r.assassin_limit = s.assassin_limit
    if s.copies >> (COPY_BITS * NROLES):
        return "bad rule option"
    for k in range(NROLES):
        r.copies[k] = copies_of(s, k)
    if coup_check_rules(s.n, &r) != NULL or s.declarable != (
            declarable_actions(s.actions, r.copies) | (DECLARE_LIMITED if s.assassin_limit else 0)):
        return "bad rule option"
    if s.assassinations >> (COUNT_BITS * s.n):
        return "assassinations counted for a seat not in the game"
    for k in range(s.n):
        used = (s.assassinations >> (COUNT_BITS * k)) & COUNT_MASK
        if used > s.assassin_limit:
            return "more assassinations than the limit"
    return NULL


cdef const char* coup_validate(const CoupState* s) noexcept nogil:
    """NULL when the struct is a reachable-looking state, else what is wrong (for decode)."""
    cdef int counts[5]
    cdef int p, slot, r, c, coins = 0, alive_n = 0, empty = 0
    cdef const char* why
    if s.n < 2 or s.n > MAX_PLAYERS:
        return "player count out of range"
    if s.phase >= NUM_PHASES:
        return "unknown phase"
    if s.max_turns < 1 or s.turn > s.max_turns:
        return "turn counter out of range"
    why = _validate_rules(s)
    if why != NULL:
        return why
    for r in range(NROLES):
        counts[r] = s.deck[r]
    for p in range(MAX_PLAYERS):
        if p >= s.n:
            if s.coins[p] or s.place[p] != 255 or s.cards[2 * p] != CARD_EMPTY or s.cards[2 * p + 1] != CARD_EMPTY:
                return "data in an unused seat"
            continue
        coins += s.coins[p]
        if s.place[p] == 0:
            alive_n += 1
        elif s.place[p] > s.n:
            return "placing out of range"
        if (s.cards[2 * p + 1] == CARD_ABSENT) != (s.influence == 1) or s.cards[2 * p] == CARD_ABSENT:
            return "a hand does not match the ruleset's influence"
        for slot in range(2 * p, 2 * p + 2):
            c = s.cards[slot]
            if c == CARD_EMPTY:
                empty += 1
                continue
            if c == CARD_ABSENT:
                continue
            if c & ~(CARD_ROLE | CARD_UP | CARD_SHOWN) or (c & CARD_ROLE) >= NROLES:
                return "bad card byte"
            counts[c & CARD_ROLE] += 1
        if s.place[p] == 0 and influence(s, p) == 0 and s.phase != PH_OVER:
            return "a player in the game has no influence"
    if s.phase == PH_EXCHANGE:
        for slot in range(2):
            if s.drawn[slot] >= NROLES:
                return "bad drawn card"
            counts[s.drawn[slot]] += 1
    elif s.drawn[0] != CARD_EMPTY or s.drawn[1] != CARD_EMPTY:
        return "drawn cards outside an exchange"
    for r in range(NROLES):
        if counts[r] != copies_of(s, r):
            return "the cards are not the ruleset's Court deck (copies per role)"
    if coins + s.treasury != TOTAL_COINS:
        return "coins do not add up to 50"
    if s.phase != PH_OVER:
        if alive_n != s.nalive or alive_n < 2:
            return "inconsistent count of players in the game"
        if s.phase != PH_DEAL and s.phase != PH_REPLACE and empty:
            return "missing card"
        if s.asked >= s.n or s.actor >= s.n:
            return "seat out of range"
        if s.phase != PH_DEAL and s.phase != PH_REPLACE and s.place[s.asked] != 0:
            return "an eliminated player is to decide"
        if (s.phase == PH_ACTION or s.phase == PH_EXCHANGE) and s.asked != s.actor:
            return "the actor is not the one to decide"
        if s.phase != PH_DEAL and s.phase != PH_ACTION:
            if s.kind > K_STEAL:
                return "no declared action"
            if (s.kind == K_COUP or s.kind == K_ASSASSINATE or s.kind == K_STEAL) and (s.target >= s.n or s.target == s.actor):
                return "bad target"
    return NULL


# --- the table ------------------------------------------------------------------------------------
cdef int _num_players(const void* st) noexcept nogil:
    return (<const CoupState*>st).n

cdef int _current_player(const void* st) noexcept nogil:
    return coup_current_player(<const CoupState*>st)

cdef int _legal(const void* st, int* out) noexcept nogil:
    return coup_legal(<const CoupState*>st, out)

cdef void _apply(void* st, int a) noexcept nogil:
    coup_apply(<CoupState*>st, a)

cdef double _prob(const void* st, int a) noexcept nogil:
    return coup_chance_probability(<const CoupState*>st, a)

cdef int _sample(void* st, uint64_t* rng) noexcept nogil:
    return coup_sample_chance(<CoupState*>st, rng)

cdef void _returns(const void* st, double* out) noexcept nogil:
    coup_returns(<const CoupState*>st, out)

cdef void _playout(void* st, uint64_t* rng) noexcept nogil:
    coup_playout(<CoupState*>st, rng)

cdef void _determinize(void* st, int seat, uint64_t* rng) noexcept nogil:
    coup_determinize(<CoupState*>st, seat, rng)

cdef void _canonicalize(void* st, int seat) noexcept nogil:
    coup_canonicalize(<CoupState*>st, seat)

cdef int _make_consistent(void* st, int seat, int a) noexcept nogil:
    return coup_make_consistent(<CoupState*>st, seat, a)

cdef const char* _validate(const void* st) noexcept nogil:
    return coup_validate(<const CoupState*>st)


COUP_VT.name = b"coup"
COUP_VT.state_size = sizeof(CoupState)
COUP_VT.num_actions = NUM_ACTIONS
COUP_VT.magic = 0xC1
COUP_VT.num_players = _num_players
COUP_VT.current_player = _current_player
COUP_VT.legal_actions = _legal
COUP_VT.apply_action = _apply
COUP_VT.chance_probability = _prob
COUP_VT.sample_chance = _sample
COUP_VT.returns = _returns
COUP_VT.playout = _playout
COUP_VT.determinize = _determinize
COUP_VT.canonicalize = _canonicalize
COUP_VT.make_consistent = _make_consistent
COUP_VT.validate = _validate
COUP_VT.max_legal = MAX_LEGAL


# --- Python face ----------------------------------------------------------------------------------
cdef class CoupCore(KernelState):
    """One Coup state. Thin: the rules live in the C functions above.

    ``CoupCore(n, steal_amount=2, ...)`` is a new game before the deal; most code should go through
    :mod:`intrigue.engine` instead, which checks options and speaks the notation.
    """

    def __cinit__(self):
        self.vt = &COUP_VT
        self.ptr = &self.st

    def __init__(self, int n=4, int steal_amount=2, int forced_coup_at=10, exchange_mode=EXCHANGE_PUBLISHED,
                 bint refund=True, int start_coins_2p=1, int max_turns=300, **variant):
        cdef CoupRules r
        cdef const char* why
        if not 2 <= n <= MAX_PLAYERS:
            raise ValueError(f"Coup is for 2 to 6 players, not {n}")
        make_rules(&r, steal_amount, forced_coup_at, exchange_mode, refund, start_coins_2p, max_turns, variant)
        why = coup_check_rules(n, &r)
        if why != NULL:
            raise ValueError((<bytes>why).decode())
        coup_init(&self.st, n, &r)

    # read-only views of the struct, for the engine layer (display, notation, tests)
    @property
    def phase(self):
        return self.st.phase

    @property
    def actor(self):
        return self.st.actor

    @property
    def asked(self):
        return self.st.asked if self.st.asked != NO_SEAT else None

    @property
    def kind(self):
        return self.st.kind if self.st.kind != K_NONE else None

    @property
    def target(self):
        return self.st.target if self.st.target != NO_SEAT else None

    @property
    def blocker(self):
        return self.st.blocker if self.st.blocker != NO_SEAT else None

    @property
    def block_role(self):
        return self.st.block_role if self.st.block_role != NO_SEAT else None

    @property
    def challenger(self):
        return self.st.challenger if self.st.challenger != NO_SEAT else None

    @property
    def turn(self):
        return self.st.turn

    @property
    def treasury(self):
        return self.st.treasury

    @property
    def coins(self):
        return [self.st.coins[p] for p in range(self.st.n)]

    @property
    def deck(self):
        """Court deck contents, count per role (hidden information!)."""
        return [self.st.deck[r] for r in range(NROLES)]

    @property
    def drawn(self):
        return [self.st.drawn[i] for i in range(2) if self.st.drawn[i] != CARD_EMPTY]

    @property
    def places(self):
        """Placing per seat: 0 while in the game, then 1 (winner) ... n."""
        return [self.st.place[p] for p in range(self.st.n)]

    @property
    def rules(self):
        """The rules the state carries (the starting coins are used up by the time play starts)."""
        return dict(steal_amount=self.st.steal_amount, forced_coup_at=self.st.forced_coup_at,
                    exchange_mode=self.st.exchange_mode, refund=bool(self.st.refund),
                    start_coins_2p=self.st.start_coins_2p, max_turns=self.st.max_turns,
                    influence=self.st.influence, income=self.st.income, tax=self.st.tax,
                    coup_cost=self.st.coup_cost, assassinate_cost=self.st.assassinate_cost,
                    actions=self.st.actions, assassin_limit=self.st.assassin_limit,
                    copies=tuple(copies_of(&self.st, r) for r in range(NROLES)))

    @property
    def copies(self):
        """The ruleset's Court deck: copies per role (3 each in the published game)."""
        return [copies_of(&self.st, r) for r in range(NROLES)]

    def in_play(self, int kind):
        """Whether the ruleset has action ``kind`` (a K_* constant)."""
        return 0 <= kind < K_NONE and bool(in_play(&self.st, kind))

    def role_has_use(self, int role):
        """Whether ``role`` claims or blocks any action in play (False: a blank card)."""
        if not 0 <= role < NROLES:
            raise ValueError(f"no role {role}")
        return bool(role_has_use(&self.st, role))

    def assassinations(self, int p):
        """Assassinations seat p has declared (counted only in a ruleset with a limit)."""
        return (self.st.assassinations >> (COUNT_BITS * p)) & COUNT_MASK if 0 <= p < self.st.n else 0

    def hand(self, int p):
        """Seat p's cards as ``(role or None, face_up, shown)`` triples (hidden information!); a slot the
        ruleset never deals (one influence) is left out."""
        out = []
        for slot in range(2 * p, 2 * p + 2):
            c = self.st.cards[slot]
            if c == CARD_ABSENT:
                continue
            role = None if (c & CARD_ROLE) == CARD_EMPTY else c & CARD_ROLE
            out.append((role, bool(c & CARD_UP), bool(c & CARD_SHOWN)))
        return out

    def face_down(self, int p):
        """The roles seat p holds face down and is not showing, in slot order (hidden information!):
        its influence as the seat itself knows it, and what a re-deal of p may change."""
        out = []
        for slot in range(2 * p, 2 * p + 2):
            c = self.st.cards[slot]
            if (c & CARD_ROLE) != CARD_EMPTY and not (c & (CARD_UP | CARD_SHOWN)):
                out.append(c & CARD_ROLE)
        return out

    def influence(self, int p):
        return influence(&self.st, p)

    def alive(self, int p):
        """True while seat p has influence (the winner stays alive at the end)."""
        return 0 <= p < self.st.n and influence(&self.st, p) > 0

    # test and benchmark helpers ---------------------------------------------------------------
    def set_coins(self, int p, int amount):
        """Move coins between seat p and the treasury (for hand-made test scenarios)."""
        cdef int delta = amount - self.st.coins[p]
        if amount < 0 or delta > self.st.treasury:
            raise ValueError("the treasury cannot cover that")
        self.st.coins[p] = amount
        self.st.treasury -= delta


cdef make_rules(CoupRules* r, int steal_amount, int forced_coup_at, int exchange_mode, int refund,
                int start_coins_2p, int max_turns, variant):
    """Fill ``r`` from CoupCore's arguments; ``variant`` holds the other CoupRules fields by name."""
    coup_default_rules(r)
    r.steal_amount = steal_amount
    r.forced_coup_at = forced_coup_at
    r.exchange_mode = exchange_mode
    r.refund = refund
    r.start_coins_2p = start_coins_2p
    r.max_turns = max_turns
    for key, value in variant.items():
        if key == "copies":
            value = list(value)
            if len(value) != NROLES:
                raise ValueError(f"copies: one count per role ({NROLES}), not {len(value)}")
            for k in range(NROLES):
                r.copies[k] = int(value[k])
        elif key == "influence":
            r.influence = int(value)
        elif key == "start_coins":
            r.start_coins = int(value)
        elif key == "income":
            r.income = int(value)
        elif key == "tax":
            r.tax = int(value)
        elif key == "coup_cost":
            r.coup_cost = int(value)
        elif key == "assassinate_cost":
            r.assassinate_cost = int(value)
        elif key == "actions":
            r.actions = int(value)
        elif key == "assassin_limit":
            r.assassin_limit = int(value)
        else:
            raise TypeError(f"CoupCore has no rule {key!r}")


def playouts(int n, int count, seed=0, **rules):
    """Run ``count`` random playouts of an ``n``-player game from the deal (the benchmark kernel).

    Returns the total number of turns played, so the work cannot be optimised away.
    """
    cdef CoupCore start = CoupCore(n, **rules)
    cdef CoupState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long turns = 0
    cdef int i
    with nogil:
        for i in range(count):
            s = start.st
            coup_playout(&s, &rng)
            turns += s.turn
    return turns


cdef CoupState _clone_buf[64]


def clone_loop(CoupCore st, int count):
    """Copy the state ``count`` times with the struct copy a search uses; returns a checksum."""
    cdef CoupState a = st.st
    cdef long long acc = 0
    cdef int i
    with nogil:
        for i in range(count):
            _clone_buf[i & 63] = a
            a.turn = _clone_buf[(i * 7) & 63].turn + 1
            acc += a.turn
    return acc


# --- the enums Python sees ------------------------------------------------------------------------
# One source of truth: the C enums of coup_core.pxd.  They are ``cpdef``, so Python sees a named one
# as an IntEnum of the C names (``_Phase.PH_BLOCK``) and the members of an anonymous one as module
# constants (``A_TAX``); the public enums drop the prefix (``Phase.BLOCK``, ``Action.TAX``).
def _public_enum(name, c_enum, prefix, doc):
    """An IntEnum ``name`` with the members of the kernel's C enum ``c_enum``, ``prefix`` dropped."""
    out = IntEnum(name, [(m.name[len(prefix):], m.value) for m in c_enum], module=__name__)
    out.__doc__ = doc
    return out


def _constants_enum(name, members, doc):
    """An IntEnum ``name`` of ``members``, ``(name, C constant)`` pairs (of an anonymous ``cpdef enum``,
    whose module attributes Cython sets only after this code has run)."""
    out = IntEnum(name, list(members), module=__name__)
    out.__doc__ = doc
    return out


Role = _constants_enum("Role", (("DUKE", DUKE), ("ASSASSIN", ASSASSIN), ("CAPTAIN", CAPTAIN),
                                ("AMBASSADOR", AMBASSADOR), ("CONTESSA", CONTESSA)),
                       "The five roles, in the Court deck's order (a card's low 3 bits).")
Phase = _public_enum("Phase", _Phase, "PH_",
                     "What is due: a decision point, a chance event or the end (``CoupCore.phase``).")
Kind = _constants_enum("Kind", (("INCOME", K_INCOME), ("FOREIGN_AID", K_FOREIGN_AID), ("TAX", K_TAX),
                                ("EXCHANGE", K_EXCHANGE), ("COUP", K_COUP), ("ASSASSINATE", K_ASSASSINATE),
                                ("STEAL", K_STEAL), ("NONE", K_NONE)),
                       "The declared action's kind (``CoupCore.kind``; NONE: no action yet).")
Action = _constants_enum("Action", (("INCOME", A_INCOME), ("FOREIGN_AID", A_FOREIGN_AID), ("TAX", A_TAX),
                                    ("EXCHANGE", A_EXCHANGE), ("COUP", A_COUP), ("ASSASSINATE", A_ASSASSINATE),
                                    ("STEAL", A_STEAL), ("PASS", A_PASS), ("CHALLENGE", A_CHALLENGE),
                                    ("BLOCK", A_BLOCK), ("REVEAL", A_REVEAL), ("KEEP1", A_KEEP1),
                                    ("KEEP2", A_KEEP2)),
                         "Decision ids; where an id adds a seat, role or pair index the member is its base.")
Chance = _public_enum("Chance", _Chance, "C_",
                      "Chance outcome ids (after the decisions); each member is a base plus a role or pair index.")
Exchange = _public_enum("Exchange", _Exchange, "EXCHANGE_", "What an Exchange lets the actor keep (a rule).")


# ==================================================================================================
# Belief inference hook (owned by the search; see docs/search.md).  Appended: nothing above changes.
#
# The search weights its determinizations by how likely each seat's observed decisions are given
# the face-down cards it might hold.  The weights come as a table of BELIEF_HANDS doubles per seat:
#   table[p * BELIEF_HANDS + r]              one face-down card of role r          (r = 0..4)
#   table[p * BELIEF_HANDS + 5 + pair_index] two face-down cards {a, b}            (15 pairs)
# coup_belief_step is one Gibbs sweep: each holder of hidden cards in turn puts its hidden cards back
# among the unseen ones and draws a new hand with probability  table weight x number of ways to deal
# that hand from the unseen cards  -- the exact conditional of the uniform deal weighted by the
# table, so the chain's stationary distribution is exactly that weighted deal.
# ==================================================================================================
from intrigue.ext.rng cimport rng_unit

cpdef enum:
    BELIEF_HANDS = 20                                # one-card hands (5), then two-card hands (15 pairs)
    BELIEF_TABLE_SIZE = 120                          # MAX_PLAYERS * BELIEF_HANDS: a weight per seat and hand


cdef inline int _hidden_slots(const CoupState* s, int p, int* slots) noexcept nogil:
    cdef int slot, m = 0
    for slot in range(2 * p, 2 * p + 2):
        if is_hidden_card(s.cards[slot]):
            slots[m] = slot
            m += 1
    return m


cdef inline int _pick(const double* w, int n, double total, uint64_t* rng) noexcept nogil:
    """An index drawn with probability w[i] / total (total > 0)."""
    cdef double u = rng_unit(rng) * total
    cdef int i, last = -1
    for i in range(n):
        if w[i] > 0.0:
            last = i
            if u < w[i]:
                return i
            u -= w[i]
    return last


cdef inline void _draw_hand(CoupState* s, int m, const double* row, uint64_t* rng, uint8_t* out) noexcept nogil:
    """Draw an m-card hand (m = 1 or 2) from the deck counts, weighted by ``row`` (NULL: uniform)."""
    cdef double w[15]
    cdef double total = 0.0, ways
    cdef int r, i, a, b, k
    for k in range(2):                       # second pass: ignore a table that rules out every hand
        total = 0.0
        if m == 1:
            for r in range(NROLES):
                w[r] = <double>s.deck[r]
                if row != NULL and k == 0:
                    w[r] *= row[r]
                total += w[r]
            if total > 0.0:
                out[0] = _pick(w, NROLES, total, rng)
                return
        else:
            for i in range(15):
                a = PAIR_A[i]
                b = PAIR_B[i]
                if a == b:
                    ways = s.deck[a] * (s.deck[a] - 1.0) * 0.5
                else:
                    ways = <double>s.deck[a] * s.deck[b]
                w[i] = ways
                if row != NULL and k == 0:
                    w[i] *= row[5 + i]
                total += w[i]
            if total > 0.0:
                i = _pick(w, 15, total, rng)
                out[0] = PAIR_A[i]
                out[1] = PAIR_B[i]
                return


cdef void coup_belief_step(CoupState* s, int seat, const double* table, uint64_t* rng) noexcept nogil:
    """One Gibbs sweep over the cards hidden from ``seat`` (``seat < 0``: from everyone)."""
    cdef int p, m, k
    cdef int slots[2]
    cdef uint8_t hand[2]
    for p in range(s.n):
        if p == seat:
            continue
        m = _hidden_slots(s, p, slots)
        if m == 0:
            continue
        for k in range(m):
            s.deck[s.cards[slots[k]]] += 1
        _draw_hand(s, m, &table[p * BELIEF_HANDS] if table != NULL else NULL, rng, hand)
        for k in range(m):
            s.cards[slots[k]] = hand[k]
            s.deck[hand[k]] -= 1
    if s.phase == PH_EXCHANGE and s.actor != seat:     # the exchanger's two drawn cards: uniform
        s.deck[s.drawn[0]] += 1
        s.deck[s.drawn[1]] += 1
        _draw_hand(s, 2, NULL, rng, hand)
        s.drawn[0] = hand[0]
        s.drawn[1] = hand[1]
        s.deck[hand[0]] -= 1
        s.deck[hand[1]] -= 1


cdef void _belief_step(void* st, int seat, const double* table, uint64_t* rng) noexcept nogil:
    coup_belief_step(<CoupState*>st, seat, table, rng)


COUP_VT.belief_step = _belief_step
COUP_VT.belief_table_size = BELIEF_TABLE_SIZE


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


# --- static evaluation (heads-up) -------------------------------------------------------------------
# A logistic model of P(seat 0 wins) at the start of a turn, from what a determinized world shows:
# per seat (0, then 1) VALUE_PER_SEAT features -- two influences left, coins (capped at 12), coins
# >= 7, coins >= 3, the count of each face-down role, and the same counts when one influence is
# left -- then "seat 0 acts next"; VALUE_W[0] is the bias.  Fitted to the results of the default
# bot's self-play by ``python -m intrigue.engine.coup.value`` (which prints this table).
DEF VALUE_PER_SEAT = 14
DEF VALUE_SIZE = 30
cdef double VALUE_W[VALUE_SIZE]
_VALUE_FITTED = (
    -0.107944, 2.357576, 0.259649, 0.165185, 0.118931, 0.659781, -0.070740, 0.756975, 0.683192, 0.220425,
    -0.874627, -0.152907, -0.532987, -0.329265, -0.575735, -2.388965, -0.282098, -0.052450, -0.188972, -0.852598,
    -0.019539, -0.617142, -1.046863, 0.039233, 0.545192, 0.482824, -0.000127, 0.543095, 0.710038, 0.628041)
for _i in range(VALUE_SIZE):
    VALUE_W[_i] = _VALUE_FITTED[_i]


cdef void coup_seat_value_features(const CoupState* s, int p, double* f) noexcept nogil:
    """Seat p's VALUE_PER_SEAT features (see VALUE_W), into f[0 .. VALUE_PER_SEAT - 1]."""
    cdef int slot, inf, co, r
    cdef uint8_t c
    for r in range(VALUE_PER_SEAT):
        f[r] = 0.0
    inf = influence(s, p)
    co = s.coins[p] if s.coins[p] < 12 else 12
    f[0] = 1.0 if inf == 2 else 0.0
    f[1] = co
    f[2] = 1.0 if co >= 7 else 0.0
    f[3] = 1.0 if co >= 3 else 0.0
    for slot in range(2 * p, 2 * p + 2):
        c = s.cards[slot]
        if (c & CARD_UP) == 0 and (c & CARD_ROLE) != CARD_EMPTY:
            r = c & CARD_ROLE
            f[4 + r] += 1.0
            if inf == 1:
                f[9 + r] += 1.0


cdef void coup_value_features(const CoupState* s, double* f) noexcept nogil:
    """The evaluation's VALUE_SIZE - 1 features of a heads-up state (see VALUE_W), into f."""
    coup_seat_value_features(s, 0, f)
    coup_seat_value_features(s, 1, f + VALUE_PER_SEAT)
    f[2 * VALUE_PER_SEAT] = 1.0 if s.actor == 0 else 0.0


# Three or more players: a conditional-logit model.  Each live seat p has MULTI_FEATURES features
# g_p: its VALUE_PER_SEAT features above, then three turn-order features (p acts now, p acts next,
# p acts third, counting live seats from the actor).  Its score is (W_all + W_k) . g_p, where W_all
# is MULTI_W[0 : MULTI_FEATURES] and W_k adds MULTI_W[MULTI_FEATURES : 2 MULTI_FEATURES] when two
# seats are live and MULTI_W[2 MULTI_FEATURES : 3 MULTI_FEATURES] when three are (an endgame weighs
# coins and cards otherwise).  P(p wins) is the softmax of the live seats' scores; a seat that is out
# has 0.  One table serves every count of players (a bias would cancel, so there is none).  Fitted to
# self-play among four by ``bench/fit_coup_value.py --players 4`` (which prints this table).
DEF MULTI_FEATURES = 17
DEF MULTI_SIZE = 51
cdef double MULTI_W[MULTI_SIZE]
_MULTI_FITTED = (
    0.528786, -0.005806, 0.099886, 0.052124, 0.224431, -0.198014, 0.123123, 0.123145, 0.256101, 0.218376,
    -0.063104, 0.190444, 0.208007, -1.082510, 0.042168, 0.027014, 0.020900, 1.535802, 0.196734, 0.632253,
    0.005509, 0.831957, -0.150497, 0.191439, 0.829133, -0.166231, -0.733070, -0.264749, 0.363215, -0.909531,
    0.008334, 0.196850, -0.196850, 0.000000, 0.009413, -0.008181, -0.099960, -0.023040, 0.060598, -0.043291,
    0.121750, 0.029735, -0.159379, 0.050990, -0.181721, -0.186719, -0.133499, 0.441535, 0.007048, -0.023611,
    0.016563)
for _i in range(MULTI_SIZE):
    MULTI_W[_i] = _MULTI_FITTED[_i]


cdef void coup_multi_value_features(const CoupState* s, int p, double* f) noexcept nogil:
    """Live seat p's MULTI_FEATURES features (see MULTI_W), into f."""
    cdef int q = s.actor, d = 0
    coup_seat_value_features(s, p, f)
    while q != p and d < 3:
        q = next_alive(s, q)
        d += 1
    f[VALUE_PER_SEAT] = 1.0 if d == 0 else 0.0
    f[VALUE_PER_SEAT + 1] = 1.0 if d == 1 else 0.0
    f[VALUE_PER_SEAT + 2] = 1.0 if d == 2 else 0.0


cdef void coup_multi_value(const CoupState* s, double* out) noexcept nogil:
    """The conditional-logit estimate of every seat's win probability, into out[0 .. n - 1]."""
    cdef double f[MULTI_FEATURES]
    cdef double w[MULTI_FEATURES]                            # W_all + W_k for this count of live seats
    cdef double z, top = -1e300, total = 0.0
    cdef int p, i, k = 0
    for p in range(s.n):
        if alive(s, p):
            k += 1
    for i in range(MULTI_FEATURES):
        w[i] = MULTI_W[i]
        if k == 2 or k == 3:
            w[i] += MULTI_W[(k - 1) * MULTI_FEATURES + i]
    for p in range(s.n):
        if not alive(s, p):
            out[p] = -1e300
            continue
        coup_multi_value_features(s, p, f)
        z = 0.0
        for i in range(MULTI_FEATURES):
            z += w[i] * f[i]
        out[p] = z
        if z > top:
            top = z
    for p in range(s.n):
        if alive(s, p):
            out[p] = exp(out[p] - top)
            total += out[p]
        else:
            out[p] = 0.0
    for p in range(s.n):
        out[p] /= total


cdef inline bint value_fits(const CoupState* s) noexcept nogil:
    """Whether the fitted models describe this ruleset: the published deck, costs and actions with
    two influence each (steal_amount and the exchange mode may differ: seed-th and seed-he)."""
    return (s.influence == 2 and s.copies == STANDARD_COPIES and s.actions == ALL_ACTIONS
            and s.coup_cost == 7 and s.assassinate_cost == 3 and s.income == 1 and s.tax == 3
            and s.assassin_limit == 0)


cdef int coup_evaluate(const CoupState* s, uint64_t* rng, double* out) noexcept nogil:
    """Play the current turn out uniformly at random (its challenges, blocks and draws), then score
    the next turn's start: heads-up with the logistic model (VALUE_W), among three or more with the
    conditional-logit model (MULTI_W); 0 (no estimate) for a finished game, or for a ruleset the
    models were not fitted to (value_fits), where the search plays the leaf out instead."""
    cdef CoupState w
    cdef int buf[32]
    cdef int n, i
    cdef double z, f[VALUE_SIZE - 1]
    if s.phase == PH_OVER or not value_fits(s):
        return 0
    w = s[0]
    while w.phase != PH_OVER and w.phase != PH_ACTION:     # to the next turn's start
        if w.phase == PH_DEAL or w.phase == PH_REPLACE or w.phase == PH_EXDRAW:
            coup_sample_chance(&w, rng)
        else:
            n = coup_legal(&w, buf)
            coup_apply(&w, buf[rng_below(rng, n)])
    if w.phase == PH_OVER:
        coup_returns(&w, out)
        return 1
    if w.n != 2:
        coup_multi_value(&w, out)
        return 1
    coup_value_features(&w, f)
    z = VALUE_W[0]
    for i in range(VALUE_SIZE - 1):
        z += VALUE_W[i + 1] * f[i]
    out[0] = 1.0 / (1.0 + exp(-z))
    out[1] = 1.0 - out[0]
    return 1


cdef int _evaluate(const void* st, uint64_t* rng, double* out) noexcept nogil:
    return coup_evaluate(<const CoupState*>st, rng, out)


COUP_VT.evaluate = _evaluate


def value_weights():
    """The evaluation's weights (bias first), as a tuple."""
    return tuple(VALUE_W[i] for i in range(VALUE_SIZE))


cdef _set_weights(double* table, int size, weights, what):
    """Copy ``weights`` (``size`` numbers) into ``table``, or raise ValueError leaving it as it was."""
    w = [float(x) for x in weights]
    if len(w) != size:
        raise ValueError(f"the evaluation {what}needs {size} weights, not {len(w)}")
    for i in range(size):
        table[i] = w[i]


def set_value_weights(weights):
    """Replace the evaluation's weights in this process (for fitting experiments; worker processes
    keep the built-in table).  ``weights``: VALUE_SIZE numbers, bias first."""
    _set_weights(VALUE_W, VALUE_SIZE, weights, "")


def value_features(CoupCore core):
    """The evaluation's features of a heads-up state (no bias), as a tuple."""
    cdef double f[VALUE_SIZE - 1]
    if core.st.n != 2:
        raise ValueError("the heads-up evaluation is for two players (multi_value_features: more)")
    coup_value_features(&core.st, f)
    return tuple(f[i] for i in range(VALUE_SIZE - 1))


def multi_value_weights():
    """The evaluation's weights for three or more players (MULTI_SIZE: every count of live seats, then
    the additions for two and for three live seats), as a tuple."""
    return tuple(MULTI_W[i] for i in range(MULTI_SIZE))


def set_multi_value_weights(weights):
    """Replace the three-or-more-player weights in this process (for fitting experiments)."""
    _set_weights(MULTI_W, MULTI_SIZE, weights, "among three or more ")


def multi_value_features(CoupCore core):
    """Per seat, the three-or-more-player evaluation's features (a tuple), or None for a seat that is out."""
    cdef double f[MULTI_FEATURES]
    cdef int p
    rows = []
    for p in range(core.st.n):
        if not alive(&core.st, p):
            rows.append(None)
            continue
        coup_multi_value_features(&core.st, p, f)
        rows.append(tuple(f[i] for i in range(MULTI_FEATURES)))
    return rows


def evaluate(CoupCore core, seed=0):
    """The evaluation's per-seat estimate of a state (playing the current turn out at random with
    ``seed``), as a tuple of one number per seat, or None when it gives none."""
    cdef uint64_t rng = <uint64_t>seed
    cdef double out[MAX_PLAYERS]
    if coup_evaluate(&core.st, &rng, out) == 0:
        return None
    return tuple(out[i] for i in range(core.st.n))


def policy_action(CoupCore core, seed=0):
    """The rollout policy's decision in ``core`` (a decision node), without applying it (for tests)."""
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef CoupState s = core.st
    if coup_current_player(&s) < 0:
        raise ValueError("not a decision")
    return coup_policy_action(&s, &rng)


def belief_hand_counts(CoupCore core, int seat, table, int samples, int burn_in=32, seed=0):
    """Run the belief chain from ``core`` (a state holding a consistent deal) and count hands.

    Returns a list per seat of BELIEF_HANDS counts: how often, over ``samples`` sweeps after
    ``burn_in``, the seat's face-down cards were each one-card / two-card hand (table layout above).
    ``table`` is a sequence of BELIEF_TABLE_SIZE weights or None (uniform).  Used for the belief
    reported in an analysis and by tests against exact enumeration.
    """
    cdef double tab[BELIEF_TABLE_SIZE]
    cdef const double* tp = NULL
    cdef CoupState s = core.st
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long counts[MAX_PLAYERS][BELIEF_HANDS]
    cdef int i, p, m, h
    cdef int slots[2]
    cdef uint8_t a, b
    if table is not None:
        if len(table) != BELIEF_TABLE_SIZE:
            raise ValueError(f"a Coup belief table has {BELIEF_TABLE_SIZE} weights, not {len(table)}")
        for i in range(BELIEF_TABLE_SIZE):
            tab[i] = float(table[i])
        tp = tab
    if not (-1 <= seat < s.n):
        raise ValueError(f"seat {seat} is not in this game")
    memset(counts, 0, sizeof(counts))
    with nogil:
        for i in range(burn_in):
            coup_belief_step(&s, seat, tp, &rng)
        for i in range(samples):
            coup_belief_step(&s, seat, tp, &rng)
            for p in range(s.n):
                m = _hidden_slots(&s, p, slots)
                if m == 1:
                    counts[p][s.cards[slots[0]]] += 1
                elif m == 2:
                    a = s.cards[slots[0]]
                    b = s.cards[slots[1]]
                    counts[p][5 + PAIR_INDEX[a][b]] += 1
    return [[counts[p][h] for h in range(BELIEF_HANDS)] for p in range(s.n)]


include "coup_policy.pxi"
