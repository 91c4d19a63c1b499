# cython: language_level=3
"""Property checks, benchmark loops and the balance report of the Shadow Master kernel, at C speed.

:func:`check_random_games` plays seeded random games and checks every visited state: money is
accounted for, tokens are conserved, the state validates and round-trips through its bytes, a
decision has a legal action, chance odds sum to 1, and (every ``deep_every``-th state) a seat's
canonical view does not depend on the cards it cannot see.  ``python -m
intrigue.engine.shadow_master.check`` runs them for long.

The benchmark loops (``intrigue bench``: :func:`playouts`, :func:`policy_playouts`) play whole games
in C and return counts, so the work cannot be optimised away; :func:`balance_report` plays games
between heuristic (or rollout-policy) players at every seat.
"""
from libc.stdint cimport uint8_t, int64_t, uint64_t
from libc.string cimport memcpy, memcmp

from intrigue.ext.rng cimport rng_below
from intrigue.ext.game_api cimport CHANCE, TERMINAL
from intrigue.ext.shadow_master_core cimport (
    SMState, ShadowMasterCore, NCOL, NCELLS, MAXP, SM_MAX_LEGAL, BLACK, total_money, n_alive, sm_current_player,
    sm_legal, sm_apply, sm_sample_chance, sm_chance_probability, sm_returns, sm_validate, sm_determinize,
    sm_random_playout,
    sm_canonicalize, sm_policy_playout, sm_heuristic_playout)


def playouts(int n, int count, seed=0, **options):
    """Run ``count`` random playouts of an ``n``-player game from the start (the benchmark kernel: the
    search's random playout).

    Returns ``(rounds played, decisions made)`` in total, so the work cannot be optimised away.
    """
    cdef ShadowMasterCore start = ShadowMasterCore(n, **options)
    cdef SMState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long rounds = 0, decisions = 0
    cdef int i
    with nogil:
        for i in range(count):
            s = start.st
            decisions += sm_random_playout(&s, &rng)
            rounds += s.round
    return rounds, decisions


def policy_playouts(int n, int count, seed=0, **options):
    """``count`` playouts with the rollout policy; returns ``(rounds, seat wins)`` in total."""
    cdef ShadowMasterCore start = ShadowMasterCore(n, **options)
    cdef SMState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long rounds = 0
    cdef int i
    with nogil:
        for i in range(count):
            s = start.st
            sm_policy_playout(&s, &rng)
            rounds += s.round
    return rounds


def balance_report(int n, long long games, seed=0, player="heuristic", **options):
    """Games between ``player`` bots at every seat (``heuristic``: the heuristic bot; ``policy``: the
    search's rollout rule of thumb): win shares by seat and by place in the first round's order,
    rounds, which trigger ended the game, collapses and bankruptcies."""
    if player not in ("heuristic", "policy"):
        raise ValueError(f"player must be 'heuristic' or 'policy', not {player!r}")
    cdef bint heur = player == "heuristic"
    cdef ShadowMasterCore start = ShadowMasterCore(n, **options)
    cdef SMState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef double seat_w[MAXP]
    cdef double order_w[MAXP]
    cdef double out[MAXP]
    cdef long long why[6]
    cdef long long rounds = 0, collapses = 0, games_collapse = 0, elims = 0, games_elim = 0, lone = 0
    cdef long long g
    cdef int p, k
    for p in range(MAXP):
        seat_w[p] = 0.0
        order_w[p] = 0.0
    for p in range(6):
        why[p] = 0
    with nogil:
        for g in range(games):
            s = start.st
            if heur:
                sm_heuristic_playout(&s, &rng)
            else:
                sm_policy_playout(&s, &rng)
            sm_returns(&s, out)
            for p in range(n):
                seat_w[p] += out[p]
                order_w[(p - s.first_of_game + n) % n] += out[p]
            rounds += s.round
            if n_alive(&s) == 1:
                lone += 1
            else:
                why[s.end_reason] += 1
            collapses += s.n_collapses
            games_collapse += 1 if s.n_collapses else 0
            elims += s.n_eliminated
            games_elim += 1 if s.n_eliminated else 0
    return {"games": games, "win_by_seat": [seat_w[p] / games for p in range(n)],
            "win_by_order": [order_w[p] / games for p in range(n)], "rounds": rounds / <double>games,
            "end": {"empty_cells": why[1], "rank_30": why[2], "two_supplies": why[3], "round_cap": why[4],
                    "last_player_left": lone},
            "collapses_per_game": collapses / <double>games, "games_with_collapse": games_collapse / <double>games,
            "bankruptcies_per_game": elims / <double>games, "games_with_bankruptcy": games_elim / <double>games}


# --- property checks over many random games, at C speed ---------------------------------------------------------------
cdef enum:
    V_MONEY = 0
    V_TOKENS = 1
    V_VALID = 2
    V_NO_LEGAL = 3
    V_CHANCE_ODDS = 4
    V_HIDDEN = 5
    V_NO_END = 6
    V_ROUND_TRIP = 7
    NV = 8

VIOLATIONS = ["money_not_accounted", "tokens_not_conserved", "invalid_state", "no_legal_action",
              "chance_odds_not_one", "canonical_view_sees_hidden_cards", "game_does_not_end",
              "encode_decode_round_trip"]


cdef int check_state(SMState* s, int start_money, uint64_t* rng, bint deep, int nlegal) noexcept nogil:
    """Bit mask of properties violated by s (``nlegal``: its number of legal actions).  Money:
    players' holdings + skip Silver on the row = start money + paid out by the bank - paid in.
    Tokens: on cells + in X + supply = 30 per colour, black on board + supply = total.  Hidden
    (``deep``): determinizing for a random seat and canonicalizing gives the same struct as
    canonicalizing the truth, so the canonical view depends on nothing the seat cannot see.  Round
    trip: the struct's bytes decode to a valid, identical state."""
    cdef int bad = 0, p, c, h, i, seat, black = 0
    cdef int on[NCOL]
    cdef int64_t money = 0
    cdef int buf[SM_MAX_LEGAL]
    cdef double odds
    cdef SMState a, b
    cdef uint8_t raw[4096]
    for p in range(s.n):
        money += total_money(s, p)
    for i in range(s.row_len):
        money += s.row_silver[i]
    if money != start_money + s.bank_out - s.bank_in:
        bad |= 1 << V_MONEY
    for c in range(NCOL):
        on[c] = s.supply[c] + (1 if s.alliance[c] else 0)
    for h in range(NCELLS):
        if s.colour[h] < NCOL:
            on[s.colour[h]] += s.tokens[h]
        elif s.colour[h] == BLACK:
            black += 1
    for c in range(NCOL):
        if on[c] != 30:
            bad |= 1 << V_TOKENS
    if black + s.black_supply != s.black_total:
        bad |= 1 << V_TOKENS
    p = sm_current_player(s)
    if (p >= 0 or p == CHANCE) and nlegal == 0:
        bad |= 1 << V_NO_LEGAL
    if p == CHANCE:
        nlegal = sm_legal(s, buf)
        odds = 0.0
        for i in range(nlegal):
            odds += sm_chance_probability(s, buf[i])
        if odds < 1.0 - 1e-9 or odds > 1.0 + 1e-9:
            bad |= 1 << V_CHANCE_ODDS
    memcpy(raw, s, sizeof(SMState))                     # encode: the struct's bytes
    memcpy(&a, raw, sizeof(SMState))                    # decode: back into a struct, checked
    if sm_validate(&a) != NULL:
        bad |= 1 << V_VALID
    if memcmp(&a, s, sizeof(SMState)) != 0:
        bad |= 1 << V_ROUND_TRIP
    if deep:
        seat = rng_below(rng, s.n)
        a = s[0]
        b = s[0]
        sm_determinize(&a, seat, rng)
        if sm_validate(&a) != NULL:
            bad |= 1 << V_VALID
        sm_canonicalize(&a, seat)
        sm_canonicalize(&b, seat)
        if memcmp(&a, &b, sizeof(SMState)) != 0:
            bad |= 1 << V_HIDDEN
    return bad


def check_random_games(int players, long long games, seed=0, int deep_every=1, **options):
    """Play ``games`` uniformly random games and check every visited state (the hidden-information
    check on every ``deep_every``-th state).

    Returns ``{"games", "steps", "decisions", "rounds", "violations": {name: count},
    "first": (game, step, [names]) or None}``.
    """
    cdef ShadowMasterCore start = ShadowMasterCore(players, **options)
    cdef SMState s
    cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef long long g, steps = 0, decisions = 0, rounds = 0, step, limit = 2000000
    cdef long long counts[NV]
    cdef long long first_game = -1, first_step = -1
    cdef int first_bits = 0, bad, v, n, cp, start_money = 10 * players
    cdef int buf[SM_MAX_LEGAL]
    for v in range(NV):
        counts[v] = 0
    with nogil:
        for g in range(games):
            s = start.st
            step = 0
            n = sm_legal(&s, buf)
            bad = check_state(&s, start_money, &rng, True, n)
            while True:
                if bad:
                    for v in range(NV):
                        if bad & (1 << v):
                            counts[v] += 1
                    if first_game < 0:
                        first_game = g
                        first_step = step
                        first_bits = bad
                cp = sm_current_player(&s)
                if cp == TERMINAL:
                    break
                if step >= limit:
                    counts[V_NO_END] += 1
                    if first_game < 0:
                        first_game = g
                        first_step = step
                        first_bits = 1 << V_NO_END
                    break
                if cp == CHANCE:
                    sm_sample_chance(&s, &rng)
                else:
                    if n == 0:
                        break
                    sm_apply(&s, buf[rng_below(&rng, n)])
                    decisions += 1
                step += 1
                n = sm_legal(&s, buf)
                bad = check_state(&s, start_money, &rng, deep_every > 0 and step % deep_every == 0, n)
            steps += step
            rounds += s.round
    first = None
    if first_game >= 0:
        first = (first_game, first_step, [VIOLATIONS[v] for v in range(NV) if first_bits & (1 << v)])
    return {"games": games, "steps": steps, "decisions": decisions, "rounds": rounds,
            "violations": {VIOLATIONS[v]: counts[v] for v in range(NV)}, "first": first}


# Python-visible constants, for the engine layer and tests
