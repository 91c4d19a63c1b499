"""Fit Coup's static evaluation (``coup_evaluate`` in ``ext/coup_value.pxi``) to real play.

Among three or more players the evaluation is a conditional-logit model instead (:func:`collect_multi`,
:func:`design_multi`, :func:`fit_multi`): every live seat gets a linear score of its own features
(the per-seat features below, then whether it acts now, next or third), with extra weights where two
or three seats are live, and P(seat wins) is the softmax of the scores.  It is fitted by
``python bench/fit_coup_value.py --players 4 --games 2000 --seed 1000 --jobs 2``.

The search can score a leaf with this evaluation instead of a random playout (``ismcts:leaf=eval``).
Both models are fitted to the published deal; the kernel gives no estimate for a ruleset with another
deck, hand size, costs, amounts, actions or Assassination limit (``value_fits`` in ``coup_core``), where
the search plays the leaf out instead.
Heads-up it is a logistic model of P(seat 0 wins) at the start of a turn, from the features
:func:`intrigue.ext.coup_core.value_features` reads off a full (determinized) state: per seat two
influences left, coins, coins >= 7, coins >= 3, the count of each face-down role and the same counts
with one influence left; then whether seat 0 acts next.  The fit is run by
``bench/fit_coup_value.py`` (its players are search bots, which this layer does not import)::

    python bench/fit_coup_value.py --bot ismcts:iterations=1000 --games 4000 --seed 5000

It plays seeded heads-up games of the bot against itself, records every turn's start with the game's
result (:func:`collect`), fits the model on the first 70% of the games (:func:`fit`: iteratively
reweighted least squares with a small ridge), reports the Brier score on the other 30% next to a
constant guess, and prints the weights as the ``_VALUE_FITTED`` table of ``ext/coup_value.pxi``
(:func:`table`).

The built-in table is a second step of this fit: the default bot's self-play above, scoring its
leaves with the first table (fitted to 1,500 games of ``ismcts:iterations=1000,leaf=playout``).  On
the held-out games it has Brier 0.107 where the first table has 0.117 (a constant guess 0.249), and
in 600 games of self-play at 10,000 iterations 0.095 against 0.103; the search with it beat the
search with the first table by +20.6 [+4.4, +36.9] Elo (docs/strength.md).  The same
command run today plays with the built-in table, so it gives the next step, not this table.  Why a
fitted value at all: on the first table's positions, the mean of 64 uniformly random playouts
predicted the result worse (Brier 0.186) than the model (0.147).
"""
from __future__ import annotations

from typing import Callable, List, Sequence, Tuple

import numpy as np

from intrigue.engine import InfoState
from intrigue.engine.registry import load_game
from intrigue.ext import coup_core
from intrigue.ext.coup_core import Phase

Player = Callable[[InfoState], int]            # an information state -> the action chosen


def _play(players: Sequence[Player], game, seed: int, read: Callable) -> Tuple[list, Tuple[float, ...]]:
    """One seeded game: ``read(core)`` at every turn's start, and the game's returns."""
    state = game.new_state(seed)
    starts = []
    while not state.is_terminal():
        core = state.core
        if core.phase == Phase.ACTION:
            starts.append(read(core))
        seat = state.current_player()
        state.apply_action(players[seat](state.information_state(seat)), seat=seat)
    return starts, state.core.returns()


def collect(players: Sequence[Player], games: int, seed: int) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play ``games`` seeded heads-up games between ``players`` (seat 0, seat 1); return the features of
    every turn's start, seat 0's result of that game (1 win, 0 loss, 0.5 shared) and the game index."""
    feats: List[Tuple[float, ...]] = []
    results: List[float] = []
    index: List[int] = []
    game = load_game("coup", "standard", 2)
    for g in range(games):
        starts, returns = _play(players, game, seed + g, coup_core.value_features)
        feats.extend(starts)
        results.extend([returns[0]] * len(starts))
        index.extend([g] * len(starts))
    return np.array(feats, float), np.array(results, float), np.array(index)


def collect_multi(players: Sequence[Player], games: int, seed: int
                  ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Play ``games`` seeded games among ``len(players)`` >= 3 players; for every turn's start return
    the per-seat features of the three-or-more-player model (positions x seats x features, zeros for
    a seat that is out), which seats are live (positions x seats), the game's returns (positions x
    seats: 1 for the winner, shares at the turn cap) and the game index."""
    n = len(players)
    if n < 3:
        raise ValueError("collect_multi is for three or more players (collect: heads-up)")
    game = load_game("coup", "standard", n)
    blank = (0.0,) * (len(coup_core.multi_value_weights()) // 3)
    feats: List[np.ndarray] = []
    live: List[np.ndarray] = []
    results: List[np.ndarray] = []
    index: List[int] = []
    for g in range(games):
        starts, returns = _play(players, game, seed + g, coup_core.multi_value_features)
        for rows in starts:
            feats.append(np.array([r if r is not None else blank for r in rows], float))
            live.append(np.array([r is not None for r in rows]))
            results.append(np.array(returns, float))
            index.append(g)
    return np.array(feats), np.array(live), np.array(results), np.array(index)


def design_multi(x: np.ndarray, live: np.ndarray) -> np.ndarray:
    """The model's design (positions x seats x 3 * features) from :func:`collect_multi`'s features:
    the features, then the same where exactly two seats are live, then where exactly three are; so
    weights fitted on it are the kernel's ``MULTI_W`` layout."""
    k = live.sum(axis=1)[:, None, None]
    return np.concatenate([x, x * (k == 2), x * (k == 3)], axis=2)


def fit_multi(x: np.ndarray, live: np.ndarray, y: np.ndarray, ridge: float = 1e-3, rounds: int = 50) -> np.ndarray:
    """Conditional-logit regression by Newton's method: P(seat p wins) is the softmax over the live
    seats of ``w . x[p]``; ``y`` holds each position's returns (rows summing to 1). The weights."""
    w = np.zeros(x.shape[2])
    for _ in range(rounds):
        p = predict_multi(w, x, live)
        mean = np.einsum("ns,nsf->nf", p, x)
        grad = np.einsum("ns,nsf->f", y - p, x) - ridge * w
        second = np.einsum("ns,nsf,nsg->fg", p, x, x) - np.einsum("nf,ng->fg", mean, mean)
        w += np.linalg.solve(second + ridge * np.eye(len(w)), grad)
    return w


def predict_multi(w: np.ndarray, x: np.ndarray, live: np.ndarray) -> np.ndarray:
    """The model's P(seat wins) for each position and seat (0 for a seat that is out)."""
    z = np.where(live, x @ w, -np.inf)
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def brier_multi(p: np.ndarray, y: np.ndarray) -> float:
    """The mean over positions of the squared error summed over seats."""
    return float(np.mean(np.sum((p - y) ** 2, axis=1)))


def table_multi(w: Sequence[float]) -> str:
    """The weights as the ``_MULTI_FITTED`` tuple of ``ext/coup_value.pxi``."""
    return table(w, "_MULTI_FITTED")


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, rounds: int = 50) -> np.ndarray:
    """Logistic regression by iteratively reweighted least squares; the weights, bias first."""
    xb = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(xb.shape[1])
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-xb @ w))
        h = xb.T @ (xb * (p * (1.0 - p))[:, None]) + ridge * np.eye(len(w))
        w += np.linalg.solve(h, xb.T @ (y - p) - ridge * w)
    return w


def predict(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The model's P(seat 0 wins) for each row of ``x``."""
    return 1.0 / (1.0 + np.exp(-(w[0] + x @ w[1:])))


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((p - y) ** 2))


def table(w: Sequence[float], name: str = "_VALUE_FITTED") -> str:
    """The weights as the ``name`` tuple of ``ext/coup_value.pxi`` (heads-up: ``_VALUE_FITTED``)."""
    items = [f"{v:.6f}" for v in w]
    lines = [", ".join(items[i:i + 10]) for i in range(0, len(items), 10)]
    return f"{name} = (\n    " + ",\n    ".join(lines) + ")"
