# cython: language_level=3
"""Leduc hold'em in C (see ``leduc_core.pxd`` for the rules, the action ids and the struct)."""
from enum import IntEnum
from libc.stdint cimport uint64_t
from libc.string cimport memset

from intrigue.ext.rng cimport rng_below
from intrigue.ext.game_api cimport GameVT, KernelState, CHANCE, TERMINAL


# --- the deck -------------------------------------------------------------------------------------
cdef inline int _left(const LeducState* s, int rank) noexcept nogil:
    """Cards of ``rank`` still in the deck (not dealt, not the public card)."""
    cdef int n = LEDUC_COPIES
    if s.cards[0] == rank:
        n -= 1
    if s.cards[1] == rank:
        n -= 1
    if s.public == rank:
        n -= 1
    return n


cdef inline int _deck_size(const LeducState* s) noexcept nogil:
    return _left(s, 0) + _left(s, 1) + _left(s, 2)


cdef inline int _draw(const LeducState* s, uint64_t* rng) noexcept nogil:
    """A rank drawn from the deck, each card equally likely (so a rank by its count left)."""
    cdef int k = rng_below(rng, _deck_size(s)), r
    for r in range(LEDUC_RANKS):
        k -= _left(s, r)
        if k < 0:
            return r
    return LEDUC_RANKS - 1


cdef inline int leduc_to_deal(const LeducState* s) noexcept nogil:
    """The seat the next private card goes to; LEDUC_PLAYERS once both have one."""
    if s.cards[0] == LEDUC_NO_CARD:
        return 0
    if s.cards[1] == LEDUC_NO_CARD:
        return 1
    return LEDUC_PLAYERS


cdef inline int leduc_raise_amount(const LeducState* s) noexcept nogil:
    return LEDUC_RAISE_ROUND1 if s.round == 0 else LEDUC_RAISE_ROUND2


cdef inline bint _hidden_from(const LeducState* s, int other) noexcept nogil:
    """Whether seat ``other``'s card is dealt and not shown (hidden from the other seat)."""
    return s.cards[other] != LEDUC_NO_CARD and s.shown <= other


# --- the rules ------------------------------------------------------------------------------------
cdef void leduc_init(LeducState* s) noexcept nogil:
    memset(s, 0, sizeof(LeducState))
    s.cards[0] = LEDUC_NO_CARD
    s.cards[1] = LEDUC_NO_CARD
    s.public = LEDUC_NO_CARD
    s.phase = LEDUC_PH_DEAL
    s.stake[0] = LEDUC_ANTE
    s.stake[1] = LEDUC_ANTE
    s.folded = -1


cdef int leduc_current_player(const LeducState* s) noexcept nogil:
    if s.phase == LEDUC_PH_BET:
        return s.turn
    if s.phase == LEDUC_PH_OVER:
        return TERMINAL
    return CHANCE


cdef int leduc_legal(const LeducState* s, int* out) noexcept nogil:
    cdef int k = 0, r
    if s.phase == LEDUC_PH_BET:
        if s.stake[s.turn] < s.stake[1 - s.turn]:
            out[k] = LEDUC_FOLD
            k += 1
        out[k] = LEDUC_CALL
        k += 1
        if s.raises < LEDUC_MAX_RAISES:
            out[k] = LEDUC_RAISE
            k += 1
        return k
    if s.phase == LEDUC_PH_DEAL or s.phase == LEDUC_PH_PUBLIC:
        for r in range(LEDUC_RANKS):
            if _left(s, r) > 0:
                out[k] = LEDUC_CARD + r
                k += 1
        return k
    if s.phase == LEDUC_PH_SHOW:
        out[0] = LEDUC_CARD + s.cards[s.shown]
        return 1
    return 0


cdef void _end_round(LeducState* s) noexcept nogil:
    s.phase = LEDUC_PH_PUBLIC if s.round == 0 else LEDUC_PH_SHOW
    s.turn = 0
    s.raises = 0
    s.acted = 0


cdef void leduc_apply(LeducState* s, int a) noexcept nogil:
    cdef int p = s.turn, o = 1 - s.turn
    if s.phase == LEDUC_PH_DEAL:
        s.cards[leduc_to_deal(s)] = <int8_t>(a - LEDUC_CARD)
        if leduc_to_deal(s) == LEDUC_PLAYERS:
            s.phase = LEDUC_PH_BET
        return
    if s.phase == LEDUC_PH_PUBLIC:
        s.public = <int8_t>(a - LEDUC_CARD)
        s.phase = LEDUC_PH_BET
        s.round = 1
        return
    if s.phase == LEDUC_PH_SHOW:
        s.shown += 1
        if s.shown == LEDUC_PLAYERS:
            s.phase = LEDUC_PH_OVER
        return
    s.acted += 1
    if a == LEDUC_FOLD:
        s.folded = p
        s.phase = LEDUC_PH_OVER
    elif a == LEDUC_CALL:
        s.stake[p] = s.stake[o]
        if s.acted >= 2:              # a call after both have acted closes the round
            _end_round(s)
        else:
            s.turn = o
    else:
        s.stake[p] = s.stake[o] + leduc_raise_amount(s)
        s.raises += 1
        s.turn = o


cdef int leduc_strength(const LeducState* s, int p) noexcept nogil:
    """A showdown hand's strength: a pair with the public card above every single card, then rank."""
    return s.cards[p] + (LEDUC_RANKS if s.cards[p] == s.public else 0)


cdef int leduc_winner(const LeducState* s) noexcept nogil:
    """The seat that takes the pot; -1 before the end and when the pot is split."""
    cdef int a, b
    if s.phase != LEDUC_PH_OVER:
        return -1
    if s.folded >= 0:
        return 1 - s.folded
    a = leduc_strength(s, 0)
    b = leduc_strength(s, 1)
    return 0 if a > b else (1 if b > a else -1)


cdef int leduc_chips(const LeducState* s, int p) noexcept nogil:
    """The chips seat ``p`` wins (> 0) or loses (< 0) in the hand; 0 before the end and at a split."""
    cdef int w = leduc_winner(s)
    if w < 0:
        return 0
    return s.stake[1 - p] if p == w else -s.stake[p]


cdef void leduc_returns(const LeducState* s, double* out) noexcept nogil:
    cdef int p
    for p in range(LEDUC_PLAYERS):
        if s.phase == LEDUC_PH_OVER:
            out[p] = (leduc_chips(s, p) + LEDUC_MAX_LOSS) / <double>(LEDUC_MAX_LOSS + LEDUC_MAX_WIN)
        else:
            out[p] = 0.0


cdef double leduc_prob(const LeducState* s, int a) noexcept nogil:
    cdef int r = a - LEDUC_CARD
    if r < 0 or r >= LEDUC_RANKS:
        return 0.0
    if s.phase == LEDUC_PH_SHOW:
        return 1.0 if s.cards[s.shown] == r else 0.0
    if s.phase == LEDUC_PH_DEAL or s.phase == LEDUC_PH_PUBLIC:
        return _left(s, r) / <double>_deck_size(s)
    return 0.0


cdef int leduc_sample(LeducState* s, uint64_t* rng) noexcept nogil:
    cdef int a
    if s.phase == LEDUC_PH_SHOW:
        a = LEDUC_CARD + s.cards[s.shown]
    else:
        a = LEDUC_CARD + _draw(s, rng)
    leduc_apply(s, a)
    return a


cdef void leduc_playout(LeducState* s, uint64_t* rng) noexcept nogil:
    cdef int buf[LEDUC_MAX_LEGAL]
    cdef int n, p
    while True:
        p = leduc_current_player(s)
        if p == TERMINAL:
            return
        if p == CHANCE:
            leduc_sample(s, rng)
        else:
            n = leduc_legal(s, buf)
            leduc_apply(s, buf[rng_below(rng, n)])


# --- hidden information ---------------------------------------------------------------------------
cdef void leduc_determinize(LeducState* s, int seat, uint64_t* rng) noexcept nogil:
    """Re-deal the other seat's card, if it is dealt and not shown, from the cards ``seat`` has not
    seen (each equally likely)."""
    cdef int o = 1 - seat
    if not _hidden_from(s, o):
        return
    s.cards[o] = LEDUC_NO_CARD
    s.cards[o] = <int8_t>_draw(s, rng)


cdef void leduc_canonicalize(LeducState* s, int seat) noexcept nogil:
    """The other seat's hidden card becomes the lowest rank ``seat`` has not seen twice."""
    cdef int o = 1 - seat, r
    if not _hidden_from(s, o):
        return
    s.cards[o] = LEDUC_NO_CARD
    for r in range(LEDUC_RANKS):
        if _left(s, r) > 0:
            s.cards[o] = <int8_t>r
            return


cdef int leduc_make_consistent(LeducState* s, int seat, int a) noexcept nogil:
    """Make ``a``, observed by ``seat``, possible by re-dealing the other seat's hidden card: a
    private deal or the public card of a rank the hidden card took, or the card the other seat
    shows.  Returns 1 if ``a`` is then legal, 0 if no deal consistent with ``seat``'s view allows it."""
    cdef int o = 1 - seat, r = a - LEDUC_CARD, r2, old
    cdef int buf[LEDUC_MAX_LEGAL]
    cdef int n, i
    if s.phase == LEDUC_PH_BET:
        n = leduc_legal(s, buf)
        for i in range(n):
            if buf[i] == a:
                return 1
        return 0
    if s.phase == LEDUC_PH_OVER or r < 0 or r >= LEDUC_RANKS:
        return 0
    if s.phase == LEDUC_PH_SHOW:
        if s.cards[s.shown] == r:
            return 1
        if s.shown != o or not _hidden_from(s, o):
            return 0
        old = s.cards[o]
        s.cards[o] = LEDUC_NO_CARD
        if _left(s, r) > 0:
            s.cards[o] = <int8_t>r
            return 1
        s.cards[o] = <int8_t>old
        return 0
    # a private deal or the public card
    if _left(s, r) > 0:
        return 1
    if not _hidden_from(s, o) or s.cards[o] != r:
        return 0
    s.cards[o] = LEDUC_NO_CARD
    for r2 in range(LEDUC_RANKS):
        if r2 != r and _left(s, r2) > 0:
            s.cards[o] = <int8_t>r2
            return 1
    s.cards[o] = <int8_t>r
    return 0


cdef const char* leduc_validate(const LeducState* s) noexcept nogil:
    cdef int p, r, diff
    for p in range(LEDUC_PLAYERS):
        if s.cards[p] < LEDUC_NO_CARD or s.cards[p] >= LEDUC_RANKS:
            return "a private card out of range"
        if s.stake[p] < LEDUC_ANTE or s.stake[p] > LEDUC_MAX_LOSS:
            return "a stake out of range"
    if s.public < LEDUC_NO_CARD or s.public >= LEDUC_RANKS:
        return "the public card out of range"
    for r in range(LEDUC_RANKS):
        if _left(s, r) < 0:
            return "a rank dealt more than twice"
    if s.cards[0] == LEDUC_NO_CARD and s.cards[1] != LEDUC_NO_CARD:
        return "seat 1 dealt before seat 0"
    if s.phase < LEDUC_PH_DEAL or s.phase > LEDUC_PH_OVER:
        return "phase out of range"
    if s.round < 0 or s.round > 1 or s.turn < 0 or s.turn > 1 or s.raises < 0 or s.raises > LEDUC_MAX_RAISES:
        return "betting position out of range"
    if s.acted < 0 or s.acted > LEDUC_MAX_RAISES + 2 or s.folded < -1 or s.folded > 1:
        return "betting marks out of range"
    if s.shown < 0 or s.shown > LEDUC_PLAYERS:
        return "showdown position out of range"
    if (s.public != LEDUC_NO_CARD) != (s.round == 1):
        return "the public card and the round disagree"
    if s.phase == LEDUC_PH_DEAL:
        if leduc_to_deal(s) == LEDUC_PLAYERS or s.turn or s.raises or s.acted or s.folded >= 0 or s.shown \
                or s.stake[0] != LEDUC_ANTE or s.stake[1] != LEDUC_ANTE:
            return "betting before the deal is complete"
        return NULL
    if leduc_to_deal(s) != LEDUC_PLAYERS:
        return "betting before the deal is complete"
    if s.phase == LEDUC_PH_BET:
        diff = s.stake[1 - s.turn] - s.stake[s.turn]
        if s.folded >= 0 or s.shown or s.turn != s.acted % 2 or s.acted < s.raises or s.acted > s.raises + 1:
            return "betting marks out of range"
        if diff != (leduc_raise_amount(s) if s.raises else 0):
            return "the stakes do not match the raises"
        return NULL
    if s.phase == LEDUC_PH_OVER and s.folded >= 0:
        if s.folded != s.turn or s.shown or s.stake[s.folded] >= s.stake[1 - s.folded]:
            return "a fold that was not possible"
        return NULL
    # the end of a betting round: the public card due, the showdown, or the hand shown down
    if s.stake[0] != s.stake[1] or s.folded >= 0 or s.turn or s.raises or s.acted:
        return "a closed betting round with open bets"
    if s.phase == LEDUC_PH_PUBLIC and (s.round != 0 or s.shown):
        return "the public card due outside the first round"
    if s.phase == LEDUC_PH_SHOW and (s.round != 1 or s.shown >= LEDUC_PLAYERS):
        return "a showdown outside the second round"
    if s.phase == LEDUC_PH_OVER and (s.round != 1 or s.shown != LEDUC_PLAYERS):
        return "a hand ended without a fold or a showdown"
    return NULL


# --- the table ------------------------------------------------------------------------------------
cdef int _num_players(const void* st) noexcept nogil:
    return LEDUC_PLAYERS

cdef int _current_player(const void* st) noexcept nogil:
    return leduc_current_player(<const LeducState*>st)

cdef int _legal(const void* st, int* out) noexcept nogil:
    return leduc_legal(<const LeducState*>st, out)

cdef void _apply(void* st, int a) noexcept nogil:
    leduc_apply(<LeducState*>st, a)

cdef double _prob(const void* st, int a) noexcept nogil:
    return leduc_prob(<const LeducState*>st, a)

cdef int _sample(void* st, uint64_t* rng) noexcept nogil:
    return leduc_sample(<LeducState*>st, rng)

cdef void _returns(const void* st, double* out) noexcept nogil:
    leduc_returns(<const LeducState*>st, out)

cdef void _playout(void* st, uint64_t* rng) noexcept nogil:
    leduc_playout(<LeducState*>st, rng)

cdef void _determinize(void* st, int seat, uint64_t* rng) noexcept nogil:
    leduc_determinize(<LeducState*>st, seat, rng)

cdef void _canonicalize(void* st, int seat) noexcept nogil:
    leduc_canonicalize(<LeducState*>st, seat)

cdef int _make_consistent(void* st, int seat, int a) noexcept nogil:
    return leduc_make_consistent(<LeducState*>st, seat, a)

cdef const char* _validate(const void* st) noexcept nogil:
    return leduc_validate(<const LeducState*>st)

cdef int _chance_public(const void* st) noexcept nogil:
    # a private deal is seen by its receiver only; the public card and a card shown by both
    return (<const LeducState*>st).phase != LEDUC_PH_DEAL


LEDUC_VT.name = b"leduc"
LEDUC_VT.state_size = sizeof(LeducState)
LEDUC_VT.num_actions = LEDUC_NUM_ACTIONS
LEDUC_VT.magic = 0xD1
LEDUC_VT.num_players = _num_players
LEDUC_VT.current_player = _current_player
LEDUC_VT.legal_actions = _legal
LEDUC_VT.apply_action = _apply
LEDUC_VT.chance_probability = _prob
LEDUC_VT.sample_chance = _sample
LEDUC_VT.returns = _returns
LEDUC_VT.playout = _playout
LEDUC_VT.determinize = _determinize
LEDUC_VT.canonicalize = _canonicalize
LEDUC_VT.make_consistent = _make_consistent
LEDUC_VT.validate = _validate
LEDUC_VT.max_legal = LEDUC_MAX_LEGAL
LEDUC_VT.chance_public = _chance_public


cdef class LeducCore(KernelState):
    """One Leduc hold'em state (``LeducCore()``: before the deal).  Read-only views for the engine
    layer; ranks are 0 (J), 1 (Q), 2 (K)."""

    def __cinit__(self):
        self.vt = &LEDUC_VT
        self.ptr = &self.st

    def __init__(self, int n=LEDUC_PLAYERS):
        if n != LEDUC_PLAYERS:
            raise ValueError(f"Leduc hold'em is for 2 players, not {n}")
        leduc_init(&self.st)

    def card(self, int seat):
        """Seat's private rank, or None before its deal (a canonical stand-in in an information state
        for a card the seat cannot see)."""
        self._check_seat(seat)
        return None if self.st.cards[seat] == LEDUC_NO_CARD else self.st.cards[seat]

    @property
    def public_card(self):
        """The public card's rank, or None before it is turned up."""
        return None if self.st.public == LEDUC_NO_CARD else self.st.public

    @property
    def phase(self):
        return self.st.phase

    @property
    def round(self):
        """The betting round, counted from 1: 1 (raises of 2 chips), 2 (raises of 4, after the public
        card).  The hand's length in rounds, as the arena reports it."""
        return self.st.round + 1

    @property
    def to_deal(self):
        """The seat the next private card goes to (2 once both have one)."""
        return leduc_to_deal(&self.st)

    @property
    def showing(self):
        """The seat to show its card next at the showdown (None outside it)."""
        return self.st.shown if self.st.phase == LEDUC_PH_SHOW else None

    def shown(self, int seat):
        """Whether the seat's card has been shown to both at the showdown."""
        self._check_seat(seat)
        return self.st.shown > seat

    @property
    def raises(self):
        """Raises made in the current betting round (at most 2)."""
        return self.st.raises

    @property
    def acted(self):
        """Decisions taken in the current betting round."""
        return self.st.acted

    @property
    def raise_amount(self):
        """What a raise adds in the current round: 2 chips, then 4."""
        return leduc_raise_amount(&self.st)

    def stake(self, int seat):
        """Chips the seat has put in the pot, its ante included."""
        self._check_seat(seat)
        return self.st.stake[seat]

    @property
    def pot(self):
        return self.st.stake[0] + self.st.stake[1]

    @property
    def to_call(self):
        """Chips the seat to act must add to call (0: it may check)."""
        if self.st.phase != LEDUC_PH_BET:
            return 0
        return self.st.stake[1 - self.st.turn] - self.st.stake[self.st.turn]

    @property
    def folded(self):
        """The seat that folded, or None."""
        return None if self.st.folded < 0 else self.st.folded

    @property
    def over(self):
        return self.st.phase == LEDUC_PH_OVER

    @property
    def winner(self):
        """The seat that takes the pot; None before the end and when the pot is split."""
        w = leduc_winner(&self.st)
        return None if w < 0 else w

    def strength(self, int seat):
        """The seat's showdown strength: its rank, plus 3 when it pairs the public card."""
        self._check_seat(seat)
        return leduc_strength(&self.st, seat)

    def chips(self, int seat):
        """The chips the seat won (> 0) or lost (< 0); 0 before the end and at a split pot."""
        self._check_seat(seat)
        return leduc_chips(&self.st, seat)


def playouts(int count, seed=0):
    """Run ``count`` uniformly random hands from before the deal (the benchmark kernel).

    Returns the decisions made in total, so the work cannot be optimised away."""
    cdef LeducState start, s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long decisions = 0
    cdef int i, cp, m
    cdef int buf[LEDUC_MAX_LEGAL]
    leduc_init(&start)
    with nogil:
        for i in range(count):
            s = start
            while True:
                cp = leduc_current_player(&s)
                if cp == TERMINAL:
                    break
                if cp == CHANCE:
                    leduc_sample(&s, &rng)
                else:
                    m = leduc_legal(&s, buf)
                    leduc_apply(&s, buf[rng_below(&rng, m)])
                    decisions += 1
    return decisions


#: A seat's decisions, by the kernel's action ids.
Action = IntEnum("Action", [("FOLD", LEDUC_FOLD), ("CALL", LEDUC_CALL), ("RAISE", LEDUC_RAISE)], module=__name__)
#: Where a hand stands: the private deal, a betting round, the public card, the showdown, over.
Phase = IntEnum("Phase", [("DEAL", LEDUC_PH_DEAL), ("BET", LEDUC_PH_BET), ("PUBLIC", LEDUC_PH_PUBLIC),
                          ("SHOW", LEDUC_PH_SHOW), ("OVER", LEDUC_PH_OVER)], module=__name__)
#: A card's chance action is ``CARD + card`` (card ``c`` has rank ``c // COPIES``).
CARD = LEDUC_CARD
#: Ranks in the deck and copies of each; the action ids' range.
RANKS = LEDUC_RANKS
COPIES = LEDUC_COPIES
NUM_ACTIONS = LEDUC_NUM_ACTIONS
#: Chips: the ante, a raise in round 1 and in round 2, the raises allowed a round, and the most a seat
#: can lose or win in a hand.
ANTE = LEDUC_ANTE
RAISE_ROUND1 = LEDUC_RAISE_ROUND1
RAISE_ROUND2 = LEDUC_RAISE_ROUND2
MAX_RAISES = LEDUC_MAX_RAISES
MAX_LOSS = LEDUC_MAX_LOSS
MAX_WIN = LEDUC_MAX_WIN
