# cython: language_level=3
"""Kuhn poker in C (see ``kuhn_core.pxd`` for the rules and the struct)."""
from enum import IntEnum
from libc.stdint cimport uint64_t
from libc.string cimport memset

from intrigue.ext.rng cimport rng_below
from intrigue.ext.game_api cimport GameVT, KernelState, CHANCE, TERMINAL, MAX_SEATS


cdef inline bint _holds(const KuhnState* s, int card) noexcept nogil:
    cdef int p
    for p in range(s.n):
        if s.cards[p] == card:
            return True
    return False


cdef void kuhn_init(KuhnState* s, int n) noexcept nogil:
    cdef int p
    memset(s, 0, sizeof(KuhnState))
    s.n = n
    for p in range(KUHN_MAX_PLAYERS):
        s.cards[p] = KUHN_NO_CARD
    s.to_deal = 0
    s.bettor = -1


cdef int kuhn_current_player(const KuhnState* s) noexcept nogil:
    if s.over:
        return TERMINAL
    if s.to_deal < s.n:
        return CHANCE
    return s.turn


cdef int kuhn_legal(const KuhnState* s, int* out) noexcept nogil:
    cdef int c, k = 0
    if s.over:
        return 0
    if s.to_deal < s.n:
        for c in range(s.n + 1):
            if not _holds(s, c):
                out[k] = KUHN_DEAL + c
                k += 1
        return k
    out[0] = KUHN_PASS
    out[1] = KUHN_BET
    return 2


cdef void _finish(KuhnState* s) noexcept nogil:
    s.over = 1


cdef void kuhn_apply(KuhnState* s, int a) noexcept nogil:
    cdef int p = s.turn, nxt
    if s.to_deal < s.n:
        s.cards[s.to_deal] = <int8_t>(a - KUHN_DEAL)
        s.to_deal += 1
        return
    s.acted += 1
    if s.bettor < 0:
        if a == KUHN_BET:
            s.bettor = p
            s.paid |= 1 << p
            s.acted = 0
        elif s.acted == s.n:          # everyone checked: showdown
            _finish(s)
            return
        s.turn = (p + 1) % s.n
        return
    if a == KUHN_BET:
        s.paid |= 1 << p
    else:
        s.folded |= 1 << p
    if s.acted == s.n - 1:            # everyone answered the bet
        _finish(s)
        return
    s.turn = (p + 1) % s.n


cdef int kuhn_winner(const KuhnState* s) noexcept nogil:
    """The seat that takes the pot: the best card among those still in (and, after a bet, those who
    paid); -1 before the end."""
    cdef int p, best = -1
    if not s.over:
        return -1
    for p in range(s.n):
        if s.folded & (1 << p):
            continue
        if s.bettor >= 0 and not (s.paid & (1 << p)):
            continue
        if best < 0 or s.cards[p] > s.cards[best]:
            best = p
    return best


cdef int kuhn_chips(const KuhnState* s, int p) noexcept nogil:
    """Seat `p`'s chips won (> 0) or lost (< 0) at the end: the pot if it won it, less what it put in."""
    cdef int q, pot = 0, own = KUHN_ANTE + (KUHN_BET_SIZE if s.paid & (1 << p) else 0)
    for q in range(s.n):
        pot += KUHN_ANTE + (KUHN_BET_SIZE if s.paid & (1 << q) else 0)
    return (pot if p == kuhn_winner(s) else 0) - own


cdef void kuhn_returns(const KuhnState* s, double* out) noexcept nogil:
    """The chips scaled into [0, 1] by one map for every seat: (chips + most lost) / (most lost + most
    won), the most lost being the ante and a bet, the most won the others' antes and bets."""
    cdef int p
    cdef double most_lost = KUHN_ANTE + KUHN_BET_SIZE
    cdef double span = most_lost * s.n
    for p in range(s.n):
        out[p] = (kuhn_chips(s, p) + most_lost) / span if s.over else 0.0


cdef double kuhn_prob(const KuhnState* s, int a) noexcept nogil:
    return 1.0 / (s.n + 1 - s.to_deal)


cdef int kuhn_sample(KuhnState* s, uint64_t* rng) noexcept nogil:
    cdef int buf[4]
    cdef int n = kuhn_legal(s, buf)
    cdef int a = buf[rng_below(rng, n)]
    kuhn_apply(s, a)
    return a


cdef void kuhn_playout(KuhnState* s, uint64_t* rng) noexcept nogil:
    cdef int buf[4]
    cdef int n, p
    while True:
        p = kuhn_current_player(s)
        if p == TERMINAL:
            return
        n = kuhn_legal(s, buf)
        kuhn_apply(s, buf[rng_below(rng, n)])


cdef void kuhn_determinize(KuhnState* s, int seat, uint64_t* rng) noexcept nogil:
    """Re-deal the other dealt seats' cards uniformly from the cards `seat` has not seen."""
    cdef int pool[4]
    cdef int k = 0, c, p, i, j, t
    for c in range(s.n + 1):
        if c != s.cards[seat]:
            pool[k] = c
            k += 1
    for i in range(k - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = pool[i]; pool[i] = pool[j]; pool[j] = t
    i = 0
    for p in range(s.n):
        if p != seat and s.cards[p] != KUHN_NO_CARD:
            s.cards[p] = <int8_t>pool[i]
            i += 1


cdef void kuhn_canonicalize(KuhnState* s, int seat) noexcept nogil:
    """The other dealt seats get the unseen cards in increasing order, in seat order."""
    cdef int c = 0, p
    for p in range(s.n):
        if p == seat or s.cards[p] == KUHN_NO_CARD:
            continue
        while c == s.cards[seat]:
            c += 1
        s.cards[p] = <int8_t>c
        c += 1


cdef int kuhn_make_consistent(KuhnState* s, int seat, int a) noexcept nogil:
    """Make `seat`'s own deal of card `a - KUHN_DEAL` possible: an earlier (unseen) deal that took
    that card gets another card still in the deck."""
    cdef int card, p, c
    if s.to_deal >= s.n or s.over:
        return 1
    card = a - KUHN_DEAL
    if card < 0 or card > s.n:
        return 0
    for p in range(s.to_deal):
        if s.cards[p] == card:
            if p == seat:
                return 0
            for c in range(s.n + 1):
                if not _holds(s, c) and c != card:
                    s.cards[p] = <int8_t>c
                    return 1
            return 0
    return 1


cdef const char* kuhn_validate(const KuhnState* s) noexcept nogil:
    cdef int p, q
    if s.n < 2 or s.n > KUHN_MAX_PLAYERS:
        return "player count out of range"
    if s.to_deal < 0 or s.to_deal > s.n:
        return "deal position out of range"
    for p in range(KUHN_MAX_PLAYERS):
        if p < s.to_deal:
            if s.cards[p] < 0 or s.cards[p] > s.n:
                return "a dealt card out of range"
            for q in range(p):
                if s.cards[q] == s.cards[p]:
                    return "a card dealt twice"
        elif s.cards[p] != KUHN_NO_CARD:
            return "a card before its deal"
    if s.turn < 0 or s.turn >= s.n or s.bettor < -1 or s.bettor >= s.n or s.acted < 0 or s.acted > s.n:
        return "betting position out of range"
    if (s.folded | s.paid) >> s.n or (s.folded & s.paid) or (s.over != 0 and s.over != 1):
        return "betting marks out of range"
    if s.to_deal < s.n and (s.turn or s.acted or s.bettor >= 0 or s.folded or s.paid or s.over):
        return "betting before the deal is complete"
    return NULL


# --- the table ------------------------------------------------------------------------------------
cdef int _num_players(const void* st) noexcept nogil:
    return (<const KuhnState*>st).n

cdef int _current_player(const void* st) noexcept nogil:
    return kuhn_current_player(<const KuhnState*>st)

cdef int _legal(const void* st, int* out) noexcept nogil:
    return kuhn_legal(<const KuhnState*>st, out)

cdef void _apply(void* st, int a) noexcept nogil:
    kuhn_apply(<KuhnState*>st, a)

cdef double _prob(const void* st, int a) noexcept nogil:
    return kuhn_prob(<const KuhnState*>st, a)

cdef int _sample(void* st, uint64_t* rng) noexcept nogil:
    return kuhn_sample(<KuhnState*>st, rng)

cdef void _returns(const void* st, double* out) noexcept nogil:
    kuhn_returns(<const KuhnState*>st, out)

cdef void _playout(void* st, uint64_t* rng) noexcept nogil:
    kuhn_playout(<KuhnState*>st, rng)

cdef void _determinize(void* st, int seat, uint64_t* rng) noexcept nogil:
    kuhn_determinize(<KuhnState*>st, seat, rng)

cdef void _canonicalize(void* st, int seat) noexcept nogil:
    kuhn_canonicalize(<KuhnState*>st, seat)

cdef int _make_consistent(void* st, int seat, int a) noexcept nogil:
    return kuhn_make_consistent(<KuhnState*>st, seat, a)

cdef const char* _validate(const void* st) noexcept nogil:
    return kuhn_validate(<const KuhnState*>st)

cdef int _chance_public(const void* st) noexcept nogil:
    return 0                          # a deal is seen by its receiver only


KUHN_VT.name = b"kuhn"
KUHN_VT.state_size = sizeof(KuhnState)
KUHN_VT.num_actions = KUHN_NUM_ACTIONS
KUHN_VT.magic = 0xA1
KUHN_VT.num_players = _num_players
KUHN_VT.current_player = _current_player
KUHN_VT.legal_actions = _legal
KUHN_VT.apply_action = _apply
KUHN_VT.chance_probability = _prob
KUHN_VT.sample_chance = _sample
KUHN_VT.returns = _returns
KUHN_VT.playout = _playout
KUHN_VT.determinize = _determinize
KUHN_VT.canonicalize = _canonicalize
KUHN_VT.make_consistent = _make_consistent
KUHN_VT.validate = _validate
KUHN_VT.max_legal = 4
KUHN_VT.chance_public = _chance_public


cdef class KuhnCore(KernelState):
    """One Kuhn poker state (``KuhnCore(n)``: before the deal).  Read-only views for the engine layer."""

    def __cinit__(self):
        self.vt = &KUHN_VT
        self.ptr = &self.st

    def __init__(self, int n=2):
        if not 2 <= n <= KUHN_MAX_PLAYERS:
            raise ValueError(f"Kuhn poker is for 2 or 3 players, not {n}")
        kuhn_init(&self.st, n)

    def card(self, int seat):
        """Seat's card rank, or None before its deal (canonical placeholders in an information state)."""
        self._check_seat(seat)
        return None if self.st.cards[seat] == KUHN_NO_CARD else self.st.cards[seat]

    @property
    def to_deal(self):
        return self.st.to_deal

    @property
    def bettor(self):
        return None if self.st.bettor < 0 else self.st.bettor

    def folded(self, int seat):
        return bool(self.st.folded & (1 << seat))

    def paid(self, int seat):
        """Whether the seat put in its second chip (a bet or a call)."""
        return bool(self.st.paid & (1 << seat))

    @property
    def winner(self):
        w = kuhn_winner(&self.st)
        return None if w < 0 else w

    def chips(self, int seat):
        """The chips ``seat`` won (> 0) or lost (< 0); 0 before the end."""
        self._check_seat(seat)
        return kuhn_chips(&self.st, seat) if self.st.over else 0


#: A seat's decisions, by the kernel's action ids.
Action = IntEnum("Action", [("PASS", KUHN_PASS), ("BET", KUHN_BET)], module=__name__)
#: The deal's chance actions are ``DEAL + card`` (card 0 is the lowest rank).
DEAL = KUHN_DEAL
#: The most players a game may have, the action ids' range, the ante and the size of a bet.
MAX_PLAYERS = KUHN_MAX_PLAYERS
NUM_ACTIONS = KUHN_NUM_ACTIONS
ANTE = KUHN_ANTE
BET_SIZE = KUHN_BET_SIZE
