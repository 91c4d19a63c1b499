# The Coup leaf evaluation (included by coup_core.pyx): the fitted heads-up and multi-player value
# models and coup_evaluate, with their Python face.


# --- static evaluation (heads-up) -------------------------------------------------------------------
# A logistic model of P(seat 0 wins) at the start of a turn, from what a determinized world shows:
# per seat (0, then 1) VALUE_PER_SEAT features -- two influences left, coins (capped at 12), coins
# >= 7, coins >= 3, the count of each face-down role, and the same counts when one influence is
# left -- then "seat 0 acts next"; VALUE_W[0] is the bias.  Fitted to the results of the default
# bot's self-play by ``python bench/fit_coup_value.py`` (which prints this table).
DEF VALUE_PER_SEAT = 14
DEF VALUE_SIZE = 30
cdef double VALUE_W[VALUE_SIZE]
_VALUE_FITTED = (
    -0.429645, 3.700834, 0.460190, 0.221337, 0.302278, 0.586309, 0.449802, 0.786889, 1.343190, 0.105000,
    -1.427681, -0.664654, -0.712801, 0.282147, -1.607491, -3.548859, -0.555219, 0.000673, -0.199725, -0.701411,
    -0.360078, -0.987908, -1.508800, -0.420307, 1.251064, -0.029373, 0.500948, 0.154819, 1.241756, 1.166836)
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
