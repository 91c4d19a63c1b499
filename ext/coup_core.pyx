# cython: language_level=3
"""Coup's rules in C-level code: the state's setup, legal actions, apply, chance, returns, random
playouts, validation and the game's table of C functions (``COUP_VT``).

Everything here follows ``../shared/rules/coup.md``; the section numbers in comments point there.
No function below the Python face creates a Python object, so a playout runs without the GIL.

The kernel is one module in several files, one concern each, included at the end so that calls
between them stay plain C calls:

* this file -- the rules: tables, setup, ``coup_apply`` and ``coup_legal`` (a handler per phase),
  chance, returns, the random playout, validation, the table;
* ``coup_hidden.pxi`` -- what each seat cannot see: determinize, canonicalize, make_consistent;
* ``coup_face.pxi`` -- the Python class ``CoupCore``, the rules it is built from, the enums Python sees;
* ``coup_belief.pxi`` -- the belief hooks: the belief chain and the hand counts it reports;
* ``coup_rollout.pxi`` -- the rollout policy of the search's policy playouts;
* ``coup_value.pxi`` -- the leaf evaluation (fitted value models);
* ``coup_policy.pxi`` -- the heuristic policy (the bot, the opponent model, the belief's likelihoods).

Property checks and benchmark loops are a module of their own, ``coup_check``.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset
from libc.math cimport exp, log
from enum import IntEnum

from intrigue.ext.rng cimport rng_next, rng_below, rng_unit
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


# --- apply: one handler per phase ------------------------------------------------------------------
cdef inline void apply_declare(CoupState* s, int p, int a) noexcept nogil:
    """PH_ACTION: ``p`` declares an action (section 3); what follows is its claim's challenge window,
    the block window, or its effect."""
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


cdef inline void apply_challenge(CoupState* s, int p, int a) noexcept nogil:
    """PH_CHALLENGE: ``p`` challenges the action's claim, or passes to the next seat in turn order
    (once all passed, the action survives)."""
    cdef int q
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


cdef inline void apply_defend(CoupState* s, int p, int a) noexcept nogil:
    """PH_DEFEND: the challenged actor ``p`` reveals a card: the claimed role proves the claim (the
    challenger loses a card, section 6), any other concedes it (the action is cancelled)."""
    cdef int r = a - A_REVEAL
    if r == CLAIM_OF_KIND[s.kind]:
        s.cards[find_card(s, p, r)] |= CARD_SHOWN
        s.phase = PH_LOSE
        s.asked = s.challenger
        s.cont = CONT_ACTION_PROVED
    else:
        if lose_card(s, p, r):
            return
        if s.kind == K_ASSASSINATE and s.refund and alive(s, p):
            gain(s, p, s.assassinate_cost)
        end_turn(s)


cdef inline void apply_block(CoupState* s, int p, int a) noexcept nogil:
    """PH_BLOCK: ``p`` blocks claiming a role, or passes (Foreign Aid asks every seat in turn, the
    other actions their target only)."""
    cdef int q
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


cdef inline void apply_block_challenge(CoupState* s, int p, int a) noexcept nogil:
    """PH_BCHALLENGE: ``p`` challenges the block, or passes (once all passed, the block stands)."""
    cdef int q
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


cdef inline void apply_block_defend(CoupState* s, int p, int a) noexcept nogil:
    """PH_BDEFEND: the challenged blocker ``p`` reveals a card: the block's role proves it, any other
    concedes it (the action resolves, with no new block)."""
    cdef int r = a - A_REVEAL
    if r == s.block_role:
        s.cards[find_card(s, p, r)] |= CARD_SHOWN
        s.phase = PH_LOSE
        s.asked = s.challenger
        s.cont = CONT_BLOCK_PROVED
    else:
        if lose_card(s, p, r):
            return
        resolve(s)


cdef inline void apply_lose(CoupState* s, int p, int a) noexcept nogil:
    """PH_LOSE: ``p`` turns a card face up; then what ``s.cont`` says follows."""
    if lose_card(s, p, a - A_REVEAL):
        return
    if s.cont == CONT_END_TURN:
        end_turn(s)
    elif s.cont == CONT_ACTION_PROVED:
        start_replacement(s, s.actor)
    else:
        start_replacement(s, s.blocker)


cdef inline void apply_replacement(CoupState* s, int p, int a) noexcept nogil:
    """PH_REPLACE (chance): ``p`` draws a card for the one it showed; a proved action goes on, a
    proved block stands."""
    cdef int r = a - C_ONE
    s.deck[r] -= 1
    if s.cards[2 * p] == CARD_EMPTY:
        s.cards[2 * p] = r
    else:
        s.cards[2 * p + 1] = r
    if s.cont == CONT_ACTION_PROVED:
        action_survives(s)
    else:
        end_turn(s)


cdef inline void apply_deal(CoupState* s, int p, int a) noexcept nogil:
    """PH_DEAL (chance): ``p`` is dealt its hand; after the last seat the first turn starts."""
    cdef int r
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


cdef inline void apply_exchange_draw(CoupState* s, int a) noexcept nogil:
    """PH_EXDRAW (chance): the actor draws two cards for the Exchange, then chooses what to keep."""
    cdef int r = a - C_TWO
    s.deck[PAIR_A[r]] -= 1
    s.deck[PAIR_B[r]] -= 1
    s.drawn[0] = PAIR_A[r]
    s.drawn[1] = PAIR_B[r]
    s.phase = PH_EXCHANGE


cdef void coup_apply(CoupState* s, int a) noexcept nogil:
    """Apply legal action ``a`` (a decision or a chance outcome) with the handler of the phase."""
    cdef int ph = s.phase, p = s.asked
    if ph == PH_ACTION:
        apply_declare(s, p, a)
    elif ph == PH_CHALLENGE:
        apply_challenge(s, p, a)
    elif ph == PH_DEFEND:
        apply_defend(s, p, a)
    elif ph == PH_BLOCK:
        apply_block(s, p, a)
    elif ph == PH_BCHALLENGE:
        apply_block_challenge(s, p, a)
    elif ph == PH_BDEFEND:
        apply_block_defend(s, p, a)
    elif ph == PH_LOSE:
        apply_lose(s, p, a)
    elif ph == PH_REPLACE:
        apply_replacement(s, p, a)
    elif ph == PH_EXCHANGE:
        apply_keep(s, a)
    elif ph == PH_DEAL:
        apply_deal(s, p, a)
    elif ph == PH_EXDRAW:
        apply_exchange_draw(s, a)


# --- legal actions --------------------------------------------------------------------------------
# A decision's legal actions are a bit set: every decision id is below 64, and every list of legal
# actions is in increasing id order, so the k-th action of the list is the k-th set bit of the mask.
cdef extern from *:
    int count_trailing_zeros "__builtin_ctzll" (unsigned long long) nogil


cdef inline int bit_count(uint64_t m) noexcept nogil:
    """The number of set bits of ``m`` (portable: the build does not assume a popcount instruction)."""
    m = m - ((m >> 1) & 0x5555555555555555ULL)
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL)
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL
    return <int>((m * 0x0101010101010101ULL) >> 56)


cdef inline int nth_bit(uint64_t m, int k) noexcept nogil:
    """The index of the ``k``-th (from 0) set bit of ``m``, lowest first (``m`` has more than k)."""
    while k > 0:
        m &= m - 1
        k -= 1
    return count_trailing_zeros(m)


cdef inline int mask_to_list(uint64_t m, int* out) noexcept nogil:
    """The set bits of ``m`` into ``out``, lowest first; returns how many."""
    cdef int n = 0
    while m:
        out[n] = count_trailing_zeros(m)
        n += 1
        m &= m - 1
    return n


cdef inline uint64_t rivals_mask(const CoupState* s, int p) noexcept nogil:
    """Bit q set for every seat q other than ``p`` still in the game."""
    cdef uint64_t m = 0
    cdef int q
    for q in range(s.n):
        m |= (<uint64_t>(s.place[q] == 0)) << q
    return m & ~((<uint64_t>1) << p)


cdef inline uint64_t reveal_mask(const CoupState* s, int p) noexcept nogil:
    """``reveal ROLE`` for each distinct role among p's face-down cards."""
    cdef int a = s.cards[2 * p], b = s.cards[2 * p + 1]
    cdef uint64_t m = 0
    if (a & (CARD_UP | CARD_SHOWN)) == 0:
        m = (<uint64_t>1) << (A_REVEAL + a)
    if (b & (CARD_UP | CARD_SHOWN)) == 0:
        m |= (<uint64_t>1) << (A_REVEAL + b)
    return m


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


cdef uint64_t variant_turn_mask(const CoupState* s, int p) noexcept nogil:
    """p's turn actions (not forced to Coup) in a ruleset that leaves some out or limits Assassinations."""
    cdef uint64_t rivals = rivals_mask(s, p), m = 0
    cdef int kind
    for kind in range(K_COUP):        # K_INCOME .. K_EXCHANGE are A_INCOME .. A_EXCHANGE
        if can_declare(s, kind):
            m |= (<uint64_t>1) << kind
    if s.coins[p] >= s.coup_cost:
        m |= rivals << A_COUP
    if may_assassinate(s, p):
        m |= rivals << A_ASSASSINATE
    if can_declare(s, K_STEAL):
        m |= rivals << A_STEAL
    return m


cdef uint64_t variant_block_mask(const CoupState* s) noexcept nogil:
    """The target's (or anyone's) block choices with a deck that lacks some role: pass, and the
    blocking roles (BLOCKERS_OF_KIND) the deck has (a role it does not have cannot be claimed)."""
    cdef uint64_t m = (<uint64_t>1) << A_PASS
    cdef int r
    for r in range(NROLES):
        if BLOCKERS_OF_KIND[s.kind] >> r & 1 and copies_of(s, r):
            m |= (<uint64_t>1) << (A_BLOCK + r)
    return m


cdef struct VariantRules:
    # the legal choices of rulesets other than the published game's, called through pointers set at
    # import: the compiler then keeps them out of the published game's path, which stays short (and
    # its register use small)
    uint64_t (*turn_mask)(const CoupState*, int) noexcept nogil
    uint64_t (*block_mask)(const CoupState*) noexcept nogil
    int (*policy_turn)(CoupState*, int, uint64_t*) noexcept nogil


cdef VariantRules _variant_rules
_variant_rules.turn_mask = variant_turn_mask
_variant_rules.block_mask = variant_block_mask


cdef inline uint64_t turn_mask(const CoupState* s, int p, int* count) noexcept nogil:
    """PH_ACTION: the actor's declarable actions (section 3); at forced_coup_at coins, Coup only.
    ``count``: how many (each targeted action names one of the ``nalive - 1`` rivals)."""
    cdef uint64_t rivals = rivals_mask(s, p), m
    cdef int nrivals = s.nalive - 1
    if s.coins[p] >= s.forced_coup_at:
        count[0] = nrivals
        return rivals << A_COUP
    if s.declarable != ALL_ACTIONS:      # a ruleset that leaves actions out or limits them
        m = _variant_rules.turn_mask(s, p)
        count[0] = bit_count(m)
        return m
    m = ((<uint64_t>1) << A_INCOME) | ((<uint64_t>1) << A_FOREIGN_AID) | ((<uint64_t>1) << A_TAX) \
        | ((<uint64_t>1) << A_EXCHANGE) | (rivals << A_STEAL)
    count[0] = 4 + nrivals
    if s.coins[p] >= s.coup_cost:
        m |= rivals << A_COUP
        count[0] += nrivals
    if s.coins[p] >= s.assassinate_cost:
        m |= rivals << A_ASSASSINATE
        count[0] += nrivals
    return m


cdef inline uint64_t block_mask(const CoupState* s) noexcept nogil:
    """PH_BLOCK: pass, or block claiming a role that blocks the declared action (section 3)."""
    if s.copies != STANDARD_COPIES:   # a deck that may lack a blocking role
        return _variant_rules.block_mask(s)
    if s.kind == K_FOREIGN_AID:
        return ((<uint64_t>1) << A_PASS) | ((<uint64_t>1) << (A_BLOCK + DUKE))
    if s.kind == K_ASSASSINATE:
        return ((<uint64_t>1) << A_PASS) | ((<uint64_t>1) << (A_BLOCK + CONTESSA))
    return ((<uint64_t>1) << A_PASS) | ((<uint64_t>1) << (A_BLOCK + CAPTAIN)) \
        | ((<uint64_t>1) << (A_BLOCK + AMBASSADOR))


# --- legal actions as lists (what a search's every node asks for) ---------------------------------------
# Written out list by list rather than expanded from the bit sets above: the same actions in the same
# order (the kernel golden test plays both), with fewer instructions per call.
cdef inline int turn_actions(const CoupState* s, int p, int* out) noexcept nogil:
    """PH_ACTION's legal actions in increasing id order (turn_mask as a list)."""
    cdef int q, n = 4, count
    if s.coins[p] >= s.forced_coup_at or s.declarable != ALL_ACTIONS:
        return mask_to_list(turn_mask(s, p, &count), out)
    out[0] = A_INCOME
    out[1] = A_FOREIGN_AID
    out[2] = A_TAX
    out[3] = A_EXCHANGE
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


cdef inline int reveal_options(const CoupState* s, int p, int* out) noexcept nogil:
    """``reveal ROLE`` for each distinct role among p's face-down cards, in role order (reveal_mask
    as a list)."""
    cdef int a = s.cards[2 * p], b = s.cards[2 * p + 1]
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


cdef inline int block_actions(const CoupState* s, int* out) noexcept nogil:
    """PH_BLOCK's legal actions in increasing id order (block_mask as a list)."""
    if s.copies != STANDARD_COPIES:   # a deck that may lack a blocking role
        return mask_to_list(_variant_rules.block_mask(s), out)
    out[0] = A_PASS
    if s.kind == K_FOREIGN_AID:
        out[1] = A_BLOCK + DUKE
        return 2
    if s.kind == K_ASSASSINATE:
        out[1] = A_BLOCK + CONTESSA
        return 2
    out[1] = A_BLOCK + CAPTAIN
    out[2] = A_BLOCK + AMBASSADOR
    return 3


cdef inline int draw_outcomes(const CoupState* s, int* out) noexcept nogil:
    """A chance node's outcomes: one card of each role the deck holds (a replacement, a one-card
    deal), or each pair of cards it can give (a deal of two, an Exchange's draw)."""
    cdef int n = 0, q, r, c
    if s.phase == PH_REPLACE or (s.phase == PH_DEAL and s.influence == 1):
        for r in range(NROLES):
            if s.deck[r] > 0:
                out[n] = C_ONE + r
                n += 1
        return n
    for q in range(15):
        r = PAIR_A[q]
        c = PAIR_B[q]
        if s.deck[r] > 0 and s.deck[c] > 0 and (r != c or s.deck[r] >= 2):
            out[n] = C_TWO + q
            n += 1
    return n


cdef int coup_legal(const CoupState* s, int* out) noexcept nogil:
    """The legal actions (decisions or chance outcomes) in increasing id order; returns how many."""
    cdef int ph = s.phase
    if ph == PH_ACTION:
        return turn_actions(s, s.asked, out)
    if ph == PH_CHALLENGE or ph == PH_BCHALLENGE:
        out[0] = A_PASS
        out[1] = A_CHALLENGE
        return 2
    if ph == PH_DEFEND or ph == PH_BDEFEND or ph == PH_LOSE:
        return reveal_options(s, s.asked, out)
    if ph == PH_BLOCK:
        return block_actions(s, out)
    if ph == PH_EXCHANGE:
        return mask_to_list(keep_mask(s) << A_KEEP1, out)
    if ph == PH_OVER:
        return 0
    return draw_outcomes(s, out)             # PH_DEAL, PH_REPLACE, PH_EXDRAW


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


cdef inline int random_pick(uint64_t m, int count, uint64_t* rng) noexcept nogil:
    """A uniform draw among the ``count`` actions of the legal set ``m``: the same draw as picking
    from the list of legal actions (its k-th action is the set's k-th bit)."""
    return nth_bit(m, rng_below(rng, count))


cdef inline void random_chance(CoupState* s, uint64_t* rng) noexcept nogil:
    """A chance event drawn by its odds, as coup_sample_chance draws it, applied by its handler."""
    cdef int counts[5]
    cdef int r, a, b, t = 0
    for r in range(NROLES):
        counts[r] = s.deck[r]
        t += counts[r]
    a = draw_role(s, counts, t, rng)
    if s.phase == PH_REPLACE:
        apply_replacement(s, s.asked, C_ONE + a)
    elif s.phase == PH_DEAL and s.influence == 1:
        apply_deal(s, s.asked, C_ONE + a)
    else:
        counts[a] -= 1
        b = draw_role(s, counts, t - 1, rng)
        if s.phase == PH_DEAL:
            apply_deal(s, s.asked, C_TWO + PAIR_INDEX[a][b])
        else:
            apply_exchange_draw(s, C_TWO + PAIR_INDEX[a][b])


cdef inline void random_step(CoupState* s, uint64_t* rng) noexcept nogil:
    """One step of a uniformly random playout: the phase's legal set and its handler, with no list of
    actions and no second dispatch on the phase (the same draws and states as coup_legal, a uniform
    pick and coup_apply)."""
    cdef int ph = s.phase, p = s.asked, count
    cdef uint64_t m
    if ph == PH_ACTION:
        m = turn_mask(s, p, &count)
        apply_declare(s, p, random_pick(m, count, rng))
    elif ph == PH_CHALLENGE:
        apply_challenge(s, p, A_PASS + <int>rng_below(rng, 2))      # A_PASS, A_CHALLENGE
    elif ph == PH_BLOCK:
        m = block_mask(s)
        apply_block(s, p, random_pick(m, bit_count(m), rng))
    elif ph == PH_BCHALLENGE:
        apply_block_challenge(s, p, A_PASS + <int>rng_below(rng, 2))
    elif ph == PH_LOSE:
        m = reveal_mask(s, p)
        apply_lose(s, p, random_pick(m, bit_count(m), rng))
    elif ph == PH_DEFEND:
        m = reveal_mask(s, p)
        apply_defend(s, p, random_pick(m, bit_count(m), rng))
    elif ph == PH_BDEFEND:
        m = reveal_mask(s, p)
        apply_block_defend(s, p, random_pick(m, bit_count(m), rng))
    elif ph == PH_EXCHANGE:
        m = keep_mask(s) << A_KEEP1
        apply_keep(s, random_pick(m, bit_count(m), rng))
    else:
        random_chance(s, rng)               # PH_DEAL, PH_REPLACE, PH_EXDRAW


cdef void coup_playout(CoupState* s, uint64_t* rng) noexcept nogil:
    """Play uniformly at random to the end: each decision a uniform draw among its legal actions,
    each chance event by its odds (random_step)."""
    while s.phase != PH_OVER:
        random_step(s, rng)


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


include "coup_hidden.pxi"
include "coup_face.pxi"
include "coup_belief.pxi"
include "coup_rollout.pxi"
include "coup_value.pxi"
include "coup_policy.pxi"
