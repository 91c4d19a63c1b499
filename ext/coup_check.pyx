# cython: language_level=3
"""Property checks of the Coup kernel over many seeded random games, at C speed, and the benchmark
loops (random playouts, state copies).

The checks read the state struct only; they share no code with the rules in ``coup_core``.  After
every decision and chance event of every game:

* coins are conserved: the treasury plus every player's coins is 50;
* the cards are conserved across hands, face-up cards, the deck and exchange draws (the ruleset's
  copies per role: 3 each in the published game), and a one-influence hand keeps its absent slot;
* a face-up card never changes;
* an eliminated player never decides, and holds no coins;
* the decision has at least one legal action, and the odds of a chance event sum to 1;
* ``encode``/``decode`` round-trips (the bytes, then the validity check ``decode`` applies);
* every game ends (within the turn cap's worth of steps).

Run ``python -m intrigue.engine.coup.check --games 1000000`` for the long run.
"""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy, memcmp

from intrigue.ext.rng cimport rng_below
from intrigue.ext.game_api cimport CHANCE, TERMINAL, MAX_LEGAL
from intrigue.ext.coup_core cimport (CoupState, CoupRules, CoupCore, COUP_VT, coup_default_rules, coup_check_rules,
                                     coup_init, coup_current_player, coup_legal, coup_apply, coup_sample_chance,
                                     coup_playout,
                                     NROLES, MAX_PLAYERS, TOTAL_COINS, CARD_EMPTY, CARD_ROLE, CARD_UP,
                                     CARD_ABSENT, COPY_BITS, COPY_MASK, PH_EXCHANGE)

cdef enum:
    V_COINS = 0
    V_CARDS = 1
    V_FACE_UP = 2
    V_ELIMINATED_DECIDES = 3
    V_ELIMINATED_COINS = 4
    V_NO_LEGAL = 5
    V_CHANCE_ODDS = 6
    V_ROUND_TRIP = 7
    V_NO_END = 8
    NV = 9

VIOLATIONS = ["coins_not_conserved", "cards_not_conserved", "face_up_card_changed", "eliminated_player_decides",
              "eliminated_player_has_coins", "no_legal_action", "chance_odds_not_one", "encode_decode_round_trip",
              "game_does_not_end"]


cdef int check_state(const CoupState* s, const CoupState* prev, bint have_prev) noexcept nogil:
    """Bit mask of violated properties in ``s`` (and from ``prev`` to ``s``)."""
    cdef int bad = 0, p, slot, r, coins = 0, n, i, cp
    cdef int counts[5]
    cdef int buf[MAX_LEGAL]
    cdef double odds
    cdef uint8_t raw[64]
    cdef CoupState back
    for r in range(NROLES):
        counts[r] = s.deck[r]
    for p in range(s.n):
        coins += s.coins[p]
        if (s.cards[2 * p + 1] == CARD_ABSENT) != (s.influence == 1):
            bad |= 1 << V_CARDS
        for slot in range(2 * p, 2 * p + 2):
            if (s.cards[slot] & CARD_ROLE) != CARD_EMPTY:
                counts[s.cards[slot] & CARD_ROLE] += 1
            if have_prev and (prev.cards[slot] & CARD_UP) and prev.cards[slot] != s.cards[slot]:
                bad |= 1 << V_FACE_UP
        if ((s.cards[2 * p] & CARD_UP) and (s.cards[2 * p + 1] & CARD_UP)) and s.coins[p] != 0:
            bad |= 1 << V_ELIMINATED_COINS
    if s.phase == PH_EXCHANGE:
        counts[s.drawn[0]] += 1
        counts[s.drawn[1]] += 1
    if coins + s.treasury != TOTAL_COINS:
        bad |= 1 << V_COINS
    for r in range(NROLES):
        if counts[r] != (s.copies >> (COPY_BITS * r)) & COPY_MASK:
            bad |= 1 << V_CARDS
    cp = coup_current_player(s)
    if cp >= 0:
        if (s.cards[2 * cp] & CARD_UP) and (s.cards[2 * cp + 1] & CARD_UP):
            bad |= 1 << V_ELIMINATED_DECIDES
        if s.place[cp] != 0:
            bad |= 1 << V_ELIMINATED_DECIDES
        if coup_legal(s, buf) == 0:
            bad |= 1 << V_NO_LEGAL
    elif cp == CHANCE:
        n = coup_legal(s, buf)
        odds = 0.0
        for i in range(n):
            odds += COUP_VT.chance_probability(s, buf[i])
        if n == 0 or odds < 1.0 - 1e-9 or odds > 1.0 + 1e-9:
            bad |= 1 << V_CHANCE_ODDS
    memcpy(raw, s, sizeof(CoupState))                 # encode: the struct's bytes
    memcpy(&back, raw, sizeof(CoupState))             # decode: bytes back into a struct ...
    if COUP_VT.validate(&back) != NULL or memcmp(&back, s, sizeof(CoupState)) != 0:
        bad |= 1 << V_ROUND_TRIP                      # ... which must pass decode's validity check
    return bad


def check_random_games(int players, long long games, seed=0, *, int steal_amount=2, int forced_coup_at=10,
                       int exchange_mode=0, bint refund=True, int start_coins_2p=1, int max_turns=300,
                       int influence=2, copies=(3, 3, 3, 3, 3), int start_coins=2, int income=1, int tax=3,
                       int coup_cost=7, int assassinate_cost=3, int actions=0x7F, int assassin_limit=0):
    """Play ``games`` uniformly random games and check every visited state (the keywords: the rules,
    as ``CoupCore`` takes them).

    Returns ``{"games", "steps", "turns", "violations": {name: count}, "first": (game, step, name) or None}``.
    """
    cdef CoupState start, s, prev
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long g, steps = 0, turns = 0, step, limit = (<long long>max_turns + 1) * 64
    cdef long long counts[NV]
    cdef long long first_game = -1, first_step = -1
    cdef int first_bits = 0, bad, v, n, cp
    cdef CoupRules rules
    cdef const char* why
    cdef int buf[MAX_LEGAL]
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError("players must be 2..6")
    for v in range(NV):
        counts[v] = 0
    coup_default_rules(&rules)
    rules.steal_amount, rules.forced_coup_at, rules.exchange_mode = steal_amount, forced_coup_at, exchange_mode
    rules.refund, rules.start_coins_2p, rules.max_turns = refund, start_coins_2p, max_turns
    rules.influence, rules.start_coins, rules.income, rules.tax = influence, start_coins, income, tax
    rules.coup_cost, rules.assassinate_cost = coup_cost, assassinate_cost
    rules.actions, rules.assassin_limit = actions, assassin_limit
    for v in range(NROLES):
        rules.copies[v] = int(copies[v])
    why = coup_check_rules(players, &rules)
    if why != NULL:
        raise ValueError((<bytes>why).decode())
    coup_init(&start, players, &rules)
    with nogil:
        for g in range(games):
            s = start
            bad = check_state(&s, &s, False)
            step = 0
            while True:
                if bad:
                    for v in range(NV):
                        if bad & (1 << v):
                            counts[v] += 1
                    if first_game < 0:
                        first_game = g
                        first_step = step
                        first_bits = bad
                cp = coup_current_player(&s)
                if cp == TERMINAL:
                    break
                if step >= limit:
                    counts[V_NO_END] += 1
                    if first_game < 0:
                        first_game = g
                        first_step = step
                        first_bits = 1 << V_NO_END
                    break
                prev = s
                if cp == CHANCE:
                    coup_sample_chance(&s, &rng)
                else:
                    n = coup_legal(&s, buf)
                    if n == 0:
                        break
                    coup_apply(&s, buf[rng_below(&rng, n)])
                step += 1
                bad = check_state(&s, &prev, True)
            steps += step
            turns += s.turn
    first = None
    if first_game >= 0:
        first = (first_game, first_step, [VIOLATIONS[v] for v in range(NV) if first_bits & (1 << v)])
    return {"games": games, "steps": steps, "turns": turns,
            "violations": {VIOLATIONS[v]: counts[v] for v in range(NV)}, "first": first}


def violations(core):
    """Names of the properties a single state violates (empty list: none); for tests of the checker."""
    from intrigue.ext.coup_core import CoupCore
    if not isinstance(core, CoupCore):
        raise TypeError("a CoupCore is required")
    data = core.encode()[1:]
    cdef CoupState s
    cdef const unsigned char* p = data
    memcpy(&s, p, sizeof(CoupState))
    cdef int bad = check_state(&s, &s, False)
    return [VIOLATIONS[v] for v in range(NV) if bad & (1 << v)]


# --- benchmark loops ------------------------------------------------------------------------------
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
