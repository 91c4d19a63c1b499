# The lie-catch votes (§9, §10), the scoring (§11) and the rewards the search backs up: how a game of
# the Politics Game ends.  Included by politics_core.pyx (one module: the calls stay plain C calls).


# --- lie-catch and the end (§9, §10, §11) -----------------------------------------------------------
cdef void start_liecatch(PolState* s, int crisis) noexcept nogil:
    s.crisis = crisis
    s.silence = crisis
    s.vote_round = 1
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
    return not (s.silence and s.vote_round == 2 and (s.flags[p] & F_REVEALED) and (s.flags[p] & F_DARK))


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
    if s.vote_round == 1:
        s.vote_round = 2
        vote_start(s)
        return
    s.vote_round = 0
    s.phase = PH_FINAL_ROLES
    s.asked = NONE


cdef enum:  # the seven awards of S5 (D41, D42), in the order they are given
    AWARD_GOLDEN_GOV = 0      # most governments that did not fail: LEG 3
    AWARD_HAWK_EYE = 1        # most corrupt cards caught by inspection: LEG 3
    AWARD_SPLIT_GOV = 2       # most failed governments: UND 3
    AWARD_SURVIVOR = 3        # most governments joined as a partner: INF 2
    AWARD_PROMISER = 4        # most contracts resolved (HON + BET): INF 5
    AWARD_IDEALIST_HON = 5    # most contracts kept (HON): LEG 3
    AWARD_IDEALIST_BET = 6    # most contracts broken (BET): UND 4
    NUM_AWARDS = 7


cdef inline int award_measure(const PolState* s, int award, int p) noexcept nogil:
    """What the award counts for seat p."""
    if award == AWARD_GOLDEN_GOV:
        return s.gov_ok[p]
    if award == AWARD_HAWK_EYE:
        return s.caught[p]
    if award == AWARD_SPLIT_GOV:
        return s.gov_failed[p]
    if award == AWARD_SURVIVOR:
        return s.joined[p]
    if award == AWARD_PROMISER:
        return s.hon[p] + s.bet[p]
    if award == AWARD_IDEALIST_HON:
        return s.hon[p]
    return s.bet[p]


cdef inline void award_bonus(PolState* s, int award, int p) noexcept nogil:
    """The award's coins to seat p."""
    if award == AWARD_GOLDEN_GOV or award == AWARD_HAWK_EYE or award == AWARD_IDEALIST_HON:
        add_sat(&s.leg[p], 3)
    elif award == AWARD_SPLIT_GOV:
        add_sat(&s.und[p], 3)
    elif award == AWARD_SURVIVOR:
        add_sat(&s.inf[p], 2)
    elif award == AWARD_PROMISER:
        add_sat(&s.inf[p], 5)
    else:
        add_sat(&s.und[p], 4)


cdef void give_awards(PolState* s) noexcept nogil:
    """S5 (D41, D42): each award to every seat with the highest count, if it is at least 1."""
    cdef int award, p, best
    cdef int measure[8]
    for award in range(NUM_AWARDS):
        best = 0
        for p in range(s.n):
            measure[p] = award_measure(s, award, p)
            if measure[p] > best:
                best = measure[p]
        if best < 1:
            continue
        for p in range(s.n):
            if measure[p] == best:
                award_bonus(s, award, p)


cdef void end_bonuses(PolState* s) noexcept nogil:
    """S2-S4 of a normal end: LEG 2 each, INF 2 for the most UND, the side penalties."""
    cdef int p, best = 0
    for p in range(s.n):                              # S2
        add_sat(&s.leg[p], 2)
    for p in range(s.n):                              # S3 (D38)
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


cdef void finish(PolState* s) noexcept nogil:
    """Scoring (§11.1, D37-D41) at a normal end; at a crisis only the totals for display."""
    cdef int p
    if not s.crisis:
        end_bonuses(s)
        if s.awards:
            give_awards(s)
    for p in range(s.n):                                  # S6 (D39, revision 2)
        s.score[p] = s.inf[p] + (s.und[p] if s.flags[p] & F_DARK else s.leg[p])   # HON/BET: awards only
    s.phase = PH_OVER
    s.asked = NONE


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


