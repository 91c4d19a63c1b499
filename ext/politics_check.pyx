# cython: language_level=3
"""Property checks and benchmark loops of the Politics Game kernel, at C speed.

The checks (:func:`check_random_games`) play seeded random games and check every visited state: the
struct validates, the legal actions are listed in increasing order, chance odds sum to 1 and
``sample_chance`` returns a legal outcome, and determinizing or canonicalizing for the deciding seat
(and determinizing for a random other seat) keeps a valid state with that seat's own cards and legal
actions.  ``python -m intrigue.engine.politics.check`` runs them for long.

The benchmark loops (``intrigue bench``: :func:`playouts`, :func:`policy_playouts`,
:func:`determinize_loop`, :func:`clone_loop`) run whole games or a search's per-iteration work in C
and return a count or checksum, so the work cannot be optimised away.
"""
from libc.stdint cimport uint64_t

from intrigue.ext.rng cimport rng_below
from intrigue.ext.game_api cimport MAX_LEGAL
from intrigue.ext.politics_core cimport (PolState, PoliticsCore, NTYPES, PH_OVER, is_chance_phase, pol_legal,
                                         pol_apply, pol_sample_chance, pol_chance_probability, pol_validate,
                                         pol_determinize, pol_canonicalize, pol_random_playout,
                                         pol_policy_playout)


cdef inline uint64_t _seed(seed):
    return <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)


# --- property checks --------------------------------------------------------------------------------
cdef str _check_legal(PolState* s, const int* legal, int k):
    """What is wrong with the legal actions (or the chance odds) at ``s``, or None."""
    cdef int i
    cdef double total = 0.0
    if k <= 0:
        return f"no legal action in phase {s.phase}"
    for i in range(1, k):
        if legal[i] <= legal[i - 1]:
            return "legal actions not increasing"
    if is_chance_phase(s.phase):
        for i in range(k):
            total += pol_chance_probability(s, legal[i])
        if abs(total - 1.0) > 1e-9:
            return f"chance probabilities sum to {total}"
    return None


cdef str _check_views(PolState* s, const int* legal, int k, uint64_t* rng):
    """What is wrong with the deciding seat's determinized and canonical views (its own hand and legal
    actions must survive), and with a random seat's determinized view; None if nothing."""
    cdef PolState d
    cdef int seat = s.asked, i, t, kk
    cdef int again[MAX_LEGAL]
    cdef const char* err
    for i in range(2):
        d = s[0]
        if i == 0:
            pol_determinize(&d, seat, rng)
        else:
            pol_canonicalize(&d, seat)
        err = pol_validate(&d)
        if err != NULL:
            return f"{'determinized' if i == 0 else 'canonical'} state invalid: {err.decode()}"
        for t in range(NTYPES):
            if d.hand[seat][t] != s.hand[seat][t]:
                return "determinization changed the seat's hand"
        kk = pol_legal(&d, again)
        if kk != k:
            return "determinization changed the legal actions"
        for t in range(k):
            if legal[t] != again[t]:
                return "determinization changed the legal actions"
    seat = rng_below(rng, s.n)              # another seat's view, too
    d = s[0]
    pol_determinize(&d, seat, rng)
    err = pol_validate(&d)
    if err != NULL:
        return f"determinized for seat {seat}: {err.decode()}"
    return None


def check_random_games(int n, int count, seed=0, int nrounds=11, bint backroom=True, bint contracts=True,
                       bint awards=True, int max_inv=4, int max_steps=20000):
    """Play ``count`` random games and check every step (see the module's docstring).  Raises
    AssertionError naming the game and step on the first failure; returns counts
    ``{"games", "steps", "crises", "max_steps"}``."""
    cdef PoliticsCore start = PoliticsCore(n, nrounds, backroom, contracts, awards, max_inv)
    cdef PolState s, d
    cdef uint64_t rng = _seed(seed)
    cdef long long steps = 0
    cdef int g, k, t, outcome, step, crises = 0, most = 0
    cdef int legal[MAX_LEGAL]
    cdef const char* err
    for g in range(count):
        s = start.st
        step = 0
        while s.phase != PH_OVER:
            err = pol_validate(&s)
            if err != NULL:
                raise AssertionError(f"game {g} step {step}: invalid state: {err.decode()}")
            k = pol_legal(&s, legal)
            problem = _check_legal(&s, legal, k)
            if problem is None and not is_chance_phase(s.phase):
                problem = _check_views(&s, legal, k, &rng)
            if problem is not None:
                raise AssertionError(f"game {g} step {step}: {problem}")
            if is_chance_phase(s.phase):
                d = s
                outcome = pol_sample_chance(&d, &rng)
                for t in range(k):
                    if legal[t] == outcome:
                        break
                else:
                    raise AssertionError(f"game {g} step {step}: sample_chance returned an illegal outcome")
                s = d
            else:
                pol_apply(&s, legal[rng_below(&rng, k)])
            step += 1
            if step > max_steps:
                raise AssertionError(f"game {g}: no end after {max_steps} steps")
        steps += step
        if step > most:
            most = step
        if s.crisis:
            crises += 1
    return {"games": count, "steps": steps, "crises": crises, "max_steps": most}


# --- benchmark loops --------------------------------------------------------------------------------
ctypedef long long (*Playout)(PolState* s, uint64_t* rng) noexcept nogil


cdef long long _run_playouts(PoliticsCore start, int count, seed, Playout playout):
    """``count`` games played out from ``start`` by ``playout``; the actions and chance events they
    took in all (so the work is not optimised away)."""
    cdef PolState s
    cdef uint64_t rng = _seed(seed)
    cdef long long steps = 0
    cdef int i
    with nogil:
        for i in range(count):
            s = start.st
            steps += playout(&s, &rng)
    return steps


def playouts(int n, int count, seed=0, int nrounds=11, bint backroom=True, bint contracts=True,
             bint awards=True, int max_inv=4):
    """Run ``count`` random playouts of an ``n``-player game from before the deal (the benchmark
    kernel: the search's random playout).  Returns the total number of actions and chance events."""
    return _run_playouts(PoliticsCore(n, nrounds, backroom, contracts, awards, max_inv), count, seed,
                         pol_random_playout)


def policy_playouts(int n, int count, seed=0, int nrounds=11):
    """Like :func:`playouts`, with the search's rollout policy at every decision."""
    return _run_playouts(PoliticsCore(n, nrounds), count, seed, pol_policy_playout)


def determinize_loop(PoliticsCore st, int seat, int count, seed=0):
    """Copy the state and determinize it for ``seat`` ``count`` times (a search's per-iteration
    start); returns a checksum."""
    cdef PolState d
    cdef uint64_t rng = _seed(seed)
    cdef long long acc = 0
    cdef int i
    with nogil:
        for i in range(count):
            d = st.st
            pol_determinize(&d, seat, &rng)
            acc += d.hand[(seat + 1) % d.n][0] + d.flags[(seat + 2) % d.n]
    return acc


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
