"""Statistics for search tuners: Elo ratings with error bars, and the sequential probability ratio test.

Everything here works on game *scores* -- 1 for a win, 1/2 for a draw, 0 for a loss, from one bot's
point of view -- and on the logistic Elo scale, where a difference of ``d`` points means an expected
score of ``1 / (1 + 10 ** (-d / 400))``.

* :func:`fit_elo` -- ratings for any number of bots from the games they played against each other:
  the maximum-likelihood Bradley-Terry (Elo) fit, with standard errors from the curvature of the
  likelihood corrected by the observed spread of the results (the "sandwich" estimate; for
  decisive, independent games it equals the plain Hessian estimate, and it stays honest when there
  are draws or when games come in pairs that share a deal).
* :class:`Sprt` -- the generalized sequential probability ratio test as Fishtest runs it: results are
  counted as a trinomial (loss, draw, win) or, when games come in pairs that share a deal, as a
  pentanomial (the pair's score 0, 1/2, 1, 3/2 or 2), and the log-likelihood ratio of ``elo1``
  against ``elo0`` is the one of the multinomial maximum-likelihood distributions whose expected
  score is that of ``elo0`` and of ``elo1``.  The test stops as soon as the ratio leaves
  ``[log(beta / (1 - alpha)), log((1 - beta) / alpha)]``.
* :func:`elo_estimate` -- the Elo difference measured by such counts, with a 95% interval.

Pure Python (and numpy for the fit); no state, no randomness.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from intrigue.engine.errors import IntrigueError

#: the two-sided 95% normal quantile
Z95 = 1.959963984540054
#: d(score)/d(elo) at 50%, per Elo point: the natural-log slope of the logistic Elo curve
ELO_SLOPE = math.log(10.0) / 400.0


class RatingsError(IntrigueError):
    code = "ratings_error"


# --- the Elo scale ----------------------------------------------------------------------------------
def score_from_elo(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger than its opponent."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(score: float) -> float:
    """The Elo difference that gives expected ``score`` (0 < score < 1; +-inf at the ends)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


# --- counts of results --------------------------------------------------------------------------------
def trinomial(scores: Sequence[float]) -> List[int]:
    """``[losses, draws, wins]`` of a sequence of game scores (0, 1/2, 1)."""
    out = [0, 0, 0]
    for s in scores:
        out[_score_index(s, 2)] += 1
    return out


def pentanomial(pairs: Sequence[Tuple[float, float]]) -> List[int]:
    """Counts of game pairs by the pair's total score: ``[0, 1/2, 1, 3/2, 2]`` (Fishtest's LL, LD+DL,
    LW+DD+WL, DW+WD, WW)."""
    out = [0, 0, 0, 0, 0]
    for a, b in pairs:
        out[_score_index(a + b, 2)] += 1
    return out


def _score_index(score: float, per_point: int) -> int:
    k = round(score * per_point)
    if abs(k - score * per_point) > 1e-9 or k < 0:
        raise RatingsError(f"a score must be a multiple of 1/2, got {score}")
    return int(k)


def _pdf(results: Sequence[float]) -> Tuple[float, List[Tuple[float, float]]]:
    """``(count, [(score, frequency)])`` of trinomial or pentanomial counts; the scores are scaled to
    0..1 (a pair's score is halved).  An empty cell gets 1e-3 of a count, as Fishtest does, so the
    maximum-likelihood distributions below exist from the first game on."""
    if len(results) not in (3, 5):
        raise RatingsError(f"results are 3 (trinomial) or 5 (pentanomial) counts, got {len(results)}")
    if any(r < 0 for r in results):
        raise RatingsError("result counts cannot be negative")
    counts = [float(r) if r > 0 else 1e-3 for r in results]
    n = sum(counts)
    last = len(counts) - 1
    return n, [(i / last, c / n) for i, c in enumerate(counts)]


def _mean_var(pdf: Sequence[Tuple[float, float]]) -> Tuple[float, float]:
    mean = sum(p * a for a, p in pdf)
    return mean, sum(p * (a - mean) ** 2 for a, p in pdf)


def _secular(pdf: Sequence[Tuple[float, float]]) -> float:
    """The root ``x`` of ``sum_i p_i a_i / (1 + x a_i) = 0`` on the interval where every ``1 + x a_i``
    is positive (the ``a_i`` have both signs; the function decreases there, so bisection finds it)."""
    lo_a = min(a for a, _ in pdf)
    hi_a = max(a for a, _ in pdf)
    if not lo_a < 0 < hi_a:
        raise RatingsError("the constraint cannot be met by these outcomes")
    lo, hi = -1.0 / hi_a, -1.0 / lo_a

    def f(x: float) -> float:
        return sum(p * a / (1.0 + x * a) for a, p in pdf)

    eps = 1e-12 * (hi - lo)
    lo, hi = lo + eps, hi - eps
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-15 * max(1.0, abs(mid)):
            break
    return 0.5 * (lo + hi)


def mle_with_mean(pdf: Sequence[Tuple[float, float]], s: float) -> List[Tuple[float, float]]:
    """The distribution on the same outcomes that maximises the likelihood of the observed
    frequencies ``pdf`` among those whose expected score is ``s``.

    By Lagrange, its probabilities are ``p_i / (1 + x (a_i - s))`` for the one ``x`` that makes them
    sum to 1 (:func:`_secular` on the shifted outcomes)."""
    lo_a = min(a for a, _ in pdf)
    hi_a = max(a for a, _ in pdf)
    if not lo_a < s < hi_a:
        raise RatingsError(f"expected score {s} is outside the outcomes' range [{lo_a}, {hi_a}]")
    x = _secular([(a - s, p) for a, p in pdf])
    out = [(a, p / (1.0 + x * (a - s))) for a, p in pdf]
    total = sum(p for _, p in out)
    return [(a, p / total) for a, p in out]


def mle_with_t_value(pdf: Sequence[Tuple[float, float]], ref: float, t: float) -> List[Tuple[float, float]]:
    """The distribution on the same outcomes that maximises the likelihood of ``pdf`` among those
    whose t-value ``(mean - ref) / sd`` is ``t`` (for normalized Elo).

    The stationarity condition is again ``q_i = p_i / (1 + x b_i)``, now with
    ``b_i = a_i - ref - t sd (1 + ((a_i - mean) / sd)^2) / 2`` depending on the solution's own mean
    and sd, so it is solved by fixed-point iteration from the uniform distribution (as Fishtest does)."""
    q = [(a, 1.0 / len(pdf)) for a, _ in pdf]
    for _ in range(100):
        mean, var = _mean_var(q)
        sd = math.sqrt(var)
        shifted = [(a - ref - t * sd * (1.0 + ((mean - a) / sd) ** 2) / 2.0, p) for a, p in pdf]
        x = _secular(shifted)
        new = [(a, p / (1.0 + x * b)) for (a, p), (b, _) in zip(pdf, shifted)]
        total = sum(p for _, p in new)
        new = [(a, p / total) for a, p in new]
        done = max(abs(u[1] - v[1]) for u, v in zip(q, new)) < 1e-12
        q = new
        if done:
            break
    return q


#: normalized Elo per unit of t-value (Fishtest: 800 / ln 10)
NELO_PER_T = 800.0 / math.log(10.0)


def llr(results: Sequence[float], elo0: float, elo1: float, model: str = "logistic") -> float:
    """The generalized log-likelihood ratio of ``elo1`` against ``elo0`` for trinomial ``[L, D, W]``
    or pentanomial counts: ``N * sum_i f_i log(q1_i / q0_i)``, where ``f`` are the observed
    frequencies and ``q0``/``q1`` the maximum-likelihood distributions under the two hypotheses.

    ``model="logistic"``: the hypotheses fix the expected score at that of ``elo0``/``elo1`` logistic
    Elo (Fishtest's ``LLR_logistic``).  ``model="normalized"``: they fix the t-value of the score,
    ``elo / (800 / ln 10)`` per game (times sqrt 2 for a pair), i.e. normalized Elo, which does not
    depend on the draw rate (Fishtest's ``LLR_normalized``)."""
    n, pdf = _pdf(results)
    if model == "logistic":
        s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
        q0, q1 = mle_with_mean(pdf, s0), mle_with_mean(pdf, s1)
    elif model == "normalized":
        scale = math.sqrt(2.0) if len(results) == 5 else 1.0
        q0, q1 = (mle_with_t_value(pdf, 0.5, scale * e / NELO_PER_T) for e in (elo0, elo1))
    else:
        raise RatingsError(f"unknown Elo model {model!r} (logistic, normalized)", field="sprt")
    return n * sum(p * (math.log(b[1]) - math.log(a[1])) for (_, p), a, b in zip(pdf, q0, q1))


def elo_estimate(results: Sequence[float]) -> Dict[str, Any]:
    """The Elo difference measured by trinomial or pentanomial counts, with a 95% interval (the
    normal interval of the mean score, mapped through the Elo curve; pairs count as one
    observation each, so their correlation is in the interval), the likelihood of superiority and the
    normalized Elo (``800 / ln 10`` times the score's excess over 1/2 per standard deviation of a game).
    Empty cells get 1e-3 of a count as in :func:`llr`, so a perfect score has a finite estimate."""
    if sum(results) <= 0:
        return {"elo": 0.0, "ci95": [-math.inf, math.inf], "score": 0.5, "los": 0.5, "nelo": 0.0}
    n, pdf = _pdf(results)                     # empty cells regularised, as for the ratio
    mean, var = _mean_var(pdf)
    sd = math.sqrt(var / n)
    lo, hi = mean - Z95 * sd, mean + Z95 * sd
    los = 0.5 if sd == 0 else 0.5 * (1.0 + math.erf((mean - 0.5) / (sd * math.sqrt(2.0))))
    sd_game = math.sqrt(2.0 * var) if len(results) == 5 else math.sqrt(var)     # a pair is two games
    nelo = NELO_PER_T * (mean - 0.5) / sd_game if sd_game > 0 else 0.0
    return {"elo": elo_from_score(mean), "ci95": [elo_from_score(lo), elo_from_score(hi)],
            "score": mean, "los": los, "nelo": nelo}


# --- the SPRT -----------------------------------------------------------------------------------------
@dataclasses.dataclass
class Sprt:
    """A sequential probability ratio test of H0: ``elo = elo0`` against H1: ``elo = elo1``.

    ``alpha`` is the chance of accepting H1 when H0 holds, ``beta`` that of accepting H0 when H1
    holds.  Feed it the counts so far (:meth:`status`); it decides once the log-likelihood ratio
    reaches a bound."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "logistic"

    KEYS = ("elo0", "elo1", "alpha", "beta", "model")

    def __post_init__(self) -> None:
        if not (0.0 < self.alpha < 1.0 and 0.0 < self.beta < 1.0 and self.alpha + self.beta < 1.0):
            raise RatingsError("SPRT alpha and beta must be in (0, 1) with alpha + beta < 1", field="sprt")
        if not self.elo0 < self.elo1:
            raise RatingsError(f"SPRT needs elo0 < elo1, got elo0={self.elo0} elo1={self.elo1}", field="sprt")
        if not all(math.isfinite(x) for x in (self.elo0, self.elo1)) or max(abs(self.elo0), abs(self.elo1)) >= 1000:
            raise RatingsError("SPRT Elo bounds must be finite and within +-1000", field="sprt")
        if self.model not in ("logistic", "normalized"):
            raise RatingsError(f"SPRT model is logistic or normalized, got {self.model!r}", field="sprt")

    @classmethod
    def parse(cls, text: Union[str, Sequence[str]]) -> "Sprt":
        """From ``"elo0=0 elo1=5 alpha=0.05 beta=0.05"`` (spaces or commas; missing keys keep their
        defaults; ``model=normalized`` for normalized Elo bounds)."""
        items = text.replace(",", " ").split() if isinstance(text, str) else \
            [p for t in text for p in t.replace(",", " ").split()]
        values: Dict[str, Any] = {}
        for item in items:
            key, eq, value = item.partition("=")
            key = key.strip().lower()
            if not eq or key not in cls.KEYS:
                raise RatingsError(f"SPRT parameter {item!r} is not one of "
                                   f"{', '.join(k + '=' for k in cls.KEYS)}", field="sprt")
            if key == "model":
                values[key] = value.strip().lower()
                continue
            try:
                values[key] = float(value)
            except ValueError:
                raise RatingsError(f"SPRT parameter {item!r} is not a number", field="sprt") from None
        return cls(**values)

    @property
    def bounds(self) -> Tuple[float, float]:
        """``(lower, upper)``: accept H0 at or below the lower bound, H1 at or above the upper."""
        return math.log(self.beta / (1.0 - self.alpha)), math.log((1.0 - self.beta) / self.alpha)

    def llr(self, results: Sequence[float]) -> float:
        return llr(results, self.elo0, self.elo1, self.model) if sum(results) > 0 else 0.0

    def status(self, results: Sequence[float]) -> Dict[str, object]:
        """The ratio, the bounds and the decision (``"H0"``, ``"H1"`` or None) for ``results``."""
        value = self.llr(results)
        lower, upper = self.bounds
        decision = "H1" if value >= upper else "H0" if value <= lower else None
        return {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta, "model": self.model,
                "llr": value, "lower": lower, "upper": upper, "decision": decision,
                "results": list(results)}


# --- the ladder fit -----------------------------------------------------------------------------------
@dataclasses.dataclass
class EloFit:
    """Ratings from :func:`fit_elo`: ``elo[i]`` with standard error ``se[i]`` and 95% interval
    ``elo[i] +- error95[i]``, relative to ``anchor`` ("mean": the ratings average 0; an int: that
    bot is 0 and has no error of its own)."""

    elo: List[float]
    se: List[float]
    anchor: Union[str, int]
    covariance: List[List[float]]
    games: List[int]
    score: List[float]

    @property
    def error95(self) -> List[float]:
        return [Z95 * s for s in self.se]

    def difference(self, i: int, j: int) -> Tuple[float, float]:
        """``(elo[i] - elo[j], its 95% half-width)``: the interval of a difference is narrower than the
        two ratings' error bars added, since both come from the same fit."""
        c = self.covariance
        var = c[i][i] + c[j][j] - 2.0 * c[i][j]
        return self.elo[i] - self.elo[j], Z95 * math.sqrt(max(var, 0.0))


# pseudo-count per pentanomial outcome (a pair's mean score 0, 1/4, 1/2, 3/4, 1) that a clustered
# error estimate adds for each two bots that met: without it a short paired run whose every pair split
# 1-1 (each deal won by the same seat both times) has no spread at all and prints an error of +-0
PAIR_PRIOR = 0.5


def _check_bots(players: int, anchor: Union[str, int]) -> None:
    """Raise :class:`RatingsError` unless there are two or more bots and ``anchor`` names one of
    them or is ``"mean"`` (what every rating fit checks first)."""
    if players < 2:
        raise RatingsError("a rating fit needs at least two bots")
    if isinstance(anchor, int) and not 0 <= anchor < players:
        raise RatingsError(f"anchor {anchor} is not a bot index")
    if not isinstance(anchor, int) and anchor != "mean":
        raise RatingsError(f"anchor is 'mean' or a bot index, got {anchor!r}")


def _unit_index(units: Optional[Sequence[object]], n_games: int) -> Tuple[np.ndarray, int]:
    """Each game's cluster number (``units`` labels, or one cluster per game) and the cluster count,
    for the sandwich error estimate."""
    labels = list(range(n_games)) if units is None else list(units)
    if len(labels) != n_games:
        raise RatingsError("units needs one label per game")
    index: Dict[object, int] = {}
    unit_of = np.array([index.setdefault(u, len(index)) for u in labels], dtype=np.int64)
    return unit_of, len(index)


def fit_elo(players: int, games: Sequence[Tuple[int, int, float]], units: Optional[Sequence[object]] = None,
            anchor: Union[str, int] = "mean", virtual_draws: float = 0.0) -> EloFit:
    """The maximum-likelihood Elo ratings of ``players`` bots from ``games`` ``(i, j, score of i)``.

    The model is Bradley-Terry on the Elo scale: ``P(i beats j) = 1 / (1 + 10 ** ((r_j - r_i) / 400))``,
    a draw counting as half a win each way.  ``units`` (one label per game) groups games whose results
    are not independent -- the two games of a paired deal -- for the error estimate; by default every
    game is its own unit.  ``virtual_draws`` adds that many drawn games between every pair that met, a
    weak prior that keeps a bot that won (or lost) all its games at a finite rating; its pull shrinks
    as the real games grow.  Raises :class:`RatingsError` when the games do not connect every bot, or
    when a rating is unbounded (a perfect score without virtual draws)."""
    _check_bots(players, anchor)
    ii = np.array([g[0] for g in games], dtype=np.int64)
    jj = np.array([g[1] for g in games], dtype=np.int64)
    ss = np.array([g[2] for g in games], dtype=np.float64)
    if len(games) == 0:
        raise RatingsError("no games to rate")
    if ii.min() < 0 or jj.min() < 0 or max(ii.max(), jj.max()) >= players or np.any(ii == jj):
        raise RatingsError("a game names a bot index out of range, or a bot against itself")
    if np.any(ss < 0) or np.any(ss > 1):
        raise RatingsError("a game score must be in [0, 1]")
    # aggregate per ordered pair (i < j): games and i's score
    n_pair = np.zeros((players, players))
    s_pair = np.zeros((players, players))
    lo, hi = np.minimum(ii, jj), np.maximum(ii, jj)
    s_lo = np.where(ii < jj, ss, 1.0 - ss)
    np.add.at(n_pair, (lo, hi), 1.0)
    np.add.at(s_pair, (lo, hi), s_lo)
    met = n_pair > 0
    n_fit = n_pair + virtual_draws * met
    s_fit = s_pair + 0.5 * virtual_draws * met
    _check_connected(players, met)
    for a in range(players):
        won = s_fit[a, :].sum() + (n_fit[:, a] - s_fit[:, a]).sum()
        played = n_fit[a, :].sum() + n_fit[:, a].sum()
        if won <= 1e-12 or won >= played - 1e-12:
            raise RatingsError(f"bot {a} scored {'nothing' if won <= 1e-12 else 'every point'}: its rating "
                               f"is unbounded (add virtual draws)")
    r = _newton(players, n_fit, s_fit)
    info = _information(players, n_fit, r)
    info_pinv = np.linalg.pinv(info)
    # the observed spread of the score function per unit (clustered "sandwich" estimate)
    p_game = 1.0 / (1.0 + np.exp(-ELO_SLOPE * (r[ii] - r[jj])))
    resid = ELO_SLOPE * (ss - p_game)
    unit_of, n_units = _unit_index(units, len(games))
    grad = np.zeros((n_units, players))
    np.add.at(grad, (unit_of, ii), resid)
    np.add.at(grad, (unit_of, jj), -resid)
    spread = grad.T @ grad
    # clustered units (paired deals): a weak pentanomial prior per two bots that met, PAIR_PRIOR
    # pseudo-units of each outcome, so that few or identical pair results keep an honest spread (the
    # way Fishtest regularises its pentanomial counts); its weight shrinks as the real pairs grow
    if np.bincount(unit_of).max() > 1:
        for a, b in zip(*np.nonzero(np.triu(met))):
            p_ab = 1.0 / (1.0 + np.exp(-ELO_SLOPE * (r[a] - r[b])))
            w = PAIR_PRIOR * sum((2.0 * ELO_SLOPE * (o - p_ab)) ** 2 for o in (0.0, 0.25, 0.5, 0.75, 1.0))
            spread[a, a] += w
            spread[b, b] += w
            spread[a, b] -= w
            spread[b, a] -= w
    # the virtual draws count as observed games here too (each its own unit), so a perfect score
    # keeps an honest error bar instead of the near-zero spread of identical results
    if virtual_draws > 0:
        diff = r[:, None] - r[None, :]
        resid_v = ELO_SLOPE * (0.5 - 1.0 / (1.0 + np.exp(-ELO_SLOPE * diff)))
        w = virtual_draws * met * resid_v ** 2
        w = w + w.T
        extra = -w
        extra[np.diag_indices(players)] = w.sum(axis=1)
        spread = spread + extra
    cov = info_pinv @ spread @ info_pinv
    if isinstance(anchor, int):
        shift = np.eye(players) - np.outer(np.ones(players), np.eye(players)[anchor])
        r = r - r[anchor]
        cov = shift @ cov @ shift.T
    se = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    played = (n_pair + n_pair.T).sum(axis=1)
    points = s_pair.sum(axis=1) + (n_pair - s_pair).sum(axis=0)
    return EloFit([float(x) for x in r], [float(x) for x in se], anchor, cov.tolist(),
                  [int(x) for x in played], [float(x) for x in points])


def fit_placings(players: int, games: Sequence[Sequence[Tuple[int, int]]],
                 units: Optional[Sequence[object]] = None, anchor: Union[str, int] = "mean",
                 places: Optional[int] = None, names: Optional[Sequence[str]] = None) -> EloFit:
    """The maximum-likelihood Elo ratings of ``players`` bots from multi-player ``games``, each a list
    of ``(bot index, placing)`` for its seats (placing 1 = the winner; a bot may hold several seats).

    The model is Plackett-Luce on the Elo scale: a game's finishing order is drawn place by place, the
    next place going to a remaining seat with probability ``gamma_i / (sum of the remaining gammas)``,
    ``gamma_i = 10 ** (r_i / 400)``; so two bots alone meet as in :func:`fit_elo`, and one seat
    against three of a bot ``d`` points weaker wins with probability ``g / (g + 3)``, ``g = 10 **
    (d / 400)``.  ``places`` uses only the first that many places of each game (1: the winners only,
    Luce's choice model; None: the whole order, which reads more from each game); seats sharing a
    place share its denominator (Breslow's rule for ties).  ``units`` groups games whose results are
    not independent (the games of one deal) for the clustered ("sandwich") error estimate, as in
    :func:`fit_elo`.  Raises :class:`RatingsError` when a bot never met another, when a rating is
    unbounded (some bots never finished ahead of the others: a bot that took every place it could,
    or none), or when the games form fewer units than there are bots (the clustered spread of ``u``
    units has rank ``u - 1`` at most, so some difference would read +-0: no error estimate).
    ``names`` (one per bot) are used in those messages instead of "bot i"."""
    _check_bots(players, anchor)
    if places is not None and places < 1:
        raise RatingsError("places must be >= 1")
    if len(games) == 0:
        raise RatingsError("no games to rate")
    unit_of, n_units = _unit_index(units, len(games))
    if n_units < 2:
        # the clustered spread of a single unit is its score at the fit, which is zero by construction
        raise RatingsError("every game is of one deal: one unit gives no error estimate (play more games)")
    if n_units < players:
        # the units' scores sum to zero at the fit, so their spread has rank n_units - 1 at most: with
        # fewer units than bots some direction of the ratings would get an error of +-0
        raise RatingsError(f"{len(games)} games in {n_units} deals: an error estimate for {players} bots needs "
                           f"games of at least {players} deals (play more games)")
    # each game as stages (the bots of the seats still in the running, the bots placed there); the
    # fit works on the distinct stages, so a million games of a few bots cost no more than a hundred
    pattern: Dict[Tuple[Tuple[int, ...], Tuple[int, ...]], int] = {}
    inst_game: List[int] = []
    inst_pattern: List[int] = []
    met = np.zeros((players, players), dtype=bool)
    for g, game in enumerate(games):
        if len(game) < 2:
            raise RatingsError("a game needs at least two seats")
        bots = [int(b) for b, _ in game]
        if min(bots) < 0 or max(bots) >= players:
            raise RatingsError("a game names a bot index out of range")
        met[np.ix_(bots, bots)] = True
        order = sorted(zip((int(pl) for _, pl in game), bots))
        left = sorted(bots)
        k = done = 0
        while len(left) >= 2 and k < len(order) and (places is None or done < places):
            value = order[k][0]
            chosen = tuple(sorted(b for pl, b in order if pl == value))
            key = (tuple(left), chosen)
            inst_game.append(g)
            inst_pattern.append(pattern.setdefault(key, len(pattern)))
            for b in chosen:
                left.remove(b)
            k += len(chosen)
            done += 1
    np.fill_diagonal(met, False)
    _check_connected(players, met)
    keys = sorted(pattern, key=pattern.__getitem__)
    _check_ahead(players, keys, places, names)
    count = np.bincount(np.array(inst_pattern, dtype=np.int64), minlength=len(keys)).astype(float)
    theta = np.zeros(players)                       # natural-log strengths, mean 0

    def parts(x: np.ndarray) -> Tuple[float, np.ndarray, np.ndarray, np.ndarray]:
        """(log-likelihood, gradient, information, each distinct stage's gradient) at ``x``."""
        ll = 0.0
        info = np.zeros((players, players))
        per = np.zeros((len(keys), players))
        for i, (pool, chosen) in enumerate(keys):
            xs = x[list(pool)]
            top = xs.max()
            w = np.exp(xs - top)
            q = np.zeros(players)
            np.add.at(q, list(pool), w / w.sum())
            m = len(chosen)
            ll += count[i] * float(x[list(chosen)].sum() - m * (top + np.log(w.sum())))
            np.add.at(per[i], list(chosen), 1.0)
            per[i] -= m * q
            info += count[i] * m * (np.diag(q) - np.outer(q, q))
        return ll, count @ per, info, per

    current, grad, info, _ = parts(theta)
    for _ in range(100):
        step = np.linalg.pinv(info) @ grad
        t = 1.0
        while True:
            cand = theta + t * step
            cand -= cand.mean()
            ll, g2, i2, _ = parts(cand)
            if ll >= current - 1e-12 or t < 1e-6:
                break
            t *= 0.5
        moved = np.max(np.abs(cand - theta))
        theta, current, grad, info = cand, ll, g2, i2
        if moved < 1e-10:
            break
        if np.max(np.abs(theta)) > 30.0:
            raise RatingsError("a bot took every place it could (or none): its rating is unbounded")
    _, _, info, per = parts(theta)
    per_game = np.zeros((len(games), players))
    np.add.at(per_game, np.array(inst_game, dtype=np.int64), per[np.array(inst_pattern, dtype=np.int64)])
    scale = 1.0 / ELO_SLOPE                          # natural-log strength -> Elo points
    score = np.zeros((n_units, players))
    np.add.at(score, unit_of, per_game)
    info_pinv = np.linalg.pinv(info)
    cov = scale ** 2 * (info_pinv @ (score.T @ score) @ info_pinv)
    r = scale * theta
    if isinstance(anchor, int):
        shift = np.eye(players) - np.outer(np.ones(players), np.eye(players)[anchor])
        r = r - r[anchor]
        cov = shift @ cov @ shift.T
    se = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    played = np.zeros(players, dtype=np.int64)
    won = np.zeros(players)
    for game in games:
        top = min(pl for _, pl in game)
        firsts = [b for b, pl in game if pl == top]
        for b in {b for b, _ in game}:
            played[b] += 1
        for b in firsts:
            won[b] += 1.0 / len(firsts)
    return EloFit([float(x) for x in r], [float(x) for x in se], anchor, cov.tolist(),
                  [int(x) for x in played], [float(x) for x in won])


def _check_ahead(players: int, stages: Sequence[Tuple[Tuple[int, ...], Tuple[int, ...]]],
                 places: Optional[int], names: Optional[Sequence[str]]) -> None:
    """Raise :class:`RatingsError` when the Plackett-Luce ratings are unbounded: when the bots split
    into a group that never finished ahead of (or level with) any bot outside it in any stage
    ``(seats still in, seats placed)`` -- e.g. a bot that never won, rated from the winners.  The
    maximum exists exactly when the "finished ahead of or level with" graph is strongly connected
    (Hunter 2004); without this check the fit drifts until the information of that direction
    vanishes and stops there, printing a huge rating with an error of +-0."""
    ahead = np.zeros((players, players), dtype=bool)
    for pool, chosen in stages:
        for c in set(chosen):
            ahead[c, list(pool)] = True
    np.fill_diagonal(ahead, True)
    reach = ahead.copy()
    for k in range(players):                              # transitive closure (Warshall)
        reach |= reach[:, [k]] & reach[[k], :]
    if reach.all():
        return
    label = (lambda i: names[i]) if names is not None else (lambda i: f"bot {i}")
    # a group that reaches only itself: it never finished ahead of a bot outside it
    low = min(range(players), key=lambda i: int(reach[i].sum()))
    group = [j for j in range(players) if reach[low, j]]
    others = [j for j in range(players) if j not in group]
    verb = "never won a game against" if places == 1 else "never finished ahead of"
    raise RatingsError(f"{', '.join(label(i) for i in group)} {verb} {', '.join(label(j) for j in others)}: "
                       f"the ratings are unbounded (play more games)")


def _check_connected(players: int, met: np.ndarray) -> None:
    adj = met | met.T
    seen = {0}
    todo = [0]
    while todo:
        a = todo.pop()
        for b in np.nonzero(adj[a])[0]:
            if int(b) not in seen:
                seen.add(int(b))
                todo.append(int(b))
    if len(seen) != players:
        missing = sorted(set(range(players)) - seen)
        raise RatingsError(f"the games do not connect every bot (no path from bot 0 to {missing})")


def _information(players: int, n: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The Fisher information of the ratings (Elo units) for ``n[i, j]`` games between i and j."""
    diff = r[:, None] - r[None, :]
    p = 1.0 / (1.0 + np.exp(-ELO_SLOPE * diff))
    w = ELO_SLOPE ** 2 * p * (1.0 - p) * (n + n.T)
    info = -w
    np.fill_diagonal(info, 0.0)
    info[np.diag_indices(players)] = w.sum(axis=1) - np.diag(w)
    return info


def _newton(players: int, n: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Newton's method on the concave log-likelihood, ratings kept at mean 0, with step halving."""
    r = np.zeros(players)

    def loglik(x: np.ndarray) -> float:
        d = ELO_SLOPE * (x[:, None] - x[None, :])
        # s log p + (n - s) log (1 - p), p = sigmoid(d), in a form that does not overflow
        return float(np.sum(-s * np.logaddexp(0.0, -d) - (n - s) * np.logaddexp(0.0, d)))

    current = loglik(r)
    for _ in range(100):
        d = r[:, None] - r[None, :]
        p = 1.0 / (1.0 + np.exp(-ELO_SLOPE * d))
        g_pair = ELO_SLOPE * (s - n * p)            # d loglik / d r_i from the pair (i, j), i < j
        grad = g_pair.sum(axis=1) - g_pair.sum(axis=0)
        step = np.linalg.pinv(_information(players, n, r)) @ grad
        t = 1.0
        while True:
            cand = r + t * step
            cand -= cand.mean()
            value = loglik(cand)
            if value >= current - 1e-12 or t < 1e-6:
                break
            t *= 0.5
        r, gain, current = cand, value - current, value
        if np.max(np.abs(t * step)) < 1e-9 or (0 <= gain < 1e-14):
            break
    return r
