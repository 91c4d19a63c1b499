"""Elo fits and the SPRT against hand-worked values and straightforward reference computations."""
import math
import random

import pytest

from intrigue.search.ratings import (ELO_SLOPE, NELO_PER_T, RatingsError, Sprt, elo_estimate, elo_from_score,
                                     fit_elo, fit_placings, llr, mle_with_mean, mle_with_t_value, pentanomial,
                                     score_from_elo, trinomial)

C = math.log(10) / 400          # d log-odds / d Elo


def test_elo_scale_by_hand():
    assert elo_from_score(0.75) == pytest.approx(400 * math.log10(3))           # 190.85
    assert elo_from_score(0.5) == 0.0
    assert score_from_elo(400) == pytest.approx(10 / 11)
    assert elo_from_score(score_from_elo(-123.4)) == pytest.approx(-123.4)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf
    assert ELO_SLOPE == pytest.approx(C)


def test_two_bots_fit_matches_the_hand_computation():
    # 75 wins, 25 losses: the difference is 400 log10 3; its variance is 1 / (c^2 n p (1 - p))
    fit = fit_elo(2, [(0, 1, 1.0)] * 75 + [(0, 1, 0.0)] * 25)
    diff = 400 * math.log10(3)
    assert fit.elo == pytest.approx([diff / 2, -diff / 2])                      # mean 0
    se_diff = 1 / (C * math.sqrt(100 * 0.75 * 0.25))                          # 40.1 Elo
    assert fit.difference(0, 1)[0] == pytest.approx(diff)
    assert fit.difference(0, 1)[1] == pytest.approx(1.959964 * se_diff, rel=1e-5)
    assert fit.se == pytest.approx([se_diff / 2, se_diff / 2], rel=1e-6)
    assert fit.games == [100, 100] and fit.score == [75.0, 25.0]
    # the same from the other side, and anchored at bot 1
    fit = fit_elo(2, [(1, 0, 0.0)] * 75 + [(1, 0, 1.0)] * 25, anchor=1)
    assert fit.elo == pytest.approx([diff, 0.0]) and fit.se[1] == pytest.approx(0.0, abs=1e-9)
    assert fit.se[0] == pytest.approx(se_diff, rel=1e-6)


def test_consistent_scores_give_their_ratings():
    # scores exactly those of ratings 100, 0, -100: the fit returns them
    games = [(0, 1, score_from_elo(100)), (1, 2, score_from_elo(100)), (0, 2, score_from_elo(200))] * 3
    assert fit_elo(3, games).elo == pytest.approx([100, 0, -100], abs=1e-6)
    assert fit_elo(3, games, anchor=2).elo == pytest.approx([200, 100, 0], abs=1e-6)


def test_draws_and_pairs_narrow_the_error_bars():
    # 25 wins, 50 draws, 25 losses: rating 0; the spread of the scores is half that of 50 / 50
    # decisive games, so the error is sqrt(1/2) of theirs: sqrt(50 * 1/4) c / (100 * 1/4 * c^2)
    drawn = fit_elo(2, [(0, 1, 1.0)] * 25 + [(0, 1, 0.5)] * 50 + [(0, 1, 0.0)] * 25)
    decisive = fit_elo(2, [(0, 1, 1.0)] * 50 + [(0, 1, 0.0)] * 50)
    assert drawn.elo == pytest.approx([0, 0], abs=1e-9)
    assert 2 * drawn.se[0] == pytest.approx(math.sqrt(12.5) / (25 * C), rel=1e-6)
    assert drawn.se[0] == pytest.approx(decisive.se[0] * math.sqrt(0.5), rel=1e-6)
    # a deal won by whoever holds seat 0: the pair's two games cancel, and grouping them says so
    games = [(0, 1, 1.0), (0, 1, 0.0)] * 20 + [(0, 1, 1.0), (0, 1, 1.0)] * 5
    loose = fit_elo(2, games)
    grouped = fit_elo(2, games, units=[i // 2 for i in range(len(games))])
    assert grouped.elo == pytest.approx(loose.elo)
    assert grouped.se[0] < 0.7 * loose.se[0]      # (0.58 without the pentanomial prior, 0.67 with it)


def test_paired_split_results_keep_an_error_bar():
    """Twenty deals, each won by the same seat both times: the pairs carry no spread of their own,
    yet twenty pairs cannot pin a difference to +-0; with hundreds of pairs the prior's pull fades."""
    split = [(0, 1, 1.0), (0, 1, 0.0)] * 20
    fit = fit_elo(2, split, units=[i // 2 for i in range(len(split))])
    assert fit.elo == pytest.approx([0, 0], abs=1e-9)
    assert 20 < fit.difference(0, 1)[1] < 300
    rng = __import__("random").Random(3)
    many = [(0, 1, float(rng.random() < 0.6)) for _ in range(2000)]
    units = [i // 2 for i in range(len(many))]
    with_prior = fit_elo(2, many, units=units).se[0]
    import intrigue.search.ratings as ratings
    old, ratings.PAIR_PRIOR = ratings.PAIR_PRIOR, 0.0
    try:
        without = fit_elo(2, many, units=units).se[0]
    finally:
        ratings.PAIR_PRIOR = old
    assert without < with_prior < 1.01 * without


def test_perfect_scores_and_bad_inputs():
    with pytest.raises(RatingsError, match="unbounded"):
        fit_elo(2, [(0, 1, 1.0)] * 10)
    # one virtual draw: 10.5 of 11 points, 400 log10 21 Elo apart
    fit = fit_elo(2, [(0, 1, 1.0)] * 10, virtual_draws=1.0)
    assert fit.difference(0, 1)[0] == pytest.approx(400 * math.log10(21))
    assert 50 < fit.error95[0] < 400                     # finite and not vanishing
    with pytest.raises(RatingsError, match="connect"):
        fit_elo(4, [(0, 1, 1.0), (0, 1, 0.0), (2, 3, 1.0), (2, 3, 0.0)])
    with pytest.raises(RatingsError):
        fit_elo(2, [(0, 0, 1.0)])
    with pytest.raises(RatingsError):
        fit_elo(2, [])
    with pytest.raises(RatingsError):
        fit_elo(2, [(0, 1, 1.5)])


def test_counts():
    assert trinomial([1, 0.5, 0, 1, 1]) == [1, 1, 3]
    assert pentanomial([(1, 1), (1, 0), (0.5, 0.5), (0, 0.5), (0.5, 1)]) == [0, 1, 2, 1, 1]
    with pytest.raises(RatingsError):
        trinomial([0.3])


def _trinomial_reference_llr(counts, elo0, elo1):
    """The GSPRT ratio computed from scratch: for each hypothesis, maximise the trinomial log-likelihood
    over the one-parameter family of distributions with the hypothesis' expected score, by golden
    section on the draw probability (the likelihood is concave in it)."""
    c = [x if x > 0 else 1e-3 for x in counts]

    def best(s):
        def loglik(d):
            q = (1 - s - d / 2, d, s - d / 2)
            return sum(ci * math.log(qi) for ci, qi in zip(c, q))
        lo, hi = 1e-15, min(2 * s, 2 * (1 - s)) - 1e-15
        g = (math.sqrt(5) - 1) / 2
        for _ in range(200):
            a, b = hi - g * (hi - lo), lo + g * (hi - lo)
            if loglik(a) < loglik(b):
                lo = a
            else:
                hi = b
        return loglik((lo + hi) / 2)

    return best(score_from_elo(elo1)) - best(score_from_elo(elo0))


def test_trinomial_llr_follows_the_reference_along_a_sequence():
    rng = random.Random(5)
    counts = [0, 0, 0]
    for step in range(300):
        counts[rng.choices([0, 1, 2], weights=[0.3, 0.3, 0.4])[0]] += 1
        if step % 25 == 0 or step == 299:
            assert llr(counts, 0, 5) == pytest.approx(_trinomial_reference_llr(counts, 0, 5), abs=1e-7)
            assert llr(counts, -10, 30) == pytest.approx(_trinomial_reference_llr(counts, -10, 30), abs=1e-7)


def test_llr_without_draws_is_the_binomial_ratio():
    # 60 wins, 40 losses, H0 p = 0.5 against H1 p = 0.6: 60 log(0.6/0.5) + 40 log(0.4/0.5) = 2.0137
    elo1 = elo_from_score(0.6)
    assert llr([40, 0, 60], 0, elo1) == pytest.approx(60 * math.log(1.2) + 40 * math.log(0.8), abs=5e-3)


def test_pentanomial_mle_is_the_constrained_maximum():
    counts = [3, 20, 51, 30, 6]
    n = sum(counts)
    pdf = [(i / 4, x / n) for i, x in enumerate(counts)]
    rng = random.Random(1)
    for s in (score_from_elo(0), score_from_elo(5), score_from_elo(-20)):
        q = mle_with_mean(pdf, s)
        assert sum(p for _, p in q) == pytest.approx(1) and sum(a * p for a, p in q) == pytest.approx(s)

        def loglik(ps):
            return sum(x * math.log(p) for x, p in zip(counts, ps))
        best = loglik([p for _, p in q])
        for _ in range(200):       # any small move that keeps the total and the mean lowers the likelihood
            d = [rng.uniform(-1, 1) for _ in range(5)]
            m = sum(d) / 5
            d = [x - m for x in d]
            a = [i / 4 - 0.5 for i in range(5)]
            k = sum(x * y for x, y in zip(d, a)) / sum(y * y for y in a)
            d = [x - k * y for x, y in zip(d, a)]
            moved = [p + 1e-4 * x for (_, p), x in zip(q, d)]
            assert loglik(moved) <= best + 1e-12
    # the ratio is n * sum f log(q1 / q0)
    q0, q1 = mle_with_mean(pdf, 0.5), mle_with_mean(pdf, score_from_elo(5))
    expect = n * sum(f * math.log(b / a) for (_, f), (_, a), (_, b) in zip(pdf, q0, q1))
    assert llr(counts, 0, 5) == pytest.approx(expect)


def test_sprt_bounds_parse_and_decisions():
    s = Sprt.parse("elo0=0 elo1=5 alpha=0.05 beta=0.05")
    assert s.bounds == pytest.approx((-math.log(19), math.log(19)))              # +-2.944
    assert Sprt.parse(["elo0=-1,elo1=3", "alpha=0.1"]) == Sprt(-1, 3, 0.1, 0.05)
    assert s.status([0, 0, 0])["decision"] is None and s.status([0, 0, 0])["llr"] == 0.0
    assert s.status([100, 800, 400])["decision"] == "H1"
    assert s.status([400, 800, 100])["decision"] == "H0"
    for bad in ("elo0=5 elo1=0", "alpha=0", "gamma=1", "elo1=x", "alpha=0.6 beta=0.6"):
        with pytest.raises(RatingsError):
            Sprt.parse(bad)


def test_elo_estimate_by_hand():
    est = elo_estimate([25, 0, 75])
    sd = math.sqrt(0.75 * 0.25 / 100)
    assert est["elo"] == pytest.approx(400 * math.log10(3), abs=0.01)     # (1e-3 of a draw added)
    assert est["ci95"] == pytest.approx([elo_from_score(0.75 - 1.959964 * sd), elo_from_score(0.75 + 1.959964 * sd)],
                                        abs=0.05)
    assert math.isfinite(elo_estimate([0, 0, 20])["elo"])
    # a pentanomial: the pairs' scores halved, each pair one observation
    est = elo_estimate([0, 10, 30, 10, 0])
    assert est["elo"] == pytest.approx(0.0) and est["los"] == pytest.approx(0.5)


def _normalized_llr_approximation(counts, nelo0, nelo1):
    """Fishtest's closed-form approximation of the normalized-Elo GSPRT ratio (close for many games):
    games / 2 * log((1 + (t - t0)^2) / (1 + (t - t1)^2)), t the measured t-value per game."""
    n = sum(counts)
    last = len(counts) - 1
    mean = sum(c * i / last for i, c in enumerate(counts)) / n
    var = sum(c * (i / last - mean) ** 2 for i, c in enumerate(counts)) / n
    sd, games = (math.sqrt(2 * var), 2 * n) if len(counts) == 5 else (math.sqrt(var), n)
    t, t0, t1 = (mean - 0.5) / sd, nelo0 / NELO_PER_T, nelo1 / NELO_PER_T
    return games / 2 * math.log((1 + (t - t0) ** 2) / (1 + (t - t1) ** 2))


def test_normalized_elo_sprt():
    for counts in ([3000, 5000, 3200], [100, 1000, 3000, 1050, 120]):
        assert llr(counts, 0, 5, "normalized") == pytest.approx(_normalized_llr_approximation(counts, 0, 5),
                                                                rel=2e-3)
    # the constrained maximum has the asked t-value
    counts = [100, 1000, 3000, 1050, 120]
    pdf = [(i / 4, x / sum(counts)) for i, x in enumerate(counts)]
    q = mle_with_t_value(pdf, 0.5, 0.04)
    mean = sum(a * p for a, p in q)
    sd = math.sqrt(sum(p * (a - mean) ** 2 for a, p in q))
    assert sum(p for _, p in q) == pytest.approx(1) and (mean - 0.5) / sd == pytest.approx(0.04, abs=1e-9)
    s = Sprt.parse("elo0=0 elo1=2 model=normalized")
    assert s.model == "normalized" and s.status(counts)["llr"] == pytest.approx(llr(counts, 0, 2, "normalized"))
    with pytest.raises(RatingsError):
        Sprt.parse("model=bayes")
    # nElo of a measurement: per game, (score - 1/2) / sd * 800 / ln 10
    est = elo_estimate([30, 0, 70])
    assert est["nelo"] == pytest.approx(NELO_PER_T * 0.2 / math.sqrt(0.21), rel=1e-3)


# --- multi-player games: Luce and Plackett-Luce ---------------------------------------------------------
def _one_against_three(counts):
    """Games of bot 0 in one seat against three seats of bot 1, bot 0 finishing in place k+1
    ``counts[k]`` times (the other seats take the remaining places in seat order)."""
    games = []
    for k, n in enumerate(counts):
        others = [p for p in (1, 2, 3, 4) if p != k + 1]
        games += [[(0, k + 1)] + [(1, p) for p in others]] * n
    return games


def _argmax_elo(loglik):
    """400 log10 r at the maximum of a log-likelihood concave in log r, by ternary search."""
    lo, hi = -6.0, 6.0
    for _ in range(200):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if loglik(math.exp(a)) < loglik(math.exp(b)):
            lo = a
        else:
            hi = b
    return 400 * math.log10(math.exp((lo + hi) / 2))


def _loglik_one_against_three(counts, r, places=None):
    """The log-likelihood of bot 0's places (r = gamma0 / gamma1), written out by hand place by place
    (places: only the first that many)."""
    total = 0.0
    for k, n in enumerate(counts):
        lp, left = 0.0, 3                               # seats of bot 1 still in
        for stage in range(k + 1):
            if places is not None and stage >= places:
                break
            if stage == k:
                lp += math.log(r / (r + left)) if left else 0.0
            else:
                lp += math.log(left / (r + left))
                left -= 1
        total += n * lp
    return total


def _reference_one_against_three(counts, places=None):
    return _argmax_elo(lambda r: _loglik_one_against_three(counts, r, places))


def test_one_seat_against_three_winners_give_the_luce_formula():
    # 30 wins in 100: r = 3p / (1 - p), whatever the other places
    fit = fit_placings(2, _one_against_three([30, 20, 25, 25]), places=1)
    assert fit.difference(0, 1)[0] == pytest.approx(400 * math.log10(3 * 0.3 / 0.7), abs=1e-6)
    assert fit_placings(2, _one_against_three([30, 50, 10, 10]), places=1).difference(0, 1)[0] == \
        pytest.approx(fit.difference(0, 1)[0], abs=1e-6)
    assert fit.games == [100, 100] and fit.score == [30.0, 70.0]


def test_the_whole_order_matches_the_likelihood_written_by_hand():
    for counts in ([30, 20, 25, 25], [10, 30, 30, 30], [40, 30, 20, 10]):
        fit = fit_placings(2, _one_against_three(counts))
        assert fit.difference(0, 1)[0] == pytest.approx(_reference_one_against_three(counts), abs=0.05)
        two = fit_placings(2, _one_against_three(counts), places=2)
        assert two.difference(0, 1)[0] == pytest.approx(_reference_one_against_three(counts, places=2), abs=0.05)
    # the place after first matters to the full fit only: more second places, higher rating
    low = fit_placings(2, _one_against_three([25, 10, 30, 35])).difference(0, 1)[0]
    high = fit_placings(2, _one_against_three([25, 40, 20, 15])).difference(0, 1)[0]
    assert high > low + 30


def test_two_seat_games_are_the_elo_fit():
    rnd = random.Random(5)
    games = [[(0, 1), (1, 2)] if rnd.random() < 0.6 else [(0, 2), (1, 1)] for _ in range(300)]
    pl = fit_placings(2, games)
    bt = fit_elo(2, [(0, 1, 1.0 if g[0][1] == 1 else 0.0) for g in games])
    assert pl.elo == pytest.approx(bt.elo, abs=1e-6) and pl.se == pytest.approx(bt.se, rel=1e-6)


def test_plackett_luce_recovers_the_strengths_it_was_drawn_from():
    # 2,000 four-seat games drawn from the model (bot 0 at +80 Elo against three of bot 1; a third bot
    # at -60 in some games): the fits cover the truth, and the whole order narrows the interval
    rnd = random.Random(11)
    truth = [80.0, 0.0, -60.0]
    games, units = [], []
    for g in range(2000):
        bots = [0, 1, 1, 1] if g % 2 else [0, 1, 2, 2]
        left, place, out = list(range(4)), 1, [0] * 4
        while left:
            w = [10 ** (truth[bots[s]] / 400) for s in left]
            s = rnd.choices(left, weights=w)[0]
            out[s] = place
            place += 1
            left.remove(s)
        games.append([(bots[s], out[s]) for s in range(4)])
        units.append(g // 4)
    full = fit_placings(3, games, units)
    first = fit_placings(3, games, units, places=1)
    for fit in (full, first):
        for i, j in ((0, 1), (1, 2), (0, 2)):
            d, e = fit.difference(i, j)
            assert abs(d - (truth[i] - truth[j])) < e
    assert full.difference(0, 1)[1] < 0.8 * first.difference(0, 1)[1]
    assert sum(full.elo) == pytest.approx(0.0, abs=1e-6)
    anchored = fit_placings(3, games, units, anchor=1)
    assert anchored.elo[1] == 0.0 and anchored.elo[0] == pytest.approx(full.elo[0] - full.elo[1])


def test_tied_places_share_a_stage():
    # bot 0 ties for first with one of bot 1's seats (a draw at the turn cap) in 10 games: both count
    # as chosen from all four seats with one denominator, a factor r / (r + 3)^2 (Breslow's rule)
    tie = [[(0, 1), (1, 1), (1, 3), (1, 4)]] * 10 + _one_against_three([5, 5, 5, 5])
    fit = fit_placings(2, tie)
    want = _argmax_elo(lambda r: 10 * (math.log(r) - 2 * math.log(r + 3))
                       + _loglik_one_against_three([5, 5, 5, 5], r))
    assert fit.difference(0, 1)[0] == pytest.approx(want, abs=0.05)
    assert fit.games == [30, 30] and fit.score[0] == pytest.approx(5 + 10 * 0.5)


def test_placings_fit_refuses_a_single_unit():
    # four games of one rotation (one deal): the clustered spread of one unit is zero at the fit, so
    # an interval from it would read +/- 0; the fit says it has none instead
    games = [[(0, 1), (1, 2), (1, 3), (1, 4)], [(0, 2), (1, 1), (1, 3), (1, 4)],
             [(0, 1), (1, 3), (1, 2), (1, 4)], [(0, 4), (1, 1), (1, 2), (1, 3)]]
    with pytest.raises(RatingsError, match="one deal"):
        fit_placings(2, games, units=[0, 0, 0, 0])
    assert min(fit_placings(2, games, units=[0, 0, 1, 1]).error95) > 0.0


def test_placings_fit_refuses_bad_input():
    with pytest.raises(RatingsError):
        fit_placings(2, [])
    with pytest.raises(RatingsError):
        fit_placings(3, _one_against_three([5, 5, 5, 5]))            # bot 2 never played
    with pytest.raises(RatingsError):
        fit_placings(2, _one_against_three([10, 0, 0, 0]))           # always first: unbounded
    with pytest.raises(RatingsError):
        fit_placings(2, [[(0, 1), (5, 2)]])
    with pytest.raises(RatingsError):
        fit_placings(2, _one_against_three([5, 5, 5, 5]), places=0)


def test_placings_fit_refuses_a_bot_that_never_won_rated_from_the_winners():
    # three bots, three seats, three deals of four games: bot 2 never wins but is second twice.  From
    # the winners its rating is unbounded; the fit used to stop where the information of that
    # direction vanished and report +2064, +2064, -4128 with errors of +-0
    deal = [[(0, 1), (1, 2), (2, 3)], [(1, 1), (0, 2), (2, 3)], [(0, 1), (2, 2), (1, 3)], [(1, 1), (2, 2), (0, 3)]]
    games, units = deal * 3, [g // 4 for g in range(12)]
    with pytest.raises(RatingsError, match="c never won a game against a, b: the ratings are unbounded"):
        fit_placings(3, games, units, places=1, names=["a", "b", "c"])
    # from the whole order it finished ahead of someone, so it has a rating, below the others
    full = fit_placings(3, games, units)
    assert full.elo[2] < full.elo[0] and abs(full.elo[2]) < 400
    # a group that never finished ahead of the bots outside it is named as a group
    two_low = [[(0, 1), (1, 2), (2, 3)], [(0, 1), (2, 2), (1, 3)]] * 3
    with pytest.raises(RatingsError, match="bot 1, bot 2 never finished ahead of bot 0"):
        fit_placings(3, two_low, units=[0, 1, 2, 3, 4, 5])


def test_placings_fit_needs_as_many_deals_as_bots():
    # two deals cannot give an error estimate for three bots: the deals' scores sum to zero at the
    # fit, so their spread has rank one and a difference read +-1.3 Elo after eight games
    one = [[(0, 1), (1, 2), (2, 3), (1, 4)], [(1, 1), (0, 2), (1, 3), (2, 4)],
           [(2, 1), (1, 2), (0, 3), (1, 4)], [(1, 1), (2, 2), (1, 3), (0, 4)]]
    two = [[(0, 2), (1, 1), (2, 4), (1, 3)], [(1, 2), (0, 1), (1, 4), (2, 3)],
           [(2, 2), (1, 4), (0, 1), (1, 3)], [(1, 4), (2, 1), (1, 2), (0, 3)]]
    three = [[(0, 3), (1, 1), (2, 2), (1, 4)], [(1, 3), (0, 4), (1, 1), (2, 2)],
             [(2, 1), (1, 3), (0, 2), (1, 4)], [(1, 2), (2, 3), (1, 1), (0, 4)]]
    with pytest.raises(RatingsError, match="8 games in 2 deals: an error estimate for 3 bots needs"):
        fit_placings(3, one + two, units=[g // 4 for g in range(8)])
    fit = fit_placings(3, one + two + three, units=[g // 4 for g in range(12)])
    assert min(fit.error95) > 10.0
    assert min(fit.difference(i, j)[1] for i, j in ((0, 1), (0, 2), (1, 2))) > 10.0
